"""Lifelike surrogates, round 42 (lifelike45, issue 15): what round 41 left of judge runs 50
and 51. A volcano drawn as a volcano; a lake or town of a sentence told in Sweden kept Swedish
in an essay set abroad; a train into Sweden from the town it leaves from, of the country it
crosses from; a people written with apostrophes (K'iche') keeping its country in every essay
of the learner; a feast read as a name kept as the feast, its month with it. Invented
sentences, not the gold sets'."""

from __future__ import annotations

from pathlib import Path

import pytest

from pseudonymize.engine import Engine
from pseudonymize.evaluate import Document, as_released
from pseudonymize.lexicon import fold
from pseudonymize.surrogates import geography, words
from tests.pseudonymize.test_lifelike_round37 import _runs  # (seeds 0-3)
from tests.pseudonymize.test_lifelike_round40 import _pick


@pytest.fixture(scope="module")
def engine(offline_snapshot: Path) -> Engine:
    return Engine.load(offline_snapshot)


VOLCANOES = [  # (text, the volcano)
    ("Jag kommer från Ecuador. Från vårt hus i Latacunga vi såg vulkanen Cotopaxi varje dag.",
     "Cotopaxi"),
    ("Jag är från Colombia, från Pasto. Där finns vulkanen Galeras som är farlig.", "Galeras"),
    ("Min mamma bor i Guatemala. Hon ser vulkanen Pacaya från köket.", "Pacaya"),
    ("Vi bodde i Arequipa i Peru, under vulkanen Misti.", "Misti"),
]


@pytest.mark.parametrize(("text", "volcano"), VOLCANOES)
def test_a_volcano_stays_a_volcano(engine: Engine, text: str, volcano: str) -> None:
    """"vulkanen Cotopaxi" is drawn as a volcano of `volcanoes_lifelike` (a neighbour's where
    the surrogate country has none), never Pico Bolívar or another mountain that is none."""
    geo = geography(True)
    for out, rows in _runs(engine, text):
        assert _pick(rows, volcano) in geo.volcanoes, out


def test_a_mountain_need_not_be_a_volcano(engine: Engine) -> None:
    """The negative row: "berget X" with no volcano word is drawn among the mountains as
    before (a volcano now and then, since they are mountains too, but not only)."""
    geo = geography(True)
    text = "Min man kommer från Venezuela. Vi bodde i Mérida nära berget Pico Bolívar."
    picks = [_pick(rows, "Pico Bolívar") for _, rows in _runs(engine, text)]
    assert all(geo.features[p][0] == "mountain" for p in picks if p in geo.features), picks


def test_a_volcano_moves_its_country_to_one_with_volcanoes(engine: Engine) -> None:
    """A country beside "vulkanen" becomes one with a volcano we know (never Venezuela)."""
    geo = geography(True)
    with_one = {iso for name in geo.volcanoes for iso in geo.features[name][1]}
    text = "Jag kommer från Nicaragua. Vi bodde nära vulkanen Momotombo."
    for out, rows in _runs(engine, text):
        moved = engine.lex.get(fold(_pick(rows, "Nicaragua"))).country
        assert moved in with_one, out


SWEDISH_WATERS = [  # (text, the Swedish lake or river of a sentence told in Sweden)
    ("Jag kommer från Nampula. Förra vintern fastnade bilen i snön. En man stannade, han "
     "hette Gunnar Lod och bodde vid sjön Lingan.", "Lingan"),
    ("Jag växte upp i Beira. Min granne Birgitta Holm har en stuga vid sjön Ramsen.",
     "Ramsen"),
    ("Jag kommer från Almaty. Sedan 2020 bor jag i Hultsfred. Hultsfred är litet, men sjön "
     "Hulingen är vacker.", "Hulingen"),
]


@pytest.mark.parametrize(("text", "water"), SWEDISH_WATERS)
def test_a_swedish_lake_stays_swedish(engine: Engine, text: str, water: str) -> None:
    """A lake no table knows, in a sentence that names nothing abroad and a person of a
    Swedish-only given name, is a Swedish lake, never Cahora Bassa or Tanganyika."""
    geo = geography(True)
    for out, rows in _runs(engine, text):
        pick = _pick(rows, water)
        assert pick not in geo.features or not any(
            len(w) == 2 and w.isupper() for w in geo.features[pick][1]), out


def test_a_lake_abroad_stays_abroad(engine: Engine) -> None:
    """The negative row: a lake no table knows in a sentence of someone from the essay's
    country abroad stays a lake there."""
    geo = geography(True)
    text = "Jag kommer från Nampula. Min kusin Ahmed bodde vid sjön Chiuta."
    for out, rows in _runs(engine, text):
        pick = _pick(rows, "Chiuta")
        assert pick in geo.features and geo.features[pick][1] == frozenset({"MZ"}), out


