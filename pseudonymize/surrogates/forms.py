"""Word forms every part of the renderer applies: numbers in words, case, genitive, plural,
placeholder letters, and the seeded draws (`Draws`) that make a surrogate a function of seed,
scope and entity.
"""
from __future__ import annotations

import hashlib
import struct
import unicodedata
from collections.abc import Sequence
from functools import cache, lru_cache
from typing import TypeVar

import regex
from unidecode import unidecode

from pseudonymize.lexicon import Lexicon
from pseudonymize.normalize import SPELT
from pseudonymize.surrogates import rx


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


# One name in two transliterations (Swedish "mahatsjkala", English "Makhachkala"; "Tjeboksary",
# "Cheboksary"): the letters of one sound class made one (every k-, ch- and tj-sound k, every s-
# and sh-sound s), then the vowels (and j, y, h) dropped (digits kept) and doubled letters single
# (`sound_key`). SOUND_MIN consonants at least, so that short names ("Bor", "Ali") never bar every
# name of their consonants.
SOUNDS = ((regex.compile(r"tsch|tsj|tch|tj|cz|ch|kh|ck|c|q"), "k"),
          (regex.compile(r"sch|sj|sh|sz|z"), "s"), (regex.compile(r"ph"), "f"),
          (regex.compile(r"w"), "v"), (regex.compile(r"x"), "ks"),
          (regex.compile(r"[^a-z0-9]|[aeiouyjh]"), ""), (regex.compile(r"(.)\1+"), r"\1"))
SOUND_MIN = 3
SOUND_KEYS_CACHED = 1 << 16  # pool names and originals whose skeletons are kept


@lru_cache(maxsize=SOUND_KEYS_CACHED)
def sound_key(text: str) -> str:
    """The consonant skeleton of a name across transliterations (`SOUNDS`): a surrogate with
    an original's skeleton is that original written another way. Cached: `Renderer._original`
    asks it of every candidate of every draw (about 12 µs each uncached)."""
    key = unidecode(text).lower()
    for pattern, to in SOUNDS:
        key = pattern.sub(to, key)
    return key


def swedish_number(n: int, sep: str = "") -> str:
    """0..999 in Swedish words (tjugofem, hundratre); `sep` between tens and ones, as a learner
    may write them ("nittio två")."""
    if n < 20:
        return ONES[n]
    if n < 100:
        return TENS[n // 10] + (sep + ONES[n % 10] if n % 10 else "")
    rest = n % 100
    return ("hundra" if n < 200 else ONES[n // 100] + "hundra") + (swedish_number(rest) if rest else "")


def spelt_out(word: str, like: str) -> str:
    """`word` spelt out as `like` is (a word spelt letter by letter, which `SPELT` matches):
    its letters joined by `like`'s separator, in `like`'s case (all capitals, all lower case or
    a capital first) and with its closing dot."""
    m = SPELT.fullmatch(like)
    letters = [ch for ch in word if ch.isalpha()]
    given = [ch for ch in like if ch.isalpha()]
    if all(ch.isupper() for ch in given):
        letters = [ch.upper() for ch in letters]
    else:
        letters = [ch.lower() for ch in letters]
        if given[0].isupper():
            letters[:1] = [letters[0].upper()] if letters else []
    return m.group(1).join(letters) + ("." if like.endswith(".") else "")


def year_words(year: int, like: str) -> str:
    """A year in Swedish words shaped like `like`, the year it replaces: 2000-2099 as
    "tvåtusen…" unless `like` said "tjugohundra…", others as the century and "hundra"; written
    apart, with "och" and capitalised where `like` was ("Två tusen och tolv")."""
    century, rest = divmod(year, 100)
    parts = like.lower().split()
    apart = " " if "hundra" not in parts[0] and "tusen" not in parts[0] else ""  # "nitton hundra"
    head = f"två{apart}tusen" if century == 20 and not parts[0].startswith("tjugo") \
        else f"{swedish_number(century)}{apart}hundra"
    sep = " och " if "och" in parts else " " if len(parts) > 1 + len(apart) else ""
    tail = sep + swedish_number(rest) if rest else ""
    out = head + tail
    return out[:1].upper() + out[1:] if like[:1].isupper() else out


def _number_key(words: str) -> str:
    """A number word as a learner may spell it, reduced to what every spelling shares: no
    spaces or hyphens, å as a, a doubled letter once, "-tio" of the tens as "-ti" ("åta",
    "sextiåtta", "tretti", "fyrti två" are 8, 68, 30, 42)."""
    key = rx.sub(r"(\p{L})\1+", r"\1", rx.sub(r"[\s-]", "", words.lower()).replace("å", "a"))
    return rx.sub(r"tio(?=\p{L}|$)", "ti", key)


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
    one = lex.words.value("age_one").get(key, "")  # "var en år": one in the common gender
    if one.isdigit():
        return int(one)
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


def ascii_digits(text: str) -> str:
    """The text with every digit another script writes ("④", "²", "٣") as its ASCII digit: the
    surrogates read a number's value with `int`, which takes only decimal digits, and a
    reviewer may mark any digit."""
    if text.isascii():
        return text
    return "".join(str(unicodedata.digit(ch)) if ch.isdigit() else ch for ch in text)
