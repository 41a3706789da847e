"""Pattern detectors: e-mail, URL, Swedish ID/phone/account/zip/licence numbers, dates, years.

Shapes follow Swedish conventions; triggers in the preceding words (from the lexicon) raise
confidence or decide between readings (a bare 7-digit group is a phone number only after
"telefon", "ring", ...). Learners' invalid personnummer are caught; a valid checksum scores higher.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import chain

import regex

from builders.checksums import luhn_valid
from pseudonymize import thresholds as T
from pseudonymize.detectors.rule import Rule
from pseudonymize.doc import Doc
from pseudonymize.lexicon import Lexicon, fold
from pseudonymize.normalize import HASHTAG
from pseudonymize.types import Span

TLDS = "se|com|nu|org|net|info|eu|io|de|dk|no|fi|uk|fr|es|it|pl|ru|ua|tr|ir|so|co|us|ca|app|me|tv"
EMAIL = regex.compile(r"(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
# The heavier patterns use the standard library's engine, 2-2.5x faster than `regex` for them.
URL = re.compile(r"(?<![\w@])(?:https?://|www\.)[^\s<>\"]+[^\s<>\".,;:!?)\]]"
                    r"|(?<![\w@./-])[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:" + TLDS + r")"
                    r"(?:/[^\s<>\"]*[^\s<>\".,;:!?)\]])?(?![\w@])", re.I)
PERSONNUMMER = regex.compile(
    r"(?<![\w-])(?:(?:19|20)?\d{2})(?:0[1-9]|1[0-2])(?:[0-2]\d|3[01]|[6-8]\d|9[01])(?: ?[-+] ?| )?\d{4}"
    r"(?![\w-])")  # also "850312 - 1234"
PHONE = regex.compile(
    r"(?<![\w+])(?:(?:\+|00)46[\s-]?(?:\(0\)\s?)?\d{1,3}|0\d{1,3})"
    r"(?:(?:\s?[/-]\s?|\s)?\d{2,4}){1,4}(?![\w-])")  # also "073 - 123 45 67"
# "070.823.11.45", "0708-23.11.45": groups split by full stops (a date's "01.02.2020" is the
# date's: DATE_RULE scores higher; at least PHONE_DOTTED_DIGITS digits, not a time "08.30")
PHONE_DOTTED = regex.compile(r"(?<![\w+.])0\d{1,3}(?:[.-]\d{2,7}){1,4}(?![\w-]|\.\d)")
PHONE_DOTTED_DIGITS = 9
# Another country's number in international form: "+291 7 124 589", "00252 61 555 1234",
# "+964 (770) 123 4567": its country code, then groups of any length (E.164: 15 digits at most).
INTL_PHONE = regex.compile(r"(?<![\w+])(?:\+|00)(?!46)[1-9]\d{0,2}(?:[\s/-]?\(?\d{1,4}\)?){2,6}(?![\w-])")
BARE_DIGITS = regex.compile(r"(?<![\w-])\d{2,4}(?:[\s-]?\d{2,4}){1,4}(?![\w-])")
# 8214-9, 903 441 558-1; clearing and account written apart: "8214-9, 934 556 712-4"; or all
# in one run of digits ("kontonummer 1234567890": seven digits at least, not "50000 kr").
ACCOUNT = regex.compile(r"(?<![\w-])(?:\d{1,6}(?:[ -]\d{1,10}){1,5}(?:,\s\d{2,6}(?:[ -]\d{1,10}){1,5})?"
                        r"|\d{7,18})(?![\w-])")
# A Swedbank account by its shape alone: a clearing number of four digits starting with 8 and
# its check digit, then the account in groups with its own check digit ("8169-5 903 214 556-2",
# "8214-9, 903 441 558-1"): no phone, date or amount is written so.
SWEDBANK = regex.compile(r"8\d{3}-\d,?\s\d{1,3}(?:\s\d{3}){1,3}-\d")
# Any country's IBAN (SE45 5000 …, DE89 3704 …, UA21 3223 … 1): country, check digits, groups.
IBAN = regex.compile(r"\b[A-Za-z]{2}\d{2}(?:\s?[\dA-Z]{4}){2,7}(?:\s?[\dA-Z]{1,3})?\b")
# A post code before its town; a lower-case town only when it is no everyday word (see _zips).
ZIP = regex.compile(r"(?<![\w-])(?:SE-?\s?)?\d{3}\s?\d{2}(?=\s+\p{L})")
# A post code announced by its word ("postnummer 432 44", "Postnr: 41705"), no town after it.
ZIP_ANNOUNCED = regex.compile(r"(?<![\w-])\d{3}\s?\d{2}(?![\w-]|[.,]\d)")
ZIP_TRIGGER_REACH = 3  # words between "postnummer" and its code ("postnumret är 432 44")
LICENSE = regex.compile(r"(?<![\w-])\p{Lu}{3}\s?\d{2}[\dA-Z](?![\w-])")
# "kxr 55b": a learner's plate in lower case, taken after a trigger ("bilen", "regnummer")
LICENSE_ANY_CASE = regex.compile(r"(?<![\w-])(\p{L}{3})\s?\d{2}[\d\p{L}](?![\w-])")
# "AX 4471 KM": the two-letters, four-digits, two-letters plates of many European countries
LICENSE_EUROPEAN = regex.compile(r"(?<![\w-])\p{Lu}{2}\s?\d{4}\s?\p{Lu}{2}(?![\w-])")
# "A123BC 77", "А 123 ВС 777": the Russian layout (a letter, three digits, two letters, the
# region's code), its letters those that have a Cyrillic twin
LICENSE_RUSSIAN = regex.compile(
    r"(?<![\w-])[ABEKMHOPCTYXАВЕКМНОРСТУХ]\s?\d{3}\s?[ABEKMHOPCTYXАВЕКМНОРСТУХ]{2}(?:\s?\d{2,3})?(?![\w-])")
# "WA 12345", "B-MK 1234", "B MK 1234": a plate of another country's layout (district letters,
# letters, digits), taken only after a plate's own trigger ("polska registreringsskyltar WA 12345")
LICENSE_FOREIGN = regex.compile(
    r"(?<![\w-])\p{Lu}{1,3}(?:[\s-]\p{Lu}{1,2})?[\s-](?:\d{1,5}(?:\s?\p{Lu}{1,2})?"
    r"|\d[\dA-Z]{2,5}\d)(?![\w-])")  # ... or letters among the digits: "KR 5G718" (Poland)
# "482 BKT": digits before the letters (Estonia, Latvia's old plates, Bulgaria's tail), taken
# only after a plate's own trigger, as LICENSE_FOREIGN is
LICENSE_DIGITS_FIRST = regex.compile(r"(?<![\w-])\d{2,4}[\s-]?\p{Lu}{2,3}(?![\w-])")
DATE_BODY = (
    r"(?:(?:1\d|20)\d{2}[-./_](?:0?[1-9]|1[0-2])[-./_](?:0?[1-9]|[12]\d|3[01])"        # 2019-03-15
    r"|(?:0?[1-9]|[12]\d|3[01])[-./_](?:0?[1-9]|1[0-2])[-./_](?:(?:1\d|20)\d{2}|\d{2})"  # 15.03.2019
    r"|(?:0?[1-9]|1[0-2])[-/](?:0?[1-9]|[12]\d|3[01])[-/](?:(?:1\d|20)\d{2})"           # 3/15/2019
    r"|(?:0?[1-9]|[12]\d|3[01])/(?:0?[1-9]|1[0-2])(?:\s(?:19|20)\d{2})?"                # 15/3 2019
    r"|(?:0?[1-9]|1[0-2])/(?:1[3-9]|2\d|3[01])"                                          # 3/15
    r"|(?:1\d|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01]))")                      # 20190315
DATE_END = r"(?![\w/-]|[.,]\d)"
DATE = re.compile(rf"(?<![\w.,/-]){DATE_BODY}{DATE_END}")
# Two dates joined by a dash, the en dash normalized to one ("2026-06-08–2026-06-12",
# "8/6-12/6", "12.3.2024 - 15.3.2024"): two dates, never one case number or phone number.
DATE_RANGE = re.compile(rf"(?<![\w.,/-])({DATE_BODY})\s?-\s?({DATE_BODY}){DATE_END}")
# what a date range's span must never be read as
NOT_IN_DATE_RANGE = frozenset({"other_nr_seq", "phone_nr", "account_nr", "license_nr",
                               "personid_nr", "zip_code"})
HANDLE = re.compile(r"(?<![\w.@])@[\w.]{2,}\w|(?<![\w@.])[^\W\d_]\w*_\w+(?![\w@])"
                    # a user name of a name, a dot and letters with digits ("urska.z42",
                    # "anna.berg77"), not an abbreviation's ("s.12", "kap.3") nor a domain's
                    r"|(?<![\w@./-])[^\W\d_]{3,}\.[^\W\d_]+\d+(?![\w@/-]|\.\w)")
# Where a URL may be: "://", "www." (any case) or a dot and a top-level domain; the last two
# found from the dots, by a pattern whose first character is a literal (the engine then skips
# at C speed to the next "."; starting with a set of characters, ":", "." or "w", it tried
# the pattern at each of them: seven times the time), "://" by `str.find`. `(?=\w)` first: a
# dot before a space tries none of the domains.
URL_DOT = re.compile(r"\.(?:(?<=[wW]{3}\.)|(?=\w)(?i:" + TLDS + r")\b)")
WHITE = re.compile(r"\s")
# Digit runs and the characters of e-mails and handles: where the patterns below can match.
# (`[0-9]+|[@_]`, written to start with one set of characters)
SPECIAL = re.compile(r"[0-9@_#](?:(?<=[0-9])[0-9]*)?")
SPECIAL_CHARS = "0123456789@_#"  # SPECIAL's first set (`_special_bytes` marks them)
_SPECIAL_TABLE = bytes(chr(b) in SPECIAL_CHARS for b in range(256))
# Case, booking and reference numbers: letters and at least three digits in one code
# (PB-2024-118823, 5000-K123456-24, XK7Q2M, 5.1.1-22876/2023, P1234567), also with a check
# letter after a dash (TK-55810-G).
# Swedish letters too: a hospital's or an authority's code ("SÄS-44120", "FÖR-2231")
REFERENCE = re.compile(
    r"(?<![\w@./-])(?=[\w./-]*\d[\w./-]*\d[\w./-]*\d)(?=[\w./-]*[A-Za-zÅÄÖåäö]|[\w./-]*[./-]\d+[./-])"
    r"[A-Za-zÅÄÖåäö0-9]+(?:[./-][A-Za-zÅÄÖåäö0-9]+)*[./-][A-Za-z]*\d[A-Za-z0-9]*"
    r"(?:-[A-Za-z]{1,3})?(?![\w@-])"
    r"|(?<![\w@./-])(?=[A-Z0-9]*\d[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z][A-Z0-9]*[A-Z])[A-Z0-9]{6,}(?![\w@-])"
    r"|(?<![\w@./-])(?:[A-Z]\d{6,9}[A-Z]?|\d{6,9}[A-Z])(?![\w@-])")  # a passport's or ID
# card's number (P1234567), also with a check letter after its digits as Spain's and other
# countries' identity and driving licence numbers have (47823916K, X1234567L)
# A case or order number of digit groups joined by "/", "." or "-" ("2023/12345", "16-884512"):
# taken only after a reference trigger ("ärendenummer", "dnr"), as a date or fraction is not.
SLASHED = re.compile(r"(?<![\w@./-])\d{1,6}(?:[./-]\d{1,7}){1,3}(?![\w@/-]|[.,]\d)")
# A property designation's block and unit ("fastighet Bergsjö 4:117", "Lindö 5:12"): taken only
# after a property word (`property_word`) and a tract's name, never a time ("kl 14:30")
PROPERTY = re.compile(r"(?<![\w@./:-])\d{1,5}:\d{1,5}(?![\w@/:-]|[.,]\d)")
PROPERTY_REACH = 4  # words between "fastighet" and its number ("fastigheten Kalmar Lindö 5:12")
REFERENCE_DIGITS_MIN = 5  # after a reference trigger, a number of this many digits is its number
# How many words back a kind's own word decides a number's shape reading: "personkonto
# 820101-2275", "Min kontrakt nummer är 0402-11 22 33" (the word, "nummer", the verb)
ANNOUNCED_REACH = 3
CODE_KINDS = ("other_nr_seq", "license_nr")  # numbers no phone shape claims after their word
LICENCE_CARD_REACH = 15  # how many words back a licence card makes its card word's number a licence's
ACCOUNT_COMPOUND_MIN = 9  # "företagskonto": a word this long ending in an account word is one
ACCOUNT_HEAD_LENGTHS = (5, 6)  # the account words a compound ends in: "konto", "kontot"
ACCOUNT_REACH = 8  # how many words back an account's word makes a number its number
ENDED_REACH = 16  # "ett sparkonto på en liten bank i staden X i Finland, det slutar på 6130": how many words back, in its sentence, an account's word makes the last digits given its number's
BANK_REACH = 3  # how many words back a bank's name makes a number no other word announces its account
YEAR = regex.compile(r"(?<![\w.,/-])(?:1[89]\d{2}|20[0-4]\d)(?![\w/-]|[.,]\d)")

# The kind of number a trigger word announces. A bare "nummer" announces a phone number only
# when no more specific word is near: "körkort, nummer 8709…", "Ärendet har nummer 16-884512".
NUMBER_TRIGGERS = (("account_trigger", "account_nr"), ("license_trigger", "license_nr"),
                   ("reference_trigger", "other_nr_seq"), ("phone_trigger", "phone_nr"))
Add = Callable[[Span], None]
# "TF 448 192", "WU 882-194-5530", "UHR 2021-04477"; a country and a kind joined, "UG-DL 0046118";
# capitals with small letters between them, "PrDP 88231" (a South African driver's permit)
CODE_PREFIX = regex.compile(r"\p{Lu}(?:\p{Ll}{0,2}\p{Lu}){0,3}(?:-\p{Lu}{1,4})?")


def _preceded_by(doc: Doc, start: int, category: str, window: int = 4) -> bool:
    i = doc.index_at(start)
    return any(category in doc.entries[j].cats for j in range(max(0, i - window), i))


def _trigger_label(lex: Lexicon, key: str, cats: frozenset[str]) -> str | None:
    """The number label a word announces, also for compounds ending in -nummer
    ("körkortsnummer", "legitimationsnumret", "OCR-nummer")."""
    for cat, label in NUMBER_TRIGGERS:
        if cat in cats:
            return label
    if "-" in key.strip("-"):  # "C-körkort", "EU-pass": the trigger after a letter or prefix
        tail = key.rsplit("-", 1)[1]
        label = _trigger_label(lex, tail, lex.get(tail).cats)
        if label:
            return label
    if len(key) >= ACCOUNT_COMPOUND_MIN and any(key[-n:] in lex.words("account_trigger")
                                                for n in ACCOUNT_HEAD_LENGTHS):
        return "account_nr"  # "företagskonto", "hushållskontot": a compound of konto
    generic = lex.words("generic_number_word")
    for head in generic:
        if key.endswith(head) and len(key) > len(head) + 2:
            stem = key[:-len(head)].rstrip("-")
            for cand in {stem, stem.removesuffix("s")}:  # "körkorts|nummer"
                label = _trigger_label(lex, cand, lex.get(cand).cats)
                if label and cand not in generic:
                    return label
    return None


def _announcer(doc: Doc, lex: Lexicon, start: int, window: int,
               generic_ok: bool = True) -> tuple[str | None, int]:
    """The label announced by the nearest specific trigger in the `window` words before a
    number, else (`generic_ok`) by a generic "nummer", and that word's token index (-1: none)."""
    i = doc.index_at(start)
    generic: tuple[str | None, int] = (None, -1)
    for j in range(i - 1, max(-1, i - 1 - window), -1):
        if not doc.texts[j][0].isalnum():
            continue
        label = _trigger_label(lex, doc.folds[j], doc.entries[j].cats)
        if label is None:
            continue
        if doc.folds[j] not in lex.words("generic_number_word"):
            if label == "other_nr_seq" and doc.folds[j] in lex.words("card_number_word") \
                    and _licence_before(doc, lex, j):
                label = "license_nr"  # "till svenskt körkort. Kortnumret är AG 0483521"
            return label, j
        generic = generic if generic[0] else (label, j)
    if generic[0] and _coded(doc, i) and _licence_before(doc, lex, generic[1]):
        # "mitt gamla körkort från Azerbajdzjan hade nummer AZ 1904417", "byta mitt körkort
        # … Numret är TH-0048812": a lettered code a bare "nummer" gives after a licence
        generic = ("license_nr", generic[1])
    return generic if generic_ok else (None, -1)


