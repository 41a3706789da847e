"""Sweden's postal localities (`builders.postal`) from a small file in the format of
countrystatecity-postal-codes' SE postcodes file."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from builders import packaged, postal
from builders.schemas import fold


def _code(code: str, locality: str, state: str | None) -> dict:
    return {"code": code, "countryCode": "SE", "stateCode": state, "localityName": locality,
            "type": "full", "latitude": None, "longitude": None}


ROWS = [
    _code("840 13", "KÄLARNE", None),             # no letter: its sorting area's towns say
    _code("840 10", "BRÄCKE", None),              # a GeoNames town of Jämtland (07)
    _code("820 20", "LJUSDAL", "X"),              # GeoNames: 03, so X is 03
    _code("820 26", "LINGBO", "X"),
    _code("820 29", "SKOG", "X"),                 # a Swedish word
    _code("820 30", "TRÄDET", "X"),               # a Swedish word
    _code("820 31", "GRÄSÖ", "X"),                # an island's name
    _code("820 32", "KLÖVSJÖ", "X"),              # a lake's name: a locality
    _code("790 23", "BY KYRKBY", "W"),
    _code("790 24", "FALUN", "W"),                # GeoNames: 10, so W is 10
    _code("790 25", "DALA-FLODA", "W"),
    _code("190 45", "STOCKHOLM-ARLANDA", "AB"),   # a sorting name of a site of Stockholm
    _code("100 05", "STOCKHOLM", "AB"),
    _code("130 43", "MÖJA", None),                # no letter, no town in 130: area 13 says
    _code("134 60", "INGARÖ", None),
    _code("134 61", "GUSTAVSBERG", None),         # a GeoNames town of Stockholm county (26)
    _code("290 10", "SOLLENKROKA Ö", "M"),
]
TOWNS = {"bracke": "07", "ljusdal": "03", "falun": "10", "stockholm": "26", "gustavsberg": "26"}


@pytest.fixture
def postcodes(tmp_path: Path) -> Path:
    path = tmp_path / "postcodes.json"
    path.write_text(json.dumps(ROWS, ensure_ascii=False), encoding="utf-8")
    return path


def _rows(path: Path, taken: set[str] = frozenset(TOWNS)) -> dict[str, dict]:
    rows = postal.postal_localities(postal.read_postcodes(path), TOWNS, {"stockholm"}, set(taken))
    return {row["name"]: row for row in rows}


def test_localities_are_cased_as_swedish_writes_them() -> None:
    assert postal.swedish_case("ÖSTRA LJUNGBY") == "Östra Ljungby"
    assert postal.swedish_case("BY KYRKBY") == "By Kyrkby"
    assert postal.swedish_case("DALA-FLODA") == "Dala-Floda"
    assert postal.swedish_case("SOLLENKROKA Ö") == "Sollenkroka ö"


def test_the_localities_the_snapshot_lacks_are_swedish_towns_of_unknown_size(postcodes) -> None:
    rows = _rows(postcodes)
    assert set(rows) == {"Kälarne", "Lingbo", "Klövsjö", "By Kyrkby", "Dala-Floda"}
    assert {(r["kind"], r["country"], r["population"], r["admin2"]) for r in rows.values()} \
        == {("city", "SE", None, None)}


def test_sorting_names_words_islands_and_known_places_are_left_out(postcodes) -> None:
    rows = _rows(postcodes, set(TOWNS) | {fold("Lingbo")})
    assert not {"Stockholm-Arlanda", "Skog", "Trädet", "Gräsö", "Sollenkroka ö",
                "Ingarö", "Lingbo", "Stockholm", "Bräcke"} & set(rows)


def test_a_locality_takes_its_county_as_geonames_admin1(postcodes) -> None:
    rows = _rows(postcodes)
    # by its own letter (X = Ljusdal's 03), by its sorting area (840: Bräcke's 07)
    assert (rows["Lingbo"]["admin1"], rows["By Kyrkby"]["admin1"]) == ("03", "10")
    assert rows["Kälarne"]["admin1"] == "07"
    counties = postal.locality_admin1(postal.read_postcodes(postcodes), TOWNS)
    assert counties["MÖJA"] == "26"  # by its wider area (13: Gustavsberg's 26)


def test_a_file_of_another_shape_fails_the_build(tmp_path: Path) -> None:
    path = tmp_path / "postcodes.json"
    path.write_text(json.dumps([{"code": "840 13", "place": "KÄLARNE"}]), encoding="utf-8")
    with pytest.raises(ValueError, match="localityName"):
        postal.read_postcodes(path)


def test_the_package_and_its_licence_are_declared() -> None:
    licence, data = packaged.PACKAGES["countrystatecity-postal-codes"]
    assert "ODbL" in licence and "postcodes" in data
    assert postal.postcodes_path().is_file()
