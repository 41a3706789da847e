"""The engine on a tiny hand-made snapshot: labels, running numbers, propagation, surrogates."""
from __future__ import annotations

import pytest

from pseudonymize.engine import Engine, Memory, learner_essays

def labels(engine: Engine, text: str) -> list[tuple[str, str]]:
    return [(text[s.start:s.end], s.label) for s in engine.detect(text)]


@pytest.mark.parametrize("text, expected", [
    ("Jag heter Anna och bor i Stokholm.", [("Anna", "firstname_female"), ("Stokholm", "city")]),
    ("Min vän erik kommer från Bagdad.", [("erik", "firstname_male"), ("Bagdad", "city")]),
    ("Hans mamma är läkare.", [("mamma", "fam"), ("läkare", "prof")]),
    ("Jag är tjugo fem år.", [("tjugo fem", "age_string")]),
    ("Jag är niotton år.", [("niotton", "age_string")]),
    ("Ring min telefon 070-123 45 67.", [("070-123 45 67", "phone_nr")]),
    ("Mitt personnummer är 850315-1234.", [("850315-1234", "personid_nr")]),
    ("Maila anna.s@mail.se!", [("anna.s@mail.se", "email")]),
    ("Jag går på Rinkebyskolan.", [("Rinkebyskolan", "school")]),
])
def test_detects_learner_sentences(engine: Engine, text: str, expected: list) -> None:
    found = labels(engine, text)
    for item in expected:
        assert item in found, found


@pytest.mark.parametrize("text, expected", [
    # a number takes the label of the nearest specific trigger, not of a bare "nummer"
    ("Jag har körkort, nummer 87091955761.", ("87091955761", "license_nr")),
    ("Ärendet har nummer 16-884512.", ("16-884512", "other_nr_seq")),
    ("Pengarna gick till kontot som slutar på 4471.", ("4471", "account_nr")),
    ("Hennes nummer är +48 601 223 987.", ("+48 601 223 987", "phone_nr")),
    # a kind noun names what follows; a kin word or a pronoun gives an unknown name its gender
    ("Vi badar i en vik som heter Kolvik.", ("Kolvik", "geo")),
    ("Min mamma heter Letteberhan och hon är glad.", ("Letteberhan", "firstname_female")),
    # mark-only labels in context
    ("Vi träffas hos farmor.", ("farmor", "fam")),
    ("Jag har en bror.", ("bror", "fam")),
    ("Hon arbetade som mattelärare.", ("mattelärare", "prof")),
    ("Han har prostatacancer.", ("prostatacancer", "sensitive")),
    ("Hon har högt blodtryck.", ("högt blodtryck", "sensitive")),
    ("Hon läser svensk historia.", ("historia", "edu")),  # a frequent word two after the verb
    # a place met while the essay is in a big foreign city is one of its districts
    ("Jag föddes i Bagdad. Vi bodde i Karrada.", ("Karrada", "area")),
    ("Han spelar i HV71.", ("HV71", "other_institution")),
    # found on the held-out essays: acronyms where someone works or studies, a reference code
    # with its letters, a clearing number alone, a day.month date after a weekday
    ("Han har fått fast jobb på SSAB.", ("SSAB", "work")),
    ("Jag läser maskinteknik på LTU.", ("LTU", "school")),
    ("I somras var jag truckförare på LKAB.", ("LKAB", "work")),
    ("Jag har ärendenummer FA-558 hos er.", ("FA-558", "other_nr_seq")),
    ("Mitt clearingnummer 7412 är nytt.", ("7412", "account_nr")),
    ("Kalaset är på lördag 13.4 hemma.", ("13.4", "date_digits")),
])
def test_context_decides_the_label(engine: Engine, text: str, expected: tuple) -> None:
    assert expected in labels(engine, text)


def test_generic_kin_words_and_duration_are_not_marked(engine: Engine) -> None:
    found = labels(engine, "Det är inte lätt att vara farmor. Vi var där i ett år.")
    assert found == [], found


def test_homographs_and_sentence_initial_words_are_not_names(engine: Engine) -> None:
    assert labels(engine, "Jag bor med hans hund. Mina barn är glada.") == []


def test_every_mention_is_replaced_and_numbered(engine: Engine) -> None:
    text = "Min vän Omar bor i Gävle. Omar är glad. Omars bror bor i Stockholm och Gävle."
    result = engine.pseudonymize(text, "e1")
    refs = {(a.original, a.label): a.ref for a in result.annotations}
    assert refs[("Omar", "firstname_male")] == 1
    assert refs[("Omars", "firstname_male")] == 1
    assert refs[("Gävle", "city")] == 1 and refs[("Stockholm", "city")] == 2
    for original in ("Omar", "Gävle", "Stockholm"):
        assert original not in result.target
    assert result.target.count("s bror") == 1  # the genitive is re-applied


def test_surrogates_are_seeded_and_never_an_original(engine: Engine) -> None:
    text = "Jag heter Anna. Jag bor i Göteborg men kommer från Basra i Irak."
    one = engine.pseudonymize(text, "e2", seed=3)
    assert one == engine.pseudonymize(text, "e2", seed=3)
    by_label = {a.label: a for a in one.annotations}
    assert by_label["firstname_female"].pseudonym in {"Maria", "Sara", "Lina"}
    assert by_label["city"].pseudonym != "Göteborg"
    basra = next(a for a in one.annotations if a.original == "Basra")
    # Irak is replaced (by Syrien, the only other country): its city follows into Syria
    assert basra.pseudonym in {"Damaskus", "Aleppo", "Homs"}
    tags = engine.pseudonymize(text, "e2", strategy="tag").target
    assert "@firstname_female_1" in tags and "@city_1" in tags


