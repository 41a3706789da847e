"""A release under attack and misuse: hostile batches, misplaced directories, kept ids, metadata,
withdrawal, kills at every stage and concurrent runs. Each row asserts what is published, what is
quarantined with which reason, and that a planted name is nowhere it must not be."""
from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from pseudonymize.corpus import keys as keyfile
from pseudonymize.corpus import release as rel
from pseudonymize.corpus.keys import read_key
from pseudonymize.corpus.verify import verify
from pseudonymize.corpus.withdraw import withdraw
from tests.pseudonymize.corpus_support import make_batch, make_snapshot

PLANTED = "Zlatomira Quxberg"
REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def setup(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict:
    monkeypatch.delenv(keyfile.PASSPHRASE_ENV, raising=False)
    return {"snapshot": make_snapshot(tmp_path / "home"), "batch": make_batch(tmp_path / "batch"),
            "out": tmp_path / "out", "keys": tmp_path / "keys", "tmp": tmp_path}


def _release(s: dict, **kw) -> dict:
    return rel.release(s["batch"], s["out"], s["snapshot"], s["keys"], code_revision="test", **kw)


def _fates(summary: dict) -> dict[str, tuple[str, str | None]]:
    ids = read_key(Path(summary["ids"]))
    return {r["source"]: (r["status"], r["reason"]) for r in ids.iter_rows(named=True)}


def _plain_anywhere(root: Path, needles: tuple[str, ...]) -> list[str]:
    """Files under `root` (symlinks not followed) whose bytes or name hold a needle."""
    found = []
    for path in root.rglob("*"):
        if any(n.lower() in path.name.lower() for n in needles):
            found.append(str(path))
        if path.is_file() and not path.is_symlink():
            data = path.read_bytes().lower()
            if any(n.lower().encode() in data or n.lower().encode("utf-16-le") in data
                   for n in needles):
                found.append(str(path))
    return found


def _fifo(path: Path) -> None:
    os.mkfifo(path)


# (entry name, how it is made, its fate: reason or "released")
BATCH_ENTRIES = [
    ("Zlatomira_Quxberg.txt", lambda p: p.write_text(""), "empty"),
    ("anna_svensson.txt", lambda p: p.write_text("Jag bor i Lund.\n"), "released"),
    ("..txt", lambda p: p.write_text("Hej.\n"), "invalid record"),
    ("x.txt", lambda p: p.mkdir(), "directory"),
    ("fifo.txt", _fifo, "special file"),
    ("passwd.txt", lambda p: p.symlink_to("/etc/passwd"), "symlink (not followed)"),
    ("dangling.txt", lambda p: p.symlink_to(p.parent / "gone.txt"), "symlink (not followed)"),
    ("loop.txt", lambda p: p.symlink_to(p), "symlink (not followed)"),
    ("utf16.txt", lambda p: p.write_bytes("Jag heter Omar.\n".encode("utf-16")), "released"),
    ("latin.txt", lambda p: p.write_bytes("Jag bor i Malmö.\n".encode("cp1252")), "released"),
    ("binary.txt", lambda p: p.write_bytes(b"\x89PNG\x00\x00IHDR"), "binary"),
    ("notes.md", lambda p: p.write_text(PLANTED), "not a .txt essay"),
]


def test_a_hostile_batch_releases_the_good_and_accounts_for_every_entry(setup: dict):
    for name, make, _ in BATCH_ENTRIES:
        make(setup["batch"] / name)
    summary = _release(setup)
    fates = _fates(summary)
    for name, _, fate in BATCH_ENTRIES:
        assert fates[name][0 if fate == "released" else 1] == fate, name
    assert {n for n, (status, _) in fates.items() if status == "released"} == {
        "e01.txt", "e02.txt", "e03.txt", "anna_svensson.txt", "utf16.txt", "latin.txt"}
    root = Path(summary["path"])
    manifest = json.loads((root / "manifest.json").read_text(), parse_constant=_no_constant)
    assert manifest["counts"] == {**manifest["counts"], "essays": 6, "quarantined": 9}
    assert all(set(q) == {"id", "reason"} for q in manifest["quarantine"])
    # no file name, planted name or /etc/passwd content is published
    assert _plain_anywhere(setup["out"], (PLANTED, "Quxberg", "anna_svensson", "svensson",
                                          "root:x:0", "passwd", "utf16")) == []


def _no_constant(name: str) -> None:
    raise AssertionError(f"manifest holds {name}: not JSON")


def test_engine_errors_and_absurd_numbers_cost_one_essay(setup: dict,
                                                         monkeypatch: pytest.MonkeyPatch):
    (setup["batch"] / "digits.txt").write_text("Mitt nummer är " + "7" * 5000 + ".\n")
    (setup["batch"] / "boom.txt").write_text("Den här texten får motorn att krascha.\n")
    real = rel._engine

    class Exploding:
        def __init__(self, engine):
            self.engine, self.lex = engine, engine.lex

        def pseudonymize(self, text, *args, **kwargs):
            if "krascha" in text:
                raise RecursionError("Zlatomira")  # the message is never reported
            return self.engine.pseudonymize(text, *args, **kwargs)

    monkeypatch.setattr(rel, "_engine", lambda path: Exploding(real(path)))
    summary = _release(setup)
    fates = _fates(summary)
    assert fates["boom.txt"] == ("quarantined", "engine error (RecursionError)")
    assert fates["digits.txt"][0] in ("released", "quarantined")  # either way, one fate
    assert fates["e01.txt"] == ("released", None)
    assert "Zlatomira" not in json.dumps(summary)


def test_nan_and_infinity_in_jsonl_keep_the_manifest_json(setup: dict):
    batch = setup["tmp"] / "batch.jsonl"
    batch.write_text('{"id": "a", "text": "Jag heter Kim.", "score": NaN, "x": 1e999}\n'
                     + "[" * 200_000 + "]" * 200_000 + "\n"
                     + '{"id": ' + "9" * 5000 + ', "text": "Hej."}\n'
                     + '{"text": "utan id"}\n')
    summary = rel.release(batch, setup["out"], setup["snapshot"], setup["keys"],
                          code_revision="test", publish_metadata=("score", "x"))
    manifest = json.loads((Path(summary["path"]) / "manifest.json").read_text(),
                          parse_constant=_no_constant)
    assert [e["metadata"] for e in manifest["inputs"]["essays"].values()] == [
        {"score": None, "x": None}]
    assert sorted(q["reason"] for q in manifest["quarantine"]) == ["invalid record"] * 3


# (what is misplaced, --out, --keys, expected message)
MISPLACED = [
    ("out inside a release", lambda s, r: r / "texts", lambda s, r: s["keys"], "inside the release"),
    ("keys inside out", lambda s, r: s["out"], lambda s, r: s["out"] / "keys", "--keys .* inside --out"),
    ("keys are out", lambda s, r: s["out"], lambda s, r: s["out"], "--keys .* inside --out"),
    ("keys inside the batch", lambda s, r: s["tmp"] / "o2", lambda s, r: s["batch"] / "k",
     "--keys .* inside the batch"),
    ("out inside the batch", lambda s, r: s["batch"] / "o", lambda s, r: s["keys"],
     "--out .* inside the batch"),
]


@pytest.mark.parametrize("what, out, keys, message", MISPLACED, ids=[m[0] for m in MISPLACED])
def test_misplaced_directories_are_refused(setup: dict, what, out, keys, message):
    root = Path(_release(setup)["path"])
    before = sorted(p.name for p in setup["batch"].iterdir())
    with pytest.raises(rel.ReleaseError, match=message):
        rel.release(setup["batch"], out(setup, root), setup["snapshot"], keys(setup, root),
                    code_revision="test", seed=1)
    assert sorted(p.name for p in setup["batch"].iterdir()) == before
    assert not (root / "texts" / "keys").exists() and not (setup["out"] / "keys").exists()


def test_loose_key_directory_is_refused_with_the_fix_not_chmodded(setup: dict):
    setup["keys"].mkdir(mode=0o755)
    os.chmod(setup["keys"], 0o755)
    with pytest.raises(keyfile.KeysDirError, match=r"chmod 700 .*keys"):
        _release(setup)
    assert setup["keys"].stat().st_mode & 0o777 == 0o755
    assert not setup["out"].exists() or list(setup["out"].iterdir()) == []


def test_a_new_secret_gives_new_ids_the_same_secret_the_same_bytes(setup: dict):
    first = _release(setup)
    again = rel.release(setup["batch"], setup["tmp"] / "out2", setup["snapshot"], setup["keys"],
                        code_revision="test")
    other = rel.release(setup["batch"], setup["tmp"] / "out3", setup["snapshot"],
                        setup["tmp"] / "keys3", code_revision="test")
    assert again["release_id"] == first["release_id"] != other["release_id"]
    assert set(_published_ids(first)) == set(_published_ids(again))
    assert not set(_published_ids(first)) & set(_published_ids(other))


# A damaged release secret: (file name, its bytes, what the one error says). Before, any bytes
# were taken as the secret (an emptied file keyed every opaque id with the empty key: anyone
# could compute them from guessed file names) and a symlink was followed.
DAMAGED_SECRETS = [
    ("secret", b"", "0 bytes, 32 expected"),
    ("secret", b"x", "1 bytes, 32 expected"),
    ("secret", b"y" * 33, "33 bytes, 32 expected"),
    ("secret.enc", b"z" * 32, "not sealed by swepseudo"),
    ("secret", None, "symlink"),
]


@pytest.mark.parametrize("name, data, message", DAMAGED_SECRETS,
                         ids=["empty", "one byte", "too long", "enc unsealed", "symlink"])
def test_a_damaged_release_secret_is_refused(setup: dict, name: str, data: bytes | None,
                                             message: str):
    setup["keys"].mkdir(mode=0o700)
    if data is None:
        (setup["tmp"] / "elsewhere").write_bytes(b"s" * 32)
        (setup["keys"] / name).symlink_to(setup["tmp"] / "elsewhere")
    else:
        (setup["keys"] / name).write_bytes(data)
    with pytest.raises(keyfile.KeysDirError, match=re.escape(message)):
        _release(setup)
    assert not setup["out"].exists() or list(setup["out"].iterdir()) == []


def _published_ids(summary: dict) -> list[str]:
    return [p.stem for p in (Path(summary["path"]) / "texts").iterdir()]


# --keep-ids: (file name, fate); separators never hide a name from the gate
KEPT_IDS = [
    ("e01.txt", "released"),
    ("anna_svensson.txt", "quarantined"),
    ("anna-svensson.txt", "quarantined"),
    ("omar.svensson.txt", "quarantined"),
    ("s2021_07.txt", "released"),  # codes; an unknown capitalised word may read as a name
]


def test_kept_ids_pass_the_gate_with_separators_as_word_boundaries(setup: dict):
    for name, _ in KEPT_IDS[1:]:
        (setup["batch"] / name).write_text("Jag bor i Lund.\n")
    summary = _release(setup, keep_ids=True)
    fates = _fates(summary)
    for name, fate in KEPT_IDS:
        assert fates[name][0] == fate, (name, fates[name])
        if fate == "quarantined":
            assert fates[name][1].startswith("leak gate:") and "essay_id" in fates[name][1]
    published = _published_ids(summary)
    assert "e01" in published and "s2021_07" in published
    assert _plain_anywhere(setup["out"], ("svensson",)) == []


# --keep-ids with learner ids from metadata, which no file-name rule shapes: (learner, fate)
KEPT_LEARNERS = [
    ("Anna Svensson", "quarantined"),   # before: a space hid the name (published as it was)
    ("anna+svensson", "quarantined"),
    ("Svensson, Anna", "quarantined"),
    ("L9", "released"),
]


def test_kept_learner_ids_with_spaces_or_punctuation_pass_the_gate(setup: dict):
    rows = "".join(f'e0{n},"{learner}"\n' for n, (learner, _) in enumerate(KEPT_LEARNERS, 1))
    for n in range(1, len(KEPT_LEARNERS) + 1):
        (setup["batch"] / f"e0{n}.txt").write_text("Jag bor i Lund.\n")
    (setup["batch"] / "metadata.csv").write_text("essay_id,learner_id\n" + rows)
    fates = _fates(_release(setup, keep_ids=True))
    for n, (learner, fate) in enumerate(KEPT_LEARNERS, 1):
        assert fates[f"e0{n}.txt"][0] == fate, (learner, fates[f"e0{n}.txt"])
        if fate == "quarantined":
            assert "learner_id" in fates[f"e0{n}.txt"][1]
    assert _plain_anywhere(setup["out"], ("anna",)) == []


def test_metadata_is_published_only_when_named_and_years_binned(setup: dict):
    (setup["batch"] / "metadata.csv").write_text(
        "essay_id,learner_id,level,teacher,birth_year,age\n"
        f"e01,L1,B1,{PLANTED},1987,23\ne02,L1,B2,{PLANTED},1987,24\ne03,L2,A2,Omar,1990,x\n")
    default = _release(setup)
    manifest = json.loads((Path(default["path"]) / "manifest.json").read_text())
    assert all(e["metadata"] == {} for e in manifest["inputs"]["essays"].values())
    named = rel.release(setup["batch"], setup["tmp"] / "o2", setup["snapshot"], setup["keys"],
                        code_revision="test", publish_metadata=("level",),
                        bin_years=("birth_year", "age"))
    manifest = json.loads((Path(named["path"]) / "manifest.json").read_text())
    assert sorted(json.dumps(e["metadata"], sort_keys=True)
                  for e in manifest["inputs"]["essays"].values()) == [
        '{"age": "20-24", "birth_year": "1985-1989", "level": "B1"}',
        '{"age": "20-24", "birth_year": "1985-1989", "level": "B2"}',
        '{"age": null, "birth_year": "1990-1994", "level": "A2"}']
    assert _plain_anywhere(setup["out"], (PLANTED, "Quxberg")) == []
    # the year itself, not four digits inside a keyed hash (random secret: 1987 turns up there)
    assert not [p for p in setup["out"].rglob("*") if p.is_file() and re.search(
        rb"(?<![0-9a-fA-F])1987(?![0-9a-fA-F])", p.read_bytes())]
    # a named column holding a name is gated like text
    gated = rel.release(setup["batch"], setup["tmp"] / "o3", setup["snapshot"], setup["keys"],
                        code_revision="test", publish_metadata=("teacher",))
    fates = _fates(gated)
    assert fates["e03.txt"][0] == "quarantined" and "teacher" in fates["e03.txt"][1]


# manifest.json's config edited after publishing: a withdrawal re-runs the release with the
# options recorded beside its key, never with what the published manifest says now (before, an
# edited `keep_ids` published the batch's file names and learner ids, an edited
# `publish_metadata` its metadata columns)
EDITED_CONFIG = [
    ("keep_ids", True),
    ("publish_metadata", ["teacher"]),
    ("bin_years", ["teacher"]),
    ("strategy", "tag"),
    ("max_bytes", 10),
    ("seed", 7),
    ("supersedes", {"release": "r0", "withdrawn": []}),
]


@pytest.mark.parametrize("key, value", EDITED_CONFIG)
def test_a_withdrawal_refuses_a_release_whose_manifest_config_was_edited(setup: dict, key, value):
    (setup["batch"] / "metadata.csv").write_text(
        "essay_id,learner_id,level,teacher\ne01,L1,B1,Agnes Tvärby\ne02,L1,B2,Agnes Tvärby\n"
        "e03,L2,A2,Agnes Tvärby\n")
    old = _release(setup)
    manifest_path = Path(old["path"]) / "manifest.json"
    manifest = json.loads(manifest_path.read_text())
    (manifest if key in ("seed", "supersedes") else manifest["config"])[key] = value
    manifest_path.write_text(json.dumps(manifest))
    with pytest.raises(rel.ReleaseError, match=rf"manifest.json: (config.)?{key}(.release)? is "
                                               r"not the one the release was made with"):
        withdraw(Path(old["path"]), "L1", setup["keys"], setup["snapshot"], code_revision="test")
    assert sorted(p.name for p in setup["out"].iterdir()) == [old["release_id"]]
    assert _plain_anywhere(setup["out"], ("Tvärby", '"L1"', '"L2"', "e01.txt", "e03.txt")) == []


def test_withdrawal_publishes_a_superseding_release_without_the_learner(setup: dict):
    old = _release(setup)
    old_ids = read_key(Path(old["ids"]))
    l1 = set(old_ids.filter(learner_id="L1")["id"].to_list())
    assert len(l1) == 2
    new = withdraw(Path(old["path"]), "L1", setup["keys"], setup["snapshot"],
                   code_revision="test")
    root = Path(new["path"])
    assert new["supersedes"] == old["release_id"] and new["counts"]["essays"] == 1
    assert _published_ids(new) == [p for p in _published_ids(old) if p not in l1]
    manifest = json.loads((root / "manifest.json").read_text())
    assert manifest["supersedes"] == {"release": old["release_id"], "withdrawn": [new["withdrawn"]]}
    events = (root / "provenance.jsonl").read_text()
    assert old["release_id"] in events and new["withdrawn"] in events and "L1" not in events
    # the remaining essay is byte-identical to the old release's
    (kept,) = _published_ids(new)
    assert (root / "texts" / f"{kept}.txt").read_bytes() == \
        (Path(old["path"]) / "texts" / f"{kept}.txt").read_bytes()
    # the learner is gone from both keys
    for rid in (old["release_id"], new["release_id"]):
        assert not set(read_key(keyfile.find_key(setup["keys"], rid))["essay_id"]) & l1
        assert read_key(keyfile.ids_path(setup["keys"], rid)).filter(learner_id="L1").is_empty()
        assert not any((setup["keys"] / f"{rid}.review" / f"{i}.json").exists() for i in l1)
    assert verify(root, setup["snapshot"], code_revision="test", keys_dir=setup["keys"])["ok"]
    with pytest.raises(rel.ReleaseError, match="no essay of that learner"):
        withdraw(root, "L1", setup["keys"], setup["snapshot"], code_revision="test")


def test_a_superseded_release_refuses_a_second_withdrawal_and_the_chain_is_erased(setup: dict):
    # L1 withdrawn from R0 gives R1; withdrawing L2 from R0 again (the batch still holding L1's
    # essays) published L1 anew in R2, and withdrawing L2 from R1 left L2 in R0's key
    r0 = _release(setup)
    r1 = withdraw(Path(r0["path"]), "L1", setup["keys"], setup["snapshot"], code_revision="test")
    with pytest.raises(rel.ReleaseError, match=rf"superseded by release {r1['release_id']}"):
        withdraw(Path(r0["path"]), "L2", setup["keys"], setup["snapshot"], code_revision="test")
    assert sorted(p.name for p in setup["out"].iterdir()) == sorted([r0["release_id"],
                                                                    r1["release_id"]])
    r2 = withdraw(Path(r1["path"]), "L2", setup["keys"], setup["snapshot"], code_revision="test")
    assert r2["counts"]["essays"] == 0
    for rid in (r0["release_id"], r1["release_id"], r2["release_id"]):
        ids = read_key(keyfile.ids_path(setup["keys"], rid))
        assert ids.filter(learner_id="L1").is_empty() and ids.filter(learner_id="L2").is_empty()
        assert read_key(keyfile.find_key(setup["keys"], rid)).is_empty()


def test_two_withdrawals_from_one_release_at_once_never_republish_the_other_learner(
        setup: dict):
    # both checked the release before either had published: the second re-published the
    # first one's learner, and each rewrote the old key from its own read (a lost update)
    import threading

    r0 = _release(setup)
    results: dict[str, object] = {}

    def run(learner: str) -> None:
        try:
            results[learner] = withdraw(Path(r0["path"]), learner, setup["keys"],
                                        setup["snapshot"], code_revision="test")
        except rel.ReleaseError as exc:
            results[learner] = exc

    threads = [threading.Thread(target=run, args=(learner,)) for learner in ("L1", "L2")]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    done = [r for r in results.values() if isinstance(r, dict)]
    refused = [r for r in results.values() if isinstance(r, rel.ReleaseError)]
    assert len(done) == 1 and len(refused) == 1 and "superseded by release" in str(refused[0])
    gone = "L1" if results["L1"] is done[0] else "L2"
    ids = read_key(keyfile.ids_path(setup["keys"], r0["release_id"]))
    assert ids.filter(learner_id=gone).is_empty()
    new_ids = read_key(keyfile.ids_path(setup["keys"], done[0]["release_id"]))
    assert new_ids.filter(learner_id=gone).is_empty()
    assert sorted(p.name for p in setup["out"].iterdir()) == sorted([r0["release_id"],
                                                                    done[0]["release_id"]])


WITHDRAW_CHILD = """
import os, signal, sys
sys.path.insert(0, {repo!r})
from pathlib import Path
from pseudonymize.corpus import keys as keyfile, withdraw as wd
stage = {stage!r}
def die(*a, **k):
    os.kill(os.getpid(), signal.SIGKILL)
real_rewrite, rewrites = keyfile.rewrite_table, []
def rewrite(*a, **k):
    real_rewrite(*a, **k)
    rewrites.append(1)
    if len(rewrites) == {{"after-one-table": 1, "after-two-tables": 2}}.get(stage): die()
keyfile.rewrite_table = rewrite
if stage == "before-erase":
    wd.erase = die
wd.withdraw(Path({release!r}), "L1", Path({keys!r}), Path({snapshot!r}), code_revision="test")
"""


@pytest.mark.parametrize("stage", ["before-erase", "after-one-table", "after-two-tables"])
def test_a_withdrawal_killed_after_publishing_is_finished_by_the_next_run(setup: dict,
                                                                          stage: str):
    # kill -9 once the superseding release is published, before or while the old key is
    # erased: the next `withdraw` finishes the erasure (before, it stopped at "this release
    # already exists" and the learner stayed in the key, or at "no essay of that learner"
    # with the review graphs left)
    old = _release(setup)
    l1 = set(read_key(Path(old["ids"])).filter(learner_id="L1")["id"].to_list())
    script = WITHDRAW_CHILD.format(repo=str(REPO), stage=stage, release=old["path"],
                                   keys=str(setup["keys"]), snapshot=str(setup["snapshot"]))
    child = subprocess.run([sys.executable, "-c", textwrap.dedent(script)], cwd=REPO,
                           capture_output=True, text=True, timeout=120)
    assert child.returncode == -signal.SIGKILL, child.stderr
    published = [p for p in setup["out"].iterdir() if p.name != old["release_id"]]
    assert len(published) == 1 and (published[0] / "SHA256SUMS").is_file()
    try:
        new = withdraw(Path(old["path"]), "L1", setup["keys"], setup["snapshot"],
                       code_revision="test")
        assert new["path"] == str(published[0]) and new["supersedes"] == old["release_id"]
        assert new["counts"]["essays"] == 1 and new["withdrawn"]
    except rel.ReleaseError as exc:  # the erasure had ended: nothing was left to do
        assert "no essay of that learner" in str(exc)
    assert not set(read_key(keyfile.find_key(setup["keys"], old["release_id"]))["essay_id"]) & l1
    assert read_key(keyfile.ids_path(setup["keys"], old["release_id"])
                    ).filter(learner_id="L1").is_empty()
    assert not any((setup["keys"] / f"{old['release_id']}.review" / f"{i}.json").exists()
                   for i in l1)
    with pytest.raises(rel.ReleaseError, match="no essay of that learner"):
        withdraw(Path(old["path"]), "L1", setup["keys"], setup["snapshot"], code_revision="test")


# --- crashes and signals (subprocesses) ---------------------------------------------------

CHILD = """
import os, signal, sys, time
sys.path.insert(0, {repo!r})
from pathlib import Path
from pseudonymize.corpus import keys as keyfile, release as rel, safety
stage = {stage!r}
def die(*a, **k):
    os.kill(os.getpid(), signal.SIGKILL)
real_engine, real_write, real_abort = rel._engine, keyfile.write_key, rel.abort
calls = []
class Slow:
    def __init__(self, engine): self.engine, self.lex = engine, engine.lex
    def pseudonymize(self, *a, **k):
        calls.append(1)
        if stage == "mid-shard" and len(calls) == 5: die()
        if stage == "signal": time.sleep(0.2)
        return self.engine.pseudonymize(*a, **k)
rel._engine = lambda path: Slow(real_engine(path))
if stage == "after-prepare":
    rel.process_shard = die
if stage == "after-key":
    keyfile.write_key = lambda *a, **k: (real_write(*a, **k), die())
if stage == "after-publish":
    rel.abort = lambda plan: (die() if Path(plan.final).exists() else real_abort(plan))
safety.stop_on_signals()
rel.release(Path({batch!r}), Path({out!r}), Path({snapshot!r}), Path({keys!r}),
            code_revision="test", shard_size=2)
"""


def _child(s: dict, stage: str, env: dict | None = None) -> subprocess.Popen:
    script = CHILD.format(repo=str(REPO), stage=stage, batch=str(s["batch"]), out=str(s["out"]),
                          snapshot=str(s["snapshot"]), keys=str(s["keys"]))
    return subprocess.Popen([sys.executable, "-c", textwrap.dedent(script)], cwd=REPO,
                            env={**os.environ, **(env or {})}, stderr=subprocess.PIPE, text=True)


def _planted_batch(s: dict, n: int = 12) -> None:
    for i in range(n):
        (s["batch"] / f"p{i:02d}.txt").write_text(f"Jag heter {PLANTED} och bor i Lund.\n")


@pytest.mark.parametrize("stage", ["after-prepare", "mid-shard", "after-key", "after-publish"])
def test_kill_9_at_each_stage_leaves_no_plain_original_and_the_next_run_cleans_up(
        setup: dict, stage: str):
    _planted_batch(setup)
    passphrase = {keyfile.PASSPHRASE_ENV: "correct horse"}
    child = _child(setup, stage, passphrase)
    child.wait(timeout=120)
    assert child.returncode == -signal.SIGKILL, child.stderr.read()
    # nothing in plain text anywhere (the key is sealed with the passphrase, work files with a
    # key that died with the process), nothing partial published
    assert _plain_anywhere(setup["tmp"] / "out", (PLANTED, "Quxberg")) == []
    assert _plain_anywhere(setup["keys"], (PLANTED, "Quxberg")) == []
    published = [p for p in setup["out"].iterdir() if not p.name.startswith(".")] \
        if setup["out"].exists() else []
    assert all((p / "SHA256SUMS").is_file() for p in published)
    # the next release (of another batch) removes the dead run's leftovers and says so
    other = make_batch(setup["tmp"] / "other", {"x1": "Hej Omar.\n"}, None)
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(f"""
        import sys; sys.path.insert(0, {str(REPO)!r})
        from pathlib import Path
        from pseudonymize.corpus import release as rel
        rel.release(Path({str(other)!r}), Path({str(setup['out'])!r}),
                    Path({str(setup['snapshot'])!r}), Path({str(setup['keys'])!r}))
        """)], cwd=REPO, capture_output=True, text=True, timeout=120,
        env={**os.environ, **passphrase})
    assert done.returncode == 0, done.stderr
    leftovers = [p.name for p in [*setup["out"].iterdir(), *setup["keys"].iterdir()]
                 if p.name.startswith((".work-", ".")) and p.is_dir()]
    assert leftovers == []
    if stage != "after-key":  # a kill after the key and before the rename leaves no directory
        assert "killed run" in done.stderr


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_signal_stops_the_release_quickly_leaving_nothing_partial(setup: dict, sig: int):
    _planted_batch(setup, 40)
    child = _child(setup, "signal")
    deadline = time.monotonic() + 60
    while not list(setup["keys"].glob(".work-*")) and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.5)
    child.send_signal(sig)
    started = time.monotonic()
    child.wait(timeout=15)
    assert time.monotonic() - started < 10
    assert child.returncode != 0
    assert [p.name for p in setup["out"].iterdir()] == []
    assert not list(setup["keys"].glob(".work-*"))


