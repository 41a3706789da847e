"""A review workspace: the batch's essays, the engine's proposals and the reviewers' decisions.

    <keys>/reviews/<workspace-id>/      mode 0700, files 0600: they hold original text
        workspace.json    id, batch, snapshot, strategy, seed, code revision, batch quarantine
        essays.jsonl      per essay: id, learner, sha256, text, the engine's spans with their
                          running numbers and surrogates, risk features
        index.json        per essay: id, learner, sha256, where its line is, risk, span labels:
                          opening and filtering a workspace reads this alone; an essay's line is
                          read when it is shown or decided
        decisions.jsonl   the append-only decision log (`log.DecisionLog`)

The state of an essay is the engine's proposal with every logged decision applied in order, so
reopening a workspace (after a crash, on another day) resumes exactly where the log ends. Each
essay has a version (the number of decisions applied to it): a decision made on an older
version is refused with a conflict instead of silently overwriting another tab's work.
"""
from __future__ import annotations

import dataclasses
import datetime as dt
import errno
import functools
import hashlib
import itertools
import json
import os
import shutil
import tempfile
import threading
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from pseudonymize.corpus import safety
from pseudonymize.corpus.batch import MAX_BYTES, Essay, read_batch
from pseudonymize.doc import Doc
from pseudonymize.engine import STRATEGIES, Engine, Memory, by_learner
from pseudonymize.labels import LABELS
from pseudonymize.policy import Policy, for_batch
from pseudonymize.policy import parse as parse_policy
from pseudonymize.resolve import family
from pseudonymize.review import log as decision_log
from pseudonymize.review.doubts import Doubts, named_by_learner
from pseudonymize.types import MARK, Result, Span

# Items a reviewer must decide before release: the mark-only labels and `extra`.
REVIEW_MARKS = frozenset(k for k, v in LABELS.items() if v.action == MARK) | {"extra"}
ATTRS = ("gen", "def", "pl", "foreign")
COMMENT_KINDS = ("OBS!", "Com!")
SPAN_ACTIONS = {"accept": "accepted", "reject": "rejected", "replace": "replaced"}
ACTIONS = (*SPAN_ACTIONS, "relabel", "add", "merge", "split", "comment", "approve",
           "quarantine", "reopen")
GUESS_SCORE = 0.75  # spans below this score are guesses: such essays are reviewed first
MAX_NOTE = 2000


