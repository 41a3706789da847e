"""The word families' candidate passes (one regular expression over an essay's marks) against
the per-token tests they replace, written as plain loops over the tokens."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pseudonymize.detectors.context import ContextRules
from pseudonymize.detectors.gazetteer_match import SINGLE, SKIPPED, Matcher
from pseudonymize.doc import Doc, Marks, marked
from pseudonymize import thresholds as T
from pseudonymize.lexicon import Lexicon, fold
from pseudonymize.tokenize import sentence_starts

HERE = Path(__file__).parent


def _beside(folds: list[str], i: int, shift: int, words: frozenset[str]) -> bool:
    return 0 <= i + shift < len(folds) and folds[i + shift] in words


def matcher_todo(m: Matcher, doc: Doc) -> list[int]:
    """`Matcher._todo` as the per-token flags it was: an everyday lower-case word (a rarer one
    not after a watched word) that starts no phrase is skipped, and so is a frequent everyday
    word at a sentence start."""
    lex, folds, out = m.lex, doc.folds, []
    for i, (text, key) in enumerate(zip(doc.texts, folds)):
        phrase = key in lex.phrases
        # a list word watches only after a town, region or country ("i ghazni, afganistan")
        placed = _beside(folds, i, -1, m.rare_watch) and not (
            folds[i - 1] in m.list_watch and not m._after_listed_place(doc, i))
        skip = text[0].islower() and not phrase and (
            key in lex.unnamed or key in lex.unnamed_rare and not placed)
        # an everyday phrase word in lower case where no phrase of it starts
        plain = text[0].islower() and key in m.plain_starts and key not in m.W["car_make"] \
            and not (_beside(folds, i, 1, m.phrase_next[key]) or _beside(folds, i, 1, SKIPPED))
        if text[0].isalpha() and not skip and not plain \
                and not (i in doc.starts and key in m.initial_plain and not phrase):
            out.append(i)
    return out


def matcher_lonely(m: Matcher, doc: Doc) -> set[int]:
    """`Matcher._lonely` as the per-token test it was (`_alone_at`)."""
    folds, texts = doc.folds, doc.texts
    return {i for i in range(len(folds)) if texts[i][0].islower() and i not in doc.starts
            and texts[i - 1][0].isalpha() and folds[i - 1] not in m.context_before
            and (i + 1 == len(folds) or folds[i + 1] not in m.context_after)}


def singles(doc: Doc) -> list[int]:
    """The one-letter tokens `Matcher._initials` may take: a letter in lower or upper case."""
    return [k for k, t in enumerate(doc.texts) if len(t) == 1 and (t.islower() or t.isupper())]


def _same(matcher: Matcher, context: ContextRules, doc: Doc) -> None:
    assert matcher._todo(doc) == matcher_todo(matcher, doc)
    todo = set(matcher._todo(doc))
    assert matcher._lonely(doc) & todo == matcher_lonely(matcher, doc) & todo
    m = marked(doc, matcher.marks)
    assert m.where(m.bit(SINGLE)) == singles(doc)
    assert context.todo(doc) == context_todo(context, doc)


def context_todo(r: ContextRules, doc: Doc) -> list[int]:
    """`ContextRules.todo` as the per-token flags it was: a plain lower-case word beside no
    watched word is skipped (unless a shaped rule's shape passes its spelling), and so is a
    token starting with neither a letter nor a digit."""
    folds, out = doc.folds, []
    for i, (text, key) in enumerate(zip(doc.texts, folds)):
        watched = _beside(folds, i, -1, r.before) or _beside(folds, i, -2, r.before2) \
            or _beside(folds, i, 1, r.after)
        quiet = text[0].islower() and key in r.plain and not watched \
            and not r.shaped_spelling(text, key)
        if not quiet and (text[0].isdigit() or text[0].isupper() or text[0].isalpha()):
            out.append(i)
    return out


def _families(engine) -> tuple[Matcher, ContextRules]:
    matcher = next(d for d in engine.detectors if isinstance(d, Matcher))
    return matcher, next(d for d in engine.detectors if isinstance(d, ContextRules))


def _sentences() -> list[str]:
    return [json.loads(line)["text"] for name in ("context", "gazetteer", "patterns")
            for line in (HERE / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()
            if line.strip()]


def test_the_candidates_are_the_per_token_tests_on_the_rule_tables(offline_engine) -> None:
    matcher, context = _families(offline_engine)
    texts = _sentences()
    assert len(texts) > 100
    for text in texts + [t.lower() for t in texts] + [t.upper() for t in texts]:
        _same(matcher, context, Doc.make(text, offline_engine.lex, offline_engine.spellings))


def test_the_plain_phrase_words_todo_leaves_out_start_no_phrase(offline_engine) -> None:
    """`_todo` gives a `plain_starts` word in lower case (PLAIN) only where a phrase of it
    may start: `detect` passes it over elsewhere."""
    matcher, _ = _families(offline_engine)
    lex, spellings = offline_engine.lex, offline_engine.spellings
    starts = [k for k in sorted(matcher.plain_starts) if k.isalpha()
              and any(w.isalpha() for w in matcher.phrase_next[k])][:20]
    assert starts
    for key in starts:
        second = min(w for w in matcher.phrase_next[key] if w.isalpha())
        doc = Doc.make(f"xqz {key} {second} xqz {key} xqz", lex, spellings)
        assert 1 in matcher._todo(doc) and 4 not in matcher._todo(doc), key


def test_an_engines_spellings_are_the_columns_made_apart(offline_engine) -> None:
    """`Doc.make` with the engine's `Spellings` (one look-up per token for every column) gives
    the folds, entries, sentence starts and each family's marks that a map per column gives."""
    lex, spellings = offline_engine.lex, offline_engine.spellings
    assert len(spellings.marks) == 2
    texts = _sentences()
    for text in texts + [t.lower() for t in texts] + [t.upper() for t in texts] + ["", " \n"]:
        doc, plain = Doc.make(text, lex, spellings), Doc.make(text, lex)
        assert (doc.folds, doc.entries, doc.starts) == (plain.folds, plain.entries, plain.starts)
        assert doc.folds == [fold(t) for t in doc.texts]
        assert doc.starts == sentence_starts(text, doc.texts, doc.offsets)
        for marks in spellings.marks:
            assert doc._marks[id(marks)].value == int.from_bytes(bytes(map(marks.__getitem__,
                                                                           doc.texts)), "big")


@pytest.fixture(scope="module")
def vocabulary(offline_snapshot) -> list[str]:
    """Words each of the families' tests decides on: watched neighbours, rare and plain
    everyday words, phrase starts, names, letters on their own ("ⓐ" is lower case but no
    letter), digits and punctuation."""
    from pseudonymize.engine import Engine

    matcher, context = _families(Engine.load(offline_snapshot))
    lex = matcher.lex
    pools = [matcher.rare_watch, lex.unnamed_rare, frozenset(lex.phrases), matcher.initial_plain,
             matcher.plain_starts, matcher.W["car_make"],
             frozenset(w for k in sorted(matcher.plain_starts)[:40] for w in matcher.phrase_next[k]),
             matcher.context_before, matcher.context_after, context.before, context.before2,
             context.after, frozenset(context.plain)]
    words = [w for pool in pools for w in sorted(pool)[:40] if " " not in w]
    return words + ["Anna", "Göteborg", "ANNA", "12", "3:e", ",", ".", "-", "”", "é", "ǅ", "A",
                    "b", "ⓐ", "Ö"]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_the_candidates_are_the_per_token_tests(offline_engine, vocabulary, data) -> None:
    matcher, context = _families(offline_engine)
    words = data.draw(st.lists(st.sampled_from(vocabulary), max_size=30))
    cased = [w.capitalize() if data.draw(st.booleans()) else w for w in words]
    text = " ".join(cased)
    _same(matcher, context, Doc.make(text, offline_engine.lex, offline_engine.spellings))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["i", "och", "anna", "Anna", ",", "bor", "x", "\n", "1"]),
                max_size=25).map(" ".join),
       st.sets(st.sampled_from(["i", "och", "anna", ",", "bor", "x"])),
       st.sampled_from([-2, -1, 1]))
