"""A spelling's first sighting (speed round 32): the short cuts `LowerIndex._own_mask` and
`Lexicon.mark_of` take for a spelling they meet for the first time give what the full tests
give."""
from __future__ import annotations

from pseudonymize.detectors.context import UNLETTERED
from pseudonymize.doc import FOLDS
from pseudonymize.engine import Engine

# invented spellings: letters alone, compounds of marked words, digits, hyphens, user names
SPELLINGS = ("mattelärare", "Mattelärare", "fotbollstränare", "bussförare", "kvällspromenad",
             "zelimkhanov", "Ahmadovska", "ÖSTERBYVÄGEN", "strandvägens", "tandläkarna",
             "storgatan14", "ekvägen12A", "nr:12", "HV71", "kurdistan-kurdiska", "a.b",
             "noicm88", "x_y", "lgh1102", "sjuksköterskeutbildning", "ab", "Å", "élan")


def test_the_unlettered_shapes_fail_every_spelling_of_letters(engine: Engine) -> None:
    """`UNLETTERED`: each needs a digit, a hyphen, a dot or an underscore, so a word of letters
    (its fold too) never passes it, whatever its case."""
    for text in SPELLINGS:
        key = FOLDS[text]
        if text.isalpha() and key.isalpha():
            entry = engine.lex.get(key)
            assert not any(shape(engine.lex, text, key, entry) for shape in UNLETTERED), text


def test_a_first_sighting_gets_the_mask_every_shape_gives(engine: Engine) -> None:
    """`_own_mask` leaves the unlettered shapes' functions out of a word of letters without
    asking them: the same mask as asking every shape."""
    context = next(d for d in engine.detectors if hasattr(d, "remembered"))
    for index in (context.lower, context.capital):
        for text in SPELLINGS:
            key, entry = FOLDS[text], engine.lex.get(FOLDS[text])
            full = index.letter_shapes, index.letters_keep
            index.letter_shapes, index.letters_keep = index.shapes, -1
            try:
                expected = index._own_mask(text, key, entry)
            finally:
                index.letter_shapes, index.letters_keep = full
            assert index._own_mask(text, key, entry) == expected, text


def test_a_compounds_mark_is_the_scan_of_its_endings(engine: Engine) -> None:
    """`mark_of` answers None for a word no marked word of four letters or more ends like,
    without scanning its endings; otherwise the scan's answer."""
    lex = engine.lex
    for text in (*SPELLINGS, *lex.marks):
        low = text.lower()
        mark = lex.marks.get(low)
        if mark is None and 8 <= len(low):
            mark = next((m for k in range(3, len(low) - 3)
                         if (m := lex.marks.get(low[k:])) is not None and m != "fam"), None)
        lex.compound_marks.clear()
        assert lex.mark_of(low) == mark, text
    assert lex.mark_of("mattelärare") == "prof"
