"""The learned tagger (issue 14): a linear-chain CRF beside the rules, a guard against leaks.

The rules generalise badly to text nobody tuned them on; a small CRF trained on the open gold
sets and half of MultiGED finds most of what they miss there (docs/learned.md). It runs after
resolution as the declared rule `learned`: its spans where no engine span overlaps. Only the
stretches around a candidate word no engine span covers are tagged (elsewhere the union adds
nothing). The policy's `learned` switch says what becomes of its spans: "replace" (the
default), "review" (kept out of the output, shown as doubts on the review page) or "off".

The model is a packaged file (`data/tagger.crfsuite`) with `data/tagger.json` beside it: its
label map, sha256, training sets and command, the snapshot it was trained on and attribution.
Loading checks the digest. `train` writes both, byte for byte the same from the same inputs:

    SWEPSEUDO_SHARED=../shared .venv/bin/python benchmarks/learned_tagger.py HOME \
        --train-only --model pseudonymize/data/tagger.crfsuite
"""
from __future__ import annotations

import hashlib
import json
import pickle
import threading
from bisect import bisect_left, bisect_right
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from importlib.util import source_hash
from itertools import accumulate, compress, filterfalse, repeat
from operator import and_, attrgetter, lt, or_
from pathlib import Path
from typing import TYPE_CHECKING

from pseudonymize import thresholds as T
from pseudonymize.detectors import LEARNED as RULE
from pseudonymize.detectors.namelike import NameLikeness
from pseudonymize.doc import Doc, Spellings, frequent_spellings
from pseudonymize.labels import LEARNED_CLASSES as COARSE
from pseudonymize.lexicon import Entry, Lexicon, keep_derived
from pseudonymize.types import Span

if TYPE_CHECKING:
    from pseudonymize.detectors.gazetteer_match import Matcher
    from pseudonymize.policy import Policy

MODEL = Path(__file__).parent / "data" / "tagger.crfsuite"
META = MODEL.with_suffix(".json")
DEFAULT_MODE = "replace"  # nothing personal leaves: recall over precision
PIN = "python-crfsuite==0.9.11"
FALLBACK = {"PER": "firstname_unknown", "PLC": "city", "ORG": "work", "NUM": "other_nr_seq"}
# the CRF's training parameters (L-BFGS; deterministic over the documents in order)
PARAMS = {"c1": 0.05, "c2": 0.01, "max_iterations": 150, "feature.possible_transitions": True}
NEAR = (-2, -1, 1, 2)
NAMELIKE_ZIPF = 4.0  # a word rarer than this gets its name-likeness as a feature
EDGE = {d: (f"{d}:edge",) for d in NEAR}
# `FeatureCache.join`'s parts of a position outside the text, and the sentence start, encoded
EDGE_ROW = ((), *(tuple(map(str.encode, EDGE[d])) for d in NEAR))
SENT_START = b"sent_start"
# the word lists whose words are read as a class where they stand beside a token (`Slots`):
# kin words of any language, prepositions of place and origin, verbs of persons (saying,
# meeting, living, being named), kind and head nouns of geography, work words and name
# particles: the slot a name or place stands in, which a word no list holds shares
SLOTS = ("fam", "kin_gender", "possessed_kin", "namelike_kin", "name_trigger", "place_trigger",
         "geo_preposition", "locating_preposition", "origin_preposition", "person_preposition",
         "name_verb", "naming_verb", "speech_verb", "social_verb", "dwelling_verb", "work_word",
         "kind_noun", "head_noun", "geo_head_after", "foreign_head_noun", "name_connector",
         "institution_head", "street_noun", "town_noun")
# the classes of the word right before a rare word read as a misspelt everyday word or a
# compound that make it count for the guard (T.LEARNED_SLOT_GATE): kin words, prepositions of
# place, kind nouns and "heter"
GATE_SLOTS = ("fam", "kin_gender", "possessed_kin", "namelike_kin", "locating_preposition",
              "geo_preposition", "origin_preposition", "kind_noun", "naming_verb")
SLOTTED = 2  # `candidate`'s answer for such a word: a candidate in a slot only
WARM_TABLE = "tagger spellings"  # the derived table of the frequent spellings (`frequent_table`)
MODEL_TABLE = "tagger attributes"  # the model's attributes, those features (`model_table`)


class LearnedError(RuntimeError):
    """The tagger cannot run: its dependency or model is missing or altered (one line)."""


def mode(policy: Policy | None, default: str = DEFAULT_MODE) -> str:
    """The policy's `learned` switch, or `default` where it sets none (the engine's, the
    release's record and the review's, read alike)."""
    return policy.learned if policy is not None and policy.learned else default


def mode_error(reason: str) -> LearnedError:
    """One line saying what is wrong and how to turn the tagger off."""
    return LearnedError(f"learned tagger: {reason}; set learned = \"off\" in the corpus policy "
                        f"to run without it")


def _crfsuite():
    """The python-crfsuite module, or a one-line error saying how to install it or turn the
    tagger off (imported only when a tagger is trained or loaded)."""
    try:
        import pycrfsuite
    except ImportError:
        raise mode_error(f"python-crfsuite is not installed (pip install {PIN})") from None
    return pycrfsuite


