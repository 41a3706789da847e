"""Experiment (issue 14): a small learned sequence tagger (a CRF) beside the rule engine.

Would a tagger trained on the open gold sets catch what the rules miss on a set it never saw?
It is trained on `essays` and `dev2` ... `dev19` and measured on `dev20` (never seen in
training): alone, and as the union with the engine (its spans added only where the engine found
nothing, above a marginal-probability threshold), then on MultiGED's real learner text and the
news NER set (what it flags beyond the engine) and for its cost per token. The figures are in
docs/learned.md.

    .venv/bin/pip install python-crfsuite==0.9.11     # not among the project's pins
    SWEPSEUDO_SHARED=/work/shared .venv/bin/python benchmarks/learned_tagger.py HOME \
        [--multiged-half] [--no-precision] [--thresholds 0.5,0.9,1.0] [--model FILE]

`--multiged-half` also trains on MultiGED's even chunks and measures on its odd ones.
`--guards "none;everyday,th=ORG:0.95+NUM:0.95"` measures each guard (`Guard.parse`) at each
threshold; `--train-only` prints the model's size and digest; `--count PART [--warm]` runs one
part over MultiGED's odd chunks for cachegrind (docs/learned.md G). The
environment picks variants: LEARNED_CLASSES=fine (BIO over every replaced label, not the four
coarse classes), LEARNED_WINDOW=N (the candidates' variant tags candidates +-N tokens),
LEARNED_VARIANTS=1 (only the first of `VARIANTS`). Training is deterministic: the same sets
give the same model file, byte for byte (crfsuite's L-BFGS). About 4-10 minutes on 2 cores.
Tagging joins each essay's features from per-spelling parts cached once per process
(`FeatureCache`) and reads marginals only around candidate words: the spans are the same.

The tagger is not part of the engine: nothing here is imported by `pseudonymize`.
"""
from __future__ import annotations

import argparse
import hashlib
import os
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from itertools import chain
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pycrfsuite  # noqa: E402

from builders.store import Store  # noqa: E402
from pseudonymize.detectors.gazetteer_match import Matcher  # noqa: E402
from pseudonymize.doc import Doc  # noqa: E402
from pseudonymize.engine import Engine, Memory  # noqa: E402
from pseudonymize.evaluate import Document, Report, evaluate, read_gold  # noqa: E402
from pseudonymize.labels import LABELS  # noqa: E402
from pseudonymize.lexicon import Entry  # noqa: E402
from pseudonymize.types import REPLACE, Result, Span  # noqa: E402

GOLD = Path(__file__).resolve().parents[1] / "tests" / "data" / "gold"
TEST = "dev20"  # open, but never in training: the unseen set (`--test` picks a later one)


def training_sets(test: str) -> tuple[str, ...]:
    """The sets a model measured on `test` (devN) learns from: essays and dev2 ... dev(N-1)."""
    return ("essays", *(f"dev{n}" for n in range(2, int(test.removeprefix("dev")))))


TRAIN = training_sets(TEST)
RULE = "learned_tagger"
# (tag only the candidates' windows, keep only spans holding a candidate)
VARIANTS = ((False, True), (True, True))  # (False, False): see docs/learned.md
# the coarse classes the tagger learns (BIO over them); mark-only labels are outside
KIND_CLASS = {"name": "PER", "place": "PLC", "institution": "ORG", "number": "NUM",
              "text": "NUM"}
COARSE = {label: KIND_CLASS[info.kind] for label, info in LABELS.items() if info.kind in KIND_CLASS}
# the fine variant learns the replaced gold labels themselves (BIO over each)
FINE = {label: label for label in COARSE}
CLASS = FINE if os.environ.get("LEARNED_CLASSES") == "fine" else COARSE
THRESHOLDS = (0.5, 0.7, 0.9, 0.95, 0.98, 1.0)  # 1.0: the engine alone
CANDIDATE_ZIPF = 4.0  # the candidates-only variant skips words at least this frequent ...
WINDOW = int(os.environ.get("LEARNED_WINDOW", "1"))  # ... unless within this many tokens of a candidate


