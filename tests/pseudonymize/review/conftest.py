"""A three-essay batch, its review workspace (from the tiny test engine) and a client."""
from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from pseudonymize.engine import Engine
from pseudonymize.review.app import create_app
from pseudonymize.review.workspace import Workspace, prepare
from tests.pseudonymize.corpus_support import make_batch

MISSED = "zlatimira"  # a name the engine misses (lower case, no trigger nor person's slot)
ESSAYS = {
    "e01": "Jag heter Anna och bor i Stockholm. Min mamma har cancer.\n",
    "e02": f"Vi åt middag med {MISSED} igår. Anna bor i Göteborg.\n",
    "e03": f"Igår kom ett kort från {MISSED} hem. Min vän Erik bor i Malmö.\n",
}
METADATA = "essay_id,learner_id\ne01,L1\ne02,L1\ne03,L2\n"
TOKEN = "test-token-123"


@pytest.fixture
def batch(tmp_path: Path) -> Path:
    return make_batch(tmp_path / "batch", ESSAYS, METADATA)


@pytest.fixture
def ws_path(tmp_path: Path, batch: Path, engine: Engine, engine_snapshot: Path) -> Path:
    return prepare(batch, tmp_path / "keys", engine, snapshot_path=engine_snapshot)


@pytest.fixture
def client(ws_path: Path, engine: Engine) -> TestClient:
    app = create_app(Workspace(ws_path), engine, TOKEN)
    return TestClient(app, headers={"X-Review-Token": TOKEN, "X-Reviewer": "ada"})


def span_of(view: dict, surface: str, nth: int = 0) -> dict:
    """The nth span of a view whose original text is `surface`."""
    hits = [s for s in view["spans"] if view["text"][s["start"]:s["end"]] == surface]
    return hits[nth]
