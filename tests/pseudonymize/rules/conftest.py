"""The engine on the offline snapshot (built once per session from installed packages)."""
from __future__ import annotations

import pytest

from builders.build import build, select
from builders.registry import SOURCES
from builders.store import Store
from pseudonymize.engine import Engine


@pytest.fixture(scope="session")
def offline_engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    store = Store(tmp_path_factory.mktemp("rules-home"))
    outcomes, snapshot = build(select(SOURCES, offline=True), store)
    if snapshot is None:
        reasons = "; ".join(f"{o.source}: {o.reason}" for o in outcomes if not o.ok)
        pytest.skip(f"offline snapshot could not be built ({reasons or 'no sources'})")
    return Engine.load(store.snapshot_path(snapshot["id"]))
