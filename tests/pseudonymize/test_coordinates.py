"""The Swedish localities' coordinates lifelike keeps distances with (data/coordinates.toml)."""
from __future__ import annotations

import pytest

from pseudonymize.coordinates import distance_km, localities, near_km
from pseudonymize.surrogates import geography


@pytest.mark.parametrize(("one", "other", "low", "high"), [
    ("Stockholm", "Göteborg", 390, 400),   # GeoNames' centres: 397 km as the crow flies
    ("Lund", "Malmö", 15, 20),
    ("Charlottenberg", "Karlstad", 80, 95),  # judge run 16: "by nära Karlstad" it is not
    ("Molkom", "Karlstad", 20, 35),
])
def test_distances_between_known_places(one: str, other: str, low: int, high: int) -> None:
    got = distance_km(one, other)
    assert got is not None and low <= got <= high, got
    assert distance_km(other, one) == pytest.approx(got)


def test_unknown_places_have_no_distance_and_every_table_town_a_place() -> None:
    assert distance_km("Stockholm", "Ljungbackaland") is None
    assert near_km() == 40
    missing = [t for t in geography(True).towns if distance_km(t, t) is None]
    assert not missing and len(localities()) > 1000
