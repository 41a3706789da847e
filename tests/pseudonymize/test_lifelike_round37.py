"""Lifelike surrogates, round 37 (lifelike40, issue 15): what judge run 47 named, by class. A
people the essay names ties its homeland ("vi är ovimbundu" beside Angola never moved to
Mozambique), a country's language, feast or dish keeps the country ("det japanska nyåret"
never in Korea), a town said to lie by the sea takes a town on the sea ("vid havet" never
beside an inland town), a surname that is an adjective the essay uses as one takes another such
surname and the word follows it ("Lo Sträng, hon är inte sträng", never "inte näslund"), a
name that is also a verb stays the verb after its subject ("Anar ... jag anar"), and a named
day of the Spanish-speaking world keeps its last word ("Día de la Candelaria"). Invented
sentences, not the gold sets'."""

from __future__ import annotations

from pathlib import Path

import pytest

from pseudonymize.engine import Engine
from pseudonymize.policy import Policy
from pseudonymize.surrogates import geography, words

SEEDS = range(4)
RULES_ONLY = Policy(learned="off")


@pytest.fixture(scope="module")
def engine(offline_snapshot: Path) -> Engine:
    return Engine.load(offline_snapshot)


def _runs(engine: Engine, text: str, strategy: str = "lifelike", policy: Policy | None = None
          ) -> list[tuple[str, list[tuple[str, str, str]]]]:
    """Per seed: the text and its (original, label, surrogate) rows."""
    out = []
    for seed in SEEDS:
        r = engine.pseudonymize(text, "e", strategy=strategy, seed=seed, policy=policy)
        out.append((r.target, [(a.original, a.label, a.pseudonym) for a in r.annotations]))
    return out


KEPT = [  # (text, words that stay as written under every seed)
    # a people of one country keeps it
    ("Min familj är ovimbundu och vi kommer från Angola.", ("Angola",)),
    ("Vi är rohingya. Mina föräldrar bodde i Myanmar hela livet.", ("Myanmar",)),
    ("Mina grannar är hazarer från Afghanistan och de pratar dari.", ("Afghanistan",)),
    ("Min mamma är zapotek och vi bodde i Mexiko.", ("Mexiko",)),
    # a language, feast or dish of one country keeps it
    ("Jag kommer från Japan. Vi firar det japanska nyåret med släkten.", ("Japan",)),
    ("Min man kommer från Sydkorea. Till seollal lagar vi mycket mat.", ("Sydkorea",)),
    # a named day's last word is no town and no person
    ("Vi firar Día de la Candelaria i februari.", ("Día de la Candelaria",)),
    ("På Día de San Juan hoppar vi över elden.", ("Día de San Juan",)),
    # a country named by a former name: both names stay (never "Förr hette landet Thailand men
    # nu heter det Thailand")
    ("Förr hette landet Burma men nu heter det Myanmar.", ("Burma", "Myanmar")),
    ("Min pappa kommer från Persien, som idag heter Iran.", ("Persien", "Iran")),
    ("Jag kommer från burma och talar burmesiska.", ("burma",)),
]


@pytest.mark.parametrize(("text", "kept"), KEPT)
def test_peoples_culture_words_named_days_and_former_names_keep_their_words(
        engine: Engine, text: str, kept: tuple[str, ...]) -> None:
    # the rules' and surrogates' decision: the learned tagger reads "Candelaria" as a town
    for out, _ in _runs(engine, text, policy=RULES_ONLY):
        for word in kept:
            assert word in out, (word, out)


NARROWED = [  # (text, the country, the countries its surrogate may be)
    ("Vi är yazidier och kommer från Irak.", "Irak", {"Syrien", "Turkiet", "Armenien"}),
    ("Min pappa är tuareg från Mali.", "Mali", {"Niger", "Algeriet", "Libyen"}),
]


@pytest.mark.parametrize(("text", "country", "allowed"), NARROWED)
def test_a_people_of_several_countries_narrows_the_surrogate(
        engine: Engine, text: str, country: str, allowed: set[str]) -> None:
    for _, rows in _runs(engine, text):
        picks = {p for o, _, p in rows if o == country}
        assert picks and picks <= allowed | {country}, rows


def test_a_people_word_does_not_tie_an_essay_without_it(engine: Engine) -> None:
    """Without the people's word, Angola moves as before."""
    moved = {p for _, rows in _runs(engine, "Jag kommer från Angola och bor i Sverige nu.")
             for o, _, p in rows if o == "Angola"}
    assert moved - {"Angola"}, moved


COAST = [  # (text, the inland town said to lie by the sea)
    ("Jag växte upp i Shiraz. Vi bodde nära havet och badade varje dag.", "Shiraz"),
    ("Jag bodde i Kayseri och vi hade ett hus vid havet.", "Kayseri"),
    ("Min familj bor i Aleppo. Mitt hus ligger nära kusten.", "Aleppo"),
]


