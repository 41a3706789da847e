"""Detector families and the registry the engine runs.

A family is a module of declared rules (`Rule`: name, family, labels, score, the lexicon
categories it reads) with a class that runs them on an essay: `Family(lex).detect(doc)`.
FAMILIES is the order they run in (resolution, not order, decides between overlapping
candidates); RULES is every declared rule, the unit `eval --by-rule` reports on: the families', resolution's
further mentions (`COREFERENCE`) and places' other names (`PLACE_OTHER_NAME`), and the learned
tagger's (`pseudonymize.learned`, run after resolution, not a family).
"""
from __future__ import annotations

import sys
from importlib.util import source_hash
from pathlib import Path

from pseudonymize.detectors import context, gazetteer_match, patterns
from pseudonymize.detectors.rule import COREFERENCE, INITIALLED_SURNAME, PLACE_OTHER_NAME, Rule
from pseudonymize.labels import LEARNED_CLASSES

# The learned tagger's spans (pseudonymize.learned): not a family, it runs after resolution
LEARNED = Rule("learned", "learned", tuple(sorted(LEARNED_CLASSES)), 0.5)

FAMILIES = (patterns.PatternRules, gazetteer_match.Matcher, context.ContextRules)
RULES: tuple[Rule, ...] = (patterns.RULES + gazetteer_match.RULES + context.RULES
                           + (COREFERENCE, PLACE_OTHER_NAME, INITIALLED_SURNAME, LEARNED))
BY_NAME: dict[str, Rule] = {rule.name: rule for rule in RULES}


def categories() -> frozenset[str]:
    """Every lexicon category some rule reads (a category no rule reads is dead data)."""
    return frozenset().union(*(rule.categories() for rule in RULES))


# The modules the detectors run (every one `import pseudonymize.detectors` loads from this
# project: a test checks the list): their sources key the tables the detectors derive from a
# lexicon (`Lexicon.derived`, cached beside it by `Engine.load`).
SOURCES = ("builders", "builders.checksums", "pseudonymize", "pseudonymize.detectors",
           "pseudonymize.detectors.context", "pseudonymize.detectors.gazetteer_match",
           "pseudonymize.detectors.gazetteer_window", "pseudonymize.detectors.gender",
           "pseudonymize.detectors.namelike", "pseudonymize.detectors.patterns",
           "pseudonymize.detectors.rule", "pseudonymize.doc", "pseudonymize.labels",
           "pseudonymize.lexicon", "pseudonymize.normalize", "pseudonymize.thresholds",
           "pseudonymize.tokenize",
           "pseudonymize.types")


def version() -> str:
    """A digest of the detectors' sources (SOURCES): a change to any of them makes the
    derived tables again. (Python's own hash of a source for its bytecode: a tenth of the
    instructions of sha256.)"""
    return source_hash(b"\0".join(Path(sys.modules[name].__file__).read_bytes()
                                   for name in SOURCES)).hex()
