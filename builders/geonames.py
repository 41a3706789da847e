"""GeoNames (download.geonames.org): Swedish features, world cities, countries, admin divisions,
languages, Swedish exonyms and Swedish postal codes.

Every GeoNames file is tab-separated UTF-8 with no quoting and (except iso-languagecodes.txt) no
header, so each parser declares its column layout below and every row is checked against it: a
changed layout fails naming the file and the expected columns instead of shifting values.
Zip members are read in blocks, so memory stays bounded even for alternateNamesV2 (~200 MB zipped).
"""
from __future__ import annotations

import zipfile
import zlib
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import IO

import polars as pl

from builders.schemas import KEYS, fold_expr
from builders.spellings import alternate_spellings
from builders.source import Remote, Source

LICENCE = "CC BY 4.0"
ATTRIBUTION = "GeoNames, geonames.org"
DUMP = "https://download.geonames.org/export/dump/"
POSTAL = "https://download.geonames.org/export/zip/"


def _source(name: str, description: str, url: str, outputs: tuple[str, ...],
            curate: Callable[[Path], Mapping[str, pl.DataFrame]], min_rows: int) -> Source:
    """A one-file GeoNames source; `curate` receives the downloaded file's path and its frames
    get a `source` column naming this source."""
    filename = url.rsplit("/", 1)[1]

    def run(files: Mapping[str, Path], _records: Mapping) -> dict[str, pl.DataFrame]:
        return {g: f.with_columns(source=pl.lit(name)) for g, f in curate(files[filename]).items()}

    return Source(name=name, description=description, licence=LICENCE, attribution=ATTRIBUTION,
                  outputs=outputs, remotes=(Remote(url, filename),), curate=run,
                  min_rows={g: min_rows for g in outputs})


# The lambdas defer the name lookups so this declaration can open the module.
SOURCES: tuple[Source, ...] = (
    _source("geonames-se", "All Swedish GeoNames features (places, regions, lakes, ...)",
            DUMP + "SE.zip", ("places",), lambda p: {"places": curate_features(p, "SE.txt")},
            min_rows=1_000),
    _source("geonames-cities500", "World cities with population > 500 or admin seats",
            DUMP + "cities500.zip", ("places",),
            lambda p: {"places": curate_features(p, "cities500.txt")}, min_rows=100_000),
    _source("geonames-countryinfo", "Countries with ISO codes and English names",
            DUMP + "countryInfo.txt", ("countries",),
            lambda p: {"countries": curate_countries(p)}, min_rows=200),
    _source("geonames-admin1", "First-level administrative divisions (Swedish län, states, ...)",
            DUMP + "admin1CodesASCII.txt", ("admin_codes",),
            lambda p: {"admin_codes": curate_admin_codes(p, level=1)}, min_rows=1_000),
    _source("geonames-admin2", "Second-level administrative divisions (Swedish kommuner, ...)",
            DUMP + "admin2Codes.txt", ("admin_codes",),
            lambda p: {"admin_codes": curate_admin_codes(p, level=2)}, min_rows=10_000),
    _source("geonames-languages", "ISO 639 language codes with English names",
            DUMP + "iso-languagecodes.txt", ("languages",),
            lambda p: {"languages": curate_languages(p)}, min_rows=1_000),
    _source("geonames-alternatenames-se", "Swedish names of Swedish features (exonyms)",
            DUMP + "alternatenames/SE.zip", ("places",),
            lambda p: {"places": curate_exonyms(p, "SE.txt")}, min_rows=100),
    _source("geonames-alternatenames", "Swedish names of features worldwide (exonyms)",
            DUMP + "alternateNamesV2.zip", ("places",),
            lambda p: {"places": curate_exonyms(p, "alternateNamesV2.txt")}, min_rows=10_000),
    _source("geonames-postal", "Swedish postal codes with place, county and municipality",
            POSTAL + "SE.zip", ("postal_codes",),
            lambda p: {"postal_codes": curate_postal_codes(p, "SE.txt")}, min_rows=1_000),
)

# --- column layouts (upstream order; unused columns are read as strings and dropped) --------------
_S, _I = pl.String, pl.Int64
GEONAME = {"geonameid": _I, "name": _S, "asciiname": _S, "alternatenames": _S, "latitude": _S,
           "longitude": _S, "feature_class": _S, "feature_code": _S, "country": _S, "cc2": _S,
           "admin1": _S, "admin2": _S, "admin3": _S, "admin4": _S, "population": _I,
           "elevation": _S, "dem": _S, "timezone": _S, "modification_date": _S}
ALTERNATE_NAME = {"alternatenameid": _I, "geonameid": _I, "isolanguage": _S, "name": _S,
                  "preferred": _S, "short": _S, "colloquial": _S, "historic": _S, "from": _S,
                  "to": _S}
