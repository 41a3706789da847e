"""The review web app's HTTP API (FastAPI TestClient): token, every action, bad requests,
conflicts between tabs, persistence across a restart."""
from __future__ import annotations

import json
import logging
import os
import stat
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from pseudonymize.engine import Engine
from pseudonymize.review.app import create_app
from pseudonymize.review.workspace import (ReviewError, Workspace, WorkspaceExists, decided_spans,
                                           prepare)
from tests.pseudonymize.review.conftest import MISSED, TOKEN, span_of


def decide(client: TestClient, index: int, **action) -> dict:
    view = client.get(f"/api/essays/{index}").json()
    res = client.post(f"/api/essays/{index}/decide", json={"version": view["version"], **action})
    assert res.status_code == 200, res.text
    return res.json()


def log_lines(ws_path: Path) -> list[dict]:
    return [json.loads(x) for x in (ws_path / "decisions.jsonl").read_text().splitlines()]


def test_workspace_is_private_and_complete(ws_path: Path, batch: Path, engine: Engine,
                                          engine_snapshot: Path) -> None:
    assert ws_path.parent.name == "reviews"
    assert stat.S_IMODE(ws_path.stat().st_mode) == 0o700
    for name in ("workspace.json", "essays.jsonl", "decisions.jsonl"):
        assert stat.S_IMODE((ws_path / name).stat().st_mode) == 0o600
    assert (ws_path / "decisions.jsonl").read_bytes() == b""
    record = json.loads((ws_path / "essays.jsonl").read_text().splitlines()[0])
    assert [(s["label"], s["ref"], s["pseudonym"] != "") for s in record["spans"]][:2] == [
        ("firstname_female", 1, True), ("city", 1, True)]
    with pytest.raises(WorkspaceExists):  # same batch, snapshot and seed: the same workspace
        prepare(batch, ws_path.parents[1], engine, snapshot_path=engine_snapshot)


@pytest.mark.parametrize("path", ["/", "/api/meta", "/api/essays", "/api/essays/0",
                                  "/api/stats"])
def test_every_request_needs_the_token(ws_path: Path, engine: Engine, path: str) -> None:
    bare = TestClient(create_app(Workspace(ws_path), engine, TOKEN))
    assert bare.get(path).status_code == 401
    assert bare.get(path, headers={"X-Review-Token": "wrong"}).status_code == 401
    sep = "&" if "?" in path else "?"
    assert bare.get(f"{path}{sep}token={TOKEN}").status_code == 200
    assert bare.get(path, headers={"X-Review-Token": TOKEN}).status_code == 200
    assert bare.post("/api/essays/0/decide", json={"action": "approve"}).status_code == 401
    assert bare.post("/api/search", json={"q": "Anna"}).status_code == 401
    assert log_lines(ws_path) == []


def test_page_is_served_with_its_script_inline(client: TestClient) -> None:
    res = client.get("/")
    assert res.status_code == 200 and "text/html" in res.headers["content-type"]
    assert "function onKey" in res.text and "mark.sp.name" in res.text
    assert "/*APP_JS*/" not in res.text
    assert "default-src 'none'" in res.headers["content-security-policy"]


def test_list_filters_and_risk_order(client: TestClient) -> None:
    everything = client.get("/api/essays").json()
    assert [e["id"] for e in everything["items"]] == ["e01", "e02", "e03"]
    assert everything["progress"] == {"total": 3, "approved": 0, "quarantined": 0, "open": 3,
                                      "reviewers": {}}
    assert [e["id"] for e in client.get("/api/essays?marks=true").json()["items"]] == ["e01"]
    assert [e["id"] for e in client.get("/api/essays?learner=L2").json()["items"]] == ["e03"]
    assert [e["id"] for e in client.get("/api/essays?label=city").json()["items"]] == [
        "e01", "e02", "e03"]
    risky = client.get("/api/essays?order=risk").json()["items"]
    assert risky[0]["id"] == "e01"  # two undecided marks
    decide(client, 1, action="approve")
    assert [e["id"] for e in client.get("/api/essays?state=open").json()["items"]] == ["e01", "e03"]
    assert client.get("/api/essays?state=approved").json()["progress"]["reviewers"] == {"ada": 1}


