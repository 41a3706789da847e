"""Write a release: prepare (read, shard) -> process each shard -> finalize (gate, key, publish).

Release directory `<out>/<release-id>/`, built in `<out>/.<release-id>.<random>.partial` and renamed
only when complete:
    texts/<id>.txt       pseudonymized essays (UTF-8)
    svala/<id>.json      SVALA graphs, both sides pseudonymized
    spans.parquet        essay_id, start, end (offsets in texts/<id>.txt), label, attrs, ref, action
    manifest.json        ids, config, seed, snapshot + provenance, keyed input hashes, output
                         sha256, counts, quarantine (opaque id + reason); `created_at` is its
                         only time stamp
    provenance.jsonl     OpenLineage START/COMPLETE run events (inputs: gazetteers, essays by
                         keyed hash; a withdrawal names the release it supersedes)
    SHA256SUMS           `sha256sum -c` format, every file above
Nothing original is published: essay and learner ids are opaque (HMAC under the release secret
kept with the key) unless `keep_ids`, and then they pass the gate like text; input hashes are
keyed; metadata columns appear only when `publish_metadata` names them (year/age columns named in
`bin_years` as 5-year bins). Working files that hold original text (shard inputs, key rows,
review graphs) live in a private directory beside the key, sealed under a key that exists only
in memory, never under `<out>`.

One essay, one fate: each shard gates every essay before writing it; an essay with a gate hit or
an engine error is quarantined with its reason and the rest is released (`strict` fails the
release instead).

The release id is a keyed hash of the inputs, the quarantine, the snapshot, the options, the
seed and the code revision, so the same inputs, secret and code give the same id and
byte-identical content.
Output does not depend on sharding: a learner's essays are always processed together, in essay-id
order, sharing one `Memory`.
"""
from __future__ import annotations

import datetime as dt
import functools
import hashlib
import io
import itertools
import json
import os
import re
import shutil
import tempfile
import uuid
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import polars as pl

import pseudonymize
from pseudonymize import svala
from pseudonymize.corpus import identity
from pseudonymize.corpus import keys as keyfile
from pseudonymize.corpus import safety
from pseudonymize.corpus.batch import MAX_BYTES, Batch, Essay, Quarantined, read_batch
from pseudonymize.corpus.leakgate import Hit, Originals, scan_essay, scan_text
from pseudonymize.engine import STRATEGIES, Engine, Memory, by_learner
from pseudonymize.detectors.gazetteer_match import HOMOGRAPH
from pseudonymize.labels import NAME_LABELS
from pseudonymize.learned import mode as learned_mode
from pseudonymize.lexicon import fold
from pseudonymize.policy import KEEP, Policy, for_batch
from pseudonymize.types import Result, Span

if TYPE_CHECKING:
    from pseudonymize.review.workspace import ReleaseReview

# A shard task costs about 0.1 s of Prefect bookkeeping in a process pool, so shards are few
# and large, except the last ones (see `shard_sizes`); the cap bounds a shard's duration.
MAX_SHARD = 2000  # essays (whole learners, so shards may be a little larger)
PRODUCER = "https://github.com/swepseudo/swepseudo"
SPANS_SCHEMA = {"essay_id": pl.String, "start": pl.Int64, "end": pl.Int64, "label": pl.String,
                "attrs": pl.List(pl.String), "ref": pl.Int64, "action": pl.String}


# fields of the gate that are the essay's text (its SVALA sides are the text itself)
GATED_TEXT = frozenset({"text", "source", "target"})