def _licence_before(doc: Doc, lex: Lexicon, j: int) -> bool:
    """A licence card (`licence_card`) is named in the words before token j, also as the head
    of a compound ("kranförarbevis", "sjuksköterskelegitimation"), and no identity document
    after it ("ingen svensk legitimation, bara pass med nummer X": the passport's number)."""
    for k in range(j - 1, max(-1, j - 1 - LICENCE_CARD_REACH), -1):
        if lex.words.ending("licence_card", doc.folds[k]):
            return True
        if "id_trigger" in doc.entries[k].cats:
            return False
    return False


def _coded(doc: Doc, i: int) -> bool:
    """The number at token i opens with capital letters, or a letter code stands before it
    ("TH-0048812", "AZ 1904417"): a document's code, never a phone number."""
    return doc.texts[i][:1].isupper() or i > 0 and doc.space(i - 1) == " " \
        and CODE_PREFIX.fullmatch(doc.texts[i - 1]) is not None


def _number_kind(doc: Doc, lex: Lexicon, start: int, window: int,
                 generic_ok: bool = True) -> str | None:
    """The label the nearest trigger before a number announces (`_announcer`)."""
    return _announcer(doc, lex, start, window, generic_ok)[0]


def _not_a_phone(doc: Doc, lex: Lexicon, start: int, number: str) -> bool:
    """A number in a phone's shape that its word gives another kind: a card's or contract's
    ("LMA-kort nummer 0913-5567-21"), an account's ("kontonummer 0041-2233-9876": the word
    decides, whatever the shape); a Swish number stays a phone's (`phone_account_word`). A
    number in another country's international form is an account's as far back as `_accounts`
    looks ("mitt kontonummer i banken i Bosnien är +387 61 234 567")."""
    kind, j = _announcer(doc, lex, start, ANNOUNCED_REACH)
    if kind is None and number.startswith(("+", "00")) \
            and not number.startswith(("+46", "0046")):
        kind, j = _announcer(doc, lex, start, ACCOUNT_REACH, generic_ok=False)
    return kind in CODE_KINDS or kind == "account_nr" \
        and doc.folds[j] not in lex.words("phone_account_word")