def test_concurrent_releases_of_one_batch_are_serialized(setup: dict):
    _planted_batch(setup, 20)
    first = _child(setup, "signal")  # slow: 0.2 s per essay
    deadline = time.monotonic() + 60
    while not list(setup["keys"].glob(".work-*")) and time.monotonic() < deadline:
        time.sleep(0.05)
    second = _child(setup, "none")
    assert first.wait(timeout=120) == 0, first.stderr.read()
    second.wait(timeout=120)
    err = second.stderr.read()
    assert "waiting for another release" in err
    assert "already exists" in err  # same inputs and secret: the first one's release
    assert [p.name for p in setup["out"].iterdir() if not p.name.startswith(".")] != []
    assert not list(setup["keys"].glob(".work-*")) and not list(setup["out"].glob(".*partial"))


ORPHANS = {
    "pool worker": """
import concurrent.futures, multiprocessing, os, sys, time
from pseudonymize.corpus import safety
def work():
    safety.die_with_parent()
    return os.getpid()
def hang():
    time.sleep(120)
if __name__ == "__main__":
    pool = concurrent.futures.ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
    print(pool.submit(work).result(), flush=True)
    pool.submit(hang)
    time.sleep(120)
""",
    "server it started": """
import subprocess, sys, time
from pseudonymize.corpus import safety
server = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
safety.reap_with_this_process(server.pid)
print(server.pid, flush=True)
time.sleep(120)
""",
}


