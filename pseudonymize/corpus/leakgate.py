"""The leak gate: nothing is published while an output still holds an original or an ID.

Every essay-derived part of the release is scanned for
  * that essay's originals from the key (word-bounded, case-insensitive), and
  * ID-shaped strings: personnummer, phone numbers, e-mail addresses.
Essay-derived parts are: `texts/<id>.txt`, both sides and the labels of `svala/<id>.json`, the
essay id itself (it names files), and the essay's carried metadata in `manifest.json`. The
rest of the release (hashes, resource provenance) is produced by the tool, not the essays.

A hit names file, field, offset and label — never the matched string.

Tolerated coincidences: the taxonomy's own placeholders (123456-0000, all-zero phone numbers such
as 000-000 00 00, email@dot.com) are not IDs; originals of labels that are short numbers or
calendar words (ages, years, days, months, house and line numbers) recur legitimately in any text
and are not scanned for; nor are one-character originals (initials).
"""
from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from pseudonymize import svala

NOT_SCANNED = frozenset({"age_digits", "age_string", "year", "day", "month_digit", "month_word",
                         "street_nr", "transport_nr"})

_PERSONNUMMER = re.compile(r"(?<![\d])(?:19|20)?(\d{2})(\d{2})(\d{2})[-+ ]?\d{4}(?!\d)")
_PHONE = re.compile(r"(?<![\w+])(?:(?:\+46|0046)[ -]?(?:\(0\))?[ -]?|0)\d{1,3}(?:[ -]?\d){5,8}"
                    r"(?!\w)|(?<![\w+])\+\d{1,3}(?:[ -]?\d){6,12}(?!\w)")
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
PLACEHOLDER_PERSONNUMMER = frozenset({"123456-0000", "123456+0000", "1234560000", "123456 0000"})
PLACEHOLDER_EMAIL = "email@dot.com"


@dataclass(frozen=True)
class Hit:
    file: str
    field: str
    offset: int
    label: str

    def __str__(self) -> str:
        return f"{self.file} [{self.field}] @{self.offset}: {self.label}"

    def to_dict(self) -> dict:
        return {"file": self.file, "field": self.field, "offset": self.offset, "label": self.label}


class LeakError(RuntimeError):
    """The gate found originals or IDs in the outputs; the message lists where, never what."""

    def __init__(self, hits: list[Hit]) -> None:
        self.hits = hits
        shown = "; ".join(str(h) for h in hits[:5])
        more = f" (+{len(hits) - 5} more)" if len(hits) > 5 else ""
        super().__init__(f"leak gate: {len(hits)} hit(s), release not published: {shown}{more}")


def id_hits(text: str) -> Iterable[tuple[int, str]]:
    """(offset, label) of ID-shaped strings, placeholders excepted."""
    for m in _PERSONNUMMER.finditer(text):
        month, day = int(m.group(2)), int(m.group(3))
        if (m.group(0) not in PLACEHOLDER_PERSONNUMMER and 1 <= month <= 12
                and (1 <= day <= 31 or 61 <= day <= 91)):
            yield m.start(), "personid_nr"
    for m in _PHONE.finditer(text):
        digits = re.sub(r"\D", "", m.group(0).removeprefix("+46").removeprefix("0046"))
        if digits.strip("0"):
            yield m.start(), "phone_nr"
    for m in _EMAIL.finditer(text):
        if m.group(0).lower() != PLACEHOLDER_EMAIL:
            yield m.start(), "email"


class Originals:
    """One essay's originals as a single word-bounded, case-insensitive pattern."""

    def __init__(self, rows: Iterable[tuple[str, str]]) -> None:
        self.labels: dict[str, str] = {}
        for label, original in rows:
            original = " ".join(original.split())
            if label in NOT_SCANNED or len(original) < 2:
                continue
            self.labels.setdefault(original.casefold(), label)
        alternatives = sorted(self.labels, key=len, reverse=True)
        body = "|".join(r"\s+".join(re.escape(w) for w in o.split(" ")) for o in alternatives)
        self.pattern = re.compile(rf"(?<!\w)(?:{body})(?!\w)", re.IGNORECASE) if body else None

    def hits(self, text: str) -> Iterable[tuple[int, str]]:
        if self.pattern is None:
            return
        for m in self.pattern.finditer(text):
            yield m.start(), self.labels.get(" ".join(m.group(0).split()).casefold(), "original")


def scan_text(text: str, originals: Originals, file: str, field: str) -> list[Hit]:
    found = [*originals.hits(text), *id_hits(text)]
    return [Hit(file, field, offset, label) for offset, label in sorted(found)]


def scan_release(root: Path, originals: Mapping[str, Iterable[tuple[str, str]]]) -> list[Hit]:
    """Scan a (staged) release directory; `originals` maps essay id -> (label, original) rows."""
    patterns = {essay_id: Originals(rows) for essay_id, rows in originals.items()}
    empty = Originals(())
    hits: list[Hit] = []
    for path in sorted((root / "texts").glob("*.txt")):
        essay_id = path.stem
        pat = patterns.get(essay_id, empty)
        rel = f"texts/{path.name}"
        hits += scan_text(essay_id, pat, rel, "essay_id")
        hits += scan_text(path.read_text(encoding="utf-8"), pat, rel, "text")
    for path in sorted((root / "svala").glob("*.json")):
        pat = patterns.get(path.stem, empty)
        rel = f"svala/{path.name}"
        graph = json.loads(path.read_text(encoding="utf-8"))
        for side in ("source", "target"):
            hits += scan_text(svala.side_text(graph, side), pat, rel, side)
        labels = " ".join(lab for e in graph["edges"].values() for lab in e["labels"])
        hits += scan_text(labels, pat, rel, "labels")
    manifest = root / "manifest.json"
    if manifest.exists():
        hits += _scan_manifest(json.loads(manifest.read_text(encoding="utf-8")), patterns, empty)
    return hits


def _scan_manifest(manifest: dict, patterns: Mapping[str, Originals], empty: Originals
                   ) -> list[Hit]:
    hits: list[Hit] = []
    for essay_id, entry in manifest.get("inputs", {}).get("essays", {}).items():
        pat = patterns.get(essay_id, empty)
        carried = {"learner_id": entry.get("learner_id"), **entry.get("metadata", {})}
        for key, value in carried.items():
            if value is not None:
                text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
                hits += scan_text(text, pat, "manifest.json", f"essays.{essay_id}.{key}")
    for entry in manifest.get("quarantine", []):
        for key in ("essay_id", "source"):
            hits += scan_text(str(entry.get(key, "")), empty, "manifest.json", f"quarantine.{key}")
    return hits
