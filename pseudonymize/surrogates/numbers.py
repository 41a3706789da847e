"""Lifelike numbers, dates and ages that a reader takes for real and that reach no one: PTS's
fiction phone ranges, Skatteverket's test personnummer, example domains, plates, shifted years
and dates.
"""
from __future__ import annotations

import bisect
import calendar
import datetime
import tomllib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache
from itertools import pairwise
from typing import TYPE_CHECKING

import regex

from builders.checksums import check_digit
from pseudonymize.lexicon import Lexicon, fold
from pseudonymize.thresholds import AGE_STAGES
from pseudonymize.surrogates import rx
from pseudonymize.surrogates.forms import (Draws, INITIALS, MONTHS, apply_case, ascii_digits,
                                           swedish_number, word_value, year_words)
from pseudonymize.surrogates.common import (INSTITUTIONS_FILE, LEARNER_NUMBER, LEARNER_PHONE, LEARNER_SERIAL, SENTENCE_REACH, SHIFTS,
                                            WORDS_FILE, YEAR_IN_ADDRESS)
from pseudonymize.surrogates.words import _near_sentence, words
from pseudonymize.surrogates.inflect import mask
from pseudonymize.surrogates.geography import geography

if TYPE_CHECKING:
    from pseudonymize.surrogates.renderer import Renderer


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
    found = rx.match(r"(\+|00)(\d{1,3})", text)
    codes = words().calling_codes
    if found and found.group(2).startswith("46"):
        return None
    if found:
        # the longest code the number starts with (+358 before +35)
        code = next((found.group(2)[:n] for n in (3, 2, 1) if found.group(2)[:n] in codes), "")
        # a code the table lacks stays as written (never a Swedish number)
        code = code or found.group(2)
        iso = codes.get(code, "")
        rest = text[len(found.group(1)) + len(code):]
        if code == "1":  # "+1 868 ...": the area code names the country of the plan
            iso = words().nanp_areas.get("".join(rx.findall(r"\d", rest))[:3], iso)
        there = r.countries.get(iso, iso)
        new = words().calling_of.get(there, code)
        if code == "1" and (there == iso or there in words().nanp_of) \
                and iso in words().nanp_of:
            return found.group(1) + code + _nanp(rest, words().nanp_of.get(there, ()), rng)
        form = words().mobile_forms.get(there)
        if new != code and form and rx.fullmatch(r"[\d\s-]+", rest):
            # another country's number: one of its mobiles, never "+7" before Kyrgyz digits
            return found.group(1) + new + _mobile(form, rest, rng)
        # the operator's first two digits stay ("+351 912 ..." -> "+351 91x ..."), one where
        # the country's code changed with no form known
        firsts = list(rx.finditer(r"\d", rest))[:2 if new == code else 1]
        if not firsts:
            return None
        at = firsts[-1].end()
        return found.group(1) + new + rest[:at] + rx.sub(
            r"\d", lambda _: str(rng.below(10)), rest[at:])
    if text[:1].isdigit() and not text.startswith("0"):
        return str(rng.below(9) + 1) + rx.sub(r"\d", lambda _: str(rng.below(10)), text[1:])
    if text.startswith("0") and _said_foreign(r):  # "ett rumänskt nummer: 0745 123 456"
        return text[:2] + rx.sub(r"\d", lambda _: str(rng.below(10)), text[2:])
    return None


def _nanp(rest: str, areas: tuple[str, ...], rng: Draws) -> str:
    """The digits after "+1" of a country of the North American plan: its area code (one of
    `areas`, the first where the original's is another country's) and seven new digits, the
    first no 0 or 1 as the plan wants, in the original's layout."""
    digits = rx.findall(r"\d", rest)
    area = "".join(digits[:3])
    area = area if area in areas else areas[0]
    new = iter(area + str(rng.below(8) + 2) + "".join(str(rng.below(10)) for _ in digits[4:]))
    return rx.sub(r"\d", lambda _: next(new), rest)


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
        return rx.sub(r"\d", lambda _: next(it), rest)
    if not rx.search(r"\D", rest.strip()):
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
    said = [fold(w) for w in rx.findall(
        r"\p{L}+", rx.split(r"[.!?\n]", text[max(0, span.start - SENTENCE_REACH):span.start])[-1])]
    return any(w in words().foreign_number_words and "nationality" in r.lex.get(adj).cats
               and r.lex.get(adj).value not in ("", "SE") for adj, w in pairwise(said))


