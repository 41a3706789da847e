"""Lifelike surrogates, round 48 (lifelike51, issue 15): judge runs 58 and 59 on dev23. A kept
island country's island became a town of it or another country's island; a place's second name
("på franska ...") named another place; a people's region (Dagestan beside an Avar) or country
(Benin beside the Fon, Zambia beside the Bemba, Mayotte beside "maore") was moved away from
the people's words; "i bergen" (the mountains) put the essay in Norway; a feast's date said
again as "samma dag" moved. Invented sentences, not the gold sets'."""

from __future__ import annotations

from pathlib import Path

import pytest

from pseudonymize.engine import Engine
from pseudonymize.lexicon import fold
from pseudonymize.surrogates.geography import geography
from tests.pseudonymize.test_lifelike_round37 import _runs  # (seeds 0-3)
from tests.pseudonymize.test_lifelike_round40 import _pick as _of
from tests.pseudonymize.test_lifelike_round44 import _town_country


@pytest.fixture(scope="module")
def engine(offline_snapshot: Path) -> Engine:
    return Engine.load(offline_snapshot)


def _island(name: str) -> str:
    """The country of an island of the feature tables ("" for anything else)."""
    geo = geography(True)
    kind, where = geo.features.get(geo.feature_folds.get(fold(name), ""), ("", frozenset()))
    return min(where) if kind == "island" and len(where) == 1 else ""


ISLANDS = [  # (text, the island, its country)
    ("Jag växte upp på ön Taveuni och simmade varje dag.", "Taveuni", "FJ"),
    ("Min moster bor i Labasa på ön Vanua Levu.", "Vanua Levu", "FJ"),
    ("Mina föräldrar kommer från Komorerna, från ön Ngazidja.", "Ngazidja", "KM"),
]


@pytest.mark.parametrize(("text", "island", "iso"), ISLANDS)
def test_an_island_of_a_kept_island_country_is_another_of_its_islands(
        engine: Engine, text: str, island: str, iso: str) -> None:
    """An island of Fiji or the Comoros is another island of that country, never a town of
    it ("i labasa på nasinu") nor another country's island ("ön Dahlak")."""
    for out, rows in _runs(engine, text):
        assert _island(_of(rows, island)) == iso, out


def test_a_town_of_an_island_country_stays_a_town(engine: Engine) -> None:
    """The negative row: a Fijian town with no island beside it is a town, never an island."""
    for out, rows in _runs(engine, "Min moster bor i Labasa och jobbar på ett hotell."):
        pick = _of(rows, "Labasa")
        assert not _island(pick) and _town_country(engine, pick) == "FJ", out


def test_an_islands_other_name_is_its_surrogates_other_name(engine: Engine) -> None:
    """"Mwali, på franska Mohéli": the two names are one island's, the surrogate's two names
    (Ngazidja, Grande Comore), never two islands nor a person's name."""
    geo = geography(True)
    for out, rows in _runs(engine, "Min mormor bor på Mwali, på franska Mohéli."):
        first, second = _of(rows, "Mwali"), _of(rows, "Mohéli")
        assert fold(second) in geo.feature_aliases.get(fold(first), frozenset()), out
        assert fold(first) != "mwali" and fold(second) != fold(first), out


def test_two_islands_stay_two(engine: Engine) -> None:
    """The negative row: two islands joined by "och" are two islands (the second, where the
    Comoros have no third left, a neighbour's)."""
    for out, rows in _runs(engine, "Vi har släkt på Mwali och på Ngazidja."):
        first, second = _of(rows, "Mwali"), _of(rows, "Ngazidja")
        assert first != second and _island(first) and _island(second), out


KEPT = [  # (text, the place that stays as written)
    ("Min kusin åkte med en kwassa till Mayotte förra året.", "Mayotte"),
    ("Vi är fon och hemma pratar vi fon och franska. Jag kommer från Benin.", "Benin"),
    ("Jag är bemba och min familj bor kvar i Zambia.", "Zambia"),
    ("Jag är avar från Dagestan i Ryssland och pratar avariska.", "Dagestan"),
]


@pytest.mark.parametrize(("text", "place"), KEPT)
def test_a_peoples_own_place_stays(engine: Engine, text: str, place: str) -> None:
    """A country or region only the people the essay names lives in stays as written: the
    people's words give it away already, and another in its place ("en avar från Lipetsk",
    "fon i Togo") tells a reader the text was altered."""
    for out, rows in _runs(engine, text):
        assert _of(rows, place) == place, out


