"""Lifelike surrogates, round 45 (lifelike48, issue 15): what judge runs 54 and 55 found on
dev21. A people or nationality of one country keeps it (Togolese, Malagasy, Nicaraguan,
Maronite, Hassaniya; Ewe beside French is Togo's); a river, lake or mountain of a kept country
is another of its own, never a neighbour's; a town abroad whose country has no town left is a
neighbour's, never a Swedish one; "X, eller Y som vi säger" and "som fransmännen kallade Y"
give a town's other name. Invented sentences, not the gold sets'."""

from __future__ import annotations

from pathlib import Path

import pytest

from pseudonymize.engine import Engine
from pseudonymize.surrogates.places import local_towns
from pseudonymize.evaluate import Document, as_released
from pseudonymize.lexicon import fold
from pseudonymize.surrogates import geography
from tests.pseudonymize.test_lifelike_round37 import _runs  # (seeds 0-3)
from tests.pseudonymize.test_lifelike_round40 import _pick as _of

SEEDS = range(4)


@pytest.fixture(scope="module")
def engine(offline_snapshot: Path) -> Engine:
    return Engine.load(offline_snapshot)


PEOPLES = [  # (text, the country that stays)
    ("Min bror har ett togolesiskt pass men bor i Togo.", "Togo"),
    ("Vi pratar ewe och franska hemma, för vi kommer från Togo.", "Togo"),
    ("Min mormor pratar bara malagassiska. Hon bor kvar på Madagaskar.", "Madagaskar"),
    ("Vi är många nicaraguaner här. Alla saknar Nicaragua.", "Nicaragua"),
    ("Min farfar var maronit och bodde hela livet i Libanon.", "Libanon"),
    ("Min mamma pratar hassaniya, hon växte upp i Mauretanien.", "Mauretanien"),
]


@pytest.mark.parametrize(("text", "country"), PEOPLES)
def test_a_people_keeps_its_country(engine: Engine, text: str, country: str) -> None:
    """A people, nationality or language of one country (`country_cues_lifelike`, and the
    pair ewe with franska in `country_cue_pairs_lifelike`) keeps the country as written:
    never an Ewe family speaking French in Ivory Coast, a Malagasy woman from Mozambique."""
    for out, _ in _runs(engine, text):
        assert country in out, out


def test_without_a_people_the_country_moves(engine: Engine) -> None:
    """The negative row: the same country without the people's word moves."""
    text = "Min bror bor i Togo och jobbar på ett hotell."
    assert any("Togo" not in out for out, _ in _runs(engine, text))


def test_ewe_alone_is_ghana_or_togo(engine: Engine) -> None:
    """Ewe without French: Ghana's Ewe too, so Togo may become Ghana, never Ivory Coast."""
    text = "Vi är ewe och jag kommer från Togo."
    for out, rows in _runs(engine, text):
        assert engine.lex.get(fold(_of(rows, "Togo"))).country in ("GH", "TG"), out


FEATURES = [  # (text, the feature, the kept country's code)
    ("Vi pratar ewe och franska. I Togo min morfar fiskade i floden Mono varje dag.", "Mono",
     "TG"),
    ("Jag pratar guarani. I Paraguay vi badade i sjön Ypacaraí på sommaren.", "Ypacaraí",
     "PY"),
    ("Jag pratar malagassiska. På Madagaskar vi bodde nära floden Betsiboka.", "Betsiboka",
     "MG"),
]


@pytest.mark.parametrize(("text", "feature", "iso"), FEATURES)
def test_a_kept_countrys_feature_is_its_own(engine: Engine, text: str, feature: str,
                                            iso: str) -> None:
    """A river or lake of a country kept as written is another of that country's
    (`features_lifelike`, round 45), or the bare kind word: never the Mouhoun of Burkina
    Faso for Togo's Mono, nor Titicaca in Paraguay."""
    geo = geography(True)
    for out, rows in _runs(engine, text):
        pick = _of(rows, feature)
        name = geo.feature_folds.get(fold(pick))
        assert name is None or iso in geo.features[name][1], out


def test_a_feature_of_a_moved_country_moves(engine: Engine) -> None:
    """The negative row: with no people's word the country moves, and the river with it."""
    text = "I Togo min morfar fiskade i floden Mono varje dag."
    for out, rows in _runs(engine, text):
        assert _of(rows, "Mono") != "Mono", out


def test_a_kept_country_out_of_towns_takes_a_neighbours(engine: Engine) -> None:
    """Paraguay's seven towns all taken by the learner's essays: a later town of Paraguay is
    (round 49) one of its villages (cities500: "Encarnación i Paraguay" stays in Paraguay),
    else a town of a bordering country, never a Swedish one."""
    towns = ["Lambaré", "Limpio", "Nemby", "Caacupé", "Villarrica", "Pilar", "Filadelfia"]
    essays = [Document("p1", f"Jag pratar guarani och kommer från Paraguay. Jag har bott i "
                       f"{', '.join(towns[:4])} och {towns[4]}.", (), learner="L1"),
              Document("p2", f"Min syster bor i {towns[5]} och min bror i {towns[6]}. Min "
                       "kusin bor kvar i Encarnación i Paraguay.", (), learner="L1")]
    neighbours = engine.lex.neighbours.get("PY", frozenset()) | {"PY"}
    for seed in SEEDS:
        released = dict((doc.id, result) for doc, result in as_released(
            engine, essays, "lifelike", seed))
        rows = [(a.original, a.label, a.pseudonym) for a in released["p2"].annotations]
        pick = _of(rows, "Encarnación")
        assert pick in local_towns(engine.lex, "PY") or \
            engine.lex.get(fold(pick)).place_country in neighbours, released["p2"].target


