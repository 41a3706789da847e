"""The compiled lexicon is the same whatever the process: its sets are iterated in hash order,
which Python changes from process to process, and a lexicon cache compiled by one process
serves others (same inputs must give byte-identical output)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

SCRIPT = """
import sys
from pathlib import Path
from pseudonymize import lexicon
lex = lexicon.load(Path(sys.argv[1]), Path(sys.argv[2]))
e = lex.get("holmsund")
print(e.place_kind, list(lex.entries) == sorted(lex.entries))
"""


def test_a_word_of_two_place_kinds_compiles_alike_under_any_hash_seed(engine_snapshot: Path,
                                                                      tmp_path: Path) -> None:
    """"Holmsund" is a district and a lake's name in the tiny lexicon: the district wins in
    every process, and the entries keep one order."""
    for seed in ("1", "2", "3"):
        env = {**os.environ, "PYTHONHASHSEED": seed,
               "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
        run = subprocess.run([sys.executable, "-c", SCRIPT, str(engine_snapshot),
                              str(tmp_path / seed)], env=env, capture_output=True, text=True,
                             check=True)
        assert run.stdout.split() == ["city", "True"], seed