def test_accept_reject_relabel_and_live_rendering(client: TestClient, ws_path: Path) -> None:
    view = client.get("/api/essays/2").json()
    assert "Igår" not in view["target"]  # the engine took it for a name
    igar = span_of(view, "Igår")
    view = decide(client, 2, action="reject", span=igar["sid"])
    assert view["target"].startswith("Igår kom")  # re-rendered: the original is kept
    assert span_of(view, "Igår")["status"] == "rejected" and span_of(view, "Igår")["ref"] is None
    erik = span_of(view, "Erik")
    view = decide(client, 2, action="accept", span=erik["sid"])
    assert span_of(view, "Erik")["status"] == "accepted"
    view = decide(client, 2, action="relabel", span=erik["sid"], label="firstname_unknown",
                  attrs=["gen"])
    erik = span_of(view, "Erik")
    assert (erik["label"], erik["attrs"], erik["engine_label"]) == (
        "firstname_unknown", ["gen"], "firstname_male")
    assert [e["action"] for e in log_lines(ws_path)] == ["reject", "accept", "relabel"]
    assert {e["reviewer"] for e in log_lines(ws_path)} == {"ada"}


def test_add_span_and_apply_everywhere(client: TestClient, ws_path: Path) -> None:
    text = client.get("/api/essays/1").json()["text"]
    start = text.index(MISSED)
    view = decide(client, 1, action="add", start=start, end=start + len(MISSED),
                  label="firstname_female")
    added = span_of(view, MISSED)
    # running numbers restart in each essay: the added name comes first in e02, before Anna
    assert (added["origin"], added["status"], added["ref"]) == ("reviewer", "accepted", 1)
    assert span_of(view, "Anna")["ref"] == 2
    assert MISSED not in view["target"]
    hits = client.post("/api/search", json={"q": MISSED.upper()}).json()["hits"]
    assert [(h["id"], h["covered"]) for h in hits] == [("e02", "firstname_female"), ("e03", None)]
    occurrences = [{k: h[k] for k in ("index", "start", "end")} for h in hits]
    res = client.post("/api/apply", json={"label": "firstname_female", "attrs": [],
                                         "occurrences": occurrences})
    # the one already marked is skipped with its reason, the other added
    assert res.json()["added"] == 1 and "overlaps" in res.json()["skipped"][0]["reason"]
    assert MISSED not in client.get("/api/essays/2").json()["target"]
    assert [s.label for s in decided_spans(ws_path, "e03")
            if ESSAY3[s.start:s.end] == MISSED] == ["firstname_female"]


ESSAY3 = f"Igår kom ett kort från {MISSED} hem. Min vän Erik bor i Malmö.\n"


def test_marks_must_be_decided_before_approval(client: TestClient) -> None:
    view = client.get("/api/essays/0").json()
    assert sorted(s["label"] for s in view["spans"] if s["undecided"]) == ["fam", "sensitive"]
    res = client.post("/api/essays/0/decide", json={"action": "approve", "version": 0})
    assert res.status_code == 409 and "1 fam, 1 sensitive" in res.json()["detail"]
    view = decide(client, 0, action="replace", span=span_of(view, "cancer")["sid"])
    cancer = span_of(view, "cancer")
    assert (cancer["status"], cancer["published_label"]) == ("replaced", "extra")
    assert "cancer" not in view["target"] and "a-extra" in view["target"]
    view = decide(client, 0, action="accept", span=span_of(view, "mamma")["sid"])
    assert "mamma" in view["target"]
    view = decide(client, 0, action="approve")
    assert view["state"] == "approved" and view["approved"]["reviewer"] == "ada"


