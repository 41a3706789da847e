"""Engine speed on MultiGED learner text: start-up, annotate and full pseudonymization + SVALA.

    python benchmarks/bench_engine.py [--home DIR] [--repeat N]

Reads ../shared/data/multiged-sv (skips with a message when absent) and the current snapshot of
`--home` (default $SWEPSEUDO_HOME or the current directory). Prints tokens/s; figures go to
docs/benchmarks.md by hand, with the command used.
"""
from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
MULTIGED = REPO.parent / "shared" / "data" / "multiged-sv" / "sv_swell_train.tsv"


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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--home", default=os.environ.get("SWEPSEUDO_HOME", "."))
    parser.add_argument("--repeat", type=int, default=3)
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
    return 0


if __name__ == "__main__":
    sys.exit(main())
