"""The release id: a hash of everything that decides a release's content. Kept apart from
`release` (and free of polars) so the CLI can tell that a release exists before it starts any
work."""
from __future__ import annotations

import hashlib
import json

import pseudonymize
from pseudonymize.corpus.batch import Batch


def release_config(strategy: str, seed: int, max_bytes: int) -> dict:
    """The options that change a release's content, as the manifest records them."""
    return {"strategy": strategy, "seed": seed, "max_bytes": max_bytes}


def release_id(batch: Batch, snapshot_id: str, config: dict, code_revision: str,
               review: str | None = None) -> str:
    """Inputs, quarantine, snapshot, configuration, code revision (and the digest of a review's
    decisions, `release --review`) -> 16 hex digits."""
    identity = {**({"review": review} if review else {}), "config": config, "snapshot": snapshot_id, "code_revision": code_revision,
                "version": pseudonymize.__version__, "files": batch.files,
                "essays": [[e.essay_id, e.sha256, e.learner_id, e.metadata] for e in batch.essays],
                "quarantine": [q.to_dict() for q in batch.quarantine]}
    return hashlib.sha256(json.dumps(identity, sort_keys=True, ensure_ascii=False)
                          .encode()).hexdigest()[:16]
