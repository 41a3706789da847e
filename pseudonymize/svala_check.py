"""The SVALA editor's graph invariant, in Python: what the editor checks before it shows a graph.

A graph that fails `check_invariant` in the editor (spraakbanken/swell-editor,
src/Graph/Graph.ts) is replaced by a placeholder with "Internal invariant violated". This module
follows that function check by check, in its order and with its messages, so a release can be
held to it without a browser:

- token ids and edge ids are unique (one namespace);
- tokens follow the editor's white space rule: a side of one token matches `^\\s*\\S*\\s*$`, every
  token of a longer side `^\\s*\\S+\\s+$` (JavaScript's `\\s`);
- each edge sits under its own id, has ids, a comment only with a comment label (one with `!`),
  and is in normal form (`merge_edges` of itself: ids sorted, labels without repeats, `manual` a
  boolean, id `e-` plus the ids);
- edges refer to known tokens, and every token is in exactly one edge;
- the graph equals its own automatic alignment (`align`): the manual edges stay as they are, the
  other tokens are grouped by a character diff of the two sides (the editor's `hdiff` over
  `diff-match-patch`), spaces skipped;
- no comment is an empty string.
"""
from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

from diff_match_patch import diff_match_patch

from pseudonymize.svala import JS_SPACE

_SINGLE = re.compile(f"[{JS_SPACE}]*[^{JS_SPACE}]*[{JS_SPACE}]*")
_MANY = re.compile(f"[{JS_SPACE}]*[^{JS_SPACE}]+[{JS_SPACE}]+")


class Violation(Exception):
    """The editor's reason for rejecting a graph."""


def check_invariant(graph: Any) -> str:
    """"ok", or the violation the editor would report for this graph (a JSON-like dict)."""
    try:
        _check(graph)
    except Violation as e:
        return str(e)
    except (KeyError, TypeError, AttributeError, ValueError, IndexError) as e:
        # the editor's checks throw on malformed graphs too, and report what they threw
        return f"Malformed graph: {type(e).__name__}: {e}"
    return "ok"


def _check(g: dict) -> None:
    tokens = [*g["source"], *g["target"]]
    edges: dict = g["edges"]
    seen: set[str] = set()
    for t in tokens:
        if t["id"] in seen:
            raise Violation(f"Duplicate id: {t['id']}")
        seen.add(t["id"])
    for e in edges.values():
        if e["id"] in seen:
            raise Violation(f"Duplicate id from edges: {e['id']}")
        seen.add(e["id"])
    _check_tokens([t["text"] for t in g["target"]])
    _check_tokens([t["text"] for t in g["source"]])
    for key, e in edges.items():
        if e["id"] != key:
            raise Violation(f"Edge key and id do not match: {key} and {e['id']}")
    for e in edges.values():
        if not e["ids"]:
            raise Violation(f"Edge without any associated identifiers {e['id']}")
    for e in edges.values():
        if e.get("comment") and not any(map(_is_comment_label, e["labels"])):
            raise Violation(f"Edge with comment but no comment label: {e['id']}")
    for e in edges.values():
        if not _js_equal(e, _merge_edges([e])):
            raise Violation(f"Edge not in normal form: {e['id']}")
    token_ids = {t["id"] for t in tokens}
    for e in edges.values():
        for i in e["ids"]:
            if i not in token_ids:
                raise Violation(f"Edge {e['id']} refers to unknown token {i}")
    count: dict[str, int] = {}
    for e in edges.values():
        for i in e["ids"]:
            count[i] = count.get(i, 0) + 1
    for t in tokens:
        if count.get(t["id"], 0) != 1:
            raise Violation(f"Token not appearing exactly once in edge lists: {t['id']}")
    if not _js_equal(edges, align(g)):
        raise Violation("Graph not automatically aligned")
    if g.get("comment", None) == "":
        raise Violation("Graph comment must not be empty string")
    for e in edges.values():
        if e.get("comment", None) == "":
            raise Violation("Edge comment must not be empty string")


def _check_tokens(texts: list[str]) -> None:
    if len(texts) == 1:
        if not _SINGLE.fullmatch(texts[0]):
            raise Violation(f"Bad single token: {_show(texts[0])}")
    else:
        for t in texts:
            if not _MANY.fullmatch(t):
                raise Violation(f"Bad text token: {_show(t)}")


