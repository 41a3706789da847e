"""The gazetteer's misspelling look-up (`Matcher._fuzzy_uncached`, over the targets of a
length near the word's) against `extractOne` over every target of the word's first letter;
the context rules' number words (`NumberWords`) against tests over every number word."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rapidfuzz import process
from rapidfuzz.distance import OSA, Levenshtein

from pseudonymize.detectors.context import ContextRules
from pseudonymize.detectors.gazetteer_match import Matcher, one_edit_choices, one_edit_index
from pseudonymize.engine import Engine


def fuzzy_all(m: Matcher, key: str) -> str | None:
    """The look-up as it was: one `extractOne` over all targets of the first letter."""
    choices = m.lex.fuzzy_targets.get(key[0])
    if not choices or len(key) < 6 or len(key) > m.longest_target + 2:
        return None
    best = process.extractOne(key, choices, scorer=OSA.distance, score_cutoff=1)
    if best or len(key) < 8:
        return best[0] if best else None
    best = process.extractOne(key, choices, scorer=OSA.distance, score_cutoff=2)
    return best[0] if best and not m.lex.entries[best[0]].gender else None


def edited(draw: st.DrawFn, word: list[str], letters: st.SearchStrategy[str], most: int,
           first: int = 1) -> list[str]:
    """`word` with up to `most` letters dropped, added, changed or swapped from `first` on."""
    for _ in range(draw(st.integers(0, most))):
        at = draw(st.integers(first, len(word)))
        edit = draw(st.sampled_from(["drop", "add", "change", "swap"]))
        letter = draw(letters)
        if edit == "drop" and at < len(word):
            del word[at]
        elif edit == "add":
            word.insert(at, letter)
        elif edit == "change" and at < len(word):
            word[at] = letter
        elif edit == "swap" and at + 1 < len(word):
            word[at], word[at + 1] = word[at + 1], word[at]
    return word


@st.composite
def respelt(draw: st.DrawFn, targets: list[str]) -> str:
    """A target with up to three letters dropped, added, changed or swapped."""
    return "".join(edited(draw, list(draw(st.sampled_from(targets))),
                          st.sampled_from("aeiklnorstå"), 3))


def test_fuzzy_is_the_look_up_over_every_target(offline_engine: Engine) -> None:
    """Same answer for misspelt targets of every length (fails when the length window is
    one edit too narrow: checked)."""
    m = next(d for d in offline_engine.detectors if isinstance(d, Matcher))
    targets = sorted({t for ts in m.lex.fuzzy_targets.values() for t in ts if len(t) >= 5})
    assert targets

    @settings(max_examples=400, deadline=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(respelt(targets))
    def check(key: str) -> None:
        assert m._fuzzy_uncached(key) == fuzzy_all(m, key)

    check()


def joined_all(key: str, words: tuple[str, ...]) -> bool:
    """A concatenation of number words, as it was tested: every word tried as a prefix."""
    return not key or any(key.startswith(w) and joined_all(key[len(w):], words) for w in words)


def near_all(key: str, words: tuple[str, ...], edits: int) -> bool:
    """Within `edits` of a number word, as it was tested: `extractOne` over every word."""
    return process.extractOne(key, words, scorer=Levenshtein.distance,
                              score_cutoff=edits) is not None


def test_number_words_as_looked_up_over_every_word(offline_engine: Engine) -> None:
    """`NumberWords` (prefixes by length, a window of lengths) answers as the tests over all
    number words did, for number words joined and misspelt (fails when the length window is
    one edit too narrow, or a prefix length is left out: checked)."""
    rules = next(d for d in offline_engine.detectors if isinstance(d, ContextRules))
    numbers = rules.numbers
    words = tuple(sorted(numbers.words, key=len, reverse=True))
    assert len(words) > 50 and numbers.joined("tjugofem") and numbers.near("atta", 1)

    @settings(max_examples=400, deadline=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(st.lists(st.sampled_from(words), min_size=1, max_size=3).map("".join)
           .flatmap(lambda w: respelt([w])), st.integers(1, 2))
    def check(key: str, edits: int) -> None:
        assert numbers.joined(key) == joined_all(key, words)
        assert numbers.near(key, edits) == near_all(key, words, edits)

    check()


def near_common_all(m: Matcher, key: str, edits: int) -> bool:
    """The misspelt-everyday-word test as it was: `extractOne` over all words of the letter."""
    words = m.lex.common_by_letter.get(key[0], ())
    return bool(words) and process.extractOne(
        key, words, scorer=OSA.distance, score_cutoff=edits) is not None


def test_near_common_is_the_test_over_every_everyday_word(offline_engine: Engine) -> None:
    """`_near_common_uncached` looks only at everyday words of a length within `edits` of the
    word's: the same answer as over all of them, for one and two edits (fails when the length
    window is one edit too narrow)."""
    m = next(d for d in offline_engine.detectors if isinstance(d, Matcher))
    words = sorted({w for ws in m.lex.common_by_letter.values() for w in ws if len(w) >= 5})
    assert words

    @settings(max_examples=400, deadline=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(respelt(words), st.sampled_from([1, 2]))
    def check(key: str, edits: int) -> None:
        assert m._near_common_uncached(key, edits) == near_common_all(m, key, edits)

    check()
    assert m._near_common_uncached("ändå", 1) == near_common_all(m, "ändå", 1)
    assert not m._near_common_uncached("\u4e2d" * 6, 1)  # a letter no everyday word starts with


@st.composite
def near_words(draw: st.DrawFn) -> tuple[str, list[str]]:
    """A word list of few letters (sorted or not, repeats allowed) and a key: one of them
    with up to two edits anywhere (the first letter too), or any word of 3 letters or more."""
    letters = st.sampled_from("abeéns\u4e2d\U0010ffff")
    words = draw(st.lists(st.text(letters, min_size=1, max_size=9), max_size=40))
    if words and draw(st.booleans()):
        words.sort()
    if not words or draw(st.integers(0, 4)) == 0:
        return draw(st.text(letters, min_size=3, max_size=10)), words
    key = edited(draw, list(draw(st.sampled_from(words))), letters, 2, first=0)
    key += draw(letters) * max(0, 3 - len(key))
    return "".join(key), words


@settings(max_examples=1500, deadline=None)
@given(near_words())
def test_one_edit_choices_hold_every_word_one_edit_away(case: tuple[str, list[str]]) -> None:
    """`one_edit_choices` (the words sharing a key's head or end) keeps every word within one
    edit of the key, in the words' order, so `extractOne` finds the same first of the closest
    (fails when the end is one letter longer: checked)."""
    key, words = case
    choices = one_edit_choices(key, words, one_edit_index(words))
    assert {w for w in words if OSA.distance(key, w) <= 1} <= set(choices)
    rest = iter(words)
    assert all(c in rest for c in choices)  # (a subsequence: their order)
    full = process.extractOne(key, words, scorer=OSA.distance, score_cutoff=1)
    found = process.extractOne(key, choices, scorer=OSA.distance, score_cutoff=1)
    assert (full and full[:2]) == (found and found[:2])
