"""Lifelike surrogates, round 39 (lifelike42, issue 15): clue classes of my own judging of
dev18's lifelike pairs. A village "utanför" or "nära" a town written in lower case stays a
village near the town's surrogate ("söderfors utanför tierp" was "lund utanför ystad"); a
mountain, river or lake of a country the table had none of takes one of that country ("berget
Ruwenzori, det högsta i Angola"); a river named like a town of a country the essay never names
lies in the essay's country ("floden Saint Paul" in Liberia was the Mississippi); no surrogate
is a word the essay writes (a drawn name, town or feature never echoes another word of it).
Invented sentences, not the gold sets'."""

from __future__ import annotations

from pathlib import Path

import pytest

from pseudonymize.coordinates import distance_km, near_km
from pseudonymize.engine import Engine
from pseudonymize.lexicon import fold
from pseudonymize.surrogates import geography, words
from tests.pseudonymize.test_lifelike_round37 import _runs  # (seeds 0-3)


@pytest.fixture(scope="module")
def engine(offline_snapshot: Path) -> Engine:
    return Engine.load(offline_snapshot)


def _pick(rows: list[tuple[str, str, str]], original: str) -> str:
    picks = [p for o, _, p in rows if o == original]
    assert picks, rows
    return picks[0]


VILLAGES = [  # (text, the village, the town it lies by), towns written in lower case
    ("Jag bor i söderfors utanför tierp sedan sex år.", "söderfors", "tierp"),
    ("Nu bor jag i linneryd utanför tingsryd med mina tre barn.", "linneryd", "tingsryd"),
    ("Vi flyttade till veinge nära laholm förra våren.", "veinge", "laholm"),
]


@pytest.mark.parametrize(("text", "village", "town"), VILLAGES)
def test_a_lower_case_village_by_a_town_stays_a_village_near_its_surrogate(
        engine: Engine, text: str, village: str, town: str) -> None:
    for out, rows in _runs(engine, text):
        small, big = _pick(rows, village), _pick(rows, town)
        assert small.islower() and big.islower(), out  # as the learner writes them
        small_pop, big_pop = (engine.lex.get(fold(p)).se_pop for p in (small, big))
        assert 0 < small_pop < words().village_near_max and small_pop < big_pop, out
        assert (distance_km(small.capitalize(), big.capitalize()) or 0.0) <= near_km(), out


def test_a_town_by_a_city_in_lower_case_is_no_village(engine: Engine) -> None:
    """The negative row: a town far above `village_near_max` ("lund nära malmö") stays a
    town, and a lower-case word after "vid" that is no town ("vid sjön") ties nothing."""
    towns = {fold(t) for t in geography().towns}
    for out, rows in _runs(engine, "Jag bor i lund nära malmö."):
        assert fold(_pick(rows, "lund")) in towns, out
    for out, rows in _runs(engine, "Jag bor i Alingsås vid sjön."):
        assert fold(_pick(rows, "Alingsås")) in towns, out


FEATURES = [  # (text, the feature, its kind, the country kept or drawn beside it)
    ("Vi är ovimbundu från Angola. Jag saknar berget Morro do Moco, det högsta i Angola.",
     "Morro do Moco", "mountain", "Angola"),
    ("Min familj kommer från Bhutan. Vi badade i floden Wang Chhu när jag var liten.",
     "Wang Chhu", "river", "Bhutan"),
    ("Jag kommer från Kroatien. Varje sommar vi gick på berget Velebit.",
     "Velebit", "mountain", "Kroatien"),
]


@pytest.mark.parametrize(("text", "feature", "kind", "country"), FEATURES)
def test_a_feature_of_a_learners_country_takes_one_of_the_surrogate_country(
        engine: Engine, text: str, feature: str, kind: str, country: str) -> None:
    geo, lex = geography(True), engine.lex
    for out, rows in _runs(engine, text):
        pick, land = _pick(rows, feature), _pick(rows, country)
        iso = lex.get(fold(land)).country
        assert pick != feature and geo.features[pick] == (kind, geo.features[pick][1]), out
        assert iso in geo.features[pick][1], (out, iso)


