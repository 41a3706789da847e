"""Build original/pseudonymized pairs for a blind judge, and score the judge (issue 15).

    python benchmarks/pairs.py --gold GOLD.jsonl --strategy lifelike --n 24 --out DIR \
        [--key KEY.json] [--pick-seed 15] [--seed 0] [--home DATA_ROOT]
    python benchmarks/pairs.py --score ANSWERS.json --key KEY.json

Build: picks N essays of a gold JSON Lines file (read as `swepseudo eval` reads it) with `random.Random(
pick_seed)`, pseudonymizes each with the current snapshot of the data root (engine seed `--seed`;
as a release does: a learner's essays share one Memory)
and writes DIR/pair-01.txt ... holding "TEXT 1" and "TEXT 2" in a random order per pair (the same
generator), and DIR/README.txt, the judge's instructions. Which text is the altered one goes to
the answer key (default DIR.key.json, beside DIR, never inside it), so DIR alone can be handed to
the judge. Both files hold original essays: use gold sets that may be shown.

Score: the judge's answers ({"pair-01": {"altered": 1|2, "confidence": 50-100, "naturalness_1":
1-5, "naturalness_2": 1-5, "clue": "..."}, ...}) against the key: how often the judge was right,
its mean confidence and the mean naturalness of the altered and of the original texts.
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
from pseudonymize.engine import STRATEGIES, Engine  # noqa: E402
from pseudonymize.evaluate import Document, GoldFormatError, as_released, read_gold  # noqa: E402

PROMPT = """\
Each pair-NN.txt holds TEXT 1 and TEXT 2: two versions of the same learner essay written by an
adult learning Swedish. In each pair exactly one version is the original and the other has had its
personal details (names, places, numbers, schools, etc.) replaced automatically by a program.
Learner spelling mistakes and lower-case names are normal in BOTH versions.

For each pair decide which text (1 or 2) is the altered one, how confident you are (50 = pure
guess, 100 = certain), and rate how natural each text reads as a genuine learner essay written by
a real person living in Sweden (1 = obviously artificial/incoherent, 5 = fully natural): whether
names fit the person and each other, places exist and fit together geographically, numbers and
ages are plausible, genders and grammar agree, nothing looks like a placeholder.

Answer as one JSON object: {"pair-01": {"altered": 1 or 2, "confidence": 50-100,
"naturalness_1": 1-5, "naturalness_2": 1-5, "clue": "short reason"}, ...}
"""


def make_pairs(engine: Engine, essays: list[Document], strategy: str, n: int, pick_seed: int,
               seed: int) -> tuple[list[tuple[str, str]], dict[str, dict]]:
    """N (TEXT 1, TEXT 2) pairs in gold order and the key {pair: {"essay", "altered": 1|2}}."""
    rng = random.Random(pick_seed)
    chosen = sorted(rng.sample(range(len(essays)), min(n, len(essays))))
    altered = {doc.id: result.target
               for doc, result in as_released(engine, essays, strategy, seed)}
    pairs, key = [], {}
    for k, index in enumerate(chosen, 1):
        essay = essays[index]
        altered_text = altered[essay.id]
        first = rng.random() < 0.5
        pairs.append((altered_text, essay.text) if first else (essay.text, altered_text))
        key[f"pair-{k:02d}"] = {"essay": essay.id, "altered": 1 if first else 2}
    return pairs, key


def score(answers: dict[str, dict], key: dict[str, dict]) -> dict[str, float]:
    """The judge's hit rate, mean confidence and mean naturalness of altered and original."""
    rows = [(answers[p], k["altered"]) for p, k in sorted(key.items()) if p in answers]
    if not rows:
        raise SystemExit("no answer matches a pair of the key")
    n = len(rows)
    return {"pairs": n, "right": sum(a["altered"] == alt for a, alt in rows),
            "confidence": sum(a["confidence"] for a, _ in rows) / n,
            "naturalness_altered": sum(a[f"naturalness_{alt}"] for a, alt in rows) / n,
            "naturalness_original": sum(a[f"naturalness_{3 - alt}"] for a, alt in rows) / n}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--gold", type=Path)
    p.add_argument("--strategy", choices=STRATEGIES, default="lifelike")
    p.add_argument("--n", type=int, default=24)
    p.add_argument("--out", type=Path)
    p.add_argument("--key", type=Path, help="answer key (default OUT.key.json beside OUT)")
    p.add_argument("--pick-seed", type=int, default=15, help="which essays, in which order")
    p.add_argument("--seed", type=int, default=0, help="the engine's seed")
    p.add_argument("--home", type=Path, default=Path(os.environ.get("SWEPSEUDO_HOME", ".")))
    p.add_argument("--score", type=Path, metavar="ANSWERS", help="score a judge's answers")
    args = p.parse_args(argv)
    if args.score:
        if not args.key:
            p.error("--score needs --key")
        key = json.loads(args.key.read_text(encoding="utf-8"))["pairs"]
        figures = score(json.loads(args.score.read_text(encoding="utf-8")), key)
        print(f"judge right {figures['right']}/{figures['pairs']} "
              f"({figures['right'] / figures['pairs']:.0%}), mean confidence "
              f"{figures['confidence']:.0f} %, naturalness altered "
              f"{figures['naturalness_altered']:.2f}, original {figures['naturalness_original']:.2f}")
        return 0
    if not (args.gold and args.out):
        p.error("building pairs needs --gold and --out")
    engine = Engine.load(Store(args.home).snapshot_path("current"))
    try:
        essays = list(read_gold(args.gold, "jsonl"))
    except (OSError, GoldFormatError) as exc:
        raise SystemExit(f"pairs: {exc}") from None
    pairs, key = make_pairs(engine, essays, args.strategy, args.n, args.pick_seed, args.seed)
    args.out.mkdir(parents=True, exist_ok=True)
    key_path = args.key or args.out.with_name(args.out.name + ".key.json")
    atomic_write_bytes(args.out / "README.txt", PROMPT.encode())
    for k, (one, two) in enumerate(pairs, 1):
        atomic_write_bytes(args.out / f"pair-{k:02d}.txt",
                           f"TEXT 1\n{one}\n\nTEXT 2\n{two}\n".encode())
    atomic_write_bytes(key_path, (json.dumps({"strategy": args.strategy, "seed": args.seed,
                                              "pick_seed": args.pick_seed,
                                              "snapshot": engine.snapshot_id, "pairs": key},
                                             indent=1) + "\n").encode())
    print(f"{len(pairs)} pairs in {args.out}; answer key {key_path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
