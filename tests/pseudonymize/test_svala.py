"""SVALA parallel JSON: a small golden example, both the published and the review graph."""
from __future__ import annotations

import dataclasses
import json

import pytest

from pseudonymize import svala, svala_check
from pseudonymize.svala import SIDES
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


TARGET_TOKENS = ["Hej! ", "Jag ", "heter ", "Maria ", "Holm ", "och ", "bor ", "i ",
                 "A-land.\n"]

GOLDEN_ORIGINAL = {
    "source": [{"id": f"s{i}", "text": t} for i, t in enumerate(
        ["Hej! ", "Jag ", "heter ", "Anna ", "Berg ", "och ", "bor ", "i ", "Nya ",
         "Zeeland.\n"])],
    "target": [{"id": f"t{i}", "text": t} for i, t in enumerate(TARGET_TOKENS)],
    "edges": dict([_plain(0, 0), _plain(1, 1), _plain(2, 2),
                   _edge("s3", "t3", labels=("firstname_female", "1")),
                   _edge("s4", "t4", labels=("surname", "1")),
                   _plain(5, 5), _plain(6, 6), _plain(7, 7),
                   # two source tokens, one target token; the country's full stop rides along
                   _edge("s8", "s9", "t8", labels=("country", "foreign", "1"))]),
}


def test_original_side_golden():
    assert svala.to_svala(RESULT, side="original") == GOLDEN_ORIGINAL


def test_published_graph_is_pseudonymized_on_both_sides():
    graph = svala.to_svala(RESULT)
    assert [t["text"] for t in graph["source"]] == TARGET_TOKENS
    assert [t["text"] for t in graph["target"]] == TARGET_TOKENS
    assert svala.side_text(graph, "source") == svala.side_text(graph, "target") == TARGET
    labelled = {e["id"]: e["labels"] for e in graph["edges"].values() if e["labels"]}
    assert labelled == {"e-s3-t3": ["firstname_female", "1"], "e-s4-t4": ["surname", "1"],
                        "e-s8-t8": ["country", "foreign", "1"]}
    for word in ("Anna", "Berg", "Nya", "Zeeland"):
        assert word not in svala.dumps(graph).decode()


def test_sides_concatenate_to_the_texts_including_leading_space():
    result = Result("y", "  \nHej Anna!", "  \nHej Maria!",
                    (Annotation(7, 11, "firstname_female", (), 1, REPLACE, "Anna", "Maria", 7, 12),))
    graph = svala.to_svala(result, side="original")
    # the editor appends one space to a last token without white space
    assert svala.side_text(graph, "source") == result.source + " "
    assert svala.side_text(graph, "target") == result.target + " "
    assert graph["source"][0]["text"] == "  \nHej "
    assert svala.to_svala(Result("z", "", "", ())) == {"source": [], "target": [], "edges": {}}


def test_dumps_is_deterministic_utf8_json():
    data = svala.dumps(svala.to_svala(RESULT))
    assert data == svala.dumps(svala.to_svala(RESULT))
    assert json.loads(data) == svala.to_svala(RESULT)
    with pytest.raises(ValueError, match="unknown SVALA side"):
        svala.to_svala(RESULT, side="gold")



# (text, the editor's tokens): the editor's own doctests of `tokenize`, then its \s (not Python's)
TOKENS = [
    ("", []),
    (" ", [" "]),
    ("    ", ["    "]),
    ("apa bepa cepa", ["apa ", "bepa ", "cepa "]),
    ("  apa bepa cepa", ["  apa ", "bepa ", "cepa "]),
    ("  apa bepa cepa  ", ["  apa ", "bepa ", "cepa  "]),
    ("Hej! Jag bor i Haiti, sa hon.\n", ["Hej! ", "Jag ", "bor ", "i ", "Haiti, ", "sa ", "hon.\n"]),
    ("a\xa0b\u2009c\ufeffd", ["a\xa0", "b\u2009", "c\ufeff", "d "]),  # JavaScript white space
    ("a\x85b\x1fc", ["a\x85b\x1fc "]),  # white space to Python, not to JavaScript
    ("mejla a@b.se, http://x.se/a?b=1.", ["mejla ", "a@b.se, ", "http://x.se/a?b=1. "]),
]


