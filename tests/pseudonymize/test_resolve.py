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
