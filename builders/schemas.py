"""Gazetteer schemas: the only contract between the builders and the pseudonymizer.

Every gazetteer has a `fold` column (lower case, transliterated to ASCII) used for matching and a
`source` column naming the builder source that contributed the row.
"""
from __future__ import annotations

import polars as pl
from unidecode import unidecode

SCHEMA_VERSION = 1

SCHEMAS: dict[str, dict[str, pl.DataType]] = {
    # gender: female | male | unknown; origin: the name's language or origin group where the
    # source tells it (swedish, arabic, somali, polish, ...), else null
    "first_names": {"name": pl.String, "fold": pl.String, "gender": pl.String,
                    "count": pl.Int64, "rank": pl.Int32, "source": pl.String, "origin": pl.String},
    "surnames": {"name": pl.String, "fold": pl.String, "count": pl.Int64, "rank": pl.Int32,
                 "source": pl.String, "origin": pl.String},
    # kind: city | area | region | municipality | place | geo | street | exonym (a Swedish name
    # for the feature with the same geonameid) | spelling (another Latin spelling of a big town
    # abroad, "Adama" for Nazrēt: found, never drawn as a surrogate) | village (a town abroad of
    # 500 to 5,000 people, offline build: a set of folds only, `Lexicon.villages`) | local (a town
    # abroad no other row holds in its country, `Lexicon.local_places`); feature_code: GeoNames
    # class.code, e.g. P.PPLC
    "places": {"name": pl.String, "fold": pl.String, "kind": pl.String, "feature_code": pl.String,
               "country": pl.String, "admin1": pl.String, "admin2": pl.String,
               "population": pl.Int64, "geonameid": pl.Int64, "source": pl.String},
    # one row per name variant; lang: sv | en | alias
    "countries": {"iso2": pl.String, "name": pl.String, "fold": pl.String, "lang": pl.String,
                  "name_sv": pl.String, "name_en": pl.String, "source": pl.String,
                  # GeoNames continent code (AF AS EU NA OC SA AN), main languages (ar,ku) and
                  # the ISO codes of the countries it borders (SY,TR,IR): a route stays a route
                  "continent": pl.String, "languages": pl.String, "neighbours": pl.String},
    "admin_codes": {"code": pl.String, "name": pl.String, "fold": pl.String, "level": pl.Int8,
                    "country": pl.String, "geonameid": pl.Int64, "source": pl.String},
    "languages": {"name": pl.String, "fold": pl.String, "iso639_1": pl.String,
                  "iso639_3": pl.String, "source": pl.String},
    "postal_codes": {"code": pl.String, "fold": pl.String, "place": pl.String,
                     "admin1": pl.String, "admin2": pl.String, "country": pl.String,
                     "source": pl.String},
    "streets": {"name": pl.String, "fold": pl.String, "municipality": pl.String,
                "city": pl.String, "source": pl.String},
    # kind: company | school | university | authority | workplace | other
    "organizations": {"name": pl.String, "fold": pl.String, "kind": pl.String,
                      "legal_form": pl.String, "municipality": pl.String, "source": pl.String},
    "professions": {"name": pl.String, "fold": pl.String, "code": pl.String, "source": pl.String},
    # category: a trigger or word class (see builders/data/lexicon.tsv); value: e.g. 19 for "nitton"
    "lexicon": {"word": pl.String, "fold": pl.String, "category": pl.String, "value": pl.String,
                "source": pl.String},
    # frequency: Zipf value (log10 per billion words)
    "common_words": {"word": pl.String, "fold": pl.String, "frequency": pl.Float64,
                     "source": pl.String},
    # personal identity numbers that are never issued to anyone (Skatteverket's test numbers):
    # number and fold are the 12 digits (YYYYMMDDNNNC), birth the date part, sex F or M
    "test_personids": {"number": pl.String, "fold": pl.String, "birth": pl.String,
                       "sex": pl.String, "source": pl.String},
}

# Columns a source may leave out (null): not every source knows a name's origin.
OPTIONAL: dict[str, frozenset[str]] = {"first_names": frozenset({"origin"}),
                                       "surnames": frozenset({"origin"}),
                                       "countries": frozenset({"continent", "languages",
                                                                  "neighbours"})}

# Columns that identify a row; duplicates on these (keeping the first source) are removed when parts
# from several sources are merged into one gazetteer.
KEYS: dict[str, tuple[str, ...]] = {
    "first_names": ("fold", "gender"), "surnames": ("fold",),
    "places": ("fold", "kind", "country", "admin1", "geonameid"), "countries": ("iso2", "fold"),
    "admin_codes": ("code",), "languages": ("fold",), "postal_codes": ("code", "place"),
    "streets": ("fold", "municipality"), "organizations": ("fold", "kind"),
    "professions": ("fold",), "lexicon": ("fold", "category"), "common_words": ("word",),
    "test_personids": ("number",),
}


def fold(text: str) -> str:
    """Matching key: lower case, ASCII transliteration (Göteborg -> goteborg)."""
    return unidecode(text).lower().strip()


def fold_expr(column: str = "name") -> pl.Expr:
    """The same fold as :func:`fold`, vectorised for a polars column."""
    return pl.col(column).map_elements(fold, return_dtype=pl.String)


class SchemaError(ValueError):
    """A curated frame does not match its gazetteer schema."""


def complete(gazetteer: str, frame: pl.DataFrame) -> pl.DataFrame:
    """The frame with the optional columns it lacks as nulls (a part written before a column
    was added, or by a source that cannot fill it)."""
    schema = SCHEMAS[gazetteer]
    return frame.with_columns(pl.lit(None, schema[c]).alias(c)
                              for c in sorted(OPTIONAL.get(gazetteer, ())) if c not in frame.columns)


def conform(gazetteer: str, frame: pl.DataFrame) -> pl.DataFrame:
    """Select and cast the schema's columns in order; raise SchemaError naming what is missing."""
    schema = SCHEMAS[gazetteer]
    frame = complete(gazetteer, frame)
    missing = [c for c in schema if c not in frame.columns]
    if missing:
        raise SchemaError(f"{gazetteer}: missing column(s) {', '.join(missing)}")
    try:
        out = frame.select([pl.col(c).cast(t, strict=True) for c, t in schema.items()])
    except pl.exceptions.PolarsError as exc:  # pragma: no cover - message varies by polars version
        raise SchemaError(f"{gazetteer}: column types do not fit the schema ({exc})") from exc
    for key in ("fold",) if "fold" in schema else ():
        if out[key].null_count() or (out[key].str.len_chars() == 0).any():
            raise SchemaError(f"{gazetteer}: empty matching key in {key!r}")
    return out


def organizations_frame(rows: list[tuple[str, str | None]], kind: str, source: str) -> pl.DataFrame:
    """(name, municipality) pairs as `organizations` rows of one kind, one row per folded name."""
    frame = pl.DataFrame(rows, schema={"name": pl.String, "municipality": pl.String}, orient="row")
    return (frame.with_columns(fold=fold_expr("name"), kind=pl.lit(kind),
                               legal_form=pl.lit(None, pl.String), source=pl.lit(source))
            .unique(subset=["fold", "kind"], keep="first", maintain_order=True))
