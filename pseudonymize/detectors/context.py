"""Context rules: ages, date parts, street numbers, transport lines, institutions by suffix,
initials, and the mark-only labels (prof, edu, fam, sensitive) from the lexicon.

Each rule is a declared `Rule` (name, labels, score, the lexicon categories it reads) with one
small function `(rules, doc, i, add) -> bool` run on token i (True: no later rule looks at the
token). NUMBER_RULES run on digit tokens, WORD_RULES on the others, in order.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import replace
from functools import lru_cache
from itertools import filterfalse, takewhile

import regex
from rapidfuzz import process
from rapidfuzz.distance import OSA, Levenshtein

from pseudonymize import thresholds as T
from pseudonymize.detectors.gazetteer_match import NAMEISH_CATS as NAMEISH
from pseudonymize.detectors.gazetteer_match import HOMOGRAPH, PLACE_LABEL
from pseudonymize.detectors.gazetteer_match import (Matcher, _institution_context, _institution_role,
                                                     _org_role, place_suffix,
                                                     apposed_business, apposed_kind,
                                                     profession_context,
                                                     stated_profession, studied_at, works_at,
                                                     _foreign_letters,
                                                     listed_name)
from pseudonymize.detectors.gender import FIRSTNAMES, NICKNAME_PREFIX, pronoun_gender
from pseudonymize.detectors.patterns import _counts, _personal_year
from pseudonymize.detectors.rule import MARKS, Rule, category_words
from pseudonymize.doc import FOLDS, QUOTES, Doc, MarkBits, Marks, Remembered, marked
from pseudonymize.labels import FIRSTNAME
from pseudonymize.lexicon import EMPTY, Entry, Lexicon, fold
from pseudonymize.normalize import SPELT
from pseudonymize.types import Span

FAMILY = "context"
Add = Callable[[Span], None]
LINE_CODE = regex.compile(r"[A-ZÅÄÖ]{1,2}\d{1,3}[A-Z]?")
DAY_MONTH = regex.compile(r"(?:0?[1-9]|[12]\d|3[01])\.(?:0?[1-9]|1[0-2])")
DATE_CONTEXT_CATS = frozenset({"weekday", "date_trigger"})
CODE_NAME = regex.compile(r"[A-ZÅÄÖ]{1,3}\d{1,3}")


def _rule(name: str, labels: tuple[str, ...], score: float, **kw) -> Rule:
    return Rule(name, FAMILY, labels, score, **kw)


def _next_letters(lex: Lexicon, text: str, key: str) -> bool:
    """A next word of letters: `_joined_town`'s second word (`_joined_place_lower`)."""
    return text.isalpha()


def _next_workplace(lex: Lexicon, text: str, key: str) -> bool:
    """`_workplace_run`'s first word: capitalised, not in capitals (`_capital_workplace_run`),
    or in lower case, no list's but a name's, no number word and no dominant word as written
    (its run's loop: `_rare_spelling`, or below DOMINANT_WORD)."""
    if not text.isalpha():
        return False
    if text[0].isupper():
        return not text.isupper()
    e = lex.spelt(text, key)
    return text.islower() and not e.cats - NAMEISH and "number_word" not in e.cats \
        and (e.zipf < T.DOMINANT_WORD or not text.isascii())


def _next_capital(lex: Lexicon, text: str, key: str) -> bool:
    """A capitalised next word of letters: `_joined_place`'s second word."""
    return text[:1].isupper() and text.isalpha()


def _next_family_name(lex: Lexicon, text: str, key: str) -> bool:
    """`_owned_given_name`'s next word: capitalised (not in capitals), a listed family name or
    a word no given name list holds and rarer than a name pair's words."""
    if not (text[:1].isupper() and text.isalpha() and not text.isupper()):
        return False
    e = lex.spelt(text, key)
    return not e.cats - NAMEISH and not e.place_kind and not e.country and not e.org_kind \
        and (bool(e.surname_rank) or not e.first_rank and e.zipf < T.PAIR_ZIPF)


def _next_surname(lex: Lexicon, text: str, key: str) -> bool:
    """`_lower_full_name`'s surname next: in lower case, a frequent listed surname that is no
    given name, place nor word."""
    e = lex.spelt(text, key)
    return text.islower() and bool(e.surname_rank) and e.surname_rank <= T.STRONG_NAME_RANK \
        and not e.first_rank and not e.place_kind and e.zipf < T.DOMINANT_WORD and not e.cats


def _next_inside(lex: Lexicon, text: str, key: str) -> bool:
    """"i" next (`inside_preposition`): `_place_in_country`'s "kjula i iran"."""
    return key in lex.words.folds["inside_preposition"]


def _next_alias(lex: Lexicon, text: str, key: str) -> bool:
    """`_place_alias`'s name after the saying verb, or a filler before it ("säger vi")."""
    return text[:1].isupper() or key in lex.words.folds["saying_filler"]


def _phrase_head_shape(lex: Lexicon, text: str, key: str, e: Entry) -> bool:
    """`_lexicon_phrase`'s token: the first word of a marked phrase ("högt blodtryck")."""
    return text.lower() in lex.derived("mark_phrase_heads", lambda: frozenset(
        phrase.split()[0] for phrase in lex.marks if " " in phrase))


def _hyphened_shape(lex: Lexicon, text: str, key: str, e: Entry) -> bool:
    """`_place_compound`'s token: a place joined by a hyphen ("Kurdistan-kurdiska")."""
    return "-" in text


def _code_shape(lex: Lexicon, text: str, key: str, e: Entry) -> bool:
    """`_code_name`'s token: a capital, letters, then digits ("HV71", "E4")."""
    return text[0].isupper() and text[-1].isdigit() and CODE_NAME.fullmatch(text) is not None


def _acronym_shape(lex: Lexicon, text: str, key: str, e: Entry) -> bool:
    """`_acronym`'s token: capitals no list knows ("LG", "UNSA")."""
    return text.isupper() and text.isalpha() and 2 <= len(text) <= T.ACRONYM_MAX \
        and e.zipf < T.COMMON and not (e.cats or e.org_kind or e.place_kind or e.country)


def _given_name_shape(lex: Lexicon, text: str, key: str, e: Entry) -> bool:
    """`_word_surname`'s token: a capitalised listed given name of known gender ("Roger")."""
    return bool(e.first_rank) and e.gender in ("female", "male") and not text.isupper()


def _street_shape(lex: Lexicon, text: str, key: str, e: Entry) -> bool:
    """`_street_suffix`'s token: a rare word of seven letters or more ending (before a genitive
    s) in a street's ending ("Ekvägen", "Strandvägens"), unless a longer ending of a place
    other than a street holds it ("Niagarafallen" is a waterfall, not an "-allen")."""
    if not (e.zipf < T.COMMON and len(key) > 6):  # (before the endings' scan)
        return False
    ending = lex.words.ending("street_ending", key[:-1] if key.endswith("s") else key)
    if not ending:
        return False
    low = text.lower()
    low = low[:-1] if low.endswith("s") else low
    tail = low[-len(ending):]
    if tail != ending and tail not in lex.words.surface("street_ending") and fold(tail) == ending:
        return False  # "kvällen", "hushållen" fold like "-allen" ("-allén"); a learner's "allen" does not
    place = next(((sfx, label) for sfx, label in lex.suffixes.get("place_suffix", ())
                  if low.endswith(sfx)), ("", ""))
    return place[1] == "place" or len(place[0]) <= len(ending)


def _age_shape(lex: Lexicon, text: str, key: str, e: Entry) -> bool:
    """`_age_word_rule`'s token after "är", a list word or before "år": a number word or a
    spelling no everyday word has ("ellva", "åta": `ContextRules._rare_spelling`)."""
    return "number_word" in e.cats or e.zipf < T.COMMON \
        or not text.isascii() and text.lower() not in lex.common_accented \
        or key in lex.words("age_one")  # "min son var en år"


def _apposed_shape(lex: Lexicon, text: str, key: str, e: Entry) -> bool:
    """`_apposed_name`'s token (after "med", "hos" or "och", which it needs): a lower-case
    word, a given name that is also a word or a rare one."""
    return text.isalpha() and text.islower() \
        and ("common_name_homograph" in e.cats or e.zipf < T.RARE)


def _kin_name_shape(lex: Lexicon, text: str, key: str, e: Entry) -> bool:
    """`_kin_subject_name`'s token (after a kin word, which it needs): a lower-case word from
    RARE up to KIN_NAME_MAX (a rarer one, or a listed given name, is the name rules' own: "min
    tata minar kom", "min vän yusuf säger") that no list reads as anything but a town."""
    return text.isalpha() and text.islower() and len(text) >= 3 \
        and T.RARE <= e.zipf < T.KIN_NAME_MAX \
        and not e.cats - NAMEISH and not e.country and not e.org_kind and not e.gender


def _user_shape(lex: Lexicon, text: str, key: str, e: Entry) -> bool:
    """`_user_id`'s token: a user name's spelling ("a.b", "a_b", "noicm88")."""
    return not key.isalpha() and ("." in key or "_" in key or any(c.isdigit() for c in key)
                                  and any(c.isalpha() for c in key))  # (letters alone: no)


def _mark_shape(lex: Lexicon, text: str, key: str, e: Entry) -> bool:
    """`_lexicon_mark`'s token, unless "jobbar som" comes before it (its `before2`): a marked
    word, or a rare lower-case compound of one ("mattelärare")."""
    low = text.lower()
    return low in lex.marks or not text[0].isupper() and e.zipf < T.COMMON \
        and lex.mark_of(low) is not None


# --- rule names (resolve and the tests import these) -----------------------------------------
ORG_ROLES = ("school", "work", "other_institution")
LEXICON_PHRASE = _rule("lexicon-phrase", MARKS, 0.6, word=MARKS, shape=_phrase_head_shape)
LEXICON_MARK = _rule("lexicon", MARKS, 0.6, word=MARKS, rare=True, shape=_mark_shape,
                    before2=("work_word",), reads=(
    "work_word", "study_verb", "profession_filler", "profession_verb", "possessive",
    "have_verb", "namelike_kin", "not_before_namelike_kin", "naming_verb", "name_verb",
    "household_kin", "household_not_after", "writer_word", "list_word", "kin_adjective"))
EDU_COMPOUND = _rule("edu-compound", ("edu",), 0.6, ending=("edu_head",),
                     reads=("not_edu_part",))
STUDIES = _rule("studies", ("edu",), 0.5, before=("study_verb", "study_filler"),
                before2=("study_verb",), reads=("definite_ending", "not_studied", "prof"))
# an age in words, and its subject when that is a lower-case word no list holds ("zosia är nio"),
# gendered by the pronoun after it as name-gender does
AGE_WORD = _rule("age-word", ("age_string", "surname", *sorted(FIRSTNAMES)), 0.85,
                 word=("number_word",),
                 after=("age_trigger.after",),
                 before2=("list_word",),  # "xamse är 12 och ayaan åta": a list's misspelt age
                 before=("age_trigger.verb", "be_verb"),  # "min dotter är ellva."
                 shape=_age_shape, shaped=("be_verb", "list_word", "age_trigger.after"),
                 reads=("age_adverb", "be_verb", "generic_subject", "personal_pronoun",
                        "duration_before", "duration_after", "function_after_name", "age_clause",
                        "possessive", "possessed_kin", "number_word_and", "duration_subject", "fam",
                        "duration_verb", "person_pronoun", "singular_pronoun", "age_until",
                        "age_until_limit", "age_group_noun", "age_end", "age_superlative",
                        "age_limit_word", "age_group_plural", "function_word",
                        "agreeing_pronoun", "fronted_adverb", "definite_ending",
                        "age_as_word", "place_trigger", "age_one", "age_noun",
                        "age_attribute", "age_since"))
# "Jag har tre barn. Massa är äldst, hon …": the one said to be the eldest or youngest, whom a
# pronoun continues, is a person (`ContextRules._start_subject`)
SIBLING_RANK = _rule("sibling-rank", tuple(sorted(FIRSTNAMES)), 0.7, word=("sibling_rank",),
                     reads=("be_verb", "function_word", "personal_pronoun", "possessive",
                            "generic_subject", "definite_ending", "age_trigger.after",
                            "fronted_adverb", "agreeing_pronoun"))
GENERAL_MONTH_READS = ("feast_verb", "feast_word", "personal_event", "name_trigger.kin", "fam")
MONTH = _rule("month", ("month_word", "day"), 0.8, word=("month",),
              reads=("month_preposition", "date_trigger", "not_name", "ordinal", "birth_word",
                     "be_verb", "month_subject", "age_trigger.verb", *GENERAL_MONTH_READS))


def _year_word_shape(lex: Lexicon, text: str, key: str, e: Entry) -> bool:
    """`_year_word`'s token: a century's second word ("hundra", "tusen") or a word starting
    with a century ("nittonhundraåttiofem", "tvåtusen")."""
    return key in lex.words("year_hundreds") or key.startswith(lex.words.ends["year_century"])


# a year in words tied to the writer ("född nittonhundraåttiofem", "år tvåtusen fem"), as the
# patterns family's "year" reads one in digits; a whole parse, so above a name's ending
# ("Nittonhundranittiotvå flyttade vi": no town in -två)
YEAR_WORD = _rule("year-word", ("year",), 0.7, word=("year_hundreds",), rare=True,
                  shape=_year_word_shape,
                  reads=("year_century", "year_word_before", "birth_word", "number_word",
                         "personal_word", "generic_subject", "unit_word"))
def _spelt_shape(lex: Lexicon, text: str, key: str, e: Entry) -> bool:
    """`_spelt`'s token: a word spelt out in one token ("W-A-R-S-A-M-E") or a spelling verb,
    after which the letters may stand apart ("stavas A M I N A")."""
    return key in lex.words.union("spelling_verb", "spelt_noun") \
        or SPELT.fullmatch(text) is not None


# a word spelt out letter by letter ("mitt efternamn stavas W-A-R-S-A-M-E", "det stavas a m i n
# a"): the name or place its letters make, so the spelling does not give away what the
# essay's other mention of it hides
SPELT_OUT = _rule("spelt-out", (*sorted(FIRSTNAMES), "surname", "middlename", "city", "area",
                                "region", "geo", "place", "country", "extra"), 0.8,
                  word=("spelling_verb", "spelt_noun"), rare=True, shape=_spelt_shape)
STREET_SUFFIX = _rule("street-suffix", ("place", "transport_name"), 0.7, rare=True,
                      shape=_street_shape, reads=("street_ending", "word_street_ending",
                                                  "street_preposition", "institution_preposition",
                                                  "name_adjective",
                                                  "street_particle", "way_word",
                                                  "proper_adjective_ending"))
JOINED_HOUSE = regex.compile(r"(\p{L}+)([.:]?)(\d{1,3}[A-Ha-h]?)")  # "storgatan14", "nr:12"


def _joined_house_shape(lex: Lexicon, text: str, key: str, e: Entry) -> bool:
    """`_joined_house`'s token: letters, then a house number of at most three digits and a
    house letter ("storgatan14", "ekvägen12A", "nr:12", "nr.5"; not "lgh1102")."""
    # a digit last or before the house letter first: most words end in letters only
    return (text[-1].isdigit() or text[-2:-1].isdigit()) and text[:1].isalpha() \
        and JOINED_HOUSE.fullmatch(text) is not None


# the shapes no spelling of letters alone passes (a digit, a hyphen, a dot or an underscore
# needed): `LowerIndex._own_mask` does not ask them of a word of letters, fold and spelling
UNLETTERED = frozenset((_joined_house_shape, _code_shape, _user_shape, _hyphened_shape))
JOINED_HOUSE_NUMBER = _rule("joined-house-number", ("place", "street_nr"), 0.8, rare=True,
                            shape=_joined_house_shape,
                            reads=("street_ending", "house_number_word", "street_particle",
                                   "way_word"))
NAMED_KIND = _rule("named-kind", ("school", "work", "other_institution", "geo", "place", "city", "area",
                                  "region", "transport_name"), 0.92, word=("kind_noun",),
                   ending=("kind_noun_ending",),
                   reads=("kind_noun_before_name", "kind_noun_spelt", "naming_verb",
                          "kind_noun_preposition", "region_body",
                          "name_adjective",
                          "thing_pronoun", "work_word", "work_start", "place_trigger",
                          "article_prefix", "geo_preposition", "naming_adverb", "glue_letter",
                          "superlative_ending", "place_suffix", "preschool_kind",
                          "definite_ending", "function_word", "name_run_verb",
                          "apposition_article", "kind_filler", "nationality", "list_word",
                          "geo_prefix"))
LINE = _rule("line", ("transport_name",), 0.8, word=("line_word",), reads=("line_colour",))
LINE_NICKNAME = _rule("line-nickname", ("transport_nr",), 0.7, word=("line_nickname",),
                      reads=("ride_verb", "line_word", "transport_word"))
NUMBERED_SCHOOL = _rule("numbered-school", ("school",), 0.85, word=("numbered_school_noun",),
                        reads=("generic_number_word",))
NUMBERED_AREA = _rule("numbered-area", ("area",), 0.85, word=("numbered_area_noun",))
CODE_NAME_RULE = _rule("code-name", ("place", "other_institution"), 0.5,
                       reads=("language_level", "code_name_preposition", "sport_word",
                              "transport_word"), capital=True, shape=_code_shape)
HEAD_NOUN = _rule("head-noun", ("place", "geo", "region"), 0.75,
                  word=("street_noun", "head_noun"), ending=("geo_head_ending",),
                  reads=("town_centre", "capital_head_noun", "foreign_head_noun",
                         "open_geo_head", "town_head_noun", "adjective_ending", "name_trigger"))
GEO_PREFIX = _rule("geo-prefix", ("geo",), 0.8, word=("geo_prefix",),
                   reads=("name_connector", "place_trigger", "geo_preposition", "topic_preposition",
                          "topic_verb", "naming_verb", "name_trigger", "calling_verb", "be_verb",
                          "saying_verb"))
GEO_HEAD_AFTER = _rule("geo-head-after", ("geo",), 0.8, word=("geo_head_after",),
                       reads=("place_trigger", "geo_preposition", "compass_word"))
STREET_PREFIX = _rule("street-prefix", ("place",), 0.8,
                      word=("street_prefix", "street_prefix_abbreviation"), reads=("name_connector",))
BUSINESS_TAIL = _rule("business-tail", ("work",), 0.8, word=("business_tail",), capital=True)
TOWN_BUSINESS = _rule("town-business", ("work",), 0.85, word=("town_business_head",),
                      reads=("institution_preposition", "work_word", "work_start"))
PLACE_ALIAS = _rule("place-alias", ("city",), 0.85, word=("saying_verb",),
                    reads=("saying_filler", "alias_preposition", "town_noun"),
                    next_shape=_next_alias)
INSTITUTION_HEAD = _rule("institution-head", ORG_ROLES, 0.85, word=("institution_head",),
                         reads=("name_connector", "institution_name_word", "work_word", "work_start",
                                "institution_preposition", "place_trigger"))
TOWN_INSTITUTION = _rule("town-institution", ORG_ROLES, 0.85,
                         word=("town_institution_head", "adjective_institution_head"),
                         reads=("work_word", "work_start", "municipal_service_head",
                                "function_word", "not_institution_adjective",
                                "public_congregation"))
INSTITUTION_TAIL = _rule("institution-tail", ORG_ROLES, 0.85, word=("institution_tail",),
                         reads=("work_word", "work_start", "institution_preposition",
                                "place_trigger", "adjective_ending", "institution_name_word",
                                "nationality"))
LINE_CODE_RULE = _rule("line-code", ("transport_nr",), 0.8, before=("transport_word",),
                       capital=True)
USER_ID = _rule("user-id", ("extra",), 0.7, rare=True, reads=("username_trigger", "naming_verb"),
                shape=_user_shape)
IN_MUNICIPALITY = _rule("in-municipality", ("city",), 0.8, word=("town_body",),
                        reads=("municipality_word",))
TOWN_BODY = _rule("town-body", ("other_institution", "work"), 0.8, word=("town_body",),
                  reads=("work_word", "municipality_word"))
TOWN_COMPANY = _rule("town-company", ("other_institution", "work"), 0.8,
                     ending=("town_company_ending", "town_company_lower_ending",
                             "region_company_lower_ending"),
                     reads=("work_word", "go_between"))
# "pratar busan-dialekt", "en Göteborgs-dialekt": a town or region hyphened to its speech or people
PLACE_COMPOUND = _rule("place-compound", ("city", "region"), 0.75, ending=("place_compound_tail",),
                       shape=_hyphened_shape)
INSTITUTION_SUFFIX = _rule("institution-suffix", ("school", "work", "other_institution"), 0.85,
                           ending=("institution_suffix",),
                           reads=("work_word", "work_start", "study_verb", "school_verb",
                                  "course_word", "university_suffix", "congregation_head",
                                  "adjective_ending", "town_unique_institution",
                                  "institution_preposition", "place_trigger", "saint_word",
                                  "place_name_stem_ending", "kind_noun", "prof", "possessive",
                                  "institution_name_modifier"))
INSTITUTION_PHRASE = _rule("institution-phrase", ("school", "work", "other_institution"), 0.8,
                           ending=("institution_suffix",),
                           reads=("adjective_ending", "work_start", "study_verb", "school_verb",
                                  "course_word", "university_suffix", "congregation_head",
                                  "saint_word"))
CLUB_CODE = _rule("club-code", ("other_institution",), 0.8,
                  word=("club_code", "club_head", "town_club_word"),
                  reads=("nationality", "not_name", "club_preposition"))  # club_head lower: see `_club`
# "vi går till pingstkyrkan", "i vietnamesiska föreningen": a congregation or a people's
# association in lower case, named as the place one goes to
CONGREGATION = _rule("congregation", ("other_institution",), 0.8,
                     word=("denomination_church", "people_association_head"),
                     ending=("people_association_ending",),
                     reads=("nationality", "not_name", "sensitive", "public_congregation"))
TRANSPORT_SUFFIX = _rule("transport-suffix", ("transport_name",), 0.7,
                         ending=("transport_ending",), reads=("ride_verb", "list_word",
                                                             "personal_pronoun", "transport_word"))
JOINED_PLACE = _rule("joined-place", ("city",), 0.85, capital=True, next_shape=_next_capital)
JOINED_PLACE_LOWER = _rule("joined-place-lower", ("city",), 0.85, before=("place_trigger.prep",),
                           next_shape=_next_letters)
# "bor i kjula i iran", "i fars i södra iran": a rare lower-case word in a country is a place
PLACE_IN_COUNTRY = _rule("place-in-country", ("city",), 0.7, before=("place_trigger.prep",),
                         reads=("inside_preposition", "compass_word"), next_shape=_next_inside)
# "jobbar på holmen vid Braviken": a landform's word where someone works, before a place
LANDFORM_WORKPLACE = _rule("landform-workplace", ("work",), 0.7, word=("place_suffix.geo",),
                           reads=("landform_workplace_preposition", "work_word", "work_start"))
ACRONYM = _rule("acronym-institution", ("school", "work"), 0.75, capital=True, shape=_acronym_shape,
                reads=("work_word", "work_start", "study_verb", "school_verb", "course_word"))
KIND_STATEMENT = _rule("kind-statement", ("school", "work", "other_institution", "geo", "place",
                                          "city", "region", "transport_name"), 0.75,
                       word=("kind_noun",), reads=("be_verb", "kind_filler", "apposition_end",
                                                   "institution_preposition", "definite_ending", "definite_form_ending",
                                                   "work_word", "work_start"))
WORKPLACE_RUN = _rule("workplace-run", ("work",), 0.6, word=("institution_preposition",),
                      next_shape=_next_workplace,
                      reads=("work_word", "work_start", "prof", "profession_verb",
                             "profession_filler", "inverted_subject", "study_verb",
                             "school_verb", "place_adverb", "definite_ending", "ordinary_ending",
                             "apposition_article", "business_head", "place_trigger",
                             "workplace_apposition"))
WORD_SURNAME = _rule("word-surname", ("surname",), 0.75, capital=True, shape=_given_name_shape,
                     reads=("common_name_homograph", "noun_before", "person_state", "preposition",
                            "person_object", "naming_verb", "be_verb", "name_tail_stop",
                            "function_word", "naming_adverb", "list_word"))  # (the latter four where its name recurs:
# `resolve.propagate` leaves "en gammal ek" the tree and takes "nu iris är pensionär" for the
# person, and a remembered name that is a preposition where none can stand: "sjöng med vid.")
LOWER_FULL_NAME = _rule("lower-full-name", ("surname", *sorted(FIRSTNAMES)), 0.75,
                        word=("common_name_homograph",), next_shape=_next_surname)
# "min chef orvar Bock", "min kompis lovely Reyes": a given name in lower case before its
# capitalised family name, after an owned kin or social word
OWNED_GIVEN_NAME = _rule("owned-given-name", ("surname", *sorted(FIRSTNAMES)), 0.75,
                         before=("name_trigger.kin", "name_trigger.social", "possessed_kin"),
                         next_shape=_next_family_name,
                         reads=("possessive", "kin_adjective", "past_ending", "verb_ending",
                                "present_ending"))
APPOSED_NAME = _rule("apposed-name", ("firstname_female", "firstname_male"), 0.7,
                     before=("companion_word",), shaped=("companion_word",), shape=_apposed_shape,
                     reads=("common_name_homograph", "personal_pronoun", "person_pronoun"))
# "min tata minor kom från Cartago", "min dotter kia är tretton": a kin's name that is also
# a word (or an English one), between an owned kin word and a person's verb
KIN_SUBJECT_NAME = _rule("kin-subject-name", tuple(sorted(FIRSTNAMES)), 0.5,
                         before=("fam",), shaped=("fam",), shape=_kin_name_shape,
                         reads=("possessive", "name_verb", "kin_gender"))
# "Jag heter Komlan, men kompisar kallar mig kom", "heter Kabelo, men alla säger KB": a
# nickname that is a short form of the name its sentence gave, said or called, whatever
# everyday word it also is
SHORT_NICKNAME = _rule("short-nickname", ("city", *sorted(FIRSTNAMES)), 0.7,
                       before=("saying_verb", "saying_filler", "name_object"),
                       before2=("saying_verb",),
                       reads=("naming_verb", "calling_verb", "name_trigger", "nickname_tail",
                              "name_copula", "not_name", "function_word", "personal_pronoun",
                              "nickname_negation", "place_trigger"))
BUSINESS_NAME = _rule("business-name", ("work", "other_institution"), 0.85,
                      word=("business_head", "club_head", "club_capital"),
                      reads=("work_word", "work_start", "place_adverb", "place_trigger", "club_preposition",
                             "name_connector"))
ADJECTIVE_PLACE = _rule("adjective-place", ("place", "geo", "city", "other_institution"), 0.75,
                        word=("name_adjective",), reads=("adjective_place_noun", "place_trigger"),
                        capital=True)
# Digit tokens.
DAY_MONTH_RULE = _rule("day-month", ("date_digits",), 0.8, reads=("weekday", "date_trigger"))
AGE = _rule("age", ("age_digits", "surname", *sorted(FIRSTNAMES)), 0.85, reads=AGE_WORD.reads + AGE_WORD.before
            + AGE_WORD.after)
DAY = _rule("day", ("day", "month_word"), 0.85, reads=("month", "not_name", "month_noun", "birth_word",
                                           "day_joiner", *GENERAL_MONTH_READS))
DAY_I_MONTH = _rule("day-i-month", ("day", "month_digit"), 0.85,
                    reads=("weekday", "date_trigger", "ordinal_noun", "unit_word"))
DAY_ORDINAL = _rule("day-ordinal", ("day",), 0.7, reads=("weekday", "ordinal_noun"))
TRANSPORT_NR = _rule("transport", ("transport_nr",), 0.8,
                     reads=("transport_word", "generic_number_word", "line_company_ending",
                            "unit_word"))
STREET_NUMBER = _rule("street-number", ("street_nr", "place"), 0.85,
                      reads=("street_ending", "street_noun", "house_number_word", "street_prefix",
                             "street_abbreviation", "word_like_abbreviation",
                             "name_adjective", "street_lead", "street_apart_stop", "unit_word",
                             "be_verb", "house_number_subject", "house_number_lead",
                             "house_number_end", "address_trigger.apartment"))
APARTMENT_NUMBER = _rule("apartment-number", ("other_nr_seq",), 0.85,
                         reads=("address_trigger.apartment", "address_trigger.box", "be_verb",
                                "generic_number_word"))


ORDINAL_LETTERS = ("e", "a", "de", "dje", "dra")  # the endings of a day's ordinal in digits
# ("3:e", "1:a", "9:de", "3dje", "2dra")


class NumberWords:
    """The lexicon's number words, asked of a word: written together (`joined`: "tjugofem")
    or a few edits from one (`near`: "åta"). Looked up by length (the word's first n
    characters in a set; the words of a length within the edits of the word's): each word
    tried against all 200 cost each process 70 M instructions in the words it asked of."""

    def __init__(self, words: tuple[str, ...]) -> None:
        self.words = frozenset(words)
        self.lengths = tuple(sorted({len(w) for w in words}))
        self.by_length: dict[int, list[str]] = {}
        for w in words:  # in the lexicon's order, as `extractOne` was given them
            self.by_length.setdefault(len(w), []).append(w)
        self._joined: dict[str, bool] = {}

    def joined(self, key: str) -> bool:
        """tjugofem, trettiotvå: a concatenation of number words (remembered per rest)."""
        if not key:
            return True
        found = self._joined.get(key)
        if found is None:
            found = any(key[:n] in self.words and self.joined(key[n:])
                        for n in self.lengths if n <= len(key))
            if len(self._joined) < T.REMEMBERED_WORDS:
                self._joined[key] = found
        return found

    def near(self, key: str, edits: int) -> bool:
        """Within `edits` edits (Levenshtein) of a number word: only those whose length is
        within `edits` of the word's can be."""
        window = [w for n in range(len(key) - edits, len(key) + edits + 1)
                  for w in self.by_length.get(n, ())]
        return bool(window) and process.extractOne(key, window, scorer=Levenshtein.distance,
                                                   score_cutoff=edits) is not None


def _lower_first(text: str) -> bool:
    return text[:1].islower()


def _capital_first(text: str) -> bool:
    return text[:1].isupper()


def _any(text: str) -> bool:
    return True


def feast_words(feasts: frozenset[str]) -> tuple[frozenset[str], frozenset[tuple[str, ...]]]:
    """The words that name a feast near a date: a feast of one word, and the first two words
    of a longer one, whose first word alone may be a person's name or an everyday word ("Keti
    Koti", "Inti Raymi", "Sant Jordi": "hemma med Inti fem dagar i februari" is the boy's sick
    days, "den 23 april" beside "sant" alone no feast's), unless that word is a feast of its
    own ("Tết Nguyên Đán": "tết")."""
    alone = {f for f in feasts if " " not in f}
    pairs = {tuple(f.split()[:2]) for f in feasts if " " in f and f.split()[0] not in alone}
    return frozenset(alone), frozenset(pairs)


def _beyond_life(doc: Doc, k: int) -> bool:
    """Token k is a number word above any person's age (T.OLDEST): "tusen", or hundreds of two
    or more ("trehundra", "tvåhundra"), which the number-word list holds only as their parts."""
    if doc.number(k) > T.OLDEST:
        return True
    key = doc.folds[k]
    for big, size in (("hundra", 100), ("tusen", 1000)):
        if key.endswith(big) and len(key) > len(big):
            e = doc.lex.get(key[:-len(big)])
            return "number_word" in e.cats and e.value.isdigit() and int(e.value) * size > T.OLDEST
    return False


