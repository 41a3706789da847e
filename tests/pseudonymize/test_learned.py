"""The learned tagger (pseudonymize.learned): the policy's switch, the review page's doubts, the
per-spelling feature cache, the packaged model's digest and byte-reproducible training."""
from __future__ import annotations

import hashlib
import json
import shutil
import sys
from collections import Counter
from itertools import compress
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pseudonymize import learned
from pseudonymize.detectors.gazetteer_match import Matcher
from pseudonymize.doc import Doc
from pseudonymize.engine import Engine, Memory
from pseudonymize.policy import Policy, PolicyError, parse
from pseudonymize.review.doubts import REASONS, Doubts

pytestmark = pytest.mark.slow

REPLACE, REVIEW, OFF = (Policy(learned=mode) for mode in ("replace", "review", "off"))

# (invented sentence, a word no list holds that the tagger finds where no rule does)
FOUND = [
    ("På sommaren åker vi till mormors hus i kelbarra vid havet.", "kelbarra"),
    ("Vi flydde över bergen till qarashal och sedan vidare.", "qarashal"),
]
# everyday sentences: nothing from the tagger
EVERYDAY = [
    "Jag tycker om att laga mat och läsa böcker på kvällarna.",
    "Igår regnade det hela dagen så vi stannade hemma och spelade kort.",
]


@pytest.fixture(scope="module")
def engine(offline_snapshot: Path) -> Engine:
    return Engine.load(offline_snapshot)


def _learned(engine: Engine, text: str, policy: Policy | None = None) -> list[str]:
    result = engine.pseudonymize(text, "e", policy=policy)
    return [a.original for a in result.annotations if a.rule == "learned"]


@pytest.mark.parametrize(("text", "word"), FOUND)
def test_a_word_no_list_holds_is_replaced_by_default_and_kept_when_off(
        engine: Engine, text: str, word: str) -> None:
    assert not [s for s in engine.detect(text, policy=OFF)
                if text[s.start:s.end] == word]  # no rule finds it
    default = engine.pseudonymize(text, "e")
    assert word in _learned(engine, text) and word not in default.target
    assert _learned(engine, text, REPLACE) == _learned(engine, text)
    off = engine.pseudonymize(text, "e", policy=OFF)
    assert word in off.target and _learned(engine, text, OFF) == []


# (a word the tagger finds in the first sentence, its later mention where the context is weak)
RECURRING = [
    ("Vi flydde över bergen till qarashal och sedan vidare. Jag minns qarashal varje dag.",
     "qarashal"),
    # (the model trained on dev29 reads a rare lower-case word written twice ("again") as less
    # likely a name: beside "Jag minns kelbarra varje dag" the first mention peaks at 0.74, below
    # LEARNED_THRESHOLD; the qarashal row above keeps the weak later context)
    ("På sommaren åker vi till mormors hus i kelbarra vid havet. Sedan åker vi hem från kelbarra.",
     "kelbarra"),
]


@pytest.mark.parametrize(("text", "word"), RECURRING)
def test_every_mention_of_what_the_tagger_found_is_replaced(engine: Engine, text: str,
                                                            word: str) -> None:
    assert engine.pseudonymize(text, "e", policy=OFF).target.count(word) == 2  # rules: neither
    result = engine.pseudonymize(text, "e")
    assert word not in result.target  # no mention left beside its surrogate
    assert _learned(engine, text) == [word, word]


def test_a_recurring_mention_needs_the_same_words(engine: Engine) -> None:
    text = "Vi flydde över bergen till qarashal och sedan vidare. Jag minns qarashaliska sånger."
    assert "qarashaliska" in engine.pseudonymize(text, "e").target


