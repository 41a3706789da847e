"""`Doc`'s per-essay look-ups against plain loops over the tokens."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pseudonymize.doc import NEAREST_WALK, Doc, following, places
from pseudonymize.thresholds import NAME_WORDS_MAX
from pseudonymize.lexicon import Lexicon

WORDS = ["i", "och", "anna", "bor", "x", ",", ".", "\n", "Han"]


def nearest(doc: Doc, words: frozenset[str], i: int) -> int:
    """The nearest token before i in i's sentence whose fold is one of `words`, walked."""
    if i in doc.starts:
        return -1
    for k in range(i - 1, -1, -1):
        if doc.folds[k] in words:
            return k
        if k in doc.starts:
            return -1
    return -1


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(WORDS) | st.just("x " * NEAREST_WALK), max_size=40).map(" ".join),
       st.sets(st.sampled_from(["i", "och", "anna", ",", "bor", "han"]), min_size=1),
       st.data())
def test_last_before_is_the_walk_back(text: str, words: set[str], data) -> None:
    """`Doc.last_before` (a short walk back, or a table once a walk is long) finds what a walk
    back to the sentence start finds, in any order of asking: sentences longer than the walk
    ("x x x ...") make the table."""
    doc = Doc.make(text, Lexicon(snapshot_id="t", entries={}, phrases={}))
    found = frozenset(words)
    order = data.draw(st.permutations(range(len(doc.folds))))
    assert all(doc.last_before(found, i) == nearest(doc, found, i) for i in order)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(WORDS + ["Anna", "ANNA", "annas"]), max_size=40).map(" ".join),
       st.sampled_from(["anna", "annas", "och", ",", "kim", "x"]))
def test_positions_are_the_scan(text: str, key: str) -> None:
    """`Doc.positions` (a table made once per essay) gives the tokens a scan of the folds
    finds, in order, asked for a word there or not."""
    doc = Doc.make(text, Lexicon(snapshot_id="t", entries={}, phrases={}))
    assert doc.positions(key) == [k for k, f in enumerate(doc.folds) if f == key]


def run_end(doc: Doc, k: int) -> int:
    """The last token of the run of capitalised words from k, walked over the `Token`s: the
    next word capitalised, alphabetic, after exactly one space, not opening a sentence."""
    tokens, j = doc.tokens, k
    while j + 1 < len(tokens) and tokens[j].ws == " " and tokens[j + 1].text[:1].isupper() \
            and tokens[j + 1].text.isalpha() and j + 1 not in doc.starts:
        j += 1
    return min(j, k + NAME_WORDS_MAX - 1)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["Anna", "Berg", "bor", "I", "Ö", "3", ".", " ", "  ", "\n",
                                 "\u00a0", "-", "Casa", "x"]), max_size=30).map("".join))
def test_capitalised_run_is_the_walk(text: str) -> None:
    """`Doc.capitalised_run` (one pass from the end over the columns) ends where a walk over
    the tokens and their white space ends (fails when two spaces count as one: checked)."""
    doc = Doc.make(text, Lexicon(snapshot_id="t", entries={}, phrases={}))
    assert all(doc.capitalised_run(k) == run_end(doc, k) for k in range(len(doc.texts)))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["han", "ha", "bor", "i", "och", "so", ",", "x"]), max_size=40),
       st.frozensets(st.sampled_from(["han", "ha", "so", "kim", ","])))
def test_places_are_the_walk(folds: list[str], words: frozenset[str]) -> None:
    """`places` (a set intersection and `list.index` scans) gives the indexes a walk over the
    folds gives, in order, each once (a word repeated, next to itself or at either end)."""
    assert places(folds, words) == [k for k, f in enumerate(folds) if f in words]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["i", "till", "från", "bor", "i", ",", "x"]), max_size=40),
       st.frozensets(st.sampled_from(["i", "till", "från", ","])))
def test_following_is_the_walk(folds: list[str], words: frozenset[str]) -> None:
    """`following` (C-level calls) gives the tokens after a word of `words` that a walk over
    the folds gives, in order: none after the last token, none in an empty or one-token essay,
    a word of `words` after another one counted too ("i till")."""
    assert following(folds, words) == [k + 1 for k, f in enumerate(folds[:-1]) if f in words]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(WORDS), max_size=40).map(" ".join), st.integers(0, 12),
       st.integers(1, 12), st.data())
def test_sentence_window_stays_in_its_sentence_and_reach(text: str, back: int, ahead: int,
                                                         data) -> None:
    """`Doc.sentence_window` holds i, no sentence start after i, and at most `back` tokens
    before i and `ahead` from i on; it reaches a cut only where the sentence goes on."""
    doc = Doc.make(text, Lexicon(snapshot_id="t", entries={}, phrases={}))
    if not doc.folds:
        return
    i = data.draw(st.integers(0, len(doc.folds) - 1))
    lo, hi = doc.sentence_window(i, back, ahead)
    assert lo <= i < hi <= len(doc.folds) and i - lo <= back and hi - i <= max(ahead, 1)
    assert not any(k in doc.starts for k in range(lo + 1, i + 1))
    assert not any(k in doc.starts for k in range(i + 1, hi))
    assert lo in doc.starts or lo == max(0, i - back)
    assert hi == len(doc.folds) or hi in doc.starts or hi == i + ahead


SPELT = [  # (token as written, its fold's Zipf, Zipf the Doc gives it)
    ("Gül", 4.2, 0.0),    # a name spelt with a letter folding removes: not the everyday "gul"
    ("bè", 6.0, 0.0),     # no "be" (pray): a spelling the frequency list lacks is unknown
    ("hår", 7.0, 4.5),    # an everyday word in its own right keeps its own frequency
    ("HÅR", 7.0, 4.5),    # in capitals too
    ("för", 7.0, 7.0),    # the fold's frequency is the spelling's own
    ("gul", 4.2, 4.2),    # an ASCII spelling is its fold
]


def test_a_spelling_with_letters_folding_removes_has_its_own_frequency() -> None:
    """"Gül" and "bè" are judged as written (rare), not as the folded "gul" and "be"; the
    readings stay the fold's (the name's gender)."""
    from pseudonymize.lexicon import EMPTY, fold
    entries = {fold(t): EMPTY._replace(gender="female", zipf=z) for t, z, _ in SPELT}
    lex = Lexicon(snapshot_id="t", entries=entries, phrases={},
                  accented_zipf={"hår": 4.5, "för": 7.0})
    doc = Doc.make(" ".join(t for t, _, _ in SPELT), lex)
    assert [(e.zipf, e.gender) for e in doc.entries] == [(z, "female") for _, _, z in SPELT]
