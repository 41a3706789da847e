"""Lifelike surrogates (lifelike52): a capitalised name no list holds that the essay bathes or
fishes in ("badade i Prut", "fiskar i Daugava") is labelled `geo` (place-context); its
surrogate is a lake or river of the surrogate country (`features_lifelike`), or the bare kind
word where the tables have none, never a town of another country (before: Atbara,
Dnipropetrovsk). Invented sentences, not the gold sets'."""

from __future__ import annotations

from pathlib import Path

import pytest

from pseudonymize.engine import Engine
from pseudonymize.lexicon import fold
from pseudonymize.surrogates import geography

SEEDS = range(6)


@pytest.fixture(scope="module")
def engine(offline_snapshot: Path) -> Engine:
    return Engine.load(offline_snapshot)


def _rows(engine: Engine, text: str, strategy: str = "lifelike"
          ) -> list[tuple[str, dict[str, tuple[str, str]]]]:
    """Per seed: the text and original -> (label, surrogate)."""
    out = []
    for seed in SEEDS:
        r = engine.pseudonymize(text, "e", strategy=strategy, seed=seed)
        out.append((r.target, {a.original: (a.label, a.pseudonym) for a in r.annotations}))
    return out


def _is_water(engine: Engine, pick: str, country: str = "") -> bool:
    """A lake or river the tables know (of `country`'s code where given), or a bare kind
    word ("floden", "älven"); never a town."""
    geo = geography(True)
    name = geo.feature_folds.get(fold(pick))
    if name is None:
        return fold(pick) in geo.kind_folds and engine.lex.get(fold(pick)).place_kind != "city"
    kind, where = geo.features[name]
    return kind in ("lake", "river") and (not country or country in where)


WATERS = [  # (text, the water, the essay's country or "")
    ("Jag kommer från Lettland. På sommaren fiskar vi i Varnuja nära byn.", "Varnuja",
     "Lettland"),
    ("Jag kommer från Ukraina. Vi badade i Dolvena, sjön var kall.", "Dolvena", "Ukraina"),
    ("Vi kommer från Moldavien. Min bror badade i Kravona varje sommar.", "Kravona",
     "Moldavien"),
    ("Min son badade i Velmarka med sin kusin hela dagen.", "Velmarka", ""),
]


@pytest.mark.parametrize(("text", "water", "country"), WATERS)
def test_a_water_bathed_in_is_a_water_of_the_country(engine: Engine, text: str, water: str,
                                                     country: str) -> None:
    for out, rows in _rows(engine, text):
        label, pick = rows[water]
        assert label == "geo", out
        iso = engine.lex.get(fold(rows[country][1])).country if country else ""
        assert _is_water(engine, pick, iso), out


def test_a_lake_said_after_it_is_a_lake(engine: Engine) -> None:
    """"i Dolvena, sjön var kall": a lake (or the bare "sjön"), never a river."""
    geo = geography(True)
    for out, rows in _rows(engine, "Jag kommer från Ukraina. Vi badade i Dolvena, sjön var "
                           "kall."):
        name = geo.feature_folds.get(fold(rows["Dolvena"][1]))
        assert name is None or geo.features[name][0] == "lake", out


@pytest.mark.parametrize("strategy", ["lifelike", "realistic"])
def test_a_water_is_never_a_town(engine: Engine, strategy: str) -> None:
    text = "Jag kommer från Lettland. På sommaren fiskar vi i Varnuja nära byn."
    for out, rows in _rows(engine, text, strategy):
        pick = rows["Varnuja"][1]
        # realistic draws from the Swedish features, some of which are districts too (the
        # island Adelsö, a district of Ekerö: its entry reads as a town first)
        entry = engine.lex.get(fold(pick))
        assert _is_water(engine, pick) or entry.place_kind == "geo" or "geo" in entry.cats, out


def test_a_town_after_i_with_no_water_verb_stays_a_town(engine: Engine) -> None:
    """The negative row: "bodde i Varnuja" is a town of the surrogate country."""
    text = "Jag kommer från Lettland. Vi bodde i Varnuja nära skogen."
    for out, rows in _rows(engine, text):
        label, pick = rows["Varnuja"]
        assert label == "city", out
        assert engine.lex.get(fold(pick)).place_country == engine.lex.get(
            fold(rows["Lettland"][1])).country, out
