"""`swepseudo resources ...`: build, list, show and diff the curated gazetteer snapshots.

`build` runs the Prefect flow by default and `builders.build.build` directly with `--no-prefect`;
the other commands only read the store. Prefect and polars are imported inside the commands.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from typing import TYPE_CHECKING

from flows.cli import CLIError, command_group, examples, progress, writable_dir

if TYPE_CHECKING:
    from builders.source import Source
    from builders.store import Store


def register(subparsers: argparse._SubParsersAction) -> None:
    sub = command_group(subparsers, "resources", "build and inspect the curated gazetteers")

    p = sub.add_parser(
        "build", help="fetch, curate and publish a new snapshot",
        description="Fetch, curate and publish a new snapshot of the gazetteers. A failing "
                    "source keeps its previous part; the others are published (exit 1).",
        epilog=examples("swepseudo resources build --offline --no-prefect   # packaged data, "
                        "seconds, no network",
                        "swepseudo resources build                          # every source, "
                        "as a Prefect flow",
                        "swepseudo resources build --only geonames --mirror "
                        "http://127.0.0.1:8000"))
    p.add_argument("--offline", action="store_true",
                   help="only sources that need no network (data inside installed packages)")
    p.add_argument("--only", nargs="+", action="extend", default=[], metavar="SOURCE",
                   help="build only these sources (names or prefixes); others keep their part")
    p.add_argument("--mirror", metavar="BASE_URL",
                   help="download from BASE_URL/<host-alias>/<path> instead of upstream hosts")
    p.add_argument("--no-prefect", action="store_true",
                   help="build in this process without Prefect (no tasks, cache or artifact)")
    p.set_defaults(func=cmd_build)

    p = sub.add_parser("list", help="snapshots and the provenance of the current one")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.set_defaults(func=cmd_list)

    p = sub.add_parser("show", help="a gazetteer of the current snapshot, or a source")
    p.add_argument("name", metavar="NAME", help="a gazetteer (e.g. places) or a source name")
    p.set_defaults(func=cmd_show)

    p = sub.add_parser("diff", help="rows added and removed per gazetteer between snapshots")
    p.add_argument("a", metavar="SNAP_A", help="snapshot id or unique prefix ('current' too)")
    p.add_argument("b", metavar="SNAP_B", help="snapshot id or unique prefix ('current' too)")
    p.set_defaults(func=cmd_diff)

    p = sub.add_parser("serve", help="serve the weekly rebuild deployment (needs a Prefect API)")
    p.add_argument("--offline", action="store_true", help="scheduled runs build offline sources")
    p.add_argument("--mirror", metavar="BASE_URL", help="scheduled runs download from BASE_URL")
    p.add_argument("--cron", default=None, help="cron schedule (default: Mondays 03:00)")
    p.add_argument("--timezone", default=None, help="schedule time zone (default Europe/Stockholm)")
    p.set_defaults(func=cmd_serve)


# --- build --------------------------------------------------------------------------------------
def cmd_build(args: argparse.Namespace) -> int:
    from builders import build, registry
    from builders.store import Store

    store = Store()
    try:
        sources = build.select(registry.SOURCES, args.only, args.offline)
    except KeyError as exc:
        raise CLIError(exc.args[0]) from exc
    if not sources:
        raise CLIError("no source selected" + (" (--offline keeps only packaged sources)"
                                               if args.offline else ""))
    writable_dir(store.root, "the data root ($SWEPSEUDO_HOME)")
    previous = store.current_snapshot_id()
    if args.no_prefect:
        outcomes, snapshot = build_with_progress(sources, store, args.mirror)
        records = [dataclasses.asdict(o) for o in outcomes]
        current = snapshot["id"] if snapshot else previous
    else:
        from flows.resources import build_resources  # Prefect settings: see flows.cli.main

        try:
            summary = build_resources(only=args.only, offline=args.offline, mirror=args.mirror,
                                      progress=sys.stderr.isatty())
        except RuntimeError as exc:  # e.g. the Prefect API could not be reached or started
            raise CLIError(f"the Prefect flow did not run ({' '.join(str(exc).split())}); "
                           "`--no-prefect` builds without Prefect") from exc
        records, current = summary["outcomes"], summary["snapshot"]
        for record in records:
            print(outcome_line(record))
    if current is None:
        print("no snapshot: no source has been built yet")
    else:
        state = "unchanged" if current == previous else f"previous {previous or 'none'}"
        print(f"snapshot {current} ({state}) in {store.curated}")
    failed = [r["source"] for r in records if not r["ok"]]
    if failed:
        print(f"swepseudo: {len(failed)} source(s) failed: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


def build_with_progress(sources: list, store: Store, mirror: str | None = None
                        ) -> tuple[list, dict | None]:
    """`builders.build.build` printing each source's line as it finishes, under a progress bar
    when stderr is a terminal."""
    from builders import build

    with progress(len(sources), "build", unit="source") as bar:
        def done(outcome) -> None:
            bar.write(outcome_line(dataclasses.asdict(outcome)), file=sys.stdout)
            sys.stdout.flush()
            bar.update(1)

        return build.build(sources, store, mirror, on_outcome=done)


def outcome_line(outcome: dict) -> str:
    """One line per source: rows per gazetteer, or the failure reason; optional misses after."""
    if outcome["ok"]:
        line = f"ok      {outcome['source']:<24} " + " ".join(
            f"{g}={n}" for g, n in sorted(outcome["rows"].items()))
    else:
        line = f"FAILED  {outcome['source']:<24} {outcome['reason']}"
    if outcome["missing"]:
        line += f"  (missing optional: {'; '.join(outcome['missing'])})"
    return line


# --- list, show, diff ---------------------------------------------------------------------------
def cmd_list(args: argparse.Namespace) -> int:
    from builders.store import Store

    store = Store()
    snapshots = store.snapshots()
    if not snapshots:
        raise CLIError(f"no snapshot yet in {store.curated}: run `swepseudo resources build`")
    current = store.current_snapshot_id()
    snap = store.snapshot(current) if current else snapshots[-1]
    listing = {"current": current,
               "snapshots": [{"id": s["id"], "created_at": s["created_at"],
                              "current": s["id"] == current,
                              "gazetteers": {g: v["rows"] for g, v in s["gazetteers"].items()}}
                             for s in snapshots],
               "gazetteers": {g: {"version": v["version"], "rows": v["rows"],
                                  "sources": v["sources"]}
                              for g, v in sorted(snap["gazetteers"].items())},
               "sources": {name: src["provenance"] for name, src in snap["sources"].items()}}
    if args.json:
        print(json.dumps(listing, indent=2, ensure_ascii=False))
        return 0
    print(f"snapshots in {store.curated} (* = current):")
    for s in listing["snapshots"]:
        rows = " ".join(f"{g}={n}" for g, n in sorted(s["gazetteers"].items()))
        print(f"{'*' if s['current'] else ' '} {s['id']}  {s['created_at']}  {rows}")
    print(f"\ngazetteers of snapshot {snap['id']}:")
    for gazetteer, g in listing["gazetteers"].items():
        print(f"  {gazetteer:<16} {g['rows']:>9} rows  version {g['version']}  "
              f"from {', '.join(g['sources'])}")
    print("sources:")
    for name, prov in sorted(listing["sources"].items()):
        for line in provenance_lines(name, prov):
            print(f"  {line}")
    return 0


def provenance_lines(source: str, provenance: dict) -> list[str]:
    """Where a source's rows came from: each URL or package with date, sha256 and licence."""
    licence = provenance.get("licence", "?")
    lines = [f"{source} [{licence}]"]
    for rec in provenance.get("fetch", []):
        lines.append(f"  {rec['url']}  retrieved {rec['retrieved_at']}  "
                     f"sha256 {rec['sha256'][:12]}")
    for pkg in provenance.get("packages", []):
        name = pkg.get("package") or pkg.get("name") or json.dumps(pkg, sort_keys=True)
        tag = f"  [{pkg['licence']}]" if pkg.get("licence") else ""
        lines.append(f"  package {name} {pkg.get('version', '')}".rstrip() + tag)
    lines += [f"  missing optional: {m}" for m in provenance.get("missing", [])]
    return lines


