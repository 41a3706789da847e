"""Write a release: prepare (read, shard) -> process each shard -> finalize (gate, key, publish).

Release directory `<out>/<release-id>/`, built in `<out>/.<release-id>.<random>.partial` and renamed
only when complete:
    texts/<id>.txt       pseudonymized essays (UTF-8)
    svala/<id>.json      SVALA graphs, both sides pseudonymized
    spans.parquet        essay_id, start, end (offsets in texts/<id>.txt), label, attrs, ref, action
    manifest.json        ids, config, seed, snapshot + provenance, input/output sha256, counts,
                         quarantine; `created_at` is its only time stamp
    provenance.jsonl     OpenLineage START/COMPLETE run events (inputs: gazetteers, essays by hash)
    SHA256SUMS           `sha256sum -c` format, every file above
Working files that hold original text (shard inputs, key rows, review graphs) live in a private
directory beside the key, never under `<out>`.

Each shard runs the leak gate over what it wrote, in the worker; finalize only adds the
quarantine list, so the serial part of a release is reading the batch and writing the manifest.

The release id hashes the inputs, the quarantine, the snapshot, the strategy, the seed and the
code revision, so the same inputs and code give the same id and byte-identical content.
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
import shutil
import tempfile
import uuid
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import polars as pl

import pseudonymize
from pseudonymize import svala
from pseudonymize.corpus import identity
from pseudonymize.corpus import keys as keyfile
from pseudonymize.corpus.batch import MAX_BYTES, Batch, Essay, Quarantined, read_batch
from pseudonymize.corpus.leakgate import Hit, LeakError, Originals, scan_essay, scan_quarantine
from pseudonymize.engine import STRATEGIES, Engine, Memory
from pseudonymize.types import Result, Span

if TYPE_CHECKING:
    from pseudonymize.review.workspace import ReleaseReview

# A shard task costs about 0.1 s of Prefect bookkeeping in a process pool, so shards are few
# and large, except the last ones (see `shard_sizes`); the cap bounds a shard's duration.
MAX_SHARD = 2000  # essays (whole learners, so shards may be a little larger)
PRODUCER = "https://github.com/swepseudo/swepseudo"
SPANS_SCHEMA = {"essay_id": pl.String, "start": pl.Int64, "end": pl.Int64, "label": pl.String,
                "attrs": pl.List(pl.String), "ref": pl.Int64, "action": pl.String}


class ReleaseError(RuntimeError):
    """A release cannot be made (bad arguments, existing release, engine failure)."""


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
    """What a shard needs of an essay (the shard files in the private work directory)."""

    essay_id: str
    learner: str
    text: str
    carried: dict  # learner id and metadata, as the manifest carries them (the gate scans them)
    spans: list[dict] | None = None  # a review's decided spans (`release --review`)


@dataclass(frozen=True)
class Plan:
    """Everything the shard and finalize steps need, as paths and plain values (no text)."""

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


# --- the pure processing step --------------------------------------------------------------

def load_engine(snapshot_path: Path | str) -> Engine:
    """This process's engine for a snapshot, loaded on first use."""
    return _engine(str(Path(snapshot_path).resolve()))


@functools.lru_cache(maxsize=2)
def _engine(snapshot_path: str) -> Engine:
    """One engine per process and snapshot (threads of one worker share it)."""
    return Engine.load(Path(snapshot_path))


