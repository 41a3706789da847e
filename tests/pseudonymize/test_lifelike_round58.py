"""Lifelike surrogates, round 58 (h-lifelike58, issue 15): a kin word the essay glosses, a
locality inside its municipality, one year move for all of a learner's essays.

Judge runs 72 and 73 (dev30) named these among their clues: a learner's word for "father"
explained in the essay ("heit är pappa på frisiska") given a man's name at every mention; a
Swedish village put inside a municipality far away ("Barnarp i Kalmars kommun"); a personnummer
of one birth year beside "föddes" another year in the learner's other essay (an essay whose
dates near the present took the year move the other way). Invented sentences, not the gold
sets'; Swedish places are real (the gazetteers must know them) and none of dev30's."""

from __future__ import annotations

from pathlib import Path

import pytest

from pseudonymize.coordinates import nearest_of
from pseudonymize.engine import Engine, Memory
from pseudonymize.lexicon import fold
from tests.pseudonymize.test_lifelike_round37 import _runs  # (seeds 0-3)


@pytest.fixture(scope="module")
def engine(offline_snapshot: Path) -> Engine:
    return Engine.load(offline_snapshot)


GLOSSED = [  # (text, the kin word kept at every mention under every seed)
    ("Min vovo Teodric bor kvar hemma. vovo är pappa på lurviska.", "vovo"),
    ("Min nunnak Marvela ringer varje dag. nunnak betyder mamma, och nunnak lagar mat.",
     "nunnak"),
    ("Jag saknar min dadek Orvin. På lurviska heter farfar dadek. dadek är nittio.", "dadek"),
    ("Min zimma Hoveta bor i byn. Mormor heter zimma på lurviska.", "zimma"),
    ("min ulvik Bertomir har kor. ulvik, det betyder bror på vårt språk.", "ulvik"),
]


@pytest.mark.parametrize(("text", "word"), GLOSSED)
def test_a_glossed_kin_word_is_kept(engine: Engine, text: str, word: str) -> None:
    for target, rows in _runs(engine, text):
        assert target.count(word) == text.count(word), target
        # the person named after it is still replaced
        named = [o for o, label, s in rows if label.startswith("firstname") and o != word]
        assert named and all(s != o for o, label, s in rows if o in named), rows


NOT_GLOSSED = [  # (text, a name the essay explains or uses, replaced under every seed)
    # a name's meaning: a kin word followed by "till" is no gloss of the word
    ("Mitt namn är Ivor Stanek Borvik. stanek betyder son till Stan, min pappa.", "Stanek"),
    # a copula without "på" and a language glosses nothing
    ("Min granne Zolvina är mamma till tre barn. Zolvina jobbar på ett kafé.", "Zolvina"),
]


@pytest.mark.parametrize(("text", "name"), NOT_GLOSSED)
def test_a_name_explained_is_still_replaced(engine: Engine, text: str, name: str) -> None:
    for target, rows in _runs(engine, text):
        assert name not in target and name.lower() not in target, target


def test_a_gloss_holds_for_the_learners_later_essays(engine: Engine) -> None:
    for seed in range(4):
        memory = Memory()
        engine.pseudonymize("Min vovo Teodric fiskar. vovo är pappa på lurviska.", "e1",
                            strategy="lifelike", seed=seed, memory=memory)
        later = engine.pseudonymize("Min vovo Teodric har en båt och vovo åker skridskor.",
                                    "e2", strategy="lifelike", seed=seed, memory=memory)
        assert later.target.count("vovo") == 2, later.target
        assert "Teodric" not in later.target


