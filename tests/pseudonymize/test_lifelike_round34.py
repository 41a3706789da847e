"""Lifelike surrogates, round 34 (lifelike37, issue 15): a name that is an everyday word the essay
also writes as the word takes a name that is a word of the same field, and the word follows it
in the same form; where the field has none the word stays and the name takes a plain name.
Invented sentences, not the gold sets'."""

from __future__ import annotations

from pathlib import Path

import pytest

from pseudonymize.engine import Engine
from pseudonymize.lexicon import fold
from pseudonymize.surrogates import pun_words
from pseudonymize.types import Result

SEEDS = range(6)


@pytest.fixture(scope="module")
def engine(offline_snapshot: Path) -> Engine:
    return Engine.load(offline_snapshot)


def _runs(engine: Engine, text: str) -> list[Result]:
    """The essay pseudonymized lifelike under each of SEEDS."""
    return [engine.pseudonymize(text, "e", strategy="lifelike", seed=seed) for seed in SEEDS]


def _got(r: Result, original: str) -> str:
    return next(a.pseudonym for a in r.annotations if a.original == original)


FIELDS = [  # (text, the name, the words written for it: (as written, form index), field)
    ("Min granne heter Dan Flod. Han fiskar i floden varje dag, han älskar floder.",
     "Flod", (("floden", 1), ("floder", 2)), "waters"),
    ("Vår nya lärare heter Viola. Hon har violer i fönstret och violerna är blå.",
     "Viola", (("violer", 2), ("violerna", 3)), "flowers"),
    ("Min kollega heter Eva Blixt. Förra natten var det oväder och blixten slog ner.",
     "Blixt", (("blixten", 1),), "weather"),
    ("Min kompis heter Ville Smed. Hans pappa var smed i en liten by.",
     "Smed", (("smed", 0),), "trades"),
    ("Läraren heter Lisa Falk. Vi såg två falkar på taket av skolan.",
     "Falk", (("falkar", 2),), "birds"),
    ("Jag jobbar med Nils Ek. Eken vid kyrkan är mycket gammal.",
     "Ek", (("Eken", 1),), "trees"),
    ("Min chef heter Ulf Modig. Han var modig när han pratade med alla.",
     "Modig", (("modig", 0),), "character"),
]


@pytest.mark.parametrize(("text", "name", "written", "field"), FIELDS)
def test_a_name_written_as_a_word_takes_a_word_of_its_field(
        engine: Engine, text: str, name: str, written: tuple[tuple[str, int], ...],
        field: str) -> None:
    """Judge runs 43-44: "Dan Flod ... fiskar i floden", "Viola ... violer": the pun was lost
    (a plain name beside the word) or the word changed into nonsense; now "Dan Ström ... i
    strömmen", "Rosa ... rosor"."""
    by_name, by_field = pun_words()
    names = {fold(n) for _, _, n in by_field[field]}
    for seed, r in enumerate(_runs(engine, text)):
        got = _got(r, name)
        assert fold(got) in names and fold(got) != fold(name), (seed, r.target)
        forms = by_name[fold(got)][1]
        for word, index in written:
            want = forms[index].capitalize() if word[:1].isupper() else forms[index]
            assert _got(r, word) == want, (seed, r.target)
        assert fold(name) not in fold(r.target).split(), (seed, r.target)


PLAIN = [  # (text, the name, the word that stays)
    # (round 43: "stolt över" has a partner, "glad över": test_lifelike_round43.py)
    # a wing: no other word of its field
    ("Jag känner Love Vinge. Han hittade en örn med skadad vinge.", "Vinge", "vinge."),
]


@pytest.mark.parametrize(("text", "name", "word"), PLAIN)
def test_a_word_with_no_word_of_its_field_stays_and_the_name_is_plain(
        engine: Engine, text: str, name: str, word: str) -> None:
    """"en örn med skadad vinge" beside Love Vinge: never "skadad ström" nor a word-name; the
    word stays as written and the name takes a plain name."""
    for seed, r in enumerate(_runs(engine, text)):
        got = _got(r, name)
        assert fold(got) not in pun_words()[0], (seed, r.target)
        assert f" {word}" in r.target and \
            word.split()[0].rstrip(".") not in [a.original for a in r.annotations], (seed, r.target)


KEPT = [  # (text, the name, the words that stay as written)
    # a fixed phrase: its word never follows the name
    ("Min chef heter Anna Frisk. Vi var ute på frisk luft hela dagen.", "Frisk",
     "på frisk luft"),
    # a name of no field, its word elsewhere: as before
    ("Min granne heter Per Kvarn. Han bor nära en gammal kvarn.", "Kvarn", "en gammal kvarn"),
]


@pytest.mark.parametrize(("text", "name", "kept"), KEPT)
def test_no_word_outside_a_pun_follows_a_name(engine: Engine, text: str, name: str,
                                              kept: str) -> None:
    for seed, r in enumerate(_runs(engine, text)):
        assert kept in r.target, (seed, r.target)
        assert _got(r, name) != name, (seed, r.target)


def test_a_surname_written_small_after_a_given_name_is_the_name(engine: Engine) -> None:
    """"min syster heter lina ek": the surname written small, no word of the field."""
    text = "Jag heter Sara Ek och min syster heter lina ek."
    for seed, r in enumerate(_runs(engine, text)):
        assert not [a for a in r.annotations if a.original == "ek"
                    and a.pseudonym != _got(r, "Ek").lower()], (seed, r.target)


