"""`swepseudo text`, `annotate` and `eval`: the engine on its own, without Prefect."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from flows.cli import CLIError


def _engine(snapshot: str):
    from builders.store import Store
    from pseudonymize.engine import Engine

    store = Store()
    try:
        return Engine.load(store.snapshot_path(snapshot))
    except LookupError as exc:
        raise CLIError(f"{exc} (data root {store.root})") from exc


def _policy(path: str | None):
    """The policy named by --policy, or None; an invalid one is one CLI error line."""
    from pseudonymize.policy import PolicyError, load

    if path is None:
        return None
    try:
        return load(Path(path))
    except PolicyError as exc:
        raise CLIError(str(exc)) from None


def _text(args: argparse.Namespace) -> int:
    from pseudonymize.svala import to_svala

    policy = _policy(args.policy)
    engine = _engine(args.snapshot)
    result = engine.pseudonymize(sys.stdin.read(), args.id, strategy=args.strategy, seed=args.seed,
                                 policy=policy)
    if args.format == "svala":
        json.dump(to_svala(result, side="pseudonymized"), sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
    elif args.format == "spans":
        json.dump(result.span_records(), sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(result.target)
    return 0


def _annotate(args: argparse.Namespace) -> int:
    from pseudonymize.policy import DEFAULT
    from pseudonymize.resolve import number

    policy = _policy(args.policy)
    engine = _engine(args.snapshot)
    out = sys.stdout if args.out == "-" else open(args.out, "w", encoding="utf-8")
    count = 0
    try:
        with open(args.inp, encoding="utf-8-sig") as fh:
            for n, line in enumerate(fh, 1):
                if not line.strip():
                    continue
                try:
                    record = json.loads(line)
                    essay_id, text = str(record["id"]), record["text"]
                except (json.JSONDecodeError, KeyError, TypeError) as exc:
                    raise CLIError(f"{args.inp}:{n}: expected a JSON object with id and text "
                                   f"({type(exc).__name__})") from exc
                spans = engine.detect(text)
                if policy is not None:
                    spans = policy.apply(spans, text, record, {
                        s.key: engine.lex.get(s.key).country for s in spans if s.label == "country"})
                refs = number(spans, text)
                out.write(json.dumps({"id": essay_id, "spans": [
                    {"start": s.start, "end": s.end, "label": s.label, "attrs": list(s.attrs),
                     "ref": ref, "action": (policy or DEFAULT).action(s.label)}
                    for s, ref in zip(spans, refs)]}, ensure_ascii=False) + "\n")
                count += 1
    except FileNotFoundError as exc:
        raise CLIError(f"{args.inp}: no such file") from exc
    finally:
        if out is not sys.stdout:
            out.close()
    print(f"annotated {count} essays", file=sys.stderr)
    return 0


def _eval(args: argparse.Namespace) -> int:
    from pseudonymize import evaluate

    engine = _engine(args.snapshot)
    if not Path(args.gold).exists():
        raise CLIError(f"{args.gold}: no such file")
    try:
        if args.format == "multiged" and args.slots:
            docs = evaluate.read_multiged(Path(args.gold), Path(args.slots))
        else:
            docs = evaluate.read_gold(Path(args.gold), args.format)
        report = evaluate.evaluate(engine, docs, args.format, strategy=args.strategy)
    except evaluate.GoldFormatError as exc:
        raise CLIError(str(exc)) from exc
    print(evaluate.format_report(report))
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    from pseudonymize.engine import STRATEGIES

    def policy(p: argparse.ArgumentParser) -> None:
        p.add_argument("--policy", metavar="FILE",
                       help="corpus policy (TOML; see corpus/policy.example.toml)")

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument("--snapshot", default="current", help="snapshot id or prefix (default: current)")

    p = sub.add_parser("text", help="pseudonymize stdin to stdout")
    p.add_argument("--strategy", choices=STRATEGIES, default="realistic")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--id", default="stdin", help="essay id (seeds the surrogate choice)")
    p.add_argument("--format", choices=("text", "svala", "spans"), default="text")
    common(p)
    policy(p)
    p.set_defaults(func=_text)

    p = sub.add_parser("annotate", help="detect and label personal information (JSON Lines)")
    p.add_argument("--in", dest="inp", required=True, help='JSON Lines with {"id", "text"}')
    p.add_argument("--out", default="-", help="output JSON Lines (default stdout)")
    common(p)
    policy(p)
    p.set_defaults(func=_annotate)

    p = sub.add_parser("eval", help="precision/recall/F1/F2 and leaks against a gold set")
    p.add_argument("--gold", required=True)
    p.add_argument("--format", choices=("jsonl", "conll", "multiged"), required=True)
    p.add_argument("--slots", help="multiged: slot inventory TSV (default tests/data/multiged_slots.tsv)")
    p.add_argument("--strategy", choices=STRATEGIES, default="realistic")
    common(p)
    p.set_defaults(func=_eval)
