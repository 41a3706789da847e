"""Prefect flow: rebuild the curated gazetteers from every source and publish one snapshot.

Per source: `fetch_source` (I/O, retried on download errors) then `build_source` (curate and
validate what the fetch task downloaded, without downloading again; cached on the fetched files'
sha256s, the builder code and package versions). Then `publish` the successes as one snapshot and
`report` what changed as a markdown artifact. A failing source never fails the run: it keeps its
previous part and is named in the summary.
"""
from __future__ import annotations

import dataclasses
import hashlib
import inspect
import json
import sys
from pathlib import Path

from prefect import flow, task
from prefect.artifacts import create_markdown_artifact
from prefect.futures import PrefectFuture
from prefect.states import State
from prefect.task_runners import ThreadPoolTaskRunner
from tqdm import tqdm

from builders import build, registry
from builders.fetch import FetchError, FetchRecord
from builders.source import Source
from builders.store import Store

ARTIFACT_KEY = "resources-build"
# Builder modules every source runs through, and the data files shipped with the builders
# (the hand-written lexicon): a change to any of them invalidates cached parts.
SHARED_CODE = tuple(Path(build.__file__).with_name(f"{m}.py")
                    for m in ("build", "fetch", "schemas", "source", "store"))
BUILDER_DATA = Path(build.__file__).with_name("data")


class SourceFailed(RuntimeError):
    """A source did not build; the message is the builder's one-line reason."""


def _is_fetch_error(task, task_run, state) -> bool:
    """Retry only download errors: anything else fails the same way twice."""
    try:
        state.result()
    except FetchError:
        return True
    except Exception:
        return False
    return False


def _builder_code(src: Source) -> str:
    """sha256 of the source's own module, the shared builder modules and the builder data."""
    curate = getattr(src.curate, "func", src.curate)  # functools.partial
    data = sorted(p for p in BUILDER_DATA.rglob("*") if p.is_file())
    digest = hashlib.sha256()
    for path in (Path(inspect.getsourcefile(curate)), *SHARED_CODE, *data):
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def _input_key(context, parameters: dict) -> str:
    """Content, never paths: source name, fetched sha256s, package versions, builder code."""
    src = registry.SOURCES[parameters["name"]]
    key = {"source": src.name, "files": parameters["inputs"]["files"],
           "packages": src.provenance() if src.provenance else None,
           "code": _builder_code(src)}
    return "resources-" + hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()


@task(task_run_name="fetch-{name}", retries=2, retry_delay_seconds=[10, 60],
      retry_condition_fn=_is_fetch_error)
def fetch_source(name: str, root: str, mirror: str | None) -> dict:
    """Download a source's remotes into raw/; return references, not data: {filename: sha256}
    (the cache inputs), the fetch records (whose paths are relative to `root`) and the misses."""
    _files, records, missing = build.fetch_remotes(registry.SOURCES[name], Store(Path(root)),
                                                   mirror)
    return {"files": {f: r.sha256 for f, r in sorted(records.items())},
            "records": {f: r.to_dict() for f, r in sorted(records.items())}, "missing": missing}


@task(task_run_name="build-{name}", cache_key_fn=_input_key)
def build_source(name: str, root: str, inputs: dict) -> dict:
    """Curate and validate the files `fetch_source` downloaded into a part; return the outcome
    record (no frames). No I/O upstream, so no retries; failures raise and are never cached."""
    store = Store(Path(root))
    records = {f: FetchRecord.from_dict(r) for f, r in inputs["records"].items()}
    outcome = build.curate_source(registry.SOURCES[name], store,
                                  {f: store.root / r.path for f, r in records.items()},
                                  records, inputs["missing"])
    if not outcome.ok:
        raise SourceFailed(outcome.reason)
    return dataclasses.asdict(outcome)


@task
def publish(root: str, outcomes: list[dict]) -> str | None:
    """Make the successful parts current as one snapshot; its id (None if nothing built)."""
    snapshot = build.publish([build.Outcome(**o) for o in outcomes], Store(Path(root)))
    return snapshot["id"] if snapshot else None


@task
def report(root: str, summary: dict) -> dict:
    """Rows added/removed per gazetteer versus the previous snapshot, as a markdown artifact."""
    changes = changes_since(Store(Path(root)), summary["previous"], summary["snapshot"])
    create_markdown_artifact(key=ARTIFACT_KEY, markdown=markdown({**summary, "changes": changes}),
                             description="Resource rebuild: changes and failed sources")
    return changes


