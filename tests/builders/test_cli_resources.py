"""`swepseudo resources build/list/show/diff --no-prefect` with fake sources and a local server."""
from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from builders import registry
from builders.store import Store
from flows.cli import main
from tests.builders import fake_sources as fake
from tests.builders.httpserver import LocalServer, serve


@pytest.fixture
def upstream() -> Iterator[LocalServer]:
    """The fake places file under its mirror path."""
    server = serve({fake.PLACES_PATH: fake.PLACES_TSV})
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def fakes(monkeypatch: pytest.MonkeyPatch, data_root: Path) -> None:
    monkeypatch.setattr(registry, "SOURCES", fake.sources(
        fake.names_source(), fake.places_source(), fake.broken_source()))


def run(capsys: pytest.CaptureFixture, *argv: str) -> tuple[int, str, str]:
    code = main(["resources", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def build(capsys, upstream: LocalServer, *extra: str) -> tuple[int, str, str]:
    return run(capsys, "build", "--no-prefect", "--mirror", upstream.url, *extra)


def test_build_prints_each_source_and_the_snapshot(fakes, upstream, capsys, data_root):
    code, out, err = build(capsys, upstream, "--only", "fake-names", "fake-places")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].split() == ["ok", "fake-names", "first_names=3"]
    assert lines[1].split() == ["ok", "fake-places", "places=3"]
    current = Store(data_root).current_snapshot_id()
    assert lines[2].startswith(f"snapshot {current} (previous none)")
    assert upstream.requests_for(fake.PLACES_PATH)  # fetched through the mirror


def test_failed_source_is_named_and_exits_1(fakes, upstream, capsys, data_root):
    code, out, err = build(capsys, upstream)
    assert code == 1
    assert "FAILED  fake-broken" in out
    assert "ValueError: fake-broken.tsv: no table found" in out
    assert err.strip() == "swepseudo: 1 source(s) failed: fake-broken"
    snap = Store(data_root).snapshot()
    assert sorted(snap["gazetteers"]) == ["first_names", "places"]  # the others still published


def test_failing_source_keeps_its_previous_part(fakes, upstream, capsys, data_root):
    assert build(capsys, upstream, "--only", "fake-places")[0] == 0
    store = Store(data_root)
    before = store.current_part("fake-places")
    upstream.put(fake.PLACES_PATH, b"Kiruna 22423\n")  # upstream changed into something broken
    code, out, err = build(capsys, upstream, "--only", "fake-places")
    assert code == 1
    assert "FAILED  fake-places" in out and "line 1: expected name<TAB>population" in out
    assert err.strip() == "swepseudo: 1 source(s) failed: fake-places"
    assert store.current_part("fake-places") == before
    assert "(unchanged)" in out


def test_missing_optional_remote_is_reported_not_fatal(monkeypatch, upstream, capsys, data_root):
    monkeypatch.setattr(registry, "SOURCES", fake.sources(
        fake.places_source(optional_url="https://download.example.org/fake/extra.tsv")))
    code, out, err = build(capsys, upstream)
    assert code == 0, err
    assert out.splitlines()[0].startswith("ok      fake-places")
    assert "(missing optional: extra.tsv (" in out and "HTTP 404" in out


def test_offline_builds_only_packaged_sources(fakes, upstream, capsys):
    code, out, _ = build(capsys, upstream, "--offline", "--only", "fake-n")
    assert code == 0
    assert [line.split()[1] for line in out.splitlines()[:-1]] == ["fake-names"]
    assert not upstream.requests


def test_unknown_source_is_one_line_error(fakes, capsys):
    code, out, err = run(capsys, "build", "--no-prefect", "--only", "nope")
    assert code == 2 and out == ""
    assert err == ("swepseudo: error: unknown source(s): nope; known: "
                   "fake-broken, fake-names, fake-places\n")


def test_list_show_diff_before_any_build_are_one_line_errors(fakes, capsys, data_root):
    for argv in (["list"], ["show", "places"], ["diff", "abc", "def"]):
        code, out, err = run(capsys, *argv)
        assert code == 2 and out == ""
        assert err.count("\n") == 1 and err.startswith("swepseudo: error: ")
        assert "no snapshot yet" in err or "not found" in err


def _two_snapshots(capsys, upstream: LocalServer, store: Store) -> tuple[str, str]:
    """Build, then rebuild with Göteborg replaced by Umeå upstream; the two snapshot ids."""
    assert build(capsys, upstream, "--only", "fake-names", "fake-places")[0] == 0
    first = store.current_snapshot_id()
    upstream.put(fake.PLACES_PATH, b"Kiruna\t22423\nLule\xc3\xa5\t48728\nUme\xc3\xa5\t130000\n")
    assert build(capsys, upstream, "--only", "fake-places")[0] == 0
    return first, store.current_snapshot_id()


def test_list_shows_snapshots_and_provenance(fakes, upstream, capsys, data_root):
    store = Store(data_root)
    first, second = _two_snapshots(capsys, upstream, store)
    code, out, _ = run(capsys, "list")
    assert code == 0
    assert f"\n  {first}  " in out and f"\n* {second}  " in out
    assert "first_names=3 places=3" in out
    record = store.current_part("fake-places")["provenance"]["fetch"][0]
    assert f"{fake.PLACES_URL}  retrieved {record['retrieved_at']}  sha256 {record['sha256'][:12]}" \
        in out
    assert "fake-places [CC BY 4.0]" in out and "package fakenames 1.0  [MIT]" in out
    places = store.snapshot()["gazetteers"]["places"]
    assert f"  places                   3 rows  version {places['version']}  from fake-places" in out

    code, out, _ = run(capsys, "list", "--json")
    listing = json.loads(out)
    assert listing["current"] == second
    assert {s["id"]: s["current"] for s in listing["snapshots"]} == {first: False, second: True}
    assert listing["gazetteers"]["places"]["sources"] == ["fake-places"]
    assert listing["sources"]["fake-places"]["fetch"][0]["url"] == fake.PLACES_URL


def test_show_gazetteer(fakes, upstream, capsys, data_root):
    _two_snapshots(capsys, upstream, Store(data_root))
    code, out, _ = run(capsys, "show", "places")
    assert code == 0
    entry = Store(data_root).snapshot()["gazetteers"]["places"]
    assert out.startswith(f"places  version {entry['version']}  rows 3  snapshot ")
    assert "schema  name: String, fold: String, kind: String" in out
    assert f"  fake-places [CC BY 4.0]\n    {fake.PLACES_URL}  retrieved" in out
    assert "Umeå" in out and "umea" in out  # the first rows are printed


def test_show_source_and_unknown_name(fakes, upstream, capsys):
    code, out, _ = run(capsys, "show", "fake-places")
    assert code == 0
    assert f"remote       GET {fake.PLACES_URL} -> places.tsv" in out
    assert "current part: none (not built yet)" in out
    build(capsys, upstream, "--only", "fake-places")
    out = run(capsys, "show", "fake-places")[1]
    assert "current part:\n  places  version " in out and "rows 3" in out

    code, out, err = run(capsys, "show", "nonesuch")
    assert code == 2 and err.startswith("swepseudo: error: unknown gazetteer or source 'nonesuch';")
    assert err.count("\n") == 1


def test_diff_counts_rows_by_prefix(fakes, upstream, capsys, data_root):
    first, second = _two_snapshots(capsys, upstream, Store(data_root))
    code, out, _ = run(capsys, "diff", first[:6], second[:6])
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == f"{first} -> {second}"
    table = {line.split()[0]: line.split()[1:] for line in lines[2:]}
    assert table == {"first_names": ["3", "3", "0", "0"], "places": ["3", "3", "1", "1"]}

    code, out, err = run(capsys, "diff", first, "ffffffff")
    assert code == 2 and err == ("swepseudo: error: snapshot 'ffffffff': not found in "
                                 f"{data_root / 'curated' / 'snapshots'}\n")


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_build_shows_a_progress_bar_on_a_terminal_only(fakes, upstream, capsys, monkeypatch):
    code, out, err = build(capsys, upstream, "--only", "fake-names", "fake-places")
    assert code == 0 and err == ""  # not a terminal: no bar
    terminal = _Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    code, out, _ = build(capsys, upstream, "--only", "fake-names", "fake-places")
    assert code == 0
    assert "build:   0%|" in terminal.getvalue() and "0/2 [" in terminal.getvalue()
    assert [line.split()[:2] for line in out.splitlines()[:2]] == [["ok", "fake-names"],
                                                                   ["ok", "fake-places"]]


def test_diff_shows_the_rows_of_a_table_only_in_b(fakes, upstream, capsys, data_root):
    assert build(capsys, upstream, "--only", "fake-names")[0] == 0
    first = Store(data_root).current_snapshot_id()
    assert build(capsys, upstream, "--only", "fake-places")[0] == 0
    code, out, _ = run(capsys, "diff", first, "current")
    assert code == 0
    rows = {line.split()[0]: line.split()[1:] for line in out.splitlines()[2:]}
    assert rows["places"] == ["-", "3", "3", "0"]
    assert rows["first_names"] == ["3", "3", "0", "0"]
