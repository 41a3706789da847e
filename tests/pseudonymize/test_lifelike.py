"""Lifelike essays a sceptical reader cannot fault (issue 15, the blind judge's remaining clues):
geography that fits the surrogate places, names whose sex agrees with the essay's pronouns,
place forms rendered from the surrogate, one learner's essays agreeing with each other, and
numbers in real, valid formats. Each table row is (input, the property its output must have),
checked over several seeds on the offline snapshot's gazetteers."""
from __future__ import annotations

import math
from collections.abc import Callable
from itertools import pairwise
from pathlib import Path

import pytest
import regex

from builders.checksums import check_digit
from pseudonymize.coordinates import (by_border, commute_km, distance_km, lies_toward, nearest,
                                      on_side, towns_abroad)
from pseudonymize.engine import Engine, Memory, learner_essays
from pseudonymize.evaluate import as_released, read_gold
from pseudonymize.lexicon import fold
from pseudonymize.slips import slip_of
from pseudonymize.surrogates import (abroad, cuisines, geography, institution_kind, pun_words,
                                      town_sections,
                                      institution_kinds,
                                      plate_formats, regions_abroad, town_genitive, word_value,
                                      words)
from pseudonymize.types import Result

SEEDS = range(4)


@pytest.fixture(scope="module")
def engine(offline_snapshot: Path) -> Engine:
    return Engine.load(offline_snapshot)


def run(engine: Engine, texts: list[str], seed: int) -> list[Result]:
    """One learner's essays, in order, sharing one Memory as a release does."""
    memory = Memory()
    return [engine.pseudonymize(text, f"e{i}", strategy="lifelike", seed=seed, memory=memory)
            for i, text in enumerate(texts)]


def surrogate(result: Result, original: str) -> str:
    """The pseudonym of the first mention written `original`."""
    return next(a.pseudonym for a in result.annotations if a.original == original)


def same_or_slip(one: str, other: str) -> bool:
    """Whether two surrogates are one, the second perhaps with the learner's slip carried over
    (lifelike36: "Vimerby" for Vimmerby takes "Sundsval" beside "Sundsvall")."""
    return fold(one) == fold(other) or slip_of(fold(one), fold(other)) is not None


def country_iso(engine: Engine, name: str) -> str:
    """The ISO code of a surrogate country, also one written with a learner's slip."""
    iso = engine.lex.get(fold(name)).country
    if iso:
        return iso
    near = {engine.lex.get(fold(c)).country for c in engine.lex.pools.get("country", [])
            if slip_of(fold(c), fold(name))} - {""}
    return near.pop() if len(near) == 1 else ""


def town_of(engine: Engine, result: Result, original: str) -> str:
    got = surrogate(result, original)
    assert got in geography().towns, (original, got)
    return got


# --- 1. geography ---------------------------------------------------------------------------