MOVED = [  # (text, the place that moves: no people's word ties it)
    ("Min fön gick sönder. Jag kommer från Benin.", "Benin"),
    ("Jag kommer från Dagestan i Ryssland.", "Dagestan"),
]


@pytest.mark.parametrize(("text", "place"), MOVED)
def test_a_place_without_its_people_moves(engine: Engine, text: str, place: str) -> None:
    """The negative rows: "fön" (folded "fon") without French, a region without its people."""
    assert any(_of(rows, place) != place for _, rows in _runs(engine, text))


def test_the_copperbelt_stays_on_a_copperbelt(engine: Engine) -> None:
    """"i Ndola på kopparbältet i Zambia": Zambia's surrogate is Congo-Kinshasa (the other
    country of the Copperbelt), its town one of its Copperbelt's (never Eswatini's)."""
    for out, rows in _runs(engine, "Jag växte upp i Ndola på kopparbältet i Zambia."):
        assert _town_country(engine, _of(rows, "Ndola")) in ("ZM", "CD"), out
        assert _of(rows, "Zambia") in ("Zambia", "Kongo-Kinshasa"), out


def test_the_mountains_are_no_norwegian_town(engine: Engine) -> None:
    """"i en by i bergen" is the mountains: a town no gazetteer knows after it lies in the
    essay's country (Russia's surrogate), never in Norway (Bergen)."""
    text = "Jag kommer från Ryssland. Vi bodde i en by i bergen, i Tsumada."
    for out, rows in _runs(engine, text):
        assert _town_country(engine, _of(rows, "Tsumada")) != "NO", out


def test_bergen_written_so_is_norwegian(engine: Engine) -> None:
    """The negative row: Bergen written as a town stays a town of Norway's surrogate."""
    for out, rows in _runs(engine, "Min bror bor i Bergen i Norge."):
        assert _town_country(engine, _of(rows, "Bergen")) == engine.lex.get(
            fold(_of(rows, "Norge"))).country, out


def test_a_feasts_day_said_again_stays(engine: Engine) -> None:
    """"samma dag, den 10 oktober" after the national day's "den 10 oktober": one day, kept
    as the feast's date is (never "samma dag, den 15 september")."""
    text = ("Vi firar nationaldagen den 10 oktober varje år. Min son fyllde sju samma dag, "
            "den 10 oktober.")
    for out, _ in _runs(engine, text):
        assert out.count("10 oktober") == 2, out


def test_a_birthday_on_a_feasts_day_still_moves(engine: Engine) -> None:
    """The negative row: without "samma dag" the birthday is the writer's own date."""
    text = "Vi firar nationaldagen den 10 oktober varje år. Min son fyllde sju den 10 oktober."
    for out, _ in _runs(engine, text):
        assert out.count("10 oktober") == 1, out


def test_a_fjord_no_table_knows_is_the_fjord(engine: Engine) -> None:
    """"Vattnet i Byxfjorden är kallt": a fjord the tables lack is "fjorden", never a town
    ("Vattnet i borås")."""
    for out, rows in _runs(engine, "Vi badar ofta i Byxfjorden. Vattnet i Byxfjorden är kallt."):
        assert {p for o, _, p in rows if o == "Byxfjorden"} == {"fjorden"}, out


def test_a_fjord_of_the_tables_is_another_water(engine: Engine) -> None:
    """The negative row: Gullmarsfjorden, a sea of the tables, is another of its kind."""
    for out, rows in _runs(engine, "Vattnet i Gullmarsfjorden är kallt. Vi bor i Lysekil."):
        pick = _of(rows, "Gullmarsfjorden")
        assert pick != "fjorden" and fold(pick) in geography(True).feature_folds, out


def test_a_birthplace_no_gazetteer_knows_lies_abroad(engine: Engine) -> None:
    """"Jag kommer från Tanzania. Jag föddes i Mkwajuni": the learner's birthplace lies in the
    country the essay named (its surrogate), never in Sweden ("föddes i kronogården")."""
    text = "Jag kommer från Tanzania. Jag föddes i Mkwajuni. Nu bor jag i Skövde."
    for out, rows in _runs(engine, text):
        assert _town_country(engine, _of(rows, "Mkwajuni")) not in ("", "SE"), out


def test_a_swedish_birthplace_stays_swedish(engine: Engine) -> None:
    """The negative row: a Swedish town after "föddes i" stays Swedish."""
    text = "Jag kommer från Tanzania. Min dotter föddes i Skövde."
    for out, rows in _runs(engine, text):
        assert _town_country(engine, _of(rows, "Skövde")) == "SE", out
