"""CLI failures are one line naming the path, never a traceback (no Prefect started here)."""
from __future__ import annotations

from pathlib import Path

import pytest

from flows.cli import main


# (how the data root is broken, the path the message must name)
BROKEN_ROOTS = [
    ("under a regular file", lambda tmp: (tmp / "file").write_text("") or tmp / "file" / "home",
     "file/home"),
]


@pytest.mark.parametrize("what, make, named", BROKEN_ROOTS, ids=[b[0] for b in BROKEN_ROOTS])
def test_disk_errors_are_one_line_naming_the_path(tmp_path: Path, capsys, monkeypatch, what,
                                                  make, named):
    monkeypatch.setenv("SWEPSEUDO_HOME", str(make(tmp_path)))
    assert main(["resources", "build", "--offline", "--no-prefect"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("swepseudo: error: ") and named in err[0]
    assert "Traceback" not in err[0]


def test_withdraw_without_a_release_or_secret_is_one_line(tmp_path: Path, capsys, monkeypatch):
    monkeypatch.setenv("SWEPSEUDO_HOME", str(tmp_path))
    assert main(["withdraw", str(tmp_path), "--learner", "L1"]) == 2
    assert "not a release directory" in capsys.readouterr().err


@pytest.mark.parametrize("command", [["verify"], ["withdraw", "--learner", "L1"]])
def test_a_manifest_that_is_not_json_is_one_line_exit_2(tmp_path: Path, capsys, monkeypatch,
                                                        command):
    monkeypatch.setenv("SWEPSEUDO_HOME", str(tmp_path))
    (tmp_path / "release").mkdir()
    (tmp_path / "release" / "manifest.json").write_text("[" * 100_000)
    assert main([command[0], str(tmp_path / "release"), *command[1:]]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"swepseudo: error: {tmp_path / 'release' / 'manifest.json'}: not a release "
                   f"manifest (nested too deeply)"]