# --- features --------------------------------------------------------------------------------
def _shape(word: str) -> str:
    """Xxxx, xxxx, XXXX, dddd, mixed: the word's case and digit pattern, runs squeezed."""
    out = []
    for ch in word[:12]:
        c = "X" if ch.isupper() else "x" if ch.islower() else "d" if ch.isdigit() else ch
        if not out or out[-1] != c:
            out.append(c)
    return "".join(out)


def _kind(e: Entry) -> str:
    """The lexicon's first reading of a word, one short string (for the label mapping too)."""
    if e.country:
        return "country"
    if e.place_kind:
        return e.place_kind
    if e.org_kind:
        return "org"
    if e.gender:
        return e.gender
    return "surname" if e.surname_rank else "-"


def token_features(doc: Doc, k: int, origins: dict, start: bool = True) -> list[str]:
    """What the engine's tokenization and lexicon say of token k itself (its sentence start
    too unless `start` is false: the one feature that is not the spelling's own)."""
    word, key, e = doc.texts[k], doc.folds[k], doc.entries[k]
    zipf = int(e.zipf * 2) / 2
    f = [f"w={key}", f"shape={_shape(word)}", f"len={min(len(word), 12)}", f"zipf={zipf}",
         f"suf3={key[-3:]}", f"suf4={key[-4:]}", f"pre3={key[:3]}", f"kind={_kind(e)}"]
    if word[:1].isupper():
        f.append("cap")
    if word.isupper() and len(word) > 1:
        f.append("allcaps")
    if any(ch.isdigit() for ch in word):
        f.append("digit")
    if e.gender:
        f.append(f"gender={e.gender}")
        f.append(f"first_rank={min(len(str(e.first_rank)), 6)}")
    if e.surname_rank:
        f.append(f"surname_rank={min(len(str(e.surname_rank)), 6)}")
    if e.place_kind:
        f.append(f"place={e.place_kind}")
        f.append("se_place" if e.se_pop else "abroad")
    if e.country:
        f.append("country")
    if e.org_kind:
        f.append(f"org={e.org_kind}")
    f.extend(f"cat={c}" for c in sorted(e.cats)[:6])
    f.extend(f"origin={o}" for o in origins.get(key, ())[:3])
    if start and k in doc.starts:
        f.append("sent_start")
    return f


NEAR = (-2, -1, 1, 2)
EDGE = {d: (f"{d}:edge",) for d in NEAR}


class FeatureCache:
    """A spelling's own features and its parts as a neighbour, made once per process: every
    one of them is a function of the spelling alone (its fold and lexicon entry are the
    engine's `Spellings` row), so an essay's features are joined from cached tuples. With
    `known` (the attributes the model weighs), the others are left out: the CRF ignores them,
    so the tags are the same, and it is given fewer strings to look up."""

    def __init__(self, origins: dict, known: frozenset[str] | None = None) -> None:
        self.origins, self.known = origins, known
        self.candidates: dict[str, bool] = {}
        self.parts: dict[str, tuple[tuple[str, ...], dict[int, tuple[str, ...]]]] = {}

    def candidate(self, doc: Doc, k: int) -> bool:
        """Token k could be a name (`Tagger.candidate`), remembered per spelling."""
        word = doc.texts[k]
        got = self.candidates.get(word)
        if got is None:
            got = self.candidates[word] = unknown(doc, k, CANDIDATE_ZIPF)
        return got

    def get(self, doc: Doc, k: int) -> tuple[tuple[str, ...], dict[int, tuple[str, ...]]]:
        """Token k's own features (sentence start aside) and its parts at each offset."""
        word = doc.texts[k]
        got = self.parts.get(word)
        if got is None:
            own, near = token_features(doc, k, self.origins, False), self._near(doc, k)
            if self.known is not None:
                own = [f for f in own if f in self.known]
                near = {d: tuple(f for f in part if f in self.known)
                        for d, part in near.items()}
            got = self.parts[word] = (tuple(own), near)
        return got

    @staticmethod
    def _near(doc: Doc, k: int) -> dict[int, tuple[str, ...]]:
        e, fold, cap = doc.entries[k], doc.folds[k], doc.texts[k][:1].isupper()
        cats = sorted(e.cats)[:4]
        return {d: (f"{d}:w={fold}",) if abs(d) != 1 else
                (f"{d}:w={fold}", f"{d}:kind={_kind(e)}", f"{d}:cap={cap}",
                 *(f"{d}:cat={c}" for c in cats)) for d in NEAR}


