"""Lifelike surrogates, round 36 (lifelike39, issue 15): what dev17's pairs showed a reader.
A feast's name is no town or person and keeps its date ("vi firar Todos Santos" drew Belém), a
dish named with a capital is no woman ("Thiéboudienne kostar 90 kronor"), a kin word of the
learner's language is no name ("min strina slavica"), a year after the vehicle one came by is a
year ("kom med flyg 2016" became flight 9688), a town or resort one skis in is one with slopes
("skidor i Rejmyre", "i Backvägen"), and a West African woman's name in -atou no list holds is
a woman's, so her nickname is cut from a woman's surrogate. Invented sentences, not the gold
sets'."""

from __future__ import annotations

from pathlib import Path

import pytest

from pseudonymize.engine import Engine
from pseudonymize.surrogates import geography

SEEDS = range(4)


@pytest.fixture(scope="module")
def engine(offline_snapshot: Path) -> Engine:
    return Engine.load(offline_snapshot)


def _runs(engine: Engine, text: str) -> list[tuple[str, list[tuple[str, str, str]]]]:
    """Per seed: the lifelike text and its (original, label, surrogate) rows."""
    out = []
    for seed in SEEDS:
        r = engine.pseudonymize(text, "e", strategy="lifelike", seed=seed)
        out.append((r.target, [(a.original, a.label, a.pseudonym) for a in r.annotations]))
    return out


KEPT = [  # (text, words that stay as written under every seed)
    # feasts of several words: neither word a town or a name, the date beside them the feast's
    ("Den första november firar vi Todos Santos hemma hos mormor.",
     ("Todos Santos", "första november")),
    ("Under Semana Santa äter vi fisk med hela familjen.", ("Semana Santa",)),
    ("Vi firar Día de los Muertos med mat och musik.", ("Día de los Muertos",)),
    # a dish
    ("Jag lagar mat hemma. Thiéboudienne kostar 80 kronor.", ("Thiéboudienne",)),
    ("Till fest gör min mamma Ajvar och Burek.", ("Ajvar", "Burek")),
    # a kin word of the learner's language before a name
    ("Min vujko Dragan och strina Vesna bor kvar i byn.", ("strina",)),
    ("Min tetin ringer från Skopje varje vecka.", ("tetin",)),
]


@pytest.mark.parametrize(("text", "kept"), KEPT)
def test_feasts_dishes_and_kin_words_stay(engine: Engine, text: str,
                                          kept: tuple[str, ...]) -> None:
    for out, _ in _runs(engine, text):
        for word in kept:
            assert word in out, (word, out)


def test_a_feasts_words_alone_still_name_a_town(engine: Engine) -> None:
    """Santos outside the feast is the Brazilian town it was."""
    for _, rows in _runs(engine, "Min faster har en restaurang i Santos i Brasilien."):
        assert ("Santos", "city") in {(o, lab) for o, lab, _ in rows}, rows


YEARS = [  # (text, the year after the vehicle)
    ("Jag kom till Sverige med flyg 2016 för att studera.", "2016"),
    ("Min man åkte med båt 2014 till Italien.", "2014"),
]


@pytest.mark.parametrize(("text", "year"), YEARS)
def test_a_year_after_the_vehicle_stays_a_year(engine: Engine, text: str, year: str) -> None:
    """A year-like number right after "flyg"/"båt" is shifted as a year (a year within a few
    of it), never drawn as a flight's number."""
    for _, rows in _runs(engine, text):
        picks = [(lab, p) for o, lab, p in rows if o == year]
        assert picks and all(lab == "year" and p.isdigit() and abs(int(p) - int(year)) <= 5
                             for lab, p in picks), rows


def test_a_line_number_is_still_a_line(engine: Engine) -> None:
    for _, rows in _runs(engine, "Jag tar buss 47 till jobbet."):
        assert ("47", "transport_nr") in {(o, lab) for o, lab, _ in rows}, rows


WOMEN = [  # (text, the woman's name no list holds, her nickname)
    ("Jag heter Khadidiatou Ndiaye och alla kallar mig khady.", "Khadidiatou", "khady"),
    ("Min syster heter Hadiatou men vi säger Hadi.", "Hadiatou", "Hadi"),
]


@pytest.mark.parametrize(("text", "name", "nickname"), WOMEN)
def test_a_name_in_atou_is_a_womans_and_so_is_its_nickname(
        engine: Engine, text: str, name: str, nickname: str) -> None:
    """West African women's names in -atou (Aminatou, Mariatou) are women's: the surrogate is a
    woman's name and the nickname is cut from it, never from Abdoulaye."""
    for _, rows in _runs(engine, text):
        labels = {o: (lab, p) for o, lab, p in rows}
        assert labels[name][0] == "firstname_female", rows
        if nickname in labels:
            full, nick = labels[name][1], labels[nickname][1]
            assert nick.lower()[:2] == full.lower()[:2], rows


SKI_TOWNS = {"Åre", "Duved", "Sälen", "Vemdalen", "Idre", "Funäsdalen", "Järvsö", "Orsa"}
SKIED = [  # (text, the town skied in)
    ("Jag bor i Malmö. På sportlovet åkte vi skidor i Sälen.", "Sälen"),
    ("Förra vintern åkte jag slalom i Åre med min klass.", "Åre"),
    ("Min bror jobbar som liftskötare i Vemdalen hela vintern.", "Vemdalen"),
]


