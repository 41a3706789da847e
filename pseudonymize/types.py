"""The few frozen types that cross module borders inside the pseudonymizer."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from pseudonymize.tokenize import Token

REPLACE = "replace"
MARK = "mark"
# How surrogates are written: names and places, lifelike ones, SweLL placeholders, or tags
STRATEGIES = ("realistic", "lifelike", "placeholder", "tag")


class Span(NamedTuple):
    """A candidate or resolved detection: character offsets into the essay text. A named
    tuple, not a frozen dataclass: a 1 MB essay of names makes hundreds of thousands of them,
    and a tuple is built about three times faster."""

    start: int
    end: int
    label: str
    attrs: tuple[str, ...] = ()
    score: float = 1.0
    rule: str = ""
    key: str = ""  # canonical form used for coreference (e.g. the gazetteer's fold of the lemma)


class Annotation(NamedTuple):
    """A resolved span with its running number, action and surrogate (a named tuple, as Span).

    `original` is the essay's own text: it belongs in the key only, never in a release.
    """

    start: int
    end: int
    label: str
    attrs: tuple[str, ...]
    ref: int
    action: str  # REPLACE or MARK
    original: str
    pseudonym: str
    target_start: int
    target_end: int
    rule: str = ""

    def record(self) -> dict:
        """The publishable span record: offsets, label, running number; no original text."""
        return {"start": self.start, "end": self.end, "label": self.label,
                "attrs": list(self.attrs), "ref": self.ref, "action": self.action}


@dataclass(frozen=True)
class Result:
    """One pseudonymized essay."""

    essay_id: str
    source: str  # original text: review material, kept with the key only
    target: str
    annotations: tuple[Annotation, ...] = field(default_factory=tuple)
    # the source's tokens as the engine split it (empty when not known): SVALA reuses them
    # instead of tokenizing the essay a second time
    tokens: tuple[Token, ...] = ()

    def span_records(self) -> list[dict]:
        return [a.record() for a in self.annotations]

    def surrogate_ranges(self) -> list[tuple[int, int]]:
        """(start, end) in `target` of each surrogate written in place of an original: the
        leak gate's ID scan tolerates an ID-shaped surrogate there (a fiction phone number)."""
        return [(a.target_start, a.target_end) for a in self.annotations
                if a.action == REPLACE and a.pseudonym != a.original]

    def key_rows(self) -> list[dict]:
        """Original <-> pseudonym for replaced entities (the key file's rows)."""
        return [{"essay_id": self.essay_id, "label": a.label, "ref": a.ref,
                 "original": a.original, "pseudonym": a.pseudonym}
                for a in self.annotations if a.action == REPLACE]
