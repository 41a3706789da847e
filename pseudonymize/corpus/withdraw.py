"""Withdrawal (GDPR erasure): a new release without one learner's essays, and the key without them.

The new release is the old one re-run from the same batch, snapshot and options with the learner
left out, so every other essay keeps its bytes; its manifest and provenance name the release it
supersedes and the withdrawn learner by opaque id only (an HMAC under the release secret). The
learner's rows leave the old release's key, id map and review graphs as well. The old release
directory is left for its owner to retract: it may already have been copied elsewhere.

A withdrawal killed after publishing is finished by the next one: the superseding release is
found (same id: same inputs, options and secret) instead of refused as existing, and the id map,
which names the learner's essays, is erased last, so a run killed while erasing leaves them
findable.
"""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from builders.store import locked
from pseudonymize.corpus import keys as keyfile
from pseudonymize.corpus.audit import read_manifest
from pseudonymize.corpus.identity import opaque
from pseudonymize.corpus.release import ReleaseError, ReleaseExists, made_with, release
from pseudonymize.corpus.verify import recorded_batch, recorded_policy, release_options
from pseudonymize.policy import PolicyError

_NOTE = re.compile(r"([0-9a-f]{16})\.json(?:\.enc)?")


def withdraw(release_dir: Path, learner_id: str, keys_dir: Path, snapshot_path: Path, *,
             code_revision: str = "", out_root: Path | None = None, batch: Path | None = None,
             secret: str | None = None, policy: Path | None = None) -> dict:
    """Publish the release again without `learner_id`'s essays; erase them from the old key.
    A release made with a policy is re-made with it (the copy beside its key, or `policy`).
    Returns the new release's summary plus `supersedes`, `withdrawn` and `erased` (a count)."""
    release_dir, keys_dir = Path(release_dir).resolve(), Path(keys_dir).resolve()
    if not (release_dir / "manifest.json").is_file():
        raise ReleaseError(f"{release_dir}: not a release directory (no manifest.json)")
    if not keys_dir.is_dir():  # no key directory: the key's own error, nothing created
        keyfile.release_secret(keys_dir, create=False)
    keyfile.check_private_dir(keys_dir)
    # one withdrawal per key directory from its check to its erasure: two at once both found
    # the release unsuperseded, and the second re-published the first one's learner
    with locked(keys_dir / ".withdraw.lock", "withdrawal with this key directory"):
        return _withdraw(release_dir, learner_id, keys_dir, snapshot_path,
                         code_revision=code_revision, out_root=out_root, batch=batch,
                         secret=secret, policy=policy)


def _withdraw(release_dir: Path, learner_id: str, keys_dir: Path, snapshot_path: Path, *,
              code_revision: str, out_root: Path | None, batch: Path | None,
              secret: str | None, policy: Path | None) -> dict:
    manifest_path = release_dir / "manifest.json"
    manifest = read_manifest(release_dir)
    old_id = manifest["release_id"]
    release_secret = keyfile.release_secret(keys_dir, create=False)
    check_made_with(manifest_path, manifest, keyfile.read_note(keys_dir, old_id))
    ids_file = keyfile.ids_path(keys_dir, old_id)
    if ids_file is None:
        raise ReleaseError(f"{keys_dir}: no id map of release {old_id}; give the key directory "
                           f"of the release with --keys")
    ids = keyfile.read_key(ids_file)
    mine = ids.filter(learner_id=learner_id)
    if mine.is_empty():
        raise ReleaseError(f"release {old_id} holds no essay of that learner")
    batch = Path(batch) if batch else recorded_batch(keys_dir, old_id)
    if batch is None or not batch.exists():
        raise ReleaseError(f"the batch of release {old_id} is not found; give --batch")
    learner = opaque(release_secret, "learner", learner_id)
    check_not_superseded(keys_dir, old_id, learner, secret)
    options = release_options(manifest)
    try:
        options["policy"] = recorded_policy(keys_dir, manifest, policy)
    except PolicyError as exc:
        raise ReleaseError(str(exc)) from None
    options.update(withdrawn=tuple(sorted({*options["withdrawn"], learner})), supersedes=old_id)
    try:
        summary = release(batch, Path(out_root) if out_root else release_dir.parent,
                          snapshot_path, keys_dir, code_revision=code_revision, secret=secret,
                          release_secret=release_secret, **options)
    except ReleaseExists as exc:  # published by a withdrawal killed before it had erased
        summary = published_summary(exc.path, keys_dir)
    erased = erase(keys_dir, old_id, set(mine["id"].to_list()))
    for earlier in predecessors(keys_dir, old_id, secret):  # superseded by `old_id`, in turn
        earlier_ids = keyfile.ids_path(keys_dir, earlier)
        if earlier_ids is not None:
            theirs = keyfile.read_key(earlier_ids).filter(learner_id=learner_id)
            erased += erase(keys_dir, earlier, set(theirs["id"].to_list()))
    return {**summary, "supersedes": old_id, "withdrawn": learner, "erased": erased}