# --- features --------------------------------------------------------------------------------
def shape(word: str) -> str:
    """Xxxx, xxxx, XXXX, dddd, mixed: the word's case and digit pattern, runs squeezed."""
    out: list[str] = []
    for ch in word[:12]:
        c = "X" if ch.isupper() else "x" if ch.islower() else "d" if ch.isdigit() else ch
        if not out or out[-1] != c:
            out.append(c)
    return "".join(out)


def reading(e: Entry) -> str:
    """The lexicon's first reading of a word, one short string (for the label map too)."""
    if e.country:
        return "country"
    if e.place_kind:
        return e.place_kind
    if e.org_kind:
        return "org"
    if e.gender:
        return e.gender
    return "surname" if e.surname_rank else "-"


class Slots:
    """What the word lists say of a spelling as the tagger reads it: the classes (SLOTS) it is
    of as a neighbour ("min weltma X": a kin word before; "bor i X", "X säger"). Made once per
    lexicon; read once per spelling."""

    def __init__(self, lex: Lexicon) -> None:
        table: dict[str, list[str]] = defaultdict(list)
        for c in SLOTS:
            for k in lex.words(c):
                table[k].append(c)
        self.of = {k: tuple(v) for k, v in table.items()}


def own_features(word: str, key: str, e: Entry, origins: dict,
                 namelike: NameLikeness | None = None) -> list[str]:
    """What the lexicon says of a spelling itself (all but the sentence start); with
    `namelike`, how name-like the letters of a rare word are (names of languages no list
    holds)."""
    f = ["w=" + key, "shape=" + shape(word), f"len={min(len(word), 12)}",
         f"zipf={int(e.zipf * 2) / 2}", "suf3=" + key[-3:], "suf4=" + key[-4:],
         "pre3=" + key[:3], "kind=" + reading(e)]
    if namelike is not None and e.zipf < NAMELIKE_ZIPF and key.isalpha():
        f.append(f"namelike={max(-2.0, min(2.0, round(namelike.score(key) * 2) / 2))}")
    if word[:1].isupper():
        f.append("cap")
    if word.isupper() and len(word) > 1:
        f.append("allcaps")
    if not word.isalpha() and any(ch.isdigit() for ch in word):  # (no letter is a digit)
        f.append("digit")
    if e.gender:
        f += [f"gender={e.gender}", f"first_rank={min(len(str(e.first_rank)), 6)}"]
    if e.surname_rank:
        f.append(f"surname_rank={min(len(str(e.surname_rank)), 6)}")
    if e.place_kind:
        f += [f"place={e.place_kind}", "se_place" if e.se_pop else "abroad"]
    if e.country:
        f.append("country")
    if e.org_kind:
        f.append(f"org={e.org_kind}")
    if e.cats:  # (lists, not generators, and no empty ones: a tenth of a new spelling's cost)
        f.extend(["cat=" + c for c in sorted(e.cats)[:6]])
    if key in origins:
        f.extend(["origin=" + o for o in origins[key][:3]])
    return f


def near_parts(word: str, key: str, e: Entry, slots: Slots | None = None
               ) -> dict[int, tuple[str, ...]]:
    """A spelling's features as the neighbour `d` tokens away (+-1: with case and reading),
    each "<d>:" before the same strings (made once for both sides); with `slots`, the classes
    it is of (`Slots.of`) at +-1 and +-2 and its reading at +-2 ("Amina och X")."""
    w = "w=" + key
    kind = "kind=" + reading(e)
    tail = (w, kind, "cap=True" if word[:1].isupper() else "cap=False",
            *["cat=" + c for c in sorted(e.cats)[:4]])
    far: tuple[str, ...] = (w,)
    if slots is not None:
        of = tuple(["slot=" + c for c in slots.of.get(key, ())])
        tail += of
        far += of + ((kind,) if kind != "kind=-" else ())
    return {d: tuple([f"{d}:{t}" for t in far]) if abs(d) != 1
            else tuple([f"{d}:{t}" for t in tail]) for d in NEAR}


def spelling_parts(word: str, key: str, e: Entry, origins: dict,
                   namelike: NameLikeness | None = None, slots: Slots | None = None
                   ) -> tuple[Sequence[str], ...]:
    """A spelling's `own_features` and its `near_parts` as the neighbour at -2, -1, +1, +2."""
    near = near_parts(word, key, e, slots)
    return (own_features(word, key, e, origins, namelike), *map(near.__getitem__, NEAR))


def packed(parts: tuple[Sequence[str], ...]) -> bytes:
    """`spelling_parts` as one bytes object: the five parts' lengths, then every feature UTF-8
    encoded, one a line (`unpacked` reads it back): what the tagger keeps of the frequent
    spellings with the lexicon's derived tables (`frequent_table`), one object each where the
    parts' tuples of bytes were some thirty to unpickle. b"" where a feature holds a newline
    (a token holds no white space, so none does: such a spelling is not kept)."""
    text = "\n".join(f for part in parts for f in part)
    if text.count("\n") != sum(map(len, parts)) - 1:
        return b""
    return bytes(map(len, parts)) + text.encode()