def features(doc: Doc, origins: dict | FeatureCache, keep: Iterable[int] | None = None
             ) -> list[list[str]]:
    """Per token (or per token of `keep`): its own features and a window of +-2 folded words
    with their case and lexicon reading (joined from a `FeatureCache` when given one)."""
    if isinstance(origins, FeatureCache):
        return cached_features(doc, origins, keep)
    n = len(doc.texts)
    out = []
    for k in range(n) if keep is None else keep:
        f = token_features(doc, k, origins)
        for d in NEAR:
            j = k + d
            if 0 <= j < n:
                e = doc.entries[j]
                f.append(f"{d}:w={doc.folds[j]}")
                if abs(d) == 1:
                    f.append(f"{d}:kind={_kind(e)}")
                    f.append(f"{d}:cap={doc.texts[j][:1].isupper()}")
                    f.extend(f"{d}:cat={c}" for c in sorted(e.cats)[:4])
            else:
                f.append(f"{d}:edge")
        out.append(f)
    return out


def cached_features(doc: Doc, cache: FeatureCache, keep: Iterable[int] | None = None
                    ) -> list[list[str]]:
    """`features` joined from cached per-spelling parts: the same lists, in the same order."""
    n = len(doc.texts)
    keep = range(n) if keep is None else list(keep)
    lo, hi = (max(0, min(keep) - 2), min(n, max(keep) + 3)) if keep else (0, 0)
    parts = {j: cache.get(doc, j) for j in range(lo, hi)}
    starts, out = doc.starts, []
    for k in keep:
        f = list(parts[k][0])
        if k in starts:
            f.append("sent_start")
        for d in NEAR:
            j = k + d
            f.extend(parts[j][1][d] if 0 <= j < n else EDGE[d])
        out.append(f)
    return out


def bio(doc: Doc, spans: Iterable[tuple[int, int, str]]) -> list[str]:
    """BIO tags over the coarse classes from gold spans (each gold span its own B-)."""
    tags = ["O"] * len(doc.texts)
    for start, end, label in spans:
        cls = CLASS.get(label)
        if cls is None:
            continue
        first = True
        for k, (a, b) in enumerate(zip(doc.offsets, doc.ends)):
            if a < end and start < b:
                tags[k] = f"{'B' if first else 'I'}-{cls}"
                first = False
    return tags


# --- the fine label of a tagged span ---------------------------------------------------------
@dataclass
class LabelMap:
    """The gold label a tagged span gets: the most frequent training label of spans of its class
    with the same lexicon reading, place in a name and ending, backing off to fewer of them and
    at last to the class's most frequent label."""

    table: dict[tuple, Counter] = field(default_factory=lambda: defaultdict(Counter))

    @staticmethod
    def keys(cls: str, e: Entry, key: str, after_same: bool) -> list[tuple]:
        return [(cls, after_same, _kind(e), key[-3:]), (cls, after_same, _kind(e)), (cls,)]

    def learn(self, cls: str, e: Entry, key: str, after_same: bool, label: str) -> None:
        for k in self.keys(cls, e, key, after_same):
            self.table[k][label] += 1

    def label(self, cls: str, e: Entry, key: str, after_same: bool) -> str:
        if cls in LABELS:
            return cls  # the fine variant: the tag is the label
        for k in self.keys(cls, e, key, after_same):
            if self.table.get(k):
                return self.table[k].most_common(1)[0][0]
        return {"PER": "firstname_unknown", "PLC": "city", "ORG": "work"}.get(cls, "other_nr_seq")


# --- training --------------------------------------------------------------------------------
def gold_docs(names: Iterable[str]) -> Iterator[Document]:
    for name in names:
        yield from read_gold(GOLD / f"{name}.jsonl", "jsonl")


def multiged_halves(path: Path) -> tuple[list[Document], list[Document]]:
    """MultiGED's chunks split in two by their order (even, odd): the real learner text's base
    rate of names, taught from one half, measured on the other."""
    docs = list(read_gold(path, "multiged"))
    return docs[0::2], docs[1::2]