def _personid(r: Renderer, original: str, rng: Draws) -> str:
    """A number on the essay's moved birth date with the original's sex digit parity: one of
    Skatteverket's test numbers (`reserved_personid`, built by `resources build`), else, offline, a
    Luhn-valid number with a birth number in the 98x-99x series (see docs/surrogates.md)."""
    digits = "".join(ch for ch in original if ch.isdigit())
    century, body = (digits[:2], digits[2:]) if len(digits) == 12 else ("", digits)
    if r.effective == "lifelike":
        # one number, one surrogate wherever the learner writes it: as a personnummer and as
        # the Nordea personal account that is the same number (`_account`)
        rng = Draws(r.seed, "personid_nr", r.base.setdefault((LEARNER_NUMBER + body, 0),
                                                             f"{r.scope}:{body}"))
    yy, mm, dd = body[:2] or "90", body[2:4] or "01", body[4:6] or "01"
    year = r.moved_year(int(century or "19") * 100 + int(yy))
    born = min(max(int(mm), 1), 12)
    month = shift_month(born, r.months_moved(born))
    # a samordningsnummer (day + 60) stays one
    day = shift_day(max(int(dd) % 60, 1), r.calendar()[1], month_days(month, int(dd) % 60)) \
        + (60 if int(dd) > 60 else 0)
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
    if " " in original.strip() or not rx.search(r"[_@.\d]", original):
        return r._placeholder("extra", 1, frozenset(), original)
    at = "@" if original.startswith("@") else ""
    return at + _local_part(r, original.lstrip("@"), rng, keep=True)


def _local_part(r: Renderer, local: str, rng: Draws, keep: bool = False) -> str:
    """An address's local part (or a user name) from the essay's surrogate names: a name part
    becomes its surrogate, digits new digits, initials other letters; other words go unless
    `keep` (kitchen in magdas_kitchen)."""
    parts: list[str] = []
    named = False
    for part in rx.split(r"([._-])", local):
        letters, digits = rx.sub(r"\d", "", part), rx.sub(r"\D", "", part)
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
            parts.append(_short_part(r, letters, full) + _local_digits(r, digits, rng))
            named = True
        elif keep and len(letters) > 1 and (fold(letters) in r.place_map or r.lex.get(
                fold(letters)).se_pop) and not _place_short(r, fold(letters)):
            # anna_klipper_malmo: the essay's surrogate town (sara_gbg: its short form, below)
            parts.append(fold(r.place_map.get(fold(letters)) or r._town(rng)))
        elif len(letters) > 1 and (r.lex.get(fold(letters)).gender or r.lex.get(
                fold(letters)).surname_rank):
            parts.append(_drawn_part(r, letters, named, rng) + _local_digits(r, digits, rng)
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
    out = rx.sub(r"^[._-]+|[._-]+$", "", rx.sub(r"[._-]{2,}", ".", "".join(parts)))
    return rx.sub(r"[^a-z0-9._-]", "", out.replace(" ", ".")) or "kontakt"


def _short_part(r: Renderer, letters: str, full: str) -> str:
    """zeyno.yildirim84 beside Zeynep: a short form of the surrogate of the name `full` the
    name part shortens (krzysiek beside Krzysztof -> Jakub: kuba), else that surrogate."""
    surrogate = r.name_map[full]
    gender = r.lex.get(fold(surrogate)).gender or "unknown"
    short = next(iter(r._short_forms(surrogate, gender)), surrogate) \
        if fold(letters) != full else surrogate
    return fold(short)


def _drawn_part(r: Renderer, letters: str, named: bool, rng: Draws) -> str:
    """A name part the essay does not name elsewhere: a first name first (unless `named`),
    then a surname, of the name's origin as the essay reads it (yusuf -> a Somali surname)."""
    entry = r.lex.get(fold(letters))
    slot = f"first_{entry.gender}" if entry.gender and not named else "surname"
    origin = r._origin(letters, fold(letters))
    pool = [p for p in r._name_pool(f"{slot}:{origin}") or r.lex.pools.get(slot, [])
            if fold(p) != fold(letters)]  # never the address's own name
    initial = r.name_map.get(fold(letters)[:1], "") if r.effective == "lifelike" else ""
    # maryam.sultani beside the signature "M. Sultani" (now "H."): a name on H
    pool = [p for p in pool if fold(p)[:1] == fold(initial)] or pool if initial else pool
    return fold(r._draw(pool, rng) or "kontakt")

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
    in_words = None if digits else r.lex.words.year_in_words(fold(original))
    if in_words is not None:  # "född nittonhundraåttiofem": moved, and in words again
        return year_words(r.moved_year(in_words), original)
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
    digits = "".join(ch for ch in ascii_digits(original) if ch.isdigit())
    return int(digits) if digits and len(digits) <= 3 else 20


def _age(r: Renderer, original: str, rng: Draws) -> str:
    digits = "".join(ch for ch in original if ch.isdigit())
    value = moved_age(age_value(original, "age_digits", r.lex), r.shift())
    return original.replace(digits, str(value)) if digits else str(value)


def _age_words(r: Renderer, original: str, rng: Draws) -> str:
    value = moved_age(age_value(original, "age_string", r.lex, True), r.shift())
    sep = next((sep for sep in (" ", "-") if sep in original.strip()), "")  # "nittio två"
    return apply_case(swedish_number(value, sep), original)


DAY_MOVES = (-9, -7, -5, -4, -3, -2, -1, 1, 2, 3, 4, 5, 7, 9)  # an essay's calendar move of days
MONTH_DAYS = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)  # (February's 29th is rare)


