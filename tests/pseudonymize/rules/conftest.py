"""The engine on the offline snapshot (built once per session from installed packages)."""
from __future__ import annotations

from pathlib import Path

import pytest

from pseudonymize.engine import Engine


@pytest.fixture(scope="session")
def offline_engine(offline_snapshot: Path) -> Engine:
    return Engine.load(offline_snapshot)