def test_learner_memory_never_reuses_an_original_of_the_next_essay(engine: Engine) -> None:
    memory = Memory(scope="L1")
    first = engine.pseudonymize("Jag bor i Västerås.", "a", memory=memory)
    reused = next(a.pseudonym for a in first.annotations if a.label == "city")
    second = engine.pseudonymize(f"Jag bor i Västerås nära {reused}.", "b", memory=memory)
    assert reused not in second.target.replace(f"nära {reused}", "")
    assert all(a.pseudonym.lower() not in {"västerås", reused.lower()}
               for a in second.annotations if a.original == "Västerås")


@pytest.mark.parametrize("strategy", ["realistic", "lifelike"])
def test_a_name_remembered_by_spelling_is_drawn_afresh_where_its_surrogate_is_an_original(
        engine: Engine, strategy: str) -> None:
    """The father Karim became X in one essay; in the next, Karim is the writer's surname and
    her husband is really called X: Karim must not become X there (the leak gate would hold
    the essay back, and a reader would take X for the husband)."""
    memory = Memory(scope="L1")
    first = engine.pseudonymize("Min pappa heter Karim.", "a", memory=memory, strategy=strategy)
    reused = next(a.pseudonym for a in first.annotations if a.original == "Karim")
    second = engine.pseudonymize(f"Jag heter Shilan Karim. Min man heter {reused}.", "b",
                                 memory=memory, strategy=strategy)
    karim = [a.pseudonym for a in second.annotations if a.original == "Karim"]
    assert karim and reused not in karim and "Karim" not in karim


def test_a_learners_earlier_essay_names_what_recurs_in_the_next(engine: Engine) -> None:
    """"zlatimira" alone (lower case, no trigger nor person's slot) is missed, but not after the learner's
    earlier essay named her; another learner's essays are not affected."""
    alone = "Det var zlatimira som ringde igår."
    assert "zlatimira" in engine.pseudonymize(alone, "x").target
    memory = Memory(scope="L1")
    engine.pseudonymize("Min kompis heter Zlatimira.", "a", memory=memory)
    second = engine.pseudonymize(alone, "b", memory=memory)
    assert "zlatimira" not in second.target.lower()
    assert "zlatimira" in engine.pseudonymize(alone, "c", memory=Memory(scope="L2")).target


def test_a_learners_later_essay_names_what_an_earlier_one_holds(engine: Engine) -> None:
    """`learner_essays`: the first essay's lone "zlatimira" is found once the third names her;
    an essay holding nothing later established is run once only, and one the caller marks as
    not to run again (a reviewer's decisions) stays as it was."""
    essays = ["Det var zlatimira som ringde igår.", "Vi åt middag.",
              "Min kompis heter Zlatimira.", "Sen var det zlatimira igen."]
    runs: list[str] = []

    def run(text: str, memory: Memory):
        runs.append(text)
        return engine.pseudonymize(text, str(essays.index(text)), memory=memory)

    out = dict(learner_essays(essays, run, lambda text, _: text))
    assert [t for t in essays if "zlatimira" in out[t].target.lower()] == []
    assert runs.count(essays[0]) == 2 and runs.count(essays[1]) == 1
    kept = dict(learner_essays(essays, run, lambda text, _: None if text == essays[0] else text))
    assert "zlatimira" in kept[essays[0]].target


def test_a_pronoun_here_beats_the_sex_an_earlier_essay_guessed(engine: Engine) -> None:
    """The first essay guesses Zhino's sex by the ending (a man's); the second says "hon" of
    her at a mention only the learner's memory finds: she is a woman there."""
    memory = Memory(scope="L1")
    first = engine.pseudonymize("Min kompis heter Zhino.", "a", memory=memory)
    assert [a.label for a in first.annotations if a.original == "Zhino"] == ["firstname_male"]
    second = engine.pseudonymize("Igår var det zhino som var sjuk, hon hostade hela natten.", "b",
                                 memory=memory)
    assert [a.label for a in second.annotations if a.original == "zhino"] == ["firstname_female"]


def test_case_is_kept(engine: Engine) -> None:
    out = engine.pseudonymize("JAG BOR I STOCKHOLM.", "e3").target
    assert out.isupper() and "STOCKHOLM" not in out


def test_an_initial_is_never_replaced_by_itself_or_another_original(engine: Engine) -> None:
    # "A" is the taxonomy's surrogate for an initial; an original A (or B, once A is an
    # original) must get another letter.
    result = engine.pseudonymize("Hälsningar Anna A Svensson och Erik B. Berg.", "e4")
    initials = {a.original: a.pseudonym for a in result.annotations if a.label == "initials"}
    assert set(initials) == {"A", "B"}, initials
    assert initials["A"] not in {"A", "B"} and initials["B"] not in {"A", "B"}
    assert "Erik B." not in result.target and " A " not in result.target


def test_what_is_said_of_a_place_makes_an_unknown_word_one(engine: Engine) -> None:
    assert ("Kolby", "city") in labels(engine, "Kolby ligger utanför stan.")
    # an everyday noun in the definite form is not a place by what is said of it
    assert labels(engine, "Affären ligger utanför stan.") == []
