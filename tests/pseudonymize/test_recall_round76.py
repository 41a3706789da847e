"""Recall on persons, round 76 (h-recall76): names in messy learner text that were left as
written. A name the essay gave that is also an everyday word, again in lower case as the subject
after a year or a fronted "i går" ("2019 kaj ville hem"), said to be of an age ("sol är tre"),
given as a name ("valde namnet saga") or a possessive before a past tense ("sina tog");
a lower-case given name between an owned kin word and a family name that is also a word ("min
dotter saga Gran") or before "och" and a name no list holds after a kin word ("Våra barn är
lova och Mialy"); a kin word of more of the learners' languages (Greenlandic, Batak, Malay,
Italian, Kikuyu, French, Persian, Kurdish) before a name, in any case; a second family name in
lower case closing a signature ("Med vänliga hälsningar\\nR. siregar hjort"). Invented sentences,
not the gold sets'; each failed before this round."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pseudonymize.engine import Engine


@pytest.fixture(scope="module")
def engine(offline_snapshot: Path) -> Engine:
    return Engine.load(offline_snapshot)


def _found(engine: Engine, text: str, word: str, nth: int = 0) -> list[str]:
    """The labels of the replaced spans over the nth occurrence of the word `word` (as
    written) in `text`."""
    found = list(re.finditer(rf"(?<!\w){re.escape(word)}(?!\w)", text))
    start, end = found[nth].span()
    result = engine.pseudonymize(text, "e")
    return [a.label for a in result.annotations
            if a.action == "replace" and a.start < end and start < a.end]


FOUND = [  # (text, word, its occurrence, label)
    # a name the essay gave, again in lower case as the subject after a year opening the sentence
    ("Jag träffade Kaj på en fest i Malmö. 2019 kaj ville flytta till Ystad.", "kaj", 0,
     "firstname_male"),
    ("Min son heter Bo och han är snäll. I går bo spelade fotboll med sina vänner.", "bo", 0,
     "firstname_male"),
    ("Vår dotter heter Iris. I dag iris sov hela förmiddagen.", "iris", 0, "firstname_female"),
    # ... said by "är" to be of an age
    ("Vi har två barn, Omar och Sol. sol är tre och älskar att rita.", "sol", 0,
     "firstname_female"),
    ("Min dotter heter Maj. maj är 9 och går i skolan i Boden.", "maj", 0, "firstname_female"),
    ("Vi har en son, Sten. sten är sju år och bor med oss.", "sten", 0, "firstname_male"),
    # ... given as a name
    ("Vår dotter Saga föddes i maj. Min man valde namnet saga för han älskar sagor.", "saga", 0,
     "firstname_female"),
    # ... a possessive before a past tense: a possessive owns a noun, never a verb
    ("Min kusin heter Sina och bor i Göteborg. sina tog många bilder på bröllopet.", "sina", 0,
     "firstname_female"),
    ("Våra döttrar heter Mina och Lea. Sedan mina gick direkt hem.", "mina", 0,
     "firstname_female"),
    # a lower-case given name between an owned kin word and a family name that is also a word
    ("Jag var på vårdcentralen med min dotter saga Gran i tisdags.", "saga", 0,
     "firstname_female"),
    ("Vi hälsade på min syster sol Gran i Umeå.", "sol", 0, "firstname_female"),
    # ... or before "och" and a name no list holds, said by a kin word to be that kin
    ("Våra barn är lova och Mialy Rakoto.", "lova", 0, "firstname_female"),
    ("Mina döttrar är vera och Nomvula.", "vera", 0, "firstname_female"),
    # kin words of more of the learners' languages, before a name in any case
    ("Min anaana Naja bakade kakor till oss.", "Naja", 0, "firstname_female"),
    ("min anaana naja bakade kakor till oss.", "naja", 0, "firstname_female"),
    ("min inang tiurma sålde fisk på marknaden.", "tiurma", 0, "firstname_female"),
    ("Min aleqa Nivi jobbar på sjukhuset i Nuuk.", "Nivi", 0, "firstname_female"),
    ("Min tulang Parulian bor kvar i Medan.", "Parulian", 0, "firstname_male"),
    ("Vi bodde hos min aanaa Pipaluk i Sisimiut.", "Pipaluk", 0, "firstname_female"),
    # a second family name in lower case closing a signature, a word too
    ("Hej! Jag vill boka en tid.\nMed vänliga hälsningar\nR. siregar hjort", "hjort", 0,
     "surname"),
    ("Tack för hjälpen!\nHälsningar\nM. Warsame hall", "hall", 0, "surname"),
    ("Jag kan inte komma på mötet.\nKram\nfatima abdi berg", "berg", 0, "surname"),
]


@pytest.mark.parametrize(("text", "word", "nth", "label"), FOUND)
def test_the_person_is_found(engine: Engine, text: str, word: str, nth: int,
                             label: str) -> None:
    assert label in _found(engine, text, word, nth), engine.detect(text)


KEPT = [  # (text, word, its occurrence): the everyday word, where no person stands
    ("Min dotter heter Sol. Vi satt i solen och sol är bra för alla.", "sol", 0),
    ("Min son heter Sten. En sten låg på vägen.", "sten", 0),
    ("Hans bror heter Kaj. Båten låg vid en kaj i hamnen.", "kaj", 0),
    ("Min dotter heter Saga. Hon läser en saga varje kväll.", "saga", 0),
    ("Min kusin heter Sina. De tog sina väskor och gick.", "sina", 0),
    ("Jag gillar maj. Det är en fin månad.", "maj", 0),
    ("Med vänliga hälsningar\nR. Ahmed\nP.S. ring mig", "ring", 0),
    ("Hälsningar\nJag och min son lind", "lind", 0),
]


@pytest.mark.parametrize(("text", "word", "nth"), KEPT)
def test_the_everyday_word_stays(engine: Engine, text: str, word: str, nth: int) -> None:
    assert not _found(engine, text, word, nth), engine.detect(text)


KIN = [  # (text, the kin word): a kin word of the learner's language is a family word, kept
    ("Min anaana Naja bakade kakor till oss.", "anaana"),
    ("min nonna pina lagade pasta varje söndag.", "nonna"),
    ("Min guka Kamau har en gård nära Nyeri.", "guka"),
    ("min abang fadhil kör taxi i Kuala Lumpur.", "abang"),
    ("Min madarbozorg Shirin bor i Shiraz.", "madarbozorg"),
    ("Min bapîr Rizgar bor i Duhok.", "bapîr"),
    ("Min mamie Odette bor i Lyon.", "mamie"),
]


@pytest.mark.parametrize(("text", "kin"), KIN)
def test_a_kin_word_of_the_learners_language_is_a_family_word(engine: Engine, text: str,
                                                             kin: str) -> None:
    start = text.index(kin)
    spans = engine.pseudonymize(text, "e").annotations
    assert any(a.start == start and a.label == "fam" and a.action != "replace" for a in spans), \
        spans
