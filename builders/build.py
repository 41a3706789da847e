"""Build sources into the store: fetch, curate, validate, then publish what succeeded.

A failing source (download, parse or validation) keeps its previous part current; the outcome
names the source and the reason, and the caller exits non-zero.
"""
from __future__ import annotations

import zipfile
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import polars as pl
import requests

from builders.fetch import TIMEOUT, FetchError, FetchRecord, fetch
from builders.schemas import KEYS, SchemaError, conform
from builders.source import Remote, Source, page_name
from builders.store import Store


class ValidationError(ValueError):
    """Curated data failed a gate (schema, row floor, shrink)."""


@dataclass
class Outcome:
    """The result of building one source."""

    source: str
    ok: bool
    reason: str = ""
    part: dict | None = None
    missing: list[str] = field(default_factory=list)  # optional remotes that were not available
    rows: dict[str, int] = field(default_factory=dict)


def select(sources: Mapping[str, Source], only: Iterable[str] = (), offline: bool = False
           ) -> list[Source]:
    """Sources named by `only` (exact names or prefixes such as 'geonames'); all when empty."""
    chosen = [s for s in sources.values() if s.packaged] if offline else list(sources.values())
    wanted = list(only)
    if not wanted:
        return chosen
    unknown = [w for w in wanted if not any(s.name == w or s.name.startswith(w) for s in chosen)]
    if unknown:
        raise KeyError(f"unknown source(s): {', '.join(unknown)}; known: "
                       f"{', '.join(sorted(sources))}")
    return [s for s in chosen if any(s.name == w or s.name.startswith(w) for w in wanted)]


def fetch_remotes(source: Source, store: Store, mirror: str | None,
                  http: requests.Session | None = None, progress: bool | None = None,
                  timeout: tuple[float, float] = TIMEOUT
                  ) -> tuple[dict[str, Path], dict[str, FetchRecord], list[str]]:
    """Fetch every remote of a source, trying fallbacks; optional misses are listed, not raised."""
    files: dict[str, Path] = {}
    records: dict[str, FetchRecord] = {}
    missing: list[str] = []
    def get(url: str, remote: Remote, filename: str) -> None:
        rec = fetch(url, source=source.name, filename=filename, licence=source.licence,
                    root=store.root, mirror=mirror, http=http, method=remote.method,
                    body=dict(remote.body) if remote.body else None, progress=progress,
                    timeout=timeout)
        files[filename] = store.root / rec.path
        records[filename] = rec

    for remote in source.remotes:
        errors = []
        for url in (remote.url, *remote.fallbacks):
            try:
                get(url, remote, remote.filename)
            except FetchError as exc:
                errors.append(exc)
                continue
            break
        else:
            if remote.optional:
                missing.append(f"{remote.filename} ({errors[-1]})")
            else:
                raise FetchError("; ".join(map(str, errors)),
                                 retryable=any(e.retryable for e in errors))
        if remote.next_page is not None and remote.filename in files:
            _fetch_pages(remote, files, get)
    return files, records, missing


MAX_PAGES = 2_000  # a paged upstream with more pages than this is answering in a loop


def _fetch_pages(remote: Remote, files: dict[str, Path],
                 get: Callable[[str, Remote, str], None]) -> None:
    """The pages after a paged remote's first, each named by the one before it."""
    page, url = 0, remote.next_page(files[remote.filename])
    while url:
        page += 1
        if page > MAX_PAGES:
            raise FetchError(f"{remote.url}: more than {MAX_PAGES} pages; the upstream "
                             f"answers in a loop", retryable=False)
        get(url, remote, page_name(remote.filename, page))
        url = remote.next_page(files[page_name(remote.filename, page)])


def validate(source: Source, frames: Mapping[str, pl.DataFrame], store: Store
             ) -> dict[str, pl.DataFrame]:
    """Schema, row floor and maximum shrink versus the current part; raise ValidationError."""
    out = {}
    for gazetteer in source.outputs:
        if gazetteer not in frames:
            raise ValidationError(f"produced no {gazetteer!r} table")
        try:
            frame = conform(gazetteer, frames[gazetteer])
        except SchemaError as exc:
            raise ValidationError(str(exc)) from exc
        floor = source.min_rows.get(gazetteer, 1)
        if frame.height < floor:
            raise ValidationError(f"{gazetteer}: {frame.height} rows, below the floor of {floor}")
        previous = store.part_rows(source.name, gazetteer)
        if previous and frame.height < previous * source.max_shrink:
            raise ValidationError(f"{gazetteer}: {frame.height} rows, shrunk from {previous} "
                                  f"(more than {1 - source.max_shrink:.0%} fewer)")
        out[gazetteer] = frame
    return out