def train(engine: Engine, model_path: Path, names: Iterable[str] = TRAIN,
          c1: float = 0.05, c2: float = 0.01, iterations: int = 150,
          more: Iterable[Document] = ()) -> LabelMap:
    """Train the CRF on the named gold sets and `more` documents (deterministic: L-BFGS over
    the sets in order)."""
    lex, origins = engine.lex, engine.lex.name_origins
    trainer = pycrfsuite.Trainer(verbose=False)
    labels = LabelMap()
    for gdoc in chain(gold_docs(names), more):
        doc = Doc.make(gdoc.text, lex, engine.spellings)
        if not doc.texts:
            continue
        spans = [(g.start, g.end, g.label) for g in gdoc.spans]
        trainer.append(features(doc, origins), bio(doc, spans))
        prev_end, prev_cls = -9, ""
        for g in gdoc.spans:
            cls = CLASS.get(g.label)
            if cls is None:
                continue
            k = min(doc.index_at(g.start), len(doc.texts) - 1)
            key, e = doc.folds[k], doc.entries[k]
            after = prev_cls == cls and g.start - prev_end <= 1
            labels.learn(cls, e, key, after, g.label)
            prev_end, prev_cls = g.end, cls
    trainer.set_params({"c1": c1, "c2": c2, "max_iterations": iterations,
                        "feature.possible_transitions": True})
    trainer.train(str(model_path))
    return labels


# --- tagging ---------------------------------------------------------------------------------
GUARD_ZIPF = 3.0  # a guarded tagger span must hold a word below this Zipf frequency (or a name reading): words above it are everyday words the engine knows


@dataclass(frozen=True)
class Guard:
    """Which tagger spans the union keeps: of these classes only (None: all), holding a word
    below `zipf` or with a name reading (None: any span), and per-class thresholds (a span
    decoded at the lowest threshold kept when its peak reaches its class's; the row's
    threshold for a class not named)."""

    name: str = "none"
    zipf: float | None = None
    classes: frozenset[str] | None = None
    per_class: tuple[tuple[str, float], ...] = ()
    everyday: bool = False  # a misspelt everyday word or a compound of two does not count

    @classmethod
    def parse(cls, text: str) -> Guard:
        """`none`, or comma-separated `zipf=3`, `cls=PER+PLC`, `th=PER:0.5+ORG:0.9`,
        `everyday` (with the Zipf cut, `GUARD_ZIPF` unless given)."""
        zipf, classes, per, everyday = None, None, (), False
        for part in filter(None, text.split(",")):
            key, _, value = part.partition("=")
            if key == "zipf":
                zipf = GUARD_ZIPF if value == "" else float(value)
            elif key == "cls":
                classes = frozenset(value.split("+"))
            elif key == "th":
                per = tuple((c, float(t)) for c, _, t in
                            (x.partition(":") for x in value.split("+")))
            elif key == "everyday":
                everyday, zipf = True, GUARD_ZIPF if zipf is None else zipf
            elif key != "none":
                raise ValueError(f"unknown guard part {part!r}")
        return cls(text, zipf, classes, per, everyday)

    def floor(self, threshold: float) -> float:
        return min([threshold, *(t for _, t in self.per_class)])

    def keeps(self, doc: Doc, tokens: list[int], cls: str, peak: float, threshold: float,
              matcher: Matcher | None = None) -> bool:
        if self.classes is not None and cls not in self.classes:
            return False
        if peak < dict(self.per_class).get(cls, threshold):
            return False
        words = matcher if self.everyday else None
        return self.zipf is None or any(unknown(doc, k, self.zipf, words) for k in tokens)


def unknown(doc: Doc, k: int, cut: float, matcher: Matcher | None = None) -> bool:
    """Token k is not an everyday word the lexicon knows above `cut`: rarer, with a digit, or
    with a name, place or institution reading; with `matcher`, a rarer word without a reading
    counts only when the engine does not read it as a misspelt everyday word or a compound."""
    word = doc.texts[k]
    if not word[:1].isalnum():
        return False
    e = doc.entries[k]
    if word[:1].isdigit() or e.gender or e.surname_rank or e.place_kind or e.country \
            or e.org_kind:
        return True
    if e.zipf >= cut:
        return False
    key = doc.folds[k]
    return matcher is None or not (matcher._misspelt(key) or matcher._compound(key))


