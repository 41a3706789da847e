"""Detector families and the registry the engine runs.

A family is a module of declared rules (`Rule`: name, family, labels, score, the lexicon
categories it reads) with a class that runs them on an essay: `Family(lex).detect(doc)`.
FAMILIES is the order they run in (resolution, not order, decides between overlapping
candidates); RULES is every declared rule, the unit `eval --by-rule` reports on.
"""
from __future__ import annotations

from pseudonymize.detectors import context, gazetteer_match, patterns
from pseudonymize.detectors.rule import Rule

FAMILIES = (patterns.PatternRules, gazetteer_match.Matcher, context.ContextRules)
RULES: tuple[Rule, ...] = patterns.RULES + gazetteer_match.RULES + context.RULES
BY_NAME: dict[str, Rule] = {rule.name: rule for rule in RULES}


def categories() -> frozenset[str]:
    """Every lexicon category some rule reads (a category no rule reads is dead data)."""
    return frozenset().union(*(rule.categories() for rule in RULES))
