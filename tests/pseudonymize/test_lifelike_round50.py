"""Lifelike surrogates, round 50 (lifelike54, issue 15): judge runs 62 and 63 on dev25. A
people's own words (kin words, greetings, feasts, dances) were kept while its home country moved
(Sesotho kin words in Zimbabwe, a Circassian wedding in Belarus, Ysyakh beside Irkutsk,
"Bonzour!" in Namibia); a northern Swedish town moved south while its midnight sun stayed; a
town an institution is named after became the institution. Invented sentences, not the gold
sets'."""

from __future__ import annotations

from pathlib import Path

import pytest

from pseudonymize.coordinates import localities
from pseudonymize.engine import Engine
from pseudonymize.lexicon import fold
from pseudonymize.surrogates.common import language_homes, row_countries
from pseudonymize.surrogates.places import local_towns
from pseudonymize.surrogates.words import words
from tests.pseudonymize.test_lifelike_round37 import _runs  # (seeds 0-3)
from tests.pseudonymize.test_lifelike_round40 import _pick as _of


@pytest.fixture(scope="module")
def engine(offline_snapshot: Path) -> Engine:
    return Engine.load(offline_snapshot)


def _country(engine: Engine, name: str) -> str:
    entry = engine.lex.get(fold(name))
    return entry.country or entry.place_country


def test_a_row_keyed_by_its_language_takes_cldrs_homes() -> None:
    """A row naming its language by code (`languages`) ties the countries CLDR places it in,
    with its own `countries` added: no hand list of countries per people."""
    assert row_countries({"languages": ["st"]}) == language_homes()["st"]
    assert row_countries({"languages": ["crs", "mfe"], "countries": ["HT"]}) == (
        language_homes()["crs"] | language_homes()["mfe"] | {"HT"})
    sesotho = next(isos for language, _, isos, _ in words().own_languages
                   if language == "sesotho")
    assert sesotho == language_homes()["st"] == {"LS", "ZA"}


OWN_WORDS = [  # (text, the country, where its surrogate may lie)
    ("Lumela! Jag kommer från Lesotho och min nkhono bor kvar där.", "Lesotho", {"LS", "ZA"}),
    ("Vi dansade udzh på bröllopet. Min familj bor i Ryssland.", "Ryssland", {"RU", "TR"}),
    ("Vi firade ysyakh med kumys. Min ubaj bor kvar i Ryssland.", "Ryssland", {"RU"}),
    ("Bonzour! Jag kommer från Seychellerna och pratar kreol och franska.", "Seychellerna",
     {"SC", "MU"}),
    ("Talofa! Min tinamatua bor kvar i Samoa.", "Samoa", {"WS", "AS", "TK"}),
    ("I december firade vi jul på costaricanskt sätt. Mamma bor kvar i Costa Rica.",
     "Costa Rica", {"CR"}),
    ("Min mamma är mosotho och hon bor i Lesotho.", "Lesotho", {"LS", "ZA"}),
]


@pytest.mark.parametrize(("text", "country", "isos"), OWN_WORDS)
def test_a_peoples_own_words_tie_its_country(
        engine: Engine, text: str, country: str, isos: set[str]) -> None:
    """A people's kin word, greeting, feast, dance or people's word kept as written ties the
    country as its language's name does: the surrogate is a country where the people lives
    (never a Zimbabwean with Sesotho kin words, a Circassian wedding in Belarus, a Yakut
    feast in Kazakhstan, "Bonzour!" in Namibia)."""
    for out, rows in _runs(engine, text):
        assert _country(engine, _of(rows, country)) in isos, out


@pytest.mark.parametrize(("text", "country", "homes"), [
    ("Jag kommer från Seychellerna och jobbar nu i Umeå.", "Seychellerna", {"SC", "MU"}),
    ("Min familj bor i Ryssland och jag jobbar nu i Umeå.", "Ryssland", {"RU", "TR"}),
])
def test_without_the_words_the_country_moves_freely(
        engine: Engine, text: str, country: str, homes: set[str]) -> None:
    """The negative rows: without a people's word the country moves as before, beyond the
    language's homes under some seed."""
    picks = {_country(engine, _of(rows, country)) for _, rows in _runs(engine, text)}
    assert picks - homes, picks


