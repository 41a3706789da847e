"""The engine: one compiled lexicon, the detector registry, resolution and rendering.

    engine = Engine.load(snapshot_json_path)       # compiled once, cached by snapshot id
    result = engine.pseudonymize(text, essay_id, strategy="realistic", seed=0, memory=None)
    spans  = engine.detect(text, policy=..., metadata=...)   # resolved spans, no rendering
    result = engine.render(text, spans, essay_id, strategy=..., seed=..., memory=...)
`render` takes spans from anywhere (the engine's, or a reviewer's decisions) in original offsets.
A `Memory` shared across the essays of one learner keeps surrogates consistent between them;
running numbers start at 1 in each essay. A `Policy` (pseudonymize.policy) carries a corpus's
own judgement.
"""
from __future__ import annotations

import bisect
import itertools
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from pseudonymize import lexicon as lexicon_mod
from pseudonymize import detectors, learned, normalize, resolve
from pseudonymize.detectors import FAMILIES
from pseudonymize.detectors.gazetteer_match import (HOMOGRAPH, NAMEISH_CATS, Matcher,
                                                     countries_named, person_towns)
from pseudonymize.detectors.gender import FIRSTNAMES, evidence
from pseudonymize.doc import Doc, Marks, Spellings
from pseudonymize.labels import LABELS, PLACE_LABELS
from pseudonymize.lexicon import Lexicon, fold
from pseudonymize.types import MARK, REPLACE, STRATEGIES, Annotation, Result, Span

if TYPE_CHECKING:  # a policy is given by the caller: detecting alone never imports its module
    from pseudonymize.policy import Policy
    from pseudonymize.surrogates import Renderer

E = TypeVar("E")
R = TypeVar("R")

AGE_LABELS = frozenset({"age_digits", "age_string"})  # moved together (Renderer.shift)
# moved by one calendar move, fitted to them all (Renderer.calendar)
DATE_LABELS = frozenset({"day", "month_digit", "month_word", "date_digits", "personid_nr"})
LEARNED = detectors.LEARNED.name  # the learned tagger's spans' rule

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
    # folded first name -> the sex an essay's own words gave it ("min dotter Maly"; "" where
    # two essays disagree): it outweighs what another essay could only guess from the name
    genders: dict[str, str] = field(default_factory=dict)

    def said(self, genders: Mapping[str, str]) -> None:
        """Keep the sexes one essay's evidence gave its first names (`gender.evidence`)."""
        for key, sex in genders.items():
            self.genders[key] = sex if self.genders.get(key, sex) == sex else ""

    def to_json(self) -> dict:
        """JSON-ready rows (the scope is chosen per call, not kept). They pair originals with
        surrogates: whoever stores them stores key material."""
        return {"refs": [[label, key, ref] for (label, key), ref in self.refs.items()],
                "bases": [[label, ref, base] for (label, ref), base in self.bases.items()],
                "countries": [[iso, other] for iso, other in self.countries.items()],
                "genders": [[key, sex] for key, sex in self.genders.items()]}

    @classmethod
    def from_json(cls, data: dict) -> Memory:
        return cls(refs={(label, key): int(ref) for label, key, ref in data.get("refs", [])},
                   bases={(label, int(ref)): base for label, ref, base in data.get("bases", [])},
                   countries={iso: other for iso, other in data.get("countries", [])},
                   genders={key: sex for key, sex in data.get("genders", [])})


WORD = re.compile(r"\w+")