def cmd_show(args: argparse.Namespace) -> int:
    from builders import registry
    from builders.schemas import SCHEMAS
    from builders.store import Store

    store = Store()
    if args.name in SCHEMAS:
        show_gazetteer(store, args.name)
    elif args.name in registry.SOURCES:
        show_source(store, registry.SOURCES[args.name])
    else:
        raise CLIError(f"unknown gazetteer or source {args.name!r}; gazetteers: "
                       f"{', '.join(sorted(SCHEMAS))}; sources: "
                       f"{', '.join(sorted(registry.SOURCES))}")
    return 0


def show_gazetteer(store: Store, name: str) -> None:
    import polars as pl

    from builders.schemas import SCHEMAS
    from builders.store import read_provenance

    snap = _snapshot(store, "current")
    if name not in snap["gazetteers"]:
        raise CLIError(f"gazetteer {name!r} is not in snapshot {snap['id']}; it has: "
                       f"{', '.join(sorted(snap['gazetteers']))}")
    entry = snap["gazetteers"][name]
    path = store.root / entry["path"]
    print(f"{name}  version {entry['version']}  rows {entry['rows']}  snapshot {snap['id']}")
    print(f"path    {path}")
    print("schema  " + ", ".join(f"{c}: {t}" for c, t in SCHEMAS[name].items()))
    print("provenance:")
    for source, prov in read_provenance(path).get("sources", {}).items():
        for line in provenance_lines(source, prov):
            print(f"  {line}")
    with pl.Config(tbl_rows=10, tbl_cols=-1, tbl_width_chars=160, fmt_str_lengths=40):
        print(pl.read_parquet(path, n_rows=10))


