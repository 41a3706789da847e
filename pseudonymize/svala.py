"""SVALA parallel JSON: the graph format of Språkbanken's SVALA (swell-editor) and `parallel-corpus`.

    {"source": [{"id": "s0", "text": "Hej! "}, ...], "target": [{"id": "t0", "text": "Hej! "}, ...],
     "edges": {"e-s0-t0": {"id": "e-s0-t0", "ids": ["s0", "t0"], "labels": [], "manual": false}}}

Tokens follow the editor's own convention (`tokenize` in its src/Graph/Token.ts): a token is a
run of non-white-space characters with the white space after it (white space before the first
one is glued to it), and a last token without white space gets one space appended, as the editor
appends it. So "Hej!" is one token `"Hej! "` and each side spells its text exactly, plus that one
space when the text does not end in white space. "White space" is JavaScript's `\\s`, not
Python's: the editor decides.

An entity inside a token ("Haiti," "Annas." "@camila") takes the whole token: one manual edge
joins the source tokens and the target tokens that an entity touches (the target token carries
the pseudonym with the token's punctuation, "Haiti, " -> "B-land, "), labelled
`[label, *attrs, running number]` as the SweLL anonymization layer does. Entities sharing a token
("Anna/Erik") share its edge: the labels of each, in text order, and the editor keeps each
distinct label once (its edge normal form), so two entities of one label in one token show as
`city 1 2`. Every other token pairs one to one with its equal on the other side, which is what
the editor's automatic alignment makes of them; edge ids are `e-` plus the sorted token ids.
`pseudonymize.svala_check` checks all of this the way the editor does.

The *pseudonymized* graph (published) has both sides pseudonymized, as SweLL releases do; the
*original* graph (source = the essay as written) is review material that is kept with the key.
`Graph.encode` writes the JSON bytes directly (the bytes of `dumps(to_svala(...))`, as the tests
check): a release writes both graphs of every essay.
"""
from __future__ import annotations

import bisect
import json
import re
from collections.abc import Iterator, Sequence
# json.dumps's own (C) string encoder for ensure_ascii=False
from json.encoder import encode_basestring
from typing import NamedTuple

from pseudonymize.types import Result

SIDES = ("pseudonymized", "original")

# JavaScript's \s (ECMAScript WhiteSpace and LineTerminator), the editor's notion of white space
_SPACE_CHARS = frozenset("\t\n\v\f\r \xa0\u1680\u2028\u2029\u202f\u205f\u3000\ufeff"
                         + "".join(map(chr, range(0x2000, 0x200B))))
JS_SPACE = "".join(sorted(_SPACE_CHARS))  # a character class (no character in it is special)
_CHUNK = re.compile(f"[{JS_SPACE}]*[^{JS_SPACE}]+[{JS_SPACE}]*")
_SPACE = re.compile(f"[{JS_SPACE}]+")

# One edge or several, in the graph's edge order: a run (i, j, n) pairs source token i + k with
# target token j + k alone for k < n; a group (token ids sorted as strings, labels, manual) is
# one edge.
_Edge = tuple[int, int, int] | tuple[list[str], list[str], bool]

_TOKEN_JSON = '{"id":"%s%%d","text":%%s}'
_PAIR_JSON = '"e-s%d-t%d":{"id":"e-s%d-t%d","ids":["s%d","t%d"],"labels":[],"manual":false}'
# Pair edges recur in every graph (s0-t0, s1-t1, ...; after a span s9-t10, s10-t11, ...): their
# JSON is kept per offset j - i for the first _PAIRS_KEPT source tokens.
_PAIRS: dict[int, list[str]] = {}
_PAIRS_KEPT = 4096


class _Side:
    """One side's tokens: texts, character ranges in the side's text (the appended space is
    outside them), and the texts as JSON strings (made once, shared by the graphs that show
    this side)."""

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

    def touched(self, text: str, lo: int, hi: int) -> tuple[int, int]:
        """[first, last) of the tokens holding a non-space character of text[lo:hi] (this
        side's text); for a span of white space alone (or none), the token holding lo (the
        last one at the end)."""
        at = lo
        space = _SPACE.match(text, lo, hi)
        if space:
            lo = space.end()
        while hi > lo and text[hi - 1] in _SPACE_CHARS:
            hi -= 1
        if lo < hi:  # text[lo] and text[hi - 1] are inside tokens
            return bisect.bisect_right(self.ends, lo), bisect.bisect_left(self.starts, hi)
        at = min(bisect.bisect_right(self.ends, at), len(self.texts) - 1)
        return (at, at + 1) if at >= 0 else (0, 0)


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
        return [lab for edge in self.edges if not isinstance(edge[0], int) for lab in edge[1]]

    def to_dict(self) -> dict:
        edges = {}
        for ids, labels, manual in _each_edge(self.edges):
            edge_id = "e-" + "-".join(ids)
            edges[edge_id] = {"id": edge_id, "ids": ids, "labels": labels, "manual": manual}
        return {"source": [{"id": f"s{i}", "text": t} for i, t in enumerate(self.source.texts)],
                "target": [{"id": f"t{i}", "text": t} for i, t in enumerate(self.target.texts)],
                "edges": edges}

    def encode(self) -> bytes:
        """`dumps(self.to_dict())` without building the dicts: token and edge ids are plain
        ASCII, texts and labels go through json's own string encoder."""
        edges = []
        for edge in self.edges:
            if isinstance(edge[0], int):
                edges.append(_pairs_json(*edge))
                continue
            ids, labels, manual = edge
            edge_id = "e-" + "-".join(ids)
            edges.append('"%s":{"id":"%s","ids":["%s"],"labels":[%s],"manual":%s}'
                         % (edge_id, edge_id, '","'.join(ids),
                            ",".join(map(encode_basestring, labels)),
                            "true" if manual else "false"))
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


