"""Compile a resource snapshot into in-memory indexes, cached on disk by snapshot id.

The gazetteers (Parquet files named by the snapshot JSON) are the only input. Each folded word
maps to one `Entry` that says everything the detectors need about it, so detection costs one
dict lookup per token.
"""
from __future__ import annotations

import gc
import json
import os
import pickle
from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from importlib.util import source_hash
from operator import itemgetter
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple, TypeVar
from zlib import crc32

if TYPE_CHECKING:
    import polars as pl

from unidecode import unidecode

from pseudonymize import thresholds as T
from pseudonymize.thresholds import COMMON, RARE


V = TypeVar("V")
_FAST = str.maketrans("åäöéèüáàíóúæøç", "aaoeeuaaiouaoc")
_FAST_OK = frozenset("abcdefghijklmnopqrstuvwxyz0123456789åäöéèüáàíóúæøç-'’. ")


SWEDISH_LETTERS = frozenset("åäöÅÄÖ")  # the letters Swedish spelling tells apart from a, o


@lru_cache(maxsize=1 << 18)
def fold(text: str) -> str:
    """Matching key, identical to the gazetteers' `fold` column: ASCII transliteration, lower case."""
    low = text.lower()
    if _FAST_OK.issuperset(low):  # (at C speed: a Python test per character cost more)
        # (an ASCII word has nothing to transliterate: `translate` looks up each character)
        return (low if low.isascii() else low.translate(_FAST)).strip()
    return unidecode(text).lower().strip()


class Entry(NamedTuple):
    """What the resources know about one folded word or phrase."""

    gender: str | None       # first-name reading: female | male | unknown
    first_rank: int          # 0 = not a first name; 1 = most frequent
    surname_rank: int        # 0 = not a surname
    place_kind: str | None   # city | area | region | municipality | place | geo | street | exonym | spelling
    place_country: str      # ISO2 of the most populous place reading ("" if unknown)
    place_pop: int
    se_pop: int              # population of its most populous Swedish reading (1 if unknown, 0 = none)
    country: str             # ISO2 when the word names a country
    org_kind: str | None     # school | university | company | authority | ...
    cats: frozenset[str]     # lexicon categories (fam, prof, place_trigger, ...)
    value: str               # lexicon value of the first category that has one
    zipf: float              # word frequency (0 = unknown word)

    def __reduce__(self) -> tuple:
        # Unpickled by the C-level tuple.__new__, not the generated Python __new__: the
        # lexicon cache loads twice as fast.
        return tuple.__new__, (Entry, tuple(self))


EMPTY = Entry(None, 0, 0, None, "", 0, 0, "", None, frozenset(), "", 0.0)
# An entry's readings without its frequency (`zipf`, the last field): `e[:-1] == NO_READING` is a
# word the resources know only as a word, one C-level comparison
NO_READING = EMPTY[:-1]
# An entry's zipf for a C-level `map` over many entries: an index into the tuple costs half
# what `attrgetter("zipf")` does (which goes through the field's descriptor).
ZIPF = itemgetter(Entry._fields.index("zipf"))
NO_WORDS: frozenset[str] = frozenset()


class WordLists(dict):
    """Category -> folds; a category the snapshot lacks (one built without the lexicon) is
    empty: the rules reading it then find nothing, as with any missing gazetteer."""

    def __missing__(self, category: str) -> frozenset[str]:
        return NO_WORDS


class EndingLists(dict):
    """Category -> endings, longest first; empty for a category the snapshot lacks."""

    def __missing__(self, category: str) -> tuple[str, ...]:
        return ()


class _Runs:
    """FOLD_RUNS strings of "\n"-delimited lines, a line in the run its fold's CRC-32 picks:
    unpickled as those few thousand strings, where a set or dict of 100,000 folds is rebuilt
    and every fold hashed again (`Folds`, `FoldValues`)."""

    __slots__ = ("runs",)

    def __init__(self, lines: Iterable[tuple[str, str]]) -> None:
        """`lines`: (fold, its line), sorted by fold."""
        runs: list[list[str]] = [[] for _ in range(FOLD_RUNS)]
        for key, line in lines:
            runs[_run_of(key)].append(line)
        self.runs = tuple("\n" + "\n".join(keys) + "\n" if keys else "\n" for keys in runs)

    def __len__(self) -> int:
        return sum(run.count("\n") - 1 for run in self.runs)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.runs == other.runs  # type: ignore[attr-defined]

    __hash__ = None  # type: ignore[assignment]  (a set's equality, and no hash, as a set)


class Folds(_Runs):
    """A large set of folds asked only `in`, a few times a process (the villages abroad): a
    look-up scans a run of about 25 folds; unpickling makes a few thousand strings where a
    frozenset made 103,000, each hashed again (85 M instructions a process)."""

    __slots__ = ()

    def __init__(self, folds: Iterable[str] = ()) -> None:
        super().__init__((key, key) for key in sorted(set(folds)))

    def __contains__(self, key: object) -> bool:
        if not isinstance(key, str) or "\n" in key:
            return False
        return f"\n{key}\n" in self.runs[_run_of(key)]

    def __iter__(self) -> Iterator[str]:
        return (key for run in self.runs if len(run) > 1 for key in run[1:-1].split("\n"))


class FoldValues(_Runs):
    """A large fold -> short string table asked a few times an essay (the places abroad by
    country, `Lexicon.local_places`), rows "fold\tvalue": cheap to unpickle where a dict of
    155,000 keys is not."""

    __slots__ = ()

    def __init__(self, rows: Mapping[str, str] | None = None) -> None:
        super().__init__((key, f"{key}\t{value}") for key, value in sorted((rows or {}).items())
                         if "\n" not in key and "\t" not in key)

    def get(self, key: str) -> str | None:
        """The value of a fold, None where the table lacks it."""
        if "\n" in key or "\t" in key:
            return None
        run = self.runs[_run_of(key)]
        at = run.find(f"\n{key}\t")
        if at < 0:
            return None
        start = at + len(key) + 2
        return run[start:run.index("\n", start)]


FOLD_RUNS = 4096  # a power of two: `_run_of` masks the CRC


def _run_of(key: str) -> int:
    """The run of a fold: a hash the same in every process (`hash` of a str is salted)."""
    return crc32(key.encode("utf-8", "surrogatepass")) & (FOLD_RUNS - 1)


class Derived(dict):
    """Name -> table (`Lexicon.derived`), with the cache file they are kept in (None: not
    kept) and whether any was made since it was read."""

    def __init__(self, file: Path | None = None, tables: dict | None = None) -> None:
        super().__init__(tables or {})
        self.file = file
        self.made = False


