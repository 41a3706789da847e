"""Lifelike surrogates, round 51 (lifelike56, issue 15): judge runs 60-65's first two clue
classes. A people's own feasts and greetings no list holds were read as names or places and
replaced (a vårfest given a man's name, "den stora festen är" a woman's, a saint's day a lake,
a greeting's first word a given name); a Swedish feature was given its kind's bare word ("vid
sjön", "på ön") where the surrogate town's landskap had one of its own only by another town, or
where the surrogate town was none of the town table's, and a river folding to "-ån" became "an";
a place no gazetteer knows that one essay put abroad was Swedish in the learner's next, and a
birthplace no gazetteer knows, named before the essay's country abroad, was Swedish.
Invented sentences, not the gold sets'."""

from __future__ import annotations

from pathlib import Path

import pytest

from pseudonymize.engine import Engine, Memory
from pseudonymize.lexicon import fold
from pseudonymize.surrogates.geography import geography
from tests.pseudonymize.test_lifelike_round37 import _runs  # (seeds 0-3)


@pytest.fixture(scope="module")
def engine(offline_snapshot: Path) -> Engine:
    return Engine.load(offline_snapshot)


KEPT = [  # (text, words that stay as written under every seed)
    # the essay says the word is a feast: "X är en ... fest", "den ... festen är X"
    ("Oruzaa är en gammal vårfest hos oss. Min bror Tamir dansar.", ("Oruzaa",)),
    ("I Mongoliet den största högtiden är Naadamaa, en fest med hästar. Min bror Tamir rider.",
     ("Naadamaa",)),
    ("Festen heter Bujaga och vi dansar hela natten med Tamir.", ("Bujaga",)),
    # a feast day's name: a genitive no list holds and a lower-case "dag"
    ("I maj vi firar Tamirs dag, en gammal fest. Min bror Dorzhi kommer.", ("Tamirs dag",)),
    # a greeting of up to three words opening a line, the writer naming themself next
    ("Om mig\nKaselo e ofa! Jag heter Sione Taufa och bor i Mora.", ("Kaselo",)),
]


@pytest.mark.parametrize(("text", "kept"), KEPT)
def test_a_feast_or_greeting_no_list_holds_stays(engine: Engine, text: str,
                                                 kept: tuple[str, ...]) -> None:
    for _, rows in _runs(engine, text):
        for word in kept:
            assert [p for o, _, p in rows if o == word] == [word], rows


def test_a_feast_no_list_holds_keeps_its_month(engine: Engine) -> None:
    """A month in a sentence that celebrates a feast (a feast verb and a feast noun) is the
    feast's, as a listed feast's month is; a party for a birthday ("fyllde") still moves."""
    for text, rows in _runs(engine, "I maj vi firar Tamirs dag, en gammal fest. Min bror Dorzhi kommer."):
        # (kept by the renderer, or not detected at all: the feast's month is no one's date)
        assert text.startswith("I maj ") and all(p == "maj" for o, _, p in rows if o == "maj"), rows
    moved = {next(p for o, _, p in rows if o == "juni") for _, rows in _runs(
        engine, "I juni hade vi en fest för Tamir när han fyllde femtio.")}
    assert "juni" not in moved, moved


REPLACED = [  # (text, the names still replaced under every seed)
    # a person at a feast, not the feast: a preposition between, or no determiner before
    ("Bäst på festen var Tsyren. Tsyren är en gammal vän från festen.", ("Tsyren",)),
    # "Dag" a name: capitalised, after a listed name
    ("Min lärare Anders Dag kom på festen.", ("Anders", "Dag")),
    # a greeting's words must be no Swedish ones ("kom hit"), and "Hej X!" greets a person
    ("Siosaia kom hit! Jag heter Anna.", ("Siosaia",)),
    ("Hej Siosaia! Jag heter Anna Berg.", ("Siosaia",)),
    # a person's day, the person named in the essay: never kept (it would publish the name)
    ("Idag är det Tevitas dag, han fyller sex år. Tevita är min son.", ("Tevitas dag", "Tevita")),
    ("I maj vi firar Tamirs dag, en gammal fest. Min bror Tamir kommer.", ("Tamirs dag", "Tamir")),
]


