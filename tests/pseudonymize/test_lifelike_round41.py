"""Lifelike surrogates, round 41 (lifelike44, issue 15): the clues of judge runs 50 and 51.
Years never moved past the present and a bare year taken for another number moved as a year;
a saint's title kept and the saint after it another saint of that title; a region after "Town
i provinsen" the region of the town's surrogate; mountains, rivers and lakes of learners'
countries that had none; a name said to be a place's ("som vulkanen") that place's surrogate;
a group's spent given names followed by its neighbour group's (never the general pool); a
Swedish-only given name before a family name no list holds of the essay's main group.
Invented sentences, not the gold sets'."""

from __future__ import annotations

from pathlib import Path

import pytest
import regex

from pseudonymize.engine import Engine
from pseudonymize.lexicon import fold
from pseudonymize.surrogates import geography, regions_abroad, words
from tests.pseudonymize.test_lifelike_round37 import _runs  # (seeds 0-3)
from tests.pseudonymize.test_lifelike_round40 import _pick


@pytest.fixture(scope="module")
def engine(offline_snapshot: Path) -> Engine:
    return Engine.load(offline_snapshot)


def _years(text: str) -> list[int]:
    return [int(y) for y in regex.findall(r"(?<!\d)(?:19|20)\d\d(?!\d)", text)]


RECENT = [  # texts naming a year at or near the present
    "Ansökan om arbete\nJag heter Karin Holm och jag är 41 år. Jag kom till Sverige 2016.\n"
    "Gävle 2025-03-14",
    "Hej! Vi flyttade till Umeå i maj 2024 och min dotter Elin är sex år nu.",
    "Min son Omar föddes 2023. Nu bor vi i Borlänge.",
    # the essays of 2026 ("nu är det 2026" was made 2027, past the present)
    "Jag flyttade hit 2024 och nu är det 2026. Jag skriver den 2026-03-14.",
]


@pytest.mark.parametrize("text", RECENT)
def test_no_year_moves_past_the_present(engine: Engine, text: str) -> None:
    """A date of the writing ("2025-03-14") or a recent year never becomes a year no writer
    has lived (2027): the shift that moves years back wins where one fits."""
    latest = words().latest_year
    for out, _ in _runs(engine, text):
        assert all(y <= latest for y in _years(out)), out


def test_old_years_and_ages_still_agree(engine: Engine) -> None:
    """The negative row: far from the present, years and ages keep moving together (born
    1980 and 45 years old: the sum stays)."""
    text = "Jag är född 1980 och jag är 45 år. Jag bor i Luleå."
    for out, rows in _runs(engine, text):
        assert int(_pick(rows, "1980")) + int(_pick(rows, "45")) == 2025, out


BARE_YEARS = [  # (text, a year the detectors may read as another number)
    ("2016 ali fick jobb i Sverige via en vän.", "2016"),
    ("2012 vi kom till Malmö med tåget.", "2012"),
]


@pytest.mark.parametrize(("text", "year"), BARE_YEARS)
def test_a_bare_year_stays_a_year(engine: Engine, text: str, year: str) -> None:
    """"2017 vuk fick jobb": a year moved by a few, never four random digits (1449)."""
    for out, rows in _runs(engine, text):
        moved = _pick(rows, year)
        assert moved.isdigit() and 1 <= abs(int(moved) - int(year)) <= 3, out


SAINTS = [  # (text, the saint's title, the saint's name)
    ("Vår familj firar Sveti Nikola, det är vår släkts helgon.", "Sveti", "Nikola"),
    ("Varje år firar vi Sveti Jovan hemma hos farmor i Kragujevac.", "Sveti", "Jovan"),
    ("Vi firar Sankt Göran med min mamma Ingrid varje april.", "Sankt", "Göran"),
]


@pytest.mark.parametrize(("text", "title", "saint"), SAINTS)
def test_a_saint_stays_a_saint_of_the_title(
        engine: Engine, text: str, title: str, saint: str) -> None:
    """"Sveti Nikola" -> "Sveti Jovan", never "Miroslav Stankovic" or "Sveti Muhamed": the
    title as written, the name one of the saints that title goes with; or the saint kept as
    written, where detection reads a saint celebrated as no person (`resolve._saint`)."""
    saints = words().saints[fold(title)]
    for out, rows in _runs(engine, text):
        assert f"{title} " in out, out
        if not any(o == saint for o, _, _ in rows):
            assert f"{title} {saint}" in out, out
            continue
        assert _pick(rows, saint) in saints and _pick(rows, saint) != saint, out


def test_a_name_after_no_title_is_drawn_as_before(engine: Engine) -> None:
    """The negative row: "Santa" and "San" are no titles (given names too): a person's name
    after an ordinary word is drawn from the name lists, never a saint."""
    saints = {n for names in words().saints.values() for n in names}
    for out, rows in _runs(engine, "Min granne Nikola Petrović kommer från Serbien."):
        assert _pick(rows, "Nikola") not in saints | {"Nikola"}, out
    assert "san" not in words().saints and "santa" not in words().saints


