"""`--policy FILE` on text, annotate and release: a bad policy is one error line naming the file,
line and key, given before any engine or worker starts."""
from __future__ import annotations

from pathlib import Path

import pytest

from flows.cli import main


@pytest.mark.parametrize("command", [["text"], ["annotate", "--in", "x.jsonl"],
                                     ["release", "batch", "--out", "out"]])
def test_a_bad_policy_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture,
                                  command: list[str]) -> None:
    bad = tmp_path / "policy.toml"
    bad.write_text('keep = ["Astrid Lindgren"]\n[labels.city]\nstrategy = "fancy"\n')
    code = main([*command, "--policy", str(bad)])
    err = capsys.readouterr().err
    assert code != 0
    assert err.strip().count("\n") == 0 and f"{bad}:3: labels.city.strategy" in err, err
