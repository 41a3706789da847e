"""The curated store: per-source parts, merged gazetteers, snapshots and the lock.

Layout under the data root (`$SWEPSEUDO_HOME` or the current directory):
    curated/parts/<source>/<version>.parquet     what one source contributed (+ .json record)
    curated/<gazetteer>/<version>.parquet        the merge of every source's current part
    curated/snapshots/<id>.json                  the set of gazetteer versions, id = its hash
    curated/resources.lock.json                  the current snapshot and every source's part
Versions are content hashes, so rebuilding unchanged inputs yields the same files.
"""
from __future__ import annotations

import fcntl
import io
import json
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import builders
from builders.atomic import atomic_write_bytes, atomic_write_json

if TYPE_CHECKING:
    import hashlib

    import polars as pl

# polars, pyarrow and the schemas are imported where frames are handled: reading the lock and the
# snapshots (all that `swepseudo text`/`annotate` need) then costs no heavy import.

PROVENANCE_KEY = b"swepseudo.provenance"


def data_root() -> Path:
    """`$SWEPSEUDO_HOME` if set, else the current directory."""
    return Path(os.environ.get("SWEPSEUDO_HOME") or Path.cwd()).resolve()


def code_revision() -> str:
    """The git revision of this checkout (with -dirty), or the package version outside git."""
    import subprocess  # here: a process that only reads a snapshot (`annotate`) never runs git

    here = Path(__file__).resolve().parent
    try:
        rev = subprocess.run(["git", "rev-parse", "HEAD"], cwd=here, capture_output=True,
                             text=True, timeout=5, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"],
                               cwd=here, capture_output=True, text=True, timeout=5).stdout.strip()
        return rev + ("-dirty" if dirty else "")
    except (OSError, subprocess.SubprocessError):
        return f"swepseudo-{builders.__version__}"


