"""Lifelike surrogates, round 44 (lifelike47, issue 15): what round 43 left of judge runs 52-53
on dev20. A town several countries share the name of lies in the country the essay (or the
learner's other essays) is about; a people's home regions are kept across a learner's essays;
the Chin and the Chagga get names of their own; a misspelt country after "gränsen till" is a
country. Invented sentences, not the gold sets'."""

from __future__ import annotations

from pathlib import Path

import pytest

from pseudonymize.engine import Engine
from pseudonymize.evaluate import Document, as_released
from pseudonymize.lexicon import fold
from pseudonymize.surrogates import words
from tests.pseudonymize.test_lifelike_round37 import _runs  # (seeds 0-3)
from tests.pseudonymize.test_lifelike_round40 import _pick as _of

SEEDS = range(4)


@pytest.fixture(scope="module")
def engine(offline_snapshot: Path) -> Engine:
    return Engine.load(offline_snapshot)


def _country(engine: Engine, name: str) -> str:
    return engine.lex.get(fold(name)).country


def _town_country(engine: Engine, name: str) -> str:
    return engine.lex.get(fold(name)).place_country


NAMESAKES = [  # (text, the town, the country the essay names)
    ("Min mamma bor i ett litet hus i Santiago. Hon har aldrig lämnat Dominikanska republiken.",
     "Santiago", "Dominikanska republiken"),
    ("Jag växte upp i Córdoba i Spanien och flyttade sedan till Sverige.", "Córdoba", "Spanien"),
    ("Min bror studerar i León. Han tycker att Mexiko är ett vackert land.", "León", "Mexiko"),
    ("Jag kommer från Santiago i Chile.", "Santiago", "Chile"),  # the lexicon's own reading
]


@pytest.mark.parametrize(("text", "town", "country"), NAMESAKES)
def test_a_shared_town_name_lies_in_the_essays_country(engine: Engine, text: str, town: str,
                                                       country: str) -> None:
    """A town of a name several countries' towns share (`town_namesakes_lifelike`) lies in
    the country the essay names: its surrogate is a town of that country's surrogate (a
    Dominican's Santiago never moves to Chile's surrogate country)."""
    for out, rows in _runs(engine, text):
        assert _town_country(engine, _of(rows, town)) == _country(engine, _of(rows, country)), out


def test_a_shared_town_name_follows_the_learners_country(engine: Engine) -> None:
    """An essay naming no country: the learner's earlier essay tells which Santiago it is."""
    essays = [Document("s1", "Jag kommer från Dominikanska republiken och bor i Malmö.", (),
                       learner="L1"),
              Document("s2", "Min mamma bor kvar i Santiago och ringer varje söndag.", (),
                       learner="L1")]
    for seed in SEEDS:
        released = dict((doc.id, result) for doc, result in as_released(
            engine, essays, "lifelike", seed))
        first = [(a.original, a.label, a.pseudonym) for a in released["s1"].annotations]
        later = [(a.original, a.label, a.pseudonym) for a in released["s2"].annotations]
        assert _town_country(engine, _of(later, "Santiago")) == _country(
            engine, _of(first, "Dominikanska republiken")), released["s2"].target


def test_a_town_of_one_country_is_not_moved(engine: Engine) -> None:
    """The negative row: a town no other country shares the name of stays the lexicon's
    (Quito lies in Ecuador's surrogate, even in an essay naming Chile too)."""
    text = "Jag kommer från Quito i Ecuador. Min syster bor i Chile."
    for out, rows in _runs(engine, text):
        assert _town_country(engine, _of(rows, "Quito")) == _country(
            engine, _of(rows, "Ecuador")), out


def _regions(engine: Engine, essays: list[Document], essay: str, town: str) -> set[str]:
    got = set()
    for seed in SEEDS:
        for doc, result in as_released(engine, essays, "lifelike", seed):
            if doc.id == essay:
                rows = [(a.original, a.label, a.pseudonym) for a in result.annotations]
                got.add(engine.lex.place_region.get(fold(_of(rows, town)), ""))
    return got


