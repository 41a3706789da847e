"""The engine: one compiled lexicon, the detector registry, resolution and rendering.

Public API (used by flows/ and the CLI):
    engine = Engine.load(snapshot_json_path)        # compiled once, cached by snapshot id
    result = engine.pseudonymize(text, essay_id, strategy="realistic", seed=0, memory=None)
    spans  = engine.detect(text)                   # resolved spans, no rendering
`memory` is a `Memory` shared across the essays of one learner for consistent running numbers.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import regex

from pseudonymize.types import REPLACE, Annotation, Result, Span

STRATEGIES = ("realistic", "placeholder", "tag")


@dataclass
class Memory:
    """Entities seen in earlier essays of the same learner: key -> (label, ref)."""

    refs: dict[tuple[str, str], int] = field(default_factory=dict)


class Engine:
    """Pseudonymizer bound to one resource snapshot (placeholder body; replaced by the real one)."""

    _EMAIL = regex.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")

    def __init__(self, snapshot: dict) -> None:
        self.snapshot = snapshot
        self.snapshot_id: str = snapshot["id"]

    @classmethod
    def load(cls, snapshot_path: Path, cache_dir: Path | None = None) -> Engine:
        return cls(json.loads(Path(snapshot_path).read_text()))

    def detect(self, text: str) -> list[Span]:
        return [Span(m.start(), m.end(), "email", rule="email") for m in self._EMAIL.finditer(text)]

    def pseudonymize(self, text: str, essay_id: str = "", *, strategy: str = "realistic",
                     seed: int = 0, memory: Memory | None = None) -> Result:
        if strategy not in STRATEGIES:
            raise ValueError(f"unknown strategy {strategy!r}; choose one of {', '.join(STRATEGIES)}")
        out, anns, pos, shift = [], [], 0, 0
        for ref, span in enumerate(self.detect(text), 1):
            pseudo = "email@dot.com"
            out.append(text[pos:span.start])
            t0 = span.start + shift
            out.append(pseudo)
            shift += len(pseudo) - (span.end - span.start)
            anns.append(Annotation(span.start, span.end, span.label, span.attrs, ref, REPLACE,
                                   text[span.start:span.end], pseudo, t0, t0 + len(pseudo)))
            pos = span.end
        out.append(text[pos:])
        return Result(essay_id, text, "".join(out), tuple(anns))
