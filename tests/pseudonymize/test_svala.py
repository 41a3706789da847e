"""SVALA parallel JSON: a small golden example, both the published and the review graph."""
from __future__ import annotations

import json

import pytest

from pseudonymize import svala
from pseudonymize.types import REPLACE, Annotation, Result

SOURCE = "Hej! Jag heter Anna Berg och bor i Nya Zeeland.\n"
TARGET = "Hej! Jag heter Maria Holm och bor i A-land.\n"


def _ann(start: int, end: int, label: str, ref: int, pseudonym: str, t0: int,
         attrs: tuple[str, ...] = ()) -> Annotation:
    return Annotation(start, end, label, attrs, ref, REPLACE, SOURCE[start:end], pseudonym,
                      t0, t0 + len(pseudonym))


RESULT = Result("x", SOURCE, TARGET, (
    _ann(15, 19, "firstname_female", 1, "Maria", 15),
    _ann(20, 24, "surname", 1, "Holm", 21),
    _ann(35, 46, "country", 1, "A-land", 36, attrs=("foreign",)),
))


def _edge(*ids: str, labels: tuple[str, ...] = ()) -> tuple[str, dict]:
    ident = "e-" + "-".join(ids)
    return ident, {"id": ident, "ids": list(ids), "labels": list(labels), "manual": bool(labels)}


def _plain(n: int, m: int) -> tuple[str, dict]:
    return _edge(f"s{n}", f"t{m}")


TARGET_TOKENS = ["Hej", "! ", "Jag ", "heter ", "Maria ", "Holm ", "och ", "bor ", "i ",
                 "A-land", ".\n"]

GOLDEN_ORIGINAL = {
    "source": [{"id": f"s{i}", "text": t} for i, t in enumerate(
        ["Hej", "! ", "Jag ", "heter ", "Anna ", "Berg ", "och ", "bor ", "i ", "Nya ",
         "Zeeland", ".\n"])],
    "target": [{"id": f"t{i}", "text": t} for i, t in enumerate(TARGET_TOKENS)],
    "edges": dict([_plain(0, 0), _plain(1, 1), _plain(2, 2), _plain(3, 3),
                   _edge("s4", "t4", labels=("firstname_female", "1")),
                   _edge("s5", "t5", labels=("surname", "1")),
                   _plain(6, 6), _plain(7, 7), _plain(8, 8),
                   # two source tokens, one target token; ids sorted as the editor sorts them
                   _edge("s10", "s9", "t9", labels=("country", "foreign", "1")),
                   _plain(11, 10)]),
}


def test_original_side_golden():
    assert svala.to_svala(RESULT, side="original") == GOLDEN_ORIGINAL


def test_published_graph_is_pseudonymized_on_both_sides():
    graph = svala.to_svala(RESULT)
    assert [t["text"] for t in graph["source"]] == TARGET_TOKENS
    assert [t["text"] for t in graph["target"]] == TARGET_TOKENS
    assert svala.side_text(graph, "source") == svala.side_text(graph, "target") == TARGET
    labelled = {e["id"]: e["labels"] for e in graph["edges"].values() if e["labels"]}
    assert labelled == {"e-s4-t4": ["firstname_female", "1"], "e-s5-t5": ["surname", "1"],
                        "e-s9-t9": ["country", "foreign", "1"]}
    for word in ("Anna", "Berg", "Nya", "Zeeland"):
        assert word not in svala.dumps(graph).decode()


def test_sides_concatenate_to_the_texts_including_leading_space():
    result = Result("y", "  \nHej Anna!", "  \nHej Maria!",
                    (Annotation(7, 11, "firstname_female", (), 1, REPLACE, "Anna", "Maria", 7, 12),))
    graph = svala.to_svala(result, side="original")
    assert svala.side_text(graph, "source") == result.source
    assert svala.side_text(graph, "target") == result.target
    assert graph["source"][0]["text"] == "  \nHej "
    assert svala.to_svala(Result("z", "", "", ())) == {"source": [], "target": [], "edges": {}}


def test_dumps_is_deterministic_utf8_json():
    data = svala.dumps(svala.to_svala(RESULT))
    assert data == svala.dumps(svala.to_svala(RESULT))
    assert json.loads(data) == svala.to_svala(RESULT)
    with pytest.raises(ValueError, match="unknown SVALA side"):
        svala.to_svala(RESULT, side="gold")


def test_mirror_fast_path_equals_the_general_alignment():
    links = [(a.target_start, a.target_end, a.target_start, a.target_end,
              [a.label, *a.attrs, str(a.ref)]) for a in RESULT.annotations]
    assert svala.to_svala(RESULT) == svala._graph(TARGET, TARGET, links)
