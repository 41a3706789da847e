"""Our SVALA graphs against the editor's own invariant (`svala_check`, mirrored from its
src/Graph/Graph.ts): the checker itself, random texts, the gold essays through `text --format
svala`, and the sample release."""
from __future__ import annotations

import copy
import io
import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pseudonymize import svala
from pseudonymize.corpus import release as rel
from pseudonymize.engine import Engine
from pseudonymize.svala_check import align, check_invariant
from pseudonymize.types import REPLACE, Annotation, Result

REPO = Path(__file__).resolve().parents[2]


def _init(text: str, target: str | None = None) -> dict:
    """The editor's `init` (and `unaligned_set_side` of the target): tokens paired one to one."""
    src, tgt = svala.tokens(text), svala.tokens(text if target is None else target)
    edges = {}
    for k in range(max(len(src), len(tgt))):
        ids = [i for i in (f"s{k}" if k < len(src) else None, f"t{k}" if k < len(tgt) else None)
               if i]
        edges["e-" + "-".join(ids)] = {"id": "e-" + "-".join(ids), "ids": ids, "labels": [],
                                       "manual": False}
    return {"source": [{"id": f"s{i}", "text": t} for i, t in enumerate(src)],
            "target": [{"id": f"t{i}", "text": t} for i, t in enumerate(tgt)], "edges": edges}


def _broken(change) -> dict:
    graph = copy.deepcopy(_init("apa bepa cepa"))
    change(graph)
    return graph


def _set(path: tuple, value) -> object:
    def change(graph: dict) -> None:
        node = graph
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
    return change


# (what is broken, the editor's message starts with)
BROKEN = [
    (_set(("source", 0, "text"), "apa"), 'Bad text token: "apa"'),
    (_set(("target", 2, "text"), "cepa"), 'Bad text token: "cepa"'),
    (_set(("source", 1, "text"), "be pa "), 'Bad text token: "be pa "'),
    (_set(("target", 1, "id"), "t0"), "Duplicate id: t0"),
    (_set(("edges", "e-s0-t0", "id"), "e-s1-t1"), "Duplicate id from edges: e-s1-t1"),
    (_set(("edges", "e-s0-t0", "ids"), ["t0", "s0"]), "Edge not in normal form"),
    (_set(("edges", "e-s0-t0", "labels"), ["city", "city"]), "Edge not in normal form"),
    (_set(("edges", "e-s0-t0", "manual"), 0), "Edge not in normal form"),
    (_set(("edges", "e-s0-t0", "extra"), 1), "Edge not in normal form"),
    (_set(("edges", "e-s0-t0", "ids"), []), "Edge without any associated identifiers"),
    (_set(("edges", "e-s0-t0", "comment"), "hm"), "Edge with comment but no comment label"),
    (_set(("edges", "e-s0-t0", "ids"), ["s0", "t0", "t9"]), "Edge not in normal form"),
    (_set(("edges", "e-s0-t0"), {"id": "e-s0-t0-t9", "ids": ["s0", "t0", "t9"], "labels": [],
                                 "manual": False}), "Edge key and id do not match"),
    (lambda g: g["edges"].pop("e-s2-t2"), "Token not appearing exactly once in edge lists: s2"),
    (lambda g: g["edges"].update({
        "e-s0-t0": {"id": "e-s0-t0", "ids": ["s0", "t1"], "labels": [], "manual": False}}),
     "Edge not in normal form"),
    # two pairs crossed: the automatic alignment pairs s0 with t0
    (lambda g: [g["edges"].pop(k) for k in ("e-s0-t0", "e-s1-t1")] and g["edges"].update({
        "e-s0-t1": {"id": "e-s0-t1", "ids": ["s0", "t1"], "labels": [], "manual": False},
        "e-s1-t0": {"id": "e-s1-t0", "ids": ["s1", "t0"], "labels": [], "manual": False}}),
     "Graph not automatically aligned"),
    (_set(("comment",), ""), "Graph comment must not be empty string"),
]


@pytest.mark.parametrize(("change", "message"), BROKEN)
def test_the_checker_rejects_what_the_editor_rejects(change, message: str):
    assert check_invariant(_broken(change)).startswith(message)


def test_the_checker_accepts_what_the_editor_makes():
    assert check_invariant(_init("apa bepa cepa")) == "ok"
    assert check_invariant(_init("")) == "ok"
    # a text of spaces alone: the editor's own `init` leaves its two tokens apart
    assert check_invariant(_init("   ")) == "Graph not automatically aligned"
    assert check_invariant(svala.to_svala(Result("w", "   ", "   "))) == "ok"
    assert check_invariant(svala.to_svala(Result("w", " \n", " \n"))) == "ok"
    # a manual crossing is the annotator's: kept as it is
    graph = _broken(lambda g: [g["edges"].pop(k) for k in ("e-s0-t0", "e-s1-t1")] and
                    g["edges"].update({"e-s0-s1-t0-t1": {"id": "e-s0-s1-t0-t1",
                                                        "ids": ["s0", "s1", "t0", "t1"],
                                                        "labels": ["city", "1"], "manual": True}}))
    assert check_invariant(graph) == "ok"
    assert check_invariant("not a graph").startswith("Malformed graph")


def test_alignment_follows_the_character_diff():
    """The editor's doctest of `align`: 'a bc d' against 'ab c d' makes two edges."""
    graph = _init("a bc d", "ab c d")
    edges = align(graph)
    assert sorted(e["id"] for e in edges.values()) == ["e-s0-s1-t0-t1", "e-s2-t2"]
    assert check_invariant(graph) == "Graph not automatically aligned"
    assert check_invariant({**graph, "edges": edges}) == "ok"


