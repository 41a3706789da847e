"""`swepseudo release | audit | verify | demo`: publish a corpus release and answer for it.

`release` runs the Prefect flow; `audit` and `verify` read the release (verify re-runs it in this
process); `demo` builds the offline snapshot, releases `corpus/sample/` and audits one file.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from flows.cli import CLIError

REPO = Path(__file__).resolve().parents[1]


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("release", help="pseudonymize a batch into a publishable release",
                              description="Pseudonymize a batch (a directory of .txt essays or "
                                          "a .jsonl file) into OUT/<release-id>/.")
    p.add_argument("batch", metavar="BATCH", help="directory of .txt essays, or a .jsonl file")
    p.add_argument("--out", required=True, metavar="DIR", help="parent directory of the release")
    p.add_argument("--keys", metavar="DIR", help="where the key goes (default $SWEPSEUDO_HOME/keys)")
    p.add_argument("--seed", type=int, default=0, help="surrogate seed (default 0)")
    p.add_argument("--strategy", default="realistic",
                   help="realistic | placeholder | tag (default realistic)")
    p.add_argument("--workers", type=int, default=2, help="parallel shard workers (default 2)")
    p.add_argument("--threads", action="store_true",
                   help="local workers are threads instead of processes")
    p.add_argument("--dask", metavar="ADDRESS|local",
                   help="run shards on a Dask scheduler, or on a new LocalCluster ('local')")
    p.add_argument("--snapshot", default="current", metavar="ID",
                   help="resource snapshot id or prefix (default current)")
    p.add_argument("--review", metavar="WORKSPACE",
                   help="publish from this review workspace's decisions (`swepseudo review`)")
    p.add_argument("--require-approved", action="store_true",
                   help="with --review: refuse while an essay is unapproved or a mark undecided")
    p.set_defaults(func=cmd_release)

    p = subparsers.add_parser("audit", help="which release, snapshot and sources made a file")
    p.add_argument("path", metavar="PATH", help="any file of a release")
    p.set_defaults(func=cmd_audit)

    p = subparsers.add_parser("verify", help="re-run a release and compare every byte")
    p.add_argument("release", metavar="RELEASE", help="a release directory")
    p.add_argument("--batch", help="the batch, if it moved since the release")
    p.add_argument("--review", metavar="WORKSPACE",
                   help="the review workspace a `release --review` was made from")
    p.set_defaults(func=cmd_verify)

    p = subparsers.add_parser("demo", help="build the offline snapshot and release the sample")
    p.set_defaults(func=cmd_demo)


def _release(batch: Path, out: Path, reuse: bool = False, **kwargs) -> dict:
    """Run the flow, turning the release's own errors into one-line CLI errors; with `reuse`,
    an existing identical release is returned as `{"path": ..., "existing": True}`."""
    from flows.corpus import release_corpus
    from pseudonymize.corpus.batch import BatchError
    from pseudonymize.corpus.leakgate import LeakError
    from pseudonymize.corpus.release import ReleaseError, ReleaseExists

    if not batch.exists():
        raise CLIError(f"{batch}: no such batch")
    try:
        return release_corpus(str(batch), str(out), progress=sys.stderr.isatty(), **kwargs)
    except ReleaseExists as exc:
        if reuse:
            return {"path": str(exc.path), "existing": True}
        raise CLIError(str(exc)) from None
    except (ReleaseError, LeakError, BatchError, LookupError) as exc:
        raise CLIError(str(exc)) from None


def cmd_release(args: argparse.Namespace) -> int:
    if args.require_approved and not args.review:
        raise CLIError("--require-approved needs --review WORKSPACE")
    summary = _release(Path(args.batch), Path(args.out), snapshot=args.snapshot,
                       strategy=args.strategy, seed=args.seed, workers=args.workers,
                       dask=args.dask, keys=args.keys, processes=not args.threads,
                       review=args.review, require_approved=args.require_approved)
    print_summary(summary)
    return 0


def print_summary(summary: dict) -> None:
    counts = summary["counts"]
    print(f"release  {summary['path']}")
    print(f"key      {summary['key']}  (review graphs: {summary['review']})")
    print(f"essays   {counts['essays']} released, {counts['quarantined']} quarantined, "
          f"{counts['replaced']} entities replaced")
    for essay_id, reason in summary["quarantine"]:
        print(f"  quarantined {essay_id}: {reason}")


def cmd_audit(args: argparse.Namespace) -> int:
    from pseudonymize.corpus.audit import AuditError, audit

    try:
        ok, report = audit(Path(args.path))
    except AuditError as exc:
        raise CLIError(str(exc)) from None
    print(json.dumps(report, indent=2, ensure_ascii=False))
    return 0 if ok else 1


def cmd_verify(args: argparse.Namespace) -> int:
    from builders.store import Store, code_revision
    from pseudonymize.corpus.verify import verify

    release = Path(args.release)
    manifest = release / "manifest.json"
    if not manifest.is_file():
        raise CLIError(f"{release}: not a release directory (no manifest.json)")
    snapshot_id = json.loads(manifest.read_text())["snapshot"]["id"]
    try:
        snapshot_path = Store().snapshot_path(snapshot_id)
    except LookupError:
        snapshot_path = None
    report = verify(release, snapshot_path, code_revision=code_revision(),
                    batch=Path(args.batch) if args.batch else None,
                    review=Path(args.review) if args.review else None)
    print(json.dumps(report, indent=2, ensure_ascii=False))
    return 0 if report["ok"] else 1


def cmd_demo(args: argparse.Namespace) -> int:
    from builders import build, registry
    from builders.store import Store
    from pseudonymize.corpus.audit import audit

    store = Store()
    print(f"building the offline resource snapshot in {store.curated} ...", flush=True)
    outcomes, snapshot = build.build(build.select(registry.SOURCES, offline=True), store)
    for o in outcomes:
        if not o.ok:
            print(f"  {o.source}: FAILED {o.reason}")
    if snapshot is None:
        raise CLIError("the offline snapshot could not be built (see above)")
    print(f"snapshot {snapshot['id']}: {', '.join(sorted(snapshot['gazetteers']))}")
    sample, releases = REPO / "corpus" / "sample", REPO / "corpus" / "releases"
    summary = _release(sample, releases, reuse=True, snapshot=snapshot["id"])
    root = Path(summary["path"])
    if summary.get("existing"):
        print(f"release  {root}  (already made from these inputs; `swepseudo verify {root}`)")
    else:
        print_summary(summary)
    print(f"trail    {root / 'manifest.json'}, {root / 'provenance.jsonl'}, "
          f"{root / 'SHA256SUMS'}")
    example = sorted((root / "texts").glob("*.txt"))[0]
    print(f"\n$ swepseudo audit {example}")
    ok, report = audit(example)
    print(json.dumps(report, indent=2, ensure_ascii=False))
    return 0 if ok else 1
