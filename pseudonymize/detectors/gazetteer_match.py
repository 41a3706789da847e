"""Gazetteer matching: names, places, countries, institutions, with learner-text robustness.

A word is a candidate when a gazetteer knows it (directly, as a genitive, as a hyphenated name,
a multi-word phrase, or a bounded misspelling). Whether it is accepted depends on capitalisation,
sentence position, triggers ("heter", "bor i") and whether the word is also a common Swedish word:
a sentence-initial capital proves nothing, and "hans", "björk", "sund" need a capital and context.
"""
from __future__ import annotations

import threading
from array import array
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from functools import lru_cache, partial
from bisect import bisect_left
from itertools import chain, compress, count, filterfalse, repeat
from operator import getitem, itemgetter

import regex

from rapidfuzz import process
from rapidfuzz.distance import OSA

from pseudonymize import thresholds as T
from pseudonymize.detectors.gazetteer_window import Verdicts
from pseudonymize.detectors.namelike import NameLikeness
from pseudonymize.detectors.gender import (GENDERED, GUESSED_SPELLING, NAME_GENDER, once,
                                           kin_gender, pronoun_gender, settle, writer_named)
from pseudonymize.detectors.rule import COREFERENCE, Rule, category_words, neighbours
from pseudonymize.doc import FOLDS, QUOTES, Doc, Marks, following, marked, places
from pseudonymize.labels import FIRSTNAME, NAME_LABELS, ORG_LABELS, PLACE_LABELS
from pseudonymize.lexicon import (EMPTY, NO_RANK, NO_READING, NO_WORDS, SPLIT_HEAD, SPLIT_REST,
                                  Entry, Lexicon, fold)
from pseudonymize.types import Span

FAMILY = "gazetteer"
NAMES = ("firstname_male", "firstname_female", "firstname_unknown", "surname")
FIRSTNAMES = frozenset(FIRSTNAME.values())
NAME_RUN = FIRSTNAMES | {"surname", "middlename"}  # the labels of a person's name's parts
PLACES = ("city", "area", "region", "geo", "place", "country")
ORGS = ("school", "work", "other_institution")


def _rule(name: str, labels: tuple[str, ...], score: float, reads: tuple[str, ...] = (),
          **looks: tuple[str, ...]) -> Rule:
    return Rule(name, FAMILY, labels, score, reads, **looks)


# --- rule names (resolve imports these) -------------------------------------------------------
PHRASE = _rule("phrase", NAMES + PLACES + ORGS + ("transport_name",), 0.9, (
    "place_trigger", "phrase_tail", "kind_noun", "never_replaced", "work_word", "geo_preposition",
    "shop_chain", "shop_preposition", "shopping_verb", "ride_verb", "function_word"))
GAZETTEER = _rule("gazetteer", NAMES + PLACES + ORGS + ("transport_name", "middlename"), 0.8, (
    "article_prefix", "go_between", "home_preposition", "place_trigger", "locating_preposition", "geo_preposition", "place_kind_noun", "definite_ending", "area_word", "area_part",
    "region_word", "place_adverb", "stay_adverb", "name_trigger", "name_verb", "never_replaced",
    "naming_verb", "town_noun",
    "list_word", "place_statement", "car_make", "car_model", "car_before", "district_preposition",
    "direction_prefix", "place_within", "shop_chain", "shop_preposition", "shopping_verb",
    "locating_adverb", "topic_verb", "topic_preposition", "past_ending", "be_verb",
    "subject_before", "person_pronoun", "number_word", "club_code", "personal_pronoun",
    "dislocated_pronoun", "work_title_noun", "fronted_adverb", "name_greeting",
    "route_through", "subjunction"),
    before=("place_trigger", "geo_preposition", "area_word", "region_word", "name_trigger",
            "fam", "naming_verb", "list_word", "district_preposition", "shop_preposition",
            "topic_preposition", "compass_word"),
    after=("place_statement",))
FUZZY = _rule(GUESSED_SPELLING, NAMES + PLACES, 0.7, ("never_replaced", "area_word", "region_word",
                                                     "possessive"))
PLACE_CONTEXT = _rule("place-context", ("city", "region", "geo", "place"), 0.7, (
    "place_trigger", "region_word", "village_word", "water_verb", "compass_word",
    "district_preposition", "stay_adverb", "be_verb", "island_ending", "landmark_preposition",
    "dwelling_verb", "district_verb", "outing_verb", "trip_preposition", "flight_word",
    "town_transit", "unheard_place_preposition", "unheard_goal_preposition", "kind_noun",
    "locating_preposition", "route_mark", "personal_pronoun", "town_geo_preposition",
    "street_ending_abroad", "origin_preposition", "region_ending", "village_holder",
    "distance_word", "companion_object"),
    before=("route_mark",), after=("route_mark",))  # (town_geo_preposition,
# street_ending_abroad: `resolve._town_shore`; origin_preposition: `resolve._origin_region`;
# region_ending: `resolve._region_named`)
SPLIT_NAME = _rule("split-name", PLACES + ORGS, 0.7)
# "Vi åkte till Slovenien … vi bodde i piran": a word after a place preposition that the
# lists know as a place in a country the essay (or the learner's earlier essays) is set in
# "jag bodde i polska innan": a country's own name that is a nationality word or language
COUNTRY_ADJECTIVE = _rule("country-adjective", ("country",), 0.8, (
    "unheard_place_preposition", "unheard_goal_preposition", "place_trigger",
    "function_after_name", "number_word", "list_word"))
LOCAL_PLACE = _rule("local-place", ("city", "area"), 0.8, (
    "unheard_place_preposition", "unheard_goal_preposition", "outing_verb", "personal_pronoun",
    "function_word"))
WATER = _rule("water", ("geo", "place"), 0.6, ("water_verb", "water_preposition", "place_trigger",
                                                "inverted_subject", "climb_verb"),
              before=("water_preposition",))
INSTITUTION_CONTEXT = _rule("institution-context", ORGS, 0.7, (
    "work_word", "work_start", "hiring_verb", "hiring_object", "function_word", "study_verb", "school_verb", "prof", "language_level", "course_word",
    "acronym_preposition", "possessive", "definite_ending",
    "profession_verb", "profession_filler", "inverted_subject", "apposition_article",
    "kind_noun", "drive_verb", "driven_vehicle"), before=("institution_preposition",))
AFTER_NAME = _rule("after-name", ("surname", "middlename", *sorted(FIRSTNAMES)), 0.7, (
    "verb_ending", "ordinary_ending", "name_trigger", "naming_verb", "patronymic_ending",
    "male_patronymic_ending", "article_prefix", "double_surname_origin", "double_surname_country",
    "name_tail_stop",
    "function_word", "be_verb", "own_name_noun", "own_possessive", "closing_word",
    "name_part_noun"))  # (name_part_noun: `resolve.named_middles`)
HOMOGRAPH_CAPITAL = _rule("homograph-capital", NAMES + PLACES, 0.6, ("common_name_homograph", "sensitive"))
PLACE_SUFFIX = _rule("place-suffix", PLACES, 0.6, ("place_suffix", "island_ending",
                                                  "landmark_preposition", "dwelling_verb"))
NAME_PAIR = _rule("name-pair", NAMES, 0.6, ("surname_ending", "kin_gender", "gender_skip",
                                            "possessive"))
FOREIGN_HEAD = _rule("foreign-head", ("place", "other_institution"), 0.65, ("foreign_place_head",))
ADDRESSEE = _rule("addressee", ("other_institution",), 0.6, ("payment_word", "account_trigger"))
NAME_CONTEXT = _rule("name-context", NAMES, 0.7, ("name_trigger", "fam", "surname_ending",
                                                  "verb_ending", "possessive", "kin_adjective",
                                                  "kin_gender", "naming_verb", "list_word",
                                                  "personal_pronoun", "name_copula",
                                                  "surname_noun", "name_object", "calling_verb",
                                                  "saying_verb", "nickname_tail", "definite_ending",
                                                  "nationality", "exonym_subject",
                                                  "possessed_kin", "prof", "kin_of_verb",
                                                  "kin_of_preposition", "relative_pronoun",
                                                  "descent_gender", "naming_adverb",
                                                  "month_preposition", "apposition_article",
                                                  "writer_spouse", "sender_company"),
                     before=("name_trigger", "fam", "naming_verb", "list_word", "name_copula",
                             "name_object", "saying_verb", "saying_filler",
                             # an owned word of no list may be a kin word (`_unlisted_kin`)
                             "possessive"))
PLACE_PREPOSITION = _rule("place-preposition", ("place", "geo"), 0.5, ("person_particle_verb",
                                                                        "function_after_name",
                                                                        "shore_preposition"))
NAME_TITLE = _rule("name-title", tuple(sorted(FIRSTNAMES)), 0.85, ("given_name_title",))
FAMILY_FIRST = _rule("family-first", ("surname", *sorted(FIRSTNAMES)), 0.85, (
    "family_first_surname", "kin_gender", "person_pronoun", "inverted_subject"))
PROPER_NOUN = _rule("proper-noun", (*NAMES, "middlename"), 0.5, (
    "ordinary_ending", "surname_ending", "kin_gender", "name_ending", "inflection_ending",
    "word_surname_ending", "definite_form_ending", "surname_noun", "name_copula", "patronymic_ending", "initial_adjective_ending", "name_verb",
    "be_verb", "function_word", "celebration_verb", "kind_noun",
    "feast_preposition", "memory_verb", "derived_word_ending"))  # (feast_preposition: `resolve._feast_mention`; function_word: `resolve.propagate` never
# carries a name to one; celebration_verb: `_u_feast`; memory_verb: `resolve.recalled_places`)
INITIAL = _rule("initial", ("initials",), 0.7, ("class_noun", "name_trigger"))
# "Tack!\nL. tuimavana": the family name after a signature's initials (`Matcher._initials`)
SIGNATURE_NAME = _rule("signature-name", ("surname",), 0.6, ("name_trigger",))
CITY_PART = _rule("city-part", ("area", "city"), 0.6, ("place_trigger", "trip_preposition", "compass_word",
                                                     "area_part", "side_word"))
DISTRICT_RUN = _rule("district-run", ("area", "city"), 0.7, ("place_trigger", "name_connector",
                                                     "unheard_place_preposition", "place_article",
                                                     "region_word", "town_noun", "kind_noun"),
                     before=("place_article",))
LOWER_INSTITUTION = _rule("lower-institution", ORGS, 0.6, (
    "work_word", "work_start", "study_verb", "school_verb", "place_adverb", "definite_ending",
    "ordinary_ending", "profession_verb", "profession_filler", "course_word",
    "school_name_ending", "business_name_ending", "apposition_article", "business_head",
    "drive_verb", "driven_vehicle", "duration_unit", "workplace_apposition", "kind_noun_ending",
    "work_manner"),
    before=("institution_preposition",))
LOWER_SUFFIX = _rule("lower-suffix", ("geo", "place", "region"), 0.6, ("place_suffix", "geo_preposition",
                                                             "geo_name_modifier",
                                                             "named_geo_ending", "sight_verb"),
                     before=("place_trigger", "geo_preposition", "sight_verb"))
PLACE_LIST = _rule("place-list", ("city",), 0.6, ("list_word", "place_trigger", "definite_ending",
                                                   "between_preposition"))
STREET_APART = _rule("street-apart", ("place",), 0.6, ("street_word_apart", "street_preposition"),
                     before=("street_preposition",), after=("street_word_apart",))
# Every slot it reads is next to the word (the preposition or "och" before it, the verb, "och"
# or kin word after it): declared, so a word with such a neighbour is never judged alone.
PERSON_SLOT = _rule("person-slot", NAMES, 0.6, ("name_verb", "list_word", "person_preposition", "name_trigger",
                                                 "social_verb", "subject_before",
                                                 "inflection_ending", "speech_verb",
                                                 "place_trigger", "fam", "object_verb",
                                                 "inverted_subject", "vocative_mark", "fronted_adverb",
                                                 "past_ending", "be_verb", "personal_pronoun", "home_preposition",
                                                 "name_tail_stop", "possessive", "kin_adjective"),
                    before=("person_preposition", "list_word", "object_verb", "inverted_subject",
                            "home_preposition"),
                    after=("name_verb", "list_word", "fam", "vocative_mark"))
# A word no list holds, spelt like a name (`namelike`), where only a person stands: the same
# slots as PERSON_SLOT's (`Matcher._in_person_slot`), each next to the word or at its clause's start.
NAMELIKE_SLOT = _rule("namelike-slot", NAMES, 0.6, (
    "name_verb", "list_word", "person_preposition", "social_verb", "subject_before", "speech_verb",
    "fam", "object_verb", "inverted_subject", "vocative_mark", "fronted_adverb", "past_ending",
    "personal_pronoun", "home_preposition", "place_trigger", "ordinary_ending", "verb_ending",
    "inflection_ending", "surname_ending", "name_ending", "person_particle_verb", "possessive",
    "noun_form_ending"),
    before=("person_preposition", "list_word", "object_verb", "inverted_subject",
            "home_preposition", "name_verb", "subject_before", "person_particle"),
    after=("name_verb", "list_word", "fam", "vocative_mark"))
# "ringde rustam dzhabrailov", "Maria dela cruz": a name's later part in lower case, spelt like
# a name and no everyday word, after a name found in any way (`_name_tails`)
NAMELIKE_TAIL = _rule("namelike-tail", ("surname",), 0.6, ("surname_particle", "ordinary_ending",
                                                          "name_tail_stop", "id_trigger",
                                                          "patronymic_ending", "name_verb",
                                                          "past_ending", "clause_conjunction",
                                                          "personal_pronoun", "possessive",
                                                          "surname_particle",
                                                          "name_copula",
                                                          "verb_ending", "inflection_ending",
                                                          "noun_form_ending", "common_name_homograph",
                                                          "name_trigger", "fam", "list_word", "prof",
                                                          "elided_particle", "word_particle"))

PLACE_LABEL = {"city": "city", "municipality": "city", "exonym": "city", "spelling": "city",
               "area": "area",
               "region": "region", "geo": "geo", "place": "place", "street": "place"}
ORG_LABEL = {"school": "school", "university": "school", "company": "work", "workplace": "work",
             "authority": "other_institution", "other": "other_institution",
             "transport": "transport_name"}
EXCLUDED_CATS = frozenset({"nationality", "language", "not_name", "month", "weekday"})
NOT_NAME = frozenset({"not_name"})
NAMED_MONTH = frozenset({"not_name", "month"})  # "Kocken heter Maj Hammar": a month that is a name
KIN_NAMEABLE = frozenset({"not_name", "language", "month"})  # "min vän Dari": a person's name
KIN_ONLY = frozenset({"name_trigger"})  # a kin word and nothing else ("min tuakaqu Mere kom")
HOMOGRAPH = frozenset({"common_name_homograph"})
LABEL_OF_HOMOGRAPH = {"surname": "surname", "firstname_male": "firstname_male",
                      "firstname_female": "firstname_female", "city": "city", "place": "place",
                      "geo": "geo", "country": "country"}
HYPHEN_GIVEN = regex.compile(r"\p{L}\p{Ll}{1,5}-\p{Ll}{2,6}")  # "Ji-hoon", "da-eun", "Xiao-ming"
JOINED_INITIALS = regex.compile(r"(?<![\w-])\p{Lu}(?:\.?-\p{Lu}){1,2}(?![\w-])")  # "J-P", "J.-P", "M-N."
AGED = regex.compile(r"\d+-arig[a]?")  # "87-åriga Thatcher"
GUESSES = frozenset(r.name for r in (PROPER_NOUN, NAME_CONTEXT, AFTER_NAME, PLACE_SUFFIX,
                                     NAME_PAIR, PLACE_PREPOSITION))


CURATED_PLACES = frozenset({"landmark", "geo"})  # lexicon.tsv's parks, squares, lakes, rivers
# ... and its places abroad and regions (not Swedish districts: "gamla stan" in lower case is
# often any town's old town)
LISTED_PLACES = CURATED_PLACES | {"district_abroad", "settlement", "region"}
SWEDISH_LISTED = frozenset({"landmark", "geo", "district"})  # ... and districts of Swedish towns
CURATED_GEOGRAPHY = frozenset({"geo", "region"})  # lexicon.tsv's waters, islands and regions
REGION_ONLY = frozenset({"region"})  # a region and nothing else ("gotland", "dalarna")
NAMEISH_CATS = frozenset({"region", "country_alias", "unisex_name", "city_exonym",
                          "organization", "district", "geo", "landmark", "settlement",
                          "district_abroad", "town_abbreviation"})


TOWN_LIKE = frozenset({"city", "area", "geo"})
CODE_CATS = frozenset({"double_surname_country"})  # rule categories of codes, not words ("es")
TOWN_LABELS = frozenset({"city", "area"})  # a town's readings a person's name may have (`_place_person`)  # a place a surname may be spelt as ("Berg")
# what `_institution_of` may turn into a workplace or school
INSTITUTION_GUESSES = GUESSES | {GAZETTEER.name}
INSTITUTION_LABELS = NAME_LABELS | {"city"}


REVERSED = slice(None, None, -1)
# a table's words sorted (None: the table's own list is) and their positions in it (None: in
# order), and their reversals sorted with theirs
OneEdit = tuple[list[str] | None, list[int] | None, list[str], array]


def one_edit_index(words: list[str]) -> OneEdit:
    """`words` sorted and their reversals sorted, each with the positions they came from
    (`OneEdit`: what the cache file holds is read back at C speed, the sorted table itself
    never held twice): `one_edit_choices` finds the words of a head or an end by bisection.
    (A dict of positions by head and end cost more to make, a Python step and a list a word,
    than it saved; a search of the words as one text a Python step a hit.)"""
    heads = sorted(range(len(words)), key=words.__getitem__)
    reverse = list(map(getitem, words, repeat(REVERSED)))
    tails = sorted(range(len(words)), key=reverse.__getitem__)
    ordered = heads == list(range(len(words)))
    return (None if ordered else list(map(words.__getitem__, heads)), None if ordered else heads,
            list(map(reverse.__getitem__, tails)), array("L", tails))


def _starting(ordered: list[str], positions: Sequence[int], part: str) -> Sequence[int]:
    """The positions of the words of `ordered` (sorted) that start with `part` (not empty)."""
    last = ord(part[-1])
    stop = bisect_left(ordered, part[:-1] + chr(last + 1)) if last < 0x10FFFF else len(ordered)
    return positions[bisect_left(ordered, part):stop]  # (to the end: more, never fewer)


def one_edit_choices(key: str, words: list[str], index: OneEdit) -> list[str]:
    """The words (`one_edit_index` of them) that may lie within one edit of `key` (a letter
    added, dropped or changed, or two neighbours swapped; at least 3 letters), in their order:
    those starting with its first len // 2 letters or ending with its letters after the one
    after those. One edit at position p leaves the p letters before it in place and all from
    p + 2 on as the end: for p >= len // 2 the head is whole, else the end is. (What
    `extractOne` then compares: a pair cost it some 660 instructions.)"""
    head, (ordered, positions, ends, places) = len(key) // 2, index
    found = {*_starting(words if ordered is None else ordered,
                        range(len(words)) if positions is None else positions, key[:head]),
             *_starting(ends, places, key[:head:-1])}
    return list(map(words.__getitem__, sorted(found)))


def _is_common(e: Entry) -> bool:
    """An everyday Swedish word (or a known homograph) rather than mainly a name."""
    if e.cats and not e.cats <= NAMEISH_CATS:
        return True
    if e.zipf < T.COMMON:
        return False
    dominant = ((e.first_rank and e.first_rank < NO_RANK and e.zipf < T.VERY_COMMON) or e.country
                or e.se_pop >= T.SE_DOMINANT
                or e.se_pop >= T.SE_ATTESTED and e.zipf < T.DOMINANT_WORD
                or (e.surname_rank and e.surname_rank <= T.SURNAME_DOMINANT_RANK
                    and e.zipf < T.DOMINANT_WORD)
                or (e.place_kind in ("city", "exonym") and e.place_pop >= T.WORLD_DOMINANT
                    and e.zipf < T.DOMINANT_WORD)  # not "Medan", "Van": the word first
                or e.cats & NAMEISH_CATS and e.zipf < T.DOMINANT_WORD)
    return not dominant


class Cand:
    """A word being judged and what its context says.

    A class of slots, not a NamedTuple: the rules read its fields some 220,000 times a MultiGED
    pass, and CPython 3.11 specialises a slot's read (a few dozen instructions) but not a
    NamedTuple field's descriptor (about 190)."""

    __slots__ = ("doc", "i", "e", "key", "morph", "cap", "initial", "after_name", "place_ctx",
                 "name_ctx", "common", "named")

    def __init__(self, doc: Doc, i: int, e: Entry, key: str, morph: tuple[str, ...], cap: bool,
                 initial: bool, after_name: bool, place_ctx: int, name_ctx: bool, common: bool,
                 named: bool = False) -> None:
        self.doc, self.i, self.e, self.key, self.morph, self.cap = doc, i, e, key, morph, cap
        self.initial, self.after_name, self.place_ctx = initial, after_name, place_ctx
        self.name_ctx, self.common = name_ctx, common
        self.named = named  # right after a naming verb, or in a list of names after one

    def _replace(self, **changes: object) -> Cand:
        """A copy with the fields named changed, as a NamedTuple's `_replace`."""
        fields = {name: getattr(self, name) for name in Cand.__slots__}
        fields.update(changes)
        return Cand(**fields)  # type: ignore[arg-type]

    def __repr__(self) -> str:
        return "Cand(" + ", ".join(f"{name}={getattr(self, name)!r}" for name in Cand.__slots__) + ")"


def _name_beats_place(e: Entry) -> bool:
    """Out of context, a frequent name beats a small place of the same spelling, and a very
    frequent first name beats even a big one."""
    name_strong = (e.first_rank and e.first_rank <= T.STRONG_NAME_RANK) or (
        e.surname_rank and e.surname_rank <= T.STRONG_NAME_RANK)
    place_strong = (e.se_pop and e.place_kind in ("city", "municipality", "region")
                    or e.place_pop >= T.BIG_PLACE)
    return bool(name_strong and (not place_strong or e.first_rank
                                 and e.first_rank <= T.TOP_NAME_RANK))


def _plain(e: Entry) -> bool:
    """A frequent word with no name, place, country or institution reading."""
    return e.zipf >= T.COMMON and not (e.gender or e.surname_rank or e.place_kind or e.country
                                       or e.org_kind)


def _read(read: Callable[[Doc, int], object], doc: Doc, i: int) -> object:
    """`read(doc, i)`: how a read back to the sentence start is made where nothing notes it
    (`Matcher._far` notes it for the verdict windows)."""
    return read(doc, i)


def _topic_before(doc: Doc, i: int) -> bool:
    """A topic verb at most TOPIC_REACH words before the preposition just before token i, in
    its sentence ("pratade om", "… och om")."""
    topic = doc.last_before(doc.lex.words.folds["topic_verb"], i - 1)
    return topic >= 0 and i - 1 - topic <= T.TOPIC_REACH


def place_suffix(lex: Lexicon, low: str) -> str | None:
    """The label a Swedish place-name ending (-köping, -sjön, -gatan, -ö) suggests for the
    lower-cased word, or None."""
    for suffix, label in lex.suffixes.get("place_suffix", ()):
        if low.endswith(suffix) and len(low) >= len(suffix) + 3 + (len(suffix) < 2):
            return label or "city"
    return None


# the words before and after a word that `_place_context` reads further (beside none of them
# it gives 0: `Matcher._place_ctx`)
PLACE_CONTEXT_BEFORE = ("area_word", "region_word", "compass_word", "place_trigger.prep",
                        "district_preposition", "geo_preposition", "place_trigger.visit",
                        "topic_preposition", "list_word", "place_statement.locating")
PLACE_CONTEXT_AFTER = ("place_statement.locating", "place_statement.kind")


def _kin_of(doc: Doc, i: int) -> bool:
    """"Jag är pappa till Shapla", "det betyder dotter till Bakyt", "hon är mormor till
    Phenyo": after a kin or family word and "till" said of someone (`kin_of_verb` before it),
    the word is the person whose kin that is, not where someone goes ("åkte med pappa till
    hjo", "åkte med en vän till Borås"); so in an apposition ("Jag heter Ali Musa, pappa till
    Rizki") or opening a sentence ("En kollega till Shanique kände …")."""
    W = doc.lex.words.folds
    return i >= 3 and doc.folds[i - 1] in W["kin_of_preposition"] \
        and (doc.folds[i - 2] in W["name_trigger.kin"]
             or doc.folds[i - 2] in W["name_trigger.social"]
             or doc.lex.marks.get(doc.texts[i - 2].lower()) == "fam") \
        and (doc.folds[i - 3] in W["kin_of_verb"] or doc.texts[i - 3] == ","
             or i - 3 in doc.starts and doc.folds[i - 3] in W["apposition_article"])


def _after_place_preposition(doc: Doc, i: int, j: int, after: list[str]) -> int:
    """2 when the place preposition at token j follows a verb of living, going or staying
    (past adverbs and vehicles: "bor fortfarande i", "tog bussen till") or the word i is
    placed within a country or region after it; else 1: `_place_context`'s reading of a word
    right after "i", "på", "vid"."""
    folds, W = doc.folds, doc.lex.words.folds
    ENDS = doc.lex.words.ends
    k = j - 1
    ridden = False  # a line or vehicle skipped: "tar pågatåg till", "tog bussen till"
    stayed = False  # "är kvar i": the verb to be says where someone stays
    # "sen åkte vi till", "tog vi buss till": the subject after its verb of going (only before
    # "till": "bor vi i X" keeps its reading)
    inverted = folds[j] not in W["unheard_goal_preposition"]
    while k >= 0 and (not doc.texts[k][0].isalnum() or folds[k] in W["place_adverb"]
                      or folds[k] in W["transport_word"] or folds[k] == "med"
                      or k and folds[k] in W["companion_object"] and folds[k - 1] == "med"
                      or folds[k].endswith(ENDS["transport_ending"])
                      or doc.texts[k].isdigit() and k and folds[k - 1] in W["transport_word"]
                      or not inverted and k and k not in doc.starts
                      and folds[k] in W["personal_pronoun"] and doc.texts[k].islower()):
        inverted = inverted or folds[k] in W["personal_pronoun"]
        ridden = ridden or doc.texts[k][0].isalnum() and folds[k] != "med" \
            and folds[k] not in W["place_adverb"] and folds[k] not in W["personal_pronoun"] \
            and folds[k] not in W["companion_object"]
        stayed = stayed or folds[k] in W["stay_adverb"]
        k -= 1  # "bor fortfarande i", "åkte skoter till", "åka med färja till", "tar buss 1 från",
        # "flydde med mig till" (the company taken along)
    if k >= 0 and (folds[k] in W["place_trigger.verb"] or folds[k] in W["place_within"]
                   or ridden and folds[k] in W["ride_verb"]
                   or stayed and folds[k] in W["be_verb"]
                   or folds[k] in W["water_verb"] or folds[k] in ("har", "hade") and j - k == 1):
        return 2  # "bor i X", "ett flyktingläger i X", "badar i X"
    if len(after) > 1 and after[0] in W["place_trigger.prep"] \
            and doc.entries[i + 2].country not in ("", "SE"):
        return 2  # "var i dadaab i kenya": a place within a country abroad
    if len(after) > 2 and after[0] in W["locating_preposition"] \
            and (after[1] in W["region_word"] or after[1] in doc.lex.words("kind_noun", "geo")):
        return 2  # "från remla på ön X", "i tula i provinsen X": within an island or a
        # region named after it
    return 1


def _place_context(doc: Doc, i: int, ask: Callable = _read) -> int:
    """2 after "bor i"/"flyttade till"-like phrases or before "ligger i", "är en stadsdel"; 1
    after a bare place preposition; else 0 (also after a kin word's "till": `_kin_of`)."""
    folds, W = doc.folds, doc.lex.words.folds
    ENDS = doc.lex.words.ends
    if _kin_of(doc, i):
        return 0
    after = folds[i + 1:i + 5]
    if len(after) > 1 and (
            after[0] in W["place_statement.locating"] and (
                after[1] in W["locating_preposition"] or len(after) > 2
                and after[1] in W["locating_adverb"]
                and (after[2] in W["locating_preposition"] or after[2] in W["place_trigger.prep"]))
            or after[0] in W["place_statement.kind"] and after[1] in ("en", "ett")
            and any(w in W["place_kind_noun"] for w in after[2:])) \
            and not (folds[i].endswith(ENDS["definite_ending"]) and doc.entries[i].zipf >= T.DEFINITE_NOUN_MIN):
        return 2  # "Berga ligger utanför stan", "Vallby är en stadsdel"; not "Affären ligger"
    j = i - 1
    if j >= 0 and (folds[j] in W["area_word"] or folds[j] in W["region_word"]
                   or folds[j] in W["compass_word"] and doc.entries[i].country):
        return 1  # "i stadsdelen Praga", "i provinsen Fars", "Podlasie, östra polen"
    if j >= 1 and folds[j] in W["compass_word"]:
        j -= 1  # "i norra kurdistan", "i väst afganistan"
    if j >= 0 and folds[j] in W["district_preposition"] and _swedish_town(doc.entries[i]) \
            and _after_place_preposition(doc, i, j, after) == 2:
        return 2  # "jobbar på åre", "bor på sälen": a resort, island or fell town is lived
        # and worked "på" (a bare "på" before a town's word stays a word: "på mora")
    if j >= 0 and (folds[j] in W["place_trigger.prep"] or folds[j] in W["district_preposition"]
                   and "district" in doc.entries[i].cats
                   or (folds[j] in W["district_preposition"] or folds[j] in W["geo_preposition"])
                   and (not doc.entries[i].zipf
                        and (place_suffix(doc.lex, doc.texts[i].lower()) in ("city", "geo")
                             or doc.entries[i].place_country not in ("", "SE"))
                        or doc.entries[i].cats & CURATED_PLACES)):
        # "bor på hisingen", "på hästö": a district or an unknown island or village;
        # "bakom sharrbergen", "vid johannisberg": an unknown mountain, lake, river or village;
        # "badar vid ivö": a listed island, lake or park (not the name Ivo); "i skogen vid
        # nador": a town abroad that is no word at all
        return _after_place_preposition(doc, i, j, after)
    if j >= 0 and folds[j] in W["place_trigger.visit"]:
        return 2
    if j >= 1 and folds[j] in W["place_statement.locating"] and doc.texts[i][:1].isupper() \
            and i not in doc.starts and folds[j - 1] not in W["personal_pronoun"] \
            and not doc.texts[j - 1][:1].isupper() \
            and not (folds[i].endswith(ENDS["definite_ending"]) and doc.entries[i].zipf >= T.DEFINITE_NOUN_MIN):
        return 1  # "Nära stan ligger Persepolis": a place after an inverted "ligger" (not
        # after its subject, "Kalle ligger", "hon ligger", nor a noun: "ligger Pennan")
    if j >= 1 and folds[j] in W["topic_preposition"] and doc.texts[i][:1].islower() \
            and ask(_topic_before, doc, i):
        return 1  # "pratade om mogadishu", "… och om lviv" (a capitalised name there is a
        # person's: "om Maria")
    return 1 if _listed_after_place(doc, i) else 0


def _swedish_town(e: Entry) -> bool:
    """A Swedish town or village the lists hold (a resort, "Åre", "Sälen", or a town on an
    island): what a verb of living, going or working and "på" may name."""
    return e.place_kind == "city" and e.place_country == "SE"


def _listed_after_place(doc: Doc, i: int) -> int:
    """"i tösse och fengersfors", "i berga, ruda och kvarnmåla": a lower-case word no list or
    count knows, listed after the places a bare place preposition introduced (one, or several
    apart by commas, each a place or a word no count knows), is the next place. How many
    places stand before it (0: none, no such list)."""
    folds, W, j = doc.folds, doc.lex.words.folds, i - 1
    if not (j >= 2 and folds[j] in W["list_word"] and doc.texts[i][:1].islower()
            and not doc.entries[i].zipf and not doc.entries[i].cats):
        return 0
    k = j - 1  # each earlier member, from the last: a place or a word no count knows
    for members in range(1, T.PLACE_LIST_MEMBERS + 1):
        if not (doc.texts[k].isalpha() and (doc.entries[k].place_kind or not doc.entries[k].zipf)):
            return 0
        if k >= 1 and folds[k - 1] in W["place_trigger.prep"] and doc.texts[k - 1].islower():
            return members
        if k < 3 or doc.texts[k - 1] != ",":
            return 0
        k -= 2
    return 0


def hiring_at(doc: Doc, i: int) -> bool:
    """"Abba i kungshamn söker folk", "volvo i Olofström behöver personal": a word before "i",
    a town and an employer's verb with the staff it takes on names the workplace hiring."""
    folds, entries, n = doc.folds, doc.entries, len(doc.texts)
    W = doc.lex.words.folds
    return i + 4 < n and folds[i + 1] == "i" and bool(entries[i + 2].place_kind) \
        and folds[i + 3] in W["hiring_verb"] and folds[i + 4] in W["hiring_object"] \
        and folds[i] not in W["personal_pronoun"] and folds[i] not in W["function_word"]


def _institution_context(doc: Doc, i: int) -> str | None:
    """"jobbar på X", "praktik hos X", "jobbar extra på X", "jobbar som städare på X" -> work;
    "studerar vid X", "går på X", "går fortfarande på X" -> school. A work word anywhere in the
    clause before the preposition decides (a few words back, not past punctuation); a study or
    school verb only right before it or past one adverb."""
    folds, words = doc.folds, doc.lex.words
    W = words.folds  # (its categories read directly: this runs for every "på", "för", "hos")
    if i < 2 or folds[i - 1] not in W["institution_preposition"]:
        return None
    if folds[i - 2] in words.union("work_word", "work_start"):
        return "work"
    verb = i - 3 if i >= 3 and folds[i - 2] in W["place_adverb"] else i - 2
    if verb >= 1 and folds[verb] in W["inverted_subject"]:
        verb -= 1  # "förra året gick jag på hvitfeldtska"
    if folds[verb] in words.union("study_verb", "school_verb") and folds[i - 1] != "hos":
        return "school"
    work, preps, texts, starts = W["work_word"], W["place_trigger.prep"], doc.texts, doc.starts
    for k in range(i - 2, max(-1, i - 2 - T.WORK_CLAUSE), -1):
        if k == i - 2 and texts[k] == "," and k + 1 not in starts:
            continue  # "jobbar helger som barista, på espresso house": the place added on
        if not texts[k][0].isalnum() or k + 1 in starts:
            break
        if folds[k] in work and not (k and folds[k - 1] in preps):  # not "i praktiken"
            return "work"
        if folds[k] in W["driven_vehicle"] and k and folds[k - 1] in W["drive_verb"]:
            return "work"  # "kör buss för nobina", "körde lastbil på X": driving for a living
        if folds[k] in W["institution_preposition"] and folds[i - 1] in W["locating_preposition"] \
                and (_named_object(doc, k + 1) or _kind_between(doc, k + 1, i - 1)):
            return None  # "jobbar på ica på storheden", "på ett litet kafé på Knäppingsborg":
            # the first names the workplace, the second where it is (but "på Institutionen
            # för geovetenskaper": one name)
    return "work" if stated_profession(doc, i - 2) else None


def _kind_between(doc: Doc, start: int, end: int) -> bool:
    """An article, then a workplace's kind word among tokens start..end-1 ("ett litet kafé",
    "en restaurang"): the workplace is that one, unnamed (but "jobbar på lager på Höglands
    Trä": the company is named after the bare noun)."""
    words = doc.lex.words
    kinds = words("kind_noun", "work", "school", "other_institution")
    return doc.folds[start] in words("apposition_article") \
        and any(f in kinds for f in doc.folds[start + 1:end])


def _named_object(doc: Doc, k: int) -> bool:
    """Token k may name an institution (capitalised, rare or listed as one), not a time or an
    everyday place ("jobbar på helgen på X", "på ett lager på X")."""
    e = doc.entries[k]
    return doc.texts[k][:1].isupper() or bool(e.org_kind) or e.zipf < T.COMMON and not e.cats


def apposed_business(doc: Doc, k: int) -> bool:
    """"lagar mat på pachamama kök, en liten peruansk restaurang": token k is followed by a
    comma, an article, a few lower-case words and a business kind, which says the words before
    the comma name a business (though no work word goes before them)."""
    W, texts, n = doc.lex.words.folds, doc.texts, len(doc.texts)
    if k + 3 >= n or texts[k + 1] != "," or doc.folds[k + 2] not in W["apposition_article"]:
        return False
    for j in range(k + 3, min(n, k + 4 + T.APPOSITION_WORDS)):
        if doc.folds[j] in W["business_head"]:
            return True
        if not (texts[j].isalpha() and texts[j].islower()):
            return False
    return False


def apposed_kind(doc: Doc, k: int) -> bool:
    """"jobbar på forsmark, kärnkraftverket", "på hylte bruk, pappersbruket": token k is
    followed by a comma and a workplace's kind in the definite form (`workplace_apposition`,
    also as the head of a compound), which says the words before the comma name it."""
    return k + 2 < len(doc.texts) and doc.texts[k + 1] == "," \
        and bool(doc.lex.words.ending("workplace_apposition", doc.folds[k + 2]))


def _town_after(doc: Doc, k: int) -> bool:
    """"kock på rasta i Ödeshög", "jobbar på carlsberg i falkenberg": token k is followed by
    "i" and a Swedish town, where the workplace named by token k lies."""
    return k + 2 < len(doc.texts) and doc.folds[k + 1] == "i" \
        and doc.entries[k + 2].place_kind in ("city", "municipality") \
        and doc.entries[k + 2].place_country == "SE"


def _work_before(doc: Doc, i: int) -> bool:
    """A work word before token i in its sentence."""
    return doc.last_before(doc.lex.words.folds["work_word"], i) >= 0


def _at_shop(doc: Doc, i: int, after: int = 0) -> bool:
    """"utanför coop forum", "träffades vid hemköp", "praktik hos ica kvantum": a chain's name
    (token i on, ending before token `after`, by default the next) in lower case after a shop
    preposition is the shop — unless it is only shopped at (`only_shopped`), which the gold
    sets leave unlabelled."""
    W = doc.lex.words
    return i > 0 and doc.folds[i - 1] in W.folds["shop_preposition"] \
        and doc.folds[i] in W.folds["shop_chain"] and not only_shopped(doc, i, after)


def only_shopped(doc: Doc, i: int, after: int = 0) -> bool:
    """"vi handlar på Coop", "mat vi köper på Lidl", "handla på ICA Maxi": a chain (token i,
    its name ending before token `after`, by default the next) after a shop preposition in a
    sentence with a shopping verb and no work word is only shopped at, in any case; the gold
    sets leave it unlabelled. Not where a capitalised word follows, nor a branch's name in
    lower case (`branch_named`): the branch's owner or place ("ICA Kvantum Lindqvist", "Willys
    Hemma Rinkeby") is replaced with it."""
    W, k = doc.lex.words, after or i + 1
    return i > 0 and doc.folds[i - 1] in W.folds["shop_preposition"] \
        and doc.folds[i] in W.folds["shop_chain"] and _shopped(doc, i) \
        and not (k < len(doc.texts) and doc.texts[k][:1].isupper() and k not in doc.starts) \
        and not branch_named(doc, i, k)


def branch_named(doc: Doc, i: int, k: int) -> bool:
    """Token k, right after a chain's name (token i on, `shop_chain`) in lower case, names its
    branch: a surname (the owner's: "ica nära svensson") or a Swedish place ("willys hemma
    rinkeby", "coop ludvika"), no function word. Left out, the owner's name would leak."""
    if k >= len(doc.texts) or k in doc.starts or doc.folds[i] not in doc.lex.words.folds[
            "shop_chain"] or not doc.texts[k].isalpha() or not doc.texts[k].islower() \
            or doc.space(k - 1) != " " or doc.folds[k] in doc.lex.words.folds["function_word"]:
        return False
    e = doc.entries[k]
    return bool(e.surname_rank) or e.place_country == "SE" and bool(e.place_kind)


def _shopped(doc: Doc, i: int) -> bool:
    """A shopping verb and no work word before token i in its sentence."""
    W = doc.lex.words
    return doc.last_before(W("shopping_verb"), i) >= 0 and doc.last_before(W("work_word"), i) < 0


def stated_profession(doc: Doc, k: int) -> bool:
    """Token k is an occupation stated about someone: "(jobbar) som städare", "är (en bra)
    undersköterska", "var lärare" — so "på X" after it names the workplace."""
    return k >= 1 and doc.texts[k][0].isalnum() \
        and doc.lex.mark_of(doc.texts[k].lower()) == "prof" and profession_context(doc, k)


def profession_context(doc: Doc, k: int) -> bool:
    """A profession verb ("jobbar som", "är", "blev") before token k, past fillers ("en bra")."""
    folds, W = doc.folds, doc.lex.words.folds
    j = k - 1
    while j >= 0 and k - j <= 3 and folds[j] in W["profession_filler"]:
        j -= 1
    return j >= 0 and folds[j] in W["profession_verb"]


# `Matcher._mark`'s bits
# the word lists after which a rarer lower-case everyday word is judged (`Matcher._todo`)
RARE_WATCH = ("place_trigger.prep", "naming_verb", "name_object", "saying_verb", "saying_filler",
              "compass_word", "institution_preposition",
              # "min chef orvar Bock", "min dotter kia är tretton" (`_owned_middling_name`)
              "name_trigger.kin", "name_trigger.social")
TODO, RARE, WATCH, SINGLE, LOWER, ALPHA, CONTEXT_BEFORE, CONTEXT_AFTER = (1 << n for n in range(8))
# both TODO and RARE: an everyday phrase word in lower case, `plain_starts` ("är", "det", "på")
PLAIN = TODO | RARE
SKIPPED = ("-", ".")  # the tokens a run of words passes over (`_word_run`)


def _word_run(doc: Doc, i: int, most: int) -> tuple[tuple[str, ...], list[int]]:
    """The folds of up to `most` words from token i on, a "-" or "." between them skipped (any
    other token ends the run), and the index after each."""
    folds = doc.folds
    words: list[str] = []
    ends: list[int] = []
    j = i
    while len(words) < most and j < len(folds):
        if doc.texts[j][0].isalnum():
            words.append(folds[j])
            ends.append(j + 1)
        elif folds[j] not in SKIPPED:
            break
        j += 1
    return tuple(words), ends


def _follows_name(doc: Doc, i: int, last: int) -> bool:
    """Token i comes right after the name ending at token `last`, or after it and an initial
    ("Amina Y. Yusuf", "Yonas T Gebremedhin"): a later part of the same name; not the first
    word of the next line ("timur och madina" as a heading, then "Timur går i tvåan")."""
    if last == i - 1:
        return "\n" not in doc.space(last)
    k = i - 1 - (doc.texts[i - 1] == ".")
    return k == last + 1 and len(doc.texts[k]) == 1 and doc.texts[k].isupper()


def _gender_hint(doc: Doc, i: int) -> str | None:
    """"min mamma heter X", "din syster X", "X och hon är 61": a gendered word before an unknown
    name, or the first personal pronoun after it in its sentence, tells its gender; so does a
    particle of descent right after it ("Nurul binti Hassan": daughter of, "Rasul oğlu": son of)."""
    folds = doc.folds
    if i + 1 < len(folds) and folds[i + 1] in doc.lex.words.value("descent_gender"):
        return doc.lex.words.value("descent_gender")[folds[i + 1]]
    kin = kin_gender(doc, i)
    if kin:
        return kin
    for j in range(i + 1, min(len(folds), i + 7)):
        if j in doc.starts or folds[j] in ("jag", "du", "vi", "ni", "de") or doc.entries[j].gender:
            break
        if folds[j] in ("hon", "han"):
            return "female" if folds[j] == "hon" else "male"
    return None


def _org_role(doc: Doc, i: int, label: str, kind: str | None = None) -> str:
    """An institution is `work` in a sentence about working there ("praktik på Sahlgrenska",
    "jobbar på en avdelning på Länssjukhuset Ryhov"); a known hospital, bank or authority
    (`kind`) is otherwise `other_institution` ("remiss till Sahlgrenska", "konto i Nordea").
    A known university is `work` only right after working there ("jobbar på Karolinska
    Institutet", not "började på" nor "studerar på X och jobbar på Y"); another school only
    after a verb of working ("jobbar som lärare på Strömstad gymnasium"; "nytt jobb på
    Katedralskolan", "arbetspass som vikarie på Ryds förskola" stay `school`, the gold sets'
    convention)."""
    if label == "school":
        at_work = works_at(doc, i) or _fronted_work(doc, i) or _profession_at(doc, i)
        return "work" if at_work and (kind == "university" or _work_verb_before(doc, i)) \
            else label
    if i and doc.folds[i - 1] in doc.lex.words.folds["go_between"] and kind not in (None, "company"):
        # "söker jobb via Arbetsförmedlingen", "praktik genom arbetsförmedlingen": the
        # authority helps with the work; it is not where one works
        return "other_institution"
    if doc.last_before(doc.lex.words.folds["work_word"], i) >= 0 or _profession_at(doc, i) \
            or _fronted_work(doc, i) or works_at(doc, i):
        # also "Faadumo är sjuksköterska på (norrtälje) sjukhus", "kör taxi för X"
        return "work"
    if kind is None:
        return label
    return "work" if kind == "company" else "other_institution"


def _work_verb_before(doc: Doc, i: int) -> bool:
    """A verb of working in the clause before the preposition at token i-1 ("jobbar som
    lärare på X", "han jobbar på X"), within T.WORK_CLAUSE words."""
    verbs = doc.lex.words.folds["work_word.verb"]
    for k in range(i - 2, max(-1, i - 2 - T.WORK_CLAUSE), -1):
        if not doc.texts[k][0].isalnum() or k + 1 in doc.starts:
            return False
        if doc.folds[k] in verbs:
            return True
    return False


def _profession_at(doc: Doc, i: int) -> bool:
    """"Faadumo är sjuksköterska på (norrtälje) sjukhus", "jag är doktorand i geologi på
    Uppsala universitet": an occupation stated about someone just before the preposition of
    the institution at token i (past one word, or past its subject: "i geologi")."""
    return any(k >= 1 and doc.folds[k] in ("pa", "hos", "vid") and stated_profession(doc, k - 1)
               for k in (i - 1, i - 2)) or i >= 5 and doc.folds[i - 1] in ("pa", "vid") \
        and doc.folds[i - 3] == "i" and stated_profession(doc, i - 4)


def _fronted_work(doc: Doc, i: int) -> bool:
    """"På blekingesjukhuset jag jobbar på kirurgen", "Hos ICA jag har praktik": a sentence
    that opens with the preposition and the institution at token i, a work word after it in the
    clause (the learners' verb-third order)."""
    if not i or i - 1 not in doc.starts \
            or doc.folds[i - 1] not in doc.lex.words.folds["institution_preposition"]:
        return False
    work = doc.lex.words.folds["work_word"]
    for k in range(i + 1, min(len(doc.texts), i + 1 + T.NAME_WORDS_MAX)):
        if k in doc.starts:
            return False
        if doc.folds[k] in work:
            return True
    return False


def _institution_role(doc: Doc, i: int) -> str | None:
    """`work` or `school` after "på"/"hos"/"vid" in a sentence about working or studying
    (`other_institution` where the profession is a role introducing a person: "min läkare på"):
    "söker sommarjobb som ingenjör på X", "var jag truckförare på X", "läser maskinteknik på X".
    A work word anywhere in the sentence decides; else the nearer of a study verb and a stated
    profession."""
    if not i or doc.folds[i - 1] not in ("pa", "hos", "vid"):
        return None
    if doc.last_before(doc.lex.words.folds["work_word"], i) >= 0:
        return "work"
    school = doc.last_before(doc.lex.words.union("study_verb", "school_verb"), i)
    prof = doc.last_marked("prof", i)
    if school < 0 and prof < 0:
        return None
    if school >= prof:
        return "school"  # a study verb first when one word is both
    if prof and doc.texts[prof - 1].lower() in doc.lex.words.surface("possessive") \
            or doc.folds[prof].endswith(doc.lex.words.ends["definite_ending"]):
        return "other_institution"  # "min läkare på NÄL", "läkaren på NÄL": a role, one visited
    return "work"


def works_at(doc: Doc, i: int) -> bool:
    """Token i is where someone works, said right before it ("jobbar på X"), not where someone
    began ("började på X" a university is studying there)."""
    return _institution_context(doc, i) == "work" and not (
        i >= 2 and doc.folds[i - 2] in doc.lex.words.folds["work_start"])


def _initial_before(doc: Doc, i: int) -> int:
    """The index of a capital initial right before token i ("heter J. Ek", "A Berg"), else i."""
    k = i - 1 - (i >= 2 and doc.texts[i - 1] == ".")
    text = doc.texts[k] if k >= 0 else ""
    return k if len(text) == 1 and text.isupper() and text.isalpha() else i


def _called(doc: Doc, i: int) -> bool:
    """The word follows a naming verb and the person named: "kallar mig", "kallar henne",
    "de kallade honom"."""
    W = doc.lex.words.folds
    return i >= 2 and doc.folds[i - 1] in W["name_object"] \
        and (doc.folds[i - 2] in W["name_trigger.verb"] or doc.folds[i - 2] in W["calling_verb"])


def _said_to_person(doc: Doc, i: int) -> bool:
    """"vi säger salta till Saltanat", "alla säger abdi till honom": the word said is followed
    by a `nickname_tail` and the person it is said to (a capitalised given name inside the
    sentence, or "honom", "henne"): the word is that person's name, as after a naming verb."""
    j = i + 2
    if j >= len(doc.folds) or doc.folds[i + 1] not in doc.lex.words.folds["nickname_tail"]:
        return False
    return doc.folds[j] in doc.lex.words.folds["name_object"] or bool(doc.entries[j].gender) \
        and doc.texts[j][:1].isupper() and j not in doc.starts


def _name_context(doc: Doc, i: int, marks: dict[str, str]) -> bool:
    """After "heter", "kompis", "min bror", "87-åriga" (optionally with a comma, or an
    initial: "min chef heter A. Berg"), "mitt namn är", "är pappa till": a person."""
    if _kin_of(doc, i):
        return True
    j = _initial_before(doc, i) - 1
    while j >= 0 and doc.texts[j] in {",", ":"}:
        j -= 1
    W = doc.lex.words.folds
    if j >= 1 and doc.folds[j] in W["naming_adverb"] and doc.folds[j - 1] in W["name_trigger.verb"]:
        j -= 1  # "hon heter verkligen Juni", "han heter också Ali"
    if j >= 1 and doc.folds[j] in W["name_copula"] and doc.folds[j - 1] in W["name_trigger.verb"]:
        j -= 1  # "mitt namn är hussein", "mitt efternamn är ali"
    elif _called(doc, j + 1):
        j -= 1  # "alla kallar mig Zuzu", "vi kallar henne Gosia"
    elif _exonym_slot(doc, j + 1):
        return False  # "serber säger Đakovica", "ni säger Wien": a people's name for a place
    return j >= 0 and ("name_trigger" in doc.entries[j].cats
                       or doc.folds[j][:1].isdigit() and AGED.fullmatch(doc.folds[j])
                       or marks.get(doc.texts[j].lower()) == "fam"
                       or _possessed_kin(doc, j))


def _kin_apposed(doc: Doc, i: int) -> bool:
    """"juni, hans kompis från klassen, dansade", "Maj, min granne, bakar": a kin or friend
    word with its owner in apposition right after token i, between commas, says token i is
    that person (a month or feast word that is also a given name among them); so does one
    after "är" when token i opens the sentence ("Bayram är min mans bror")."""
    texts, folds = doc.texts, doc.folds
    if i in doc.starts and i + 3 < len(texts) and folds[i + 1] in doc.lex.words.folds["be_verb"] \
            and folds[i + 2] in doc.lex.words.folds["possessive"]:
        k = i + 3 + (i + 4 < len(texts) and (
            folds[i + 3] in doc.lex.words.folds["kin_adjective"]  # "min bästa vän"
            or texts[i + 3].lower().endswith("s")  # "min mans bror"
            and doc.lex.mark_of(texts[i + 3].lower()[:-1]) == "fam"))
        return doc.lex.mark_of(texts[k].lower()) == "fam"
    if not (i + 3 < len(texts) and texts[i + 1] == "," and i + 1 not in doc.starts
            and folds[i + 2] in doc.lex.words.folds["possessive"]
            and doc.lex.mark_of(texts[i + 3].lower()) == "fam") \
            or i and folds[i - 1] in doc.lex.words.folds["month_preposition"]:
        return False  # (not "I juni, min bror och jag åkte": a month after its preposition)
    # the apposition closes with a comma a few words on ("min granne, bakar"), before any "och"
    for k in range(i + 4, min(len(texts), i + 4 + T.APPOSITION_REACH)):
        if texts[k] == ",":
            return True
        if folds[k] == "och" or k in doc.starts:
            return False
    return False


def _possessed_kin(doc: Doc, j: int) -> bool:
    """Token j is a kin word spelt like a Swedish word or name, with its owner right before it
    ("min eje gözel", "min kaka batyr", "min hanna mabrouka"): the word after it is that
    person, as after "min syster"; without the owner it is the word ("en kaka")."""
    W = doc.lex.words
    return j >= 1 and doc.folds[j] in W.folds["possessed_kin"] \
        and doc.texts[j - 1].lower() in W.surface("possessive")


def _exonym_slot(doc: Doc, i: int) -> bool:
    """Token i follows a people's word (or "ni", "man") and a reporting or calling verb:
    "serber säger Đakovica", "turkarna säger tunceli", "ni säger Wien", "som svenskarna kallar
    Nicaraguasjön": what they call the place just named."""
    W = doc.lex.words.folds
    return i >= 2 and (doc.folds[i - 1] in W["name_trigger.report"]
                       or doc.folds[i - 1] in W["calling_verb"]
                       or doc.folds[i - 1] in W["name_trigger.verb"]) \
        and (doc.folds[i - 2] in W["exonym_subject"] or "nationality" in doc.entries[i - 2].cats)


class NameOpeners(dict):
    """Spelling -> whether a token so spelt may start `_name_context`'s reads for the word
    after it: the punctuation or initial it looks past, a copula or a person named (it looks
    further back), a naming trigger, an age, a kin word (all it reads of a word it stops at).
    Any other word before a word gives False there: the test is skipped (at most
    REMEMBERED_WORDS spellings kept)."""

    def __init__(self, lex: Lexicon) -> None:
        super().__init__()
        self.lex = lex
        self.words = lex.words.union("name_copula", "name_object", "kin_of_preposition",
                                     "possessed_kin", "naming_adverb")

    def __missing__(self, text: str) -> bool:
        key = FOLDS[text]
        opens = text in (".", ",", ":") or len(text) == 1 and text.isupper() and text.isalpha() \
            or key in self.words or "name_trigger" in self.lex.get(key).cats \
            or key[:1].isdigit() or self.lex.marks.get(text.lower()) == "fam"
        if len(self) < T.REMEMBERED_WORDS:
            self[text] = opens
        return opens


class PhraseNext(dict):
    """First word of a phrase -> the second words of its phrases, made on first ask: an
    essay asks of a few hundred of the lexicon's 5,000 first words, and making them all cost
    each process more than its essays' asks (`_phrase_span`)."""

    def __init__(self, phrases: dict[str, list[tuple[tuple[str, ...], Entry]]]) -> None:
        super().__init__()
        self.phrases = phrases

    def __missing__(self, first: str) -> frozenset[str]:
        found = self.phrases.get(first)
        if found is None:
            return NO_WORDS
        nexts = self[first] = frozenset(p[1] for p, _ in found)
        return nexts


def listed_name(e: Entry) -> str | None:
    """The name label of a word the name lists hold: a given name of its sex unless its surname
    rank is far better (SURNAME_RANK_EDGE: Holm is a surname, though a German given name too),
    else a surname; None for a word neither list holds."""
    first = e.gender and not (e.surname_rank
                              and e.surname_rank * T.SURNAME_RANK_EDGE < e.first_rank)
    return FIRSTNAME[e.gender] if first else "surname" if e.surname_rank else None


class Matcher:
    """Holds the lexicon and a misspelling cache; one per engine. `detects=False` makes one
    for the word tests alone (compound stems, misspellings, the vocabulary: the context rules'
    `stems`), without the tables detection reads (20 M instructions of each start-up)."""

    def __init__(self, lex: Lexicon, detects: bool = True) -> None:
        self.lex = lex
        self.W, self.ENDS = lex.words.folds, lex.words.ends
        self.longest_common = lex.derived("longest_common", lambda: max(
            map(len, chain.from_iterable(lex.common_by_letter.values())), default=0))
        # pure functions of their arguments, asked again for every mention of a word
        self.lookup = lru_cache(maxsize=T.REMEMBERED_WORDS)(self._lookup)
        self._label_for = lru_cache(maxsize=T.REMEMBERED_WORDS)(self._label_for_uncached)
        self._split = lru_cache(maxsize=T.REMEMBERED_WORDS)(self._split_uncached)
        self._near_common = lru_cache(maxsize=T.REMEMBERED_WORDS)(self._near_common_uncached)
        self.quiet_homograph = lru_cache(maxsize=T.REMEMBERED_WORDS)(self._quiet_homograph)
        self._by_length: dict[tuple[str, str, int, int], list[str]] = {}  # `_near_length`
        self._lengths: dict[tuple[str, str], dict[int, list[tuple[int, str]]]] = {}  # by length
        self._one_edits: dict[str, dict[str, OneEdit]] = {}  # `_one_edit`, by table
        # Every word some rule or lexicon category lists as a word ("har", "och", "kompis"):
        # never a lower-case name, however rare the frequency list says it is.
        self.vocabulary = lex.derived("vocabulary", lambda: frozenset().union(*(
            words for cat, words in lex.words.folds.items() if cat not in NAMEISH_CATS | CODE_CATS
            and cat.partition(".")[0] not in ("unisex_name", "given_name", "family_name",
                                              "given_name_title", "family_first_surname"))))
        self.namelike = NameLikeness(lex)
        if detects:
            self._detection_tables(lex)

    def _verdict_tables(self, lex: Lexicon) -> None:
        """What decides whether a word's verdict is judged again or remembered: the rules'
        neighbours, the long-essay verdicts, the everyday endings and the watched rare words."""
        # A lower-case word with none of these before or after it (and no name just before it)
        # is judged by its spelling alone: its verdict is remembered (`_alone`) and reused.
        self.context_before = lex.derived("context_before",
                                          lambda: neighbours(lex, RULES, "before"))
        self.context_after = lex.derived("context_after", lambda: neighbours(lex, RULES, "after"))
        self._alone: dict[str, bool] = {}
        # `_unknown`'s steps a word runs, by its spelling, its context flags and the step
        # tuple its neighbours gave (`STEP_WORD`, `STEP_PURE`; bounded as `_alone` is)
        self._plans: dict[tuple, tuple[tuple[Callable, ...], int]] = {}
        # A long essay's verdicts, remembered by context window (`Verdicts`); `asked` notes
        # the reads back to the sentence start a judgement made, with their answers (`_far`),
        # per thread: the threads of a release's worker share one engine.
        self.verdict_essay_min = T.VERDICT_ESSAY_MIN
        self._thread = threading.local()
        self.word_endings = self.ENDS["ordinary_ending"] + self.ENDS["verb_ending"]
        self.everyday_endings = self.ENDS["definite_ending"] + self.word_endings
        # a rare everyday word after these may still be a place or a name ("i mimi", "heter
        # mimi", "säger bara mimi", "jobbar på kockums", "i ghazni, afganistan"): `_todo` looks
        # at it, after a list word only where a town, region or country stands before it
        # (`_after_listed_place`): "och" and "," are everywhere
        watched = lex.words.union(*RARE_WATCH)
        self.rare_watch = watched | lex.words("list_word")
        self.list_watch = lex.words("list_word") - watched

    def _detection_tables(self, lex: Lexicon) -> None:
        """What `detect` reads besides the word tests: misspelling targets, the rules'
        neighbours, the everyday words skipped, the patterns over an essay's marks."""
        self._fuzzy = lru_cache(maxsize=200_000)(self._fuzzy_uncached)
        self._country_near = lru_cache(maxsize=T.REMEMBERED_WORDS)(self._country_near_uncached)
        # the fuzzy targets that are countries, by first letter (`_country_near`)
        self.country_targets = lex.derived("country_targets", lambda: {
            first: [t for t in targets if lex.entries[t].country]
            for first, targets in lex.fuzzy_targets.items()})
        self.longest_target = lex.derived("longest_target", lambda: max(
            map(len, chain.from_iterable(lex.fuzzy_targets.values())), default=0))
        for table in ("common", "fuzzy"):  # (asked here: `Engine.load` then keeps them)
            self._one_edit_table(table)
        self.institution_ends = tuple(sfx for sfx, _ in lex.suffixes.get("institution_suffix", ()))
        self.place_ends = tuple(sfx for sfx, _ in lex.suffixes.get("place_suffix", ()))
        # the kind nouns of places ("stad", "staden", "regionen"; not "skolan", "bussen")
        self.place_kind_nouns = frozenset(
            fold(w) for w, label in lex.words.value("kind_noun").items() if label in PLACE_LABELS)
        # `vocabulary` but the homographs ("lina", "sten"): words that are never a name at all
        # (a line's colour is one only before its line noun: "rosa linjen", not "rosa sa")
        self.vocabulary_words = lex.derived("vocabulary_words", lambda: frozenset().union(*(
            words for cat, words in lex.words.folds.items()
            if cat not in NAMEISH_CATS | CODE_CATS and cat.split(".")[0] not in (
                "unisex_name", "given_name", "family_name", "common_name_homograph",
                "line_colour"))))
        # ... nor those of a value-split name list ("geo.SE", "region.SE"): `_curated_geography`
        self.everyday_words = lex.derived("everyday_words", lambda: frozenset().union(*(
            words for cat, words in lex.words.folds.items() if cat.split(".")[0] not in NAMEISH_CATS
            | CODE_CATS | {"unisex_name", "given_name", "family_name", "common_name_homograph"})))
        self._verdict_tables(lex)
        # each phrase's second word, by its first: most words that start a phrase ("det",
        # "san") start none where they stand
        self.phrase_next = PhraseNext(lex.phrases)
        # and those of them that are everyday words with no reading ("det", "en"): where no
        # phrase follows, nothing takes one in lower case (`_u_frequent` rejects a lower-case
        # word this frequent that no gazetteer knows, and no step before it accepts one), nor
        # at a sentence start when it is one of `initial_plain` ("Det", "En"), as `_todo` skips
        self.plain_starts = lex.derived("plain_starts", lambda: frozenset(
            w for w in lex.phrases if w in lex.unnamed and _plain(self._lookup(w)[0])))
        # frequent words with no name, place or institution reading: nothing at a sentence start
        # (nor as a genitive, "Dels" may be a name's, nor hyphenated)
        self.initial_plain = lex.derived("initial_plain", lambda: frozenset(
            k for k in lex.unnamed if lex.entries[k].zipf >= T.INITIAL_WORD_MIN
            and "-" not in k and not (k[-1] == "s" and self._lookup(k)[1] != k)))
        self.initial_skipped = lex.derived("initial_skipped", lambda: frozenset(
            k for k in self.initial_plain if k not in lex.phrases))
        self.marks = Marks(self._mark)
        self._gate_tables(lex)

    def _step_tables(self, lex: Lexicon) -> None:
        """Which of `_unknown`'s steps a word runs, by the word before it and its case
        (`STEP_BEFORE`, `STEP_CASE`): the steps that would find nothing are never called."""
        # the words beside a lower-case word (no place, naming or name context) that the steps
        # before `_u_shape` read first: its preposition for `_u_workplace` (and `studied_at`),
        # `_u_lower_suffix`, `_u_city_part` and `_u_water`; a kin, social or family word or a
        # list word for `_u_lower_name`, which may also read a list word after it (not ","); a
        # bare street word after it for `_u_street_apart`
        # the kin and social words before an owned person's name ("min kompis zosia", "min
        # aka bekzod") for `_u_lower_name`
        self.owned_kin = lex.words.union("name_trigger.kin", "name_trigger.social",
                                         "possessed_kin")
        self.kin_heads = self.owned_kin | category_words(lex, "fam")  # (`_kin_genitives`)
        self.lower_steps_before = lex.words.union(
            "institution_preposition", "place_trigger.prep", "geo_preposition", "place_article",
            "water_preposition", "list_word", "sight_verb", "place_trigger.visit") \
            | self.owned_kin | category_words(lex, "fam")
        # (the words after it are `near_after`'s) ... and `_u_namelike_slot`'s: the
        # neighbours of a person's slot (a lower-case word starting its clause is judged too)
        self.slot_before = neighbours(lex, (NAMELIKE_SLOT,), "before")
        self.slot_after = neighbours(lex, (NAMELIKE_SLOT,), "after")
        self.lower_steps_before |= self.slot_before
        # the `NEAR_*` bits (`_near`) the word before and the word after give: a person's
        # slot's neighbours; `_u_lower_name`'s kin, social or family word before, its list
        # word before ("," too: "jag , deeqo gick") or after; `_u_street_apart`'s bare street
        # word after
        lists = lex.words("list_word")
        self.near_before = _bits((self.slot_before, NEAR_SLOT), (lists, NEAR_LIST), (
            self.owned_kin | category_words(lex, "fam"), NEAR_KIN))
        self.near_after = _bits((self.slot_after - {","}, NEAR_SLOT),
                                (self.slot_after & {","}, NEAR_COMMA), (lists - {","}, NEAR_LIST),
                                (lex.words("street_word_apart"), NEAR_STREET))
        # of those steps a capitalised word (not all capitals, which `_u_acronym` reads) runs
        # `_u_workplace` alone, after its preposition: the others act in lower case only
        self.capital_steps_before = lex.words.union("institution_preposition")
        # `LOWER_STEPS` and `CAPITAL_STEPS` by the word before, less the steps that read
        # another word there (`STEP_BEFORE`) or act on the other case (`STEP_CASE`)
        before = {step: lex.words.union(*cats) for step, cats in STEP_BEFORE.items()}

        def steps_after(word: str) -> tuple[tuple[Callable, ...], ...]:
            """A lower-case word's steps, a capitalised word's in full and from `_u_shape`."""
            return tuple(tuple(s for s in steps if (s not in before or word in before[s])
                               and STEP_CASE.get(s, cap) == cap)
                         for steps, cap in ((LOWER_STEPS, False), (LOWER_STEPS, True),
                                            (CAPITAL_STEPS, True)))

        self.steps_after = {w: steps_after(w) for w in frozenset().union(*before.values())}
        self.steps_alone = steps_after("")

    def _gate_tables(self, lex: Lexicon) -> None:
        """The words the gates before calls read: a test of the neighbours decides that a
        step would find nothing, derived from the words the step itself reads first."""
        # the words before a word that `_named` reads past it: a naming verb, a person named
        # ("kallar mig"), a saying verb's adverb (its verb is tested by its spelling), a
        # greeting, "från" (`_said_of_person`, `_nicknamed`, `_hailed`)
        self.naming_before = lex.words.union("naming_verb", "name_object", "saying_filler",
                                             "name_trigger.greeting", "own_name_noun",
                                             "surname_noun", "name_copula") | {"fran"}
        self.name_nouns = lex.words.union("own_name_noun", "surname_noun")  # `_own_name_said`
        # the words before a word that `_addressed` reads ("från", a greeting, "hos")
        self.addressing = lex.words.union("name_trigger.greeting", "home_preposition") | {"fran"}
        self.saying_verbs = lex.words.surface("saying_verb")
        # ... with the saying verbs' folds: `_named`'s gate before its call (a word after none
        # of these and with no personal pronoun two after it, "nunu kallar hon sig", is not
        # named unless listed)
        self.named_before = self.naming_before | frozenset(map(fold, self.saying_verbs)) \
            | lex.words.union("name_trigger.verb", "calling_verb")  # ("som alla kallar hamadi")
        self.name_openers = NameOpeners(lex)
        self.place_before = lex.words.union(*PLACE_CONTEXT_BEFORE)
        # of those the list words ("och", "eller") no other of its reads starts from: after one
        # (and no place statement after the word) `_place_context` reads `_listed_after_place`
        # alone
        self.place_list_only = lex.words("list_word") - lex.words.union(
            *(cat for cat in PLACE_CONTEXT_BEFORE if cat != "list_word"), "kin_of_preposition")
        self._step_tables(lex)
        self.place_after = lex.words.union(*PLACE_CONTEXT_AFTER)
        # the words before a word that `_place_reading`'s later reads start from: a reporting
        # verb (`_exonym_slot`), a comma or a list word (`_after_listed_place`)
        self.reading_before = lex.words.union("name_trigger.report", "list_word", "route_mark") | {","}
        # the words that are kin words spelt like names (`_kin_reading`'s first read)
        self.possessed_kin = lex.words.folds["possessed_kin"]
        # spouse words (`_spouse_named`: "min fru abla", a kin word of a learner's language as
        # the wife's name)
        self.spouse_words = lex.words.folds["writer_spouse"]
        # the words a greeting opening a line is made of (`_opening_greetings`), once
        self.greeting_words = (self.W["name_greeting"] | self.W["not_name"]) \
            - self.W["name_trigger.greeting"]
        # the prepositions `_local_places` reads the word after
        self.unheard_prepositions = self.W["unheard_place_preposition"] \
            | self.W["unheard_goal_preposition"]

    def _fuzzy_edits(self, key: str) -> int:
        """The edits `_fuzzy` allows a key (two from 8 letters), or 0 where it searches none:
        no target starts with its letter, under 6 letters, or longer than any target by more
        than two (two edits change the length by two at most: a hostile 1 MB word)."""
        if not self.lex.fuzzy_targets.get(key[0]) or len(key) < 6 \
                or len(key) > self.longest_target + 2:
            return 0
        return 1 if len(key) < 8 else 2

    def _fuzzy_uncached(self, key: str) -> str | None:
        # Two edits only towards places ("Götebrog"): a name that far off is another name.
        # One search within two edits finds the best within one as well (the first of the
        # closest: a target one edit off is no longer or shorter by more than one), where a
        # search within one edit first scanned half the same targets again.
        edits = self._fuzzy_edits(key)
        best = edits and process.extractOne(
            key, self._one_edit(key, "fuzzy") if edits == 1 else self._near_length(
                key[0], len(key), edits), scorer=OSA.distance, score_cutoff=edits)
        if best and (best[1] < 2 or not self.lex.entries[best[0]].gender):
            return best[0]
        return None

    def _country_near_uncached(self, key: str) -> bool:
        """Whether a country is among the targets `_fuzzy` searches for `key`, within its
        edits: where none is, its best target is no country, known without searching them
        all (`_misspelt_country` asks of every rare word no list holds)."""
        edits = self._fuzzy_edits(key)
        countries = edits and self._near_length(key[0], len(key), edits, "country")
        return bool(countries) and process.extractOne(
            key, countries, scorer=OSA.distance, score_cutoff=edits) is not None

    def _country_spelling(self, key: str) -> str | None:
        """The country a word no list holds misspells, after a place preposition: one edit
        off from COUNTRY_SPELLING_MIN letters, i and y alike ("Kenja", "Sudam", "Omaan",
        "Noreg", "Lybien"), where `_fuzzy` asks six letters and finds a town first."""
        if len(key) < T.COUNTRY_SPELLING_MIN or not key.isalpha():
            return None
        best = process.extractOne(key, self._near_length(key[0], len(key), 1, "country"),
                                  scorer=OSA.distance, score_cutoff=1, processor=_i_for_y)
        return best[0] if best else None

    def _near_length(self, first: str, length: int, edits: int, table: str = "fuzzy"
                     ) -> list[str]:
        """The fuzzy targets (`table` "common": the everyday words; "country": the countries
        among the fuzzy targets) starting with `first` whose length is within `edits` of
        `length`, in their order: `edits` edits change a word's length by as many at most, so the best within `edits` (the first of the closest) is the one
        among all targets. Made once per (letter, length, edits) from the letter's (position,
        target) pairs by length: the whole list cost a C-level step per target and word."""
        found = self._by_length.get((table, first, length, edits))
        if found is None:
            lengths = self._lengths.get((table, first))
            if lengths is None:  # made whole before it is kept: threads may share the engine
                lengths = {}
                for pair in enumerate(self._targets(table).get(first, ())):
                    lengths.setdefault(len(pair[1]), []).append(pair)
                self._lengths[table, first] = lengths
            found = self._by_length[table, first, length, edits] = [
                target for _, target in sorted(chain.from_iterable(
                    lengths.get(n, ()) for n in range(length - edits, length + edits + 1)))]
        return found

    def _lookup(self, key: str) -> tuple[Entry, str, tuple[str, ...]]:
        """(entry, canonical key, morphology attrs) for a folded word, or EMPTY."""
        lex = self.lex
        e = lex.entries.get(key)
        if len(key) > 3 and key[-1] == "s":
            base = lex.entries.get(key[:-1])
            # (a listed institution keeps its own -s: "jobbar på hägglunds" is the company,
            # not the genitive of the surname Hägglund)
            # (a man's or woman's name ending in -s keeps it when the shorter name is neither:
            # "min son Elis" is Elis, not the genitive of the neutral Eli)
            if base is not None and self._attested(base) and (
                    e is None or not self._attested(e) or e.zipf >= T.RARE and base.zipf > e.zipf
                    and not e.org_kind
                    and not (e.gender in GENDERED and base.gender not in GENDERED)):
                return base, key[:-1], ("gen",)
        if e is not None and (e.gender or e.surname_rank or e.place_kind or e.country or e.org_kind):
            return e, key, ()
        if "-" in key:
            parts = key.split("-")
            heads = [lex.entries.get(p, EMPTY) for p in parts]
            if all(h.gender for h in heads):
                # the whole is no everyday word: not the first part's frequency nor its homograph
                # reading ("med per-olov", not the word "per")
                cats = heads[0].cats - HOMOGRAPH
                return heads[0]._replace(cats=cats, value=heads[0].value if cats else "",
                                         zipf=e.zipf if e is not None else 0.0), key, ()
            if all(h.surname_rank or h.gender for h in heads):
                return heads[-1]._replace(gender=None, first_rank=0), key, ()
        return e or EMPTY, key, ()

    def _run_at(self, doc: Doc, i: int, spans: list[Span]) -> int:
        """The token after a car make's model or a known phrase starting at token i (the
        phrase's span, if any, added to `spans`), else 0: `detect` reads such a run whole and
        judges none of its words alone."""
        folds = doc.folds
        car = self._car(doc, i) if folds[i] in self.W["car_make"] else 0
        if car:  # "en Volvo V70", "en begagnad Toyota Corolla": a car, not a workplace
            return i + car
        # (a phrase's second word next, or a "-"/"." before it: `_word_run`; else none)
        if folds[i] in self.lex.phrases and i + 1 < len(folds) and (
                folds[i + 1] in self.phrase_next[folds[i]] or folds[i + 1] in SKIPPED):
            phrase, after = self._phrase_at(doc, i)
            if after and phrase is not None:
                spans.append(phrase)
            return after
        return 0

    def detect(self, doc: Doc) -> list[Span]:
        """The family's spans: each word `_todo` gives judged in its context (a car, a phrase,
        an excluded word decided first), then split names, middle names and initials."""
        spans: list[Span] = []
        folds = doc.folds
        prev_name_end, skip_to = -2, 0  # index of the last accepted person-name token
        phrases, alone, plain_starts = self.lex.phrases, self._alone, self.plain_starts
        lonely = self._lonely(doc)
        never, lists, cars = self.W["never_replaced"], self.W["list_word"], self.W["car_make"]
        starts, initial_plain, judge = doc.starts, self.initial_plain, self._judge(doc)
        titled = self._work_title(doc) | self._opening_greetings(doc)
        nexts, last = self.phrase_next, len(folds) - 1
        for i in self._todo(doc):
            if i < skip_to or i in titled:
                continue
            # (`_run_at`'s own first tests: three in five of the tokens here start a phrase,
            # "är", "det", "på", but almost never before one of its second words)
            key = folds[i]  # (read once: most tokens leave by the next two tests)
            if key in cars or key in phrases and i < last and (
                    folds[i + 1] in nexts[key] or folds[i + 1] in SKIPPED):
                after = self._run_at(doc, i, spans)
                if after:  # a car or a known phrase read whole: go on after it
                    skip_to = after
                    continue
            text = doc.texts[i]
            if key in plain_starts and (text[0].islower() or i in starts
                                        and key in initial_plain):
                continue  # no phrase here: an everyday word, as `_todo` skips the others
            lone = prev_name_end < i - 1 and i in lonely
            if lone and alone.get(text, False):
                continue
            e, ckey, attrs = self.lookup(key)
            cap = text[0].isupper() or "-" in text and self._capital(text)
            initial = i in doc.starts
            if cap and e.cats & EXCLUDED_CATS and self.lex.respelt(text, key, EXCLUDED_CATS):
                e = e._replace(cats=e.cats - EXCLUDED_CATS, zipf=0.0)  # "Hållö", not "hallo"
            if (ckey in never or e.cats & EXCLUDED_CATS
                    or attrs and doc.entries[i].cats & EXCLUDED_CATS and not text.isascii()) \
                    and not ((cap and not initial or _kin_apposed(doc, i))
                             and self._named_anyway(doc, i, e, prev_name_end)):
                self._excluded(doc, i, e, ckey, lone, spans)
                continue
            listed = prev_name_end == i - 2 and folds[i - 1] in lists
            span = judge(doc, i, e, ckey, attrs, cap, initial,
                         prev_name_end >= i - 3 and _follows_name(doc, i, prev_name_end),
                         listed)  # (a name three tokens back or nearer: a Python call)
            if lone:
                self._remember(text, span is None)
            if span is not None and span.label in ORG_LABELS and e.org_kind and not e.gender:
                if e.org_kind == "company" and only_shopped(doc, i):
                    continue  # "vi handlar på Coop": the gold sets leave a shop shopped at
                span = self._branch(doc, i, span, e)
                spans.append(span)
                skip_to = doc.index_at(span.end - 1) + 1
                continue
            if span is not None or spans and spans[-1].label in PLACE_LABELS:
                span = self._placed(doc, i, spans, span, e)
            if span is not None:
                spans.append(span)
                if span.label in NAME_RUN:
                    prev_name_end = i
        return self._local_places(doc, self._names_whole(doc, spans))

    def _excluded(self, doc: Doc, i: int, e: Entry, ckey: str, lone: bool,
                  spans: list[Span]) -> None:
        """A word no name reading may take: a country's own name said as its adjective is the
        country ("bodde i polska innan"); a word alone remembers that it named nobody."""
        if e.country and "country_alias" in e.cats and self._alias_country(doc, i):
            spans.append(COUNTRY_ADJECTIVE.span(doc.offsets[i], doc.ends[i], "country", key=ckey))
        elif lone:
            self._remember(doc.texts[i], True)

    def _names_whole(self, doc: Doc, spans: list[Span]) -> list[Span]:
        """The steps that read a name's neighbours in the whole essay: lower-case tails, split
        names, middle names, initials, honorifics, doubled names, the genders, then the towns
        the essay names a person after (the engine asks `person_towns` again with the
        learner's earlier essays)."""
        spans = _name_tails(self, doc, self._split_names(doc, self._kin_genitives(doc, spans)))
        spans = self._titled(doc, self._initials(doc, self._middle_names(doc, spans)))
        spans = self._hyphen_family(doc, self._family_first(doc, self._doubled(doc, spans)))
        return person_towns(doc, settle(doc, spans))

    def _local_places(self, doc: Doc, spans: list[Span]) -> list[Span]:
        """"Vi åkte till Slovenien … bodde i piran", "i Ljubljana … semester i bled": a word
        after a place preposition ("i", "från"; "till" after a verb of going) that the lists
        know as a town or district in a country the essay names, or one of its towns is in
        (or the learner's earlier essays: `Doc.earlier_countries`), is that place, though it is
        also a rarer Swedish word or a given name ("piran"): where the essay is tells. Not an
        everyday word (COMMON and above), a function word or a word of a lexicon category.
        The essay's countries are read once, from its spans; the test only runs at the words
        after a place preposition, and only in an essay set abroad."""
        countries = self._essay_countries(doc, spans)
        if not countries:
            return spans
        folds, entries = doc.folds, doc.entries
        after = following(folds, self.unheard_prepositions)
        if not after:
            return spans
        local, function = self.lex.local_places, self.W["function_word"]
        at = {doc.index_at(s.start): n for n, s in enumerate(spans)}
        found: list[Span] = []
        for i in after:
            kinds = local.get(folds[i])
            if kinds is None:
                continue
            label = next((LOCAL_LABEL[kinds[k + 2]] for k in range(0, len(kinds), 3)
                          if kinds[k:k + 2] in countries), None)
            e, n = entries[i], at.get(i)
            old = spans[n] if n is not None else None
            if label is None or e.zipf >= T.COMMON or e.cats or folds[i] in function \
                    or not doc.texts[i].isalpha() or len(folds[i]) < 3 \
                    or not _unheard_preposition(self, doc, i) \
                    or old is not None and (old.label not in NAME_RUN
                                            and not _spelt_away(doc, i, old)
                                            or old.end != doc.ends[i]):
                continue
            span = LOCAL_PLACE.span(doc.offsets[i], doc.ends[i], label, key=folds[i])
            if n is None:
                found.append(span)
            else:
                spans[n] = span
        return sorted(spans + found, key=lambda s: s.start) if found else spans

    def _alias_country(self, doc: Doc, i: int) -> bool:
        """"jag bodde i polska innan", "kommer från polska.": a country's own name that is also
        a nationality word or a language (Polska) is the country after a verb of living or
        going and its preposition, where no noun follows it ("i polska skolan", "översatte
        från polska", "i polska och ryska städer" stay words)."""
        folds, texts = doc.folds, doc.texts
        if i < 2 or folds[i - 1] not in self.W["unheard_place_preposition"] \
                and folds[i - 1] not in self.W["unheard_goal_preposition"] \
                or not texts[i].islower():
            return False
        verbs = self.W["place_trigger.verb"]
        if folds[i - 2] not in verbs and (i < 3 or folds[i - 3] not in verbs):
            return False
        return i + 1 == len(texts) or not texts[i + 1].isalpha() \
            or not texts[i + 1].islower() or doc.number(i + 1) >= 0 \
            or folds[i + 1] in self.W["function_after_name"] \
            and folds[i + 1] not in self.W["list_word"]  # (not "i polska och ryska städer")

    def _essay_countries(self, doc: Doc, spans: list[Span]) -> frozenset[str]:
        """The countries abroad an essay is set in: those it names, those of the towns and
        districts abroad it names, and the learner's from earlier essays
        (`Doc.earlier_countries`)."""
        return doc.earlier_countries | countries_named(self.lex, ((s.label, s.key) for s in spans))

    @staticmethod
    def _family_first(doc: Doc, spans: list[Span]) -> list[Span]:
        """"Jag heter Sreymom Strand … mitt namn är Chea Sreymom, familjenamn först": a name of
        two words whose second the essay gives as a first name (the first word of a name right
        after "heter") and whose first no list holds as one nor the essay gives as one is
        written family name first, as in Khmer, Vietnamese, Chinese or Hungarian (not "min
        kompis Omar Ali" after "jag heter Ali Hassan": Omar is a given name)."""
        naming = doc.lex.words("naming_verb")
        ks = [doc.index_at(s.start) for s in spans]
        given = {doc.folds[k]: s.label for s, k in zip(spans, ks)
                 if s.label in FIRSTNAMES and k and doc.folds[k - 1] in naming}
        if not given:
            return spans
        out = list(spans)
        for n in range(len(spans) - 1):
            a, b, ka, kb = spans[n], spans[n + 1], ks[n], ks[n + 1]
            if kb != ka + 1 or a.label not in NAME_RUN or b.label not in NAME_RUN \
                    or doc.folds[kb] not in given or doc.folds[ka] in given \
                    or doc.entries[ka].gender \
                    or n and spans[n - 1].label in NAME_RUN and ks[n - 1] == ka - 1 \
                    or n + 2 < len(spans) and spans[n + 2].label in NAME_RUN \
                    and ks[n + 2] == kb + 1 or _kin_of(doc, ka) \
                    or doc.lex.marks.get(doc.texts[ka - 1].lower()) == "fam":
                continue  # (a child after its kin word bears the parent's given name second,
                # as in Malay or Arabic: "pappa till Rizki Zulkarnaini", "min son Adam Yusuf")
            out[n] = a._replace(label="surname")
            out[n + 1] = b._replace(label=given[doc.folds[kb]])
        return out

    def _hyphen_family(self, doc: Doc, spans: list[Span]) -> list[Span]:
        """"Park Ji-hoon", "kim da-eun", "Hälsningar Seo-yeon Han": a Korean or Chinese family
        name (`family_first_surname`, many of them Swedish words: han, ha, so) right before a
        hyphenated given name, or capitalised right after one, is the family name and the
        hyphenated word the given name; the name reading only beside such a given name ("han
        kom" stays the pronoun). In lower case only before a given name in lower case ("vill
        ha Ji-won"), and a pronoun only after a kin word ("min appa han dong-su"; "träffade han
        ji-won": the inverted subject). The given name takes the sex a kin word before the pair
        or the first pronoun after it in its sentence gives, else the lists' reading."""
        if "-" not in doc.text:
            return spans  # (one C-level test: no hyphenated given name)
        texts, folds, new = doc.texts, doc.folds, {}
        inverted = self.lex.words("inverted_subject")
        for k in places(folds, self.lex.words("family_first_surname")):
            if texts[k][:1].islower() and folds[k] in inverted \
                    and not (k and folds[k - 1] in self.owned_kin):
                continue  # "träffade han Ji-won": the pronoun (but "min appa han dong-su")
            if k + 1 < len(texts) and doc.space(k) == " " and self._hyphen_given(doc, k + 1) \
                    and (texts[k][:1].isupper() or texts[k + 1][:1].islower()):
                pair = (k, k + 1)
            elif k and texts[k][:1].isupper() and k not in doc.starts \
                    and doc.space(k - 1) == " " and self._hyphen_given(doc, k - 1):
                pair = (k - 1, k)
            else:
                continue
            given = pair[1] if pair[0] == k else pair[0]
            gender = kin_gender(doc, pair[0]) or pronoun_gender(doc, pair[1], len(texts), True)
            old = [s.label for s in spans if s.start == doc.offsets[given] and s.label in FIRSTNAMES]
            label = FIRSTNAME[gender] if gender in GENDERED else (old or [FIRSTNAME["unknown"]])[0]
            # (keyed by the whole name: "Kim" alone elsewhere may be another person's given name)
            new[k] = FAMILY_FIRST.span(doc.offsets[k], doc.ends[k], "surname",
                                       key=f"{folds[k]} {folds[given]}")
            new[given] = FAMILY_FIRST.span(doc.offsets[given], doc.ends[given], label,
                                           key=folds[given])
        if not new:
            return spans
        kept = [s for s in spans if not any(s.start < n.end and n.start < s.end
                                            for n in new.values())]
        return sorted(kept + list(new.values()), key=lambda s: s.start)

    def _hyphen_given(self, doc: Doc, j: int) -> bool:
        """Token j is spelt like a hyphenated Korean or Chinese given name ("Ji-hoon", "da-eun")
        and is no everyday word nor a place, listed or by its ending ("Ha Long-bukten")."""
        e = doc.entries[j]
        return HYPHEN_GIVEN.fullmatch(doc.texts[j]) is not None and e.zipf < T.RARE \
            and not (e.place_kind or e.org_kind or self._place_suffix(doc.texts[j].lower()))

    def _titled(self, doc: Doc, spans: list[Span]) -> list[Span]:
        """"Jag heter Saw Eh Htoo", "min fru Naw Paw Paw": after a capitalised Burmese or Karen
        honorific (`given_name_title`, valued by the sex it gives) the capitalised words of
        its sentence, up to NAME_RUN_MAX, are the given name of that sex, whatever else they
        write ("Eh"): such names have no family name. The honorific stays outside the name."""
        titles = self.lex.words.value("given_name_title")
        if titles.keys().isdisjoint(doc.folds):
            return spans  # (one C-level pass, not one look per token)
        texts, found, covered = doc.texts, [], set()
        for m in [m for m, f in enumerate(doc.folds) if f in titles and texts[m][:1].isupper()]:
            run = range(m + 1, m + 1)
            for j in range(m + 1, min(len(texts), m + 1 + T.NAME_RUN_MAX)):
                e = doc.entries[j]
                if j in doc.starts or not (texts[j][:1].isupper() and texts[j].isalpha()) \
                        or (e.place_kind or e.org_kind) and not (e.first_rank or e.surname_rank):
                    break
                run = range(m + 1, j + 1)
            if not run:
                continue
            label = FIRSTNAME[titles[doc.folds[m]]]
            covered.update(range(doc.offsets[m], doc.ends[run[-1]]))
            found += [NAME_TITLE.span(doc.offsets[j], doc.ends[j], label, key=doc.folds[j])
                      for j in run]
        if not found:
            return spans
        kept = [s for s in spans if s.start not in covered and s.end - 1 not in covered]
        return sorted(kept + found, key=lambda s: s.start)

    @staticmethod
    def _doubled(doc: Doc, spans: list[Span]) -> list[Span]:
        """"Paw Paw", "Mya Mya": a given name written twice is one name, its second word
        labelled as the first (not a family name after it)."""
        out = list(spans)
        for n in range(1, len(spans)):
            a, b = spans[n - 1], spans[n]
            if a.label in FIRSTNAMES and b.label != a.label and b.label in NAME_RUN \
                    and b.start == a.end + 1 and doc.text[a.end] == " " \
                    and doc.text[a.start:a.end].lower() == doc.text[b.start:b.end].lower():
                out[n] = b._replace(label=a.label)
        return out

    def _kin_reading(self, doc: Doc, i: int, e: Entry, key: str, morph: tuple[str, ...]
                     ) -> Span | bool | None:
        """A lower-case word's reading by the kin word it is or follows: False for a kin word
        spelt like a name before the person's name ("min hanna mabrouka", "min irmã Bruna":
        not Hanna, Irma); for a homograph given name no list holds (Tala, Dina), the name
        where a kin word owns it (`_kin_subject`) or a naming verb names it, else False (the
        word: "får man tåla"); None for any other word (judged as any other)."""
        if _possessed_kin(doc, i) and i + 1 < len(doc.texts) and doc.texts[i + 1].isalpha() \
                and (doc.texts[i + 1][0].isupper() or doc.entries[i + 1].zipf < T.RARE):
            return False
        if e.value in FIRSTNAMES and "common_name_homograph" in e.cats and not e.gender:
            if self._kin_subject(doc, i):  # "min dotter tala börjar"
                return NAME_CONTEXT.span(doc.offsets[i], doc.ends[i], e.value, morph, key=key,
                                         score=0.6)
            if not self._named(doc, i, False):
                return False  # "får man tåla": the word ("man" no husband here)
        return None

    def _spouse_named(self, doc: Doc, i: int, e: Entry) -> bool:
        """"min fru abla jobbar", "min man abi": a kin word of a learner's language (a family
        word too rare to be a Swedish one) right after an owned spouse word is the spouse's
        name, not a second kin word; not before a capitalised name ("min fru abla Ayşe": the
        kin word before her name)."""
        texts = doc.texts
        return e.zipf < T.RARE and texts[i].isalpha() \
            and self.lex.marks.get(texts[i].lower()) == "fam" \
            and texts[i - 2].lower() in self.lex.words.surface("possessive") \
            and not (i + 1 < len(texts) and texts[i + 1][:1].isupper() and texts[i + 1].isalpha()
                     and i + 1 not in doc.starts)

    def _kin_subject(self, doc: Doc, i: int) -> bool:
        """"min dotter tala börjar skolan": a given name that is also an everyday word (the
        lexicon's homograph of a given name no name list holds), in lower case between an owned
        kin word and a person's verb, is the kin's name, its subject ("min dotter tala
        svenska": no verb; a listed one, "min kollega rosa kommer", is `_person_slot`'s)."""
        return i >= 2 and i + 1 < len(doc.folds) and doc.folds[i - 1] in self.owned_kin \
            and doc.texts[i + 1] in self.lex.words.surface("name_verb") \
            and _owner_before(self, doc, i - 1)  # (by spelling: "sa" folds like "så")

    def _phrase_at(self, doc: Doc, i: int) -> tuple[Span | None, int]:
        """A known phrase starting at token i, whose second word is next: its span and the
        token after it; no span and the token after it for a phrase never personal ("vi firar
        Todos Santos": a feast's words are no town nor name); (None, 0) for none."""
        after = self._not_name_phrase(doc, i)
        if after:
            return None, after
        phrase = self._phrase_span(doc, i)
        if phrase is None:
            return None, 0
        after = doc.index_at(phrase.end - 1) + 1
        if phrase.label in ORG_LABELS and self.lex.get(phrase.key).org_kind == "company" \
                and only_shopped(doc, i, i + len(phrase.key.split())):
            return None, after  # "handla på ICA Maxi": shopped at, its words no name
        return phrase, after

    def _kin_named_word(self, doc: Doc, i: int, e: Entry) -> bool:
        """"min mormor Novruz bor", "min kompis Fanta jobbar", "Pippi, min lillasyster,": a
        capitalised feast, brand, language or month word no name list holds, right after an
        owned kin or friend word and before a person's verb, or with one in apposition, is that
        person's name (not the dish "gör min mamma Ajvar och Burek"), and so is a capitalised
        kin word of another language there ("min tuakaqu Mere kom"); so is a capitalised one
        greeted ("Hej Fanta!") or beside "jag" before a person's verb ("Jag och Fanta åkte"; not
        "Vi drack Fanta", nor an acronym: "läser SFI och jag tycker")."""
        excluded = e.cats & EXCLUDED_CATS
        verb = self._owned_kin_before(doc, i) and i + 1 < len(doc.folds) \
            and doc.folds[i + 1] in self.W["name_verb"]
        if verb and e.cats == KIN_ONLY and e.zipf < T.RARE and doc.texts[i][1:].islower():
            return True  # "min tuakaqu Mere kom": a kin word of another language, capitalised
        return bool(excluded) and excluded <= KIN_NAMEABLE and (
            verb or _kin_apposed(doc, i)
            or doc.texts[i][:1].isupper() and not doc.texts[i].isupper()
            and (self._greeted_alone(doc, i) or self._beside_self(doc, i)))

    def _greeted_alone(self, doc: Doc, i: int) -> bool:
        """"Hej Fanta!", "Hej Fanta, hur mår du?": right after a greeting, ending its clause."""
        return i >= 1 and doc.folds[i - 1] in self.W["name_trigger.greeting"] \
            and i + 1 < len(doc.texts) and doc.texts[i + 1] in ("!", ",")

    def _beside_self(self, doc: Doc, i: int) -> bool:
        """"Jag och Fanta åkte": joined by "och" to a personal pronoun before it, the pair
        before a person's verb (not "läser SFI och jag tycker": a clause's object)."""
        folds, W = doc.folds, self.W
        return i >= 2 and i + 1 < len(folds) and folds[i - 1] == "och" \
            and folds[i - 2] in W["personal_pronoun"] and folds[i + 1] in W["name_verb"]

    def _named_anyway(self, doc: Doc, i: int, e: Entry, prev_name_end: int) -> bool:
        """A word a list excludes (`never_replaced`, EXCLUDED_CATS; also a word spelt with
        letters no genitive of the name has: "i våras", not "Varas"), capitalised inside its
        sentence, is a name all the same: a given name in a name's context ("Doña Lucía", not
        the feast "Lucia"; "heter Maj", not the month) or between names ("Tomasz Jan
        Wiśniewski"), or any word right after a naming verb of a person ("min kompis heter
        Om"), or a word `_kin_named_word` names ("min mormor Novruz")."""
        if not e.gender and self._kin_named_word(doc, i, e):
            return True
        if not (e.gender or doc.folds[i - 1] in self.W["naming_verb"]):
            return False
        excluded = e.cats & EXCLUDED_CATS
        return bool(excluded) and excluded <= NAMED_MONTH and (
            _name_context(doc, i, self.lex.marks) or _kin_apposed(doc, i)) \
            or prev_name_end == i - 1 and self._capitalised_next(doc, i) \
            or doc.folds[i - 1] in self.W["naming_verb"] and self._said_of_person(doc, i - 1)

    def _placed(self, doc: Doc, i: int, spans: list[Span], span: Span | None, e: Entry
                ) -> Span | None:
        """The judged word's span (None: none) as it joins the spans before it: an
        institution's own name (`_institution_of`), none where the word continues the place
        before it (`_continues_place`, which may extend that span), a surname right after a
        name ("Stig Berg"), or two small towns abroad side by side that are a person's names
        ("Winston Churchill": `_person_pair` relabels the span before it too), as are a town
        that is a given name and an unknown name after it ("Mark Cavendish")."""
        if span is not None:
            span = self._institution_of(doc, i, span, e)
        if spans and spans[-1].label in PLACE_LABELS \
                and self._continues_place(doc, i, spans, span, e):
            return None
        if span is not None and spans and span.label in TOWN_LIKE:
            if self._surname_town(doc, spans[-1], span, i):
                span = AFTER_NAME.span(span.start, span.end, "surname", span.attrs, key=span.key)
            if self._town_pair(doc, spans[-1], span, e, i):
                spans[-1], span = self._person_pair(doc, i, spans[-1], span)
        elif span is not None and spans and span.rule == PROPER_NOUN.name \
                and spans[-1].label in TOWN_LIKE and spans[-1].end + 1 == span.start \
                and self._given_name_town(doc, spans[-1]):
            spans[-1], span = self._person_pair(doc, i, spans[-1], span)  # "Mark Cavendish"
        return span

    def _split_names(self, doc: Doc, spans: list[Span]) -> list[Span]:
        """"försäkrings kassan", "göte borg", "norr köping": two words, not both everyday ones,
        that written together are a known institution or a big town (`splittable`): the learner
        split the compound. Their span replaces what the two words gave alone."""
        texts, folds, entries, heads = doc.texts, doc.folds, self.lex.entries, self.lex.split_heads
        names = self.lex.split_names
        found = []
        for i in self._split_pairs(doc):
            if folds[i] not in heads or folds[i] + folds[i + 1] not in names:
                continue
            a, b = texts[i], texts[i + 1]
            if len(b) < 4 or len(a) < 3 or doc.ends[i] + 1 != doc.offsets[i + 1] \
                    or not a.isalpha() or not b.isalpha() or i + 1 in doc.starts:
                continue
            if doc.entries[i].zipf >= T.COMMON and doc.entries[i + 1].zipf >= T.COMMON:
                continue  # two everyday words ("kan bero", never Kanbero)
            e = entries[folds[i] + folds[i + 1]]  # `splittable`, as `split_names` holds it
            label, attrs = self._label_for(e, folds[i] + folds[i + 1])
            if label in PLACE_LABELS or label in ORG_LABELS:
                found.append(SPLIT_NAME.span(doc.offsets[i], doc.ends[i + 1], label, attrs,
                                             key=folds[i] + folds[i + 1]))
        if not found:
            return spans
        kept = [s for s in spans if not any(s.start < f.end and f.start < s.end for f in found)]
        return sorted(kept + found, key=lambda s: s.start)

    def _split_pairs(self, doc: Doc) -> list[int]:
        """The tokens i, in order, where `_split_names` may find a split name (a head, then
        the name's rest): before a rest of 4+ letters, or on a head a shorter rest completes
        ("stockho" + "lm", `Lexicon.split_at`), found by one C-level look-up per token."""
        folds, at = doc.folds, self.lex.split_at
        found = set()
        for k in compress(count(), map(at.get, folds)):
            if at[folds[k]] & SPLIT_REST and k:
                found.add(k - 1)
            if at[folds[k]] & SPLIT_HEAD and k + 1 < len(folds):
                found.add(k)
        return sorted(found)

    def _capital(self, text: str) -> bool:
        """Capitalised, also past an Arabic article written in lower case ("al-Rimal",
        "el-Fasher": the name's own capital is after the article, category article_prefix)."""
        if text[0].isupper():
            return True
        dash = text.find("-")
        return 0 < dash < len(text) - 1 and text[dash + 1].isupper() \
            and text[:dash + 1].lower() in self.W["article_prefix"]

    def _article_name(self, text: str) -> bool:
        """A lower-case word past an Arabic article ("al-ashar", "el-obeid"): a name, whatever
        its rest looks like in Swedish."""
        dash = text.find("-")
        return 0 < dash < len(text) - 3 and text[dash + 1:].isalpha() and text.islower() \
            and text[:dash + 1] in self.W["article_prefix"]

    def _judge(self, doc: Doc) -> Callable[..., Span | None]:
        """How `detect` judges a word of this essay: `_classify`, or in a long essay `_judged`
        with the essay's table of verdicts by context window (`Verdicts`)."""
        if len(doc.texts) < self.verdict_essay_min:
            return self._classify
        return partial(self._judged, Verdicts(doc, self.W["place_adverb"]))

    def _judged(self, verdicts: Verdicts, doc: Doc, i: int, e: Entry, key: str,
                morph: tuple[str, ...], cap: bool, initial: bool, after_name: bool,
                listed: bool) -> Span | None:
        """`_classify`, its verdict remembered by context window (in a long essay)."""
        window = verdicts.window(i, after_name, listed)
        if window is None:
            return self._classify(doc, i, e, key, morph, cap, initial, after_name, listed)
        at = doc.offsets[i], doc.ends[i]
        known = verdicts.get(window)
        if known is not None:  # the same reads back to the sentence start, the same answers
            asked, found = known
            if not asked or all(read(doc, i) == answer for read, answer in asked):
                # Span(...) without its Python __new__
                return None if found is None else tuple.__new__(Span, (*at, *found))
            return self._classify(doc, i, e, key, morph, cap, initial, after_name, listed)
        self.asked = []
        span = self._classify(doc, i, e, key, morph, cap, initial, after_name, listed)
        verdicts.remember(window, tuple(self.asked), span, at)
        self.asked = None
        return span

    @property
    def asked(self) -> list[tuple[Callable[[Doc, int], object], object]] | None:
        """The reads the judgement under way in this thread made (None: none is noted)."""
        return getattr(self._thread, "asked", None)

    @asked.setter
    def asked(self, value: list[tuple[Callable[[Doc, int], object], object]] | None) -> None:
        self._thread.asked = value

    def _far(self, read: Callable[[Doc, int], object], doc: Doc, i: int) -> object:
        """A read of token i's sentence back to its start (`read(doc, i)`), its answer noted
        for `Verdicts`: a remembered verdict holds where the same reads give the same answers."""
        answer = read(doc, i)
        asked = self.asked
        if asked is not None:
            asked.append((read, answer))
        return answer

    def _work_title(self, doc: Doc) -> frozenset[int] | set[int]:
        """"filmen Modig", "boken ” Bröderna Lejonhjärta ”": the capitalised words right after a
        work's definite noun (`work_title_noun`), or every word inside the quotation marks
        after it, name a film, book or song, not a person or a place of the writer's; so do
        the same capitalised words wherever the essay repeats them."""
        nouns = self.W["work_title_noun"]
        if nouns.isdisjoint(doc.folds):
            return frozenset()
        texts, n, found = doc.texts, len(doc.texts), set()
        for m in compress(count(), map(nouns.__contains__, doc.folds)):
            j = m + 1
            if j < n and texts[j] in QUOTES:
                close = next((k for k in range(j + 1, min(n, j + T.TITLE_WORDS + 2))
                              if texts[k] in QUOTES), None)
                found.update(range(j + 1, close) if close is not None else ())
                continue
            while j < n and j - m <= T.TITLE_WORDS and j not in doc.starts \
                    and texts[j][:1].isupper() and doc.space(j - 1) == " ":
                found.add(j)
                j += 1
        said = {texts[k] for k in found if texts[k][:1].isupper()}  # "i Modig", "mellan Modig
        return found | {k for k in compress(count(), map(said.__contains__, texts))  # och …":
                        if not self._named_beside(doc, k, said)}  # the title again, not "Kim Modig"

    @staticmethod
    def _named_beside(doc: Doc, k: int, title: set[str]) -> bool:
        """A capitalised given or family name beside token k, not a word of the title."""
        return any(0 <= j < len(doc.texts) and doc.texts[j][:1].isupper()
                   and doc.texts[j] not in title
                   and (doc.entries[j].gender or doc.entries[j].surname_rank)
                   for j in (k - 1, k + 1))

    def _car(self, doc: Doc, i: int) -> int:
        """How many tokens a car make and its model take ("Volvo V70": 2, "en Saab": 1), or 0
        when the make stands alone as a company ("jobbar på Volvo")."""
        folds, W = doc.folds, self.W
        if folds[i] not in W["car_make"] or not doc.texts[i][:1].isupper():
            return 0
        nxt = doc.texts[i + 1] if i + 1 < len(doc.texts) and doc.space(i) == " " else ""
        if nxt and (folds[i + 1] in W["car_model"] or (
                any(ch.isdigit() for ch in nxt) and nxt[:1].isalnum() and len(nxt) <= 6)):
            return 2
        return int(i > 0 and folds[i - 1] in W["car_before"])

    @staticmethod
    def _surname_town(doc: Doc, last: Span, span: Span, i: int) -> bool:
        """"Stig Berg", "Anna Sala", "Trần Văn Minh": a capitalised place right after a given
        name or surname in the same sentence is a part of the name (a place would come after a
        preposition)."""
        return ((last.label in FIRSTNAME.values() or last.label == "surname")
                and span.label in TOWN_LIKE
                and span.start == doc.offsets[i] and span.end == doc.ends[i] and i not in doc.starts
                and last.end + 1 == doc.offsets[i] and doc.text[last.end] == " "
                and doc.texts[i][:1].isupper() and not doc.texts[i].isupper())

    def _lonely(self, doc: Doc) -> set[int]:
        """The lower-case words `_todo` may give (the loop asks of no other) whose neighbours
        no rule looks at: what each gives depends on its spelling alone (the rules'
        `before`/`after` declarations; a test checks that remembering changes no output). A
        sentence's first word is judged in place: "lina stannade hemma", `_bare_subject`."""
        m = marked(doc, self.marks)  # after a letter no rule watches, before none
        return set(m.where(m.bit(LOWER) & (m.bit(TODO) | m.bit(RARE)) & m.bit(ALPHA, -1)
                           & ~m.bit(CONTEXT_BEFORE, -1) & ~m.bit(CONTEXT_AFTER, 1))) - doc.starts

    def _remember(self, text: str, quiet: bool) -> None:
        """Keep a lone word's verdict (bounded: long words and a full table are not kept)."""
        if len(text) <= T.REMEMBERED_WORD_MAX and len(self._alone) < T.REMEMBERED_WORDS:
            self._alone[text] = quiet

    def _todo(self, doc: Doc) -> list[int]:
        """Fast path: an everyday lower-case word with no name/place reading (a rarer one not
        after a place preposition or a word that names: "heter mimi", "kallar mig mimi") that
        starts no known phrase ("akademiska sjukhuset") needs no further thought: most tokens
        of an essay. Selected over all of the essay's marks at once (`_mark`, `MarkBits`)."""
        m = marked(doc, self.marks)  # TODO, or RARE after a WATCH word
        judged, rare = m.bit(TODO), m.bit(RARE)
        watched = rare & ~judged & m.bit(WATCH, -1)
        plain = judged & rare  # (PLAIN: given only where a phrase of it may start)
        todo = m.where(judged & ~rare | watched)
        if plain:
            todo = sorted(todo + self._plain_phrases(doc, m.where(plain)))
        if not todo:
            return todo  # (an empty essay has a sentence start, 0, but no token)
        # and a frequent everyday word starting a sentence ("Jag", "Men"; T.INITIAL_WORD_MIN)
        folds, initial = doc.folds, self.initial_skipped
        skipped = {i for i in doc.starts if folds[i] in initial}
        # a rarer word watched only for the list word before it needs a listed place before
        # that (the RARE words `todo` holds, after a WATCH word: selected by their marks)
        lists = self.list_watch
        skipped.update(i for i in m.where(watched)
                       if folds[i - 1] in lists and not self._after_listed_place(doc, i))
        return list(filterfalse(skipped.__contains__, todo)) if skipped else todo

    def _plain_phrases(self, doc: Doc, plain: list[int]) -> list[int]:
        """The PLAIN words (`plain_starts` in lower case) before a second word of a phrase of
        theirs (or a "-" or "." a run passes over): the only ones `detect` does not pass over.
        13,200 of the 31,300 tokens it was given a MultiGED pass were such words, 300 of them
        before such a word: this test costs them half the loop's."""
        folds, nexts, last = doc.folds, self.phrase_next, len(doc.folds) - 1
        return [i for i in plain if i < last and (folds[i + 1] in nexts[folds[i]]
                                                  or folds[i + 1] in SKIPPED)]

    def _mark(self, text: str, key: str) -> int:
        """A token's bits for `_todo`: TODO, a word to judge wherever it stands; RARE, a rarer
        lower-case everyday word, judged after a WATCH word only (`rare_watch`); for
        `_lonely` its case and the rules' neighbour declarations (`context_before`/`after`);
        SINGLE, a letter on its own (`_initials`); PLAIN (TODO and RARE), a `plain_starts`
        word in lower case that is no car make, judged only where a phrase of it may start."""
        lex, first = self.lex, text[0]
        bits = (WATCH if key in self.rare_watch else 0) \
            | (CONTEXT_BEFORE if key in self.context_before else 0) \
            | (CONTEXT_AFTER if key in self.context_after else 0) \
            | (LOWER if first.islower() else 0) \
            | (SINGLE if len(text) == 1 and (first.islower() or first.isupper()) else 0)
        if not first.isalpha():
            return bits
        bits |= ALPHA
        if first.islower() and key not in lex.phrases:
            if key in lex.unnamed:
                return bits
            if key in lex.unnamed_rare:
                return bits | RARE
        if first.islower() and key in self.plain_starts and key not in self.W["car_make"]:
            return bits | PLAIN
        return bits | TODO

    def _phrase_span(self, doc: Doc, i: int) -> Span | None:
        """"Stockholms län", "Röda korset": a known multi-word name starting at token i (asked
        where a second word of a phrase of its word follows it, or a "-"/".": `detect`)."""
        folds = doc.folds
        cap = doc.texts[i][0].isupper()
        second = _word_run(doc, i + 1, 1)[0]
        if folds[i] not in self.lex.phrases or not second \
                or second[0] not in self.phrase_next[folds[i]]:
            return None
        found = self._phrase(doc, i)
        if not found:
            return None
        j, e, pkey = found
        label, attrs = self._label_for(e, pkey)
        last = doc.texts[j - 1]
        # "Höga kusten", "Stora Karlsö": a listed region, river or island with a capital
        shaped = cap and (last[0].isupper() or last.lower() in self.W["phrase_tail"]
                          or bool(e.cats & CURATED_GEOGRAPHY))
        # "på akademiska sjukhuset", "jobbar på ica maxi": a named institution in lower case
        # (a company's name only where someone works or studies).
        lower_org = label in ORG_LABELS and (e.org_kind != "company" or _at_shop(doc, i, j)
                                             or _institution_context(doc, i) is not None) \
            or label == "transport_name" and i and folds[i - 1] in self.W["ride_verb"]
        # ... and an operator ridden ("åker tåg i bergslagen"), where one works its workplace
        if label == "transport_name" and _institution_context(doc, i) == "work":
            label = "work"
        # after a place preposition: a place in lower case after a place verb, or a country or
        # a place with a rare word in it ("från addis abeba", "från nya zeeland", "från viña
        # del mar": the whole phrase is the town's name)
        # ... or after a place noun, which learners write without its article ("från stad da
        # nang", "i staden hai phong"); a word in letters Swedish lacks is no Swedish word
        # ("i sơn trà" folds as "son tra")
        kind = i and folds[i - 1] in self.place_kind_nouns
        # ... or listed after a place ("via Buenos Aires och rio de janeiro")
        listed = i >= 2 and folds[i - 1] in self.W["list_word"] and self._plain_place(doc, i - 2)
        placed = (cap or kind or i and folds[i - 1] in self.W["place_trigger.prep"] or listed) and (
            _place_context(doc, i) == 2 or label == "country" or label in PLACE_LABELS and (
                any(self.lex.get(w).zipf < T.COMMON for w in pkey.split())
                or any(_foreign_letters(doc.texts[k]) for k in range(i, j)
                       if doc.texts[k].isalpha())))
        # "vid kungens kurva", "på stora torget", "på cerro alegre": a hand-listed place whose
        # words are everyday words, after any locative preposition
        located = e.cats & LISTED_PLACES and i and (folds[i - 1] in self.W["place_trigger.prep"]
                                                    or folds[i - 1] in self.W["geo_preposition"])
        # "jag har göta kanal", "inte som indiska oceanen": a hand-listed water, island or
        # landform of several words, one of them no everyday word, is that place anywhere
        named = "geo" in e.cats and label == "geo" and " " in pkey \
            and any(self.lex.get(w).zipf < T.COMMON for w in pkey.split())
        if not label or not (shaped or lower_org or placed or located or named) \
                or pkey in self.W["never_replaced"]:
            return None
        if label in ORG_LABELS and e.org_kind:
            label = _org_role(doc, i, label, e.org_kind)
        if not cap and branch_named(doc, i, j):
            j, pkey = j + 1, f"{pkey} {folds[j]}"  # "ica kvantum lindqvist"
        return PHRASE.span(doc.offsets[i], doc.ends[j - 1], label, attrs, key=pkey)

    def _institution_of(self, doc: Doc, i: int, span: Span | None, e: Entry) -> Span | None:
        """"jobbar på X", "går på X": a guessed name or small town there is an institution."""
        if span is not None and span.rule in INSTITUTION_GUESSES \
                and span.label in INSTITUTION_LABELS \
                and not (e.country or e.se_pop >= T.SE_LOWER_CASE):
            institution = _institution_context(doc, i) or ("work" if hiring_at(doc, i) else None)
            if institution:
                return Span(span.start, span.end, institution, span.attrs, span.score,
                            INSTITUTION_CONTEXT.name, span.key)
        return span

    @staticmethod
    def _branch(doc: Doc, i: int, span: Span, e: Entry) -> Span:
        """"Folktandvården Mölndal", "Apoteket Hjärtat": a branch's name follows (a person's
        name does not belong to it: "Socialstyrelsen AnnaLisa")."""
        end = doc.capitalised_run(i)
        # nor does a preposition of an all-capitals line ("VOLVO I GÖTEBORG")
        end = next((k - 1 for k in range(i + 1, end + 1)
                    if doc.entries[k].gender or doc.entries[k].surname_rank
                    or doc.folds[k] in doc.lex.words.folds["place_trigger.prep"]), end)
        if end == i and doc.texts[i].islower() and branch_named(doc, i, i + 1):
            end = i + 1  # "jobbar på willys lund": the branch's place or owner
        # "Husqvarna FF", "Volvo IF": a company's sports club is a club, not the company
        club = any(doc.folds[k] in doc.lex.words.folds["club_code"] for k in range(i + 1, end + 1))
        label = "other_institution" if club else _org_role(doc, i, span.label, e.org_kind)
        return Span(span.start, doc.ends[end], label,
                    span.attrs, span.score, span.rule, " ".join(doc.folds[i:end + 1]))

    def _continues_place(self, doc: Doc, i: int, spans: list[Span], span: Span | None,
                         e: Entry) -> bool:
        """"Nowa Huta", "Farsta strand": a capitalised word continuing a place name (the last
        span is extended); one with a street's or square's ending makes it that street
        ("Kullaviks Gårdsväg", a `place`, not the town Kullavik)."""
        last = spans[-1] if spans else None
        text = doc.texts[i]
        if not (text[0].isupper() and i not in doc.starts and not text.isupper()
                and last is not None and last.label in PLACE_LABELS
                and last.end + 1 == doc.offsets[i] and doc.text[last.end] == " "
                and (span is None or span.rule in GUESSES) and not _is_common(e)
                and e.zipf < T.CONTINUATION_MAX
                and not text.lower().endswith(self.institution_ends)) \
                or self._given_name_town(doc, last):
            return False
        label = "place" if self._place_suffix(text.lower()) == "place" else last.label
        spans[-1] = Span(last.start, doc.ends[i], label, last.attrs, last.score, last.rule,
                         f"{last.key} {doc.folds[i]}")
        return True

    def _given_name_town(self, doc: Doc, last: Span) -> bool:
        """"Cyklisten Mark Cavendish": a one-word town that is also a given name, with no
        place preposition before it, is continued by a name, not by a longer place name."""
        k = doc.index_at(last.start)
        return doc.ends[k] == last.end and bool(self.lex.get(last.key).gender) and not (
            k and doc.folds[k - 1] in self.W["place_trigger.prep"])

    def _person_pair(self, doc: Doc, i: int, last: Span, span: Span) -> tuple[Span, Span]:
        """"Winston Churchill", "Missy Franklin": two small foreign towns side by side are a
        person's names."""
        first = self.lex.get(last.key)
        label = FIRSTNAME[first.gender] if first.gender else self._name_guess(last.key, doc, i - 1)
        return (NAME_PAIR.span(last.start, last.end, label, key=last.key),
                NAME_PAIR.span(span.start, span.end, "surname", span.attrs, key=span.key))

    def _double_surname(self, doc: Doc, first: Span, inner: Span, last: Span,
                        countries: Callable[[], frozenset[str]]) -> bool:
        """"Jorge Muñoz Soto", "María Quispe Mamani": an inner family name is a family name
        where the given name or it is of a people carrying two (`double_surname_origin`: the
        Spanish-speaking; "maría gabriela Rincón Urdaneta" though no list holds Rincón), or the
        name ending the run is of such a people only ("Arasy Elin hjälm Benítez": not Bautista,
        Filipino too, whose middle name is the mother's: "Princess Mae Bautista"); not "Kwame
        Osei Boateng" (a Ghanaian father's name, a middle name). Asked only of an inner name
        read as a family name, so the origins load only then."""
        origins, double = self.lex.name_origins, self.W["double_surname_origin"]
        ends = [origins.get(fold(word), ()) for word in doc.text[last.start:last.end].lower().split()]
        inside = [origins.get(fold(word), ()) for s in (first, inner)
                  for word in doc.text[s.start:s.end].lower().split()]
        if any(not double.isdisjoint(found) for found in inside) \
                or any(found and double.issuperset(found) for found in ends):
            return True
        # "Yader Obando Chavarría", "Yamandú Techera Olivera": an inner name no list holds, of
        # a given name no list gives another people, in an essay set only in countries whose
        # people carry two family names (its learner's earlier essays too: `_essay_countries`;
        # not a Haitian's who lived in Chile: "Mirlande Dorvil Lång", her maiden name)
        if inside[0] or origins.get(fold(doc.text[inner.start:inner.end].lower())):
            return False
        named = countries()  # (made once an essay: a long run of names asks it of each)
        return bool(named) and all(code.lower() in self.W["double_surname_country"]
                                   for code in named)

    def _middle_names(self, doc: Doc, spans: list[Span]) -> list[Span]:
        """Anna Maria Svensson: the inner names of a run starting with a first name are middle
        names, but for a surname that is no given name of a people with two family names
        (`_double_surname`) unless an Arabic family name ends the run. A run is spans[first:n]
        of names on adjacent tokens, found in one pass (each span's token by one C-level
        `bisect` map)."""
        out = list(spans)
        first, prev_k = -1, None  # the current run's first span (-1: none), its last token
        new = tuple.__new__  # Span(...) without its Python __new__: one per inner name
        ks = list(map(bisect_left, repeat(doc.offsets), map(itemgetter(0), spans)))
        patronymic = self.ENDS["patronymic_ending"]
        male_patronymic = self.ENDS["male_patronymic_ending"]
        countries = once(lambda: self._essay_countries(doc, spans))  # (`_double_surname`)

        def close(end: int) -> None:
            if first < 0 or end - first < 2 or spans[first].label not in FIRSTNAMES:
                return
            # "Haider Jabbar al-Tamimi": a family name with an Arabic article ends the name, so
            # the words between are the father's and grandfather's names, middle names
            last = doc.text[spans[end - 1].start:spans[end - 1].end].lower()
            dash = last.find("-")
            arabic = 0 < dash < len(last) - 2 and last[:dash + 1] in self.W["article_prefix"]
            for n in range(first + 1, end):
                e = doc.entries[ks[n]] if ks[n] is not None and ks[n] < len(doc.texts) else EMPTY
                key = doc.text[spans[n].start:spans[n].end].lower()
                # "Tatjana Ivanovna", "Sergej Ivanovitj Petrov": a patronymic
                # "Maricel Dela Cruz fors": a listed family name before a married one in lower
                # case (`_closing_tail`) stays a family name; not before one a particle opens,
                # which the name before it is the father's or mother's ("Fuad Rasul oğlu Əliyev")
                inner = n < end - 1 and not (
                    n == end - 2 and spans[n].label == "surname" and e.surname_rank
                    and spans[end - 1].rule == NAMELIKE_TAIL.name
                    and doc.folds[ks[end - 1]] not in self.W["surname_particle"])
                if inner and arabic or key.endswith(patronymic) or inner and key.endswith(male_patronymic) \
                        or inner and (spans[n].label != "surname" or e.first_rank
                                      or not self._double_surname(doc, spans[first], spans[n],
                                                                   spans[end - 1], countries)):
                    out[n] = new(Span, (*spans[n][:2], "middlename", *spans[n][3:]))

        for n, (s, k) in enumerate(zip(spans, ks)):
            if s.label not in NAME_RUN:
                close(n)
                first, prev_k = -1, None
                continue
            if k == len(doc.texts) or doc.offsets[k] != s.start:
                k = None
            if first < 0 or k is None or prev_k is None or prev_k + 1 != k \
                    or "\n" in doc.space(prev_k):  # a name ends its line (an address block)
                close(n)
                first = n
            prev_k = k
        close(len(spans))
        return out

    def _initials(self, doc: Doc, spans: list[Span]) -> list[Span]:
        """A lone letter beside a name is an initial (Amina Y., Magdalena A Kowalska, anna b),
        and so are capitals joined by hyphens before one (J-P Mukendi, A-K Svensson)."""
        index_at = doc.index_at
        # one-letter tokens in lower or upper case (no other can be an initial)
        m = marked(doc, self.marks)
        singles = m.where(m.bit(SINGLE))
        joined = list(JOINED_INITIALS.finditer(doc.text))
        if not singles and not joined:  # nothing to look at (a megabyte of names)
            return sorted(spans, key=itemgetter(0))
        by_start = {s.start for s in spans}
        names = {k for s in spans if s.label in NAME_RUN
                 and doc.offsets[k := index_at(s.start)] == s.start}
        out = list(spans)
        initials: set[int] = set()  # the capital initials found so far, in token order
        inside: set[int] = set()  # the letters of joined initials (not single ones again)
        for j in joined:
            k, last = index_at(j.start()), index_at(j.end()) - 1
            nxt = last + 1 + (last + 1 < len(doc.texts) and doc.texts[last + 1] == ".")
            if j.start() not in by_start and doc.offsets[k] == j.start() \
                    and doc.ends[last] == j.end() and nxt in names:  # ("M-N. Jolicoeur")
                out.append(INITIAL.span(j.start(), j.end(), "initials", key=j.group()))
                inside.update(range(k, last + 1))
        for k in singles:
            text = doc.texts[k]
            if k in inside:
                continue
            if k - 1 not in names and k + 2 not in names and not text.isupper():
                continue  # ("i", "å": the tests below need a name beside it or a capital)
            if doc.offsets[k] in by_start or doc.text[doc.ends[k]:doc.ends[k] + 1] in ("/", "&") \
                    or doc.text[doc.offsets[k] - 1:doc.offsets[k]] in ("/", "&"):
                continue  # "C/O Hassan", "H&M. Min": a letter of an abbreviation or a brand
            if text.islower() and text not in "aeioåö" and k - 1 in names \
                    and doc.texts[k - 1].islower() \
                    and (k + 1 == len(doc.texts) or not doc.texts[k + 1][0].isalnum()):
                out.append(INITIAL.span(doc.offsets[k], doc.ends[k], "initials", key=text,
                                        score=0.6))
            elif text.islower() and text not in "aeioåö" and self._signed_initial(doc, k, names):
                out.append(INITIAL.span(doc.offsets[k], doc.ends[k], "initials", key=text,
                                        score=0.6))
            elif text.isupper() and text.isalpha() and (
                    self._capital_initial(doc, k, names)
                    or k >= 2 and doc.texts[k - 1] == "." and k - 2 in initials):
                # (the second of dotted initials after a name: "Khava Umarova K. U.")
                out.append(INITIAL.span(doc.offsets[k], doc.ends[k], "initials", key=text))
                initials.add(k)
                signed = self._signature_surname(doc, k, initials, by_start)
                if signed is not None:
                    out.append(signed)
                    names.add(k + 2)  # ("Solano Q.": an initial after it too)
                    out.extend(_signature_tail(doc, k + 3))
        return sorted(out, key=itemgetter(0))  # by start

    def _signature_surname(self, doc: Doc, k: int, initials: set[int],
                           by_start: set[int]) -> Span | None:
        """"Tack!\nL. tuimavana", "Saludos,\nM. F. Solano Q.": the word after the dotted
        initials that open the line after a closing greeting signs the letter: the writer's
        family name, in lower case too, whatever list holds it."""
        nxt = k + 2
        if nxt >= len(doc.texts) or doc.texts[k + 1] != "." or doc.offsets[nxt] in by_start \
                or not doc.texts[nxt].isalpha() or len(doc.texts[nxt]) < 2 \
                or doc.texts[nxt].isupper() or "\n" in doc.space(k + 1):
            return None
        e = doc.entries[nxt]
        if e.cats - HOMOGRAPH or e.zipf >= T.COMMON and not (e.surname_rank or e.first_rank) \
                and not _closes_line(doc, nxt):
            return None  # "Tack!\nA. Jag kommer", "Hej!\nP. s. glöm inte": a sentence goes on
            # (an everyday word alone on the line is the name: "Hälsningar\nB. silver")
        first = k
        while first >= 2 and first - 2 in initials and doc.texts[first - 1] == ".":
            first -= 2  # back to the first of the initials ("M. F. Solano")
        if not self._after_closing(doc, first):
            return None
        return SIGNATURE_NAME.span(doc.offsets[nxt], doc.ends[nxt], "surname",
                                   key=doc.folds[nxt])

    def _after_closing(self, doc: Doc, k: int) -> bool:
        """Token k opens the line after a closing greeting ("Tack!", "Saludos,", "Hälsningar"),
        or stands right after one on its line ("Mvh W. abou jaoude")."""
        j = k - 1
        if j >= 0 and doc.folds[j] in self.W["name_trigger.greeting"]:
            return True
        if j < 0 or "\n" not in doc.space(j):
            return False
        while j > 0 and doc.texts[j] in (",", "!"):
            j -= 1
        return doc.folds[j] in self.W["name_trigger.greeting"] and "\n" not in doc.space(j)

    def _signed_initial(self, doc: Doc, k: int, names: set[int]) -> bool:
        """"Tack!\\nl. ole sankale", "Hälsningar k. maria johansson": a lower-case letter and
        its dot before a name, opening a line or after a closing greeting, is the signature's
        initial, as a capital one is (not "vitamin d. maria kom": inside a sentence; nor a
        lettered list's "b. Anna var …": a line's capitalised name wants the closing greeting)."""
        nxt = k + 2
        return nxt in names and doc.texts[k + 1] == "." and "\n" not in doc.space(k + 1) and (
            self._after_closing(doc, k)
            or doc.texts[nxt].islower() and (k == 0 or "\n" in doc.space(k - 1)))

    def _capital_initial(self, doc: Doc, k: int, names: set[int]) -> bool:
        """"Amina Y", "Magdalena A Kowalska", "S. W. Björk": a capital letter beside a name on
        its line, or dotted before another capitalised word (not "körkort B. Mitt"), or dotted
        after a closing greeting before any word ("Mvh W. abou jaoude": the signature's family
        name in lower case, a particle no list holds)."""
        dotted = k + 1 < len(doc.texts) and doc.texts[k + 1] == "."
        nxt = k + 2 if dotted else k + 1
        follower = doc.texts[nxt] if nxt < len(doc.texts) else ""
        # (a name ending the line before is a heading's: "Maulod\nI oktober vi firade")
        return k - 1 in names and "\n" not in doc.space(k - 1) or nxt in names \
            or dotted and follower[:1].isupper() \
            and (len(follower) > 1 or nxt + 1 < len(doc.texts) and doc.texts[nxt + 1] == ".") \
            and not (k and doc.folds[k - 1] in self.W["class_noun"]) \
            or dotted and len(follower) > 1 and follower.isalpha() and follower.islower() \
            and k > 0 and self._after_closing(doc, k)

    def _not_name_phrase(self, doc: Doc, i: int) -> int:
        """The index after a listed phrase at token i that is never personal ("Todos Santos",
        "Eid al-Fitr": a feast, whose words alone read as a town or a name); 0 for none."""
        found = self._phrase(doc, i)
        return found[0] if found and found[1].cats & NOT_NAME else 0

    def _phrase(self, doc: Doc, i: int) -> tuple[int, Entry, str] | None:
        """The first known phrase (longest first) whose words start at token i: (the index
        after its last word, its entry, its key). The essay's words from i are read once, not
        once per phrase of the first word (some have hundreds)."""
        phrases = self.lex.phrases[doc.folds[i]]
        words, ends = _word_run(doc, i, max(map(len, map(itemgetter(0), phrases))))
        for phrase, e in phrases:
            if words[:len(phrase)] == phrase:
                return ends[len(phrase) - 1], e, " ".join(phrase)
        return None

    def _label_for_uncached(self, e: Entry, key: str, name_ctx: bool = False, place_ctx: int = 0
                            ) -> tuple[str | None, tuple[str, ...]]:
        """Choose between a word's readings (country, place, institution, name) by context
        first, then by how strongly the resources attest each reading."""
        if e.country and "region" in e.cats and e.country != "SE":
            # a hand-written region ISO codes apart (Réunion, Mayotte, Åland) is a region
            return "region", ("foreign",)
        if e.country:
            return ("country", ()) if e.country != "SE" else (None, ())
        if e.org_kind and "organization" in e.cats and (
                not e.se_pop or e.se_pop < T.SE_ATTESTED and not place_ctx):
            # The hand-written organisations beat a homonymous town abroad, and a village
            # outside a place's context: ICA, not Ica (Peru); "jobbar på arla" the dairy, "bor
            # i Arla" the village of 1,300 people.
            return ORG_LABEL.get(e.org_kind, "other_institution"), ()
        name = self._name_reading(e, key, name_ctx)
        place = None
        if e.place_kind:
            foreign = () if e.se_pop or e.place_country in ("SE", "") else ("foreign",)
            place = (PLACE_LABEL.get(e.place_kind, "city"), foreign)
        if name and place and (name_ctx or not place_ctx and _name_beats_place(e)):
            place = None
        if place:
            return place
        if e.org_kind:
            return ORG_LABEL.get(e.org_kind, "other_institution"), ()
        return (name, ()) if name else (None, ())

    def _name_reading(self, e: Entry, key: str, name_ctx: bool) -> str | None:
        """The better-ranked name reading (Holm is a surname, though a German first name too);
        after a naming trigger a small foreign place's name is a person's ("min son Mahad")."""
        name = listed_name(e)
        if name is None and name_ctx and e.place_kind and not e.org_kind and e.se_pop == 0 \
                and e.place_pop < T.BIG_PLACE and e.zipf < T.DOMINANT_WORD:
            name = self._name_guess(key)
        elif name is None and name_ctx and e.value in NAME_RUN and "common_name_homograph" in e.cats:
            name = e.value  # "min dotter Tala": the lexicon's name reading of a homograph
        return name

    def _classify(self, doc: Doc, i: int, e: Entry, key: str, morph: tuple[str, ...], cap: bool,
                  initial: bool, after_name: bool, listed: bool = False) -> Span | None:
        """The span a known word gives in its context, or None. `listed`: the word follows a
        name and a comma or "och" ("heter Abdi, Hodan och Liban")."""
        folds = doc.folds
        first = self._person_first(doc, i, e, key, morph, cap)
        if first is not None:
            return first or None
        named = self._named_here(doc, i, e, listed)
        if named and not cap and not e.gender and (_said_to_person(doc, i) or _called(doc, i)
                                                   and e.place_kind and not e.se_pop
                                                   and e.zipf < T.COMMON):
            # "vi säger salta till Saltanat", "alla kallar henne salta": said to or called a
            # person, a town abroad's name is the nickname
            return NAME_CONTEXT.span(doc.offsets[i], doc.ends[i], self._name_guess(key, doc, i),
                                     morph, key=key, score=0.6)
        place_ctx = self._place_reading(doc, i, e, key)
        if e.place_kind == "spelling" and not place_ctx:
            # another spelling of a town abroad is that town only after a place word ("från
            # adama"); elsewhere it is the name or word it also is ("Rafa Benitez", "Stanislaus")
            e = e._replace(place_kind=None, place_country="", place_pop=0)
        if doc.texts[i][0].islower() and not (named or place_ctx or folds[i - 1] in self.W[
                "list_word"] and self._listed_town(doc, i)) and self.quiet_homograph(doc.texts[i]):
            return None  # "och vi", "på där": an everyday word, by the rule of `_quiet_homograph`
        c = Cand(doc, i, e, key, morph, cap, initial, after_name, place_ctx,
                 named or self.name_openers[doc.texts[i - 1]]
                 and _name_context(doc, i, self.lex.marks) or self._unlisted_kin(doc, i - 1),
                 self._common_text(doc.texts[i], e),
                 named)
        if i and folds[i - 1] in self.addressing:
            c = self._addressed(c)
        if cap and not initial:
            span = self._named_capital(c)
            if span is not None:
                return span
        label, attrs = self._label_for(e, key, c.name_ctx, c.place_ctx)
        if label == "country" and not cap and key in self.lex.spelt_countries \
                and _name_goes_on(doc, i):
            return self._unknown(c._replace(e=EMPTY))  # "i maali abad": a district's name
        if label is None:
            return self._unknown(c)
        label, attrs = self._relabel(c, label, attrs)
        if label == "surname" and not e.gender and self._kin_named(doc, i):
            label, attrs = self._name_guess(key, doc, i), ()  # "min granne Farhan"
        if (label == "country" or label in PLACE_LABELS) and (e.gender or cap and not e.se_pop):
            label, attrs = self._place_person(c, label, attrs)
        is_name = label in NAME_RUN
        if is_name and (c.place_ctx == 2 or c.place_ctx and i >= 2 and doc.folds[i - 1] == "i"
                        and doc.entries[i - 2].place_kind):  # "i antep i şahinbey"
            span = self._named_place(c)
            if span is not None:
                return span
        if not self._accepted(c, label, is_name):
            return self._slot_reading(c, label, is_name, listed)
        return GAZETTEER.span(doc.offsets[i], doc.ends[i], label, attrs + morph, key=key,
                              score=0.8 if cap else 0.6)

    def _person_first(self, doc: Doc, i: int, e: Entry, key: str, morph: tuple[str, ...],
                      cap: bool) -> Span | bool | None:
        """`_classify`'s person readings that outrank the word's own: a spouse's or a kin's
        name, a kin word (`_kin_reading`), a town's name between an owned kin word and a
        person's verb. None: none applies; False: the word is no span."""
        folds = doc.folds
        if i >= 2 and folds[i - 1] in self.spouse_words and self._spouse_named(doc, i, e) \
                or cap and not e.gender and self._kin_named_word(doc, i, e):
            return NAME_CONTEXT.span(doc.offsets[i], doc.ends[i], self._name_guess(key, doc, i),
                                     morph, key=key, score=0.6)
        # (`_kin_reading`'s gate: a kin word spelt like a name, or a homograph of a name;
        # capitalised only the kin word before its person's name: "min Oma Gerda", "min Tito Rodel")
        if not cap and self._unlisted_kin(doc, i):
            return False  # "hennes anna Selvam": a kin word spelt like a name or a town
        if not cap and (folds[i] in self.possessed_kin or "common_name_homograph" in e.cats) \
                or cap and folds[i] in self.possessed_kin and i + 1 < len(folds) \
                and doc.texts[i + 1][:1].isupper():
            kin = self._kin_reading(doc, i, e, key, morph)
            if kin is not None:
                return kin
        if not cap and e.place_kind == "city" and not e.gender and e.zipf < T.RARE and i \
                and folds[i - 1] in self.owned_kin and self._kin_subject(doc, i):
            # "min ma yei lagade ris": a town's name between an owned kin word and a person's
            # verb is the kin's name (Yei, a town in South Sudan)
            return NAME_CONTEXT.span(doc.offsets[i], doc.ends[i], self._name_guess(key, doc, i),
                                     morph, key=key, score=0.6)
        return None

    def _named_here(self, doc: Doc, i: int, e: Entry, listed: bool) -> bool:
        """`_classify`'s naming context: a naming word before the word (or a listed name), a
        personal pronoun after the next word or after a saying verb, then `_named`'s check; or
        a name apposed to a kin word ("juni, hans kompis, dansade")."""
        folds = doc.folds
        return (listed or folds[i - 1] in self.named_before or i + 2 < len(folds)
                and folds[i + 2] in self.W["personal_pronoun"] or i > 1
                and folds[i - 1] in self.W["personal_pronoun"]
                and doc.texts[i - 2].lower() in self.saying_verbs) and self._named(doc, i, listed) \
            or bool(e.gender) and _kin_apposed(doc, i)

    def _addressed(self, c: Cand) -> Cand:
        """A word after a greeting ("Hälsningar från Rania", "Kram från Sai", "Vänliga
        hälsningar Lan Nguyen") or a capital after a home's preposition ("bodde hos
        Golbahar": a person's home) is read in a name's context, not a place's."""
        doc, i, folds = c.doc, c.i, c.doc.folds
        if i >= 2 and folds[i - 1] == "fran" and folds[i - 2] in self.W["name_trigger.greeting"] \
                or i and c.cap and not c.initial and folds[i - 1] in self.W["name_trigger.greeting"]:
            return c._replace(place_ctx=0, name_ctx=True)
        if i and folds[i - 1] in self.W["home_preposition"] and c.cap and not c.initial \
                and _institution_context(doc, i) is None:
            return c._replace(place_ctx=0, name_ctx=True)
        return c

    def _named_capital(self, c: Cand) -> Span | None:
        """A capital inside its sentence that a calling or naming verb gives a person is the
        name, though also a word or a town: "alla kallar mig Aga" (Aga in Egypt; a listed given
        name keeps the list's sex: "kalla mig Gaby"), "min lärare heter Vid", "min granne heter
        Hök"."""
        doc, i, e, key = c.doc, c.i, c.e, c.key
        if doc.folds[i - 1] in self.W["name_object"] and _called(doc, i):
            return _tok_span(NAME_CONTEXT, c, FIRSTNAME[e.gender] if e.gender in FIRSTNAME
                             else self._name_guess(key, doc, i))
        if c.named and doc.folds[i - 1] in self.W["naming_verb"] and len(key) > 1 \
                and not (e.gender or e.surname_rank) and (e.zipf >= T.RARE or e.cats or e.place_kind):
            return _tok_span(NAME_CONTEXT, c, self._name_guess(key, doc, i))
        return None

    def _slot_reading(self, c: Cand, label: str, is_name: bool, listed: bool) -> Span | None:
        """A reading `_accepted` refused, taken all the same in a person's slot: a small foreign
        place's name there is the person ("ringde till fatima"; not a Swedish town: "och nora
        är en liten stad"), an unlisted family name too ("med ahmadov och")."""
        doc, i, e = c.doc, c.i, c.e
        if not c.cap and e.gender and (is_name or label in PLACE_LABELS and not e.se_pop) \
                and self._person_slot(c, listed, place=not is_name):
            return PERSON_SLOT.span(doc.offsets[i], doc.ends[i], FIRSTNAME[e.gender], c.morph,
                                    key=c.key)
        if label == "surname" and not e.gender and not e.place_kind \
                and _namelike_person(self, c, listed):
            return _tok_span(NAMELIKE_SLOT, c, label, score=0.6)
        return None

    def _place_person(self, c: Cand, label: str, attrs: tuple[str, ...]
                      ) -> tuple[str, tuple[str, ...]]:
        """A country or a town abroad that is the person of its sentence: a given name ("min son
        heter Kuba", "Kuba är sexton", "Baran är nio år", also a Russian town), or a small town
        abroad no name list holds, said to be of an age or taken up by "han" or "hon" ("Igår
        ringde Bima och sa att han var sjuk")."""
        e, doc, i = c.e, c.doc, c.i
        if e.gender and (label == "country" and c.name_ctx or (
                label == "country" or not e.se_pop) and self._country_person(doc, i)):
            return FIRSTNAME[e.gender], ()
        if label in PLACE_LABELS and not (e.gender or e.se_pop or e.country) and c.cap \
                and not c.common and e.place_pop < T.WORLD_DOMINANT and self._country_person(doc, i):
            return self._name_guess(c.key, doc, i), ()
        if label in TOWN_LABELS and c.cap and not (e.se_pop or e.country or c.place_ctx) \
                and (self._kin_named(doc, i, full=True) or c.named and self._own_name_said(doc, i)):
            # "min kusin Chanda", "min farbror Washington", "mitt namn är Kabwe Mulenga": a
            # town abroad right after an owned kin word or an owned name noun is the person
            return FIRSTNAME[e.gender] if e.gender in GENDERED else self._name_guess(c.key, doc, i), ()
        return label, attrs

    def _kin_named(self, doc: Doc, i: int, full: bool = False) -> bool:
        """Token i is a name alone right after a possessive and a kin or social word ("min
        granne Farhan", "hans kusin Warsame"), or a word no list knows, a kin word of the
        learner's own language ("min yuba Khalaf", "min akhoy Dhari"): what the person is
        called there is a given name, also one the lists hold only as a family name (not "min
        man Liu Yang": a family name written first, before a given name; not "doktor Berg": a
        title). With `full`, also first of a full name ("min kusin Kabwe Mulenga": a town's
        name there is the person's, not a town's longer name); so it is before a capitalised
        word no list gives as a given name ("min man aslan Idrisov", "min inan Bui Soares": the
        family name after the given name), unless a Korean or Chinese family name is written
        first or a Vietnamese middle name's gender marker follows ("Tran Van Minh")."""
        folds, W = doc.folds, self.W
        if not (i >= 2 and (folds[i - 1] in W["name_trigger.kin"]
                            or folds[i - 1] in W["name_trigger.social"]
                            or self._unheard_word(doc, i - 1))
                and doc.texts[i - 2].lower() in self.lex.words.surface("possessive")):
            return False
        return full or not (i + 1 < len(doc.texts) and doc.texts[i + 1][:1].isupper()
                            and doc.texts[i + 1].isalpha() and i + 1 not in doc.starts) \
            or not doc.entries[i + 1].gender and folds[i] not in W["family_first_surname"] \
            and folds[i + 1] not in W["gender_marker"]  # ("min man Tran Van Minh")

    def _place_reading(self, doc: Doc, i: int, e: Entry, key: str) -> int:
        """How strongly token i's context says a place stands there (`_place_ctx`; 2 also for
        a place's other name, 1 for a word listed after a place), for `_classify`."""
        folds = doc.folds
        # `_place_ctx`'s own gate made here, without its call: most judged words stand beside
        # none of the words its reads start from
        if i + 1 < len(folds) and folds[i + 1] in self.place_after:
            place_ctx = self._place_ctx(doc, i)
        elif folds[i - 1] in self.place_list_only:
            place_ctx = 1 if _listed_after_place(doc, i) else 0  # (all `_place_ctx` reads here)
        else:
            place_ctx = self._place_ctx(doc, i) if folds[i - 1] in self.place_before else 0
        if not place_ctx and doc.texts[i].islower() and self._route_stop(doc, i):
            return 1  # "Bagdad–Istanbul–stokholm", "sundsval–östersun": a stop on a route
        if not place_ctx and folds[i - 1] not in self.reading_before:
            return 0  # (the gate of both reads below: most words follow none of their words)
        if not place_ctx and _exonym_slot(doc, i):
            place_ctx = 2  # "turkarna säger tunceli": a place's other name, no speaker
        elif not place_ctx and doc.texts[i].islower() and self._after_listed_place(doc, i) \
                and (e is EMPTY or self._misspelt_country(e, key)
                     or _big_town_abroad(e) and self._passed_through(doc, i)):
            place_ctx = 1  # "mellan Jönköping och götebrog", "i ghazni, afganistan": a word no
            # list knows, or a rare one only a misspelt country, listed after a place stands
            # where a place does (misspelt: `_u_fuzzy`); so does a big town abroad that is
            # also a rarer word among the stops a route passes ("via Addis Abeba och
            # frankfurt"; not "i Los Angeles och split i familjen")
        return place_ctx

    def _passed_through(self, doc: Doc, i: int) -> bool:
        """A route's "via" or "genom" stands before the place listed before token i, within
        the two words of a town's name ("via Addis Abeba och frankfurt")."""
        through = self.W["route_through"]
        return any(doc.folds[k] in through for k in range(max(0, i - 4), i - 2))

    def _route_stop(self, doc: Doc, i: int) -> bool:
        """Token i and a town, region or country (or a misspelt one) have a dash, an arrow or
        "via" between them: a stop of a route ("Istanbul–stokholm", "göteborg → linköpping",
        "sundsval–östersun"), misspelt or not."""
        marks, n = self.W["route_mark"], len(doc.folds)
        return i >= 2 and doc.folds[i - 1] in marks and self._stop(doc, i - 2) \
            or i + 2 < n and doc.folds[i + 1] in marks and self._stop(doc, i + 2)

    def _place_entry(self, doc: Doc, k: int) -> Entry:
        """Token k's entry, or where k ends a place of several words the lists hold ("Kuala
        Lumpur", "New York"), that place's: a list's or a route's member before a word is
        the whole name, not its last word ("via Kuala Lumpur och london",
        "Kuala Lumpur–london")."""
        e = doc.entries[k]
        if e.place_kind or e.country:
            return e
        phrases = self.lex.phrases
        for j in range(k - 1, max(-1, k - T.PLACE_PHRASE_WORDS), -1):
            if doc.folds[j] in phrases:
                found = self._phrase(doc, j)
                if found and found[0] == k + 1 and (found[1].place_kind or found[1].country):
                    return found[1]
        return e

    def _stop(self, doc: Doc, k: int) -> bool:
        """Token k is a town, region or country, or a word no count knows one edit or two from
        one (`_fuzzy`): a route's other stop."""
        e = self._place_entry(doc, k)
        if not doc.texts[k].isalpha() or e.gender:
            return False
        if e.country or e.place_kind in ("city", "region", "municipality", "exonym") \
                or "landmark" in e.cats and e.place_kind == "place":
            return True  # (an airport or a station: "frankfurt–arlanda")
        if k and doc.texts[k - 1].isalpha() and self.lex.get(
                f"{doc.folds[k - 1]} {doc.folds[k]}").place_kind in ("city", "region", "exonym"):
            return True  # a town of two words ending there ("Los Angeles–frankfurt")
        target = not e.zipf and self._fuzzy(doc.folds[k])
        return bool(target) and bool(self.lex.entries[target].place_kind)

    def _country_person(self, doc: Doc, i: int) -> bool:
        """A country or a town abroad that is also a given name, said to be of an age ("Kuba är
        sexton", "Baran är nio år") or the subject of a verb that a personal pronoun takes up in
        its sentence ("Kuba kom inte med, han spelade match"): a place has neither."""
        folds, n = doc.folds, len(doc.texts)
        if i + 2 < n and folds[i + 1] in self.W["be_verb"] and 1 < doc.number(i + 2) < T.OLDEST:
            return True
        W = self.W
        inverted = i >= 2 and folds[i - 1] in W["name_verb"] and (
            i - 1 in doc.starts or i - 2 in doc.starts and folds[i - 2] in W["fronted_adverb"])
        if not (i in doc.starts or i and folds[i - 1] in W["subject_before"] or inverted) \
                or i + 1 >= n:
            return False
        if i + 2 < n and folds[i + 1] in W["list_word"] and _person_only(doc, i + 2):
            return True  # "Santiago och Farid spelar fotboll": a person's companion in a subject
        if not inverted and folds[i + 1] not in W["name_verb"]:
            return False
        # "Kuba kom inte med, han spelade match", "Igår ringde Bima och sa att han var sjuk"
        end = next((k for k in range(i + 1, min(n, i + 1 + T.PRONOUN_REACH)) if k in doc.starts), n)
        return pronoun_gender(doc, i, end) is not None

    def _listed_place(self, doc: Doc, i: int) -> bool:
        """Token i and a place or country that is no given name have a list word between them
        ("hargeisa och burao", "kabul, paghman"; "Basel, frankfurt, Hamburg": Basel is also a
        name, Hamburg after it is none): a member of a list of places, as after "i"."""
        lists = self.W["list_word"]
        return i >= 2 and doc.folds[i - 1] in lists and self._plain_place(doc, i - 2) \
            or i + 2 < len(doc.folds) and doc.folds[i + 1] in lists and i + 1 not in doc.starts \
            and self._plain_place(doc, i + 2)

    @staticmethod
    def _after_phrase_place(doc: Doc, i: int) -> bool:
        """Token i is listed after a place of several words whose last word is no place by
        itself ("Los Angeles och split"): the list holds it as a town abroad only on a route
        ("via Kuala Lumpur och london"), since such a town may be an everyday word ("i Los
        Angeles och split i familjen")."""
        return i >= 2 and not (doc.entries[i - 2].place_kind or doc.entries[i - 2].country) \
            and not (i + 2 < len(doc.entries) and (doc.entries[i + 2].place_kind
                                                  or doc.entries[i + 2].country))

    def _plain_place(self, doc: Doc, k: int) -> bool:
        """Token k is a place or country the lists hold that is no given name (or ends one of
        several words: `_place_entry`)."""
        e = self._place_entry(doc, k)
        return bool(e.place_kind or e.country) and not e.gender and doc.texts[k].isalpha()

    def _misspelt_place(self, key: str) -> bool:
        """One edit from a listed place or country with no name reading ("maroko"), not from
        a name ("rustam" from Rostam is a name in its own spelling)."""
        target = self._fuzzy(key)
        return bool(target) and not (self.lex.entries[target].gender
                                     or self.lex.entries[target].surname_rank)

    def _misspelt_country(self, e: Entry, key: str) -> str | None:
        """A rare word with no reading of its own one or two edits from a country ("afganistan",
        a learner spelling frequent enough to be in the word list): the country it misspells."""
        if e.zipf >= T.MISSPELT_MAX or e[:-1] != NO_READING or not self._country_near(key):
            return None  # (most rare words: no country near, the full search not made)
        target = self._fuzzy(key)
        return target if target and self.lex.entries[target].country else None

    def _listed_town(self, doc: Doc, i: int) -> bool:
        """Token i follows a Swedish town (not a district) and a list word: "Malmö eller lund"."""
        if i < 2 or doc.folds[i - 1] not in self.W["list_word"]:
            return False
        before = doc.entries[i - 2]
        return before.se_pop >= T.SE_ATTESTED and "district" not in before.cats

    def _after_listed_place(self, doc: Doc, i: int) -> bool:
        """Token i follows a comma or a list word after a town, region or country that is no
        name: "Malmö eller lund", "i ghazni, afganistan"."""
        if i < 2 or not (doc.texts[i - 1] == "," or doc.folds[i - 1] in self.W["list_word"]):
            return False
        before = doc.entries[i - 2]
        if i >= 3 and doc.texts[i - 3].isalpha() and not before.place_kind:
            pair = self.lex.get(f"{doc.folds[i - 3]} {doc.folds[i - 2]}")
            if pair.place_kind:  # a town of two words: "via Addis Abeba och frankfurt"
                before = pair
        return (before.country or before.place_kind in ("city", "region", "municipality", "exonym")) \
            and not before.gender and not before.surname_rank \
            and (before.se_pop or before.zipf < T.COMMON or doc.texts[i - 2][0].isupper())
        # (not "en man, bärgades": an everyday word that is also a place abroad)

    def _quiet_homograph(self, text: str) -> bool:
        """An everyday word with a name or place reading ("vi", "där", "många") that no rule
        takes in lower case unless a naming verb or a place word stands before it (or a place
        statement after it: `_place_context`): written in lower case it is rejected without
        a full judgement. Why: `_lower_accepted` takes an everyday word (`_common`) only after
        a naming verb (`named`), or as a country or big town in a place context; no country,
        no reading lost to a name's context (`_label_for` gives one also with `name_ctx`),
        and `_person_slot` refuses everyday words but a listed homograph ("lina stannade
        hemma"), which is never quiet. Remembered per spelling; a test judges every rule-table
        sentence and gold essay both ways."""
        e, key, _ = self.lookup(fold(text))
        return self._common_text(text, e) and not e.country \
            and not (e.cats and e.cats <= HOMOGRAPH) and self._label_for(e, key)[0] is not None

    def _person_slot(self, c: Cand, listed: bool, place: bool = False) -> bool:
        """"ahmed sa", "när khadar kom", "min bror och fatima", "pratade med omar": a lower-case
        given name that is no everyday word (not a lexicon word, no å/ä/ö word folding onto a
        name: "såra" ~ Sara) in a slot only a person fills: the subject before its verb at the
        start of a clause, coordinated with a name or a kin word, or after "med"/"till"
        following a verb of social action."""
        e, text = c.e, c.doc.texts[c.i]
        if c.morph and not self._owns_kin(c.doc, c.i):
            return False  # "fatimas mamma" is a name; another genitive is left alone
        # a homograph only bare before its verb ("lina stannade hemma") or before a family
        # name the lists hold ("min kollega vide Lindqvist") or one that is a word before the
        # verb ("min kollega rut udd bor")
        homograph = e.cats and e.cats <= HOMOGRAPH and (
            self._bare_subject(c.doc, c.i) or self._surname_after(c.doc, c.i)
            or self._owned_full_name(c.doc, c.i))
        if e.cats and e.cats <= HOMOGRAPH and e.gender in GENDERED \
                and (self._owned_kin_before(c.doc, c.i) or self._role_subject(c.doc, c.i)) \
                and (homograph or c.doc.folds[c.i - 1] in self.owned_kin
                     and (self._name_ends(c.doc, c.i) or self._people_listed(c.doc, c.i))):
            # "min man per säger", "min kollega liv kom", "min faster viola och min farbror":
            # however frequent the word
            return True
        if e.cats and e.cats <= HOMOGRAPH and e.gender in GENDERED \
                and self._unheard_kin_before(c.doc, c.i) and self._kin_name_closes(c.doc, c.i):
            return True  # "min ñuke rosa och min chaw": after a kin word of the learner's language
        if c.common and not homograph or not e.gender or e.cats - NAMEISH_CATS - HOMOGRAPH \
                or len(c.key) < 3 or e.zipf >= T.LOWER_NAME_SLOT_MAX \
                or c.key in (self.vocabulary_words if homograph else self.vocabulary) \
                or not text.isascii() and any(ch in "åäö" for ch in text.lower()):
            return False  # "vänja", "änka", "såra": Swedish words folding onto a name
        return self._in_person_slot(c.doc, c.i, listed, place)

    def _near(self, doc: Doc, i: int, cap: bool) -> int:
        """The neighbour tests that the first tests of `_unknown`'s neighbour-reading steps
        make, as `NEAR_*` bits: part of a plan's key, so a step's verdict may read them
        (`STEP_WORD`) and a word runs only the steps whose neighbours stand beside it."""
        folds = doc.folds
        n = len(folds)
        if cap:  # (`_u_foreign_head`, `_u_name_pair`: a capitalised word after it)
            return NEAR_CAPITAL_NEXT if i + 1 < n and doc.texts[i + 1][:1].isupper() else 0
        near = self.near_after.get(folds[i + 1], 0) if i + 1 < n else 0
        if i:
            near |= self.near_before.get(folds[i - 1], 0)
        if i in doc.starts:
            near |= NEAR_SLOT
        return near | NEAR_OWNER | NEAR_SLOT if self._owner_two_back(doc, i) else near

    def _owner_two_back(self, doc: Doc, i: int) -> bool:
        """A possessive two words before token i and a word no list knows between ("min ayi
        dolkar"): the cheap test with which `_unknown` and `_u_namelike_slot` let token i
        through to `_unheard_kin_before`."""
        return i >= 2 and doc.folds[i - 2] in self.W["possessive"] and doc.entries[i - 1] == EMPTY

    def _unheard_kin_before(self, doc: Doc, i: int) -> bool:
        """"min ayi dolkar": token i follows a possessive and a kin word of the learner's own
        language, a word nobody lists (`_unheard_word`), though one letter from an everyday
        word ("min manman roseline ringer": mamman) where token i is the subject before its
        verb (not "hennes livstil jämförligt mellan": a misspelt noun, then an adverb)."""
        return self._owner_two_back(doc, i) and (self._unheard_word(doc, i - 1) or (
            i + 1 < len(doc.folds) and doc.folds[i + 1] in self.W["name_verb"]
            and self._unheard_word(doc, i - 1, True)))

    def _owned_word_subject(self, doc: Doc, i: int) -> bool:
        """"min bat ivan bor kvar", "min bro omar kom": token i follows a possessive and one
        lower-case word that is no name, and its verb follows: the word is a kin word of the
        learner's own language spelt like a Swedish one ("bat", "bro"), token i the person."""
        folds = doc.folds
        return i >= 2 and i + 1 < len(folds) and folds[i - 2] in self.W["possessive"] \
            and folds[i + 1] in self.W["name_verb"] and doc.texts[i - 1].isalpha() \
            and doc.texts[i - 1].islower() and not doc.entries[i - 1].gender \
            and folds[i - 1] not in self.W["function_word"]

    def _unheard_word(self, doc: Doc, k: int, misspelt: bool = False) -> bool:
        """Token k is a lower-case word no list, no count and no rule knows ("ayi", "abang"),
        nor (unless `misspelt`) one edit from an everyday word: after a possessive, a kin word
        of the learner's own language."""
        e, text = doc.entries[k], doc.texts[k]
        return e == EMPTY and text.isalpha() and text.islower() \
            and doc.folds[k] not in self.vocabulary \
            and (misspelt or not self._misspelt(doc.folds[k]))

    def _in_person_slot(self, doc: Doc, i: int, listed: bool, place: bool = False) -> bool:
        """Token i stands where only a person can (see `_person_slot`); for a word that also
        names a place (`place`) not after a preposition of movement ("åkte till alma")."""
        folds, W, n = doc.folds, self.W, len(doc.texts)
        clause = i in doc.starts or folds[i - 1] in W["subject_before"]
        if clause and i + 1 < n and (folds[i + 1] in W["name_verb"] or self._bare_subject(doc, i)):
            return True  # "ahmed sa", "när khadar kom", "lina stannade hemma"
        if i >= 2 and i - 2 in doc.starts and folds[i - 2] in W["fronted_adverb"] \
                and folds[i - 1] in W["name_verb"]:
            return True  # "igår kom tsige", "sen ringde ahmed"
        if clause and i + 3 < n and folds[i + 1] in W["list_word"] \
                and doc.entries[i + 2].gender and folds[i + 3] in W["name_verb"]:
            return True  # "ahmed och fatima kom"
        if self._owns_kin(doc, i):
            return True  # "ahmeds fru"
        if self._unheard_kin_before(doc, i) or self._owned_word_subject(doc, i):
            return True  # "min ayi dolkar", "min bat ivan bor": after an owned kin word of the
            # learner's language
        if not place and i and (folds[i - 1] in W["object_verb"] or i >= 2 and folds[i - 2]
                          in W["object_verb"] and folds[i - 1] in W["inverted_subject"]):
            return True  # "träffade ahmed", "igår träffade jag fatima"
        if i + 1 < n and folds[i + 1] in W["vocative_mark"] and self._greeted(doc, i):
            return True  # "tack för brevet ahmed!"
        if listed or self._coordinated(doc, i):
            return True  # "Sara och yonas", "min bror och fatima"
        if clause and i + 2 < n and folds[i + 1] in W["list_word"] \
                and folds[i + 2] in W["personal_pronoun"]:
            return True  # "amina och jag gick"
        if clause and self._name_run_subject(doc, i):
            return True  # "juan carlos quispe kommer", "sen mohammed oufkir ringde"
        if not place and i and folds[i - 1] in W["home_preposition"]:
            return True  # "vi åt middag hos fatima"
        return i >= 2 and folds[i - 1] in W["person_preposition"] \
            and not (place and folds[i - 1] in W["place_trigger.prep"]
                     and not any(f in W["speech_verb"] for f in folds[max(0, i - 4):i - 1])) \
            and any(f in W["social_verb"] for f in folds[max(0, i - 4):i - 1])

    def _owned_full_name(self, doc: Doc, i: int) -> bool:
        """Token i, right after an owned kin or social word, has one lower-case word after it
        and then a person's verb ("min kollega malva hage har", "min chef rut udd bor"): a name
        whose family name is an everyday word below COMMON; not a word of the clause ("min
        kollega också bor"), a frequent noun ("min man per timme får") nor a listed word of
        another kind."""
        j, texts = i + 1, doc.texts
        if not (i >= 2 and j + 1 < len(texts) and doc.folds[i - 1] in self.owned_kin
                and texts[j].isalpha() and texts[j].islower() and len(texts[j]) >= 3
                and doc.folds[j] not in self.W["name_tail_stop"]
                and not doc.entries[j].cats - HOMOGRAPH
                and doc.entries[j].zipf < T.COMMON  # ("min man per timme får": a phrase)
                and not self._inflected_word(doc.folds[j])):  # ("min chef sten hårt jobbar")
            return False
        return _owner_before(self, doc, i - 1) and _person_verb_next(self, doc, j + 1)

    def _name_run_subject(self, doc: Doc, i: int) -> bool:
        """Token i opens a lower-case run of names before the clause's verb: the words after
        it, up to NAME_RUN_MAX, are names the lists hold (given or family names, no everyday
        word) and a naming or be verb follows ("mohammed oufkir bor", "juan carlos quispe
        är"): the run is the subject, whichever of its names is also a frequent word form."""
        folds, texts, n = doc.folds, doc.texts, len(doc.texts)
        j = i + 1
        while j < n and j - i <= T.NAME_RUN_MAX and texts[j].isalpha() and texts[j].islower() \
                and (doc.entries[j].gender or doc.entries[j].surname_rank) \
                and folds[j] not in self.vocabulary:
            j += 1
        return i + 1 < j < n and (folds[j] in self.W["name_verb"] or folds[j] in self.W["be_verb"])

    def _opening_greetings(self, doc: Doc) -> set[int]:
        """The words of a greeting opening a line, up to GREETING_WORDS of them, before "!",
        "," or "." with the writer naming themself next, within GREETING_REACH words: "Salam!
        Jag heter Amina", "Xin chào! Jag heter Lan", "Tashi delek! Jag heter Yangchen",
        opening the essay or a letter in it. Its words (`name_greeting`, or `not_name` ones
        such as "Dzień dobry") greet, though Salam, Xin and Tashi are names too. A greeting
        that names who it greets (`name_trigger.greeting`: "Hej Salam!") is no part of one,
        and "Salam! Det är min bror" still names a person."""
        folds, texts, text, ends, offsets = doc.folds, doc.texts, doc.text, doc.ends, doc.offsets
        naming, n, words = self.W["name_trigger.verb"], len(folds), self.greeting_words
        found: set[int] = set()
        # (the greeting words' tokens by one C-level pass, not a Python step per token)
        for k in compress(count(), map(words.__contains__, folds)):
            if k and "\n" not in text[ends[k - 1]:offsets[k]]:
                continue
            j = k
            while j < n and j - k < T.GREETING_WORDS and folds[j] in words:
                j += 1
            if j < n and texts[j] in ("!", ",", ".") \
                    and any(f in naming for f in folds[j + 1:j + 2 + T.GREETING_REACH]):
                found.update(range(k, j))
        return found

    def _greeted(self, doc: Doc, i: int) -> bool:
        """A greeting or thanks opens token i's sentence, at most GREETING_REACH words before
        it ("tack för brevet ahmed!", "hej igen fatima!")."""
        for k in range(i - 1, max(-1, i - 1 - T.GREETING_REACH), -1):
            if doc.folds[k] in self.W["name_trigger.greeting"]:
                return True
            if k in doc.starts:
                return False
        return False

    def _owns_kin(self, doc: Doc, i: int) -> bool:
        """A genitive before a kin or friend word: "fatimas mamma", "ahmeds fru"."""
        return doc.folds[i].endswith("s") and i + 1 < len(doc.texts) \
            and self.lex.marks.get(doc.texts[i + 1].lower()) == "fam"

    def _coordinated(self, doc: Doc, i: int, comma: bool = True) -> bool:
        """"Sara och yonas", "min bror och fartun", "ayaan och Omar": token i is joined by
        "och" (or, with `comma`, a comma: not after an apposition "Eva , ursynderskan") to a
        capitalised name (not starting its sentence) or a kin word."""
        folds, n = doc.folds, len(doc.texts)
        lists = self.W["list_word"] if comma else self.W["list_word"] - {","}
        if not comma and i and folds[i - 1] == ",":
            return False
        return i >= 2 and folds[i - 1] in lists and (
            self._inner_name(doc, i - 2)
            or self.lex.marks.get(doc.texts[i - 2].lower()) == "fam") \
            or i + 2 < n and folds[i + 1] in lists and (
                self._inner_name(doc, i + 2)
                or self._kin_said(doc, i) and self._unheard_capital(doc, i + 2))

    def _kin_said(self, doc: Doc, i: int) -> bool:
        """Token i is said by a kin word before it to be that kin, right after it or after "är"
        ("Våra barn är lova och Mialy", "mina döttrar lova och Mialy")."""
        marks, texts = self.lex.marks, doc.texts
        return i >= 1 and marks.get(texts[i - 1].lower()) == "fam" \
            or i >= 2 and doc.folds[i - 1] in self.W["be_verb"] \
            and marks.get(texts[i - 2].lower()) == "fam"

    @staticmethod
    def _unheard_capital(doc: Doc, k: int) -> bool:
        """Token k is a capitalised word inside its sentence that no list and no frequency
        count knows (an unlisted name: "Mialy")."""
        e = doc.entries[k]
        return doc.texts[k][:1].isupper() and k not in doc.starts and doc.texts[k].isalpha() \
            and not (e.zipf or e.cats or e.place_kind or e.org_kind or e.country)

    @staticmethod
    def _inner_name(doc: Doc, k: int) -> bool:
        """A capitalised word inside a sentence that is a listed first name, or no word at all
        right after a kin word (an unlisted name: "mina barn Lensa och ebisa", "två barn, Baran
        och zelal") or after earlier capitalised names of its list ("tre barn, Kermen, Delgir
        och sanal")."""
        e = doc.entries[k]
        if not doc.texts[k][:1].isupper() or k in doc.starts:
            return False
        if e.gender:
            return True
        j = k - 1 - (k >= 2 and doc.folds[k - 1] == ",")
        while j >= 2 and doc.folds[j - 1] == "," and doc.texts[j][:1].isupper() \
                and doc.texts[j].isalpha() and k - j < T.KIN_LIST_REACH:
            j -= 2  # "tre barn, Kermen, Delgir och sanal": back over the list's earlier names
        return not (e.zipf or e.cats or e.place_kind or e.org_kind or e.country) \
            and doc.texts[k].isalpha() and j >= 0 \
            and doc.lex.marks.get(doc.texts[j].lower()) == "fam"

    def _place_ctx(self, doc: Doc, i: int) -> int:
        """`_place_context` of a judged word, its reads noted (`_far`); 0 without a call for a
        word beside none of the words it reads further (most words)."""
        folds = doc.folds
        if folds[i - 1] not in self.place_before \
                and (i + 1 == len(folds) or folds[i + 1] not in self.place_after):
            return 0
        return _place_context(doc, i, self._far)

    def _named(self, doc: Doc, i: int, listed: bool) -> bool:
        """Right after "heter", "hette", "kallas", or a later name of a list after one in the
        same sentence ("mina barn heter Abdi, hodan och liban"), or a nickname ("kallar mig
        zizi", "vi säger lulu hemma"): a name even in lower case."""
        naming = self.W["naming_verb"]
        if listed:  # the naming verb anywhere before it in its sentence
            return bool(self._far(self._named_list, doc, i)) or self._between_names(doc, i)
        folds, W = doc.folds, self.W
        if i + 3 < len(folds) and folds[i + 2] in W["personal_pronoun"] \
                and folds[i + 3] in W["name_object"] and (folds[i + 1] in W["name_trigger.verb"]
                                                          or folds[i + 1] in W["calling_verb"]):
            return True  # "nunu kallar hon sig", "zizi kallar de mig"
        if not i or i in doc.starts:
            return False
        if folds[i - 1] not in self.named_before \
                and doc.texts[i - 1].lower() not in self.saying_verbs \
                and not (i > 1 and folds[i - 1] in W["personal_pronoun"]
                         and doc.texts[i - 2].lower() in self.saying_verbs):
            return False  # (most words: the three tests below read the word before first)
        return folds[i - 1] in naming and self._said_of_person(doc, i - 1) \
            or self._nicknamed(doc, i) or self._hailed(doc, i) or self._own_name_said(doc, i)

    def _own_name_said(self, doc: Doc, i: int) -> bool:
        """"mitt namn är vilayphone", "mitt gamla namn vilayphone keomany", "hennes efternamn
        är hok": after an owned name noun (and "är"), the name itself, also in lower case."""
        folds, W = doc.folds, self.W
        k = i - 1 - (folds[i - 1] in W["name_copula"])
        if k < 1 or folds[k] not in self.name_nouns:
            return False
        k -= 1 + (folds[k - 1] in W["kin_adjective"] and k >= 2)
        return doc.texts[k].lower() in self.lex.words.surface("possessive")

    def _hailed(self, doc: Doc, i: int) -> bool:
        """"Hej eidar!", "kram från zeynab", "hälsningar faadumo": a rare word no list holds
        right after a greeting (or a greeting and "från"), ending its clause or before "och"
        and the company signing with them ("och barnen"), is who is greeted or who signs."""
        k = i - 1 - (doc.folds[i - 1] == "fran" and i >= 2)
        e, n = doc.entries[i], len(doc.texts)
        return doc.folds[k] in self.W["name_trigger.greeting"] and doc.texts[i].isalpha() \
            and e.zipf < T.RARE and not e.cats and doc.folds[i] not in self.vocabulary \
            and (i + 1 == n or not doc.texts[i + 1][0].isalnum()
                 # "kram från ngozika och barnen": the sender and the company signing with her
                 or i + 2 < n and doc.folds[i + 1] in self.W["list_word"]
                 and doc.folds[i + 2] in self.W["sender_company"])

    def _nicknamed(self, doc: Doc, i: int) -> bool:
        """"alla kallar mig zizi", "de kallade honom abu": after a calling verb and its person,
        or its relative pronoun after a name ("Mohamed, som alla kallar hamadi");
        "vi säger lulu hemma", "hemma säger vi zizi", "alla säger bara abdi till honom", "hon säger bara nunu.": after
        a saying verb only a given name or a word no list knows, said to or about someone (a
        `nickname_tail` after it, or the sentence ends) — not "säger nej hemma"."""
        folds, W = doc.folds, self.W
        if _called(doc, i):
            return True
        if i >= 3 and (folds[i - 1] in W["name_trigger.verb"] or folds[i - 1] in W["calling_verb"]) \
                and any(folds[j] in W["relative_pronoun"] and self._name_antecedent(doc, j)
                        for j in range(max(0, i - 4), i - 1)):
            return True  # "min ammi mohamed, som alla kallar hamadi": the relative's name
        k = i - 1 - (folds[i - 1] in W["saying_filler"])
        k -= k > 0 and folds[k] in W["personal_pronoun"]  # "hemma säger vi zizi"
        # the spelling itself: "sa" folds like "så"
        if k < 0 or doc.texts[k].lower() not in self.lex.words.surface("saying_verb"):
            return False
        e, key = doc.entries[i], folds[i]
        said_to = _said_to_person(doc, i)  # "vi säger rosa till henne": any name said to her
        named = said_to or self._person_named_before(doc, k)
        most = T.NICKNAME_NAMED_MAX if named else T.NICKNAME_MAX
        # a sentence that named the person takes a word ending like a Swedish form ("heter
        # Ndinelao, men min familj säger ndina") or a small town abroad's name ("alla ropar wil")
        if not (e.gender and (said_to or not _is_common(e)) or e.zipf < most and not e.cats
                and not (e.surname_rank or e.place_kind and not (named and _foreign_town(e)))
                and key not in self.vocabulary
                and (named or not key.endswith(self.everyday_endings))):
            return False  # "säger observatoriet", "säger tack", "säger habibi till mig"
        return i + 1 == len(folds) or i + 1 in doc.starts or folds[i + 1] in W["nickname_tail"] \
            or not doc.texts[i + 1][0].isalnum()

    def _person_named_before(self, doc: Doc, k: int) -> bool:
        """"Jag heter Skander Ben Ammar, men mina vänner säger sko", "min bror Aleksandar bodde
        i Ronneby, vi säger ace": a naming verb or a capitalised given name earlier in the
        saying verb's (at k) sentence, so the word said is that person's name."""
        for j in range(k - 1, max(-1, k - T.PRONOUN_REACH), -1):
            if doc.folds[j] in self.W["naming_verb"] or doc.entries[j].first_rank \
                    and doc.texts[j][:1].isupper() and j not in doc.starts:
                return True
            if j in doc.starts:
                return False
        return False

    def _between_names(self, doc: Doc, i: int) -> bool:
        """"tre barn, Aram, zhino och Roj": a rare word after a name and a list word, before a
        list word and a capitalised given name, is a name of the list too (`listed` holds the
        name before it)."""
        j = i + 2
        if j >= len(doc.texts) or doc.folds[i + 1] not in self.W["list_word"] \
                or not doc.texts[j][:1].isupper() or j in doc.starts:
            return False
        e = doc.entries[j]  # a given name, or a capitalised word that is nothing else ("Roj")
        return (bool(e.first_rank) or not e.place_kind and not e.cats and e.zipf < T.COMMON) \
            and doc.entries[i].zipf < T.RARE and doc.texts[i].isalpha()

    def _named_list(self, doc: Doc, i: int) -> bool:
        """A naming verb said of a person before token i in its sentence."""
        k = doc.last_before(self.W["naming_verb"], i)
        return k >= 0 and self._said_of_person(doc, k)

    def _said_of_person(self, doc: Doc, k: int) -> bool:
        """The naming verb at k names a person: a pronoun, a kin or friend word, a profession or
        a name among the three words before it ("mina barn heter", "jag heter", "min kompis som
        heter", "min arbetsledare heter"), not a thing ("en kruka som heter jebena")."""
        # "min bästa vän bor i stockholm och heter lina": a naming verb joined by "och" to
        # an earlier verb names that verb's subject, a few words further back
        back = T.SUBJECT_REACH if k and doc.folds[k - 1] == "och" else 3
        for j in range(max(0, k - back), k):
            low = doc.texts[j].lower()
            if doc.folds[j] in self.W["personal_pronoun"] or self.lex.mark_of(low) in PERSON_MARKS \
                    or doc.folds[j] in self.W["name_trigger.kin"] \
                    or doc.folds[j] in self.W["name_trigger.social"]:
                return True
        return False

    @staticmethod
    def _name_antecedent(doc: Doc, j: int) -> bool:
        """"min ammi mohamed, som alla kallar hamadi": a given name (in any case) right before
        the relative pronoun at j, or before its comma; also one before the person's
        capitalised later names ("min padrino Rafael Almonte, som alla kallar fello")."""
        m = j - 1 - (j >= 2 and doc.folds[j - 1] == ",")
        for k in range(m, max(-1, m - T.NAME_PARTS_BEFORE_RELATIVE), -1):
            if not doc.texts[k].isalpha():
                return False
            if doc.entries[k].first_rank > 0:
                return True
            if not doc.texts[k][0].isupper() or k in doc.starts:
                return False
        return False

    def _common_text(self, text: str, e: Entry) -> bool:
        """An everyday word, by a token's text and its entry; "Pär" is judged as itself, not as
        the frequent "par"."""
        return _is_common(e) and not (not text.isascii()
                                      and text.lower() not in self.lex.common_accented
                                      and not e.cats - HOMOGRAPH - NAMEISH_CATS)

    def _relabel(self, c: Cand, label: str, attrs: tuple[str, ...]
                 ) -> tuple[str, tuple[str, ...]]:
        """A capitalised name or small town right after a name is a surname; a first name
        before another capitalised word is a person, not the small town of the same name
        ("Whitney Houston")."""
        e = c.e
        is_name = label.startswith("firstname") or label == "surname"
        i = c.i
        if is_name and e.surname_rank and self._surname_said(c.doc, i):
            return "surname", ()  # "mitt efternamn är Hussein"
        if c.name_ctx and _initial_before(c.doc, i) < i and (is_name or e.surname_rank):
            return "surname", ()  # "heter J. Ek", "heter A. Berg": the name after an initial
        if c.after_name and e.gender in FIRSTNAME and i \
                and c.doc.entries[i - 1].surname_rank and not c.doc.entries[i - 1].gender \
                and (not e.surname_rank or not self._name_before(c.doc, i - 1)):
            # "Chen Jing", "wu Fang": the family name first (Fang is a family name too, but
            # after a family name that starts the name it is the given one)
            return FIRSTNAME[e.gender], ()
        if c.after_name and e.gender == "female" == c.doc.entries[i - 1].gender \
                and label == FIRSTNAME["female"] and not e.surname_rank \
                and not c.doc.entries[i - 1].surname_rank:
            # "Fatima Zahra", "Agnieszka Maria": a woman's second given name (a family name
            # from a given name is a man's: "Abel Dawit")
            return "middlename", ()
        if c.after_name and not c.common and (
                c.cap and (is_name or label == "city" and not c.place_ctx)
                or (is_name or label in TOWN_LIKE and not c.place_ctx) and e.surname_rank):
            return "surname", ()  # "mohamed abdi", "mehmet aydın" (also a town): in lower case too
        if c.after_name and c.cap and label in FIRSTNAMES and "common_name_homograph" in e.cats \
                and not self._capitalised_next(c.doc, i):
            # "Lena Sten", "Elias Sten": a given name that is an everyday word (Sten, Vide),
            # capitalised last after a given name, is a family name of that word (an inner one
            # before a family name stays a given name: "Oskar Hans Berg")
            return "surname", ()
        if e.gender and label in PLACE_LABELS and c.cap and (
                not c.place_ctx or c.place_ctx == 1 and e.first_rank
                and e.first_rank <= T.TOP_NAME_RANK) \
                and not (e.se_pop or e.place_pop >= T.BIG_PLACE) \
                and self._capitalised_pair(c.doc, c.i):
            return FIRSTNAME[e.gender], ()
        return label, attrs

    @staticmethod
    def _capitalised_next(doc: Doc, i: int) -> bool:
        """A capitalised word follows token i in its sentence: a name's inner part ("Jan",
        also a month, in "Tomasz Jan Wiśniewski") has a later part after it."""
        k = i + 1
        return k < len(doc.texts) and k not in doc.starts and doc.texts[k][:1].isupper() \
            and doc.texts[k].isalpha()

    @staticmethod
    def _name_before(doc: Doc, k: int) -> bool:
        """Token k follows a word the name lists hold: it does not start a person's name."""
        return k >= 1 and doc.texts[k - 1][:1].isalpha() and bool(
            doc.entries[k - 1].first_rank or doc.entries[k - 1].surname_rank)

    def _named_place(self, c: Cand) -> Span | None:
        """A name reading after "bor i": "bor i Stokholm" is a misspelt place (beating a rare
        surname), "Vi bodde i Hodan" ("i hodan") a place whatever else the word names."""
        if not c.e.place_kind and len(c.key) >= 5:
            target = self._fuzzy(c.key)
            if target:
                flabel, fattrs = self._label_for(self.lex.entries[target], target, False,
                                                 c.place_ctx)
                if flabel and flabel not in NAME_LABELS:
                    return FUZZY.span(c.doc.offsets[c.i], c.doc.ends[c.i], flabel,
                                      fattrs + c.morph, key=target)
        if not c.name_ctx and (c.doc.folds[c.i - 1] == "i" and c.cap
                               or (c.doc.folds[c.i - 1] == "i" or c.place_ctx == 2)
                               and not c.cap and not c.common):
            # "bodde i şahinbey", "kom från gulistan till": in lower case too, unless the word
            # is an everyday one
            water = c.cap and _in_water(self, c.doc.folds, c.i)  # "badade i Prut": a river
            return PLACE_CONTEXT.span(c.doc.offsets[c.i], c.doc.ends[c.i],
                                      "geo" if water else "city", c.morph, key=c.key, score=0.6)
        return None

    def _accepted(self, c: Cand, label: str, is_name: bool) -> bool:
        """Whether a known word's reading stands, by its case: a capital proves little at a
        sentence start, an acronym is no name, a lower-case word needs context."""
        text = c.doc.texts[c.i]
        if text.isupper() and len(text) > 1:
            return not (c.common and not (c.place_ctx or c.name_ctx)
                        or is_name and len(c.key) <= 4 and not self._capital_name(c))
        if c.cap:
            return self._capital_accepted(c, is_name)
        return self._lower_accepted(c, label, is_name)

    def _dislocated(self, doc: Doc, i: int) -> bool:
        """"Gabi, han är min bästa vän": a comma and a pronoun after the word opening the
        sentence take it up as the person (a learner's left dislocation)."""
        return i + 2 < len(doc.texts) and doc.texts[i + 1] == "," \
            and doc.folds[i + 2] in self.W["dislocated_pronoun"]

    @staticmethod
    def _capital_name(c: Cand) -> bool:
        """"Hej ANNA", "ANNA" alone, "jag träffade OMAR": a short all-capitals word is a name
        (not an acronym) when it is a well-attested first name and nothing else: no
        organisation, place, country or lexicon word ("ICA", "SAS", "SFI")."""
        e = c.e
        return len(c.key) >= 3 and bool(e.first_rank) and e.first_rank <= T.ATTESTED_RANK \
            and not (e.org_kind or e.place_kind and not _name_beats_place(e) or e.country
                     or e.cats or c.common)

    def _capital_accepted(self, c: Cand, is_name: bool) -> bool:
        doc, i, e = c.doc, c.i, c.e
        context = c.place_ctx or c.name_ctx or hiring_at(doc, i)  # "Nokia i Lund söker folk"
        if c.initial:
            return bool(context) or not (c.common or not self._attested(e)) or is_name and (
                self._name_follows(doc, i) or self._bare_subject(doc, i)
                or e.gender and not c.common and self._dislocated(doc, i)
                or e.gender and (self._capitalised_pair(doc, i) or self._with_person(doc, i))) \
                or bool(e.country) and i + 1 < len(doc.texts) \
                and doc.folds[i + 1] in self.W["name_verb"]  # "Polen har fina berg"
        if not c.common or context or c.after_name or is_name and self._capitalised_pair(doc, i):
            return True
        if is_name and e.gender and self._in_person_slot(doc, i, False):
            return True  # "där träffade jag Ville, han", "jag hjälpte Vid": a person's slot
        # Inside a sentence a capital decides a homograph: "hos Hans bror" (Hans), "hans bror".
        homograph = e.cats and e.cats <= HOMOGRAPH | NAMEISH_CATS
        return bool(e.place_kind and e.place_pop >= T.BIG_PLACE and e.zipf < T.DOMINANT_WORD
                    or e.country or homograph)

    def _common_place_accepted(self, c: Cand, is_name: bool) -> bool:
        """A lower-case homograph of an everyday word is kept as a place only where a place
        preposition, place verb or list of places says so: `_lower_accepted`'s reading of a
        common word."""
        e = c.e
        # "bor i lund", "min fru från polen": a homograph that is a country (after any
        # place preposition) or a sizeable Swedish town (after a place verb).
        folds, i = c.doc.folds, c.i
        listed = i >= 2 and folds[i - 1] in self.W["list_word"] \
            and bool(c.doc.entries[i - 2].country)  # "från afghanistan och polen"
        if c.key in self.W["personal_pronoun"]:
            return False  # "besökte vi Västerås domkyrka": the pronoun, not the village Vi
        # "på tetra pak i lund", "cyklar från bro": a town's noun bare after "i"/"från",
        # with no article nor definite ending, is no Swedish noun phrase ("i en lund",
        # "i lunden" are): the town
        bare = c.place_ctx == 1 and e.se_pop >= T.SE_ATTESTED and e.zipf < T.DOMINANT_WORD \
            and folds[i - 1] in self.W["unheard_place_preposition"] \
            and not c.key.endswith(self.ENDS["definite_ending"])  # ("i boden": the shed)
        # "flyttade till medan och bodde", "åkte buss till medan på sumatra": a conjunction
        # never heads a noun phrase, so after a verb of going or living and its preposition
        # it is a big town abroad of its spelling
        clause_word = c.place_ctx == 2 and e.place_kind == "city" \
            and e.place_country not in ("", "SE") and e.place_pop >= T.BIG_PLACE \
            and c.key in self.W["subjunction"]
        return not is_name and e.cats <= HOMOGRAPH and (
            c.place_ctx == 2 and bool(e.country or e.se_pop >= T.SE_ATTESTED) or clause_word
            or (c.place_ctx == 1 or listed) and bool(e.country) or bare
            or c.place_ctx == 1 and self._fronted_place(c.doc, i, e)
            or c.place_ctx and (_route_start(c.doc, i, e) or _route_end(c.doc, i, e))
            or self._listed_town(c.doc, i) and e.se_pop >= T.SE_ATTESTED
            and e.zipf < T.DOMINANT_WORD)  # "till Malmö eller lund", not "Uppsala och vi"

    def _fronted_place(self, doc: Doc, i: int, e: Entry) -> bool:
        """"I kosta vi såg hur man blåser glas", "men i kosta min son köpte": a town after an
        "i" opening its clause and before the clause's subject (a pronoun or an owner's word:
        the learner's uninverted order after a fronted place) is the town, though its name is
        an everyday word; not a time ("i går vi åkte": `fronted_adverb` igår)."""
        folds = doc.folds
        return folds[i - 1] == "i" and i + 1 < len(folds) and i not in doc.starts \
            and (i - 1 in doc.starts or i >= 2 and folds[i - 2] in self.W["subject_before"]) \
            and (folds[i + 1] in self.W["personal_pronoun"] or folds[i + 1] in self.W["possessive"]) \
            and bool(e.se_pop or e.place_kind == "city" and e.place_pop >= T.SE_ATTESTED) \
            and "i" + folds[i] not in self.W["fronted_adverb"] \
            and not folds[i].endswith(self.ENDS["definite_ending"])

    def _lower_accepted(self, c: Cand, label: str, is_name: bool) -> bool:
        """A candidate written in lower case is kept only with the context its kind needs
        (a naming verb, a place preposition, a work verb): learners write names in lower case,
        but most lower-case words are no names."""
        e = c.e
        if c.common and c.named and is_name and e.cats and e.cats <= HOMOGRAPH | NAMEISH_CATS \
                and (c.doc.folds[c.i - 1] in self.W["naming_verb"] or _called(c.doc, c.i)
                     or c.doc.folds[c.i - 1] in self.W["list_word"] and self._list_goes_on(c.doc, c.i)
                     or _said_to_person(c.doc, c.i)):
            # "min vän heter lina", "han heter hans", "alla kallar honom sten", "barnen heter
            # Ahmed, Sara och rosa", "vi säger rosa till henne": the naming verb decides
            return True
        if c.named and is_name and e.gender and "common_name_homograph" in e.cats \
                and c.doc.folds[c.i - 1] in self.W["naming_verb"] and self._surname_after(c.doc, c.i):
            return True  # "min granne heter bror Niemi": a kin word too, before the family name
        if c.common and is_name and e.gender and _kin_apposed(c.doc, c.i):
            return True  # "juni, hans kompis från klassen, dansade": the apposition decides
        if c.common and label in ORG_LABELS and e.org_kind and e.org_kind != "company" \
                and _letter_heading(c.doc, c.i):
            return True  # "Till polisen" heading a letter: the authority written to
        if c.common:
            return self._common_place_accepted(c, is_name)
        if label in ORG_LABELS:
            # "jobbar på volvo", "pluggar på kth": a known institution after a work or school
            # verb; a definite noun is the common noun ("jobbar på apoteket", "banken").
            # An authority, hospital, bank or university needs no context ("ringde
            # försäkringskassan"), unless its name is an everyday word ("polisen").
            if e.org_kind != "company" and e.zipf < T.LOWER_ORG_MAX \
                    or self._far(_at_shop, c.doc, c.i):
                return True  # "ringde försäkringskassan", "handlar på willys"
            return (_institution_context(c.doc, c.i) is not None or studied_at(c.doc, c.i)
                    is not None or hiring_at(c.doc, c.i)) \
                and not self._definite_noun(c.key)  # "läser svenska på hermods"; "volvo i
            # Olofström behöver folk": the employer hiring
        if is_name:
            return bool(c.name_ctx or c.after_name or (
                e.first_rank and e.first_rank <= T.LOWER_CASE_NAME_RANK
                and e.zipf < T.DOMINANT_WORD) or self._unmistakable_name(c))
        if label == "country":
            return True
        if (e.place_kind == "geo" or e.cats & CURATED_PLACES) and (
                c.place_ctx or c.i and c.doc.folds[c.i - 1] in self.W["geo_preposition"]
                or c.i >= 2 and c.doc.folds[c.i - 1] in self.W["list_word"]
                and c.doc.entries[c.i - 2].place_kind == "geo"):
            return True  # "skridskor på hjälmaren", "båt till lesbos", "vid hagaparken",
            # "vid mälaren eller hjälmaren"
        if (e.se_pop or e.cats & SWEDISH_LISTED) and e.zipf < T.RARE and len(c.key) >= 4 \
                or e.cats == REGION_ONLY and e.value == "SE":
            return True  # "här finns luleälven", "i öxnehaga", "jag tycker om gotland"
        if self._curated_geography(c) or self._unworded_town(c):
            return True  # "såg nilen", "bara öresund och vind", "eller baltikum";
            # "jag gillar strömstad", "tycker mer om nybro"
        big = e.se_pop >= T.SE_LOWER_CASE or e.place_pop >= T.MILLION \
            and e.zipf < T.BIG_PLACE_WORD_MAX and e.place_kind != "spelling"  # not "emerita"
        if e.se_pop >= T.SE_ATTESTED and self._listed_town(c.doc, c.i):
            return True  # "i simrishamn, skurup och löderup": a town listed after a town
        # (not a name: "på gröna lund och baran var rädd" is the boy Baran)
        placed = c.place_ctx == 1 or not e.gender and self._listed_place(c.doc, c.i) and (
            e.se_pop or not self._after_phrase_place(c.doc, c.i)
            or self._passed_through(c.doc, c.i))
        return bool(c.place_ctx == 2 or big or placed and (
            e.se_pop or e.place_pop >= T.BIG_PLACE or "settlement" in e.cats
            or "district_abroad" in e.cats or "town_abbreviation" in e.cats
            or e.place_kind == "region" or e.place_pop and not e.zipf))
        # "i cebu", "i jubaland", "i kurdistan"; "från nyeri": a town that is no word at all;
        # "hargeisa och burao": the same after a place and a list word

    def _curated_geography(self, c: Cand) -> bool:
        """"såg nilen", "bara öresund": a hand-listed river, lake, sea, island or region whose
        name is no everyday word (in no word list, not one letter from a frequent word, of
        `CURATED_GEO_WORD_MIN` letters or more) is that place in lower case wherever it stands;
        its frequency is the name's own, not a word's ("ven", "nissan" stay words)."""
        e = c.e
        return bool(e.cats & CURATED_GEOGRAPHY) and not e.cats - NAMEISH_CATS \
            and e.zipf < T.COMMON and len(c.key) >= T.CURATED_GEO_WORD_MIN \
            and c.key not in self.everyday_words and c.doc.texts[c.i].isalpha() \
            and not self._one_letter_off(c.key)

    def _unworded_town(self, c: Cand) -> bool:
        """"jag gillar strömstad", "efter nybro": a Swedish town of SE_ATTESTED people or more
        whose name no everyday word writes (below COMMON, in no word list nor the vocabulary, no
        name, no definite noun: "klippan", "viken"; not one letter from a frequent word) is that
        town in lower case wherever it stands; its frequency is the town's own."""
        e = c.e
        return e.se_pop >= T.SE_ATTESTED and e.zipf < T.COMMON and not e.cats \
            and not e.gender and len(c.key) >= T.CURATED_GEO_WORD_MIN \
            and c.key not in self.everyday_words and c.key not in self.vocabulary \
            and c.doc.texts[c.i].isalpha() and not self._definite_noun(c.key) \
            and not self._one_letter_off(c.key)

    def _unmistakable_name(self, c: Cand) -> bool:
        """"jag lagar mat för amina", "jag tänker på hodan": a listed given name that no
        everyday word writes (below LOWER_NAME_ANYWHERE_MAX, in no word list, no word of the
        vocabulary, no å/ä/ö word folding onto it) is a name in lower case wherever it stands."""
        e, text = c.e, c.doc.texts[c.i]
        return bool(e.gender) and e.zipf < T.LOWER_NAME_ANYWHERE_MAX and not e.cats \
            and len(c.key) >= 4 and c.key not in self.vocabulary and text.isalpha() \
            and (text.isascii() or not any(ch in "åäö" for ch in text.lower())) \
            and not c.place_ctx and e.first_rank != NO_RANK and not self._one_letter_off(c.key)
        # listed, not an international name of any language (no rank: "hella", "elver" are
        # learners' "hela", "elva"), nor a frequent word with one letter changed ("hannes")

    def _one_letter_off(self, key: str) -> bool:
        """One letter changed from a frequent everyday word (ONE_LETTER_WORD_MIN): "hannes" ~
        hennes, "sakar" ~ saker, "ante" ~ anta: a learner's spelling as likely as a name."""
        return any(len(w) == len(key) and sum(a != b for a, b in zip(w, key)) == 1
                   and self.lex.get(w).zipf >= T.ONE_LETTER_WORD_MIN
                   for w in self._near_length(key[0], len(key), 0, "common"))

    def _definite_noun(self, key: str) -> bool:
        """"apoteket", "banken": the definite form of an everyday noun (a company's name that
        merely ends like one, "pressbyrån", is not)."""
        ends = self.ENDS["definite_ending"]
        return key.endswith(ends) and any(
            key.endswith(end) and self.lex.get(key[:-len(end)]).zipf >= T.COMPOUND_PART_MIN
            for end in ends)  # (one C-level test first: most words end in none)

    def _unknown(self, c: Cand) -> Span | None:
        """A word no gazetteer knows: a misspelt name or place, or a proper noun by its capital,
        its context and its shape (Swedish compounds of ordinary words are not names). The
        steps run in order; the first that decides (a span, or REJECT) ends it. A lower-case
        word beside none of the words the steps before `_u_shape` read first is rejected
        without calling them (`lower_steps_before`, `_near`); a capitalised word
        not after `capital_steps_before` starts at `_u_shape`; a step whose first read is a word
        right before (`STEP_BEFORE`) runs only after one of its words (`steps_after`); of the
        rest, the steps that can find nothing for this spelling and these context flags are
        left out of the plan remembered for them (`_plan_on`)."""
        doc, i = c.doc, c.i
        if not (c.cap or c.place_ctx) and c.e == EMPTY:  # (the gate skips no country; the
            country = _u_misspelt_country(self, c)  # steps after it need not ask again)
            if country is not None:
                return country
        near = 0 if c.cap and c.initial else self._near(doc, i, c.cap)  # (read after no
        if not (c.cap or c.place_ctx or c.named or c.after_name or near & NEAR_GATE) \
                and not (i and doc.folds[i - 1] in self.lower_steps_before) \
                and not doc.texts[i].isupper():  # capital inside a sentence: `STEP_CASE`)
            return None  # (`near` holds the gate's tests of a slot, an owner, the word after)
        steps, capital, shaped = self.steps_after.get(doc.folds[i - 1], self.steps_alone)
        if c.cap:
            steps = capital if i >= 2 and doc.folds[i - 1] in self.capital_steps_before \
                or doc.texts[i].isupper() else shaped
        at = (doc.texts[i], steps, near, c.initial, c.after_name, c.place_ctx, c.name_ctx,
              c.named)
        known, upto = self._plans.get(at, NO_PLAN)
        for step in known:
            found = step(self, c)
            if found is not None:
                return found or None
        return self._plan_on(at, known, upto, c) if upto < len(steps) else None

    def _plan_on(self, at: tuple, known: tuple[Callable, ...], upto: int, c: Cand) -> Span | None:
        """`_unknown`'s steps from `at[1][upto]` on, those that can find nothing for this
        spelling and these flags (`STEP_WORD`, `STEP_PURE`) left out of the plan remembered
        for them (`known` so far): each step's verdict is asked once, when a word first gets
        that far (bounded: long words, a full table not kept; one immutable pair per write,
        so the threads that share an engine only ever store a true prefix)."""
        steps, found = at[1], None
        while upto < len(steps) and found is None:
            step = steps[upto]
            upto += 1
            ask = STEP_WORD.get(step)
            if ask is not None:
                verdict = ask(self, c)
                found = step(self, c) if verdict else None
            elif step in STEP_PURE:
                found = step(self, c)
                verdict = NEVER if found is None else ALWAYS
            else:
                verdict, found = MAY, step(self, c)
            if verdict:
                known += (step,)
                if verdict == ALWAYS:
                    upto = len(steps)  # (no step after it runs)
        if len(at[0]) <= T.REMEMBERED_WORD_MAX and (len(self._plans) < T.REMEMBERED_WORDS
                                                    or at in self._plans):
            self._plans[at] = known, upto
        return found or None

    def _town_pair(self, doc: Doc, last: Span, span: Span, e: Entry, i: int) -> bool:
        """Whether `last` and `span` are two small foreign towns written as one name."""
        if not (span.label == last.label == "city" and span.rule == last.rule == "gazetteer"
                and last.end + 1 == span.start and doc.text[last.end] == " "
                and _place_context(doc, i - 1) < 2):
            return False
        return all(not x.se_pop and x.place_pop < T.BIG_PLACE and not x.country and x.place_kind
                   for x in (e, self.lex.get(last.key)))

    @staticmethod
    def _capitalised_pair(doc: Doc, i: int) -> bool:
        """The next token is also a capitalised, lower-frequency word (not an acronym)."""
        if i + 1 >= len(doc.texts) or doc.space(i) != " ":
            return False
        nxt, e = doc.texts[i + 1], doc.entries[i + 1]
        return (nxt[0].isupper() and nxt.isalpha() and not nxt.isupper() and e.zipf < T.PAIR_ZIPF
                and not e.cats & EXCLUDED_CATS and not (e.cats - NAMEISH_CATS - HOMOGRAPH))

    def everyday_variant(self, key: str) -> bool:
        """A rare word the engine reads as an everyday word: misspelt by one edit ("sckolan")
        or a compound of two ("barndomslägen"). The learned tagger's guard asks it."""
        return self._compound(key) or self._misspelt(key)  # (the cheaper test first)

    def misspelt(self, key: str) -> bool:
        """A rare word one edit from an everyday word ("sckolan"): the learned tagger's guard
        keeps a compound that is none of these (`learned.candidate`)."""
        return self._misspelt(key)

    def _compound(self, key: str) -> bool:
        """tjänstebil, DNA-register: a compound whose head and modifier are ordinary words
        (the modifier may carry a linking s or e or have dropped its final vowel: stjärn|lösa).
        Remembered per word (`_split`) up to the longest compound (a hostile word is not kept)."""
        return self._split(key) if len(key) <= T.LONGEST_COMPOUND else self._split_uncached(key)

    def _part(self, key: str) -> bool:
        """An ordinary word frequent enough to be a part of a compound."""
        e = self.lex.entries.get(key)
        return e is not None and e.zipf >= T.COMPOUND_PART_MIN

    def modifier(self, mod: str) -> bool:
        """`mod` is the first part of a compound of ordinary words: a word itself, or one with
        a linking s or e (tjänste|bil, arbets|dag) or a dropped vowel or plural ending
        (kyrk|gården, skol|bussen, kläd|stil)."""
        word = self._part
        return bool(mod) and (word(mod) or mod[-1] in "se" and word(mod[:-1])
                              or any(word(mod + end) for end in ("a", "e", "er")))

    def _split_uncached(self, key: str) -> bool:
        parts = key.split("-")
        if len(parts) > 1:
            return self._part(parts[-1])
        if len(key) > T.LONGEST_COMPOUND:
            return False
        return self.compound_of(key, self._part)

    def compound_of(self, key: str, head: Callable[[str], bool]) -> bool:
        """`key` splits into an everyday first part (`modifier`, at least COMPOUND_MODIFIER_MIN
        letters) and a last part of at least four letters that `head` accepts: the one split
        test of the compound reading (`_compound`) and of a vehicle's compounds ("läns|buss")."""
        return any(head(key[k:]) and self.modifier(key[:k])
                   for k in range(len(key) - 4, T.COMPOUND_MODIFIER_MIN - 1, -1))

    def _inflected_word(self, key: str, compounds: bool = True, shortest: int = 3) -> bool:
        """"serbiske", "hene": an everyday word (or, with `compounds`, a compound) of at least
        `shortest` letters with a plural, definite or adjective ending, not a name nobody
        lists."""
        for ending in self.ENDS["inflection_ending"]:
            stem = key[:-len(ending)]
            if key.endswith(ending) and len(stem) >= shortest:
                e = self.lex.entries.get(stem)
                if e is not None and (e.zipf >= T.COMPOUND_PART_MIN or e.cats - NAMEISH_CATS) \
                        or compounds and self._compound(stem):
                    return True
        return False

    def _definite_form(self, key: str) -> bool:
        """"Helikoptern", "Smittan": an everyday noun of at least INFLECTED_STEM_MIN letters, no
        name or place, in a definite form `_inflected_word` does not read
        (`definite_form_ending`)."""
        for ending in self.ENDS["definite_form_ending"]:
            stem = key[:-len(ending)]
            if key.endswith(ending) and len(stem) >= T.INFLECTED_STEM_MIN:
                e = self.lex.get(stem)
                if e.zipf >= T.COMPOUND_PART_MIN and not (e.gender or e.surname_rank
                                                          or e.place_kind or e.country):
                    return True
        return False

    def _everyday_stem(self, stem: str, compounds: bool = True) -> bool:
        """The part of a compound before a name's ending is an everyday word (with or without
        a linking s), or two ("grund|skolan", "stads|parken", "vuxenutbildnings|"), not a name
        or a place ("bäckby|skolan", "tyresö|skogen")."""
        if len(stem) < 3:
            return True
        for part in (stem, stem[:-1]) if stem[-1:] in "se" else (stem,):
            e = self.lex.entries.get(part)
            named = e is not None and (e.place_kind or e.gender or e.surname_rank
                                       or e.cats & NAMEISH_CATS)
            if e is not None and e.zipf >= T.COMPOUND_PART_MIN and (not named or _is_common(e)) \
                    or compounds and self._compound(part):
                return True
        return False

    def _name_stem(self, key: str, ending: int, e: Entry, unattested: bool = True,
                   compounds: bool = True) -> bool:
        """"bäckby|skolan", "tyresö|skogen": the part before a name's ending (`ending`
        characters) is a place or a name, or (`unattested`) the whole word is unattested and
        not an everyday word before the ending ("grundskolan"), nor (`compounds`) a compound of
        everyday words ("skivbolaget", "rekordnivån")."""
        stem = key[:len(key) - ending]
        # a town's genitive ("kumlas|kyrkan") or its old one before a compound's head, the
        # -n of Falun dropped ("falu|gymnasiet", "sunderby|sjukhuset")
        for part in (stem, stem[:-1]) if stem[-1:] == "s" else (stem, stem + "n"):
            p = self.lex.entries.get(part)
            # a Swedish place or a well-attested name, not a small town abroad ("sim|skola")
            if len(part) >= 4 and p is not None and not _is_common(p) and (
                    p.se_pop or p.place_country == "SE" or p.cats & NAMEISH_CATS
                    or 0 < p.first_rank <= T.ATTESTED_RANK
                    or 0 < p.surname_rank <= T.ATTESTED_RANK):
                return True
        return unattested and not e.zipf and not self._everyday_stem(stem, compounds) \
            and not (compounds and self._compound(key))

    def _unlisted(self, doc: Doc, k: int, rarer: float = T.RARE) -> bool:
        """Token k is a lower-case word no list knows: rarer than `rarer`, of no lexicon
        category, no word a rule reads, no everyday ending ("karte", "naw", "al-zuhur"; not
        "somras", "skolan")."""
        tok, e, key = doc.token(k), doc.entries[k], doc.folds[k]
        return tok.is_word and tok.text[:1].islower() and e.zipf < rarer and not e.cats \
            and not e.place_kind and key not in self.vocabulary \
            and not key.endswith(self.everyday_endings) and not key.isdigit() \
            and ("-" in key or not self._compound(key.removesuffix("s")))  # "konfliktforskare"

    def _misspelt(self, key: str, edits: int = 1) -> bool:
        """Within one edit (or `edits`) of an everyday word: a learner's spelling, not a name.
        (An edit, here and in `_fuzzy`: a letter added, dropped or changed, or two neighbours
        swapped: "ukrania".) Remembered per word (`_near_common`)."""
        if len(key) < 5 or len(key) > self.longest_common + edits:
            return False
        return self._near_common(key, edits)

    def _near_common_uncached(self, key: str, edits: int) -> bool:
        if key[0] not in self.lex.common_by_letter:
            return False  # (no table kept for a letter no everyday word starts with)
        words = self._one_edit(key, "common") if edits == 1 else self._near_length(
            key[0], len(key), edits, "common")
        return bool(words) and process.extractOne(
            key, words, scorer=OSA.distance, score_cutoff=edits) is not None

    def _one_edit(self, key: str, table: str) -> list[str]:
        """The targets of a search within one edit of `key` (`_near_length`'s), less most of
        those that cannot lie that near (`one_edit_choices`): the same best, the first of the
        closest. Of the 107 targets a rare word of MultiGED had, some 6 are left."""
        if len(key) < 3:
            return self._near_length(key[0], len(key), 1, table)
        index = self._one_edit_table(table).get(key[0])
        if index is None:  # (no target starts with its letter)
            return []
        return one_edit_choices(key, self._targets(table)[key[0]], index)

    def _targets(self, table: str) -> dict[str, list[str]]:
        """`_near_length`'s table of targets by first letter."""
        return self.lex.common_by_letter if table == "common" else \
            self.country_targets if table == "country" else self.lex.fuzzy_targets

    def _one_edit_table(self, table: str) -> dict[str, OneEdit]:
        """A table's targets indexed by first letter (`one_edit_index`), made once per lexicon
        with its derived tables (some 20,000 words: ~25 M instructions to make in each process,
        a few to read)."""
        found = self._one_edits.get(table)
        if found is None:
            found = self._one_edits[table] = self.lex.derived(("one edit", table), lambda: {
                first: one_edit_index(words) for first, words in self._targets(table).items()})
        return found

    def _place_suffix(self, low: str) -> str | None:
        """Swedish place-name endings (-köping, -sjön, -gatan), on the lower-cased word."""
        return place_suffix(self.lex, low) if low.endswith(self.place_ends) else None

    def _name_follows(self, doc: Doc, i: int) -> bool:
        """"Hans vill …", "Björn H": a verb or an initial after a sentence-initial name reading
        (the possessive "Hans bror" is followed by a noun); not the next line's first word
        after a heading ("Utflykt\nI lördags")."""
        if i + 1 >= len(doc.texts) or "\n" in doc.space(i):
            return False
        nxt = doc.texts[i + 1]
        after = doc.texts[i + 2] if i + 2 < len(doc.texts) else ""
        return (doc.folds[i + 1] in self.W["name_verb"] or len(nxt) == 1 and nxt.isupper()
                or nxt == "och" and after[:1].isupper())  # "Liv och Oskar"

    def _bare_subject(self, doc: Doc, i: int) -> bool:
        """"Lina stannade hemma", "sten köpte mjölk", "omar spelar fotboll": a given name (also
        one that is a noun), bare at the start of a clause before a verb in the past or present
        tense, is the person (a bare singular noun cannot be the subject that way); not before
        "är"/"var" ("Sten är hård")."""
        if i + 1 >= len(doc.texts) or i not in doc.starts \
                and not self._owned_kin_before(doc, i) and not self._role_subject(doc, i):
            return False  # ("min man per säger", "läraren sol sa")
        verb = doc.folds[i + 1]
        if doc.texts[i].lower() in self.lex.words.surface("possessive") \
                and verb not in self.W["name_verb"]:
            return False  # "Mina vägar är långa": the possessive before its noun
        return len(verb) >= 5 and (verb.endswith(self.ENDS["past_ending"]) or self._present(verb)) \
            and doc.entries[i + 1].zipf >= T.COMPOUND_PART_MIN and (
                not doc.entries[i + 1].cats or verb in self.W["place_trigger.verb"]
                or verb in self.W["place_trigger.visit"]) \
            or verb in self.W["name_verb"] and (verb not in self.W["be_verb"]
                                                or i not in doc.starts)
        # "Per fiskade i Fryken", "Sten flyttade"; "min dotter liv är fem" (not "Sten är hård")

    def _with_person(self, doc: Doc, i: int) -> bool:
        """"Gabi och hans fru kom", "Samira och jag": a given name joined by "och" to a
        personal pronoun or an owner's word is a person (a noun is not joined so)."""
        return i + 2 < len(doc.texts) and doc.folds[i + 1] == "och" and (
            doc.folds[i + 2] in self.W["personal_pronoun"]
            or doc.texts[i + 2].lower() in self.lex.words.surface("possessive"))

    @staticmethod
    def _surname_after(doc: Doc, i: int) -> bool:
        """A capitalised family name the lists hold right after token i, inside its sentence
        ("vide Lindqvist"), or one the lexicon lists as a family name that is also a word
        (`_surname_word`: "min dotter saga Gran")."""
        j = i + 1
        return j < len(doc.texts) and j not in doc.starts and doc.texts[j][:1].isupper() \
            and doc.texts[j].isalpha() and (doc.entries[j].surname_rank > 0
                                            or _surname_word(doc.entries[j]))

    def _kin_genitives(self, doc: Doc, spans: list[Span]) -> list[Span]:
        """"johans kollega per", "karins mamma ringde": a lower-case genitive of a listed given
        name right before a kin or social word (`_listed_genitive`) is that person, though the
        frequency list counts its spelling as a word (which the fast path passes over)."""
        heads = places(doc.folds, self.kin_heads)
        if not heads:
            return spans
        covered = {doc.index_at(s.start) for s in spans}
        added = [PERSON_SLOT.span(doc.offsets[k - 1], doc.ends[k - 1],
                                  FIRSTNAME[self.lex.get(doc.folds[k - 1][:-1]).gender], ("gen",),
                                  key=doc.folds[k - 1][:-1], score=0.6)
                 for k in heads if k and k - 1 not in covered and doc.texts[k - 1][:1].islower()
                 and self._listed_genitive(doc, k - 1)]
        return sorted(spans + added, key=itemgetter(0)) if added else spans

    def _listed_genitive(self, doc: Doc, i: int) -> bool:
        """Token i is a lower-case genitive of a given name the lists hold (a man's or a
        woman's, no homograph, no everyday word) right before a kin or social word: "johans
        kollega", "karins mamma" (whose own spelling the frequency list counts as a word);
        not "hans bror", "mammas syster"."""
        key = doc.folds[i]
        if not key.endswith("s") or len(key) < 4 or i + 1 >= len(doc.texts) \
                or not doc.texts[i].isalpha() or doc.entries[i].zipf >= T.COMMON:
            return False
        nxt = doc.texts[i + 1].lower()
        if not (self.lex.marks.get(nxt) == "fam" or doc.folds[i + 1] in self.owned_kin):
            return False
        e = self.lex.get(key[:-1])
        return e.gender in GENDERED and not e.cats and key[:-1] not in self.vocabulary \
            and e.zipf < T.LOWER_NAME_SLOT_MAX and not (e.place_kind or e.country or e.org_kind)

    def _list_goes_on(self, doc: Doc, i: int) -> bool:
        """Token i closes its clause or a list word follows it: a list's member ("heter Ahmed,
        Sara och rosa."), not the first word of the next clause ("heter Wendpanga ouédraogo,
        mina kompisar säger")."""
        j = i + 1
        return j >= len(doc.texts) or j in doc.starts or not doc.texts[j][0].isalnum() \
            or doc.folds[j] in self.W["list_word"]

    def _people_listed(self, doc: Doc, i: int) -> bool:
        """After token i, a list word and another person (a capitalised word, an owner or a
        kin word) or the person's next verb ("min faster viola och min farbror", "min syster
        saga och Ali", "min moster vera och frågade"; not "till sin dotter rosa och vita
        blommor", colours listed): the owned kin word's name ends there (`_person_slot`;
        "sina barnens liv." ends no name)."""
        j = i + 2
        if j >= len(doc.texts) or doc.folds[i + 1] not in self.W["list_word"]:
            return False
        return doc.texts[j][:1].isupper() or doc.texts[j] in self.lex.words.surface("possessive") \
            or doc.folds[j] in self.kin_heads or doc.folds[j] in self.W["name_verb"]

    def _kin_name_closes(self, doc: Doc, i: int) -> bool:
        """After token i, what closes a kin word's name: its clause's end, a list word, a
        person's verb or a family name (`_name_ends`): "min ñuke rosa och", "min ayi rosa
        ringde", not "min favvo rosa tröja"."""
        j = i + 1
        return self._name_ends(doc, i) or doc.folds[j] in self.W["list_word"] \
            or doc.folds[j] in self.W["name_verb"]

    def _name_ends(self, doc: Doc, i: int) -> bool:
        """After token i, a family name in lower case (`_surname_word`: "sune kvist"), a
        word spelt like a name that no list holds ("lina juodytė"), or the end of its clause
        ("vår dotter saga."): what ends an owned kin word's name (`_person_slot`)."""
        j = i + 1
        if j >= len(doc.texts) or j in doc.starts or not doc.texts[j][0].isalnum():
            return True
        e = doc.entries[j]
        return doc.texts[j].islower() and (_surname_word(e) or not e.gender and _namelike_word(
            self, doc.texts[j], doc.folds[j], e))

    def _role_subject(self, doc: Doc, i: int) -> bool:
        """"Läraren sol sa", "pastorn maran bad", "och grannen stig kom": a definite social
        word or profession opening its clause right before token i, a lower-case word (whose
        verb `_bare_subject` then asks for: "läraren var", "grannen hjälper" are the verbs)."""
        k = i - 1
        if k < 0 or not doc.texts[i].islower() \
                or doc.texts[i] in self.lex.words.surface("possessive") or not (
                k in doc.starts or k and doc.folds[k - 1] in self.W["subject_before"]):
            return False  # (not "kollegan hans kom": his colleague)
        role = doc.texts[k].lower()
        return role.endswith(("en", "rn", "an")) and (
            doc.folds[k] in self.W["name_trigger.social"] or self.lex.marks.get(role) == "prof")

    def _owned_kin_before(self, doc: Doc, i: int) -> bool:
        """A kin, friend or social word with its owner right before token i ("min man per",
        "min kollega rosa")."""
        return i >= 2 and (self.lex.marks.get(doc.texts[i - 1].lower()) == "fam"
                           or doc.folds[i - 1] in self.W["name_trigger.social"]) \
            and _owner_before(self, doc, i - 1)

    def _unlisted_kin(self, doc: Doc, j: int) -> bool:
        """"min tinana Losaline", "hennes anna Selvam", "min dädu Kostja": token j is a kin
        word of a language no list holds: a lower-case word with its owner right before it and
        a capitalised word after it in the sentence (the person), that is no everyday word
        (rare or unknown, and no compound of Swedish words: not "min hemby Tinana") nor a name
        any list holds (a listed given name there is a person's first name: "min sara
        Lindqvist", replaced, as recall comes first). The word after it is that person's name,
        as after "min syster"; the kin word is no name."""
        texts = doc.texts
        if j < 1 or j + 1 >= len(texts) or j + 1 in doc.starts or not texts[j].islower() \
                or not texts[j].isalpha() or not texts[j + 1][:1].isupper() \
                or not texts[j + 1].isalpha() \
                or texts[j - 1].lower() not in self.lex.words.surface("possessive"):
            return False
        e = doc.entries[j]
        if e.cats or e.country or e.org_kind or e.se_pop or e.surname_rank or e.gender:
            return False  # (a listed name stays a person's: "min sara Lindqvist")
        return e.zipf < T.RARE and not self._compound(doc.folds[j])

    def _present(self, word: str) -> bool:
        """"spelar", "simmar": a verb's present tense in -ar, its infinitive an everyday word
        too (spela; not the plural "bilar", whose "bila" is no word). Not -er: "papper" is no
        form of "pappa" ("Mina papper" is the possessive, not the name Mina)."""
        return word.endswith("ar") and self.lex.get(word[:-1]).zipf >= T.COMPOUND_PART_MIN

    @staticmethod
    def _attested(e: Entry) -> bool:
        """Strong enough to be taken as a name or place at the start of a sentence."""
        return bool(e.country or e.cats & NAMEISH_CATS or (e.first_rank and e.first_rank <= T.ATTESTED_RANK)
                    or (e.surname_rank and e.surname_rank <= T.ATTESTED_RANK) or e.se_pop
                    or e.place_pop >= T.BIG_PLACE or e.org_kind)

    def _surname_said(self, doc: Doc, i: int) -> bool:
        """Token i follows a surname noun, or one and a copula: "mitt efternamn är Hussein",
        "står mitt efternamn som Beridse"."""
        folds, nouns = doc.folds, self.W["surname_noun"]
        return i > 0 and (folds[i - 1] in nouns or i >= 2 and folds[i - 2] in nouns
                          and folds[i - 1] in self.W["name_copula"])

    def _run_opener(self, doc: Doc, i: int, key: str) -> bool:
        """Token i, the word `key` judged, opens a name of two words inside its sentence, the
        second capitalised or a family name by its ending or the lists ("heter Urška Novak",
        "heter Urška zupančič"): the first is the given name, whatever its ending says (-ška,
        -ova)."""
        j = i + 1
        if not (0 < i and j < len(doc.texts) and j not in doc.starts and doc.texts[j].isalpha()
                and doc.folds[i] == key):
            return False
        if i not in doc.starts and i - 1 not in doc.starts and doc.texts[i - 1][:1].isupper() \
                and doc.texts[i - 1].isalpha():
            return False  # ("Anna Kowalska Nowak": a double family name's first part)
        nxt = doc.texts[j]
        return nxt[0].isupper() and not doc.entries[j].cats or nxt.islower() and (
            bool(self.lex.words.ending("surname_ending", doc.folds[j], 2))
            or bool(doc.entries[j].surname_rank) and not doc.entries[j].cats)

    def _said_alone(self, doc: Doc, key: str) -> bool:
        """A word the lists lack, with a family name's ending, that the essay writes only alone
        (no name beside any of its mentions) at least `SAID_ALONE_MENTIONS` times ("Sunneva
        jobbar … Sunneva grät"), or once joined by "och" to a given name ("med Jade och
        ludovic"): a person a learner calls by one word, and that word is the given name,
        whatever its ending says (-eva, -ian, -ovic end family names elsewhere). Not a family
        name the lists hold ("min granne Andersson"), nor a woman's form of one the essay
        writes for a man ("min man Anzor Kokov … milana heter Kokova")."""
        folds, texts, starts, n = doc.folds, doc.texts, doc.starts, len(doc.texts)
        if self.lex.get(key).surname_rank or key[-1:] == "a" and key[:-1] in folds:
            return False
        found = paired = 0
        for k in doc.positions(key) + doc.positions(key + "s"):
            found += 1
            paired = paired or any(0 <= j < n and folds[j] == "och" and 0 <= 2 * j - k < n
                                   and doc.entries[2 * j - k].gender in GENDERED
                                   for j in (k - 1, k + 1))
            for j in (k - 1, k + 1):
                if not 0 <= j < n or (j == k + 1 and j in starts) or (j == k - 1 and k in starts):
                    continue
                t, e = texts[j], doc.entries[j]
                if not t.isalpha():
                    continue
                if t[:1].isupper() and j not in starts or e.surname_rank or e.gender:
                    return False
        return found >= T.SAID_ALONE_MENTIONS or bool(found and paired)

    @staticmethod
    def _given_elsewhere(doc: Doc, key: str) -> bool:
        """The learner's other essays gave the word (or the name of its genitive) as a
        person's given name ("min fru Sunneva" there, "Sunneva jobbar" said once here): a
        learner's person is one person across the essays, whatever the ending says."""
        return key in doc.earlier_given or key[-1:] == "s" and key[:-1] in doc.earlier_given

    def _name_guess(self, key: str, doc: Doc | None = None, i: int = 0) -> str:
        """A name the gazetteers lack: surname by its ending (unless `_said_alone`) or after a
        surname noun ("mitt efternamn som Beridse"), a middle name by a woman's patronymic ending ("Akbarovna
        betyder att …", said alone), else a first name whose gender the words around it tell
        ("min mamma heter X") or, failing that, its ending (the `name_ending` rows: -a, -e,
        -porn mostly women's names, -ullah, -reza, -chai men's; the longest that fits decides,
        a man's name otherwise). Right after an owned gendered kin word ("min mamma Kudzai",
        "hennes man Thavisouk") it is the given name whatever its ending: one calls one's
        mother or husband by it, not by a family name."""
        owned = doc is not None and 2 <= i < len(doc.folds) and doc.folds[i] == key \
            and doc.folds[i - 1] in self.lex.words.value("kin_gender") \
            and doc.texts[i - 2].lower() in self.lex.words.surface("possessive")
        if not owned and self.lex.words.ending("surname_ending", key, 2) \
                and not (doc is not None and (self._run_opener(doc, i, key)
                                              or self._said_alone(doc, key)
                                              or self._given_elsewhere(doc, key))) \
                or doc is not None and self._surname_said(doc, i):
            return "surname"
        if self.lex.words.ending("patronymic_ending", key, 2):
            return "middlename"
        hint = _gender_hint(doc, i) if doc is not None else None
        if hint:
            return FIRSTNAME[hint]
        ending = self.lex.words.ending("name_ending", key, stem=1)
        gender = self.lex.words.value("name_ending").get(ending)
        return FIRSTNAME.get(gender or "male", "firstname_male")


# --- the steps that judge a word no gazetteer knows (Matcher._unknown), in order -------------
# Each returns a span, REJECT (not a name, stop) or None (no decision, go on).
REJECT = False


def _person_only(doc: Doc, k: int) -> bool:
    """Token k is a capitalised given name with no place reading ("Farid", not "Lima")."""
    e = doc.entries[k]
    return bool(e.gender) and not e.place_kind and not e.country and doc.texts[k][:1].isupper() \
        and doc.texts[k].isalpha()


def _tok_span(rule: Rule, c: Cand, label: str, score: float | None = None,
              key: str | None = None, attrs: tuple[str, ...] = ()) -> Span:
    return rule.span(c.doc.offsets[c.i], c.doc.ends[c.i], label, attrs + c.morph,
                     key=c.key if key is None else key, score=score)


def _u_acronym(m: Matcher, c: Cand) -> Span | bool | None:
    """"fått fast jobb på SSAB", "läser maskinteknik på LTU": an acronym is an institution."""
    text = c.doc.texts[c.i]
    if text.isupper() and len(text) > 1 and not c.initial \
            and c.key not in m.W["language_level"]:  # "jag läser på B1": a level
        role = m._far(_institution_role, c.doc, c.i)  # a work or study word in its sentence
        if role:
            return _tok_span(INSTITUTION_CONTEXT, c, role, score=0.6)
        if T.ACRONYM_MIN <= len(text) <= T.ACRONYM_MAX and c.e.zipf < T.ACRONYM_ZIPF_MAX and c.i \
                and c.doc.folds[c.i - 1] in m.W["acronym_preposition"]:
            # "papper till UHR", "vi var på CSK", "fan av HBK": an unknown acronym someone
            # goes to, writes to or supports is an institution
            return _tok_span(INSTITUTION_CONTEXT, c, "other_institution", score=0.6)
    return None


def _u_workplace(m: Matcher, c: Cand) -> Span | bool | None:
    """"jobbar på Bravida", "gör praktik på bravida", "går på hvitfeldtska": a word no
    gazetteer knows after a work or study context is the institution, even when it splits into
    words ("Bra|vida") or is written in lower case; in lower case only a rare word that is not
    a definite or plural noun nor a misspelt everyday word ("jobbar på lagret", "restorang")."""
    if c.i < 2 or c.doc.folds[c.i - 1] not in m.W["institution_preposition"]:
        return None  # both reads below start with this preposition
    role = _institution_context(c.doc, c.i)
    school_name = c.key.endswith(m.ENDS["school_name_ending"])
    studied = False  # a course or study verb in the sentence says it is a school
    if role is None and not c.cap and c.doc.texts[c.i].isalpha():
        # "i första ring på polhemska", "läser el på polhemska", "läser sfi på lärcentrum"
        role = m._far(studied_at, c.doc, c.i)
        studied = role is not None
    if role is None and c.doc.texts[c.i].isalpha() and (
            apposed_business(c.doc, c.i) or apposed_business(c.doc, c.i + 1)):
        role = "work"  # "på pachamama kök, en liten peruansk restaurang"
    if not role or c.initial or c.e.cats - HOMOGRAPH or len(c.key) < 3:
        return None
    if school_name and not m._far(_work_before, c.doc, c.i):
        role = "school"  # "började på hvitfeldtska": a school's proper-adjective name
    definite = c.key.endswith(m.ENDS["definite_ending"])
    if m._place_suffix(c.doc.texts[c.i].lower()) and not studied:
        return None  # "gick på Dvortsovaja-torget": a place by its ending (but "läser sfi på
        # lärcentrum": a school)
    if c.cap:
        if c.e.zipf < T.DOMINANT_WORD and not (definite and c.e.zipf >= T.DEFINITE_NOUN_MIN):
            return _tok_span(INSTITUTION_CONTEXT, c, role)
        return None
    # the verb right before the preposition or one word before it ("jobbar extra på"); further
    # back ("skatt i praktiken på elkonsumtion") only a word that is no compound of words (a
    # school's -ska name may split by chance: "pol|hemska")
    verbs = m.lex.words.union("work_word", "work_start", "study_verb", "school_verb")
    near = c.doc.folds[c.i - 2] in verbs or c.i >= 3 and c.doc.folds[c.i - 3] in verbs \
        or stated_profession(c.doc, c.i - 2) \
        or _verb_before_duration(m, c.doc, c.i - 1, verbs)  # "jobbade två år på foodhills"
    # right after the work verb also a word a little more frequent that is no compound
    # ("jobbar som svetsare på kockums", "på östgöta frukt"; not "på städfirma")
    rare = c.e.zipf < T.RARE or near and c.e.zipf < T.WORKPLACE_NAME_MAX \
        and not m._compound(c.key)
    # "jobbar på tallgården", "städare på städproffsen": a business's definite-looking name
    named = near and c.key.endswith(m.ENDS["business_name_ending"])
    # "jobbar på vintern i liftarna på vemdalsskalet": a word no count knows that joins a
    # Swedish place's compound form to a kind word names a resort or fell, however far the work
    # verb is (not "tvätteriet", "fiskrökeriet")
    named = named or not c.e.zipf and _place_compound(m, c.key)
    if rare and (named or not definite) and not c.key.endswith(m.ENDS["ordinary_ending"]) \
            and c.key not in m.vocabulary and not m._misspelt(c.key, 1 if len(c.key) < 8 else 2) \
            and (near or school_name or not m._compound(c.key)):
        return _tok_span(LOWER_INSTITUTION, c, role)
    if near and role == "work" and _anchored_workplace(m, c):
        return _tok_span(LOWER_INSTITUTION, c, role)
    return None


def _anchored_workplace(m: Matcher, c: Cand) -> bool:
    """"ingenjör på forsmark, kärnkraftverket", "jobbar på carlsberg i falkenberg": right
    after a work verb, a word less frequent than everyday words that a kind apposed to it or
    the town after it marks as the workplace, though it splits into words (fors|mark) or lies
    one edit from one (rasta ~ rast): a word this frequent is no one-off misspelling. Not a
    noun of a workplace's kind ("bensinmack") nor a way of working ("på deltid i Borås")."""
    key = c.key
    if c.e.zipf >= T.COMMON or key in m.vocabulary or key.endswith(m.ENDS["ordinary_ending"]) \
            or m.lex.words.ending("kind_noun_ending", key) \
            or not (apposed_kind(c.doc, c.i) or _town_after(c.doc, c.i)):
        return False
    if key.endswith(m.ENDS["definite_ending"]) and not apposed_kind(c.doc, c.i):
        return False  # "jobbar på lagret i Borås"
    return c.e.zipf >= T.RARE or not m._misspelt(key, 1 if len(key) < 8 else 2)


def _place_compound(m: Matcher, key: str) -> bool:
    """"vemdalsskalet", "åreskutan", "sälenfjällen": a compound whose first part is a Swedish
    town or feature the lists hold (by its compound form: Vemdalen -> vemdals-, Sälen ->
    sälen-) that is no everyday word, and whose last part is an everyday word: a place named
    after that town, not a noun of everyday words."""
    for k in range(3, len(key) - 3):
        head, tail = key[:k], key[k:]
        if m.lex.get(tail).zipf < T.COMPOUND_PART_MIN:
            continue
        stem = head[:-1] if head.endswith("s") else head
        for name in (stem, stem + "en", head):
            e = m.lex.get(name)
            if e.place_country == "SE" and e.place_kind in ("city", "geo") \
                    and m.lex.get(stem).zipf < T.COMPOUND_PART_MIN:
                return True
    return False


def _verb_before_duration(m: Matcher, doc: Doc, k: int, verbs: frozenset[str]) -> bool:
    """"jobbade två år på", "har jobbat i tre månader på": a work or study verb before a
    duration (a number and a unit of time, `duration_unit`, after an optional "i") that
    stands before token k, the preposition: the verb's place comes after it."""
    j = k - 1
    if j < 2 or doc.folds[j] not in m.W["duration_unit"] \
            or not (doc.texts[j - 1].isdigit() or "number_word" in doc.entries[j - 1].cats):
        return False
    j -= 2
    j -= j >= 1 and doc.folds[j] == "i"
    return doc.folds[j] in verbs


def _u_lower_suffix(m: Matcher, c: Cand) -> Span | bool | None:
    """"i hagaparken", "badade i tyresöskogen": a lower-case park, lake, river or forest by its
    ending ("i centralprovinsen": a province, when no count knows the word), when the word is rare and the part before the ending is no everyday word
    ("stadsparken", "granskogen" are common nouns)."""
    doc, i = c.doc, c.i
    # "såg victoriafallen", "besökte niagarafallen": a sight seen or visited, a geography only
    seen = bool(i) and (doc.folds[i - 1] in m.W["sight_verb"]
                        or doc.folds[i - 1] in m.W["place_trigger.visit"])
    if c.cap or c.e.zipf >= T.COMMON or not i or not (
            doc.folds[i - 1] in m.W["place_trigger.prep"] or doc.folds[i - 1] in m.W["geo_preposition"]
            or seen):
        return None
    low = doc.texts[i].lower()
    label = m._place_suffix(low)
    if label not in ("geo", "place", "region") or seen and label != "geo":
        return None
    suffix = next(sfx for sfx, _ in m.lex.suffixes["place_suffix"] if low.endswith(sfx))
    stem = c.key[:len(c.key) - len(fold(suffix))]
    if label == "region":  # "i centralprovinsen": a province's name no count knows
        return _tok_span(LOWER_SUFFIX, c, label) if not c.e.zipf and len(stem) >= 3 else None
    # "svartån", "slottsskogen": a colour, size, direction or royal word before the ending
    # makes the compound a name (with or without a linking s)
    modifier = stem in m.W["geo_name_modifier"] or stem[-1:] == "s" \
        and stem[:-1] in m.W["geo_name_modifier"] \
        or stem[-1:] == "-" and len(stem) > 3 and m.lex.get(stem[:-1]).zipf < T.RARE
    # "vid shabelle-floden": a rare word hyphened to the ending names the river
    if not (modifier or c.key.endswith(m.ENDS["named_geo_ending"]) and len(stem) >= 3
            # "till arbetsmiljön": the definite form of a word in -ö
            and m.lex.get(c.key[:-1]).zipf < T.COMPOUND_PART_MIN
            or m._name_stem(c.key, len(fold(suffix)), c.e)
            or label == "geo" and not c.e.zipf and _bare_name_stem(m, stem)):
        return None
    return _tok_span(LOWER_SUFFIX, c, label)


def _bare_name_stem(m: Matcher, stem: str) -> bool:
    """"vid jock|fallet", "upp till gausta|toppen": the part before a geography's ending is
    no everyday word, with or without a linking s, nor one with its last vowel dropped
    ("kyrk|skogen", "skol|sjön"; a hyphened one, "vår-floden", is `modifier`'s to judge); a
    given name's stem is a name ("jock" of Jocke), which `Matcher._compound` takes for a
    word's."""
    if len(stem) < 4 or not stem.isalpha() or m._everyday_stem(stem):
        return False
    return not any(m._part(stem + end) and not m.lex.get(stem + end).gender
                   for end in ("a", "e", "er"))


def _u_street_apart(m: Matcher, c: Cand) -> Span | bool | None:
    """"jobbar i bageri på hamra gatan": a rare lower-case word no list holds after a street's
    preposition (`street_preposition`) and before a bare street word is the street's name written apart from its
    ending, as learners do, with or without a house number (`street_word_apart`; not "på
    smala gatan" where the word is frequent, nor "första gången")."""
    doc, i = c.doc, c.i
    if c.cap or not i or i + 1 >= len(doc.folds) \
            or doc.folds[i + 1] not in m.W["street_word_apart"] \
            or doc.folds[i - 1] not in m.W["street_preposition"] \
            or c.e.zipf >= T.STREET_NAME_APART_MAX or c.e[:-1] != NO_READING \
            or len(c.key) < 3 or not doc.texts[i].isalpha():
        return None
    return STREET_APART.span(doc.offsets[i], doc.ends[i + 1], "place",
                             key=f"{c.key} {doc.folds[i + 1]}", score=0.6)  # the whole street


def _u_lower_name(m: Matcher, c: Cand) -> Span | bool | None:
    """"Faadumo warsame", "min dotter hibaaq", "med min kompis zosia": a rare lower-case word
    right after a name introduced by a naming trigger, or after a kin or friend word with its
    owner, is a name (not a lexicon word nor a misspelt everyday one: "min son spelr"); a
    kin or social word without its owner only before a family name the lists hold
    (`_listed_surname_after`: "Ägaren anis chowdhury")."""
    if c.cap or c.e.cats or len(c.key) < 3 or c.key in m.vocabulary:
        return None
    doc, i = c.doc, c.i
    if c.e.zipf >= T.RARE:  # "min chef orvar Bock": however frequent, below COMMON
        return _tok_span(NAME_CONTEXT, c, m._name_guess(c.key, doc, i), score=0.6) \
            if _owned_middling_name(m, c) else None
    subject = False
    if c.after_name:  # a name's later part only where the name was introduced: "heter X y",
        rule, label = AFTER_NAME, "surname"  # "heter Tatiana Quispe mamani"
        first = _run_start(doc, i - 1)
        dash = doc.texts[i].find("-")
        arabic = 0 < dash < len(doc.texts[i]) - 2 \
            and doc.texts[i][:dash + 1].lower() in m.W["article_prefix"]  # "fuad abdullah al-sharabi"
        if not (arabic or _name_context(doc, first, m.lex.marks) or m._named(doc, first, False)):
            return None
        # "heter Assane mussa issufo": an inner part before the name's last, rare one is a
        # name however near an everyday word it is spelt ("mussa" ~ "massa")
        subject = _rare_tail_next(m, doc, i)
    elif i and ((kin := doc.folds[i - 1] in m.owned_kin)
                or m.lex.marks.get(doc.texts[i - 1].lower()) == "fam") \
            and (i >= 2 and _owner_before(m, doc, i - 1) or _listed_surname_after(doc, i)):
        rule, label = NAME_CONTEXT, m._name_guess(c.key, doc, i)
        # "min syster rojda bor": a kin word's name before its verb, even one letter from an
        # everyday word (not "min son spelr fotboll", "sina barn fåglen var")
        # ("min fru rojda och två barn", "med min bror aram."): before a list word or
        # punctuation too
        subject = kin and (  # "min kompis kanat kommer"
            i + 1 == len(doc.folds) or doc.folds[i + 1] in m.W["name_verb"]
            or doc.folds[i + 1] in m.W["list_word"] or not doc.texts[i + 1][0].isalnum()
            # a kin word of the learner's language is said before a name, whatever it looks
            # like in Swedish: "min da tamar i batumi" (one letter from "tamas")
            or doc.folds[i - 1] in m.W["possessed_kin"] or doc.entries[i - 1].zipf < T.RARE)
    elif _kin_apposition(m, doc, i):  # "en dotter, killa, och en son": however it is spelt
        rule, label, subject = NAME_CONTEXT, m._name_guess(c.key, doc, i), True
    elif not c.e.zipf and not c.morph and (
            m._coordinated(doc, i, comma=False) or _with_pronoun(m, doc, i)
            or _after_listed_name(m, doc, i)) and not m._inflected_word(c.key):
        rule, label = PERSON_SLOT, m._name_guess(c.key, doc, i)  # "min bror och fartun"
        # a list's last name closing its clause or before its verb, however it splits into
        # Swedish words ("två döttrar, sofiia och darynka.": dar|ynka)
        subject = _kin_list_head(m, doc, i) or _after_listed_name(m, doc, i) and (
            i + 1 == len(doc.texts) or not doc.texts[i + 1][0].isalnum()
            or doc.folds[i + 1] in m.W["name_verb"])
    elif not c.e.zipf and _kin_list_head(m, doc, i):
        rule, label, subject = PERSON_SLOT, m._name_guess(c.key, doc, i), True
    elif not c.e.zipf and _lower_kin_owner(m, doc, i):  # the owner's name, its genitive kept
        return _tok_span(PERSON_SLOT, c, m._name_guess(c.key[:-1], doc, i), score=0.6,
                         key=c.key[:-1], attrs=("gen",))
    else:
        return None
    if c.key.endswith(m.ENDS["ordinary_ending"]) or c.key.endswith(m.ENDS["verb_ending"]) \
            or (m._compound(c.key) or m._misspelt(c.key)) and not subject:
        return None  # (but "min baba desanka bor": de|sänka, and a subject before its verb)
    return _tok_span(rule, c, label, score=0.6)


def _owned_middling_name(m: Matcher, c: Cand) -> bool:
    """"min chef orvar Bock", "min dotter kia är tretton": a lower-case word below COMMON
    (rarer than everyday words, though a word somewhere: orvar, kia) right after an owned
    kin or social word is the person's given name where a capitalised family name follows
    inside the sentence, or "är"/"var" and an age; not a verb's or a noun's form ("min son
    simmar", "min chef säger", "min dotter tycker": the clause's verb)."""
    doc, i, n = c.doc, c.i, len(c.doc.texts)
    if c.e.zipf >= T.COMMON or i < 2 or i + 1 >= n or c.morph \
            or doc.folds[i - 1] not in m.owned_kin or not _owner_before(m, doc, i - 1) \
            or c.key.endswith(m.ENDS["verb_ending"]) or c.key.endswith(m.ENDS["ordinary_ending"]) \
            or _present_tense(m, c.key):
        return False
    nxt, e = doc.texts[i + 1], doc.entries[i + 1]
    if c.key.endswith(m.lex.words.ends["past_ending"]):
        return False  # "min bror kysste Erika": a past tense before its object
    if nxt[:1].isupper() and nxt.isalpha() and i + 1 not in doc.starts and "\n" not in doc.space(i):
        return bool(e.surname_rank) or not (e.gender or e.place_kind or e.country or e.org_kind
                                            or e.cats)
    return i + 2 < n and doc.folds[i + 1] in m.W["be_verb"] and 0 < doc.number(i + 2) < T.OLDEST


def _present_tense(m: Matcher, key: str) -> bool:
    """"stickar", "läser", "syr": a present tense whose infinitive ("sticka", "läsa", "sy")
    is a word of some frequency; "orvar" has none ("orva")."""
    stems = (key[:-1], key[:-2] + "a") if key.endswith(("ar", "er")) else (key[:-1],) \
        if key.endswith("r") else ()
    return any(m.lex.get(stem).zipf >= T.RARE for stem in stems)


def _kin_list_head(m: Matcher, doc: Doc, i: int) -> bool:
    """"två barn, tangeni och Panduleni", "mina döttrar: amani och Neema": the first of a
    list of names right after its kin word and a comma or colon, joined by a list word to a
    capitalised word inside the sentence, however it splits into Swedish words (tang|eni)."""
    j = i + 2
    return i >= 2 and doc.texts[i - 1] in (",", ":") and j < len(doc.texts) \
        and m.lex.marks.get(doc.texts[i - 2].lower()) == "fam" \
        and doc.folds[i + 1] in m.W["list_word"] and doc.folds[i + 1] != "," \
        and doc.texts[j][:1].isupper() and doc.texts[j].isalpha() and j not in doc.starts


def _lower_kin_owner(m: Matcher, doc: Doc, i: int) -> bool:
    """"tamandas azakhali Chifundo", "papper från amanis moster": a lower-case genitive right
    before a kin word, of a stem no list, count or everyday word knows and not definite, is
    the person whose kin that is (not "grannens son", "mammas bror", "skolkamratens mamma")."""
    key = doc.folds[i]
    if not key.endswith("s") or len(key) < 5 or i + 1 >= len(doc.texts) or not doc.texts[i].isalpha():
        return False
    nxt = doc.texts[i + 1].lower()
    if not (m.lex.marks.get(nxt) == "fam" or doc.folds[i + 1] in m.W["name_trigger.kin"]):
        return False
    stem = key[:-1]
    e = m.lex.get(stem)
    # (a noun's genitive is definite: "skolkamratens mamma", "grannflickans bror")
    return not (e.zipf or e.cats or e.place_kind or e.country or e.org_kind) \
        and stem not in m.vocabulary and not stem.endswith(m.ENDS["definite_ending"]) \
        and not m._misspelt(stem)


def _rare_tail_next(m: Matcher, doc: Doc, i: int) -> bool:
    """Token i + 1 is the last part of a name written in lower case: a word too rare for an
    everyday one that no list holds nor spells near, closing its clause."""
    j = i + 1
    if j + 1 >= len(doc.texts) or j in doc.starts or not doc.texts[j].isalpha() \
            or not doc.texts[j].islower() or doc.texts[j + 1][0].isalnum() \
            and doc.folds[j + 1] not in m.W["list_word"]:
        return False
    e, key = doc.entries[j], doc.folds[j]
    return e.zipf < T.RARE and not (e.cats or e.first_rank or e.surname_rank or e.place_kind
                                    or e.country) and key not in m.vocabulary \
        and len(key) >= 3 and not m._misspelt(key) and not m._compound(key)


def _listed_surname_after(doc: Doc, i: int) -> bool:
    """A family name the lists hold and no everyday word or other name writes, in lower case
    right after token i in its sentence ("Ägaren anis chowdhury"): token i is the given name
    before it, also after a kin or social word without its owner."""
    j = i + 1
    if j >= len(doc.texts) or j in doc.starts or not doc.texts[j].islower():
        return False
    e = doc.entries[j]
    return bool(e.surname_rank) and not (e.first_rank or e.place_kind or e.country or e.org_kind
                                         or e.cats) and e.zipf < T.RARE


def _run_start(doc: Doc, k: int) -> int:
    """The first token of the capitalised name run ending at token k ("heter Maria Dela Cruz":
    Maria), inside k's sentence and at most NAME_RUN_MAX words back: where its naming trigger
    is looked for."""
    first = k
    while first > max(0, k + 1 - T.NAME_RUN_MAX) and first not in doc.starts \
            and doc.texts[first - 1][:1].isupper() and doc.texts[first - 1][0].isalnum():
        first -= 1
    return first


def _surname_word(e: Entry) -> bool:
    """A family name that is also an everyday word, as the lexicon lists them (hed, kvist, fors:
    `common_name_homograph` of value surname) below DOMINANT_WORD, or a listed surname no
    everyday word writes (chowdhury)."""
    if e.cats <= HOMOGRAPH and "common_name_homograph" in e.cats:
        return e.value == "surname" and e.zipf < T.DOMINANT_WORD
    return bool(e.surname_rank) and not e.cats and e.zipf < T.COMMON


def _u_namelike_slot(m: Matcher, c: Cand) -> Span | bool | None:
    """"igår ringde rustam", "zelimkhan kom", "jag saknar tamerlan": a lower-case word no list
    holds, where only a person stands and spelt like a name (`_namelike_person`), is a name no
    gazetteer holds (a naming trigger's or a name's context is `_u_person`'s to judge); one
    edit from a listed name, that name in the learner's spelling (its sex, its key)."""
    doc, i = c.doc, c.i
    if c.e[:-1] != NO_READING or c.name_ctx or c.named or c.after_name \
            or not (i in doc.starts or i and doc.folds[i - 1] in m.slot_before
                    or i + 1 < len(doc.folds) and doc.folds[i + 1] in m.slot_after
                    or m._owner_two_back(doc, i)):
        return None  # (the gate of `_unknown`: no slot's neighbour, no owned unheard kin word)
    if not _namelike_person(m, c, False):
        return None
    target = m._fuzzy(c.key)  # "abdirahaman": one edit from a listed name is that name
    e = m.lex.entries[target] if target else EMPTY
    label = FIRSTNAME.get(e.gender or "") or ("surname" if e.surname_rank else None)
    if label is None:
        return _tok_span(NAMELIKE_SLOT, c, m._name_guess(c.key, doc, i), score=0.6)
    return _tok_span(NAMELIKE_SLOT, c, label, score=0.6, key=target)


def _name_tails(m: Matcher, doc: Doc, spans: list[Span]) -> list[Span]:
    """"igår ringde rustam dzhabrailov", "Maria dela cruz", "jomar dela Cruz": after a person's
    name (a given name or surname span; one in lower case unless particles follow), in its
    sentence, a lower-case word spelt like a name with no everyday reading (`_namelike_word`;
    a surname the lists hold too), after at most two surname particles ("dela", "von"), is a
    later part of the name: a surname with its particles; a name span already there after
    particles takes them in. Right after a name a naming trigger or a kin or social word
    introduced ("min chef mats hed", "heter Kim holm"), also a family name that is an everyday
    word (`_surname_word`), after a capitalised name too. One pass over the spans in order (a
    part found may have another after it)."""
    n = len(doc.texts)
    spans = list(spans)
    starts = {doc.index_at(sp.start): k for k, sp in enumerate(spans)}
    out: list[Span] = []
    absorbed: set[int] = set()  # particles' own spans ("Ó" read as an initial) the name takes in
    for k in range(len(spans)):
        sp = spans[k]
        if k in absorbed:
            continue
        out.append(sp)
        while sp.label in NAMES:
            j = first = doc.index_before(sp.end) + 1
            while j < n and j - first < 2 and j not in doc.starts and _particle(m, doc, j):
                j += 1
            inside = [starts[x] for x in range(first, j) if x in starts]
            if j >= n or j in doc.starts or any(spans[x].label not in PARTICLE_READINGS
                                                for x in inside):
                break
            e = doc.entries[j]
            # a family name the lexicon lists as one, after a name a naming trigger or an
            # owned kin or social word introduced ("min chef mats hed", "heter Kim holm")
            introduced = doc.texts[j].islower() and (_surname_word(e) and _name_context(
                doc, _run_start(doc, doc.index_at(sp.start)), m.lex.marks)
                or _closing_tail(m, doc, j, doc.index_at(sp.start))
                or _patronymic(m, doc.folds[j], e) or _elided_surname(m, doc.folds[j])) \
                or j == first and _inside_name_run(
                m, doc, j, _name_run(doc, spans, starts, sp, j))
            if j == first and doc.text[sp.start].isupper() and not introduced:
                break  # (a lower-case word after a capitalised name is as often its verb:
                # "Selvi kokkar", "Emma bilr": only after particles, "Maria dela cruz")
            if j in starts:  # "Maria dela Cruz": the particles join the next name's span
                nxt = spans[starts[j]]  # (a town's too: "Yaneiry Peralta de los Santos")
                if j > first and (nxt.label in NAMES or nxt.label in PLACE_LABELS):
                    spans[starts[j]] = NAMELIKE_TAIL.span(doc.offsets[first], nxt.end, "surname",
                                                          key=" ".join(doc.folds[first:j + 1]))
                    absorbed.update(inside)
                break
            if not introduced and (not doc.texts[j].islower() or e.place_kind or not (
                    j > first and e.surname_rank and not e.cats and e.zipf < T.COMMON
                    or not e.gender and _namelike_word(m, doc.texts[j], doc.folds[j], e))):
                break  # (after a particle a listed surname however frequent: "dela cruz")
            sp = NAMELIKE_TAIL.span(doc.offsets[first], doc.ends[j], "surname",
                                    key=" ".join(doc.folds[first:j + 1]))
            out.append(sp)
            absorbed.update(inside)
    return out


# what a particle's own word may have been read as before its name takes it in: "Liam Ó
# Ceallaigh" (an initial), "Skander Ben Ammar" (a middle name), "mint" (a name)
PARTICLE_READINGS = frozenset(NAMES) | {"middlename", "initials"}


def _particle(m: Matcher, doc: Doc, j: int) -> bool:
    """Token j is a family name's particle: in lower case ("Maria dela cruz"), or capitalised
    before a capitalised word ("Liam Ó Ceallaigh", "Siobhán Ní Bhriain"); spelt as the
    particle where its plain letters spell a common Swedish word ("ó", not the "o" of "Anna o
    Erik"; "van", not "vän"); one that is a Swedish word itself (`word_particle`: da, la) not
    before a listed given name."""
    text = doc.texts[j]
    if doc.folds[j] not in m.W["surname_particle"] or not (
            text.islower() or text[:1].isupper() and j + 1 < len(doc.texts)
            and doc.texts[j + 1][:1].isupper()):
        return False
    if doc.folds[j] in m.W["word_particle"] and j + 1 < len(doc.texts) \
            and doc.folds[j + 1] not in m.W["surname_particle"]:
        after = doc.entries[j + 1]  # ("Ali da Sara kom": då; "Joaquim da Silva")
        if after.gender and not after.surname_rank:
            return False
    return text.lower() in m.lex.words.surface("surname_particle") \
        or doc.entries[j].zipf < T.COMMON


def _elided_surname(m: Matcher, key: str) -> bool:
    """"o'sullivan", "d'angelo": a particle joined by an apostrophe (`elided_particle`) before
    a part of three letters or more is a family name's spelling, no everyday word's."""
    head, _, rest = key.partition("'")
    return bool(rest) and len(rest) > 2 and rest.isalpha() and head + "'" in m.W["elided_particle"]


def _name_run(doc: Doc, spans: list[Span], starts: dict[int, int], sp: Span, j: int) -> bool:
    """Token j stands inside a run of names: two capitalised name spans before it, the later
    not a genitive ("Evertons försvarare Seamus Coleman", "Peter Kajlingers ondsinta Scarpia":
    an owner's noun; a listed first name ending in s is no genitive, Tobias), and a name span
    right after it."""
    k, last = doc.index_at(sp.start), j - 1
    before = starts.get(k - 1)
    after = starts.get(j + 1)
    return before is not None and after is not None and doc.text[sp.start].isupper() \
        and "gen" not in sp.attrs and not (doc.texts[last].endswith("s")
                                           and not doc.entries[last].first_rank) \
        and spans[before].label in NAMES \
        and spans[after].label in NAMES and "gen" not in spans[after].attrs


def _inside_name_run(m: Matcher, doc: Doc, j: int, between: bool) -> bool:
    """"Arasy Elin hjälm Benítez": a lower-case word between two capitalised parts of a name
    (not "heter tika ram Adhikari", where it may end a given name of two words), spelt like
    no verb (no past or present ending, no person's verb: "Sara ringde Ali", "Sara kramar Ali")
    nor a word of the clause (`name_tail_stop`, "och"), is a part of that name, though it is an
    everyday word."""
    text, key, e = doc.texts[j], doc.folds[j], doc.entries[j]
    return between and text.isalpha() and text.islower() and len(text) >= 3 \
        and not (e.cats - HOMOGRAPH) and e.zipf < T.COMMON and text not in m.lex.marks \
        and key not in m.W["name_tail_stop"] and key not in m.W["list_word"] \
        and text not in m.lex.words.surface("name_verb") \
        and not key.endswith(m.ENDS["past_ending"] + m.ENDS["verb_ending"] + PRESENT_ENDINGS)


def _closes_line(doc: Doc, k: int) -> bool:
    """Token k ends its line or the text, past a full stop at most."""
    n = len(doc.texts)
    if k + 1 < n and doc.texts[k + 1] == "." and "\n" not in doc.space(k):
        k += 1
    return k + 1 >= n or "\n" in doc.space(k)


def _signature_tail(doc: Doc, j: int) -> list[Span]:
    """"Med vänliga hälsningar\nR. siregar hjort": a second family name in lower case after a
    signature's (`Matcher._signature_surname`), on its line and closing it, that the lexicon
    lists as a family name that is also an everyday word (`_surname_word`: hjort, berg, lind)
    or that no list and no frequency count knows: the writer's second family name."""
    if j >= len(doc.texts) or "\n" in doc.space(j - 1) or not doc.texts[j].isalpha() \
            or not doc.texts[j].islower() or len(doc.texts[j]) < 2 \
            or j + 1 < len(doc.texts) and "\n" not in doc.space(j) \
            and doc.texts[j + 1][0].isalnum():
        return []
    e = doc.entries[j]
    if not (_surname_word(e) or e.zipf < T.RARE and not (e.cats or e.gender or e.place_kind)):
        return []
    return [SIGNATURE_NAME.span(doc.offsets[j], doc.ends[j], "surname", key=doc.folds[j])]


def _signed(m: Matcher, doc: Doc, r: int) -> bool:
    """"Med vänliga hälsningar\nR. siregar hjort", "Hälsningar\nAnna Berg": the name run at
    token r (or the dotted initial right before it) opens the line after a closing greeting:
    the writer's signature, whose last word is the family name though it is an everyday word."""
    while r >= 1 and "\n" not in doc.space(r - 1) and doc.texts[r - 1].isalpha() \
            and (doc.entries[r - 1].gender or doc.entries[r - 1].surname_rank):
        r -= 1  # ("Kram\nfatima abdi berg": back over the names in lower case)
    if r >= 2 and doc.texts[r - 1] == "." and len(doc.texts[r - 2]) == 1 \
            and doc.texts[r - 2].isupper() and "\n" not in doc.space(r - 2):
        r -= 2  # ("R. siregar hjort": the initial opens the line)
    return r >= 1 and "\n" in doc.space(r - 1) and m._after_closing(doc, r)


# "kramar", "ser": a verb's present, "tilldelas" a passive: no name
PRESENT_ENDINGS = ("ar", "er", "ir", "or", "ur", "s")


def _closing_tail(m: Matcher, doc: Doc, j: int, k: int) -> bool:
    """"heter Mark hök,", "heter máret kula.", "heter Mirlande dorvil lång, personnummer …":
    after a name a naming verb or noun introduced (the name's run starting at most
    NAME_TAIL_MAX words before token j), a lower-case word that closes the name's clause
    (punctuation, a number or an ID word after it) is the name's last part, though it is an
    everyday word; so is one before the person's verb or a new clause after a name a naming
    verb or an owned kin word introduced ("min kollega Tuva lax lärde mig", "heter Ingvar glad
    och han är"). Not clause material (`name_tail_stop`: "heter Ali också.", "min dotter Sara
    ofta leker"), a function word too frequent for a name ("och"), nor a word of a list that
    reads otherwise (a profession, a month, a language)."""
    folds, texts, W = doc.folds, doc.texts, m.W
    r = k  # the name's first word: back over capitalised words and particles
    while r > max(0, j - T.NAME_TAIL_MAX) and r not in doc.starts and texts[r - 1].isalpha() \
            and (texts[r - 1][0].isupper() or folds[r - 1] in W["surname_particle"]):
        r -= 1
    if r < 1 or j - r > T.NAME_TAIL_MAX or not texts[j].isalpha() or len(texts[j]) < 3 \
            or folds[j] in W["name_tail_stop"] or doc.entries[j].cats - HOMOGRAPH \
            or doc.entries[j].zipf >= T.NAME_TAIL_ZIPF_MAX \
            or folds[j].endswith(m.ENDS["patronymic_ending"]):
        return False  # (a patronymic's word alone, "Asel Bakyt kyzy", is the father's name's)
    named = folds[r - 1] in W["name_trigger.verb"] or r >= 2 and folds[r - 1] in W["name_copula"] \
        and folds[r - 2] in W["name_trigger.verb"] or _signed(m, doc, r)
    if j + 1 == len(texts) or texts[j + 1] in CLAUSE_END or texts[j + 1][0].isdigit() \
            or "id_trigger" in doc.entries[j + 1].cats:
        return named
    return _person_verb_next(m, doc, j + 1) and (named or r >= 2 and folds[r - 1] in m.owned_kin
                                                 and _owner_before(m, doc, r - 1))


def _patronymic(m: Matcher, key: str, e: Entry) -> bool:
    """"Aruzhan yerlanqyzy", "Tatjana ivanovna": a word no list holds made of a father's name
    and a patronymic ending, in lower case after a given name, is the name's patronymic (a
    middle name, `_middle_names`); not the bare word ("Bakyt kyzy": daughter)."""
    return not (e.cats or e.zipf) and any(
        key.endswith(end) and len(key) >= len(end) + T.PATRONYMIC_STEM_MIN
        for end in m.ENDS["patronymic_ending"])


def _person_verb_next(m: Matcher, doc: Doc, n: int) -> bool:
    """Token n is a person's verb ("lärde", "hjälper") or opens a clause of a person ("och han
    är"): the name's clause before it is done."""
    folds, text = doc.folds, doc.texts[n]
    if not text.islower() or not text.isalpha():
        return False
    # (the verb by its spelling: "sa" folds like "så", "mamma lagar mat så bra")
    if text in m.lex.words.surface("name_verb") \
            or len(text) >= 5 and folds[n].endswith(m.ENDS["past_ending"]):
        return True
    return folds[n] in m.W["clause_conjunction"] and n + 1 < len(folds) \
        and folds[n + 1] in m.W["personal_pronoun"]


CLAUSE_END = frozenset({",", ".", ";", ":", "!", "?", ")"})


def _namelike_word(m: Matcher, text: str, key: str, e: Entry) -> bool:
    """A rare word with no everyday reading (no lexicon word, no inflection of an everyday
    word, no misspelt place; below NAMELIKE_STRONG not within one edit of a frequent word, no
    compound of two, no noun's definite or plural ending either: "ruinen", "laviner"), spelt
    like a name (`namelike`, NAMELIKE_SLOT_MIN)."""
    if e.cats or e.zipf >= T.RARE or len(key) < 3 or not text.isalpha() or key in m.vocabulary:
        return False
    score = m.namelike.score(key)
    return not (score < T.NAMELIKE_SLOT_MIN
                or key.endswith(m.ENDS["ordinary_ending"]) or key.endswith(m.ENDS["verb_ending"])
                or m._inflected_word(key) or m._misspelt_place(key)
                or score < T.NAMELIKE_STRONG and (m._compound(key) or m._misspelt(key)
                                                  or key.endswith(m.ENDS["noun_form_ending"])))


def _namelike_person(m: Matcher, c: Cand, listed: bool) -> bool:
    """A lower-case word spelt like a name with no everyday reading (`_namelike_word`) in a
    slot only a person fills (`Matcher._in_person_slot`: the subject before its verb at a
    clause's start, the object of a social verb, joined to a name); after "till", "besökte",
    "hos" only where a place cannot stand (the slots of a word that also names a place); after
    a verb's person particle ("hälsade på rustam"); joined to the person's own kin ("zelimkhan
    och hans bror"). Also a surname the lists hold ("pratade med ahmadov och hans familj")."""
    doc, i = c.doc, c.i
    if c.cap or c.morph:
        return False
    if m._unheard_kin_before(doc, i) and m._unheard_word(doc, i):
        return True  # "min ayi dolkar": two words nobody lists after a possessive, kin and name
    if not _namelike_word(m, doc.texts[i], c.key, c.e):
        return False
    if i >= 2 and doc.folds[i - 1] in m.W["person_particle"]:
        # "hälsade på rustam", "väntade vi på tamerlan" (not "bor på X", "jobbar på X")
        return doc.folds[i - 2] in m.W["person_particle_verb"] or i >= 3 \
            and doc.folds[i - 2] in m.W["inverted_subject"] \
            and doc.folds[i - 3] in m.W["person_particle_verb"]
    if i + 3 < len(doc.texts) and doc.folds[i + 1] in m.W["list_word"] \
            and doc.folds[i + 2] in m.W["possessive"] \
            and m.lex.marks.get(doc.texts[i + 3].lower()) == "fam":
        return True  # "zelimkhan och hans bror kom", "med ahmadov och hans familj"
    place = i > 0 and (doc.folds[i - 1] in m.W["place_trigger"]
                       or doc.folds[i - 1] in m.W["home_preposition"])
    return m._in_person_slot(doc, i, listed, place)


def _after_listed_name(m: Matcher, doc: Doc, i: int) -> bool:
    """"ruslan och aigerim": joined by "och" to a given name the lists hold and no everyday
    word writes, in any case; or to a capitalised name no list holds right after a kin word
    ("barnen Kermen och sanal": `Matcher._inner_name`)."""
    if i < 2 or doc.folds[i - 1] not in m.W["list_word"] or doc.folds[i - 1] == ",":
        return False
    e = doc.entries[i - 2]
    return bool(e.gender) and e.zipf < T.RARE and not e.cats and doc.texts[i - 2].isalpha() \
        or not e.gender and m._inner_name(doc, i - 2)


def _with_pronoun(m: Matcher, doc: Doc, i: int) -> bool:
    """"Jag och deeqo gick": joined to a personal pronoun and followed by the pair's verb."""
    return i >= 2 and i + 1 < len(doc.folds) and doc.folds[i - 1] in m.W["list_word"] \
        and doc.folds[i - 2] in m.W["personal_pronoun"] and doc.folds[i + 1] in m.W["name_verb"]


def _u_city_part(m: Matcher, c: Cand) -> Span | bool | None:
    """"bodde i kabul i karte char", "i shahr-e naw i Kabul", "i Mosul i al-zuhur": lower-case
    words no list knows after a place preposition, beside "i" and a known town, are a part of
    that town (districts of foreign towns are rarely in any gazetteer: the construction
    decides); a foreign town's part is an `area`, a Swedish town's a `city` (SweLL)."""
    doc, i = c.doc, c.i
    if c.cap or not i or doc.folds[i - 1] not in m.W["place_trigger.prep"] \
            or not (m._unlisted(doc, i) or c.key in m.lex.spelt_countries):
        return None  # (a country in a learner's language may start a district's name:
        # "i maali abad i norra delen")
    end = i
    while end + 1 < len(doc.texts) and end - i < 2 \
            and m._unlisted(doc, end + 1, T.MISSPELT_MAX):
        end += 1  # "karte char", "shahr-e naw": a later word may be less rare
    if end + 2 < len(doc.texts) and doc.folds[end + 1] == "i" and _town(doc, end + 2):
        town = end + 2  # "i karte char i kabul"
    elif i >= 3 and doc.folds[i - 1] == "i" and _town(doc, i - 2) \
            and doc.folds[i - 3] in m.W["place_trigger.prep"]:
        town = i - 2  # "i kabul i karte char"
    elif side_of_town(doc, end + 1):
        # "i maali abad i norra delen": a part of the town the essay is in (resolve.refine_areas
        # makes it an area of a town abroad)
        return CITY_PART.span(doc.offsets[i], doc.ends[end], "city",
                              key=" ".join(doc.folds[i:end + 1]))
    else:
        return None
    if end == i and (country := _spelt_country(m, c)):
        return country  # "till dakar i sengal": the town's country misspelt, no part of it
    e = doc.entries[town]
    label, attrs = ("city", ()) if e.se_pop or e.place_country == "SE" else ("area", ("foreign",))
    return CITY_PART.span(doc.offsets[i], doc.ends[end], label, attrs,
                          key=" ".join(doc.folds[i:end + 1]))


def side_of_town(doc: Doc, k: int) -> bool:
    """"i maali abad i norra delen", "i al-zuhur på östra sidan": the words from token k on put
    the place before them in a part of a town (a preposition, a compass word and a part or side
    word)."""
    folds, W = doc.folds, doc.lex.words.folds
    after = folds[k:k + 3]
    return len(after) == 3 and after[0] in ("i", "pa") and after[1] in W["compass_word"] \
        and (after[2] in W["area_part"] or after[2] in W["side_word"])


def _u_district_run(m: Matcher, c: Cand) -> Span | bool | None:
    """"vi bodde i Bourj Hammoud i Beirut": capitalised words that no list holds (the first),
    after a place preposition and before "i" and a known town abroad, are one district of that
    town (not a town and a surname)."""
    doc, i, e = c.doc, c.i, c.e
    if not c.cap:
        return _lower_district_run(m, c)
    if c.initial or not i or doc.folds[i - 1] not in m.W["place_trigger.prep"] \
            or e.zipf or e.cats or e.place_kind or e.gender or e.surname_rank or e.country:
        return None
    end = doc.capitalised_run(i)
    town = end + 2
    if end - i > 2 or town >= len(doc.texts) or doc.folds[end + 1] != "i" or not _town(doc, town):
        return None
    if doc.entries[town].se_pop or doc.entries[town].place_country == "SE":
        return None  # "i Hageby i Norrköping": a Swedish town's districts are its own matter
    return DISTRICT_RUN.span(doc.offsets[i], doc.ends[end], "area", ("foreign",),
                             key=" ".join(doc.folds[i:end + 1]))


def _u_article_place(m: Matcher, c: Cand) -> Span | bool | None:
    """"i la guillotière": a Romance article between a place preposition and a lower-case word
    no list holds (asked before `_u_shape`, which rejects a lower-case word outside a place's
    context: the article hides the preposition)."""
    i = c.i
    if c.cap or i < 2 or c.doc.folds[i - 1] not in m.W["place_article"]:
        return None
    return _lower_district_run(m, c)


def _lower_district_run(m: Matcher, c: Cand) -> Span | None:
    """"från bab el oued", "bodde i hay el salam": lower-case words no list holds joined by an
    Arabic article after a place preposition are a district of a town abroad (not "i el och
    vatten": "och" is an everyday word); so are two or three such words no word count knows
    at all after a bare "i" or "från" ("i sidi bishr", "bodde i mcleod ganj")."""
    doc, i = c.doc, c.i
    article = i >= 2 and doc.folds[i - 1] in m.W["place_article"] and i - 1 not in doc.starts \
        and (doc.folds[i - 2] in m.W["place_trigger.prep"]  # "i la guillotière"
             or _kind_before(m, doc, i - 2))  # "vid hamnen las peñas", "bergen, los andes"
    if not i or not (article or doc.folds[i - 1] in m.W["place_trigger.prep"]) \
            or not _unheard(m, doc, i):
        return None
    end, joined, limit = i, article, min(len(doc.texts), i + T.NAME_RUN_MAX)
    while end + 1 < limit and end + 1 not in doc.starts and doc.texts[end + 1].islower():
        if _unheard(m, doc, end + 1):
            end += 1
        elif doc.folds[end + 1] in m.W["name_connector"] and end + 2 < limit \
                and end + 2 not in doc.starts and _unheard(m, doc, end + 2, listed=True):
            joined = joined or doc.folds[end + 1] in ARABIC_ARTICLES
            end += 2  # "bab el oued"
        else:
            break
    if not (joined or end > i and _never_counted(m, doc, i, end)
            or end == i and _district_beside_town(m, doc, i)):
        return None  # (one word is `_u_lower_place`'s)
    k = end + 2  # "född i beled weyne i hiiraan": a town in its region or country, or in a
    # region its kind noun names ("i grevskapet Cork"), or a town by its kind ("…, staden som")
    town = k < len(doc.texts) and doc.folds[k - 1] in ("i", ",") \
        and (doc.entries[k].place_kind == "region" or bool(doc.entries[k].country)
             or doc.folds[k] in m.W["region_word"] or doc.folds[k] in m.W["town_noun"])
    first = i - 1 if article else i
    return DISTRICT_RUN.span(doc.offsets[first], doc.ends[end], "city" if town else "area",
                             () if town else ("foreign",), key=" ".join(doc.folds[first:end + 1]))


def _kind_before(m: Matcher, doc: Doc, k: int) -> bool:
    """Token k is a kind noun of a place ("hamnen", "bergen"), or a comma right after one
    ("bergen, los andes"): a Romance article after it starts that place's name."""
    if doc.texts[k] == "," and k >= 1:
        k -= 1
    return doc.folds[k] in m.W["kind_noun"] and doc.texts[k].islower()


ARABIC_ARTICLES = frozenset({"el", "al"})


def _district_beside_town(m: Matcher, doc: Doc, i: int) -> bool:
    """"från ndirande i Blantyre", "i Blantyre, i ndirande": one lower-case word no word count
    knows (no misspelling, compound of everyday words nor definite noun: "i
    världscuptävlingen i Lahtis"), spelt like a name, after a place preposition, names a
    district of the town abroad it is placed in, or that the same preposition named before
    it and a comma."""
    fold = doc.folds[i]
    if doc.entries[i].zipf or m._misspelt(fold) or m._compound(fold) or m._definite_noun(fold) \
            or m.namelike.score(fold) < T.UNHEARD_PLACE_NAMELIKE:
        return False
    k = i + 2
    if k < len(doc.texts) and doc.folds[i + 1] in ("i", ",") and _town_abroad(doc, k):
        return True  # "från ndirande i Blantyre"
    k = i - 3
    return k >= 1 and doc.texts[i - 2] == "," and doc.folds[k - 1] == doc.folds[i - 1] \
        and _town_abroad(doc, k)  # "i Blantyre, i ndirande"


def _town_abroad(doc: Doc, k: int) -> bool:
    """Token k names a known town outside Sweden."""
    return _town(doc, k) and not doc.entries[k].se_pop \
        and doc.entries[k].place_country not in ("", "SE")


def _never_counted(m: Matcher, doc: Doc, i: int, end: int) -> bool:
    """Tokens i..end, after an unheard_place_preposition, are words no frequency count knows,
    no learner's misspelling of an everyday word nor a compound of such words, spelt like
    names ("sidi bishr"; not "i matematikk klasen", "i nyförälskad munterhet")."""
    if doc.folds[i - 1] not in m.W["unheard_place_preposition"] or not all(
            not doc.entries[k].zipf and not m._misspelt(doc.folds[k])
            and not m._compound(doc.folds[k]) for k in range(i, end + 1)):
        return False
    # spelt like names on the whole ("kona sheher"; not "nyförälskad munterhet")
    names = [m.namelike.score(doc.folds[k]) for k in range(i, end + 1)]
    return sum(names) / len(names) >= T.UNHEARD_PLACE_NAMELIKE


def _unheard(m: Matcher, doc: Doc, k: int, listed: bool = False) -> bool:
    """Token k is a lower-case word of three letters or more that no list holds, rarer than
    an everyday word and none of the vocabulary's ("nahda"; not "hall", "sju"); `listed`: or
    a place's name the lists hold ("oued" after "el")."""
    e, text = doc.entries[k], doc.texts[k]
    return len(text) >= 3 and text.isalpha() and text.islower() and e.zipf < T.RARE \
        and not e.cats and not e.country and (
            doc.folds[k] not in m.vocabulary or listed and bool(e.place_kind))


def _town(doc: Doc, k: int) -> bool:
    """Token k names a known town (a city, a municipality, a Swedish name for a foreign one)."""
    e = doc.entries[k]
    return doc.texts[k][0].isalnum() and (bool(e.se_pop) or e.place_kind in ("city", "exonym",
                                                                        "municipality"))


def _u_shape(m: Matcher, c: Cand) -> Span | bool | None:
    """Lower case without a place verb, acronyms, "kl:s", "a.b": not names (after a bare place
    preposition a misspelt country is left to `_u_fuzzy`: "från pakistaan")."""
    text = c.doc.texts[c.i]
    if (not c.cap and not c.place_ctx and not c.named) or (text.isupper() and len(text) > 1) \
            or ":" in c.key or "." in c.key:
        return REJECT
    return None


def _u_foreign_head(m: Matcher, c: Cand) -> Span | bool | None:
    """"Angkor Wat", "Wat Phra Kaew", "Lanka Vihara": capitalised words beside one naming a
    temple or monument in the learners' languages (`foreign_place_head`, its label the value)
    are that place, not a person's given and family name. Asked at the run's first word;
    the head after a capitalised word is that word's run. After a naming word the words are
    a person's all the same ("min kompis Wat Somchai")."""
    doc, i = c.doc, c.i
    if not c.cap or c.initial or c.name_ctx or c.named:
        return None
    heads = m.lex.words.value("foreign_place_head")
    if c.key in heads and i and i not in doc.starts and doc.space(i - 1) == " " \
            and doc.texts[i - 1][:1].isupper() and doc.texts[i - 1].isalpha():
        return REJECT
    end, head = i, heads.get(c.key)
    while end + 1 < len(doc.texts) and end - i < FOREIGN_HEAD_RUN and doc.space(end) == " " \
            and doc.texts[end + 1][:1].isupper() and doc.texts[end + 1].isalpha():
        end += 1
        head = head or heads.get(doc.folds[end])
    if not head or end == i:
        return None
    return FOREIGN_HEAD.span(doc.offsets[i], doc.ends[end], head,
                             key=" ".join(doc.folds[i:end + 1]))


FOREIGN_HEAD_RUN = 3  # words after the first: "Wat Phra Sri Mahathat"


def _u_feast(m: Matcher, c: Cand) -> Span | bool | None:
    """"vi firar Yennayer", "firade vi Timkat": a capitalised word no list holds that is
    celebrated is a feast of the learner's culture, not a person (a listed name celebrated,
    "firade Ahmed", is judged as a name before this)."""
    doc, i = c.doc, c.i
    verb = i - 2 if i >= 2 and doc.folds[i - 1] in m.W["inverted_subject"] else i - 1
    if c.cap and not c.initial and verb >= 0 and doc.folds[verb] in m.W["celebration_verb"]:
        return REJECT
    return None


def _u_after_name(m: Matcher, c: Cand) -> Span | bool | None:
    """"Nguyen Thi Lan": a capitalised word right after a name continues it, even when it is (or
    folds like) an ordinary word ("Lan" ~ "län")."""
    if c.after_name and c.cap and not c.initial and not c.e.cats & EXCLUDED_CATS \
            and (c.e.zipf < T.AFTER_NAME_MAX or _named_in_frame(c.doc, c.i)) and len(c.key) > 1 \
            and m._place_suffix(c.doc.texts[c.i].lower()) not in ("place", "geo"):
        doc, i = c.doc, c.i
        if doc.entries[i - 1].surname_rank and not doc.entries[i - 1].gender \
                and not m._name_before(doc, i - 1) and not c.e.surname_rank \
                and (doc.folds[i - 1] in m.W["family_first_surname"]
                     or not m._kin_named(doc, i - 1)):
            # "min dotter liu Xiaoyu": a family name that starts the name, then the given one
            # (not "min inan Bui Soares": the kin's given name, then the family name)
            return _tok_span(AFTER_NAME, c, m._name_guess(c.key, doc, i - 1))
        return _tok_span(AFTER_NAME, c, "surname")  # not "Hjalmar Brantingsplatsen"
    return None


def _named_in_frame(doc: Doc, i: int) -> bool:
    """"jag heter Aminata Fall", "min chef heter Wei Fan", "hennes namn är Hoa Ly": a
    capitalised word right after the given name a naming verb or "namn är" introduces is its
    family name however frequent a word it is (Fall, Fan, Far), unless it is clause material
    that may follow a name (`name_tail_stop`: "heter Ali Men", "heter Sara Också") or a
    function word."""
    words, folds = doc.lex.words, doc.folds
    k = i - 1
    if k < 1 or folds[i] in words("name_tail_stop") or folds[i] in words("function_word") \
            or "\n" in doc.space(k):
        return False
    return folds[k - 1] in words("naming_verb") or writer_named(doc, k) \
        or k >= 2 and folds[k - 1] in words("be_verb") and folds[k - 2] in words("own_name_noun")


def _u_word(m: Matcher, c: Cand) -> Span | bool | None:
    """"Sfi", "heter", "Avslutningsvis", "Bröderna": words, not names; but an unknown "på
    Kanarieöarna" is a place."""
    doc, i, e = c.doc, c.i, c.e
    plural_place = c.cap and not c.initial and not e.zipf and i \
        and doc.folds[i - 1] in ("pa", "i")
    # (a word no list or count knows right after a naming verb of a person is the name
    # whatever its ending: "heter máret", "mitt namn är daniela")
    unheard = c.named and not e.zipf and c.key not in m.vocabulary
    if doc.texts[i].lower() in m.lex.marks and not (c.place_ctx and c.cap) \
            or e.cats - HOMOGRAPH or (not c.place_ctx and not plural_place and not unheard
                                      and c.key.endswith(m.ENDS["ordinary_ending"])):
        return REJECT
    if c.initial and not c.named and c.key in m.W["kind_noun"]:
        return REJECT  # "Glaciären perito moreno …", "Reservatet har fåglar": the kind, not a name
    if c.initial and not c.named and c.key.endswith(m.ENDS["initial_adjective_ending"]) \
            and i + 1 < len(doc.texts) and doc.texts[i + 1][:1].islower() \
            and doc.folds[i + 1] not in m.W["name_verb"] and doc.folds[i + 1] not in m.W["be_verb"]:
        return REJECT  # "Uiguriska bröllop är långa": a people's adjective before its noun
    return None


def _u_misspelt_country(m: Matcher, c: Cand) -> Span | bool | None:
    """"en del av rysland", "rysland är stort": a lower-case word no list or count knows, of
    MISSPELT_COUNTRY_MIN letters, one edit from a country, is that country in any context (no
    compound of everyday words, "hundgård", nor one misspelt, unless in a list of countries:
    `_in_country_list`; never Sweden). After a place preposition `_u_fuzzy` judges it."""
    if c.cap or c.place_ctx or c.e != EMPTY or len(c.key) < T.MISSPELT_COUNTRY_MIN:
        return None
    # (the fuzzy match is remembered per word: the rarer tests run only when it hits)
    target = m._misspelt_country(c.e, c.key)
    if not target or target in m.W["never_replaced"] or not c.doc.texts[c.i].isalpha() \
            or (m._compound(c.key) or m._misspelt(c.key)) and not _in_country_list(m, c.doc, c.i):
        return None
    return _tok_span(FUZZY, c, "country", key=target)


def _in_country_list(m: Matcher, doc: Doc, i: int) -> bool:
    """"genom Serbien, ungern, Österrik och tysklan": token i ends a list (list words between
    single words, some misspelt) holding a country the lists know; there a word one edit from
    a country is that country though it splits into everyday words (tysk|lan) or is one letter
    from one."""
    W, k = m.W["list_word"], i - 1
    while k >= 1 and i - k <= 2 * T.COUNTRY_LIST_RUN and doc.folds[k] in W \
            and doc.texts[k - 1].isalpha():
        if doc.entries[k - 1].country:
            return True
        k -= 2
    return False



def _u_fuzzy(m: Matcher, c: Cand) -> Span | bool | None:
    """A misspelt name or place ("Stokholm"), not a word; "Sverge" is misspelt Sweden. In lower
    case after any place preposition only a country or a big city ("är från
    pakistaan", "släkt i tailand", "en verkstad i prishtina"): such names are long and like
    no everyday word."""
    if not (len(c.key) >= 5 and (c.cap or c.place_ctx) and c.e.zipf < T.MISSPELT_MAX):
        return None
    if c.key in m.W["area_word"] or c.key in m.W["region_word"]:
        return REJECT  # "i barrio Laureles", "i provinsen Fars": a word for a part, no name
    if m._definite_noun(c.key):
        return None  # "Salongen heter …": an everyday noun's definite form, no misspelt town
    if c.initial and not c.place_ctx and c.e.zipf >= T.INITIAL_WORD_NOT_MISSPELT and not c.e.cats:
        return None  # "Sommarlov\nI juli …", "Björnar": a known word opening a heading or a
        # sentence is that word, not a town one edit off (Sommarlov ~ Sommarlund)
    target = m._fuzzy(c.key)
    if target in m.W["never_replaced"]:
        return REJECT
    if target:
        flabel, fattrs = m._label_for(m.lex.entries[target], target, c.name_ctx, c.place_ctx)
        suffix = m._place_suffix(c.doc.texts[c.i].lower())
        if flabel in NAME_LABELS and (suffix or c.place_ctx and not c.name_ctx) \
                or flabel in PLACE_LABELS and (c.name_ctx and not c.place_ctx
                                               or suffix in ("geo", "place") and suffix != flabel):
            # an island in -ön is not a misspelt name, nor a word after "bor i" ("Färila"
            # one edit from Farila), nor a name after "heter" a misspelt town ("Sargon" one
            # edit from Saigon), nor a river a misspelt town ("Svartån", Svartå): the steps
            # after this one judge it
            flabel = None
        if flabel in PLACE_LABELS and not c.place_ctx and c.cap \
                and _after_owned_unknown(c.doc, c.i, T.COMMON):
            flabel = None  # "min xo Agunda kom", "min bu Salote i Labasa": a person, not a town
        big = m.lex.entries[target].place_pop >= T.BIG_PLACE or not c.e.zipf \
            and len(c.key) >= T.MISSPELT_TOWN_LENGTH and m.lex.entries[target].se_pop >= T.SE_TOWN
        if flabel and (c.cap or c.place_ctx == 2 or flabel == "country"
                       or flabel in PLACE_LABELS and big
                       and c.e.zipf < T.RARE and c.key not in m.vocabulary):
            # in lower case after a bare preposition also a big city ("i prishtina") or a long
            # misspelling of a Swedish town no list knows ("till venersborg")
            return _tok_span(FUZZY, c, flabel, key=target, attrs=fattrs)
    return None


def _u_country_after_town(m: Matcher, c: Cand) -> Span | bool | None:
    """"till Cotonou i Benen": a capitalised word inside a sentence where a town's country
    stands (after the town and "i") one edit from a country is that country, though it
    spells an everyday word (benen) that `_u_fuzzy` leaves to its own reading."""
    doc, i = c.doc, c.i
    if not c.cap or c.initial or i < 2 or doc.folds[i - 1] != "i" \
            or not doc.texts[i - 2][:1].isupper() or doc.entries[i - 2].place_kind != "city" \
            or doc.entries[i - 2].country:
        return None
    target = m._country_spelling(c.key)  # (one edit, i and y alike)
    if not target or target in m.W["never_replaced"]:
        return None
    return _tok_span(FUZZY, c, "country", key=target)


def _u_homograph(m: Matcher, c: Cand) -> Span | bool | None:
    """A homograph capitalised inside a sentence is its name reading ("i Hjo", "och Björk"),
    the lexicon's value saying which kind; after a place verb a rare one is a place ("bor i
    Hjo", "åka till Kilsbergen": its ending may say which kind). Not a sensitive word
    ("i Islam": the religion; the family name only right after a given name, `_name_tails`)."""
    e = c.e
    if c.cap and m.lex.marks.get(c.doc.texts[c.i].lower()) == "sensitive":
        return None
    if c.cap and not c.initial and e.cats and e.cats <= HOMOGRAPH:
        label = "city" if c.place_ctx else LABEL_OF_HOMOGRAPH.get(e.value, "firstname_unknown")
        return _tok_span(HOMOGRAPH_CAPITAL, c, label)
    if c.cap and c.place_ctx == 2 and e.zipf < T.HOMOGRAPH_PLACE_MAX and e.cats <= HOMOGRAPH \
            and len(c.key) >= 3:
        suffix_label = _ending_here(m, c)
        if suffix_label:
            return _tok_span(PLACE_SUFFIX, c, suffix_label)
        return _spelt_country(m, c) or _tok_span(
            PLACE_CONTEXT, c, "geo" if _in_water(m, c.doc.folds, c.i) else "city", score=0.6)
    if e.cats or len(c.key) < 3 and not c.named:  # "alla kallar mig mo"
        return REJECT
    return None


def _u_name_pair(m: Matcher, c: Cand) -> Span | bool | None:
    """"miljardären Donald Trump": two capitalised words inside a sentence are a name even when
    each is also a frequent word form."""
    if not c.initial and c.cap and not c.place_ctx and c.e.zipf < T.PAIR_ZIPF \
            and m._capitalised_pair(c.doc, c.i):
        return _tok_span(NAME_PAIR, c, m._name_guess(c.key, c.doc, c.i))
    return None


def _u_water(m: Matcher, c: Cand) -> Span | bool | None:
    """"badar i väsman", "cyklar längs viskan": a rare lower-case word no list knows after a
    verb of being in water and its preposition, or after a preposition of a shore, is the lake
    or river (after such a verb and "på" a beach, after a climbing verb and "på" a mountain),
    whatever its ending: lakes and rivers are named in the definite form (Viskan,
    Nissan, Ätran), which elsewhere makes a word an everyday noun."""
    doc, i = c.doc, c.i
    if c.cap or i < 1 or c.e.cats or c.e.zipf >= T.RARE or len(c.key) < 4 \
            or c.key in m.vocabulary or not doc.texts[i].isalpha():
        return None
    folds = doc.folds
    verb = _verb_before(m, folds, i)
    # "badade på velika plaža": a beach; "klättrade på lysá hora": a mountain
    on = folds[i - 1] == "pa" and verb >= 0 and (
        "place" if folds[verb] in m.W["water_verb"] else "geo" if folds[verb] in m.W["climb_verb"]
        else None)
    if not (on or folds[i - 1] in m.W["water_preposition"] or verb >= 0
            and folds[verb] in m.W["water_verb"] and folds[i - 1] in m.W["place_trigger.prep"]):
        return None
    if m._inflected_word(c.key) or m._compound(c.key) and m._place_suffix(c.key) != "geo" \
            or on and _noun_form(m, c.key):
        return None  # "längs stranderna", "badar i badkaret", "klättrade på klätterväggen"
    return _tok_span(WATER, c, on or "geo", score=0.6)


def _verb_before(m: Matcher, folds: list[str], i: int) -> int:
    """Where the verb before token i's preposition stands: two words back, or three past an
    inverted subject or an object ("badar vi i", "fiskade gädda i")."""
    return i - 3 if i >= 3 and (folds[i - 2] in m.W["inverted_subject"]
                                or folds[i - 3] in m.W["water_verb"]) else i - 2


def _in_water(m: Matcher, folds: list[str], i: int) -> bool:
    """Token i follows a verb of being in water and "i" ("badade i Prut", "fiskar vi i
    Daugava"): a lake, river or sea, not a town."""
    return i >= 2 and folds[i - 1] == "i" and folds[_verb_before(m, folds, i)] in m.W["water_verb"]


def _ending_here(m: Matcher, c: Cand) -> str | None:
    """The label the word's place ending suggests where it stands: a town's ending names a
    town after "i" ("i hosjö"), but an island elsewhere ("till tjurkö", "på kållandsö":
    `island_ending`), and after "vid" a place there, a beach or a square ("badade
    vid johannisberg": `landmark_preposition`), as the gold sets label them."""
    low = c.doc.texts[c.i].lower()
    label = m._place_suffix(low)
    if label != "city" or not c.i or c.doc.folds[c.i - 1] == "i":
        return label
    ending = next(sfx for sfx, _ in m.lex.suffixes["place_suffix"] if low.endswith(sfx))
    if ending in m.lex.words.surface_ends["island_ending"] \
            and m.W["dwelling_verb"].isdisjoint(c.doc.folds[max(0, c.i - 4):c.i - 1]):
        return "geo"  # (the whole ending: "-ö", not "-sjö"; "bor … på hästö": a district)
    return "place" if c.doc.folds[c.i - 1] in m.W["landmark_preposition"] else label


def _u_lower_place(m: Matcher, c: Cand) -> Span | bool | None:
    """"åkte skoter till nikkaluokta", "bodde i merkezefendi": a lower-case word after a verb of
    living or going and its preposition that is no word at all (not in the vocabulary, no
    everyday word misspelt, compounded or inflected) is the place."""
    suffix, named_ending, plain = _place_spelling(m, c)
    within = c.place_ctx and _within_named(m, c.doc, c.i)
    # after a bare "i" or "från" (any verb: "träffades i zorkul", "lärare i shymkala"; "till"
    # after a verb of going: `_unheard_preposition`) a word no list
    # and no frequency count knows at all, of a town's length and spelt like a name, is the
    # place too (not "i peripetin", "i kylrumet": a learner's Swedish)
    unheard = c.place_ctx and _unheard_preposition(m, c.doc, c.i) and not c.e.zipf \
        and len(c.key) >= T.UNHEARD_PLACE_MIN - 1 \
        and (m.namelike.score(c.key) >= (T.UNHEARD_PLACE_NAMELIKE if len(c.key) >= T.UNHEARD_PLACE_MIN
                                         else T.UNHEARD_SHORT_NAMELIKE)
             or len(c.key) >= T.UNHEARD_PLACE_MIN and (
                 _place_follows(m, c.doc, c.i)
                 or m.namelike.score(c.key) >= T.UNHEARD_NEAR_TOWN_NAMELIKE
                 and c.doc.folds[c.i - 1] == "i" and not _noun_form(m, c.key)
                 and _town_abroad_before(m, c.doc, c.i))
             or c.key in m.lex.villages)  # a village abroad the lists know ("från vathy")
    held = c.place_ctx and (_held_place(m, c)  # "kyrkan i nårunga"
                            or _listed_place(m, c))  # "i berga, ruda och kvarnmåla"
    if c.cap or not (c.place_ctx == 2 or named_ending or within or unheard or held or not plain) \
            or c.e.zipf >= (T.MISSPELT_MAX if suffix else T.RARE) \
            or c.e.cats or len(c.key) < 4 or c.key in m.vocabulary \
            or not c.doc.texts[c.i].replace("-", "").isalpha():  # "al-rimal" too
        return None
    if _everyday_form(m, c, named_ending, plain) and c.key not in m.lex.villages \
            and not (unheard and _named_form(m, c)) and not held:
        return None  # ("hästö" folds one edit from "hasta"; a village abroad is no form:
        # the builder left out those one edit from a frequent word, "crossfield", "swetes")
    water = c.i >= 2 and c.doc.folds[c.i - 2] in m.W["water_verb"]  # "badar i väsman"
    return _tok_span(PLACE_CONTEXT, c, "geo" if water else _ending_here(m, c) or "city",
                     score=0.6)


def _listed_place(m: Matcher, c: Cand, slot: bool = True) -> bool:
    """"i berga, ruda och kvarnmåla": the last of a list of two places or more after a place
    preposition (`_listed_after_place`; "till izmir och gummibåt" is a means of travel), a
    word no count knows of a town's length, is the next place though it splits into everyday
    words (kvarn|måla); not a noun's form or a misspelt word. `slot` False: the spelling alone
    (a plan's verdict)."""
    return not c.e.zipf and len(c.key) >= T.UNHEARD_PLACE_MIN \
        and (not slot or _listed_after_place(c.doc, c.i) >= 2) and not _noun_form(m, c.key) \
        and not m._misspelt(c.key) and not m._inflected_word(c.key)


def _held_place(m: Matcher, c: Cand, slot: bool = True) -> bool:
    """"nära kyrkan i nårunga", "i skogen i fulltofta", "konsert i dalhalla": after a thing
    that lies in a village or town (`village_holder`) and "i", a word no count knows, of a
    town's length, is the place though it splits into everyday words (når|unga, dal|halla);
    not a noun's form or a misspelt word. `slot` False: the spelling alone (a plan's verdict)."""
    doc, i = c.doc, c.i
    return not c.e.zipf and len(c.key) >= T.UNHEARD_PLACE_MIN and doc.folds[i - 1] == "i" \
        and (not slot or i >= 2 and doc.folds[i - 2] in m.W["village_holder"]) \
        and not _noun_form(m, c.key) and not m._misspelt(c.key) and not m._inflected_word(c.key)


def _named_form(m: Matcher, c: Cand, abroad: bool | None = None) -> bool:
    """"från namba", "i deusto", "i yasamal": a word no count knows, of a town's length, spelt
    much like a name (UNHEARD_FORM_NAMELIKE) and with no noun's ending, is a place however
    near an everyday word it is spelt (namn, desto) or whatever Swedish words it splits into
    (ya|s|amal), or less so after a town abroad (`_town_abroad_before`; `abroad` True: taken
    as there, for a plan's verdict on the spelling alone); not a learner's misspelling ("i
    komun", "i kyrcan"). After "från" only right after a person's word, where someone is from
    ("vän från namba"; "kom ett kort från zlatimira" is from a person)."""
    doc, i = c.doc, c.i
    if doc.folds[i - 1] != "i" and not (
            i >= 2 and (doc.folds[i - 2] in m.owned_kin
                        or m.lex.marks.get(doc.texts[i - 2].lower()) == "fam")):
        return False
    if c.e.zipf or len(c.key) < T.UNHEARD_PLACE_MIN or _noun_form(m, c.key) \
            or c.key.endswith(m.word_endings) or m._inflected_word(c.key):
        return False
    score = m.namelike.score(c.key)
    # "i toronto, i rexdale": after a town abroad just named, a district of it spelt less so
    return score >= T.UNHEARD_FORM_NAMELIKE or score >= T.UNHEARD_ABROAD_FORM_NAMELIKE \
        and doc.folds[i - 1] == "i" and (abroad or abroad is None and _town_abroad_before(m, doc, i))


def _noun_form(m: Matcher, key: str) -> bool:
    """Spelt as a Swedish noun's form: a definite, plural or derived ending, or a front vowel
    and "n" (a vowel-final noun's definite form: "i kylrumet", "i peripetin"; "-on", "-un"
    end names: "chelston")."""
    return key.endswith(m.everyday_endings) or key.endswith(m.ENDS["noun_form_ending"]) \
        or len(key) > 2 and key[-1] == "n" and key[-2] in "eiyåäö"


def _route_start(doc: Doc, i: int, e: Entry) -> bool:
    """"från bar genom Serbien", "från nice via Italien": a town abroad (`e`, token i) after
    "från" and before a route's "genom"/"via" and a country is where the route starts, though
    its name is an everyday word ("bar", "nice" elsewhere stay words; its end: `_route_end`)."""
    return e.place_kind == "city" and e.place_country not in ("", "SE") and i + 2 < len(doc.texts) \
        and doc.folds[i - 1] == "fran" and doc.folds[i + 1] in doc.lex.words.folds["route_through"] \
        and bool(doc.entries[i + 2].country)


def _route_end(doc: Doc, i: int, e: Entry) -> bool:
    """"sen genom Danmark till lund", "via Tyskland till mora": a town the lists hold after
    "till" that ends a route through a country or place (or a capitalised word, a misspelt
    country: "genom Danmak"; ROUTE_REACH words back, in its sentence) is
    where the route ends, though its name is an everyday word ("till en lund" takes an
    article)."""
    if e.place_kind != "city" or doc.folds[i - 1] != "till":
        return False
    through = doc.lex.words.folds["route_through"]
    for k in range(i - 2, max(0, i - 2 - T.ROUTE_REACH), -1):
        if doc.folds[k] in through and (bool(doc.entries[k + 1].country or doc.entries[k + 1].place_kind)
                                        or doc.texts[k + 1][:1].isupper()):
            return True
        if k in doc.starts:
            return False
    return False


def _town_abroad_before(m: Matcher, doc: Doc, i: int) -> bool:
    """"till johannesburg … I hillbrow", "i Kochi jag jobbade på X i edappally": a town abroad
    the lists hold, after a place preposition within TOWN_ABROAD_WINDOW tokens before token i;
    the essay is then telling where in that town it was, and a word no list knows after a bare
    "i" (not "från": where one comes from is no part of that town) is a district there even
    when it is spelt less like a name."""
    folds, W, entries = doc.folds, m.W["place_trigger.prep"], doc.entries
    return any(entries[k].place_kind == "city" and entries[k].place_country not in ("", "SE")
               and folds[k - 1] in W for k in range(max(1, i - T.TOWN_ABROAD_WINDOW), i - 1))


def _unheard_preposition(m: Matcher, doc: Doc, i: int) -> bool:
    """Token i follows a preposition after which a word no list or count knows is a place: a
    bare "i", "från" ("träffades i zorkul"), or "till" after a verb of going or living ("gick
    till phuentsholing"; not "pappa till aksel")."""
    folds = doc.folds
    if folds[i - 1] in m.W["unheard_place_preposition"]:
        return True
    if folds[i - 1] not in m.W["unheard_goal_preposition"] or i < 2:
        return False
    verb = i - 3 if i >= 3 and folds[i - 2] in m.W["personal_pronoun"] else i - 2  # "gick vi till"
    return folds[verb] in m.W["outing_verb"] or folds[verb] in m.W["place_trigger.verb"]


def _place_spelling(m: Matcher, c: Cand) -> tuple[str | None, bool, bool]:
    """What `_u_lower_place` reads of the spelling alone (and `place_ctx`): its place ending,
    whether that ending, a foreign letter or an Arabic article names the word, and whether it
    is plain (neither past an Arabic article nor hyphened to a Swedish locality)."""
    suffix = m._place_suffix(c.doc.texts[c.i].lower())
    # A place's ending lets a rarer-than-everyday word through ("till visingsö"); after any
    # place preposition a word no list knows with a town's or island's ending is the place even
    # where it is a compound ("på hästö", "i moraberg"): the ending makes such compounds names.
    # ... and so does a letter Swedish does not write, or an Arabic article ("i al-ashar"),
    # whatever Swedish ending the rest has
    article = bool(c.place_ctx) and not c.e.zipf and m._article_name(c.doc.texts[c.i])
    # (a village's name the word counts know, "i västanfors", with a town's ending is no word
    # of the vocabulary, nor a form or compound of one: not "till arbetsmiljön")
    named_ending = suffix in ("city", "geo") and bool(c.place_ctx) and (
        c.e.zipf < T.RARE or suffix == "city" and c.e.zipf < T.MISSPELT_MAX
        and c.key not in m.vocabulary and not m._compound(c.key) and not m._misspelt(c.key)
        and not m._inflected_word(c.key)) \
        or bool(c.place_ctx) and not c.e.zipf and _foreign_letters(c.doc.texts[c.i]) or article
    hyphened = bool(c.place_ctx) and "-" in c.key and _hyphened_town(m, c.key)
    return suffix, named_ending, not (article or hyphened)


def _everyday_form(m: Matcher, c: Cand, named_ending: bool, plain: bool) -> bool:
    """`_u_lower_place`'s word is a form, compound or misspelling of an everyday word (a
    plain word's, `_place_spelling`; a named ending allows the compound and the misspelling)."""
    return plain and ((c.key.endswith(m.word_endings) or m._inflected_word(c.key))
                      and not (named_ending and _plural_place(m, c))
                      or not named_ending and (m._compound(c.key) or m._misspelt(c.key)))


def _plural_place(m: Matcher, c: Cand) -> bool:
    """The word's place ending holds its plural ending ("väderöarna": -öarna, not the noun
    plural's -arna of "väderö") after a part that is no dominant word nor a compound of
    words: the ending names an archipelago, no plural of a noun."""
    ordinary = [len(end) for end in m.ENDS["ordinary_ending"] if c.key.endswith(end)]
    low = c.doc.texts[c.i].lower()
    place = max((len(sfx) for sfx, _ in m.lex.suffixes.get("place_suffix", ())
                 if low.endswith(sfx)), default=0)  # (a snapshot may list none)
    if not ordinary or place <= max(ordinary):
        return False
    head = c.key[:len(c.key) - len(fold(low[-place:]))]  # ("små|öarna", "skärgårds|öarna":
    # islands a dominant word or a compound of words describes are the everyday plural)
    return m.lex.get(head).zipf < T.DOMINANT_WORD and not m._compound(head.removesuffix("s"))


def _hyphened_town(m: Matcher, key: str) -> bool:
    """"dala-järna", "norra-vi": a word of three letters or more joined by a hyphen to a
    Swedish locality the lists hold names a village (Munka-Ljungby and Dala-Järna are such
    names; the lists hold few of them), not "e-post" nor "mat-affären"."""
    head, _, town = key.rpartition("-")
    e = m.lex.entries.get(town)
    return len(head) >= 3 and head.isalpha() and e is not None and e.place_kind == "city" \
        and e.se_pop >= T.SE_ATTESTED


def _place_follows(m: Matcher, doc: Doc, i: int) -> bool:
    """"i tösse och fengersfors", "från tösse och Åmål": a list word and then a town or region
    the lists hold (capitalised or no everyday word: not "i kokosmjölk och koka upp"), or a
    word no list or count knows with a town's or landform's ending."""
    if i + 2 >= len(doc.texts) or doc.folds[i + 1] not in m.W["list_word"]:
        return False
    e = doc.entries[i + 2]
    return e.place_kind in ("city", "municipality", "region") and not e.gender \
        and (doc.texts[i + 2][:1].isupper() or e.zipf < T.RARE) \
        or not (e.zipf or e.cats) and m._place_suffix(doc.texts[i + 2].lower()) in ("city", "geo")


def _within_named(m: Matcher, doc: Doc, i: int) -> bool:
    """"bor i Kutaisi i imeretien", "hos min syster Kamala i baneshwor": token i after "i"
    right after a capitalised place (itself after a place preposition) or given name is where
    that place or person is; after a name, no noun's definite form ("Carmen i strumplästen")."""
    k = i - 2
    if k < 0 or doc.folds[i - 1] != "i" or not doc.texts[k][:1].isupper():
        return False
    e = doc.entries[k]
    return bool(e.place_kind and k and doc.folds[k - 1] in m.W["place_trigger.prep"]
                or e.gender and not doc.folds[i].endswith(m.ENDS["definite_ending"]))


SWEDISH_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyzåäöéü")


def _foreign_letters(text: str) -> bool:
    """A letter Swedish does not write ("şahinbey", "sơn", "łódź"): a word no list holds that
    has one is a name from a learner's language, not a misspelt Swedish word."""
    return not SWEDISH_LETTERS.issuperset(text.lower())


def _kin_apposition(m: Matcher, doc: Doc, i: int) -> bool:
    """"Vi har en dotter, killa, och en son", "En väninna, reshma, jobbade", "min chef, birgit,
    sa": token i alone between commas right after a kin, friend or work-role word with its
    owner or article is that person's name (the caller asks it of a rare lower-case word no
    list holds; not a list of nouns: "till ägare, publicister, och")."""
    texts = doc.texts
    return 3 <= i < len(texts) - 1 and texts[i - 1] == "," and texts[i + 1] == "," \
        and (m.lex.marks.get(texts[i - 2].lower()) in ("fam", "prof")
             or "name_trigger" in doc.entries[i - 2].cats) \
        and (doc.folds[i - 3] in m.W["possessive"] or doc.folds[i - 3] in m.W["apposition_article"]) \
        and not m._compound(doc.folds[i])  # "min mamma, hemmafru, ...", "till ägare, publicister,"


def _owner_before(m: Matcher, doc: Doc, k: int) -> bool:
    """The kin or social word at token k has its owner before it: "min bror", "min bästa vän"
    (past an adjective of kin), "hodans man" (a name's genitive)."""
    j = k - 1
    if j >= 1 and doc.folds[j] in m.W["kin_adjective"]:
        j -= 1
    word = doc.texts[j].lower()
    return word in m.lex.words.surface("possessive") or len(word) > 3 and word.endswith("s") \
        and bool(m.lex.get(doc.folds[j][:-1]).first_rank)


def _u_place_list(m: Matcher, c: Cand) -> Span | bool | None:
    """"mest i villor i Mesta och kjula": a capitalised everyday word inside a sentence, after a
    place preposition and before a list word and a town or region no name shares, is the first
    of a list of places, however frequent its word (a small town no list holds)."""
    doc, i = c.doc, c.i
    if not c.cap or c.initial or c.e[:-1] != NO_READING or m._definite_noun(c.key):
        return None  # ("i Skolan och Malmö": an everyday noun capitalised)
    if _between_towns(m, doc, i):
        return _tok_span(PLACE_LIST, c, "city", score=0.6)
    if not c.place_ctx or i + 2 >= len(doc.folds) or _kin_of(doc, i) \
            or doc.folds[i + 1] not in m.W["list_word"] or doc.texts[i + 1] == ",":
        return None
    return _tok_span(PLACE_LIST, c, "city", score=0.6) if _plain_town(doc, i + 2) else None


def _plain_town(doc: Doc, k: int) -> bool:
    """Token k is a town or region the lists hold that no name shares and no everyday word
    (or a Swedish town, however frequent its word)."""
    e = doc.entries[k]
    return doc.texts[k].isalpha() and e.place_kind in ("city", "region", "municipality") \
        and not e.gender and not e.surname_rank and (e.zipf < T.COMMON or bool(e.se_pop))


def _between_towns(m: Matcher, doc: Doc, i: int) -> bool:
    """"mellan Lingbo och Rävsjöhed", "mellan Rävsjöhed och Lingbo": a word paired by
    "mellan … och" with a town names a place as that town does (a stretch of road, a farm
    between two villages), whatever the word would be alone."""
    folds, texts, W = doc.folds, doc.texts, m.W
    if i >= 3 and folds[i - 1] in W["list_word"] and texts[i - 1] != "," \
            and folds[i - 3] in W["between_preposition"] and _plain_town(doc, i - 2):
        return True
    return 1 <= i and i + 2 < len(folds) and folds[i - 1] in W["between_preposition"] \
        and folds[i + 1] in W["list_word"] and texts[i + 1] != "," and _plain_town(doc, i + 2)


def _u_lower_addressee(m: Matcher, c: Cand) -> Span | bool | None:
    """"Till stubo", "Till östhammarshem" alone on a letter's first line: a lower-case word no
    list or count knows that the letter is addressed to is the landlord, authority or firm
    written to ("Till förskolan", an everyday word, stays generic); "hennes konto i banque
    misr": such a word holding an account is the bank."""
    doc, i = c.doc, c.i
    banked = c.place_ctx and i >= 2 and doc.folds[i - 2] in m.W["account_trigger"]
    if c.cap or not (_letter_heading(doc, i) or banked) or c.e.zipf >= T.RARE or c.e.cats \
            or c.key in m.vocabulary or len(c.key) < 3 or not doc.texts[i].isalpha():
        return None
    return _tok_span(ADDRESSEE, c, "other_institution")


def _letter_heading(doc: Doc, i: int) -> bool:
    """"Till X" making up its whole line: a letter's heading naming its addressee."""
    if i < 1 or doc.folds[i - 1] != "till":
        return False
    # (only the gaps beside the two words are read, never the text before them)
    gap = doc.text[doc.ends[i - 2] if i >= 2 else 0:doc.offsets[i - 1]].rstrip(" \t")
    after_end = doc.offsets[i + 1] if i + 1 < len(doc.texts) else len(doc.text)
    return (i == 1 and not gap or gap.endswith("\n")) \
        and (i + 1 == len(doc.texts) or "\n" in doc.text[doc.ends[i]:after_end])


def _u_frequent(m: Matcher, c: Cand) -> Span | bool | None:
    """Too frequent a word to be a name here (a subject before its verb may be rarer: "Lind
    har", "Wenger kom"); lower case goes no further."""
    limit = T.INITIAL_UNKNOWN_MAX if c.initial and not (c.place_ctx or c.name_ctx) else T.COMMON
    if c.initial and m._name_follows(c.doc, c.i) \
            and not c.key.endswith(m.ENDS["definite_ending"]):
        limit = T.INITIAL_SUBJECT_MAX
    doc, i = c.doc, c.i
    if c.cap and not c.initial and i >= 2 and (
            m.lex.marks.get(doc.texts[i - 1].lower()) == "fam" and _owner_before(m, doc, i - 1)
            or _possessed_kin(doc, i - 1)):
        limit = T.DOMINANT_WORD  # "min fru Ladan", "min ta Sok": capitalised after an owned kin word
    if c.cap and not c.initial and c.place_ctx and i >= 2 and doc.folds[i - 1] == "fran" \
            and doc.folds[i - 2] in m.W["distance_word"] and doc.texts[i].isalpha() \
            and c.key not in m.vocabulary and not m._definite_noun(c.key):
        return None  # "tio minuter från Hör": a place however everyday a word it spells (not
        # a pronoun, a listed word nor a definite noun: "från Jag", "från Skolan")
    return REJECT if c.e.zipf >= limit or not (c.cap or c.named) else None


def _u_place_suffix(m: Matcher, c: Cand) -> Span | bool | None:
    """"Kilsbergen", "Norrköping": a place by its ending."""
    suffix_label = _ending_here(m, c)
    if suffix_label and (not c.initial or c.e.zipf < T.SUFFIX_INITIAL_MAX):
        return _tok_span(PLACE_SUFFIX, c, suffix_label)
    return None


def _u_ordinary(m: Matcher, c: Cand) -> Span | bool | None:
    """"Tjänstebil", a misspelt everyday word or a long one inflected ("Skribenten") at a
    sentence start: not a name (not "Ashna": ash+na); but a surname of words is (Anders|son,
    `word_surname_ending`), nor is a capitalised compound inside a sentence after a naming
    word ("min mamma Desanka": de|sänka; but "hos Förvaltaren" is a noun's form), nor a word
    in any case right after "heter" ("våra barn heter tangeni": tang|eni), nor the first word
    the naming verb and an owner after it name ("Björnar heter min kollega": björn|ar)."""
    if c.initial and _named_by_next(m, c):
        return None
    if not c.place_ctx and not m.lex.words.ending("word_surname_ending", c.key, 2) \
            and not _given_name_son(m, c.key) and not _foreign_surname_after_capital(m, c) and (
            m._compound(c.key) and not (c.cap and not c.initial and (
                c.name_ctx or _after_owned_unknown(c.doc, c.i))
                or c.named and c.doc.folds[c.i - 1] in m.W["naming_verb"])
            or m._inflected_word(c.key, False, T.INFLECTED_STEM_MIN)
            or m._definite_form(c.key) or c.initial and m._misspelt(c.key)
            or c.initial and (_initial_noun(m, c) or _initial_derived(m, c))):
        return REJECT  # "Skribenten", "Bostaden" at a sentence start: a noun's form
    return None


def _initial_derived(m: Matcher, c: Cand) -> bool:
    """"Slakteri luktar illa", "Grundlig städning tar tid", "Logisk tänkande": a word
    opening a sentence that the frequency list knows (RARE or more), that no list gives a
    reading and that ends in a derivational ending of Swedish nouns and adjectives
    (`derived_word_ending`: -ning, -eri, -isk, -lig) after a stem of INITIAL_NOUN_STEM letters
    or more is that word, not an unlisted name; a name so spelt is listed (Henning)."""
    return c.e.zipf >= T.RARE and not c.e.cats and not (c.e.gender or c.e.surname_rank) \
        and bool(m.lex.words.ending("derived_word_ending", c.key, T.INITIAL_NOUN_STEM - 1))


def _named_by_next(m: Matcher, c: Cand) -> bool:
    """"Björnar heter min kollega", "Stenar hette vår granne": a naming verb and an owner right
    after a sentence's first word make it that person's name, whatever noun's form it has."""
    folds = c.doc.folds
    return c.i + 2 < len(folds) and folds[c.i + 1] in m.W["naming_verb"] \
        and folds[c.i + 2] in m.W["possessive"]


def _initial_noun(m: Matcher, c: Cand) -> bool:
    """"Vulkaner och snö", "Nattskiften är tunga", "Tvillingarnas dop" (a heading or a
    sentence's first word): an unlisted capitalised word opening a sentence that is a noun's
    plural or definite form (or its genitive) is that noun, not a name: a stem of
    INITIAL_NOUN_STEM letters or more that no list gives as a name or place ("Holm|en" may be
    the firm), plus an inflection ending, where the word is known at INITIAL_NOUN_ZIPF or
    more or the stem is an everyday word or compound ("nattskift|en"); not before a name's
    verb ("Kiran kom") nor a name's initial."""
    key = c.key
    if m._name_follows(c.doc, c.i) and not key.endswith(m.ENDS["definite_ending"]):
        return False
    known = c.e.zipf >= T.INITIAL_NOUN_ZIPF and not c.e.cats
    for word in (key, key[:-1]) if key.endswith("s") else (key,):
        for ending in m.ENDS["inflection_ending"]:
            stem = word[:-len(ending)]
            if len(ending) < 2 or not word.endswith(ending) or len(stem) < T.INITIAL_NOUN_STEM:
                continue  # (not the adjective's "-e": "Inträde")
            e = m.lex.get(stem)
            if not (e.gender or e.surname_rank or e.place_kind or e.country) and (
                    known and word == key or e.zipf >= T.COMPOUND_PART_MIN or m._compound(stem)):
                return True
    return False


def _after_owned_unknown(doc: Doc, i: int, below: float = 0.0) -> bool:
    """"min kuku Nangula", "hos sin yeyo Tawanda": a capitalised word inside a sentence after
    an owner and a lower-case word no list or count knows (a kin word of a language no list
    holds) is that person's name, though it splits into Swedish words (nan|gula); with
    `below`, also after a word no list knows that is counted less often than that ("min bu
    Salote": no misspelt town either)."""
    if i < 2 or not doc.texts[i - 1].isalpha() or not doc.texts[i - 1].islower():
        return False
    e = doc.entries[i - 1]
    return (not e.zipf or e.zipf < below) and e[:-1] == NO_READING \
        and doc.texts[i - 2].lower() in doc.lex.words.surface("possessive")


def _foreign_surname_after_capital(m: Matcher, c: Cand) -> bool:
    """"Eje Asanova är min vän", "Aja Petrova": a capitalised word with a foreign family-name
    ending (-ova, -ev, -escu, -shvili; `surname_ending`, not the Swedish compounds of
    `word_surname_ending`) right after another capitalised word is a family name, though it
    splits into everyday words (asa|nova)."""
    return c.cap and c.i > 0 and c.doc.texts[c.i - 1][:1].isupper() \
        and _foreign_surname_next(m, c.doc, c.i - 1)


def _given_name_son(m: Matcher, key: str) -> bool:
    """"Jacobsen", "Larsen": a Danish or Norwegian surname, a listed given name plus "sen"
    (or a given name ending in s plus "en"), whatever words the rest splits into."""
    return key.endswith("sen") and any(
        len(stem) > 2 and m.lex.get(stem).gender for stem in (key[:-3], key[:-2]))


def _u_institution(m: Matcher, c: Cand) -> Span | bool | None:
    """"jobbar på X", "går på X"; and a capitalised unknown name where someone studies:
    "läser svenska på Lernia", "går på sfi på Lernia"."""
    institution = _institution_context(c.doc, c.i)
    if not institution and c.cap:
        institution = m._far(studied_at, c.doc, c.i)  # a study verb in its sentence
    return _tok_span(INSTITUTION_CONTEXT, c, institution) if institution else None


def studied_at(doc: Doc, i: int) -> str | None:
    """"läser svenska på Lernia", "går på sfi på Lernia", "går i klass 3 på X": after
    "på"/"vid", a study verb earlier in the sentence or a course or class just before the
    preposition makes the place a school (not "gick på simskola på Fyrishov": a swimming hall)."""
    if i < 2 or doc.folds[i - 1] not in ("pa", "vid"):
        return None
    W = doc.lex.words.folds
    course = not W["course_word"].isdisjoint(doc.folds[max(0, i - 4):i - 1])
    return "school" if course or doc.last_before(W["study_verb"], i) >= 0 else None


def countries_named(lex: Lexicon, named: Iterable[tuple[str, str]]) -> frozenset[str]:
    """The countries abroad that (label, key) pairs name: a country its own, a town or a
    district ("city", "area") its country; never Sweden."""
    found = {lex.get(key).country if label == "country" else lex.get(key).place_country
             for label, key in named if label in ("country", "city", "area")}
    return frozenset(found - {"", "SE"})


def _i_for_y(word: str) -> str:
    """A word with y read as i: learners swap them in names heard, not read ("Lybien")."""
    return word.replace("y", "i")


def _u_place_context(m: Matcher, c: Cand) -> Span | bool | None:
    """After a place preposition: a place; "Till Bostadsbolaget" heading a letter, "betalat
    hyran till Vätterhem": an addressee; "ett konto i Dahabshiil": the bank holding it; "en by i Isan", "i provinsen Fars": a region;
    "flög från Tribhuvan": an airport (a town flown from is one the lists know)."""
    if not c.place_ctx:
        return None
    folds, i = c.doc.folds, c.i
    if _owner_of_person(c.doc, i):  # "Till Malys lärare": a person's, not an addressee
        return _tok_span(NAME_CONTEXT, c, m._name_guess(c.key[:-1], c.doc, i))
    if folds[i - 1] == "till" and (i - 1 in c.doc.starts or any(
            w in m.W["payment_word"] for w in folds[max(0, i - 6):i - 1])):
        return _tok_span(ADDRESSEE, c, "other_institution")
    if c.cap and i >= 2 and folds[i - 2] in m.W["account_trigger"]:
        return _tok_span(ADDRESSEE, c, "other_institution")  # "ett konto i Dahabshiil": a bank
    region = folds[i - 1] in m.W["region_word"] or folds[i - 1] == "i" and i >= 2 \
        and folds[i - 2] in m.W["village_word"]
    if not region and c.cap and not m.W["flight_word"].isdisjoint(folds[max(0, i - 3):i - 1]):
        return _tok_span(PLACE_CONTEXT, c, "place")
    if not region and c.cap and _in_water(m, folds, i):
        return _tok_span(PLACE_CONTEXT, c, "geo")  # "badade i Prut", "fiskar i Daugava": water
    return region and _tok_span(PLACE_CONTEXT, c, "region") or _spelt_country(m, c) \
        or _tok_span(PLACE_CONTEXT, c, "city")


def _spelt_country(m: Matcher, c: Cand) -> Span | None:
    """After a place word, a word no list holds one edit from a country is that country, no
    town ("bor i Kenja", "flydde till Lybien"); never one placed in a country itself ("bor i
    Korça i Albanien": a town, not Korea)."""
    folds, entries, i = c.doc.folds, c.doc.entries, c.i
    if i + 2 < len(folds) and folds[i + 1] in m.W["place_trigger.prep"] \
            and entries[i + 2].country not in ("", "SE"):
        return None
    country = c.e[:-1] == NO_READING and c.e.zipf < T.MISSPELT_MAX and m._country_spelling(c.key)
    return _tok_span(FUZZY, c, "country", key=country) if country else None


def _big_town_abroad(e: Entry) -> bool:
    """A town abroad of BIG_PLACE people or more that no name list holds, rarer as a word
    than a big town's name is in lower case (BIG_PLACE_WORD_MAX): a place where one is
    listed ("Addis Abeba och frankfurt"), not a word of a lexicon category."""
    return e.place_kind in ("city", "exonym") and e.place_country not in ("", "SE") \
        and e.place_pop >= T.BIG_PLACE and e.zipf < T.BIG_PLACE_WORD_MAX \
        and not e.gender and not e.surname_rank and not e.cats


def _name_goes_on(doc: Doc, i: int) -> bool:
    """A lower-case word no count knows, nor any list but the family names', follows token i
    in its clause: the two are one longer name ("i maali abad", a district; Maali is Mali in
    Somali), not a country a learner's language names and a stray word."""
    k = i + 1
    if not (k < len(doc.texts) and k not in doc.starts and doc.texts[k].isalpha()
            and doc.texts[k].islower() and doc.space(i) == " "):
        return False
    e = doc.entries[k]  # (a family name may be such a word: Abad)
    return not (e.zipf or e.cats or e.gender or e.country or e.place_kind)


def _spelt_away(doc: Doc, i: int, span: Span) -> bool:
    """A fuzzy reading of token i as a country one edit off: a town or village of that name in
    a country the essay names is the place meant ("kommer från chinle i Arizona", a village
    in the USA, not Chile misspelt), as a name reading gives way to it; not after a place and
    "i", where the country holding that place stands ("Mizoram i Indein": India misspelt)."""
    return span.rule == GUESSED_SPELLING and span.label == "country" \
        and not (i >= 2 and doc.folds[i - 1] == "i" and doc.texts[i - 2].isalpha()
                 and (doc.entries[i - 2].place_kind or doc.entries[i - 2].country))


def _owner_of_person(doc: Doc, i: int) -> bool:
    """"Till Malys lärare", "pappa till Milans tränare": a capitalised genitive right before a
    person's noun (a kin, social or title word before names, a family word, a profession)
    is the person who has them, not a place or an addressee."""
    if i + 1 >= len(doc.texts) or not doc.folds[i].endswith("s") or i + 1 in doc.starts \
            or not doc.texts[i][:1].isupper() or not doc.texts[i + 1].islower():
        return False
    cats = doc.entries[i + 1].cats
    return bool(cats) and not PERSON_NOUN_CATS.isdisjoint(cats)


PERSON_NOUN_CATS = frozenset({"name_trigger", "fam", "prof"})
PERSON_MARKS = frozenset({"fam", "prof"})  # a kin or friend word, a profession: a person


def _u_person(m: Matcher, c: Cand) -> Span | bool | None:
    """After a name: a surname; after a naming trigger: a name."""
    if c.after_name:
        return _tok_span(AFTER_NAME, c, "surname")
    if c.name_ctx:
        label = "surname" if _initial_before(c.doc, c.i) < c.i else m._name_guess(c.key, c.doc, c.i)
        return _tok_span(NAME_CONTEXT, c, label)
    if c.initial and len(c.key) < 4 and not _foreign_surname_next(m, c.doc, c.i):
        return REJECT  # ("Nej", "Ok" opening a sentence; but "Eje Asanova är min vän")
    return None


def _foreign_surname_next(m: Matcher, doc: Doc, i: int) -> bool:
    """The next word is capitalised with a foreign family-name ending (`surname_ending`)."""
    j = i + 1
    return j < len(doc.texts) and doc.texts[j][:1].isupper() and doc.texts[j].isalpha() \
        and bool(m.lex.words.ending("surname_ending", doc.folds[j], 3))


def _foreign_town(e: Entry) -> bool:
    """Only a town abroad (no Swedish one, no country): a nickname may be spelt like one."""
    return e.place_kind == "city" and not e.se_pop and not e.country and not e.org_kind


def _u_proper_noun(m: Matcher, c: Cand) -> Span | bool | None:
    """"simskola på Fyrishov", "fiskar vid X": where something is; otherwise a capitalised
    unknown word is a name ("på Kings novell": a person's)."""
    doc, i, key = c.doc, c.i, c.key
    genitive = key.endswith("s") and i + 1 < len(doc.texts) \
        and doc.texts[i + 1].islower() and doc.folds[i + 1] not in m.W["function_after_name"]
    if i >= 2 and doc.folds[i - 1] in ("pa", "vid") \
            and doc.folds[i - 2] not in m.W["person_particle_verb"] and not genitive:
        # "grillar vid Måsnaren", "ett hus vid Balaton": by an unknown name one is at a shore
        # (but "badar vid Varamobaden": a compound of an everyday word names a place)
        shore = doc.folds[i - 1] in m.W["shore_preposition"] and not _headed(m, key)
        return _tok_span(PLACE_PREPOSITION, c, "geo" if shore else "place")
    return _tok_span(PROPER_NOUN, c, m._name_guess(key, doc, i))


def _headed(m: Matcher, key: str) -> bool:
    """The word ends in an everyday word of T.HEAD_MIN letters or more, its head ("varamo|baden",
    "kungs|parken"): a compound naming a thing of that kind (a pronoun is none: "yxn|ingen")."""
    get = m.lex.entries.get
    return any((e := get(key[j:])) is not None and T.HEAD_ZIPF <= e.zipf < T.FUNCTION_ZIPF
               for j in range(2, len(key) - T.HEAD_MIN + 1))


def _with(rule: Rule, fn: object) -> Rule:
    return replace(rule, fn=fn)


UNKNOWN_STEPS = (_u_misspelt_country, _u_acronym, _u_workplace, _u_lower_suffix, _u_street_apart, _u_lower_name,
                 _u_namelike_slot, _u_city_part, _u_water, _u_article_place, _u_shape, _u_country_after_town,
                 _u_feast, _u_foreign_head,
                 _u_district_run, _u_after_name, _u_word, _u_fuzzy, _u_homograph,
                 _u_name_pair, _u_lower_addressee, _u_lower_place, _u_place_list, _u_frequent, _u_place_suffix, _u_ordinary, _u_institution,
                 _u_place_context, _u_person, _u_proper_noun)
LOWER_STEPS = UNKNOWN_STEPS[1:]  # (`Matcher._unknown` asks `_u_misspelt_country` before its gate)
# The steps whose first read is the word right before: they find nothing unless a word of
# these categories stands there (`Matcher._unknown` runs the others alone after any other word)
STEP_BEFORE = {_u_workplace: ("institution_preposition",),
               _u_lower_suffix: ("place_trigger.prep", "geo_preposition", "sight_verb",
                                "place_trigger.visit"),
               _u_city_part: ("place_trigger.prep",),
               _u_water: ("water_preposition", "place_trigger.prep", "geo_preposition"),
               _u_article_place: ("place_article",), _u_street_apart: ("street_preposition",),
               _u_district_run: ("place_trigger.prep", "place_article"),
               _u_feast: ("celebration_verb", "inverted_subject"),
               _u_country_after_town: ("place_trigger.prep",)}
# The steps that act on one case only (True: a capitalised word, False: a lower-case one), as
# their first test says: `Matcher._unknown` runs them on words of that case alone
STEP_CASE = {_u_feast: True, _u_country_after_town: True, _u_foreign_head: True, _u_after_name: True, _u_name_pair: True,
             _u_place_list: True, _u_lower_addressee: False, _u_lower_suffix: False,
             _u_street_apart: False, _u_lower_name: False, _u_city_part: False, _u_water: False,
             _u_article_place: False}
CAPITAL_STEPS = UNKNOWN_STEPS[UNKNOWN_STEPS.index(_u_shape):]  # (`Matcher._unknown`)


# What `_unknown`'s steps can find, by what a spelling fixes (its key, its entry less the place
# fields `_classify` may drop, its case) and the context flags `Matcher._unknown` keys its
# plans by (initial, after_name, place_ctx, name_ctx, named; and the neighbours' `NEAR_*`
# bits, read again by `Matcher._near` in a verdict): NEVER (the step returns None: a
# superset of its first test, which stands before any read back to the sentence start,
# `_far`), ALWAYS (it returns a span or REJECT there whatever the context: no step after it
# runs) or MAY.
NEVER, MAY, ALWAYS = False, True, 2
NO_PLAN: tuple[tuple[Callable, ...], int] = ((), 0)  # (`Matcher._plan_on`)
# The neighbours the first tests of the steps that read them look at (`Matcher._near`, part
# of a plan's key): a person's slot beside a lower-case word (`_u_namelike_slot`), a
# possessive two words back ("min ayi dolkar"), a kin word before it or a list word beside
# it (`_u_lower_name`), a bare street word after it (`_u_street_apart`), a capitalised word
# after a capitalised one (`_u_foreign_head`, `_u_name_pair`); a comma after a lower-case
# word is a slot's neighbour too, but lets no word through `Matcher._unknown`'s gate
NEAR_SLOT, NEAR_OWNER, NEAR_KIN, NEAR_LIST, NEAR_STREET, NEAR_CAPITAL_NEXT, NEAR_COMMA = \
    1, 2, 4, 8, 16, 32, 64
NEAR_GATE = NEAR_COMMA - 1


def _bits(*sets: tuple[frozenset[str], int]) -> dict[str, int]:
    """Each word of the sets with the bits of the sets that hold it (`Matcher._near`)."""
    found: dict[str, int] = {}
    for words, bit in sets:
        for w in words:
            found[w] = found.get(w, 0) | bit
    return found


def _may_acronym(m: Matcher, c: Cand) -> int:
    """An acronym inside a sentence ("på SSAB")."""
    text = c.doc.texts[c.i]
    return not (c.initial or len(text) < 2 or not text.isupper())


def _may_lower_name(m: Matcher, c: Cand) -> int:
    """A rare lower-case word no list or vocabulary holds, after a name or a kin, social or
    family word; one no count knows beside a list word, or a genitive beside a person's
    slot (a kin word after it: `_lower_kin_owner`)."""
    e = c.e
    if c.cap or e.zipf >= T.COMMON or e.cats or len(c.key) < 3 or c.key in m.vocabulary:
        return NEVER
    if e.zipf >= T.RARE:  # (`_owned_middling_name`: only after a kin or social word)
        return bool(m._near(c.doc, c.i, False) & NEAR_KIN)
    near = NEAR_KIN | (NEAR_LIST | NEAR_SLOT * (c.key[-1] == "s")) * (not e.zipf)
    return c.after_name or bool(m._near(c.doc, c.i, False) & near)


def _may_lower_suffix(m: Matcher, c: Cand) -> int:
    """A lower-case word below COMMON with a park's, lake's, forest's or province's ending."""
    return not (c.cap or c.e.zipf >= T.COMMON) \
        and m._place_suffix(c.doc.texts[c.i].lower()) in ("geo", "place", "region")


def _may_street_apart(m: Matcher, c: Cand) -> int:
    """A rarer lower-case word of letters before a bare street word."""
    return not (c.cap or c.e.zipf >= T.STREET_NAME_APART_MAX or len(c.key) < 3) \
        and c.doc.texts[c.i].isalpha() and m._near(c.doc, c.i, False) & NEAR_STREET


def _may_namelike_slot(m: Matcher, c: Cand) -> int:
    """A lower-case word in a person's slot, no naming context, spelt like a name or after
    a possessive and a word no list knows (`_namelike_person`)."""
    if c.cap or c.name_ctx or c.named or c.after_name or c.e[:-1] != NO_READING:
        return NEVER  # (the step's first test; where `_classify` keeps a place reading
        # it drops elsewhere, name_ctx is set: the entry is the spelling's in either case)
    near = m._near(c.doc, c.i, False)
    return near & (NEAR_SLOT | NEAR_COMMA) and (
        near & NEAR_OWNER or _namelike_word(m, c.doc.texts[c.i], c.key, c.e))


def _may_city_part(m: Matcher, c: Cand) -> int:
    """A lower-case word no list knows (`Matcher._unlisted`)."""
    return not c.cap and m._unlisted(c.doc, c.i)


def _may_water(m: Matcher, c: Cand) -> int:
    """A rare lower-case word of letters, no list or vocabulary holds it."""
    return not (c.cap or c.e.cats or c.e.zipf >= T.RARE or len(c.key) < 4
                or c.key in m.vocabulary) and c.doc.texts[c.i].isalpha()


def _may_foreign_head(m: Matcher, c: Cand) -> int:
    """A capital inside a sentence, no naming context, a head word itself or a capitalised
    word after it."""
    return not (c.initial or c.name_ctx or c.named or not c.cap) and (
        c.key in m.lex.words.value("foreign_place_head")
        or m._near(c.doc, c.i, True) & NEAR_CAPITAL_NEXT)


def _may_district_run(m: Matcher, c: Cand) -> int:
    """A capitalised word no list holds, or a lower-case one no list or count knows."""
    e = c.e
    if c.cap:
        return not (c.initial or e.zipf or e.cats or e.gender or e.surname_rank or e.country)
    return _unheard(m, c.doc, c.i)


def _may_word(m: Matcher, c: Cand) -> int:
    """A marked word or one of a category always; one with an everyday ending may be."""
    e, key = c.e, c.key
    if c.doc.texts[c.i].lower() in m.lex.marks and not (c.place_ctx and c.cap) \
            or e.cats - HOMOGRAPH:
        return ALWAYS
    return not c.place_ctx and key.endswith(m.ENDS["ordinary_ending"]) or c.initial \
        and not c.named and (key.endswith(m.ENDS["initial_adjective_ending"]) or key in m.W["kind_noun"])


def _may_name_pair(m: Matcher, c: Cand) -> int:
    """A rarer capital inside a sentence, no place's context, a capital after it."""
    return not (c.initial or c.place_ctx or not c.cap or c.e.zipf >= T.PAIR_ZIPF) \
        and bool(m._near(c.doc, c.i, True) & NEAR_CAPITAL_NEXT)


def _may_lower_addressee(m: Matcher, c: Cand) -> int:
    """A lower-case word of letters no list, count or vocabulary knows."""
    return not (c.cap or c.e.zipf >= T.RARE or c.e.cats or c.key in m.vocabulary
                or len(c.key) < 3) and c.doc.texts[c.i].isalpha()


def _may_lower_place(m: Matcher, c: Cand) -> int:
    """A rarer lower-case word of letters no list or vocabulary holds, after a place word,
    no everyday word's form, compound or misspelling (`_place_spelling`, `_everyday_form`)."""
    if c.cap or not c.place_ctx or c.e.zipf >= max(T.MISSPELT_MAX, T.RARE) or c.e.cats \
            or len(c.key) < 4 or c.key in m.vocabulary \
            or not c.doc.texts[c.i].replace("-", "").isalpha():
        return NEVER
    suffix, named_ending, plain = _place_spelling(m, c)
    return c.e.zipf < (T.MISSPELT_MAX if suffix else T.RARE) \
        and (not _everyday_form(m, c, named_ending, plain) or c.key in m.lex.villages
             or c.doc.folds[c.i - 1] in m.W["place_trigger.prep"] and _named_form(m, c, True)
             or _held_place(m, c, slot=False) or _listed_place(m, c, slot=False))


def _may_place_list(m: Matcher, c: Cand) -> int:
    """A capital inside a sentence (after a place preposition, or paired with a town by
    "mellan": `_between_towns`)."""
    return not (c.initial or not c.cap)


def _may_frequent(m: Matcher, c: Cand) -> int:
    """Lower case with no naming verb, or above all of `_u_frequent`'s limits, always; at
    least the lowest of them may be."""
    if not (c.cap or c.named) or c.e.zipf >= max(T.INITIAL_UNKNOWN_MAX, T.INITIAL_SUBJECT_MAX,
                                                 T.COMMON, T.DOMINANT_WORD) \
            and not (c.cap and not c.initial and c.place_ctx):  # ("minuter från Hör")
        return ALWAYS
    return c.e.zipf >= min(T.INITIAL_UNKNOWN_MAX, T.INITIAL_SUBJECT_MAX, T.COMMON,
                           T.DOMINANT_WORD)


def _may_place_context(m: Matcher, c: Cand) -> int:
    """After a place preposition a span always (an addressee, a bank, a region, a place)."""
    return ALWAYS if c.place_ctx else NEVER


def _may_person(m: Matcher, c: Cand) -> int:
    """After a name or a naming trigger a span always; a short word opening a sentence may
    be rejected."""
    if c.after_name or c.name_ctx:
        return ALWAYS
    return c.initial and len(c.key) < 4


# (a step without one is asked of every word its plan reaches: `_u_proper_noun` always
# finds a name and ends every plan that reaches it)
STEP_WORD = {_u_acronym: _may_acronym, _u_lower_name: _may_lower_name,
             _u_lower_suffix: _may_lower_suffix, _u_street_apart: _may_street_apart,
             _u_namelike_slot: _may_namelike_slot, _u_city_part: _may_city_part,
             _u_water: _may_water,
             _u_foreign_head: _may_foreign_head, _u_district_run: _may_district_run,
             _u_word: _may_word, _u_name_pair: _may_name_pair,
             _u_lower_addressee: _may_lower_addressee, _u_lower_place: _may_lower_place,
             _u_place_list: _may_place_list, _u_frequent: _may_frequent,
             _u_place_context: _may_place_context, _u_person: _may_person}
# The steps whose finding anything (not what) is all the spelling's and the flags': each
# asked once a plan, its answer the verdict (None: NEVER, else ALWAYS)
STEP_PURE = frozenset({_u_shape, _u_after_name, _u_fuzzy, _u_homograph, _u_place_suffix})

def person_towns(doc: Doc, spans: list[Span],
                 earlier: Iterable[tuple[str, str]] = ()) -> list[Span]:
    """A town's name that the essay or the learner's earlier essays give a person ("vår son
    Bima … Bima klättrade på templet", "Till Bimas lärare": Bima is also a town on Sumbawa) is
    that person wherever no place preposition stands right before it: "bor i Bima", "flög till
    Bima" stay the town (its genitive is the person's after one too: "till Bimas lärare"). A person's name is one entity with every mention (`propagate`); a
    town's reading with nothing saying place is no evidence against that."""
    persons = {doc.folds[doc.index_at(s.start)]: s.label for s in spans
               if s.label in FIRSTNAMES and s.rule != COREFERENCE.name}
    named, before_surname = _named_towns(doc, spans)
    persons.update(named)
    surnames = {doc.folds[doc.index_at(s.start)] for s in spans
                if s.label == "surname" and s.rule != COREFERENCE.name}
    for label, key in earlier:
        if label in FIRSTNAMES:
            persons.setdefault(fold(key), label)
        elif label == "surname":
            surnames.add(fold(key))
    initialled = _after_initial(doc, spans)
    if not persons and not initialled and not surnames:
        return spans
    preps = doc.lex.words("place_trigger", "prep")
    name_ends = {s.end for s in spans if s.label in NAME_LABELS}
    out = list(spans)
    for n, s in enumerate(spans):
        if s.label not in PERSON_TOWN_LABELS or s.rule not in TOWN_READINGS:
            continue
        k = doc.index_at(s.start)
        key = doc.folds[k]
        if doc.ends[k] == s.end and (s.start in initialled or key in surnames and k
                                     and doc.ends[k - 1] in name_ends and doc.space(k - 1) == " "):
            # "Wilfredo H. Portillo", "Ahmed M. Sandviken": after a given name and an initial
            # the family name, however like a town it is spelt; so is a family name the essay
            # or the learner's other essays give, right after a name ("min dotter Saga Fors")
            out[n] = PERSON_TOWN.span(s.start, s.end, "surname", key=key)
            continue
        if s.label != "city" and key not in persons:
            continue
        gen = key not in persons and key.endswith("s") and key[:-1] in persons
        if doc.ends[k] != s.end or k and doc.folds[k - 1] in preps and not gen \
                and s.start not in before_surname:
            continue  # ("Till Bimas lärare": a person's genitive after the preposition)
        label = persons.get(key[:-1] if gen else key)
        if label:
            out[n] = PERSON_TOWN.span(s.start, s.end, label, ("gen",) if gen else (), key=s.key)
    return out


def _after_initial(doc: Doc, spans: list[Span]) -> set[int]:
    """The starts of spans right after a given name and a dotted initial ("Anna K. X")."""
    starts: set[int] = set()
    for first, initial, after in zip(spans, spans[1:], spans[2:]):
        if first.label in FIRSTNAMES and initial.label == "initials" \
                and doc.text[first.end:initial.start] == " " \
                and doc.text[initial.end:after.start] == ". ":
            starts.add(after.start)
    return starts


def _named_towns(doc: Doc, spans: list[Span]) -> tuple[dict[str, str], set[int]]:
    """Towns the essay itself shows to be a person's given name (key -> its first-name label),
    where the name lists hold it as one: followed by a family name ("pappa till Milan
    petrović": a person also after the preposition; the second value holds those spans'
    starts) or a genitive before a person's noun ("Till Milans tränare")."""
    found: dict[str, str] = {}
    starts: set[int] = set()
    for s, after in zip(spans, spans[1:] + [None]):
        if s.label != "city" or s.rule not in TOWN_READINGS:
            continue
        k = doc.index_at(s.start)
        if doc.ends[k] != s.end:
            continue
        key = doc.folds[k]
        surname = after is not None and after.label == "surname" and k + 1 < len(doc.texts) \
            and doc.offsets[k + 1] == after.start and "\n" not in doc.space(k)
        if not surname and _owner_of_person(doc, k):
            key = key[:-1]
        elif not surname:
            continue
        gender = doc.lex.get(key).gender
        if gender:
            found.setdefault(key, FIRSTNAME[gender])
            if surname:
                starts.add(s.start)
    return found, starts


PERSON_TOWN = Rule("person-town", FAMILY, tuple(sorted(FIRSTNAMES | {"surname"})), 0.8, ("place_trigger", "name_trigger",
                                                                         "fam", "prof"),
                   fn=person_towns)
# a town's or a region's reading (Zala, a Hungarian county) that the essay's person has
PERSON_TOWN_LABELS = frozenset({"city", "region"})
# a town by its name alone, or by its likeness to one ("Merdan", one edit from Mardan): the
# person the essay gives the name wherever no place preposition stands before it
TOWN_READINGS = frozenset({GAZETTEER.name, COREFERENCE.name, FUZZY.name})


LOCAL_LABEL = {"c": "city", "a": "area"}  # (`Lexicon.local_places`' kind letters)


# The registry of this family: the known-word rules, then the unknown-word steps in order.
RULES: tuple[Rule, ...] = (
    _with(PHRASE, Matcher._phrase_span), _with(GAZETTEER, Matcher._classify),
    _with(FUZZY, _u_fuzzy), _with(INSTITUTION_CONTEXT, _u_institution),
    _with(LOCAL_PLACE, Matcher._local_places), _with(COUNTRY_ADJECTIVE, Matcher._alias_country),
    _with(FOREIGN_HEAD, _u_foreign_head), _with(AFTER_NAME, _u_after_name), _with(HOMOGRAPH_CAPITAL, _u_homograph),
    _with(PLACE_SUFFIX, _u_place_suffix), _with(NAME_PAIR, _u_name_pair),
    _with(PLACE_CONTEXT, _u_place_context), _with(PLACE_LIST, _u_place_list),
    _with(ADDRESSEE, _u_place_context),
    _with(WATER, _u_water), _with(SPLIT_NAME, Matcher._split_names),
    _with(NAME_CONTEXT, _u_person), _with(PLACE_PREPOSITION, _u_proper_noun),
    _with(PROPER_NOUN, _u_proper_noun), _with(INITIAL, Matcher._initials),
    _with(SIGNATURE_NAME, Matcher._initials),
    _with(LOWER_INSTITUTION, _u_workplace), _with(LOWER_SUFFIX, _u_lower_suffix),
    _with(PERSON_SLOT, Matcher._person_slot), _with(CITY_PART, _u_city_part),
    _with(DISTRICT_RUN, _u_district_run), _with(STREET_APART, _u_street_apart),
    _with(NAME_TITLE, Matcher._titled), _with(FAMILY_FIRST, Matcher._hyphen_family),
    _with(NAMELIKE_SLOT, _u_namelike_slot),
    _with(NAMELIKE_TAIL, _name_tails), NAME_GENDER, PERSON_TOWN)