def test_merge_split_comment_quarantine_reopen(client: TestClient) -> None:
    view = client.get("/api/essays/0").json()
    anna, stockholm = span_of(view, "Anna"), span_of(view, "Stockholm")
    res = client.post("/api/essays/0/decide", json={"action": "merge", "span": anna["sid"],
                                                   "into": stockholm["sid"], "version": 0})
    assert res.status_code == 422 and "cannot merge" in res.json()["detail"]
    text = view["text"]
    view = decide(client, 0, action="add", start=text.index("Min"), end=text.index("Min") + 3,
                  label="firstname_female")
    added = span_of(view, "Min")
    assert added["ref"] == 2
    view = decide(client, 0, action="merge", span=added["sid"], into=anna["sid"])
    assert span_of(view, "Min")["ref"] == span_of(view, "Anna")["ref"] == 1
    assert span_of(view, "Min")["pseudonym"] == span_of(view, "Anna")["pseudonym"]
    view = decide(client, 0, action="split", span=added["sid"])
    assert span_of(view, "Min")["ref"] == 2
    view = decide(client, 0, action="comment", kind="OBS!", text="check the name", span=anna["sid"])
    assert view["comments"][0]["kind"] == "OBS!" and view["comments"][0]["reviewer"] == "ada"
    view = decide(client, 0, action="quarantine", reason="too personal")
    assert view["state"] == "quarantined"
    view = decide(client, 0, action="reopen")
    assert view["state"] == "open"


@pytest.mark.parametrize("url,body,status,detail", [
    ("/api/essays/9/decide", {"action": "approve"}, 404, "no essay"),
    ("/api/essays/-1/decide", {"action": "approve"}, 404, "no essay"),
    ("/api/essays/0/decide", {"action": "add", "start": 50, "end": 999, "label": "city"}, 422,
     "outside the essay"),
    ("/api/essays/0/decide", {"action": "add", "start": "1", "end": 3, "label": "city"}, 422,
     "outside the essay"),
    ("/api/essays/0/decide", {"action": "add", "start": 8, "end": 14, "label": "city"}, 409,
     "overlaps"),
    ("/api/essays/0/decide", {"action": "add", "start": 0, "end": 3, "label": "person"}, 422,
     "unknown label"),
    ("/api/essays/0/decide", {"action": "add", "start": 0, "end": 4, "label": "city"}, 422,
     "white space"),
    ("/api/essays/0/decide", {"action": "add", "start": 0, "end": 3, "label": "city",
                              "attrs": ["weird"]}, 422, "attributes"),
    ("/api/essays/0/decide", {"action": "relabel", "span": "p0", "label": "nope"}, 422,
     "unknown label"),
    ("/api/essays/0/decide", {"action": "accept", "span": "p99"}, 404, "no span"),
    ("/api/essays/0/decide", {"action": "explode"}, 422, "unknown action"),
    ("/api/essays/0/decide", {"action": "replace", "span": "p0"}, 422, "mark-only"),
    ("/api/essays/0/decide", {"action": "comment", "kind": "FYI", "text": "x"}, 422, "OBS!"),
    ("/api/essays/0/decide", {"action": "comment", "kind": "Com!", "text": ""}, 422, "text"),
    ("/api/essays/0/decide", {"action": "accept", "span": "p0", "version": 5}, 409,
     "changed meanwhile"),
    ("/api/essays/0/decide", {"action": "accept", "span": "p0", "version": "0"}, 422, "version"),
    ("/api/essays/0/decide", [1, 2], 400, "JSON object"),
    ("/api/apply", {"label": "city", "occurrences": []}, 422, "occurrences"),
])
def test_bad_requests_change_nothing(client: TestClient, ws_path: Path, url: str, body: object,
                                     status: int, detail: str) -> None:
    before = client.get("/api/essays/0").json()
    res = client.post(url, json=body)
    assert res.status_code == status, res.text
    assert detail in res.json()["detail"]
    assert log_lines(ws_path) == []
    assert client.get("/api/essays/0").json() == before


