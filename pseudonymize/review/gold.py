"""Reviewed essays out as gold data, and SVALA graphs corrected in Språkbanken's editor back in
as decisions."""
from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path

from pseudonymize.labels import LABELS
from pseudonymize.resolve import number
from pseudonymize.review.workspace import ATTRS, EssayState, ReviewError, Workspace

SVALA_REVIEWER = "svala"


def gold_record(essay: EssayState) -> dict:
    """An essay in the `eval --format jsonl` gold format (tests/data/gold/README.md): running
    numbers start at 1 in each essay."""
    spans = essay.spans_for_render()
    refs = number(spans, essay.text)
    return {"id": essay.essay_id, "learner_id": essay.learner_id, "text": essay.text,
            "spans": [{"start": s.start, "end": s.end, "label": s.label, "attrs": list(s.attrs),
                       "ref": ref} for s, ref in zip(spans, refs)]}


def export_gold(workspace: Workspace, out: Path, include_open: bool = False) -> int:
    """Write the approved essays (or all unquarantined ones) as gold JSONL, owner-readable only
    (it holds original text); returns how many."""
    chosen = [e for e in sorted(workspace.essays, key=lambda e: e.essay_id)
              if not e.quarantined and (e.approved or include_open)]
    data = "".join(json.dumps(gold_record(e), ensure_ascii=False) + "\n" for e in chosen)
    out = Path(out)
    fd, tmp = tempfile.mkstemp(dir=out.parent, prefix=f".{out.name}.")  # 0600 from the start
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data.encode())
        os.replace(tmp, out)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return len(chosen)


def graph_spans(graph: dict) -> tuple[str, list[tuple[int, int, str, list[str]]]]:
    """(source text, labelled spans) of a SVALA graph: each labelled edge's source tokens give
    one span (white space after its last token excluded), its first known label the label."""
    try:
        offsets, pos = {}, 0
        for tok in graph["source"]:
            text = tok["text"]
            offsets[tok["id"]] = (pos, pos + len(text.rstrip()))
            pos += len(text)
        source = "".join(tok["text"] for tok in graph["source"])
        spans = []
        for edge in graph["edges"].values():
            labels = [lab for lab in edge.get("labels", []) if isinstance(lab, str)]
            label = next((lab for lab in labels if lab in LABELS), None)
            ids = [i for i in edge["ids"] if i in offsets]
            if label is None or not ids:
                continue
            spans.append((min(offsets[i][0] for i in ids), max(offsets[i][1] for i in ids),
                          label, [a for a in ATTRS if a in labels]))
    except (KeyError, TypeError, AttributeError):
        raise ReviewError("not a SVALA graph (source, target, edges)") from None
    return source, sorted(spans)


def svala_decisions(essay: EssayState, spans: Iterable[tuple[int, int, str, list[str]]]
                    ) -> list[dict]:
    """The decisions that turn the essay's current spans into the graph's: spans the graph
    dropped are rejected, changed labels relabelled, kept ones accepted, new ones added."""
    wanted = {(s, e): (label, attrs) for s, e, label, attrs in spans}
    out: list[dict] = []
    kept = []
    for span in essay.active():
        target = wanted.get((span.start, span.end))
        if target is None:
            out.append({"action": "reject", "span": span.sid})
            continue
        kept.append((span.start, span.end))
        if (span.label, list(span.attrs)) != target:
            out.append({"action": "relabel", "span": span.sid, "label": target[0],
                        "attrs": target[1]})
        elif span.status == "proposed":
            out.append({"action": "accept", "span": span.sid})
    out += [{"action": "add", "start": s, "end": e, "label": label, "attrs": attrs}
            for (s, e), (label, attrs) in sorted(wanted.items()) if (s, e) not in kept]
    return out


def import_svala(workspace: Workspace, paths: Iterable[Path], reviewer: str = SVALA_REVIEWER
                 ) -> list[tuple[str, int, list[str]]]:
    """Record the decisions each corrected graph implies; the essay is found by its text (the
    graph's source side), not by the file name. Returns (file, decisions, problems) per
    file; a file that is not a graph of this workspace raises."""
    by_text = {e.text: e for e in workspace.essays}
    report = []
    for path in paths:
        try:
            graph = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise ReviewError(f"{path}: unreadable ({type(exc).__name__})") from None
        source, spans = graph_spans(graph)
        essay = by_text.get(source)
        if essay is None:
            raise ReviewError(f"{path}: its source text is none of this workspace's essays")
        results = workspace.decide_many([(essay.index, d, None)
                                         for d in svala_decisions(essay, spans)],
                                        reviewer, "svala")
        report.append((str(path), sum(why is None for _, why in results),
                       [why for _, why in results if why]))
    return report
