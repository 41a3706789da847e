"""The engine: one compiled lexicon, the detector registry, resolution and rendering.

    engine = Engine.load(snapshot_json_path)       # compiled once, cached by snapshot id
    result = engine.pseudonymize(text, essay_id, strategy="realistic", seed=0, memory=None)
    spans  = engine.detect(text)                  # resolved spans, no rendering
A `Memory` shared across the essays of one learner keeps surrogates consistent between them;
running numbers start at 1 in each essay. A `Policy` (pseudonymize.policy) carries a corpus's
own judgement.
"""
from __future__ import annotations

import bisect
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from pseudonymize import lexicon as lexicon_mod
from pseudonymize import resolve
from pseudonymize.detectors import patterns
from pseudonymize.detectors.context import ContextRules
from pseudonymize.detectors.gazetteer_match import Matcher
from pseudonymize.doc import Doc
from pseudonymize.labels import LABELS, PLACE_LABELS
from pseudonymize.detectors.gazetteer_match import AREA_WORDS
from pseudonymize.lexicon import Lexicon, fold
from pseudonymize.policy import Policy
from pseudonymize.surrogates import Renderer
from pseudonymize.types import MARK, Annotation, Result, Span

STRATEGIES = ("realistic", "lifelike", "placeholder", "tag")
SENTENCE = 300  # characters: a country further from a place is not said of it


@dataclass
class Memory:
    """What one learner's earlier essays established: the surrogate of each entity (numbered
    learner-wide in `refs`, for the draws only: running numbers restart at 1 in each essay) and
    the surrogate country of each replaced country."""

    scope: str = ""
    refs: dict[tuple[str, str], int] = field(default_factory=dict)
    bases: dict[tuple[str, int], str] = field(default_factory=dict)
    countries: dict[str, str] = field(default_factory=dict)

    def to_json(self) -> dict:
        """JSON-ready rows (the scope is chosen per call, not kept). They pair originals with
        surrogates: whoever stores them stores key material."""
        return {"refs": [[label, key, ref] for (label, key), ref in self.refs.items()],
                "bases": [[label, ref, base] for (label, ref), base in self.bases.items()],
                "countries": [[iso, other] for iso, other in self.countries.items()]}

    @classmethod
    def from_json(cls, data: dict) -> Memory:
        return cls(refs={(label, key): int(ref) for label, key, ref in data.get("refs", [])},
                   bases={(label, int(ref)): base for label, ref, base in data.get("bases", [])},
                   countries={iso: other for iso, other in data.get("countries", [])})


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
                     seed: int = 0, memory: Memory | None = None, policy: Policy | None = None,
                     metadata: Mapping[str, object] | None = None) -> Result:
        """Detect, apply the policy (keep/replace lists, per-label action, strategy and score,
        countries of origin; `metadata` selects the rules that apply to this essay), number the
        entities from 1 in this essay and render them."""
        if strategy not in STRATEGIES:
            raise ValueError(f"unknown strategy {strategy!r}; choose one of {', '.join(STRATEGIES)}")
        doc = Doc.make(text, self.lex)
        spans = self.detect_doc(doc)
        if policy is not None:
            countries = {s.key: self.lex.get(s.key).country for s in spans if s.label == "country"}
            spans = policy.apply(spans, text, metadata or {}, countries)
        refs = resolve.number(spans, text)
        # The learner's memory numbers entities across essays for the surrogate draws only.
        draws = resolve.number(spans, text, memory.refs) if memory else refs
        originals = {text[s.start:s.end] for s in spans} | {s.key for s in spans if s.key}
        renderer = Renderer(self.lex, strategy, seed, memory.scope if memory and memory.scope
                            else essay_id, originals, policy,
                            memory.bases if memory else None, memory.countries if memory else None)
        # Countries and towns first: a city abroad follows its country, a district its town.
        # "i området Hulta": a place the essay calls a district (the word just before it)
        renderer.districts = {s.start for s in spans if s.label == "city" and (fold(
            text[max(0, s.start - 20):s.start]).split() or [""])[-1] in AREA_WORDS}
        order = sorted(range(len(spans)), key=lambda i: renderer.order(
            spans[i], text[spans[i].start:spans[i].end]))
        hints = country_hints(spans, text, self.lex)
        pseudos: dict[int, str] = {}
        for i in order:
            span = spans[i]
            original = text[span.start:span.end]
            action = policy.action(span.label) if policy else LABELS[span.label].action
            pseudos[i] = original if action == MARK else renderer.render(
                span, refs[i], original, draws[i], hints.get(i, ""))
        out: list[str] = []
        anns: list[Annotation] = []
        pos = shift = 0
        for i, (span, ref) in enumerate(zip(spans, refs)):
            original, pseudo = text[span.start:span.end], pseudos[i]
            action = policy.action(span.label) if policy else LABELS[span.label].action
            out.append(text[pos:span.start])
            out.append(pseudo)
            t0 = span.start + shift
            shift += len(pseudo) - len(original)
            anns.append(Annotation(span.start, span.end, span.label, span.attrs, ref, action,
                                   original, pseudo, t0, t0 + len(pseudo), span.rule))
            pos = span.end
        out.append(text[pos:])
        return Result(essay_id, text, "".join(out), tuple(anns), tuple(doc.tokens))


def country_hints(spans: list[Span], text: str, lex: Lexicon) -> dict[int, str]:
    """For a place the gazetteers lack ("från staden Basra i södra Irak", "snö i Minnesota" after
    "i Minneapolis"), the country named, or of the known foreign place, nearest to it in its
    sentence: where its surrogate must come from."""
    countries = [(s.start, lex.get(s.key).country or lex.get(s.key).place_country) for s in spans
                 if s.label == "country" and lex.get(s.key).country
                 or "foreign" in s.attrs and s.label in PLACE_LABELS
                 and lex.get(s.key).place_country not in ("", "SE")]
    starts = [pos for pos, _ in countries]
    out: dict[int, str] = {}
    for i, span in enumerate(spans):
        entry = lex.get(span.key)
        if span.label not in PLACE_LABELS or span.label == "country" or entry.place_country \
                or entry.se_pop:
            continue
        k = bisect.bisect(starts, span.start)  # the nearest country before and after it
        near = [(abs(pos - span.start), iso) for pos, iso in countries[max(0, k - 1):k + 1]
                if abs(pos - span.start) < SENTENCE
                and "." not in text[min(pos, span.start):max(pos, span.start)]]
        if near:
            out[i] = min(near)[1]
    return out
