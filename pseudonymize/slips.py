"""A learner's slip of the pen, carried over to a surrogate (lifelike, issue 15).

A learner who writes "Vimerby" for Vimmerby or "Stokholm" for Stockholm leaves a misspelling the
blind judge reads as genuine; a surrogate spelt right beside it ("Luleå") gives the altered text
away, and the misspelt original points back at the real town. `slip_of` tells which kind of
one-edit slip a mention makes of its entity's right spelling (a dropped double letter, a doubled
one, a dropped letter, an added one, a swapped pair, one letter for another); `slipped` makes a
slip of the same kind in the surrogate, at a place chosen by the caller's number, so the same
seed gives the same text. Where the surrogate offers no such place, a slip of a near kind is
made (a doubled letter for an added -t on a name not ending in -d), never none at all.
"""

from __future__ import annotations

from collections.abc import Sequence

VOWELS = frozenset("aeiouyåäöéèü")
# consonants a learner doubles after a short vowel ("Fallun"); j, h, v, w, x, q are never doubled
DOUBLING = frozenset("bdfgklmnprst")
LIQUIDS = frozenset("lrn")  # the consonants a learner swaps with a vowel beside them


def slip_of(right: str, written: str) -> tuple[str, str] | None:
    """The kind of one-edit slip `written` makes of `right` (both lower case), with the
    letter(s) it touches: ("undouble", "m") for vimerby/vimmerby, ("double", "l"), ("drop",
    "c") for stokholm, ("add", "t") for halmstadt (("end", "t") where the letter is added at
    the end), ("swap", "ol"), ("sub", "ck") for jakmel/jacmel; None when equal or further apart."""
    if right == written or abs(len(right) - len(written)) > 1:
        return None
    if len(written) == len(right) - 1:
        return _dropped(right, written)
    if len(written) == len(right) + 1:
        found = _dropped(written, right)
        if found is None:
            return None
        kind, char = found
        kinds = {"undouble": "double", "drop": "add"}
        if kind == "drop" and written.endswith(char) and written[:-1] == right:
            return "end", char
        return kinds[kind], char
    diff = [k for k, (a, b) in enumerate(zip(right, written)) if a != b]
    if len(diff) == 1:
        k = diff[0]
        return "sub", right[k] + written[k]
    if len(diff) == 2 and diff[1] == diff[0] + 1 and right[diff[0]] == written[diff[1]] \
            and right[diff[1]] == written[diff[0]]:
        return "swap", right[diff[0]:diff[1] + 1]
    return None


def _dropped(longer: str, shorter: str) -> tuple[str, str] | None:
    """("undouble" | "drop", letter) where `shorter` is `longer` less one letter; else None."""
    k = next((k for k, (a, b) in enumerate(zip(longer, shorter)) if a != b), len(shorter))
    if longer[:k] + longer[k + 1:] != shorter:
        return None
    char = longer[k]
    doubled = (k > 0 and longer[k - 1] == char) or (k + 1 < len(longer) and longer[k + 1] == char)
    return ("undouble" if doubled else "drop"), char


def slipped(word: str, slip: tuple[str, str], pick: int,
            swaps: Sequence[tuple[str, str]] = ()) -> str:
    """`word` (a surrogate, as cased) with a slip of the kind of `slip` at a place `pick`
    chooses among those the kind allows; a near kind where the word allows none (`swaps`: the
    letters a learner writes one for the other, tried after the slip's own pair)."""
    kind, chars = slip
    # a double letter is the learner's commonest doubt: each kind falls back on it, and last on
    # a consonant dropped from a cluster
    steps = {"undouble": (_undouble, _double), "double": (_double, _undouble),
             "drop": (_drop, _undouble, _double), "add": (_double, _undouble),
             "end": (_end_t, _double, _undouble), "swap": (_swap, _undouble, _double),
             "sub": (lambda w, p, c: _sub(w, p, c, swaps), _undouble, _double)}[kind]
    for step in (*steps, _drop_consonant):
        out = step(word, pick, chars)
        if out and out != word:
            return out
    return word


