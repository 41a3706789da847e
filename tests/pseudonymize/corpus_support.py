"""Shared fixtures for the corpus-release tests: a tiny snapshot and a tiny batch."""
from __future__ import annotations

from pathlib import Path

import polars as pl

from builders.build import build
from builders.source import Source
from builders.store import Store

# Distinctive strings: tests assert they never reach a published file or a log.
SECRET_NAME = "Zlatimira"
SECRET_EMAIL = "zlatimira.k@example.se"

ESSAYS = {
    "e01": f"Jag heter {SECRET_NAME}. Min mejl är {SECRET_EMAIL} och jag bor i Lund.\n",
    "e02": "Jag har en katt. Skriv till anna.b@example.se om du vill!\n",
    "e03": "Min bror heter Omar och vi spelar fotboll varje vecka.\n",
}
METADATA = "essay_id,learner_id,level\ne01,L1,B1\ne02,L1,B2\ne03,L2,A2\n"


def fake_source() -> Source:
    """A packaged source with one small gazetteer (stands in for the offline build)."""
    frame = pl.DataFrame({"name": ["Anna", "Omar"], "fold": ["anna", "omar"],
                          "gender": ["female", "male"], "count": [100, 50], "rank": [1, 2],
                          "source": ["fake", "fake"]})
    return Source(name="fake", description="test names", licence="CC0", attribution="tests",
                  outputs=("first_names",), curate=lambda files, records: {"first_names": frame},
                  packaged=True, provenance=lambda: [{"package": "fake", "version": "1"}])


def make_snapshot(root: Path) -> Path:
    """Build the fake source into a store under `root`; return the snapshot JSON path."""
    store = Store(root)
    outcomes, snapshot = build([fake_source()], store)
    assert snapshot, outcomes
    return store.snapshot_path(snapshot["id"])


def make_batch(directory: Path, essays: dict[str, str] = ESSAYS,
               metadata: str | None = METADATA) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    for essay_id, text in essays.items():
        (directory / f"{essay_id}.txt").write_text(text, encoding="utf-8")
    if metadata is not None:
        (directory / "metadata.csv").write_text(metadata, encoding="utf-8")
    return directory