COUNTRY_INFO = {"iso": _S, "iso3": _S, "iso_numeric": _S, "fips": _S, "country": _S,
                "capital": _S, "area": _S, "population": _S, "continent": _S, "tld": _S,
                "currency_code": _S, "currency_name": _S, "phone": _S, "postal_format": _S,
                "postal_regex": _S, "languages": _S, "geonameid": _S, "neighbours": _S,
                "equivalent_fips": _S}
ADMIN_CODE = {"code": _S, "name": _S, "asciiname": _S, "geonameid": _I}
LANGUAGE_CODE = {"iso639_3": _S, "iso639_2": _S, "iso639_1": _S, "name": _S}
POSTAL_CODE = {"country": _S, "code": _S, "place": _S, "admin1_name": _S, "admin1_code": _S,
               "admin2_name": _S, "admin2_code": _S, "admin3_name": _S, "admin3_code": _S,
               "latitude": _S, "longitude": _S, "accuracy": _S}

# Feature (class.code, else class) -> places kind; features not listed (countries, historical
# divisions, undersea features) are left out. See TAXONOMY.md for the labels these feed.
FEATURE_KINDS = {"P.PPLX": "area", "A.ADM1": "region", "A.ADM2": "municipality"}
CLASS_KINDS = {"P": "city", "H": "geo", "T": "geo", "V": "geo", "L": "geo", "S": "place",
               "R": "place"}

BLOCK_BYTES = 16 << 20  # bytes of text parsed at a time


class LayoutError(ValueError):
    """An upstream file does not have the column layout this parser expects."""


# --- reading ----------------------------------------------------------------------------------
def read_tsv(stream: IO[bytes], layout: Mapping[str, pl.DataType], label: str, *,
             columns: list[str], header: bool = False, comments: bool = False,
             where: pl.Expr | None = None, block_bytes: int = BLOCK_BYTES) -> pl.DataFrame:
    """Parse a GeoNames TSV stream block by block, keeping `columns` of the rows matching `where`.

    Blank lines (and `#` lines when `comments`) are skipped; every other line must have exactly
    the layout's number of columns, else LayoutError names `label`, the line and the layout.
    """
    frames = []
    line_no = 1
    if header:
        _data_rows(stream.readline(), layout, label, line_no, comments)
        line_no += 1
    while block := stream.read(block_bytes):
        if not block.endswith(b"\n"):
            block += stream.readline()
        data = _data_rows(block, layout, label, line_no, comments)
        last_line = line_no + block.count(b"\n")
        try:
            frame = pl.scan_csv(data, has_header=False, separator="\t", quote_char=None,
                                schema=dict(layout), empty_string_is_null=False)
            if where is not None:
                frame = frame.filter(where)
            kept = frame.select(columns).collect()
            if where is not None:
                # Copy the kept strings: polars string views would otherwise pin every parsed
                # block in memory, and a filtered huge file would cost as much as the whole file.
                kept = kept.with_columns(pl.col(c) + "" for c in columns if layout[c] == pl.String)
            frames.append(kept)
        except pl.exceptions.PolarsError as exc:
            reason = str(exc).splitlines()[0]
            raise LayoutError(f"{label} lines {line_no}-{last_line}: {reason}") from exc
        line_no = last_line
    if not frames:
        return pl.DataFrame(schema={c: layout[c] for c in columns})
    return pl.concat(frames, rechunk=True)


def _data_rows(block: bytes, layout: Mapping[str, pl.DataType], label: str, first_line: int,
               comments: bool) -> bytes:
    """The block's data lines, after checking each has the layout's column count."""
    width = len(layout)
    lines = block.count(b"\n") + (not block.endswith(b"\n"))
    if (block.count(b"\t") == lines * (width - 1) and b"\n\n" not in block
            and not block.startswith(b"\n") and not comments):
        return block  # fast path: every line has the right number of tabs
    kept = []
    for n, line in enumerate(block.split(b"\n"), first_line):
        if not line.strip() or (comments and line.startswith(b"#")):
            continue
        found = line.count(b"\t") + 1
        if found != width:
            raise LayoutError(f"{label} line {n}: {found} tab-separated columns, expected "
                              f"{width} ({', '.join(layout)})")
        kept.append(line)
    return b"\n".join(kept)


@contextmanager
def open_text(path: Path, member: str | None = None) -> Iterator[tuple[IO[bytes], str]]:
    """Open a plain file, or one member of a zip, as a binary stream plus a label for errors.

    Zip damage (truncated download, bad CRC) surfaces as LayoutError naming the archive.
    """
    if member is None:
        with open(path, "rb") as fh:
            yield fh, path.name
        return
    label = f"{path.name}:{member}"
    try:
        with zipfile.ZipFile(path) as archive:
            if member not in archive.namelist():
                raise LayoutError(f"{path.name}: no member {member!r} (has: "
                                  f"{', '.join(archive.namelist()) or 'nothing'})")
            with archive.open(member) as fh:
                yield fh, label
    except (zipfile.BadZipFile, EOFError, zlib.error) as exc:
        raise LayoutError(f"{path.name}: damaged zip ({exc})") from exc


