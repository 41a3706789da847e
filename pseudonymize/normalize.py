"""The normalized view of an essay that the detectors read, with offsets back to the original.

A writer (or an attacker) can spell one name many ways that look alike: `An\u200bna`,
`Kris\u00adtina`, `Go\u0308teborg`, `ＡＮＮＡ`, `JAG HETER ANNA`, `070\u2011123\u201145\u201167`,
`anna(at)gmail.com`. The view undoes those variants so that detection sees ordinary text:

  * NFC (decomposed accents composed: `o` + U+0308 becomes one `ö`); a combining mark that
    composes with nothing before it (`F` + U+0301, an Arabic vowel sign) removed, so no stray
    mark splits or disguises a name;
  * zero-width characters, soft hyphens, bidirectional controls, variation selectors and the
    other default-ignorable code points removed (U+200B-U+200F, U+202A-U+202E, U+2060-U+206F,
    U+FEFF, U+00AD, U+034F, U+FE00-U+FE0F, tags: `REMOVED`);
  * Unicode hyphens and minus signs mapped to `-`, en and em dashes too between two digits
    (`070–123`; between words a dash separates them: "Stockholm–Göteborg" is two cities), every
    decimal digit (full-width, Arabic-Indic, ...) to its ASCII digit, full-width ASCII forms
    (`Ａ`, `＠`) to ASCII, and a styled letter beyond Latin-1 (circled `Ⓩ`, mathematical `𝐙`,
    superscript, the ligature `ﬁ`) to the letters it stands for;
  * e-mail addresses written `name(at)gmail(dot)com`, `name [at] gmail.com` or
    `name at gmail.com` shown as `name@gmail.com`;
  * words of an all-capitals run (`JAG HETER ANNA`) written as in ordinary text in `text`
    (`Jag heter Anna`): the run's first word and a word after . ! ? : capitalised, an ordinary
    word (the caller's `ordinary` says which) in lower case, any other word capitalised; so
    capitalisation-aware rules read it like any other writing. `clean` keeps the case.

`starts[i]` is where view character i begins in the original; it ends where the next one begins
(`starts[len(view)] == len(original)`), so a view span maps to one original span that covers every
original character it stands for (a removed character belongs to the view character before it).
The map is monotone and built and read in linear time. Text with none of these variants (most
essays) costs two C-level scans and gets the identity view (`starts is None`).
"""
from __future__ import annotations

import bisect
import re
import unicodedata
from array import array
from collections.abc import Callable
from dataclasses import dataclass

import regex

# Unicode's default-ignorable code points (DerivedCoreProperties.txt): shown as nothing, so
# one inside a name hides it from a reader no better than from a detector. Beside the zero-width
# characters and the soft hyphen these are the bidirectional controls (U+200E, U+200F, U+202A-
# U+202E, U+2066-U+2069, U+061C), the combining grapheme joiner, variation selectors, Hangul
# fillers, Mongolian selectors and the tag characters (U+E0000-U+E0FFF).
_IGNORABLE_RANGES = ((0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160),
                     (0x17B4, 0x17B5), (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E),
                     (0x2060, 0x206F), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF),
                     (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3),
                     (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF))
REMOVED = frozenset(chr(c) for low, high in _IGNORABLE_RANGES for c in range(low, high + 1))
HYPHENS = frozenset("\u2010\u2011\u2012\u2212\ufe63\uff0d")
DASHES = frozenset("\u2013\u2014\u2015")  # hyphens between digits only
_BEYOND_LATIN1 = re.compile(r"[^\x00-\xff]")
_NON_ASCII = re.compile(r"[^\x00-\x7f]+")
_DIGITS = "0123456789"
_FULL_WIDTH = range(0xFF01, 0xFF5F)  # full-width forms of ASCII "!" .. "~"
# Compatibility decompositions that only restyle a letter (`styled_letters`)
_STYLED = ("<font>", "<circle>", "<super>", "<sub>", "<compat>")

