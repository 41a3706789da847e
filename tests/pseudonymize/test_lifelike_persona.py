"""Lifelike names, persona and numbers a sceptical reader cannot fault (issue 15; lifelike27's
round on the judge's clues of that kind, reproduced in my own phrasings over seeds 0-7, never
read from the blind sets). Each row failed on the code before it."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from pseudonymize.engine import Engine, Memory
from pseudonymize.types import Result

SEEDS = range(8)


@pytest.fixture(scope="module")
def engine(offline_snapshot: Path) -> Engine:
    return Engine.load(offline_snapshot)


def run(engine: Engine, text: str, seed: int) -> Result:
    return engine.pseudonymize(text, "e1", strategy="lifelike", seed=seed, memory=Memory())


def _kept(r: Result, originals: tuple[str, ...]) -> None:
    """Each original is in the output as written (a limit, a feast, a word the text keeps)."""
    for original in originals:
        assert original in r.target, (original, r.target)


def _moved(r: Result, originals: tuple[str, ...]) -> None:
    """Each original is gone from the output (a person's own age, name)."""
    for original in originals:
        assert original not in r.target, (original, r.target)


ROWS: list[tuple[str, tuple[str, ...], Callable[[Result, tuple[str, ...]], None]]] = [
    # an age people in general reach is the law's limit, not a person's age
    ("I Sverige nästan alla unga vill ta körkort när de fyller arton. Det är dyrt.",
     ("fyller arton",), _kept),
    ("Man får rösta när man blir 18 år.", ("blir 18",), _kept),
    ("Barnen får börja jobba när de fyllt 16.", ("fyllt 16",), _kept),
    ("Min dotter vill ta körkort när hon fyller arton.", ("fyller arton",), _moved),
]


@pytest.mark.parametrize(("text", "originals", "holds"), [
    pytest.param(*row, id=f"{row[2].__name__}-{i}") for i, row in enumerate(ROWS)])
def test_names_persona_and_numbers_hold(engine: Engine, text: str, originals: tuple[str, ...],
                                        holds: Callable[[Result, tuple[str, ...]], None]) -> None:
    for seed in SEEDS:
        holds(run(engine, text, seed), originals)