def _case_number(doc: Doc, lex: Lexicon, number: str, end: int, kind: str | None) -> bool:
    """After a reference trigger ("ärendenummer", "dnr") a number of REFERENCE_DIGITS_MIN
    digits is the case's number, unless a unit word says it counts something ("ärendet gällde
    15000 kronor")."""
    if kind != "other_nr_seq" or sum(map(str.isdigit, number)) < REFERENCE_DIGITS_MIN:
        return False
    return not _counts(doc, lex, end)


def _counts(doc: Doc, lex: Lexicon, end: int) -> bool:
    """A unit word right after the number ending at `end` says it counts something ("15000
    kronor", "1500000 kr"): an amount, not an account or case number."""
    k = doc.index_at(end)
    return k < len(doc.texts) and doc.folds[k] in lex.words("unit_word")


def _time_of_day(doc: Doc, lex: Lexicon, start: int) -> bool:
    """"klockan 5.40", "kl. 14-16": a time after a time word, not a number to replace."""
    i = doc.index_at(start)
    j = i - 1 - (i >= 2 and doc.texts[i - 1] == ".")
    return j >= 0 and doc.folds[j] in lex.words("time_word")


def _with_prefix(doc: Doc, start: int) -> int:
    """Start a number at the letter code written before it: "TF 448 192", "WU 882-194"."""
    i = doc.index_at(start)
    if not i:
        return start
    before = doc.token(i - 1)
    code = (before.ws == " " and CODE_PREFIX.fullmatch(before.text) is not None
            and (i - 1) not in doc.starts and not doc.entries[i - 1].cats)
    return before.start if code or before.text == "+" and before.end == start else start


