"""`swepseudo` command line: parse arguments, call a flow or a library function, print a result.

Each command family lives in its own module exposing `register(subparsers)`; heavy imports
(Prefect, polars) happen inside the command functions so `swepseudo text` starts fast.
"""
from __future__ import annotations

import argparse
import importlib
import os
import sys

# Modules that add subcommands, in help order.
COMMAND_MODULES = ("flows.cli_resources", "flows.cli_engine", "flows.cli_release",
                   "flows.cli_review")


class CLIError(Exception):
    """A user-facing error: printed as one line, exit status 2."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="swepseudo",
        description="Pseudonymize Swedish learner essays with versioned, auditable resources.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            continue
        module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    # A temporary Prefect server must not try to phone home (no network is assumed), and gets
    # time to start on a busy 2-core machine; users can still override both.
    os.environ.setdefault("PREFECT_SERVER_ANALYTICS_ENABLED", "false")
    os.environ.setdefault("PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS", "90")
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except CLIError as exc:
        print(f"swepseudo: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("swepseudo: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