ALIASES = [  # (text, the town, its other name)
    ("Vi gifte oss i Tripoli, eller Trablous som vi säger, och flyttade sedan till Beirut.",
     "Tripoli", "Trablous"),
    ("Min pappa köpte fisk i Nouadhibou, som fransmännen kallade Port-Étienne.",
     "Nouadhibou", "Port-Étienne"),
]


@pytest.mark.parametrize(("text", "town", "other"), ALIASES)
def test_a_towns_other_name_is_that_town(engine: Engine, text: str, town: str,
                                         other: str) -> None:
    """"X, eller Y som vi säger" and "X, som fransmännen kallade Y": Y is X's other name,
    so its surrogate is X's surrogate town, never a man's name ("Haidar", "Beto")."""
    for out, rows in _runs(engine, text):
        assert fold(_of(rows, other)) == fold(_of(rows, town)), out


def test_a_second_town_after_eller_is_another_town(engine: Engine) -> None:
    """The negative row: two towns joined by "eller" with no "som vi säger" are two towns."""
    text = "Nästa år vi flyttar kanske till Uppsala, eller Västerås."
    for out, rows in _runs(engine, text):
        assert fold(_of(rows, "Uppsala")) != fold(_of(rows, "Västerås")), out


PUNS = [  # (text, the name, the lower-case word, the field's words)
    ("Min chef heter Anders Rapp. Han är inte rapp alls, han går långsamt.", "Rapp", "rapp",
     {"modig", "stark", "frisk", "rask", "sträng", "glad", "tapper", "trygg", "snäll", "kvick",
      "vass", "flink"}),
    ("Vår granne heter Gunnel Bofink. En bofink sitter ofta på hennes tak.", "Bofink",
     "bofink", {"falk", "örn", "hök", "svan", "fink", "trana", "svala", "lärka", "ärla"}),
]


@pytest.mark.parametrize(("text", "name", "word", "field"), PUNS)
def test_a_word_surname_keeps_its_pun(engine: Engine, text: str, name: str, word: str,
                                      field: set[str]) -> None:
    """A surname that is a word the essay also writes ("Rapp ... inte rapp", "Bofink ... en
    bofink") takes another word of its field (`pun_fields_lifelike`), and the word follows:
    never "Ebbe Berggren ... inte berggren alls"."""
    for out, rows in _runs(engine, text):
        assert fold(_of(rows, name)) in {fold(w) for w in field}, out
        assert fold(_of(rows, word)) == fold(_of(rows, name)), out


FEASTS = [  # (text, the date or month word as written, which stays)
    ("Hemma den största festen är La Purísima den 7 december, alla sjunger.", "7 december"),
    ("Den 8 december är det Caacupé och många går till fots till kyrkan.", "8 december"),
    ("Mamma berättade om Umuganura, vår skördefest i augusti.", "augusti"),
]


@pytest.mark.parametrize(("text", "date"), FEASTS)
def test_a_feasts_day_and_month_stay(engine: Engine, text: str, date: str) -> None:
    """A feast abroad (`feast_names_lifelike`, `feast_months_lifelike`) keeps the date and
    month of its sentence as written: never "La Purísima den 9 januari"."""
    for out, _ in _runs(engine, text):
        assert date in out, out


def test_another_date_beside_a_feast_moves(engine: Engine) -> None:
    """The negative row: a birthday in a sentence naming the feast is the child's own date."""
    text = "Min dotter föddes den 7 december, på La Purísima."
    assert any("7 december" not in out for out, _ in _runs(engine, text))


def test_a_rivers_name_read_as_a_town_is_a_town(engine: Engine) -> None:
    """"Jag är född i Tana" (a river of Kenya too) in an essay about Madagascar: a town of the
    essay's country, never "född i floden" nor a town of Kenya."""
    text = ("Jag pratar malagassiska och kommer från Madagaskar. Jag är född i Tana, det är "
            "kort för Antananarivo.")
    for out, rows in _runs(engine, text):
        assert engine.lex.get(fold(_of(rows, "Tana"))).place_country == "MG", out


def test_a_river_fished_in_stays_a_river(engine: Engine) -> None:
    """The negative row: the same name after a verb of fishing is the river (labelled geo
    since lifelike52: a river of the surrogate country, Sudan's Atbara though a town shares
    its name)."""
    text = "Vi bodde i Kenya. Min pappa fiskade i Tana varje dag."
    geo = geography(True)
    for out, rows in _runs(engine, text):
        pick = _of(rows, "Tana")
        name = geo.feature_folds.get(fold(pick))
        assert name and geo.features[name][0] == "river" or not engine.lex.get(
            fold(pick)).place_country, out


def test_a_guarani_kin_word_stays(engine: Engine) -> None:
    """"min jarýi" (grandmother in Guaraní) is a kin word kept as written, never a name."""
    text = "Jag pratar guarani. Min jarýi bor kvar i Paraguay och jag saknar henne."
    for out, _ in _runs(engine, text):
        assert "Min jarýi" in out, out
