"""SVALA parallel JSON: a small golden example, both the published and the review graph."""
from __future__ import annotations

import dataclasses
import json
import random

import pytest

from pseudonymize import svala
from pseudonymize.svala import SIDES
from pseudonymize.tokenize import tokenize
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


def _replace(source: str, spans: list[tuple[int, int, str]]) -> Result:
    """A result replacing source[start:end] by each pseudonym (spans in text order)."""
    anns, out, pos, shift = [], [], 0, 0
    for n, (start, end, pseudonym) in enumerate(spans, 1):
        t0 = start + shift
        anns.append(Annotation(start, end, "city", (), n, REPLACE, source[start:end], pseudonym,
                               t0, t0 + len(pseudonym)))
        out += [source[pos:start], pseudonym]
        shift += len(pseudonym) - (end - start)
        pos = end
    return Result("x", source, "".join(out) + source[pos:], tuple(anns))


def _general(result: Result, side: str) -> dict:
    """The union-find alignment alone, as the reference for the linear walks."""
    target = svala._tokens(result.target)
    if side == "original":
        links = sorted((a.start, a.end, a.target_start, a.target_end,
                        [a.label, *a.attrs, str(a.ref)]) for a in result.annotations)
        source = svala._tokens(result.source)
    else:
        links = sorted((a.target_start, a.target_end, a.target_start, a.target_end,
                        [a.label, *a.attrs, str(a.ref)]) for a in result.annotations)
        source = target
    edges = svala._union_edges(source, target, links)
    return svala.Graph(source, target, edges).to_dict()


CASES = [
    RESULT,
    _replace("Jag bor i Lund.", [(10, 14, "Nya Zeeland")]),          # one token -> two
    _replace("Jag bor i Nya Zeeland nu.", [(10, 21, "Umeå")]),       # two tokens -> one
    _replace("Anna-Karin och Lundbo", [(0, 4, "Maria"), (15, 19, "Ume")]),  # inside a token
    _replace("Hej Anna ! Lund", [(4, 9, "Eva "), (11, 15, "")]),      # ends in space; emptied
    _replace("Lund,Umeå.Gävle", [(0, 4, "A-stad"), (5, 9, "B"), (10, 15, "C-stad")]),
    _replace("  Omar bor i Lund och Lund.\n", [(2, 6, "Ali"), (13, 17, "Kiruna"),
                                                (22, 26, "Kiruna")]),
    Result("z", "Hej Anna!", "Hej Anna!", (Annotation(4, 4, "firstname_female", (), 1, REPLACE,
                                                      "", "", 4, 4),)),  # zero width
]


@pytest.mark.parametrize("result", CASES)
@pytest.mark.parametrize("side", SIDES)
def test_linear_walks_and_encoder_equal_the_general_alignment(result: Result, side: str):
    graph = svala.to_svala(result, side=side)
    assert graph == _general(result, side)
    assert svala.side_text(graph, "target") == result.target
    published, original = svala.graphs(result)
    built = published if side == "pseudonymized" else original
    assert built.encode() == svala.dumps(graph)
    assert built.text("source") == svala.side_text(graph, "source")
    assert built.labels() == [lab for e in graph["edges"].values() for lab in e["labels"]]


def test_the_walk_declines_what_it_cannot_align():
    assert svala._aligned_edges(svala._tokens(CASES[1].source), svala._tokens(CASES[1].target),
                                [(10, 14, 10, 21, ["city", "1"])]) is not None
    for result in CASES[3:5]:
        links = sorted((a.start, a.end, a.target_start, a.target_end, [a.label])
                       for a in result.annotations)
        assert svala._aligned_edges(svala._tokens(result.source), svala._tokens(result.target),
                                    links) is None


def test_pair_edges_beyond_the_kept_ones_are_the_same(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(svala, "_PAIRS", {})
    monkeypatch.setattr(svala, "_PAIRS_KEPT", 3)
    for side in SIDES:
        graph = svala.graphs(RESULT)[SIDES.index(side)]
        assert graph.encode() == svala.dumps(svala.to_svala(RESULT, side=side))


def _with_tokens(result: Result) -> Result:
    """The result as the engine returns it: carrying the source's tokens."""
    return dataclasses.replace(result, tokens=tuple(tokenize(result.source)))


@pytest.mark.parametrize("result", CASES[:-1])  # (the engine makes no zero-width spans)
def test_graphs_from_the_engines_tokens_are_the_same(result: Result):
    fresh, carried = svala.graphs(result), svala.graphs(_with_tokens(result))
    assert [g.encode() for g in carried] == [g.encode() for g in fresh]


PIECES = ["Anna", "Lund", "Å", " ", " ", "\n", "\xa0", "-", ".", ",", "'", "’", ":", "!", "(",
          "@", "x.se", "a@b.se", "http://a.se/b", "www.", "070-123", "1"]
PSEUDONYMS = ["", " ", "A-stad", "Nya Zeeland", "x", "-", ".", "a b", " a", "a ", "@", "q.se"]


def test_the_derived_target_tokens_are_the_targets_own():
    rng = random.Random(5)
    for _ in range(3000):
        source = "".join(rng.choice(PIECES) for _ in range(rng.randint(0, 25)))
        cuts = sorted(rng.sample(range(len(source) + 1), min(len(source) + 1,
                                                             2 * rng.randint(0, 3))))
        spans = [(a, b, rng.choice(PSEUDONYMS)) for a, b in zip(cuts[0::2], cuts[1::2]) if a < b]
        result = _with_tokens(_replace(source, spans))
        derived = svala._sides(result)[1]
        fresh = svala._tokens(result.target)
        assert (derived.starts, derived.ends, derived.texts) == (
            fresh.starts, fresh.ends, fresh.texts), (source, spans)