@dataclass
class Words:
    """The word lists the rules read, by category: builders/data/rules.tsv and the lexicon's own
    categories (place_trigger, age_trigger, ...), written in ordinary spelling and folded here.
    A word written "-vis" is an ending, kept without its dash."""

    folds: dict[str, frozenset[str]] = field(default_factory=WordLists)
    surfaces: dict[str, frozenset[str]] = field(default_factory=dict)  # exact lower-case words
    values: dict[str, dict[str, str]] = field(default_factory=dict)    # category -> fold -> value
    # `union`'s tables by their categories; `__call__`'s by (category, values), kept apart
    # (one kind of key a table)
    unions: dict[tuple[str, ...], frozenset[str]] = field(default_factory=dict)
    selections: dict[tuple[str, tuple[str, ...]], frozenset[str]] = field(default_factory=dict)
    ends: dict[str, tuple[str, ...]] = field(default_factory=dict)  # endings, longest first
    surface_ends: dict[str, tuple[str, ...]] = field(default_factory=dict)  # the same, unfolded

    def __post_init__(self) -> None:
        self.ends = EndingLists({c: self.endings(c) for c in self.folds})
        self.surface_ends = EndingLists({c: self.endings(c, surface=True) for c in self.surfaces})

    def __call__(self, category: str, *values: str) -> frozenset[str]:
        """The folds of a category, or of its rows with one of `values` (computed once: a
        town's test asks for its prepositions at every town)."""
        if not values:
            return self.folds.get(category, NO_WORDS)
        found = self.selections.get((category, values))
        if found is None:
            found = self.selections[category, values] = frozenset(
                k for k, v in self.values.get(category, {}).items() if v in values)
        return found

    def union(self, *categories: str) -> frozenset[str]:
        """The folds of several categories together ("study_verb", "school_verb"), computed once."""
        found = self.unions.get(categories)
        if found is None:
            found = self.unions[categories] = frozenset().union(*(self(c) for c in categories))
        return found

    def surface(self, category: str) -> frozenset[str]:
        return self.surfaces.get(category, NO_WORDS)

    def value(self, category: str) -> dict[str, str]:
        return self.values.get(category, {})

    def year_in_words(self, key: str) -> int | None:
        """The year a fold written in words names: a century (`year_century`: "nittonhundra",
        "tvåtusen") and, after an optional "och", a number word under a hundred ("åttiofem"),
        spaces and hyphens dropped ("nitton hundra åttio fem" is 1985); None for anything else."""
        key = key.replace(" ", "").replace("-", "")
        head = next((h for h in self.ends["year_century"] if key.startswith(h)), None)
        if head is None:
            return None
        rest = key[len(head):]
        rest = rest[3:] if rest.startswith("och") and len(rest) > 3 else rest
        value = self.value("number_word").get(rest, "" if rest else "0")
        if not value.isdigit() or int(value) >= 100:
            return None
        return int(self.value("year_century")[head]) * 100 + int(value)

    def endings(self, category: str, surface: bool = False) -> tuple[str, ...]:
        """A category of endings, longest first (so the first match is the most specific)."""
        words = self.surface(category) if surface else self(category)
        return tuple(sorted(words, key=lambda w: (-len(w), w)))

    def ending(self, category: str, word: str, stem: int = 0, surface: bool = False) -> str:
        """The longest ending of the category that `word` ends in with at least `stem`
        characters before it ("bussnummer" -> "nummer"), or ""."""
        ends = self.surface_ends[category] if surface else self.ends[category]
        if not word.endswith(ends):  # (one C-level test: most words end in none of them)
            return ""
        return next((e for e in ends if word.endswith(e) and len(word) >= len(e) + stem), "")


# The tables only surrogates read (and a district test few essays reach): `Lexicon.__getstate__`
DEFERRED = ("pools", "cities_by_country", "streets_by_city", "place_aliases", "name_origins",
            "continents", "country_languages", "neighbours", "districts_by_town", "place_region",
            "place_within", "region_places", "test_personids", "villages",
            "local_places")


