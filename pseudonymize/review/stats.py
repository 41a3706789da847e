"""What the review says about the engine: per-label decisions, precision and recall of the
automatic pass against the reviewed result, and agreement between reviewers (Cohen's kappa)."""
from __future__ import annotations

from collections import Counter
from itertools import combinations

from pseudonymize.review.workspace import EssayState, Workspace

DECISIONS = ("accepted", "rejected", "relabelled", "added")
# a reviewer's verdict on one engine span, for agreement: accept, reject, replace, relabel:<label>
VERDICTS = ("accept", "reject", "replace", "relabel")


def compute(workspace: Workspace) -> dict:
    """Counts per label, precision/recall over the approved essays, kappa per reviewer pair."""
    per_label: dict[str, Counter[str]] = {}
    engine_spans = reviewed_spans = same_span = same_label = 0
    reviewed = [e for e in workspace.essays if e.approved]
    for e in workspace.essays:
        for s in e.spans:
            label = s.engine_label or s.label
            decision = _decision(e, s)
            if decision:
                per_label.setdefault(label, Counter())[decision] += 1
    for e in reviewed:
        proposed = {(s.start, s.end): s.engine_label for s in e.spans if s.origin == "engine"}
        final = {(s.start, s.end): s.label for s in e.active()}
        engine_spans += len(proposed)
        reviewed_spans += len(final)
        same_span += len(proposed.keys() & final.keys())
        same_label += sum(proposed[k] == final[k] for k in proposed.keys() & final.keys())
    return {"labels": {k: {d: v[d] for d in DECISIONS} for k, v in sorted(per_label.items())},
            "reviewed_essays": len(reviewed),
            "spans": _pr(same_span, engine_spans, reviewed_spans),
            "labelled": _pr(same_label, engine_spans, reviewed_spans),
            "agreement": agreement(workspace)}


def _decision(essay: EssayState, s) -> str:  # noqa: ANN001 - a SpanState
    """The standing decision on a span, if any: an undecided span of an approved essay was
    accepted as proposed."""
    if s.origin == "reviewer":
        return "added" if s.active else ""
    if s.status == "rejected":
        return "rejected"
    if s.label != s.engine_label:
        return "relabelled"
    if s.status != "proposed" or essay.approved:
        return "accepted"
    return ""


def _pr(hits: int, proposed: int, reviewed: int) -> dict:
    precision = hits / proposed if proposed else None
    recall = hits / reviewed if reviewed else None
    return {"proposed": proposed, "reviewed": reviewed, "agreeing": hits,
            "precision": precision, "recall": recall}


def agreement(workspace: Workspace) -> list[dict]:
    """Cohen's kappa for every pair of reviewers who both decided some of the same engine
    spans (each reviewer's last verdict on a span counts)."""
    verdicts: dict[str, dict[tuple[int, str], str]] = {}
    for e in workspace.essays:
        for s in e.spans:
            for reviewer, decision in s.history:
                if decision.split(":")[0] in VERDICTS:
                    verdicts.setdefault(reviewer, {})[(e.index, s.sid)] = decision
    out = []
    for a, b in combinations(sorted(verdicts), 2):
        common = sorted(verdicts[a].keys() & verdicts[b].keys())
        if common:
            pairs = [(verdicts[a][k], verdicts[b][k]) for k in common]
            out.append({"reviewers": [a, b], "items": len(pairs), "kappa": cohen_kappa(pairs)})
    return out


def cohen_kappa(pairs: list[tuple[str, str]]) -> float | None:
    """(p_o - p_e) / (1 - p_e) over two raters' categories; None when chance agreement is
    total (both raters used one and the same category throughout)."""
    n = len(pairs)
    if not n:
        return None
    observed = sum(x == y for x, y in pairs) / n
    left, right = Counter(x for x, _ in pairs), Counter(y for _, y in pairs)
    expected = sum(left[c] * right[c] for c in left) / (n * n)
    return None if expected == 1 else (observed - expected) / (1 - expected)


def format_stats(result: dict) -> str:
    """The `review stats` table."""
    lines = [f"{'label':<20}" + "".join(f"{d:>11}" for d in DECISIONS)]
    for label, counts in result["labels"].items():
        lines.append(f"{label:<20}" + "".join(f"{counts[d]:>11}" for d in DECISIONS))
    lines.append(f"\nautomatic pass vs reviewed result "
                 f"({result['reviewed_essays']} approved essays)")
    for name in ("spans", "labelled"):
        r = result[name]
        lines.append(f"  {name:<9} precision {_pct(r['precision'])}  recall {_pct(r['recall'])}"
                     f"  ({r['agreeing']} agreeing of {r['proposed']} proposed, "
                     f"{r['reviewed']} reviewed)")
    if result["agreement"]:
        lines.append("\ninter-annotator agreement (Cohen's kappa)")
        for pair in result["agreement"]:
            kappa = "n/a" if pair["kappa"] is None else f"{pair['kappa']:.3f}"
            lines.append(f"  {' / '.join(pair['reviewers'])}: kappa {kappa} over "
                         f"{pair['items']} spans")
    else:
        lines.append("\nno span was decided by two reviewers: no agreement figure")
    return "\n".join(lines)


def _pct(x: float | None) -> str:
    return "   n/a" if x is None else f"{100 * x:5.1f}%"
