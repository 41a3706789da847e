"""`release --review`: the release renders the reviewed spans, deterministically; with
--require-approved it waits for every approval and mark decision; the manifest records the
review as counts only."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pseudonymize.corpus import keys as keyfile
from pseudonymize.corpus import release as rel
from pseudonymize.corpus.verify import verify
from pseudonymize.review.workspace import Workspace
from tests.pseudonymize.review.conftest import ESSAYS, MISSED

# names kept: the texts are looked up by essay id
SAME = {"keep_ids": True}


def review(ws_path: Path) -> None:
    """Reject a false name, add the missed one in both essays, decide the marks, approve."""
    ws = Workspace(ws_path)
    e3 = ws.by_id["e03"]
    igar = next(s for s in e3.spans if e3.text[s.start:s.end] == "Igår")
    ws.decide(e3.index, {"action": "reject", "span": igar.sid}, "ada")
    ws.decide_many([(ws.by_id[i].index, {"action": "add", "label": "firstname_female",
                                         "start": ESSAYS[i].index(MISSED),
                                         "end": ESSAYS[i].index(MISSED) + len(MISSED)}, None)
                    for i in ("e02", "e03")], "ada")
    e1 = ws.by_id["e01"]
    for s in e1.spans:
        if e1.text[s.start:s.end] == "cancer":
            ws.decide(e1.index, {"action": "replace", "span": s.sid}, "bo")
        elif e1.text[s.start:s.end] == "mamma":
            ws.decide(e1.index, {"action": "accept", "span": s.sid}, "bo")
    for e in ws.essays:
        ws.decide(e.index, {"action": "approve"}, "ada")


def files(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and p.name not in ("manifest.json", "provenance.jsonl", "SHA256SUMS")}


def test_require_approved_lists_open_items_by_id_and_label(tmp_path: Path, batch: Path,
                                                           ws_path: Path,
                                                           engine_snapshot: Path) -> None:
    with pytest.raises(rel.ReleaseError) as info:
        rel.release(batch, tmp_path / "out", engine_snapshot, tmp_path / "keys", **SAME,
                    review=ws_path, require_approved=True)
    message = "\n".join(info.value.detail)  # for the terminal; the message counts them
    assert "essay e01: not approved" in message and "essay e03: not approved" in message
    assert "essay e01: 1 undecided sensitive mark" in message
    assert "essay e01: 1 undecided fam mark" in message
    assert str(info.value).endswith("(--require-approved): 3 essay(s) not approved, "
                                    "1 undecided fam mark(s), 1 undecided sensitive mark(s)")
    for essay in ESSAYS.values():  # ids and labels, never the text
        assert not any(word in message for word in ("Anna", "cancer", "mamma", MISSED))
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


def test_release_from_decisions_is_deterministic(tmp_path: Path, batch: Path, ws_path: Path,
                                                 engine_snapshot: Path) -> None:
    review(ws_path)
    one = rel.release(batch, tmp_path / "out1", engine_snapshot, tmp_path / "keys1", **SAME,
                      review=ws_path, require_approved=True)
    secret = keyfile.release_secret(tmp_path / "keys1", create=False)  # the same in both
    two = rel.release(batch, tmp_path / "out2", engine_snapshot, tmp_path / "keys2", **SAME,
                      review=ws_path, require_approved=True, release_secret=secret)
    assert one["release_id"] == two["release_id"]
    assert files(Path(one["path"])) == files(Path(two["path"]))
    plain = rel.release(batch, tmp_path / "out3", engine_snapshot, tmp_path / "keys3", **SAME,
                        release_secret=secret)
    assert plain["release_id"] != one["release_id"]  # the decisions are part of the identity

    texts = {p.stem: p.read_text() for p in (Path(one["path"]) / "texts").glob("*.txt")}
    assert texts["e03"].startswith("Igår kom ")  # rejected: the original stays
    assert all(MISSED not in t for t in texts.values())  # added everywhere, replaced
    assert "cancer" not in texts["e01"] and "mamma" in texts["e01"]
    assert MISSED in files(Path(plain["path"]))["texts/e02.txt"].decode()  # the engine alone

    manifest = json.loads((Path(one["path"]) / "manifest.json").read_text())
    assert manifest["review"]["essays"] == {"approved": 3}
    assert manifest["review"]["decisions"]["firstname_female"]["add"] == 2
    assert manifest["review"]["decisions"]["sensitive"] == {"replace": 1}
    # reviewers are numbered in the manifest; their login names stay with the key
    assert set(manifest["review"]["reviewers"]) == {"reviewer 1", "reviewer 2"}
    assert b'"ada"' not in (Path(one["path"]) / "manifest.json").read_bytes()
    published = b"".join(p.read_bytes() for p in Path(one["path"]).rglob("*") if p.is_file())
    for word in ("Anna", "cancer", MISSED):
        assert word.encode() not in published
    keys = {"keys_dir": tmp_path / "keys1"}
    assert verify(Path(one["path"]), engine_snapshot, review=ws_path, **keys)["ok"]
    unreviewed = verify(Path(one["path"]), engine_snapshot, **keys)
    assert not unreviewed["ok"] and "review workspace" in unreviewed["input_problems"][0]
    assert "approve" not in json.loads((Path(plain["path"]) / "manifest.json").read_text()
                                       ).get("review", {})


def test_review_quarantine_leaves_the_essay_out(tmp_path: Path, batch: Path, ws_path: Path,
                                                engine_snapshot: Path) -> None:
    review(ws_path)
    ws = Workspace(ws_path)
    ws.decide(ws.by_id["e02"].index, {"action": "quarantine", "reason": "Anna is famous"}, "ada")
    out = rel.release(batch, tmp_path / "out", engine_snapshot, tmp_path / "k", **SAME,
                      review=ws_path,
                      require_approved=True)
    assert sorted(p.stem for p in (Path(out["path"]) / "texts").glob("*.txt")) == ["e01", "e03"]
    # a quarantined essay is listed by its opaque id, whatever keep_ids says
    assert [reason for _, reason in out["quarantine"]] == ["quarantined in review"]
    assert out["quarantine"][0][0] != "e02"
    assert b"famous" not in (Path(out["path"]) / "manifest.json").read_bytes()


def test_a_changed_batch_is_refused(tmp_path: Path, batch: Path, ws_path: Path,
                                    engine_snapshot: Path) -> None:
    (batch / "e02.txt").write_text("Något annat.\n", encoding="utf-8")
    with pytest.raises(rel.ReleaseError, match="not the one reviewed.*1 essay") as info:
        rel.release(batch, tmp_path / "out", engine_snapshot, tmp_path / "k", **SAME,
                    review=ws_path)
    assert info.value.detail == ("changed or new: e02",)


def test_a_workspace_prepared_with_a_policy_is_released_with_it(
        tmp_path: Path, batch: Path, engine, engine_snapshot: Path) -> None:
    from pseudonymize.policy import parse
    from pseudonymize.review.workspace import prepare

    policy = parse(b'keep = ["Erik"]\n', "p.toml")
    ws_path = prepare(batch, tmp_path / "keys", engine, snapshot_path=engine_snapshot,
                      policy=policy)
    ws = Workspace(ws_path)
    e3 = ws.by_id["e03"]
    assert "Erik" not in [e3.text[s.start:s.end] for s in e3.spans]  # the policy keeps him
    assert ws.policy is not None and ws.policy.digest == policy.digest
    assert "Erik" in ws.render(e3, engine).target
    for e in ws.essays:
        ws.decide(e.index, {"action": "approve", "keep_marks": True}, "ada")
    out = rel.release(batch, tmp_path / "out", engine_snapshot, tmp_path / "k", **SAME,
                      review=ws_path, require_approved=True)
    manifest = json.loads((Path(out["path"]) / "manifest.json").read_text())
    assert manifest["config"]["policy"]["sha256"] == policy.digest
    assert "Erik" in (Path(out["path"]) / "texts" / "e03.txt").read_text()
    with pytest.raises(rel.ReleaseError, match="prepared with another policy"):
        rel.release(batch, tmp_path / "out2", engine_snapshot, tmp_path / "k2", **SAME,
                    review=ws_path, policy=parse(b'keep = ["Anna"]\n', "q.toml"))


def test_prepare_reports_each_essay_for_a_progress_bar(tmp_path: Path, batch: Path,
                                                       engine) -> None:
    from pseudonymize.review.workspace import prepare

    calls: list[int] = []
    prepare(batch, tmp_path / "keys", engine, on_essay=calls.append)
    assert calls == [len(ESSAYS)] * len(ESSAYS)


def test_proposals_know_the_learners_earlier_essays(tmp_path: Path, engine) -> None:
    """As a release does: "zlatimira" alone is found in a learner's later essay once an
    earlier one named her, so the review shows what the release would replace."""
    from pseudonymize.review.workspace import prepare
    from tests.pseudonymize.corpus_support import make_batch

    batch = make_batch(tmp_path / "b", {"a1": "Min kompis heter Zlatimira.\n",
                                        "a2": "Igår kom zlatimira hem.\n"},
                       "essay_id,learner_id\na1,L1\na2,L1\n")
    ws = Workspace(prepare(batch, tmp_path / "keys", engine))
    a2 = ws.by_id["a2"]
    assert "zlatimira" in [a2.text[s.start:s.end] for s in a2.spans]


PREPARE_CHILD = """
import os, signal, sys
sys.path.insert(0, {repo!r})
from pathlib import Path
from pseudonymize.engine import Engine
from pseudonymize.review import workspace
Engine.learned_default = "off"
real = workspace._write_private
def die_after_the_essays(path, data):
    real(path, data)
    os.kill(os.getpid(), signal.SIGKILL)