@dataclass
class Lexicon:
    """Indexes and surrogate pools compiled from one snapshot."""

    snapshot_id: str
    entries: dict[str, Entry]
    phrases: dict[str, list[tuple[tuple[str, ...], Entry]]]  # first word -> longer phrases
    pools: dict[str, list[str]] = field(default_factory=dict)  # surrogate candidates
    cities_by_country: dict[str, list[str]] = field(default_factory=dict)
    streets_by_city: dict[str, list[str]] = field(default_factory=dict)
    # surrogate place name -> folds of every name of the same feature (geonameid): a surrogate
    # must not be the original under another spelling (Damascus for "damaskus")
    place_aliases: dict[str, frozenset[str]] = field(default_factory=dict)
    # folded name -> the origin groups whose lists hold it (arabic, somali, swedish, ...)
    name_origins: dict[str, tuple[str, ...]] = field(default_factory=dict)
    continents: dict[str, str] = field(default_factory=dict)  # ISO2 -> GeoNames continent code
    country_languages: dict[str, frozenset[str]] = field(default_factory=dict)  # ISO2 -> main ones
    neighbours: dict[str, frozenset[str]] = field(default_factory=dict)  # ISO2 -> bordering ISO2s
    districts_by_town: dict[str, list[str]] = field(default_factory=dict)  # Swedish town -> districts
    # folded place -> "country.admin1" of its most populous reading: a district of a big city
    # lies in the city's own first-level region (Ñuñoa in Santiago's, Chợ Lớn in Ho Chi Minh's)
    place_region: dict[str, str] = field(default_factory=dict)
    # "country.admin1" of a surrogate city abroad -> its towns and districts, most populous first
    region_places: dict[str, list[str]] = field(default_factory=dict)
    # folded town abroad -> the folds of every name of the big town it is a part of (Vedado:
    # havanna, havana, ...; the builder's suburbs): its district where the essay is in that town
    place_within: dict[str, frozenset[str]] = field(default_factory=dict)
    # folds of villages abroad (places of kind "village": the offline build's cities500 towns
    # below its cities5000), no entries: only a lower-case word no list or count knows after a
    # place preposition is looked up here ("från radslavice"), unpickled then (`DEFERRED`), so
    # the lexicon's load stays as without them; a `Folds`, cheap to unpickle
    villages: Folds = field(default_factory=Folds)
    # folded town, village or district abroad -> its countries, each ISO code followed by "c"
    # (a town: `city`) or "a" (a part of a town: `area`), as "HRcTDc" for Bol: every place the
    # offline build knows abroad, by country, also those no entry holds (kind "local", the
    # Swedish-like Bled and Piran); read only after a place preposition in an essay set in one
    # of those countries (`Matcher._local_places`), unpickled then (`DEFERRED`)
    local_places: FoldValues = field(default_factory=FoldValues)
    fuzzy_targets: dict[str, list[str]] = field(default_factory=dict)  # first letter -> folds
    # countries named only in a learner's language (CLDR: Maali, Polonia): read as spelt,
    # never fuzzy targets, and no bar to a district's name they start ("i maali abad")
    spelt_countries: frozenset[str] = frozenset()
    common_by_letter: dict[str, list[str]] = field(default_factory=dict)  # everyday words
    suffixes: dict[str, list[tuple[str, str]]] = field(default_factory=dict)  # cat -> (suffix, value)
    marks: dict[str, str] = field(default_factory=dict)  # lower-case word -> mark-only label
    # Frequent words spelt with letters that folding removes (å ä ö é ü): "pär" is not the
    # frequent "par", so a name spelt that way is not judged by its folded twin.
    common_accented: frozenset[str] = frozenset()
    # Every such word of the frequency list, lower case, with its own Zipf (`spelt`)
    accented_zipf: dict[str, float] = field(default_factory=dict)
    # Folds of Sweden's 290 municipalities (places of kind "municipality"), whatever reading
    # wins for the word: a municipal service is named by its municipality ("hemtjänsten i ånge",
    # "sfi i laxå"), not by a locality or district ("sfi i fittja")
    municipalities: frozenset[str] = frozenset()
    # Folds of words with no name, place, country or institution reading, by frequency: Zipf
    # >= 4 (never a name in lower case) and 2.6-4 (a name only after a place preposition).
    unnamed: frozenset[str] = frozenset()
    unnamed_rare: frozenset[str] = frozenset()
    # The keys of the entries with Zipf >= COMMON, in their order: the context rules' fast
    # path starts from them (a scan of every entry's zipf cost each process 20 M instructions).
    frequent: tuple[str, ...] = ()
    # first parts (3+ letters, leaving 4+) of institutions and towns a learner may write apart
    # ("försäkrings kassan", "göte borg"): the tokens where `_split_names` looks
    split_heads: frozenset[str] = frozenset()
    # the whole names (`splittable` keys): a head and the next word written together must be one
    split_names: frozenset[str] = frozenset()
    # the rests and heads where `_split_names` looks for them (`split_at`)
    split_at: dict[str, int] = field(default_factory=dict)
    words: Words = field(default_factory=Words)
    # birth year -> Skatteverket's test personnummer born that year (12 digits, sorted)
    test_personids: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # `mark_of`'s answers for compounds, asked again for every mention of a rare word
    compound_marks: dict[str, str | None] = field(default_factory=dict, compare=False,
                                                  repr=False)
    # the tables the detectors derive from this lexicon alone (`derived`)
    derived_tables: Derived = field(default_factory=Derived, compare=False, repr=False)

    def get(self, key: str) -> Entry:
        return self.entries.get(key, EMPTY)

    def spelt(self, text: str, key: str) -> Entry:
        """The entry of a token as written: a spelling with letters folding removes has its own
        frequency, not its folded twin's ("Hållö" is no "hallå", "Gül" no "gul"; a spelling the
        frequency list lacks is unknown), its readings the fold's."""
        e = self.entries.get(key, EMPTY)
        if e.zipf and not text.isascii():
            zipf = self.accented_zipf.get(text.lower(), 0.0)
            if zipf < e.zipf:
                return e._replace(zipf=zipf)
        return e

    def respelt(self, text: str, key: str, cats: frozenset[str]) -> bool:
        """The token is spelt with Swedish letters folding removes (å, ä, ö), as none of the
        words of `cats` its fold holds is and as the frequency list knows no word ("Hållö" folds
        as the greeting "Hallo" does): those categories are its folded twin's readings, not the
        token's. (A foreign accent spells the same word: "Lucía" is the feast Lucia.)"""
        e = self.entries.get(key, EMPTY)
        if text.isascii() or not e.zipf or SWEDISH_LETTERS.isdisjoint(text) \
                or self.spelt(text, key).zipf:
            return False
        low = text.lower()
        return not any(low in self.words.surface(cat) for cat in cats & e.cats)

    def derived(self, name: Hashable, make: Callable[[], V]) -> V:
        """A table the detectors derive from this lexicon alone (`name` says which, and from
        what arguments), made once per lexicon. An engine loaded from a snapshot reads them
        from their cache file (`load`'s `derived`), so a process makes none of them."""
        tables = self.derived_tables
        if name not in tables:  # (threads sharing the lexicon may both make it: equal values)
            tables[name] = make()
            tables.made = True
        return tables[name]

    def __getstate__(self) -> dict:
        """The fields, the surrogates' tables (`DEFERRED`) each pickled apart: unpickled on
        first use (`__getattr__`), so a process that only detects (`annotate`) never builds
        them (a sixth of the lexicon's unpickling)."""
        state = dict(self.__dict__)
        deferred = dict(state.pop("_deferred", {}))
        for name in DEFERRED:
            if name in state:
                deferred[name] = pickle.dumps(state.pop(name), protocol=pickle.HIGHEST_PROTOCOL)
        state["_deferred"] = deferred
        state["derived_tables"] = Derived()  # kept in a cache file of their own (`load`)
        return state

    def __getattr__(self, name: str) -> object:
        """A deferred table, unpickled on first use (threads may both make it: equal values)."""
        blob = self.__dict__.get("_deferred", {}).get(name)
        if blob is None:
            raise AttributeError(name)
        value = pickle.loads(blob)
        setattr(self, name, value)
        return value

    def mark_of(self, low: str) -> str | None:
        """The mark-only label of a lower-case word, also of a compound ending in a marked word
        (mattelärare: prof, prostatacancer: sensitive); kin words head no compounds here
        (barnvagn, mammaledig)."""
        mark = self.marks.get(low)
        if mark is not None or len(low) < 8 or len(low) > T.LONGEST_COMPOUND:
            return mark
        if low[-4:] not in self.derived("compound mark tails", lambda: frozenset(
                word[-4:] for word, m in self.marks.items() if m != "fam" and len(word) >= 4)):
            return None  # (no marked word of 4+ letters ends so: three in four rare words)
        known = self.compound_marks
        if low in known:
            return known[low]
        mark = next((m for k in range(3, len(low) - 3)
                     if (m := self.marks.get(low[k:])) is not None and m != "fam"), None)
        if len(known) < T.REMEMBERED_WORDS:
            known[low] = mark
        return mark


# The cache is keyed by snapshot id and by the compiler's source and thresholds, so a change
# of either recompiles (Python's own hash of a source for its bytecode).
CACHE_VERSION = source_hash(Path(__file__).read_bytes() + b"\0"
                            + Path(T.__file__).read_bytes()).hex()
# Cache files of each kind (lexicon, derived) kept in a data root: every new snapshot or code
# version writes new ones (6 MB a lexicon), so the least recently used beyond these go. Four
# serve a scheduled build beside the previous snapshot and a second checkout (a benchmark's
# baseline) without either compiling again.
CACHE_KEEP = 4


