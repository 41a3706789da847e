"""Render surrogates: one per entity, seeded, grammatical, never equal to an original.

Strategies: `realistic` (frequent names of the same gender, cities of the same country, streets
of the chosen city, institutions of the same kind: never a placeholder), `placeholder` (A-stad,
B-skolan: SweLL-gold style; person names stay realistic as in SweLL-gold) and `tag`
(@firstname_male_1). Morphology (genitive, definite, plural: attributes of the mention) and case
(STOCKHOLM, stockholm) of the original mention are re-applied in every strategy. Geography holds
together: a replaced country takes its cities, regions and areas along into the surrogate country,
and a surrogate place is never the original feature under another name.
"""
from __future__ import annotations

import bisect
import datetime
import hashlib
import math
import struct
import tomllib
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, MutableMapping, Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property, lru_cache
from itertools import chain, pairwise
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

import regex

from builders.checksums import check_digit
from pseudonymize.labels import LABELS
from pseudonymize.coordinates import (abroad_km, apart_km, boat_km, by_border, commute_km,
                                      directions, distance_km, lies_toward, near_km, nearest,
                                      nearest_countries, on_side, section_km, sections_abroad,
                                      water_km)
from pseudonymize.lexicon import Lexicon, fold
from pseudonymize.thresholds import (AGE_STAGES, BIG_PLACE, LONGEST_NAME, SURNAME_PLACE_MAX,
                                     TOWN_SIZE_FACTORS)
from pseudonymize.slips import slip_of, slipped
from pseudonymize.types import Span

if TYPE_CHECKING:
    from pseudonymize.policy import Policy

ONES = ["noll", "ett", "två", "tre", "fyra", "fem", "sex", "sju", "åtta", "nio", "tio", "elva",
        "tolv", "tretton", "fjorton", "femton", "sexton", "sjutton", "arton", "nitton"]
TENS = ["", "", "tjugo", "trettio", "fyrtio", "femtio", "sextio", "sjuttio", "åttio", "nittio"]
MONTHS = ["januari", "februari", "mars", "april", "maj", "juni", "juli", "augusti", "september",
          "oktober", "november", "december"]
DEFINITE = {"school": "{L}-skolan", "work": "{L}-arbetsplatsen", "other_institution":
            "{L}-institutionen", "transport_name": "{L}-linjen", "city": "{L}-staden"}
INDEFINITE = {"school": "{L}-skola", "work": "{L}-arbetsplats", "other_institution":
              "{L}-institution", "transport_name": "{L}-linjen", "city": "{L}-stad",
              "area": "{L}-området", "country": "{L}-land", "region": "{L}-region",
              "place": "{L}-gatan", "geo": "{L}-sjön", "extra": "{L}-extra"}
_DIGIT = regex.compile(r"[0-9]")
_LETTER = regex.compile(r"\p{L}")
T = TypeVar("T")
INITIALS = "ABCDEFGHJKLMNOPRSTUVWXYZ"  # I and Q read as words or digits; A as the taxonomy says


def swedish_number(n: int, sep: str = "") -> str:
    """0..999 in Swedish words (tjugofem, hundratre); `sep` between tens and ones, as a learner
    may write them ("nittio två")."""
    if n < 20:
        return ONES[n]
    if n < 100:
        return TENS[n // 10] + (sep + ONES[n % 10] if n % 10 else "")
    rest = n % 100
    return ("hundra" if n < 200 else ONES[n // 100] + "hundra") + (swedish_number(rest) if rest else "")


def _number_key(words: str) -> str:
    """A number word as a learner may spell it, reduced to what every spelling shares: no
    spaces or hyphens, å as a, a doubled letter once, "-tio" of the tens as "-ti" ("åta",
    "sextiåtta", "tretti", "fyrti två" are 8, 68, 30, 42)."""
    key = regex.sub(r"(\p{L})\1+", r"\1", regex.sub(r"[\s-]", "", words.lower()).replace("å", "a"))
    return regex.sub(r"tio(?=\p{L}|$)", "ti", key)


@cache
def _number_keys() -> dict[str, int]:
    """0..120 by their `_number_key` (no two share one)."""
    return {_number_key(swedish_number(n)): n for n in range(121)}


def word_value(words: str, lex: Lexicon, learner: bool = False) -> int | None:
    """The number an age written in words stands for (tjugo fem -> 25), if the lexicon knows
    it; `learner` (lifelike): in a learner's spelling too ("sextiåtta" -> 68, never the
    unreadable default)."""
    total = 0
    key = words.lower().replace(" ", "")
    for n in range(120, -1, -1):
        if swedish_number(n).replace("å", "a") == key.replace("å", "a"):
            return n
    found = _number_keys().get(_number_key(words)) if learner else None
    if found is not None:
        return found
    for part in words.lower().split():
        value = lex.get(part).value
        if not value.isdigit():
            return None
        total += int(value)
    return total or None


class Draws:
    """The random choices for one entity, a function of (seed, scope, label, ref) alone: the
    same surrogates whatever the process, shard or order the essays are rendered in, and
    independent of PYTHONHASHSEED. Integers are read from blake2b digests of that key and a
    block number (eight per hash), far cheaper than seeding a `random.Random` per draw."""

    __slots__ = ("_key", "_block", "_ints")

    def __init__(self, *parts: object) -> None:
        self._key = "\x1f".join(map(str, parts)).encode()
        self._block = 0
        self._ints: list[int] = []

    def below(self, n: int) -> int:
        """An integer in [0, n) (modulo bias below 2**-56 for the pool sizes used)."""
        if not self._ints:
            digest = hashlib.blake2b(self._key + self._block.to_bytes(4, "big")).digest()
            self._ints = list(struct.unpack(">8Q", digest))
            self._block += 1
        return self._ints.pop() % n

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]


def letter(ref: int) -> str:
    return chr(ord("A") + (ref - 1) % 26) * (1 + (ref - 1) // 26)


def apply_case(pseudonym: str, original: str) -> str:
    if len(original) > 1 and original.isupper():
        return pseudonym.upper()
    if original[:1].islower() and pseudonym[:1].isupper():
        return pseudonym[:1].lower() + pseudonym[1:]
    return pseudonym


def genitive(word: str) -> str:
    return word if word[-1:].lower() in ("s", "x", "z") else word + "s"


def plural(name: str, definite: bool) -> str:
    """A family name in the plural: Andersson -> Anderssönerna / Anderssöner, Lind -> Linds."""
    if name.endswith("son"):
        return name[:-3] + ("sönerna" if definite else "söner")
    return genitive(name)


@dataclass(frozen=True)
class Words:
    """The word data of surrogates.toml (see that file)."""

    stems: tuple[str, ...]
    street_endings: tuple[str, ...]
    default_street_ending: str
    lines: tuple[str, ...]
    endings: dict[str, tuple[str, ...]]
    train_words: tuple[str, ...] = ()
    trains: dict[str, tuple[str, ...]] = field(default_factory=dict)  # train -> its landskap
    short_forms: dict[str, tuple[str, ...]] = field(default_factory=dict)  # full fold -> short
    same_origin_kin: frozenset[str] = frozenset()  # folds: "min dotter X" shares the origin
    definite_kin: frozenset[str] = frozenset()  # folds: "dottern X", no possessive needed
    kin_link: frozenset[str] = frozenset()  # folds: "min dotter heter X", "barn heter Y och X"
    kin_determiners: frozenset[str] = frozenset()  # folds: "vi har en dotter som heter X"
    pronouns_female: frozenset[str] = frozenset()  # hon, henne, hennes: the person's sex
    pronouns_male: frozenset[str] = frozenset()
    pronouns_deciding: frozenset[str] = frozenset()  # hon: one right after a name decides
    pronoun_decides_words: int = 0
    writer_name: frozenset[str] = frozenset()  # "jag heter": the name after it is the writer's
    writer_male: tuple[str, ...] = ()  # "min fru": the writer is a man
    writer_female: tuple[str, ...] = ()
    spouse_words: frozenset[str] = frozenset()  # folds: "min man heter X" (lifelike)
    writer_pattern: regex.Pattern[str] | None = None  # "jag heter (X)": the writer's given name
    female_nouns: frozenset[str] = frozenset()  # folds: "flickan X", "min dotter X"
    male_nouns: frozenset[str] = frozenset()
    place_endings: tuple[str, ...] = ()  # folds: parken, badet (a place that is no street)
    town_words: frozenset[str] = frozenset()  # kommun, län: a town before them takes no -s
    nickname_words: frozenset[str] = frozenset()  # folds: "alla kallar mig X", "smeknamn"
    nickname_own: frozenset[str] = frozenset()  # folds: "kallar mig X": the writer's (lifelike)
    # lifelike: "alla säger " right before a nickname (`nickname_said`), and the whole clause
    # "alla säger Siro." searched after a full name (`nickname_said_ahead`)
    nickname_said: regex.Pattern[str] | None = None
    region_town_words: frozenset[str] = frozenset()  # lifelike, folds: "en stad i Fars"
    foreign_number_words: frozenset[str] = frozenset()  # lifelike, folds: "rumänskt nummer"
    camp_words: frozenset[str] = frozenset()  # lifelike, folds: "i lägret Kakuma"
    unisex_origins: frozenset[str] = frozenset()  # lifelike: swedish, english
    peoples_regions: frozenset[str] = frozenset()  # lifelike, folds: kurdistan (kept)
    university_said: frozenset[str] = frozenset()  # lifelike, folds: studerade (a university)
    unisex_names: tuple[str, ...] = ()  # lifelike: Kim, Robin, Charlie (either sex)
    camps: dict[str, tuple[str, ...]] = field(default_factory=dict)  # lifelike: KE -> Kakuma
    nickname_said_ahead: regex.Pattern[str] | None = None
    school_year: regex.Pattern[str] | None = None  # on folded text: "arskurs 3", "trean"
    school_years: dict[str, int] = field(default_factory=dict)  # fold -> year (trean, tredje)
    school_start_age: int = 7
    alias_after: regex.Pattern[str] | None = None  # after a place: ", på svenska heter det"
    alias_before: regex.Pattern[str] | None = None  # before its other name (the same clause)
    alias_closing: regex.Pattern[str] | None = None  # after "Warszawa (Warsaw": " på engelska)"
    swedish_language: frozenset[str] = frozenset()
    alias_standard_sayers: frozenset[str] = frozenset()  # lifelike, folds: "araber säger Erbil"
    # lifelike: a place's fold -> (its Swedish name, its own people's): damaskus -> Dimashq
    native_names: dict[str, tuple[str, str]] = field(default_factory=dict)
    alias_exonym_languages: frozenset[str] = frozenset()  # lifelike: "på engelska" (no native)
    english_names: dict[str, str] = field(default_factory=dict)  # lifelike: fold -> "Cracow"
    gendered_surnames: frozenset[str] = frozenset()  # lifelike: origins with -ska/-ova forms
    place_abbreviations: dict[str, str] = field(default_factory=dict)  # town fold -> gbg
    area_towns: dict[str, str] = field(default_factory=dict)  # town -> 08 (a fiction range's)
    # after a place abroad: ", en stadsdel i Istanbul" (group 1: the place it lies in)
    district_of: regex.Pattern[str] | None = None
    # a size word right after a place (", en by") or before it ("en by som heter"): group 1
    size_after: regex.Pattern[str] | None = None
    size_before: regex.Pattern[str] | None = None
    size_words: dict[str, str] = field(default_factory=dict)  # "liten stad" -> small | big
    # small | big -> (least, most) inhabitants in Sweden and abroad (0: no bound)
    sizes: dict[str, tuple[int, int, int, int]] = field(default_factory=dict)
    size_fewest: int = 4
    capital_words: frozenset[str] = frozenset()  # huvudstaden: the country's capital abroad
    village_words: frozenset[str] = frozenset()  # by, liten ort: a locality under village_max
    village_max: int = 0
    village_near_max: int = 0  # lifelike: "X utanför Y": X under this many people is a village
    village_near: regex.Pattern[str] | None = None  # after a village: " nära Ljusdal" (group 1)
    swedish_letters: dict[str, frozenset[str]] = field(default_factory=dict)  # å -> NO, DK
    word_zipf: float = 9.0  # a name this frequent as a word ...
    word_name_rank: int = 0  # ... and rarer than this rank as a name reads as a word (Gul)
    word_names: frozenset[str] = frozenset()  # folds: lifelike, names that are words (Skog)
    short_forms_lifelike: dict[str, tuple[str, ...]] = field(default_factory=dict)  # and more
    train_towns: dict[str, frozenset[str]] = field(default_factory=dict)  # lifelike: its stops
    common_streets: tuple[str, ...] = ()  # lifelike: Storgatan, Skolvägen (in many towns)
    town_institution_words: frozenset[str] = frozenset()  # lifelike: "Malmö stadsteater"
    district_before: frozenset[str] = frozenset()  # folds: "i stadsdelen X" (lifelike)
    # lifelike: ", det är norra delen av stan" after a part of the town named last
    district_of_town: regex.Pattern[str] | None = None
    district_max_abroad: int = 0  # a district abroad is no bigger (lifelike; 0: no bound)
    weekday_anchors: frozenset[str] = frozenset()  # lifelike, folds: måndagen, börjar
    same_origin_kin_lifelike: frozenset[str] = frozenset()  # and "min svärmor X" (lifelike)
    university_abroad: frozenset[str] = frozenset()  # lifelike, folds: üniversitesi, universidad
    writer_any: regex.Pattern[str] | None = None  # lifelike: "jag heter (maryam)", any case
    foreign_letters: frozenset[str] = frozenset()  # lifelike: ş, ł (no Swedish word has them)
    spelling_slips: tuple[tuple[str, str], ...] = ()  # lifelike: ("c", "k"): one for the other
    slip_min: int = 5  # lifelike: the shortest entity spelling whose variants are slips
    national_trains: tuple[str, ...] = ()  # lifelike: SJ, where no regional train is left
    trains_abroad: dict[str, tuple[str, ...]] = field(default_factory=dict)  # lifelike: DK ->
    naming_words: frozenset[str] = frozenset()  # lifelike, folds: "som heter" after a kind word
    station_end: regex.Pattern[str] = regex.compile(r"(?!)")  # lifelike: "Lund C", "Borås station"
    airport_end: regex.Pattern[str] = regex.compile(r"(?!)")  # lifelike: "Tribhuvan flygplats"
    kunya: frozenset[str] = frozenset()  # lifelike, folds: abu, umm (part of a name, kept)
    amount_words: frozenset[str] = frozenset()  # lifelike, folds: kronor (a "year" before it)
    national_days: frozenset[str] = frozenset()  # lifelike, folds: nationaldag (its date stays)
    term_words: frozenset[str] = frozenset()  # lifelike, folds: höstterminen (its date stays)
    habitual_words: frozenset[str] = frozenset()  # lifelike, folds: varje (a month every year)
    pun: regex.Pattern[str] | None = None  # lifelike: ", som en (sten)" after a name
    pun_names: dict[str, tuple[str, ...]] = field(default_factory=dict)  # en, ett, adj -> names
    pun_said: regex.Pattern[str] | None = None  # lifelike: "mitt efternamn är en (fors)"
    # lifelike: (field, the word's forms, ((kind, name), ...)) per word of `pun_fields_lifelike`
    pun_fields: tuple[tuple[str, tuple[str, ...], tuple[tuple[str, str], ...]], ...] = ()
    pun_fixed: regex.Pattern[str] | None = None  # lifelike: "i alla fall" (its word stays)
    water_verbs: frozenset[str] = frozenset()  # lifelike, folds: badade ("badade i Prut")
    sea_at: frozenset[str] = frozenset()  # lifelike, folds: vid, nära ("vid havet")
    former_names: frozenset[str] = frozenset()  # lifelike, folds: burma, ceylon
    family_first: dict[str, str] = field(default_factory=dict)  # lifelike: kim -> korean
    ski_words: frozenset[str] = frozenset()  # lifelike, folds: skidor ("åkte skidor i Sälen")
    ski_places: frozenset[str] = frozenset()  # lifelike, folds: i, till (before a ski town)
    ski_towns: frozenset[str] = frozenset()  # lifelike: Åre, Sälen (towns one skis in)
    child_words: frozenset[str] = frozenset()  # lifelike, folds: dotter (a child's name after)
    child_places: frozenset[str] = frozenset()  # lifelike, folds: förskolan (in its sentence)
    child_names: frozenset[str] = frozenset()  # lifelike, folds: names of children now (Ella)
    # lifelike: (a patronymic's ending, its surrogates), longest ending first: ovna -> Petrovna
    patronymics: tuple[tuple[str, tuple[str, ...]], ...] = ()
    # lifelike: (folds of the words before an age limit: över; the limits: 18, 65; the verbs
    # before a limit of people in general: fyller; those people: de, man, unga)
    age_limits: tuple[frozenset[str], frozenset[int], frozenset[str], frozenset[str]] = (
        frozenset(), frozenset(), frozenset(), frozenset())
    swedish_known_rank: int = 0  # lifelike: a given name this frequent in Sweden is Swedish too
    # lifelike: the name groups a learner may spell the Swedish way, the patterns telling the
    # Swedish and the English way apart in an original, and the English -> Swedish spellings
    swedish_spelt: tuple[frozenset[str], regex.Pattern[str] | None, regex.Pattern[str] | None,
                         regex.Pattern[str] | None, dict[str, str]] = (
        frozenset(), None, None, None, {})
    own_date_words: frozenset[str] = frozenset()  # lifelike, folds: föddes (a date of one's own)
    event_words: frozenset[str] = frozenset()  # lifelike, folds: kriget (a year of its own)
    bare_endings: tuple[str, ...] = ()  # lifelike, folds: bron (Ölandsbron -> "bron")
    event_verbs: frozenset[str] = frozenset()  # lifelike, folds: började (the event's verb)
    calling_codes: dict[str, str] = field(default_factory=dict)  # lifelike: "256" -> UG
    calling_of: dict[str, str] = field(default_factory=dict)  # lifelike: UG -> "256"
    # lifelike: a country's mobile numbers: ISO -> (digits after the code, their first digits)
    mobile_forms: dict[str, tuple[int, tuple[str, ...]]] = field(default_factory=dict)
    # lifelike: origin group -> name fold -> its language inside the group (habesha: oromo)
    name_languages: dict[str, dict[str, str]] = field(default_factory=dict)
    # lifelike: origin group -> language -> the countries where it is a family's language
    language_homes: dict[str, dict[str, tuple[str, ...]]] = field(default_factory=dict)
    language_follows: frozenset[str] = frozenset()  # lifelike: groups whose names follow it
    # lifelike: languages of a group whose families take their listed names only (assyrian)
    minority_languages: frozenset[str] = frozenset()
    minority_groups: frozenset[str] = frozenset()  # lifelike: groups at home nowhere first (coptic)
    # lifelike: origin group -> word fold naming a language ("tigrinja") -> the language
    language_words: dict[str, dict[str, str]] = field(default_factory=dict)
    # lifelike: origin group -> "first_female" | "first_male" | "surname" -> its listed names
    # (`name_lists_lifelike`: groups the lexicon lists none or too few of); a name's fold ->
    # the groups of those lists holding it; (group, a pattern of the words that name it in a
    # folded essay: "dinka", "ama-la")
    name_lists: dict[str, dict[str, tuple[str, ...]]] = field(default_factory=dict)
    name_list_origins: dict[str, tuple[str, ...]] = field(default_factory=dict)
    name_list_words: tuple[tuple[str, regex.Pattern[str]], ...] = ()
    name_list_sex: dict[str, str] = field(default_factory=dict)  # fold -> the one sex listed
    name_list_surnames: frozenset[str] = frozenset()  # folds of their family names
    person_of: frozenset[str] = frozenset()  # lifelike, folds: lärare ("Alikhans lärare")
    patronymic_stems: frozenset[str] = frozenset()  # lifelike: qyzy (written after the father)
    parent_kin: frozenset[str] = frozenset()  # lifelike, folds: "vara barn" X (_swedish_parent)
    patronymic_particles: frozenset[str] = frozenset()  # lifelike, folds: "Bakyt kyzy"
    surname_prefixes: frozenset[str] = frozenset()  # lifelike, folds: "Mohamed Ben Ammar"
    # lifelike: the learners' own languages (`own_languages_lifelike`): (language, a pattern of
    # its words on the lower-cased essay, the countries where it is a family's language, the
    # origin groups of its families' names)
    own_languages: tuple[tuple[str, regex.Pattern[str], frozenset[str], tuple[str, ...]],
                         ...] = ()


WORDS_FILE = Path(__file__).resolve().parent / "data" / "surrogates.toml"


# `Words` fields read straight from surrogates.toml, field: TOML key, by how each is read:
# a set of folded words (compared with an essay's folds), a set or tuple as written, one value.
# A new word list of one of these kinds is one row here and its field in `Words`.
FOLDED_SETS = {"same_origin_kin": "same_origin_kin", "definite_kin": "definite_kin",
    "kin_link": "kin_link", "kin_determiners": "kin_determiners", "writer_name": "writer_name",
    "spouse_words": "spouse_words", "female_nouns": "female_nouns", "male_nouns": "male_nouns",
    "nickname_words": "nickname_words", "nickname_own": "nickname_own_words",
    "region_town_words": "region_town_words_lifelike",
    "foreign_number_words": "foreign_number_words_lifelike", "camp_words": "camp_words_lifelike",
    "peoples_regions": "peoples_regions_lifelike", "university_said": "university_said_lifelike",
    "alias_standard_sayers": "alias_standard_sayers",
    "alias_exonym_languages": "alias_exonym_languages", "word_names": "word_names_lifelike",
    "town_institution_words": "town_institution_words_lifelike",
    "district_before": "district_before", "weekday_anchors": "weekday_anchors_lifelike",
    "person_of": "person_of_words_lifelike", "parent_kin": "child_of_spouse_words_lifelike",
    "patronymic_particles": "patronymic_particles_lifelike",
    "surname_prefixes": "surname_prefixes_lifelike", "naming_words": "naming_words_lifelike",
    "kunya": "kunya_words_lifelike", "amount_words": "amount_words_lifelike",
    "national_days": "national_day_words_lifelike", "term_words": "term_words_lifelike",
    "habitual_words": "habitual_words_lifelike", "child_words": "child_words_lifelike",
    "child_places": "child_place_words_lifelike", "water_verbs": "water_verbs_lifelike",
    "sea_at": "sea_at_lifelike", "former_names": "former_names_lifelike",
    "ski_words": "ski_words_lifelike", "ski_places": "ski_prepositions_lifelike",
    "own_date_words": "own_date_words_lifelike", "event_words": "event_words_lifelike",
    "event_verbs": "event_verbs_lifelike",
    "university_abroad": "university_words_abroad_lifelike"}
PLAIN_SETS = {"pronouns_female": "pronouns_female", "pronouns_male": "pronouns_male",
    "pronouns_deciding": "pronouns_deciding", "town_words": "town_words",
    "unisex_origins": "unisex_origins_lifelike", "swedish_language": "swedish_language",
    "gendered_surnames": "gendered_surname_origins_lifelike",
    "patronymic_stems": "patronymic_stems_lifelike",
    "language_follows": "language_follows_country_lifelike",
    "minority_languages": "minority_languages_lifelike",
    "minority_groups": "minority_groups_lifelike", "foreign_letters": "foreign_letters_lifelike",
    "ski_towns": "ski_towns_lifelike"}
TUPLES = {"stems": "stems", "lines": "lines", "writer_male": "writer_male",
    "writer_female": "writer_female", "unisex_names": "unisex_names_lifelike",
    "common_streets": "common_streets", "national_trains": "national_trains_lifelike"}
VALUES = {"default_street_ending": "default_street_ending",
    "pronoun_decides_words": "pronoun_decides_words", "school_start_age": "school_start_age",
    "word_zipf": "word_zipf", "word_name_rank": "word_name_rank",
    "district_max_abroad": "district_max_abroad", "slip_min": "slip_min_lifelike",
    "swedish_known_rank": "swedish_known_rank_lifelike"}


@cache
def words() -> Words:
    """surrogates.toml's word data: the fields of the tables above read as they say, the others
    shaped here (sorted endings, per-key tables, patterns)."""
    data = tomllib.loads(WORDS_FILE.read_text(encoding="utf-8"))
    endings = {k: tuple(v) for k, v in data["endings"].items()}
    return Words(**{f: frozenset(fold(w) for w in data[k]) for f, k in FOLDED_SETS.items()},
                 **{f: frozenset(data[k]) for f, k in PLAIN_SETS.items()},
                 **{f: tuple(data[k]) for f, k in TUPLES.items()},
                 **{f: data[k] for f, k in VALUES.items()},
                 street_endings=tuple(sorted(data["street_endings"], key=len, reverse=True)),
                 endings=dict(sorted(endings.items(), key=lambda kv: -len(kv[0]))),
                 train_words=tuple(fold(w) for w in data["train_words"]),
                 trains={train: tuple(where) for train, where in data["trains"].items()},
                 short_forms={fold(full): tuple(short) for full, short in data["short_forms"].items()},
                 writer_pattern=regex.compile(
                     r"(?i:(?<!\p{L})(?:" + "|".join(map(regex.escape, data["writer_name"]))
                     + r"))[ \t]+(\p{Lu}\p{Ll}+)"),
                 place_endings=tuple(sorted((fold(w) for w in data["place_endings"]), key=len,
                                            reverse=True)),
                 school_year=_school_year_pattern(data),
                 school_years={fold(k): v for k, v in data["school_years"]
                               + data["school_year_ordinals"]},
                 **_alias_patterns(data), **_nickname_said_patterns(data),
                 camps={iso: tuple(names) for iso, names in data["refugee_camps_lifelike"].items()},
                 native_names={fold(k): (k, v) for k, v in data["native_names_lifelike"].items()},
                 english_names={fold(k): v for k, v in data["english_names_lifelike"].items()},
                 district_of=_district_pattern(data["district_words"]),
                 district_of_town=regex.compile(r"^[^.!?\n]{0,40}?(?<!\p{L})(?:%s)(?!\p{L})" % "|".join(
                     regex.escape(w).replace("\\ ", r"\s+")
                     for w in data["district_of_town_lifelike"]), regex.I),
                 place_abbreviations={fold(town): short for town, short
                                      in data["place_abbreviations"].items()},
                 area_towns={town: code for code, towns in data["fiction_area_towns"].items()
                             for town in towns},
                 swedish_letters={letter: frozenset(isos) for letter, isos
                                  in data["swedish_letters"].items()},
                 short_forms_lifelike={fold(full): tuple(short) for full, short in (
                     data["short_forms"] | data["short_forms_lifelike"]).items()},
                 train_towns={train: frozenset(towns) for train, towns in
                              data["train_towns_lifelike"].items()},
                 same_origin_kin_lifelike=frozenset(fold(w) for w in data["same_origin_kin"]
                                                    + data["same_origin_kin_lifelike"]),
                 writer_any=regex.compile(
                     r"(?i:(?<!\p{L})(?:" + "|".join(map(regex.escape, data["writer_name"]))
                     + r"))[ \t]+(\p{L}+)"),
                 calling_codes=_first_per_code(data["calling_codes_lifelike"]),
                 calling_of=dict(data["calling_codes_lifelike"]),
                 mobile_forms={iso: (row["length"], tuple(row["starts"])) for iso, row
                               in data["mobile_forms_lifelike"].items()},
                 name_languages={group: {fold(n): language for language, names in
                                         sorted(languages.items()) for n in names}
                                 for group, languages in data["name_languages_lifelike"].items()},
                 language_words={group: {fold(w): language for language, said in
                                         sorted(languages.items()) for w in said}
                                 for group, languages
                                 in data["name_language_words_lifelike"].items()},
                 language_homes={group: {language: tuple(isos) for language, isos in
                                         languages.items()} for group, languages
                                 in data["name_language_homes_lifelike"].items()},
                 **_name_lists(data),
                 own_languages=_own_languages(data["own_languages_lifelike"]),
                 spelling_slips=tuple((a, b) for a, b in data["spelling_slips_lifelike"]),
                 trains_abroad={iso: tuple(trains) for iso, trains in
                                data["trains_abroad_lifelike"].items()},
                 station_end=regex.compile(r"(\p{Lu}[\p{L}-]*)\s+(?i:(%s))$" % "|".join(
                     map(regex.escape, data["station_words_lifelike"]))),
                 airport_end=regex.compile(r"(\p{L}.*?)\s+(?i:(%s))$" % "|".join(
                     map(regex.escape, data["airport_words_lifelike"]))),
                 pun=regex.compile(r"[\s,]*(%s)\s+(\p{L}+)(?:\s+(\p{L}+))?" % "|".join(
                     regex.escape(w).replace("\\ ", r"\s+") for w in sorted(
                         data["pun_words_lifelike"], key=len, reverse=True)), regex.IGNORECASE),
                 child_names=frozenset(fold(n) for names in data["child_names_lifelike"].values()
                                       for n in names),
                 pun_names={article: tuple(data[f"pun_names_{article}_lifelike"])
                            for article in ("en", "ett", "adj")},
                 pun_fields=tuple((name, tuple(forms.split()), tuple(
                     tuple(n.rpartition(":")[::2]) for n in said.split()))
                     for name, rows in data["pun_fields_lifelike"].items()
                     for forms, _, said in (row.partition(" = ") for row in rows)),
                 pun_fixed=regex.compile(r"(?<!\p{L})(?:%s)(?!\p{L})" % "|".join(
                     regex.escape(w) for w in data["pun_fixed_lifelike"]), regex.IGNORECASE),
                 family_first={fold(n): group for group, names in
                               data["family_first_lifelike"].items() for n in names},
                 pun_said=regex.compile(r"(?<!\p{L})(?:%s)\s+(?:(en|ett)\s+)?(\p{L}+)" % "|".join(
                     regex.escape(w).replace("\\ ", r"\s+") for w in sorted(
                         data["pun_said_lifelike"], key=len, reverse=True)), regex.IGNORECASE),
                 patronymics=tuple(sorted(((end, tuple(names)) for end, names
                                           in data["patronymics_lifelike"].items()),
                                          key=lambda row: (-len(row[0]), row[0]))),
                 age_limits=(frozenset(fold(w) for w in data["age_limit_words_lifelike"]),
                             frozenset(data["age_limits_lifelike"]),
                             frozenset(fold(w) for w in data["age_limit_verbs_lifelike"]),
                             frozenset(fold(w) for w in data["age_limit_people_lifelike"])),
                 swedish_spelt=_swedish_spelt(data["swedish_spelling_lifelike"]),
                 bare_endings=tuple(fold(w) for w in data["bare_place_endings_lifelike"]),
                 **_size_patterns(data))


def _name_lists(data: dict) -> dict:
    """The `Words` fields of `name_lists_lifelike` and `name_list_words_lifelike`."""
    slots = {"female": "first_female", "male": "first_male", "surname": "surname"}
    lists = {group: {slots[slot]: tuple(dict.fromkeys(names)) for slot, names in rows.items()}
             for group, rows in data["name_lists_lifelike"].items()}
    origins: dict[str, tuple[str, ...]] = {}
    gendered = set(data["gendered_surname_origins_lifelike"])
    for group, rows in lists.items():
        # a family name in both its forms where the group has them (Omarov, Omarova)
        forms = [n[:len(n) - len(m)] + f for n in rows.get("surname", ()) if group in gendered
                 for f, m in SURNAME_FORMS if n.endswith(m)]
        for name in [*(n for names in rows.values() for n in names), *forms]:
            if group not in origins.get(fold(name), ()):
                origins[fold(name)] = origins.get(fold(name), ()) + (group,)
    said = tuple((group, regex.compile(r"(?<![\p{L}-])(?:%s)(?![\p{L}-])" % "|".join(
        regex.escape(fold(w)) for w in sorted(ws, key=len, reverse=True))))
        for group, ws in data["name_list_words_lifelike"].items())
    sexes: dict[str, set[str]] = {}
    for rows in lists.values():
        for slot in ("first_female", "first_male"):
            for name in rows.get(slot, ()):
                sexes.setdefault(fold(name), set()).add(slot.removeprefix("first_"))
    return {"name_lists": lists, "name_list_origins": origins, "name_list_words": said,
            "name_list_sex": {key: sex.pop() for key, sex in sexes.items() if len(sex) == 1},
            "name_list_surnames": frozenset(fold(n) for rows in lists.values()
                                            for n in rows.get("surname", ()))}


def _own_languages(table: dict) -> tuple[tuple[str, regex.Pattern[str], frozenset[str],
                                                tuple[str, ...]], ...]:
    """The `own_languages` field of `own_languages_lifelike`, in the table's order: a word
    matches as written in any case, with its marks (a Swedish genitive -s after it too: "min
    thaththas familj"), since folded "olá" and "irmã" are the names Ola and Irma."""
    return tuple((language, regex.compile(r"(?<![\p{L}'-])(?:%s)s?(?![\p{L}'-])" % "|".join(
        regex.escape(w).replace("\\ ", r"\s+") for w in sorted(
            row["words"], key=len, reverse=True)), regex.IGNORECASE),
                  frozenset(row["countries"]), tuple(row["groups"]))
                 for language, row in table.items())


def _of_pattern(pool: list[str], original: str) -> list[str]:
    """Lifelike: the given names of `pool` of the original's pattern, two parts joined by a
    hyphen or one ("Seo-yeon" -> "Ji-woo", never "Seunghyun"; "Olof" never "Jan-Erik"); the
    whole pool where it offers fewer than PATTERN_MIN such (Jun-Jun never always "Ron-Ron")."""
    joined = "-" in original.strip("-")
    same = [p for p in pool if ("-" in p.strip("-")) == joined]
    return same if len(same) >= PATTERN_MIN else pool


def _sentence_start(text: str, at: int, low: int = 0) -> int:
    """Where the sentence holding `at` begins: after the last ".", "!", "?" or line break
    (searched from `low` on: 0 where none is found after it)."""
    return max(text.rfind(c, low, at) for c in ".!?\n") + 1


def _sentence_end(text: str, at: int, high: int | None = None) -> int:
    """Where the sentence holding `at` ends: its first ".", "!", "?" or line break, or the end
    (searched up to `high`, the end then)."""
    high = len(text) if high is None else high
    return min((i for c in ".!?\n" if (i := text.find(c, at, high)) >= 0), default=high)


def _near_sentence(text: str, start: int, end: int) -> tuple[int, int]:
    """The sentence around text[start:end], cut to SENTENCE_REACH characters either side, so a
    learner's essay without full stops is never scanned whole for each mention (linear time)."""
    low, high = max(0, start - SENTENCE_REACH), min(len(text), end + SENTENCE_REACH)
    return max(_sentence_start(text, start, low), low), _sentence_end(text, end, high)


def _first_per_code(codes: dict[str, str]) -> dict[str, str]:
    """calling code -> ISO code, the first country listed for a shared code (+1: US)."""
    out: dict[str, str] = {}
    for iso, code in codes.items():
        out.setdefault(code, iso)
    return out


def _size_patterns(data: dict) -> dict:
    """The size words of surrogates.toml as patterns: after a place (", en by", "det är en
    storstad", "den näst största staden") and before it ("en by som heter", "byn", "en by i
    Lappland som heter"); group 1 the size word in either."""
    # (a village word is a small place's: "Uddeholm, det är en liten by", never Hässleholm)
    said = {" ".join(w.split()): size for size in ("small", "big")
            for w in data[f"{size}_place_words"] + data["village_words"] * (size == "small")}
    alt = "|".join(regex.escape(w).replace("\\ ", r"\s+")
                   for w in sorted(said, key=len, reverse=True))
    verbs = "|".join(map(regex.escape, data["size_naming_verbs"]))
    near = "|".join(regex.escape(w).replace("\\ ", r"\s+") for w in data["village_near"])
    return {"size_after": regex.compile(
                rf"^\s*[,(]?\s*(?:(?:det|den|som|vilket)\s+(?:är|var)\s+|(?:är|var)\s+)?"
                rf"(?:(?:en|ett|den|det)\s+)?(?:(?:mycket|ganska|väldigt|jätte|så)\s+)?({alt})"
                r"(?!\p{L})", regex.IGNORECASE),
            "size_before": regex.compile(
                rf"(?<!\p{{L}})(?i:({alt}))(?:\s+(?i:i|nära|utanför|vid)\s+\p{{Lu}}[\p{{L}}-]*)?"
                rf"(?:\s*,?\s+(?i:som\s+)?(?i:{verbs}))?\s+$"),
            "size_words": said,
            "sizes": {"small": (0, data["small_place_max"], 0, data["small_place_max_abroad"]),
                      "big": (data["big_place_min"], 0, data["big_place_min_abroad"], 0)},
            "size_fewest": data["size_places_fewest"],
            "capital_words": frozenset(data["capital_words"]),
            "village_words": frozenset(" ".join(w.split()) for w in data["village_words"]),
            "village_max": data["village_max"],
            "village_near_max": data["village_near_max"],
            # a capitalised town in the clause, else a lower-case word right after the village
            # ("söderfors utanför tierp": learners write towns in lower case; the caller
            # keeps it only where it is a town)
            "village_near": regex.compile(
                r"^(?:[^.!?]{0,60}?(?<!\p{L})(?:%s)\s+(?P<town>\p{Lu}[\p{L}-]*)"
                r"|\s*,?\s*(?:%s)\s+(?P<town>\p{Ll}[\p{L}-]*))" % ((near,) * 2))}


def _district_pattern(district_words: list[str]) -> regex.Pattern[str]:
    """What follows a place that lies in another: ", en stadsdel i Istanbul", " i Istanbul",
    " är ett område i Istanbul", ". Det är ett område i Istanbul", ", det ligger i Istanbul" (group 1: the other place's
    first word)."""
    said = "|".join(regex.escape(w).replace("\\ ", r"\s+") for w in district_words)
    return regex.compile(rf"^\s*(?:,?\s*(?:(?:{said})\s+)?|[.,]?\s*(?i:det\s+|den\s+|som\s+)?"
                         rf"(?:är\s+(?:{said})\s+|ligger\s+))i\s+(\p{{Lu}}[\p{{L}}-]*)")


def _nickname_said_patterns(data: dict) -> dict[str, regex.Pattern[str]]:
    """A nickname given with a verb of saying (surrogates.toml, `nickname_say_lifelike`): the
    words before it ("alla säger ", "hemma säger vi "), anchored at the name, and the whole
    clause ending with the name ("vi säger Yasi." but not "hon säger Ali är snäll")."""
    verbs = "|".join(map(regex.escape, data["nickname_say_lifelike"]))
    subjects = "|".join(map(regex.escape, data["nickname_say_subjects_lifelike"]))
    said = (rf"(?i:(?<!\p{{L}})(?:{subjects})(?:\s+\p{{L}}+)?\s+(?:{verbs})"
            rf"(?:\s+(?:{subjects}))?)\s+")
    ends = r"(?=\s*(?:[.,!;:)]|$)|\s+(?i:och|men|eller)\b)"
    return {"nickname_said": regex.compile(rf"{said}$"),
            "nickname_said_ahead": regex.compile(rf"{said}\p{{L}}[\p{{L}}-]*{ends}")}


def _alias_patterns(data: dict) -> dict[str, regex.Pattern[str]]:
    """What stands between a place's two names (`alias_link`, named groups: `lang` the
    language of the second, `paren` an opening parenthesis, `either` "eller"), as seen after
    the first name (`alias_after`, group `second`) and before the second (`alias_before`,
    group `first`); `alias_closing` the language after the second ("Warsaw på engelska)",
    "Aleppo på engelska"): "Halab, på svenska heter det Aleppo", "Buleyde, på svenska Blida",
    "Halab (Aleppo)", "Halab, som heter Aleppo på engelska", "Mumbai eller Bombay"."""
    verbs = "|".join(regex.escape(v).replace("\\ ", r"\s+") for v in data["alias_verbs"])
    fillers = "|".join(map(regex.escape, data["alias_fillers"]))
    either = "|".join(map(regex.escape, data["alias_or"]))
    lead = r"\s*,?\s*(?:som\s+|och\s+|men\s+)?"
    said = rf"(?:(?P<who>{fillers})\s+)?(?:{verbs})(?:\s+(?:{fillers}))?"
    # "på svenska heter det", in a learner's word order "på svenska det heter", "på svenska";
    # "som heter", "som det hette"; "("; " eller "
    link = (rf"(?i:{lead}på\s+(?P<lang>\p{{L}}+)(?:\s+{said})?\s*,?\s+|{lead}{said}\s+"
            rf"|\s*(?P<paren>\()\s*|\s+(?P<either>{either})\s+)")
    return {"alias_after": regex.compile(rf"^{link}(?P<second>\p{{Lu}}[\p{{L}}-]*)"),
            "alias_closing": regex.compile(r"^\s+på\s+(\p{L}+)", regex.IGNORECASE),
            "alias_before": regex.compile(rf"(?P<first>\p{{L}}[\p{{L}}-]*){link}$")}


def _swedish_spelt(table: dict) -> tuple[frozenset[str], regex.Pattern[str],
                                          regex.Pattern[str], regex.Pattern[str], dict[str, str]]:
    """`swedish_spelling_lifelike` read: its groups, its two marker patterns, one pattern of
    its English spellings (longest first) and the Swedish spelling of each."""
    spellings = {fold(k): v for k, v in table["spellings"]}
    return (frozenset(table["groups"]), regex.compile("|".join(table["swedish_markers"])),
            regex.compile("|".join(table["english_markers"])),
            regex.compile("|".join(sorted(spellings, key=lambda k: (-len(k), k)))), spellings)


# a last syllable: one consonant (or th, ph, kh, ch, sh) before the last vowels
LAST_SYLLABLE = regex.compile(r"(?:[tpkcs]h|[^aeiouyåäö])[aeiouyåäö]+[^aeiouyåäö]*$")


def _last_syllable(name: str) -> str:
    """The last syllable of a folded name, from its last consonant before its last vowels
    (siriwan: wan, orathai: thai, pornthip: thip); "" for a name of one syllable or none."""
    found = LAST_SYLLABLE.search(name)
    return found.group(0) if found and found.start() > 0 else ""


def _ending_nickname(nickname: str, name: str) -> bool:
    """Lifelike: `nickname` (folded) is the last syllable of `name` (folded), as Thai
    nicknames may be (Siriwan: Wan), of two letters or more and shorter than the name."""
    return len(nickname) >= 2 and nickname != name and _last_syllable(name) == nickname


def _school_year_pattern(data: dict) -> regex.Pattern[str]:
    """The school years of surrogates.toml as one pattern on folded text: group 1 a digit or
    a year word ("arskurs 3", "3:e klass", "trean", "tredje klassen")."""
    year_words = "|".join(sorted(map(fold, data["school_year_words"]), key=len, reverse=True))
    years = "|".join(sorted((fold(k) for k, _ in data["school_years"]), key=len, reverse=True))
    ordinals = "|".join(sorted((fold(k) for k, _ in data["school_year_ordinals"]), key=len,
                               reverse=True))
    return regex.compile(rf"\b(?:(?:{year_words})\.?\s?([1-9])\b|([1-9])(?::?[ae])?\s(?:{year_words})"
                         rf"\b|({years})\b|({ordinals})\s(?:{year_words})\b)")


@dataclass(frozen=True)
class Kind:
    """One function of institution in institutions.toml (see that file): how it is recognised
    and where its surrogates come from."""

    name: str
    names: frozenset[str]  # folds of its known members
    words: tuple[str, ...]  # folded endings of a word of the name
    before: frozenset[str]  # folded words just before a mention
    pool: tuple[tuple[str, str], ...]  # (surrogate, its Swedish town or "")
    town: str  # a form on the essay's town: "{town:gen} kommun"
    invent: bool
    bare: tuple[str, ...]
    members: tuple[str, ...]
    elsewhere: bool = False  # often in another town than the writer's (a team, a university)
    # lifelike (round 19): folded nouns that say a name is of the kind ("hyresvärden X", "X är
    # ett museum"), words of a sentence that make a member that is also a place the kind
    # ("Furuvik ... aporna"), short endings of its names ("Skebo"), read for places too
    said: frozenset[str] = frozenset()
    cues: frozenset[str] = frozenset()
    ends: tuple[str, ...] = ()
    place: bool = False
    drawn: frozenset[str] = frozenset()  # lifelike: folds of its pool's names
    # lifelike: a member serves its own town only (a town's housing company), so a town
    # without one takes a member tied to no town, never a neighbour's
    own_town: bool = False
    # lifelike: folded nouns of the people who work in one, said right before "på", "vid" or
    # "hos" ("undersköterska på Skas": a hospital, never a bus company)
    workers: frozenset[str] = frozenset()
    # lifelike (round 35): folded words of the mention's sentence or the next that say what a
    # workplace makes or who works there ("vi tillverkar pumpar", "jag är svetsare")
    trades: frozenset[str] = frozenset()

    @property
    def towns(self) -> frozenset[str]:
        """The towns its real surrogates lie in (empty: it is tied to no town)."""
        return frozenset(t for _, t in self.pool if t)


INSTITUTIONS_FILE = Path(__file__).resolve().parent / "data" / "institutions.toml"
GEOGRAPHY_FILE = Path(__file__).resolve().parent / "data" / "geography.toml"


@cache
def institution_kinds(lifelike: bool = False) -> tuple[Kind, ...]:
    """institutions.toml's kinds in file order; `lifelike` with the rows and the `*_lifelike`
    members, endings, nouns and surrogates only that strategy reads (round 19)."""
    kinds = []
    data = tomllib.loads(INSTITUTIONS_FILE.read_text(encoding="utf-8"))
    for row in data["kind"]:
        if row.get("lifelike") and not lifelike:
            continue
        extra: Callable[[str], list[str]] = (lambda key, row=row: row.get(f"{key}_lifelike", [])
                                             if lifelike else [])
        pool = tuple((name.strip(), town.strip()) for name, _, town in
                     (entry.partition("|") for entry in [*row.get("pool", ()), *extra("pool")]))
        names = [*row.get("names", ()), *extra("names")]
        # "städ" + "firma": the trade's business words count as words before the mention
        trades = [stem + head for stem in row.get("trade", ()) for head in data.get("heads", ())]
        before = frozenset(fold(w) for w in [*row.get("before", ()), *trades])
        kinds.append(Kind(row["name"], frozenset(fold(n) for n in names),
                          tuple(fold(w) for w in row.get("words", ())), before, pool,
                          row.get("town", ""), bool(row.get("invent")), tuple(row.get("bare", ())),
                          tuple(row.get("names", ())), bool(row.get("elsewhere")),
                          before | {fold(w) for w in extra("said")},
                          frozenset(fold(w) for w in extra("cues")),
                          tuple(fold(w) for w in extra("ends")),
                          lifelike and bool(row.get("place")),
                          # its real surrogates are members too ("Städproffsen")
                          frozenset(fold(n) for n, _ in pool) if lifelike else frozenset(),
                          lifelike and bool(row.get("own_town_lifelike")),
                          frozenset(fold(w) for w in extra("workers")),
                          frozenset(fold(w) for w in extra("trade_said"))))
    return tuple(kinds)


@dataclass(frozen=True)
class Cuisine:
    """Lifelike: one cuisine of institutions.toml's [[cuisine_lifelike]] (see that file)."""

    name: str
    cues: frozenset[str]  # folded words of the name or just before it
    name_cues: frozenset[str]  # folded places of the name only (Bangkok)
    pool: tuple[str, ...]
    bare: tuple[str, ...]  # names without a kind word
    countries: frozenset[str] = frozenset()  # ISO codes whose cuisine it is


@cache
def university_fields() -> dict[str, frozenset[str]]:
    """Lifelike: a folded field word ("medicin", "ingenjör") -> the universities that offer
    it (institutions.toml's [[fields_lifelike]])."""
    data = tomllib.loads(INSTITUTIONS_FILE.read_text(encoding="utf-8"))
    return {fold(w): frozenset(row["universities"]) for row in data.get("fields_lifelike", ())
            for w in row["words"]}


@cache
def cuisines() -> tuple[Cuisine, ...]:
    data = tomllib.loads(INSTITUTIONS_FILE.read_text(encoding="utf-8"))
    return tuple(Cuisine(row["name"], frozenset(fold(w) for w in row["cues"]),
                         frozenset(fold(w) for w in row.get("name_cues", ())), tuple(row["pool"]),
                         tuple(row["bare"]), frozenset(row.get("countries", ())))
                 for row in data.get("cuisine_lifelike", ()))


@cache
def institution_aliases() -> dict[str, frozenset[str]]:
    """fold -> the folds of every name of the same institution (`same` in institutions.toml)."""
    out: dict[str, frozenset[str]] = {}
    for group in tomllib.loads(INSTITUTIONS_FILE.read_text(encoding="utf-8")).get("same", ()):
        folds = frozenset(fold(name) for name in group)
        for key in folds:
            out[key] = out.get(key, frozenset()) | folds
    return out


@cache
def unique_authorities() -> frozenset[str]:
    """Folds of the one-of-a-kind national authorities (`unique` in institutions.toml)."""
    data = tomllib.loads(INSTITUTIONS_FILE.read_text(encoding="utf-8"))
    return frozenset(fold(name) for name in data.get("unique", ()))


def institution_kind(original: str, before: Sequence[str] = ()) -> Kind | None:
    """The function of an institution: a known member, else a word of its name ("Bergsjöskolan"
    ends in "skolan"), else a word shortly before it ("restaurangen ... som heter Casa Andina")."""
    return named_kind(original) or kind_before(before)


@lru_cache(maxsize=4096)
def member_kind(original: str, lifelike: bool = False) -> Kind | None:
    """The kind whose known members include the name (Kolmården, Willhem), else None."""
    key = fold(original)
    return next((kind for kind in institution_kinds(lifelike) if key in kind.names
                 or (key.endswith("s") and key[:-1] in kind.names)), None)


@lru_cache(maxsize=4096)
def named_kind(original: str, lifelike: bool = False, places: frozenset[str] = frozenset()
               ) -> Kind | None:
    """`institution_kind` by the name alone, remembered per name: an essay names one workplace
    again and again. `lifelike`: its own rows too, never by a word of `places` (folds of the
    name's Swedish places)."""
    kinds = institution_kinds(lifelike)
    key = fold(original)
    member = member_kind(original, lifelike) or next(
        (kind for kind in kinds if key in kind.drawn), None)
    if member:
        return member
    tokens = fold(original).replace("-", " ").split()
    if lifelike:
        # the head word of a name is its last ("Karlstads domkyrka" is a church, not a town's
        # office; "Timrå IK arena" an arena), each word with its genitive's stem, never a
        # town's name ("Högskolan i Halmstad" ends in no "stad" of a city office)
        towns = geography(True).town_folds
        groups = [[t, t[:-1]] if t.endswith("s") else [t] for t in reversed(tokens)
                  if t not in towns and t[:-1] not in towns and t not in places]
    else:
        groups = [tokens + [t[:-1] for t in tokens if t.endswith("s")]]  # Nackstaskolans
    for group in groups:
        for kind in kinds:
            for word in kind.words:
                if any(t == word or (len(word) >= 4 and t.endswith(word)
                                     and len(t) > len(word) + 1) for t in group):
                    return kind
    return None


def ended_kind(original: str) -> Kind | None:
    """Lifelike, for institutions only (a place may end so too): the kind a short ending of
    the name's last word gives (`ends_lifelike`: Skebo, Kalmarhem are landlords), else that of
    a chain its first word names before its branch's ("Scandic Crown": a hotel)."""
    words_ = fold(original).replace("-", " ").split() or [""]
    last = words_[-1]
    return next((kind for kind in institution_kinds(True) for end in kind.ends if last == end
                 or (last.endswith(end) and len(last) > len(end) + 2)), None) or (
        # (an acronym too: "SCA Ortviken")
        member_kind(words_[0], True) if len(words_) > 1 and (
            len(words_[0]) >= 4 or original.split()[0].isupper()) else None)


def worker_kind(before: Sequence[str]) -> Kind | None:
    """Lifelike: the kind whose `workers` noun stands right before "på", "vid" or "hos" just
    before the name ("jobbar som undersköterska på Skas"), else None."""
    if len(before) < 2 or before[-1] not in ("pa", "vid", "hos"):
        return None
    return next((k for k in institution_kinds(True) if before[-2] in k.workers), None)


def kind_before(before: Sequence[str], lifelike: bool = False) -> Kind | None:
    """`institution_kind` by the nearest word before the name that tells one."""
    kinds = institution_kinds(lifelike)
    for word in reversed(before):
        kind = next((k for k in kinds if word in k.before), None)
        if kind:
            return kind
    return None


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
    world_parts: dict[str, str] = field(default_factory=dict)  # ISO -> its part of the world
    # lifelike: words and islands anywhere in an essay that put its towns on the sea
    shore_words_essay: frozenset[str] = frozenset()  # folds: havet, skärgården
    sea_islands: frozenset[str] = frozenset()  # folds of Swedish islands in the sea: Tjörn
    feast_countries: dict[str, frozenset[str]] = field(default_factory=dict)  # nowruz -> IR
    country_cues: dict[str, frozenset[str]] = field(default_factory=dict)  # pashto -> AF, PK
    cue_homes: dict[str, tuple[str, ...]] = field(default_factory=dict)  # kurdiska -> Sanandaj
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


REGIONS_FILE = Path(__file__).resolve().parent / "data" / "regions.toml"


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
    groups: dict[str, set[str]] = {}
    for alias, name in aliases.items():
        groups.setdefault(fold(name), {fold(name)}).add(fold(alias))
    return Geography(frozenset(data["not_towns"]),
                     {town: tuple(row) for town, row in data["towns"].items()}, features,
                     {fold(name): name for name in features}
                     | {fold(alias): name for alias, name in aliases.items()},
                     tuple(kind_words), landmarks,
                     {fold(name): name for name in landmarks},
                     {group: tuple(dict.fromkeys(data["name_homelands"].get(group, []) + (
                         data["name_homelands_lifelike"].get(group, []) if lifelike else [])))
                      for group in dict.fromkeys([*data["name_homelands"], *(
                          data["name_homelands_lifelike"] if lifelike else ())])},
                     {group: tuple(near) for group, near in (data["name_neighbours"] | (
                         data["name_neighbours_lifelike"] if lifelike else {})).items()},
                     {name: tuple(row) for name, row in data["landskap"].items()},
                     frozenset(data["landlocked"]), frozenset(data["ports"]),
                     frozenset(fold(w) for w in data["ferry_words"]),
                     frozenset(fold(w) for w in data["ferry_words"] + data["coast_words"]),
                     {iso: tuple(towns) for iso, towns in data["coast_towns"].items()},
                     {fold(w): frozenset(towns) for w, towns in data["town_has"].items()},
                     frozenset(data["shore_towns"]),
                     frozenset(fold(w) for w in data["shore_words"]),
                     {name: frozenset(towns) for name, towns in (data["feature_towns"] | (
                         data["feature_towns_lifelike"] if lifelike else {})).items()},
                     {kind: ws[0] for kind, ws in data["kind_words"].items() if ws}
                     | ({"range": data["range_words"][0]} if lifelike else {}),
                     {name: frozenset(w for w in where if len(w) == 2 and w.isupper())
                      | frozenset(data["sea_countries"].get(name, ()))
                      for name, (kind, where) in features.items() if kind == "sea"},
                     dict(data["sea_wider"]),
                     frozenset(fold(w) for w in data["ferry_words"] + data["boat_words"]),
                     frozenset(data["no_town_kinds"]),
                     {sea: {iso: frozenset(towns) for iso, towns in by_iso.items()}
                      for sea, by_iso in data["sea_towns"].items()},
                     dict(data["capitals"]), frozenset(data["sweden_gateways"]),
                     frozenset(fold(w) for w in data["sweden_words"]),
                     {name: frozenset(towns) for name, towns
                      in data["feature_towns_abroad"].items()} if lifelike else {},
                     {f: frozenset(group) for group in groups.values() for f in group},
                     {iso: part for part, isos in data["world_parts_lifelike"].items()
                      for iso in isos} if lifelike else {},
                     frozenset(fold(w) for w in data["shore_words"]
                               + data["shore_words_lifelike"]) if lifelike else frozenset(),
                     frozenset(fold(name) for name, (kind, where) in features.items()
                               if kind == "island" and not abroad(where)
                               and name not in data["islands_not_shore"]) if lifelike else frozenset(),
                     {fold(feast): frozenset(isos) for feast, isos
                      in data["feast_countries_lifelike"].items()} if lifelike else {},
                     **(_lifelike_fields(data, features) if lifelike else {}))


def _lifelike_fields(data: dict, features: dict[str, tuple[str, frozenset[str]]]) -> dict:
    """geography.toml's lifelike tables of words and places that tie the surrogates to the
    text (country cues, route seas, land transport, waters named like countries, islands and
    non-towns abroad), as Geography's fields."""
    def folds(key: str) -> frozenset[str]:
        return frozenset(fold(w) for w in data[key])

    return {"country_cues": {fold(w): frozenset(row["countries"])
                             for row in data["country_cues_lifelike"] for w in row["words"]},
            "cue_pairs": tuple((frozenset(map(fold, row["words"])),
                                frozenset(map(fold, row["with"])), frozenset(row["countries"]))
                               for row in data["country_cue_pairs_lifelike"]),
            "cue_homes": {fold(w): tuple(row["homes"]) for row in data["country_cues_lifelike"]
                          if row.get("homes") for w in row["words"]},
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


ROUTE_SEARCH = 2000  # lifelike: stops a route's joint search may try per country and tier
ROUTE_STOPS = 8  # lifelike: the countries of a route nearest the one drawn that its search solves

VILLAGE_NEAR_GAP = 20  # lifelike: the most characters between a village and "utanför Y"'s town
NICKNAME_SHORT = 4  # lifelike: a nickname this short takes a name of its group as short
PATTERN_MIN = 3  # lifelike: names of a given name's pattern (joined or not) a pool must offer
REGION_NEAREST = 6  # places of a region a district abroad is drawn from (districts first)


# Surname endings that mark a woman's or a man's form (Kowalska/Kowalski, Ivanova/Ivanov).
SURNAME_FORMS = (("ska", "ski"), ("cka", "cki"), ("dzka", "dzki"), ("ova", "ov"), ("eva", "ev"),
                 ("ina", "in"), ("ová", "ý"))


def surname_form(pick: str, original: str, sex: str = "") -> str:
    """The surrogate surname in the original's form for a woman or a man: Kowalska -> Witkowska,
    never Witkowski for a woman; `sex` ("f" or "m", lifelike) where the original has no form
    of its own ("Olena Shevchenko" -> "Natalya Kozlova", never "Kozlov"; "Taras Shevchenko"
    in the same essay -> "Kozlov")."""
    low = original.lower()
    woman = any(low.endswith(female) for female, _ in SURNAME_FORMS)
    man = any(low.endswith(male) for _, male in SURNAME_FORMS)
    if sex and not woman and not man:
        woman, man = sex == "f", sex == "m"
    for female, male in SURNAME_FORMS:
        if woman and pick.endswith(male):
            return pick[:len(pick) - len(male)] + female
        if man and not woman and pick.endswith(female):
            return pick[:len(pick) - len(female)] + male
    return pick


def town_genitive(town: str) -> str:
    """A town's form before an institution's word: Jönköpings kommun, Umeå kommun, Malmö stad."""
    return town if town[-1:].lower() in "aeiouyåäösxz" else town + "s"


def morphology(original: str, span: Span) -> frozenset[str]:
    """The mention's attributes: the detector's, plus what its ending after the entity's lemma
    says (Göteborgs: gen; Stadsbiblioteket: def; Anderssönerna: pl def)."""
    attrs = set(span.attrs)
    low, key = fold(original), span.key
    if key and low != key and low.startswith(key) and " " not in key:
        attrs.update(words().endings.get(low[len(key):], ()))
    elif key.endswith("son") and low.startswith(key[:-3] + "son") is False and low.startswith(key[:-3]):
        attrs.update(("pl",) + (("def",) if low.endswith("na") else ()))  # Anderssönerna
    return frozenset(attrs)


def kind_word(name: str, lex: Lexicon) -> str:
    """The institution's kind word as written at the end of its name ("Nackstaskolan" ->
    "skolan", "Stadsbiblioteket" -> "biblioteket"), or "" (SSAB, IKEA)."""
    low = name.lower()
    bare = low[:-1] if low.endswith("s") else low  # Nackstaskolans: the genitive of -skolan
    suffixes = lex.suffixes.get("institution_suffix", ())  # longest first
    for suffix, _ in suffixes:
        for form in (low, bare):
            if form.endswith(suffix) and len(form) > len(suffix) + 1:
                start = len(form) - len(suffix)
                # a separate kind word keeps its space: Växjö domkyrka -> Ekbacka domkyrka
                start -= name[start - 1] in " -"
                return name[start:len(form)]
    # the kind word in an earlier word: "Universitetssjukhuset i Linköping" -> "sjukhuset"
    for word in reversed(name.split()[:-1]):
        for suffix, _ in suffixes:
            if word.lower().endswith(suffix) and len(word) > len(suffix) + 1:
                return word[len(word) - len(suffix):]
    return ""


def street_ending(name: str) -> str:
    low = name.lower()
    return next((e for e in words().street_endings if low.endswith(e) and len(low) > len(e)), "")


def mask(original: str, digit: str, fallback: str) -> str:
    """Every digit becomes `digit` (delimiters kept); never returns the original itself."""
    out = _DIGIT.sub(digit, original)
    return out if out != original else _DIGIT.sub(fallback, original)


PLACE_LIKE = ("city", "area", "region", "place", "geo")
TOWN_OR_NATURE = ("city", "area", "region", "geo")  # PLACE_LIKE but a named site ("place")
SWEDISH_ORIGIN = "swedish"
# What a learner's memory keeps besides the entities' surrogates (labels no span carries): the
# years move, the calendar move, and each name's surrogate by its folded spelling.
LEARNER_SHIFT = ("~shift", 0)
LEARNER_CALENDAR = ("~calendar", 0)
LEARNER_NAME = "~name:"
LEARNER_PLACE = "~place:"
LEARNER_INSTITUTION = "~institution:"
LEARNER_HOME = "~home:"  # a surrogate Swedish town -> "essays that name it, last essay, original"
LEARNER_ESSAYS = ("~essays", 0)  # how many of the learner's essays came before
LEARNER_SERIAL = "~serial:"
LEARNER_WRITER = ("~writer", 0)  # lifelike: the fold of the writer's given name
LEARNER_PHONE = "~phone:"  # a phone number's digits -> the key of its lifelike surrogate's draw
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


class Renderer:
    """Chooses surrogates for one essay. `base` (realistic surrogates by label and learner-wide
    entity number) and `countries` (original ISO -> surrogate ISO) may be a learner's memory."""

    def __init__(self, lex: Lexicon, strategy: str, seed: int, scope: str,
                 originals: set[str], policy: Policy | None = None,
                 base: MutableMapping[tuple[str, int], str] | None = None,
                 countries: MutableMapping[str, str] | None = None) -> None:
        self.lex, self.strategy, self.seed, self.scope = lex, strategy, seed, scope
        self.policy = policy
        self.avoid = {o.lower() for o in originals}
        self.avoid_folds = {fold(o) for o in originals}
        # countries named in the essay: a surrogate country is none of them
        self.avoid_countries = {lex.get(f).country for f in self.avoid_folds} - {""}
        # ... nor the country of a town abroad it names (Kenya beside Mogadishu never becomes
        # Somalia: the route would run from Somalia to Somalia)
        # (lifelike: a town written as a name; "min man Ahmed" names no Man in Côte d'Ivoire)
        self.avoid_countries |= {e.place_country for e in (
            lex.get(fold(o)) for o in originals if o[:1].isupper() or strategy != "lifelike")
                                 if e.place_kind in ("city", "exonym") and not e.gender
                                 and not e.surname_rank and e.place_pop >= BIG_PLACE} - {"", "SE"}
        self.base = {} if base is None else base
        self.countries = {} if countries is None else countries
        self.used: set[str] = {v.lower() for v in self.base.values()}
        self.hint = ""
        self.effective = strategy  # the strategy of the mention being rendered
        self.origin_votes: Counter[str] | None = None  # origin groups of the essay's names
        self.groups_said: frozenset[str] | None = None  # lifelike: see _groups_said
        # lifelike: see _languages_said
        self.languages_said: Counter[tuple[str, frozenset[str], tuple[str, ...]]] | None = None
        self.own_words: list[tuple[int, int]] = []  # lifelike: where those words stand
        self.swedish_spouse: bool | None = None  # lifelike: see _swedish_parent
        self.name_language: dict[str, str] = {}  # lifelike: origin group -> its family language
        self.short_originals: frozenset[str] | None = None  # lifelike: `_short_originals`
        # an origin group of the essay's names -> the group its names take (their homeland
        # became a country where other names are at home: Polen -> Ukraina, Polish -> East Slavic)
        self.origin_swap: dict[str, str] = {}
        self.has_district = False  # set by `order` when the essay names a Swedish district
        self.districts: set[int] = set()  # starts of places the essay calls districts
        self.spelt_towns: set[str] = set()  # lifelike: folds of towns the essay misspells
        self.essay_abroad: str | None = None  # lifelike: see _window_abroad
        self.villages: set[str] = set()  # lifelike: surrogate villages, never the essay's towns
        # lifelike: the fold of a town named after an institution ("Mittuniversitetet i
        # Sundsvall") -> the towns that have one of its kind, where its surrogate is drawn
        self.institution_towns: dict[str, frozenset[str]] = {}
        # lifelike: the fold of the town a village lies "nära" -> the town drawn for it
        self.village_towns: dict[str, str] = {}
        # lifelike: a district or town abroad (by its start) -> the fold of the essay's bigger
        # place of its region it lies in ("Kadıköy, en stadsdel i Istanbul"); those places
        self.parents: dict[int, str] = {}
        # lifelike: a region right after a town abroad ("Shiraz i Fars") -> the town's fold;
        # and the folds of such towns (drawn among towns whose region has a name of its own)
        self.region_of_town: dict[int, str] = {}
        self.towns_with_region: dict[str, str] = {}  # town fold -> its region's fold
        self.parent_folds: set[str] = set()
        self.has_read = False  # lifelike: the essay's `town_has` words are in need_towns
        self.cues: tuple[frozenset[str], ...] | None = None  # lifelike: see _cued
        self.kept: frozenset[str] = frozenset()  # lifelike: see keep_countries
        self.name_words: frozenset[str] = frozenset()  # lifelike: see _abroad_in
        self.country_words: frozenset[str] = frozenset()  # lifelike: see _route_graph
        self.said: frozenset[str] | None = None  # lifelike: the essay's folded words (_said)
        # lifelike: names explained as words -> article, names written as words -> the names
        # of their field (pun_spans)
        self.puns: dict[str, str | tuple[str, ...]] = {}
        self.homes: list[tuple[str, ...]] | None = None  # lifelike: see _spoken
        self.crossed: dict[str, frozenset[str]] | None = None  # lifelike: seas crossed
        # lifelike: the essay's route legs, ISO -> [(the country at its other end, by sea)]
        self.route_legs: dict[str, list[tuple[str, str]]] | None = None
        self.route_stops: dict[tuple[str, int], list[tuple[str, str]]] = {}  # _route_domain
        self.ages: tuple[int, ...] = ()  # the essay's ages, for `shift`
        self._grades: frozenset[int] | None = None  # the ages of its school years, for `shift`
        self.before: dict[int, list[str]] = {}  # folded words shortly before a mention
        self.words_of: tuple[str | None, frozenset[str]] = (None, frozenset())  # _essay_words
        self.need_towns: list[frozenset[str]] = []  # towns that have the essay's hospital, ...
        self.towns: list[str] = []  # the essay's surrogate Swedish towns, in rendering order
        self.first_names: list[str] = []  # the essay's surrogate first names, in rendering order
        # the learner's home (the town their essays name most, the latest on a tie) and its
        # original: the essay's town until the essay names one
        self.essay_number = int(self.base.get(LEARNER_ESSAYS, "0")) + 1
        self.base[LEARNER_ESSAYS] = str(self.essay_number)
        homes = [(tuple(map(int, value.split()[:2])), key[len(LEARNER_HOME):],
                  value.split()[2] if len(value.split()) > 2 else "")
                 for (key, _), value in self.base.items() if key.startswith(LEARNER_HOME)]
        best = max(homes, default=((0, 0), "", ""))
        self.home = (best[1], best[2])
        self.city = self.home[0] or None
        self.town_origins: list[str] = []  # the folds of their originals, in the same order
        # an original place's fold -> its surrogate, in this essay and the learner's earlier ones
        self.place_map: LearnerMap = LearnerMap(self.base, LEARNER_PLACE)
        self.written_places: dict[str, str] = {}  # lifelike: "hewlêr" (key hawler) -> surrogate
        # an original name's fold -> its surrogate, in this essay and the learner's earlier ones
        self.name_map: LearnerMap = LearnerMap(self.base, LEARNER_NAME)
        self.institution_map: LearnerMap = LearnerMap(self.base, LEARNER_INSTITUTION)
        for learned in (self.place_map, self.name_map, self.institution_map):
            learned.forget(self._original)
        self.span: Span | None = None  # the mention being rendered
        self.abroad = ""  # the (original) country of the last place abroad rendered
        # lifelike: the countries of the essay's towns abroad that it never names itself (the
        # towns' surrogates stay in them), for the countries bordering them (set per essay)
        self.town_homes: dict[str, str] = {}
        # lifelike: countries whose towns the learner's earlier essays kept in them (kept too)
        self.kept_homes: frozenset[str] = frozenset()
        # lifelike: a town's key -> its mentions, so a direction said of a later one holds
        self.town_mentions: dict[str, list[Span]] = {}
        # lifelike: a name of a town abroad -> (start, key, spelling) of its first mention
        self.spellings: dict[str, tuple[int, str, str]] | None = None
        self.sides_told: dict[str, tuple[tuple[str, ...], str]] = {}  # key -> (sides, border)
        self.feature_kind = ""  # the kind of the last Swedish feature rendered (lake, river)
        # lifelike: (start, surrogate) of the rivers and lakes abroad and of the towns abroad
        # rendered, so one named in the sentence of the other keeps their tie
        self.waters_abroad: list[tuple[int, str]] = []
        self.towns_abroad: list[tuple[int, str]] = []
        # (start, surrogate, original's key) of each mention of a Swedish town of the essay,
        # in text order
        self.towns_at: list[tuple[int, str, str]] = []
        # lifelike: ISO code -> the kinds of feature abroad the essay places in that country
        self.feature_needs: dict[str, frozenset[str]] | None = None
        self.sentence_countries: list[tuple[int, frozenset[str]]] = []  # (end, countries)
        self.kinds_left: dict[str, frozenset[str]] | None = None  # see _free_kinds
        self.swedish_spelling: bool | None = None  # lifelike: see _spelt_as_written


    def shift(self) -> int:
        """The years and ages move of this essay: the one the learner's earlier essays took
        (kept in the memory, so "34 år" in one essay and "född 1990" in the next still agree),
        else `learner_shift`; the nearest other move when that one would carry one of the
        essay's ages across a stage of life (AGE_STAGES: a child of 17 made an adult, "vi var
        nitton, bara barn" made 21); years move against ages, so "född 1990" and "34 år" agree."""
        remembered = self.base.get(LEARNER_SHIFT)
        first = int(remembered) if remembered else learner_shift(self.seed, self.scope)
        grades = self._school_year_ages()
        lifelike = self.strategy == "lifelike"
        fits = [d for d in sorted(SHIFTS, key=lambda d: (abs(d - first), d))
                if all(_stage(a) == _stage(moved_age(a, d)) for a in self.ages)
                # lifelike: no age moved below 1 and turned up instead, so siblings of 9, 6
                # and 2 never become 7, 4 and 4
                and not (lifelike and any(1 <= a and a + d < 1 for a in self.ages))
                and all(abs(moved_age(a, d) - g) <= 1 for a in self.ages for g in grades
                        if abs(a - g) <= 2)
                # lifelike: on the school year's side the original was ("fyller tio" in
                # årskurs 3 turns nine at least, never "fyller åtta")
                and not (lifelike and any((moved_age(a, d) - g) * (a - g) < 0
                                          for a in self.ages for g in grades
                                          if abs(a - g) <= 2))]
        chosen = fits[0] if fits else first
        if not remembered:
            self.base[LEARNER_SHIFT] = str(chosen)
        return chosen

    def moved_year(self, year: int) -> int:
        """A year the essay names, moved against its ages (`shift`): born 1990 and 34 years old
        become 1988 and 36; the years of dates, case numbers and personnummer move alike."""
        return year - self.shift()

    def _school_year_ages(self) -> frozenset[int]:
        """The ages of the school years the essay names ("går i trean": 9), read once."""
        if self._grades is None:
            w = words()
            found = w.school_year.finditer(fold(getattr(self.before, "text", ""))) \
                if w.school_year and self.ages else ()
            self._grades = frozenset(
                w.school_start_age - 1 + (int(m.group(1) or m.group(2) or 0)
                                          or w.school_years[m.group(3) or m.group(4)])
                for m in found)
        return self._grades

    def calendar(self) -> tuple[int, int]:
        """(months, days): the calendar move of the learner's first essay (kept in the memory:
        a birth date and a personnummer in two essays keep one date), else `calendar_shift`."""
        remembered = self.base.get(LEARNER_CALENDAR)
        if remembered:
            months, _, days = remembered.partition(" ")
            return int(months), int(days)
        moved = calendar_shift(self.seed, self.scope)
        self.base[LEARNER_CALENDAR] = f"{moved[0]} {moved[1]}"
        return moved

    def render(self, span: Span, ref: int, original: str, draw: int | None = None,
               country: str = "") -> str:
        """The surrogate of one mention: `ref` is the essay's running number (placeholders,
        tags), `draw` the entity's number in the learner's memory (realistic choices),
        `country` the ISO code of a country named beside a place the gazetteers lack."""
        label = span.label
        self.hint, self.span = country, span
        strategy = self.policy.strategy(label, self.strategy) if self.policy else self.strategy
        parted = self._render_parted(span, ref, original, draw, country, strategy)
        if parted is not None:
            return parted
        self.effective = strategy
        attrs = morphology(original, span)
        written = original
        spelt = self._misspelt_town(span, original) or self._respelt_abroad(span, original) \
            if strategy == "lifelike" else ""
        if spelt:
            # "borlänga", "linköpin": the town it misspells, with that town's surrogate (never
            # the town itself: it is the original under another spelling)
            self.avoid.add(spelt.lower())
            self.avoid_folds.add(fold(spelt))
            span = Span(span.start, span.end, label, span.attrs, span.score, span.rule, fold(spelt))
            original = spelt
        attrs = self._mention_attrs(span, attrs, original, strategy)
        kind = LABELS[label].kind
        if strategy == "tag":
            return f"@{label}_{ref}" + ("s" if "gen" in attrs else "")
        if strategy == "placeholder" and (kind in ("place", "institution") or label == "extra"):
            base = self._placeholder(label, ref, attrs, original)
        else:
            base = self._base(span, ref, original, written, draw, attrs, strategy, spelt)
        self._remember(span, original, written, base, spelt)
        return self._shaped(span, original, written, base, attrs)

    def _render_parted(self, span: Span, ref: int, original: str, draw: int | None,
                       country: str, strategy: str) -> str | None:
        """The surrogate of a mention made of a place and a word of its own ("Angered-området",
        "Lund C", "Atatürk flygplatsen", "Zaatari-lägret"); None for any other mention."""
        label = span.label
        head, dash, tail = original.rpartition("-")
        if dash and head and label in PLACE_LIKE and fold(tail) in self.lex.words("area_word"):
            # "Angered-området": a district of the surrogate town, "-området" kept
            self.districts.add(span.start)
            part = Span(span.start, span.start + len(head), "city", span.attrs, span.score,
                        span.rule, fold(head))
            return self.render(part, ref, head, draw, country) + dash + tail
        station = words().station_end.match(original) \
            if label == "place" and strategy == "lifelike" else None
        if station and self.lex.get(fold(station.group(1))).se_pop:
            return self._station(span, ref, original, station, country)
        airport = words().airport_end.match(original) \
            if label in PLACE_LIKE and strategy == "lifelike" and not station else None
        if airport and not self.lex.get(fold(airport.group(1))).se_pop:
            # "Jorge Chávez flygplats", "Atatürk flygplatsen": an airport abroad is the bare
            # "flygplatsen" (never a town of the surrogate country, nor a Swedish street)
            text = getattr(self.before, "text", "")
            head = text[:span.start].rstrip()
            return "Flygplatsen" if not head or head[-1] in ".!?\n" else "flygplatsen"
        if dash and head and label in PLACE_LIKE and strategy == "lifelike" and \
                fold(tail) in words().camp_words:
            # "Zaatari-lägret": a camp of the surrogate country, "-lägret" kept (never a town)
            part = Span(span.start, span.start + len(head), label, span.attrs, span.score,
                        span.rule, fold(head))
            return self.render(part, ref, head, draw, country) + dash + tail
        return None

    def _station(self, span: Span, ref: int, original: str, station: regex.Match[str],
                 country: str) -> str:
        """"från Lund C till Malmö C": the surrogate towns' stations, as near as the originals
        (never "från Ängsvägen till Centralstationen")."""
        self.avoid.add(station.group(1).lower())  # never Göteborg C for Göteborg C
        self.avoid_folds.add(fold(station.group(1)))
        part = Span(span.start, span.start + len(station.group(1)), "city", span.attrs,
                    span.score, span.rule, fold(station.group(1)))
        # the town's own surrogate where drawn, else one remembered under a number of the
        # town's own (the station's number is no town's: "från Lund C till Malmö" gave
        # Malmö's surrogate twice)
        town = self.place_map.get(fold(station.group(1)))
        own = -1 - int.from_bytes(hashlib.blake2b(fold(station.group(1)).encode(),
                                                  digest_size=6).digest(), "big")
        return (town if town and not self._original(town) else self.render(
            part, ref, station.group(1), own, country)) + original[station.end(1):]

    def _mention_attrs(self, span: Span, attrs: frozenset[str], original: str,
                       strategy: str) -> frozenset[str]:
        """The mention's attributes (`attrs`: its `morphology` as written), less a genitive its
        name only seems to have ("Västmanlands läns", "Andrés", "vår son Dimas"), plus one its
        institution's kind word shows ("Nackstaskolans")."""
        label = span.label
        if strategy == "lifelike" and label == "region" and self._next_word(span).startswith("län"):
            attrs -= {"gen"}  # "Västmanlands läns": the län's name is written in its own form
        kind = LABELS[label].kind
        if kind == "name" and "gen" in attrs and (self._name_follows(span) or (
                label.startswith("firstname") and self.lex.get(fold(original)).first_rank
                and not self.lex.get(fold(original)[:-1]).first_rank) or (
                # lifelike: a name only `name_lists_lifelike` lists ("vår son Dimas")
                strategy == "lifelike" and label.startswith("firstname")
                and fold(original) in words().name_list_origins
                and fold(original)[:-1] not in words().name_list_origins)):
            # "Andrés Ramírez", "Matías kom": a first name of its own, not a genitive (Jonas,
            # also Jona's, stays a genitive)
            attrs -= {"gen"}
        word = kind_word(original, self.lex) if kind == "institution" else ""
        if word and original.lower().endswith(word.lower() + "s"):
            attrs |= {"gen"}  # Nackstaskolans
        return attrs

    def _base(self, span: Span, ref: int, original: str, written: str, draw: int | None,
              attrs: frozenset[str], strategy: str, spelt: str) -> str:
        """The entity's surrogate in its base form: remembered (this essay's, the learner's
        earlier essays', the town it misspells), else drawn now."""
        label, kind = span.label, LABELS[span.label].kind
        key = (label, ref if draw is None else draw)
        base = self.base.get(key)
        town = span.key or fold(original)
        if base is None and label == "city" and strategy == "lifelike" and (
                spelt or town in self.spelt_towns) and not self._original(
                self.place_map.get(town, written)):
            # one town, one surrogate, however the learner spells it
            base = self.place_map[town]
        if spelt:
            self.spelt_towns.add(town)
        if base is None and kind == "institution":
            # Ryhov in one essay and the next, whatever label the detector gave it
            base = self.institution_map.get(fold(original))
        if base is None or self._original(base) or self._out_of_kept(span, original, base):
            # A surrogate remembered from the learner's earlier essay may be an original here
            # ("Gävle" named in this essay): draw another rather than publish the original;
            # a town abroad remembered in another country than the one this essay keeps
            # ("Kazan" for Kharkiv beside "alla ukrainare") is drawn anew in it too.
            base = self._choose(span, key[1], original, attrs)
            if strategy == "lifelike" and kind == "name":
                self.used.add(base.lower())  # (never drawn again under its other spelling)
                base = self._spelt_as_written(base)
            self.base[key] = base
            self.used.add(base.lower())
        elif kind == "institution":
            base = self._with_kind(base, original)
        else:
            self._settle(span, original, base)
            if strategy == "lifelike" and label in ("city", "area"):
                # a town abroad remembered from the learner's earlier essay is still the
                # essay's last place abroad: "Diyarbakir ... floden Dicle" keeps the river
                # there (never Emån)
                home = self._country_of(span, original)
                if home not in ("", "SE"):
                    self.abroad = home
                    if label == "city":
                        self.towns_abroad.append((span.start, base))
        if kind == "institution":
            self.institution_map.setdefault(fold(original), base)
        return base

    def _remember(self, span: Span, original: str, written: str, base: str, spelt: str) -> None:
        """Keep the surrogate for the essay's later mentions: of a name (also its initial), of
        a place (also as the learner misspelt it); a country's names follow it."""
        label, kind = span.label, LABELS[span.label].kind
        if label == "country":
            self._names_follow(span, original, base)
        if kind == "name" and label != "initials" and len(original.rstrip(".")) > 1:
            for key in (fold(original), span.key or fold(original)):
                self.name_map.setdefault(key, base)
            if label.startswith("firstname"):
                self.first_names.append(base)
        elif label == "initials":  # "Henrik Ö" and henrik.o@...: one letter for Ö
            self.name_map.setdefault(fold(original.rstrip(".")), base.rstrip("."))
        elif label in PLACE_LIKE or label == "country":
            self.place_map.setdefault(span.key or fold(original), base)
            self.written_places.setdefault(fold(original), base)
            if spelt:  # "352 52 vexjö": the postcode follows the misspelt town's surrogate too
                self.place_map.setdefault(fold(written), base)

    def _shaped(self, span: Span, original: str, written: str, base: str,
                attrs: frozenset[str]) -> str:
        """The surrogate as the mention is written: its slip, its inflection and its case."""
        label, kind = span.label, LABELS[span.label].kind
        if span.rule.startswith("pun:"):
            # "i floden" after Flod -> Ström: "i strömmen"; "Blixten slog" -> "Stormen slog"
            word = pun_form(base, span.rule)
            return word.capitalize() if written[:1].isupper() else word
        if self.effective == "lifelike" and kind in ("name", "place"):
            base = self._slip(span, written, base, attrs)
        if kind in ("institution", "place") and original.isupper() and len(original) <= 5:
            return self._inflect(base, label, attrs)  # SCA, HV71, A6: an acronym, not a shout
        if label in ("city", "region") and "gen" in attrs and self._next_word(span) in \
                words().town_words:
            return apply_case(town_genitive(base), written)  # Växjö kommun, Umeå stad
        if label == "city" and "gen" in attrs and self.effective == "lifelike" and fold(
                self._next_word(span)) in words().town_institution_words:
            return apply_case(town_genitive(base), written)  # "Uppsala stadsteater"
        if label in PLACE_LIKE or label == "country":
            base = self._alias_form(span, base)
        if label == "surname" and self.effective == "lifelike" and not words().gendered_surnames \
                .isdisjoint(self._lists(fold(base))):
            # one family, one surname: in a woman's form after her given name (`variant`),
            # where the surname's people have such forms (never a Swedish Lundin -> "Lundina",
            # nor a Tigrinya Ghebremedhin -> "Ghebremedhina")
            base = surname_form(base, original, "f" if self._of_woman(span) else "m")
        if kind in ("name", "place", "institution", "text") and label not in ("email", "url"):
            inflected = self._inflect(base, label, attrs)
            out = apply_case(inflected, written)
            if self.effective == "lifelike" and written == written.lower():
                # a learner who writes "hermods" or "tåg i bergslagen" writes its surrogate
                # so too: "medborgarskolan", never "danske Bank" or "taxi Kurir"
                return out.lower()
            head = (inflected.split() or [""])[0]
            if self.effective == "lifelike" and len(head) > 1 and head.isupper() \
                    and not written.isupper():
                return inflected  # "gefle IF" -> "IFK Kiruna", never "iFK Kiruna"
            return out
        return base

    def _slip(self, span: Span, written: str, base: str, attrs: frozenset[str]) -> str:
        """Lifelike: `base` misspelt as the mention misspells its entity ("Vimerby" for
        Vimmerby, "Stokholm", "Mariestadt": `slips.slip_of`, the entity's spelling being the
        coreference key), so the learner's slips stay in the text and never point back at the
        original as the one name spelt wrong; `base` as it is otherwise."""
        key, wrote = span.key, fold(written)
        if LABELS[span.label].kind == "name" and (span.rule == "fuzzy" or self.lex.get(
                wrote).first_rank or self.lex.get(wrote).surname_rank):
            # a fuzzy guess at a listed name ("Lounis" ~ Louis), or a listed name of its own,
            # is another name, no slip
            return base
        if "gen" in attrs and wrote.endswith("s") and not key.endswith("s"):
            wrote = wrote[:-1]
        if len(key) < words().slip_min or key == wrote or not wrote.isalpha() \
                or not key.isalpha():
            return base
        if (key[:-1] == wrote or wrote[:-1] == key) and (key + wrote)[-1] in "aeiouy" or \
                wrote in words().name_list_origins:
            return base  # Plamen, Plamena: a name of the other sex, no slip
        slip = slip_of(key, wrote)
        entry = self.lex.get(key)
        if slip is None or slip[0] == "sub" and (slip[1][0], slip[1][1:]) not in \
                words().spelling_slips and not (entry.se_pop or entry.country):
            # one letter for another in a name abroad is as often another transliteration
            # (Kavindu, Kavinda) as a slip: only a listed pair, or a Swedish town or a country
            return base
        pick = Draws(self.seed, self.scope, "slip", wrote).below(1 << 16)
        return slipped(base, slip, pick, words().spelling_slips)

    def _alias_clause(self, span: Span) -> tuple[str, str, str]:
        """(role, language, other) when the essay gives a place two names (`_alias_patterns`):
        role "first" for "Halab" in "Halab, på svenska heter det Aleppo" (language: that of
        the second name, "" where none is said), "second" for "Aleppo" (other: the first name
        as written); ("", "", "") otherwise. Two names joined by "eller" count only where the
        gazetteer knows them as one place's. Lifelike only: `realistic` replaces each mention
        as the taxonomy does."""
        w, text = words(), getattr(self.before, "text", "")
        if self.effective != "lifelike" or not w.alias_after or not text:
            return "", "", ""
        mention = text[span.start:span.end]
        after = text[span.end:span.end + 60]
        found = w.alias_before.search(text[max(0, span.start - 80):span.start])
        role, other = "second", found.group("first") if found else ""
        if not found:
            found = w.alias_after.match(after)
            role, other = "first", found.group("second") if found else ""
        entry = self.lex.get(fold(other))
        if not found or found.group("either") and not self._one_place(mention, other) or (
                # "Batangas på ön Luzon": an island, never a language ("på svenska")
                found.group("lang") and fold(found.group("lang")) in self.geo.kind_folds) or (
                entry.gender and not entry.place_kind) or (  # "i Malmö och heter Anna"
                role == "second" and other.islower() and not entry.place_kind
                and fold(other) not in self.written_places):  # "i staden, som heter X": no place
            return "", "", ""
        later = after if role == "second" else after[found.end():]
        closing = w.alias_closing.match(later)
        language = found.group("lang") or (closing.group(1) if closing else "") or (
            next(iter(w.swedish_language)) if fold(found.group("who") or "")
            in w.alias_standard_sayers else "")  # "Kerkûk, ni säger Kirkuk": the Swedish name
        return role, language, other if role == "second" else ""

    def _one_place(self, one: str, other: str) -> bool:
        """The gazetteer knows the two names as names of one place (Mumbai, Bombay)."""
        aliases = self.lex.place_aliases
        names = {fold(one), fold(other)}
        return any(names <= aliases.get(n, frozenset()) for n in (one, other, one.title(),
                                                                  other.title()))

    def _alias_of(self, span: Span) -> str | None:
        """The surrogate place of a place's first name, for its second name."""
        role, _, other = self._alias_clause(span)
        return self.place_map.get(fold(other)) or self.written_places.get(fold(other)) \
            if role == "second" else None

    def _alias_form(self, span: Span, base: str) -> str:
        """The surrogate place under the name the clause asks for: its Swedish name (the
        surrogate pools hold Swedish names) for the name given "på svenska", another of its
        names (Kyiv for Kiev) for the other, where the lexicon knows one."""
        role, language, _ = self._alias_clause(span)
        w = words()
        swedish = fold(language) in {fold(x) for x in w.swedish_language}
        named = self._native_pair(base)
        if not role or (role == "second") == swedish:
            # the Swedish name where the other is the native one ("Dihok, ni säger Duhok")
            return named[0] if named and (swedish or role == "first") and named[1] != named[0] \
                and not self._original(named[0]) else base
        if named and fold(language) not in w.alias_exonym_languages and \
                not self._original(named[1]):
            return named[1]  # "Halab, på svenska Aleppo" -> "Dimashq, på svenska Damaskus"
        english = w.english_names.get(fold(base)) if self.effective == "lifelike" else None
        if english and fold(language) in w.alias_exonym_languages and not self._original(english):
            return english  # "Warszawa (Warsaw på engelska)" -> "Krakow (Cracow på engelska)"
        others = self._other_names(base)
        return others[0].title() if others else base

    def _native_pair(self, base: str) -> tuple[str, str] | None:
        """Lifelike: (its Swedish name, its own people's name) of a surrogate place listed in
        `native_names_lifelike` under any of its names ("Dihok": Duhok, Dihok)."""
        table = words().native_names
        names = {fold(base)} | self.lex.place_aliases.get(base, frozenset())
        key = next((k for k in sorted(names) if k in table), None) or next(
            (k for k, v in sorted(table.items()) if fold(v[1]) in names), None)
        return table[key] if key else None

    def _two_names(self, base: str) -> bool:
        """Lifelike: a place whose own people's name is more than its Swedish one with an
        Arabic article joined (ar-Raqqa is Raqqa, al-Ladhiqiyah is not Latakia): a remark that
        it has two names makes sense of it."""
        named = self._native_pair(base)
        if not named:
            return True
        articles = sorted(self.lex.words("article_prefix"), key=len, reverse=True)
        bare = [next((fold(n)[len(a):] for a in articles if fold(n).startswith(a)), fold(n))
                for n in named]
        return bare[0] != bare[1]

    def _other_names(self, base: str) -> list[str]:
        """The folds of a place's other names, in order (lifelike: only the names the gazetteer
        holds as the place's city or exonym names, Damascus and Damas for Damaskus, never a
        spelling of another language such as "Tinis" for Tunis)."""
        lex = self.lex
        return sorted(a for a in lex.place_aliases.get(base, ()) if a != fold(base)
                      and a.replace(" ", "").isalpha() and not self._original(a) and (
                          self.effective != "lifelike"
                          or lex.get(a).place_kind in ("city", "exonym")))

    def _name_follows(self, span: Span) -> bool:
        """Another of the essay's names follows the mention directly ("Carlos Andrés Ramírez")."""
        text = getattr(self.before, "text", "")
        found = regex.match(r" (\p{Lu}\p{L}+)", text[span.end:span.end + 40])
        return bool(found) and fold(found.group(1)) in self.avoid_folds

    def _town_after(self, span: Span) -> str | None:
        """The surrogate of the town named just after a mention ("Sätra i Gävle")."""
        text = getattr(self.before, "text", "")
        found = regex.match(r",?\s+i\s+(\p{L}+)", text[span.end:span.end + 40])
        return self.place_map.get(fold(found.group(1))) if found else None

    def _offered(self, kind: Kind, span: Span | None) -> frozenset[str] | None:
        """Lifelike: the universities that offer every field the mention's sentence names
        ("studerar medicin på ...": the medical ones); None when it names none or none
        offers them all."""
        if self.effective != "lifelike" or kind.name != "university" or span is None:
            return None
        text = getattr(self.before, "text", "")
        begin, stop = _sentence_start(text, span.start), _sentence_end(text, span.end)
        table = university_fields()
        rows = [table[w] for w in regex.findall(r"\p{L}+", fold(text[begin:stop])) if w in table]
        return frozenset.intersection(*rows) or None if rows else None

    def _offering(self, kind: Kind, names: list[str]) -> list[str]:
        """Lifelike: those of the university names that offer the sentence's fields (all of
        them where none does or the sentence names no field)."""
        offered = self._offered(kind, self.span)
        if offered and not names:  # none to narrow: all that offer them, in the pool's order
            return [n for n in dict(kind.pool) if n in offered]
        return [n for n in names if n in offered] or names if offered else names

    def _towns_with(self, kind: Kind, span: Span, original: str) -> frozenset[str]:
        """The towns the essay's towns come from when it names an institution tied to towns:
        those with one of its kind; lifelike: one other than the original (Östersund has only
        Mittuniversitetet) and, before "i Town", not named "... i Town" itself (no "Högskolan
        i Gävle i Gävle")."""
        strategy = self.policy.strategy(span.label, self.strategy) if self.policy else \
            self.strategy
        if strategy != "lifelike":
            return kind.towns
        same = institution_aliases().get(fold(original), frozenset({fold(original)}))
        other = [(n, t) for n, t in kind.pool if t and fold(n) not in same]
        offered = self._offered(kind, span)
        other = [(n, t) for n, t in other if n in offered] or other if offered else other
        follows = self._town_follows(span)
        towns = (frozenset(t for n, t in other if not (follows and " i " in n))
                 or frozenset(t for _, t in other) or kind.towns)
        geo = self.geo
        if any(t in kind.towns for t in geo.towns if fold(t) in self.avoid_folds) or not any(
                fold(t) in self.avoid_folds for t in geo.towns):
            return towns
        # "Jag bor i Ludvika ... Högskolan Dalarna": the essay's town has none of its own, so
        # a town of a län that has one (its seat's), not a bigger town that has one itself
        counties = {geo.towns[t][1] for t in towns if t in geo.towns}
        return towns | frozenset(t for t, row in geo.towns.items() if row[1] in counties)

    def _word_after_in(self, span: Span) -> str:
        """Lifelike: the fold of the capitalised word after "i" or "vid" right after the
        mention ("Mittuniversitetet i Sundsvall": sundsvall), or of a Swedish town of the table
        right after it, in any case ("hallands sjukhus varberg", "sjukhuset i varberg"); ""
        when none."""
        text = getattr(self.before, "text", "")
        strategy = self.policy.strategy(span.label, self.strategy) if self.policy else \
            self.strategy
        found = regex.match(r"\s+(?:i|vid)\s+(\p{Lu}[\p{L}-]*)", text[span.end:span.end + 40])
        if not found and strategy == "lifelike":
            found = regex.match(r",?\s+(?:(?:i|vid)\s+)?(\p{L}[\p{L}-]*)", text[
                span.end:span.end + 40])
            found = found if found and fold(found.group(1)) in self.geo.town_folds else None
        return fold(found.group(1)) if found and strategy == "lifelike" else ""

    def _town_follows(self, span: Span) -> bool:
        """Lifelike: a town is named right after the mention ("Mittuniversitetet i Sundsvall")."""
        text = getattr(self.before, "text", "")
        strategy = self.policy.strategy(span.label, self.strategy) if self.policy else \
            self.strategy
        return strategy == "lifelike" and bool(
            regex.match(r"\s+i\s+\p{Lu}", text[span.end:span.end + 40]))

    def _said(self) -> frozenset[str]:
        """The essay's folded words, read once per essay."""
        if self.said is None:
            self.said = frozenset(regex.findall(r"\p{L}+", fold(getattr(self.before, "text", ""))))
        return self.said

    def _child(self, span: Span) -> bool:
        """Lifelike: the name is a child's: a kin word of a child among the three words before
        it ("min dotter Ella", "vår son heter Nils"), or a preschool or school-class word in its
        sentence ("På förskolan hon heter Ella")."""
        w = words()
        if not w.child_words.isdisjoint(b.strip(",.:;") for b in
                                        self.before.get(span.start, ())[-3:]):
            return True
        text = getattr(self.before, "text", "")
        begin, end = _near_sentence(text, span.start, span.end)
        return not w.child_places.isdisjoint(regex.findall(r"\p{L}+", fold(text[begin:end])))

    def variant(self, span: Span) -> str:
        """What sets one mention's surrogate apart from another mention of the same entity:
        "f" for a lifelike surname of a woman (`_of_woman`), else ""."""
        strategy = self.policy.strategy(span.label, self.strategy) if self.policy else self.strategy
        return "f" if strategy == "lifelike" and span.label == "surname" and \
            self._of_woman(span) else ""

    def _of_woman(self, span: Span) -> bool:
        """Lifelike: a surname right after a woman's given name or patronymic, one or two
        words before it ("Olena Shevchenko", "Olena Mykolaivna Shevchenko")."""
        text = getattr(self.before, "text", "")
        said = regex.findall(r"\p{L}+", text[max(0, span.start - 40):span.start])[-2:]
        female = tuple(end for end, names in words().patronymics if end.endswith("na"))
        return any(self.lex.get(fold(w)).gender == "female" or fold(w).endswith(female)
                   for w in said)

    def _age_limit(self, span: Span, original: str) -> bool:
        """Lifelike: an age of the law's (`age_limits_lifelike`: 18, 65) right after a word
        that makes it a limit ("över 18", "under arton", "äldre än 65"): every reader knows the
        limit, so a moved one ("över 19") gives the text away; so is one people in general
        reach ("alla unga vill ta körkort när de fyller arton": a verb of `age_limit_verbs`
        before it, a word of `age_limit_people` in its clause), never "när min son fyller 18"."""
        text = getattr(self.before, "text", "")
        said = regex.search(r"(\p{L}+)[\s,]*$", text[max(0, span.start - 30):span.start])
        before, limits, verbs, people = words().age_limits
        if not said or age_value(original, span.label, self.lex, True) not in limits:
            return False
        word = fold(said.group(1))
        clause = regex.split(r"[.!?;:\n]", text[max(0, span.start - 120):said.start()])[-1]
        return word in before or word in verbs and not people.isdisjoint(
            regex.findall(r"\p{L}+", fold(clause)))

    def _school_age(self, span: Span, original: str) -> bool:
        """Lifelike: an age within a year of the age of a school year named near it ("hon går
        i årskurs 3 och fyller nio": 9) is the year's age, which every reader knows: kept as
        written, never "fyller tio" or "åtta" in year 3 (the school year does not move)."""
        w = words()
        if w.school_year is None:
            return False
        text = getattr(self.before, "text", "")
        near = fold(text[max(0, span.start - SCHOOL_AGE_NEAR):span.end + SCHOOL_AGE_NEAR])
        age = age_value(original, span.label, self.lex, True)
        return any(abs(age - (w.school_start_age - 1 + (int(m.group(1) or m.group(2) or 0) or
                                                         w.school_years[m.group(3) or m.group(4)])))
                   <= 1 for m in w.school_year.finditer(near))

    def _next_word(self, span: Span) -> str:
        """The word just after a mention, lower-cased ("" at the end or unknown)."""
        text = getattr(self.before, "text", "")
        found = regex.match(r"[\s,]*(\p{L}+)", text[span.end:span.end + 40])
        return found.group(1).lower() if found else ""

    @property
    def geo(self) -> Geography:
        """geography.toml as the mention's strategy reads it (`lifelike`: with its own rows)."""
        return geography(self.effective == "lifelike")

    def keeps(self, span: Span, original: str) -> bool:
        """`lifelike` keeps a one-of-a-kind national authority as written (Migrationsverket,
        Försäkringskassans): it names no writer, and a peer in its place is a clue."""
        strategy = self.policy.strategy(span.label, self.strategy) if self.policy else self.strategy
        if strategy == "lifelike" and span.label in FEAST_DATE_LABELS:
            return self._feast_date(span, original)
        if strategy == "lifelike" and LABELS[span.label].kind == "name" and \
                fold(original) in words().kunya:
            return True  # "abu karim": abu stays, Karim becomes his son's surrogate
        if strategy == "lifelike" and LABELS[span.label].kind in ("name", "place") and \
                self._own_word(span):
            return True  # "Akwaaba!", "min irmã Bruna": a word of the writer's own language
        if strategy == "lifelike" and span.label == "year" and \
                fold(self._next_word(span)) in words().amount_words:
            return True  # "2000 kronor" is an amount
        if strategy == "lifelike" and span.label == "year" and self._event_year(span):
            return True  # "kriget började 2011" is the war's year
        if strategy == "lifelike" and span.label in ("age_digits", "age_string") and (
                self._age_limit(span, original) or self._school_age(span, original)):
            return True  # "hon är över 18" is the law's age, not hers; "nio år, i trean"
        if strategy == "lifelike" and span.label == "country" and \
                self._country_of(span, original) in self.kept:
            return True  # "Ukraina ... alla ukrainare": no other country fits the words
        if strategy == "lifelike" and span.label in PLACE_LIKE and \
                fold(original) in words().peoples_regions:
            return True  # "Kurdistan" spans four countries: the surrogate country is one of them
        if strategy == "lifelike" and span.label == "country" and \
                self.lex.get(span.key or fold(original)).country in self.kept_homes:
            return True  # "född i Kraków" -> Wrocław before: "I Polen ... i Kraków" keeps Polen
        if strategy != "lifelike" or LABELS[span.label].kind != "institution":
            return False
        key = fold(original)
        return key in unique_authorities() or (key.endswith("s") and
                                               key[:-1] in unique_authorities())

    def _event_year(self, span: Span) -> bool:
        """Lifelike: a year in a sentence naming a war or another public event
        (`event_words_lifelike`: "inbördeskriget började 2011") is the event's, shared by every
        writer from there: kept, never moved with the learner's years, unless a word of one's
        own date other than the event's verb makes it the writer's ("vi flydde 2013", "min
        pappa dog i kriget 2012"), except where the event's verb stands within two words of
        it and no such word does ("2011 började kriget och vi flydde" keeps 2011)."""
        text = getattr(self.before, "text", "")
        begin, end = _sentence_start(text, span.start), _sentence_end(text, span.end)
        said = set(regex.findall(r"\p{L}+", fold(text[begin:end])))
        if said.isdisjoint(words().event_words):
            return False
        own = words().own_date_words - words().event_verbs
        near = set(regex.findall(r"\p{L}+", fold(text[begin:span.start]))[-2:] + regex.findall(
            r"\p{L}+", fold(text[span.end:end]))[:2])
        return said.isdisjoint(own) or (
            not words().event_verbs.isdisjoint(near) and own.isdisjoint(near))

    def _feast_date(self, span: Span, original: str) -> bool:
        """Lifelike: a day and month in a sentence that names a feast ("vi firade jul den 7 i
        1, nu firar vi den 25 december", "Nowruz ... 21/3") is the feast's date, which every
        writer shares: kept as written (marked, out of the key), never "den 20 november"; so
        is a school term's ("Skolan börjar den 21 augusti", `term_words_lifelike`; never "den 2
        juli"). A date with a year, or a month without its day, still moves, but for the month
        of a school term ("Timur började skolan i augusti 2022": never juli, whoever starts) and
        a month of every year (`habitual_words_lifelike`: "Dashain är i oktober varje år")."""
        text = getattr(self.before, "text", "")
        begin, end = _sentence_start(text, span.start), _sentence_end(text, span.end)
        feasts = {w.split()[0] for w in self.lex.words("not_name", "feast")} | \
            words().national_days | words().term_words
        said = regex.findall(r"\p{L}+", fold(text[begin:end]))  # ("nationaldagen," too)
        if span.label == "month_word" and not (words().term_words.isdisjoint(said) and (
                words().habitual_words.isdisjoint(said)
                or not words().own_date_words.isdisjoint(said))):
            return True
        if feasts.isdisjoint(said) or not words().own_date_words.isdisjoint(said):
            return False  # no feast, or a birthday, an arrival, a wedding beside it
        year = regex.compile(r"[\s,]*\d{4}(?!\d)")
        if span.label == "month_word" and not words().national_days.isdisjoint(said):
            return not year.match(text, span.end)  # "I september är det Chiles nationaldag"
        if span.label == "date_digits":
            return bool(regex.fullmatch(r"\d{1,2}[/.]\d{1,2}\.?", original.strip()))
        if span.label == "day":
            after = regex.match(r"\s*(?:i\s*\d{1,2}(?![\d/.-]\d)|(\p{L}+))",
                                text[span.end:span.end + 20])
            return bool(after) and (after.group(1) is None or "month" in self.lex.get(
                fold(after.group(1))).cats) and not year.match(text, span.end + after.end())
        return bool(regex.search(r"(?<![\d/.-])\d{1,2}\.?\s*(?:i\s*)?$",
                                 text[max(0, span.start - 10):span.start])) \
            and not year.match(text, span.end)

    def _inflect(self, base: str, label: str, attrs: frozenset[str]) -> str:
        if "pl" in attrs and label == "surname":
            return plural(base, "def" in attrs) + ("s" if "gen" in attrs and "def" in attrs else "")
        return genitive(base) if "gen" in attrs else base

    def _original(self, pick: str) -> bool:
        """The pick is an original of the essay, under any spelling or name of the feature."""
        low = pick.lower()
        folds = (self.lex.place_aliases.get(pick, frozenset()) | {fold(pick)}
                 | institution_aliases().get(fold(pick), frozenset())
                 | self.geo.feature_aliases.get(fold(pick), frozenset()))
        return low in self.avoid or not folds.isdisjoint(self.avoid_folds) or any(
            w in self.avoid for w in low.replace("-", " ").split()) or any(
            w in self.avoid_folds for w in fold(pick).replace("-", " ").split()) or (
            self.strategy == "lifelike" and self._original_compound(fold(pick)))

    def _original_compound(self, folded: str) -> bool:
        """Lifelike: an original with a kind word joined to it ("Kabulfloden" where Kabul is
        an original: it would name the original town again)."""
        return any(folded.endswith(kind) and folded[:-len(kind)].rstrip("- ") in self.avoid_folds
                   for kind in self.geo.kind_folds if len(folded) > len(kind) + 2)

    def _free(self, pick: str) -> bool:
        """Not used yet, and neither it nor any of its words is an original of the essay
        ("Göteborgs Hotell" must not be drawn where Göteborg is an original); lifelike: nor a
        word the essay writes (a daughter drawn as Nora where the essay names the town Nora,
        a chef drawn as Kull beside "en kull valpar": an echo the original never made)."""
        return pick.lower() not in self.used and not self._original(pick) and not (
            self.effective == "lifelike" and fold(pick) in self._essay_words())

    def _essay_words(self) -> frozenset[str]:
        """Lifelike: the folded words of the essay, read once per essay."""
        text = getattr(self.before, "text", "")
        if self.words_of[0] is not text:
            self.words_of = (text, frozenset(regex.findall(r"\p{L}+", fold(text))))
        return self.words_of[1]

    def _draw(self, pool: Sequence[str], rng: Draws) -> str | None:
        if not pool:
            return None
        for _ in range(50):
            pick = pool[rng.below(min(len(pool), 200))]
            if self._free(pick):
                return pick
        return next((pick for pick in pool if self._free(pick)), None)

    def _placeholder(self, label: str, ref: int, attrs: frozenset[str], original: str) -> str:
        kind = kind_word(original, self.lex) if LABELS[label].kind == "institution" else ""
        if kind:  # Nackstaskolan -> A-skolan, Stadsbiblioteket -> A-biblioteket
            return f"{letter(ref)}-{kind.lower().lstrip(' -')}"
        forms = DEFINITE if "def" in attrs and label in DEFINITE else INDEFINITE
        return forms.get(label, "{L}-extra").format(L=letter(ref))

    def _with_kind(self, base: str, original: str) -> str:
        """A remembered institution surrogate in this mention's form of its kind word
        (Ekbackaskola -> Ekbackaskolan)."""
        old, new = kind_word(base, self.lex), kind_word(original, self.lex)
        # only the same kind word in another form, at the end of the name and joined to it
        # as in the original (never "Linköpings universitet" -> "Linköpingsuniversitetet")
        if old and new and old.lower() != new.lower() and base.lower().endswith(old.lower()) \
                and (old[:1] in " -") == (new[:1] in " -") and (
                new.lower().lstrip(" -").startswith(old.lower().lstrip(" -"))
                or old.lower().lstrip(" -").startswith(new.lower().lstrip(" -"))):
            return base[:len(base) - len(old)] + new.lower()
        return base

    def _compound(self, rng: Draws, ending: str) -> str:
        """An invented Swedish name: a stem and the original's kind word (Ekbacka + skolan)."""
        stems = words().stems
        ending = ending if ending.strip().isupper() else ending.lower()  # " AB" stays upper
        for _ in range(50):
            pick = stems[rng.below(len(stems))] + ending
            if self._free(pick):
                return pick
        return stems[0] + ending

    def _in_bigger_town(self, span: Span) -> bool:
        """Lifelike: a Swedish place written right before "i" and a bigger Swedish town
        ("hemtjänsten i Anderstorp i skellefteå") is a part of that town, whatever else the
        gazetteer calls it: its surrogate is a district of the town's, never a second town."""
        text = getattr(self.before, "text", "")
        found = regex.match(r"\s+i\s+(\p{L}+)", text[span.end:span.end + 40])
        if not found:
            return False
        town, place = self.lex.get(fold(found.group(1))), self.lex.get(span.key or fold(
            text[span.start:span.end]))
        return (town.se_pop >= SWEDISH_TOWN_IN_WINDOW and town.zipf < TOWN_WORD_ZIPF
                and "common_name_homograph" not in town.cats
                and 0 < place.se_pop < town.se_pop and place.place_country in ("", "SE"))

    def _own_town_rendered(self, original: str) -> str | None:
        """Lifelike: the surrogate of a Swedish district's own town where the essay already
        rendered that town, also inside an institution's name ("Jag bor i Borås. Göteborgs
        moské ligger i Hjällbo": Hjällbo lies in Göteborg's surrogate, never in Borås's)."""
        if self.effective != "lifelike":
            return None
        own = next((t for t, names in self.lex.districts_by_town.items() if original in names),
                   None)
        pick = self.place_map.get(fold(own)) if own else None
        return pick if pick in self.lex.districts_by_town else None

    def _own_town_named(self, original: str, rng: Draws) -> str | None:
        """Lifelike: a surrogate for a Swedish district's own town that the essay names only
        in a name not yet rendered ("Jag bor i Borås. Göteborgs moské ligger i Hjällbo"): a
        free town whose districts we know, about as far from the essay's town's surrogate as
        the original lies (`_as_far`), noted for that name, so the institution and the
        district lie in one town (never "Malmö moské ligger i Fredriksdal", a district of
        Helsingborg); None where the essay does not name it or its town is the essay's own."""
        own = next((t for t, names in self.lex.districts_by_town.items() if original in names),
                   None) if self.effective == "lifelike" else None
        text = fold(getattr(self.before, "text", ""))
        first = next((k for k, v in self.place_map.items() if v == self.city), "")
        if not own or not self.city or fold(own) in self.place_map or fold(own) == first or \
                not regex.search(rf"(?<!\p{{L}}){regex.escape(fold(own))}", text):
            return None
        # an institution of the own town rendered already: its surrogate's town
        # (Linköpings universitet of Linköping and Norrköping: the essay's town first)
        ties: dict[str, list[str]] = {}
        for kind in institution_kinds(True):
            for n, t in kind.pool:
                if t in self.lex.districts_by_town:
                    ties.setdefault(n, []).insert(0 if t == self.city else len(ties.get(n, ())), t)
        done = next((ties[p][0] for name, p in self.institution_map.items()
                     if fold(own) in name and p in ties), None)
        if done:
            self.place_map[fold(own)] = done
            return done
        towns = [t for t in self._swedish_towns(list(self.lex.districts_by_town))
                 if t in self.lex.districts_by_town and self._free(t) and t != self.city]
        # a town with an institution of each kind the essay names of the own town (a mosque
        # for "Göteborgs moské"), so the institution's surrogate lies there too
        for kind in institution_kinds(True):
            if any(t == own and regex.search(rf"(?<!\p{{L}}){regex.escape(fold(n))}(?!\p{{L}})",
                                             text) for n, t in kind.pool):
                towns = [t for t in towns if t in kind.towns] or towns
        pick = self._draw(self._as_far(self.city, first, own, towns) or towns, rng)
        if pick:
            self.place_map[fold(own)] = pick
        return pick

    def is_district(self, span: Span, original: str) -> bool:
        """A district of a Swedish town: the lexicon lists it, or the essay calls it one
        ("i området Hulta", `districts` holds such spans' starts)."""
        return span.start in self.districts or "district" in self.lex.get(
            span.key or fold(original)).cats

    def _read_waters(self) -> None:
        """Lifelike, once per essay: a Swedish town a sentence ties to a river or lake, named
        ("Svartån rinner genom Västerås", "Jönköping ligger vid Vättern") or by its kind word
        ("älven i Umeå"), or to a sea ("åker till Göteborg och badar i Västerhavet"), is drawn
        among the towns that have a free one of each such kind
        (`feature_towns`, none an original of the essay), so the water's surrogate is the
        surrogate town's own (never "Kolbäcksån rinner genom Örebro")."""
        geo = geography(True)
        have: dict[str, set[str]] = {}
        for name, towns in geo.feature_towns.items():
            kind = geo.features.get(name, ("", frozenset()))[0]
            # (a sea the essay names counts: its coast is the essay's, `coasts_lifelike`)
            if kind in WATER_KINDS and (kind == "sea" or not self._original(name)):
                for town in towns:
                    have.setdefault(town, set()).add(kind)
        listed = {fold(t) for t in geo.towns}
        kind_of = dict(geo.kind_words)
        text = getattr(self.before, "text", "")
        # a town of `[towns]` or any other Swedish locality the places gazetteer knows that is
        # no name nor a common word (Mariestad by Vänern, Hallstahammar by Kolbäcksån)
        towns = listed | {f for w in set(regex.findall(r"\p{Lu}\p{L}+", text))
                          if (e := self.lex.get(f := fold(w))).se_pop > 1 and not e.gender
                          and not e.surname_rank and "district" not in e.cats
                          and e.zipf < words().word_zipf}  # (never "Vi badar i Vänern")

        def named(part: str) -> set[str]:
            """The kinds of the Swedish rivers and lakes named in `part`."""
            return {geo.features[geo.feature_folds[m]][0] for m in
                    geo.feature_pattern.findall(fold(part))
                    if not abroad(geo.features[geo.feature_folds[m]][1])} & WATER_KINDS
        # "Jag bor i Södertälje. Kolbäcksån är fin": a river or lake named in a sentence
        # without a town is the town's named last before it (the essay's first town where none
        # is): "Förut bodde jag i Hallstahammar. Där fiskade vi i Kolbäcksån" (the feature
        # follows that town's surrogate, `_feature_town`)
        first = next((fold(w) for w in regex.findall(r"\p{Lu}\p{L}+", text) if fold(w) in towns
                      and "district" not in self.lex.get(fold(w)).cats), None)
        last = None
        for sentence in regex.split(r"[.!?\n]", text):
            waters = named(sentence)
            # (never the sea a sentence denies: "det är långt från havet")
            kinds = (waters | {kind_of[w] for w in regex.findall(
                r"\p{L}+", geo.inland.sub(" ", fold(sentence))) if w in kind_of}) & WATER_KINDS
            found = [fold(w) for w in regex.findall(r"\p{Lu}\p{L}+", sentence)
                     if fold(w) in towns]
            for town in found if kinds else ():
                self.institution_towns.setdefault(town, frozenset(
                    t for t, k in have.items() if kinds <= k))
            if waters and not found and (last or first):
                self.institution_towns.setdefault(last or first, frozenset(
                    t for t, k in have.items() if waters <= k))
            last = next((t for t in reversed(found)
                         if "district" not in self.lex.get(t).cats), last)

    def kind_of(self, span: Span, original: str) -> Kind | None:
        """`institution_kind` of a mention; the words before it read only when its name does
        not tell. Lifelike: a known member first, then a kind the essay says it is ("ett
        städföretag som heter Rena Hem" is a cleaning firm, though "Hem" ends landlords'
        names), then the name's words and the words before it."""
        if self._strategy_of(span) != "lifelike":
            return named_kind(original) or kind_before(self.before.get(span.start, ()))
        # (a kind said wins over a name of a pool: "en butik som heter Gallerian" is a shop)
        before = self.before.get(span.start, ())
        # its Swedish places are no word of its kind ("sölvesborgs varv" is no castle's "-borg")
        places = frozenset(fold(word) for word, _, _ in self._swedish_places(original))
        return member_kind(original, True) or self._kind_said(span) or named_kind(
            original, True, places) or ended_kind(original) or worker_kind(before) or \
            kind_before(before, True) or self._trade_said(span)

    def _trade_said(self, span: Span) -> Kind | None:
        """Lifelike: for a workplace no name or word before it tells, the kind whose `trades`
        word its sentence or the next holds nearest it ("jobbar på X. Vi tillverkar pumpar":
        industry, never a hotel); None for other labels or no such word."""
        if span.label != "work":
            return None
        text = getattr(self.before, "text", "")
        start, end = _near_sentence(text, span.start, span.end)
        end = _sentence_end(text, end + 1, min(len(text), end + 1 + SENTENCE_REACH))
        # the word nearest the mention wins ("lagret" of "fabriken, jag jobbar på lagret" is
        # still a factory's when "fabriken" stands closer)
        said = sorted(regex.finditer(r"\p{L}+(?:-\p{L}+)*", fold(text[start:end])),
                      key=lambda m: abs(start + m.start() - span.start))
        kinds = institution_kinds(True)
        return next((k for m in said for k in kinds if m.group() in k.trades), None)

    def _strategy_of(self, span: Span) -> str:
        """The strategy the policy gives the mention's label (`effective` before rendering)."""
        return self.policy.strategy(span.label, self.strategy) if self.policy else self.strategy

    def _kind_said(self, span: Span) -> Kind | None:
        """Lifelike: the kind a noun of the essay says the mention is, right before it
        ("hyresvärden Willhem", "restaurangen X"), before "som heter"/"som hette"/"vid namn"
        ("ett städföretag som heter Rena Hem") or after it, past one adjective ("Fotografiska,
        det är ett museum", "X är en stor djurpark", "X, en frikyrka"); None when none does."""
        text = getattr(self.before, "text", "")
        head = [w for w in regex.findall(r"\p{L}+", fold(text[max(0, span.start - 60):span.start]))]
        said: list[str] = head[-1:]
        if head[-1:] in (["pa"], ["hos"]):
            # "konto på BDO", "lån hos X": a bank; but "moskén på Hisingen", a town, district
            # or island after it, says where the noun's place lies, not what the place is
            said = [] if span.label in TOWN_OR_NATURE else head[-2:-1]
        if head[-2:] == ["vid", "namn"] or head[-1:] in (["heter"], ["hette"], ["kallas"]):
            # "en restaurang som heter X", "Restaurangen där jag jobbar heter X", "vår egen
            # restaurang! Den heter X": the nearest noun of a kind in the words before
            said = list(reversed(head[-7:-1]))
        after = regex.match(r"\s*,?\s*(?:(?:det|den|som)\s+)?(?:(?:är|var)\s+)?(?:en|ett)\s+"
                            r"(\p{L}+)(?:\s+(\p{L}+))?", text[span.end:span.end + 60])
        if after:
            said += [fold(w) for w in after.groups() if w]
        kinds = institution_kinds(True)
        return next((kind for word in said for kind in kinds if word in kind.said), None)

    def _place_kind(self, span: Span, original: str) -> Kind | None:
        """Lifelike: the kind of institution a mention labelled a place, feature or town is
        (a kind of `place = true`): one the essay says it is, one its name gives where it is
        labelled a place or is no place we know ("Mirum Galleria", "A-kassan"), or, of a kind
        with `cues` (places are named so too), a member or a name holding a cue that its
        sentence tells ("Vi åkte till Kolmården och såg delfiner", "Furuvik ... aporna");
        never a landmark of geography.toml (Nordstan: its own table), else None."""
        if self._strategy_of(span) != "lifelike" or self.geo.landmark_folds.get(
                span.key or fold(original)) or self.geo.landmark_folds.get(fold(original)):
            return None
        said = self._kind_said(span)
        if said:
            return said if said.place else None
        kind = named_kind(original, True)
        if not kind or not kind.place:
            return None
        entry = self.lex.get(span.key or fold(original))
        if not kind.cues:
            # "Mirum Galleria"; "A-kassan" read as a town: a name no gazetteer knows as a place
            return kind if span.label == "place" or not (
                entry.se_pop or entry.place_country or entry.cats) else None
        # a kind places are named like too (Furuvik, Fridhem): its sentence must tell it, of
        # a known member or of a place-labelled name holding a cue ("Borås djurpark")
        text = getattr(self.before, "text", "")
        sentence = fold(text[_sentence_start(text, span.start):_sentence_end(text, span.end)])
        cue = r"\p{L}+(?:-\p{L}+)*"
        return kind if (fold(original) in kind.names or span.label == "place" and not kind.cues
                        .isdisjoint(regex.findall(cue, fold(original)))) and not kind.cues \
            .isdisjoint(regex.findall(cue, sentence)) else None

    def order(self, span: Span, original: str) -> int:
        """Rendering order: countries, then Swedish towns, then the rest, so a city abroad
        follows its country and a district its town wherever they stand in the essay."""
        if not self.has_read and self.strategy == "lifelike":
            # "vi gick till domkyrkan": the essay's towns come from towns that have one
            self.has_read = True
            said = set(regex.findall(r"\p{L}+", fold(getattr(self.before, "text", ""))))
            geo = geography(True)
            self.need_towns += [towns for word, towns in sorted(geo.town_has.items())
                                if word in said]
            # "domkyrkan i Västerås", "slottet i Kalmar": that town is one that has one
            for found in regex.finditer(r"(?<!\p{L})(\p{L}+)\s+(?:i|vid)\s+(\p{Lu}[\p{L}-]*)",
                                        getattr(self.before, "text", "")):
                towns = geo.town_has.get(fold(found.group(1)))
                if towns:
                    self.institution_towns.setdefault(fold(found.group(2)), towns)
            self._read_waters()
            found = words().writer_any.search(getattr(self.before, "text", ""))
            if found:  # the writer's given name, for an initial in this or a later essay
                self.base[LEARNER_WRITER] = fold(found.group(1))
            folded = fold(getattr(self.before, "text", ""))
            coasts = [towns for named, towns in geo.coasts if any(
                regex.search(rf"(?<!\p{{L}}){regex.escape(w)}(?!\p{{L}})", folded) for w in named)]
            if geo.inland and geo.inland.search(folded):
                # "I Trollhättan vi har inte hav": an inland town (never Halmstad)
                self.need_towns.append(frozenset(geo.towns) - geo.shore_towns)
            elif coasts:
                # "ett sommarhus på Tjörn", "vi badade i Östersjön": a town of that coast
                self.need_towns.append(frozenset().union(*coasts))
            elif not geo.shore_words_essay.isdisjoint(said) or not geo.sea_islands.isdisjoint(
                    said) or any(kind == "sea" and not abroad(where) and fold(name) in said
                                 for name, (kind, where) in geo.features.items()):
                # "vi badar i Kalmarsund", "nära havet", "ut i skärgården", "ett sommarhus på
                # Tjörn", anywhere in the essay: the essay's towns lie on the sea
                self.need_towns.append(geo.shore_towns)
        if span.label == "country":
            return 0
        if span.rule.startswith("pun:"):
            return 4  # "fiskar i floden" before "Dan Flod": after the name it stands for
        if span.label in ("email", "url", "extra"):
            return 3  # after the names they are built from
        if self.strategy == "lifelike" and span.label.startswith("firstname") and \
                fold(original) in self._short_originals():
            return 3  # "Alla kallar mig Sasha ... jag heter Aleksandr": after its full name
        alias = self.strategy == "lifelike" and LABELS[span.label].kind == "name" and \
            self.lex.get(fold(original)).place_kind and words().alias_before.search(
                getattr(self.before, "text", "")[max(0, span.start - 80):span.start])
        first = self.lex.get(fold(alias.group("first"))) if alias else None
        if alias and (alias.group("who") or alias.group("lang") or alias.group("paren")) and \
                fold(alias.group("first")) in self.avoid_folds and not first.gender and (
                    first.place_kind or first.zipf < words().word_zipf):
            return 3  # "hewlêr, araber säger Erbil" (a name too): after the place it names
            # (never "Min dotter heter Fatima", Fátima a town too, nor "hon är sex, vi säger
            # Yasi": a nickname)
        if LABELS[span.label].kind == "institution":
            kind = self.kind_of(span, original)
            if kind and kind.towns and not self._abroad(original):
                self.need_towns.append(self._towns_with(kind, span, original))
                town = self._word_after_in(span)
                if town and "district" not in self.lex.get(town).cats:
                    # "studerar på Mittuniversitetet i Sundsvall": a town that has one (a
                    # district after "i" stays a district: "kyrkan i Rinkeby")
                    towns = self._towns_with(kind, span, original) & kind.towns
                    # ... one not named in it, or "Umeå universitet i Umeå" doubles the town
                    self.institution_towns[town] = frozenset(
                        t for t in towns if any(tt == t and not _names_town(n, t)
                                                for n, tt in kind.pool)) or towns
                if self.strategy == "lifelike":
                    # "jobbar i Göteborg ... Göteborgs domkyrka": the town the name holds is
                    # one that has one (never Västervik with Växjö domkyrka)
                    for _, key, _ in self._swedish_places(original):
                        self.institution_towns.setdefault(
                            key, self._towns_with(kind, span, original) & kind.towns)
        if span.label == "city" and self.strategy == "lifelike" and self._in_bigger_town(span):
            self.districts.add(span.start)  # "Anderstorp i Skellefteå": a part of Skellefteå
        if span.label == "city" and self.is_district(span, original):
            self.has_district = True
        if span.label == "city" and self.strategy == "lifelike" and self._on_island_after(span):
            return 3  # "Batangas på ön Luzon": after the island, as a town on its surrogate
        town = self._town_of_region(span, original) if self.strategy == "lifelike" else ""
        if town:  # "Shiraz i Fars": after the town, as the region of its surrogate
            self.region_of_town[span.start] = town
            self.towns_with_region.setdefault(town, span.key or fold(original))
            return 3
        parent = self._parent_abroad(span, original)
        if parent:  # after the places it lies in, whatever their order in the essay
            self.parents[span.start] = parent
            self.parent_folds.add(parent)
            return 3
        if span.label == "city" and "foreign" not in span.attrs and not self.is_district(
                span, original):
            # a town before an unknown place (lifelike: a misspelt town is a known one)
            return 1 if self._known(span, original) or (
                self.strategy == "lifelike" and self._misspelt_town(span, original)) else 2
        return 2

    def _on_island_after(self, span: Span) -> bool:
        """Lifelike: a town followed by "på" (and "ön") and an island abroad we know towns of
        ("Batangas på ön Luzon", "Cebu City på Cebu")."""
        geo = self.geo
        found = regex.match(r"\s+på\s+(?:ön\s+)?(\p{L}[\p{L}-]*(?:\s+\p{Lu}[\p{L}-]*)?)",
                            getattr(self.before, "text", "")[span.end:span.end + 60])
        if not found:
            return False
        said = fold(found.group(1))
        name = geo.feature_folds.get(said) or geo.feature_folds.get(said.split()[0])
        return bool(name) and geo.features[name][0] == "island" and abroad(
            geo.features[name][1]) and name in geo.feature_towns_abroad

    def _town_of_region(self, span: Span, original: str) -> str:
        """Lifelike: the fold of the town abroad a place names the region of: written right
        after "Town i" ("Mashad i Khorasan") or after "stad i" in the town's sentence
        ("Shiraz, det är en gammal stad i Fars"), and no city at least as big as the town
        (then the town lies in it: "Üsküdar i Istanbul"); "" otherwise."""
        if span.label not in PLACE_LIKE or fold(original) in self.geo.feature_folds:
            return ""  # "Cusco i Anderna": a range, not a region
        lex, text = self.lex, getattr(self.before, "text", "")
        sentence = text[_near_sentence(text, span.start, span.end)[0]:span.start]
        found = regex.search(r"(?:\p{L}[\p{L}'-]*\s+){0,2}(\p{L}[\p{L}'-]*)\s+i\s+$", sentence)
        if not found:
            return ""
        word = fold(found.group(1))
        if word in words().region_town_words:  # "en gammal stad i Fars": the sentence's last town
            towns = [fold(t) for t in regex.findall(r"\p{L}[\p{L}'-]*", sentence[:found.start(1)])]
            word = next((t for t in reversed(towns) if self._abroad_town(t)), "")
        else:  # a name of several words: "Baia Mare i Maramureș", the longest a town abroad
            said = found.group(0).split()[:-1]
            word = next((w for w in (fold(" ".join(said[n:])) for n in range(len(said)))
                         if self._abroad_town(w)), word)
        if not word or not self._abroad_town(word):
            return ""
        town, region = lex.get(word), lex.get(span.key or fold(original))
        if region.country or region.place_kind == "city" and region.place_pop >= town.place_pop \
                or region.place_kind == "region" and not region.place_country and \
                fold(original) in words().peoples_regions:
            # (Kurdistan, a people's region of no one country, is kept: round 11; Punjab, of
            # two, is the region of the town's surrogate, never Lakshadweep beside Bhuj)
            return ""
        return word

    def _abroad_town(self, key: str) -> bool:
        """A town the lexicon places abroad (no country, no Swedish town)."""
        entry = self.lex.get(key)
        return entry.place_kind in ("city", "exonym", "spelling") and entry.place_country not in (
            "", "SE") \
            and not entry.country and not entry.se_pop

    def _region_name(self, town: str) -> str:
        """Lifelike: the name of the region a town abroad lies in (regions.toml), "" where
        none is listed or it names the town itself ("Herat i Herat", "Halab i Aleppo") or a
        country (Taiwan's province "Taiwan")."""
        lex, key = self.lex, fold(town)
        code = lex.place_region.get(key, "")
        name = regions_abroad().get(code, "")
        spelt = fold(name).replace("-", " ")  # "Al-Hasakah": the alias "al hasakah"
        heads = lex.region_places.get(code, [""])[0] == town and lex.get(fold(name)).place_kind
        return "" if not name or spelt == key.replace("-", " ") or heads or spelt in \
            lex.place_aliases.get(town, frozenset()) or lex.get(fold(name)).country else name

    def _parent_abroad(self, span: Span, original: str) -> str:
        """Lifelike: the fold of the bigger place abroad a town or district abroad lies in:
        the one named just after it ("Kadıköy, en stadsdel i Istanbul", "Üsküdar i Istanbul";
        `district_of` in surrogates.toml), else the essay's most populous place of its region
        ("flyttade till Istanbul och bodde i Esenyurt"); "" when none or not abroad."""
        label = span.label
        if label not in ("city", "area"):  # asked of every mention: a name returns at once
            return ""
        strategy = self.policy.strategy(label, self.strategy) if self.policy else self.strategy
        key, lex = span.key or fold(original), self.lex
        entry = lex.get(key)
        before = self.before.get(span.start, ())
        if strategy == "lifelike" and not entry.country and \
                before and before[-1] in words().district_before:
            # "Jag bodde i Kabul, i stadsdelen Karte Se": the town abroad just before it
            text = getattr(self.before, "text", "")
            town = self._town_abroad_before(
                regex.split(r"[.!?\n]", text[max(0, span.start - 120):span.start])[-1], key)
            if town:
                return town
        text = getattr(self.before, "text", "")
        if strategy == "lifelike" and not entry.country and words().district_of_town and \
                words().district_of_town.match(text[span.end:span.end + 60]):
            # "Kabul ... Vi bodde i Khair Khana, det är norra delen av stan": the town abroad
            # named last before it, in an earlier sentence too
            town = self._town_abroad_before(text[max(0, span.start - SENTENCE_REACH):span.start],
                                            key)
            if town:
                return town
        apposed = self._apposed_to(span) if strategy == "lifelike" else ""
        if apposed:
            return apposed  # "vi bodde nära Nilen i Khartoum, i Omdurman": part of Khartoum
        if strategy == "lifelike" and label == "area" and not entry.country:
            # "Jag föddes i Aden. Min farbror bor i Crater nära hamnen", "Bagdad. Vi bodde i
            # Mansour": the detectors' district of a town abroad (`area`) lies in the town
            # abroad named last before it, in an earlier sentence too (before: a district of
            # another city, "Mosul ... Ankawa", or another town, "Mukalla ... Ibb")
            town = self._town_abroad_before(text[max(0, span.start - SENTENCE_REACH):span.start],
                                            key)
            if town:
                return town
        if strategy != "lifelike" or entry.country:
            return ""
        pattern = words().district_of
        found = pattern.match(text[span.end:span.end + 60]) if pattern else None
        unknown = not (entry.place_country or entry.se_pop or "district" in entry.cats)
        if entry.place_country in ("", "SE") and "foreign" not in span.attrs and not (
                unknown and found):  # "Kadıköy, en stadsdel i Istanbul": no list knows it
            return ""
        if found:
            other = lex.get(fold(found.group(1)))
            # (", i Y" after a town: Y narrows it where Y is the smaller town of its region,
            # "i Khartoum, i Omdurman", `_apposed_to`)
            narrows = lex.place_region.get(key) and lex.place_region.get(key) == \
                lex.place_region.get(fold(found.group(1))) and other.place_pop < entry.place_pop \
                and regex.match(r"\s*,\s*i\s", text[span.end:span.end + 10])
            if other.place_country not in ("", "SE") and not other.country and \
                    fold(found.group(1)) != key and not narrows:
                return fold(found.group(1))
        region = lex.place_region.get(key)
        bigger = [(lex.get(f).place_pop, f) for f in self.avoid_folds if f != key and region
                  and lex.place_region.get(f) == region and not lex.get(f).country
                  and lex.get(f).place_pop > entry.place_pop and not any(
                      self._apposed_to(m) == key for m in self.town_mentions.get(f, ()))]
        return max(bigger)[1] if bigger else ""

    def _apposed_to(self, span: Span) -> str:
        """Lifelike: the fold of the town abroad the mention narrows, written just before it
        with ", i" ("i Khartoum, i Omdurman"), where both lie in one first-level region and the
        mention is the smaller (a list of towns of other regions, "i Kabul, i Herat", is none;
        "Kadıköy, i Istanbul" is the district before its town); "" otherwise."""
        text, lex = getattr(self.before, "text", ""), self.lex
        found = regex.search(r"(\p{L}[\p{L}-]*)\s*,\s*i\s+$", text[max(0, span.start - 60):span.start])
        if not found or span.label not in ("city", "area"):
            return ""
        town, key = fold(found.group(1)), span.key or fold(text[span.start:span.end])
        region = lex.place_region.get(town)
        return town if region and town != key and lex.place_region.get(key) == region \
            and not lex.get(town).country and lex.get(key).place_pop < lex.get(town).place_pop \
            else ""

    def _town_abroad_before(self, text: str, key: str) -> str:
        """Lifelike: the fold of the last town abroad (no country) written in `text`, other than
        `key`; "" when none. Lower-case towns ("kabul") count, as learners write them, but
        not everyday words that also name a town ("bor", "van", "hit": `word_zipf`)."""
        lex, common = self.lex, words().word_zipf
        return next((fold(t) for t in reversed(regex.findall(r"\p{L}[\p{L}-]*", text))
                     if len(t) > 2 and (t[0].isupper() or lex.get(fold(t)).zipf < common)
                     and lex.get(fold(t)).place_country not in ("", "SE")
                     and not lex.get(fold(t)).country and fold(t) != key), "")

    def _in_region_abroad(self, span: Span, original: str, cities: list[str],
                          coast: list[str], rng: Draws) -> str | None:
        """Lifelike: a district or town abroad lies in the region of the surrogate of the place
        it lies in (Kadıköy in Istanbul -> Üsküdar in the surrogate Konstantinopel, never
        another big city); that place is drawn among the surrogate country's cities that head
        a region of several places (on the sea where `coast` asks it)."""
        lex = self.lex
        home = self._country_of(span, original)
        country = self.countries.get(home, home)
        parent = self.parents.get(span.start)
        if parent:
            # the country is the surrogate parent's: "Mirpur, en stadsdel i Dhaka" is Dhaka's,
            # whatever town abroad shares the district's name
            surrogate_parent = fold(self.place_map.get(parent, ""))
            country = lex.get(surrogate_parent).place_country or country
            # its districts or else its biggest towns: a suburb, never a far town of its region;
            # a town reached by sea stays on the sea ("med färja från Gdynia": never inland)
            near = self._in_country(self._districts_abroad(surrogate_parent)[:REGION_NEAREST],
                                    country)
            if not near and self.effective == "lifelike":
                # a region of one place (Kassala): the towns nearest it, never a far one
                near = nearest(country, self.place_map.get(parent, ""), [
                    c for c in cities if self._free(c)], REGION_NEAREST)
            if self.effective == "lifelike":  # on the sea: the coast towns nearest it first
                coast = nearest(country, self.place_map.get(parent, ""), coast,
                                REGION_NEAREST) or coast
            return self._draw([p for p in near if p in coast], rng) or (
                self._draw(coast, rng) if coast and self._by_sea(span) else self._draw(near, rng))
        if (span.key or fold(original)) not in self.parent_folds:
            return None
        capital = self._capital_said(span, country)
        if capital:
            return capital  # "Warszawa, huvudstaden" though Wola lies in its region
        heads = self._in_country([c for c in cities if lex.region_places.get(
            lex.place_region.get(fold(c), ""), [""])[0] == c and len(
            lex.region_places[lex.place_region[fold(c)]]) >= 3], country)
        # a place that has districts: "Mosul, en stadsdel i Bagdad" never a city in Ibb
        heads = [c for c in heads if self._districts_abroad(fold(c))] or heads or [
            c for c in self._in_country(cities, country) if self._districts_abroad(fold(c))]
        # "Floden Niger rinner genom Bamako ... Kati, ett område i Bamako": the place still lies
        # on the river's surrogate (never Touba on the Senegal)
        on = self._on_waters(span, country)
        heads = [c for c in heads if c in on] or [
            c for c in self._in_country(cities, country) if c in on] or heads
        sized = self._of_said_size(span, heads, country) if self._size_said(span) else \
            self._similar_size(heads, span, original, country)
        return next(filter(None, (self._draw(pool, rng) for pool in (
            [c for c in sized if c in coast], sized, [c for c in heads if c in coast], heads))),
            None)

    def _on_waters(self, span: Span, country: str) -> set[str]:
        """Lifelike: the towns on the rivers and lakes abroad rendered in the mention's sentence
        (else in the essay), else on a free one of those the essay names, in `country`."""
        return {t for start, water in self._tied(self.waters_abroad, span, essay=True)
                for t in self.geo.feature_towns_abroad.get(water, ())} or {
            t for t in self._water_towns() if self.lex.get(fold(t)).place_country == country}

    def _districts_abroad(self, parent: str) -> list[str]:
        """Lifelike: the places a district of the place abroad (a fold) may be: the others of
        its first-level region, districts first, none itself a big city (`district_max_abroad`:
        "Latakia, en stadsdel i Tartus" reads as false)."""
        lex, most = self.lex, words().district_max_abroad
        region = [p for p in lex.region_places.get(lex.place_region.get(parent, ""), [])[1:]
                  if fold(p) != parent]
        # the parts GeoNames lists of the place itself where it has any, however big
        # (`town_sections` within `section_km`: "bodde i stadsdelen Esenler" beside a surrogate
        # Izmir -> Konak, never Tire, a town of its province)
        own = [p for p in region if p in town_sections(lex)
               and (abroad_km(p, parent) or math.inf) <= section_km()]
        return own or [p for p in region if not most or lex.get(fold(p)).place_pop <= most]

    def _known(self, span: Span, original: str) -> bool:
        """A place some gazetteer knows (a town, district, place abroad or country)."""
        entry = self.lex.get(span.key or fold(original))
        return bool(entry.se_pop or entry.place_kind or entry.country or "district" in entry.cats)

    def _votes(self) -> Counter[str]:
        """How many of the essay's originals each origin group's name lists hold (lifelike: a
        stray name, `_stray_home`, counts for the group at home in the essay's country)."""
        if self.origin_votes is None:
            # in a fixed order: a tie goes to the first counted, whatever the hash seed
            lists = [self._lists(f) for f in sorted(self.avoid_folds)]
            votes = Counter(o for groups in lists for o in groups)
            if self.strategy == "lifelike":
                # the words naming a group the lists may miss: "tradition hos dinka", "ama-la"
                votes.update(sorted(self._groups_said()))
                votes.update(h for groups in lists if (h := self._stray_home(groups, votes)))
            self.origin_votes = votes
        return self.origin_votes

    def _lists(self, key: str) -> tuple[str, ...]:
        """The origin groups whose name lists hold the name fold `key`: the lexicon's, else,
        lifelike, those of `name_lists_lifelike` (Tibetan, Kazakh, Dinka names): a name the
        lexicon files under a group already (Maria, Madina, Nathalie) never votes for one of
        those too, so a Lithuanian's Maria never draws Bulgarian names."""
        listed = self.lex.name_origins.get(key, ())
        if listed or self.strategy != "lifelike":
            return listed
        return words().name_list_origins.get(key, ())

    def _own_lists(self, original: str, key: str) -> tuple[str, ...]:
        """The groups of a name as written, else of its key (the name it was read as);
        lifelike, else of the full name a listed short form no list holds stands for (Ibou:
        Ibrahima's)."""
        return self._lists(fold(original)) or self._lists(key) or (
            self._lists(short_fulls(fold(original))[0]) if self.effective == "lifelike" and
            short_fulls(fold(original)) else ())

    def _name_pool(self, key: str) -> list[str]:
        """The surrogate pool `key` ("first_female:tibetan", "surname:kazakh"): lifelike, the
        names `name_lists_lifelike` lists for the group first, then the lexicon's (one list
        object per lexicon and key, so the pools' filters cache it)."""
        pool = self.lex.pools.get(key, _NO_POOL)  # (one object: the caches key on it)
        slot, _, group = key.partition(":")
        extra = words().name_lists.get(group, {}).get(slot) if self.strategy == "lifelike" \
            else None
        if not extra:
            return pool
        cached = _NAME_POOLS.get((id(self.lex), key))
        if cached is None or cached[0] is not pool:
            # (not a name the lexicon files under another group: its surrogate's lists must
            # say this group, as `_lists` reads them, so a surname drawn after it agrees)
            origins = self.lex.name_origins
            own = [n for n in extra if group in origins.get(fold(n), (group,))]
            cached = _NAME_POOLS[(id(self.lex), key)] = (pool, list(dict.fromkeys([*own, *pool])))
        return cached[1]

    def _stray_home(self, groups: Sequence[str], votes: Counter[str]) -> str:
        """Lifelike: the origin group at home in the essay's first country abroad for a name
        that only lists of groups at home elsewhere hold and that no other name of the essay
        shares (Olga, on the Spanish list alone, beside Kiev; Leyla, Somali alone, beside
        Iran): the writer from Kiev is never given a Spanish name; "" otherwise."""
        if self.strategy != "lifelike" or not groups or SWEDISH_ORIGIN in groups:
            return ""
        homes = self.geo.homelands
        named = sorted(self.avoid_countries - {"SE"})
        if not named or any(votes[g] > 1 or not set(homes.get(g, ())).isdisjoint(named)
                            for g in groups):
            return ""
        # the group of the essay's other names where it is at home there (Ramina, only on
        # the Azerbaijani list as Ramila, beside Assyrian names and Iraq: Arabic, not Kurdish)
        voted = max((g for g in sorted(homes) if votes[g] and not set(homes[g]).isdisjoint(
            named) and self._name_pool(f"surname:{g}")), key=lambda g: votes[g], default="")
        return voted or next((g for iso in named if (g := self._group_at_home(iso))), "")

    def _origin(self, original: str, key: str, before: Sequence[str] = ()) -> str:
        """The origin group of a name: of the lists that hold it, the one the essay's other
        names share most (Ali is Arabic beside Zainab, Somali beside Hodan); a name no list
        holds takes the essay's dominant origin, else Swedish; a Swedish-only name of the
        writer's child, sibling or parent ("min dotter Sofia": `before`) or one right after a
        name of the essay's main origin ("Nguyen Thi Hoa") takes that origin where most of the
        essay's names are of one other group. A group whose homeland became a
        country of other names takes that country's group (`origin_swap`)."""
        votes = self._votes()
        groups = self._own_lists(original, key)
        couple = self._spouse_origin(original, before, groups)
        if couple:
            return couple
        if groups == (SWEDISH_ORIGIN,) and self._swedish_parent(before):
            return SWEDISH_ORIGIN  # "min man Lars och våra barn Maly och Oskar": Oskar stays
        writer = self._writer_group(original) if groups and self._family(before) else ""
        if writer and self._told_home(next((g for g, to in self.origin_swap.items()
                                            if to == writer), writer), groups):
            return writer  # "vi har två barn, Shapla": the writer's family, told of Bangladesh
        stray = self._stray_home(groups, votes)
        if stray:
            return self.origin_swap.get(stray, stray)
        if groups:
            group = max(groups, key=lambda g: (votes[g], -groups.index(g)))
            # Amina (Arabic) in a Somali family: a name of a neighbour group of the essay's
            # main origin takes that origin, so the family's names agree
            # (a group whose homeland the essay names first: "vi kommer från Somalia")
            homes = self.geo.homelands
            main = max((g for g in votes if g != SWEDISH_ORIGIN and votes[g]),
                       key=lambda g: (not self.avoid_countries.isdisjoint(homes.get(g, ())),
                                      votes[g], g), default="")
            if main and main not in groups and not set(groups).isdisjoint(
                    self.geo.neighbours.get(main, ())):
                group = main
            elif self.effective == "lifelike" and main and main not in groups and before \
                    and main in self._lists(before[-1]) and not (
                        groups == (SWEDISH_ORIGIN,) and self._known_in_sweden(before[-1])):
                # "Dilan Omer Aziz": a middle name only the Somali list holds (never the
                # Swedish surname after a name Swedes bear too: "Rosa Lind")
                group = main
            elif self.effective == "lifelike" and main and main not in groups and (
                    SWEDISH_ORIGIN in groups and len(groups) > 1 or self._known_in_sweden(
                        original)) and self._family(before) and (
                        votes[main] >= votes[SWEDISH_ORIGIN]
                        or not self.avoid_countries.isdisjoint(homes.get(main, ()))):
                # "min svärmor heter Maria" in a Ukrainian family: a name common in Sweden and
                # Spain takes the family's origin, never a Spanish or a Swedish one; so does
                # one Swedes bear that only a foreign list holds ("min fru Olga" of a Polish
                # family is Polish, never Beatriz)
                group = main
            elif main and " ".join(before[-2:]) in words().writer_name and (
                    main in groups or groups == (SWEDISH_ORIGIN,)) and (
                        self.effective != "lifelike" or votes[main] >= votes[SWEDISH_ORIGIN]):
                # "Jag heter Carlos Andrés Ramírez": the writer's own name (lifelike: not
                # "Jag heter Anna och min man heter Erik", where Swedish names are most)
                group = main
            elif main and groups == (SWEDISH_ORIGIN,) and not set(original.lower()) <= \
                    SWEDISH_LETTERS:
                group = main  # a name spelled with letters Swedish does not use (í, ñ, ơ)
            elif main and groups == (SWEDISH_ORIGIN,) and before and main in \
                    self._lists(before[-1]) and not (
                        self.effective == "lifelike" and self._known_in_sweden(before[-1])):
                group = main  # "Nguyen Thi Hoa": a name inside a full name of another origin
            elif main and groups == (SWEDISH_ORIGIN,) and self._family(before) and (
                    votes[main] >= votes[SWEDISH_ORIGIN]
                    or not self.avoid_countries.isdisjoint(homes.get(main, ()))):
                # the family's origin: most of the essay's names, or the essay names its homeland;
                # lifelike: the writer's own name's where it has one ("Jag heter Hodan ... vi har
                # en dotter som heter Sara")
                group = main
                writer = self._writer_group(original)
                if writer:
                    return writer
        else:
            group = max(votes, key=lambda g: (votes[g], g == SWEDISH_ORIGIN),
                        default=SWEDISH_ORIGIN)
            abroad = [self.countries[c] for c in self.countries if c != "SE"]
            named = self.avoid_countries - {"SE"}
            if self.effective == "lifelike" and abroad and self._names_at(abroad[0]) and (
                    group == SWEDISH_ORIGIN or named.isdisjoint(
                        self.geo.homelands.get(group, named))):
                # "Jag heter Rojda och kommer från Diyarbakir i Turkiet": a name no list holds,
                # in an essay of no other names, is of the (surrogate) homeland it names first;
                # so is one beside names of a group at home in none of the countries named
                # ("Rafiqul ... Shapla" from Bangladesh beside Nasrin, on the Persian list)
                return self._names_at(abroad[0])
        return self.origin_swap.get(group, group)

    def _swedish_parent(self, before: Sequence[str]) -> bool:
        """Lifelike: the name is one of the couple's children's ("våra barn Maly och Oskar",
        `child_of_spouse_words_lifelike` among the words before it) and the writer's spouse bears a given name
        only the Swedish list holds ("min man Lars"): a child of a Swedish parent may bear a
        Swedish name, which stays Swedish rather than take the writer's origin."""
        near = [b.strip(",.:;") for b in before[-5:]]
        if self.effective != "lifelike" or words().parent_kin.isdisjoint(
                map(" ".join, pairwise(near))) or not self._family(before):
            return False
        if self.swedish_spouse is None:
            # (on the folded text: "våra" is "vara" among the lexicon's possessives)
            pattern = regex.compile(r"(?<!\p{L})(?:%s)\s+(?:%s)(?:\s+heter)?\s+(\p{L}+)" % (
                "|".join(sorted(self.lex.words("possessive"))),
                "|".join(map(regex.escape, sorted(words().spouse_words)))))
            self.swedish_spouse = any(
                self._lists(m.group(1)) == (SWEDISH_ORIGIN,) and self.lex.get(m.group(1)).gender
                for m in pattern.finditer(fold(getattr(self.before, "text", ""))))
        return self.swedish_spouse

    def _spouse_origin(self, original: str, before: Sequence[str], groups: Sequence[str]) -> str:
        """Lifelike: the writer's spouse ("min man heter Ahmed", "min fru Mai"; `spouse_words`)
        takes the origin group of the writer's own name ("jag heter Hodan") where the spouse's
        lists hold that group or a neighbour of it: one couple, one origin (Ahmed is only on the
        Arabic list, Hodan's husband is Somali); "" otherwise."""
        w = words()
        if self.effective != "lifelike" or not groups or not before or w.writer_pattern is None \
                or groups == (SWEDISH_ORIGIN,) and self.lex.get(fold(original)).gender:
            # (a given name only the Swedish list holds: "min man Mats" of Dewi stays; a
            # family name Swedish statistics hold, "min man Liu Yang", does not)
            return ""
        near = [b.strip(",.:;") for b in before[-3:]]
        if near[-1:] and near[-1] in w.kin_link:
            near = near[:-1]  # "min man heter Ahmed"
        if len(near) < 2 or near[-1] not in w.spouse_words or near[-2] not in self.lex.words(
                "possessive"):
            return ""
        group = self._writer_group(original)
        raw = next((g for g, to in self.origin_swap.items() if to == group), group)
        if not raw or not (raw in groups or not set(groups).isdisjoint(
                self.geo.neighbours.get(raw, ())) or self._known_in_sweden(original)
                or self._told_home(raw, groups)):
            return ""  # (a name Swedes bear, only on the Spanish list: "min fru Olga" of a Pole)
        return group

    def _told_home(self, group: str, groups: Sequence[str]) -> bool:
        """Lifelike: the essay's countries so far (or their surrogates) hold a homeland of
        `group` and none of `groups`: "Jag heter Rafiqul ... från Bangladesh ... min fru heter
        Nasrin" (a name only the Persian list holds) is of the writer's group."""
        homes = self.geo.homelands
        told = (set(self.countries) | set(self.countries.values())) - {"SE"}
        return bool(group) and not told.isdisjoint(homes.get(group, ())) and all(
            told.isdisjoint(homes.get(g, ())) for g in groups)

    def _writer_group(self, original: str) -> str:
        """Lifelike: the origin group of the writer's own given name ("jag heter Hodan"), ""
        when the essay names none, it is `original` itself, or it is Swedish."""
        pattern = words().writer_pattern
        found = pattern.search(getattr(self.before, "text", "")) if pattern else None
        if self.effective != "lifelike" or not found or fold(found.group(1)) == fold(original):
            return ""
        group = self._origin(found.group(1), fold(found.group(1)))
        return "" if group == SWEDISH_ORIGIN else group

    def _origin_of_given(self, span: Span, original: str) -> str:
        """Lifelike: a surname written right after a given name ("Hodan Yusuf", "Abdi Tesfaye")
        takes the origin group of that given name's surrogate where the surname's own lists hold
        that group or a neighbour of it (`name_neighbours`), or no list holds it: one person's
        names are of one origin (never an Eritrean surname for a Somali husband); "" otherwise."""
        if self.effective != "lifelike":
            return ""
        text = getattr(self.before, "text", "")
        found = regex.search(r"(\p{L}+)[ \t]+$", text[max(0, span.start - LONGEST_NAME - 2):
                                                     span.start])
        given = self.name_map.get(fold(found.group(1))) if found else None
        if not given or not self.lex.get(fold(found.group(1))).gender:
            return ""
        own = set(self._own_lists(original, span.key))
        neighbours, votes = self.geo.neighbours, self._votes()
        # the group the essay's names vote for first (Asel, Kazakh and Turkish: Kazakh beside
        # Serik and Daniyar)
        group = next((g for g in sorted(self._lists(fold(given)), key=lambda g: -votes[g])
                      if g != SWEDISH_ORIGIN and self._name_pool(f"surname:{g}")
                      and (not own or g in own or not own.isdisjoint(neighbours.get(g, ())))),
                     "")
        if not group and self._lists(fold(given)) == (SWEDISH_ORIGIN,) and SWEDISH_ORIGIN in \
                self._lists(fold(found.group(1))) and own <= {SWEDISH_ORIGIN}:
            # "Gun Sjö", a Swede in a Kazakh essay: a surname no list holds after a Swedish
            # given name is Swedish (never "Marie-Louise Nurpeisov")
            return SWEDISH_ORIGIN
        return group

    def _known_in_sweden(self, original: str) -> bool:
        """Lifelike: a given name ranked within `swedish_known_rank` in Sweden's statistics
        (Rosa, Olga, Elena), though only a foreign list holds it: Swedes bear it too."""
        return 0 < self.lex.get(fold(original)).first_rank <= words().swedish_known_rank and \
            SWEDISH_ORIGIN not in self._lists(fold(original))

    def _origin_of_surname(self, span: Span, original: str) -> str:
        """Lifelike: a given name written right before another of the essay's names that only
        lists of groups other than Swedish hold ("Sara Abdi", "min dotter Maria Hernández")
        takes that name's group where its own lists hold it, or the Swedish list does: one
        person's names are of one origin (never "Viola Abdiaziz"); "" otherwise. A given name
        Swedes bear too (ranked in Sweden's statistics within `swedish_known_rank`, though only a
        foreign list holds it: Rosa, Olga, Elena) is as a name of the Swedish list: before a
        Swedish-only surname it is Swedish ("Min kollega Rosa Lind" -> "Karin Lind", never
        "Gloria Lind"), before another group's its group ("Olga Ivanova": East Slavic)."""
        if self.effective != "lifelike" or not self._name_follows(span):
            return ""
        text = getattr(self.before, "text", "")
        after = regex.match(r" (\p{Lu}\p{L}+)(?: (\p{Lu}\p{L}+))?", text[span.end:span.end + 60])
        # the name after it, or past a particle opening a family name ("Ben Ammar": Ammar's)
        name = fold(after.group(2) if after.group(2) and fold(after.group(1)) in
                    words().surname_prefixes else after.group(1)) if after else ""
        lists = self._lists(name) if name else ()
        theirs = [g for g in lists if g != SWEDISH_ORIGIN]
        own = self._own_lists(original, span.key)
        known = SWEDISH_ORIGIN in own or self._known_in_sweden(original)
        if self._spouse_origin(original, self.before.get(span.start, ()), own):
            return ""  # (the writer's spouse takes the writer's origin: "min man heter Ahmed")
        if lists == (SWEDISH_ORIGIN,) and SWEDISH_ORIGIN not in own and known and \
                not self.lex.get(name).gender:
            return SWEDISH_ORIGIN
        if not theirs or SWEDISH_ORIGIN in lists:
            return ""
        group = next((g for g in theirs if g in own), "")
        if not group and (not own or known):
            group = theirs[0]
        return self.origin_swap.get(group, group)

    def _married_name(self, span: Span, original: str) -> bool:
        """A Swedish-only surname written right after another surname ("Siriporn Wongsawat
        Björk", "S. W. Björk") is a name taken in marriage: it stays Swedish (lifelike)."""
        before = self.before.get(span.start, ())
        own = self._own_lists(original, span.key)
        if own != (SWEDISH_ORIGIN,) or not before:
            return False
        previous = self.lex.get(before[-1].strip(".,"))
        if self.effective == "lifelike" and fold(before[-1].strip(".,")) in \
                words().name_list_surnames:
            return True  # "Dewi Lestari Lövgren": after a family name of name_lists_lifelike
        return bool(previous.surname_rank and not previous.gender) or (
            len(before[-1].strip(".")) == 1 and len(before) > 1
            and len(before[-2].strip(".")) == 1)

    def _family(self, before: Sequence[str]) -> bool:
        """The name is one the writer gives a child, sibling or parent: "min dotter Sofia",
        "dottern Sofia", "mina barn heter Lina och Adam" (`before`: the folded words before
        it; only link words and the essay's names may stand between kin word and name)."""
        w = words()
        for k in range(len(before) - 1, -1, -1):
            word = before[k].strip(",.:;")
            if word in (w.same_origin_kin_lifelike if self.effective == "lifelike"
                        else w.same_origin_kin):
                return word in w.definite_kin or k > 0 and (
                    before[k - 1] in self.lex.words("possessive") or (
                        self.effective == "lifelike" and before[k - 1] in w.kin_determiners))
            if word not in w.kin_link and word not in self.avoid_folds:
                return False
        return False

    def _homeland_of_names(self, iso: str) -> str:
        """The origin group of the essay's names that is at home in the country `iso` (Somali
        names and Somalia), the most named first; "" when the country is no such homeland."""
        votes, homelands = self._votes(), self.geo.homelands
        groups = [g for g in homelands if iso in homelands[g] and votes[g] > 0
                  and g != SWEDISH_ORIGIN]
        return max(groups, key=lambda g: (votes[g], -list(homelands).index(g)), default="")

    def _names_at(self, iso: str) -> str:
        """Lifelike: the origin group of a family from `iso` whose names no list holds: the
        group at home there, else the one at home in the nearest country that has one (no list
        holds the names of about a hundred countries: a family from Malawi or Slovakia is never
        given Swedish names); "" for a country whose names Swedish ones stand for (Norway)."""
        if iso in self.geo.swedish_named:
            return ""
        return self._group_at_home(iso) or next(
            (group for other in nearest_countries(iso) if (group := self._group_at_home(other))),
            "")

    def _group_at_home(self, iso: str) -> str:
        """The origin group whose names are at home in `iso` (its main homeland first) and that
        the name lists can draw, never a minority group (`minority_groups_lifelike`); "" when
        none."""
        homelands, minority = self.geo.homelands, words().minority_groups
        groups = [g for g in homelands if iso in homelands[g] and g not in minority and any(
            self._name_pool(f"{p}:{g}") for p in ("first_female", "first_male", "surname"))]
        return min(groups, key=lambda g: (homelands[g].index(iso), list(homelands).index(g)),
                   default="")

    def _names_follow(self, span: Span, original: str, surrogate: str) -> None:
        """A homeland of the essay's names replaced by a country where other names are at home:
        the names follow the surrogate country (Polen -> Ukraina: Polish names -> East Slavic)."""
        group = self._homeland_of_names(self._country_of(span, original))
        target = self.lex.get(fold(surrogate)).country
        homes = words().language_homes.get(group, {})
        if self.effective == "lifelike" and group in words().language_follows and target and \
                target not in homes.get(self._family_language(group), (target,)):
            # lifelike: the group's language at home there (Ukraina -> Ryssland: Russian names)
            self.name_language[group] = next(
                (lang for lang in sorted(homes) if target in homes[lang]),
                self.name_language[group])
        if group and target and target not in self.geo.homelands[group]:
            other = self._group_at_home(target)
            if other and not (self.effective == "lifelike" and (
                    self._minority(group) or group in self._groups_said())):
                self.origin_swap.setdefault(group, other)

    def _groups_said(self) -> frozenset[str]:
        """Lifelike: the origin groups whose people, language or kin words the essay names
        (`name_list_words_lifelike`: "vi pratar kazakiska", "min äje"): those words stay as
        written, so the family's names stay of that group wherever its country moves."""
        if self.groups_said is None:
            text = fold(getattr(self.before, "text", ""))
            self.groups_said = frozenset(g for g, said in words().name_list_words
                                         if said.search(text)) | frozenset(
                g for _, _, groups in self._languages_said() for g in groups)
        return self.groups_said

    def _languages_said(self) -> Counter[tuple[str, frozenset[str], tuple[str, ...]]]:
        """Lifelike: the learners' own languages (`own_languages_lifelike`) whose words the
        essay keeps as written ("min yeay", "Akwaaba", "loku amma", "min mãe"), each with its
        countries and name groups, counted by the words said: they tie the writer's country
        abroad to those countries (`keep_countries`, `_cued`) and the family's names to those
        groups and that language (`_groups_said`, `_family_language`)."""
        if self.languages_said is None:
            text = getattr(self.before, "text", "")
            # (never a country its genitive -s spells: "Laos" is no Lao word)
            found = [(language, isos, groups, [m.span() for m in said.finditer(text)
                                               if not self.lex.get(fold(m.group())).country])
                     for language, said, isos, groups in words().own_languages]
            self.languages_said = Counter({(language, isos, groups): len(spans)
                                           for language, isos, groups, spans in found if spans})
            self.own_words = sorted(span for *_, spans in found for span in spans)
        return self.languages_said

    def _own_word(self, span: Span) -> bool:
        """Lifelike: the mention lies inside a word of the writer's own language the essay
        keeps (`own_languages_lifelike`) written in lower case, or first in its sentence and
        followed by "!" or "," ("Akwaaba!", "min maame", "min bong srey", "om barnen glömmer
        kirundi"): a word the detectors took for a name or a place, kept as written. Another
        capitalised one ("min vän Maame", "Eje är min vän") may be a person's name, and is
        replaced."""
        self._languages_said()
        text = getattr(self.before, "text", "")
        at = bisect.bisect_right(self.own_words, (span.start, len(text) + 1))
        if not at or self.own_words[at - 1][1] < span.end:
            return False
        start, end = self.own_words[at - 1]
        head = text[:start].rstrip(" \t\"'(«-")
        # capitalised, only a greeting or a word said to someone, first in its sentence and
        # followed by "!" or "," ("Akwaaba!", "Olá, jag heter ..."; never "Eje är min vän")
        return text[start].islower() or (not head or head[-1] in ".!?:\n") and \
            text[end:].lstrip(" \t")[:1] in ("!", ",")

    def _minority(self, group: str) -> bool:
        """A group whose names are at home only where another group's are first (Tibetan,
        Uyghur, Kurdish: `_group_at_home` is never it): lifelike, its names stay its own in
        the surrogate country, as a people's names do outside a state of its own (a Tibetan
        family whose India became Taiwan is never given Chinese names)."""
        return all(self._group_at_home(iso) != group for iso in self.geo.homelands[group])

    def _gender_in_text(self, original: str, gender: str) -> str:
        """The sex the essay's pronouns give a person ("Billie ... Hon pratar", "Kim ... hans
        mamma"): the first personal pronoun after each of its mentions in the next
        GENDER_WINDOW characters, unless another person's first name or a person word
        (`female_nouns`, `male_nouns`: "och vår dotter. Hon") comes first; the label's sex when
        the pronouns are silent or split evenly. A name of the other sex needs two such
        pronouns, or one deciding pronoun (`pronouns_deciding`: "hon") first after a mention and
        more than of its own sex. A person word right before the name ("min man Johan")
        decides alone."""
        text, start = getattr(self.before, "text", ""), self.span.start if self.span else 0
        female, male = words().pronouns_female, words().pronouns_male
        votes: Counter[str] = Counter()
        key = fold(original)
        window = text[start:start + GENDER_WINDOW]
        before = self.before.get(start, ()) if self.span else ()
        # the noun just before the name: "min dotter Kim", "dottern heter Kim", "en liten pojke
        # som heter Charlie" (never a noun of another phrase: "Arams mamma kom. Matías")
        nouns = list(before[-1:]) + (list(before[-2:-1]) if list(before[-1:]) == ["heter"]
                                     else []) + (list(before[-3:-2]) if list(before[-2:]) == [
                                         "som", "heter"] else [])
        for word in nouns:
            for sex, nouns in (("female", words().female_nouns), ("male", words().male_nouns)):
                votes[sex] += 2 * (word in nouns)
        if (votes["female"] > 0) != (votes["male"] > 0):
            # "min man Johan", "Gun-Britts man Lennart": the noun names the sex, whatever
            # pronoun follows (one of the wife's: "Lennart dog förra året. Hon är 76")
            return max(("female", "male"), key=lambda g: votes[g])
        persons = words().female_nouns | words().male_nouns
        deciding, near = words().pronouns_deciding, words().pronoun_decides_words
        decided = ""  # the sex of a deciding pronoun first after a mention ("Sami ... Hon bor")
        for found in regex.finditer(r"(?<!\p{L})" + regex.escape(original) + r"(?!\p{L})",
                                    window):
            counted = 0
            for n, word in enumerate(
                    regex.findall(r"\p{L}+", window[found.end():found.end() + 160])[:20]):
                low = word.lower()
                # "hans" is a pronoun, "Hans" a name; the first two pronouns after a mention
                if low in female or (low in male and (low != "hans" or word == low)):
                    votes["female" if low in female else "male"] += 1
                    if not counted and n < near and low in deciding and \
                            not self._name_shortly_before(text, start + found.start(), key):
                        decided = decided or ("female" if low in female else "male")
                    counted += 1
                    if counted == 2:
                        break
                    continue
                if fold(word) != key and (fold(word) in self.avoid_folds and self.lex.get(
                        fold(word)).gender or low in persons):
                    # another person's name or a person word ("Johan och vår dotter. Hon är
                    # fyra"): the pronoun may be theirs
                    break
        if " ".join(before[-2:]) in words().writer_name:
            # "Jag heter Minh ... med min fru Mai": the writer's spouse tells the writer's sex
            low = window.lower()
            for sex, phrases in (("male", words().writer_male), ("female", words().writer_female)):
                votes[sex] += sum(regex.search(r"(?<!\p{L})" + regex.escape(p) + r"(?!\p{L})",
                                               low) is not None for p in phrases)
        other = {"female": "male", "male": "female"}.get(gender)
        if other:  # a woman's name read as a man's needs the pronouns to agree, twice
            return other if (votes[other] >= 2 and not votes[gender]) or (
                decided == other and votes[other] > votes[gender]) else gender
        if votes["female"] != votes["male"]:
            return max(("female", "male"), key=lambda g: votes[g])
        return gender

    def _name_shortly_before(self, text: str, at: int, key: str) -> bool:
        """Another person's given name earlier in the sentence of a mention ("Amal och Omar kom.
        Hon ..."): a pronoun after the mention may be theirs, so it decides nothing."""
        sentence = regex.split(r"[.!?\n]", text[max(0, at - 160):at])[-1]
        return any(fold(w) != key and fold(w) in self.avoid_folds and self.lex.get(fold(w)).gender
                   for w in regex.findall(r"\p{Lu}\p{L}+", sentence))

    def _spelt_as_written(self, name: str) -> str:
        """Lifelike: a surrogate of a group a learner may spell the Swedish way (East Slavic:
        `swedish_spelling_lifelike`) spelt so where the essay's own names of the group are
        ("Tetjana ... Serhij": Julija, Andrij, Sjevtjenko; never Yuliia, Andrii, Shevchenko),
        unless the Swedish spelling is an original of the essay."""
        groups, swedish, english, pattern, spellings = words().swedish_spelt
        if pattern is None or groups.isdisjoint(self._lists(fold(name))):
            return name
        if self.swedish_spelling is None:
            # the essay's names of the group, and names no list holds in an essay naming a
            # homeland of the group ("Serhij" beside Charkiv)
            home = {iso for group in sorted(groups) for iso in self.geo.homelands.get(group, ())}
            unlisted = not self.avoid_countries.isdisjoint(home)
            ours = [o for o in sorted(self.avoid_folds)
                    if not groups.isdisjoint(self._lists(o))
                    or unlisted and not self._lists(o) and swedish.search(o)]
            self.swedish_spelling = sum(bool(swedish.search(o)) for o in ours) > sum(
                bool(english.search(o)) for o in ours)
        if not self.swedish_spelling:
            return name
        spelt = pattern.sub(lambda m: spellings[m.group(0)], name.lower())
        spelt = spelt[:1].upper() + spelt[1:] if name[:1].isupper() else spelt
        return name if self._original(spelt) else spelt

    def _listed_short(self) -> dict[str, tuple[str, ...]]:
        """The short forms surrogates.toml lists, with the lifelike table's for lifelike."""
        w = words()
        return w.short_forms_lifelike if self.effective == "lifelike" else w.short_forms

    def _shortens(self, short: str, full: str) -> bool:
        """`short` (a fold) is a short form of `full` (a fold): its beginning (Magda, Mo) or
        one that surrogates.toml lists (Lisa for Elisabeth)."""
        return short != full and ((full.startswith(short) and len(full) > len(short) + 1
                                   and len(short) >= 2)
                                  or short in map(fold, self._listed_short().get(full, ())))

    def _short_originals(self) -> frozenset[str]:
        """Lifelike: the folds of the essay's originals that are a short form of another
        original (Sasha of Aleksandr, Abdi of Abdirahman: `_shortens`), so the nickname is
        rendered after its full name wherever it stands; linear in the originals' length."""
        if self.short_originals is None:
            folds = self.avoid_folds
            full = [o for o in folds if len(o) <= LONGEST_NAME and self.lex.get(o).gender]
            begun = {o[:n] for o in full for n in range(2, len(o) - 1)}
            listed = {fold(short) for o in full
                      for short in words().short_forms_lifelike.get(o, ())}
            self.short_originals = frozenset(folds & (begun | listed))
        return self.short_originals

    def _short_forms(self, full: str, gender: str) -> list[str]:
        """The short forms of a surrogate full name: the listed ones (Mohamed: Mo), then its
        beginnings that are first names of its sex and of one of its origin groups (Alexandra:
        Alex; never Kaj of Kajsa, never the Somali Anab of Anabel)."""
        fits = (gender, "unknown") if gender != "unknown" else ("female", "male", "unknown")
        groups = set(self._lists(fold(full)))
        named = [full[:n] for n in range(len(full) - 2, 2, -1)
                 if self.lex.get(fold(full[:n])).gender in fits and not (
                     self.effective == "lifelike" and _wordlike(self.lex, full[:n])) and (
                     not groups or not groups.isdisjoint(self._lists(
                         fold(full[:n]))))]
        return list(self._listed_short().get(fold(full), ())) + named

    def _nickname(self, original: str, gender: str, called: bool = False) -> str | None:
        """A short form of another name of the essay ("Magdalena ... alla säger Magda", "Mo"
        for Mohamed) is a short form of that name's surrogate; None when it is no short form
        or the surrogate has none (never an odd stump: Libaan -> Lib). A nickname the essay
        gives (`called`: "alla kallar mig Mo") is never the full surrogate itself ("Jag heter
        Muhammad men alla kallar mig Muhammad")."""
        key = fold(original)
        full = next((self.name_map[o] for o in sorted(self.name_map)
                     if self._shortens(key, o)), None)
        if full is None:
            return None
        # lifelike: else, for a stump no name list holds, the full surrogate ("kramar från
        # zey" under Zeynep's letter signs with Aynur, never a man's name drawn afresh; Ali
        # beside Alice is a name of its own)
        return next((p for p in self._short_forms(full, gender) if self._free(p)),
                    full if self.effective == "lifelike" and not self.lex.get(key).gender
                    and not called else None)

    def _nickname_of_last(self, gender: str, own: bool = False,
                          nickname: str = "") -> str | None:
        """A nickname the essay gives ("alla kallar mig Lily" after "Jag heter Hoa"): a short
        form of the surrogate of the first name named last (`own`, lifelike: of the writer's
        name, "kallar mig"), else, lifelike, one cut as the `nickname` is cut from its name
        (`_cut_like`), else a name of its origin group and sex, so a Vietnamese woman is
        never nicknamed Natalya."""
        writer = self.base.get(LEARNER_WRITER, "")
        full = self.name_map.get(writer) if own and writer else None
        if not full and not self.first_names:
            return None
        full = full or self.first_names[-1]
        sex = self.lex.get(fold(full)).gender
        sex = sex if sex in ("female", "male") else gender
        short = next((p for p in self._short_forms(full, sex) if self._free(p)), None)
        if short:
            return short
        cut = self._cut_like(nickname, full) if self.effective == "lifelike" else None
        if cut:
            return cut
        rng = Draws(self.seed, self.scope, "nickname", fold(full))
        groups = self._lists(fold(full))
        # lifelike: a short nickname ("alla säger Nok") is a short name of the group (never
        # "alla säger Nattaya"): those no longer than it or NICKNAME_SHORT letters, where any
        most = max(NICKNAME_SHORT, len(nickname)) if self.effective == "lifelike" and \
            0 < len(nickname) <= NICKNAME_SHORT else 0
        return next(filter(None, (self._draw(self._short_names(self._of_language(
            self._name_pool(f"first_{sex}:{g}"), g), most), rng) for g in groups)), None)

    @staticmethod
    def _short_names(pool: list[str], most: int) -> list[str]:
        """The names of `pool` of at most `most` letters where it has any (0: all of it)."""
        return [p for p in pool if len(p) <= most] or pool if most else pool

    def _cut_like(self, nickname: str, full: str) -> str | None:
        """Lifelike: a nickname made of its name's first letters and a short ending ("Sirwan
        ... alla säger Siro", "Yasaman ... Yasi", "Abdirahman ... Abdi") is made so from the
        surrogate `full` (Hozan: Hozo, Kajal: Kaji), where no short form is listed; None
        where the nickname is no such cut of the original of `full`, or the cut is a word,
        an original or in use."""
        named = sorted(o for o, s in self.name_map.items() if s == full)
        key = fold(nickname)
        end = _last_syllable(fold(full))
        if any(_ending_nickname(key, o) for o in named) and len(end) >= MIN_END_NICK and \
                len(end) < len(full) - 1:
            # "Siriwan ... Wan": the surrogate's last syllable (Orathai: Thai)
            cut = full[len(full) - len(end):].capitalize()
            if self._free(cut) and not _wordlike(self.lex, cut) and not self._original(cut):
                return cut
        for original in named:
            stem = next((n for n in range(min(len(original), len(key)), 1, -1)
                         if key[:n] == original[:n]), 0)
            tail = nickname[stem:]
            if stem < 2 or len(tail) > MAX_NICK_TAIL or stem >= len(original) - 1 and not tail:
                continue
            # the surrogate's stem ends as the original's does, in a vowel or a consonant, and
            # holds a vowel (Araz: Aro, never "Arao"; Shno: none, never "Shnoom")
            vowel = original[stem - 1] in VOWELS
            # a pet form doubling the stem's last consonant ("Efua ... vi säger Effie") doubles
            # the surrogate's (Konadu: Konnie, never "Konfie")
            double = not vowel and fold(tail[:1]) == key[stem - 1] and len(tail) > 1
            for n in (stem, stem - 1, stem + 1):
                cut = full[:n] + (full[n - 1] + tail[1:] if double else tail)
                if not 1 < n < len(full) or (fold(full[n - 1]) in VOWELS) != vowel or not any(
                        fold(c) in VOWELS for c in full[:n]) or fold(cut) == fold(full):
                    continue
                if len(cut) > 2 and self._free(cut) and not _wordlike(self.lex, cut) and \
                        self.lex.get(fold(cut)).zipf < words().word_zipf:
                    return cut
        return None

    def _with_short_form(self, pool: list[str], key: str, gender: str,
                         nicknamed: bool = False) -> list[str]:
        """A full name whose short form the essay also writes ("Mohamed ... Mo"), or that a
        nickname follows (`nicknamed`: "Sofia ... alla kallar henne Sonja"), is drawn among
        names that have a short form, so the nickname's surrogate is one of the name's own."""
        if nicknamed:
            # a listed short form the essay writes itself ("Mo" for Mohammed) is no surrogate
            # nickname: the name needs another (Mustafa: Musse)
            listed = self._listed_short()
            return [p for p in pool if any(not self._original(short)
                                           for short in listed.get(fold(p), ()))] or \
                self._cuttable(pool, key) or pool
        table = self._listed_short()
        if self.effective == "lifelike" and key in table:
            # a name with a listed short form (Olga: Olya) takes one that has one too, also
            # where this essay writes none: a later essay of the learner may ("Hej Olya!"),
            # never the original's own (Tatiana for Tatyana: Tanya is no surrogate)
            own = {fold(short) for short in table[key]}
            have = [p for p in pool if any(not self._original(short) and fold(short) not in own
                                           for short in table.get(fold(p), ()))]
            if have:
                return have
        listed = map(fold, table.get(key, ()))
        if len(key) > LONGEST_NAME or not (
                any(key[:n] in self.avoid_folds for n in range(2, len(key) - 1))
                or any(short in self.avoid_folds for short in listed)):
            return pool  # linear in the name: no scan of the essay's originals
        return [p for p in pool if any(not self._original(short)
                                       for short in self._short_forms(p, gender))] or pool

    def _cuttable(self, pool: list[str], key: str) -> list[str]:
        """Lifelike: names of `pool` its nickname can be cut from as the essay's nickname is cut
        from `key` (`_cut_like`): the stem of the same length holds a vowel and ends in a vowel
        or a consonant as the original's, and never begins with the nickname itself
        ("Abdirahman ... Abdi" never Abdikadir, whose "Abdi" is an original; "Sirwan ... Siro"
        never Shwan). Empty where the essay writes no such nickname; linear in the originals."""
        stems = []
        for nick in sorted(self.avoid_folds):
            stem = next((n for n in range(min(len(nick), len(key)), 1, -1)
                         if nick[:n] == key[:n]), 0)
            if nick != key and len(nick) < len(key) and 2 <= stem and \
                    len(nick) - stem <= MAX_NICK_TAIL:
                stems.append((nick, stem, key[stem - 1] in VOWELS))
        if not stems:
            # "Siriwan ... kallar mig Wan": names with a last syllable of their own (Orathai)
            ends = [n for n in sorted(self.avoid_folds) if _ending_nickname(n, key)]
            return [p for p in pool if len(end := _last_syllable(fold(p))) >= MIN_END_NICK and
                    len(end) < len(fold(p)) - 1 and not self._original(end)] if ends else []
        return [p for p in pool if all(
            len(fp := fold(p)) > stem + 1 and not fp.startswith(nick[:stem])
            and (fp[stem - 1] in VOWELS) == vowel and any(c in VOWELS for c in fp[:stem])
            for nick, stem, vowel in stems)]

    def _nicknamed_after(self, span: Span) -> bool:
        """A word of `nickname_words` follows the name closely ("Min dotter Sofia går i skolan.
        Alla kallar henne Sonja"): its nickname will be a short form of its surrogate."""
        text = getattr(self.before, "text", "")
        raw = text[span.end:span.end + NICKNAME_AFTER]
        said = regex.findall(r"\p{L}+", fold(raw))
        at = next((i for i, w in enumerate(said) if w in words().nickname_words), None)
        if at is not None and self.effective == "lifelike" and \
                said[at + 1:at + 2] and said[at + 1] in words().nickname_own:
            # "min man heter Jun-Jun. Alla kallar mig Celing": the writer's nickname, never
            # one of the husband's name
            return fold(text[span.start:span.end]) == self.base.get(LEARNER_WRITER)
        return at is not None or bool(words().nickname_said_ahead.search(raw))

    def _said_nickname(self, span: Span) -> bool:
        """Lifelike: the name is given with a verb of saying and ends its clause ("alla säger
        Siro.", "vi säger Yasi,"): a nickname, as after "kallar"."""
        text = getattr(self.before, "text", "")
        return bool(words().nickname_said.search(text[max(0, span.start - 60):span.start])) \
            and bool(regex.match(r"\s*(?:[.,!;:)]|$)|\s+(?i:och|men|eller)\b",
                                 text[span.end:span.end + 8]))

    def _pun_key(self, original: str) -> str:
        """The key of the name a mention is (`pun_spans`): a lower-case word standing for it
        ("floden" for Flod) carries the name's."""
        span = self.span
        return span.key if span is not None and span.rule.startswith("pun:") and span.key \
            else fold(original)

    def _no_word(self, pool: list[str], original: str) -> list[str]:
        """Lifelike: no name that is also a common Swedish word ("Sten", "Gul", "Sol": a pun a
        reader notices), unless the original is one: the lexicon's common-word homographs and
        names rarer as names (`word_name_rank`) than frequent as words (`word_zipf`). Each
        pool is filtered once per lexicon (`_PLAIN_POOLS`)."""
        article = self.puns.get(self._pun_key(original))
        if isinstance(article, tuple):
            # "Dan Flod ... fiskar i floden": a name that is a word of the same field (Ström),
            # or a plain name where the field has none (the word stays)
            named = [p for p in article if fold(p) != fold(original) and p.lower() not in self.used]
            if named:
                return named
            article = ""
        elif article:
            # "Jag heter Sten, som en sten": a name that is such a word too, the explanation
            # follows it ("Björn, som en björn")
            listed = [n for n in words().pun_names[article] if fold(n) != fold(original)]
            nouns = {fold(n) for n in listed}
            # the pool's such names where it has a choice of them, else the listed ones (never
            # a plain name: "hon var verkligen modig" after "Ylva Modig" is never "verkligen
            # åkesson")
            pooled = [p for p in pool if fold(p) in nouns]
            return pooled if len(pooled) > 1 else listed
        if _wordlike(self.lex, original) and article is None:
            return pool
        key = (id(self.lex), id(pool))
        cached = _PLAIN_POOLS.get(key)
        if cached is None or cached[0] is not pool:
            cached = _PLAIN_POOLS[key] = (pool, [p for p in pool
                                                 if not _wordlike(self.lex, p)] or pool)
        return cached[1]

    def _of_language(self, pool: list[str], group: str) -> list[str]:
        """Lifelike: the names of `pool` (of origin group `group`) in the essay's language of
        the group or shared by its languages (`name_languages_lifelike`): a Tigrinya family
        never takes an Oromo surname."""
        languages = words().name_languages.get(group)
        if self.effective != "lifelike" or not languages:
            return pool
        language = self._family_language(group)
        # a minority's families take its listed names only (Assyrians: never Khaled)
        shared = "" if language in words().minority_languages else language
        return [p for p in pool if languages.get(fold(p), shared) == language] or pool

    def _family_language(self, group: str) -> str:
        """Lifelike: the language of origin group `group` the essay's names keep to: the one
        the essay names ("vi pratar tigrinja"), else the one most of its original names of the
        group are listed under, else the one whose homes alone hold the essay's surrogate
        countries (a Polish family moved to Russia: Russian names), else the countries the
        essay names (Ukraina or Charkiv: Ukrainian names, never Vadim), else one drawn."""
        language = self.name_language.get(group)
        if language is None:
            languages = words().name_languages[group]
            said = words().language_words.get(group, {})
            named = sorted({said[w] for w in regex.findall(r"\p{L}+", fold(getattr(
                self.before, "text", ""))) if w in said})
            # the own language the essay's words are most of ("loku amma": Sinhala names)
            own = Counter({lang: n for (lang, _, groups), n in self._languages_said().items()
                           if group in groups and lang in languages.values()})
            # in a fixed order: a tie goes to the first language by name
            homes = words().language_homes.get(group, {})
            moved = {to for home, to in self.countries.items() if to != home}
            placed = next((found for countries in (moved, self.avoid_countries)
                           if len(found := [lang for lang in sorted(homes)
                                            if not countries.isdisjoint(homes[lang])]) == 1), [])
            minority = words().minority_languages
            # a group with a minority language: its other names vote for the majority ("")
            votes = Counter(named) or own or Counter(
                languages.get(f, "") for f in sorted(self.avoid_folds)
                if f in languages or (not minority.isdisjoint(languages.values())
                                      and group in self._lists(f))) or \
                Counter(placed)
            drawn = sorted(set(languages.values()) - minority) or [""]
            language = self.name_language[group] = min(votes, key=lambda g: (-votes[g], g)) \
                if votes else Draws(self.seed, self.scope, "language", group).choice(drawn)
        return language

    def _no_place(self, pool: list[str]) -> list[str]:
        """Surnames that are no place a reader knows: no Swedish place (Lund, Berg) and no town
        abroad of SURNAME_PLACE_MAX people or more (Valencia): "hos Lund" must not read as a town."""
        lex = self.lex
        return [p for p in pool if not (lex.get(fold(p)).se_pop or "district" in lex.get(
            fold(p)).cats or lex.get(fold(p)).place_pop >= SURNAME_PLACE_MAX)]

    def _namesake_abroad(self, span: Span, original: str, there: str) -> str:
        """Lifelike: the country of a feature no table knows that is named like a town of
        `there`, a country the essay never names ("Jag kommer från Liberia ... floden Saint
        Paul", Saint Paul in the USA): the country its sentence or the essay places it in
        (never the Mississippi); "" otherwise."""
        if self.effective != "lifelike" or span.label != "geo" or there in ("", "SE") or \
                fold(original) in self.geo.feature_folds or there in self.countries:
            return ""
        told = sorted(self._countries_told(span) - {"SE"})
        return told[0] if told and there not in told else ""

    def _country_of(self, span: Span, original: str) -> str:
        """The country a place lies in: a known Swedish place is Swedish unless marked foreign;
        a place no gazetteer knows lies where the essay's last place abroad does ("Jag föddes i
        Mogadishu. Vi bodde i Hodan"), else in Sweden."""
        entry = self.lex.get(span.key or fold(original))
        geo = self.geo
        if self.effective == "lifelike" and span.label == "country" and not entry.country:
            spelt = self._misspelt_country(fold(original))
            if spelt:
                return spelt  # "Etiopia" is Ethiopia: the surrogate of "Etiopien" elsewhere
        told = self._namesake_abroad(span, original, entry.country or entry.place_country)
        if told:
            return told
        if entry.country and not (self.effective == "lifelike" and span.label == "geo"
                                  and fold(original) in geo.feature_folds):
            return entry.country  # (lifelike: the river Niger lies where the table says)
        where = geo.features.get(geo.feature_folds.get(fold(original), ""), ("", frozenset()))[1]
        if self.effective == "lifelike" and span.label == "geo" and abroad(where) and \
                not self._kind_told(span, original)[1]:
            # "sjön Tana" beside Etiopien: the lake lies in the country the essay places it
            told = self._countries_told(span)
            named = sorted(c for c in told if c in self.countries) or sorted(told)
            return named[0] if named else self.hint or self.abroad or min(where)
        if abroad(where):  # Helhalvön: Poland, or the one of its countries the essay names
            named = sorted(w for w in where if w in self.countries or w in self.avoid_countries)
            return (named or sorted(where))[0]
        if self.effective == "lifelike" and span.label == "city" and \
                0 < entry.se_pop < SWEDISH_TOWN_IN_WINDOW:
            # "Jag kommer från Bor i jonglei, det ligger vid Nilen i Sydsudan": a Swedish
            # locality's name whose own sentence goes on to name a country abroad (before any
            # Swedish town) is a place of that country, never Sundsvall "i Sydsudan"
            text = getattr(self.before, "text", "")
            after = self._abroad_in(text[span.end:_sentence_end(text, span.end)])
            if after:
                return after
        if entry.se_pop and "foreign" not in span.attrs:
            return "SE"
        if self.effective == "lifelike" and span.label == "region" and not (
                entry.place_country or entry.se_pop):
            # "Jag är från Irak. Vi bodde i Kurdistan": a region of several countries lies in
            # the essay's country abroad, never a Swedish landskap
            there = self._sentence_country(span) or self.hint or self.abroad or next(
                (iso for iso in self.countries if iso not in ("", "SE")), "")
            if there and there != "SE":
                return there
        known = entry.place_kind or entry.se_pop or "district" in entry.cats
        # lifelike: a feature the lexicon knows with no country, never Swedish ("Herat ...
        # Floden Hari rud flyter söder om staden"), is read as one no list knows (before: Fyrisån)
        foreign = entry.place_kind == "geo" and not entry.se_pop
        if self.effective == "lifelike" and not entry.place_country and (
                where or not known or foreign) and span.label in ("geo", "city"):
            # Varpen (a lake of Hälsingland), "Vid Bollnäs finns sjön Varpen", "en by i
            # Lappland som heter Ammarnäs": Swedish, whatever country the essay named before
            there = self._sentence_country(span) or self.hint or (
                "" if where else self._window_abroad(span) or self._foreign_spelling(original)
            ) or self.abroad or "SE"
            spelled = words().swedish_letters
            if where or any(there not in spelled[c] for c in original.lower() if c in spelled):
                return "SE"  # "åka till Skanör" after Vietnam: a Swedish place
            return there
        if self.effective == "lifelike" and entry.place_country and span.key and \
                span.key != fold(original):
            # a town read through a near spelling ("Terespol" as Tiraspol) whose sentence or
            # route names a country it neither lies in nor borders is a town of that country
            # the gazetteers lack (never "Brest i Vitryssland. Vid gränsen i Bender")
            there = self._sentence_country(span) or self._window_abroad(span)
            if there and there != entry.place_country and \
                    entry.place_country not in self.lex.neighbours.get(there, ()):
                return there
        return entry.place_country or self.hint or ("" if known else self.abroad) or "SE"

    def _misspelt_town(self, span: Span, original: str) -> str:
        """Lifelike: the Swedish town (geography.toml) a town mention the lexicon does not know
        misspells by one edit ("borlänga", "linköpin", "vexjö"; at least MISSPELT_TOWN_MIN
        letters, the same first letter), when exactly one town is that near; else ""."""
        key = span.key or fold(original)
        entry = self.lex.get(key)
        if span.label != "city" or len(key) < MISSPELT_TOWN_MIN or entry.se_pop or \
                entry.place_country or "district" in entry.cats or entry.gender:
            return ""
        near = sorted(t for t in self.geo.towns if fold(t)[:1] == key[:1]
                      and abs(len(fold(t)) - len(key)) <= 1 and " " not in t
                      and regex.fullmatch(rf"(?e)(?:{regex.escape(fold(t))}){{e<=1}}", key))
        return near[0] if len(near) == 1 else ""

    def _respelt_abroad(self, span: Span, original: str) -> str:
        """Lifelike: the first-written spelling of the same town abroad where the essay
        writes it twice otherwise ("Hargeysa ... Hargeisa": one of the other's names in the
        lexicon's `place_aliases`), so both take one surrogate (before: Kakamega and
        Garissa); "" otherwise."""
        key, lex = span.key or fold(original), self.lex
        if span.label != "city" or lex.get(key).place_country in ("", "SE"):
            return ""
        if self.spellings is None:  # once per essay: each name of its towns -> the first town
            text, self.spellings = getattr(self.before, "text", ""), {}
            for other, mentions in sorted(self.town_mentions.items(), key=lambda kv: kv[1][0].start):
                first = mentions[0]
                written = text[first.start:first.end]
                for name in {other} | lex.place_aliases.get(written, frozenset()):
                    self.spellings.setdefault(name, (first.start, other, written))
        country = lex.get(key).place_country
        found = [self.spellings[name] for name in sorted(
            {key} | lex.place_aliases.get(original, frozenset())) if name in self.spellings]
        return min(((at, written) for at, other, written in found if other != key
                    and at < span.start and lex.get(other).place_country == country),
                   default=(0, ""))[1]

    def _misspelt_country(self, key: str) -> str:
        """Lifelike: the ISO code of the one country whose name `key` (a fold the lexicon
        lacks) misspells by at most MISSPELT_EDITS edits ("etiopia", "afganistan", "sirien";
        one edit below 6 letters); "" when none or two are that near."""
        if len(key) < 4:
            return ""
        edits = MISSPELT_EDITS if len(key) >= 6 else 1
        best: dict[str, int] = {}
        for name in self.lex.pools.get("country", []):
            iso, low = self.lex.get(fold(name)).country, fold(name)
            if not iso or abs(len(low) - len(key)) > edits:
                continue
            found = regex.fullmatch(rf"(?e)(?:{regex.escape(low)}){{e<={edits}}}", key)
            if found:
                best[iso] = min(best.get(iso, edits + 1), sum(found.fuzzy_counts))
        if not best:
            return ""
        least = min(best.values())
        nearest = sorted(iso for iso, n in best.items() if n == least)
        return nearest[0] if len(nearest) == 1 else ""

    def _foreign_spelling(self, original: str) -> str:
        """Lifelike: a place written with a letter Swedish never writes (`foreign_letters`:
        "şehitkamil") lies abroad: in the first country abroad the essay, else the learner's
        essays, named (ISO code); "" when the name has no such letter or none was named."""
        if not any(c in words().foreign_letters for c in original.lower()):
            return ""
        text = getattr(self.before, "text", "")
        named = [self.lex.get(fold(w)).country for w in regex.findall(r"\p{L}+", text)
                 if self.lex.get(fold(w)).country]
        return next((c for c in named + list(self.countries) if c not in ("", "SE")), "")

    def _window_abroad(self, span: Span) -> str:
        """Lifelike: the country abroad the mention's sentence, or the route it goes on with,
        names in any case ("i Dolo Ado vi bodde i lägret Hiloweyn. sen i uganda": UG; a big town
        abroad counts for its country); "" when it names a Swedish town or nothing abroad, so
        a camp is never made a district of the learner's Swedish town."""
        text = getattr(self.before, "text", "")
        start, end = self._route_window(text, span)
        found = self._abroad_in(text[start:end])
        if found is None:
            return ""
        if not found and self.essay_abroad is None:
            # an essay that names no Swedish place at all and a country abroad ("i Dolo Ado vi
            # bodde i lägret ... sen i uganda"): its places lie there (read once)
            self.essay_abroad = self._abroad_in(text) or ""
        return found or self.essay_abroad or ""

    def _abroad_in(self, text: str) -> str | None:
        """The first country abroad `text` names (a big town abroad counts for its country),
        "" when none, None when it names a Swedish town or district."""
        found = ""
        for word in regex.findall(r"\p{L}+", text):
            if fold(word) in self.name_words:
                continue  # "våra barn Milan och Sara": a person, never a town of Italy
            entry = self.lex.get(fold(word))
            if (entry.se_pop >= SWEDISH_TOWN_IN_WINDOW and entry.zipf < TOWN_WORD_ZIPF
                    and "common_name_homograph" not in entry.cats) or "district" in entry.cats:
                return None  # a Swedish town or district (never "vi", a locality as well)
            # (a big town abroad that is a frequent Swedish word is the word: "man", Man in
            # Côte d'Ivoire, never puts "Från stan man ser berget" there)
            found = found or entry.country or (entry.place_country if entry.place_pop >= BIG_PLACE
                                               and entry.place_country != "SE"
                                               and entry.zipf < TOWN_WORD_ZIPF else "")
        return "" if found == "SE" else found

    def _trains_across(self, span: Span) -> list[str]:
        """Lifelike: the trains that cross into Sweden from the (surrogate) country named last
        before the mention in its sentence, in any case ("på Kastrup i danmark och sen med
        Öresundståg": `trains_abroad_lifelike`); [] where it names none such."""
        text = getattr(self.before, "text", "")
        said = regex.findall(r"\p{L}+", text[_sentence_start(text, span.start):span.start])
        for word in reversed(said):
            iso = self.lex.get(fold(word)).country
            if iso and iso != "SE":
                return list(words().trains_abroad.get(self.countries.get(iso, iso), ()))
        return []

    def _sentence_country(self, span: Span) -> str:
        """The country of the place named last before the mention in its sentence: "SE" for
        a Swedish town or landskap ("Vid Bollnäs finns sjön Varpen"), a country's ISO code for
        a country; "" when the sentence names neither."""
        text = getattr(self.before, "text", "")
        sentence = regex.split(r"[.!?\n]", text[max(0, span.start - 160):span.start])[-1]
        swedish = {fold(t) for t in self.geo.towns} | {fold(p) for p in self.geo.landskap}
        for word in reversed(regex.findall(r"\p{Lu}\p{L}+", sentence)):
            key = fold(word)
            if key in swedish or key.removesuffix("s") in swedish:
                return "SE"
            if self.lex.get(key).country:
                return self.lex.get(key).country
        return ""

    def _choose(self, span: Span, draw: int, original: str, attrs: frozenset[str]) -> str:
        label, lex = span.label, self.lex
        rng = Draws(self.seed, self.scope, label, draw)
        kind = LABELS[label].kind
        if kind == "name":
            return self._choose_name(span, draw, original, rng)
        town = self.region_of_town.get(span.start)
        surrogate_town = town and (self.written_places.get(town) or self.place_map.get(town))
        region = self._region_name(surrogate_town) if surrogate_town else ""
        if region and not self._original(region):
            return region  # "Shiraz i Fars" -> "Mazar i Balkh", never another town
        other = self._alias_of(span) if label == "country" or label in PLACE_LIKE else None
        if other:
            return other  # "Halab, på svenska heter det Aleppo": one surrogate place
        other = self._business_named(original) if label in PLACE_LIKE else None
        if other:
            return other  # "restaurang Hanoi ... maten på Hanoi": the restaurant, not a town
        kind_ = self._place_kind(span, original) if label in PLACE_LIKE else None
        other = kind_ and self._of_kind(kind_, original, kind_word(original, lex), rng,
                                        self._near(span, original))
        if other:
            return other  # "kalas på Parken Zoo": a zoo, never a street
        if label == "country" and self._water_named(span.start, span.end):
            # "Niger rinner genom Bamako": the river, one of the essay's surrogate country
            return self._place(Span(span.start, span.end, "geo", span.attrs, span.score,
                                    span.rule, span.key), original, rng)
        if label == "country":
            return self._country(span, original, rng)
        if label in PLACE_LIKE and self._town_landmark(original):
            # "Lunds domkyrka", "Kalmar slott" read as a place: the surrogate town's own,
            # never a street ("Tallvägen är mycket gammal")
            return self._institution(span, original, rng)
        if label in PLACE_LIKE:
            return self._place(span, original, rng)
        bare = self._school_abroad(span, original) if kind == "institution" else ""
        if bare:
            return bare  # "på Fudan i Shanghaj" -> "på universitetet i Guangzhou"
        if kind == "institution":
            return self._institution(span, original, rng)
        if label == "extra" and self.effective != "lifelike":
            return self._placeholder(label, draw, attrs, original)
        return self._number(label, original, draw, rng)

    def _choose_name(self, span: Span, draw: int, original: str, rng: Draws) -> str:
        """A person's name: the one settled for it (`_name_settled`), else its initial, a
        place it really is, a nickname or a name drawn of its sex and origin."""
        pick = self._name_settled(span, original, rng)
        if pick:
            return pick
        lifelike = self.effective == "lifelike"
        label, written = span.label, original.rstrip(".")
        if lifelike and label == "middlename" and len(written) > 1:
            # "Dilan Omer Aziz", "Matías Ignacio Rojas Fuentes": a name in full, not "A"
            entry = self.lex.get(fold(written))
            label = ("surname" if entry.surname_rank and not entry.gender else
                     f"firstname_{entry.gender}" if entry.gender in ("female", "male")
                     else "firstname_male")
        elif label in ("middlename", "initials"):
            return self._initial(original)
        pick = self._name_as_place(span, original, rng) if lifelike else None
        if pick:
            return pick
        pick = self._family_first_name(span, label, original, rng) if lifelike else None
        if pick:
            return pick
        return self._drawn_name(span, label, draw, original, rng)

    def _family_first_name(self, span: Span, label: str, original: str,
                           rng: Draws) -> str | None:
        """Lifelike: an East Asian name written family name first ("Kim Seo-yeon", "Nguyen
        Thi Lan") that the detectors read in Swedish order keeps its order: the family name
        (read as a given name) takes a family name of its group, the given name after it (read
        as a surname) a given name of the group, of its sex and pattern; None otherwise."""
        first = words().family_first
        key = fold(original)
        before = self.before.get(span.start, ())
        if label.startswith("firstname_") and key in first:
            after = regex.match(r"\s+(\p{L}+(?:-\p{L}+)*)",
                                getattr(self.before, "text", "")[span.end:span.end + 40])
            if not after or not self._given_of(fold(after.group(1)), first[key]):
                return None
            slot, sex = "surname", ""
        elif label == "surname" and before and before[-1] in first:
            sex = self._given_of(key, first[before[-1]]) or (
                self.lex.get(key).gender if "-" in original else None) or ""
            if sex not in ("female", "male"):
                return None
            slot = f"first_{sex}"
        else:
            return None
        # drawn from the group the essay's names are drawn from (a Korean family's Japanese
        # surrogate names where Korea became Japan), in the original's order
        origin = self._origin(original, span.key or key, before)
        pool = self._name_pool(f"{slot}:{origin}")
        pool = _of_pattern(pool, original) if sex else pool
        return self._draw([p for p in pool if self._free(p) and fold(p) != key], rng)

    def _given_of(self, key: str, group: str) -> str | None:
        """The sex of a given name (a fold) of the group's lists: "female", "male"; None when
        the group lists no such given name."""
        return next((sex for sex in ("female", "male") if key in {
            fold(n) for n in self._name_pool(f"first_{sex}:{group}")}), None)

    def _name_settled(self, span: Span, original: str, rng: Draws) -> str | None:
        """The surrogate a name already has: a landlord's kind read as a name, the name's
        surrogate in this essay (also her or his form of one family name), a patronymic of
        the father's surrogate; None where none."""
        label = span.label
        member = member_kind(original, True) if self._strategy_of(span) == "lifelike" \
            else None
        pick = member and self._kind_said(span) is member and self._of_kind(
            member, original, "", rng)
        if pick:
            return pick  # "hyresvärden Willhem" read as a name: a landlord, never Johan
        known = self.name_map.get(span.key or fold(original)) or self.name_map.get(
            fold(original))
        lifelike = self.effective == "lifelike"
        written = original.rstrip(".")
        if lifelike and label == "surname" and not known:
            # "Anna Kowalska ... Piotr Kowalski": one family name in her and his forms
            key = fold(original)
            known = next((surname_form(self.name_map[other], original) for female, male
                          in SURNAME_FORMS for end, to in ((female, male), (male, female))
                          if key.endswith(end) and (other := key[:len(key) - len(end)] + to)
                          in self.name_map), None)
        if known and label != "initials" and (label != "middlename" or (
                lifelike and len(written) > 1)):
            # Aziz read as a surname in one essay, a first name in the next; lifelike: the
            # father's name as his son's middle name ("Aden Abdirahman Warsame") too
            return known
        return self._patronymic(label, written, rng) if lifelike else None

    def _patronymic(self, label: str, written: str, rng: Draws) -> str | None:
        """Lifelike: "tatjana Ivanovna" -> "Petrovna", a father's name (never "Dmitri");
        "Nurlanqyzy ... Nurlan": the father's surrogate's; None for no patronymic."""
        ending = next((row for row in words().patronymics if fold(written).endswith(
            row[0]) and len(written) > len(row[0]) + 2 and (label in (
                "middlename", "surname") or row[0] in words().patronymic_stems)), None)
        # ("Yerlanuly", read as a given name, is one too)
        father = ending and written[:len(written) - len(ending[0])]
        pick = ending and (
            # the father's surrogate where the essay names him ("Nurlanqyzy ... Nurlan")
            ending[0] in words().patronymic_stems and self.name_map.get(fold(father))
            and self.name_map[fold(father)] + ending[0]
            or self._draw([n for n in ending[1] if self._free(n)], rng))
        if pick and ending[0] in words().patronymic_stems and fold(father) in self.avoid_folds:
            # "Nurlanqyzy ... dotter till Nurlan": the father is the patronymic's stem
            self.name_map.setdefault(fold(father), pick[:len(pick) - len(ending[0])])
        return pick or None

    def _initial(self, original: str) -> str:
        """An initial or a middle initial: lifelike, the initial of the surrogate of the
        essay's or learner's name it stands for ("Dilan O. Aziz" after "Dilan Omer Aziz");
        else "A" per the taxonomy, or the next letter that is no original of the essay."""
        lifelike = self.effective == "lifelike"
        letter_ = original[:1].upper()
        writer = self.base.get(LEARNER_WRITER, "")
        # the writer's own name first: "M. Sultani" under a letter by Maryam (never
        # the initial of her son Mahdi's surrogate); then a name this essay writes
        # ("Luz Marina ... L. M. Cárdenas": Marina, not the Maria of an earlier essay)
        said = self._said() if lifelike else frozenset()
        named = sorted((k for k in self.name_map if k[:1].upper() == letter_
                        and len(k) > 1), key=lambda k: (k != writer, k not in said, k)) \
            if lifelike else []
        initial = (self.name_map[named[0]][:1].upper() if named else
                   next(c for c in INITIALS if c != letter_ and self._free(c)))
        return initial + "." if original.endswith(".") else initial

    def _name_as_place(self, span: Span, original: str, rng: Draws) -> str | None:
        """Lifelike: a sea, a place the essay names twice or a river read as a name is that
        place; None otherwise."""
        sea = self._sea_word(span, original, rng)
        if sea:
            return sea  # "över Egeiska havet", the first word read as a name
        entry = self.lex.get(fold(original))
        other = self._alias_of(span) if entry.place_kind else None
        if other:  # "hewlêr, araber säger Erbil", Erbil read as a man's name: the place
            return self._alias_form(span, other)
        if fold(original) in self.geo.feature_folds and not (
                entry.first_rank or entry.surname_rank or entry.gender):
            # "Dnepr flyter genom Kiev" read as a name: a river, never "Pasha flyter"
            return self._place(Span(span.start, span.end, "geo", span.attrs, span.score,
                                    span.rule, span.key), original, rng)
        return None

    def _name_general(self, span: Span, label: str, original: str) -> str:
        """The pool's slot of a name drawn anew: "surname", or "first_" and its sex as the
        lists and the essay's words give it."""
        lifelike = self.effective == "lifelike"
        entry = self.lex.get(fold(original))
        written = original.rstrip(".")
        general = "surname" if label == "surname" else "first_" + label.removeprefix("firstname_")
        listed = words().name_list_sex.get(fold(written)) if lifelike and general.startswith(
            "first_") and not entry.gender else None
        fulls = short_fulls(fold(written)) if lifelike and general == "first_unknown" and \
            not entry.gender and not listed else ()
        sexes = {self.lex.get(full).gender for full in fulls}
        listed = listed or (min(sexes) if len(sexes) == 1 else None)
        if listed in ("female", "male"):
            # "aruzhan" (a girl's name only the Kazakh list holds); "Ibou" (Ibrahima's short
            # form: a boy's)
            general = "first_" + listed
        if lifelike and general.startswith("first_") and span.label != "middlename" and \
                fold(self._next_word(span)) not in words().patronymic_particles:
            # (the father's name in "Aiperi Nurbek kyzy, hon ..." is no woman's)
            general = "first_" + self._gender_in_text(original, general.removeprefix("first_"))
        return general

    def _nickname_drawn(self, span: Span, general: str, original: str) -> str | None:
        """A nickname's surrogate: a short form of another name's surrogate, else one of the
        name named last (`_nickname`, `_nickname_of_last`); None for no nickname."""
        if general == "surname":
            return None
        lifelike = self.effective == "lifelike"
        said = lifelike and self._said_nickname(span)
        called = lifelike and (said or not words().nickname_words.isdisjoint(
            self.before.get(span.start, ())[-3:]))
        nick = self._nickname(original, general.removeprefix("first_"), called)
        if nick:
            return nick
        gender = general.removeprefix("first_")
        near = self.before.get(span.start, ())[-3:]
        return self._nickname_of_last(gender, lifelike and not words().nickname_own.isdisjoint(
            near), original) if said or not words().nickname_words.isdisjoint(near) else None

    def _drawn_name(self, span: Span, label: str, draw: int, original: str,
                    rng: Draws) -> str:
        """A name drawn anew: of the sex and origin group the essay gives it."""
        lex = self.lex
        lifelike = self.effective == "lifelike"
        general = self._name_general(span, label, original)
        nick = self._nickname_drawn(span, general, original)
        if nick:
            return nick
        origin = (general == "surname" and self._origin_of_given(span, original)) or (
            general != "surname" and self._origin_of_surname(span, original)) or \
            self._origin(original, span.key, self.before.get(span.start, ()))
        if lifelike and general == "surname" and self._married_name(span, original):
            origin = SWEDISH_ORIGIN
        # a name of unknown gender may take any first name: never an invented place-like word
        others = ["first_female", "first_male"] if general == "first_unknown" else []
        if others and Draws(self.seed, self.scope, label, draw, "sex").below(2):
            others.reverse()  # a name of unknown sex: either sex, not always a woman's
        child = lifelike and general != "surname" and self._child(span)

        def plain(pool: list[str]) -> list[str]:
            if child:  # "min dotter Ella": a name given to children now, never Maj-Britt
                young = words().child_names
                pool = [p for p in pool if fold(p) in young] or pool
            return self._no_word(_of_pattern(pool, original), original) if lifelike else pool

        if general == "surname":
            # lifelike: never an everyday word, even for one (Berg -> Björk reads as a pun)
            surnames = (lambda pool: self._no_word(pool, original if self._pun_key(original) in
                                                   self.puns else "")) if lifelike else plain
            pick = self._draw(self._of_language(surnames(self._no_place(
                self._name_pool(f"surname:{origin}"))), origin), rng) or \
                self._draw(surnames(self._no_place(lex.pools.get("surname", []))), rng)
            return surname_form(pick, original) if pick else self._compound(rng, "")
        gender, key = general.removeprefix("first_"), fold(original)
        nicknamed = lifelike and self._nicknamed_after(span)
        unisex = [n for n in words().unisex_names if fold(n) != key and lex.get(
            fold(n)).first_rank] if lifelike and general == "first_unknown" and \
            origin in words().unisex_origins else []  # (names the lexicon lists)
        return (self._draw(unisex, rng) or self._draw(self._of_language(plain(self._with_short_form(
                    self._name_pool(f"{general}:{origin}"), key, gender, nicknamed)),
                    origin), rng)
                or next(filter(None, (self._draw(self._of_language(plain(
                    self._name_pool(f"{o}:{origin}")), origin), rng) for o in others)), None)
                or self._draw(plain(self._with_short_form(lex.pools.get(general, []), key,
                                                          gender, nicknamed)), rng)
                or next(filter(None, (self._draw(lex.pools.get(o, []), rng) for o in others)),
                        None) or self._compound(rng, ""))

    def _country(self, span: Span, original: str, rng: Draws) -> str:
        """Another country with cities to draw from; the original's cities will follow it."""
        iso, lex = self._country_of(span, original), self.lex
        if self.effective == "lifelike" and self.countries.get(iso, iso) != iso:
            # one country, one surrogate however it is written ("Bosnien och Hercegovina" and
            # "bosnien", "Etiopien" and "Etiopia"), unless the essay names that one itself
            same = [c for c in lex.pools.get("country", [])
                    if lex.get(fold(c)).country == self.countries[iso]
                    and lex.get(fold(c)).country not in self.avoid_countries]
            if same:
                return same[0]
        never = self.avoid_countries | self.geo.not_countries | self.kept  # (no Bouvetön)
        pool = every = [c for c in lex.pools.get("country", [])
                        if lex.get(fold(c)).country not in never]
        if self.effective == "lifelike":
            # "I Afghanistan finns bergen Hindukush och floden Amu Darya": a country that has
            # a range and a river, so the features' surrogates are its own
            need = self._kinds_placed_in(iso)
            kinds = [c for c in pool if need <= self._free_kinds().get(
                lex.get(fold(c)).country, frozenset())]
            narrow = self._country_ties(iso, kinds or pool)
            # the route as a whole, then its own legs, before names; the route before the
            # features where both cannot hold ("Mosul i Irak. Floden Tigris ... vid gränsen
            # till Syrien": Syria's surrogate borders Iraq's, the Tigris lies in Iraq's)
            route = self._route_fits(iso, narrow) or (
                kinds and self._route_fits(iso, self._country_ties(iso, pool))) or (
                # a route that holds before the ties of its part of the world ("från Turkiet
                # i en gummibåt till Grekland" after Syria: Cyprus, never Albania)
                self._route_fits(iso, pool) if self._route_graph().get(iso) else [])
            pool = route or self._legs(span, iso, narrow) or narrow
            if iso in self.geo.sweden_gateways and self._before_sweden(span):
                pool = [c for c in pool if lex.get(fold(c)).country in
                        self.geo.sweden_gateways] or pool
        # a coast by a coast: no boat to a landlocked country, no ferry to Belarus
        inland = self.geo.landlocked
        same_shore = [c for c in pool if (lex.get(fold(c)).country in inland) == (iso in inland)]
        if self.effective == "lifelike" and iso not in inland:
            # a coast the essay can land on: a country with towns in `coast_towns`
            same_shore = [c for c in same_shore
                          if lex.get(fold(c)).country in self.geo.coast_towns] or same_shore
        group = self._homeland_of_names(iso)
        if group:
            # the homeland of the essay's names: another homeland of the same names, else a
            # country where names of another group are at home (the names will follow it)
            homes = self.geo.homelands[group]
            if self.effective == "lifelike" and group in words().language_homes:
                # an Amharic or Oromo family stays in Ethiopia's part of the world, never
                # Eritrea's (`name_language_homes_lifelike`)
                homes = words().language_homes[group][self._family_language(group)]
                if group in words().language_follows and not set(homes) - {iso}:
                    # a Ukrainian family's Ukraine must change: another homeland of the group,
                    # whose language its names take (`_names_follow`: Russian ones in Russia)
                    homes = self.geo.homelands[group]
            # the names first (Iran: Afghanistan), the coast where the names allow it
            pick = self._draw([c for c in same_shore if lex.get(fold(c)).country in homes], rng) \
                or self._draw([c for c in pool if lex.get(fold(c)).country in homes], rng)
            if pick:
                self.countries.setdefault(iso, lex.get(fold(pick)).country)
                return pick
            at_home = [c for c in same_shore or pool
                       if self._group_at_home(lex.get(fold(c)).country)]
            for near in self.geo.neighbours.get(group, ()):
                pick = self._draw(self._same_part(iso, [c for c in at_home if self._group_at_home(
                    lex.get(fold(c)).country) == near]), rng)
                if pick:
                    self.countries.setdefault(iso, lex.get(fold(pick)).country)
                    return pick
            # lifelike: the names' homes, else a neighbour group's, beyond the route's and the
            # coast's narrowing before a country of other names (a Kazakh family never moves to
            # Armenia, a Tibetan one never to Korea, where only those narrow the choice)
            pick = self.effective == "lifelike" and self._names_home(iso, group, every, rng)
            if pick:
                self.countries.setdefault(iso, lex.get(fold(pick)).country)
                return pick
            pool = at_home or pool
        elif self.effective == "lifelike" and not any(
                n for g, n in self._votes().items() if g != SWEDISH_ORIGIN):
            pool = self._kin_countries(iso, pool)
        if self.effective == "lifelike":
            pool = (self._bordering(iso, [c for c in pool if c in same_shore])
                    or self._bordering(iso, pool) or pool)
        # the coast where the original's continent allows it (Afghanistan never Switzerland)
        continent = lex.continents.get(iso)
        shore = [c for c in pool if c in same_shore]
        if any(lex.continents.get(lex.get(fold(c)).country) == continent for c in shore):
            pool = shore
        # a transit country or a homeland stays on its continent: a route stays a route
        pick = self._nearest_country(iso, pool, rng)
        if pick is None and self.effective == "lifelike":
            # every country the route's rules allow is taken (Sudan between a surrogate Egypt
            # and Libya): another real country as near as one is left, never "Ljungbackaland"
            pick = self._nearest_country(iso, every, rng)
        if pick is None:
            return self._compound(rng, "land")
        if iso:
            self.countries.setdefault(iso, self.lex.get(fold(pick)).country)
        return pick

    def _kin_countries(self, iso: str, pool: list[str]) -> list[str]:
        """Lifelike, for an essay whose names are on no list ("Jag heter Vilayphone ... från
        Laos"): the countries of the pool bordering the landlocked `iso` where its names or a
        neighbour group's are at home (Thailand, Cambodia), before a landlocked country far off
        (never Laos -> Turkmenistan); the pool when none is."""
        own, borders = self._group_at_home(iso), self.lex.neighbours.get(iso, frozenset())
        if not own or not borders or iso not in self.geo.landlocked:
            return pool  # a coast keeps its coast (`same_shore`) and the towns of its sides
        near = {own, *self.geo.neighbours.get(own, ())}
        return [c for c in pool if (other := self.lex.get(fold(c)).country) in borders
                and self._group_at_home(other) in near] or pool

    def _country_ties(self, iso: str, pool: list[str]) -> list[str]:
        """Lifelike: the countries of the pool that keep what ties `iso` to the essay besides
        its route: the feasts it keeps ("Vi firar Nowruz"), the sea crossed from it (on its
        continent; no Malta where a land route goes on), the words that cue it."""
        lex = self.lex
        said = set(regex.findall(r"\p{L}+", fold(getattr(self.before, "text", ""))))
        for feast, keep in sorted(self.geo.feast_countries.items()):
            if feast in said and iso in keep:
                pool = [c for c in pool if lex.get(fold(c)).country in keep] or pool
        camps = words().camps
        if iso in camps and (not words().camp_words.isdisjoint(said)
                             or not said.isdisjoint(map(fold, camps[iso]))):
            # "i lägret Kakuma" in Kenya, or a camp of it by its name alone ("i Zaatari i
            # Jordanien"): a country with a camp for it (never Jordan -> Emirates, Syria)
            pool = [c for c in pool if lex.get(fold(c)).country in camps] or pool
        crossed = self._on_crossed_sea(iso, pool)
        # across a sea a country keeps its continent (Greece from Turkey: Italy, never
        # Egypt beside a surrogate Israel), so the land route after it stays one
        pool = [c for c in crossed if lex.continents.get(lex.get(fold(c)).country)
                == lex.continents.get(iso)] or crossed or pool
        if crossed and lex.neighbours.get(iso):  # a land route goes on from it: no Malta
            pool = [c for c in pool if lex.neighbours.get(lex.get(fold(c)).country)] or pool
        return self._cued(iso, pool) or pool

    def _kinds_placed_in(self, iso: str) -> frozenset[str]:
        """Lifelike: the kinds of feature (river, lake, range, mountain, desert) the essay
        places in the country `iso`: a listed feature that lies there ("Niger" beside Mali),
        or a feature after a kind word in a sentence naming the country ("I Afghanistan finns
        bergen Hindu Kush"); the kind word wins over the table ("sjön Tana": a lake). Read
        once per essay."""
        self._read_places()
        return (self.feature_needs or {}).get(iso, frozenset())

    def _free_kinds(self) -> dict[str, frozenset[str]]:
        """Lifelike: ISO code -> the kinds of feature abroad it has that are no original of
        the essay (Tajikistan has no river for an essay naming Amu Darya); a river or lake
        counts where we know a town of the country on it, so a town the essay ties to it can
        lie on its surrogate ("Floden Niger flyter genom Bamako")."""
        if self.kinds_left is None:
            geo, kinds = geography(True), dict[str, set[str]]()
            for name, (kind, where) in geo.features.items():
                if abroad(where) and not self._original(name):
                    on = {self.lex.get(fold(t)).place_country  # (never Narva on the Narva)
                          for t in geo.feature_towns_abroad.get(name, ()) if fold(t) not in fold(name)}
                    for iso in where:
                        if kind not in ("river", "lake") or iso in on:
                            kinds.setdefault(iso, set()).add(kind)
            self.kinds_left = {iso: frozenset(k) for iso, k in kinds.items()}
        return self.kinds_left

    def _countries_told(self, span: Span) -> frozenset[str]:
        """Lifelike: the countries the mention's sentence names, else those of its big towns
        abroad, else the countries the essay named last before it."""
        self._read_places()
        ends = [end for end, _ in self.sentence_countries]
        at = bisect.bisect_right(ends, span.start)
        return self.sentence_countries[at][1] if at < len(ends) else frozenset()

    def _read_places(self) -> None:
        """Lifelike, once per essay: each sentence's countries (`_countries_told`) and the
        kinds of feature placed in each country (`_kinds_placed_in`)."""
        if self.feature_needs is None:
            geo, lex = geography(True), self.lex
            kinds = geo.no_town_kinds - {"sea"}
            word_kind = dict(geo.kind_words)
            needs: dict[str, set[str]] = {}
            named: set[str] = set()
            text = getattr(self.before, "text", "")
            for found in regex.finditer(r"[^.!?\n]*(?:[.!?\n]|$)", text):
                sentence = found.group()
                if not sentence:
                    continue
                tokens = regex.findall(r"\p{L}+", sentence)
                # the countries the sentence names, else those of its towns abroad, else the
                # essay's last ("Vi kommer från Etiopien. Vi bodde vid sjön Tana.")
                at = found.start()
                named = ({lex.get(fold(t.group())).country for t in regex.finditer(
                    r"\p{L}+", sentence) if not self._water_named(at + t.start(), at + t.end())}
                    - {"", "SE"}) or (
                    {lex.get(fold(t)).place_country for t in tokens if t[:1].isupper()
                     and lex.get(fold(t)).place_pop >= BIG_PLACE} - {"", "SE"}) or named
                for m in geo.feature_pattern.finditer(fold(sentence)):
                    kind, where = geo.features[geo.feature_folds[m.group(1)]]
                    for place in (where if abroad(where) else ()):
                        needs.setdefault(place, set()).add(kind)
                said = [word_kind[fold(t)] for t, after in pairwise(tokens)
                        if fold(t) in word_kind and after[:1].isupper()]
                for kind in said:
                    for place in named:
                        needs.setdefault(place, set()).add(kind)
                self.sentence_countries.append((found.end(), frozenset(named)))
            self.feature_needs = {place: frozenset(k & kinds) for place, k in needs.items()}

    def _names_home(self, iso: str, group: str, every: list[str], rng: Draws) -> str | None:
        """Lifelike: a country of `every` where the names of `group` (the essay's names, at
        home in `iso`) are at home, else where a neighbour group's are, in `iso`'s part of the
        world first; None when there is none."""
        country = {c: self.lex.get(fold(c)).country for c in every}
        pick = self._draw([c for c in every if country[c] in self.geo.homelands[group]], rng)
        for near in () if pick else self.geo.neighbours.get(group, ()):
            pick = self._draw(self._same_part(iso, [c for c in every if self._group_at_home(
                country[c]) == near]), rng)
            if pick:
                break
        return pick

    def _same_part(self, iso: str, pool: list[str]) -> list[str]:
        """Lifelike: the free countries of the pool in the part of the world `iso` lies in
        (`world_parts_lifelike`), else the pool: a stop of a route keeps its geography (Sudan
        between Eritrea and Libya: a country of the Horn and East Africa, never Zimbabwe)."""
        parts = self.geo.world_parts
        if self.effective != "lifelike" or iso not in parts:
            return pool
        return [c for c in pool if self._free(c) and parts.get(
            self.lex.get(fold(c)).country) == parts[iso]] or pool

    def _nearest_country(self, iso: str, pool: list[str], rng: Draws) -> str | None:
        """A free country of the pool, the nearest to `iso` first: closeness 2 = same
        continent and a shared main language (Irak: Syrien, Jordanien), 1 = same continent
        (names of the essay's origin stay plausible there); five towns to draw from first."""
        lex = self.lex
        pool = self._same_part(iso, pool)
        continent = lex.continents.get(iso)
        towns = [len(lex.cities_by_country.get(lex.get(fold(c)).country, ())) for c in pool]
        langs = lex.country_languages.get(iso, frozenset())
        close = []
        for c in pool:
            other = lex.get(fold(c)).country
            same = bool(continent) and lex.continents.get(other) == continent
            close.append(same + (same and not langs.isdisjoint(lex.country_languages.get(other, ()))))
        pick = None
        for least, near in ((5, 2), (5, 1), (1, 1), (5, 0), (1, 0), (0, 0)):
            pick = pick or self._draw([c for c, n, k in zip(pool, towns, close)
                                       if n >= least and k >= near], rng)
        return pick

    def _crossed_seas(self) -> dict[str, frozenset[str]]:
        """The seas abroad the essay crosses (lifelike), each with the countries crossing it:
        in a sentence that names a sea abroad ("över Medelhavet") or a boat (`ferry_words`,
        `boat_words`) and two places on one sea, the countries of its places (its countries,
        towns abroad and islands, and Sweden for a Swedish town: "färja från Gdańsk till
        Nynäshamn" crosses the Baltic)."""
        if self.crossed is None:
            geo = self.geo
            towns = {fold(t) for t in geo.towns}
            islands = {fold(name): where for name, (kind, where) in geo.features.items()
                       if kind == "island" and abroad(where)}
            crossed: dict[str, frozenset[str]] = {}
            for sentence in self._route_sentences():
                said = regex.findall(r"\p{L}+", sentence)
                named = list(dict.fromkeys(geo.sea_folds[m] for m in
                                           geo.sea_pattern.findall(sentence)))
                if not named and geo.boat_words.isdisjoint(said):
                    continue
                isos = {self._iso_of_word(w) for w in said} - {""}
                isos |= {iso for w in said for iso in islands.get(w, ())}
                isos |= {"SE"} if not towns.isdisjoint(said) else set()
                # lifelike: the boat goes to a place after its word ("från Eritrea genom Sudan
                # till Libyen, sedan en båt till Italien" crosses the Mediterranean, not the
                # Red Sea of Eritrea and Sudan)
                boat = next((i for i, w in enumerate(said) if w in geo.boat_words), None)
                later = set(isos) if boat is None else (
                    {self._iso_of_word(w) for w in said[boat:]}
                    | {iso for w in said[boat:] for iso in islands.get(w, ())}
                    | ({"SE"} if not towns.isdisjoint(said[boat:]) else set()))
                for sea in named + [sea for sea, shore in geo.seas.items()
                                    if len(shore & isos) >= 2 and shore & later]:
                    crossed[sea] = crossed.get(sea, frozenset()) | (isos & geo.seas[sea])
            self.crossed = crossed
        return self.crossed

    def _route_sentences(self) -> list[str]:
        """The essay's sentences, folded, a sentence that goes on with the route of the one
        before it (`route_next`: "Sen till Libyen. Sen med båt till Italien") joined to it."""
        going, out = self.geo.route_next, list[str]()
        for part in regex.split(r"[.!?\n]", getattr(self.before, "text", "")):
            if out and going is not None and going.match(part):
                out[-1] += " " + fold(part)
            else:
                out.append(fold(part))
        return out

    def _iso_of_word(self, word: str) -> str:
        """The country a word names, or a town abroad lies in (no given name, no surname)."""
        e = self.lex.get(word)
        return e.country or (e.place_country if e.place_kind in ("city", "exonym")
                             and not e.gender and not e.surname_rank
                             and e.place_country != "SE" else "")

    def _on_crossed_sea(self, iso: str, pool: list[str]) -> list[str]:
        """Lifelike: a country on a sea the essay crosses is replaced by one on that sea (the
        sea it is part of, `sea_wider`, where fewer than two are left: Turkey over the Aegean
        -> a country of the Mediterranean); [] when it lies on none of them."""
        geo = self.geo
        for sea, crossing in self._crossed_seas().items():
            if iso not in crossing:
                continue
            while True:
                on = [c for c in pool if self.lex.get(fold(c)).country in geo.seas[sea]]
                if len(on) >= 2 or sea not in geo.sea_wider:
                    break
                sea = geo.sea_wider[sea]
            if on:
                return on
        return []

    def _before_sweden(self, span: Span) -> bool:
        """Sweden (`sweden_words`) is named after the mention in its sentence: "tåget till
        Danmark och sedan till Sverige"."""
        text = getattr(self.before, "text", "")
        rest = regex.split(r"[.!?\n]", text[span.end:span.end + 160])[0]
        # lifelike: or a Swedish town ("genom tyskland och Danmark och över bron till Malmö")
        return not self.geo.sweden_words.isdisjoint(regex.findall(r"\p{L}+", fold(rest))) or (
            self.effective == "lifelike" and (self._abroad_in(rest) is None or any(
                span.end < m.start <= span.end + len(rest) and self.lex.get(key).se_pop
                and self.lex.get(key).place_country in ("", "SE")
                for key, mentions in self.town_mentions.items() for m in mentions)))

    def _out_of_kept(self, span: Span, original: str, base: str) -> bool:
        """Lifelike: a remembered surrogate of a town or district of a country the essay keeps
        (`keep_countries`) that lies in another country."""
        if not self.kept or span.label not in ("city", "area") or self.effective != "lifelike":
            return False
        home = self._country_of(span, original)
        return home in self.kept and self.lex.get(fold(base)).place_country not in ("", home)

    def keep_countries(self) -> None:
        """Lifelike, once per essay before its mentions: the countries the essay's words tie
        to no other (a row of `country_cues_lifelike` with one country: "ukrainare",
        "vietnamesiska", "talibanerna"), those an earlier essay of the learner kept, and those
        whose surrogate remembered from an earlier essay the words rule out, stay as
        written, their towns drawn in them, and no other country becomes one of them. The
        words give the country away already; moving it ("Ryssland ... alla ukrainare") only
        tells a reader the text was altered."""
        table, lex = self.geo.country_cues, self.lex
        text = fold(getattr(self.before, "text", ""))
        said = regex.findall(r"\p{L}+", text)
        rows = [table[w] for w in chain(said, map(" ".join, pairwise(said))) if w in table]
        rows += self._paired_cues(said)
        rows += [isos for _, isos, _ in self._languages_said()]  # "min yeay": Cambodia's
        kept = {min(isos) for isos in rows if len(isos) == 1}
        # a country whose national day its sentence names ("Chiles nationaldag är den 18
        # september"): the day is that country's alone
        days = words().national_days
        kept |= {iso for sentence in regex.split(r"[.!?\n]", text)
                 if not days.isdisjoint(regex.findall(r"\p{L}+", sentence))
                 for w in regex.findall(r"\p{L}+", sentence)
                 for iso in (lex.get(w).country or (w[-1:] == "s" and lex.get(w[:-1]).country),)
                 if iso and iso != "SE"}
        # a country named by a former name ("Förr hette landet Burma"): both names give it away
        kept |= {lex.get(w).country for w in said if w in words().former_names} - {"", "SE"}
        kept |= {iso for iso, other in self.countries.items() if iso == other != "SE"}
        # a surrogate an earlier essay drew that this essay's words rule out (Somalia -> Sudan,
        # then "hooyo bor i Baidoa"): the country stays as written, in every essay
        kept |= {iso for iso, other in self.countries.items()
                 if any(iso in isos and other not in isos for isos in rows)}
        for iso in sorted(kept):
            self.countries[iso] = iso
        self.kept = frozenset(kept)

    def _paired_cues(self, said: list[str]) -> list[frozenset[str]]:
        """Lifelike: the countries of the rows of `country_cue_pairs_lifelike` whose two kinds
        of word the essay both says ("kurd" and "turkiska": Turkey, never a Kurd from Iran or
        Syria who speaks Turkish)."""
        words_ = set(said)
        return [isos for first, second, isos in self.geo.cue_pairs
                if not first.isdisjoint(words_) and not second.isdisjoint(words_)]

    def _cued(self, iso: str, pool: list[str]) -> list[str]:
        """Lifelike: the countries of the pool that the essay's words tying `iso` fit too
        (`country_cues` in geography.toml: "vi pratar pashto" beside Afghanistan -> Pakistan,
        never Armenia; "turkiska och persiska" beside Iran -> Afghanistan or Tajikistan), the
        narrowest row first; a row no country of the pool fits ("vietnamesisk": only Vietnam)
        is left. [] when no word of the essay ties `iso`."""
        if self.cues is None:
            table = self.geo.country_cues
            text = getattr(self.before, "text", "")
            said = regex.findall(r"\p{L}+", fold(text))
            # a cue of two words too ("tom yum", "pad thai")
            cues = {table[w] for w in chain(said, map(" ".join, pairwise(said))) if w in table}
            cues |= set(self._paired_cues(said))
            cues |= {isos for _, isos, _ in self._languages_said()}
            # a river, lake or mountain abroad the essay names that no detector marked ("vi
            # bodde vid indus") stays as written: its country is one it lies in (Pakistan ->
            # India, never Iraq)
            geo = self.geo
            cues |= {where for m in geo.feature_pattern.findall(fold(text))
                     if m not in self.avoid_folds
                     for where in (geo.features[geo.feature_folds[m]][1],) if abroad(where)}
            islands = {n: w for n, (k, w) in geo.features.items() if k == "island" and abroad(w)
                       and any(fold(t) not in fold(n) for t in geo.feature_towns_abroad.get(n, ()))}
            if any(geo.feature_folds[m] in islands for m in geo.feature_pattern.findall(
                    fold(text))):
                # "Medan på ön Sumatra": a country with an island we know towns on, so the town
                # can lie on the island's surrogate (never "Danang på ön Phu Quoc")
                cues.add(frozenset().union(*islands.values()))
            if _followed_plate(text):
                # a plate of a listed layout: its country stays one whose plate it can follow
                cues.add(frozenset(f.country for f in plate_formats() if f.example))
            self.cues = tuple(sorted(cues, key=lambda isos: (len(isos), sorted(isos))))
        near = pool
        for isos in self.cues:
            if iso in isos:
                near = [c for c in near if self.lex.get(fold(c)).country in isos] or near
        return near if near is not pool else []

    def _spoken(self, country: str, pool: list[str]) -> list[str]:
        """Lifelike: the places of `pool` (of `country`) in the regions where a language the
        essay names is a family's home language (`homes` of `country_cues_lifelike`: "kurdiska"
        beside a town of Iran -> Sanandaj or Urmia, never Khorramshahr; "dari" beside Herat ->
        Mazar, never Kandahar), each named language in turn where a place is left; `pool`
        where no row lists a town of the country."""
        lex = self.lex
        if self.homes is None:
            said = set(regex.findall(r"\p{L}+", fold(getattr(self.before, "text", ""))))
            self.homes = list(dict.fromkeys(towns for w, towns in sorted(self.geo.cue_homes.items())
                                            if w in said))
        near = pool
        for towns in self.homes:
            regions = {lex.place_region.get(fold(t), "") for t in towns
                       if lex.get(fold(t)).place_country == country} - {""}
            if regions:
                near = [c for c in near if lex.place_region.get(fold(c)) in regions] or near
        return near

    def _legs(self, span: Span, iso: str, pool: list[str]) -> list[str]:
        """Lifelike: the countries of the pool that keep the route's legs: a country named
        right before or after the mention in its sentence, already replaced, that borders the
        original or lies on one sea with it (`Geography.leg`) has a surrogate the candidate
        borders or shares a sea with ("från Irak till Turkiet och sedan till Grekland och
        Makedonien": never "... Libanon och Kosovo"); [] when no such leg is kept."""
        text, lex, geo = getattr(self.before, "text", ""), self.lex, self.geo
        begin, stop = self._route_window(text, span)
        tokens = regex.findall(r"\p{L}+", text[begin:stop])
        route = [iso_ for pair in zip(tokens, tokens[1:] + [""]) for iso_ in (
            lex.get(fold(" ".join(pair).strip())).country or lex.get(fold(pair[0])).country,)
            if iso_]
        route = [c for i, c in enumerate(route) if not i or c != route[i - 1]]
        at = [i for i, c in enumerate(route) if c == iso]
        ends = {route[j] for i in at for j in (i - 1, i + 1) if 0 <= j < len(route)}
        legs = [self.countries[o] for o in sorted(ends) if o in self.countries and o != iso
                and self.countries[o] != o and geo.leg(iso, o, lex.neighbours)]
        near = [c for c in pool if self._free(c) and all(
            geo.leg(lex.get(fold(c)).country, other, lex.neighbours) for other in legs)]
        # a crossing a boat makes first (never Lebanon to Albania)
        near = [c for c in near if all(geo.near_leg(lex.get(fold(c)).country, other,
                                                    lex.neighbours) for other in legs)] or near
        return near if legs else []

    def _route_graph(self) -> dict[str, list[tuple[str, str]]]:
        """Lifelike, once per essay: the legs of its routes, each country (ISO) -> the
        countries named next to it in the essay (across sentences too: "Jag är från Eritrea.
        Vi gick genom Sudan") that it borders or shares a sea with (`Geography.leg`), each with
        how the surrogates must meet: "land" (they border), "hills" (they border, a walk
        through mountains: a word of a mountain's kind in the legs' sentences), "sea" (on one
        sea: a boat word between them, or no common border), "either" (a boat between
        bordering countries on no common sea). A flown leg (`air_words`) is none."""
        if self.route_legs is None:
            lex, geo = self.lex, self.geo
            hills = {w for w, kind in geo.kind_words if kind in ("mountain", "range")}
            # each token's sentence, and how many sentences up to each name a mountain
            tokens, sentence, walks, starts = list[str](), list[int](), [0], list[int]()
            for at, part in enumerate(regex.split(r"[.!?\n]", fold(getattr(
                    self.before, "text", "")))):
                words = regex.findall(r"\p{L}+", part)
                starts.append(len(tokens))
                tokens += words
                sentence += [at] * len(words)
                walks.append(walks[-1] + (not hills.isdisjoint(words)))
            # a stop is a country, or a town of a country the essay never names ("Vi flydde
            # från Kabul till Iran och sedan till Turkiet": Kabul's surrogate stays in
            # Afghanistan, so Iran's borders it)
            homes = self._route_homes
            # a country the essay misspells ("genom frankrike och Danmak") is a stop too
            spelt = {w: self._misspelt_country(w) for w in self.country_words
                     if not lex.get(w).country}
            # and a Swedish town a route goes on to ("genom Tyskland och Danmark till Ljungby")
            # is Sweden, its last leg one to Sweden
            swedish = {key for key in self.town_mentions if self.effective == "lifelike"
                       and lex.get(key).se_pop and lex.get(key).place_country in ("", "SE")}
            named = [(i, iso) for i, pair in enumerate(zip(tokens, tokens[1:] + [""]))
                     for iso in (lex.get(" ".join(pair).strip()).country
                                 or lex.get(pair[0]).country or spelt.get(pair[0])
                                 or homes.get(" ".join(pair).strip()) or homes.get(pair[0])
                                 or ("SE" if pair[0] in swedish and i and tokens[i - 1] in
                                     geo.sweden_after else ""),)
                     if iso]
            how: dict[tuple[str, str], str] = {}
            first: dict[int, int] = {}  # a sentence -> its first stop
            for i, _ in named:
                first.setdefault(sentence[i], i)
            for (i, one), (j, other) in pairwise(named):
                between = set(tokens[i + 1:j])
                if one == other or not between.isdisjoint(geo.air_words) \
                        or not geo.leg(one, other, lex.neighbours):
                    continue
                border = other in lex.neighbours.get(one, ())
                # a boat word between them, or opening their sentence before the first ("Vi
                # åkte gummibåt från Turkiet till Lesbos")
                opening = tokens[max(starts[sentence[i]], i - 8):i] if sentence[i] == sentence[
                    j] and first.get(sentence[i]) == i else []
                boat = not between.isdisjoint(geo.boat_words) or (
                    not geo.boat_words.isdisjoint(opening) and geo.land_words.isdisjoint(opening))
                # "genom bergen från Irak till Turkiet": a mountain in the legs' sentences
                walk = walks[sentence[j] + 1] > walks[sentence[i]]
                kind = ("hills" if walk else "land") if border and \
                    not boat else ("sea" if geo.shore(one, other) else "either")
                for key in ((one, other), (other, one)):
                    was = how.get(key, kind)
                    how[key] = kind if was == kind else "hills" if {was, kind} == {
                        "land", "hills"} else "either"
            legs: dict[str, list[tuple[str, str]]] = {}
            for (one, other), kind in how.items():
                legs.setdefault(one, []).append((other, kind))
            self.route_legs = legs
        return self.route_legs

    @cached_property
    def _route_homes(self) -> dict[str, str]:
        """Lifelike: the stops of a route fixed to a country the essay never names: its towns
        abroad (`town_homes`) and its islands of one country ("med båt från Libyen till
        Kreta": Crete stays Greek, so Libya's surrogate is one a boat reaches Greece from),
        each by its fold."""
        said = set(regex.findall(r"\p{L}+", fold(getattr(self.before, "text", ""))))
        islands = {fold(name): min(where) for name, (kind, where) in self.geo.features.items()
                   if kind == "island" and abroad(where) and len(where) == 1
                   and fold(name) in said}
        return islands | self.town_homes

    def _route_domain(self, iso: str, tier: int, taken: set[str]) -> list[str]:
        """Lifelike: the countries (ISO, sorted) a stop of a route may become: free, with towns
        to draw from, in the original's part of the world and as landlocked as it (tier 0), in
        its part (tier 1: a reader knows the Balkans better than who has a coast there), on its
        continent and as landlocked (tier 2), on its continent (tier 3)."""
        lex, geo = self.lex, self.geo
        if (iso, tier) not in self.route_stops:
            part, continent = geo.world_parts.get(iso), lex.continents.get(iso)
            inland = iso in geo.landlocked
            self.route_stops[iso, tier] = [
                (other, name) for other, name in self.country_names.items()
                if other not in self.avoid_countries and lex.cities_by_country.get(other)
                and lex.continents.get(other) == continent
                and (tier not in (0, 2) or (other in geo.landlocked) == inland)
                and (tier >= 2 or not part or geo.world_parts.get(other) == part)]
        out = [name for other, name in self.route_stops[iso, tier]
               if other not in taken and self._free(name)]
        # the sea the essay crosses from it, the words that tie it, the last leg to Sweden
        # (as `_country` draws)
        out = self._on_crossed_sea(iso, out) or out
        out = self._cued(iso, out) or out
        if iso in geo.sweden_gateways and any(o == "SE" for o, _ in self._route_graph().get(
                iso, ())):
            out = [n for n in out if lex.get(fold(n)).country in geo.sweden_gateways] or out
        return [lex.get(fold(name)).country for name in out]

    @cached_property
    def country_names(self) -> dict[str, str]:
        """ISO -> the first name of the country pool, in ISO order."""
        names: dict[str, str] = {}
        for name in self.lex.pools.get("country", []):
            names.setdefault(self.lex.get(fold(name)).country, name)
        return {iso: names[iso] for iso in sorted(names) if iso}

    def _route_fits(self, iso: str, pool: list[str]) -> list[str]:
        """Lifelike: the countries of the pool from which the essay's whole route through `iso`
        can still be drawn (`_route_graph`): every leg by land between countries that border
        each other, every leg by sea between countries on one sea or border, each stop a free
        country of its original's part of the world where the route allows it (else of its
        continent), the surrogates the essay already has kept. The route is solved jointly, so
        "Afghanistan, Iran, Turkiet, med båt till Grekland" never strands its third stop beside
        a second that has no neighbour left. A bounded search: [] when it finds none."""
        legs = self._route_graph()
        if iso not in legs:
            return []
        lex, geo = self.lex, self.geo
        order, seen = [iso], {iso}
        for stop in order:  # the route's countries, each after one it has a leg with
            for other, _ in sorted(legs[stop]):
                if other not in seen and len(order) < ROUTE_STOPS:
                    seen.add(other)
                    order.append(other)
        # Sweden and a country named only by its towns stay, a replaced one is its surrogate
        homes = set(self._route_homes.values())
        fixed = {o: (o if o == "SE" or o in homes and o not in self.countries
                     else self.countries[o]) for o in order
                 if o == "SE" or o in self.countries or o in homes}
        free = [o for o in order[1:] if o not in fixed]
        taken = set(self.countries.values())
        budget = [0]

        def fits(one: str, other: str, how: str) -> bool:
            if how == "hills" and hills[0]:  # (the first tiers: a range the two share)
                return other in lex.neighbours.get(one, ()) and other in geo.ranges_shared.get(
                    one, ())
            if how in ("land", "hills"):
                return other in lex.neighbours.get(one, ())
            # by sea, a crossing a boat makes (never Lebanon to Albania)
            by_sea = geo.shore(one, other) and geo.boat_reach(one, other)
            return by_sea if how == "sea" else geo.near_leg(one, other, lex.neighbours)

        def solve(k: int, assign: dict[str, str], domains: dict[str, list[str]]) -> bool:
            if k == len(free):
                return True
            stop = free[k]
            for value in domains[stop]:
                if value in assign.values() or not all(
                        fits(value, assign[o], how) for o, how in legs[stop] if o in assign):
                    continue
                budget[0] -= 1  # a bounded search: so many stops tried per tier
                if budget[0] < 0:
                    return False
                assign[stop] = value
                if solve(k + 1, assign, domains):
                    return True
                del assign[stop]
            return False

        names = [(c, lex.get(fold(c)).country) for c in pool if self._free(c)]
        # a walk through mountains keeps a range between its countries where one can, else
        # only their border
        walk = any(how == "hills" for stop in order for _, how in legs.get(stop, ()))
        hills = [False]
        for shared, tier in [(True, t) for t in (0, 1, 2, 3) if walk] + [
                (False, t) for t in (0, 1, 2, 3, 4)]:
            hills[0] = shared
            domains = {o: self._route_domain(o, min(tier, 3), taken) for o in free}
            if tier < 4:  # (the last tier keeps the route whatever features it names)
                domains = {o: self._with_kinds(o, stops) for o, stops in domains.items()}
            allowed = set(self._route_domain(iso, tier, taken)) if tier < 4 else None
            budget[0] = ROUTE_SEARCH
            out = [c for c, value in names if (allowed is None or value in allowed)
                   and value not in fixed.values()
                   and all(fits(value, fixed[o], how) for o, how in legs[iso] if o in fixed)
                   and solve(0, dict(fixed) | {iso: value}, domains)]
            if out:
                return out
        return []

    def _with_kinds(self, iso: str, stops: list[str]) -> list[str]:
        """Lifelike: the stops (ISO) a route's country may become that have the kinds of
        feature the essay places in it ("vid floden Khabur, nära gränsen till Turkiet": Turkey's
        surrogate has a river of its own), all of them where none has."""
        need, have = self._kinds_placed_in(iso), self._free_kinds()
        return [c for c in stops if need <= have.get(c, frozenset())] or stops

    def _route_window(self, text: str, span: Span) -> tuple[int, int]:
        """The mention's sentence, widened over a sentence before or after that goes on with
        its route (`route_next`: "Vi gick till Sudan. Sen till Libyen. Sen med båt till
        Italien": Libya's legs are Sudan and Italy)."""
        begin, stop = _sentence_start(text, span.start), _sentence_end(text, span.end)
        going = self.geo.route_next
        if going is None:
            return begin, stop
        if begin > 1 and going.match(text, begin):
            begin = _sentence_start(text, begin - 1)
        if stop < len(text) and going.match(text, stop + 1):
            stop = _sentence_end(text, stop + 1)
        return begin, stop

    def _bordering(self, iso: str, pool: list[str]) -> list[str]:
        """A route stays a route ("via Turkiet till Grekland", "genom Serbien och Ungern"): a
        country bordering countries the essay already replaced borders their surrogates (every
        one where the pool allows, else one of them); [] when it borders none of them or none
        of their free neighbours is left."""
        lex = self.lex
        near = lex.neighbours.get(iso, ())
        named = [lex.neighbours.get(self.countries[o], frozenset()) for o in self.countries
                 if o in near and o != self.countries[o]]
        # "Sukkur ligger nära gränsen till Indien": a country the essay names only by its
        # towns keeps them (their surrogates lie in it), and one bordering it borders it still
        named += [lex.neighbours.get(o, frozenset()) for o in sorted(set(
            self.town_homes.values())) if o in near and o not in self.countries]
        if not named:
            return []
        for test in (all, any):
            near = [c for c in pool if self._free(c)
                    and test(lex.get(fold(c)).country in n for n in named)]
            if near:
                return near
        return []

    def _on_side_said(self, span: Span, home: str, country: str, pool: list[str],
                      cities: list[str]) -> list[str]:
        """Lifelike: a town abroad the essay places in a part of its own country ("Shiraz i
        södra Iran", "Qamishli, en stad i nordöstra Syrien", "i norra delen av landet":
        `directions_lifelike` in coordinates.toml) is one of the surrogate country's towns in
        that part, of the pool where one is (before: "Halab i södra Syrien"); `pool` where the
        essay gives none or we know no town there."""
        told = span.key or str(span.start)
        if told not in self.sides_told:  # (once per town: its mentions read once)
            mentions = self.town_mentions.get(span.key, [span]) if span.key else [span]
            self.sides_told[told] = (
                next(filter(None, (self._sides_said(m, home) for m in mentions)), ()),
                next(filter(None, (self._border_said(m, home) for m in mentions)), ""))
        sides, across = self.sides_told[told]
        if not sides and not across:
            return pool
        free = [t for t in cities if self._free(t)]
        there = [on_side(country, towns, sides) if sides else towns for towns in (pool, free)]
        if across:  # the side and the border, else the side, else the border
            other = self.countries.get(across, across)
            there = [by_border(country, towns, other) for towns in there] + there + [
                by_border(country, towns, other) for towns in (pool, free)]
        return next((towns for towns in there if towns), pool)

    def _side_of_town(self, span: Span, pool: list[str], towns: list[str]) -> list[str]:
        """Lifelike: the Swedish towns of the pool that lie as the mention's sentence places it
        against another town already rendered ("Sollentuna, norr om Stockholm", "Kiruna ligger
        långt norr om Luleå": `sides_of_lifelike` in coordinates.toml; the first on that side of
        the second), by their coordinates, else the free `towns` on that side nearest the other
        town's surrogate; `pool` where none is or the sentence says none."""
        text = getattr(self.before, "text", "")
        begin, stop = _near_sentence(text, span.start, span.end)
        sides_of = directions().sides_of
        # the town, at most three words ("som ligger långt"), the side, "om", the other town
        for found in regex.finditer(r"(\p{L}[\p{L}-]*)[\s,]+(?:\p{L}+\s+){0,3}?(\p{L}+)\s+om\s+"
                                    r"(\p{L}[\p{L}-]*)", text[begin:stop], overlapped=True):
            sides = sides_of.get(fold(found.group(2)))
            first, second = found.start(1) + begin, found.start(3) + begin
            if not sides or span.start not in (first, second):
                continue
            other = fold(found.group(3) if span.start == first else found.group(1))
            there = self.place_map.get(other)
            if there is None:
                continue
            def fits(t: str) -> bool | None:
                return lies_toward(*((t, there) if span.start == first else (there, t)), sides)
            near = [t for t in pool if fits(t)] or sorted(
                (t for t in towns if self._free(t) and fits(t)),
                key=lambda t: distance_km(t, there) or 0.0)[:REGION_NEAREST]
            return near or pool
        return pool

    def _border_said(self, span: Span, home: str) -> str:
        """The country (ISO, the original) whose border the mention's sentence puts it by:
        a border word (`border_words_lifelike`) and a country other than its own within three
        words after it ("Herat ligger nära gränsen till Iran"); "" where none."""
        text = getattr(self.before, "text", "")
        begin, stop = _near_sentence(text, span.start, span.end)
        said = [fold(w) for w in regex.findall(r"\p{L}+", text[begin:stop])]
        for k, word in enumerate(said):
            if word in self.geo.border_words:
                for w in said[k + 1:k + 4]:
                    iso = self.lex.get(w).country
                    if iso and iso != home:
                        return iso
        return ""

    def _sides_said(self, span: Span, home: str) -> tuple[str, ...]:
        """The sides ("south", "east") of the direction word nearest the mention in its
        sentence that stands before its own country ("i södra Iran", "i norra delen av
        Syrien", "i södra delen av landet"); () where none does."""
        text = getattr(self.before, "text", "")
        begin, stop = _near_sentence(text, span.start, span.end)
        table, lex = directions(), self.lex
        said = [(m.start() + begin, fold(m.group())) for m in regex.finditer(
            r"\p{L}+", text[begin:stop])]
        best: tuple[int, tuple[str, ...]] | None = None
        for k, (at, word) in enumerate(said):
            sides = table.sides.get(word)
            if not sides or span.start <= at < span.end:
                continue
            after = [w for _, w in said[k + 1:k + 5]]
            if after[:2] == ["delen", "av"]:
                after = after[2:]
            named = after[:1] and (after[0] in table.land_words or home in (
                lex.get(after[0]).country, lex.get(" ".join(after[:2])).country))
            if named and (best is None or abs(at - span.start) < best[0]):
                best = (abs(at - span.start), sides)
        return best[1] if best else ()

    def _place(self, span: Span, original: str, rng: Draws) -> str:
        """A place of the same kind in the surrogate of its country (or its own country when
        that is not replaced); a street of the essay's surrogate city."""
        label, lex = span.label, self.lex
        home = self._country_of(span, original)
        country = self.countries.get(home, home) or "SE"
        if home not in ("", "SE") and label in ("city", "area"):
            self.abroad = home
        camp = self._camp(span, original, home, country, rng) if country != "SE" else None
        if camp:
            return camp  # "i lägret Kakuma" -> "i lägret Nakivale", never a town
        if label == "place":
            return self._named_site(span, original, country, rng)
        parts = town_sections(lex) if self.effective == "lifelike" else frozenset()
        cities = [c for c in lex.cities_by_country.get(country, [])  # (lifelike: never Ecopark,
                  if c not in self.geo.not_towns_abroad and c not in parts]  # never Kentron)
        if country == "SE":
            cities = self._swedish_towns(cities)
        if self.effective == "lifelike" and label in ("city", "area") and country != "SE":
            cities = self._off_islands(span, cities)  # "från Izmir tog vi tåget": not Chios
        pick = self._place_of_its_own(span, original, home, country, cities, rng)
        if pick:
            return pick
        pick = self._ski_town(span, country, rng)
        if pick:
            self._settle(span, original, pick)
            return pick
        said, village = self._village_said(span, original, country)
        anchor = self.village_towns.get(span.key or fold(original)) if label == "city" else None
        if anchor and not self._original(anchor):
            return anchor  # "Färila, en by nära Ljusdal": Ljusdal is the village's town
        if label == "city" and country == "SE" and not self._known(span, original) and \
                self.city and said != "small":
            # "Tjärna ängar", "Porsön": a place no gazetteer knows, in an essay with a town, is
            # one of its districts (never a second town), or a Swedish place name of our own;
            # lifelike: a small locality near the town where we know none of its districts
            if self.city not in lex.districts_by_town and self.effective == "lifelike":
                said, village = "small", True
            elif self.city not in lex.districts_by_town:
                return self._compound(rng, "")
            else:
                self.districts.add(span.start)
        pool = self._place_pool(span, original, home, country, cities, said, rng)
        pool = self._narrowed_places(span, original, pool, home, country, cities)
        # (a district of a big town abroad before a town of another country: Maardu, never
        # Sundsvall, where Estonia's few other towns are taken)
        pick = self._draw(pool, rng) or self._draw(cities, rng) or self._draw(
            lex.cities_by_country.get(country, []) if parts else [], rng) or self._draw(
            lex.cities_by_country.get("SE", []), rng) or self._compound(rng, "by")
        essay_town = self.towns[0] if self.towns else None
        if self.effective == "lifelike" and country != "SE" and label == "city":
            self.towns_abroad.append((span.start, pick))
        self._settle(span, original, pick)
        return (village and country == "SE" and self._village(span, pick, essay_town, rng)
                ) or pick

    def _named_site(self, span: Span, original: str, country: str, rng: Draws) -> str:
        """A named site (label "place"): a landmark, a town abroad for a bazaar or ruin, a park
        for a park, else a street of the essay's surrogate town with the original's ending."""
        lex = self.lex
        pick = self._landmark(span, original, country, rng) or self._site_of_its_own(
            span, original, country, rng)
        if pick:
            return pick
        ending = street_ending(original)
        if country != "SE" and not ending:
            # a bazaar or a ruin abroad: never a Swedish street (but "en restaurang på
            # Storgatan" after a sentence about Thailand is a Swedish street)
            pick = self._draw(lex.cities_by_country.get(country, []), rng) or self._draw(
                [c for iso in sorted(set(self.countries.values()) - {"SE"})
                 for c in lex.cities_by_country.get(iso, [])], rng)
            if pick:
                return pick
        bare = self._bare_word(span, original)
        if bare:
            return bare
        other = next((e for e in words().place_endings if fold(original).endswith(e)
                      and len(original) > len(e) + 1), "") if not ending else ""
        if other:  # Furuviksparken -> Ekbackaparken: a park stays a park, never a street
            return self._compound(rng, other)
        streets = lex.streets_by_city.get(self.city or "", []) or (
            list(words().common_streets) if self.effective == "lifelike"  # never Sveavägen
            else lex.pools.get("street", []))
        same = [s for s in streets if ending and s.lower().endswith(ending.lower())]
        return (self._draw(same, rng) or self._draw(streets, rng)
                or self._compound(rng, ending or words().default_street_ending))

    def _site_of_its_own(self, span: Span, original: str, country: str,
                         rng: Draws) -> str | None:
        """Lifelike: a named site that is only an institution's kind word ("på Lärcentrum i
        Laholm": an institution of that kind, never a street), or a river its words say it is
        ("min by låg vid Prut, floden": `_water_said`); None otherwise."""
        if self.effective != "lifelike":
            return None
        key = fold(original)
        kind = next((k for k in institution_kinds(True) if key in k.words), None)
        if kind is not None:
            return self._of_kind(kind, original, "", rng)
        if key in self.geo.feature_folds:
            # "Kanot på Lelång" read as a site: the lake it is, never Stationsgatan
            pick = self._feature(span, original, country, rng)
            if pick:
                return pick
        if not street_ending(original) and self._water_said(span, original):
            return self._feature(span, original, country, rng, "river")
        return None

    def _place_of_its_own(self, span: Span, original: str, home: str, country: str,
                          cities: list[str], rng: Draws) -> str | None:
        """A place the essay says more of than its label: the capital it calls so, a range,
        island or sound read as a town, a town in its region abroad, a region of its town, a
        feature; None where the place is drawn from a pool of its kind (`cities`: the
        surrogate country's towns, lifelike abroad off the islands where the essay leaves
        them)."""
        label = span.label
        lifelike = self.effective == "lifelike"
        capital = self._capital_said(span, country) if label == "city" else None
        if capital:
            return capital  # "Asmara, huvudstaden" -> Addis Abeba (Djibouti for Djibouti)
        name = self.geo.feature_folds.get(fold(original))
        if lifelike and country != "SE" and label in ("city", "area") and \
                name and self._stays_feature(span, name):
            # "i Hindu Kush" read as a town: a range of the surrogate country
            # "Vi träffades på Phuket", read as a town: an island of the surrogate country
            # (Phu Quoc), never "på Saigon"
            pick = self._feature(span, original, country, rng)
            if pick:
                return pick
        if lifelike and label in ("city", "place") and not name and \
                self._water_said(span, original):
            # "badade i Prut", "Prut ..., floden var varm" read as a town: a river
            pick = self._feature(span, original, country, rng, "river")
            if pick:
                return pick
        if lifelike and label in ("city", "area") and country != "SE":
            pick = self._in_region_abroad(span, original, cities, self._off_islands(
                span, self._coast_town(span, original, home, country)), rng)
            if pick:
                if label == "city":
                    self.towns_abroad.append((span.start, pick))  # a river after it: its own
                return pick
        if lifelike and country == "SE" and label in ("city", "region"):
            # Kalmarsund read as a town, Öland as a region: a sound stays one the surrogate
            # town lies on, an island an island (never a district, never a province)
            if name and not abroad(self.geo.features[name][1]):
                pick = self._feature(span, original, country, rng)
                if pick:
                    return pick
        if label == "region" and country == "SE":
            pick = self._region_of_town(original)
            if pick:
                return pick
        if label == "geo":
            # "Från Lesbos tog vi bussen": the bus leaves from a town of the mainland
            pick = self._bare_word(span, original) or (
                country != "SE" and self._leaves_by_land(span) and self._draw(
                    [c for c in self._off_islands(span, cities) if self._free(c)], rng)) or \
                self._feature(span, original, country, rng)
            if pick:
                return pick
        return None

    def _water_said(self, span: Span, original: str) -> bool:
        """Lifelike: a name no gazetteer knows as a place and of no place's ending, read as a
        town or a site, that the essay bathes or fishes in ("badade i Prut":
        `water_verbs_lifelike` right before "i"; "badar vid X" is a beach's) or calls a river
        right after it ("vid Prut, floden var stor"; never "byn X nära floden"): a river."""
        key = span.key or fold(original)
        if self.lex.get(key).place_kind or " " in key or any(
                key.endswith(end) for end in words().place_endings):
            return False
        before = self.before.get(span.start, ())
        if len(before) >= 2 and before[-1] == "i" and before[-2] in words().water_verbs:
            return True
        text = getattr(self.before, "text", "")
        said = regex.match(r"\s*,?\s*(\p{L}+)", text[span.end:span.end + 30])
        rivers = {word for word, kind in self.geo.kind_words if kind == "river"}
        return bool(said) and fold(said.group(1)) in rivers

    def _village_said(self, span: Span, original: str, country: str) -> tuple[str, bool]:
        """(the size the essay gives a Swedish town, "small"/"big"/"", whether it is a
        village): a village word, or lifelike a small locality beside the essay's town."""
        label, lex = span.label, self.lex
        said = self._size_said(span) if label == "city" and country == "SE" else ""
        village = said == "small" and self._size_word(span) in words().village_words
        if self.effective == "lifelike" and label == "city" and country == "SE" and not said \
                and (self.towns and 0 < lex.get(span.key or fold(original)).se_pop <
                     words().village_max and not self._original(self.towns[0])
                     or self._village_by_town(span, original)) and \
                not self.is_district(span, original):
            # a locality under village_max after the essay's town ("badar på stranden vid
            # Örnäs", "jobbar i Timmele" beside Åmål, Ulricehamn): a village of its county,
            # never a town anywhere (Västerås, Lund)
            said, village = "small", True
        return said, village

    def _place_pool(self, span: Span, original: str, home: str, country: str,
                    cities: list[str], said: str, rng: Draws) -> list[str]:
        """The places a place is drawn from, by its label, country and what the essay says."""
        label, lex = span.label, self.lex
        if label == "city" and country == "SE" and self.is_district(span, original):
            return self._district_pool(span, original, rng)
        if label == "city" and country == "SE" and said:
            return self._sized_towns(span, original, cities, country, said)
        if label == "city" and country == "SE" and self.has_district:
            # the essay names a district: its town comes from the towns whose districts we know
            pool = self._enough_districts([c for c in cities if c in lex.districts_by_town]) \
                or cities
            return self._nearby(pool, span, original) or pool
        if label == "city" and country == "SE":
            # where the original lies and about its size; where the two disagree, nearness for
            # a later town (Falun "20 minuter" away), size for the essay's first
            near = self._nearby(cities, span, original)
            sized = self._similar_size(cities, span, original, country)
            pool = [c for c in near if c in sized and self._free(c)] or (
                near if self.towns or self.home[0] else sized)
            pool = self._with_partner(span, original, pool, cities)
            return self._port(span, cities) or pool
        if label == "city":
            pool = self._similar_size(cities, span, original, country)
            if self.effective == "lifelike":
                pool = self._of_said_size(span, cities, country) if self._size_said(span) \
                    else pool
                coast = self._coast_town(span, original, home, country)
                pool = [c for c in coast if c in pool] or coast or pool
                spoken = self._spoken(country, cities)
                if spoken is not cities:  # "kurdiska": a town where Kurdish is spoken at home
                    pool = [c for c in pool if c in set(spoken)] or spoken
            return pool
        if label == "geo" and country == "SE":
            return lex.pools.get("geo:SE") or lex.pools.get("geo", [])
        # a region, area or feature abroad: one of the surrogate country, else a town of it
        return lex.pools.get(f"{label}:{country}") or (lex.pools.get(label, []) if country == "SE"
                                                       else cities)

    def _district_pool(self, span: Span, original: str, rng: Draws) -> list[str]:
        """Hulta (in Borås) -> a district of the essay's surrogate town; an essay naming
        districts only keeps them in one town (never Flemingsberg beside Luthagen)."""
        lex = self.lex
        if self.city is None:
            towns = self._enough_districts([t for t in self._swedish_towns(
                list(lex.districts_by_town)) if t in lex.districts_by_town and self._free(t)])
            self.city = self._draw(towns, rng)
            if self.effective == "lifelike" and self.city:
                # "Jag bor i Hjällbo ... Göteborgs universitet": the district's own town is
                # the surrogate town in the names of institutions too
                own = next((t for t, names in lex.districts_by_town.items()
                            if original in names), None)
                if own:
                    self.place_map.setdefault(fold(own), self.city)
        town = self._town_after(span) or self._own_town_rendered(original) or \
            self._own_town_named(original, rng) or self.city
        return lex.districts_by_town.get(town or "", []) or [
            d for names in lex.districts_by_town.values() for d in names]

    def _sized_towns(self, span: Span, original: str, cities: list[str], country: str,
                     said: str) -> list[str]:
        """"Lund, en by nära Karlstad", "Göteborg, det är en storstad": a town of the size
        the essay gives it (one whose districts we know where the essay names one), placed as
        the original lies."""
        lex = self.lex
        towns = list(dict.fromkeys(cities + list(self.geo.towns)))
        # the essay's institutions and districts are its first town's: a village elsewhere
        # ("min fru kommer från en by som heter Ammarnäs") needs no university
        towns = self._swedish_towns(towns) if not self.towns or said == "big" else [
            c for c in towns if c not in self.geo.not_towns and (
                c in self.geo.shore_towns or not self._shore_after(span))]
        towns = [c for c in towns if c in lex.districts_by_town] if self.has_district \
            and not self.towns else towns
        sized = self._of_said_size(span, towns, country, said, strict=True)
        return (self._nearby(sized, span, original, extend=False) if sized else
                self._of_said_size(span, self._nearby(towns, span, original, extend=False)
                                   or towns, country, said))

    def _narrowed_places(self, span: Span, original: str, pool: list[str], home: str,
                         country: str, cities: list[str]) -> list[str]:
        """`pool` narrowed to what the essay says around the place: a town with a second name,
        one of a named region, of the surrogate country on its river, on the side of a town
        the essay names, one with the institution the essay puts there."""
        label = span.label
        lifelike = self.effective == "lifelike"
        if self._alias_clause(span)[0] == "first":  # "Halab, på svenska heter det Aleppo":
            english = words().english_names if lifelike else {}  # (an English name too)
            pool = [c for c in pool if self._other_names(c) or fold(c) in english] or pool
            if lifelike:  # never "ar-Raqqa, på svenska Raqqa"
                pool = [c for c in pool if self._two_names(c)] or pool
        if fold(original) in self.towns_with_region and country != "SE":
            pool = self._of_named_region(span, original, pool, country, cities)
        if lifelike and country != "SE" and label in ("city", "area"):
            pool = self._on_its_waters(span, original, pool, home, country, cities)
        if lifelike and country == "SE" and label == "city":
            pool = self._side_of_town(span, pool, cities)  # "Sollentuna, norr om Stockholm"
        need = self.institution_towns.get(span.key or fold(original)) if country == "SE" \
            else None
        if need and label == "city":
            # "Mittuniversitetet i Sundsvall": a town that has one, the nearest such where
            # none is as near as the original lies
            pool = [c for c in pool if c in need] or self._nearby(
                sorted(need), span, original, extend=False) or pool
        return pool

    def _ski_town(self, span: Span, country: str, rng: Draws) -> str | None:
        """Lifelike: a Swedish town one skis in ("åkte skidor i Sälen", "liftskötare i Åre") is
        a ski town (`ski_towns_lifelike`), never Rejmyre; None for any other place."""
        if self.effective != "lifelike" or country != "SE" or span.label != "city" or \
                not self._skied_in(span):
            return None
        return self._draw(sorted(t for t in words().ski_towns if self.lex.get(fold(t)).se_pop
                                 and self._free(t)), rng)

    def _skied_in(self, span: Span) -> bool:
        """Lifelike: the place follows "i", "till", "på" or "vid" in a sentence that skis
        (`ski_words_lifelike`: "skidor", "liften", "slalom"), so it is where one skis."""
        text = getattr(self.before, "text", "")
        if words().ski_places.isdisjoint(self.before.get(span.start, ())[-1:]):
            return False
        sentence = fold(text[_sentence_start(text, span.start):_sentence_end(text, span.end)])
        return not words().ski_words.isdisjoint(regex.findall(r"\p{L}+", sentence))

    def _of_named_region(self, span: Span, original: str, pool: list[str], country: str,
                         cities: list[str]) -> list[str]:
        """"Shiraz i Fars": a town whose region has a name of its own; "Halabja, en stad i
        Kurdistan" after "Silemani i Kurdistan": one of the region already drawn."""
        region = self.towns_with_region[fold(original)]
        done = self.written_places.get(region) or self.place_map.get(region)
        named = [c for c in cities if self._region_name(c) and (
            not done or fold(self._region_name(c)) == fold(done))] or [
            c for c in cities if self._region_name(c)]
        return [c for c in pool if c in set(named)] or (self._similar_size(
            named, span, original, country) if span.label == "city" and named else pool)

    def _on_its_waters(self, span: Span, original: str, pool: list[str], home: str,
                       country: str, cities: list[str]) -> list[str]:
        """Lifelike, a town or area abroad: one of the surrogate country, off its islands, on
        the surrogate of the river the essay puts it on, on the side of the border it says."""
        pool = self._in_country(pool, country) or pool
        pool = self._off_islands(span, pool) or pool
        # "Floden Niger flyter genom Bamako": a town on the river's surrogate
        on = self._on_waters(span, country)
        # ... on it in another country where the surrogate country has none ("Niger
        # flyter genom Alger" never keeps a town the river does not touch)
        free = sorted(t for t in on if self._free(t))
        # (a town whose country the essay names and replaces: only on a river of its own
        # sentence, "Shabelle" in one sentence never puts "Minneapolis i USA" in the next
        # on the Nile, in Uganda)
        elsewhere = country == home or self._tied(self.waters_abroad, span)
        pool = [t for t in free if self.lex.get(fold(t)).place_country == country] or ((
            [t for t in free if self.lex.get(fold(t)).place_country in set(
                self.countries.values())] or free) if elsewhere else []) or pool
        if span.label == "city":  # (a town whose region is named keeps to such towns)
            pool = self._on_side_said(span, home, country, pool, [] if fold(
                original) in self.towns_with_region else cities)
        return pool

    def _school_abroad(self, span: Span, original: str) -> str:
        """Lifelike: the bare word for a school or university abroad named without a place
        ("studerade kemi på Fudan i Shanghaj", "flyttade till Santiago för att studera ...
        på USACH"): "universitetet" (a field or university word in its sentence), else
        "skolan", never a Swedish institution in a town abroad; "" where it is no such."""
        if self.effective != "lifelike" or span.label != "school" or self._places_in(original) \
                or not words().university_abroad.isdisjoint(regex.findall(r"\p{L}+", fold(
                    original))):  # "maseno university": round 14's, a town of the country
            return ""
        said = self._kind_said(span)
        if said and not said.name.endswith(("school", "university", "secondary", "education")):
            return ""  # "konto på BDO" read as a school: a bank
        text, lex = getattr(self.before, "text", ""), self.lex
        begin, end = _near_sentence(text, span.start, span.end)
        # the sentence's marked places (other words may spell a town somewhere: "tar", "där")
        places = [lex.get(fold(w)) for w in regex.findall(r"\p{L}[\p{L}-]*", text[begin:end])
                  if fold(w) != fold(original) and fold(w) in self.avoid_folds]
        abroad_ = [e for e in places if e.place_country not in ("", "SE") and e.place_pop
                   and not e.se_pop and not e.gender or e.country not in ("", "SE")]
        if not abroad_ or any(e.se_pop or e.country == "SE" for e in places):
            return ""
        said = set(regex.findall(r"\p{L}+", fold(text[begin:end])))
        study = not said.isdisjoint(words().university_said) or bool(university_fields().keys()
                                                                     & said)
        return "universitetet" if study else "skolan"

    def _camp(self, span: Span, original: str, home: str, country: str, rng: Draws
              ) -> str | None:
        """Lifelike: a refugee camp of the surrogate country for a place the essay calls a
        camp (`camp_words_lifelike` right before or after it, or a listed camp), never a town;
        None where the country has no listed camp left or the place is no camp."""
        if self.effective != "lifelike" or span.label not in ("city", "area", "place"):
            return None
        w, text = words(), getattr(self.before, "text", "")
        after = regex.match(r"(-?\p{L}+)", text[span.end:span.end + 20].lstrip(" "))
        listed = any(fold(original) in map(fold, names) for names in w.camps.values())
        if not (listed or w.camp_words & set(self.before.get(span.start, ())[-1:])
                or after and fold(after.group(1)) in w.camp_words):
            return None
        return self._draw([c for c in w.camps.get(country, ()) if self._free(c)], rng)

    def _enough_districts(self, towns: list[str]) -> list[str]:
        """Lifelike: the towns that have as many known districts as the essay names, so none
        of its districts becomes a town ("Hjällbo ... Angered ... Bergsjön" never "Kronoparken
        ... Göteborg ... Mölndal"); else `towns`."""
        if self.effective != "lifelike":
            return towns
        named = sum("district" in self.lex.get(f).cats for f in self.avoid_folds)
        return [t for t in towns if len(self.lex.districts_by_town.get(t, ())) >= named] or towns

    def _village_by_town(self, span: Span, original: str) -> bool:
        """Lifelike: whether a Swedish locality of fewer than `village_near_max` people stands
        right before "utanför", "nära" ... a more populous Swedish town ("mellbystrand utanför
        Laholm"): a village of that town (before: "gävle utanför Sandviken")."""
        w = words()
        pop = self.lex.get(span.key or fold(original)).se_pop
        if not 0 < pop < w.village_near_max:
            return False
        after = getattr(self.before, "text", "")[span.end:span.end + 80]
        near = w.village_near.match(after)
        if near and near.start(1) <= VILLAGE_NEAR_GAP:
            return self.lex.get(fold(near.group(1))).se_pop > pop
        # "Gimo i Östhammars kommun": a locality in the municipality of a bigger town is a
        # village of that town (never "Eskilstuna i Nyköpings kommun")
        seat = regex.match(r"\s+i\s+(\p{L}+?)s?\s+(\p{L}+)", after)  # "i tierps kommun" too
        return bool(seat) and seat.group(2) in w.town_words and \
            self.lex.get(fold(seat.group(1))).se_pop > pop

    def _village(self, span: Span, town: str, essay_town: str | None, rng: Draws
                 ) -> str | None:
        """Lifelike: a locality of fewer than `village_max` inhabitants in the county of the
        town it lies "nära" (`town`, drawn for the village; the town named there becomes it:
        "Färila, en by nära Ljusdal" -> "Järvsö, en by nära Bollnäs", never "Bollnäs ...
        nära Sandviken"), else of the essay's town. None when the county has none free or the
        essay bathes there (we know which towns lie on the shore, not which villages)."""
        if self._shore_after(span):
            return None
        w, lex = words(), self.lex
        near = w.village_near.match(getattr(self.before, "text", "")[span.end:span.end + 80])
        near = near if near and lex.get(fold(near.group(1))).se_pop > 1 else None
        county = next((key for key, names in lex.pools.items() if key.startswith("village:")
                       and (town if near or not essay_town else essay_town) in names), "")
        # "en by nära Karlstad": within `near_km` of the town's surrogate (Charlottenberg, 80
        # km off, is not near it; the town's surrogate drawn before, else `town`), in any
        # county; else one of the town's county as before
        center = (self.place_map.get(fold(near.group(1))) if near else None) or town
        around = [v for key, names in lex.pools.items() if near and key.startswith("village:")
                  for v in names if (distance_km(center, v) or math.inf) <= near_km()]
        pool = [v for v in around or lex.pools.get(county, []) for e in (lex.get(fold(v)),)
                if 1 < e.se_pop < w.village_max and e.zipf < w.word_zipf and not e.gender
                and v not in self.geo.towns]
        pick = self._draw(pool, rng) if county or around else None
        if pick is None:
            return None
        self.villages.add(pick)
        if near:
            self.village_towns.setdefault(fold(near.group(1)), town)
            self.used.add(town.lower())
        return pick

    def _settle(self, span: Span, original: str, pick: str) -> None:
        """A Swedish town's surrogate, drawn now or remembered from the learner's earlier essay,
        becomes one of the essay's towns: its districts, postcodes, lakes, landskap, hospital
        and trains follow it."""
        if span.label != "city" or self.is_district(span, original) or pick in self.villages:
            return
        if pick in self.towns:
            self.towns_at.append((span.start, pick, span.key or fold(original)))
            return
        home = self._country_of(span, original)
        if (self.countries.get(home, home) or "SE") != "SE" or pick in {
                d for names in self.lex.districts_by_town.values() for d in names}:
            return
        if pick == self.home[0] or not self.towns and not self._near_home(span, original):
            # the essay's first town, or the learner's home where the essay names it or only
            # a town near it ("föräldrar bor i Boden" beside a home in Luleå)
            self.city = pick
        self.towns.append(pick)
        self.towns_at.append((span.start, pick, span.key or fold(original)))
        self.town_origins.append(span.key or fold(original))
        seen = self.base.get((LEARNER_HOME + pick, 0), "0 0").split()
        if int(seen[1]) != self.essay_number:
            self.base[(LEARNER_HOME + pick, 0)] = \
                f"{int(seen[0]) + 1} {self.essay_number} {span.key or fold(original)}"

    def _port(self, span: Span, cities: list[str]) -> list[str]:
        """A town reached or left by boat ("färja från Ystad") is a ferry port (`ports` in
        geography.toml), the nearest to the essay's town; [] when no boat is named before it."""
        geo = self.geo
        said = self.before.get(span.start, ())[-4:]
        if self.effective == "lifelike":  # "färjan Stena Spirit från Gdynia till Karlskrona"
            text = getattr(self.before, "text", "")
            said = fold(regex.split(r"[.!?\n]", text[max(0, span.start - 120):span.start])[-1]
                        ).split()
            # or the boat right after it ("Vi kom till Trelleborg med färjan"): the words up
            # to the clause's end, three at most
            said += regex.findall(r"\p{L}+", fold(regex.split(r"[,;:.!?\n]", text[
                span.end:span.end + 40])[0]))[:3]
        if geo.ferry_words.isdisjoint(said):
            return []
        ports = [t for t in dict.fromkeys(cities + list(geo.towns)) if t in geo.ports
                 and self._free(t)]
        if self.effective == "lifelike":
            # a ferry to the sentence's country abroad, where its surrogate is drawn ("från
            # Polen till Karlskrona" -> a port with a ferry to Germany, never Norrtälje)
            across = {self.countries.get(iso, "") for iso in map(self._iso_of_word, said)}
            # ... or to the country of a town abroad it names (never "från Gdynia till Umeå"),
            # to the town's surrogate where one is drawn ("från Vasa": Umeå)
            homes = self._route_homes
            across |= {homes[w] for w in said if w in homes}
            lines = {t for w in said for t in geo.ferry_lines.get(self.place_map.get(w, ""), ())}
            # (a town abroad not yet drawn: a line to another port of its country)
            lines |= {t for t in ports for w in said if w in homes and w not in self.place_map
                      and any(fold(e) != w for e in geo.ferry_lines.get(t, ())
                              if e in geo.coast_towns.get(homes[w], ()))}
            ports = [t for t in ports if t in lines] or [
                t for t in ports if any(t in geo.ports_across.get(iso, ()) for iso in across)
            ] or ports
        anchor = self.towns[0] if self.towns else self.home[0]
        if not anchor or not ports:
            return ports
        best = max(geo.closeness(anchor, t) or 0 for t in ports)
        return [t for t in ports if (geo.closeness(anchor, t) or 0) == best]

    def _coast_town(self, span: Span, original: str, home: str, country: str) -> list[str]:
        """A town abroad reached by sea (a word of the sea earlier in its sentence: "med båt
        från Tripoli till Italien och kom till Lampedusa", or just after it: "Gdańsk vid
        havet") or on the sea in `coast_towns` (under any of its names) is one on the sea of
        the surrogate country (never Stoke-on-Trent for Piraeus); [] when none holds or the
        table has no free town of that country."""
        geo, key = self.geo, span.key or fold(original)
        if not self._by_sea(span) and all(key not in self.lex.place_aliases.get(t, {fold(t)})
                                          for t in geo.coast_towns.get(home, ())):
            return []
        towns = [t for t in geo.coast_towns.get(country, ()) if self._free(t)]
        if self.effective == "lifelike":
            towns = self._landing(home, country, towns)
            # a ferry from a Swedish town of its sentence: a port of a line to it, else of a
            # line to Sweden
            swedish = self._towns_said(span)
            ends = {t for town in swedish for t in geo.ferry_lines.get(town, ())}
            towns = ([t for t in towns if t in ends] or [t for t in towns if t in geo.ferry_lines]
                     or towns) if swedish else towns
            # on the sea the essay crosses: Kaliningrad, never Makhachkala, for a ferry to Visby
            for sea in self._crossed_seas():
                on = geo.sea_towns.get(sea, {}).get(country)
                if on and country in geo.seas[sea]:
                    return [t for t in towns if t in on] or towns
        return towns

    def _landing(self, home: str, country: str, towns: list[str]) -> list[str]:
        """Lifelike: of the towns of `country` (the surrogate of `home`) reached by sea, those
        nearest the surrogate of each country the route's boat leg (`_route_graph`) joins to
        `home` (`by_border`): from Libya a boat lands on Crete, never on Chios 700 km off, and
        leaves from Tobruk; all of them where no leg's country is drawn yet or we know none."""
        geo = self.geo
        for other, how in self._route_graph().get(home, ()):
            there = "" if how in ("land", "hills") else self.countries.get(
                other, other if other in self._route_homes.values() else "")
            if there and there != country:
                # on a sea the two share (Cyprus to Egypt: Damietta, never Suez on the Red Sea)
                seas = geo.seas_of.get(country, frozenset()) & geo.seas_of.get(there, frozenset())
                on = {t for sea in sorted(seas) for t in geo.sea_towns.get(
                    geo.sea_wider.get(sea, sea), {}).get(country, ())}
                towns = [t for t in towns if t in on] or towns
                towns = by_border(country, towns, there, landing=True) or towns
        return towns

    def _by_sea(self, span: Span) -> bool:
        """A word of the sea earlier in the mention's sentence or just after it ("med båt från
        Tripoli till Italien och kom till Lampedusa", "Gdańsk vid havet")."""
        text = getattr(self.before, "text", "")
        sentence = regex.split(r"[.!?\n]", text[max(0, span.start - 120):span.start])[-1]
        after = fold(text[span.end:span.end + 25])
        # lifelike: the words, not the comma after them ("Gwadar vid havet, men ...")
        near = fold(sentence).split() + (regex.findall(r"\p{L}+", after) if self.effective
                                         == "lifelike" else after.split())[:3]
        return not self.geo.coast_words.isdisjoint(near) or (
            self.effective == "lifelike" and self._said_by_sea(span, text))

    def _said_by_sea(self, span: Span, text: str) -> bool:
        """Lifelike: the rest of the mention's sentence or the next one says the place lies by
        the sea ("Jag bodde i Tuzla. Vi bodde vid havet": `sea_at_lifelike` before a word of
        `shore_words`), so its surrogate is a town on the sea too (never an inland town)."""
        said = regex.findall(r"\p{L}+|[.!?\n]", fold(text[span.end:span.end + 200]))
        stops = [i for i, w in enumerate(said) if w in ".!?\n"]
        said = said[:stops[1] if len(stops) > 1 else len(said)]
        return any(a in words().sea_at and b in self.geo.shore_words
                   for a, b in pairwise(said))

    def _stays_feature(self, span: Span, name: str) -> bool:
        """Lifelike: a range, river or island abroad read as a town stays one of its kind
        ("i Hindu Kush", "på Phuket"), but not an island a train or bus leaves from."""
        kind = self.geo.features[name][0]
        return kind in self.geo.no_town_kinds | {"island"} - {"sea"} and not (
            kind == "island" and self._leaves_by_land(span))

    def _off_islands(self, span: Span, towns: list[str]) -> list[str]:
        """Lifelike: the towns not on an island abroad where a train or bus leaves from the
        mention (`_leaves_by_land`), else `towns`."""
        if not self._leaves_by_land(span):
            return towns
        return [t for t in towns if fold(t) not in self.geo.islands_abroad]

    def _water_named(self, start: int, end: int) -> bool:
        """Lifelike: the text at start:end names a listed river or lake in a water's words
        ("Niger rinner genom Bamako", "ligger vid Niger"), though it also names a country."""
        geo, text = self.geo, getattr(self.before, "text", "")
        if self.effective != "lifelike" or fold(text[start:end]) not in geo.feature_folds:
            return False
        # "Niger är en stor flod", "Niger floden", "en stor flod, Niger": in its sentence
        after = regex.findall(r"\p{L}+", fold(regex.split(r"[.!?\n]", text[end:end + 40])[0]))[:4]
        before = regex.findall(r"\p{L}+", fold(regex.split(r"[.!?\n]", text[
            max(0, start - 20):start])[-1]))[-1:]
        return not geo.water_after.isdisjoint(after) or not geo.water_before.isdisjoint(before)

    def _leaves_by_land(self, span: Span) -> bool:
        """Lifelike: a train or bus leaves from the place: "från" right before it and a word
        of `land_words` in its sentence ("Från Lesbos tog vi bussen till Thessaloniki")."""
        text = getattr(self.before, "text", "")
        before = regex.split(r"[.!?\n]", text[max(0, span.start - 160):span.start])[-1]
        after = regex.split(r"[.!?\n]", text[span.end:span.end + 160])[0]
        said = regex.findall(r"\p{L}+", fold(before + " " + after))
        return self.effective == "lifelike" and fold(before).split()[-1:] == ["fran"] and \
            not self.geo.land_words.isdisjoint(said)

    def _shore_after(self, span: Span) -> bool:
        """A word of `shore_words` later in the mention's sentence ("åka till Skanör och bada
        i havet"): the place lies on the sea."""
        text = getattr(self.before, "text", "")
        rest = regex.split(r"[.!?\n]", text[span.end:span.end + 120])[0]
        return not self.geo.shore_words.isdisjoint(regex.findall(r"\p{L}+", fold(rest)))

    def _near_home(self, span: Span, original: str) -> bool:
        """The original town lies near the original of the learner's home (the same län)."""
        geo, key = self.geo, span.key or fold(original)
        name = next((t for t in geo.towns if fold(t) in (key, key[:-1])), "")
        home = next((t for t in geo.towns if fold(t) == self.home[1]), "")
        return bool(self.home[0]) and (geo.closeness(home, name) or 0) >= 3

    def _nearby(self, cities: list[str], span: Span, original: str, extend: bool = True
                ) -> list[str]:
        """Swedish towns placed as the original lies: the essay's first town in the original's
        landsdel (the snow and the dark of Luleå stay in Norrland); a later town as near the
        first surrogate as the original lies to the first original (Falun "20 minuter" from
        Borlänge -> a town of the surrogate's landskap or a neighbouring one), the nearest
        when the table does not know the original; `extend` adds the towns of geography.toml
        the gazetteers never draw."""
        geo = self.geo
        key = span.key or fold(original)
        name = next((t for t in geo.towns if fold(t) in (key, key[:-1])), "")
        if not self.towns and not self.home[0]:
            part = geo.part(name)
            first = [c for c in cities if part and geo.part(c) == part and self._free(c)] or cities
            if self._commuted(span):
                # "Jag bor i Luleå men jag pendlar till Umeå": a town with another within a
                # commute (never Östersund, 160 km from the nearest)
                others = [t for t in dict.fromkeys(cities + list(geo.towns)) if self._free(t)]
                first = [c for c in first if any(
                    near_km() / 2 <= (distance_km(c, t) or math.inf) <= commute_km()
                    for t in others)] or first
            return first
        anchor, first = (self.towns[0], self.town_origins[0]) if self.towns else self.home
        if self.effective == "lifelike":
            # "Chefen i Uppsala bor i Stockholm": a town tied to one named before it in its
            # sentence lies as far from that one's surrogate (never Östersund and Malmö)
            text = getattr(self.before, "text", "")
            anchor, first = next(((town, key) for start, town, key in reversed(self.towns_at)
                                  if start < span.start and not regex.search(
                                      r"[.!?\n]", text[start:span.start])), (anchor, first))
        # a town near the first may be one the gazetteers never draw (Boden by Luleå: Piteå)
        cities = cities + [t for t in geo.towns if extend and t not in cities and self._free(t)]
        scored = [(n, c) for c in cities if self._free(c)
                  for n in (geo.closeness(anchor, c),) if n is not None]
        if not scored:
            return cities
        far = self._as_far(anchor, first, original, [c for _, c in scored],
                           self._commuted(span))
        if far:
            return far
        want = geo.closeness(next((t for t in geo.towns if fold(t) == first), ""), name)
        best = (max(n for n, _ in scored) if want is None else
                min((n for n, _ in scored), key=lambda n: (abs(n - want), -n)))
        return [c for n, c in scored if n == best]

    def _with_partner(self, span: Span, original: str, pool: list[str], cities: list[str]
                      ) -> list[str]:
        """Lifelike: a town tied to a later town of its sentence ("Chefen i Uppsala bor i
        Stockholm") is one with a free town about as far from it as the originals lie (within
        half the distance or `near_km`), so the later one need not land 160 km off."""
        if self.effective != "lifelike":
            return pool
        text = getattr(self.before, "text", "")
        rest = regex.split(r"[.!?\n]", text[span.end:span.end + 160])[0]
        key = span.key or fold(original)
        later = next((w for w in regex.findall(r"\p{Lu}\p{L}+", rest)
                      if fold(w) != key and fold(w) in self.geo.town_folds), None)
        want = distance_km(original, later) if later else None
        if want is None:
            return pool
        slack = max(want / 2, near_km())
        others = [t for t in dict.fromkeys(cities + list(self.geo.towns)) if self._free(t)]
        return [c for c in pool if any(abs((distance_km(c, t) or math.inf) - want) <= slack
                                       for t in others if t != c)] or pool

    def _commuted(self, span: Span) -> bool:
        """Lifelike: the mention's sentence speaks of a daily commute ("pendlar till")."""
        text = getattr(self.before, "text", "")
        before = regex.split(r"[.!?\n]", text[max(0, span.start - 120):span.start])[-1]
        after = regex.split(r"[.!?\n]", text[span.end:span.end + 120])[0]
        return bool(self.effective == "lifelike" and self.geo.commute
                    and self.geo.commute.search(fold(f"{before} {after}")))

    def _as_far(self, anchor: str, first: str, original: str, towns: list[str],
                commute: bool = False) -> list[str]:
        """Lifelike: the towns that lie about as far from the first town's surrogate `anchor`
        as the original lies from the first original (`first`, folded): "bor i Västerås och
        pendlar till Stockholm" (100 km) never becomes Örebro and Göteborg (280 km); within
        half the distance or `near_km`, whichever is more, a pair one regional train serves
        first (`train_towns_lifelike`); where none lies that far, the nearest to that distance;
        a daily `commute` goes no farther than `commute_km`. [] where we lack coordinates."""
        want = distance_km(first, original)
        if self.effective != "lifelike" or want is None or fold(original) == first:
            return []
        towns = [t for t in towns if t != anchor]  # (another original: never the same town)
        if commute and want > commute_km():
            # (the nearest where none lies within a commute of `anchor`)
            away = sorted((d, t) for t in towns if (d := distance_km(anchor, t)) is not None)
            return [t for d, t in away if near_km() / 2 <= d <= commute_km()] or [
                t for d, t in away if d <= commute_km()] or [t for _, t in away[:1]]
        slack = max(want / 2, near_km())
        gaps = {t: abs(d - want) for t in towns for d in (distance_km(anchor, t),)
                if d is not None}
        # where no town lies that far, the one nearest that distance (never Örnsköldsvik, 200
        # km, for Stockholm 64 km from Uppsala beside a surrogate Östersund)
        far = [t for t in towns if gaps.get(t, math.inf) <= slack] or \
            [t for _, t in sorted((g, t) for t, g in gaps.items())[:1]]
        # a pair a regional train serves first ("Krösatåg från Norrköping till Nyköping")
        return [t for t in far if any(anchor in stops and t in stops
                                      for stops in words().train_towns.values())] or far

    def _landmark(self, span: Span, original: str, country: str, rng: Draws) -> str | None:
        """An airport by an airport, a station by a station: in the essay's surrogate town (or
        one every town has) in Sweden, in the (surrogate) country abroad."""
        geo = self.geo
        name = geo.landmark_folds.get(span.key or fold(original)) or geo.landmark_folds.get(
            fold(original))
        if not name:
            return None
        kind, where = geo.landmarks[name]
        same = [(n, w) for n, (k, w) in geo.landmarks.items() if k == kind]
        if len(where) == 2 and where.isupper():
            target = self.countries.get(where, where)
            return self._draw([n for n, w in same if w == target], rng)
        towns = self.towns or ([self.city] if self.city else [])
        # Landvetter beside a town without an airport: the airport of the nearest town
        nearest = sorted(((geo.closeness(towns[0], w) or 0, n) for n, w in same
                          if towns and w in geo.towns and self._free(n)), reverse=True)
        return (self._draw([n for n, w in same if w and w in towns], rng)
                or self._draw([n for n, w in same if w == ""], rng)
                or self._draw([n for score, n in nearest if score == nearest[0][0]], rng)
                or (None if towns else self._draw([n for n, w in same if w in geo.towns], rng)))

    def _size_said(self, span: Span) -> str:
        """Lifelike: "small" or "big" when the essay calls the place so right after it ("Lund,
        en by nära Karlstad", "Göteborg, det är en storstad") or right before it ("en by som
        heter Ammarnäs", "byn Ammarnäs"); "" otherwise."""
        return words().size_words.get(self._size_word(span), "")

    def _size_word(self, span: Span) -> str:
        """Lifelike: the size word the essay puts right after or before the place ("by",
        "storstad", "huvudstaden"), lower case and single-spaced; "" when none."""
        if self.effective != "lifelike":
            return ""
        w, text = words(), getattr(self.before, "text", "")
        found = w.size_after.match(text[span.end:span.end + 80]) or w.size_before.search(
            text[max(0, span.start - 80):span.start])
        return " ".join(found.group(1).lower().split()) if found else ""

    def _in_country(self, pool: list[str], country: str) -> list[str]:
        """Lifelike: the places of a pool abroad whose best-known reading lies in `country`
        (Bo and Njala are towns of Sierra Leone, never districts of Ho Chi Minh City)."""
        return [c for c in pool if self.lex.get(fold(c)).place_country in ("", country)]

    def _capital_said(self, span: Span, country: str) -> str | None:
        """Lifelike: the surrogate country's capital for a town abroad the essay calls
        "huvudstaden" ("Asmara, huvudstaden" -> Addis Abeba); None otherwise or when taken."""
        if self.effective != "lifelike" or country == "SE":
            return None
        capital = self.geo.capitals.get(country)
        return capital if self._size_word(span) in words().capital_words and capital \
            and (self._free(capital) or self.lex.get(fold(capital)).country == country
                 and not self._original(capital)) else None  # Djibouti, huvudstaden

    def _of_said_size(self, span: Span, pool: list[str], country: str, said: str = "",
                      strict: bool = False) -> list[str]:
        """The places of the pool of the size the essay gives the original (`_size_said`, or
        `said`; bounds in surrogates.toml), else (unless `strict`) its few smallest or
        biggest; the pool when the essay gives none."""
        said = said or self._size_said(span)
        if not said:
            return pool
        w = words()
        least, most = w.sizes[said][:2] if country == "SE" else w.sizes[said][2:]
        entries = {c: self.lex.get(fold(c)) for c in dict.fromkeys(pool) if self._free(c)}
        # abroad a name's population is that of its most populous reading: only when that
        # reading lies in the country (Alexandria in Romania is no city of millions)
        known = sorted((size, c) for c, e in entries.items()
                       for size in (e.se_pop if country == "SE" else
                                    e.place_pop if e.place_country == country else 0,)
                       if size > 1)
        sized = [c for size, c in known if least <= size and (not most or size <= most)]
        few = known[:w.size_fewest] if said == "small" else known[-w.size_fewest:]
        return sized if strict else sized or [c for _, c in few] or pool

    def _similar_size(self, cities: list[str], span: Span, original: str, country: str
                      ) -> list[str]:
        """Towns of about the original's size ("Ljusdal är en liten stad" must not become
        Göteborg): within a factor of 4 of its population, widened to 10 when that leaves fewer
        than 3 towns; every town when none is that close or the original's size is unknown."""
        lex = self.lex
        entry = lex.get(span.key or fold(original))
        size = entry.se_pop if country == "SE" else entry.place_pop
        if size <= 1:
            return cities
        near: list[str] = []
        for factor in TOWN_SIZE_FACTORS:
            near = [c for c in cities if size / factor <= _population(lex, c, country)
                    <= size * factor]
            if len(near) >= 3:
                break
        return near or cities

    def _sized_like(self, key: str, towns: list[str], country: str) -> list[str]:
        """The towns abroad within TOWN_SIZE_FACTORS of the population of the place `key`
        folds (counted where their best-known reading lies in `country`); `towns` when the
        original's size is unknown or none is that close."""
        size = self.lex.get(key).place_pop
        pops = {c: e.place_pop for c in towns for e in (self.lex.get(fold(c)),)
                if e.place_country == country}
        for factor in TOWN_SIZE_FACTORS if size > 1 else ():
            near = [c for c, pop in pops.items() if size / factor <= pop <= size * factor]
            if near:
                return near
        return towns

    def _swedish_towns(self, cities: list[str]) -> list[str]:
        """The Swedish towns a surrogate town is drawn from: towns, not districts; none in a
        region the essay names (the region's surrogate follows the town); where the essay names
        a hospital or university, towns that have one."""
        geo = self.geo
        pool = [c for c in cities if c not in geo.not_towns]
        pool = [c for c in pool if self.avoid_folds.isdisjoint(
            fold(r) for r in geo.towns.get(c, ())[:2])] or pool
        if self.need_towns:
            # the towns that meet the most of the essay's needs: on the sea and with a castle
            # where one is, else on the sea or with a castle, never a town that meets one need
            # where another meets two; counted among the towns that may be drawn (the essay's
            # own Kalmar meets every need of an essay about Kalmar)
            met = {c: sum(c in towns for towns in self.need_towns) for c in pool
                   if self._free(c)}
            most = max(met.values(), default=0)
            if most:
                return [c for c in met if met[c] == most]
        return pool

    def _region_of_town(self, original: str) -> str | None:
        """A Swedish region beside a town becomes the landskap (or län) of the surrogate town:
        never "Stockholm i Ångermanland"."""
        where = self.geo.towns.get((self.towns or [self.city or ""])[0])
        if not where:
            return None
        pick = where[1] if "län" in original.lower() else where[0]
        if self.effective == "lifelike" and self.span and \
                self._next_word(self.span).startswith("län"):
            # "Västmanlands läns museum" -> "Örebro läns museum": the län's own first word(s),
            # the town's name itself for many (Örebro, Uppsala)
            pick = where[1].removesuffix(" län")
            return None if self._original(pick) else pick
        return pick if self._free(pick) else None

    def _bare_word(self, span: Span, original: str) -> str:
        """Lifelike: a bridge, a waterfall or rapids (`bare_place_endings_lifelike`) as its bare
        word ("över Ölandsbron till Öland" -> "över bron till Hasslö", "Trollhättefallen" ->
        "fallen"): another town need not have one, and it is never a street; "" otherwise."""
        bare = next((e for e in words().bare_endings if fold(original).endswith(e)
                     and len(original) > len(e) + 2), "")
        if not bare or self.effective != "lifelike":
            return ""
        bare = original[len(original) - len(bare):].lower()  # the writer's "slätten", not the fold
        head = getattr(self.before, "text", "")[:span.start].rstrip()
        return bare.capitalize() if not head or head[-1] in ".!?\n" else bare

    def _feature(self, span: Span, original: str, country: str, rng: Draws,
                 told: str = "") -> str | None:
        """A lake by a lake, a river by a river, an island by an island: in Sweden one in the
        landskap of the essay's surrogate town where the table has one; abroad one in the
        (surrogate) country of the original. `told`: the kind its words say where no table
        knows it (`_water_said`)."""
        geo = self.geo
        kind, where = self._kind_told(span, original)
        kind = kind or told
        before = self.before.get(span.start, ())
        # "Växjösjön och Trummen": a feature of unknown kind is of the kind just named; a
        # Swedish one after "på" no table knows is an island ("moskén på Hisingen": never
        # "på Byskeälven"): lakes and rivers take "i" or "vid"
        kind = kind or ("island" if "SE" == country and before and before[-1] == "pa" else "") or (
            self.feature_kind if "SE" == country else "")
        if not kind:
            return None
        said = before[-1] if before and before[-1] in geo.kind_folds else ""
        if self.effective == "lifelike" and not said:
            # "i bergen som heter Rif": the kind word before the naming words
            named = list(before)
            while named and named[-1] in words().naming_words:
                named.pop()
            said = named[-1] if named and len(named) < len(before) and \
                named[-1] in geo.kind_folds else ""
        if self.effective == "lifelike" and not said and fold(self._next_word(span)) in \
                geo.kind_folds:
            said = fold(self._next_word(span))  # "Kabul floden": never "Harirud floden floden"
        self.feature_kind = kind
        same = [(n, w) for n, (k, w) in geo.features.items() if k == kind]

        def plain(names: list[str]) -> list[str]:
            """"floden Mekong": not "floden Röda floden", "bergen Sarawatbergen" where another
            of the names will do (in Sweden the tiers of _swedish_feature weigh it too)."""
            return [n for n in names if not (said and fold(n).endswith(said))] or names

        def unsaid(pick: str) -> str:
            """Lifelike: "sjön Kivu", "bergen Taurus", never "sjön Kivusjön" where no other
            name would do (a town of its sentence is then drawn among the towns at Kivusjön)."""
            self.waters_abroad.append((span.start, pick))
            cut = len(pick) - len(said)
            return pick[:cut].rstrip() if said and kind in ("lake", "river", "range") and \
                cut > 2 and fold(pick).endswith(said) else pick
        if abroad(where) and kind == "sea" and self.effective == "lifelike":
            return self._sea_between(span, original, rng)
        if abroad(where) or (not where and country != "SE"):
            if self.effective == "lifelike" and (not where or any(
                    w in self.countries or w == self.abroad for w in where)):
                # one of the surrogate of the country the essay places it in, else of a country
                # bordering it: never "floden Juba" (Somalia) beside Giza, nor a river of Turkey
                # in a surrogate Iran
                # (an island "i Grekland" stays in its country: else a town on its sea)
                # lifelike never takes a neighbour's river: "Benue flyter genom Ndjamena" reads
                # as false (the country was drawn among those that have one of its kind)
                mine = [(n, w) for n, w in same if abroad(w) and self._free(n)]
                shared = self._border_countries(span, where) if kind == "river" else set()
                if shared:
                    # "Amu Darya är floden på gränsen till Uzbekistan": a river of both
                    # surrogates, else the bare word (never the Zayandeh on Turkey's border);
                    # after "floden" a river of the country as before
                    both = [(n, w) for n, w in mine if shared <= w]
                    if not both and not said:
                        return geo.kind_abroad.get(kind, "floden")
                    mine = both or mine
                own = plain([n for n, w in mine if country in w])
                # "Vi bodde i Bahir Dar vid sjön Tana": one at the town's surrogate
                near = {t for _, t in self._tied(self.towns_abroad, span, essay=True)}
                # "Alger ... floden X": one through the town named before it, in another
                # country where the surrogate country has none
                apart = self._waters_apart(own, near)
                here = self._waters_apart(own, {t for _, t in self._tied(self.towns_abroad, span)})
                if here and min(here.values()) > water_km() and not said:
                    # every river or lake we know of it passes far from the town its sentence
                    # ties it to: the bare kind word ("nära floden", never the Pasig in Cebu;
                    # a town of another sentence may be drawn on it after it, "Blå Nilen och
                    # Vita Nilen möts i Khartoum")
                    return geo.kind_abroad.get(kind, geo.kind_default[kind])
                own = [n for n in own if near & geo.feature_towns_abroad.get(n, frozenset())] \
                    or [n for n, _ in mine if near & geo.feature_towns_abroad.get(n, frozenset())] \
                    or [n for n, d in apart.items() if d <= water_km()] \
                    or [n for n, d in apart.items() if d == min(apart.values())] \
                    or [n for n in own if any(self.lex.get(fold(t)).place_country == country
                                              for t in geo.feature_towns_abroad.get(n, ()))] \
                    or own  # (a river we know towns of: a town after it can lie on it)
                for home in sorted(where) if kind == "island" else ():
                    # "med båt från Libyen till Kreta": an island near the boat's other end
                    own = self._landing(home, country, own)
                pick = self._draw(own, rng) or self._draw(
                    plain([n for n, w in mine if kind not in geo.no_town_kinds | {"island"}
                           and not w.isdisjoint(self.lex.neighbours.get(country, ()))]), rng) or (
                    self._draw(self._landing(min(where, default=""), country, [
                        t for t in self.geo.coast_towns.get(country, ()) if self._free(t)]), rng)
                    if kind == "island" else None)
                if pick:
                    return unsaid(pick)
            isos = {self.countries.get(w, w) for w in where} or {country}
            if self.effective == "lifelike" and kind in geo.no_town_kinds:
                # the surrogates of the countries the essay names, not the feature's others
                isos = {self.countries[w] for w in where if w in self.countries} or isos
            scored = sorted(((len(w & isos), n) for n, w in same
                             if abroad(w) and w & isos and self._free(n)), key=lambda sn: -sn[0])
            best = [n for score, n in scored if score == scored[0][0]] if scored else []
            for home in sorted(where) if kind == "island" and self.effective == "lifelike" \
                    and len(isos) == 1 else ():
                # "gummibåt från Turkiet till Lesbos": an island near the boat's other end
                best = self._landing(home, min(isos), best)
            continents = {self.lex.continents.get(iso) for iso in isos} - {None}
            nearby = [n for n, w in same if abroad(w) and any(
                self.lex.continents.get(iso) in continents for iso in w)]
            if any(self.countries.get(w, w) != w for w in where):
                nearby = []  # its country is replaced: never Mazurien "i Estland"
            strict = self.effective == "lifelike" and kind in geo.no_town_kinds
            if self.effective == "lifelike" and kind == "island" and not best and len(isos) == 1:
                # "åkte vidare till ön Don Det" in a kept Laos, which has none we know: an
                # island of a neighbour (Koh Samui), before one of the continent (Qeshm)
                borders = self.lex.neighbours.get(min(isos), frozenset())
                near_by = set(nearby)
                nearby = [n for n, w in same if n in near_by and not w.isdisjoint(borders)] \
                    or nearby
            pick = self._draw(best, rng) or (None if strict else self._draw(nearby, rng))
            if pick or not strict:
                return unsaid(pick) if pick and strict else pick
            # lifelike: never a city's name for a mountain ("berget Veracruz"), never another
            # country's river: the kind's bare word where no kind word stands before it ("i
            # bergen"), else one of its kind on the continent, else one of its kind abroad
            continents = {self.lex.continents.get(country)} - {None}
            bare = geo.kind_abroad.get(kind, geo.kind_default[kind])
            head = getattr(self.before, "text", "")[:span.start].rstrip()
            if not head or head[-1] in ".!?\n":
                bare = bare[:1].upper() + bare[1:]  # "Floden går inte genom Benghazi"
            # (after a kind word: one of a neighbour's first, "berget Damavand" beside a
            # surrogate Afghanistan, never Halgurd of Iraq)
            if not said:
                return bare
            # (the free ones only, before `plain` keeps those not ending in the kind word: its
            # one such name on the continent, the original, left none but Titicaca; the kind
            # word is not repeated, "sjön Victoria")
            pick = self._draw(plain(
                [n for n, w in same if abroad(w) and self._free(n) and not w.isdisjoint(
                    self.lex.neighbours.get(country, ()))]), rng) or (
                self._draw(plain([n for n, w in same if abroad(w) and self._free(n) and any(
                    self.lex.continents.get(iso) in continents for iso in w)]), rng)
                or self._draw([n for n, w in same if abroad(w)], rng))
            return unsaid(pick) if pick else pick
        home = geo.towns.get(self.city or "", ("",))[0]
        local = [n for n, w in same if not abroad(w) and home in w]
        if self.effective == "lifelike":
            return self._swedish_feature(span, original, kind, same, home, rng)
        return self._draw(local, rng) or self._draw([n for n, w in same if not abroad(w)], rng)

    def _waters_apart(self, names: list[str], near: set[str]) -> dict[str, float]:
        """Lifelike: of the features abroad `names`, those with a town we know a point of, and
        the least distance from one of their towns to a town of `near` (the surrogate towns
        the essay ties the feature to); {} where we know no such pair."""
        apart = {}
        for name in names:
            km = [d for t in self.geo.feature_towns_abroad.get(name, ()) for m in sorted(near)
                  if (d := abroad_km(t, m)) is not None]
            if km:
                apart[name] = min(km)
        return apart

    def _border_countries(self, span: Span, where: frozenset[str]) -> set[str]:
        """Lifelike: the surrogates of the countries a river on a border lies between, where
        its sentence names a border (`border_words_lifelike`): the replaced countries of the
        river's own and of the sentence's country names; empty when fewer than two."""
        text = getattr(self.before, "text", "")
        begin, end = _sentence_start(text, span.start), _sentence_end(text, span.end)
        said = regex.findall(r"\p{L}+", fold(text[begin:end]))
        if self.geo.border_words.isdisjoint(said):
            return set()
        named = {iso for w in said if (iso := self.lex.get(w).country)}
        now = {self.countries[iso] for iso in where | named
               if iso in self.countries and self.countries[iso] != iso}
        return now if len(now) >= 2 else set()

    def _kind_told(self, span: Span, original: str) -> tuple[str, frozenset[str]]:
        """(kind, where) of a feature; lifelike: the kind word before it wins over the table
        ("sjön Tana" is Lake Tana, though the table knows the Kenyan river Tana), and where it
        lies is then unknown."""
        geo = self.geo
        kind, where = geo.feature_kind(original, self.before.get(span.start, ()))
        before = self.before.get(span.start, ())
        told = dict(geo.kind_words).get(before[-1], kind) if before else kind
        if self.effective == "lifelike" and kind and not where and not _spelled_kind(original):
            # an ending read through the fold ("Zarafshon" is no "ön", "Tehran" no "ån"): the
            # word before it tells the kind ("Floden Zarafshon": a river), else none
            kind = dict(geo.kind_words).get(before[-1], "") if before else ""
            told = kind
        if self.effective == "lifelike" and not kind and span.label == "geo":
            # "bergen som heter Rif", "floden kallas Zarafshon": the kind word before the
            # naming verb; "Kabul floden", "Tigris floden": the learner's kind word after it
            named = list(before)
            while named and named[-1] in words().naming_words:
                named.pop()
            return dict(geo.kind_words).get(named[-1] if len(named) < len(before) else "",
                                            "") or dict(geo.kind_words).get(
                fold(self._next_word(span)), ""), where
        if self.effective == "lifelike" and abroad(where) and told != kind and \
                {told, kind} != {"mountain", "range"}:
            return told, frozenset()
        return kind, where

    def _tied(self, rendered: list[tuple[int, str]], span: Span,
              essay: bool = False) -> list[tuple[int, str]]:
        """The rendered (start, surrogate) pairs named in the mention's sentence; `essay`
        (lifelike): else those of the whole essay, since a learner names the river in one
        sentence and its town in the next ("Jag bodde i Alger. Floden Niger är stor")."""
        text = getattr(self.before, "text", "")
        tied = [(start, pick) for start, pick in rendered if not regex.search(
            r"[.!?\n]", text[min(start, span.start):max(start, span.start)])]
        return tied or (rendered if essay else [])

    def _water_towns(self) -> set[str]:
        """Lifelike: where the essay names a river, lake or island abroad we know towns on,
        anywhere, and none is rendered yet, the towns on such a free one, so a town rendered
        before it can keep the tie (never "Alger ... floden Senegal", "Batangas på ön Luzon"
        -> "Danang på ön Phu Quoc")."""
        if self.waters_abroad:
            return set()
        geo = self.geo
        named = {geo.feature_folds[m] for m in geo.feature_pattern.findall(
            fold(getattr(self.before, "text", "")))}
        # "Raqqa vid eufrat-floden": a water no detector marked stays as written, so a town is
        # one on it (before: Homs "vid eufrat-floden")
        kept = sorted(n for n in named if abroad(geo.features[n][1])
                      and not self._original(n) and n in geo.feature_towns_abroad)
        if kept:
            return {t for n in kept for t in geo.feature_towns_abroad[n]}
        kinds = {geo.features[n][0] for n in named if abroad(geo.features[n][1])
                 and n in geo.feature_towns_abroad} & {"river", "lake", "island"}
        # (never Narva for the Dnepr: the river Narva could not then be its surrogate)
        return {t for n, towns in geo.feature_towns_abroad.items() if self._free(n)
                and geo.features.get(n, ("",))[0] in kinds for t in towns
                if fold(t) not in fold(n)}

    def _sea_between(self, span: Span, original: str, rng: Draws, like: str = "") -> str:
        """A sea abroad the surrogates of the essay's countries on it share (Egeiska havet
        between a surrogate Libya and Egypt -> Medelhavet), else the bare "havet" where no
        kind word stands before it, else another sea of one of its shores. `like`: only seas
        whose name ends in that word ("havet": "Libyska havet", never "Medelhavet")."""
        geo = self.geo
        shore = geo.seas.get(geo.feature_folds.get(fold(original), original), frozenset())
        now = {self.countries[iso] for iso in shore if iso in self.countries}
        seas = {sea: isos for sea, isos in geo.seas.items()
                if not like or fold(sea).endswith(" " + like)}
        shared = [sea for sea, isos in seas.items() if now and now <= isos]
        if self.effective == "lifelike":
            # a Mediterranean crossing stays one: a part of the same sea first (Libyska havet
            # for Medelhavet beside a surrogate Egypt, never Röda havet)
            name = geo.feature_folds.get(fold(original), original)
            family = {name, geo.sea_wider.get(name, name)}
            shared = [sea for sea in shared if {sea, geo.sea_wider.get(sea)} & family] or shared
            # round 25: the sea itself where it still fits (an original: the bare "havet"),
            # else the wider one: a part of another shore leaves the route's island or port
            # off it ("Medelhavet" -> never "Libyska havet ... till Chios", "Egeiska havet" ->
            # "Medelhavet", never "Levantinska havet ... till Korfu")
            shared = [sea for sea in (name, geo.sea_wider.get(name, "")) if sea in shared][:1] \
                or shared
        pick = self._draw(shared, rng)
        before = self.before.get(span.start, ())
        if pick or not like and not (before and before[-1] in geo.kind_folds):
            return pick or geo.kind_default["sea"]
        return self._draw([sea for sea, isos in seas.items() if isos & (now or shore)], rng) \
            or self._draw(list(seas), rng) or geo.kind_default["sea"]

    def _sea_word(self, span: Span, original: str, rng: Draws) -> str | None:
        """Lifelike: "Egeiska" read as a name in "över Egeiska havet": the first word of a sea
        named "X havet" that the surrogate countries share ("Libyska"); None when the mention
        and its next word name no sea."""
        after = self._next_word(span)
        name = self.geo.feature_folds.get(fold(f"{original} {after}"))
        if not name or self.geo.features[name][0] != "sea":
            return None
        pick = self._sea_between(span, name, rng, like=fold(after))
        return pick.split()[0] if " " in pick else None

    def _feature_town(self, span: Span) -> str | None:
        """Lifelike: the Swedish town a river or lake belongs to, as `_read_waters` read it: the
        surrogate of the town named in its sentence, else of the one named last before it, else
        the essay's town ("Förut bodde jag i Hallstahammar. Där fiskade vi i Kolbäcksån")."""
        at = [(start, town) for start, town, _ in self.towns_at]
        before = [town for start, town in at if start < span.start]
        tied = self._tied(at, span)
        return tied[-1][1] if tied else before[-1] if before else self.city

    def _swedish_feature(self, span: Span, original: str, kind: str,
                         same: list[tuple[str, frozenset[str]]], home: str, rng: Draws) -> str:
        """A real Swedish feature, never an invented one ("Västerbysjön" reads as fake): the
        surrogate town's own (feature_towns), else one of its landskap that is no other
        town's, else one of a neighbouring landskap that is no town's, else the kind's bare
        word ("sjön", "ån": the writer's own kind ending) where no kind word stands before it,
        else another town's of a neighbouring landskap, else one of the landsdel, else any."""
        geo = self.geo
        tied = geo.feature_towns
        town = self._feature_town(span)
        home = geo.towns.get(town or "", (home,))[0]
        mine = [(n, w) for n, w in same if not abroad(w) and self._free(n)]
        near = set(geo.landskap.get(home, ())[1:])
        before = self.before.get(span.start, ())
        said = before[-1] if before and before[-1] in geo.kind_folds else None
        own = [n for n, _ in mine if town in tied.get(n, ())]
        # lifelike: never a neighbouring landskap's water before the bare kind word (round 18:
        # "Arvika ... fiskar i Västerdalälven", a river of Dalarna)
        for tier in (own, [n for n, w in mine if home in w and n not in tied],
                     [n for n, w in mine if w & near and n not in tied]
                     if self.effective != "lifelike" else []):
            pick = self._draw([n for n in tier if not (said and fold(n).endswith(said))], rng)
            if pick:
                return pick
            if tier is own and self.effective == "lifelike" and own:
                # "I Kristianstad finns sjön Ivösjön" rather than a lake the town lacks
                return self._draw(own, rng) or own[0]
        for tier in ([n for n, _ in mine if town in tied.get(n, ())],
                     [n for n, w in mine if home in w and n not in tied]):
            pick = self._draw(tier, rng)  # "sjön Storsjön" rather than a lake far away
            if pick:
                return pick
        if not before or before[-1] not in geo.kind_folds:
            # a bare word stands in its definite form ("åka till Hönö" -> "till ön", never
            # "till ö"; "Kolbäcksån" -> "ån")
            ending = next((original[len(original) - len(w):].lower() for w, k in geo.kind_words
                           if k == kind and fold(original).endswith(w) and w.endswith(("n", "t"))
                           and len(original) > len(w) + 1), geo.kind_default.get(kind, ""))
            if ending:
                return ending  # "vi badade i Varpen" -> "vi badade i sjön"
        part = geo.landskap.get(home, ("",))[0]
        return (self._draw([n for n, w in mine if w & near], rng)
                or self._draw([n for n, w in mine if part and any(
                    geo.landskap.get(p, ("",))[0] == part for p in w)], rng)
                or self._draw([n for n, _ in mine], rng)
                or self._draw([n for n, w in same if not abroad(w)], rng)
                or geo.kind_default[kind])

    def _institution(self, span: Span, original: str, rng: Draws) -> str:
        """An institution of the same function (institutions.toml): a real one, in the essay's
        surrogate town where it is tied to a town; one abroad keeps its shape around a place of
        the (surrogate) country; a line from the line names."""
        label, lex = span.label, self.lex
        kind = self.kind_of(span, original)
        if label == "transport_name":
            if kind and kind.name == "ship":  # "färjan Stena Danica": another ferry
                return self._of_kind(kind, original, "", rng) or self._compound(rng, "")
            # a regional train by a regional train (Krösatåg -> Norrtåg), else a city line
            low = fold(original)
            trains = words().trains
            if any(low.endswith(w) for w in words().train_words) or low in {fold(t) for t in trains}:
                # a train of the surrogate town's landskap (never Pågatåg to Borlänge)
                home = self.geo.towns.get(self.city or "", ("",))[0]
                near = set(self.geo.landskap.get(home, ())[1:]) if \
                    self.effective == "lifelike" else set()
                # lifelike: else one of a neighbouring landskap (never Mälartåg to Karlskrona)
                stops = self._towns_said(span) if self.effective == "lifelike" else set()
                pick = self._draw(self._trains_across(span), rng) \
                    if self.effective == "lifelike" else None
                if pick:  # "i Danmark och sen med Öresundståg över bron": one that crosses
                    return pick
                if self.effective == "lifelike" and not stops:
                    # "Jag bor i Borås och jobbar i Göteborg. Jag åker Västtåg": a train of a
                    # sentence with no town serves the essay's towns (never Öresundståg
                    # between Jönköping and Värnamo)
                    stops = {t for t in self.place_map.values() if t in self.geo.towns}
                    stops = stops if len(stops) >= 2 else set()
                pick = self._draw([t for t, towns in words().train_towns.items()
                                   if stops and stops <= towns], rng) or (
                    # lifelike: towns no regional train joins take a national one (never
                    # Öresundståg, which runs Göteborg-Malmö, between Borås and Göteborg)
                    self._draw(list(words().national_trains), rng)
                    if self.effective == "lifelike" and len(stops) >= 2 else None) or self._draw(
                    [t for t in trains if home in trains[t]], rng) or self._draw(
                    [t for t in trains if not near.isdisjoint(trains[t])], rng) or (
                    # lifelike: the national trains, where no other regional train runs (the
                    # original Norrtåg for Luleå: never Krösatåg)
                    self._draw(list(words().national_trains), rng)
                    if self.effective == "lifelike" else None) or self._draw(list(trains), rng)
                if pick:
                    return pick
            return self._draw(words().lines, rng) or self._compound(rng, "linjen")
        named = self._with_names(original)
        if named:
            return named  # "Sofias skola" -> "Anzhelas skola": a person's surrogate
        if self.effective == "lifelike" and kind and kind.name == "restaurant":
            pick = self._cuisine(span, original, rng)
            if pick:
                return pick  # "pizzerian Napoli" -> "pizzerian Venezia", never "Sushi Yama"
        pick = self._university_abroad(span, original, rng) if self.effective == "lifelike" \
            else None
        if pick:
            return pick
        foreign = self._abroad(original) if not (kind and fold(original) in kind.names) else []
        if foreign:
            return self._replace_places(original, foreign, rng, local=False)
        pick = self._named_by_unknown_place(span, original, kind, rng) \
            if self.effective == "lifelike" else None
        if pick:
            return pick  # "Adama sjukhus" in Ethiopia -> "Arua sjukhus", never a Swedish one
        word = kind_word(original, lex)
        pick = self._of_kind(kind, original, word, rng, self._near(span, original)) if kind else None
        if pick:
            return pick
        towns = self._swedish_places(original)
        if towns:
            return self._replace_places(original, towns, rng, local=not (kind and kind.elsewhere))
        pool = {"school": lex.pools.get("org_school", []) + lex.pools.get("org_university", []),
                "work": lex.pools.get("org_company", [])}.get(
            label, lex.pools.get("org_authority", []) + lex.pools.get(label, []))
        if self.effective == "lifelike":
            # an authority it keeps as written is no surrogate either (a football club never
            # becomes Migrationsverket)
            pool = [p for p in pool if fold(p) not in unique_authorities()]
        if word:
            same = [p for p in pool if p.lower().endswith(word.lower())]
            return self._draw(same, rng) or self._compound(rng, word)
        return self._draw(pool, rng) or self._compound(rng, {"school": "skolan"}.get(label, "gruppen"))

    def _university_abroad(self, span: Span, original: str, rng: Draws) -> str | None:
        """Lifelike: a university named with a word of another language ("maseno university",
        "çukurova üniversitesi", "universidad de antioquia"; `university_abroad`) lies in the
        essay's country abroad: the foreign word and the particles after it stay and the place
        becomes a town of the surrogate country, the one the essay's town abroad became where
        it has one, else one of its five biggest ("dodoma university", never "malmö universitet
        university"); None when the essay's country abroad has no surrogate yet."""
        uni = words().university_abroad
        if self._swedish_places(original):
            return None  # "jönköping university": a Swedish one (never "warri university")
        tokens = original.split()
        at = next((i for i, t in enumerate(tokens) if fold(t) in uni), None)
        before = list(self.before.get(span.start, ()))[-2:]
        after_word = bool(before) and (before[-1] in uni or (
            len(before) == 2 and before[0] in uni and len(before[1]) <= 3))  # "University of X"
        if at is None and fold(self._next_word(span)) not in uni and not after_word:
            return None
        town = self._town_of_country_abroad(span, rng)
        if not town:
            return None
        if at is None:
            return town
        keep = at + 1
        while keep < len(tokens) and tokens[keep][:1].islower() and len(tokens[keep]) <= 3:
            keep += 1  # "universidad de", "university of"
        return " ".join(tokens[:keep] + [town]) if keep < len(tokens) or at == 0 else \
            " ".join([town] + tokens[at:])

    def _town_of_country_abroad(self, span: Span, rng: Draws, fresh: bool = False) -> str | None:
        """Lifelike: the town abroad an institution abroad lies in: the surrogate of a town of
        its country rendered already (unless `fresh`: the institution names a town of its
        own), else one of the five biggest free ones of the (surrogate) country its sentence
        names, else of the essay's last place abroad, else of its first country abroad; None
        when the essay has no country abroad."""
        text = getattr(self.before, "text", "")
        start, end = self._route_window(text, span)
        # the country its sentence names (learners write it in lower case, before or after),
        # else the essay's last place abroad, else its first country abroad
        said = [fold(w) for w in regex.findall(r"\p{L}+", text[start:end])]
        # a town of the sentence already replaced abroad gives its surrogate's country
        there = [self.lex.get(fold(self.place_map[w])).place_country for w in said
                 if w in self.place_map and self.lex.get(w).place_pop >= BIG_PLACE]
        told = [self.countries.get(self.lex.get(w).country, "") for w in said]
        iso = next((c for c in there + told + [self.countries.get(self.abroad, "")]
                    + list(self.countries.values()) if c not in ("", "SE")), "")
        if not iso:
            return None
        rendered = [t for _, t in reversed(self.towns_abroad)
                    if self.lex.get(fold(t)).place_country == iso]
        towns = sorted(self.lex.cities_by_country.get(iso, []),
                       key=lambda c: (-_population(self.lex, c, iso), c))
        # (a town whose name another country's town bears too is listed under both: Nzega)
        return rendered[0] if rendered and not fresh else self._draw(
            [c for c in towns if self._free(c) and c not in rendered and c not in
             town_sections(self.lex) and self.lex.get(fold(c)).place_country == iso][:5], rng)

    def _named_by_unknown_place(self, span: Span, original: str, kind: Kind | None,
                                rng: Draws) -> str | None:
        """Lifelike: an institution named by a place abroad, or by one no gazetteer knows in a
        sentence naming a place abroad, and its kind word ("Adama sjukhus", in an essay of
        Ethiopia), lies in the essay's country abroad: a town
        of the surrogate country before the same kind word ("Arua sjukhus"), never a Swedish
        one (Skånes universitetssjukhus in Ethiopia); None for a name the tables know, a
        Swedish word or place, or an essay with no country abroad."""
        head, _, word = original.partition(" ")
        entry = self.lex.get(fold(head))
        if not word or " " in word or not head[:1].isupper() or kind_word(
                original, self.lex).strip() != word or (kind and fold(original) in kind.names) \
                or entry.se_pop or entry.place_kind and entry.place_country in ("", "SE") or \
                entry.org_kind or entry.zipf >= words().word_zipf or self._towns_said(span):
            return None
        if not entry.place_kind:  # a name no gazetteer knows: abroad where its sentence is
            text = getattr(self.before, "text", "")
            start, end = self._route_window(text, span)
            if not any(self.lex.get(w).country not in ("", "SE") or self._abroad_town(w)
                       and self.lex.get(w).zipf < words().word_zipf
                       for w in map(fold, regex.findall(r"\p{Lu}\p{L}+", text[start:end]))):
                return None  # "Capio sjukhus", "Ekbacka skola" in Sweden
        town = self.place_map.get(fold(head)) or self._town_of_country_abroad(span, rng, True)
        return f"{town} {word}" if town else None

    def _cuisine(self, span: Span, original: str, rng: Draws) -> str | None:
        """Lifelike: a restaurant of the cuisine a word of its name or of the words before it
        names (`cuisine_lifelike`; else of its row without cues), never repeating the kind
        word written before it; None when the file has no such row."""
        before = self.before.get(span.start, ())
        own = set(regex.findall(r"\p{L}+", fold(original)))  # "Pho Hanoi": no "Hanoi Kök"
        # the words just before it: "en thailändsk restaurang som heter X", never the
        # "syriska" of "min syriska kompis jobbar på restaurangen X"
        said = own | set(before[-4:])
        named = [c for c in cuisines() if not c.cues.isdisjoint(said)
                 or not c.name_cues.isdisjoint(own)]
        # of two, the one of a country the essay names ("Afghanistan ... Kabul Kebab": Afghan
        # food, though kebab is a Middle Eastern cue too)
        cuisine = next((c for c in named if not c.countries.isdisjoint(self.countries)), None) \
            or next(iter(named), None) or next(
            (c for c in cuisines() if not c.cues and not c.name_cues), None)
        if cuisine is None:
            return None
        moved = [self.countries[o] for o in sorted(self.countries)
                 if o in cuisine.countries and self.countries[o] != o]
        if moved and cuisine.cues.isdisjoint(before[-4:]):
            # "från Vietnam ... Saigon Kök" beside a surrogate Thailand: a Thai restaurant
            cuisine = next((c for c in cuisines() if moved[0] in c.countries), None) or next(
                (c for c in cuisines() if not c.cues and not c.name_cues), cuisine)
        kind = self.kind_of(span, original)
        # "restaurang Pho Ha" marked whole: the kind word stays, the name after it is replaced
        lead = regex.match(r"\p{Ll}+\s+", original)
        lead = lead.group() if lead and kind and fold(lead.group().strip()) in kind.before else ""
        # "pizzerian Napoli": a name with no kind word ("Venezia", never "Pizzeria Roma")
        names = cuisine.bare if lead or before and kind and before[-1] in kind.before \
            else cuisine.pool
        pick = self._draw([p for p in names if own.isdisjoint(
            regex.findall(r"\p{L}+", fold(p)))], rng)
        return lead + pick if pick else None

    def _towns_said(self, span: Span) -> set[str]:
        """The essay's surrogate towns named in the mention's sentence, before it or after it,
        in any case ("Öresundståg från Malmö till Lund", "från borås tar jag västtåg till
        göteborg": the surrogates of both towns)."""
        text = getattr(self.before, "text", "")
        rest = regex.match(r"[^.!?\n]*", text[span.end:span.end + 200]).group()
        before = regex.split(r"[.!?\n]", text[max(0, span.start - 200):span.start])[-1]
        return {town for word in regex.findall(r"\p{L}[\p{L}-]*", f"{before} {rest}")
                for town in (self.place_map.get(fold(word)),) if town in self.towns}

    def _business_named(self, original: str) -> str | None:
        """Lifelike: a place named as the essay's business is ("restaurang Hanoi", then "maten
        på Hanoi") is that business: the name in its surrogate ("restaurang Danang" -> Danang),
        the whole surrogate where its kind word changed ("pizzeria Napoli" -> "Restaurang
        Lotus"); None when no institution of the essay is named so."""
        if self.effective != "lifelike":
            return None
        key = fold(original)
        for name, pick in self.institution_map.items():
            head, _, rest = name.rpartition(" " + key)
            # (the kind word right before the name: "Högskolan i Gävle" names its town, and
            # "från gävle" in the learner's next essay is the town, never Mittuniversitetet)
            if not head or rest or not institution_kind(head.split()[-1]):
                continue
            size = len(head.split())
            kept = fold(" ".join(pick.split(" ")[:size])) == head
            return " ".join(pick.split(" ")[size:]) if kept and len(pick.split(" ")) > size \
                else pick
        return None

    def _with_names(self, original: str) -> str | None:
        """The name with each of the essay's (or learner's) person names in it replaced by that
        person's surrogate, in the genitive where it was ("Sofias skola", "Salong Lina")."""
        out, changed = original, False
        for word in regex.findall(r"\p{Lu}\p{Ll}+", original):
            key = fold(word)
            if key in self.name_map:
                out, changed = out.replace(word, self.name_map[key], 1), True
            elif key[-1:] == "s" and key[:-1] in self.name_map:
                out, changed = out.replace(word, genitive(self.name_map[key[:-1]]), 1), True
        return out if changed and self._free(out) else None

    def _of_kind(self, kind: Kind, original: str, word: str, rng: Draws, near: Sequence[str] = ()
                 ) -> str | None:
        if not kind.towns and fold(original) not in kind.names:
            # Tensta IF, Göteborgs Vuxenutbildning: the place follows the essay's surrogates
            # (an invented school keeps an invented name unless the essay names its place)
            towns = [p for p in self._swedish_places(original)
                     if not kind.invent or p[1] in self.place_map]
            if towns:
                return self._replace_places(original, towns, rng, local=not kind.elsewhere)
        if _DIGIT.search(original) and fold(original) not in kind.names:  # Skola nummer 112
            pick = _DIGIT.sub(lambda m: str(rng.below(9) + 1), original)
            if self._free(pick):
                return pick
        if kind.bare and not word and not any(fold(original).endswith(w) for w in kind.words):
            return self._draw(kind.bare, rng)  # "förskolan Rymden": a bare name of the kind
        lead = original.split(" ", 1)[0]
        if kind.bare and self.effective == "lifelike" and " " in original and \
                fold(lead) in kind.before:
            # "Förskolan Lärkan": the kind word and a bare name (never "Aspvikskolan", a school)
            pick = self._draw(kind.bare, rng)
            return f"{lead} {pick}" if pick else None
        if kind.pool and kind.towns and kind.elsewhere:
            # "Lunds universitet" in an essay that never names Lund: a university of a town
            # the essay's other towns are not
            for _, key, _ in self._swedish_places(original):
                if key not in self.place_map:
                    free = [n for n, t in kind.pool if t and t not in self.towns and self._free(n)]
                    free = self._offering(kind, free)
                    # lifelike: within a commute of the essay's town ("bor i Huddinge och
                    # studerar på Stockholms universitet" never becomes Borlänge and Umeå)
                    anchor = (self.towns or [self.home[0] or self.city or ""])[0]
                    if self.effective == "lifelike":
                        free = self._within_reach(kind, anchor, free, strict=True) or [
                            n for n, t in kind.pool if t == anchor and self._free(n)] or \
                            self._within_reach(kind, anchor, free) or free
                    pick = self._draw(free, rng)
                    if pick:
                        # lifelike: of its towns the essay's own (Linköpings universitet of
                        # Linköping, never Norrköping, beside Linköping)
                        mine = [t for n, t in kind.pool if n == pick and t == anchor]
                        self.place_map[key] = mine[0] if mine and self.effective == \
                            "lifelike" else dict(kind.pool)[pick]
                        return self._settled(kind, pick)
        places = self._swedish_places(original) if kind.towns and not kind.elsewhere else []
        # the surrogates of the towns in its name (the learner's: "Gävle sjukhus" -> Sundsvall)
        near = [self.place_map[k] for _, k, _ in places if k in self.place_map] + list(near)
        if places and (self.towns or near) and not any(
                t in kind.towns for t in near + self.towns):
            # "Gävle sjukhus" where the table has no hospital of the surrogate town: the name
            # on the surrogate town (Sundsvalls sjukhus), never a hospital of another town;
            # lifelike: the one that serves the town, nearest it (never an invented "Täby
            # lasarett" beside Danderyds sjukhus)
            serving = self._serving(kind, (near + self.towns)[0])
            return self._draw(serving, rng) or self._replace_places(original, places, rng)
        if kind.pool:
            towns = [t for t in near if t in kind.towns] + self.towns + [self.home[0]] * bool(
                self.home[0])  # (no home: "" would make every untied name one of the town's)
            if kind.own_town:
                towns = towns[:1]  # a landlord of the essay's town (never the next town's)
            if self.effective == "lifelike" and self.city:
                towns.append(self.city)  # an essay of districts only: their town's own
            here = sorted((n for n, t in kind.pool if t in towns), key=lambda n: towns.index(
                next(t for m, t in kind.pool if m == n and t in towns)))
            here = self._offering(kind, here)
            # (lifelike: the town's own is taken, "Södertälje sjukhus" an original: the one
            # serving it, below)
            here = [n for n in here if n and self._free(n)][:1] or (
                [] if self.effective == "lifelike" else here)
            anchor = (self.towns or [self.home[0] or self.city or ""])[0]
            if self.effective == "lifelike" and not here and anchor and kind.towns \
                    and not kind.own_town:
                # a university, hospital or cathedral beside a town without one (or in a later
                # essay of its learner): its län's, else the nearest within a commute
                here = self._serving(kind, anchor)
            if self.span and self._town_follows(self.span):
                # "moskén i Araby": never one named after a town (lifelike, where its own name
                # names none, not even where no other is near: "Göteborgs moské i Trandared"
                # puts Göteborg's mosque in Borås; "Göteborgs moské i Hisingen" keeps a town's
                # own, its district drawn in that town)
                town_of = dict(kind.pool)

                def unnamed(names: list[str]) -> list[str]:
                    return [n for n in names if " i " not in n
                            and not _names_town(n, town_of.get(n))]
                # lifelike: where the town's own names it (its surrogate settled already, by an
                # earlier essay: "höglandssjukhuset i Eksjö" beside Nyköping), one serving it
                # that names none (never Skånes universitetssjukhus in Nyköping)
                # where none serves it, after a town (not a district) the town's own, which
                # names it ("länssjukhuset kalmar i Kalmar"), before one of another county
                # (and offers the sentence's fields: never Högskolan Väst for medicine)
                offered = self._offered(kind, self.span) if self.effective == "lifelike" \
                    else frozenset()
                serving = self._serving(kind, (near + [anchor])[0], lambda names: [
                    n for n in unnamed(names) if not offered or n in offered]) \
                    if self.effective == "lifelike" and not places and here else []
                town_after = self.place_map.get(self._word_after_in(self.span), "") in self.towns
                here = unnamed(here) or serving or (
                    [] if self.effective == "lifelike" and not places and not town_after
                    else here)
            anywhere = [n for n, t in kind.pool if not t or (
                # lifelike: an essay of no town draws among all (Liseberg is never always
                # Astrid Lindgrens Värld, the one zoo tied to no town) of towns whose districts
                # we know, so a district named later lies in it (`_settled`); a landlord of
                # its own town only among those of no town (the town named later is drawn
                # near the settled one, not in it)
                self.effective == "lifelike" and not towns and not kind.own_town
                and t in self.lex.districts_by_town)] or [n for n, t in kind.pool if not t or (
                    self.effective == "lifelike" and not towns and not kind.own_town)]
            return self._settled(kind, self._draw(here, rng) or self._draw(anywhere, rng)
                                 or self._draw([n for n in self._offering(kind, [])
                                                if self._free(n)], rng)
                                 or self._draw([n for n, _ in kind.pool], rng))
        if kind.town:
            town = self._town(rng)
            pick = kind.town.replace("{town:gen}", town_genitive(town)).replace("{town}", town)
            return pick if self._free(pick) else None
        low = fold(original)
        word = word or next((original[len(original) - len(w):] for w in kind.words
                             if low.endswith(w) and len(low) > len(w)), "")
        if kind.invent and word:
            # Risbergska skolan -> Hagabyskolan: an invented stem joins its kind word
            return self._compound(rng, word.lstrip(" -") if word.lower().endswith("skolan") else word)
        # lifelike: an authority it keeps as written is no member's surrogate either
        return self._draw([m for m in kind.members if self.effective != "lifelike"
                           or fold(m) not in unique_authorities()] or kind.members, rng)

    def _settled(self, kind: Kind, pick: str | None) -> str | None:
        """Lifelike: an institution tied to a town, in an essay that has named no town yet,
        makes that town the essay's, so its districts lie in it ("jobbar på Danderyds sjukhus
        ... Jag bor i Tensta": never a district of Luleå beside Karolinska)."""
        if self.effective == "lifelike" and self.city is None and not self.towns:
            # (Linnéuniversitetet of Växjö and Kalmar: the first whose districts we know, else
            # its town, whose "districts" become localities near it: Höglandssjukhuset)
            towns = [t for n, t in kind.pool if n == pick and t]
            self.city = next((t for t in towns if t in self.lex.districts_by_town),
                             towns[0] if towns else None)
        return pick

    def _serving(self, kind: Kind, anchor: str, keep: Callable[[list[str]], list[str]] = list
                 ) -> list[str]:
        """Lifelike: the free institutions that serve `anchor`, a town with none of its own: of
        its län, those of the town nearest it (Borlänge: Falu lasarett, never Västmanlands
        sjukhus; Täby: Danderyds sjukhus, never Södertälje sjukhus), else the nearest within a
        commute of any län; only those `keep` keeps of the names; [] outside lifelike or
        without coordinates."""
        if self.effective != "lifelike" or not anchor:
            return []
        county = self.geo.towns.get(anchor, ("", ""))[1]
        kept = set(keep([n for n, _ in kind.pool]))
        # (by each name's every town: Karolinska of Solna and of Huddinge)
        away = sorted((d, n, self.geo.towns.get(t, ("", ""))[1] == county)
                      for n, t in kind.pool if t and t != anchor and self._free(n) and n in kept
                      for d in (distance_km(anchor, t),) if d is not None)
        for pairs in ([(d, n) for d, n, same in away if same and county], [
                (d, n) for d, n, _ in away if d <= near_km() * 1.5]):
            if pairs:
                return list(dict.fromkeys(n for d, n in pairs if d == pairs[0][0]))
        return []

    def _within_reach(self, kind: Kind, anchor: str, names: list[str], strict: bool = False
                      ) -> list[str]:
        """Lifelike: the institutions of `names` whose town lies within a commute of `anchor`
        (`near_km` and a half, or unless `strict` the nearest's distance where none does); []
        where none does or we lack coordinates."""
        town_of = dict(kind.pool)
        scored = sorted((d, n) for n in names
                        if (d := distance_km(anchor, town_of.get(n) or "")) is not None)
        if self.effective != "lifelike" or not scored:
            return []
        reach = near_km() * 1.5 if strict else max(scored[0][0], near_km() * 1.5)
        return [n for d, n in scored if d <= reach]

    def _near(self, span: Span, original: str) -> list[str]:
        """Surrogates of the Swedish towns named in or just before an institution's mention
        ("i Umeå på Norrlands universitetssjukhus"), nearest first; lifelike: the town named
        right after it first ("Mittuniversitetet i Sundsvall")."""
        words = [self._word_after_in(span)] * bool(self._word_after_in(span))
        words += [fold(w) for w in regex.findall(r"\p{L}+", original)]
        words += list(reversed(self.before.get(span.start, ())))
        out = []
        for word in words:
            for key in (word, word[:-1]):
                pick = self.place_map.get(key)
                if pick and pick in self.towns and pick not in out:
                    out.append(pick)
        return out

    def _town(self, rng: Draws) -> str:
        """The essay's surrogate town, else a Swedish town drawn now (and kept as the essay's)."""
        if not self.towns and self.home[0] and not self._original(self.home[0]):
            self.towns.append(self.home[0])
            self.town_origins.append(self.home[1])
        if not self.towns:
            pick = self._draw(self._swedish_towns(self.lex.cities_by_country.get("SE", [])), rng)
            self.towns.append(pick or self._compound(rng, "by"))
            self.town_origins.append("")
            self.city = self.city or self.towns[0]
        return self.towns[0]

    def _places_in(self, original: str) -> list[tuple[str, str, str]]:
        """(word, its place fold, its country) of each capitalised word of a name that is a place."""
        out = []
        # lifelike: a learner's lower-case name too ("ifk norrköping", "gävle vux")
        lower = self.effective == "lifelike" and original == original.lower()
        found = regex.findall(r"\p{L}{2,}" if lower else r"\p{Lu}\p{Ll}[\p{L}]*", original)
        if self.effective == "lifelike":
            # a town abroad of two words ("universitetet i hai phong", "Addis Abeba"): one place
            for one, two in zip(found, found[1:]):
                both = next((k for k in (fold(f"{one} {two}"), fold(one + two)) if self.lex.get(
                    k).place_pop >= 50000 and self.lex.get(k).place_country not in ("", "SE")
                    and not self.lex.get(k).se_pop), "")
                if both and f"{one} {two}" in original:
                    out.append((f"{one} {two}", both, self.lex.get(both).place_country))
            taken = {w for pair, _, _ in out for w in pair.split()}
            found = [w for w in found if w not in taken]
        for at, word in enumerate(found):
            key = fold(word)
            for k in (key, key[:-1] if key.endswith("s") else None):
                if not k:
                    continue
                entry = self.lex.get(k)
                if entry.gender or entry.first_rank:  # Sofias skola: a person's name
                    break
                if lower and (entry.zipf >= TOWN_WORD_ZIPF or "common_name_homograph" in entry.cats):
                    break  # "stora", "vi": a word, in a lower-case name
                # lifelike: a small locality's genitive before the rest of the name is its place
                # ("Stockaryds Såg", "sölvesborgs varv"), never a company of no town (DHL)
                owner = self.effective == "lifelike" and k != key and entry.se_pop > 0 and \
                    at + 1 < len(found) and entry.zipf < words().word_zipf
                # lifelike: a small locality after "i" ends the name where it lies
                # ("vårdcentralen i Gimo": never a company of no town)
                owner = owner or (self.effective == "lifelike" and k == key and entry.se_pop > 0
                                  and original.endswith(" i " + word)
                                  and entry.zipf < words().word_zipf)
                home = ("SE" if "district" in entry.cats or entry.se_pop >= 5000 or owner else
                        entry.place_country if entry.place_pop >= 50000 and not entry.se_pop else
                        entry.country if entry.country != "SE" else "")
                if home:
                    out.append((word, k, home))
                    break
                spelt = self._town_respelt(k) if k == key and not lower and not (
                    entry.place_kind or entry.zipf or entry.se_pop) else ""
                if spelt:  # "Osj statliga universitet" beside Osh: that town abroad
                    out.append((word, spelt, self.lex.get(spelt).place_country))
                    break
        return out

    def _town_respelt(self, key: str) -> str:
        """Lifelike: the town abroad of the essay (a city mention) that `key`, a word no
        gazetteer knows, writes by one other letter, as a learner transliterates ("Osj" for
        Osh, "Bisjkek"); "" when none or two are that near."""
        if self.effective != "lifelike" or len(key) < 3:
            return ""
        near = sorted(k for k in self.town_mentions if k and k[:1] == key[:1]
                      and len(k) == len(key) and k != key
                      and self.lex.get(k).place_country not in ("", "SE")
                      and sum(a != b for a, b in zip(k, key)) == 1)
        return near[0] if len(near) == 1 else ""

    def _abroad(self, original: str) -> list[tuple[str, str, str]]:
        """The places abroad an institution's name holds ("Damaskus universitet")."""
        found = self._places_in(original)
        return found if found and all(c not in ("", "SE") for _, _, c in found) else []

    def _town_landmark(self, original: str) -> bool:
        """Lifelike: a place named with its Swedish town and a word of a landmark it has
        (`town_institution_words_lifelike`: "Lunds domkyrka", "Kalmar slott", "Göteborgs
        stadsteater"), which moves with the town as an institution does."""
        parts = original.split()
        return self.effective == "lifelike" and len(parts) == 2 and fold(parts[1]) in \
            words().town_institution_words and bool(self._swedish_places(parts[0]))

    def _swedish_places(self, original: str) -> list[tuple[str, str, str]]:
        return [p for p in self._places_in(original) if p[2] == "SE"]

    def _replace_places(self, original: str, places: list[tuple[str, str, str]], rng: Draws,
                        local: bool = True) -> str:
        """The name with each place swapped for that place's surrogate in this essay, else for a
        town of its (surrogate) country (Gdańsks universitet -> Krakóws universitet), and its
        digits redrawn (Skola nummer 112). A Swedish town named only here is the essay's
        surrogate town when the institution is `local` (Göteborgs stadsbibliotek -> Umeå
        stadsbibliotek beside Umeå), else another town."""
        out = original
        for word, key, country in places:
            pick = self.place_map.get(key)
            if pick is None and country == "SE" and "district" in self.lex.get(key).cats:
                pick = self._draw(self.lex.districts_by_town.get(self._town(rng), []), rng)
            if pick is None and country == "SE" and local:
                pick = self.place_map[key] = self._town(rng)
            if pick is None and country == "SE":
                # a town the essay names only inside this name ("Sundsvalls Hockeyklubb ... ett
                # lag från Timrå"): another town than the essay's, so the two stay apart
                others = [t for t in self._swedish_towns(self.lex.cities_by_country.get("SE", []))
                          if t not in self.towns and fold(t) != key]
                pick = self._draw(others, rng) or self._town(rng)
                self.place_map[key] = pick
            if pick is None:  # a town of the (surrogate) country, never the place renamed
                towns = [c for c in self.lex.cities_by_country.get(
                    self.countries.get(country, country), []) if fold(c) != key
                    and key not in self.lex.place_aliases.get(c, frozenset())]
                every = towns
                if self.effective == "lifelike":
                    # a town of about the original's size: "Gdańsks universitet" is a city's
                    # university, never "Vinkovcis universitet"
                    towns = self._sized_like(key, towns, self.countries.get(country, country))
                # lifelike: a town of the country where none is of the size, never a Swedish one
                pick = self._draw(towns, rng) or (self._draw(every, rng) if self.effective
                                                  == "lifelike" else None) or self._town(rng)
                self.place_map[key] = pick
            # Gdańsks universitet, Damaskus universitet: a place before the kind word is a genitive
            then = original[original.index(word) + len(word):].lstrip()
            # a Swedish town before a kind word takes its genitive whatever the original's
            # ending: Gävle kommun -> Östersunds kommun
            form = (town_genitive(pick) if country == "SE" else genitive(pick)) if fold(
                word) != key or (then[:1].islower() and (country == "SE" or word[-1:] in "sxz")
                                 ) else pick
            out = out.replace(word, form, 1)
        out = _DIGIT.sub(lambda m: str(rng.below(9) + 1), out)
        return out if self._free(out) else self._compound(rng, kind_word(original, self.lex) or "gruppen")

    def _number(self, label: str, original: str, draw: int, rng: Draws) -> str:
        """Numbers, dates and ages in the taxonomy's forms (`lifelike`: in real forms)."""
        lex, ref = self.lex, draw
        if self.effective == "lifelike" and label in LIFELIKE:
            return LIFELIKE[label](self, original, rng)
        if label in ("phone_nr", "account_nr", "other_nr_seq", "zip_code"):
            out = mask(original, "0", "1")
            return _LETTER.sub("A", out) if label == "zip_code" else out
        if label == "date_digits":
            return mask(original, "1", "2")
        if label == "personid_nr":
            digits = sum(ch.isdigit() for ch in original)
            delim = next((ch for ch in original if not ch.isdigit()), "")
            return ("19" if digits == 12 else "") + "123456" + delim + "0000"
        if label == "license_nr":
            letters = iter("ABCDEFG")
            return "".join(next(letters) if ch.isalpha() else "0" if ch.isdigit() else ch
                           for ch in original)
        if label in ("age_digits", "year"):
            digits = "".join(ch for ch in original if ch.isdigit())
            return str(_near_value(int(digits) if digits else 20, rng,
                                   lambda v: str(v) in self.avoid))
        if label == "age_string":
            out = swedish_number(_near_value(word_value(original, lex) or 20, rng,
                                             lambda v: swedish_number(v) in self.avoid))
            return apply_case(out, original)
        if label == "day":
            value = int("".join(ch for ch in original if ch.isdigit()) or 0)
            choices = [d for d in range(1, 29) if d != value]
            return str(rng.choice(choices)) + original[len(str(value)):] if original[:1].isdigit() else str(rng.choice(choices))
        if label == "month_digit":
            value = int("".join(ch for ch in original if ch.isdigit()) or 0)
            return str(rng.choice([m for m in range(1, 13) if m != value]))
        if label == "month_word":
            choices = [m for m in MONTHS if m != original.lower()]
            return apply_case(rng.choice(choices), original)
        if label == "street_nr":
            value = int("".join(ch for ch in original if ch.isdigit()) or 0)
            return str(rng.choice([k for k in range(1, 100) if k != value]))
        if label == "transport_nr":
            return str(ref) if str(ref) != original else str(ref + 10)
        return LABELS[label].placeholder or "X"


# --- lifelike: numbers a reader takes for real, that reach no one ----------------------------
# PTS reserves numbers for fiction (film, TV, books): 070-1740605 .. 070-1740699 and, for a
# landline number of Stockholm, Göteborg, Malmö or Kiruna, a hundred of that area code each.
FICTION_MOBILE = ("0701740", range(605, 700))
FICTION_LANDLINES = (("08", "08-465 004 00"), ("031", "031-390 06 00"),
                     ("040", "040-628 04 00"), ("0980", "0980-319 200"))  # the last two digits vary
# RFC 2606 reserves these second-level domains for examples.
EXAMPLE_DOMAINS = ("example.com", "example.org", "example.net")
IBAN = regex.compile(r"[A-Za-z]{2}\d{2}(?: ?[\dA-Za-z]){11,30}")
PLATE_LETTERS = "ABCDEFGHJKLMNOPRSTUWXYZ"  # I, Q, V, Å, Ä, Ö never appear on Swedish plates
SWEDISH_PLATE = regex.compile(r"[A-Za-z]{3}[ -]?\d{2}[\dA-Za-z]")


SHIFTS = (-3, -2, -1, 1, 2, 3)
MISSPELT_TOWN_MIN = 5  # a town mention this long may misspell a town of geography.toml
MISSPELT_EDITS = 2  # a country name the lexicon lacks may misspell a known one by this many
SWEDISH_TOWN_IN_WINDOW = 5000  # a word of this many inhabitants in Sweden is a Swedish town ...
TOWN_WORD_ZIPF = 6.0  # ... unless it is this frequent as a word (vi, bara)
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


# "bima är sju år", "Alikhan, 12 år": an age right after a mention says it is a person's
AGE_AFTER = regex.compile(r"(?:\s+(?:är|var|blir|fyller|fyllde)\s+(\d{1,2}|\p{L}+)|\s*,\s*(\d{1,2}))"
                          r"\s+år(?!\p{L})", regex.IGNORECASE)
# the learner's memory: an entity `person_spans` made a person ("~person:bima")
LEARNER_PERSON = "~person:"


def person_words(spans: list[Span], text: str) -> frozenset[str]:
    """Lifelike: the folds the essay labels only as a person's name ("våra barn Milan och
    Sara"), so a window read for the country of a place never takes them for a town abroad
    (Milan, Italy made Hagfors "Piacenza i Värmland")."""
    names = {fold(text[s.start:s.end]) for s in spans if LABELS[s.label].kind == "name"}
    places = {fold(text[s.start:s.end]) for s in spans if LABELS[s.label].kind == "place"}
    return frozenset(names - places)


def alias_spans(spans: list[Span], text: str, lex: Lexicon,
                refs: Mapping[tuple[str, str], int] | None) -> list[Span]:
    """Lifelike: a town abroad written under another of its names than the learner's earlier
    essays wrote it ("Istanbul" in one essay, "Istambul" in the next; "Jacmel", "Jakmel": the
    gazetteers' names of one feature, `place_aliases`) is that town, so the learner's essays
    agree on its surrogate (before: Izmir in one, Tarsus in the next). Within one essay
    `Renderer._respelt_abroad` does the same."""
    if not refs:
        return spans
    names = lex.derived("alias_folds", lambda: {f: folds for folds in lex.place_aliases.values()
                                                for f in folds})
    out = []
    for span in spans:
        key = span.key or fold(text[span.start:span.end])
        if span.label in ("city", "area") and (span.label, key) not in refs and key in names:
            known = sorted(other for other in names[key] if (span.label, other) in refs)
            if known:
                span = Span(span.start, span.end, span.label, span.attrs, span.score, span.rule,
                            known[0])
        out.append(span)
    return out


def _after_place_preposition(text: str, start: int, lex: Lexicon) -> bool:
    """Whether the word right before `start` is a place preposition ("till", "i", "från")."""
    before = regex.search(r"(\p{L}+)\s+$", text[max(0, start - 20):start])
    return bool(before) and fold(before.group(1)) in lex.words("place_trigger.prep")


def person_spans(spans: list[Span], text: str, lex: Lexicon,
                 bases: MutableMapping[tuple[str, int], str] | None = None) -> list[Span]:
    """Lifelike: a place or an institution the essay names where a person stands is that
    person, so the detector's wrong label never shows in its surrogate ("vår son Bima" read
    as the town Bima became "Mataram", "Till Alikhans lärare" read as an institution
    "Hyresgästföreningen"). Every mention of such an entity becomes a given name (of the sex
    the lists give it, else of unknown sex): one of whose mentions stands right after a kin
    word (a "fam" span: "vår son Bima", "min ibu Sari") or before one of its owner ("Nurlan,
    min pappa"), right before an age ("bima är sju år"), or in the genitive before a word of a person's own (`person_of_words_lifelike`:
    "Alikhans lärare", never "Hagaskolans lärare": no institution's kind word), or that the
    learner's earlier essays made a person so (their memory, `LEARNER_PERSON`)."""
    numbers, owned = lex.words("number_word"), words().person_of
    kin_ends = {s.end for s in spans if s.label == "fam"}
    kin_starts = {s.start for s in spans if s.label == "fam"}
    found = {key[len(LEARNER_PERSON):] for key, _ in (bases or {}) if key.startswith(LEARNER_PERSON)}
    for span in spans:
        if LABELS[span.label].kind not in ("place", "institution"):
            continue
        name = text[span.start:span.end]
        key = span.key or fold(name)
        age = AGE_AFTER.match(text, span.end, min(len(text), span.end + 30))
        after = regex.match(r"\s+(\p{L}+)", text[span.end:span.end + 30])
        kin_after = any(regex.fullmatch(r"\s*,\s*(?i:min|mitt|mina|hans|hennes|vår|våra|deras)\s+",
                                        text[span.end:s]) for s in kin_starts
                        if span.end <= s <= span.end + 12)
        if (kin_after or age) and _after_place_preposition(text, span.start, lex):
            # "flyttade vi till Vimerby, min man jobbar där": a place after "till" before a
            # kin word's clause is still the place (never a man named Zellalem)
            kin_after = age = None
        if name.endswith("s") and after and fold(after.group(1)) in owned \
                and not kind_word(name, lex) and not lex.get(fold(name[:-1])).se_pop \
                and not lex.get(key).se_pop and " " not in name.strip():
            found.add(fold(name[:-1]))  # (the name without its genitive s)
        elif any(text[e:span.start].strip() in ("", "heter", "som heter")
                 for e in kin_ends if span.start - 12 <= e <= span.start) or kin_after or age and (
                age.group(2) or age.group(1).isdigit() or fold(age.group(1)) in numbers):
            found.add(key)
    # a name right before a patronymic word written apart ("Asel Bakyt kyzy", "Talant Nurbek
    # uulu") is the father's given name, in every mention (never a surname, nor the town Bakyt)
    particles = words().patronymic_particles
    fathers = {span.key or fold(text[span.start:span.end]) for span in spans
               if LABELS[span.label].kind in ("name", "place", "institution")
               and (after := regex.match(r"[ \t]+(\p{L}+)", text[span.end:span.end + 12]))
               and fold(after.group(1)) in particles}
    if not found and not fathers:
        return spans
    out = []
    for span in spans:
        written = fold(text[span.start:span.end])
        key = span.key or written
        if key in fathers and LABELS[span.label].kind in ("name", "place", "institution"):
            out.append(Span(span.start, span.end, "firstname_male", span.attrs, span.score,
                            span.rule, key))
            continue
        if key not in found and key[:-1] in found and key.endswith("s"):
            key = key[:-1]  # "Tenzins mentor": Tenzin's
        attrs = ("gen",) if "gen" in span.attrs or written == key + "s" else ()
        if key in found and LABELS[span.label].kind in ("place", "institution"):
            if bases is not None:
                bases[(LEARNER_PERSON + key, 0)] = "1"
            gender = lex.get(key).gender
            span = Span(span.start, span.end, "firstname_" + (
                gender if gender in ("female", "male") else "unknown"), attrs, span.score,
                span.rule, key)
        out.append(span)
    return out


# the kinds of name a span's label takes from `pun_fields_lifelike`: "" a surname, f, m given
PUN_KINDS = {"surname": ("",), "firstname_female": ("f",), "firstname_male": ("m",),
             "firstname_unknown": ("f", "m")}


@cache
def short_fulls(key: str) -> tuple[str, ...]:
    """Lifelike: the folds of the full names whose listed short form (`short_forms_lifelike`)
    `key` is ("ibou" -> ("ibrahima",); "sasha": Aleksandr's and Aleksandra's)."""
    return _short_index().get(key, ())


@cache
def _short_index() -> dict[str, tuple[str, ...]]:
    """Each listed short form's fold -> its full names' folds, built once."""
    index: dict[str, tuple[str, ...]] = {}
    for full, shorts in words().short_forms_lifelike.items():
        for short in shorts:
            index[fold(short)] = index.get(fold(short), ()) + (full,)
    return index


@cache
def pun_words() -> tuple[dict[str, tuple[str, tuple[str, ...]]],
                         dict[str, list[tuple[tuple[str, ...], str, str]]]]:
    """Lifelike: `pun_fields_lifelike` indexed once: a name's fold -> (its field, the forms of
    the word it is); a field -> its (forms, kind, name) rows."""
    by_name: dict[str, tuple[str, tuple[str, ...]]] = {}
    by_field: dict[str, list[tuple[tuple[str, ...], str, str]]] = {}
    for name, forms, said in words().pun_fields:
        for kind, written in said:
            by_name.setdefault(fold(written), (name, forms))
            by_field.setdefault(name, []).append((forms, kind, written))
    return by_name, by_field


def pun_form(name: str, rule: str) -> str:
    """Lifelike: the form of the word the surrogate name `name` is that a lower-case mention
    stood in (`field_puns`: rule "pun:2s" for "floders" is the plural, in the genitive)."""
    entry = pun_words()[0].get(fold(name))
    index, gen = rule.removeprefix("pun:")[:1], rule.endswith("s")
    if entry is None or not index.isdigit() or int(index) >= len(entry[1]):
        return name.lower()
    return entry[1][int(index)] + ("s" if gen else "")


def _fixed_spans(text: str) -> list[tuple[int, int]]:
    """Where the essay's fixed phrases stand ("i alla fall", "på frisk luft"): their words
    never follow a name."""
    return [m.span() for m in words().pun_fixed.finditer(text)] if words().pun_fixed else []


def _field_hits(forms: tuple[str, ...], text: str, given_ends: set[int],
                fixed: list[tuple[int, int]]) -> list[tuple[int, int, str]]:
    """(start, end, rule) of each lower-case form of the word in the essay, or of an inflected
    one opening a sentence ("Blixten slog ner"), outside a fixed phrase and never right after a
    given name ("anna ek" is the surname)."""
    written = set(forms) - {"-"}
    written |= {f.capitalize() for f in written if f != forms[0]}
    alts = "|".join(regex.escape(f) for f in sorted(written, key=len, reverse=True))
    hits = []
    for found in regex.finditer(rf"(?<!\p{{L}})({alts})(s?)(?!\p{{L}})", text):
        head = text[:found.start()].rstrip()
        if len(head) in given_ends or any(a <= found.start() < b for a, b in fixed) or (
                found.group(1)[:1].isupper() and head and head[-1] not in ".!?:\n"):
            continue
        hits.append((found.start(), found.end(),
                     f"pun:{forms.index(found.group(1).lower())}{found.group(2)}"))
    return hits


def field_puns(spans: list[Span], text: str) -> tuple[list[Span], dict[str, tuple[str, ...]]]:
    """Lifelike: a name that is an everyday word the essay also writes in lower case in any
    form ("Dan Flod ... fiskar i floden", "Viola ... violerna": `pun_fields_lifelike`) takes a
    name that is a word of the same field, of its kind (surname, a woman's or a man's given
    name) and with the forms the essay uses; each lower-case form is one more mention (rule
    "pun:<form>"), so it follows the surrogate ("Dan Ström ... i strömmen"). Where the field
    has none, the word stays as written (a mention the detector labelled there is dropped) and
    the name takes a plain name (an empty tuple). Also the keys of such names -> the names."""
    by_name, by_field = pun_words()
    given_ends = {s.end for s in spans if s.label.startswith("firstname")}
    fixed = _fixed_spans(text)
    keys: dict[str, tuple[str, ...]] = {}
    extra: list[Span] = []
    covered: list[tuple[int, int]] = []
    for span in spans:
        written = text[span.start:span.end]
        entry = by_name.get(fold(written))
        key = span.key or fold(written)
        if entry is None or key in keys or span.label not in PUN_KINDS or \
                not written[:1].isupper():
            continue
        hits = _field_hits(entry[1], text, given_ends, fixed)
        if not hits:
            continue
        used = {int(rule[4]) for _, _, rule in hits}
        keys[key] = tuple(name for forms, kind, name in by_field[entry[0]]
                          if forms != entry[1] and kind in PUN_KINDS[span.label]
                          and all(forms[i] != "-" for i in used))
        covered += [(start, end) for start, end, _ in hits]
        extra += [Span(start, end, span.label, (), span.score, rule, key)
                  for start, end, rule in hits] if keys[key] else []
    if not covered:
        return spans, keys
    kept = [s for s in spans if not any(s.start < b and a < s.end for a, b in covered)]
    return sorted(kept + extra, key=lambda s: (s.start, s.end)), keys


def _adjective_puns(span: Span, key: str, text: str, given_ends: set[int],
                    taken: set[tuple[int, int]], keys: dict[str, str | tuple[str, ...]]
                    ) -> list[Span]:
    """"Ylva Modig ... hon var verkligen modig", "Ulf Frisk ... nu är han frisk igen": the
    adjective the name is, written as a word (lower-case, after no given name, in no fixed
    phrase), follows the name (Stark ... stark): its mentions, the name's key marked "adj"."""
    fixed, extra = _fixed_spans(text), []
    for found in regex.finditer(r"(?<!\p{L})" + regex.escape(key) + r"(?!\p{L})", text):
        if not found.group().islower() or len(text[:found.start()].rstrip()) in given_ends \
                or any(a <= found.start() < b for a, b in fixed):
            continue
        if found.span() not in taken:
            extra.append(Span(found.start(), found.end(), span.label, span.attrs,
                              span.score, "pun", span.key or key))
            taken.add(found.span())
        keys[span.key or key] = "adj"
    return extra


def pun_spans(spans: list[Span], text: str) -> tuple[list[Span], dict[str, str | tuple[str, ...]]]:
    """Lifelike: a name the essay explains by the everyday word it also is ("Jag heter Sten,
    som en sten": `pun_words_lifelike`) has that word as one more mention (the spans in text
    order), so it follows the surrogate; with the keys of such names and the article the
    explanation gives the word ("en", "ett"): their surrogates are names that are such words
    too (`Renderer.puns`). A name of `pun_fields_lifelike` the essay writes as a word is
    `field_puns`' (its key -> the names of its field)."""
    spans, fields = field_puns(spans, text)
    pattern, extra = words().pun, []
    keys: dict[str, str | tuple[str, ...]] = dict(fields)
    taken = {(s.start, s.end) for s in spans}
    for span in spans:
        if LABELS[span.label].kind != "name" or span.label == "initials":
            continue
        found = pattern.match(text, span.end, min(len(text), span.end + 60)) if pattern else None
        name = text[span.start:span.end]
        # the word itself, or the word after one adjective ("som en liten lund")
        group = next((g for g in (2, 3) if found and found.group(g) and
                      fold(found.group(g)) == fold(name)), 0)
        if group and found.span(group) not in taken and (span.key or fold(name)) not in fields:
            extra.append(Span(found.start(group), found.end(group), span.label, span.attrs,
                              span.score, "pun", span.key or fold(name)))
            keys[span.key or fold(name)] = "ett" if fold(found.group(1)).endswith("ett") \
                else "en"
    names = {fold(text[s.start:s.end]): s for s in spans
             if LABELS[s.label].kind == "name" and s.label != "initials"}
    said = words().pun_said
    for found in said.finditer(text) if said and names else ():
        # "Johan Fors ... mitt efternamn är en fors": the explanation anywhere in the essay
        span = names.get(fold(found.group(2)))
        if span is not None and found.span(2) not in taken and \
                (span.key or fold(found.group(2))) not in fields:
            extra.append(Span(found.start(2), found.end(2), span.label, span.attrs, span.score,
                              "pun", span.key or fold(found.group(2))))
            taken.add(found.span(2))
            keys[span.key or fold(found.group(2))] = "ett" if fold(found.group(1) or "") == \
                "ett" else "en"
    adjectives = {fold(n) for n in words().pun_names["adj"]}
    given_ends = {s.end for s in spans if s.label.startswith("firstname")}
    for article in ("en", "ett"):
        nouns = {fold(n) for n in words().pun_names[article]}
        for key in sorted(nouns.intersection(names)):
            # "Juhani Kock ... han är inte kock", "Susanne Falk ... hon såg en falk",
            # "han är en Strand som inte tycker om stranden": a name that is a listed noun and
            # is written as that word (lower case, bare or definite) takes another such noun,
            # so a mention of it labelled so follows it as a word (never "han är inte
            # ekström"); an unlabelled word stays as written
            ending = ("t" if key[-1] in VOWELS else "et") if article == "ett" else \
                ("n" if key[-1] in VOWELS else "en")
            word = text[names[key].start:names[key].end].lower()  # as written: "stål"
            if any(found.group().islower() and len(text[:found.start()].rstrip()) not in
                   given_ends for found in regex.finditer(
                       rf"(?<!\p{{L}}){regex.escape(word)}(?:{ending})?(?!\p{{L}})", text)):
                keys.setdefault(names[key].key or key, article)
    for key, span in names.items() if not adjectives.isdisjoint(names) else ():
        if key in adjectives and (span.key or key) not in fields:
            extra += _adjective_puns(span, key, text, given_ends, taken, keys)
    if not extra:
        return spans, keys
    return sorted(spans + extra, key=lambda s: (s.start, s.end)), keys


def _wordlike(lex: Lexicon, name: str) -> bool:
    """A name that is also a common Swedish word: a common-word homograph, one of
    `word_names_lifelike` (Skog), or at least `word_zipf` frequent as a word and rarer than rank
    `word_name_rank` as a name or on no Swedish name list (Gül, Ben)."""
    w, key = words(), fold(name)
    e = lex.get(key)
    rank = min(r for r in (e.first_rank, e.surname_rank, 10 ** 9) if r)
    return "common_name_homograph" in e.cats or key in w.word_names or (
        e.zipf >= w.word_zipf and (rank > w.word_name_rank or SWEDISH_ORIGIN not in
                                   lex.name_origins.get(key, (SWEDISH_ORIGIN,))))


def learner_shift(seed: int, scope: str) -> int:
    """One offset per essay or learner: ages move by it and years against it, so "född 1990"
    and "34 år" still agree (1988 and 36)."""
    return Draws(seed, scope, "shift", 0).choice(SHIFTS)


def _stage(age: int) -> int:
    """The stage of life an age falls in: the number of AGE_STAGES bounds it has reached."""
    return bisect.bisect_right(AGE_STAGES, age)


def pour(digits: str, template: str) -> str:
    """`digits` in the original's layout (076-218 44 09 -> 070-174 06 05) when the counts
    agree; else the digits in the plain national form."""
    slots = sum(ch.isdigit() for ch in template)
    if slots != len(digits):
        return digits[:3] + "-" + digits[3:]
    it = iter(digits)
    return "".join(next(it) if ch.isdigit() else ch for ch in template)


def _phone(r: Renderer, original: str, rng: Draws) -> str:
    """A number of PTS's fiction ranges in the original's layout: a landline gets the fiction
    range of the area code of the essay's surrogate town where PTS has one (08, 031, 040, 0980:
    `fiction_area_towns`; 08-761 402 55 beside a surrogate Solna -> 08-465 004 55), else, in an
    essay with no town, of its own area code; any other number becomes a fiction mobile number,
    in a mobile's layout when the original's does not fit it (0243-21 77 05 -> 070-174 06 15,
    never 0701-74 06 15)."""
    if r.effective == "lifelike":
        abroad_ = _phone_abroad(r, original, rng)
        if abroad_:
            return abroad_
    prefix, numbers = FICTION_MOBILE
    lead = next((lead for lead in ("+46", "0046") if original.lstrip().startswith(lead)), "")
    template = original.lstrip()[len(lead):]
    national = "".join(ch for ch in template if ch.isdigit())
    national = national if national.startswith("0") or not lead else "0" + national
    if r.effective == "lifelike":
        # one number, one surrogate however the learner writes it (070-123 45 67, 0701234567,
        # +46 70 123 45 67), in this essay and the learner's others (the memory's `~phone:`)
        rng = Draws(r.seed, "phone_nr", r.base.setdefault((LEARNER_PHONE + national, 0),
                                                           f"{r.scope}:{national}"))
    digits = prefix + str(rng.choice(numbers))
    town = (r.towns or [r.city or ""])[0]
    code = words().area_towns.get(town, "") if town else next(
        (code for code, _ in FICTION_LANDLINES if national.startswith(code)), "")
    area = next((layout for c, layout in FICTION_LANDLINES if c == code), "") \
        if not national.startswith("07") else ""
    if area:
        digits = "".join(ch for ch in area if ch.isdigit())[:-2] + f"{rng.below(100):02d}"
        if len(national) != len(digits) or not national.startswith(code):
            # 040-12 34 56 has too few digits for the range, 0243-21 77 05 another area
            # code's layout: the range's own layout (never "0846-50 04 41")
            template = area
    elif not national.startswith("07"):
        template = "070-174 06 05"  # a landline elsewhere: a mobile number, laid out as one
    if lead:
        rest = digits[1:]
        return lead + (pour(rest, template) if sum(c.isdigit() for c in template) == len(rest)
                       else " " + pour(rest, (area or "070-174 06 05")[1:]))
    return pour(digits, template)


def _phone_abroad(r: Renderer, original: str, rng: Draws) -> str | None:
    """Lifelike: a number that is no Swedish one keeps its own shape. One with a calling code
    abroad ("+256 772 000 418", "0098 915 ...") takes the code of the country its country
    became in the essay (`calling_codes` in surrogates.toml), the first digit after the code
    and new other digits in its layout; one with neither a code nor a leading 0 ("kvitto
    nummer 4410 772 195", read as a phone number) new digits in its layout; one with a code
    the table lacks its code and first digits as written. None for a Swedish number (the
    fiction ranges)."""
    text = original.strip()
    found = regex.match(r"(\+|00)(\d{1,3})", text)
    codes = words().calling_codes
    if found and found.group(2).startswith("46"):
        return None
    if found:
        # the longest code the number starts with (+358 before +35)
        code = next((found.group(2)[:n] for n in (3, 2, 1) if found.group(2)[:n] in codes), "")
        # a code the table lacks stays as written (never a Swedish number)
        code = code or found.group(2)
        iso = codes.get(code, "")
        there = r.countries.get(iso, iso)
        new = words().calling_of.get(there, code)
        rest = text[len(found.group(1)) + len(code):]
        form = words().mobile_forms.get(there)
        if new != code and form and regex.fullmatch(r"[\d\s-]+", rest):
            # another country's number: one of its mobiles, never "+7" before Kyrgyz digits
            return found.group(1) + new + _mobile(form, rest, rng)
        # the operator's first two digits stay ("+351 912 ..." -> "+351 91x ..."), one where
        # the country's code changed with no form known
        firsts = list(regex.finditer(r"\d", rest))[:2 if new == code else 1]
        if not firsts:
            return None
        at = firsts[-1].end()
        return found.group(1) + new + rest[:at] + regex.sub(
            r"\d", lambda _: str(rng.below(10)), rest[at:])
    if text[:1].isdigit() and not text.startswith("0"):
        return str(rng.below(9) + 1) + regex.sub(r"\d", lambda _: str(rng.below(10)), text[1:])
    if text.startswith("0") and _said_foreign(r):  # "ett rumänskt nummer: 0745 123 456"
        return text[:2] + regex.sub(r"\d", lambda _: str(rng.below(10)), text[2:])
    return None


def _mobile(form: tuple[int, tuple[str, ...]], rest: str, rng: Draws) -> str:
    """A mobile number of a country's `form` (digits after its code, their first digits),
    grouped as `rest`, the original's digits after its code, are where it has the same count,
    else by three from the left ("777 123 4567"), with the space or none `rest` opens with."""
    length, starts = form
    digits = rng.choice(list(starts))
    digits += "".join(str(rng.below(10)) for _ in range(length - len(digits)))
    written = sum(ch.isdigit() for ch in rest)
    if written == length:
        it = iter(digits)
        return regex.sub(r"\d", lambda _: next(it), rest)
    if not regex.search(r"\D", rest.strip()):
        return rest[:len(rest) - len(rest.lstrip())] + digits
    groups = [digits[i:i + 3] for i in range(0, length, 3)]
    if len(groups) > 1 and len(groups[-1]) == 1:
        groups[-2:] = [groups[-2] + groups[-1]]
    return rest[:len(rest) - len(rest.lstrip())] + " ".join(groups)


def _said_foreign(r: Renderer) -> bool:
    """Lifelike: the sentence of the number being rendered says before it that the number is
    of a country abroad: a demonym of one right before a number word ("ett rumänskt nummer",
    `foreign_number_words_lifelike`)."""
    span, text = r.span, getattr(r.before, "text", "")
    if span is None or not text:
        return False
    said = [fold(w) for w in regex.findall(
        r"\p{L}+", regex.split(r"[.!?\n]", text[max(0, span.start - SENTENCE_REACH):span.start])[-1])]
    return any(w in words().foreign_number_words and "nationality" in r.lex.get(adj).cats
               and r.lex.get(adj).value not in ("", "SE") for adj, w in pairwise(said))


def _personid(r: Renderer, original: str, rng: Draws) -> str:
    """A number on the essay's moved birth date with the original's sex digit parity: one of
    Skatteverket's test numbers (`reserved_personid`, built by `resources build`), else, offline, a
    Luhn-valid number with a birth number in the 98x-99x series (see docs/surrogates.md)."""
    digits = "".join(ch for ch in original if ch.isdigit())
    century, body = (digits[:2], digits[2:]) if len(digits) == 12 else ("", digits)
    yy, mm, dd = body[:2] or "90", body[2:4] or "01", body[4:6] or "01"
    year = r.moved_year(int(century or "19") * 100 + int(yy))
    months, days = r.calendar()
    month = shift_month(min(max(int(mm), 1), 12), months)
    # a samordningsnummer (day + 60) stays one
    day = shift_day(max(int(dd) % 60, 1), days) + (60 if int(dd) > 60 else 0)
    sex = int(body[8]) % 2 if len(body) > 8 else 0
    delim = next((ch for ch in original if not ch.isdigit()), "")
    test = reserved_personid(r.lex, year, month, day, sex, digits, rng) if day <= 31 else None
    if test:  # one of Skatteverket's test numbers: never a person's
        return _typed_check((test[:2] if century else "") + test[2:8] + delim + test[8:], r,
                            body)
    # the same original birth number, the same surrogate in each of the learner's essays (a
    # samordningsnummer and the later personnummer keep their last four digits)
    key = (LEARNER_SERIAL + body[6:9], 0)
    birth = r.base.get(key) or f"9{rng.below(2) + 8}{rng.choice(range(sex, 10, 2))}"
    if len(body) >= 9:
        r.base[key] = birth
    nine = f"{year % 100:02d}{month:02d}{day:02d}{birth}"
    return _typed_check((str(year // 100) if century else "") + nine[:6] + delim + nine[6:]
                        + check_digit(nine), r, body)


def _typed_check(number: str, r: Renderer, body: str) -> str:
    """Lifelike: a surrogate whose original's check digit is wrong (a learner types a number
    from memory, or makes one up) is wrong by as much, so a reader computing the Luhn sum finds
    what the original gives (900314-3926, whose check digit would be 3, never becomes a valid
    number); a valid original gives a valid one."""
    if r.effective != "lifelike" or len(body) != 10 or not body.isdigit():
        return number
    error = (int(body[9]) - int(check_digit(body[:9]))) % 10
    return number[:-1] + str((int(number[-1]) + error) % 10)


TEST_NUMBER_YEARS = 10  # a test number is looked for this many years either side of the birth year
NEAREST_YEARS = tuple(sorted(range(-TEST_NUMBER_YEARS, TEST_NUMBER_YEARS + 1), key=abs))


def reserved_personid(lex: Lexicon, year: int, month: int, day: int, sex: int, original: str,
                      rng: Draws) -> str | None:
    """Skatteverket's test number (12 digits) nearest to the moved birth date, of the same sex
    digit parity, never the original; None when the snapshot has none (the offline default).
    A year's numbers are sorted by date, so the nearest are found by bisection."""
    if not lex.test_personids:
        return None
    for delta in NEAREST_YEARS:
        born = str(year + delta)
        numbers = lex.test_personids.get(born, ())
        at = bisect.bisect_left(numbers, f"{born}{month:02d}{day:02d}")
        near = [n for n in numbers[max(0, at - 12):at + 12]
                if int(n[10]) % 2 == sex and not original.endswith(n[2:])]
        if near:
            target = month * 31 + day
            best = sorted(near, key=lambda n: (abs(int(n[4:6]) * 31 + int(n[6:8]) - target), n))
            return rng.choice(best[:3])
    return None


def _email(r: Renderer, original: str, rng: Draws) -> str:
    """The address on a reserved domain, its local part built like the original's from the
    surrogates of the essay's names in it (amina.yusuf92 -> hodan.warsame87), else from the
    surrogate of the essay's last-named person: an address that fits its signer."""
    return f"{_local_part(r, original.partition('@')[0], rng)}@{rng.choice(EXAMPLE_DOMAINS)}"


def _handle(r: Renderer, original: str, rng: Draws) -> str:
    """A user name (@magdas_kitchen_mmx, cumbia_carlos_82) built like the original from the
    essay's surrogate names, as an address's local part is; other `extra` text keeps the
    taxonomy's placeholder."""
    if " " in original.strip() or not regex.search(r"[_@.\d]", original):
        return r._placeholder("extra", 1, frozenset(), original)
    at = "@" if original.startswith("@") else ""
    return at + _local_part(r, original.lstrip("@"), rng, keep=True)


def _local_part(r: Renderer, local: str, rng: Draws, keep: bool = False) -> str:
    """An address's local part (or a user name) from the essay's surrogate names: a name part
    becomes its surrogate, digits new digits, initials other letters; other words go unless
    `keep` (kitchen in magdas_kitchen)."""
    parts: list[str] = []
    named = False
    for part in regex.split(r"([._-])", local):
        letters, digits = regex.sub(r"\d", "", part), regex.sub(r"\D", "", part)
        if part in "._-":
            parts.append(part)
        elif r.effective == "lifelike" and fold(part) in words().kunya:
            parts.append(part)  # abu_karim: abu stays, as in the text
        elif letters and (fold(letters) in r.name_map or (
                fold(letters)[-1:] == "s" and fold(letters)[:-1] in r.name_map)):
            key = fold(letters)
            gen = key not in r.name_map  # magdas_kitchen: Magda's
            parts.append(fold(r.name_map[key[:-1] if gen else key]) + "s" * gen
                         + _local_digits(r, digits, rng))
            named = True
        elif r.effective == "lifelike" and len(letters) > 2 and (full := next(
                (k for k in sorted(r.name_map) if len(k) > 1 and r._shortens(
                    fold(letters), k) or r._shortens(fold(letters)[:3], k)), None)):
            # zeyno.yildirim84 beside Zeynep: a short form of the surrogate of the name it
            # shortens (krzysiek beside Krzysztof -> Jakub: kuba), else that surrogate
            surrogate = r.name_map[full]
            gender = r.lex.get(fold(surrogate)).gender or "unknown"
            short = next(iter(r._short_forms(surrogate, gender)), surrogate) \
                if fold(letters) != full else surrogate
            parts.append(fold(short) + _local_digits(r, digits, rng))
            named = True
        elif keep and len(letters) > 1 and (fold(letters) in r.place_map or r.lex.get(
                fold(letters)).se_pop) and not _place_short(r, fold(letters)):
            # anna_klipper_malmo: the essay's surrogate town (sara_gbg: its short form, below)
            parts.append(fold(r.place_map.get(fold(letters)) or r._town(rng)))
        elif len(letters) > 1 and (r.lex.get(fold(letters)).gender or r.lex.get(
                fold(letters)).surname_rank):
            # a name the essay does not name elsewhere: a first name first, then a surname,
            # of the name's origin as the essay reads it (yusuf -> a Somali surname)
            entry = r.lex.get(fold(letters))
            slot = f"first_{entry.gender}" if entry.gender and not named else "surname"
            origin = r._origin(letters, fold(letters))
            pool = [p for p in r._name_pool(f"{slot}:{origin}") or r.lex.pools.get(slot, [])
                    if fold(p) != fold(letters)]  # never the address's own name
            initial = r.name_map.get(fold(letters)[:1], "") if r.effective == "lifelike" else ""
            # maryam.sultani beside the signature "M. Sultani" (now "H."): a name on H
            pool = [p for p in pool if fold(p)[:1] == fold(initial)] or pool if initial else pool
            parts.append(fold(r._draw(pool, rng) or "kontakt") + _local_digits(r, digits, rng)
                         * (r.effective == "lifelike"))
            named = True
        elif len(letters) == 1 and letters.isalpha():
            # matias.rojas.f: the initial of a name of the essay's (Fuentes -> Escobar: e)
            named_ = sorted(k for k in r.name_map if k[:1] == fold(letters))  # "o" before "omer"
            parts.append((fold(r.name_map[named_[0]])[:1] if named_ else
                          INITIALS[rng.below(len(INITIALS))].lower())
                         + _local_digits(r, digits, rng) * (r.effective == "lifelike"))
        elif keep and letters and _place_short(r, fold(letters)):
            parts.append(_place_short(r, fold(letters)) + "".join(
                str(rng.below(10)) for _ in digits))  # sara_gbg -> agnes_lkpg, noicm -> noipl
        elif keep and letters:
            parts.append(fold(letters) + "".join(str(rng.below(10)) for _ in digits))
        elif keep and digits:
            parts.append("".join(str(rng.below(10)) for _ in digits))
    if not named:
        names = list(r.name_map.values())
        first = names[-1] if names else r._draw(r.lex.pools.get("first_female", []), rng)
        parts = [fold(first or "kontakt")]
    out = regex.sub(r"^[._-]+|[._-]+$", "", regex.sub(r"[._-]{2,}", ".", "".join(parts)))
    return regex.sub(r"[^a-z0-9._-]", "", out.replace(" ", ".")) or "kontakt"


def _local_digits(r: Renderer, digits: str, rng: Draws) -> str:
    """The digits of an address's name part: lifelike, two or four that read as a year of
    birth (maryam.sultani92, zeyno1984) are that year moved as the essay's years (born 1992,
    now 1991: sultani91), else new digits of the same count."""
    if r.effective == "lifelike" and len(digits) in (2, 4):
        year = int(digits) + (0 if len(digits) == 4 else 1900 if int(digits) >= 30 else 2000)
        if YEAR_IN_ADDRESS[0] <= year <= YEAR_IN_ADDRESS[1]:
            return str(r.moved_year(year))[-len(digits):]
    return "".join(str(rng.below(10)) for _ in digits)


def _place_short(r: Renderer, letters: str) -> str:
    """A user name's part built on a short form of one of the essay's places ("gbg" for
    Göteborg, "cm" ending "noicm" for Chiang Mai) with the surrogate place's short form in its
    stead; "" when it holds none."""
    table = words().place_abbreviations
    for original, pick in r.place_map.items():
        shorts = [table.get(original, "")] + (
            ["".join(w[0] for w in original.split())] if len(original.split()) > 1 else [])
        for short in filter(None, shorts):
            if letters == short or len(letters) > len(short) + 1 and (
                    letters.endswith(short) or letters.startswith(short)):
                new = table.get(fold(pick)) or ("".join(w[0] for w in fold(pick).split())
                                                if " " in pick else fold(pick)[:len(short)])
                if letters == short:
                    return new
                return (letters[:-len(short)] + new if letters.endswith(short)
                        else new + letters[len(short):])
    return ""


def _url(r: Renderer, original: str, rng: Draws) -> str:
    scheme = next((s for s in ("https://", "http://") if original.lower().startswith(s)), "")
    www = "www." if "www." in original.lower() else ""
    path = "/" + rng.choice(("blogg", "om-mig", "bilder", "profil")) if "/" in original.removeprefix(
        scheme).rstrip("/") else ""
    return f"{scheme}{www}{rng.choice(EXAMPLE_DOMAINS)}{path}"


@dataclass(frozen=True)
class PlateFormat:
    """Lifelike: one country's licence plate layout (`plates_lifelike` in surrogates.toml)."""
    country: str
    shape: regex.Pattern[str]  # the layout with the writer's spaces and hyphens allowed
    layout: str  # L letter, D digit, R region code
    letters: str
    regions: tuple[str, ...]
    example: str = ""  # a plate of the layout, the shape a plate following this country takes
    region_of: dict[str, str] = field(default_factory=dict)  # folded town -> its region code


@cache
def plate_formats() -> tuple[PlateFormat, ...]:
    rows = tomllib.loads(WORDS_FILE.read_text(encoding="utf-8")).get("plates_lifelike", ())
    out = []
    for row in rows:
        letters, regions = row["letters"], tuple(row["regions"])
        parts = {"L": f"[{letters}]", "D": r"\d",
                 "R": "(?:" + "|".join(sorted(regions, key=len, reverse=True)) + ")"}
        shape = r"[ -]?".join(parts[c] for c in row["layout"])
        region_of = {fold(town): code for code, towns in row.get("region_towns", {}).items()
                     for town in towns}
        out.append(PlateFormat(row["country"], regex.compile(shape), row["layout"], letters,
                               regions, row.get("example", ""), region_of))
    return tuple(out)


def _plate_abroad(original: str, rng: Draws, towns: Iterable[str] = ()) -> str | None:
    """Lifelike: a plate of a listed country's layout keeps it (Ukrainian "AX 1234 BC" ->
    "BC 5170 HK": a region code of its own and letters with a Cyrillic twin), the code of the
    first of the essay's surrogate `towns` whose region the row knows (never Kharkiv's AX
    beside a surrogate Zaporizhzhia); None when no row's layout fits."""
    text = original.strip()
    fmt = next((f for f in plate_formats() if f.shape.fullmatch(text)), None)
    if fmt is None:
        return None
    region = next((g for g in sorted(fmt.regions, key=len, reverse=True)
                   if "R" in fmt.layout and g in text), "")
    others = [g for g in fmt.regions if g != region and len(g) == len(region)]
    own = next((code for town in towns if (code := fmt.region_of.get(fold(town)))
                and len(code) == len(region)), None)
    others = [own] if own else others
    # slot by slot over the original's characters, separators kept where written
    chars, out, i = list(text), list[str](), 0
    for slot in fmt.layout:
        while i < len(chars) and chars[i] in " -":
            out.append(chars[i])
            i += 1
        if slot == "R":
            out.append(rng.choice(others) if others else region)
            i += len(region)
        else:
            out.append(str(rng.below(10)) if slot == "D" else rng.choice(fmt.letters))
            i += 1
    return "".join(out) + text[i:]


def _followed_plate(text: str) -> bool:
    """Lifelike: the text holds a plate of a row with an `example` (the layout a plate takes
    when its country moves: "AX 1234 BC", "A123BC 77", which the detectors read whole)."""
    return any(f.shape.search(text) for f in plate_formats() if f.example)


def _plate_followed(r: Renderer, original: str) -> str:
    """Lifelike: the plate whose layout the surrogate takes: the example of the surrogate
    country's row where the essay replaced the country of the plate's layout (a Ukrainian
    plate beside Ukraina -> Ryssland takes the Russian layout), else the original."""
    fmt = next((f for f in plate_formats() if f.shape.fullmatch(original.strip())), None)
    now = r.countries.get(fmt.country, fmt.country) if fmt else ""
    follow = next((f for f in plate_formats() if f.country == now and f.example), None)
    # (a plate of a row with no example, "A123BC" written without its region code, keeps its
    # own layout)
    return follow.example if fmt and fmt.example and follow and now != fmt.country else original


def _plate(r: Renderer, original: str, rng: Draws) -> str:
    """A Swedish plate for a Swedish one (three letters, two digits, a digit or letter); any
    other plate keeps its country's layout, each letter and digit drawn anew ("1234 AB-7")."""
    abroad_plate = _plate_abroad(_plate_followed(r, original), rng, r.place_map.values()) \
        if r.effective == "lifelike" else None
    if abroad_plate:
        return abroad_plate
    if not SWEDISH_PLATE.fullmatch(original.strip()):
        return "".join(apply_case(rng.choice(PLATE_LETTERS), ch) if ch.isalpha() and ch.isascii()
                       else str(rng.below(10)) if ch.isdigit() else ch for ch in original)
    letters = "".join(rng.choice(PLATE_LETTERS) for _ in range(3))
    tail = f"{rng.below(100):02d}" + (rng.choice(PLATE_LETTERS) if original[-1:].isalpha()
                                       else str(rng.below(10)))
    sep = " " if " " in original else "-" if "-" in original else ""
    # lifelike: a plate the learner writes in lower case ("jdk 27s") stays so
    lower = r.effective == "lifelike" and original.islower()
    return (letters + sep + tail).lower() if lower else letters + sep + tail


def _year(r: Renderer, original: str, rng: Draws) -> str:
    digits = "".join(ch for ch in original if ch.isdigit())
    if len(digits) != 4:
        return str(max(1, int(digits or 20) + r.shift()))
    return original.replace(digits, str(r.moved_year(int(digits))))


def _near_value(value: int, rng: Draws, taken: Callable[[int], bool]) -> int:
    """An age or year one to three from `value`, at least 1, never `value` itself (a baby of
    one moved down stayed "ett år": the original published) nor another of the essay's
    originals (`taken`: "gifte oss 2008" drawn as 2006, the year another sentence gave)."""
    step = rng.choice((-2, -1, 1, 2))
    near = max(1, value + step)
    for other in (near, value + abs(step), value - abs(step), value + 2, value - 2, value + 3,
                  value - 3):
        if other >= 1 and other != value and not taken(other):
            return other
    return near if near != value else value + abs(step)


def moved_age(age: int, shift: int) -> int:
    """An age moved by the learner's shift; a baby's age moves up instead of to 0 or below."""
    return age + shift if age + shift >= 1 else age - shift


def age_value(original: str, label: str, lex: Lexicon, learner: bool = False) -> int:
    """The age a mention gives ("34", "34-åring", "trettiofyra"; 20 when unreadable;
    `learner`: see `word_value`)."""
    if label == "age_string":
        return word_value(original, lex, learner) or 20
    digits = "".join(ch for ch in original if ch.isdigit())
    return int(digits) if digits and len(digits) <= 3 else 20


def _age(r: Renderer, original: str, rng: Draws) -> str:
    digits = "".join(ch for ch in original if ch.isdigit())
    value = moved_age(age_value(original, "age_digits", r.lex), r.shift())
    return original.replace(digits, str(value)) if digits else str(value)


def _age_words(r: Renderer, original: str, rng: Draws) -> str:
    value = moved_age(age_value(original, "age_string", r.lex, True), r.shift())
    sep = next((sep for sep in (" ", "-") if sep in original.strip()), "")  # "nittio två"
    return apply_case(swedish_number(value, sep), original)


def calendar_shift(seed: int, scope: str) -> tuple[int, int]:
    """(months, days): one move of the calendar per essay or learner, so a birth date written
    out and the same date inside a personnummer still agree, and "den 3 i 11" and "3/11" too."""
    draws = Draws(seed, scope, "calendar", 0)
    return draws.choice((-1, 1)), draws.choice((-9, -7, -5, -4, -3, -2, -1, 1, 2, 3, 4, 5, 7, 9))


def shift_day(day: int, days: int) -> int:
    """A day of the month moved by `days`, within 1..28 (never the original day)."""
    return (day - 1 + days) % 28 + 1


def shift_month(month: int, months: int) -> int:
    return (month - 1 + months) % 12 + 1


def _date(r: Renderer, original: str, rng: Draws) -> str:
    """A numeric date moved like every date of the essay: years by the learner's shift, month
    and day by the essay's calendar shift (2015-11-03 -> 2013-12-07)."""
    months, days = r.calendar()
    out = regex.sub(r"(?<!\d)(19|20)(\d\d)(?!\d)", lambda m: str(r.moved_year(int(m.group(0)))),
                    original)
    parts = regex.split(r"(\D)", out)
    short = [i for i, part in enumerate(parts) if part.isdigit() and len(part) <= 2]
    # the day: the last short part after a leading year (2015-11-03), else the first (3/11)
    if len(parts[0]) == 4:
        short.reverse()
    # a leading zero only where the writer wrote one (03/11, 3/11, never 03/10 for 12/11)
    if short and 1 <= int(parts[short[0]]) <= 31:
        parts[short[0]] = _padded(shift_day(int(parts[short[0]]), days), parts[short[0]])
    if len(short) > 1 and 1 <= int(parts[short[1]]) <= 12:
        parts[short[1]] = _padded(shift_month(int(parts[short[1]]), months), parts[short[1]])
    if len(parts[0]) == 4 and len(short) > 1 and all(parts[i].isdigit() for i in short[:2]):
        # 2025-03-10: the weekday where the sentence asks for it, two digits as written
        old = regex.split(r"(\D)", original)
        day = _weekday_kept(r, (int(old[0]), int(old[short[1]]), int(old[short[0]])),
                            (int(parts[0]), int(parts[short[1]]), int(parts[short[0]])))
        parts[short[0]] = f"{day:0{len(old[short[0]])}d}"
    out = "".join(parts)
    return out if out != original else mask(original, "1", "2")


def _padded(value: int, written: str) -> str:
    """`value` with a leading zero when the writer's number had one (or when its digits do)."""
    return f"{value:02d}" if written.startswith("0") else str(value)


def _day(r: Renderer, original: str, rng: Draws) -> str:
    digits = "".join(ch for ch in original if ch.isdigit())
    if not digits or not 1 <= int(digits) <= 31:
        return str(rng.below(28) + 1)
    day = shift_day(int(digits), r.calendar()[1])
    # "den 3 mars 2025": the month and year written after the day give its weekday
    text, span = getattr(r.before, "text", ""), r.span
    found = regex.match(rf"\s+({'|'.join(MONTHS)})\s+((?:19|20)\d\d)(?!\d)",
                        text[span.end:span.end + 30], regex.IGNORECASE) if span else None
    if found:
        month, year = MONTHS.index(found.group(1).lower()) + 1, int(found.group(2))
        # (a year the detectors left stays as written)
        day = _weekday_kept(r, (year, month, int(digits)), (
            r.moved_year(year) if found.group(2) in r.avoid else year,
            shift_month(month, r.calendar()[0]), day))
    return original.replace(digits, str(day), 1)


def _weekday_kept(r: Renderer, was: tuple[int, int, int], moved: tuple[int, int, int]) -> int:
    """The moved date's day, moved on to the nearest day of its month (1-28) with the original's
    weekday where the original is a workday and its sentence has a `weekday_anchors` word
    ("måndagen den 3 mars 2025", "kursen börjar den 12 januari"); else the moved day."""
    try:
        weekday = datetime.date(*was).weekday()
    except ValueError:
        return moved[2]
    text, span = getattr(r.before, "text", ""), r.span
    sentence = regex.split(r"[.!?\n]", text[max(0, span.start - 120):span.start])[-1] + " " + \
        regex.split(r"[.!?\n]", text[span.end:span.end + 120])[0] if span else ""
    if weekday > 4 or words().weekday_anchors.isdisjoint(regex.findall(r"\p{L}+", fold(sentence))):
        return moved[2]
    for step in sorted(range(-6, 7), key=lambda n: (abs(n), -n)):
        day = moved[2] + step
        if 1 <= day <= 28 and datetime.date(moved[0], moved[1], day).weekday() == weekday and \
                (moved[0], moved[1], day) != was:
            return day
    return moved[2]


def _month(r: Renderer, original: str, rng: Draws) -> str:
    months = r.calendar()[0]
    low = original.lower()
    if low in MONTHS:
        return apply_case(MONTHS[shift_month(MONTHS.index(low) + 1, months) - 1], original)
    digits = "".join(ch for ch in original if ch.isdigit())
    if digits and 1 <= int(digits) <= 12:
        return original.replace(digits, str(shift_month(int(digits), months)), 1)
    return apply_case(rng.choice([m for m in MONTHS if m != low]), original)


# A year inside a longer number ("2023/12345", "5.1.1-2022-123456"): case numbers carry one.
YEAR_GROUP = regex.compile(r"(?<!\d)(?:19[5-9]\d|20[0-4]\d)(?!\d)")
# "lgh 1102": a Swedish flat number, floor (10 the entrance floor) and door.
FLAT = regex.compile(r"1[0-9]0[1-9]")


def _digits(r: Renderer, original: str, rng: Draws) -> str:
    """Account numbers, zip codes, other numbers: random digits (and letters) in the original's
    layout, never the original. A year inside a longer number stays a year (moved as the
    essay's years are), a flat number stays one (floor 10-13, door 01-06), and an IBAN keeps
    its country and gets valid check digits (SE72 8000 ... -> SE45 ...)."""
    if FLAT.fullmatch(original):
        flats = [f"1{floor}0{door}" for floor in range(4) for door in range(1, 7)]
        return rng.choice([f for f in flats if f != original])
    iban = IBAN.fullmatch(original)
    years = {m.start() for m in YEAR_GROUP.finditer(original)} if sum(
        map(str.isdigit, original)) > 4 and not iban else set()
    # lifelike: an IBAN's letters after its country are its bank's code (LV.. HABA: Swedbank)
    # and stay, so "LV34 HABA ... i Swedbank" still names one bank (never "APOX")
    bank = bool(iban) and r.effective == "lifelike"
    for _ in range(5):
        out = "".join(str(rng.below(9) + 1) if ch.isdigit() else (
            ch if bank and i > 1 else rng.choice(PLATE_LETTERS))
                      if ch.isalpha() else ch for i, ch in enumerate(original))
        for at in years:
            out = out[:at] + str(r.moved_year(int(original[at:at + 4]))) + out[at + 4:]
        if iban:
            out = _iban(original[:2].upper() + out[2:])
        if out != original:
            return out
    return mask(original, "1", "2")


def _iban(number: str) -> str:
    """An IBAN with its check digits (positions 3-4) computed by ISO 13616 (mod 97), the
    layout kept: a reader who checks it finds a valid number."""
    compact = regex.sub(r"\s", "", number)
    moved = compact[4:] + compact[:2] + "00"
    value = int("".join(str(int(ch, 36)) for ch in moved.upper()))
    check = f"{98 - value % 97:02d}"
    at = [i for i, ch in enumerate(number) if not ch.isspace()][2:4]
    chars = list(number)
    chars[at[0]], chars[at[1]] = check[0], check[1]
    return "".join(chars)


def _transport(r: Renderer, original: str, rng: Draws) -> str:
    """A bus or tram number of as many digits as the original's (buss 151 -> buss 318), not
    line 1 in every essay."""
    digits = "".join(ch for ch in original if ch.isdigit())
    if not digits:
        return str(rng.below(98) + 2)
    for _ in range(5):
        low = 10 ** (len(digits) - 1) if len(digits) > 1 else 2
        pick = str(low + rng.below(10 ** len(digits) - low))
        if pick != digits:
            return original.replace(digits, pick, 1)
    return original.replace(digits, str(int(digits) % 9 + 1), 1)


def _zip(r: Renderer, original: str, rng: Draws) -> str:
    """A postcode that begins like the essay's surrogate town's (581 xx for Linköping)."""
    out = _digits(r, original, rng)
    # the town written after the postcode ("802 67 Gävle": its surrogate), else the essay's
    after = r.place_map.get(fold(r._next_word(r.span))) if r.span else None
    where = geography().towns.get(after or "") or geography().towns.get(r.city or "")
    if not where or sum(ch.isdigit() for ch in out) < 5:
        return out
    prefix = iter(where[2])
    out = "".join(next(prefix, ch) if ch.isdigit() else ch for ch in out)
    return out if out != original else _digits(r, out, rng)


LIFELIKE = {"extra": _handle, "phone_nr": _phone, "account_nr": _digits, "other_nr_seq": _digits, "zip_code": _zip, "personid_nr": _personid, "email": _email, "url": _url,
            "license_nr": _plate, "transport_nr": _transport, "year": _year, "age_digits": _age, "age_string": _age_words,
            "date_digits": _date, "day": _day, "month_digit": _month, "month_word": _month}
