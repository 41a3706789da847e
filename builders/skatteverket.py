"""Skatteverket's test personal identity numbers (testpersonnummer) → `test_personids`.

Skatteverket publishes, as open data (CC0), personnummer that exist only in its test systems and
are never issued to a person: numbers with century digits (12 characters) born 1890 onwards, more
added each January. The `lifelike` strategy writes one of them where an essay had a personnummer
(issue 15), so a published surrogate can never be someone's number.

Upstream is EntryScape's rowstore API for the dataset, answering in pages of JSON:
`{"next": "<URL of the next page>", "resultCount": 43895, "offset": 0, "limit": 500,
"queryTime": 4, "results": [{"testpersonnummer": "189001019802"}, ...]}`; the last page has no
`next`. Every page is stored (and named in the provenance).
"""
from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path

import polars as pl

from builders.checksums import luhn_valid
from builders.fetch import FetchRecord
from builders.source import Remote, Source, page_name

NAME = "skatteverket"
DATASET = ("https://skatteverket.entryscape.net/rowstore/dataset/"
           "b4de7df7-63c0-4e7e-bb59-1f156a591763")
URL = f"{DATASET}?_limit=500&_offset=0"
FILENAME = "testpersonnummer.json"
# YYYYMMDD + birth number + check digit; a samordningsnummer (day + 60) never appears here
NUMBER = re.compile(r"(?:18|19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{4}")


def _page(path: Path) -> dict:
    try:
        doc = json.loads(path.read_bytes())
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ValueError(f"{path.name}: not a rowstore JSON page ({exc})") from exc
    if not isinstance(doc, dict) or not isinstance(doc.get("results"), list):
        raise ValueError(f"{path.name}: no 'results' list (not a rowstore page)")
    return doc


def next_page(path: Path) -> str | None:
    """The URL of the page after this one, None on the last."""
    url = _page(path).get("next")
    return url if isinstance(url, str) and url.startswith(("https://", "http://")) else None


def curate(pages: list[Path]) -> pl.DataFrame:
    """One row per well-formed number (12 digits, a real date, a valid check digit); other
    rows are skipped, and a dataset without any is refused."""
    numbers: list[str] = []
    for path in pages:
        for row in _page(path)["results"]:
            value = str(row.get("testpersonnummer", "")).strip() if isinstance(row, dict) else ""
            if NUMBER.fullmatch(value) and luhn_valid(value[2:]):
                numbers.append(value)
    if not numbers:
        raise ValueError(f"{pages[0].name}: no well-formed test personnummer")
    frame = pl.DataFrame({"number": numbers}).unique(maintain_order=True)
    return frame.with_columns(fold=pl.col("number"), birth=pl.col("number").str.slice(0, 8),
                              sex=pl.when(pl.col("number").str.slice(10, 1).cast(pl.Int8) % 2 == 0)
                              .then(pl.lit("F")).otherwise(pl.lit("M")),
                              source=pl.lit(NAME))


def _curate(files: Mapping[str, Path], _records: Mapping[str, FetchRecord]
            ) -> dict[str, pl.DataFrame]:
    pages = []
    while page_name(FILENAME, len(pages)) in files:
        pages.append(files[page_name(FILENAME, len(pages))])
    return {"test_personids": curate(pages)}


SOURCES: tuple[Source, ...] = (
    Source(name=NAME, description="Skatteverket's test personal identity numbers",
           licence="CC0 1.0", attribution="Skatteverket (Swedish Tax Agency)",
           outputs=("test_personids",),
           remotes=(Remote(URL, FILENAME, next_page=next_page),), curate=_curate,
           min_rows={"test_personids": 10_000}),
)
