"""Swedish universities and högskolor → `organizations` kind university.

Upstream is Wikidata's SPARQL endpoint, asked for every higher-education institution in Sweden
that is not dissolved, with its Swedish label, Swedish aliases ("KTH", "SLU") and municipality.
Why not UKÄ: UKÄ's list of universities, högskolor and enskilda utbildningsanordnare is an HTML
page only (no file or API) under CC BY-SA 2.5 (share-alike), while Wikidata is CC0 and answers in
the W3C SPARQL 1.1 JSON results format, a stable machine-readable shape.
"""
from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from urllib.parse import quote

import polars as pl

from builders.fetch import FetchRecord
from builders.schemas import organizations_frame
from builders.source import Remote, Source

NAME = "universities"
FILENAME = "universities.json"
QUERY = """
SELECT ?item ?itemLabel ?alias ?municipalityLabel WHERE {
  ?item wdt:P31/wdt:P279* wd:Q38723 ; wdt:P17 wd:Q34 .
  FILTER NOT EXISTS { ?item wdt:P576 ?dissolved }
  OPTIONAL { ?item skos:altLabel ?alias FILTER(LANG(?alias) = "sv") }
  OPTIONAL { ?item wdt:P131 ?municipality . ?municipality wdt:P31 wd:Q127448 }
  SERVICE wikibase:label { bd:serviceParam wikibase:language "sv,en". }
}"""
URL = "https://query.wikidata.org/sparql?format=json&query=" + quote(" ".join(QUERY.split()))


def _curate(files: Mapping[str, Path], _records: Mapping[str, FetchRecord]
            ) -> dict[str, pl.DataFrame]:
    return {"organizations": curate(files[FILENAME])}


SOURCES: tuple[Source, ...] = (
    Source(name=NAME, description="Swedish universities and university colleges (högskolor)",
           licence="CC0 1.0", attribution="Wikidata", outputs=("organizations",),
           remotes=(Remote(URL, FILENAME),), curate=_curate,
           min_rows={"organizations": 30}),
)


def bindings(path: Path) -> list[dict]:
    """The result rows of a SPARQL 1.1 JSON answer."""
    try:
        return json.loads(path.read_bytes())["results"]["bindings"]
    except (json.JSONDecodeError, KeyError, TypeError) as exc:
        raise ValueError(f"{path.name}: not a SPARQL JSON result ({exc!r})") from exc


def _value(row: dict, var: str) -> str | None:
    value = row.get(var, {}).get("value", "").strip()
    # An item without a Swedish or English label comes back labelled with its own id (Q123).
    return value if value and not (value[0] == "Q" and value[1:].isdigit()) else None


def curate(path: Path) -> pl.DataFrame:
    """One row per distinct name (label or alias) of each institution."""
    rows = []
    for row in bindings(path):
        municipality = _value(row, "municipalityLabel")
        for var in ("itemLabel", "alias"):
            name = _value(row, var)
            if name:
                rows.append((name, municipality))
    if not rows:
        raise ValueError(f"{path.name}: no labelled institution")
    return organizations_frame(rows, "university", NAME)