def test_realistic_keeps_its_names() -> None:
    """The field puns are lifelike's: `pun_words` indexes only names of the table."""
    by_name, by_field = pun_words()
    assert by_name["flod"][0] == "waters" and "vinge" in by_name
    assert all(forms[0] for rows in by_field.values() for forms, _, _ in rows)


def _feature_kind(name: str) -> str:
    from pseudonymize.surrogates import geography
    geo = geography(True)
    return geo.features.get(geo.feature_folds.get(fold(name), ""), ("", ()))[0]


KINDS = [  # (text, original, check of its surrogate)
    # a canal takes a canal (before: "på ön", read as an island after "på")
    ("Vi åkte båt på göta kanal i somras.", "göta kanal",
     lambda got: _feature_kind(got) == "canal"),
    ("Jag bor i Motala. Vi cyklade längs Göta kanal varje helg.", "Göta kanal",
     lambda got: _feature_kind(got) == "canal"),
    # a river no gazetteer knows, read as a town, that the essay bathes in or calls a river
    ("Jag kommer från Moldavien. Jag badade i Prut varje sommar, floden var varm.", "Prut",
     lambda got: _feature_kind(got) == "river"),
    ("Vi kommer från Moldavien. Vi fiskade i Prut med pappa.", "Prut",
     lambda got: _feature_kind(got) == "river"),
    # an institution's kind word read as a site: an institution of the kind, never a street
    ("Jag läser svenska på Lärcentrum i Laholm.", "Lärcentrum",
     lambda got: not got.endswith(("gatan", "vägen")) and got[:1].isupper()),
    # a health centre in a small locality: one in the surrogate town, never a company
    ("Jag jobbar på vårdcentralen i Gimo som undersköterska.", "vårdcentralen i Gimo",
     lambda got: got.startswith("vårdcentralen i ") and "Gimo" not in got),
]


@pytest.mark.parametrize(("text", "original", "check"), KINDS)
def test_a_place_keeps_its_kind(engine: Engine, text: str, original: str, check) -> None:
    """Judge runs 43-44: "göta kanal" drawn as an island, a river bathed in drawn as a town,
    "Lärcentrum" as a street, "vårdcentralen i Gimo" as a company."""
    for seed, r in enumerate(_runs(engine, text)):
        assert check(_got(r, original)), (seed, r.target)


NOT_WATER = [  # (text, original): a town stays a town
    "Jag bor i Laholm och badade i Laholm varje sommar.",
    "Vi bodde på Kungsgatan nära floden.",
]


@pytest.mark.parametrize("text", NOT_WATER)
def test_a_known_town_or_street_is_no_river(engine: Engine, text: str) -> None:
    for seed, r in enumerate(_runs(engine, text)):
        assert all(_feature_kind(a.pseudonym) != "river" for a in r.annotations), r.target


def test_a_locality_in_a_municipality_is_a_village_of_its_town(engine: Engine) -> None:
    """"Gimo i Östhammars kommun": a small locality of the surrogate municipality's county,
    smaller than its town (before: "Eskilstuna i Nyköpings kommun")."""
    for seed in SEEDS:
        r = engine.pseudonymize("Jag bor i Gimo i Östhammars kommun.", "e", strategy="lifelike",
                                seed=seed)
        village, town = _got(r, "Gimo"), _got(r, "Östhammars")
        assert engine.lex.get(fold(village)).se_pop < engine.lex.get(fold(town[:-1])).se_pop \
            or engine.lex.get(fold(village)).se_pop < engine.lex.get(fold(town)).se_pop, r.target


SHORT = [  # (text, the short form, its sex)
    ("Min kompis Ibou kommer från Senegal. Ibou är snäll och spelar fotboll.", "Ibou", "male"),
    ("Jag kommer från Gambia. Min kusin Ablaye bor i Banjul.", "Ablaye", "male"),
]


@pytest.mark.parametrize(("text", "short", "sex"), SHORT)
def test_a_listed_short_form_takes_its_full_names_sex(engine: Engine, text: str, short: str,
                                                      sex: str) -> None:
    """"Ibou" (Ibrahima's short form, a boy) was given a girl's or a Swedish name."""
    for seed, r in enumerate(_runs(engine, text)):
        got = fold(_got(r, short))
        assert engine.lex.get(got).gender in (sex, None), (seed, r.target)
        assert "swedish" not in engine.lex.name_origins.get(got, ()), (seed, r.target)


@pytest.mark.parametrize(("text", "name", "never"), [
    # judge run 46: "far var munk på ett varv" after Smed; "frost" in summer after Blixt
    ("Min kompis heter Ville Smed. Hans far var smed på ett varv i Göteborg.", "Smed", "munk"),
    ("Min kollega heter Eva Blixt. I juli slog blixten ner i vårt träd.", "Blixt", "frost"),
])
def test_a_field_word_of_another_sense_is_never_drawn(engine: Engine, text: str, name: str,
                                                       never: str) -> None:
    """A monk is no trade and frost is a season's word: neither stands in for a smith or for
    lightning, whatever the seed."""
    for r in _runs(engine, text):
        assert fold(_got(r, name)) != never and never not in r.target.lower(), r.target