def unpacked(blob: bytes) -> tuple[tuple[bytes, ...], ...]:
    """`packed`'s parts: (own, as the neighbour at -2, -1, +1, +2), each a tuple of UTF-8
    encoded features (what `FeatureCache.join` strings together)."""
    a, b, c, d = accumulate(blob[:4])
    lines = blob[5:].split(b"\n")
    return tuple(lines[:a]), tuple(lines[a:b]), tuple(lines[b:c]), tuple(lines[c:d]), \
        tuple(lines[d:])


class EssayMarks:
    """What the rest of an essay says of a spelling (features no spelling has alone): written
    capitalised where no sentence starts ("qarashal" is the "Qarashal" of another sentence),
    and a rare word written more than once (a learner names their town again and again;
    counted at C speed, read only for the tokens tagged)."""

    __slots__ = ("caps", "counts")

    def __init__(self, doc: Doc) -> None:
        folds = doc.folds
        # the folds of the capitalised words no sentence starts with, by C-level calls over
        # the capitalised tokens (a Counter of them less a Counter of those at the starts)
        self.caps = frozenset(map(folds.__getitem__, filterfalse(
            doc.starts.__contains__, compress(range(len(folds)), doc.capitals))))
        self.counts = Counter(folds)

    def of(self, doc: Doc, k: int) -> tuple[str, ...]:
        """Token k's essay features."""
        key, word = doc.folds[k], doc.texts[k]
        out = ("cap_elsewhere",) if key in self.caps and word[:1].islower() else ()
        if self.counts[key] > 1 and word[:1].isalpha() \
                and doc.entries[k].zipf < T.LEARNED_GUARD_ZIPF:
            out += ("again",)
        return out

    def among(self, doc: Doc, run: range) -> Iterable[int]:
        """The tokens of `run` that may have features of their own (`of`): a fold written
        capitalised elsewhere, or a word below LEARNED_GUARD_ZIPF written more than once;
        found by C-level passes over the run, where `join` called `of` for every tagged token
        (23,800 a pass over MultiGED's 449 essays: 291 have such features, 2,800 pass here)."""
        a, b = run.start, run.stop
        folds = doc.folds[a:b]
        return compress(run, map(or_, map(self.caps.__contains__, folds), map(
            and_, map(lt, map(ZIPF, doc.entries[a:b]), repeat(T.LEARNED_GUARD_ZIPF)),
            map(lt, repeat(1), map(self.counts.__getitem__, folds)))))


ZIPF = attrgetter("zipf")


def features(doc: Doc, origins: dict, namelike: NameLikeness | None = None,
             slots: Slots | None = None) -> list[list[str]]:
    """Per token: its own features, its sentence start, and +-2 folded words with their case
    and reading, and what the rest of the essay says of it (`EssayMarks`); with `namelike`,
    the name-likeness of rare words; with `slots`, the word lists' classes of the neighbours
    (the reference the cached join must equal; training's input)."""
    n, out = len(doc.texts), []
    marks = EssayMarks(doc)
    for k in range(n):
        f = own_features(doc.texts[k], doc.folds[k], doc.entries[k], origins, namelike)
        if k in doc.starts:
            f.append("sent_start")
        for d in NEAR:
            j = k + d
            f.extend(near_parts(doc.texts[j], doc.folds[j], doc.entries[j], slots)[d]
                     if 0 <= j < n else EDGE[d])
        f.extend(marks.of(doc, k))
        out.append(f)
    return out


class FeatureCache(dict):
    """Each spelling's own features and its parts as a neighbour, made once per spelling (at
    most REMEMBERED_WORDS) from the engine's `Spellings` row (its fold and lexicon entry), so
    an essay's features are joined from cached tuples. They are kept as UTF-8 bytes, which
    crfsuite takes without encoding each attribute again per token. With `attributes` (the
    model's, `model_table`), only those: crfsuite drops any other before it reads the item
    (the same marginals), after copying it and looking it up (a sixth of them on MultiGED)."""

    def __init__(self, spellings: Spellings, origins: dict,
                 namelike: NameLikeness | None = None,
                 attributes: frozenset[bytes] | None = None, slots: Slots | None = None
                 ) -> None:
        super().__init__()
        self.spellings, self.origins, self.namelike = spellings, origins, namelike
        self.slots = slots
        self.warm: dict[str, bytes] = {}  # the frequent spellings' (`frequent_table`)
        self.attributes = attributes
        self.edge = tuple(tuple(self._kept(part)) for part in EDGE_ROW)
        self.sent_start = bool(tuple(self._kept((SENT_START,))))

    def _kept(self, features: Iterable[bytes]) -> Iterable[bytes]:
        """The features the model knows (all without `attributes`)."""
        known = self.attributes
        return features if known is None else filter(known.__contains__, features)

    def __missing__(self, word: str) -> tuple[tuple[bytes, ...], ...]:
        """(own, as the neighbour at -2, -1, +1, +2): the parts `join` strings together."""
        blob = self.warm.get(word)
        if blob is not None:  # a frequent spelling (`frequent_table`, `model_table`)
            got = unpacked(blob)
        else:
            key, e = self.spellings[word][:2]
            got = tuple(tuple(self._kept(map(str.encode, part))) for part in
                        spelling_parts(word, key, e, self.origins, self.namelike,
                                       self.slots))
        if len(self) < T.REMEMBERED_WORDS:
            self[word] = got
        return got

    def join(self, doc: Doc, run: range, marks: EssayMarks | None = None
             ) -> list[list[bytes]]:
        """`features` of the tokens of `run`, UTF-8 encoded (the same lists, same order; with
        `attributes`, less those the model does not know): one list built per token from its
        own part and its neighbours' and, with `marks`, the essay's (`EssayMarks`, made once
        per essay)."""
        n, texts, m = len(doc.texts), doc.texts, len(run)
        lo, hi = max(0, run.start - 2), min(n, run.stop + 2)
        edge = self.edge
        row = [*(edge,) * (2 - run.start + lo), *map(self.__getitem__, texts[lo:hi]),
               *(edge,) * (2 - hi + run.stop)]
        out = [[*own[0], *a[1], *b[2], *c[3], *d[4]] for own, a, b, c, d in
               zip(row[2:m + 2], row[:m], row[1:m + 1], row[3:m + 3], row[4:m + 4])]
        # (the run's sentence starts by a C-level test of its tokens: a Python step per start
        # of the essay for each run is quadratic in an essay of many short sentences)
        for k in filter(doc.starts.__contains__, run) if self.sent_start else ():
            out[k - run.start].insert(len(row[k - run.start + 2][0]), SENT_START)
        if marks is not None:
            for k in marks.among(doc, run):
                got = marks.of(doc, k)
                if got:
                    out[k - run.start].extend(self._kept(map(str.encode, got)))
        return out


