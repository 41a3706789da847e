"""Where Swedish localities lie (data/coordinates.toml), for lifelike surrogates that keep
distances: a village "nära X" within a radius of X's surrogate, a commute as long as the
original's. A plain library: no Prefect, no essay text."""
from __future__ import annotations

import math
import tomllib
from functools import cache
from pathlib import Path

from pseudonymize.lexicon import fold

COORDINATES_FILE = Path(__file__).resolve().parent / "data" / "coordinates.toml"
EARTH_KM = 6371.0


@cache
def localities() -> dict[str, tuple[float, float]]:
    """A locality's folded name -> (latitude, longitude) in degrees."""
    data = tomllib.loads(COORDINATES_FILE.read_text(encoding="utf-8"))
    return {fold(name): (row[0], row[1]) for name, row in data["localities"].items()}


@cache
def near_km() -> float:
    """How far a place the essay calls "nära" another may lie from it."""
    return float(tomllib.loads(COORDINATES_FILE.read_text(encoding="utf-8"))["near_km"])


def distance_km(one: str, other: str) -> float | None:
    """The great-circle distance between two localities (by name), None if either is
    unknown."""
    a, b = localities().get(fold(one)), localities().get(fold(other))
    if a is None or b is None:
        return None
    lat1, lon1, lat2, lon2 = map(math.radians, (*a, *b))
    h = (math.sin((lat2 - lat1) / 2) ** 2
         + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2)
    return 2 * EARTH_KM * math.asin(math.sqrt(h))
