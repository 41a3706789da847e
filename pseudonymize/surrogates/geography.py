"""Lifelike geography (data/geography.toml, data/regions.toml): Swedish towns with their regions,
coasts and waters, regions abroad, and the lifelike fields.
"""
from __future__ import annotations

import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property

import regex

from pseudonymize.coordinates import apart_km, boat_km
from pseudonymize.lexicon import fold
from pseudonymize.surrogates import rx
from pseudonymize.surrogates.common import (GEOGRAPHY_FILE, LANGUAGES_FILE, REGIONS_FILE,
                                             row_countries)


@dataclass(frozen=True)
class Geography:
    """geography.toml: Swedish towns' landskap, län and postcodes; features' kinds and where
    they lie (landskap in Sweden, ISO codes abroad)."""

    not_towns: frozenset[str]
    towns: dict[str, tuple[str, str, str]]
    features: dict[str, tuple[str, frozenset[str]]]
    feature_folds: dict[str, str]
    kind_words: tuple[tuple[str, str], ...]  # (folded word, kind), longest first
    landmarks: dict[str, tuple[str, str]]  # name -> (kind, town | ISO | "")
    landmark_folds: dict[str, str]
    homelands: dict[str, tuple[str, ...]] = field(default_factory=dict)  # origin group -> ISOs
    neighbours: dict[str, tuple[str, ...]] = field(default_factory=dict)  # group -> near groups
    landskap: dict[str, tuple[str, ...]] = field(default_factory=dict)  # -> landsdel, neighbours
    landlocked: frozenset[str] = frozenset()  # ISO codes of countries without a coast
    ports: frozenset[str] = frozenset()  # Swedish towns with a ferry port
    ferry_words: frozenset[str] = frozenset()  # folds: färja, båten (a port follows)
    coast_words: frozenset[str] = frozenset()  # folds: havet, kusten (with ferry_words, abroad)
    coast_towns: dict[str, tuple[str, ...]] = field(default_factory=dict)  # ISO -> towns on the sea
    town_has: dict[str, frozenset[str]] = field(default_factory=dict)  # domkyrkan -> its towns
    shore_towns: frozenset[str] = frozenset()  # Swedish towns on the sea (lifelike)
    shore_words: frozenset[str] = frozenset()  # folds: havet (the essay's towns are on it)
    feature_towns: dict[str, frozenset[str]] = field(default_factory=dict)  # Vättern -> towns
    kind_default: dict[str, str] = field(default_factory=dict)  # lake -> sjön (first listed)
    seas: dict[str, frozenset[str]] = field(default_factory=dict)  # a sea -> ISOs on its shore
    sea_wider: dict[str, str] = field(default_factory=dict)  # Egeiska havet -> Medelhavet
    boat_words: frozenset[str] = frozenset()  # folds: ferry_words, gummibåt (a crossing)
    no_town_kinds: frozenset[str] = frozenset()  # mountain, river: never a town's name abroad
    sea_towns: dict[str, dict[str, frozenset[str]]] = field(default_factory=dict)  # sea, ISO
    capitals: dict[str, str] = field(default_factory=dict)  # ISO -> its capital (lifelike)
    sweden_gateways: frozenset[str] = frozenset()  # DK, NO: a route's last leg to Sweden
    sweden_words: frozenset[str] = frozenset()  # folds: sverige
    feature_towns_abroad: dict[str, frozenset[str]] = field(default_factory=dict)  # Niger ->
    feature_aliases: dict[str, frozenset[str]] = field(default_factory=dict)  # fold -> folds
    # lifelike (round 48): a feature's written name -> its other written names (Ndzuani: Anjouan)
    feature_names: dict[str, tuple[str, ...]] = field(default_factory=dict)
    world_parts: dict[str, str] = field(default_factory=dict)  # ISO -> its part of the world
    # lifelike: words and islands anywhere in an essay that put its towns on the sea
    shore_words_essay: frozenset[str] = frozenset()  # folds: havet, skärgården
    sea_islands: frozenset[str] = frozenset()  # folds of Swedish islands in the sea: Tjörn
    feast_countries: dict[str, frozenset[str]] = field(default_factory=dict)  # nowruz -> IR
    country_cues: dict[str, frozenset[str]] = field(default_factory=dict)  # pashto -> AF, PK
    # lifelike (round 49): the cue words only language_countries.toml (CLDR) holds
    cues_generated: frozenset[str] = frozenset()
    cue_homes: dict[str, tuple[str, ...]] = field(default_factory=dict)  # kurdiska -> Sanandaj
    # lifelike (round 52): a people's home region as essays write it -> the people's cue words
    cue_regions: dict[str, frozenset[str]] = field(default_factory=dict)  # baskien -> basker
    # lifelike (round 44): a town's fold -> the countries that have a town of that name
    town_namesakes: dict[str, tuple[str, ...]] = field(default_factory=dict)  # santiago -> CL, DO
    # lifelike: (words, words said with them, countries): "kurd" with "turkiska" -> Turkey
    cue_pairs: tuple[tuple[frozenset[str], frozenset[str], frozenset[str]], ...] = ()
    oceans: frozenset[str] = frozenset()  # lifelike: seas no route leg crosses (Atlanten)
    land_words: frozenset[str] = frozenset()  # lifelike, folds: tåget, bussen (from the mainland)
    air_words: frozenset[str] = frozenset()  # lifelike, folds: flyget (a leg of no route)
    sweden_after: frozenset[str] = frozenset()  # lifelike, folds: till (a Swedish town ends a route)
    water_after: frozenset[str] = frozenset()  # lifelike, folds: "Niger rinner": the river
    water_before: frozenset[str] = frozenset()  # lifelike, folds: "vid Niger": the river
    kind_abroad: dict[str, str] = field(default_factory=dict)  # lifelike: river -> floden
    border_words: frozenset[str] = frozenset()  # lifelike, folds: gränsen (a border river)
    islands_abroad: frozenset[str] = frozenset()  # lifelike, folds: Lesbos, Chios, Mytilene
    not_towns_abroad: frozenset[str] = frozenset()  # lifelike: Ecopark (no home town)
    not_countries: frozenset[str] = frozenset()  # lifelike: never drawn (Antarktis, Guam)
    microstates: frozenset[str] = frozenset()  # lifelike: drawn last (San Marino, Monaco)
    volcanoes: frozenset[str] = frozenset()  # lifelike: Cotopaxi, Etna (mountains that are)
    volcano_words: frozenset[str] = frozenset()  # lifelike, folds: vulkanen
    # lifelike: (the folded words of a Swedish coast, its towns): Tjörn -> Göteborg, Uddevalla
    coasts: tuple[tuple[frozenset[str], frozenset[str]], ...] = ()
    route_next: regex.Pattern[str] | None = None  # lifelike: "Sen till Libyen" goes on a route
    inland: regex.Pattern[str] | None = None  # lifelike, on folds: "vi har inte hav"
    commute: regex.Pattern[str] | None = None  # lifelike, on folds: "pendlar", "varje dag"
    ports_across: dict[str, frozenset[str]] = field(default_factory=dict)  # lifelike: ISO, ports
    ferry_lines: dict[str, frozenset[str]] = field(default_factory=dict)  # lifelike: both ends
    swedish_named: frozenset[str] = frozenset()  # lifelike: ISOs whose names Swedish ones stand for

    @cached_property
    def sea_folds(self) -> dict[str, str]:
        """A sea's fold -> its name (`seas`)."""
        return {fold(sea): sea for sea in self.seas}

    @cached_property
    def sea_pattern(self) -> regex.Pattern[str]:
        """The seas' folds as one pattern on folded text, longest first."""
        alt = "|".join(map(regex.escape, sorted(self.sea_folds, key=len, reverse=True)))
        return regex.compile(rf"(?<!\p{{L}})({alt})(?!\p{{L}})")

    @cached_property
    def feature_pattern(self) -> regex.Pattern[str]:
        """The features' folds as one pattern on folded text, longest first."""
        alt = "|".join(map(regex.escape, sorted(self.feature_folds, key=len, reverse=True)))
        return regex.compile(rf"(?<!\p{{L}})({alt})(?!\p{{L}})")

    @cached_property
    def town_folds(self) -> frozenset[str]:
        """The folds of the towns of the table."""
        return frozenset(map(fold, self.towns))

    @cached_property
    def kind_folds(self) -> frozenset[str]:
        """Every kind word (sjön, ån, bergen): one before a name says the name's kind."""
        return frozenset(word for word, _ in self.kind_words)

    @cached_property
    def kind_lengths(self) -> tuple[int, ...]:
        """The lengths of the kind words (`kind_folds`), shortest first, none empty."""
        return tuple(sorted({len(word) for word in self.kind_folds} - {0}))

    def leg(self, one: str, other: str, neighbours: dict[str, frozenset[str]]) -> bool:
        """Two countries (ISO codes) a route may go between in one leg: they border each other
        or lie on one sea that is no ocean."""
        return other in neighbours.get(one, ()) or self.shore(one, other)

    def shore(self, one: str, other: str) -> bool:
        """Two countries (ISO codes) lie on one sea that is no ocean: a boat goes between."""
        return not self.seas_of.get(one, frozenset()).isdisjoint(self.seas_of.get(other, ()))

    def near_leg(self, one: str, other: str, neighbours: dict[str, frozenset[str]]) -> bool:
        """Lifelike: a leg (`leg`) whose sea crossing, if any, a boat makes (`boat_reach`)."""
        return other in neighbours.get(one, ()) or (
            self.shore(one, other) and self.boat_reach(one, other))

    def boat_reach(self, one: str, other: str) -> bool:
        """Lifelike: a boat goes between two countries (ISO codes) on one sea whose nearest
        known coast towns lie within `boat_km` (coordinates.toml): Libya to Italy, never
        Lebanon to Albania; true where we know no town of either."""
        far = apart_km(one, other, (self.coast_towns.get(one, ()), self.coast_towns.get(other, ())))
        return far is None or far <= boat_km()

    @cached_property
    def ranges_shared(self) -> dict[str, frozenset[str]]:
        """ISO -> the countries it shares a listed mountain or range with (Hindukush: AF, PK):
        a walk "genom bergen" between them reads true."""
        out: dict[str, set[str]] = {}
        for kind, where in self.features.values():
            if kind in ("mountain", "range") and abroad(where):
                for iso in sorted(where):
                    out.setdefault(iso, set()).update(where - {iso})
        return {iso: frozenset(near) for iso, near in out.items()}

    @cached_property
    def seas_of(self) -> dict[str, frozenset[str]]:
        """ISO -> the seas (no ocean) on its shore."""
        out: dict[str, set[str]] = {}
        for sea, shore in self.seas.items():
            for iso in shore if sea not in self.oceans else ():
                out.setdefault(iso, set()).add(sea)
        return {iso: frozenset(seas) for iso, seas in out.items()}

    def part(self, town: str) -> str:
        """The landsdel a Swedish town lies in (Götaland, Svealand, Norrland), "" if unknown."""
        return self.landskap.get(self.towns.get(town, ("",))[0], ("",))[0]

    def closeness(self, one: str, other: str) -> int | None:
        """How near two Swedish towns lie: 4 the same landskap, 3 the same län, 2 neighbouring
        landskap, 1 the same landsdel, 0 farther; None when the table lacks either."""
        a, b = self.towns.get(one), self.towns.get(other)
        if not a or not b:
            return None
        if a[0] == b[0]:
            return 4
        if a[1] == b[1]:
            return 3
        if b[0] in self.landskap.get(a[0], ())[1:]:
            return 2
        return int(bool(self.part(one)) and self.part(one) == self.part(other))

    def feature_kind(self, original: str, before: Sequence[str] = ()) -> tuple[str, frozenset[str]]:
        """(kind, where) of a feature: the table's, else its ending's or the word before it
        ("sjön Roxen")."""
        key = fold(original)
        name = self.feature_folds.get(key)
        if name:
            return self.features[name]
        last = key.split()[-1] if key.split() else ""
        for word, kind in self.kind_words:
            if last == word or (last.endswith(word) and len(last) > len(word) + 1):
                return kind, frozenset()
        previous = before[-1] if before else ""
        return next((kind for word, kind in self.kind_words if previous == word), ""), frozenset()


