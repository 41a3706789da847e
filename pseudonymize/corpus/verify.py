"""Verify: re-run a release from its recorded inputs, snapshot and seed and compare every byte.

Content files (texts, SVALA, spans) must be byte-identical; manifest.json and provenance.jsonl are
compared without their time stamps (`created_at`, `eventTime`). The recorded snapshot must still
exist with the same gazetteer files, and the batch must still hold the same input bytes. Inputs
are published only as keyed hashes and ids are opaque, so checking them and re-running needs the
key directory (its release secret and the batch's location); without it verify says so.
"""
from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path

from builders.store import sha256_file
from pseudonymize.corpus import keys as keyfile
from pseudonymize.corpus.batch import BatchError
from pseudonymize.corpus.leakgate import LeakError
from pseudonymize.corpus.audit import read_manifest
from pseudonymize.corpus.release import ReleaseError, gazetteer_files, input_hmacs, release
from pseudonymize import learned
from pseudonymize.policy import Policy, PolicyError
from pseudonymize.policy import load as load_policy
from pseudonymize.policy import parse as parse_policy

UNTIMED = {"manifest.json": ("created_at",), "provenance.jsonl": ("eventTime",)}


def normalized(root: Path, rel: str) -> bytes:
    """A release file's bytes, minus the time stamps that legitimately differ between runs."""
    data = (root / rel).read_bytes()
    if rel not in UNTIMED:
        return data
    text = data.decode("utf-8", "replace")
    lines = text.splitlines() if rel.endswith(".jsonl") else [text]
    out = []
    for line in lines:
        try:
            obj = json.loads(line)
        except (ValueError, RecursionError):  # tampered: compared as it is (it will differ)
            out.append(line)
            continue
        if not isinstance(obj, dict):
            out.append(line)
            continue
        for key in UNTIMED[rel]:
            obj.pop(key, None)
        out.append(json.dumps(obj, sort_keys=True, ensure_ascii=False))
    return "\n".join(out).encode()


def content_files(root: Path) -> list[str]:
    """Files compared by verify: everything but SHA256SUMS (it hashes the time-stamped manifest)."""
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*")
                  if p.is_file() and p.name != "SHA256SUMS")


def compare(a: Path, b: Path) -> list[dict]:
    """Differences between two release dirs: a missing file, or the first differing byte."""
    files_a, files_b = set(content_files(a)), set(content_files(b))
    diffs = [{"file": rel, "difference": "only in the release"} for rel in sorted(files_a - files_b)]
    diffs += [{"file": rel, "difference": "only in the re-run"} for rel in sorted(files_b - files_a)]
    for rel in sorted(files_a & files_b):
        x, y = normalized(a, rel), normalized(b, rel)
        if x != y:
            offset = next((i for i, (p, q) in enumerate(zip(x, y)) if p != q), min(len(x), len(y)))
            diffs.append({"file": rel, "difference": f"first differing byte at offset {offset}"
                          + (" (normalized)" if rel in UNTIMED else "")})
    return diffs


def check_snapshot(manifest: dict, snapshot_path: Path | None) -> list[str]:
    """Problems with the recorded snapshot: missing, another id, or changed gazetteer files."""
    recorded = manifest["snapshot"]
    if snapshot_path is None or not Path(snapshot_path).is_file():
        return [f"snapshot {recorded['id']} is not in the store"]
    snapshot = json.loads(Path(snapshot_path).read_text())
    if snapshot.get("id") != recorded["id"]:
        return [f"snapshot file holds {snapshot.get('id')}, the release used {recorded['id']}"]
    problems = []
    files = gazetteer_files(Path(snapshot_path))
    for name, g in recorded["gazetteers"].items():
        current = snapshot.get("gazetteers", {}).get(name, {})
        if current.get("version") != g["version"]:
            problems.append(f"gazetteer {name}: version {current.get('version')} in the snapshot, "
                            f"{g['version']} in the release")
        elif name not in files or not files[name].is_file():
            problems.append(f"gazetteer {name}: file missing")
        elif g.get("sha256") and sha256_file(files[name]) != g["sha256"]:
            problems.append(f"gazetteer {name}: file changed (sha256 differs from the release's)")
    problems += [f"gazetteer {n}: in the snapshot, not in the release"
                 for n in sorted(set(snapshot.get("gazetteers", {})) - set(recorded["gazetteers"]))]
    return problems


def check_inputs(manifest: dict, batch: Path, secret: bytes) -> list[str]:
    """Essays (by published id) missing, changed or new in the batch, by their keyed hashes."""
    recorded = manifest["inputs"]["essays"]
    current = input_hmacs(batch, secret, manifest)
    problems = [f"essay {i}: missing from the batch" for i in sorted(set(recorded) - set(current))]
    problems += [f"essay {i}: input changed" for i in sorted(recorded)
                 if i in current and current[i] != recorded[i]["input_hmac"]]
    problems += [f"essay {i}: new in the batch" for i in sorted(set(current) - set(recorded))]
    return problems


def release_options(manifest: dict) -> dict:
    """The options a re-run needs to reproduce a release, from its manifest."""
    config = manifest["config"]
    return {"strategy": config["strategy"], "seed": manifest["seed"],
            "max_bytes": config["max_bytes"], "keep_ids": config.get("keep_ids", False),
            "publish_metadata": tuple(config.get("publish_metadata", ())),
            "bin_years": tuple(config.get("bin_years", ())),
            "withdrawn": tuple(manifest.get("supersedes", {}).get("withdrawn", ())),
            "supersedes": manifest.get("supersedes", {}).get("release")}


