"""SCB names: casing, the workbook parser (genuine SCB exports + the 2022 layout), PxWeb answers,
and the build over HTTP including the fallback from a missing workbook to PxWeb."""
from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from urllib.parse import urlsplit

import openpyxl
import pytest

from builders import scb_names
from builders.build import build_source
from builders.fetch import FetchRecord
from builders.store import Store
from tests.builders.httpserver import LocalServer
from tests.conftest import shared_path

BARNNAMN = ("data", "names-scb", "scb-newborn-names-barnnamn")


@pytest.mark.parametrize("raw, cased", [
    ("ANNA-KARIN", "Anna-Karin"), ("VON SYDOW", "von Sydow"), ("DE LA CRUZ", "de la Cruz"),
    ("O'BRIEN", "O'Brien"), ("ÅSA", "Åsa"), ("DE", "De"), ("MOHAMMED ALI", "Mohammed Ali"),
    ("SVENSSON-VON ESSEN", "Svensson-Von Essen"), ("AF KLINT", "af Klint"),
])
def test_title_name(raw, cased):
    assert scb_names.title_name(raw) == cased


@pytest.mark.parametrize("raw, kept", [
    ("ANNA", True), ("MD", True), ("LI", True), ("A", False), ("A-C", False), ("K C", False),
    ("J.", False), ("A:SON", False), ("ANNA-KARIN", True),
])
def test_initials_are_not_names(raw, kept):
    assert scb_names.is_name(raw) is kept


# --- genuine SCB exports in ../shared -------------------------------------------------------------
def test_newborn_tables_sum_the_years_per_name():
    girls = scb_names.parse_workbook(shared_path(*BARNNAMN, "be0001namntab11-2020.xlsx"))
    boys = scb_names.parse_workbook(shared_path(*BARNNAMN, "be0001namntab12-2020.xlsx"))
    g, b = girls["first_names"], boys["first_names"]
    assert set(g["gender"]) == {"female"} and set(b["gender"]) == {"male"}
    assert g.height == 1079 and b.height == 974  # every name row of "Flickor"/"Pojkar - Boys"
    # Ada: 14+12+12+14+14+12+14+21+25+22+23+24+29+28+38+41+47+55+60 ('-' = fewer than 10)
    assert g.filter(name="Ada")["count"].item() == 505
    assert "surnames" not in girls


def test_pxweb_csv_export():
    frame = scb_names.parse_pxweb_csv(
        shared_path(*BARNNAMN, "000004F5_20230427-104949.csv").read_bytes())  # Latin-1, TAB
    assert frame.height == 4697  # rows with a count; '..' (not published) skipped
    assert frame["count"].sum() == 96974
    top = frame.sort("count", descending=True).head(5).rows()
    assert top[0] == ("Liam", "male", 677)
    assert ("Astrid", "female", 603) in top


def test_name_list_without_counts():
    """okasi/swedish-pii's surname list (derived from BE0001ENamn10, no counts), as a PxWeb answer."""
    path = shared_path("data", "names-scb", "okasi-swedish-pii", "last-names.json")
    frame = scb_names.curate("surnames", path, record(scb_names.SOURCES[1].remotes[0].fallbacks[0]),
                             "scb-surnames")
    assert frame.height == 107_762 - 25  # initials and abbreviations ("A Anthony", "K C") dropped
    assert frame["count"].null_count() == frame["rank"].null_count() == frame.height
    names = set(frame["name"])
    assert {"Andersson", "Abdalle", "McDonald", "D´Angelo"} <= names  # "ABDALLE" title-cased
    assert not {"ABDALLE", "Mcdonald", "A Anthony", "K C"} & names


def test_a_name_list_without_names_fails_naming_the_file(tmp_path):
    path = tmp_path / "surnames"
    path.write_bytes(b'["Andersson", 42]')
    with pytest.raises(ValueError, match=r"^surnames from https://api\.scb\.se/\S+: not a JSON "
                                         r"array of names$"):
        scb_names.curate("surnames", path, record(scb_names.SOURCES[1].remotes[0].fallbacks[0]),
                         "scb-surnames")


# --- the 2022 whole-population workbook layout ----------------------------------------------------
def write_2022_workbook(path: Path) -> Path:
    """Tiny workbook in the layout of namn-med-minst-tva-barare-31-december-2022.xlsx."""
    book = openpyxl.Workbook()
    book.remove(book.active)
    sheets = {
        "Förnamn kvinnor": ("Förnamn", [("ANNA", 300000), ("ANNA-KARIN", 9000), ("MARIA", 400000),
                                        ("A", 900), ("MY", 10664)]),
        "Förnamn män": ("Förnamn", [("ERIK", 280000), ("MD", 1510), ("A:SON", 6), ("BO", 85448)]),
        "Tilltalsnamn kvinnor": ("Tilltalsnamn", [("ANNA", 1)]),  # förnamn sheets win
        "Efternamn": ("Efternamn", [("ANDERSSON", 220000), ("VON SYDOW", 120),
                                    ("SVENSSON-VON ESSEN", 3), ("K C", 2)]),
    }
    for title, (column, rows) in sheets.items():
        sheet = book.create_sheet(title)
        sheet.append([f"{column} med minst två bärare 31 december 2022"])
        sheet.append(["Källa: SCB"])
        sheet.append([])
        sheet.append([])
        sheet.append([column, "Antal bärare"])
        for row in rows:
            sheet.append(list(row))
    book.save(path)
    return path