# a tagged run: its tokens, 1 - P(O) where read, every label's marginal and the stretches read
Scan = tuple[list[int], dict[int, float], dict[int, dict[str, float]], list[tuple[int, int]]]


@dataclass
class Tagger:
    """The trained CRF and its label map; `spans` tags an essay (or only the windows around its
    candidate words)."""

    engine: Engine
    model_path: Path
    labels: LabelMap
    candidates_only: bool = False
    # keep only spans holding a candidate word (not a frequent word without a name reading)
    filtered: bool = False
    floor: float = 0.3  # every label's marginal is read only where 1 - P(O) reaches this
    memo: dict[str, list[Scan]] | None = None  # scans by text (the grid reads them again)
    tagger: pycrfsuite.Tagger = field(init=False)
    tagged: int = 0  # tokens given to the CRF (the candidates' variant tags fewer)

    def __post_init__(self) -> None:
        self.tagger = pycrfsuite.Tagger()
        self.tagger.open(str(self.model_path))
        self.tags = frozenset(self.tagger.labels())
        self.classes = sorted({t[2:] for t in self.tags if t != "O"})
        # the attributes the model weighs (the others change no tag)
        self.known = frozenset(a for a, _ in self.tagger.info().state_features)
        self.cache = FeatureCache(self.engine.lex.name_origins, self.known)
        self.matcher = next(d for d in self.engine.detectors if isinstance(d, Matcher))

    def windows(self, doc: Doc) -> list[list[int]]:
        """Runs of token indexes to tag: every token, or the candidates' windows merged."""
        n = len(doc.texts)
        if not self.candidates_only:
            return [list(range(n))] if n else []
        keep = sorted({j for k in range(n) if self.candidate(doc, k)
                       for j in range(max(0, k - WINDOW), min(n, k + WINDOW + 1))})
        runs: list[list[int]] = []
        for k in keep:
            if runs and runs[-1][-1] == k - 1:
                runs[-1].append(k)
            else:
                runs.append([k])
        return runs

    @staticmethod
    def candidate(doc: Doc, k: int) -> bool:
        """A word that could be a name: not among the most frequent common words, or a
        capitalised or digit-bearing one."""
        return unknown(doc, k, CANDIDATE_ZIPF)

    def scans(self, doc: Doc) -> list[Scan]:
        """Each run tagged: its tokens, 1 - P(O) where read, every label's marginal there, and
        the stretches of tokens reaching `floor` that decoding reads. With the candidate
        filter only the stretches around a candidate word are read (a span without one is
        dropped anyway, and decoding restarts after every token below the floor, so the spans
        are the same as from reading every token)."""
        if self.memo is not None and doc.text in self.memo:
            return self.memo[doc.text]
        out: list[Scan] = []
        tagger, tags, floor, cache = self.tagger, self.tags, self.floor, self.cache
        for run in self.windows(doc):
            self.tagged += len(run)
            tagger.set(features(doc, cache, run))
            tagger.tag()
            inside: dict[int, float] = {}

            def above(i: int) -> bool:
                p = inside.get(i)
                if p is None:
                    p = inside[i] = 1.0 - tagger.marginal("O", i)
                return p >= floor

            n, end, stretches = len(run), -1, []
            for i in (i for i, k in enumerate(run) if cache.candidate(doc, k)) \
                    if self.filtered else range(n):
                if i <= end or not above(i):
                    continue
                start, end = i, i
                while start > 0 and above(start - 1):
                    start -= 1
                while end + 1 < n and above(end + 1):
                    end += 1
                stretches.append((start, end))
            full = {i: {t: tagger.marginal(t, i) for t in tags}
                    for a, b in stretches for i in range(a, b + 1)}
            out.append((run, inside, full, stretches))
        if self.memo is not None:
            self.memo[doc.text] = out
        return out

    def spans(self, doc: Doc, threshold: float, guard: Guard = Guard()) -> list[Span]:
        """Tagged spans: the runs of tokens whose marginal probability of being inside some
        entity (1 - P(O)) is at least `threshold`, each of the class with the most probability
        mass at its first token; a new span starts where that token's B- outweighs its I-;
        kept as `guard` says."""
        out: list[Span] = []
        floor = guard.floor(threshold)
        if floor < self.floor:
            raise ValueError(f"threshold {floor} below the tagger's floor {self.floor}")
        for run, inside, full, stretches in self.scans(doc):
            for i, last in stretches:
                while i <= last:
                    if inside[i] < floor:
                        i += 1
                        continue
                    cls = max(self.classes, key=lambda c: self._mass(full[i], c))
                    j = i + 1
                    while j <= last and inside[j] >= floor and self._inside(full[j], cls):
                        j += 1
                    tokens = run[i:j]
                    if (not self.filtered or any(self.candidate(doc, k) for k in tokens)) \
                            and guard.keeps(doc, tokens, cls, max(map(inside.get, range(i, j))),
                                            threshold, self.matcher):
                        out.append(self._span(doc, run[i], run[j - 1], cls, out))
                    i = j
        return out

    @staticmethod
    def _mass(m: dict[str, float], cls: str) -> float:
        return m.get(f"B-{cls}", 0.0) + m.get(f"I-{cls}", 0.0)

    @staticmethod
    def _inside(m: dict[str, float], cls: str) -> bool:
        """A token continues a span of `cls`: its I- outweighs its B- and any other class."""
        inside = m.get(f"I-{cls}", 0.0)
        return inside > max(p for t, p in m.items() if t not in ("O", f"I-{cls}"))

    def _span(self, doc: Doc, a: int, b: int, cls: str, before: list[Span]) -> Span:
        start, end = doc.offsets[a], doc.ends[b]
        after = bool(before) and CLASS.get(before[-1].label) == cls \
            and start - before[-1].end <= 1
        key = " ".join(doc.folds[a:b + 1])
        label = self.labels.label(cls, doc.entries[a], doc.folds[a], after)
        return Span(start, end, label, (), 0.5, RULE, key)


