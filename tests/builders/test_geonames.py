"""GeoNames parsers against tiny genuine-format fixtures, and a build from the shared mirror."""
from __future__ import annotations

import dataclasses
import io
from pathlib import Path

import polars as pl
import pytest

from builders import geonames
from builders.build import build, select, validate
from builders.geonames import LayoutError
from builders.registry import SOURCES
from builders.store import Store
from tests.builders.httpserver import serve, zip_bytes
from tests.conftest import shared_path

FIXTURES = Path(__file__).parent / "fixtures" / "geonames"
GEONAMES = [s for s in SOURCES.values() if s.name.startswith("geonames")]


def fixture(rel: str) -> bytes:
    return (FIXTURES / rel).read_bytes()


def geonames_files() -> dict[str, bytes]:
    """The fixtures at their upstream URL paths under the mirror alias, zip ones zipped."""
    dump, alternates = "/geonames/export/dump/", fixture("dump/alternatenames/SE.txt")
    return {
        dump + "SE.zip": zip_bytes({"SE.txt": fixture("dump/SE.txt"),
                                    "readme.txt": b"Readme for GeoNames extract files\n"}),
        dump + "cities500.zip": zip_bytes({"cities500.txt": fixture("dump/cities500.txt")}),
        dump + "countryInfo.txt": fixture("dump/countryInfo.txt"),
        dump + "admin1CodesASCII.txt": fixture("dump/admin1CodesASCII.txt"),
        dump + "admin2Codes.txt": fixture("dump/admin2Codes.txt"),
        dump + "iso-languagecodes.txt": fixture("dump/iso-languagecodes.txt"),
        dump + "alternatenames/SE.zip": zip_bytes({"SE.txt": alternates}),
        dump + "alternateNamesV2.zip": zip_bytes({
            "iso-languagecodes.txt": fixture("dump/iso-languagecodes.txt"),
            "alternateNamesV2.txt": alternates}),
        "/geonames/export/zip/SE.zip": zip_bytes({"SE.txt": fixture("zip/SE.txt")}),
    }


def written(tmp_path: Path, url_path: str, data: bytes | None = None) -> Path:
    """A fixture file (as served at `url_path`) written to disk, as the fetcher would leave it."""
    path = tmp_path / url_path.rsplit("/", 1)[1]
    path.write_bytes(geonames_files()[url_path] if data is None else data)
    return path


def by_id(frame: pl.DataFrame) -> dict[int, list[dict]]:
    out: dict[int, list[dict]] = {}
    for row in frame.iter_rows(named=True):
        out.setdefault(row["geonameid"], []).append(row)
    return out


# --- declaration ----------------------------------------------------------------------------
def test_sources_are_declared_with_upstream_urls_and_licence():
    assert [s.name for s in geonames.SOURCES] == [
        "geonames-se", "geonames-cities500", "geonames-countryinfo", "geonames-admin1",
        "geonames-admin2", "geonames-languages", "geonames-alternatenames-se",
        "geonames-alternatenames", "geonames-postal"]
    for source in geonames.SOURCES:
        assert SOURCES[source.name] is source
        assert (source.licence, source.attribution) == ("CC BY 4.0", "GeoNames, geonames.org")
        (remote,) = source.remotes
        assert remote.url.startswith("https://download.geonames.org/export/")
        assert set(source.min_rows) == set(source.outputs)
    assert SOURCES["geonames-cities500"].min_rows["places"] >= 100_000