REGIONS = [  # (text, town, region)
    ("Jag kommer från Otavalo i provinsen Imbabura i Ecuador.", "Otavalo", "Imbabura"),
    ("Min man kommer från Kochi i delstaten Kerala i Indien.", "Kochi", "Kerala"),
    ("Vi bodde i Cuenca i provinsen Azuay innan vi kom hit.", "Cuenca", "Azuay"),
]


@pytest.mark.parametrize(("text", "town", "region"), REGIONS)
def test_a_region_after_its_kind_word_is_the_towns(
        engine: Engine, text: str, town: str, region: str) -> None:
    """"Otavalo i provinsen Imbabura" -> "Zaraza i provinsen Guarico": the region the town's
    surrogate lies in (before: "Guanare i provinsen Cojedes", Guanare lying in Portuguesa)."""
    names = regions_abroad()
    for out, rows in _runs(engine, text):
        where = engine.lex.place_region.get(fold(_pick(rows, town)))
        assert where and names.get(where) == _pick(rows, region), out


FEATURES = [  # (text, the feature, the country named)
    ("Vi åkte båt på sjön Atitlán i Guatemala när jag var liten.", "Atitlán", "Guatemala"),
    ("Min morfar gick upp på berget Lovćen i Montenegro varje sommar.", "Lovćen", "Montenegro"),
    ("Vi badade i floden Vltava i Tjeckien.", "Vltava", "Tjeckien"),
    ("I Zimbabwe vi klättrade på berget Nyangani.", "Nyangani", "Zimbabwe"),
]


@pytest.mark.parametrize(("text", "feature", "country"), FEATURES)
def test_a_feature_of_a_learners_country_keeps_its_kind_there(
        engine: Engine, text: str, feature: str, country: str) -> None:
    """A lake, mountain or river of Guatemala, Montenegro, Czechia or Zimbabwe (none of a kind
    before): one of that kind where the surrogate country has one (never Lake Chad in
    Venezuela, Lovćen as a Bosnian mountain in Serbia)."""
    geo = geography(True)
    kind = geo.features[geo.feature_folds[fold(feature)]][0]
    for out, rows in _runs(engine, text):
        land = engine.lex.get(fold(_pick(rows, country))).country
        said = fold(_pick(rows, feature))  # ("sjön Genève": Genèvesjön after its kind word)
        pick = geo.feature_folds.get(said) or geo.feature_folds.get(said + "sjon")
        if pick is None:  # the bare kind word where the surrogate country has none
            assert not any(k == kind and land in where for k, where in geo.features.values()
                           ), out
            continue
        assert geo.features[pick][0] == kind and land in geo.features[pick][1], out


ECHOES = [  # (text, the place, the name said to be it)
    ("Vi tittade på vulkanen Cotopaxi. Min kompis heter Ana Cotopaxi, som vulkanen.",
     "Cotopaxi", 1),
    ("Vi gick längs floden Drina. En flicka i klassen hette Drina, precis som floden.",
     "Drina", 1),
]


@pytest.mark.parametrize(("text", "place", "nth"), ECHOES)
def test_a_name_said_to_be_a_place_keeps_the_echo(
        engine: Engine, text: str, place: str, nth: int) -> None:
    """"heter Ana Cotopaxi, som vulkanen": the volcano's surrogate as her name (before:
    "Amador Escobar, som vulkanen" beside the volcano Nevado del Ruiz)."""
    for out, rows in _runs(engine, text):
        assert _pick(rows, place, nth) == _pick(rows, place), out


def test_a_name_like_a_place_without_the_echo_is_a_name(engine: Engine) -> None:
    """The negative row: "heter Sofia, som min mormor": no place word after "som", a name
    (never the surrogate of the town Sofia named before)."""
    text = "Vi bodde i Sofia i två år. Min dotter heter Sofia, som min mormor."
    for out, rows in _runs(engine, text):
        assert _pick(rows, "Sofia", 1) != _pick(rows, "Sofia"), out


def test_a_spent_group_takes_its_neighbours_names(engine: Engine) -> None:
    """A Maya family's sons whose group has few own given names left take the Spanish group's
    (`name_neighbours`), never names of the general pool (Ola, Juhani, Gunnar)."""
    text = ("Jag heter Juana Tzoc och kommer från Sololá i Guatemala. Jag bor i Borås med min "
            "man Tecún och våra söner Kawoq, Balam och Ixbalam.")
    lists = words().name_lists
    allowed = {fold(n) for group in ("maya", "spanish") for n in lists.get(group, {}).get(
        "first_male", ())} | {fold(n) for n in engine.lex.pools.get("first_male:spanish", ())}
    for out, rows in _runs(engine, text):
        for son in ("Tecún", "Kawoq", "Balam", "Ixbalam"):
            assert fold(_pick(rows, son)) in allowed, out