def test_marked_reads_neighbours_as_a_loop_does(text: str, words: set[str], shift: int) -> None:
    """`MarkBits.bit` of a neighbour (shift -1, -2: before, 1: after) with the token's own
    bit: token i is found when its own mark says so and the fold `shift` tokens away is one
    of `words`; and with `& ~`, when it is none of them."""
    doc = Doc.make(text, Lexicon(snapshot_id="t", entries={}, phrases={}))
    m = marked(doc, Marks(lambda text, key: (text[0].islower()) | (key in words) << 1))
    near = frozenset(words)
    assert m.where(m.bit(1) & m.bit(2, shift)) == [
        i for i, t in enumerate(doc.texts) if t[0].islower() and _beside(doc.folds, i, shift, near)]
    assert m.where(m.bit(1) & ~m.bit(2, shift)) == [
        i for i, t in enumerate(doc.texts)
        if t[0].islower() and not _beside(doc.folds, i, shift, near)]


def test_the_gazetteer_gates_are_the_tests_they_skip(offline_engine) -> None:
    """`Matcher._place_ctx` gives `_place_context`'s answer, and a word before that
    `NameOpeners` says opens nothing gives no `_name_context`, on every rule-table sentence
    (also in lower and upper case)."""
    from pseudonymize.detectors.gazetteer_match import _name_context, _place_context

    matcher, _ = _families(offline_engine)
    lex = offline_engine.lex
    opened = 0
    for text in [t for s in _sentences() for t in (s, s.lower(), s.upper())]:
        doc = Doc.make(text, lex)
        for i in range(len(doc.texts)):
            assert matcher._place_ctx(doc, i) == _place_context(doc, i), (text, i)
            if i and not matcher.name_openers[doc.texts[i - 1]]:
                assert not _name_context(doc, i, lex.marks), (text, i)
            opened += bool(i and _name_context(doc, i, lex.marks))
    assert opened > 0


