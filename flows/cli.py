"""`swepseudo` command line: parse arguments, call a flow or a library function, print a result.

Each command family lives in its own module exposing `register(subparsers)`; a command line
naming a command imports that module alone (`COMMAND_MODULES`); heavy imports (Prefect, polars)
happen inside the command functions so `swepseudo text` starts fast and the checks that can fail
(arguments, paths, snapshot, an existing release) answer before Prefect starts. `main` is the
one place errors become one line and exit statuses (see EXIT below).
"""
from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import NoReturn, TextIO

# Modules that add subcommands, in help order, with the commands each adds: a command line
# naming one of them builds that module's parsers alone (`swepseudo annotate` does not import
# the review server's or the key file's modules to read its arguments; the whole tree is a
# tenth of its start-up). A test checks the names against what each module registers.
COMMAND_MODULES = {"flows.cli_resources": ("resources",),
                   "flows.cli_engine": ("text", "annotate", "eval"),
                   "flows.cli_release": ("release", "audit", "verify", "withdraw", "demo"),
                   "flows.cli_key": ("key",),
                   "flows.cli_review": ("review",)}

DEBUG_ENV = "SWEPSEUDO_DEBUG"
# Exit statuses of every command (the README's command reference lists them per command).
OK, FAILED, USAGE, INTERNAL, INTERRUPTED, BROKEN_PIPE = 0, 1, 2, 70, 130, 141
EXIT = {OK: "success",
        FAILED: "the command ran and found a problem (named on stderr or in its report), or a "
                "file could not be read or written",
        USAGE: "bad arguments or input, refused before any work (one line on stderr)",
        INTERNAL: "an unexpected error (a bug: rerun with --debug and report it)",
        INTERRUPTED: "interrupted (Ctrl-C); nothing partial is published",
        BROKEN_PIPE: "the reader of standard output went away (e.g. `| head`), as for SIGPIPE"}


class CLIError(Exception):
    """A user-facing error: printed as one line, exit status 2."""


class Formatter(argparse.HelpFormatter):
    """Wraps prose lines of a description or epilog to the terminal, but keeps indented lines
    (examples, the exit statuses) as written."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return "\n".join(indent + line if line.startswith("  ") or not line.strip()
                         else super(Formatter, self)._fill_text(line, width, indent)
                         for line in text.splitlines())


def examples(*lines: str) -> str:
    """A man-style EXAMPLES section for a command's --help."""
    return "examples:\n" + "\n".join(f"  {line}" for line in lines)


def text_arg(value: str) -> str:
    """An option's value that becomes text in a file (an id, a learner): bytes that are not
    UTF-8 (kept by Python as lone surrogates) are a usage error, not a crash at the write."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise argparse.ArgumentTypeError(f"not UTF-8 text: {value!a}") from None
    return value


def snapshot_option(p: argparse.ArgumentParser) -> None:
    """--snapshot: the resource snapshot the engine loads (every engine-running command)."""
    p.add_argument("--snapshot", default="current", metavar="ID",
                   help="resource snapshot id or unique prefix (default: current)")


def strategy_option(p: argparse.ArgumentParser) -> None:
    """--strategy, one set of choices for every command that renders surrogates."""
    from pseudonymize.types import STRATEGIES

    p.add_argument("--strategy", choices=STRATEGIES, default="realistic",
                   help="realistic surrogates, lifelike ones (no placeholder: fiction phone "
                        "numbers, example.com), SweLL placeholders (A-stad) or tags (@city_1) "
                        "(default: realistic)")


def policy_option(p: argparse.ArgumentParser, effect: str = "") -> None:
    """--policy FILE; `effect` says what else the command does with it."""
    p.add_argument("--policy", metavar="FILE",
                   help="corpus policy (TOML; see corpus/policy.example.toml)" + effect)


def seed_option(p: argparse.ArgumentParser) -> None:
    """--seed of a batch's surrogate choice (release, review)."""
    p.add_argument("--seed", type=int, default=0,
                   help="surrogate seed: the same seed gives the same output (default 0)")


def command_group(subparsers: argparse._SubParsersAction, name: str, help: str
                  ) -> argparse._SubParsersAction:
    """A command with actions (`swepseudo resources build`): returns the actions' subparsers."""
    parser = subparsers.add_parser(name, help=help, description=help[0].upper() + help[1:] + ".")
    return parser.add_subparsers(dest="action", required=True, metavar="ACTION")


def package_version() -> str:
    # imported here: importlib.metadata is a tenth of the start-up of every command
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("swepseudo")
    except PackageNotFoundError:  # a checkout that is not installed
        from pseudonymize import __version__

        return __version__


