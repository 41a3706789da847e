"""Quality measurement: read gold sets, run the engine, score spans, slots and leaks.

Three gold formats, each read into `Document`s (id, text, gold spans):
    jsonl     {"id", "text", "spans": [{"start", "end", "label", "attrs", "ref"}]} per line
    conll     `token TAG` per line (PER/LOC/ORG/MISC/0, no BIO), blank line between sentences
    multiged  `token<TAB>c|i` per line; gold = SweLL pseudonym slots named by a slot inventory
Text is rebuilt by joining tokens with single spaces, sentences with newlines.

The slot inventory (tests/data/multiged_slots.tsv) is evaluation gold: it is read here at run
time and must never feed detection code or resources.
"""
from __future__ import annotations

import csv
import json
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from pseudonymize.engine import Memory, by_learner
from pseudonymize.labels import LABELS
from pseudonymize.types import MARK, REPLACE, Annotation, Result

FORMATS = ("jsonl", "conll", "multiged")
MARK_LABELS = frozenset(label for label, info in LABELS.items() if info.action == MARK)
SLOTS_PATH = Path(__file__).resolve().parents[1] / "tests" / "data" / "multiged_slots.tsv"

# News NER tags -> the taxonomy labels that count as finding them.
NER_LABELS: Mapping[str, frozenset[str]] = {
    "PER": frozenset({"firstname_male", "firstname_female", "firstname_unknown", "surname",
                      "middlename", "initials"}),
    "LOC": frozenset({"city", "country", "region", "place", "geo", "area"}),
    "ORG": frozenset({"school", "work", "other_institution"}),
}
# Inventory statuses that are not slots: `keep` counts when flagged, `ignore` never counts.
KEEP, IGNORE = "keep", "ignore"
_WORD = re.compile(r"\w")
# Surfaces a shape-preserving surrogate reproduces (SweLL's own 000 00, 11-11-1111, email@dot.com)
# or too short to search for (street numbers): not checked for leaks.
_UNCHECKED = re.compile(r"[01\W_]+|[\d\W_]{1,3}|email@dot\.com|url\.com")


class Pseudonymizer(Protocol):
    """What `evaluate` needs of an engine (pseudonymize.engine.Engine)."""

    def pseudonymize(self, text: str, essay_id: str = "", *, strategy: str = ...,
                     seed: int = ..., memory: Memory | None = ...) -> Result: ...


@dataclass(frozen=True)
class GoldSpan:
    start: int
    end: int
    label: str
    attrs: tuple[str, ...] = ()
    ref: int = 0


@dataclass(frozen=True)
class Document:
    """One evaluation unit; `tokens` and `neutral` are filled for token-level gold (multiged)."""

    id: str
    text: str
    spans: tuple[GoldSpan, ...]
    tokens: tuple[tuple[int, int], ...] = ()
    neutral: tuple[tuple[int, int], ...] = ()  # `ignore` tokens: neither slot nor false positive
    learner: str = ""  # the writer's id where the gold set gives one (jsonl: learner_id)


class GoldFormatError(ValueError):
    """A gold file line that cannot be read."""


