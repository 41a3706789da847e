"""`swepseudo release | audit | verify | withdraw | demo`: publish a corpus release, answer for it.

`release` runs the Prefect flow after the checks that can fail early (`preflight`: arguments,
paths, snapshot, an existing release) have passed without it; `audit` and `verify` read the
release (verify re-runs it in this process, with the key directory's secret); `withdraw`
re-publishes a release without one learner (in this process); `demo` releases `corpus/sample/` on the current
snapshot (building the offline one when there is none) and audits one file.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from flows.cli import (CLIError, corpus_policy, examples, policy_option, seed_option, snapshot_option,
                       strategy_option, text_arg, writable_dir)

REPO = Path(__file__).resolve().parents[1]


def register(subparsers: argparse._SubParsersAction) -> None:
    """The release, audit, verify, withdraw and demo commands, in the order `--help` lists them."""
    _release_parser(subparsers)

    p = subparsers.add_parser("audit", help="which release, snapshot and sources made a file")
    p.add_argument("path", metavar="PATH", help="any file of a release")
    p.add_argument("--keys", metavar="DIR",
                   help="the release's key directory: name the input and check it is unchanged")
    p.set_defaults(func=cmd_audit)

    p = subparsers.add_parser("verify", help="re-run a release and compare every byte")
    rerun_options(p)
    p.add_argument("--review", metavar="WORKSPACE",
                   help="the review workspace a `release --review` was made from")
    p.set_defaults(func=cmd_verify)

    p = subparsers.add_parser("withdraw", help="re-publish a release without one learner",
                              description="Publish a new release without the learner's essays, "
                                          "erase them from the key and record that the new "
                                          "release supersedes RELEASE.")
    rerun_options(p)
    p.add_argument("--learner", required=True, metavar="ID", type=text_arg,
                   help="the learner id to withdraw")
    p.add_argument("--out", metavar="DIR", help="parent of the new release (default: the old one's)")
    p.set_defaults(func=cmd_withdraw)

    p = subparsers.add_parser(
        "demo", help="release the sample batch and show where everything is",
        description="Release corpus/sample/ on the current resource snapshot (built offline "
                    "from packaged data when there is none), write one file's audit and print "
                    "where the release, the key and the audit trail are.")
    p.add_argument("--rebuild", action="store_true",
                   help="rebuild the offline (packaged) part of the snapshot first, e.g. after "
                        "editing builders/data/lexicon.tsv or upgrading a package")
    p.set_defaults(func=cmd_demo)


def _release_parser(subparsers: argparse._SubParsersAction) -> None:
    """`swepseudo release`: its many options (the batch, where the release and its key go,
    how it runs, what it publishes) kept apart from the commands that answer for a release."""
    p = subparsers.add_parser("release", help="pseudonymize a batch into a publishable release",
                              description="Pseudonymize a batch (a directory of .txt essays or "
                                          "a .jsonl file) into OUT/<release-id>/.",
                              epilog=examples(
                                  "swepseudo release corpus/sample --out corpus/releases",
                                  "SWEPSEUDO_KEY_PASSPHRASE=... swepseudo release batch.jsonl "
                                  "--out /srv/releases --keys /secure/keys --seed 7",
                                  "swepseudo release corpus/sample --out corpus/releases "
                                  "--workers 4 --dask local"))
    p.add_argument("batch", metavar="BATCH", help="directory of .txt essays, or a .jsonl file")
    p.add_argument("--out", required=True, metavar="DIR", help="parent directory of the release")
    p.add_argument("--keys", metavar="DIR", help="where the key goes (default $SWEPSEUDO_HOME/keys)")
    seed_option(p)
    strategy_option(p)
    p.add_argument("--workers", type=int, default=2, help="parallel shard workers (default 2)")
    p.add_argument("--threads", action="store_true",
                   help="local workers are threads instead of processes")
    p.add_argument("--dask", metavar="ADDRESS|local",
                   help="run shards on a Dask scheduler, or on a new LocalCluster ('local')")
    snapshot_option(p)
    policy_option(p, "; its hash enters the release id, manifest and provenance")
    p.add_argument("--keep-ids", action="store_true",
                   help="publish essay and learner ids as they are (they pass the leak gate, "
                        "'_', '-', '.' and any other non-letter read as spaces); default: "
                        "opaque ids")
    p.add_argument("--publish-metadata", nargs="+", action="extend", default=[], metavar="COL",
                   help="metadata columns to publish (default: none)")
    p.add_argument("--bin-years", nargs="+", action="extend", default=[], metavar="COL",
                   help="birth-year or age columns to publish as 5-year bins (1985-1989)")
    p.add_argument("--strict", action="store_true",
                   help="fail the release when any essay is quarantined")
    p.add_argument("--review", metavar="WORKSPACE",
                   help="publish from this review workspace's decisions (`swepseudo review`)")
    p.add_argument("--require-approved", action="store_true",
                   help="with --review: refuse while an essay is unapproved or a mark undecided")
    p.set_defaults(func=cmd_release)


def rerun_options(p: argparse.ArgumentParser) -> None:
    """What `verify` and `withdraw` need to re-run a release: where it, its batch, its key and
    its policy are."""
    p.add_argument("release", metavar="RELEASE", help="a release directory")
    p.add_argument("--batch", metavar="BATCH", help="the batch, if it moved since the release")
    p.add_argument("--keys", metavar="DIR",
                   help="the release's key directory (default $SWEPSEUDO_HOME/keys)")
    p.add_argument("--policy", metavar="FILE",
                   help="the policy file, if not the copy kept beside the key (same sha256)")

def preflight(batch: Path, out: Path, keys: str | None, snapshot: str, strategy: str,
              seed: int, workers: int, options: dict | None = None) -> tuple[str, Path | None]:
    """The checks that can fail, before Prefect starts: (the snapshot id, the path of an
    identical release already published or None). Reads the batch once to know the release id
    (which needs the key directory's secret: without one, no release of it exists yet).
    `options` are the release's keep_ids, publish_metadata, bin_years, policy_sha256 and
    learned_mode."""
    from builders.store import Store, code_revision
    from pseudonymize.corpus import identity, keys as keyfile, safety
    from pseudonymize.corpus.batch import MAX_BYTES, BatchError, read_batch
    from pseudonymize.corpus.keys import default_keys_dir
    from pseudonymize.corpus.release import ReleaseError
    if workers < 1:
        raise CLIError(f"--workers must be at least 1, not {workers}")
    if not batch.exists():
        raise CLIError(f"{batch}: no such batch")
    store = Store()
    try:
        snap = store.snapshot(snapshot)
    except LookupError as exc:
        raise CLIError(f"{exc.args[0]} (data root {store.root}; `swepseudo resources build "
                       "--offline --no-prefect` builds one)") from None
    keys_dir = Path(keys) if keys else default_keys_dir(store.root)
    writable_dir(out, "--out")
    writable_dir(keys_dir, "the keys directory")
    try:
        safety.check_places(batch, out, keys_dir)
        if os.path.lexists(keys_dir):
            keyfile.check_private_dir(keys_dir)
        read = read_batch(batch, MAX_BYTES)
        secret = keyfile.release_secret(keys_dir, create=False)
    except keyfile.KeysDirError as exc:
        if "no release secret" not in str(exc):
            raise CLIError(str(exc)) from None
        return snap["id"], None
    except (BatchError, ReleaseError, keyfile.KeyFileError) as exc:
        raise CLIError(str(exc)) from None
    config = identity.release_config(strategy, seed, MAX_BYTES, **(options or {}))
    rid = identity.describe(read, secret, snap["id"], code_revision(), config).release_id
    final = out.resolve() / rid
    return snap["id"], final if final.exists() else None


def _release(batch: Path, out: Path, **kwargs) -> dict:
    """Run the flow, turning the release's own errors into one-line CLI errors."""
    from flows.corpus import hidden, release_corpus
    from pseudonymize.corpus import safety

    safety.stop_on_signals()
    with release_errors():
        return release_corpus(hidden(str(batch)), str(out), progress=sys.stderr.isatty(),
                              **kwargs)


@contextmanager
def release_errors() -> Iterator[None]:
    """The release's own errors (and the key's) as one-line CLI errors."""
    from pseudonymize.corpus.batch import BatchError
    from pseudonymize.corpus.keys import KeyFileError, KeysDirError
    from pseudonymize.corpus.leakgate import LeakError
    from pseudonymize.corpus.release import ReleaseError

    try:
        yield
    except (ReleaseError, LeakError, BatchError, KeysDirError, KeyFileError,
            LookupError) as exc:
        # a release error's detail (essays by input id) is for this terminal only
        raise CLIError("".join([str(exc), *("\n  " + line for line in
                                            getattr(exc, "detail", ()))])) from None


def cmd_release(args: argparse.Namespace) -> int:
    if args.require_approved and not args.review:
        raise CLIError("--require-approved needs --review WORKSPACE")
    from pseudonymize.learned import mode as learned_mode  # (preflight's identity loads it)

    policy = corpus_policy(args.policy)
    batch, out = Path(args.batch), Path(args.out)
    options = {"keep_ids": args.keep_ids, "publish_metadata": tuple(args.publish_metadata),
               "bin_years": tuple(args.bin_years)}
    snapshot, existing = preflight(batch, out, args.keys, args.snapshot, args.strategy,
                                   args.seed, args.workers,
                                   {**options, "policy_sha256": policy.digest if policy else None,
                                    "learned_mode": learned_mode(policy)})
    # (a reviewed release has another id, which the release itself checks)
    if existing and not args.review:
        raise CLIError(f"{existing}: this release already exists (same inputs, snapshot, seed "
                       f"and code); check it with `swepseudo verify {existing}`")
    summary = _release(batch, out, snapshot=snapshot, policy=args.policy,
                       strategy=args.strategy, seed=args.seed, workers=args.workers,
                       dask=args.dask, keys=args.keys, processes=not args.threads,
                       strict=args.strict, review=args.review,
                       require_approved=args.require_approved, **options)
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
    if summary["quarantine"]:
        print(f"  (the id map {summary['ids']} names their input files)")


def cmd_audit(args: argparse.Namespace) -> int:
    from pseudonymize.corpus.audit import AuditError, audit

    try:
        ok, report = audit(Path(args.path), Path(args.keys) if args.keys else None)
    except AuditError as exc:
        raise CLIError(str(exc)) from None
    print(json.dumps(report, indent=2, ensure_ascii=False))
    return 0 if ok else 1


def cmd_verify(args: argparse.Namespace) -> int:
    from builders.store import Store, code_revision
    from pseudonymize.corpus.verify import verify

    release = Path(args.release)
    snapshot_id = release_manifest(release)["snapshot"]["id"]
    try:
        snapshot_path = Store().snapshot_path(snapshot_id)
    except LookupError:
        snapshot_path = None
    report = verify(release, snapshot_path, code_revision=code_revision(),
                    batch=Path(args.batch) if args.batch else None,
                    keys_dir=Path(args.keys) if args.keys else default_keys(),
                    review=Path(args.review) if args.review else None,
                    policy=Path(args.policy) if args.policy else None)
    print(json.dumps(report, indent=2, ensure_ascii=False))
    return 0 if report["ok"] else 1


def release_manifest(release: Path) -> dict:
    """The checked manifest of a release directory, or one CLI error line (exit 2)."""
    from pseudonymize.corpus.audit import ManifestError, read_manifest

    if not (release / "manifest.json").is_file():
        raise CLIError(f"{release}: not a release directory (no manifest.json)")
    try:
        return read_manifest(release)
    except ManifestError as exc:
        raise CLIError(str(exc)) from None


def default_keys() -> Path:
    from builders.store import data_root
    from pseudonymize.corpus.keys import default_keys_dir

    return default_keys_dir(data_root())


def cmd_withdraw(args: argparse.Namespace) -> int:
    from builders.store import Store, code_revision
    from pseudonymize.corpus import safety
    from pseudonymize.corpus.keys import passphrase
    from pseudonymize.corpus.withdraw import withdraw

    release = Path(args.release)
    snapshot_id = release_manifest(release)["snapshot"]["id"]
    safety.stop_on_signals()
    with release_errors():
        snapshot_path = Store().snapshot_path(snapshot_id)
        summary = withdraw(release, args.learner, Path(args.keys) if args.keys else default_keys(),
                           snapshot_path, code_revision=code_revision(),
                           out_root=Path(args.out) if args.out else None,
                           batch=Path(args.batch) if args.batch else None, secret=passphrase(),
                           policy=Path(args.policy) if args.policy else None)
    print_summary(summary)
    print(f"withdrew learner {summary['withdrawn']} (opaque id): {summary['erased']} key rows "
          f"erased from release {summary['supersedes']}, which this release supersedes; retract "
          f"{release} wherever it was published, and remove the learner's essays from the batch "
          f"and its review workspaces (`<keys>/reviews/`), which hold their original text")
    return 0


def cmd_demo(args: argparse.Namespace) -> int:
    from builders.atomic import atomic_write_json
    from builders.store import Store
    from pseudonymize.corpus.audit import audit

    store = Store()
    snapshot = demo_snapshot(store, args.rebuild)
    sample, releases = REPO / "corpus" / "sample", REPO / "corpus" / "releases"
    snapshot_id, existing = preflight(sample, releases, None, snapshot["id"], "realistic", 0, 2)
    if existing:
        root = existing
        print(f"release   {root} exists already (same sample, snapshot and code): reused")
    else:
        print(f"releasing {sample} ...", flush=True)
        root = Path(_release(sample, releases, snapshot=snapshot_id)["path"])
    manifest = json.loads((root / "manifest.json").read_text(encoding="utf-8"))
    example = sorted((root / "texts").glob("*.txt"))[0]
    ok, report = audit(example)
    trail = store.root / "audits" / f"{root.name}-{example.stem}.json"
    atomic_write_json(trail, report)
    key = next(iter(sorted((store.root / "keys").glob(f"{root.name}.parquet*"))), None)
    print_demo_summary(snapshot, root, manifest, key, example, trail, report["status"])
    return 0 if ok else 1


def demo_snapshot(store, rebuild: bool) -> dict:
    """The current snapshot, or the offline one built now when there is none (or --rebuild);
    says which and why, because a data root may hold parts built from the network earlier."""
    from builders import build, registry
    from flows.cli_resources import build_with_progress

    current = store.current_snapshot_id()
    if current and not rebuild:
        snap = store.snapshot(current)
        print(f"resources using the current snapshot {current} of {store.curated} (built "
              f"{snap['created_at']} from {', '.join(sorted(snap['sources']))}); "
              "`swepseudo demo --rebuild` rebuilds its offline part first")
        return snap
    why = "--rebuild" if current else "no snapshot yet"
    print(f"resources {why}: building the offline part from packaged data (no network) in "
          f"{store.curated} ...", flush=True)
    _, snapshot = build_with_progress(build.select(registry.SOURCES, offline=True), store)
    if snapshot is None:
        raise CLIError("the offline snapshot could not be built (see above)")
    print(f"resources snapshot {snapshot['id']} (from {', '.join(sorted(snapshot['sources']))})")
    return snapshot


def print_demo_summary(snapshot: dict, root: Path, manifest: dict, key: Path | None,
                       example: Path, trail: Path, status: str) -> None:
    """What was built and released, where the key and the audit trail are, what to try next."""
    counts, rel = manifest["counts"], os.path.relpath(root)
    print(f"""
resources snapshot {snapshot['id']}: {len(snapshot['gazetteers'])} gazetteers \
({', '.join(sorted(snapshot['gazetteers']))})
released  {root}
          {counts['essays']} essays, {counts['quarantined']} quarantined, \
{counts['replaced']} entities replaced
key       {key or 'not found'}  (owner only; review graphs in {root.name}.review/ beside it)
trail     manifest.json, provenance.jsonl, SHA256SUMS in the release
audit     {trail}  ({example.relative_to(root)}: {status})

next      swepseudo audit {rel}/texts/{example.name}
          swepseudo verify {rel}
          swepseudo key show {key or 'KEYFILE'} --essay {example.stem}
          echo "Jag heter Amina och bor i Göteborg." | swepseudo text""")
