"""The compiled lexicon is the same whatever the process: its sets are iterated in hash order,
which Python changes from process to process, and a lexicon cache compiled by one process
serves others (same inputs must give byte-identical output)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

SCRIPT = """
import sys
from pathlib import Path
from pseudonymize import lexicon
lex = lexicon.load(Path(sys.argv[1]), Path(sys.argv[2]))
e = lex.get("holmsund")
print(e.place_kind, list(lex.entries) == sorted(lex.entries))
"""


def test_a_word_of_two_place_kinds_compiles_alike_under_any_hash_seed(engine_snapshot: Path,
                                                                      tmp_path: Path) -> None:
    """"Holmsund" is a district and a lake's name in the tiny lexicon: the district wins in
    every process, and the entries keep one order."""
    for seed in ("1", "2", "3"):
        env = {**os.environ, "PYTHONHASHSEED": seed,
               "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
        run = subprocess.run([sys.executable, "-c", SCRIPT, str(engine_snapshot),
                              str(tmp_path / seed)], env=env, capture_output=True, text=True,
                             check=True)
        assert run.stdout.split() == ["city", "True"], seed



def test_the_cache_gives_back_the_compiled_lexicon(engine_snapshot: Path, tmp_path: Path
                                                   ) -> None:
    """What the cache holds (`one_of_each`, `pickletools.optimize`) changes no value: the
    lexicon read from it equals a fresh compile, its deferred tables too."""
    import json

    from pseudonymize import lexicon

    lexicon.load(engine_snapshot, tmp_path)  # compiles and writes the cache
    cached = lexicon.load(engine_snapshot, tmp_path)
    fresh = lexicon.compile_snapshot(json.loads(engine_snapshot.read_text()),
                                     engine_snapshot.resolve().parents[2])
    assert cached == fresh and cached.words == fresh.words
    assert all(getattr(cached, name) == getattr(fresh, name) for name in lexicon.DEFERRED)


def test_one_of_each_shares_equal_values_of_one_type_and_changes_none() -> None:
    """Equal strings, entries and frozensets become one object; 1, True and 1.0 stay apart;
    lists and dicts keep their own type and identity."""
    from pseudonymize.lexicon import EMPTY, Entry, Lexicon, WordLists, Words, one_of_each

    def word(text: str) -> str:
        return "".join(list(text))  # a new object each time

    a, b = Entry(*EMPTY[:9], frozenset({word("fam")}), "", 1.0), \
        Entry(*EMPTY[:9], frozenset({word("fam")}), "", 1.0)
    listed = [word("anna"), word("anna")]
    folds = WordLists({"fam": frozenset({word("anna")})})
    lex = Lexicon("s", {word("anna"): a, word("berg"): b},
                  {word("anna"): [((word("anna"), word("berg")), b)]},
                  pools={"first": listed}, name_origins={word("x"): (1, True, 1.0)},
                  words=Words(folds))
    before = repr(lex)
    one_of_each(lex)
    assert repr(lex) == before and lex.pools["first"] is listed and lex.words.folds is folds
    assert isinstance(lex.words.folds, WordLists)
    (anna, first), (berg, second) = lex.entries.items()
    assert first is second and listed[0] is listed[1] is anna
    assert next(iter(lex.words.folds["fam"])) is anna
    assert lex.phrases[anna][0][0] == (anna, berg) and lex.phrases[anna][0][0][0] is anna
    assert [type(v) for v in lex.name_origins["x"]] == [int, bool, float]


def test_the_detectors_tables_are_read_back_as_made(engine_snapshot: Path, tmp_path: Path
                                                     ) -> None:
    """An engine loaded from a snapshot writes the tables its detectors derive from the lexicon
    (`Lexicon.derived`) beside the lexicon's cache; the next one reads them and makes none, and
    they equal those an engine without the cache makes (so do its spans)."""
    from pseudonymize import lexicon
    from pseudonymize.engine import Engine

    first = Engine.load(engine_snapshot, tmp_path)
    assert list(tmp_path.glob("derived-*.pickle")) and not first.lex.derived_tables.made
    second = Engine.load(engine_snapshot, tmp_path)
    read = dict(second.lex.derived_tables)
    assert read and not second.lex.derived_tables.made and dict(second.lex.derived_tables) == read
    fresh = Engine(lexicon.load(engine_snapshot, tmp_path))
    assert dict(fresh.lex.derived_tables) == read
    text = "Jag heter Anna Berg och bor i Holmsund. Min kompis Omar jobbar på Volvo i Göteborg."
    assert second.detect(text) == fresh.detect(text) and second.detect(text)


def test_the_detectors_tables_are_keyed_by_every_module_the_detectors_load() -> None:
    """`detectors.SOURCES` names every module of this project that importing the detectors
    loads: a change to any of them makes the derived tables again."""
    code = ("import sys, pseudonymize.detectors as d; print(sorted(m for m in sys.modules "
            "if m.split('.')[0] in ('pseudonymize', 'builders', 'flows')) == sorted(d.SOURCES))")
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    run = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         check=True)
    assert run.stdout.strip() == "True"


def test_an_unwritable_cache_leaves_the_engine_working(engine_snapshot: Path, tmp_path: Path,
                                                        monkeypatch) -> None:
    """A data root the process may not write (a shared, read-only one): the tables are made in
    memory and the engine works; the next process makes them again."""
    from pseudonymize import lexicon
    from pseudonymize.engine import Engine

    lexicon.load(engine_snapshot, tmp_path)  # the lexicon's cache, written by its owner

    def refused(path: Path, obj: object) -> None:
        raise PermissionError(path)

    monkeypatch.setattr(lexicon, "_write", refused)
    engine = Engine.load(engine_snapshot, tmp_path)
    assert engine.lex.derived_tables.made and not list(tmp_path.glob("derived-*"))
    assert engine.detect("Jag heter Anna Berg och bor i Holmsund.")


def test_the_cache_keeps_the_files_last_used_and_removes_older_ones(engine_snapshot: Path,
                                                                    tmp_path: Path) -> None:
    """Each snapshot or code version writes its own cache files: beyond CACHE_KEEP of a kind,
    the least recently used go (reading one counts as use), other files stay."""
    import time

    from pseudonymize import lexicon

    stale = [tmp_path / f"lexicon-old{n}-x.pickle" for n in range(lexicon.CACHE_KEEP + 1)]
    for age, path in enumerate(stale):
        path.write_bytes(b"")
        os.utime(path, (time.time() - 1000 + age, time.time() - 1000 + age))
    other = tmp_path / "derived-old-x-y.pickle"
    other.write_bytes(b"")
    os.utime(stale[0], None)  # the oldest, just read by another process
    lexicon.load(engine_snapshot, tmp_path)
    kept = sorted(p.name for p in tmp_path.glob("lexicon-*.pickle"))
    assert len(kept) == lexicon.CACHE_KEEP and stale[0].name in kept
    assert stale[-1].name in kept and stale[1].name not in kept and other.exists()


def _warm_key(engine) -> tuple:
    return next(k for k in engine.lex.derived_tables if isinstance(k, tuple)
                and k[0] == "warm spellings")


def test_the_frequent_words_tables_read_back_are_those_a_pass_makes(engine_snapshot: Path,
                                                                     tmp_path: Path) -> None:
    """`Spellings.warm`: an engine loaded from the cache holds, for the lexicon's frequent words
    (lower case, and the most frequent capitalised), the rows, marks and context masks a pass
    would make for them, their entries those `Lexicon.spelt` gives: the lexicon's own objects
    for a spelling folding keeps (`EMPTY` is tested by identity), the spelling's own frequency
    for one it changes ("är" is not "ar")."""
    from pseudonymize.doc import FOLDS, Marks
    from pseudonymize.engine import Engine
    from pseudonymize.lexicon import EMPTY

    Engine.load(engine_snapshot, tmp_path)
    engine = Engine.load(engine_snapshot, tmp_path)
    assert not engine.lex.derived_tables.made
    texts = engine.lex.derived_tables[_warm_key(engine)][0]
    assert "och" in texts and "Och" in texts and "Holmsund" not in texts
    context = next(d for d in engine.detectors if hasattr(d, "remembered"))
    spelt_apart = 0
    for text in texts:
        key, entry, opener, capital, *marks = engine.spellings[text]
        assert key == FOLDS[text] and entry == engine.lex.spelt(text, key)
        if text.isascii():
            assert entry is engine.lex.entries.get(key, EMPTY)
        spelt_apart += entry is not engine.lex.entries.get(key, EMPTY)
        assert marks == [Marks(m.bits)[text] for m in engine.spellings.marks]
        index = context.lower if text[0].islower() else context.capital
        assert index._own[text] == index._own_mask(text, key, entry)
        assert index._next[text] == index._next_mask(text, key)
    assert spelt_apart  # "är" is rarer than its fold's "ar" as written


def test_a_changed_snapshot_or_source_makes_the_frequent_words_tables_again(
        engine_snapshot: Path, tmp_path: Path, monkeypatch) -> None:
    """The frequent words' tables are kept with the derived ones, keyed by the snapshot and the
    detectors' sources: another snapshot or another code version makes and writes its own."""
    import json
    import shutil

    from pseudonymize import detectors
    from pseudonymize.engine import Engine

    Engine.load(engine_snapshot, tmp_path)
    assert len(list(tmp_path.glob("derived-*.pickle"))) == 1
    monkeypatch.setattr(detectors, "version", lambda: "changed")
    engine = Engine.load(engine_snapshot, tmp_path)
    assert len(list(tmp_path.glob("derived-*changed.pickle"))) == 1 and _warm_key(engine)
    root = engine_snapshot.resolve().parents[2]  # a copy of the data root, another snapshot id
    copy = tmp_path / "home"
    shutil.copytree(root, copy, ignore=shutil.ignore_patterns("cache"))
    other = copy / engine_snapshot.resolve().relative_to(root).with_name("other.json")
    other.write_text(json.dumps({**json.loads(engine_snapshot.read_text()), "id": "other"}))
    engine = Engine.load(other, tmp_path)
    assert list(tmp_path.glob("derived-other-*changed.pickle")) and _warm_key(engine)