class ContextRules:
    """Rules needing the neighbouring words; one instance per engine."""

    def __init__(self, lex: Lexicon) -> None:
        self.lex = lex
        words = lex.words
        self.w = words.folds
        self.kind_nouns = words.value("kind_noun")
        self.kind_endings = words.ends["kind_noun_ending"]
        # a kind noun's spellings by its fold: "än" (than) folds as "ån" (the stream) does
        # a kind noun whose fold another one of another label shares, by its own spelling
        # ("läger", a camp, folds as "lager", a warehouse, does)
        self.kind_spelt = {spelt: label for label in set(words.value("kind_noun_spelt").values())
                           for spelt in words.surface(f"kind_noun_spelt.{label}")}
        self.kind_spellings: dict[str, tuple[str, ...]] = {}
        for spelt in sorted(words.surface("kind_noun") | self.kind_spelt.keys()):
            self.kind_spellings[fold(spelt)] = self.kind_spellings.get(fold(spelt), ()) + (spelt,)
        self.place_nouns = words.value("adjective_place_noun")
        self.way_labels = words.value("way_word")
        self.proper_adjective_endings = words.endings("proper_adjective_ending")
        self.head_nouns = {**dict.fromkeys(words("street_noun"), "place"), **words.value("head_noun")}
        self.geo_head_endings = words.endings("geo_head_ending")
        self.transport_endings = words.endings("transport_ending", surface=True)
        # feasts and holidays of one word, and the first two words of longer ones ("jom kippur")
        self.feasts, self.feast_pairs = feast_words(words("not_name", "feast"))
        self.long_events = tuple(w for w in words("personal_event") if len(w) >= T.EVENT_PREFIX_MIN)
        # a learner's spelling of a long one, one letter off ("födelsedan", "föddelsedag")
        self.misspelt_event = regex.compile("(?:%s){e<=1}" % "|".join(sorted(
            regex.escape(w) for w in self.long_events if len(w) >= T.EVENT_MISSPELT_MIN)))
        self.street_endings = words.endings("street_ending")
        self.possessives = words.surface("possessive")
        # the lexicon's number words, in its order (ties of length keep it): the entries holding
        # one of the category's words, found at C speed (not a Python test of 87,000 entries)
        listed = words("number_word") | {"-" + w for w in words("number_word")}
        self.numbers = NumberWords(lex.derived("number_words", lambda: tuple(sorted(
            (k for k in filter(listed.__contains__, lex.entries)
             if "number_word" in lex.entries[k].cats and " " not in k), key=len, reverse=True))))
        self.institution = lex.suffixes.get("institution_suffix", [])
        self.institution_ends = tuple(sfx for sfx, _ in self.institution)
        # the same by suffix (the first listed wins), looked up by length, longest first
        self.institution_suffix: dict[str, str] = {}
        for sfx, label in self.institution:
            self.institution_suffix.setdefault(sfx, label)
        self.institution_lengths = sorted({len(sfx) for sfx in self.institution_suffix},
                                          reverse=True)
        # Misspelt number words are looked up once per engine, not once per mention.
        self._is_number_word = lru_cache(maxsize=50_000)(self._number_word_uncached)
        self.mark_phrases: dict[str, list[tuple[tuple[str, ...], str]]] = {}
        for phrase, mark in lex.marks.items():
            if " " in phrase:
                head, *rest = phrase.split()
                self.mark_phrases.setdefault(head, []).append((tuple(rest), mark))
        self.stems = Matcher(lex, detects=False)  # which part of a compound is an everyday word
        self.plain, self.before, self.before2, self.after = lex.derived(
            "fast_path", lambda: fast_path(lex, WORD_RULES))
        # the shapes of the rules with `shaped` neighbours, which are no watched words: a
        # plain word spelt as one passes ("åta", folded as "äta") is looked at wherever it is
        self.spelling_shapes = tuple(dict.fromkeys(rule.shape for rule in WORD_RULES
                                                   if rule.shaped and not rule.capital))
        self.marks = Marks(self._mark_bits)
        self.lower = LowerIndex(lex, WORD_RULES)
        self.capital = LowerIndex(lex, WORD_RULES, capital=True)
        # the indexes a SILENT mark is read from (as made: a mark is a declarations' fact),
        # and the words some rule's neighbour declaration names, of either index (`asked`)
        self.own_indexes = self.lower, self.capital
        self.near_before, self.near_before2, self.near_after = (
            frozenset(self.lower.index[f]).union(self.capital.index[f])
            for f in ("before", "before2", "after"))

    def remembered(self) -> tuple[Remembered, ...]:
        """The context rules' own per-spelling tables, for `Spellings.warm`: each index's
        masks of a word's own spelling (the lower-case words `lower` is asked of, the
        capitalised ones `capital`) and of a next word's (any word)."""
        lex = self.lex

        def own(index: LowerIndex) -> Callable[[str], int]:
            return lambda text: index._own_mask(text, FOLDS[text], lex.spelt(text, FOLDS[text]))

        def after(index: LowerIndex) -> Callable[[str], int]:
            return lambda text: index._next_mask(text, FOLDS[text])

        return ((self.lower._own, own(self.lower), _lower_first),
                (self.capital._own, own(self.capital), _capital_first),
                (self.lower._next, after(self.lower), _any),
                (self.capital._next, after(self.capital), _any))

    def todo(self, doc: Doc) -> list[int]:
        """The tokens some rule may act on: every everyday lower-case word no rule looks at
        (most tokens) is skipped, derived from the rules' declarations (`fast_path`), and so
        is a token starting with neither a letter nor a digit; selected over all of the essay's
        marks at once (`MarkBits`): a TODO mark, or a QUIET one beside a watched word."""
        m = marked(doc, self.marks)
        return m.where(self._todo_flags(m))

    def _todo_flags(self, m: MarkBits) -> int:
        """`todo`'s tokens as `MarkBits` flags."""
        return m.bit(TODO) | m.bit(QUIET) & (m.bit(BEFORE, -1) | m.bit(BEFORE2, -2)
                                             | m.bit(AFTER, 1))

    def asked(self, doc: Doc) -> list[int]:
        """`todo` less the words their index calls no function for whatever their neighbours'
        spellings are: a SILENT word (TODO and QUIET both: its own mask calls for no function)
        with no word of a neighbour table one before it (NEAR_BEFORE: any rule's `before`, of
        either index, shaped or not), two before it (NEAR_BEFORE2) or after it (NEAR_AFTER):
        a fifth of MultiGED's (7,400 a pass), each a loop step of `calls` with five look-ups.
        Selected at C speed over the marks, as `todo`."""
        m = marked(doc, self.marks)
        silent = m.bit(TODO) & m.bit(QUIET) & ~(
            m.bit(NEAR_BEFORE, -1) | m.bit(NEAR_BEFORE2, -2) | m.bit(NEAR_AFTER, 1))
        return m.where(self._todo_flags(m) & ~silent)

    def _mark_bits(self, text: str, key: str) -> int:
        """A token's bits for `detect`: TODO, a word some rule may act on wherever it stands
        (a digit, a capital or a word that is not `plain`, or spelt as `spelling_shapes`
        take); QUIET, a plain lower-case word, looked at only beside a watched word (BEFORE
        the word before it, BEFORE2 two before, AFTER the word after it). A token starting
        with neither a letter nor a digit no rule takes. A TODO word whose own mask (its
        index's: capitalised or not) calls for no function is QUIET too: SILENT (`asked`);
        and any word has the NEAR bits of the neighbour tables its fold is in."""
        first = text[0]
        bits = (BEFORE if key in self.before else 0) | (BEFORE2 if key in self.before2 else 0) \
            | (AFTER if key in self.after else 0) | self._neighbour_bits(text, key)
        if first.islower() and key in self.plain and not self.shaped_spelling(text, key):
            return bits | QUIET
        if first.isdigit():
            return bits | TODO
        if first.isupper() or first.isalpha():
            index = self.own_indexes[first.isupper()]
            own = index._own.get(text)
            if own is None:
                own = index._own_mask(text, key, self.lex.spelt(text, key))
            return bits | TODO | (0 if own & index.fn_bits else QUIET)  # (both: SILENT)
        return bits

    def _neighbour_bits(self, text: str, key: str) -> int:
        """`asked`'s marks of a word as a neighbour: a key of either index's `before`
        (NEAR_BEFORE), `before2` (NEAR_BEFORE2) or `after` (NEAR_AFTER) table."""
        return (NEAR_BEFORE if key in self.near_before else 0) \
            | (NEAR_BEFORE2 if key in self.near_before2 else 0) \
            | (NEAR_AFTER if key in self.near_after else 0)

    def shaped_spelling(self, text: str, key: str) -> bool:
        """A spelling some rule's shape passes where its `shaped` neighbours call it."""
        e = self.lex.spelt(text, key)
        return any(shape(self.lex, text, key, e) for shape in self.spelling_shapes)

    def _number_word_uncached(self, key: str) -> bool:
        if "number_word" in self.lex.get(key).cats:
            return True
        if len(key) >= 6 and self.numbers.joined(key):
            return True
        return len(key) >= 5 and self.numbers.near(key, 1 if len(key) < 8 else 2)

    def detect(self, doc: Doc) -> list[Span]:
        spans: list[Span] = []
        add = spans.append
        for i, rules in self.calls(doc):
            for fn in rules:
                if fn(self, doc, i, add):
                    break
        return spans

    def calls(self, doc: Doc) -> Iterator[tuple[int, tuple[Callable, ...]]]:
        """The tokens of `asked` some rule function is run on, each with those functions: a
        number's NUMBER_FNS, a word's those `LowerIndex.functions` gives (of the lower-case
        or the capitalised index), its look-ups made here: 18,800 of MultiGED's 32,400 words
        a pass call for none ("Jag" before no word of the shape its rules need), and a
        Python call a word cost about as much as its look-ups (23 M of a pass's 2,800 M)."""
        texts, folds, entries = doc.texts, doc.folds, doc.entries
        last, lower, capital = len(folds) - 1, self.lower, self.capital
        for i in self.asked(doc):
            text = texts[i]
            first = text[0]
            if first.isdigit():
                yield i, NUMBER_FNS
                continue
            index = capital if first.isupper() else lower if first.isalpha() else None
            if index is None:
                continue
            mask = index._own.get(text)
            if mask is None:
                mask = index._own_mask(text, folds[i], entries[i])
            if i:
                mask |= index._before.get(folds[i - 1], 0)
                if i > 1:
                    mask |= index._before2.get(folds[i - 2], 0)
            if i < last:
                after = index._next.get(texts[i + 1])
                mask |= index._next_mask(texts[i + 1], folds[i + 1]) if after is None else after
            found = index._cache.get(mask)
            if found is None:
                found = index.called(mask)
            if found:
                yield i, found

    def _is_age(self, doc: Doc, i: int, suffixed: bool = False, first: int | None = None) -> bool:
        """A number is an age after "fyllde"/"är" with a person as subject ("jag är 34", "min
        son är fem år"), or before "år" unless the phrase is a duration ("i tre år", "för fem år
        sedan") or generic ("man är 18 år")."""
        folds, n = doc.folds, len(doc.texts)
        first, last, paired = self._age_pair(doc, i, i if first is None else first)
        nxt = folds[last + 1] if last + 1 < n else ""
        prev = folds[first - 1] if first else ""
        if self._anyones_age(doc, i, first, nxt, paired):
            return False
        if prev in self.w["age_trigger.verb"] or suffixed or first >= 2 \
                and prev in self.w["singular_pronoun"] and folds[first - 2] in self.w["age_trigger.verb"]:
            return True  # "fyllde 30", "i år fyller jag nitton"
        verb = first - 1  # past an adverb: "Meron är bara två"
        if verb > 0 and folds[verb] in self.w["age_adverb"]:
            verb -= 1
        # the age ends the clause or "år" follows, not a noun: "vi är tjugo personer"
        ends = last + 1 >= n or not doc.texts[last + 1][0].isalnum() or nxt in self.w[
            "age_trigger.after"] or nxt in self.w["function_after_name"] \
            or self._age_clause(doc, i, verb)
        then = not ends and self._age_end(doc, last)  # "var bara två då": one person's age
        ends = ends or then
        if ends and prev == "och" and self._earlier_age(doc, first):
            return True  # "Dina var sju när jag åkte och femton när vi kom": her second age
        if ends and first >= 2 and prev in self.w["singular_pronoun"] \
                and folds[first - 2] in self.w["be_verb"] and first - 1 not in doc.starts:
            return True  # "nu är jag trettio", "i år blir hon sju": the subject after the verb
            # (one person: "där var vi tio" counts people)
        if prev == "pa" and first >= 2 and ends and self._kin(doc, first - 2):
            return True  # "en son på sju år", "en dotter på tre"
        if first >= 2 and ends and doc.texts[first - 2].lower() in self.possessives \
                and self._kin(doc, first - 1) and nxt not in self.w["duration_after"]:
            return True  # "min dotter är 3 år och min son 5": the verb left out
        if self._listed_age(doc, first, last + 1 >= n or not doc.texts[last + 1][0].isalnum()
                            or nxt in self.w["list_word"] or nxt in self.w["age_trigger.after"]):
            return True  # "Omid är 9, Mariam 6 och Sana 2"
        subject = verb - 1
        relative = subject >= 1 and folds[subject] == "som"
        if relative:  # "min lillebror, som är elva"
            subject -= 1 + (subject >= 2 and folds[subject - 1] == ",")
            # "min son som är sju går i skolan": the main clause's verb ends the relative one
            ends = ends or nxt in self.w["name_verb"] and self._person(doc, subject)
        elif subject >= 1 and doc.texts[subject] == ",":
            subject -= 1  # "en gammal man, Gunnar, är 92": the name in apposition
        else:
            subject = self._subject_past(doc, subject)
        if verb >= 1 and folds[verb] in self.w["be_verb"] and ends and subject >= 0 and (
                folds[subject] in self.w["personal_pronoun"] and (
                    folds[subject] in self.w["singular_pronoun"]
                    or paired or self._years_after(doc, last)
                    or subject >= 1 and folds[subject - 1] in self.w["age_clause"])
                or self._person(doc, subject) or folds[subject] in self.w["age_superlative"]
                or relative and folds[subject - 1] == "och" and self._earlier_age(doc, subject)
                or self._next_sibling(doc, subject)):
            return True  # "jag är 34", "Omar var 12", "zosia är nio", "den äldsta är 81"
            # ("Aleena som är tio och ebin som är 4": the second child of a list of ages; "vi
            # är fyra", "de var tre som pratade zulu": a plural subject's lone number counts
            # people, an age only with "år" after it, a pair, "de är sju och nio", or in a time
            # clause, "när vi var tio": the age they shared)
        if self._fronted_age(doc, first, last):
            return True
        # ("klockan tre är det natt": "är" folds like "år", `_years_after`)
        return self._years_after(doc, last) and not self._old_things(doc, last) \
            and self._age_before_years(doc, i, first, verb)

    def _old_things(self, doc: Doc, last: int) -> bool:
        """"besöker åtta gamla människor", "står tre gamla almar": an age adjective after the
        number (at `last`) and a word after it that goes on the noun phrase: the number
        counts old things or people, nobody's age ("de är fyra gamla." and "tre år gamla
        barn" are not this: the word ends the clause, or "år" comes first)."""
        folds, n = doc.folds, len(doc.texts)
        k = last + 2
        return k < n and folds[last + 1] in self.w["age_attribute"] and doc.texts[k].isalpha() \
            and doc.texts[k].islower() and folds[k] not in self.w["function_after_name"] \
            and folds[k] not in self.w["list_word"] and folds[k] not in self.w["age_end"] \
            and folds[k] not in self.w["fronted_adverb"]

    def _anyones_age(self, doc: Doc, i: int, first: int, nxt: str, paired: bool) -> bool:
        """The number (first token `first`, the word after it `nxt`) is an age of anyone, no
        person's: "en 18 och 16 åring", an age group ("16-åringar är mogna", "bland 18 - 24
        åringar"; not "mina två 16-åringar"), a generic subject's ("barn är 18 år"; not "mina
        barn är 7 och 9 år")."""
        folds = doc.folds
        prev = folds[first - 1] if first else ""
        if paired and prev in ("en", "ett"):
            return True
        if (nxt in self.w["age_group_plural"] or folds[i].lstrip("0123456789-") in self.w[
                "age_group_plural"]) and not any(doc.texts[k].lower() in self.possessives
                                              for k in range(max(0, first - 2), first)):
            return True
        prev2 = folds[first - 2] if first >= 2 else ""
        return prev2 in self.w["generic_subject"] and prev in self.w["be_verb"] and not (
            first >= 3 and doc.texts[first - 3].lower() in self.possessives)

    def _subject_past(self, doc: Doc, k: int) -> int:
        """The subject an age's verb (after token k) is said of, past what stands between:
        "min sekuru i mutare blir åttiofem": a place after its preposition; "Tural går i andra
        klass och är 8": the clause's first word (a person or a singular pronoun) before
        "och" and the verb, within AGE_PAIR_REACH words and no comma; k itself otherwise."""
        folds = doc.folds
        if k >= 2 and folds[k - 1] in self.w["place_trigger.prep"] \
                and (doc.entries[k].place_kind or doc.entries[k].country):
            return k - 2
        if k < 1 or folds[k] != "och" or k in doc.starts:
            return k
        for j in range(k - 1, max(-1, k - 1 - T.AGE_PAIR_REACH), -1):
            if not doc.texts[j][0].isalnum() or folds[j] == "och":
                return k
            if j in doc.starts:
                return j if folds[j] in self.w["singular_pronoun"] or self._person(doc, j) else k
        return k

    def _fronted_age(self, doc: Doc, first: int, last: int) -> bool:
        """"Som sexton jag flyttade", "…, som 19 hon gifte sig": "som" opening its clause, the
        number, then the subject (a singular pronoun or a person) of the learner's uninverted
        main clause: the age at which it happened (not "vi var som två syskon")."""
        folds, k = doc.folds, last + 1
        return first >= 1 and folds[first - 1] in self.w["age_as_word"] \
            and (first - 1 in doc.starts or first >= 2 and doc.texts[first - 2] == ",") \
            and k < len(folds) and (folds[k] in self.w["singular_pronoun"]
                                    or doc.texts[k][:1].isupper() and self._person(doc, k))

    def _age_pair(self, doc: Doc, i: int, first: int) -> tuple[int, int, bool]:
        """(first, last, paired) of the number at i (its first word at `first`: "hundra och
        ett"): "mina barn är sju och nio år", "7 och 9 år": two ages joined by "och" share their
        context, the verb before the first and "år" after the second (`last`, the pair's second
        number: "sju och nio.", "sextio och sextio fem.")."""
        folds, n = doc.folds, len(doc.texts)
        paired = i + 2 < n and folds[i + 1] == "och" and self._numeral(doc, i + 2)
        last = i + 2 if paired else i
        while paired and last + 1 < n and last < i + T.NUMBER_WORDS_MAX \
                and "number_word" in doc.entries[last + 1].cats:
            last += 1
        if first >= 2 and folds[first - 1] == "och" and self._numeral(doc, first - 2):
            first, paired = first - 2, True
        return first, last, paired

    def _age_before_years(self, doc: Doc, i: int, first: int, verb: int) -> bool:
        """The number at i (its first word at `first`, its verb at `verb`) before "år" is an
        age, not a duration ("i tre år", "för fem år sedan")."""
        folds, w = doc.folds, self.w
        prev = folds[first - 1] if first else ""
        if self._age_limit(doc, first):
            return False  # "sänka rösträttsåldern till 16 år", "åldersgränsen borde vara 16 år"
        after = folds[i + 2] if i + 2 < len(folds) else ""
        if after in w["age_noun"]:
            return True  # "från sexton års ålder": an age after any preposition
        if prev in w["age_until"] and (folds[first - 2] if first >= 2 else "") \
                not in w["age_until_limit"]:
            return True  # "gick i skolan bara till 16 år": until that age (not "upp till")
        if first and (prev in w["age_group_noun"] or self._kin(doc, first - 1)):
            return True  # "två barn 5 och 7 år", "tränar pojkar 10 år": their age
        if self._lasting(doc, first) or self._lasting_after(doc, first, i):
            return False  # "bodde i lägret sju år", "har jobbat på Postnord två år"
        if prev in w["age_since"] and after not in w["duration_after"] \
                and not (first >= 2 and (folds[first - 2] in w["age_group_noun"]
                                         or folds[first - 2] in w["generic_subject"])):
            return True  # "lärde mig fiska från tio år": the age it began at (not
            # "barn från tre år åker gratis": a group's)
        return prev not in w["duration_before"] and (
            after not in w["duration_after"] or prev in w["be_verb"]
            and folds[verb - 1] not in w["duration_subject"])  # "det är fem år sedan"

    def _age_limit(self, doc: Doc, first: int) -> bool:
        """An `age_limit_word` at most AGE_LIMIT_REACH words back in the sentence: the number
        of years is a limit a law or a debate sets, nobody's age."""
        k = doc.last_before(self.w["age_limit_word"], first)
        return k >= 0 and first - k <= T.AGE_LIMIT_REACH

    def _listed_age(self, doc: Doc, first: int, ends: bool) -> bool:
        """"Omid är 9, Mariam 6 och Sana 2", "barnen är karim 13, omar 9", "dotter linh 11": a
        number after a person (of one or two given names: "och juan pablo 14") in a list whose first member's number follows "är" (past an
        adverb: "Sana bara 2") or who follows a kin word is an age too; at most NAME_RUN_MAX
        members back."""
        folds, k = doc.folds, first - 1
        if k >= 1 and folds[k] in self.w["age_adverb"]:
            k -= 1
        if not ends or k < 0 or not (self._person(doc, k) or self._unlisted_member(doc, k)):
            return False  # ("sara är sex och mahamat två": a word no list holds, a name there)
        for _ in range(T.NAME_RUN_MAX):
            if k >= 2 and doc.entries[k - 1].first_rank and folds[k - 1] not in self.w["list_word"] \
                    and self._person(doc, k - 1):
                k -= 1  # "valentina är nitton och juan pablo 14": a member of two given names
            if k >= 1 and self._kin(doc, k - 1) or k >= 2 and folds[k - 1] in self.w["be_verb"] \
                    and self._kin(doc, k - 2):
                return True  # "dotter linh 11", "barnen är karim 13, omar 9"
            # the previous member's number, past its "år" ("Amina är 7 år och Omar 4")
            num = k - 2 - (k >= 4 and self._years_after(doc, k - 3))
            if k < 3 or folds[k - 1] not in self.w["list_word"] or not self._numeral(doc, num):
                return False
            j = num - 1  # the word before the previous member's number
            if j >= 1 and folds[j] in self.w["age_adverb"]:
                j -= 1
            if folds[j] in self.w["be_verb"]:  # "hon är sju och ali fem": one person's
                return j >= 1 and (self._person(doc, j - 1)
                                   or folds[j - 1] in self.w["singular_pronoun"])
            if not self._person(doc, j):
                return False
            k = j
        return False

    @staticmethod
    def _unlisted_member(doc: Doc, k: int) -> bool:
        """Token k, a lower-case word inside its sentence that no list holds and too rare to be
        an everyday one, can be a list's member before its age ("och mahamat två")."""
        e = doc.entries[k]
        return k not in doc.starts and doc.texts[k].isalpha() and doc.texts[k].islower() \
            and e.zipf < T.RARE and not e.cats

    def _lasting(self, doc: Doc, first: int) -> bool:
        """A verb of living, working or waiting earlier in the clause ("vi bodde i lägret i
        Dadaab sju år", "hon väntade två år"): the number of years is how long, not an age."""
        folds, lasting, be = doc.folds, self.w["duration_verb"], self.w["be_verb"]
        for k in range(first - 1, max(-1, first - 1 - T.DURATION_REACH), -1):
            if folds[k] in lasting:
                return True
            if k in doc.starts or not doc.texts[k][0].isalnum() and folds[k] != "-" \
                    or folds[k] in be:  # "hon spelade fotboll och är nio år": an age
                return False
        return False

    def _lasting_after(self, doc: Doc, first: int, i: int) -> bool:
        """"Sex år bodde jag i Muscat", "Tolv år vi bodde där": "N år" (its number from `first`
        to i) opening its sentence, a verb of living or working right after it (the subject
        before or after the verb): how long, not an age."""
        folds, lasting = doc.folds, self.w["duration_verb"]
        if first not in doc.starts \
                or i + 2 < len(folds) and folds[i + 2] in self.w["age_trigger.after"]:
            return False  # ("Tolv år gammal bodde jag i Iran": an age)
        for k in range(i + 2, min(len(folds), i + 2 + T.DURATION_AFTER_REACH)):
            if folds[k] in lasting:
                return True
            if not doc.texts[k][0].isalnum():
                return False
        return False

    def _numeral(self, doc: Doc, k: int) -> bool:
        """Token k is a number in digits (an age's length) or a number word."""
        f = doc.folds[k]
        return f.isdigit() and len(f) <= 3 or "number_word" in doc.entries[k].cats

    def _age_end(self, doc: Doc, last: int) -> bool:
        """Words after the number at `last` that end an age's clause: "då", "första gången"
        ("han var sju första gången": two words, one read of the phrase list)."""
        folds, k = doc.folds, last + 1
        if k >= len(folds):
            return False
        return folds[k] in self.w["age_end"] or k + 1 < len(folds) \
            and f"{folds[k]} {folds[k + 1]}" in self.w["age_end"]

    def _next_sibling(self, doc: Doc, subject: int) -> bool:
        """"Sofiia är elva, darynka är fyra", "Omar är nio och lina är sex": a word no everyday
        word spells (or a given name) after a comma or "och", an age said a few words before
        it in the sentence: the next person of a list of ages."""
        return subject >= 1 and doc.folds[subject - 1] in (",", "och") \
            and (self._rare_spelling(doc, subject) or doc.entries[subject].first_rank > 0) \
            and self._earlier_age(doc, subject)

    def _earlier_age(self, doc: Doc, first: int) -> bool:
        """An age stands a few words before "och" at first - 1, in the same sentence: the number
        after it is the same person's age at another time ("var sju när … och femton när")."""
        for k in range(first - 2, max(-1, first - 2 - T.AGE_PAIR_REACH), -1):
            if k in doc.starts:
                return False
            if (self._is_number_word(doc.folds[k]) or doc.folds[k].isdigit()) \
                    and not (k and doc.folds[k - 1] == "och") and self._is_age(doc, k):
                return True
        return False

    def _age_clause(self, doc: Doc, i: int, verb: int) -> bool:
        """"När jag var tolv flyttade vi", "när min bror var 14 började han": a time clause
        ("när" a few words before the verb) whose number the main clause's inverted verb and
        subject follow (not "när vi var fem personer kom bussen")."""
        folds = doc.folds
        if i + 2 >= len(folds):
            return False
        # the subject after the main clause's verb, or before it in a learner's word order
        # ("när jag var nitton jag lämnade landet")
        return any(folds[k] in self.w["age_clause"] for k in range(max(0, verb - 3), verb - 1)) \
            and any(folds[k] in self.w["personal_pronoun"] or folds[k] in self.w["possessive"]
                    or self._person(doc, k) for k in (i + 2, i + 1))

    def _kin(self, doc: Doc, k: int) -> bool:
        """Token k is a kin or friend word ("barnen", "dotter")."""
        return self.lex.mark_of(doc.texts[k].lower()) == "fam"

    def _among_kin(self, doc: Doc, k: int) -> bool:
        """A lower-case word no list holds, too rare for an everyday one, in a sentence that
        names kin before it ("vi har två barn, xamse är 12 och ayaan åta"): a child's name; not
        one after a place preposition ("min sekuru Tendai i mutare blir åttio": the kin's town)."""
        e, text = doc.entries[k], doc.texts[k]
        if not (text.isalpha() and text.islower() and len(text) >= 3 and e.zipf < T.RARE
                and not e.cats and doc.folds[k] not in self.stems.vocabulary) \
                or k and doc.folds[k - 1] in self.w["place_trigger.prep"]:
            return False
        for j in range(k - 1, max(-1, k - 1 - T.KIN_REACH), -1):
            if self._kin(doc, j):
                return True
            if j in doc.starts:
                return False
        return False

    def _age_subject(self, doc: Doc, who: int, add: Add, rule: Rule) -> None:
        """The person an age is said of, in lower case where no rule reads it as a name ("xamse
        är 12", "karim 13"): a listed first name, or a word no list holds at a sentence start,
        among kin or after another person's age ("Sofiia är elva, darynka är fyra"); gendered
        by its list or the pronoun after it."""
        tok, e = doc.token(who), doc.entries[who]
        agreed = self._agreed_start(doc, who)
        if not tok.text.islower() and not agreed:
            return
        listed = self._listed_first(e)
        if self._name_part(doc, who, listed):  # "min emen Dibir saidov är sjuttiotvå"
            add(rule.span(tok.start, tok.end, "surname", key=doc.folds[who], score=0.7))
            return
        sure = listed or agreed or self._unlisted_start(doc, who) or self._among_kin(doc, who)
        if sure or self._next_sibling(doc, who):
            gender = e.gender if listed and e.gender in ("female", "male") else \
                pronoun_gender(doc, who, self._next_person(doc, who))
            # (a list's next person below a further mention's score: "Ryan och Maëlle. … och
            # maëlle är bara ett år" keeps the sex her first mention gave)
            add(rule.span(tok.start, tok.end, FIRSTNAME[gender or "unknown"], key=doc.folds[who],
                          score=0.7 if sure else 0.55))

    def _name_part(self, doc: Doc, who: int, listed: bool) -> bool:
        """"min kusin Oteng mensah är 72", "Dibir saidov är sjuttiotvå": a lower-case word no
        list gives as a first name right after a capitalised given name (inside its sentence,
        or a listed one) is that person's family name, not another person."""
        k = who - 1
        if listed or k < 0 or not doc.texts[k][:1].isupper() or not doc.texts[k].isalpha() \
                or self.lex.mark_of(doc.texts[k].lower()) or self.lex.mark_of(doc.texts[who]):
            # ("Mina barn är fem och sju": a kin or trade word owned by a possessive that
            # spells a given name is no family name)
            return False
        e = doc.entries[k]
        return e.gender in ("female", "male", "unknown") or k not in doc.starts \
            and not e.zipf and not e.place_kind and not e.country

    @staticmethod
    def _listed_first(e: Entry) -> bool:
        """A listed first name that is no everyday word."""
        return bool(e.first_rank) and e.zipf < T.VERY_COMMON and not e.cats - NAMEISH

    def _next_person(self, doc: Doc, k: int) -> int:
        """The token after k where the next person may be named (a word capitalised inside a
        sentence or a listed first name), within PRONOUN_REACH: a pronoun after it is that
        person's ("nila som är elva och arun som är 6, men alla kallar honom Kutti")."""
        end = min(len(doc.texts), k + 1 + T.PRONOUN_REACH)
        for j in range(k + 1, end):
            if doc.texts[j][:1].isupper() and j not in doc.starts \
                    or self._listed_first(doc.entries[j]):
                return j
        return end

    def _person(self, doc: Doc, k: int) -> bool:
        """A word that can name the person an age is said of: capitalised inside a sentence,
        a first name that is no everyday word, whatever its case ("Sara", "zosia"), a word at a
        sentence start too rare to be anything but a name (RARE: "Zosia är nio", "zosia är
        nio" where no list holds her), or a kin word ("min son är tre")."""
        tok = doc.token(k)
        if not tok.is_word:
            return False
        if tok.text[:1].isupper() and k not in doc.starts:
            return True
        if self._unlisted_start(doc, k) or self._possessive_subject(doc, k) \
                or self._agreed_start(doc, k):
            return True
        if self._kin(doc, k) or self._among_kin(doc, k) or self._owned_person(doc, k):
            return True
        return bool(doc.entries[k].first_rank) and doc.entries[k].zipf < T.VERY_COMMON

    def _owned_person(self, doc: Doc, k: int) -> bool:
        """"min dotter kia är tretton": a lower-case word no list or vocabulary holds, right
        after a possessive's kin word, is the kin's name whatever its frequency (a car brand's
        kia); "min äbi är nittio": one right after a possessive and too rare for an everyday
        word is a kin word of the learner's language (not "min lön", a Swedish word)."""
        e, text, fold = doc.entries[k], doc.texts[k], doc.folds[k]
        if k < 1 or not (text.isalpha() and text.islower()) or e.zipf >= T.COMMON:
            return False
        if doc.texts[k - 1].lower() in self.possessives:  # its fold a kin word: äbi ~ abi
            return fold in self.w["name_trigger.kin"] or fold in self.w["possessed_kin"] \
                or e.zipf < T.RARE and not e.cats \
                and fold not in self.stems.vocabulary and len(text) <= T.KIN_WORD_MAX
        if k >= 2 and doc.texts[k - 2].lower() in self.possessives and not e.zipf and not e.cats \
                and fold not in self.stems.vocabulary and doc.texts[k - 1].isalpha() \
                and doc.texts[k - 1].islower():
            return True  # "min omma sólrun är åttioåtta": a word no count knows after an owned
            # word (a kin word of the learner's language however Swedish its fold, ömma)
        return k >= 2 and self._kin(doc, k - 1) and doc.texts[k - 2].lower() in self.possessives \
            and not e.cats - NAMEISH and fold not in self.w["function_word"] \
            or self._second_name(doc, k)

    def _second_name(self, doc: Doc, k: int) -> bool:
        """"hser paw är fjorton": a lower-case word below RARE_NAME_PART right after a
        lower-case given name no everyday word spells is the name's second part (no list
        word, no word of the vocabulary)."""
        e, prev = doc.entries[k], doc.entries[k - 1]
        return k >= 1 and doc.texts[k - 1].isalpha() and doc.texts[k - 1].islower() \
            and bool(prev.first_rank) and prev.zipf < T.RARE and e.zipf < T.RARE_NAME_PART \
            and not e.cats and doc.folds[k] not in self.stems.vocabulary

    def _possessive_subject(self, doc: Doc, k: int) -> bool:
        """"Dina var sju", "Mina är tolv": a capitalised possessive at a sentence start right
        before "är"/"var" has no noun to own, so it is a name."""
        return k in doc.starts and doc.texts[k][:1].isupper() \
            and doc.texts[k].lower() in self.possessives and k + 1 < len(doc.folds) \
            and doc.folds[k + 1] in self.w["be_verb"]

    def _agreed_start(self, doc: Doc, k: int) -> bool:
        """"Ren är elva, han gillar …", "Massa var nio, hon …": a capitalised word starting its
        sentence before "är"/"var" and a number word, whose clause a comma and "han"/"hon"
        continue, is a person's name even where it is an everyday word (ren, massa): the
        pronoun agrees with a person."""
        folds, n = doc.folds, len(doc.texts)
        if not self._start_subject(doc, k):
            return False
        j = k + 2 + (k + 2 < n and folds[k + 2] in self.w["age_adverb"])
        return j + 2 < n and self._is_number_word(folds[j]) and self._agreed_after(doc, j + 1)

    def _start_subject(self, doc: Doc, k: int) -> bool:
        """Token k, capitalised, starts its sentence before "är"/"var", and could be a name: no
        list gives it another reading ("Klockan är elva, han kom"), and it is no pronoun,
        possessive, generic subject or noun in its definite form."""
        texts, folds = doc.texts, doc.folds
        return k in doc.starts and k + 2 < len(texts) and folds[k + 1] in self.w["be_verb"] \
            and texts[k].isalpha() and texts[k][0].isupper() \
            and not (doc.entries[k].cats - NAMEISH or folds[k] in self.w["function_word"]
                     or folds[k] in self.w["personal_pronoun"]
                     or texts[k].lower() in self.possessives
                     or folds[k] in self.w["generic_subject"] or self._definite_noun(doc, k))

    def _agreed_after(self, doc: Doc, j: int) -> bool:
        """The clause goes on at token j (past "år" or "nu") with a comma or "och" and
        "han"/"hon": "… elva år, han gillar", "… elva nu och han", "… äldst, hon är"."""
        folds, n = doc.folds, len(doc.texts)
        j += j < n and folds[j] in self.w["age_trigger.after"]  # "Ren är elva år, han …"
        j += j < n and folds[j] in self.w["fronted_adverb"]  # "Ren är elva nu och han …"
        return j + 1 < n and (doc.texts[j] == "," or folds[j] == "och") \
            and folds[j + 1] in self.w["agreeing_pronoun"]

    @staticmethod
    def _definite_noun(doc: Doc, k: int) -> bool:
        """A word of five letters or more in a noun's definite form that no list gives a first
        name's reading ("Klockan", "Bussen"): a thing, not a person."""
        key = doc.folds[k]
        return len(key) >= 5 and key.endswith(doc.lex.words.ends["definite_ending"]) \
            and not doc.entries[k].gender

    @staticmethod
    def _unlisted_start(doc: Doc, k: int) -> bool:
        """A word at a sentence start that no list holds and too rare to be an everyday one."""
        e = doc.entries[k]
        return k in doc.starts and doc.texts[k].isalpha() and e.zipf < T.RARE and not e.cats

    def _age_word(self, doc: Doc, i: int, add: Add) -> None:
        """"tjugo fem år", "niotton år", "fyllde trettio", "hundra och ett år": an age in words."""
        folds = doc.folds
        key = folds[i]
        nxt = folds[i + 1] if i + 1 < len(doc.texts) else ""
        if key in ("ett", "en") and not (i and folds[i - 1] == "och") and not (
                nxt == "ar" and i >= 2 and (folds[i - 1] in self.w["age_adverb"]
                                            and folds[i - 2] in self.w["be_verb"]
                                            or folds[i - 1] in self.w["be_verb"]
                                            and self._person(doc, i - 2))) \
                and not self._aged_one(doc, i):
            return  # "ett år" is a duration, but "hon var bara ett år", "min dotter är ett år" an age
        prev = folds[i - 1] if i else ""
        if not (key in self.w["age_one"] or self._is_number_word(key) or len(key) >= 3 and (
                self._years_after(doc, i) or (prev in self.w["age_trigger.verb"]
                                              or self._listed_age(doc, i, self._ends(doc, i))
                                              or self._said_age(doc, i))
                and self._rare_spelling(doc, i)) and self._near_number_word(key)):
            return  # "åta år", "fyller åta", "xamse är 12 och ayaan åta": a misspelt number word
        start = i
        while start > max(0, i - T.NUMBER_WORDS_MAX) and (
                self._is_number_word(folds[start - 1]) or folds[start - 1] == "och"
                and start >= 2 and folds[start - 2] in self.w["number_word_and"]):
            start -= 1  # "tjugo fem år", "hundra och ett år" (bounded: "sju och sju och …")
        end = i
        if i + 1 < len(doc.texts) and folds[i + 1] in ("ett", "en") and self._tens(doc.entries[i]):
            end = i + 1  # "trettio ett år", "sextio en år gammal": a compound written apart
        if not self._is_age(doc, end, first=start) \
                or any(_beyond_life(doc, k) for k in range(start, end + 1)):
            return  # (and "en tall som är trehundra år", "Osh är kanske tre tusen år": a thing's)
        add(AGE_WORD.span(doc.offsets[start], doc.ends[end], "age_string", key=folds[end]))
        who = self._subject_before(doc, start)
        if who >= 0:  # "zosia är nio", "och nour fem": the subject no rule reads as a name
            self._age_subject(doc, who, add, AGE_WORD)

    def _years_after(self, doc: Doc, i: int) -> bool:
        """"år", "gammal" after token i: a word saying a number is an age, not "är", which
        folds like "år" ("elsa är nittiotre": elsa is no misspelt "elva")."""
        k = i + 1
        return k < len(doc.texts) and doc.folds[k] in self.w["age_trigger.after"] \
            and doc.texts[k].lower() not in self.lex.words.surface("be_verb")

    def _said_age(self, doc: Doc, i: int) -> bool:
        """"min dotter är ellva.", "… är ellva och går i femman": token i closes a clause
        "<person> är …" (a misspelt number word there is an age)."""
        return i >= 2 and doc.folds[i - 1] in self.w["be_verb"] \
            and (self._ends(doc, i) or doc.folds[i + 1] in self.w["list_word"]) \
            and (doc.folds[i - 2] in self.w["singular_pronoun"] or self._person(doc, i - 2))

    def _bracketed_age(self, doc: Doc, i: int) -> bool:
        """"yusuf (6) grät", "Elif (17)": a number alone in brackets right after a person;
        "Ahmed, 34, jobbar": or between commas after a name; "barn maycol, 11, och Selma, 6.":
        the last of a list of such ages may close its sentence (`_bracketed_list`)."""
        texts = doc.texts
        if not 2 <= i < len(texts) - 1:
            return False
        if texts[i - 1] == "(":
            return texts[i + 1] == ")" and self._person(doc, i - 2) and not self._kin(doc, i - 2)
        if texts[i - 1] != ",":
            return False
        if texts[i + 1] == ",":
            return self._comma_named(doc, i - 2)
        return texts[i + 1] in SENTENCE_CLOSERS and self._bracketed_list(doc, i)

    def _comma_named(self, doc: Doc, k: int) -> bool:
        """Token k, before ", <number>", is a name: capitalised and a first name below COMMON,
        not a kin word or a street ("Storgatan, 12, ..."), or a full name's family name ("Ivana
        Bark, 39, från Skopje") or any capitalised word after a kin word ("min son Wills, 30,
        bor"); or in lower case after a kin word, a first name or a word no
        list holds ("våra barn maycol, 11, och ...")."""
        texts, e = doc.texts, doc.entries[k]
        if texts[k][:1].isupper():
            full = k >= 1 and texts[k - 1][:1].isupper() and bool(doc.entries[k - 1].gender)
            # "Min son Wills, 30, bor i Paris": a capitalised word right after a kin word is
            # the kin's name, whatever list holds it
            kin_named = k >= 1 and self._kin(doc, k - 1) and texts[k].isalpha() \
                and k not in doc.starts and not (e.country or e.org_kind or e.se_pop)
            return bool(e.gender) and e.zipf < T.COMMON or full or kin_named
        return k >= 1 and self._kin(doc, k - 1) and texts[k].isalpha() \
            and (bool(e.first_rank) or e.zipf < T.RARE and not e.cats)

    def _bracketed_list(self, doc: Doc, i: int) -> bool:
        """"Lina, 12, och Sara, 7.": the number at i after a comma and a name closes a list
        whose previous member (past "och" or a comma) has its age between commas."""
        k = i - 3
        if k >= 1 and doc.folds[k] in self.w["list_word"]:
            k -= 1
        return k >= 2 and doc.texts[k] == "," and doc.texts[k - 1].isdigit() \
            and (doc.texts[i - 2][:1].isupper() or self._person(doc, i - 2)) \
            and self._bracketed_age(doc, k - 1)

    def _aged_one(self, doc: Doc, i: int) -> bool:
        """"hon är ett.", "min dotter är ett och går inte ännu": "ett" closing the clause after
        "är" and a person (a pronoun of one person, a kin word or a name) is an age; "det är
        ett och samma" (no person), "hon är ett barn" (a noun follows) are not."""
        folds = doc.folds
        if folds[i] != "ett" or i < 2 or folds[i - 1] not in self.w["be_verb"] \
                or not (folds[i - 2] in self.w["person_pronoun"] or self._person(doc, i - 2)):
            return False
        return self._ends(doc, i) or folds[i + 1] in self.w["list_word"]

    @staticmethod
    def _ends(doc: Doc, i: int) -> bool:
        """Token i ends its clause: the text or a punctuation mark follows."""
        return i + 1 >= len(doc.texts) or not doc.texts[i + 1][0].isalnum()

    def _subject_before(self, doc: Doc, first: int) -> int:
        """The word an age at token `first` is said of: before "är" ("zosia är nio", past an
        adverb: "sana bara 2", past a relative "som": "nila som är elva och arun som är 6"),
        or right before it in a list ("omar 9"); -1 when none."""
        folds, k = doc.folds, first - 1
        if k >= 1 and folds[k] in self.w["age_adverb"]:
            k -= 1
        if k >= 1 and folds[k] in self.w["be_verb"]:
            k -= 1
            if k >= 1 and folds[k] == "som":  # as _is_age reads the relative clause
                k -= 1
        elif k < 1 or not (folds[k - 1] in self.w["list_word"] or self._kin(doc, k - 1)
                           or k >= 2 and folds[k - 1] in self.w["be_verb"] and self._kin(doc, k - 2)):
            return -1  # without "är" only a list's member: "…, omar 9", "dotter linh 11",
            # "barnen är karim 13"
        # ("Jag heter Ngun Hlei och är trettionio år": "och" joins the clause, no subject)
        return k if doc.texts[k][0].isalnum() and folds[k] not in self.w["personal_pronoun"] \
            and folds[k] not in self.w["list_word"] else -1

    @staticmethod
    def _tens(e: Entry) -> bool:
        """"tjugo", "trettio", "fyrti": a number word for a whole ten, which a unit may follow."""
        return "number_word" in e.cats and e.value.isdigit() and int(e.value) >= 20 \
            and int(e.value) % 10 == 0 and int(e.value) < 100

    def _rare_spelling(self, doc: Doc, i: int) -> bool:
        """No everyday word as written: "åta" is rare though it folds like "äta"."""
        text = doc.texts[i]
        return doc.entries[i].zipf < T.COMMON \
            or not text.isascii() and text.lower() not in self.lex.common_accented

    def _near_number_word(self, key: str) -> bool:
        """"åta år", "fyller åta": one letter from a number word, when "år" follows or an age
        verb goes before."""
        return self.numbers.near(key, 1)

    def _connected_run(self, doc: Doc, k: int) -> int:
        """Last index of a capitalised run that may go on over "de", "del", "la":
        "Nevada de Santa Marta"."""
        end = doc.capitalised_run(k)
        while end + 2 < len(doc.texts) and end - k < T.NAME_WORDS_MAX \
                and doc.folds[end + 1] in self.w["name_connector"] \
                and doc.space(end + 1) == " " and doc.texts[end + 2][:1].isupper():
            end = doc.capitalised_run(end + 2)
        return end

    def _kind_after_name(self, doc: Doc, i: int, geo: bool, region: bool, add: Add) -> bool:
        """The name written before its kind noun at token i, in the English order, added:
        "från bay region", "i Kaski distrikt", "Queiq floden är liten", "vi badade i tana
        sjön"."""
        folds = doc.folds
        first = self._apposed_name(doc, i - 2) if geo and i >= 2 and doc.texts[i - 1] == "," \
            and doc.texts[i].lower().endswith(("n", "et", "na")) else None
        if first is not None:
            add(NAMED_KIND.span(doc.offsets[first], doc.ends[i - 2], "geo",
                                key=" ".join(folds[first:i - 1])))
            return True
        if region and i >= 2 and folds[i - 2] in self.w["place_trigger.prep"] and (
                doc.texts[i - 1].islower() and self._listed_name(doc, i - 1, True)
                or doc.texts[i - 1][:1].isupper() and self._name_before_kind(doc, i - 1)):
            label = "region"
        elif geo and i and doc.texts[i].lower().endswith(("n", "et", "na")) \
                and self._name_before_kind(doc, i - 1):
            label = "geo"
        elif geo and self._capital_adjective_name(doc, i):
            add(NAMED_KIND.span(doc.offsets[i - 1], doc.ends[i], "geo", key=" ".join(folds[i - 1:i + 1])))
            return True  # "till Döda fallet", "vid Svarta sjön": the adjective and the kind
        else:
            return False
        add(NAMED_KIND.span(doc.offsets[i - 1], doc.ends[i - 1], label, key=folds[i - 1]))
        # "i moundou floden logone flyter": a lower-case name after the kind noun is named too
        return not (geo and self._lower_name_after(doc, i))

    @staticmethod
    def _capital_adjective_name(doc: Doc, i: int) -> bool:
        """"gick till Döda fallet", "badade vid Svarta sjön": a capitalised word inside its
        sentence, after a place's preposition and before a definite kind noun of nature, is
        the first word of the name they make together (Swedish writes Döda fallet, Stora
        sjön, Röda havet so); not at a sentence start ("Stora sjön är kall") nor a name the
        lists hold as a person's or a place's own."""
        k = i - 1
        if k < 1 or k in doc.starts or doc.space(k) != " " or not doc.texts[i].islower() \
                or not doc.texts[i].lower().endswith(("n", "et", "na")):
            return False
        text, e = doc.texts[k], doc.entries[k]
        W = doc.lex.words.folds
        return text.isalpha() and text[0].isupper() and text[1:].islower() \
            and not e.cats - NAMEISH and not e.gender and T.COMMON <= e.zipf < T.VERY_COMMON \
            and (doc.folds[k - 1] in W["place_trigger.prep"] or doc.folds[k - 1] in W["geo_preposition"])

    def _lower_name_after(self, doc: Doc, i: int) -> bool:
        """Token i + 1 is a lower-case word no list knows, inside i's sentence: the name the
        kind noun at i introduces even when a word before it was read as a name as well."""
        k = i + 1
        return k < len(doc.texts) and k not in doc.starts and doc.texts[k].isalpha() \
            and doc.texts[k].islower() and self._unknown_name(doc, k, True)

    def _apposed_name(self, doc: Doc, k: int) -> int | None:
        """Where the name ending at token k starts that a comma and a definite kind noun of
        nature after it set in apposition ("lagan, floden här", "beskiderna, bergen",
        "ol doinyo lengai, vulkanen"): a lower-case word no list holds (one letter from an
        everyday word too: "tatra, bergen") or a listed lake, river or mountain, with the rare
        words before it; a capitalised word no frequent one and no
        given name. None for anything else ("stugan, sjön var kall")."""
        text, e = self._bare(doc.texts[k]), doc.entries[k]
        if not text.replace("-", "").isalpha() or doc.space(k):
            return None
        if not text.islower():
            return k if text[0].isupper() and not text.isupper() and e.zipf < T.COMMON \
                and not e.cats - NAMEISH and not e.gender else None
        if not (self._unknown_name(doc, k, True) or self._listed_name(doc, k, geo=True)):
            return None
        first = k
        while first > max(0, k - T.NAME_RUN_MAX + 1) and first not in doc.starts \
                and doc.texts[first - 1].isalpha() and doc.texts[first - 1].islower() \
                and doc.entries[first - 1].zipf < T.RARE and not doc.entries[first - 1].cats:
            first -= 1  # "ol doinyo lengai"
        return first

    def _contained_name(self, doc: Doc, i: int, add: Add) -> bool:
        """"det högsta berget i beskiderna", "största sjön i masurien": after a superlative, a
        definite kind noun of nature and "i", a lower-case word no list holds is the
        mountains, land or waters that hold it: geography, unless its ending names a town or
        region ("sjön i mörlunda" without a superlative is a village's lake)."""
        k = i + 2
        if k >= len(doc.texts) or doc.folds[i + 1] != "i" or k in doc.starts or i < 1 \
                or not doc.folds[i - 1].endswith(self.lex.words.ends["superlative_ending"]) \
                or not doc.texts[i].lower().endswith(("n", "et", "na")) \
                or not doc.texts[k].islower() or not self._unknown_name(doc, k):
            return False
        end = self._lower_run(doc, k)
        label = place_suffix(self.lex, doc.texts[end].lower())
        add(NAMED_KIND.span(doc.offsets[k], doc.ends[end],
                            label if label in ("city", "region") else "geo",
                            key=" ".join(doc.folds[k:end + 1])))
        return True

    def _named_kind(self, doc: Doc, i: int, add: Add) -> None:
        """The name a kind noun introduces: "sjön Roxen", "förskolan Rymden", "en ö som heter
        Visingsö", "ruiner som heter Persepolis", "restaurangen där jag jobbar heter Casa
        Andina", "en restaurang i Kista som heter Sabor Latino"."""
        folds = doc.folds
        n, key = len(doc.texts), self.kind_head(folds[i])
        j = i + 1
        named = False  # after a naming verb ("en by som heter gamle"): any word but a common one
        # after a river, lake or mountain also a word one letter from an everyday one
        # ("floden jubba" is no "jobba")
        geo = self.kind_nouns.get(key) == "geo" \
            and doc.texts[i].lower() in self.lex.words.surface("kind_noun")  # "ån", not "an"
        region = self.kind_nouns.get(key) == "region"
        # "vid sjön halen", "längs floden lee": after a place's preposition the word counts may
        # know the name (not "använda skogen effektivt")
        # so after a village's or district's noun: "i stadsdelen haga", "i byn kallmyra"
        counted = (geo or self.kind_nouns.get(key) == "city" and doc.texts[i].islower()) \
            and i > 0 and (folds[i - 1] in self.w["place_trigger.prep"]
                           or folds[i - 1] in self.w["geo_preposition"])
        compound = self.kind_nouns.get(key) in ("city", "geo")
        # after a kind noun of the learner's own language ("zona", "barrio", "mtaa": no Swedish
        # word) the name is of that language too, one letter from a Swedish word or not
        # ("i zona norte")
        foreign = geo or not doc.entries[i].zipf
        if self._kind_after_name(doc, i, geo, region, add) or self._named_before(doc, i) \
                or geo and self._contained_name(doc, i, add) or self._preschool_name(doc, i, add) \
                or self._business_in_apposition(doc, i, key, add):
            return
        if geo and self._adjective_name(doc, j):  # "sjön stora le", "ön lilla karlsö"
            add(NAMED_KIND.span(doc.offsets[j], doc.ends[j + 1], "geo",
                                key=" ".join(folds[j:j + 2])))
            return
        closed = counted and geo and self._closed_name(doc, j)  # "vid sjön dal och floden X"
        if key not in self.w["kind_noun_before_name"] or not (
                j < n and (doc.texts[j][:1].isupper() or closed
                           or self._unknown_name(doc, j, foreign, counted=counted, compound=compound)
                           or self._listed_name(doc, j, region, geo))):
            j = self._naming_verb_after(doc, i, j)
            if j is None:
                return
            named = True
        quoted = j < n and doc.texts[j] in QUOTES
        j += quoted  # "som hette ” Nyskolan ”": capitalised after the quote as a name, too
        closing = self._closing_run(doc, j) if named else -1
        if j >= n or not (self._kind_name(doc, j, named) or closing > j
                          or (region or geo) and self._listed_name(doc, j, region, geo) or closed
                          or counted and self._unknown_name(doc, j, geo, counted=True,
                                                            compound=compound)) \
                or j in doc.starts and not quoted:
            return
        if region and doc.entries[j].country:
            return  # "republiken Moldavien": a country's own name stays the country
        self._add_named(doc, i, j, key, named or geo, closing, add)

    def _business_in_apposition(self, doc: Doc, i: int, key: str, add: Add) -> bool:
        """"hade en liten mobilaffär, Sine Phones, ...", "har en egen frisörsalong, salón yane,
        i Klipan": an indefinite kind noun of a business or institution names it in apposition
        after a comma, a capitalised run or rare lower-case words that close their clause (a
        comma, a full stop or a place's preposition: not "en butik, Anna och jag ...")."""
        folds, n, j = doc.folds, len(doc.texts), i + 2
        label = self.kind_nouns.get(key)
        if label not in ORG_ROLES or j >= n or doc.texts[i + 1] != "," or j in doc.starts \
                or not any(folds[k] in self.w["apposition_article"] and all(
                    folds[m] in self.w["kind_filler"] or "nationality" in doc.entries[m].cats
                    for m in range(k + 1, i)) for k in range(max(0, i - 3), i)):
            return False
        if doc.texts[j][:1].isupper() and doc.texts[j].replace("'", "").isalpha():
            end = self._connected_run(doc, j)  # "Sine Phones", "Mai's Tailor"
            if end == j and (doc.entries[j].place_kind or doc.entries[j].country):
                return False  # "en restaurang, Stockholm är dyrt": a town is no business's name
        elif self._kind_name(doc, j, True) and doc.texts[j].islower():
            end = max(self._closing_run(doc, j), self._lower_run(doc, j))
        else:
            return False
        if end + 1 < n and doc.texts[end + 1][0].isalnum() \
                and folds[end + 1] not in self.w["place_trigger.prep"]:
            return False  # the clause goes on: no name in apposition
        if label in ("school", "other_institution") and works_at(doc, i):
            label = "work"
        add(NAMED_KIND.span(doc.offsets[j], doc.ends[end], label, key=" ".join(folds[j:end + 1])))
        return True

    def _preschool_name(self, doc: Doc, i: int, add: Add) -> bool:
        """"förskolan snäckan", "dagiset myran": preschools are named by a definite noun of
        nature or play, which in lower case right after the kind noun and before a clause's end
        names the preschool though it is a word (not "förskolan maten", "på förskolan idag")."""
        j, folds = i + 1, doc.folds
        if folds[i] not in self.w["preschool_kind"] or j >= len(doc.texts) or j in doc.starts \
                or not (doc.texts[j].isalpha() and doc.texts[j].islower()) \
                or not folds[j].endswith(self.lex.words.ends["definite_ending"]) \
                or doc.entries[j].cats - NAMEISH or doc.entries[j].zipf >= T.PRESCHOOL_NAME_MAX:
            return False
        if j + 1 < len(doc.texts) and doc.texts[j + 1].isalpha() and j + 1 not in doc.starts \
                and folds[j + 1] not in self.w["place_trigger.prep"] \
                and folds[j + 1] not in self.w["function_word"]:
            return False  # "på förskolan leken ute är viktig"
        label = "work" if works_at(doc, i) else self.kind_label(doc.texts[i], folds[i])
        add(NAMED_KIND.span(doc.offsets[i], doc.ends[j], label, ("def",),
                            key=f"{folds[i]} {folds[j]}"))
        return True

    def _add_named(self, doc: Doc, i: int, j: int, key: str, runs_lower: bool, closing: int,
                   add: Add) -> None:
        """The name at j that the kind noun at i introduces (`_named_kind`), labelled by the
        noun and run to its end: a region's body, a school where someone works; nothing for a
        line's destination or operator. `runs_lower`: after a naming verb or a geography noun a
        lower-case name runs on ("floden hari rud"); `closing`: where a named run closes."""
        folds = doc.folds
        label, e = self.kind_label(doc.texts[i], key), doc.entries[j]
        if label == "region" and doc.texts[i][0].isupper() and folds[i] in self.w["region_body"] \
                and doc.texts[j][0].isupper() \
                and (e.se_pop or e.place_country == "SE"):
            end = self._connected_run(doc, j)  # "Till Region Västernorrland": the region's body
            add(NAMED_KIND.span(doc.offsets[i], doc.ends[end], _org_role(doc, i, "other_institution"),
                                key=" ".join(folds[i:end + 1])))
            return
        if label == "transport_name" and (e.place_kind or e.org_kind or e.country):
            return  # "tåget Stockholm–Malmö", "bussen Västtrafik": where to, or who runs it
        if label in ("school", "other_institution") and works_at(doc, i):
            label = "work"  # "praktik på förskolan Solrosen": where someone works
        end = self._connected_run(doc, j) if doc.texts[j][0].isupper() else \
            max(closing, self._lower_run(doc, j)) if runs_lower \
            or label in ("other_institution", "city") else j  # "floden hari rud", "kyrkan
        # kidane mehret", "byn tula toli"; not on over the river's verb ("floden korosi flyter")
        end = next((k - 1 for k in range(j + 1, end + 1) if folds[k] in self.w["name_run_verb"]),
                   end)
        add(NAMED_KIND.span(doc.offsets[j], doc.ends[end], label,
                            key=" ".join(folds[j:end + 1])))

    @staticmethod
    def _named_before(doc: Doc, i: int) -> bool:
        """An indefinite kind noun at i right after a capitalised name inside a sentence
        follows its name in the English order ("Ringsjö sjö nära en by", "Seyhan flod"):
        the word after it is no second name."""
        return i > 0 and (i - 1) not in doc.starts and doc.texts[i - 1][:1].isupper() \
            and doc.texts[i - 1].isalpha() and doc.texts[i].islower() \
            and not doc.texts[i].endswith(("n", "et", "na"))

    def _adjective_name(self, doc: Doc, j: int) -> bool:
        """Token j, in lower case right after a lake's, island's or mountain's kind noun, is a
        size or direction word (`name_adjective`) whose noun follows: the kind's name ("sjön
        stora le"; Swedish puts such an adjective before the kind: "stora sjön")."""
        k = j + 1
        return k < len(doc.texts) and k not in doc.starts and doc.texts[j].islower() \
            and doc.folds[j] in self.w["name_adjective"] and doc.texts[k].isalpha() \
            and doc.texts[k].islower() and doc.entries[k].zipf < T.DOMINANT_WORD

    def _naming_verb_after(self, doc: Doc, i: int, j: int) -> int | None:
        """Where the name starts that a naming verb after the kind noun at i gives ("en
        restaurang i Kista som heter …", "floden heter också Sava", "… nu! Den heter …"), j
        being the token after the noun; None when no naming verb follows."""
        folds, n = doc.folds, len(doc.texts)
        if j + 1 < n and folds[j] in ("i", "pa") and (doc.texts[j + 1][:1].isupper()
                                                       or doc.entries[j + 1].place_kind):
            j += 2  # "en restaurang i Kista som heter …", "en fabrik i zenica som hette …"
        if j < n and folds[j] == "dar":
            j = next((k for k in range(j + 1, min(n, j + 5)) if folds[k] in self.w["naming_verb"]), n)
        elif j < n and folds[j] == "som":
            j += 1
        elif (stop := self._sentence_end(doc, j)) + 2 < n \
                and folds[stop + 1] in self.w["thing_pronoun"]:
            j = stop + 2  # "vår egen restaurang! Den heter La Fonda de Carlos", "… nu! Den"
        elif i and folds[i - 1] in self.w["kind_noun_preposition"]:
            return None  # "min kompis på restaurangen heter Anna": the kompis is named
        if j >= n or folds[j] not in self.w["naming_verb"]:
            return None
        j += 1
        return j + (j < n and folds[j] in self.w["naming_adverb"])  # "floden heter också Sava"

    def _name_before_kind(self, doc: Doc, k: int) -> bool:
        """Token k, right before a definite kind noun of nature, is its name in a learner's
        English or own-language order: a capitalised word that is no frequent one (not "Stora
        sjön", "Den floden") or a lower-case word no list knows ("tana sjön")."""
        text, e = doc.texts[k], doc.entries[k]
        if not text.isalpha() or e.cats - NAMEISH or doc.space(k) != " ":
            return False
        return text[0].isupper() and not text.isupper() and e.zipf < T.COMMON \
            or text.islower() and self._unknown_name(doc, k, True)

    @staticmethod
    def _sentence_end(doc: Doc, j: int) -> int:
        """The punctuation mark ending the sentence at token j past at most KIND_SENTENCE_END
        lower-case words ("restaurang nu!"), else len(doc.texts)."""
        for k in range(j, min(len(doc.texts), j + 1 + T.KIND_SENTENCE_END)):
            if not doc.texts[k][0].isalnum():
                return k
            if not doc.texts[k].islower():
                break
        return len(doc.texts)

    @staticmethod
    def _closing_run(doc: Doc, j: int) -> int:
        """The last word of a lower-case name of two to NAME_RUN_MAX words that closes its
        clause after a naming verb, whatever their frequency: "en stadsdel som heter gamla
        stan.", "ett område som heter karte se,"; -1 when the clause goes on or the run is
        one word (a single frequent word there is no name: "som heter så")."""
        last = min(len(doc.texts), j + T.NAME_RUN_MAX)
        for k in range(j, last):
            if k > j and k in doc.starts or not doc.texts[k].isalpha() or not doc.texts[k].islower():
                return k - 1 if k - 1 > j and not doc.texts[k][0].isalnum() else -1
        return last - 1 if last == len(doc.texts) and last - 1 > j else -1

    @staticmethod
    def _lower_run(doc: Doc, j: int) -> int:
        """The last word of a lower-case name after a naming verb: "som heter pizzeria roma i
        borås" runs on over words less frequent than everyday ones and of no lexicon category,
        at most NAME_RUN_MAX of them, up to an everyday word ("i")."""
        last = min(len(doc.texts), j + 1 + T.NAME_RUN_MAX) - 1
        end = j
        while end < last and end + 1 not in doc.starts and doc.texts[end + 1].isalpha() \
                and doc.texts[end + 1].islower() and doc.entries[end + 1].zipf < T.COMMON \
                and not doc.entries[end + 1].cats - NAMEISH:
            end += 1
        return end

    def kind_label(self, text: str, key: str) -> str:
        """The label of kind noun `key` as spelt in `text`: "läger" a camp's (city), "lager" a
        workplace's."""
        return self.kind_spelt.get(text.lower(), self.kind_nouns[key])

    def kind_head(self, key: str) -> str:
        """The kind noun a word is, or the one a compound ends in ("städfirman" -> "firman",
        `kind_noun_ending`); "" for other words."""
        if key in self.kind_nouns:
            return key
        return next((e for e in self.kind_endings if key.endswith(e) and len(key) > len(e) + 2
                     and e in self.kind_nouns), "")

    def _kind_name(self, doc: Doc, j: int, named: bool = False) -> bool:
        """The word a kind noun names after "som heter": capitalised, or in lower case a name
        the gazetteers know or a rare word that is no lexicon word ("en älv som heter
        ljusnan"; not "som heter 2010"); right after the naming verb (`named`) any word that
        is no frequent one ("en by som heter gamle"; not "som heter så"), or a first name that
        is no very common word ("en salong som heter bella": the business, not a person)."""
        tok, e = doc.token(j), doc.entries[j]
        if not tok.is_word or not self._bare(tok.text).isalpha() and tok.text[0].islower():
            return False
        if tok.text[0].isupper():
            return True
        return len(tok.text) >= 3 and not e.cats - NAMEISH and (
            bool(e.place_kind or e.org_kind) and e.zipf < T.COMMON or e.zipf < T.RARE
            or named and (e.zipf < T.COMMON or bool(e.gender) and e.zipf < T.VERY_COMMON))

    @staticmethod
    def _listed_name(doc: Doc, j: int, region: bool = False, geo: bool = False) -> bool:
        """"ån indalsälven", "sjön vättern", "lägret kakuma", "bageriet nina": a lower-case word
        right after a kind noun that the gazetteers know as a place or a first name and that is
        no everyday word; after a region's kind noun a place a little more frequent ("i
        provinsen bay": an English word, no Swedish one); after a river's or lake's a country
        too ("längs floden gambia": the river the country is named after)."""
        e = doc.entries[j]
        # a curated lake or island of CURATED_GEO_WORD_MIN letters is no everyday word however
        # often the press names it ("ön öland", "sjön vättern")
        limit = T.DOMINANT_WORD if region and e.place_kind or geo and "geo" in e.cats \
            and len(doc.folds[j]) >= T.CURATED_GEO_WORD_MIN else T.COMMON
        return bool(e.place_kind or e.gender or geo and e.country) and e.zipf < limit \
            and not e.cats - NAMEISH and doc.texts[j].isalpha()

    def _closed_name(self, doc: Doc, j: int) -> bool:
        """"vid sjön dal och floden Vyeth", "i sjön mälar.": after a place's preposition and a
        lake's, river's or mountain's kind noun, a lower-case word less frequent than everyday
        words (an adverb is more: "i sjön ofta", "vid sjön idag") that no other list claims and
        that ends its phrase (a comma, a full stop, "och", "eller", a place's preposition) is
        the name, though it is a word too (dal: a valley): a bare noun after the definite kind
        noun is no Swedish phrase."""
        n = len(doc.texts)
        if j + 1 >= n:
            return False
        e = doc.entries[j]
        if not doc.texts[j].isalpha() or not doc.texts[j].islower() \
                or e.zipf >= T.COMMON or e.cats - NAMEISH - HOMOGRAPH or len(doc.folds[j]) < 3 \
                or doc.folds[j] in self.w["geo_prefix"]:
            return False  # ("på berget mont och": the prefix of a name not written)
        nxt = doc.folds[j + 1]
        return not doc.texts[j + 1][0].isalnum() or nxt in self.w["list_word"] \
            or nxt in self.w["place_trigger.prep"]

    def _unknown_name(self, doc: Doc, j: int, misspelt_too: bool = False,
                      counted: bool = False, compound: bool = False) -> bool:
        """"förskolan solrosen", "lägret dadaab": a lower-case word right after a kind noun
        that no list knows, nor is a misspelt everyday word (unless `misspelt_too`) or two
        words run together, is its name; also past an Arabic article ("området al-ashar").
        `counted`: right after a lake's, river's or mountain's kind noun the word counts may
        know the name ("sjön halen", "floden lee"), if it is no vocabulary word. `compound`:
        after a place's kind noun two everyday words run together are a name too ("byn hansjö",
        "stadsdelen haga"): Swedish place names are such compounds; only two function words
        run together are a learner's glued phrase there ("föratt")."""
        e, key = doc.entries[j], doc.folds[j]
        known = e.zipf < T.KIND_GEO_NAME_MAX and doc.texts[j].islower() if counted \
            else not e.zipf
        return self._bare(doc.texts[j]).isalpha() and len(key) >= 4 - counted and known \
            and not e.cats and key not in self.stems.vocabulary \
            and (misspelt_too or not self.stems._misspelt(key)) \
            and not self._glued(key, T.GLUED_PLACE_WORD_MIN if compound else T.VERY_COMMON)

    def _bare(self, text: str) -> str:
        """A lower-case word without its Arabic article ("al-ashar" -> "ashar"), else the word
        (one capitalised past it, "al-Ashar", is a capitalised name: `Matcher._capital` in gazetteer_match)."""
        dash = text.find("-")
        if 0 < dash < len(text) - 1 and text[dash + 1].islower() \
                and text[:dash + 1].lower() in self.w["article_prefix"]:
            return text[dash + 1:]
        return text

    def _glued(self, key: str, least: float = T.VERY_COMMON) -> bool:
        """"föratt", "såatt": two frequent words (each at least `least`) written together (a
        learner's spelling)."""
        get = self.lex.entries.get
        letters = self.w["glue_letter"]  # "ibyn"; not "brač" as "bra" + "c"
        return len(key) <= T.LONGEST_COMPOUND and any(
            get(key[:k], EMPTY).zipf >= least and get(key[k:], EMPTY).zipf >= least
            and (k > 1 or key[:k] in letters) and (k < len(key) - 1 or key[k:] in letters)
            for k in range(1, len(key)))

    def _mark_context(self, doc: Doc, i: int, mark: str) -> bool:
        """Family and profession words are marked when they refer to a specific person:
        "min bror", "moster Hawa", "jobbar som kock"; sensitive and education words always."""
        if mark == "fam":
            return self._kin_context(doc, i)
        if mark == "prof":
            return self._prof_context(doc, i)
        return True

    def _prof_context(self, doc: Doc, i: int) -> bool:
        """An occupation stated about someone: "jobbar som X", "är (en bra) X", "kan bli X",
        "söker jobbet som X"."""
        return profession_context(doc, i)

    def _mark_phrase(self, doc: Doc, i: int, add: Add) -> bool:
        """A multi-word marked entry ("högt blodtryck", "emot regeringen") starting at i."""
        for rest, mark in self.mark_phrases[doc.texts[i].lower()]:
            end = i + len(rest)
            if end < len(doc.texts) and all(doc.texts[i + 1 + k].lower() == w
                                         for k, w in enumerate(rest)):
                add(LEXICON_PHRASE.span(doc.offsets[i], doc.ends[end], mark,
                                        key=" ".join(doc.folds[i:end + 1])))
                return True
        return False

    def _kin_context(self, doc: Doc, i: int) -> bool:
        """A kin word about someone in the writer's circle: "min bror", "Pers föräldrar",
        "moster Hawa", "hos farmor", "Hur mår mamma?", "barnen", "har en kusin", "en pojkvän
        som heter", "två små barn" after "har" — not "barn behöver", "att vara mamma", "sex
        barn från förskolan"."""
        folds = doc.folds
        key = folds[i]
        before = folds[max(0, i - 6):i]
        prev = before[-1] if before else ""
        nxt = doc.texts[i + 1] if i + 1 < len(doc.texts) else ""
        owned = self._kin_owned(doc, i)
        if owned is not None:
            return owned
        number = next((k for k in (i - 1, i - 2) if k >= 0 and (
            folds[k].isdigit() or "number_word" in doc.entries[k].cats)), None)
        if number is not None:
            if not key.startswith("barn"):
                return True  # "tre systrar", "två kompisar"
            # "två små barn" is the writer's after "har" or beside another kin word, not "sex
            # barn från förskolan".
            marks = self.lex.marks
            return any(folds[k] in self.w["have_verb"] or doc.texts[k].lower() in self.possessives
                       or marks.get(doc.texts[k].lower()) == "fam"
                       for k in range(max(0, number - 4), number))
        if key in self.w["namelike_kin"] and (prev not in self.w["not_before_namelike_kin"] or (
                prev == "att" and i + 1 < len(folds) and folds[i + 1] in self.w["name_verb"])):
            return True  # "hos farmor", "Hur mår mamma?", "för mammas medicin", "att mamma grät"
        if key in self.w["household_kin"]:
            return self._household(doc, i)
        if prev in ("en", "ett") and any(w in self.w["have_verb"] for w in before[:-1]):
            return True  # "jag har en bror", "min man hade en kusin där"
        return key != "man" and nxt == "som" and i + 2 < len(doc.texts) \
            and folds[i + 2] in self.w["naming_verb"]  # "en pojkvän som heter Elias"

    @staticmethod
    def _plain_name(doc: Doc, k: int) -> bool:
        """Token k is a listed given name that is no word of any kind (ayşe, samira)."""
        if k < 0 or k >= len(doc.texts):
            return False
        e = doc.entries[k]
        return bool(e.gender) and not e.cats and e.zipf < T.RARE and doc.texts[k].isalpha()

    def _household(self, doc: Doc, i: int) -> bool:
        """"vi åker till parken med barnen", "Hur mår du och barnen?": the children of a
        first-person story or beside the person addressed are the writer's (or the
        addressee's) — not "de andra barnen", nor children in general ("barnen behöver
        svenska")."""
        folds, w = doc.folds, self.w
        if i and folds[i - 1] in w["household_not_after"]:
            return False
        if i >= 2 and folds[i - 1] == "och" and (folds[i - 2] in ("du", "ni") or (
                doc.texts[i - 2][:1].isupper() and i - 2 not in doc.starts)):
            return True
        start, end = doc.sentence_window(i, T.HOUSEHOLD_REACH, T.HOUSEHOLD_REACH)
        return any(f in w["writer_word"] for f in folds[start:end])

    def _kin_owned(self, doc: Doc, i: int) -> bool | None:
        """"min bror", "moster Hawa", "Pers föräldrar", "Noors bästa kompis": a kin word with
        its owner or name, also listed after an owned one ("min mamma och pappa", "min madar
        och padar"), named in apposition ("en afghansk väninna, Setareh") or, as the learners'
        languages put it, after the name ("hälsa ayşe teyze", "hej hodan walaashay"); a
        capitalised one starting a sentence ("Mamma kom") is one too, unless it is "Man"."""
        texts, n = doc.texts, len(doc.texts)
        nxt = texts[i + 1] if i + 1 < n else ""
        if any(t.lower() in self.possessives for t in texts[max(0, i - 2):i]) \
                or nxt[:1].isupper() and nxt.isalpha() and i + 1 not in doc.starts \
                or nxt == "," and i + 2 < n and texts[i + 2][:1].isupper() \
                and texts[i + 2].isalpha() and i + 2 not in doc.starts and doc.folds[i] != "man" \
                or i >= 3 and doc.folds[i - 1] in self.w["list_word"] \
                and self.lex.marks.get(texts[i - 2].lower()) == "fam" \
                and any(t.lower() in self.possessives for t in texts[max(0, i - 4):i - 2]):
            return True
        if texts[i].islower() and doc.folds[i] != "man" and (
                self._plain_name(doc, i - 1) and i - 1 not in doc.starts
                or self._plain_name(doc, i + 1)):
            return True  # "ayşe teyze", "mahmoud akhi", "khalto samira": a listed given name
            # beside it
        k = i - 1 - (i >= 2 and doc.folds[i - 1] in self.w["kin_adjective"])
        owner = texts[k] if k >= 0 else ""
        if owner[:1].isupper() and owner.endswith("s") and (
                k not in doc.starts or self.lex.get(doc.folds[k][:-1]).gender):
            return True  # "Pers föräldrar", "Valentinas pappa", "Noors bästa kompis"
        if doc.texts[i][0].isupper() and i in doc.starts:
            return doc.folds[i] != "man"
        return None

    def _bare_suffix(self, key: str, named: bool) -> bool:
        """gatan, vägen, omvägen: the suffix word itself or a short everyday compound, not a
        street name — unless capitalised inside a sentence (Ekvägen, Ågatan)."""
        return key.endswith(self.street_endings) and any(
            key == sfx or len(key) < len(sfx) + 3 and not named for sfx in self.street_endings
            if key.endswith(sfx))  # (one C-level test first: most words end in none)

    def _feast_near(self, doc: Doc, i: int) -> bool:
        """A feast or holiday named within FEAST_WINDOW words of token i in its sentence
        ("Vi firar Nowruz den 21 mars"): the date is the feast's, which the essay keeps; not
        a birth's ("föddes den 3 april, före songkran"), nor a birthday's ("fyllde elva år på
        julafton, den 24 december": a birth or birthday word earlier in the sentence)."""
        feasts, starts, born = self.feasts, doc.starts, self.w["birth_word"]
        pairs = self.feast_pairs
        for k in range(i - 1, max(-1, i - 1 - T.FEAST_WINDOW), -1):
            if doc.folds[k] in born:
                return False  # "jag föddes den 3 april, tio dagar före songkran": a birthday
            if doc.folds[k] in feasts or tuple(doc.folds[k:k + 2]) in pairs:
                return not self._birthday_before(doc, k)
            if k in starts:
                break
        for k in range(i + 1, min(len(doc.folds), i + 1 + T.FEAST_WINDOW)):
            if k in starts:
                break
            if doc.folds[k] in feasts or tuple(doc.folds[k:k + 2]) in pairs:
                return True
        return False

    def _general_month(self, doc: Doc, i: int) -> bool:
        """The month at token i is a feast's, which the gold sets leave: its sentence names a
        feast in general ("Dashain är vår största högtid, det är i oktober", "den 18 september
        är Chiles nationaldag", "i juni firar vi ..."), no year follows the month (a feast's
        date recurs: "i december 2015" is a day in a story), and no one's own day is there: no
        kin word ("vi firar min dotters namnsdag i maj", "mormors dag") and no personal event
        (a birth, birthday, arrival, journey, wedding: `personal_event`, also a compound ending
        or starting with one: "sjuttioårsdag", "födelsedagsfesten"). A month in a sentence about
        the weather stays a date: the writer's trip or first winter is theirs (h-probe66)."""
        folds, texts, w = doc.folds, doc.texts, self.w
        lo, hi = doc.sentence_window(i, T.GENERAL_MONTH_REACH, T.GENERAL_MONTH_REACH + 1)
        after = texts[i + 1] if i + 1 < len(folds) else ""
        if after.isdigit() and len(after) == T.YEAR_DIGITS:
            return False
        ending, events, feast = self.lex.words.ending, self.long_events, False
        for k in range(lo, hi):
            f = folds[k]
            if f in w["personal_event"] or ending("personal_event", f, 3) or \
                    f.startswith(events) or f in w["name_trigger.kin"] or \
                    len(f) >= T.EVENT_MISSPELT_MIN and self.misspelt_event.fullmatch(f) or \
                    self.lex.mark_of(texts[k].lower()) == "fam":
                return False
            feast = feast or f in w["feast_verb"] or bool(ending("feast_word", f))
        return feast

    def _birthday_before(self, doc: Doc, k: int) -> bool:
        """A birth word or a birthday's verb ("föddes", "fyllde") before token k in its
        sentence, no month between: "min son föddes på julafton": the feast dates a person's
        birth (not "föddes den 3 april, före songkran som är den 13 april": a date of its own)."""
        born, verbs = self.w["birth_word"], self.w["age_trigger.verb"]
        while k > 0 and k not in doc.starts:
            k -= 1
            if doc.folds[k] in born or doc.folds[k] in verbs:
                return True
            if "month" in doc.entries[k].cats:
                return False
        return False

    def _date_context(self, doc: Doc, i: int) -> bool:
        """A month name next to a day number or a year, or after a preposition of time
        ("i november", "sedan mars") or "född", or listed after such a month ("i mars och
        april"; at most MONTH_LIST months back, so a hostile list stays linear)."""
        for _ in range(T.MONTH_LIST):
            prev = doc.folds[i - 1] if i else ""
            if i >= 2 and (prev in self.w["list_word"] or prev == ",") \
                    and "month" in doc.entries[i - 2].cats:
                i -= 2  # "stängd i mars och april": the list's first month decides
            else:
                break
        before = doc.texts[i - 1] if i else ""
        after = doc.texts[i + 1] if i + 1 < len(doc.texts) else ""
        prev = doc.folds[i - 1] if i else ""
        return (before[:1].isdigit() or after[:1].isdigit() or prev in self.w["month_preposition"]
                or "date_trigger" in (doc.entries[i - 1].cats if i else ()) and prev != "den"
                # "när vi kom det var december": a time said to be the month
                or i >= 2 and prev in self.w["be_verb"] and doc.folds[i - 2] in self.w["month_subject"])

    def _mark(self, doc: Doc, i: int) -> tuple[int, str] | None:
        """(last token, label) of a marked word said of someone, or None: a lexicon mark, a
        compound of one ("mattelärare", "prostatacancer"), any word after "jobbar som"
        ("kallskänka"); "magisterexamen i matematik" takes its subject along."""
        folds, entries = doc.folds, doc.entries
        low, n = doc.texts[i].lower(), len(doc.texts)
        prev = folds[i - 1] if i else ""
        mark = self.lex.marks.get(low)
        if mark is None and not doc.texts[i][0].isupper() and entries[i].zipf < T.COMMON:
            mark = self.lex.mark_of(low)
            if mark is None and prev == "som" and i >= 2 and folds[i - 2] in self.w["work_word"]:
                mark = "prof"
        if not mark or not self._mark_context(doc, i, mark):
            return None
        if (mark == "edu" or folds[i].endswith("ingenjor")) and i + 2 < n and folds[i + 1] == "i" \
                and doc.texts[i + 2].islower() and doc.texts[i + 2][0].isalnum() \
                and entries[i + 2].zipf < T.EDU_SUBJECT_MAX \
                and "number_word" not in entries[i + 2].cats:
            return i + 2, "edu"  # "magisterexamen i matematik", not "i skolan"
        if mark == "prof" and prev == "till" and i >= 2 and folds[i - 2] in self.w["study_verb"]:
            return i, "edu"  # "studerar till sjuksköterska"
        return i, mark

    def _town_body(self, doc: Doc, i: int, add: Add) -> None:
        """"i X kommun": the place itself; "jobbar på Malmö stad", "Till Jönköpings kommun":
        the body."""
        folds = doc.folds
        if not (i and doc.texts[i - 1][0].isalnum()):
            return
        owner = folds[i - 1]
        place = doc.entries[i - 1].place_kind or self._place_genitive(owner) \
            or owner.endswith("s") and self.lex.get(owner[:-1]).place_kind
        # in lower case only a Swedish town or its genitive: "ljusdals kommun", "borlänge
        # kommun", not "min kommun"; before "kommun" also a small seat that is a name too
        # ("dorotea kommun"), as no everyday word stands there
        if not doc.texts[i - 1][0].isupper() and not (
                self._place_genitive(owner) or self._swedish_place(owner)
                or folds[i] in self.w["municipality_word"] and self._seat(owner)):
            return
        # "undersköterska i krokoms kommun": the municipality someone in that role works for,
        # as "på/för krokoms kommun" is (but "jobbar i Göteborgs kommun" is where)
        works_in = i >= 3 and folds[i - 2] == "i" and stated_profession(doc, i - 3)
        if i >= 2 and folds[i - 2] == "i" and (i - 1) not in doc.starts and not works_in:
            # "i östhammars kommun": the genitive of its seat, as "i Östhammars kommun" is
            # ("i borås kommun": one in -s its own genitive)
            gen = owner.endswith("s") and not doc.entries[i - 1].place_kind \
                and bool(self.lex.get(owner[:-1]).se_pop)
            attrs = ("gen",) if gen or place and owner.endswith(("s", "x", "z")) else ()
            add(IN_MUNICIPALITY.span(doc.offsets[i - 1], doc.ends[i - 1], "city", attrs,
                                     key=owner[:-1] if gen else owner))
        elif place and ((i - 1) not in doc.starts or i >= 2 and folds[i - 2] == "till"):
            add(TOWN_BODY.span(doc.offsets[i - 1], doc.ends[i], "work" if works_in
                               else _org_role(doc, i - 1, "other_institution"),
                               key=f"{owner} {doc.texts[i].lower()}"))  # work where one works

    def _seat(self, key: str) -> bool:
        """"dorotea", "doroteas": a Swedish place (or its genitive) that is no everyday word nor
        a word some rule lists, whatever its size: before "kommun" it names the municipality."""
        for k in (key, key[:-1] if key.endswith("s") else ""):
            e = self.lex.get(k)
            if k and e.se_pop and e.zipf < T.COMMON and k not in self.stems.vocabulary:
                return True
        return False

    def _place_genitive(self, key: str) -> bool:
        """"ljusdals", "skånes": the genitive of a Swedish place, owner of an institution; also
        the old genitive of a place ending in -n that its institutions keep ("falu lasarett",
        "sunderby sjukhus": Falun, Sunderbyn), when that form is no word of its own."""
        if key.endswith("s") and self.lex.get(key[:-1]).se_pop:
            return True
        e = self.lex.get(key)
        return len(key) >= 4 and not key.endswith("n") and e.zipf < T.COMMON and not e.cats \
            and not e.place_kind and bool(self.lex.get(key + "n").se_pop)

    def _swedish_place(self, key: str) -> bool:
        """"kiruna", "öxnehaga": a Swedish town of some size, or a town or district that is no
        everyday word, owner of an institution written after it without the genitive ("kiruna
        kyrka", "borlänge sjukhus")."""
        e = self.lex.get(key)
        return not e.cats - {"district"} and (
            e.se_pop >= T.SE_ATTESTED or bool(e.se_pop or e.cats) and e.zipf < T.RARE
            or e.se_pop >= T.SE_SEAT and e.zipf < T.COMMON)  # "borgholm energi"

    def _institution(self, doc: Doc, i: int, add: Add) -> None:
        """An institution by the ending of its name: "Sundsvalls Hockeyklubb",
        "Universitetssjukhuset Örebro" (the word itself), "Lunds universitet" (its owner before)."""
        key = doc.texts[i].lower()
        cap = doc.texts[i][0].isupper()
        for suffix in (key[len(key) - n:] for n in self.institution_lengths if n <= len(key)):
            label = self.institution_suffix.get(suffix)
            if label is None:
                continue
            attrs = ("def",) if suffix.endswith(("an", "en", "et")) else ()
            # "jobbar som städare på Linnéuniversitetet": a university one works at is `work`
            kind = "university" if suffix in self.w["university_suffix"] else None
            label = _org_role(doc, i, label or "other_institution", kind)
            # Two-letter forms (AB, HB, IF, IK) are separate words: "Volvo AB", not "Zainab".
            if len(suffix) > 2 and len(key) > len(suffix) + 2 and (
                    cap and i not in doc.starts or not cap and self._named_stem(doc, i, suffix)):
                # "Hockeyklubben", and in lower case where the word before the ending is a
                # name, whatever the context ("går på rinkebyskolan", "bäckbyskolan"; not
                # "grundskolan", "går på musikskolan").
                self._suffixed_name(doc, i, label, attrs, add)
            elif (key == suffix or not cap and len(suffix) > 2) and self._town_after(doc, i):
                # "Komvux umeå", "Vuxenutbildningen eskilstuna", "BUP södertälje",
                # "pingstkyrkan uppsala": a generic institution named by the town after it
                add(INSTITUTION_SUFFIX.span(doc.offsets[i], doc.ends[i + 1], label, attrs,
                                            key=" ".join(doc.folds[i:i + 2])))
            elif not cap and doc.folds[i] in self.w["town_unique_institution"] and i and (
                    doc.folds[i - 1] in self.w["institution_preposition"]
                    or doc.folds[i - 1] in self.w["place_trigger.prep"]):
                # "jobbar natt på länssjukhuset", "träffas på stadsbiblioteket": the one of its
                # kind in the writer's town, named by its generic head in lower case
                add(INSTITUTION_SUFFIX.span(doc.offsets[i], doc.ends[i], label, attrs, key=key))
            elif key == suffix or not cap and len(suffix) > 2:
                self._owned_name(doc, i, label, attrs, add)
            return

    def _town_after(self, doc: Doc, i: int) -> bool:
        """A Swedish town (not a district) right after token i, in the same sentence; a small
        one when it names a municipality ("Lärcentrum Tranemo")."""
        if i + 1 >= len(doc.texts) or i + 1 in doc.starts or not doc.texts[i + 1][0].isalnum():
            return False
        e = doc.entries[i + 1]  # not a town that is an everyday word ("zainab vi säger")
        return (e.se_pop >= T.SE_ATTESTED or doc.folds[i + 1] in self.lex.municipalities) \
            and e.place_kind == "city" and "district" not in e.cats \
            and doc.folds[i + 1] not in self.stems.vocabulary

    def _named_stem(self, doc: Doc, i: int, suffix: str) -> bool:
        """A rare lower-case compound of a place or name and an institution's ending:
        "bäckbyskolan", "rinkebyskolan" (not "grundskolan", "telekombolaget"); after a work or
        study verb, or a class ("går i klass 3 på sjöstadsskolan"), also an unattested one
        ("går på stenhammarskolan"); joined by a hyphen, any word that is no everyday one
        ("yesus-kyrkan"; not "musik-skolan")."""
        e = doc.entries[i]
        stem = doc.folds[i][:len(doc.folds[i]) - len(fold(suffix))]
        if stem.endswith("-"):  # "mekane yesus-kyrkan": the hyphen joins a name to the ending
            part = stem[:-1].rsplit("-", 1)[-1]
            return len(part) >= 3 and part.isalpha() and self.lex.get(part).zipf < T.COMMON \
                and part not in self.stems.vocabulary  # not "musik-skolan"
        context = _institution_context(doc, i) is not None or studied_at(doc, i) is not None \
            or i >= 2 and doc.folds[i - 1] == "i" and doc.folds[i - 2] in self.w["school_verb"] \
            or i and doc.folds[i - 1] in self.w["kind_noun"] or _institution_role(doc, i) \
            or bool(self.lex.words.ending("place_name_stem_ending", stem.removesuffix("s"), stem=3))
        # ("smedsgärds|skolan": a place's or family's name before the ending, in any context)
        # ("går i engelbrektskolan": a school one goes "i" too; "sin skola hellidsskolan": its
        # kind before it; "lärare på rutsborgskolan": a profession's place)
        if context and e.zipf < T.COMMON and not e.cats \
                and stem.removesuffix("s") in self.w["institution_name_modifier"]:
            return True  # "går på centralskolan", "norrskolan": named by where it stands
        return e.zipf < T.COMMON and not e.cats and self.stems._name_stem(
            doc.folds[i], len(fold(suffix)), e, unattested=context, compounds=not context)

    @staticmethod
    def _suffixed_name(doc: Doc, i: int, label: str, attrs: tuple[str, ...], add: Add) -> None:
        """"Sundsvalls Hockeyklubb": a capitalised genitive before it belongs to the name;
        "Universitetssjukhuset Örebro", "Länssjukhuset Ryhov": so does a name after it."""
        folds = doc.folds
        before = doc.texts[i - 1] if i else ""
        first = i - 1 if before and before[0].isupper() and before.endswith("s") \
            and doc.space(i - 1) == " " and (i - 1) not in doc.starts else i
        end = doc.capitalised_run(i)
        end = next((k - 1 for k in range(i + 1, end + 1)
                    if doc.entries[k].gender or doc.entries[k].surname_rank), end)
        add(INSTITUTION_SUFFIX.span(doc.offsets[first], doc.ends[end], label, attrs,
                                    key=" ".join(folds[first:end + 1])))

    def _two_word_place(self, doc: Doc, j: int) -> int:
        """j-1 when tokens j-1 and j are a two-word place in lower case, also in its genitive
        ("addis abeba", "sankt petersburgs"): the owner of the institution after them is the
        whole place (capitalised, the words say themselves: "Västmanlands läns museum")."""
        if j < 1 or (j - 1) in doc.starts or not doc.texts[j - 1].isalpha() \
                or not doc.texts[j - 1].islower() or doc.space(j - 1) != " ":
            return j
        pair = f"{doc.folds[j - 1]} {doc.folds[j]}"
        return j - 1 if self.lex.get(pair).place_kind or pair.endswith("s") \
            and self.lex.get(pair[:-1]).place_kind else j

    def _owned_name(self, doc: Doc, i: int, label: str, attrs: tuple[str, ...], add: Add) -> None:
        """"Lunds universitet", "Linköpings domkyrka", "Charkivs nationella universitet",
        "Eriksbergs vilt- och naturpark"."""
        folds = doc.folds
        j = i - 1
        if j >= 3 and folds[j] in ("och", "eller") and doc.texts[j - 1] == "-" \
                and doc.space(j - 2) == "" and doc.texts[j - 2].isalpha():
            j -= 3  # "Eriksbergs vilt- och naturpark": the first part of a shared compound
        if j >= 1 and doc.texts[j].islower() and len(folds[j]) >= 5 \
                and folds[j].endswith(self.lex.words.ends["adjective_ending"]) \
                and (doc.texts[j - 1][:1].isupper() or folds[j - 1].endswith("s")):
            j -= 1  # "Charkivs nationella universitet", "lindholmens tekniska gymnasium"
        owner = doc.texts[j] if j >= 0 else ""
        place = self._two_word_place(doc, j)  # "addis abeba universitet"
        if len(folds[i]) == 2 and owner[:1].isupper():
            place = min(place, _capitalised_owner(doc, j))  # "Dalslands Kanal AB": the whole
            # capitalised name its company form ends, though a listed place begins it
        # "går på hvitfeldtska gymnasiet": a lower-case owner after a study or work verb;
        # "ligger på skånes universitetssjukhus": a Swedish place's genitive anywhere; a
        # two-word place anywhere
        lower = j >= 0 and owner.islower() and (
            doc.entries[j].zipf < T.COMMON and (_institution_context(doc, j) is not None
                                                or studied_at(doc, j) is not None)
            or self._place_genitive(doc.folds[j]) or self._swedish_place(doc.folds[j])
            or place < j)
        if owner.islower() and folds[i] in self.w["congregation_head"]:
            # "kidane mehret kyrkan", "kidus mikaels församling": a congregation named by
            # words no list holds (a saint's name in its genitive among them)
            first = _lower_name_run_before(self, doc, j)
            if j >= 1 and j not in doc.starts and doc.folds[j - 1] in self.w["saint_word"] \
                    and doc.texts[j].isalpha():
                first = j - 1  # "sankt helena kyrka": a saint's name, however frequent
            if first is not None and (first < j or not lower and doc.entries[j].zipf == 0):
                add(INSTITUTION_PHRASE.span(doc.offsets[first], doc.ends[i], label, attrs,
                                            key=" ".join(folds[first:i + 1])))
                return
        if (owner[:1].isupper() or lower) and doc.texts[j][0].isalnum() and (
                j not in doc.starts or owner.endswith("s") and j + 1 == i):
            if label == "school":  # "jobbar som lärare på strömstad gymnasium": its owner
                label = _org_role(doc, place, label)  # follows the work verb
            add(INSTITUTION_PHRASE.span(doc.offsets[place], doc.ends[i], label, attrs,
                                        key=" ".join(folds[place:i + 1])))
        elif len(folds[i]) == 2 and owner.islower():
            first = _company_start(doc, i)
            if first is not None:
                add(INSTITUTION_PHRASE.span(doc.offsets[first], doc.ends[i], label, attrs,
                                            key=" ".join(folds[first:i + 1])))