def pseudonymize_shard(engine_snapshot_path: Path | str, essays: Iterable[EssayLike],
                       strategy: str, seed: int) -> Iterator[tuple[str, Result]]:
    """Pseudonymize whole learners: each learner's essays in id order, sharing one Memory.
    Results are yielded one by one, so a shard never holds more than one essay's.

    Engine errors are re-raised without their message, which could quote the essay.
    """
    engine = load_engine(engine_snapshot_path)
    memories: dict[str, Memory] = {}
    for essay in sorted(essays, key=lambda e: (e.learner, e.essay_id)):
        memory = memories.setdefault(essay.learner, Memory())
        reviewed = getattr(essay, "spans", None)
        try:
            if reviewed is None:
                result = engine.pseudonymize(essay.text, essay.essay_id, strategy=strategy,
                                             seed=seed, memory=memory)
            else:
                result = engine.render(essay.text, [Span(**{**d, "attrs": tuple(d["attrs"])})
                                                    for d in reviewed], essay.essay_id,
                                       strategy=strategy, seed=seed, memory=memory)
        except Exception as exc:  # noqa: BLE001 - the message may hold essay text
            raise ReleaseError(f"essay {essay.essay_id}: the engine failed "
                               f"({type(exc).__name__})") from None
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


def shard_by_learner(essays: Sequence[Essay], sizes: Sequence[int]) -> list[list[Essay]]:
    """Consecutive learners (sorted) packed into shards of about `sizes` essays: a shard
    closes at the first learner boundary where the essays so far reach the sizes' running
    total."""
    by_learner: dict[str, list[Essay]] = {}
    for essay in essays:
        by_learner.setdefault(essay.learner, []).append(essay)
    totals = list(itertools.accumulate(sizes))
    shards: list[list[Essay]] = [[]]
    done = k = 0
    for learner in sorted(by_learner):
        shards[-1].extend(by_learner[learner])
        done += len(by_learner[learner])
        if k < len(totals) - 1 and done >= totals[k]:
            shards.append([])
            while k < len(totals) - 1 and done >= totals[k]:
                k += 1
    return [s for s in shards if s]


# --- prepare -------------------------------------------------------------------------------

