"""The README's Python API example runs as written, on the tiny hand-made snapshot."""
from __future__ import annotations

import re
from pathlib import Path

from builders.store import Store
from tests.pseudonymize.conftest import tiny_snapshot

README = Path(__file__).resolve().parents[2] / "README.md"


def python_example() -> str:
    section = README.read_text(encoding="utf-8").split("\n## Python API\n", 1)[1]
    section = section.split("\n## ", 1)[0]
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    assert len(blocks) == 1, "the Python API section holds one example"
    return blocks[0]


def test_readme_python_example_runs(data_root, capsys):
    tiny_snapshot(Store(data_root))
    exec(compile(python_example(), str(README), "exec"), {})  # noqa: S102 - our own README
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Jag heter ") and "Anna" not in out[0] and "Göteborg" not in out[0]
    assert [line.split()[:3] for line in out[1:]] == [["firstname_female", "1", "replace"],
                                                      ["city", "1", "replace"]]
