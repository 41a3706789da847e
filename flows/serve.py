"""The weekly resource rebuild as a served Prefect deployment (`swepseudo resources serve`).

`flow.serve` keeps one long-running process that registers the deployment with the Prefect API
(`PREFECT_API_URL`) and runs each scheduled flow run itself: no work pool or worker is needed.
Runs inherit this process's environment, so `SWEPSEUDO_HOME` chooses the data root.
"""
from __future__ import annotations

from prefect import serve as prefect_serve
from prefect.deployments.runner import EntrypointType, RunnerDeployment
from prefect.schedules import Cron

from flows.resources import build_resources

DEPLOYMENT = "weekly"
CRON = "0 3 * * 1"           # Mondays 03:00
TIMEZONE = "Europe/Stockholm"


def deployment(offline: bool = False, mirror: str | None = None, cron: str = CRON,
               timezone: str = TIMEZONE) -> RunnerDeployment:
    """The rebuild deployment with its cron schedule and fixed flow parameters."""
    return build_resources.to_deployment(
        name=DEPLOYMENT, schedules=[Cron(cron, timezone=timezone)],
        parameters={"offline": offline, "mirror": mirror},
        description="Rebuild the curated gazetteers and report what changed.",
        tags=["resources"],
        entrypoint_type=EntrypointType.MODULE_PATH)  # importable from any working directory


def serve(offline: bool = False, mirror: str | None = None, cron: str = CRON,
          timezone: str = TIMEZONE) -> None:
    """Register the deployment and run its scheduled flow runs until interrupted."""
    prefect_serve(deployment(offline, mirror, cron, timezone))
