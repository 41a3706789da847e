"""Lifelike surrogates, round 38 (lifelike41, issue 15): two of judge run 48's clue classes. A
kin word of the writer's language (Japanese obaachan, ojiisan, onii-chan) is a kin word, kept as
written, never read as a given name ("min obaachan Chiyoko" never "min Hideo Chiyoko"), and it
tells the sex of the name after it; a Liberian or Sierra Leonean woman's name (Fatu, Musu,
Korto) is a woman's name of her country's group, never a Swedish man's name. Invented
sentences, not the gold sets'."""

from __future__ import annotations

from pathlib import Path

import pytest

from builders.packaged import name_origins
from pseudonymize.engine import Engine
from tests.pseudonymize.test_lifelike_round37 import _runs  # (seeds 0-3)

WEST_AFRICAN = {"liberian", "gambian", "ghanaian", "nigerian"}


@pytest.fixture(scope="module")
def engine(offline_snapshot: Path) -> Engine:
    return Engine.load(offline_snapshot)


@pytest.fixture(scope="module")
def origins() -> dict[tuple[str, str], str]:
    return name_origins()


KIN = [  # (text, the kin word, the name after it, its label)
    ("Min obaachan Chiyoko bor kvar i Nagoya och odlar grönsaker.", "obaachan", "Chiyoko",
     "firstname_female"),
    ("Jag kommer från Japan. Min ojiisan Kenta var fiskare hela livet.", "ojiisan", "Kenta",
     "firstname_male"),
    ("Varje sommar hälsar vi på min onii-chan Takumi i Sapporo.", "onii-chan", "Takumi",
     "firstname_male"),
    ("Min okaasan Setsuko lagar den bästa maten i hela Kyoto.", "okaasan", "Setsuko",
     "firstname_female"),
]


@pytest.mark.parametrize(("text", "kin", "name", "label"), KIN)
def test_a_japanese_kin_word_is_kept_and_tells_the_sex(
        engine: Engine, text: str, kin: str, name: str, label: str) -> None:
    for strategy in ("lifelike", "realistic"):
        for out, rows in _runs(engine, text, strategy):
            assert f"{kin} " in out, (strategy, out)  # kept, never drawn as a name
            picks = [(lab, p) for o, lab, p in rows if o == name]
            assert picks and all(lab == label and p != name and " " not in p
                                 for lab, p in picks), (strategy, rows)


def test_a_kin_word_alone_is_no_name(engine: Engine) -> None:
    """Without a name after it the kin word is kept and nothing is drawn in its place."""
    for out, rows in _runs(engine, "Jag saknar min obaasan och hennes trädgård."):
        assert "obaasan" in out and not [r for r in rows if r[1].startswith("firstname")], rows


LIBERIAN = [  # (text, a woman's name of the essay)
    ("Jag heter Fatu och jag kommer från Liberia. Jag bor i Borås nu.", "Fatu"),
    ("Jag kommer från Monrovia i Liberia. Min faster Musu bor kvar där.", "Musu"),
    ("Min syster Korto kom hit från Sierra Leone förra året.", "Korto"),
]


@pytest.mark.parametrize(("text", "name"), LIBERIAN)
def test_a_liberian_woman_keeps_a_west_african_womans_name(
        engine: Engine, origins: dict[tuple[str, str], str], text: str, name: str) -> None:
    for _, rows in _runs(engine, text):
        picks = [(lab, p) for o, lab, p in rows if o == name]
        assert picks, rows
        for lab, p in picks:
            assert lab == "firstname_female", rows
            assert origins.get((p.lower(), "given_name")) in WEST_AFRICAN, rows


def test_a_swedish_family_stays_swedish(engine: Engine,
                                        origins: dict[tuple[str, str], str]) -> None:
    """The new group takes nothing from an essay of Swedish names."""
    for _, rows in _runs(engine, "Jag heter Karin och min bror heter Lars. Vi bor i Umeå."):
        for o, _, p in rows:
            if o in ("Karin", "Lars"):
                assert origins.get((p.lower(), "given_name")) not in WEST_AFRICAN, rows