class ReviewError(ValueError):
    """A decision or workspace that cannot be used; `status` is the HTTP status it maps to.
    `detail`: lines naming essays by id, kept off the message (see `release.ReleaseError`)."""

    def __init__(self, message: str, status: int = 422, detail: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.status = status
        self.detail = tuple(detail)


class WorkspaceExists(ReviewError):
    def __init__(self, path: Path) -> None:
        super().__init__(f"{path}: a workspace for this batch, snapshot and seed exists already; "
                         f"serve it with `swepseudo review serve {path}`", 409)
        self.path = path


@dataclass
class SpanState:
    """One span as the review stands: the engine's (`origin` engine) or a reviewer's."""

    sid: str
    start: int
    end: int
    label: str
    attrs: tuple[str, ...]
    key: str = ""
    origin: str = "engine"
    status: str = "proposed"  # proposed | accepted | rejected | replaced
    score: float = 1.0
    rule: str = ""
    engine_label: str = ""
    history: list[tuple[str, str]] = field(default_factory=list)  # (reviewer, decision)

    @property
    def active(self) -> bool:
        return self.status != "rejected"

    @property
    def undecided_mark(self) -> bool:
        return self.status == "proposed" and self.label in REVIEW_MARKS


@dataclass
class EssayState:
    """One essay with every decision so far applied. Its text and spans are read from
    essays.jsonl on first use (`load`); until then the index's labels answer the filters."""

    index: int
    essay_id: str
    learner_id: str | None
    sha256: str
    risk: dict
    labels: list[str]  # the engine's span labels (for filters before the essay is loaded)
    load: Callable[[], dict] = field(repr=False)
    _record: dict | None = field(default=None, repr=False)
    _spans: list[SpanState] | None = field(default=None, repr=False)
    comments: list[dict] = field(default_factory=list)
    approved: dict | None = None
    quarantined: dict | None = None
    version: int = 0
    last: dict | None = None  # reviewer and time of the last decision
    reviewers: set[str] = field(default_factory=set)

    @property
    def learner(self) -> str:
        return self.learner_id or f"essay:{self.essay_id}"

    @property
    def record(self) -> dict:
        """The proposal as prepared (text and the engine's spans)."""
        if self._record is None:
            self._record = self.load()
        return self._record

    @property
    def text(self) -> str:
        return self.record["text"]

    @property
    def spans(self) -> list[SpanState]:
        if self._spans is None:
            self._spans = [SpanState(f"p{k}", s["start"], s["end"], s["label"],
                                     tuple(s["attrs"]), s["key"], score=s["score"],
                                     rule=s["rule"], engine_label=s["label"])
                           for k, s in enumerate(self.record["spans"])]
        return self._spans

    def active_labels(self) -> list[str]:
        if self._spans is None:
            return self.labels
        return [s.label for s in self._spans if s.active]

    def undecided_count(self) -> int:
        if self._spans is None:
            return sum(label in REVIEW_MARKS for label in self.labels)
        return len(self.undecided_marks())

    def span(self, sid: object) -> SpanState:
        for s in self.spans:
            if s.sid == sid:
                return s
        raise ReviewError(f"essay {self.essay_id} has no span {sid!r}", 404)

    def active(self) -> list[SpanState]:
        return sorted((s for s in self.spans if s.active), key=lambda s: (s.start, s.end))

    def ident(self, s: SpanState) -> tuple[str, str]:
        """The entity a span belongs to (as `resolve.number` counts it)."""
        return s.label, s.key or self.text[s.start:s.end].lower()

    def undecided_marks(self) -> list[SpanState]:
        return [s for s in self.active() if s.undecided_mark]

    def spans_for_render(self) -> list[Span]:
        """The decided spans: rejected ones dropped; a mark-only item the reviewer chose to
        replace becomes `extra` (replaced by its placeholder)."""
        out = []
        for s in self.active():
            replaced_mark = s.status == "replaced" and LABELS[s.label].action == MARK
            out.append(Span(s.start, s.end, "extra" if replaced_mark else s.label,
                            () if replaced_mark else s.attrs, s.score, s.rule or "review", s.key))
        return out


def _now() -> str:
    return dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")


# --- prepare ---------------------------------------------------------------------------------

def workspace_id(essays: Sequence[Essay], snapshot_id: str, strategy: str, seed: int,
                 policy_digest: str = "") -> str:
    """Same batch, snapshot, strategy, seed and policy -> same workspace (so its decisions are
    found)."""
    identity = {"essays": [[e.essay_id, e.sha256, e.learner_id] for e in essays],
                "snapshot": snapshot_id, "strategy": strategy, "seed": seed,
                **({"policy": policy_digest} if policy_digest else {})}
    return hashlib.sha256(json.dumps(identity, sort_keys=True).encode()).hexdigest()[:16]


def prepare(batch_path: Path, keys_dir: Path, engine: Engine, *, strategy: str = "realistic",
            seed: int = 0, code_revision: str = "", snapshot_path: Path | None = None,
            max_bytes: int = MAX_BYTES, policy: Policy | None = None,
            on_essay: Callable[[int], None] | None = None) -> Path:
    """Run the engine over a batch and write a new workspace; return its directory. The
    directory appears complete or not at all (built under a temporary name, then renamed).
    With a corpus `policy` the proposals follow it, and the workspace keeps its text: a release
    from the workspace uses it. `on_essay(total)` is called after each essay (a progress bar)."""
    if strategy not in STRATEGIES:
        raise ReviewError(f"unknown strategy {strategy!r}; choose one of {', '.join(STRATEGIES)}")
    batch = read_batch(Path(batch_path), max_bytes)
    wid = workspace_id(batch.essays, engine.snapshot_id, strategy, seed,
                       policy.digest if policy else "")
    if policy is not None:
        policy = for_batch(policy, engine, ((e.learner, e.text) for e in batch.essays))
    reviews = Path(keys_dir).resolve() / "reviews"
    reviews.mkdir(parents=True, exist_ok=True)
    for private in (Path(keys_dir).resolve(), reviews):
        os.chmod(private, 0o700)
    # a killed prepare's directory holds original text: its name carries the run's pid, and
    # the next prepare (or release) with this key directory removes it once that run is dead
    safety.sweep_stale(reviews)
    final = reviews / wid
    if final.exists():
        raise WorkspaceExists(final)
    tmp = Path(tempfile.mkdtemp(dir=reviews, prefix=safety.run_dir_prefix("partial", wid)))
    try:
        records = _proposals(batch.essays, engine, strategy, seed, policy, on_essay)
        lines = [(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n").encode()
                 for r in records]
        _write_private(tmp / "essays.jsonl", b"".join(lines))
        offsets = [0, *itertools.accumulate(map(len, lines))]
        _write_private(tmp / "index.json", json.dumps(
            [[r["id"], r["learner_id"], r["sha256"], offsets[k], len(lines[k]), r["risk"],
              [sp["label"] for sp in r["spans"]]] for k, r in enumerate(records)],
            ensure_ascii=False).encode())
        meta = {"id": wid, "created_at": _now(), "batch": str(batch.path), "files": batch.files,
                "snapshot": engine.snapshot_id,
                "snapshot_path": str(Path(snapshot_path).resolve()) if snapshot_path else "",
                "strategy": strategy, "seed": seed, "code_revision": code_revision,
                "essays": len(records), "quarantine": [q.to_dict() for q in batch.quarantine],
                "policy": {"sha256": policy.digest, "source": policy.source,
                           "kept_countries": sorted(policy.kept_countries)} if policy else None}
        _write_private(tmp / "workspace.json", json.dumps(meta, indent=1, ensure_ascii=False)
                       .encode())
        decision_log.create(tmp / "decisions.jsonl")
        try:
            os.rename(tmp, final)
        except OSError as exc:  # another prepare of this batch finished first: its stands
            if exc.errno in (errno.ENOTEMPTY, errno.EEXIST):
                raise WorkspaceExists(final) from None
            raise
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return final


def _write_private(path: Path, data: bytes) -> None:
    with os.fdopen(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "wb") as fh:
        fh.write(data)


def _proposals(essays: Sequence[Essay], engine: Engine, strategy: str, seed: int,
               policy: Policy | None = None,
               on_essay: Callable[[int], None] | None = None) -> list[dict]:
    """The engine's spans, running numbers and surrogates per essay (learners' essays in id
    order sharing one memory, as a release renders them: `by_learner`), in batch order."""
    out: dict[str, dict] = {}
    found: dict[str, list[Span]] = {}

    def run(essay: Essay, memory: Memory) -> tuple[list[Span], Result]:
        # read on the normalized view, original offsets; the learner's other essays known
        spans = engine.detect(essay.text, policy=policy, metadata=essay.metadata, memory=memory)
        return spans, engine.render(essay.text, spans, essay.essay_id, strategy=strategy,
                                    seed=seed, policy=policy, memory=memory)

    ordered = sorted(essays, key=lambda e: (e.learner, e.essay_id))
    for essay, (spans, result) in by_learner(ordered, lambda e: e.learner, run,
                                             lambda e, _: e.text):
        found[essay.essay_id] = spans
        out[essay.essay_id] = {
            "id": essay.essay_id, "learner_id": essay.learner_id, "sha256": essay.sha256,
            "text": essay.text,
            "spans": [{"start": s.start, "end": s.end, "label": s.label, "attrs": list(s.attrs),
                       "score": s.score, "rule": s.rule, "key": s.key, "ref": a.ref,
                       "pseudonym": a.pseudonym} for s, a in zip(spans, result.annotations)]}
        if on_essay is not None:
            on_essay(len(essays))
    # once every essay of the learner is read: what they name
    doubts = Doubts(engine.lex)
    named = named_by_learner((e.learner, e.text, found[e.essay_id]) for e in essays)
    for essay in essays:
        doc = Doc.make(essay.text, engine.lex, engine.spellings)
        spans = found[essay.essay_id]
        tagged = engine.learned_spans(doc, spans) if engine.learned_mode(policy) == "review" \
            else ()
        out[essay.essay_id]["risk"] = _risk(doc, spans, doubts, named[essay.learner], tagged)
    return [out[e.essay_id] for e in essays]


def _risk(doc: Doc, spans: Sequence[Span], doubts: Doubts, named: Iterable[str],
          learned: Sequence[Span] = ()) -> dict:
    """What makes an essay worth reviewing first: guessed spans, capitalised words that no
    resource knows (a missed name?), names no list holds (the learned tagger's too), numbers
    the engine left alone, low scores."""
    found = Counter(d["reason"] for d in doubts(doc, spans, named, learned))
    guessed = sum(s.score < GUESS_SCORE for s in spans)
    unknown, numbers = found["unknown"], found["number"]
    names = sum(found.values()) - unknown - numbers
    return {"guessed": guessed, "unknown": unknown, "names": names, "numbers": numbers,
            "score": 3 * unknown + 2 * (guessed + names) + numbers}


# --- the workspace -----------------------------------------------------------------------------

class Workspace:
    """An open workspace: every essay's state, kept in step with the decision log."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        meta_path = self.path / "workspace.json"
        if not all((self.path / f).is_file() for f in ("workspace.json", "index.json",
                                                         "essays.jsonl", "decisions.jsonl")):
            raise ReviewError(f"{self.path}: not a review workspace (no workspace.json); "
                              f"make one with `swepseudo review prepare`", 404)
        self.meta, self._index = _read_json(meta_path, dict), _read_json(
            self.path / "index.json", list)
        if not all(isinstance(row, list) and len(row) == 7 for row in self._index) \
                or not isinstance(self.meta.get("id"), str):
            raise ReviewError(f"{self.path}: a damaged workspace (index.json or workspace.json "
                              f"of another shape)")
        self._lock = threading.Lock()
        self._reload()

    @functools.cached_property
    def policy(self) -> Policy | None:
        """The corpus policy the workspace was prepared with (its text is kept in it)."""
        kept = self.meta.get("policy")
        if not kept:
            return None
        policy = parse_policy(kept["source"].encode("utf-8"), f"{self.path} (its policy)")
        return dataclasses.replace(policy, kept_countries=frozenset(kept["kept_countries"]))

    def _line(self, offset: int, length: int) -> dict:
        with open(self.path / "essays.jsonl", "rb") as fh:
            fh.seek(offset)
            return json.loads(fh.read(length))

    def _reload(self) -> None:
        """Every essay's state from its proposal and the whole log."""
        self.essays = [EssayState(i, essay_id, learner_id, sha, risk, labels,
                                  functools.partial(self._line, offset, length))
                       for i, (essay_id, learner_id, sha, offset, length, risk, labels)
                       in enumerate(self._index)]
        self.by_id = {e.essay_id: e for e in self.essays}
        self.by_learner = {}
        for e in sorted(self.essays, key=lambda e: e.essay_id):
            self.by_learner.setdefault(e.learner, []).append(e)
        self.log = decision_log.DecisionLog(self.path / "decisions.jsonl")
        self.events: list[dict] = []
        self._catch_up()

    @property
    def id(self) -> str:
        return self.meta["id"]

    def essay(self, index: object) -> EssayState:
        if not isinstance(index, int) or isinstance(index, bool) \
                or not 0 <= index < len(self.essays):
            raise ReviewError(f"no essay number {index!r} in this workspace", 404)
        return self.essays[index]

    def essay_by_id(self, essay_id: str) -> EssayState:
        try:
            return self.by_id[essay_id]
        except KeyError:
            raise ReviewError(f"no essay {essay_id!r} in this workspace", 404) from None

    # -- deciding --

    def decide(self, index: int, action: dict, reviewer: str, via: str = "web",
               version: int | None = None) -> EssayState:
        """Validate, log (durably) and apply one decision; a stale `version` is a conflict."""
        return self.decide_many([(index, action, version)], reviewer, via, skip_invalid=False)[0][0]

    def decide_many(self, items: Iterable[tuple[int, dict, int | None]], reviewer: str,
                    via: str = "web", skip_invalid: bool = True
                    ) -> list[tuple[EssayState, str | None]]:
        """Several decisions in one durable write (e.g. a name added batch-wide), each checked
        against the state the ones before it left. Invalid ones are skipped with their reason
        when `skip_invalid`, else the first one raises and nothing is written."""
        reviewer = _reviewer(reviewer)
        with self._lock, self.log.locked():
            self._catch_up()
            events, out = [], []
            for index, action, version in items:
                essay = self.essay(index)
                try:
                    if not isinstance(action, dict):
                        raise ReviewError("a decision is a JSON object")
                    if version is not None and version != essay.version:
                        who = essay.last or {}
                        raise ReviewError(
                            f"essay {essay.index} was changed meanwhile (now version "
                            f"{essay.version}, by {who.get('reviewer', '?')} at "
                            f"{who.get('time', '?')}): reload it and decide again", 409)
                    event = self._event(essay, action, reviewer, via,
                                        len(self.events) + len(events))
                    validate(essay, event)
                except ReviewError as exc:
                    if not skip_invalid:
                        if events:
                            self._reload()  # undo the earlier ones of this call (unlogged)
                        raise
                    out.append((essay, str(exc)))
                    continue
                apply(essay, event)
                events.append(event)
                out.append((essay, None))
            try:
                if events:
                    self.log.append(events)
            except BaseException:
                self._reload()  # the state must be what the log holds, nothing more
                raise
            self.events += events
            return out

    def _event(self, essay: EssayState, action: dict, reviewer: str, via: str, seq: int) -> dict:
        event = {k: v for k, v in action.items() if k not in ("essay", "version", "seq", "time",
                                                               "reviewer", "via")}
        event.update(seq=seq, time=_now(), reviewer=reviewer, via=via, essay=essay.essay_id,
                     version=essay.version)
        if event.get("action") == "add":
            event["span"] = f"a{seq}"
        return event

    def _catch_up(self) -> None:
        """Apply what the log holds beyond what this process has seen, each line checked as
        the decision was when it was made: a log edited or damaged by hand refuses the
        workspace, naming the line, rather than apply what no reviewer could have decided."""
        for n, event in self.log.read_new():
            try:
                self._apply(event)
            except ReviewError as exc:
                raise ReviewError(f"{self.log.path}:{n}: {exc} (the decision log was edited "
                                  f"or damaged; restore it from a backup)") from None

    def _apply(self, event: object) -> None:
        if event is decision_log.NOT_JSON:
            raise ReviewError("not JSON")
        if not isinstance(event, dict) or not all(
                isinstance(event.get(k), str) for k in ("essay", "action", "reviewer", "time",
                                                        "via")) \
                or event["action"] == "add" and not isinstance(event.get("span"), str):
            raise ReviewError("not a decision (an object with essay, action, reviewer, time, "
                              "via)")
        essay = self.by_id.get(event["essay"])
        if essay is None:
            raise ReviewError("a decision on no essay of this workspace")
        validate(essay, event)
        apply(essay, event)
        self.events.append(event)

    # -- rendering --

    def render(self, essay: EssayState, engine: Engine) -> Result:
        """The essay as a release from the current decisions publishes it: the learner's
        earlier essays (in id order) are rendered first for their running numbers and
        surrogates."""
        memory = Memory()
        for other in self.by_learner[essay.learner]:
            result = engine.render(other.text, other.spans_for_render(), other.essay_id,
                                   strategy=self.meta["strategy"], seed=self.meta["seed"],
                                   memory=memory, policy=self.policy)
            if other is essay:
                return result
        raise AssertionError("an essay missing from its learner's list")

    # -- release --

    def blockers(self) -> list[str]:
        """Why a release with --require-approved must wait: essay ids and labels, never text."""
        out = []
        for e in sorted(self.essays, key=lambda e: e.essay_id):
            if e.quarantined:
                continue
            if not e.approved:
                out.append(f"essay {e.essay_id}: not approved")
            for label, n in sorted(Counter(s.label for s in e.undecided_marks()).items()):
                out.append(f"essay {e.essay_id}: {n} undecided {label} mark{'s' * (n > 1)}")
        return out

    def summary(self) -> dict:
        """What a release records about its review: counts per label and decision, reviewers
        and times; no text, no essay ids."""
        decisions: dict[str, Counter[str]] = {}
        reviewers: dict[str, dict] = {}
        via: Counter[str] = Counter()
        for event in self.events:
            action, essay = event["action"], self.by_id.get(event["essay"])
            via[event.get("via", "web")] += 1
            who = reviewers.setdefault(event["reviewer"], {"decisions": 0, "first": event["time"],
                                                           "last": event["time"]})
            who["decisions"] += 1
            who["first"] = min(who["first"], event["time"])
            who["last"] = max(who["last"], event["time"])
            label = event.get("label") or _event_label(essay, event) or "(essay)"
            decisions.setdefault(label, Counter())[action] += 1
        states = Counter("quarantined" if e.quarantined else "approved" if e.approved else "open"
                         for e in self.essays)
        return {"workspace": self.id, "essays": dict(sorted(states.items())),
                "decisions": {k: dict(sorted(v.items())) for k, v in sorted(decisions.items())},
                "via": dict(sorted(via.items())), "reviewers": dict(sorted(reviewers.items()))}


def _read_json(path: Path, kind: type) -> object:
    """A workspace file's JSON, of the `kind` the workspace writes; else a ReviewError."""
    try:
        value = json.loads(path.read_bytes())
    except (ValueError, RecursionError):
        value = None
    if not isinstance(value, kind):
        raise ReviewError(f"{path}: a damaged workspace file (not the JSON the workspace "
                          f"writes)")
    return value


def _event_label(essay: EssayState | None, event: dict) -> str:
    if essay is None or "span" not in event:
        return ""
    try:
        return essay.span(event["span"]).engine_label or essay.span(event["span"]).label
    except ReviewError:
        return ""


def _reviewer(name: object) -> str:
    name = " ".join(str(name or "").split())[:64]
    return name or "reviewer"


# --- decisions -----------------------------------------------------------------------------------

def validate(essay: EssayState, event: dict) -> None:
    """Refuse a decision that cannot apply (nothing is logged then)."""
    action = event.get("action")
    if action not in ACTIONS:
        raise ReviewError(f"unknown action {action!r}; one of {', '.join(ACTIONS)}")
    if action in SPAN_ACTIONS or action in ("relabel", "merge", "split"):
        span = essay.span(event.get("span"))
        if action == "replace" and span.label not in REVIEW_MARKS:
            raise ReviewError(f"only mark-only items are replaced by a placeholder, "
                              f"not {span.label}")
        if not span.active and action in ("merge", "split", "replace"):
            raise ReviewError(f"span {span.sid} is rejected")
        if not span.active and action in ("accept", "relabel"):  # brought back: no overlap
            _check_free(essay, span.start, span.end)
    if action in ("relabel", "add"):
        _check_label(event)
    if action == "add":
        start, end = event.get("start"), event.get("end")
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in (start, end)) \
                or not 0 <= start < end <= len(essay.text):
            raise ReviewError(f"span {start!r}..{end!r} is outside the essay "
                              f"(0..{len(essay.text)})")
        if essay.text[start].isspace() or essay.text[end - 1].isspace():
            raise ReviewError("a span cannot begin or end with white space")
        _check_free(essay, start, end)
    elif action == "merge":
        into = essay.span(event.get("into"))
        span = essay.span(event["span"])
        if into.sid == span.sid or not into.active:
            raise ReviewError("merge needs two different spans that are not rejected")
        if family(into.label) != family(span.label):
            raise ReviewError(f"cannot merge a {span.label} into a {into.label}")
    elif action == "comment":
        if event.get("kind") not in COMMENT_KINDS:
            raise ReviewError(f"a comment is {' or '.join(COMMENT_KINDS)}")
        if not isinstance(event.get("text"), str) or not 0 < len(event["text"]) <= MAX_NOTE:
            raise ReviewError(f"a comment needs a text of 1..{MAX_NOTE} characters")
    elif action == "quarantine":
        if not isinstance(event.get("reason", ""), str) or len(event.get("reason", "")) > MAX_NOTE:
            raise ReviewError(f"a quarantine reason has at most {MAX_NOTE} characters")
    elif action == "approve" and not event.get("keep_marks"):
        open_marks = Counter(s.label for s in essay.undecided_marks())
        if open_marks:
            raise ReviewError("decide the marks first: " + ", ".join(
                f"{n} {label}" for label, n in sorted(open_marks.items())), 409)


def _check_free(essay: EssayState, start: int, end: int) -> None:
    for s in essay.active():
        if s.start < end and start < s.end:
            raise ReviewError(f"span {start}..{end} overlaps span {s.sid} ({s.label})", 409)


def _check_label(event: dict) -> None:
    if event.get("label") not in LABELS:
        raise ReviewError(f"unknown label {event.get('label')!r}")
    attrs = event.setdefault("attrs", [])
    if not isinstance(attrs, list) or any(a not in ATTRS for a in attrs):
        raise ReviewError(f"attributes are a list of {', '.join(ATTRS)}")
    event["attrs"] = [a for a in ATTRS if a in attrs]


def apply(essay: EssayState, event: dict) -> None:
    """Apply one validated decision to an essay's state."""
    action, reviewer = event["action"], event["reviewer"]
    if action in SPAN_ACTIONS:
        span = essay.span(event["span"])
        span.status = SPAN_ACTIONS[action]
        span.history.append((reviewer, action))
    elif action == "relabel":
        span = essay.span(event["span"])
        # the entity changes label in every mention, as the engine labels one entity once
        for s in [s for s in essay.spans
                  if (s.active or s is span) and essay.ident(s) == essay.ident(span)]:
            s.label, s.attrs = event["label"], tuple(event["attrs"])
            s.status = "accepted"
            s.history.append((reviewer, f"relabel:{event['label']}"))
    elif action == "add":
        essay.spans.append(SpanState(event["span"], event["start"], event["end"], event["label"],
                                     tuple(event["attrs"]), origin="reviewer", status="accepted",
                                     history=[(reviewer, "add")]))
    elif action == "merge":
        span, into = essay.span(event["span"]), essay.span(event["into"])
        ident, key = essay.ident(span), essay.ident(into)[1]
        for s in [s for s in essay.spans if essay.ident(s) == ident]:
            s.label, s.key = into.label, key
            s.history.append((reviewer, "merge"))
    elif action == "split":
        span = essay.span(event["span"])
        span.key = f"{essay.text[span.start:span.end].lower()}#{span.sid}"
        span.history.append((reviewer, "split"))
    elif action == "comment":
        essay.comments.append({"kind": event["kind"], "text": event["text"],
                               "span": event.get("span"), "reviewer": reviewer,
                               "time": event["time"]})
    elif action == "approve":
        if event.get("keep_marks"):
            for s in essay.undecided_marks():
                s.status = "accepted"
                s.history.append((reviewer, "accept"))
        essay.approved = {"reviewer": reviewer, "time": event["time"], "via": event["via"]}
        essay.quarantined = None
    elif action == "quarantine":
        essay.quarantined = {"reviewer": reviewer, "time": event["time"],
                             "reason": event.get("reason", "")}
        essay.approved = None
    elif action == "reopen":
        essay.approved = essay.quarantined = None
    essay.version += 1
    essay.last = {"reviewer": reviewer, "time": event["time"]}
    essay.reviewers.add(reviewer)


# --- what a release takes from a review -----------------------------------------------------------

def open_workspace(path: Path | Workspace) -> Workspace:
    return path if isinstance(path, Workspace) else Workspace(Path(path))


def decided_spans(workspace: Path | Workspace, essay_id: str) -> list[Span]:
    """The spans a release renders for an essay: the engine's proposal with the decisions."""
    return open_workspace(workspace).essay_by_id(essay_id).spans_for_render()


@dataclass(frozen=True)
class ReleaseReview:
    """What a release needs from a workspace: spans per essay (as plain dicts), the essays the
    reviewers quarantined, the summary for the manifest, and a digest of the decisions."""

    spans: dict[str, list[dict]]
    quarantined: tuple[str, ...]
    summary: dict
    digest: str
    policy: Policy | None = None


def for_release(workspace: Path | Workspace, essays: Sequence[Essay],
                require_approved: bool = False) -> ReleaseReview:
    """Check the batch is the one reviewed (same essays, same bytes) and collect the decisions.
    With `require_approved`, refuse while any essay is unapproved or any mark undecided."""
    ws = open_workspace(workspace)
    ids = {e.essay_id for e in essays}
    changed = sorted(e.essay_id for e in essays
                     if e.essay_id not in ws.by_id or ws.by_id[e.essay_id].sha256 != e.sha256)
    missing = sorted(set(ws.by_id) - ids)
    # the messages count, the details name the essays (ids may be file names: never logged)
    if changed or missing:
        raise ReviewError(
            f"the batch is not the one reviewed in {ws.path}: {len(changed)} essay(s) changed "
            f"or new, {len(missing)} missing",
            detail=[*(changed and ["changed or new: " + ", ".join(changed[:20])]),
                    *(missing and ["missing: " + ", ".join(missing[:20])])])
    if require_approved:
        blockers = ws.blockers()
        if blockers:
            open_ = [e for e in ws.essays if not e.quarantined]
            marks = Counter(s.label for e in open_ for s in e.undecided_marks())
            counts = [f"{sum(not e.approved for e in open_)} essay(s) not approved",
                      *(f"{n} undecided {label} mark(s)" for label, n in sorted(marks.items()))]
            raise ReviewError(f"{len(blockers)} review item(s) open (--require-approved): "
                              + ", ".join(counts), 409, blockers)
    spans = {e.essay_id: [{"start": s.start, "end": s.end, "label": s.label,
                           "attrs": list(s.attrs), "score": s.score, "rule": s.rule,
                           "key": s.key} for s in e.spans_for_render()]
             for e in ws.essays if not e.quarantined}
    quarantined = tuple(sorted(e.essay_id for e in ws.essays if e.quarantined))
    digest = hashlib.sha256(json.dumps([spans, quarantined], sort_keys=True, ensure_ascii=False)
                            .encode()).hexdigest()
    return ReleaseReview(spans, quarantined, ws.summary(), digest, ws.policy)
