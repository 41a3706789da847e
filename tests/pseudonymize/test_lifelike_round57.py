"""Lifelike surrogates, round 57 (issue 15): two entities of a learner never share one surrogate,
and a given name that is also a country's never tells where a family's names come from.

A learner's memory forgets the entities only the learned tagger guessed (`_forget_learned`);
`resolve.number` then counted the entities a label still held and gave the next new one a number
another still held, so two places (a home village abroad and the learner's Swedish town) were
drawn under one number and shared one surrogate ("byn Stavropol ... Nu bor jag i Stavropol i
Skåne"). And a person named as a country ("min fru Montserrat") put that country among the
essay's named countries, so the family's Spanish names took the group at home on the Caribbean
island (Núria -> Tamika). Invented sentences, not the gold sets'."""

from __future__ import annotations

from pathlib import Path

import pytest

from pseudonymize.engine import Engine
from pseudonymize.lexicon import fold
from pseudonymize.resolve import number
from pseudonymize.types import Span
from tests.pseudonymize.test_lifelike_round37 import _runs  # (seeds 0-3)


@pytest.fixture(scope="module")
def engine(offline_snapshot: Path) -> Engine:
    return Engine.load(offline_snapshot)


TEXT = "Vi bodde i Ankby och Borvik."
SPANS = [Span(11, 16, "city", key="ankby"), Span(21, 27, "city", key="borvik")]

NUMBERED = [  # (the learner's earlier entities, the numbers the essay's two towns take)
    # one entity forgotten (number 2 of 3 left the memory): never 3 again
    ({("city", "axby"): 1, ("city", "cestad"): 3}, None),
    ({("city", "axby"): 1, ("city", "dorby"): 2, ("city", "cestad"): 4}, None),
    ({("city", "axby"): 2}, None),
    # nothing forgotten: the counts, as before
    ({("city", "axby"): 1, ("city", "cestad"): 2}, [3, 4]),
    ({("firstname_male", "olle"): 1, ("city", "axby"): 1}, [2, 3]),
    ({}, [1, 2]),
]


@pytest.mark.parametrize(("refs", "expected"), NUMBERED)
def test_a_new_entity_takes_no_number_another_holds(refs: dict[tuple[str, str], int],
                                                    expected: list[int] | None) -> None:
    held = {ref for (label, _), ref in refs.items() if label == "city"}
    got = number(SPANS, TEXT, dict(refs))
    assert len(set(got)) == 2 and held.isdisjoint(got), got
    if expected is not None:
        assert got == expected


def test_a_learners_two_towns_never_share_a_surrogate(engine: Engine) -> None:
    """A memory that forgot an entity in the middle of its numbers (as `_forget_learned`
    leaves it): the essay's two new towns are drawn apart from the one still held."""
    from pseudonymize.engine import Memory

    first = Memory()
    engine.pseudonymize("Jag bodde i Vetlanda, Eksjö och Nässjö.", "e1", strategy="lifelike",
                        seed=0, memory=first)
    nassjo = next(k for k in first.refs if k[1] == "nassjo")
    eksjo = next(k for k in first.refs if k[1] == "eksjo")
    first.bases.pop(eksjo, None)
    first.bases.pop(("city", first.refs.pop(eksjo)), None)
    r = engine.pseudonymize("Nu bor jag i Nässjö. Min syster bor i Tranås.", "e2",
                            strategy="lifelike", seed=0, memory=first)
    picks = {a.original: a.pseudonym for a in r.annotations if a.label == "city"}
    assert picks["Nässjö"] != picks["Tranås"], r.target
    assert first.refs[("city", "tranas")] != first.refs[nassjo]


GIVEN_COUNTRY = [  # (text, the names that are listed Spanish, whose surrogates must be too)
    ("Min fru heter Montserrat och våra barn Núria och Pau.", ("Montserrat", "Núria")),
    ("Min syster Montserrat har två barn, Núria och Pau.", ("Montserrat", "Núria")),
    ("Jag bor med min fru Montserrat och våra söner Jordi och Pau.", ("Montserrat", "Jordi")),
    ("Min man heter Jordi och våra barn Montserrat och Pau.", ("Jordi", "Montserrat")),
    # (Spanish before too: no other country named beside the name)
    ("Jag heter Montserrat. Min dotter heter Núria och hon är sju år.", ("Montserrat", "Núria")),
]


@pytest.mark.parametrize(("text", "names"), GIVEN_COUNTRY)
def test_a_given_name_that_is_a_country_names_no_homeland(engine: Engine, text: str,
                                                          names: tuple[str, ...]) -> None:
    origins = engine.lex.name_origins
    for target, rows in _runs(engine, text):
        picks = [p for o, _, p in rows if o in names]
        assert len(picks) == len(names), rows
        assert all("spanish" in origins.get(fold(p), ()) for p in picks), target


def test_the_country_itself_still_names_the_homeland(engine: Engine) -> None:
    """Montserrat named as the island the family comes from: its names stay Caribbean."""
    from pseudonymize.surrogates.words import words

    caribbean = {fold(n) for names in words().name_lists["caribbean"].values() for n in names}
    for target, rows in _runs(engine, "Vi kommer från ön Montserrat. Min fru heter Shanice."):
        wife = next(p for o, _, p in rows if o == "Shanice")
        assert fold(wife) in caribbean, target


def test_a_peoples_home_region_holds_all_its_homes(engine: Engine) -> None:
    """A people's row that names its home region (`regions`) lists home towns of that one
    region in each of its countries: the Welsh row's "Bangor" is Northern Ireland's to the
    gazetteers, so a Welsh village was drawn as Belfast."""
    import tomllib

    rows = tomllib.loads((Path(__file__).parents[2] / "pseudonymize" / "data" /
                          "geography.toml").read_text(encoding="utf-8"))["country_cues_lifelike"]
    lex = engine.lex
    for row in rows:
        if not row.get("regions") or not row.get("homes"):
            continue
        by_country: dict[str, set[str]] = {}
        for home in row["homes"]:
            by_country.setdefault(lex.get(fold(home)).place_country, set()).add(
                lex.place_region.get(fold(home), ""))
        assert all(len(regions) == 1 for regions in by_country.values()), (row["words"][0],
                                                                           by_country)


WELSH = [  # (text, the town abroad): drawn in Wales
    ("Jag kommer från Wales, från en liten stad som heter Llanberis. Jag pratar walesiska med "
     "min dotter.", "Llanberis"),
    # (a guard: Swansea before too, a town the pool holds in Wales)
    ("Min mamma bor i Caerphilly i Wales och hon pratar bara walesiska.", "Caerphilly"),
]


@pytest.mark.parametrize(("text", "town"), WELSH)
def test_a_welsh_town_stays_in_wales(engine: Engine, text: str, town: str) -> None:
    for target, rows in _runs(engine, text):
        pick = next(p for o, _, p in rows if o == town)
        assert engine.lex.place_region.get(fold(pick)) == "GB.WLS", target