def _notes(keys_dir: Path, secret: str | None) -> dict[str, dict]:
    """The notes beside the keys of the releases in `keys_dir`, by release id (a note that is
    not JSON is left out; a sealed one without the passphrase is the key's one-line error)."""
    notes = {}
    for path in sorted(keys_dir.iterdir()):
        m = _NOTE.fullmatch(path.name)
        if m and path.is_file():
            try:
                note = json.loads(keyfile.open_sealed(path.read_bytes(), secret))
            except (ValueError, RecursionError):
                continue
            if isinstance(note, dict):
                notes[m.group(1)] = note
    return notes


def _superseded(note: dict) -> tuple[str | None, list[str]]:
    """(the release a note's release supersedes, the learners it withdrew) or (None, [])."""
    supersedes = (note.get("made_with") or {}).get("supersedes") or {}
    return supersedes.get("release"), list(supersedes.get("withdrawn") or ())


def check_not_superseded(keys_dir: Path, release_id: str, learner: str,
                         secret: str | None) -> None:
    """Refuse a withdrawal from a release a later withdrawal superseded: re-run from the same
    batch, it would publish the learners withdrawn since (their essays are in the batch until
    its owner removes them). A superseding release that withdrew this learner is the one a
    killed run of this withdrawal made: it is finished, not refused."""
    for rid, note in sorted(_notes(keys_dir, secret).items()):
        supersedes, withdrawn = _superseded(note)
        if supersedes == release_id and learner not in withdrawn:
            raise ReleaseError(f"release {release_id} is superseded by release {rid} (a "
                               f"withdrawal); withdraw from {rid}: a withdrawal from "
                               f"{release_id} would publish the learners withdrawn since")


def predecessors(keys_dir: Path, release_id: str, secret: str | None) -> list[str]:
    """The releases `release_id` supersedes, the nearest first (their keys are in `keys_dir`)."""
    notes, chain, rid = _notes(keys_dir, secret), [], release_id
    while rid in notes and len(chain) < len(notes):
        rid, _ = _superseded(notes[rid])
        if rid is None or rid in chain:
            break
        chain.append(rid)
    return chain


def check_made_with(manifest_path: Path, manifest: dict, note: dict | None) -> None:
    """Refuse a release whose manifest states other options than the ones recorded beside its
    key when it was made (`release.made_with`): the published directory was edited, and a
    re-run with its `keep_ids`, `publish_metadata` or `supersedes.withdrawn` would publish
    file names, metadata or a withdrawn learner. (A release made before the record: unchecked.)"""
    recorded = (note or {}).get("made_with")
    if recorded is None:
        return
    stated = made_with(manifest["config"], manifest["seed"],
                       manifest.get("supersedes", {}).get("release"),
                       manifest.get("supersedes", {}).get("withdrawn", ()))
    for part in ("config", "seed", "supersedes"):
        mine, theirs = stated[part], recorded[part]
        if isinstance(mine, dict) and isinstance(theirs, dict):
            diff = sorted(k for k in {*mine, *theirs} if mine.get(k) != theirs.get(k))
            where = f"{part}.{diff[0]}" if diff else part
        else:
            where = part if mine != theirs else ""
            diff = [where] if where else []
        if diff:
            raise ReleaseError(f"{manifest_path}: {where} is not the one the release was made "
                               f"with (recorded beside its key): the release was edited; "
                               f"withdraw from an unedited copy")


def published_summary(path: Path, keys_dir: Path) -> dict:
    """The summary `release` returns, of a release published earlier (read from its manifest)."""
    manifest = read_manifest(path)
    rid = manifest["release_id"]
    return {"release_id": rid, "path": str(path), "key": str(keyfile.find_key(keys_dir, rid)),
            "review": str(keys_dir / f"{rid}.review"), "ids": str(keyfile.ids_path(keys_dir, rid)),
            "counts": manifest["counts"],
            "quarantine": [(q["id"], q["reason"]) for q in manifest["quarantine"]]}


def erase(keys_dir: Path, release_id: str, essay_ids: set[str]) -> int:
    """Remove essays (published ids) from a release's key, review graphs and id map, the id map
    last (a run killed before it is repeated by the next withdrawal, which finds the essays
    there); return how many key rows went."""
    erased = 0
    key = keyfile.find_key(keys_dir, release_id)
    if key is not None:
        rows = keyfile.read_key(key)
        kept = rows.filter(~rows["essay_id"].is_in(sorted(essay_ids)))
        erased = rows.height - kept.height
        keyfile.rewrite_table(key, kept, keyfile.KEY_SCHEMA)
    review = keys_dir / f"{release_id}.review"
    for essay_id in essay_ids:
        for graph in (review / f"{essay_id}.json", review / f"{essay_id}.json.enc"):
            graph.unlink(missing_ok=True)
    shutil.rmtree(keys_dir / f".{release_id}.review.old", ignore_errors=True)
    ids_file = keyfile.ids_path(keys_dir, release_id)
    if ids_file is not None:
        ids = keyfile.read_key(ids_file)
        keyfile.rewrite_table(ids_file, ids.filter(~ids["id"].is_in(sorted(essay_ids))),
                              keyfile.IDS_SCHEMA)
    return erased
