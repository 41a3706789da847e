"""Lifelike names of the populations no name list was at home in (issue 15; names43): a family
from Malawi, Angola, Czechia or the Netherlands takes names of its own people and sex, never its
neighbours' (Kenyan, Congolese, Polish, French) or Swedish ones; a Swede beside it keeps Swedish
names and a family of a group listed before keeps its group. My own sentences over seeds 0-7,
countries and names of no gold set's learners."""
from __future__ import annotations

import pytest

from pseudonymize.engine import Engine
from pseudonymize.lexicon import fold
from pseudonymize.surrogates import geography, words
from pseudonymize.types import Result
from tests.pseudonymize.test_lifelike_persona import SEEDS, _groups, engine, run

__all__ = ["engine"]  # the module's engine fixture, shared


def homes_of(engine: Engine, r: Result) -> set[str]:
    """The origin groups at home in the output's (surrogate) countries."""
    isos = {engine.lex.get(fold(a.pseudonym)).country for a in r.annotations
            if a.label == "country"}
    return {g for g, at in geography(True).homelands.items() if not isos.isdisjoint(at)}


# (country as written, group, woman's given name, family name, man's given name, girl's name,
# words naming the family's people or language, or "")
FAMILIES = [
    ("Sydafrika", "south_african", "Nomvula", "Dlamini", "Sipho", "Lerato", "Vi pratar zulu."),
    ("Botswana", "south_african", "Boitumelo", "Molefe", "Kagiso", "Naledi", ""),
    ("Lesotho", "south_african", "Palesa", "Mokoena", "Teboho", "Puleng", ""),
    ("Zimbabwe", "zambezian", "Rutendo", "Moyo", "Tinashe", "Chipo", "Vi pratar shona."),
    ("Zambia", "zambezian", "Mwila", "Mulenga", "Bwalya", "Chilufya", ""),
    ("Malawi", "zambezian", "Tiwonge", "Phiri", "Madalitso", "Tadala", "Vi pratar chichewa."),
    ("Angola", "lusophone_african", "Domingas", "Kiala", "Agostinho", "Filomena", ""),
    ("Moçambique", "lusophone_african", "Felismina", "Nhantumbo", "Celestino", "Ermelinda", ""),
    ("Kap Verde", "lusophone_african", "Benvinda", "Semedo", "Adelino", "Natércia", ""),
    ("Elfenbenskusten", "ivorian", "Akissi", "Kouassi", "Kouamé", "Affoué", ""),
    ("Burkina Faso", "ivorian", "Rasmata", "Ouédraogo", "Boureima", "Wendkouni", ""),
    ("Togo", "ivorian", "Akouvi", "Agbeko", "Komlan", "Ablavi", ""),
    ("Gabon", "central_african", "Pulchérie", "Nguema", "Anicet", "Léontine", ""),
    ("Tchad", "central_african", "Remadji", "Djimasngar", "Nadjingar", "Nodjitan", ""),
    ("Madagaskar", "malagasy", "Voahangy", "Rakotomalala", "Hery", "Mialy",
     "Vi pratar malagassiska."),
    ("Tjeckien", "czech", "Markéta", "Dvořák", "Jiří", "Eliška", "Vi pratar tjeckiska."),
    ("Slovakien", "czech", "Ľubica", "Kováč", "Juraj", "Katarína", ""),
    ("Nederländerna", "dutch", "Femke", "Bakker", "Joost", "Lieke", ""),
    ("Israel", "hebrew", "Yael", "Mizrahi", "Eitan", "Noga", "Vi pratar hebreiska."),
    ("Malaysia", "malay", "Nurhaliza", "Othman", "Azlan", "Syafiqah", "Vi pratar malajiska."),
    ("Brunei", "malay", "Norliza", "Yaacob", "Hisham", "Izzati", ""),
    ("Jamaica", "caribbean", "Tameka", "McKenzie", "Delroy", "Shanice", ""),
    ("Guyana", "caribbean", "Savitri", "Persaud", "Deoraj", "Vashti", ""),
]


@pytest.mark.parametrize(("country", "group", "woman", "family", "man", "girl", "said"), [
    pytest.param(*row, id=f"{row[1]}-{row[0]}") for row in FAMILIES])
def test_a_family_takes_names_of_its_own_people_and_sex(
        engine: Engine, country: str, group: str, woman: str, family: str, man: str, girl: str,
        said: str) -> None:
    """Each surrogate of the family is of its group (or, where the essay names no people of
    it and its country moves, of the group at home in the surrogate country: the names follow
    the country), a woman's and a girl's given names a woman's, a man's a man's."""
    text = (f"Jag heter {woman} {family} och jag kommer från {country}. Min man heter {man} och "
            f"vår dotter {girl} går i skolan i Borås. {said}").strip()
    lists = words().name_lists[group]
    for seed in SEEDS:
        r = run(engine, text, seed)
        names = [a for a in r.annotations if a.label.startswith("firstname")
                 or a.label == "surname"]
        assert len(names) >= 3, (seed, r.target)
        homes = {group} if said else {group} | homes_of(engine, r)
        for a in names:
            assert not homes.isdisjoint(_groups(engine, a.pseudonym)), \
                (seed, a.original, a.pseudonym, r.target)
            sex = words().name_list_sex.get(fold(a.pseudonym))
            if a.original in (woman, girl):
                assert sex != "male", (seed, a.original, a.pseudonym, r.target)
            if a.original == man:
                assert sex != "female", (seed, a.original, a.pseudonym, r.target)
        if said:
            # the essay names its people: every name is of the group, given names by sex
            picked = {a.original: a.pseudonym for a in names}
            assert picked[woman] in lists["first_female"], (seed, picked, r.target)
            assert picked[girl] in lists["first_female"], (seed, picked, r.target)
            assert picked[man] in lists["first_male"], (seed, picked, r.target)


