"""Release, audit and verify without Prefect: layout, determinism, tamper, leaks, interruption."""
from __future__ import annotations

import hashlib
import json
import os
import re
import stat
import subprocess
from pathlib import Path
from types import SimpleNamespace

import polars as pl
import pytest

from pseudonymize.corpus import release as rel
from pseudonymize.corpus.audit import AuditError, ManifestError, audit
from pseudonymize.corpus.keys import read_key
from pseudonymize.corpus.leakgate import scan_release
from pseudonymize.corpus.verify import compare, verify
from pseudonymize.corpus.withdraw import withdraw
from pseudonymize.lexicon import EMPTY
from pseudonymize.types import REPLACE, Annotation, Result
from tests.pseudonymize.corpus_support import SECRET_EMAIL, make_batch, make_snapshot


@pytest.fixture
def setup(tmp_path: Path) -> dict:
    return {"snapshot": make_snapshot(tmp_path / "home"), "batch": make_batch(tmp_path / "batch"),
            "out": tmp_path / "out", "keys": tmp_path / "keys"}


def _release(s: dict, out: Path | None = None, **kw) -> dict:
    return rel.release(s["batch"], out or s["out"], s["snapshot"], s["keys"],
                       code_revision="test", **kw)


def published(summary: dict) -> dict[str, str]:
    """Essay id -> published (opaque) id, from the key's id map."""
    ids = read_key(Path(summary["ids"]))
    return dict(ids.filter(status="released").select("essay_id", "id").iter_rows())


def test_release_layout_manifest_and_key(setup: dict):
    summary = _release(setup)
    root = Path(summary["path"])
    ids = published(summary)
    e01, e02, e03 = ids["e01"], ids["e02"], ids["e03"]
    assert all(re.fullmatch(r"e[0-9a-f]{16}", i) for i in ids.values())
    assert root.parent == setup["out"] and root.name == summary["release_id"]
    assert stat.S_IMODE(root.stat().st_mode) == 0o755
    assert sorted(p.name for p in setup["out"].iterdir()) == [root.name]  # nothing else left
    files = sorted(p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file())
    assert files == sorted(["SHA256SUMS", "manifest.json", "provenance.jsonl", "spans.parquet",
                            *(f"svala/{i}.json" for i in ids.values()),
                            *(f"texts/{i}.txt" for i in ids.values())])
    manifest = json.loads((root / "manifest.json").read_text())
    assert manifest["release_id"] == root.name and manifest["seed"] == 0
    assert manifest["config"]["strategy"] == "realistic"
    assert manifest["snapshot"]["id"] == json.loads(setup["snapshot"].read_text())["id"]
    assert manifest["snapshot"]["sources"]["fake"]["packages"] == [{"package": "fake",
                                                                   "version": "1"}]
    entry = manifest["inputs"]["essays"][e01]
    assert re.fullmatch(r"l[0-9a-f]{16}", entry["learner"])  # L1, opaque
    assert entry["learner"] == manifest["inputs"]["essays"][e02]["learner"]
    assert entry["learner"] != manifest["inputs"]["essays"][e03]["learner"]
    assert entry["metadata"] == {}  # no column named: none published
    assert "batch" not in manifest["inputs"] and "source" not in entry
    # no plain hash of any input is published (a guessed essay could be confirmed)
    plain = {hashlib.sha256(p.read_bytes()).hexdigest() for p in setup["batch"].iterdir()}
    text = (root / "manifest.json").read_text() + (root / "provenance.jsonl").read_text()
    assert not any(h in text for h in plain) and "L1" not in text
    assert not re.search(r"(?<![0-9a-z])e01(?![0-9a-z])", text)  # not inside an opaque hex id
    assert manifest["counts"]["essays"] == 3 and manifest["counts"]["labels"]["email"] == 2
    sums = dict(reversed(line.split("  ")) for line in (root / "SHA256SUMS").read_text().splitlines())
    assert set(sums) == set(files) - {"SHA256SUMS"}
    spans = pl.read_parquet(root / "spans.parquet")
    assert spans.columns == ["essay_id", "start", "end", "label", "attrs", "ref", "action"]
    for row in spans.iter_rows(named=True):  # offsets point into the published text
        text = (root / "texts" / f"{row['essay_id']}.txt").read_text()
        assert 0 <= row["start"] < row["end"] <= len(text)
    events = [json.loads(x) for x in (root / "provenance.jsonl").read_text().splitlines()]
    assert [e["eventType"] for e in events] == ["START", "COMPLETE"]
    assert {i["name"] for i in events[0]["inputs"]} >= {"first_names", f"essay/{e01}"}

    key = read_key(Path(summary["key"]))
    assert stat.S_IMODE(Path(summary["key"]).stat().st_mode) == 0o600
    assert SECRET_EMAIL in key["original"].to_list()
    published_bytes = b"".join(p.read_bytes() for p in root.rglob("*") if p.is_file())
    assert SECRET_EMAIL.encode() not in published_bytes
    for essay_id, original in key.select("essay_id", "original").iter_rows():
        assert original not in (root / "texts" / f"{essay_id}.txt").read_text()
    review = json.loads((Path(summary["review"]) / f"{e01}.json").read_text())
    assert SECRET_EMAIL in "".join(t["text"] for t in review["source"])