def calendar_shift(seed: int, scope: str) -> tuple[int, int]:
    """(months, days): one move of the calendar per essay or learner, so a birth date written
    out and the same date inside a personnummer still agree, and "den 3 i 11" and "3/11" too."""
    draws = Draws(seed, scope, "calendar", 0)
    return draws.choice((-1, 1)), draws.choice(DAY_MOVES)


def month_days(month: int | None, day: int) -> int:
    """The last day a day of `month` may move to: the month's last, else (no month written)
    the 28th or the day itself ("den 31:a" may stay the 30th)."""
    return MONTH_DAYS[month - 1] if month else max(28, day)


def shift_day(day: int, days: int, last: int = 28) -> int:
    """A day of the month moved by `days`, held within 1..`last` (never wrapped round: "den 3
    maj till den 9 maj" never becomes "den 28 till den 6"); the essay's move (`fitting_days`)
    keeps its days inside."""
    return min(max(day + days, 1), max(last, 1))


def shift_month(month: int, months: int) -> int:
    return (month - 1 + months) % 12 + 1


def fitting_days(drawn: int, dates: Iterable[tuple[int, int | None, bool]]) -> int:
    """The essay's move of days: `drawn` where each of its dates' days (day, moved month or None,
    kept) moved by it stays in its month and on its side of every kept day of that month (a
    feast's "julafton den 24 december"), so one date later than another stays so and a range
    keeps its direction; else the drawn move the other way ("den 5 mars" moved by -7 is the
    12th, not the 1st every time), else the nearest move of `DAY_MOVES` that does, or that
    keeps the most and pushes the rest least past their month's ends ("1 mars till 31 mars"
    -> "1 april till 30 april"). Deterministic: the drawn move is the learner's seed's."""
    dates = list(dates)
    kept: dict[int, list[int]] = {}  # month -> its kept days, sorted: counted by bisection,
    for day, month, keep in dates:  # never pair by pair (an essay of many dates stays linear)
        if keep and month:
            kept.setdefault(month, []).append(day)
    for days in kept.values():
        days.sort()
    moving = [(day, month) for day, month, keep in dates if not keep]

    def crossed(day: int, days: list[int], move: int) -> int:
        """The kept days a day passes or lands on, moved by `move` (never its own)."""
        if move > 0:
            return bisect.bisect_right(days, day + move) - bisect.bisect_right(days, day)
        return bisect.bisect_left(days, day) - bisect.bisect_left(days, day + move)

    def misses(move: int) -> tuple[int, int]:
        past = [max(1 - day - move, day + move - month_days(month, day), 0)
                for day, month in moving]
        passed = sum(crossed(day, kept[month], move) for day, month in moving if month in kept)
        return sum(map(bool, past)) + passed, sum(past)
    return min(DAY_MOVES, key=lambda move: (misses(move), move != drawn, move != -drawn,
                                            abs(move - drawn), move))