def load(snapshot_path: Path, cache_dir: Path | None = None, derived: str = "") -> Lexicon:
    """The compiled lexicon for a snapshot, from the on-disk cache when present. With
    `derived`, the version of the code that derives the detectors' tables from it
    (`Lexicon.derived`), also those tables, from their own cache file when present (kept by
    `keep_derived`): a change of that code makes them again, not the lexicon."""
    snapshot_path = Path(snapshot_path)
    snapshot = json.loads(snapshot_path.read_text())
    root = snapshot_path.resolve().parents[2]
    cache_dir = cache_dir or root / "curated" / "cache"
    cache = cache_dir / f"lexicon-{snapshot['id']}-{CACHE_VERSION}.pickle"
    compiled = None
    if not _used(cache):
        compiled = compile_snapshot(snapshot, root)
        one_of_each(compiled)
        _write(cache, compiled)
    # The collector would walk every new tuple while unpickling (5x slower start-up), and
    # enabled between two files, every object of the first.
    enabled = gc.isenabled()
    gc.disable()
    try:
        lex = _unpickle(cache) if compiled is None else compiled
        if derived:
            tables = cache_dir / f"derived-{snapshot['id']}-{CACHE_VERSION}-{derived}.pickle"
            lex.derived_tables = Derived(tables, _unpickle(tables) if _used(tables) else {})
        # The lexicon lives as long as the engine: out of the collector's sight, or every full
        # collection walks its few million objects again (a tenth of the engine's time).
        gc.freeze()
    finally:
        if enabled:
            gc.enable()
    return lex


def keep_derived(lex: Lexicon) -> None:
    """Write the detectors' tables to their cache file (`load`'s `derived`) when some were made
    since it was read: the first engine of a snapshot and code version makes them, the
    others read them."""
    tables = lex.derived_tables
    if tables.file is not None and tables.made:
        try:
            _write(tables.file, dict(tables))
        except OSError:  # a data root this process may not write: made again next time
            return
        tables.made = False


def _used(path: Path) -> bool:
    """Whether a cache file exists, marking it as just used (its mtime) so that pruning keeps
    the files in use; a data root this process may not write is only read."""
    try:
        os.utime(path)
    except FileNotFoundError:
        return False
    except OSError:
        return path.exists()
    return True


def _prune(written: Path) -> None:
    """Remove the least recently used cache files of the kind just written beyond CACHE_KEEP
    (never the one written); another process's file in use has just been marked used."""
    kind = written.name.split("-", 1)[0]
    olds = []
    for path in written.parent.glob(f"{kind}-*.pickle"):
        try:
            if path != written and not path.is_symlink():
                olds.append((path.stat().st_mtime, path.name, path))
        except OSError:  # removed meanwhile by another process pruning
            continue
    for _, _, old in sorted(olds, reverse=True)[CACHE_KEEP - 1:]:
        try:
            old.unlink(missing_ok=True)
        except OSError:  # not ours to remove: it stays
            continue


def _unpickle(path: Path) -> object:
    with open(path, "rb") as fh:
        return pickle.load(fh)


def _write(path: Path, obj: object) -> None:
    """Pickle to a cache file, renamed into place when complete (a reader never sees half)."""
    import pickletools

    from builders.atomic import atomic_write_bytes

    # without the memo entries no object is read back through (a third of them)
    atomic_write_bytes(path, pickletools.optimize(pickle.dumps(
        obj, protocol=pickle.HIGHEST_PROTOCOL)))
    _prune(path)


def one_of_each(lex: Lexicon) -> None:
    """Make equal strings, numbers, tuples, frozensets and entries of the lexicon one object
    each (a phrase's words, a kind or a country code repeated across the tables): the cache
    then holds each once and loading it makes each once (its lists and dicts are changed in
    place, never merged). Equal means equal in type and value: a 1 stays apart from True and
    1.0."""
    canon: dict[object, object] = {}
    done: set[int] = set()

    def one(o: object) -> object:
        t = type(o)
        if t is str or t is int:
            return canon.setdefault((t, o), o)
        if t is float:
            return canon.setdefault((t, o.hex()), o)
        if t is tuple or t is Entry:
            made = tuple.__new__(t, map(one, o))
            return canon.setdefault((t, tuple(map(id, made))), made)
        if t is frozenset:
            made = frozenset(map(one, o))
            return canon.setdefault((t, frozenset(map(id, made))), made)
        if id(o) in done:
            return o
        done.add(id(o))
        if isinstance(o, list):
            o[:] = map(one, o)
        elif isinstance(o, dict):
            items = [(one(k), one(v)) for k, v in o.items()]
            o.clear()
            o.update(items)
        elif isinstance(o, (Lexicon, Words)):
            one(o.__dict__)
        return o

    one(lex)


def _read(snapshot: dict, root: Path, name: str) -> pl.DataFrame | None:
    import polars as pl  # only when compiling: a cached lexicon loads without it

    g = snapshot["gazetteers"].get(name)
    return pl.read_parquet(root / g["path"]) if g else None


NO_RANK = 1_000_000  # rank of a listed name with no frequency
RULE_PREFIX = "rule:"  # builders/packaged.py: the rules' word lists inside the lexicon gazetteer
# in this order where a word is in several ("Lilla Essingen" a district and an island): a
# category's set is iterated in hash order, which changes from process to process
LEXICON_KINDS = {"district": "city", "district_abroad": "area", "town_abbreviation": "city",
                 "settlement": "city", "landmark": "place", "geo": "geo"}
MARK_LABELS = ("sensitive", "prof", "edu", "fam")  # precedence when a word has several
SWEDISH_MARKS = frozenset("åäöéÅÄÖÉ")  # letters with marks that Swedish words are spelt with
_PLACE_PRIORITY = {"region": 0, "city": 1, "municipality": 2, "area": 3, "geo": 4, "place": 5,
                   "street": 6, "exonym": 7, "spelling": 8}


@dataclass
class _Gathered:
    """What the gazetteers contribute, gathered one gazetteer at a time (`compile_snapshot`'s
    steps, in its order: a later step reads what an earlier one noted)."""

    acc: dict[str, dict] = field(default_factory=lambda: defaultdict(dict))  # fold -> readings
    phrases: dict[str, list[tuple[tuple[str, ...], str]]] = field(
        default_factory=lambda: defaultdict(list))  # first word -> (words, fold)
    pools: dict[str, list[str]] = field(default_factory=dict)
    origins: dict[str, tuple[str, ...]] = field(default_factory=dict)
    continents: dict[str, str] = field(default_factory=dict)
    municipalities: set[str] = field(default_factory=set)
    languages: dict[str, frozenset[str]] = field(default_factory=dict)
    borders: dict[str, frozenset[str]] = field(default_factory=dict)
    cities_by_country: dict[str, list[str]] = field(default_factory=dict)
    place_aliases: dict[str, frozenset[str]] = field(default_factory=dict)
    districts_by_town: dict[str, list[str]] = field(default_factory=dict)
    place_region: dict[str, str] = field(default_factory=dict)
    place_within: dict[str, frozenset[str]] = field(default_factory=dict)
    se_towns: dict[str, set[str]] = field(default_factory=dict)  # Varberg: "varberg"
    region_places: dict[str, list[str]] = field(default_factory=dict)
    streets_by_city: dict[str, list[str]] = field(default_factory=dict)
    marks: dict[str, str] = field(default_factory=dict)
    suffixes: dict[str, list[tuple[str, str]]] = field(default_factory=lambda: defaultdict(list))
    common_accented: frozenset[str] = frozenset()
    accented_zipf: dict[str, float] = field(default_factory=dict)
    villages: frozenset[str] = frozenset()
    spelt_countries: set[str] = field(default_factory=set)  # read as spelt only (`_gather_countries`)
    local_places: dict[str, str] = field(default_factory=dict)

    def note(self, key: str, phrase: bool = True) -> dict:
        """The readings of a fold, a phrase's also indexed by its first word."""
        if " " in key and phrase:
            words = tuple(key.split())
            self.phrases[words[0]].append((words, key))
        return self.acc[key]


