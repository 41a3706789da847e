"""`Doc`'s per-essay look-ups against plain loops over the tokens."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pseudonymize.doc import NEAREST_WALK, Doc
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
