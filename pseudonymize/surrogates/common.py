"""What the renderer's parts share: limits, the learner-memory keys, the kinds of place and the
per-lexicon caches.
"""
from __future__ import annotations

import tomllib
from collections.abc import Callable, MutableMapping
from functools import cache
from pathlib import Path

from pseudonymize.coordinates import sections_abroad
from pseudonymize.lexicon import Lexicon, fold


WORDS_FILE = Path(__file__).resolve().parent.parent / "data" / "surrogates.toml"


INSTITUTIONS_FILE = Path(__file__).resolve().parent.parent / "data" / "institutions.toml"
GEOGRAPHY_FILE = Path(__file__).resolve().parent.parent / "data" / "geography.toml"


REGIONS_FILE = Path(__file__).resolve().parent.parent / "data" / "regions.toml"
# round 49: where each language is spoken, generated from CLDR (`python -m
# builders.cldr_languages`); geography.toml's `country_cues_lifelike` rows win over it
LANGUAGES_FILE = Path(__file__).resolve().parent.parent / "data" / "language_countries.toml"


@cache
def language_homes() -> dict[str, frozenset[str]]:
    """Per ISO 639 code of language_countries.toml (CLDR), the countries it is at home in."""
    rows = tomllib.loads(LANGUAGES_FILE.read_text(encoding="utf-8"))["languages"]
    return {row["code"]: frozenset(row["countries"]) for row in rows}


def row_countries(row: dict) -> frozenset[str]:
    """Lifelike (round 50): the countries a row of words ties (`country_cues_lifelike`,
    `own_languages_lifelike`): its own `countries` and, for each ISO 639 code of its
    `languages`, the countries CLDR places that language in: a people's kin words, greetings
    and feasts are keyed by its language, so they tie the countries where it lives without a
    hand list of them."""
    homes = language_homes()
    return frozenset(row.get("countries", ())).union(
        *(homes[code] for code in row.get("languages", ())))


ROUTE_SEARCH = 2000  # lifelike: stops a route's joint search may try per country and tier
ROUTE_STOPS = 8  # lifelike: the countries of a route nearest the one drawn that its search solves

GEO_TOWN_POP = 1000  # lifelike (round 50): a Swedish town read as a feature this big is the town
LATITUDE_FEWEST = 3  # lifelike (round 50): the fewest towns a first Swedish town is drawn from
VILLAGE_NEAR_GAP = 20  # lifelike: the most characters between a village and "utanför Y"'s town
NICKNAME_SHORT = 4  # lifelike: a nickname this short takes a name of its group as short
PATTERN_MIN = 3  # lifelike: names of a given name's pattern (joined or not) a pool must offer
REGION_NEAREST = 6  # places of a region a district abroad is drawn from (districts first)


# Surname endings that mark a woman's or a man's form (Kowalska/Kowalski, Ivanova/Ivanov).
SURNAME_FORMS = (("ska", "ski"), ("cka", "cki"), ("dzka", "dzki"), ("ova", "ov"), ("eva", "ev"),
                 ("ina", "in"), ("ová", "ý"))
SurnameForms = tuple[tuple[str, str], ...]  # a group's (man's ending, woman's ending) pairs


def female_surname(name: str, forms: SurnameForms) -> str | None:
    """A family name in a woman's form by its group's `forms` (the first man's ending that
    ends it: Novák -> Nováková, Kazlauskas -> Kazlauskienė; a name written without the marks
    of its ending takes the woman's without them, Berzins -> Berzina); None where none ends it."""
    found = next(((male, female) for male, female in forms if name.endswith(male)), None)
    if found:
        return name[:len(name) - len(found[0])] + found[1]
    found = next(((male, female) for male, female in forms if name.isascii() and
                  fold(name).endswith(fold(male))), None)
    return name[:len(name) - len(found[0])] + fold(found[1]) if found else None


PLACE_LIKE = ("city", "area", "region", "place", "geo")
TOWN_OR_NATURE = ("city", "area", "region", "geo")  # PLACE_LIKE but a named site ("place")
SWEDISH_ORIGIN = "swedish"
# What a learner's memory keeps besides the entities' surrogates (labels no span carries): the
# years move, the calendar move, and each name's surrogate by its folded spelling.
LEARNER_SHIFT = ("~shift", 0)
LEARNER_CALENDAR = ("~calendar", 0)
LEARNER_NAME = "~name:"
LEARNER_PLACE = "~place:"
LEARNER_PLACE_HOME = "~placehome:"  # lifelike: a place no gazetteer knows -> the ISO it lay in
LEARNER_INSTITUTION = "~institution:"
LEARNER_HOME = "~home:"  # a surrogate Swedish town -> "essays that name it, last essay, original"
LEARNER_ESSAYS = ("~essays", 0)  # how many of the learner's essays came before
LEARNER_SERIAL = "~serial:"
LEARNER_PEOPLES = ("~peoples", 0)  # lifelike: the people cues (with homes) the essays said
LEARNER_WRITER = ("~writer", 0)  # lifelike: the fold of the writer's given name
LEARNER_PHONE = "~phone:"  # a phone number's digits -> the key of its lifelike surrogate's draw
LEARNER_NUMBER = "~number:"  # a personnummer's digits -> the key of its lifelike surrogate's draw
LEARNER_KIN = "~kin:"  # lifelike: a word an essay glossed as a kin word ("heit är pappa på frisiska")
LEARNER_CAPITAL = "~capital:"  # lifelike: a town an essay called the capital of a kept region
SWEDISH_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyzåäöéü -'")
SCHOOL_AGE_NEAR = 120  # lifelike: characters either side of an age searched for a school year
NICKNAME_AFTER = 160  # characters after a name searched for a nickname word (lifelike)
VOWELS = frozenset("aeiouyåäö")  # folded: a nickname's stem ends as its name's does
SENTENCE_REACH = 200  # lifelike: characters of a mention's sentence read either side of it
MIN_END_NICK = 3  # lifelike: a nickname cut from a name's end has this many letters (Wan, Thai)
MAX_NICK_TAIL = 3  # lifelike: letters after a nickname's stem ("Siro": Sir + o; "Fatoom")
GENDER_WINDOW = 3000  # characters after a name searched for its pronouns (bounded work)