class Version(argparse.Action):
    """--version, the installed version looked up only when asked."""

    def __init__(self, option_strings: list[str], dest: str = argparse.SUPPRESS,
                 help: str | None = None) -> None:
        super().__init__(option_strings, dest=dest, default=argparse.SUPPRESS, nargs=0,
                         help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        print(f"swepseudo {package_version()}")
        parser.exit()


def command_modules(argv: list[str] | None) -> tuple[str, ...]:
    """The modules whose parsers `argv` needs: the one adding its command (the first word not
    an option: the root's options take no value), or all of them (no command, `help`, a
    misspelt one: the root's help and errors list every command)."""
    command = next((word for word in argv or () if not word.startswith("-")), None)
    return next(((name,) for name, commands in COMMAND_MODULES.items() if command in commands),
                tuple(COMMAND_MODULES))


class Parser(argparse.ArgumentParser):
    """A parser whose usage errors are one line, as every other error of the tool is (status 2
    as argparse's): the command, the reason and where the options are shown."""

    def error(self, message: str) -> NoReturn:
        command = self.prog.removeprefix("swepseudo").strip()
        where = f"{command}: " if command else ""
        self.exit(USAGE, f"swepseudo: error: {where}{' '.join(message.split())} "
                         f"(`swepseudo help{' ' + command if command else ''}` shows the options)\n")


def build_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    """The command tree: every command's parser, or only those `argv` needs (its command's,
    identical to the same parser in the whole tree)."""
    parser = Parser(
        prog="swepseudo",
        description="Pseudonymize Swedish learner essays with versioned, auditable resources.",
        epilog="`swepseudo help COMMAND` shows a command's options and examples.\n\nexit status:\n"
               + "\n".join(f"  {code:<4} {text}" for code, text in EXIT.items()))
    parser.add_argument("--version", action=Version, help="print the version and exit")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in command_modules(argv):
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            continue
        module.register(sub)
    p = sub.add_parser("help", help="show the help of swepseudo or of a command")
    p.add_argument("topic", nargs="*", metavar="COMMAND",
                   help="a command, e.g. `text` or `resources build` (default: all commands)")
    p.set_defaults(func=lambda args: show_help(parser, args.topic))
    for each in parsers(parser):
        each.formatter_class = Formatter
        add_common_options(each, is_root=each is parser)
    return parser


def parsers(parser: argparse.ArgumentParser) -> Iterator[argparse.ArgumentParser]:
    """Every parser of the command tree, the root first, depth first."""
    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for child in dict.fromkeys(action.choices.values()):  # aliases share a parser
                yield from parsers(child)


def add_common_options(parser: argparse.ArgumentParser, is_root: bool) -> None:
    """--debug and --verbose, accepted before or after the command. Below the root they default
    to SUPPRESS so a subcommand does not reset what was given before it."""
    default = False if is_root else argparse.SUPPRESS
    group = parser.add_argument_group("output")
    group.add_argument("--debug", action="store_true", default=default,
                       help=f"print the traceback of an error (also: {DEBUG_ENV}=1)")
    group.add_argument("--verbose", action="store_true", default=default,
                       help="show Prefect's and Dask's INFO logging (default: warnings only)")


def show_help(parser: argparse.ArgumentParser, topic: list[str]) -> int:
    target = parser
    for word in topic:
        subs = [a for a in target._actions if isinstance(a, argparse._SubParsersAction)]
        if not subs or word not in subs[0].choices:
            raise CLIError(f"no command {' '.join(topic)!r}; `swepseudo help` lists them")
        target = subs[0].choices[word]
    target.print_help()
    return OK


def writable_dir(path: Path, what: str) -> None:
    """Fail now, not after minutes of work, when `path` cannot be created or written."""
    existing = path.absolute()
    while not existing.exists():
        existing = existing.parent
    if not existing.is_dir():
        raise CLIError(f"{path}: {what} cannot be a directory ({existing} is a file)")
    if not os.access(existing, os.W_OK | os.X_OK):
        raise CLIError(f"{path}: {what} is not writable ({existing})")


def corpus_policy(path: str | None):
    """The policy named by --policy, or None; an invalid one is one CLI error line, before
    anything else is read or started."""
    if path is None:
        return None
    from pseudonymize.policy import PolicyError, load  # (only with a policy: 2 % of a start-up)

    try:
        return load(Path(path))
    except PolicyError as exc:
        raise CLIError(str(exc)) from None


class Quiet:
    """`progress` where stderr is no terminal: a bar's calls (`update`, `close`, `write`, a
    `with` block) and nothing shown, without importing tqdm: its import cost 180 M
    instructions, twice the interpreter's own start-up (1.6 % of `bench_instructions.py`'s
    `swepseudo annotate`)."""

    def __enter__(self) -> Quiet:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def update(self, n: int = 1) -> None:
        """Nothing to show."""

    def close(self) -> None:
        """Nothing to close."""

    @staticmethod
    def write(s: str, file: TextIO | None = None, end: str = "\n") -> None:
        """The line, as `tqdm.write` prints it (to stdout unless `file` says otherwise)."""
        out = sys.stdout if file is None else file
        out.write(s)
        out.write(end)


def progress(total: int, desc: str, unit: str = "item"):
    """A tqdm bar on stderr when it is a terminal, silent otherwise (pipes, logs, tests:
    `Quiet`, tqdm not imported); print lines meanwhile with `bar.write`."""
    if not sys.stderr.isatty():
        return Quiet()
    from tqdm import tqdm

    return tqdm(total=total, desc=desc, unit=unit, file=sys.stderr, leave=False)


def quiet_logging(verbose: bool) -> None:
    """Prefect and Dask log at WARNING unless --verbose. Set in the environment so it reaches
    the Prefect server, Dask workers and spawned worker processes too; a user's own setting
    wins."""
    level = "INFO" if verbose else "WARNING"
    os.environ.setdefault("PREFECT_LOGGING_LEVEL", level)
    os.environ.setdefault("PREFECT_SERVER_LOGGING_LEVEL", level)
    os.environ.setdefault("DASK_LOGGING__DISTRIBUTED", level.lower())


def debugging(argv: list[str]) -> bool:
    return "--debug" in argv or os.environ.get(DEBUG_ENV, "") not in ("", "0")


def main(argv: list[str] | None = None) -> int:
    own = argv is None  # the process's own command line (not a test's call)
    argv = sys.argv[1:] if argv is None else list(argv)
    # A temporary Prefect server must not try to phone home (no network is assumed), and gets
    # time to start on a busy 2-core machine; users can still override both.
    os.environ.setdefault("PREFECT_SERVER_ANALYTICS_ENABLED", "false")
    os.environ.setdefault("PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS", "90")
    os.environ.setdefault("DO_NOT_TRACK", "1")  # Prefect's client telemetry and its notice
    try:
        args = build_parser(argv).parse_args(argv)
        quiet_logging(args.verbose)
        status = int(args.func(args) or 0)
        sys.stdout.flush()  # a closed pipe shows here, inside the handler, not at exit
        if own and getattr(args, "quick_exit", False):
            # A command that declares it (the engine's alone: its files closed, no thread or
            # exit handler of its own) ends without the interpreter's teardown, which frees
            # the lexicon's and the caches' objects one by one (70 M instructions a run).
            sys.stderr.flush()
            os._exit(status)
        return status
    except CLIError as exc:
        return _fail(f"error: {exc}", USAGE, argv)
    except BrokenPipeError:
        # Python's documented recipe: point stdout at devnull so the interpreter's final flush
        # does not raise again, and exit as a process killed by SIGPIPE would (128 + 13).
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError):  # stdout is no file (captured, replaced)
            pass
        return BROKEN_PIPE
    except KeyboardInterrupt:
        return _fail("interrupted", INTERRUPTED, argv)
    except SystemExit:
        raise  # argparse's usage errors (2) and --help/--version (0)
    except OSError as exc:  # a path that cannot be read or written, a full disk
        where = f"{exc.filename}: " if exc.filename else ""
        return _fail(f"error: {where}{exc.strerror or exc}", FAILED, argv)
    except Exception as exc:  # noqa: BLE001 - the one place a bug becomes one line
        learned = sys.modules.get("pseudonymize.learned")  # (loaded if it could have failed)
        if learned is not None and isinstance(exc, learned.LearnedError):
            return _fail(f"error: {exc}", FAILED, argv)  # no model or library: one line
        message = " ".join(str(exc).split())
        return _fail(f"internal error: {type(exc).__name__}"
                     + (f": {message}" if message else "")
                     + " (rerun with --debug for the traceback)", INTERNAL, argv)


def _fail(message: str, status: int, argv: list[str]) -> int:
    if debugging(argv):
        import traceback  # (only to debug: a sixtieth of a command's start-up)

        traceback.print_exc()
        original = getattr(sys.exc_info()[1], "original", None)  # a task's (flows.corpus)
        if isinstance(original, BaseException):
            traceback.print_exception(original)
    print(f"swepseudo: {message}", file=sys.stderr)
    return status


if __name__ == "__main__":  # `python -m flows.cli`: run the importable module, whose CLIError
    from flows import cli    # the commands raise (this file runs as __main__, a second copy)

    sys.exit(cli.main())
