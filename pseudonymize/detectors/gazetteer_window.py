"""Gazetteer verdicts remembered by context window, within one long essay.

A long essay that repeats itself ("Anna Anna …", "jobbar på Volvo och på SSAB och …") asks the
gazetteer the same question about the same word in the same surroundings thousands of times.
`Matcher._classify` reads the tokens around the judged one (their text, the space after them,
which of them start a sentence; VERDICT_BEFORE tokens back and VERDICT_AFTER on at most),
whether a name ends just before it and whether it follows a name in a list, and a few reads
back to the sentence start ("a work word anywhere before it"), each made through
`Matcher._far`, which notes it and its answer. A verdict is remembered under its window with
those reads; where the window comes again it is reused when the same reads give the same
answers. A window whose look back over punctuation and place adverbs ("bor ju i", "heter ,
X") could leave it is not remembered. A test runs every rule-table
sentence and gold essay, joined into long essays, with and without remembering: the same
spans.
"""
from __future__ import annotations

from pseudonymize import thresholds as T
from pseudonymize.doc import Doc
from pseudonymize.types import Span


class Verdicts(dict):
    """Window -> (the reads back to the sentence start asked, with their answers; the verdict:
    a span's label, attributes, score, rule and key, or None) of the token in its middle.
    Bounded by T.VERDICT_WINDOWS windows (an essay that repeats itself needs few; one that
    does not gains nothing from more)."""

    def __init__(self, doc: Doc, adverbs: frozenset[str]) -> None:
        super().__init__()
        self.doc, self.adverbs = doc, adverbs

    def window(self, i: int, after_name: bool, listed: bool) -> tuple | None:
        """Everything a verdict on token i reads, or None when it may read outside it. The
        window is its text, from its first token's start to the start of the token after its
        last: one essay's tokens are a function of it (the tokenizer reads no further back,
        and its choice of pattern is the whole essay's), and so is which of them start a
        sentence (after an opener or a line break), but for the first. Not near the essay's
        start, where a look back could wrap around to its end."""
        doc = self.doc
        texts, folds, adverbs, lo = doc.texts, doc.folds, self.adverbs, i - T.VERDICT_BEFORE
        # A look back past "," or an adverb stops at a word that is no adverb: one of tokens
        # i-2, i-3 (from the word before) and one of i-4, i-5 (from an initial before it,
        # "heter , A. Berg") keep it inside the window.
        if lo < 0 or not (texts[i - 2][0].isalnum() and folds[i - 2] not in adverbs
                          or texts[i - 3][0].isalnum() and folds[i - 3] not in adverbs) \
                or not (texts[i - 4][0].isalnum() and folds[i - 4] not in adverbs
                        or texts[i - 5][0].isalnum() and folds[i - 5] not in adverbs):
            return None
        hi = i + T.VERDICT_AFTER + 1
        start, end = doc.offsets[lo], doc.offsets[hi] if hi < len(doc.texts) else len(doc.text)
        if end - start > T.VERDICT_WINDOW_CHARS:
            return None  # long words or long white space: not kept (bounded memory)
        return hi > len(doc.texts), after_name, listed, lo in doc.starts, doc.text[start:end]

    def remember(self, window: tuple, asked: tuple, span: Span | None,
                 token: tuple[int, int]) -> None:
        """Keep a verdict on the token at `token` (start, end), when it is one on that token,
        with the reads back to the sentence start it made and their answers (`asked`)."""
        if len(self) >= T.VERDICT_WINDOWS:
            return
        if span is None:
            self[window] = asked, None
        elif (span.start, span.end) == token:
            self[window] = asked, span[2:]