# (an essay, the words the tagger found in it with their peaks, whether they join the memory)
SURE = [
    ("Vi reste till qarashal och sedan från qarashal hem.", ["qarashal"] * 2, [0.93, 0.99],
     True),  # found twice, each by its own context
    ("Vi reste till qarashal och sedan hem.", ["qarashal"], [0.99], False),  # once, lower case
    ("Vi reste till Qarashal och sedan hem.", ["Qarashal"], [0.99], True),  # capitalised ...
    ("Qarashal var en vacker stad.", ["Qarashal"], [0.99], False),  # ... where no sentence starts
    ("Vi reste till Qarashal och sedan hem.", ["Qarashal"], [0.95], False),  # peak below 0.98
    ("Jag ringde Omar Jan och frågade om bilen.", ["Jan"], [0.99], False),  # a listed name
]


@pytest.mark.parametrize(("text", "words", "peaks", "kept"), SURE)
def test_only_entities_the_tagger_is_sure_of_join_the_memory(
        engine: Engine, text: str, words: list[str], peaks: list[float], kept: bool) -> None:
    doc = Doc.make(text, engine.lex, engine.spellings)
    found, pos = [], 0
    for word in words:
        pos = text.index(word, pos)
        found.append(learned.RULE.span(pos, pos + len(word), "city",
                                       key=engine.spellings[word][0]))
        pos += len(word)
    got = learned.sure(doc, found, peaks)
    assert got == ({("city", found[0].key)} if kept else set())


# (an essay, the word the tagger found with its label, the label the words beside it say)
RELABEL = [
    ("Jag kommer från Recife i qarashal, Brasilien.", "qarashal", "city", "region"),
    ("Jag kommer från Recife i qarashal, Brasilien.", "qarashal", "area", "region"),
    ("Jag kommer från Recife i qarashal, Brasilien.", "qarashal", "geo", "geo"),  # not a town's
    ("Jag kommer från qarashal i Brasilien.", "qarashal", "city", "city"),  # no town before
    ("Vi badade i floden qarashal varje dag.", "qarashal", "city", "geo"),  # a kind noun
    ("Vi badade i en flod som heter qarashal.", "qarashal", "city", "geo"),
    ("Vi badade i floden qarashal varje dag.", "qarashal", "firstname_male", "firstname_male"),
]


@pytest.mark.parametrize(("text", "word", "label", "want"), RELABEL)
def test_the_words_beside_a_tagged_place_say_its_kind(engine: Engine, text: str, word: str,
                                                      label: str, want: str) -> None:
    doc = Doc.make(text, engine.lex, engine.spellings)
    start = text.index(word)
    found = [learned.RULE.span(start, start + len(word), label, key=word)]
    spans = engine.detect(text, policy=OFF)
    assert [s.label for s in engine.tagger._relabel(doc, found, spans)] == [want]


def _learner(engine: Engine, texts: list[str]) -> list[str]:
    memory = Memory()
    return [engine.pseudonymize(t, f"e{i}", memory=memory).target for i, t in enumerate(texts)]


