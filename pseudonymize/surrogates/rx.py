"""The `regex` module's one-shot calls (`search`, `match`, ... with a pattern string) through a
compiled-pattern cache of our own.

Why: the surrogates read the essay with a few hundred fixed patterns and, per mention, patterns
built from the essay's own words (a name escaped into a look-around). `regex`'s own cache holds
500 patterns and, when full, drops a fifth of them at random: in lifelike, where a mention's
words make new patterns all the time, the fixed patterns were dropped and parsed again and again
(90,000 parses over essays and dev2-dev29, about a quarter of lifelike's time), and even a hit
costs a few microseconds of locale and flag checks. Here a pattern is compiled once and kept
while it is among the `PATTERNS_CACHED` most recently used; the calls answer exactly as
`regex`'s do (the same compiled pattern, the same method).
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import Any

import regex

# patterns kept compiled: the few hundred fixed ones and an essay's own (a name, a month) many
# times over; 4,096 compiled patterns are a few megabytes
PATTERNS_CACHED = 1 << 12


@lru_cache(maxsize=PATTERNS_CACHED)
def compiled(pattern: str, flags: int = 0) -> regex.Pattern[str]:
    """The pattern compiled with its flags, kept while recently used."""
    return regex.compile(pattern, flags)


def search(pattern: str, string: str, flags: int = 0) -> regex.Match[str] | None:
    """`regex.search`."""
    return compiled(pattern, flags).search(string)


def match(pattern: str, string: str, flags: int = 0) -> regex.Match[str] | None:
    """`regex.match`."""
    return compiled(pattern, flags).match(string)


def fullmatch(pattern: str, string: str, flags: int = 0) -> regex.Match[str] | None:
    """`regex.fullmatch`."""
    return compiled(pattern, flags).fullmatch(string)


def finditer(pattern: str, string: str, flags: int = 0,
             overlapped: bool = False) -> Iterator[regex.Match[str]]:
    """`regex.finditer`."""
    return compiled(pattern, flags).finditer(string, overlapped=overlapped)


def findall(pattern: str, string: str, flags: int = 0) -> list[Any]:
    """`regex.findall`."""
    return compiled(pattern, flags).findall(string)


def split(pattern: str, string: str, maxsplit: int = 0, flags: int = 0) -> list[str]:
    """`regex.split`."""
    return compiled(pattern, flags).split(string, maxsplit)


def sub(pattern: str, repl: str | Callable[[regex.Match[str]], str], string: str,
        count: int = 0, flags: int = 0) -> str:
    """`regex.sub`."""
    return compiled(pattern, flags).sub(repl, string, count)