@pytest.mark.parametrize(("text", "town"), SKIED)
def test_a_town_skied_in_is_a_ski_town(engine: Engine, text: str, town: str) -> None:
    """A Swedish town one skis in takes a town with slopes (never "skidor i Rejmyre"); the
    essay's other towns do not."""
    for _, rows in _runs(engine, text):
        picks = {o: p for o, lab, p in rows if lab == "city"}
        assert picks[town] in SKI_TOWNS - {town}, rows
        assert all(p not in SKI_TOWNS for o, p in picks.items() if o != town), rows


def test_a_town_without_skiing_is_no_ski_town(engine: Engine) -> None:
    for _, rows in _runs(engine, "Vi åkte från Umeå till Sälen med buss och sen skidor."):
        picks = {o: p for o, lab, p in rows if lab == "city"}
        assert picks.get("Umeå") not in SKI_TOWNS, rows


SKI_RESORTS = {"Branäs", "Kungsberget", "Idre fjäll", "Lindvallen", "Tandådalen", "Hundfjället",
               "Högfjället", "Kläppen", "Grönklitt", "Björnrike", "Bruksvallarna",
               "Ramundberget", "Riksgränsen", "Isaberg", "Vallåsen", "Järvsöbacken",
               "Hammarbybacken"}


def test_a_ski_resort_takes_a_ski_resort(engine: Engine) -> None:
    """Branäs is a resort, never a street ("skidor i Backvägen")."""
    text = "Jag bor i Jönköping. Förra vintern åkte jag skidor i Branäs, jag föll tjugo gånger."
    for _, rows in _runs(engine, text):
        pick = next(p for o, _, p in rows if o == "Branäs")
        assert pick in SKI_RESORTS - {"Branäs"}, rows


FAMILY_FIRST = [  # (text, the family name written first, the given name after it)
    ("Jag heter Kim Seo-yeon och jag kommer från Sydkorea.", "Kim", "Seo-yeon"),
    ("Min kollega Lee Min-ho bor i Seoul med sin fru.", "Lee", "Min-ho"),
    ("Min vän heter Wang Fang och hon kommer från Kina.", "Wang", "Fang"),
]


def _listed(engine: Engine, slot: str) -> set[str]:
    return {n for key, pool in engine.lex.pools.items() if key.startswith(slot) for n in pool}


@pytest.mark.parametrize(("text", "family", "given"), FAMILY_FIRST)
def test_an_east_asian_name_keeps_its_order(engine: Engine, text: str, family: str,
                                            given: str) -> None:
    """Family name first: a family name, then a given name of the pattern written (never
    "Ji-min Cho" for "Kim Seo-yeon")."""
    surnames, firsts = _listed(engine, "surname:"), _listed(engine, "first_")
    for _, rows in _runs(engine, text):
        picks = {o: p for o, _, p in rows}
        assert picks[family] in surnames, rows
        assert picks[given] in firsts, rows


PATTERNS = [  # (text, a given name: joined by a hyphen or not)
    ("Min granne heter Per-Olof Svensson och han är pensionär.", "Per-Olof"),
    ("Min granne heter Olof Svensson och han är pensionär.", "Olof"),
    ("Min kollega Lee Min-ho bor i Seoul med sin fru.", "Min-ho"),
]


@pytest.mark.parametrize(("text", "given"), PATTERNS)
def test_a_given_name_keeps_its_pattern(engine: Engine, text: str, given: str) -> None:
    """Two parts joined by a hyphen stay two (Per-Olof -> Jan-Erik), one stays one."""
    for _, rows in _runs(engine, text):
        pick = next(p for o, _, p in rows if o == given)
        assert ("-" in pick) == ("-" in given), rows


def test_a_swedish_name_after_kim_is_no_east_asian_name(engine: Engine) -> None:
    for _, rows in _runs(engine, "Min lärare heter Kim Larsson och hon är snäll."):
        picks = {o: p for o, _, p in rows}
        assert picks["Kim"] not in _listed(engine, "surname:"), rows


def test_a_korean_homeland_is_never_north_korea(engine: Engine) -> None:
    for out, _ in _runs(engine, "Jag kommer från Sydkorea och bor i Sverige sedan 2019."):
        assert "Nordkorea" not in out, out


LAKES = [  # (text, a lake the tables know, read as a site or a place)
    ("Kanot på Lelång. I juli jag paddlade kanot med min klass.", "Lelång"),
    ("Jag bor i Torsby. Här har jag en annan sjö, Övre Fryken, den är mörkblå.", "Övre Fryken"),
]


@pytest.mark.parametrize(("text", "lake"), LAKES)
def test_a_known_lake_stays_a_lake(engine: Engine, text: str, lake: str) -> None:
    """A lake the tables know, read as a named site, is a lake (never "Kanot på Stationsgatan"),
    Övre Fryken one too (never a river)."""
    lakes = {name for name, (kind, _) in geography(True).features.items() if kind == "lake"}
    for _, rows in _runs(engine, text):
        pick = next(p for o, _, p in rows if o == lake)
        assert pick in lakes - {lake} or pick.lower() == "sjön", rows
