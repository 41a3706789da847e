"""The one great-circle distance the builders and the surrogates share."""
from __future__ import annotations

import pytest

from builders.geodesy import great_circle_km


@pytest.mark.parametrize(("a", "b", "km"), [
    ((59.3293, 18.0686), (57.7089, 11.9746), 396.9),   # Stockholm - Göteborg
    ((55.6050, 13.0038), (55.6761, 12.5683), 28.4),    # Malmö - Köpenhamn
    ((0.0, 179.5), (0.0, -179.5), 111.2),              # across the date line
    ((63.8258, 20.2630), (63.8258, 20.2630), 0.0),     # one point
])
def test_great_circle_km(a: tuple[float, float], b: tuple[float, float], km: float) -> None:
    assert great_circle_km(a, b) == pytest.approx(km, abs=1.0)
    assert great_circle_km(b, a) == pytest.approx(great_circle_km(a, b))
