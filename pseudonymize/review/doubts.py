"""The words a reviewer should look at: what the engine left alone that may still be personal.

A review catches what the engine missed only where the reviewer looks; the page underlines these
words with dots and adds one as a span by a click. They are the classes a batch leaks most, read
from the lexicon and the essay's own spans, never from a gold set: names no list holds (spelt
like a name, or capitalised inside a sentence), words after a place preposition that no list
knows, a word the learner's essays name elsewhere, names and places left as words, and long
numbers. Of the spans the engine missed on the newest blind-written sets about a third are
underlined, at one or two underlined words a hundred (docs/quality.md, "Review").
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from pseudonymize import thresholds as T
from pseudonymize.detectors.namelike import NameLikeness
from pseudonymize.doc import Doc
from pseudonymize.labels import LABELS
from pseudonymize.lexicon import EMPTY, Lexicon, fold
from pseudonymize.resolve import covered
from pseudonymize.types import Span

MAX_DOUBTS = 60  # words an essay's page underlines: the first so many
MIN_LETTERS = 3  # a word no list holds this long at least ("ali", never "jo")
MIN_DIGITS = 3  # a number with this many digits at least (never "3 barn", "klockan 14")
# rules.tsv's prepositions after which an unknown lower-case word may be a place (i, från, nära;
# till, which the rules read as one only after a verb of going: a reviewer looks at every one)
PLACE_WORDS = ("unheard_place_preposition", "unheard_goal_preposition")
NAMED_KINDS = frozenset({"name", "place"})  # a span of these kinds names its word elsewhere too
REASONS = ("unknown", "after a place word", "the essay's name", "name-like", "name", "number")


def named_folds(text: str, spans: Iterable[Span]) -> set[str]:
    """The folds of what the spans of a text read as a name or a place."""
    return {fold(text[s.start:s.end]) for s in spans if LABELS[s.label].kind in NAMED_KINDS}


class Doubts:
    """The words to look at in an essay (`__call__`), from one lexicon's tables."""

    def __init__(self, lex: Lexicon) -> None:
        self.namelike = NameLikeness(lex)
        self.place_words = frozenset().union(*map(lex.words, PLACE_WORDS))

    def __call__(self, doc: Doc, spans: Sequence[Span], named: Iterable[str] = ()) -> list[dict]:
        """{start, end, reason} of the words outside every span, in text order, at most
        MAX_DOUBTS (reasons: `REASONS`, see `_why`). `named`: the folds the learner's other
        essays name ("Ren är elva" where another essay says "min son heter Ren")."""
        taken = covered(spans, len(doc.text))
        names = named_folds(doc.text, spans).union(named)
        out: list[dict] = []
        for i, tok in enumerate(doc.tokens):
            if taken[tok.start]:
                continue
            reason = "the essay's name" if doc.folds[i] in names else self._why(doc, i)
            if reason:
                out.append({"start": tok.start, "end": tok.start + len(tok.text),
                            "reason": reason})
                if len(out) >= MAX_DOUBTS:
                    break
        return out

    def _why(self, doc: Doc, i: int) -> str:
        """Why token i is worth a look, "" when it is not: a capitalised word no list knows
        inside a sentence ("unknown"), an unknown word after a place preposition ("i hansjö"),
        an unknown word spelt like a name ("name-like"), a name or place the lexicon knows left
        as a word, capitalised inside a sentence or rare as a word ("med Anna", "från polen"),
        a number of MIN_DIGITS digits or more."""
        text, entry = doc.tokens[i].text, doc.entries[i]
        digits = sum(ch.isdigit() for ch in text)
        if digits:
            return "number" if digits >= MIN_DIGITS else ""
        if not text.isalpha():
            return ""
        inside = text[:1].isupper() and i not in doc.starts
        if entry == EMPTY:
            if inside:
                return "unknown"
            if len(text) < MIN_LETTERS:
                return ""
            if i and doc.folds[i - 1] in self.place_words:
                return "after a place word"
            return "name-like" if self.namelike.score(doc.folds[i]) >= T.REVIEW_DOUBT_NAMELIKE \
                else ""
        named = entry.gender or entry.surname_rank or entry.place_kind or entry.country
        return "name" if named and (inside or entry.zipf < T.RARE) else ""
