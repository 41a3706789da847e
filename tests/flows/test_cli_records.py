"""`annotate`'s input (`flows.cli_engine.Records`), held only when small, else read again one
learner at a time: every line is checked before any work, a learner's essays come together
wherever they stand, and a bad line or a file changed between the two reads is one error naming
the file and line."""
from __future__ import annotations

import json

import pytest

from flows.cli import CLIError
from flows.cli_engine import Records


def _write(path, rows: list[dict], sep: bytes = b"\n", bom: bool = False) -> str:
    data = sep.join(json.dumps(r, ensure_ascii=False).encode("utf-8") for r in rows) + sep
    path.write_bytes((b"\xef\xbb\xbf" if bom else b"") + data)
    return str(path)


@pytest.mark.parametrize("hold", [0, 2**20])  # read again from the file, or held
@pytest.mark.parametrize(("sep", "bom", "lines"), [
    (b"\n", False, [1, 2, 3, 4]), (b"\r\n", False, [1, 2, 3, 4]), (b"\n", True, [1, 2, 3, 4]),
    (b"\r\n", True, [1, 2, 3, 4]), (b"\n\n", False, [1, 3, 5, 7])])
def test_records_come_by_learner_in_file_order(tmp_path, sep, bom, lines, hold) -> None:
    rows = [{"id": "a", "learner_id": "L2", "text": "Hej Åsa."},
            {"id": "b", "learner_id": "L1", "text": "två"},
            {"id": 3, "text": "utan elev"},
            {"id": "d", "learner_id": "L2", "text": "tre\u2028fyra"}]
    records = Records(_write(tmp_path / "in.jsonl", rows, sep, bom), hold)
    assert (records.held is None) == (hold == 0)
    assert [(n, ident, learner) for _, n, ident, learner in records.index] == \
        list(zip(lines, ["a", "b", "3", "d"], ["L2", "L1", "", "L2"]))
    got = [(k, r["id"], r["text"]) for k, r in records.learners()]
    assert got == [(2, "3", "utan elev"), (1, "b", "två"), (0, "a", "Hej Åsa."),
                   (3, "d", "tre\u2028fyra")]


@pytest.mark.parametrize(("raw", "reason"), [
    (b'{"id": "x"}', "x.jsonl:2: expected a JSON object with id and text (KeyError)"),
    (b'{"id": "x", "text": 5}', "x.jsonl:2: expected a JSON object with id and text (TypeError)"),
    (b"[1, 2]", "x.jsonl:2: expected a JSON object with id and text (TypeError)"),
    (b"not json", "x.jsonl:2: expected a JSON object with id and text (JSONDecodeError)"),
    (b'{"id": "x", "text": "\xe5"}', "x.jsonl:2: not UTF-8 (JSON Lines must be UTF-8)"),
    # valid JSON but no text (before: an internal error at the output's write)
    (b'{"id": "x", "text": "a\\ud800"}', "x.jsonl:2: a lone surrogate escape such as "
                                         "\\ud800 (not text)"),
    (b'{"id": "x\\udfff", "text": "a"}', "x.jsonl:2: a lone surrogate escape such as "
                                         "\\ud800 (not text)"),
])
def test_a_bad_line_is_one_error_naming_file_and_line(tmp_path, raw, reason) -> None:
    (tmp_path / "x.jsonl").write_bytes(b'{"id": "a", "text": "ok"}\n' + raw + b"\n")
    with pytest.raises(CLIError) as err:
        Records(str(tmp_path / "x.jsonl"))
    assert str(err.value).endswith(reason)


def test_a_file_changed_between_the_reads_is_an_error(tmp_path) -> None:
    path = _write(tmp_path / "in.jsonl", [{"id": "a", "text": "ett"}, {"id": "b", "text": "två"}])
    records = Records(path, hold=0)
    _write(tmp_path / "in.jsonl", [{"id": "b", "text": "två"}, {"id": "a", "text": "ett"}])
    with pytest.raises(CLIError, match="in.jsonl:1: the file changed while it was read"):
        list(records.learners())
