"""`swepseudo review ...` and `swepseudo release --review` from the command line."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from flows.cli import main
from flows.cli_review import loopback
from tests.pseudonymize.corpus_support import ESSAYS, SECRET_NAME


@pytest.mark.parametrize("host,ok", [("127.0.0.1", True), ("::1", True), ("localhost", True),
                                     ("127.8.0.1", True), ("0.0.0.0", False),
                                     ("192.168.1.4", False), ("example.org", False)])
def test_loopback_hosts(host: str, ok: bool) -> None:
    assert loopback(host) is ok


def test_prepare_approve_release_stats_export(home: Path, capsys: pytest.CaptureFixture) -> None:
    keys = home / "keys"
    assert main(["review", "prepare", str(home / "batch"), "--keys", str(keys)]) == 0
    out = capsys.readouterr().out
    ws = Path(out.split()[1])
    assert ws.parent == keys / "reviews" and "3 to review" in out
    assert main(["review", "prepare", str(home / "batch"), "--keys", str(keys)]) == 2
    assert "exists already" in capsys.readouterr().err

    release = ["release", str(home / "batch"), "--out", str(home / "out"), "--workers", "1",
               "--review", str(ws), "--require-approved"]
    assert main(release) == 2
    err = capsys.readouterr().err
    assert "essay e01: not approved" in err and SECRET_NAME not in err

    assert main(["review", "approve", str(ws), "--essay", "e01", "nope"]) == 2
    assert "no such essay" in capsys.readouterr().err
    assert main(["review", "approve", str(ws), "--all", "--keep-marks",
                 "--reviewer", "cli-ada"]) == 0
    assert "approved 3 essays; 3 of 3 approved now" in capsys.readouterr().out

    assert main(release) == 0
    out = capsys.readouterr().out
    root = Path(out.split()[1])
    manifest = json.loads((root / "manifest.json").read_text())
    assert manifest["review"]["essays"] == {"approved": 3}
    assert manifest["review"]["via"] == {"cli": 3}
    assert list(manifest["review"]["reviewers"]) == ["reviewer 1"]
    texts = [p.read_text() for p in (root / "texts").glob("*.txt")]
    assert len(texts) == 3 and not any(SECRET_NAME in t for t in texts)

    assert main(["review", "stats", str(ws)]) == 0
    out = capsys.readouterr().out
    assert "3 of 3 approved" in out and "precision 100.0%" in out and SECRET_NAME not in out
    assert "decisions made in: cli 3" in out
    gold = home / "gold.jsonl"
    assert main(["review", "export-gold", str(ws), "--out", str(gold)]) == 0
    assert [json.loads(x)["id"] for x in gold.read_text().splitlines()] == sorted(ESSAYS)

    graph = sorted((keys / f"{root.name}.review").glob("*.json"))[0]  # found by its text
    assert main(["review", "import-svala", str(ws), str(graph)]) == 0
    assert "decisions" in capsys.readouterr().out
    assert main(["review", "stats", str(home / "batch")]) == 2
    assert "not a review workspace" in capsys.readouterr().err
    assert_no_essay_text_in_prefect()


def test_serve_prints_one_url_and_guards_it_with_the_token(home: Path) -> None:
    assert main(["review", "prepare", str(home / "batch"), "--keys", str(home / "k2")]) == 0
    ws = next((home / "k2" / "reviews").iterdir())
    proc = subprocess.Popen([sys.executable, "-m", "flows.cli", "review", "serve", str(ws),
                             "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env={**os.environ, "SWEPSEUDO_HOME": str(home)})
    try:
        assert "essays" in proc.stdout.readline()
        url = proc.stdout.readline().strip()
        assert url.startswith("http://127.0.0.1:") and "?token=" in url
        base = url.split("?")[0]
        with pytest.raises(urllib.error.HTTPError) as info:
            urllib.request.urlopen(base + "api/essays/0", timeout=10)
        assert info.value.code == 401
        token = url.split("token=")[1]
        req = urllib.request.Request(base + "api/essays/0", headers={"X-Review-Token": token})
        with urllib.request.urlopen(req, timeout=10) as res:
            assert json.loads(res.read())["id"] == "e01"
        with urllib.request.urlopen(url, timeout=10) as res:
            assert b"swepseudo review" in res.read()
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=20)
    assert SECRET_NAME not in err and "e01" not in err and "/api/" not in err


def test_serve_warns_about_a_non_loopback_host(home: Path, capsys: pytest.CaptureFixture,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    import uvicorn

    assert main(["review", "prepare", str(home / "batch"), "--keys", str(home / "k3")]) == 0
    ws = next((home / "k3" / "reviews").iterdir())
    capsys.readouterr()
    served = []
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets: served.append(sockets))
    assert main(["review", "serve", str(ws), "--port", "0", "--host", "0.0.0.0"]) == 0
    out, err = capsys.readouterr()
    assert "warning: serving on 0.0.0.0" in err and "original essay text" in err
    assert out.splitlines()[1].startswith("http://0.0.0.0:") and len(served) == 1
    served[0][0].close()
    assert main(["review", "serve", str(ws), "--port", "0"]) == 0
    out, err = capsys.readouterr()
    assert err == "" and out.splitlines()[1].startswith("http://127.0.0.1:")
    served[1][0].close()


def assert_no_essay_text_in_prefect() -> None:
    """The reviewed releases' flow runs, their logs and the artifacts hold paths, ids, labels
    and counts only."""
    from prefect.client.orchestration import get_client
    from prefect.client.schemas.filters import LogFilter, LogFilterFlowRunId
    from prefect.logging.handlers import APILogHandler

    APILogHandler().flush()
    with get_client(sync_client=True) as client:
        flows = [r for r in client.read_flow_runs() if r.parameters.get("review")]
        assert flows, "no reviewed release ran through the flow"
        logs = client.read_logs(log_filter=LogFilter(flow_run_id=LogFilterFlowRunId(
            any_=[r.id for r in flows])), limit=200)
        artifacts = client.read_artifacts()
        runs = flows + client.read_task_runs()
    seen = "\n".join([*(log.message for log in logs), *(str(a.data) for a in artifacts),
                      *(json.dumps(getattr(r, "parameters", {}), default=str) for r in runs)])
    assert "not approved" in seen  # the refusal was logged (ids and labels only)
    for text in ESSAYS.values():
        for word in text.split():
            if len(word) > 6:
                assert word.strip(".!") not in seen, word


# A workspace damaged by hand: one line naming the file, exit 2 (before: an index row of another
# shape was TypeError, an internal error with exit 70; a 100,000-deep file RecursionError)
DAMAGES = [
    ("index.json", b"[1]", "damaged workspace"),
    ("index.json", b"[" * 100_000, "index.json: a damaged workspace file"),
    ("workspace.json", b"[]", "workspace.json: a damaged workspace file"),
    ("workspace.json", b"{}", "damaged workspace"),
    ("decisions.jsonl", b"[]\n", r"decisions.jsonl:1: not a decision"),
]


@pytest.mark.parametrize("name, data, message", DAMAGES)
def test_a_damaged_workspace_is_one_line(home: Path, capsys: pytest.CaptureFixture, name: str,
                                         data: bytes, message: str) -> None:
    keys = home / f"keys-{name}-{len(data)}-{data[:2].hex()}"
    assert main(["review", "prepare", str(home / "batch"), "--keys", str(keys)]) == 0
    ws = Path(capsys.readouterr().out.split()[1])
    (ws / name).write_bytes(data)
    for command in (["review", "stats", str(ws)], ["review", "approve", str(ws), "--all"]):
        assert main(command) == 2
        err = capsys.readouterr().err
        assert message in err and err.count("\n") == 1 and SECRET_NAME not in err
