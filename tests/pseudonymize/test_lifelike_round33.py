"""Lifelike surrogates keep a learner's slips of the pen (lifelike36, issue 15): a mention
misspelt by one edit of its entity's spelling takes a surrogate misspelt the same way, so the
misspelling never points back at the original as the one name spelt wrong; a mention spelt
right keeps its surrogate spelt right. Invented sentences, not the gold sets'."""

from __future__ import annotations

from pathlib import Path

import pytest

from pseudonymize.engine import Engine, Memory
from pseudonymize.lexicon import fold
from pseudonymize.slips import slip_of, slipped
from pseudonymize.surrogates import geography
from pseudonymize.types import Result

SEEDS = range(8)


@pytest.fixture(scope="module")
def engine(offline_snapshot: Path) -> Engine:
    return Engine.load(offline_snapshot)


SLIPS = [  # (right, written, kind)
    ("vimmerby", "vimerby", ("undouble", "m")),
    ("hodan", "hoddan", ("double", "d")),
    ("stockholm", "stokholm", ("drop", "c")),
    ("halmstad", "halmstadt", ("end", "t")),
    ("vansbro", "vansboro", ("add", "o")),
    ("stockholm", "stockhlom", ("swap", "ol")),
    ("jacmel", "jakmel", ("sub", "ck")),
    ("stockholm", "stockholm", None),
    ("stockholm", "stokhlom", None),  # two edits: no slip
    ("lund", "lunden", None),
]


@pytest.mark.parametrize(("right", "written", "kind"), SLIPS)
def test_the_kind_of_slip_is_read(right: str, written: str, kind: tuple[str, str] | None) -> None:
    assert slip_of(right, written) == kind


SLIPPED = [  # (surrogate, slip, every output allowed over picks 0-7)
    ("Sundsvall", ("undouble", "m"), {"Sundsval"}),
    ("Falun", ("undouble", "m"), {"Fallun"}),  # no double letter: a doubled one
    ("Karlskoga", ("drop", "c"), {"Kalskoga", "Karskoga", "Karlkoga", "Karlsoga"}),
    ("Mariestad", ("end", "t"), {"Mariestadt"}),
    ("Falun", ("end", "t"), {"Fallun"}),  # no closing -d: a doubled letter
    ("Göteborg", ("swap", "ol"), {"Götebrog"}),
    ("Markham", ("sub", "ck"), {"Marham", "Makham", "Markam"}),
    ("Jacobstad", ("sub", "ck"), {"Jakobstad"}),
    ("Amina", ("drop", "i"), {"Amna"}),
]


@pytest.mark.parametrize(("word", "slip", "allowed"), SLIPPED)
def test_the_surrogate_takes_a_slip_of_the_same_kind(word: str, slip: tuple[str, str],
                                                     allowed: set[str]) -> None:
    outs = {slipped(word, slip, pick, (("ck", "k"), ("c", "k"))) for pick in range(8)}
    assert outs and outs <= allowed, outs
    assert all(o[0] == word[0] for o in outs)  # never the first letter


def _mentions(result: Result, written: str) -> list[str]:
    return [a.pseudonym for a in result.annotations if a.original == written]


ESSAYS = [  # (essays of one learner, right spelling, misspelt spelling)
    (["Jag bor i Vimmerby med min familj. Jag tycker om Vimerby för det är lugnt."],
     "Vimmerby", "Vimerby"),
    (["Jag kommer från Somalia och nu bor jag i Vimmerby.",
      "Förra året flyttade vi till Vimerby, min man jobbar där."],
     "Vimmerby", "Vimerby"),
    (["Jag bor i Borlänge med min familj. I Borlänge finns det många affärer.",
      "Jag åker ofta till Stokholm med tåget. Stockholm är en stor stad."],
     "Stockholm", "Stokholm"),
    (["Min familj bor i Mariestad. Jag tycker Mariestadt är fint på sommaren."],
     "Mariestad", "Mariestadt"),
]


@pytest.mark.parametrize(("essays", "right", "misspelt"), ESSAYS)
def test_a_misspelt_town_takes_its_surrogate_misspelt(engine: Engine, essays: list[str],
                                                      right: str, misspelt: str) -> None:
    for seed in SEEDS:
        memory = Memory()
        results = [engine.pseudonymize(t, f"e{i}", strategy="lifelike", seed=seed,
                                       memory=memory) for i, t in enumerate(essays)]
        good = [p for r in results for p in _mentions(r, right)]
        bad = [p for r in results for p in _mentions(r, misspelt)]
        assert good and bad, (seed, good, bad)
        assert good[0] in geography().towns, (seed, good)  # the right spelling stays right
        assert bad[0] != good[0] and fold(bad[0]) != fold(misspelt), (seed, bad, good)
        assert slip_of(fold(good[0]), fold(bad[0])) is not None, (seed, good, bad)


def test_realistic_keeps_the_surrogate_spelt_right(engine: Engine) -> None:
    text = "Jag bor i Vimmerby med min familj. Jag tycker om Vimerby för det är lugnt."
    for seed in SEEDS:
        r = engine.pseudonymize(text, "e", strategy="realistic", seed=seed)
        assert len({a.pseudonym for a in r.annotations if a.label == "city"}) == 1, seed


