"""Build the snapshot from ../shared/mirror plus ../shared/data/names-scb, over a local HTTP server.

    python benchmarks/names_scb_mirror.py [--home DIR] [--shared DIR]

Lays out a temporary mirror root (symlinks only, in a temp directory, never in the repo) with the
`--mirror` layout `<root>/<host alias>/<upstream path>`, serves it on 127.0.0.1 (a free port), and
runs the real CLI into `--home` (default: a new temp directory, kept and printed):

    swepseudo resources build --offline --no-prefect
    swepseudo resources build --only geonames scb-firstnames scb-surnames --mirror URL --no-prefect

then prints the snapshot id. `--only` names the two SCB name sources rather than the prefix `scb`,
which would also select scb-tatorter and scb-ssyk, whose files ../shared does not hold.

Which genuine file stands in for which upstream file, and why:

- `geonames/` is ../shared/mirror/geonames, already in the upstream layout. GeoNames files that
  are absent from it (SE.zip dump, admin2Codes, the alternate names) answer 404: those sources
  fail and are reported, as expected.
- `scb/` (www.scb.se) serves nothing. The whole-population workbook
  `namn-med-minst-tva-barare-31-december-2022.xlsx`, fetched first by both scb-firstnames and
  scb-surnames, is not in ../shared. The newborn tables `be0001namntab11/12-2020.xlsx` are in
  SCB's layout and `parse_workbook` reads them, but they cannot stand in at that one URL: they are
  two files (girls, boys), and neither has a surname sheet. Serving one would give one sex only and
  fail scb-surnames, because a parse error does not fall back. So the workbook answers 404, and
  each source takes its declared PxWeb fallback (`scb-api/`), as it would if SCB removed the file.
- `scb-api/…/BE0001FNamn10/data` (first names, json-stat2 requested) serves
  `scb-newborn-names-barnnamn/000004F5_20230427-104949.csv`. This is SCB's own PxWeb CSV export
  (Latin-1, TAB) of newborns' given names in 2022 by sex, and the only genuine file in ../shared
  with both sexes and counts. `parse` tells a CSV answer from json-stat2 by its content. It covers
  a different population from BE0001FNamn10: 4,697 names of babies born in 2022 (only names given
  at least twice have a count). Ranks are therefore 2022 baby-name ranks: Liam and Astrid come first,
  not Anna and Erik.
- `scb-api/…/BE0001ENamn10/data` (surnames) serves `okasi-swedish-pii/last-names.json`: 107,762
  surnames with at least 10 bearers, derived from SCB's 2020 table BE0001ENamn10 (list MIT, data
  SCB CC BY 4.0). It is a JSON array of names without counts, which `parse_name_list` reads, so
  these rows have a null count and rank. ../shared holds no genuine SCB surname file with counts.
  The okasi first-name lists are not used: they are two files without counts for one URL, while
  the CSV has counts.

The row floors of scb-firstnames and scb-surnames (10,000, sized for the whole population) are
lowered to STAND_IN_FLOOR for this run only, by swapping those two registry entries in this
process. Nothing else differs from a normal build.
"""
from __future__ import annotations

import argparse
import dataclasses
import functools
import os
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from builders import registry  # noqa: E402
from builders.fetch import mirrored  # noqa: E402
from builders.store import Store  # noqa: E402
from flows.cli import main as swepseudo  # noqa: E402

NAMES = ("data", "names-scb")
# source -> the genuine file (under --shared) served at its PxWeb fallback URL
STAND_INS: dict[str, tuple[str, ...]] = {
    "scb-firstnames": (*NAMES, "scb-newborn-names-barnnamn", "000004F5_20230427-104949.csv"),
    "scb-surnames": (*NAMES, "okasi-swedish-pii", "last-names.json"),
}
STAND_IN_FLOOR = 1_000


def mirror_path(url: str) -> str:
    """Where a `--mirror` server finds an upstream URL: /<host alias>/<path>, query dropped."""
    return urlsplit(mirrored(url, "/")).path


def lay_out(root: Path, shared: Path) -> None:
    """Symlink the GeoNames mirror and the stand-in files into `root` at their upstream paths."""
    (root / "geonames").symlink_to(shared / "mirror" / "geonames", target_is_directory=True)
    (root / "scb").mkdir()  # the workbook is deliberately absent: both sources fall back
    for name, parts in STAND_INS.items():
        (fallback,) = registry.SOURCES[name].remotes[0].fallbacks
        target = root / mirror_path(fallback).lstrip("/")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.symlink_to(shared.joinpath(*parts))


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - stdlib name
        pass


@contextmanager
def serving(root: Path) -> Iterator[str]:
    """A plain static HTTP server over `root` on a free port; yields its base URL."""
    handler = functools.partial(_QuietHandler, directory=str(root))
    with ThreadingHTTPServer(("127.0.0.1", 0), handler) as httpd:
        thread = threading.Thread(target=httpd.serve_forever, daemon=True)
        thread.start()
        try:
            yield f"http://127.0.0.1:{httpd.server_address[1]}/"
        finally:
            httpd.shutdown()
            thread.join()


@contextmanager
def stand_in_floors() -> Iterator[None]:
    """The SCB name sources with floors the (smaller) stand-in files can meet, for this process."""
    saved = registry.SOURCES
    registry.SOURCES = {n: dataclasses.replace(s, min_rows={g: STAND_IN_FLOOR for g in s.outputs})
                        if n in STAND_INS else s for n, s in saved.items()}
    try:
        yield
    finally:
        registry.SOURCES = saved


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--home", type=Path, default=None,
                        help="data root to build into (default: a new temporary directory)")
    parser.add_argument("--shared", type=Path,
                        default=Path(os.environ.get("SWEPSEUDO_SHARED", REPO.parent / "shared")))
    args = parser.parse_args()
    missing = [p for p in (args.shared / "mirror" / "geonames",
                           *(args.shared.joinpath(*parts) for parts in STAND_INS.values()))
               if not p.exists()]
    if missing:
        print(f"skipped: {missing[0]} not found", file=sys.stderr)
        return 0
    home = (args.home or Path(tempfile.mkdtemp(prefix="swepseudo-names-scb-"))).resolve()
    home.mkdir(parents=True, exist_ok=True)
    os.environ["SWEPSEUDO_HOME"] = str(home)
    print(f"home {home}", flush=True)
    if swepseudo(["resources", "build", "--offline", "--no-prefect"]) != 0:
        return 1
    with tempfile.TemporaryDirectory(prefix="swepseudo-mirror-") as tmp:
        lay_out(Path(tmp), args.shared.resolve())
        with serving(Path(tmp)) as url, stand_in_floors():
            # Exit code 1 is expected: GeoNames files absent from the mirror fail their sources.
            swepseudo(["resources", "build", "--only", "geonames", *STAND_INS, "--mirror", url,
                       "--no-prefect"])
    store = Store(home)
    snapshot = store.snapshot()
    absent = [n for n in STAND_INS if n not in snapshot["sources"]]
    if absent:
        print(f"names_scb_mirror: {', '.join(absent)} did not build; see the lines above",
              file=sys.stderr)
        return 1
    print(snapshot["id"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