def test_bad_bodies_and_queries(client: TestClient, ws_path: Path) -> None:
    res = client.post("/api/essays/0/decide", content=b"{not json")
    assert res.status_code == 400 and "not JSON" in res.json()["detail"]
    assert client.get("/api/essays/abc").status_code == 422
    assert client.get("/api/essays?state=weird").status_code == 422
    assert client.get("/api/essays?label=weird").status_code == 422
    assert client.post("/api/search", json={"q": ""}).status_code == 422
    assert client.post("/api/search", json={"q": 3}).status_code == 422
    assert log_lines(ws_path) == []


@pytest.mark.parametrize("body, detail", [
    (b"[" * 100_000, "nested too deeply"),
    (b'{"action": "comment", "kind": "OBS!", "text": "a\\ud800b"}', "lone surrogate"),
    (b'{"action": "comment", "kind": "OBS!", "text": "ok", "x\\udfff": 1}', "lone surrogate"),
])
def test_a_body_no_log_line_can_hold_is_refused(client: TestClient, ws_path: Path, body: bytes,
                                                detail: str) -> None:
    """Before: RecursionError and UnicodeEncodeError (at the log write) answered 500."""
    before = client.get("/api/essays/0").json()
    res = client.post("/api/essays/0/decide", content=body)
    assert res.status_code == 400 and detail in res.json()["detail"]
    assert log_lines(ws_path) == [] and client.get("/api/essays/0").json() == before
    ok = client.post("/api/essays/0/decide", content='{"action": "comment", "kind": "OBS!", '
                                                     '"text": "ok \\ud83d\\ude00"}'.encode())
    assert ok.status_code == 200 and len(log_lines(ws_path)) == 1


def test_a_rejected_span_comes_back_only_where_nothing_overlaps_it(client: TestClient,
                                                                  ws_path: Path) -> None:
    view = client.get("/api/essays/2").json()
    igar = span_of(view, "Igår")
    decide(client, 2, action="reject", span=igar["sid"])
    decide(client, 2, action="add", start=0, end=3, label="city")  # "Igå" now a city
    for action in ({"action": "accept"}, {"action": "relabel", "label": "firstname_male"}):
        res = client.post("/api/essays/2/decide", json={**action, "span": igar["sid"]})
        assert res.status_code == 409 and "overlaps" in res.json()["detail"]
    assert len(log_lines(ws_path)) == 2


def test_two_tabs_on_one_essay_never_lose_an_update_silently(client: TestClient) -> None:
    tab1 = client.get("/api/essays/2").json()
    tab2 = client.get("/api/essays/2").json()
    sid = span_of(tab1, "Igår")["sid"]
    ok = client.post("/api/essays/2/decide", json={"action": "reject", "span": sid,
                                                   "version": tab1["version"]})
    assert ok.status_code == 200
    stale = client.post("/api/essays/2/decide", json={"action": "accept", "span": sid,
                                                      "version": tab2["version"]})
    assert stale.status_code == 409
    assert "changed meanwhile" in stale.json()["detail"] and "ada" in stale.json()["detail"]
    assert span_of(client.get("/api/essays/2").json(), "Igår")["status"] == "rejected"
    # another essay meanwhile is independent
    assert client.post("/api/essays/1/decide", json={"action": "approve", "version": 0}
                       ).status_code == 200


def test_decisions_survive_a_restart_and_a_torn_line(client: TestClient, ws_path: Path,
                                                      engine: Engine) -> None:
    decide(client, 2, action="reject", span="p0")
    decide(client, 1, action="approve")
    with open(ws_path / "decisions.jsonl", "ab") as fh:  # a writer killed mid-line
        fh.write(b'{"action": "approve", "essay": "e0')
    reopened = TestClient(create_app(Workspace(ws_path), engine, TOKEN),
                          headers={"X-Review-Token": TOKEN, "X-Reviewer": "bo"})
    assert reopened.get("/api/essays/2").json()["spans"][0]["status"] == "rejected"
    assert reopened.get("/api/essays/1").json()["state"] == "approved"
    decide(reopened, 0, action="comment", kind="Com!", text="resumed")
    lines = log_lines(ws_path)  # the torn line was cut off before the next append
    assert [(e["action"], e["reviewer"], e["seq"]) for e in lines] == [
        ("reject", "ada", 0), ("approve", "ada", 1), ("comment", "bo", 2)]


