"""SCB's SSYK 2012 index of job titles (yrkesbenämningar) → `professions`.

Upstream is SCB's alphabetical index workbook: several thousand job titles as people write them
("Barnmorska", "Civilingenjör, bygg"), each with the four-digit SSYK 2012 unit group it is coded to.
Its columns are found by their header text (job title; SSYK code), below SCB's title rows.
"""
from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import polars as pl

from builders.fetch import FetchRecord
from builders.scb_names import sheet_records
from builders.schemas import fold_expr
from builders.source import Remote, Source

NAME = "scb-ssyk"
URL = ("https://www.scb.se/contentassets/0c0089cc085a45d49c1dc83923ad933a/"
       "ssyk_index_webb_2026.xlsx")
FILENAME = "ssyk_index.xlsx"

REQUIRED = {
    "name": lambda h: "benämning" in h or h in ("yrke", "yrkestitel", "titel"),
    "code": lambda h: "ssyk" in h or "kod" in h,
}


def _curate(files: Mapping[str, Path], _records: Mapping[str, FetchRecord]
            ) -> dict[str, pl.DataFrame]:
    return {"professions": curate(files[FILENAME])}


SOURCES: tuple[Source, ...] = (
    Source(name=NAME, description="Swedish job titles coded to SSYK 2012 occupation groups",
           licence="CC BY 4.0", attribution="Statistics Sweden (SCB)", outputs=("professions",),
           remotes=(Remote(URL, FILENAME),), curate=_curate, min_rows={"professions": 1_000}),
)


def _code(value: object) -> str | None:
    """A four-digit SSYK code; Excel stores codes such as 0110 as the number 110."""
    if isinstance(value, (int, float)):
        value = f"{int(value):04d}"
    text = str(value or "").strip()
    return text if len(text) == 4 and text.isdigit() else None


def curate(path: Path) -> pl.DataFrame:
    """One row per job title (first code wins when a title is listed under several)."""
    rows = [(str(r["name"]).strip(), _code(r["code"])) for r in sheet_records(path, REQUIRED)
            if r["name"] is not None and str(r["name"]).strip() and _code(r["code"])]
    if not rows:
        raise ValueError(f"{path.name}: no job title with a four-digit SSYK code")
    frame = pl.DataFrame(rows, schema={"name": pl.String, "code": pl.String}, orient="row")
    return (frame.with_columns(fold=fold_expr("name"), source=pl.lit(NAME))
            .unique(subset=["fold"], keep="first", maintain_order=True))
