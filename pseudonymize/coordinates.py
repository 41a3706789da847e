"""Where Swedish localities and towns abroad lie (data/coordinates.toml), for lifelike
surrogates that keep distances and directions: a village "nära X" within a radius of X's
surrogate, a commute as long as the original's, a town "i södra Iran" in the south of the
surrogate country. A plain library: no Prefect, no essay text."""
from __future__ import annotations

import math
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from builders.geodesy import great_circle_km as _km
from pseudonymize.lexicon import fold

COORDINATES_FILE = Path(__file__).resolve().parent / "data" / "coordinates.toml"


@cache
def _data() -> dict:
    """coordinates.toml, read once."""
    return tomllib.loads(COORDINATES_FILE.read_text(encoding="utf-8"))


@cache
def localities() -> dict[str, tuple[float, float]]:
    """A locality's folded name -> (latitude, longitude) in degrees."""
    data = _data()
    return {fold(name): (row[0], row[1]) for name, row in data["localities"].items()}


@dataclass(frozen=True)
class Directions:
    """The words that place a town in a part of its country, and how wide a part is."""

    sides: dict[str, tuple[str, ...]]  # folded word ("sodra") -> its sides ("south",)
    land_words: frozenset[str]  # folds: "landet" (the town's own country)
    share: float  # a part is this share of the country's extent on its side
    sides_of: dict[str, tuple[str, ...]]  # folded "norr" (om X) -> ("north",)
    border_km: float  # a town by a border lies this near a town across it


@cache
def directions() -> Directions:
    """The direction words of coordinates.toml (lifelike)."""
    data = _data()
    return Directions({fold(w): tuple(sides) for w, sides in data["directions_lifelike"].items()},
                      frozenset(fold(w) for w in data["direction_land_words"]),
                      float(data["direction_share"]),
                      {fold(w): tuple(sides) for w, sides in data["sides_of_lifelike"].items()},
                      float(data["border_km"]))


@cache
def towns_abroad() -> dict[str, dict[str, tuple[float, float]]]:
    """ISO country -> a town's name as the pools write it -> (latitude, longitude)."""
    return {iso: {name: (row[0], row[1]) for name, row in towns.items()}
            for iso, towns in _data()["abroad"].items()}


@cache
def _abroad_points() -> dict[str, tuple[float, float]]:
    """A town abroad's folded name -> its point (the first country's, in file order)."""
    points: dict[str, tuple[float, float]] = {}
    for towns in towns_abroad().values():
        for name, where in towns.items():
            points.setdefault(fold(name), where)
    return points


def abroad_km(one: str, other: str) -> float | None:
    """The great-circle distance between two towns abroad (by name); None when we know where
    either lies not."""
    a, b = _abroad_points().get(fold(one)), _abroad_points().get(fold(other))
    return None if a is None or b is None else _km(a, b)


@cache
def _centres() -> dict[str, tuple[float, float]]:
    """ISO -> the mean point of the towns we know in the country (a rough centre: enough to tell
    Malawi's neighbours from the far side of Africa)."""
    return {c: (sum(p[0] for p in towns.values()) / len(towns),
                sum(p[1] for p in towns.values()) / len(towns))
            for c, towns in sorted(towns_abroad().items()) if towns}


@cache
def nearest_countries(iso: str) -> tuple[str, ...]:
    """The other countries abroad, nearest first by their centres (`_centres`)."""
    centres = _centres()
    if iso not in centres:
        return ()
    return tuple(sorted((c for c in centres if c != iso),
                        key=lambda c: (_km(centres[iso], centres[c]), c)))


def sections_abroad(population: dict[str, dict[str, int]]) -> frozenset[str]:
    """Lifelike: the towns abroad (`towns_abroad`) that are parts of a bigger town: within
    `section_km` of a town of the same country at least `section_ratio` times as populous
    (`population`: ISO country -> town -> inhabitants; a town missing from it counts as 0)."""
    reach, ratio, out = section_km(), float(_data()["section_ratio"]), set()
    for iso, towns in sorted(towns_abroad().items()):
        sizes = population.get(iso, {})
        big = [(where, sizes.get(name, 0)) for name, where in towns.items()]
        out.update(name for name, where in towns.items() if any(
            size >= ratio * max(sizes.get(name, 0), 1) and _km(where, other) <= reach
            for other, size in big))
    return frozenset(out)


@cache
def section_km() -> float:
    """How far from a big town abroad its parts lie (`sections_abroad`, lifelike)."""
    return float(_data()["section_km"])


@cache
def latitude_deg() -> float:
    """How far north or south of the original the essay's first Swedish town may lie
    (lifelike: the midnight sun and the snow stay with it)."""
    return float(_data()["latitude_deg"])


def latitude_apart(one: str, other: str) -> float | None:
    """How many degrees of latitude two localities (by name) lie apart, None if either is
    unknown."""
    a, b = localities().get(fold(one)), localities().get(fold(other))
    return None if a is None or b is None else abs(a[0] - b[0])


@cache
def water_km() -> float:
    """How far from a town abroad a river or lake the essay ties to it may pass (lifelike)."""
    return float(_data()["water_km"])


