"""Tokens and sentences with exact character offsets.

Every non-space character belongs to exactly one token and the gaps between tokens are pure
white space, so `text[t.start:t.end]` plus the gaps reproduce any input exactly.
"""
from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable
from itertools import accumulate, chain, compress, islice, repeat
from operator import add, itemgetter
from typing import NamedTuple

# Order matters: URLs and e-mails stay whole, words keep inner hyphens/apostrophes/colons
# (Anna-Karin, 070-123, S:t), anything else is a one-character token. The standard library's
# engine runs this pattern a third faster than `regex` (tokenizing is a tenth of the engine).
# The joined parts' repeat is possessive (`*+`: nothing after it in the pattern can need it to
# give back), which saves the engine its backtracking bookkeeping: 8 % faster.
_URL_EMAIL = r"""
    (?:https?://|www\.)[^\s<>"]+[^\s<>".,;:!?)\]]     # URL
  | [\w.+-]+@[\w-]+(?:\.[\w-]+)+                      # e-mail
"""
# A full stop joins the word after it unless that word is capitalised ("Göteborg.Min kompis",
# a learner's missing space): two sentences, not one word; initials, numbers, "t.ex" and "E.ON"
# stay one token. The lookahead's classes hold the upper- and lower-case letters of the scripts
# that have case (the standard library's engine has no \p{Lu}; scanning only these blocks keeps
# the import cheap): Latin, Greek, Cyrillic, Armenian, Georgian, Cherokee and their extensions.
_CASED_BLOCKS = ((0x41, 0x250), (0x370, 0x590), (0x10A0, 0x1100), (0x13A0, 0x1400),
                 (0x1C80, 0x1CC0), (0x1E00, 0x2000), (0x2C00, 0x2D30), (0xA640, 0xA800))
_CASED = [chr(c) for first, last in _CASED_BLOCKS for c in range(first, last)]
_UPPER = "".join(c for c in _CASED if c.isupper() and c.isalpha())
_LOWER = "".join(c for c in _CASED if c.islower() and c.isalpha())
_WORD = rf"""
    \w+(?:[-'’:]\w+|\.(?![{re.escape(_UPPER)}][{re.escape(_LOWER)}])\w+)*+  # word, 070-123, 15.03.2019
  | \S                                                 # punctuation, symbols
"""
_TOKEN = re.compile(f"{_URL_EMAIL}|{_WORD}", re.VERBOSE)
# The same, each token with the white space after it, for `findall`: (token, space) pairs
# made at C speed, for a text that may hold a URL or an e-mail ("@", "://" or "www.").
_TOKEN_SPACE = re.compile(f"({_URL_EMAIL}|{_WORD})(\\s*)", re.VERBOSE)
# Any other text is split at its spaces first (`_pieces`); this finds the tokens of a piece
# that is not one word.
_WORD_ONLY = re.compile(_WORD, re.VERBOSE)
_SENTENCE_END = re.compile(r"[.!?]+[\"'”»)]*$")


class Token(NamedTuple):
    start: int
    end: int
    text: str
    ws: str  # the white space after the token (SVALA keeps it)

    @property
    def is_word(self) -> bool:
        return self.text[0].isalnum()


def tokenize(text: str) -> list[Token]:
    """Split text into tokens, each carrying the white space that follows it."""
    return tokens_of(*split(text))


def tokens_of(texts: list[str], starts: list[int], ends: list[int], spaces: list[str]
              ) -> list[Token]:
    """`Token`s from `split`'s columns, by the C-level tuple.__new__ (without the generated
    __new__'s call overhead)."""
    return list(map(tuple.__new__, repeat(Token), zip(starts, ends, texts, spaces)))


def split(text: str) -> tuple[list[str], list[int], list[int], list[str]]:
    """The tokens as columns: (texts, start offsets, end offsets, the white space after
    each): `columns` and `gaps`."""
    texts, starts, ends = columns(text)
    return texts, starts, ends, gaps(text, starts, ends)


