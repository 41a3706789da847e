"""builders.fetch against a local HTTP server: mirror URLs, content addressing, conditional GET,
retries and the failures that must surface as FetchError naming the URL."""
from __future__ import annotations

import hashlib
import io
import json
from pathlib import Path

import pytest

import requests

from builders.fetch import FetchError, _download, fetch, mirrored, session
from tests.builders.httpserver import serve

UPSTREAM = "https://download.geonames.org/export/dump/countryInfo.txt"
PATH = "/geonames/export/dump/countryInfo.txt"
BODY = b"SE\tSWE\t752\tSW\tSweden\n"


def get(root: Path, mirror: str, **kwargs):
    kwargs.setdefault("http", session(retries=0))
    return fetch(UPSTREAM, source="geonames-countryinfo", filename="countryInfo.txt",
                 licence="CC BY 4.0", root=root, mirror=mirror, **kwargs)


def raw_versions(root: Path) -> list[Path]:
    return sorted(p for p in (root / "raw" / "geonames-countryinfo").iterdir() if p.is_dir())


def leftovers(root: Path) -> list[Path]:
    return [p for p in (root / "raw").rglob("*") if p.name.startswith(".")]


@pytest.mark.parametrize("url, mirror, expected", [
    (UPSTREAM, None, UPSTREAM),
    (UPSTREAM, "http://127.0.0.1:8000/",
     "http://127.0.0.1:8000/geonames/export/dump/countryInfo.txt"),
    ("https://api.scb.se/OV0104/v1/doris/sv/ssd?query=1", "http://m",
     "http://m/scb-api/OV0104/v1/doris/sv/ssd?query=1"),
    ("https://example.org/a/b.csv", "http://m/base", "http://m/base/example.org/a/b.csv"),
])
def test_mirror_rewrites_host_to_alias(url, mirror, expected):
    assert mirrored(url, mirror) == expected


def test_fetch_stores_content_addressed_with_a_record(tmp_path, http_server):
    http_server.put(PATH, BODY)
    rec = get(tmp_path, http_server.url)
    sha = hashlib.sha256(BODY).hexdigest()
    assert rec.path == f"raw/geonames-countryinfo/{sha[:16]}/countryInfo.txt"
    assert (tmp_path / rec.path).read_bytes() == BODY
    assert (rec.sha256, rec.bytes, rec.status, rec.licence) == (sha, len(BODY), 200, "CC BY 4.0")
    assert (rec.url, rec.final_url) == (UPSTREAM, http_server.url_for(PATH))
    assert rec.etag and rec.last_modified
    stored = json.loads((tmp_path / rec.path).with_name("fetch.json").read_text())
    assert stored == rec.to_dict()
    assert leftovers(tmp_path) == []


def test_unchanged_file_is_not_downloaded_again(tmp_path, http_server):
    http_server.put(PATH, BODY)
    first = get(tmp_path, http_server.url)
    second = get(tmp_path, http_server.url)
    conditional = http_server.requests_for(PATH)[1].headers
    assert conditional["If-None-Match"] == first.etag
    assert conditional["If-Modified-Since"] == first.last_modified
    assert second == first
    assert len(raw_versions(tmp_path)) == 1


def test_same_bytes_without_validators_make_no_new_version(tmp_path):
    with serve({PATH: BODY}, validators=False) as server:
        first = get(tmp_path, server.url)
        second = get(tmp_path, server.url)
    assert "If-None-Match" not in server.requests_for(PATH)[1].headers
    assert second.path == first.path
    assert len(raw_versions(tmp_path)) == 1


def test_changed_file_gets_a_new_version_and_keeps_the_old(tmp_path, http_server):
    http_server.put(PATH, BODY)
    first = get(tmp_path, http_server.url)
    http_server.put(PATH, BODY + b"NO\tNOR\t578\tNO\tNorway\n")
    second = get(tmp_path, http_server.url)
    assert second.sha256 != first.sha256
    assert (tmp_path / first.path).exists() and (tmp_path / second.path).exists()
    latest = json.loads((tmp_path / "raw" / "geonames-countryinfo" / "latest.json").read_text())
    assert latest[UPSTREAM]["sha256"] == second.sha256