@cache
def _kind_spellings() -> tuple[str, ...]:
    """The kind words of geography.toml as written (ön, ån, sjön), longest first."""
    data = tomllib.loads(GEOGRAPHY_FILE.read_text(encoding="utf-8"))
    return tuple(sorted({w.lower() for ws in data["kind_words"].values() for w in ws}
                        | {w.lower() for w in data["range_words"]}, key=lambda w: -len(w)))


def _spelled_kind(original: str) -> bool:
    """Lifelike: the name's last word ends in a kind word as written, not only as folded
    (Fyrisån, Storsjön; never Zarafshon read as "-ön")."""
    last = original.lower().split()[-1] if original.split() else ""
    return any(last == w or (last.endswith(w) and len(last) > len(w) + 1)
               for w in _kind_spellings())


def abroad(where: frozenset[str]) -> bool:
    return bool(where) and all(len(w) == 2 and w.isupper() for w in where)


@cache
def regions_abroad() -> dict[str, str]:
    """regions.toml: a GeoNames admin1 code ("IR.07") -> the region's name (Fars)."""
    data = tomllib.loads(REGIONS_FILE.read_text(encoding="utf-8"))
    return {f"{iso}.{code}": name for iso, rows in data.items() for code, name in rows.items()}


@cache
def geography(lifelike: bool = False) -> Geography:
    """geography.toml; `lifelike` adds its [features_lifelike] rows (`realistic` draws from
    [features] alone, so more rows never change its output)."""
    data = tomllib.loads(GEOGRAPHY_FILE.read_text(encoding="utf-8"))
    rows = data["features"] | (data["features_lifelike"] if lifelike else {})
    ranges = frozenset(data["ranges"]) if lifelike else frozenset()  # a range by a range
    features = {name: ("range" if name in ranges else row[0], frozenset(row[1:]))
                for name, row in rows.items()}
    range_words = {fold(w) for w in data["range_words"]} if lifelike else set()
    kind_words = sorted(dict.fromkeys(
        [(fold(w), "range" if fold(w) in range_words else kind)
         for kind, ws in data["kind_words"].items() for w in ws]
        + [(w, "range") for w in sorted(range_words)]), key=lambda kw: -len(kw[0]))
    landmarks = {name: (row[0], row[1]) for name, row in (
        data["landmarks"] | (data["landmarks_lifelike"] if lifelike else {})).items()}
    aliases = data["feature_aliases_lifelike"] if lifelike else {}
    return Geography(frozenset(data["not_towns"]),
                     {town: tuple(row) for town, row in data["towns"].items()}, features,
                     {fold(name): name for name in features}
                     | {fold(alias): name for alias, name in aliases.items()},
                     tuple(kind_words), landmarks,
                     {fold(name): name for name in landmarks},
                     *_name_homes(data, lifelike),
                     {name: tuple(row) for name, row in data["landskap"].items()},
                     **_coast_fields(data, features),
                     **_world_fields(data, features, aliases, lifelike),
                     **(_lifelike_fields(data, features) if lifelike else {}))