def numeric_date(original: str) -> tuple[list[str], int | None, int | None]:
    """A numeric date's parts (digits and separators) and the indexes of its day and month:
    the last short part after a leading year (2015-11-03), else the first (3/11); None where a
    part is no day or month."""
    parts = rx.split(r"(\D)", original)
    short = [i for i, part in enumerate(parts) if part.isdigit() and len(part) <= 2]
    if len(parts[0]) == 4:
        short.reverse()
    day = short[0] if short and 1 <= int(parts[short[0]]) <= 31 else None
    month = short[1] if len(short) > 1 and 1 <= int(parts[short[1]]) <= 12 else None
    return parts, day, month


WRITTEN_DATE = regex.compile(rf"(?<![\d/.-])(\d{{1,2}})(?:\.?\s+({'|'.join(MONTHS)})(?!\p{{L}})|"
                            r"/(\d{1,2})(?![\d/]))", regex.IGNORECASE)


def written_dates(text: str) -> Iterable[tuple[int, int, int]]:
    """(start, day, month) of each day and month the text writes ("24 december", "24/12")."""
    for found in WRITTEN_DATE.finditer(text):
        day = int(found.group(1))
        month = MONTHS.index(found.group(2).lower()) + 1 if found.group(2) else int(found.group(3))
        if 1 <= day <= 31 and 1 <= month <= 12:
            yield found.start(), day, month


def day_value(original: str, lex: Lexicon) -> int | None:
    """The day of the month a day mention gives: its digits ("3:e"), else its ordinal word
    ("den tolfte december": 12); None where it gives none in 1..31."""
    digits = "".join(ch for ch in ascii_digits(original) if ch.isdigit())  # ("፩": int refuses)
    entry = lex.get(fold(original.strip()))
    value = digits or (entry.value if "ordinal" in entry.cats and entry.value.isdigit() else "")
    return int(value) if value and 1 <= int(value) <= 31 else None


def date_parts(label: str, original: str, after: str, lex: Lexicon
               ) -> tuple[int | None, int | None]:
    """The (day, month) a date mention gives, None for a part it lacks: a day and the month
    word written `after` it ("3 maj", "den tolfte december"), a numeric date (3/5, 2024-05-03),
    a personnummer's birth date, a month word or number (digits of any script: "፩", "٣")."""
    original = ascii_digits(original)
    digits = "".join(ch for ch in original if ch.isdigit())
    if label == "date_digits":
        parts, day, month = numeric_date(original)
        return (int(parts[day]) if day is not None else None,
                int(parts[month]) if month is not None else None)
    if label == "day":
        found = rx.match(rf"\.?\s+({'|'.join(MONTHS)})(?!\p{{L}})", after, regex.IGNORECASE)
        return (day_value(original, lex),
                MONTHS.index(found.group(1).lower()) + 1 if found else None)
    if label == "personid_nr" and len(digits) in (10, 12):
        month, day = int(digits[-8:-6]), int(digits[-6:-4]) % 60
        return (day if 1 <= day <= 31 else None, month if 1 <= month <= 12 else None)
    if label == "month_word" and original.lower() in MONTHS:
        return None, MONTHS.index(original.lower()) + 1
    if label == "month_digit" and digits and 1 <= int(digits) <= 12:
        return None, int(digits)
    return None, None


