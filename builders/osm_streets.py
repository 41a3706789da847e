"""Street names of Sweden from OpenStreetMap (Geofabrik's daily Sweden extract) → `streets`.

Upstream is `sweden-latest.osm.pbf` (~700 MB). It is read with pyosmium, ways only, with a C++-side
key filter on `highway`, so Python sees only road ways and memory holds only the distinct names.
Every named way tagged `highway=*` (except ways that are not streets: proposed, abandoned,
platforms, raceways …) gives its `name` (and `alt_name`/`old_name`/`official_name`); municipality and city
come from `addr:municipality` / `addr:city` when the way carries them (most do not).

Licence: OpenStreetMap data is ODbL 1.0, a share-alike database licence. The curated `streets`
table is a derivative database used only to build the local gazetteer for detection and surrogate
choice; it is never shipped or published (releases contain no gazetteer rows), so no share-alike
obligation is triggered. Attribution is kept in the provenance all the same.
"""
from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import osmium
import polars as pl

from builders.fetch import FetchRecord
from builders.schemas import fold_expr
from builders.source import Remote, Source

NAME = "osm-streets"
URL = "https://download.geofabrik.de/europe/sweden-latest.osm.pbf"
FILENAME = "sweden-latest.osm.pbf"
NAME_TAGS = ("name", "alt_name", "old_name", "official_name")
NOT_STREETS = frozenset({"proposed", "construction", "abandoned", "disused", "razed", "platform",
                         "raceway", "bus_stop", "elevator", "emergency_bay", "rest_area",
                         "services", "corridor", "escape"})


def _curate(files: Mapping[str, Path], _records: Mapping[str, FetchRecord]
            ) -> dict[str, pl.DataFrame]:
    return {"streets": curate(files[FILENAME])}


SOURCES: tuple[Source, ...] = (
    Source(name=NAME, description="Names of Swedish streets, roads and squares (local use only)",
           licence="ODbL 1.0 (local gazetteer only, never shipped)",
           attribution="© OpenStreetMap contributors (via Geofabrik)", outputs=("streets",),
           remotes=(Remote(URL, FILENAME),), curate=_curate, min_rows={"streets": 10_000}),
)


def street_names(path: Path) -> set[tuple[str, str | None, str | None]]:
    """Distinct (name, municipality, city) of the named highway ways in an .osm.pbf/.osm file."""
    found: set[tuple[str, str | None, str | None]] = set()
    try:
        ways = osmium.FileProcessor(str(path), osmium.osm.WAY).with_filter(
            osmium.filter.KeyFilter("highway"))
        for way in ways:
            tags = way.tags
            if tags.get("highway") in NOT_STREETS:
                continue
            municipality = tags.get("addr:municipality")
            city = tags.get("addr:city")
            for key in NAME_TAGS:
                for name in (tags.get(key) or "").split(";"):
                    if name.strip():
                        found.add((name.strip(), municipality, city))
    except RuntimeError as exc:  # libosmium reports unreadable input as RuntimeError
        raise ValueError(f"{path.name}: not a readable OSM file ({exc})") from exc
    return found


def curate(path: Path) -> pl.DataFrame:
    names = street_names(path)
    if not names:
        raise ValueError(f"{path.name}: no named highway ways")
    frame = pl.DataFrame(sorted(names, key=lambda r: (r[0], r[1] or "", r[2] or "")),
                         schema={"name": pl.String, "municipality": pl.String,
                                 "city": pl.String}, orient="row")
    return (frame.with_columns(fold=fold_expr("name"), source=pl.lit(NAME))
            .unique(subset=["fold", "municipality"], keep="first", maintain_order=True))