# --- curating ---------------------------------------------------------------------------------
def curate_features(path: Path, member: str) -> pl.DataFrame:
    """`places` from a geoname table (a country dump or citiesNNN): name and asciiname rows,
    and rows of kind "spelling" for the other Latin spellings of big towns abroad."""
    columns = ["geonameid", "name", "asciiname", "alternatenames", "feature_class",
               "feature_code", "country", "admin1", "admin2", "population"]
    with open_text(path, member) as (fh, label):
        rows = read_tsv(fh, GEONAME, label, columns=columns)
    feature = pl.concat_str("feature_class", pl.lit("."), "feature_code")
    rows = rows.with_columns(
        kind=pl.coalesce(feature.replace_strict(FEATURE_KINDS, default=None),
                         pl.col("feature_class").replace_strict(CLASS_KINDS, default=None)),
        feature_code=feature,
    ).filter(pl.col("kind").is_not_null()).drop("feature_class")
    rows, alternates = rows.drop("alternatenames"), rows.select(
        "name", "country", pl.col("population").fill_null(0), "geonameid",
        pl.col("alternatenames").fill_null("").str.split(","))
    names = pl.concat([rows.drop("asciiname"),
                       rows.drop("name").rename({"asciiname": "name"})])
    schema = names.schema
    names = _folded(names.filter(pl.col("name") != ""))  # each name folded once
    spellings = _folded(pl.DataFrame(
        alternate_spellings(alternates.iter_rows(), set(names["fold"])), schema=schema))
    return _unique_places(pl.concat([names, spellings]))


def curate_exonyms(path: Path, member: str) -> pl.DataFrame:
    """`places` rows of kind "exonym" from alternate names in Swedish (join on geonameid)."""
    with open_text(path, member) as (fh, label):
        rows = read_tsv(fh, ALTERNATE_NAME, label, columns=["geonameid", "name"],
                        where=pl.col("isolanguage") == "sv")
    return _places(rows.with_columns(kind=pl.lit("exonym"), feature_code=pl.lit(""),
                                     country=pl.lit(""), admin1=pl.lit(""), admin2=pl.lit(""),
                                     population=pl.lit(None, dtype=pl.Int64)))


def _places(frame: pl.DataFrame) -> pl.DataFrame:
    """Add the fold; drop rows whose key repeats (asciiname rows that fold like the name)."""
    return _unique_places(_folded(frame))


def _folded(frame: pl.DataFrame) -> pl.DataFrame:
    return frame.with_columns(fold=fold_expr("name"))


def _unique_places(frame: pl.DataFrame) -> pl.DataFrame:
    return frame.filter(pl.col("fold") != "").unique(subset=list(KEYS["places"]), keep="first",
                                                     maintain_order=True)


def curate_countries(path: Path) -> pl.DataFrame:
    """`countries` in English from countryInfo.txt (its `#` preamble and blank lines skipped),
    with each country's continent and the countries it borders."""
    with open_text(path) as (fh, label):
        rows = read_tsv(fh, COUNTRY_INFO, label, columns=["iso", "country", "continent",
                                                          "neighbours"], comments=True)
    return rows.select(iso2="iso", name="country", fold=fold_expr("country"), lang=pl.lit("en"),
                       name_sv=pl.lit(None, dtype=pl.String), name_en="country",
                       continent=pl.col("continent").replace("", None),
                       neighbours=pl.col("neighbours").replace("", None))


def curate_admin_codes(path: Path, level: int) -> pl.DataFrame:
    """`admin_codes` from admin1CodesASCII.txt (SE.26) or admin2Codes.txt (SE.26.0180)."""
    with open_text(path) as (fh, label):
        rows = read_tsv(fh, ADMIN_CODE, label, columns=["code", "name", "geonameid"])
    return rows.select("code", "name", fold=fold_expr("name"), level=pl.lit(level, pl.Int8),
                       country=pl.col("code").str.split(".").list.first(), geonameid="geonameid")


def curate_languages(path: Path) -> pl.DataFrame:
    """`languages` with English names from iso-languagecodes.txt (one header line)."""
    with open_text(path) as (fh, label):
        rows = read_tsv(fh, LANGUAGE_CODE, label, columns=["iso639_3", "iso639_1", "name"],
                        header=True)
    return rows.select("name", fold=fold_expr("name"), iso639_1="iso639_1", iso639_3="iso639_3")


def curate_postal_codes(path: Path, member: str) -> pl.DataFrame:
    """`postal_codes` with place, county (admin1) and municipality (admin2) names."""
    with open_text(path, member) as (fh, label):
        rows = read_tsv(fh, POSTAL_CODE, label,
                        columns=["country", "code", "place", "admin1_name", "admin2_name"])
    return rows.select("code", fold=fold_expr("code"), place="place", admin1="admin1_name",
                       admin2="admin2_name", country="country")
