"""The words the review page underlines for a look (`doubts`): a table of (text, spans the
engine found, name-likeness of the words, what is underlined), and the API's view of them."""
from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from pseudonymize import thresholds as T
from pseudonymize.doc import Doc
from pseudonymize.engine import Engine
from pseudonymize.review.doubts import MAX_DOUBTS, Doubts
from pseudonymize.types import Span
from tests.pseudonymize.review.conftest import MISSED


class Scores:
    """A stand-in for the name-likeness model: the scores a row gives, 0 for other words."""

    def __init__(self, scores: dict[str, float]) -> None:
        self.scores = scores

    def score(self, key: str) -> float:
        return self.scores.get(key, 0.0)


def doubts(engine: Engine, scores: dict[str, float]) -> Doubts:
    """The engine's `Doubts` with the name-likeness a row gives."""
    found = Doubts(engine.lex)
    found.namelike = Scores(scores)  # type: ignore[assignment]
    return found


ROWS = [
    # a word no list holds spelt like a name, in lower case or at a sentence's start
    ("Vi åt middag med zlatimira igår.", (), {"zlatimira": 1.6}, [("zlatimira", "name-like")]),
    ("Zlatimira kom igår.", (), {"zlatimira": 1.6}, [("Zlatimira", "name-like")]),
    # ... but not one spelt like a Swedish word, nor a short one
    ("Vi åt middag med zlatimira igår.", (), {"zlatimira": 0.1}, []),
    ("Vi åt med bo igår.", (), {"bo": 3.0}, []),
    # a capitalised word no list knows inside a sentence, whatever its spelling
    ("Vi åt middag med Zlatimira igår.", (), {}, [("Zlatimira", "unknown")]),
    # a name the lexicon knows, capitalised inside a sentence, left as a word
    ("Vi åt middag med Anna igår.", (), {}, [("Anna", "name")]),
    # ... not once a span covers it, nor the word "hans" in lower case
    ("Vi åt middag med Anna igår.", (("Anna", "firstname_female"),), {}, []),
    ("Vi åt middag med hans bror.", (), {"hans": 2.0}, []),
    # numbers of three digits or more, never "3 barn" or "klockan 14"
    ("Kortet slutar på 4471 och vi har 3 barn.", (), {}, [("4471", "number")]),
    ("Vi ses klockan 14.", (), {}, []),
    # an unknown word after a place preposition, however it is spelt; not after a verb
    ("Vi bodde i hansjo förut.", (), {"hansjo": -1.0}, [("hansjo", "after a place word")]),
    ("Vi bodde nära hansjo förut.", (), {"hansjo": -1.0}, [("hansjo", "after a place word")]),
    ("Vi åkte till hansjo förut.", (), {"hansjo": -1.0}, [("hansjo", "after a place word")]),
    ("Han kom hansjo förut.", (), {"hansjo": -1.0}, []),
    ("Vi badade på hansjo och vid ulvsta.", (), {"hansjo": -1.0, "ulvsta": -1.0},
     [("hansjo", "after a place word"), ("ulvsta", "after a place word")]),
    # a rare word right after a given name the engine found, before a comma or "och": a surname
    ("Min chef heter Erik mild, han är snäll.", (("Erik", "firstname_male"),), {},
     [("mild", "after a name")]),
    ("Min chef heter Erik mild och snäll.", (("Erik", "firstname_male"),), {},
     [("mild", "after a name")]),
    ("Min chef heter Erik mild, han är snäll.", (), {}, [("Erik", "name")]),
    ("Jag och Erik kommer, han är snäll.", (("Erik", "firstname_male"),), {}, []),
    ("Jag träffade Erik mild.", (("Erik", "firstname_male"),), {}, []),
    # a word no list holds between a comma and a comma or "och": a name in apposition
    ("Vi har en dotter, killa, och en son.", (), {"killa": 0.1}, [("killa", "between commas")]),
    ("Vi har en dotter, killa och en son.", (), {"killa": 0.1}, [("killa", "between commas")]),
    ("Vi har en dotter, affären, och en son.", (), {}, []),
    ("Vi har en dotter killa, och en son.", (), {"killa": 0.1}, []),
    # a rare word right after a naming verb, or after one and a pronoun or "för": a name
    ("Min farbror, som alla kallar fello, ringde.", (), {}, [("fello", "after a naming word")]),
    ("Vi kallade honom fello och han skrattade.", (), {}, [("fello", "after a naming word")]),
    ("Han kallas för fello hemma.", (), {}, [("fello", "after a naming word")]),
    # ... not an everyday word there ("heter min vän"), nor the pronoun, nor after another verb
    ("Han heter min vän.", (), {}, []),
    ("Vi kallade honom och henne.", (), {}, []),
    ("Det är ett så kallade fello.", (), {}, []),
    ("Vi såg honom fello.", (), {}, []),
    # a word a span of the essay (or the learner's other essays) names, left as a word
    ("Min son heter Anna och anna är glad.", (("Anna", "firstname_female"),), {},
     [("anna", "the essay's name")]),
]