FAMILY = "patterns"


def _rule(name: str, labels: tuple[str, ...], score: float, reads: tuple[str, ...] = ()) -> Rule:
    return Rule(name, FAMILY, labels, score, reads)


TRIGGERS = tuple(cat for cat, _ in NUMBER_TRIGGERS) + ("generic_number_word", "card_number_word",
                                                     "licence_card")
EMAIL_RULE = _rule("email", ("email",), 1.0)
HANDLE_RULE = _rule("handle", ("extra",), 0.7)
# a hashtag that is no everyday word (a name glued to words, a family's or a shop's): "#jul",
# "#sverige" stay
HASHTAG_RULE = _rule("hashtag", ("extra",), 0.7)
URL_RULE = _rule("url", ("url",), 0.95)
IBAN_RULE = _rule("iban", ("account_nr",), 1.0)
PERSONNUMMER_RULE = _rule("personnummer", ("personid_nr",), 1.0, ("id_trigger",) + TRIGGERS)
PERSONNUMMER_BAD = _rule("personnummer-badchecksum", ("personid_nr",), 0.9,
                         ("id_trigger",) + TRIGGERS)
PHONE_RULE = _rule("phone", ("phone_nr",), 0.9, TRIGGERS + ("phone_account_word",))
ACCOUNT_RULE = _rule("account-trigger", ("account_nr",), 0.85,
                     TRIGGERS + ("unit_word", "account_bank", "account_bank_preposition"))
NUMBER_TRIGGER = _rule("number-trigger", ("account_nr", "license_nr", "other_nr_seq",
                                          "phone_nr"), 0.85, TRIGGERS + ("unit_word",))
DIGITS_RULE = _rule("digits", ("other_nr_seq",), 0.6, TRIGGERS + ("time_word",))
NUMBER_ENDING = _rule("number-ending", ("account_nr", "other_nr_seq"), 0.8,
                      TRIGGERS + ("number_end",))
MASKS = "*•"  # "****4471": the hidden digits of a number whose end is given
REFERENCE_RULE = _rule("reference", ("other_nr_seq", "license_nr", "account_nr"), 0.55,
                       TRIGGERS + ("time_word", "unit_word"))
PROPERTY_RULE = _rule("property", ("other_nr_seq",), 0.8, ("property_word", "time_word"))
ZIP_RULE = _rule("zip", ("zip_code",), 0.85, ("zip_trigger",))
ZIP_TOWN = _rule("zip-town", ("city",), 0.8)
LICENCE_RULE = _rule("licence-plate", ("license_nr",), 0.8, TRIGGERS + ("car_make",))
DATE_RULE = _rule("date", ("date_digits",), 0.95)
YEAR_RULE = _rule("year", ("year",), 0.5, ("personal_word", "birth_word", "generic_subject",
                                           "unit_word", "name_verb", "past_ending",
                                           "fronted_year_verb", "name_trigger"))


@dataclass
class Scan:
    """One pass over an essay's text: the white-space chunks that hold a digit, "@", "_" or
    "#" (e-mails, handles, hashtags, URLs and codes never span white space) and where digit
    runs start, and the ranges of two dates (`DATE_RANGE`: the date rule's spans, and the
    stretches no other number reading may take)."""

    chunks: list[tuple[int, int, str]]
    runs: list[int]
    ranges: list[re.Match]

    @classmethod
    def of(cls, text: str) -> Scan:
        """SPECIAL's matches in turn, each tried where the text's next digit, "@", "_" or "#"
        stands, found by `bytes.find` (memchr) in the text's bytes with those characters made
        1 (`_special_bytes`): `SPECIAL.finditer` tested the whole text a character at a time
        (about 30 instructions each, 45,000 an essay)."""
        chunks, runs = [], []
        flags = _special_bytes(text)
        at, end = flags.find(1), -1
        while at >= 0:
            m = SPECIAL.match(text, at)
            if m.group()[0].isdigit():
                runs.append(m.start())
            if m.start() >= end:
                s, end = _chunk_at(text, m.start())
                chunks.append((s, end, text[s:end]))
            at = flags.find(1, m.end())
        return cls(chunks, runs, list(_anchored(DATE_RANGE, text, runs)) if "-" in text else [])


def _special_bytes(text: str) -> bytes:
    """A byte per character of text, 1 where it is one of SPECIAL_CHARS (all Latin-1: a
    character beyond is encoded "?", one byte, so the offsets are the text's), else 0."""
    return text.encode("latin-1", "replace").translate(_SPECIAL_TABLE)


def _emails(doc: Doc, lex: Lexicon, scan: Scan, add: Add) -> None:
    for s, e, chunk in scan.chunks:
        if "@" in chunk:
            for m in EMAIL.finditer(doc.text, s, e):
                add(EMAIL_RULE.span(m.start(), m.end(), "email"))
        if "@" in chunk or "_" in chunk or "." in chunk:
            for m in HANDLE.finditer(doc.text, s, e):
                add(HANDLE_RULE.span(m.start(), m.end(), "extra"))


def _hashtags(doc: Doc, lex: Lexicon, scan: Scan, add: Add) -> None:
    for s, e, chunk in scan.chunks:
        if "#" not in chunk:
            continue
        for m in HASHTAG.finditer(doc.text, s, e):
            entry = lex.get(fold(m.group()[1:]))
            if entry.country == "SE" or entry.zipf >= T.COMMON and not (
                    entry.gender or entry.surname_rank or entry.place_kind):
                continue  # an everyday word or Sweden: "#jul", "#sverige"
            add(HASHTAG_RULE.span(m.start(), m.end(), "extra"))


def _urls(doc: Doc, lex: Lexicon, scan: Scan, add: Add) -> None:
    done = -1
    for hint in _url_hints(doc.text):
        if hint < done:
            continue
        s, e = _chunk_at(doc.text, hint)
        for m in URL.finditer(doc.text, s, e):
            add(URL_RULE.span(m.start(), m.end(), "url"))
        done = e


def _url_hints(text: str) -> list[int]:
    """Positions in text order, each in a white-space chunk that may hold a URL (`URL_DOT`,
    "://"): `_urls` reads each such chunk once."""
    hints = [m.start() for m in URL_DOT.finditer(text)]
    schemes = _occurrences(text, "://")
    return sorted(hints + schemes) if schemes else hints


