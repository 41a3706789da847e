"""`flows.cli.progress` off a terminal: a silent stand-in (`Quiet`) that takes a bar's calls
and prints `write`'s lines as tqdm does, without importing tqdm (a sixth of `annotate`'s
start-up); on a terminal the tqdm bar."""
from __future__ import annotations

import io
import subprocess
import sys

from flows.cli import Quiet, progress


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_off_a_terminal_the_bar_is_silent_and_writes_lines_as_tqdm(capsys, monkeypatch) -> None:
    monkeypatch.setattr("sys.stderr", io.StringIO())
    with progress(3, "annotate", unit="essay") as bar:
        assert isinstance(bar, Quiet)
        bar.update()
        bar.update(2)
        bar.write("ok one")
        bar.write("ok two", file=sys.stderr)
    bar.close()
    assert capsys.readouterr().out == "ok one\n"
    assert sys.stderr.getvalue() == "ok two\n"


def test_on_a_terminal_the_bar_is_tqdms(monkeypatch) -> None:
    terminal = _Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    with progress(2, "build", unit="source") as bar:
        assert not isinstance(bar, Quiet)
        bar.update(1)
    assert "build:   0%|" in terminal.getvalue() and "0/2 [" in terminal.getvalue()


def test_a_quiet_progress_bar_does_not_import_tqdm() -> None:
    code = ("import sys; from flows.cli import progress\n"
            "with progress(1, 'annotate') as bar: bar.update()\n"
            "print('tqdm' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, stdin=subprocess.DEVNULL).stdout
    assert out.strip() == "False"
