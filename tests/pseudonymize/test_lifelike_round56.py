"""Lifelike surrogates, round 56 (issue 15): one person's names of one origin, and a nickname
cut from the right name. A Somali's Arabic given names ("Ahmed Abdi Hassan": Ahmed and Hassan
only on the Arabic list, Abdi on the Somali) each took the group of the name after it, so the
surrogate mixed Somali, Arabic and Maghrebi names ("Salad Khaled Al-Haddad"). A nickname is drawn
after the essay's full names, so it was cut from the name drawn last, the writer's youngest child
("Jag heter Abdirahman ... alla säger Abdi ... barn: Sagal" -> "alla säger Xawo", a woman's
name; "Rafael, som alla kallar fello" -> "yamileth"). A region after its town abroad was written
in GeoNames' English ("Granada i Andalusia"), or, once in Swedish, another region where the town's
own was the original ("Granada i Canarias"); Russia's republics were missing. A town on an
island labelled a region ("Palermo på Sicilien") got a region ("Olbia på Toscana"), and a town
on an island took none of the island surrogate's towns ("Tacloban på Palawan"). Invented
sentences, not the gold sets'."""

from __future__ import annotations

from pathlib import Path

import pytest

from pseudonymize.engine import Engine
from pseudonymize.lexicon import fold
from pseudonymize.surrogates.geography import geography, regions_abroad
from pseudonymize.surrogates.spans import short_fulls
from tests.pseudonymize.test_lifelike_round37 import _runs  # (seeds 0-3)

NAME_LABELS = ("firstname_male", "firstname_female", "firstname_unknown", "middlename", "surname")


@pytest.fixture(scope="module")
def engine(offline_snapshot: Path) -> Engine:
    return Engine.load(offline_snapshot)


ONE_ORIGIN = [  # (text, the names of one person, the group every surrogate of them is listed in)
    ("Jag heter Ahmed Abdi Hassan. Min syster heter Hodan.", ("Ahmed", "Abdi", "Hassan"),
     "somali"),
    ("min bror yusuf abdi hassan bor i Borås med sin fru.", ("yusuf", "abdi", "hassan"), "somali"),
    ("Vår granne Omar Warsame Ali kör taxi i Borås.", ("Omar", "Warsame", "Ali"), "somali"),
    ("Jag heter Mahad Abdi Yusuf och jag går i klass 3B.", ("Mahad", "Abdi", "Yusuf"), "somali"),
    # (a name all of whose parts one group lists stays that group's)
    ("Min kollega Ahmed Hassan bor i Borås.", ("Ahmed", "Hassan"), "arabic"),
]


@pytest.mark.parametrize(("text", "names", "group"), ONE_ORIGIN)
def test_a_persons_names_are_of_one_origin(engine: Engine, text: str, names: tuple[str, ...],
                                           group: str) -> None:
    for target, rows in _runs(engine, text):
        picks = [p for o, label, p in rows if o in names and label in NAME_LABELS]
        assert len(picks) == len(names), rows
        assert all(group in engine.lex.name_origins.get(fold(p), ()) for p in picks), target


NICKNAMES = [  # (text, the nickname, the name it is cut from)
    ("Min gudfar Rafael Almonte, som alla kallar fello, ringde igår. Sedan dansade min dotter "
     "Beatriz och min syster Carmen.", "fello", "Rafael"),
    ("Jag heter Abdirahman Hassan Warsame men alla säger Abdi. Jag är fyrtio år. Nu bor jag i "
     "Borås med min fru Faduma och fyra barn: Khadar, Ayaan, hamza och Sagal.", "Abdi",
     "Abdirahman"),
    ("Min man Giorgi, vi säger Gio, är ingenjör. Våra döttrar heter Nino och Tamar.", "Gio",
     "Giorgi"),
]


@pytest.mark.parametrize(("text", "nickname", "full"), NICKNAMES)
def test_a_nickname_is_cut_from_its_own_name(engine: Engine, text: str, nickname: str,
                                             full: str) -> None:
    for target, rows in _runs(engine, text):
        nick = next(p for o, _, p in rows if o == nickname)
        name = next(p for o, _, p in rows if o == full)
        assert fold(nick) != fold(nickname) and (
            fold(name) in short_fulls(fold(nick)) or fold(nick)[:2] == fold(name)[:2]), target