def candidate(word: str, key: str, e: Entry, cut: float, matcher: Matcher | None = None
              ) -> int:
    """A word that could be personal (1; 0 where not): not an everyday word the lexicon knows
    at `cut` or above (rarer, with a digit, or with a name, place or institution reading).
    With `matcher` (the guard), stricter: a lower-case word at `cut` or above is the word
    whatever it also names, and a rarer word without a reading counts only when the engine
    does not read it as a misspelt everyday word or a compound of two: a compound that is no
    misspelling is SLOTTED, a candidate only after a slot word (`Tagger.counts`)."""
    if not word[:1].isalnum():
        return 0
    named = e.gender or e.surname_rank or e.place_kind or e.country or e.org_kind
    if word[:1].isdigit() or named and (matcher is None or word[:1].isupper()):
        return 1
    if e.zipf >= cut:
        return 0
    if matcher is None or named or not matcher.everyday_variant(key):
        return 1
    # a compound of two everyday words ("kopparhatten") may name a place; a misspelt everyday
    # word ("sckolan") does not, whatever stands before it
    return SLOTTED if word.isalpha() and not matcher.misspelt(key) else 0


def bio(doc: Doc, spans: Iterable[tuple[int, int, str]]) -> list[str]:
    """BIO tags over the coarse classes from gold spans (each gold span its own B-): the tokens
    a span overlaps found by bisection (a long training text has many spans)."""
    tags = ["O"] * len(doc.texts)
    offsets, ends = doc.offsets, doc.ends
    for start, end, label in spans:
        cls = COARSE.get(label)
        if cls is None:
            continue
        k = bisect_right(ends, start)  # the first token ending after the span starts
        tag = f"B-{cls}"
        while k < len(offsets) and offsets[k] < end:
            tags[k], tag = tag, f"I-{cls}"
            k += 1
    return tags


# --- the fine label of a tagged span ---------------------------------------------------------
def label_keys(cls: str, e: Entry, key: str, after_same: bool) -> list[str]:
    """The label map's keys for a span's first word, most specific first: its class, whether
    it follows a span of the same class, its reading and its ending."""
    after = "1" if after_same else "0"
    return [f"{cls}|{after}|{reading(e)}|{key[-3:]}", f"{cls}|{after}|{reading(e)}", cls]


class LabelMap(dict):
    """Key (`label_keys`) -> the most frequent training label of spans of that key: the gold
    label a tagged span gets, backing off to fewer keys and at last to its class's default."""

    @classmethod
    def learn(cls, seen: Iterable[tuple[str, Entry, str, bool, str]]) -> LabelMap:
        """From (class, entry, fold, after_same, gold label) of every training span (ties: the
        label seen first)."""
        counts: dict[str, Counter] = defaultdict(Counter)
        for c, e, key, after, label in seen:
            for k in label_keys(c, e, key, after):
                counts[k][label] += 1
        return cls(sorted((k, n.most_common(1)[0][0]) for k, n in counts.items()))

    def label(self, cls: str, e: Entry, key: str, after_same: bool) -> str:
        return next((self[k] for k in label_keys(cls, e, key, after_same) if k in self),
                    FALLBACK[cls])


# --- training --------------------------------------------------------------------------------
def _gold_spans(doc: Doc, spans: Sequence[tuple[int, int, str]]
                ) -> Iterable[tuple[str, Entry, str, bool, str]]:
    """(class, entry, fold, after_same, label) of each gold span the tagger learns."""
    prev_end, prev_cls = -9, ""
    for start, end, label in spans:
        cls = COARSE.get(label)
        if cls is None:
            continue
        k = min(doc.index_at(start), len(doc.texts) - 1)
        yield cls, doc.entries[k], doc.folds[k], prev_cls == cls and start - prev_end <= 1, label
        prev_end, prev_cls = end, cls