def _population(lex: Lexicon, name: str, country: str) -> int:
    entry = lex.get(fold(name))
    return entry.se_pop if country == "SE" else entry.place_pop


class LearnerMap(dict):
    """fold -> surrogate, also written to the learner's memory (`base`, under `prefix`): the
    learner's later essays start from it ("Gävle sjukhus" in an essay that names Gävle only
    there still becomes the hospital of Gävle's surrogate)."""

    def __init__(self, base: MutableMapping[tuple[str, int], str], prefix: str) -> None:
        super().__init__((key[len(prefix):], value) for (key, _), value in base.items()
                         if key.startswith(prefix))
        self.base, self.prefix = base, prefix

    def __setitem__(self, key: str, value: str) -> None:
        super().__setitem__(key, value)
        self.base[(self.prefix + key, 0)] = value

    def setdefault(self, key: str, value: str) -> str:  # type: ignore[override]
        if key not in self:
            self[key] = value
        return self[key]

    def forget(self, original: Callable[[str], bool]) -> None:
        """Drop, for this essay only, what an earlier essay chose that is an original here
        (the father Karim became Aram there; here the husband is Aram): drawn afresh."""
        for key in [k for k, v in self.items() if original(v)]:
            super().__delitem__(key)


def _names_town(name: str, town: str | None) -> bool:
    """An institution's name holds its town ("Umeå universitet", "Universitetssjukhuset Örebro"):
    written before "i <town>" it would name the town twice."""
    return bool(town) and fold(town) in fold(name)


# lifelike: the Swedish waters a sentence ties to its town (`_read_waters`): a river, a lake,
# and (round 18) a sea, so a town the essay bathes from is on the shore
WATER_KINDS = frozenset({"river", "lake", "sea"})


SHIFTS = (-3, -2, -1, 1, 2, 3)
MISSPELT_TOWN_MIN = 5  # a town mention this long may misspell a town of geography.toml
MISSPELT_EDITS = 2  # a country name the lexicon lacks may misspell a known one by this many
SWEDISH_TOWN_IN_WINDOW = 5000  # a word of this many inhabitants in Sweden is a Swedish town ...
TOWN_WORD_ZIPF = 6.0  # ... unless it is this frequent as a word (vi, bara)
# (round 48) a big town abroad no detector marked, written in lower case, that is a Swedish word
# this frequent is the word: "en by i bergen" (the mountains) never puts the essay in Norway
LOWER_TOWN_WORD_ZIPF = 4.0
# Lifelike (round 49): a village of a kept country drawn where its listed towns are taken is no
# Swedish word of this Zipf or more (GeoNames' cities500 holds villages named like words)
KEPT_VILLAGE_ZIPF = 2.0
FEAST_DATE_LABELS = frozenset({"day", "month_digit", "month_word", "date_digits"})
YEAR_IN_ADDRESS = (1930, 2015)  # digits in an address's name part that read as a birth year


# lexicon id -> the towns abroad that are districts of a bigger town (`town_sections`)
_SECTIONS: dict[int, frozenset[str]] = {}


def town_sections(lex: Lexicon) -> frozenset[str]:
    """Lifelike: the towns of the pools abroad that are parts of a bigger town of their country
    (`sections_abroad`, by the lexicon's populations), never drawn as a town abroad; once per
    lexicon."""
    if id(lex) not in _SECTIONS:
        _SECTIONS[id(lex)] = sections_abroad(
            {iso: {c: _population(lex, c, iso) for c in towns}
             for iso, towns in sorted(lex.cities_by_country.items()) if iso != "SE"})
    return _SECTIONS[id(lex)]


# (lexicon id, pool id) -> (the pool, its names that are no common word): `_no_word`
_PLAIN_POOLS: dict[tuple[int, int], tuple[list[str], list[str]]] = {}
# lifelike: (id of the lexicon, pool key) -> (the lexicon's pool, it after `name_lists_lifelike`)
_NAME_POOLS: dict[tuple[int, str], tuple[list[str], list[str]]] = {}
_NO_POOL: list[str] = []  # the lexicon's pool of a group only name_lists_lifelike lists