def record(url: str) -> FetchRecord:
    return FetchRecord(source="scb", url=url, final_url=url, status=200, etag=None,
                       last_modified=None, retrieved_at="", bytes=0, sha256="", licence="",
                       path="")


def test_curate_the_2022_workbook(tmp_path):
    book = write_2022_workbook(tmp_path / "names.xlsx")
    first = scb_names.curate("first_names", book, record(scb_names.WORKBOOK), "scb-firstnames")
    assert first.select("name", "gender", "count", "rank").rows() == [
        ("Erik", "male", 280000, 1), ("Maria", "female", 400000, 1),
        ("Anna", "female", 300000, 2), ("Bo", "male", 85448, 2), ("Md", "male", 1510, 3),
        ("My", "female", 10664, 3), ("Anna-Karin", "female", 9000, 4)]
    assert first.filter(name="Anna-Karin")["fold"].item() == "anna-karin"
    last = scb_names.curate("surnames", book, record(scb_names.WORKBOOK), "scb-surnames")
    assert last.select("name", "rank").rows() == [("Andersson", 1), ("von Sydow", 2),
                                                  ("Svensson-Von Essen", 3)]


def test_a_workbook_without_a_header_row_fails_naming_file_and_sheet(tmp_path):
    book = openpyxl.Workbook()
    book.active.title = "Efternamn"
    book.active.append(["ANDERSSON", 1])
    book.save(tmp_path / "bad.xlsx")
    with pytest.raises(ValueError, match=r"bad.xlsx, sheet 'Efternamn': no header row"):
        scb_names.parse_workbook(tmp_path / "bad.xlsx")


# --- PxWeb json-stat2 (the fallback's answer) -----------------------------------------------------
def jsonstat2() -> bytes:
    """BE0001FNamn10-shaped answer: name codes carry the gender (K/M); two years, dense values."""
    names = {"AnnaK": "ANNA", "KimK": "KIM", "KimM": "KIM", "ErikM": "ERIK"}
    doc = {"version": "2.0", "class": "dataset", "label": "Förnamn med minst 10 bärare",
           "source": "Statistiska centralbyrån", "id": ["Fornamn", "ContentsCode", "Tid"],
           "size": [4, 1, 2],
           "dimension": {
               "Fornamn": {"label": "förnamn", "category": {
                   "index": {c: i for i, c in enumerate(names)}, "label": names}},
               "ContentsCode": {"label": "tabellinnehåll", "category": {
                   "index": {"BE0001AH": 0}, "label": {"BE0001AH": "Förnamn"}}},
               "Tid": {"label": "år", "category": {"index": {"2021": 0, "2022": 1},
                                                   "label": {"2021": "2021", "2022": "2022"}}}},
           "value": [1, 300000, 5, 700, None, 600, 2, 280000]}
    return json.dumps(doc).encode()


def test_jsonstat2_uses_the_latest_year_and_code_suffix_gender():
    frame = scb_names.parse_jsonstat2(jsonstat2())
    assert sorted(frame.rows()) == [("ANNA", "female", 300000), ("ERIK", "male", 280000),
                                    ("KIM", "female", 700), ("KIM", "male", 600)]


# --- end to end over HTTP -------------------------------------------------------------------------
def mirror_path(url: str) -> str:
    """Where `--mirror` looks for an upstream URL: /<host alias>/<path>."""
    parts = urlsplit(url)
    return "/" + {"www.scb.se": "scb", "api.scb.se": "scb-api"}[parts.hostname] + parts.path


def test_build_from_the_workbook(http_server: LocalServer, tmp_path):  # noqa: F811
    book = write_2022_workbook(tmp_path / "names.xlsx").read_bytes()
    http_server.put(mirror_path(scb_names.WORKBOOK), book)  # /scb/contentassets/9fe7…/namn-…xlsx
    source = dataclasses.replace(scb_names.SOURCES[1], min_rows={})  # tiny fixture
    outcome = build_source(source, Store(tmp_path / "home"), mirror=http_server.url,
                           progress=False)
    assert outcome.ok, outcome.reason
    assert outcome.rows == {"surnames": 3}
    assert outcome.part["provenance"]["fetch"][0]["url"] == scb_names.WORKBOOK


def test_a_missing_workbook_falls_back_to_pxweb(http_server: LocalServer, tmp_path):  # noqa: F811
    source = dataclasses.replace(scb_names.SOURCES[0], min_rows={})
    pxweb = source.remotes[0].fallbacks[0]
    http_server.put(mirror_path(pxweb), jsonstat2())  # the workbook path answers 404
    outcome = build_source(source, Store(tmp_path), mirror=http_server.url, progress=False)
    assert outcome.ok, outcome.reason
    assert [r.path for r in http_server.requests] == [mirror_path(scb_names.WORKBOOK),
                                                      mirror_path(pxweb)]
    assert outcome.part["provenance"]["fetch"][0]["url"] == pxweb
    assert outcome.rows == {"first_names": 4}


def test_the_genuine_pxweb_csv_served_as_the_fallback(http_server: LocalServer, tmp_path):  # noqa: F811
    """SCB's own PxWeb CSV export where the json-stat2 answer is asked for: told by its content."""
    source = dataclasses.replace(scb_names.SOURCES[0], min_rows={})  # newborns: 4,697 names
    http_server.put(mirror_path(source.remotes[0].fallbacks[0]),
                    shared_path(*BARNNAMN, "000004F5_20230427-104949.csv").read_bytes())
    outcome = build_source(source, Store(tmp_path), mirror=http_server.url, progress=False)
    assert outcome.ok, outcome.reason
    assert outcome.rows == {"first_names": 4697}
