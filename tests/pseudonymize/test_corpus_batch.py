"""Reading a batch: encodings, metadata, and every quarantine reason."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from pseudonymize.corpus import batch as b
from pseudonymize.corpus.batch import BatchError, read_batch


def _reasons(batch: b.Batch) -> dict[str, str]:
    return {q.essay_id: q.reason for q in batch.quarantine}


def test_directory_with_metadata_and_encodings(tmp_path: Path):
    (tmp_path / "plain.txt").write_bytes("Jag bor i Göteborg.\n".encode())
    (tmp_path / "bom.txt").write_bytes(b"\xef\xbb\xbf" + "Hej då, Åsa!".encode())
    (tmp_path / "latin.txt").write_bytes("Min pappa är från Malmö och älskar smörgåsar.".encode("cp1252"))
    (tmp_path / "README.md").write_text("not an essay")
    (tmp_path / "metadata.csv").write_text("essay_id,learner_id,level\nplain,L1,B1\nbom,L1,A2\n")
    batch = read_batch(tmp_path)
    essays = {e.essay_id: e for e in batch.essays}
    assert sorted(essays) == ["bom", "latin", "plain"]
    assert _reasons(batch) == {"README.md": b.NOT_ESSAY}  # accounted for, not dropped
    assert essays["bom"].text == "Hej då, Åsa!" and essays["bom"].encoding == "utf-8-sig"
    assert essays["latin"].text == "Min pappa är från Malmö och älskar smörgåsar."
    assert essays["latin"].encoding == "cp1252" and "converted to UTF-8" in essays["latin"].note
    assert essays["plain"].learner_id == "L1" and essays["plain"].metadata == {"level": "B1"}
    assert essays["latin"].learner_id is None and essays["latin"].learner == "essay:latin"
    assert set(batch.files) == {"metadata.csv"}


def test_every_quarantine_reason_in_a_directory(tmp_path: Path):
    (tmp_path / "ok.txt").write_text("Jag heter Kim.")
    (tmp_path / "junk.txt").write_bytes(b"\x81\x8d\x8f\x90\x9d" * 40)
    (tmp_path / "image.txt").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    (tmp_path / "blank.txt").write_text("  \n\t\n")
    (tmp_path / "nothing.txt").write_bytes(b"")
    (tmp_path / "big.txt").write_text("ord " * 100)
    (tmp_path / "Twin.txt").write_text("Den ena.")
    (tmp_path / "twin.txt").write_text("Den andra.")
    (tmp_path / "meta2.txt").write_text("Listad två gånger i metadata.")
    (tmp_path / "metadata.jsonl").write_text(
        json.dumps({"essay_id": "meta2", "learner_id": "A"}) + "\n"
        + json.dumps({"essay_id": "meta2", "learner_id": "B"}) + "\n")
    batch = read_batch(tmp_path, max_bytes=200)
    assert [e.essay_id for e in batch.essays] == ["ok"]
    assert _reasons(batch) == {"junk": b.UNDECODABLE, "image": b.BINARY, "blank": b.EMPTY,
                               "nothing": b.EMPTY, "big": b.OVERSIZED, "Twin": b.DUPLICATE,
                               "twin": b.DUPLICATE, "meta2": b.DUPLICATE}
    assert next(q for q in batch.quarantine if q.essay_id == "big").detail == "400 bytes > 200"


def test_jsonl_batch(tmp_path: Path):
    lines = [{"id": "a", "text": "Hej Sara!", "learner_id": "L9", "level": "B1"},
             {"id": "b", "text": "Hej igen."},
             {"id": "b", "text": "Samma id."},
             {"id": "c", "text": ""},
             {"id": "d", "text": "nul\x00byte"},
             {"id": "e", "text": "x" * 50},
             {"id": "../etc/passwd", "text": "path trick"},
             {"id": "f"}]
    path = tmp_path / "batch.jsonl"
    path.write_text("\n".join([*(json.dumps(x) for x in lines), "{not json",
                               '{"id": "g", "text": "\\ud800"}']) + "\n")
    batch = read_batch(path, max_bytes=40)
    assert [(e.essay_id, e.learner_id, e.metadata) for e in batch.essays] == [
        ("a", "L9", {"level": "B1"})]
    assert batch.essays[0].source == "batch.jsonl:1"
    assert _reasons(batch) == {"b": b.DUPLICATE, "c": b.EMPTY, "d": b.BINARY,
                               "e": b.OVERSIZED, "<line 7>": b.INVALID, "f": b.INVALID,
                               "<line 9>": b.INVALID, "g": b.UNDECODABLE}


def test_batch_errors_name_the_file(tmp_path: Path):
    with pytest.raises(BatchError, match="not a directory"):
        read_batch(tmp_path / "missing")
    (tmp_path / "metadata.csv").write_text("learner_id\nL1\n")
    with pytest.raises(BatchError, match=r"metadata.csv:2: no essay_id"):
        read_batch(tmp_path)


def _fifo(path: Path) -> None:
    os.mkfifo(path)


# (file name, how it is made, expected reason): every entry of a hostile directory has one fate
HOSTILE_ENTRIES = [
    ("..txt", lambda p: p.write_text("Hej."), b.INVALID),
    ("x.txt", lambda p: p.mkdir(), b.DIRECTORY),
    ("fifo.txt", _fifo, b.SPECIAL),
    ("passwd.txt", lambda p: p.symlink_to("/etc/passwd"), b.SYMLINK),
    ("dangling.txt", lambda p: p.symlink_to(p.parent / "nowhere"), b.SYMLINK),
    ("loop.txt", lambda p: p.symlink_to(p), b.SYMLINK),
    ("subdir", lambda p: p.mkdir(), b.DIRECTORY),
    ("notes.md", lambda p: p.write_text("Zlatomira Quxberg"), b.NOT_ESSAY),
    ("Zlatomira_Quxberg.txt", lambda p: p.write_bytes(b""), b.EMPTY),
    ("9" * 200 + ".txt", lambda p: p.write_text("Hej."), b.INVALID),  # an id too long to publish
]


@pytest.mark.parametrize("name, make, reason", HOSTILE_ENTRIES, ids=[r[0][:20] for r in HOSTILE_ENTRIES])
def test_each_hostile_entry_is_quarantined_and_the_rest_read(tmp_path: Path, name, make, reason):
    (tmp_path / "good.txt").write_text("Jag heter Kim.")
    make(tmp_path / name)
    batch = read_batch(tmp_path)
    assert [e.essay_id for e in batch.essays] == ["good"]
    assert [(q.source, q.reason) for q in batch.quarantine] == [(name, reason)]


def test_unreadable_file_and_symlinked_batch(tmp_path: Path):
    if os.geteuid() == 0:
        pytest.skip("root reads files whatever their mode")
    (tmp_path / "locked.txt").write_text("Hej.")
    (tmp_path / "locked.txt").chmod(0)
    assert _reasons(read_batch(tmp_path)) == {"locked": b.UNREADABLE}


def test_symlinked_batch_is_refused(tmp_path: Path):
    (tmp_path / "real").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "real")
    with pytest.raises(BatchError, match="symlink"):
        read_batch(tmp_path / "link")


@pytest.mark.parametrize("data, text, encoding", [
    ("Jag heter Omar.\n".encode("utf-16"), "Jag heter Omar.\n", "utf-16"),
    (b"\xfe\xff" + "Hej Åsa".encode("utf-16-be"), "Hej Åsa", "utf-16"),
    (b"\xef\xbb\xbfHej", "Hej", "utf-8-sig"),
])
def test_decodings(data: bytes, text: str, encoding: str):
    assert b.decode(data)[:2] == (text, encoding)


# JSON Lines: (line, expected reason or None when it is released)
HOSTILE_LINES = [
    ('{"id": "ok", "text": "Hej Kim."}', None),
    ("[" * 200_000 + "]" * 200_000, b.INVALID),
    ('{"id": ' + "7" * 5000 + ', "text": "Hej."}', b.INVALID),
    ('{"id": "' + "7" * 5000 + '", "text": "Hej."}', b.INVALID),
    ('{"id": "nan", "text": "Hej.", "score": NaN, "big": 1e999}', None),
    ('{"text": "utan id"}', b.INVALID),
    ('{"id": true, "text": "Hej."}', b.INVALID),
    ('{"id": "bad", "text": "Hej.", "x": "\xff"}', b.UNDECODABLE),
]


def test_hostile_jsonl_lines_cost_their_line_only(tmp_path: Path):
    path = tmp_path / "batch.jsonl"
    path.write_bytes(b"\n".join(line.encode("utf-8", "surrogateescape")
                                if "\xff" not in line else line.replace("\xff", "").encode()
                                .replace(b'"x": ""', b'"x": "\xff"') for line, _ in HOSTILE_LINES))
    batch = read_batch(path)
    assert sorted(e.essay_id for e in batch.essays) == ["nan", "ok"]
    nan = next(e for e in batch.essays if e.essay_id == "nan")
    assert nan.metadata == {"score": None, "big": None}  # never NaN in a manifest
    got = {int(q.source.rsplit(":", 1)[1]): q.reason for q in batch.quarantine}
    assert got == {n: r for n, (_, r) in enumerate(HOSTILE_LINES, 1) if r}


def test_oversized_jsonl_line_is_not_parsed(tmp_path: Path):
    path = tmp_path / "batch.jsonl"
    path.write_text('{"id": "a", "text": "' + "x" * 70_000 + '"}\n{"id": "b", "text": "Hej."}\n')
    batch = read_batch(path, max_bytes=100)
    assert [e.essay_id for e in batch.essays] == ["b"] and _reasons(batch) == {
        "<line 1>": b.OVERSIZED}


def test_a_jsonl_batch_is_read_line_by_line(tmp_path: Path):
    """A JSON Lines batch costs the essays it holds, not the file: a 24 MB line (quarantined
    oversized) and 20,000 lines that are not JSON are never held whole. Before, the file was
    read whole and split (peak over 60 MB here); the hash is still of every byte."""
    import hashlib
    import tracemalloc

    path = tmp_path / "batch.jsonl"
    with path.open("wb") as fh:
        fh.write(b'{"id": "a", "text": "Hej."}\n')
        fh.write(b'{"id": "big", "text": "' + b"x" * 24_000_000 + b'"}\n')
        fh.write(b"not json at all\n" * 20_000)
        fh.write(b'{"id": "b", "text": "Hej igen."}')  # no final newline
    tracemalloc.start()
    try:
        batch = read_batch(path, max_bytes=1000)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert [e.essay_id for e in batch.essays] == ["a", "b"]
    assert _reasons(batch)["<line 2>"] == b.OVERSIZED and len(batch.quarantine) == 20_001
    assert batch.files == {"batch.jsonl": hashlib.sha256(path.read_bytes()).hexdigest()}
    assert peak < 12_000_000, peak  # about 6 MB now (20,000 quarantine rows)


# Malformed metadata: one error naming the file and line, before any essay is read
BAD_METADATA = [
    ("metadata.csv", 'essay_id,learner_id\ne1,"L1\ne2,L2\n', r"metadata.csv:\d+: malformed CSV"),
    ("metadata.csv", "essay_id,learner_id\n,L1\n", r"metadata.csv:2: no essay_id"),
    ("metadata.csv", "essay_id,learner_id\ne1,L1,extra\n", r"metadata.csv:2: 3 fields"),
    ("metadata.jsonl", '{"essay_id": "e1"}\n' + "[" * 100_000 + "\n", r"metadata.jsonl:2: not JSON"),
    ("metadata.jsonl", '{"learner_id": "L1"}\n', r"metadata.jsonl:1: no essay_id"),
    ("metadata.jsonl", '{"essay_id": "e1", "learner_id": "\\udc80"}\n',
     r"metadata.jsonl:1: a lone surrogate"),
]


@pytest.mark.parametrize("name, content, message", BAD_METADATA)
def test_malformed_metadata_is_one_error_with_file_and_line(tmp_path: Path, name, content,
                                                             message):
    (tmp_path / "e1.txt").write_text("Hej.")
    (tmp_path / name).write_text(content)
    with pytest.raises(BatchError, match=message):
        read_batch(tmp_path)


def test_latin1_metadata_is_decoded(tmp_path: Path):
    (tmp_path / "e1.txt").write_text("Hej.")
    (tmp_path / "metadata.csv").write_bytes("essay_id,learner_id,ort\ne1,L1,Malmö\n".encode("latin-1"))
    assert read_batch(tmp_path).essays[0].metadata == {"ort": "Malmö"}


def test_a_file_name_that_is_not_utf8_is_quarantined_in_writable_text(tmp_path: Path):
    """A name's bytes that are not UTF-8 (Python keeps them as lone surrogates) are written as
    escapes: the id map, plan and manifest must be UTF-8 (before, the release crashed)."""
    (tmp_path / "good.txt").write_text("Jag heter Kim.")
    (Path(os.fsdecode(bytes(tmp_path))) / os.fsdecode(b"Ann\xffa.txt")).write_text("Hej.")
    batch = read_batch(tmp_path)
    assert [e.essay_id for e in batch.essays] == ["good"]
    assert [(q.source, q.reason) for q in batch.quarantine] == [("Ann\\xffa.txt", b.INVALID)]
    json.dumps([q.to_dict() for q in batch.quarantine], ensure_ascii=False).encode("utf-8")


def test_a_lone_surrogate_anywhere_in_a_jsonl_line_costs_that_line(tmp_path: Path):
    """`"\\ud800"` is valid JSON but no text: in an id, a learner, a metadata key or value it
    would stop the whole release at its first UTF-8 write; a surrogate pair is a character."""
    lines = ['{"id": "ok", "text": "Hej.", "learner_id": "L\\ud83d\\ude00"}',
             '{"id": "a", "text": "Hej.", "learner_id": "\\ud800"}',
             '{"id": "b", "text": "Hej.", "k\\udc80": 1}',
             '{"id": "c", "text": "Hej.", "level": ["\\udfff"]}']
    path = tmp_path / "batch.jsonl"
    path.write_text("\n".join(lines) + "\n")
    batch = read_batch(path)
    assert [(e.essay_id, e.learner_id) for e in batch.essays] == [("ok", "L\U0001f600")]
    assert _reasons(batch) == {"a": b.UNDECODABLE, "b": b.UNDECODABLE, "c": b.UNDECODABLE}


def test_a_file_removed_while_the_batch_is_listed_costs_that_file(tmp_path: Path, monkeypatch):
    """The batch directory changes under the run: an entry listed, then gone before it is read,
    is quarantined (before, its stat's FileNotFoundError stopped the whole batch)."""
    for name in ("a.txt", "b.txt", "c.txt"):
        (tmp_path / name).write_text("Jag heter Kim.")
    listing = os.scandir

    def scandir_then_remove(path):
        entries = list(listing(path))
        (tmp_path / "b.txt").unlink()
        return iter(entries)

    monkeypatch.setattr(b.os, "scandir", scandir_then_remove)
    batch = read_batch(tmp_path)
    assert [e.essay_id for e in batch.essays] == ["a", "c"]
    assert _reasons(batch) == {"b": b.UNREADABLE}
