"""One essay prepared for the detectors: tokens, folds, lexicon entries, sentence starts."""
from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass
from itertools import repeat

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

    @classmethod
    def make(cls, text: str, lex: Lexicon) -> Doc:
        """Tokens, then folds and entries by `map` (C speed, no Python per token)."""
        tokens, texts, offsets = split(text)
        folds = list(map(fold, texts))
        entries = list(map(lex.entries.get, folds, repeat(EMPTY)))
        return cls(text, tokens, folds, entries, sentence_starts(text, texts, offsets), lex,
                   offsets)

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
