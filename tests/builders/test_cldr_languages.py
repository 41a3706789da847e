"""The lifelike language table (pseudonymize/data/language_countries.toml) is what
`python -m builders.cldr_languages` makes from the pinned Babel, byte for byte, and holds the
languages the hand rows never listed."""
from __future__ import annotations

import tomllib

from builders import cldr_languages


def test_regenerating_the_table_gives_the_same_bytes() -> None:
    # a failure here: Babel, wordfreq, Faker or lexicon.tsv changed; run
    # `python -m builders.cldr_languages` and read the diff before committing it
    assert cldr_languages.OUT.read_text(encoding="utf-8") == cldr_languages.render()


def test_the_table_ties_languages_to_their_homes() -> None:
    rows = tomllib.loads(cldr_languages.OUT.read_text(encoding="utf-8"))["languages"]
    by_word = {w: set(row["countries"]) for row in rows for w in row["words"]}
    # dev24's peoples, which no hand row held (Maldives, Botswana, Cape Verde, Ingushetia)
    assert by_word["divehi"] == {"MV"}
    assert by_word["setswana"] == {"BW", "ZA"} == by_word["tswana"]
    assert by_word["kapverdiska"] == by_word["kabuverdianu"] == {"CV"}
    assert by_word["ingusjiska"] == by_word["burjätiska"] == {"RU"}
    # the Swedish forms of an -ska name
    assert {"ingusjiskan", "ingusjisk", "ingusjiskt"} <= set(by_word)


def test_the_table_leaves_out_what_ties_no_home() -> None:
    rows = tomllib.loads(cldr_languages.OUT.read_text(encoding="utf-8"))["languages"]
    codes = {row["code"] for row in rows}
    words = {w for row in rows for w in row["words"]}
    # languages learnt everywhere (more than MAX_COUNTRIES homes), those of the Nordic
    # countries, and read ones
    assert not {"en", "fr", "es", "ar", "de", "ru", "sv", "da", "no", "fi", "la", "eo"} & codes
    # names of people and countries, and everyday words in a name other than the Swedish one
    assert not {"mari", "tonga", "fon", "ga"} & words
    assert all(len(cldr_languages.cue(w).replace(" ", "")) >= cldr_languages.MIN_LETTERS
               for w in words)
    assert all(len(row["countries"]) <= cldr_languages.MAX_COUNTRIES and "SE" not in
               row["countries"] for row in rows)
