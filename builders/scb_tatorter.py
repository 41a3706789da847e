"""SCB's tätorter (urban areas, ~2,000 localities with 200+ inhabitants) → `places` kind city.

Upstream is SCB's workbook for the 2023 delineation (names as revised by Lantmäteriet): title rows,
then a header row with the tätortskod (e.g. 1463TB104), the tätort name, the municipality (code and
name) and the population; a tätort spanning several municipalities has one row per municipality.
The columns are found by their header text, so a re-ordered or renamed-by-year sheet still parses.
"""
from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import polars as pl

from builders.fetch import FetchRecord
from builders.scb_names import sheet_records
from builders.schemas import fold_expr
from builders.source import Remote, Source

NAME = "scb-tatorter"
URL = ("https://www.scb.se/contentassets/b7f6aeab34344238b4c4573620ff76c9/"
       "mi0810_2023_tatorter2023_kommun_bef_area_v3.xlsx")
FILENAME = "tatorter.xlsx"

REQUIRED = {
    "code": lambda h: "tätortskod" in h,
    "name": lambda h: h in ("tätort", "tätortsnamn", "tätortsbeteckning", "namn"),
}
OPTIONAL = {
    "municipality_code": lambda h: "kommunkod" in h or h == "kommun",
    "population": lambda h: "befolkning" in h or "folkmängd" in h or "invånare" in h,
}


def _curate(files: Mapping[str, Path], _records: Mapping[str, FetchRecord]
            ) -> dict[str, pl.DataFrame]:
    return {"places": curate(files[FILENAME])}


SOURCES: tuple[Source, ...] = (
    Source(name=NAME, description="Swedish urban areas (tätorter) with municipality and "
                                  "population",
           licence="CC BY 4.0", attribution="Statistics Sweden (SCB)", outputs=("places",),
           remotes=(Remote(URL, FILENAME),), curate=_curate, min_rows={"places": 1_500}),
)


def _population(value: object) -> int | None:
    text = str(value).replace(" ", "").replace("\xa0", "") if value is not None else ""
    return int(float(text)) if text.replace(".", "", 1).isdigit() else None


def _municipality_code(value: object) -> str | None:
    """SCB's four-digit kommunkod (0180), the same code GeoNames uses as Swedish admin2."""
    text = str(value).strip() if value is not None else ""
    if isinstance(value, (int, float)):
        text = f"{int(value):04d}"
    return text if len(text) == 4 and text.isdigit() else None


def curate(path: Path) -> pl.DataFrame:
    """`places` rows (kind city, country SE, admin2 = kommunkod) from the tätort workbook."""
    rows = []
    for record in sheet_records(path, REQUIRED, OPTIONAL):
        name = str(record["name"] or "").strip()
        if not name or not str(record["code"] or "").strip():
            continue  # notes and totals under the table
        rows.append((name, _municipality_code(record.get("municipality_code")),
                     _population(record.get("population"))))
    if not rows:
        raise ValueError(f"{path.name}: the tätort table has no rows")
    frame = pl.DataFrame(rows, schema={"name": pl.String, "admin2": pl.String,
                                       "population": pl.Int64}, orient="row")
    return frame.with_columns(fold=fold_expr("name"), kind=pl.lit("city"),
                              feature_code=pl.lit("SCB.tatort"), country=pl.lit("SE"),
                              admin1=pl.lit(None, pl.String), geonameid=pl.lit(None, pl.Int64),
                              source=pl.lit(NAME))
