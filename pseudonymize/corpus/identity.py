"""The release id: a hash of everything that decides a release's content. Kept apart from
`release` (and free of polars) so the CLI can tell that a release exists before it starts any
work."""
from __future__ import annotations

import hashlib
import json

import pseudonymize
from pseudonymize.corpus.batch import Batch


def release_config(strategy: str, seed: int, max_bytes: int, policy_sha256: str | None = None
                   ) -> dict:
    """The options that change a release's content, as the manifest records them (a policy by
    the sha256 of its file)."""
    config: dict = {"strategy": strategy, "seed": seed, "max_bytes": max_bytes}
    if policy_sha256:
        config["policy"] = {"sha256": policy_sha256}
    return config


def release_id(batch: Batch, snapshot_id: str, config: dict, code_revision: str) -> str:
    """Inputs, quarantine, snapshot, configuration and code revision -> 16 hex digits."""
    identity = {"config": config, "snapshot": snapshot_id, "code_revision": code_revision,
                "version": pseudonymize.__version__, "files": batch.files,
                "essays": [[e.essay_id, e.sha256, e.learner_id, e.metadata] for e in batch.essays],
                "quarantine": [q.to_dict() for q in batch.quarantine]}
    return hashlib.sha256(json.dumps(identity, sort_keys=True, ensure_ascii=False)
                          .encode()).hexdigest()[:16]
