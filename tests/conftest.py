"""Shared test helpers: locate ../shared (absent in a fresh clone) and keep Prefect quiet."""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

REPO = Path(__file__).resolve().parents[1]

# Property tests draw the same examples on every run by default, so a red run names a defect a
# change brought, not one a new random draw happened on (CI failed that way once);
# HYPOTHESIS_PROFILE=explore draws new examples each run to search for more.
settings.register_profile("ci", derandomize=True, database=None)
settings.register_profile("explore", database=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
SHARED = Path(os.environ.get("SWEPSEUDO_SHARED", REPO.parent / "shared"))


def shared_path(*parts: str) -> Path:
    """A path under ../shared, skipping the calling test when it is absent."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"{path} not present (../shared is not part of a fresh clone)")
    return path


@pytest.fixture
def data_root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty SWEPSEUDO_HOME for one test."""
    monkeypatch.setenv("SWEPSEUDO_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture(scope="session")
def offline_snapshot(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The offline snapshot (packaged data only), built once per session; its JSON path."""
    from builders.build import build, select
    from builders.registry import SOURCES
    from builders.store import Store

    store = Store(tmp_path_factory.mktemp("offline-home"))
    outcomes, snapshot = build(select(SOURCES, offline=True), store)
    if snapshot is None:
        reasons = "; ".join(f"{o.source}: {o.reason}" for o in outcomes if not o.ok)
        pytest.skip(f"offline snapshot could not be built ({reasons or 'no sources'})")
    return store.snapshot_path(snapshot["id"])


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run tests/flows last. Running flows leaves Prefect's client services (event and log
    workers) as threads until the session ends; their jitter draws on the global `random`, and
    Hypothesis warns (HypothesisDeprecationWarning) when the global random state moves while it
    draws an example for a property test that happens to run later."""
    flows = REPO / "tests" / "flows"
    items.sort(key=lambda item: item.path.is_relative_to(flows))
