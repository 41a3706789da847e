"""Cost of a corpus policy and of the lifelike strategy, side by side with the plain engine.

    python benchmarks/bench_policy.py [--home DIR] [--repeat N]

Pseudonymizes the sample batch (corpus/sample, 32 essays) `--repeat` times with: no policy
(baseline), the documented example policy, and a policy with 1,000 keep and 1,000 replace
surfaces; then with the lifelike strategy. Prints essays/s per row, in wall time and in this
process's CPU time (steadier when other processes share the machine); timings on a shared
machine are noisy, so compare rows of one run.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from builders.store import Store  # noqa: E402
from pseudonymize.engine import Engine  # noqa: E402
from pseudonymize.policy import load, parse  # noqa: E402


def big_policy(n: int) -> bytes:
    keep = ", ".join(f'"Person{i} Efternamn{i}"' for i in range(n))
    replace = "".join(f'[[replace]]\nsurface = "Byn{i}"\nlabel = "city"\n' for i in range(n))
    return f"keep = [{keep}]\n{replace}".encode()


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--home", type=Path, default=Path(os.environ.get("SWEPSEUDO_HOME", ".")))
    p.add_argument("--repeat", type=int, default=5)
    args = p.parse_args()
    engine = Engine.load(Store(args.home).snapshot_path("current"))
    texts = [f.read_text(encoding="utf-8") for f in sorted((REPO / "corpus" / "sample").glob("*.txt"))]
    rows = [("baseline (no policy)", "realistic", None),
            ("example policy", "realistic", load(REPO / "corpus" / "policy.example.toml")),
            ("1,000 keep + 1,000 replace", "realistic", parse(big_policy(1000), "big")),
            ("lifelike, no policy", "lifelike", None)]
    for text in texts[:2]:  # warm caches
        engine.pseudonymize(text, "warm")
    print(f"{len(texts)} essays x {args.repeat}")
    for name, strategy, policy in rows:
        start, cpu = time.perf_counter(), time.process_time()
        for r in range(args.repeat):
            for i, text in enumerate(texts):
                engine.pseudonymize(text, f"e{r}-{i}", strategy=strategy, policy=policy)
        seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
        print(f"{name:30s} {len(texts) * args.repeat / seconds:8.1f} essays/s "
              f"({len(texts) * args.repeat / cpu:6.1f} a CPU second)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