workspace._write_private = die_after_the_essays
workspace.prepare(Path({batch!r}), Path({keys!r}), Engine.load(Path({snapshot!r})))
"""


def test_a_prepare_killed_mid_write_leaves_no_workspace_and_the_next_removes_its_text(
        tmp_path: Path, batch: Path, engine, engine_snapshot: Path, capfd) -> None:
    """kill -9 of `review prepare` after the essays' text was written, before the workspace
    was complete: no workspace appears, and the next prepare with this key directory removes
    the dead run's directory and says so (before, the original text stayed there, under a
    name no command read or removed: a withdrawn learner's essays, too)."""
    import signal
    import subprocess
    import sys
    import textwrap

    from pseudonymize.review.workspace import prepare

    keys = tmp_path / "keys"
    repo = Path(__file__).resolve().parents[3]
    script = PREPARE_CHILD.format(repo=str(repo), batch=str(batch), keys=str(keys),
                                  snapshot=str(engine_snapshot))
    child = subprocess.run([sys.executable, "-c", textwrap.dedent(script)], cwd=repo,
                           capture_output=True, text=True, timeout=120)
    assert child.returncode == -signal.SIGKILL, child.stderr
    left = list((keys / "reviews").iterdir())
    assert [p.name.startswith(".") for p in left] == [True]  # no workspace, a dead run's dir
    assert MISSED.encode() in (left[0] / "essays.jsonl").read_bytes()
    capfd.readouterr()
    ws_path = prepare(batch, keys, engine)
    assert "left by a killed run" in capfd.readouterr().err
    assert list((keys / "reviews").iterdir()) == [ws_path]
    assert len(Workspace(ws_path).essays) == len(ESSAYS)