@pytest.mark.parametrize("what", sorted(ORPHANS))
def test_what_a_release_starts_dies_with_it_after_kill_9(tmp_path: Path, what: str):
    script = tmp_path / "parent.py"
    script.write_text(ORPHANS[what])
    parent = subprocess.Popen([sys.executable, str(script)], cwd=REPO, stdout=subprocess.PIPE,
                              text=True, env={**os.environ, "PYTHONPATH": str(REPO)})
    child = int(parent.stdout.readline())
    parent.kill()
    parent.wait()
    deadline = time.monotonic() + 15
    while rel.safety.pid_alive(child) and time.monotonic() < deadline:
        try:  # reap it if it is ours (a zombie counts as alive)
            os.waitpid(child, os.WNOHANG)
        except ChildProcessError:
            pass
        time.sleep(0.1)
    assert not rel.safety.pid_alive(child) or _zombie(child)


def _zombie(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0] == "Z"
    except OSError:
        return False


@pytest.mark.parametrize("target", ["provenance.jsonl", ".ids.parquet", "SHA256SUMS"])
def test_a_full_disk_mid_release_publishes_nothing_and_a_rerun_succeeds(
        setup: dict, monkeypatch: pytest.MonkeyPatch, target: str):
    """ENOSPC while writing a release file, the key's id map (after the key table) or the last
    file: one OSError (the CLI prints it as one line), nothing partial published, no key of the
    unpublished release left beside the others, the same release afterwards."""
    _planted_batch(setup, 4)

    def full(write):
        def write_or_fail(path, *args, **kwargs):
            if Path(path).name.endswith(target):
                raise OSError(28, "No space left on device", str(path))
            return write(path, *args, **kwargs)
        return write_or_fail

    monkeypatch.setattr(rel, "_write", full(rel._write))
    monkeypatch.setattr(Path, "write_text", full(Path.write_text))
    monkeypatch.setattr(keyfile, "_write_private", full(keyfile._write_private))
    with pytest.raises(OSError, match="No space left"):
        _release(setup)
    monkeypatch.undo()
    assert [p.name for p in setup["out"].iterdir()] == []
    assert _plain_anywhere(setup["tmp"] / "out", (PLANTED, "Quxberg")) == []
    assert _plain_anywhere(setup["keys"], (PLANTED, "Quxberg")) == []
    # the release secret and the lock stay: they belong to the key directory, not the run
    assert sorted(p.name for p in setup["keys"].iterdir()) == [".release.lock", "secret"]
    summary = _release(setup)
    assert verify(Path(summary["path"]), setup["snapshot"], code_revision="test",
                  keys_dir=setup["keys"])["ok"]