@pytest.mark.parametrize(("text", "names"), REPLACED)
def test_a_person_beside_a_feast_or_a_greeting_is_still_replaced(
        engine: Engine, text: str, names: tuple[str, ...]) -> None:
    for _, rows in _runs(engine, text):
        for name in names:
            picks = [p for o, _, p in rows if o == name]
            assert picks and all(p != name for p in picks), rows


FEATURES = [  # (text, the feature, its kind's bare words)
    # a ski town the town table lacks (Funäsdalen, Vemdalen): the nearest table town's
    # landskap, whose lakes lie by no town or by a town near it (Kallsjön), never "sjön"
    ("Vi åkte skidor i Sälen och sedan badade vi i Siljan.", "Siljan", ("sjön", "sjö")),
    # a mountain of a neighbouring landskap where the town's has none free
    ("Jag jobbar i liften i Vemdalen. Vi vandrar ofta på Åreskutan.", "Åreskutan",
     ("berget", "berg")),
]


@pytest.mark.parametrize(("text", "feature", "bare"), FEATURES)
def test_a_swedish_feature_is_a_named_one_of_its_kind(engine: Engine, text: str, feature: str,
                                                     bare: tuple[str, ...]) -> None:
    geo = geography(True)
    kind = geo.features[feature][0]
    for _, rows in _runs(engine, text):
        pick = next(p for o, _, p in rows if o == feature)
        assert pick.lower() not in bare and geo.features.get(pick, ("",))[0] == kind, rows


def test_a_river_folding_to_a_kind_word_keeps_a_kind_word_as_written(engine: Engine) -> None:
    """"Ätran" folds to "-an" as "-ån" does: its bare word was "an", no Swedish word."""
    for _, rows in _runs(engine, "Vi åkte skidor i Sälen och paddlade kanot på Ätran."):
        assert next(p for o, _, p in rows if o == "Ätran") != "an", rows


def _country(engine: Engine, name: str) -> str:
    entry = engine.lex.get(fold(name))
    return entry.place_country or entry.country


def test_a_birthplace_no_gazetteer_knows_lies_where_the_essay_goes_on_abroad(
        engine: Engine) -> None:
    """"Jag föddes 1980 i tulmaj" (a year between), the essay's country abroad named only two
    sentences later (Kazan), a Swedish town at its end: the birthplace is a town of Kazan's
    surrogate country, never a Swedish town."""
    text = ("Jag föddes 1980 i tulmaj, en liten stad vid en flod. Min pappa jobbade på tåget. "
            "Vi flyttade till Kazan när jag var elva. Nu bor jag i Timrå.")
    for _, rows in _runs(engine, text):
        new = {o: p for o, _, p in rows}
        assert _country(engine, new["tulmaj"]) == _country(engine, new["Kazan"]) != "SE", rows


def test_a_place_one_essay_put_abroad_stays_abroad_in_the_next(engine: Engine) -> None:
    """A village no gazetteer knows that one essay places in Tonga is the learner's place
    abroad in the next, where it is named alone: a place no gazetteer knows after it lies in
    the same country, never a Swedish town ("flyttade till lapaha" was Mora)."""
    essays = ("Jag kommer från Tonga, från byn kalafu på Tongatapu.",
              "Jag föddes i Kalafu. När jag var sexton jag flyttade till lapaha.")
    for seed in range(4):
        memory = Memory()
        for i, text in enumerate(essays):
            r = engine.pseudonymize(text, f"e{i}", strategy="lifelike", seed=seed, memory=memory)
        new = {a.original: a.pseudonym for a in r.annotations}
        assert _country(engine, new["lapaha"]) not in ("", "SE"), r.target