def test_the_lexicon_mark_shape_is_the_test_it_skips(offline_engine) -> None:
    """`_mark_shape` holds for every token `ContextRules._mark` marks, unless a work word two
    before ("jobbar som kallskänka") calls the rule, on every rule-table sentence (also in
    lower and upper case); and the index then leaves `_lexicon_mark` out nowhere it marks."""
    from pseudonymize.detectors.context import _lexicon_mark, _mark_shape

    _, context = _families(offline_engine)
    lex = offline_engine.lex
    work = context.w["work_word"]
    marked_tokens = 0
    for text in [t for s in _sentences() for t in (s, s.lower(), s.upper())]:
        doc = Doc.make(text, lex)
        for i, t in enumerate(doc.texts):
            if context._mark(doc, i) is None:
                continue
            marked_tokens += 1
            assert _mark_shape(lex, t, doc.folds[i], doc.entries[i]) \
                or i >= 2 and doc.folds[i - 2] in work, (text, i)
            if t[0].isalpha():
                index = context.capital if t[0].isupper() else context.lower
                assert _lexicon_mark in index.functions(doc, i), (text, i)
    assert marked_tokens > 0


def test_the_unknown_word_gate_is_the_steps_it_skips(offline_engine, monkeypatch) -> None:
    """`Matcher._unknown` (lower-case words beside none of `lower_steps_before`/`_after`
    rejected without the steps before `_u_shape`, capitalised ones not after
    `capital_steps_before` starting at `_u_shape`; the steps a spelling and its flags can find
    nothing with left out of its remembered plan, `STEP_WORD`, `STEP_PURE`) gives the answer of
    running every step, for every word it judges in the rule-table sentences (also in lower
    and upper case), as the plans are made and again from the remembered plans."""
    from pseudonymize.detectors import gazetteer_match as gm

    matcher, _ = _families(offline_engine)
    gated = gm.Matcher._unknown
    judged: list[int] = []

    def every_step(self: Matcher, c: gm.Cand):
        for step in gm.UNKNOWN_STEPS:
            found = step(self, c)
            if found is not None:
                return found or None
        return None

    def both(self: Matcher, c: gm.Cand):
        answer = gated(self, c)
        assert answer == every_step(self, c), (c.doc.text, c.i)
        judged.append(not (c.cap or c.place_ctx or c.named or c.after_name))
        capital.append(c.cap and not c.doc.texts[c.i].isupper())
        return answer

    capital: list[bool] = []
    monkeypatch.setattr(gm.Matcher, "_unknown", both)
    monkeypatch.setattr(matcher, "_plans", {})
    for _ in range(2):  # (the second time each word's plan is a remembered one)
        for text in [t for s in _sentences() for t in (s, s.lower(), s.upper())]:
            matcher.detect(Doc.make(text, offline_engine.lex))
    assert sum(judged) > 200  # lower-case words the gate decides on
    assert sum(capital) > 200  # and capitalised ones
    assert len(matcher._plans) > 100
    assert any(upto < len(at[1]) for at, (_, upto) in matcher._plans.items())  # open plans


def test_the_workplace_gate_is_the_reads_it_skips(offline_engine) -> None:
    """`_u_workplace` returns at once after a word that is no institution preposition: both
    its reads, `_institution_context` and `studied_at`, answer None there."""
    from pseudonymize.detectors.gazetteer_match import _institution_context, studied_at

    preps = offline_engine.lex.words.folds["institution_preposition"]
    read = 0
    for text in [t for s in _sentences() for t in (s, s.lower(), s.upper())]:
        doc = Doc.make(text, offline_engine.lex)
        for i in range(len(doc.texts)):
            if i < 2 or doc.folds[i - 1] not in preps:
                assert _institution_context(doc, i) is None and studied_at(doc, i) is None
            else:
                read += bool(_institution_context(doc, i) or studied_at(doc, i))
    assert read > 0