def test_the_villages_folds_answer_as_the_set_they_hold() -> None:
    """`Folds` (the villages abroad, kept as a few thousand delimited runs so a process unpickles
    those, not 103,000 strings) answers `in`, `len`, iteration and equality as a frozenset of
    the same folds, also for the empty fold, a key with a line break or two lines of the set,
    a prefix or extension of a fold, a non-string and an unpickled copy."""
    import pickle

    from pseudonymize.lexicon import FOLD_RUNS, Folds

    folds = {"radslavice", "achacachi", "a", "", "ba", "bar", "bär", "san josé", "x" * 300}
    folds |= {f"by{n}" for n in range(3 * FOLD_RUNS)}  # runs of several folds each
    held = Folds(folds)
    for copy in (held, pickle.loads(pickle.dumps(held, protocol=pickle.HIGHEST_PROTOCOL))):
        assert copy == held and len(copy) == len(folds) and set(copy) == folds
        for key in folds | {"radslavic", "radslavicee", "b", "barr", "by1\nby2", "a\n", "\n",
                            "by", "x" * 299, "\ud800", "Radslavice"}:
            assert (key in copy) == (key in folds), key
        assert 1 not in copy and None not in copy
    assert Folds() == Folds([]) and len(Folds()) == 0 and "" not in Folds() and list(Folds()) == []
    assert Folds(["a"]) != Folds(["b"]) and Folds(["a"]) != frozenset({"a"})
