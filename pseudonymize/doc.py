"""One essay prepared for the detectors: tokens, folds, lexicon entries, sentence starts."""
from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import chain, islice, repeat
from operator import itemgetter

from pseudonymize.lexicon import EMPTY, Entry, Lexicon, fold
from pseudonymize.tokenize import Token, sentence_starts, split


@dataclass(slots=True)
class Doc:
    text: str
    tokens: list[Token]
    folds: list[str]
    entries: list[Entry]
    starts: set[int]
    lex: Lexicon
    offsets: list[int]  # each token's start, for `index_at`
    firsts: list[str]   # each token's first character, for the detectors' fast paths

    @classmethod
    def make(cls, text: str, lex: Lexicon) -> Doc:
        """Tokens, then folds and entries by `map` (C speed, no Python per token)."""
        tokens, texts, offsets = split(text)
        folds = list(map(fold, texts))
        entries = list(map(lex.entries.get, folds, repeat(EMPTY)))
        return cls(text, tokens, folds, entries, sentence_starts(text, texts, offsets), lex,
                   offsets, list(map(itemgetter(0), texts)))

    def lower(self) -> list[bool]:
        """Whether each token starts with a lower-case letter (at C speed)."""
        return list(map(str.islower, self.firsts))

    def beside(self, words: frozenset[str], shift: int) -> Iterator[bool]:
        """For each token, whether the fold `shift` tokens away (-1: the one before, 1: the one
        after) is one of `words`; False past either end (at C speed)."""
        found = map(words.__contains__, self.folds)
        if shift < 0:
            return islice(chain(repeat(False, -shift), found), len(self.folds))
        return chain(islice(found, shift, None), repeat(False, min(shift, len(self.folds))))

    def capitalised_run(self, k: int) -> int:
        """Index of the last token of the run of capitalised words starting at k, within its
        sentence: "Casa Andina", "Scandic Sundsvall City"."""
        tokens = self.tokens
        while k + 1 < len(tokens) and tokens[k].ws == " " and tokens[k + 1].text[:1].isupper() \
                and tokens[k + 1].text.isalpha() and (k + 1) not in self.starts:
            k += 1
        return k

    def index_at(self, offset: int) -> int:
        """Index of the first token starting at or after a character offset."""
        return bisect_left(self.offsets, offset)
