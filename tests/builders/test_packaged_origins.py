"""The packaged name gazetteers record each name's origin group from the lexicon's headings."""
from __future__ import annotations

from pathlib import Path

from builders.packaged import name_origins


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