def _date(r: Renderer, original: str, rng: Draws) -> str:
    """A numeric date moved like every date of the essay: years by the learner's shift, month
    and day by the essay's calendar shift (2015-11-03 -> 2013-12-07)."""
    days = r.calendar()[1]
    out = rx.sub(r"(?<!\d)(19|20)(\d\d)(?!\d)", lambda m: str(r.moved_year(int(m.group(0)))),
                    original)
    parts, at_day, at_month = numeric_date(out)
    month = int(parts[at_month]) if at_month is not None else None
    moved = shift_month(month, r.months_moved(month)) if month else None
    if at_day is not None:
        written = parts[at_day]
        parts[at_day] = _padded(shift_day(int(written), days, month_days(moved, int(written))),
                                written)
    if month:
        parts[at_month] = _padded(moved, parts[at_month])
    if len(parts[0]) == 4 and at_day is not None and at_month is not None:
        # 2025-03-10: the weekday where the sentence asks for it, two digits as written
        old = rx.split(r"(\D)", original)
        day = _weekday_kept(r, (int(old[0]), int(old[at_month]), int(old[at_day])),
                            (int(parts[0]), int(parts[at_month]), int(parts[at_day])))
        parts[at_day] = f"{day:0{len(old[at_day])}d}"
    out = "".join(parts)
    return out if out != original else mask(original, "1", "2")


def _padded(value: int, written: str) -> str:
    """`value` with a leading zero when the writer's number had one (or when its digits do)."""
    return f"{value:02d}" if written.startswith("0") else str(value)


def _day(r: Renderer, original: str, rng: Draws) -> str:
    """A day of the month moved by the essay's calendar (`Renderer.calendar`), within its
    moved month; one written as an ordinal word moved in digits ("den tolfte december" ->
    "den 9 november"); an unreadable one a day drawn."""
    digits = "".join(ch for ch in original if ch.isdigit())
    value = day_value(original, r.lex)
    if value is None:
        return str(rng.below(28) + 1)
    text, span = getattr(r.before, "text", ""), r.span
    after = text[span.end:span.end + 30] if span else ""
    _, month = date_parts("day", original, after, r.lex)
    moved = shift_month(month, r.months_moved(month)) if month else None
    day = shift_day(value, r.calendar()[1], month_days(moved, value))
    # "den 3 mars 2025": the month and year written after the day give its weekday
    found = rx.match(rf"\s+({'|'.join(MONTHS)})\s+((?:19|20)\d\d)(?!\d)", after,
                        regex.IGNORECASE)
    if found and month and moved:
        year = int(found.group(2))
        # (a year the detectors left stays as written)
        day = _weekday_kept(r, (year, month, value), (
            r.moved_year(year) if found.group(2) in r.avoid else year, moved, day))
    return original.replace(digits, str(day), 1) if digits else str(day)


def _weekday_kept(r: Renderer, was: tuple[int, int, int], moved: tuple[int, int, int]) -> int:
    """The moved date's day, moved on to the nearest day of its month (up to its last) with the
    original's weekday where the original is a workday and its sentence has a `weekday_anchors`
    word ("måndagen den 3 mars 2025", "kursen börjar den 12 januari") or its sentence names
    that weekday (`weekday_names`: "lördagen den 4 maj 2024" stays a Saturday); else the moved
    day."""
    try:
        weekday = datetime.date(*was).weekday()
    except ValueError:
        return moved[2]
    text, span = getattr(r.before, "text", ""), r.span
    sentence = rx.split(r"[.!?\n]", text[max(0, span.start - 120):span.start])[-1] + " " + \
        rx.split(r"[.!?\n]", text[span.end:span.end + 120])[0] if span else ""
    said = rx.findall(r"\p{L}+", fold(sentence))
    named = fold(words().weekday_names[weekday]) if len(words().weekday_names) == 7 else "-"
    if not any(w.startswith(named) for w in said) and (
            weekday > 4 or words().weekday_anchors.isdisjoint(said)):
        return moved[2]
    last = calendar.monthrange(moved[0], moved[1])[1]
    for step in sorted(range(-6, 7), key=lambda n: (abs(n), -n)):
        day = moved[2] + step
        if 1 <= day <= last and datetime.date(moved[0], moved[1], day).weekday() == weekday and \
                (moved[0], moved[1], day) != was:
            return day
    return moved[2]