def prepare(batch_path: Path, out_root: Path, snapshot_path: Path, keys_dir: Path, *,
            strategy: str = "realistic", seed: int = 0, code_revision: str = "",
            max_bytes: int = MAX_BYTES, shard_size: int | None = None, workers: int = 1,
            review: Path | None = None, require_approved: bool = False) -> Plan:
    """Read the batch, fix the release id, create the staging and work dirs, write shard files
    (`shard_size` essays each, by default `shard_sizes` for `workers`; the output does not
    depend on it). With `review` (a review workspace) the essays are rendered from its
    decisions and the essays its reviewers quarantined are left out."""
    if strategy not in STRATEGIES:
        raise ReleaseError(f"unknown strategy {strategy!r}; choose one of {', '.join(STRATEGIES)}")
    started_at = _now()
    batch = read_batch(Path(batch_path), max_bytes)
    snapshot = json.loads(Path(snapshot_path).read_text())
    config = identity.release_config(strategy, seed, max_bytes)
    reviewed = _reviewed(batch, review, require_approved) if review is not None else None
    release_id = identity.release_id(batch, snapshot["id"], config, code_revision,
                                     reviewed.digest if reviewed else None)
    out_root, keys_dir = Path(out_root).resolve(), Path(keys_dir).resolve()
    final = out_root / release_id
    if final.exists():
        raise ReleaseExists(final)
    out_root.mkdir(parents=True, exist_ok=True)
    keys_dir.mkdir(parents=True, exist_ok=True)
    os.chmod(keys_dir, 0o700)
    # Leftovers of a run of this release that was killed: never published, safe to remove.
    for stale in [*out_root.glob(f".{release_id}.*.partial"), *keys_dir.glob(f".work-{release_id}.*")]:
        shutil.rmtree(stale, ignore_errors=True)
    staging = Path(tempfile.mkdtemp(dir=out_root, prefix=f".{release_id}.", suffix=".partial"))
    work = Path(tempfile.mkdtemp(dir=keys_dir, prefix=f".work-{release_id}."))
    try:
        n = len(batch.essays)
        sizes = [shard_size] * -(-n // shard_size) if shard_size else shard_sizes(n, workers)
        shards = _write_shards(batch.essays, staging, work, sizes,
                               reviewed.spans if reviewed else None)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        shutil.rmtree(work, ignore_errors=True)
        raise
    info = {"batch": str(batch.path), "files": batch.files, "config": config,
            "code_revision": code_revision, "snapshot": snapshot_summary(snapshot),
            "essays": {e.essay_id: _essay_entry(e) for e in batch.essays},
            "quarantine": [q.to_dict() for q in batch.quarantine],
            "review": reviewed.summary if reviewed else None}
    (work / "plan.json").write_text(json.dumps(info, ensure_ascii=False), encoding="utf-8")
    return Plan(release_id, str(final), str(staging), str(work), str(keys_dir),
                str(Path(snapshot_path).resolve()), strategy, seed, tuple(shards),
                len(batch.essays), len(batch.quarantine), started_at)


def _reviewed(batch: Batch, review: Path, require_approved: bool) -> ReleaseReview:
    """--- review hook: the decided spans of a review workspace; the essays its reviewers
    quarantined move from the batch to its quarantine list (reason only, never a note)."""
    from pseudonymize.review.workspace import ReviewError, for_release

    try:
        reviewed = for_release(review, batch.essays, require_approved)
    except ReviewError as exc:
        raise ReleaseError(str(exc)) from None
    out = set(reviewed.quarantined)
    batch.quarantine += [Quarantined(e.essay_id, e.source, "quarantined in review")
                         for e in batch.essays if e.essay_id in out]
    batch.essays = [e for e in batch.essays if e.essay_id not in out]
    return reviewed


def _write_shards(essays: Sequence[Essay], staging: Path, work: Path, sizes: Sequence[int],
                  reviewed: dict[str, list[dict]] | None = None) -> list[str]:
    for sub in (staging / "texts", staging / "svala", work / "review"):
        sub.mkdir()
    shards = []
    for n, shard in enumerate(shard_by_learner(essays, sizes)):
        path = work / f"shard-{n:05d}.jsonl"
        path.write_text("".join(json.dumps({"essay_id": e.essay_id, "learner": e.learner,
                                            "text": e.text, "carried": _carried(e),
                                            "spans": reviewed[e.essay_id] if reviewed else None},
                                           ensure_ascii=False) + "\n" for e in shard),
                        encoding="utf-8")
        shards.append(str(path))
    return shards


def _carried(essay: Essay) -> dict:
    return {"learner_id": essay.learner_id, **essay.metadata}


def _essay_entry(essay: Essay) -> dict:
    entry = {"sha256": essay.sha256, "source": essay.source, "encoding": essay.encoding,
             "learner_id": essay.learner_id, "metadata": essay.metadata}
    if essay.note:
        entry["note"] = essay.note
    return entry


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

def process_shard(plan: Plan, index: int) -> dict:
    """Pseudonymize one shard file; write its texts and SVALA into staging and their sha256s,
    its spans, key rows and review graphs into the work dir; run the leak gate over the
    essays' published parts. Returns counts and gate hits (file, field, offset, label) only:
    a small report (Prefect walks every task parameter; two hashes per essay, passed on to
    the publishing task, made it wait 0.6 s for 10,000 essays)."""
    shard = Path(plan.shards[index])
    essays = [ShardEssay(**json.loads(line))
              for line in shard.read_text(encoding="utf-8").splitlines()]
    carried = {e.essay_id: e.carried for e in essays}
    staging, work = Path(plan.staging), Path(plan.work)
    files: dict[str, str] = {}
    labels: Counter[str] = Counter()
    spans, key_rows, hits = [], [], []
    for essay_id, result in pseudonymize_shard(plan.snapshot_path, essays, plan.strategy,
                                               plan.seed):
        published, review = svala.graphs(result)
        for rel, data in ((f"texts/{essay_id}.txt", result.target.encode()),
                          (f"svala/{essay_id}.json", published.encode())):
            files[rel] = _write(staging / rel, data)
        keyfile.write_private(work / "review" / f"{essay_id}.json", review.encode())
        rows = result.key_rows()
        side = published.text("target")  # both sides of the published graph are this text
        hits += scan_essay(essay_id, Originals((r["label"], r["original"]) for r in rows),
                           result.target, {"source": side, "target": side,
                                           "labels": " ".join(published.labels())},
                           carried[essay_id])
        for a in result.annotations:
            labels[a.label] += 1
            spans.append({"essay_id": essay_id, "start": a.target_start, "end": a.target_end,
                          "label": a.label, "attrs": list(a.attrs), "ref": a.ref,
                          "action": a.action})
        key_rows += rows
    pl.DataFrame(spans, schema=SPANS_SCHEMA).write_parquet(work / f"{shard.stem}.spans.parquet")
    pl.DataFrame(key_rows, schema=keyfile.KEY_SCHEMA).write_parquet(
        work / f"{shard.stem}.key.parquet")
    (work / f"{shard.stem}.sha256").write_text(
        "".join(f"{sha}  {rel}\n" for rel, sha in files.items()), encoding="utf-8")
    return {"shard": index, "essays": len(essays), "labels": dict(labels),
            "hits": [h.to_dict() for h in hits]}


# --- finalize ------------------------------------------------------------------------------

def finalize(plan: Plan, reports: Sequence[dict], secret: str | None = None) -> dict:
    """Stop on any leak the shards' gates found (or an ID in the quarantine list); merge shards,
    write spans/provenance/manifest, the key and SHA256SUMS, then publish by renaming the
    staging dir. Returns a summary (no text)."""
    staging, work = Path(plan.staging), Path(plan.work)
    info = json.loads((work / "plan.json").read_text(encoding="utf-8"))
    if sum(r["essays"] for r in reports) != plan.essays:
        raise ReleaseError(f"release {plan.release_id}: shards returned "
                           f"{sum(r['essays'] for r in reports)} of {plan.essays} essays")
    hits = sorted((Hit(**h) for r in reports for h in r["hits"]), key=_hit_order)
    hits += scan_quarantine(info["quarantine"])
    if hits:
        raise LeakError(hits)

    spans = _concat(work.glob("*.spans.parquet"), SPANS_SCHEMA).sort(["essay_id", "start", "end"])
    key = _concat(work.glob("*.key.parquet"), keyfile.KEY_SCHEMA).sort(["essay_id", "label", "ref"])
    outputs = dict(reversed(line.split("  ", 1)) for path in sorted(work.glob("*.sha256"))
                   for line in path.read_text(encoding="utf-8").splitlines())
    outputs["spans.parquet"] = _write(staging / "spans.parquet", _parquet_bytes(spans))
    labels: Counter[str] = Counter()
    for r in reports:
        labels.update(r["labels"])
    essays = info["essays"]
    for essay_id, entry in essays.items():
        entry["outputs"] = {"text": outputs[f"texts/{essay_id}.txt"],
                            "svala": outputs[f"svala/{essay_id}.json"]}
    finished_at = _now()
    events = lineage_events(plan, info, outputs, finished_at)
    counts = {"essays": plan.essays, "quarantined": plan.quarantined,
              "labels": dict(sorted(labels.items())),
              "replaced": int(key.height), "spans": int(spans.height)}
    manifest = {"release_id": plan.release_id, "created_at": finished_at,
                "package": {"name": "swepseudo", "version": pseudonymize.__version__},
                "code_revision": info["code_revision"], "config": info["config"],
                "seed": plan.seed, "snapshot": info["snapshot"],
                "inputs": {"batch": info["batch"], "files": info["files"], "essays": essays},
                "outputs": dict(sorted(outputs.items())), "counts": counts,
                "quarantine": info["quarantine"]}
    if info.get("review"):
        manifest["review"] = info["review"]
    # manifest.json and provenance.jsonl carry times, so only SHA256SUMS hashes them
    sums = {**outputs,
            "provenance.jsonl": _write(staging / "provenance.jsonl", "".join(
                json.dumps(e, sort_keys=True, ensure_ascii=False) + "\n" for e in events).encode()),
            "manifest.json": _write(staging / "manifest.json",
                                    (_json_lines(manifest, 3) + "\n").encode())}

    key_path = keyfile.write_key(Path(plan.keys_dir), plan.release_id, key, work / "review",
                                 secret)
    (staging / "SHA256SUMS").write_text("".join(f"{sha}  {rel}\n"
                                                for rel, sha in sorted(sums.items())))
    os.chmod(staging, 0o755)  # mkdtemp made it private; a release is meant to be read
    os.rename(staging, plan.final)
    shutil.rmtree(work, ignore_errors=True)
    return {"release_id": plan.release_id, "path": plan.final, "key": str(key_path),
            "review": str(Path(plan.keys_dir) / f"{plan.release_id}.review"),
            "counts": counts, "quarantine": [(q["essay_id"], q["reason"])
                                             for q in info["quarantine"]]}


def _hit_order(hit: Hit) -> tuple:
    """Texts, then SVALA, then the manifest; whatever the sharding was."""
    return ({"texts": 0, "svala": 1}.get(hit.file.split("/")[0], 2), hit.file, hit.field,
            hit.offset)


def abort(plan: Plan) -> None:
    """Remove what an unfinished release left: nothing partial is ever published."""
    shutil.rmtree(plan.staging, ignore_errors=True)
    shutil.rmtree(plan.work, ignore_errors=True)


def release(batch_path: Path, out_root: Path, snapshot_path: Path, keys_dir: Path, *,
            strategy: str = "realistic", seed: int = 0, code_revision: str = "",
            max_bytes: int = MAX_BYTES, shard_size: int | None = None,
            secret: str | None = None, review: Path | None = None,
            require_approved: bool = False) -> dict:
    """The whole release in this process (no Prefect): the reference the flow must match."""
    plan = prepare(batch_path, out_root, snapshot_path, keys_dir, strategy=strategy, seed=seed,
                   code_revision=code_revision, max_bytes=max_bytes, shard_size=shard_size,
                   review=review, require_approved=require_approved)
    try:
        reports = [process_shard(plan, i) for i in range(len(plan.shards))]
        return finalize(plan, reports, secret)
    except BaseException:
        abort(plan)
        raise


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
    inputs += [{"namespace": f"file://{info['batch']}", "name": f"essay/{essay_id}",
                "facets": version(f"sha256:{e['sha256']}")}
               for essay_id, e in sorted(info["essays"].items())]
    release_ns = f"swepseudo-release:{plan.release_id}"
    outs = []
    for name, prefix in (("texts", "texts/"), ("svala", "svala/"), ("spans.parquet", "spans.")):
        lines = "".join(f"{sha}  {rel}\n" for rel, sha in sorted(outputs.items())
                        if rel.startswith(prefix))
        outs.append({"namespace": release_ns, "name": name,
                     "facets": version(f"sha256:{hashlib.sha256(lines.encode()).hexdigest()}")})
    run = {"runId": str(uuid.uuid5(uuid.NAMESPACE_URL, f"{PRODUCER}/release/{plan.release_id}")),
           "facets": {}}
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
    """Write a release file; return its sha256 (for the manifest and SHA256SUMS)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        os.write(fd, data)
    finally:
        os.close(fd)
    return hashlib.sha256(data).hexdigest()


def _json_lines(value: object, depth: int, indent: int = 0) -> str:
    """JSON with sorted keys, dicts of the top `depth` levels one key per line and everything
    deeper on one line: readable like `indent=`, but written by json's C encoder (which
    `indent=` would replace by the pure-Python one: seconds for a large manifest)."""
    if depth == 0 or not isinstance(value, dict) or not value:
        return json.dumps(value, sort_keys=True, ensure_ascii=False)
    pad = " " * (indent + 1)
    return ("{\n" + ",\n".join(f"{pad}{json.dumps(k, ensure_ascii=False)}: "
                               f"{_json_lines(v, depth - 1, indent + 1)}"
                               for k, v in sorted(value.items()))
            + "\n" + " " * indent + "}")


def _now() -> str:
    return dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")
