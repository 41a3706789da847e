"""Skatteverket's test personnummer: the paged rowstore API through a local mirror."""
from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from builders import build, skatteverket
from builders.build import build_source
from builders.store import Store
from tests.builders.httpserver import LocalServer, http_server  # noqa: F401

PATH = "/skatteverket/rowstore/dataset/b4de7df7-63c0-4e7e-bb59-1f156a591763"


def luhn(nine: str) -> str:
    total = sum(int(c) * (2 - i % 2) // 10 + int(c) * (2 - i % 2) % 10 for i, c in enumerate(nine))
    return str((10 - total % 10) % 10)


def number(date: str, birth: str) -> str:
    """A well-formed 12-digit number: YYYYMMDD, three birth digits and the check digit."""
    return date + birth + luhn(date[2:] + birth)


def page(numbers: list[str], offset: int, total: int, limit: int = 2) -> bytes:
    """One page as the rowstore answers it; `next` is the upstream URL (a mirror rewrites it)."""
    doc = {"resultCount": total, "offset": offset, "limit": limit, "queryTime": 3,
           "results": [{"testpersonnummer": n} for n in numbers]}
    if offset + limit < total:
        doc["next"] = f"{skatteverket.DATASET}?_limit={limit}&_offset={offset + limit}"
    return json.dumps(doc).encode()


NUMBERS = [number("19900101", "980"), number("19851224", "981"), number("20101005", "982"),
           number("18901231", "983"), number("19720229", "984")]


def serve_pages(server: LocalServer, numbers: list[str], limit: int = 2) -> None:
    first = skatteverket.URL.removeprefix(skatteverket.DATASET)
    for offset in range(0, len(numbers), limit):
        query = first if offset == 0 else f"?_limit={limit}&_offset={offset}"
        server.put(PATH + query, page(numbers[offset:offset + limit], offset, len(numbers), limit))


def test_every_page_is_fetched_through_the_mirror(tmp_path: Path,
                                                  http_server: LocalServer) -> None:  # noqa: F811
    serve_pages(http_server, NUMBERS)
    source = dataclasses.replace(skatteverket.SOURCES[0], min_rows={})
    outcome = build_source(source, Store(tmp_path / "home"), mirror=http_server.url,
                           progress=False)
    assert outcome.ok, outcome.reason
    assert outcome.rows == {"test_personids": 5}
    urls = [f["url"] for f in outcome.part["provenance"]["fetch"]]
    assert urls[0] == skatteverket.URL and len(urls) == 3  # every page named, upstream URLs
    assert all(u.startswith(skatteverket.DATASET) for u in urls)


@pytest.mark.parametrize("value, kept", [
    (NUMBERS[0], True),
    (NUMBERS[0][:-1] + str((int(NUMBERS[0][-1]) + 1) % 10), False),  # wrong check digit
    (NUMBERS[0][2:], False),                                          # no century digits
    ("19901301" + NUMBERS[0][8:], False),                             # month 13
    ("", False), ("1990010198O0", False),
])
def test_curate_keeps_only_well_formed_numbers(tmp_path: Path, value: str, kept: bool) -> None:
    path = tmp_path / skatteverket.FILENAME
    path.write_bytes(page([value, NUMBERS[1]], 0, 2))
    frame = skatteverket.curate([path])
    assert (value in frame["number"].to_list()) is kept
    row = frame.filter(frame["number"] == NUMBERS[1]).row(0, named=True)
    assert row["birth"] == "19851224" and row["sex"] == "M" and row["fold"] == NUMBERS[1]


@pytest.mark.parametrize("body", [b"<html>maintenance</html>", b'{"results": 3}', b"[]"])
def test_a_page_that_is_no_rowstore_answer_fails_naming_it(tmp_path: Path, body: bytes) -> None:
    path = tmp_path / skatteverket.FILENAME
    path.write_bytes(body)
    with pytest.raises(ValueError, match=skatteverket.FILENAME):
        skatteverket.curate([path])


def test_an_upstream_that_pages_in_a_loop_is_refused(tmp_path: Path, monkeypatch,
                                                    http_server: LocalServer) -> None:  # noqa: F811
    monkeypatch.setattr(build, "MAX_PAGES", 3)
    loop = json.loads(page(NUMBERS[:2], 0, 10))
    loop["next"] = skatteverket.URL  # the first page again, forever
    http_server.put(PATH + skatteverket.URL.removeprefix(skatteverket.DATASET),
                    json.dumps(loop).encode())
    outcome = build_source(skatteverket.SOURCES[0], Store(tmp_path / "home"),
                           mirror=http_server.url, progress=False)
    assert not outcome.ok and "more than 3 pages" in outcome.reason


def test_the_engine_reads_the_numbers_by_birth_year(tmp_path: Path,
                                                    http_server: LocalServer) -> None:  # noqa: F811
    """The contract: a snapshot holding the gazetteer gives the engine its numbers by year."""
    from pseudonymize.lexicon import compile_snapshot

    serve_pages(http_server, NUMBERS)
    store = Store(tmp_path / "home")
    source = dataclasses.replace(skatteverket.SOURCES[0], min_rows={})
    outcome = build_source(source, store, mirror=http_server.url, progress=False)
    snapshot = build.publish([outcome], store)
    lex = compile_snapshot(snapshot, store.root)
    assert lex.test_personids["1990"] == (NUMBERS[0],)
    assert sorted(n for ns in lex.test_personids.values() for n in ns) == sorted(NUMBERS)
