"""A tiny hand-made snapshot and its engine, shared by the engine and surrogate tests."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import polars as pl
import pytest

from builders.packaged import RULE_PREFIX, RULE_WORDS, read_lexicon
from builders.schemas import fold
from builders.store import Store
from pseudonymize.engine import Engine

FIRST = [("Anna", "female"), ("Erik", "male"), ("Maria", "female"), ("Johan", "male"),
         ("Sara", "female"), ("Omar", "male"), ("Kim", "unknown"), ("Lina", "female"),
         ("Hodan", "female"), ("Fartun", "female"), ("Abdi", "male"), ("Warsame", "male")]
ORIGINS = {"Omar": "arabic", "Hodan": "somali", "Fartun": "somali", "Abdi": "somali",
           "Warsame": "somali", "Kim": None}  # the others: swedish
SUR = ["Svensson", "Lindqvist", "Berg", "Holm", "Andersson"]
CITIES = [("Stockholm", "SE", 1_500_000), ("Göteborg", "SE", 580_000), ("Malmö", "SE", 300_000),
          ("Gävle", "SE", 75_000), ("Västerås", "SE", 120_000), ("Bagdad", "IQ", 5_000_000),
          ("Basra", "IQ", 1_000_000), ("Mosul", "IQ", 1_700_000), ("Damaskus", "SY", 2_000_000),
          ("Aleppo", "SY", 1_800_000), ("Homs", "SY", 700_000), ("Bamako", "ML", 2_000_000)]
COUNTRIES = [("IQ", "Irak", "Iraq", "AS"), ("SY", "Syrien", "Syria", "AS"),
             ("ML", "Mali", "Mali", "AF")]
# other names of the features above (same geonameid: the index in CITIES)
# (an English main name beside the Swedish one, and Swedish exonyms)
EXONYMS = [("Damascus", 8, "city"), ("Dimashq", 8, "city"), ("Gothenburg", 1, "city")]
COMMON = {"jag": 7.3, "och": 7.4, "bor": 5.4, "i": 7.5, "min": 6.5, "heter": 5.0, "hans": 5.8,
          "mina": 5.8, "är": 7.3, "år": 6.0, "vän": 5.0, "från": 6.5, "kommer": 6.0, "sund": 4.0,
          "affären": 3.9, "historia": 4.5}
LEXICON = [("heter", "name_trigger"), ("vän", "name_trigger"), ("hans", "common_name_homograph"),
           ("Holmsund", "district", "Umeå"), ("Holmsund", "geo", "SE"),  # two kinds: test_lexicon
           ("mamma", "fam"), ("läkare", "prof"), ("tjugo", "number_word", "20"),
           ("fem", "number_word", "5"), ("nitton", "number_word", "19"),
           ("telefon", "phone_trigger"), ("skolan", "institution_suffix", "school"),
           ("nummer", "phone_trigger"), ("körkort", "license_trigger"),
           ("ärendet", "reference_trigger"), ("kontot", "account_trigger"), ("farmor", "fam"),
           ("bror", "fam"), ("lärare", "prof"), ("cancer", "sensitive"),
           ("högt blodtryck", "sensitive"), ("ärende", "reference_trigger"),
           ("clearingnummer", "account_trigger"), ("biblioteket", "institution_suffix", "other_institution"),
           ("gymnasiet", "institution_suffix", "school"), ("skola", "institution_suffix", "school"), ("lördag", "weekday", "6"), ("förare", "prof")]


# The lexicon's categories the rules read as word lists (all of their rows, as in a real snapshot).
RULE_TRIGGERS = ("place_trigger", "age_trigger", "address_trigger")


def _frame(rows: list[dict]) -> pl.DataFrame:
    return pl.DataFrame(rows)


@pytest.fixture(scope="module")
def engine(engine_snapshot: Path) -> Engine:
    return Engine.load(engine_snapshot)


@pytest.fixture(scope="module")
def engine_snapshot(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The tiny snapshot's JSON path (what a release is given). Its engines run without the
    learned tagger unless a policy asks for it: the packaged model's features read the real
    lexicon's readings and frequencies, which this hand-made one lacks (tests/pseudonymize/
    test_learned.py tests the tagger on the offline snapshot)."""
    store = Store(tmp_path_factory.mktemp("engine-home"))
    saved, Engine.learned_default = Engine.learned_default, "off"
    yield store.snapshot_path(tiny_snapshot(store)["id"])
    Engine.learned_default = saved


def tiny_snapshot(store: Store) -> dict:
    """Commit the hand-made gazetteers as the store's current snapshot."""
    first = _frame([{"name": n, "fold": fold(n), "gender": g, "count": 100 - i, "rank": i + 1,
                     "source": "t", "origin": ORIGINS.get(n, "swedish")}
                    for i, (n, g) in enumerate(FIRST)])
    sur = _frame([{"name": n, "fold": fold(n), "count": 10, "rank": i + 1, "source": "t"}
                  for i, n in enumerate(SUR)])
    places = _frame([{"name": n, "fold": fold(n), "kind": "city", "feature_code": "P.PPL",
                      "country": c, "admin1": "", "admin2": "", "population": p,
                      "geonameid": i, "source": "t"} for i, (n, c, p) in enumerate(CITIES)]
                    + [{"name": n, "fold": fold(n), "kind": k, "feature_code": "",
                        "country": CITIES[i][1], "admin1": "", "admin2": "",
                        "population": CITIES[i][2], "geonameid": i, "source": "t"}
                       for n, i, k in EXONYMS])
    countries = _frame([{"iso2": iso, "name": sv, "fold": fold(sv), "lang": "sv", "name_sv": sv,
                         "name_en": en, "source": "t", "continent": continent}
                        for iso, sv, en, continent in COUNTRIES])
    # The rules' own word lists come with every snapshot, this one too.
    rules = [(w, RULE_PREFIX + c, v or "") for w, c, v in read_lexicon(RULE_WORDS, None)]
    rules += [(w, c, v or "") for w, c, v in read_lexicon() if c in RULE_TRIGGERS]
    lex = _frame([{"word": r[0], "fold": fold(r[0]), "category": r[1],
                   "value": r[2] if len(r) > 2 else "", "source": "t"} for r in LEXICON + rules])
    common = _frame([{"word": w, "fold": fold(w), "frequency": z, "source": "t"}
                     for w, z in COMMON.items()])
    frames = {"first_names": first.with_columns(pl.col("rank").cast(pl.Int32)),
              "surnames": sur.with_columns(pl.col("rank").cast(pl.Int32)), "places": places,
              "countries": countries, "lexicon": lex, "common_words": common}
    return store.commit({"t": store.write_part("t", frames, {"source": "t"})})