def test_a_refused_reviewed_release_names_essays_off_the_logged_message(
        tmp_path: Path, engine, engine_snapshot: Path) -> None:
    """Input ids are file names, and a file name may be a learner's name: Prefect logs a
    failed task's exception (its repr, its traceback) into its database, so a refused
    `release --review` names essays in `detail` only, which the command line prints (before,
    `essay vera_strandqvist: not approved` and `changed or new: ...` were the message, and sat
    in ~/.prefect/prefect.db)."""
    import traceback

    from pseudonymize.review.workspace import prepare
    from tests.pseudonymize.corpus_support import make_batch

    names = ("vera_strandqvist", "tuva-hellgren", "ebbe.lindroos")
    batch = make_batch(tmp_path / "b", {n: "Jag bor i en stad.\n" for n in names}, None)
    ws_path = prepare(batch, tmp_path / "keys", engine)
    refusals = []
    for change in (None, "tuva-hellgren"):
        if change:
            (batch / f"{change}.txt").write_text("Jag bor i en by.\n", encoding="utf-8")
        with pytest.raises(rel.ReleaseError) as info:
            rel.release(batch, tmp_path / "out", engine_snapshot, tmp_path / "k",
                        review=ws_path, require_approved=True)
        refusals.append(info.value)
    for exc in refusals:
        logged = repr(exc) + "".join(traceback.format_exception(exc))
        for name in names:
            assert not any(part in logged.lower() for part in re.split(r"[-_.]", name)), name
    assert "essay vera_strandqvist: not approved" in refusals[0].detail
    assert refusals[1].detail == ("changed or new: tuva-hellgren",)


def test_two_prepares_of_one_batch_at_once_leave_the_first_workspace(
        tmp_path: Path, batch: Path, engine, monkeypatch: pytest.MonkeyPatch) -> None:
    """Both found no workspace; the one that finishes second is told it exists (before: an
    OSError, 'Directory not empty', exit 1) and leaves the first one's as it was."""
    from pseudonymize.review import workspace
    from pseudonymize.review.workspace import WorkspaceExists, prepare

    keys, real, first = tmp_path / "keys", workspace._proposals, []

    def meanwhile(*args, **kwargs):
        records = real(*args, **kwargs)
        if not first:  # the other run finishes while this one writes
            monkeypatch.setattr(workspace, "_proposals", real)
            first.append(prepare(batch, keys, engine))
            Workspace(first[0]).decide(0, {"action": "approve", "keep_marks": True}, "ada")
        return records

    monkeypatch.setattr(workspace, "_proposals", meanwhile)
    with pytest.raises(WorkspaceExists):
        prepare(batch, keys, engine)
    assert list((keys / "reviews").iterdir()) == first
    assert Workspace(first[0]).essays[0].approved