def compile_snapshot(snapshot: dict, root: Path) -> Lexicon:
    """Build the word index and surrogate pools from a snapshot's gazetteers."""
    g = _Gathered()
    _gather_first_names(g, _read(snapshot, root, "first_names"))
    _gather_surnames(g, _read(snapshot, root, "surnames"))
    _gather_places(g, _read(snapshot, root, "places"))
    countries = _read(snapshot, root, "countries")
    _gather_countries(g, countries)
    _gather_streets(g, _read(snapshot, root, "streets"))
    _gather_organizations(g, _read(snapshot, root, "organizations"),
                          _read(snapshot, root, "professions"))
    lexicon = _read(snapshot, root, "lexicon")
    words = _words(lexicon)
    if countries is not None:
        _direction_regions(countries, words("direction_prefix"), g.acc, g.note)
    _gather_lexicon(g, lexicon)
    _gather_common(g, _read(snapshot, root, "common_words"))
    return _compiled(g, snapshot["id"], words, _test_personids(_read(snapshot, root, "test_personids")))


def _gather_first_names(g: _Gathered, first: pl.DataFrame | None) -> None:
    """Given names: gender and rank per fold, the pools by gender and origin."""
    import polars as pl

    if first is None:
        return
    # Names without a frequency (lists, not statistics) rank after every counted name.
    first = first.with_columns(pl.col("rank").fill_null(NO_RANK)).sort(["rank", "name"])
    for gender in ("female", "male", "unknown"):
        g.pools[f"first_{gender}"] = first.filter(pl.col("gender") == gender)["name"].head(300).to_list()
    _origin_pools(first, "first_", g.pools, g.origins)
    for key, gender, rank in first.select("fold", "gender", "rank").iter_rows():
        if " " in key:
            continue
        d = g.note(key, phrase=False)
        rank = max(int(rank), 1)
        if "gender" not in d:
            d["gender"], d["first_rank"] = gender, rank
        elif d["gender"] != gender and rank < 3 * d["first_rank"]:
            # Used for both sexes: unknown unless one reading is far more frequent.
            d["gender"] = "unknown" if d["first_rank"] * 3 > rank else d["gender"]


def _gather_surnames(g: _Gathered, sur: pl.DataFrame | None) -> None:
    """Family names: rank per fold, the pools by origin."""
    import polars as pl

    if sur is None:
        return
    sur = sur.with_columns(pl.col("rank").fill_null(NO_RANK)).sort(["rank", "name"])
    g.pools["surname"] = sur["name"].head(300).to_list()
    _origin_pools(sur, "surname", g.pools, g.origins)
    for key, rank in sur.select("fold", "rank").iter_rows():
        if " " not in key:
            g.note(key, phrase=False).setdefault("surname_rank", max(int(rank), 1))


LOCAL_KINDS = {"city": "c", "spelling": "c", "village": "c", "local": "c", "exonym": "c",
               "area": "a"}


def _local_places(places: pl.DataFrame) -> dict[str, str]:
    """`Lexicon.local_places`: each fold of a place abroad with its countries and kinds."""
    import polars as pl

    found: dict[str, dict[str, str]] = {}
    abroad = places.filter(pl.col("kind").is_in(list(LOCAL_KINDS)) & (pl.col("country") != "SE")
                           & pl.col("country").str.len_chars().eq(2))
    for key, kind, country in abroad.select("fold", "kind", "country").iter_rows():
        if " " not in key:
            # a town's reading wins over a district's of the same name and country
            have = found.setdefault(key, {})
            have[country] = "c" if "c" in (have.get(country), LOCAL_KINDS[kind]) else "a"
    return {key: "".join(cc + k for cc, k in sorted(d.items())) for key, d in found.items()}


def _gather_places(g: _Gathered, places: pl.DataFrame | None) -> None:
    """Places: each fold's strongest reading, and the tables surrogate places are drawn from."""
    import polars as pl

    if places is None:
        return
    village = pl.col("kind") == "village"
    g.villages = frozenset(places.filter(village)["fold"].to_list())
    g.local_places = _local_places(places)
    village = village | (pl.col("kind") == "local")
    places = places.filter(~village).with_columns(pl.col("population").fill_null(0))
    # Most populous first; among a place's spellings the native one (Örebro before OErebro).
    ranked = places.with_columns(native=pl.col("name").str.contains(r"[^\x00-\x7F]")).sort(
        ["population", "native", "name"], descending=[True, True, False])
    for key, kind, country, pop, name in ranked.select(
            "fold", "kind", "country", "population", "name").iter_rows():
        d = g.note(key)
        if kind == "municipality":
            g.municipalities.add(key)
        if country == "SE" and kind != "exonym":
            d["se_pop"] = max(d.get("se_pop", 0), int(pop or 0), 1)
            if kind == "city" and (pop or 0) >= T.SE_ATTESTED:
                g.se_towns.setdefault(key, set()).add(name.lower())
        old = d.get("place_kind")
        # another spelling of a big town abroad is read only after a place word; a place's
        # own name wins over it, however small ("antioquia" the region, not Antakya); a listed
        # region (no head count) over a small town abroad of its name ("Arizona" the US state,
        # not the Honduran town)
        if old is None or (_PLACE_PRIORITY.get(kind, 9) < _PLACE_PRIORITY.get(old, 9)
                           and ((pop or 0) >= d.get("place_pop", 0) // 10 or old == "spelling"
                                or kind == "region" and not pop and not d.get("se_pop")
                                and d.get("place_pop", 0) < T.BIG_PLACE)):
            d["place_kind"], d["place_country"], d["place_pop"] = kind, country or "", int(pop or 0)
    _gather_place_tables(g, ranked)


