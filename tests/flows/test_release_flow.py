"""The release flow under Prefect: local and Dask runs agree byte for byte; no text escapes."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from flows.corpus import release_corpus
from pseudonymize.corpus.verify import compare
from tests.pseudonymize.corpus_support import ESSAYS, SECRET_EMAIL, SECRET_NAME


@pytest.fixture(scope="module")
def local_release(home: Path) -> dict:
    return release_corpus(str(home / "batch"), str(home / "local"), workers=2)


def test_local_release_is_published_with_key_outside(local_release: dict, home: Path):
    root = Path(local_release["path"])
    assert root.parent == home / "local" and (root / "SHA256SUMS").is_file()
    assert Path(local_release["key"]).parent == home / "keys"
    assert local_release["counts"]["essays"] == 3 and local_release["counts"]["labels"]["email"] == 2
    assert [p.name for p in (home / "local").iterdir()] == [root.name]
    published = b"".join(p.read_bytes() for p in root.rglob("*") if p.is_file())
    assert SECRET_EMAIL.encode() not in published


def test_dask_local_cluster_release_is_byte_identical(local_release: dict, home: Path):
    dask = release_corpus(str(home / "batch"), str(home / "dask"), dask="local", workers=2,
                          processes=False)
    assert dask["release_id"] == local_release["release_id"]
    assert compare(Path(local_release["path"]), Path(dask["path"])) == []


def test_no_essay_text_in_prefect_logs_results_or_artifacts(local_release: dict):
    from prefect.client.orchestration import get_client
    from prefect.logging.handlers import APILogHandler

    APILogHandler().flush()
    with get_client(sync_client=True) as client:
        logs = client.read_logs(limit=200)
        artifacts = client.read_artifacts()
        runs = client.read_flow_runs() + client.read_task_runs()
    artifact = next(a for a in artifacts if a.key == f"release-{local_release['release_id']}")
    assert "| email | 2 |" in artifact.data
    seen = "\n".join([*(log.message for log in logs), *(str(a.data) for a in artifacts),
                      *(json.dumps(r.parameters if hasattr(r, "parameters") else {}, default=str)
                        for r in runs),
                      *(str(r.state.message if r.state else "") for r in runs)])
    assert local_release["release_id"] in seen
    # the worker processes reported their task runs to this server (not to servers of their own)
    names = {r.name for r in runs}
    assert {"shard-0", "shard-1"} <= names and any(n.startswith("load-engine") for n in names)
    for needle in (SECRET_NAME, SECRET_EMAIL, *(t.split(".")[0] for t in ESSAYS.values())):
        assert needle not in seen


def test_a_task_exception_reaches_prefect_by_its_type_only() -> None:
    """Prefect logs a failed task's exception by its repr into its database and on stderr; a
    UnicodeError's args hold the whole string (before: the plan's id map, original file names
    and all, sat in ~/.prefect/prefect.db after a crash). The release's own errors pass."""
    from flows import corpus
    from pseudonymize.corpus.batch import BatchError

    def encode(text: str) -> bytes:
        return text.encode("ascii")

    def own() -> None:
        raise BatchError("batch: not a directory of .txt essays nor a .jsonl file")

    with pytest.raises(corpus.TaskFailed) as failed:
        corpus.private_errors(encode)(f"Zlatomira Quxberg {SECRET_NAME} \u00e5")
    assert repr(failed.value) == "TaskFailed('UnicodeEncodeError in encode')"
    assert failed.value.__suppress_context__ and isinstance(failed.value.original,
                                                            UnicodeEncodeError)
    with pytest.raises(corpus.TaskFailed, match=r"^UnicodeEncodeError in encode$"):
        corpus.private_errors(corpus.private_errors(encode))("\u00e5")  # the flow around a task
    with pytest.raises(BatchError):
        corpus.private_errors(own)()
    with pytest.raises(corpus.TaskFailed, match="KeyError"):
        corpus.private_errors(lambda: {}[SECRET_NAME])()
    for step in (corpus.load_engine, corpus.prepare, corpus.run_shard, corpus.publish,
                 corpus.release_corpus):
        assert step.fn.__wrapped__, step.name  # every step that sees text is wrapped


def test_a_batch_named_after_a_person_is_not_in_prefects_database(home: Path) -> None:
    """Prefect stores a flow run's parameters in its database (~/.prefect/prefect.db): the
    command line hands it the batch's path hidden (before: `klass9_vera_strandqvist` there,
    though the manifest publishes the batch as `batch.jsonl` or no name at all)."""
    import shutil

    from prefect.client.orchestration import get_client

    from flows.cli import main

    batch = home / "klass9_vera_strandqvist"
    shutil.copytree(home / "batch", batch)
    assert main(["release", str(batch), "--out", str(home / "named"), "--workers", "1"]) == 0
    with get_client(sync_client=True) as client:
        runs = [r for r in client.read_flow_runs() if "named" in str(r.parameters.get("out"))]
    assert len(runs) == 1 and runs[0].parameters["batch"] == "**********"
    assert "strandqvist" not in json.dumps([r.parameters for r in runs], default=str)