def _month(r: Renderer, original: str, rng: Draws) -> str:
    low = original.lower()
    if low in MONTHS:
        month = MONTHS.index(low) + 1
        return apply_case(MONTHS[shift_month(month, r.months_moved(month)) - 1], original)
    digits = "".join(ch for ch in original if ch.isdigit())
    if digits and 1 <= int(digits) <= 12:
        return original.replace(digits, str(shift_month(int(digits), r.months_moved(
            int(digits)))), 1)
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
    if r.effective == "lifelike" and YEAR_GROUP.fullmatch(original.strip()):
        # a bare year the detectors took for another number ("2017 fick han jobb"): a year
        # moved as the essay's are, never four random digits (1449, 9753)
        return original.replace(original.strip(), str(r.moved_year(int(original.strip()))))
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


# A Nordea personal account: clearing 3300 (or 3782) and the holder's personnummer as the
# account number; a clearing number (4 digits, Swedbank's with a fifth after a dash) opening an
# account number; a Swedish IBAN's bank code (its 3 digits after the check digits).
PERSONAL_ACCOUNT = regex.compile(r"(3300|3782)([ -]+)(\d{6}[- ]?\d{4})")
CLEARING = regex.compile(r"(\d{4})((?:-\d)?(?:(?:[ ,]|\s-\s|-)+\d.*)?)")
SWEDISH_IBAN = regex.compile(r"(SE\d\d ?)(\d{3})(\d.*)", regex.IGNORECASE)
CLEARING_KEPT = 2  # a clearing number's leading digits that name its bank (60xx Handelsbanken)
PERSONAL_WORDS = regex.compile(r"personkonto\S*\W*(?:\w+\W+){0,3}$", regex.IGNORECASE)


