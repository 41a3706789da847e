"""The curated store: parts, merged gazetteers, snapshots, the lock and Parquet provenance."""
from __future__ import annotations

import json
from pathlib import Path

import polars as pl
import pytest

from builders.schemas import SCHEMA_VERSION, conform
from builders.store import Store, read_provenance


def countries(*rows: tuple[str, str, str], source: str) -> dict[str, pl.DataFrame]:
    frame = pl.DataFrame({"iso2": [r[0] for r in rows], "name": [r[1] for r in rows],
                          "fold": [r[1].lower() for r in rows], "lang": [r[2] for r in rows],
                          "name_sv": [None] * len(rows), "name_en": [None] * len(rows),
                          "source": [source] * len(rows)})
    return {"countries": conform("countries", frame)}


def provenance(source: str) -> dict:
    return {"source": source, "licence": "CC BY 4.0", "fetch": [{"url": f"https://x/{source}",
                                                               "sha256": "ab" * 32}]}


def commit(store: Store, source: str, frames: dict[str, pl.DataFrame]) -> dict:
    return store.commit({source: store.write_part(source, frames, provenance(source))})


def gazetteer(store: Store, snapshot: dict, name: str) -> pl.DataFrame:
    return pl.read_parquet(store.root / snapshot["gazetteers"][name]["path"])


def test_a_second_source_keeps_the_first_sources_part(tmp_path):
    store = Store(tmp_path)
    first = commit(store, "geonames-countryinfo",
                   countries(("SE", "Sweden", "en"), ("NO", "Norway", "en"),
                             source="geonames-countryinfo"))
    second = commit(store, "packaged", countries(("SE", "Sverige", "sv"), source="packaged"))
    lock = store.lock()
    assert lock["current"] == second["id"] != first["id"]
    assert set(lock["parts"]) == {"geonames-countryinfo", "packaged"}
    assert sorted(gazetteer(store, second, "countries")["name"]) == ["Norway", "Sverige", "Sweden"]
    assert second["gazetteers"]["countries"]["sources"] == ["geonames-countryinfo", "packaged"]


def test_upstream_rows_win_over_packaged_rows_on_duplicate_keys(tmp_path):
    store = Store(tmp_path)
    commit(store, "packaged", countries(("SE", "Sweden", "alias"), source="packaged"))
    snap = commit(store, "geonames-countryinfo",
                  countries(("SE", "Sweden", "en"), source="geonames-countryinfo"))
    merged = gazetteer(store, snap, "countries")
    assert merged.select("lang", "source").rows() == [("en", "geonames-countryinfo")]


def test_identical_rebuild_gives_the_same_snapshot(tmp_path):
    store = Store(tmp_path)
    frames = countries(("SE", "Sweden", "en"), ("FI", "Finland", "en"),
                       source="geonames-countryinfo")
    first = commit(store, "geonames-countryinfo", frames)
    # Row order must not matter: parts are sorted before they are hashed.
    again = commit(store, "geonames-countryinfo",
                   {"countries": frames["countries"].reverse()})
    assert again["id"] == first["id"]
    assert again["gazetteers"] == first["gazetteers"]
    assert len(store.snapshots()) == 1
    assert len(list((tmp_path / "curated" / "countries").glob("*.parquet"))) == 1


def test_old_snapshots_stay_loadable(tmp_path):
    store = Store(tmp_path)
    first = commit(store, "geonames-countryinfo",
                   countries(("SE", "Sweden", "en"), source="geonames-countryinfo"))
    second = commit(store, "geonames-countryinfo",
                    countries(("SE", "Sweden", "en"), ("DK", "Denmark", "en"),
                              source="geonames-countryinfo"))
    assert store.snapshot("current")["id"] == second["id"]
    assert store.snapshot(first["id"][:6])["id"] == first["id"]
    assert [s["id"] for s in store.snapshots()] == [first["id"], second["id"]]  # oldest first
    assert gazetteer(store, store.snapshot(first["id"]), "countries").height == 1


def test_no_snapshot_yet_is_a_lookup_error(tmp_path):
    with pytest.raises(LookupError, match="no snapshot yet"):
        Store(tmp_path).snapshot()


def test_provenance_is_in_the_parquet_key_value_metadata(tmp_path):
    store = Store(tmp_path)
    snap = commit(store, "geonames-countryinfo",
                  countries(("SE", "Sweden", "en"), source="geonames-countryinfo"))
    merged = read_provenance(tmp_path / snap["gazetteers"]["countries"]["path"])
    assert merged["gazetteer"] == "countries"
    assert merged["schema_version"] == SCHEMA_VERSION
    assert merged["rows"] == 1
    assert merged["builder"].startswith("swepseudo.builders ")
    source = merged["sources"]["geonames-countryinfo"]
    assert source["fetch"] == provenance("geonames-countryinfo")["fetch"]
    part_record = store.current_part("geonames-countryinfo")["outputs"]["countries"]
    assert source["part"] == part_record["version"]
    part = read_provenance(tmp_path / part_record["path"])
    assert (part["gazetteer"], part["rows"], part["licence"]) == ("countries", 1, "CC BY 4.0")


