"""Audit: from any output file to its release, snapshot, gazetteer versions and upstream sources.

The file's sha256 must match its release's manifest (or SHA256SUMS, for the manifest itself);
otherwise the file was modified after release and the audit fails. An essay's input is published
only as a keyed hash under an opaque id: with the key directory, audit names the input file and
checks that it is unchanged; without it, it says that the input was not checked.
"""
from __future__ import annotations

import json
from pathlib import Path

from builders.store import sha256_file


class AuditError(ValueError):
    """The path is not inside a release directory."""


class ManifestError(AuditError):
    """A release's manifest.json is not one a release wrote: not JSON, a symlink, or a field
    missing or of another type (tampered, truncated). Verify, audit and withdraw refuse it in one
    line (exit 2) before they rely on any field."""


# The fields audit, verify and withdraw read, with their JSON types (dotted: inside an object;
# "*": every value of an object); a manifest missing one, or holding another type, is refused.
_MANIFEST_FIELDS: tuple[tuple[str, type | tuple[type, ...]], ...] = (
    ("release_id", str), ("seed", int), ("config", dict), ("config.strategy", str),
    ("config.max_bytes", int), ("config.keep_ids", bool), ("config.publish_metadata", list),
    ("config.bin_years", list), ("snapshot", dict), ("snapshot.id", str),
    ("snapshot.gazetteers", dict), ("snapshot.gazetteers.*", dict), ("snapshot.sources", dict),
    ("snapshot.sources.*", dict), ("inputs", dict), ("inputs.essays", dict),
    ("inputs.essays.*", dict), ("outputs", dict), ("outputs.*", str), ("quarantine", list))
_OPTIONAL = {"quarantine": [], "supersedes": {}}
MANIFEST_LIMIT = 1 << 30  # bytes: a manifest of a million essays is a few hundred MB


def _field_problem(manifest: dict, dotted: str, kind: type | tuple[type, ...]) -> str | None:
    """Why `manifest` fails one `_MANIFEST_FIELDS` row (None when it passes)."""
    values: list[object] = [manifest]
    for part in dotted.split("."):
        if part == "*":
            values = [v for value in values for v in value.values()]  # (a dict: checked before)
        else:
            values = [value.get(part) for value in values]
    bad = [v for v in values if not isinstance(v, kind) or (kind is int and isinstance(v, bool))]
    return f"{dotted} is missing or not {getattr(kind, '__name__', kind)}" if bad else None


def read_manifest(root: Path) -> dict:
    """The manifest of release directory `root`, checked: a regular file (never a symlink),
    strict JSON, an object with every field the tools read, of its type; ManifestError else."""
    from pseudonymize.corpus.batch import read_regular

    path = Path(root) / "manifest.json"
    try:
        data = read_regular(path, MANIFEST_LIMIT)
        manifest = json.loads(data.decode("utf-8"), parse_constant=_no_constant)
    except RecursionError:
        raise ManifestError(f"{path}: not a release manifest (nested too deeply)") from None
    except UnicodeDecodeError:
        raise ManifestError(f"{path}: not a release manifest (not UTF-8)") from None
    except ValueError as exc:
        reason = "not JSON" if isinstance(exc, json.JSONDecodeError) else str(exc)
        raise ManifestError(f"{path}: not a release manifest ({reason})") from None
    if not isinstance(manifest, dict):
        raise ManifestError(f"{path}: not a release manifest (not a JSON object)")
    for dotted, kind in _MANIFEST_FIELDS:
        problem = _field_problem({**_OPTIONAL, **manifest}, dotted, kind)
        if problem:
            raise ManifestError(f"{path}: not a release manifest ({problem})")
    supersedes = manifest.get("supersedes", {})
    if not isinstance(supersedes, dict) or not isinstance(supersedes.get("withdrawn", []), list):
        raise ManifestError(f"{path}: not a release manifest (supersedes is malformed)")
    return manifest


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not JSON")


def find_release(path: Path) -> Path:
    """The release directory holding `path` (the nearest parent with manifest.json + SHA256SUMS)."""
    path = Path(path).resolve()
    for parent in [path, *path.parents]:
        if (parent / "manifest.json").is_file() and (parent / "SHA256SUMS").is_file():
            return parent
    raise AuditError(f"{path}: not inside a release directory (no manifest.json above it)")


