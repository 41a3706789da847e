"""Build original/pseudonymized pairs for a blind judge (issue 15's believability test).

    python benchmarks/pairs.py --gold GOLD.jsonl --strategy lifelike --n 24 --out DIR \
        [--key KEY.json] [--seed 0] [--home DATA_ROOT]

Reads essays from a gold JSON Lines file ({"id", "text", "learner_id"?}), picks N at random
(seeded), pseudonymizes each with the current snapshot of the data root (a learner's essays share
a Memory, as in a release) and writes DIR/pair-01.txt ... with the two texts as "A" and "B" in a
random order per pair. Which side is the pseudonymized one goes to the answer key (default
DIR.key.json, beside DIR, never inside it), so DIR alone can be handed to the judge. Both files
hold original essays: use gold sets that may be shown, and keep the output private otherwise.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from builders.atomic import atomic_write_bytes  # noqa: E402
from builders.store import Store  # noqa: E402
from pseudonymize.engine import STRATEGIES, Engine, Memory  # noqa: E402

PROMPT = ("Each pair-NN.txt shows two versions of one learner essay, A and B. One is the original, "
          "the other had its personal details replaced. For each pair say which one was altered, "
          "your confidence (50-100 %) and how natural the altered-looking one reads (1-5).\n")


def read_gold(path: Path) -> list[dict]:
    """The gold essays (id, text, learner_id), one JSON object per line; a bad line is named."""
    out = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
            out.append({"id": str(record["id"]), "text": str(record["text"]),
                        "learner_id": str(record.get("learner_id") or "")})
        except (json.JSONDecodeError, KeyError, TypeError) as exc:
            raise SystemExit(f"{path}:{n}: expected a JSON object with id and text "
                             f"({type(exc).__name__})") from None
    return out


def make_pairs(engine: Engine, essays: list[dict], strategy: str, n: int, seed: int
               ) -> tuple[list[tuple[str, str]], dict[str, dict]]:
    """N (A, B) texts and the key {pair: {"essay", "altered": "A"|"B"}}, both seeded."""
    rng = random.Random(seed)
    chosen = sorted(rng.sample(essays, min(n, len(essays))), key=lambda e: (e["learner_id"], e["id"]))
    memories: dict[str, Memory] = {}
    done = {}
    for essay in chosen:
        memory = memories.setdefault(essay["learner_id"], Memory()) if essay["learner_id"] else None
        done[essay["id"]] = engine.pseudonymize(essay["text"], essay["id"], strategy=strategy,
                                                seed=seed, memory=memory).target
    rng.shuffle(chosen)
    pairs, key = [], {}
    for i, essay in enumerate(chosen, 1):
        altered = rng.choice("AB")
        texts = (done[essay["id"]], essay["text"]) if altered == "A" else (essay["text"],
                                                                            done[essay["id"]])
        pairs.append(texts)
        key[f"pair-{i:02d}"] = {"essay": essay["id"], "altered": altered}
    return pairs, key


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--gold", required=True, type=Path)
    p.add_argument("--strategy", choices=STRATEGIES, default="lifelike")
    p.add_argument("--n", type=int, default=24)
    p.add_argument("--out", required=True, type=Path)
    p.add_argument("--key", type=Path, help="answer key (default OUT.key.json beside OUT)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--home", type=Path, default=Path(os.environ.get("SWEPSEUDO_HOME", ".")))
    args = p.parse_args(argv)
    store = Store(args.home)
    engine = Engine.load(store.snapshot_path("current"))
    pairs, key = make_pairs(engine, read_gold(args.gold), args.strategy, args.n, args.seed)
    args.out.mkdir(parents=True, exist_ok=True)
    key_path = args.key or args.out.with_name(args.out.name + ".key.json")
    atomic_write_bytes(args.out / "README.txt", PROMPT.encode())
    for i, (a, b) in enumerate(pairs, 1):
        atomic_write_bytes(args.out / f"pair-{i:02d}.txt", f"A:\n{a.strip()}\n\nB:\n{b.strip()}\n".encode())
    atomic_write_bytes(key_path, (json.dumps({"strategy": args.strategy, "seed": args.seed,
                                              "snapshot": engine.snapshot_id, "pairs": key},
                                             indent=1) + "\n").encode())
    print(f"{len(pairs)} pairs in {args.out}; answer key {key_path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
