"""SVALA parallel JSON: the graph format of Språkbanken's SVALA (swell-editor) and `parallel-corpus`.

    {"source": [{"id": "s0", "text": "Jag "}, ...], "target": [{"id": "t0", "text": "Jag "}, ...],
     "edges": {"e-s0-t0": {"id": "e-s0-t0", "ids": ["s0", "t0"], "labels": [], "manual": false}}}

Token texts carry their trailing white space, so each side's texts concatenate to the essay. An
edge groups the source and target tokens that correspond; a pseudonymized span gives one manual
edge labelled `[label, *attrs, running number]` (as the SweLL anonymization layer does). Edge ids
are `e-` plus the sorted token ids, the editor's own convention.

The *pseudonymized* graph (published) has both sides pseudonymized, as SweLL releases do; the
*original* graph (source = the essay as written) is review material that is kept with the key.
"""
from __future__ import annotations

import bisect
import json
from collections.abc import Iterable

from pseudonymize.tokenize import leading_space, tokenize
from pseudonymize.types import Result

SIDES = ("pseudonymized", "original")

# (source start, source end, target start, target end, labels) of one pseudonymized span
_Link = tuple[int, int, int, int, list[str]]


def to_svala(result: Result, side: str = "pseudonymized") -> dict:
    """The SVALA graph of one result; `side="original"` keeps the essay's own text as source."""
    if side not in SIDES:
        raise ValueError(f"unknown SVALA side {side!r}; choose one of {', '.join(SIDES)}")
    labelled = [(a, [a.label, *a.attrs, str(a.ref)]) for a in result.annotations]
    if side == "original":
        links = [(a.start, a.end, a.target_start, a.target_end, lab) for a, lab in labelled]
        return _graph(result.source, result.target, links)
    return _mirror(result.target, [(a.target_start, a.target_end, lab) for a, lab in labelled])


def dumps(graph: dict) -> bytes:
    """Deterministic, compact UTF-8 JSON bytes (key order as built, no time stamps)."""
    return json.dumps(graph, ensure_ascii=False, separators=(",", ":")).encode()


def side_text(graph: dict, side: str) -> str:
    """The text of one side ("source" or "target"): its token texts concatenated."""
    return "".join(tok["text"] for tok in graph[side])


def _side(text: str, prefix: str) -> tuple[list[dict], list[int], list[int]]:
    """Tokens as SVALA dicts plus each token's character range in `text`.

    White space before the first token is glued to it so the texts still concatenate to `text`.
    """
    tokens = tokenize(text)
    lead = leading_space(text)
    out, starts, ends = [], [], []
    for i, tok in enumerate(tokens):
        out.append({"id": f"{prefix}{i}", "text": (lead if i == 0 else "") + tok.text + tok.ws})
        starts.append(tok.start)
        ends.append(tok.end)
    return out, starts, ends


def _mirror(text: str, spans: list[tuple[int, int, list[str]]]) -> dict:
    """Both sides the same text: token i pairs with token i; a span's tokens share one edge."""
    src, starts, ends = _side(text, "s")
    tgt = [{"id": f"t{i}", "text": tok["text"]} for i, tok in enumerate(src)]
    group = list(range(len(src)))
    labels: dict[int, list[str]] = {}
    for lo, hi, lab in sorted(spans):
        members = _overlapping(starts, ends, lo, hi)
        if members:
            first = group[members[0]]
            for m in members:
                group[m] = first
            labels.setdefault(first, []).extend(lab)
    edges = {}
    for first in dict.fromkeys(group):
        members = [m for m in range(first, len(group)) if group[m] == first] \
            if first in labels else [first]
        ids = sorted([f"s{m}" for m in members] + [f"t{m}" for m in members])
        lab = list(dict.fromkeys(labels.get(first, [])))
        edge_id = "e-" + "-".join(ids)
        edges[edge_id] = {"id": edge_id, "ids": ids, "labels": lab, "manual": bool(lab)}
    return {"source": src, "target": tgt, "edges": edges}


def _graph(source: str, target: str, links: Iterable[_Link]) -> dict:
    src, s_starts, s_ends = _side(source, "s")
    tgt, t_starts, t_ends = _side(target, "t")
    parent = list(range(len(src) + len(tgt)))  # union-find over source then target tokens

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    def union(i: int, j: int) -> None:
        parent[find(i)] = find(j)

    # Tokens overlapping one span belong to one edge; outside spans the text is unchanged, so a
    # source character maps to the target character shifted by the spans before it.
    links = sorted(links)
    labels: dict[int, list[str]] = {}
    in_span = [False] * len(src)
    for s0, s1, t0, t1, lab in links:
        members = _overlapping(s_starts, s_ends, s0, s1) + [
            len(src) + j for j in _overlapping(t_starts, t_ends, t0, t1)]
        for m in members[1:]:
            union(members[0], m)
        for m in members:
            if m < len(src):
                in_span[m] = True
        if members:
            labels.setdefault(members[0], []).extend(lab)
    t_index = _char_index(t_starts, t_ends, len(target))
    shift, k = 0, 0
    for i in range(len(src)):
        while k < len(links) and links[k][1] <= s_starts[i]:
            s0, s1, t0, t1, _ = links[k]
            shift += (t1 - t0) - (s1 - s0)
            k += 1
        if in_span[i]:
            continue
        # the first and last character suffice: tokens outside spans are unchanged text
        for pos in {s_starts[i] + shift, s_ends[i] - 1 + shift}:
            j = t_index[pos] if 0 <= pos < len(t_index) else -1
            if j >= 0:
                union(i, len(src) + j)

    groups: dict[int, list[int]] = {}
    for m in range(len(parent)):
        groups.setdefault(find(m), []).append(m)
    group_labels: dict[int, list[str]] = {}
    for m, lab in labels.items():
        group_labels.setdefault(find(m), []).extend(lab)
    edges = {}
    for root, members in sorted(groups.items(), key=lambda g: min(g[1])):
        ids = sorted(src[m]["id"] if m < len(src) else tgt[m - len(src)]["id"] for m in members)
        lab = list(dict.fromkeys(group_labels.get(root, [])))
        edge_id = "e-" + "-".join(ids)
        edges[edge_id] = {"id": edge_id, "ids": ids, "labels": lab, "manual": bool(lab)}
    return {"source": src, "target": tgt, "edges": edges}


def _overlapping(starts: list[int], ends: list[int], lo: int, hi: int) -> list[int]:
    """Indexes of tokens overlapping [lo, hi) (a zero-width span takes the token at lo)."""
    first = bisect.bisect_right(ends, lo)  # tokens are sorted and disjoint: ends ascend too
    out = []
    for i in range(first, len(starts)):
        if starts[i] >= hi and not (lo == hi and starts[i] <= lo):
            break
        out.append(i)
    return out


def _char_index(starts: list[int], ends: list[int], length: int) -> list[int]:
    """For every character, the index of the token holding it (-1 for white space)."""
    index = [-1] * length
    for i, (a, b) in enumerate(zip(starts, ends)):
        index[a:b] = [i] * (b - a)
    return index