def test_output_is_independent_of_sharding_and_runs(setup: dict, tmp_path: Path):
    first = Path(_release(setup)["path"])
    plan = rel.prepare(setup["batch"], tmp_path / "out2", setup["snapshot"], setup["keys"],
                       code_revision="test", shard_size=1)
    assert len(plan.shards) == 2  # e01 and e02 share learner L1, so they share a shard
    second = Path(rel.finalize(plan, [rel.process_shard(plan, i)
                                      for i in reversed(range(len(plan.shards)))])["path"])
    assert second.name == first.name
    assert compare(first, second) == []


def test_audit_names_the_sources_and_fails_on_a_tampered_file(setup: dict):
    root = Path(_release(setup)["path"])
    e01 = published({"ids": setup["keys"] / f"{root.name}.ids.parquet"})["e01"]
    ok, report = audit(root / "texts" / f"{e01}.txt")
    assert ok and report["status"] == "ok" and report["release"]["id"] == root.name
    assert report["essay"]["id"] == e01 and "source" not in report["essay"]
    assert report["essay"]["input"].startswith("not checked: give --keys DIR")
    ok, report = audit(root / "texts" / f"{e01}.txt", setup["keys"])
    assert ok and report["essay"]["source"] == "e01.txt" and report["essay"]["input"] == "unchanged"
    gaz = report["snapshot"]["gazetteers"]["first_names"]
    assert gaz["version"] and len(gaz["sha256"]) == 64
    assert gaz["upstream"][0]["source"] == "fake" and gaz["upstream"][0]["licence"] == "CC0"
    assert audit(root / "manifest.json")[0]
    target = root / "svala" / f"{e01}.json"
    target.write_bytes(target.read_bytes().replace(b"Jag", b"Vi"))
    ok, report = audit(target)
    assert not ok and report["status"].startswith("MODIFIED")
    with pytest.raises(AuditError, match="not inside a release"):
        audit(setup["snapshot"])


def test_verify_passes_then_detects_a_changed_snapshot_and_input(setup: dict):
    summary = _release(setup)
    root, e03 = Path(summary["path"]), published(summary)["e03"]
    report = verify(root, setup["snapshot"], code_revision="test")
    assert not report["ok"] and "give --keys DIR" in report["input_problems"][0]
    report = verify(root, setup["snapshot"], code_revision="test", keys_dir=setup["keys"])
    assert report["ok"], report
    assert report["differences"] == [] and report["compared_files"] == 9
    gazetteer = next(rel.gazetteer_files(setup["snapshot"]).values().__iter__())
    gazetteer.write_bytes(gazetteer.read_bytes() + b"\0")
    (setup["batch"] / "e03.txt").write_text("Ändrad text.\n")
    report = verify(root, setup["snapshot"], code_revision="test", keys_dir=setup["keys"])
    assert not report["ok"]
    assert report["snapshot_problems"] == ["gazetteer first_names: file changed (sha256 differs "
                                           "from the release's)"]
    assert report["input_problems"] == [f"essay {e03}: input changed"]
    assert {d["file"] for d in report["differences"]} >= {f"texts/{e03}.txt", f"svala/{e03}.json"}


# A tampered or truncated manifest.json: (how it is changed, what the one error line says)
TAMPERED_MANIFESTS = [
    ("truncated", lambda m, path: path.write_text(path.read_text()[:40]), "not JSON"),
    ("deeply nested", lambda m, path: path.write_text("[" * 100_000), "nested too deeply"),
    ("a list", lambda m, path: path.write_text("[1, 2]"), "not a JSON object"),
    ("empty object", lambda m, path: path.write_text("{}"), "release_id is missing"),
    ("NaN", lambda m, path: path.write_text(json.dumps({**m, "seed": float("nan")})),
     "NaN is not JSON"),
    ("a string size", lambda m, path: path.write_text(
        json.dumps({**m, "config": {**m["config"], "max_bytes": "x"}})), "config.max_bytes"),
    ("a number hash", lambda m, path: path.write_text(
        json.dumps({**m, "outputs": {"texts/x.txt": 5}})), "outputs.*"),
    ("snapshot a string", lambda m, path: path.write_text(json.dumps({**m, "snapshot": "x"})),
     "snapshot is missing or not dict"),
    ("a symlink", lambda m, path: path.unlink() or path.symlink_to("/etc/passwd"), "symlink"),
]