@dataclass
class Union:
    """A Pseudonymizer: the engine's spans, plus the tagger's where the engine found nothing
    (none of its spans overlaps), rendered by the engine as one release does."""

    engine: Engine
    tagger: Tagger | None
    threshold: float
    alone: bool = False  # the tagger's spans only
    guard: Guard = Guard()
    added: int = 0
    # the engine's spans of a text pseudonymized without memory (the same at every threshold)
    cache: dict[str, list[Span]] = field(default_factory=dict)

    def pseudonymize(self, text: str, essay_id: str = "", *, strategy: str = "realistic",
                     seed: int = 0, memory: Memory | None = None, **_: object) -> Result:
        spans = [] if self.alone else self.cache.get(text) if memory is None else None
        if spans is None:
            spans = self.engine.detect(text, memory=memory)
            if memory is None:
                self.cache[text] = spans
        if self.tagger is not None:
            doc = Doc.make(text, self.engine.lex, self.engine.spellings)
            extra = [s for s in self.tagger.spans(doc, self.threshold, self.guard)
                     if not any(o.start < s.end and s.start < o.end for o in spans)]
            self.added += len(extra)
            spans = sorted(spans + extra, key=lambda s: s.start)
        return self.engine.render(text, spans, essay_id, strategy=strategy, seed=seed,
                                  memory=memory)


# --- measuring -------------------------------------------------------------------------------
def measure(pseudo: Union, path: Path | list[Document], fmt: str) -> Report:
    return evaluate(pseudo, path if isinstance(path, list) else read_gold(path, fmt), fmt)


