"""Prefect flow `release_corpus`: prepare -> pseudonymize shards -> gate and publish.

Reads like the release steps; the work is in `pseudonymize.corpus.release`. Every task touches
essay text, so none is cached, none persists its result and none logs prints; tasks pass paths,
counts and hashes, never text. Shards are whole learners and run on
  * a local ThreadPoolTaskRunner (workers=1, or processes=False) or ProcessPoolTaskRunner,
  * a Dask cluster: `dask="tcp://host:8786"` (workers must see the same file system), or
  * `dask="local"`: a LocalCluster of `workers` workers started for this run.
Each worker process loads the engine once (`release.load_engine`, started by a `load-engine`
task while the flow process reads the batch) and gates its own shards, so the flow process only
prepares, hands out shards (largest first, `run_shards`), collects reports and publishes.
"""
from __future__ import annotations

import functools
import itertools
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, ExitStack, nullcontext
from pathlib import Path
from typing import ParamSpec, TypeVar

from prefect import flow, get_run_logger, task
from prefect.artifacts import create_markdown_artifact
from prefect.cache_policies import NO_CACHE
from prefect.futures import as_completed
from prefect.settings import PREFECT_API_URL, PREFECT_SERVER_EPHEMERAL_ENABLED, temporary_settings
from prefect.task_runners import ProcessPoolTaskRunner, TaskRunner, ThreadPoolTaskRunner
from pydantic import SecretStr
from tqdm import tqdm

from builders.store import Store, code_revision, data_root
from pseudonymize.corpus import keys as keyfile
from pseudonymize.corpus import release as rel
from pseudonymize.corpus import safety
from pseudonymize.corpus.batch import BatchError
from pseudonymize.corpus.leakgate import LeakError
from pseudonymize.policy import Policy, PolicyError
from pseudonymize.policy import load as load_policy

P, R = ParamSpec("P"), TypeVar("R")
# The release's own errors: their messages name paths, opaque ids and reasons, never text
OWN_ERRORS = (rel.ReleaseError, BatchError, LeakError, keyfile.KeysDirError,
              keyfile.KeyFileError, PolicyError, OSError)  # and a plain LookupError (no snapshot)

# Tasks that see essay text: never cached, never persisted, never printing.
PRIVATE = {"cache_policy": NO_CACHE, "persist_result": False, "log_prints": False}


class TaskFailed(RuntimeError):
    """An unexpected exception of a task that sees essay text, named by its type only. Prefect
    logs a failed run's exception by its repr, args and all, into its database (~/.prefect) and
    on stderr; a UnicodeError's args hold the whole string it could not code (a release's id map
    with the file names), a KeyError its key. The original stays on `original` (for --debug),
    never in the args."""

    def __init__(self, message: str, original: BaseException | None = None) -> None:
        super().__init__(message)
        self.original = original


def private_errors(fn: Callable[P, R]) -> Callable[P, R]:
    """`fn` with every exception but the release's own (whose messages are written for the
    user: paths, ids, reasons) and OSError (a path and its errno) turned into `TaskFailed`."""

    @functools.wraps(fn)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return fn(*args, **kwargs)
        except Exception as exc:  # noqa: BLE001 - named by type, kept off the args
            if isinstance(exc, (TaskFailed, *OWN_ERRORS)) or type(exc) is LookupError:
                raise
            raise TaskFailed(f"{type(exc).__name__} in {fn.__name__}", exc) from None

    return run


@task(name="load-engine", cache_policy=NO_CACHE, persist_result=False)
@private_errors
def load_engine(snapshot_path: str) -> str:
    """Start a worker and load its engine while the flow process reads the batch."""
    return rel.load_engine(snapshot_path).snapshot_id


@task(name="prepare-release", **PRIVATE)
@private_errors
def prepare(batch: str, out: str, snapshot_path: str, keys_dir: str, strategy: str, seed: int,
            revision: str, workers: int, options: dict, policy: Policy | None = None
            ) -> rel.Plan:
    return rel.prepare(Path(batch), Path(out), Path(snapshot_path), Path(keys_dir),
                       strategy=strategy, seed=seed, code_revision=revision, workers=workers,
                       policy=policy, **options)


