"""Lifelike surrogates, round 35 (lifelike38, issue 15): a workplace whose sentence (or the next)
says what is made or done there, or who works there, takes a surrogate of that trade (judge
runs 43-45: a hotel making pumps, chocolate at an engineering firm). Invented sentences, not
the gold sets'."""

from __future__ import annotations

from pathlib import Path

import pytest

from pseudonymize.engine import Engine
from pseudonymize.lexicon import fold
from pseudonymize.surrogates import institution_kinds

SEEDS = range(5)


@pytest.fixture(scope="module")
def engine(offline_snapshot: Path) -> Engine:
    return Engine.load(offline_snapshot)


def _members(kind: str) -> set[str]:
    """Folds of every name of the kind: its members and its real surrogates."""
    k = next(k for k in institution_kinds(True) if k.name == kind)
    return set(k.names) | set(k.drawn)


def _picks(engine: Engine, text: str, original: str) -> list[str]:
    out = []
    for seed in SEEDS:
        r = engine.pseudonymize(text, "e", strategy="lifelike", seed=seed)
        out += [a.pseudonym for a in r.annotations if a.original == original]
    return out


TRADES = [  # (text, the workplace, the kind its surrogate must be of)
    ("Jag jobbar på Lindgrens Mekaniska. Vi tillverkar pumpar och ventiler.",
     "Lindgrens Mekaniska", "industry"),
    ("Jag har jobbat på Bergs AB i två år som svetsare.", "Bergs AB", "industry"),
    ("Jag jobbar på Sandberg AB. Där bakar vi bröd varje morgon.", "Sandberg AB", "bakery"),
    ("Min pappa jobbar på Sötfabriken Kola, där de gör choklad.", "Sötfabriken Kola",
     "food_industry"),
    ("Jag jobbar på Lundbergs Logistik. Jag kör truck på lagret hela dagen.",
     "Lundbergs Logistik", "logistics"),
    ("Min syster jobbar på Grand Norrby. Hon är receptionist på hotellet.", "Grand Norrby",
     "hotel"),
    ("Jag fick jobb på Nilssons AB. Vi bygger hus och jag är snickare.", "Nilssons AB",
     "construction"),
    # a maker the table knows stays a maker, though "elektriker" would say a builder
    ("Jag jobbar som elektriker på Boliden i Kiruna.", "Boliden", "industry"),
    ("Han jobbar på Hägglunds och bygger stridsfordon.", "Hägglunds", "industry"),
]


@pytest.mark.parametrize(("text", "original", "kind"), TRADES)
def test_a_workplace_of_a_said_trade_takes_one_of_that_trade(
        engine: Engine, text: str, original: str, kind: str) -> None:
    """The essay says what the workplace makes or who works there: its surrogate is a
    business of that trade under every seed (never a hotel building pumps)."""
    picks = _picks(engine, text, original)
    assert picks, "the workplace is detected"
    members = _members(kind)
    assert all(fold(p) in members for p in picks), picks


NO_TRADE = [  # (text, the workplace, a kind its surrogate must not be of)
    # no word of a trade: no trade is forced on it
    ("Jag jobbar på Lindgrens Mekaniska sedan i fjol och trivs bra.", "Lindgrens Mekaniska",
     "bakery"),
    # a known member keeps its own kind, whatever the next sentence says
    ("Jag jobbar på Scandic. Vi bakar bröd till frukosten.", "Scandic", "bakery"),
]


@pytest.mark.parametrize(("text", "original", "kind"), NO_TRADE)
def test_no_trade_is_forced_without_a_word_of_it(engine: Engine, text: str, original: str,
                                                 kind: str) -> None:
    picks = _picks(engine, text, original)
    members = _members(kind)
    assert not any(fold(p) in members for p in picks), picks


def test_a_school_keeps_its_kind(engine: Engine) -> None:
    """Trade words never move a school (a nursing course stays at a school, never a firm)."""
    text = "Jag läser till undersköterska på Norrbyskolan. Vi lär oss om äldreboenden."
    picks = _picks(engine, text, "Norrbyskolan")
    assert picks and all(fold(p) not in _members("care_company") for p in picks), picks
