"""Tiny fake builder sources for the resources CLI and flow tests.

`fake-names` stands in for the packaged source (no network, provenance = a package version);
`fake-places` downloads a TSV from `PLACES_URL` (serve it under a mirror with `PLACES_PATH`);
`fake-broken` always fails to curate. Every curate call is appended to `CALLS`, so a test can tell
a cache hit from a rebuild.
"""
from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import polars as pl

from builders.fetch import FetchRecord
from builders.schemas import fold_expr
from builders.source import Remote, Source

PLACES_URL = "https://download.example.org/fake/places.tsv"
PLACES_PATH = "/download.example.org/fake/places.tsv"  # the same file under `--mirror BASE_URL`
PLACES_TSV = b"Kiruna\t22423\nLule\xc3\xa5\t48728\nG\xc3\xb6teborg\t599011\n"
CALLS: list[str] = []


def names_source(names: tuple[str, ...] = ("Anna", "Erik", "Maja"), version: str = "1.0"
                 ) -> Source:
    """A packaged-style source; `version` plays the package version (part of the cache key)."""
    def curate(files: Mapping[str, Path], records: Mapping[str, FetchRecord]) -> dict:
        CALLS.append("fake-names")
        frame = pl.DataFrame({"name": list(names)})
        return {"first_names": frame.with_columns(
            fold=fold_expr(), gender=pl.lit("unknown"), count=pl.lit(None, pl.Int64),
            rank=pl.int_range(1, frame.height + 1, dtype=pl.Int32), source=pl.lit("fake-names"))}

    return Source(name="fake-names", description="Fake first names from a package",
                  licence="MIT", attribution="fakenames authors", outputs=("first_names",),
                  curate=curate, packaged=True,
                  provenance=lambda: [{"package": "fakenames", "version": version,
                                        "licence": "MIT"}])


def _curate_places(files: Mapping[str, Path], records: Mapping[str, FetchRecord]) -> dict:
    CALLS.append("fake-places")
    path = files["places.tsv"]
    rows = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        fields = line.split("\t")
        if len(fields) != 2:
            raise ValueError(f"{path.name}: line {number}: expected name<TAB>population")
        rows.append((fields[0], int(fields[1])))
    frame = pl.DataFrame(rows, schema=["name", "population"], orient="row")
    return {"places": frame.with_columns(
        fold=fold_expr(), kind=pl.lit("city"), feature_code=pl.lit("P.PPL"), country=pl.lit("SE"),
        admin1=pl.lit(None, pl.String), admin2=pl.lit(None, pl.String),
        geonameid=pl.lit(None, pl.Int64), source=pl.lit("fake-places"))}


def places_source(optional_url: str | None = None) -> Source:
    """A downloading source; `optional_url` adds an optional remote (reported when missing)."""
    remotes = (Remote(PLACES_URL, "places.tsv"),)
    if optional_url:
        remotes += (Remote(optional_url, "extra.tsv", optional=True),)
    return Source(name="fake-places", description="Fake places from a TSV download",
                  licence="CC BY 4.0", attribution="Fake Geodata", outputs=("places",),
                  curate=_curate_places, remotes=remotes)


def _curate_broken(files: Mapping[str, Path], records: Mapping[str, FetchRecord]) -> dict:
    CALLS.append("fake-broken")
    raise ValueError("fake-broken.tsv: no table found")


def broken_source() -> Source:
    return Source(name="fake-broken", description="Always fails", licence="CC0",
                  attribution="nobody", outputs=("surnames",), curate=_curate_broken,
                  packaged=True)


def sources(*chosen: Source) -> dict[str, Source]:
    """A registry mapping for `monkeypatch.setattr(registry, "SOURCES", ...)`."""
    return {s.name: s for s in chosen}
