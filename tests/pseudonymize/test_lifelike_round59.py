"""Lifelike surrogates, round 59 (h-lifelike59, issue 15): kin words of a family told in the
writer's own language, and minorities' home regions.

Judge runs 74 and 75 (dev31) named these among their clues: a word of the learner's language
for "father" or "grandmother", written after "min" before the person's name and then alone
("... och min X Name bor kvar. X har gikt"), given a man's name at every mention; a Breton,
Corsican or Udmurt family's home town drawn in another region of the country ("från <town> i
Bretagne" -> a town of Île-de-France). Invented sentences, not the gold sets'; the towns abroad
are real (the gazetteers must know them) and none of dev31's sentences."""

from __future__ import annotations

from pathlib import Path

import pytest

from pseudonymize.engine import Engine
from pseudonymize.lexicon import fold
from tests.pseudonymize.test_lifelike_round37 import _runs  # (seeds 0-3)


@pytest.fixture(scope="module")
def engine(offline_snapshot: Path) -> Engine:
    return Engine.load(offline_snapshot)


FAMILY = [  # (text, the kin word kept at every mention, the names still replaced)
    ("Min ninai Jelka och min opai Rastko bor kvar i byn. opai har ont i ryggen och går med "
     "käpp.", "opai", ("Jelka", "Rastko")),
    ("Min nanai Zorka och min tatai Milorad bor kvar på landet. tatai jobbar fortfarande.",
     "tatai", ("Zorka", "Milorad")),
    ("Min inda Marjeta och min ukai Dusan bor i Kranj. ukai har diabetes.", "ukai",
     ("Marjeta", "Dusan")),
]


@pytest.mark.parametrize(("text", "word", "names"), FAMILY)
def test_a_kin_word_beside_the_essays_other_kin_words_stays_alone_too(
        engine: Engine, text: str, word: str, names: tuple[str, ...]) -> None:
    for target, rows in _runs(engine, text):
        assert target.count(word) == text.count(word), target
        for name in names:
            picks = [p for o, _, p in rows if o == name]
            assert picks and all(p != name for p in picks), rows


NOT_FAMILY = [  # (text, a name replaced at every mention)
    # a Swedish kin word beside it tells no language of the writer's own (h-probe71's guard)
    ("Min mamma Hodan och min aweys Warsame kom igår. jag älskar aweys. Jag bor i Borås.",
     "aweys"),
    # a word after "heter" is a person's name
    ("Min inda Marjeta och min ukai Dusan bor i Kranj. Min granne heter ukai och ukai har en "
     "hund.", "ukai"),
]


@pytest.mark.parametrize(("text", "name"), NOT_FAMILY)
def test_a_name_beside_kin_words_is_still_replaced(engine: Engine, text: str,
                                                   name: str) -> None:
    for target, rows in _runs(engine, text):
        picks = [p for o, _, p in rows if o == name]
        assert picks and all(p != name for p in picks), rows


HOMES = [  # (text, the town, its region word kept, the region's code in the gazetteers)
    ("Min mamma bor kvar i Paimpol i Bretagne och hon pratar bretonska med grannarna.",
     "Paimpol", "Bretagne", "FR.53"),
    ("Min farbror har getter nära Porto-Vecchio på Korsika. Vi pratar korsikanska hemma.",
     "Porto-Vecchio", "Korsika", "FR.94"),
    ("Jag är udmurt och jag kommer från Kambarka i Udmurtien.", "Kambarka", "Udmurtien",
     "RU.80"),
    ("Jag är shipibo och jag kommer från Contamana i Peru.", "Contamana", "Peru", "PE.25"),
]


@pytest.mark.parametrize(("text", "town", "region", "code"), HOMES)
def test_a_minoritys_home_town_lies_in_its_own_region(engine: Engine, text: str, town: str,
                                                      region: str, code: str) -> None:
    for target, rows in _runs(engine, text):
        assert region in target, target
        picks = [p for o, _, p in rows if o == town]
        assert picks and all(engine.lex.place_region.get(fold(p)) == code for p in picks), rows


