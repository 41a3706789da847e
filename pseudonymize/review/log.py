"""The decision log: one JSON object per line, appended and fsync'd the moment a decision is made.

Append-only: a line is written with one `write` on an `O_APPEND` descriptor and flushed to disk
before the decision is acknowledged, so killing the server loses nothing that was confirmed.
A process killed in the middle of a write can leave a last line without its newline; readers
ignore it and the next append cuts it off first. An exclusive `flock` around read-and-append
lets two servers (or a server and `review approve`) share one workspace.
"""
from __future__ import annotations

import fcntl
import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


class DecisionLog:
    """Reader and appender of `decisions.jsonl`; remembers how far it has read."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.offset = 0
        self.lines = 0  # complete lines read so far

    def read_new(self) -> list[tuple[int, object]]:
        """The complete lines appended since the last call (by anyone), each with its line
        number, parsed; a line that is not JSON is `NOT_JSON` (the reader names it)."""
        with open(self.path, "rb") as fh:
            fh.seek(self.offset)
            data = fh.read()
        end = data.rfind(b"\n") + 1
        self.offset += end
        out = []
        for line in data[:end].split(b"\n")[:-1]:
            self.lines += 1
            if line.strip():
                out.append((self.lines, _parse(line)))
        return out

    @contextmanager
    def locked(self) -> Iterator[None]:
        """Hold the workspace's write lock (other processes wait)."""
        fd = os.open(self.path, os.O_RDONLY)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            yield
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
            os.close(fd)

    def append(self, events: list[dict]) -> None:
        """Write events durably (call under `locked`, after `read_new`)."""
        data = b"".join(json.dumps(e, ensure_ascii=False, sort_keys=True).encode() + b"\n"
                        for e in events)
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND)
        try:
            size = os.fstat(fd).st_size
            if size > self.offset:  # a torn line left by a killed writer
                os.ftruncate(fd, self.offset)
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
        finally:
            os.close(fd)
        self.offset += len(data)


NOT_JSON = object()


def _parse(line: bytes) -> object:
    try:
        return json.loads(line)
    except (ValueError, RecursionError):  # not UTF-8, not JSON, nested past the parser
        return NOT_JSON


def create(path: Path) -> None:
    """An empty log, readable by its owner only."""
    os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
