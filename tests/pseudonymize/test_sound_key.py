"""No surrogate is an original written another way (pseudonymize.surrogates.forms.sound_key):
the same place or name in Swedish and English transliteration shares one consonant skeleton, and
the renderer never draws a surrogate with an original's skeleton. Invented sentences."""

from __future__ import annotations

from pathlib import Path

import pytest

from pseudonymize.engine import Engine
from pseudonymize.surrogates.forms import SOUND_MIN, sound_key

SAME = [  # two spellings of one name
    ("mahatsjkala", "Makhachkala"), ("Tjeboksary", "Cheboksary"), ("Tjeljabinsk", "Chelyabinsk"),
    ("Sjeremetjevo", "Sheremetjevo"), ("Kisjinjov", "Kishinjov"), ("Dnipro", "Dnipro"),
]
DIFFERENT = [  # names that only look alike, or differ by a number
    ("Skola nummer 112", "Skola nummer 345"), ("Kazan", "Kaspiysk"), ("Stockholm", "Stocksund"),
]


@pytest.mark.parametrize(("one", "other"), SAME)
def test_one_name_in_two_spellings_shares_a_key(one: str, other: str) -> None:
    assert sound_key(one) == sound_key(other) and len(sound_key(one)) >= SOUND_MIN


@pytest.mark.parametrize(("one", "other"), DIFFERENT)
def test_other_names_do_not(one: str, other: str) -> None:
    assert sound_key(one) != sound_key(other)


@pytest.fixture(scope="module")
def engine(offline_snapshot: Path) -> Engine:
    return Engine.load(offline_snapshot)


@pytest.mark.parametrize("strategy", ["realistic", "lifelike"])
def test_no_surrogate_is_an_original_respelt(engine: Engine, strategy: str) -> None:
    text = ("Jag kommer från Dagestan i Ryssland. Jag föddes i en by, gunib, men bodde länge i "
            "mahatsjkala och sedan i kizljar.")
    originals = {sound_key(w) for w in ("gunib", "mahatsjkala", "kizljar")}
    for seed in range(6):
        result = engine.pseudonymize(text, "e", strategy=strategy, seed=seed)
        picks = [a.pseudonym for a in result.annotations if a.label == "city"]
        assert picks and not {sound_key(p) for p in picks} & originals, (seed, picks)
