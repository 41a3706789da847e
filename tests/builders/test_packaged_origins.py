"""The packaged name gazetteers record each name's origin group from the lexicon's headings."""
from __future__ import annotations

from pathlib import Path

import polars as pl

from builders.packaged import SWEDISH, first_names, name_origins, read_lexicon


def test_origins_come_from_the_section_headings(tmp_path: Path) -> None:
    lexicon = tmp_path / "lexicon.tsv"
    lexicon.write_text("word\tcategory\tvalue\n"
                       "# --- given_name: names ---\n# Somali\nHodan\tgiven_name\tfemale\n"
                       "# Persian and Dari (Iran, Afghanistan)\nDariush\tgiven_name\tmale\n"
                       "# --- family_name: surnames ---\n# Afghan (Dari and Pashto)\n"
                       "Popal\tfamily_name\n# --- other ---\nHodan\tnot_name\n", encoding="utf-8")
    assert name_origins(lexicon) == {("hodan", "given_name"): "somali",
                                     ("dariush", "given_name"): "persian",
                                     ("popal", "family_name"): "persian"}


def test_the_shipped_lexicon_groups_its_names() -> None:
    origins = name_origins()
    assert origins[("hodan", "given_name")] == "somali"
    assert {"arabic", "somali", "polish", "east_slavic", "turkish"} <= set(origins.values())
    # a new section heading starts a group; a lower-case comment inside a section keeps its group
    assert origins[("achieng", "given_name")] == origins[("otieno", "family_name")] == "kenyan"
    assert origins[("hawi", "given_name")] == origins[("gemechu", "family_name")] == "habesha"


# (name, gender, origin): a name rare in Sweden that a foreign locale lists is of that locale's
# origin (most particular first: Juan is Spanish, not English); frequent names stay Swedish.
FIRST_NAME_ORIGINS = [("Piotr", "male", "polish"), ("Ewa", "female", "polish"),
                      ("Juan", "male", "spanish"), ("Valentina", "female", "spanish"),
                      ("Hans", "male", "swedish"), ("Anna", "female", "swedish"),
                      ("Hodan", "female", "somali")]


def test_first_names_rare_in_sweden_take_a_foreign_locales_origin() -> None:
    frame = first_names(read_lexicon())
    for name, gender, origin in FIRST_NAME_ORIGINS:
        rows = frame.filter((pl.col("name") == name) & (pl.col("gender") == gender))
        assert rows["origin"].to_list()[:1] == [origin], (name, rows["origin"].to_list())


def test_every_origin_group_of_the_lexicon_has_homelands() -> None:
    """A comment in the lexicon that reads like a heading ("# Gul is a man's name …") would
    file the names after it under a group no surrogate knows, with no homeland. The Swedish
    short forms (Jonte, Gittan) join Faker's Swedish names, whose group the surrogates know."""
    import tomllib

    geography = Path(__file__).parents[2] / "pseudonymize" / "data" / "geography.toml"
    homelands = tomllib.loads(geography.read_text(encoding="utf-8"))["name_homelands"]
    assert set(name_origins().values()) - {SWEDISH} <= set(homelands)
