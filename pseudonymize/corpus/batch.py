"""Read an essay batch: a directory of `.txt` essays (+ optional metadata) or one JSON Lines file.

Directory: `<id>.txt` files (id = file stem) and optionally `metadata.csv` or `metadata.jsonl`
with `essay_id` (or `id`), `learner_id` and any other columns, which are carried into the release.
JSON Lines: one `{"id": ..., "text": ..., "learner_id": ..., ...}` object per line.

Text is UTF-8 with or without BOM; Latin-1/CP1252 is detected (charset-normalizer) and converted
with a note. Whatever cannot be released is quarantined with its reason, never silently dropped.
"""
from __future__ import annotations

import csv
import hashlib
import io
import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from charset_normalizer import from_bytes

MAX_BYTES = 1_000_000
METADATA_FILES = ("metadata.csv", "metadata.jsonl")

# Quarantine reasons (the manifest's vocabulary)
UNDECODABLE, BINARY, EMPTY, OVERSIZED, DUPLICATE, INVALID = (
    "undecodable", "binary", "empty", "oversized", "duplicate id", "invalid record")

# Ids become file names in the release: word characters, dots and dashes, no leading dot.
_ID = re.compile(r"\w[\w.-]{0,127}")
# C0/C1 control characters other than tab, newline, carriage return and form feed
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f]")


class BatchError(ValueError):
    """The batch itself cannot be read (missing, or a malformed metadata file)."""


@dataclass(frozen=True)
class Essay:
    """One releasable essay, decoded to str."""

    essay_id: str
    text: str
    learner_id: str | None
    sha256: str        # of the input bytes as found (file bytes, or the UTF-8 of a JSONL text)
    source: str        # where it came from, relative to the batch: "a.txt" or "batch.jsonl:3"
    encoding: str      # "utf-8", "utf-8-sig", "cp1252", "latin_1"
    metadata: dict = field(default_factory=dict)
    note: str = ""

    @property
    def learner(self) -> str:
        """The unit of consistency: the learner, or the essay alone when no learner is known."""
        return self.learner_id or f"essay:{self.essay_id}"


@dataclass(frozen=True)
class Quarantined:
    essay_id: str
    source: str
    reason: str
    detail: str = ""

    def to_dict(self) -> dict:
        return {"essay_id": self.essay_id, "source": self.source, "reason": self.reason,
                "detail": self.detail}


@dataclass
class Batch:
    path: Path
    essays: list[Essay]
    quarantine: list[Quarantined]
    files: dict[str, str]  # batch-level files (metadata, the JSONL file) -> sha256


def read_batch(path: Path, max_bytes: int = MAX_BYTES) -> Batch:
    """Read and decode a batch; every essay either lands in `essays` or in `quarantine`."""
    path = Path(path)
    if path.is_dir():
        return _read_dir(path, max_bytes)
    if path.is_file() and path.suffix.lower() == ".jsonl":
        return _read_jsonl(path, max_bytes)
    raise BatchError(f"{path}: not a directory of .txt essays nor a .jsonl file")


def decode(data: bytes) -> tuple[str, str, str]:
    """(text, encoding, note) for UTF-8 ± BOM or Latin-1/CP1252; raise ValueError(reason)."""
    if b"\x00" in data:
        raise ValueError(BINARY)
    try:
        if data.startswith(b"\xef\xbb\xbf"):
            return data[3:].decode("utf-8"), "utf-8-sig", ""
        return data.decode("utf-8"), "utf-8", ""
    except UnicodeDecodeError:
        pass
    best = from_bytes(data, cp_isolation=["cp1252", "latin_1"]).best()
    if best is None:
        raise ValueError(UNDECODABLE)
    text = str(best)
    if _CONTROL.search(text):
        raise ValueError(UNDECODABLE)
    return text, best.encoding, f"decoded as {best.encoding}, converted to UTF-8"


def _check_text(text: str) -> None:
    if not text.strip():
        raise ValueError(EMPTY)
    if _CONTROL.search(text):
        raise ValueError(BINARY)


def _read_dir(root: Path, max_bytes: int) -> Batch:
    files: dict[str, str] = {}
    metadata = _read_metadata(root, files)
    essays: list[Essay] = []
    quarantine: list[Quarantined] = []
    # scandir: file type from the directory listing, one stat per essay (batches are large)
    entries = sorted((e for e in os.scandir(root)
                      if os.path.splitext(e.name)[1].lower() == ".txt" and e.is_file()),
                     key=lambda e: e.name)
    for entry in entries:
        essay_id, source = os.path.splitext(entry.name)[0], entry.name
        if not _ID.fullmatch(essay_id):
            quarantine.append(Quarantined(essay_id, source, INVALID, "id is not a safe file name"))
            continue
        size = entry.stat().st_size
        if size > max_bytes:
            quarantine.append(Quarantined(essay_id, source, OVERSIZED,
                                          f"{size} bytes > {max_bytes}"))
            continue
        with open(entry.path, "rb") as fh:
            data = fh.read()
        meta = dict(metadata.get(essay_id, {}))
        try:
            text, encoding, note = decode(data)
            _check_text(text)
        except ValueError as exc:
            quarantine.append(Quarantined(essay_id, source, str(exc)))
            continue
        learner = meta.pop("learner_id", None)
        essays.append(Essay(essay_id, text, str(learner) if learner else None,
                            hashlib.sha256(data).hexdigest(), source, encoding, meta, note))
    return _dedupe(Batch(root.resolve(), essays, quarantine, files))


