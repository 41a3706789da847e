"""Lifelike surrogates, round 47 (lifelike50, issue 15): judge runs 56 and 57 on dev22. A people
no name list held was given a neighbour's names (Hmong as Thai, Kachin as Chinese, Ovambo as
Swazi, Volga Tatars as Russian or Swedish); a family from towns of one country abroad, with no
country named, was given Swedish names; a people's word read as a name or town was replaced.
Invented sentences, not the gold sets'."""

from __future__ import annotations

from pathlib import Path

import pytest

from pseudonymize.engine import Engine
from pseudonymize.lexicon import fold
from pseudonymize.surrogates import words
from tests.pseudonymize.test_lifelike_round37 import _runs  # (seeds 0-3)
from tests.pseudonymize.test_lifelike_round40 import _pick as _of
from tests.pseudonymize.test_lifelike_round44 import _town_country
from tests.pseudonymize.test_lifelike_round46 import _group_of


@pytest.fixture(scope="module")
def engine(offline_snapshot: Path) -> Engine:
    return Engine.load(offline_snapshot)


PEOPLES = [  # (text, the people's group, names of its family)
    ("Jag är hmong och kommer från Laos. Min man heter Tou Vang och vår dotter Nou.",
     "hmong", ("Tou", "Vang", "Nou")),
    ("Hos oss kachin kommer klannamnet först. Min bror heter Marip Brang.", "kachin",
     ("Marip", "Brang")),
    ("Vi pratar sindhi hemma. Min syster Marvi bor med sin man Imdad Soomro.", "sindhi",
     ("Marvi", "Imdad", "Soomro")),
    ("Vi är ovambo från Namibia. Min mormor heter Ndeshi och min morbror Nangolo.", "ovambo",
     ("Ndeshi", "Nangolo")),
    ("Jag är tatar och muslim. Min man heter Rinat Zakirov.", "tatar", ("Rinat", "Zakirov")),
    ("Jag kommer från Irland och pratar iriska. Min dotter heter Aoife och min son Cian.",
     "irish", ("Aoife", "Cian")),
    ("Vi är avarer från Dagestan. Min pappa heter Gamzat Dibirov.", "avar",
     ("Gamzat", "Dibirov")),
    ("Min mamma är komorisk. Hon heter Nassra Toihir.", "comorian", ("Nassra", "Toihir")),
    ("Vi är kashmirier. Min bror heter Showkat Wani.", "kashmiri", ("Showkat", "Wani")),
    ("Min man är fijian. Han heter Jone Waqa.", "fijian", ("Jone", "Waqa")),
]


@pytest.mark.parametrize(("text", "group", "names"), PEOPLES)
def test_a_people_keeps_names_of_its_own(engine: Engine, text: str, group: str,
                                         names: tuple[str, ...]) -> None:
    """An essay naming its people (`name_list_words_lifelike`): the family's names are drawn
    from that people's list (`name_lists_lifelike`), never a neighbour's."""
    for out, rows in _runs(engine, text):
        for name in names:
            assert group in _group_of(_of(rows, name)), out


OTHERS = [  # (text, names, a group they are never drawn from)
    ("Jag kommer från Thailand. Min man heter Somchai och min dotter Malee.",
     ("Somchai", "Malee"), "hmong"),
    ("Jag kommer från Moskva. Min man heter Ivan Petrov.", ("Ivan", "Petrov"), "tatar"),
    ("Min vän bor i Yangon. Han heter Aung Kyaw.", ("Aung", "Kyaw"), "kachin"),
    ("Min kollega heter John Smith och bor i London.", ("John", "Smith"), "irish"),
]


@pytest.mark.parametrize(("text", "names", "group"), OTHERS)
def test_a_neighbour_keeps_its_own_names(engine: Engine, text: str, names: tuple[str, ...],
                                         group: str) -> None:
    """The negative rows: without the people, the country's majority keeps its names."""
    for out, rows in _runs(engine, text):
        for name in names:
            drawn = _of(rows, name)
            # (a name the lexicon files under the majority's group too is the majority's)
            assert group not in _group_of(drawn) or engine.lex.name_origins.get(fold(drawn)), out