# --- parsers --------------------------------------------------------------------------------
@pytest.mark.parametrize("geonameid, kind, feature_code", [
    (2673730, "city", "P.PPLC"), (2676209, "area", "P.PPLX"), (2673722, "region", "A.ADM1"),
    (2673723, "municipality", "A.ADM2"), (2664954, "geo", "H.LK"), (2686162, "geo", "T.ISL"),
    (2667283, "geo", "V.FRST"), (2680039, "geo", "L.PRK"), (6943585, "place", "S.SQR"),
    (2711620, "place", "R.ST"),
])
def test_swedish_features_get_kinds_from_feature_class_and_code(tmp_path, geonameid, kind,
                                                                 feature_code):
    places = geonames.curate_features(written(tmp_path, "/geonames/export/dump/SE.zip"), "SE.txt")
    (row, *_) = by_id(places)[geonameid]
    assert (row["kind"], row["feature_code"], row["country"]) == (kind, feature_code, "SE")


def test_swedish_features_keep_name_and_asciiname_rows_but_not_countries_or_undersea(tmp_path):
    places = by_id(geonames.curate_features(
        written(tmp_path, "/geonames/export/dump/SE.zip"), "SE.txt"))
    # Sweden (A.PCLI), Gotlandsdjupet (U.DEPU) and a historical county (A.ADM1H) have no kind.
    assert {2661886, 3217930, 2685867}.isdisjoint(places)
    # The asciiname row survives only when it folds differently from the name.
    assert sorted((r["name"], r["fold"]) for r in places[2664454]) == [
        ("Vaesteras", "vaesteras"), ("Västerås", "vasteras")]
    assert [(r["name"], r["admin1"], r["admin2"], r["population"])
            for r in places[2673730]] == [("Stockholm", "26", "0180", 1515017)]


def test_cities500_keeps_every_row_with_admin_codes_and_population(tmp_path):
    path = written(tmp_path, "/geonames/export/dump/cities500.zip")
    places = geonames.curate_features(path, "cities500.txt")
    assert places["geonameid"].n_unique() == 8
    rows = by_id(places)
    assert [(r["name"], r["kind"], r["country"], r["admin1"], r["population"])
            for r in rows[2618425]] == [
        ("Copenhagen", "city", "DK", "17", 1153615),
        # its other Latin spellings (alternatenames column) are rows of kind "spelling"
        ("Cobanhavan", "spelling", "DK", None, 1153615),
        ("Copenaga", "spelling", "DK", None, 1153615),
        ("Copenaghen", "spelling", "DK", None, 1153615)]
    assert not [r for r in rows[2673730] if r["kind"] == "spelling"]  # not of Swedish towns
    # No quoting in GeoNames: a name with double quotes is read verbatim.
    assert rows[11189102][0]["name"] == (
        'Poselok Turisticheskogo pansionata "Klyazminskoe vodohranilische"')
    assert rows[2676209][0]["kind"] == "area"
    assert set(places["kind"]) == {"city", "area", "spelling"}


def test_countries_skip_the_comment_preamble_and_blank_lines(tmp_path):
    path = written(tmp_path, "/geonames/export/dump/countryInfo.txt")
    countries = geonames.curate_countries(path)
    assert countries.height == 20
    sweden = countries.filter(pl.col("iso2") == "SE").row(0, named=True)
    assert sweden == {"iso2": "SE", "name": "Sweden", "fold": "sweden", "lang": "en",
                      "name_sv": None, "name_en": "Sweden", "continent": "EU",
                      "neighbours": "NO,FI"}
    assert "XK" in countries["iso2"].to_list()
    # an island borders nobody: no neighbours, not an empty string
    assert countries.filter(pl.col("iso2") == "AU")["neighbours"].to_list() == [None]


@pytest.mark.parametrize("url_path, level, code, name, fold, geonameid", [
    ("/geonames/export/dump/admin1CodesASCII.txt", 1, "SE.28", "Västra Götaland",
     "vastra gotaland", 3337386),
    ("/geonames/export/dump/admin2Codes.txt", 2, "SE.26.0180", "Stockholms kommun",
     "stockholms kommun", 2673723),
])
def test_admin_codes(tmp_path, url_path, level, code, name, fold, geonameid):
    codes = geonames.curate_admin_codes(written(tmp_path, url_path), level=level)
    row = codes.filter(pl.col("code") == code).row(0, named=True)
    assert row == {"code": code, "name": name, "fold": fold, "level": level, "country": "SE",
                   "geonameid": geonameid}
    assert codes.height == len(fixture(url_path.split("/export/")[1]).splitlines())