# Obfuscated "@" and "." inside an e-mail address; the address must end in a dotted domain.
_AT = r"(?:[ \t]*[(\[{][ \t]*at[ \t]*[)\]}][ \t]*|[ \t]+at[ \t]+)"
_DOT = r"(?:[ \t]*[(\[{][ \t]*dot[ \t]*[)\]}][ \t]*|[ \t]+dot[ \t]+|\.)"
_OBFUSCATED_EMAIL = regex.compile(
    rf"(?<![\w.+-])[\w.+-]*\w{_AT}[\w-]+(?:{_DOT}[\w-]+)*{_DOT}[^\W\d_]{{2,}}(?![\w-])",
    regex.IGNORECASE)
_EMAIL_HINT = re.compile(r"[ \t(\[{][aA][tT][ \t)\]}]")  # a cheap superset of _AT
# Whether _EMAIL_HINT matches, by two patterns whose first character is a literal ("t", "T"):
# the engine skips to the next at C speed, where a set first (the separators) was tried at
# every space (three times the time)
_AT_LOWER = re.compile(r"t(?<=[ \t(\[{][aA]t)(?=[ \t)\]}])")
_AT_UPPER = re.compile(r"T(?<=[ \t(\[{][aA]T)(?=[ \t)\]}])")
_EMAIL_PART = regex.compile(rf"(?P<at>{_AT})|(?P<dot>{_DOT})", regex.IGNORECASE)
# A word spelt out letter by letter, one hyphen, dot or space between its letters ("W-A-R-S-A-M-E",
# "a m i n a", "U.S.A."): the detectors read it as the word it spells (the context rule
# spelt-out), the renderer spells its surrogate alike and the leak gate reads it joined
# (`despelt`). Possessive, starting only after a non-letter: linear on any text.
SPELT = regex.compile(r"(?<![\p{L}\p{N}])\p{L}([-. ])\p{L}(?:\1\p{L})++\.?")
# A hashtag ("#familjenwarsame"): a letter first, three characters at least; the patterns family
# reads one as `extra`, the renderer replaces the essay's names glued inside it
HASHTAG = re.compile(r"(?<![\w#&/])#[^\W\d_]\w{2,}")
# Two or more upper-case words in a row on one line (single letters may sit among them:
# "JAG BOR I STOCKHOLM"); a word with a digit or a lower-case letter ends the run.
_CAPS_RUN = regex.compile(r"(?<!\w)\p{Lu}+(?:[^\w\n]+\p{Lu}+)+(?!\w)")
_CAPS_WORD = regex.compile(r"\p{Lu}{2,}")  # a single capital stays: "ANDERS W JONSSON"
# `_case_runs` changes a text only where two `_CAPS_WORD`s (two capitals side by side, each)
# share a run: `_capital_pairs` tells whether the text has two such pairs apart at C speed,
# where `_CAPS_RUN` tried every character (a lone "SFI" or "DNA" passes no more). The text's
# Latin-1 bytes with every capital made "A" and every other byte "a"; a character beyond
# Latin-1 is encoded "?", which counts as a capital (it may be one).
_CAPITALS = "".join(map(chr, (*range(0x41, 0x5B), *range(0xC0, 0xD7), *range(0xD8, 0xDF), 0x3F)))
_CAPITAL_BYTES = bytes(0x41 if chr(b) in _CAPITALS else 0x61 for b in range(256))
_SENTENCE_END = frozenset(".!?:")


@dataclass(frozen=True, slots=True)
class View:
    """A normalized view of `original`: `text` for the detectors, `clean` the same with the
    original's letter case (what surrogates take their shape from)."""

    original: str
    text: str
    clean: str
    starts: array | None  # view index -> original index; None: the view is the original

    @property
    def identity(self) -> bool:
        return self.starts is None

    def span(self, start: int, end: int) -> tuple[int, int]:
        """The original characters a view span [start, end) stands for."""
        if self.starts is None:
            return start, end
        return self.starts[start], self.starts[end]

    def inward(self, start: int, end: int) -> tuple[int, int]:
        """The view span standing for original characters [start, end): `span`'s inverse on
        spans whose ends fall on character boundaries of both."""
        if self.starts is None:
            return start, end
        return bisect.bisect_left(self.starts, start), bisect.bisect_left(self.starts, end)