def train(docs: Iterable[tuple[str, Sequence[tuple[int, int, str]]]], spellings: Spellings,
          origins: dict, model: Path, about: dict) -> dict:
    """Train the CRF on (text, gold spans) in order and write `model` and its JSON beside it
    (`about` joined to the label map, size and sha256): the same inputs give the same bytes."""
    trainer = _crfsuite().Trainer(verbose=False)
    seen: list[tuple[str, Entry, str, bool, str]] = []
    lex = spellings.lex
    namelike, slots = NameLikeness(lex), Slots(lex)
    for text, spans in docs:
        doc = Doc.make(text, lex, spellings)
        if doc.texts:
            trainer.append(features(doc, origins, namelike, slots), bio(doc, spans))
            seen.extend(_gold_spans(doc, spans))
    trainer.set_params(PARAMS)
    model.parent.mkdir(parents=True, exist_ok=True)
    trainer.train(str(model))
    data = model.read_bytes()
    meta = {**about, "params": PARAMS, "bytes": len(data),
            "sha256": hashlib.sha256(data).hexdigest(), "labels": LabelMap.learn(seen)}
    model.with_suffix(".json").write_text(json.dumps(meta, ensure_ascii=False, indent=1,
                                                     sort_keys=True) + "\n", encoding="utf-8")
    return meta


