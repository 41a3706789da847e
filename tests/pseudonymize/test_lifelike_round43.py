"""Lifelike surrogates, round 43 (lifelike46, issue 15): what judge runs 52 and 53 found on
dev20. A people, nationality or money of one country keeps it, its towns drawn where the
people live; a town's other name after "som <folket> kallar" stays that town; a surname that is
a word of a blossoming tree, a flower or "stolt" takes a partner its echo fits; a month of a
Swedish feast the essay names stays; the Kenyan and Ugandan names keep to one language per
family. Invented sentences, not the gold sets'."""

from __future__ import annotations

from pathlib import Path

import pytest

from pseudonymize.engine import Engine
from pseudonymize.lexicon import fold
from pseudonymize.surrogates import words
from tests.pseudonymize.test_lifelike_round37 import _runs  # (seeds 0-3)
from tests.pseudonymize.test_lifelike_round40 import _pick as _of


@pytest.fixture(scope="module")
def engine(offline_snapshot: Path) -> Engine:
    return Engine.load(offline_snapshot)


PEOPLES = [  # (text, the country that stays)
    ("Jag är chagga och jag kommer från Moshi i Tanzania.", "Tanzania"),
    ("Min familj är temne, vi bodde i Makeni i Sierra Leone.", "Sierra Leone"),
    ("I Honduras vi betalade med lempiras, nu med kronor.", "Honduras"),
    ("Min man är dominikan, han saknar Dominikanska republiken.", "Dominikanska republiken"),
    ("Mina föräldrar är baganda och bor kvar i Uganda.", "Uganda"),
]


@pytest.mark.parametrize(("text", "country"), PEOPLES)
def test_a_people_keeps_its_country(engine: Engine, text: str, country: str) -> None:
    """A people, nationality or money of one country (`country_cues_lifelike`, round 43)
    keeps the country as written: never "Jag är chagga ... i Kenya"."""
    for out, _ in _runs(engine, text):
        assert country in out, out


def test_without_a_people_the_country_moves(engine: Engine) -> None:
    """The negative row: the same sentence without the people's word moves the country."""
    text = "Jag kommer från Moshi i Tanzania."
    assert any("Tanzania" not in out for out, _ in _runs(engine, text))


HOMES = [  # (text, the town, the regions its surrogate lies in)
    ("Jag är muganda och kommer från Masaka i Uganda.", "Masaka", {"UG.C"}),
    ("Jag är chin och kommer från Hakha i Myanmar.", "Hakha", {"MM.02"}),
    ("Jag är temne och kommer från Makeni i Sierra Leone.", "Makeni", {"SL.02", "SL.04",
                                                                       "SL.05"}),
]


@pytest.mark.parametrize(("text", "town", "regions"), HOMES)
def test_a_peoples_town_lies_where_it_lives(engine: Engine, text: str, town: str,
                                            regions: set[str]) -> None:
    """The town of a people's member lies in its home regions (`homes`), the row's own towns
    where the country's pool has none there (Myanmar's has none of Chin State)."""
    for out, rows in _runs(engine, text):
        got = _of(rows, town)
        assert engine.lex.place_region.get(fold(got)) in regions, out


def test_a_town_of_no_people_lies_anywhere(engine: Engine) -> None:
    """The negative row: without the people's word a Ugandan town may lie outside Buganda."""
    text = "Min kusin kommer från Masaka i Uganda och bor nu i Göteborg."
    assert any(engine.lex.place_region.get(fold(_of(rows, "Masaka"))) != "UG.C"
               for _, rows in _runs(engine, text))


@pytest.mark.parametrize("text", [
    "Jag är temne. Jag kommer från Bo i Sierra Leone. Min bror bor i Kenema.",
    "Jag kommer från Bo i Sierra Leone. Min bror bor i Kenema."])
def test_a_town_abroad_is_of_its_country(engine: Engine, text: str) -> None:
    """Never a town of the pool whose name the lexicon reads as another country's (Sierra
    Leone's Waterloo is Canada's), so a later mention never follows it there; with the
    people's word or without (the country kept or moved)."""
    for out, rows in _runs(engine, text):
        country = engine.lex.get(fold(_of(rows, "Sierra Leone"))).country
        for town in ("Bo", "Kenema"):
            assert engine.lex.get(fold(_of(rows, town))).place_country == country, out


ALIASES = [  # (text, the town, its other name)
    ("2010 jag fick jobb i Klagenfurt i Österrike, som slovenerna kallar Celovec.",
     "Klagenfurt", "Celovec"),
    ("Vi bodde länge i Klagenfurt, som slovenerna kallar Celovec.", "Klagenfurt", "Celovec"),
]


@pytest.mark.parametrize(("text", "town", "other"), ALIASES)
def test_a_towns_other_name_is_that_town(engine: Engine, text: str, town: str,
                                         other: str) -> None:
    """"X, som slovenerna kallar Y": Y is X's other name, so its surrogate is X's surrogate
    town (never a man's name, "Ebbe", nor the country's surrogate)."""
    for out, rows in _runs(engine, text):
        assert fold(_of(rows, other)) == fold(_of(rows, town)), out


def test_a_persons_nickname_is_no_town(engine: Engine) -> None:
    """The negative row: a person's nickname after "som vi kallar" stays a name."""
    text = "Min kompis Kizito, som vi kallar Kizza, bor i Kampala."
    for out, rows in _runs(engine, text):
        assert fold(_of(rows, "Kizza")) != fold(_of(rows, "Kampala")), out
        assert not engine.lex.get(fold(_of(rows, "Kizza"))).place_kind, out


