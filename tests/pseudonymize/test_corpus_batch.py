"""Reading a batch: encodings, metadata, and every quarantine reason."""
from __future__ import annotations

import json
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
    assert sorted(essays) == ["bom", "latin", "plain"] and not batch.quarantine
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