REGION_OF_TOWN = [  # (text, the town, its region): the region's surrogate is the town's own
    ("Jag bodde i Sevilla i Andalusien i tio år.", "Sevilla", "Andalusien"),
    ("Jag föddes i Barcelona i Katalonien och flyttade sedan.", "Barcelona", "Katalonien"),
    ("Vi bodde i Graz i Steiermark innan vi kom hit.", "Graz", "Steiermark"),
    ("Min man kommer från Kazan i Tatarstan.", "Kazan", "Tatarstan"),
]


@pytest.mark.parametrize(("text", "town", "region"), REGION_OF_TOWN)
def test_a_region_after_its_town_is_the_surrogate_towns_in_swedish(
        engine: Engine, text: str, town: str, region: str) -> None:
    for target, rows in _runs(engine, text):
        town_pick = next(p for o, _, p in rows if o == town)
        region_pick = next(p for o, _, p in rows if o == region)
        assert region_pick != region and region_pick == regions_abroad().get(
            engine.lex.place_region.get(fold(town_pick), "")), target
        # GeoNames' English names (Andalusia, Catalonia, Styria) are not written in Swedish
        assert region_pick not in ENGLISH_REGIONS, target


ENGLISH_REGIONS = {"Andalusia", "Catalonia", "Aragon", "Castille-La Mancha", "Basque Country",
                   "Galicia", "Navarre", "Styria", "Carinthia", "Tyrol", "Vienna", "Bavaria"}

ON_ISLAND = [  # (text, the town, the island it lies on)
    ("Min mamma bor i Palermo på Sicilien.", "Palermo", "Sicilien"),
    ("Jag bor i Batangas på Luzon sedan tre år.", "Batangas", "Luzon"),
    ("Vi bodde i Heraklion på Kreta, nära havet.", "Heraklion", "Kreta"),
]


@pytest.mark.parametrize(("text", "town", "island"), ON_ISLAND)
def test_a_town_on_an_island_lies_on_the_islands_surrogate(engine: Engine, text: str, town: str,
                                                           island: str) -> None:
    towns = geography(True).feature_towns_abroad
    for target, rows in _runs(engine, text):
        town_pick = next(p for o, _, p in rows if o == town)
        island_pick = next(p for o, _, p in rows if o == island)
        assert island_pick != island and town_pick in towns.get(island_pick, ()), target


PEOPLES_REGIONS = [  # (text, the people's region kept, the town, the towns it may become)
    ("Jag föddes i Barcelona i Katalonien och pratar katalanska.", "Katalonien", "Barcelona",
     {"Girona", "Tarragona", "Lleida", "Sabadell", "Terrassa", "Reus", "Badalona"}),
    ("Min mamma är från Vigo i Galicien och pratar galiciska.", "Galicien", "Vigo",
     {"A Coruña", "Santiago de Compostela", "Ourense", "Lugo", "Pontevedra", "Ferrol"}),
]


@pytest.mark.parametrize(("text", "region", "town", "homes"), PEOPLES_REGIONS)
def test_a_region_whose_language_the_essay_speaks_stays_with_its_towns(
        engine: Engine, text: str, region: str, town: str, homes: set[str]) -> None:
    for target, rows in _runs(engine, text):
        assert f" i {region} " in target and next(p for o, _, p in rows if o == town) in homes, \
            target


SCHOOL_MONTHS = [  # (text, the month a school or class starts, kept under every seed)
    ("Min son började första klass i augusti 2023.", "augusti"),
    ("I augusti 2021 jag började på SFI i Borås.", "augusti"),
    ("Vår dotter började förskolan i januari, hon var två år.", "januari"),
]


@pytest.mark.parametrize(("text", "month"), SCHOOL_MONTHS)
def test_the_month_a_school_starts_stays(engine: Engine, text: str, month: str) -> None:
    for target, _ in _runs(engine, text):
        assert month in target, target