# random texts: words, punctuation, e-mails, URLs, numbers and all sorts of white space
PIECES = ["Anna", "Lund", "Å", "Haiti", " ", " ", "  ", "\n", "\n\n", "\xa0", "\t", "\u2009",
          "-", ".", ",", "'", "’", ":", "!", "?", "(", ")", "/", "@", "\"", "x.se", "a@b.se",
          "http://a.se/b?c=1", "www.a.se", "070-123 45 67", "1", "15.03.2019", "19", "\x85"]
PSEUDONYMS = ["", " ", "A-stad", "Nya Zeeland", "x", "-", ".", "a b", " a", "a ", "@", "q.se",
              "070-000 00 00", "\n"]


@st.composite
def replaced(draw: st.DrawFn) -> Result:
    source = "".join(draw(st.lists(st.sampled_from(PIECES), max_size=30)))
    cuts = sorted(draw(st.sets(st.integers(0, len(source)), max_size=8)))
    anns, out, pos, shift = [], [], 0, 0
    for n, (start, end) in enumerate(zip(cuts[0::2], cuts[1::2]), 1):
        pseudonym = draw(st.sampled_from(PSEUDONYMS))
        label = draw(st.sampled_from(["city", "firstname_male", "email", "url", "phone_nr"]))
        t0 = start + shift
        anns.append(Annotation(start, end, label, (), draw(st.integers(1, 3)), REPLACE,
                               source[start:end], pseudonym, t0, t0 + len(pseudonym)))
        out += [source[pos:start], pseudonym]
        shift += len(pseudonym) - (end - start)
        pos = end
    return Result("r", source, "".join(out) + source[pos:], tuple(anns))


def _spells(text: str) -> str:
    """What the editor's tokens of `text` spell: the text, one space added if it ends in none."""
    return text + " " if re.search(f"[^{svala.JS_SPACE}]\\Z", text) else text


def _assert_editor_loads(graph: dict, source: str, target: str, labels: list[str]) -> None:
    assert check_invariant(graph) == "ok"
    assert svala.side_text(graph, "source") == _spells(source)
    assert svala.side_text(graph, "target") == _spells(target)
    edge_labels = [lab for e in graph["edges"].values() for lab in e["labels"]]
    assert set(edge_labels) == set(labels)


@settings(max_examples=400, deadline=None)
@given(replaced())
def test_random_graphs_pass_the_editors_invariant(result: Result):
    published, original = svala.graphs(result)
    labels = [x for a in result.annotations for x in (a.label, str(a.ref))]
    for graph, source in ((published, result.target), (original, result.source)):
        as_dict = graph.to_dict()
        assert graph.encode() == svala.dumps(as_dict)
        _assert_editor_loads(as_dict, source, result.target, labels if result.target or source
                             else [])


def test_gold_essays_through_text_format_svala(offline_snapshot: Path, tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]):
    """Every gold essay: `to_svala` as `swepseudo text --format svala` calls it and the review
    graph; the CLI itself on the first few."""
    from flows.cli import main

    engine = Engine.load(offline_snapshot)
    essays = [json.loads(line) for line in
              (REPO / "tests" / "data" / "gold" / "essays.jsonl").read_text().splitlines()]
    checked = 0
    for essay in essays:
        result = engine.pseudonymize(essay["text"], essay["id"])
        labels = [x for a in result.annotations for x in (a.label, *a.attrs, str(a.ref))]
        _assert_editor_loads(svala.to_svala(result), result.target, result.target, labels)
        _assert_editor_loads(svala.to_svala(result, side="original"), result.source,
                             result.target, labels)
        checked += bool(result.annotations)
    assert checked > 150
    monkeypatch.setenv("SWEPSEUDO_HOME", str(offline_snapshot.parents[2]))  # curated/snapshots/
    for essay in essays[:5]:
        monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(essay["text"].encode())))
        assert main(["text", "--format", "svala", "--id", essay["id"],
                     "--snapshot", offline_snapshot.stem]) == 0
        graph = json.loads(capsys.readouterr().out)
        assert check_invariant(graph) == "ok"
        assert graph == svala.to_svala(engine.pseudonymize(essay["text"], essay["id"]))


def test_sample_release_graphs_pass_the_editors_invariant(offline_snapshot: Path, tmp_path: Path):
    summary = rel.release(REPO / "corpus" / "sample", tmp_path / "out", offline_snapshot,
                          tmp_path / "keys", code_revision="test")
    root, review = Path(summary["path"]), Path(summary["review"])
    published = sorted((root / "svala").glob("*.json"))
    assert len(published) == 32 and len(list(review.glob("*.json"))) == 32
    labelled = 0
    for path in published:
        graph = json.loads(path.read_text(encoding="utf-8"))
        text = (root / "texts" / f"{path.stem}.txt").read_text(encoding="utf-8")
        assert check_invariant(graph) == "ok", path.name
        assert svala.side_text(graph, "source") == svala.side_text(graph, "target") == text
        review_graph = json.loads((review / path.name).read_text(encoding="utf-8"))
        assert check_invariant(review_graph) == "ok", path.name
        assert svala.side_text(review_graph, "target") == text
        labelled += sum(bool(e["labels"]) for e in graph["edges"].values())
        assert ([e["labels"] for e in graph["edges"].values() if e["labels"]]
                == [e["labels"] for e in review_graph["edges"].values() if e["labels"]])
    assert labelled > 100