PUNS = [  # (text, the name, the lower-case word, the names it may take)
    ("Vår tränare Lena Stolt är en stolt kvinna.", "Stolt", "stolt", {"Glad"}),
    ("Min lärare heter Ulf hägg. Vid skolan står en stor hägg som blommar i maj.", "hägg",
     "hägg", {"Rönn"}),
    ("Min chef heter Berit Ljung. Hon säger att ljung är den finaste blomman.", "Ljung",
     "ljung", {"Ros", "Lilja"}),
    ("Min granne heter Eva Vass, men hon är inte vass alls.", "Vass", "vass",
     {"Modig", "Stark", "Frisk", "Rask", "Sträng", "Glad", "Tapper", "Trygg", "Snäll",
      "Kvick"}),
]


@pytest.mark.parametrize(("text", "name", "word", "names"), PUNS)
def test_a_word_surname_takes_a_partner_its_echo_fits(engine: Engine, text: str, name: str,
                                                      word: str, names: set[str]) -> None:
    """"Lena Stolt är en stolt kvinna" -> "Lena Glad är en glad kvinna"; a lower-case surname
    after a given name ("Ulf hägg") is a pun too, and a blossoming tree takes one (Rönn), a
    heather a flower, never a birch."""
    for out, rows in _runs(engine, text):
        got = _of(rows, name)
        assert got.capitalize() in names, out
        assert word not in out.lower().split(), out


def test_a_word_surname_with_no_echo_is_a_plain_name(engine: Engine) -> None:
    """The negative row: Ljung with no heather in the essay takes a plain surname."""
    text = "Min chef heter Berit Ljung och hon bor i Laxå."
    for out, rows in _runs(engine, text):
        assert _of(rows, "Ljung") not in {"Ros", "Lilja"}, out


FEAST_MONTHS = [  # (text, the words that keep their month)
    ("Midsommar med mormor\nI juni kom mormor på besök. Hon landade den 17/6 och var trött.",
     ("juni", "/6")),
    ("Vi firade jul hemma. Min bror kom den 20/12 och stannade till nyår.", ("/12",)),
]


@pytest.mark.parametrize(("text", "kept"), FEAST_MONTHS)
def test_a_feasts_month_stays(engine: Engine, text: str, kept: tuple[str, ...]) -> None:
    """A month word or date of the month of a Swedish feast the essay names anywhere
    (`feast_months_lifelike`) keeps its month; the day still moves."""
    for out, _ in _runs(engine, text):
        assert all(k in out for k in kept), out
    assert any("17/6" not in out and "20/12" not in out for out, _ in _runs(engine, text))


def test_a_month_of_no_feast_moves(engine: Engine) -> None:
    """The negative row: without a feast the month moves with the calendar."""
    text = "I juni kom mormor på besök. Hon landade den 17/6 och var trött."
    for out, _ in _runs(engine, text):
        assert "juni" not in out and "/6 " not in out, out


NAME_LANGUAGES = [  # (text, the names, their language in the group)
    ("Jag är muganda. Mina tvillingar heter Kato och Nakato, min fru Babirye.",
     ("Kato", "Nakato", "Babirye"), ("ugandan", "luganda")),
    ("Vi pratar kiswahili hemma. Min man heter Baraka och vår dotter Zawadi.",
     ("Baraka", "Zawadi"), ("kenyan", "swahili")),
    ("Jag pratar dholuo med mamma. Min bror heter Otieno och min syster Achieng.",
     ("Otieno", "Achieng"), ("kenyan", "luo")),
]


@pytest.mark.parametrize(("text", "names", "language"), NAME_LANGUAGES)
def test_a_family_keeps_to_one_language(engine: Engine, text: str, names: tuple[str, ...],
                                        language: tuple[str, str]) -> None:
    """Kenyan and Ugandan names keep to the family's language (`name_languages_lifelike`):
    a Muganda's twins never Opio and Apio (Luo), a Swahili family never Ogola."""
    group, lang = language
    table = words().name_languages[group]
    for out, rows in _runs(engine, text):
        for name in names:
            assert table.get(fold(_of(rows, name))) == lang, out


def test_a_twins_mothers_title_stays(engine: Engine) -> None:
    """"Nalongo", the title of a twin's mother, is a Luganda word: it stays as written."""
    text = "Jag är muganda. I Uganda mamman till tvillingar kallas nalongo. Min fru heter Namusoke."
    for out, _ in _runs(engine, text):
        assert "nalongo" in out and "Namusoke" not in out, out


def test_a_town_after_a_swedish_postcode_is_swedish(engine: Engine) -> None:
    """A town no gazetteer knows after a Swedish postcode ("843 31 Bräke", a misspelt
    Bräcke that folds to Germany's Brake) is a Swedish town, in an essay set abroad too."""
    text = "Jag körde lastbil i Tchad. Min adress är Storgatan 14, 843 31 Bräke."
    for out, rows in _runs(engine, text):
        assert engine.lex.get(fold(_of(rows, "Bräke"))).se_pop, out


def test_a_town_after_a_foreign_postcode_stays_abroad(engine: Engine) -> None:
    """The negative row: "10115 Berlin" (a German postcode) is a town abroad."""
    text = "Min bror bor på Hauptstrasse 3, 10115 Berlin i Tyskland."
    for out, rows in _runs(engine, text):
        assert not engine.lex.get(fold(_of(rows, "Berlin"))).se_pop, out