def test_a_river_named_like_a_town_abroad_lies_in_the_essays_country(engine: Engine) -> None:
    """"floden Saint Paul" beside Liberia: a river of Liberia's surrogate, never the
    Mississippi (Saint Paul is a town of the USA, which the essay never names)."""
    geo, lex = geography(True), engine.lex
    text = "Jag kommer från Liberia. Min pappa var fiskare och fiskade i floden Saint Paul."
    for out, rows in _runs(engine, text):
        iso = lex.get(fold(_pick(rows, "Liberia"))).country
        pick = _pick(rows, "Saint Paul")
        assert iso in geo.features.get(pick, ("", frozenset()))[1], out


def test_a_town_named_saint_paul_stays_a_town(engine: Engine) -> None:
    """The negative row: Saint Paul where the essay names the USA, or as a place someone
    lives in, is a town (no river)."""
    geo = geography(True)
    for text in ("Jag bodde i Saint Paul i USA i två år.",
                 "Jag kommer från Somalia men min moster bor i Saint Paul."):
        for out, rows in _runs(engine, text):
            assert _pick(rows, "Saint Paul") not in geo.features, out


ECHOES = [  # (text, the words of the essay no surrogate may be)
    ("Min chef heter Lo Sträng, hon är inte sträng, hon är snäll och glad.", ("snäll", "glad")),
    ("Jag bor i Hällefors. Vår dotter heter Nora. Det finns en stad som heter Nora också, "
     "och en som heter Mora och en som heter Lund.", ("mora", "lund")),
    ("Min granne heter Gun Berg. Hon har en ek, en lind och en gran i trädgården.",
     ("ek", "lind", "gran")),
]


@pytest.mark.parametrize(("text", "words_of_essay"), ECHOES)
def test_no_surrogate_echoes_a_word_of_the_essay(
        engine: Engine, text: str, words_of_essay: tuple[str, ...]) -> None:
    for out, rows in _runs(engine, text):
        assert not {fold(p) for _, _, p in rows} & set(words_of_essay), out


def test_an_echo_the_original_makes_is_kept(engine: Engine) -> None:
    """The negative row: the pun fields still give a surname that is a word of the essay
    where the original is one ("Ove Tall ... en gammal tall" -> "Ove Gran ... en gammal
    gran"): the word follows the name, so the echo is the original's."""
    text = "Min lärare heter Ove Tall. Han bor bakom en gammal tall."
    for out, rows in _runs(engine, text):
        pick = _pick(rows, "Tall")
        assert pick != "Tall" and f"en gammal {pick.lower()}" in out, out


# --- culture words drawn as names: detection, so both strategies ------------------------------

NOT_NAMES = [  # (text, the word that is no name, what it is drawn as or kept as: "keep"/label)
    ("Jag kommer från Gbarnga i Bong County i Liberia.", "Bong County", "region"),
    ("Min moster bor kvar i Nimba County och odlar ris.", "Nimba County", "region"),
    ("Min bror bor i Orange County och jobbar på ett hotell.", "County", "keep"),
    ("I år min otoosan Hiroshi kom hit. otoosan är sjuttio.", "otoosan", "keep"),
    ("Min mormor bor kvar i Chalchihuitepec, en by i bergen.", "Chalchihuitepec", "city"),
]


@pytest.mark.parametrize(("text", "word", "drawn"), NOT_NAMES)
def test_a_region_kin_word_or_village_is_never_drawn_as_a_name(
        engine: Engine, text: str, word: str, drawn: str) -> None:
    for strategy in ("lifelike", "realistic"):
        for out, rows in _runs(engine, text, strategy):
            assert not [r for r in rows if word in r[0] and r[1].startswith(
                ("firstname", "surname"))], (strategy, rows)
            if drawn == "keep":
                assert word in out, (strategy, out)
            else:
                assert [r for r in rows if r[0] == word and r[1] == drawn], (strategy, rows)


def test_the_kin_word_tells_the_sex_of_the_name_after_it(engine: Engine) -> None:
    for out, rows in _runs(engine, "Min otoosan Hikaru bor kvar i Sendai."):
        assert "otoosan " in out and [r for r in rows if r[0] == "Hikaru"
                                      and r[1] == "firstname_male"], rows
