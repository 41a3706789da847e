"""The key file: owner-only permissions and the passphrase encryption round trip."""
from __future__ import annotations

import stat
from pathlib import Path

import polars as pl
import pytest

from pseudonymize.corpus import keys

ROWS = pl.DataFrame({"essay_id": ["e1", "e1"], "label": ["firstname_female", "city"],
                     "ref": [1, 1], "original": ["Zlatimira", "Lund"],
                     "pseudonym": ["Maria", "Eksjö"]})


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_plain_key_is_owner_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv(keys.PASSPHRASE_ENV, raising=False)
    review = tmp_path / "review"
    review.mkdir()
    (review / "e1.json").write_text('{"source": []}')
    path = keys.write_key(tmp_path / "keys", "r1", ROWS, review)
    assert path == tmp_path / "keys" / "r1.parquet"
    assert _mode(path) == 0o600 and _mode(tmp_path / "keys") == 0o700
    graph = tmp_path / "keys" / "r1.review" / "e1.json"
    assert _mode(graph) == 0o600 and graph.read_text() == '{"source": []}'
    assert _mode(graph.parent) == 0o700 and not review.exists()  # moved, not copied
    assert keys.read_key(path).equals(ROWS)


def test_encrypted_round_trip(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv(keys.PASSPHRASE_ENV, "correct horse battery staple")
    review = tmp_path / "review"
    review.mkdir()
    (review / "e1.json").write_text('{"source": [{"id": "s0", "text": "Zlatimira "}]}')
    path = keys.write_key(tmp_path / "keys", "r1", ROWS, review, secret=keys.passphrase())
    assert path.name == "r1.parquet.enc" and _mode(path) == 0o600
    sealed = path.read_bytes()
    assert b"Zlatimira" not in sealed and b"PAR1" not in sealed
    graph = tmp_path / "keys" / "r1.review" / "e1.json.enc"
    assert b"Zlatimira" not in graph.read_bytes()
    assert b"Zlatimira" in keys.open_sealed(graph.read_bytes())
    assert keys.read_key(path).equals(ROWS)
    with pytest.raises(keys.KeyFileError, match="wrong passphrase"):
        keys.read_key(path, secret="wrong")
    monkeypatch.delenv(keys.PASSPHRASE_ENV)
    with pytest.raises(keys.KeyFileError, match=keys.PASSPHRASE_ENV):
        keys.read_key(path)