def view(text: str, ordinary: Callable[[str], bool] | None = None) -> View:
    """The detection view of `text` (see the module docstring); `ordinary(word)` tells an
    everyday word of an all-capitals run, written in lower case in the view."""
    clean, starts = text, None
    if not _plain(text):
        clean, starts = _characters(text)
    if _AT_LOWER.search(clean) is not None or _AT_UPPER.search(clean) is not None:
        clean, starts = _emails(clean, starts)
    shown = _case_runs(clean, ordinary)
    if starts is None and clean is text:
        return View(text, shown, text, None)
    return View(text, shown, clean, starts)


def _plain(text: str) -> bool:
    """No character the character pass would change, checked at C speed where it can be: most
    essays are Latin-1 (always NFC; only the soft hyphen to remove) or hold a few curly quotes."""
    try:
        text.encode("latin-1")
    except UnicodeEncodeError:
        return unicodedata.is_normalized("NFC", text) and not any(
            _changes(text, m.start()) for m in _BEYOND_LATIN1.finditer(text))
    return "\u00ad" not in text


def styled_letters(ch: str) -> str | None:
    """The plain letters a styled letter beyond Latin-1 stands for (circled `Ⓩ`, mathematical
    `𝐙`, superscript `ᵃ`, the ligature `ﬁ`: Unicode's compatibility decompositions of kind font,
    circle, super, sub or compat that are letters), else None. Latin-1's own (`ª`, `º`) stay."""
    if ord(ch) <= 0xFF:
        return None
    kind = unicodedata.decomposition(ch)
    if not kind.startswith(_STYLED):
        return None
    letters = unicodedata.normalize("NFKC", ch)
    return letters if letters.isalpha() else None


def _changes(text: str, i: int) -> bool:
    """Whether the character pass changes `text[i]` (NFC aside)."""
    ch = text[i]
    return (ch in REMOVED or ch in HYPHENS or ch.isdecimal() or ord(ch) in _FULL_WIDTH
            or styled_letters(ch) is not None
            or ch in DASHES and text[i - 1:i].isdecimal() and text[i + 1:i + 2].isdecimal()
            or i > 0 and unicodedata.combining(ch) > 0)  # in NFC text: a mark composing nothing


def fold(text: str) -> str:
    """`text` under the view's character normalization, case kept: the form in which two
    spellings of one original compare equal (the leak gate, the surrogates' avoid list)."""
    return view(text).clean


def _characters(text: str) -> tuple[str, array]:
    """NFC, removals and ASCII mappings, with the offset map. ASCII stretches are copied
    whole; only non-ASCII characters (and the ASCII letter a combining mark may join) are
    looked at one by one."""
    out: list[str] = []
    starts = array("q")
    pos = 0
    decimal, combining, nfc = unicodedata.decimal, unicodedata.combining, unicodedata.normalize
    for m in _NON_ASCII.finditer(text):
        a, b = m.span()
        if a > pos:
            out.append(text[pos:a])
            starts.extend(range(pos, a))
        for i in range(a, b):
            ch = text[i]
            if ch in REMOVED:
                continue
            d = decimal(ch, -1)
            if d >= 0:
                out.append(_DIGITS[d])
            elif ch in HYPHENS or ch in DASHES and _changes(text, i):
                out.append("-")
            elif ord(ch) in _FULL_WIDTH:
                out.append(chr(ord(ch) - 0xFEE0))
            elif (letters := styled_letters(ch)) is not None:
                out.append(letters)
                for _ in range(len(letters) - 1):
                    starts.append(i)
            elif combining(ch) and out:
                last = out[-1]
                joined = nfc("NFC", last[-1] + ch)
                if len(joined) == 1:  # the mark composes with the character before it
                    out[-1] = joined if len(last) == 1 else last[:-1]
                    if len(last) > 1:
                        out.append(joined)
                    continue
                continue  # a mark that composes nothing (`F` + U+0301): the letter alone
            else:
                norm = nfc("NFC", ch)
                out.append(norm)
                for _ in range(len(norm) - 1):
                    starts.append(i)
            starts.append(i)
        pos = b
    if pos < len(text):
        out.append(text[pos:])
        starts.extend(range(pos, len(text)))
    starts.append(len(text))
    return "".join(out), starts