def cost(engine: Engine, tagger: Tagger, texts: list[str], threshold: float
         ) -> tuple[float, float, float, int]:
    """Microseconds per token of the engine's detection, of the tagger (features + tagging +
    decoding at `threshold`, no memo, the feature cache cold at the start) and of its
    features alone, over the same texts; and the tokens. The Doc is the engine's anyway."""
    docs = [Doc.make(text, engine.lex, engine.spellings) for text in texts]
    tokens = sum(len(doc.texts) for doc in docs)
    t0 = time.perf_counter()
    for text in texts:
        engine.detect(text)
    t1 = time.perf_counter()
    origins, known = tagger.cache.origins, tagger.known
    tagger.memo, tagger.floor, tagger.cache = None, threshold, FeatureCache(origins, known)
    for doc in docs:
        tagger.spans(doc, threshold)
    t2 = time.perf_counter()
    cache = FeatureCache(origins, known)
    for doc in docs:
        for run in tagger.windows(doc):
            features(doc, cache, run)
    t3 = time.perf_counter()
    return 1e6 * (t1 - t0) / tokens, 1e6 * (t2 - t1) / tokens, 1e6 * (t3 - t2) / tokens, tokens


def count_part(engine: Engine, model: Path, texts: list[str], part: str, threshold: float,
               warm: bool = False) -> None:
    """One part of the work for cachegrind (`--count`): `base` makes every Doc, `engine` also
    detects, `tagger` also tags (features + tagging + decoding), `features` makes the features
    only; the differences from `base`
    are each part's instructions."""
    docs = [Doc.make(text, engine.lex, engine.spellings) for text in texts]
    tagger = Tagger(engine, model, LabelMap(), filtered=True, floor=threshold)
    if warm:  # every spelling's parts cached first (a long run's steady state)
        for doc in docs:
            features(doc, tagger.cache)
    if part == "engine":
        for text in texts:
            engine.detect(text)
    elif part == "tagger":
        for doc in docs:
            tagger.spans(doc, threshold)
    elif part == "features":
        for doc in docs:
            features(doc, tagger.cache)
    print(f"{part}: {sum(len(doc.texts) for doc in docs)} tokens")


def row(name: str, rep: Report) -> str:
    """misses.py's line, with the share of replaced gold spans any prediction overlaps."""
    scores = [s for label, s in rep.labels.items() if LABELS[label].action == REPLACE]
    detected = sum(s.detected for s in scores) / sum(s.gold for s in scores)
    return f"{name}: replace recall {rep.replace_recall:.3f} (detected {detected:.3f}), leaks " \
           f"{len(rep.leaks)} in {len({d for d, _ in rep.leaks})} of {rep.docs} essays"


