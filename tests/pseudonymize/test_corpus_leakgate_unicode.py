"""The leak gate reads outputs as the engine does: an original hidden by a Unicode or format
variant in an output (or a variant original in the key) is still a hit, at its own offset."""
from __future__ import annotations

import pytest

from pseudonymize.corpus.leakgate import Originals, scan_text


@pytest.mark.parametrize("key_original, output, offset", [
    ("Anna", "Hej An\u200bna!", 4),
    ("An\u200bna", "Hej Anna!", 4),
    ("Kristina", "Kris\u00adtina kom.", 0),
    ("Göteborg", "i Göte\u200bborg", 2),
    ("Göte\u200bborg", "i Go\u0308teborg", 2),
    ("Malmo\u0308", "i Malmö", 2),
    ("Malmö", "i Malmo\u0308", 2),
    ("Anna Svensson", "ANNA\u200b SVENSSON", 0),
    ("Stockholm", "i \uff33\uff54\uff4f\uff43\uff4b\uff48\uff4f\uff4c\uff4d", 2),
    ("Vesna", "Hej Ves\u200ena!", 4),            # left-to-right mark
    ("Vesna", "Hej Ves\u202ena\u202c!", 4),      # right-to-left override
    ("Vesna", "Hej Ves\u034fna!", 4),             # combining grapheme joiner
    ("Vesna", "Hej Ves\ufe0fna!", 4),             # variation selector
    ("Vesna", "Hej Ves\U000e0041na!", 4),         # tag character
    ("Vesna", "Hej \u24cbesna!", 4),              # circled letter
    ("Vesna", "Hej \U0001d415\U0001d41e\U0001d42c\U0001d427\U0001d41a!", 4),  # mathematical bold
])
def test_original_in_another_form_is_a_hit(key_original: str, output: str, offset: int) -> None:
    hits = scan_text(output, Originals([("city", key_original)]), "texts/e.txt", "text")
    assert [h.offset for h in hits] == [offset]


@pytest.mark.parametrize("output, label", [
    ("ring 070\u2011123\u201145\u201167", "phone_nr"),
    ("ring \uff10\uff17\uff10-123 45 67", "phone_nr"),
    ("ring \u0660\u0667\u0660\u0661\u0662\u0663\u0664\u0665\u0666\u0667", "phone_nr"),
    ("mejla name(at)gmail.com", "email"),
    ("mejla name [at] gmail (dot) com", "email"),
    ("pnr 900101\u2011\u200b1234", "personid_nr"),
])
def test_id_in_another_form_is_a_hit(output: str, label: str) -> None:
    assert label in {h.label for h in scan_text(output, Originals([]), "texts/e.txt", "text")}


def test_ordinary_text_has_no_hit() -> None:
    text = "Jag heter Maud och bor i Karlstad\u2013Borås. Ring 000-000 00 00, mejla email@dot.com."
    assert scan_text(text, Originals([("city", "Göteborg")]), "texts/e.txt", "text") == []
