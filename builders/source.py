"""The declaration every upstream source module makes: what it downloads and what it curates."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import polars as pl

from builders.fetch import FetchRecord


@dataclass(frozen=True)
class Remote:
    """One upstream file. `fallbacks` are tried in order when `url` fails."""

    url: str
    filename: str
    fallbacks: tuple[str, ...] = ()
    method: str = "GET"
    body: Mapping | None = None
    optional: bool = False  # a missing optional file is reported, not fatal
    # A paged upstream (an API answering in pages): the URL of the page after a fetched one, or
    # None after the last; the pages are stored as `filename` then `<stem>.0001<suffix>`, ...
    next_page: Callable[[Path], str | None] | None = None


@dataclass(frozen=True)
class Source:
    """A builder source: one upstream file (or a tight group of files) feeding gazetteers.

    `curate` receives the fetched files as {filename: path} (plus the fetch records, for parsers
    that must know which fallback answered) and returns one frame per output gazetteer.
    """

    name: str
    description: str
    licence: str
    attribution: str
    outputs: tuple[str, ...]
    curate: Callable[[Mapping[str, Path], Mapping[str, FetchRecord]], Mapping[str, pl.DataFrame]]
    remotes: tuple[Remote, ...] = ()
    min_rows: Mapping[str, int] = field(default_factory=dict)  # per output; default 1
    max_shrink: float = 0.5  # new rows must be >= this share of the current version's rows
    packaged: bool = False   # built from installed packages, needs no network
    provenance: Callable[[], list[dict]] | None = None  # packaged sources: package names/versions


def page_name(filename: str, page: int) -> str:
    """The stored name of a paged remote's page (page 0 is `filename` itself)."""
    path = Path(filename)
    return filename if page == 0 else f"{path.stem}.{page:04d}{path.suffix}"
