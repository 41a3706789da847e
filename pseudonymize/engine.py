"""The engine: one compiled lexicon, the detector registry, resolution and rendering.

    engine = Engine.load(snapshot_json_path)       # compiled once, cached by snapshot id
    result = engine.pseudonymize(text, essay_id, strategy="realistic", seed=0, memory=None)
    spans  = engine.detect(text)                  # resolved spans, no rendering
    result = engine.render(text, spans, essay_id, strategy=..., seed=..., memory=...)
A `Memory` shared across the essays of one learner keeps running numbers and surrogates
consistent between them.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pseudonymize import lexicon as lexicon_mod
from pseudonymize import resolve
from pseudonymize.detectors import patterns
from pseudonymize.detectors.context import ContextRules
from pseudonymize.detectors.gazetteer_match import Matcher
from pseudonymize.doc import Doc
from pseudonymize.labels import LABELS
from pseudonymize.lexicon import Lexicon
from pseudonymize.surrogates import Renderer
from pseudonymize.types import Annotation, Result, Span

STRATEGIES = ("realistic", "placeholder", "tag")


@dataclass
class Memory:
    """What one learner's earlier essays established: running numbers and surrogates."""

    scope: str = ""
    refs: dict[tuple[str, str], int] = field(default_factory=dict)
    bases: dict[tuple[str, int], str] = field(default_factory=dict)

    def to_json(self) -> dict:
        """JSON-ready rows (the scope is chosen per call, not kept). They pair originals with
        surrogates: whoever stores them stores key material."""
        return {"refs": [[label, key, ref] for (label, key), ref in self.refs.items()],
                "bases": [[label, ref, base] for (label, ref), base in self.bases.items()]}

    @classmethod
    def from_json(cls, data: dict) -> Memory:
        return cls(refs={(label, key): int(ref) for label, key, ref in data.get("refs", [])},
                   bases={(label, int(ref)): base for label, ref, base in data.get("bases", [])})


class Engine:
    """Pseudonymizer bound to one resource snapshot."""

    def __init__(self, lex: Lexicon) -> None:
        self.lex = lex
        self.snapshot_id = lex.snapshot_id
        self.matcher = Matcher(lex)
        self.context = ContextRules(lex)

    @classmethod
    def load(cls, snapshot_path: Path, cache_dir: Path | None = None) -> Engine:
        return cls(lexicon_mod.load(Path(snapshot_path), cache_dir))

    def candidates(self, doc: Doc) -> list[Span]:
        """Every detector's proposals, overlapping."""
        return patterns.detect(doc, self.lex) + self.matcher.detect(doc) + self.context.detect(doc)

    def detect(self, text: str) -> list[Span]:
        """Resolved, non-overlapping spans in text order, one label per entity; every other
        mention of a replaced name or place in the essay is labelled too."""
        return self.detect_doc(Doc.make(text, self.lex))

    def detect_doc(self, doc: Doc) -> list[Span]:
        """`detect` on a prepared essay."""
        spans = resolve.select(self.candidates(doc))
        return resolve.unify(resolve.refine_areas(resolve.propagate(spans, doc), doc), doc.text)

    def pseudonymize(self, text: str, essay_id: str = "", *, strategy: str = "realistic",
                     seed: int = 0, memory: Memory | None = None) -> Result:
        """`render` of what `detect` finds."""
        doc = Doc.make(text, self.lex)
        return self.render(text, self.detect_doc(doc), essay_id, strategy=strategy, seed=seed,
                           memory=memory, tokens=doc.tokens)

    def render(self, text: str, spans: list[Span], essay_id: str = "", *,
               strategy: str = "realistic", seed: int = 0, memory: Memory | None = None,
               tokens: list | tuple = ()) -> Result:
        """Number and replace given spans (in text order, not overlapping): the engine's own,
        or a reviewer's decisions."""
        if strategy not in STRATEGIES:
            raise ValueError(f"unknown strategy {strategy!r}; choose one of {', '.join(STRATEGIES)}")
        refs = resolve.number(spans, text, memory.refs if memory else None)
        originals = {text[s.start:s.end] for s in spans} | {s.key for s in spans if s.key}
        renderer = Renderer(self.lex, strategy, seed, memory.scope if memory and memory.scope
                            else essay_id, originals)
        if memory:
            renderer.base = memory.bases
            renderer.used = {v.lower() for v in memory.bases.values()}
        out: list[str] = []
        anns: list[Annotation] = []
        pos = shift = 0
        for span, ref in zip(spans, refs):
            original = text[span.start:span.end]
            info = LABELS[span.label]
            if info.action == "mark":
                pseudo = original
            else:
                country = self.lex.get(span.key).place_country if span.key else ""
                pseudo = renderer.render(span, ref, original, country)
            out.append(text[pos:span.start])
            out.append(pseudo)
            t0 = span.start + shift
            shift += len(pseudo) - len(original)
            anns.append(Annotation(span.start, span.end, span.label, span.attrs, ref, info.action,
                                   original, pseudo, t0, t0 + len(pseudo), span.rule))
            pos = span.end
        out.append(text[pos:])
        return Result(essay_id, text, "".join(out), tuple(anns), tuple(tokens))