HOMES = [  # (text, a town, the country its surrogate lies in)
    ("Jag är tatar från Kazan. Nu bor jag i Växjö.", "Kazan", "RU"),
    ("Vi är ovambo och kommer från Oshakati i Namibia.", "Oshakati", "NA"),
    ("Min familj är sindhi från Larkana.", "Larkana", "PK"),
    ("Jag är kachin och kommer från Bhamo.", "Bhamo", "MM"),
]
HOME_TOWNS = {"Kazan": ("Kazan", "Naberezhnye Chelny", "Almetyevsk", "Nizhnekamsk",
                        "Zelenodolsk"),
              "Oshakati": ("Oshakati", "Ondangwa", "Ongwediva", "Outapi", "Eenhana")}


@pytest.mark.parametrize(("text", "town", "iso"), HOMES)
def test_a_peoples_town_stays_where_it_lives(engine: Engine, text: str, town: str,
                                             iso: str) -> None:
    """A people of one country (`country_cues_lifelike`) keeps it, its towns drawn where it
    lives (`homes`): never Novokuznetsk for a Tatar from Kazan, Mbabane for an Ovambo."""
    for out, rows in _runs(engine, text):
        drawn = _of(rows, town)
        assert _town_country(engine, drawn) == iso, out
        if town in HOME_TOWNS:
            assert drawn in HOME_TOWNS[town], out


def test_a_peoples_country_stays(engine: Engine) -> None:
    """"Vi är ovambo från Namibia", "pratar iriska ... Irland": the country stays."""
    for text, country in (("Vi är ovambo från Namibia. Min syster heter Ndapewa.", "Namibia"),
                          ("Jag är från Irland och pratar iriska.", "Irland")):
        for out, rows in _runs(engine, text):
            assert _of(rows, country) == country, out


UNLISTED = [  # (text, a name no list holds)
    ("Min familj kommer från Lahore. Min bror heter Zarbakht Qalandrani.", "Zarbakht"),
    ("Min familj kommer från Samara. Min bror heter Ildarbek Zhirinkin.", "Ildarbek"),
]


@pytest.mark.parametrize(("text", "name"), UNLISTED)
def test_a_family_of_a_town_abroad_is_never_swedish(engine: Engine, text: str,
                                                    name: str) -> None:
    """A name no list holds, in an essay naming towns of one country abroad and no country:
    the names are of a group at home there (`Names._origin_unlisted`), never Swedish ones."""
    for out, rows in _runs(engine, text):
        drawn = _of(rows, name)
        assert engine.lex.name_origins.get(fold(drawn), ()) != ("swedish",), out


def test_a_swede_abroad_keeps_a_swedish_name(engine: Engine) -> None:
    """The negative row: a name of the Swedish list beside a town abroad stays Swedish."""
    for out, rows in _runs(engine, "Min kompis Erik bor i Kazan."):
        assert "swedish" in engine.lex.name_origins.get(fold(_of(rows, "Erik")), ()), out


PEOPLE_WORDS = [  # (text, the people's word the detectors may read as a name or a town)
    ("Hos oss kachin kommer klannamnet först, sedan förnamnet.", "kachin"),
    ("Jag är hmong och kommer från en by i Laos.", "hmong"),
    ("Min mamma sjunger på oshiwambo när hon lagar mat.", "oshiwambo"),
]


@pytest.mark.parametrize(("text", "word"), PEOPLE_WORDS)
def test_a_peoples_word_stays_as_written(engine: Engine, text: str, word: str) -> None:
    """A people's or a language's word in lower case stays as written
    (`Renderer._people_word`), never a town or a name in its place."""
    for out, _ in _runs(engine, text):
        assert word in out, out


def test_a_surname_of_a_peoples_word_is_replaced(engine: Engine) -> None:
    """The negative row: a capitalised family name that is also a people's word (Baloch) is a
    person's name, and is replaced."""
    for out, rows in _runs(engine, "Jag heter Mahrang Baloch och bor i Umeå."):
        assert _of(rows, "Baloch") != "Baloch", out