def _club(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"tränar barn i morön bk", "när assyriska ff spelar": a club's code in lower case after a
    lower-case word that is no everyday word, a place ("hammarby ff", "färjestad bk") or a
    people's or language's name ("syrianska fc"), as clubs are often called: the two are the
    club. The abbreviations that are also English words ("if") and the sports after a town
    ("luleå hockey") only after a Swedish place or with a club preposition before the name
    ("spelar i norrby if")."""
    code, fold = doc.texts[i], doc.folds[i]
    swedish_place = i >= 1 and bool(doc.entries[i - 1].se_pop)
    joined = swedish_place or i >= 2 and doc.folds[i - 2] in r.w["club_preposition"]
    if i < 1 or not (code.islower() and (fold in r.w["club_code"] or joined and fold in
                                         r.w["club_head"] or swedish_place and fold in
                                         r.w["town_club_word"])
                     or code.isupper() and fold in r.w["club_head"]):
        return False  # "gefle IF" in capitals; "hammarby if" after a Swedish place
    k = i - 1
    name, e = doc.texts[k], doc.entries[k]
    if name.isalpha() and name.islower() and k not in doc.starts \
            and (e.zipf < T.COMMON or e.place_kind) \
            and (doc.folds[k] not in r.stems.vocabulary or doc.folds[k] in r.w["nationality"]
                 or doc.folds[k] in r.w["not_name.language"]
                 or swedish_place and e.zipf < T.COMMON):  # "färjestad" is a listed district
        add(CLUB_CODE.span(doc.offsets[k], doc.ends[i], "other_institution",
                           key=" ".join(doc.folds[k:i + 1])))
        return True
    if code.isupper() and len(code) >= 2 and name.isalpha() and name[:1].isupper() \
            and (e.place_kind or e.zipf < T.COMMON):
        # "Sandarne SIF", "Kullaviks IF": a club's code in capitals after its capitalised
        # place or name (the town alone would be a town)
        add(CLUB_CODE.span(doc.offsets[k], doc.ends[i], "other_institution",
                           key=" ".join(doc.folds[k:i + 1])))
        return True
    return False


def _capitalised_owner(doc: Doc, j: int) -> int:
    """The first of the capitalised words ending at token j, at most COMPANY_WORDS of them; a
    sentence's first word only when it is no everyday word ("Till Dalslands Kanal AB")."""
    k = j
    while k > max(0, j - T.COMPANY_WORDS + 1) and k not in doc.starts \
            and doc.texts[k - 1][:1].isupper() and doc.texts[k - 1].isalpha() \
            and (k - 1 not in doc.starts or doc.entries[k - 1].zipf < T.COMMON):
        k -= 1
    return k


def _company_start(doc: Doc, i: int) -> int | None:
    """"praktiserar på sundsvalls el ab", "jobbar på bygg ab": the first word of a lower-case
    company name that its form (AB, HB) ends, where someone works: the word after the work
    preposition, at most COMPANY_WORDS words back, all lower-case words."""
    for k in range(i - 1, max(0, i - 1 - T.COMPANY_WORDS), -1):
        if not (doc.texts[k].isalpha() and doc.texts[k].islower()) or k in doc.starts:
            return None
        if _institution_context(doc, k) == "work":
            return k if doc.entries[k].zipf < T.VERY_COMMON else None  # not "på ett företag ab"
    return None


# --- word rules ----------------------------------------------------------------------------------
def _lexicon_phrase(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"högt blodtryck": a multi-word marked entry; no other rule looks at its first word."""
    low = doc.texts[i].lower()
    return low in r.mark_phrases and r._mark_phrase(doc, i, add)


def _lexicon_mark(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"min bror", "jobbar som kock", "mattelärare", "magisterexamen i matematik": a marked
    word said of someone."""
    found = r._mark(doc, i)
    if found is not None:
        end, mark = found
        add(LEXICON_MARK.span(doc.offsets[i], doc.ends[end], mark, key=doc.folds[i]))
    return False


def _edu_compound(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"naturvetenskapsprogrammet", "vård- och omsorgsprogrammet", "undersköterskeutbildningen":
    a compound headed by a programme or training word names an education (not the bare
    "programmet" on TV); a coordinated first part ("vård- och") belongs to it."""
    low = doc.texts[i].lower()
    head = r.lex.words.ending("edu_head", low, surface=True)
    part = fold(low[:-len(head)]).rstrip("-")
    if not head or len(part) < 2 or part in r.w["not_edu_part"] \
            or part.endswith("s") and part[:-1] in r.w["not_edu_part"]:
        return False  # "tv-programmet", "nyhetsprogrammet"
    start = i
    if i >= 3 and doc.folds[i - 1] == "och" and doc.texts[i - 2] == "-" \
            and doc.texts[i - 3].isalpha():
        start = i - 3  # "vård- och omsorgsprogrammet"
    add(EDU_COMPOUND.span(doc.offsets[start], doc.ends[i], "edu",
                          key=" ".join(doc.folds[start:i + 1])))
    return False


def _congregation(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"går till pingstkyrkan", "i vietnamesiska föreningen", "oromoföreningen": a
    denomination's church in one lower-case word, a people's or language's association joined
    in one word, or a people's, language's or faith's adjective ("kurdiska
    kulturföreningen", "katolska församlingen", "fil-svenska föreningen": its last part) before
    an association's definite head, names the
    congregation or association one belongs to; "kyrkan" alone, "en somalisk förening" and the
    public "svenska kyrkan" are not."""
    folds, texts = doc.folds, doc.texts
    if not texts[i].islower():
        return False
    if folds[i] in r.w["denomination_church"]:
        add(CONGREGATION.span(doc.offsets[i], doc.ends[i], "other_institution", key=folds[i]))
        return True
    key = f"{folds[i - 1]} {folds[i]}" if i else ""
    people = folds[i - 1].rsplit("-", 1)[-1] if i else ""  # "fil-svenska föreningen"
    if i and folds[i] in r.w["people_association_head"] and texts[i - 1].islower() \
            and (people in r.w["nationality"] or people in r.w["not_name.language"]
                 or people in r.w["sensitive.religion"]) \
            and key not in r.w["public_congregation"]:
        add(CONGREGATION.span(doc.offsets[i - 1], doc.ends[i], "other_institution", key=key))
        return True
    head = r.lex.words.ending("people_association_ending", folds[i], stem=3)
    stem = folds[i][:len(folds[i]) - len(head)].rstrip("-") if head else ""
    if stem and (stem in r.w["nationality"] or stem in r.w["not_name.language"]) \
            and f"{stem} {head}" not in r.w["public_congregation"]:
        # "oromoföreningen", "somaliföreningen": the people's association in one word
        add(CONGREGATION.span(doc.offsets[i], doc.ends[i], "other_institution", key=folds[i]))
        return True
    return False


def _town_company(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"Hej Uppsalahem!", "Göteborgsbostäder": a town's housing, energy or transport company
    by the town's name and its kind in one word (not a first name greeted, not the town); in
    lower case ("till landskronahem") a word no list knows of a Swedish town of some size and a
    housing kind."""
    low = doc.texts[i].lower()
    if doc.texts[i][:1].isupper():
        head = r.lex.words.ending("town_company_ending", low, surface=True)
        if head and _swedish_stem(r, fold(low[:-len(head)])):
            add(TOWN_COMPANY.span(doc.offsets[i], doc.ends[i], "other_institution",
                                  key=doc.folds[i]))
        return False
    head = r.lex.words.ending("town_company_lower_ending", low, stem=3, surface=True)
    e = doc.entries[i]
    if e.zipf or e.cats or e.place_kind:
        return False
    regional = r.lex.words.ending("region_company_lower_ending", low, stem=3, surface=True)
    if regional and _swedish_region(r, fold(low[:-len(regional)])):
        add(TOWN_COMPANY.span(doc.offsets[i], doc.ends[i],
                              _org_role(doc, i, "other_institution"), key=doc.folds[i]))
    elif head:
        stem = fold(low[:-len(head)])
        if any(r.lex.get(k).se_pop >= T.SE_ATTESTED and "district" not in r.lex.get(k).cats
               for k in (stem, stem[:-1] if stem.endswith("s") else stem)):
            add(TOWN_COMPANY.span(doc.offsets[i], doc.ends[i], "other_institution",
                                  key=doc.folds[i]))
    return False


HOMOGRAPH_CAT = frozenset({"common_name_homograph"})
COMPOUND_PLACE_LABEL = {"city": "city", "municipality": "city", "exonym": "city",
                        "region": "region"}


def _place_compound(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"pratar busan-dialekt", "en Göteborgs-dialekt", "malmö-tjej": a town or region the lists
    hold, joined by a hyphen to a word of its speech or people (`place_compound_tail`), is
    named there; only the place's part is the span (a genitive's s marks it `gen`)."""
    low = doc.texts[i].lower()
    head = r.lex.words.ending("place_compound_tail", low, surface=True)
    stem = low[:len(low) - len(head)]
    if not head or len(stem) < 4 or stem[-1] != "-":
        return False
    part = fold(stem[:-1])
    readings = ((part, ()), (part[:-1], ("gen",))) if part.endswith("s") else ((part, ()),)
    for key, attrs in readings:
        e = r.lex.get(key)
        label = COMPOUND_PLACE_LABEL.get(e.place_kind or "")
        if label and not e.gender and not e.cats - NAMEISH - HOMOGRAPH_CAT:
            add(PLACE_COMPOUND.span(doc.offsets[i], doc.offsets[i] + len(stem) - 1, label, attrs,
                                    key=key))
            return False
    return False


def _swedish_region(r: ContextRules, stem: str) -> bool:
    """A Swedish landskap or län, also in its genitive ("blekinge", "hallands")."""
    return any(r.lex.get(k).place_kind == "region" and r.lex.get(k).place_country == "SE"
               for k in (stem, stem[:-1] if stem.endswith("s") else stem))


def _swedish_stem(r: ContextRules, stem: str) -> bool:
    """The first part of a company named after a Swedish town, district, region or lake:
    "Uppsala"hem, "Gotlands"hem, "Vätter"hem (Vättern), "Mölndals"byggen."""
    if _town(r, stem):
        return True
    for key in (stem, stem[:-1] if stem.endswith("s") else "", stem + "n"):
        e = r.lex.get(key) if len(key) >= 3 else EMPTY
        if (e.se_pop or e.place_country == "SE" or e.value == "SE" or "district" in e.cats) \
                and not e.cats - NAMEISH:
            return True
    return False


def _studies(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"läser juridik", "läsa svensk historia", "läser tredje året maskinteknik": what is
    studied (not what is read: "läser böcker"); "studerar till sjuksköterska": the training."""
    folds, e = doc.folds, doc.entries[i]
    prev = folds[i - 1] if i else ""
    study = r.w["study_verb"]
    if doc.texts[i][0].isupper():
        return False
    if prev == "till" and i >= 2 and folds[i - 2] in study \
            and r.lex.mark_of(doc.texts[i].lower()) == "prof":
        add(STUDIES.span(doc.offsets[i], doc.ends[i], "edu", key=folds[i]))
        return True
    after_filler = prev in r.w["study_filler"] and any(
        f in study for f in folds[max(0, i - 3):i - 1])  # "läser tredje året X"
    if e.zipf < T.STUDY_OBJECT_MAX and not e.cats and folds[i] not in r.w["not_studied"] and (
            prev in study or after_filler
            or i >= 2 and folds[i - 2] in study and prev.endswith("sk")) \
            and not folds[i].endswith(r.lex.words.ends["definite_ending"]) \
            and r._mark(doc, i) is None:  # "läser tidningen": a thing read, not a subject
        add(STUDIES.span(doc.offsets[i], doc.ends[i], "edu", key=folds[i]))
    return False


def _age_word_rule(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"tjugo fem år", "fyllde trettio": an age in words."""
    folds, e, text = doc.folds, doc.entries[i], doc.texts[i]
    prev = folds[i - 1] if i else ""
    if text[:1].isupper() and e.gender and "number_word" not in e.cats and i not in doc.starts:
        return False  # "heter Alva är": a first name one letter from elva, not an age
    # the rare spelling first (`_age_shape`, which the family asks before it calls the rule
    # after "är", a list word or before "år"): the three context reads after it are calls
    if "number_word" in e.cats or prev in r.w["age_trigger.verb"] \
            or _age_shape(r.lex, text, folds[i], e) \
            and (r._years_after(doc, i) or r._listed_age(doc, i, r._ends(doc, i))
                 or r._said_age(doc, i)):
        r._age_word(doc, i, add)
    return False


def _sibling_rank(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"Massa är äldst, hon är tjugoett": the word starting the sentence before "är" and a
    sibling's rank, a pronoun continuing the clause, names a person; its sex is the pronoun's."""
    k = i - 2
    if k < 0 or doc.folds[i] not in r.w["sibling_rank"] or not r._start_subject(doc, k) \
            or not r._agreed_after(doc, i + 1):
        return False
    gender = pronoun_gender(doc, k, len(doc.texts))
    add(SIBLING_RANK.span(doc.offsets[k], doc.ends[k], FIRSTNAME[gender or "unknown"],
                          key=doc.folds[k], score=0.7))
    return False


def _year_word(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"född nittonhundraåttiofem", "år två tusen fem", "nitton hundra nittio och tre": a year
    in words (`Words.year_in_words`) in a clause of the writer or their people, as a year in
    digits is (`patterns._personal_year`), not an amount ("tvåtusen kronor"); a bare century
    ("tvåtusen") only after "år", a season or a birth word."""
    folds, year_of = doc.folds, r.lex.words.year_in_words
    start = i - (folds[i] in r.w["year_hundreds"])
    head = "".join(folds[max(0, start):i + 1])
    year, end = year_of(head), i
    if start < 0 or year is None:
        return False  # "fem hundra", "tusen tack"
    if head in r.w["year_century"]:  # the rest written apart: "tvåtusen fem", "… och åttio fem"
        for k in range(i + 1, min(len(folds), i + 4)):
            if folds[k] == "och":
                continue
            longer = year_of(head + "".join(folds[i + 1:k + 1]))
            if longer is None:
                break
            year, end = longer, k
        if end == i and not (start and folds[start - 1] in r.lex.words.union(
                "year_word_before", "birth_word")):
            return False  # "betalade tvåtusen": an amount
    if _personal_year(doc, doc.offsets[start], str(year)) \
            and not _counts(doc, r.lex, doc.ends[end]):
        add(YEAR_WORD.span(doc.offsets[start], doc.ends[end], "year"))
    return False


def _spelt(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """A word spelt out: one token of single letters and hyphens or dots ("H-A-S-S-A-N"), or
    after a spelling verb or the noun spelt its letters apart ("stavas A M I N A",
    "efternamn: W A R S A M E"). Its label is that of the noun
    whose spelling it is ("efternamn"), else its letters' reading in the lists (a given name, a
    surname, a place), else after a spelling verb a given name; letters that make nothing
    ("M-v-h", "d.v.s") are no name."""
    texts, n = doc.texts, len(doc.texts)
    verb = doc.folds[i] in r.lex.words.union("spelling_verb", "spelt_noun")
    if not verb and SPELT.fullmatch(texts[i]) is None:
        return False
    first = last = i + verb + (verb and i + 1 < n and texts[i + 1] == ":")
    if verb and first < n and SPELT.fullmatch(texts[first]) is None:
        while last + 1 < n and last - first < T.SPELT_LETTERS_MAX and len(texts[last + 1]) == 1 \
                and texts[last + 1].isalpha():
            last += 1
        if last - first < 2 or len(texts[first]) != 1 or not texts[first].isalpha():
            return False  # "det stavas med två s"
    if first >= n:
        return False
    key = fold("".join(ch for t in texts[first:last + 1] for ch in t if ch.isalpha()))
    label = _spelt_label(r, doc, first, key, verb)
    if label is not None:
        add(SPELT_OUT.span(doc.offsets[first], doc.ends[last], label, key=key))
    return False


def _spelt_label(r: ContextRules, doc: Doc, k: int, key: str, verb: bool) -> str | None:
    """The label of the word spelt out from token k: the noun a few words before whose
    spelling it is, else its letters' reading, else a given name after a spelling verb."""
    nouns = r.lex.words.value("spelt_noun")
    for j in range(k - 1, max(-1, k - 1 - T.SPELT_NOUN_REACH), -1):
        if doc.folds[j] in nouns and nouns[doc.folds[j]] != FIRSTNAME["unknown"]:
            return nouns[doc.folds[j]]
        if doc.folds[j] in nouns:  # "namn": a given name, of the sex its letters say
            verb = True
            break
        if j in doc.starts:
            break
    e = r.lex.get(key)
    name = listed_name(e)
    if name:
        return name
    if e.country and e.country != "SE":
        return "country"
    if e.place_kind:
        return PLACE_LABEL.get(e.place_kind, "city")
    return FIRSTNAME["unknown"] if verb else None


def _month(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"i november", "3 mars": a month name in a date (not a feast's: "Nowruz den 21 mars");
    "den tredje juni": an ordinal in words before it is the day."""
    if "month" not in doc.entries[i].cats or r._feast_near(doc, i) or r._general_month(doc, i):
        return False
    ordinal = i >= 2 and "ordinal" in doc.entries[i - 1].cats and (
        doc.folds[i - 2] == "den" or _dated_ordinal(r, doc, i - 1))
    if ordinal:
        add(MONTH.span(doc.offsets[i - 1], doc.ends[i - 1], "day", key=doc.entries[i - 1].value))
    if ordinal or r._date_context(doc, i):
        add(MONTH.span(doc.offsets[i], doc.ends[i], "month_word", key=doc.folds[i]))
    return False


def _dated_ordinal(r: ContextRules, doc: Doc, k: int) -> bool:
    """An ordinal day before a month without "den": after a preposition of time ("sedan
    tredje april"), "fyller (jag) år" ("fyller år tionde maj") or a birth or birthday word a few
    words back in its clause ("född tjugonde mars", "min födelsedag är femte juni"); not a
    feast's day named alone ("vi firar första maj")."""
    folds = doc.folds
    if folds[k - 1] in r.w["month_preposition"] or folds[k - 1] == "ar" and any(
            folds[j] in r.w["age_trigger.verb"] for j in range(max(0, k - 3), k - 1)):
        return True  # "fyller år", "fyller jag år"
    for j in range(k - 1, max(-1, k - 1 - T.DATED_ORDINAL_REACH), -1):
        if "date_trigger" in doc.entries[j].cats and folds[j] != "den":
            return True
        if j in doc.starts:
            break
    return False


def _street_suffix(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"Ekvägen", "Södra Förstadsgatan", "Strandvägens": a street by its ending."""
    key = doc.folds[i]
    if not _street_shape(r.lex, doc.texts[i], key, doc.entries[i]):
        return False
    street = key[:-1] if key.endswith("s") else key
    cap = doc.texts[i][0].isupper()
    # capitalised inside a sentence, or a short compound a house number or "i" and a Swedish
    # town follows ("nygatan 12", "på nygatan i Örnsköldsvik"; not "omvägen")
    named = cap and i not in doc.starts or _addressed(doc, i)
    if not named and street in r.w["way_word"]:
        _named_way(r, doc, i, street, add)  # "järnvägen", "motorvägen": no street in lower case
        return False
    if not cap and not named and _everyday_street(r, doc, i, street):
        return False
    if not _addressed(doc, i) and r.lex.get(street + "n").se_pop:
        return False  # "i smedjebacke": a Swedish town in -backen (Smedjebacken) lacking its n
    if not r._bare_suffix(street, named) \
            and not _particle_compound(r, street):
        # "Södra Förstadsgatan": a capitalised compass word belongs to the name.
        first = i - 1 if i and doc.folds[i - 1] in r.w["name_adjective"] \
            and doc.texts[i - 1][0].isupper() and doc.space(i - 1) == " " else i
        add(STREET_SUFFIX.span(doc.offsets[first], doc.ends[i], "place",
                               ("gen",) if street != key else (),
                               key=" ".join(doc.folds[first:i] + [street])))
    return False


def _everyday_street(r: ContextRules, doc: Doc, i: int, street: str) -> bool:
    """"en ny handlingsplan", "under rättegången": a lower-case everyday noun with a street's
    ending (`word_street_ending`) after an everyday word (or one and a particle: "se
    soluppgången"), where no preposition of a street or
    workplace stands before it ("bor på kyrkbacken", "jobbar på solbacken" stay streets)."""
    ending = r.lex.words.ending("word_street_ending", street, 3)
    if not ending or i and doc.folds[i - 1] in r.lex.words.union(
            "street_preposition", "institution_preposition"):
        return False
    stem = street[:-len(ending)]
    # "soluppgången", "solnedgången": an everyday word and a particle before the ending
    return r.stems._everyday_stem(stem) or any(
        stem.endswith(p) and len(stem) - len(p) >= 3
        and r.stems._everyday_stem(stem[:-len(p)], compounds=False)
        for p in r.w["street_particle"] if len(p) >= 3)


def _joined_house(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """A house number a learner glues to its street ("storgatan14", "Ekvägen12A") or to the
    word before it after a street ("Storgatan nr:12", "Ekvägen nr.5"): the street's letters
    are the street, the digits its number, as "Storgatan 12" gives them."""
    m = JOINED_HOUSE.fullmatch(doc.texts[i])
    if m is None:
        return False
    word, sep, number = m.groups()
    key, start = fold(word), doc.offsets[i]
    nr = start + m.start(3)
    digits = number.rstrip("ABCDEFGHabcdefgh")
    if key in r.w["house_number_word"]:  # "nr:12" after a street
        if not (i and _is_street(r, doc, i - 1)):
            return False
    elif sep or not key.endswith(r.street_endings) or r._bare_suffix(key, True) \
            or _particle_compound(r, key) or key in r.w["way_word"] \
            or r.lex.get(key).zipf >= T.COMMON:
        return False  # "covid19", "klass9", "gatan5", "järnvägen2"
    else:
        add(JOINED_HOUSE_NUMBER.span(start, start + m.end(1), "place", key=key))
    add(JOINED_HOUSE_NUMBER.span(nr, doc.ends[i], "street_nr", key=digits))
    return True


def _named_way(r: ContextRules, doc: Doc, i: int, street: str, add: Add) -> bool:
    """"transsibiriska järnvägen": an everyday way noun after a rare proper adjective
    ("-iska") is the named line or way its `way_word` value gives; alone it is no name."""
    label = r.way_labels.get(street)
    if not label or not i or i in doc.starts or doc.space(i - 1) != " " \
            or not doc.folds[i - 1].endswith(r.proper_adjective_endings) \
            or doc.entries[i - 1].zipf >= T.COMMON:
        return False
    add(STREET_SUFFIX.span(doc.offsets[i - 1], doc.ends[i], label,
                           key=f"{doc.folds[i - 1]} {street}"))
    return True


def _addressed(doc: Doc, i: int) -> bool:
    """Token i is followed by a house number ("nygatan 12", "18A") or by "i" and a Swedish town
    ("nygatan i Umeå"), in its sentence."""
    n = len(doc.texts)
    if i + 1 >= n or i + 1 in doc.starts:
        return False
    if HOUSE_NUMBER.fullmatch(doc.texts[i + 1]) or doc.texts[i + 1].isdecimal() \
            and len(doc.texts[i + 1]) <= 3:
        return True
    return doc.folds[i + 1] == "i" and i + 2 < n and i + 2 not in doc.starts \
        and doc.entries[i + 2].se_pop >= T.SE_ATTESTED and doc.entries[i + 2].place_kind == "city"


def _particle_compound(r: ContextRules, street: str) -> bool:
    """"framgången", "tillgången", "övergången": a particle before the ending makes an
    everyday noun, not a street."""
    return any(street.endswith(e) and street[:-len(e)] in r.w["street_particle"]
               for e in r.street_endings)


def _named_kind(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    head, low = r.kind_head(doc.folds[i]), doc.texts[i].lower()
    # spelt as the kind noun, or without å, ä, ö as learners may ("affaren"), but not with
    # other ones: "än normalgraden" is no stream ("ån") named Normalgraden
    if head and (low.isascii() or low.endswith(r.kind_spellings.get(head, (head,)))):
        r._named_kind(doc, i, add)
    return False


def _line(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"Röda linjen": a named line."""
    low = doc.texts[i].lower()
    if doc.folds[i] in r.w["line_word"] and i and doc.folds[i - 1] in r.w["line_colour"]:
        # "blå linjen" and "gröna linjen" are two lines: the colour is part of the key
        add(LINE.span(doc.offsets[i - 1], doc.ends[i], "transport_name",
                      key=f"{doc.folds[i - 1]} {low}"))
    return False


def _line_nickname(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"tar sexan till centrum", "ibland nian, linje 9": a line by its number as a noun, after
    a verb of riding or before a comma, a line word and a number (not "går i nian")."""
    folds, n = doc.folds, len(doc.texts)
    numbered = i + 3 < n and doc.texts[i + 1] == "," and (
        folds[i + 2] in r.w["line_word"] or folds[i + 2] in r.w["transport_word"]) \
        and doc.texts[i + 3].isdigit()
    if doc.texts[i].islower() and (numbered or i and folds[i - 1] in r.w["ride_verb"]):
        add(LINE_NICKNAME.span(doc.offsets[i], doc.ends[i], "transport_nr", key=folds[i]))
    return False


def _numbered_school(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"Skola nummer 112"."""
    folds = doc.folds
    if folds[i] in r.w["numbered_school_noun"] and i + 2 < len(doc.texts) \
            and folds[i + 1] in r.w["generic_number_word"] and doc.texts[i + 2].isdigit():
        add(NUMBERED_SCHOOL.span(doc.offsets[i], doc.ends[i + 2], "school",
                                 key=f"{folds[i]} {folds[i + 1]} {doc.texts[i + 2]}"))
    return False


def _numbered_area(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"i quận 7", "District 1", "phường 3": a town's part abroad named by its number."""
    if doc.folds[i] in r.w["numbered_area_noun"] and i + 1 < len(doc.texts) \
            and doc.texts[i + 1].isdigit() and len(doc.texts[i + 1]) <= 2 \
            and doc.offsets[i + 1] - doc.ends[i] <= 1:
        add(NUMBERED_AREA.span(doc.offsets[i], doc.ends[i + 1], "area", ("foreign",),
                               key=f"{doc.folds[i]} {doc.texts[i + 1]}"))
    return False


def _code_name(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"spelare från HV71", "köpcentrum i A6", "på E4": a club, a centre, a road."""
    folds, text = doc.folds, doc.texts[i]
    if not _code_shape(r.lex, text, folds[i], doc.entries[i]) \
            or folds[i] in r.w["language_level"]:
        return False
    if i and (doc.texts[i - 1][:1].isupper() and i - 1 not in doc.starts
              or "transport_word" in doc.entries[i - 1].cats):
        return False
    place = i and folds[i - 1] in r.w["code_name_preposition"] and (
        i < 2 or folds[i - 2] not in r.w["sport_word"])
    add(CODE_NAME_RULE.span(doc.offsets[i], doc.ends[i],
                            "place" if place else "other_institution", key=folds[i]))
    return False


def _head_noun(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"Tensta allé", "Mörby centrum", "Tinnerö eklandskap": a place name with a lower-case
    head word; "Lund C", "Jönköping Airport", "Harnet Avenue": a capitalised one after a
    capitalised name; "gävle hamn": a lower-case one after a Swedish town; "kibuye market",
    "oginga odinga street": a foreign one after lower-case words no list holds."""
    key = doc.folds[i]
    head = r.head_nouns.get(key) or key.endswith(r.geo_head_endings) and "geo"
    if not head or not i or (i - 1) in doc.starts and not _name_at_start(r, doc, i - 1) \
            or i in doc.starts or not doc.texts[i - 1].isalpha() or key in r.w["town_centre"] \
            and _town_genitive(r, doc.folds[i - 1]):
        return False
    before, capital = doc.texts[i - 1], doc.texts[i][0].isupper()
    if i + 1 < len(doc.texts) and doc.texts[i + 1] == "/" and doc.space(i) == "":
        return False  # "Anna Berg c/o Larsson": an abbreviation, no place's head word
    if len(key) == 1 and _initial_of(doc, i):
        return False  # "heter Kabwe C. mulenga": a middle initial, not Kabwe's centre
    if not capital and doc.entries[i - 1].gender and doc.entries[i].surname_rank:
        return False  # "Mikael ström", "Anna berg": a given name and a family name in lower case
    if before[0].isupper():
        if capital and key not in r.w["capital_head_noun"] and not (
                key in r.w["town_head_noun"] and _town(r, doc.folds[i - 1])):
            return False  # "Anna Berg", "Malmö Stad", "Sverker C"; "Lund C" after a town
        if not capital and key in r.w["foreign_head_noun"] and doc.entries[i - 1].gender:
            return False  # "Kenji san", "Li he": a person, no mountain or river
        if capital and doc.entries[i - 1].gender and i >= 2 and doc.folds[i - 2] in r.w["name_trigger"]:
            return False  # "heter Anna Beach": a person's name
        first = i - 1
        while first > max(0, i - 1 - T.NAME_RUN_MAX) and first not in doc.starts \
                and first - 1 not in doc.starts and doc.texts[first - 1][:1].isupper() \
                and doc.texts[first - 1].isalpha():
            first -= 1  # "Hạ Long bukten", "Jorge Chávez flygplatsen"
    elif capital:
        return False
    elif key in r.w["foreign_head_noun"]:
        first = _foreign_head_start(r, doc, i, head)
        if first is None or _listed_town(r, " ".join(doc.folds[first:i + 1])):
            return False  # ("från tolaga bay": a village the lists hold, no bay)
    elif key in r.w["town_head_noun"] and _town(r, doc.folds[i - 1]) and (
            doc.entries[i - 1].se_pop >= T.SE_LOWER_CASE
            or doc.entries[i - 1].se_pop >= T.SE_ATTESTED and doc.entries[i - 1].zipf < T.COMMON):
        first = i - 1  # "gävle hamn", "falun centralstation"; a smaller town no everyday
        # word outweighs before its head ("trosa hamn", "hjo centrum")
    else:
        return False
    add(HEAD_NOUN.span(doc.offsets[first], doc.ends[i], head,
                       key=" ".join(doc.folds[first:i + 1])))
    return False


def _listed_town(r: ContextRules, key: str) -> bool:
    """The words `key` name a town or village the lists hold (a village abroad: its fold
    only, `Lexicon.villages`)."""
    return r.lex.get(key).place_kind in ("city", "exonym", "spelling", "municipality") \
        or key in r.lex.villages


def _initial_of(doc: Doc, i: int) -> bool:
    """The one letter at token i, with its full stop, stands before a lower-case word no list
    holds and no frequency list knows well (the full stop starts no sentence there): a name's
    initial before the family name ("Kabwe C. mulenga"), not an abbreviated head word ("vid
    Lund C. och sedan", "Lund C. Sedan")."""
    k = i + 2
    return k < len(doc.texts) and doc.texts[i + 1] == "." and doc.texts[k].isalpha() \
        and doc.texts[k].islower() and doc.entries[k].zipf < T.RARE \
        and not doc.entries[k].cats and not doc.entries[k].place_kind


def _foreign_head_start(r: ContextRules, doc: Doc, i: int, head: str) -> int | None:
    """Where the lower-case name before the foreign head word at token i starts: lower-case
    words no list holds ("kibuye market"); before a lake, river or mountain word only after a
    place preposition, and then also one word that is a place, a name or no everyday word
    ("i van gölü", "på tai shan", "nära huang he"; not "and he", "sa he"), or before an
    English head no Swedish sentence uses ("som kiama bay", "om ngong hills": open_geo_head)."""
    first = _lower_name_run_before(r, doc, i - 1)
    if head != "geo":
        return first
    k = i - 1 if first is None else first
    e, text = doc.entries[k], doc.texts[k]
    if not (k and text.isalpha() and text.islower()
            and (_place_said(r, doc, k) or doc.folds[i] in r.w["open_geo_head"])):
        return None
    if first is None and not (e.place_kind or e.gender or e.zipf < T.COMMON and not e.cats):
        return None
    return k


def _name_at_start(r: ContextRules, doc: Doc, k: int) -> bool:
    """Token k, starting a sentence, is a name or place and no everyday word ("Mörby centrum
    ligger nära", "Skanörs udde är vackert"; not "Den park", "Stora torget"), nor a town's
    genitive ("Gävles hamn": the town's, labelled alone)."""
    e = doc.entries[k]
    return doc.texts[k][0].isupper() and e.zipf < T.COMMON and not e.cats - NAMEISH \
        and bool(e.place_kind or e.gender or e.surname_rank or not e.zipf) \
        and not _town_genitive(r, doc.folds[k])


def _lower_name_run_before(r: ContextRules, doc: Doc, k: int) -> int | None:
    """The first of the lower-case words ending at token k that name something (no list holds
    them, or they are names or places; at most NAME_RUN_MAX), or None when token k is none."""
    first = None
    while k >= 0 and (first is None or first - k <= T.NAME_RUN_MAX) and k + 1 not in doc.starts:
        if not _namelike_lower(r, doc, k):
            break
        first, k = k, k - 1
    return first


def _namelike_lower(r: ContextRules, doc: Doc, k: int) -> bool:
    """Token k is a lower-case word that names something: rare, and no list holds it but as a
    name or place (not "nära", also Nara in Japan), or a given name's genitive ("mikaels")."""
    text, e = doc.texts[k], doc.entries[k]
    if not (text.isalpha() and text.islower()) \
            or doc.folds[k].endswith(r.lex.words.ends["adjective_ending"]):
        return False  # not "den kristliga kyrkan"
    if e.zipf < T.RARE and (not e.cats or e.place_kind or e.gender):
        return True
    return text.endswith("s") and not e.cats and bool(r.lex.get(doc.folds[k][:-1]).gender)


def _town_genitive(r: ContextRules, key: str) -> bool:
    """A Swedish town in the genitive ("Göteborgs centrum" is the town's centre, while
    "Södertälje centrum", "Borås centrum" name a place, as a station does)."""
    return key.endswith("s") and not r.lex.get(key).place_kind and _town(r, key)


def _town(r: ContextRules, key: str) -> bool:
    """A Swedish town, not a district of one, also in the genitive ("Göteborgs centrum")."""
    for k in (key, key[:-1] if key.endswith("s") else ""):
        e = r.lex.get(k)
        if k and e.place_kind == "city" and e.place_pop and "district" not in e.cats:
            return True
    return False


def _geo_prefix(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"Koh Samet", "Sierra Nevada de Santa Marta"; in lower case before words no list holds
    nor counts as everyday ones ("om jebel akhdar", "båt till tonle sap"), also right after a
    Swedish kind noun of nature ("berget mont agou", "ön isla mujeres")."""
    if doc.folds[i] not in r.w["geo_prefix"] or i + 1 >= len(doc.texts) or i + 1 in doc.starts:
        return False
    if doc.texts[i][0].isupper() and doc.texts[i + 1][:1].isupper():
        if doc.entries[i + 1].gender and not (_place_said(r, doc, i) or _apposed(r, doc, i)
                                              or doc.folds[i - 1] in r.w["saying_verb"]):
            return False  # "Medan Rio Ferdinand torkade": a person's given names (not "vid Rio
            # Negro", "engelsmännen sa Mount Victoria", "berget är Mount Victoria")
        end = r._connected_run(doc, i + 1)
    elif doc.texts[i].islower() and doc.texts[i + 1].islower() \
            and (_place_said(r, doc, i) or _named_by_verb(r, doc, i) or _apposed(r, doc, i)
                 or i and r.kind_nouns.get(doc.folds[i - 1]) == "geo"):  # "berget mont agou"
        end = _lower_geo_run(r, doc, i)
    else:
        return False
    if end > i:
        add(GEO_PREFIX.span(doc.offsets[i], doc.ends[end], "geo",
                            key=" ".join(doc.folds[i:end + 1])))
    return False


def _apposed(r: ContextRules, doc: Doc, i: int) -> bool:
    """Token i follows "är" or a comma, as a name said of the kind before it ("det högsta
    berget är pico duarte", "ön, isla saona"); the run after it must be no Swedish."""
    return i > 0 and (doc.folds[i - 1] in r.w["be_verb"] or doc.texts[i - 1] == ",")


def _geo_head_after(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"på lysá hora", "i västra ghats", "till erciyes dağı": a lower-case word ending a
    mountain's, lake's or river's name in the learner's language, after one or two words no
    list holds (a compass word may open them) right after a place preposition."""
    if not doc.texts[i].islower() or i < 2 or i in doc.starts:
        return False
    first = i
    while first - 1 >= 0 and i - first < 2 and first not in doc.starts \
            and (_unheard_word(r, doc, first - 1) or doc.texts[first - 1].isalpha()
                 and doc.texts[first - 1].islower() and _foreign_letters(doc.texts[first - 1])):
        first -= 1  # ("lysá" folds as the verb "lysa")
    if first > 1 and first not in doc.starts and doc.folds[first - 1] in r.w["compass_word"]:
        first -= 1  # "i västra ghats"
    if first < i and first not in doc.starts and _place_said(r, doc, first):
        add(GEO_HEAD_AFTER.span(doc.offsets[first], doc.ends[i], "geo",
                                key=" ".join(doc.folds[first:i + 1])))
    return False


def _named_by_verb(r: ContextRules, doc: Doc, i: int) -> bool:
    """A naming or calling verb right before token i ("sjön som de kallar lago san pablo",
    "berget heter mlima meru"): what follows is a name."""
    prev = doc.folds[i - 1] if i else ""
    return prev in r.w["naming_verb"] or prev in r.w["name_trigger.verb"] \
        or prev in r.w["calling_verb"]


def _place_said(r: ContextRules, doc: Doc, i: int) -> bool:
    """A place preposition before token i ("till", "vid"), or "om" after a verb of telling
    ("berättade om"; not "tycker om")."""
    prev = doc.folds[i - 1] if i else ""
    return prev in r.w["place_trigger.prep"] or prev in r.w["geo_preposition"] \
        or prev in r.w["topic_preposition"] and i >= 2 and doc.folds[i - 2] in r.w["topic_verb"]


def _lower_geo_run(r: ContextRules, doc: Doc, i: int) -> int:
    """The last token of the lower-case name after the kind word at i: words no list holds
    ("jebel akhdar"), first a listed name too ("lac rose"), and a foreign name's particles ("de", "del la") with the word after
    them, whatever it is but a Swedish function word ("salar de uyuni", "isla del sol")."""
    texts, folds, n = doc.texts, doc.folds, min(len(doc.texts), i + 2 * T.NAME_RUN_MAX)
    end = i  # (the particles come on top of NAME_RUN_MAX words)
    while end + 1 < n and end + 1 not in doc.starts and texts[end + 1].islower():
        k = end + 1
        while k + 1 < n and folds[k] in r.w["name_connector"]:
            k += 1  # "de la"
        if k == end + 1 and not (_unheard_word(r, doc, k) or k == i + 1 and _named_word(doc, k)) \
                or k > end + 1 and (k in doc.starts or not texts[k].isalpha()
                                    or not texts[k].islower()
                                    or doc.entries[k].zipf >= T.DOMINANT_WORD):
            break
        end = k
    return end


def _named_word(doc: Doc, k: int) -> bool:
    """Token k is a name the lists hold (given name, family name, place, country), no dominant
    word: right after a geo prefix the name's first word ("lac rose", "lago maggiore"; "mlima
    kenya": the mountain the country is named after)."""
    e = doc.entries[k]
    return doc.texts[k].isalpha() and bool(e.gender or e.surname_rank or e.place_kind or e.country) \
        and e.zipf < T.DOMINANT_WORD and not e.cats - NAMEISH - HOMOGRAPH_CAT


def _unheard_word(r: ContextRules, doc: Doc, k: int) -> bool:
    """Token k is a lower-case word no list holds, rarer than an everyday one ("akhdar")."""
    e = doc.entries[k]
    return doc.texts[k].isalpha() and doc.texts[k].islower() and e.zipf < T.RARE and not e.cats \
        and doc.folds[k] not in r.stems.vocabulary


def _street_prefix(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"calle Almirante Montt", "ul. Długa", "Avenida Brasil 12", "Plaza de Armas": a street or
    square abroad by its kind word and the capitalised name after it; capitalised before a
    person's name only before a house number ("Calle Persson" is Carl Persson, "Calle del
    Carmen" and "Piazza Navona" are places)."""
    end = _prefixed_street(r, doc, i)
    after = doc.entries[i + 1] if i + 1 < len(doc.texts) else EMPTY
    if end and (doc.texts[i].islower() or not (after.first_rank or after.surname_rank)
                or doc.folds[i + 1] in r.w["name_connector"]
                or end + 1 < len(doc.texts) and doc.texts[end + 1][:1].isdigit()):
        add(STREET_PREFIX.span(doc.offsets[i], doc.ends[end], "place",
                               key=" ".join(doc.folds[i:end + 1])))
    return False


def _prefixed_street(r: ContextRules, doc: Doc, i: int) -> int:
    """The last token of a street named by the kind word at token i and the capitalised run
    after it (skipping an abbreviation's full stop: "ul. Długa"), or 0."""
    stop = i + 1 < len(doc.texts) and doc.texts[i + 1] == "."
    if doc.folds[i] not in r.w["street_prefix"] and not (
            stop and doc.folds[i] in r.w["street_prefix_abbreviation"] and doc.texts[i][0].isupper()
            and i not in doc.starts and doc.offsets[i + 1] == doc.ends[i]):
        return 0  # "på Av. Siempre Viva", not "koppla av. Det"
    if stop and i and doc.texts[i - 1][:1].isupper() and i not in doc.starts:
        return 0  # "på First Avenue. Ladan …": the kind word ends a name before it and a sentence
    j = i + 1 + stop
    if j >= len(doc.texts) or not doc.texts[j][0].isalnum():
        return 0
    if j + 1 < len(doc.texts) and doc.folds[j] in r.w["name_connector"] \
            and doc.texts[j + 1][:1].isupper():
        return r._connected_run(doc, j + 1)  # "Rue de Rivoli", "Calle del Carmen"
    if doc.texts[j][:1].isupper():
        return r._connected_run(doc, j)
    if doc.texts[j].isdigit() and len(doc.texts[j]) <= T.STREET_NUMBER_NAME_DIGITS:
        return j  # "carrera 70", "calle 10": a numbered street (its house number follows)
    end = j - 1  # in lower case: the words after it that no list holds ("vulytsia sumska"),
    # the first also one as rare as a street's name before "gatan" that no rule lists ("calle
    # mayor", "rua augusta"; not "calle cyklade hem")
    first = doc.entries[j].zipf < T.STREET_NAME_APART_MAX and doc.folds[j] not in r.stems.vocabulary
    while end + 1 < min(len(doc.texts), j + T.NAME_RUN_MAX) and end + 1 not in doc.starts \
            and doc.texts[end + 1].isalpha() and not doc.entries[end + 1].cats \
            and (doc.entries[end + 1].zipf < T.RARE or end + 1 == j and first):
        end += 1
    return end if end >= j else 0


def _business_tail(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"Rimping Hotel", "Sabor Restaurant"."""
    key = doc.folds[i]
    if doc.texts[i][0].isupper() and key in r.w["business_tail"] and i \
            and i - 1 not in doc.starts and doc.texts[i - 1][:1].isupper() \
            and doc.texts[i - 1][0].isalnum():
        add(BUSINESS_TAIL.span(doc.offsets[i - 1], doc.ends[i], "work",
                               key=f"{doc.folds[i - 1]} {key}"))
    return False


def _town_business(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"stockaryds såg", "virserums snickeri", "Sölvesborgs varv", "kiruna taxi": a works or
    firm named by its Swedish town (its genitive, or a town of some size that is no everyday
    word) and a trade's word, which alone may be an everyday word or verb (so only after a
    town: not "Jonas såg", nor "och vi såg" after a town that is an everyday word; a small
    one only where someone works: "jobbar på hylte bruk"); a workplace."""
    if i < 1 or i - 1 in doc.starts and doc.texts[i - 1][:1].isupper() \
            or doc.folds[i] not in r.w["town_business_head"] \
            or not doc.texts[i - 1].isalpha() or doc.space(i - 1) != " " \
            or not (r._place_genitive(doc.folds[i - 1]) or r._swedish_place(doc.folds[i - 1])
                    or works_at(doc, i - 1) and r._seat(doc.folds[i - 1])) \
            or doc.texts[i - 1].islower() and doc.entries[i - 1].zipf >= T.COMMON \
            or doc.entries[i - 1].gender and not (  # a name that is also a town after "på"
                i >= 2 and doc.folds[i - 2] in r.w["institution_preposition"]
                and r._swedish_place(doc.folds[i - 1])):
        return False
    add(TOWN_BUSINESS.span(doc.offsets[i - 1], doc.ends[i], "work",
                           key=f"{doc.folds[i - 1]} {doc.folds[i]}"))
    return False


def _place_alias(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"Alla säger bara BH om staden", "från Alexandria, vi säger Eskendereya": the short or
    local name said of a town names the town (every later mention follows it: `resolve`)."""
    folds, n = doc.folds, len(doc.texts)
    if folds[i] not in r.w["saying_verb"]:
        return False
    j = i + 1
    j += j < n and folds[j] in r.w["saying_filler"]
    if j >= n or j in doc.starts or not doc.texts[j][:1].isupper() \
            or not doc.texts[j].replace("-", "").isalpha() or doc.entries[j].cats - NAMEISH \
            or doc.entries[j].place_kind:
        return False  # (a place the lists know is theirs to find: "Kerkûk, ni säger Kirkuk")
    said_of_town = j + 2 < n and folds[j + 1] in r.w["alias_preposition"] \
        and folds[j + 2] in r.w["town_noun"]
    # "kommer från Alexandria, vi säger Eskendereya.": the town just named, then its name
    # in the writer's language, ending the sentence
    k = i - 3
    renamed = k >= 0 and doc.texts[k + 1] == "," and doc.texts[k][:1].isupper() \
        and not doc.entries[j].gender \
        and doc.entries[k].place_kind in TOWN_KINDS and (j + 1 == n or j + 1 in doc.starts
                                                         or doc.texts[j + 1] in ".,!")
    if said_of_town or renamed:  # (renamed, one town with the one just named: one surrogate)
        add(PLACE_ALIAS.span(doc.offsets[j], doc.ends[j], "city",
                             key=folds[k] if renamed and not said_of_town else folds[j]))
    return False


def _institution_head(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"Universidad Nacional de San Agustín", "Uniwersytet Medyczny", "Gjimnazi Gjon Buzuku": a
    foreign institution's kind word before its capitalised name; the kind word's value is the
    label, `work` where someone works there."""
    if doc.folds[i] not in r.w["institution_head"] or i + 1 >= len(doc.texts) \
            or not doc.texts[i + 1][0].isalnum() or i + 1 in doc.starts:
        return False
    if doc.texts[i][0].isupper() and doc.texts[i + 1][:1].isupper():
        end = r._connected_run(doc, i + 1)
    elif doc.texts[i][0].isupper() and i + 2 < len(doc.texts) \
            and doc.folds[i + 1] in r.w["name_connector"] and doc.texts[i + 2][:1].isupper():
        end = r._connected_run(doc, i + 2)  # "Universidad de La Frontera", "University of X"
    elif doc.texts[i].islower() and _institution_preposition_before(r, doc, i):
        end = _lower_name_run(r, doc, i + 1)  # "började på universidad de antioquia"
    else:
        return False
    if end > i:
        _add_institution(r, doc, i, end, INSTITUTION_HEAD, "institution_head", add)
    return False


# a known town by its place kind (a town's own name, its exonym or another spelling of it)
TOWN_KINDS = frozenset({"city", "municipality", "exonym", "spelling"})


def _town_institution(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"universitetet i Mosul", "högskolan i borås", "Vuxenutbildningen i Falun": a generic
    institution head names one institution with the town after "i", one span (the gold sets'
    convention: a town inside an institution's name stays in its span); `work` where someone
    works there. The town: a capitalised run, or one lower-case word that is a known town."""
    first = i if doc.folds[i] in r.w["town_institution_head"] else _adjectives_before(r, doc, i)
    if first is None or i + 2 >= len(doc.texts) \
            or doc.folds[i + 1] != "i" or i + 2 in doc.starts or i + 1 in doc.starts:
        return False
    k = i + 2
    if doc.texts[k][:1].isupper() and doc.texts[k].isalpha():
        # "i Sankt Petersburg", "i Mai Nefhi"; not a name or a word after it ("i Kristianstad
        # Lars Dahlberg", "i Kristianstad Läs mer")
        end = next((m - 1 for m in range(k + 1, doc.capitalised_run(k) + 1)
                    if doc.entries[m].gender or doc.entries[m].surname_rank
                    or doc.entries[m].zipf >= T.COMMON), doc.capitalised_run(k))
    elif doc.texts[k].isalpha() and (doc.entries[k].place_kind in TOWN_KINDS and (
            doc.entries[k].zipf < T.COMMON
            and max(doc.entries[k].place_pop, doc.entries[k].se_pop) >= T.SE_ATTESTED
            or doc.folds[k] not in r.stems.vocabulary or r._swedish_place(doc.folds[k]))
            or doc.folds[i] in r.w["municipal_service_head"]
            and doc.folds[k] in r.lex.municipalities):
        end = k  # "i mosul", "i borås", "sfi i härjedalen"; not "i fem" (år)
    elif k + 1 < len(doc.texts) and _joined_town(r, doc, k):
        end = k + 1  # "universitetet i hai phong": a big town abroad written in two words
    else:
        return False
    if doc.entries[k].country:
        return False  # "universitetet i Sverige": a country is no part of a name
    if doc.folds[i] in r.w["municipal_service_head"] \
            and " ".join(doc.folds[k:end + 1]) not in r.lex.municipalities:
        return False  # "sfi i laxå", "hemtjänsten i Ånge"; not "sfi i fittja" (a district)
    label = r.lex.words.value("town_institution_head").get(doc.folds[i]) \
        or r.lex.words.value("adjective_institution_head").get(doc.folds[i], "school")
    if works_at(doc, first):
        label = "work"
    add(TOWN_INSTITUTION.span(doc.offsets[first], doc.ends[end], label, ("def",),
                              key=" ".join(doc.folds[first:end + 1])))
    return False


def _adjectives_before(r: ContextRules, doc: Doc, i: int) -> int | None:
    """Where the definite adjectives start that name the institution whose head word is at i
    ("tekniska skolan i plovdiv", "nya apostoliska kyrkan i borås", "koreanska kyrkan i
    malmö"; at most two of them, none an ordinal, a function word or one saying which: not
    "andra kyrkan", "samma skolan"), or
    None when the head is none of `adjective_institution_head` or no such adjective precedes."""
    if doc.folds[i] not in r.w["adjective_institution_head"] or not doc.texts[i].islower():
        return None  # (not "Karolinska Institutet i Solna": a known name, its town apart;
        # nor "Engelska skolan i Nacka", a chain's school in a town: the adjectives in lower case)
    first = None
    for k in range(i - 1, max(-1, i - 3), -1):
        text = doc.texts[k]
        if k + 1 in doc.starts or not text.replace("-", "").isalpha() or not text.endswith("a") \
                or not text.islower() \
                or "ordinal" in doc.entries[k].cats or doc.folds[k] in r.w["function_word"] \
                or doc.folds[k] in r.w["not_institution_adjective"]:
            break
        if " ".join(doc.folds[k:i + 1]) in r.w["public_congregation"]:
            return None  # "hos svenska kyrkan i rinkeby": the national church names no one
        first = k
    return first


def _lower_name_run(r: ContextRules, doc: Doc, j: int) -> int:
    """The last of the lower-case words from token j that name something: words no list
    holds or names and places, joined by "de", "del", "la" (at most NAME_RUN_MAX, never ending
    on one); j - 1 when there is none."""
    end = j - 1
    while end + 1 < min(len(doc.texts), j + T.NAME_RUN_MAX) and end + 1 not in doc.starts:
        k, e = end + 1, doc.entries[end + 1]
        named = doc.texts[k].isalpha() and (e.zipf < T.WORKPLACE_NAME_MAX and not e.cats
                                              or e.place_kind or e.gender)
        if not named and doc.folds[k] not in r.w["name_connector"] \
                and doc.folds[k] not in r.w["institution_name_word"]:  # "of east london"
            break
        end = k
    while end >= j and (doc.folds[end] in r.w["name_connector"]
                        or doc.folds[end] in r.w["institution_name_word"]):
        end -= 1  # not ending on "de", "east"
    return end


def _owner_run(r: ContextRules, doc: Doc, k: int) -> int | None:
    """The first of the lower-case words ending at token k that own an institution named with
    English words after them: rare words, names, or towns however frequent ("uppsala korean
    baptist church", "nairobi technical college"); None when token k is none."""
    first = None
    while k >= 0 and (first is None or first - k <= T.NAME_RUN_MAX) and k + 1 not in doc.starts \
            and not _institution_preposition_before(r, doc, k + 1) \
            and (_namelike_lower(r, doc, k) or doc.texts[k].isalpha() and doc.texts[k].islower()
                 and doc.entries[k].place_kind in TOWN_KINDS):  # (not "på": Pa, a town)
        first, k = k, k - 1
    return first


def _past_name_words(r: ContextRules, doc: Doc, k: int) -> int:
    """The token before the English words that stand between a lower-case institution's
    owner and its kind word ("mzuzu technical college", "windhoek central hospital",
    "västerås chin baptist church"; at most NAME_RUN_MAX of them), or k when there are none."""
    last = k
    while k >= 0 and last - k < T.NAME_RUN_MAX and k + 1 not in doc.starts \
            and doc.texts[k].islower() and (doc.folds[k] in r.w["institution_name_word"]
                                            or "nationality" in doc.entries[k].cats):
        k -= 1
    return k


def _institution_tail(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"Istanbul Üniversitesi", "Ankara Lisesi", "Addis Ababa University": a foreign
    institution's kind word after its capitalised name; in lower case after lower-case words
    back to a preposition, the first of them may be the capitalised owner ("Kauno technologijos
    universitetas")."""
    if doc.texts[i][0].isupper() and doc.folds[i] in r.w["institution_tail"] and i \
            and i - 1 not in doc.starts and doc.texts[i - 1][:1].isupper():
        first = i - 1
        while first > max(0, i - T.NAME_RUN_MAX) and first not in doc.starts \
                and doc.texts[first - 1][:1].isupper() and doc.texts[first - 1][-1:].isalpha():
            first -= 1
        _add_institution(r, doc, first, i, INSTITUTION_TAIL, "institution_tail", add)
    elif doc.texts[i].islower() and doc.folds[i] in r.w["institution_tail"] and i >= 2:
        # "läste på balkh university": in lower case, the named words back to a preposition
        k = _past_name_words(r, doc, i - 1)
        first = _lower_name_run_before(r, doc, k) if k == i - 1 else _owner_run(r, doc, k)
        if first is not None and first >= 1 and first not in doc.starts \
                and doc.texts[first - 1][:1].isupper() and doc.texts[first - 1].isalpha():
            first -= 1  # "från Kauno technologijos universitetas": its capitalised owner
        if first is None or not _institution_preposition_before(r, doc, first):
            k = _past_name_words(r, doc, i - 1)
            # "gick på the national maritime college": English words alone, two at least
            # (not "på language school"), right after the preposition, name the place
            first = k + 1 if i - 1 - k >= 2 else None
        if first is not None and _institution_preposition_before(r, doc, first):
            _add_institution(r, doc, first, i, INSTITUTION_TAIL, "institution_tail", add)
    return False


def _institution_preposition_before(r: ContextRules, doc: Doc, k: int) -> bool:
    """A preposition of an institution or a place stands before token k ("började på
    universidad de antioquia", "läste på balkh university"): a lower-case foreign
    institution's name starts there."""
    return k >= 1 and (doc.folds[k - 1] in r.w["institution_preposition"]
                       or doc.folds[k - 1] in r.w["place_trigger.prep"])


def _add_institution(r: ContextRules, doc: Doc, first: int, last: int, rule: Rule,
                     category: str, add: Add) -> None:
    """The span of a foreign institution's name over tokens first..last, labelled by its kind
    word's value, or `work` where someone works there."""
    kind = doc.folds[first if category == "institution_head" else last]
    label = r.lex.words.value(category).get(kind, "school")
    if works_at(doc, first):
        label = "work"  # "jobbar på Istanbul Üniversitesi"; not "började på universidad …"
    add(rule.span(doc.offsets[first], doc.ends[last], label,
                  key=" ".join(doc.folds[first:last + 1])))


def _line_code(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"linje M2": a line's code after a transport word."""
    if i and "transport_word" in doc.entries[i - 1].cats and LINE_CODE.fullmatch(doc.texts[i]):
        add(LINE_CODE_RULE.span(doc.offsets[i], doc.ends[i], "transport_nr", key=doc.folds[i]))
    return False


def _user_id(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"mitt instagram är a.b.c", "mitt line id är noicm88": a user name; also after a naming
    verb with the platform elsewhere in the sentence ("på Snapchat heter han vilgot.b.kir",
    "jag heter ebbe.nord på Instagram")."""
    key = doc.folds[i]
    # the trigger first (one C-level set test): most rare words have none before them
    if r.w["username_trigger"].isdisjoint(doc.folds[max(0, i - 3):i]) \
            and not _named_user(r, doc, i):
        return False
    if _user_shape(r.lex, doc.texts[i], key, doc.entries[i]):
        add(USER_ID.span(doc.offsets[i], doc.ends[i], "extra", key=key))
    return False


def _named_user(r: ContextRules, doc: Doc, i: int) -> bool:
    """Token i follows a naming verb ("heter vilgot.b.kir", "heter jag majken.holm") in a sentence
    that names a platform or a user name before or after it: the name someone goes by there."""
    if r.w["naming_verb"].isdisjoint(doc.folds[max(0, i - 2):i]):
        return False
    lo, hi = doc.sentence_window(i, T.USER_SENTENCE_REACH, T.USER_SENTENCE_REACH)
    return not r.w["username_trigger"].isdisjoint(doc.folds[lo:hi])


def _institution(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"Malmö stad", "i Jönköpings kommun", "Göteborgs universitet", "Hockeyklubben"."""
    if doc.texts[i][0].isupper() or i and (doc.texts[i - 1][0].isupper()
                                              or i >= 2 and doc.texts[i - 2][0].isupper()) \
            or _institution_context(doc, i) or i and (_institution_context(doc, i - 1)
                                                       or studied_at(doc, i - 1)
                                                       or i >= 2 and studied_at(doc, i - 2)) \
            or doc.texts[i].lower().endswith(r.institution_ends) \
            and doc.entries[i].zipf < T.COMMON \
            or doc.folds[i] in r.institution_suffix and _company_start(doc, i) is not None \
            or i and r._swedish_place(doc.folds[i - 1]) \
            or i and r._place_genitive(doc.folds[i - 1]) \
            or i and doc.folds[i] in r.w["congregation_head"] and (
                _namelike_lower(r, doc, i - 1)
                or i >= 2 and doc.folds[i - 2] in r.w["saint_word"]):
        # "kiruna kyrka", "hallands sjukhus", "kidane mehret kyrkan"
        if doc.folds[i] in r.w["town_body"]:
            r._town_body(doc, i, add)
        elif doc.texts[i].lower().endswith(r.institution_ends):
            r._institution(doc, i, add)
    elif doc.folds[i] in r.w["town_body"]:
        r._town_body(doc, i, add)  # "ringde ljusdals kommun"
    return False


def _transport_suffix(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"Roslagsbanan", "Öresundståg": a named line or train; at a sentence start, or in lower
    case after a verb of riding ("tog pågatåg"), only when the part before the ending is a name
    or no word at all ("Krösatåget var sent", not "Pendeltåget var sent"); after the verb also
    when the word is a listed line or train (`organization` rows of kind transport: "åkte
    norrtåg") or no listed word at all (the generic nattåg, snabbtåg ... are `transport_word`s)
    and the part before the ending a place or no everyday word nor compound of them ("tog
    pågatåget", "åker upplandspendeln"; not "tog nattåget", "tog skolbussen", "tog
    morgontåget": a bus or train of a kind, not a line's name)."""
    low = doc.texts[i].lower()
    ridden = i and (doc.folds[i - 1] in r.w["ride_verb"]  # "tog pågatåg" in lower case
                    or i >= 2 and doc.folds[i - 1] in r.w["list_word"]  # "Öresundståg eller pågatåg"
                    and doc.texts[i - 2].lower().endswith(r.transport_endings)
                    # "varje morgon tar jag västtågen": the subject after its verb
                    or i >= 2 and doc.folds[i - 1] in r.w["personal_pronoun"]
                    and doc.folds[i - 2] in r.w["ride_verb"])
    if not ((doc.texts[i][0].isupper() or ridden) and low.endswith(r.transport_endings)) \
            or low in r.transport_endings:
        return False
    ending = next(e for e in r.transport_endings if low.endswith(e))
    stem = doc.folds[i][:-len(fold(ending))]  # "pågatåget" -> "paga", "nattåget" -> "natt"
    if i not in doc.starts and doc.texts[i][0].isupper() or r.stems._name_stem(
            doc.folds[i], len(fold(ending)), doc.entries[i], compounds=True) \
            or ridden and (_ridden_line(r, doc.entries[i], stem) or _line_form(r, stem, True)) \
            and not _line_form(r, stem, False):
        add(TRANSPORT_SUFFIX.span(doc.offsets[i], doc.ends[i], "transport_name", key=low))
    return False


def _line_form(r: ContextRules, stem: str, listed: bool) -> bool:
    """"västtågen": another form of a listed line or train (`listed`: Västtåg, Västtåget);
    "pendeltågen": of a kind of train (not `listed`: the `transport_word` pendeltåg); the part
    before the ending joined to any line's ending (the lists hold some forms only)."""
    forms = [r.lex.get(stem + fold(end)) for end in r.transport_endings]
    if listed:
        return any(e.org_kind == "transport" for e in forms)
    return any("transport_word" in e.cats for e in forms)


def _ridden_line(r: ContextRules, e: Entry, stem: str) -> bool:
    """A lower-case word with a line's ending after a verb of riding is a line's name: a listed
    one ("åkte norrtåg"), or one no list holds whose part before the ending is a place or no
    everyday word nor compound of them ("tog pågatåget"; never "tog skolbussen")."""
    return e.org_kind == "transport" or not e.cats and (
        _region_stem(r, stem) or bool(r.lex.get(stem).place_kind)
        or not (r.stems.modifier(stem) or r.stems._compound(stem)))


def _region_stem(r: ContextRules, stem: str) -> bool:
    """"bergslags|pendeln", "roslags|banan", "upplands|pendeln": the part before a line's
    ending is a Swedish place's genitive, or a region's in -en without it (Bergslagen)."""
    return r._place_genitive(stem) or stem.endswith("s") \
        and r.lex.get(stem[:-1] + "en").place_kind == "region"


def _business_name(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"restaurang Sabor Latino", "Pizzeria Roma": a business by its kind and name; in lower
    case where someone works there ("jobbar på pizzeria roma"). "BK Häcken", "IFK Göteborg": a
    club by its abbreviation in capitals and its capitalised name, or by its abbreviation and a
    known town in any case ("ifk göteborg"), or after "i", "för", "mot" a rare word ("spelar i
    ik sirius"; the abbreviation makes it a club)."""
    n = len(doc.texts)
    town = i + 1 < n and bool(doc.entries[i + 1].place_kind) \
        and not doc.entries[i + 1].gender  # "IFK eskilstuna"; not "if Anna"
    # "spelar i ik sirius": after "i"/"för"/"mot" also before a word no list knows that is
    # no everyday one
    rare = i and i + 1 < n and doc.folds[i - 1] in r.w["club_preposition"] \
        and doc.texts[i + 1].isalpha() and doc.entries[i + 1].zipf < T.COMMON \
        and not doc.entries[i + 1].cats and doc.folds[i + 1] not in r.stems.vocabulary
    club = doc.folds[i] in r.w["club_head"] and (doc.texts[i].isupper() or town or rare) \
        or doc.texts[i].isupper() and doc.folds[i] in r.w["club_capital"]
    if not club and doc.folds[i] not in r.w["business_head"] or i + 1 >= len(doc.texts) \
            or not doc.texts[i + 1].isalpha() or i + 1 in doc.starts:
        return False
    if doc.texts[i + 1][0].isupper():
        end = doc.capitalised_run(i + 1)
    elif club and (town or rare):
        end = i + 1  # "spelar i IFK eskilstuna", "i ifk göteborg", "i ik sirius"
    elif not club and ((work := _institution_context(doc, i) == "work") or i >= 2
                       and doc.texts[i - 1] == "," and doc.folds[i - 2] in r.w["business_head"]) \
            and (r._kind_name(doc, (k := i + 1 + (doc.folds[i + 1] in r.w["name_connector"]
                                                  and i + 2 < n)), True)
                 or work and _town_named(doc, i + 1)):
        # "jobbar på pizzeria napoli", "ett litet kafé, café deseret": any word but a frequent
        # one, also after a foreign article ("restaurang la fonda"); "jobbar på taxi
        # västerås": a business named by its kind and its town, where someone works
        end = r._lower_run(doc, k)
    else:
        return False
    add(BUSINESS_NAME.span(doc.offsets[i], doc.ends[end],
                           "other_institution" if club else "work",
                           key=" ".join(doc.folds[i:end + 1])))
    return False


def _town_named(doc: Doc, k: int) -> bool:
    """Token k is a town or region in lower case, no person's name ("taxi västerås")."""
    e = doc.entries[k]
    return doc.texts[k].isalpha() and doc.texts[k].islower() and bool(e.place_kind) \
        and not e.gender


def _kind_statement(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"tog oss till jamtli, det är museum", "Sahand är ett berg": a word no list holds, said
    to be of a kind, names one of that kind (a rare lower-case word, or a capitalised one inside
    a sentence, or a run of capitalised words: "Taj Kiruna är en liten restaurang"); so does one
    the kind follows in apposition ("bor i Supraśl, en liten stad", "på hortobágy, den stora
    slätten", "Issyk-Kul, sjön som aldrig fryser")."""
    folds, j, rare = doc.folds, i - 1, T.RARE
    label = r.kind_label(doc.texts[i], folds[i]) if doc.texts[i].islower() \
        and doc.texts[i] in r.lex.words.surface("kind_noun") else None  # "låg" is no "lag"
    if label is None or j < 1:
        return False
    for _ in range(2):  # "är ett bra lag", "är mitt lag"
        j -= j > 1 and folds[j] in r.w["kind_filler"]
    if j < i - 1 and doc.texts[j] == "," and j >= 2:
        j -= 1  # "X, en liten stad": an article or adjective, then the kind
    elif doc.texts[j] == "," and j >= 2 and i + 1 < len(doc.texts) \
            and folds[i + 1] in r.w["apposition_end"] \
            and folds[i].endswith(r.lex.words.ends["definite_ending"]
                                  + r.lex.words.ends["definite_form_ending"]):
        j -= 1  # "Issyk-Kul, sjön som aldrig fryser": the kind's definite form alone
        if j >= 1 and folds[j - 1] in r.w["institution_preposition"]:
            rare = T.COMMON  # "går på fenix, skolan i byn": where one goes, a name less rare
    elif j < 1 or folds[j] not in r.w["be_verb"] or j in doc.starts:
        return False
    else:
        j -= 1
        if j >= 2 and folds[j] == "det" and doc.texts[j - 1] == ",":
            j -= 2  # "X, det är ett museum"
    e, text = doc.entries[j], doc.texts[j]
    first = j
    while text[:1].isupper() and first > max(0, j - T.NAME_RUN_MAX) and first not in doc.starts \
            and doc.texts[first - 1][:1].isupper() and doc.texts[first - 1].isalpha() \
            and doc.entries[first - 1].zipf < T.COMMON and not doc.entries[first - 1].cats:
        first -= 1  # "Taj Kiruna är en liten restaurang": the whole capitalised name
    if first == j and text.islower() and j >= 2 and j - 1 not in doc.starts \
            and doc.texts[j - 1][:1].isupper() and doc.texts[j - 1].isalpha() \
            and not doc.entries[j - 1].cats and doc.entries[j - 1].zipf < T.RARE \
            and e.zipf < T.COMMON and not e.cats - NAMEISH:
        first = j - 1  # "nära Jayma bazar, den största basaren": a name and its kind word
    if label in ("school", "other_institution") and works_at(doc, first):
        label = "work"  # "jobbar på solbacken, ett äldreboende": where someone works
    if first < j and text.isalpha():
        add(KIND_STATEMENT.span(doc.offsets[first], doc.ends[j], label,
                                key=" ".join(folds[first:j + 1])))
        return False
    # a given name said to be a river, lake or region ("vera är en lång flod"): its count is
    # the name's, and no person is one
    named = label in ("geo", "region") and bool(e.gender) and not e.cats
    if not text.replace("-", "").isalpha() or e.cats - NAMEISH \
            or folds[j] in r.stems.vocabulary and not named \
            or not (named or text.islower() and e.zipf < rare
                    or text[0].isupper() and e.zipf < T.COMMON and (
                        j not in doc.starts or label == "geo" and e.zipf < rare)):
        # "Tarvo är en liten ö": a lake, river or island said to be one opens its sentence too
        return False
    # "till Likoma, en ö i sjön", "i Rakhine, en delstat": the statement names the kind of a
    # place the lists hold as a town, and outranks that reading (the gazetteer's score); so
    # of a given name ("vera är en lång flod": no person is a river)
    outranks = label in ("geo", "region") and (e.place_kind in ("city", "spelling")
                                               or bool(e.gender))
    add(KIND_STATEMENT.span(doc.offsets[j], doc.ends[j], label, key=folds[j],
                            score=KIND_OVER_TOWN if outranks else None))
    return False


KIND_OVER_TOWN = 0.85  # above the gazetteer's 0.8


def _workplace_run(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"jobbar på happy nails", "städade på city städ", "jobbar som truckförare på östgöta
    frukt": after a preposition where someone works, two or three lower-case words that no
    list holds nor a dominant word ("förra"), one of them less frequent than everyday words,
    name the workplace (a company's name of ordinary words); not an everyday phrase ("på bra
    mat", "på stora lagret")."""
    j, texts = i + 1, doc.texts
    if _capital_workplace_run(r, doc, j, add):
        return False
    if j + 1 >= len(texts) or not (texts[j].isalpha() and texts[j].islower()
                                   and texts[j + 1].isalpha() and texts[j + 1].islower()) \
            or j in doc.starts or j + 1 in doc.starts:
        return False  # no run of two lower-case words: the loop below would stop before two
    end = j
    while end < min(len(doc.texts), j + 3) and end not in doc.starts and doc.texts[end].isalpha() \
            and doc.texts[end].islower() and not doc.entries[end].cats - NAMEISH \
            and (r._rare_spelling(doc, end) or doc.folds[end] not in r.stems.vocabulary
                 and doc.entries[end].zipf < T.DOMINANT_WORD) \
            and "number_word" not in doc.entries[end].cats:
        end += 1  # ("städ" is no "stad", the town_body word it folds like)
    last = end - 1
    if last - j < 1 or end < len(doc.texts) and doc.texts[end].isalpha() \
            and doc.folds[end] not in r.stems.vocabulary:
        return False  # one word (`_u_workplace` judges it), or the run goes on past the limit
    if _institution_context(doc, j) != "work" and not apposed_business(doc, last):
        return False  # "städade för rena hem, ett litet städföretag": an apposition says so
    if not apposed_kind(doc, last) and (  # "på hylte bruk, pappersbruket": its kind says so
            not any(r._rare_spelling(doc, k) for k in range(j, end))
            or doc.folds[last].endswith(r.stems.ENDS["definite_ending"] + r.stems.ENDS["ordinary_ending"])
            and doc.entries[last].zipf >= T.DEFINITE_NOUN_MIN):
        return False
    add(WORKPLACE_RUN.span(doc.offsets[j], doc.ends[last], "work",
                           key=" ".join(doc.folds[j:end])))
    return False


def _capital_workplace_run(r: ContextRules, doc: Doc, j: int, add: Add) -> bool:
    """"jobbar på Rena Hem", "städar för Glada Fönster": two or three capitalised words in mid
    sentence right where someone works name the workplace, though each is an everyday word
    (not a place by its head word: "på Stora Torget"; not a Swedish town in it, nor a
    preposition of a line in capitals: "PÅ VOLVO I GÖTEBORG")."""
    texts = doc.texts
    if j >= len(texts) or j in doc.starts or not texts[j][:1].isupper() \
            or not texts[j].isalpha() or texts[j].isupper():
        return False
    last = doc.capitalised_run(j)
    if not 1 <= last - j <= 2 or _institution_context(doc, j) != "work" \
            or doc.folds[last] in r.head_nouns or doc.folds[last].endswith(r.geo_head_endings) \
            or any(doc.entries[k].se_pop or doc.entries[k].country or len(texts[k]) < 2
                   or doc.folds[k] in r.w["place_trigger.prep"] for k in range(j, last + 1)):
        return False
    add(WORKPLACE_RUN.span(doc.offsets[j], doc.ends[last], "work",
                           key=" ".join(doc.folds[j:last + 1])))
    return True


def _apposed_name(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"jobbar med liv, hon är min kollega", "på stranden med juanpa och han badar": a given
    name that is also a word (liv, bo, ros) or a rare word no list holds, in lower case after
    "med"/"hos"/"och" and before a comma or "och" and a subject pronoun, is the person the
    pronoun goes on about (a homograph only with a pronoun of its gender; the word reading
    takes an article or a possessive: "mitt liv, hon sa")."""
    texts, folds = doc.texts, doc.folds
    if not 0 < i < len(texts) - 2 or not (texts[i + 1] == "," or folds[i + 1] == "och") \
            or not _apposed_shape(r.lex, texts[i], folds[i], doc.entries[i]) \
            or folds[i - 1] not in r.w["companion_word"] \
            or folds[i + 2] not in r.w["personal_pronoun"]:
        return False
    e, pronoun = doc.entries[i], doc.lex.words.value("person_pronoun").get(folds[i + 2])
    if "common_name_homograph" in e.cats:
        gender = e.gender if e.gender == pronoun else None
    elif not (e.cats or e.gender or e.place_kind or e.country or e.org_kind or e.surname_rank) \
            and e.zipf < T.RARE and folds[i] not in r.stems.vocabulary \
            and not r.stems._compound(folds[i]):
        gender = pronoun  # "med juanpa och han badar": a nickname no list holds
    else:
        gender = None
    if gender in ("female", "male"):
        add(APPOSED_NAME.span(doc.offsets[i], doc.ends[i], FIRSTNAME[gender], key=folds[i]))
    return False


def _kin_subject_name(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"min tata minor kom från Cartago", "min dotter kia är tretton", "min aburo kemi i Lagos
    säger": a lower-case word rarer than most adverbs (KIN_NAME_MAX) between an owned kin word
    and a person's verb (past a place: "i Lagos") is the kin's name, its subject, though it is
    a word too ("min bror ofta kommer": an adverb, more frequent)."""
    texts, folds, n = doc.texts, doc.folds, len(doc.texts)
    if not 2 <= i < n - 1 or not _kin_name_shape(r.lex, texts[i], folds[i], doc.entries[i]) \
            or r.lex.mark_of(texts[i - 1].lower()) != "fam" \
            or texts[i - 2].lower() not in r.possessives:
        return False
    verb = i + 1
    if folds[verb] == "i" and verb + 2 < n and texts[verb + 1][:1].isupper():
        verb += 2  # "min aburo kemi i Lagos säger"
    if texts[verb] not in r.lex.words.surface("name_verb"):
        return False
    gender = r.lex.words.value("kin_gender").get(folds[i - 1], "").removesuffix("_after_possessive")
    add(KIN_SUBJECT_NAME.span(doc.offsets[i], doc.ends[i],
                              FIRSTNAME.get(gender, "firstname_unknown"), key=folds[i]))
    return False


def _short_nickname(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"Jag heter Sènami, men på jobbet alla säger sena", "heter Kabelo, men kompisar säger KB":
    a word said (or called: "kallar mig kom") closing its clause, in a sentence whose naming
    verb gave a name it is a short form of (its first NICKNAME_PREFIX letters, or in capitals
    that name's letters in order from its first), is that person's nickname, though it is
    also an everyday word (sena, kom) or no word at all (KB); not under a negation ("men
    ingen kallar mig kär")."""
    texts, folds = doc.texts, doc.folds
    k = _nickname_slot(r, doc, i)
    if k < 0:
        return False
    e = doc.entries[i]
    if "not_name" in e.cats or "name_trigger" in e.cats or folds[i] in r.w["function_word"] \
            or not (texts[i].isupper() or e.cats or e.zipf >= T.NICKNAME_MAX):
        return False  # "men alla säger hej"; a rarer word is the gazetteer's (`_nicknamed`)
    for j in _names_before(r, doc, k):
        if _short_form(texts[i], " ".join(_name_run(doc, j))):
            if any(f in r.w["nickname_negation"] for f in folds[j + 1:k]):
                return False
            gender = doc.entries[j].gender or "unknown"
            add(SHORT_NICKNAME.span(doc.offsets[i], doc.ends[i],
                                    FIRSTNAME.get(gender, "firstname_unknown"), key=folds[i]))
            return False
    town = _town_before(r, doc, k)
    if texts[i].isupper() and town >= 0 and _short_form(texts[i], " ".join(
            takewhile(str.isalpha, texts[town:k]))):
        # "Jag är född i teyateyaneng, men alla säger bara TY": the town's abbreviation
        add(SHORT_NICKNAME.span(doc.offsets[i], doc.ends[i], "city", key=folds[i]))
    return False


def _town_before(r: ContextRules, doc: Doc, k: int) -> int:
    """The town after a place preposition before token k in its sentence (nearest first: one
    the lists hold, or a capitalised word, "i Dar es Salaam"), or -1."""
    for j in range(k - 1, 0, -1):
        if (doc.entries[j].place_kind == "city" or doc.texts[j][:1].isupper()) \
                and doc.folds[j - 1] in r.w["place_trigger.prep"]:
            return j
        if j in doc.starts:
            break
    return -1


def _nickname_slot(r: ContextRules, doc: Doc, i: int) -> int:
    """Where the saying or calling verb before token i stands ("säger sena", "säger bara TY",
    "säger de ros", "kallar mig kom"; the object's index for a calling verb) when token i, a
    word of letters, closes its clause or a `nickname_tail` follows; else -1."""
    texts, folds, n = doc.texts, doc.folds, len(doc.texts)
    if not texts[i].isalpha() or not (i + 1 == n or i + 1 in doc.starts
                                      or not texts[i + 1][0].isalnum()
                                      or folds[i + 1] in r.w["nickname_tail"]):
        return -1
    k = i - 1 - (folds[i - 1] in r.w["saying_filler"])
    k -= k > 0 and folds[k] in r.w["personal_pronoun"]  # "hemma säger de ros"
    if k >= 0 and texts[k].lower() in r.lex.words.surface("saying_verb"):
        return k
    k = i - 1
    return k if k >= 1 and folds[k] in r.w["name_object"] and (
        folds[k - 1] in r.w["name_trigger.verb"] or folds[k - 1] in r.w["calling_verb"]) else -1


def _names_before(r: ContextRules, doc: Doc, k: int) -> Iterator[int]:
    """The capitalised names before token k in its sentence and the one before, nearest first:
    a word after a naming verb ("heter Kabelo", "mitt namn är Komlan"), a listed given name,
    or a word no list or count knows ("Satanay är en drottning ... men de säger sana")."""
    texts, folds, opened = doc.texts, doc.folds, 0
    for j in range(k - 1, 0, -1):
        e = doc.entries[j]
        if texts[j][:1].isupper() and texts[j].isalpha() and not texts[j].isupper() \
                and not (e.place_kind or e.country or e.org_kind) and (
                    folds[j - 1] in r.w["naming_verb"] or bool(e.first_rank)
                    or folds[j - 1] in r.w["name_copula"] and folds[j - 2] in r.w["name_trigger.verb"]
                    or not (e.zipf or e.cats)):
            yield j
        opened += j in doc.starts
        if opened == 2:
            return


def _name_run(doc: Doc, j: int) -> Iterator[str]:
    """The capitalised words of the name starting at token j ("Hamid Reza")."""
    for t in range(j, min(j + 3, len(doc.texts))):
        if t > j and (t in doc.starts or not doc.texts[t][:1].isupper()
                      or not doc.texts[t].isalpha()):
            return
        yield doc.texts[t]


def _short_form(said: str, name: str) -> bool:
    """`said` is a short form of `name` (its words joined by spaces): two or three capitals
    that are the name's letters in order from its first ("KB" of Kabelo, "HR" of Hamid Reza),
    or a shorter word of three letters or more starting with its first word's first
    NICKNAME_PREFIX letters ("sena" of Sènami, "kom" of Komlan)."""
    said_key, name_key = fold(said).lower(), fold(name).lower()
    if said.isupper() and 2 <= len(said) <= 3:
        rest = iter(name_key[1:])
        return said_key[0] == name_key[0] and all(ch in rest for ch in said_key[1:])
    first = name_key.split()[0]
    return 3 <= len(said) < len(first) and said_key[:NICKNAME_PREFIX] == first[:NICKNAME_PREFIX]


def _lower_full_name(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"min granne per eriksson", "med liv holmberg": a given name that is also a word (per,
    liv, bo), in lower case before a frequent listed surname that is no word nor place, is the
    person's name with it."""
    if i + 1 >= len(doc.texts) or not doc.texts[i].islower() or not doc.texts[i + 1].islower() \
            or "common_name_homograph" not in doc.entries[i].cats:
        return False
    e, first = doc.entries[i + 1], doc.entries[i]
    if e.surname_rank and e.surname_rank <= T.STRONG_NAME_RANK and not e.first_rank \
            and not e.place_kind and e.zipf < T.DOMINANT_WORD and not e.cats \
            and first.gender in ("female", "male"):
        add(LOWER_FULL_NAME.span(doc.offsets[i], doc.ends[i], FIRSTNAME[first.gender],
                                 key=doc.folds[i]))
        add(LOWER_FULL_NAME.span(doc.offsets[i + 1], doc.ends[i + 1], "surname",
                                 key=doc.folds[i + 1]))
    return False


def _owned_given_name(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"min chef orvar Bock", "min kompis lovely Reyes": after an owned kin or social word, a
    lower-case word too rare to be an everyday one but attested (a rarer one is
    `_u_lower_name`'s), no verb's past or other form ("min bror kysste Erik", "min kompis
    hatar Messi"), before a capitalised family name (`_next_family_name`) inside the
    sentence, is the given name, and the next word the family name."""
    j, key, e = i + 1, doc.folds[i], doc.entries[i]
    if i < 2 or j >= len(doc.texts) or j in doc.starts or not doc.texts[i].isalpha() \
            or not doc.texts[i].islower() or len(key) < 3 or doc.space(i) != " " \
            or not _next_family_name(r.lex, doc.texts[j], doc.folds[j]) \
            or not T.RARE <= e.zipf < T.MISSPELT_MAX or e.cats or e.place_kind or e.country \
            or e.org_kind or key in r.stems.vocabulary or r.stems._inflected_word(key) \
            or key.endswith(r.lex.words.ends["past_ending"]) \
            or key.endswith(r.lex.words.ends["verb_ending"]) or e.first_rank or e.surname_rank:
        return False  # (a listed name is the gazetteer's, with its sex)
    present = r.lex.words.ending("present_ending", key)
    if present and r.lex.get(key[:-len(present)]).zipf >= T.COMPOUND_PART_MIN \
            or r.stems._inflected_word(doc.folds[j]):
        return False  # "min granne odlar Tomater": a verb and a capitalised noun
    k = i - 2 if doc.folds[i - 2] not in r.w["kin_adjective"] else i - 3  # "min bästa vän"
    if k < 0 or doc.folds[k] not in r.w["possessive"]:
        return False
    add(OWNED_GIVEN_NAME.span(doc.offsets[i], doc.ends[i], r.stems._name_guess(key, doc, i),
                              key=key))
    add(OWNED_GIVEN_NAME.span(doc.offsets[j], doc.ends[j], "surname", key=doc.folds[j]))
    return False


def _word_surname(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"vår granne Roger vinter", "min lärare hette Ulf sten", "Lena lund kom": a surname that
    is also an everyday word, written in lower case right after a capitalised given name. Only
    a word that names someone or a listed surname, no more frequent than a name usually is,
    with no other reading (not "Hans bror", "Per timme"); a given name that is itself a word
    ("Bo", "Per") only inside a sentence."""
    j = i + 1
    if j >= len(doc.texts) or j in doc.starts or not doc.texts[j].isalpha() \
            or not doc.texts[j].islower() \
            or not _given_name_shape(r.lex, doc.texts[i], doc.folds[i], doc.entries[i]):
        return False
    e = doc.entries[j]
    if e.zipf >= T.DOMINANT_WORD or e.cats - {"common_name_homograph"} \
            or not ("common_name_homograph" in e.cats
                    or e.surname_rank and e.surname_rank <= T.STRONG_NAME_RANK
                    or _framed_surname(r, doc, i, j)):
        return False
    if i in doc.starts and "common_name_homograph" in doc.entries[i].cats \
            or j + 1 < len(doc.texts) and j + 1 not in doc.starts \
            and (doc.texts[j + 1][:1].isupper()  # "Fadumo abdi Warsame": a middle name
                 or _lower_name_part(r, doc, j + 1)):  # "Kwame osei mensah": so in lower case
        return False
    add(WORD_SURNAME.span(doc.offsets[j], doc.ends[j], "surname", key=doc.folds[j]))
    return False


def _framed_surname(r: ContextRules, doc: Doc, i: int, j: int) -> bool:
    """"han hette Gunnar lod och bodde", "Min chef är Ebbe mild, han": a less frequent word no
    list reads, closing its clause right after a given name a naming verb (or "är" after a
    role or kin word) introduces, is the family name, though no list holds it as one (not
    "heter Anna nu", "heter Erik förresten": clause material, `name_tail_stop`)."""
    folds, w = doc.folds, r.w
    k = i - 1
    if doc.entries[j].zipf >= T.WORD_SURNAME_MAX or k < 1 or folds[j] in w["name_tail_stop"] \
            or folds[j] in w["function_word"] or folds[j] in w["naming_adverb"] \
            or j + 1 < len(folds) and doc.texts[j + 1][0].isalnum() \
            and folds[j + 1] not in w["list_word"]:
        return False
    return folds[k] in w["naming_verb"] or folds[k] in w["be_verb"] \
        and r.lex.mark_of(doc.texts[k - 1].lower()) in ("fam", "prof")


def _lower_name_part(r: ContextRules, doc: Doc, k: int) -> bool:
    """Token k, in lower case, can only be a further part of a name: a listed given or family
    name no more frequent than a misspelt name may be ("abdi"), or a word too rare for an
    everyday one that no list holds."""
    e = doc.entries[k]
    if not doc.texts[k].isalpha() or not doc.texts[k].islower() or e.cats \
            or e.zipf >= T.MISSPELT_MAX or doc.folds[k] in r.stems.vocabulary:
        return False
    return bool(e.first_rank or e.surname_rank) or e.zipf < T.RARE \
        and not (e.place_kind or e.country)


def _acronym(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"läsa el-programmet på LG", "studerade på UNSA", "jobbar på ISS": an abbreviation no list
    knows where someone studies or works is the school or workplace."""
    if not _acronym_shape(r.lex, doc.texts[i], doc.folds[i], doc.entries[i]):
        return False
    label = _institution_context(doc, i) or studied_at(doc, i)
    if label:
        add(ACRONYM.span(doc.offsets[i], doc.ends[i], label, key=doc.folds[i]))
    return False


def _joined_place(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"Hà Nội", "Hải Phòng", "Udon Thani": a town written in two capitalised words that the
    gazetteers hold written as one (Hanoi, Haiphong, Udonthani): a big town abroad."""
    if doc.texts[i][0].isupper() and i + 1 < len(doc.texts) \
            and doc.texts[i + 1][:1].isupper():
        _joined(r, doc, i, JOINED_PLACE, add)
    return False


def _joined_place_lower(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"i hải phòng", "i ha noi": the same in lower case after a place preposition."""
    if doc.texts[i].islower() and i and doc.folds[i - 1] in r.w["place_trigger.prep"]:
        _joined(r, doc, i, JOINED_PLACE_LOWER, add)
    return False


def _place_in_country(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"i kjula i iran", "från fars i södra iran": a lower-case word after a place preposition
    and before "i" and a country (a compass word between) is a place there when it is rare and
    no list's word, or a kin word's genitive, which cannot stand before a preposition."""
    folds, texts, n = doc.folds, doc.texts, len(doc.texts)
    k = i + 2 if i + 2 < n and folds[i + 2] in r.w["compass_word"] else i + 1
    if not (texts[i].isalpha() and texts[i].islower() and i
            and folds[i - 1] in r.w["place_trigger.prep"] and i + 1 < n and k + 1 < n
            and folds[i + 1] in r.w["inside_preposition"]
            and (doc.entries[k + 1].country or doc.entries[k + 1].place_kind == "region")):
        return False
    e, key = doc.entries[i], folds[i]
    if e.zipf < T.RARE and not e.cats and key not in r.stems.vocabulary and not e.country \
            or key.endswith("s") and r.lex.marks.get(key[:-1]) == "fam" \
            or e.place_kind == "city" and e.place_country in (doc.entries[k + 1].place_country,
                                                             doc.entries[k + 1].country) \
            and e.zipf < T.DOMINANT_WORD and not e.gender and not e.cats - NAMEISH - HOMOGRAPH_CAT:
        # ("från hov i östergötland", "bor i berg i jämtland": a locality of that region
        # whatever everyday word it also is)
        add(PLACE_IN_COUNTRY.span(doc.offsets[i], doc.ends[i], "city", key=key))
    return False


def _landform_workplace(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"jobbar på holmen vid Braviken": a landform's definite word (holmen, udden) is no place
    one works at but the company named after it, when a place follows ("vid", "i" and a
    capitalised place); "jobbar på holmen" alone and the short "ön", "sjön" stay words."""
    n = len(doc.texts)
    if doc.texts[i].islower() and len(doc.folds[i]) >= 5 and i + 2 < n \
            and doc.folds[i + 1] in r.w["landform_workplace_preposition"] \
            and doc.texts[i + 2][:1].isupper() and doc.entries[i + 2].place_kind \
            and works_at(doc, i):
        add(LANDFORM_WORKPLACE.span(doc.offsets[i], doc.ends[i], "work", key=doc.folds[i]))
    return False


def _joined_town(r: ContextRules, doc: Doc, i: int) -> bool:
    """Tokens i and i + 1 write in two words a big town abroad that the gazetteers hold written
    as one ("hai phong", "Udon Thani")."""
    if i + 1 >= len(doc.texts) or i + 1 in doc.starts or not doc.texts[i].isalpha() \
            or not doc.texts[i + 1].isalpha():
        return False
    e = r.lex.get(doc.folds[i] + doc.folds[i + 1])
    return e.place_kind == "city" and e.place_pop >= T.BIG_PLACE and not e.se_pop


def _joined(r: ContextRules, doc: Doc, i: int, rule: Rule, add: Add) -> None:
    if _joined_town(r, doc, i):
        add(rule.span(doc.offsets[i], doc.ends[i + 1], "city", ("foreign",),
                      key=doc.folds[i] + doc.folds[i + 1]))


def _adjective_place(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"Stora torget", "Gamla stan", "Röda korset"."""
    folds = doc.folds
    if not doc.texts[i][0].isupper() or folds[i] not in r.w["name_adjective"] \
            or i + 1 >= len(doc.texts):
        return False
    label = r.place_nouns.get(folds[i + 1])
    if label and doc.texts[i + 1].islower():
        add(ADJECTIVE_PLACE.span(doc.offsets[i], doc.ends[i + 1], label,
                                 key=f"{folds[i]} {folds[i + 1]}"))
    elif i and folds[i - 1] in r.w["place_trigger.prep"] and doc.texts[i + 1][:1].isupper() \
            and doc.texts[i + 1].isalpha() and not doc.entries[i + 1].gender:
        # "bor i Norra Fäladen", "i Södra Ängby": a part of a town by its direction
        end = doc.capitalised_run(i + 1)
        add(ADJECTIVE_PLACE.span(doc.offsets[i], doc.ends[end], "city",
                                 key=" ".join(folds[i:end + 1])))
    return False


# --- number rules (digit tokens): the first that fires ends the token -------------------------
SENTENCE_CLOSERS = frozenset(".!?;")  # marks after a list's last bracketed age ("och Sara, 7.")
NUMBER_SIGNS = ("#", "№")  # "Calle 10 # 43-12": signs (no words: rules.tsv lists words) that
# stand for "nummer" between a street and its number
HOUSE_NUMBER = regex.compile(r"(\d{1,3})[a-zA-Z]")  # "18A", "5b": a number and a house letter
HOUSE_LETTER = regex.compile(r"[A-Ha-h]")  # "Storgatan 12 B": the house letter written apart
POST_CODE_AFTER = regex.compile(r",?\s*\d{3}[ \t]?\d{2}[ \t]+\p{L}")  # ", 271 34 Ystad" after a house


def _digits(doc: Doc, i: int) -> tuple[str, int]:
    """The leading number of a digit token ("34-åring", "5:e", "3e") and its value (-1: not
    one): asked by each number rule in turn, made once per spelling (`_leading_number`)."""
    return _leading_number(doc.texts[i])


@lru_cache(maxsize=T.REMEMBERED_WORDS)
def _leading_number(text: str) -> tuple[str, int]:
    digits = text.split("-")[0].split(":")[0]
    number = digits.rstrip("adejr")
    if digits[len(number):] in ORDINAL_LETTERS and number.isdigit():
        digits = number  # "3e maj", "1a april", "3dje mars": a learner's ordinal without its colon
    ok = digits.isascii() and digits.isdigit() and len(digits) <= T.LONGEST_NUMBER
    return digits, int(digits) if ok else -1


def _day_month(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"lördag 13.4", "den 13.4": a date, where "13.4" alone could be a decimal or a time; alone
    only where the day is no hour ("kom hem 27.12.")."""
    if _digits(doc, i)[1] >= 0 or not DAY_MONTH.fullmatch(doc.texts[i]):
        return False  # a number, or another digit token ("5b": a house number)
    # "vi kom hem 27.12.": a day that is no hour of a clock time, no word (a unit) after it
    no_time = int(doc.texts[i].split(".")[0]) >= T.HOURS_PER_DAY and (
        i + 1 >= len(doc.texts) or not doc.texts[i + 1][0].isalnum())
    if no_time or i and (doc.entries[i - 1].cats & DATE_CONTEXT_CATS or doc.folds[i - 1] == "den"):
        add(DAY_MONTH_RULE.span(doc.offsets[i], doc.ends[i], "date_digits", key=doc.texts[i]))
    return True


def _age(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"jag är 34", "34 år", "34-åring": an age in digits."""
    digits, value = _digits(doc, i)
    if value < 0:  # "28år": the number and "år" written together
        digits = doc.texts[i][:len(doc.texts[i]) - len(doc.texts[i].lstrip("0123456789"))]
        value = int(digits) if digits and len(digits) <= 3 else -1
    rest = doc.folds[i][len(digits):].lstrip("-")
    suffixed = rest in r.w["age_trigger.after"] and 0 < value < T.OLDEST  # not "600år"
    if (0 < value < T.OLDEST and len(digits) <= 3 and doc.texts[i] == digits or suffixed) \
            and (r._is_age(doc, i, suffixed) or r._bracketed_age(doc, i)):
        add(AGE.span(doc.offsets[i], doc.offsets[i] + len(digits), "age_digits", key=digits))
        who = r._subject_before(doc, i)
        if who >= 0:  # "xamse är 12", "karim 13"
            r._age_subject(doc, who, add, AGE)
        return True
    return False


def _day(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"3 mars": a day before a month name (a feast's date is the feast's: "julafton den 24
    december" stays); "den 25 varje månad", "den 1 i månaden": a day of every month."""
    digits, value = _digits(doc, i)
    folds = doc.folds
    if 1 <= value <= 31 and doc.texts[i] == digits and i and folds[i - 1] == "den" \
            and i + 2 < len(folds) and folds[i + 1] in ("varje", "i") \
            and (folds[i + 2] in r.w["month_noun"] or "month" in doc.entries[i + 2].cats):
        add(DAY.span(doc.offsets[i], doc.ends[i], "day", key=digits))
        return True  # "lönen kommer den 25 varje månad", "den 12 i maj": a day of the month
    misspelt = 1 <= value <= 31 and len(digits) <= 2 and _misspelt_month(r, doc, i)
    if 1 <= value <= 31 and len(digits) <= 2 and i + 1 < len(doc.texts) \
            and ("month" in doc.entries[i + 1].cats or misspelt or _listed_day(r, doc, i)):
        # "3 mars", "3e maj" (the ordinal's letter too); not a feast's date
        if not r._feast_near(doc, i) and not r._general_month(doc, i + 1):
            if misspelt:  # "den 5 otober", "12 januri 2016": a month one letter off
                add(DAY.span(doc.offsets[i + 1], doc.ends[i + 1], "month_word",
                             key=doc.folds[i + 1]))
            end = doc.ends[i] if doc.texts[i][len(digits):] in ORDINAL_LETTERS \
                else doc.offsets[i] + len(digits)
            add(DAY.span(doc.offsets[i], end, "day", key=digits))
            last = doc.texts[i][len(digits) + 1:]
            if doc.texts[i][len(digits):len(digits) + 1] == "-" and last.isascii() \
                    and last.isdigit() and 1 <= int(last) <= 31 and len(last) <= 2:
                # "14-16 oktober": the range's last day too
                add(DAY.span(doc.ends[i] - len(last), doc.ends[i], "day", key=last))
        return True
    return False


def _misspelt_month(r: ContextRules, doc: Doc, i: int) -> bool:
    """The word after the number at token i is a month's name one edit off, with its first
    letter ("otober", "sebtember", "novembre", "januri"), no word of its own (or a rare one after
    "den" or before a year: "den 1 marts")."""
    if i + 1 >= len(doc.texts) or "month" in doc.entries[i + 1].cats:
        return False
    key, e = doc.folds[i + 1], doc.entries[i + 1]
    if len(key) < T.MISSPELT_MONTH_MIN or not doc.texts[i + 1].isalpha() or e.cats \
            or e.first_rank or e.zipf >= T.RARE:
        return False
    dated = i and doc.folds[i - 1] == "den" or i + 2 < len(doc.texts) \
        and len(doc.texts[i + 2]) == 4 and doc.texts[i + 2].isdigit()
    if e.zipf and not dated:
        return False
    return any(len(m) >= T.MISSPELT_MONTH_MIN and m[0] == key[0] and abs(len(m) - len(key)) <= 1
               and OSA.distance(key, m, score_cutoff=1) <= 1 for m in r.w["month"])


def _listed_day(r: ContextRules, doc: Doc, i: int) -> bool:
    """The number at token i is the first of days listed before one month name ("den 5, 6 och 7
    maj", "mellan 14 och 16 oktober", "från 3 till 17 juli"): each next a day joined by a
    `day_joiner`, at most DAY_LIST_MAX of them."""
    n, j = len(doc.texts), i
    for _ in range(T.DAY_LIST_MAX):
        if j + 2 >= n or doc.folds[j + 1] not in r.w["day_joiner"]:
            return False
        k = j + 2 + (doc.folds[j + 2] == "den" and j + 3 < n)  # "från den 3 till den 9 mars"
        if not 1 <= _digits(doc, k)[1] <= 31 or len(_digits(doc, k)[0]) > 2:
            return False
        j = k
        if "month" in doc.entries[j + 1].cats if j + 1 < n else False:
            return True
    return False


def _day_i_month(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"den 23 i 8", "den 3e i 11", "3 i 11 2019", "föddes 5 i 6": the spoken Swedish date, day
    and month number (without "den" only after a date's word or before a year); "före den 20
    12", "fredag den 14 11": after "den" the "i" may be left out, the month then being one or two
    digits that count nothing after them ("den 3 4 gånger", "den 20 12 kronor" are no dates)."""
    digits, value = _digits(doc, i)
    folds, n = doc.folds, len(doc.texts)
    spoken = i + 1 < n and folds[i + 1] == "i"
    m = i + 1 + spoken  # the month's token
    if not (1 <= value <= 31 and doc.texts[i][len(digits):].lstrip(":") in ("", *ORDINAL_LETTERS)
            and m < n and _digits(doc, m)[0] == doc.texts[m]
            and 1 <= _digits(doc, m)[1] <= 12):
        return False
    if not spoken and not (i and folds[i - 1] == "den" and len(doc.texts[m]) <= 2
                           and doc.offsets[m] > doc.ends[i]
                           and not (m + 1 < n and (folds[m + 1] in r.w["ordinal_noun"]
                                                   or folds[m + 1] in r.w["unit_word"]))):
        return False
    year = m + 1 < n and len(doc.texts[m + 1]) == 4 and doc.texts[m + 1].isdigit() \
        and T.FIRST_PERSONAL_YEAR <= int(doc.texts[m + 1]) <= T.LAST_DATE_YEAR
    if not (i and doc.entries[i - 1].cats & DATE_CONTEXT_CATS or year or not spoken):
        return False
    add(DAY_I_MONTH.span(doc.offsets[i], doc.ends[i], "day", key=digits))
    add(DAY_I_MONTH.span(doc.offsets[m], doc.ends[m], "month_digit", key=doc.texts[m]))
    return True


def _day_ordinal(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"den 5:e", "den 3dje"; "på måndag den 3", "fredagen den 14": a day of the month, the
    number alone after a weekday."""
    digits, value = _digits(doc, i)
    ordinal = doc.texts[i][len(digits):].lstrip(":")
    if i and doc.folds[i - 1] == "den" and 1 <= value <= 31 and (
            ordinal in ORDINAL_LETTERS and ordinal != doc.texts[i][len(digits):]
            or ordinal in ORDINAL_LETTERS[2:]
            or not ordinal and i >= 2 and "weekday" in doc.entries[i - 2].cats) \
            and not (i + 1 < len(doc.texts) and doc.folds[i + 1] in r.w["ordinal_noun"]):
        add(DAY_ORDINAL.span(doc.offsets[i], doc.ends[i], "day", key=digits))
        return True
    return False


def _number_owner(r: ContextRules, doc: Doc, i: int, punctuation: tuple[str, ...]) -> int:
    """The token before a number at token i past "nummer", "nr" and `punctuation`, at most
    three tokens back: the word the number belongs to (-1 at the essay's start)."""
    folds, numbers = doc.folds, r.w["generic_number_word"]
    k = i - 1
    while k >= max(0, i - 3) and (folds[k] in punctuation or folds[k] in numbers):
        k -= 1
    return k


def _transport_nr(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"buss 4", "linje 17", "buss nummer 2", "spårvagn nr. 7", "bussnummer 14"; never a year
    right after the vehicle ("kom med flyg 2016", "åkte med båt 2015": when, not which)."""
    digits, value = _digits(doc, i)
    k = _number_owner(r, doc, i, (".",))  # "buss nummer 2", "linje nr. 4"
    if k == i - 1 and len(digits) == 4 and T.FIRST_PERSONAL_YEAR <= value <= T.LAST_DATE_YEAR:
        return False
    word = doc.folds[k] if k >= 0 else ""
    head = r.lex.words.ending("generic_number_word", word, stem=1)
    if value >= 0 and k >= 0 and len(digits) <= 4 and (
            "transport_word" in doc.entries[k].cats or _transport_compound(r, word)
            or head and "transport_word" in r.lex.get(word[:-len(head)]).cats):
        add(TRANSPORT_NR.span(doc.offsets[i], doc.ends[i], "transport_nr", key=digits))
        return True
    if value >= 0 and len(digits) <= 3 and i and doc.texts[i - 1][:1].isalpha() \
            and r.lex.words.ending("line_company_ending", doc.folds[i - 1], stem=3) \
            and not (i + 1 < len(doc.texts) and doc.folds[i + 1] in r.w["unit_word"]):
        # "tog västtrafik 16", "skåneexpressen 3": the company's line (not "västtrafik 20 kronor")
        add(TRANSPORT_NR.span(doc.offsets[i], doc.ends[i], "transport_nr", key=digits))
        return True
    return False


def _transport_compound(r: ContextRules, word: str) -> bool:
    """"länsbuss", "flygbussen": a compound of an everyday word and a vehicle (`transport_word`)
    the lists do not hold, so the number after it is its line's ("tar länsbuss 20")."""
    return r.stems.compound_of(word, lambda head: "transport_word" in r.lex.get(head).cats)


def _apartment_number(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"lgh 1102", "lägenhet nr 1203": an apartment number identifies the home, "Box 952" a
    post box. Labelled other_nr_seq (TAXONOMY: street_nr is the building number, rendered 1-99;
    an apartment or box number is a number sequence, rendered digit by digit as 0000)."""
    digits, value = _digits(doc, i)
    k = _number_owner(r, doc, i, (".", ":"))  # "lgh. 1102", "lägenhet nr 1203"
    if k >= 1 and doc.folds[k] in r.w["be_verb"]:  # "lägenhetsnumret är 1102", "lgh nr är 1203"
        k = _number_owner(r, doc, k, (".", ":"))  # (not "lägenheten är 75 kvadratmeter")
        if k >= 0 and not (r.lex.words.ending("generic_number_word", doc.folds[k], stem=1)
                           or doc.folds[k + 1] in r.w["generic_number_word"]):
            return False
    if i in doc.starts and k >= 0 and doc.texts[i - 1] == "." and len(doc.texts[k]) > 4:
        return False  # "i en liten lägenhet. 2017 fick han jobb": the word's sentence ended
    if value >= 0 and k >= 0 and (doc.folds[k] in r.w["address_trigger.apartment"]
                                  or doc.folds[k] in r.w["address_trigger.box"]) \
            and 1 <= len(digits) <= 5:
        add(APARTMENT_NUMBER.span(doc.offsets[i], doc.offsets[i] + len(digits), "other_nr_seq",
                                  key=digits))
        return True
    return False


def _street_number(r: ContextRules, doc: Doc, i: int, add: Add) -> bool:
    """"Storgatan 5", "Tensta allé 12", "Storgatan 18A", "ringvägen 5b" (a street in lower
    case when its name is no everyday word)."""
    house = HOUSE_NUMBER.fullmatch(doc.texts[i])
    digits, value = (house.group(1), int(house.group(1))) if house else _digits(doc, i)
    k = i - 1
    if k >= 1 and doc.texts[k] in (".", ":") and (doc.folds[k - 1] in r.w["house_number_word"]
                                                  or _abbreviated_street(r, doc, k - 1)):
        k -= 1  # "Storgatan nr. 5", "Ringv. 12", "nr: 5"
    subject = k >= 1 and doc.folds[k] in r.w["be_verb"] \
        and doc.folds[k - 1] in r.w["house_number_subject"]
    k -= subject  # "Storgatan och numret är 12"
    numbered = subject or k >= 1 and (doc.folds[k] in r.w["house_number_word"]
                                      or doc.texts[k] in NUMBER_SIGNS)
    if numbered:
        k = max(k - 1, 0)  # ("Husnumret är 7 …" opens its sentence)
    if value < 0 or k < 0:
        return False
    unit = i + 1 < len(doc.texts) and doc.folds[i + 1] in r.w["unit_word"]  # "3 km": no house
    if not numbered and k >= 1 and doc.texts[k] == "," and len(digits) <= 3 \
            and _is_street(r, doc, k - 1) and not unit:
        k -= 1  # "Storgatan, 12": a learner's comma between the street and its number
    prev = doc.folds[k]  # "Storgatan 5", "storgatan nr 14"
    named = _street_spans(r, doc, k, add) or _street_by_number(r, doc, k, i, add)
    if value < 1000 and (
            _is_street(r, doc, k)
            or prev in r.w["street_noun"] and k >= 1 and doc.texts[k - 1][:1].isupper()
            or _street_before(r, doc, k) or named
            or numbered and len(digits) <= 3 and _street_near(r, doc, i) and not unit
            or not numbered and len(digits) <= 3 and i + 1 < len(doc.texts)
            and _is_street(r, doc, i + 1) and doc.space(i) == " "):  # "på 12 Björkgatan"
        add(STREET_NUMBER.span(doc.offsets[i], doc.ends[i], "street_nr", key=digits))
        return True
    return False


def _street_by_number(r: ContextRules, doc: Doc, k: int, i: int, add: Add) -> bool:
    """Token k is a street no ending shows, named by where it stands: a capitalised word after
    a word that leads to an address ("bor på Solvändan 4", "Adress: Björkhagen 5, 271 34
    Ystad") and before a house number that ends the address (the sentence or clause ends, or
    "i" a town, an apartment or a house letter follows; not "på Ikea 2 gånger")."""
    if k < 0 or i != k + 1 or not doc.texts[k].isalpha() \
            or not doc.texts[k][0].isupper() or doc.entries[k].gender \
            or doc.entries[k].zipf >= T.COMMON:
        return False
    j = k - 1
    if j >= 1 and (doc.folds[j] == ":" or doc.folds[j] in r.w["be_verb"]):
        j -= 1  # "Adress: Solvändan 4", "adressen är Solvändan 4"
    end = i + 1 + (i + 1 < len(doc.texts) and HOUSE_LETTER.fullmatch(doc.texts[i + 1]) is not None)
    if end < len(doc.texts) and doc.folds[end] in r.w["address_trigger.apartment"] \
            or POST_CODE_AFTER.match(doc.text, doc.ends[end - 1]):
        pass  # "Solvändan 11 lgh 1203", "Solvändan 11, 271 34 Ystad": an address, whatever leads
    elif j < 0 or doc.folds[j] not in r.w["house_number_lead"] or end < len(doc.texts) and not (
            doc.folds[end] in r.w["house_number_end"] or "\n" in doc.space(end - 1)):
        return False
    add(STREET_NUMBER.span(doc.offsets[k], doc.ends[k], "place", key=doc.folds[k]))
    return True


def _is_street(r: ContextRules, doc: Doc, k: int) -> bool:
    """Token k names a street by its ending, capitalised or a word no list holds in lower case
    ("Storgatan", "nygatan"; not "omvägen")."""
    fold_ = doc.folds[k]
    return fold_.endswith(r.street_endings) and (
        doc.texts[k][0].isupper()
        or doc.entries[k].zipf < T.COMMON and not r._bare_suffix(fold_, True))


def _street_near(r: ContextRules, doc: Doc, i: int) -> bool:
    """A street within HOUSE_NUMBER_REACH words of the number at i, in its sentence: "nummer
    14" is its house ("mitt hus har nummer 14 på Ekgatan", "Fabriksgatan 7 och han på nummer
    9")."""
    n = len(doc.texts)
    for step in (-1, 1):
        j = i + step
        while 0 <= j < n and abs(j - i) <= T.HOUSE_NUMBER_REACH \
                and (j + 1 if step < 0 else j) not in doc.starts:
            if _is_street(r, doc, j):
                return True
            j += step
    return False


def _street_spans(r: ContextRules, doc: Doc, k: int, add: Add) -> bool:
    """The street that token k ends before a house number, when only the number shows it is
    one: written apart ("stora gatan 16", "hamra gatan 5"), cut short ("Ringv. 12", "storg
    14") or a name adjective and a capitalised noun ("på Östra Promenaden 7")."""
    if _street_written_apart(r, doc, k):
        first = k - 1
    elif _abbreviated_street(r, doc, k):
        first = k
    elif k >= 1 and doc.texts[k][:1].isupper() and doc.texts[k].isalpha() \
            and k not in doc.starts and doc.folds[k - 1] in r.w["name_adjective"] \
            and doc.texts[k - 1][0].isupper() \
            and (k - 1 in doc.starts or doc.folds[k - 2] in r.w["street_lead"]):
        first = k - 1
    else:
        return False
    add(STREET_NUMBER.span(doc.offsets[first], doc.ends[k], "place",
                           key=" ".join(doc.folds[first:k + 1])))
    return True


def _abbreviated_street(r: ContextRules, doc: Doc, k: int) -> bool:
    """Token k is a street's name with its ending cut short ("Ringv.", "storg.", "Kungsg 3"):
    a word no list holds, ending in a street abbreviation after at least three letters, with
    the abbreviation's full stop or a capital inside a sentence (not a misspelt "vånning 5")."""
    e, text = doc.entries[k], doc.texts[k]
    return text.isalpha() and not e.cats and e.zipf < T.RARE and not e.first_rank \
        and (k + 1 < len(doc.texts) and doc.texts[k + 1] == "." and doc.space(k) == ""
             and "\n" not in doc.space(k + 1)
             or text[0].isupper() and k not in doc.starts) \
        and bool(r.lex.words.ending("street_abbreviation", doc.folds[k], stem=3)) \
        and not r.lex.words.ending("word_like_abbreviation", doc.folds[k])


def _street_written_apart(r: ContextRules, doc: Doc, k: int) -> bool:
    """Token k is a bare street word ("gatan", "vägen") after a name adjective in any case or a
    lower-case word no list holds ("stora gatan", "Västra vägen", "hamra gatan"), before a
    house number; or after any other word that does not go before a street without naming it
    (`street_apart_stop`: "på", "längs", "samma"), the compound written apart as learners do
    ("Kungs gatan 12", "sommar vägen 3", "Ek gatan 14"; not "längs vägen 3 km": a unit after
    the number counts; nor "första gången 1966": an ordinal, no house number)."""
    if k < 1 or not r._bare_suffix(doc.folds[k], False) or doc.folds[k] not in r.street_endings:
        return False
    e, text = doc.entries[k - 1], doc.texts[k - 1]
    after = k + 2 + (k + 1 < len(doc.texts) and doc.folds[k + 1] in r.w["house_number_word"])
    if not text.isalpha() or after < len(doc.texts) and doc.folds[after] in r.w["unit_word"]:
        return False
    if doc.folds[k - 1] in r.w["name_adjective"]  \
            or text.islower() and e.zipf < T.STREET_NAME_APART_MAX and not e.cats:
        return True  # "Västra vägen 88", "hamra gatan 5"
    number = doc.texts[after - 1] if after - 1 < len(doc.texts) else ""
    return doc.space(k - 1) == " " and doc.folds[k - 1] not in r.w["street_apart_stop"] \
        and "ordinal" not in e.cats and (len(number) <= 3 and number.isdecimal()
                                         or HOUSE_NUMBER.fullmatch(number) is not None)


def _street_before(r: ContextRules, doc: Doc, k: int) -> bool:
    """Token k ends a street named by its kind word abroad ("Calle Mayor 3", "ul. Długa 15")."""
    return any(_prefixed_street(r, doc, j) == k for j in range(max(0, k - T.NAME_RUN_MAX - 1), k))


def _with(rule: Rule, fn: Callable) -> Rule:
    return replace(rule, fn=fn)


# The registry of this family, in the order the rules run on a token (the order matters only
# where a rule ends the token: a marked phrase, and the number rules).
WORD_RULES: tuple[Rule, ...] = tuple(_with(rule, fn) for rule, fn in (
    (PLACE_IN_COUNTRY, _place_in_country),  # before the marks: "i fars i iran" is no kin word
    (LEXICON_PHRASE, _lexicon_phrase), (LEXICON_MARK, _lexicon_mark), (STUDIES, _studies),
    (EDU_COMPOUND, _edu_compound),
    (AGE_WORD, _age_word_rule), (SIBLING_RANK, _sibling_rank), (MONTH, _month),
    (YEAR_WORD, _year_word), (SPELT_OUT, _spelt),
    (STREET_SUFFIX, _street_suffix),
    (JOINED_HOUSE_NUMBER, _joined_house),
    (NAMED_KIND, _named_kind), (LINE, _line), (LINE_NICKNAME, _line_nickname),
    (NUMBERED_SCHOOL, _numbered_school), (NUMBERED_AREA, _numbered_area),
    (CODE_NAME_RULE, _code_name), (HEAD_NOUN, _head_noun), (GEO_PREFIX, _geo_prefix),
    (GEO_HEAD_AFTER, _geo_head_after),
    (STREET_PREFIX, _street_prefix),
    (BUSINESS_TAIL, _business_tail), (TOWN_BUSINESS, _town_business), (PLACE_ALIAS, _place_alias),
    (INSTITUTION_HEAD, _institution_head),
    (INSTITUTION_TAIL, _institution_tail), (TOWN_INSTITUTION, _town_institution),
    (LINE_CODE_RULE, _line_code), (USER_ID, _user_id),
    (IN_MUNICIPALITY, _institution), (TOWN_BODY, _institution),
    (INSTITUTION_SUFFIX, _institution), (INSTITUTION_PHRASE, _institution), (CLUB_CODE, _club),
    (TOWN_COMPANY, _town_company), (PLACE_COMPOUND, _place_compound),
    (CONGREGATION, _congregation),
    (TRANSPORT_SUFFIX, _transport_suffix), (BUSINESS_NAME, _business_name),
    (JOINED_PLACE, _joined_place), (JOINED_PLACE_LOWER, _joined_place_lower),
    (LANDFORM_WORKPLACE, _landform_workplace), (ACRONYM, _acronym),
    (LOWER_FULL_NAME, _lower_full_name), (WORD_SURNAME, _word_surname),
    (OWNED_GIVEN_NAME, _owned_given_name),
    (APPOSED_NAME, _apposed_name), (SHORT_NICKNAME, _short_nickname),
    (KIN_SUBJECT_NAME, _kin_subject_name),
    (WORKPLACE_RUN, _workplace_run),
    (KIND_STATEMENT, _kind_statement),
    (ADJECTIVE_PLACE, _adjective_place)))
NUMBER_RULES: tuple[Rule, ...] = tuple(_with(rule, fn) for rule, fn in (
    (DAY_MONTH_RULE, _day_month), (AGE, _age), (DAY, _day), (DAY_I_MONTH, _day_i_month),
    (DAY_ORDINAL, _day_ordinal), (TRANSPORT_NR, _transport_nr),
    (APARTMENT_NUMBER, _apartment_number), (STREET_NUMBER, _street_number)))
RULES = WORD_RULES + NUMBER_RULES


def _functions(rules: tuple[Rule, ...]) -> tuple[Callable, ...]:
    """Each rule function once, in order (several rules may share one: _institution)."""
    return tuple(dict.fromkeys(rule.fn for rule in rules))


def _undeclared(rule: Rule) -> bool:
    """A capital-only rule that declares nothing: every capitalised word runs it."""
    return rule.capital and not (rule.word or rule.ending or rule.before or rule.before2
                                 or rule.after or rule.rare)


def _declared(lex: Lexicon, rules: tuple[Rule, ...], bit: dict[Callable, int],
              shaped: dict[Callable, int]) -> tuple[dict[str, dict[str, int]], dict[str, int]]:
    """`LowerIndex`'s tables: the bits of the functions each word calls for as the word itself
    or its neighbour (by field: word, before, before2, after), and those each ending calls
    for. A neighbour of a category the rule declares `shaped` sets the function's `shaped`
    bit instead: it calls the function only on a token passing the rule's shape."""
    index: dict[str, dict[str, int]] = {f: {} for f in ("word", "before", "before2", "after")}
    endings: dict[str, int] = {}
    for rule in rules:
        if _undeclared(rule):
            continue
        b = bit[rule.fn]
        for field, found in index.items():
            for cat in getattr(rule, field):
                flag = shaped[rule.fn] if cat in rule.shaped and field != "word" else b
                for w in category_words(lex, cat):
                    found[w] = found.get(w, 0) | flag
        for cat in rule.ending:
            for e in lex.words.ends[cat]:
                endings[e] = endings.get(e, 0) | b
    return index, endings


class LowerIndex:
    """Which rule functions can act on a word, from the rules' declarations: its own categories
    and ending, its neighbours' categories, and whether it is rare. One bit per function; the
    functions run in registry order. For a lower-case word (the default) the capital-only rules
    never run; for a capitalised one (`capital=True`) those that declare nothing always do, and
    the others by their declarations as for a lower-case word (a user name, a.b or a_b, counts
    as rare).

    A `shaped` neighbour sets a bit of its own after the functions' bits, and a token passing
    the rule's shape another: the function is called when both are there (or its own bit
    is), read once per mask. (Most tokens fail the shape: their masks stay within one 30-bit
    digit, where a bit a function for refused and forced calls made every `|` of `functions`
    an operation on two.) The next token sets a bit for each rule's `next_shape` its spelling
    passes (remembered per spelling with the functions its fold calls for, `_next_mask`): a
    function whose rules all declare one is left out without one of their bits."""

    def __init__(self, lex: Lexicon, rules: tuple[Rule, ...], capital: bool = False) -> None:
        lower = tuple(rule for rule in rules if capital or not rule.capital)
        self.fns = _functions(lower)
        bit = {fn: 1 << n for n, fn in enumerate(self.fns)}
        gated = tuple(dict.fromkeys(rule.fn for rule in lower if rule.shaped))
        # (the function's bit, a shaped neighbour's, a passing token's, the rules' shapes)
        self.gates = tuple((bit[fn], 1 << len(self.fns) + 2 * k, 1 << len(self.fns) + 2 * k + 1,
                            tuple(rule.shape for rule in lower if rule.fn is fn and rule.shaped))
                           for k, fn in enumerate(gated))
        # a bit for each `next_shape` a next token passes (`_next_mask`), after the gates'; a
        # function every rule of which declares one is left out without one of them passing
        # (the function's bit, its shapes' bits)
        shapes = tuple(dict.fromkeys(rule.next_shape for rule in lower if rule.next_shape))
        need = {shape: 1 << len(self.fns) + 2 * len(gated) + k for k, shape in enumerate(shapes)}
        self.nexts = tuple((need[shape], shape) for shape in shapes)
        self.needs = tuple(
            (bit[fn], sum({need[rule.next_shape] for rule in lower if rule.fn is fn}))
            for fn in dict.fromkeys(rule.fn for rule in lower)
            if all(rule.next_shape for rule in lower if rule.fn is fn))
        self.fn_bits = (1 << len(self.fns)) - 1  # (`ContextRules.asked`)
        self.rare_mask = self.always = 0
        self.names = capital  # user names are rare
        for rule in lower:
            if _undeclared(rule):
                self.always |= bit[rule.fn]
            elif rule.rare:
                self.rare_mask |= bit[rule.fn]
        # the words and endings calling for each function, made once per lexicon
        self.index, endings = lex.derived(("LowerIndex", tuple(rule.name for rule in lower)),
                                          lambda: _declared(lex, lower, bit, {
                                              fn: g[1] for fn, g in zip(gated, self.gates)}))
        # a word's endings are looked up by length (its last 1, 2, ... characters), not tried
        # one by one: a word with a declared ending ("-skolan") would try them all
        self.endings = endings
        self.ending_lengths = tuple(sorted({len(e) for e in endings if e}))
        # whether a word may have a declared ending: its last ENDING_TAIL characters looked up
        # in one set, and the few shorter endings compared (`endswith` over all of them
        # compared ~90 endings with every word)
        self.tails = frozenset(e[-ENDING_TAIL:] for e in endings if len(e) >= ENDING_TAIL)
        self.short_ends = tuple(e for e in endings if len(e) < ENDING_TAIL)
        # the functions whose every rule declares a `shape`: the word's own mask leaves them
        # out for a token failing it (a declared neighbour still calls them)
        unshaped = {rule.fn for rule in lower if rule.shape is None}
        self.shapes = tuple(dict.fromkeys((bit[rule.fn], rule.shape) for rule in lower
                                          if rule.fn not in unshaped))
        # a spelling of letters alone (most) fails the shapes needing something else
        # (`UNLETTERED`): their functions are left out with one mask, the shapes not asked
        self.letter_shapes = tuple((b, shape) for b, shape in self.shapes
                                   if shape not in UNLETTERED)
        self.letters_keep = ~sum({b for b, shape in self.shapes if shape in UNLETTERED})
        self.lex = lex
        self._before, self._before2, self._after = (self.index[f] for f in ("before", "before2",
                                                                             "after"))
        self._cache: dict[int, tuple[Callable, ...]] = {}
        self._own: dict[str, int] = {}  # `_own_mask` by spelling, at most REMEMBERED_WORDS
        self._next: dict[str, int] = {}  # `_next_mask` by spelling, as many

    def _own_mask(self, text: str, key: str, entry: Entry) -> int:
        """The functions a word's own fold (its categories, rarity, ending) and its spelling
        (`shape`) call for, remembered per spelling: the same for every occurrence."""
        mask = self.always | self.index["word"].get(key, 0)
        if entry.zipf < T.COMMON or self.names and ("." in key or "_" in key):
            mask |= self.rare_mask
        if key[-ENDING_TAIL:] in self.tails or key.endswith(self.short_ends):
            endings = self.endings
            mask |= endings.get("", 0)
            for size in self.ending_lengths:
                if size > len(key):
                    break
                mask |= endings.get(key[-size:], 0)
        if text.isalpha() and key.isalpha():
            mask &= self.letters_keep
            shapes = self.letter_shapes
        else:
            shapes = self.shapes
        for b, shape in shapes:
            if mask & b and not shape(self.lex, text, key, entry):
                mask &= ~b
        for _, _, passing, shapes in self.gates:
            for shape in shapes:
                if shape(self.lex, text, key, entry):
                    mask |= passing
                    break
        if len(self._own) < T.REMEMBERED_WORDS:
            self._own[text] = mask
        return mask

    def _next_mask(self, text: str, key: str) -> int:
        """What a word calls for as the next token: the functions its fold calls for (`after`)
        and the bits of the `next_shape`s its spelling passes, remembered per spelling."""
        mask = self._after.get(key, 0)
        for need, shape in self.nexts:
            if shape(self.lex, text, key):
                mask |= need
        if len(self._next) < T.REMEMBERED_WORDS:
            self._next[text] = mask
        return mask

    def functions(self, doc: Doc, i: int) -> tuple[Callable, ...]:
        """The rule functions to run on token i, in registry order (one call per token the
        context rules look at: its look-ups are the neighbours' own dicts, no nested index)."""
        folds = doc.folds
        mask = self._own.get(doc.texts[i])
        if mask is None:
            mask = self._own_mask(doc.texts[i], folds[i], doc.entries[i])
        if i:
            mask |= self._before.get(folds[i - 1], 0)
            if i > 1:
                mask |= self._before2.get(folds[i - 2], 0)
        if i + 1 < len(folds):
            after = self._next.get(doc.texts[i + 1])
            mask |= self._next_mask(doc.texts[i + 1], folds[i + 1]) if after is None else after
        found = self._cache.get(mask)
        return self.called(mask) if found is None else found

    def called(self, mask: int) -> tuple[Callable, ...]:
        """The functions a token's mask (its own, its neighbours') calls for, remembered per
        mask: its functions' bits, and a gate's function where a shaped neighbour stands by a
        passing token, less those lacking the next token they need."""
        called = mask
        for b, shaped, passing, _ in self.gates:
            if mask & shaped and mask & passing:
                called |= b
        for b, need in self.needs:
            if not mask & need:
                called &= ~b
        found = self._cache[mask] = tuple(fn for n, fn in enumerate(self.fns) if called >> n & 1)
        return found


NUMBER_FNS = _functions(NUMBER_RULES)
TODO, QUIET, BEFORE, BEFORE2, AFTER, NEAR_BEFORE, NEAR_BEFORE2, NEAR_AFTER = (
    1 << n for n in range(8))  # `ContextRules._mark_bits` (the last three: `asked`'s)
ENDING_TAIL = 4  # LowerIndex's gate: 2 % of MultiGED's words pass it, 0.5 % have an ending


def fast_path(lex: Lexicon, rules: tuple[Rule, ...]
              ) -> tuple[frozenset[str], frozenset[str], frozenset[str], frozenset[str]]:
    """The everyday words no rule looks at, and the neighbours that make rules look anyway,
    derived from the rules' declarations: (plain words, watched before, two before, after).

    An everyday word is plain unless one of its categories (or its ending, or for a phrase its
    first word) is one a rule declares in `word`/`ending`; user names (a.b, a_b) never are.
    Capital-only rules never look at a lower-case word, and `shaped` neighbours at a plain
    one only where its spelling passes the rule's shape (`ContextRules._mark_bits`)."""
    words = lex.words
    rules = tuple(rule for rule in rules if not rule.capital)

    def union(field: str) -> frozenset[str]:
        cats = {c for rule in rules for c in getattr(rule, field)
                if field == "word" or c not in rule.shaped}
        found = frozenset().union(*(words(c) for c in cats))
        return found | {w.split()[0] for w in found if " " in w}

    watched = union("word") | frozenset(map(fold, lex.marks)) \
        | {fold(p.split()[0]) for p in lex.marks if " " in p}
    ends = {e for rule in rules for c in rule.ending for e in words.ends[c]} \
        | {sfx for sfx, _ in lex.suffixes.get("institution_suffix", ())}
    # a word ends in one only if it ends in a short one (under ENDING_TAIL letters) or its
    # last ENDING_TAIL letters end a longer one: a C-level test and one look-up before the
    # scan of them all (6 % of the frequent words pass; the scan cost each start-up 30 M)
    short = tuple(e for e in ends if len(e) < ENDING_TAIL)
    tails = frozenset(e[-ENDING_TAIL:] for e in ends if len(e) >= ENDING_TAIL)
    ends = tuple(ends)
    # the frequent words (listed by the snapshot's compiler) no rule watches, with no "." or
    # "_", by C-level filters: the loop then tests the endings of those alone
    unwatched = filterfalse(_DOT_OR_UNDERSCORE.search,
                            filterfalse(watched.__contains__, lex.frequent))
    plain = frozenset(k for k in unwatched if not k.endswith(short)
                      and (k[-ENDING_TAIL:] not in tails or not k.endswith(ends)))
    return plain, union("before"), union("before2"), union("after")


_DOT_OR_UNDERSCORE = re.compile(r"[._]")  # a user name's (a.b, a_b): never a plain word