@pytest.mark.parametrize("what, tamper, message", TAMPERED_MANIFESTS,
                         ids=[t[0] for t in TAMPERED_MANIFESTS])
def test_a_tampered_manifest_is_refused_by_verify_audit_and_withdraw(setup: dict, what, tamper,
                                                                     message):
    """Before: a KeyError, TypeError, RecursionError or JSONDecodeError (exit 70)."""
    summary = _release(setup)
    root = Path(summary["path"])
    text = next((root / "texts").iterdir())
    tamper(json.loads((root / "manifest.json").read_text()), root / "manifest.json")
    with pytest.raises(ManifestError, match=re.escape(message)):
        verify(root, setup["snapshot"], code_revision="test", keys_dir=setup["keys"])
    with pytest.raises(ManifestError, match=re.escape(message)):
        audit(text, setup["keys"])
    with pytest.raises(ManifestError, match=re.escape(message)):
        withdraw(root, "L1", setup["keys"], setup["snapshot"], code_revision="test",
                 out_root=setup["out"] / "new")


def test_a_tampered_provenance_line_is_a_difference(setup: dict):
    summary = _release(setup)
    root = Path(summary["path"])
    with (root / "provenance.jsonl").open("a") as fh:
        fh.write("{not json\n")
    report = verify(root, setup["snapshot"], code_revision="test", keys_dir=setup["keys"])
    assert not report["ok"] and [d["file"] for d in report["differences"]] == ["provenance.jsonl"]


def test_verify_reports_a_changed_output_byte(setup: dict):
    summary = _release(setup)
    root, e02 = Path(summary["path"]), published(summary)["e02"]
    text = root / "texts" / f"{e02}.txt"
    text.write_bytes(text.read_bytes()[:5] + b"X" + text.read_bytes()[6:])
    report = verify(root, setup["snapshot"], code_revision="test", keys_dir=setup["keys"])
    assert not report["ok"]
    assert report["differences"] == [{"file": f"texts/{e02}.txt",
                                      "difference": "first differing byte at offset 5"}]


def test_killed_release_leaves_nothing_and_a_rerun_succeeds(setup: dict,
                                                            monkeypatch: pytest.MonkeyPatch):
    # a hard kill after prepare: the staging and work dirs stay behind, unpublished; they hold
    # the run's pid, so a release removes them once that run is dead (here: not yet)
    plan = rel.prepare(setup["batch"], setup["out"], setup["snapshot"], setup["keys"],
                       code_revision="test")
    assert [p.name for p in setup["out"].iterdir()][0].endswith(".partial")
    rel.safety.release_lock(plan.lock)
    rel.safety.unregister(plan.staging, plan.work)
    dead = subprocess.Popen(["true"])
    dead.wait()
    for path in (plan.staging, plan.work):  # as if the run had been killed
        os.rename(path, path.replace(f".{os.getpid()}.", f".{dead.pid}."))
    # an interruption in the middle of the shards cleans up after itself
    real = rel.pseudonymize_shard
    calls = []

    def crash(*args, **kwargs):
        calls.append(1)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(rel, "pseudonymize_shard", crash)
    with pytest.raises(KeyboardInterrupt):
        rel.release(setup["batch"], setup["out"], setup["snapshot"], setup["keys"],
                    code_revision="test", shard_size=1)
    monkeypatch.setattr(rel, "pseudonymize_shard", real)
    assert not any(p.is_dir() and not p.name.startswith(".") for p in setup["out"].iterdir())
    summary = _release(setup)
    assert [p.name for p in setup["out"].iterdir()] == [summary["release_id"]]
    rid = summary["release_id"]
    assert sorted(p.name for p in setup["keys"].iterdir()) == [
        ".release.lock", f"{rid}.ids.parquet", f"{rid}.json", f"{rid}.parquet", f"{rid}.review",
        "secret"]
    with pytest.raises(rel.ReleaseError, match="already exists"):
        _release(setup)


