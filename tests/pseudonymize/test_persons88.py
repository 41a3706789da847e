"""Persons round 88 (h-persons88): a learner's person is one person across their essays. A
name the lists lack, with a family name's ending (-eva, -ovic), said once alone in an essay is
guessed a surname; where another essay of the learner gave it as a given name ("min fru
Tamareva"), it is that given name here too. Invented names, not the gold sets'; each case
failed before this round."""
from __future__ import annotations

from pathlib import Path

import pytest

from pseudonymize.detectors.gazetteer_match import GAZETTEER, person_towns
from pseudonymize.doc import Doc
from pseudonymize.engine import Engine, Memory

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def engine(offline_snapshot: Path) -> Engine:
    return Engine.load(offline_snapshot)


def _labels(engine: Engine, text: str, memory: Memory | None = None) -> dict[str, str]:
    return {text[s.start:s.end]: s.label for s in engine.detect(text, memory=memory)}


@pytest.mark.parametrize("given, alone, name, label", [
    ("Min fru Tamareva jobbar som lärare.", "Vi var hemma och Tamareva grät.", "Tamareva",
     "firstname_female"),
    ("Min son Dorovic går i skolan.", "På kvällen Dorovic spelade fotboll.", "Dorovic",
     "firstname_male"),
])
def test_a_given_name_of_another_essay_is_no_surname_here(engine: Engine, given: str, alone: str,
                                                          name: str, label: str) -> None:
    assert _labels(engine, alone).get(name) == "surname"  # by its ending, with no memory
    memory = Memory(scope="L1")
    engine.pseudonymize(given, "a", memory=memory)
    assert _labels(engine, alone, memory).get(name) == label


def test_another_learners_given_name_says_nothing(engine: Engine) -> None:
    memory = Memory(scope="L1")
    engine.pseudonymize("Min fru Tamareva jobbar.", "a", memory=memory)
    assert _labels(engine, "Vi var hemma och Tamareva grät.", Memory(scope="L2")).get(
        "Tamareva") == "surname"


def test_a_region_the_learners_person_is_named_is_that_person(engine: Engine) -> None:
    """Lori, a given name and a province of Armenia: "och Lori simmade" is the daughter another
    essay of the learner names; with no memory it is the province."""
    alone = "Vi badade i sjön och Lori simmade ut."
    assert _labels(engine, alone).get("Lori") == "region"
    memory = Memory(scope="L1")
    engine.pseudonymize("Min dotter heter Lori.", "a", memory=memory)
    assert _labels(engine, alone, memory).get("Lori") == "firstname_female"


def test_a_family_name_of_the_learners_is_no_town_after_a_name(engine: Engine) -> None:
    """`person_towns`: a town's reading right after a person's name is the family name the
    learner's other essays give ("min dotter Saga Fors" after "Fors" was the family name
    there); after no name, or with no such essay, it stays the town."""
    text = "Min dotter Saga Fors flyttar med oss. Vi bor nära Fors."
    doc = Doc.make(text, engine.lex)
    spans = [GAZETTEER.span(text.index("Saga"), text.index("Saga") + 4, "firstname_female"),
             GAZETTEER.span(text.index("Fors"), text.index("Fors") + 4, "city", key="fors"),
             GAZETTEER.span(text.rindex("Fors"), len(text) - 1, "city", key="fors")]
    assert [s.label for s in person_towns(doc, spans)] == ["firstname_female", "city", "city"]
    assert [s.label for s in person_towns(doc, spans, {("surname", "Fors"): 1})] == [
        "firstname_female", "surname", "city"]
