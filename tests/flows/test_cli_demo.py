"""`swepseudo demo` end to end: the offline snapshot, the sample release through the flow, the
audit file and the closing summary; a second run says which snapshot it uses and reuses the
release."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

from flows import cli_release
from flows.cli import main


def test_demo_ends_with_the_summary_and_writes_the_audit(data_root, tmp_path, monkeypatch,
                                                         capsys):
    repo = tmp_path / "repo"
    shutil.copytree(Path(cli_release.REPO) / "corpus" / "sample", repo / "corpus" / "sample")
    monkeypatch.setattr(cli_release, "REPO", repo)

    assert main(["demo"]) == 0
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert lines[0].startswith("resources no snapshot yet: building the offline part from "
                               "packaged data (no network)")
    assert len(lines) < 25 and "{" not in out  # the audit JSON went to its file
    release = next((repo / "corpus" / "releases").iterdir())
    trail = data_root / "audits" / f"{release.name}-essay-01.json"
    assert json.loads(trail.read_text())["status"] == "ok"
    summary = out.split("\n\n", 1)[1]
    for expected in (f"released  {release}", "32 essays, 0 quarantined",
                     f"key       {data_root / 'keys' / release.name}.parquet",
                     "trail     manifest.json, provenance.jsonl, SHA256SUMS",
                     f"audit     {trail}  (texts/essay-01.txt: ok)",
                     "swepseudo verify ", f"swepseudo key show {data_root / 'keys'}"):
        assert expected in summary
    assert lines[-1].strip() == 'echo "Jag heter Amina och bor i Göteborg." | swepseudo text'
    assert "Traceback" not in err and "INFO" not in err

    assert main(["demo"]) == 0
    again = capsys.readouterr().out.splitlines()
    assert again[0].startswith("resources using the current snapshot ")
    assert "`swepseudo demo --rebuild` rebuilds its offline part first" in again[0]
    assert again[1] == (f"release   {release} exists already (same sample, snapshot and code): "
                        "reused")
