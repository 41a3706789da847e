"""The engine: one compiled lexicon, the detector registry, resolution and rendering.

    engine = Engine.load(snapshot_json_path)       # compiled once, cached by snapshot id
    result = engine.pseudonymize(text, essay_id, strategy="realistic", seed=0, memory=None)
    spans  = engine.detect(text)                  # resolved spans, no rendering
A `Memory` shared across the essays of one learner keeps running numbers and surrogates
consistent between them.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pseudonymize import lexicon as lexicon_mod
from pseudonymize import normalize, resolve
from pseudonymize.detectors import FAMILIES
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
        self.detectors = tuple(family(lex) for family in FAMILIES)

    @classmethod
    def load(cls, snapshot_path: Path, cache_dir: Path | None = None) -> Engine:
        return cls(lexicon_mod.load(Path(snapshot_path), cache_dir))

    def ordinary(self, word: str) -> bool:
        """An everyday word with no name or place reading (an all-capitals run shows it in
        lower case to the detectors): "JAG BOR I" -> "Jag bor i"."""
        low = word.lower()
        key = lexicon_mod.fold(low)
        lex = self.lex
        return low in lex.common_accented or key in lex.unnamed or key in lex.unnamed_rare

    def candidates(self, doc: Doc) -> list[Span]:
        """Every detector's proposals, overlapping."""
        return [span for detector in self.detectors for span in detector.detect(doc)]

    def detect(self, text: str) -> list[Span]:
        """Resolved, non-overlapping spans in text order, one label per entity; every other
        mention of a replaced name or place in the essay is labelled too. Detection reads the
        normalized view (`normalize.view`); the spans cover the original characters."""
        view = normalize.view(text, self.ordinary)
        spans = self.detect_doc(Doc.make(view.text, self.lex))
        if view.identity:
            return spans
        return [Span(*view.span(s.start, s.end), s.label, s.attrs, s.score, s.rule, s.key)
                for s in spans]

    def detect_doc(self, doc: Doc) -> list[Span]:
        """`detect` on a prepared essay."""
        spans = resolve.select(self.candidates(doc))
        return resolve.unify(resolve.refine_areas(resolve.propagate(spans, doc), doc), doc.text)

    def pseudonymize(self, text: str, essay_id: str = "", *, strategy: str = "realistic",
                     seed: int = 0, memory: Memory | None = None) -> Result:
        if strategy not in STRATEGIES:
            raise ValueError(f"unknown strategy {strategy!r}; choose one of {', '.join(STRATEGIES)}")
        view = normalize.view(text, self.ordinary)
        doc = Doc.make(view.text, self.lex)
        spans = self.detect_doc(doc)  # offsets into the view
        refs = resolve.number(spans, view.text, memory.refs if memory else None)
        # Compared under the view's normalization: "Malmo\u0308" must not become "Malmö".
        clean = view.clean
        originals = {clean[s.start:s.end] for s in spans} | {s.key for s in spans if s.key}
        renderer = Renderer(self.lex, strategy, seed, memory.scope if memory and memory.scope
                            else essay_id, originals)
        if memory:
            renderer.base = memory.bases
            renderer.used = {v.lower() for v in memory.bases.values()}
        out: list[str] = []
        anns: list[Annotation] = []
        rendered: dict[tuple, str] = {}
        pos = shift = 0
        for span, ref in zip(spans, refs):
            start, end = view.span(span.start, span.end)
            original = text[start:end]  # every original character, whatever its variant
            info = LABELS[span.label]
            if info.action == "mark":
                pseudo = original
            else:
                # the surrogate takes its shape (case, digits) from the normalized mention;
                # one mention's surrogate is a function of these (the country one of the key),
                # so a repeated one is reused
                shape = clean[span.start:span.end]
                seen = (span.label, ref, span.attrs, span.key, shape)
                pseudo = rendered.get(seen)
                if pseudo is None:
                    country = self.lex.get(span.key).place_country if span.key else ""
                    pseudo = rendered[seen] = renderer.render(span, ref, shape, country)
            out.append(text[pos:start])
            out.append(pseudo)
            t0 = start + shift
            shift += len(pseudo) - len(original)
            anns.append(Annotation(start, end, span.label, span.attrs, ref, info.action,
                                   original, pseudo, t0, t0 + len(pseudo), span.rule))
            pos = end
        out.append(text[pos:])
        # the view's tokens are the original's only when the view is the original itself
        return Result(essay_id, text, "".join(out), tuple(anns),
                      tuple(doc.tokens) if view.text is text else ())
