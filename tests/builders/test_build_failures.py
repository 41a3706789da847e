"""A failing source keeps the previous snapshot current, and the outcome says which and why.

Real GeoNames sources (floors relaxed for tiny fixtures) are built over HTTP from a local server;
after a good first build, the upstream breaks in one way per test.
"""
from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

import pytest

from builders.build import build, curate_source, fetch_remotes
from builders.fetch import FetchRecord, session
from builders.registry import SOURCES
from builders.store import Store
from tests.builders.httpserver import LocalServer, zip_bytes
from tests.builders.test_geonames import fixture, geonames_files

CITIES = "/geonames/export/dump/cities500.zip"
COUNTRIES = "/geonames/export/dump/countryInfo.txt"
RELAXED = {name: dataclasses.replace(SOURCES[name], min_rows={})
           for name in ("geonames-cities500", "geonames-countryinfo")}
TIMEOUT = (2.0, 0.3)


def run(server: LocalServer, store: Store, *names: str):
    return build([RELAXED[n] for n in names], store, mirror=server.url,
                 http=session(retries=1, backoff=0), timeout=TIMEOUT)


def wider_cities() -> bytes:
    rows = fixture("dump/cities500.txt").splitlines(keepends=True)
    return b"".join(r.replace(b"\n", b"\tEurope\n") for r in rows)


def truncated(data: bytes) -> bytes:
    return data[: len(data) * 2 // 3]


def ten_percent_of_countries() -> bytes:
    lines = fixture("dump/countryInfo.txt").splitlines(keepends=True)
    data = [line for line in lines if line.strip() and not line.startswith(b"#")]
    return b"".join(data[: len(data) // 10])


# upstream path, how it breaks, a pattern the one-line reason must match
BREAKAGES: dict[str, tuple[str, Callable[[LocalServer], None], str]] = {
    "http-404": (CITIES, lambda s: s.files.pop(CITIES),
                 r"http://127\.0\.0\.1:\d+/geonames/export/dump/cities500\.zip: HTTP 404"),
    "http-500": (CITIES, lambda s: s.fail(CITIES, 500),
                 r"http://127\.0\.0\.1:\d+/geonames/export/dump/cities500\.zip: HTTP 500"),
    "timeout": (CITIES, lambda s: s.hang(CITIES, 30),
                r"/geonames/export/dump/cities500\.zip: .*(Timeout|timed out)"),
    "truncated-zip": (CITIES, lambda s: s.put(CITIES, truncated(s.files[CITIES])),
                      r"cities500\.zip: damaged zip"),
    "column-layout": (CITIES, lambda s: s.put(CITIES, zip_bytes({"cities500.txt": wider_cities()})),
                      r"cities500\.zip:cities500\.txt line 1: 20 tab-separated columns, "
                      r"expected 19 \(geonameid, name, "),
    "empty-file": (COUNTRIES, lambda s: s.put(COUNTRIES, b""),
                   r"/geonames/export/dump/countryInfo\.txt: empty response"),
    "shrunk-to-10%": (COUNTRIES, lambda s: s.put(COUNTRIES, ten_percent_of_countries()),
                      r"countries: 2 rows, shrunk from 20 "),
}


@pytest.fixture
def built(tmp_path, http_server):
    """A store whose first build of both sources succeeded."""
    for path in (CITIES, COUNTRIES):
        http_server.put(path, geonames_files()[path])
    store = Store(tmp_path)
    outcomes, snapshot = run(http_server, store, *RELAXED)
    assert all(o.ok for o in outcomes) and snapshot
    return http_server, store, snapshot


@pytest.mark.parametrize("breakage", list(BREAKAGES))
def test_failure_keeps_the_previous_snapshot_and_says_why(built, breakage):
    server, store, first = built
    path, breaks, reason = BREAKAGES[breakage]
    name = "geonames-cities500" if path == CITIES else "geonames-countryinfo"
    part_before = store.current_part(name)
    breaks(server)
    (outcome,), snapshot = run(server, store, name)
    assert (outcome.source, outcome.ok) == (name, False)
    assert re.search(reason, outcome.reason), outcome.reason
    assert "\n" not in outcome.reason
    assert snapshot is None
    assert store.current_snapshot_id() == first["id"]
    assert store.current_part(name) == part_before


def test_one_failure_does_not_block_the_others(built):
    server, store, first = built
    server.fail(CITIES, 500)
    server.put(COUNTRIES, fixture("dump/countryInfo.txt").replace(b"\tSweden\t", b"\tSverige\t"))
    outcomes, snapshot = run(server, store, *RELAXED)
    assert [(o.source, o.ok) for o in outcomes] == [("geonames-cities500", False),
                                                    ("geonames-countryinfo", True)]
    assert snapshot["id"] != first["id"]
    assert store.current_snapshot_id() == snapshot["id"]
    # The failed source's gazetteer is carried over unchanged into the new snapshot.
    assert snapshot["gazetteers"]["places"] == first["gazetteers"]["places"]
    assert snapshot["gazetteers"]["countries"] != first["gazetteers"]["countries"]


def test_curate_source_builds_from_fetched_files_without_a_request(built, tmp_path):
    """The split the Prefect flow relies on: fetch once, then curate with no second download."""
    server, store, _ = built
    source = RELAXED["geonames-countryinfo"]
    files, records, missing = fetch_remotes(source, store, server.url,
                                            http=session(retries=1, backoff=0), timeout=TIMEOUT)
    server.requests.clear()
    outcome = curate_source(source, store, files, records, missing)
    assert not server.requests
    assert outcome.ok and outcome.part == store.current_part(source.name)  # same bytes, same part
    assert outcome.part["provenance"]["fetch"] == [records["countryInfo.txt"].to_dict()]


def test_curate_source_failure_is_an_outcome_naming_the_file(built, tmp_path):
    _, store, first = built
    source = RELAXED["geonames-cities500"]
    damaged = tmp_path / "cities500.zip"
    damaged.write_bytes(truncated(zip_bytes({"cities500.txt": fixture("dump/cities500.txt")})))
    record = store.current_part(source.name)["provenance"]["fetch"][0]
    outcome = curate_source(source, store, {"cities500.zip": damaged},
                            {"cities500.zip": FetchRecord.from_dict(record)})
    assert (outcome.ok, outcome.part) == (False, None)
    assert re.search(r"cities500\.zip: damaged zip", outcome.reason), outcome.reason
    assert store.current_snapshot_id() == first["id"]


@pytest.mark.parametrize("name", ["skolverket", "universities", "skatteverket"])
def test_json_nested_past_the_parser_fails_its_source_only(http_server, tmp_path, name):
    """An upstream JSON answer 100,000 levels deep is the source's failure with one line, and
    the other source of the build is still built (before, its RecursionError left the build)."""
    source = dataclasses.replace(SOURCES[name], min_rows={})
    store = Store(tmp_path)
    build([source], store, mirror=http_server.url, http=session(retries=1, backoff=0),
          timeout=TIMEOUT)  # learn the paths it asks for (all 404 now)
    for path in {r.path for r in http_server.requests}:
        http_server.put(path, b"[" * 100_000)
    http_server.put(COUNTRIES, fixture("dump/countryInfo.txt"))
    outcomes, snapshot = build([source, RELAXED["geonames-countryinfo"]], store,
                               mirror=http_server.url, http=session(retries=1, backoff=0),
                               timeout=TIMEOUT)
    assert [(o.source, o.ok) for o in outcomes] == [(name, False), ("geonames-countryinfo", True)]
    assert "\n" not in outcomes[0].reason and "RecursionError" in outcomes[0].reason
    assert snapshot is not None