def _emails(clean: str, starts: array | None) -> tuple[str, array | None]:
    """`name(at)gmail(dot)com` -> `name@gmail.com`; the `@` and `.` stand for the whole
    obfuscation (spaces and brackets included). Tried only where an "at" is, from the start of
    the word before it."""
    out: list[str] = []
    new = array("q")
    base = starts if starts is not None else array("q", range(len(clean) + 1))
    pos = 0
    for hint in _EMAIL_HINT.finditer(clean):
        local = hint.start()
        while local > pos and clean[local - 1] in " \t":
            local -= 1
        while local > pos and (clean[local - 1].isalnum() or clean[local - 1] in "._+-"):
            local -= 1
        m = _OBFUSCATED_EMAIL.match(clean, local) if local < hint.start() else None
        if m is None:
            continue
        for part in _EMAIL_PART.finditer(clean, m.start(), m.end()):
            a, b = part.span()
            if part.group("dot") == ".":
                continue
            out.append(clean[pos:a])
            new.extend(base[pos:a])
            out.append("@" if part.group("at") else ".")
            new.append(base[a])
            pos = b
    if not out:
        return clean, starts
    out.append(clean[pos:])
    new.extend(base[pos:])  # includes the end sentinel
    return "".join(out), new


def _case_runs(clean: str, ordinary: Callable[[str], bool] | None) -> str:
    """All-capitals runs written in ordinary case, character for character (offsets kept)."""
    if not _capital_pairs(clean):
        return clean
    runs = list(_CAPS_RUN.finditer(clean))
    if not runs:
        return clean
    out: list[str] = []
    pos = 0
    for run in runs:
        words = list(_CAPS_WORD.finditer(clean, run.start(), run.end()))
        if len(words) < 2 or " " not in clean[run.start():run.end()]:
            continue  # "EU A", "I USA": not two words of text; "UG-DL", "LO-TCO": one code
        for n, w in enumerate(words):
            a, b = w.span()
            before = clean[words[n - 1].end():a].strip() if n else ""
            capital = not n or before[-1:] in _SENTENCE_END or not (
                ordinary and ordinary(clean[a:b]))
            out.append(clean[pos:a])
            out.append(clean[a] if capital else _lower(clean[a]))
            out.append(_lower(clean[a + 1:b]))
            pos = b
    out.append(clean[pos:])
    return "".join(out)


def _capital_pairs(text: str) -> bool:
    """Whether `text` may hold two pairs of capitals side by side that do not overlap (a
    superset: "?" and characters beyond Latin-1 count as capitals), at C speed: encode,
    translate, count (`bytes.count` counts from the left, so as many as there can be)."""
    return text.encode("latin-1", "replace").translate(_CAPITAL_BYTES).count(b"AA") > 1


def _lower(word: str) -> str:
    """Lower case, character for character (a character whose lower case is longer stays)."""
    low = word.lower()
    if len(low) == len(word):
        return low
    return "".join(c if len(lc := c.lower()) != 1 else lc for c in word)


def despelt(text: str) -> tuple[str, list[int]] | None:
    """`text` with each word spelt out letter by letter (`SPELT`) written joined ("W A R S A
    M E" as "WARSAME"), and where each of its characters stands in `text`; None where nothing
    is spelt out (most texts)."""
    pieces: list[str] = []
    starts: list[int] = []
    at = 0
    for m in SPELT.finditer(text):
        pieces.append(text[at:m.start()])
        starts.extend(range(at, m.start()))
        letters = [k for k in range(m.start(), m.end()) if text[k].isalpha()]
        pieces.extend(text[k] for k in letters)
        starts.extend(letters)
        at = m.end()
    if not starts and not at:
        return None
    pieces.append(text[at:])
    starts.extend(range(at, len(text)))
    return "".join(pieces), starts
