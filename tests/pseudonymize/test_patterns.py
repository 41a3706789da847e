"""The pattern detectors scan only where a match can begin; that must find what a scan of the
whole text finds."""
from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from pseudonymize.detectors import patterns as P

# Text made of the characters these patterns care about, so that matches are frequent.
ALPHABET = "0123456789 -/.,:+@_abcSEXÅ\n"
texts = st.text(alphabet=ALPHABET, max_size=80)


def _runs(text: str) -> list[int]:
    return [m.start() for m in re.finditer(r"[0-9]+", text)]


@settings(max_examples=400, deadline=None)
@given(texts)
def test_anchored_scans_find_what_full_scans_find(text: str) -> None:
    for pattern in (P.PERSONNUMMER, P.ACCOUNT, P.BARE_DIGITS, P.DATE, P.YEAR):
        assert [m.span() for m in P._anchored(pattern, text, _runs(text))] == \
            [m.span() for m in pattern.finditer(text)], pattern.pattern


@settings(max_examples=600, deadline=None)
@given(st.text(alphabet="0123456789 -/()+\nab46", max_size=60) | texts)
def test_phone_scans_find_what_full_scans_find(text: str) -> None:
    """Phone numbers are tried only at a "+" or a digit run starting with "0" (fails when the
    "+" starts are left out: checked)."""
    starts = P._phone_starts(text, _runs(text))
    for pattern in (P.PHONE, P.INTL_PHONE):
        assert [m.span() for m in P._anchored(pattern, text, starts)] == \
            [m.span() for m in pattern.finditer(text)], pattern.pattern


# Plates, IBANs and post codes begin a few letters (or "SE-") before their first digit run.
PLATE_ALPHABET = "0123456789 -\nabcxyzSEXÅDKQäöАВх_\u2003"


@settings(max_examples=600, deadline=None)
@given(st.text(alphabet=PLATE_ALPHABET, max_size=60))
def test_scans_before_digit_runs_find_what_full_scans_find(text: str) -> None:
    """Tried only where the first character may stand after no letter or digit (fails when
    `_capital` lets no capital through: checked)."""
    scan = P.Scan.of(text)
    for pattern, back, first in ((P.IBAN, P.IBAN_BACK, P._letter),
                                 (P.LICENSE, P.LICENSE_BACK, None),
                                 (P.LICENSE_ANY_CASE, P.LICENSE_BACK, P._letter),
                                 (P.LICENSE_EUROPEAN, P.LICENSE_EUROPEAN_BACK, None),
                                 (P.LICENSE_RUSSIAN, P.LICENSE_RUSSIAN_BACK, None),
                                 (P.LICENSE_FOREIGN, P.LICENSE_FOREIGN_BACK, None)):
        starts = P._before(text, scan.runs, back, first)
        assert [m.span() for m in P._anchored(pattern, text, starts)] == \
            [m.span() for m in pattern.finditer(text)], pattern.pattern
    starts = P._before(text, scan.runs, P.ZIP_BACK, P._zip_first)
    assert [m.span() for m in P._anchored(P.ZIP, text, starts)] == \
        [m.span() for m in P.ZIP.finditer(text)]


def before_walk(text: str, runs: list[int], back: tuple[int, ...], first) -> list[int]:
    """`_before` as plain loops: each run less each of `back`, tested by Python calls."""
    starts = {run - b for run in runs for b in back if run >= b}
    return sorted(s for s in starts if first(text[s]) and not (s and P._wordlike(text[s - 1])))


@settings(max_examples=600, deadline=None)
@given(st.text(alphabet=PLATE_ALPHABET + "1234567", max_size=60),
       st.sampled_from([(P.IBAN_BACK, P._letter), (P.LICENSE_BACK, P._capital),
                        (P.LICENSE_FOREIGN_BACK, P._capital), (P.ZIP_BACK, P._zip_first),
                        (P.LICENSE_RUSSIAN_BACK, P._capital)]))
def test_before_is_the_walk(text: str, back_first) -> None:
    """`_before` (the starts by C-level maps from the runs past the first `b`, the tests
    remembered per character) gives the starts the plain loops give: runs at the text's
    start (fewer characters before them than `back`), a start at 0, adjacent runs."""
    back, first = back_first
    runs = P.Scan.of(text).runs
    assert P._before(text, runs, back, first) == before_walk(text, runs, back, first)


