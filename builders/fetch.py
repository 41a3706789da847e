"""Download upstream files: retries, timeouts, conditional GET, streamed sha256, atomic store.

A file lands in `raw/<source>/<sha256[:16]>/<filename>` next to `fetch.json` (its FetchRecord);
`raw/<source>/latest.json` remembers the last record per URL so an unchanged upstream (HTTP 304 or
the same bytes) creates no new raw version.
"""
from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
import json
import os
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO
from urllib.parse import urlsplit

import requests
from requests.adapters import HTTPAdapter
from tqdm import tqdm
from urllib3.util.retry import Retry

from builders.atomic import atomic_write_json

# Upstream host -> alias used under a mirror base URL (`--mirror BASE_URL`).
HOST_ALIASES: dict[str, str] = {
    "download.geonames.org": "geonames",
    "www.scb.se": "scb",
    "api.scb.se": "scb-api",
    "vardefulla-datamangder.bolagsverket.se": "bolagsverket",
    "api.skolverket.se": "skolverket",
    "download.geofabrik.de": "geofabrik",
    "www.uka.se": "uka",
    "query.wikidata.org": "wikidata",
    "skatteverket.entryscape.net": "skatteverket",
}

CHUNK = 1 << 20
TIMEOUT = (10, 60)  # connect, read (seconds between bytes)


OFFLINE_HINT = "`swepseudo resources build --offline --no-prefect` builds from installed packages"


class FetchError(RuntimeError):
    """A download failed; the message names the URL and the reason. `retryable` is False when
    trying again later cannot help soon: a 4xx answer, or no network at all (the session has
    already retried the connection with backoff)."""

    def __init__(self, message: str, retryable: bool = True) -> None:
        super().__init__(message)
        self.retryable = retryable


@dataclass(frozen=True)
class FetchRecord:
    """What was downloaded, from where and when: the unit of provenance for raw files."""

    source: str
    url: str
    final_url: str
    status: int
    etag: str | None
    last_modified: str | None
    retrieved_at: str
    bytes: int
    sha256: str
    licence: str
    path: str  # relative to the data root

    def to_dict(self) -> dict:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> FetchRecord:
        return cls(**{f.name: data.get(f.name) for f in dataclasses.fields(cls)})


def _no_connection(exc: requests.RequestException) -> bool:
    """The host could not be reached at all (no network, no such host, nobody listening), as
    opposed to a slow or broken answer (requests reports read timeouts as ConnectionError too)."""
    return (isinstance(exc, requests.ConnectionError) and not isinstance(exc, requests.Timeout)
            and "timed out" not in str(exc).lower())


def mirrored(url: str, mirror: str | None) -> str:
    """Rewrite an upstream URL to `MIRROR/<alias>/<path>` (unchanged when no mirror is given)."""
    if not mirror:
        return url
    parts = urlsplit(url)
    alias = HOST_ALIASES.get(parts.hostname or "", parts.hostname or "")
    rewritten = f"{mirror.rstrip('/')}/{alias}{parts.path}"
    return f"{rewritten}?{parts.query}" if parts.query else rewritten


def session(retries: int = 3, backoff: float = 0.5) -> requests.Session:
    """A session that retries connection errors and 5xx/429 answers with exponential backoff."""
    retry = Retry(total=retries, connect=retries, read=retries, backoff_factor=backoff,
                  status_forcelist=(429, 500, 502, 503, 504), allowed_methods=None,
                  raise_on_status=False, respect_retry_after_header=True)
    s = requests.Session()
    s.mount("http://", HTTPAdapter(max_retries=retry))
    s.mount("https://", HTTPAdapter(max_retries=retry))
    s.headers["User-Agent"] = "swepseudo-resource-builder/0.1 (+corpus pseudonymization)"
    return s


def _latest_path(raw_dir: Path, source: str) -> Path:
    return raw_dir / source / "latest.json"


def _load_latest(raw_dir: Path, source: str) -> dict[str, dict]:
    path = _latest_path(raw_dir, source)
    return json.loads(path.read_text()) if path.exists() else {}