def test_languages_skip_the_header_and_keep_the_unterminated_last_row(tmp_path):
    path = written(tmp_path, "/geonames/export/dump/iso-languagecodes.txt")
    assert not path.read_bytes().endswith(b"\n")
    languages = geonames.curate_languages(path)
    assert languages.height == 9
    assert "language name" not in languages["fold"].to_list()
    assert languages.filter(pl.col("iso639_3") == "swe").row(0, named=True) == {
        "name": "Swedish", "fold": "swedish", "iso639_1": "sv", "iso639_3": "swe"}
    assert languages["iso639_3"][-1] == "zzj"


@pytest.mark.parametrize("url_path, member", [
    ("/geonames/export/dump/alternatenames/SE.zip", "SE.txt"),
    ("/geonames/export/dump/alternateNamesV2.zip", "alternateNamesV2.txt"),
])
def test_exonyms_keep_only_swedish_names(tmp_path, url_path, member):
    exonyms = geonames.curate_exonyms(written(tmp_path, url_path), member)
    assert sorted(zip(exonyms["geonameid"], exonyms["name"])) == [
        (633679, "Åbo"), (633679, "Åbo stad"), (658225, "Helsingfors"), (2618425, "Köpenhamn"),
        (2664454, "Västerås"), (2673730, "Stockholm"), (2676209, "Söder")]
    assert set(exonyms["kind"]) == {"exonym"}
    assert set(exonyms["country"]) == set(exonyms["feature_code"]) == {""}


def test_postal_codes(tmp_path):
    codes = geonames.curate_postal_codes(written(tmp_path, "/geonames/export/zip/SE.zip"), "SE.txt")
    assert codes.height == 8
    assert codes.filter(pl.col("code") == "186 03").row(0, named=True) == {
        "code": "186 03", "fold": "186 03", "place": "Brottby", "admin1": "Stockholm",
        "admin2": "Vallentuna", "country": "SE"}
    assert codes.filter(pl.col("code") == "121 07")["admin1"].to_list() == [""]


def test_every_source_output_fits_its_schema(tmp_path):
    """Each source's curate (as the build calls it) passes the schema gate on the fixtures."""
    store = Store(tmp_path)
    files = geonames_files()
    for source in geonames.SOURCES:
        (remote,) = source.remotes
        url_path = "/geonames" + remote.url.split("download.geonames.org", 1)[1]
        frames = source.curate({remote.filename: written(tmp_path, url_path, files[url_path])}, {})
        relaxed = dataclasses.replace(source, min_rows={})
        for gazetteer, frame in validate(relaxed, frames, store).items():
            assert set(frame["source"]) == {source.name}, gazetteer


# --- layout and damage --------------------------------------------------------------------
def test_a_changed_column_layout_names_the_file_line_and_expected_columns(tmp_path):
    rows = fixture("dump/cities500.txt").splitlines(keepends=True)
    rows[5] = rows[5].replace(b"\n", b"\textra\n")
    path = written(tmp_path, "/geonames/export/dump/cities500.zip",
                   zip_bytes({"cities500.txt": b"".join(rows)}))
    with pytest.raises(LayoutError, match=r"cities500\.zip:cities500\.txt line 6: 20 "
                                          r"tab-separated columns, expected 19 \(geonameid, name"):
        geonames.curate_features(path, "cities500.txt")