def test_a_lake_of_a_sentence_of_no_town_stays_abroad(engine: Engine) -> None:
    """The negative row: "Nästa sommar ska vi till sjön X" after Kraków (Nästa is also a
    Swedish district, no town of the sentence) stays a lake abroad."""
    geo = geography(True)
    text = "Vi bodde i Kraków. Nästa sommar vi ska gå till sjön Morskie Oko."
    for out, rows in _runs(engine, text):
        pick = _pick(rows, "Morskie Oko")
        assert pick not in geo.features or "SE" not in geo.features[pick][1] and not any(
            not (len(w) == 2 and w.isupper()) for w in geo.features[pick][1]), out


def test_a_village_after_a_swedish_town_stays_swedish(engine: Engine) -> None:
    """"Först bodde vi i Borgholn, nu i Köpingsvik" after years abroad: the village after a
    Swedish town (however misspelt) in its sentence is Swedish, never a town of Germany."""
    text = ("Vi bodde i Tyskland i tio år och flyttade hit 2012. Först vi bodde i Borgholn, "
            "nu i Köpingsvik.")
    for out, rows in _runs(engine, text):
        pick = _pick(rows, "Köpingsvik")
        assert engine.lex.get(fold(pick)).place_country in ("", "SE"), out


TRAINS = [  # (text, the town abroad the train leaves from, the train)
    ("Vi bor i Markaryd. Vi kom med flyg till Köpenhamn och sedan med Pågatåg till Markaryd.",
     "Köpenhamn", "Pågatåg"),
    ("Vi bodde i Dresden i Tyskland. Sen vi tog Snälltåget från Berlin till Malmö.",
     "Berlin", "Snälltåget"),
    ("Min bror jobbar i Norge. Han tar tåget från Oslo till Karlstad varje fredag.",
     "Oslo", ""),
    ("Jag bor i Halmstad. Jag flög från Hanoi till Kastrup och sen Öresundståg hem.",
     "Kastrup", "Öresundståg"),
]


@pytest.mark.parametrize(("text", "gate", "train"), TRAINS)
def test_a_train_into_sweden_leaves_from_its_town(engine: Engine, text: str, gate: str,
                                                   train: str) -> None:
    """The town a train into Sweden leaves from stays as written in its train's sentence
    (never Århus or Poznań), and the train is one that crosses from there (or SJ)."""
    crossing = {t for trains in words().trains_abroad.values() for t in trains}
    for out, rows in _runs(engine, text):
        assert gate in out, out
        if train:
            assert _pick(rows, train) in crossing, out


def test_a_flight_from_a_gateway_moves(engine: Engine) -> None:
    """The negative row: a flight from Köpenhamn to a town abroad takes no train: the town is
    drawn as any town abroad."""
    text = "Jag bor i Växjö. Förra året vi flög från Köpenhamn till Bangkok."
    assert all("Köpenhamn" not in out for out, _ in _runs(engine, text))


def test_kiche_keeps_guatemala_in_every_essay(engine: Engine) -> None:
    """"Jag är maya k'iche'": the people's name written with apostrophes ties Guatemala, which
    stays in the learner's first essay and every later one (never Chile, never Guatemala in
    one and Chile in the next)."""
    essays = [Document("a1", "Jag heter Ana. Jag kommer från Guatemala och jag är k'iche'.", (),
                       learner="L1"),
              Document("a2", "Min mamma bor kvar i Guatemala, i en by nära Quetzaltenango.", (),
                       learner="L1")]
    for seed in range(4):
        for doc, result in as_released(engine, essays, "lifelike", seed):
            assert "Guatemala" in result.target, (doc.id, result.target)


def test_another_people_still_moves_its_country(engine: Engine) -> None:
    """The negative row: without a people's word the country moves as before."""
    text = "Jag heter Ana. Jag kommer från Guatemala och jag bor i Borås."
    assert any("Guatemala" not in out for out, _ in _runs(engine, text))


FEASTS = [  # (text, the feast's words read as names, the month)
    ("Inti Raymi\nI juni vi firar Inti Raymi med dans och musik.", ("Inti", "Raymi"), "juni"),
    ("Slava\nVår familj firar slava varje år, det är släktens helgon.", ("slava",), ""),
]


@pytest.mark.parametrize(("text", "kept", "month"), FEASTS)
def test_a_feast_read_as_a_name_stays_the_feast(engine: Engine, text: str,
                                                kept: tuple[str, ...], month: str) -> None:
    """A feast of `feast_names_lifelike` the essay celebrates ("vi firar Inti Raymi") stays as
    written, its title and its month too, never "Argemiro Arango" in "A juli"."""
    for out, _ in _runs(engine, text):
        assert all(out.count(word) == text.count(word) for word in kept), out
        assert not month or month in out, out


def test_a_feasts_name_as_a_persons_name(engine: Engine) -> None:
    """The negative row: Slava is a name where the essay celebrates no slava."""
    text = "Min vän Slava kommer från Kiev. Vi firar jul tillsammans."
    assert all("Slava" not in out for out, _ in _runs(engine, text))