def test_a_circassian_family_keeps_north_caucasian_names(engine: Engine) -> None:
    """"tjerkesser" takes the North Caucasus' list of names (judge runs 62-63: a Kabardian
    family with Russian names)."""
    caucasian = set(words().name_lists["avar"]["first_female"])
    text = "Vi är tjerkesser och kommer från Ryssland. Min syster heter Zarema."
    for out, rows in _runs(engine, text):
        assert _of(rows, "Zarema") in caucasian, out


def test_a_grandparent_called_nana_says_no_caucasian_people(engine: Engine) -> None:
    """The negative row: "min nana" is a Hindi grandfather as much as a Kabardian
    grandmother; an Indo-Trinidadian family is never given North Caucasian names."""
    caucasian = set(words().name_lists["avar"]["first_female"])
    text = "Min nana bor i Trinidad. Min syster heter Sumintra och hon bor i Chaguanas."
    for out, rows in _runs(engine, text):
        assert _of(rows, "Sumintra") not in caucasian, out


def test_a_peoples_home_town_stays_in_its_region(engine: Engine) -> None:
    """A town of the region a people the essay names lives in, that heads a region of the
    essay's other towns, is drawn in the people's regions: "tjerkesser från Nalchik ... i
    Baksan" never in Irkutsk."""
    regions = {engine.lex.place_region.get(fold(t)) for t in ("Nalchik", "Cherkessk", "Maykop")}
    text = "Min familj är tjerkesser från Nalchik. Min bror Anzor bor i Baksan."
    for out, rows in _runs(engine, text):
        assert engine.lex.place_region.get(fold(_of(rows, "Nalchik"))) in regions, out


def test_a_town_under_another_spelling_is_never_itself(engine: Engine) -> None:
    """"Jakutsk" (the lexicon's spelling of Yakutsk) beside a Sakha feast is drawn among
    Yakutia's towns, never as Yakutsk."""
    text = "Vi firade ysyakh i juni. Min ubaj kom från Jakutsk."
    for out, rows in _runs(engine, text):
        assert _of(rows, "Jakutsk") not in ("Yakutsk", "Jakutsk"), out


def test_an_island_countrys_last_town_is_its_village(engine: Engine) -> None:
    """Samoa's one listed town taken (Apia is the original): one of its villages, never a
    Swedish town ("Jag kommer från Apia" was "från Gävle")."""
    own = set(local_towns(engine.lex, "WS"))
    for out, rows in _runs(engine, "Talofa! Jag kommer från Apia och pratar samoanska."):
        assert _of(rows, "Apia") in own, out


def _latitude(name: str) -> float:
    return localities()[fold(name)][0]


@pytest.mark.parametrize(("text", "town", "low", "high"), [
    ("Jag bor i Pajala. På vintern är det minus 34 och vi ser norrsken.", "Pajala", 65.5, 69.1),
    ("Jag bor i Kiruna och jobbar i gruvan. Vi åker skoter på fjället.", "Kiruna", 65.5, 69.1),
    ("Jag bor i Jokkmokk. Min man har renar och nu är det mörkertid.", "Jokkmokk", 65.0, 68.2),
])
def test_a_northern_essays_first_town_keeps_its_latitude(
        engine: Engine, text: str, town: str, low: float, high: float) -> None:
    """In an essay saying a word of the north (`north_words_lifelike`), the first Swedish
    town lies within `latitude_deg` of the original's latitude (else among the table's
    nearest three): Pajala's midnight sun and minus 34 never move to Gävle."""
    for out, rows in _runs(engine, text):
        assert low <= _latitude(_of(rows, town)) <= high, out


def test_without_the_north_the_town_moves_in_its_landsdel(engine: Engine) -> None:
    """The negative row: Kiruna in an essay saying nothing of the north's climate is drawn in
    Norrland as before (the lead's landsdel), south of the band under some seed."""
    picks = {_latitude(_of(rows, "Kiruna"))
             for _, rows in _runs(engine, "Jag bor i Kiruna och jobbar i gruvan.")}
    assert min(picks) < 65.5, picks