@pytest.mark.parametrize(("text", "town"), COAST)
def test_a_town_said_to_lie_by_the_sea_takes_a_town_on_the_sea(
        engine: Engine, text: str, town: str) -> None:
    coast = {t for towns in geography().coast_towns.values() for t in towns}
    for _, rows in _runs(engine, text):
        picks = {p for o, _, p in rows if o == town}
        assert picks and picks <= coast, rows


def test_the_sea_two_sentences_on_says_nothing_of_the_town(engine: Engine) -> None:
    """Only the mention's sentence and the next: an inland town stays free of the coast."""
    text = "Jag bodde i Shiraz. Jag saknar mina vänner. Vi åkte ofta till havet på sommaren."
    coast = {t for towns in geography().coast_towns.values() for t in towns}
    picks = {p for _, rows in _runs(engine, text) for o, _, p in rows if o == "Shiraz"}
    assert picks - coast, picks


ADJECTIVES = [  # (text, the surname, the adjective written small)
    ("Min lärare heter Lo Sträng, hon är inte sträng alls.", "Sträng", "sträng"),
    ("Vår tränare Per Glad är alltid glad och skrattar mycket.", "Glad", "glad"),
    ("Jag heter Maja Tapper och min pappa säger att jag är tapper.", "Tapper", "tapper"),
]
CHARACTER = {"Modig", "Stark", "Frisk", "Rask", "Sträng", "Glad", "Tapper", "Trygg", "Snäll",
             "Kvick", "Vass"}  # (round 43: Vass)


FOREST = [  # (text, the surname, its word written small) (the lead, after judge run 48)
    ("Läraren Ove Tall har en gammal tall på gården.", "Tall", "tall"),
    ("Vår granne Erik Räv sa att han såg en räv i trädgården.", "Räv", "räv"),
    ("Min chef Anna Hjort berättade om en hjort som hoppade över vägen.", "Hjort", "hjort"),
]
FOREST_NAMES = {"Ek", "Lind", "Alm", "Björk", "Asp", "Hägg", "Gran", "Tall", "Varg", "Räv",
                "Hjort", "Uggla"}


@pytest.mark.parametrize(("text", "name", "word", "field"),
                         [(*row, CHARACTER) for row in ADJECTIVES]
                         + [(*row, FOREST_NAMES) for row in FOREST])
def test_a_word_surname_takes_one_of_its_field_and_the_word_follows(
        engine: Engine, text: str, name: str, word: str, field: set[str]) -> None:
    """An adjective surname takes another adjective, a tree's or an animal's another of the
    forest's, and the word written small follows it."""
    for out, rows in _runs(engine, text):
        surname = [p for o, _, p in rows if o == name]
        assert surname and surname[0] in field - {name}, rows
        assert f" {surname[0].lower()}" in out and f" {word} " not in out, out




def test_an_adjective_surname_the_essay_never_uses_as_a_word_takes_a_plain_name(
        engine: Engine) -> None:
    for _, rows in _runs(engine, "Min granne heter Eva Snäll. Hon har en hund."):
        assert all(p not in CHARACTER for o, _, p in rows if o == "Snäll"), rows


VERBS = [  # (text, the verb after its subject)
    ("Min kompis heter Anar. Jag anar att han är trött idag.", "Jag anar att"),
    ("Min kompis heter Anar och han är snäll. Vi anar ingenting.", "Vi anar ingenting"),
]


@pytest.mark.parametrize("strategy", ["lifelike", "realistic"])
@pytest.mark.parametrize(("text", "verb"), VERBS)
def test_a_name_that_is_a_verb_stays_the_verb_after_its_subject(
        engine: Engine, text: str, verb: str, strategy: str) -> None:
    for out, rows in _runs(engine, text, strategy):
        assert verb in out, out
        assert "Anar" not in out and any(o == "Anar" for o, _, _ in rows), rows


def test_a_name_that_is_a_word_opening_its_clause_is_still_the_name(engine: Engine) -> None:
    """Not after a subject pronoun ("Igår stig ringde"): the name, as before."""
    for out, _ in _runs(engine, "Min dotter heter Stig. Sedan stig ringde hon till mig."):
        assert "stig" not in out.split(), out


CAMPS = [  # (text, the camp, the country it lies in)
    ("Jag bodde två år i Zaatari i Jordanien.", "Zaatari", "Jordanien"),
    ("Vi bodde i Kakuma i Kenya innan vi kom hit.", "Kakuma", "Kenya"),
]


@pytest.mark.parametrize(("text", "camp", "country"), CAMPS)
def test_a_listed_camp_named_alone_takes_a_camp_of_a_country_with_camps(
        engine: Engine, text: str, camp: str, country: str) -> None:
    """A camp of `refugee_camps_lifelike` by its name alone, no camp word beside it: the
    country's surrogate has camps and the camp is one of them (never a town of Syria)."""
    camps = words().camps
    for _, rows in _runs(engine, text):
        picked = {o: p for o, _, p in rows}
        assert picked.get(camp) in {c for names in camps.values() for c in names}, rows