def test_a_guess_stays_in_its_essay_and_a_sure_entity_reaches_the_others(
        engine: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    texts = ["Vi flydde över bergen till qarashal och sedan vidare.",
             "Jag minns qarashal. Det var kallt där."]
    first, second = _learner(engine, texts)  # one lower-case mention: a guess
    assert "qarashal" not in first and "qarashal" in second
    monkeypatch.setattr(learned, "sure", lambda doc, found, peaks: frozenset(
        (s.label, s.key) for s in found))
    first, second = _learner(engine, texts)
    assert "qarashal" not in first and "qarashal" not in second


@pytest.mark.parametrize(("text", "word"), FOUND)
def test_review_shows_a_doubt_and_leaves_the_output_alone(engine: Engine, text: str,
                                                          word: str) -> None:
    review = engine.pseudonymize(text, "e", policy=REVIEW)
    assert review.target == engine.pseudonymize(text, "e", policy=OFF).target
    spans = engine.detect(text, policy=REVIEW)
    doc = Doc.make(text, engine.lex, engine.spellings)
    doubts = Doubts(engine.lex)(doc, spans, learned=engine.learned_spans(doc, spans))
    assert {"start": text.index(word), "end": text.index(word) + len(word),
            "reason": "learned"} in doubts
    assert "learned" in REASONS


@pytest.mark.parametrize("text", EVERYDAY)
def test_everyday_words_get_nothing(engine: Engine, text: str) -> None:
    assert _learned(engine, text) == []
    doc = Doc.make(text, engine.lex, engine.spellings)
    assert engine.learned_spans(doc, engine.detect(text, policy=OFF)) == []


WORDS = ["Jag", "bor", "i", "Malmö", "och", "min", "vän", "heter", "zardakhel", "Ulrikza", "123",
         ".", ",", "Hon", "kommer", "från", "Irak", "skolan", "ABC", "2019", "!", "Ali",
         "Zardakhel", "ulrikza"]


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(WORDS), min_size=1, max_size=25))
def test_the_cache_gives_the_features_made_afresh(engine: Engine, words: list[str]) -> None:
    doc = Doc.make(" ".join(words), engine.lex, engine.spellings)
    namelike, slots = engine.tagger.matcher.namelike, learned.Slots(engine.lex)
    cache = learned.FeatureCache(engine.spellings, engine.lex.name_origins, namelike,
                                 slots=slots)
    n, fresh = len(doc.texts), learned.features(doc, engine.lex.name_origins, namelike, slots)
    marks = learned.EssayMarks(doc)
    assert _decoded(cache.join(doc, range(n), marks)) == fresh
    for a, b in ((1, n - 1), (0, n - 1), (2, n), (n // 2, n // 2 + 1)):
        if a < b:  # a part of an essay: the same lists as the whole essay's there
            assert _decoded(cache.join(doc, range(a, b), marks)) == fresh[a:b]


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_only_the_models_attributes_give_the_same_marginals(engine: Engine,
                                                            data: st.DataObject) -> None:
    """`model_table`: the tagger gives crfsuite only the attributes its model knows (those
    `info()` lists; the warm spellings' features filtered once), and the marginals are those
    of every feature given, on generated sentences of frequent, listed and invented words."""
    tagger = engine.tagger
    assert tagger.cache.attributes == frozenset(a.encode() for a in tagger.crf.info().attributes)
    words = data.draw(st.lists(st.one_of(st.sampled_from(sorted(tagger.cache.warm)[:3000]),
                                         st.sampled_from(WORDS), INVENTED),
                               min_size=1, max_size=20))
    doc = Doc.make(" ".join(words), engine.lex, engine.spellings)
    every = learned.FeatureCache(engine.spellings, engine.lex.name_origins,
                                 tagger.matcher.namelike, slots=learned.Slots(engine.lex))
    run, marks = range(len(doc.texts)), learned.EssayMarks(doc)
    crf, tags = tagger.crf, tagger.tags
    crf.set(every.join(doc, run, marks))
    want = [crf.marginal(t, i) for i in run for t in tags]
    crf.set(tagger.cache.join(doc, run, marks))
    assert [crf.marginal(t, i) for i in run for t in tags] == want


ESSAY = ["Vi", "bor", "i", "Zardakhel", "zardakhel", "ZARDAKHEL", "Malmö", "malmö", "och",
         "jag", "Jag", ".", "!", "\n", "Ulrikza", "ulrikza", "12", "skolan", "Skolan"]


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(ESSAY), max_size=30))
def test_the_essays_capitals_are_those_no_sentence_starts_with(engine: Engine,
                                                              words: list[str]) -> None:
    """`EssayMarks.caps` (by C-level calls over the capitalised tokens) is the folds written
    capitalised where no sentence starts: a Counter of them less those at the starts, as it
    was made before."""
    doc = Doc.make(" ".join(words), engine.lex, engine.spellings)
    n = len(doc.texts)
    mid = Counter(compress(doc.folds, doc.capitals))
    mid.subtract(doc.folds[k] for k in doc.starts if k < n and doc.capitals[k])
    assert learned.EssayMarks(doc).caps == frozenset(k for k, c in mid.items() if c > 0)


