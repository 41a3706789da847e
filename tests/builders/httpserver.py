"""A local HTTP server for builder tests: serves a directory or in-memory files on 127.0.0.1.

Builders download through `builders.fetch.fetch`, and tests point `mirror=server.url` at this
server, so the genuine upstream formats travel over real HTTP. Hooks per path simulate what goes
wrong upstream: error statuses (optionally only for the first N requests), a hanging response (for
timeouts) and a truncated body. Answers carry an ETag and Last-Modified and honour conditional GETs
with 304. Every request is logged for assertions.

Use the `http_server` fixture (import it into a test module), `serve(...)`, or `LocalServer` as a
context manager; `zip_bytes` builds zip archives in memory for zipped upstream files.
"""
from __future__ import annotations

import email.utils
import hashlib
import io
import shutil
import threading
import zipfile
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

# Fixed Last-Modified for in-memory files, so conditional GETs are reproducible.
MEMORY_MTIME = 1_700_000_000.0


@dataclass(frozen=True)
class Request:
    """One request as the server saw it."""

    method: str
    path: str
    headers: dict[str, str]


@dataclass
class _Fault:
    status: int | None = None       # answer this status instead of the file
    times: int | None = None        # ... for this many requests (None: always)
    hang: float = 0.0               # seconds to wait before answering
    truncate_to: int | None = None  # send only this many body bytes (Content-Length stays full)


@dataclass
class LocalServer:
    """Serve `directory` and/or `files` (URL path -> bytes; in-memory files win)."""

    directory: Path | None = None
    files: dict[str, bytes] = field(default_factory=dict)
    validators: bool = True  # send ETag / Last-Modified and answer 304
    requests: list[Request] = field(default_factory=list)
    _faults: dict[str, _Fault] = field(default_factory=dict)
    _stopping: threading.Event = field(default_factory=threading.Event)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _httpd: ThreadingHTTPServer | None = None

    # --- configuration --------------------------------------------------------------------
    def put(self, path: str, data: bytes) -> str:
        """Serve `data` at `path`; return its full URL."""
        self.files[_norm(path)] = data
        return self.url_for(path)

    def fail(self, path: str, status: int, times: int | None = None) -> None:
        """Answer `status` for `path` (for the next `times` requests only, if given)."""
        self._faults[_norm(path)] = _Fault(status=status, times=times)

    def hang(self, path: str, seconds: float = 30.0) -> None:
        """Wait `seconds` before answering `path` (the client's timeout should fire first)."""
        self._faults[_norm(path)] = _Fault(hang=seconds)

    def truncate(self, path: str, keep: int) -> None:
        """Announce the full Content-Length for `path` but send only `keep` bytes, then close."""
        self._faults[_norm(path)] = _Fault(truncate_to=keep)

    def clear_faults(self) -> None:
        self._faults.clear()

    def requests_for(self, path: str) -> list[Request]:
        return [r for r in self.requests if r.path == _norm(path)]

    # --- lifecycle ------------------------------------------------------------------------
    @property
    def url(self) -> str:
        if self._httpd is None:
            raise RuntimeError("server not started")
        host, port = self._httpd.server_address[:2]
        return f"http://{host}:{port}"

    def url_for(self, path: str) -> str:
        return self.url + _norm(path)

    def start(self) -> LocalServer:
        handler = type("Handler", (_Handler,), {"server_state": self})
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self._httpd.daemon_threads = True
        self._httpd.block_on_close = False
        threading.Thread(target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05},
                         daemon=True).start()
        return self

    def stop(self) -> None:
        self._stopping.set()  # wakes hanging handlers
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()

    def __enter__(self) -> LocalServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # --- answering ------------------------------------------------------------------------
    def _take_fault(self, path: str) -> _Fault | None:
        with self._lock:
            fault = self._faults.get(path)
            if fault and fault.times is not None:
                fault.times -= 1
                if fault.times <= 0:
                    del self._faults[path]
            return fault

    def _lookup(self, path: str) -> tuple[bytes | Path, float] | None:
        if path in self.files:
            return self.files[path], MEMORY_MTIME
        if self.directory is not None:
            candidate = (self.directory / path.lstrip("/")).resolve()
            if candidate.is_file() and candidate.is_relative_to(self.directory.resolve()):
                return candidate, candidate.stat().st_mtime
        return None