@task(name="pseudonymize-shard", task_run_name="shard-{index}", **PRIVATE)
@private_errors
def run_shard(plan: rel.Plan, index: int) -> dict:
    return rel.process_shard(plan, index)


@task(name="gate-and-publish", **PRIVATE)
@private_errors
def publish(plan: rel.Plan, reports: list[dict]) -> dict:
    return rel.finalize(plan, reports, keyfile.passphrase())


def task_runner(workers: int = 2, dask: str | None = None, processes: bool = True) -> TaskRunner:
    """The runner for the shard tasks (see the module docstring)."""
    if dask:
        from prefect_dask import DaskTaskRunner

        if dask == "local":
            return DaskTaskRunner(cluster_class="distributed.LocalCluster",
                                  cluster_kwargs={"n_workers": workers, "threads_per_worker": 1,
                                                  "processes": processes,
                                                  "dashboard_address": None})
        return DaskTaskRunner(address=dask)
    if workers > 1 and processes:
        return ProcessPoolTaskRunner(max_workers=workers)
    return ThreadPoolTaskRunner(max_workers=workers)


def runner_settings(dask: str | None) -> AbstractContextManager:
    """Settings for the workers this flow starts. A local Dask cluster's workers feed no
    dashboard (it has none), so they do without the statistical profiler (their threads
    sampled every 10 ms) and sample system load every 5 s instead of 0.5 s: together 5-10 %
    of a shard's time."""
    if dask != "local":
        return nullcontext()
    import dask.config

    return dask.config.set({"distributed.worker.profile.enabled": False,
                            "distributed.admin.system-monitor.interval": "5s"})


def shared_api() -> AbstractContextManager:
    """Point worker processes at this flow's API. With no PREFECT_API_URL the flow runs on an
    ephemeral server of its own, and every spawned worker would start another one (seconds of
    CPU per worker, task runs recorded on a server nobody reads, servers left running)."""
    if PREFECT_API_URL.value() or not PREFECT_SERVER_EPHEMERAL_ENABLED.value():
        return nullcontext()
    from prefect.server.api.server import SubprocessASGIServer

    server = SubprocessASGIServer()  # the flow's own (a singleton), already started
    server.start()
    if server.server_process is not None:  # it must not outlive a killed release
        safety.reap_with_this_process(server.server_process.pid)
    return temporary_settings({PREFECT_API_URL: server.api_url})


def hidden(path: str) -> SecretStr:
    """The batch's path as the flow's parameter: Prefect stores a flow run's parameters in its
    database and records a `SecretStr` as `**********`. A batch may be named after a person
    (`klass9_anna_svensson.jsonl`), which no release publishes."""
    return SecretStr(path)