def _gather_place_tables(g: _Gathered, ranked: pl.DataFrame) -> None:
    """The places' surrogate side: towns by country, regions, districts by town, villages."""
    import polars as pl

    g.cities_by_country, g.place_aliases, g.region_places = _surrogate_places(ranked, g.pools)
    # another spelling of a town abroad lies in its town's region ("ljublino", Lyublino, in
    # Moscow's): `resolve` reads a district of the big town an essay is in by it
    regions = ranked.filter(pl.col("admin1").is_not_null() & pl.col("geonameid").is_not_null()) \
        .unique(subset="geonameid", keep="first").select("geonameid", pl.col("admin1").alias("a1"))
    ranked = ranked.join(regions, on="geonameid", how="left", maintain_order="left").with_columns(
        admin1=pl.when(pl.col("admin1").is_null() & (pl.col("kind") == "spelling"))
        .then(pl.col("a1")).otherwise(pl.col("admin1"))).drop("a1")
    for key, country, admin1 in ranked.filter(pl.col("admin1").is_not_null()).unique(
            subset="fold", keep="first", maintain_order=True).select(
            "fold", "country", "admin1").iter_rows():
        g.place_region[key] = f"{country}.{admin1}"
    g.place_within = _place_within(ranked)
    # Swedish districts by town (Rinkeby: Stockholm): a district's surrogate is a district
    # of the surrogate town; the towns' pool holds no district
    towns = ranked.filter(pl.col("country") == "SE", pl.col("kind") == "city",
                          pl.col("admin2").is_not_null(), pl.col("admin2") != "")
    for town, names in towns.group_by("admin2", maintain_order=True).agg(
            pl.col("name").unique(maintain_order=True)).iter_rows():
        g.districts_by_town[town] = names
    district_names = {n for names in g.districts_by_town.values() for n in names}
    _village_pools(ranked, district_names, g.pools)
    if "SE" in g.cities_by_country:
        g.cities_by_country["SE"] = [c for c in g.cities_by_country["SE"] if c not in district_names]
    for kind in ("region", "geo", "area", "place", "street"):
        g.pools[kind] = ranked.filter(pl.col("kind") == kind, pl.col("country") == "SE")[
            "name"].head(200).to_list()


def _gather_countries(g: _Gathered, countries: pl.DataFrame | None) -> None:
    """Countries: ISO code per fold; continents, languages and neighbours per ISO code."""
    if countries is None:
        return
    for key, iso in countries.select("fold", "iso2").iter_rows():
        g.note(key)["country"] = iso
    if "lang" in countries.columns:
        # the names in the learners' languages (lang "cldr": Marruecos, Polonia) are read as
        # spelt, never as targets a misspelling is matched to: so many names, one edit from
        # words and names of every language ("Polonio", "basaren"), would take those
        langs: dict[str, set[str]] = defaultdict(set)
        for key, lang in countries.select("fold", "lang").iter_rows():
            langs[key].add(lang)
        g.spelt_countries = {key for key, found in langs.items() if found == {"cldr"}}
    for column, table, value in (("continent", g.continents, str),
                                 ("languages", g.languages, _comma_set),
                                 ("neighbours", g.borders, _comma_set)):
        if column in countries.columns:
            for iso, cell in countries.select("iso2", column).drop_nulls().iter_rows():
                table.setdefault(iso, value(cell))
    g.pools["country"] = sorted(set(countries["name_sv"].drop_nulls().to_list()) - {"Sverige"})


def _comma_set(cell: str) -> frozenset[str]:
    """A gazetteer cell of comma-separated codes."""
    return frozenset(cell.split(","))


def _gather_streets(g: _Gathered, streets: pl.DataFrame | None) -> None:
    """Streets: a place reading where nothing stronger holds the fold; the pools by town."""
    import polars as pl

    if streets is None:
        return
    for key in streets["fold"]:
        g.note(key).setdefault("place_kind", "street")
    g.pools["street"] = sorted(set(streets["name"].to_list()))[:2000] or g.pools.get("street", [])
    for city, names in streets.group_by("city", maintain_order=True).agg(pl.col("name")).iter_rows():
        if city:
            g.streets_by_city[city] = sorted(set(names))[:200]


def _gather_organizations(g: _Gathered, orgs: pl.DataFrame | None,
                          profs: pl.DataFrame | None) -> None:
    """Organizations' kinds and pools; professions as the "prof" mark."""
    import polars as pl

    if orgs is not None:
        for key, kind in orgs.select("fold", "kind").iter_rows():
            g.note(key).setdefault("org_kind", kind)
        for kind in ("school", "university", "company", "authority"):
            g.pools[f"org_{kind}"] = orgs.filter(pl.col("kind") == kind)["name"].head(200).to_list()
    for name in profs["name"] if profs is not None else ():
        g.marks.setdefault(name.lower(), "prof")


def _gather_lexicon(g: _Gathered, lexicon: pl.DataFrame | None) -> None:
    """The hand-written lexicon: suffixes, marks, categories and values per fold."""
    for word, key, cat, value in lexicon.select("word", "fold", "category", "value").iter_rows() \
            if lexicon is not None else ():
        if cat.startswith(RULE_PREFIX):
            continue
        if cat.endswith("_suffix"):
            # Compared with the lower-cased word, not the fold: "-å" must not match "Hawa".
            g.suffixes[cat].append((word.lower().lstrip("-"), value or ""))
        elif cat in MARK_LABELS:
            _gather_mark(g.marks, word, key, cat)
        elif cat == "district" and key in g.se_towns and word.lower() not in g.se_towns[key]:
            continue  # Vårberg, a district, folds like the town Varberg: the town stays one
        else:
            d = g.note(key)
            d.setdefault("cats", set()).add(cat)
            if value and not d.get("value"):
                d["value"] = value
            if cat == "month":
                g.pools.setdefault("month", []).append(word)
    for cat in g.suffixes:
        g.suffixes[cat].sort(key=lambda sv: -len(sv[0]))
    for d in g.acc.values():
        # The hand-written lexicon knows better than a homonymous village: Landvetter the airport.
        cats = d.get("cats", ())
        kind = next((k for c, k in LEXICON_KINDS.items() if c in cats), None)
        if kind:
            d["place_kind"] = kind


def _gather_mark(marks: dict[str, str], word: str, key: str, cat: str) -> None:
    """A mark-only word, looked up by exact lower-case word: folding would make "målaren" a
    "malaren". A word of another language's letters is also its plain spelling, as learners
    type it ("vëlla" vella, "córka" corka, "dayê" daye): no Swedish word is folded."""
    low = word.lower()
    for spelling in (low, key) if SWEDISH_MARKS.isdisjoint(low) else (low,):
        if spelling not in marks or MARK_LABELS.index(cat) < MARK_LABELS.index(marks[spelling]):
            marks[spelling] = cat


def _gather_common(g: _Gathered, common: pl.DataFrame | None) -> None:
    """Word frequencies (Zipf) of the known folds and of every single word."""
    if common is None:
        return
    for word, freq in common.select("word", "frequency").iter_rows():
        if not word.isascii():
            low = word.lower()
            g.accented_zipf[low] = max(g.accented_zipf.get(low, 0.0), float(freq))
    g.common_accented = frozenset(w for w, f in g.accented_zipf.items() if f >= COMMON)
    for key, freq in common.select("fold", "frequency").iter_rows():
        if key in g.acc or " " not in key:
            d = g.acc[key]
            d["zipf"] = max(d.get("zipf", 0.0), float(freq))