def on_side(iso: str, towns: list[str], sides: tuple[str, ...]) -> list[str]:
    """The towns (of country `iso`) that lie in its part on every one of `sides` ("north",
    "east"): within the share of the extent of the country's known towns on that side; [] when
    none does or we know none of them."""
    known = towns_abroad().get(iso, {})
    if not known:
        return []
    share, out = directions().share, [t for t in towns if t in known]
    for side in sides:
        axis = 0 if side in ("north", "south") else 1
        values = [row[axis] for row in known.values()]
        low, high = min(values), max(values)
        if high - low <= 0:
            return []
        cut = high - share * (high - low) if side in ("north", "east") \
            else low + share * (high - low)
        out = [t for t in out if (known[t][axis] >= cut if side in ("north", "east")
                                  else known[t][axis] <= cut)]
    return out


@cache
def islands() -> dict[str, dict[str, tuple[float, float]]]:
    """ISO country -> an island's name as geography.toml writes it -> (latitude, longitude)."""
    return {iso: {name: (row[0], row[1]) for name, row in rows.items()}
            for iso, rows in _data()["islands_lifelike"].items()}


def by_border(iso: str, towns: list[str], other: str, landing: bool = False) -> list[str]:
    """The towns (of country `iso`) near country `other`: within `border_km` of the least
    distance from any known town of `iso` to a known town of `other` (the known towns are the
    bigger ones, so the border itself is not known); [] when we know no town of either. Where
    a boat lands (`landing`), its islands count as towns, and the least distance is that of
    the towns given."""
    known = towns_abroad().get(iso, {}) | (islands().get(iso, {}) if landing else {})
    across = list(towns_abroad().get(other, {}).values())
    if not known or not across:
        return []
    # (a landing: the nearest of the towns given, the original's own island aside)
    far = {t: min(_km(where, there) for there in across) for t, where in known.items()
           if not landing or t in towns}
    if not far:
        return []
    reach = min(far.values()) + directions().border_km
    return [t for t in towns if far.get(t, reach + 1) <= reach]


def nearest(iso: str, town: str, towns: list[str], many: int) -> list[str]:
    """The `many` towns of `towns` (of country `iso`) nearest `town`, nearest first (ties in
    the pool's order); [] when we know where none of them, or `town`, lies."""
    known = towns_abroad().get(iso, {})
    if town not in known:
        return []
    far = sorted((_km(known[town], known[t]), i) for i, t in enumerate(towns)
                 if t in known and t != town)
    return [towns[i] for _, i in far[:many]]


@cache
def apart_km(one: str, other: str, coasts: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
             ) -> float | None:
    """The least distance between a known town of country `one` and one of `other` (ISO
    codes), each country's known towns among `coasts` where it has any (its coast towns: few,
    so the search stays short), else all of them; None when we know no town of either."""
    def points(iso: str, towns: tuple[str, ...]) -> list[tuple[float, float]]:
        known = towns_abroad().get(iso, {})
        return [known[t] for t in towns if t in known] or list(known.values())
    here, there = points(one, coasts[0]), points(other, coasts[1])
    if not here or not there:
        return None
    return min(_km(a, b) for a in here for b in there)


@cache
def boat_km() -> float:
    """How far apart two countries' nearest known towns may lie for a boat leg between them
    (lifelike): a refugee boat or a ferry crosses a strait or a sea's part, never the whole
    Mediterranean (Lebanon to Albania)."""
    return float(_data()["boat_km"])


@cache
def near_km() -> float:
    """How far a place the essay calls "nära" another may lie from it."""
    return float(_data()["near_km"])


@cache
def seat_km() -> float:
    """How far a locality the essay puts in a municipality ("Löberöd i Eslövs kommun") may lie
    from the municipality's seat (lifelike)."""
    return float(_data()["seat_km"])


@cache
def commute_km() -> float:
    """How far a town the essay commutes to or from may lie from the other (lifelike)."""
    return float(_data()["commute_km"])


def lies_toward(one: str, other: str, sides: tuple[str, ...]) -> bool | None:
    """Swedish locality `one` lies on each of `sides` of `other` (a single side: within 45
    degrees of its direction); None when we lack either's coordinates."""
    a, b = localities().get(fold(one)), localities().get(fold(other))
    if a is None or b is None:
        return None
    north = a[0] - b[0]
    east = (a[1] - b[1]) * math.cos(math.radians((a[0] + b[0]) / 2))
    along = {"north": north, "south": -north, "east": east, "west": -east}
    across = {"north": abs(east), "south": abs(east), "east": abs(north), "west": abs(north)}
    return all(along[s] > 0 and (len(sides) > 1 or along[s] >= across[s]) for s in sides)


def nearest_of(one: str, others: frozenset[str]) -> str | None:
    """The fold among `others` (folded locality names) lying nearest locality `one` (by name);
    None when we know no coordinates of `one` or of any of them."""
    known = localities()
    here = known.get(fold(one))
    ranked = [(_km(here, known[o]), o) for o in sorted(others) if o in known] if here else []
    return min(ranked)[1] if ranked else None


def distance_km(one: str, other: str) -> float | None:
    """The great-circle distance between two localities (by name), None if either is
    unknown."""
    a, b = localities().get(fold(one)), localities().get(fold(other))
    if a is None or b is None:
        return None
    return _km(a, b)
