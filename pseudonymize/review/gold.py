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


def graph_spans(graph: dict) -> tuple[str, list[tuple[int, int, list[str], list[str]]]]:
    """(source text, labelled chunks) of a SVALA graph: each labelled edge gives the character
    range of its source tokens (white space excluded; the editor's tokens are white-space
    chunks, so punctuation may be inside) with its labels and attributes in order."""
    try:
        offsets, pos = {}, 0
        for tok in graph["source"]:
            text = tok["text"]
            offsets[tok["id"]] = (pos + len(text) - len(text.lstrip()), pos + len(text.rstrip()))
            pos += len(text)
        source = "".join(tok["text"] for tok in graph["source"])
        chunks = []
        for edge in graph["edges"].values():
            labels = [lab for lab in edge.get("labels", []) if isinstance(lab, str)]
            ids = [i for i in edge["ids"] if i in offsets]
            known = [lab for lab in labels if lab in LABELS]
            if known and ids:
                chunks.append((min(offsets[i][0] for i in ids), max(offsets[i][1] for i in ids),
                               known, [a for a in ATTRS if a in labels]))
    except (KeyError, TypeError, AttributeError):
        raise ReviewError("not a SVALA graph (source, target, edges)") from None
    return source, sorted(chunks)


def svala_decisions(essay: EssayState, chunks: Iterable[tuple[int, int, list[str], list[str]]]
                    ) -> list[dict]:
    """The decisions that turn the essay's current spans into the graph's labelling: a span in
    no labelled chunk is rejected; a chunk's spans take its label when it names one per span
    (or one for all), else are accepted as they are; a labelled chunk without a span adds one
    (its word: punctuation at either end left out)."""
    out: list[dict] = []
    active = essay.active()
    kept: set[str] = set()
    for lo, hi, labels, attrs in chunks:
        inside = [s for s in active if lo <= s.start and s.end <= hi]
        if not inside:
            start, end = _word(essay.text, lo, hi)
            if start < end:
                out.append({"action": "add", "start": start, "end": end, "label": labels[0],
                            "attrs": attrs})
            continue
        targets = labels if len(labels) == len(inside) else labels[:1] * len(inside) \
            if len(labels) == 1 else [None] * len(inside)
        for span, label in zip(inside, targets):
            kept.add(span.sid)
            if label is not None and (span.label, list(span.attrs)) != (label, attrs):
                out.append({"action": "relabel", "span": span.sid, "label": label,
                            "attrs": attrs})
            elif span.status == "proposed":
                out.append({"action": "accept", "span": span.sid})
    rejected = [{"action": "reject", "span": s.sid} for s in active if s.sid not in kept]
    return rejected + out


def _word(text: str, lo: int, hi: int) -> tuple[int, int]:
    while lo < hi and not text[lo].isalnum():
        lo += 1
    while hi > lo and not text[hi - 1].isalnum():
        hi -= 1
    return lo, hi


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
        except (OSError, ValueError, RecursionError) as exc:  # RecursionError: nested too deep
            raise ReviewError(f"{path}: unreadable ({type(exc).__name__})") from None
        try:
            source, chunks = graph_spans(graph)
        except ReviewError as exc:
            raise ReviewError(f"{path}: {exc}") from None
        # the editor appends a space to a text that does not end in white space
        essay = by_text.get(source) or by_text.get(source[:-1] if source.endswith(" ") else "")
        if essay is None:
            raise ReviewError(f"{path}: its source text is none of this workspace's essays")
        results = workspace.decide_many([(essay.index, d, None)
                                         for d in svala_decisions(essay, chunks)],
                                        reviewer, "svala")
        report.append((str(path), sum(why is None for _, why in results),
                       [why for _, why in results if why]))
    return report