def test_a_jsonl_batch_named_after_a_person_publishes_no_file_name(setup: dict):
    """The manifest names batch-level files; a JSON Lines batch's own name is the user's
    ("klass9_zlatomira_quxberg.jsonl") and is published as `batch.jsonl`."""
    path = setup["tmp"] / "klass9_Zlatomira_Quxberg.jsonl"
    path.write_text(json.dumps({"id": "a", "text": "Jag bor i Lund.", "learner_id": "L1"}) + "\n")
    summary = rel.release(path, setup["out"], setup["snapshot"], setup["keys"],
                          code_revision="test")
    manifest = json.loads((Path(summary["path"]) / "manifest.json").read_text())
    assert list(manifest["inputs"]["files"]) == ["batch.jsonl"]
    assert _plain_anywhere(setup["out"], ("Quxberg", "Zlatomira", "klass9")) == []


def test_a_short_write_is_completed_and_a_disk_error_names_its_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A nearly full disk takes part of a write and says so by a short count, not an error:
    before, the rest was lost (a truncated text beside a manifest hash of the whole). The disk's
    error itself (`os.write` names no file) now names the file, for the CLI's one line."""
    write = os.write
    monkeypatch.setattr(rel.os, "write", lambda fd, data: write(fd, bytes(data[:3])))
    sha = rel._write(tmp_path / "a.txt", "Jag bor i Lund.".encode())
    monkeypatch.undo()
    assert (tmp_path / "a.txt").read_bytes() == "Jag bor i Lund.".encode()
    assert sha == rel.hashlib.sha256("Jag bor i Lund.".encode()).hexdigest()

    def full(fd: int, data: bytes) -> int:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(rel.os, "write", full)
    with pytest.raises(OSError) as error:
        rel._write(tmp_path / "b.txt", b"x")
    monkeypatch.undo()
    assert error.value.errno == 28 and error.value.filename == str(tmp_path / "b.txt")


