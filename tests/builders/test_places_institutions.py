"""SCB tätorter, OSM streets, Skolverket schools, universities (Wikidata) and SSYK job titles:
parsers on tiny genuine-format fixtures, and one build per source over HTTP through `mirror=`."""
from __future__ import annotations

import dataclasses
from pathlib import Path
from urllib.parse import urlsplit

import openpyxl
import osmium
import pytest
from osmium.osm import mutable

from builders import osm_streets, scb_tatorter, skolverket, ssyk, universities
from builders.build import build_source
from builders.fetch import mirrored
from builders.store import Store
from tests.builders.httpserver import LocalServer

FIXTURES = Path(__file__).parent / "fixtures"


def write_sheet(path: Path, title: str, rows: list[list]) -> Path:
    book = openpyxl.Workbook()
    book.active.title = title
    for row in rows:
        book.active.append(row)
    book.save(path)
    return path


def tatorter_workbook(path: Path) -> Path:
    """The layout of mi0810_2023_tatorter2023_kommun_bef_area_v3.xlsx: title rows, then a header;
    a tätort in two municipalities has two rows; notes follow the table."""
    return write_sheet(path, "Tätorter 2023", [
        ["Tätorter 2023. Folkmängd och landareal per kommun"],
        ["Namn enligt Lantmäteriet 2025-11-24"],
        [],
        ["Länskod", "Län", "Kommunkod", "Kommun", "Tätortskod", "Tätort", "Folkmängd 2023",
         "Landareal, hektar"],
        ["01", "Stockholms län", "0180", "Stockholm", "0180TC108", "Stockholm", 1_616_263, 38_780],
        ["01", "Stockholms län", "0127", "Botkyrka", "0180TC108", "Stockholm", 9_151, 1_040],
        ["14", "Västra Götalands län", "1463", "Mark", "1463TB104", "Fritsla", 3_104, 310],
        ["25", "Norrbottens län", "2584", "Kiruna", "2584TB101", "Kiruna", "17 002", 1_530],
        [],
        ["Källa: SCB"],
    ])


def ssyk_workbook(path: Path) -> Path:
    """The layout of SCB's SSYK 2012 index: title rows, a header (job title, SSYK code)."""
    return write_sheet(path, "Index", [
        ["SSYK 2012 – alfabetiskt register över yrkesbenämningar"],
        [],
        ["Yrkesbenämning", "SSYK 2012"],
        ["Barnmorska", "2222"],
        ["Civilingenjör, bygg", 2142],
        ["Officer", 110],          # Excel keeps 0110 as a number
        ["Barnmorska", "2221"],    # listed twice: first code wins
        ["Utan kod", None],
    ])


def osm_file(path: Path) -> Path:
    """A tiny .osm.pbf written with pyosmium's writer."""
    with osmium.SimpleWriter(str(path)) as writer:
        for i in range(1, 4):
            writer.add_node(mutable.Node(id=i, location=(18.0 + i / 100, 59.3)))
        writer.add_way(mutable.Way(id=10, nodes=[1, 2], tags={
            "highway": "residential", "name": "Drottninggatan", "addr:city": "Stockholm"}))
        writer.add_way(mutable.Way(id=11, nodes=[2, 3], tags={
            "highway": "pedestrian", "name": "Stortorget", "alt_name": "Torget;Gamla torget"}))
        writer.add_way(mutable.Way(id=12, nodes=[1, 3], tags={
            "highway": "proposed", "name": "Framtidsvägen"}))
        writer.add_way(mutable.Way(id=13, nodes=[1, 3], tags={"building": "yes", "name": "Huset"}))
        writer.add_way(mutable.Way(id=14, nodes=[1, 3], tags={"highway": "service"}))
    return path


# --- parsers --------------------------------------------------------------------------------------
def test_tatorter(tmp_path):
    places = scb_tatorter.curate(tatorter_workbook(tmp_path / "t.xlsx"))
    assert places.select("name", "admin2", "population").rows() == [
        ("Stockholm", "0180", 1_616_263), ("Stockholm", "0127", 9_151),
        ("Fritsla", "1463", 3_104), ("Kiruna", "2584", 17_002)]
    assert set(places["kind"]) == {"city"} and set(places["country"]) == {"SE"}


def test_tatorter_without_the_code_column_fails_naming_the_file(tmp_path):
    book = write_sheet(tmp_path / "t.xlsx", "x", [["Tätort", "Kommun"], ["Kiruna", "Kiruna"]])
    with pytest.raises(ValueError, match=r"t.xlsx: no sheet has a header row"):
        scb_tatorter.curate(book)