@pytest.mark.parametrize(("text", "word", "marks"), [
    ("Vi bor i Zardakhel nu. Jag minns zardakhel.", "zardakhel", ("cap_elsewhere", "again")),
    ("Zardakhel är fin. Jag minns zardakhel.", "zardakhel", ("again",)),  # a sentence's start
    ("Vi bor i Malmö nu. Jag minns malmö.", "malmö", ("cap_elsewhere",)),  # an everyday word
    ("Jag minns zardakhel.", "zardakhel", ()),
])
def test_what_the_rest_of_the_essay_says_of_a_word(engine: Engine, text: str, word: str,
                                                   marks: tuple[str, ...]) -> None:
    doc = Doc.make(text, engine.lex, engine.spellings)
    assert learned.EssayMarks(doc).of(doc, doc.texts.index(word)) == marks


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(ESSAY + WORDS), max_size=30), st.integers(0, 30),
       st.integers(0, 30))
def test_the_tokens_with_essay_features_are_among_those_looked_at(
        engine: Engine, words: list[str], a: int, b: int) -> None:
    """`EssayMarks.among` (C-level passes over a run) holds every token of the run that `of`
    gives a feature, so `join` asks `of` of those alone: the same lists."""
    doc = Doc.make(" ".join(words), engine.lex, engine.spellings)
    marks, run = learned.EssayMarks(doc), range(min(a, b, len(doc.texts)),
                                                  min(max(a, b), len(doc.texts)))
    looked = list(marks.among(doc, run))
    assert looked == sorted(set(looked)) and set(looked) <= set(run)
    assert {k for k in run if marks.of(doc, k)} <= set(looked)


@settings(max_examples=100, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(WORDS + ["mamma", "kelbarra", "till"]), max_size=30))
def test_the_counting_tokens_are_those_counts_passes(engine: Engine, words: list[str]) -> None:
    """`Tagger.counting` (asked once an essay, read by `runs` and `_tag`) is every token
    `counts` passes, in order, and `runs` made from it is `runs` made afresh."""
    doc = Doc.make(" ".join(words), engine.lex, engine.spellings)
    tagger, taken = engine.tagger, bytearray(len(doc.text) + 1)
    counting = tagger.counting(doc)
    assert counting == [k for k in range(len(doc.texts)) if tagger.counts(doc, k)]
    assert tagger.runs(doc, taken, counting) == tagger.runs(doc, taken)


def _decoded(rows: list[list[bytes]]) -> list[list[str]]:
    return [[f.decode() for f in row] for row in rows]


# invented words and numbers in any case beside the frequent spellings (`frequent_table`'s)
INVENTED = st.text(alphabet="abdeikloqrstuzåäöABKQZ019-'", min_size=1, max_size=12)