def test_a_greeting_that_is_a_name_stays_a_greeting(engine: Engine) -> None:
    """"Salam!" alone at the essay's start: a greeting the rules know (`name_greeting`), kept,
    though Salam is a name too (was "Sur!")."""
    for out, _ in _runs(engine, "Salam! Jag heter Ali och kommer från Bahrain."):
        assert out.startswith("Salam!"), out


def test_a_name_that_is_a_greeting_is_replaced_mid_text(engine: Engine) -> None:
    """The negative row: Salam as a brother's name inside the text is a name, replaced."""
    for out, rows in _runs(engine, "Hej. Salam är min bror och han bor i Kuwait."):
        assert "Salam" not in out, out


def test_a_town_an_institution_is_named_after_stays_a_town(engine: Engine) -> None:
    """"Lärcentrum Storuman", then "här i Storuman": the town, never the institution's
    surrogate ("här i ABF") nor a bare feature word."""
    text = "Jag studerar på lärcentrum storuman. Här i Storuman bergen är lägre."
    for out, rows in _runs(engine, text):
        school = _of(rows, "lärcentrum storuman")
        town = _of(rows, "Storuman")
        assert fold(town) != fold(school) and engine.lex.get(fold(town)).place_country == "SE", out


def test_a_place_named_as_a_business_abroad_is_the_business(engine: Engine) -> None:
    """The negative row: a town abroad a restaurant is named after, then "maten på Hanoi",
    is the restaurant (round 38's rule), as before."""
    text = "Vi äter på restaurang Hanoi. Maten på Hanoi är god."
    for out, rows in _runs(engine, text):
        assert fold(_of(rows, "Hanoi")) in fold(_of(rows, "restaurang Hanoi")), out


def test_the_seychelles_capital_is_the_seychelles(engine: Engine) -> None:
    """Victoria beside the Seychelles is their capital (`town_namesakes_lifelike`), drawn in
    the Seychelles' surrogate country, never Hong Kong's Fanling."""
    text = "Jag kommer från Seychellerna, från Victoria. Hemma pratar vi kreol och franska."
    for out, rows in _runs(engine, text):
        assert _country(engine, _of(rows, "Victoria")) == _country(
            engine, _of(rows, "Seychellerna")), out


def test_a_samoan_family_keeps_samoan_names(engine: Engine) -> None:
    """A family that greets with "Talofa" or speaks Samoan takes Samoan names
    (`name_lists_lifelike.samoan`), never Fijian ones (judge runs 62-63: "Mere Qarase" who
    speaks Samoan)."""
    samoan = set(words().name_lists["samoan"]["first_female"])
    text = "Talofa! Jag heter Sina och kommer från Samoa. Jag pratar samoanska hemma."
    for out, rows in _runs(engine, text):
        assert _of(rows, "Sina") in samoan, out


def test_a_fijian_family_keeps_its_own_names(engine: Engine) -> None:
    """The negative row: a Fijian family that says no Samoan word is never given Samoan
    names."""
    samoan = set(words().name_lists["samoan"]["first_female"])
    for out, rows in _runs(engine, "Jag kommer från Fiji och min syster heter Litia."):
        assert _of(rows, "Litia") not in samoan, out


def test_a_number_of_a_moved_country_has_that_countrys_length(engine: Engine) -> None:
    """A number abroad whose country moved is a mobile number of the new country, of its
    length (`mobile_forms_lifelike`): Lesotho's eight digits moved to South Africa are nine
    (judge runs 62-63: Trinidad's "+1 868" became ten digits under Guyana's code, which has
    seven)."""
    forms, codes = words().mobile_forms, {c: i for i, c in words().calling_of.items()}
    text = "Min moster bor i Lesotho. Hennes nummer är +266 5884 1207."
    for out, rows in _runs(engine, text):
        number = _of(rows, "+266 5884 1207")
        code = number[1:].split()[0]
        assert code in codes and codes[code] in forms, out
        assert sum(ch.isdigit() for ch in number) - len(code) == forms[codes[code]][0], out