FEASTS = [  # (text, the feast's words)
    ("I november vi firar hmong nyår, Noj Peb Caug, med hela släkten.", "Noj Peb Caug"),
    ("Min son föddes samma vecka som Fiestas Agostinas i San Salvador.", "Fiestas Agostinas"),
]


@pytest.mark.parametrize(("text", "feast"), FEASTS)
def test_a_feast_of_several_words_stays(engine: Engine, text: str, feast: str) -> None:
    """A feast of several words of `feast_names_lifelike` stays as written wherever the essay
    writes it whole (`Renderer._feast_named`), never a person's name in its place."""
    for out, _ in _runs(engine, text):
        assert feast in out, out


def test_a_name_like_a_feasts_word_is_replaced(engine: Engine) -> None:
    """The negative row: a one-word name of a feast (Inti), without the feast, is a name."""
    for out, rows in _runs(engine, "Min kusin heter Inti och bor i Cusco."):
        assert _of(rows, "Inti") != "Inti", out


def test_a_malawian_licence_keeps_malawi(engine: Engine) -> None:
    """"Mitt malawiska körkort" ties Malawi (`country_cues_lifelike`): never Zambia."""
    text = "Jag vill byta mitt körkort från Malawi. Mitt malawiska körkort gäller till 2027."
    for out, rows in _runs(engine, text):
        assert _of(rows, "Malawi") == "Malawi", out


def test_a_kept_countrys_lake_is_its_own(engine: Engine) -> None:
    """A lake of a kept country is another of that country (`features_lifelike`: Lake Chilwa
    for Lake Malawi), never Lake Tanganyika of a neighbour."""
    for out, rows in _runs(engine, "Vi är malawier och vi badade ofta i Malawisjön."):
        assert _of(rows, "Malawisjön") == "Chilwasjön", out


def test_a_moved_countrys_lake_moves_with_it(engine: Engine) -> None:
    """The negative row: beside a country that moves, the lake is one of its surrogate."""
    for out, rows in _runs(engine, "Vi bodde i Tanzania nära Malawisjön."):
        assert _of(rows, "Malawisjön") != "Chilwasjön", out


UNITS = [  # (text, a preschool group's name)
    ("Jag är pappa till Nora på avdelning Myran.", "Myran"),
    ("Min son går på avdelningen Humlan på förskolan.", "Humlan"),
]


@pytest.mark.parametrize(("text", "unit"), UNITS)
def test_a_preschool_group_is_another_group(engine: Engine, text: str, unit: str) -> None:
    """A name right after "avdelning" is a preschool group's: its surrogate is another group's
    name (`unit_names_lifelike`), never a person's name or a town."""
    names = set(words().unit_names)
    for out, rows in _runs(engine, text):
        drawn = _of(rows, unit)
        assert drawn in names and drawn != unit, out


def test_a_name_after_another_word_is_a_name(engine: Engine) -> None:
    """The negative row: the same name after "kompis" is a person's, drawn as a name."""
    names = set(words().unit_names)
    for out, rows in _runs(engine, "Min kompis Nora bor i Umeå."):
        assert _of(rows, "Nora") not in names, out


def test_a_swedish_teacher_keeps_a_swedish_name(engine: Engine) -> None:
    """A family name that is a Swedish everyday word after a Swedish given name is a Swede's,
    even in an essay of one people's names (`word_surname_zipf_lifelike`)."""
    text = "Jag heter Yer Xiong och jag är hmong. Min lärare Tuva Gran är snäll."
    for out, rows in _runs(engine, text):
        assert "hmong" not in _group_of(_of(rows, "Tuva")), out


def test_a_figure_of_the_writers_people_keeps_its_group(engine: Engine) -> None:
    """The negative row: a family name no list holds and no Swedish word after a Swedish given
    name, in an essay of one people's names, is that people's."""
    text = "Jag heter Yer Xiong och jag är hmong. Vi läste om Thomas Sankara."
    for out, rows in _runs(engine, text):
        assert "hmong" in _group_of(_of(rows, "Thomas")), out