def _account(r: Renderer, original: str, rng: Draws) -> str:
    """Lifelike: an account number a reader can believe. A Nordea personal account is the
    holder's personnummer after clearing 3300, so it takes the essay's surrogate personnummer
    (the same number where the essay also gives that one, never the original) while the bank
    stays Nordea; a clearing number lies in the range of the surrogate of the bank its sentence
    names (`_bank`; else it keeps the digits that name its bank), as a Swedish IBAN's bank code
    does; the rest are new digits."""
    text = original.strip()
    bank = _bank(r, rng)
    personal = PERSONAL_ACCOUNT.fullmatch(text)
    before = getattr(r.before, "text", "")[max(0, r.span.start - 40):r.span.start] if r.span else ""
    if personal and bank in (None, "Nordea"):
        return original.replace(personal.group(3), _personid(r, personal.group(3), rng), 1)
    if PERSONAL_WORDS.search(before) and rx.fullmatch(r"\d{6}[- ]?\d{4}", text):
        return original.replace(text, _personid(r, text, rng), 1)  # "personkonto 820101-2275"
    iban, clearing = SWEDISH_IBAN.fullmatch(text), CLEARING.fullmatch(text)
    ranges = clearing_ranges().get(bank or "", ())
    if iban:  # SE45 5000 ...: the bank code (a clearing's first 3 digits) stays or follows the
        # bank's surrogate; check digits computed again
        code = str(_in_range(rng.choice(ranges), rng))[:3] if ranges else iban.group(2)
        out = iban.group(1) + code + _digits(r, iban.group(3), rng)
        return original.replace(text, _iban(out), 1)
    if clearing:
        head, rest = clearing.group(1), clearing.group(2)
        if not ranges:
            out = head[:CLEARING_KEPT] + _digits(r, head[CLEARING_KEPT:] + rest, rng)
            return original.replace(text, out, 1)
        # Swedbank's 8000 series with its fifth digit ("8214-9"), any other range without
        fifth = rest[:1] == "-" and rest[1:2].isdigit() and not rest[2:3].isdigit()
        fitting = [(low, high) for low, high in ranges if (low // 1000 == 8) == fifth] or ranges
        picked = rng.choice(fitting)
        rest = rest[2:] if fifth and picked[0] // 1000 != 8 else rest
        drawn = _digits(r, rest, rng) if any(ch.isdigit() for ch in rest) else rest
        return original.replace(text, f"{_in_range(picked, rng)}{drawn}", 1)
    return _digits(r, original, rng)


def _bank(r: Renderer, rng: Draws) -> str | None:
    """Lifelike: the surrogate of the bank the number's sentence names (`clearing_lifelike`'s
    banks), drawn now when the bank is written after the number and kept for its mention
    (`institution_map`), so that "3300-... i Nordea" and the bank agree; None where the
    sentence names no bank."""
    span, text = r.span, getattr(r.before, "text", "")
    if span is None or not text:
        return None
    begin, end = _near_sentence(text, span.start, span.end)
    sentence = text[begin:end]
    banks = clearing_ranges()
    named = next((bank for bank in banks if rx.search(
        rf"(?<!\w){regex.escape(bank)}(?!\w)", sentence, regex.IGNORECASE)), None)
    if named is None:
        return None
    if personal_nordea(named, sentence, text):
        return named  # (round 52) kept, as the bank's mention is (`Renderer.keeps`)
    pick = r.institution_map.get(fold(named))
    if pick is None:
        free = [bank for bank in banks if fold(bank) != fold(named) and not r._original(bank)]
        pick = r.institution_map.setdefault(fold(named), rng.choice(free)) if free else None
    return pick


def personal_nordea(bank: str, sentence: str, text: str) -> bool:
    """Lifelike (round 52): Nordea named in a sentence that holds a Nordea personal account
    (clearing 3300 and the holder's personnummer): the one bank whose accounts are personnummer,
    so the account keeps the surrogate personnummer only if the bank stays Nordea ("mitt
    personkonto i Nordea, 3300 ..." was "i Handelsbanken, 6347 ..." beside a personnummer a
    reader compares it with), where the sentence says "personkonto" or the essay (`text`) also
    writes the personnummer. A bank of millions names no writer; the number is replaced."""
    found = PERSONAL_ACCOUNT.search(sentence)
    if fold(bank).removesuffix("s") != "nordea" or not found:
        return False
    # said to be one ("personkonto"), or the personnummer the essay also writes
    digits = "".join(ch for ch in found.group(3) if ch.isdigit())
    rest = text.replace(found.group(0), " ")
    return "personkonto" in fold(sentence) or any(
        a + b == digits for a, b in rx.findall(r"(?<!\d)(?:\d\d)?(\d{6})[- ]?(\d{4})(?!\d)", rest))


def _in_range(bounds: tuple[int, int], rng: Draws) -> int:
    """A number drawn from a clearing range, both ends included."""
    low, high = bounds
    return low + rng.below(high - low + 1)


@cache
def clearing_ranges() -> dict[str, tuple[tuple[int, int], ...]]:
    """institutions.toml's `clearing_lifelike`: each bank's clearing number ranges."""
    table = tomllib.loads(INSTITUTIONS_FILE.read_text(encoding="utf-8"))["clearing_lifelike"]
    return {bank: tuple((int(low), int(high)) for low, _, high in (r.partition("-") for r in rows))
            for bank, rows in table.items()}


def _iban(number: str) -> str:
    """An IBAN with its check digits (positions 3-4) computed by ISO 13616 (mod 97), the
    layout kept: a reader who checks it finds a valid number."""
    compact = rx.sub(r"\s", "", number)
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
    """A postcode that begins like the essay's surrogate town's (581 xx for Linköping); a
    country prefix stays ("SE-395 12": never "NP-259 45")."""
    out = "".join(o if o.isalpha() else c for o, c in zip(original, _digits(r, original, rng)))
    # the town written after the postcode ("802 67 Gävle": its surrogate), else the essay's
    after = r.place_map.get(fold(r._next_word(r.span))) if r.span else None
    where = geography().towns.get(after or "") or geography().towns.get(r.city or "")
    if not where or sum(ch.isdigit() for ch in out) < 5:
        return out
    prefix = iter(where[2])
    out = "".join(next(prefix, ch) if ch.isdigit() else ch for ch in out)
    return out if out != original else _digits(r, out, rng)


LIFELIKE = {"extra": _handle, "phone_nr": _phone, "account_nr": _account, "other_nr_seq": _digits, "zip_code": _zip, "personid_nr": _personid, "email": _email, "url": _url,
            "license_nr": _plate, "transport_nr": _transport, "year": _year, "age_digits": _age, "age_string": _age_words,
            "date_digits": _date, "day": _day, "month_digit": _month, "month_word": _month}