def show_source(store: Store, source: Source) -> None:
    print(f"{source.name}: {source.description}")
    print(f"licence      {source.licence}")
    print(f"attribution  {source.attribution}")
    print(f"outputs      {', '.join(source.outputs)}")
    if source.packaged:
        print("remotes      none (built from installed packages)")
    for remote in source.remotes:
        flags = " (optional)" if remote.optional else ""
        print(f"remote       {remote.method} {remote.url} -> {remote.filename}{flags}")
        for url in remote.fallbacks:
            print(f"  fallback   {url}")
    part = store.current_part(source.name)
    if part is None:
        print("current part: none (not built yet)")
        return
    print("current part:")
    for gazetteer, out in sorted(part["outputs"].items()):
        print(f"  {gazetteer}  version {out['version']}  rows {out['rows']}  {out['path']}")
    for line in provenance_lines(source.name, part["provenance"])[1:]:
        print(f"  {line.strip()}")


def cmd_diff(args: argparse.Namespace) -> int:
    from builders import build
    from builders.store import Store

    store = Store()
    a, b = _snapshot(store, args.a), _snapshot(store, args.b)
    report = build.diff(store, a["id"], b["id"])
    print(f"{a['id']} -> {b['id']}")
    print(f"{'gazetteer':<16} {'rows A':>9} {'rows B':>9} {'added':>9} {'removed':>9}")
    for gazetteer, c in report.items():
        rows = [snap["gazetteers"].get(gazetteer, {}).get("rows", "-") for snap in (a, b)]
        print(f"{gazetteer:<16} {rows[0]:>9} {rows[1]:>9} {c['added']:>9} {c['removed']:>9}")
    return 0


def _snapshot(store: Store, ident: str) -> dict:
    try:
        return store.snapshot(ident)
    except LookupError as exc:
        raise CLIError(exc.args[0]) from exc


# --- serve --------------------------------------------------------------------------------------
def cmd_serve(args: argparse.Namespace) -> int:
    from flows import serve

    serve.serve(offline=args.offline, mirror=args.mirror, cron=args.cron or serve.CRON,
                timezone=args.timezone or serve.TIMEZONE)
    return 0
