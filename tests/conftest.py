"""Shared test helpers: locate ../shared (absent in a fresh clone) and keep Prefect quiet."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
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
