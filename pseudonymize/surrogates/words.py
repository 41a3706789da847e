"""The renderer's word lists (`words()`, read from data/surrogates.toml) and the patterns built from
them.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache

import regex

from pseudonymize.lexicon import fold
from pseudonymize.surrogates.common import (PATTERN_MIN, SENTENCE_REACH, SURNAME_FORMS, WORDS_FILE,
                                            SurnameForms, female_surname, row_countries)


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
    region_kinds: frozenset[str] = frozenset()  # lifelike, folds: "i provinsen Fars"
    foreign_number_words: frozenset[str] = frozenset()  # lifelike, folds: "rumänskt nummer"
    camp_words: frozenset[str] = frozenset()  # lifelike, folds: "i lägret Kakuma"
    unisex_origins: frozenset[str] = frozenset()  # lifelike: swedish, english
    peoples_regions: frozenset[str] = frozenset()  # lifelike, folds: kurdistan (kept)
    university_said: frozenset[str] = frozenset()  # lifelike, folds: studerade (a university)
    unit_words: frozenset[str] = frozenset()  # lifelike, folds: avdelning (a preschool group)
    unit_names: tuple[str, ...] = ()  # lifelike: Myran, Humlan (preschool groups' names)
    weekday_names: tuple[str, ...] = ()  # lifelike: måndag .. söndag, Monday first
    unisex_names: tuple[str, ...] = ()  # lifelike: Kim, Robin, Charlie (either sex)
    camps: dict[str, tuple[str, ...]] = field(default_factory=dict)  # lifelike: KE -> Kakuma
    nickname_said_ahead: regex.Pattern[str] | None = None
    school_year: regex.Pattern[str] | None = None  # on folded text: "arskurs 3", "trean"
    school_years: dict[str, int] = field(default_factory=dict)  # fold -> year (trean, tredje)
    school_start_age: int = 7
    latest_year: int = 2026  # lifelike: no year of an essay moves past it (`_years_past`)
    alias_after: regex.Pattern[str] | None = None  # after a place: ", på svenska heter det"
    alias_before: regex.Pattern[str] | None = None  # before its other name (the same clause)
    alias_closing: regex.Pattern[str] | None = None  # after "Warszawa (Warsaw": " på engelska)"
    alias_tail: regex.Pattern[str] | None = None  # after "Tripoli, eller Trablous": " som vi säger"
    swedish_language: frozenset[str] = frozenset()
    alias_standard_sayers: frozenset[str] = frozenset()  # lifelike, folds: "araber säger Erbil"
    # lifelike: a place's fold -> (its Swedish name, its own people's): damaskus -> Dimashq
    native_names: dict[str, tuple[str, str]] = field(default_factory=dict)
    alias_exonym_languages: frozenset[str] = frozenset()  # lifelike: "på engelska" (no native)
    english_names: dict[str, str] = field(default_factory=dict)  # lifelike: fold -> "Cracow"
    gendered_surnames: frozenset[str] = frozenset()  # lifelike: origins with -ska/-ova forms
    # lifelike: a group's (man's ending, woman's ending) pairs beyond SURNAME_FORMS (Novák, Nováková)
    surname_female_forms: dict[str, SurnameForms] = field(default_factory=dict)
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
    word_surname_zipf: float = 9.0  # lifelike: a family name this frequent as a word is Swedish
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
    institution_abroad: frozenset[str] = frozenset()  # lifelike, folds: üniversitesi, hospital
    municipality_words: frozenset[str] = frozenset()  # lifelike: kommun, kommuns
    kin_gloss_means: tuple[str, ...] = ()  # lifelike: "X betyder pappa"
    kin_gloss_copulas: tuple[str, ...] = ()  # lifelike: "X är pappa på frisiska"
    kin_gloss_of: tuple[str, ...] = ()  # lifelike: "X betyder son till Y" (a name's meaning)
    writer_any: regex.Pattern[str] | None = None  # lifelike: "jag heter (maryam)", any case
    foreign_letters: frozenset[str] = frozenset()  # lifelike: ş, ł (no Swedish word has them)
    spelling_slips: tuple[tuple[str, str], ...] = ()  # lifelike: ("c", "k"): one for the other
    slip_min: int = 5  # lifelike: the shortest entity spelling whose variants are slips
    national_trains: tuple[str, ...] = ()  # lifelike: SJ, where no regional train is left
    trains_abroad: dict[str, tuple[str, ...]] = field(default_factory=dict)  # lifelike: DK ->
    train_gateways: dict[str, str] = field(default_factory=dict)  # lifelike, folds: berlin -> DE
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
    north_words: frozenset[str] = frozenset()  # lifelike, folds: norrsken, midnattssol, renar
    ski_places: frozenset[str] = frozenset()  # lifelike, folds: i, till (before a ski town)
    ski_towns: frozenset[str] = frozenset()  # lifelike: Åre, Sälen (towns one skis in)
    origin_words: frozenset[str] = frozenset()  # lifelike, folds: "också från Thrissur"
    route_to: frozenset[str] = frozenset()  # lifelike, folds: "från Huye till uganda"
    echo_kinds: frozenset[str] = frozenset()  # lifelike, folds: "som vulkanen" (`_place_echo`)
    feast_names: frozenset[str] = frozenset()  # lifelike, folds: inti raymi, slava
    feast_verbs: frozenset[str] = frozenset()  # lifelike, folds: firar (a feast follows)
    feast_nouns: frozenset[str] = frozenset()  # lifelike, folds: nyåret (round 49, `_feast_said`)
    dish_verbs: frozenset[str] = frozenset()  # lifelike, folds: åt, lagade (a dish follows)
    feast_copulas: frozenset[str] = frozenset()  # lifelike, folds: är, heter ("X är en fest")
    feast_days: frozenset[str] = frozenset()  # lifelike, folds: dag, dagen ("Khetags dag")
    feast_breaks: frozenset[str] = frozenset()  # lifelike, folds: på, från ("var på festen")
    feast_determiners: frozenset[str] = frozenset()  # lifelike, folds: den ("den festen är X")
    # lifelike: a feast's word (a stem ending "-": its compounds too) -> the month it falls in
    feast_months: dict[str, int] = field(default_factory=dict)
    # lifelike: a saint's title's fold -> the saints a learner names with it (`_saint`)
    saints: dict[str, tuple[str, ...]] = field(default_factory=dict)
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
    same_day_words: frozenset[str] = frozenset()  # lifelike, folds: samma dag (round 48)
    birth_words: frozenset[str] = frozenset()  # lifelike, folds: föddes (round 48)
    event_words: frozenset[str] = frozenset()  # lifelike, folds: kriget (a year of its own)
    bare_endings: tuple[str, ...] = ()  # lifelike, folds: bron (Ölandsbron -> "bron")
    event_verbs: frozenset[str] = frozenset()  # lifelike, folds: började (the event's verb)
    calling_codes: dict[str, str] = field(default_factory=dict)  # lifelike: "256" -> UG
    calling_of: dict[str, str] = field(default_factory=dict)  # lifelike: UG -> "256"
    # lifelike: a country's mobile numbers: ISO -> (digits after the code, their first digits)
    mobile_forms: dict[str, tuple[int, tuple[str, ...]]] = field(default_factory=dict)
    nanp_areas: dict[str, str] = field(default_factory=dict)  # lifelike: "868" -> TT
    nanp_of: dict[str, tuple[str, ...]] = field(default_factory=dict)  # lifelike: TT -> ("868",)
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
    "same_day_words": "same_day_words_lifelike", "birth_words": "birth_words_lifelike",
    "event_verbs": "event_verbs_lifelike",
    "institution_abroad": "institution_words_abroad_lifelike",
    "echo_kinds": "echo_kind_words_lifelike", "origin_words": "origin_words_lifelike",
    "route_to": "route_to_words_lifelike",
    "region_kinds": "region_kind_words_lifelike", "feast_names": "feast_names_lifelike",
    "feast_verbs": "feast_verbs_lifelike", "unit_words": "unit_words_lifelike",
    "feast_nouns": "feast_nouns_lifelike", "dish_verbs": "dish_verbs_lifelike",
    "north_words": "north_words_lifelike", "feast_copulas": "feast_copulas_lifelike",
    "feast_days": "feast_day_words_lifelike", "feast_breaks": "feast_breaks_lifelike",
    "feast_determiners": "feast_determiners_lifelike",
    "municipality_words": "municipality_words_lifelike"}
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
    "common_streets": "common_streets", "national_trains": "national_trains_lifelike",
    "unit_names": "unit_names_lifelike", "weekday_names": "weekday_names_lifelike",
    "kin_gloss_means": "kin_gloss_means_lifelike", "kin_gloss_copulas": "kin_gloss_copulas_lifelike",
    "kin_gloss_of": "kin_gloss_of_lifelike"}
VALUES = {"default_street_ending": "default_street_ending",
    "pronoun_decides_words": "pronoun_decides_words", "school_start_age": "school_start_age",
    "latest_year": "latest_year_lifelike", "feast_months": "feast_months_lifelike",
    "word_zipf": "word_zipf", "word_name_rank": "word_name_rank",
    "district_max_abroad": "district_max_abroad", "slip_min": "slip_min_lifelike",
    "swedish_known_rank": "swedish_known_rank_lifelike",
    "word_surname_zipf": "word_surname_zipf_lifelike"}


@cache
def words() -> Words:
    """surrogates.toml's word data: the fields of the tables above read as they say, the others
    shaped here (sorted endings, per-key tables, patterns)."""
    data = tomllib.loads(WORDS_FILE.read_text(encoding="utf-8"))
    return Words(**{f: frozenset(fold(w) for w in data[k]) for f, k in FOLDED_SETS.items()},
                 **{f: frozenset(data[k]) for f, k in PLAIN_SETS.items()},
                 **{f: tuple(data[k]) for f, k in TUPLES.items()},
                 **{f: data[k] for f, k in VALUES.items()},
                 **_place_fields(data), **_people_fields(data), **_pun_fields(data),
                 **_alias_patterns(data), **_nickname_said_patterns(data), **_name_lists(data),
                 **_size_patterns(data))


def _place_fields(data: dict) -> dict:
    """The `Words` fields of places: endings, trains, short forms, districts, camps,
    stations and airports."""
    endings = {k: tuple(v) for k, v in data["endings"].items()}
    return dict(street_endings=tuple(sorted(data["street_endings"], key=len, reverse=True)),
                endings=dict(sorted(endings.items(), key=lambda kv: -len(kv[0]))),
                train_words=tuple(fold(w) for w in data["train_words"]),
                trains={train: tuple(where) for train, where in data["trains"].items()},
                short_forms={fold(full): tuple(short) for full, short in data["short_forms"].items()},
                place_endings=tuple(sorted((fold(w) for w in data["place_endings"]), key=len,
                                           reverse=True)),
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
                trains_abroad={iso: tuple(trains) for iso, trains in
                               data["trains_abroad_lifelike"].items()},
                train_gateways={fold(town): iso for iso, towns in
                                data["train_gateways_lifelike"].items() for town in towns},
                station_end=regex.compile(r"(\p{Lu}[\p{L}-]*)\s+(?i:(%s))$" % "|".join(
                    map(regex.escape, data["station_words_lifelike"]))),
                airport_end=regex.compile(r"(\p{L}.*?)\s+(?i:(%s))$" % "|".join(
                    map(regex.escape, data["airport_words_lifelike"]))),
                bare_endings=tuple(fold(w) for w in data["bare_place_endings_lifelike"]))


def _people_fields(data: dict) -> dict:
    """The `Words` fields of people: the writer, school years, kin, the languages of names,
    patronymics, phone numbers, ages and Swedish spellings."""
    return dict(saints={fold(title): tuple(names) for title, names
                        in data["saints_lifelike"].items()},
                writer_pattern=regex.compile(
                    r"(?i:(?<!\p{L})(?:" + "|".join(map(regex.escape, data["writer_name"]))
                    + r"))[ \t]+(\p{Lu}\p{Ll}+)"),
                writer_any=regex.compile(
                    r"(?i:(?<!\p{L})(?:" + "|".join(map(regex.escape, data["writer_name"]))
                    + r"))[ \t]+(\p{L}+)"),
                school_year=_school_year_pattern(data),
                school_years={fold(k): v for k, v in data["school_years"]
                              + data["school_year_ordinals"]},
                same_origin_kin_lifelike=frozenset(fold(w) for w in data["same_origin_kin"]
                                                   + data["same_origin_kin_lifelike"]),
                calling_codes=_first_per_code(data["calling_codes_lifelike"]),
                calling_of=dict(data["calling_codes_lifelike"]),
                mobile_forms={iso: (row["length"], tuple(row["starts"])) for iso, row
                              in data["mobile_forms_lifelike"].items()},
                nanp_areas={area: iso for iso, areas in data["nanp_areas_lifelike"].items()
                            for area in areas},
                nanp_of={iso: tuple(areas) for iso, areas in data["nanp_areas_lifelike"].items()},
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
                own_languages=_own_languages(data["own_languages_lifelike"]),
                spelling_slips=tuple((a, b) for a, b in data["spelling_slips_lifelike"]),
                family_first={fold(n): group for group, names in
                              data["family_first_lifelike"].items() for n in names},
                patronymics=tuple(sorted(((end, tuple(names)) for end, names
                                          in data["patronymics_lifelike"].items()),
                                         key=lambda row: (-len(row[0]), row[0]))),
                age_limits=(frozenset(fold(w) for w in data["age_limit_words_lifelike"]),
                            frozenset(data["age_limits_lifelike"]),
                            frozenset(fold(w) for w in data["age_limit_verbs_lifelike"]),
                            frozenset(fold(w) for w in data["age_limit_people_lifelike"])),
                swedish_spelt=_swedish_spelt(data["swedish_spelling_lifelike"]),
                child_names=frozenset(fold(n) for names in data["child_names_lifelike"].values()
                                      for n in names))


def _pun_fields(data: dict) -> dict:
    """The `Words` fields of names explained or written as words (`pun_spans`)."""
    return dict(pun=regex.compile(r"[\s,]*(%s)\s+(\p{L}+)(?:\s+(\p{L}+))?" % "|".join(
                    regex.escape(w).replace("\\ ", r"\s+") for w in sorted(
                        data["pun_words_lifelike"], key=len, reverse=True)), regex.IGNORECASE),
                pun_names={article: tuple(data[f"pun_names_{article}_lifelike"])
                           for article in ("en", "ett", "adj")},
                pun_fields=tuple((name, tuple(forms.split()), tuple(
                    tuple(n.rpartition(":")[::2]) for n in said.split()))
                    for name, rows in data["pun_fields_lifelike"].items()
                    for forms, _, said in (row.partition(" = ") for row in rows)),
                pun_fixed=regex.compile(r"(?<!\p{L})(?:%s)(?!\p{L})" % "|".join(
                    regex.escape(w) for w in data["pun_fixed_lifelike"]), regex.IGNORECASE),
                pun_said=regex.compile(r"(?<!\p{L})(?:%s)\s+(?:(en|ett)\s+)?(\p{L}+)" % "|".join(
                    regex.escape(w).replace("\\ ", r"\s+") for w in sorted(
                        data["pun_said_lifelike"], key=len, reverse=True)), regex.IGNORECASE))


def _name_lists(data: dict) -> dict:
    """The `Words` fields of `name_lists_lifelike` and `name_list_words_lifelike`."""
    slots = {"female": "first_female", "male": "first_male", "surname": "surname"}
    lists = {group: {slots[slot]: tuple(dict.fromkeys(names)) for slot, names in rows.items()}
             for group, rows in data["name_lists_lifelike"].items()}
    origins: dict[str, tuple[str, ...]] = {}
    gendered = set(data["gendered_surname_origins_lifelike"])
    female_forms = _female_forms(data)
    for group, rows in lists.items():
        # a family name in both its forms where the group has them (Omarov, Omarova)
        forms = [n[:len(n) - len(m)] + f for n in rows.get("surname", ()) if group in gendered
                 and group not in female_forms for f, m in SURNAME_FORMS if n.endswith(m)] + \
            [w for n in rows.get("surname", ()) if (w := female_surname(n, female_forms.get(
                group, ())))]
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
            "surname_female_forms": female_forms,
            "name_list_surnames": frozenset(fold(n) for rows in lists.values()
                                            for n in rows.get("surname", ()))}


def _female_forms(data: dict) -> dict[str, SurnameForms]:
    """The `surname_female_forms` field of `surname_female_forms_lifelike`."""
    return {group: tuple((male, female) for male, female in rows)
            for group, rows in data["surname_female_forms_lifelike"].items()}


def _own_languages(table: dict) -> tuple[tuple[str, regex.Pattern[str], frozenset[str],
                                                tuple[str, ...]], ...]:
    """The `own_languages` field of `own_languages_lifelike`, in the table's order: a word
    matches as written in any case, with its marks (a Swedish genitive -s after it too: "min
    thaththas familj"), since folded "olá" and "irmã" are the names Ola and Irma."""
    return tuple((language, regex.compile(r"(?<![\p{L}'-])(?:%s)s?(?![\p{L}'-])" % "|".join(
        regex.escape(w).replace("\\ ", r"\s+") for w in sorted(
            row["words"], key=len, reverse=True)), regex.IGNORECASE),
                  row_countries(row), tuple(row["groups"]))
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
    """A nickname given with a verb of saying (surrogates.toml, `nickname_say_lifelike`; or
    bidden, `nickname_say_imperative_lifelike`: "men säg Vojta"): the words before it ("alla
    säger ", "hemma säger vi "), anchored at the name, and the whole clause ending with the
    name ("vi säger Yasi." but not "hon säger Ali är snäll")."""
    verbs = "|".join(map(regex.escape, data["nickname_say_lifelike"]))
    subjects = "|".join(map(regex.escape, data["nickname_say_subjects_lifelike"]))
    bare = "|".join(regex.escape(v).replace("\\ ", r"\s+")
                    for v in data["nickname_say_imperative_lifelike"])
    said = (rf"(?i:(?<!\p{{L}})(?:(?:{subjects})(?:\s+\p{{L}}+)?\s+(?:{verbs})"
            rf"(?:\s+(?:{subjects}))?|(?:{bare})))\s+")
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
    # (round 43: a people in the definite plural says it too, "som slovenerna kallar")
    # (round 45: and a people of -män, "som fransmännen kallade")
    said = rf"(?:(?P<who>{fillers}|\p{{L}}+(?:erna|arna|männen))\s+)?(?:{verbs})" \
        rf"(?:\s+(?:{fillers}))?"
    # "på svenska heter det", in a learner's word order "på svenska det heter", "på svenska";
    # "som heter", "som det hette"; "("; " eller "
    # (round 45: "Tripoli, eller Trablous som vi säger": a comma before "eller" too)
    link = (rf"(?i:{lead}på\s+(?P<lang>\p{{L}}+)(?:\s+{said})?\s*,?\s+|{lead}{said}\s+"
            rf"|\s*(?P<paren>\()\s*|\s*,?\s+(?P<either>{either})\s+)")
    return {"alias_after": regex.compile(rf"^{link}(?P<second>\p{{Lu}}[\p{{L}}-]*)"),
            "alias_closing": regex.compile(r"^\s+på\s+(\p{L}+)", regex.IGNORECASE),
            # (round 45) "som vi säger" after the second of two names joined by "eller": the
            # writer gives it as the place's other name
            "alias_tail": regex.compile(rf"^\s*,?\s+(?i:som\s+{said})(?!\p{{L}})"),
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
