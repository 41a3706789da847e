"""`swepseudo text`, `annotate` and `eval`: the engine on its own, without Prefect."""
from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path

from flows.cli import (
    CLIError,
    corpus_policy,
    examples,
    policy_option,
    progress,
    snapshot_option,
    strategy_option,
    text_arg,
    writable_dir,
)

MEMORY_FORMAT = "swepseudo-memory-1"


def _engine(snapshot: str):
    from builders.store import Store
    from pseudonymize.engine import Engine

    store = Store()
    try:
        return Engine.load(store.snapshot_path(snapshot))
    except LookupError as exc:
        raise CLIError(f"{exc} (data root {store.root})") from exc


def read_text(source: str) -> str:
    """An essay from a file or standard input ('-'), decoded as a batch essay is (UTF-8 with or
    without BOM, Latin-1/CP1252 detected); a conversion is noted on stderr."""
    from pseudonymize.corpus.batch import MAX_BYTES, decode

    name = "standard input" if source == "-" else source
    try:
        if source == "-":
            if sys.stdin.isatty():
                print("swepseudo: reading the text from the terminal; end it with Ctrl-D",
                      file=sys.stderr)
            data = sys.stdin.buffer.read(MAX_BYTES + 1)
        else:
            with open(source, "rb") as fh:
                data = fh.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise CLIError(f"{source}: no such file") from None
    except IsADirectoryError:
        raise CLIError(f"{source}: is a directory") from None
    if len(data) > MAX_BYTES:
        raise CLIError(f"{name}: over {MAX_BYTES} bytes (the limit of an essay in a batch)")
    try:
        text, _, note = decode(data)
    except ValueError as exc:
        raise CLIError(f"{name}: {exc}") from None
    if note:
        print(f"swepseudo: note: {name}: {note}", file=sys.stderr)
    return text


def text_scope(text: str) -> str:
    """The surrogate scope of a text given without --id: its content hash, so different texts
    get different surrogates and the same text (with the same seed) the same ones. The hash
    only seeds the choice; it is printed nowhere."""
    import hashlib  # (here: it loads OpenSSL, 11 M instructions of `annotate`'s start-up)

    return "sha256:" + hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