# A decision log edited or damaged by hand: each complete line that is not a decision the
# essay's state at that point admits refuses the workspace, naming the file and line (before:
# `TypeError`, `KeyError` or `RecursionError` at open, and an unknown action, a span past the
# text's end or an unknown label applied silently, to crash or mislead a release later)
_EVENT = '"reviewer": "x", "time": "t", "via": "web", "seq": 9, "version": 0'
DAMAGED_LOG = [
    (b"garbage\n", "not JSON"),
    (b"[" * 100_000 + b"\n", "not JSON"),
    (b"[]\n", "not a decision"),
    (b"{}\n", "not a decision"),
    (b'{"essay": "e01", "action": "approve"}\n', "not a decision"),
    (b'{"essay": "e01", "action": "approve", "reviewer": 5, "time": "t", "via": "web"}\n',
     "not a decision"),
    (b'{"essay": "e99", "action": "approve", ' + _EVENT.encode() + b"}\n", "no essay"),
    (b'{"essay": "e01", "action": "explode", ' + _EVENT.encode() + b"}\n", "unknown action"),
    (b'{"essay": "e01", "action": "reject", "span": "zz", ' + _EVENT.encode() + b"}\n",
     "no span"),
    (b'{"essay": "e01", "action": "add", "span": "a9", "start": 0, "end": 99999, '
     b'"label": "city", "attrs": [], ' + _EVENT.encode() + b"}\n", "outside the essay"),
    (b'{"essay": "e01", "action": "add", "span": "a9", "start": 0, "end": 3, '
     b'"label": "nope", "attrs": [], ' + _EVENT.encode() + b"}\n", "unknown label"),
    (b'{"essay": "e01", "action": "add", "start": 0, "end": 3, '
     b'"label": "city", "attrs": [], ' + _EVENT.encode() + b"}\n", "not a decision"),
]


@pytest.mark.parametrize("line, reason", DAMAGED_LOG)
def test_a_damaged_decision_log_refuses_the_workspace_naming_the_line(
        client: TestClient, ws_path: Path, line: bytes, reason: str) -> None:
    decide(client, 2, action="reject", span="p0")
    with open(ws_path / "decisions.jsonl", "ab") as fh:
        fh.write(line)
    with pytest.raises(ReviewError, match=r"decisions\.jsonl:2: .*" + reason) as info:
        Workspace(ws_path)
    assert "Anna" not in str(info.value) and len(str(info.value)) < 400


def test_two_servers_share_one_workspace(ws_path: Path, engine: Engine) -> None:
    one, two = Workspace(ws_path), Workspace(ws_path)
    one.decide(2, {"action": "reject", "span": "p0"}, "ada", version=0)
    two.decide(2, {"action": "accept", "span": "p1"}, "bo")  # catches up from the log first
    assert two.essays[2].version == 2 and two.essays[2].spans[0].status == "rejected"
    with pytest.raises(Exception, match="changed meanwhile"):
        one.decide(2, {"action": "accept", "span": "p0"}, "ada", version=1)


def test_no_essay_text_in_logs(client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    logging.getLogger("httpx").setLevel(logging.WARNING)  # the test client's own requests
    view = client.get("/api/essays/1").json()
    start = view["text"].index(MISSED)
    decide(client, 1, action="add", start=start, end=start + len(MISSED), label="city")
    client.post("/api/search", json={"q": MISSED})
    client.post("/api/essays/1/decide", json={"action": "add", "start": start, "end": start + 3,
                                              "label": "city"})
    assert caplog.records  # logging was captured at DEBUG
    assert MISSED not in caplog.text and "Anna" not in caplog.text


def test_workspace_files_stay_private_after_decisions(client: TestClient, ws_path: Path) -> None:
    decide(client, 0, action="comment", kind="OBS!", text="x")
    assert stat.S_IMODE(os.stat(ws_path / "decisions.jsonl").st_mode) == 0o600