def _show(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def _is_comment_label(label: str) -> bool:
    return "!" in label


def _uniq(xs: Iterable[Any]) -> list[Any]:
    """The editor's `uniq`: first occurrences, compared as strings."""
    seen: set[str] = set()
    out = []
    for x in xs:
        if _js_string(x) not in seen:
            seen.add(_js_string(x))
            out.append(x)
    return out


def _js_string(x: Any) -> str:
    return x if isinstance(x, str) else repr(x)


def _edge(ids: list[str], labels: list[str], manual: bool, comment: str | None) -> dict:
    """The editor's `Edge` constructor: its normal form."""
    ids_sorted = sorted(ids, key=_utf16)
    labels_nub = _uniq(labels)
    out = {"id": "e-" + "-".join(ids_sorted), "ids": ids_sorted, "labels": labels_nub,
           "manual": manual}
    if comment and any(map(_is_comment_label, labels_nub)):
        out["comment"] = comment
    return out


def _merge_edges(es: list[dict]) -> dict:
    comments = _uniq(c for c in (e.get("comment") for e in es) if c)
    return _edge([i for e in es for i in e["ids"]], [lab for e in es for lab in e["labels"]],
                 any(bool(e.get("manual")) for e in es), "\n\n".join(comments))


def _utf16(s: str) -> bytes:
    """JavaScript's default sort order: by UTF-16 code units."""
    return s.encode("utf-16-be", "surrogatepass")


def _js_equal(a: Any, b: Any) -> bool:
    """Ramda's `equals` on JSON values: no `True == 1`, objects compared regardless of key order."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_js_equal(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(map(_js_equal, a, b))
    return type(a) is type(b) and a == b


def align(g: dict) -> dict:
    """The editor's automatic alignment of a graph: its edges as the editor would make them."""
    edge_of = {i: e for e in g["edges"].values() for i in e["ids"]}
    parent: dict[str, str] = {}

    def find(x: str) -> str:
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    sides = [[(c, None if c == " " else t["id"])
              for t in g[side] if not edge_of[t["id"]].get("manual")
              for c in _code_units(t["text"])] for side in ("source", "target")]
    for a, b in _hdiff(*sides):
        if a[1] is not None and b[1] is not None:
            parent[find(a[1])] = find(b[1])

    proto = {key: e for key, e in g["edges"].items() if e.get("manual")}
    first_seen: set[str] = set()
    zero = _merge_edges([])
    for side in ("source", "target"):
        for t in g[side]:
            e = edge_of[t["id"]]
            if not e.get("manual"):
                labels = e["labels"] if e["id"] not in first_seen else []
                first_seen.add(e["id"])
                token_edge = _edge([t["id"]], labels, False, e.get("comment"))
                root = find(t["id"])
                proto[root] = _merge_edges([proto.get(root) or zero, token_edge])
    return {e["id"]: e for e in proto.values()}


def _code_units(text: str) -> list[str]:
    """A JavaScript string's characters: UTF-16 code units."""
    data = text.encode("utf-16-le", "surrogatepass")
    return [data[k:k + 2].decode("utf-16-le", "surrogatepass") for k in range(0, len(data), 2)]


def _hdiff(xs: list[tuple[str, Any]], ys: list[tuple[str, Any]]
           ) -> list[tuple[tuple[str, Any], tuple[str, Any]]]:
    """The unchanged (x, y) pairs of the editor's `hdiff`: each distinct character renamed by its
    `char_stream` (decimal digits read as hexadecimal, cut to 16 bits), then diff-match-patch."""
    rename: dict[str, str] = {}

    def code(c: str) -> str:
        if c not in rename:
            rename[c] = chr(int(str(len(rename)), 16) % 0x10000)
        return rename[c]

    s1 = "".join(code(c) for c, _ in xs)
    s2 = "".join(code(c) for c, _ in ys)
    if s1 == s2:  # diff-match-patch's own first answer
        return list(zip(xs, ys))
    a_from: dict[str, list] = {}
    b_from: dict[str, list] = {}
    for c, x in zip(s1, xs):
        a_from.setdefault(c, []).append(x)
    for c, y in zip(s2, ys):
        b_from.setdefault(c, []).append(y)
    a_next = {c: iter(v) for c, v in a_from.items()}
    b_next = {c: iter(v) for c, v in b_from.items()}
    out = []
    for op, chars in diff_match_patch().diff_main(s1, s2):
        for c in chars:
            if op == 0:
                out.append((next(a_next[c]), next(b_next[c])))
            elif op == -1:
                next(a_next[c])
            else:
                next(b_next[c])
    return out
