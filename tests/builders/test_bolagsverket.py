"""Bolagsverket bulk file: genuine layout, sole traders dropped, batched streaming, HTTP build."""
from __future__ import annotations

import dataclasses
import re
import zipfile
from pathlib import Path

import pytest

from builders import bolagsverket
from builders.build import build_source
from builders.store import Store
from tests.builders.httpserver import LocalServer

FIXTURE = Path(__file__).parent / "fixtures" / "bolagsverket" / "bolagsverket_bulkfil.zip"
PERSONNUMMER = "196406253432"


@pytest.fixture(scope="module")
def organizations():
    return bolagsverket.curate(FIXTURE)


def test_companies_and_their_second_names_are_kept(organizations):
    rows = {r["name"]: r for r in organizations.iter_rows(named=True)}
    assert rows["Acme Bygg AB"] == {"name": "Acme Bygg AB", "legal_form": "AB",
                                    "municipality": "Stockholm", "fold": "acme bygg ab",
                                    "kind": "company", "source": "bolagsverket"}
    assert rows["Acme Måleri"]["fold"] == "acme maleri"  # särskilt företagsnamn after '|'
    assert rows["BRF Utsikten i Upplands Väsby"]["municipality"] == "Upplands Väsby"
    # town and postcode swapped in the address: the town is still found
    assert rows["Fjällbyns Handelsbolag"]["municipality"] == "Östersund"


def test_sole_traders_closed_companies_and_personnummer_never_enter(organizations):
    names = organizations["name"].to_list()
    assert "Anna Svenssons Hårvård" not in names          # PERSON-IDORG, E-ORGFO
    assert "Nedlagda Bolaget AB" not in names             # deregistered
    assert not any("19640625" in n for n in names)        # a name carrying a personnummer
    assert sorted(names) == ["Acme Bygg AB", "Acme Måleri", "BRF Utsikten i Upplands Väsby",
                             "Fjällbyns Handelsbolag"]
    for column in organizations.columns:
        values = organizations[column].cast(str).to_list()
        assert not any(v and re.search(r"\d{6}-?\d{4}", v) for v in values), column
    with zipfile.ZipFile(FIXTURE) as zf:  # the fixture really holds the personal row
        assert PERSONNUMMER + "$PERSON-IDORG" in zf.read("bolagsverket_bulkfil.txt").decode()


def test_batches_give_the_same_table(organizations):
    assert bolagsverket.curate(FIXTURE, batch=1).equals(organizations)


def test_a_changed_header_fails_naming_the_file(tmp_path):
    bad = tmp_path / "bolagsverket_bulkfil.zip"
    with zipfile.ZipFile(bad, "w") as zf:
        zf.writestr("bolagsverket_bulkfil.txt", "orgnr;namn\n\"1\";\"x\"\n")
    with pytest.raises(ValueError, match=r"bolagsverket_bulkfil.zip/bolagsverket_bulkfil.txt: "
                                         r"unexpected header"):
        bolagsverket.curate(bad)


def test_build_through_the_mirror(http_server: LocalServer, tmp_path):  # noqa: F811
    # upstream host vardefulla-datamangder.bolagsverket.se -> mirror alias "bolagsverket"
    http_server.put("/bolagsverket/bolagsverket/bolagsverket_bulkfil.zip", FIXTURE.read_bytes())
    source = dataclasses.replace(bolagsverket.SOURCES[0], min_rows={})  # tiny fixture
    outcome = build_source(source, Store(tmp_path), mirror=http_server.url, progress=False)
    assert outcome.ok, outcome.reason
    assert outcome.rows == {"organizations": 4}
    assert outcome.part["provenance"]["fetch"][0]["url"] == bolagsverket.URL