def _coast_fields(data: dict, features: dict[str, tuple[str, frozenset[str]]]) -> dict:
    """geography.toml's coasts, ports, shores, seas and the words that put a town on them, as
    Geography's fields (every strategy: a ferry lands in a port)."""
    ferry = data["ferry_words"]
    return {
        "landlocked": frozenset(data["landlocked"]), "ports": frozenset(data["ports"]),
        "ferry_words": frozenset(fold(w) for w in ferry),
        "coast_words": frozenset(fold(w) for w in ferry + data["coast_words"]),
        "coast_towns": {iso: tuple(towns) for iso, towns in data["coast_towns"].items()},
        "town_has": {fold(w): frozenset(towns) for w, towns in data["town_has"].items()},
        "shore_towns": frozenset(data["shore_towns"]),
        "shore_words": frozenset(fold(w) for w in data["shore_words"]),
        "seas": {name: frozenset(w for w in where if len(w) == 2 and w.isupper())
                 | frozenset(data["sea_countries"].get(name, ()))
                 for name, (kind, where) in features.items() if kind == "sea"},
        "sea_wider": dict(data["sea_wider"]),
        "boat_words": frozenset(fold(w) for w in ferry + data["boat_words"]),
        "sea_towns": {sea: {iso: frozenset(towns) for iso, towns in by_iso.items()}
                      for sea, by_iso in data["sea_towns"].items()},
    }


