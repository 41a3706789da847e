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
    a town of a bordering country, never a Swedish one."""
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
        assert engine.lex.get(fold(pick)).place_country in neighbours, released["p2"].target


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