def hold_lock(path: Path, what: str) -> int:
    """An exclusive `flock` on `path` (created 0600); while another process holds it, say so on
    stderr and wait. Returns the descriptor: closing it releases the lock."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        print(f"swepseudo: waiting for another {what} (lock {path}) ...", file=sys.stderr,
              flush=True)
        fcntl.flock(fd, fcntl.LOCK_EX)
    return fd


@contextmanager
def locked(path: Path, what: str) -> Iterator[None]:
    """`hold_lock` for the duration of a block."""
    fd = hold_lock(path, what)
    try:
        yield
    finally:
        os.close(fd)


def _sha256(data: bytes = b"") -> hashlib._Hash:
    """A sha256 digest object. (hashlib is imported here: it loads OpenSSL, 11 M instructions
    of the start-up of a process that only reads a snapshot, such as `annotate`.)"""
    import hashlib

    return hashlib.sha256(data)


def sha256_file(path: Path) -> str:
    digest = _sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def _parquet_bytes(frame: pl.DataFrame, provenance: dict) -> bytes:
    """Deterministic Parquet bytes carrying provenance in key-value metadata."""
    import pyarrow.parquet as pq

    table = frame.to_arrow()
    meta = {PROVENANCE_KEY: json.dumps(provenance, sort_keys=True, ensure_ascii=False).encode()}
    table = table.replace_schema_metadata(meta)
    buf = io.BytesIO()
    pq.write_table(table, buf, compression="zstd", write_statistics=True)
    return buf.getvalue()


def read_provenance(path: Path) -> dict:
    """The `swepseudo.provenance` metadata of a curated Parquet file."""
    import pyarrow.parquet as pq

    meta = pq.read_schema(path).metadata or {}
    return json.loads(meta.get(PROVENANCE_KEY, b"{}"))


class Store:
    """Read and write the curated store under one data root."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = (root or data_root()).resolve()
        self.curated = self.root / "curated"

    # --- lock -----------------------------------------------------------------------------
    @property
    def lock_path(self) -> Path:
        return self.curated / "resources.lock.json"

    def lock(self) -> dict:
        if self.lock_path.exists():
            return json.loads(self.lock_path.read_text())
        return {"current": None, "parts": {}}

    def current_snapshot_id(self) -> str | None:
        return self.lock().get("current")

    # --- parts ----------------------------------------------------------------------------
    def current_part(self, source: str) -> dict | None:
        """The record of a source's current part (None before its first successful build)."""
        return self.lock()["parts"].get(source)

    def write_part(self, source: str, frames: dict[str, pl.DataFrame], provenance: dict) -> dict:
        """Write a source's curated frames as one part per gazetteer; return the part record."""
        from builders.schemas import SCHEMAS, complete

        outputs = {}
        for gazetteer, frame in sorted(frames.items()):
            frame = complete(gazetteer, frame).sort(list(SCHEMAS[gazetteer]))
            data = _parquet_bytes(frame, {**provenance, "gazetteer": gazetteer,
                                          "rows": frame.height})
            version = _sha256(data).hexdigest()[:16]
            path = self.curated / "parts" / source / gazetteer / f"{version}.parquet"
            if not path.exists():
                atomic_write_bytes(path, data)
            outputs[gazetteer] = {"version": version, "rows": frame.height,
                                  "path": path.relative_to(self.root).as_posix()}
        return {"source": source, "outputs": outputs, "provenance": provenance}

    def part_rows(self, source: str, gazetteer: str) -> int | None:
        part = self.current_part(source)
        if not part or gazetteer not in part["outputs"]:
            return None
        return part["outputs"][gazetteer]["rows"]

    # --- gazetteers and snapshots ---------------------------------------------------------
    def commit(self, parts: dict[str, dict]) -> dict:
        """Make `parts` (source -> part record) current, merge gazetteers, write a snapshot.

        Sources absent from `parts` keep their current part. Returns the new snapshot.
        Concurrent builds commit one after the other (a file lock), each merging its parts into
        the lock as the previous one left it, so no build's parts are lost.
        """
        with locked(self.curated / ".commit.lock", "resource build"):
            return self._commit(parts)

    def _commit(self, parts: dict[str, dict]) -> dict:
        from builders.schemas import SCHEMA_VERSION

        lock = self.lock()
        all_parts = {**lock["parts"], **parts}
        by_gazetteer: dict[str, list[tuple[str, dict]]] = {}
        for source, part in sorted(all_parts.items()):
            for gazetteer, out in part["outputs"].items():
                by_gazetteer.setdefault(gazetteer, []).append((source, out))
        gazetteers = {}
        for gazetteer, contribs in sorted(by_gazetteer.items()):
            gazetteers[gazetteer] = self._merge(gazetteer, contribs, all_parts)
        ident = _sha256(json.dumps({g: v["version"] for g, v in gazetteers.items()},
                                          sort_keys=True).encode()).hexdigest()[:16]
        path = self.curated / "snapshots" / f"{ident}.json"
        if path.exists():
            snapshot = json.loads(path.read_text())
        else:
            snapshot = {"id": ident, "created_at": _now(), "schema_version": SCHEMA_VERSION,
                        "code_revision": code_revision(), "gazetteers": gazetteers,
                        "sources": {s: {"outputs": {g: o["version"] for g, o in p["outputs"].items()},
                                        "provenance": p["provenance"]}
                                    for s, p in sorted(all_parts.items())}}
            atomic_write_json(path, snapshot)
        atomic_write_json(self.lock_path, {"current": ident, "parts": all_parts,
                                           "updated_at": _now()})
        return snapshot

    def _merge(self, gazetteer: str, contribs: list[tuple[str, dict]],
               parts: dict[str, dict]) -> dict:
        import polars as pl

        from builders.schemas import KEYS, SCHEMA_VERSION, SCHEMAS, complete

        # Packaged data is the fallback: real upstream rows win on duplicate keys, except that a
        # row with a frequency beats a row from a plain name list (a count-less "Larsson" must not
        # replace a counted one).
        ordered = sorted(contribs, key=lambda c: (c[0] == "packaged", c[0]))
        frames = [complete(gazetteer, pl.read_parquet(self.root / out["path"])).select(
            list(SCHEMAS[gazetteer])) for _, out in ordered]
        merged = pl.concat(frames, how="vertical")
        if "count" in merged.columns:
            merged = merged.sort(pl.col("count").is_null(), maintain_order=True)
        merged = merged.unique(subset=list(KEYS[gazetteer]), keep="first", maintain_order=True)
        merged = merged.sort(list(SCHEMAS[gazetteer]))
        provenance = {"gazetteer": gazetteer, "schema_version": SCHEMA_VERSION,
                      "builder": f"swepseudo.builders {builders.__version__}",
                      "rows": merged.height,
                      "sources": {s: {"part": out["version"], **parts[s]["provenance"]}
                                  for s, out in ordered}}
        data = _parquet_bytes(merged, provenance)
        version = _sha256(data).hexdigest()[:16]
        path = self.curated / gazetteer / f"{version}.parquet"
        if not path.exists():
            atomic_write_bytes(path, data)
        return {"version": version, "rows": merged.height, "sha256": sha256_file(path),
                "path": path.relative_to(self.root).as_posix(),
                "sources": [s for s, _ in ordered]}

    def snapshot(self, ident: str = "current") -> dict:
        """Load a snapshot by id, unique id prefix, or 'current'."""
        if ident == "current":
            cur = self.current_snapshot_id()
            if not cur:
                raise LookupError(f"no snapshot yet in {self.curated}: run `swepseudo resources "
                                  f"build --offline --no-prefect` (or `swepseudo resources "
                                  f"build` to download every source)")
            ident = cur
        matches = sorted((self.curated / "snapshots").glob(f"{ident}*.json"))
        if len(matches) != 1:
            raise LookupError(f"snapshot {ident!r}: {'not found' if not matches else 'ambiguous'}"
                              f" in {self.curated / 'snapshots'}")
        return json.loads(matches[0].read_text())

    def snapshots(self) -> list[dict]:
        """All snapshots, oldest first."""
        found = [json.loads(p.read_text()) for p in (self.curated / "snapshots").glob("*.json")]
        return sorted(found, key=lambda s: (s["created_at"], s["id"]))

    def snapshot_path(self, ident: str = "current") -> Path:
        return self.curated / "snapshots" / f"{self.snapshot(ident)['id']}.json"


def _now() -> str:
    import datetime as dt  # here: only a build writes a time

    # Microseconds: snapshots() orders by creation time, and builds can commit twice a second.
    return dt.datetime.now(dt.timezone.utc).isoformat(timespec="microseconds")
