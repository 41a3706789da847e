"""Skolverket's school-unit register (Skolenhetsregistret) → `organizations` kind school.

Upstream is the register's open API, v2 list endpoint (no key, updated daily): one JSON document
`{"meta": {...}, "data": {"type": "schoolunit", "attributes": [{"schoolUnitCode": "29824923",
"name": "Kvarnbackaskolan 4-9", "status": "AKTIV", ...}, ...]}}`. Closed (UPPHORT) and dormant
(VILANDE) units are kept: an essay may name the school a learner used to attend. Names ending in a
grade span ("Kvarnbackaskolan 4-9") also give the bare name, which is how learners write them.
"""
from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path

import polars as pl

from builders.fetch import FetchRecord
from builders.schemas import organizations_frame
from builders.source import Remote, Source

NAME = "skolverket"
URL = "https://api.skolverket.se/skolenhetsregistret/v2/school-units"
FILENAME = "school-units.json"
# "Skola 4-9", "Skola F-6", "Skola 7-9B", "Skola åk 1-3": a grade span closing the name.
GRADE_SPAN = re.compile(r"\s+(?:åk\s*)?(?:F|\d{1,2})\s*-\s*\d{1,2}\s*[A-Za-z]?$", re.IGNORECASE)


def _curate(files: Mapping[str, Path], _records: Mapping[str, FetchRecord]
            ) -> dict[str, pl.DataFrame]:
    return {"organizations": curate(files[FILENAME])}


SOURCES: tuple[Source, ...] = (
    Source(name=NAME, description="Swedish school units (förskoleklass to vuxenutbildning)",
           licence="CC0 1.0", attribution="Skolverket (Swedish National Agency for Education)",
           outputs=("organizations",), remotes=(Remote(URL, FILENAME),), curate=_curate,
           min_rows={"organizations": 5_000}),
)


def school_units(path: Path) -> list[dict]:
    """The unit objects of a v2 list answer (`data.attributes`)."""
    try:
        doc = json.loads(path.read_bytes())
        units = doc["data"]["attributes"]
    except (json.JSONDecodeError, KeyError, TypeError) as exc:
        raise ValueError(f"{path.name}: not a Skolenhetsregistret v2 list ({exc!r})") from exc
    if not isinstance(units, list):
        raise ValueError(f"{path.name}: data.attributes is not a list of school units")
    return units


def _municipality(unit: dict) -> str | None:
    """The municipality name when the answer carries one (the detail shape nests it)."""
    municipality = unit.get("municipality") or unit.get("municipalityName")
    if isinstance(municipality, dict):
        municipality = municipality.get("displayName") or municipality.get("name")
    return str(municipality).strip() if municipality else None


def curate(path: Path) -> pl.DataFrame:
    """One row per school name (and per bare name without a grade span)."""
    rows = []
    for unit in school_units(path):
        name = str(unit.get("name") or unit.get("displayName") or "").strip()
        if not name:
            continue
        municipality = _municipality(unit)
        rows.append((name, municipality))
        bare = GRADE_SPAN.sub("", name)
        if bare != name and bare:
            rows.append((bare, municipality))
    if not rows:
        raise ValueError(f"{path.name}: no named school unit")
    return organizations_frame(rows, "school", NAME)
