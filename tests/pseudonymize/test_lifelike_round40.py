"""Lifelike surrogates, round 40 (lifelike43, issue 15): the classes rounds 39 and names43
left. A woman's family name takes her group's woman's form (Czech -ová, Lithuanian -ienė,
Latvian -a, -e, Russian -skaya), one family's two forms stay one name; an initial takes the
surrogate initial of the name the essay writes beside the same neighbour ("Karin Lindqvist ...
Karin L."); a lower-case municipality's seat in its genitive ("i östhammars kommun") is a town
in its genitive, never a village; a lake or river named like a country keeps its kind abroad.
Invented sentences, not the gold sets'."""

from __future__ import annotations

from pathlib import Path

import pytest

from pseudonymize.engine import Engine
from pseudonymize.lexicon import fold
from pseudonymize.surrogates import abroad, geography, surname_form, words
from pseudonymize.surrogates.common import female_surname
from tests.pseudonymize.test_lifelike_round37 import _runs  # (seeds 0-3)


@pytest.fixture(scope="module")
def engine(offline_snapshot: Path) -> Engine:
    return Engine.load(offline_snapshot)


def _pick(rows: list[tuple[str, str, str]], original: str, nth: int = 0) -> str:
    picks = [p for o, _, p in rows if o == original]
    assert len(picks) > nth, rows
    return picks[nth]


WOMANS_FORMS = [  # (group, the man's form, the woman's)
    ("czech", "Novák", "Nováková"), ("czech", "Svoboda", "Svobodová"),
    ("czech", "Hájek", "Hájková"), ("czech", "Němec", "Němcová"),
    ("czech", "Novotný", "Novotná"), ("czech", "Krejčí", "Krejčí"),
    ("czech", "Horváth", "Horváthová"),
    ("baltic", "Kazlauskas", "Kazlauskienė"), ("baltic", "Stankevičius", "Stankevičienė"),
    ("baltic", "Butkus", "Butkuvienė"), ("baltic", "Bērziņš", "Bērziņa"),
    ("baltic", "Berzins", "Berzina"), ("baltic", "Jansons", "Jansone"),
    ("baltic", "Ozols", "Ozola"), ("baltic", "Balodis", "Balode"), ("baltic", "Ilves", "Ilves"),
    ("east_slavic", "Vysotsky", "Vysotskaya"), ("east_slavic", "Tolstoy", "Tolstaya"),
    ("east_slavic", "Chornyi", "Chorna"), ("east_slavic", "Kovalskyi", "Kovalska"),
]


@pytest.mark.parametrize(("group", "man", "woman"), WOMANS_FORMS)
def test_a_womans_family_name_takes_her_groups_form(group: str, man: str, woman: str) -> None:
    forms = words().surname_female_forms[group]
    assert female_surname(man, forms) == woman
    assert surname_form(man, "Nováková", "", forms) == woman  # the original says a woman
    assert surname_form(man, "Novák", "m", forms) == man  # a man keeps his


def test_names_no_pair_ends_keep_the_general_forms() -> None:
    """The negative rows: a Ukrainian -enko takes no woman's form, Ivanov its -ova as before,
    and a group with no pairs of its own (Polish) only `SURNAME_FORMS`."""
    slavic = words().surname_female_forms["east_slavic"]
    assert female_surname("Shevchenko", slavic) is None
    assert surname_form("Shevchenko", "Kovalenko", "f", slavic) == "Shevchenko"
    assert surname_form("Ivanov", "Petrova", "", slavic) == "Ivanova"
    assert surname_form("Kowalski", "Nowak", "f") == "Kowalska"


FAMILIES = [  # (text, her family name, his, or "" where only she is named)
    ("Jag heter Jana Nováková och min man heter Petr Novák. Vi kommer från Tjeckien.",
     "Nováková", "Novák"),
    ("Min mamma heter Rūta Kazlauskienė och min pappa heter Jonas Kazlauskas. Vi kommer "
     "från Litauen.", "Kazlauskienė", "Kazlauskas"),
    ("Min vän Lucie Dvořáková bor i Prag med sin dotter.", "Dvořáková", ""),
]


