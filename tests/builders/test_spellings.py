"""Other spellings of big towns abroad (`builders.spellings`): which alternate names become
`places` rows of kind "spelling"."""
import pytest

from builders.schemas import fold
from builders.spellings import ALTERNATE_SPELLING_POPULATION, alternate_spellings, small_towns

BIG = ALTERNATE_SPELLING_POPULATION


@pytest.mark.parametrize("alternate, kept", [
    ("Adama", True),        # Nazrēt's other name: rare in Swedish (Zipf 2.63), near only "Adam"
    ("Kaboel", True),
    ("Dire Dawa", True),    # two capitalised words
    ("Sam", False),         # folds like a frequent Swedish name ("Šam" for Damascus)
    ("Killa", False),       # one letter from "killar": a learner's misspelling, not a town
    ("Landen", False),      # one letter from "landet"
    ("Athen", True),        # two letters from "maten" (both drop a letter to "aten")
    ("Adan", False),        # one letter fewer than "sådan"
    ("Kafe", False),        # folds like "kafé"
    ("Ha-ta", False),       # a transliteration's syllables
    ("de han", False),      # lower case
    ("Bil'", False),        # an apostrophe
    ("Ko", False),          # too short
    ("北京", False),         # not Latin script
])
def test_which_alternate_names_become_spellings(alternate: str, kept: bool) -> None:
    rows = alternate_spellings([("Nazrēt", "ET", 456_900, 330186, [alternate])], set())
    assert [r["name"] for r in rows] == ([alternate] if kept else [])
    if kept:
        assert rows[0] | {"name": None} == {
            "name": None, "kind": "spelling", "feature_code": None, "country": "ET",
            "admin1": None, "admin2": None, "population": 456_900, "geonameid": 330186}


def test_small_towns_swedish_towns_taken_names_and_the_name_itself_give_no_spelling() -> None:
    assert alternate_spellings([("Nazrēt", "ET", BIG - 1, 1, ["Adama"])], set()) == []
    assert alternate_spellings([("Göteborg", "SE", 587_549, 2, ["Gautaborg"])], set()) == []
    assert alternate_spellings([("Nazrēt", "ET", BIG, 1, ["Adama"])], {"adama"}) == []
    assert alternate_spellings([("Adama", "ET", BIG, 1, ["Adama"])], set()) == []


def test_a_spelling_two_towns_share_goes_to_the_bigger() -> None:
    rows = alternate_spellings([("Small", "ET", BIG, 1, ["Adama"]),
                                ("Big", "ET", 3 * BIG, 2, ["Adama"])], set())
    assert [(r["name"], r["geonameid"]) for r in rows] == [("Adama", 2)]


def _town(name: str, country: str = "BO", population: int = 8_000, geonameid: int = 7) -> dict:
    return {"name": name, "countrycode": country, "population": population,
            "geonameid": geonameid, "admin1code": "04"}


def test_small_towns_abroad_become_spellings_unless_a_word_swedish_or_taken() -> None:
    rows = small_towns([_town("Achacachi"), _town("Killa"), _town("Hova", "SE"),
                        _town("Taken"), _town("Ha-ta")], {"taken"})
    assert rows == [{"name": "Achacachi", "kind": "spelling", "feature_code": None,
                     "country": "BO", "admin1": "04", "admin2": None, "population": 8_000,
                     "geonameid": 7}]


def test_a_small_town_name_two_towns_share_goes_to_the_bigger() -> None:
    rows = small_towns([_town("Villarrica", "CL", 6_000, 1), _town("Villarrica", "PY", 9_000, 2)],
                       set())
    assert [(r["country"], r["geonameid"]) for r in rows] == [("PY", 2)]


def test_small_towns_as_villages_keep_the_filters_and_take_their_kind() -> None:
    rows = small_towns([_town("Radslavice", "CZ", 1_110), _town("Magden", "CH", 3_433),
                        _town("Panik", "AM", 2_883), _town("Brunn", "SE", 1_180)],
                       set(), kind="village")
    assert [(r["name"], r["kind"]) for r in rows] == [("Radslavice", "village")]


def test_villages_are_the_small_towns_abroad_no_bigger_list_holds() -> None:
    from builders.packaged import VILLAGE_POPULATION, city_lists, villages
    rows = villages(city_lists()(VILLAGE_POPULATION), set(), {"radslavice"})
    names = {fold(r["name"]) for r in rows}
    assert VILLAGE_POPULATION == 500 and all(r["kind"] == "village" for r in rows)
    assert "bilca" in names and "mieming" in names and not {"radslavice", "magden"} & names
