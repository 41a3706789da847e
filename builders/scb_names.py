"""SCB (Statistics Sweden) name statistics: first names by gender and surnames, with bearer counts.

Upstream is SCB's workbook "Namn med minst två bärare, 31 december 2022" (names in UPPER case, one
sheet per list: "Förnamn kvinnor", "Förnamn män", "Tilltalsnamn …", "Efternamn"; four title rows,
then a header row "<Förnamn|Efternamn>", "Antal bärare"). SCB stopped producing name statistics in
2024, so this frozen workbook is the newest whole-population source. When it cannot be fetched, the
same statistics are asked of the PxWeb API (tables BE0001FNamn10 / BE0001ENamn10); `curate` looks at
which URL answered (the fetch record) and parses the workbook, a json-stat2 answer or a PxWeb CSV,
or a JSON array of names: lists derived from these tables that kept the names but not the counts
(such names get no count and no rank).
"""
from __future__ import annotations

import csv
import io
import itertools
import json
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

import openpyxl
import polars as pl

from builders.fetch import FetchRecord
from builders.schemas import fold_expr
from builders.source import Remote, Source

LICENCE = "CC BY 4.0"
ATTRIBUTION = "Statistics Sweden (SCB)"
WORKBOOK = ("https://www.scb.se/contentassets/9fe7dbb460994c72b835163dbc491ef9/"
            "namn-med-minst-tva-barare-31-december-2022.xlsx")
# PxWebApi 2 selects with query parameters, so the fallback is a plain GET that the generic fetch
# can retry like any other URL; json-stat2 carries the value codes (AnnaK / AnnaM) that give gender.
PXWEB = ("https://api.scb.se/OV0104/v2beta/api/v2/tables/{table}/data?lang=sv"
         "&outputFormat=json-stat2&valuecodes[Tid]=2022&valuecodes[{variable}]=*")


def _curate_first_names(files: Mapping[str, Path], records: Mapping[str, FetchRecord]
                        ) -> dict[str, pl.DataFrame]:
    return {"first_names": curate("first_names", files["first_names"], records["first_names"],
                                  "scb-firstnames")}


def _curate_surnames(files: Mapping[str, Path], records: Mapping[str, FetchRecord]
                     ) -> dict[str, pl.DataFrame]:
    return {"surnames": curate("surnames", files["surnames"], records["surnames"],
                               "scb-surnames")}


SOURCES: tuple[Source, ...] = (
    Source(name="scb-firstnames",
           description="First names of everyone registered in Sweden (>= 2 bearers), by gender",
           licence=LICENCE, attribution=ATTRIBUTION, outputs=("first_names",),
           remotes=(Remote(WORKBOOK, "first_names",
                           fallbacks=(PXWEB.format(table="BE0001FNamn10", variable="Fornamn"),)),),
           curate=_curate_first_names, min_rows={"first_names": 10_000}),
    Source(name="scb-surnames",
           description="Surnames of everyone registered in Sweden (>= 2 bearers)",
           licence=LICENCE, attribution=ATTRIBUTION, outputs=("surnames",),
           remotes=(Remote(WORKBOOK, "surnames", fallbacks=(
               PXWEB.format(table="BE0001ENamn10", variable="Efternamn"),)),),
           curate=_curate_surnames, min_rows={"surnames": 10_000}),
)

# --- casing ---------------------------------------------------------------------------------------
# Lower-case particles of noble and foreign surnames ("VON SYDOW" -> "von Sydow").
PARTICLES = frozenset({"af", "av", "da", "de", "del", "della", "den", "der", "di", "du", "la",
                       "le", "van", "von", "zu"})
_SEPARATORS = re.compile(r"([\s\-'’:])")


def title_name(name: str) -> str:
    """SCB's UPPER-case name as written: every part capitalised ("ANNA-KARIN" -> "Anna-Karin",
    "O'BRIEN" -> "O'Brien", "A:SON" -> "A:son"), particles before another word lower-cased."""
    words = name.strip().lower().split()
    out = []
    for i, word in enumerate(words):
        if word in PARTICLES and i < len(words) - 1:
            out.append(word)
            continue
        parts = _SEPARATORS.split(word)
        # A part after ':' stays lower case (A:son, the abbreviation of Andersson).
        out.append("".join(p if p in "-'’:" or (j and parts[j - 1] == ":") else p.capitalize()
                           for j, p in enumerate(parts)))
    return " ".join(out)


