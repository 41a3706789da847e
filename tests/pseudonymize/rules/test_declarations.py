"""The rules' declarations against the data they read and the engine that runs them."""
from __future__ import annotations

import json

from builders.packaged import RULE_WORDS, read_lexicon
from pseudonymize.detectors import FAMILIES, RULES, categories
from pseudonymize.detectors.context import ContextRules, fast_path
from pseudonymize.evaluate import (Document, GoldSpan, Report, _rule_gold, format_rules,
                                   score_document, score_rules)
from pseudonymize.review.doubts import NAMING_WORDS, PLACE_WORDS  # read by the review page
from pseudonymize.types import Annotation


def _read() -> set[str]:
    return {cat.split(".")[0] for cat in categories()}


def test_every_rule_word_category_is_read_by_a_rule_and_exists() -> None:
    data = {cat for _, cat, _ in read_lexicon(RULE_WORDS, None)}
    read = _read()
    assert data - read - {PLACE_WORDS, NAMING_WORDS} == set()  # a category nothing reads is dead data
    lexicon = {cat for _, cat, _ in read_lexicon()}
    assert read - data - lexicon == set()  # a rule reads a category nobody wrote


def test_the_lexicon_triggers_are_read() -> None:
    assert {"place_trigger", "age_trigger", "address_trigger"} <= _read()


def test_rule_names_are_unique_and_declared_whole() -> None:
    names = [rule.name for rule in RULES]
    assert len(names) == len(set(names))
    assert all(rule.labels and 0 < rule.score <= 1 for rule in RULES)
    # every family's rule runs a function; resolution's further mentions and the learned
    # tagger run after the families
    assert all(rule.fn is not None for rule in RULES
               if rule.family not in ("resolution", "learned"))
    assert {rule.family for rule in RULES} == {"patterns", "gazetteer", "context", "resolution",
                                               "learned"}
    assert len(FAMILIES) == 3


def test_the_fast_path_follows_the_declarations(offline_engine) -> None:
    """A frequent word is looked at because a rule declares its category, and skipped without
    that rule: nothing is listed by hand."""
    from pseudonymize.detectors.context import LINE, WORD_RULES

    lex = offline_engine.lex
    assert lex.get("linje").zipf >= 4.0
    assert "linje" not in ContextRules(lex).plain
    others = tuple(r for r in WORD_RULES if r.name != LINE.name)
    assert "linje" in fast_path(lex, others)[0]


def test_plain_words_are_the_frequent_unwatched_words_without_a_declared_ending(
        offline_engine) -> None:
    """`fast_path`'s plain words (made by C-level filters, the short endings and a look-up of
    the last ENDING_TAIL letters before the scan of the endings) are those a plain loop over
    the entries keeps: frequent, watched by no rule, without a declared ending (`endswith`
    over all of them), "." or "_"."""
    from pseudonymize import thresholds as T
    from pseudonymize.detectors.context import WORD_RULES
    from pseudonymize.lexicon import fold

    lex = offline_engine.lex
    rules = tuple(r for r in WORD_RULES if not r.capital)
    found = frozenset().union(*(lex.words(c) for r in rules for c in r.word))
    watched = found | {w.split()[0] for w in found if " " in w} | {fold(m) for m in lex.marks} \
        | {fold(p.split()[0]) for p in lex.marks if " " in p}
    ends = tuple({e for r in rules for c in r.ending for e in lex.words.ends[c]}) \
        + tuple(sfx for sfx, _ in lex.suffixes.get("institution_suffix", ()))
    assert len(ends) > 50 and len(watched) > 500
    assert fast_path(lex, WORD_RULES)[0] == {
        k for k, e in lex.entries.items() if e.zipf >= T.COMMON and k not in watched
        and not k.endswith(ends) and "." not in k and "_" not in k}