def audit(path: Path, keys_dir: Path | None = None) -> tuple[bool, dict]:
    """(ok, report): the report names the release, the snapshot and each gazetteer's version,
    sha256 and upstream sources; ok is False when the file's hash matches no manifest entry
    (or, with `keys_dir`, when the essay's input changed)."""
    path = Path(path)
    if not path.is_file():
        raise AuditError(f"{path}: no such file")
    root = find_release(path)
    manifest = read_manifest(root)
    rel = path.resolve().relative_to(root).as_posix()
    sha = sha256_file(path)
    recorded = dict(manifest.get("outputs", {}))
    recorded.update(_sums(root / "SHA256SUMS"))
    matches = sorted(r for r, s in recorded.items() if s == sha)
    report: dict = {"file": rel, "sha256": sha,
                    "status": "ok" if rel in matches else
                              (f"ok (same content as {matches[0]})" if matches else
                               "MODIFIED: sha256 matches no manifest entry"),
                    "expected_sha256": recorded.get(rel),
                    "release": {"id": manifest["release_id"], "path": str(root),
                                "created_at": manifest.get("created_at"),
                                "package": manifest.get("package"),
                                "code_revision": manifest.get("code_revision"),
                                "config": manifest.get("config"), "seed": manifest.get("seed")}}
    essay_id = _essay_of(rel)
    essays = manifest.get("inputs", {}).get("essays", {})
    input_ok = True
    if essay_id in essays:
        entry = essays[essay_id]
        report["essay"] = {"id": essay_id, "input_hmac": entry["input_hmac"],
                           "encoding": entry["encoding"]}
        if keys_dir is None:
            report["essay"]["input"] = ("not checked: give --keys DIR (the release's key "
                                        "directory) to name and check the input")
        else:
            input_ok = _check_input(manifest, essay_id, Path(keys_dir), report["essay"])
    report["snapshot"] = _snapshot(manifest.get("snapshot", {}))
    return bool(matches) and input_ok, report


def _check_input(manifest: dict, essay_id: str, keys_dir: Path, out: dict) -> bool:
    """Name the essay's input file (from the key's id map) and compare its keyed hash."""
    from pseudonymize.corpus import keys as keyfile
    from pseudonymize.corpus.release import input_hmacs
    from pseudonymize.corpus.verify import recorded_batch

    release_id = manifest["release_id"]
    try:
        secret = keyfile.release_secret(keys_dir, create=False)
        ids_file = keyfile.ids_path(keys_dir, release_id)
        batch = recorded_batch(keys_dir, release_id)
        if ids_file is None or batch is None:
            raise keyfile.KeysDirError(f"{keys_dir}: no id map of release {release_id} here")
        row = keyfile.read_key(ids_file).filter(id=essay_id).to_dicts()
    except (keyfile.KeysDirError, keyfile.KeyFileError) as exc:
        out["input"] = f"not checked: {exc}"
        return False
    if row:
        out["source"], out["batch"] = row[0]["source"], str(batch)
    try:
        current = input_hmacs(batch, secret, manifest)
    except (OSError, ValueError) as exc:
        out["input"] = f"not checked: {exc}"
        return False
    if essay_id not in current:
        out["input"] = "MISSING from the batch"
        return False
    same = current[essay_id] == out["input_hmac"]
    out["input"] = "unchanged" if same else "CHANGED since the release"
    return same


def _sums(path: Path) -> dict[str, str]:
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        sha, _, rel = line.partition("  ")
        if rel:
            out[rel] = sha
    return out


def _essay_of(rel: str) -> str | None:
    parts = rel.split("/")
    return Path(parts[1]).stem if len(parts) == 2 and parts[0] in ("texts", "svala") else None


def _snapshot(snapshot: dict) -> dict:
    """Gazetteers with their version, sha256 and the upstream files (or packages) behind them."""
    sources = snapshot.get("sources", {})
    gazetteers = {}
    for name, g in snapshot.get("gazetteers", {}).items():
        upstream = []
        for source in g.get("sources", []):
            prov = sources.get(source, {})
            entry = {"source": source, "licence": prov.get("licence"),
                     "attribution": prov.get("attribution"),
                     "fetched": [{k: rec.get(k) for k in ("url", "final_url", "sha256",
                                                          "retrieved_at", "etag",
                                                          "last_modified", "bytes")}
                                 for rec in prov.get("fetch", [])]}
            if prov.get("packages"):
                entry["packages"] = prov["packages"]
            upstream.append(entry)
        gazetteers[name] = {"version": g.get("version"), "sha256": g.get("sha256"),
                            "rows": g.get("rows"), "upstream": upstream}
    return {"id": snapshot.get("id"), "created_at": snapshot.get("created_at"),
            "gazetteers": gazetteers}
