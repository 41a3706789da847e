"""Read an essay batch: a directory of `.txt` essays (+ optional metadata) or one JSON Lines file.

Directory: `<id>.txt` files (id = file stem) and optionally `metadata.csv` or `metadata.jsonl`
with `essay_id` (or `id`), `learner_id` and any other columns (published only when named).
JSON Lines: one `{"id": ..., "text": ..., "learner_id": ..., ...}` object per line.

Every entry of the directory (or line of the file) has one fate: an essay, or a quarantine entry
with its reason; nothing is dropped silently. Symlinks are never followed, special files never
opened for reading (O_NOFOLLOW | O_NONBLOCK, then fstat). Text is UTF-8 with or without BOM, or
UTF-16 with BOM; Latin-1/CP1252 is detected (charset-normalizer) and converted with a note.
Malformed metadata is one `BatchError` naming the file and line, raised before any work.
"""
from __future__ import annotations

import csv
import errno
import hashlib
import io
import json
import math
import os
import re
import stat
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

from charset_normalizer import from_bytes

MAX_BYTES = 1_000_000
METADATA_FILES = ("metadata.csv", "metadata.jsonl")

# Quarantine reasons (the manifest's vocabulary)
UNDECODABLE, BINARY, EMPTY, OVERSIZED, DUPLICATE, INVALID = (
    "undecodable", "binary", "empty", "oversized", "duplicate id", "invalid record")
SYMLINK, SPECIAL, DIRECTORY, NOT_ESSAY, UNREADABLE = (
    "symlink (not followed)", "special file", "directory", "not a .txt essay", "unreadable")

# Ids become file names in the release: word characters, dots and dashes, no leading dot.
_ID = re.compile(r"\w[\w.-]{0,127}")
# C0/C1 control characters other than tab, newline, carriage return and form feed
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f]")
_NOFOLLOW = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)


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
    """Read and decode a batch; every entry either lands in `essays` or in `quarantine`."""
    path = Path(path)
    if path.is_symlink():
        raise BatchError(f"{path}: the batch is a symlink (not followed); give the real path")
    if path.is_dir():
        return _read_dir(path, max_bytes)
    if path.is_file() and path.suffix.lower() == ".jsonl":
        return _read_jsonl(path, max_bytes)
    raise BatchError(f"{path}: not a directory of .txt essays nor a .jsonl file")