FIGURES = [  # (text, the figure's given name)
    ("Min bror Issouf och min syster Mariam bor i Ouagadougou. Hemma alla pratar om "
     "Thomas Zongo, han var en känd man.", "Thomas"),
]


@pytest.mark.parametrize(("text", "given"), FIGURES)
def test_a_figure_of_the_writers_country_has_its_names(
        engine: Engine, text: str, given: str) -> None:
    """"Thomas Sankara" among Burkinabé names: a given name of the essay's group, never a
    Swedish-only one ("Magnus Lindahl")."""
    for out, rows in _runs(engine, text):
        assert engine.lex.name_origins.get(fold(_pick(rows, given))) != ("swedish",), out


def test_a_swedish_figure_keeps_swedish_names(engine: Engine) -> None:
    """The negative row: "Thomas Lindgren" among Swedish names stays Swedish."""
    text = "Min chef heter Thomas Lindgren och han bor i Västerås med Karin."
    for out, rows in _runs(engine, text):
        assert "swedish" in (engine.lex.name_origins.get(fold(_pick(rows, "Thomas"))) or
                             ("swedish",)), out


ORIGINS = [  # (text, a Swedish locality, a town abroad its sentence names after "från")
    ("I påskas vi firade i Åsbro hos familjen Nair, de är också från Kochi.", "Åsbro"),
    ("Vi sov i Edsbyn hos min kusin Farid, han är ju från Herat.", "Edsbyn"),
]


@pytest.mark.parametrize(("text", "town"), ORIGINS)
def test_a_swedish_locality_stays_swedish_beside_someones_origin(
        engine: Engine, text: str, town: str) -> None:
    """"i Åsbro hos familjen X, de är också från Thrissur": Åsbro is in Sweden (before: an
    Indian town, "celebrated in Indore"), the town after "från" only the family's origin."""
    for out, rows in _runs(engine, text):
        assert engine.lex.get(fold(_pick(rows, town))).se_pop, out


def test_a_locality_its_sentence_places_abroad_stays_abroad(engine: Engine) -> None:
    """The negative row: "i Bor, det ligger vid Nilen i Sydsudan" (no "från"): abroad."""
    text = "Min farfar bodde i Bor, det ligger vid Nilen i Sydsudan."
    for out, rows in _runs(engine, text):
        pick = engine.lex.get(fold(_pick(rows, "Bor")))
        assert pick.place_country != "SE" or not pick.se_pop, out


BIDDINGS = [  # (text, the full name, the nickname bidden)
    ("Jag heter Vojtěch Dvořák, men säg Vojta, det är enklare.", "Vojtěch", "Vojta"),
    ("Hej! Jag heter Aleksandra Nowak men kalla mig Ola.", "Aleksandra", "Ola"),
]


@pytest.mark.parametrize(("text", "full", "nick"), BIDDINGS)
def test_a_bidden_nickname_is_a_short_form_of_the_name(
        engine: Engine, text: str, full: str, nick: str) -> None:
    """"men säg Vojta": a nickname of the name before, of its sex (before: "Ondřej ... säg
    Bohdana", a woman's name for a man)."""
    for out, rows in _runs(engine, text):
        given, short = _pick(rows, full), _pick(rows, nick)
        assert fold(short)[:2] == fold(given)[:2] and short != nick, out


def test_a_bidding_that_goes_on_is_no_nickname(engine: Engine) -> None:
    """The negative row: "säg Anna att jag kommer": a message to Anna, a name of her own."""
    text = "Jag heter Vojtěch Dvořák. Snälla, säg Anna att jag kommer sent."
    for out, rows in _runs(engine, text):
        assert fold(_pick(rows, "Anna"))[:2] != fold(_pick(rows, "Vojtěch"))[:2] or \
            len(_pick(rows, "Anna")) > 5, out


SWEDISH_VILLAGES = [  # (text, a village no table knows, written before a Swedish place)
    ("Jag kommer från Brno i Tjeckien. Min moster bor i vickleby på Öland.", "vickleby"),
    ("Vi kommer från Cuenca i Ecuador. Nu bor vi i sandby på Öland.", "sandby"),
]


@pytest.mark.parametrize(("text", "village"), SWEDISH_VILLAGES)
def test_a_village_before_a_swedish_place_is_swedish(
        engine: Engine, text: str, village: str) -> None:
    """"Jag bor i köpingsvik på Öland" after Czechia: a Swedish place (before: "Chrudim på
    Tjurkö", a Czech town on a Swedish island)."""
    for out, rows in _runs(engine, text):
        assert engine.lex.get(fold(_pick(rows, village))).place_country == "SE", out


def test_a_village_before_a_place_abroad_stays_abroad(engine: Engine) -> None:
    """The negative row: "byn Hradec nära Brno" lies by the surrogate of Brno, abroad."""
    text = "Jag kommer från Brno i Tjeckien. Min moster bor i byn Hradec nära Brno."
    for out, rows in _runs(engine, text):
        assert engine.lex.get(fold(_pick(rows, "Hradec"))).place_country != "SE", out