def _places(word: str, test) -> list[int]:
    """The inner positions (never the first letter, nor the last) where `test(word, k)` holds."""
    low = word.lower()
    return [k for k in range(1, len(low) - 1) if low[k].isalpha() and test(low, k)]


def _undouble(word: str, pick: int, _chars: str) -> str:
    """One of a double letter dropped: Sundsvall -> Sundsval, Vimmerby -> Vimerby."""
    found = [k for k in range(1, len(word)) if word[k].isalpha()
             and word[k].lower() == word[k - 1].lower()]
    return _at(found, pick, lambda k: word[:k] + word[k + 1:])


def _double(word: str, pick: int, _chars: str) -> str:
    """A consonant after a short vowel doubled: Falun -> Fallun."""
    found = _places(word, lambda w, k: w[k] in DOUBLING and w[k - 1] in VOWELS
                    and w[k + 1] in VOWELS)
    return _at(found, pick, lambda k: word[:k] + word[k] + word[k:])


def _drop(word: str, pick: int, chars: str) -> str:
    """Where the slip dropped a consonant, a consonant of a cluster (Karlskoga -> Kalskoga);
    where it dropped a vowel, a vowel beside a vowel (Luleå -> Lulå), else an unstressed one
    between consonants past the first syllable (Amina -> Amna)."""
    if not chars or chars[0] not in VOWELS:
        return _at(_places(word, lambda w, k: w[k] not in VOWELS and w[k - 1] != w[k] != w[k + 1]
                           and (w[k - 1] not in VOWELS or w[k + 1] not in VOWELS)),
                   pick, lambda k: word[:k] + word[k + 1:])
    found = _places(word, lambda w, k: w[k] in VOWELS and (w[k - 1] in VOWELS
                                                           or w[k + 1] in VOWELS)) \
        or _places(word, lambda w, k: k >= 2 and w[k] in VOWELS and w[k - 2] in VOWELS
                   and w[k - 1] not in VOWELS and w[k + 1] not in VOWELS
                   and any(c in VOWELS for c in w[k + 1:]))
    return _at(found, pick, lambda k: word[:k] + word[k + 1:])


def _drop_consonant(word: str, pick: int, _chars: str) -> str:
    """A consonant of a cluster dropped, whatever the slip dropped: the last resort."""
    return _drop(word, pick, "")


def _end_t(word: str, _pick: int, chars: str) -> str:
    """A "t" after a closing "d" (Mariestad -> Mariestadt); nothing where none ends so."""
    return word + chars if chars == "t" and word.lower().endswith("d") else ""


def _swap(word: str, pick: int, _chars: str) -> str:
    """A vowel and an l, r or n after it swapped before a consonant, in the name's second half
    (Stockholm -> Stockhlom, Göteborg -> Götebrog): the metathesis learners make."""
    found = _places(word, lambda w, k: k >= len(w) // 2 and w[k] in VOWELS
                    and w[k + 1] in LIQUIDS and k + 2 < len(w) and w[k + 2] not in VOWELS
                    and w[k + 2] != w[k + 1])
    return _at(found, pick, lambda k: word[:k] + word[k + 1] + word[k] + word[k + 2:])


def _sub(word: str, pick: int, chars: str, swaps: Sequence[tuple[str, str]]) -> str:
    """One letter for another: the slip's own pair where the word has its letter, else the
    first of `swaps` (c/k, w/v, ä/e ...) that applies."""
    for was, now in ((chars[:1], chars[1:]), *swaps):
        low = word.lower()
        found = [k for k in range(1, len(low)) if low.startswith(was, k)]
        if was and found:
            k = found[pick % len(found)]
            return word[:k] + now + word[k + len(was):]
    return ""


def _at(found: list[int], pick: int, make) -> str:
    return make(found[pick % len(found)]) if found else ""