@pytest.mark.parametrize(("text", "expected"), TOKENS)
def test_tokens_are_the_editors(text: str, expected: list[str]):
    assert svala.tokens(text) == expected


def _replace(source: str, spans: list[tuple[int, int, str]], label: str = "city") -> Result:
    """A result replacing source[start:end] by each pseudonym (spans in text order)."""
    anns, out, pos, shift = [], [], 0, 0
    for n, (start, end, pseudonym) in enumerate(spans, 1):
        t0 = start + shift
        anns.append(Annotation(start, end, label, (), n, REPLACE, source[start:end], pseudonym,
                               t0, t0 + len(pseudonym)))
        out += [source[pos:start], pseudonym]
        shift += len(pseudonym) - (end - start)
        pos = end
    return Result("x", source, "".join(out) + source[pos:], tuple(anns))


def _manual(graph: dict) -> list[tuple[list[str], list[str], list[str]]]:
    """(source texts, target texts, labels) of each manual edge."""
    texts = {t["id"]: t["text"] for side in ("source", "target") for t in graph[side]}
    return [([texts[i] for i in e["ids"] if i[0] == "s"], [texts[i] for i in e["ids"] if i[0] == "t"],
             e["labels"]) for e in graph["edges"].values() if e["manual"]]


# (source, spans replaced, the review graph's manual edges)
ENTITIES = [
    # an entity inside a token: the edge takes the token, the pseudonym keeps its punctuation
    ("Jag bor i Haiti, sa hon.", [(10, 15, "B-land")], [(["Haiti, "], ["B-land, "], ["city", "1"])]),
    ("Det är Annas.", [(7, 11, "Maria")], [(["Annas. "], ["Marias. "], ["city", "1"])]),
    ("Följ @camila nu", [(6, 12, "anv1")], [(["@camila "], ["@anv1 "], ["city", "1"])]),
    # over several tokens, to one or several
    ("i Nya Zeeland.\n", [(2, 13, "Lund")], [(["Nya ", "Zeeland.\n"], ["Lund.\n"], ["city", "1"])]),
    ("i Lund.\n", [(2, 6, "Nya Zeeland")], [(["Lund.\n"], ["Nya ", "Zeeland.\n"], ["city", "1"])]),
    # two entities in one token share its edge and keep each label and number
    ("Anna/Erik kom", [(0, 4, "Eva"), (5, 9, "Ali")], [(["Anna/Erik "], ["Eva/Ali "],
                                                         ["city", "1", "2"])]),
    # an entity replaced by nothing takes the token after it along
    ("x Anna y", [(2, 7, "")], [(["Anna ", "y "], ["y "], ["city", "1"])]),
    # a pseudonym that eats the white space before it changes the token there: it joins the edge
    ("x Anna y", [(1, 6, "Eva")], [(["x ", "Anna "], ["xEva "], ["city", "1"])]),
]


@pytest.mark.parametrize(("source", "spans", "expected"), ENTITIES)
def test_entities_take_whole_tokens(source: str, spans: list, expected: list):
    result = _replace(source, spans)
    graph = svala.to_svala(result, side="original")
    assert _manual(graph) == expected
    assert svala_check.check_invariant(graph) == "ok"
    assert svala_check.check_invariant(svala.to_svala(result)) == "ok"


def test_two_labels_in_one_token_keep_their_order():
    result = dataclasses.replace(_replace("Anna/Berg kom", [(0, 4, "Eva"), (5, 9, "Holm")]),
                                 annotations=())
    anns = (Annotation(0, 4, "firstname_female", (), 1, REPLACE, "Anna", "Eva", 0, 3),
            Annotation(5, 9, "surname", ("gen",), 2, REPLACE, "Berg", "Holm", 4, 8))
    graph = svala.to_svala(dataclasses.replace(result, annotations=anns))
    assert _manual(graph) == [(["Eva/Holm "], ["Eva/Holm "],
                               ["firstname_female", "1", "surname", "gen", "2"])]
    assert svala_check.check_invariant(graph) == "ok"


def test_pair_edges_beyond_the_kept_ones_are_the_same(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(svala, "_PAIRS", {})
    monkeypatch.setattr(svala, "_PAIRS_KEPT", 3)
    for side in SIDES:
        graph = svala.graphs(RESULT)[SIDES.index(side)]
        assert graph.encode() == svala.dumps(svala.to_svala(RESULT, side=side))