@flow(name="build-resources", task_runner=ThreadPoolTaskRunner(max_workers=2))
def build_resources(only: list[str] | None = None, offline: bool = False,
                    mirror: str | None = None, progress: bool = False) -> dict:
    """Fetch and build each selected source, publish one snapshot, report what changed;
    `progress` shows a bar of settled sources on stderr."""
    store = Store()
    root = str(store.root)
    names = [s.name for s in build.select(registry.SOURCES, only or (), offline)]
    fetched = {n: fetch_source.submit(n, root, mirror) for n in names}
    built = {n: build_source.submit(n, root, fetched[n]) for n in names}
    with tqdm(total=len(names), desc="build", unit="source", leave=False, file=sys.stderr,
              disable=not progress) as bar:
        outcomes = []
        for n in names:
            outcomes.append(_settle(n, root, fetched[n], built[n]))
            bar.update(1)
    previous = store.current_snapshot_id()
    snapshot = publish(root, outcomes) or previous
    summary = {"snapshot": snapshot, "previous": previous,
               "outcomes": [{k: v for k, v in o.items() if k != "part"} for o in outcomes]}
    return {**summary, "changes": report(root, summary)}


def _settle(name: str, root: str, fetched: PrefectFuture, built: PrefectFuture) -> dict:
    """The outcome record of one source, turning a failed task into a failed outcome."""
    for future in (fetched, built):
        future.wait()
        if not future.state.is_completed():
            return _failed(name, future.state)
    outcome = built.result()
    if all((Path(root) / o["path"]).exists() for o in outcome["part"]["outputs"].values()):
        return outcome
    # A cached outcome from another data root (or a wiped curated/): build the part here.
    state = build_source.with_options(refresh_cache=True)(name, root, fetched.result(),
                                                          return_state=True)
    return state.result() if state.is_completed() else _failed(name, state)


def _failed(name: str, state: State) -> dict:
    exc = state.result(raise_on_failure=False)
    if isinstance(exc, SourceFailed):
        reason = str(exc)
    elif isinstance(exc, BaseException):
        reason = f"{type(exc).__name__}: {' '.join(str(exc).split())}"
    else:
        reason = f"task ended {state.name}"
    return dataclasses.asdict(build.Outcome(name, ok=False, reason=reason))


def changes_since(store: Store, previous: str | None, current: str | None) -> dict[str, dict]:
    """`build.diff` versus the previous snapshot; every row counts as added on a first build."""
    if current is None:
        return {}
    if previous is None:
        return {g: {"added": v["rows"], "removed": 0, "rows_a": 0, "rows_b": v["rows"]}
                for g, v in store.snapshot(current)["gazetteers"].items()}
    return build.diff(store, previous, current)


def markdown(summary: dict) -> str:
    """The build summary as markdown: snapshot, per-gazetteer changes, each source's outcome."""
    lines = [f"# Resource build: snapshot `{summary['snapshot'] or 'none'}`", "",
             f"Previous snapshot: `{summary['previous'] or 'none'}`", "",
             "| gazetteer | rows before | rows after | added | removed |",
             "|---|---:|---:|---:|---:|"]
    for gazetteer, c in sorted(summary["changes"].items()):
        lines.append(f"| {gazetteer} | {c.get('rows_a', '')} | {c.get('rows_b', '')} "
                     f"| {c['added']} | {c['removed']} |")
    lines += ["", "| source | status | detail |", "|---|---|---|"]
    for o in summary["outcomes"]:
        detail = (", ".join(f"{g}: {n}" for g, n in sorted(o["rows"].items())) if o["ok"]
                  else o["reason"].replace("|", "\\|"))
        if o["missing"]:
            detail += "; missing optional: " + ", ".join(o["missing"])
        lines.append(f"| {o['source']} | {'ok' if o['ok'] else '**FAILED**'} | {detail} |")
    failed = [o for o in summary["outcomes"] if not o["ok"]]
    if failed:
        lines += ["", "## Failed sources (previous part kept)", ""]
        lines += [f"- **{o['source']}**: {o['reason']}" for o in failed]
    return "\n".join(lines) + "\n"
