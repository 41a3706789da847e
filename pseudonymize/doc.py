"""One essay prepared for the detectors: tokens, folds, lexicon entries, sentence starts."""
from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import compress, count, islice

from pseudonymize.lexicon import EMPTY, Entry, Lexicon, fold
from pseudonymize.thresholds import (LONGEST_NUMBER, NAME_WORDS_MAX, REMEMBERED_WORDS,
                                      WARM_CAPITAL_ZIPF, WARM_ZIPF)
from pseudonymize.tokenize import Token, columns, gaps, opener, sentence_starts, tokens_of


class Folds(dict):
    """Each token text's fold, remembered: a hit is one dict look-up at C speed (cheaper than
    `fold`'s own LRU cache); at most REMEMBERED_WORDS spellings are kept."""

    def __missing__(self, text: str) -> str:
        key = fold(text)
        if len(self) < REMEMBERED_WORDS:
            self[text] = key
        return key


FOLDS = Folds()

QUOTES = frozenset("\"”“„«»'’")  # the quotation marks learners open and close a name or title with

# A family's own table remembered per spelling (`Spellings.warm`): the table, what makes a
# spelling's value (and remembers it), and which spellings it holds (those the family asks it of)
Remembered = tuple[dict, Callable[[str], object], Callable[[str], bool]]

NEAREST_WALK = 64  # tokens `Doc._nearest` walks back before it makes a table


class Marks(dict):
    """What a detector family needs to know of a token's own spelling, as at most eight bits
    (`bits(text, fold)`), remembered per spelling (at most REMEMBERED_WORDS). An essay's marks
    are one byte a token, read as one integer (`MarkBits`): the family selects the tokens it
    must look at by bitwise operations over all of them at once, its neighbours' bits shifted
    by a byte a token, at C speed (a regular expression over the marks cost about 1,000
    instructions a token, a chain of per-token flag lists a C-level step per flag and token)."""

    def __init__(self, bits: Callable[[str, str], int]) -> None:
        super().__init__()
        self.bits = bits

    def __missing__(self, text: str) -> int:
        mark = self.bits(text, FOLDS[text])
        if len(self) < REMEMBERED_WORDS:
            self[text] = mark
        return mark


class MarkBits:
    """An essay's marks for one family (`Marks`) as one integer, a byte a token, token 0's the
    most significant: `bit` gives the tokens whose mark, or whose neighbour's, has a bit (1 in
    their byte), which `&`, `|` and `& ~` combine; `where` gives the tokens a result holds."""

    __slots__ = ("size", "ones", "value")

    def __init__(self, marks: bytes) -> None:
        self.size = len(marks)
        self.value = int.from_bytes(marks, "big")
        self.ones = int.from_bytes(b"\x01" * self.size, "big")

    def bit(self, bit: int, near: int = 0) -> int:
        """The tokens whose mark has `bit` (a power of two); with `near`, those whose
        neighbour `near` tokens away has it (-1: the token before, 1: the one after)."""
        flags = self.value >> (bit.bit_length() - 1) & self.ones
        return flags >> -8 * near if near < 0 else flags << 8 * near

    def where(self, flags: int) -> list[int]:
        """Indexes of the tokens `flags` (made by `bit`) holds, in order."""
        return list(compress(count(), (flags & self.ones).to_bytes(self.size, "big")))