def test_server_errors_are_retried_until_success(tmp_path, http_server):
    http_server.put(PATH, BODY)
    http_server.fail(PATH, 500, times=2)
    rec = get(tmp_path, http_server.url, http=session(retries=3, backoff=0))
    assert rec.bytes == len(BODY)
    assert len(http_server.requests_for(PATH)) == 3


def test_persistent_server_error_names_the_url(tmp_path, http_server):
    http_server.fail(PATH, 500)
    with pytest.raises(FetchError, match=rf"^{http_server.url_for(PATH)}: HTTP 500"):
        get(tmp_path, http_server.url, http=session(retries=1, backoff=0))
    assert len(http_server.requests_for(PATH)) == 2


def test_missing_file_names_the_url(tmp_path, http_server):
    with pytest.raises(FetchError, match=rf"^{http_server.url_for(PATH)}: HTTP 404"):
        get(tmp_path, http_server.url)
    assert leftovers(tmp_path) == []


def test_timeout_is_a_fetch_error(tmp_path, http_server):
    http_server.put(PATH, BODY)
    http_server.hang(PATH, 30)
    with pytest.raises(FetchError, match=rf"^{http_server.url_for(PATH)}: .*Timeout"):
        get(tmp_path, http_server.url, timeout=(2, 0.3))


def test_truncated_body_is_a_fetch_error_and_leaves_nothing(tmp_path, http_server):
    http_server.put(PATH, BODY * 100)
    http_server.truncate(PATH, keep=len(BODY) * 10)
    with pytest.raises(FetchError, match=rf"^{http_server.url_for(PATH)}: download interrupted"):
        get(tmp_path, http_server.url)
    assert raw_versions(tmp_path) == []
    assert leftovers(tmp_path) == []


def test_empty_body_is_a_fetch_error(tmp_path, http_server):
    http_server.put(PATH, b"")
    with pytest.raises(FetchError, match=rf"^{http_server.url_for(PATH)}: empty response"):
        get(tmp_path, http_server.url)


@pytest.mark.parametrize("length", ["", "abc", "-5", "0", " 12", str(len(BODY))])
def test_any_content_length_streams_the_whole_body(tmp_path, length):
    """A proxy's malformed Content-Length draws a bar without an end, not a ValueError."""
    resp = requests.Response()
    resp.status_code, resp.raw = 200, io.BytesIO(BODY)
    if length:
        resp.headers["Content-Length"] = length
    out = (tmp_path / "body").open("wb")
    assert _download(resp, out, "http://x/y", "test", show=False) == (
        hashlib.sha256(BODY).hexdigest(), len(BODY))
    assert out.closed and (tmp_path / "body").read_bytes() == BODY


# (what the server answers, retryable): a 4xx is final, a 5xx or 429 may pass, no network is
# final (the session already retried the connection)
@pytest.mark.parametrize("status, retryable", [(404, False), (403, False), (410, False),
                                               (500, True), (503, True), (429, True)])
def test_only_answers_that_may_change_are_retryable(tmp_path, http_server, status, retryable):
    http_server.fail(PATH, status)
    with pytest.raises(FetchError) as caught:
        get(tmp_path, http_server.url, http=session(retries=0))
    assert caught.value.retryable is retryable
    assert len(http_server.requests_for(PATH)) == 1


def test_no_network_fails_at_once_naming_the_offline_build(tmp_path):
    import socket

    with socket.socket() as s:  # a port nobody listens on: connection refused, as offline
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(FetchError) as caught:
        get(tmp_path, f"http://127.0.0.1:{port}", http=session(retries=1, backoff=0))
    assert caught.value.retryable is False
    assert "no connection" in str(caught.value)
    assert "swepseudo resources build --offline --no-prefect" in str(caught.value)
