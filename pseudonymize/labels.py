"""The label taxonomy in one table: action, placeholder stem and coreference family per label.

Source: ../shared/TAXONOMY.md (SweLL guidelines, SVALA label names). Every rule that depends on a
label reads it from here rather than from scattered conditionals.
"""
from __future__ import annotations

from typing import NamedTuple

from pseudonymize.types import MARK, REPLACE


class LabelInfo(NamedTuple):
    action: str
    placeholder: str  # placeholder-strategy surrogate; "{L}" is the running letter (A, B, ...)
    kind: str         # name | place | institution | number | text | mark


LABELS: dict[str, LabelInfo] = {
    "firstname_male": LabelInfo(REPLACE, "", "name"),
    "firstname_female": LabelInfo(REPLACE, "", "name"),
    "firstname_unknown": LabelInfo(REPLACE, "", "name"),
    "surname": LabelInfo(REPLACE, "", "name"),
    "middlename": LabelInfo(REPLACE, "A", "name"),
    "initials": LabelInfo(REPLACE, "A", "name"),
    "city": LabelInfo(REPLACE, "{L}-stad", "place"),
    "area": LabelInfo(REPLACE, "{L}-området", "place"),
    "country": LabelInfo(REPLACE, "{L}-land", "place"),
    "region": LabelInfo(REPLACE, "{L}-region", "place"),
    "place": LabelInfo(REPLACE, "{L}-gatan", "place"),
    "geo": LabelInfo(REPLACE, "{L}-sjön", "place"),
    "street_nr": LabelInfo(REPLACE, "", "number"),
    "zip_code": LabelInfo(REPLACE, "", "number"),
    "school": LabelInfo(REPLACE, "{L}-skolan", "institution"),
    "work": LabelInfo(REPLACE, "{L}-arbetsplatsen", "institution"),
    "other_institution": LabelInfo(REPLACE, "{L}-institutionen", "institution"),
    "transport_name": LabelInfo(REPLACE, "{L}-linjen", "institution"),
    "transport_nr": LabelInfo(REPLACE, "", "number"),
    "age_digits": LabelInfo(REPLACE, "", "number"),
    "age_string": LabelInfo(REPLACE, "", "number"),
    "year": LabelInfo(REPLACE, "", "number"),
    "date_digits": LabelInfo(REPLACE, "", "number"),
    "day": LabelInfo(REPLACE, "", "number"),
    "month_digit": LabelInfo(REPLACE, "", "number"),
    "month_word": LabelInfo(REPLACE, "", "text"),
    "phone_nr": LabelInfo(REPLACE, "", "number"),
    "account_nr": LabelInfo(REPLACE, "", "number"),
    "other_nr_seq": LabelInfo(REPLACE, "", "number"),
    "personid_nr": LabelInfo(REPLACE, "", "number"),
    "license_nr": LabelInfo(REPLACE, "", "number"),
    "email": LabelInfo(REPLACE, "email@dot.com", "text"),
    "url": LabelInfo(REPLACE, "url.com", "text"),
    "extra": LabelInfo(REPLACE, "{L}-extra", "text"),
    "prof": LabelInfo(MARK, "", "mark"),
    "edu": LabelInfo(MARK, "", "mark"),
    "fam": LabelInfo(MARK, "", "mark"),
    "sensitive": LabelInfo(MARK, "", "mark"),
}

# Labels whose entities share running numbers across variants (Stokholm = Stockholm = Stockholms).
PLACE_LABELS = frozenset(k for k, v in LABELS.items() if v.kind == "place")
NAME_LABELS = frozenset(k for k, v in LABELS.items() if v.kind == "name")
# The institutions a person attends, works at or deals with (a transport line is of the
# institution kind too, but no organisation)
ORG_LABELS = frozenset({"school", "work", "other_institution"})
FIRSTNAME = {"female": "firstname_female", "male": "firstname_male", "unknown": "firstname_unknown"}
# The learned tagger's coarse classes (pseudonymize.learned: BIO over them), by label kind;
# mark-only labels are outside
LEARNED_KINDS = {"name": "PER", "place": "PLC", "institution": "ORG", "number": "NUM",
                 "text": "NUM"}
LEARNED_CLASSES = {k: LEARNED_KINDS[v.kind] for k, v in LABELS.items() if v.kind in LEARNED_KINDS}