def tokens(text: str) -> list[str]:
    """The editor's tokens of `text` (its `tokenize`): texts concatenating to `text`, plus one
    space when `text` does not end in white space."""
    return _tokenize(text).texts


def _tokenize(text: str) -> _Side:
    """The side of `text`: the editor's tokens with their character ranges."""
    spans = [m.span() for m in _CHUNK.finditer(text)]
    if not spans:  # empty, or white space alone: one token (none for "")
        return _Side([text], [0], [len(text)]) if text else _Side([], [], [])
    starts = [s for s, _ in spans]
    ends = [e for _, e in spans]
    texts = list(map(text.__getitem__, map(slice, starts, ends)))
    if _SPACE.fullmatch(text, len(text) - 1) is None:
        texts[-1] += " "
    return _Side(texts, starts, ends)


def to_svala(result: Result, side: str = "pseudonymized") -> dict:
    """The SVALA graph of one result; `side="original"` keeps the essay's own text as source."""
    if side not in SIDES:
        raise ValueError(f"unknown SVALA side {side!r}; choose one of {', '.join(SIDES)}")
    return graphs(result)[SIDES.index(side)].to_dict()


def graphs(result: Result) -> tuple[Graph, Graph]:
    """(published, original) graphs of one result, sharing the target side."""
    source, target = _tokenize(result.source), _tokenize(result.target)
    links = [(source.touched(result.source, a.start, a.end),
              target.touched(result.target, a.target_start, a.target_end),
              [a.label, *a.attrs, str(a.ref)]) for a in result.annotations]
    published = _graph(target, target, [(t, t, lab) for _, t, lab in links])
    original = _graph(source, target, links)
    return published, original


def dumps(graph: dict) -> bytes:
    """Deterministic, compact UTF-8 JSON bytes (key order as built, no time stamps)."""
    return json.dumps(graph, ensure_ascii=False, separators=(",", ":")).encode()


def side_text(graph: dict, side: str) -> str:
    """The text of one side ("source" or "target"): its token texts concatenated."""
    return "".join(tok["text"] for tok in graph[side])


_Group = list  # [source first, source last, target first, target last, labels]


def _graph(src: _Side, tgt: _Side, links: Sequence[tuple[tuple[int, int], tuple[int, int],
                                                         list[str]]]) -> Graph:
    """The edges: the tokens each entity touches on either side form a manual edge (entities
    touching a common token share one); between those, tokens pair one to one where the two
    sides' tokens are equal, and a stretch that differs (a pseudonym that changed the white
    space around it) joins the edge after it (before it, at the end)."""
    groups: list[_Group] = []
    for (i0, i1), (j0, j1), lab in sorted(links, key=lambda link: (link[0], link[1])):
        if i0 == i1 and j0 == j1:  # both sides empty
            continue
        groups.append([i0, i1, j0, j1, lab])
        # a group overlapping the one before it on either side merges with it
        while len(groups) > 1 and (groups[-1][0] < groups[-2][1] or groups[-1][2] < groups[-2][3]):
            (a0, a1, b0, b1, a_lab), (c0, c1, d0, d1, c_lab) = groups[-2], groups.pop()
            groups[-1] = [min(a0, c0), max(a1, c1), min(b0, d0), max(b1, d1), a_lab + c_lab]
    # the stretches between groups: equal ones pair up, the others join a group
    edges: list[_Edge] = []
    i = j = 0
    pending: _Group | None = None
    for group in [*groups, None]:
        i_end, j_end = (group[0], group[2]) if group else (len(src.texts), len(tgt.texts))
        if src.texts[i:i_end] == tgt.texts[j:j_end]:
            if pending:
                edges.append(_group_edge(pending))
            if i_end - i == 1 and not src.texts[i].strip(" "):
                # a text of spaces alone: the editor aligns by characters other than the
                # space, so it leaves the two tokens apart
                edges += [([f"s{i}"], [], False), ([f"t{j}"], [], False)]
            elif i_end > i:
                edges.append((i, j, i_end - i))
        elif group:  # joins the group after it
            if pending:
                edges.append(_group_edge(pending))
            group[0], group[2] = i, j
        elif pending:  # the tail joins the group before it
            pending[1], pending[3] = i_end, j_end
            edges.append(_group_edge(pending))
        else:  # no group at all and the sides differ: one edge for everything
            edges.append(_group_edge([i, i_end, j, j_end, []]))
        if group:
            pending, i, j = group, group[1], group[3]
    return Graph(src, tgt, edges)


def _group_edge(group: _Group) -> tuple[list[str], list[str], bool]:
    i0, i1, j0, j1, labels = group
    return (sorted([f"s{m}" for m in range(i0, i1)] + [f"t{m}" for m in range(j0, j1)]),
            list(dict.fromkeys(labels)), True)


def _each_edge(edges: Sequence[_Edge]) -> Iterator[tuple[list[str], list[str], bool]]:
    """(ids, labels, manual) of every single edge, runs unrolled."""
    for edge in edges:
        if isinstance(edge[0], int):
            i, j, n = edge
            yield from (([f"s{i + k}", f"t{j + k}"], [], False) for k in range(n))
        else:
            yield edge