def _other_names(aliases: dict[str, str]) -> dict[str, tuple[str, ...]]:
    """Each feature's written name and alias -> the other written names of the feature (the
    table's name first), for a second name of a place the essay gives ("ön Ndzuani, på franska
    Anjouan")."""
    names: dict[str, list[str]] = {}
    for alias, name in aliases.items():
        names.setdefault(name, [name]).append(alias)
    return {n: tuple(o for o in group if fold(o) != fold(n))
            for group in names.values() for n in group}


def _world_fields(data: dict, features: dict[str, tuple[str, frozenset[str]]],
                  aliases: dict[str, str], lifelike: bool) -> dict:
    """geography.toml's features by their towns, kinds' default words, capitals, the way into
    Sweden and (lifelike) features abroad, aliases, parts of the world, shores, islands and
    feasts, as Geography's fields."""
    groups: dict[str, set[str]] = {}
    for alias, name in aliases.items():
        groups.setdefault(fold(name), {fold(name)}).add(fold(alias))
    fields = {
        "feature_towns": {name: frozenset(towns) for name, towns in (data["feature_towns"] | (
            data["feature_towns_lifelike"] if lifelike else {})).items()},
        "kind_default": {kind: ws[0] for kind, ws in data["kind_words"].items() if ws}
        | ({"range": data["range_words"][0]} if lifelike else {}),
        "no_town_kinds": frozenset(data["no_town_kinds"]),
        "capitals": dict(data["capitals"]), "sweden_gateways": frozenset(data["sweden_gateways"]),
        "sweden_words": frozenset(fold(w) for w in data["sweden_words"]),
        "feature_aliases": {f: frozenset(group) for group in groups.values() for f in group},
        "feature_names": _other_names(aliases),
    }
    if not lifelike:
        return fields
    return fields | {
        "feature_towns_abroad": {name: frozenset(towns) for name, towns
                                 in data["feature_towns_abroad"].items()},
        "world_parts": {iso: part for part, isos in data["world_parts_lifelike"].items()
                        for iso in isos},
        "shore_words_essay": frozenset(fold(w) for w in data["shore_words"]
                                       + data["shore_words_lifelike"]),
        "sea_islands": frozenset(fold(name) for name, (kind, where) in features.items()
                                 if kind == "island" and not abroad(where)
                                 and name not in data["islands_not_shore"]),
        "feast_countries": {fold(feast): frozenset(isos) for feast, isos
                            in data["feast_countries_lifelike"].items()},
    }