# What a failing source raises: reported as its Outcome, never raised out of a build.
# BadZipFile/EOFError: a damaged zip (or xlsx) download must fail its source, not the build;
# RecursionError: a JSON answer nested past the parser (json.loads raises it, not ValueError).
SOURCE_ERRORS = (FetchError, ValidationError, ValueError, OSError, KeyError, zipfile.BadZipFile,
                 EOFError, pl.exceptions.PolarsError, RecursionError)


def curate_source(source: Source, store: Store, files: Mapping[str, Path],
                  records: Mapping[str, FetchRecord], missing: Sequence[str] = ()) -> Outcome:
    """Curate and validate a source from files fetched already, and write its part (not yet
    current): the Prefect flow fetches in its own task and must not download a second time."""
    try:
        frames = validate(source, source.curate(files, records), store)
    except SOURCE_ERRORS as exc:
        return Outcome(source.name, ok=False, reason=_one_line(exc))
    provenance = {"source": source.name, "description": source.description,
                  "licence": source.licence, "attribution": source.attribution,
                  "fetch": [rec.to_dict() for rec in records.values()]}  # pages too
    if source.provenance is not None:
        provenance["packages"] = source.provenance()
    if missing:
        provenance["missing"] = list(missing)
    part = store.write_part(source.name, frames, provenance)
    return Outcome(source.name, ok=True, part=part, missing=list(missing),
                   rows={g: f.height for g, f in frames.items()})


def build_source(source: Source, store: Store, mirror: str | None = None,
                 http: requests.Session | None = None, progress: bool | None = None,
                 timeout: tuple[float, float] = TIMEOUT) -> Outcome:
    """Fetch, curate and validate one source, and write its part (not yet current)."""
    try:
        files, records, missing = fetch_remotes(source, store, mirror, http, progress, timeout)
    except SOURCE_ERRORS as exc:
        return Outcome(source.name, ok=False, reason=_one_line(exc))
    return curate_source(source, store, files, records, missing)


def publish(outcomes: Iterable[Outcome], store: Store) -> dict | None:
    """Make the successful parts current and write the snapshot; None if nothing succeeded."""
    parts = {o.source: o.part for o in outcomes if o.ok and o.part}
    return store.commit(parts) if parts else None


def build(sources: Iterable[Source], store: Store, mirror: str | None = None,
          progress: bool | None = None,
          on_outcome: Callable[[Outcome], None] | None = None,
          http: requests.Session | None = None,
          timeout: tuple[float, float] = TIMEOUT) -> tuple[list[Outcome], dict | None]:
    """Build each source, then publish the successes together as one snapshot."""
    outcomes = []
    for source in sources:
        outcome = build_source(source, store, mirror, http=http, progress=progress,
                               timeout=timeout)
        if on_outcome:
            on_outcome(outcome)
        outcomes.append(outcome)
    return outcomes, publish(outcomes, store)


def diff(store: Store, a: str, b: str) -> dict[str, dict]:
    """Rows added and removed per gazetteer between two snapshots (by `fold` plus schema keys)."""
    snap_a, snap_b = store.snapshot(a), store.snapshot(b)
    report = {}
    for gazetteer in sorted(set(snap_a["gazetteers"]) | set(snap_b["gazetteers"])):
        keys = list(KEYS[gazetteer])
        frames = []
        for snap in (snap_a, snap_b):
            g = snap["gazetteers"].get(gazetteer)
            frames.append(pl.read_parquet(store.root / g["path"], columns=keys).unique()
                          if g else None)
        old, new = frames
        if old is None or new is None:
            report[gazetteer] = {"added": new.height if new is not None else 0,
                                 "removed": old.height if old is not None else 0}
            continue
        report[gazetteer] = {"added": new.join(old, on=keys, how="anti", nulls_equal=True).height,
                             "removed": old.join(new, on=keys, how="anti", nulls_equal=True).height,
                             "rows_a": old.height, "rows_b": new.height}
    return report


def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__
