"""Bolagsverket's bulk file of every registered organisation ("värdefulla datamängder").

`bolagsverket_bulkfil.zip` holds one UTF-8 text file (~1 GB, ~3 million rows, refreshed weekly):
an unquoted header line, then one line per organisation and name-protection number with 11
`;`-separated, double-quoted fields; sub-fields are `$`-separated:

    organisationsidentitet  5560000000$ORGNR-IDORG  (or 19640625xxxx$PERSON-IDORG: a sole trader)
    namnskyddslopnummer, registreringsland
    organisationsnamn       NAME$FORETAGSNAMN-ORGNAM$DATE, several joined by `|`
    organisationsform       AB-ORGFO, HB-ORGFO, E-ORGFO (enskild näringsverksamhet), ...
    avregistreringsdatum, avregistreringsorsak, pagandeAvvecklingsEllerOmstruktureringsforfarande,
    registreringsdatum, verksamhetsbeskrivning
    postadress              street$c/o$POSTORT$postnummer$SE-LAND

Personal rows never enter a gazetteer: only organisation-number identities are kept, so sole
traders (identified by a personnummer) are dropped, and so is any name that carries a number
shaped like a personnummer. The file is read line by line from the zip member, so memory grows
with the curated names only, never with the file.
"""
from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Iterator, Mapping
from pathlib import Path

import polars as pl

from builders.fetch import FetchRecord
from builders.scb_names import title_name
from builders.schemas import fold_expr
from builders.source import Remote, Source

NAME = "bolagsverket"
URL = "https://vardefulla-datamangder.bolagsverket.se/bolagsverket/bolagsverket_bulkfil.zip"
FILENAME = "bolagsverket_bulkfil.zip"
COLUMNS = ("organisationsidentitet", "namnskyddslopnummer", "registreringsland",
           "organisationsnamn", "organisationsform", "avregistreringsdatum",
           "avregistreringsorsak", "pagandeAvvecklingsEllerOmstruktureringsforfarande",
           "registreringsdatum", "verksamhetsbeskrivning", "postadress")
ORGANISATION_IDENTITY = "ORGNR-IDORG"
SOLE_TRADER_FORM = "E"  # enskild näringsverksamhet: the owner's own name and personnummer
BATCH = 250_000
# 6 or 8 digits of birth date, optional separator, 4 digits (personnummer / samordningsnummer).
PERSONNUMMER = re.compile(r"(?<!\d)(?:\d{2})?\d{6}[-+ ]?\d{4}(?!\d)")
OUTPUT_SCHEMA = {"name": pl.String, "legal_form": pl.String, "municipality": pl.String}


def _curate(files: Mapping[str, Path], _records: Mapping[str, FetchRecord]
            ) -> dict[str, pl.DataFrame]:
    return {"organizations": curate(files[FILENAME])}


SOURCES: tuple[Source, ...] = (
    Source(name=NAME,
           description="Names of registered Swedish companies and associations (sole traders "
                       "excluded)",
           licence="Bolagsverket open data (värdefulla datamängder), free re-use",
           attribution="Bolagsverket (Swedish Companies Registration Office)",
           outputs=("organizations",), remotes=(Remote(URL, FILENAME),), curate=_curate,
           min_rows={"organizations": 100_000}),
)


def iter_records(path: Path) -> Iterator[list[str]]:
    """The fields of every data line of the bulk file's text member, read as a stream.

    Splitting on the `";"` sequence (not a CSV parser) keeps a stray quote inside a business
    description from swallowing the rest of the file."""
    try:
        archive = zipfile.ZipFile(path)
    except zipfile.BadZipFile as exc:
        raise ValueError(f"{path.name}: not a zip archive ({exc})") from exc
    with archive:
        members = [m for m in archive.namelist() if m.lower().endswith(".txt")]
        if len(members) != 1:
            raise ValueError(f"{path.name}: expected one .txt member, found {members or 'none'}")
        with archive.open(members[0]) as raw:
            lines = io.TextIOWrapper(raw, encoding="utf-8", errors="replace", newline="")
            header = lines.readline().strip().lstrip("\ufeff").replace('"', "").split(";")
            if tuple(header) != COLUMNS:
                raise ValueError(f"{path.name}/{members[0]}: unexpected header {header}; "
                                 f"expected {';'.join(COLUMNS)}")
            for line in lines:
                line = line.rstrip("\r\n")
                if line:
                    yield line[1:-1].split('";"') if line.startswith('"') else line.split(";")


def organisation_names(fields: list[str]) -> list[tuple[str, str, str | None]]:
    """(name, legal form, post town) for each name of one record; [] for personal or closed rows."""
    if len(fields) != len(COLUMNS):
        return []
    identity, names, form, deregistered = fields[0], fields[3], fields[4], fields[5]
    if identity.rpartition("$")[2] != ORGANISATION_IDENTITY or deregistered.strip():
        return []
    legal_form = form.split("-", 1)[0].strip()
    if legal_form == SOLE_TRADER_FORM:
        return []
    address = [part.strip() for part in fields[10].split("$")]
    # street $ c/o $ POSTORT $ postnummer $ land; a few rows swap town and postcode.
    town = next((p for p in address[2:4] if p and not p.replace(" ", "").isdigit()), None)
    out = []
    for entry in names.split("|"):
        name = entry.split("$", 1)[0].replace('""', '"').strip()
        if name and not PERSONNUMMER.search(name):
            out.append((name, legal_form or None, town))
    return out


def curate(path: Path, batch: int = BATCH) -> pl.DataFrame:
    """`organizations` rows (kind company) from the bulk file, built in bounded batches."""
    frames: list[pl.DataFrame] = []
    rows: list[tuple[str, str | None, str | None]] = []
    towns: dict[str, str] = {}  # post towns repeat: title-case each once
    seen = 0
    for fields in iter_records(path):
        seen += 1
        for name, form, town in organisation_names(fields):
            if town is not None:
                town = towns.get(town) or towns.setdefault(town, title_name(town))
            rows.append((name, form, town))
        if len(rows) >= batch:
            frames.append(_frame(rows))
            rows = []
    if rows or not frames:
        frames.append(_frame(rows))
    if seen == 0:
        raise ValueError(f"{path.name}: the bulk file has no data lines")
    return pl.concat(frames).unique(subset=["fold", "kind"], keep="first", maintain_order=True)


def _frame(rows: list[tuple[str, str | None, str | None]]) -> pl.DataFrame:
    frame = pl.DataFrame(rows, schema=OUTPUT_SCHEMA, orient="row")
    return frame.with_columns(fold=fold_expr("name"), kind=pl.lit("company"),
                              source=pl.lit(NAME)).filter(pl.col("fold") != "")
