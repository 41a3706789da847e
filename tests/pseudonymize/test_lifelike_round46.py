"""Lifelike surrogates, round 46 (lifelike49, issue 15): what round 45 left of judge runs 54 and
55 on dev21. A route's start the gazetteers lack lies outside the country it goes to; "X, det
är kort för Y" gives a town's other name; a microstate is drawn last; an essay naming the Ewe
or the Baloch gives its families their own names. Invented sentences, not the gold sets'."""

from __future__ import annotations

from pathlib import Path

import pytest

from pseudonymize.engine import Engine, Memory
from pseudonymize.lexicon import fold
from pseudonymize.surrogates import words
from tests.pseudonymize.test_lifelike_round37 import _runs  # (seeds 0-3)
from tests.pseudonymize.test_lifelike_round40 import _pick as _of
from tests.pseudonymize.test_lifelike_round44 import _country, _town_country


@pytest.fixture(scope="module")
def engine(offline_snapshot: Path) -> Engine:
    return Engine.load(offline_snapshot)


def test_a_route_start_lies_outside_its_destination(engine: Engine) -> None:
    """"flydde från Huye till Uganda" (Huye no gazetteer knows): Huye's surrogate is a town
    of a country other than Uganda's surrogate, never one inside it."""
    for out, rows in _runs(engine, "Vi flydde från Huye till Uganda när jag var liten."):
        assert _town_country(engine, _of(rows, "Huye")) != _country(
            engine, _of(rows, "Uganda")), out


def test_a_route_start_lies_beside_the_essays_other_towns(engine: Engine) -> None:
    """The start lies where the essay's other towns abroad do (Kigali: Rwanda's surrogate)."""
    text = "Min familj flydde från Huye till uganda. Sen flyttade jag tillbaka till Kigali."
    for out, rows in _runs(engine, text):
        assert _town_country(engine, _of(rows, "Huye")) == _town_country(
            engine, _of(rows, "Kigali")), out


def test_a_town_in_a_country_lies_in_it(engine: Engine) -> None:
    """The negative row: the same town said to lie in the country is a town of its
    surrogate."""
    for out, rows in _runs(engine, "Min mormor bor i Huye i Uganda."):
        assert _town_country(engine, _of(rows, "Huye")) == _country(
            engine, _of(rows, "Uganda")), out


SHORT_FORMS = [  # (text, the short form, the full name)
    ("Jag är född i Tana, det är kort för Antananarivo.", "Tana", "Antananarivo"),
    ("Vi bodde i Mahajanga, det är en förkortning för Maevatanana.", "Mahajanga",
     "Maevatanana"),
    ("Min mamma kommer från Toliara, kort för Maevatanana.", "Toliara", "Maevatanana"),
]


@pytest.mark.parametrize(("text", "short", "full"), SHORT_FORMS)
def test_a_short_form_is_the_same_town(engine: Engine, text: str, short: str,
                                       full: str) -> None:
    """"X, det är kort för Y" (`alias_verbs`): Y is X's other name, so both are one
    surrogate town (its other name, else the same name twice), never two towns."""
    for out, rows in _runs(engine, text):
        assert fold(_of(rows, short)) == fold(_of(rows, full)), out


def test_a_short_way_to_a_town_is_another_town(engine: Engine) -> None:
    """The negative row: "det är kort väg till Y" names another town."""
    text = "Vi bodde i Toliara, det är kort väg till Mahajanga."
    for out, rows in _runs(engine, text):
        assert fold(_of(rows, "Toliara")) != fold(_of(rows, "Mahajanga")), out


def test_a_country_is_never_a_microstate(engine: Engine) -> None:
    """Where the learner's other essays took a country's neighbours, its surrogate is one of
    the next ring, never San Marino, Andorra or Liechtenstein (`microstates_lifelike`)."""
    essays = ["Min bror bor i Frankrike och min syster i Österrike.",
              "Jag bodde i Slovenien ett år.",
              "Vi åkte båt från Libyen till Italien. Sen tog vi tåget genom Schweiz och "
              "Tyskland till Danmark."]
    small = {"SM", "MC", "LI", "AD", "VA"}
    for seed in range(12):
        memory = Memory()
        for i, text in enumerate(essays):
            r = engine.pseudonymize(text, f"e{i}", strategy="lifelike", seed=seed,
                                    memory=memory)
            drawn = {_country(engine, a.pseudonym) for a in r.annotations
                     if a.label == "country"}
            assert drawn.isdisjoint(small), r.target


def test_a_microstate_may_stay_among_microstates(engine: Engine) -> None:
    """The negative row: a microstate itself is still drawn as one may be (the rule only
    keeps other countries from becoming one)."""
    for out, rows in _runs(engine, "Jag har bott i Andorra."):
        assert _of(rows, "Andorra"), out


def _group_of(name: str) -> set[str]:
    """The name lists of `name_lists_lifelike` and `name_languages_lifelike` holding it."""
    w = words()
    return {g for g, lists in w.name_lists.items() if any(
        name in names for names in lists.values())} | {
        f"{g}:{lang}" for g, langs in w.name_languages.items()
        for key, lang in langs.items() if key == fold(name)}


EWE = [  # (text, the family's names)
    ("Min familj är ewe. Min mamma heter Afi och min bror heter Kofi. Vi bor i Togo och "
     "pratar franska.", ("Afi", "Kofi")),
    ("Vi pratar ewe hemma. Min pappa Komla och min syster Akouvi bor kvar i Lomé.",
     ("Komla", "Akouvi")),
]


@pytest.mark.parametrize(("text", "names"), EWE)
def test_an_ewe_family_keeps_ewe_names(engine: Engine, text: str,
                                       names: tuple[str, ...]) -> None:
    """An essay naming the Ewe or their language: the family's names are Ewe (the Ivorian
    group's Ewe names, `name_languages_lifelike.ivorian`, or Ghana's) or French, never
    Baoulé (Kouamé) or Mooré (Boukary)."""
    for out, rows in _runs(engine, text):
        for name in names:
            held = _group_of(_of(rows, name))
            assert not held & {"ivorian:akan", "ivorian:north"}, out


def test_an_ivorian_family_keeps_its_names(engine: Engine) -> None:
    """The negative row: a Baoulé family of Ivory Coast keeps Baoulé or French names."""
    text = "Min vän Kouamé och hans fru Akissi bor i Abidjan."
    for out, rows in _runs(engine, text):
        for name in ("Kouamé", "Akissi"):
            assert "ivorian:ewe" not in _group_of(_of(rows, name)), out


BALOCH = [  # (text, a family's name)
    ("Vi är balucher. Min familj bor i Zahedan. Min bror heter Jalal.", "Jalal"),
    ("Min mamma pratar baluchiska. Min syster Mahnaz bor i Quetta.", "Mahnaz"),
    ("Vi är baluchier från Iran. Min pappa heter Karim.", "Karim"),
]


@pytest.mark.parametrize(("text", "name"), BALOCH)
def test_a_baloch_family_keeps_baloch_names(engine: Engine, text: str, name: str) -> None:
    """An essay naming the Baloch or Balochi: the writer's kin bear Baloch names
    (`name_lists_lifelike.baloch`), never Persian or Arabic ones."""
    for out, rows in _runs(engine, text):
        assert "baloch" in _group_of(_of(rows, name)), out


def test_a_persian_family_keeps_persian_names(engine: Engine) -> None:
    """The negative row: without the Baloch a family of Iran draws no Baloch name."""
    for out, rows in _runs(engine, "Min pappa heter Reza och bor i Teheran."):
        assert "baloch" not in _group_of(_of(rows, "Reza")), out
