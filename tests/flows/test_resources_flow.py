"""The `build_resources` Prefect flow with fake sources: snapshot, artifact, failures, caching."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from prefect.client.orchestration import get_client
from prefect.client.schemas.filters import ArtifactFilter, ArtifactFilterFlowRunId

from builders import registry
from builders.store import Store
from flows import resources, serve
from tests.builders import fake_sources as fake
from tests.builders.httpserver import LocalServer
from tests.builders.httpserver import serve as serve_files


@pytest.fixture
def upstream() -> Iterator[LocalServer]:
    server = serve_files({fake.PLACES_PATH: fake.PLACES_TSV})
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(autouse=True)
def no_retry_delay(monkeypatch: pytest.MonkeyPatch) -> None:
    """Keep the download retries, drop their waiting; start counting curate calls afresh."""
    fake.CALLS.clear()
    monkeypatch.setattr(resources, "fetch_source",
                        resources.fetch_source.with_options(retry_delay_seconds=0))


def run_flow(upstream: LocalServer, **params) -> tuple[dict, str]:
    """The flow's summary and its markdown artifact."""
    state = resources.build_resources(mirror=upstream.url, **params, return_state=True)
    summary = state.result()
    with get_client(sync_client=True) as client:
        artifacts = client.read_artifacts(artifact_filter=ArtifactFilter(
            flow_run_id=ArtifactFilterFlowRunId(any_=[state.state_details.flow_run_id])))
    assert [a.key for a in artifacts] == [resources.ARTIFACT_KEY]
    return summary, artifacts[0].data


def outcomes(summary: dict) -> dict[str, tuple[bool, str]]:
    return {o["source"]: (o["ok"], o["reason"]) for o in summary["outcomes"]}


def test_builds_a_snapshot_and_reports_it(monkeypatch, upstream, data_root: Path):
    monkeypatch.setattr(registry, "SOURCES", fake.sources(
        fake.names_source(names=("Anna", "Erik", "Maja", "Sven"), version="1.1"), fake.places_source()))
    summary, report = run_flow(upstream)
    store = Store(data_root)
    assert summary["snapshot"] == store.current_snapshot_id() is not None
    assert summary["previous"] is None
    assert outcomes(summary) == {"fake-names": (True, ""), "fake-places": (True, "")}
    assert summary["changes"]["places"] == {"added": 3, "removed": 0, "rows_a": 0, "rows_b": 3}
    assert f"snapshot `{summary['snapshot']}`" in report
    assert "| first_names | 0 | 4 | 4 | 0 |" in report
    assert "| fake-places | ok | places: 3 |" in report


def test_failing_source_keeps_previous_part_and_is_reported(monkeypatch, upstream, data_root):
    monkeypatch.setattr(registry, "SOURCES", fake.sources(
        fake.names_source(names=("Olle", "Stina"), version="1.2"), fake.places_source(), fake.broken_source()))
    first, _ = run_flow(upstream)
    assert outcomes(first)["fake-broken"] == (False, "ValueError: fake-broken.tsv: no table found")
    assert fake.CALLS.count("fake-broken") == 1  # a curate error is not retried
    part = Store(data_root).current_part("fake-places")

    upstream.requests.clear()
    upstream.fail(fake.PLACES_PATH, 404)
    second, report = run_flow(upstream, only=["fake-places", "fake-names"])
    ok, reason = outcomes(second)["fake-places"]
    assert not ok and reason.startswith("FetchError: ") and "HTTP 404" in reason
    assert Store(data_root).current_part("fake-places") == part
    assert second["snapshot"] == first["snapshot"]  # nothing changed, nothing removed
    assert second["changes"]["places"]["removed"] == 0
    assert "- **fake-places**: FetchError: " in report
    assert len(upstream.requests_for(fake.PLACES_PATH)) == 1  # a 4xx answer is not retried


def test_each_file_is_downloaded_once_per_run(monkeypatch, upstream, data_root):
    """The build task curates what the fetch task downloaded, even from a server that ignores
    conditional headers (where a second fetch would send the whole file again)."""
    monkeypatch.setattr(registry, "SOURCES", fake.sources(fake.places_source()))
    upstream.validators = False
    summary, _ = run_flow(upstream)
    assert outcomes(summary) == {"fake-places": (True, "")}
    assert len(upstream.requests_for(fake.PLACES_PATH)) == 1
    assert fake.CALLS == ["fake-places"]
    record = Store(data_root).current_part("fake-places")["provenance"]["fetch"][0]
    assert (record["url"], record["status"]) == (fake.PLACES_URL, 200)


def test_unchanged_inputs_hit_the_cache(monkeypatch, upstream, data_root):
    monkeypatch.setattr(registry, "SOURCES", fake.sources(
        fake.names_source(version="2.0"), fake.places_source()))
    first, _ = run_flow(upstream)
    fake.CALLS.clear()
    second, report = run_flow(upstream)
    assert fake.CALLS == []  # neither source curated again
    assert second["snapshot"] == first["snapshot"] == second["previous"]
    assert all(c["added"] == c["removed"] == 0 for c in second["changes"].values())

    monkeypatch.setattr(registry, "SOURCES", fake.sources(
        fake.names_source(version="2.1"), fake.places_source()))  # a package upgrade rebuilds
    run_flow(upstream)
    assert fake.CALLS == ["fake-names"]


def test_weekly_deployment_schedule():
    deployment = serve.deployment(offline=True)
    (schedule,) = deployment.schedules
    assert (schedule.schedule.cron, schedule.schedule.timezone) == ("0 3 * * 1", "Europe/Stockholm")
    assert deployment.parameters == {"offline": True, "mirror": None}
    assert deployment.entrypoint == "flows.resources.build_resources"


def test_cli_build_runs_the_flow(monkeypatch, upstream, data_root, capsys):
    from flows.cli import main

    monkeypatch.setattr(registry, "SOURCES", fake.sources(
        fake.names_source(version="1.3"), fake.places_source(), fake.broken_source()))
    code = main(["resources", "build", "--mirror", upstream.url])
    out, err = capsys.readouterr()
    assert code == 1
    assert [line.split()[:2] for line in out.splitlines()[:3]] == [
        ["ok", "fake-names"], ["ok", "fake-places"], ["FAILED", "fake-broken"]]
    assert f"snapshot {Store(data_root).current_snapshot_id()} (previous none)" in out
    assert err.strip().endswith("swepseudo: 1 source(s) failed: fake-broken")
