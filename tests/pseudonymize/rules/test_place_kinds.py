"""A place's label read from its every mention: one an essay calls a lake, river or island by
its kind is one in its other mentions too (`resolve.kind_told`), unless a town of that name is
listed or a word naming a person or a kind stands right before it."""
from __future__ import annotations

import pytest

from pseudonymize.engine import Engine
from pseudonymize.policy import Policy

pytestmark = pytest.mark.slow

RULES_ONLY = Policy(learned="off")

# (sentence, surface, the labels of its mentions in order)
ROWS = [
    ("Jag tänkte ofta på Tobara när jag var liten. Tobara är en bred flod.", "Tobara",
     ["geo", "geo"]),
    ("Min mormor kom från Nevara, en ö i söder. Jag var på Nevara förra året.", "Nevara",
     ["geo", "geo"]),
    ("Vi åkte till Tarvo varje sommar. Tarvo är en liten ö med vita stränder.", "Tarvo",
     ["geo", "geo"]),
    # a person named right after a word of kin or naming keeps the name's label
    ("Min kompis Tobara bor vid floden Tobara.", "Tobara", ["firstname_female", "geo"]),
    # the town named after its lake, river or mountain keeps its label
    ("Vi badade i sjön Kloten. I byn Kloten köpte vi glass.", "Kloten", ["geo", "city"]),
    ("Vi bodde vid sjön Maracaibo. Min bror jobbar i Maracaibo.", "Maracaibo", ["geo", "city"]),
]


@pytest.mark.parametrize(("text", "surface", "labels"), ROWS)
def test_kind_told(offline_engine: Engine, text: str, surface: str, labels: list[str]) -> None:
    spans = offline_engine.detect(text, policy=RULES_ONLY)
    assert [s.label for s in spans if text[s.start:s.end] == surface] == labels