@pytest.mark.parametrize("text", [
    "Jag heter Chipo Moyo och jag kommer från Zimbabwe. Min granne heter Karin Lindqvist.",
    "Jag heter Femke Bakker och jag kommer från Nederländerna. Min kollega heter Karin "
    "Lindqvist.",
    "Jag heter Nurhaliza Othman och jag kommer från Malaysia. Min vän heter Karin Lindqvist.",
])
def test_a_swede_beside_such_a_family_keeps_swedish_names(engine: Engine, text: str) -> None:
    for seed in SEEDS:
        r = run(engine, text, seed)
        swede = [a.pseudonym for a in r.annotations if a.original in ("Karin", "Lindqvist")]
        assert len(swede) == 2, (seed, r.target)
        assert all("swedish" in _groups(engine, n) for n in swede), (seed, swede, r.target)


# families of groups listed before: their names stay of their group (Guatemala's Spanish-named
# families and India's Hindi-named ones beside the minorities at home there too)
@pytest.mark.parametrize(("text", "group"), [
    ("Jag heter Agnieszka Kowalska och jag kommer från Polen. Min man heter Tomasz.", "polish"),
    ("Jag heter María Hernández och jag kommer från Guatemala. Min man heter Alejandro och vår "
     "son Carlos går i skolan.", "spanish"),
    ("Jag heter Priya Sharma och jag kommer från Indien. Min man heter Rahul och vår son "
     "Arjun går i skolan.", "indian"),
    ("Jag heter Adebayo Ogunleye och jag kommer från Nigeria. Min fru heter Funmilayo.",
     "nigerian"),
])
def test_a_family_of_a_group_listed_before_keeps_its_group(
        engine: Engine, text: str, group: str) -> None:
    for seed in SEEDS:
        r = run(engine, text, seed)
        names = [a.pseudonym for a in r.annotations if a.label.startswith("firstname")
                 or a.label == "surname"]
        homes = {group} | homes_of(engine, r)
        assert names and all(not homes.isdisjoint(_groups(engine, n)) for n in names), \
            (seed, names, r.target)
        assert not any(_groups(engine, n) & {"maya", "malayali"} - {group} and not
                       _groups(engine, n) & homes for n in names), (seed, names, r.target)


# one language per family inside the southern African groups: the names' language at home in the
# family's (surrogate) country, never a Shona given name beside a Bemba family name
@pytest.mark.parametrize(("text", "group"), [
    ("Jag heter Ulemu Kaseka och jag kommer från Malawi. Min man heter Wongani och vår son "
     "heter Pemphero.", "zambezian"),
    ("Jag heter Rutendo Moyo och jag kommer från Zimbabwe. Min man heter Tinashe och vår dotter "
     "heter Ruvimbo.", "zambezian"),
    ("Jag heter Boitumelo Molefe och jag kommer från Botswana. Min man heter Kagiso och vår son "
     "heter Tumelo.", "south_african"),
    ("Jag heter Nokuthula Dlamini och jag kommer från Durban. Min man heter Sibusiso och vår son "
     "heter Sandile.", "south_african"),
])
def test_a_southern_african_family_keeps_to_one_language(
        engine: Engine, text: str, group: str) -> None:
    languages = words().name_languages[group]
    for seed in SEEDS:
        r = run(engine, text, seed)
        names = [a.pseudonym for a in r.annotations if a.label.startswith("firstname")
                 or a.label == "surname"]
        said = {languages[fold(n)] for n in names if fold(n) in languages}
        assert names and len(said) <= 1, (seed, names, r.target)


# "min man" names no town Man (Côte d'Ivoire, now a homeland of names): a husband of no country
# keeps his own group's names, never Ivorian ones; a town written as a name still counts
@pytest.mark.parametrize(("text", "group"), [
    ("Min man Ahmed sa att han kommer ikväll.", "arabic"),
    ("Jag och min man Ahmed bor i Borås sedan 2015.", "arabic"),
])
def test_a_word_that_is_a_town_abroad_names_no_country(
        engine: Engine, text: str, group: str) -> None:
    for seed in SEEDS:
        r = run(engine, text, seed)
        names = [a.pseudonym for a in r.annotations if a.label.startswith("firstname")]
        assert names and all(group in _groups(engine, n) for n in names), (seed, names, r.target)