def test_a_dropped_column_fails_even_in_a_later_block():
    text = fixture("zip/SE.txt").replace(b"\t4\n", b"\n")  # accuracy column removed everywhere
    good = fixture("zip/SE.txt") * 30
    with pytest.raises(LayoutError, match=r"SE\.txt line 241: 11 tab-separated columns, "
                                          r"expected 12"):
        geonames.read_tsv(io.BytesIO(good + text), geonames.POSTAL_CODE, "SE.txt",
                          columns=["code"], block_bytes=300)


def test_small_blocks_read_the_same_rows_as_one_block():
    data = fixture("dump/cities500.txt")
    whole = geonames.read_tsv(io.BytesIO(data), geonames.GEONAME, "x",
                              columns=["geonameid", "name"])
    blocks = geonames.read_tsv(io.BytesIO(data), geonames.GEONAME, "x",
                               columns=["geonameid", "name"], block_bytes=50)
    assert whole.height == 8
    assert blocks.equals(whole)


def test_a_truncated_zip_is_reported_as_damaged(tmp_path):
    data = geonames_files()["/geonames/export/zip/SE.zip"]
    path = written(tmp_path, "/geonames/export/zip/SE.zip", data[: len(data) // 2])
    with pytest.raises(LayoutError, match=r"SE\.zip: damaged zip"):
        geonames.curate_postal_codes(path, "SE.txt")


def test_a_zip_without_the_expected_member_lists_what_it_has(tmp_path):
    path = written(tmp_path, "/geonames/export/zip/SE.zip", zip_bytes({"readme.txt": b"hi\n"}))
    with pytest.raises(LayoutError, match=r"SE\.zip: no member 'SE\.txt' \(has: readme\.txt\)"):
        geonames.curate_postal_codes(path, "SE.txt")


# --- over HTTP ----------------------------------------------------------------------------
def test_every_source_builds_from_fixtures_over_http(tmp_path, http_server):
    for url_path, data in geonames_files().items():
        http_server.put(url_path, data)
    store = Store(tmp_path)
    relaxed = [dataclasses.replace(s, min_rows={}) for s in GEONAMES]
    outcomes, snapshot = build(relaxed, store, mirror=http_server.url)
    assert [(o.source, o.ok, o.reason) for o in outcomes] == [(s.name, True, "") for s in GEONAMES]
    places = pl.read_parquet(tmp_path / snapshot["gazetteers"]["places"]["path"])
    stockholm = places.filter(pl.col("geonameid") == 2673730)
    assert sorted(stockholm["kind"]) == ["city", "exonym"]
    assert http_server.requests_for("/geonames/export/dump/alternateNamesV2.zip")


def test_shared_mirror_builds_what_it_has_and_names_the_urls_it_lacks(tmp_path):
    mirror_root = shared_path("mirror", "geonames").parent
    with serve(mirror_root) as server:
        store = Store(tmp_path)
        outcomes, snapshot = build(select(SOURCES, ["geonames"]), store, mirror=server.url)
    results = {o.source: o for o in outcomes}
    absent = {"geonames-se": "dump/SE.zip", "geonames-admin2": "dump/admin2Codes.txt",
              "geonames-alternatenames-se": "dump/alternatenames/SE.zip",
              "geonames-alternatenames": "dump/alternateNamesV2.zip"}
    for name, rel in absent.items():
        assert not results[name].ok
        assert f"{server.url}/geonames/export/{rel}: HTTP 404" in results[name].reason
    assert all(o.ok for n, o in results.items() if n not in absent), results

    def gazetteer(name: str) -> pl.DataFrame:
        return pl.read_parquet(tmp_path / snapshot["gazetteers"][name]["path"])

    cities = gazetteer("places").filter(pl.col("source") == "geonames-cities500")
    assert cities.height >= 199_568
    assert cities["geonameid"].n_unique() == 199_568
    assert gazetteer("postal_codes").height == 18_815
    assert gazetteer("countries").height == 252
    assert gazetteer("admin_codes").height == 3_885
    assert gazetteer("languages").height > 7_000
    assert results["geonames-cities500"].rows["places"] == cities.height
