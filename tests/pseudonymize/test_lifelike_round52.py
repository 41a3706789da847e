"""Lifelike surrogates, round 52 (lifelike57, issue 15): judge runs 64-67's clues read again on
dev27's pairs. A kin word of the writer's language no list holds, written between a possessive
and a name ("min chaw Segundo"), was replaced as a name or a town ("min federico Esteban", "min
pamplona Erling"); a person's genitive read as a town ("Robin ... robins Volvo") took a town's
surrogate beside the person's; a Nordea personal account (clearing 3300 and the personnummer)
took another bank and random digits; a region (the county council) became another kind of
institution ("Till Region Norrbotten" -> "Till Rikshem"). Invented sentences, not the gold
sets'."""

from __future__ import annotations

from pathlib import Path

import pytest

from pseudonymize.engine import Engine
from pseudonymize.lexicon import fold
from pseudonymize.surrogates.geography import geography
from pseudonymize.surrogates.kinds import county_regions
from tests.pseudonymize.test_lifelike_round37 import _runs  # (seeds 0-3)


@pytest.fixture(scope="module")
def engine(offline_snapshot: Path) -> Engine:
    return Engine.load(offline_snapshot)


KIN = [  # (text, the kin words kept under every seed, the names still replaced)
    ("Vi ringde min chaw Segundo igår. Min Chaw sa att han saknar mig. Jag bor i Mora.",
     ("chaw", "Chaw"), ("Segundo",)),
    ("I Bilbao min aita Koldo var fiskare. Min aita saknar havet varje dag.",
     ("aita",), ("Koldo",)),
    ("Till jul kom min tutu Kalani från Hilo. Min Tutu bakade hela dagen. Jag bor i Mora.",
     ("tutu", "Tutu"), ("Kalani",)),
]


@pytest.mark.parametrize(("text", "kept", "names"), KIN)
def test_a_kin_word_between_a_possessive_and_a_name_stays(
        engine: Engine, text: str, kept: tuple[str, ...], names: tuple[str, ...]) -> None:
    for _, rows in _runs(engine, text):
        for word in kept:
            assert all(p == word for o, _, p in rows if o == word), rows
        for name in names:
            picks = [p for o, _, p in rows if o == name]
            assert picks and all(p != name for p in picks), rows


NOT_KIN = [  # (text, names still replaced): a listed name, or a capitalised word, after "min"
    ("Jag pratade med min sara Lindqvist igår. Jag bor i Borås.", ("sara", "Lindqvist")),
    ("Jag träffade min Kaweesa Lubega i Kampala. Jag bor i Borås.", ("Kaweesa", "Lubega")),
    # (h-probe71) a word also written outside a possessive's slot is a person's name
    ("min aweys Warsame ringde igår. jag älskar aweys. Jag bor i Borås.",
     ("aweys", "Warsame")),
    ("min tarkan Yilmaz kör buss. Tarkan är snäll. Jag bor i Borås.", ("tarkan", "Tarkan")),
    ("Ilhaan är min dotter. min ilhaan Abdi går i skolan i Borås.", ("Ilhaan", "ilhaan")),
    ("Hej Dhuuxo! hur mår du? min dhuuxo Farah, jag saknar dig.", ("Dhuuxo", "dhuuxo")),
]


@pytest.mark.parametrize(("text", "names"), NOT_KIN)
def test_a_name_after_a_possessive_is_still_replaced(engine: Engine, text: str,
                                                    names: tuple[str, ...]) -> None:
    for _, rows in _runs(engine, text):
        for name in names:
            picks = [p for o, _, p in rows if o == name]
            assert picks and all(p != name for p in picks), rows


def test_a_persons_genitive_read_as_a_town_is_the_persons(engine: Engine) -> None:
    text = "Min kollega Robin kommer från Lycksele. Vi åker i robins gamla Volvo till jobbet."
    for _, rows in _runs(engine, text):
        name = next(p for o, _, p in rows if o == "Robin")
        assert [p for o, _, p in rows if o == "robins"] == [(name + "s").lower()], rows


def test_a_nordea_personal_account_keeps_its_bank_and_the_surrogate_personnummer(
        engine: Engine) -> None:
    text = ("Jag heter Azamat Orazbajev, personnummer 19850412-7739. Pengarna kan ni sätta in "
            "på mitt personkonto i Nordea, 3300 850412 7739.")
    for _, rows in _runs(engine, text):
        pid = next(p for o, _, p in rows if o == "19850412-7739")
        assert [p for o, _, p in rows if o == "Nordea"] in ([], ["Nordea"]), rows
        assert [p for o, _, p in rows if o == "3300 850412 7739"] == [
            f"3300 {pid[2:8]} {pid[-4:]}"], rows


