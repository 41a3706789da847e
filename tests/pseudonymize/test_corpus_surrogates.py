"""Surrogate draws in a release: a function of (seed, learner or essay, label, running number),
so shards, workers and the order essays are processed in never change a surrogate."""
from __future__ import annotations

import pytest

from pseudonymize.engine import Engine, Memory
from pseudonymize.surrogates import Draws

# (learner, essay id, text); a learner's essays share one Memory, in essay-id order
ESSAYS = [
    ("L1", "a1", "Jag heter Anna och bor i Göteborg. Min vän Erik bor i Malmö."),
    ("L1", "a2", "Anna och Erik flyttade till Västerås. Ring min telefon 070-123 45 67."),
    ("L2", "b1", "Jag heter Omar och kommer från Basra i Irak. Jag är tjugo fem år."),
    ("L2", "b2", "Omar bor i Gävle nu, nära Sara."),
    ("", "c1", "Min vän Maria bor i Stockholm och Johan i Malmö."),
]


def _release(pseudonymizer: Engine, learners: list[str], seed: int = 0) -> dict[str, str]:
    """Pseudonymize whole learners in the given order, as shards would."""
    out = {}
    for learner in learners:
        memory = Memory() if learner else None
        for owner, essay_id, text in ESSAYS:
            if owner == learner:
                result = pseudonymizer.pseudonymize(text, essay_id, seed=seed, memory=memory)
                out[essay_id] = result.target
    return out


def test_same_seed_and_essay_give_the_same_surrogates_in_any_order(
        engine: Engine) -> None:  # noqa: F811 - the fixture
    first = _release(engine, ["L1", "L2", ""])
    assert _release(engine, ["", "L2", "L1"]) == first
    assert _release(engine, ["L2"]) == {k: v for k, v in first.items() if k.startswith("b")}
    for _, essay_id, text in ESSAYS:
        assert first[essay_id] != text
    assert "Anna" not in first["a1"] and "Göteborg" not in first["a1"]
    # the learner's second essay reuses the first one's surrogates
    anna = engine.pseudonymize(ESSAYS[0][2], "a1", memory=Memory()).annotations[0].pseudonym
    assert anna in first["a2"]
    others = [_release(engine, ["L1", "L2", ""], seed) for seed in (1, 2, 3)]
    assert any(other != first for other in others)


def test_draws_depend_on_the_key_alone() -> None:
    draws = Draws(0, "e1", "city", 1)
    values = [draws.below(1000) for _ in range(10)]  # more than one digest's worth
    # pinned: the same on every platform, Python version and PYTHONHASHSEED
    assert values == [891, 372, 427, 906, 335, 60, 139, 397, 335, 110]
    again = Draws(0, "e1", "city", 1)
    assert [again.below(1000) for _ in range(10)] == values
    assert Draws(1, "e1", "city", 1).below(1000) != values[0]
    assert Draws(0, "e1", "city", 2).below(1000) != values[0]


@pytest.mark.parametrize("n", [1, 2, 5, 200])
def test_draws_cover_the_range(n: int) -> None:
    draws = Draws(7, "L1", "firstname_female", 3)
    seen = {draws.below(n) for _ in range(40 * n)}
    assert seen == set(range(n))
    assert Draws(7, "L1", "day", 1).choice(["a", "b", "c"]) in {"a", "b", "c"}