@settings(max_examples=80, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_the_frequent_spellings_table_gives_what_is_made_afresh(engine: Engine,
                                                               data: st.DataObject) -> None:
    """`frequent_table`: the features and candidate tests the tagger reads from the lexicon's
    derived tables are those `features` and `candidate` make afresh, on generated sentences
    of frequent, listed and invented words, and a new spelling's the same."""
    tagger = engine.tagger
    frequent = sorted(tagger.cache.warm)
    words = data.draw(st.lists(st.one_of(st.sampled_from(frequent), st.sampled_from(WORDS),
                                         INVENTED), min_size=1, max_size=30))
    doc = Doc.make(" ".join(words), engine.lex, engine.spellings)
    origins, namelike = engine.lex.name_origins, tagger.matcher.namelike
    slots = learned.Slots(engine.lex)
    fresh = learned.FeatureCache(engine.spellings, origins, namelike, slots=slots)  # none warm
    n, marks = len(doc.texts), learned.EssayMarks(doc)
    want = learned.features(doc, origins, namelike, slots)
    known = tagger.cache.attributes  # (the model's: `model_table`)
    assert _decoded(tagger.cache.join(doc, range(n), marks)) == [
        [f for f in row if f.encode() in known] for row in want]
    assert _decoded(fresh.join(doc, range(n), marks)) == want
    for k, word in enumerate(doc.texts):
        assert bool(tagger._candidate(word)) == bool(learned.candidate(
            word, doc.folds[k], doc.entries[k], learned.T.LEARNED_GUARD_ZIPF, tagger.matcher))


def test_the_tagger_reads_the_frequent_spellings_from_the_derived_tables(engine: Engine
                                                                         ) -> None:
    """Made once per lexicon and code (`Lexicon.derived`), one bytes object a spelling that
    `unpacked` reads back as `spelling_parts` encoded; an earlier version's table is dropped."""
    tagger, lex = engine.tagger, engine.lex
    assert {"och", "skolan", "Och"} <= tagger.cache.warm.keys()
    assert tagger.candidates["och"] is False
    e = lex.entries["stockholm"]
    parts = learned.spelling_parts("Stockholm", "stockholm", e, lex.name_origins)
    assert learned.unpacked(learned.packed(parts)) == tuple(
        tuple(f.encode() for f in part) for part in parts)
    assert learned.packed((("w=a\nb",), (), (), (), ())) == b""  # (never kept)
    old, stale = (learned.WARM_TABLE, "0" * 16), (learned.MODEL_TABLE, "0" * 16, "0" * 64)
    lex.derived_tables[old] = ((), (), ())
    lex.derived_tables[stale] = (frozenset(), ())
    again = learned.Tagger(engine.spellings, tagger.matcher)
    assert old not in lex.derived_tables and stale not in lex.derived_tables
    assert sum(1 for n in lex.derived_tables if n[:1] == (learned.WARM_TABLE,)) == 1
    # the model's attributes and the frequent spellings' features less the others, by the
    # model's sha256 (`model_table`): another model's tagger makes its own
    assert [n[2] for n in lex.derived_tables if n[:1] == (learned.MODEL_TABLE,)] == [
        again.sha256]
    assert learned.kept(learned.packed((("w=a", "b"), ("c",), (), (), ("d",))),
                        frozenset({b"b", b"d"})) == learned.packed((("b",), (), (), (), ("d",)))
    assert learned.kept(learned.packed((("w=a",), (), (), (), ())), frozenset()) == b""


def test_the_packaged_model_is_the_one_its_json_records() -> None:
    meta = json.loads(learned.META.read_text(encoding="utf-8"))
    assert hashlib.sha256(learned.MODEL.read_bytes()).hexdigest() == meta["sha256"]
    assert not {"blind", "blind2", "heldout", "dev33"} & set(meta["trained_on"])
    assert "CC BY 4.0" in meta["attribution"] and meta["command"]


def _copy(tmp_path: Path) -> Path:
    model = tmp_path / "tagger.crfsuite"
    shutil.copy(learned.MODEL, model)
    shutil.copy(learned.META, model.with_suffix(".json"))
    return model


def _matcher(engine: Engine) -> Matcher:
    return next(d for d in engine.detectors if hasattr(d, "everyday_variant"))


def test_an_altered_or_missing_model_is_refused_in_one_line(engine: Engine,
                                                             tmp_path: Path) -> None:
    model = _copy(tmp_path)
    learned.Tagger(engine.spellings, _matcher(engine), model)  # the copy loads
    data = bytearray(model.read_bytes())
    data[-1] ^= 1
    model.write_bytes(bytes(data))
    with pytest.raises(learned.LearnedError, match="sha256") as err:
        learned.Tagger(engine.spellings, _matcher(engine), model)
    assert "\n" not in str(err.value) and 'learned = "off"' in str(err.value)
    with pytest.raises(learned.LearnedError, match="cannot read"):
        learned.Tagger(engine.spellings, _matcher(engine), tmp_path / "none.crfsuite")


def test_without_python_crfsuite_the_engine_says_how_to_turn_it_off(
        offline_snapshot: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pycrfsuite", None)  # import fails
    fresh = Engine.load(offline_snapshot)
    with pytest.raises(learned.LearnedError, match='python-crfsuite.*learned = "off"'):
        fresh.pseudonymize("Jag bor i zardakhel.", "e")
    assert fresh.pseudonymize("Jag bor i zardakhel.", "e", policy=OFF).target


def test_the_policy_switch_is_validated() -> None:
    assert parse(b'learned = "review"\n').learned == "review"
    assert parse(b"").learned == ""  # the engine's default: replace
    assert Engine.learned_default == "replace"
    with pytest.raises(PolicyError, match="learned.*'maybe' is not one of replace, review, off"):
        parse(b'learned = "maybe"\n', "p.toml")


TINY = [("Jag heter Zorba och bor i Kastrup.", [(10, 15, "firstname_male"), (25, 32, "city")]),
        ("Min syster Lalla jobbar på Fiskeboden i Vrena.",
         [(11, 16, "firstname_female"), (27, 37, "work"), (40, 45, "city")]),
        ("Vi ringde 0701234567 till mamma.", [(10, 20, "phone_nr")])]


def test_training_is_byte_reproducible(engine: Engine, tmp_path: Path) -> None:
    made = []
    for n in (1, 2):
        model = tmp_path / f"m{n}" / "tagger.crfsuite"
        learned.train(TINY, engine.spellings, engine.lex.name_origins, model, {"trained_on": []})
        made.append((model.read_bytes(), model.with_suffix(".json").read_bytes()))
    assert made[0] == made[1]
    meta = json.loads(made[0][1])
    assert meta["sha256"] == hashlib.sha256(made[0][0]).hexdigest()
    assert meta["labels"]["PER"] in ("firstname_male", "firstname_female")


def test_a_release_records_the_model_it_ran() -> None:
    from pseudonymize.corpus import identity
    from pseudonymize.corpus.verify import learned_problems

    meta = json.loads(learned.META.read_text(encoding="utf-8"))
    config = identity.release_config("realistic", 0, 1000)
    assert config["learned"] == {"mode": "replace", "model_sha256": meta["sha256"],
                                 "snapshot": meta["snapshot"]}
    assert "learned" not in identity.release_config("realistic", 0, 1000, learned_mode="off")
    assert learned_problems({"config": config}) == []
    other = {"config": {"learned": {**config["learned"], "model_sha256": "0" * 64}}}
    assert "not the release's" in learned_problems(other)[0]


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(WORDS), min_size=1, max_size=25), st.integers(0, 30))
def test_runs_are_windows_around_the_free_candidates(engine: Engine, words: list[str],
                                                    cover: int) -> None:
    """`Tagger.runs`: the tokens within LEARNED_WINDOW of a candidate word whose first
    character no span covers, in its sentence, as maximal stretches that cross no sentence
    start, in order."""
    text = " ".join(words)
    doc = Doc.make(text, engine.lex, engine.spellings)
    taken = bytearray(len(text) + 1)
    taken[:cover] = b"\x01" * min(cover, len(text))  # the first characters taken by a span
    tagger, starts, w = engine.tagger, sorted(doc.starts | {0}), learned.T.LEARNED_WINDOW
    near: set[int] = set()
    for a, b in zip(starts, [*starts[1:], len(doc.texts)]):
        for k in range(a, b):
            if not taken[doc.offsets[k]] and learned.candidate(
                    doc.texts[k], doc.folds[k], doc.entries[k], learned.T.LEARNED_GUARD_ZIPF,
                    tagger.matcher):
                near.update(range(max(a, k - w), min(b, k + w + 1)))
    want: list[range] = []
    for k in sorted(near):
        if want and want[-1].stop == k and k not in doc.starts:
            want[-1] = range(want[-1].start, k + 1)
        else:
            want.append(range(k, k + 1))
    assert tagger.runs(doc, taken) == want


