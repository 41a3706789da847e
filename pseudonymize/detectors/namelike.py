"""Name-likeness: how much a word no list holds is spelt like a personal name, not a Swedish word.

No gazetteer holds every learner's name ("rustam", "zelimkhan", "ahmadov"), and a lower-case
word nobody lists may as well be a learner's misspelling or a Swedish compound. The letters
tell them apart more often than not: "-ov", "zh", "kh", a final "-a" after rare consonants are
names', "-ning", "-het", "skj" words'. The model is the log-odds of the word's character 3- and
4-grams (with its start and end marked) between the name lists of the snapshot (every given
name and surname of every origin that is no everyday word) and its Swedish words with no name
or place reading, averaged over the grams: above 0 a spelling is more like the names'. Trained
from the lexicon alone (`Lexicon.derived`: made once per snapshot and code, cached beside it),
by counts in the lexicon's own order, so the scores are the same bytes in every run.
"""
from __future__ import annotations

import math
from collections import Counter
from itertools import repeat

from pseudonymize import thresholds as T
from pseudonymize.lexicon import Lexicon

GRAMS = (3, 4)  # held out a tenth of the names: 3+4-grams kept 92 % of them above 0 where
                # 3-grams alone kept 90 %, for fewer MultiGED words above (218 tokens, 226)
PRIOR = 0.5     # added to every gram's count on both sides (an unseen gram says nothing)


def grams(key: str) -> list[str]:
    """The word's character n-grams (GRAMS), its start marked "^" and its end "$"."""
    found = []
    for n in GRAMS:
        padded = "^" * (n - 1) + key + "$"
        found += [padded[k:k + n] for k in range(len(padded) - n + 1)]
    return found


def _train(lex: Lexicon) -> tuple[dict[str, float], float]:
    """(gram -> log-odds name vs word, the log-odds of a gram neither side has)."""
    names, words = Counter(), Counter()
    for key, e in lex.entries.items():
        if not key.isalpha():
            continue
        if (e.gender or e.surname_rank) and e.zipf < T.RARE and not e.cats:
            names.update(grams(key))
        elif not (e.gender or e.surname_rank or e.place_kind or e.country or e.org_kind) \
                and e.zipf >= T.NAMELIKE_WORD_MIN:
            words.update(grams(key))
    size = len(names.keys() | words.keys())
    n_total, w_total = sum(names.values()) + PRIOR * size, sum(words.values()) + PRIOR * size
    table = {g: math.log((names[g] + PRIOR) / n_total) - math.log((words[g] + PRIOR) / w_total)
             for g in sorted(names.keys() | words.keys())}
    return table, math.log(w_total / n_total)  # PRIOR on both sides


class NameLikeness:
    """The name-likeness of folded words (`score`), remembered per word."""

    def __init__(self, lex: Lexicon) -> None:
        self.table, self.unseen = lex.derived("namelike", lambda: _train(lex))
        self._known: dict[str, float] = {}

    def score(self, key: str) -> float:
        """The mean log-odds of the word's grams: > 0 spelt more like a name than a word."""
        found = self._known.get(key)
        if found is None:
            parts = grams(key[:T.LONGEST_COMPOUND])  # a hostile megabyte word: a bounded read
            get, unseen = self.table.get, self.unseen
            found = sum(map(get, parts, repeat(unseen))) / len(parts)  # (C-level: same order)
            if len(self._known) < T.REMEMBERED_WORDS:
                self._known[key] = found
        return found