def _occurrences(text: str, needle: str) -> list[int]:
    """Every start of `needle` in text, in order, by `str.find` (no pattern tried at every
    character)."""
    found, at = [], text.find(needle)
    while at >= 0:
        found.append(at)
        at = text.find(needle, at + 1)
    return found


def _ibans(doc: Doc, lex: Lexicon, scan: Scan, add: Add) -> None:
    for m in _anchored(IBAN, doc.text, _before(doc.text, scan.runs, IBAN_BACK, _letter)):
        add(IBAN_RULE.span(m.start(), m.end(), "account_nr"))


def _personnummer(doc: Doc, lex: Lexicon, scan: Scan, add: Add) -> None:
    """Learners' invalid personnummer are caught too; a valid checksum scores higher."""
    for m in _anchored(PERSONNUMMER, doc.text, scan.runs):
        valid = luhn_valid("".join(ch for ch in m.group() if ch.isdigit())[-10:])
        if m.group()[0] == "0" and not valid and not _preceded_by(doc, m.start(), "id_trigger"):
            continue  # 0701234567 is a mobile number, not a person
        if _number_kind(doc, lex, m.start(), ANNOUNCED_REACH) in ("account_nr", "license_nr") \
                and not _preceded_by(doc, m.start(), "id_trigger", ANNOUNCED_REACH):
            continue  # "personkonto 820101-2275", "körkortsnummer 850312-1234": an account's
            # or a licence's number (`_accounts`, `_bare_numbers` take it)
        rule = PERSONNUMMER_RULE if valid else PERSONNUMMER_BAD
        add(rule.span(m.start(), m.end(), "personid_nr"))


def _phones(doc: Doc, lex: Lexicon, scan: Scan, add: Add) -> None:
    starts = _phone_starts(doc.text, scan.runs)
    for m in _anchored(PHONE, doc.text, starts):
        if 7 <= sum(ch.isdigit() for ch in m.group()) <= 13 \
                and not _not_a_phone(doc, lex, m.start(), m.group()):
            add(PHONE_RULE.span(m.start(), m.end(), "phone_nr"))  # (else `_accounts` or
            # `_bare_numbers` takes it)
    if "." in doc.text:
        for m in _anchored(PHONE_DOTTED, doc.text, starts):
            if "." in m.group() and PHONE_DOTTED_DIGITS <= sum(ch.isdigit() for ch in m.group()) \
                    <= 13 and not _not_a_phone(doc, lex, m.start(), m.group()):
                add(PHONE_RULE.span(m.start(), m.end(), "phone_nr"))
    if "+" in doc.text or "00" in doc.text:
        for m in _anchored(INTL_PHONE, doc.text, starts):
            if 8 <= sum(ch.isdigit() for ch in m.group()) <= 15 \
                    and not _not_a_phone(doc, lex, m.start(), m.group()):
                add(PHONE_RULE.span(m.start(), m.end(), "phone_nr"))


def _accounts(doc: Doc, lex: Lexicon, scan: Scan, add: Add) -> None:
    for m in _anchored(ACCOUNT, doc.text, scan.runs):
        if sum(ch.isdigit() for ch in m.group()) >= 5 and not _counts(doc, lex, m.end()):
            kind = _number_kind(doc, lex, m.start(), ACCOUNT_REACH)
            if kind == "account_nr" or kind is None and (
                    _bank_beside(doc, lex, m.start(), m.end()) or SWEDBANK.fullmatch(m.group())):
                add(ACCOUNT_RULE.span(m.start(), m.end(), "account_nr"))


def _bank_beside(doc: Doc, lex: Lexicon, start: int, end: int) -> bool:
    """A bank named just before a number with no word of its own ("till Swedbank 8214-9 934 556
    218-3") or just after it ("8327-9, 904 662 114-8 i Swedbank"): the number is an account's."""
    banks, i, k = lex.words("account_bank"), doc.index_at(start), doc.index_at(end)
    if any(doc.folds[j] in banks for j in range(max(0, i - BANK_REACH), i)):
        return True
    k += k < len(doc.texts) and not doc.texts[k][0].isalnum()  # past a comma or full stop
    return k + 1 < len(doc.texts) and doc.folds[k] in lex.words("account_bank_preposition") \
        and doc.folds[k + 1] in banks


def _bare_numbers(doc: Doc, lex: Lexicon, scan: Scan, add: Add) -> None:
    """A digit group announced by a trigger ("telefon", "ärendenummer"), or long enough to be a
    number of some kind; four digits only as the end of an account ("slutar på 4471")."""
    for m in _anchored(BARE_DIGITS, doc.text, scan.runs):
        ndig = sum(ch.isdigit() for ch in m.group())
        if ndig < 4 or _time_of_day(doc, lex, m.start()):
            continue
        reach = 5 + _masked(doc.text, m.start())
        start = _with_prefix(doc, m.start())  # its word counted from its letter code
        kind = _number_kind(doc, lex, start, reach)
        if kind is None and ndig == 4 and _ends_with(doc, m.start()):
            kind = _ended_kind(doc, lex, m.start())
        if ndig >= 5 and (kind == "account_nr" or kind is None and _number_kind(
                doc, lex, m.start(), ACCOUNT_REACH) == "account_nr"):
            continue  # the account pattern covers it (as far back as it looks)
        if kind == "phone_nr" and m.group()[0] != "0" \
                and _number_kind(doc, lex, m.start(), reach, generic_ok=False) is None:
            kind = "other_nr_seq"  # "Avgiften har nummer 66120398841": no phone's shape
        if kind is None and ndig >= 8 or ndig >= 6 and kind is not None \
                or _case_number(doc, lex, m.group(), m.end(), kind) \
                or kind == "license_nr" and start < m.start() and ndig >= REFERENCE_DIGITS_MIN:
            # (the last: a licence's lettered code, "yrkeskort, nummer PrDP 88231")
            rule = NUMBER_TRIGGER if kind else DIGITS_RULE
            add(rule.span(start, m.end(), kind or "other_nr_seq"))
        elif ndig == 4 and kind in ("account_nr", "other_nr_seq") and (
                _ends_with(doc, m.start()) or _number_kind(doc, lex, m.start(), 1) == kind
                or kind == "other_nr_seq" and not YEAR.fullmatch(m.group())
                and not _counts(doc, lex, m.end())):
            # "slutar på 4471"; a code of four digits a few words after its word ("portkoden
            # är 1234", "koden har ändrats till 4719"), not a year nor an amount
            add(NUMBER_ENDING.span(m.start(), m.end(), kind))