def test_ssyk(tmp_path):
    professions = ssyk.curate(ssyk_workbook(tmp_path / "s.xlsx"))
    assert professions.select("name", "code", "fold").rows() == [
        ("Barnmorska", "2222", "barnmorska"),
        ("Civilingenjör, bygg", "2142", "civilingenjor, bygg"),
        ("Officer", "0110", "officer")]


def test_streets(tmp_path):
    streets = osm_streets.curate(osm_file(tmp_path / "se.osm.pbf"))
    assert streets.select("name", "city").rows() == [
        ("Drottninggatan", "Stockholm"), ("Gamla torget", None), ("Stortorget", None),
        ("Torget", None)]


def test_schools_keep_every_status_and_add_bare_names():
    schools = skolverket.curate(FIXTURES / "skolverket" / "school-units.json")
    assert sorted(schools["name"]) == ["Hagaskolan", "Katedralskolan", "Kvarnbackaskolan",
                                       "Kvarnbackaskolan 4-9", "Vasaskolan", "Vasaskolan F-6"]
    assert schools.filter(name="Hagaskolan")["municipality"].item() == "Göteborg"
    assert set(schools["kind"]) == {"school"}


def test_a_school_answer_of_another_shape_fails_naming_the_file(tmp_path):
    (tmp_path / "school-units.json").write_text('{"Skolenheter": []}')
    with pytest.raises(ValueError, match=r"school-units.json: not a Skolenhetsregistret v2 list"):
        skolverket.curate(tmp_path / "school-units.json")


def test_universities_labels_and_aliases():
    orgs = universities.curate(FIXTURES / "wikidata" / "universities.json")
    assert sorted(orgs.select("name", "municipality").rows(), key=str) == sorted([
        ("Uppsala universitet", "Uppsala kommun"), ("UU", "Uppsala kommun"),
        ("Uppsala University", "Uppsala kommun"), ("Kungliga Tekniska högskolan",
                                                   "Stockholms kommun"),
        ("KTH", "Stockholms kommun"), ("Högskolan Dalarna", None)], key=str)  # Q-id label dropped
    assert set(orgs["kind"]) == {"university"}


# --- one build per source through a mirror --------------------------------------------------------
def _tatorter(tmp: Path) -> bytes:
    return tatorter_workbook(tmp / "t.xlsx").read_bytes()


def _ssyk(tmp: Path) -> bytes:
    return ssyk_workbook(tmp / "s.xlsx").read_bytes()


def _osm(tmp: Path) -> bytes:
    return osm_file(tmp / "se.osm.pbf").read_bytes()


@pytest.mark.parametrize("module, alias_path, payload, rows", [
    (scb_tatorter, "/scb/contentassets/b7f6aeab34344238b4c4573620ff76c9/"
                   "mi0810_2023_tatorter2023_kommun_bef_area_v3.xlsx", _tatorter, {"places": 4}),
    (ssyk, "/scb/contentassets/0c0089cc085a45d49c1dc83923ad933a/ssyk_index_webb_2026.xlsx",
     _ssyk, {"professions": 3}),
    (osm_streets, "/geofabrik/europe/sweden-latest.osm.pbf", _osm, {"streets": 4}),
    (skolverket, "/skolverket/skolenhetsregistret/v2/school-units",
     lambda _: (FIXTURES / "skolverket" / "school-units.json").read_bytes(), {"organizations": 6}),
    (universities, "/wikidata/sparql",
     lambda _: (FIXTURES / "wikidata" / "universities.json").read_bytes(), {"organizations": 6}),
], ids=["tatorter", "ssyk", "osm_streets", "skolverket", "universities"])
def test_build_through_the_mirror(module, alias_path, payload, rows, tmp_path,
                                  http_server: LocalServer):  # noqa: F811
    source = dataclasses.replace(module.SOURCES[0], min_rows={})  # tiny fixtures
    url = source.remotes[0].url
    assert urlsplit(mirrored(url, http_server.url)).path == alias_path
    http_server.put(alias_path, payload(tmp_path))
    outcome = build_source(source, Store(tmp_path / "home"), mirror=http_server.url,
                           progress=False)
    assert outcome.ok, outcome.reason
    assert outcome.rows == rows
    assert outcome.part["provenance"]["fetch"][0]["url"] == url
