"""Command-line answers that should come at once: start-up and refusing an existing release.

    python benchmarks/bench_cli.py [--repeat 3]

In a temporary SWEPSEUDO_HOME: builds the offline snapshot, releases corpus/sample/ without
Prefect, then times, each in a fresh process and side by side in the same run:
  * `swepseudo --version` (start-up and parser),
  * `swepseudo release corpus/sample` on the existing release: the early check, before Prefect,
  * the same refusal reached through the flow (`flows.cli_release._release`, what the CLI did
    before the early check): a temporary Prefect server starts, the flow's prepare task raises.
Prints the median wall time and the stderr lines of each. The load average at the start says
whether other work shared the cores.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SAMPLE = REPO / "corpus" / "sample"
FLOW_PATH = ("import sys; from pathlib import Path; from flows.cli import main; "
             "from flows import cli_release as c; "
             "c.preflight = lambda batch, out, *a: ('current', None); "
             "sys.exit(main(sys.argv[1:]))")


def timed(argv: list[str], env: dict[str, str]) -> tuple[float, int, int]:
    """(wall seconds, exit status, stderr lines) of one fresh process."""
    start = time.perf_counter()
    proc = subprocess.run(argv, env=env, cwd=REPO, capture_output=True, text=True, timeout=600)
    return time.perf_counter() - start, proc.returncode, len(proc.stderr.splitlines())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per command (default 3)")
    args = parser.parse_args()
    home = Path(tempfile.mkdtemp(prefix="bench-cli-"))
    try:
        env = {**os.environ, "SWEPSEUDO_HOME": str(home)}
        subprocess.run([sys.executable, "-m", "flows.cli", "resources", "build", "--offline",
                        "--no-prefect"], env=env, cwd=REPO, check=True, capture_output=True)
        from builders.store import Store, code_revision
        from pseudonymize.corpus.release import release

        os.environ["SWEPSEUDO_HOME"] = str(home)
        out = home / "releases"
        release(SAMPLE, out, Store(home).snapshot_path(), home / "keys",
                code_revision=code_revision())
        commands = {
            "swepseudo --version": [sys.executable, "-m", "flows.cli", "--version"],
            "release, existing (early check)": [sys.executable, "-m", "flows.cli", "release",
                                                str(SAMPLE), "--out", str(out)],
            "release, existing (through the flow)": [sys.executable, "-c", FLOW_PATH, "release",
                                                     str(SAMPLE), "--out", str(out)],
        }
        print(f"load average at start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; "
              f"median of {args.repeat} fresh processes")
        print(f"{'command':<40} {'wall s':>8} {'exit':>5} {'stderr lines':>13}")
        for name, argv in commands.items():
            runs = [timed(argv, env) for _ in range(args.repeat)]
            wall = statistics.median(r[0] for r in runs)
            print(f"{name:<40} {wall:>8.2f} {runs[-1][1]:>5} {runs[-1][2]:>13}")
    finally:
        shutil.rmtree(home, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
