"""The command line as a whole, without Prefect: help on every option, --version, `help`,
one-line errors and exit statuses for every command, a closed pipe, the release's early checks."""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from builders.store import Store, code_revision
from flows import cli_release
from flows.cli import (BROKEN_PIPE, COMMAND_MODULES, INTERNAL, USAGE, build_parser,
                       command_modules, main, parsers, quiet_logging)
from tests.pseudonymize.conftest import tiny_snapshot

REPO = Path(__file__).resolve().parents[2]
SWEPSEUDO = [sys.executable, "-m", "flows.cli"]


@pytest.fixture
def home(data_root: Path) -> Path:
    """A data root whose current snapshot is the tiny hand-made one."""
    tiny_snapshot(Store(data_root))
    return data_root


@pytest.fixture
def batch(tmp_path: Path) -> Path:
    root = tmp_path / "batch"
    root.mkdir()
    (root / "e1.txt").write_text("Jag heter Anna och bor i Göteborg.\n", encoding="utf-8")
    (root / "e2.txt").write_text("Min vän Erik bor i Malmö.\n", encoding="utf-8")
    return root


def run(capsys: pytest.CaptureFixture, *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exit_:  # argparse's usage errors, as the process would end
        code = exit_.code
    out, err = capsys.readouterr()
    return code, out, err


# --- help -----------------------------------------------------------------------------------
def test_every_option_and_command_has_help():
    missing = []
    for parser in parsers(build_parser()):
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                missing += [f"{parser.prog} {c.dest}" for c in action._choices_actions
                            if not (c.help or "").strip()]
            elif not (action.help or "").strip() or action.help == argparse.SUPPRESS:
                missing.append(f"{parser.prog} {'/'.join(action.option_strings) or action.dest}")
    assert missing == []


def test_the_walk_sees_every_command():
    progs = {p.prog for p in parsers(build_parser())}
    assert {"swepseudo text", "swepseudo release", "swepseudo resources build",
            "swepseudo key show", "swepseudo demo", "swepseudo help"} <= progs


def test_a_command_line_builds_its_commands_parsers_alone_and_the_same():
    """`COMMAND_MODULES` names the commands each module adds, and a command's parser built
    alone (`build_parser(argv)`) prints the help it has in the whole tree."""
    whole = build_parser()
    commands = next(a for a in whole._actions if isinstance(a, argparse._SubParsersAction))
    assert list(commands.choices) == [c for cs in COMMAND_MODULES.values() for c in cs] + ["help"]
    for name, names in COMMAND_MODULES.items():
        for command in names:
            assert command_modules(["--debug", command, "--help"]) == (name,)
            alone = build_parser([command])
            subs = next(a for a in alone._actions if isinstance(a, argparse._SubParsersAction))
            assert list(subs.choices) == [*names, "help"]
            assert [p.format_help() for p in parsers(subs.choices[command])] == \
                [p.format_help() for p in parsers(commands.choices[command])]
    for argv in ([], ["--version"], ["help", "text"], ["nope"]):
        assert command_modules(argv) == tuple(COMMAND_MODULES)


@pytest.mark.parametrize("command", [["text"], ["release"], ["resources", "build"]])
def test_main_jobs_have_examples(capsys, command):
    code, out, _ = run(capsys, "help", *command)
    assert code == 0
    assert out.startswith(f"usage: swepseudo {' '.join(command)}")
    examples = out.split("examples:\n", 1)[1]
    assert f"swepseudo {' '.join(command)}" in examples


def test_version(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out.strip() == "swepseudo 0.1.0"


def test_help_lists_commands_and_exit_statuses(capsys):
    code, out, _ = run(capsys, "help")
    assert code == 0
    for word in ("text", "release", "resources", "key", "demo", "help", "141", "130"):
        assert word in out


def test_help_of_an_unknown_command_is_one_line(capsys):
    code, out, err = run(capsys, "help", "resources", "nope")
    assert (code, out) == (USAGE, "")
    assert err == "swepseudo: error: no command 'resources nope'; `swepseudo help` lists them\n"


# --- one-line errors --------------------------------------------------------------------------
ERRORS = [  # (argv, fragment of the one line); {tmp} is a scratch directory
    (["text", "{tmp}/missing.txt"], "missing.txt: no such file"),
    (["text", "{batch}/e1.txt", "--snapshot", "ffff"], "ffff"),
    (["text", "--memory", "{tmp}/m.json"], "--memory needs --learner"),
    (["annotate", "--in", "{tmp}/missing.jsonl"], "missing.jsonl: no such file"),
    (["eval", "--gold", "{tmp}/gold.jsonl", "--format", "jsonl"], "gold.jsonl: no such file"),
    (["release", "{tmp}/nobatch", "--out", "{tmp}/out"], "nobatch: no such batch"),
    (["release", "{batch}", "--out", "{tmp}/out", "--strategy", "bogus"], "invalid choice: 'bogus'"),
    (["release", "{batch}", "--out", "{tmp}/out", "--workers", "0"], "--workers"),
    (["release", "{batch}", "--out", "{tmp}/out", "--snapshot", "ffff"], "ffff"),
    (["release", "{batch}", "--out", "{batch}/e1.txt/x"], "cannot be a directory"),
    (["audit", "{tmp}/missing.txt"], "missing.txt: no such file"),
    (["verify", "{tmp}"], "not a release directory"),
    (["key", "show", "{tmp}/k.parquet"], "k.parquet: no such key file"),
    (["key", "show", "{batch}/e1.txt"], "not a key file"),
    (["resources", "show", "nope"], "unknown gazetteer or source 'nope'"),
    (["resources", "diff", "ffff", "current"], "ffff"),
]


@pytest.mark.parametrize("argv,fragment", ERRORS, ids=[" ".join(a[:2]) for a, _ in ERRORS])
def test_errors_are_one_line_with_status_2(home, batch, tmp_path, capsys, monkeypatch, argv,
                                           fragment):
    monkeypatch.setattr(cli_release, "_release", _no_flow)
    argv = [a.format(tmp=tmp_path, batch=batch) for a in argv]
    code, out, err = run(capsys, *argv)
    assert code == USAGE
    assert err.count("\n") == 1 and err.startswith("swepseudo: error: ") and fragment in err
    assert "Traceback" not in err


def test_resources_list_without_snapshot_is_one_line(data_root, capsys):
    code, _, err = run(capsys, "resources", "list")
    assert code == USAGE and err.count("\n") == 1 and "no snapshot yet" in err


def test_unexpected_error_is_one_line_unless_debugging(home, capsys, monkeypatch):
    def boom(args):
        raise RuntimeError("something\nbroke")

    monkeypatch.setattr("flows.cli_resources.cmd_list", boom)
    code, _, err = run(capsys, "resources", "list")
    assert code == INTERNAL
    assert err == ("swepseudo: internal error: RuntimeError: something broke "
                   "(rerun with --debug for the traceback)\n")
    for argv in (["resources", "list", "--debug"], ["--debug", "resources", "list"]):
        code, _, err = run(capsys, *argv)
        assert code == INTERNAL and err.startswith("Traceback") and "RuntimeError" in err
    monkeypatch.setenv("SWEPSEUDO_DEBUG", "1")
    code, _, err = run(capsys, "resources", "list")
    assert code == INTERNAL and err.startswith("Traceback")


# argparse's own errors: one line too, naming the command and where its options are shown
USAGE_ERRORS = [
    (["text", "--format", "xml"], "swepseudo: error: text: argument --format: invalid choice: 'xml'"),
    (["review", "prepare"], "swepseudo: error: review prepare: the following arguments are "
                            "required: BATCH, --keys (`swepseudo help review prepare`"),
    (["nope"], "swepseudo: error: argument COMMAND: invalid choice: 'nope'"),
    (["release", "b", "--out", "o", "--workers", "two"],
     "swepseudo: error: release: argument --workers: invalid int value: 'two'"),
    # an id or learner of bytes that are not UTF-8 (before: an internal error at the write)
    (["text", "--id", "x\udcff"],
     "swepseudo: error: text: argument --id: not UTF-8 text: 'x\\udcff'"),
    (["text", "--learner", "x\udcff", "--memory", "m"],
     "swepseudo: error: text: argument --learner: not UTF-8 text"),
    (["withdraw", "r", "--learner", "x\udcff"],
     "swepseudo: error: withdraw: argument --learner: not UTF-8"),
    (["key", "show", "k", "--essay", "x\udcff"],
     "swepseudo: error: key show: argument --essay: not UTF-8"),
]


@pytest.mark.parametrize("argv,start", USAGE_ERRORS, ids=[" ".join(a[:2]) for a, _ in USAGE_ERRORS])
def test_usage_errors_are_one_line_with_argparse_status(capsys, argv, start):
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    err = capsys.readouterr().err
    assert exit_.value.code == 2
    assert err.startswith(start) and err.count("\n") == 1


# --- early checks of a release ---------------------------------------------------------------
def _no_flow(*args, **kwargs):
    raise AssertionError("the flow started although an early check should have failed")


def test_existing_release_is_refused_before_the_flow(home, batch, tmp_path, capsys, monkeypatch):
    from pseudonymize.corpus.release import release

    store = Store(home)
    summary = release(batch, tmp_path / "out", store.snapshot_path(), home / "keys",
                      code_revision=code_revision())
    monkeypatch.setattr(cli_release, "_release", _no_flow)
    code, out, err = run(capsys, "release", str(batch), "--out", str(tmp_path / "out"))
    assert code == USAGE and out == ""
    assert err == (f"swepseudo: error: {summary['path']}: this release already exists (same "
                   f"inputs, snapshot, seed and code); check it with `swepseudo verify "
                   f"{summary['path']}`\n")
    # another seed is another release: the flow is called
    code, _, err = run(capsys, "release", str(batch), "--out", str(tmp_path / "out"),
                       "--seed", "1")
    assert code == INTERNAL and "the flow started" in err


def test_keys_directory_that_cannot_be_made_is_refused(home, batch, tmp_path, capsys,
                                                       monkeypatch):
    monkeypatch.setattr(cli_release, "_release", _no_flow)
    code, _, err = run(capsys, "release", str(batch), "--out", str(tmp_path / "out"),
                       "--keys", str(batch / "e1.txt" / "keys"))
    assert code == USAGE
    assert err.endswith(f"the keys directory cannot be a directory ({batch / 'e1.txt'} is a "
                        "file)\n")
    assert not (tmp_path / "out").exists()


# --- a closed pipe ----------------------------------------------------------------------------
def _pipeline(command: str, home: Path, tmp_path: Path) -> tuple[int, bytes, str]:
    """`command | head -c1` in bash with pipefail: (status of the pipeline, head's output,
    swepseudo's stderr)."""
    err = tmp_path / "stderr"
    proc = subprocess.run(["bash", "-c", f"set -o pipefail; {command} 2>{err} | head -c1"],
                          capture_output=True, cwd=REPO, timeout=120,
                          env={**os.environ, "SWEPSEUDO_HOME": str(home)})
    return proc.returncode, proc.stdout, err.read_text()


def test_closed_pipe_ends_quietly(home, tmp_path):
    essay = tmp_path / "long.txt"
    essay.write_text("Jag heter Anna och bor i Göteborg med Erik.\n" * 3000, encoding="utf-8")
    code, out, err = _pipeline(f"{' '.join(SWEPSEUDO)} text --format svala {essay}", home,
                               tmp_path)
    assert (code, out, err) == (BROKEN_PIPE, b"{", "")


def test_broken_pipe_status_is_reported_by_main(capsys, monkeypatch):
    def closed(args):
        raise BrokenPipeError

    monkeypatch.setattr("flows.cli_resources.cmd_list", closed)
    assert main(["resources", "list"]) == BROKEN_PIPE
    assert capsys.readouterr().err == ""


def test_json_listing_is_valid(home, capsys):
    code, out, _ = run(capsys, "resources", "list", "--json")
    assert code == 0 and json.loads(out)["current"] == Store(home).current_snapshot_id()


def test_annotate_publishes_its_output_only_when_complete(home, tmp_path, capsys):
    good = '{"id": "a", "text": "Jag heter Anna."}\n'
    (tmp_path / "in.jsonl").write_text(good + "not json\n", encoding="utf-8")
    out = tmp_path / "new" / "spans.jsonl"
    code, _, err = run(capsys, "annotate", "--in", str(tmp_path / "in.jsonl"), "--out", str(out))
    assert code == USAGE and "in.jsonl:2: expected a JSON object" in err
    assert not out.parent.exists()  # read whole before any work: neither file nor temporary
    (tmp_path / "in.jsonl").write_text(good, encoding="utf-8")
    code, _, err = run(capsys, "annotate", "--in", str(tmp_path / "in.jsonl"), "--out", str(out))
    assert code == 0 and err == "annotated 1 essays\n"
    assert [json.loads(line)["id"] for line in out.read_text().splitlines()] == ["a"]
    assert [p.name for p in out.parent.iterdir()] == ["spans.jsonl"]


def test_annotate_shares_what_a_learners_essays_establish(home, tmp_path, capsys):
    """A name one essay of a learner establishes ("heter Zlatimira") is found in lower case in
    the learner's other essays, before or after it and wherever they stand in the file, as a
    release finds it; not in an essay of another learner or without a learner_id."""
    rows = [("a", "L1", "Jag ser zlatimira."),
            ("x", "L2", "Jag ser zlatimira."),
            ("b", "L1", "Min dotter heter Zlatimira."),
            ("c", None, "Jag ser zlatimira."),
            ("d", "L1", "Jag ser zlatimira.")]
    (tmp_path / "in.jsonl").write_text("".join(json.dumps(
        {"id": i, "text": t, **({"learner_id": who} if who else {})}) + "\n"
        for i, who, t in rows), encoding="utf-8")
    code, out, _ = run(capsys, "annotate", "--in", str(tmp_path / "in.jsonl"))
    found = {r["id"]: [(texts[r["id"]][s["start"]:s["end"]], s["ref"]) for s in r["spans"]]
             for texts in [{i: t for i, _, t in rows}] for r in map(json.loads, out.splitlines())}
    assert code == 0 and list(found) == ["a", "x", "b", "c", "d"]
    assert found["b"] == [("Zlatimira", 1)]
    assert found["a"] == found["d"] == [("zlatimira", 1)]
    assert found["x"] == found["c"] == []


def test_an_engine_command_in_its_own_process_ends_with_its_output(home, tmp_path, capsys):
    """`annotate` and `text` end their own process without the interpreter's teardown
    (`quick_exit`): status, stderr, the file and standard output are those of the same
    commands run in-process."""
    (tmp_path / "in.jsonl").write_text('{"id": "a", "text": "Jag heter Anna och bor i '
                                       'Göteborg."}\n', encoding="utf-8")
    (tmp_path / "e.txt").write_text("Jag heter Anna och bor i Göteborg.\n", encoding="utf-8")
    env = {**os.environ, "SWEPSEUDO_HOME": str(home)}
    annotate = ["annotate", "--in", str(tmp_path / "in.jsonl"), "--out"]
    own = subprocess.run([*SWEPSEUDO, *annotate, str(tmp_path / "own.jsonl")], cwd=REPO,
                         capture_output=True, text=True, timeout=120, env=env)
    assert run(capsys, *annotate, str(tmp_path / "in-process.jsonl")) == \
        (own.returncode, own.stdout, own.stderr) == (0, "", "annotated 1 essays\n")
    assert (tmp_path / "own.jsonl").read_bytes() == \
        (tmp_path / "in-process.jsonl").read_bytes() != b""
    own = subprocess.run([*SWEPSEUDO, "text", str(tmp_path / "e.txt")], cwd=REPO,
                         capture_output=True, text=True, timeout=120, env=env)
    assert run(capsys, "text", str(tmp_path / "e.txt")) == (own.returncode, own.stdout, "")
    assert own.returncode == 0 and "Anna" not in own.stdout


def test_a_data_root_that_cannot_be_made_is_refused_before_building(tmp_path, capsys,
                                                                    monkeypatch):
    (tmp_path / "file").write_text("x")
    monkeypatch.setenv("SWEPSEUDO_HOME", str(tmp_path / "file" / "home"))
    code, out, err = run(capsys, "resources", "build", "--offline")
    assert (code, out) == (USAGE, "")
    assert err.endswith("the data root ($SWEPSEUDO_HOME) cannot be a directory "
                        f"({tmp_path / 'file'} is a file)\n")


@pytest.mark.parametrize("verbose,prefect,dask", [(False, "WARNING", "warning"),
                                                  (True, "INFO", "info")])
def test_prefect_and_dask_log_warnings_unless_verbose(monkeypatch, verbose, prefect, dask):
    for name in ("PREFECT_LOGGING_LEVEL", "PREFECT_SERVER_LOGGING_LEVEL",
                 "DASK_LOGGING__DISTRIBUTED"):
        monkeypatch.delenv(name, raising=False)
    quiet_logging(verbose)
    assert os.environ["PREFECT_LOGGING_LEVEL"] == os.environ["PREFECT_SERVER_LOGGING_LEVEL"] \
        == prefect
    assert os.environ["DASK_LOGGING__DISTRIBUTED"] == dask
    monkeypatch.setenv("PREFECT_LOGGING_LEVEL", "DEBUG")
    quiet_logging(verbose)
    assert os.environ["PREFECT_LOGGING_LEVEL"] == "DEBUG"  # the user's own setting wins


def test_module_entry_point_gives_the_same_one_line_error(tmp_path):
    proc = subprocess.run([*SWEPSEUDO, "text", str(tmp_path / "missing.txt")], cwd=REPO,
                          capture_output=True, text=True, timeout=60)
    assert (proc.returncode, proc.stdout) == (USAGE, "")
    assert proc.stderr == f"swepseudo: error: {tmp_path / 'missing.txt'}: no such file\n"


@pytest.mark.parametrize("exc,status,line", [
    (PermissionError(13, "Permission denied", "/srv/x"), 1,
     "swepseudo: error: /srv/x: Permission denied\n"),
    (OSError(28, "No space left on device"), 1, "swepseudo: error: No space left on device\n"),
    (KeyboardInterrupt(), 130, "swepseudo: interrupted\n"),
])
def test_os_errors_and_interrupts_are_one_line(capsys, monkeypatch, exc, status, line):
    def fail(args):
        raise exc

    monkeypatch.setattr("flows.cli_resources.cmd_list", fail)
    code, _, err = run(capsys, "resources", "list")
    assert (code, err) == (status, line)
