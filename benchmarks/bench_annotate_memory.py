"""Peak memory of `swepseudo annotate` on a large JSON Lines file, beside a baseline checkout.

    python benchmarks/bench_annotate_memory.py [--home DIR] [--repeat 30] [--learners 97]
        [--baseline DIR]

Writes the MultiGED text `--repeat` times as essays of `--learners` interleaved learners (a
learner's essays spread over the whole file, the hardest order for grouping them), runs one
`swepseudo annotate` process per checkout and prints each one's peak resident memory (the
kernel's maxrss of that process), its wall time and the input's size: whether the reader holds
the whole input or only one learner's essays at a time.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_engine import MULTIGED, essays  # a sibling script


def peak(cmd: list[str], env: dict[str, str], cwd: Path | None = None) -> tuple[float, float]:
    """(peak resident MB, wall seconds) of one process run to its end."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, cwd=cwd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode:
        raise SystemExit(f"{cmd[0]} failed: {proc.stderr.read().decode()[-300:]}")
    return usage.ru_maxrss / 1024, time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--home", default=os.environ.get("SWEPSEUDO_HOME", "."))
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--learners", type=int, default=97)
    parser.add_argument("--baseline", type=Path, help="another checkout measured alongside")
    args = parser.parse_args()
    if not MULTIGED.exists():
        print("skip: needs ../shared/data/multiged-sv")
        return 0
    env = {**os.environ, "SWEPSEUDO_HOME": str(Path(args.home).resolve())}
    exe = str(Path(sys.executable).with_name("swepseudo"))
    texts = essays(MULTIGED) * args.repeat
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "in.jsonl"
        with open(src, "w", encoding="utf-8") as fh:
            fh.writelines(json.dumps({"id": str(n), "learner_id": f"L{n % args.learners}",
                                      "text": text}, ensure_ascii=False) + "\n"
                          for n, text in enumerate(texts))
        cli = [exe, "annotate", "--in", str(src), "--out", str(Path(tmp) / "out.jsonl")]
        here = Path(__file__).resolve().parents[1]
        rows = [("this checkout", *peak(cli, env, here))]
        if args.baseline:
            code = args.baseline.resolve()
            rows.append((str(args.baseline), *peak(cli, {**env, "PYTHONPATH": str(code)}, code)))
        size = src.stat().st_size / 1e6
    print(f"{len(texts):,} essays of {args.learners} interleaved learners, {size:.1f} MB of "
          f"JSON Lines")
    for name, mb, seconds in rows:
        print(f"{name}: peak {mb:,.0f} MB resident, {seconds:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