def _ended_kind(doc: Doc, lex: Lexicon, start: int) -> str | None:
    """The kind of the number whose last digits start at `start` ("det slutar på 6130"), named
    further back in the sentence than a bare number's word is looked for ("ett sparkonto på en
    liten bank i staden Tammerfors i Finland, det slutar på 6130"): the digits end that number."""
    i = doc.index_at(start)
    lo, _ = doc.sentence_window(i, ENDED_REACH, 0)
    return _number_kind(doc, lex, start, i - lo)


def _references(doc: Doc, lex: Lexicon, scan: Scan, add: Add) -> None:
    for s, e, _ in scan.chunks:
        for m in REFERENCE.finditer(doc.text, s, e):
            if _time_of_day(doc, lex, m.start()):
                continue
            kind = _number_kind(doc, lex, m.start(), 5)
            label = kind if kind in ("license_nr", "account_nr") else "other_nr_seq"
            add(REFERENCE_RULE.span(_with_prefix(doc, m.start()), m.end(), label))
        for m in SLASHED.finditer(doc.text, s, e):  # "ärendenummer 2023/12345"
            kind = _number_kind(doc, lex, m.start(), 5)
            if kind == "license_nr" and sum(map(str.isdigit, m.group())) >= REFERENCE_DIGITS_MIN \
                    and not _counts(doc, lex, m.end()):
                # "Körkortet har nummer 16/0045871": a licence's number, all its groups
                add(REFERENCE_RULE.span(m.start(), m.end(), "license_nr"))
            elif _case_number(doc, lex, m.group(), m.end(), kind):
                add(REFERENCE_RULE.span(m.start(), m.end(), "other_nr_seq"))


def _properties(doc: Doc, lex: Lexicon, scan: Scan, add: Add) -> None:
    """"fastighet bergsjö 4:117", "fastigheten Kalmar Lindö 5:12": a block:unit number after a
    tract's name (a capitalised word, a place or a rare word right before it; not "Tomten kom
    18:00") within PROPERTY_REACH words of a property word; never after a time word."""
    words = lex.words("property_word")
    if words.isdisjoint(doc.folds):
        return
    for m in _anchored(PROPERTY, doc.text, scan.runs):
        i = doc.index_at(m.start())
        if i < 2 or _time_of_day(doc, lex, m.start()) or not doc.texts[i - 1].isalpha():
            continue
        tract = doc.entries[i - 1]
        if not (doc.texts[i - 1][:1].isupper() or tract.place_kind or tract.zipf < T.COMMON):
            continue
        if any(doc.folds[j] in words for j in range(max(0, i - 1 - PROPERTY_REACH), i - 1)):
            add(PROPERTY_RULE.span(m.start(), m.end(), "other_nr_seq"))


def _zips(doc: Doc, lex: Lexicon, scan: Scan, add: Add) -> None:
    """"415 05 Göteborg", "827 30 ljusdal": a post code before its town; "postnummer 432 44":
    one after its word."""
    announce = lex.words("zip_trigger")
    for m in _anchored(ZIP_ANNOUNCED, doc.text, scan.runs):
        i = doc.index_at(m.start())
        if any(doc.folds[j] in announce for j in range(max(0, i - ZIP_TRIGGER_REACH), i)):
            add(ZIP_RULE.span(m.start(), m.end(), "zip_code"))
    for m in _anchored(ZIP, doc.text, _before(doc.text, scan.runs, ZIP_BACK, _zip_first)):
        k = doc.index_at(m.end())
        if k >= len(doc.texts) or not doc.texts[k][0].isalnum():
            continue
        town, entry = doc.token(k), doc.entries[k]
        lower = not town.text[:1].isupper()
        if lower and (doc.folds[k] in lex.unnamed and not entry.place_kind
                      or entry.zipf >= T.DOMINANT_WORD and not entry.se_pop):
            continue  # "100 00 kronor", "nummer 83177 på företaget" (Pa is a town abroad)
        counted = lower and not entry.place_kind and m.group().isdigit()
        if counted and m.group().endswith("000"):
            continue  # "ca 20000 telefonapparater": a round count before a word no list places
        add(ZIP_RULE.span(m.start(), m.end(), "zip_code"))
        if lower and not counted or not lower and not entry.cats:
            # "415 05 Göteborg", "827 30 ljusdal": the post town (not a word after five digits
            # written together that no list places: "41705 ljusdal" keeps its code only)
            add(ZIP_TOWN.span(town.start, town.end, "city", key=doc.folds[k]))


def _licences(doc: Doc, lex: Lexicon, scan: Scan, add: Add) -> None:
    plates = _before(doc.text, scan.runs, LICENSE_BACK, _letter)  # (LICENSE_ANY_CASE's)
    found = {m.span() for m in _anchored(LICENSE, doc.text,
                                         [s for s in plates if _capital(doc.text[s])])}
    found |= {m.span() for m in _anchored(LICENSE_EUROPEAN, doc.text,
                                          _before(doc.text, scan.runs, LICENSE_EUROPEAN_BACK))}
    found |= {m.span() for m in _anchored(LICENSE_RUSSIAN, doc.text,
                                          _before(doc.text, scan.runs, LICENSE_RUSSIAN_BACK))}
    for m in _anchored(LICENSE_ANY_CASE, doc.text, plates):
        # letters that are a word need the digits glued on ("abc123", not "och 123")
        letters, glued = fold(m.group(1)), not any(map(str.isspace, m.group()))
        kind = _number_kind(doc, lex, m.start(), 6) if m.span() not in found else None
        if kind is None and m.span() not in found and _after_car(doc, lex, m.start()):
            kind = "license_nr"  # "vår volvo rkt 61a": the plate right after the car's make
        # a rare word's letters count after a plate's own trigger ("registreringsnummer abc 123")
        if kind is not None and (glued or letters not in lex.unnamed and (
                letters not in lex.unnamed_rare or kind == "license_nr")):
            found.add(m.span())
    foreign = chain(_anchored(LICENSE_FOREIGN, doc.text,
                              _before(doc.text, scan.runs, LICENSE_FOREIGN_BACK)),
                    _anchored(LICENSE_DIGITS_FIRST, doc.text, scan.runs))
    for m in foreign:
        if m.span() not in found and _number_kind(doc, lex, m.start(), 6) == "license_nr" \
                and doc.folds[doc.index_before(m.end())] not in lex.words("unit_word"):
            # not "bilen kostade 300 EUR"
            found.add(m.span())
    for start, end in sorted(found):
        add(LICENCE_RULE.span(start, end, "license_nr"))


PLATE_APART = frozenset({",", ":", "(", "-", "–"})  # what may stand between a car and its plate


