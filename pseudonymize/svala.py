"""SVALA parallel JSON: the graph format of Språkbanken's SVALA (swell-editor) and `parallel-corpus`.

    {"source": [{"id": "s0", "text": "Jag "}, ...], "target": [{"id": "t0", "text": "Jag "}, ...],
     "edges": {"e-s0-t0": {"id": "e-s0-t0", "ids": ["s0", "t0"], "labels": [], "manual": false}}}

Token texts carry their trailing white space, so each side's texts concatenate to the essay. An
edge groups the source and target tokens that correspond; a pseudonymized span gives one manual
edge labelled `[label, *attrs, running number]` (as the SweLL anonymization layer does). Edge ids
are `e-` plus the sorted token ids, the editor's own convention.

The *pseudonymized* graph (published) has both sides pseudonymized, as SweLL releases do; the
*original* graph (source = the essay as written) is review material that is kept with the key.

A release writes both graphs of every essay, so `graphs` reuses the engine's tokens of the
source (`Result.tokens`), derives the target's from them (only the stretches around replaced spans
are tokenized again) and `Graph.encode` writes the JSON bytes directly (the bytes of
`dumps(to_svala(...))`, as the tests check).
"""
from __future__ import annotations

import bisect
import json
from collections.abc import Iterator, Sequence
# json.dumps's own (C) string encoder for ensure_ascii=False
from json.encoder import encode_basestring
from typing import NamedTuple

from pseudonymize.tokenize import token_spans
from pseudonymize.types import Result

SIDES = ("pseudonymized", "original")

# (source start, source end, target start, target end, labels) of one pseudonymized span
_Link = tuple[int, int, int, int, list[str]]
# One edge or several, in the graph's edge order: a run (i, j, n) pairs source token i + k with
# target token j + k alone for k < n; a group (token ids sorted as strings, labels) is one edge.
_Edge = tuple[int, int, int] | tuple[list[str], list[str]]

_TOKEN_JSON = '{"id":"%s%%d","text":%%s}'
_PAIR_JSON = '"e-s%d-t%d":{"id":"e-s%d-t%d","ids":["s%d","t%d"],"labels":[],"manual":false}'
# Pair edges recur in every graph (s0-t0, s1-t1, ...; after a span s9-t10, s10-t11, ...): their
# JSON is kept per offset j - i for the first _PAIRS_KEPT source tokens.
_PAIRS: dict[int, list[str]] = {}
_PAIRS_KEPT = 4096


class _Side:
    """One side's tokens: texts (trailing white space included), character ranges, and the
    texts as JSON strings (made once, shared by the graphs that show this side)."""

    __slots__ = ("texts", "starts", "ends", "_json")

    def __init__(self, texts: list[str], starts: list[int], ends: list[int]) -> None:
        self.texts, self.starts, self.ends = texts, starts, ends
        self._json: dict[str, str] = {}

    def json(self, prefix: str) -> str:
        """The side as SVALA token objects with ids `<prefix>0`, `<prefix>1`, ... (no brackets),
        formatted by one `%` over a repeated template rather than token by token. A side shown
        under both prefixes (the published graph's) is formatted once and the other copy made
        by replacing the id prefix: `{"id":"` cannot occur inside a JSON-encoded text, whose
        quotes are escaped."""
        if prefix not in self._json:
            if self._json:
                other, done = next(iter(self._json.items()))
                self._json[prefix] = done.replace('{"id":"' + other, '{"id":"' + prefix)
            else:
                args: list = [0] * (2 * len(self.texts))
                args[0::2] = range(len(self.texts))
                args[1::2] = map(encode_basestring, self.texts)
                self._json[prefix] = (",".join([_TOKEN_JSON % prefix] * len(self.texts))
                                      % tuple(args))
        return self._json[prefix]