def test_snapshot_and_lock_files_name_every_version(tmp_path):
    store = Store(tmp_path)
    snap = commit(store, "geonames-countryinfo",
                  countries(("SE", "Sweden", "en"), source="geonames-countryinfo"))
    on_disk = json.loads(store.snapshot_path().read_text())
    assert on_disk == snap
    assert on_disk["schema_version"] == SCHEMA_VERSION and on_disk["code_revision"]
    entry = on_disk["gazetteers"]["countries"]
    assert entry["path"] == f"curated/countries/{entry['version']}.parquet"
    assert on_disk["sources"]["geonames-countryinfo"]["outputs"] == {
        "countries": store.current_part("geonames-countryinfo")["outputs"]["countries"]["version"]}


def test_merge_prefers_counted_rows_over_plain_name_lists(tmp_path: Path) -> None:
    """A count-less upstream list must not replace the frequency a packaged row carries."""
    def surnames(rows: list[tuple[str, int | None]], source: str) -> pl.DataFrame:
        return pl.DataFrame({"name": [n for n, _ in rows], "fold": [n.lower() for n, _ in rows],
                             "count": [c for _, c in rows],
                             "rank": [1 if c else None for _, c in rows],
                             "source": [source] * len(rows)},
                            schema={"name": pl.String, "fold": pl.String, "count": pl.Int64,
                                    "rank": pl.Int32, "source": pl.String})

    store = Store(tmp_path)
    packaged = store.write_part("packaged", {"surnames": surnames([("Larsson", 900)], "packaged")},
                                {"source": "packaged"})
    listed = store.write_part("names-list", {"surnames": surnames(
        [("Larsson", None), ("Hodžić", None)], "names-list")}, {"source": "names-list"})
    snapshot = store.commit({"packaged": packaged, "names-list": listed})
    merged = pl.read_parquet(tmp_path / snapshot["gazetteers"]["surnames"]["path"])
    assert dict(zip(merged["name"], merged["count"])) == {"Larsson": 900, "Hodžić": None}


def _slow_commit(root: str, source: str, row: tuple[str, str, str]) -> None:
    """Commit one source's part, with the merge slowed down so two commits would overlap."""
    import time

    store = Store(Path(root))
    merge = store._merge

    def slow(*args, **kwargs):
        time.sleep(0.5)
        return merge(*args, **kwargs)

    store._merge = slow
    commit(store, source, countries(row, source=source))


def test_concurrent_builds_commit_one_after_the_other_and_lose_no_part(tmp_path):
    import multiprocessing

    ctx = multiprocessing.get_context("spawn")  # polars must not be forked
    builds = [ctx.Process(target=_slow_commit, args=(str(tmp_path), s, row))
              for s, row in (("geonames-countryinfo", ("SE", "Sweden", "en")),
                             ("packaged", ("NO", "Norge", "sv")))]
    for p in builds:
        p.start()
    for p in builds:
        p.join(60)
        assert p.exitcode == 0
    store = Store(tmp_path)
    assert set(store.lock()["parts"]) == {"geonames-countryinfo", "packaged"}
    snapshot = store.snapshot()
    assert sorted(gazetteer(store, snapshot, "countries")["iso2"]) == ["NO", "SE"]


def test_missing_snapshot_hint_names_the_offline_build(tmp_path):
    with pytest.raises(LookupError, match="resources build --offline --no-prefect"):
        Store(tmp_path).snapshot()


def test_an_atomic_write_makes_a_private_temporary_file_and_leaves_none(tmp_path: Path) -> None:
    """`atomic_write_bytes` names its temporary file as `tempfile.mkstemp` would (without
    importing it: a tenth of a second's start-up): created exclusively with mode 0600 in the
    target's folder, renamed into place (private files keep 0600), nothing left behind."""
    import os
    import stat

    from builders.atomic import _mkstemp, atomic_write_bytes

    fd, name = _mkstemp(tmp_path, ".x.")
    os.close(fd)
    assert Path(name).parent == tmp_path and Path(name).name.startswith(".x.")
    assert stat.S_IMODE(os.stat(name).st_mode) == 0o600
    target = tmp_path / "sub" / "out.bin"
    atomic_write_bytes(target, b"one")
    atomic_write_bytes(target, b"two", private=True)
    assert target.read_bytes() == b"two" and stat.S_IMODE(target.stat().st_mode) == 0o600
    assert sorted(p.name for p in target.parent.iterdir()) == ["out.bin"]