@pytest.mark.parametrize(("text", "found", "scores", "expected"), ROWS)
def test_doubts(engine: Engine, text: str, found: tuple[tuple[str, str], ...],
                scores: dict[str, float], expected: list[tuple[str, str]]) -> None:
    spans = [Span(text.index(s), text.index(s) + len(s), label, (), 1.0, "t", s)
             for s, label in found]
    doc = Doc.make(text, engine.lex, engine.spellings)
    got = [(text[d["start"]:d["end"]], d["reason"]) for d in doubts(engine, scores)(doc, spans)]
    assert got == expected


def test_a_place_after_a_preposition_is_underlined_though_common_as_a_word(
        engine: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    # the tiny lexicon has no frequency for its towns: as if "homs" were as common as "borgholm"
    monkeypatch.setattr(T, "RARE", -1.0)
    for text, expected in (("Han jobbar på homs energi.", [("homs", "name")]),
                           ("Han jobbar homs energi.", [])):
        doc = Doc.make(text, engine.lex, engine.spellings)
        got = [(text[d["start"]:d["end"]], d["reason"]) for d in doubts(engine, {})(doc, [])]
        assert got == expected


def test_doubts_are_bounded(engine: Engine) -> None:
    text = "Vi såg " + " ".join(f"Qx{chr(97 + i % 26)}{chr(97 + i // 26 % 26)}" for i in
                                range(3 * MAX_DOUBTS)) + "."
    doc = Doc.make(text, engine.lex, engine.spellings)
    assert len(doubts(engine, {})(doc, [])) == MAX_DOUBTS


def test_the_view_underlines_a_missed_name_until_it_is_added(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    # the tiny test lexicon's model scores the missed name low: the threshold is lowered
    monkeypatch.setattr(T, "REVIEW_DOUBT_NAMELIKE", -0.2)
    view = client.get("/api/essays/1").json()
    doubt = next(d for d in view["doubts"] if view["text"][d["start"]:d["end"]] == MISSED)
    assert doubt["reason"] == "name-like"
    added = client.post("/api/essays/1/decide", json={
        "action": "add", "start": doubt["start"], "end": doubt["end"],
        "label": "firstname_female", "attrs": [], "version": view["version"]}).json()
    assert all(added["text"][d["start"]:d["end"]] != MISSED for d in added["doubts"])


LEARNED_ROWS = [  # (text, spans the engine found, the learned tagger's spans, what is underlined)
    # under learned = "review" the tagger's spans are underlined "learned", before other reasons
    ("Vi flydde till qarashal igår.", (), ("qarashal",), [("qarashal", "learned")]),
    ("Vi åt middag med Zlatimira igår.", (), ("Zlatimira",), [("Zlatimira", "learned")]),
    # ... never where a span covers the word
    ("Vi åt middag med Anna igår.", (("Anna", "firstname_female"),), ("Anna",), []),
]


@pytest.mark.parametrize(("text", "found", "tagged", "expected"), LEARNED_ROWS)
def test_the_learned_taggers_spans_are_doubts(engine: Engine, text: str,
                                              found: tuple[tuple[str, str], ...],
                                              tagged: tuple[str, ...],
                                              expected: list[tuple[str, str]]) -> None:
    spans = [Span(text.index(s), text.index(s) + len(s), label, (), 1.0, "t", s)
             for s, label in found]
    learned = [Span(text.index(s), text.index(s) + len(s), "city", (), 0.5, "learned", s)
               for s in tagged]
    doc = Doc.make(text, engine.lex, engine.spellings)
    got = [(text[d["start"]:d["end"]], d["reason"])
           for d in doubts(engine, {})(doc, spans, learned=learned)]
    assert got == expected