class Graph(NamedTuple):
    """A graph before serialization: both sides' tokens and the edges in order."""

    source: _Side
    target: _Side
    edges: list[_Edge]

    def text(self, side: str) -> str:
        """The text of one side ("source" or "target")."""
        return "".join((self.source if side == "source" else self.target).texts)

    def labels(self) -> list[str]:
        """Every edge label in edge order."""
        return [lab for edge in self.edges if len(edge) == 2 for lab in edge[1]]

    def to_dict(self) -> dict:
        edges = {}
        for ids, labels in _each_edge(self.edges):
            edge_id = "e-" + "-".join(ids)
            edges[edge_id] = {"id": edge_id, "ids": ids, "labels": labels,
                              "manual": bool(labels)}
        return {"source": [{"id": f"s{i}", "text": t} for i, t in enumerate(self.source.texts)],
                "target": [{"id": f"t{i}", "text": t} for i, t in enumerate(self.target.texts)],
                "edges": edges}

    def encode(self) -> bytes:
        """`dumps(self.to_dict())` without building the dicts: token and edge ids are plain
        ASCII, texts and labels go through json's own string encoder."""
        edges = []
        for edge in self.edges:
            if len(edge) == 3:
                edges.append(_pairs_json(*edge))
                continue
            ids, labels = edge
            edge_id = "e-" + "-".join(ids)
            edges.append('"%s":{"id":"%s","ids":["%s"],"labels":[%s],"manual":%s}'
                         % (edge_id, edge_id, '","'.join(ids),
                            ",".join(map(encode_basestring, labels)),
                            "true" if labels else "false"))
        return ('{"source":[%s],"target":[%s],"edges":{%s}}'
                % (self.source.json("s"), self.target.json("t"),
                   ",".join(edges))).encode()


def _pairs_json(i: int, j: int, n: int) -> str:
    """JSON of the pair edges (i + k, j + k) for k < n."""
    if i + n <= _PAIRS_KEPT:
        kept = _PAIRS.get(j - i, [])
        if len(kept) < i + n:
            # a new list, never extended in place: threads sharing the cache each see a whole
            # one, in which kept[k] is the pair (k, k + j - i)
            kept = kept + _pairs_format(len(kept), len(kept) + j - i,
                                        i + n - len(kept)).split("\0")
            _PAIRS[j - i] = kept
        return ",".join(kept[i:i + n])
    return _pairs_format(i, j, n).replace("\0", ",")


def _pairs_format(i: int, j: int, n: int) -> str:
    """The pair edges (i + k, j + k), k < n, separated by NUL: one `%` for them all."""
    args: list[int] = [0] * (6 * n)
    args[0::6] = args[2::6] = args[4::6] = range(i, i + n)
    args[1::6] = args[3::6] = args[5::6] = range(j, j + n)
    return "\0".join([_PAIR_JSON] * n) % tuple(args)


def to_svala(result: Result, side: str = "pseudonymized") -> dict:
    """The SVALA graph of one result; `side="original"` keeps the essay's own text as source."""
    if side not in SIDES:
        raise ValueError(f"unknown SVALA side {side!r}; choose one of {', '.join(SIDES)}")
    source, target = _sides(result)
    labels = _labels(result)
    if side == "original":
        return _original(result, labels, source, target).to_dict()
    return _published(result, labels, target).to_dict()


def graphs(result: Result) -> tuple[Graph, Graph]:
    """(published, original) graphs of one result, sharing the target side."""
    source, target = _sides(result)
    labels = _labels(result)
    return _published(result, labels, target), _original(result, labels, source, target)


def dumps(graph: dict) -> bytes:
    """Deterministic, compact UTF-8 JSON bytes (key order as built, no time stamps)."""
    return json.dumps(graph, ensure_ascii=False, separators=(",", ":")).encode()


def side_text(graph: dict, side: str) -> str:
    """The text of one side ("source" or "target"): its token texts concatenated."""
    return "".join(tok["text"] for tok in graph[side])


def _labels(result: Result) -> list[list[str]]:
    return [[a.label, *a.attrs, str(a.ref)] for a in result.annotations]


def _published(result: Result, labels: list[list[str]], target: _Side) -> Graph:
    """Both sides are the target: token i pairs with token i, a span's tokens share one edge."""
    links = sorted((a.target_start, a.target_end, a.target_start, a.target_end, lab)
                   for a, lab in zip(result.annotations, labels))
    edges = _aligned_edges(target, target, links)
    if edges is None:
        edges = _mirror_edges(target, links)
    return Graph(target, target, edges)


def _original(result: Result, labels: list[list[str]], source: _Side, target: _Side) -> Graph:
    links = sorted((a.start, a.end, a.target_start, a.target_end, lab)
                   for a, lab in zip(result.annotations, labels))
    edges = _aligned_edges(source, target, links)
    if edges is None:
        edges = _union_edges(source, target, links)
    return Graph(source, target, edges)


def _tokens(text: str) -> _Side:
    """Tokens of `text`."""
    spans = token_spans(text)
    if not spans:
        return _Side([], [], [])
    starts, ends = (list(x) for x in zip(*spans))
    return _side(text, starts, ends)


