"""Lifelike, judge 62's general clues: a Swedish town the town table (geography.toml) lacks keeps
its landsdel through its län in the gazetteer (a northern village's midnight sun and minus 34
in Göteborg); a number of a country of the North American plan keeps that country's area code
("+1 868" of Trinidad became "+1 865"); two islands or lakes of an essay with no town were both
the kind's bare word ("på ön, en liten ö utanför ön"). Invented sentences, not the gold sets'."""

from __future__ import annotations

from pathlib import Path

import pytest

from pseudonymize.engine import Engine
from pseudonymize.lexicon import fold
from pseudonymize.surrogates.geography import geography

SEEDS = range(8)


@pytest.fixture(scope="module")
def engine(offline_snapshot: Path) -> Engine:
    return Engine.load(offline_snapshot)


ROWS = [  # (text, the town, its landsdel)
    ("Jag bor i Pajala. På vintern är det minus 34 och vi ser norrsken.", "Pajala", "Norrland"),
    ("Vi flyttade till jokkmokk för två år sedan, min man jobbar där.", "jokkmokk", "Norrland"),
    ("Min familj bor i Sorsele och jag studerar på distans.", "Sorsele", "Norrland"),
    ("Jag bor i Höör med min familj och pendlar till jobbet.", "Höör", "Götaland"),
    ("Vi bor i osby och barnen går i skolan där.", "osby", "Götaland"),
    ("Jag har bott i Kopparberg sedan 2019.", "Kopparberg", "Svealand"),
]


@pytest.mark.parametrize(("text", "town", "part"), ROWS)
def test_a_town_the_table_lacks_keeps_its_landsdel(engine: Engine, text: str, town: str,
                                                    part: str) -> None:
    geo = geography(True)
    assert town.capitalize() not in geo.towns  # (else the table decides, not the län)
    for seed in SEEDS:
        r = engine.pseudonymize(text, "e", strategy="lifelike", seed=seed)
        new = next(a.pseudonym for a in r.annotations if a.original == town)
        assert geo.part(new.capitalize()) == part, (seed, new)


PHONES = [  # (text, the number, how its surrogate begins under every seed)
    ("Min mamma i Port of Spain har nummer +1 868 555 0142.", "+1 868 555 0142", "+1 868 "),
    ("Ring min syster i Bridgetown på +1-246-230-4471.", "+1-246-230-4471", "+1-246-"),
    ("Min kusin i Chicago har nummer +1 312 555 0199.", "+1 312 555 0199", "+1 3"),
]


@pytest.mark.parametrize(("text", "number", "begins"), PHONES)
def test_a_number_of_the_north_american_plan_keeps_its_countrys_area(
        engine: Engine, text: str, number: str, begins: str) -> None:
    for seed in SEEDS:
        r = engine.pseudonymize(text, "e", strategy="lifelike", seed=seed)
        new = next(a.pseudonym for a in r.annotations if a.original == number)
        assert new.startswith(begins) and new != number, (seed, new)
        assert len(new) == len(number), (seed, new)


FEATURES = [  # two features of one kind in an essay without a town: never both the bare word
    ("Min morfar bodde på Dyrön, en liten ö utanför Tjörn.", ("Dyrön", "Tjörn")),
    ("På semestern vi badade i Varpen och sen i Orsasjön.", ("Varpen", "Orsasjön")),
]


@pytest.mark.parametrize(("text", "originals"), FEATURES)
def test_two_features_of_a_kind_are_not_both_its_bare_word(engine: Engine, text: str,
                                                          originals: tuple[str, str]) -> None:
    for seed in SEEDS:
        r = engine.pseudonymize(text, "e", strategy="lifelike", seed=seed)
        new = {a.original: a.pseudonym for a in r.annotations}
        assert new[originals[0]] != new[originals[1]], (seed, new)


def test_an_island_of_the_table_without_a_town_is_one_of_its_landskap(engine: Engine) -> None:
    geo = geography(True)
    for seed in SEEDS:
        r = engine.pseudonymize("Vi bor på Tjörn sedan tre år.", "e", strategy="lifelike",
                                seed=seed)
        new = next(a.pseudonym for a in r.annotations if a.original == "Tjörn")
        kind, where = geo.features.get(geo.feature_folds.get(fold(new), ""), ("", frozenset()))
        assert kind == "island" and "Bohuslän" in where, (seed, new)