def test_a_full_character_table_still_answers(monkeypatch) -> None:
    """Past CHARS_KEPT characters a `Chars` answers by its test and keeps no more."""
    monkeypatch.setattr(P, "CHARS_KEPT", 2)
    table = P.Chars(P._wordlike)
    assert [table[ch] for ch in "a1 -Ö"] == [P._wordlike(ch) for ch in "a1 -Ö"]
    assert len(table) == 2


def test_the_first_character_tests_hold_for_every_code_point() -> None:
    """`_capital`, `_letter` and `_zip_first` pass every code point `regex` reads as such,
    and `_wordlike` none it does not read as `\\w`: the `regex` module's Unicode
    tables are newer than Python's (an unassigned character may be a letter to it)."""
    import sys

    import regex

    every = "".join(map(chr, range(sys.maxunicode + 1)))
    for pattern, test in ((regex.compile(r"\p{Lu}|[ABEKMHOPCTYXАВЕКМНОРСТУХ]"), P._capital),
                          (regex.compile(r"\p{L}|[A-Za-z]"), P._letter),
                          (regex.compile(r"\d|S"), P._zip_first)):
        missed = [hex(m.start()) for m in pattern.finditer(every) if not test(m.group())]
        assert not missed, (pattern.pattern, missed[:5])
    words = {m.start() for m in regex.finditer(r"\w", every)}
    assert all(cp in words for cp, ch in enumerate(every) if P._wordlike(ch))


@settings(max_examples=400, deadline=None)
@given(texts)
def test_chunk_scans_find_what_full_scans_find(text: str) -> None:
    # e-mails, handles, URLs and references never span white space
    for pattern in (P.EMAIL, P.HANDLE, P.URL, P.REFERENCE):
        full = [m.span() for m in pattern.finditer(text)]
        chunked = []
        for m in re.finditer(r"\S+", text):
            chunked += [x.span() for x in pattern.finditer(text, m.start(), m.end())]
        assert chunked == full, pattern.pattern


# The scans' plain forms: patterns.py writes them to be faster to search; they must find what
# these find.
PLAIN_URL_HINT = re.compile(r"://|www\.|\.(?:" + P.TLDS + r")\b", re.I)
PLAIN_SPECIAL = re.compile(r"[0-9]+|[@_#]")


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(["://", "www.", "WwW.", "WWW.", "w", "W", ".", ":", "/", "se",
                                 "SE", "\u017fe", "u\u212a", "com", "x", " ", "@", "_", "#", "1", "23",
                                 "٣", "a_b"]), max_size=20).map("".join)
       | st.text(max_size=40))
def test_scans_find_what_their_plain_forms_find(text: str) -> None:
    """SPECIAL finds what its plain form finds; `_url_hints` gives positions in the same
    white-space chunks as the plain form's matches (what `_urls` reads), in text order."""
    assert [m.span() for m in P.SPECIAL.finditer(text)] \
        == [m.span() for m in PLAIN_SPECIAL.finditer(text)]
    hints = P._url_hints(text)
    assert hints == sorted(hints)
    assert sorted({P._chunk_at(text, p) for p in hints}) \
        == sorted({P._chunk_at(text, m.start()) for m in PLAIN_URL_HINT.finditer(text)})


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from([" ", "a", "1", "22", "@", "_", "#", ".", "x@y.se", "\n", "å", "٣",
                                 "☃", "\ud800", "\u2003", "１"]),
                max_size=20).map("".join) | st.text(max_size=30))
def test_scan_is_the_plain_scan(text: str) -> None:
    """`Scan.of`, which tries SPECIAL where the text's bytes (`_special_bytes`) have a special
    character, gives what `SPECIAL.finditer` over the whole text gives (characters beyond
    Latin-1, a lone surrogate, other scripts' digits: one byte each); nothing where no digit,
    "@", "_" or "#" is in the text."""
    scan = P.Scan.of(text)
    if not any(c in text for c in P.SPECIAL_CHARS):
        assert P.SPECIAL.search(text) is None and scan == P.Scan([], [], [])
    assert len(P._special_bytes(text)) == len(text)
    chunks, end = [], -1
    for m in P.SPECIAL.finditer(text):
        if m.start() >= end:
            start, end = P._chunk_at(text, m.start())
            chunks.append((start, end, text[start:end]))
    assert scan.runs == [m.start() for m in P.SPECIAL.finditer(text) if m.group()[0].isdigit()]
    assert scan.chunks == chunks