def parser() -> argparse.ArgumentParser:
    """The command line (see the module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("home", type=Path)
    ap.add_argument("--model", type=Path, default=None, help="where to write the CRF model")
    ap.add_argument("--thresholds", default=",".join(map(str, THRESHOLDS)))
    ap.add_argument("--guards", default="none", help="';'-separated `Guard.parse` settings")
    ap.add_argument("--no-precision", action="store_true", help="the test set only")
    ap.add_argument("--test", default=TEST, help="the unseen set (devN; trained on the sets "
                    "before it); a measurement-only set prints aggregate figures only")
    ap.add_argument("--multiged-half", action="store_true",
                    help="train also on MultiGED's even chunks, measure on its odd ones")
    ap.add_argument("--train-only", action="store_true", help="train, print size and digest")
    ap.add_argument("--count", choices=("base", "engine", "tagger", "features"), default=None,
                    help="run one part over MultiGED's odd chunks for cachegrind (with --model "
                    "an existing model)")
    ap.add_argument("--texts", type=int, default=0, help="--count: the first N texts only")
    ap.add_argument("--cost-threshold", type=float, default=0.5)
    ap.add_argument("--warm", action="store_true", help="--count: the feature cache filled "
                    "first (in every part)")
    return ap


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    shared = Path(os.environ.get("SWEPSEUDO_SHARED", "/work/shared"))
    engine = Engine.load(Store(args.home).snapshot_path())
    multiged: Path | list[Document] = shared / "data/multiged-sv/sv_swell_train.tsv"
    if args.count:
        texts = [d.text for d in multiged_halves(multiged)[1]]
        count_part(engine, args.model, texts[:args.texts or None], args.count,
                   args.cost_threshold, args.warm)
        return 0
    model = args.model or Path(tempfile.mkdtemp()) / "tagger.crfsuite"
    taught: list[Document] = []
    if args.multiged_half:
        taught, multiged = multiged_halves(multiged)
    t0 = time.perf_counter()
    names = training_sets(args.test)
    labels = train(engine, model, names, more=taught)
    digest = hashlib.sha256(model.read_bytes()).hexdigest()[:16]
    print(f"trained on {', '.join(names)}{' and MultiGED even chunks' if taught else ''} in "
          f"{time.perf_counter() - t0:.0f} s; model {model.stat().st_size} bytes, sha256 "
          f"{digest}", flush=True)
    if args.train_only:
        return 0
    thresholds = [float(x) for x in args.thresholds.split(",")]
    guards = [Guard.parse(g) for g in args.guards.split(";")]
    test = GOLD / f"{args.test}.jsonl"
    sets: list[tuple[str, Path | list[Document], str]] = [(args.test, test, "jsonl")]
    if not args.no_precision:
        sets += [("MultiGED" + (" odd chunks" if taught else ""), multiged, "multiged"),
                 ("news", shared / "data/swedish-ner/train_corpus.txt", "conll")]
    cost_texts = [d.text for d in read_gold(test, "jsonl")]
    if not args.no_precision:
        cost_texts = [d.text for d in (multiged if isinstance(multiged, list)
                                       else read_gold(multiged, "multiged"))]
    cache: dict[str, list[Span]] = {}
    floor = min(g.floor(th) for g in guards for th in thresholds)
    for variant, kept in VARIANTS[:int(os.environ.get("LEARNED_VARIANTS", len(VARIANTS)))]:
        tagger = Tagger(engine, model, labels, candidates_only=variant, filtered=kept,
                        floor=floor, memo={})
        measure_variant(tagger, thresholds, guards, sets, cache, args.test)
        tagger.tagged = 0
        engine_us, tagger_us, features_us, tokens = cost(engine, tagger, cost_texts,
                                                         args.cost_threshold)
        print(f"cost: engine {engine_us:.1f} µs/token, tagger {tagger_us:.1f} µs/token "
              f"(x{tagger_us / engine_us:.2f}; features {features_us:.1f}) over {tokens} "
              f"tokens, {tagger.tagged / tokens:.1%} of them tagged", flush=True)
    return 0


def measure_variant(tagger: Tagger, thresholds: list[float], guards: list[Guard],
                    sets: list[tuple[str, Path | list[Document], str]],
                    cache: dict[str, list[Span]], test_name: str) -> None:
    """Print one variant's rows: the test set by the tagger alone, then the union on every set
    for each guard at each threshold (1.0: the engine alone)."""
    engine, test = tagger.engine, GOLD / f"{test_name}.jsonl"
    name = f"candidates' windows (+-{WINDOW})" if tagger.candidates_only else "every token"
    name += ", spans with a candidate word only" if tagger.filtered else ""
    print(f"### tagger on {name}")
    print(row(f"{test_name} engine", measure(Union(engine, None, 1.0), test, "jsonl")))
    for th in (th for th in thresholds if th < 1):
        print(row(f"{test_name} tagger alone >= {th}", measure(Union(engine, tagger, th, True),
                                                          test, "jsonl")))
    for guard in guards:
        for th in thresholds:
            if th >= 1 and guard is not guards[0]:
                continue
            for title, path, fmt in sets:
                u = Union(engine, tagger if th < 1 else None, th, guard=guard, cache=cache)
                print(result_line(f"{title} union [{guard.name}] >= {th}", fmt,
                                  measure(u, path, fmt), u.added), flush=True)


def result_line(title: str, fmt: str, rep: Report, added: int) -> str:
    """One set's figures: misses.py's line, MultiGED's flagged words or news's precision."""
    if fmt == "jsonl":
        return row(title, rep) + f" (+{added} spans)"
    if fmt == "multiged":
        return f"{title}: lower flagged {rep.lower_flagged_rate:.4%}, other flagged " \
               f"{rep.false_positive_rate:.4%}, slot recall {rep.overall.recall:.4f} " \
               f"(+{added} spans)"
    return f"{title}: flagged on gold {rep.flagged_precision:.4f} (+{added} spans)"


if __name__ == "__main__":
    sys.exit(main())