class Spellings(dict):
    """Each token text's row: its fold, its lexicon entry, whether a sentence opens after it
    (`sentence_starts`), whether it is a capitalised word (`Doc.capitalised_run`) and its marks
    for each family (`Marks`, in the order given), remembered per spelling (at most
    REMEMBERED_WORDS). `Doc.make` reads all of an essay's columns from one C-level look-up per
    token, where a map per column cost a third of a Python step per token each (one engine's
    table: the entries are its lexicon's)."""

    def __init__(self, lex: Lexicon, marks: tuple[Marks, ...] = ()) -> None:
        super().__init__()
        self.lex, self.marks = lex, marks

    def __missing__(self, text: str) -> tuple:
        key = FOLDS[text]
        row = (key, self.lex.spelt(text, key), opener(text),
               text[:1].isupper() and text.isalpha(), *[marks[text] for marks in self.marks])
        if len(self) < REMEMBERED_WORDS:
            self[text] = row
        return row

    def warm(self, tables: Sequence[Remembered] = ()) -> None:
        """Fill this table, its `Marks` and `tables` (a family's own per-spelling tables) for
        the lexicon's frequent words, lower case and capitalised, from the derived-table cache
        (`Lexicon.derived`: made once per snapshot and code): a process's first pass then runs
        as its later ones where those words stand (each new spelling cost it some thousands
        of instructions). The rows are the same as `__missing__` makes, their entries this
        lexicon's own objects (`EMPTY` included: the detectors test it by identity)."""
        texts, keys, openers, capitals, marks, own = self.lex.derived(
            ("warm spellings", WARM_ZIPF, WARM_CAPITAL_ZIPF, len(self.marks), len(tables)),
            lambda: self._warm_columns(tables))
        FOLDS.update(zip(texts, keys))
        self.update(zip(texts, zip(keys, map(self.lex.spelt, texts, keys),
                                   openers, capitals, *marks)))
        for table, column in zip(self.marks, marks):
            table.update(zip(texts, column))
        for (table, _, _), values in zip(tables, own):
            table.update(values)

    def _warm_columns(self, tables: Sequence[Remembered]) -> tuple:
        """`warm`'s columns: the spellings, their folds, openers, capitals, each family's marks
        (one column a `Marks`), and each of `tables`' values by spelling (`make` of the
        spellings its `wanted` takes)."""
        texts = frequent_spellings(self.lex)
        rows = [Spellings.__missing__(self, text) for text in texts]
        keys, _, openers, capitals, *marks = list(zip(*rows)) or [()] * (4 + len(self.marks))
        own = tuple({text: make(text) for text in texts if wanted(text)}
                    for _, make, wanted in tables)
        return texts, keys, openers, capitals, tuple(marks), own


def frequent_spellings(lex: Lexicon) -> tuple[str, ...]:
    """The spellings whose per-spelling tables are made once per lexicon and cached with its
    derived tables (`Spellings.warm`, the learned tagger's): the lexicon's words of WARM_ZIPF
    or above in lower case, those of WARM_CAPITAL_ZIPF or above capitalised too."""
    entries = lex.entries
    words = sorted(key for key, e in entries.items() if e.zipf >= WARM_ZIPF and key.isalpha())
    words += sorted(w for w in lex.common_accented if w.isalpha())
    return tuple(dict.fromkeys(words + [w[:1].upper() + w[1:] for w in words
                                        if entries.get(fold(w), EMPTY).zipf >= WARM_CAPITAL_ZIPF]))


def marked(doc: Doc, marks: Marks) -> MarkBits:
    """An essay's marks for one family, made once per `Marks` (`Doc.make` makes those of an
    engine's families), however many selections read them."""
    found = doc._marks.get(id(marks))
    if found is None:
        found = doc._marks[id(marks)] = MarkBits(bytes(map(marks.__getitem__, doc.texts)))
    return found


def places(folds: list[str], words: frozenset[str]) -> list[int]:
    """The indexes of the tokens whose fold is one of `words`, in order: the words the essay
    holds by one C-level set intersection (about 10 instructions a token), then each one's
    places by `list.index` (a C-level scan), where a Python step per token ("[k for k, f in
    enumerate(folds) if f in words]") cost about 400 instructions a token."""
    found: list[int] = []
    for word in words.intersection(folds):
        k = folds.index(word)
        while True:
            found.append(k)
            try:
                k = folds.index(word, k + 1)
            except ValueError:
                break
    found.sort()
    return found


def following(folds: list[str], words: frozenset[str]) -> list[int]:
    """The indexes of the tokens right after one whose fold is one of `words`, in order (the
    word after a preposition), by C-level calls: a comprehension over the tokens cost 1.7 % of
    a pass where most essays ask it."""
    return list(compress(count(1), map(words.__contains__, folds[:-1])))


