"""Review statistics (per-label decisions, precision/recall, Cohen's kappa), gold export in the
eval jsonl format, and SVALA graphs turned back into decisions."""
from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest

from pseudonymize import svala
from pseudonymize.engine import Engine
from pseudonymize.evaluate import read_jsonl
from pseudonymize.review import stats
from pseudonymize.review.gold import export_gold, import_svala
from pseudonymize.review.workspace import ReviewError, Workspace
from tests.pseudonymize.review.conftest import ESSAYS, MISSED


@pytest.mark.parametrize("pairs,kappa", [
    ([("accept", "accept"), ("reject", "reject")], 1.0),
    ([("accept", "reject"), ("reject", "accept")], -1.0),
    # p_o = 0.75, p_e = (3*2 + 1*2) / 16 = 0.5 -> 0.5
    ([("accept", "accept"), ("accept", "accept"), ("accept", "reject"), ("reject", "reject")], 0.5),
    ([("accept", "accept"), ("accept", "accept")], None),  # chance agreement is total
    ([], None),
])
def test_cohen_kappa(pairs: list[tuple[str, str]], kappa: float | None) -> None:
    assert stats.cohen_kappa(pairs) == (kappa if kappa is None else pytest.approx(kappa))


def test_stats_per_label_precision_recall_and_agreement(ws_path: Path) -> None:
    ws = Workspace(ws_path)
    e1, e3 = ws.by_id["e01"], ws.by_id["e03"]
    # two reviewers decide e03's spans: they agree on one, disagree on the other
    igar, erik = e3.spans[0], e3.spans[1]
    ws.decide(e3.index, {"action": "reject", "span": igar.sid}, "ada")
    ws.decide(e3.index, {"action": "accept", "span": erik.sid}, "ada")
    ws.decide(e3.index, {"action": "reject", "span": igar.sid}, "bo")
    ws.decide(e3.index, {"action": "reject", "span": erik.sid}, "bo")
    start = ESSAYS["e03"].index(MISSED)
    ws.decide(e3.index, {"action": "add", "start": start, "end": start + len(MISSED),
                         "label": "firstname_female"}, "bo")
    ws.decide(e3.index, {"action": "approve"}, "bo")
    city = next(s for s in e1.spans if s.label == "city")
    ws.decide(e1.index, {"action": "relabel", "span": city.sid, "label": "area"}, "ada")
    result = stats.compute(ws)
    assert result["labels"]["firstname_male"] == {"accepted": 0, "rejected": 2, "relabelled": 0,
                                                  "added": 0}
    assert result["labels"]["firstname_female"]["added"] == 1
    assert result["labels"]["city"]["relabelled"] == 1
    # e03 alone is approved: 3 proposed (Igår, Erik, Malmö); reviewed: Malmö and the added name
    assert result["spans"] == {"proposed": 3, "reviewed": 2, "agreeing": 1,
                               "precision": pytest.approx(1 / 3), "recall": 0.5}
    (pair,) = result["agreement"]
    assert pair["reviewers"] == ["ada", "bo"] and pair["items"] == 2
    assert pair["kappa"] == pytest.approx(0.0)  # p_o 0.5, p_e 0.5
    text = stats.format_stats(result)
    assert "kappa 0.000 over 2 spans" in text and "firstname_male" in text


def test_export_gold_in_the_eval_format(ws_path: Path, tmp_path: Path) -> None:
    ws = Workspace(ws_path)
    e2 = ws.by_id["e02"]
    start = ESSAYS["e02"].index(MISSED)
    ws.decide(e2.index, {"action": "add", "start": start, "end": start + len(MISSED),
                         "label": "firstname_female"}, "ada")
    ws.decide(e2.index, {"action": "approve"}, "ada")
    out = tmp_path / "gold.jsonl"
    assert export_gold(ws, out) == 1
    assert stat.S_IMODE(out.stat().st_mode) == 0o600
    (doc,) = list(read_jsonl(out))
    record = json.loads(out.read_text())
    assert record["id"] == "e02" and record["learner_id"] == "L1"
    assert [(s["label"], s["ref"]) for s in record["spans"]] == [
        ("firstname_female", 1), ("firstname_female", 2), ("city", 1)]
    assert record["text"][record["spans"][0]["start"]:record["spans"][0]["end"]] == MISSED
    assert doc.text == ESSAYS["e02"]
    assert export_gold(ws, out, include_open=True) == 3


def test_import_svala_turns_a_corrected_graph_into_decisions(ws_path: Path, engine: Engine,
                                                             tmp_path: Path) -> None:
    ws = Workspace(ws_path)
    e3 = ws.by_id["e03"]
    graph = svala.to_svala(ws.render(e3, engine), "original")
    # the corrector removes the label of "Igår", relabels Erik, labels the missed name
    by_text = {tok["text"].strip(): tok["id"] for tok in graph["source"]}
    for edge in graph["edges"].values():
        if by_text["Igår"] in edge["ids"]:
            edge["labels"] = []
        if by_text["Erik"] in edge["ids"]:
            edge["labels"] = ["firstname_unknown", "1"]
        if by_text[MISSED] in edge["ids"]:
            edge["labels"], edge["manual"] = ["firstname_female", "2"], True
        if by_text["hem."] in edge["ids"]:  # a white-space token: its word alone is the span
            edge["labels"], edge["manual"] = ["city", "2"], True
    path = tmp_path / "e03.json"
    path.write_text(json.dumps(graph), encoding="utf-8")
    (report,) = import_svala(ws, [path])
    assert report[1:] == (5, [])  # reject, relabel, accept Malmö, add two
    state = {ESSAYS["e03"][s.start:s.end]: (s.label, s.status) for s in e3.spans}
    assert state == {"Igår": ("firstname_male", "rejected"),
                     "Erik": ("firstname_unknown", "accepted"),
                     "Malmö": ("city", "accepted"), MISSED: ("firstname_female", "accepted"),
                     "hem": ("city", "accepted")}
    assert {e["via"] for e in ws.events} == {"svala"}
    other = tmp_path / "other.json"
    graph["source"][0]["text"] = "Förr "
    other.write_text(json.dumps(graph), encoding="utf-8")
    with pytest.raises(ReviewError, match="none of this workspace's essays"):
        import_svala(ws, [other])
    other.write_text("[1]", encoding="utf-8")
    with pytest.raises(ReviewError, match="not a SVALA graph"):
        import_svala(ws, [other])


# Hostile graph files: each is one ReviewError naming the file (before, a 100,000-deep file
# was a RecursionError, an internal error; a file of another shape did not say which file)
HOSTILE_GRAPHS = [
    (b"[" * 100_000, "unreadable"),
    (b'{"source": "abc", "target": [], "edges": {}}', "not a SVALA graph"),
    (b'{"source": [{"id": [1], "text": "x"}], "edges": {}}', "not a SVALA graph"),
    (b'{"source": [], "edges": []}', "not a SVALA graph"),
    (b'"\\ud800"', "not a SVALA graph"),
    (b"\xff\xfe", "unreadable"),
]


@pytest.mark.parametrize("data, reason", HOSTILE_GRAPHS)
def test_a_hostile_graph_file_is_one_error_naming_it(ws_path: Path, tmp_path: Path, data: bytes,
                                                     reason: str) -> None:
    path = tmp_path / "corrected.json"
    path.write_bytes(data)
    with pytest.raises(ReviewError, match=rf"corrected\.json: {reason}"):
        import_svala(Workspace(ws_path), [path])
    assert Workspace(ws_path).events == []