def test_the_marginals_need_no_viterbi_pass(engine: Engine) -> None:
    """`_tag` reads marginals straight after `set` (crfsuite computes them on demand): the
    same probabilities as after a `tag()` pass."""
    doc = Doc.make(FOUND[0][0], engine.lex, engine.spellings)
    crf, rows = engine.tagger.crf, engine.tagger.cache.join(doc, range(len(doc.texts)))
    crf.set(rows)
    alone = [crf.marginal(t, i) for i in range(len(rows)) for t in engine.tagger.tags]
    crf.set(rows)
    crf.tag()
    assert alone == [crf.marginal(t, i) for i in range(len(rows)) for t in engine.tagger.tags]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(words=st.lists(st.sampled_from(["Anna", "bor", "i", "Malmö", ".", "x-y", "12"]),
                      min_size=1, max_size=12),
       cuts=st.lists(st.tuples(st.integers(0, 80), st.integers(0, 20),
                               st.sampled_from(["city", "firstname_female", "fam", "zip_code"])),
                     max_size=4))
def test_bio_tags_the_tokens_each_gold_span_overlaps(engine: Engine, words: list[str],
                                                       cuts: list[tuple[int, int, str]]) -> None:
    """`bio` by bisection tags what a scan of every token for every span tagged."""
    text = " ".join(words)
    doc = Doc.make(text, engine.lex, engine.spellings)
    spans = [(a, min(len(text), a + n + 1), label) for a, n, label in cuts if a < len(text)]
    want = ["O"] * len(doc.texts)
    for start, end, label in spans:
        cls, first = learned.COARSE.get(label), True
        for k, (a, b) in enumerate(zip(doc.offsets, doc.ends)):
            if cls and a < end and start < b:
                want[k], first = f"{'B' if first else 'I'}-{cls}", False
    assert learned.bio(doc, spans) == want