def _compiled(g: _Gathered, snapshot_id: str, words: Words,
              test_personids: dict[str, tuple[str, ...]]) -> Lexicon:
    """The entries (one object per distinct entry) and the indexes derived from them."""
    shared: dict = {}  # one object per distinct value, so the pickled cache stores each once
    distinct: dict[Entry, Entry] = {}  # and one per distinct entry (87,000 words, 36,000 entries)
    entries: dict[str, Entry] = {}
    for key in sorted(g.acc):  # (in key order: `acc` is filled from sets, in hash order)
        e = _entry(g.acc[key], lambda v: shared.setdefault(v, v))
        entries[key] = distinct.setdefault(e, e)
    fuzzy: dict[str, list[str]] = defaultdict(list)
    common_by_letter: dict[str, list[str]] = defaultdict(list)
    for key, e in entries.items():
        if len(key) >= 4 and " " not in key and _fuzzy_target(e) \
                and key not in g.spelt_countries:
            fuzzy[key[0]].append(key)
        if e.zipf >= COMMON and len(key) >= 3 and not (e.gender or e.place_kind or e.country):
            common_by_letter[key[0]].append(key)
    split_names = frozenset(key for key, e in entries.items() if splittable(key, e))
    split_heads = frozenset(key[:k] for key in split_names for k in range(3, len(key) - 3))
    unnamed = [(k, e.zipf) for k, e in entries.items() if e.zipf >= RARE and not (
        e.gender or e.surname_rank or e.place_kind or e.country or e.org_kind)]
    return Lexicon(
        snapshot_id=snapshot_id, entries=entries, spelt_countries=frozenset(g.spelt_countries),
        common_by_letter={k: sorted(v) for k, v in common_by_letter.items()},
        phrases={w: sorted(((ws, entries[k]) for ws, k in lst), key=lambda p: -len(p[0]))
                 for w, lst in g.phrases.items()},
        pools={k: v for k, v in g.pools.items() if v}, cities_by_country=g.cities_by_country,
        place_aliases=g.place_aliases, name_origins=g.origins, continents=g.continents,
        country_languages=g.languages, neighbours=g.borders, districts_by_town=g.districts_by_town,
        place_region=g.place_region, place_within=g.place_within, region_places=g.region_places,
        streets_by_city=g.streets_by_city, fuzzy_targets={k: sorted(v) for k, v in fuzzy.items()},
        suffixes=dict(g.suffixes), marks=g.marks, common_accented=g.common_accented,
        accented_zipf=g.accented_zipf, words=words,
        municipalities=frozenset(g.municipalities),
        test_personids=test_personids, villages=Folds(g.villages),
        local_places=FoldValues(g.local_places),
        unnamed=frozenset(k for k, z in unnamed if z >= COMMON),
        frequent=tuple(k for k, e in entries.items() if e.zipf >= COMMON),
        unnamed_rare=frozenset(k for k, z in unnamed if z < COMMON), split_heads=split_heads,
        split_names=split_names, split_at=split_at(split_names, split_heads))


SPLIT_REST, SPLIT_HEAD = 1, 2  # `split_at`'s bits


def split_at(names: frozenset[str], heads: frozenset[str]) -> dict[str, int]:
    """Where a learner's split name (one of `names`, written apart after one of its `heads`)
    may be: the rests of 4+ letters after a head (SPLIT_REST: the token before may start one),
    and the heads that a shorter rest completes into a name ("stockho" + "lm", SPLIT_HEAD).
    Every head and rest making a name is one of these: `_split_names` finds its pairs by one
    look-up per token, where a third of an essay's words are heads ("kan", "for")."""
    found = dict.fromkeys(sorted({key[n:] for key in names for n in range(3, len(key) - 3)}),
                          SPLIT_REST)
    for head in sorted({key[:n] for key in names for n in range(max(3, len(key) - 3), len(key))
                        if key[:n] in heads}):
        found[head] = found.get(head, 0) | SPLIT_HEAD
    return found


def splittable(key: str, e: Entry) -> bool:
    """An institution (not an everyday word) or a Swedish town of SE_TOWN people or more, or a
    place of BIG_PLACE abroad, in one word: a learner may write it in two ("göte borg")."""
    return " " not in key and len(key) >= 7 and e.place_kind != "spelling" and (
        e.org_kind is not None and e.zipf < T.DOMINANT_WORD
        or e.se_pop >= T.SE_TOWN or e.place_pop >= T.BIG_PLACE)


def _direction_regions(countries: pl.DataFrame, prefixes: frozenset[str], acc: dict[str, dict],
                       note: Callable[..., dict]) -> None:
    """"nordirak", "sydsomalia": a direction prefix and a country in one word is a region of
    that country (a word the gazetteers already know keeps its reading: "sydsudan")."""
    for key, iso in countries.select("fold", "iso2").iter_rows():
        for prefix in prefixes if " " not in key else ():
            if prefix + key not in acc:
                note(prefix + key, phrase=False).update(place_kind="region", place_country=iso)


def _test_personids(frame: pl.DataFrame | None) -> dict[str, tuple[str, ...]]:
    """The test numbers by birth year (none when the snapshot lacks the gazetteer)."""
    by_year: dict[str, list[str]] = defaultdict(list)
    for number in sorted(frame["number"].to_list()) if frame is not None else ():
        by_year[number[:4]].append(number)
    return {year: tuple(numbers) for year, numbers in by_year.items()}


def _words(lexicon: pl.DataFrame | None) -> Words:
    """Every category's words, folded and exact; the rules' own lists without their prefix."""
    folds: dict[str, set[str]] = defaultdict(set)
    surfaces: dict[str, set[str]] = defaultdict(set)
    values: dict[str, dict[str, str]] = defaultdict(dict)
    if lexicon is not None:
        for word, key, cat, value in lexicon.select("word", "fold", "category", "value").iter_rows():
            cat = cat.removeprefix(RULE_PREFIX)
            low = word.lower()
            if low.startswith("-") and len(low) > 1:
                low, key = low[1:], key.lstrip("-")
            folds[cat].add(key)
            surfaces[cat].add(low)
            values[cat].setdefault(key, value or "")
            if value:  # "place_trigger.verb": the rows of one value, as a category of their own
                folds[f"{cat}.{value}"].add(key)
                surfaces[f"{cat}.{value}"].add(low)
    return Words(WordLists({c: frozenset(v) for c, v in folds.items()}),
                 {c: frozenset(v) for c, v in surfaces.items()}, dict(values))


def _origin_pools(frame: pl.DataFrame, prefix: str, pools: dict[str, list[str]],
                  origins: dict[str, tuple[str, ...]]) -> None:
    """Surrogate pools per origin group ("first_female:somali", "surname:polish") and the
    origin groups of every name, where the gazetteer records them."""
    import polars as pl

    if "origin" not in frame.columns:
        return
    known = frame.filter(pl.col("origin").is_not_null())
    by = ["gender", "origin"] if prefix == "first_" else ["origin"]
    # surrogates in letters a Swedish reader knows: Ihsan, not İhsan
    plain = known.filter(pl.col("name").str.contains(PLAIN_NAME))
    for *key, names in plain.group_by(by, maintain_order=True).agg(
            pl.col("name").head(300)).iter_rows():
        pools[f"{prefix}{key[0]}:{key[1]}" if len(key) == 2 else f"{prefix}:{key[0]}"] = names
    for key, origin in known.select("fold", "origin").iter_rows():
        if origin not in origins.get(key, ()):
            origins[key] = origins.get(key, ()) + (origin,)