@dataclass(slots=True)
class Doc:
    """The tokens as parallel columns (`texts`, `offsets`, `ends`: index k is token k), read
    by the detectors without a `Token` per token; `spaces` and `tokens` are made on first use
    (`space(k)`, `token(k)` make one)."""

    text: str
    texts: list[str]    # each token's text
    offsets: list[int]  # each token's start (also for `index_at`)
    ends: list[int]     # each token's end
    folds: list[str]
    entries: list[Entry]
    starts: set[int]
    lex: Lexicon
    capitals: tuple[bool, ...] = ()  # each token a capitalised word ("Anna", not "A1", "USA1")
    # the countries abroad (ISO codes) a learner's earlier essays named (`Engine.detect_doc`)
    earlier_countries: frozenset[str] = frozenset()
    # the words (folded) a learner's earlier essays gave as a person's given name
    # (`Engine.detect_doc`): "Sunneva" read as one there is one here too, whatever its ending
    earlier_given: frozenset[str] = frozenset()
    # the learned tagger's entities (label, key) sure enough for a learner's memory
    # (`learned.sure`)
    tagger_sure: frozenset[tuple[str, str]] = frozenset()
    # per-token tables made once on first use (linear time however long a sentence or run is)
    _runs: list[int] | None = None
    _last: dict[object, list[int]] = field(default_factory=dict)
    _marks: dict[int, MarkBits] = field(default_factory=dict)  # by id of a `Marks`
    _spaces: list[str] | None = None
    _tokens: list[Token] | None = None
    _at: dict[str, list[int]] | None = None  # each fold's tokens (`positions`)

    @classmethod
    def make(cls, text: str, lex: Lexicon, spellings: Spellings | None = None) -> Doc:
        """Token columns, then each token's row of `spellings` (an engine's, else one made for
        this essay), split into folds, entries, sentence openers and the families' marks at C
        speed (no Python per token)."""
        texts, offsets, ends = columns(text)
        if spellings is None:
            spellings = Spellings(lex)
        # the rows turned into columns (an empty essay: one empty column each)
        folds, entries, openers, capitals, *marks = list(zip(*map(spellings.__getitem__,
                                                                  texts))) \
            or [()] * (4 + len(spellings.marks))
        doc = cls(text, texts, offsets, ends, list(folds), list(entries),
                  sentence_starts(text, texts, offsets, openers), lex, capitals)
        doc._marks.update(zip(map(id, spellings.marks), map(MarkBits, map(bytes, marks))))
        return doc

    @property
    def spaces(self) -> list[str]:
        """The white space after each token (made on first use)."""
        if self._spaces is None:
            self._spaces = gaps(self.text, self.offsets, self.ends)
        return self._spaces

    def space(self, k: int) -> str:
        """The white space after token k."""
        nxt = k + 1
        return self.text[self.ends[k]:self.offsets[nxt] if nxt < len(self.offsets)
                         else len(self.text)]

    @property
    def tokens(self) -> list[Token]:
        """Every token as a `Token` (made on first use: detection reads the columns)."""
        if self._tokens is None:
            self._tokens = tokens_of(self.texts, self.offsets, self.ends, self.spaces)
        return self._tokens

    def token(self, k: int) -> Token:
        """Token k as a `Token` (one tuple, for a rule that builds a span from it)."""
        return tuple.__new__(Token, (self.offsets[k], self.ends[k], self.texts[k],
                                     self.space(k)))

    def capitalised_run(self, k: int) -> int:
        """Index of the last token of the run of capitalised words starting at k, within its
        sentence: "Casa Andina", "Scandic Sundsvall City"; at most NAME_WORDS_MAX words. The runs'
        ends are found once, in one pass from the end (a hostile megabyte of capitalised words
        is one run, not one walk per word)."""
        if self._runs is None:
            offsets, ends, starts, text = self.offsets, self.ends, self.starts, self.text
            runs = list(range(len(self.texts)))
            # the tokens before a capitalised word (`capitals`, at C speed), from the end
            for j in reversed(list(compress(runs, islice(self.capitals, 1, None)))):
                # ... after one space
                if j + 1 not in starts and offsets[j + 1] == ends[j] + 1 and text[ends[j]] == " ":
                    runs[j] = runs[j + 1]
            self._runs = runs
        return min(self._runs[k], k + NAME_WORDS_MAX - 1)

    def last_before(self, words: frozenset[str], i: int) -> int:
        """Index of the nearest token before i in i's sentence whose fold is one of `words`
        (-1: none, or i starts a sentence)."""
        folds = self.folds
        return self._nearest(words, i, lambda k: folds[k] in words,
                             lambda: map(words.__contains__, folds))

    def last_marked(self, mark: str, i: int) -> int:
        """As `last_before`, for the words the lexicon marks `mark` ("prof": also compounds
        ending in one, "mattelärare")."""
        mark_of, texts = self.lex.mark_of, self.texts
        return self._nearest(("mark", mark), i, lambda k: mark_of(texts[k].lower()) == mark,
                             lambda: (mark_of(t.lower()) == mark for t in texts))

    def positions(self, key: str) -> list[int]:
        """Indexes of the tokens whose fold is `key`, in order: a table made once per essay, so
        a rule that reads every mention of a word looks them up instead of scanning the essay
        (a scan per candidate is quadratic in an essay of many candidates)."""
        if self._at is None:
            at: dict[str, list[int]] = {}
            for k, f in enumerate(self.folds):
                at.setdefault(f, []).append(k)
            self._at = at
        return self._at.get(key, [])

    def _nearest(self, key: object, i: int, flag: Callable[[int], bool],
                 flags: Callable[[], Iterable[bool]]) -> int:
        """The last flagged token before i in i's sentence (-1: none): found by walking back
        at most NEAREST_WALK tokens (an ordinary sentence), else from a table made once per
        `key` (linear time however long a sentence is): for each token, the last flagged
        token at or before it in its sentence."""
        starts = self.starts
        if i == 0 or i in starts:
            return -1
        table = self._last.get(key)
        if table is None:
            for k in range(i - 1, i - 1 - NEAREST_WALK, -1):
                if flag(k):
                    return k
                if k in starts:  # (token 0 always is one: the walk never passes it)
                    return -1
            table, cur = [], -1
            for k, flagged in enumerate(flags()):
                if k in starts:
                    cur = -1
                if flagged:
                    cur = k
                table.append(cur)
            self._last[key] = table
        return table[i - 1]

    def sentence_window(self, i: int, back: int, ahead: int) -> tuple[int, int]:
        """The tokens of i's sentence as a slice (lo, hi), cut to `back` tokens before i and
        to token i + `ahead` (exclusive) after it: a sentence read around one word, never a
        whole essay without full stops (linear time)."""
        starts, lo, hi = self.starts, i, i + 1
        while lo > max(0, i - back) and lo not in starts:
            lo -= 1
        while hi < min(len(self.folds), i + ahead) and hi not in starts:
            hi += 1
        return lo, hi

    def number(self, k: int) -> int:
        """The value of token k as a number in ASCII digits ("34") or a number word ("sexton"),
        -1 when it is neither. Digit runs longer than LONGEST_NUMBER are no value: `int` refuses
        a hostile run of thousands of digits with an error, and "²" passes `isdigit` too."""
        text = self.texts[k]
        if text.isascii() and text.isdigit():
            return int(text) if len(text) <= LONGEST_NUMBER else -1
        e = self.entries[k]
        return int(e.value) if "number_word" in e.cats and e.value.isdigit() else -1

    def index_at(self, offset: int) -> int:
        """Index of the first token starting at or after a character offset."""
        return bisect_left(self.offsets, offset)

    def index_before(self, offset: int) -> int:
        """Index of the last token starting before a character offset: the token a span
        ending there ends in."""
        return bisect_left(self.offsets, offset) - 1