def _coast(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    for name in names:
        iso = engine.lex.get(fold(surrogate(r, name))).country
        assert iso and iso not in geography().landlocked, (name, surrogate(r, name))


def _landlocked(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    for name in names:
        assert engine.lex.get(fold(surrogate(r, name))).country in geography().landlocked


def _later_town_near(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    first, second = (town_of(engine, r, n) for n in names)
    assert (geography().closeness(first, second) or 0) >= 2, (first, second)


def _same_landsdel(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    original, = names
    assert geography().part(town_of(engine, r, original)) == geography().part(original)


def _region_holds_town(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    town, region = names
    assert surrogate(r, region) == geography().towns[town_of(engine, r, town)][0]


def _postcode_of_town(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    postcode, town = names
    prefix = geography().towns[town_of(engine, r, town)][2]
    assert surrogate(r, postcode).replace(" ", "").startswith(prefix), r.target


def _district_of_town(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    town, area = names
    got = surrogate(r, area)
    assert got.endswith("-området"), got
    assert got.removesuffix("-området") in engine.lex.districts_by_town[surrogate(r, town)]


def _no_second_town(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    place, = names
    assert surrogate(r, place) not in engine.lex.cities_by_country["SE"], r.target


def _port(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    for name in names:
        assert fold(surrogate(r, name)) in {fold(p) for p in geography().ports}, r.target


def _same_continent(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    for name in names:
        iso, got = engine.lex.get(fold(name)).country, engine.lex.get(fold(surrogate(r, name)))
        assert engine.lex.continents[got.country] == engine.lex.continents[iso], r.target


def _route(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """Each country of a route borders the one before it, as the originals do."""
    isos = [engine.lex.get(fold(surrogate(r, name))).country for name in names]
    for before, after in pairwise(isos):
        assert before in engine.lex.neighbours[after], r.target


def _on_the_sea(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A town reached by sea is on the sea: a town of its country's `coast_towns` row, or an
    island."""
    for name in names:
        got = surrogate(r, name)
        kind = geography(lifelike=True).features.get(got, ("", frozenset()))[0]
        iso = engine.lex.get(fold(got)).place_country
        assert got in geography().coast_towns.get(iso, ()) or kind == "island", r.target


def _feature_of_country(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A river, lake, mountain or island lies in (or, but an island, borders) the country of the
    place or country named with it; an island where none is left is a town on its sea."""
    place, feature = names
    got, where = surrogate(r, place), _water_name(surrogate(r, feature))
    iso = engine.lex.get(fold(got)).country or engine.lex.get(fold(got)).place_country
    kind, isos = geography(lifelike=True).features.get(where, ("", frozenset()))
    if kind == "island" or not kind:
        assert iso in isos or where in geography().coast_towns[iso], r.target
    else:
        assert iso in isos or not isos.isdisjoint(engine.lex.neighbours[iso]), r.target


def _district_abroad(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A district or town abroad lies in the region of the surrogate of the place it lies in,
    and that place heads its region (a city with districts, never a district itself)."""
    district, city = names
    lex, got = engine.lex, surrogate(r, city)
    places = lex.region_places[lex.place_region[fold(got)]]
    assert places[0] == got and surrogate(r, district) in places[1:], r.target


def _lan_of_town(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    town, region = names
    assert same_or_slip(geography().towns[town_of(engine, r, town)][1],
                        surrogate(r, region) + " län"), r.target


def _town_has(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    word, town = names
    assert town_of(engine, r, town) in geography(lifelike=True).town_has[word], r.target


def _institution_of_town(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """The institution is one of the surrogate town's, and not "... i Town" before "i Town"."""
    from pseudonymize.surrogates import institution_kinds
    institution, town = names
    got = surrogate(r, institution)
    tied = {(n, t) for kind in institution_kinds() for n, t in kind.pool}
    assert (got, town_of(engine, r, town)) in tied and " i " not in got, r.target


def _speaks(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """The surrogate country fits every word of the essay that tied the original's country
    (`country_cues` in geography.toml: kurdiska, pashto, somalier)."""
    country, *said = names
    cues = geography(True).country_cues
    iso = engine.lex.get(fold(surrogate(r, country))).country
    assert all(iso in cues[fold(word)] for word in said), (r.target, iso)


def _hospital_of_town(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    town, hospital = names
    assert surrogate(r, hospital) == f"{town_genitive(surrogate(r, town))} sjukhus" or any(
        t == surrogate(r, town) for n, t in _hospitals() if n == surrogate(r, hospital)), r.target


def _hospitals() -> list[tuple[str, str]]:
    from pseudonymize.surrogates import institution_kinds
    return [entry for kind in institution_kinds() if kind.name == "hospital" for entry in kind.pool]


def _feature_of_town(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A Swedish feature stays one of its kind (a sound a sea, an island an island, never a
    district or province): the surrogate town's own, one of its landskap or a neighbouring
    one, or the kind's bare word ("ön"), never an invented name; a sea in or beside its
    landskap."""
    town, *features = names
    geo = geography(lifelike=True)
    city = town_of(engine, r, town)
    home = geo.towns[city][0]
    for feature in features:
        got, kind = surrogate(r, feature), geo.features[feature][0]
        if got not in geo.features:
            assert (fold(got), kind) in geo.kind_words, r.target
            continue
        where = geo.features[got][1]
        assert geo.features[got][0] == kind, (feature, got)
        if got in geo.feature_towns:
            assert city in geo.feature_towns[got], (feature, got, city)
        assert home in where or not where.isdisjoint(geo.landskap[home][1:]), (feature, got, home)


def _on_the_shore(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """An essay that bathes in a Swedish sea lives in a town on the sea."""
    town, = names
    assert town_of(engine, r, town) in geography(lifelike=True).shore_towns, r.target


def _institution_of_district(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """An essay of districts only: an institution named with a town is one of the town the
    surrogate district lies in."""
    from pseudonymize.surrogates import institution_kinds
    district, *institutions = names
    got = surrogate(r, district)
    towns = {t for t, names in engine.lex.districts_by_town.items() if got in names}
    tied = {(n, t) for kind in institution_kinds(True) for n, t in kind.pool}  # (lifelike's)
    for institution in institutions:
        assert any((surrogate(r, institution), t) in tied for t in towns), (r.target, towns)


def _train_of_town(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A regional train runs in the surrogate town's landskap or a neighbouring one."""
    from pseudonymize.surrogates import words
    town, train = names
    geo = geography(lifelike=True)
    home = geo.towns[town_of(engine, r, town)][0]
    runs = set(words().trains[surrogate(r, train)])
    assert home in runs or not runs.isdisjoint(geo.landskap[home][1:]), r.target


GEOGRAPHY = [
    ("Vi tog en båt från Libyen till Italien.", ("Libyen", "Italien"), _coast),
    ("Vi åkte färja till Polen och sedan till Tyskland.", ("Polen", "Tyskland"), _coast),
    ("Vi bodde i Österrike och Ungern.", ("Österrike", "Ungern"), _landlocked),
    ("Jag bor i Borlänge. Vi åker ibland till Falun, det tar 20 minuter.", ("Borlänge", "Falun"),
     _later_town_near),
    ("Jag bor i Luleå. Det är mörkt på vintern.", ("Luleå",), _same_landsdel),
    ("Jag bor i Malmö nära havet.", ("Malmö",), _same_landsdel),
    ("Jag bor i Gävle i Gästrikland.", ("Gävle", "Gästrikland"), _region_holds_town),
    ("Jag bor i Eskilstuna men min adress är Storgatan 3, 802 67 Gävle.", ("802 67", "Gävle"),
     _postcode_of_town),
    ("Jag bor i Göteborg. Vi bor i Angered-området.", ("Göteborg", "Angered-området"),
     _district_of_town),
    ("Jag bor i Borlänge. Vi bor i Tjärna ängar nära skogen.", ("Tjärna ängar",), _no_second_town),
    ("Jag bor i Gävle. Vi åkte till Gävle sjukhus.", ("Gävle", "Gävle sjukhus"),
     _hospital_of_town),
    ("Jag bor i Malmö. Vi åker med bil och färja från Ystad till Polen.", ("Ystad",), _port),
    ("Han kom till Sverige förra året från Afghanistan.", ("Afghanistan",), _same_continent),
    # round 6: a transit route keeps its neighbours (GeoNames' neighbours column)
    ("Vi gick från Irak via Turkiet till Grekland.", ("Irak", "Turkiet", "Grekland"), _route),
    ("Vi flydde från Afghanistan till Iran och sedan till Turkiet.",
     ("Afghanistan", "Iran", "Turkiet"), _route),
    ("Vi gick genom Serbien och Ungern till Österrike.", ("Serbien", "Ungern", "Österrike"),
     _route),
    # a town reached by sea or on the sea is on the sea of the surrogate country
    ("Jag kommer från Grekland. Vi åkte med båt till Pireus.", ("Pireus",), _on_the_sea),
    ("Jag kommer från Polen. Jag bodde i Gdańsk vid havet.", ("Gdańsk",), _on_the_sea),
    ("Jag kommer från Gdańsk i Polen. Jag åkte med färja från Gdynia till Karlskrona.",
     ("Gdynia",), _on_the_sea),  # a town of Gdańsk's region, and on the sea
    # an institution fits its town: a län museum of the town's län, a cathedral in a town with
    # one, a university of the surrogate town
    ("Min familj bor i Västerås. Förra helgen var vi på Västmanlands läns museum.",
     ("Västerås", "Västmanlands"), _lan_of_town),
    ("Vi bor i Uppsala. På söndag gick vi till domkyrkan.", ("domkyrkan", "Uppsala"), _town_has),
    ("Jag bor i Rinkeby. Vi gick till domkyrkan i Stockholm.", ("domkyrkan", "Stockholm"),
     _town_has),
    ("Jag studerar på Mittuniversitetet i Sundsvall.", ("Mittuniversitetet", "Sundsvall"),
     _institution_of_town),
    ("Jag jobbar på Sahlgrenska sjukhuset i Göteborg.", ("Sahlgrenska sjukhuset", "Göteborg"),
     _institution_of_town),
    ("Vi bodde i Libyen. Sedan åkte vi med båt från Tripoli till Italien och kom till Lampedusa.",
     ("Tripoli", "Lampedusa"), _on_the_sea),
    # a district abroad is one of the surrogate city ("X, en stadsdel i Y", "X i Y", or Y of
    # its region named elsewhere)
    ("Jag bodde i Kadıköy, en stadsdel i Istanbul.", ("Kadıköy", "Istanbul"), _district_abroad),
    ("Jag bodde i Üsküdar i Istanbul med min familj.", ("Üsküdar", "Istanbul"),
     _district_abroad),
    ("Min familj bodde i Mirpur, en stadsdel i Dhaka.", ("Mirpur", "Dhaka"), _district_abroad),
    ("Vi flyttade till Istanbul och bodde i Esenyurt.", ("Esenyurt", "Istanbul"),
     _district_abroad),
    # a country keeps the language the essay says is spoken there (language_words)
    ("Jag kommer från Turkiet. Jag pratar kurdiska.", ("Turkiet", "kurdiska"), _speaks),
    ("Jag kommer från Afghanistan och jag pratar dari.", ("Afghanistan", "dari"), _speaks),
    # a natural feature follows the surrogate country
    ("Jag bodde i Kairo nära floden Nilen.", ("Kairo", "Nilen"), _feature_of_country),
    ("Vi bodde i Syrien nära floden Eufrat.", ("Syrien", "Eufrat"), _feature_of_country),
    ("Vi tog en gummibåt från Izmir till Lesbos i Grekland.", ("Grekland", "Lesbos"),
     _feature_of_country),
    ("Min familj bodde i Irak nära bergen Zagros.", ("Irak", "Zagros"), _feature_of_country),
    # round 7: a Swedish sound, island or river follows the surrogate town (Kalmarsund is read
    # as a town, Öland as a region by the detectors)
    ("Jag bor i Malmö. På sommaren badar vi i Kalmarsund och vi ser Öland.",
     ("Malmö", "Kalmarsund", "Öland"), _feature_of_town),
    ("Jag bodde i Gävle. Jag gick längs Testeboån varje morgon.", ("Gävle", "Testeboån"),
     _feature_of_town),
    ("Jönköping ligger i Småland vid södra änden av Vättern. Mitt i sjön finns en ö som heter "
     "Visingsö.", ("Jönköping", "Vättern", "Visingsö"), _feature_of_town),
    ("Jag bor i Västerås. På sommaren badar vi i Mälaren.", ("Västerås", "Mälaren"),
     _feature_of_town),
    ("Jag bor i Kalmar. Från stranden ser man Öland.", ("Kalmar", "Öland"), _feature_of_town),
    ("Jag bor i Kalmar. Vi ser Öland från balkongen och vi badar i Kalmarsund.", ("Kalmar",),
     _on_the_shore),
    ("Jag bor i Malmö. Vi bor nära havet.", ("Malmö",), _on_the_shore),
    # an institution named with a town, in an essay of districts only, is of the district's town
    ("Jag bor i Hjällbo. Jag läser på Göteborgs universitet och jag går ofta på "
     "Världskulturmuseet.", ("Hjällbo", "Göteborgs universitet", "Världskulturmuseet"),
     _institution_of_district),
    ("Jag bor i Bäckby. På söndagar går vi till Västerås domkyrka.",
     ("Bäckby", "Västerås domkyrka"), _institution_of_district),
    # a regional train of the surrogate town's landskap or a neighbouring one
    ("Jag bor i Kungsbacka. Varje dag åker jag Öresundståg till jobbet i Göteborg.",
     ("Kungsbacka", "Öresundståg"), _train_of_town),
]


@pytest.mark.parametrize(("text", "names", "holds"), GEOGRAPHY,
                         ids=[f"{c.__name__}-{i}" for i, (_, _, c) in enumerate(GEOGRAPHY)])
def test_surrogate_geography_fits_the_places_around_it(
        engine: Engine, text: str, names: tuple[str, ...],
        holds: Callable[[Engine, Result, tuple[str, ...]], None]) -> None:
    holds_for_every_seed(engine, text, names, holds)


def holds_for_every_seed(engine: Engine, text: str, names: tuple[str, ...],
                         holds: Callable[[Engine, Result, tuple[str, ...]], None],
                         seeds: range = SEEDS) -> None:
    """A table row's property holds on the lifelike output of each of `seeds`."""
    for seed in seeds:
        holds(engine, run(engine, [text], seed)[0], names)


# --- 2. a name's sex agrees with the essay's pronouns ------------------------------------------

GENDER = [
    ("Min vän Kim har flyttat. Hon har fått jobb men jag saknar henne.", "Kim", "female"),
    ("Min vän Alex ringde igår. Han sa att han kommer på lördag.", "Alex", "male"),
    ("En liten pojke som heter Charlie satt i mitt knä.", "Charlie", "male"),
    ("Jag heter Minh och jag bor med min fru Mai och våra barn.", "Minh", "male"),
    # one pronoun that may be another person's never turns a woman's name into a man's
    ("Min lärare Sara sa att han kommer.", "Sara", "female"),
    # round 7: one "hon" first after the name decides (a man's name the essay calls "hon")
    ("Min vän Sami kom till Sverige 2015. Hon bor nu i Uppsala med sina barn.", "Sami", "female"),
    ("Jag träffade Karim på kursen och hon hjälpte mig med läxan.", "Karim", "female"),
    # ... but not after another person's name, nor against a noun of the name's sex
    ("Min vän Ali ringde Sara. Hon var glad.", "Ali", "male"),
    ("Igår kom Amal och Omar på besök. Hon var trött efter resan.", "Omar", "male"),
    ("Min man Ahmed sa att hon kommer ikväll.", "Ahmed", "male"),
    # an object pronoun right after a man's name is often another person's
    ("Min bror Omar ringde henne igår.", "Omar", "male"),
]


@pytest.mark.parametrize(("text", "name", "sex"), GENDER)
def test_a_surrogate_name_has_the_sex_the_pronouns_give(engine: Engine, text: str, name: str,
                                                         sex: str) -> None:
    for seed in SEEDS:
        got = surrogate(run(engine, [text], seed)[0], name)
        assert engine.lex.get(fold(got)).gender == sex, (seed, got)


# --- 3. forms of a place: kommun, -området, lower case, genitive ------------------------------

FORMS = [
    ("Jag jobbar i Göteborgs kommun.", "Göteborgs",
     lambda got, out: regex.search(regex.escape(got) + " kommun", out)
     and got == town_genitive(got.rstrip("s")) if got.endswith("s") else got[-1:] in "aeiouyåäö"),
    ("vi bor i göteborg och jag gillar det.", "göteborg", lambda got, out: got.islower()),
    ("Jag bor i GÖTEBORG.", "GÖTEBORG", lambda got, out: got.isupper()),
    ("Jag bor i Stockholm. Stockholms gator är fina.", "Stockholms",
     lambda got, out: got.endswith("s") and got[:-1] in out.split(" gator")[0]),
]


@pytest.mark.parametrize(("text", "original", "check"), FORMS)
def test_a_place_keeps_its_form_in_the_surrogate(engine: Engine, text: str, original: str,
                                                 check: Callable[[str, str], object]) -> None:
    for seed in SEEDS:
        result = run(engine, [text], seed)[0]
        got = surrogate(result, original)
        assert check(got, result.target), (seed, got, result.target)


# --- 4. one learner's essays agree ------------------------------------------------------------

LEARNER = ["Jag heter Dilan Omer Aziz och jag är 34 år. Nu jag bor i Borlänge med min man.",
           "Jag föddes den 14 mars 1990 i Sulaymaniyah. Mitt personnummer är 900314-3926.",
           "Jag bor på Borganäsvägen 41 B, 784 33 Borlänge.\nMed vänlig hälsning\nDilan O. Aziz"]


def test_a_learners_essays_share_ages_dates_names_and_towns(engine: Engine) -> None:
    for seed in SEEDS:
        first, second, third = run(engine, LEARNER, seed)
        age, year = int(surrogate(first, "34")), int(surrogate(second, "1990"))
        assert age + year == 34 + 1990, (seed, age, year)  # "34 år" and "född 1990" agree
        pnr = surrogate(second, "900314-3926")
        assert pnr[:2] == str(year)[2:], (seed, pnr, year)
        assert surrogate(third, "Aziz") == surrogate(first, "Aziz")
        assert surrogate(third, "O") == surrogate(first, "Omer")[0]  # "Dilan O. Aziz"
        town = surrogate(first, "Borlänge")
        assert surrogate(third, "Borlänge") == town
        assert surrogate(third, "784 33").replace(" ", "").startswith(geography().towns[town][2])


def test_a_surrogate_is_never_an_original_of_the_learners_other_essays(engine: Engine) -> None:
    texts = ["Jag bor i Växjö.",
             "Vi åker till Värnamo, Ljungby, Kalmar, Jönköping, Nässjö och Karlshamn."]
    for seed in range(8):
        assert "Växjö" not in run(engine, texts, seed)[1].target


def test_a_birth_number_is_shared_by_the_samordningsnummer_and_the_personnummer(
        engine: Engine) -> None:
    texts = ["Jag hade samordningsnummer 860471-2840 först.", "Mitt personnummer är 860411-2840."]
    for seed in SEEDS:
        first, second = run(engine, texts, seed)
        coordination, personal = surrogate(first, "860471-2840"), surrogate(second, "860411-2840")
        assert coordination[7:10] == personal[7:10], (coordination, personal)
        assert int(coordination[4:6]) == int(personal[4:6]) + 60


# --- 5. numbers in real formats ---------------------------------------------------------------

def _valid_personnummer(got: str, original: str) -> bool:
    """A personnummer in the original's layout whose check digit is valid exactly where the
    original's is (a learner's mistyped number keeps its error: the judge computes Luhn)."""
    digits = "".join(ch for ch in got if ch.isdigit())[-10:]
    typed = "".join(ch for ch in original if ch.isdigit())[-10:]
    valid = check_digit(digits[:9]) == digits[9]
    return valid == (check_digit(typed[:9]) == typed[9]) and 1 <= int(digits[2:4]) <= 12 and \
        len(got) == len(original)


def _valid_iban(got: str, original: str) -> bool:
    compact = got.replace(" ", "")
    value = int("".join(str(int(ch, 36)) for ch in compact[4:] + compact[:4]))
    return got[:2] == original[:2] and value % 97 == 1 and len(got) == len(original)


def _same_layout(got: str, original: str) -> bool:
    return regex.sub(r"\d", "0", got) == regex.sub(r"\d", "0", original) and got != original


def _year_kept(got: str, original: str) -> bool:
    return _same_layout(got, original) and regex.search(r"/(19|20)\d\d$", got) is not None


def _same_digit_count(got: str, original: str) -> bool:
    return len(got) == len(original) and got != original and got[:1] != "0"


def _unpadded(got: str, original: str) -> bool:
    return regex.fullmatch(r"[1-9]\d?/[1-9]\d?", got) is not None


def _fiction_08(got: str, original: str) -> bool:
    return regex.fullmatch(r"08-465 004 \d\d", got) is not None


def _fiction_mobile(got: str, original: str) -> bool:
    return regex.fullmatch(r"070-174 06 \d\d", got) is not None and 5 <= int(got[-2:]) <= 99


NUMBERS = [
    ("Mitt personnummer är 19830907-5512.", "19830907-5512", _valid_personnummer),
    ("Mitt personnummer är 19830907-5516.", "19830907-5516", _valid_personnummer),
    ("Mitt personnummer är 830907-5516.", "830907-5516", _valid_personnummer),
    ("Mitt personnummer är 8309075512.", "8309075512", _valid_personnummer),
    ("Mitt konto är SE72 8000 0832 7901 4466 2910.", "SE72 8000 0832 7901 4466 2910",
     _valid_iban),
    ("Clearingnummer 8327-9 och konto 120 658 334.", "8327-9", _same_layout),
    ("Ärendenummer 5.1-22817/2023.", "5.1-22817/2023", _year_kept),
    ("Jag tar buss 151 till jobbet.", "151", _same_digit_count),
    ("Nästa kontroll är den 12/11 klockan nio.", "12/11", _unpadded),
    ("Ring restaurangen på 08-761 402 55.", "08-761 402 55", _fiction_08),
    ("Ring mig på 0243-21 77 05.", "0243-21 77 05", _fiction_mobile),
    # round 6: the area code of the surrogate town (Luleå has no fiction range: a mobile)
    ("Jag bor i Luleå. Ring mig på 0920-21 77 05.", "0920-21 77 05", _fiction_mobile),
]


@pytest.mark.parametrize(("text", "original", "check"), NUMBERS,
                         ids=[c.__name__ for _, _, c in NUMBERS])
def test_a_number_keeps_a_real_format(engine: Engine, text: str, original: str,
                                      check: Callable[[str, str], bool]) -> None:
    for seed in SEEDS:
        got = surrogate(run(engine, [text], seed)[0], original)
        assert check(got, original), (seed, got)


# --- 6. round 5: a business keeps its trade -----------------------------------------------------

def _pool_of(kind_name: str) -> set[str]:
    from pseudonymize.surrogates import institution_kinds
    return {name for kind in institution_kinds() if kind.name == kind_name for name, _ in kind.pool}


TRADES = [
    ("Jag jobbar på en städfirma som heter Rent.", "Rent", "cleaning"),
    ("Min man jobbar på en byggfirma som heter Kurdbygg.", "Kurdbygg", "construction"),
    ("Hon jobbar på ett bageri som heter Gulbageriet.", "Gulbageriet", "bakery"),
    ("Min syster jobbar i en butik som heter Gallerian.", "Gallerian", "shop"),
    ("Han jobbar på Lindex i centrum.", "Lindex", "clothing_shop"),
]


@pytest.mark.parametrize(("text", "original", "kind"), TRADES)
def test_a_business_named_by_its_trade_gets_one_of_that_trade(engine: Engine, text: str,
                                                              original: str, kind: str) -> None:
    for seed in SEEDS:
        got = surrogate(run(engine, [text], seed)[0], original)
        assert got in _pool_of(kind), (seed, got)


def test_an_untied_pool_is_drawn_from_not_read_in_file_order(engine: Engine) -> None:
    # with no town, every name of the kind used to count as the town's and the first one won
    text = "Hon jobbar på ett bageri som heter Gulbageriet."
    assert len({surrogate(run(engine, [text], seed)[0], "Gulbageriet") for seed in range(8)}) > 1


# --- 6b. round 19: a place or institution is replaced by one of its own kind --------------------

def _kind_pool(kind_name: str) -> set[str]:
    """The lifelike surrogates of a kind of institutions.toml (its own rows and pools too)."""
    from pseudonymize.surrogates import institution_kinds
    return {name for kind in institution_kinds(True) if kind.name == kind_name
            for name, _ in kind.pool}


def _of_kind(kind_name: str) -> Callable[[Engine, Result, tuple[str, ...]], None]:
    def holds(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
        for name in names:
            assert surrogate(r, name) in _kind_pool(kind_name), (name, surrogate(r, name))
    holds.__name__ = f"_{kind_name}"
    return holds


def _town_centre(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    name, = names
    got = surrogate(r, name)
    assert got.endswith(" centrum") and got != name, got  # never a street


def _cuisine_of_country(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    restaurant, country = names
    iso = engine.lex.get(fold(surrogate(r, country))).country
    assert any(iso in c.countries and surrogate(r, restaurant) in c.pool + c.bare
               for c in cuisines()), (surrogate(r, restaurant), surrogate(r, country))


def _arena_named(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    name, = names
    got = surrogate(r, name)
    assert got in _kind_pool("arena") or got.endswith(" arena"), got  # never a street


def _restaurant(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    name, = names
    assert any(surrogate(r, name) in c.pool + c.bare for c in cuisines()), surrogate(r, name)


def _preschool(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    name, = names
    from pseudonymize.surrogates import institution_kinds
    bare = next(kind.bare for kind in institution_kinds(True) if kind.name == "preschool")
    lead, _, rest = surrogate(r, name).partition(" ")
    assert lead == "Förskolan" and rest in bare, surrogate(r, name)  # never "Aspvikskolan"


def _industry(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    from pseudonymize.surrogates import member_kind
    name, = names
    kind = member_kind(surrogate(r, name), True)
    assert kind is not None and kind.name == "industry", surrogate(r, name)


def _club(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    name, = names
    assert surrogate(r, name).startswith("IFK "), surrogate(r, name)  # never a park


# the lead's probes on a development set, in my own learner-like sentences
KINDS19 = [
    ("Förra sommaren hade vi kalas på Parken Zoo i Eskilstuna. Det är stängt på hösten.",
     ("Parken Zoo",), _of_kind("zoo")),
    ("Vi åkte till Kolmården och såg delfiner.", ("Kolmården",), _of_kind("zoo")),
    ("Vi åkte till Furuvik med min klass och såg aporna.", ("Furuvik",), _of_kind("zoo")),
    ("På sommaren åkte vi till Borås djurpark med barnen.", ("Borås djurpark",), _of_kind("zoo")),
    ("Jag jobbar på ett städföretag som heter Rena Hem.", ("Rena Hem",), _of_kind("cleaning")),
    ("Till Skebo. Jag vill klaga på min lägenhet.", ("Skebo",), _of_kind("housing")),
    ("Jag bor i Skellefteå. Jag skrev till Skebo om min lägenhet.", ("Skebo",),
     _of_kind("housing")),
    ("Vi hyr vår lägenhet av Stockholmshem.", ("Stockholmshem",), _of_kind("housing")),
    ("Hyresvärden Willhem svarar aldrig när vi ringer.", ("Willhem",), _of_kind("housing")),
    ("Vi var på Fotografiska, det är ett museum i Stockholm.", ("Fotografiska",),
     _of_kind("museum")),
    ("Jag handlar ofta på Mirum Galleria i Norrköping.", ("Mirum Galleria",),
     _of_kind("shopping_centre")),
    ("Vi såg en match på Tele2 Arena.", ("Tele2 Arena",), _of_kind("arena")),
    ("Varje söndag går vi till Pingstkyrkan i Jönköping.", ("Pingstkyrkan",),
     _of_kind("free_church")),
    ("Jag jobbar som städare på Scandic Crown.", ("Scandic Crown",), _of_kind("hotel")),
    ("Vi bor nära Tumba centrum.", ("Tumba centrum",), _town_centre),
    ("Jag fick ett brev från A-kassan om pengar.", ("A-kassan",), _of_kind("unemployment_fund")),
    ("Jag har fått hjälp av Socialtjänsten i Borås.", ("Socialtjänsten",),
     _of_kind("social_services")),
    ("Vi åt lunch på Max i Umeå.", ("Max",), _of_kind("fast_food")),
    # the head word of a name is its last: a church, never a town's office by "Karlstad"
    ("Vi sjunger i kören i Karlstads domkyrka varje torsdag.", ("Karlstads domkyrka",),
     _of_kind("church")),
    ("Han jobbar på Timrå IK arena som vaktmästare.", ("Timrå IK arena",), _arena_named),
    ("Nu har vi öppnat vår egen restaurang! Den heter La Fonda de Carlos.",
     ("La Fonda de Carlos",), _restaurant),
    ("Min dotter går på Förskolan Lärkan.", ("Förskolan Lärkan",), _preschool),
    ("Nu bor vi i nya centrum nära Stadshuset.", ("Stadshuset",), _of_kind("town_hall")),
    ("Vi bor i Kalmar. Vi gick till Kalmar slott på söndagen.", ("Kalmar slott",),
     _of_kind("castle")),
    ("När assyriska ff spelar på Järnvallen går vi allihop.", ("Järnvallen",), _of_kind("arena")),
    ("Hon vill gå på Tom Tits igen.", ("Tom Tits",), _of_kind("museum")),
    ("Först jobbade jag på SCA Ortviken men det stängde.", ("SCA Ortviken",), _industry),
    ("Vi tittar på Djurgården när de spelar hockey.", ("Djurgården",), _club),
    ("Jag jobbar på ett företag som heter Nordic Clean.", ("Nordic Clean",), _of_kind("cleaning")),
    # a restaurant's cuisine follows the essay's country where the surrogate has one here
    ("Jag jobbar på en restaurang som heter Aleppo Grill. Jag kommer från Syrien.",
     ("Aleppo Grill", "Syrien"), _cuisine_of_country),
    ("Jag kommer från Afghanistan. Jag jobbar på Kabul Kebab i Örebro.",
     ("Kabul Kebab", "Afghanistan"), _cuisine_of_country),
    ("Jag är från Eritrea. Min bror jobbar på Asmara Restaurang i Malmö.",
     ("Asmara Restaurang", "Eritrea"), _cuisine_of_country),
]


@pytest.mark.parametrize(("text", "names", "holds"), [
    pytest.param(*row, id=f"k{i}-{row[2].__name__}") for i, row in enumerate(KINDS19)])
def test_round_19_a_place_or_institution_keeps_its_kind(
        engine: Engine, text: str, names: tuple[str, ...],
        holds: Callable[[Engine, Result, tuple[str, ...]], None]) -> None:
    """Over seeds 0-7, each row failed on the previous code: a zoo became a street or a
    mountain, a cleaning firm a landlord, a housing company an authority."""
    holds_for_every_seed(engine, text, names, holds, range(8))


@pytest.mark.parametrize(("text", "name", "kind"), [
    ("Jag bor i Furuvik sedan två år.", "Furuvik", "zoo"),  # a village, no animals said
    ("Vi vandrade i Kolmården i helgen, skogen var fin.", "Kolmården", "zoo"),
    ("Hyresvärden Anna ringde mig igår.", "Anna", "housing"),  # a person, not a landlord
    ("Vi promenerade på Djurgården i Stockholm.", "Djurgården", "sports_club"),  # no sport said
])
def test_a_place_or_person_named_like_an_institution_stays_one(
        engine: Engine, text: str, name: str, kind: str) -> None:
    for seed in range(8):
        got = surrogate(run(engine, [text], seed)[0], name)
        assert got not in _kind_pool(kind) and not got.startswith("IFK "), (seed, got)


# --- 7. round 5: a nickname the essay gives is of its person's origin --------------------------

NICKNAMES = [
    ("Jag heter Nguyen Thi Hoa men alla kallar mig Lily.", "Hoa", "Lily"),
    ("Min mormor heter Ludmila. Vi kallar henne Lusia.", "Ludmila", "Lusia"),
    ("Jag heter Mohammed Ali. Mitt smeknamn är Hamo.", "Mohammed", "Hamo"),
]


@pytest.mark.parametrize(("text", "full", "nick"), NICKNAMES)
def test_a_nickname_is_a_short_form_or_of_the_surrogates_origin(engine: Engine, text: str,
                                                                full: str, nick: str) -> None:
    from pseudonymize.surrogates import words
    for seed in SEEDS:
        result = run(engine, [text], seed)[0]
        name, short = surrogate(result, full), surrogate(result, nick)
        groups = set(engine.lex.name_origins.get(fold(name), ()))
        listed = words().short_forms_lifelike.get(fold(name), ())
        assert fold(name).startswith(fold(short)) or short in listed or not groups.isdisjoint(
            engine.lex.name_origins.get(fold(short), ())), (seed, name, short)


# --- 8. round 5: a child's age stays that of its school year -----------------------------------

SCHOOL_YEARS = [
    ("Min son Adam är 9 år och går i årskurs 3.", "9", 9),
    ("Min dotter är nio år och går i trean.", "nio", 9),
    ("Hon är 10 år och går i fjärde klass.", "10", 10),
    ("Jag är 34 år. Min son är 8 och går i 2:a klass.", "8", 8),
    ("Min dotter är 13 år och går i klass 7.", "13", 13),
]


@pytest.mark.parametrize(("text", "original", "grade_age"), SCHOOL_YEARS)
def test_an_age_tied_to_a_school_year_stays(
        engine: Engine, text: str, original: str, grade_age: int) -> None:
    """The school year stays as written and gives the age within a year, so a moved age hides
    nothing and a reader sees it disagree ("fyller tio" in year 3; lifelike27): it stays too
    (round 5 moved it by one)."""
    for seed in range(8):
        result = run(engine, [text], seed)[0]
        assert original in result.target and not [
            a for a in result.annotations if a.original == original and a.pseudonym != original]


# --- 9. round 5: two names of one place stay one surrogate place -------------------------------

ALIASES = [
    ("Jag kommer från Halab, på svenska heter det Aleppo.", "Halab", "Aleppo"),
    ("Jag bodde i Warszawa (Warsaw på engelska).", "Warszawa", "Warsaw"),
    ("Vi bodde i Kyiv, på svenska heter det Kiev.", "Kyiv", "Kiev"),
    ("Jag föddes i Hargeysa som på svenska heter Hargeisa.", "Hargeysa", "Hargeisa"),
    # a learner's word order
    ("Jag bodde i Halab, på svenska det heter Aleppo.", "Halab", "Aleppo"),
]


@pytest.mark.parametrize(("text", "first", "second"), ALIASES)
def test_two_names_of_one_place_name_one_surrogate_place(engine: Engine, text: str, first: str,
                                                         second: str) -> None:
    aliases, pairs = engine.lex.place_aliases, set()
    native = {frozenset(map(fold, v)) for v in words().native_names.values()}  # Dimashq
    for seed in SEEDS:
        result = run(engine, [text], seed)[0]
        one, other = surrogate(result, first), surrogate(result, second)
        pairs.add((one, other))
        assert fold(one) == fold(other) or fold(one) in aliases.get(other, ()) or fold(
            other) in aliases.get(one, ()) or frozenset((fold(one), fold(other))) in native, (
            seed, one, other)
        if fold(one) != fold(other) and "svenska" in text:
            assert other in engine.lex.cities_by_country.get(engine.lex.get(fold(
                other)).place_country, ()) or fold(other) in words().native_names, other
    # the first is drawn among places with a second name, so the clause still reads true
    assert any(fold(one) != fold(other) for one, other in pairs), pairs


def test_a_name_inside_a_full_name_of_another_origin_takes_that_origin(engine: Engine) -> None:
    # Thi is also on the Swedish lists; after Nguyen it is part of a Vietnamese name
    for seed in SEEDS:
        got = surrogate(run(engine, ["Jag heter Nguyen Thi Hoa och bor i Umeå."], seed)[0], "Thi")
        assert "vietnamese" in engine.lex.name_origins.get(fold(got), ()), (seed, got)


# --- 10. round 6: the data behind foreign geography ---------------------------------------------

def test_every_town_on_the_sea_is_a_town_of_its_country(engine: Engine) -> None:
    """`coast_towns` is spelled as the town gazetteer spells it, so a drawn town renders and
    is known as a town of its country (a misspelling would be an invented place)."""
    for iso, towns in geography().coast_towns.items():
        for town in towns:
            assert town in engine.lex.cities_by_country.get(iso, ()) or \
                engine.lex.get(fold(town)).place_country == iso, (iso, town)
        assert iso not in geography().landlocked, iso


def test_every_feature_abroad_lies_in_known_countries(engine: Engine) -> None:
    for name, (kind, where) in geography(lifelike=True).features.items():
        if where and all(len(w) == 2 and w.isupper() for w in where):
            assert where <= set(engine.lex.continents), (name, where - set(engine.lex.continents))


def test_every_feature_tied_to_towns_is_a_swedish_feature_of_swedish_towns(
        engine: Engine) -> None:
    """`feature_towns` is spelled as `features` and the town gazetteer spell them (a misspelt
    feature would never be drawn as a town's own; a misspelt town would never own one)."""
    geo = geography(lifelike=True)
    for name, towns in geo.feature_towns.items():
        assert name in geo.features and not abroad(geo.features[name][1]), name
        for town in towns:
            assert engine.lex.get(fold(town)).se_pop or town in geo.towns, (name, town)
    for town in geo.shore_towns:
        assert engine.lex.get(fold(town)).se_pop or town in geo.towns, town


def test_a_region_abroad_lists_its_biggest_place_first_then_its_districts(engine: Engine) -> None:
    lex = engine.lex
    istanbul = lex.region_places[lex.place_region["istanbul"]]
    assert istanbul[0] == "Konstantinopel" and "Üsküdar" in istanbul
    izmir = lex.region_places[lex.place_region["izmir"]]
    assert izmir[:2] == ["Izmir", "Konak"]  # Konak: a district (GeoNames PPLX) before towns


# --- 11. round 6: names that fit the person ------------------------------------------------------

def test_a_nickname_after_kallar_mig_is_replaced_by_a_short_form_of_the_surrogate(
        engine: Engine) -> None:
    """"alla kallar mig Aga": the nickname is detected though "aga" is a word and a town, and
    becomes a short form of the full name's surrogate (Gosia for Małgorzata)."""
    from pseudonymize.surrogates import words
    text = "Jag heter Agnieszka men alla kallar mig Aga."
    for seed in SEEDS:
        r = run(engine, [text], seed)[0]
        full, nick = surrogate(r, "Agnieszka"), surrogate(r, "Aga")
        assert nick in words().short_forms_lifelike.get(fold(full), ()) or full.startswith(nick), \
            r.target


NAME_ORIGINS = [
    # a name no list holds takes the origin of the (surrogate) homeland the essay names
    ("Jag heter Rojda och jag kommer från Diyarbakir i Turkiet.", "Rojda", "Turkiet"),
]


@pytest.mark.parametrize(("text", "name", "country"), NAME_ORIGINS)
def test_an_unlisted_name_is_of_the_surrogate_homeland(engine: Engine, text: str, name: str,
                                                       country: str) -> None:
    for seed in SEEDS:
        r = run(engine, [text], seed)[0]
        home = engine.lex.get(fold(surrogate(r, country))).country
        groups = {g for g, isos in geography().homelands.items() if home in isos}
        assert groups & set(engine.lex.name_origins.get(fold(surrogate(r, name)), ())), r.target



# issue 14: names of the groups the lexicon's name sections added (a Kenyan section; Oromo names
# under the Ethiopian group) are drawn from their own group, of the name's sex
GROUP_NAMES = [
    ("Min vän heter Achieng och hennes man heter Kamau.", {"Achieng": "female", "Kamau": "male"},
     "kenyan"),
    ("Min kompis Hawi och hennes bror Gemechu bor i Uppsala.",
     {"Hawi": "female", "Gemechu": "male"}, "habesha"),
]


@pytest.mark.parametrize(("text", "names", "group"), GROUP_NAMES)
def test_a_listed_name_of_a_new_group_takes_a_name_of_that_group(
        engine: Engine, text: str, names: dict[str, str], group: str) -> None:
    for seed in SEEDS:
        r = run(engine, [text], seed)[0]
        for name, sex in names.items():
            got = surrogate(r, name)
            assert group in engine.lex.name_origins.get(fold(got), ()), (seed, got, r.target)
            assert engine.lex.get(fold(got)).gender == sex, (seed, got, r.target)

# --- 12. round 6: a business named after a place stays that business -----------------------------

BUSINESSES = [
    ("Vi åt på restaurang Hanoi i Malmö. Maten på Hanoi var god.", "restaurang Hanoi", "Hanoi"),
    ("Jag jobbar på pizzeria Napoli. På Napoli är det mycket jobb.", "pizzeria Napoli", "Napoli"),
]


@pytest.mark.parametrize(("text", "business", "bare"), BUSINESSES)
def test_a_place_named_as_the_essays_business_is_that_business(
        engine: Engine, text: str, business: str, bare: str) -> None:
    for seed in SEEDS:
        r = run(engine, [text], seed)[0]
        whole, alone = surrogate(r, business), surrogate(r, bare)
        assert whole.lower().endswith(alone.lower()), r.target


# --- 13. round 6: a user name built on a place's short form follows the surrogate place -----------

def test_a_landline_takes_the_fiction_range_of_the_surrogate_towns_area_code(
        engine: Engine) -> None:
    from pseudonymize.surrogates import words
    for text, number in (("Jag bor i Stockholm. Ring mig på 08-761 402 55.", "08-761 402 55"),
                         ("Jag bor i Huddinge. Ring mig på 0243-21 77 05.", "0243-21 77 05")):
        for seed in SEEDS:
            r = run(engine, [text], seed)[0]
            code = words().area_towns.get(town_of(engine, r, text.split()[3].rstrip(".")), "")
            got = surrogate(r, number)
            # the range in its own layout: "08-465 004 41", never "0846-50 04 41"
            assert regex.fullmatch(r"08-465 004 \d\d|031-390 06 \d\d|040-628 04 \d\d|"
                                   r"070-174 06 \d\d", got) and (
                got.startswith(code + "-") if code else got.startswith("070-174 06")), r.target


def test_a_user_name_on_a_towns_short_form_takes_the_surrogate_towns(engine: Engine) -> None:
    from pseudonymize.surrogates import words
    for seed in SEEDS:
        r = run(engine, ["Mitt Instagram är sara_gbg och jag bor i Göteborg."], seed)[0]
        town, handle = surrogate(r, "Göteborg"), surrogate(r, "sara_gbg")
        short = words().place_abbreviations.get(fold(town)) or fold(town)[:3]
        assert handle.endswith("_" + short) and "gbg" not in handle, r.target


# --- 14. round 7: a family's names hold together -------------------------------------------------

FAMILY_ORIGINS = [
    # "vi har en dotter som heter Sara" in a Somali family: the child's Swedish-only name takes the
    # family's origin as "min dotter Sara" does
    ("Jag heter Hodan och kommer från Somalia. Vi har en dotter som heter Sara.", "Sara",
     "somali"),
    ("Jag heter Karim och min fru heter Samira. Vi kommer från Algeriet. Vi har två döttrar som "
     "heter Helene och Yasmin.", "Helene", "arabic"),
]


@pytest.mark.parametrize(("text", "name", "group"), FAMILY_ORIGINS)
def test_a_childs_name_takes_the_familys_origin(engine: Engine, text: str, name: str,
                                                group: str) -> None:
    for seed in SEEDS:
        r = run(engine, [text], seed)[0]
        got = surrogate(r, name)
        assert group in engine.lex.name_origins.get(fold(got), ()), (seed, got, r.target)


def test_a_fathers_name_as_a_middle_name_keeps_his_surrogate(engine: Engine) -> None:
    """One original name, one surrogate, whatever label each mention got: the father named in one
    essay is his child's middle name in the next ("Omer" -> "Dilan Omer Aziz")."""
    essays = ["Min pappa heter Omer och han bor i Erbil.",
              "Jag heter Dilan Omer Aziz och jag bor i Borlänge."]
    for seed in SEEDS:
        first, second = run(engine, essays, seed)
        assert [a.label for a in second.annotations if a.original == "Omer"] == ["middlename"]
        assert surrogate(second, "Omer") == surrogate(first, "Omer"), (first.target, second.target)


ONE_PERSON = [
    # a surname right after a given name is of the given name's surrogate's origin
    ("Min man heter Ahmed Nur och jag heter Hodan Yusuf.", ("Hodan", "Yusuf")),
    ("Jag heter Faduma Hassan. Min man Mohamed Abdi kom 2010.", ("Faduma", "Hassan")),
    ("Jag heter Mulugeta Tesfaye och min fru heter Hodan Abdi.", ("Mulugeta", "Tesfaye")),
    ("Jag heter Mulugeta Tesfaye och min fru heter Hodan Abdi.", ("Hodan", "Abdi")),
]


@pytest.mark.parametrize(("text", "names"), ONE_PERSON)
def test_a_persons_surname_is_of_their_given_names_origin(engine: Engine, text: str,
                                                          names: tuple[str, str]) -> None:
    for seed in SEEDS:
        r = run(engine, [text], seed)[0]
        first, last = (engine.lex.name_origins.get(fold(surrogate(r, n)), ()) for n in names)
        assert set(first) & set(last), (seed, r.target)


COUPLES = [
    # the writer's spouse and child take the writer's name's origin (Ahmed is only on the Arabic
    # list, Hodan only on the Somali one)
    ("Min man heter Ahmed Nur och jag heter Hodan Yusuf. Vi har en dotter som heter Sara.",
     ("Hodan", "Ahmed", "Nur", "Yusuf", "Sara")),
    ("Jag heter Hodan Yusuf och min man heter Ahmed Nur.", ("Hodan", "Ahmed")),
]


@pytest.mark.parametrize(("text", "names"), COUPLES)
def test_a_couple_and_their_child_are_of_one_origin(engine: Engine, text: str,
                                                    names: tuple[str, ...]) -> None:
    for seed in SEEDS:
        r = run(engine, [text], seed)[0]
        shared = set.intersection(*(set(engine.lex.name_origins.get(fold(surrogate(r, n)), ()))
                                    for n in names))
        assert shared, (seed, r.target)


# --- 15. round 8: what the judge still named after round 7 ----------------------------------------

def _real_swedish_feature(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A Swedish lake, river or island is a real one of the table (of the surrogate town's
    landskap or a neighbouring one) or the kind's bare word ("sjön"), never an invented name
    ("Västerbysjön"), never one abroad."""
    town, *features = names
    geo = geography(lifelike=True)
    home = geo.towns[town_of(engine, r, town)][0]
    for feature in features:
        got = surrogate(r, feature)
        kind = geo.features[feature][0] if feature in geo.features else "lake"
        if got not in geo.features:
            assert (fold(got), kind) in geo.kind_words, (feature, got, r.target)
            continue
        got_kind, where = geo.features[got]
        assert got_kind == kind and not abroad(where), (feature, got)
        assert home in where or not where.isdisjoint(geo.landskap[home][1:]), (feature, got)


def _said_size(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A place the essay calls small ("by", "småstad") is a small locality and one it calls
    big ("storstad", "huvudstaden") a big one, by the bounds of surrogates.toml (abroad its
    country's few smallest or biggest where the gazetteers have none that size)."""
    from pseudonymize.surrogates import words
    original, size, country = names
    got = engine.lex.get(fold(surrogate(r, original)))
    pop = got.se_pop if country == "SE" else got.place_pop
    least, most = words().sizes[size][:2] if country == "SE" else words().sizes[size][2:]
    fewest = sorted(engine.lex.get(fold(c)).place_pop for c in
                    engine.lex.cities_by_country.get(got.place_country, ()))
    if size == "small":
        assert pop <= most or (country != "SE" and pop <= fewest[words().size_fewest]), r.target
    else:
        assert pop >= least or (country != "SE" and pop >= fewest[-words().size_fewest]), r.target


def _swedish_place(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A place no gazetteer knows spelled the Swedish way (Skanör, Ammarnäs) stays Swedish
    after a country abroad: a Swedish town or district, never one abroad."""
    for name in names:
        got = surrogate(r, name)
        entry = engine.lex.get(fold(got))
        assert got in geography().towns or entry.se_pop or "district" in entry.cats, r.target


def _crossing(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A sea crossing keeps its sea: the countries on it are replaced by countries on the same
    sea (or the sea it is part of), and the sea named by one they share, else "havet"."""
    sea, *countries = names
    geo = geography(lifelike=True)
    shore = geo.seas[sea] | geo.seas.get(geo.sea_wider.get(sea, ""), frozenset())
    got = {engine.lex.get(fold(surrogate(r, c))).country for c in countries}
    assert got <= shore, (r.target, got)
    if any(a.original == sea for a in r.annotations):
        new = surrogate(r, sea)
        assert new == "havet" or (new in geo.seas and got <= geo.seas[new]), r.target


def _feature_of_kind(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A mountain, range or river abroad is a real one of its kind (a range by a range, a
    mountain by a mountain), never a town's name."""
    geo = geography(lifelike=True)
    for name in names:
        got = surrogate(r, name)
        want = geo.features[name][0] if name in geo.features else "mountain"
        assert got in geo.features and geo.features[got][0] == want, (name, got, r.target)


def _no_word_names(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """No name surrogate is a common Swedish word (a homograph, or frequent as a word and rare
    as a name: "Sten", "Gul", "Sol") where the original is none."""
    from pseudonymize.surrogates import words
    for name in names:
        e = engine.lex.get(fold(surrogate(r, name)))
        rank = min(n for n in (e.first_rank, e.surname_rank, 10 ** 9) if n)
        assert "common_name_homograph" not in e.cats and not (
            e.zipf >= words().word_zipf and rank > words().word_name_rank), (name, r.target)


def _nickname_of_surrogate(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A nickname the essay gives its person is a short form of that person's surrogate."""
    from pseudonymize.surrogates import words
    full, nick = (surrogate(r, n) for n in names)
    listed = words().short_forms_lifelike.get(fold(full), ())
    assert nick in listed or (full.startswith(nick) and len(nick) < len(full)), r.target


def _institution_of_county(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A university or hospital beside a town is the surrogate town's own, else one of a town
    of its län (never one of another part of the country)."""
    from pseudonymize.surrogates import institution_kinds
    town, *institutions = names
    geo = geography()
    city = town_of(engine, r, town)
    tied = {n: t for kind in institution_kinds() for n, t in kind.pool if t}
    for institution in institutions:
        at = tied.get(surrogate(r, institution), "")
        assert at == city or geo.towns.get(at, ("", ""))[1] == geo.towns[city][1], (
            r.target, at)


def _crossing_port(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A town left by a ferry to Sweden lies on the Baltic (Kaliningrad, never Makhachkala)."""
    town, = names
    geo = geography(lifelike=True)
    got = surrogate(r, town)
    iso = engine.lex.get(fold(got)).place_country
    on = geo.sea_towns["Östersjön"].get(iso)
    assert iso in geo.seas["Östersjön"] and (on is None or got in on), r.target


def _no_crossing(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """Countries not named in the boat's sentence keep their continent (Kenya never becomes
    India because a boat crosses the Aegean elsewhere in the essay)."""
    for name in names:
        iso = engine.lex.get(fold(name)).country
        got = engine.lex.get(fold(surrogate(r, name))).country
        assert engine.lex.continents.get(got) == engine.lex.continents.get(iso), r.target


def _sea_first_word(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """'Egeiska' read as a name before 'havet' becomes the first word of a sea 'X havet' (a
    detector that reads the whole 'Egeiska havet' as a sea leaves it to the sea rule)."""
    original, = names
    seas = geography(lifelike=True).seas
    if any(a.original == original for a in r.annotations):
        assert surrogate(r, original) + " havet" in seas, r.target
    else:
        assert surrogate(r, original + " havet") in seas | {"havet": frozenset()}, r.target


def _one_origin(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """The names of one person are of the first name's surrogate's origin group or one of
    its neighbours (never a Somali middle name in a Kurdish full name)."""
    first, *rest = names
    geo = geography()
    group = engine.lex.name_origins.get(fold(surrogate(r, first)), ())[0]
    allowed = {group, *geo.neighbours.get(group, ())}
    for name in rest:
        got = set(engine.lex.name_origins.get(fold(surrogate(r, name)), ()))
        assert got & allowed, (name, surrogate(r, name), r.target)


def _capital(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A town the essay calls "huvudstaden" is the surrogate country's capital."""
    town, country = names
    iso = engine.lex.get(fold(surrogate(r, country))).country
    assert surrogate(r, town) == geography(lifelike=True).capitals[iso], r.target


def _married_name(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A Swedish surname taken in marriage after a foreign one stays Swedish."""
    for name in names:
        got = surrogate(r, name)
        assert engine.lex.name_origins.get(fold(got)) == ("swedish",), r.target


def _island_abroad(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """An island abroad read as a town ("vi träffades på Phuket") stays an island, of the
    surrogate country."""
    island, country = names
    geo = geography(lifelike=True)
    got = surrogate(r, island)
    iso = engine.lex.get(fold(surrogate(r, country))).country
    assert got in geo.features and geo.features[got][0] == "island", r.target
    assert iso in geo.features[got][1] or got in geo.coast_towns.get(iso, ()), r.target


def _school_age(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A child in förskoleklass (6) stays within a year of six."""
    age, = names
    assert abs(int(surrogate(r, age)) - 6) <= 1, r.target


def _land_route_after_crossing(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A country reached across a sea keeps its continent and has land neighbours, and the
    countries a land route then goes through stay on that continent."""
    crossed, *route = names
    iso = engine.lex.get(fold(surrogate(r, crossed))).country
    assert engine.lex.continents.get(iso) == "EU" and engine.lex.neighbours.get(iso), r.target
    for name in route:
        got = engine.lex.get(fold(surrogate(r, name))).country
        assert engine.lex.continents.get(got) == "EU", (name, r.target)


def _gateway(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A country a route reaches Sweden through stays one (sweden_gateways)."""
    geo = geography(lifelike=True)
    for name in names:
        assert engine.lex.get(fold(surrogate(r, name))).country in geo.sweden_gateways, r.target


def _same_country(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """In an essay that names no country, its towns abroad stay in their country (never Bo or
    Njala, towns of Sierra Leone, for districts of Ho Chi Minh City)."""
    for name in names:
        want = engine.lex.get(fold(name)).place_country
        got = engine.lex.get(fold(surrogate(r, name))).place_country
        assert got in ("", want), (name, surrogate(r, name), r.target)


def _institution_town_sized(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A university abroad named after its town is one of a town of about that town's size."""
    institution, town = names
    word = surrogate(r, institution).split()[0]
    got = word if engine.lex.get(fold(word)).place_pop else word.removesuffix("s")
    size, pop = (engine.lex.get(fold(t)).place_pop for t in (town, got))
    assert size / 10 <= pop <= size * 10, (got, pop, r.target)


def _on_shore_or_district(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A place the essay bathes in the sea at is a town on the sea or a district of the
    essay's town (never inland Hässleholm)."""
    place, = names
    got = surrogate(r, place)
    districts = {d for names in engine.lex.districts_by_town.values() for d in names}
    assert got in geography(lifelike=True).shore_towns or got in districts, r.target


ROUND8 = [
    ("Jag kommer från Vietnam. Nu bor jag i Lund. Jag gillar att åka till Skanör och bada i "
     "havet.", ("Skanör",), _on_shore_or_district),

    ("I Polen jag läste ekonomi på Gdańsks universitet och jag har en magisterexamen.",
     ("Gdańsks universitet", "Gdańsk"), _institution_town_sized),

    ("När jag var tjugo år flyttade jag från Cần Thơ till Ho Chi Minh-staden för att jobba. Jag "
     "bodde hos min morbror i Chợ Lớn, det är kinesiska kvarteret. Hemma vi säger fortfarande "
     "Saigon.", ("Ho Chi Minh-staden", "Chợ Lớn", "Saigon"), _same_country),

    ("Jag kommer från Syrien. Sen gick vi till Österrike. Från Tyskland tog vi tåget till Danmark "
     "och sedan till Sverige.", ("Danmark",), _gateway),

    # a crossing's far country keeps its continent, so the land route after it stays one
    ("Jag kommer från Syrien. Vi flydde till Turkiet. Från Turkiet tog vi en gummibåt till "
     "Grekland. Sen gick vi genom Makedonien, Serbien, Ungern och Österrike till Tyskland.",
     ("Grekland", "Makedonien", "Serbien", "Ungern", "Österrike"), _land_route_after_crossing),

    # an island read as a town stays an island; förskoleklass is a school year (age 6)
    ("Jag kommer från Thailand. Vi träffades på Phuket när han var på semester.",
     ("Phuket", "Thailand"), _island_abroad),
    ("Min dotter heter Luwam och hon är 6 år och går i förskoleklass.", ("6",), _school_age),

    # class 3, capitals: "huvudstaden" is the surrogate country's capital; names: a Swedish
    # married name after a foreign surname stays Swedish
    ("Jag kommer från Eritrea. Jag kommer från Asmara, huvudstaden.", ("Asmara", "Eritrea"),
     _capital),
    ("Jag kommer från Polen. Jag bodde i Warszawa, huvudstaden.", ("Warszawa", "Polen"),
     _capital),
    ("Förut jag hette Siriporn Wongsawat och nu heter jag Siriporn Wongsawat Björk.\nTack!\n"
     "S. W. Björk", ("Björk",), _married_name),

    # names: a full name's middle name and surname follow its first name's surrogate
    ("Jag heter Dilan Omer Aziz och jag är 34 år. Nu jag bor i Borlänge med min man Karwan "
     "och våra två barn. Aram är nio år och Shilan är fem.", ("Dilan", "Omer", "Aziz"),
     _one_origin),

    # class 1, the sea's towns and sentences: a port on the sea crossed; a boat in one
    # sentence does not move the countries of another; a sea's first word read as a name
    ("Jag kommer från Polen. Jag kom till Sverige med färja från Gdańsk till Nynäshamn.",
     ("Gdańsk",), _crossing_port),
    ("Jag kommer från Somalia. Vi flydde till Kenya. Sen tog vi en båt från Turkiet till "
     "Grekland.", ("Somalia", "Kenya"), _no_crossing),
    ("Från Turkiet tog vi en båt över Egeiska havet till Grekland.", ("Egeiska",),
     _sea_first_word),

    # class 4: an institution of a bigger town is the surrogate town's own, else its län's
    ("Jag bor i Ludvika. Min son läser på Högskolan Dalarna och jag var på Falu lasarett.",
     ("Ludvika", "Högskolan Dalarna"), _institution_of_county),
    ("Jag bor i Bollnäs och studerar på Mittuniversitetet.", ("Bollnäs", "Mittuniversitetet"),
     _institution_of_county),
    ("Jag bor i Sundsvall. Jag studerar på Mittuniversitetet och min fru jobbar på Sundsvalls "
     "sjukhus.", ("Sundsvall", "Mittuniversitetet"), _institution_of_county),

    # class 5: a nickname derives from its person's surrogate (names and words: WORD_NAMES)
    ("Jag heter Olena och kommer från Ukraina. Min dotter Sofia går i skolan. Alla kallar henne "
     "Sonja.", ("Sofia", "Sonja"), _nickname_of_surrogate),
    ("Jag heter Mohammed men alla kallar mig Mo.", ("Mohammed", "Mo"), _nickname_of_surrogate),
    ("Mitt namn är Carlos och jag kommer från Mexiko. Min son Miguel, vi kallar honom Migue.",
     ("Miguel", "Migue"), _nickname_of_surrogate),

    # class 1: a sea crossing keeps its sea; a feature abroad is one of its kind
    ("Från Turkiet tog vi en gummibåt över Medelhavet till Grekland.",
     ("Medelhavet", "Turkiet", "Grekland"), _crossing),
    ("Vi kom från Libyen med båt över Medelhavet till Italien.",
     ("Medelhavet", "Libyen", "Italien"), _crossing),
    ("Jag kommer från Polen. Jag kom till Sverige med färja från Gdańsk till Nynäshamn.",
     ("Östersjön", "Polen"), _crossing),
    ("Jag kommer från Peru, från Cusco i Anderna. Där finns berget Machu Picchu.",
     ("Anderna", "Machu Picchu"), _feature_of_kind),
    ("Min bror bor i Zakopane i Polen vid bergen Tatra.", ("Tatra",), _feature_of_kind),
    ("Jag kommer från Mexiko. Nära vår by finns berget Popocatépetl och floden Río Bravo.",
     ("Popocatépetl", "Río Bravo"), _feature_of_kind),

    # class 3: size words ("by", "småstad", "storstad", "huvudstaden") give the surrogate's size
    ("Jag bor i Lund, en by nära Karlstad.", ("Lund", "small", "SE"), _said_size),
    ("Nu bor jag i Sundsvall, en liten stad i norra Sverige.", ("Sundsvall", "small", "SE"),
     _said_size),
    ("Jag bor i Bollnäs, en småstad i Hälsingland.", ("Bollnäs", "small", "SE"), _said_size),
    ("Min syster bor i Växjö, det är en storstad.", ("Växjö", "big", "SE"), _said_size),
    ("Jag bor i Angered. Jag bor i Göteborg, det är en storstad.", ("Göteborg", "big", "SE"),
     _said_size),
    ("Jag kommer från Polen. Jag bodde i Warszawa, huvudstaden.", ("Warszawa", "big", "PL"),
     _said_size),
    ("Jag kommer från Polen. Jag bodde i Gniezno, en stor stad.", ("Gniezno", "big", "PL"),
     _said_size),
    ("Jag kommer från Turkiet. Jag växte upp i en by som heter Kadirli.",
     ("Kadirli", "small", "TR"), _said_size),
    ("Jag bor i Umeå. Min fru kommer från en by i Lappland som heter Ammarnäs.",
     ("Ammarnäs", "small", "SE"), _said_size),
    ("Jag bor i Umeå och studerar på Umeå universitet. Min fru kommer från en by i Lappland "
     "som heter Ammarnäs.", ("Ammarnäs", "small", "SE"), _said_size),  # no university needed
    ("Jag kommer från Vietnam. Nu bor jag i Lund. Vi åker till Skanör och badar i havet.",
     ("Skanör",), _swedish_place),

    # class 2: a real feature of the surrogate town, its landskap or a neighbouring one
    ("Jag bor i Bollnäs. Vid Bollnäs finns sjön Varpen och ån Ljusnan. Vi badar i Varpen.",
     ("Bollnäs", "Varpen", "Ljusnan"), _real_swedish_feature),
    ("Jag heter Olena och kommer från Ukraina. Nu bor jag i Bollnäs. Vid Bollnäs finns sjön "
     "Varpen.", ("Bollnäs", "Varpen"), _real_swedish_feature),
    ("Jag bor i Östersund. Vi åker skridskor på sjön Storsjön.", ("Östersund", "Storsjön"),
     _real_swedish_feature),
    ("Jag bor i Borås. På sommaren badar vi i Vättern.", ("Borås", "Vättern"),
     _real_swedish_feature),
    ("Jag bor i Växjö. Vi åkte till Visingsö en dag.", ("Växjö", "Visingsö"),
     _real_swedish_feature),
]


# --- round 9 (judge run 13) ----------------------------------------------------------------

def _county(engine: Engine, town: str) -> str:
    return next((k for k, names in engine.lex.pools.items()
                 if k.startswith("village:") and town in names), "")


def _village_in_county(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A place the essay calls a "by" is a locality under `village_max` inhabitants (never
    Bollnäs, 13,700) in the county of the town it lies near, or else of the essay's town
    (round 12: or within `near_km` of the town it lies near, across a county border)."""
    village, town = names
    got, near = surrogate(r, village), surrogate(r, town)
    assert 1 < engine.lex.get(fold(got)).se_pop < words().village_max, (got, r.target)
    from pseudonymize.coordinates import distance_km, near_km
    assert _county(engine, got) == _county(engine, near) != "" or (
        distance_km(got, near) or 1e9) <= near_km(), (got, near, r.target)


def _train_stops_at_both(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A regional train between two towns stops at both surrogate towns (Östgötapendeln
    between Norrköping and Motala, never Krösatåg)."""
    train, *towns = names
    got, stops = surrogate(r, train), {surrogate(r, t) for t in towns}
    assert stops <= words().train_towns.get(got, frozenset()), (got, stops, r.target)


def _institution_in_its_town(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """"studerar på X i Town": the surrogate institution lies in the surrogate town (never
    "Högskolan Väst i Linköping")."""
    institution, town = names
    got, where = surrogate(r, institution), surrogate(r, town)
    kind = institution_kind(institution)
    assert kind and (got, where) in kind.pool, (got, where, r.target)
    # and it does not name the town twice ("Umeå universitet i Umeå") unless the original did
    assert town.lower() in institution.lower() or where.lower() not in got.lower(), r.target


ROUND9 = [
    ("Min kusin bor i Färila, det är en by nära Ljusdal. Hon jobbar på sjukhuset i Hudiksvall.",
     ("Färila", "Ljusdal"), _village_in_county),
    ("Jag bor i Ljusdal. Min mamma kommer från en by som heter Färila.", ("Färila", "Ljusdal"),
     _village_in_county),
    ("Vi bor i Kalmar. Farmor bor i Kristdala, en liten ort utanför Oskarshamn.",
     ("Kristdala", "Oskarshamn"), _village_in_county),
    ("Vi åkte Öresundståg från Malmö till Lund och badade i Öresund.",
     ("Öresundståg", "Malmö", "Lund"), _train_stops_at_both),
    ("Varje morgon tar jag Västtåget från Göteborg till Trollhättan.",
     ("Västtåget", "Göteborg", "Trollhättan"), _train_stops_at_both),
    ("Jag bor i Bollnäs och studerar på Mittuniversitetet i Sundsvall.",
     ("Mittuniversitetet", "Sundsvall"), _institution_in_its_town),
    ("Jag studerar på Linnéuniversitetet i Växjö. Jag bor i Alvesta.",
     ("Linnéuniversitetet", "Växjö"), _institution_in_its_town),
    ("Min man läser på Örebro universitet i Örebro och jag bor i Karlskoga.",
     ("Örebro universitet", "Örebro"), _institution_in_its_town),
    ("Jag bor i Ludvika och pluggar på Högskolan Dalarna i Falun.",
     ("Högskolan Dalarna", "Falun"), _institution_in_its_town),
    ("Min man jobbar på Norrlands universitetssjukhus i Umeå. Vi bor i Holmsund.",
     ("Norrlands universitetssjukhus", "Umeå"), _institution_in_its_town),
]



@pytest.mark.parametrize(("text", "names", "holds"), ROUND8 + ROUND9,
                         ids=[f"{c.__name__}-{i}" for i, (_, _, c) in enumerate(ROUND8 + ROUND9)])
def test_rounds_8_9_surrogates_a_judge_cannot_fault(
        engine: Engine, text: str, names: tuple[str, ...],
        holds: Callable[[Engine, Result, tuple[str, ...]], None]) -> None:
    holds_for_every_seed(engine, text, names, holds)


WORD_NAMES = [
    ("Min kompis heter Johan Andersson och hans syster heter Sara. Min lärare heter Karin.",
     ("Johan", "Andersson", "Sara", "Karin")),
    ("Jag heter Amina Hassan. Min man heter Ahmed Ali.", ("Amina", "Hassan", "Ahmed", "Ali")),
]


@pytest.mark.parametrize(("text", "names"), WORD_NAMES)
def test_no_name_surrogate_is_a_common_word(engine: Engine, text: str,
                                            names: tuple[str, ...]) -> None:
    """Over 30 seeds (realistic draws Bo, Maj, Stig, Saga for these names about once in
    eight essays), no lifelike name surrogate is a common Swedish word."""
    for seed in range(30):
        _no_word_names(engine, run(engine, [text], seed)[0], names)



# class 6: one learner's essays agree: a phone number however written, ages a year apart
PHONE_ESSAYS = ["Jag heter Amina. Mitt nummer är 070-123 45 67 och min mans är 073-999 88 77.",
                "Ring mig på 0701234567 eller +46 70 123 45 67.",
                "Jag är 34 år. Mitt telefonnummer är 070 123 45 67.",
                "Nu är jag 35 år och min man är 40."]


def test_a_learners_phone_number_is_one_surrogate_however_it_is_written(engine: Engine) -> None:
    for seed in SEEDS:
        results = run(engine, PHONE_ESSAYS, seed)
        written = [surrogate(results[0], "070-123 45 67"), surrogate(results[1], "0701234567"),
                   surrogate(results[1], "+46 70 123 45 67"),
                   surrogate(results[2], "070 123 45 67")]
        national = {regex.sub(r"\D", "", w).removeprefix("46") for w in written}
        assert len({n.removeprefix("0") for n in national}) == 1, written
        assert surrogate(results[0], "073-999 88 77") not in written
        assert int(surrogate(results[3], "35")) - int(surrogate(results[2], "34")) == 1



# --- round 10 (judge run after round 9) -----------------------------------------------------

def _real_countries(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """Every country's surrogate is a real country, never an invented "Ljungbackaland"."""
    countries = set(engine.lex.pools.get("country", []))
    for name in names:
        assert surrogate(r, name) in countries, (name, r.target)


def _street_of_many_towns(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """With no streets of the surrogate town in the gazetteers, a street is one found in many
    Swedish towns (never Sveavägen in Uppsala nor an invented "Aspvikgatan"), with the
    original's ending where one has it."""
    for name in names:
        got = surrogate(r, name)
        assert got in words().common_streets, (name, got, r.target)
        for ending in ("gatan", "vägen"):
            assert name.endswith(ending) <= got.endswith(ending), (name, got)


def _water_name(got: str) -> str:
    """The table name of a feature surrogate written without its kind word after one ("Kivu"
    after "sjön": Kivusjön; "Taurus" after "bergen": Taurusbergen)."""
    geo = geography(True)
    return got if got in geo.features else next(
        (n for n in geo.features if n.startswith(got) and fold(n[len(got):].strip())
         in geo.kind_folds), got)


def _feature_of_surrogate_country(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A river, lake or range tied to a country is one OF the country's surrogate (never the
    Benue in Chad, the Litani in Israel) and of the original's kind (a lake for "sjön Tana")."""
    country, *features = names
    iso = engine.lex.get(fold(surrogate(r, country))).country
    for feature in features:
        _, where = geography(True).features[_water_name(surrogate(r, feature))]
        assert iso in where, (feature, surrogate(r, feature), iso, r.target)


def _town_on_water(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """"Floden Niger flyter genom Bamako": the town's surrogate lies on the river's."""
    water, town = names
    name = _water_name(surrogate(r, water))
    assert surrogate(r, town) in geography(True).feature_towns_abroad[name], r.target


def _lake_stays_lake(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    lake, = names
    assert geography(True).features[_water_name(surrogate(r, lake))][0] == "lake", r.target


def _range_not_town(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """"i Hindu Kush" read as a town or area: a range, never a town of the country."""
    name, = names
    assert geography(True).features[surrogate(r, name)][0] == "range", r.target


def _whole_route(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A route stays one: each stop on its original's continent, each leg kept (a stop leaves
    its part of the world where no route through it is left there: Sudan between Eritrea and
    Libya becomes Algeria between Mauritania and Tunisia, never Somalia beside Tunisia)."""
    _same_continent(engine, r, names)
    _route_legs(engine, r, names)


def _same_part_of_world(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """Each stop of a route keeps its part of the world (Sudan between Eritrea and Libya
    never becomes Zimbabwe)."""
    parts = geography(True).world_parts
    for name in names:
        iso = engine.lex.get(fold(surrogate(r, name))).country
        assert parts[iso] == parts[engine.lex.get(fold(name)).country], (name, r.target)


def _desert_stays_desert(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A desert of a route is a desert of the surrogate country, or "öknen" (never a town)."""
    for name in names:
        got = surrogate(r, name)
        assert got == "öknen" or geography(True).features[got][0] == "desert", r.target


def _crossing_keeps_its_sea(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A Mediterranean crossing stays one: a part of the sea, never Röda havet; round 25: the
    bare "havet" where the sea itself would fit (a part of another shore left the island after
    it off it: "över Libyska havet till Chios")."""
    sea, = names
    geo = geography(True)
    got = surrogate(r, sea)
    assert got == "havet" or geo.sea_wider.get(got) == sea, r.target


def _names_of_origin(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """Each name's surrogate is on the lists of the family's origin group (a Swedish family's
    writer Anna never becomes the Spanish Luz, a Ukrainian mother-in-law Maria never Isabelle)."""
    group, *people = names
    for name in people:
        got = surrogate(r, name)
        assert group in engine.lex.name_origins.get(fold(got), ()), (name, got, r.target)


def _of_cuisine(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A restaurant keeps its cuisine, shares no word with the original and never repeats the
    kind word written before it ("pizzerian Pizzeria Roma")."""
    restaurant, cuisine = names
    got = surrogate(r, restaurant)
    kind = next(c for c in cuisines() if c.name == cuisine)
    assert got in kind.pool + kind.bare, r.target
    assert not set(fold(got).split()) & set(fold(restaurant).split()), r.target
    assert "pizzerian pizzeria" not in fold(r.target), r.target


def _sea_of_the_town(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """"Vi bor i X och badar i Kattegatt": the sea is one the surrogate town lies on (its own
    where `feature_towns` lists the sea's towns, else one of its landskap)."""
    town, sea = names
    geo = geography(True)
    got, where = surrogate(r, sea), town_of(engine, r, town)
    kind, shores = geo.features[got]
    assert kind == "sea", r.target
    assert where in geo.feature_towns.get(got, ()) or (
        got not in geo.feature_towns and geo.towns[where][0] in shores), r.target


def _ferry_port(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A Swedish town a ferry named earlier in the sentence goes to is a ferry port."""
    for name in names:
        assert surrogate(r, name) in geography(True).ports, r.target


ROUND10 = [
    # class 4: the sea fits the town
    ("Vi bor i Halmstad och badar i Kattegatt på sommaren.", ("Halmstad", "Kattegatt"),
     _sea_of_the_town),
    ("Vi bor i Luleå och badar i Bottenviken.", ("Luleå", "Bottenviken"), _sea_of_the_town),
    ("Vi tog färjan Mateusz från Gdynia till Karlskrona.", ("Karlskrona",), _ferry_port),
    # class 8: shops and restaurants keep their kind
    ("Jag jobbar på en thailändsk restaurang som heter Bangkok Garden.",
     ("Bangkok Garden", "thai"), _of_cuisine),
    ("Vi åt på restaurangen Pho Hanoi i Göteborg.", ("Pho Hanoi", "vietnamese"), _of_cuisine),
    ("Jag jobbar på pizzerian Napoli i Borås.", ("Napoli", "pizza"), _of_cuisine),
    ("Min syriska kompis jobbar på restaurangen Sjöboden.", ("Sjöboden", "any"), _of_cuisine),
    # class 7: names of the family's origin
    ("Min svärmor heter Maria och min man heter Taras. Vi bor i Kiev.",
     ("east_slavic", "Maria", "Taras"), _names_of_origin),
    ("Min man heter Oleksandr. Vår dotter heter Maria och vår son heter Daniel. Vi kommer från "
     "Ukraina.", ("east_slavic", "Oleksandr", "Maria"), _names_of_origin),
    ("Jag heter Anna och min man heter Erik. Vår dotter heter Maria.",
     ("swedish", "Anna", "Erik", "Maria"), _names_of_origin),
    # class 2: routes as a whole
    ("Vi flydde från Eritrea genom Sudan till Libyen och sedan tog vi en båt till Italien.",
     ("Eritrea", "Sudan", "Libyen", "Italien"), _whole_route),
    ("Från Syrien gick vi till Turkiet, sedan båt till Grekland och sedan genom Makedonien och "
     "Serbien till Ungern.", ("Syrien", "Turkiet", "Grekland", "Makedonien", "Serbien"),
     _whole_route),
    ("Jag åkte från Danakilöknen till Kenya, sedan båt till Korsika, sedan Paris och "
     "Helsingborg.", ("Danakilöknen",), _desert_stays_desert),
    ("Vi gick genom Saharaöknen till Libyen. Sedan tog vi båt över Medelhavet till Lampedusa.",
     ("Saharaöknen",), _desert_stays_desert),
    ("Vi gick genom Saharaöknen till Libyen. Sedan tog vi båt över Medelhavet till Lampedusa.",
     ("Medelhavet",), _crossing_keeps_its_sea),
    # class 1: geography inside the surrogate country
    ("Jag kommer från Mali. Floden Niger flyter genom Bamako.", ("Mali", "Niger"),
     _feature_of_surrogate_country),
    ("Jag kommer från Mali. Floden Niger flyter genom Bamako.", ("Niger", "Bamako"),
     _town_on_water),
    ("Jag är från Syrien. Eufrat flyter genom Raqqa och vi badade i Medelhavet.",
     ("Syrien", "Eufrat"), _feature_of_surrogate_country),
    ("Jag är från Syrien. Eufrat flyter genom Raqqa och vi badade i Medelhavet.",
     ("Eufrat", "Raqqa"), _town_on_water),
    ("Jag kommer från Afghanistan. I Afghanistan finns bergen Hindu Kush och floden Amu Darya.",
     ("Afghanistan", "Hindu Kush", "Amu Darya"), _feature_of_surrogate_country),
    ("Min familj kommer från Etiopien. Vi bodde nära sjön Tana i Bahir Dar.",
     ("Etiopien", "Tana"), _feature_of_surrogate_country),
    ("Min familj kommer från Etiopien. Vi bodde nära sjön Tana i Bahir Dar.", ("Tana",),
     _lake_stays_lake),
    ("Min familj kommer från Etiopien. Vi bodde nära sjön Tana i Bahir Dar.",
     ("Tana", "Bahir Dar"), _town_on_water),
    ("Jag bodde i Kabul. Vi åkte ofta till Salang-passet i Hindu Kush.", ("Hindu Kush",),
     _range_not_town),
    # a river the detectors read as a name ("Dnepr" at the start of a sentence) stays a river
    ("Jag kommer från Ukraina. Dnepr flyter genom Kiev.", ("Ukraina", "Dnepr"),
     _feature_of_surrogate_country),
    # class 3: streets of the surrogate town
    ("Jag bor på Sveavägen i Stockholm.", ("Sveavägen",), _street_of_many_towns),
    ("Jag bor i Karlstad på Drottninggatan 5.", ("Drottninggatan",), _street_of_many_towns),
    # a Swedish street after a sentence about the home country abroad stays a street (judge run
    # 15: "en restaurang på Hanoi")
    ("Min kompis Wan kommer från Chiang Mai i Thailand. Hon har en liten restaurang på "
     "Drottninggatan som heter Baan Thai.", ("Drottninggatan",), _street_of_many_towns),
    ("Vi bor i Göteborg. Vår lägenhet ligger på Kungsportsavenyen.", ("Kungsportsavenyen",),
     _street_of_many_towns),
    ("Vi bor i Malmö och jag jobbar på Södra Förstadsgatan.", ("Södra Förstadsgatan",),
     _street_of_many_towns),
    # class 5: a transit country whose route neighbours are all taken is still a real country
    ("Vi flydde från Eritrea genom Sudan till Libyen och sedan tog vi en båt till Italien.",
     ("Eritrea", "Sudan", "Libyen", "Italien"), _real_countries),
]




# --- round 11 (judge run 15) ------------------------------------------------------------------

def _district_of(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """"Batna, en stadsdel i Alger": the district is another place of its town's surrogate's
    first-level region and no big city ("Latakia, en stadsdel i Tartus" read as false)."""
    district, town = names
    lex = engine.lex
    got, parent = fold(surrogate(r, district)), fold(surrogate(r, town))
    assert lex.place_region.get(got) and lex.place_region.get(got) == lex.place_region.get(
        parent), r.target
    # no big city, but a part GeoNames lists of the town itself, however big (lifelike32:
    # Konak, the centre of Izmir, within `section_km` of it)
    from pseudonymize.coordinates import abroad_km, section_km
    own = any(fold(p) == got for p in town_sections(lex)) and \
        (abroad_km(got, parent) or 1e9) <= section_km()
    assert got != parent and (lex.get(got).place_pop <= 150_000 or own), r.target


def _shore_town(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """An essay naming a sea island or the archipelago anywhere lives on the shore."""
    for name in names:
        assert town_of(engine, r, name) in geography(True).shore_towns, r.target


def _feast_country(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """"Vi firar Nowruz": the country's surrogate keeps the feast (never the Emirates)."""
    country, feast = names
    keep = geography(True).feast_countries[fold(feast)]
    assert engine.lex.get(fold(surrogate(r, country))).country in keep, r.target


def _region_abroad(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """"Jag är från Irak. Vi bodde i Kurdistan": a region abroad, never a Swedish landskap
    (round 21: Kurdistan, a region of four countries, is kept as written)."""
    for name in names:
        got = surrogate(r, name)
        entry = engine.lex.get(fold(got))
        assert entry.place_country not in ("", "SE") and not entry.se_pop or (
            got == name and fold(got) in words().peoples_regions), r.target


def _town_that_has(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """"Malmö stadsteater", "domkyrkan i Västerås": the town's surrogate has one (town_has)."""
    town, word = names
    assert town_of(engine, r, town) in geography(True).town_has[fold(word)], r.target


def _plate_of(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A foreign plate keeps its country's format: the region code and letters it may have."""
    plate, country = names
    got = surrogate(r, plate)
    fmt = next(f for f in plate_formats() if f.country == country and f.shape.fullmatch(plate))
    assert fmt.shape.fullmatch(got) and got != plate, r.target
    # the original's region code is gone (a code of its own part: "77" is not in "777")
    assert "R" not in fmt.layout or not any(
        g in got.split() for g in fmt.regions if g in plate.split()), r.target


def _kind_word_kept(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """"restaurang Pho Ha" marked whole: "restaurang" and a name of the cuisine, never
    "saigon Kök" (the kind word lost, the name lower-cased)."""
    restaurant, cuisine = names
    word, _, _ = restaurant.partition(" ")
    got = surrogate(r, restaurant)
    kind = next(c for c in cuisines() if c.name == cuisine)
    assert got.startswith(word + " ") and got[len(word) + 1:] in kind.bare, r.target


ROUND11 = [
    # class 5: a restaurant keeps its cuisine and its kind word
    ("Jag kommer från Vietnam och jag jobbar som kock på min vietnamesiska restaurang Pho Ha.",
     ("restaurang Pho Ha", "vietnamese"), _kind_word_kept),
    # class 6: licence plates by country
    # (no country named: with one, the plate follows the country's surrogate, round 13)
    ("Vår bil hade ukrainska skyltar AX 1234 BC.", ("AX 1234 BC", "UA"), _plate_of),
    ("Min pappas bil hade ryska skyltar, A123BC 77.", ("A123BC 77", "RU"), _plate_of),
    # class 4: an institution and its town
    ("Jag bor i Malmö. Vi gick på Malmö stadsteater.", ("Malmö", "stadsteater"),
     _town_that_has),
    ("Vi bor i Kalmar och besökte Kalmar slott.", ("Kalmar", "slott"), _town_that_has),
    ("Jag bor i Örebro. Vi besökte domkyrkan i Västerås.", ("Västerås", "domkyrkan"),
     _town_that_has),
    # class 2: features and feasts the surrogate country keeps
    ("Jag kommer från Iran. Vi firar Nowruz i mars.", ("Iran", "Nowruz"), _feast_country),
    ("Jag kommer från Afghanistan. På Nowruz åker vi till bergen.", ("Afghanistan", "Nowruz"),
     _feast_country),
    ("Jag är från Irak. Vi bodde i Kurdistan och firade Nowruz.", ("Kurdistan",),
     _region_abroad),
    ("Jag kommer från Pakistan. Min familj bor i Punjab.", ("Punjab",), _region_abroad),
    # class 3: sea and shore across sentences
    ("Jag bor i Uddevalla. Min mormor har ett sommarhus på Tjörn.", ("Uddevalla",), _shore_town),
    ("Jag bor i Stenungsund och jobbar i Göteborg. På helgerna åker vi till Tjörn.",
     ("Stenungsund",), _shore_town),
    ("Jag bor i Västervik. På sommaren åker vi ut i skärgården.", ("Västervik",), _shore_town),
    # class 1: a river through a town, a district of a town abroad
    ("Jag kommer från Mali. Floden Niger flyter genom Alger.", ("Niger", "Alger"),
     _town_on_water),
    ("Jag kommer från Irak. Vi bodde i Mosul, en stadsdel i Bagdad.", ("Mosul", "Bagdad"),
     _district_of),
    ("Jag kommer från Turkiet. Vi bodde i Kadıköy, en stadsdel i Istanbul.",
     ("Kadıköy", "Istanbul"), _district_of),
    ("Jag kommer från Syrien. Vi bodde i Homs, en stadsdel i Damaskus.", ("Homs", "Damaskus"),
     _district_of),
]


JUDGE_SEEDS = range(8)  # the judge's clues from round 10 on came from single seeds


@pytest.mark.parametrize(("text", "names", "holds"), [
    pytest.param(*row, id=f"r{n}-{row[2].__name__}-{i}")
    for n, rows in ((10, ROUND10), (11, ROUND11)) for i, row in enumerate(rows)])
def test_rounds_10_11_surrogates_a_judge_cannot_fault(
        engine: Engine, text: str, names: tuple[str, ...],
        holds: Callable[[Engine, Result, tuple[str, ...]], None]) -> None:
    """Over seeds 0-7 (the judge's clues of rounds 10 and 11 came from single seeds)."""
    holds_for_every_seed(engine, text, names, holds, JUDGE_SEEDS)


def test_a_national_church_stays_and_a_district_after_an_institution_stays_a_district(
        engine: Engine) -> None:
    """Judge run 16: "hos Svenska kyrkan i Rinkeby" became "hos Västerås domkyrka i Örebro".
    The Church of Sweden names no writer and stays as written (`unique`), and a district after
    "i" is a district of some town, never a town drawn for the institution."""
    text = "Vi vill bjuda hela klassen på kalas i ett rum hos Svenska kyrkan i Rinkeby på lördag."
    districts = {d for names in engine.lex.districts_by_town.values() for d in names}
    for seed in range(8):
        r = run(engine, [text], seed)[0]
        assert "hos Svenska kyrkan i " in r.target, r.target
        assert surrogate(r, "Rinkeby") in districts, r.target


# --- round 12 (judge run 16) ------------------------------------------------------------------

def _town_cued(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A town abroad lies in a country that fits the essay's language words (Kabul beside
    "pashto": a town of Pakistan, never of Armenia)."""
    town, *said = names
    cues = geography(True).country_cues
    iso = engine.lex.get(fold(surrogate(r, town))).place_country
    assert all(iso in cues[fold(word)] for word in said), (r.target, iso)


def _name_at_home(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """The writer's name is of a group at home in the surrogate of the essay's country (Olga,
    on the Spanish list alone, from Kiev: never Alondra from Charkiv)."""
    place, name = names
    entry = engine.lex.get(fold(surrogate(r, place)))
    homes = geography(True).homelands
    groups = engine.lex.name_origins.get(fold(surrogate(r, name)), ())
    assert any((entry.country or entry.place_country) in homes[g] for g in groups
               if g in homes), (r.target, groups)


def _within_km(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """Two Swedish places lie as near as the essay says: a village "nära" a town within
    `near_km` (40) of the town's surrogate, a daily commute within 150 km."""
    from pseudonymize.coordinates import distance_km
    one, other, km = names
    got = distance_km(surrogate(r, one), surrogate(r, other))
    assert got is not None and got <= float(km), (r.target, got)


def _route_legs(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """Each leg of a route whose countries border each other or share a sea keeps that: never
    "Libanon och Kosovo" for "Grekland och Makedonien"."""
    geo, lex = geography(True), engine.lex
    for one, other in pairwise(names):
        got = [lex.get(fold(surrogate(r, n))).country for n in (one, other)]
        assert geo.leg(*got, lex.neighbours), (r.target, got)


def _mainland(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A place a train or bus leaves from is on the mainland: never "från Chios ... tåg"."""
    for name in names:
        got = surrogate(r, name)
        assert fold(got) not in geography(True).islands_abroad and got != name, r.target


def _one_place_two_names(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A place and its other name ("Halab (Aleppo)") are one surrogate place: the same name
    twice or two names the gazetteer holds for it, never two towns."""
    one, other = (surrogate(r, n) for n in names)
    aliases = engine.lex.place_aliases
    pairs = {frozenset(map(fold, v)) for v in words().native_names.values()}  # Dimashq
    assert one == other or fold(other) in aliases.get(one, ()) or fold(one) in aliases.get(
        other, ()) or frozenset((fold(one), fold(other))) in pairs, r.target


def _water_of_town(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A Swedish town's river or lake is one at the surrogate town (`feature_towns`)."""
    water, town = names
    got = surrogate(r, water)
    assert town_of(engine, r, town) in geography(True).feature_towns.get(got, ()), r.target


def _one_origin(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """One person's given name and surname are of one origin group: never "Viola Abdiaziz"."""
    groups = [set(engine.lex.name_origins.get(fold(surrogate(r, n)), ())) for n in names]
    assert set.intersection(*groups), (r.target, groups)


def _no_word_surname(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A surname surrogate is no everyday Swedish word (Sten, Berg, Björk), even for one."""
    for name in names:
        assert "common_name_homograph" not in engine.lex.get(fold(surrogate(r, name))).cats, \
            r.target


def _weekdays(text: str) -> list[int]:
    """The weekdays of the dates written out ("den 3 mars 2025") or as 2025-03-10 in a text."""
    import datetime
    months = ["januari", "februari", "mars", "april", "maj", "juni", "juli", "augusti",
              "september", "oktober", "november", "december"]
    out = [datetime.date(int(y), months.index(m) + 1, int(d)).weekday() for d, m, y in
           regex.findall(rf"den (\d+) ({'|'.join(months)}) (\d{{4}})", text)]
    return out + [datetime.date(int(y), int(m), int(d)).weekday()
                  for y, m, d in regex.findall(r"(\d{4})-(\d\d)-(\d\d)", text)]


def _weekday_kept(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A start date on a workday keeps its weekday after the calendar move (never "måndagen
    den 12 februari 2027", a Friday)."""
    text, = names
    assert _weekdays(r.target) == _weekdays(text) and r.target != text, r.target


def _cuisine_of_country(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A restaurant whose name gave the writer's country's cuisine follows the country's
    surrogate: never "Thailand ... Pho Viet"."""
    country, restaurant = names
    iso = engine.lex.get(fold(surrogate(r, country))).country
    got = surrogate(r, restaurant).removeprefix("restaurangen ")
    for kind in cuisines():
        if kind.countries and got in kind.pool + kind.bare:
            assert iso in kind.countries, (r.target, iso, kind.name)


def _districts_of_one_town(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """An essay's districts of one town stay districts of one surrogate town, never a town."""
    got = [surrogate(r, n) for n in names]
    towns = [t for t, names_ in engine.lex.districts_by_town.items()
             if all(g in names_ for g in got)]
    assert towns, r.target


def _institution_within_reach(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A university the essay's writer studies at lies within a commute of their town."""
    from pseudonymize.coordinates import distance_km
    from pseudonymize.surrogates import institution_kinds
    town, institution, km = names
    town_of = {n: t for kind in institution_kinds() for n, t in kind.pool}
    got = town_of.get(surrogate(r, institution))
    far = distance_km(got or "", surrogate(r, town))
    assert far is not None and far <= float(km), (r.target, got)


def _a_home_town(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A home town abroad is a town, never an urban development such as Ecopark."""
    for name in names:
        got = surrogate(r, name)
        assert got not in geography(True).not_towns_abroad and engine.lex.get(
            fold(got)).place_country, r.target


ROUND12 = [
    # class 1: the country surrogate fits the words that stay (languages, peoples)
    ("Jag kommer från Afghanistan. Hemma pratade vi pashto.", ("Afghanistan", "pashto"), _speaks),
    ("Jag kommer från Iran. Min mamma pratar turkiska och persiska.", ("Iran", "persiska"),
     _speaks),
    ("Jag är född i Somalia. Jag pratar somaliska och lite arabiska.",
     ("Somalia", "somaliska", "arabiska"), _speaks),
    ("Jag kommer från Eritrea och pratar tigrinja.", ("Eritrea", "tigrinja"), _speaks),
    ("Jag kommer från Peru. Jag pratar spanska.", ("Peru", "spanska"), _speaks),
    ("Jag kommer från Ukraina men jag pratar ryska.", ("Ukraina", "ryska"), _speaks),
    ("Jag kommer från Damaskus i Syrien. Vi är kurder.", ("Syrien", "kurder"), _speaks),
    ("Jag kommer från Afghanistan och jag pratar dari. Många afghaner bor i Sverige.",
     ("Afghanistan", "dari"), _speaks),
    ("Jag kommer från Kabul i Afghanistan. Hemma pratade vi pashto.", ("Kabul", "pashto"),
     _town_cued),
    # class 2: nearness
    ("Min mormor bor i Charlottenberg, en by nära Karlstad.", ("Charlottenberg", "Karlstad", "40"),
     _within_km),
    ("Jag bor i Ljusdal. Min kusin bor i Färila, det är en by nära Ljusdal.",
     ("Färila", "Ljusdal", "40"), _within_km),
    ("Jag bor i Västerås och pendlar varje dag till Stockholm.", ("Västerås", "Stockholm", "150"),
     _within_km),
    ("Jag bor i Lund men jag jobbar i Malmö. Jag tar tåget varje dag.", ("Lund", "Malmö", "60"),
     _within_km),
    # class 2: routes
    ("Jag kommer från Irak. Vi flydde till Turkiet och sedan till Grekland och Makedonien.",
     ("Turkiet", "Grekland", "Makedonien"), _route_legs),
    ("Vi flydde från Syrien till Libanon, sedan till Turkiet och Grekland.",
     ("Syrien", "Libanon", "Turkiet", "Grekland"), _route_legs),
    ("Jag kommer från Afghanistan. Amu Darya är gränsen mellan Afghanistan och Tadzjikistan.",
     ("Afghanistan", "Tadzjikistan"), _route_legs),
    ("Från Lesbos tog vi bussen till Thessaloniki.", ("Lesbos",), _mainland),
    ("Vi kom med båt från Turkiet. Från Chios åkte vi tåg till Aten.", ("Chios",), _mainland),
    # class 4: one place, two names
    ("Jag kommer från Algeriet. Jag bodde i Buleyde, på svenska Blida.", ("Buleyde", "Blida"),
     _one_place_two_names),
    ("Jag kommer från Syrien. Vi bodde i Halab (Aleppo).", ("Halab", "Aleppo"),
     _one_place_two_names),
    ("Jag är född i Halab, som heter Aleppo på engelska.", ("Halab", "Aleppo"),
     _one_place_two_names),
    ("Vi bodde i Mumbai eller Bombay som det hette förut.", ("Mumbai", "Bombay"),
     _one_place_two_names),
    ("Jag kommer från Iran, från staden Esfahan, på svenska Isfahan.", ("Esfahan", "Isfahan"),
     _one_place_two_names),
    # class 3: a Swedish town's river or lake
    ("Jag bor i Västerås. Svartån rinner genom Västerås.", ("Svartån", "Västerås"),
     _water_of_town),
    ("Jag bor i Jönköping som ligger vid Vättern.", ("Vättern", "Jönköping"), _water_of_town),
    ("Jag bor i Göteborg. Göta älv rinner genom Göteborg.", ("Göta älv", "Göteborg"),
     _water_of_town),
    # class 3: a river named like a country is the river
    ("Jag kommer från Mali. Niger rinner genom Bamako.", ("Niger", "Bamako"), _town_on_water),
    ("Jag kommer från Algeriet. Bamako ligger vid Niger.", ("Niger", "Bamako"), _town_on_water),
    # class 5: a family's names
    ("Min dotter Sara Abdi går i skolan. Hon har en bror Ahmed Abdi.", ("Sara", "Abdi"),
     _one_origin),
    ("Vår dotter heter Maria Hernández och hon bor i Lund.", ("Maria", "Hernández"),
     _one_origin),
    ("Jag heter Anna Berg och min man heter Johan Lund.", ("Berg", "Lund"), _no_word_surname),
    # class 6: dates keep their weekday
    ("Jag började jobba måndagen den 3 mars 2025.",
     ("Jag började jobba måndagen den 3 mars 2025.",), _weekday_kept),
    ("Kursen startar 2025-03-10 och slutar i juni.",
     ("Kursen startar 2025-03-10 och slutar i juni.",), _weekday_kept),
    # class 7: a restaurant of the writer's country's cuisine follows the country
    ("Jag kommer från Vietnam. Nu bor jag i Malmö och jobbar på restaurangen Saigon Kök.",
     ("Vietnam", "Saigon Kök"), _cuisine_of_country),
    ("Jag kommer från Thailand. Jag jobbar på Bangkok Kök i Uppsala.", ("Thailand", "Bangkok Kök"),
     _cuisine_of_country),
    # class 7: districts stay districts
    ("Jag bor i Hjällbo. Min syster bor i Angered och min bror i Bergsjön.",
     ("Hjällbo", "Angered", "Bergsjön"), _districts_of_one_town),
    ("Vi bor i Rosengård i Malmö. Min kusin bor i Husie.", ("Rosengård", "Husie"),
     _districts_of_one_town),
    ("Jag bor i Huddinge och studerar på Stockholms universitet.",
     ("Huddinge", "Stockholms universitet", "70"), _institution_within_reach),
    ("Jag kommer från Thailand. Min hemstad är Chiang Mai.", ("Chiang Mai",), _a_home_town),
    # class 1: a name the lists file under a group at home elsewhere takes the essay's country's
    ("Jag heter Olga och kommer från Kiev. Vi pratar ryska hemma.", ("Kiev", "Olga"),
     _name_at_home),
    ("Jag heter Leyla och kommer från Tabriz i Iran. Min mamma pratar turkiska.",
     ("Iran", "Leyla"), _name_at_home),
]


@pytest.mark.parametrize(("text", "names", "holds"), [
    pytest.param(*row, id=f"r12-{row[2].__name__}-{i}") for i, row in enumerate(ROUND12)])
def test_round_12_surrogates_a_judge_cannot_fault(
        engine: Engine, text: str, names: tuple[str, ...],
        holds: Callable[[Engine, Result, tuple[str, ...]], None]) -> None:
    """Over seeds 0-7: the clues of judge run 16, as classes (each row failed before)."""
    holds_for_every_seed(engine, text, names, holds, JUDGE_SEEDS)


# --- round 13: judge run 17, phrasings wider than the earlier rows --------------------------

def _on_its_coast(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A town of an essay naming a coast's sea or sea island lies on that coast: never
    Lidköping (on Vänern) beside Tjörn, never Borås beside Öland."""
    town, word = names
    towns = [t for words_, t in geography(True).coasts if fold(word) in words_]
    assert towns and surrogate(r, town) in towns[0], r.target


def _offers(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A university the essay says offers a field is one that does: never medicine at
    Högskolan i Borås."""
    from pseudonymize.surrogates import university_fields
    field, university = names
    assert surrogate(r, university) in university_fields()[fold(field)], r.target


def _plate_of_country(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A plate of a listed country's layout keeps the layout of its car's country after the
    surrogates: never a Ukrainian plate on a car from Russia."""
    from pseudonymize.surrogates import plate_formats
    country, plate = names
    iso = engine.lex.get(fold(surrogate(r, country))).country
    got = surrogate(r, plate)
    assert any(f.country == iso and f.shape.fullmatch(got) for f in plate_formats()), r.target


def _one_sea(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A boat crossing told over two sentences crosses one sea (no ocean): never "Tanzania ...
    med båt till Malawi"."""
    got = [engine.lex.get(fold(surrogate(r, n))).country for n in names]
    assert geography(True).leg(*got, {}), (r.target, got)


ROUND13 = [
    # class 1: a river or lake and a town in different sentences, as learners write them
    ("Jag kommer från Mali. Jag bodde i Bamako. Niger är en stor flod.", ("Niger", "Bamako"),
     _town_on_water),
    ("Jag kommer från Bamako. Det finns en stor flod, Niger.", ("Niger", "Bamako"),
     _town_on_water),
    ("Min stad heter Bamako. Niger floden är mycket vacker.", ("Niger", "Bamako"),
     _town_on_water),
    ("jag bodde i Karachi. vi badade i Indus.", ("Indus", "Karachi"), _town_on_water),
    ("Jag bodde i Bagdad. Tigris är en stor flod.", ("Tigris", "Bagdad"), _town_on_water),
    ("Jag bodde i Kiev i Ukraina. Dnepr är en stor flod.", ("Dnepr", "Kiev"), _town_on_water),
    ("jag bor i Västerås. vi badar i Svartån på sommaren.", ("Svartån", "Västerås"),
     _water_of_town),
    ("Jag bor i Södertälje. Kolbäcksån är fin.", ("Kolbäcksån", "Södertälje"), _water_of_town),
    ("Jag bor i Karlstad. Vi åker båt på Vänern.", ("Vänern", "Karlstad"), _water_of_town),
    ("I Jönköping finns sjön Vättern.", ("Vättern", "Jönköping"), _water_of_town),
    # class 2: a district said to lie in a town, in the next clause or sentence
    ("Jag bodde i Kadıköy. Det är ett område i Istanbul.", ("Kadıköy", "Istanbul"),
     _district_abroad),
    ("jag bodde i Mosul. det är ett område i Bagdad.", ("Mosul", "Bagdad"), _district_abroad),
    # class 3: the coast the essay names
    ("jag bor i Lidköping. på sommaren vi åker till Tjörn och badar.", ("Lidköping", "Tjörn"),
     _on_its_coast),
    ("Jag bor i Uddevalla. Min mormor har ett sommarhus på Tjörn.", ("Uddevalla", "Tjörn"),
     _on_its_coast),
    ("jag bor i Kalmar. vi åker till Öland på sommaren.", ("Kalmar", "Öland"), _on_its_coast),
    ("Jag bor i Norrköping. Vi badar i Östersjön.", ("Norrköping", "Östersjön"), _on_its_coast),
    ("Jag bor i Göteborg. Vi badar i Västerhavet.", ("Göteborg", "Västerhavet"), _on_its_coast),
    # class 4: a route told over several sentences keeps each leg
    ("Vi gick från Eritrea till Sudan. Sen till Libyen. Sen med båt till Italien.",
     ("Libyen", "Italien"), _one_sea),
    ("Jag kom till Libyen. Sen åkte vi båt till Italien. Därefter tog vi tåget till Frankrike.",
     ("Libyen", "Italien", "Frankrike"), _route_legs),
    ("Jag flydde från Syrien. Sen kom jag till Libanon. Sedan Turkiet.",
     ("Syrien", "Libanon", "Turkiet"), _route_legs),
    # class 5: what a university offers
    ("Jag bor i Borås. Jag studerar medicin på Göteborgs universitet.",
     ("medicin", "Göteborgs universitet"), _offers),
    ("Min syster studerar till läkare på Karolinska Institutet i Solna.",
     ("läkare", "Karolinska Institutet"), _offers),
    ("jag läser till ingenjör på Chalmers.", ("ingenjör", "Chalmers"), _offers),
    ("Min bror pluggar juridik på Lunds universitet.", ("juridik", "Lunds universitet"), _offers),
    # class 7: two languages of one country: a country where both are spoken
    ("Jag heter Rojda och kommer från Turkiet. Jag pratar kurdiska och turkiska.",
     ("Turkiet", "kurdiska", "turkiska"), _speaks),
    # class 6: a plate follows its car's country
    ("Jag kommer från Ukraina. Vår bil har skyltar AX 1234 BC.", ("Ukraina", "AX 1234 BC"),
     _plate_of_country),
    ("Vi körde från Ukraina. Bilen hade registreringsnummer AX 1234 BC.",
     ("Ukraina", "AX 1234 BC"), _plate_of_country),
    ("Jag kommer från Ryssland. Min pappas bil hade skyltar A123BC 77.",
     ("Ryssland", "A123BC 77"), _plate_of_country),
    ("Jag bodde i Kadıköy, det ligger i Istanbul.", ("Kadıköy", "Istanbul"), _district_abroad),
]


@pytest.mark.parametrize(("text", "names", "holds"), [
    pytest.param(*row, id=f"r13-{row[2].__name__}-{i}") for i, row in enumerate(ROUND13)])
def test_round_13_surrogates_a_judge_cannot_fault(
        engine: Engine, text: str, names: tuple[str, ...],
        holds: Callable[[Engine, Result, tuple[str, ...]], None]) -> None:
    """Over seeds 0-7: the clues of judge run 17, in more phrasings (each row failed before)."""
    holds_for_every_seed(engine, text, names, holds, JUDGE_SEEDS)


# --- round 14: judge run 18, the forms around the mandated ones and the writer's own style ----

def _lower_case(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A learner who writes a name in lower case writes its surrogate so: "danske bank",
    never "danske Bank" or "taxi Kurir"."""
    for name in names:
        got = surrogate(r, name)
        assert got == got.lower(), r.target


def _acronym_kept(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """An acronym that begins a surrogate keeps its capitals ("IFK Luleå", never "iFK")."""
    name, = names
    assert not regex.match(r"\p{Ll}\p{Lu}", surrogate(r, name)), r.target


def _on_its_coast(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A town the essay bathes from in a named sea is a town of that coast, also where the
    only town meeting every other need (a castle) is the original itself."""
    town, sea = names
    coast = set().union(*(towns for words, towns in geography(True).coasts if fold(sea) in words))
    assert town_of(engine, r, town) in coast, r.target


def _institution_abroad(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A university or hospital named in another language lies in the surrogate country: its
    place is a town of that country, never a Swedish university beside "university" nor a
    Swedish hospital ("Järfällahus" for "Addington Hospital")."""
    country, university = names
    iso = engine.lex.get(fold(surrogate(r, country))).country
    got = surrogate(r, university)
    assert not any(w in got.lower() for w in ("universitet", "högskola", "sjukhus", "lasarett")) \
        and not got.lower().endswith("hus"), r.target
    assert any(engine.lex.get(fold(w)).place_country == iso
               for w in regex.findall(r"\p{L}+", got)), (r.target, iso)


def _municipality(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A Swedish place before "kommun" is a municipality's name: so is its surrogate (never
    "Hammarstrands kommun", a locality's name)."""
    for name in names:
        got = fold(surrogate(r, name).split()[0])
        assert got in engine.lex.municipalities or got[:-1] in engine.lex.municipalities, \
            r.target


def _address_year(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """Digits of an address that read as the writer's year of birth move as that year."""
    year, address = names
    assert surrogate(r, address).partition("@")[0][-2:] == surrogate(r, year)[-2:], r.target


def _address_of_name(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A name part that shortens the writer's name (zeyno beside Zeynep) is that name's
    surrogate."""
    name, address = names
    assert surrogate(r, address).startswith(fold(surrogate(r, name))), r.target


def _initial_of_writer(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A signature's initial is that of the writer's surrogate, not of her son Mahdi's."""
    name, initial = names
    assert surrogate(r, initial)[:1] == surrogate(r, name)[:1], r.target


def _stump_of_name(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A stump no name list holds ("zey" under Zeynep's letter) stands for the full name."""
    name, stump = names
    assert fold(surrogate(r, name)).startswith(fold(surrogate(r, stump))), r.target


def _calling_code(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A number abroad keeps a calling code, that of its country's surrogate: never a
    Swedish fiction number for a brother in Kampala."""
    from pseudonymize.surrogates import words
    country, number = names
    iso = engine.lex.get(fold(surrogate(r, country))).country
    assert surrogate(r, number).startswith("+" + words().calling_of[iso] + " "), (r.target, iso)


def _no_phone_shape(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A number with neither a calling code nor a leading 0 keeps its shape."""
    number, = names
    got = surrogate(r, number)
    assert regex.sub(r"\d", "0", got) == regex.sub(r"\d", "0", number) and got[:1] != "0", r.target


def _kept(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """Written as in the original: a feast's date, an international organisation."""
    assert all(name in r.target for name in names), r.target


def _own_date_moved(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A date a feast's sentence gives to a person (a birthday, an arrival) is theirs, not the
    feast's: it moves like any date and is in the key."""
    for name in names:
        assert name not in r.target, r.target
        start = r.source.index(name)
        parts = [a for a in r.annotations if start <= a.start < start + len(name)]
        assert parts and all(a.action == "replace" for a in parts), r.target


def _abroad_place(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A place no gazetteer knows, in a sentence or route abroad, lies abroad: never a
    Swedish town or district."""
    for name in names:
        entry = engine.lex.get(fold(surrogate(r, name)))
        assert entry.place_country not in ("", "SE") and "district" not in entry.cats, r.target


def _kunya(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """"abu Karim" (father of Karim) stays the father of Karim's surrogate."""
    son, word = names
    assert f"{word} {surrogate(r, son)}" in r.target, r.target


def _part_of_town(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """"Anderstorp i Skellefteå": a district of the town's surrogate, never a second town."""
    place, town = names
    assert surrogate(r, place) in engine.lex.districts_by_town[surrogate(r, town)], r.target


def _train_here(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A regional train runs in the surrogate town's landskap or a neighbouring one, else it
    is a national train (never Krösatåg beside Luleå)."""
    from pseudonymize.surrogates import words
    town, train = names
    geo = geography(lifelike=True)
    home = geo.towns[surrogate(r, town).capitalize()][0]
    got = surrogate(r, train)
    runs = set(next((w for t, w in words().trains.items() if t.lower() == got.lower()), ()))
    assert got.lower() in map(str.lower, words().national_trains) or home in runs \
        or not runs.isdisjoint(geo.landskap[home][1:]), r.target


def _one_town(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A town and its misspelling share one surrogate, and a postcode before the misspelling
    begins like that town's."""
    town, spelt, postcode = names
    got = surrogate(r, town)
    assert same_or_slip(got, surrogate(r, spelt)) and fold(got) != fold(town), r.target
    assert surrogate(r, postcode)[:2] == geography().towns[got][2][:2], r.target


def _one_country(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """One country, however it is written, has one surrogate."""
    assert all(same_or_slip(surrogate(r, names[0]), surrogate(r, name)) for name in names), \
        r.target


def _ages_in_order(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """Children's ages keep their order: no age moved below 1 and turned up."""
    ages = [int(surrogate(r, age)) for age in names]
    assert ages == sorted(ages, reverse=True) and len(set(ages)) == len(ages), r.target


def _no_kept_authority(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """An authority lifelike keeps as written is never a surrogate of something else."""
    from pseudonymize.surrogates import unique_authorities
    name, = names
    assert fold(surrogate(r, name)) not in unique_authorities(), r.target


ROUND14 = [
    # the writer's casing: lower case stays lower case, an acronym keeps its capitals
    ("jag har konto på handelsbanken och min kompis jobbar på postnord terminal.",
     ("handelsbanken", "postnord terminal"), _lower_case),
    ("jag läser på hermods. sen vi åker med norrtåg till boden.", ("hermods", "norrtåg"),
     _lower_case),
    ("Omid spelar fotboll i gefle IF.", ("gefle IF",), _acronym_kept),
    # a university named in another language
    ("vi bodde i adana i turkiet. min bror studerade på çukurova üniversitesi.",
     ("turkiet", "çukurova üniversitesi"), _institution_abroad),
    ("i kenya jag läste på maseno university men jag slutade.", ("kenya", "maseno university"),
     _institution_abroad),
    # a place before "kommun" is a municipality, whether or not a town has its name
    ("Jag bor på Storgatan 5 i Bergsjö. Nordanstigs kommun har hjälpt mig med bostad.",
     ("Nordanstigs",), _municipality),
    ("Vi bor i Edsbyn. Min fru jobbar i hemtjänsten för Ovanåkers kommun.", ("Ovanåkers kommun",),
     _municipality),
    # so is a hospital
    ("Jag föddes på Addington Hospital i Durban i Sydafrika. Min mamma var barnmorska där.",
     ("Sydafrika", "Addington Hospital"), _institution_abroad),
    ("Min pappa opererades på Ghazi Hastanesi i Turkiet förra året.",
     ("Turkiet", "Ghazi Hastanesi"), _institution_abroad),
    # the forms around the mandated ones: e-mail, initials, phone numbers abroad
    ("Jag heter Maryam Sultani och jag är född 1992. Min mejl är maryam.sultani92@gmail.com.",
     ("1992", "maryam.sultani92@gmail.com"), _address_year),
    ("Jag heter Zeynep och bor i Västerås. Min mejl är zeyno.yildirim84@hotmail.com.",
     ("Zeynep", "zeyno.yildirim84@hotmail.com"), _address_of_name),
    ("Jag heter Maryam Sultani. Min son Mahdi går i förskolan. Hälsningar M. Sultani",
     ("Maryam", "M"), _initial_of_writer),
    ("Jag heter Zeynep och bor i Västerås. kramar från din vän zey", ("Zeynep", "zey"),
     _stump_of_name),
    ("min bror bor i kampala i uganda. ring honom på +256 772 000 418.",
     ("uganda", "+256 772 000 418"), _calling_code),
    ("jag skickade pengar via western union, kvitto nummer 4410 772 195.",
     ("4410 772 195",), _no_phone_shape),
    # dates every writer shares, organisations every refugee meets
    ("förut vi firade jul den 7 i 1, nu alla ukrainare firar den 25 december som här.",
     ("den 7 i 1", "den 25 december"), _kept),
    ("Min dotter föddes den 24 december, på julafton.", ("24 december",), _own_date_moved),
    ("Vi firar jul den 24 december och min son fyller år den 3 januari.", ("3 januari",),
     _own_date_moved),
    ("i lägret unhcr gav mat varje månad men inte nog.", ("unhcr",), _kept),
    ("jag skickar 2000 kronor till mamma varje månad.", ("2000 kronor",), _kept),
    ("Karim fyller fjorton nästa vecka. Hälsningar från din bror abu Karim", ("Karim", "abu"),
     _kunya),
    # a camp abroad is no Swedish district
    ("i Dolo Ado vi bodde i lägret hiloweyn nästan fyra år. sen i uganda vi bodde i kampala.",
     ("Dolo Ado", "hiloweyn"), _abroad_place),
    ("Jag jobbar som undersköterska i hemtjänsten i Anderstorp i Skellefteå.",
     ("Anderstorp", "Skellefteå"), _part_of_town),
    ("Vi bor i Solna i Stockholm sedan 2019.", ("Solna", "Stockholm"), _part_of_town),
    ("jag bor i luleå. i februari vi åkte norrtåg till boden.", ("luleå", "norrtåg"),
     _train_here),
    ("i Dolo Ado vi bodde i lägret hiloweyn fyra år. det var varmt. sen i uganda vi bodde i "
     "kampala.", ("Dolo Ado", "hiloweyn"), _abroad_place),
    ("Jag kommer från turkiet. Jag bor i västerås nu. Elifs mamma bor kvar i şehitkamil.",
     ("şehitkamil",), _abroad_place),
    # one town, one country, one surrogate, however it is written
    ("Jag bor i Växjö. Den nya adressen är Sunnanvägen 22, 352 52 vexjö.",
     ("Växjö", "vexjö", "352 52"), _one_town),
    ("Den nya adressen är Sunnanvägen 22, 352 52 vexjö. Jag tycker om Växjö.",
     ("Växjö", "vexjö", "352 52"), _one_town),
    ("Jag kommer från Etiopien. 2016 jag lämnade Etiopia för politik.", ("Etiopien", "Etiopia"),
     _one_country),
    ("Jag kommer från Bosnien och Hercegovina. I bosnien jag var frisör.",
     ("Bosnien och Hercegovina", "bosnien"), _one_country),
    # the towns that meet the most of an essay's needs, among those that may be drawn
    ("Jag bor i Kalmar sedan 2015. På sommaren badar vi i Östersjön och vi åker över bron till "
     "Öland. Kalmar är en fin stad med ett slott.", ("Kalmar", "Östersjön"), _on_its_coast),
    # ages, kinds
    ("Omid är 9, Mariam 6 och Sana bara 2 år.", ("9", "6", "2"), _ages_in_order),
    ("Jag och Robel tittar på ifk norrköping varje lördag.", ("ifk norrköping",),
     _no_kept_authority),
]


# judge run 19: routes whose legs no longer border, each country replaced one by one
# (Afghanistan, Iran, Turkiet, by boat to Grekland -> Kirgizistan, Kina, Syrien, Albanien): a
# route is solved as a whole, its legs by land between bordering countries, by sea on one sea
ROUND15 = [
    ("Vi flydde från Afghanistan genom Iran till Turkiet och sedan med båt till Grekland.",
     ("Afghanistan", "Iran", "Turkiet", "Grekland"), _whole_route),
    ("Vi flydde från Afghanistan genom Iran till Turkiet och sedan med båt till Grekland.",
     ("Afghanistan", "Iran", "Turkiet"), _route),
    ("Jag kommer från Afghanistan. Vi gick från Afghanistan till Iran och sedan till Turkiet. "
     "Från Turkiet tog vi en båt till Grekland.", ("Afghanistan", "Iran", "Turkiet"), _route),
    ("Jag kommer från Guatemala. Vi gick genom Mexiko till USA.", ("Guatemala", "Mexiko", "USA"),
     _route),
    # the route from the country named in the sentence before
    ("Jag är från Eritrea. Vi gick genom Sudan till Libyen och sedan med båt till Italien.",
     ("Eritrea", "Sudan", "Libyen"), _route),
    ("Jag kommer från Somalia. Jag reste genom Etiopien, Sudan och Libyen. Sedan tog jag båten "
     "till Italien.", ("Somalia", "Etiopien", "Sudan", "Libyen"), _route),
    ("Min familj flydde från Irak till Turkiet. Sen till Bulgarien och Serbien. Sen till Ungern "
     "och Österrike och Tyskland.", ("Irak", "Turkiet", "Bulgarien", "Serbien", "Ungern",
                                     "Österrike", "Tyskland"), _route),
    ("Jag kommer från Vietnam. Vi åkte genom Kambodja och Thailand till Malaysia.",
     ("Vietnam", "Kambodja", "Thailand", "Malaysia"), _route),
    # a town "vid havet," (the comma once hid the sea) is a town on the sea of its country
    ("Jag kommer från Pakistan. Jag bodde i Gwadar vid havet, men min bror bor i Quetta.",
     ("Gwadar",), _on_the_sea),
]


def _nickname_differs(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A nickname is never the name it stands for ("Jag heter Muhammad men alla kallar mig
    Muhammad")."""
    name, nick = names
    assert fold(surrogate(r, name)) != fold(surrogate(r, nick)), r.target


def _nickname_of_writer(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """"alla kallar mig X" is the writer's nickname: of the writer's surrogate's sex and origin,
    never one of the Swedish sambo named last ("María ... Jonas ... kallar mig Lars")."""
    writer, nick = names
    full, got = fold(surrogate(r, writer)), fold(surrogate(r, nick))
    assert engine.lex.get(got).gender != "male", r.target
    short = {fold(n) for n in words().short_forms_lifelike.get(full, ())}
    assert set(engine.lex.name_origins.get(full, ())) & set(engine.lex.name_origins.get(got, ())) \
        or got in short or full.startswith(got), r.target


def _water_of_its_town(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A river or lake the essay ties to a town is the surrogate town's own, when we know the
    towns of the one drawn (never Eskilstunaån beside a surrogate Nyköping)."""
    town, water = names
    got, place = surrogate(r, water), town_of(engine, r, town)
    assert fold(got) != fold(water), r.target
    towns = geography(True).feature_towns.get(got)
    assert towns is None or place in towns, r.target


def _commute_as_far(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """Two towns a sentence ties ("chefen i X bor i Y") lie about as far apart as the originals:
    within half the distance or near_km."""
    from pseudonymize.coordinates import distance_km, near_km
    one, other = names
    was = distance_km(one, other)
    now = distance_km(town_of(engine, r, one), town_of(engine, r, other))
    assert was is not None and now is not None and abs(now - was) <= max(was / 2, near_km()), \
        (r.target, was, now)


def _town_on_its_river(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A town abroad the essay puts on a river lies on the river's surrogate, also where a
    district of it is named (never "Floden Senegal rinner genom Touba")."""
    town, river = names
    on = geography(True).feature_towns_abroad
    # "floden Senegal": the name without the kind word the essay writes before it
    name = next((n for n in sorted(on) if fold(n).startswith(fold(surrogate(r, river)))), "")
    assert surrogate(r, town) in on.get(name, ()), r.target


def _town_in_its_country(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """"Minneapolis i USA": the town's surrogate lies in the country's surrogate, whatever river
    an earlier sentence named."""
    town, country = names
    iso = engine.lex.get(fold(surrogate(r, country))).country
    assert engine.lex.get(fold(surrogate(r, town))).place_country == iso, r.target


def _country_fits_cue(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A country whose words the essay keeps ("tom yum", "LINE") is one they fit."""
    country, *_ = names
    iso = engine.lex.get(fold(surrogate(r, country))).country
    assert iso in {"TH", "LA", "KH"}, r.target


# judge run 20: a nickname equal to its name, rivers of another town, a boss 160 km from home,
# Thai words beside a Vietnamese neighbour
ROUND16 = [
    ("Jag heter Mohammed men alla kallar mig Mo.", ("Mohammed", "Mo"), _nickname_differs),
    ("Jag heter María och jag bor med min sambo Jonas, han är svensk. På jobbet alla kallar mig "
     "Mafe.", ("María", "Mafe"), _nickname_of_writer),
    ("Jag bor i Södertälje nu men förut bodde jag i Hallstahammar. Där fiskade vi i Kolbäcksån.",
     ("Hallstahammar", "Kolbäcksån"), _water_of_its_town),
    ("Jag jobbar i Södertälje. Jag bor i Hallstahammar vid Kolbäcksån.",
     ("Hallstahammar", "Kolbäcksån"), _water_of_its_town),
    ("Jag bor i Malmö. Min chef jobbar i Umeå men hon bor i Skellefteå.", ("Umeå", "Skellefteå"),
     _commute_as_far),
    ("Jag bor i Göteborg. Chefen i Uppsala bor i Stockholm.", ("Uppsala", "Stockholm"),
     _commute_as_far),
    ("Min granne kommer från Thailand. Hon lagar tom yum och vi skriver på LINE.", ("Thailand",),
     _country_fits_cue),
    ("Jag kommer från Mali. Floden Niger rinner genom Bamako. Jag bodde i Kati, ett område i "
     "Bamako.", ("Bamako", "Niger"), _town_on_its_river),
    ("Jag kommer från Irak. Jag bodde i Karrada, en stadsdel i Bagdad. Tigris rinner genom "
     "Bagdad.", ("Bagdad", "Tigris"), _town_on_its_river),
    ("Jag kommer från Somalia. På landet vid floden Shabelle vi hade kameler. I Etiopien vi bodde "
     "i Jijiga. Min kompis bor nu i Minneapolis i USA.", ("Minneapolis", "USA"),
     _town_in_its_country),
]


def _feature_in_countries(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A river, lake or range abroad lies in the surrogate of one of the given countries of its
    sentence (the writer's own: never the Barada of Syria for a Jordanian's home river)."""
    feature, *countries = names
    isos = {engine.lex.get(fold(surrogate(r, c))).country for c in countries}
    where = geography(True).features.get(_water_name(surrogate(r, feature)), ("", frozenset()))[1]
    assert where & isos, r.target


def _a_river_of_its_country(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A river named like the essay's country ("floden Kongo") is a river of the country's
    surrogate (never "floden Dahlak", an island)."""
    country, river = names
    iso = engine.lex.get(fold(surrogate(r, country))).country
    rivers = [a.pseudonym for a in r.annotations if a.original == river][1:]
    geo = geography(True)
    assert rivers and all(geo.features.get(_water_name(got), ("", frozenset()))[0] == "river"
                          and iso in geo.features[_water_name(got)][1] for got in rivers), r.target


def _no_swedish_river_abroad(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A river abroad with none of its kind left is "floden", never the Swedish "älven" or
    "ån"; capitalised where it begins a sentence."""
    got = surrogate(r, names[0])
    assert fold(got) not in {"alven", "alv", "an", "strommen"} and got[:1].isupper(), r.target


def _over_a_range(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """Each leg of a walk "genom bergen" goes between bordering countries that share a listed
    mountain or range (never Jemen to Oman, nor Kazakstan, Kina, Vietnam)."""
    isos = [engine.lex.get(fold(surrogate(r, name))).country for name in names]
    ranges = [w for kind, w in geography(True).features.values() if kind in ("mountain", "range")]
    for one, other in pairwise(isos):
        assert other in engine.lex.neighbours[one], r.target
        assert any({one, other} <= w for w in ranges), r.target


# judge runs 20 and 21: a border, a river or a range that no longer agrees with its country
ROUND17 = [
    ("Jag kommer från Mosul i Irak. Floden Tigris går genom staden och vid gränsen till Syrien "
     "finns öknen.", ("Irak", "Syrien"), _route),
    ("Jag är från Syrien. Jag bodde i Qamishli nära gränsen till Turkiet. Floden Eufrat var "
     "långt borta.", ("Syrien", "Turkiet"), _route),
    ("Jag kommer från Irak. Floden Eufrat går genom vår stad, och gränsen till Syrien är inte "
     "långt borta.", ("Irak", "Syrien"), _route),
    ("Jag kommer från Irak. Vi bodde i Zakho vid floden Khabur, nära gränsen till Turkiet.",
     ("Khabur", "Irak"), _feature_in_countries),
    # a river named like a country, read as the river its sentence says it is
    ("Jag bodde i Kinshasa. Floden Kongo är mycket bred där.", ("Kinshasa", "Kongo"),
     _town_on_its_river),
    ("Jag kommer från Kongo. Min pappa fiskade i floden Kongo varje dag.", ("Kongo", "Kongo"),
     _a_river_of_its_country),
    ("Jag är från Algeriet. Nigerfloden går inte genom Alger, den går genom Mali.",
     ("Nigerfloden",), _no_swedish_river_abroad),
    # a walk through the mountains between two countries: the surrogates share a range
    ("Vi gick till fots genom bergen från Irak till Turkiet.", ("Irak", "Turkiet"), _over_a_range),
    ("Från Kurdistan i Irak gick vi genom bergen till Iran.", ("Irak", "Iran"), _over_a_range),
    ("Vi gick från Afghanistan till Iran och sedan till Turkiet genom bergen.",
     ("Afghanistan", "Iran", "Turkiet"), _over_a_range),
    ("Vi gick över bergen från Iran till Turkiet, sedan till Grekland med båt.",
     ("Iran", "Turkiet"), _over_a_range),
    ("Från Pakistan vi gick genom bergen till Iran. Det var kallt i bergen.",
     ("Pakistan", "Iran"), _over_a_range),
]


def _one_language(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """The names of one family keep to one language of their origin group (never a Tigrinya
    given name with an Oromo surname): at most one language of `name_languages_lifelike` among
    the surrogates."""
    table = words().name_languages["habesha"]
    got = {table[f] for name in names if (f := fold(surrogate(r, name))) in table}
    assert len(got) <= 1, r.target


def _of_named_language(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A family whose essay names its language ("hemma pratar vi tigrinja") takes names of
    that language or shared by the group's languages."""
    *people, said = names
    table = words().name_languages["habesha"]
    got = {table[f] for name in people if (f := fold(surrogate(r, name))) in table}
    assert got <= {words().language_words["habesha"][fold(said)]}, r.target


def _language_at_home(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """The country replacing a family's homeland is one where the language of the family's
    surrogate names is spoken (an Oromo family is never moved to Eritrea)."""
    country, *people = names
    iso = engine.lex.get(fold(surrogate(r, country))).country
    table = words().name_languages["habesha"]
    for language in {table[f] for name in people if (f := fold(surrogate(r, name))) in table}:
        assert iso in words().language_homes["habesha"][language], r.target


def _no_word_name(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """No name surrogate is an everyday Swedish word (Gül, Can, Ben, Skog, Nord, Borg)."""
    from pseudonymize.surrogates.spans import _wordlike
    for name in names:
        assert not _wordlike(engine.lex, surrogate(r, name)), (name, r.target)


def _nickname_of_its_name(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A nickname is a short form of its own name's surrogate (listed, or a beginning of it),
    wherever the essay gives it (never "Liza" nicknamed "Anastasiya")."""
    full, nick = (surrogate(r, name) for name in names)
    short = {fold(n) for n in words().short_forms_lifelike.get(fold(full), ())}
    assert fold(nick) != fold(full) and (fold(nick) in short or fold(full).startswith(
        fold(nick))), r.target


def _water_at_town(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A Swedish river, lake or sea a sentence ties to a town is the surrogate town's own, or
    one of its landskap no other town has, or the bare kind word ("ån", "havet"): never a water
    of another landskap (Åmänningen beside Borlänge, Västerdalälven at Arvika, Kalmarsund at
    Hässleholm)."""
    town, water = names
    geo = geography(True)
    got, place = surrogate(r, water), town_of(engine, r, town)
    if fold(got) in {fold(w) for w, _ in geo.kind_words} | {"havet", "sjon", "an", "alven"}:
        return
    towns = geo.feature_towns.get(got)
    where = geo.features.get(got, ("", frozenset()))[1]
    assert (place in towns) if towns else geo.towns[place][0] in where, r.target


def _where_spoken(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A town abroad of an essay that names a language lies in a region where the language is
    spoken at home (`homes` of `country_cues_lifelike`; never a Kurd from Khorramshahr)."""
    town, language = names
    lex, got = engine.lex, surrogate(r, town)
    iso = lex.get(fold(got)).place_country
    regions = {lex.place_region.get(fold(t)) for t in geography(True).cue_homes[fold(language)]
               if lex.get(fold(t)).place_country == iso}
    assert not regions or lex.place_region.get(fold(got)) in regions, r.target


def _landmark_of_town(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A landmark named with its town ("Lunds domkyrka", "Kalmar slott") is the surrogate town's
    own: its name holds that town, which has one (never a street, never another town's)."""
    town, landmark = names
    place, got = town_of(engine, r, town), surrogate(r, landmark)
    word = fold(landmark.split()[-1])
    has = geography(True).town_has.get(word)
    assert fold(got).startswith(fold(place)) and (not has or place in has), r.target


def _landmark_in_its_town(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """An institution whose name holds a town the essay names ("jobbar i Göteborg ...
    Göteborgs domkyrka") lies in that town's surrogate (never Växjö domkyrka beside a surrogate
    Västervik)."""
    town, landmark = names
    place = town_of(engine, r, town)
    kind = institution_kind(landmark)
    assert kind and any(t == place and n == surrogate(r, landmark) for n, t in kind.pool), \
        r.target


# judge runs 20-22: a family of two languages, names that are words, a landmark of another
# town, a river or sea of another town, a language of another country, a nickname of another name
ROUND18 = [
    ("Jag heter Hawi Gemechu och min man heter Lencho Abdisa. Vår dotter heter Sara.",
     ("Hawi", "Gemechu", "Lencho", "Abdisa", "Sara"), _one_language),
    ("Min kompis heter Abel Haile och hans fru heter Saba Yohannes. Deras son heter Dawit.",
     ("Abel", "Haile", "Saba", "Yohannes", "Dawit"), _one_language),
    ("Jag heter Semhar Tesfamariam och min bror heter Kibrom. Vi har en syster, Luwam.",
     ("Semhar", "Tesfamariam", "Kibrom", "Luwam"), _one_language),
    ("Jag heter Abel och min fru heter Saba. Hemma pratar vi tigrinja.",
     ("Abel", "Saba", "tigrinja"), _of_named_language),
    ("Jag heter Chaltu Gemechu och jag kommer från Etiopien. Min mamma heter Lensa.",
     ("Etiopien", "Chaltu", "Gemechu", "Lensa"), _language_at_home),
    ("Jag heter Emre. Mina barn heter Elif, Zeynep, Ayşe, Merve och Kerem.",
     ("Emre", "Elif", "Zeynep", "Ayşe", "Merve", "Kerem"), _no_word_name),
    ("Min chef heter Per Andersson och hans kollega heter Lars Eriksson och Olof Larsson.",
     ("Andersson", "Eriksson", "Larsson"), _no_word_name),
    ("I min klass finns Anna Svensson, Eva Nilsson, Karin Holmberg, Lisa Lindström och Sara "
     "Bergqvist.", ("Svensson", "Nilsson", "Holmberg", "Lindström", "Bergqvist"), _no_word_name),
    ("Jag bor i Mariestad. Vi badar i Vänern.", ("Mariestad", "Vänern"), _water_at_town),
    ("Jag bor i Södertälje. Min kusin bor i Hallstahammar och han fiskar i Kolbäcksån.",
     ("Hallstahammar", "Kolbäcksån"), _water_at_town),
    ("Jag bor i Borås. Vi åker till Göteborg och badar i Västerhavet.",
     ("Göteborg", "Västerhavet"), _water_at_town),
    ("Jag kommer från Mahabad. Jag pratar kurdiska och persiska.", ("Mahabad", "kurdiska"),
     _where_spoken),
    ("Jag kommer från Herat. Där pratar alla dari.", ("Herat", "dari"), _where_spoken),
    ("Jag kommer från Jalalabad. Hemma pratar vi pashto.", ("Jalalabad", "pashto"),
     _where_spoken),
    ("Jag bor i Kalmar. Vi gick till Kalmar slott med barnen.", ("Kalmar", "Kalmar slott"),
     _landmark_of_town),
    ("Jag bor i Lund. Lunds domkyrka är mycket gammal.", ("Lund", "Lunds domkyrka"),
     _landmark_of_town),
    ("Jag bor i Jönköping men jag jobbar i Göteborg. Jag har sett Göteborgs domkyrka.",
     ("Göteborg", "Göteborgs domkyrka"), _landmark_in_its_town),
    ("Alla kallar mig Sasha men egentligen heter jag Aleksandr.", ("Aleksandr", "Sasha"),
     _nickname_of_its_name),
    ("Jag heter Fatemeh men min man kallar mig Fati.", ("Fatemeh", "Fati"),
     _nickname_of_its_name),
    ("Min mormor hette Yekaterina, alla sa Katja till henne.", ("Yekaterina", "Katja"),
     _nickname_of_its_name),
    ("Min man heter Lars men alla säger Lasse.", ("Lars", "Lasse"), _nickname_of_its_name),
    ("Jag heter Mehmet men kompisarna säger Memo.", ("Mehmet", "Memo"), _nickname_of_its_name),
]


def _war_kept(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A war the essay names keeps its year and its country one that had a war (never "the civil
    war in Oman began 2014")."""
    country, year = names
    iso = engine.lex.get(fold(surrogate(r, country))).country
    assert iso in geography(True).country_cues["kriget"], r.target
    assert year in r.target, r.target


def _own_year_moved(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A year of one's own beside a war ("min pappa dog i kriget 2012") moves: only the war's
    own year is kept."""
    assert surrogate(r, names[0]) != names[0], r.target


def _names_at_home(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A family's country abroad is one where its names are given (never Thai names for a woman
    from Cambodia)."""
    country, group = names
    iso = engine.lex.get(fold(surrogate(r, country))).country
    assert iso in geography(True).homelands[group], r.target


def _on_the_border(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A river on a border lies in both surrogate countries, or is the bare "floden" (never the
    Zayandeh on the border between Iran and Turkey)."""
    river, *countries = names
    got = surrogate(r, river)
    isos = {engine.lex.get(fold(surrogate(r, c))).country for c in countries}
    where = geography(True).features.get(got, ("", frozenset()))[1]
    assert fold(got) == "floden" or isos <= where, r.target


def _care_company(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A care company is replaced by a care company (never Manpower for Vardaga)."""
    from pseudonymize.surrogates import institution_kinds
    care = next(k for k in institution_kinds(True) if k.name == "care_company")
    assert fold(surrogate(r, names[0])) in care.names, r.target


def _turns_in_school_year(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A child turning ten in årskurs 3 turns nine or ten after the move, never eight."""
    age, low = names
    assert int(low) <= int(surrogate(r, age)) <= int(age), r.target


def _district_of_its_town(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A Swedish district lies in the surrogate of its own town where the essay names that town
    (never Hjällbo of Göteborg as a district of Borås's surrogate)."""
    town, district = names
    assert surrogate(r, district) in engine.lex.districts_by_town.get(
        surrogate(r, town), ()), r.target


def _speaks_there(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A country abroad is one where the language its sentence names is spoken (never a
    Turkish speaker from the Emirates)."""
    country, language = names
    iso = engine.lex.get(fold(surrogate(r, country))).country
    assert iso in geography(True).country_cues[fold(language)], r.target


def _bridge(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A bridge is a bridge, never a street ("över Kyrkstigen till Hasslö")."""
    assert fold(surrogate(r, names[0])).endswith("bron"), r.target


# judge run 23: a war year and country, Thai names in Cambodia, a river on another border, a
# district of another town, a care company, an age against its school year, trains, bridges
ROUND20 = [
    ("Jag bor i Kalmar. Vi åker över Ölandsbron till Öland på sommaren.", ("Ölandsbron",),
     _bridge),
    ("Jag bor i Göteborg. Vi åker till Tjörn över Tjörnbron.", ("Tjörnbron",), _bridge),
    ("Jag bor i Norrköping och jobbar i Linköping. Jag åker Östgötapendeln varje dag.",
     ("Östgötapendeln", "Norrköping", "Linköping"), _train_stops_at_both),
    ("Jag bor i Lund men jag jobbar i Malmö. Jag tar Pågatåg till jobbet.",
     ("Pågatåg", "Lund", "Malmö"), _train_stops_at_both),
    ("Min kollega kommer från Saqqez i Iran. Hon pratar turkiska.", ("Iran", "turkiska"),
     _speaks_there),
    ("Min svåger kommer från Iran. Han är turk och han jobbar som snickare.",
     ("Iran", "turk"), _speaks_there),
    ("Jag bor i Borås. Göteborgs moské ligger i Hjällbo, det är ett område i Göteborg.",
     ("Göteborg", "Hjällbo"), _district_of_its_town),
    ("Jag jobbar på Vardaga i Borlänge. Det är ett äldreboende.", ("Vardaga",), _care_company),
    ("Min mamma jobbar som undersköterska på Attendo.", ("Attendo",), _care_company),
    ("Min dotter fyller 10 år. Hon går i årskurs 3.", ("10", "9"), _turns_in_school_year),
    ("Min son fyller 11 år i maj och han går i fjärde klass.", ("11", "10"),
     _turns_in_school_year),
    ("Inbördeskriget i Syrien började 2011. Vi flydde till Turkiet 2013.", ("Syrien", "2011"),
     _war_kept),
    ("jag kommer från aleppo i syrien. 2011 började kriget i syrien och vi flydde.",
     ("syrien", "2011"), _war_kept),
    ("Jag kommer från Syrien. Kriget började 2011 och vi kom till Sverige 2015.",
     ("Syrien", "2011"), _war_kept),
    ("Min familj kommer från Jemen. Det är krig där nu sedan 2015.", ("Jemen", "2015"),
     _war_kept),
    ("Min pappa dog i kriget 2012. Vi kommer från Syrien.", ("2012",), _own_year_moved),
    ("Jag heter Malee och jag kommer från Thailand. Jag lagar tom yum varje helg.",
     ("Thailand", "thai"), _names_at_home),
    ("Min granne heter Somchai och han kommer från Thailand.", ("Thailand", "thai"),
     _names_at_home),
    # (the lead, after round 20: Turkish names had no home but Turkey, so a Turkish family
    # moved to Syria with Arabic names and kept speaking Turkish)
    ("Jag heter Mehmet och kommer från Ankara i Turkiet. Mina barn heter Elif och Emre.",
     ("Turkiet", "turkish"), _names_at_home),
    ("Min granne Ayşe kommer från Konya i Turkiet. Hon pratar turkiska med mig.",
     ("Turkiet", "turkish"), _names_at_home),
    ("Jag är från Mazar-e Sharif i Afghanistan. Vi firar Nowruz i Mazar. Amu Darya är floden på "
     "gränsen till Uzbekistan.", ("Amu Darya", "Afghanistan", "Uzbekistan"), _on_the_border),
    ("Jag kommer från Irak. Tigris går nära gränsen till Syrien.", ("Tigris", "Irak", "Syrien"),
     _on_the_border),
]


# --- round 21: nicknames said, a place's own name beside its Swedish one, a town's region ---

def _said_nickname(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A nickname given with "säger" ("alla säger Siro") is a short form of its name's
    surrogate, listed or cut as the original is cut (Sirwan: Siro -> Hozan: Hozo)."""
    full, nick = (fold(surrogate(r, n)) for n in names)
    listed = {fold(n) for n in words().short_forms_lifelike.get(full, ())}
    assert nick in listed or (nick[:2] == full[:2] and nick != full), r.target


def _own_name_beside_swedish(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """The name a place's own people give it (the first) beside its Swedish name (the second)
    name one surrogate place, the first its own people's name where `native_names_lifelike`
    lists the place: never an English exonym as the native one, never two towns."""
    first, second = (surrogate(r, n) for n in names)
    aliases, table = engine.lex.place_aliases, words().native_names
    row = table.get(fold(second))
    if row:
        assert fold(first) == fold(row[1]), r.target
    else:
        assert fold(first) == fold(second) or fold(first) in aliases.get(second, ()) or fold(
            second) in aliases.get(first, ()), r.target


def _region_of_its_town(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A region named right after a town abroad is the region of the town's surrogate
    (regions.toml), never another town."""
    town, region = (surrogate(r, n) for n in names)
    code = engine.lex.place_region.get(fold(town), "")
    assert fold(regions_abroad().get(code, "")) == fold(region), r.target


def _camp_of_country(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A refugee camp is a listed camp of the surrogate country, never a town."""
    camp, country = (surrogate(r, n).removesuffix("-lägret") for n in names)
    iso = engine.lex.get(fold(country)).country
    assert fold(camp) in {fold(c) for c in words().camps.get(iso, ())}, r.target


def _unisex_name(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A Swedish or English given name of either sex is one Swedes of both sexes bear."""
    got, = (surrogate(r, n) for n in names)
    assert got in words().unisex_names, r.target


def _university_in_country(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A university abroad named after its town keeps its words and names a town of the
    surrogate country (never a Swedish university)."""
    university, country = (surrogate(r, n) for n in names)
    iso = engine.lex.get(fold(country)).country
    town = university.removeprefix("universitetet i ")
    assert town != university and engine.lex.get(fold(town)).place_country == iso, r.target


def _bare_word(word: str) -> Callable[[Engine, Result, tuple[str, ...]], None]:
    def check(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
        got, = (surrogate(r, n) for n in names)
        assert fold(got) == word, r.target
    check.__name__ = f"_bare_{word}"
    return check


def _persian_of(variety: str) -> Callable[[Engine, Result, tuple[str, ...]], None]:
    """Every name is of the family's variety of Persian names or shared by both (Iranian
    "Mahsa ... Reza" never become Afghan names, nor Afghan "Najibullah" Iranian ones)."""
    def check(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
        listed = words().name_languages["persian"]
        for name in names:
            got = fold(surrogate(r, name))
            assert listed.get(got, variety) == variety, (name, r.target)
    check.__name__ = f"_persian_{variety}"
    return check


def _kept_as_written(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A region of a people that spans several countries stays as written, and the
    countries beside it are ones it spans (`country_cues_lifelike`: kurdistan)."""
    region, country = names
    assert surrogate(r, region) == region, r.target
    assert engine.lex.get(fold(surrogate(r, country))).country in {"IQ", "IR", "SY", "TR"}, \
        r.target


def _towns_of_one_region(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """Two towns said to lie in one region abroad lie in one region after replacement."""
    codes = {engine.lex.place_region.get(fold(surrogate(r, n)), "") for n in names}
    assert len(codes) == 1 and "" not in codes, r.target


def _stations_of_towns(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """"Lund C", "Malmö C": the stations of two Swedish towns other than the originals."""
    for name in names:
        town, _, tail = surrogate(r, name).rpartition(" ")
        assert tail == "C" and town in geography().towns and town != name[:-2], r.target


ROUND21 = [
    ("Jag skickar pengar till davao, min syster har konto på BDO, kontonummer 0041-2233-9876.",
     ("BDO",), _of_kind("bank")),
    ("Jag studerade kemi fyra år på Fudan i Shanghaj. Det är en stor stad.", ("Fudan",),
     _bare_word("universitetet")),
    ("Min son gick på Al-Nour i Mogadishu innan vi kom hit.", ("Al-Nour",), _bare_word("skolan")),
    ("Jag bor i Lund. Jag åker Öresundståg från Lund C till Malmö C varje dag.",
     ("Lund C", "Malmö C"), _stations_of_towns),
    ("Jag tog tåget från Göteborg C till Stockholm.", ("Göteborg C",), _stations_of_towns),
    ("Jag kommer från Chengdu i Sichuan i Kina.", ("Chengdu", "Sichuan"), _region_of_its_town),
    ("Jag kommer från Silemani i Kurdistan, det är norra Irak.", ("Kurdistan", "Irak"),
     _kept_as_written),
    ("Jag är född i Shiraz, det är en stad i Fars. Min moster bor i Jahrom, en liten stad i Fars.",
     ("Shiraz", "Jahrom"), _towns_of_one_region),
    ("Vi bodde två år i Zaatari-lägret i Jordanien.", ("Zaatari-lägret", "Jordanien"),
     _camp_of_country),
    ("Hej, jag heter Mahsa Karimi. Jag är född i Shiraz i Iran. Min man heter Reza Tavakoli. "
     "Vi har en dotter, Yasaman, och en son, Kian.",
     ("Mahsa", "Reza", "Tavakoli", "Yasaman", "Kian"), _persian_of("iranian")),
    ("Jag heter Najibullah Ahmadzai och jag kommer från Kabul i Afghanistan. Min fru heter "
     "Zarghona. Min vän heter Farhad.", ("Najibullah", "Ahmadzai", "Zarghona", "Farhad"),
     _persian_of("afghan")),
    ("Jag kommer från Afghanistan. Jag pratar dari. Min vän heter Pouya och hans fru heter "
     "Mahsa.", ("Pouya", "Mahsa"), _persian_of("afghan")),
    ("Min chef heter Charlie Nilsson, hen är rättvis.", ("Charlie",), _unisex_name),
    ("Min lärare heter Sam Öberg. Jag tycker om svenska.", ("Sam",), _unisex_name),
    ("I Vietnam jag läste maskinteknik på universitetet i hai phong, så nu jag vill jobba.",
     ("universitetet i hai phong", "Vietnam"), _university_in_country),
    ("Min syster har konto på BDO och jag skickar pengar varje månad.", ("BDO",),
     _of_kind("bank")),
    ("Jag bor i Luleå. Jag tar buss 4 till LTU för jag läser där.", ("LTU",),
     _of_kind("university")),
    ("Jag bor i Trollhättan. Jag tycker om Göta älv och trollhättefallen.",
     ("trollhättefallen",), _bare_word("fallen")),
    ("Vi flydde till Kenya och vi bodde tre år i lägret kakuma. Det var varmt.",
     ("kakuma", "Kenya"), _camp_of_country),
    ("Vi bodde två år i flyktinglägret Zaatari i Jordanien.", ("Zaatari", "Jordanien"),
     _camp_of_country),
    ("Min bästa kompis är Sirwan Mahmoud, alla säger Siro. Han bor i Falun.", ("Sirwan", "Siro"),
     _said_nickname),
    ("Vi har en dotter, Yasaman, hon är sex, vi säger Yasi.", ("Yasaman", "Yasi"),
     _said_nickname),
    ("Min dotter heter Fatima. Hemma säger vi Fatoom.", ("Fatima", "Fatoom"), _said_nickname),
    ("Min fru är från hewlêr, araber säger Erbil.", ("hewlêr", "Erbil"), _own_name_beside_swedish),
    ("Min bror bor i Kerkûk, ni säger Kirkuk.", ("Kerkûk", "Kirkuk"), _own_name_beside_swedish),
    ("Jag kommer från Halab, på svenska heter det Aleppo.", ("Halab", "Aleppo"),
     _own_name_beside_swedish),
    ("Jag är född i Shiraz, det är en gammal stad i Fars i södra Iran.", ("Shiraz", "Fars"),
     _region_of_its_town),
    ("Min mamma bor kvar i Mashad i Khorasan.", ("Mashad", "Khorasan"), _region_of_its_town),
    ("Jag kommer från Herat i Afghanistan. Min farbror bor i Jalalabad i Nangarhar.",
     ("Jalalabad", "Nangarhar"), _region_of_its_town),
]



def _nickname_cut_anew(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A nickname cut from its name ("Abdirahman ... Abdi", "Sirwan ... Siro") is cut from the
    surrogate likewise, and is never the original nickname (Abdikadir: Abdi, an original)."""
    full, nick = (fold(surrogate(r, n)) for n in names)
    listed = {fold(n) for n in words().short_forms_lifelike.get(full, ())}
    assert nick != fold(names[1]) and (nick in listed or (nick[:2] == full[:2] and nick != full)), \
        r.target


def _a_station(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A station with a name of its own ("Knutpunkten") is a station, never a street."""
    got = surrogate(r, names[0])
    kind = geography(True).landmarks.get(got, ("", ""))[0]
    assert kind == "station" or fold(got).endswith(("resecentrum", "centralstation")), r.target


ROUND22 = [
    ("Jag heter Abdirahman Yusuf men alla säger Abdi.", ("Abdirahman", "Abdi"),
     _nickname_cut_anew),
    ("Min son heter Abdullahi, vi säger Abdi hemma.", ("Abdullahi", "Abdi"), _nickname_cut_anew),
    ("Min bästa kompis är Sirwan Mahmoud, alla säger Siro.", ("Sirwan", "Siro"),
     _nickname_cut_anew),
    ("Jag kommer från kabul i Afganistan. Vi bodde i Khair khana, det är norra delen av stan.",
     ("Khair khana", "kabul"), _district_of),
    ("Jag är från Mogadishu. Vi bodde i Hodan, det är en stor del av staden.",
     ("Hodan", "Mogadishu"), _district_of),
    ("Jag bor i Helsingborg. Jag tar bussen från Knutpunkten varje morgon.", ("Knutpunkten",),
     _a_station),
    ("Jag bor i Stockholm. Flygbussen går från Cityterminalen.", ("Cityterminalen",),
     _a_station),
]


def _route_from_town(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A route whose first stop is a town of a country the essay never names ("Vi flydde från
    Kabul till Iran och sedan till Turkiet"): the town's surrogate lies in a country bordering
    the first country's surrogate, and each country borders the next (before: Herat, then
    Syria)."""
    town, *countries = names
    lex = engine.lex
    isos = [lex.get(fold(surrogate(r, town))).place_country] + [
        lex.get(fold(surrogate(r, c))).country for c in countries]
    for before, after in pairwise(isos):
        assert before in lex.neighbours[after], r.target


def _on_side(*sides: str) -> Callable[[Engine, Result, tuple[str, ...]], None]:
    """A town the essay places in a part of its country ("i södra Iran") lies in that part of
    its surrogate's country (before: "Halab i södra Syrien")."""
    def holds(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
        got = surrogate(r, names[0])
        iso = engine.lex.get(fold(got)).place_country
        assert on_side(iso, [got], sides) == [got], r.target
    holds.__name__ = "_on_side_" + "_".join(sides)
    return holds


def _by_the_border(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A town "nära gränsen till X" is one of its country's towns nearest X's surrogate."""
    town, country = names
    got, lex = surrogate(r, town), engine.lex
    iso, other = lex.get(fold(got)).place_country, lex.get(fold(surrogate(r, country))).country
    assert by_border(iso, list(towns_abroad()[iso]), other) == [got] or got in by_border(
        iso, list(towns_abroad()[iso]), other), r.target


def _on_kept_water(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A town beside a river no detector marked, kept as written ("Raqqa vid eufrat-floden"),
    lies on that river (before: Homs, Hama)."""
    town, water = names
    assert surrogate(r, town) in geography(True).feature_towns_abroad[water], r.target


def _a_river_abroad(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A river abroad ("Floden Hari rud", "Kabul floden") stays a river abroad, its kind word
    written once (before: "Floden Fyrisån", "Kabulfloden floden")."""
    geo = geography(True)
    pick = next(a.pseudonym for a in r.annotations if a.label == "geo")
    # "Floden Kabul": the name without the kind word the essay writes before it
    name = pick if pick in geo.features else next(
        (n for n in sorted(geo.features) if fold(n).startswith(fold(pick))), "")
    kind, where = geo.features.get(name, ("", frozenset()))
    assert kind == "river" and abroad(where), r.target
    assert "floden floden" not in r.target.lower() and not fold(pick).startswith(
        fold(names[0])), r.target


def _part_of_town(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A district of a town abroad with no district word ("Jag föddes i Aden. Min farbror bor
    i Crater", "Bagdad ... Vi bodde i Mansour") lies in the town's surrogate's region, else
    among the towns nearest it (before: a district of another city or a far town)."""
    area, town = names
    lex = engine.lex
    got, parent = surrogate(r, area), surrogate(r, town)
    iso = lex.get(fold(parent)).place_country
    assert lex.get(fold(got)).place_country == iso, r.target
    assert lex.place_region.get(fold(got)) == lex.place_region.get(fold(parent)) or got in \
        nearest(iso, parent, lex.cities_by_country[iso], 8), r.target


def _side_of(side: str) -> Callable[[Engine, Result, tuple[str, ...]], None]:
    """"Sollentuna, norr om Stockholm": the first town's surrogate lies on that side of the
    second's (before: "Karlstad, norr om Kristinehamn", "Östersund, långt norr om Sundsvall")."""
    def holds(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
        one, other = (town_of(engine, r, n) for n in names)
        assert lies_toward(one, other, (side,)), r.target
    holds.__name__ = f"_side_of_{side}"
    return holds


def _one_town(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """One town abroad written two ways ("Hargeysa ... Hargeisa") has one surrogate."""
    assert len({surrogate(r, n) for n in names}) == 1, r.target


ROUND23 = [
    ("Jag kommer från Hargeysa i Somaliland. Hargeisa är en stor stad.", ("Hargeysa", "Hargeisa"),
     _one_town),
    ("Jag bor i Borås. Min pappa bor i Hargeisa. Han älskar Hargeysa.", ("Hargeisa", "Hargeysa"),
     _one_town),
    ("Jag bor i Sollentuna, norr om Stockholm.", ("Sollentuna", "Stockholm"), _side_of("north")),
    ("Min kusin bor i Kiruna, långt norr om Luleå.", ("Kiruna", "Luleå"), _side_of("north")),
    ("jag bor i Huddinge som ligger söder om Stockholm.", ("Huddinge", "Stockholm"),
     _side_of("south")),
    ("Min syster bor i Göteborg. Alingsås ligger öster om Göteborg.", ("Alingsås", "Göteborg"),
     _side_of("east")),
    ("Jag växte upp i Raqqa vid eufrat-floden. 2013 kom kriget till Raqqa.", ("Raqqa", "Eufrat"),
     _on_kept_water),
    ("Jag är från Kabul. Kabul floden är smutsig nu.", ("Kabul",), _a_river_abroad),
    ("I Herat finns en stor moské. Floden Hari rud flyter söder om staden.", ("Hari rud",),
     _a_river_abroad),
    ("Jag kommer från Damaskus. Vi bodde i Mezzeh nära universitetet.", ("Mezzeh", "Damaskus"),
     _part_of_town),
    ("Min familj kommer från Bagdad. Vi bodde i Mansour och min skola låg där.",
     ("Mansour", "Bagdad"), _part_of_town),
    ("Jag är född i Hargeisa. Min mormor bor i Jigjiga yar.", ("Jigjiga yar", "Hargeisa"),
     _part_of_town),
    ("Jag kommer från Kabul. Vi bodde i Shahr-e Naw, nära parken.", ("Shahr-e Naw", "Kabul"),
     _part_of_town),
    ("vi bodde nära Nilen i Khartoum, i Omdurman.", ("Omdurman", "Khartoum"), _part_of_town),
    ("Vi flydde från Kabul till Iran och sedan till Turkiet.", ("Kabul", "Iran", "Turkiet"),
     _route_from_town),
    ("från herat vi gick till iran, sen turkiet.", ("herat", "iran", "turkiet"),
     _route_from_town),
    ("Jag är född i Kandahar. När jag var tolv år flydde vi till Iran och sedan till Turkiet.",
     ("Kandahar", "Iran", "Turkiet"), _route_from_town),
    ("Från Mogadishu reste vi till Etiopien och sedan vidare till Sudan.",
     ("Mogadishu", "Etiopien", "Sudan"), _route_from_town),
    ("Jag kommer från Shiraz i södra Iran.", ("Shiraz",), _on_side("south")),
    ("Jag är född i Qamishli, en stad i nordöstra Syrien.", ("Qamishli",),
     _on_side("north", "east")),
    ("Min pappa bor i Kandahar, det ligger i södra delen av Afghanistan.", ("Kandahar",),
     _on_side("south")),
    ("Vi bodde i sodra syrien i en stad som heter Daraa.", ("Daraa",), _on_side("south")),
    ("Min familj kommer från Mazar-i-Sharif i norra Afghanistan.", ("Mazar-i-Sharif",),
     _on_side("north")),
    ("Jag föddes i Sukkur. Sukkur ligger i södra delen av landet.", ("Sukkur",),
     _on_side("south")),
    ("Jag kommer från Kirkuk. Min pappa är från Zakho i norra Irak.", ("Zakho",),
     _on_side("north")),
    ("Vi bodde i Basra i södra Irak.", ("Basra",), _on_side("south")),
    ("Min stad Sukkur ligger vid floden Indus, nära gränsen till Indien.", ("Sukkur", "Indien"),
     _by_the_border),
    ("Jag kommer från Herat, en stad nära gränsen till Iran.", ("Herat", "Iran"),
     _by_the_border),
]


@pytest.mark.parametrize(("text", "names", "holds"), [
    pytest.param(*row, id=f"r{n}-{row[2].__name__}-{i}")
    for n, rows in ((14, ROUND14), (15, ROUND15), (16, ROUND16),
                         (17, ROUND17), (18, ROUND18), (20, ROUND20), (21, ROUND21),
                         (22, ROUND22), (23, ROUND23))
    for i, row in enumerate(rows)])
def test_round_14_surrogates_a_judge_cannot_fault(
        engine: Engine, text: str, names: tuple[str, ...],
        holds: Callable[[Engine, Result, tuple[str, ...]], None]) -> None:
    """Over seeds 0-7: the clues of judge runs 18, 19 and 20 and of my own dev-set pairs (each
    row failed before)."""
    holds_for_every_seed(engine, text, names, holds, JUDGE_SEEDS)


# --- round 24: the words around a replaced place or name -----------------------------------

def released(engine: Engine, texts: list[str], seed: int) -> list[Result]:
    """One learner's essays as a release renders them (`learner_essays`: an earlier essay runs
    again where a later one changed what the learner's memory holds)."""
    def one(text: str, memory: Memory) -> Result:
        return engine.pseudonymize(text, f"e{texts.index(text)}", strategy="lifelike",
                                   seed=seed, memory=memory)
    return [result for _, result in learner_essays(texts, one, lambda text, _: text)]


GOLD = Path(__file__).resolve().parents[1] / "data" / "gold"


@pytest.mark.parametrize("gold, learner", [
    ("dev16.jsonl", "S01"),  # Laos drawn as Thailand, which a later essay keeps ("i thailand")
    ("dev12.jsonl", "P04"),  # Bangladesh drawn as India, which a later essay names itself
])
@pytest.mark.parametrize("strategy", ["lifelike", "realistic"])
def test_learner_countries_one_to_one(engine: Engine, gold: str, learner: str,
                                      strategy: str) -> None:
    """Across one learner's essays each country has one surrogate country and no two countries
    share one: an earlier essay's draw never becomes a country a later essay names."""
    docs = [d for d in read_gold(GOLD / gold, "jsonl") if d.learner == learner]
    pairs = {(engine.lex.get(fold(a.original)).country, engine.lex.get(fold(a.pseudonym)).country)
             for _, result in as_released(engine, docs, strategy) for a in result.annotations
             if a.label == "country"}
    pairs = {(iso, other) for iso, other in pairs if iso and other}
    assert len({iso for iso, _ in pairs}) == len(pairs) == len({o for _, o in pairs}), pairs


@pytest.mark.parametrize("text, country", [
    ("Jag heter Vilayphone och kommer från Laos. Min mamma heter Khamla.", "Laos"),
    ("Jag kommer från Mongoliet. Nu jag bor i Kiruna.", "Mongoliet"),
    ("Jag heter Tadesse och kommer från Etiopien.", "Etiopien"),
    ("Min man kommer från Afghanistan.", "Afghanistan"),
])
def test_a_landlocked_homeland_of_unlisted_names_moves_next_door(engine: Engine, text: str,
                                                                  country: str) -> None:
    """A landlocked country of an essay whose names no list holds is replaced by a country
    bordering it where its names (or a neighbour group's) are at home, never a landlocked one
    across the continent (Laos -> Turkmenistan was the judge's "Thai names with Lao words")."""
    iso = engine.lex.get(fold(country)).country
    for seed in range(4):
        result = engine.pseudonymize(text, "e", strategy="lifelike", seed=seed)
        got = engine.lex.get(fold(surrogate(result, country))).country
        assert got in engine.lex.neighbours[iso], result.target


def _in_country(engine: Engine, place: str, iso: str) -> bool:
    return fold(place) in {fold(c) for c in engine.lex.cities_by_country.get(iso, [])} or \
        engine.lex.get(fold(place)).place_country == iso


def _country_kept(engine: Engine, results: list[Result], names: tuple[str, ...]) -> None:
    """The country stays as written and its towns' surrogates lie in it."""
    country, *towns = names
    iso = engine.lex.get(fold(country)).country or engine.lex.get(fold(country)[:-1]).country
    for result in results:
        for a in result.annotations:
            if a.original == country:
                assert a.pseudonym == country, result.target
            if a.original in towns:
                assert _in_country(engine, a.pseudonym, iso), result.target


def _somali_ground(engine: Engine, results: list[Result], names: tuple[str, ...]) -> None:
    """The country is one where the Somali words are everyday ones, and the towns lie in it."""
    country, *towns = names
    got = next(a.pseudonym for a in results[0].annotations if a.original == country)
    iso = engine.lex.get(fold(got)).country
    assert iso in {"SO", "DJ", "ET", "KE"}, results[0].target
    for result in results:
        for a in result.annotations:
            if a.original in towns:
                assert _in_country(engine, a.pseudonym, iso), result.target


def _written(engine: Engine, results: list[Result], names: tuple[str, ...]) -> None:
    """The words stay as written (a feast's or a law's date and age)."""
    for result in results:
        for name in names:
            assert name in result.target, result.target


def _ages_between(engine: Engine, results: list[Result], names: tuple[str, ...]) -> None:
    """Each age in words, in a learner's spelling, moves within its bounds (never the
    unreadable default of twenty)."""
    for original, low, high in names:
        got = next(a.pseudonym for a in results[-1].annotations if a.original == original)
        assert low <= (word_value(got, engine.lex, True) or 0) <= high, results[-1].target


def _inland(engine: Engine, results: list[Result], names: tuple[str, ...]) -> None:
    shore = geography(True).shore_towns
    for a in results[-1].annotations:
        if a.original == names[0]:
            assert a.pseudonym not in shore, results[-1].target


def _patronymic(engine: Engine, results: list[Result], names: tuple[str, ...]) -> None:
    original, ending = names
    got = next(a.pseudonym for a in results[-1].annotations if a.original == original)
    assert fold(got).endswith(ending), results[-1].target


def _family_forms(engine: Engine, results: list[Result], names: tuple[str, ...]) -> None:
    """The first surname is a woman's (never -ov, -ski), the second, where there is one, the
    same family name in a man's form."""
    got = [fold(a.pseudonym) for a in results[-1].annotations if a.label == "surname"]
    assert not got[0].endswith(("ov", "ev", "in", "ski", "cki")), results[-1].target
    if names:
        assert not got[1].endswith(("ova", "eva", "ina", "ska", "cka")), results[-1].target
        assert got[1][:4] == got[0][:4], results[-1].target


def _initial_of(engine: Engine, results: list[Result], names: tuple[str, ...]) -> None:
    full, initial = names
    annotations = results[-1].annotations
    got = next(a.pseudonym for a in annotations if a.original == full)
    assert [a.pseudonym[:1] for a in annotations if a.original == initial] == [got[:1]], \
        results[-1].target


def _pun_follows(engine: Engine, results: list[Result], names: tuple[str, ...]) -> None:
    """The explanation's word (`names[1]`, the word after "som en") is the name's surrogate,
    a name that is that kind of word too."""
    name, word = names
    result = results[-1]
    got = next(a.pseudonym for a in result.annotations if a.original == name)
    after = regex.search(rf"{word}\s+(?:\p{{L}}+\s+)?(\p{{L}}+)", result.target)
    assert after and fold(got) == fold(after.group(1)), result.target
    assert fold(got) != fold(name), result.target


def _young_name(engine: Engine, results: list[Result], names: tuple[str, ...]) -> None:
    """A child's Swedish given name is one given to children now (`child_names_lifelike`)."""
    young = words().child_names
    for a in results[-1].annotations:
        if a.original in names:
            assert fold(a.pseudonym) in young, results[-1].target


ROUND24 = [
    # a country the essay's words tie to no other stays, with its towns
    (["Jag kommer från Ukraina. Alla ukrainare i Kharkiv hatar Putin."], ("Ukraina", "Kharkiv"),
     _country_kept),
    (["Vi bor i Lviv. Jag saknar Ukraina, alla ukrainska soldater är hjältar."],
     ("Ukraina", "Lviv"), _country_kept),
    (["Jag är från Vietnam. Min mamma i Hanoi lagar bánh chưng till tết."], ("Vietnam", "Hanoi"),
     _country_kept),
    (["jag är från afghanistan. talibanerna tog kabul 2021 och vi flydde."],
     ("afghanistan", "kabul"), _country_kept),
    (["Min man kommer från Syrien, från Aleppo. Han säger alltid att han är stolt syrier."],
     ("Syrien", "Aleppo"), _country_kept),
    # a national day: its country and its date
    (["I september är det Chiles nationaldag och vi dansar i Santiago."], ("Chiles", "Santiago"),
     _country_kept),
    (["I september är det Chiles nationaldag och vi dansar i Santiago."], ("I september",),
     _written),
    (["Vi firar Eritreas självständighetsdag den 24 maj i Asmara."], ("Eritreas", "Asmara"),
     _country_kept),
    (["Vi firar Eritreas självständighetsdag den 24 maj i Asmara."], ("den 24 maj",), _written),
    # a learner's two essays: the later essay's words keep the country in both
    (["Jag kommer från Ukraina, från Kharkiv.",
      "Vi är ortodoxa men det finns ingen ukrainsk kyrka här. Min fru saknar kharkiv."],
     ("Ukraina", "Kharkiv", "kharkiv"), _country_kept),
    (["Jag heter Ali och jag är född i Halab i Syrien.",
      "Min vän Yusuf säger att jag är ärlig som syrier."], ("Syrien", "Halab"), _country_kept),
    (["Jag är född i baydhabo i somalia.", "hej walaashay! hooyo bor i baidoa och hon är sjuk."],
     ("somalia", "baydhabo", "baidoa"), _somali_ground),
    # numbers: a learner's spelling of an age, the law's ages
    (["Min son är åta år och min mamma är sextiåtta år."], (("åta", 4, 12), ("sextiåtta", 55, 80)),
     _ages_between),
    (["Jag är tretti år och min man är fyrti två."], (("tretti", 25, 35), ("fyrti två", 37, 47)),
     _ages_between),
    (["Min dotter Valentina är över 18 så hon söker själv."], ("över 18",), _written),
    (["Min bror är under 16 så han får inte jobba i butiken."], ("under 16",), _written),
    (["Mina föräldrar är över 65 men de jobbar fortfarande."], ("över 65",), _written),
    # a town the essay says lies off the sea
    (["I Trollhättan vi har inte hav men vi har Göta älv och fallen."], ("Trollhättan",), _inland),
    (["Jag bor i Jönköping, det är långt från havet."], ("Jönköping",), _inland),
    # names: patronymics, a family's surname in her and his forms, initials
    (["Min mamma tatjana Ivanovna bor kvar i Ryssland."], ("Ivanovna", "ovna"), _patronymic),
    (["Min chef heter Sergej Petrovitj Ivanov."], ("Petrovitj", "ovitj"), _patronymic),
    (["Jag heter Olena Mykolaivna Shevchenko och jag kommer från Kiev."], ("Mykolaivna", "ivna"),
     _patronymic),
    (["Jag heter Olena Mykolaivna Shevchenko och jag kommer från Kiev."], (), _family_forms),
    (["Min fru heter Natalia Shevchenko och min son heter Taras Shevchenko."], ("Taras",),
     _family_forms),
    (["Min fru heter Anna Kowalska och jag heter Piotr Kowalski."], ("Piotr",), _family_forms),
    (["Min mamma heter Maria.", "Namn: Luz Marina Cárdenas. Tack för hjälpen, L. M. Cárdenas"],
     ("Marina", "M"), _initial_of),
    # a name the essay explains by the word it is: the explanation follows the surrogate
    (["Jag heter Sten, som en sten."], ("Sten", "som en"), _pun_follows),
    (["Mitt efternamn är Lund, som en liten lund. Det är mycket vanligt i Sverige."],
     ("Lund", "som en"), _pun_follows),
    (["Min dotter heter Saga, som en saga. Hon är fem år."], ("Saga", "som en"), _pun_follows),
    # a child's Swedish name is one children have now (never Maj-Britt at the preschool)
    (["Vi kommer från Kina. Vår dotter heter yiyi. På förskolan hon heter Ella, det är lättare."],
     ("Ella",), _young_name),
    (["Min son Erik är sju år och går i skolan i Borås."], ("Erik",), _young_name),
]


@pytest.mark.parametrize(("texts", "names", "holds"), [
    pytest.param(*row, id=f"r24-{row[2].__name__}-{i}") for i, row in enumerate(ROUND24)])
def test_round_24_the_words_around_a_surrogate_agree(
        engine: Engine, texts: list[str], names: tuple, holds: Callable) -> None:
    """Over seeds 0-7, a learner's essays as a release renders them: the words the essay keeps
    (demonyms, own-language words, a national day, the law's ages, "inte hav", a patronymic, a
    woman's surname form, an initial) agree with the surrogates (each row failed before)."""
    for seed in JUDGE_SEEDS:
        holds(engine, released(engine, texts, seed), names)

def test_a_surrogate_country_is_one_people_come_from(engine: Engine) -> None:
    """Antarktis, Guam or 'Hongkong SAR' for a homeland gives a lifelike text away."""
    never = geography(True).not_countries
    assert {"AQ", "BV", "HK", "YU"} <= never
    countries = ("Somalia", "Chile", "Vietnam", "Irak", "Filippinerna", "Eritrea", "Peru", "Kuba")
    seen: set[str] = set()
    for seed in range(40):
        for country in countries:
            result = engine.pseudonymize(f"Jag kommer från {country}.", "c1", seed=seed,
                                         strategy="lifelike")
            seen |= {engine.lex.get(fold(a.pseudonym)).country for a in result.annotations
                     if a.label == "country"}
    assert seen and not seen & never, sorted(seen & never)


def test_a_river_by_a_remembered_town_abroad_stays_abroad(engine: Engine) -> None:
    """A town abroad whose surrogate comes from the learner's earlier essay still places the
    river named after it abroad (never "Ahwaz ... floden Emån")."""
    texts = ["Jag heter Welat och jag kommer från diyarbakır i Turkiet. 2009 jag flyttade till "
             "istanbul. Nu jag bor i jönköping.",
             "Jag läser svenska på hermods. Jag föddes 12/04/1986 i Diyarbakir i norra kurdistan. "
             "Där finns floden Dicle och berget Karacadağ. Mitt liv är här i Jönköping nu."]
    for seed in JUDGE_SEEDS:
        result = run(engine, texts, seed)[1]
        got = surrogate(result, "Dicle")
        where = geography(True).features.get(got, ("", frozenset()))[1]
        assert abroad(where), result.target



def test_a_nickname_in_a_later_essay_is_a_short_form_of_its_name(engine: Engine) -> None:
    """Judge run 23: "Alena/Larysa are no nicknames of Olya/Olga". A name with a listed short
    form takes a surrogate that has one, so the short form a later essay of the learner writes
    is that surrogate's own (Olga ... "Hej Olya!" -> Iryna ... "Hej Ira!")."""
    pairs = [["Jag heter Olga och jag kommer från Ukraina. Jag bor i Malmö.",
              "Min mamma skriver alltid: Hej Olya! Hon saknar mig."],
             ["Min mamma heter Tatyana. Hon bor i Kiev.",
              "Jag ringer mamma varje dag. Tanya, säger pappa till henne."]]
    for texts in pairs:
        for seed in JUDGE_SEEDS:
            first, second = run(engine, texts, seed)
            full = fold(next(a.pseudonym for a in first.annotations
                             if a.label.startswith("firstname")))
            short = fold(next(a.pseudonym for a in second.annotations
                              if a.label.startswith("firstname")))
            listed = {fold(n) for n in words().short_forms_lifelike.get(full, ())}
            assert short in listed or (full.startswith(short) and short != full), \
                (first.target, second.target)


TOWN_BORDERS = [
    # (text, the original's country of the town, the country named beside it)
    ("Min stad Sukkur ligger vid floden Indus, nära gränsen till Indien.", "PK", "IN"),
    ("Jag är född i Mosul men vi flydde till Syrien 2014.", "IQ", "SY"),
    ("Vi bodde i Mazar-i-Sharif, inte långt från Uzbekistan.", "AF", "UZ"),
]


@pytest.mark.parametrize(("text", "home", "other"), TOWN_BORDERS)
def test_a_country_beside_a_town_of_an_unnamed_country_borders_it(
        engine: Engine, text: str, home: str, other: str) -> None:
    """Judge runs 20-25 ("the Indus at the border to Iraq"): a town's country the essay never
    names keeps the town's surrogate, so the country named beside it, which borders that
    country, is replaced by one that borders it too (never Thailand beside Peshawar)."""
    lex = engine.lex
    assert other in lex.neighbours[home]
    for seed in JUDGE_SEEDS:
        result = engine.pseudonymize(text, "b1", seed=seed, strategy="lifelike")
        towns = {lex.get(fold(a.pseudonym)).place_country for a in result.annotations
                 if a.label == "city"}
        countries = {lex.get(fold(a.pseudonym)).country for a in result.annotations
                     if a.label == "country"}
        assert towns == {home} and len(countries) == 1, result.target
        assert countries <= lex.neighbours[home], result.target


@pytest.mark.parametrize("text", [
    "På fredagar ber vi i Göteborgs moské på Hisingen.",
    "Vi bor i en lägenhet hos Willhem på Hisingen.",
])
def test_a_place_after_an_institution_and_pa_is_where_it_lies(engine: Engine, text: str) -> None:
    """Judge runs 20-25 ("Göteborgs moské i Trandared"): "moskén på Hisingen" says where the
    mosque lies, so the district or island is never drawn as a mosque ("på Malmö moské"), nor,
    after "på", as a river or lake ("på Byskeälven")."""
    geo = geography(True)
    for seed in JUDGE_SEEDS:
        result = engine.pseudonymize(text, "h1", seed=seed, strategy="lifelike")
        pick = next(a.pseudonym for a in result.annotations if a.label == "geo")
        kind = geo.features.get(fold(pick), geo.features.get(pick, ("",)))[0]
        assert fold(pick) in ("on", "ön") or kind == "island", result.target


def test_rivers_that_meet_stay_rivers(engine: Engine) -> None:
    """Judge runs 20-25 (the Blue Nile through another town): both Niles are rivers of the
    table, so where they meet two rivers meet (before: "Nilen och Abyei möts")."""
    geo = geography(True)
    text = "Jag kommer från Khartoum. Blå Nilen och Vita Nilen möts i Khartoum."
    for seed in JUDGE_SEEDS:
        result = engine.pseudonymize(text, "n1", seed=seed, strategy="lifelike")
        picks = [a.pseudonym for a in result.annotations if a.label == "geo"]
        assert len(picks) == 2 and all(geo.features[p][0] == "river" for p in picks), \
            result.target


REMEMBERED_HOMES = [
    ["Jag heter Anna och jag är född i Kraków.", "I polen bodde vi i krakow. Nu bor jag i Malmö."],
    ["Jag kommer från Mosul.", "Jag bodde i Mosul i Irak tills 2014."],
    ["Jag är från Aleppo. Nu bor jag i Borås.", "Jag saknar Syrien. Min mormor bor kvar i Aleppo."],
    ["Jag föddes i Herat.", "Afghanistan är ett fint land. Herat är min stad."],
]


@pytest.mark.parametrize("texts", REMEMBERED_HOMES)
def test_a_later_essay_names_the_country_of_a_remembered_town(
        engine: Engine, texts: list[str]) -> None:
    """Round 23: a town abroad whose country the learner's first essay never names keeps a
    surrogate in that country ("född i Kraków" -> Wrocław); a later essay naming the country
    ("I polen bodde vi i krakow") keeps the remembered town and so the country it lies in,
    kept as written (before: "I irland bodde vi i wroclaw" on every seed)."""
    lex = engine.lex
    for seed in JUDGE_SEEDS:
        later = run(engine, texts, seed)[1]
        town = next(a.pseudonym for a in later.annotations if a.label == "city")
        country = next(a.pseudonym for a in later.annotations if a.label == "country")
        assert lex.get(fold(country)).country == lex.get(fold(town)).place_country, later.target


def test_a_place_given_two_names_takes_a_surrogate_whose_two_names_differ(engine: Engine) -> None:
    """Judge run 27: "ar-Raqqa, på svenska det heter Raqqa" (a native name that is the Swedish
    one with an Arabic article) makes the remark pointless."""
    text = "Jag kommer från Halab, på svenska det heter Aleppo."
    for seed in JUDGE_SEEDS:
        native, swedish = (a.pseudonym for a in engine.pseudonymize(
            text, "a1", seed=seed, strategy="lifelike").annotations if a.label == "city")
        assert fold(native).split("-")[-1] != fold(swedish), (native, swedish)


@pytest.mark.parametrize("strategy", ["realistic", "lifelike"])
def test_an_old_name_of_a_city_abroad_is_found_never_drawn(engine: Engine, strategy: str) -> None:
    """Judge run 27: "Danzig" as a surrogate for a Polish town reads as German, not as Swedish
    writes it today; the lexicon's old names (city_old_name) are found as their city only."""
    old = {"danzig", "stettin", "lemberg", "mogadischu"}
    assert [(s.start, s.label) for s in engine.detect("Vi bodde i Danzig.")] == [(11, "city")]
    drawn = {a.pseudonym for seed in range(16) for text in (
        "Vi bodde i Krakow i Polen.", "Min kusin bor i Lviv i Ukraina.",
        "Jag kommer från Hargeisa i Somalia.", "Vi bodde i Gdynia i Polen vid havet.")
        for a in engine.pseudonymize(text, "o1", seed=seed, strategy=strategy).annotations}
    assert not {fold(d) for d in drawn} & old, drawn


# --- round 25: daily places in reach, sea and mountain legs, plates of the town's region ----

def _plate_of_town(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A foreign plate's region code is that of the essay's surrogate town."""
    town, plate = names
    fmt = next(f for f in plate_formats() if f.shape.fullmatch(plate))
    got = fold(surrogate(r, town))
    code = surrogate(r, plate).split()[0]
    if got in fmt.region_of:
        assert fmt.region_of[got] == code, r.target


def _a_port(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A Swedish town reached by boat is a ferry port, never an inland town."""
    for name in names:
        assert fold(surrogate(r, name)) in {fold(p) for p in geography().ports}, r.target


def _a_commute(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """Two towns a daily commute joins lie within about a commute (the nearest where the
    first's surrogate has none within `commute_km`: Umeå -> Örnsköldsvik, 110 km)."""
    one, other = (town_of(engine, r, n) for n in names)
    assert (distance_km(one, other) or 0) <= 120, r.target


def _district_in_reach(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A district of the writer's day lies in (or within a commute of) the town of the
    institution named before it."""
    institution, district = names
    got = surrogate(r, institution)
    kinds = [k for k in institution_kinds(True) if any(n == got for n, _ in k.pool)]
    towns = [t for k in kinds for n, t in k.pool if n == got and t]
    place = surrogate(r, district)
    homes = [t for t, ds in engine.lex.districts_by_town.items() if place in ds]
    assert any(t == town or (distance_km(t, town) or math.inf) <= commute_km()
               for t in homes for town in towns), r.target


def _serves(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """The hospital is the town's own, else one of its län nearest it (within 15 km of the
    nearest: the hospitals of Stockholm lie close together)."""
    town, institution = names
    home, got = town_of(engine, r, town), surrogate(r, institution)
    kind = next(k for k in institution_kinds(True) if any(n == got for n, _ in k.pool))
    towns = [t for n, t in kind.pool if n == got and t]
    if home in towns:
        return
    county = geography().towns[home][1]
    same = [d for _, t in kind.pool if t and t != home  # (its own: the original here)
            and geography().towns.get(t, ("", ""))[1] == county
            for d in (distance_km(home, t),) if d is not None]
    if same:
        assert any((distance_km(home, t) or math.inf) <= min(same) + 15 for t in towns), \
            r.target


def _sea_kept(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A crossed sea is itself, else the wider sea it is part of or the bare "havet" (never a
    part of another shore, which leaves the route's island off it)."""
    sea, = names
    got = next(a.pseudonym for a in r.annotations if fold(sea).startswith(fold(a.original)))
    wider = geography().sea_wider.get(sea, sea)
    assert fold(got) in {fold(sea), fold(wider), "havet", fold(sea.split()[0])}, r.target


def _port_across(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A port reached by ferry from a country has a ferry to that country's surrogate."""
    country, port = names
    iso = engine.lex.get(fold(surrogate(r, country))).country
    ports = geography(True).ports_across.get(iso or "", ())
    assert not ports or fold(surrogate(r, port)) in {fold(p) for p in ports}, r.target


ROUND25 = [
    # a port with a ferry to the country across
    ("Vi tog färjan från Polen till Karlskrona.", ("Polen", "Karlskrona"), _port_across),
    ("Från Tyskland åkte vi båt till Trelleborg.", ("Tyskland", "Trelleborg"), _port_across),
    ("min kusin åkte båten från finland till stockholm", ("finland", "stockholm"),
     _port_across),
    # a crossed sea keeps its shore (its island or port lies on it)
    ("Från Turkiet åkte vi i en gummibåt över Egeiska havet till Lesbos.", ("Egeiska havet",),
     _sea_kept),
    ("Vi åkte från Tunisien över Medelhavet till Lampedusa i Italien.", ("Medelhavet",),
     _sea_kept),
    # a hospital of the town's own region, the one nearest it
    ("Jag bor i Borlänge och jobbar som undersköterska på Västmanlands sjukhus.",
     ("Borlänge", "Västmanlands sjukhus"), _serves),
    ("Jag bor i Falun. Min pappa ligger på Mora lasarett.", ("Falun", "Mora lasarett"),
     _serves),
    ("Vi bor i Sollentuna. Min man jobbar på Södertälje sjukhus.",
     ("Sollentuna", "Södertälje sjukhus"), _serves),
    # a commute joins towns within a commute, however far the originals lie
    ("Jag bor i Östersund. Min chef pendlar från Sundsvall till Östersund varje dag.",
     ("Sundsvall", "Östersund"), _a_commute),
    ("Min chef bor i Sundsvall och pendlar till Östersund varje dag.",
     ("Sundsvall", "Östersund"), _a_commute),
    ("Jag bor i Luleå men jag pendlar till Umeå.", ("Luleå", "Umeå"), _a_commute),
    # the districts of a writer's day lie in the town of the hospital or college named first
    ("Jag har jobbat på Danderyds sjukhus i fem år. Jag bor i Tensta.",
     ("Danderyds sjukhus", "Tensta"), _district_in_reach),
    ("Min man jobbar på Sahlgrenska och vi bor i Angered.", ("Sahlgrenska", "Angered"),
     _district_in_reach),
    ("Jag studerar på Södertörns högskola och jobbar på Lidl i Fittja.",
     ("Södertörns högskola", "Fittja"), _district_in_reach),
    # an arrival port is on the coast, also with the boat after the town
    ("Sen kom vi till Malmö med båten från Tyskland.", ("Malmö",), _a_port),
    ("Vi kom till Trelleborg med färjan.", ("Trelleborg",), _a_port),
    ("vi kom till göteborg med båt från danmark", ("göteborg",), _a_port),
    ("Min moster kom till Karlskrona med färjan från Polen.", ("Karlskrona",), _a_port),
    # a plate keeps the region code of the surrogate town
    ("Jag bodde i Charkiv. Vår bil hade nummerskylten AX 4471 KM.", ("Charkiv", "AX 4471 KM"),
     _plate_of_town),
    ("Vi kom från Lviv med bilen, den hade skylten BC 1234 AB.", ("Lviv", "BC 1234 AB"),
     _plate_of_town),
    ("Vi bodde i Zaporizjzja. Pappas bil AP 5521 EH står kvar där.",
     ("Zaporizjzja", "AP 5521 EH"), _plate_of_town),
]


@pytest.mark.parametrize(("text", "names", "holds"), [
    pytest.param(*row, id=f"r25-{row[2].__name__}-{i}") for i, row in enumerate(ROUND25)])
def test_round_25_daily_places_routes_and_plates_hold_together(
        engine: Engine, text: str, names: tuple[str, ...],
        holds: Callable[[Engine, Result, tuple[str, ...]], None]) -> None:
    """Over seeds 0-7 (judge run 27's clues in my own phrasings; each row failed before): a
    person's daily places lie within a commute of each other, a boat leg ends on a coast, a
    plate's region code is the surrogate town's."""
    holds_for_every_seed(engine, text, names, holds, JUDGE_SEEDS)


def test_only_a_surname_whose_people_have_forms_of_sex_takes_a_womans_form(engine: Engine) -> None:
    """Judge runs 27 and 28: a Tigrinya surname drawn for a woman became "Ghebremedhina", an
    invented form; only Slavic and Baltic surnames have a woman's form (Kozlova, Kowalska)."""
    origins = engine.lex.name_origins
    texts = ("Jag heter Saba Tesfamariam och jag kommer från Eritrea. Hon heter Helen Tesfamariam.",
             "Min mamma heter Letensae Ghebrehiwet. Hon bor i Asmara.")
    for seed in range(16):
        for text in texts:
            result = engine.pseudonymize(text, "s1", seed=seed, strategy="lifelike")
            for a in result.annotations:
                if a.label == "surname":
                    assert fold(a.pseudonym) in origins, (a.pseudonym, result.target)
    text = "Min syster heter Natalya Kozlova. Hon bor i Kiev."
    picks = {a.pseudonym for seed in JUDGE_SEEDS for a in engine.pseudonymize(
        text, "s2", seed=seed, strategy="lifelike").annotations if a.label == "surname"}
    assert not [p for p in picks if p.endswith(("ov", "ev", "in", "ski", "cki"))], picks
    assert [p for p in picks if p.endswith(("ova", "eva", "ina"))], picks  # Frolova, never Frolov


# --- Round 26: boat legs a boat makes, landings, ferry lines, regional trains ---------------------

def _place_point(engine: Engine, name: str) -> tuple[str, tuple[float, float]] | None:
    """A town's or island's country and coordinates, None where we know neither."""
    from pseudonymize.coordinates import islands, towns_abroad
    for table in (towns_abroad(), islands()):
        for iso, rows in table.items():
            if name in rows:
                return iso, rows[name]
    return None


def _boat_leg(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """Two countries a boat goes between lie on one sea within `boat_km` of each other (never
    Lebanon to Albania, Turkey to Albania)."""
    geo = geography(True)
    one, other = (engine.lex.get(fold(surrogate(r, n))).country or "" for n in names)
    assert geo.shore(one, other) and geo.boat_reach(one, other), r.target


def _landing_near(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A town or island a boat lands on lies within `boat_km` of the country it leaves (never
    Korfu from Cyprus, Suez from Cyprus)."""
    from pseudonymize.coordinates import _km, boat_km, towns_abroad
    country, landing = names
    iso = engine.lex.get(fold(surrogate(r, country))).country
    where = _place_point(engine, surrogate(r, landing))
    assert where, r.target
    far = min(_km(where[1], p) for p in towns_abroad()[iso].values())
    assert far <= boat_km(), (far, r.target)


def _ferry_line(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A ferry between a Swedish port and a port abroad is one of `ferry_lines_lifelike`."""
    one, other = (surrogate(r, n) for n in names)
    assert other in geography(True).ferry_lines.get(one, ()), r.target


def _train_serves(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A regional train between two towns stops at both surrogates, else it is a national
    train (never Öresundståg between Borås and Göteborg)."""
    from pseudonymize.surrogates import words
    train, *towns = names
    got = surrogate(r, train)
    stops = {town_of(engine, r, t) for t in towns}
    assert got in words().national_trains or stops <= words().train_towns.get(got, set()), \
        r.target


def _kind_kept(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A feature abroad of a kind the essay says (an ending read only through the fold is
    none: "Zarafshon" is no island) stays one of that kind, never a town or an island."""
    feature, kind = names
    geo = geography(True)
    got = surrogate(r, feature)
    kinds = {kind} | ({"mountain", "range"} if kind in ("mountain", "range") else set())
    # (its name with the kind word cut, "bergen som heter Atlas" for Atlasbergen)
    assert fold(got) in geo.kind_folds or any(
        k in kinds and fold(n).startswith(fold(got)) for n, (k, _) in geo.features.items()), \
        r.target


def _station_of_town(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """"Kungsbacka station" is the station of the town's surrogate, never a street."""
    station, town = names
    got = surrogate(r, station)
    assert got == f"{town_of(engine, r, town)}{station[len(town):]}", r.target


def _institution_of_town_lower(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """As `_institution_of_town`, for a learner's lower-case names."""
    from pseudonymize.surrogates import institution_kinds
    institution, town = names
    got, where = fold(surrogate(r, institution)), fold(surrogate(r, town))
    tied = {(fold(n), fold(t)) for kind in institution_kinds() for n, t in kind.pool}
    assert (got, where) in tied, r.target


def _station_and_town_apart(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A station of one town and another town stay two towns ("från Lund C till Malmö" never
    "från Linköping C till Linköping")."""
    station, town = names
    assert not surrogate(r, station).startswith(surrogate(r, town) + " "), r.target


def _bare_airport(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """An airport abroad is the bare "flygplatsen", never a town or a street."""
    assert surrogate(r, names[0]).lower() == "flygplatsen", r.target


ROUND26 = [
    # a boat leg between countries a boat goes between (the route beats the part of the world)
    ("Från Turkiet åkte vi i en gummibåt till Lesbos i Grekland.", ("Turkiet", "Grekland"),
     _boat_leg),
    ("Vi flydde till Turkiet och sedan med båt till Grekland.", ("Turkiet", "Grekland"),
     _boat_leg),
    # a boat word opening the sentence makes its first leg by sea
    ("Vi åkte gummibåt från Turkiet till Grekland.", ("Turkiet", "Grekland"), _boat_leg),
    # a landing near the country the boat leaves
    ("Vi åkte gummibåt från Turkiet till Lesbos.", ("Turkiet", "Lesbos"), _landing_near),
    ("Vi åkte med båt från Libyen till Kreta.", ("Libyen", "Kreta"), _landing_near),
    ("Från Tunisien åkte vi båt till Lampedusa.", ("Tunisien", "Lampedusa"), _landing_near),
    # a ferry line between a Swedish port and a port abroad
    ("Vi tog båten från Stockholm till Åbo.", ("Stockholm", "Åbo"), _ferry_line),
    ("Jag kom till Sverige med färjan från Gdańsk till Nynäshamn.", ("Nynäshamn", "Gdańsk"),
     _ferry_line),
    # a district of a town named only in an institution lies where the institution does
    ("Jag bor i Borås. Göteborgs moské ligger i Hjällbo.", ("Hjällbo", "Göteborgs moské"),
     _institution_of_district),
    ("Jag bor i Borås. På fredag vi ber i Göteborgs moské i Hisingen.",
     ("Hisingen", "Göteborgs moské"), _institution_of_district),
    # a kind said before a name (through "som heter" too) is the feature's kind
    ("Floden Zarafshon går genom Samarkand i Uzbekistan.", ("Zarafshon", "river"), _kind_kept),
    ("Jag kommer från Nador i Marocko, i bergen som heter Rif.", ("Rif", "range"), _kind_kept),
    # a town written right after an institution is the institution's (never "blekingesjukhuset
    # kalmar") and a town's station is its surrogate's
    ("Jag bor i kungsbacka. Jag jobbar på hallands sjukhus varberg.",
     ("hallands sjukhus", "varberg"), _institution_of_town_lower),
    ("Jag bor i Kungsbacka men jobbar på Hallands sjukhus, Varberg.",
     ("Hallands sjukhus", "Varberg"), _institution_of_town),
    ("Jag bor i Kungsbacka. Jag tar tåget från Kungsbacka station.",
     ("Kungsbacka station", "Kungsbacka"), _station_of_town),
    ("Vi åkte från Lund C till Malmö.", ("Lund C", "Malmö"), _station_and_town_apart),
    ("Jag tog tåget från Kungsbacka station till Göteborg.", ("Kungsbacka station", "Göteborg"),
     _station_and_town_apart),
    ("Vi landade på Jorge Chávez flygplats i Lima.", ("Jorge Chávez flygplats",), _bare_airport),
    ("Vi flög från Atatürk flygplatsen i Istanbul till Arlanda.", ("Atatürk flygplatsen",),
     _bare_airport),
    # a regional train reads its whole sentence
    ("Jag bor i Borås och jobbar i Göteborg. Från Borås tar jag Västtåg till Göteborg.",
     ("Västtåg", "Borås", "Göteborg"), _train_serves),
    ("Från Lund åker jag Öresundståg till Malmö varje dag.", ("Öresundståg", "Lund", "Malmö"),
     _train_serves),
]


@pytest.mark.parametrize(("text", "names", "holds"), [
    pytest.param(*row, id=f"r26-{row[2].__name__}-{i}") for i, row in enumerate(ROUND26)])
def test_round_26_boats_ferries_and_trains_go_where_they_can(
        engine: Engine, text: str, names: tuple[str, ...],
        holds: Callable[[Engine, Result, tuple[str, ...]], None]) -> None:
    """Over seeds 0-7 (judge runs' impossible routes, in my own phrasings): a boat crosses
    between countries near each other on one sea and lands near the country it leaves, a ferry
    keeps a real line, a regional train stops at the towns it joins."""
    holds_for_every_seed(engine, text, names, holds, JUDGE_SEEDS)


# --- the lead's fixes after judge runs 29 and 30 ---------------------------------------------

def test_a_hospital_of_a_later_essay_serves_the_learners_surrogate_home(engine: Engine) -> None:
    """"Jag bor i Ljusdal" then "Hudiksvalls sjukhus": the hospital is one within a commute of
    the home's surrogate (Borlänge: Falu lasarett), never of another region (Nyköpings
    lasarett, drawn where the table had no hospital of Dalarna)."""
    hospitals = dict(next(k for k in institution_kinds(True) if k.name == "hospital").pool)
    for seed in range(8):
        home, visit = released(engine, ["Jag bor i Ljusdal med min familj.",
                                        "På torsdag ska vi åka till Hudiksvalls sjukhus för "
                                        "kontroll."], seed)
        town = town_of(engine, home, "Ljusdal")
        there = hospitals[surrogate(visit, "Hudiksvalls sjukhus")]
        assert distance_km(town, there) <= 1.5 * commute_km(), (seed, town, there)


def test_an_institution_in_a_district_is_never_named_after_a_town(engine: Engine) -> None:
    """"Al-Noor-moskén i Araby": a mosque the district has, never "Göteborgs moské i Trandared"
    (a town's own mosque in a district of another)."""
    mosques = [(n, t) for n, t in next(k for k in institution_kinds(True)
                                      if k.name == "mosque").pool if t]
    for seed in range(8):
        _, visit = released(engine, ["Jag bor i Växjö.",
                                     "På fredagar går jag till Al-Noor-moskén i Araby."], seed)
        got = surrogate(visit, "Al-Noor-moskén")
        assert got not in dict(mosques), (seed, got)


# --- Round 27 (lifelike28): judge run 30's places, institutions and numbers abroad -----------

def _number_of_its_country(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A number the essay says is of a country abroad keeps its own layout and leading digits,
    never a Swedish fiction range ("070-174 06 ..", "08-465 00 ..")."""
    original, = names
    got = surrogate(r, original)
    assert regex.sub(r"\d", "0", got) == regex.sub(r"\d", "0", original) and got != original \
        and got[:2] == original[:2] and not fold(got).replace(" ", "").startswith(
            ("0701740", "08465"))


def _country_of_its_demonym(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A country beside a demonym of it ("rumänskt", "litauer") stays the demonym's country."""
    country, demonym = names
    assert engine.lex.get(fold(surrogate(r, country))).country == engine.lex.get(
        fold(demonym)).value, r.target


def _institution_of_country(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """An institution named by a place abroad and its kind word lies in the surrogate country:
    a town of it before the same kind word, never a Swedish institution."""
    name, country = names
    town, _, word = surrogate(r, name).rpartition(" ")
    assert word == name.rpartition(" ")[2] and engine.lex.get(fold(town)).place_country == \
        engine.lex.get(fold(surrogate(r, country))).country, r.target


def _swedish_institution(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """... but one in Sweden stays Swedish (a name no gazetteer knows, in a sentence of no
    place abroad)."""
    got = surrogate(r, names[0])
    assert not any(engine.lex.get(fold(w)).place_country not in ("", "SE")
                   and engine.lex.get(fold(w)).place_kind and not engine.lex.get(fold(w)).se_pop
                   for w in got.split()[:1]), r.target


def _island_of_country(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """An island after "på ön" stays an island of the surrogate country, never a town ("på ön
    Da Nang": "på ön" was read as "på svenska", the island as a second name of the town)."""
    island, country = names
    kind, where = geography(True).features.get(surrogate(r, island), ("", frozenset()))
    assert kind == "island" and engine.lex.get(fold(surrogate(r, country))).country in where, \
        r.target


def _town_on_island(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A town the essay puts on an island lies on the island's surrogate."""
    town, island = names
    assert surrogate(r, town) in geography(True).feature_towns_abroad.get(
        surrogate(r, island), ()), r.target


ROUND27 = [
    # a town on an island abroad, and the island (geography.toml's islands and their towns)
    ("Jag kommer från Filippinerna. Jag bodde i Batangas på ön Luzon.",
     ("Luzon", "Filippinerna"), _island_of_country),
    ("Jag kommer från Indonesien. Min familj bor i Medan på ön Sumatra.",
     ("Medan", "Sumatra"), _town_on_island),
    # an institution abroad named by its town: a town of the surrogate country, never Swedish
    ("Jag kommer från Etiopien. Min syster jobbar på Adama sjukhus.",
     ("Adama sjukhus", "Etiopien"), _institution_of_country),
    ("Jag bor i Lund. I Etiopien jobbade jag på Bekoji sjukhus.",
     ("Bekoji sjukhus", "Etiopien"), _institution_of_country),
    ("Jag kommer från Irak. Nu bor jag i Lund. Min syster jobbar på Capio sjukhus.",
     ("Capio sjukhus",), _swedish_institution),  # (a guard: it held before)
    # a number said to be of a country abroad, and the country its demonym names
    ("Jag kommer från Rumänien. Min mamma har bara ett rumänskt nummer: 0745 123 456.",
     ("0745 123 456",), _number_of_its_country),
    ("Jag kommer från Rumänien. Min mamma har bara ett rumänskt nummer.",
     ("Rumänien", "rumänskt"), _country_of_its_demonym),
    ("Jag kommer från Litauen och min man är också litauer.", ("Litauen", "litauer"),
     _country_of_its_demonym),
    # a town of several words before its region (never "Mare i Maramureș" read as the town)
    ("Min mamma bor kvar i Baia Mare i Maramureș.", ("Baia Mare", "Maramureș"),
     _region_of_its_town),
]


def test_the_writers_nickname_never_narrows_another_names_surrogate(engine: Engine) -> None:
    """"Min man heter Jun-Jun. Alla kallar mig Celing": the nickname is the writer's, so the
    husband's surrogate is drawn from the whole pool (before: always "Kristoffer", the one
    Filipino name the short-form table lists), and the writer's own still may be nicknamed."""
    text = "Jag heter Maricel och min man heter Jun-Jun. Alla kallar mig Celing."
    husbands = {surrogate(run(engine, [text], seed)[0], "Jun-Jun") for seed in JUDGE_SEEDS}
    assert len(husbands) >= 3, husbands


# --- round 28 (lifelike29): places and institutions that belong to the surrogate town ---------

def _kind_pool(name: str) -> dict[str, str]:
    """The lifelike pool of the institution kind `name`: surrogate -> its town ("" for none)."""
    return dict(next(k for k in institution_kinds(True) if k.name == name).pool)


def _landlord_of_town(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A town's housing company is of the essay's surrogate town, else of no town (never the
    next town's: "Familjebostäder" of Stockholm beside Sollentuna)."""
    landlord, town = names
    pool = _kind_pool("housing")
    got = surrogate(r, landlord)
    assert got in pool and pool[got] in ("", surrogate(r, town)), r.target


def _hospital_of_care_staff(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A workplace after "<care noun> på" is a hospital, never a bus company or a bank."""
    assert surrogate(r, names[0]) in _kind_pool("hospital"), r.target


def _near_spelling_keeps_the_route(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A town the gazetteers lack, read through a near spelling of a town elsewhere
    ("Terespol" as Tiraspol, Moldova), lies in the surrogate of the country its route names or
    in a neighbour of it (never "Brest i Vitryssland. Vid gränsen i Bender")."""
    town, country = names
    there = engine.lex.get(fold(surrogate(r, country))).country
    got = engine.lex.get(fold(surrogate(r, town))).place_country
    assert got == there or got in engine.lex.neighbours.get(there, ()), r.target


def _crossing_from_denmark(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """The bridge, Kastrup and Öresundståg belong to Denmark: the country stays, and the train
    over the bridge is one that crosses from it (never "Finland ... Krösatåg över bron")."""
    country, train = names
    assert "danmark" in r.target.lower() and "finland" not in r.target.lower(), r.target
    assert surrogate(r, train) in words().trains_abroad["DK"], r.target


def _bare_landform(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A plain, gorge or plateau no table knows is its bare word in the writer's letters
    ("på slätten"), never an island ("på ön nära Rasht") nor a folded "slatten"."""
    name, word = names
    assert surrogate(r, name).lower() == word, r.target


def _river_by_its_town(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A river the essay ties to a town abroad flows within `water_km` of the town's surrogate,
    or is the nearest of its country's that we know towns on (never the Desna beside Perm)."""
    from pseudonymize.coordinates import abroad_km, water_km
    town, river = names
    geo, got, there = geography(True), surrogate(r, river), surrogate(r, town)
    iso = engine.lex.get(fold(there)).place_country

    def km(name: str) -> float | None:
        far = [d for t in geo.feature_towns_abroad.get(name, ())
               if (d := abroad_km(t, there)) is not None]
        return min(far) if far else None
    known = [d for n, (k, w) in geo.features.items() if k == "river" and iso in w
             and (d := km(n)) is not None]
    if known:
        mine = km(got)
        assert mine is not None and mine <= max(water_km(), min(known)), (r.target, known)


ROUND28 = [
    ("Jag bor i Ludvika. Vi hyr lägenhet av LudvikaHem.", ("LudvikaHem", "Ludvika"),
     _landlord_of_town),
    ("Jag bor i Sollentuna och hyr av Sollentunahem.", ("Sollentunahem", "Sollentuna"),
     _landlord_of_town),
    ("Vi flyttade till Täby. Hyresvärden Familjebostäder är bra.", ("Familjebostäder", "Täby"),
     _landlord_of_town),
    ("Jag jobbar som undersköterska på Skas i Skövde.", ("Skas",), _hospital_of_care_staff),
    ("Min fru är sjuksköterska på SÄS i Borås.", ("SÄS",), _hospital_of_care_staff),
    ("Vi tog tåget till Brest i Vitryssland. Vid gränsen i Terespol polisen skickade oss "
     "tillbaka.", ("Terespol", "Vitryssland"), _near_spelling_keeps_the_route),
    ("Jag kommer från Polen. Vi bodde i Terespol nära gränsen.", ("Terespol", "Polen"),
     _near_spelling_keeps_the_route),
    ("Vi kom till Sverige 2016, på Kastrup i Danmark och sen med Öresundståg över bron.",
     ("Danmark", "Öresundståg"), _crossing_from_denmark),
    ("Vi landade på Kastrup i danmark och sen tog vi Öresundståg över bron till Malmö.",
     ("danmark", "Öresundståg"), _crossing_from_denmark),
    ("Jag är assyrier. Min stad ligger på Ninveslätten nära Mosul i norra Irak.",
     ("Ninveslätten", "slätten"), _bare_landform),
    ("Jag kommer från Ryssland. Jag bodde i Perm. Floden Argun var vit och kall.",
     ("Perm", "Argun"), _river_by_its_town),
    ("Min familj bor kvar i Omsk i Ryssland vid floden Irtysj.", ("Omsk", "Irtysj"),
     _river_by_its_town),
]


@pytest.mark.parametrize(("text", "names", "holds"), ROUND27 + ROUND28,
                         ids=[f"round{27 + (i >= len(ROUND27))}-{c.__name__}-{i}"
                              for i, (_, _, c) in enumerate(ROUND27 + ROUND28)])
def test_places_numbers_and_institutions_fit_their_country_route_and_town(
        engine: Engine, text: str, names: tuple[str, ...],
        holds: Callable[[Engine, Result, tuple[str, ...]], None]) -> None:
    """Over seeds 0-7: the judges' classes of rounds 27 (judge run 30: places and numbers
    abroad) and 28 (places and institutions of the route and town) in our own sentences."""
    holds_for_every_seed(engine, text, names, holds, JUDGE_SEEDS)


def test_no_town_abroad_is_drawn_by_a_rivers_name(engine: Engine) -> None:
    """The gazetteers list villages named like rivers and lakes abroad (Desna in Ukraine):
    lifelike never draws them as towns ("floden Dnepr och staden Desna" reads as the river;
    seen on dev5's pairs)."""
    geo = geography(True)
    waters = {n for n, (kind, where) in geo.features.items()
              if kind in ("river", "lake") and abroad(where)}
    drawn = {t for towns in engine.lex.cities_by_country.values() for t in towns
             if t not in geo.not_towns_abroad}
    assert "Desna" in waters and not drawn & waters


# --- lifelike32: places of the right country (judge runs 33-37 on dev13/dev14) ---------------

def _no_district_as_town(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A town abroad is never drawn among the districts GeoNames lists as towns (Kentron,
    Erebuni in Jerevan; Lasnamäe in Tallinn): "kommer från Kentron, andra största staden"."""
    got = surrogate(r, names[0])
    assert got not in town_sections(engine.lex), r.target


def _feature_of_its_country(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A mountain or lake no table knows, in an essay whose places lie in one country, is one
    of the surrogate country's or of a neighbour's (never Kilimanjaro beside a surrogate Turkey:
    "Från stan man ser berget" read "man" as Man, Côte d'Ivoire)."""
    feature, country = names
    iso = engine.lex.get(fold(surrogate(r, country))).country
    features = geography(True).features
    kind, where = features.get(surrogate(r, feature).title(), ("", frozenset()))
    near = {iso} | set(engine.lex.neighbours.get(iso, ()))
    # (a country none of whose neighbours has one of its kind: one of its continent)
    assert where & near or not any(k == kind and w & near for k, w in features.values()) and \
        {engine.lex.continents.get(c) for c in where} & {engine.lex.continents.get(iso)}, \
        (r.target, iso, where)


def _town_of_the_country_after(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A Swedish locality's name whose sentence goes on to name a country abroad ("från Bor i
    jonglei, det ligger vid Nilen i Sydsudan") is a town of that country's surrogate; where
    the country stands in another sentence, a Swedish town."""
    town, country = names[:2]
    got, iso = surrogate(r, town), engine.lex.get(fold(surrogate(r, country))).country
    entry = engine.lex.get(fold(got))
    assert (entry.place_country == iso and not entry.se_pop) if len(names) == 2 \
        else entry.se_pop, r.target


def _region_of_the_towns_surrogate(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A region of two countries after "Town i" ("Amritsar i Punjab") is the region of the
    town's surrogate where regions.toml names one (before: "Bhuj i Lakshadweep", drawn from the
    country's regions as Kurdistan's rule, which keeps Kurdistan, had it)."""
    town, region = (surrogate(r, n) for n in names)
    code = engine.lex.place_region.get(fold(town), "")
    name = regions_abroad().get(code, "")
    # (where it is the original's own region, Rawalpindi's Punjab, another is drawn)
    assert not name or fold(name) in (fold(town), fold(names[1])) or region == name, \
        (r.target, name)


def _district_of_the_surrogate_town(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A district abroad is one GeoNames lists of the surrogate town itself where we know any
    (within `section_km`: Konak in Izmir), never a town of its province (Tire)."""
    from pseudonymize.coordinates import abroad_km, section_km
    town, district = (surrogate(r, n) for n in names)
    parts = [p for p in town_sections(engine.lex) if (abroad_km(p, town) or 1e9) <= section_km()
             and engine.lex.place_region.get(fold(p)) == engine.lex.place_region.get(fold(town))]
    assert not parts or district in parts, (r.target, parts)


ROUND32 = [
    ("Vi flyttade till Istanbul och bodde i stadsdelen Esenler.", ("Istanbul", "Esenler"),
     _district_of_the_surrogate_town),
    ("Jag kommer från Turkiet. Vi bodde i Ankara, i stadsdelen Keçiören.", ("Ankara", "Keçiören"),
     _district_of_the_surrogate_town),
    ("Jag kommer från Amritsar i Punjab i Indien.", ("Amritsar", "Punjab"),
     _region_of_the_towns_surrogate),
    ("Jag kommer från sialkot i Punjab, pakistan.", ("sialkot", "Punjab"),
     _region_of_the_towns_surrogate),
    ("Jag kommer från Gyumri i Armenien, andra största staden.", ("Gyumri",),
     _no_district_as_town),
    ("Min mamma bor kvar i Tartu i Estland.", ("Tartu",), _no_district_as_town),
    ("Jag kommer från Camagüey på Kuba. Min bror bor kvar i Havanna.", ("Havanna",),
     _no_district_as_town),
    ("Min stad Gyumri är en gammal stad i Armenien. Från stan man ser berget aragats med snö.",
     ("aragats", "Armenien"), _feature_of_its_country),
    ("Jag kommer från Van i Turkiet. Man ser berget Süphan från stan.", ("Süphan", "Turkiet"),
     _feature_of_its_country),
    ("Jag kommer från Bor i jonglei, det ligger vid Nilen i Sydsudan.", ("Bor", "Sydsudan"),
     _town_of_the_country_after),
    ("Jag bor i Bor nära Värnamo. Jag kommer från Sydsudan.", ("Bor", "Sydsudan", "SE"),
     _town_of_the_country_after),
]


@pytest.mark.parametrize(("text", "names", "holds"), ROUND32,
                         ids=[f"lifelike32-{c.__name__}-{i}" for i, (_, _, c) in enumerate(ROUND32)])
def test_places_abroad_lie_in_their_country(engine: Engine, text: str, names: tuple[str, ...],
                                            holds: Callable[[Engine, Result, tuple[str, ...]],
                                                            None]) -> None:
    """Over seeds 0-7: judge runs 33-37's places of another country (lifelike32)."""
    holds_for_every_seed(engine, text, names, holds, JUDGE_SEEDS)


@pytest.mark.parametrize(("essays", "town"), [
    (["Jag bor i Bollnäs. Nu jag vill läsa till förskollärare på Högskolan i Gävle på distans.",
      "Min kompis kom från gävle med buss 100. Hyran i Gävle kostar 9 000 kronor."], "gävle"),
    (["Jag bor i Borås och jobbar på restaurang Hanoi.", "Maten på Hanoi är god."], None),
])
def test_a_town_in_an_institutions_name_stays_a_town_in_the_next_essay(
        engine: Engine, essays: list[str], town: str | None) -> None:
    """"Högskolan i Gävle" names its town: in the learner's next essay "från gävle" is a town
    (before: "från mittuniversitetet", the university's surrogate, as a business named like
    a place is: "restaurang Hanoi ... på Hanoi", which keeps following its business)."""
    for seed in JUDGE_SEEDS:
        first, second = run(engine, essays, seed)
        got = surrogate(second, town or "Hanoi")
        if town:
            assert got.lower() in {fold(t) for t in geography().towns} | {
                t.lower() for t in geography().towns}, second.target
        else:
            assert got in surrogate(first, "restaurang Hanoi"), (first.target, second.target)


@pytest.mark.parametrize(("text", "original", "pattern"), [
    # an IBAN's bank code stays: the essay names the bank ("i Swedbank")
    ("Mitt lettiska konto är LV41 HABA 0551 0283 6614 9 i Swedbank.",
     "LV41 HABA 0551 0283 6614 9", r"LV\d\d HABA \d{4} \d{4} \d{4} \d"),
    ("Mitt konto är SE72 8000 0000 0001 2345 6789.", "SE72 8000 0000 0001 2345 6789",
     r"SE\d\d \d{4} \d{4} \d{4} \d{4} \d{4}"),
    # a plate written in lower case stays lower case; one in capitals stays so
    ("Nu vi har en Toyota, nummer jdk 27s.", "jdk 27s", r"[a-z]{3} \d\d[a-z]"),
    ("Vår bil har nummer MXB 71A.", "MXB 71A", r"[A-Z]{3} \d\d[A-Z]"),
    # an airport abroad named "-flygplatsen" is "flygplatsen", never a Swedish street
    ("Vi flög via istanbul till Allama Iqbal-flygplatsen i Lahore.", "Allama Iqbal-flygplatsen",
     r"flygplatsen"),
])
def test_numbers_and_airports_keep_their_kind(engine: Engine, text: str, original: str,
                                              pattern: str) -> None:
    """lifelike32: what a number or an airport says besides the person stays (the bank, the
    writer's case, the kind of place); over seeds 0-7."""
    for seed in JUDGE_SEEDS:
        got = surrogate(run(engine, [text], seed)[0], original)
        assert regex.fullmatch(pattern, got) and got != original, got


# --- lifelike34: places that fit their container, institutions of the town, word-names ---------

def _swedish_town(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A Swedish town stays Swedish beside a person named like a big town abroad ("våra barn
    Milan och Sara": before "Piacenza i Värmland", Milan read as the sentence's country)."""
    assert engine.lex.get(fold(surrogate(r, names[0]))).se_pop, r.target


def _drive_to_sweden(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A drive through countries to a Swedish town keeps its legs (each country borders the
    next, a misspelt one too: "Danmak", "Spanjen") and ends in a country with a way into
    Sweden (before: "genom frankrike och Spanien och över bron till Göteborg", "genom
    Argentina, polen, Österrike och Slovenien")."""
    isos = [country_iso(engine, surrogate(r, n)) for n in names]
    assert all(isos), r.target
    assert isos[-1] in geography(True).sweden_gateways, r.target
    assert all(b in engine.lex.neighbours.get(a, ()) for a, b in pairwise(isos)), r.target


def _named_after_its_town(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A workplace named by a small town's genitive ("Stockaryds Såg", "sölvesborgs varv")
    keeps its own word on a Swedish town (before: DHL, "kalmar slott", a castle by the
    "-borg" of the town's name)."""
    got = surrogate(r, names[0])
    head, _, rest = got.rpartition(" ")
    assert fold(rest) == fold(names[0].rpartition(" ")[2]), r.target
    assert engine.lex.get(fold(head)).se_pop or engine.lex.get(fold(head)[:-1]).se_pop, r.target


def _university_of_the_town_respelt(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """An institution named by a learner's spelling of the essay's town abroad ("Osj statliga
    universitet" beside Osh) lies in that town's surrogate (before: Karlstads universitet)."""
    town, got = surrogate(r, names[1]), surrogate(r, names[0])
    assert got.startswith(town) and got.endswith(" statliga universitet"), r.target


def _swedish_university(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A university named by a Swedish town in English ("jönköping university") is Swedish,
    never one of the town abroad (before: "warri university")."""
    kind = next(k for k in institution_kinds(True) if k.name == "university")
    assert fold(surrogate(r, names[0])) in {fold(n) for n, _ in kind.pool}, r.target


def _word_name_of_its_kind(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A surname that is a listed noun the essay writes as the word ("Kock ... han är inte
    kock", "Falk ... en falk") takes another noun of its article, and a labelled mention of
    the word follows it as a word (before: "han är inte ekström", "heter lundström på ett
    stålverk")."""
    name, article = names
    got = surrogate(r, name)
    # (lifelike37: or a word of the name's field, `pun_fields_lifelike`: Kock -> Bonde)
    assert fold(got) in {fold(n) for n in words().pun_names[article]} | set(pun_words()[0]), \
        r.target
    for a in r.annotations:
        if a.original == name.lower():
            assert a.pseudonym == got.lower(), r.target


def _mobile_of_the_countrys_surrogate(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A number abroad whose country the essay moves is a mobile number of the surrogate
    country: its code, its length, an operator's first digits (before: "+996 573 313 200"
    beside Kazakstan); where the country stays, the operator's two first digits stay
    ("+351 91...", never "+351 950")."""
    country, number = names
    iso = engine.lex.get(fold(surrogate(r, country))).country
    got = surrogate(r, number)
    code = words().calling_of[iso]
    assert got.startswith("+" + code), r.target
    digits = regex.sub(r"\D", "", got)[len(code):]
    length, starts = words().mobile_forms[iso]
    assert len(digits) == length and digits.startswith(starts), r.target


def _village(engine: Engine, r: Result, names: tuple[str, ...]) -> None:
    """A place the essay calls "en liten by" (an adjective before the village word) is a
    village, as one called "en by" is (before: Hässleholm, Stockholm)."""
    got = engine.lex.get(fold(surrogate(r, names[0])))
    assert 0 < got.se_pop < words().village_max, r.target


ROUND34 = [
    ("Jag bor i Åmål. På sommaren vi badar på stranden vid Örnäs.", ("Örnäs",), _village),
    ("Jag bor i Ulricehamn. Min man jobbar på ulricehamns betong i Timmele.", ("Timmele",),
     _village),
    ("Jag bor i Hagfors. Jag jobbar i Uddeholm, det är en liten by.", ("Uddeholm",), _village),
    ("Men jag bor inte i uddeholm, det är en liten by, jag bor i Hagfors fem minuter från "
     "verket.", ("uddeholm",), _village),
    ("Jag kommer från Kirgizistan. Min pappa har nummer +996 555 318 204.",
     ("Kirgizistan", "+996 555 318 204"), _mobile_of_the_countrys_surrogate),
    ("Jag kommer från Uganda. Min bror har nummer +256 772 000 418.",
     ("Uganda", "+256 772 000 418"), _mobile_of_the_countrys_surrogate),
    ("Min chef heter Ulf Kock. Alla skrattar för han är inte kock, han kan inte ens koka ägg.",
     ("Kock", "en"), _word_name_of_its_kind),
    ("Hennes chef heter Ingrid Falk. Ingrid berättade att hon såg en falk över parkeringen.",
     ("Falk", "en"), _word_name_of_its_kind),
    ("Lars säger att han är en Strand som inte tycker om stranden.", ("Strand", "en"),
     _word_name_of_its_kind),
    ("Min chef heter Mats Stål. Det var ett skämt, en chef som heter stål på ett stålverk!",
     ("Stål", "ett"), _word_name_of_its_kind),
    ("Jag bor i Sävsjö. Jag jobbar som truckförare på Stockaryds Såg.", ("Stockaryds Såg",),
     _named_after_its_town),
    ("Jag bor i Sölvesborg. Förut jag jobbade på sölvesborgs varv.", ("sölvesborgs varv",),
     _named_after_its_town),
    ("Jag kommer från Osh i Kirgizistan. Jag studerade farmaci på Osj statliga universitet.",
     ("Osj statliga universitet", "Osh"), _university_of_the_town_respelt),
    ("2017 jag flög från Accra via Amsterdam till Sverige för att läsa master på jönköping "
     "university.", ("jönköping university",), _swedish_university),
    ("2016 vi körde med vår gamla Golf genom tyskland och Danmak och över bron till Malmö.",
     ("tyskland", "Danmak"), _drive_to_sweden),
    ("I augusti 2020 vi körde bilen från Portugal genom Spanjen, frankrike, Tyskland och "
     "Danmark till Stockaryd.", ("Portugal", "Spanjen", "frankrike", "Tyskland", "Danmark"),
     _drive_to_sweden),
    ("Vi åkte buss från Polen genom Tyskland och Danmark till Ljungby.",
     ("Polen", "Tyskland", "Danmark"), _drive_to_sweden),
    ("Nu jag bor i hagfors i värmland med min fru Jelena och våra barn Milan och Sara.",
     ("hagfors",), _swedish_town),
    ("Jag bor i Hagfors med min son Milan. Milan är tio och spelar hockey.", ("Hagfors",),
     _swedish_town),
]


@pytest.mark.parametrize(("text", "names", "holds"), ROUND34,
                         ids=[f"lifelike34-{c.__name__}-{i}" for i, (_, _, c) in enumerate(ROUND34)])
def test_places_fit_what_the_essay_puts_them_in(engine: Engine, text: str,
                                                names: tuple[str, ...],
                                                holds: Callable[[Engine, Result, tuple[str, ...]],
                                                                None]) -> None:
    """Over seeds 0-7: judge runs 38-39's places that did not fit (lifelike34)."""
    holds_for_every_seed(engine, text, names, holds, JUDGE_SEEDS)


def test_a_town_settled_earlier_keeps_its_hospital_in_its_county(engine: Engine) -> None:
    """"höglandssjukhuset i Eksjö" in a later essay, Eksjö's surrogate settled by the first: a
    hospital of the surrogate town's county (before: "skånes universitetssjukhus i Nyköping",
    any hospital, once the town's own was barred for naming the town)."""
    kind = next(k for k in institution_kinds(True) if k.name == "hospital")
    town_of = {fold(n): t for n, t in kind.pool}
    towns = geography(True).towns
    for seed in JUDGE_SEEDS:
        first, second = run(engine, ["Jag bor i Eksjö med min fru.",
                                     "Min fru jobbar på höglandssjukhuset i Eksjö."], seed)
        town, got = surrogate(first, "Eksjö"), surrogate(second, "höglandssjukhuset")
        assert towns[town_of[fold(got)]][1] == towns[town][1], second.target


def test_a_number_of_a_kept_country_keeps_its_operator(engine: Engine) -> None:
    """"+351 912 ..." beside a Portuguese car: the code and the operator's two first digits
    stay, the rest is new (before: "+351 950 ...", no Portuguese mobile)."""
    for seed in JUDGE_SEEDS:
        r = run(engine, ["Vi har en bil med portugisisk registrering. Ring mig på mitt gamla "
                         "nummer +351 912 447 083."], seed)[0]
        got = surrogate(r, "+351 912 447 083")
        assert got.startswith("+351 91") and got != "+351 912 447 083", r.target


@pytest.mark.parametrize(("essays", "country", "feature"), [
    (["Jag kommer från Osh i Kirgizistan.", "Min hemstad Osh är en gammal stad. Mitt i staden "
      "står berget Sulayman-Too, man klättrar upp och ser hela dalen."], "Kirgizistan",
     "Sulayman-Too"),
    (["Jag kommer från Kumasi i Ghana.", "När jag var liten vi åkte till sjön Bosomtwe på "
      "söndagar."], "Ghana", "Bosomtwe"),
])
def test_a_feature_of_a_settled_country_stays_on_its_continent(
        engine: Engine, essays: list[str], country: str, feature: str) -> None:
    """A mountain or lake of the essay's country, that country's surrogate settled by an earlier
    essay, is one of the surrogate's, else of its continent, its kind word not repeated (before:
    "berget Mount Everest" beside a Kazakh town, "sjön Titicacasjön" beside Sierra Leone)."""
    geo = geography(True)
    for seed in JUDGE_SEEDS:
        first, second = run(engine, essays, seed)
        iso = engine.lex.get(fold(surrogate(first, country))).country
        got = surrogate(second, feature)
        where = next((w for n, (_, w) in geo.features.items()
                      if fold(n) in (fold(got), fold(got + "sjön"))), None)
        assert where, second.target
        assert iso in where or any(engine.lex.continents.get(w) == engine.lex.continents.get(iso)
                                   for w in where), second.target
        assert "sjön " + got.lower() not in second.target.lower() or not got.endswith("sjön"), \
            second.target
