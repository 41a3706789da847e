"""Render surrogates: one per entity, seeded, grammatical, never equal to an original.

Strategies: `realistic` (frequent names of the same gender, cities of the same country, streets
of the chosen city), `placeholder` (A-stad, B-skola: SweLL-gold style; person names stay
realistic as in SweLL-gold) and `tag` (@firstname_male_1). Morphology (genitive, definite) and
case (STOCKHOLM, stockholm) of the original mention are re-applied.
"""
from __future__ import annotations

import hashlib
import struct
from collections.abc import Sequence
from typing import TypeVar

import regex

from pseudonymize.labels import LABELS
from pseudonymize.lexicon import Lexicon, fold
from pseudonymize.types import Span

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


def swedish_number(n: int) -> str:
    """0..999 in Swedish words (tjugofem, hundratre)."""
    if n < 20:
        return ONES[n]
    if n < 100:
        return TENS[n // 10] + (ONES[n % 10] if n % 10 else "")
    rest = n % 100
    return ("hundra" if n < 200 else ONES[n // 100] + "hundra") + (swedish_number(rest) if rest else "")


def word_value(words: str, lex: Lexicon) -> int | None:
    """The number an age written in words stands for (tjugo fem -> 25), if the lexicon knows it."""
    total = 0
    key = words.lower().replace(" ", "")
    for n in range(120, -1, -1):
        if swedish_number(n).replace("å", "a") == key.replace("å", "a"):
            return n
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


def mask(original: str, digit: str, fallback: str) -> str:
    """Every digit becomes `digit` (delimiters kept); never returns the original itself."""
    out = _DIGIT.sub(digit, original)
    return out if out != original else _DIGIT.sub(fallback, original)


class Renderer:
    """Chooses surrogates for one essay (or one learner scope)."""

    def __init__(self, lex: Lexicon, strategy: str, seed: int, scope: str,
                 originals: set[str]) -> None:
        self.lex, self.strategy, self.seed, self.scope = lex, strategy, seed, scope
        # lower case and folded: "Umea" in the essay rules out drawing "Umeå"
        self.avoid = {o.lower() for o in originals} | {fold(o) for o in originals}
        self.used: set[str] = set()
        self.base: dict[tuple[str, int], str] = {}  # (label, ref) -> uninflected surrogate
        self.city: str | None = None

    def render(self, span: Span, ref: int, original: str, foreign_country: str = "") -> str:
        label = span.label
        if self.strategy == "tag":
            return f"@{label}_{ref}"
        base = self.base.get((label, ref))
        if base is None or not self._original_free(base):
            # A surrogate remembered from the learner's earlier essay may be an original here
            # ("Gävle" named in this essay): draw another rather than publish the original.
            base = self._choose(span, ref, original, foreign_country)
            self.base[(label, ref)] = base
            self.used.add(base.lower())
        if LABELS[label].kind in ("name", "place", "institution", "text") and label not in (
                "email", "url"):
            out = genitive(base) if "gen" in span.attrs else base
            return apply_case(out, original)
        return base

    def _draw(self, pool: list[str], rng: Draws) -> str | None:
        if not pool:
            return None
        for _ in range(50):
            pick = pool[rng.below(min(len(pool), 200))]
            if self._free(pick):
                return pick
        return next((pick for pick in pool if self._free(pick)), None)

    def _free(self, pick: str) -> bool:
        """Not used yet, and neither it nor any of its words is an original of the essay
        ("Göteborgs Hotell" must not be drawn where Göteborg is an original)."""
        return pick.lower() not in self.used and self._original_free(pick)

    def _original_free(self, pick: str) -> bool:
        """Neither it nor any of its words is an original, in any spelling that folds alike."""
        low, key = pick.lower(), fold(pick)
        return low not in self.avoid and key not in self.avoid and not any(
            w in self.avoid for w in (*low.replace("-", " ").split(), *key.replace("-", " ").split()))

    def _placeholder(self, label: str, ref: int, attrs: tuple[str, ...]) -> str:
        forms = DEFINITE if "def" in attrs and label in DEFINITE else INDEFINITE
        return forms.get(label, "{L}-extra").format(L=letter(ref))

    def _choose(self, span: Span, ref: int, original: str, foreign_country: str) -> str:
        label, attrs, lex = span.label, span.attrs, self.lex
        rng = Draws(self.seed, self.scope, label, ref)
        kind = LABELS[label].kind
        if kind == "name":
            if label in ("middlename", "initials"):
                # "A" per the taxonomy, else the next letter that is no original of the essay.
                initial = next(c for c in INITIALS if c != original[:1].upper() and self._free(c))
                return initial + "." if original.endswith(".") else initial
            pool = lex.pools.get("surname" if label == "surname" else
                                 "first_" + label.removeprefix("firstname_"), [])
            return self._draw(pool, rng) or f"{letter(ref)}-namn"
        if kind in ("place", "institution") or label == "extra":
            if self.strategy == "placeholder" or label in ("extra", "transport_name"):
                return self._placeholder(label, ref, attrs)
            pool: list[str] = []
            if label in ("city", "area"):
                country = foreign_country if "foreign" in attrs else "SE"
                pool = lex.cities_by_country.get(country or "SE") or lex.cities_by_country.get("SE", [])
            elif label == "place":
                pool = lex.streets_by_city.get(self.city or "", []) or lex.pools.get("street", [])
            elif label == "school":
                pool = lex.pools.get("org_school", [])
            elif label == "work":
                pool = lex.pools.get("org_company", [])
            else:
                pool = lex.pools.get(label, [])
            pick = self._draw(pool, rng)
            if label == "city" and pick and self.city is None:
                self.city = pick
            return pick or self._placeholder(label, ref, attrs)
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
            value = int(digits) if digits else 20
            return str(max(1, value + rng.choice((-2, -1, 1, 2))))
        if label == "age_string":
            value = word_value(original, lex) or 20
            out = swedish_number(max(1, value + rng.choice((-2, -1, 1, 2))))
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
