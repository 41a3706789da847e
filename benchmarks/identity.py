"""One hash of everything the engine outputs on a fixed set of texts: a speed change must leave
it unchanged (same spans, labels, attributes, scores, rules, keys, surrogates, byte for byte).

    python benchmarks/identity.py [--home DIR] [--save FILE | --check FILE]

Texts: the gold essays (tests/data/gold/essays.jsonl, heldout*.jsonl; never the blind set), the
MultiGED and Swedish NER token files of ../shared/data rebuilt into essays (skipped when absent),
each of them once more in capitals (the normalized view's all-capitals path), and a few hostile
repeats. Each text is run through `Engine.detect` and `Engine.pseudonymize` (realistic, seed 0);
the gold essays also with one `Memory` per learner. Prints the number of texts and the hash;
`--save` writes it to a file, `--check` compares with one saved earlier (exit 1 when different).
Nothing from the data is written anywhere but the hash.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_engine import essays  # noqa: E402  (a sibling script)

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("SWEPSEUDO_SHARED", REPO.parent / "shared")) / "data"
GOLD = REPO / "tests" / "data" / "gold"


def token_file(path: Path) -> list[str]:
    """Running text rebuilt from a one-token-per-line file (bench_engine's essays)."""
    if not path.exists():
        print(f"note: {path} not present, skipped", file=sys.stderr)
        return []
    return essays(path)


def gold() -> list[tuple[str, str]]:
    """(learner, text) of the gold essays; the blind set is never read."""
    rows = []
    for path in sorted(GOLD.glob("essays.jsonl")) + sorted(GOLD.glob("heldout*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                record = json.loads(line)
                rows.append((record.get("learner_id", ""), record["text"]))
    return rows


def texts() -> tuple[list[tuple[str, str]], list[str]]:
    essays = gold()
    plain = [t for _, t in essays]
    plain += token_file(SHARED / "multiged-sv" / "sv_swell_train.tsv")
    plain += token_file(SHARED / "swedish-ner" / "train_corpus.txt")
    plain += [t.upper() for t in plain[: len(plain) // 4]]
    plain += ["Anna " * 3000, "Anna och Göte\u200bborg, " * 500, "1" * 5000, "a" * 5000]
    return essays, plain


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--home", default=os.environ.get("SWEPSEUDO_HOME", "."))
    parser.add_argument("--save", help="write the hash to this file")
    parser.add_argument("--check", help="compare the hash with the one in this file")
    args = parser.parse_args()
    os.environ["SWEPSEUDO_HOME"] = str(Path(args.home).resolve())
    from builders.store import Store
    from pseudonymize.engine import Engine, Memory

    engine = Engine.load(Store().snapshot_path())
    essays, plain = texts()
    digest = hashlib.sha256()

    def feed(obj: object) -> None:
        digest.update(json.dumps(obj, ensure_ascii=False, default=list).encode() + b"\n")

    for n, text in enumerate(plain):
        feed([[s.start, s.end, s.label, s.attrs, s.score, s.rule, s.key]
              for s in engine.detect(text)])
        result = engine.pseudonymize(text, f"e{n}", strategy="realistic", seed=0)
        feed([result.target, [
            [a.start, a.end, a.label, a.attrs, a.ref, a.action, a.original, a.pseudonym,
             a.target_start, a.target_end, a.rule] for a in result.annotations]])
    memories: dict[str, Memory] = {}
    for n, (learner, text) in enumerate(essays):
        result = engine.pseudonymize(text, f"g{n}", strategy="realistic", seed=0,
                                     memory=memories.setdefault(learner, Memory(scope=learner)))
        feed([result.target, [[a.label, a.ref, a.pseudonym] for a in result.annotations]])
    found = digest.hexdigest()
    print(f"{len(plain)} texts + {len(essays)} with learner memory: {found}")
    if args.save:
        Path(args.save).write_text(found + "\n")
    if args.check:
        expected = Path(args.check).read_text().strip()
        if found != expected:
            print(f"DIFFERENT from {args.check} ({expected})")
            return 1
        print(f"identical to {args.check}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