def recorded_policy(keys_dir: Path, manifest: dict, given: Path | None = None) -> Policy | None:
    """The policy a release was made with: `given` (a file), else the copy kept with its key;
    None for a release without one. Raises PolicyError when it is not the one the manifest
    names (by sha256) or cannot be found."""
    wanted = manifest["config"].get("policy", {}).get("sha256")
    if wanted is None:
        if given is not None:
            raise PolicyError(f"{given}: release {manifest['release_id']} was made without a "
                              f"policy")
        return None
    if given is not None:
        policy = load_policy(Path(given))
    else:
        note = keyfile.read_note(Path(keys_dir), manifest["release_id"]) or {}
        if "policy" not in note:
            raise PolicyError(f"release {manifest['release_id']} was made with a policy that is "
                              f"not kept in {keys_dir}; give it with --policy FILE")
        policy = parse_policy(note["policy"].encode("utf-8"), "the policy kept with the key")
    if policy.digest != wanted:
        raise PolicyError(f"{policy.path}: not the policy of release {manifest['release_id']} "
                          f"(sha256 {policy.digest[:12]}…, the manifest names {wanted[:12]}…)")
    return policy


def learned_problems(manifest: dict) -> list[str]:
    """The learned tagger the release ran, if this installation's model is not that one (its
    output would differ: retrain with the manifest's model or install its version)."""
    made = manifest["config"].get("learned")
    if not made:
        return []
    try:
        now = learned.provenance(made["mode"])
    except learned.LearnedError as exc:
        return [str(exc)]
    if now and now["model_sha256"] != made["model_sha256"]:
        return [f"the learned tagger's model is not the release's (sha256 "
                f"{now['model_sha256'][:12]}…, the manifest names {made['model_sha256'][:12]}…)"]
    return []


def recorded_batch(keys_dir: Path, release_id: str) -> Path | None:
    note = keyfile.read_note(Path(keys_dir), release_id)
    return Path(note["batch"]) if note else None


def verify(release_dir: Path, snapshot_path: Path | None, *, code_revision: str = "",
           batch: Path | None = None, keys_dir: Path | None = None,
           review: Path | None = None, policy: Path | None = None) -> dict:
    """Re-run the release in a temporary directory and report every difference (ok when none).
    `keys_dir` is the release's key directory: without it nothing but the snapshot is checked.
    A release made from a review workspace is re-run from that workspace (`review`); one made
    with a policy, with the copy kept beside its key (or `policy`, a file with the same sha256)."""
    release_dir = Path(release_dir).resolve()
    manifest = read_manifest(release_dir)
    report: dict = {"release": manifest["release_id"], "path": str(release_dir),
                    "snapshot": manifest["snapshot"]["id"],
                    "snapshot_problems": check_snapshot(manifest, snapshot_path)}
    try:
        if keys_dir is None:
            raise keyfile.KeysDirError("no key directory given: the inputs are published as keyed "
                                       "hashes; give --keys DIR (the release's key directory)")
        secret = keyfile.release_secret(Path(keys_dir), create=False)
        batch = Path(batch) if batch else recorded_batch(Path(keys_dir), manifest["release_id"])
        if batch is None:
            raise keyfile.KeysDirError(f"{keys_dir}: the release's batch is not recorded here; "
                                       f"give --batch")
        corpus_policy = recorded_policy(Path(keys_dir), manifest, policy)
    except (keyfile.KeysDirError, keyfile.KeyFileError, PolicyError) as exc:
        report.update(ok=False, input_problems=[str(exc)], differences=[])
        return report
    report["batch"] = str(batch)
    if not batch.exists():
        report.update(ok=False, input_problems=[f"{batch}: batch not found"], differences=[])
        return report
    try:
        report["input_problems"] = check_inputs(manifest, batch, secret) + learned_problems(
            manifest)
    except BatchError as exc:
        report.update(ok=False, input_problems=[str(exc)], differences=[])
        return report
    if manifest.get("review") and review is None:
        report.update(ok=False, differences=[])
        report["input_problems"].append("made from a review workspace: pass its path "
                                        "with --review")
        return report
    if report["snapshot_problems"] and snapshot_path is None:
        report.update(ok=False, differences=[])
        return report
    tmp = Path(tempfile.mkdtemp(prefix="swepseudo-verify-"))
    try:
        rerun = release(batch, tmp / "out", Path(snapshot_path), tmp / "keys",
                        code_revision=code_revision, release_secret=secret,
                        review=review, policy=corpus_policy, **release_options(manifest))
        report["rerun_release_id"] = rerun["release_id"]
        report["differences"] = compare(release_dir, Path(rerun["path"]))
        report["compared_files"] = len(content_files(release_dir))
    except (ReleaseError, LeakError, OSError, ValueError) as exc:
        # a changed snapshot may break the engine; say so instead of failing without a report
        report["differences"] = [{"file": "*", "difference": f"re-run failed: {exc}"}]
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    report["ok"] = not (report["snapshot_problems"] or report["input_problems"]
                        or report["differences"])
    return report