def decode(data: bytes) -> tuple[str, str, str]:
    """(text, encoding, note) for UTF-8 ± BOM, UTF-16 with BOM or Latin-1/CP1252; raise
    ValueError(reason)."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16"), "utf-16", "decoded as UTF-16, converted to UTF-8"
        except UnicodeDecodeError:
            raise ValueError(UNDECODABLE) from None
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


def read_regular(path: Path | str, limit: int) -> bytes:
    """The bytes of a regular file, never following a symlink nor blocking on a FIFO; raise
    ValueError(reason) for anything else and for more than `limit` bytes."""
    with open_regular(path, limit) as fh:
        try:
            data = fh.read(limit + 1)
        except OSError:
            raise ValueError(UNREADABLE) from None
    if len(data) > limit:
        raise ValueError(OVERSIZED)
    return data


def open_regular(path: Path | str, limit: int) -> BinaryIO:
    """A regular file opened for reading, checked as `read_regular` checks it (a symlink, FIFO,
    directory or a file over `limit` bytes: ValueError(reason))."""
    try:
        fd = os.open(path, _NOFOLLOW)
    except OSError as exc:
        raise ValueError(SYMLINK if exc.errno == errno.ELOOP else UNREADABLE) from None
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise ValueError(DIRECTORY)
        if not stat.S_ISREG(st.st_mode):
            raise ValueError(SPECIAL)
        if st.st_size > limit:
            raise ValueError(OVERSIZED)
        return os.fdopen(os.dup(fd), "rb")
    except OSError:
        raise ValueError(UNREADABLE) from None
    finally:
        os.close(fd)


def _lines(fh: BinaryIO, cap: int, sha: "hashlib._Hash") -> Iterator[tuple[bytes, int]]:
    """The lines of `fh` (without their newline) and each one's length, read a piece at a time
    into `sha`: a line over `cap` bytes is given empty, with its length, and never held whole."""
    while True:
        piece = fh.readline(cap + 1)
        if not piece:
            return
        sha.update(piece)
        if len(piece) <= cap or piece.endswith(b"\n"):
            yield piece.rstrip(b"\n"), len(piece.rstrip(b"\n"))
            continue
        size = len(piece)
        while piece and not piece.endswith(b"\n"):
            piece = fh.readline(1 << 20)
            sha.update(piece)
            size += len(piece)
        yield b"", size - piece.endswith(b"\n")


def _entry_fate(entry: os.DirEntry) -> str | None:
    """Why a directory entry is not an essay file (None when it is a regular `.txt` file)."""
    if entry.is_symlink():
        return SYMLINK
    if entry.is_dir(follow_symlinks=False):
        return DIRECTORY
    if not entry.is_file(follow_symlinks=False):
        return SPECIAL
    if not entry.name.lower().endswith(".txt"):
        return NOT_ESSAY
    return None


def _entry_name(name: str) -> str:
    """A directory entry's name as text that UTF-8 can hold: bytes that are not UTF-8 (which
    Python keeps as lone surrogates) written as `\\xff` escapes, so the id map, the plan and the
    manifest can be written (such a name is no valid id: its essay is quarantined)."""
    return os.fsencode(name).decode("utf-8", "backslashreplace")


def _read_dir(root: Path, max_bytes: int) -> Batch:
    files: dict[str, str] = {}
    metadata = _read_metadata(root, files)
    essays: list[Essay] = []
    quarantine: list[Quarantined] = []
    # scandir: file type from the directory listing (batches are large)
    entries = sorted((e for e in os.scandir(root) if e.name not in METADATA_FILES),
                     key=lambda e: e.name)
    for entry in entries:
        source = _entry_name(entry.name)
        essay_id = source[:-4] if source.lower().endswith(".txt") else source
        reason = _entry_fate(entry)
        if reason is None and not _ID.fullmatch(essay_id):
            reason = INVALID
        if reason is not None:
            quarantine.append(Quarantined(essay_id, source, reason))
            continue
        try:
            size = entry.stat(follow_symlinks=False).st_size
        except OSError:  # gone since the listing (the batch changes under the run)
            quarantine.append(Quarantined(essay_id, source, UNREADABLE, "gone while read"))
            continue
        if size > max_bytes:
            quarantine.append(Quarantined(essay_id, source, OVERSIZED,
                                          f"{size} bytes > {max_bytes}"))
            continue
        meta = dict(metadata.get(essay_id, {}))
        try:
            data = read_regular(entry.path, max_bytes)
            text, encoding, note = decode(data)
            _check_text(text)
        except ValueError as exc:
            quarantine.append(Quarantined(essay_id, source, str(exc)))
            continue
        learner = meta.pop("learner_id", None)
        essays.append(Essay(essay_id, text, str(learner) if learner else None,
                            hashlib.sha256(data).hexdigest(), source, encoding, meta, note))
    return _dedupe(Batch(root.resolve(), essays, quarantine, files))


def _csv_rows(path: Path, text: str) -> Iterator[tuple[int, dict]]:
    """(line, row) of a CSV file; an unterminated quote or a ragged row is an error naming the
    line (the csv module would otherwise swallow the rest of the file into one field)."""
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    try:
        header = next(reader, None)
        if not header:
            return
        while True:
            line = reader.line_num + 1
            row = next(reader, None)
            if row is None:
                return
            if not row:
                continue
            if len(row) != len(header):
                raise BatchError(f"{path}:{line}: {len(row)} fields, the header has "
                                 f"{len(header)}")
            yield line, dict(zip(header, row))
    except csv.Error as exc:
        raise BatchError(f"{path}:{reader.line_num}: malformed CSV ({exc})") from None


def _finite(text: str) -> float | None:
    number = float(text)
    return number if math.isfinite(number) else None


def _json_record(line: str | bytes) -> object:
    """One JSON value; NaN and Infinity become null (they are not JSON, and would make the
    manifest invalid); absurd nesting and numbers raise ValueError."""
    try:
        return json.loads(line, parse_constant=lambda _name: None, parse_float=_finite)
    except RecursionError:
        raise ValueError("nested too deeply") from None


# A JSON escape of a UTF-16 surrogate: a pair makes one character, a lone one no text
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def holds_lone_surrogate(line: str | bytes, record: object) -> bool:
    """Whether a parsed JSON line holds a lone surrogate (`"\\ud800"`) in any key or value:
    no UTF-8 file (shard, key, manifest) can hold it. Checked only when the line has such an
    escape at all (an emoji written as a pair is a character)."""
    escapes = _SURROGATE_ESCAPE.search(line if isinstance(line, str) else line.decode("utf-8"))
    if escapes is None:
        return False
    try:
        json.dumps(record, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _read_metadata(root: Path, files: dict[str, str]) -> dict[str, dict]:
    """Metadata rows by essay id; an id listed twice makes its essay a duplicate."""
    found = [root / name for name in METADATA_FILES if os.path.lexists(root / name)]
    if not found:
        return {}
    if len(found) > 1:
        raise BatchError(f"{root}: both metadata.csv and metadata.jsonl; keep one")
    meta_path = found[0]
    try:
        data = read_regular(meta_path, 64 * MAX_BYTES)
        text, _encoding, _note = decode(data)
    except ValueError as exc:
        raise BatchError(f"{meta_path}: {exc}") from None
    files[meta_path.name] = hashlib.sha256(data).hexdigest()
    text = text.removeprefix("\ufeff")
    if meta_path.suffix == ".csv":
        rows: Iterator[tuple[int, object]] = _csv_rows(meta_path, text)
    else:
        rows = ((n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip())
    out: dict[str, dict] = {}
    for n, row in rows:
        if isinstance(row, str):
            line = row
            try:
                row = _json_record(line)
            except ValueError as exc:
                raise BatchError(f"{meta_path}:{n}: not JSON ({exc})") from None
            if holds_lone_surrogate(line, row):
                raise BatchError(f"{meta_path}:{n}: a lone surrogate escape (not text)")
        if not isinstance(row, dict):
            raise BatchError(f"{meta_path}:{n}: not an object")
        essay_id = row.pop("essay_id", None) or row.pop("id", None)
        if not essay_id:
            raise BatchError(f"{meta_path}:{n}: no essay_id")
        essay_id = str(essay_id)
        out[essay_id] = {**row, "_duplicate": True} if essay_id in out else row
    return out


def _read_jsonl(path: Path, max_bytes: int) -> Batch:
    """The essays of a JSON Lines batch, read line by line (never the file whole)."""
    sha = hashlib.sha256()
    essays: list[Essay] = []
    quarantine: list[Quarantined] = []
    # a line may hold the text escaped (up to 6 bytes per character) plus its other fields
    line_cap = 6 * max_bytes + 65536
    try:
        with open_regular(path, 1 << 40) as fh:
            for n, (line, size) in enumerate(_lines(fh, line_cap, sha), 1):
                _jsonl_line(line.removeprefix(b"\xef\xbb\xbf") if n == 1 else line, size,
                            f"{path.name}:{n}", n, max_bytes, line_cap, essays, quarantine)
    except ValueError as exc:
        raise BatchError(f"{path}: {exc}") from None
    except OSError as exc:
        raise BatchError(f"{path}: {UNREADABLE} ({exc.strerror})") from None
    files = {path.name: sha.hexdigest()}
    return _dedupe(Batch(path.resolve(), essays, quarantine, files))


def _jsonl_line(line: bytes, size: int, source: str, n: int, max_bytes: int, line_cap: int,
                essays: list[Essay], quarantine: list[Quarantined]) -> None:
    """One line of a JSON Lines batch, to `essays` or `quarantine`."""
    if size > line_cap:
        quarantine.append(Quarantined(f"<line {n}>", source, OVERSIZED, f"line of {size} bytes"))
        return
    if not line.strip():
        return
    try:
        record = _json_record(line.decode("utf-8"))
    except UnicodeDecodeError:
        quarantine.append(Quarantined(f"<line {n}>", source, UNDECODABLE, "not UTF-8"))
        return
    except ValueError as exc:
        quarantine.append(Quarantined(f"<line {n}>", source, INVALID, f"not JSON ({exc})"
                                      if "nested" in str(exc) else "not JSON"))
        return
    essay_id = record.get("id") if isinstance(record, dict) else None
    text = record.get("text") if isinstance(record, dict) else None
    if isinstance(essay_id, bool) or not isinstance(essay_id, (str, int)) \
            or not _ID.fullmatch(str(essay_id)):
        quarantine.append(Quarantined(f"<line {n}>", source, INVALID, "missing or unsafe id"))
        return
    essay_id = str(essay_id)
    if not isinstance(text, str):
        quarantine.append(Quarantined(essay_id, source, INVALID, "text is not a string"))
        return
    if holds_lone_surrogate(line, record):
        quarantine.append(Quarantined(essay_id, source, UNDECODABLE, "a lone surrogate"))
        return
    raw = text.encode("utf-8", "surrogatepass")
    if len(raw) > max_bytes:
        quarantine.append(Quarantined(essay_id, source, OVERSIZED,
                                      f"{len(raw)} bytes > {max_bytes}"))
        return
    try:
        raw.decode("utf-8")
        _check_text(text)
    except (ValueError, UnicodeDecodeError) as exc:
        reason = UNDECODABLE if isinstance(exc, UnicodeDecodeError) else str(exc)
        quarantine.append(Quarantined(essay_id, source, reason))
        return
    meta = {k: v for k, v in record.items() if k not in ("id", "text", "learner_id")}
    learner = record.get("learner_id")
    essays.append(Essay(essay_id, text, str(learner) if learner else None,
                        hashlib.sha256(raw).hexdigest(), source, "utf-8", meta))


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