@flow(name="release-corpus", persist_result=False, log_prints=False)
@private_errors
def release_corpus(batch: str | SecretStr, out: str, snapshot: str = "current", strategy: str = "realistic",
                   seed: int = 0, workers: int = 2, dask: str | None = None,
                   keys: str | None = None, processes: bool = True,
                   progress: bool = False, keep_ids: bool = False,
                   publish_metadata: tuple[str, ...] = (), bin_years: tuple[str, ...] = (),
                   strict: bool = False, policy: str | None = None, review: str | None = None,
                   require_approved: bool = False) -> dict:
    """Release a batch into `<out>/<release-id>/`; the key goes to `keys` (default
    `$SWEPSEUDO_HOME/keys`). Ids are opaque unless `keep_ids`; only the metadata columns named
    in `publish_metadata` (and `bin_years`, as 5-year bins) are published; `strict` fails the
    release on any quarantine; `policy` is a policy file (pseudonymize.policy); with `review`,
    from a review workspace's decisions (see `pseudonymize.review`); `batch` may be `hidden`
    (as the command line gives it) to keep its path out of Prefect's database. Returns the
    summary (ids, paths, counts; no text)."""
    logger = get_run_logger()
    batch = batch.get_secret_value() if isinstance(batch, SecretStr) else batch
    store = Store(data_root())
    snapshot_path = str(store.snapshot_path(snapshot))
    with ExitStack() as stack:
        # the batch is read (in a thread of this process) while the workers start
        prepared = prepare.submit(batch, out, snapshot_path,
                                  keys or str(keyfile.default_keys_dir(store.root)), strategy,
                                  seed, code_revision(), workers,
                                  {"keep_ids": keep_ids,
                                   "publish_metadata": tuple(publish_metadata),
                                   "bin_years": tuple(bin_years), "strict": strict,
                                   "review": Path(review) if review else None,
                                   "require_approved": require_approved},
                                  load_policy(Path(policy)) if policy else None)
        try:
            stack.enter_context(shared_api())
            stack.enter_context(runner_settings(dask))
            runner = stack.enter_context(task_runner(workers, dask, processes))
            warm = [runner.submit(load_engine, {"snapshot_path": snapshot_path})
                    for _ in range(max(1, workers))]
        except BaseException:
            prepared.wait()
            if prepared.state.is_completed():
                rel.abort(prepared.result())
            raise
        plan = prepared.result()
        logger.info("release %s: %d essays in %d shards, %d quarantined", plan.release_id,
                    plan.essays, len(plan.shards), plan.quarantined)
        try:
            reports = shard_reports(runner, plan, len(warm) + (0 if dask else 1), progress)
            for future in warm:
                future.result()
            stack.close()  # the workers stop (and free their memory) before publishing
            summary = publish(plan, sorted(reports, key=lambda r: r["shard"]))
        except BaseException:
            safety.kill_workers()  # an aborted release does not wait for running shards
            stack.close()  # no shard still writes when the partial release is removed
            rel.abort(plan)
            raise
    create_markdown_artifact(markdown=summary_markdown(summary), key=f"release-{plan.release_id}",
                             description=f"corpus release {plan.release_id}")
    logger.info("release %s published: %s", plan.release_id, summary["path"])
    return summary


def shard_reports(runner: TaskRunner, plan: rel.Plan, ahead: int, progress: bool) -> list[dict]:
    """Every shard's report, run `ahead` at a time with a progress bar of essays (shown with
    `progress`). `ahead` is one more than the workers for a pool, whose workers take tasks
    from one line (none waits); as many as the workers for Dask, which hands a task to a worker
    when it is submitted, so more could queue a large shard behind another."""
    reports = []
    with tqdm(total=plan.essays, unit="essay", desc=f"release {plan.release_id}",
              disable=not progress, file=sys.stderr) as bar:
        for report in run_shards(runner, plan, ahead):
            reports.append(report)
            bar.update(report["essays"])
    return reports


def run_shards(runner: TaskRunner, plan: rel.Plan, ahead: int) -> Iterator[dict]:
    """Shard reports as the shards finish. Shards go to the runner in plan order, at most
    `ahead` unfinished at a time: a runner may start tasks submitted together in any order,
    and the plan's large shards must run first (its small last ones let the workers finish
    together)."""
    queue = iter(range(len(plan.shards)))
    running = {runner.submit(run_shard, {"plan": plan, "index": i})
               for i in itertools.islice(queue, ahead)}
    while running:
        done = next(as_completed(running))
        running.remove(done)
        running.update(runner.submit(run_shard, {"plan": plan, "index": i})
                       for i in itertools.islice(queue, 1))
        yield done.result()


def summary_markdown(summary: dict) -> str:
    """Counts per label and per quarantine reason; ids and paths only, never essay text."""
    counts = summary["counts"]
    lines = [f"# Corpus release `{summary['release_id']}`", "",
             f"- essays released: {counts['essays']}",
             f"- quarantined: {counts['quarantined']}",
             f"- entities replaced: {counts['replaced']} (spans: {counts['spans']})",
             f"- release: `{summary['path']}`", "", "| label | spans |", "|---|---:|"]
    lines += [f"| {label} | {n} |" for label, n in sorted(counts["labels"].items())]
    reasons = Counter(reason for _, reason in summary["quarantine"])
    if reasons:
        lines += ["", "| quarantine reason | essays |", "|---|---:|"]
        lines += [f"| {reason} | {n} |" for reason, n in sorted(reasons.items())]
    return "\n".join(lines) + "\n"