def _side(text: str, starts: list[int], ends: list[int]) -> _Side:
    """The side of `text` with these tokens; white space before the first token is glued to it
    so the texts still concatenate to `text`."""
    if not starts:
        return _Side([], [], [])
    bounds = [0, *starts[1:], len(text)]
    return _Side(list(map(text.__getitem__, map(slice, bounds, bounds[1:]))), starts, ends)


def _sides(result: Result) -> tuple[_Side, _Side]:
    """(source, target) sides. With the engine's tokens of the source (and its annotations:
    in text order, not overlapping, the target's text between them unchanged), the target's
    tokens are derived from them (`_derived_target`); anything else is tokenized afresh."""
    anns = result.annotations
    if not result.tokens or any(a.end > b.start for a, b in zip(anns, anns[1:])) or (
            len(result.target) - len(result.source)
            != sum((a.target_end - a.target_start) - (a.end - a.start) for a in anns)):
        return _tokens(result.source), _tokens(result.target)
    starts = [t.start for t in result.tokens]
    ends = [t.end for t in result.tokens]
    source = _side(result.source, starts, ends)
    target_starts, target_ends = _derived_target(result, starts, ends)
    return source, _side(result.target, target_starts, target_ends)


def _derived_target(result: Result, starts: list[int], ends: list[int]
                    ) -> tuple[list[int], list[int]]:
    """The target's token ranges from the source's. Tokens never contain white space and the
    text outside the annotated spans is unchanged, so the target tokenizes like the source
    except inside each stretch between white space (or either end) that holds a span: only
    those stretches are tokenized again, the other tokens are the source's, shifted."""
    n = len(starts)
    out_starts: list[int] = []
    out_ends: list[int] = []
    copied = shift = 0  # source tokens [0, copied) are placed; the target is `shift` longer
    anns = result.annotations
    k = 0
    while k < len(anns):
        # the stretch: from the token run holding the character before the span ...
        lo = anns[k].start
        t = bisect.bisect_right(starts, lo - 1) - 1
        first = t + 1
        if t >= 0 and ends[t] >= lo:
            while t > 0 and ends[t - 1] == starts[t]:
                t -= 1
            lo, first = starts[t], t
        # ... to the run holding the character after it, joined with the next spans that
        # start in it (or right at its end: their first character may not be white space)
        hi, grown = anns[k].end, shift
        while True:
            grown += (anns[k].target_end - anns[k].target_start) - (anns[k].end - anns[k].start)
            hi = max(hi, anns[k].end)
            u = bisect.bisect_right(starts, hi) - 1
            last = bisect.bisect_left(starts, hi)
            if u >= 0 and ends[u] > hi:
                while u + 1 < n and starts[u + 1] == ends[u]:
                    u += 1
                hi, last = ends[u], u + 1
            k += 1
            if k == len(anns) or anns[k].start > hi:
                break
        out_starts += [s + shift for s in starts[copied:first]]
        out_ends += [e + shift for e in ends[copied:first]]
        for s, e in token_spans(result.target, lo + shift, hi + grown):
            out_starts.append(s)
            out_ends.append(e)
        copied, shift = last, grown
    out_starts += [s + shift for s in starts[copied:]]
    out_ends += [e + shift for e in ends[copied:]]
    return out_starts, out_ends


def _mirror_edges(side: _Side, links: Sequence[_Link]) -> list[_Edge]:
    """The general mirror graph: tokens overlapping a span (even partly) share its edge."""
    group = list(range(len(side.texts)))
    labels: dict[int, list[str]] = {}
    for lo, hi, _, _, lab in links:
        members = _overlapping(side.starts, side.ends, lo, hi)
        if members:
            first = group[members[0]]
            for m in members:
                group[m] = first
            labels.setdefault(first, []).extend(lab)
    members_of: dict[int, list[int]] = {}
    for m, first in enumerate(group):
        members_of.setdefault(first, []).append(m)
    return [(first, first, 1) if first not in labels else
            (sorted([f"s{m}" for m in ms] + [f"t{m}" for m in ms]),
             list(dict.fromkeys(labels[first])))
            for first, ms in members_of.items()]