def learner_essays(essays: Sequence[E], run: Callable[[E, Memory], R],
                   revisable: Callable[[E, R], str | None]) -> Iterator[tuple[E, R]]:
    """One learner's essays in the order given, sharing one Memory; then once more each
    earlier essay in which a name, place or institution first established by a later essay
    recurs ("ayaan" in the first essay, "Ayaan heter min dotter" in the third): an entity once
    recognised is recognised in all of the learner's essays, whichever came first. At most one
    more run per essay; running it again with the fuller memory keeps its other surrogates.
    `revisable(essay, result)` gives the text to look in, or None for an essay not to run again
    (a reviewer's decisions, an engine error). Results come in the essays' order. Where a
    later essay keeps a country an earlier one moved (lifelike), all run once more first."""
    memory = Memory()
    done = [(essay, run(essay, memory), len(memory.refs), dict(memory.countries))
            for essay in essays]
    # a country a later essay kept as written (lifelike: "alla ukrainare") that an earlier
    # essay moved, or an earlier essay's surrogate country that a later essay names itself
    # (Bangladesh drawn as India before "min bror bor i Indien": two of the learner's countries
    # would read as one): every essay runs again from a memory that keeps the kept ones and
    # knows every entity of the learner's, so no name or town drawn for the moved country stays
    # ("Tornike ... från Syrien") and no surrogate is a country the learner names
    kept = {iso: iso for iso, other in sorted(memory.countries.items()) if iso == other}
    if any(iso != other and (iso in kept or other in memory.countries)
           for *_, countries in done for iso, other in countries.items()):
        memory = Memory(refs=dict(memory.refs), countries=dict(kept))
        done = [(essay, run(essay, memory), len(memory.refs), {}) for essay in essays]
    later = list(memory.refs)
    for essay, result, known, _ in done:
        text = revisable(essay, result) if known < len(later) else None
        if text is not None and _recurs(text, later[known:]):
            result = run(essay, memory)
        yield essay, result


def by_learner(essays: Iterable[E], learner: Callable[[E], object],
               run: Callable[[E, Memory], R], revisable: Callable[[E, R], str | None]
               ) -> Iterator[tuple[E, R]]:
    """`learner_essays` for each learner's run of essays (given sorted by learner, then id),
    the results in the essays' order."""
    for _, group in itertools.groupby(essays, key=learner):
        yield from learner_essays(list(group), run, revisable)


def _recurs(text: str, idents: Sequence[tuple[str, str]]) -> bool:
    """Whether all the words of some propagated entity's key occur in the text (folded): a
    cheap test before running an essay again, which finds the mentions themselves."""
    words = set(WORD.findall(fold(text)))
    return any(label in resolve.PROPAGATED and words.issuperset(WORD.findall(key))
               for label, key in idents)