def test_by_rule_counts_precision_and_recall_per_rule() -> None:
    doc = Document("d", "Anna bor i Lund och Erik i Oslo.",
                   (GoldSpan(0, 4, "firstname_female"), GoldSpan(11, 15, "city"),
                    GoldSpan(20, 24, "firstname_male")))
    anns = [Annotation(0, 4, "firstname_female", (), 1, "replace", "Anna", "X", 0, 1, "gazetteer"),
            Annotation(11, 15, "city", (), 1, "replace", "Lund", "Y", 0, 1, "place-context"),
            Annotation(27, 31, "city", (), 2, "replace", "Oslo", "Z", 0, 1, "place-context")]
    report = Report("jsonl")
    score_document(doc, anns, "jsonl", report)
    score_rules(doc, anns, "jsonl", report)
    _rule_gold(report)
    place = report.rules["place-context"]
    assert (place.pred, place.correct, place.found, place.gold) == (2, 1, 1, 1)
    names = report.rules["gazetteer"]
    assert (names.pred, names.correct, names.found) == (1, 1, 1)
    assert names.gold == 3  # the gazetteer rule emits names and places
    table = format_rules(report)
    assert "| place-context | gazetteer | 2 | 1 | 0.500 | 1 | 1 | 1.000 |" in table


def _sentences() -> list[str]:
    """Every rule-table sentence and gold essay (not the blind set), also with every word
    capitalised: the capitalised words a rule may act on."""
    from pathlib import Path

    here = Path(__file__).parent
    texts = [json.loads(line)["text"] for table in sorted(here.glob("*.jsonl"))
             for line in table.read_text(encoding="utf-8").splitlines() if line.strip()]
    gold = here.parents[1] / "data" / "gold"
    for name in ("essays.jsonl", "heldout.jsonl"):
        path = gold / name
        if path.exists():
            texts += [json.loads(line)["text"] for line in path.read_text(encoding="utf-8")
                      .splitlines() if line.strip()]
    return texts + [" ".join(w[:1].upper() + w[1:] for w in t.split(" ")) for t in texts]


def _calls_through(rules: ContextRules, doc) -> list[tuple[int, tuple]]:
    """`ContextRules.calls` made by asking each index's `functions` of every token (what it
    folds into its loop): a stub index's `functions` then decides what `detect` runs."""
    from pseudonymize.detectors.context import NUMBER_FNS

    found = []
    for i in rules.todo(doc):
        first = doc.texts[i][0]
        index = rules.capital if first.isupper() else rules.lower if first.isalpha() else None
        fns = NUMBER_FNS if first.isdigit() else index.functions(doc, i) if index else ()
        if fns:
            found.append((i, fns))
    return found


def test_the_loop_calls_what_the_indexes_call_for(offline_engine) -> None:
    """`ContextRules.calls` (the indexes' look-ups made in the loop) gives each token the
    functions `LowerIndex.functions` gives it, and leaves out the tokens calling for none."""
    from pseudonymize.doc import Doc

    rules, fresh = ContextRules(offline_engine.lex), ContextRules(offline_engine.lex)
    for text in _sentences():
        doc = Doc.make(text, offline_engine.lex)
        assert list(rules.calls(doc)) == _calls_through(fresh, doc), text


def test_capitalised_words_run_the_rules_their_declarations_name(offline_engine) -> None:
    """A capitalised word runs the capital-only rules and the others its declarations name
    (`LowerIndex(capital=True)`): the same spans as running every word rule on it. A rule that
    acts on a capitalised word without declaring why fails here."""
    from pseudonymize.detectors.context import WORD_RULES, _functions
    from pseudonymize.doc import Doc

    lex = offline_engine.lex
    declared, every = ContextRules(lex), ContextRules(lex)
    all_rules = _functions(WORD_RULES)

    class Every:
        @staticmethod
        def functions(doc: Doc, i: int) -> tuple:
            return all_rules

    every.capital = Every()
    every.calls = lambda doc: _calls_through(every, doc)
    skipped = 0
    for text in _sentences():
        doc = Doc.make(text, lex)
        assert declared.detect(doc) == every.detect(doc), text
        skipped += sum(len(all_rules) - len(declared.capital.functions(doc, i))
                       for i, t in enumerate(doc.tokens) if t.text[0].isupper())
    assert skipped > 0  # the dispatch does skip rules


def test_a_lone_lower_case_word_is_judged_by_its_spelling_alone(offline_engine) -> None:
    """The gazetteer remembers the verdict on a lower-case word with no watched word around it
    (its rules' `before`/`after` declarations) and reuses it. Remembering must change nothing:
    every rule-table sentence and gold essay, also in lower case and with every word
    capitalised, gives the same spans from a matcher that has seen them all before as from
    one that judges every word afresh. A rule that reads a neighbour it does not declare fails
    here."""
    from pseudonymize.detectors.gazetteer_match import Matcher
    from pseudonymize.doc import Doc

    lex = offline_engine.lex
    texts = _sentences()
    texts += [t.lower() for t in texts]
    docs = [Doc.make(text, lex) for text in texts]
    remembering, fresh = Matcher(lex), Matcher(lex)
    fresh._remember = lambda text, quiet: None  # never remembers
    for doc in docs:
        remembering.detect(doc)
    assert len(remembering._alone) > 200 and any(remembering._alone.values())
    for text, doc in zip(texts, docs):
        assert remembering.detect(doc) == fresh.detect(doc), text