def fetch(url: str, *, source: str, filename: str, licence: str, root: Path,
          mirror: str | None = None, http: requests.Session | None = None,
          method: str = "GET", body: dict | None = None, progress: bool | None = None,
          timeout: tuple[float, float] = TIMEOUT) -> FetchRecord:
    """Fetch `url` (through `mirror` if given) into the content-addressed raw store.

    Sends If-None-Match / If-Modified-Since from the last fetch of the same URL; a 304 answer
    returns that earlier record. Raises FetchError with the URL and reason on any failure.
    """
    raw_dir = root / "raw"
    target_url = mirrored(url, mirror)
    latest = _load_latest(raw_dir, source)
    previous = latest.get(url)
    headers = {}
    if previous and (root / previous["path"]).exists():
        if previous.get("etag"):
            headers["If-None-Match"] = previous["etag"]
        if previous.get("last_modified"):
            headers["If-Modified-Since"] = previous["last_modified"]
    http = http or session()
    show = sys.stderr.isatty() if progress is None else progress
    (raw_dir / source).mkdir(parents=True, exist_ok=True)
    try:
        resp = http.request(method, target_url, headers=headers, json=body, stream=True,
                            timeout=timeout)
    except requests.RequestException as exc:
        if _no_connection(exc):
            raise FetchError(f"{target_url}: no connection ({type(exc).__name__}); "
                             f"offline? {OFFLINE_HINT}", retryable=False) from exc
        raise FetchError(f"{target_url}: {type(exc).__name__}: {exc}") from exc
    with resp:
        if resp.status_code == 304 and previous:
            return FetchRecord.from_dict(previous)
        if resp.status_code >= 400:
            raise FetchError(f"{target_url}: HTTP {resp.status_code} {resp.reason}",
                             retryable=resp.status_code >= 500 or resp.status_code == 429)
        fd, tmp_name = tempfile.mkstemp(dir=raw_dir / source, prefix=".download.")
        tmp = Path(tmp_name)
        try:
            sha, size = _download(resp, os.fdopen(fd, "wb"), target_url, f"{source}: {filename}",
                                  show)
            rel = Path("raw") / source / sha[:16] / filename
            dest = root / rel
            if dest.exists():
                tmp.unlink()
            else:
                dest.parent.mkdir(parents=True, exist_ok=True)
                os.replace(tmp, dest)
        finally:
            tmp.unlink(missing_ok=True)
    record = FetchRecord(
        source=source, url=url, final_url=resp.url, status=resp.status_code,
        etag=resp.headers.get("ETag"), last_modified=resp.headers.get("Last-Modified"),
        retrieved_at=dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
        bytes=size, sha256=sha, licence=licence, path=rel.as_posix())
    atomic_write_json(dest.parent / "fetch.json", record.to_dict())
    latest[url] = record.to_dict()
    atomic_write_json(_latest_path(raw_dir, source), latest)
    return record


def _download(resp: requests.Response, out: BinaryIO, target_url: str, desc: str, show: bool
              ) -> tuple[str, int]:
    """Stream a response's body into `out` (closed after) with a progress bar; its SHA-256
    and size. An interrupted or empty body is a FetchError (the caller removes the file)."""
    length = resp.headers.get("Content-Length", "")
    total = int(length) if length.isdigit() and int(length) else None  # a bar without an end
    digest = hashlib.sha256()
    size = 0
    with out as fh, tqdm(total=total, unit="B", unit_scale=True, desc=desc,
                                    disable=not show, leave=False, file=sys.stderr) as bar:
        try:
            for chunk in resp.iter_content(CHUNK):
                fh.write(chunk)
                digest.update(chunk)
                size += len(chunk)
                bar.update(len(chunk))
        except requests.RequestException as exc:
            raise FetchError(f"{target_url}: download interrupted after {size} bytes "
                             f"({type(exc).__name__})") from exc
    if size == 0:
        raise FetchError(f"{target_url}: empty response")
    return digest.hexdigest(), size