def test_the_split_name_pairs_are_every_head_and_rest(offline_engine) -> None:
    """`Matcher._split_pairs` (found by the name's rest, `split_at`) gives every token that is
    a head (`split_heads`) whose join with the next word is a split name: each way of writing
    each name apart, and the rule-table sentences in three cases, against the loop over heads."""
    matcher, _ = _families(offline_engine)
    lex = offline_engine.lex
    heads, names = lex.split_heads, lex.split_names

    def over_heads(doc: Doc) -> list[int]:
        folds = doc.folds
        return [k for k in range(len(folds) - 1)
                if folds[k] in heads and folds[k] + folds[k + 1] in names]

    pairs = [(key[:n], key[n:]) for key in sorted(names) for n in range(3, len(key))
             if key[:n] in heads]
    assert any(len(rest) < 4 for _, rest in pairs)  # a head another name's rest completes
    texts = [f"{head} {rest}" for head, rest in pairs] + [
        t for s in _sentences() for t in (s, s.lower(), s.upper())]
    found = 0
    for text in texts:
        doc = Doc.make(text, lex)
        expected = over_heads(doc)
        assert [k for k in matcher._split_pairs(doc) if k in expected] == expected, text
        found += bool(expected)
    assert found > 0.9 * len(pairs)  # (some names tokenize otherwise: "st. eriks")


def test_the_ending_gates_give_the_scans_answers(offline_engine) -> None:
    """`Words.ending` (one C-level `endswith` first), `_user_shape` (letters alone: no) and
    `_street_shape` (rarity and length before the endings) answer as the plain scans they
    replace, for every token of the rule-table sentences in three cases."""
    from pseudonymize.detectors.context import _street_shape, _user_shape

    lex = offline_engine.lex
    words = lex.words

    def ending(category: str, word: str, stem: int = 0) -> str:
        return next((e for e in words.ends[category] if word.endswith(e)
                     and len(word) >= len(e) + stem), "")

    def user(key: str) -> bool:
        return "." in key or "_" in key or any(c.isdigit() for c in key) and any(
            c.isalpha() for c in key)

    def street(text: str, key: str, e) -> bool:
        end = ending("street_ending", key[:-1] if key.endswith("s") else key)
        if not (e.zipf < T.COMMON and len(key) > 6 and end):
            return False
        low = text.lower()
        low = low[:-1] if low.endswith("s") else low
        if not any(low.endswith(s) for s in words.surface("street_ending")) \
                and any(a != b for a, b in zip(low[-len(end):], end)):
            return False  # an ending's letters with marks its spelling lacks ("kvällen")
        place = next(((sfx, label) for sfx, label in lex.suffixes.get("place_suffix", ())
                      if low.endswith(sfx)), ("", ""))
        return place[1] == "place" or len(place[0]) <= len(end)

    ended = 0
    for text in [t for s in _sentences() for t in (s, s.lower(), s.upper())]:
        doc = Doc.make(text, lex)
        for t, key, e in zip(doc.texts, doc.folds, doc.entries):
            for category in ("street_ending", "definite_ending", "transport_ending"):
                for stem in (0, 2):
                    assert words.ending(category, key, stem) == ending(category, key, stem)
                ended += bool(ending(category, key))
            assert _user_shape(lex, t, key, e) == user(key), t
            assert _street_shape(lex, t, key, e) == street(t, key, e), t
    assert ended > 0


def test_a_candidate_replaced_keeps_its_other_fields() -> None:
    """`Cand` is a class of slots for its fields' reads (speed round 37): `_replace` changes the
    fields named, keeps the others, refuses a field it lacks, and `named` is False unless given."""
    from pseudonymize.detectors.gazetteer_match import Cand
    from pseudonymize.lexicon import EMPTY

    c = Cand(None, 3, EMPTY, "rania", ("gen",), True, False, False, 2, False, True)
    moved = c._replace(place_ctx=0, name_ctx=True)
    assert (moved.place_ctx, moved.name_ctx, c.place_ctx, c.name_ctx) == (0, True, 2, False)
    assert [getattr(moved, f) for f in Cand.__slots__ if f not in ("place_ctx", "name_ctx")] \
        == [None, 3, EMPTY, "rania", ("gen",), True, False, False, True, False]
    assert c.named is False and Cand(*[getattr(c, f) for f in Cand.__slots__][:11], True).named
    assert repr(moved).startswith("Cand(doc=None, i=3, ")
    with pytest.raises(TypeError):
        c._replace(colour="red")