def test_a_bank_beside_another_account_is_still_replaced(engine: Engine) -> None:
    text = ("Jag heter Azamat Orazbajev, personnummer 19850412-7739. Mitt konto är i Nordea, "
            "3020 850412 7739.")
    for _, rows in _runs(engine, text):
        assert [p for o, _, p in rows if o == "Nordea"] != ["Nordea"], rows


@pytest.mark.parametrize("text", [
    "Till Region Norrbotten\nJag bor i Kalix och fick en faktura för mitt besök.",
    "Jag skrev till Region Skåne om min faktura. Jag bor i Lund.",
])
def test_a_region_is_the_region_of_the_surrogate_towns_county(engine: Engine, text: str) -> None:
    regions, towns = county_regions(), geography(True).towns
    for _, rows in _runs(engine, text):
        region = next(p for o, _, p in rows if o.startswith("Region"))
        town = next(p for _, label, p in rows if label == "city")
        county = regions.get(towns.get(town, ("", ""))[1], "")
        # the town's own county's region, or the region unnamed where that is the original's
        assert region == (county if county and fold(county) != fold(
            next(o for o, _, _ in rows if o.startswith("Region"))) else regions[""]), rows


PEOPLES = [  # (text, the places kept under every seed, the town, its people's home towns)
    ("Jag är bask och kommer från Bilbao i Baskien. Nu bor jag i Kungshamn.", ("Baskien",),
     "Bilbao", ("Bermeo", "Getxo")),
    ("Jag kommer från bermeo, en fiskestad i Bizkaia i Baskien. Vi pratar baskiska hemma.",
     ("Bizkaia", "Baskien"), "bermeo", ("bilbao", "getxo")),
]


@pytest.mark.parametrize(("text", "kept", "town", "homes"), PEOPLES)
def test_a_peoples_home_region_stays_with_a_town_of_it(
        engine: Engine, text: str, kept: tuple[str, ...], town: str,
        homes: tuple[str, ...]) -> None:
    for _, rows in _runs(engine, text):
        for place in kept:
            assert all(p == place for o, _, p in rows if o == place), rows
        assert [p for o, _, p in rows if o == town][0] in homes, rows


def test_a_kalmyk_familys_russia_stays(engine: Engine) -> None:
    """(the Kalmyks' row: Russia, which was Ukraine or Estonia beside "kalmucker")"""
    text = "I februari kalmucker firar Tsagan Sar. Min mormor bor i elista i Ryssland."
    for _, rows in _runs(engine, text):
        assert all(p == "Ryssland" for o, _, p in rows if o == "Ryssland"), rows


def test_a_word_said_twice_as_a_greeting_stays(engine: Engine) -> None:
    """"Mari mari!" (a greeting, Mari a listed name too) opening a line before "Jag heter":
    kept by the surrogates, or never marked where the greetings' data lists it."""
    for out, rows in _runs(engine, "Om mig\nMari mari! Jag heter Millaray Curinao. Jag bor i Umeå."):
        assert "\nMari mari!" in out, out
        assert [p for o, _, p in rows if fold(o) == "mari"] in (["Mari", "mari"], []), rows


@pytest.mark.parametrize("text", ["Om mig\nAnna! Jag heter Sara och bor i Umeå.",
                                  "Om mig\nHej Anna anna! Jag heter Sara och bor i Umeå."])
def test_a_name_greeted_is_still_replaced(engine: Engine, text: str) -> None:
    for _, rows in _runs(engine, text):
        picks = [p for o, _, p in rows if fold(o) == "anna"]
        assert picks and all(fold(p) != "anna" for p in picks), rows


def test_a_nordea_account_with_no_personnummer_said_takes_the_banks_surrogate(
        engine: Engine) -> None:
    """Only an account the essay says is personal, or whose personnummer it writes, keeps
    Nordea (test_lifelike_accounts holds "3300-... i Nordea" alone)."""
    for _, rows in _runs(engine, "Pengarna skickar ni till 3300-8203114452 i Nordea."):
        assert [p for o, _, p in rows if o == "Nordea"] != ["Nordea"], rows
