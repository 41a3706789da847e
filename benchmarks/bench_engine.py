"""Engine speed on MultiGED learner text: start-up, annotate and full pseudonymization + SVALA,
and `swepseudo annotate` (a process: start-up and JSON I/O included) beside a pure-Python floor
measured in the same run (regex tokenization plus one dict lookup per token), with their ratio.

    python benchmarks/bench_engine.py [--home DIR] [--repeat N] [--runs K]

Reads ../shared/data/multiged-sv (skips with a message when absent) and the current snapshot of
`--home` (default $SWEPSEUDO_HOME or the current directory). Prints tokens/s; figures go to
docs/benchmarks.md by hand, with the command used. The machine is shared: the CLI and the floor
are run alternately, K times each, and the ratio is taken per pair.
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


def floor(texts: list[str], table: dict[str, object]) -> tuple[int, float]:
    """(tokens, seconds) of the least any detector must do: tokenize with one regex and look
    every lower-cased token up in a dict."""
    t0 = time.perf_counter()
    n = 0
    get = table.get
    for text in texts:
        for m in WORD.finditer(text):
            get(m.group().lower())
            n += 1
    return n, time.perf_counter() - t0


def annotate_cli(texts: list[str], home: str) -> float:
    """Seconds of one `swepseudo annotate` process over the texts as JSON Lines."""
    with tempfile.TemporaryDirectory() as tmp:
        src, out = Path(tmp) / "in.jsonl", Path(tmp) / "out.jsonl"
        src.write_text("".join(json.dumps({"id": str(n), "text": t}, ensure_ascii=False) + "\n"
                               for n, t in enumerate(texts)), encoding="utf-8")
        exe = Path(sys.executable).with_name("swepseudo")
        t0 = time.perf_counter()
        subprocess.run([str(exe), "annotate", "--in", str(src), "--out", str(out)], check=True,
                       env={**os.environ, "SWEPSEUDO_HOME": home})
        return time.perf_counter() - t0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--home", default=os.environ.get("SWEPSEUDO_HOME", "."))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--runs", type=int, default=3, help="CLI/floor pairs")
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
    for run in range(args.runs):
        seconds = annotate_cli(texts, os.environ["SWEPSEUDO_HOME"])
        nfloor, fsec = floor(texts, table)
        cli, base = ntok / seconds, nfloor / fsec
        print(f"run {run + 1}: swepseudo annotate {cli:,.0f} tokens/s ({seconds:.2f} s); "
              f"floor {base:,.0f} tokens/s ({fsec:.2f} s); ratio {cli / base:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
