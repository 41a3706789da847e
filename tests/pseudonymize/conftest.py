"""A tiny hand-made snapshot and its engine, shared by the engine and surrogate tests."""
from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest

from builders.schemas import fold
from builders.store import Store
from pseudonymize.engine import Engine

FIRST = [("Anna", "female"), ("Erik", "male"), ("Maria", "female"), ("Johan", "male"),
         ("Sara", "female"), ("Omar", "male"), ("Kim", "unknown"), ("Lina", "female")]
SUR = ["Svensson", "Lindqvist", "Berg", "Holm"]
CITIES = [("Stockholm", "SE", 1_500_000), ("Göteborg", "SE", 580_000), ("Malmö", "SE", 300_000),
          ("Gävle", "SE", 75_000), ("Västerås", "SE", 120_000), ("Bagdad", "IQ", 5_000_000),
          ("Basra", "IQ", 1_000_000), ("Mosul", "IQ", 1_700_000)]
COMMON = {"jag": 7.3, "och": 7.4, "bor": 5.4, "i": 7.5, "min": 6.5, "heter": 5.0, "hans": 5.8,
          "mina": 5.8, "är": 7.3, "år": 6.0, "vän": 5.0, "från": 6.5, "kommer": 6.0, "sund": 4.0,
          "affären": 3.9, "historia": 4.5}
LEXICON = [("heter", "name_trigger"), ("vän", "name_trigger"), ("i", "place_trigger"),
           ("från", "place_trigger"), ("år", "age_trigger"), ("hans", "common_name_homograph"),
           ("mamma", "fam"), ("läkare", "prof"), ("tjugo", "number_word", "20"),
           ("fem", "number_word", "5"), ("nitton", "number_word", "19"),
           ("telefon", "phone_trigger"), ("skolan", "institution_suffix", "school"),
           ("nummer", "phone_trigger"), ("körkort", "license_trigger"),
           ("ärendet", "reference_trigger"), ("kontot", "account_trigger"), ("farmor", "fam"),
           ("bror", "fam"), ("lärare", "prof"), ("cancer", "sensitive"),
           ("högt blodtryck", "sensitive"), ("ärende", "reference_trigger"),
           ("clearingnummer", "account_trigger"), ("lördag", "weekday", "6"), ("förare", "prof")]


def _frame(rows: list[dict]) -> pl.DataFrame:
    return pl.DataFrame(rows)


@pytest.fixture(scope="module")
def engine(engine_snapshot: Path) -> Engine:
    return Engine.load(engine_snapshot)


@pytest.fixture(scope="module")
def engine_snapshot(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The tiny snapshot's JSON path (what a release is given)."""
    store = Store(tmp_path_factory.mktemp("engine-home"))
    return store.snapshot_path(tiny_snapshot(store)["id"])


def tiny_snapshot(store: Store) -> dict:
    """Commit the hand-made gazetteers as the store's current snapshot."""
    first = _frame([{"name": n, "fold": fold(n), "gender": g, "count": 100 - i, "rank": i + 1,
                     "source": "t"} for i, (n, g) in enumerate(FIRST)])
    sur = _frame([{"name": n, "fold": fold(n), "count": 10, "rank": i + 1, "source": "t"}
                  for i, n in enumerate(SUR)])
    places = _frame([{"name": n, "fold": fold(n), "kind": "city", "feature_code": "P.PPL",
                      "country": c, "admin1": "", "admin2": "", "population": p,
                      "geonameid": i, "source": "t"} for i, (n, c, p) in enumerate(CITIES)])
    countries = _frame([{"iso2": "IQ", "name": "Irak", "fold": "irak", "lang": "sv",
                         "name_sv": "Irak", "name_en": "Iraq", "source": "t"},
                        {"iso2": "SY", "name": "Syrien", "fold": "syrien", "lang": "sv",
                         "name_sv": "Syrien", "name_en": "Syria", "source": "t"}])
    lex = _frame([{"word": r[0], "fold": fold(r[0]), "category": r[1],
                   "value": r[2] if len(r) > 2 else "", "source": "t"} for r in LEXICON])
    common = _frame([{"word": w, "fold": fold(w), "frequency": z, "source": "t"}
                     for w, z in COMMON.items()])
    frames = {"first_names": first.with_columns(pl.col("rank").cast(pl.Int32)),
              "surnames": sur.with_columns(pl.col("rank").cast(pl.Int32)), "places": places,
              "countries": countries, "lexicon": lex, "common_words": common}
    return store.commit({"t": store.write_part("t", frames, {"source": "t"})})