# --- a learner's essays agree with each other (class 5) --------------------------------------

ALIASES = [  # (one learner's essays, the town's two spellings: gazetteer names of one feature)
    (["Min familj flydde från Libyen till Istanbul. I Istanbul bodde vi i två år.",
      "Jag minns Istambul, där var det varmt och mycket folk."], "Istanbul", "Istambul"),
    (["Jag kommer från Haiti, från Jacmel. Jacmel ligger vid havet.",
      "I jakmel finns det en stor karneval varje år."], "Jacmel", "jakmel"),
]


@pytest.mark.parametrize(("essays", "first", "second"), ALIASES)
def test_one_town_under_two_names_keeps_one_surrogate_across_essays(
        engine: Engine, essays: list[str], first: str, second: str) -> None:
    for seed in SEEDS:
        memory = Memory()
        results = [engine.pseudonymize(t, f"e{i}", strategy="lifelike", seed=seed,
                                       memory=memory) for i, t in enumerate(essays)]
        one, two = _mentions(results[0], first), _mentions(results[1], second)
        assert one and two, (seed, one, two)
        assert fold(two[0]) == fold(one[0]) or slip_of(fold(one[0]), fold(two[0])), \
            (seed, one, two)


# --- a place after a place preposition is no person (class 3) --------------------------------

def _label_over_seeds(engine: Engine, text: str, original: str) -> set[str]:
    """The labels the mention written `original` takes over SEEDS (lifelike)."""
    out = set()
    for seed in SEEDS:
        r = engine.pseudonymize(text, "e", strategy="lifelike", seed=seed)
        out |= {a.label for a in r.annotations if a.original == original} or {""}
    return out


@pytest.mark.parametrize(("text", "place", "label"), [  # (text, the place, its label)
    ("Förra året flyttade vi till Vimerby, min man jobbar där.", "Vimerby", "city"),
    ("Vi bodde nära floden Amina i norr.", "Amina", "geo"),
    ("Jag badade i sjön Sara när jag var liten.", "Sara", "geo"),
    ("Vi klättrade på berget Kenan med min pappa.", "Kenan", "geo"),
    ("Jag föddes i staden Hamid i Syrien.", "Hamid", "city"),
])
def test_no_persons_name_for_a_place_after_its_kind_word(engine: Engine, text: str, place: str,
                                                         label: str) -> None:
    assert _label_over_seeds(engine, text, place) == {label}


def test_a_kin_word_after_a_name_still_makes_it_a_person(engine: Engine) -> None:
    """The negative row: without a place preposition, "Bima, min son" stays a person."""
    labels = _label_over_seeds(engine, "Jag pratade med Bima, min son, igår. Bima är sju år.",
                               "Bima")
    assert labels and all(label.startswith("firstname") for label in labels), labels


# --- a short nickname stays short (class 4) --------------------------------------------------

NICKNAMES = [  # (text, the nickname, the longest surrogate allowed)
    ("Jag heter Vilayphone Hall, men alla säger Nok, det betyder fågel på lao. Jag kommer från "
     "Laos.", "Nok", 4),
    ("Jag heter Wanida Svensson men alla säger Fon. Jag kommer från Thailand.", "Fon", 4),
]


@pytest.mark.parametrize(("text", "nickname", "most"), NICKNAMES)
def test_a_short_nickname_takes_a_short_name(engine: Engine, text: str, nickname: str,
                                             most: int) -> None:
    for seed in SEEDS:
        r = engine.pseudonymize(text, "e", strategy="lifelike", seed=seed)
        got = _mentions(r, nickname)
        assert got and len(got[0]) <= most and got[0] != nickname, (seed, got)


def test_a_nickname_cut_from_its_name_is_still_cut(engine: Engine) -> None:
    """The negative row: "Magdalena ... Magda" keeps a short form of the surrogate."""
    text = "Jag heter Magdalena Nowak men alla säger Magda. Jag kommer från Polen."
    for seed in SEEDS:
        r = engine.pseudonymize(text, "e", strategy="lifelike", seed=seed)
        full, short = _mentions(r, "Magdalena"), _mentions(r, "Magda")
        assert full and short and full[0] != short[0], (seed, full, short)


# --- geography that fits: a village outside its town (class 2) -------------------------------

VILLAGES = [  # (text, the village, the town it lies outside)
    ("Nu jag bor i mellbystrand utanför Laholm med min man.", "mellbystrand", "Laholm"),
    ("Vi bor i Veinge nära Laholm. Jag jobbar i Halmstad.", "Veinge", "Laholm"),
]


@pytest.mark.parametrize(("text", "village", "town"), VILLAGES)
def test_a_locality_outside_a_town_stays_smaller_than_it(engine: Engine, text: str,
                                                         village: str, town: str) -> None:
    for seed in SEEDS:
        r = engine.pseudonymize(text, "e", strategy="lifelike", seed=seed)
        small, big = _mentions(r, village), _mentions(r, town)
        assert small and big, (seed, small, big)
        assert 0 < engine.lex.get(fold(small[0])).se_pop < engine.lex.get(fold(big[0])).se_pop, \
            (seed, small, big)