def _after_car(doc: Doc, lex: Lexicon, start: int) -> bool:
    """A car's make right before the number starting at `start` ("en volvo abc 123"), or
    before a comma, colon or bracket that sets the number off ("en gammal Toyota, rkx 44f")."""
    i = doc.index_at(start)
    i -= i >= 2 and doc.texts[i - 1] in PLATE_APART
    return i >= 1 and doc.folds[i - 1] in lex.words("car_make")


def _dates(doc: Doc, lex: Lexicon, scan: Scan, add: Add) -> None:
    for m in _anchored(DATE, doc.text, scan.runs):
        add(DATE_RULE.span(m.start(), m.end(), "date_digits"))
    for m in scan.ranges:
        for k in (1, 2):
            add(DATE_RULE.span(m.start(k), m.end(k), "date_digits"))


def _years(doc: Doc, lex: Lexicon, scan: Scan, add: Add) -> None:
    for m in _anchored(YEAR, doc.text, scan.runs):
        if (_personal_year(doc, m.start(), m.group()) or _spoken_date_year(doc, m.start())
                or _fronted_year(doc, m.start(), m.group())) \
                and not _counts(doc, lex, m.end()):  # not "2000 kronor"
            add(YEAR_RULE.span(m.start(), m.end(), "year"))
    born, texts = lex.words("birth_word"), doc.texts
    if born.isdisjoint(doc.folds):
        return  # (one C-level test: most essays have no "född")
    for k in [k for k, f in enumerate(doc.folds) if f in born]:
        # "född -94", "född '89", "född 94": a birth year in two digits
        j = k + 1 + (k + 1 < len(texts) and texts[k + 1] in ("-", "'", "’"))
        if j < len(texts) and len(texts[j]) == 2 and texts[j].isdigit() \
                and (j + 1 == len(texts) or not texts[j + 1][:1].isalnum()
                     or doc.folds[j + 1] not in lex.words("age_trigger.after")):
            add(YEAR_RULE.span(doc.offsets[j], doc.ends[j], "year"))


def _with(rules: tuple[Rule, ...], fn: Callable) -> tuple[Rule, ...]:
    return tuple(Rule(r.name, r.family, r.labels, r.score, r.reads, fn) for r in rules)


# The registry of this family, in order. Rules before DIGIT_RULES need no digit in the text.
TEXT_RULES: tuple[Rule, ...] = (_with((EMAIL_RULE, HANDLE_RULE), _emails)
                                + _with((HASHTAG_RULE,), _hashtags) + _with((URL_RULE,), _urls))
DIGIT_RULES: tuple[Rule, ...] = (
    _with((IBAN_RULE,), _ibans) + _with((PERSONNUMMER_RULE, PERSONNUMMER_BAD), _personnummer)
    + _with((PHONE_RULE,), _phones) + _with((ACCOUNT_RULE,), _accounts)
    + _with((NUMBER_TRIGGER, DIGITS_RULE, NUMBER_ENDING), _bare_numbers)
    + _with((REFERENCE_RULE,), _references) + _with((PROPERTY_RULE,), _properties)
    + _with((ZIP_RULE, ZIP_TOWN), _zips)
    + _with((LICENCE_RULE,), _licences) + _with((DATE_RULE,), _dates)
    + _with((YEAR_RULE,), _years))
RULES = TEXT_RULES + DIGIT_RULES
_TEXT_FNS = tuple(dict.fromkeys(r.fn for r in TEXT_RULES))
_DIGIT_FNS = tuple(dict.fromkeys(r.fn for r in DIGIT_RULES))


class PatternRules:
    """The pattern family bound to one lexicon (its trigger words); one per engine."""

    def __init__(self, lex: Lexicon) -> None:
        self.lex = lex

    def detect(self, doc: Doc) -> list[Span]:
        return detect(doc, self.lex)


def detect(doc: Doc, lex: Lexicon) -> list[Span]:
    """Every pattern rule's spans; the number rules only when the essay has a digit."""
    spans: list[Span] = []
    scan = Scan.of(doc.text)
    for fn in _TEXT_FNS + (_DIGIT_FNS if scan.runs else ()):
        fn(doc, lex, scan, spans.append)
    ranges = [m.span() for m in scan.ranges]
    if ranges:  # a date range's digits are its dates only, whatever else their shape reads as
        spans = [s for s in spans if s.label not in NOT_IN_DATE_RANGE
                 or not any(s.start < e and b < s.end for b, e in ranges)]
    return spans


def _anchored(pattern: re.Pattern | regex.Pattern, text: str, starts: list[int]) -> Iterator:
    """`pattern.finditer(text)` for a pattern whose matches can only begin where a digit run
    begins (its look-behind forbids a word character before it): tried only there."""
    end = -1
    for pos in starts:
        if pos >= end and (m := pattern.match(text, pos)):
            end = m.end()
            yield m


# How far before its first digit run a match of these patterns begins: letters (and a space)
# before the digits of a plate or an IBAN, an optional "SE-" before a post code.
IBAN_BACK = (2,)
LICENSE_BACK = (3, 4)
LICENSE_EUROPEAN_BACK = (2, 3)
LICENSE_RUSSIAN_BACK = (1, 2)
LICENSE_FOREIGN_BACK = (2, 3, 4, 5, 6, 7)
ZIP_BACK = (0, 2, 3, 4)


def _before(text: str, runs: list[int], back: tuple[int, ...],
            first: Callable[[str], bool] | None = None) -> list[int]:
    """Where a match may begin whose first digit run starts `back` characters after it, in
    text order: the starts `_anchored` tries (instead of every character of the text). Only
    where its first character may stand (`first`, by default `_capital`) and no letter or
    decimal digit stands before it (the patterns' look-behind or `\\b` forbids one): a `regex`
    match costs about 6,000 instructions even where it fails at once, and nine in ten of these
    places ("är 18", "bor 12 km") fail so."""
    passes, wordlike = _chars(first or _capital), _chars(_wordlike)
    starts = {run - b for run in runs for b in back if run >= b}
    return sorted(s for s in starts if passes[text[s]] and not (s and wordlike[text[s - 1]]))


class Chars(dict):
    """A test of one character (`_capital`, `_wordlike` ...) remembered per character, at
    most CHARS_KEPT of them: `_before`'s tests are dict hits at C speed, where a Python call
    each (two a start) cost a third of its work."""

    def __init__(self, test: Callable[[str], bool]) -> None:
        super().__init__()
        self.test = test

    def __missing__(self, ch: str) -> bool:
        found = self.test(ch)
        if len(self) < CHARS_KEPT:
            self[ch] = found
        return found


CHARS_KEPT = 4096  # characters a `Chars` remembers (a hostile text may hold every code point)
_CHARS: dict[Callable[[str], bool], Chars] = {}


