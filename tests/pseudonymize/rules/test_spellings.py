"""Other spellings of big towns abroad (places of kind "spelling", `builders.spellings`) on the
offline snapshot: found in a learner's text, never drawn as a surrogate."""
from pseudonymize.lexicon import fold
from pseudonymize.policy import Policy


def test_another_spelling_of_a_town_is_found_but_never_drawn(offline_engine) -> None:
    lex = offline_engine.lex
    assert lex.get("adama").place_kind == "spelling"
    spans = offline_engine.detect("Jag är oromo från adama i Etiopien.")
    assert (spans[0].start, spans[0].end, spans[0].label) == (18, 23, "city")
    pools = [fold(name) for names in lex.cities_by_country.values() for name in names]
    assert "adama" not in pools
    assert not [key for key in pools if lex.get(key).place_kind == "spelling"]


def test_a_big_towns_other_spelling_is_not_taken_in_lower_case_without_a_place_word(
        offline_engine) -> None:
    """A town of a million is taken in lower case anywhere; one of its other spellings is not
    ("professor emerita": Emerita, a spelling of Mérida)."""
    assert offline_engine.lex.get("emerita").place_kind == "spelling"
    # (the rules' decision: the learned tagger, run after them, reads "emerita" as a name)
    spans = offline_engine.detect("Hon är professor emerita i nordiska språk.",
                                  policy=Policy(learned="off"))
    assert [s.label for s in spans] == ["prof"]


def test_another_spelling_is_a_town_only_after_a_place_word(offline_engine) -> None:
    """Out of a place context a town's other spelling is the name it also is ("Rafa Benitez":
    Rafa is also a spelling of Rafah); after one it is the town."""
    spans = offline_engine.detect("Rafa Benitez är tränare och hon kommer från adama.")
    assert [(s.label) for s in spans] == ["firstname_male", "surname", "city"]


def test_a_district_folding_like_a_town_of_another_spelling_leaves_the_town_a_town(
        offline_engine) -> None:
    """Vårberg, a district of Stockholm, folds like the town Varberg (34,000 people): the town
    keeps no district reading, so its surrogate is a town, never a district elsewhere."""
    assert "district" not in offline_engine.lex.get("varberg").cats
    assert "district" in offline_engine.lex.get("rinkeby").cats