def test_a_town_outside_a_city_is_no_village(engine: Engine) -> None:
    """The negative row: Lund (far above `village_near_max`) near Malmö stays a town."""
    for seed in SEEDS:
        r = engine.pseudonymize("Jag bor i Lund nära Malmö.", "e", strategy="lifelike", seed=seed)
        assert _mentions(r, "Lund")[0] in geography().towns, seed


# --- a language the essay keeps keeps its country and names (Lao, Haitian Creole, Kabyle) ----

def _name_groups(engine: Engine, name: str) -> set[str]:
    from pseudonymize.surrogates import words
    return {*engine.lex.name_origins.get(fold(name), ()),
            *words().name_list_origins.get(fold(name), ())}


@pytest.mark.parametrize(("text", "country", "group"), [
    ("Sabaidee! Jag heter Somphone och jag kommer från Pakse i Laos. Min bror Bounmy bor kvar "
     "där. Vi pratar lao hemma.", "Laos", "thai"),
    ("Bonjou! Jag kommer från Les Cayes i Haiti. Min dotter Wislande sjunger på kreyòl och min "
     "son Jeanty spelar fotboll.", "Haiti", "haitian"),
    ("Azul! Jag heter Lounis Ouchene och kommer från Bejaia i Algeriet. Vi pratar kabyliska "
     "hemma. Min son Amazigh går i skolan.", "Algeriet", "kabyle"),
])
def test_a_language_kept_keeps_its_country_and_its_names(engine: Engine, text: str,
                                                         country: str, group: str) -> None:
    for seed in SEEDS:
        r = engine.pseudonymize(text, "e", strategy="lifelike", seed=seed, memory=Memory())
        assert country in r.target, (seed, r.target)
        names = [a.pseudonym for a in r.annotations if (a.label.startswith("firstname")
                 or a.label == "surname") and a.pseudonym != a.original]
        assert names and all(group in _name_groups(engine, n) for n in names), (seed, names)


def test_a_language_word_is_never_drawn_as_an_institution(engine: Engine) -> None:
    """"sjunger på kreyòl" (judge run 41: "sjunger på lunds universitet") stays as written."""
    text = "Jag kommer från Haiti. I kyrkan vi sjunger på kreyòl varje söndag."
    for seed in SEEDS:
        r = engine.pseudonymize(text, "e", strategy="lifelike", seed=seed)
        assert "kreyòl" in r.target, (seed, r.target)


def test_a_misspelt_name_takes_its_surrogate_misspelt(engine: Engine) -> None:
    """A name the essay spells two ways ("Abdirahman ... abdirahaman", the coreference key
    linking them) keeps one surrogate, misspelt where the mention is."""
    text = ("Min bror heter Abdirahman och han bor i Uppsala. Igår ringde abdirahaman och sa "
            "att han kommer på lördag.")
    for seed in SEEDS:
        r = engine.pseudonymize(text, "e", strategy="lifelike", seed=seed)
        right, wrong = _mentions(r, "Abdirahman"), _mentions(r, "abdirahaman")
        assert right and wrong, (seed, right, wrong)
        assert fold(wrong[0]) != fold(right[0]) and slip_of(fold(right[0]), fold(wrong[0])), \
            (seed, right, wrong)


def test_a_learning_centre_is_adult_education_of_the_surrogate_town(engine: Engine) -> None:
    """"läser svenska på lärcentrum i laholm" (judge run 41: "gävle centrum i sandviken", a
    shopping centre): an adult education of its kind, never "<town> centrum"."""
    pool = {"folkuniversitetet", "abf", "medborgarskolan", "studiefrämjandet", "hermods",
            "lernia", "komvux", "studieförbundet vuxenskolan", "sfi", "nti-skolan"}
    for seed in SEEDS:
        r = engine.pseudonymize("Jag läser svenska på lärcentrum i laholm tre dagar i veckan.",
                                "e", strategy="lifelike", seed=seed)
        got = _mentions(r, "lärcentrum")
        assert got and (got[0] in pool or "vuxenutbildning" in got[0]), (seed, got)


def test_an_island_of_a_country_with_none_is_a_neighbours(engine: Engine) -> None:
    """"till ön Don Det" in Laos (kept by its language; no island of Laos in the table): an
    island of a neighbour, never Qeshm of Iran (judge pairs of dev16)."""
    text = ("Sabaidee! Jag kommer från Pakse i Laos. Min bror åkte vidare till ön Don Det. "
            "Vi pratar lao hemma.")
    for seed in SEEDS:
        r = engine.pseudonymize(text, "e", strategy="lifelike", seed=seed)
        got = _mentions(r, "Don Det")
        isos = geography(lifelike=True).features.get(got[0], ("", frozenset()))[1] if got \
            else frozenset()
        assert got and not set(isos).isdisjoint(engine.lex.neighbours.get("LA", ())), \
            (seed, got, isos)