class MemoryFile:
    """A learner's surrogates across separate `text` calls: `{learner: memory}` in one JSON file,
    key material, so written atomically with mode 0600 and sealed like the key when
    SWEPSEUDO_KEY_PASSPHRASE is set (or when it was sealed and its passphrase was typed)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.secret: str | None = None
        self.learners: dict[str, dict] = {}
        if path.exists():
            from flows.cli_key import unseal  # (its module: only for a memory file)

            plain, self.secret = unseal(path.read_bytes(), path)
            try:
                data = json.loads(plain)
                if data.get("format") != MEMORY_FORMAT:
                    raise ValueError(data.get("format"))
            except (ValueError, AttributeError, UnicodeDecodeError, RecursionError):
                raise CLIError(f"{path}: not a swepseudo memory file") from None
            self.learners = data["learners"]

    def memory(self, learner: str, strategy: str, seed: int):
        from pseudonymize.engine import Memory

        entry = self.learners.get(learner)
        if entry is None:
            return Memory()
        if (entry["strategy"], entry["seed"]) != (strategy, seed):
            raise CLIError(f"{self.path}: learner {learner!r} was pseudonymized with --strategy "
                           f"{entry['strategy']} --seed {entry['seed']}; use the same options")
        return Memory.from_json(entry)

    def save(self, learner: str, strategy: str, seed: int, memory) -> None:
        from builders.atomic import atomic_write_bytes
        from pseudonymize.corpus import keys

        self.learners[learner] = {"strategy": strategy, "seed": seed, **memory.to_json()}
        data = json.dumps({"format": MEMORY_FORMAT, "learners": self.learners},
                          ensure_ascii=False, sort_keys=True).encode()
        sealer = keys.Sealer(keys.passphrase() or self.secret)
        atomic_write_bytes(self.path, sealer.seal(data), private=True)


def _text(args: argparse.Namespace) -> int:
    from pseudonymize.engine import Memory
    from pseudonymize.svala import to_svala

    policy = corpus_policy(args.policy)
    if args.memory and not args.learner:
        raise CLIError("--memory needs --learner (whose surrogates it keeps)")
    memories = MemoryFile(Path(args.memory)) if args.memory else None  # fails before any work
    text = read_text(args.file)
    engine = _engine(args.snapshot)
    memory = (memories.memory(args.learner, args.strategy, args.seed) if memories
              else Memory())
    # the draws' scope: the essay id when given (as in a release), else the text's hash
    memory.scope = "" if args.id else text_scope(text)
    result = engine.pseudonymize(text, args.id or "stdin", strategy=args.strategy,
                                 seed=args.seed, memory=memory, policy=policy)
    if memories:
        memories.save(args.learner, args.strategy, args.seed, memory)
    if args.format == "svala":
        json.dump(to_svala(result, side="pseudonymized"), sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
    elif args.format == "spans":
        json.dump(result.span_records(), sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(result.target)
    return 0


def _record(path: str, n: int, raw: bytes) -> dict:
    """Line `n` of a JSON Lines file as its `{"id", "text", ...}` object; a bad line is one
    CLIError naming the file, the line and the reason."""
    from pseudonymize.corpus.batch import holds_lone_surrogate

    try:
        record = json.loads(raw.decode("utf-8"))
        record["id"] = str(record["id"])
        if not isinstance(record["text"], str):
            raise TypeError("text")
        if holds_lone_surrogate(raw, record):
            raise CLIError(f"{path}:{n}: a lone surrogate escape such as \\ud800 (not text)")
    except UnicodeDecodeError:
        raise CLIError(f"{path}:{n}: not UTF-8 (JSON Lines must be UTF-8)") from None
    except (json.JSONDecodeError, KeyError, TypeError) as exc:
        raise CLIError(f"{path}:{n}: expected a JSON object with id and text "
                       f"({type(exc).__name__})") from exc
    return record


HOLD_BYTES = 32 * 2**20  # a file up to this size is parsed once and held (see Records)


class Records:
    """A JSON Lines file of essays, never held whole when it is large: the first pass checks
    every line before any work and keeps each record's place, id and learner (`index`), and the
    records themselves only for a file of at most `hold` bytes; `learners` then gives one
    learner's essays at a time, read again from the file when they were not held. A corpus
    larger than memory can be annotated, a small file is parsed once (a second `json.loads` of
    every line cost 0.5 % of `bench_instructions.py`), and a bad line fails before any work."""

    def __init__(self, path: str, hold: int = HOLD_BYTES) -> None:
        self.path = path
        # (byte offset, line number, id, learner) of each record, in the file's order
        self.index: list[tuple[int, int, str, str]] = []
        with open(path, "rb") as fh:
            self.held: list[dict] | None = [] if os.fstat(fh.fileno()).st_size <= hold else None
            offset = 0
            for n, raw in enumerate(fh, 1):
                start, offset = offset, offset + len(raw)
                if n == 1 and raw.startswith(b"\xef\xbb\xbf"):  # a byte-order mark
                    raw, start = raw[3:], start + 3
                if raw.strip():
                    record = _record(path, n, raw)
                    self.index.append((start, n, record["id"],
                                       str(record.get("learner_id") or "")))
                    if self.held is not None:
                        self.held.append(record)

    def learners(self) -> Iterator[tuple[int, dict]]:
        """(position, record) by learner (a learner's essays in the file's order, wherever they
        stand in it); a file changed since `index` read it is an error, not a wrong output."""
        order = sorted(range(len(self.index)), key=lambda k: self.index[k][3])
        if self.held is not None:
            yield from ((k, self.held[k]) for k in order)
            return
        with open(self.path, "rb") as fh:
            for k in order:
                offset, n, ident, _ = self.index[k]
                fh.seek(offset)
                record = _record(self.path, n, fh.readline())
                if record["id"] != ident:
                    raise CLIError(f"{self.path}:{n}: the file changed while it was read")
                yield k, record


def _annotate(args: argparse.Namespace) -> int:
    from pseudonymize.engine import Memory, by_learner
    from pseudonymize.labels import LABELS
    from pseudonymize.resolve import number
    from pseudonymize.types import Span

    policy = corpus_policy(args.policy)
    if not Path(args.inp).is_file():
        raise CLIError(f"{args.inp}: no such file")
    if args.out != "-":
        writable_dir(Path(args.out).parent, "--out's directory")
    records = Records(args.inp)
    engine = _engine(args.snapshot)

    def run(item: tuple[int, dict], memory: Memory) -> list[Span]:
        # as a release: a learner's essays share what each established ("Hasselfors" in one
        # essay, "hasselfors" in the next); an essay without a learner_id is its own learner
        record = item[1]
        shared = memory if record.get("learner_id") else None
        spans = engine.detect(record["text"], policy=policy, metadata=record, memory=shared)
        if shared is not None:
            number(spans, record["text"], shared.refs)
        return spans

    # the output (offsets and labels, no text) in input order; the texts one learner at a time
    lines: list[str] = [""] * len(records.index)
    with progress(len(lines), "annotate", unit="essay") as bar:
        for (k, record), spans in by_learner(records.learners(),
                                             lambda item: str(item[1].get("learner_id") or ""),
                                             run, lambda item, _: item[1]["text"]):
            lines[k] = json.dumps({"id": record["id"], "spans": [
                {"start": s.start, "end": s.end, "label": s.label, "attrs": list(s.attrs),
                 "ref": ref, "action": policy.action(s.label) if policy else LABELS[s.label].action}
                for s, ref in zip(spans, number(spans, record["text"]))]}, ensure_ascii=False) + "\n"
            bar.update()
    if args.out == "-":
        sys.stdout.writelines(lines)
    else:
        from builders.atomic import atomic_write_bytes
        atomic_write_bytes(Path(args.out), "".join(lines).encode("utf-8"))
    print(f"annotated {len(lines)} essays", file=sys.stderr)
    return 0


def _eval(args: argparse.Namespace) -> int:
    from pseudonymize import evaluate

    if not Path(args.gold).is_file():
        raise CLIError(f"{args.gold}: no such file")
    engine = _engine(args.snapshot)
    try:
        if args.format == "multiged" and args.slots:
            docs = evaluate.read_multiged(Path(args.gold), Path(args.slots))
        else:
            docs = evaluate.read_gold(Path(args.gold), args.format)
        report = evaluate.evaluate(engine, docs, args.format, strategy=args.strategy)
    except evaluate.GoldFormatError as exc:
        raise CLIError(str(exc)) from exc
    print(evaluate.format_report(report))
    if args.by_rule:
        print()
        print(evaluate.format_rules(report))
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "text", help="pseudonymize one text (stdin or a file) to stdout",
        description="Pseudonymize one text. Input is decoded as a batch essay is: UTF-8 with or "
                    "without BOM, Latin-1/CP1252 detected and converted (noted on stderr).\n"
                    "Without --id a text's surrogates are seeded by --seed and a hash of the "
                    "text: the same text gives the same output, different texts different "
                    "surrogates.",
        epilog=examples(
            'echo "Jag heter Amina och bor i Göteborg." | swepseudo text',
            "swepseudo text essay.txt --strategy placeholder --seed 7",
            "swepseudo text essay.txt --format svala > essay.svala.json",
            "swepseudo text e1.txt --learner L7 --memory L7.mem   # later: e2.txt, same "
            "surrogates"))
    p.add_argument("file", nargs="?", default="-", metavar="FILE",
                   help="the text to pseudonymize (default: standard input)")
    strategy_option(p)
    p.add_argument("--seed", type=int, default=0,
                   help="seed of the surrogate choice; the same seed gives the same output "
                        "(default: 0)")
    p.add_argument("--id", default=None, type=text_arg,
                   help="essay id: seeds the surrogate choice as in a release and names the "
                        "essay in SVALA output (default: a hash of the text, shown as 'stdin')")
    p.add_argument("--format", choices=("text", "svala", "spans"), default="text",
                   help="text: the pseudonymized text; svala: SVALA JSON graph; spans: JSON "
                        "list of the replaced and marked spans (default: text)")
    p.add_argument("--learner", metavar="ID", type=text_arg,
                   help="the learner who wrote it: with --memory, an entity keeps its "
                        "surrogate across this learner's texts (numbers restart per text)")
    p.add_argument("--memory", metavar="FILE",
                   help="learner memory file, read and updated (key material: mode 0600, "
                        "encrypted when SWEPSEUDO_KEY_PASSPHRASE is set)")
    snapshot_option(p)
    policy_option(p)
    p.set_defaults(func=_text, quick_exit=True)

    p = sub.add_parser("annotate", help="detect and label personal information (JSON Lines)",
                       epilog=examples("swepseudo annotate --in essays.jsonl --out spans.jsonl"))
    p.add_argument("--in", dest="inp", required=True, metavar="FILE",
                   help='JSON Lines, one {"id", "text"[, "learner_id"]} object per line')
    p.add_argument("--out", default="-", metavar="FILE",
                   help="JSON Lines output, one {\"id\", \"spans\"} per essay (default: stdout)")
    snapshot_option(p)
    policy_option(p)
    p.set_defaults(func=_annotate, quick_exit=True)

    p = sub.add_parser("eval", help="precision/recall/F1/F2 and leaks against a gold set",
                       epilog=examples(
                           "swepseudo eval --gold tests/data/gold/essays.jsonl --format jsonl"))
    p.add_argument("--gold", required=True, metavar="FILE", help="the gold set to compare with")
    p.add_argument("--format", choices=("jsonl", "conll", "multiged"), required=True,
                   help="gold format: jsonl (swepseudo spans), conll (NER tags) or multiged "
                        "(SweLL MultiGED TSV)")
    p.add_argument("--slots", metavar="FILE",
                   help="multiged: slot inventory TSV (default: tests/data/multiged_slots.tsv)")
    strategy_option(p)
    p.add_argument("--by-rule", action="store_true",
                   help="also print precision and recall per detection rule")
    snapshot_option(p)
    p.set_defaults(func=_eval, quick_exit=True)