def _aligned_edges(src: _Side, tgt: _Side, links: Sequence[_Link]) -> list[_Edge] | None:
    """The edges in one linear walk when every span starts and ends on token boundaries on both
    sides and the text between spans is tokenized alike (the usual case); None otherwise.
    Where it answers, the answer equals `_union_edges`'s (and `_mirror_edges`'s when both sides
    are one)."""
    n_src, n_tgt = len(src.starts), len(tgt.starts)
    edges: list[_Edge] = []
    i = j = shift = 0

    def pair_until(limit: int) -> bool:
        """Pair the unchanged tokens starting before source offset `limit` one to one: they
        must sit in the target where the shift puts them."""
        nonlocal i, j
        end = bisect.bisect_left(src.starts, limit, i)
        n = end - i
        if n == 0:
            return True
        if j + n > n_tgt or src.ends[end - 1] > limit:
            return False
        # (a side paired with itself, as in the published graph, needs no comparing)
        if (src is not tgt or i != j or shift) and (
                tgt.starts[j:j + n] != list(map(shift.__add__, src.starts[i:end]))
                or tgt.ends[j:j + n] != list(map(shift.__add__, src.ends[i:end]))):
            return False
        edges.append((i, j, n))
        i, j = end, j + n
        return True

    for s0, s1, t0, t1, lab in links:
        if s0 >= s1 or t0 >= t1 or not pair_until(s0):
            return None
        i0, j0 = i, j
        i = bisect.bisect_right(src.ends, s1, i)
        j = bisect.bisect_right(tgt.ends, t1, j)
        if (i == i0 or j == j0 or src.starts[i0] != s0 or src.ends[i - 1] != s1
                or tgt.starts[j0] != t0 or tgt.ends[j - 1] != t1):
            return None
        ids = sorted([f"s{m}" for m in range(i0, i)] + [f"t{m}" for m in range(j0, j)])
        edges.append((ids, list(dict.fromkeys(lab))))
        shift += (t1 - t0) - (s1 - s0)
    if not pair_until(src.ends[-1] + 1 if n_src else 0) or j != n_tgt:
        return None
    return edges


def _union_edges(src: _Side, tgt: _Side, links: Sequence[_Link]) -> list[_Edge]:
    """The general alignment: tokens overlapping one span belong to one edge; outside spans the
    text is unchanged, so a source character maps to the target character shifted by the spans
    before it (tokens are united through union-find over source then target tokens)."""
    n_src = len(src.starts)
    parent = list(range(n_src + len(tgt.starts)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    def union(i: int, j: int) -> None:
        parent[find(i)] = find(j)

    labels: dict[int, list[str]] = {}
    in_span = [False] * n_src
    for s0, s1, t0, t1, lab in links:
        members = _overlapping(src.starts, src.ends, s0, s1) + [
            n_src + j for j in _overlapping(tgt.starts, tgt.ends, t0, t1)]
        for m in members[1:]:
            union(members[0], m)
        for m in members:
            if m < n_src:
                in_span[m] = True
        if members:
            labels.setdefault(members[0], []).extend(lab)
    t_index = _char_index(tgt.starts, tgt.ends, tgt.ends[-1] if tgt.ends else 0)
    shift, k = 0, 0
    for i in range(n_src):
        while k < len(links) and links[k][1] <= src.starts[i]:
            s0, s1, t0, t1, _ = links[k]
            shift += (t1 - t0) - (s1 - s0)
            k += 1
        if in_span[i]:
            continue
        # the first and last character suffice: tokens outside spans are unchanged text
        for pos in {src.starts[i] + shift, src.ends[i] - 1 + shift}:
            j = t_index[pos] if 0 <= pos < len(t_index) else -1
            if j >= 0:
                union(i, n_src + j)

    groups: dict[int, list[int]] = {}
    for m in range(len(parent)):
        groups.setdefault(find(m), []).append(m)
    group_labels: dict[int, list[str]] = {}
    for m, lab in labels.items():
        group_labels.setdefault(find(m), []).extend(lab)
    return [(sorted(f"s{m}" if m < n_src else f"t{m - n_src}" for m in members),
             list(dict.fromkeys(group_labels.get(root, ()))))
            for root, members in sorted(groups.items(), key=lambda g: g[1][0])]


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


def _each_edge(edges: Sequence[_Edge]) -> Iterator[tuple[list[str], list[str]]]:
    """(ids, labels) of every single edge, runs unrolled."""
    for edge in edges:
        if len(edge) == 3:
            i, j, n = edge
            yield from (([f"s{i + k}", f"t{j + k}"], []) for k in range(n))
        else:
            yield edge