class _LeakyEngine:
    """Replaces the e-mail but 'misses' the same name elsewhere in the essay."""

    lex = SimpleNamespace(get=lambda key: EMPTY)  # knows no homographs

    def pseudonymize(self, text, essay_id, *, strategy, seed, memory):
        name = "Zlatimira"
        start = text.find(name)
        if start < 0:
            return Result(essay_id, text, text, ())
        ann = Annotation(start, start + len(name), "firstname_female", (), 1, REPLACE, name,
                         "Maria", start, start + 5)
        target = text[:start] + "Maria" + text[start + len(name):] + f" PS. {name.upper()}!"
        return Result(essay_id, text, target, (ann,))


def test_a_planted_leak_quarantines_its_essay_and_the_rest_is_released(
        setup: dict, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(rel, "_engine", lambda path: _LeakyEngine())
    summary = _release(setup)
    ids = read_key(Path(summary["ids"]))
    fate = {r["essay_id"]: (r["status"], r["reason"]) for r in ids.iter_rows(named=True)}
    assert fate["e03"] == ("released", None)
    assert fate["e01"] == ("quarantined", "leak gate: email, firstname_female")
    assert fate["e02"] == ("quarantined", "leak gate: email")
    root = Path(summary["path"])
    manifest = json.loads((root / "manifest.json").read_text())
    assert sorted(q["reason"] for q in manifest["quarantine"]) == [
        "leak gate: email", "leak gate: email, firstname_female"]
    assert set(manifest["quarantine"][0]) == {"id", "reason"}
    assert len(list((root / "texts").iterdir())) == 1
    published_bytes = b"".join(p.read_bytes() for p in root.rglob("*") if p.is_file()).lower()
    assert b"zlatimira" not in published_bytes and b"example.se" not in published_bytes
    assert scan_release(root, {}) == []


def test_strict_turns_any_quarantine_into_a_failed_release(setup: dict,
                                                          monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(rel, "_engine", lambda path: _LeakyEngine())
    with pytest.raises(rel.ReleaseError, match=r"--strict: 2 essay\(s\) quarantined"):
        _release(setup, strict=True)
    assert list(setup["out"].iterdir()) == []
    assert not list(setup["keys"].glob("*.parquet"))
    (setup["batch"] / "empty.txt").write_text("")
    with pytest.raises(rel.ReleaseError, match=r"--strict: 1 input\(s\) quarantined \(1 empty\)"):
        _release(setup, strict=True)


def test_each_shard_gates_each_essay_before_writing_it(setup: dict,
                                                       monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(rel, "_engine", lambda path: _LeakyEngine())
    plan = rel.prepare(setup["batch"], setup["out"], setup["snapshot"], setup["keys"],
                       code_revision="test", shard_size=1)
    reports = [rel.process_shard(plan, i) for i in range(len(plan.shards))]
    assert sorted(reason for r in reports for _, reason in r["quarantined"]) == [
        "leak gate: email", "leak gate: email, firstname_female"]
    assert "zlatimira" not in repr(reports).lower()
    assert len(list((Path(plan.staging) / "texts").iterdir())) == 1  # never written
    assert scan_release(Path(plan.staging), {}, opaque_ids=not plan.keep_ids) == []
    rel.abort(plan)


def test_shards_shrink_towards_the_end_and_cover_the_batch():
    sizes = rel.shard_sizes(10_000, 2)
    assert sizes == [2000, 2000, 1500, 1125, 844, 633, 475, 356, 313, 313, 441]
    assert rel.shard_sizes(3, 2) == [1, 1, 1] and rel.shard_sizes(0, 2) == []
    for n, workers in ((10**6, 2), (13_000, 4), (7, 1), (2001, 2)):
        sizes = rel.shard_sizes(n, workers)
        assert sum(sizes) == n and max(sizes) <= rel.MAX_SHARD
        assert min(sizes) >= min(rel.MAX_SHARD, -(-n // (16 * workers)), n)


def test_learners_are_never_split_and_no_shard_is_a_sliver():
    essays = [rel.ShardEssay(f"e{i:02d}", f"L{i // 3}", "", {}) for i in range(10)]  # 3 per learner
    shards = rel.shard_by_learner(essays, [4, 4, 2])
    assert [[e.essay_id for e in s] for s in shards] == [
        ["e00", "e01", "e02", "e03", "e04", "e05"], ["e06", "e07", "e08"], ["e09"]]
    assert [len(s) for s in rel.shard_by_learner(essays, [1] * 10)] == [3, 3, 3, 1]


def test_manifest_lines_are_json_with_sorted_keys():
    text = rel._json_lines({"b": {"y": {"z": [1]}, "x": "å"}, "a": 1}, 2)
    assert text == '{\n "a": 1,\n "b": {\n  "x": "å",\n  "y": {"z": [1]}\n }\n}'
    assert json.loads(text) == {"a": 1, "b": {"x": "å", "y": {"z": [1]}}}