def _name_homes(data: dict, lifelike: bool
                ) -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]:
    """geography.toml's homelands of each origin group of names and its neighbour groups
    (`lifelike` adds their lifelike rows)."""
    return ({group: tuple(dict.fromkeys(data["name_homelands"].get(group, []) + (
        data["name_homelands_lifelike"].get(group, []) if lifelike else [])))
        for group in dict.fromkeys([*data["name_homelands"], *(
            data["name_homelands_lifelike"] if lifelike else ())])},
        {group: tuple(near) for group, near in (data["name_neighbours"] | (
            data["name_neighbours_lifelike"] if lifelike else {})).items()})

def _lifelike_fields(data: dict, features: dict[str, tuple[str, frozenset[str]]]) -> dict:
    """geography.toml's lifelike tables of words and places that tie the surrogates to the
    text (country cues, route seas, land transport, waters named like countries, islands and
    non-towns abroad), as Geography's fields."""
    def folds(key: str) -> frozenset[str]:
        return frozenset(fold(w) for w in data[key])

    def cue(word: str) -> str:
        # as the essay's words are read (letters only): "k'iche'" is the pair "k iche"
        return " ".join(rx.findall(r"\p{L}+", fold(word)))

    # (round 49) every language CLDR knows (language_countries.toml), under the hand rows
    spoken = tomllib.loads(LANGUAGES_FILE.read_text(encoding="utf-8"))["languages"]
    hand = {cue(w) for row in data["country_cues_lifelike"] for w in row["words"]}
    return {"country_cues": {cue(w): row_countries(row) for row in (
        *spoken, *data["country_cues_lifelike"]) for w in row["words"]},
            "cues_generated": frozenset(cue(w) for row in spoken for w in row["words"]) - hand,
            "cue_pairs": tuple((frozenset(map(fold, row["words"])),
                                frozenset(map(fold, row["with"])), row_countries(row))
                               for row in data["country_cue_pairs_lifelike"]),
            "cue_homes": {cue(w): tuple(row["homes"]) for row in data["country_cues_lifelike"]
                          if row.get("homes") for w in row["words"]},
            "cue_regions": {fold(r): frozenset(map(cue, row["words"]))
                            for row in data["country_cues_lifelike"]
                            for r in row.get("regions", ())},
            "town_namesakes": {fold(town): tuple(isos) for town, isos
                               in data["town_namesakes_lifelike"].items()},
            "oceans": frozenset(data["oceans_lifelike"]),
            "swedish_named": frozenset(data["swedish_named_lifelike"]),
            "land_words": folds("land_words_lifelike"),
            "air_words": folds("air_words_lifelike"),
            "sweden_after": folds("sweden_after_lifelike"),
            "water_after": folds("water_after_lifelike"),
            "water_before": folds("water_before_lifelike"),
            "kind_abroad": dict(data["kind_words_abroad_lifelike"]),
            "border_words": folds("border_words_lifelike"),
            "islands_abroad": frozenset(fold(name) for name, (kind, where) in features.items()
                                        if kind == "island" and abroad(where))
            | folds("island_towns_lifelike"),
            # (round 28: and the rivers and lakes abroad a gazetteer also lists as a town:
            # "staden Desna" beside "floden Dnepr" reads as the river)
            "not_towns_abroad": frozenset(data["not_towns_abroad_lifelike"]) | frozenset(
                name for name, (kind, where) in features.items()
                if kind in ("river", "lake") and abroad(where)),
            "not_countries": frozenset(data["not_countries_lifelike"]),
            "microstates": frozenset(data["microstates_lifelike"]),
            "volcanoes": frozenset(data["volcanoes_lifelike"]),
            "volcano_words": folds("volcano_words_lifelike"),
            "coasts": tuple((frozenset(fold(w) for w in row["words"]), frozenset(row["towns"]))
                            for row in data["coasts_lifelike"]),
            "route_next": regex.compile(r"\s*(?:%s)(?!\p{L})" % "|".join(
                regex.escape(w).replace("\\ ", r"\s+") for w in data["route_next_lifelike"]),
                                        regex.IGNORECASE),
            "inland": regex.compile(r"(?<!\p{L})(?:%s)(?!\p{L})" % "|".join(
                regex.escape(fold(w)).replace("\\ ", r"\s+") for w in data["inland_words_lifelike"])),
            "ports_across": {iso: frozenset(towns) for iso, towns
                             in data["ports_across_lifelike"].items()},
            "ferry_lines": {port: frozenset(o for line in data["ferry_lines_lifelike"]
                                            if port in line for o in line if o != port)
                            for line in data["ferry_lines_lifelike"] for port in line},
            "commute": regex.compile(r"(?<!\p{L})(?:%s)(?!\p{L})" % "|".join(
                regex.escape(fold(w)).replace("\\ ", r"\s+")
                for w in data["commute_words_lifelike"]))}