def test_a_peoples_home_is_kept_across_the_learners_essays(engine: Engine) -> None:
    """A learner who says "luganda" in one essay is a Muganda in the next: a Ugandan town of
    the later essay is drawn in Buganda (the Central region), never Gulu."""
    essays = [Document("h1", "Jag är muganda och mitt språk är luganda. Jag kommer från "
                             "Masaka i Uganda.", (), learner="L2"),
              Document("h2", "Min syster bor i Kampala. Hon är sömmerska där och trivs.", (),
                       learner="L2")]
    assert _regions(engine, essays, "h2", "Kampala") == {"UG.C"}


def test_a_home_is_not_carried_to_another_learner(engine: Engine) -> None:
    """The negative row: the same later essay of a learner who never named the people."""
    essays = [Document("h1", "Jag kommer från Uganda och bor i Umeå.", (), learner="L3"),
              Document("h2", "Min syster bor i Kampala. Hon är sömmerska där och trivs.", (),
                       learner="L3")]
    assert _regions(engine, essays, "h2", "Kampala") != {"UG.C"}


PEOPLES_NAMES = [  # (text, the group, the names)
    ("Jag är chin och kommer från Myanmar. Min man heter Biak Tluang och vår dotter heter Mawi.",
     "chin", ("Biak", "Tluang", "Mawi")),
    ("Vi pratar laiholh hemma. Min bror Cung bor i Kuala Lumpur med sin fru Hniang.",
     "chin", ("Cung", "Hniang")),
    ("Jag är chagga från Tanzania. Min pappa heter Elisante Massawe och min mamma Gladness.",
     "chagga", ("Elisante", "Massawe", "Gladness")),
]


@pytest.mark.parametrize(("text", "group", "names"), PEOPLES_NAMES)
def test_a_peoples_family_takes_its_own_names(engine: Engine, text: str, group: str,
                                              names: tuple[str, ...]) -> None:
    """A Chin or Chagga family (the people or language named) takes names of its own list
    (`name_lists_lifelike.chin`, `.chagga`), never Karen or Burmese, Luo or Kikuyu ones."""
    own = {fold(n) for names_ in words().name_lists[group].values() for n in names_}
    for out, rows in _runs(engine, text):
        for name in names:
            assert fold(_of(rows, name)) in own, out


def test_a_burmese_family_takes_no_chin_names(engine: Engine) -> None:
    """The negative row: a Burmese family of no Chin word keeps Burmese names."""
    text = "Jag kommer från Myanmar. Min man heter Aung Kyaw och vår dotter heter Thandar."
    chin = {fold(n) for names in words().name_lists["chin"].values() for n in names}
    for out, rows in _runs(engine, text):
        assert not {fold(_of(rows, n)) for n in ("Aung", "Kyaw", "Thandar")} & chin, out


@pytest.mark.parametrize("text", [
    "Vi åkte i en gammal buss över gränsen till Kenja. I Nairobi bodde jag i sex år.",
    "Min bror flydde över gränsen till Etiopia och bor nu i Addis Abeba."])
def test_a_misspelt_country_after_the_border_is_a_country(engine: Engine, text: str) -> None:
    """"över gränsen till Kenja": a misspelt country, replaced by a country (never a town
    such as Sendai)."""
    word = "Kenja" if "Kenja" in text else "Etiopia"
    for out, rows in _runs(engine, text):
        assert [label for o, label, _ in rows if o == word] == ["country"], out
        assert not engine.lex.get(fold(_of(rows, word))).place_kind, out


def test_a_town_after_the_border_stays_a_town(engine: Engine) -> None:
    """The negative row: a town after "gränsen till" is a town."""
    text = "Vi körde från Tallinn till Narva, vid gränsen till Ryssland."
    for out, rows in _runs(engine, text):
        assert [label for o, label, _ in rows if o == "Narva"] == ["city"], out
