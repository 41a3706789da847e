"""`swepseudo key show`: the key's owner reads original <-> pseudonym rows, decrypting when sealed.

Also `unseal`, shared with `text --memory`: the passphrase comes from SWEPSEUDO_KEY_PASSPHRASE
or, when unset and a terminal is there, from a getpass prompt; a wrong one is one clear line.
"""
from __future__ import annotations

import argparse
import csv
import getpass
import json
import sys
from pathlib import Path

from flows.cli import CLIError, command_group, examples, text_arg

FORMATS = ("table", "jsonl", "csv")


def unseal(data: bytes, path: Path) -> tuple[bytes, str | None]:
    """The plain bytes of a (possibly) sealed key file and the passphrase typed for it, if any."""
    from pseudonymize.corpus import keys

    try:
        return keys.open_sealed(data), None
    except keys.KeyFileError as exc:
        if keys.passphrase():  # the variable is set: its passphrase was wrong
            raise CLIError(f"{path}: {exc}") from None
    secret = ask_passphrase(path)
    if secret is None:
        raise CLIError(f"{path}: the file is encrypted: set {keys.PASSPHRASE_ENV}") from None
    try:
        return keys.open_sealed(data, secret), secret
    except keys.KeyFileError as exc:
        raise CLIError(f"{path}: {exc}") from None


def ask_passphrase(path: Path) -> str | None:
    """A passphrase typed on the terminal; None without one (getpass would read standard input
    instead, which may be the essay)."""
    try:
        with open("/dev/tty", "rb"):
            pass
        return getpass.getpass(f"passphrase for {path}: ")
    except (EOFError, OSError):
        return None


def cmd_show(args: argparse.Namespace) -> int:
    import io

    import polars as pl

    from pseudonymize.corpus.keys import KEY_SCHEMA

    path = Path(args.keyfile)
    if not path.is_file():
        raise CLIError(f"{path}: no such key file")
    plain, _ = unseal(path.read_bytes(), path)
    try:
        rows = pl.read_parquet(io.BytesIO(plain))
    except Exception:  # noqa: BLE001 - polars raises several types for a non-Parquet file
        raise CLIError(f"{path}: not a key file (no Parquet table)") from None
    if set(KEY_SCHEMA) - set(rows.columns):
        raise CLIError(f"{path}: not a key file (columns {', '.join(rows.columns)})")
    if args.essay:
        rows = rows.filter(pl.col("essay_id").is_in(args.essay))
        missing = sorted(set(args.essay) - set(rows["essay_id"].to_list()))
        if missing:
            print(f"swepseudo: note: no rows for essay {', '.join(missing)}", file=sys.stderr)
    records = rows.select(list(KEY_SCHEMA)).to_dicts()
    if args.format == "jsonl":
        for record in records:
            sys.stdout.write(json.dumps(record, ensure_ascii=False) + "\n")
    elif args.format == "csv":
        writer = csv.DictWriter(sys.stdout, fieldnames=list(KEY_SCHEMA), lineterminator="\n")
        writer.writeheader()
        writer.writerows(records)
    else:
        print_table(list(KEY_SCHEMA), [[str(r[c]) for c in KEY_SCHEMA] for r in records])
    return 0


def print_table(header: list[str], rows: list[list[str]]) -> None:
    widths = [max([len(h), *(len(r[i]) for r in rows)]) for i, h in enumerate(header)]
    for row in [header, *rows]:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip())


def register(subparsers: argparse._SubParsersAction) -> None:
    sub = command_group(subparsers, "key", "read a release's key (its owner only)")
    p = sub.add_parser(
        "show", help="print the key's rows (essay_id, label, ref, original, pseudonym)",
        description="Print a key's rows. An encrypted key (.enc) is opened with "
                    "SWEPSEUDO_KEY_PASSPHRASE, or a passphrase typed at the prompt when unset.",
        epilog=examples("swepseudo key show keys/<release-id>.parquet --essay essay-01",
                        "swepseudo key show keys/<release-id>.parquet.enc --format csv > key.csv"))
    p.add_argument("keyfile", metavar="KEYFILE",
                   help="keys/<release-id>.parquet, or .parquet.enc when encrypted")
    p.add_argument("--essay", nargs="+", action="extend", metavar="ID", type=text_arg,
                   help="only the rows of these essays")
    p.add_argument("--format", choices=FORMATS, default="table",
                   help="table (aligned columns), jsonl (one object per row) or csv "
                        "(default: table)")
    p.set_defaults(func=cmd_show)
