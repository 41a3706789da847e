"""What a release publishes of its inputs, and its id: keyed, so nothing original can be confirmed.

Essay and learner ids are published as opaque ids (an HMAC-SHA256 under the release secret kept
with the key) unless `keep_ids`; input hashes are keyed the same way; metadata columns appear only
when named (year and age columns as 5-year bins). The release id is a keyed hash of everything that
decides a release's content. Kept apart from `release` (and free of polars) so the CLI can tell
that a release exists before it starts any work.
"""
from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import pseudonymize
from pseudonymize.corpus.batch import METADATA_FILES, Batch, Essay
from pseudonymize.learned import DEFAULT_MODE
from pseudonymize.learned import provenance as learned_provenance


def keyed(secret: bytes, kind: str, value: str | bytes) -> str:
    """HMAC-SHA256 of `value` under the release secret, in hex; `kind` separates uses."""
    data = value if isinstance(value, bytes) else value.encode("utf-8", "surrogatepass")
    return hmac.new(secret, kind.encode() + b"\0" + data, hashlib.sha256).hexdigest()


def opaque(secret: bytes, kind: str, value: str) -> str:
    """The published form of an essay ("e…") or learner ("l…") id: keyed, so reruns with the
    same secret agree and nobody without the key can confirm a guessed id."""
    return kind[0] + keyed(secret, kind, value)[:16]


def binned(value: object) -> str | None:
    """A year or an age as its 5-year bin ("1985-1989", "25-29"), None when not a number."""
    try:
        number = int(str(value).strip()[:6])
    except ValueError:
        return None
    low = number - number % 5
    return f"{low}-{low + 4}"


def published_metadata(meta: dict, columns: Sequence[str], bins: Sequence[str]) -> dict:
    """The metadata the manifest carries: only the named columns, year/age columns binned."""
    out = {c: meta.get(c) for c in columns if c in meta}
    out.update({c: binned(meta[c]) for c in bins if c in meta})
    return dict(sorted(out.items()))


def published_file(name: str) -> str:
    """A batch-level file as the manifest names it: the metadata file by its fixed name, a JSON
    Lines batch as `batch.jsonl` (its own name is the user's, and may name a class or a person)."""
    return name if name in METADATA_FILES else "batch.jsonl"


def published_ids(secret: bytes, essay: Essay, keep_ids: bool) -> tuple[str, str | None]:
    """(essay id, learner id) as published: opaque unless `keep_ids`."""
    learner = essay.learner_id
    if keep_ids:
        return essay.essay_id, learner
    return (opaque(secret, "essay", essay.essay_id),
            opaque(secret, "learner", learner) if learner else None)


def kept_essays(essays: Iterable[Essay], secret: bytes, withdrawn: Iterable[str]) -> list[Essay]:
    """The essays of learners not withdrawn (`withdrawn` holds opaque learner ids)."""
    gone = set(withdrawn)
    return [e for e in essays
            if not (e.learner_id and opaque(secret, "learner", e.learner_id) in gone)]


def release_config(strategy: str, seed: int, max_bytes: int, keep_ids: bool = False,
                   publish_metadata: Sequence[str] = (), bin_years: Sequence[str] = (),
                   policy_sha256: str | None = None, learned_mode: str = DEFAULT_MODE) -> dict:
    """The options that change a release's content, as the manifest records them (a policy by
    the sha256 of its file; the learned tagger by its mode and its model's sha256)."""
    config: dict = {"strategy": strategy, "seed": seed, "max_bytes": max_bytes,
                    "keep_ids": keep_ids, "publish_metadata": sorted(publish_metadata),
                    "bin_years": sorted(bin_years)}
    if policy_sha256:
        config["policy"] = {"sha256": policy_sha256}
    tagger = learned_provenance(learned_mode)
    if tagger:
        config["learned"] = tagger
    return config


def published_review(summary: dict, secret: bytes) -> dict:
    """A review's summary as the manifest carries it: the workspace by a keyed id and the
    reviewers numbered in the order they started (their login names stay with the key)."""
    order = sorted(summary["reviewers"], key=lambda r: (summary["reviewers"][r]["first"], r))
    return {**summary, "workspace": "w" + keyed(secret, "review", summary["workspace"])[:16],
            "reviewers": {f"reviewer {n}": summary["reviewers"][r]
                          for n, r in enumerate(order, 1)}}


@dataclass
class Described:
    """A batch as a release will publish it: its id, and what each essay becomes."""

    release_id: str
    config: dict
    essays: list[tuple[Essay, str, str | None, dict]]  # essay, published id, learner, entry
    published: dict[str, dict]      # published id -> manifest entry
    quarantine: list[dict]          # {"id": opaque, "reason"}
    ids: list[dict]                 # the key's id map rows (+ "opaque")
    files: dict[str, str]           # batch-level files -> keyed hash


def describe(batch: Batch, secret: bytes, snapshot_id: str, code_revision: str, config: dict,
             withdrawn: tuple[str, ...] = (), supersedes: str | None = None,
             review: str | None = None) -> Described:
    """Published ids, keyed hashes and metadata of every essay, the quarantine list and the id
    map for the key, and the release id (keyed hash of all that plus snapshot, config, code and
    the digest of a review's decisions, `release --review`)."""
    keep_ids = config["keep_ids"]
    essays, published, ids = [], {}, []
    for essay in kept_essays(batch.essays, secret, withdrawn):
        essay_pub, learner_pub = published_ids(secret, essay, keep_ids)
        entry = {"input_hmac": keyed(secret, "input", essay.sha256), "encoding": essay.encoding,
                 "learner": learner_pub,
                 "metadata": published_metadata(essay.metadata, config["publish_metadata"],
                                                 config["bin_years"])}
        if essay.note:
            entry["note"] = essay.note
        published[essay_pub] = entry
        essays.append((essay, essay_pub, learner_pub, entry))
        ids.append({"id": essay_pub, "essay_id": essay.essay_id, "learner": learner_pub,
                    "learner_id": essay.learner_id, "source": essay.source,
                    "status": "released", "reason": None, "detail": None,
                    "opaque": opaque(secret, "essay", essay.essay_id)})
    quarantine = []
    for q in batch.quarantine:
        qid = opaque(secret, "essay", q.source)
        quarantine.append({"id": qid, "reason": q.reason})
        ids.append({"id": qid, "essay_id": q.essay_id, "learner": None, "learner_id": None,
                    "source": q.source, "status": "quarantined", "reason": q.reason,
                    "detail": q.detail, "opaque": qid})
    files = {published_file(name): keyed(secret, "input", sha)
             for name, sha in batch.files.items()}
    identity = {"config": config, "snapshot": snapshot_id, "code_revision": code_revision,
                "version": pseudonymize.__version__, "files": files, "essays": published,
                "quarantine": quarantine, "withdrawn": list(withdrawn), "supersedes": supersedes,
                **({"review": review} if review else {})}
    release_id = keyed(secret, "release", json.dumps(identity, sort_keys=True,
                                                     ensure_ascii=False))[:16]
    return Described(release_id, config, essays, published, quarantine, ids, files)
