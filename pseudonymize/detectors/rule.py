"""A rule: one declared unit of detection.

A rule declares its name (the `rule` of every span it emits, the key `eval --by-rule` reports
by), its family (the detector module it belongs to), the labels it may emit, its score, and the
lexicon categories it reads (builders/data/rules.tsv and lexicon.tsv). Rules that can act on an
everyday lower-case word also declare what makes them look at one (`word`, `ending`, `before`,
`before2`, `after`): the context family's fast path skips every other everyday word, derived
from these declarations and never listed by hand. The same declarations decide which rules a
capitalised word runs (besides the `capital` ones that declare none, which every capitalised word
runs).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pseudonymize.labels import NAME_LABELS, ORG_LABELS, PLACE_LABELS
from pseudonymize.lexicon import Entry, Lexicon, fold
from pseudonymize.types import Span

MARKS = ("prof", "edu", "fam", "sensitive")  # the lexicon's mark categories (lex.marks)


@dataclass(frozen=True)
class Rule:
    name: str
    family: str
    labels: tuple[str, ...]
    score: float
    reads: tuple[str, ...] = ()
    fn: Callable | None = None
    # Categories that make the rule look at an everyday lower-case word: the word itself
    # (`word`, or its ending: `ending`), the word before it, two before, or after it.
    word: tuple[str, ...] = ()
    ending: tuple[str, ...] = ()
    before: tuple[str, ...] = ()
    before2: tuple[str, ...] = ()
    after: tuple[str, ...] = ()
    capital: bool = False  # acts on capitalised words only: never run on a lower-case one
    rare: bool = False     # may act on any rare lower-case word (misspelt, compound, unknown)
    # A test of the token's own spelling (lexicon, text, fold, entry) that the rule's function
    # makes too and without which it acts on nothing unless a declared neighbour (`before`,
    # `before2`, `after`) is there: the context family does not call it on a token failing it
    # without such a neighbour.
    shape: Callable[[Lexicon, str, str, Entry], bool] | None = None
    # The categories of `before`, `before2` and `after` that call the rule only on a token
    # passing `shape` (its function acts on no other after them); a neighbour of the rule's
    # other categories calls it whatever the token's spelling.
    shaped: tuple[str, ...] = ()
    # A test of the next token's spelling (lexicon, text, fold) that the rule's function makes
    # before anything else: without a next token passing it the function acts on nothing, so
    # the context family does not call it there, whatever else (its words, a neighbour, a
    # capital) calls for it.
    next_shape: Callable[[Lexicon, str, str], bool] | None = None

    def span(self, start: int, end: int, label: str, attrs: tuple[str, ...] = (),
             key: str = "", score: float | None = None) -> Span:
        """A span of this rule, with its declared score."""
        return Span(start, end, label, attrs, self.score if score is None else score, self.name,
                    key)

    def categories(self) -> frozenset[str]:
        """Every lexicon category the rule looks at."""
        return frozenset(self.reads + self.word + self.ending + self.before + self.before2
                         + self.after)


def category_words(lex: Lexicon, cat: str) -> frozenset[str]:
    """The folds a word category names; the mark categories also hold the professions list
    (lex.marks) and the first words of marked phrases ("högt blodtryck")."""
    if cat not in MARKS:
        return lex.words(cat)

    def make() -> frozenset[str]:
        marks = {fold(w) for w, label in lex.marks.items() if label == cat}
        return lex.words(cat) | marks | {w.split()[0] for w in marks if " " in w}

    return lex.derived(("category_words", cat), make)  # asked a hundred times


def neighbours(lex: Lexicon, rules: tuple[Rule, ...], field: str) -> frozenset[str]:
    """The words that make some rule look at its neighbour (`field`: before, before2, after)."""
    return frozenset().union(*(category_words(lex, c) for rule in rules
                               for c in getattr(rule, field)))


# Further mentions of a name, place or institution the essay (or the learner's earlier essays)
# established, labelled in resolution (pseudonymize.resolve: propagate, propagate_phrases,
# respelt), not by a family: declared here so the families, resolution and `eval --by-rule`
# name it alike, with the word lists that decide where a mention is the everyday word instead.
COREFERENCE = Rule("coreference", "resolution",
                   tuple(sorted(NAME_LABELS | PLACE_LABELS | ORG_LABELS | {"extra"})), 0.6,
                   reads=("possessive", "be_verb", "name_verb", "noun_before", "degree_word",
                          "function_word", "personal_pronoun", "preposition", "person_object",
                          "person_state", "fronted_adverb", "clause_conjunction",
                          "subject_before", "month_preposition", "feast_preposition",
                          "celebration_verb", "definite_ending", "past_verb", "name_trigger",
                          "number_word", "age_trigger", "list_word",
                          # a public person's name is none to label (`resolve.public_figures`)
                          "public_role", "public_likeness", "saint_title"))

# Another name said of a place just named ("Klagenfurt, som slovenerna kallar Celovec", "floden
# Sindhu, på urdu Indus"): relabelled in resolution (pseudonymize.resolve.place_aliases) to the
# place's label, whatever a person rule read in it; declared here for `eval --by-rule`.
PLACE_OTHER_NAME = Rule("place-other-name", "resolution", tuple(sorted(PLACE_LABELS)), 0.8,
                        reads=("naming_verb", "calling_verb", "name_trigger", "naming_adverb",
                               "saying_filler", "exonym_subject", "not_name", "nationality",
                               "kind_noun"))

# A given name's reading of the word right after a person's initials ("K. R. Balderrama",
# "S. Duarte Tavares"): the initials stand for the given names, so the word is the family name;
# relabelled in resolution (pseudonymize.resolve.initialled_surnames); declared here for
# `eval --by-rule`.
INITIALLED_SURNAME = Rule("initialled-surname", "resolution", ("surname",), 0.7,
                          reads=("surname_particle",))