def test_a_frequent_everyday_word_starting_a_sentence_is_skipped_safely(offline_engine) -> None:
    """The matcher skips a sentence-initial word as frequent as T.INITIAL_WORD_MIN with no name,
    place or institution reading ("Jag", "Men"): every rule-table sentence and gold essay, also
    with every word capitalised, gives the same spans as judging those words in full. A rule
    that comes to accept such a word fails here (lower the threshold's claim, or the rule)."""
    from pseudonymize.detectors.gazetteer_match import Matcher
    from pseudonymize.doc import Doc

    lex = offline_engine.lex
    skipping, judging = Matcher(lex), Matcher(lex)
    judging.initial_plain = frozenset()
    assert len(skipping.initial_plain) > 1000
    for text in _sentences():
        doc = Doc.make(text, lex)
        assert skipping.detect(doc) == judging.detect(doc), text


FILLER = "och det var en mycket fin dag med sol och vind hela tiden"
# the same window around a word (the words before and after it), its sentence saying more
# further back: read to the sentence start
FAR = [f"{start} {FILLER} {word} . {FILLER} ." for start in ("Jag jobbar som lärare",
                                                             "Min kompis heter Sara",
                                                             "Jag läser", "Jag handlar",
                                                             "Jag gillar")
       for word in ("på XQZB", "på Lernia", "Abdi , hodan", "på willys", "på polhemska",
                    "hon är lärare på polhemska")]
# and a naming verb's subject SUBJECT_REACH words back: inside the window, not beside the word
FAR += [f"{start} bor i stockholm och heter lina . {FILLER} ." for start in ("min bästa vän",
                                                                            "den gamla krukan")]


def test_a_long_essay_remembers_verdicts_by_context_window(offline_engine, monkeypatch) -> None:
    """In a long essay the gazetteer remembers each verdict under the tokens around the judged
    word (`gazetteer_window.Verdicts`) and reuses it where the same window comes again.
    Remembering must change nothing: every rule-table sentence and gold essay, as written and
    in lower case, joined into long essays (so windows recur in other surroundings), and a
    few hostile repeats give the same spans from a matcher that remembers as from one that
    judges every word afresh. A rule that reads further than the window other than through
    `Matcher._far` fails here, as does a window too narrow (checked with 3 tokens)."""
    from pseudonymize import thresholds as T
    from pseudonymize.detectors.gazetteer_match import Matcher
    from pseudonymize.doc import Doc

    monkeypatch.setattr(T, "VERDICT_WINDOWS", 10**6)
    lex = offline_engine.lex
    remembering, fresh = Matcher(lex), Matcher(lex)
    remembering.verdict_essay_min, fresh.verdict_essay_min = 0, 10**9
    texts = _sentences()
    texts += [t.lower() for t in texts]
    essays = ["\n\n".join(texts[n:n + 300] * 2) for n in range(0, len(texts), 300)]
    essays += ["Anna " * 50, "Anna, Anna och Anna. " * 20, "jobbar på Volvo och på SSAB och " * 30,
               "Rimping Hotel Koh Samet Stora Torget " * 20, "bor ju i , , , Anna heter , Omar " * 20,
               " ".join(FAR * 2)]
    counts: dict[str, int] = {}
    remembering._judged = _counting(remembering._judged, counts)
    for text in essays:
        doc = Doc.make(text, lex)
        assert remembering.detect(doc) == fresh.detect(doc), text[:200]
    assert counts["hits"] > 1_000  # windows do come back


def _counting(judged, counts: dict):
    """`Matcher._judged` counting the verdicts it takes from its window table."""
    def wrapped(verdicts, doc, i, *question):
        window = verdicts.window(i, *question[-2:]) if verdicts is not None else None
        counts["hits"] = counts.get("hits", 0) + (window is not None and window in verdicts)
        return judged(verdicts, doc, i, *question)
    return wrapped