SEATED = [  # (text, the locality, the municipality it is put in)
    ("Nu bor vi i Dalby i Lunds kommun.", "Dalby", "Lunds"),
    ("Min syster bor i Storvik i Sandvikens kommun.", "Storvik", "Sandvikens"),
    ("Vi flyttade till Kvidinge i Åstorps kommun förra året.", "Kvidinge", "Åstorps"),
    # no "kommun": a municipality's name after "i" (was "Gävle i Sandviken")
    ("Han bor i Järpen i Åre och jobbar på ett hotell.", "Järpen", "Åre"),
    # (guard: the districts' reading, "Snättringe i Huddinge", still holds)
    ("Han bor i Vikarbyn i Rättvik och jobbar på ett hotell.", "Vikarbyn", "Rättvik"),
    ("Vi köpte ett hus i Skärblacka i Norrköpings kommun.", "Skärblacka", "Norrköpings"),
]


@pytest.mark.parametrize(("text", "village", "seat"), SEATED)
def test_a_locality_lies_in_its_surrogate_municipality(engine: Engine, text: str, village: str,
                                                       seat: str) -> None:
    lex = engine.lex
    for target, rows in _runs(engine, text):
        picks = {o: s for o, _, s in rows}
        town, muni = picks[village], picks[seat]
        muni = muni[:-1] if muni.endswith("s") and fold(muni) not in lex.municipalities else muni
        assert fold(muni) in lex.municipalities, (target, muni)
        assert fold(town) not in lex.municipalities, (target, town)
        # a district of the municipality's town (the districts' own reading of "X i Town"),
        # else a locality whose nearest seat is the municipality's (we know no locality's
        # municipality; the nearest seat's is the likeliest)
        assert town in lex.districts_by_town.get(muni, ()) or \
            nearest_of(town, lex.municipalities) == fold(muni), target


def test_a_locality_lies_in_the_municipality_the_learner_named_before(engine: Engine) -> None:
    lex = engine.lex
    for seed in range(6):
        memory = Memory()
        first = engine.pseudonymize("Vi flyttade till Lunds kommun 2019.", "e1",
                                    strategy="lifelike", seed=seed, memory=memory)
        later = engine.pseudonymize("Nu bor vi i Dalby i Lunds kommun.", "e2",
                                    strategy="lifelike", seed=seed, memory=memory)
        muni = first.target.split("till ")[1].split(" kommun")[0]
        muni = muni[:-1] if fold(muni) not in lex.municipalities else muni
        town = later.target.split("bor vi i ")[1].split(" i ")[0]
        assert later.target.endswith(f" i {first.target.split('till ')[1].split(' 20')[0]}."), (
            first.target, later.target)
        assert town in lex.districts_by_town.get(muni, ()) or \
            nearest_of(town, lex.municipalities) == fold(muni), (first.target, later.target)


def test_a_word_after_a_village_is_no_municipality(engine: Engine) -> None:
    """"i två år" names no municipality: the village is drawn as before."""
    for target, rows in _runs(engine, "Vi bodde i Dalby i två år och sen i Lund."):
        assert "i två år" in target and "Dalby" not in target, target


def test_a_personnummer_keeps_the_learners_birth_year(engine: Engine) -> None:
    """The learner's first essay moves their years one way; a later essay with a date of the
    present year keeps that move (its present-year date stays in the present) rather than
    moving the other way, so its personnummer shows the birth year the first essay gave."""
    for seed in range(6):
        memory = Memory()
        first = engine.pseudonymize("Jag föddes 1984 i Kalix. 2013 flyttade vi till Piteå.",
                                    "e1", strategy="lifelike", seed=seed, memory=memory)
        later = engine.pseudonymize(
            "Mitt personnummer är 840311-2385. Jag skickade ansökan 2026-02-10 och bor här "
            "sedan 2013.", "e2", strategy="lifelike", seed=seed, memory=memory)
        born = first.target.split("föddes ")[1][:4]
        assert later.target.split("personnummer är ")[1][:2] == born[2:], (first.target,
                                                                            later.target)
        moved = first.target.split(". ")[1][:4]
        assert f"sedan {moved}" in later.target, later.target
        year = int(later.target.split("ansökan ")[1][:4])
        assert year <= 2026, later.target
