"""`swepseudo annotate` against the pure-Python floor of bench_engine.py, counted in CPU
instructions (valgrind's cachegrind): the same figure on a busy machine as on a quiet one.

    python benchmarks/bench_instructions.py [--home DIR] [--repeat N] [--baseline DIR]
        [--policy FILE]

Counts the instructions of one `swepseudo annotate` process over the MultiGED text (start-up
and JSON I/O included, as in bench_engine.py) and of the floor loop alone (a process running
it once minus one that only prepares it), and prints their ratio: the share of the engine's
work the floor does, which is the tokens/s ratio on an otherwise idle core. `--baseline DIR`
counts another checkout's `swepseudo annotate` too; `--policy FILE` gives this checkout's run a
corpus policy (`learned = "off"`: the rules alone, without the learned tagger). Each row says
how many of the checkout's modules have up-to-date bytecode (`make bytecode`; without it every
process compiles them under PYTHONDONTWRITEBYTECODE=1). Needs valgrind; takes a few minutes.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_engine import MULTIGED, essays  # noqa: E402  (a sibling script)

REFS = re.compile(r"I\s+refs:\s+([\d,]+)")
FLOOR = """
import sys
sys.path.insert(0, {bench!r})
from bench_engine import MULTIGED, essays, floor
from builders.store import Store
from pseudonymize.lexicon import load
texts = essays(MULTIGED) * {repeat}
table = dict.fromkeys(load(Store().snapshot_path()).entries)
if {run}:
    floor(texts, table)
"""


def instructions(cmd: list[str], env: dict[str, str], cwd: Path | None = None) -> int:
    """Instructions executed by a command under cachegrind."""
    out = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no",
                          "--cachegrind-out-file=/dev/null", *cmd], env=env, cwd=cwd,
                         capture_output=True, text=True, check=True)
    return int(REFS.search(out.stderr).group(1).replace(",", ""))


def compiled(code: Path) -> str:
    """How many of a checkout's package modules have up-to-date bytecode (`make bytecode`):
    without it every process compiles them again under PYTHONDONTWRITEBYTECODE=1, and its
    start-up counts that too."""
    from importlib.util import cache_from_source

    sources = [p for pkg in ("builders", "pseudonymize", "flows")
               for p in (code / pkg).rglob("*.py")]
    fresh = sum(1 for p in sources if Path(cache_from_source(str(p))).exists()
                and Path(cache_from_source(str(p))).stat().st_mtime >= p.stat().st_mtime)
    return f"bytecode for {fresh} of {len(sources)} modules"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--home", default=os.environ.get("SWEPSEUDO_HOME", "."))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--baseline", type=Path, help="another checkout counted alongside")
    parser.add_argument("--policy", type=Path, help="a corpus policy for this checkout's run")
    args = parser.parse_args()
    if not MULTIGED.exists() or shutil.which("valgrind") is None:
        print("skip: needs ../shared/data/multiged-sv and valgrind")
        return 0
    env = {**os.environ, "SWEPSEUDO_HOME": str(Path(args.home).resolve())}
    texts = essays(MULTIGED) * args.repeat
    from pseudonymize.tokenize import tokenize

    ntok = sum(len(tokenize(t)) for t in texts)  # the engine's tokens
    nfloor = sum(len(re.findall(r"\w+|[^\w\s]", t)) for t in texts)  # the floor's
    exe = str(Path(sys.executable).with_name("swepseudo"))
    bench = str(Path(__file__).resolve().parent)
    with tempfile.TemporaryDirectory() as tmp:
        src, out = Path(tmp) / "in.jsonl", Path(tmp) / "out.jsonl"
        src.write_text("".join(json.dumps({"id": str(n), "text": t}, ensure_ascii=False) + "\n"
                               for n, t in enumerate(texts)), encoding="utf-8")
        cli = [exe, "annotate", "--in", str(src), "--out", str(out)]
        floor = (instructions([sys.executable, "-c", FLOOR.format(bench=bench, repeat=args.repeat,
                                                                   run=True)], env)
                 - instructions([sys.executable, "-c", FLOOR.format(bench=bench,
                                                                     repeat=args.repeat,
                                                                     run=False)], env))
        here = Path(__file__).resolve().parents[1]
        policy = ["--policy", str(args.policy.resolve())] if args.policy else []
        name = f"this checkout ({compiled(here)}{', ' + args.policy.name if policy else ''})"
        rows = [(name, instructions(cli + policy, env))]
        if args.baseline:
            code = args.baseline.resolve()
            rows.append((f"{args.baseline} ({compiled(code)})",
                         instructions(cli, {**env, "PYTHONPATH": str(code)}, code)))
    print(f"{len(texts)} essays, {ntok:,} tokens; floor {floor / nfloor:,.0f} instructions "
          f"per token ({nfloor:,} of its tokens)")
    for name, count in rows:  # tokens per instruction, the engine's over the floor's
        print(f"{name}: swepseudo annotate {count / ntok:,.0f} instructions per token "
              f"({count / 1e9:.2f} G); ratio {ntok / count / (nfloor / floor):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
