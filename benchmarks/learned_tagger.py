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

`--multiged-half` also trains on MultiGED's even chunks and measures on its odd ones. The
environment picks variants: LEARNED_CLASSES=fine (BIO over every replaced label, not the four
coarse classes), LEARNED_WINDOW=N (the candidates' variant tags candidates +-N tokens),
LEARNED_VARIANTS=1 (only the first of `VARIANTS`). Training is deterministic: the same sets
give the same model file, byte for byte (crfsuite's L-BFGS). About 4-10 minutes on 2 cores.

The tagger is not part of the engine: nothing here is imported by `pseudonymize`.
"""
from __future__ import annotations

import argparse
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


def token_features(doc: Doc, k: int, origins: dict) -> list[str]:
    """What the engine's tokenization and lexicon say of token k itself."""
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
    if k in doc.starts:
        f.append("sent_start")
    return f


def features(doc: Doc, origins: dict, keep: Iterable[int] | None = None) -> list[list[str]]:
    """Per token (or per token of `keep`): its own features and a window of +-2 folded words
    with their case and lexicon reading."""
    n = len(doc.texts)
    out = []
    for k in range(n) if keep is None else keep:
        f = token_features(doc, k, origins)
        for d in (-2, -1, 1, 2):
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
    tagger: pycrfsuite.Tagger = field(init=False)
    tagged: int = 0  # tokens given to the CRF (the candidates' variant tags fewer)

    def __post_init__(self) -> None:
        self.tagger = pycrfsuite.Tagger()
        self.tagger.open(str(self.model_path))
        self.tags = frozenset(self.tagger.labels())
        self.classes = sorted({t[2:] for t in self.tags if t != "O"})

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
        word = doc.texts[k]
        if not word[:1].isalnum():
            return False
        e = doc.entries[k]
        return e.zipf < CANDIDATE_ZIPF or word[:1].isdigit() or bool(e.gender or e.surname_rank or e.place_kind or e.country or e.org_kind)

    def spans(self, doc: Doc, threshold: float) -> list[Span]:
        """Tagged spans: the runs of tokens whose marginal probability of being inside some
        entity (1 - P(O)) is at least `threshold`, each of the class with the most probability
        mass at its first token; a new span starts where that token's B- outweighs its I-."""
        out: list[Span] = []
        origins = self.engine.lex.name_origins
        tagger, classes = self.tagger, self.classes
        for run in self.windows(doc):
            self.tagged += len(run)
            tagger.set(features(doc, origins, run))
            tagger.tag()
            i, n = 0, len(run)
            while i < n:
                if 1.0 - tagger.marginal("O", i) < threshold:
                    i += 1
                    continue
                cls = max(classes, key=lambda c: self._mass(c, i))
                j = i + 1
                while j < n and 1.0 - tagger.marginal("O", j) >= threshold \
                        and self._inside(cls, j):
                    j += 1
                if not self.filtered or any(self.candidate(doc, k) for k in run[i:j]):
                    out.append(self._span(doc, run[i], run[j - 1], cls, out))
                i = j
        return out

    def _mass(self, cls: str, i: int) -> float:
        return sum(self.tagger.marginal(t, i) for t in (f"B-{cls}", f"I-{cls}")
                   if t in self.tags)

    def _inside(self, cls: str, j: int) -> bool:
        """Token j continues a span of `cls`: its I- outweighs its B- and any other class."""
        m = self.tagger.marginal
        inside = m(f"I-{cls}", j) if f"I-{cls}" in self.tags else 0.0
        return inside > max(m(t, j) for t in self.tags if t not in ("O", f"I-{cls}"))

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
            extra = [s for s in self.tagger.spans(doc, self.threshold)
                     if not any(o.start < s.end and s.start < o.end for o in spans)]
            self.added += len(extra)
            spans = sorted(spans + extra, key=lambda s: s.start)
        return self.engine.render(text, spans, essay_id, strategy=strategy, seed=seed,
                                  memory=memory)


# --- measuring -------------------------------------------------------------------------------
def measure(pseudo: Union, path: Path | list[Document], fmt: str) -> Report:
    return evaluate(pseudo, path if isinstance(path, list) else read_gold(path, fmt), fmt)


def cost(engine: Engine, tagger: Tagger, texts: list[str]) -> tuple[float, float, int]:
    """Microseconds per token of the engine's detection and of the tagger (features + tagging)
    over the same texts, and the tokens."""
    tokens = 0
    t0 = time.perf_counter()
    for text in texts:
        engine.detect(text)
    t1 = time.perf_counter()
    for text in texts:
        doc = Doc.make(text, engine.lex, engine.spellings)
        tokens += len(doc.texts)
        tagger.spans(doc, 0.0)
    t2 = time.perf_counter()
    doc_cost = 0.0
    for text in texts:
        Doc.make(text, engine.lex, engine.spellings)
    doc_cost = time.perf_counter() - t2  # the Doc the engine makes anyway
    return 1e6 * (t1 - t0) / tokens, 1e6 * (t2 - t1 - doc_cost) / tokens, tokens


def row(name: str, rep: Report) -> str:
    """misses.py's line, with the share of replaced gold spans any prediction overlaps."""
    scores = [s for label, s in rep.labels.items() if LABELS[label].action == REPLACE]
    detected = sum(s.detected for s in scores) / sum(s.gold for s in scores)
    return f"{name}: replace recall {rep.replace_recall:.3f} (detected {detected:.3f}), leaks " \
           f"{len(rep.leaks)} in {len({d for d, _ in rep.leaks})} of {rep.docs} essays"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("home", type=Path)
    ap.add_argument("--model", type=Path, default=None, help="where to write the CRF model")
    ap.add_argument("--thresholds", default=",".join(map(str, THRESHOLDS)))
    ap.add_argument("--no-precision", action="store_true", help="the test set only")
    ap.add_argument("--test", default=TEST, help="the unseen set (devN; trained on the sets "
                    "before it); a measurement-only set prints aggregate figures only")
    ap.add_argument("--multiged-half", action="store_true",
                    help="train also on MultiGED's even chunks, measure on its odd ones")
    args = ap.parse_args(argv)
    shared = Path(os.environ.get("SWEPSEUDO_SHARED", "/work/shared"))
    engine = Engine.load(Store(args.home).snapshot_path())
    model = args.model or Path(tempfile.mkdtemp()) / "tagger.crfsuite"
    multiged: Path | list[Document] = shared / "data/multiged-sv/sv_swell_train.tsv"
    taught: list[Document] = []
    if args.multiged_half:
        taught, multiged = multiged_halves(multiged)
    t0 = time.perf_counter()
    names = training_sets(args.test)
    labels = train(engine, model, names, more=taught)
    print(f"trained on {', '.join(names)}{' and MultiGED even chunks' if taught else ''} in "
          f"{time.perf_counter() - t0:.0f} s; model {model.stat().st_size} bytes", flush=True)
    thresholds = [float(x) for x in args.thresholds.split(",")]
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
    for variant, kept in VARIANTS[:int(os.environ.get("LEARNED_VARIANTS", len(VARIANTS)))]:
        tagger = Tagger(engine, model, labels, candidates_only=variant, filtered=kept)
        measure_variant(tagger, thresholds, sets, cache, cost_texts, args.test)
    return 0


def measure_variant(tagger: Tagger, thresholds: list[float],
                    sets: list[tuple[str, Path | list[Document], str]],
                    cache: dict[str, list[Span]], cost_texts: list[str], test_name: str
                    ) -> None:
    """Print one variant's rows: the test set by the tagger alone, then the union on every set at
    each threshold (1.0: the engine alone), then the cost."""
    engine, test = tagger.engine, GOLD / f"{test_name}.jsonl"
    name = f"candidates' windows (+-{WINDOW})" if tagger.candidates_only else "every token"
    name += ", spans with a candidate word only" if tagger.filtered else ""
    print(f"### tagger on {name}")
    print(row(f"{test_name} engine", measure(Union(engine, None, 1.0), test, "jsonl")))
    for th in (th for th in thresholds if th < 1):
        print(row(f"{test_name} tagger alone >= {th}", measure(Union(engine, tagger, th, True),
                                                          test, "jsonl")))
    for th in thresholds:
        for title, path, fmt in sets:
            u = Union(engine, tagger if th < 1 else None, th, cache=cache)
            rep = measure(u, path, fmt)
            if fmt == "jsonl":
                print(row(f"{title} union >= {th}", rep) + f" (+{u.added} spans)")
            elif fmt == "multiged":
                print(f"{title} union >= {th}: lower flagged {rep.lower_flagged_rate:.4%}, "
                      f"other flagged {rep.false_positive_rate:.4%}, slot recall "
                      f"{rep.overall.recall:.4f} (+{u.added} spans)")
            else:
                print(f"{title} union >= {th}: flagged on gold {rep.flagged_precision:.4f} "
                      f"(+{u.added} spans)")
        sys.stdout.flush()
    tagger.tagged = 0
    engine_us, tagger_us, tokens = cost(engine, tagger, cost_texts)
    print(f"cost ({name}): engine {engine_us:.1f} µs/token, tagger {tagger_us:.1f} µs/token "
          f"(x{tagger_us / engine_us:.1f}) over {tokens} tokens, {tagger.tagged / tokens:.1%} "
          "of them tagged")

if __name__ == "__main__":
    sys.exit(main())