@pytest.mark.parametrize(("text", "hers", "his"), FAMILIES)
def test_a_womans_surrogate_family_name_is_in_her_form(
        engine: Engine, text: str, hers: str, his: str) -> None:
    """Her surrogate is the woman's form of a name of her group's list; his the man's form of
    the same name ("Ľubica Pospíšilová ... Libor Pospíšil"), never one form for both."""
    table = words().surname_female_forms
    for out, rows in _runs(engine, text):
        her = _pick(rows, hers)
        if his:
            him = _pick(rows, his)
            # one family: her form of his name (an Estonian drawn for a Lithuanian: none)
            assert her in {female_surname(him, forms) or him for forms in table.values()}, out
            assert her != him or hers.endswith("ienė"), out
        else:
            assert any(fold(her).endswith(fold(f)) for forms in table.values()
                       for _, f in forms if len(f) > 1), out


INITIALS = [  # (text, the initial, the name it stands for)
    ("Jag heter Karin Lindqvist. Min bror Lars bor i Umeå. Hälsningar Karin L.", "L",
     "Lindqvist"),
    ("Priya Subramaniam kommer från Indien. Hon bor med Sanjay. Hälsningar, Priya S.", "S",
     "Subramaniam"),
    ("Jag heter Karin Lindqvist. Min kompis Kim bor i Umeå. Hälsningar K. Lindqvist", "K",
     "Karin"),
]


@pytest.mark.parametrize(("text", "initial", "name"), INITIALS)
def test_an_initial_follows_the_name_written_beside_its_neighbour(
        engine: Engine, text: str, initial: str, name: str) -> None:
    """"Karin L." under "Karin Lindqvist": Lindqvist's surrogate's initial, never that of the
    brother Lars of the same letter (the alphabetically first name of the letter, before)."""
    for out, rows in _runs(engine, text):
        assert _pick(rows, initial)[:1] == _pick(rows, name)[:1], out


def test_an_initial_of_no_written_name_is_a_letter_of_none(engine: Engine) -> None:
    """The negative row: "Ahmed K." where the essay writes no K name: a letter, never K."""
    for out, rows in _runs(engine, "Hej! Jag träffade Ahmed i skolan. Hälsningar, Ahmed K."):
        letter = _pick(rows, "K")
        assert len(letter.rstrip(".")) == 1 and letter[:1] != "K", out


SEATS = [  # (text, the seat as written)
    ("Jag bor i gimo i östhammars kommun sedan två år.", "östhammars"),
    ("Jag bor i tierps kommun och pendlar till Uppsala.", "tierps"),
    ("Vi har bott i borås kommun i sex år.", "borås"),
]


@pytest.mark.parametrize(("text", "seat"), SEATS)
def test_a_lower_case_municipality_seat_is_a_town_in_its_genitive(
        engine: Engine, text: str, seat: str) -> None:
    """"i östhammars kommun": a town of some size in its genitive ("i bollnäs kommun",
    "i varbergs kommun"), never a village ("i bjuråker kommun", before)."""
    lex = engine.lex
    for out, rows in _runs(engine, text):
        pick = _pick(rows, seat)
        town = pick[:-1] if pick.endswith("s") and not lex.get(fold(pick)).se_pop else pick
        assert pick.islower() and lex.get(fold(town)).se_pop >= words().village_near_max, out
        assert f"{pick} kommun" in out, out


def test_a_municipality_word_after_no_town_is_no_place(engine: Engine) -> None:
    """The negative row: "i min kommun", "i vår kommun" mark no town."""
    for out, rows in _runs(engine, "Jag bor i min kommun och jobbar i vår kommun."):
        assert not [o for o, label, _ in rows if label == "city"], out


FEATURES = [  # (text, the feature, the country beside it, the feature's kind)
    ("Vi kommer från Malawi och pratar chichewa. Vi fiskade i sjön Malawi.", "Malawi", "Malawi",
     "lake"),
    ("Jag kommer från Kongo. Jag badade i floden Kongo.", "Kongo", "Kongo", "river"),
    ("Vi bodde i Mali. Floden Niger gick förbi vår by.", "Niger", "Mali", "river"),
]


@pytest.mark.parametrize(("text", "feature", "country", "kind"), FEATURES)
def test_a_feature_named_like_a_country_keeps_its_kind_abroad(
        engine: Engine, text: str, feature: str, country: str, kind: str) -> None:
    """"sjön Malawi" beside Malawi: a lake or river abroad of the same kind, written without
    the kind word the sentence says ("sjön Tanganyika" for Tanganyikasjön), never a Swedish
    lake."""
    geo = geography(True)
    for out, rows in _runs(engine, text):
        pick = fold(_pick(rows, feature, 1 if feature == country else 0))
        assert any(fold(n).startswith(pick) and k == kind and abroad(w)
                   for n, (k, w) in geo.features.items()), out