class Engine:
    """Pseudonymizer bound to one resource snapshot."""

    # what becomes of the learned tagger's spans where the policy does not say (`learned`)
    learned_default = learned.DEFAULT_MODE

    def __init__(self, lex: Lexicon) -> None:
        self.lex = lex
        self.snapshot_id = lex.snapshot_id
        self.detectors = tuple(family(lex) for family in FAMILIES)
        # every token's fold, entry and the families' marks in one look-up (`Doc.make`)
        self.spellings = Spellings(lex, tuple(
            marks for d in self.detectors if isinstance(marks := getattr(d, "marks", None), Marks)))
        # the frequent words' rows and the families' own per-spelling tables, made once per
        # lexicon and cached with its derived tables (`Spellings.warm`)
        self.spellings.warm(tuple(table for d in self.detectors
                                  if (remembered := getattr(d, "remembered", None))
                                  for table in remembered()))
        # the learned tagger's (made with the others, so that `load` keeps it with them; the
        # tagger itself is loaded only when a policy wants it)
        learned.frequent_table(self.spellings,
                               next(d for d in self.detectors if isinstance(d, Matcher)))

    @classmethod
    def load(cls, snapshot_path: Path, cache_dir: Path | None = None) -> Engine:
        """The engine of a snapshot, its lexicon and the detectors' tables derived from it read
        from their cache files (made and written when absent)."""
        lex = lexicon_mod.load(Path(snapshot_path), cache_dir, derived=detectors.version())
        engine = cls(lex)
        lexicon_mod.keep_derived(lex)
        return engine

    @cached_property
    def tagger(self) -> learned.Tagger:
        """The learned tagger (`pseudonymize.learned`), loaded when a policy first wants it:
        `learned.LearnedError` (one line) without python-crfsuite or with an altered model."""
        return learned.Tagger(self.spellings,
                              next(d for d in self.detectors if isinstance(d, Matcher)))

    def learned_mode(self, policy: Policy | None) -> str:
        """The policy's `learned` switch, or the engine's default where it sets none."""
        return learned.mode(policy, self.learned_default)

    def learned_spans(self, doc: Doc, spans: Sequence[Span]) -> list[Span]:
        """The learned tagger's spans in an essay where none of `spans` overlaps (the union's
        part, or the review page's doubts under `learned = "review"`)."""
        return self.tagger.spans(doc, spans)

    def ordinary(self, word: str) -> bool:
        """An everyday word with no name or place reading (an all-capitals run shows it in
        lower case to the detectors): "JAG BOR I" -> "Jag bor i"."""
        low = word.lower()
        key = lexicon_mod.fold(low)
        lex = self.lex
        if low in lex.common_accented or key in lex.unnamed or key in lex.unnamed_rare:
            return True
        # a lexicon word first ("BOR": a place verb, though also a town abroad), not a name
        # or a homograph ("HANS")
        e = lex.get(key)
        return bool(e.cats) and not (e.cats & NAMEISH_CATS or e.cats & HOMOGRAPH
                                     or e.gender or e.surname_rank)

    def candidates(self, doc: Doc) -> list[Span]:
        """Every detector's proposals, overlapping."""
        return [span for detector in self.detectors for span in detector.detect(doc)]

    def detect(self, text: str, *, policy: Policy | None = None,
               metadata: Mapping[str, object] | None = None,
               memory: Memory | None = None) -> list[Span]:
        """Resolved, non-overlapping spans in text order, one label per entity; every other
        mention of a replaced name or place in the essay (and, with a learner's `memory`, of
        their earlier essays) is labelled too; the policy's lists and scores applied. Detection
        reads the normalized view (`normalize.view`); the spans cover the original characters."""
        view, _, spans = self._analyse(text, policy, metadata, memory)
        if view.identity:
            return spans
        return [Span(*view.span(s.start, s.end), s.label, s.attrs, s.score, s.rule, s.key)
                for s in spans]

    def _analyse(self, text: str, policy: Policy | None, metadata: Mapping[str, object] | None,
                 memory: Memory | None = None) -> tuple[normalize.View, Doc, list[Span]]:
        """The normalized view, its Doc and the spans (offsets into the view) after the policy.
        Compared and shaped under the view's normalization: "Malmo\u0308" must not become
        "Malmö", and a surrogate takes its case and digits from the normalized mention. With a
        learner's memory, what their earlier essays established is found here too."""
        view = normalize.view(text, self.ordinary)
        doc = Doc.make(view.text, self.lex, self.spellings)
        spans = self.detect_doc(doc, memory.refs if memory else None,
                                memory.genders if memory else None)
        if self.learned_mode(policy) == "replace":
            spans = learned.union(spans, self.learned_spans(doc, spans))
        if memory is not None:
            memory.said(evidence(doc, spans))
        if policy is not None:
            countries = {s.key: self.lex.get(s.key).country for s in spans if s.label == "country"}
            spans = policy.apply(spans, view.clean, metadata or {}, countries)
        return view, doc, spans

    def detect_doc(self, doc: Doc, earlier: dict[tuple[str, str], int] | None = None,
                   said: Mapping[str, str] | None = None) -> list[Span]:
        """`detect` on a prepared essay (`earlier`: a learner's Memory.refs; `said`: its
        Memory.genders)."""
        if earlier:  # an essay about the same journey may name no country again ("i piran")
            doc.earlier_countries = countries_named(self.lex, earlier)
            doc.earlier_given = frozenset(fold(key) for label, key in earlier
                                          if label in FIRSTNAMES)
        spans = resolve.celebrated(resolve.select(self.candidates(doc)), doc)
        public = resolve.public_figures(spans, doc)
        spans = resolve.whole_institutions(spans, doc)
        spans = resolve.propagate_phrases(resolve.propagate(spans, doc, earlier), doc, earlier)
        spans = person_towns(doc, resolve.respelt(spans, doc, earlier), earlier or ())
        spans = resolve.place_aliases(resolve.refine_areas(spans, doc), doc)
        spans = resolve.recalled_places(spans, doc)
        spans = resolve.kind_told(resolve.unify(spans, doc.text), doc)
        spans = resolve.named_ages(resolve.remembered_gender(spans, doc, earlier, said), doc)
        spans = resolve.named_middles(spans, doc)
        spans = resolve.initialled_surnames(resolve.signed_initials(spans, doc), doc)
        return resolve.unpublic(spans, doc, public)

    def pseudonymize(self, text: str, essay_id: str = "", *, strategy: str = "realistic",
                     seed: int = 0, memory: Memory | None = None, policy: Policy | None = None,
                     metadata: Mapping[str, object] | None = None) -> Result:
        """Detect on the normalized view, apply the policy (keep/replace lists, per-label
        action, strategy and score, countries of origin; `metadata` selects the rules that apply
        to this essay), number the entities from 1 in this essay and render them over every
        original character of each mention."""
        _check_strategy(strategy)
        view, doc, spans = self._analyse(text, policy, metadata, memory)
        # the view's tokens are the original's only when the view is the original itself
        return self._render(view, spans, essay_id, strategy, seed, memory, policy,
                            tuple(doc.tokens) if view.text is text else (), doc.tagger_sure)

    def render(self, text: str, spans: list[Span], essay_id: str = "", *,
               strategy: str = "realistic", seed: int = 0, memory: Memory | None = None,
               policy: Policy | None = None) -> Result:
        """Number and replace given spans (original offsets, in text order, not overlapping):
        the engine's own, or a reviewer's decisions. The policy's lists are not applied again;
        its actions and surrogate rules are."""
        _check_strategy(strategy)
        view = normalize.view(text, self.ordinary)
        if not view.identity:
            spans = [Span(*view.inward(s.start, s.end), s.label, s.attrs, s.score, s.rule, s.key)
                     for s in spans]
        return self._render(view, spans, essay_id, strategy, seed, memory, policy, ())

    def _render(self, view: normalize.View, spans: list[Span], essay_id: str, strategy: str,
                seed: int, memory: Memory | None, policy: Policy | None, tokens: tuple,
                sure: frozenset[tuple[str, str]] = frozenset()) -> Result:
        """Render spans given in view offsets over the original text (`sure`: the learned
        tagger's entities that stay in the learner's memory, `learned.sure`)."""
        # imported on first use: detecting alone (`swepseudo annotate`) needs no surrogates
        from pseudonymize.surrogates import alias_spans, person_spans, pun_spans

        clean = view.clean
        puns: dict[str, str | tuple[str, ...]] = {}
        if strategy == "lifelike":  # "Jag heter Sten, som en sten": the word follows the name
            # "vår son Bima" read as a town: a person (never "vår son Mataram")
            spans = person_spans(spans, clean, self.lex, memory.bases if memory else None)
            # "Istanbul" in one essay, "Istambul" in the next: one town, one surrogate
            spans = alias_spans(spans, clean, self.lex, memory.refs if memory else None)
            spans, puns = pun_spans(spans, clean)
        refs = resolve.number(spans, clean)
        # The learner's memory numbers entities across essays for the surrogate draws only.
        known = set(memory.refs) | sure if memory and any(s.rule == LEARNED for s in spans) \
            else None
        draws = resolve.number(spans, clean, memory.refs) if memory else refs
        shapes = [clean[s.start:s.end] for s in spans]  # each mention as the view writes it
        renderer, order = self._renderer(clean, spans, shapes, essay_id, strategy, seed, memory,
                                         policy, puns)
        hints = country_hints(spans, clean, self.lex)
        actions = [policy.action(s.label) if policy else LABELS[s.label].action for s in spans]
        # kept as written by the strategy (lifelike: Migrationsverket, the date of a feast),
        # marked for review
        actions = [MARK if a == REPLACE and renderer.keeps(s, shape) else a
                   for a, s, shape in zip(actions, spans, shapes)]
        pseudos: dict[int, str] = {}
        rendered: dict[tuple, str] = {}  # a repeated mention is rendered once
        for i in order:
            if actions[i] == MARK:
                continue
            span, shape = spans[i], shapes[i]
            seen = (span.label, draws[i], span.attrs, span.key, shape, hints.get(i, ""),
                    renderer.variant(span))
            pseudo = rendered.get(seen)
            if pseudo is None:
                pseudo = rendered[seen] = renderer.render(span, refs[i], shape, draws[i],
                                                          hints.get(i, ""))
            pseudos[i] = pseudo
        if known is not None:
            _forget_learned(memory, spans, clean, known)
        return _result(view, spans, refs, actions, pseudos, essay_id, tokens)

    def _renderer(self, clean: str, spans: list[Span], shapes: list[str], essay_id: str,
                  strategy: str, seed: int, memory: Memory | None, policy: Policy | None,
                  puns: dict[str, str | tuple[str, ...]]) -> tuple[Renderer, list[int]]:
        """The essay's surrogate drawer, told what the essay says around its entities, and the
        order its spans are drawn in (countries and towns first; ranked before the homes and
        mentions below are told)."""
        from pseudonymize.surrogates import Renderer, age_value, person_words

        originals = set(shapes) | {s.key for s in spans if s.key}
        # nor a surrogate that is an original of the learner's other essays (Växjö for Östers IF)
        originals |= {key for _, key in memory.refs} if memory else set()
        renderer = Renderer(self.lex, strategy, seed, memory.scope if memory and memory.scope
                            else essay_id, originals, policy,
                            memory.bases if memory else None, memory.countries if memory else None)
        # Countries and towns first: a city abroad follows its country, a district its town.
        # "i området Hulta": a place the essay calls a district (the word just before it)
        area_words = self.lex.words("area_word")
        renderer.districts = {s.start for s in spans if s.label == "city" and (fold(
            clean[max(0, s.start - 20):s.start]).split() or [""])[-1] in area_words}
        renderer.before = WordsBefore(clean)
        renderer.name_spans = {s.start: s.end for s in spans if LABELS[s.label].kind == "name"}
        renderer.puns = puns
        if strategy == "lifelike":  # the essay's words that name only persons in it
            renderer.name_words = person_words(spans, clean)
            renderer.country_words = frozenset(fold(clean[s.start:s.end]) for s in spans
                                               if s.label == "country")
        renderer.ages = tuple(age_value(clean[s.start:s.end], s.label, self.lex,
                                        strategy == "lifelike") for s in spans
                              if s.label in AGE_LABELS)
        renderer.date_spans = [s for s in spans if s.label in DATE_LABELS]
        ranks = list(map(renderer.order, spans, shapes))
        order = sorted(range(len(spans)), key=ranks.__getitem__)
        renderer.town_homes = town_homes(spans, self.lex)
        renderer.kept_homes = kept_homes(memory, self.lex) if memory else frozenset()
        for s in spans:  # each town's mentions, in order: what any of their sentences says of it
            if s.label == "city":
                renderer.town_mentions.setdefault(s.key, []).append(s)
        if strategy == "lifelike":
            renderer.keep_countries()  # before `keeps`: "Ukraina ... alla ukrainare" stays
        return renderer, order