# Surrogate places are written as a Swedish learner writes them: Swedish or plain Latin letters
# (never a scholarly transliteration such as "Ḩarastā").
PLAIN_NAME = r"^[A-Za-zÅÄÖåäöÉéÜü -]+$"
SURROGATE_PLACES = 40  # per country and kind, most populous first
REGION_PLACES = 15  # towns and districts per region of a surrogate city abroad


def _place_within(ranked: pl.DataFrame) -> dict[str, frozenset[str]]:
    """A town abroad's fold (its most populous reading) -> the folds of every name of the big
    town the builder found it a part of (its geonameid in admin2)."""
    import polars as pl

    first = ranked.unique(subset="fold", keep="first", maintain_order=True).filter(
        pl.col("country") != "SE", pl.col("kind") == "city", pl.col("admin2").is_not_null())
    towns = set(first["admin2"].to_list())
    names: dict[str, set[str]] = {}
    for gid, key in ranked.filter(pl.col("geonameid").cast(pl.String).is_in(towns)).select(
            pl.col("geonameid").cast(pl.String), "fold").iter_rows():
        names.setdefault(gid, set()).add(key)
    return {key: frozenset(names.get(town, ())) for key, town in
            first.select("fold", "admin2").iter_rows() if town in names}


def _surrogate_places(ranked: pl.DataFrame, pools: dict[str, list[str]]
                      ) -> tuple[dict[str, list[str]], dict[str, frozenset[str]],
                                 dict[str, list[str]]]:
    """Cities by country and regions/areas/geo features by "kind:country" pool, each feature
    once under its Swedish name (a GeoNames exonym: Göteborg, not Gothenburg) or else its
    main name, in plain letters; the folds of all names of each chosen feature; and, for the
    first-level region ("TR.34") of each city abroad in the pool, its places: the biggest, then
    its districts, then its towns, each most populous first (Istanbul, Kadıköy, ..., Esenyurt):
    where a district abroad is drawn."""
    import polars as pl

    feature = pl.coalesce(pl.col("geonameid").cast(pl.String), pl.lit("n:") + pl.col("fold"))
    rows = ranked.with_columns(feature=feature, swedish=pl.col("kind") == "exonym")
    aliases = rows.group_by("feature", maintain_order=True).agg(pl.col("fold"))
    rows = rows.filter(pl.col("kind") != "spelling")  # another spelling is no surrogate
    # an exonym's kind is the kind of its feature's main row
    kinds = rows.filter(~pl.col("swedish")).group_by("feature").agg(
        pl.col("kind").first().alias("fkind"), pl.col("admin1").first().alias("fadmin1"))
    named = rows.join(kinds, on="feature", how="left").with_columns(
        fkind=pl.coalesce("fkind", "kind"), fadmin1=pl.coalesce("fadmin1", "admin1")).filter(
        pl.col("fkind").is_in(["city", "region", "area", "geo"]),
        pl.col("name").str.contains(PLAIN_NAME), ~pl.col("name").str.contains(" ")
        | (pl.col("fkind") != "city"))
    named = named.sort(["population", "swedish", "native", "name"],
                       descending=[True, True, True, False], nulls_last=True).unique(
        subset=["feature"], keep="first", maintain_order=True)
    chosen = named.group_by(["fkind", "country"], maintain_order=True).agg(
        pl.col("name").head(SURROGATE_PLACES), pl.col("feature").head(SURROGATE_PLACES))
    cities: dict[str, list[str]] = {}
    wanted: dict[str, str] = {}
    for kind, country, names, features in chosen.iter_rows():
        if not country:
            continue
        if kind == "city":
            cities[country] = names
        else:
            pools[f"{kind}:{country}"] = names
        wanted.update(zip(features, names))
    out = {}
    for feat, folds in aliases.filter(pl.col("feature").is_in(list(wanted))).iter_rows():
        out[wanted[feat]] = frozenset(folds) | out.get(wanted[feat], frozenset())
    places = named.filter(pl.col("fkind").is_in(["city", "area"]), pl.col("country") != "SE",
                          pl.col("fadmin1").is_not_null(), pl.col("fadmin1") != "").with_columns(
        region=pl.col("country") + "." + pl.col("fadmin1"))
    pooled = places.filter(pl.col("name").is_in([c for cs in cities.values() for c in cs]))
    # the region's biggest place first, then its districts (GeoNames PPLX), then its towns
    regions = {region: names for region, names in places.filter(
        pl.col("region").is_in(pooled["region"].unique().to_list())).with_columns(
        rank=pl.int_range(pl.len()).over("region")).sort(
        ["region", pl.col("rank") > 0, pl.col("fkind") != "area", "rank"]).group_by(
        "region", maintain_order=True).agg(pl.col("name").head(REGION_PLACES)).iter_rows()}
    return cities, out, regions


def _village_pools(ranked: pl.DataFrame, districts: set[str], pools: dict[str, list[str]]
                   ) -> None:
    """Every Swedish locality of known population by county ("village:SE.03": Färila, Järvsö,
    ...), smallest first, one-word names in plain letters and no district: where lifelike draws
    a "by" (the size bound is surrogates.toml's `village_max`, applied at drawing)."""
    import polars as pl

    rows = ranked.filter(pl.col("country") == "SE", pl.col("kind") == "city",
                         pl.col("population") > 0, pl.col("admin1").is_not_null(),
                         pl.col("name").str.contains(PLAIN_NAME), ~pl.col("name").str.contains(" "),
                         ~pl.col("name").is_in(list(districts))).unique(
        subset="name", keep="first", maintain_order=True).sort(["population", "name"])
    for county, names in rows.group_by("admin1", maintain_order=True).agg(
            pl.col("name")).iter_rows():
        pools[f"village:SE.{county}"] = names


def _entry(d: dict, _shared: Callable) -> Entry:
    return Entry(_shared(d.get("gender")), d.get("first_rank", 0), d.get("surname_rank", 0),
                 _shared(d.get("place_kind")), _shared(d.get("place_country", "")),
                 d.get("place_pop", 0), d.get("se_pop", 0),
                 _shared(d.get("country", "")), _shared(d.get("org_kind")),
                 _shared(frozenset(d.get("cats", ()))), _shared(d.get("value", "")),
                 round(d.get("zipf", 0.0), 2))


def _fuzzy_target(e: Entry) -> bool:
    """Misspellings are matched only against well-attested names and places (a big city abroad
    also under its Swedish name: "bagdag" is Bagdad, "damskus" Damaskus)."""
    return bool(e.country or (e.first_rank and e.first_rank <= T.FUZZY_NAME_RANK)
                or (e.se_pop and e.place_kind in ("city", "municipality", "region"))
                or (e.place_kind in ("city", "exonym") and e.place_pop >= T.BIG_PLACE))