def _read_metadata(root: Path, files: dict[str, str]) -> dict[str, dict]:
    """Metadata rows by essay id; an id listed twice makes its essay a duplicate."""
    found = [root / name for name in METADATA_FILES if (root / name).exists()]
    if not found:
        return {}
    if len(found) > 1:
        raise BatchError(f"{root}: both metadata.csv and metadata.jsonl; keep one")
    meta_path = found[0]
    data = meta_path.read_bytes()
    files[meta_path.name] = hashlib.sha256(data).hexdigest()
    try:
        text = data.decode("utf-8-sig")
        if meta_path.suffix == ".csv":
            rows = list(csv.DictReader(io.StringIO(text)))
        else:
            rows = [json.loads(line) for line in text.splitlines() if line.strip()]
    except (UnicodeDecodeError, json.JSONDecodeError, csv.Error) as exc:
        raise BatchError(f"{meta_path}: unreadable ({type(exc).__name__})") from None
    out: dict[str, dict] = {}
    for n, row in enumerate(rows, 2 if meta_path.suffix == ".csv" else 1):
        if not isinstance(row, dict):
            raise BatchError(f"{meta_path}:{n}: not an object")
        row = {k: v for k, v in row.items() if k is not None}
        essay_id = row.pop("essay_id", None) or row.pop("id", None)
        if not essay_id:
            raise BatchError(f"{meta_path}:{n}: no essay_id")
        essay_id = str(essay_id)
        out[essay_id] = {**row, "_duplicate": True} if essay_id in out else row
    return out


def _read_jsonl(path: Path, max_bytes: int) -> Batch:
    data = path.read_bytes()
    files = {path.name: hashlib.sha256(data).hexdigest()}
    try:
        lines = data.decode("utf-8-sig").splitlines()
    except UnicodeDecodeError:
        raise BatchError(f"{path}: not UTF-8 (JSON Lines must be UTF-8)") from None
    essays: list[Essay] = []
    quarantine: list[Quarantined] = []
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        source = f"{path.name}:{n}"
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            quarantine.append(Quarantined(f"<line {n}>", source, INVALID, "not JSON"))
            continue
        essay_id = record.get("id") if isinstance(record, dict) else None
        text = record.get("text") if isinstance(record, dict) else None
        if not isinstance(essay_id, (str, int)) or not _ID.fullmatch(str(essay_id)):
            quarantine.append(Quarantined(f"<line {n}>", source, INVALID, "missing or unsafe id"))
            continue
        essay_id = str(essay_id)
        if not isinstance(text, str):
            quarantine.append(Quarantined(essay_id, source, INVALID, "text is not a string"))
            continue
        raw = text.encode("utf-8", "surrogatepass")
        if len(raw) > max_bytes:
            quarantine.append(Quarantined(essay_id, source, OVERSIZED,
                                          f"{len(raw)} bytes > {max_bytes}"))
            continue
        try:
            raw.decode("utf-8")
            _check_text(text)
        except (ValueError, UnicodeDecodeError) as exc:
            reason = UNDECODABLE if isinstance(exc, UnicodeDecodeError) else str(exc)
            quarantine.append(Quarantined(essay_id, source, reason))
            continue
        meta = {k: v for k, v in record.items() if k not in ("id", "text", "learner_id")}
        learner = record.get("learner_id")
        essays.append(Essay(essay_id, text, str(learner) if learner else None,
                            hashlib.sha256(raw).hexdigest(), source, "utf-8", meta))
    return _dedupe(Batch(path.resolve(), essays, quarantine, files))


def _dedupe(batch: Batch) -> Batch:
    """Quarantine every essay whose id occurs twice (compared case-insensitively, as file names
    on some systems are), or whose metadata row does: no copy can be trusted to be the one meant."""
    counts: dict[str, int] = {}
    for essay in batch.essays:
        counts[essay.essay_id.casefold()] = counts.get(essay.essay_id.casefold(), 0) + 1
    keep = []
    for essay in batch.essays:
        if counts[essay.essay_id.casefold()] > 1 or essay.metadata.get("_duplicate"):
            batch.quarantine.append(Quarantined(essay.essay_id, essay.source, DUPLICATE))
        else:
            keep.append(essay)
    batch.essays = sorted(keep, key=lambda e: e.essay_id)
    batch.quarantine.sort(key=lambda q: (q.essay_id, q.source))
    return batch