def test_an_everyday_homograph_in_lower_case_is_rejected_without_a_full_judgement(
        offline_engine) -> None:
    """"och vi", "på där": a lower-case everyday word with a name or place reading and no naming
    verb or place word around it is rejected by `Matcher._quiet_homograph` before `_classify`
    builds its case. The same spans as judging it in full: every rule-table sentence and gold
    essay, as written and in lower case. A rule that comes to take such a word fails here."""
    from pseudonymize.detectors.gazetteer_match import Matcher
    from pseudonymize.doc import Doc

    lex = offline_engine.lex
    quick, full = Matcher(lex), Matcher(lex)
    full.quiet_homograph = lambda text: False
    texts = _sentences()
    texts += [t.lower() for t in texts]
    for text in texts:
        doc = Doc.make(text, lex)
        assert quick.detect(doc) == full.detect(doc), text
    info = quick.quiet_homograph.cache_info()
    assert info.hits + info.misses > 1_000  # the test is asked


def test_the_ending_gate_lets_every_declared_ending_through(offline_engine) -> None:
    """`LowerIndex` looks a word's endings up only when its last ENDING_TAIL characters (or a
    shorter ending) say it may have one: every word ending in a declared ending passes, made
    of each ending with every short stem (and a word that passes without one gets no rule
    from its ending: the look-up by length is exact)."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from pseudonymize.detectors.context import ENDING_TAIL

    rules = ContextRules(offline_engine.lex)
    for index in (rules.lower, rules.capital):
        ends = tuple(index.endings)
        assert ends and any(len(e) < ENDING_TAIL for e in ends)  # both branches are used

        @settings(max_examples=300, deadline=None)
        @given(st.text(alphabet="abegklnorstä", max_size=6), st.sampled_from(ends))
        def check(stem: str, ending: str) -> None:
            for key in (stem + ending, stem, ending[1:]):
                gate = key[-ENDING_TAIL:] in index.tails or key.endswith(index.short_ends)
                assert gate or not key.endswith(ends)

        check()


def test_the_reads_a_judgement_notes_belong_to_its_thread(offline_engine) -> None:
    """The threads of a release's worker share one engine: the reads one thread's judgement
    notes for its remembered verdicts (`Matcher.asked`) are never another thread's."""
    import threading

    from pseudonymize.detectors.gazetteer_match import Matcher

    matcher = next(d for d in offline_engine.detectors if isinstance(d, Matcher))
    matcher.asked = []
    seen: list[object] = []
    other = threading.Thread(target=lambda: seen.append(matcher.asked))
    other.start()
    other.join()
    matcher.asked = None
    assert seen == [None]


def test_split_names_are_the_splittable_entries_and_their_heads(offline_engine) -> None:
    """`_split_names` looks only where a head's join with the next word is in `split_names`:
    that table must hold every entry `splittable` accepts, and each head must be a prefix of
    one (3+ letters, leaving 4+), or a learner's split name goes unseen."""
    from pseudonymize.lexicon import splittable

    lex = offline_engine.lex
    assert lex.split_names == {k for k, e in lex.entries.items() if splittable(k, e)}
    assert "forsakringskassan" in lex.split_names
    assert lex.split_heads == {k[:n] for k in lex.split_names for n in range(3, len(k) - 3)}


def test_a_shaped_rule_is_not_called_on_a_token_its_shape_refuses(offline_engine) -> None:
    """A rule's `shape` (a test of the token's own spelling its function makes first) reaches
    the context family's index, which then leaves the rule out for a token failing it ("Anna"
    runs no code-name or acronym rule, "HV71" the code-name rule). The spans are the same as
    running every rule (`test_capitalised_words_run_the_rules_their_declarations_name`)."""
    from pseudonymize.detectors.context import _acronym, _code_name
    from pseudonymize.doc import Doc

    rules = ContextRules(offline_engine.lex)
    shaped = {b for b, _ in rules.capital.shapes}
    assert all(1 << rules.capital.fns.index(fn) in shaped for fn in (_acronym, _code_name))
    doc = Doc.make("Jag spelar i HV71 med Anna .", offline_engine.lex)
    called = {t: rules.capital.functions(doc, k) for k, t in enumerate(doc.texts)
              if t[0].isupper()}
    assert _code_name in called["HV71"] and _code_name not in called["Anna"]
    assert _acronym not in called["Anna"] and _acronym not in called["HV71"]