def _forget_learned(memory: Memory, spans: list[Span], text: str,
                    known: set[tuple[str, str]]) -> None:
    """The entities only the learned tagger found in this essay leave the learner's memory once
    rendered, unless it was sure of them (`known` holds those, `learned.sure`): a guess must
    not establish a name for their other essays (propagated there under the tagger's label, or
    keeping an essay from running again when a later essay establishes it by a rule: "Lilla
    tapiwa är 6")."""
    for s in spans:
        ident = resolve.ident(s, text)
        if s.rule == LEARNED and ident not in known:
            ref = memory.refs.pop(ident, None)
            memory.bases.pop((s.label, ref), None)  # type: ignore[arg-type]


def _result(view: normalize.View, spans: list[Span], refs: list[int], actions: list[str],
            pseudos: dict[int, str], essay_id: str, tokens: tuple) -> Result:
    """The original text with each span's surrogate in its place, and the annotations that say
    where each came from and went (original and target offsets)."""
    text = view.original
    out: list[str] = []
    anns: list[Annotation] = []
    pos = shift = 0
    new, same = tuple.__new__, view.identity  # Annotation(...) without its Python __new__
    for i, (span, ref) in enumerate(zip(spans, refs)):
        start, end = span[:2] if same else view.span(span.start, span.end)
        original = text[start:end]  # every original character, whatever its variant
        pseudo = pseudos.get(i, original)
        out.append(text[pos:start])
        out.append(pseudo)
        t0 = start + shift
        shift += len(pseudo) - len(original)
        anns.append(new(Annotation, (start, end, span.label, span.attrs, ref, actions[i],
                                     original, pseudo, t0, t0 + len(pseudo), span.rule)))
        pos = end
    out.append(text[pos:])
    return Result(essay_id, text, "".join(out), tuple(anns), tokens)