def test_a_named_column_holding_another_essays_name_or_an_id_is_gated(setup: dict):
    """A published column is read by the engine as a kept id is: a name or ID it would replace
    there quarantines the essay, whichever essay the name comes from (here e03's Omar in e02's
    row, an address in e01's); an ordinary value is published."""
    (setup["batch"] / "metadata.csv").write_text(
        "essay_id,learner_id,level,buddy\n"
        "e01,L1,B1,omar.q@example.se\ne02,L1,B2,Omar\ne03,L2,A2,ingen\n")
    summary = rel.release(setup["batch"], setup["out"], setup["snapshot"], setup["keys"],
                          code_revision="test", publish_metadata=("level", "buddy"))
    fates = _fates(summary)
    assert fates["e01.txt"][0] == "quarantined" and "email in" in fates["e01.txt"][1] \
        and "buddy" in fates["e01.txt"][1]
    assert fates["e02.txt"][0] == "quarantined" and "firstname_male in" in fates["e02.txt"][1]
    assert fates["e03.txt"][0] == "released"
    manifest = json.loads((Path(summary["path"]) / "manifest.json").read_text())
    assert [e["metadata"] for e in manifest["inputs"]["essays"].values()] == [
        {"buddy": "ingen", "level": "A2"}]
    assert _plain_anywhere(setup["out"], ("omar.q", "Omar")) == []