class ReleaseError(RuntimeError):
    """A release cannot be made (bad arguments, existing release, engine failure). The message
    names paths, opaque ids, counts and reasons: Prefect logs it into its database. `detail`
    (lines naming essays by their input ids, which may be file names holding a learner's name)
    is for the owner's terminal only: it is no argument of the exception, so no log holds it."""

    def __init__(self, message: str, detail: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.detail = tuple(detail)


class ReleaseExists(ReleaseError):
    """The same inputs, snapshot, seed and code were released already (same id)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        super().__init__(f"{path}: this release already exists (same inputs, snapshot, seed "
                         f"and code); check it with `swepseudo verify {path}`")


class EssayLike(Protocol):
    essay_id: str
    text: str

    @property
    def learner(self) -> str: ...


@dataclass(frozen=True)
class ShardEssay:
    """What a shard needs of an essay (the sealed shard files in the private work directory)."""

    essay_id: str  # the published id
    learner: str
    text: str
    carried: dict  # learner id and metadata, as the manifest carries them (the gate scans them)
    metadata: dict = field(default_factory=dict)  # all of it, for the policy; never published
    spans: list[dict] | None = None  # a review's decided spans (`release --review`)


@dataclass(frozen=True)
class Plan:
    """Everything the shard and finalize steps need, as paths and plain values (no text).
    `work_key` seals the working files; it exists only in this plan, never on disk."""

    release_id: str
    final: str
    staging: str
    work: str
    keys_dir: str
    snapshot_path: str
    strategy: str
    seed: int
    shards: tuple[str, ...]
    essays: int
    quarantined: int
    started_at: str
    work_key: bytes = b""
    keep_ids: bool = False
    strict: bool = False
    lock: str | None = None
    policy: Policy | None = None  # with its kept countries fixed over the whole batch


# --- the pure processing step --------------------------------------------------------------

def load_engine(snapshot_path: Path | str) -> Engine:
    """This process's engine for a snapshot, loaded on first use."""
    safety.die_with_parent()
    return _engine(str(Path(snapshot_path).resolve()))


@functools.lru_cache(maxsize=2)
def _engine(snapshot_path: str) -> Engine:
    """One engine per process and snapshot (threads of one worker share it)."""
    return Engine.load(Path(snapshot_path))


def pseudonymize_shard(engine_snapshot_path: Path | str, essays: Iterable[EssayLike],
                       strategy: str, seed: int, policy: Policy | None = None
                       ) -> Iterator[tuple[str, Result | str]]:
    """Pseudonymize whole learners: each learner's essays in id order, sharing one Memory,
    an earlier essay run again where a later one established a name it holds
    (`learner_essays`). Results are yielded per learner, so a shard holds one learner's.

    An engine error costs its essay only: it is yielded as its reason (the exception's type,
    never its message, which could quote the essay) in place of the result.
    """
    engine = load_engine(engine_snapshot_path)
    with_policy = policy is not None
    extra = {"policy": policy} if with_policy else {}

    def run(essay: EssayLike, memory: Memory) -> Result | str:
        reviewed = getattr(essay, "spans", None)
        try:
            if reviewed is None:
                return engine.pseudonymize(
                    essay.text, essay.essay_id, strategy=strategy, seed=seed, memory=memory,
                    **extra, **({"metadata": essay.metadata} if with_policy else {}))
            return engine.render(essay.text, [Span(**{**d, "attrs": tuple(d["attrs"])})
                                              for d in reviewed], essay.essay_id,
                                 strategy=strategy, seed=seed, memory=memory, **extra)
        except (Exception, RecursionError) as exc:  # noqa: BLE001 - one essay, one fate
            return f"engine error ({type(exc).__name__})"

    def revisable(essay: EssayLike, result: Result | str) -> str | None:
        """A reviewer's decisions stand as they are; an engine error is not tried again."""
        return essay.text if getattr(essay, "spans", None) is None \
            and not isinstance(result, str) else None

    ordered = sorted(essays, key=lambda e: (e.learner, e.essay_id))
    for essay, result in by_learner(ordered, lambda e: e.learner, run, revisable):
        yield essay.essay_id, result


def shard_sizes(essays: int, workers: int) -> list[int]:
    """Shard sizes for `workers` parallel workers, in the order they are handed out: each
    shard takes 1/(2 * workers) of the essays not yet given out (guided scheduling), at most
    MAX_SHARD and at least 1/(16 * workers) of the batch. The first shards are large (little
    bookkeeping), the last ones small, so the workers run out of work at about the same time."""
    workers = max(1, workers)
    floor = min(MAX_SHARD, max(1, -(-essays // (16 * workers))))
    sizes: list[int] = []
    left = essays
    while left > 0:
        size = min(MAX_SHARD, max(floor, -(-left // (2 * workers))))
        if left - size < floor:  # no sliver of a shard at the end
            size = min(MAX_SHARD, left)
        sizes.append(size)
        left -= size
    return sizes


def shard_by_learner(essays: Sequence[EssayLike], sizes: Sequence[int]) -> list[list]:
    """Consecutive learners (sorted) packed into shards of about `sizes` essays: a shard
    closes at the first learner boundary where the essays so far reach the sizes' running
    total."""
    by_learner: dict[str, list] = {}
    for essay in essays:
        by_learner.setdefault(essay.learner, []).append(essay)
    totals = list(itertools.accumulate(sizes))
    shards: list[list] = [[]]
    done = k = 0
    for learner in sorted(by_learner):
        shards[-1].extend(by_learner[learner])
        done += len(by_learner[learner])
        if k < len(totals) - 1 and done >= totals[k]:
            shards.append([])
            while k < len(totals) - 1 and done >= totals[k]:
                k += 1
    return [s for s in shards if s]


# --- published ids and metadata ------------------------------------------------------------

def input_hmacs(batch: Path, secret: bytes, manifest: dict) -> dict[str, str]:
    """Published id -> keyed input hash of a batch as it is now, for the essays a release of
    it would not quarantine nor leave out (for verify and audit)."""
    config = manifest["config"]
    withdrawn = manifest.get("supersedes", {}).get("withdrawn", ())
    quarantined = {q["id"] for q in manifest.get("quarantine", ())}
    essays = identity.kept_essays(read_batch(Path(batch), config["max_bytes"]).essays, secret,
                                  withdrawn)
    return {identity.published_ids(secret, e, config.get("keep_ids", False))[0]:
            identity.keyed(secret, "input", e.sha256) for e in essays
            if identity.opaque(secret, "essay", e.essay_id) not in quarantined}


# Anything but a letter or digit separates an id's words: `_`, `-`, `.`, and also the spaces,
# commas and plus signs of a learner id written in a metadata file ("Anna Svensson")
_ID_SEPARATORS = re.compile(r"[\W_]+")


def id_words(identifier: str) -> str:
    """An id as words for the gate: `_`, `-`, `.`, white space and any other character that
    is not a letter or digit separate words (they must not hide a name)."""
    return " ".join(w for w in _ID_SEPARATORS.split(identifier) if w)


def id_names(identifier: str) -> str:
    """The alphabetic words of an id, capitalized, as a name would be written in a text (what
    the engine reads for names; codes such as `e01` or `L1` are left out, it would take them
    for acronyms)."""
    return " ".join(w.capitalize() for w in _ID_SEPARATORS.split(identifier) if w.isalpha())


# --- prepare -------------------------------------------------------------------------------

def prepare(batch_path: Path, out_root: Path, snapshot_path: Path, keys_dir: Path, *,
            strategy: str = "realistic", seed: int = 0, code_revision: str = "",
            max_bytes: int = MAX_BYTES, shard_size: int | None = None, workers: int = 1,
            keep_ids: bool = False, publish_metadata: tuple[str, ...] = (),
            bin_years: tuple[str, ...] = (), strict: bool = False,
            withdrawn: tuple[str, ...] = (), supersedes: str | None = None,
            release_secret: bytes | None = None, policy: Policy | None = None,
            review: Path | None = None, require_approved: bool = False) -> Plan:
    """Check the places, take the key directory's lock, read the batch, fix the release id,
    create the staging and work dirs and write sealed shard files (`shard_size` essays each, by
    default `shard_sizes` for `workers`; the output does not depend on it). `withdrawn` names
    learners (opaque ids) left out; `supersedes` the release this one replaces; `policy` is the
    corpus policy (pseudonymize.policy), its hash part of the release id. With `review` (a
    review workspace) the essays are rendered from its decisions and the essays its reviewers
    quarantined are left out."""
    if strategy not in STRATEGIES:
        raise ReleaseError(f"unknown strategy {strategy!r}; choose one of {', '.join(STRATEGIES)}")
    started_at = _now()
    out_root, keys_dir = Path(out_root).resolve(), Path(keys_dir).resolve()
    safety.check_places(Path(batch_path), out_root, keys_dir)
    keyfile.private_dir(keys_dir)
    lock = safety.acquire(keys_dir, "release with this key directory")
    try:
        safety.sweep_stale(out_root, keys_dir, keys_dir / "reviews")
        secret = release_secret or keyfile.release_secret(keys_dir)
        return _prepare(batch_path, out_root, snapshot_path, keys_dir, secret, lock, started_at,
                        strategy=strategy, seed=seed, code_revision=code_revision,
                        max_bytes=max_bytes, shard_size=shard_size, workers=workers,
                        keep_ids=keep_ids, publish_metadata=tuple(publish_metadata),
                        bin_years=tuple(bin_years), strict=strict,
                        withdrawn=tuple(sorted(withdrawn)), supersedes=supersedes,
                        policy=policy, review=review, require_approved=require_approved)
    except BaseException:
        safety.release_lock(lock)
        raise


def _read_checked(batch_path: Path, max_bytes: int, strict: bool, review: Path | None,
                  require_approved: bool, policy: Policy | None
                  ) -> tuple[Batch, ReleaseReview | None, Policy | None]:
    """`_prepare`'s reading step, before anything is written: the batch (none quarantined
    under `strict`), the review workspace's decisions and the policy the release runs with (a
    workspace prepared with a policy is released with that policy, never another)."""
    batch = read_batch(Path(batch_path), max_bytes)
    if strict and batch.quarantine:
        raise ReleaseError(f"--strict: {len(batch.quarantine)} input(s) quarantined "
                           f"({_reasons(q.reason for q in batch.quarantine)}); nothing released")
    reviewed = _reviewed(batch, review, require_approved) if review is not None else None
    if reviewed is not None and reviewed.policy is not None:
        # a workspace prepared with a policy is released with that policy
        if policy is not None and policy.digest != reviewed.policy.digest:
            raise ReleaseError(f"{review}: the workspace was prepared with another policy "
                               f"(sha256 {reviewed.policy.digest[:12]}…); release it without "
                               f"--policy or with that file")
        policy = reviewed.policy
    return batch, reviewed, policy


def _prepare(batch_path: Path, out_root: Path, snapshot_path: Path, keys_dir: Path,
             secret: bytes, lock: str, started_at: str, *, strategy: str, seed: int,
             code_revision: str, max_bytes: int, shard_size: int | None, workers: int,
             keep_ids: bool, publish_metadata: tuple[str, ...], bin_years: tuple[str, ...],
             strict: bool, withdrawn: tuple[str, ...], supersedes: str | None,
             policy: Policy | None, review: Path | None, require_approved: bool) -> Plan:
    """The plan of a release: its id, staging and work directories and sealed shards. Nothing
    is written until the batch is read and checked and the release id is known."""
    batch, reviewed, policy = _read_checked(batch_path, max_bytes, strict, review,
                                            require_approved, policy)
    snapshot = json.loads(Path(snapshot_path).read_text())
    config = identity.release_config(strategy, seed, max_bytes, keep_ids, publish_metadata,
                                     bin_years, policy.digest if policy else None,
                                     learned_mode(policy))
    described = identity.describe(batch, secret, snapshot["id"], code_revision, config,
                                  withdrawn, supersedes, reviewed.digest if reviewed else None)
    release_id = described.release_id
    shard_essays = [ShardEssay(pub, learner or f"essay:{pub}", essay.text,
                               {"learner_id": learner, **entry["metadata"]}, essay.metadata,
                               reviewed.spans[essay.essay_id] if reviewed else None)
                    for essay, pub, learner, entry in described.essays]
    final = out_root / release_id
    if final.exists():
        raise ReleaseExists(final)
    if policy is not None:
        # `rare` countries are judged on the whole batch, before any shard runs; the result
        # follows from what the id hashes already (batch, snapshot, policy, code)
        policy = policy_for_batch(policy, snapshot_path, batch.essays)
        config["policy"]["kept_countries"] = sorted(policy.kept_countries)
    out_root.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(dir=out_root, prefix=safety.run_dir_prefix("out", release_id),
                                    suffix=".partial"))
    work = Path(tempfile.mkdtemp(dir=keys_dir, prefix=safety.run_dir_prefix("work", release_id)))
    safety.register(staging, work)
    work_key = keyfile.WorkSealer.new_key()
    sealer = keyfile.WorkSealer(work_key)
    try:
        n = len(shard_essays)
        sizes = [shard_size] * -(-n // shard_size) if shard_size else shard_sizes(n, workers)
        shards = _write_shards(shard_essays, staging, work, sizes, sealer)
        info = {"batch": str(batch.path), "files": described.files, "config": config,
                "code_revision": code_revision, "snapshot": snapshot_summary(snapshot),
                "essays": described.published, "quarantine": described.quarantine,
                "ids": described.ids, "withdrawn": list(withdrawn), "supersedes": supersedes,
                "review": identity.published_review(reviewed.summary, secret)
                if reviewed else None}
        _write(work / "plan.json", sealer.seal(json.dumps(info, ensure_ascii=False).encode()))
    except BaseException:
        _remove(staging, work)
        raise
    return Plan(release_id, str(final), str(staging), str(work), str(keys_dir),
                str(Path(snapshot_path).resolve()), strategy, seed, tuple(shards),
                len(shard_essays), len(batch.quarantine), started_at, work_key, keep_ids,
                strict, lock, policy)

def policy_for_batch(policy: Policy, snapshot_path: Path, essays: Sequence[Essay]) -> Policy:
    """`pseudonymize.policy.for_batch` on the batch's essays (the engine loaded only if needed)."""
    if policy.countries != "rare":
        return policy
    return for_batch(policy, load_engine(snapshot_path), ((e.learner, e.text) for e in essays))


def _reasons(reasons: Iterable[str]) -> str:
    return ", ".join(f"{n} {r}" for r, n in sorted(Counter(reasons).items()))


def _reviewed(batch: Batch, review: Path, require_approved: bool) -> ReleaseReview:
    """--- review hook: the decided spans of a review workspace; the essays its reviewers
    quarantined move from the batch to its quarantine list (reason only, never a note)."""
    from pseudonymize.review.workspace import ReviewError, for_release

    try:
        reviewed = for_release(review, batch.essays, require_approved)
    except ReviewError as exc:
        raise ReleaseError(str(exc), exc.detail) from None
    out = set(reviewed.quarantined)
    batch.quarantine += [Quarantined(e.essay_id, e.source, "quarantined in review")
                         for e in batch.essays if e.essay_id in out]
    batch.essays = [e for e in batch.essays if e.essay_id not in out]
    return reviewed


def _write_shards(essays: Sequence[ShardEssay], staging: Path, work: Path, sizes: Sequence[int],
                  sealer: keyfile.WorkSealer) -> list[str]:
    for sub in (staging / "texts", staging / "svala", work / "review"):
        sub.mkdir()
    shards = []
    for n, shard in enumerate(shard_by_learner(essays, sizes)):
        path = work / f"shard-{n:05d}.jsonl"
        _write(path, sealer.seal("".join(
            json.dumps(e.__dict__, ensure_ascii=False) + "\n" for e in shard).encode()))
        shards.append(str(path))
    return shards


def snapshot_summary(snapshot: dict) -> dict:
    """The snapshot as a release records it: gazetteer versions and every source's provenance."""
    return {"id": snapshot["id"], "created_at": snapshot.get("created_at"),
            "schema_version": snapshot.get("schema_version"),
            "code_revision": snapshot.get("code_revision"),
            "gazetteers": {g: {"version": v["version"], "sha256": v.get("sha256"),
                               "rows": v.get("rows"), "sources": v.get("sources", [])}
                           for g, v in sorted(snapshot.get("gazetteers", {}).items())},
            "sources": {s: v.get("provenance", {})
                        for s, v in sorted(snapshot.get("sources", {}).items())}}


def gazetteer_files(snapshot_path: Path) -> dict[str, Path]:
    """Gazetteer files of a snapshot (paths are relative to the data root,
    `<root>/curated/snapshots/<id>.json`)."""
    snapshot_path = Path(snapshot_path)
    root = snapshot_path.resolve().parents[2]
    snapshot = json.loads(snapshot_path.read_text())
    return {g: root / v["path"] for g, v in snapshot.get("gazetteers", {}).items()}


# --- one shard -----------------------------------------------------------------------------

def _id_hits(plan: Plan, essay: ShardEssay, originals: Originals) -> list[Hit]:
    """Kept ids pass the gate as text, `_`/`-`/`.` read as spaces: the essay's originals, ID
    shapes, and anything the engine itself would replace in them."""
    hits = []
    engine = load_engine(plan.snapshot_path)
    for name, value in (("essay_id", essay.essay_id),
                        ("learner_id", essay.carried.get("learner_id"))):
        if not value:
            continue
        hits += scan_text(id_words(str(value)), originals, f"texts/{essay.essay_id}.txt", name)
        hits += _replaced_in(engine, id_names(str(value)), f"texts/{essay.essay_id}.txt", name)
    return hits


def _metadata_hits(plan: Plan, engine: Engine, essay: ShardEssay) -> list[Hit]:
    """The names in a published metadata value, whichever essay they come from: the gate's
    originals are this essay's only, so another learner's name in a named column
    (`--publish-metadata buddy`) passed it. A name is what the engine replaces there under the
    release's policy; a place, school or number in a column the user named is the user's choice
    (ID shapes are scanned in every value already)."""
    hits = []
    for key, value in essay.carried.items():
        if key == "learner_id" or value is None:
            continue
        value = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
        hits += [h for h in _replaced_in(engine, value, "manifest.json",
                                         f"essays.{essay.essay_id}.{key}", plan.policy)
                 if h.label in NAME_LABELS or h.label == "error"]
    return hits


def _replaced_in(engine: Engine, value: str, file: str, field: str,
                 policy: Policy | None = None) -> list[Hit]:
    """A hit for each entity the engine finds in `value` and the policy does not keep (an error
    is one: such a value is not published)."""
    if not value:
        return []
    try:
        found = [a.label for a in engine.pseudonymize(value, "id", strategy="tag", seed=0,
                                                       policy=policy).annotations
                 if a.action != KEEP]
    except (Exception, RecursionError):  # noqa: BLE001 - a value the engine fails on is not kept
        found = ["error"]
    return [Hit(file, field, 0, label) for label in found]


def name_homographs(engine: Engine, rows: Iterable[dict]) -> set[str]:
    """The essay's replaced names that are also everyday words ("Hans"/"hans", "Björn"/"björn",
    the lexicon's common_name_homograph): the gate takes them in lower case as those words."""
    return {r["original"] for r in rows if r["label"] in NAME_LABELS
            and engine.lex.get(fold(r["original"])).cats & HOMOGRAPH}


def process_shard(plan: Plan, index: int) -> dict:
    """Pseudonymize one shard file and gate each essay's published parts before writing them:
    a clean essay's texts and SVALA go to staging (their sha256s, its spans, key rows and
    sealed review graphs to the work dir); an essay with a gate hit or an engine error is
    quarantined with its reason. Returns counts and (id, reason) pairs only: a small report
    (Prefect walks every task parameter)."""
    shard = Path(plan.shards[index])
    sealer = keyfile.WorkSealer(plan.work_key)
    engine = load_engine(plan.snapshot_path)
    essays = [ShardEssay(**json.loads(line))
              for line in sealer.open(shard.read_bytes()).decode().splitlines()]
    by_id = {e.essay_id: e for e in essays}
    staging, work = Path(plan.staging), Path(plan.work)
    files: dict[str, str] = {}
    labels: Counter[str] = Counter()
    spans, key_rows, quarantined = [], [], []
    for essay_id, result in pseudonymize_shard(plan.snapshot_path, essays, plan.strategy,
                                               plan.seed, plan.policy):
        if isinstance(result, str):
            quarantined.append((essay_id, result))
            continue
        published, review = svala.graphs(result)
        rows = result.key_rows()
        originals = Originals(((r["label"], r["original"]) for r in rows),
                              name_homographs(engine, rows))
        side = published.text("target")  # both sides of the published graph are this text
        hits = scan_essay(essay_id, originals, result.target,
                          {"source": side, "target": side,
                           "labels": " ".join(published.labels())},
                          by_id[essay_id].carried, opaque_ids=not plan.keep_ids,
                          surrogates=result.surrogate_ranges())
        if plan.keep_ids:
            hits += _id_hits(plan, by_id[essay_id], originals)
        hits += _metadata_hits(plan, engine, by_id[essay_id])
        if hits:
            quarantined.append((essay_id, "leak gate: " + ", ".join(
                sorted({h.label if h.field in GATED_TEXT else f"{h.label} in {h.field}"
                        for h in hits}))))
            continue
        for rel, data in ((f"texts/{essay_id}.txt", result.target.encode()),
                          (f"svala/{essay_id}.json", published.encode())):
            files[rel] = _write(staging / rel, data)
        _write(work / "review" / f"{essay_id}.json", sealer.seal(review.encode()))
        for a in result.annotations:
            labels[a.label] += 1
            spans.append({"essay_id": essay_id, "start": a.target_start, "end": a.target_end,
                          "label": a.label, "attrs": list(a.attrs), "ref": a.ref,
                          "action": a.action})
        key_rows += rows
    _write(work / f"{shard.stem}.spans.parquet",
           _parquet_bytes(pl.DataFrame(spans, schema=SPANS_SCHEMA)))
    _write(work / f"{shard.stem}.key", sealer.seal(_parquet_bytes(
        pl.DataFrame(key_rows, schema=keyfile.KEY_SCHEMA))))
    _write(work / f"{shard.stem}.sha256",
           "".join(f"{sha}  {rel}\n" for rel, sha in files.items()).encode("utf-8"))
    return {"shard": index, "essays": len(essays), "labels": dict(labels),
            "quarantined": quarantined}


# --- finalize ------------------------------------------------------------------------------

def finalize(plan: Plan, reports: Sequence[dict], secret: str | None = None) -> dict:
    """Quarantine what the shards' gates and engines refused (or fail, when strict); merge the
    shards, write spans/provenance/manifest, the key (sealed with `secret`, the passphrase,
    by default `$SWEPSEUDO_KEY_PASSPHRASE`) and SHA256SUMS, then publish by renaming the staging
    dir. Returns a summary (no text)."""
    try:
        return _finalize(plan, reports, secret or keyfile.passphrase())
    finally:
        abort(plan)  # the work dir (and staging, unless published) go; the lock is released


def _finalize(plan: Plan, reports: Sequence[dict], secret: str | None) -> dict:
    staging, work = Path(plan.staging), Path(plan.work)
    sealer = keyfile.WorkSealer(plan.work_key)
    info = json.loads(sealer.open((work / "plan.json").read_bytes()))
    if sum(r["essays"] for r in reports) != plan.essays:
        raise ReleaseError(f"release {plan.release_id}: shards returned "
                           f"{sum(r['essays'] for r in reports)} of {plan.essays} essays")
    essays, ids = info["essays"], {row["id"]: row for row in info["ids"]}
    quarantine = _quarantine(plan, info, ids, reports)
    spans = _concat(work.glob("*.spans.parquet"), SPANS_SCHEMA).sort(["essay_id", "start", "end"])
    key = pl.concat([pl.read_parquet(io.BytesIO(sealer.open(p.read_bytes())))
                     for p in sorted(work.glob("*.key"))] or
                    [pl.DataFrame(schema=keyfile.KEY_SCHEMA)], how="vertical")
    key = key.sort(["essay_id", "label", "ref"])
    outputs = dict(reversed(line.split("  ", 1)) for path in sorted(work.glob("*.sha256"))
                   for line in path.read_text(encoding="utf-8").splitlines())
    outputs["spans.parquet"] = _write(staging / "spans.parquet", _parquet_bytes(spans))
    labels: Counter[str] = Counter()
    for r in reports:
        labels.update(r["labels"])
    for essay_id, entry in essays.items():
        entry["outputs"] = {"text": outputs[f"texts/{essay_id}.txt"],
                            "svala": outputs[f"svala/{essay_id}.json"]}
    finished_at = _now()
    counts = {"essays": len(essays), "quarantined": len(quarantine),
              "labels": dict(sorted(labels.items())),
              "replaced": int(key.height), "spans": int(spans.height)}
    manifest = _manifest(plan, info, outputs, counts, quarantine, finished_at)
    # manifest.json and provenance.jsonl carry times, so only SHA256SUMS hashes them
    sums = {**outputs,
            "provenance.jsonl": _write(staging / "provenance.jsonl", "".join(
                _dumps(e) + "\n" for e in lineage_events(plan, info, outputs, finished_at)).encode()),
            "manifest.json": _write(staging / "manifest.json",
                                    (_json_lines(manifest, 3) + "\n").encode())}
    id_rows = pl.DataFrame([{c: row[c] for c in keyfile.IDS_SCHEMA} for row in ids.values()],
                           schema=keyfile.IDS_SCHEMA).sort("id")
    review = ((p.name, sealer.open(p.read_bytes()))
              for p in sorted((work / "review").glob("*.json")))
    key_path = _publish(plan, info, key, review, id_rows, sums, secret)
    keys_dir = Path(plan.keys_dir)
    return {"release_id": plan.release_id, "path": plan.final, "key": str(key_path),
            "review": str(keys_dir / f"{plan.release_id}.review"),
            "ids": str(keyfile.ids_path(keys_dir, plan.release_id)),
            "counts": counts, "quarantine": [(q["id"], q["reason"]) for q in quarantine]}


def _quarantine(plan: Plan, info: dict, ids: dict[str, dict], reports: Sequence[dict]
                ) -> list[dict]:
    """Move what the shards refused from the essays to the quarantine (under opaque ids), and
    refuse the whole release when strict and anything is quarantined."""
    refused = sorted((essay_id, reason) for r in reports for essay_id, reason in r["quarantined"])
    for essay_id, reason in refused:
        del info["essays"][essay_id]
        row = ids[essay_id]
        row.update(status="quarantined", reason=reason)
        info["quarantine"].append({"id": row["opaque"], "reason": reason})
    quarantine = sorted(info["quarantine"], key=lambda q: (q["id"], q["reason"]))
    if plan.strict and quarantine:
        raise ReleaseError(f"--strict: {len(quarantine)} essay(s) quarantined "
                           f"({_reasons(q['reason'] for q in quarantine)}); nothing released")
    return quarantine


def _manifest(plan: Plan, info: dict, outputs: dict[str, str], counts: dict,
              quarantine: list[dict], finished_at: str) -> dict:
    """The release's manifest: what went in, what came out, with which code, data and seed."""
    manifest = {"release_id": plan.release_id, "created_at": finished_at,
                "package": {"name": "swepseudo", "version": pseudonymize.__version__},
                "code_revision": info["code_revision"], "config": info["config"],
                "seed": plan.seed, "snapshot": info["snapshot"],
                "inputs": {"files": info["files"], "essays": info["essays"]},
                "outputs": dict(sorted(outputs.items())), "counts": counts,
                "quarantine": quarantine}
    if info["supersedes"]:
        manifest["supersedes"] = {"release": info["supersedes"], "withdrawn": info["withdrawn"]}
    if info.get("review"):
        manifest["review"] = info["review"]
    return manifest


def made_with(config: dict, seed: int, supersedes: str | None, withdrawn: Sequence[str]
              ) -> dict:
    """The options a withdrawal re-runs a release with, as the manifest states them; kept in
    the note beside the key too, where no one who can edit the published manifest can."""
    return json.loads(json.dumps({"config": config, "seed": seed, "supersedes": {
        "release": supersedes, "withdrawn": list(withdrawn)} if supersedes else None}))


def _publish(plan: Plan, info: dict, key: pl.DataFrame, review: Iterable[tuple[str, bytes]],
             id_rows: pl.DataFrame, sums: dict[str, str], secret: str | None) -> Path:
    """Write the key, id map, note and review graphs beside the release, then SHA256SUMS, and
    publish by renaming the staging directory; on any failure remove what this run wrote to
    the keys directory. Returns the key's path."""
    keys_dir, staging = Path(plan.keys_dir), Path(plan.staging)
    before = set(_key_files(keys_dir, plan.release_id))
    try:
        key_path = keyfile.write_key(keys_dir, plan.release_id, key, review, secret, id_rows)
        keyfile.write_note(keys_dir, plan.release_id, {"batch": info["batch"], **(
            {"policy": plan.policy.source} if plan.policy is not None else {}),
            "made_with": made_with(info["config"], plan.seed, info["supersedes"],
                                   info["withdrawn"])}, secret)
        _write(staging / "SHA256SUMS", "".join(f"{sha}  {rel}\n"
                                               for rel, sha in sorted(sums.items())).encode())
        os.chmod(staging, 0o755)  # mkdtemp made it private; a release is meant to be read
        os.rename(staging, plan.final)
    except BaseException:
        # a disk filling up after the key was written: the key, id map, note and review
        # graphs of a release never published go too (what an earlier run left stays)
        for path in set(_key_files(keys_dir, plan.release_id)) - before:
            shutil.rmtree(path) if path.is_dir() else path.unlink(missing_ok=True)
        raise
    return key_path


def _key_files(keys_dir: Path, release_id: str) -> list[Path]:
    """What `write_key`/`write_note` write for a release (also their temporary directories)."""
    return [*keys_dir.glob(f"{release_id}.*"), *keys_dir.glob(f".{release_id}.review*")]


def _remove(*paths: Path | str) -> None:
    for path in paths:
        shutil.rmtree(path, ignore_errors=True)
    safety.unregister(*paths)


def abort(plan: Plan) -> None:
    """Remove what an unfinished release left (nothing partial is ever published) and release
    the key directory's lock."""
    _remove(plan.staging, plan.work)
    safety.release_lock(plan.lock)


def release(batch_path: Path, out_root: Path, snapshot_path: Path, keys_dir: Path, *,
            strategy: str = "realistic", seed: int = 0, code_revision: str = "",
            max_bytes: int = MAX_BYTES, shard_size: int | None = None,
            secret: str | None = None, **options: object) -> dict:
    """The whole release in this process (no Prefect): the reference the flow must match.
    `options` are `prepare`'s (keep_ids, publish_metadata, bin_years, strict, withdrawn, ...)."""
    plan = prepare(batch_path, out_root, snapshot_path, keys_dir, strategy=strategy, seed=seed,
                   code_revision=code_revision, max_bytes=max_bytes, shard_size=shard_size,
                   **options)
    try:
        reports = [process_shard(plan, i) for i in range(len(plan.shards))]
    except BaseException:
        abort(plan)
        raise
    return finalize(plan, reports, secret)


# --- helpers -------------------------------------------------------------------------------

def lineage_events(plan: Plan, info: dict, outputs: dict[str, str], finished_at: str
                   ) -> list[dict]:
    """OpenLineage START and COMPLETE run events: gazetteers and essays (by hash) in, release out."""
    schema = "https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/RunEvent"
    version_facet = "https://openlineage.io/spec/facets/1-0-1/DatasetVersionDatasetFacet.json"

    def version(v: str) -> dict:
        return {"version": {"_producer": PRODUCER, "_schemaURL": version_facet,
                            "datasetVersion": v}}

    inputs = [{"namespace": "swepseudo-curated", "name": g,
               "facets": {**version(v["version"]),
                          "swepseudo_resource": {"_producer": PRODUCER,
                                                 "_schemaURL": f"{PRODUCER}/facets/resource.json",
                                                 "sha256": v["sha256"], "sources": v["sources"]}}}
              for g, v in info["snapshot"]["gazetteers"].items()]
    inputs += [{"namespace": "swepseudo-batch", "name": f"essay/{essay_id}",
                "facets": version(f"hmac-sha256:{e['input_hmac']}")}
               for essay_id, e in sorted(info["essays"].items())]
    policy = info["config"].get("policy")
    if policy:  # the policy by its content hash only: its lists may name people and places
        inputs.append({"namespace": "swepseudo-policy", "name": "policy",
                       "facets": version(f"sha256:{policy['sha256']}")})
    tagger = info["config"].get("learned")
    if tagger:  # the learned tagger's packaged model (pseudonymize/data/tagger.crfsuite)
        inputs.append({"namespace": "swepseudo-model", "name": "learned-tagger",
                       "facets": version(f"sha256:{tagger['model_sha256']}")})
    release_ns = f"swepseudo-release:{plan.release_id}"
    outs = []
    for name, prefix in (("texts", "texts/"), ("svala", "svala/"), ("spans.parquet", "spans.")):
        lines = "".join(f"{sha}  {rel}\n" for rel, sha in sorted(outputs.items())
                        if rel.startswith(prefix))
        outs.append({"namespace": release_ns, "name": name,
                     "facets": version(f"sha256:{hashlib.sha256(lines.encode()).hexdigest()}")})
    run = {"runId": str(uuid.uuid5(uuid.NAMESPACE_URL, f"{PRODUCER}/release/{plan.release_id}")),
           "facets": {}}
    if info.get("supersedes"):  # a withdrawal: learners by opaque id only
        run["facets"]["swepseudo_supersedes"] = {
            "_producer": PRODUCER, "_schemaURL": f"{PRODUCER}/facets/supersedes.json",
            "release": info["supersedes"], "withdrawn_learners": info["withdrawn"]}
    job = {"namespace": "swepseudo", "name": "release_corpus"}
    base = {"run": run, "job": job, "producer": PRODUCER, "schemaURL": schema}
    return [{**base, "eventType": "START", "eventTime": plan.started_at, "inputs": inputs,
             "outputs": []},
            {**base, "eventType": "COMPLETE", "eventTime": finished_at, "inputs": inputs,
             "outputs": outs}]


def _concat(paths: Iterable[Path], schema: dict) -> pl.DataFrame:
    frames = [pl.read_parquet(p) for p in sorted(paths)]
    return pl.concat(frames, how="vertical") if frames else pl.DataFrame(schema=schema)


def _parquet_bytes(frame: pl.DataFrame) -> bytes:
    """Deterministic Parquet bytes (same rows -> same bytes; no time stamps)."""
    import pyarrow.parquet as pq  # here: only finalize needs it, workers start faster without

    buf = io.BytesIO()
    pq.write_table(frame.to_arrow(), buf, compression="zstd")
    return buf.getvalue()


def _write(path: Path, data: bytes) -> str:
    """Write a release or work file whole; return its sha256 (for the manifest and SHA256SUMS).
    A full disk may take part of a write (a short count, not an error): the rest is written
    until all is, or the disk's error is raised naming the file (an `os.write` error names
    none, and the CLI's one line names the path)."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
        finally:
            os.close(fd)
    except OSError as exc:
        if exc.filename is None:
            raise OSError(exc.errno, exc.strerror, str(path)) from None
        raise
    return hashlib.sha256(data).hexdigest()


def _dumps(value: object) -> str:
    """Strict JSON (NaN and Infinity refused: the reader would choke on them)."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False, allow_nan=False)


def _json_lines(value: object, depth: int, indent: int = 0) -> str:
    """JSON with sorted keys, dicts of the top `depth` levels one key per line and everything
    deeper on one line: readable like `indent=`, but written by json's C encoder (which
    `indent=` would replace by the pure-Python one: seconds for a large manifest)."""
    if depth == 0 or not isinstance(value, dict) or not value:
        return _dumps(value)
    pad = " " * (indent + 1)
    return ("{\n" + ",\n".join(f"{pad}{_dumps(k)}: "
                               f"{_json_lines(v, depth - 1, indent + 1)}"
                               for k, v in sorted(value.items()))
            + "\n" + " " * indent + "}")


def _now() -> str:
    return dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")