class WordsBefore(dict):
    """The folded words shortly before a mention's start ("kyrkan i", "sjön"), read when a
    surrogate first asks: a 1 MB essay of names never needs most of them."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def get(self, start: int, default: object = ()) -> list[str]:  # type: ignore[override]
        found = super().get(start)
        if found is None:
            found = self[start] = fold(self.text[max(0, start - 60):start]).split()[-6:]
        return found


def _check_strategy(strategy: str) -> None:
    if strategy not in STRATEGIES:
        raise ValueError(f"unknown strategy {strategy!r}; choose one of {', '.join(STRATEGIES)}")


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
        if span.label not in PLACE_LABELS or span.label == "country":
            continue
        entry = lex.get(span.key)
        if entry.place_country or entry.se_pop:
            continue
        k = bisect.bisect(starts, span.start)  # the nearest country before and after it
        near = [(abs(pos - span.start), iso) for pos, iso in countries[max(0, k - 1):k + 1]
                if abs(pos - span.start) < SENTENCE
                and "." not in text[min(pos, span.start):max(pos, span.start)]]
        if near:
            out[i] = min(near)[1]
    return out


def town_homes(spans: list[Span], lex: Lexicon) -> dict[str, str]:
    """The essay's known towns abroad in countries it never names itself ("Min stad Sukkur
    ligger nära gränsen till Indien", "Vi flydde från Kabul till Iran"), each by its first two
    folded words -> its country: their surrogates stay in that country, so a country the essay
    names beside them, or next on their route, must border it still (lifelike)."""
    named = {lex.get(s.key).country for s in spans if s.label == "country"}
    homes: dict[str, str] = {}
    for s in sorted(spans, key=lambda s: s.start):
        iso = lex.get(s.key).place_country if s.label == "city" else ""
        if iso and iso not in named and iso != "SE" and not lex.get(s.key).se_pop:
            homes.setdefault(" ".join(re.findall(r"[^\W\d_]+", fold(s.key))[:2]), iso)
    return homes


def kept_homes(memory: Memory, lex: Lexicon) -> frozenset[str]:
    """The countries (ISO) of towns abroad the learner's earlier essays rendered in their own
    country, the essay having named none ("född i Kraków" -> Wrocław): a later essay naming that
    country ("I Polen bodde vi i Kraków") keeps it as written, so the remembered town still lies
    in it; the earlier essay's surrogate already says as much (lifelike)."""
    homes = set()
    for (label, key), ref in memory.refs.items():
        base = memory.bases.get((label, ref)) if label == "city" else None
        iso = lex.get(key).place_country if base else ""
        if iso not in ("", "SE") and lex.get(fold(base)).place_country == iso \
                and memory.countries.get(iso, iso) == iso:
            homes.add(iso)
    return frozenset(homes)