def is_name(name: str) -> bool:
    """False for initials and abbreviations that would match running text ("A", "A-C", "J.",
    "A:SON"): every part split on spaces and hyphens must have two letters or more."""
    if ":" in name or "." in name:
        return False
    return all(len(part) >= 2 for part in re.split(r"[\s\-]+", name.strip()))


# --- the workbook ---------------------------------------------------------------------------------
@contextmanager
def open_workbook(path: Path) -> Iterator[openpyxl.Workbook]:
    """A read-only workbook, opened from the file object: raw files are stored under names
    without the .xlsx extension openpyxl would otherwise insist on."""
    with open(path, "rb") as fh:
        try:
            book = openpyxl.load_workbook(fh, read_only=True, data_only=True)
        except Exception as exc:  # openpyxl raises several unrelated types for a damaged file
            raise ValueError(f"{path.name}: not a readable xlsx workbook ({exc})") from exc
        try:
            yield book
        finally:
            book.close()


def _sheet_role(title: str) -> tuple[str, str | None, int] | None:
    """(gazetteer, gender, preference) for a sheet title; lower preference wins."""
    t = title.lower()
    if "efternamn" in t:
        return "surnames", None, 0
    gender = ("female" if any(w in t for w in ("kvinnor", "flickor", "girls")) else
              "male" if any(w in t for w in ("män", "pojkar", "boys")) else None)
    if gender is None:
        return None
    # Förnamn (every given name a person carries) covers middle names too; tilltalsnamn (the name
    # used) and the newborn tables stand in when a workbook has no förnamn sheet.
    preference = 0 if "förnamn" in t else 1 if "tilltalsnamn" in t else 2
    return "first_names", gender, preference


