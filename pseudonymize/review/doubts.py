"""The words a reviewer should look at: what the engine left alone that may still be personal.

A review catches what the engine missed only where the reviewer looks; the page underlines these
words with dots and adds one as a span by a click. They are the classes a batch leaks most, read
from the lexicon and the essay's own spans, never from a gold set: names no list holds (spelt
like a name, or capitalised inside a sentence), words after a preposition that no list knows,
a word the learner's essays name elsewhere, names and places left as words, a rare word right
after a given name (a surname that is a word), a word no list holds between commas, a rare word
after a naming verb ("som alla kallar fello"), long numbers, and under `learned = "review"` the
learned tagger's spans (pseudonymize.learned). Of the spans the engine missed
on the newest blind-written sets about a third are underlined, at one or two underlined words a
hundred (docs/quality.md, "Review").
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from pseudonymize import thresholds as T
from pseudonymize.detectors.namelike import NameLikeness
from pseudonymize.doc import Doc
from pseudonymize.labels import FIRSTNAME, LABELS
from pseudonymize.lexicon import EMPTY, Lexicon, fold
from pseudonymize.resolve import covered
from pseudonymize.types import Span

MAX_DOUBTS = 60  # words an essay's page underlines: the first so many
MIN_LETTERS = 3  # a word no list holds this long at least ("ali", never "jo")
MIN_DIGITS = 3  # a number with this many digits at least (never "3 barn", "klockan 14")
# rules.tsv's prepositions after which a lower-case word no list holds, or a place the lexicon
# knows, may be a place ("på velika plaža", "på borgholm energi"; wider than the engine's own)
PLACE_WORDS = "review_preposition"
# rules.tsv's naming verbs (value "verb") and the words that may stand between one and the name
# (value "between": "kallar honom", "kallas för"); the word after them may be a name
NAMING_WORDS = "review_naming"
NAMED_KINDS = frozenset({"name", "place"})  # a span of these kinds names its word elsewhere too
GIVEN = frozenset(FIRSTNAME.values())  # after one of these a rare word may be its surname
CLOSERS = frozenset({",", "och"})  # what follows a surname or an apposed name ("Ebbe mild, han")
REASONS = ("unknown", "after a place word", "the essay's name", "name-like", "name",
           "after a name", "between commas", "after a naming word", "number", "learned")


def named_folds(text: str, spans: Iterable[Span]) -> set[str]:
    """The folds of what the spans of a text read as a name or a place."""
    return {fold(text[s.start:s.end]) for s in spans if LABELS[s.label].kind in NAMED_KINDS}


def named_by_learner(essays: Iterable[tuple[str, str, Iterable[Span]]]) -> dict[str, set[str]]:
    """Learner -> the folds their essays' spans read as a name or a place, from (learner, text,
    spans) per essay: `Doubts` underlines such a word where another of their essays leaves it."""
    named: dict[str, set[str]] = {}
    for learner, text, spans in essays:
        named.setdefault(learner, set()).update(named_folds(text, spans))
    return named


class Doubts:
    """The words to look at in an essay (`__call__`), from one lexicon's tables."""

    def __init__(self, lex: Lexicon) -> None:
        self.namelike = NameLikeness(lex)
        self.place_words = lex.words(PLACE_WORDS)
        self.naming = lex.words(NAMING_WORDS, "verb")
        self.between = lex.words(NAMING_WORDS, "between")

    def __call__(self, doc: Doc, spans: Sequence[Span], named: Iterable[str] = (),
                 learned: Sequence[Span] = ()) -> list[dict]:
        """{start, end, reason} of the words outside every span, in text order, at most
        MAX_DOUBTS (reasons: `REASONS`, see `_why`). `named`: the folds the learner's other
        essays name ("Ren är elva" where another essay says "min son heter Ren"); `learned`:
        the learned tagger's spans (`Engine.learned_spans`), their words "learned" first."""
        taken = covered(spans, len(doc.text))
        tagged = covered(learned, len(doc.text))
        names = named_folds(doc.text, spans).union(named)
        given_ends = {s.end for s in spans if s.label in GIVEN}
        out: list[dict] = []
        for i, tok in enumerate(doc.tokens):
            if taken[tok.start]:
                continue
            reason = "learned" if tagged[tok.start] else "the essay's name" \
                if doc.folds[i] in names else self._why(doc, i) \
                or self._beside(doc, i, given_ends) or self._named(doc, i)
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
        after_place = i and doc.folds[i - 1] in self.place_words
        if entry == EMPTY:
            if inside:
                return "unknown"
            if len(text) < MIN_LETTERS:
                return ""
            if after_place:
                return "after a place word"
            return "name-like" if self.namelike.score(doc.folds[i]) >= T.REVIEW_DOUBT_NAMELIKE \
                else ""
        named = entry.gender or entry.surname_rank or entry.place_kind or entry.country
        placed = (entry.place_kind or entry.country) and entry.zipf < T.COMMON and after_place
        return "name" if named and (inside or placed or entry.zipf < T.RARE) else ""

    @staticmethod
    def _beside(doc: Doc, i: int, given_ends: set[int]) -> str:
        """A lower-case word worth a look for its neighbours: a word rarer than COMMON right after
        a given name the engine found and before a comma or "och" ("Ebbe mild, han
        …", "Gunnar lod och"), or a word no list holds between a comma and a comma or "och" ("en
        dotter, killa, och"), "" otherwise."""
        tokens, text = doc.tokens, doc.tokens[i].text
        if not (text.isalpha() and text.islower() and len(text) >= MIN_LETTERS):
            return ""
        closed = i + 1 == len(tokens) or doc.folds[i + 1] in CLOSERS
        if not (i and closed):
            return ""
        before = tokens[i - 1]
        if before.start + len(before.text) in given_ends and doc.entries[i].zipf < T.COMMON:
            return "after a name"
        return "between commas" if before.text == "," and doc.entries[i] == EMPTY else ""

    def _named(self, doc: Doc, i: int) -> str:
        """"after a naming word" for a word of MIN_LETTERS letters or more that no list holds or
        the lexicon knows as a name, rarer than COMMON, right after a naming verb or after one
        and a word between ("som alla kallar fello", "vi kallade honom abu", "kallas för
        fello"), not after "så" ("så kallade"), "" otherwise."""
        text, folds, entry = doc.tokens[i].text, doc.folds, doc.entries[i]
        if not (i and text.isalpha() and len(text) >= MIN_LETTERS and entry.zipf < T.COMMON
                and folds[i] not in self.between):  # "kallade honom": the name comes next
            return ""
        # a word no list holds or a name the lexicon knows, not a term ("kallas kriminologi")
        if entry != EMPTY and not (entry.gender or entry.surname_rank or entry.place_kind):
            return ""
        verb = i - 1 if folds[i - 1] in self.naming else i - 2
        named = verb == i - 1 or (verb >= 0 and folds[i - 1] in self.between
                                  and folds[verb] in self.naming)
        so_called = verb > 0 and folds[verb - 1] == "sa"  # "så kallade vändpunkten": a term
        return "after a naming word" if named and not so_called else ""