def columns(text: str) -> tuple[list[str], list[int], list[int]]:
    """(texts, start offsets, end offsets) of the tokens, made at C speed where it can be: a
    `Token` per token cost a sixth of `Doc.make` (the detectors read the columns), and a
    regular expression's match per token more than a split at spaces (`_pieces`)."""
    if "@" in text or "://" in text or "www." in text:
        pairs = _TOKEN_SPACE.findall(text)  # (token, white space): URLs and e-mails whole
        words = list(map(itemgetter(0), pairs))
        lengths = list(map(len, words))
        # white space before the first token, then each token's start: the previous start
        # plus the previous token and its white space
        starts = list(accumulate(map(add, lengths, map(len, map(itemgetter(1), pairs))),
                                 initial=len(text) - len(text.lstrip())))
        starts.pop()  # the end of the last token's white space
    else:
        words, starts = _pieces(text)
        lengths = list(map(len, words))
    return words, starts, list(map(add, starts, lengths))


def gaps(text: str, starts: list[int], ends: list[int]) -> list[str]:
    """The white space after each token: up to the next token's start (the last's: to the
    end). Made when asked (`Doc.spaces`): a slice per token cost a third of `columns`."""
    return list(map(text.__getitem__, map(slice, ends, chain(islice(starts, 1, None),
                                                              (len(text),)))))


def _pieces(text: str) -> tuple[list[str], list[int]]:
    """(texts, starts) of the tokens of a text with no URL or e-mail, from its pieces between
    spaces (`str.split` at C speed): no token holds a space, so the tokens of the text are
    those of its pieces in turn. A piece of word characters only (`isalnum`, the `\\w` of the
    pattern but "_") is one token, and so is a piece of one character that is no white space:
    most pieces. So is a word with one mark after it ("dag,", "Stockholm."), the commonest of
    the others in learners' text: two tokens (a `\\w` run ends before a character that is
    no word character, and a joiner such as "." or ":" joins only a word after it). Only the
    others (a line break, a hyphenated word, a quotation) are scanned."""
    words: list[str] = []
    starts: list[int] = []
    word, start = words.append, starts.append
    pos = 0
    for piece in text.split(" "):
        if piece.isalnum() or len(piece) == 1 and not piece.isspace():
            word(piece)
            start(pos)
        elif piece:
            head, mark = piece[:-1], piece[-1]
            if head.isalnum() and not (mark.isalnum() or mark.isspace() or mark == "_"):
                word(head)
                word(mark)
                start(pos)
                start(pos + len(head))
            else:
                for m in _WORD_ONLY.finditer(piece):
                    word(m.group())
                    start(pos + m.start())
        pos += len(piece) + 1
    return words, starts


def token_spans(text: str, start: int = 0, end: int | None = None) -> list[tuple[int, int]]:
    """(start, end) of the tokens in text[start:end], as offsets into text: the ranges alone,
    for callers that need no Token objects (SVALA)."""
    return [m.span() for m in _TOKEN.finditer(text, start, len(text) if end is None else end)]


def leading_space(text: str) -> str:
    """White space before the first token (tokens carry only trailing space)."""
    m = _TOKEN.search(text)
    return text[: m.start()] if m else text


def sentences(tokens: list[Token]) -> list[list[Token]]:
    """Group tokens into sentences: after . ! ? (or a blank line) before a new token."""
    out: list[list[Token]] = []
    current: list[Token] = []
    for tok in tokens:
        current.append(tok)
        if _SENTENCE_END.search(tok.text) and not tok.text[0].isalnum() or "\n\n" in tok.ws:
            out.append(current)
            current = []
    if current:
        out.append(current)
    return out


def sentence_starts(text: str, texts: list[str], offsets: list[int],
                    openers: Iterable[bool] | None = None) -> set[int]:
    """Indexes of tokens that open a sentence, a line, or follow a quote/colon (given the
    tokens' texts and start offsets): after an opener token (`opener`: found by one C-level set
    test of each token's text, unless the caller has each token's answer already), and after
    each line break (`str.find`; the next token is the number of tokens starting before it,
    by `bisect`)."""
    found = {0}
    n = len(texts)
    if n < 2:
        return found
    for k in compress(range(n - 1), map(opener, texts) if openers is None else openers):
        # a dash written onto its word ends no sentence: "el- och energiprogrammet"
        if not (k and texts[k] in _DASHES and offsets[k] == offsets[k - 1] + len(texts[k - 1])):
            found.add(k + 1)
    last = offsets[-1]
    at = text.find("\n", offsets[0], last)
    while at >= 0:
        found.add(bisect_right(offsets, at))
        at = text.find("\n", at + 1, last)
    return found


_OPENERS_AFTER = frozenset({".", "!", "?", ":", "\"", "”", "-", "–", "…"})
opener = _OPENERS_AFTER.__contains__  # a sentence opens after this token text
_DASHES = frozenset({"-", "–"})