# --- readers ---------------------------------------------------------------------------------
def read_jsonl(path: Path) -> Iterator[Document]:
    """The synthetic gold set: one essay per line with character-offset spans."""
    with open(path, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
                spans = tuple(GoldSpan(int(s["start"]), int(s["end"]), s["label"],
                                       tuple(s.get("attrs", ())), int(s.get("ref", 0)))
                              for s in row["spans"])
                doc = Document(str(row["id"]), row["text"], spans,
                               learner=str(row.get("learner_id") or ""))
            except (ValueError, KeyError, TypeError, RecursionError) as exc:
                raise GoldFormatError(f"{path}:{n}: {type(exc).__name__}: {exc}") from exc
            bad = [s for s in spans if not 0 <= s.start < s.end <= len(doc.text)]
            if bad:
                raise GoldFormatError(f"{path}:{n}: span {bad[0].start}-{bad[0].end} outside "
                                      f"the text ({len(doc.text)} characters)")
            yield doc


def read_sentences(path: Path, min_fields: int = 2) -> Iterator[list[list[str]]]:
    """Blank-line separated sentences of whitespace-split fields; short stray lines dropped."""
    sentence: list[list[str]] = []
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            fields = line.split()
            if not fields:
                if sentence:
                    yield sentence
                sentence = []
            elif len(fields) >= min_fields:
                sentence.append(fields)
    if sentence:
        yield sentence


def _chunks(sentences: Iterable[list[list[str]]], size: int) -> Iterator[list[list[list[str]]]]:
    chunk: list[list[list[str]]] = []
    for sentence in sentences:
        chunk.append(sentence)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _layout(sentences: list[list[str]]) -> tuple[str, list[list[tuple[int, int]]]]:
    """Join tokens with spaces and sentences with newlines; return text and token offsets."""
    parts, offsets, pos = [], [], 0
    for i, tokens in enumerate(sentences):
        if i:
            parts.append("\n")
            pos += 1
        row = []
        for j, tok in enumerate(tokens):
            if j:
                parts.append(" ")
                pos += 1
            parts.append(tok)
            row.append((pos, pos + len(tok)))
            pos += len(tok)
        offsets.append(row)
    return "".join(parts), offsets


# Locations the taxonomy never replaces: Sweden as country of residence or origin, and
# continents (not personal information). Gold LOC spans of these count neither way.
NOT_PERSONAL_LOC = frozenset({"sverige", "sveriges", "sweden", "europa", "europas", "asien",
                              "asiens", "afrika", "afrikas", "nordamerika", "sydamerika",
                              "antarktis", "oceanien"})


def read_conll(path: Path, sentences_per_doc: int = 50) -> Iterator[Document]:
    """News NER (`token TAG`, no BIO): gold spans are maximal runs of one non-0 tag."""
    for n, chunk in enumerate(_chunks(read_sentences(path), sentences_per_doc)):
        text, offsets = _layout([[f[0] for f in s] for s in chunk])
        spans: list[GoldSpan] = []
        neutral: list[tuple[int, int]] = []
        for sentence, offs in zip(chunk, offsets):
            run_tag, run_start, run_end = "0", 0, 0
            for fields, (start, end) in [*zip(sentence, offs), (["", "0"], (0, 0))]:
                tag = fields[-1]
                if tag == run_tag and tag != "0":
                    run_end = end
                    continue
                if run_tag == "LOC" and text[run_start:run_end].lower() in NOT_PERSONAL_LOC:
                    neutral.append((run_start, run_end))
                elif run_tag != "0":
                    spans.append(GoldSpan(run_start, run_end, run_tag))
                run_tag, run_start, run_end = tag, start, end
        yield Document(f"{Path(path).stem}-{n:05d}", text, tuple(spans), neutral=tuple(neutral))


@dataclass(frozen=True)
class SlotRule:
    """One inventory row: a token (exact surface, genitive allowed, or shape) in a context."""

    surface: str
    shape: re.Pattern | None
    label: str
    context: re.Pattern | None
    note: str

    def matches(self, token: str, sentence: str) -> bool:
        if self.surface:
            hit = token in (self.surface, self.surface + "s", self.surface + ":s")
        else:
            hit = bool(self.shape and self.shape.fullmatch(token))
        return hit and (self.context is None or bool(self.context.search(sentence)))


class SlotInventory:
    """The rules of a slot inventory, indexed by surface; first matching row wins."""

    def __init__(self, rules: Iterable[SlotRule]) -> None:
        self.rules = list(rules)
        self._by_token: dict[str, list[int]] = {}
        for i, rule in enumerate(self.rules):
            if rule.surface:
                for form in (rule.surface, rule.surface + "s", rule.surface + ":s"):
                    self._by_token.setdefault(form, []).append(i)
        self._shapes = [i for i, r in enumerate(self.rules) if not r.surface]

    def classify(self, token: str, sentence: str) -> str:
        """The label of the first rule matching `token` in `sentence`; `keep` when none does."""
        for i in sorted((*self._by_token.get(token, ()), *self._shapes)):
            if self.rules[i].matches(token, sentence):
                return self.rules[i].label
        return KEEP


def load_slots(path: Path = SLOTS_PATH) -> SlotInventory:
    """Read the slot inventory (columns surface, shape, label, context, note)."""
    rules = []
    with open(path, encoding="utf-8", newline="") as fh:
        for n, row in enumerate(csv.DictReader(fh, delimiter="\t", quoting=csv.QUOTE_NONE), 2):
            try:
                surface, label = row["surface"], row["label"]
                shape = re.compile(row["shape"]) if row["shape"] else None
                context = re.compile(row["context"]) if row["context"] else None
            except (KeyError, TypeError, re.error) as exc:
                raise GoldFormatError(f"{path}:{n}: {type(exc).__name__}: {exc}") from exc
            if not label or bool(surface) == bool(shape):
                raise GoldFormatError(f"{path}:{n}: needs a label and exactly one of "
                                      "surface or shape")
            rules.append(SlotRule(surface, shape, label, context, row.get("note") or ""))
    return SlotInventory(rules)


def read_multiged(path: Path, slots: Path | SlotInventory = SLOTS_PATH,
                  sentences_per_doc: int = 20) -> Iterator[Document]:
    """SweLL-gold sentences; every token the inventory names is a one-token gold span."""
    inventory = slots if isinstance(slots, SlotInventory) else load_slots(slots)
    for n, chunk in enumerate(_chunks(read_sentences(path), sentences_per_doc)):
        tokens = [[f[0] for f in s] for s in chunk]
        text, offsets = _layout(tokens)
        spans, neutral = [], []
        for sentence, offs in zip(tokens, offsets):
            joined = " ".join(sentence)
            for tok, (start, end) in zip(sentence, offs):
                status = inventory.classify(tok, joined)
                if status == IGNORE:
                    neutral.append((start, end))
                elif status != KEEP:
                    spans.append(GoldSpan(start, end, status))
        yield Document(f"{Path(path).stem}-{n:05d}", text, tuple(spans),
                       tuple(o for offs in offsets for o in offs), tuple(neutral))


def read_gold(path: Path, fmt: str) -> Iterator[Document]:
    readers: dict[str, Callable[[Path], Iterator[Document]]] = {
        "jsonl": read_jsonl, "conll": read_conll, "multiged": read_multiged}
    if fmt not in readers:
        raise ValueError(f"unknown gold format {fmt!r}; choose one of {', '.join(FORMATS)}")
    return readers[fmt](Path(path))


# --- scoring ---------------------------------------------------------------------------------
@dataclass
class Score:
    """Counts for one label: gold spans found (exact label / any label) and predictions."""

    label: str
    gold: int = 0
    found: int = 0      # gold spans overlapped by a prediction of a compatible label
    detected: int = 0   # gold spans overlapped by any prediction
    pred: int = 0       # predictions of this label class (0 where precision does not apply)
    correct: int = 0    # predictions overlapping a gold span of a compatible label

    @property
    def precision(self) -> float | None:
        return self.correct / self.pred if self.pred else None

    @property
    def recall(self) -> float | None:
        return self.found / self.gold if self.gold else None

    @property
    def recall_detected(self) -> float | None:
        return self.detected / self.gold if self.gold else None

    def f(self, beta: float) -> float | None:
        p, r = self.precision, self.recall
        if p is None or r is None:
            return None
        return (1 + beta ** 2) * p * r / (beta ** 2 * p + r) if p + r else 0.0

    def add(self, other: Score) -> None:
        for name in ("gold", "found", "detected", "pred", "correct"):
            setattr(self, name, getattr(self, name) + getattr(other, name))


@dataclass
class Report:
    fmt: str
    docs: int = 0
    labels: dict[str, Score] = field(default_factory=dict)
    overall: Score = field(default_factory=lambda: Score("overall"))
    flagged: int = 0         # predictions in scope (named entities for conll)
    flagged_on_gold: int = 0  # ... overlapping any gold span (any label)
    words: int = 0           # multiged: non-slot, non-ignored word tokens
    words_flagged: int = 0   # ... covered by a replaced prediction
    lower_words: int = 0     # multiged: those of them in lower case (everyday words, mostly)
    lower_flagged: int = 0   # ... covered by a replaced prediction
    leaks: list[tuple[str, str]] = field(default_factory=list)  # (doc id, gold label)
    # Per detection rule (a span's `rule`): its predictions and the gold spans it finds; `gold`
    # is the number of gold spans of the labels the rule emits (every slot for multiged).
    rules: dict[str, Score] = field(default_factory=dict)
    rule_labels: dict[str, set[str]] = field(default_factory=dict)

    @property
    def flagged_precision(self) -> float | None:
        return self.flagged_on_gold / self.flagged if self.flagged else None

    @property
    def false_positive_rate(self) -> float | None:
        return self.words_flagged / self.words if self.words else None

    @property
    def lower_flagged_rate(self) -> float | None:
        """Lower-case words replaced: what recall on lower-case names costs in everyday words."""
        return self.lower_flagged / self.lower_words if self.lower_words else None

    @property
    def replace_recall(self) -> float | None:
        """Recall over the labels the taxonomy replaces (mark-only labels left out)."""
        scores = [s for label, s in self.labels.items() if label not in MARK_LABELS]
        gold = sum(s.gold for s in scores)
        return sum(s.found for s in scores) / gold if gold else None

    @property
    def leaks_per_20(self) -> float | None:
        return 20 * len(self.leaks) / self.docs if self.docs else None


def _overlaps(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a[0] < b[1] and b[0] < a[1]


def compatible(fmt: str, gold_label: str, pred_label: str) -> bool:
    """Whether a prediction of `pred_label` finds a gold span of `gold_label`."""
    if fmt == "conll":
        return pred_label in NER_LABELS.get(gold_label, ())
    return gold_label == pred_label


def leaked(doc: Document, result: Result, fmt: str) -> list[str]:
    """Gold labels whose original surface survives in the target, word-bounded.

    A surface leaks when the target holds it more often than the source does outside the gold
    spans that should replace it: the pronoun "hans" kept beside the replaced name Hans, or the
    article "ett" beside the replaced age "ett", is the writer's text, not a leak. A single
    letter (an initial) is not found inside the taxonomy's placeholders (A-gatan). Matching is
    case-insensitive except for surfaces of three characters or fewer; each distinct surface
    counts once per document. Mark-only labels are kept by design; for news NER only persons
    are checked, since public places and organisations are not meant to be replaced.
    """
    checked = [g for g in doc.spans
               if g.label not in MARK_LABELS and not (fmt == "conll" and g.label != "PER")]
    out, seen = [], set()
    for g in checked:
        surface = doc.text[g.start:g.end]
        if _UNCHECKED.fullmatch(surface) or surface.casefold() in seen:
            continue
        seen.add(surface.casefold())
        flags = re.IGNORECASE if len(surface) > 3 else 0  # `Bo` the name, not `bo` the verb
        after = r"(?![\w-])" if len(surface) == 1 else r"(?!\w)"
        pattern = re.compile(rf"(?<!\w){re.escape(surface)}{after}", flags)
        kept = sum(not any(s.start <= m.start() < s.end for s in checked)
                   for m in pattern.finditer(doc.text))
        if sum(1 for _ in pattern.finditer(result.target)) > kept:
            out.append(g.label)
    return out


def score_document(doc: Document, annotations: Iterable[Annotation], fmt: str,
                   report: Report) -> None:
    """Add one document's counts to `report`."""
    anns = list(annotations)
    for g in doc.spans:
        s = report.labels.setdefault(g.label, Score(g.label))
        s.gold += 1
        hits = [a for a in anns if _overlaps((a.start, a.end), (g.start, g.end))]
        if fmt == "multiged":
            s.found += any(a.action == REPLACE for a in hits)
        else:
            s.found += any(compatible(fmt, g.label, a.label) for a in hits)
        s.detected += bool(hits)
    if fmt == "multiged":
        slots = {(g.start, g.end) for g in doc.spans}
        skip = slots | set(doc.neutral)
        replaced = [(a.start, a.end) for a in anns if a.action == REPLACE]
        for tok in doc.tokens:
            if tok in skip or not _WORD.search(doc.text[tok[0]:tok[1]]):
                continue
            flagged = any(_overlaps(tok, r) for r in replaced)
            report.words += 1
            report.words_flagged += flagged
            if doc.text[tok[0]].islower():
                report.lower_words += 1
                report.lower_flagged += flagged
        return
    gold_labels = NER_LABELS if fmt == "conll" else None
    for a in anns:
        classes = ([g for g, labels in NER_LABELS.items() if a.label in labels] if gold_labels
                   else [a.label])
        if not classes:
            continue  # conll: outside the named-entity classes (numbers, dates, mark-only)
        on_gold = [g for g in doc.spans if _overlaps((a.start, a.end), (g.start, g.end))]
        report.flagged += 1
        report.flagged_on_gold += bool(on_gold)
        for cls in classes:
            s = report.labels.setdefault(cls, Score(cls))
            s.pred += 1
            s.correct += any(compatible(fmt, g.label, a.label) for g in on_gold)


def score_rules(doc: Document, annotations: Iterable[Annotation], fmt: str,
                report: Report) -> None:
    """Add one document's counts per rule to `report.rules` (`format_rules` prints them)."""
    anns = [a for a in annotations if fmt != "multiged" or a.action == REPLACE]
    for a in anns:
        s = report.rules.setdefault(a.rule, Score(a.rule))
        report.rule_labels.setdefault(a.rule, set()).add(a.label)
        on_gold = [g for g in doc.spans if _overlaps((a.start, a.end), (g.start, g.end))]
        s.pred += 1
        s.correct += bool(on_gold) if fmt == "multiged" else any(
            compatible(fmt, g.label, a.label) for g in on_gold)
    for g in doc.spans:
        for rule in {a.rule for a in anns if _overlaps((a.start, a.end), (g.start, g.end))
                     and (fmt == "multiged" or compatible(fmt, g.label, a.label))}:
            report.rules[rule].found += 1


def _rule_gold(report: Report) -> None:
    """Each rule's gold count: the gold spans of the labels it is declared to emit (and any it
    emitted), or every slot for multiged."""
    from pseudonymize.detectors import BY_NAME

    for name, s in report.rules.items():
        labels = set(BY_NAME[name].labels) if name in BY_NAME else set()
        labels |= report.rule_labels.get(name, set())
        if report.fmt == "multiged":
            s.gold = report.overall.gold
        else:
            s.gold = sum(score.gold for gold_label, score in report.labels.items()
                         if any(compatible(report.fmt, gold_label, label) for label in labels))


def as_released(engine: Pseudonymizer, docs: Iterable[Document], strategy: str = "realistic",
                seed: int = 0) -> Iterator[tuple[Document, Result]]:
    """Every document pseudonymized as a release does it: a learner's essays in id order share
    one Memory, so what one essay established (a town written capitalised once) is found
        again in the learner's other essays, in any case (`by_learner`). A document without a
    learner id is its own learner; documents keep their given order when no learner id is
    given at all."""
    docs = list(docs)
    if any(d.learner for d in docs):
        docs.sort(key=lambda d: (d.learner or d.id, d.id))

    def run(doc: Document, memory: Memory) -> Result:
        # a document without a learner id is pseudonymized with no memory: its own learner
        return engine.pseudonymize(doc.text, doc.id, strategy=strategy, seed=seed,
                                   memory=memory if doc.learner else None)

    yield from by_learner(docs, lambda d: d.learner, run, lambda doc, _: doc.text)


def evaluate(engine: Pseudonymizer, docs: Iterable[Document], fmt: str, *,
             strategy: str = "realistic", seed: int = 0) -> Report:
    """Pseudonymize every document and score detections, slots and leaks."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown gold format {fmt!r}; choose one of {', '.join(FORMATS)}")
    report = Report(fmt)
    for doc, result in as_released(engine, docs, strategy, seed):
        report.docs += 1
        score_document(doc, result.annotations, fmt, report)
        score_rules(doc, result.annotations, fmt, report)
        report.leaks.extend((doc.id, label) for label in leaked(doc, result, fmt))
    for s in report.labels.values():
        report.overall.add(s)
    _rule_gold(report)
    return report


# --- printing --------------------------------------------------------------------------------
def _pct(x: float | None) -> str:
    return "-" if x is None else f"{x:.3f}"


def format_report(report: Report) -> str:
    """A Markdown table per label plus the summary lines of the format."""
    head = "| label | gold | found | recall | detected | predicted | precision | F1 | F2 |"
    lines = [head, "|" + "---|" * 9]
    for s in [*sorted(report.labels.values(), key=lambda s: s.label), report.overall]:
        name = f"**{s.label}**" if s is report.overall else s.label
        lines.append(f"| {name} | {s.gold} | {s.found} | {_pct(s.recall)} | "
                     f"{_pct(s.recall_detected)} | {s.pred or '-'} | {_pct(s.precision)} | "
                     f"{_pct(s.f(1))} | {_pct(s.f(2))} |")
    lines.append("")
    lines.append(f"- documents: {report.docs}")
    if report.fmt == "multiged":
        lines.append(f"- slot recall (covered by a replaced span): {_pct(report.overall.recall)}")
        lines.append(f"- other word tokens flagged for replacement: {report.words_flagged} of "
                     f"{report.words} ({_pct(report.false_positive_rate)})")
    else:
        lines.append(f"- flagged spans overlapping any gold entity: {report.flagged_on_gold} of "
                     f"{report.flagged} ({_pct(report.flagged_precision)})")
    docs = len({d for d, _ in report.leaks})
    lines.append(f"- leaks (gold originals surviving in the target): {len(report.leaks)} "
                 f"in {docs} documents")
    return "\n".join(lines)



def format_rules(report: Report) -> str:
    """A Markdown table per detection rule: its precision (its spans on a gold span of their
    label) and recall (the gold spans of its labels it finds; several rules may find one), so
    a weak rule is visible. For multiged, precision is the share of its replaced spans on a
    slot and recall the share of all slots it covers."""
    from pseudonymize.detectors import BY_NAME

    lines = ["| rule | family | predicted | correct | precision | found | gold | recall |",
             "|" + "---|" * 8]
    for name, s in sorted(report.rules.items()):
        family = BY_NAME[name].family if name in BY_NAME else "resolve"
        lines.append(f"| {name or '-'} | {family} | {s.pred} | {s.correct} | "
                     f"{_pct(s.precision)} | {s.found} | {s.gold} | {_pct(s.recall)} |")
    return "\n".join(lines)