def _count(value: object) -> int | None:
    """A cell as a count; SCB writes '-' or '..' for values it does not publish."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, (int, float)):
        return int(value)
    text = str(value).strip().replace(" ", "").replace("\xa0", "")
    return int(text) if text.isdigit() else None


def _is_year(value: object) -> bool:
    return isinstance(value, int) and 1900 <= value <= 2100 or (
        isinstance(value, str) and value.strip().isdigit() and 1900 <= int(value) <= 2100)


def parse_sheet(rows: Iterable[tuple]) -> Iterator[tuple[str, int]]:
    """(name, count) from one sheet: the header row names the count column ("Antal bärare"), or
    lists years (the newborn tables), whose counts are summed over the years."""
    rows = iter(rows)
    columns: list[int] = []
    for row in rows:
        cells = list(row)
        if not cells or not isinstance(cells[0], str):
            continue
        bearers = [i for i, c in enumerate(cells) if isinstance(c, str) and "antal" in c.lower()]
        years = [i for i, c in enumerate(cells) if i and _is_year(c)]
        if bearers or years:
            columns = bearers[:1] or years
            break
    if not columns:
        raise ValueError("no header row with 'Antal bärare' or year columns")
    for row in rows:
        if not row or not isinstance(row[0], str) or not row[0].strip():
            continue
        counts = [c for c in (_count(row[i]) for i in columns if i < len(row)) if c is not None]
        if counts:
            yield row[0].strip(), sum(counts)


def parse_workbook(path: Path) -> dict[str, pl.DataFrame]:
    """Raw frames {first_names: name, gender, count; surnames: name, count} from an SCB workbook."""
    with open_workbook(path) as book:
        chosen: dict[tuple[str, str | None], tuple[int, str]] = {}
        for title in book.sheetnames:
            role = _sheet_role(title)
            if role and (role[:2] not in chosen or role[2] < chosen[role[:2]][0]):
                chosen[role[:2]] = (role[2], title)
        if not chosen:
            raise ValueError(f"{path.name}: no name sheet among {book.sheetnames}")
        frames: dict[str, list[pl.DataFrame]] = {}
        for (gazetteer, gender), (_, title) in sorted(chosen.items(), key=str):
            try:
                pairs = list(parse_sheet(book[title].iter_rows(values_only=True)))
            except ValueError as exc:
                raise ValueError(f"{path.name}, sheet {title!r}: {exc}") from exc
            frame = pl.DataFrame(pairs, schema={"name": pl.String, "count": pl.Int64},
                                 orient="row")
            if gazetteer == "first_names":
                frame = frame.with_columns(gender=pl.lit(gender))
            frames.setdefault(gazetteer, []).append(frame)
    return {g: pl.concat(f) for g, f in frames.items()}


# --- PxWeb answers --------------------------------------------------------------------------------
_GENDER_WORDS = {"kvinnor": "female", "flickor": "female", "women": "female", "girls": "female",
                 "män": "male", "pojkar": "male", "men": "male", "boys": "male"}
_SEX_DIMENSIONS = {"kon", "kön", "sex"}


def parse_jsonstat2(data: bytes) -> pl.DataFrame:
    """(name, gender, count) from a PxWeb json-stat2 dataset; the latest time period is used.
    Gender comes from a sex dimension or, as in BE0001FNamn10, from the value code's K/M suffix."""
    doc = json.loads(data)
    ids, sizes, dims, values = doc["id"], doc["size"], doc["dimension"], doc["value"]

    def value_at(flat: int) -> object:  # json-stat2 values are a dense list or a sparse dict
        if isinstance(values, dict):
            return values.get(str(flat))
        return values[flat] if flat < len(values) else None

    def positions(dim: str) -> dict[str, int]:
        index = dims[dim]["category"]["index"]
        return index if isinstance(index, dict) else {c: i for i, c in enumerate(index)}

    time = next((d for d in ids if d.lower() in ("tid", "time", "år")), None)
    sex = next((d for d in ids if d.lower() in _SEX_DIMENSIONS), None)
    name_dim = next(d for d in ids if d not in (time, sex) and d != "ContentsCode")
    places = {d: positions(d) for d in ids}
    choices = [sorted(places[d], key=places[d].get)[-1:] if d == time else list(places[d])
               for d in ids]
    labels = {d: dims[d]["category"].get("label", {}) for d in ids}
    strides = [1] * len(ids)
    for i in range(len(ids) - 2, -1, -1):
        strides[i] = strides[i + 1] * sizes[i + 1]
    rows = []
    for combo in itertools.product(*choices):
        count = _count(value_at(sum(places[d][c] * s for d, c, s in zip(ids, combo, strides))))
        if count is None:
            continue
        at = dict(zip(ids, combo))
        code = at[name_dim]
        gender = (_GENDER_WORDS.get(labels[sex].get(at[sex], at[sex]).lower()) if sex else
                  {"K": "female", "M": "male"}.get(code[-1:]))
        rows.append((labels[name_dim].get(code, code), gender, count))
    return pl.DataFrame(rows, schema={"name": pl.String, "gender": pl.String, "count": pl.Int64},
                        orient="row")


def parse_name_list(data: bytes) -> pl.DataFrame:
    """(name, gender, count) from a JSON array of names, e.g. okasi/swedish-pii's lists derived
    from BE0001FNamn10 / BE0001ENamn10: the names are SCB's, the gender and counts are unknown."""
    names = json.loads(data)
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise ValueError("not a JSON array of names")
    return pl.DataFrame({"name": names, "gender": None, "count": None},
                        schema={"name": pl.String, "gender": pl.String, "count": pl.Int64})