class _Handler(BaseHTTPRequestHandler):
    server_state: LocalServer

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - keep tests quiet
        pass

    def do_HEAD(self) -> None:
        self._answer(body=False)

    def do_GET(self) -> None:
        self._answer(body=True)

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        self.rfile.read(length)
        self._answer(body=True)

    def _answer(self, body: bool) -> None:
        state = self.server_state
        path = _norm(self.path.split("?", 1)[0])
        state.requests.append(Request(self.command, path, dict(self.headers.items())))
        fault = state._take_fault(path)
        if fault and fault.hang and state._stopping.wait(fault.hang):
            return
        if fault and fault.status:
            return self._status(fault.status)
        # a file put under its query ("/api?_offset=500": a page of a paged API) wins
        found = ("?" in self.path and state._lookup(_norm(self.path))) or state._lookup(path)
        if found is None:
            return self._status(404)
        content, mtime = found
        size = len(content) if isinstance(content, bytes) else content.stat().st_size
        etag = f'"{_etag(content, size, mtime)}"'
        last_modified = email.utils.formatdate(mtime, usegmt=True)
        if state.validators and self._not_modified(etag, mtime):
            self.send_response(304)
            self.send_header("ETag", etag)
            self.end_headers()
            return
        self.send_response(200)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Content-Length", str(size))
        if state.validators:
            self.send_header("ETag", etag)
            self.send_header("Last-Modified", last_modified)
        self.end_headers()
        if body:
            limit = fault.truncate_to if fault and fault.truncate_to is not None else size
            self._send_body(content, limit)
        self.close_connection = True

    def _not_modified(self, etag: str, mtime: float) -> bool:
        if "If-None-Match" in self.headers:
            return etag in [t.strip() for t in self.headers["If-None-Match"].split(",")]
        since = self.headers.get("If-Modified-Since")
        if since:
            parsed = email.utils.parsedate_to_datetime(since)
            return int(mtime) <= parsed.timestamp()
        return False

    def _send_body(self, content: bytes | Path, limit: int) -> None:
        if isinstance(content, bytes):
            self.wfile.write(content[:limit])
            return
        with open(content, "rb") as fh:
            shutil.copyfileobj(_Limited(fh, limit), self.wfile, 1 << 20)

    def _status(self, status: int) -> None:
        payload = f"{status} from the test server\n".encode()
        self.send_response(status)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)
        self.close_connection = True


class _Limited:
    """A read-only view of the first `limit` bytes of a binary file."""

    def __init__(self, fh, limit: int) -> None:
        self.fh, self.left = fh, limit

    def read(self, n: int = -1) -> bytes:
        n = self.left if n < 0 else min(n, self.left)
        data = self.fh.read(n)
        self.left -= len(data)
        return data


def _etag(content: bytes | Path, size: int, mtime: float) -> str:
    if isinstance(content, bytes):
        return hashlib.sha256(content).hexdigest()[:16]
    return f"{size:x}-{int(mtime):x}"  # like nginx: cheap for large files


def _norm(path: str) -> str:
    return "/" + path.lstrip("/")


def zip_bytes(members: Mapping[str, bytes]) -> bytes:
    """A deflated zip archive of `members` (name -> content), as upstream zips are served."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(zipfile.ZipInfo(name, date_time=(2024, 4, 12, 0, 0, 0)), data,
                             compress_type=zipfile.ZIP_DEFLATED)
    return buf.getvalue()


def serve(source: Path | Mapping[str, bytes] | None = None, validators: bool = True) -> LocalServer:
    """A started server for a directory or a {path: bytes} mapping; stop it when done."""
    if isinstance(source, Path):
        return LocalServer(directory=source, validators=validators).start()
    return LocalServer(files={_norm(p): d for p, d in (source or {}).items()},
                       validators=validators).start()


@pytest.fixture
def http_server() -> Iterator[LocalServer]:
    """An empty started server; add files with `put` or set `directory`."""
    server = serve()
    try:
        yield server
    finally:
        server.stop()
