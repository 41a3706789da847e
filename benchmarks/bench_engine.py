"""Engine speed on MultiGED learner text: start-up, annotate and full pseudonymization + SVALA,
and `swepseudo annotate` (a process: start-up and JSON I/O included) beside a pure-Python floor
measured in the same run (regex tokenization plus one dict lookup per token), with their ratio.

    python benchmarks/bench_engine.py [--home DIR] [--repeat N] [--runs K] [--baseline DIR]

Reads ../shared/data/multiged-sv (skips with a message when absent) and the current snapshot of
`--home` (default $SWEPSEUDO_HOME or the current directory). Prints tokens/s; figures go to
docs/benchmarks.md by hand, with the command used. The machine is shared: the CLI and the floor
are run alternately, K times each, and the ratio is taken per pair. `--baseline DIR` (a checkout
of another commit, e.g. `git worktree add /tmp/base main`) runs that checkout's `swepseudo
annotate` too, right before each run of this one, with its ratio to the same floor.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("SWEPSEUDO_SHARED", REPO.parent / "shared"))
MULTIGED = SHARED / "data" / "multiged-sv" / "sv_swell_train.tsv"
WORD = re.compile(r"\w+|[^\w\s]")


def essays(path: Path, per_essay: int = 15) -> list[str]:
    """Rebuild running text from the token file, `per_essay` sentences per essay."""
    sentences, current = [], []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            if current:
                sentences.append(" ".join(current))
                current = []
            continue
        current.append(line.split("\t")[0])
    return [" ".join(sentences[i:i + per_essay]) for i in range(0, len(sentences), per_essay)]


def floor(texts: list[str], table: dict[str, object]) -> tuple[int, float, float]:
    """(tokens, seconds, CPU seconds) of the least any detector must do: tokenize with one
    regex and look every lower-cased token up in a dict."""
    t0, c0 = time.perf_counter(), time.process_time()
    n = 0
    get = table.get
    for text in texts:
        for m in WORD.finditer(text):
            get(m.group().lower())
            n += 1
    return n, time.perf_counter() - t0, time.process_time() - c0


def child_cpu() -> float:
    """CPU seconds (user + system) of the finished child processes so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def annotate_cli(texts: list[str], home: str, code: Path | None = None) -> tuple[float, float]:
    """(seconds, CPU seconds) of one `swepseudo annotate` process over the texts as JSON Lines;
    `code`: run the engine and CLI of that checkout instead of this one (same interpreter and
    packages)."""
    env = {**os.environ, "SWEPSEUDO_HOME": home}
    if code is not None:
        env["PYTHONPATH"] = str(code)
    with tempfile.TemporaryDirectory() as tmp:
        src, out = Path(tmp) / "in.jsonl", Path(tmp) / "out.jsonl"
        src.write_text("".join(json.dumps({"id": str(n), "text": t}, ensure_ascii=False) + "\n"
                               for n, t in enumerate(texts)), encoding="utf-8")
        exe = Path(sys.executable).with_name("swepseudo")
        t0, c0 = time.perf_counter(), child_cpu()
        subprocess.run([str(exe), "annotate", "--in", str(src), "--out", str(out)], check=True,
                       env=env, cwd=code)
        return time.perf_counter() - t0, child_cpu() - c0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--home", default=os.environ.get("SWEPSEUDO_HOME", "."))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--runs", type=int, default=3, help="CLI/floor pairs")
    parser.add_argument("--baseline", type=Path, help="another checkout measured alongside")
    args = parser.parse_args()
    if not MULTIGED.exists():
        print(f"skip: {MULTIGED} not present")
        return 0
    os.environ["SWEPSEUDO_HOME"] = str(Path(args.home).resolve())
    t0 = time.perf_counter()
    from builders.store import Store
    from pseudonymize.engine import Engine
    from pseudonymize.svala import to_svala
    from pseudonymize.tokenize import tokenize

    path = Store().snapshot_path()
    t1 = time.perf_counter()
    engine = Engine.load(path)
    t2 = time.perf_counter()
    texts = essays(MULTIGED) * args.repeat
    ntok = sum(len(tokenize(t)) for t in texts)
    t3 = time.perf_counter()
    for text in texts:
        engine.detect(text)
    t4 = time.perf_counter()
    for n, text in enumerate(texts):
        to_svala(engine.pseudonymize(text, str(n)), side="pseudonymized")
    t5 = time.perf_counter()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"snapshot {engine.snapshot_id}: {len(texts)} essays, {ntok} tokens")
    print(f"imports {t1 - t0:.2f} s; engine start-up (compiled, cached) {t2 - t1:.2f} s")
    print(f"annotate: {ntok / (t4 - t3):,.0f} tokens/s ({t4 - t3:.2f} s)")
    print(f"pseudonymize + SVALA: {ntok / (t5 - t4):,.0f} tokens/s ({t5 - t4:.2f} s)")
    print(f"peak RSS {rss:.0f} MB")
    table = dict.fromkeys(engine.lex.entries)  # a dict of the lexicon's size
    print("tokens/s in wall time (CPU time in brackets: steadier when others share the machine)")
    for run in range(args.runs):
        before = annotate_cli(texts, os.environ["SWEPSEUDO_HOME"], args.baseline.resolve()) \
            if args.baseline else None
        seconds, cpu = annotate_cli(texts, os.environ["SWEPSEUDO_HOME"])
        nfloor, fsec, fcpu = floor(texts, table)
        print(f"run {run + 1}: swepseudo annotate {ntok / seconds:,.0f} ({ntok / cpu:,.0f}) "
              f"tokens/s, {seconds:.2f} s; floor {nfloor / fsec:,.0f} ({nfloor / fcpu:,.0f}) "
              f"tokens/s, {fsec:.2f} s; ratio {ntok / seconds / (nfloor / fsec):.3f} "
              f"({ntok / cpu / (nfloor / fcpu):.3f})")
        if before is not None:
            print(f"       baseline {args.baseline}: {ntok / before[0]:,.0f} "
                  f"({ntok / before[1]:,.0f}) tokens/s, {before[0]:.2f} s; "
                  f"ratio {ntok / before[0] / (nfloor / fsec):.3f} "
                  f"({ntok / before[1] / (nfloor / fcpu):.3f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