def test_the_word_lists_give_a_neighbour_its_slot(engine: Engine) -> None:
    """`Slots`: a kin word of a learner's language, a preposition of place and "heter" read as
    classes beside a token (+-1 and +-2, with the reading at +-2: a list of names)."""
    lex, slots = engine.lex, learned.Slots(engine.lex)
    assert {"fam", "kin_gender"} <= set(slots.of["weltma"])  # Kabyle "sister"
    assert "locating_preposition" in slots.of["i"] and "naming_verb" in slots.of["heter"]
    e = lex.entries["weltma"]
    near = learned.near_parts("weltma", "weltma", e, slots)
    assert "-1:slot=fam" in near[-1] and "-2:slot=fam" in near[-2]
    assert "-1:slot=fam" not in learned.near_parts("weltma", "weltma", e)[-1]  # (without)
    amina = learned.near_parts("Amina", "amina", lex.entries["amina"], slots)
    assert "-2:kind=" + learned.reading(lex.entries["amina"]) in amina[-2]


@pytest.mark.parametrize(("text", "counts"), [
    ("Efter fisket åt vi i lappstaden bland kyrkstugorna.", True),   # after a preposition
    ("Vi gick upp till kopparhatten och tittade ner.", True),
    ("Vi gillar lappstaden mycket.", False),                          # no slot word before
    ("Lappstaden var fin.", False),                                   # a sentence's start
])
def test_a_compound_counts_for_the_guard_after_a_slot_word(engine: Engine, text: str,
                                                           counts: bool) -> None:
    """A rare word the engine reads as a compound of two everyday words ("lappstaden") is
    SLOTTED: it counts for the guard right after a slot word of its sentence (GATE_SLOTS: "i",
    "till", a kin word, "heter"), and only with LEARNED_SLOT_GATE."""
    tagger, doc = engine.tagger, Doc.make(text, engine.lex, engine.spellings)
    k = next(i for i, f in enumerate(doc.folds) if f in ("lappstaden", "kopparhatten"))
    assert tagger._candidate(doc.texts[k]) == learned.SLOTTED
    assert tagger.counts(doc, k) is counts
    off = learned.T.LEARNED_SLOT_GATE
    try:
        learned.T.LEARNED_SLOT_GATE = False
        assert tagger.counts(doc, k) is False
    finally:
        learned.T.LEARNED_SLOT_GATE = off
