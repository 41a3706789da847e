"""The rule tables: one JSON Lines file per detector family, one row per sentence.

A row names the rule it exercises and says what the engine must find in its sentence:
    {"rule": "age", "text": "Jag är 34 år.", "find": [["34", "age_digits"]]}
        every (surface, label) is a resolved span, and the rule proposed a span over one;
    {"rule": "age", "text": "För 34 år sedan …", "keep": ["34"]}
        no resolved span covers these surfaces;
    {"rule": "email", "text": "…", "none": true}
        nothing at all is found.
Adding a case is adding a line; every declared rule has at least one row that finds something
and one that keeps something (tested below).
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pseudonymize.detectors import RULES
from pseudonymize.doc import Doc
from pseudonymize.engine import Engine
from pseudonymize.policy import Policy

pytestmark = pytest.mark.slow

TABLES = sorted(Path(__file__).parent.glob("*.jsonl"))


def _rows() -> list:
    out = []
    for table in TABLES:
        for n, line in enumerate(table.read_text(encoding="utf-8").splitlines(), 1):
            if line.strip():
                row = json.loads(line)
                out.append(pytest.param(row, id=f"{table.stem}:{n}:{row['rule']}"))
    return out


ROWS = _rows()


def _at(text: str, surface: str) -> tuple[int, int]:
    """The surface as a whole word, else where it stands glued to others ("storgatan14")."""
    m = re.search(rf"(?<!\w){re.escape(surface)}(?!\w)", text) or re.search(re.escape(surface),
                                                                          text)
    assert m, f"{surface!r} is not in the sentence"
    return m.span()


# a rule's rows test the rules: the learned tagger (run after them) only in its own table
RULES_ONLY = Policy(learned="off")
AFTER_FAMILIES = frozenset(r.name for r in RULES if r.family in ("resolution", "learned"))


@pytest.mark.parametrize("row", ROWS)
def test_rule_row(offline_engine: Engine, row: dict) -> None:
    text = row["text"]
    spans = offline_engine.detect(text, policy=None if row["rule"] == "learned" else RULES_ONLY)
    found = {(text[s.start:s.end], s.label) for s in spans}
    if row.get("none"):
        assert found == set()
    proposed: set[str] = set()
    candidates = offline_engine.candidates(Doc.make(text, offline_engine.lex))
    for surface, label in row.get("find", ()):
        assert (surface, label) in found
        start, end = _at(text, surface)
        proposed |= {c.rule for c in candidates if c.start < end and start < c.end}
        # resolution's further mentions and the learned tagger propose nothing before
        # resolution: their spans are their proposals
        proposed |= {s.rule for s in spans if s.rule in AFTER_FAMILIES and s.start < end
                     and start < s.end}
    if row.get("find"):
        assert row["rule"] in proposed  # the row exercises its rule
    for surface in row.get("keep", ()):
        start, end = _at(text, surface)
        assert not [s for s in spans if s.start < end and start < s.end]


def test_every_rule_has_a_positive_and_a_negative_row() -> None:
    rows = [p.values[0] for p in ROWS]
    positive = {r["rule"] for r in rows if r.get("find")}
    negative = {r["rule"] for r in rows if r.get("keep") or r.get("none")}
    names = {rule.name for rule in RULES}
    assert names - positive == set()
    assert names - negative == set()
    assert {r["rule"] for r in rows} <= names


def test_each_family_has_its_table() -> None:
    assert {t.stem for t in TABLES} == {rule.family for rule in RULES}