def test_a_kept_regions_capital_stays_at_every_mention(engine: Engine) -> None:
    """The town the essay calls the capital of a people's region that stays is that region's
    one capital (was "Moskva, det är huvudstaden i Udmurtien", then "Sarapul, ...")."""
    text = ("Jag föddes i Kuzebajevo. Sen jag studerade i Izjevsk, det är huvudstaden i "
            "Udmurtien. Min mamma pratar udmurtiska. Min bror jobbar i izjevsk.")
    for target, rows in _runs(engine, text):
        assert "Izjevsk, det är huvudstaden i Udmurtien" in target, target
        assert "jobbar i izjevsk" in target, target
        assert all(p != "Kuzebajevo" for o, _, p in rows if o == "Kuzebajevo"), rows


def test_a_kept_countrys_capital_stays(engine: Engine) -> None:
    """Where the country stays (a Breton's France), the town the essay calls its capital is
    its capital (was "Marseille, huvudstaden i Frankrike")."""
    text = "Jag pratar bretonska. Jag studerade i Lyon och sedan i Paris, huvudstaden i Frankrike."
    for target, rows in _runs(engine, text):
        assert "i Paris, huvudstaden i Frankrike" in target, target
        assert all(p != "Lyon" for o, _, p in rows if o == "Lyon"), rows


def test_a_capital_of_a_region_that_is_replaced_is_replaced(engine: Engine) -> None:
    """(guard) no people's word keeps the region: its capital is replaced with it."""
    text = "Jag studerade i Tjeboksary, det är huvudstaden i Tjuvasjien. Nu bor jag i Umeå."
    for target, rows in _runs(engine, text):
        assert all(p != "Tjeboksary" for o, _, p in rows if o == "Tjeboksary"), rows


def test_a_city_of_millions_is_no_peoples_home_town(engine: Engine) -> None:
    """A family's language drew every town of its country among its homes: "tåg till Moskva"
    beside "udmurtiska" went to a small Udmurt town. A city of a million or more is drawn
    among the country's towns of its size."""
    text = "Jag pratar udmurtiska. 2014 vi åkte tåg till Moskva och sedan buss till Helsingfors."
    for target, rows in _runs(engine, text):
        picks = [p for o, _, p in rows if o == "Moskva"]
        assert picks and all(engine.lex.get(fold(p)).place_pop >= 500_000 for p in picks), rows


def test_a_peoples_region_read_as_a_town_stays(engine: Engine) -> None:
    """A people's region under a name the gazetteers lack, which the detectors read as a town
    ("Min familj i Corsica" beside "korsikanska"), stays as the region's other names do (was
    "Min familj i Bastia", a town of the region drawn for the region)."""
    text = "Min familj i Corsica\nMin mamma bor kvar i Calvi. Vi pratar korsikanska hemma."
    for target, rows in _runs(engine, text):
        assert target.startswith("Min familj i Corsica\n"), target
        assert all(p != "Calvi" for o, _, p in rows if o == "Calvi"), rows


def test_a_person_read_as_a_boats_name_keeps_the_persons_surrogate(engine: Engine) -> None:
    """"På båten Olof sa ..." after "jag träffade Olof": the detectors read the name after
    "båten" as the boat's, and the surrogate was a ship's ("På båten Tom Sawyer sa")."""
    text = ("I Marseille jag träffade Olof. Vi tog en båt till Bastia. På båten Olof sa att "
            "havet var fint.")
    for target, rows in _runs(engine, text):
        picks = [p for o, _, p in rows if o == "Olof"]
        assert len(picks) == 2 and picks[0] == picks[1] != "Olof", rows


def test_a_boats_own_name_is_still_a_boats(engine: Engine) -> None:
    """(guard) a boat named as no person of the essay keeps a vessel's surrogate."""
    text = "Vi åkte med båten Viking Grace till Åbo. Min bror Olof var med."
    for target, rows in _runs(engine, text):
        boat = [p for o, _, p in rows if o == "Viking Grace"]
        assert boat and boat[0] != [p for o, _, p in rows if o == "Olof"][0], rows


def test_a_district_after_a_kept_capital_lies_abroad(engine: Engine) -> None:
    """A kept capital is the essay's last place abroad, as a drawn town is: a district the
    gazetteers lack after it was read as Swedish ("Jag bodde i halmstad, en stor del av
    staden")."""
    text = ("Jag är udmurt. Sen jag studerade på universitet i Izjevsk, det är huvudstaden i "
            "Udmurtien. Jag bodde i ustinovskij, en stor del av staden med höga hus.")
    for target, rows in _runs(engine, text):
        picks = [p for o, _, p in rows if o == "ustinovskij"]
        assert picks and all(not engine.lex.get(fold(p)).se_pop for p in picks), rows
