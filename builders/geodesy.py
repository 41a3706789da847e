"""Great-circle distance, defined once for the builders (a town abroad within reach of a big one
is a part of it: `packaged.suburbs`) and the surrogates (distances kept between places:
`pseudonymize.coordinates`). Free of heavy imports: the engine's start-up path reads it."""
from __future__ import annotations

import math

EARTH_KM = 6371.0


def great_circle_km(a: tuple[float, float], b: tuple[float, float]) -> float:
    """The great-circle distance between two (latitude, longitude) points, in degrees."""
    lat1, lon1, lat2, lon2 = map(math.radians, (*a, *b))
    h = (math.sin((lat2 - lat1) / 2) ** 2
         + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2)
    return 2 * EARTH_KM * math.asin(math.sqrt(h))
