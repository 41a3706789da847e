"""Lifelike surrogates, round 56 (issue 15): one person's names of one origin, and a nickname
cut from the right name. A Somali's Arabic given names ("Ahmed Abdi Hassan": Ahmed and Hassan
only on the Arabic list, Abdi on the Somali) each took the group of the name after it, so the
surrogate mixed Somali, Arabic and Maghrebi names ("Salad Khaled Al-Haddad"). A nickname is drawn
after the essay's full names, so it was cut from the name drawn last, the writer's youngest child
("Jag heter Abdirahman ... alla säger Abdi ... barn: Sagal" -> "alla säger Xawo", a woman's
name; "Rafael, som alla kallar fello" -> "yamileth"). Invented sentences, not the gold sets'."""

from __future__ import annotations

from pathlib import Path

import pytest

from pseudonymize.engine import Engine
from pseudonymize.lexicon import fold
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