def _chars(test: Callable[[str], bool]) -> Chars:
    """The remembered table of a character test, one per test and process."""
    table = _CHARS.get(test)
    if table is None:
        table = _CHARS.setdefault(test, Chars(test))
    return table


def _wordlike(ch: str) -> bool:
    """A letter or a decimal digit: a word character to `regex`'s `\\w` and `\\b`."""
    return ch.isalpha() or ch.isdecimal()


# Supersets of the patterns' first sets by `str` tests, checked against `regex` over every
# code point (its Unicode tables are newer than Python's: an unassigned character may be a
# letter to it, so outside ASCII only what is surely no such character is left out).
def _capital(ch: str) -> bool:
    """Whether `ch` may be `\\p{Lu}` (or one of LICENSE_RUSSIAN's capitals)."""
    return not (ch.islower() or ch.isascii() and not ch.isupper())


def _letter(ch: str) -> bool:
    """Whether `ch` may be `\\p{L}` (or `[A-Za-z]`)."""
    return not (ch.isspace() or ch.isascii() and not ch.isalpha())


def _zip_first(ch: str) -> bool:
    """Whether `ch` may begin ZIP: the "S" of "SE-" or a digit."""
    return ch == "S" or ch.isdigit() or not ch.isascii()


def _phone_starts(text: str, runs: list[int]) -> list[int]:
    """Where a phone number can begin, in text order: a "+", or a digit run starting with "0"
    (PHONE and INTL_PHONE begin with "+", "00" or "0" after no word character, so never
    inside a run): the starts `_anchored` tries instead of every character of the text."""
    starts = [run for run in runs if text[run] == "0"]
    plus = _occurrences(text, "+")
    return sorted(starts + plus) if plus else starts


def _chunk_at(text: str, pos: int) -> tuple[int, int]:
    """The white-space-delimited stretch of text around `pos`."""
    m = WHITE.search(text, pos)
    start = pos
    while start and not text[start - 1].isspace():
        start -= 1
    return start, m.start() if m else len(text)


def _masked(text: str, start: int) -> int:
    """How many masking characters ("****") stand right before a digit group (at most 20)."""
    n = 0
    while n < 20 and start > n and text[start - 1 - n] in MASKS:
        n += 1
    return n


def _ends_with(doc: Doc, start: int) -> bool:
    """"slutar på 4471", "som slutar med 4471", "de sista fyra siffrorna är 4471", "****4471":
    the end of a longer number, given as its last digits."""
    i = doc.index_at(start)
    words = doc.lex.words
    if _masked(doc.text, start):
        return True
    if i >= 2 and doc.folds[i - 1] in ("pa", "med") and doc.folds[i - 2] in words("number_end.verb"):
        return True
    for j in range(i - 1, max(-1, i - 1 - T.NUMBER_END_REACH), -1):
        if doc.folds[j] in words("number_end.last"):
            return True
        if j in doc.starts:
            break
    return False


def _spoken_date_year(doc: Doc, start: int) -> bool:
    """"den 4 i 11 2014": the year of a day and month said in numbers (a whole date, as
    "2014-11-04" is)."""
    i, texts = doc.index_at(start), doc.texts
    return i >= 4 and texts[i - 2] == "i" and texts[i - 4].lower() == "den" \
        and texts[i - 1].isdigit() and 1 <= int(texts[i - 1]) <= 12 \
        and texts[i - 3].isdigit() and 1 <= int(texts[i - 3]) <= 31


def _fronted_year(doc: Doc, start: int, year: str) -> bool:
    """"2017 fabriken stängde", "2010 goran fick jobb": a year opening its sentence before a
    subject and its verb, the learner's uninverted order after a fronted time, dates the
    writer's story (not "2012 var ett bra år", where the year is the subject)."""
    i = doc.index_at(start)
    if i and i not in doc.starts or i + 2 >= len(doc.texts) or int(year) < T.FIRST_PERSONAL_YEAR:
        return False
    if doc.texts[i + 1] == ",":
        return _comma_fronted_year(doc, i)
    if not doc.texts[i + 1].isalpha():
        return False
    verb = doc.folds[i + 2]
    return verb in doc.lex.words("name_verb") or verb in doc.lex.words("fronted_year_verb") \
        or len(verb) >= 5 and bool(doc.lex.words.ending("past_ending", verb))


def _comma_fronted_year(doc: Doc, i: int) -> bool:
    """"2011, efter tsunamin, flyttade vi", "2015, när kriget kom, vi flydde": a year opening
    its sentence before a comma, past at most one inserted phrase closed by a comma, whose
    clause starts with the writer or their people (a personal word among its first two
    words) dates their story; not "2020, många blev sjuka" (no one of theirs)."""
    texts, n = doc.texts, len(doc.texts)
    k = next((k for k in range(i + 2, min(n, i + 2 + T.YEAR_REACH)) if texts[k] == ","
              or not texts[k][0].isalnum() or k in doc.starts), n)
    clause = k + 1 if k < n and texts[k] == "," else i + 2
    personal = doc.lex.words("personal_word")
    return any(doc.folds[j] in personal for j in range(clause, min(n, clause + 2))
               if j not in doc.starts)


def _personal_year(doc: Doc, start: int, year: str) -> bool:
    """Years tied to a person (born, moved, started): a first/third-person clause nearby, not a
    citation "(2012)" and not history (before 1930)."""
    if int(year) < T.FIRST_PERSONAL_YEAR:
        return False
    i = doc.index_at(start)
    if i and doc.texts[i - 1] == "(":
        return False
    folds, personal = doc.folds, doc.lex.words("personal_word")
    generic = doc.lex.words("generic_subject") | {"dem"}
    # a year after a month names a date, whose person may stand further back in the clause
    # ("Jag har jobbat på Kulturskolan i Falun sedan augusti 2021")
    lo = max(0, i - T.YEAR_REACH)
    # (also after an abbreviated month's full stop, which may read as a sentence's end: "den
    # 1 jan. 2026")
    j = i - (i >= 2 and doc.texts[i - 1] == "." and "month" in doc.entries[i - 2].cats)
    if i and "month" in doc.entries[j - 1].cats:  # ... within its sentence
        start = j - 1
        while start > max(0, i - T.DATED_YEAR_REACH) and start not in doc.starts:
            start -= 1
        lo = min(lo, start)
        # ... and whose person may be one of the writer's people ("I maj 2014 en vän sa att
        # ...", "i mars 2019 kusinen ringde"): a date's year goes with its month
        personal = personal | doc.lex.words("name_trigger", "kin", "social")
    # not one said of people in general: "de som föddes efter 1998", "barn som flyttade 2015"
    return any(folds[k] in personal and not (
        k >= 2 and folds[k - 1] == "som" and folds[k - 2] in generic)
        for k in range(lo, min(len(folds), i + 6)))