def parse_pxweb_csv(data: bytes) -> pl.DataFrame:
    """(name, gender, count) from a PxWeb CSV export (UTF-8 or Latin-1, tab/comma/semicolon, one
    name column, an optional sex column, counts in the last column; '..' = not published)."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    first = text.split("\n", 1)[0]
    delimiter = "\t" if "\t" in first else ";" if ";" in first else ","
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    header = [h.strip().lower() for h in next(reader)]
    sex = next((i for i, h in enumerate(header) if h in _SEX_DIMENSIONS), None)
    rows = []
    for record in reader:
        if len(record) < len(header):
            continue
        count = _count(record[-1])
        if count is None:
            continue
        gender = _GENDER_WORDS.get(record[sex].strip().lower()) if sex is not None else None
        rows.append((record[0].strip(), gender, count))
    if not rows and len(header) < 2:
        raise ValueError("not a PxWeb CSV export (need a name column and a count column)")
    return pl.DataFrame(rows, schema={"name": pl.String, "gender": pl.String, "count": pl.Int64},
                        orient="row")


# --- curation -------------------------------------------------------------------------------------
def parse(gazetteer: str, path: Path, record: FetchRecord) -> pl.DataFrame:
    """Raw (name, [gender,] count) rows from whichever upstream answered; a PxWeb answer is told
    by its first byte (json-stat2 object, name list array, else CSV)."""
    if record.url == WORKBOOK:
        frames = parse_workbook(path)
        if gazetteer not in frames:
            raise ValueError(f"{path.name}: the workbook has no {gazetteer} sheet")
        return frames[gazetteer]
    data = path.read_bytes()
    parser = {b"{": parse_jsonstat2, b"[": parse_name_list}.get(data.lstrip()[:1], parse_pxweb_csv)
    try:
        return parser(data)
    except (KeyError, StopIteration, json.JSONDecodeError) as exc:
        raise ValueError(f"{path.name} from {record.url}: not a PxWeb answer ({exc!r})") from exc
    except ValueError as exc:
        raise ValueError(f"{path.name} from {record.url}: {exc}") from exc


def as_written(name: str) -> str:
    """An UPPER-case name title-cased; a name already in mixed case ("McDonald", "D´Angelo") is
    kept as written, since title-casing would lose its inner capitals."""
    return title_name(name) if name.isupper() else name.strip()


def curate(gazetteer: str, path: Path, record: FetchRecord, source: str) -> pl.DataFrame:
    """Names as written without initials, counts summed per name (and gender), ranked by count;
    names without a count (a name list) keep a null count and rank."""
    frame = parse(gazetteer, path, record)
    keys = ["name", "gender"] if gazetteer == "first_names" else ["name"]
    if gazetteer == "first_names":
        frame = frame.filter(pl.col("gender").is_in(["female", "male"]))
    counted = pl.col("count").count() > 0  # sum() of nulls alone would be 0
    frame = (frame.filter(pl.col("name").map_elements(is_name, return_dtype=pl.Boolean))
             .with_columns(name=pl.col("name").map_elements(as_written, return_dtype=pl.String))
             .group_by(keys).agg(pl.when(counted).then(pl.col("count").sum())))
    rank = pl.col("count").rank("min", descending=True)
    if gazetteer == "first_names":
        rank = rank.over("gender")
    return (frame.with_columns(fold=fold_expr("name"), rank=rank.cast(pl.Int32),
                               source=pl.lit(source))
            .sort(["rank", *keys]))


# --- SCB workbooks in general (the tätort and SSYK builders read theirs with this) ----------------
Header = Mapping[str, Callable[[str], bool]]


def sheet_records(path: Path, required: Header, optional: Header | None = None
                  ) -> Iterator[dict[str, object]]:
    """Rows below the header row of the first sheet that has a column for every `required`
    predicate (applied to the lower-cased header text), as {column: cell}; `optional` columns are
    included when present. SCB sheets open with title and note rows, so the header is searched."""
    wanted = {**required, **(optional or {})}
    with open_workbook(path) as book:
        for sheet in book.worksheets:
            rows = sheet.iter_rows(values_only=True)
            for row in rows:
                header = [str(c).strip().lower() if c is not None else "" for c in row]
                found: dict[str, int] = {}
                for column, matches in wanted.items():
                    index = next((i for i, h in enumerate(header)
                                  if h and i not in found.values() and matches(h)), None)
                    if index is not None:
                        found[column] = index
                if all(c in found for c in required):
                    for data in rows:
                        record = {c: data[i] if i < len(data) else None for c, i in found.items()}
                        if any(v is not None and str(v).strip() for v in record.values()):
                            yield record
                    return
    raise ValueError(f"{path.name}: no sheet has a header row with columns {sorted(required)}")