# --- tagging ---------------------------------------------------------------------------------
def read_meta(model: Path = MODEL) -> dict:
    """The model's JSON (`train`), or a one-line error."""
    try:
        return json.loads(model.with_suffix(".json").read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise mode_error(f"cannot read {model.with_suffix('.json')} ({exc})") from None


def provenance(mode: str, model: Path = MODEL) -> dict | None:
    """What a release's manifest records of the tagger (None when it is off)."""
    if mode == "off":
        return None
    meta = read_meta(model)
    return {"mode": mode, "model_sha256": meta["sha256"], "snapshot": meta.get("snapshot", "")}


class Tagger:
    """The packaged CRF, its label map and per-spelling features for one engine: `spans`
    tags the stretches of an essay around a candidate word no engine span covers."""

    def __init__(self, spellings: Spellings, matcher: Matcher, model: Path = MODEL) -> None:
        pycrfsuite = _crfsuite()
        meta = read_meta(model)
        try:
            data = model.read_bytes()
        except OSError as exc:
            raise mode_error(f"cannot read its model {model} ({exc.strerror or exc})") from None
        if hashlib.sha256(data).hexdigest() != meta.get("sha256"):
            raise mode_error(f"{model} does not match the sha256 {model.with_suffix('.json').name}"
                             f" records (altered or mixed up; retrain or restore it)")
        self.labels = LabelMap(meta["labels"])
        self.crf = pycrfsuite.Tagger()
        self.crf.open(str(model))
        self.tags = tuple(sorted(self.crf.labels()))
        self.classes = sorted({t[2:] for t in self.tags if t != "O"})
        # every attribute given (crfsuite ignores those it never weighed: the same marginals);
        # reading the model's own list (`info()`) cost more at start-up than it saves a batch
        self.cache = FeatureCache(spellings, spellings.lex.name_origins, matcher.namelike,
                                  slots=Slots(spellings.lex))
        self.sha256 = meta["sha256"]
        self.matcher = matcher
        # a kind noun's label ("floden" -> geo, "stadsdelen" -> area): the rules' vocabulary
        self.kinds = spellings.lex.words.value("kind_noun")
        self.inside = spellings.lex.words("inside_preposition")  # "i" ("<town> i <region>")
        from pseudonymize.resolve import covered  # (resolution's module: not the detectors')
        self.covered = covered
        # per spelling: a word a kept span must hold (`candidate` as the guard reads it)
        self.candidates: dict[str, int] = {}
        self.gate = spellings.lex.words.union(*GATE_SLOTS)  # (`counts`)
        self._warm(spellings, matcher)
        # one CRF holds one sequence at a time: threads sharing the engine take turns
        self.lock = threading.Lock()

    def _warm(self, spellings: Spellings, matcher: Matcher) -> None:
        """The frequent spellings' features and candidate tests, read from the lexicon's
        derived tables (`frequent_table`): their features only the model's attributes, as a
        new spelling's (`model_table`)."""
        texts, blobs, flags = frequent_table(spellings, matcher)
        self.candidates.update(zip(texts, flags))
        known, kept = model_table(spellings.lex, self.crf, self.sha256, blobs)
        self.cache.attributes = known
        self.cache.edge = tuple(tuple(self.cache._kept(part)) for part in EDGE_ROW)
        self.cache.sent_start = SENT_START in known
        self.cache.warm = {text: blob for text, blob in zip(texts, kept) if blob}

    def _candidate(self, word: str) -> int:
        got = self.candidates.get(word)
        if got is None:
            key, e = self.cache.spellings[word][:2]
            got = candidate(word, key, e, T.LEARNED_GUARD_ZIPF, self.matcher)
            if len(self.candidates) < T.REMEMBERED_WORDS:
                self.candidates[word] = got
        return got

    def counts(self, doc: Doc, k: int) -> bool:
        """Token k is a word a kept span must hold: a candidate, or a SLOTTED one right after
        a slot word of its sentence (GATE_SLOTS, T.LEARNED_SLOT_GATE)."""
        got = self._candidate(doc.texts[k])
        if got != SLOTTED:
            return bool(got)
        return bool(T.LEARNED_SLOT_GATE) and k > 0 and k not in doc.starts \
            and doc.folds[k - 1] in self.gate

    def counting(self, doc: Doc) -> list[int]:
        """The tokens `counts` passes, in order: asked once an essay (the tokens of known
        spellings that are no candidates skipped at C speed: most), then read by `runs` and by
        `_tag` for each stretch, which asked `counts` of every tagged token again (23,800 a
        pass over MultiGED's 449 essays, where 5,100 tokens count)."""
        known = self.candidates
        return [k for k in compress(range(len(doc.texts)), map(known.get, doc.texts,
                                                                  repeat(True)))
                if self.counts(doc, k)]

    def runs(self, doc: Doc, taken: bytearray, counting: list[int] | None = None
             ) -> list[range]:
        """The stretches (token ranges) to tag: each candidate word no span covers (`taken`: the
        characters the spans cover) with LEARNED_WINDOW tokens either side, clipped to its
        sentence, overlapping or touching ones joined. A kept span holds such a word and
        overlaps no span, so the rest would add nothing; the whole sentence cost twice the
        tokens for the same spans (docs/learned.md H, round 39). `counting`: the essay's
        `counting` tokens, when the caller has them."""
        starts, offsets, n = sorted(doc.starts), doc.offsets, len(doc.texts)
        w = T.LEARNED_WINDOW
        out: list[range] = []
        for k in self.counting(doc) if counting is None else counting:
            if taken[offsets[k]]:
                continue
            i = bisect_right(starts, k)
            first, stop = starts[i - 1] if i else 0, starts[i] if i < len(starts) else n
            a, b = max(first, k - w), min(stop, k + w + 1)
            if out and a <= out[-1].stop and out[-1].start >= first:  # the same sentence
                out[-1] = range(out[-1].start, b)
            else:
                out.append(range(a, b))
        return out

    def spans(self, doc: Doc, spans: Sequence[Span]) -> list[Span]:
        """The tagger's guarded spans where no span of `spans` overlaps, in text order; the
        entities sure enough to join a learner's memory (`sure`) left in `doc.tagger_sure`."""
        taken = self.covered(spans, len(doc.text))
        out: list[Span] = []
        peaks: list[float] = []
        counting = self.counting(doc)
        runs = self.runs(doc, taken, counting)
        marks = EssayMarks(doc) if runs else None
        with self.lock:
            for run in runs:
                for s, peak in self._tag(doc, run, marks, counting):
                    if not any(taken[s.start:s.end]):
                        out.append(s)
                        peaks.append(peak)
        if out:
            out = self._relabel(doc, out, spans)
        doc.tagger_sure = sure(doc, out, peaks)
        return recurring(doc, taken, out, self.covered(out, len(doc.text))) if out else out

    def _tag(self, doc: Doc, run: range, marks: EssayMarks | None = None,
             counting: list[int] | None = None) -> list[tuple[Span, float]]:
        """One stretch (`runs`) tagged: each run of tokens whose probability of being inside an
        entity (1 - P(O)) reaches LEARNED_THRESHOLD around a candidate word (the essay's
        `counting` tokens, found by bisection), split into spans (`_split`), each with its
        peak. Marginals are read only there."""
        crf, floor = self.crf, T.LEARNED_THRESHOLD
        crf.set(self.cache.join(doc, run, marks))  # (no `tag()`: the marginals need only `set`)
        inside: dict[int, float] = {}

        def above(i: int) -> bool:
            p = inside.get(i)
            if p is None:
                p = inside[i] = 1.0 - crf.marginal("O", i)
            return p >= floor

        if counting is None:
            counting = self.counting(doc)
        n, end, out = len(run), -1, []  # type: ignore[var-annotated]
        for k in counting[bisect_left(counting, run.start):bisect_left(counting, run.stop)]:
            i = k - run.start
            if i <= end or not above(i):
                continue
            start = end = i
            while start > 0 and above(start - 1):
                start -= 1
            while end + 1 < n and above(end + 1):
                end += 1
            self._split(doc, run, start, end, inside, out)
        return out

    def _split(self, doc: Doc, run: range, i: int, last: int, inside: dict[int, float],
               out: list[tuple[Span, float]]) -> None:
        """The spans of a stretch (tokens i..last of the run) added to `out` with their peaks:
        each of the class with the most mass at its first token, a new one where a token's I- of
        that class does not outweigh every other B- and I-; kept as `_keeps` says."""
        while i <= last:
            m = self._marginals(i)
            cls = max(self.classes, key=lambda c: m.get(f"B-{c}", 0.0) + m.get(f"I-{c}", 0.0))
            j = i + 1
            while j <= last and self._inside(self._marginals(j), cls):
                j += 1
            peak = max(inside[x] for x in range(i, j))
            if self._keeps(doc, run[i:j], cls, peak):
                out.append((self._span(doc, run[i], run[j - 1], cls, out), peak))
            i = j

    def _marginals(self, i: int) -> dict[str, float]:
        return {t: self.crf.marginal(t, i) for t in self.tags}

    @staticmethod
    def _inside(m: dict[str, float], cls: str) -> bool:
        """A token continues a span of `cls`: its I- outweighs its B- and any other class."""
        return m.get(f"I-{cls}", 0.0) > max(p for t, p in m.items() if t not in ("O", f"I-{cls}"))

    def _keeps(self, doc: Doc, tokens: Sequence[int], cls: str, peak: float) -> bool:
        """The guard: no numbers (LEARNED_NUMBERS), institutions need a stronger peak
        (LEARNED_STRICT), and the span must hold a word rarer than LEARNED_GUARD_ZIPF (or a
        capitalised one with a reading) that the engine does not read as a misspelt everyday
        word or a compound."""
        if cls == "NUM" and not T.LEARNED_NUMBERS or cls in T.LEARNED_STRICT_CLASSES \
                and peak < T.LEARNED_STRICT:
            return False
        return any(self.counts(doc, k) for k in tokens)

    def _relabel(self, doc: Doc, found: list[Span], spans: Sequence[Span]) -> list[Span]:
        """`found` with the label the words beside a tagged span say where they say one (the
        label map guesses from the word alone: a river is no town): a kind noun before it
        (`_kind`), or a town of the rules' before "i" and a town or area of the tagger's, the
        land the town is in ("Belo Horizonte i minas gerais": a region; the open gold sets
        label the place after "<town> i" a country 144 times, a region 100, a town 35, an
        area 14)."""
        before = {s.end: s.label for s in spans}
        after = {s.start: s for s in spans}
        folds, out = doc.folds, []
        for s in found:
            a = doc.index_at(s.start)
            label = self._kind(doc, a, COARSE.get(s.label, ""))
            if not label and s.label in TOWNISH and a >= 2 and folds[a - 1] in self.inside \
                    and before.get(doc.ends[a - 2]) == "city":
                label = "region"
            elif not label and s.label in TOWNISH and self._in_big_town(doc, s, after):
                out.append(s._replace(label="area", attrs=tuple(sorted({*s.attrs, "foreign"}))))
                continue
            out.append(s._replace(label=label) if label else s)
        return out

    def _in_big_town(self, doc: Doc, s: Span, after: dict[int, Span]) -> bool:
        """"växte upp i el cerro i montevideo": a place the tagger found, right before "i" and a
        big town abroad of the rules' (LEARNED_DISTRICT_TOWN people or more), is one of its
        districts; a town abroad never lies "i" another (the open gold sets label the place
        before "i <town abroad>" an area 37 times, a town none)."""
        b = doc.index_at(s.end)
        if b + 1 >= len(doc.folds) or doc.folds[b] not in self.inside:
            return False
        town = after.get(doc.offsets[b + 1])
        return town is not None and town.label == "city" and "foreign" in town.attrs \
            and doc.lex.get(town.key or "").place_pop >= T.LEARNED_DISTRICT_TOWN

    def _kind(self, doc: Doc, a: int, cls: str) -> str:
        """The label a kind noun right before the span's first token says, or before "som
        heter" there ("floden X", "en stadsdel som heter X": a river is no town), where it is
        of the span's class; else ""."""
        folds = doc.folds
        k = a - 3 if a >= 3 and tuple(folds[a - 2:a]) == KIND_NAMING else a - 1
        label = self.kinds.get(folds[k], "") if k >= 0 else ""
        return label if COARSE.get(label) == cls else ""

    def _span(self, doc: Doc, a: int, b: int, cls: str, before: list[tuple[Span, float]]
              ) -> Span:
        """Tokens a..b as a span of the label the label map gives its first word."""
        last = before[-1][0] if before else None
        after = last is not None and COARSE.get(last.label) == cls \
            and doc.offsets[a] - last.end <= 1
        label = self.labels.label(cls, doc.entries[a], doc.folds[a], after)
        return RULE.span(doc.offsets[a], doc.ends[b], label, key=" ".join(doc.folds[a:b + 1]))


def frequent_table(spellings: Spellings, matcher: Matcher) -> tuple[tuple, bytes, tuple]:
    """The frequent spellings (`frequent_spellings`), their features (`packed`, the tuple
    pickled: unpickled only where `model_table` is made, which keeps those the model knows)
    and whether each is a candidate, made once per lexicon and code with its derived tables
    (`Lexicon.derived`: the detectors' code names their cache file, this module's the table;
    an earlier version's is dropped) and read there by `Tagger._warm`: a process's first
    essays then cost what its later ones do where those words stand (two in five of the
    spellings the tagger reads on MultiGED; each new one cost it some tens of thousands of
    instructions). The engine asks for it when it is made, so that the table is kept with the
    others (`Engine.load`)."""
    tables = spellings.lex.derived_tables
    name = (WARM_TABLE, source_hash(Path(__file__).read_bytes()).hex())
    for stale in [n for n in tables if n[:1] == name[:1] and n != name]:
        del tables[stale]

    def make() -> tuple[tuple, bytes, tuple]:
        origins, rows, slots = spellings.lex.name_origins, [], Slots(spellings.lex)
        for word in frequent_spellings(spellings.lex):
            key, e = spellings[word][:2]
            blob = packed(spelling_parts(word, key, e, origins, matcher.namelike, slots))
            if blob:
                rows.append((word, blob, bool(candidate(word, key, e, T.LEARNED_GUARD_ZIPF,
                                                        matcher))))
        texts, blobs, flags = tuple(zip(*rows)) or ((), (), ())
        return texts, pickle.dumps(blobs, protocol=pickle.HIGHEST_PROTOCOL), flags

    return spellings.lex.derived(name, make)


def model_table(lex: Lexicon, crf: object, sha256: str, blobs: bytes
                ) -> tuple[frozenset[bytes], tuple[bytes, ...]]:
    """The attributes a model knows (by the sha256 of its file) and `frequent_table`'s
    features (`blobs`) less the others (`kept`; b"" where none is left), made once per
    lexicon, code and model with the derived tables (crfsuite's own list of them, `info()`,
    costs 100 ms) and kept in their cache file at once: the tagger is made after
    `Engine.load` kept the others. Where the model drops a sixth of the features it is
    given, the tagger then gives it only the others (`FeatureCache`)."""
    tables = lex.derived_tables
    name = (MODEL_TABLE, source_hash(Path(__file__).read_bytes()).hex(), sha256)
    for stale in [n for n in tables if n[:1] == name[:1] and n != name]:
        del tables[stale]
    if name in tables:
        return tables[name]

    def make() -> tuple[frozenset[bytes], tuple[bytes, ...]]:
        known = frozenset(a.encode() for a in crf.info().attributes)  # type: ignore[attr-defined]
        return known, tuple(kept(blob, known) for blob in pickle.loads(blobs))

    found = lex.derived(name, make)
    keep_derived(lex)
    return found


def kept(blob: bytes, known: frozenset[bytes]) -> bytes:
    """A `packed` spelling's features less those not in `known` (b"": none left)."""
    parts = [[f for f in part if f in known] for part in unpacked(blob)]
    if not any(parts):
        return b""
    return bytes(map(len, parts)) + b"\n".join(f for part in parts for f in part)


TOWNISH = ("city", "area")  # the tagger's labels a town's neighbours may correct (`_relabel`)
KIND_NAMING = ("som", "heter")  # "en flod som heter X": the kind noun before these


def sure(doc: Doc, found: Sequence[Span], peaks: Sequence[float]) -> frozenset[tuple[str, str]]:
    """The (label, key) of the tagger's entities sure enough to join a learner's memory, so
    their mentions in the learner's other essays are found where the context there is weaker:
    a peak of LEARNED_REMEMBER, words no list holds (rarer than LEARNED_GUARD_ZIPF, without a
    reading: where a word has one, the rules declined it on purpose: "Omar Jan", "15 jan"), and
    either found twice in the essay (each by its own context) or capitalised where no sentence
    starts. A guess stays in its essay: memory spreads a wrong one to every essay of the
    learner."""
    seen = Counter(s.key for s in found)
    out = set()
    for s, peak in zip(found, peaks):
        k, last = doc.index_at(s.start), doc.index_before(s.end)
        if peak >= T.LEARNED_REMEMBER and all(
                doc.entries[j].zipf < T.LEARNED_GUARD_ZIPF and reading(doc.entries[j]) == "-"
                for j in range(k, last + 1)) and (
                seen[s.key] > 1 or doc.texts[k][:1].isupper() and k not in doc.starts):
            out.add((s.label, s.key))
    return frozenset(out)


def recurring(doc: Doc, taken: Sequence[int], found: list[Span], used: bytearray
              ) -> list[Span]:
    """`found` and every other mention of the same words in the essay that no span covers, with
    the same label and key: a name the tagger reads in one sentence ("till qarashal") must not
    stay beside its surrogate where the next sentence's context is too weak ("Jag minns
    qarashal"), as the rules' coreference carries theirs. One pass over the tokens. `used`: the
    characters `found` covers (`resolve.covered`), marked as mentions are added."""
    firsts: dict[str, list[tuple[tuple[str, ...], Span]]] = defaultdict(list)
    for s in found:
        words = tuple(s.key.split())
        firsts[words[0]].append((words, s))
    out = list(found)
    folds, n = doc.folds, len(doc.folds)
    for k, fold in enumerate(folds):
        for words, s in firsts.get(fold, ()):
            last = k + len(words) - 1
            if last >= n or tuple(folds[k:last + 1]) != words:
                continue
            start, end = doc.offsets[k], doc.ends[last]
            if any(taken[start:end]) or any(used[start:end]):
                continue
            used[start:end] = b"\x01" * (end - start)
            out.append(RULE.span(start, end, s.label, key=s.key))
            break
    return sorted(out, key=lambda s: s.start) if len(out) > len(found) else found


def union(spans: list[Span], extra: list[Span]) -> list[Span]:
    """The engine's spans and the tagger's (which overlap none of them), in text order."""
    return sorted(spans + extra, key=lambda s: s.start) if extra else spans

