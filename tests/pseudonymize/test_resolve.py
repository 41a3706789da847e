"""Resolution on the offline snapshot: which further mentions of a found entity are replaced."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from pseudonymize.engine import Engine


@pytest.fixture(scope="module")
def engine(offline_snapshot: Path) -> Engine:
    return Engine.load(offline_snapshot)


def _at(text: str, word: str) -> list[int]:
    """Where `word` stands in `text` as a whole word, in exactly this case."""
    return [m.start() for m in re.finditer(rf"(?<!\w){re.escape(word)}(?!\w)", text)]


@pytest.mark.parametrize("text, replaced, kept", [
    # a name that is also an everyday word recurs only with its capital
    ("Min man heter Hans Björk. Vi har en stor björk framför huset.", ["Björk"], ["björk"]),
    ("Jag heter Rosa. Min favoritfärg är rosa.", ["Rosa"], ["rosa"]),
    ("Min man heter Hans Björk. Sedan kom Björk hem.", ["Björk"], []),
    # a name no everyday word spells recurs in any case
    ("Min son heter Mahad. Jag och mahad gick hem.", ["Mahad", "mahad"], []),
])
def test_every_further_mention_and_no_everyday_word(engine: Engine, text: str,
                                                    replaced: list[str], kept: list[str]):
    starts = {s.start for s in engine.detect(text)}
    for word in replaced:
        assert set(_at(text, word)) <= starts, word
    for word in kept:
        assert not set(_at(text, word)) & starts, word


@pytest.mark.parametrize("text, whole, label", [
    # an institution's name is its whole capitalised run: no word of it kept, no person in it
    ("Jag jobbar på Städbolaget Rena Hem i Malmö.", "Städbolaget Rena Hem", "work"),
    ("Hon jobbar på Byggfirman Ahmed Bygg AB nu.", "Byggfirman Ahmed Bygg AB", "work"),
    ("Jag jobbar på Nordic Clean Service sedan maj.", "Nordic Clean Service", "work"),
    ("Jag jobbar på Volvo Lastvagnar.", "Volvo Lastvagnar", "work"),
    # the run stops at the sentence's first word, punctuation and everyday words in capitals
    ("Till Swedbank\nJag heter Minh.", "Swedbank", "other_institution"),
    ("MIN BROR JOBBAR PÅ VOLVO I GÖTEBORG", "VOLVO", "work"),
])
def test_an_institution_is_its_whole_capitalised_run(engine: Engine, text: str, whole: str,
                                                     label: str) -> None:
    spans = [(text[s.start:s.end], s.label) for s in engine.detect(text)]
    assert (whole, label) in spans
    start = text.index(whole)
    assert not [s for s in engine.detect(text)
                if start <= s.start < start + len(whole) and text[s.start:s.end] != whole]