def test_a_shaped_neighbour_calls_its_rule_only_on_a_token_its_shape_passes(
        offline_engine) -> None:
    """A rule's `shaped` neighbours ("är" before an age in words) call it only on a token
    passing its `shape` (a number word or a rare spelling), its other neighbours ("fyllde")
    on any token: the spans are those of calling it beside every shaped neighbour too."""
    from pseudonymize.detectors.context import WORD_RULES, _age_word_rule, _functions
    from pseudonymize.detectors.rule import category_words
    from pseudonymize.doc import Doc

    assert all(set(r.shaped) <= set(r.before + r.before2 + r.after) and r.shape is not None
               for r in WORD_RULES if r.shaped)
    lex = offline_engine.lex
    declared, unshaped = ContextRules(lex), ContextRules(lex)
    order = _functions(WORD_RULES)
    near = {"before": -1, "before2": -2, "after": 1}

    class Unshaped:
        def __init__(self, index) -> None:
            self.index = index

        def functions(self, doc: Doc, i: int) -> tuple:
            found = set(self.index.functions(doc, i))
            for rule in WORD_RULES:
                for field, step in near.items():
                    k = i + step
                    if 0 <= k < len(doc.folds) and any(
                            doc.folds[k] in category_words(lex, c)
                            for c in getattr(rule, field) if c in rule.shaped):
                        found.add(rule.fn)
            return tuple(fn for fn in order if fn in found)

    unshaped.lower, unshaped.capital = Unshaped(declared.lower), Unshaped(declared.capital)
    unshaped.calls = lambda doc: _calls_through(unshaped, doc)
    for text in _sentences():
        doc = Doc.make(text, lex)
        assert declared.detect(doc) == unshaped.detect(doc), text
    doc = Doc.make("min dotter är glad , hon är ellva och fyllde glad", lex)
    called = [_age_word_rule in declared.lower.functions(doc, k) for k in (3, 7, 10)]
    assert called == [False, True, True]


def test_a_rule_needing_a_next_spelling_is_not_called_without_it(offline_engine) -> None:
    """A rule's `next_shape` (a test of the next token's spelling its function makes first)
    reaches the context family's index, which leaves the rule out where the next token fails
    it or there is none ("Hà" before "Nội" runs the joined-place rule, a last "Hà" or one
    before "och" not): the spans are the same as calling it wherever else it is called for."""
    from pseudonymize.detectors.context import WORD_RULES, _joined_place, _place_in_country
    from pseudonymize.doc import Doc

    lex = offline_engine.lex
    assert {r.fn for r in WORD_RULES if r.next_shape} >= {_joined_place, _place_in_country}
    declared, needless = ContextRules(lex), ContextRules(lex)
    needless.lower.needs = needless.capital.needs = ()  # every function called for is called
    for text in _sentences():
        doc = Doc.make(text, lex)
        assert declared.detect(doc) == needless.detect(doc), text
    doc = Doc.make("Han bor i Hà Nội och i Hà och i kjula i iran och i kjula", lex)
    called = [(_joined_place in declared.capital.functions(doc, k),
               _place_in_country in declared.lower.functions(doc, k)) for k in (3, 7, 10, 15)]
    assert called == [(True, False), (False, False), (False, True), (False, False)]


def test_resolutions_further_mentions_are_one_declared_rule() -> None:
    """The labels propagate carries are the rule's declared ones, and the spans it makes carry
    its name (`eval --by-rule` reports them under it)."""
    from pseudonymize import resolve
    from pseudonymize.detectors.rule import COREFERENCE

    assert resolve.PROPAGATED == frozenset(COREFERENCE.labels)
    assert "degree_word" in COREFERENCE.categories()


def test_asked_leaves_out_only_words_calling_for_nothing(offline_engine) -> None:
    """`ContextRules.asked` drops from `todo` only tokens their index calls no function for
    (`LowerIndex.functions`: a SILENT word with no neighbour-table word one or two before it
    or after it), over every rule-table sentence and gold essay, as written and capitalised;
    and it drops some. Fails when any of the three neighbour tests is left out."""
    from pseudonymize.doc import Doc

    rules = ContextRules(offline_engine.lex)
    dropped = 0
    for text in _sentences() + ["min bror bor i en stor stad", "hon köpte en ny cykel igår"]:
        doc = Doc.make(text, offline_engine.lex)
        asked = set(rules.asked(doc))
        for i in rules.todo(doc):
            if i not in asked:
                first = doc.texts[i][0]
                index = rules.capital if first.isupper() else rules.lower
                assert not first.isdigit() and not index.functions(doc, i), (text, i)
                dropped += 1
    assert dropped
