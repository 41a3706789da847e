"""The leak gate: nothing is published while an output still holds an original or an ID.

Every essay-derived part of the release is scanned for
  * that essay's originals from the key (word-bounded, case-insensitive; also where spelt out
    letter by letter, "A-M-I-N-A"), and
  * ID-shaped strings: personnummer, phone numbers, e-mail addresses.
Essay-derived parts are: `texts/<id>.txt`, both sides and the labels of `svala/<id>.json`, the
essay id itself (it names files), and the essay's carried metadata in `manifest.json`. The
rest of the release (hashes, resource provenance) is produced by the tool, not the essays.

A hit names file, field, offset and label — never the matched string.

Tolerated coincidences: the taxonomy's own placeholders (123456-0000, all-zero phone numbers such
as 000-000 00 00, email@dot.com) are not IDs, nor is an ID-shaped string lying wholly inside a
surrogate the engine wrote (a `lifelike` fiction phone number or example.com address: the
release passes the target ranges of its replacements; an ID the engine missed lies outside
them); originals of labels that are short numbers or
calendar words (ages, years, days, months, house and line numbers) recur legitimately in any text
and are not scanned for; nor are one-character originals (initials).
"""
from __future__ import annotations

import functools
import json
import re
from bisect import bisect_right
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from pseudonymize import normalize, svala

NOT_SCANNED = frozenset({"age_digits", "age_string", "year", "day", "month_digit", "month_word",
                         "street_nr", "transport_nr"})

_PERSONNUMMER = re.compile(r"(?<![\d])(?:19|20)?(\d{2})(\d{2})(\d{2})[-+ ]?\d{4}(?!\d)")
_PHONE = re.compile(r"(?<![\w+])(?:(?:\+46|0046)[ -]?(?:\(0\))?[ -]?|0)\d{1,3}(?:[ -]?\d){5,8}"
                    r"(?!\w)|(?<![\w+])\+\d{1,3}(?:[ -]?\d){6,12}(?!\w)")
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
# A personnummer or phone number lies inside one run of the characters those two patterns
# consume, starting at a digit or "+"; such a run needs 6 digits to hold one (a phone number
# has 7 or more, a personnummer 10).
_NUMBER_RUN = re.compile(r"[+\d][\d()+ -]*")
_DIGIT = re.compile(r"\d")
_EMAIL_LOCAL = re.compile(r"[\w.+-]")
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


def id_hits(text: str, surrogates: Sequence[tuple[int, int]] = ()) -> Iterable[tuple[int, str]]:
    """(offset, label) of ID-shaped strings, placeholders and those wholly inside one of the
    `surrogates` (start, end) ranges excepted."""
    for start, end, label in _id_matches(text):
        if not _inside(start, end, surrogates):
            yield start, label


def _inside(start: int, end: int, ranges: Sequence[tuple[int, int]]) -> bool:
    """Whether [start, end) lies within one of the sorted, disjoint `ranges`."""
    k = bisect_right(ranges, (start, float("inf"))) - 1
    return k >= 0 and ranges[k][0] <= start and end <= ranges[k][1]


def _id_matches(text: str) -> Iterable[tuple[int, int, str]]:
    """(start, end, label) of ID-shaped strings, placeholders excepted."""
    for m in _emails(text):
        if m.group(0).lower() != PLACEHOLDER_EMAIL:
            yield m.start(), m.end(), "email"
    for run in _NUMBER_RUN.finditer(text):
        start, end = run.span()
        if len(_DIGIT.findall(text, start, end)) < 6:
            continue
        # the pattern sees the run and the character after it, as a scan of the whole text
        # would (lookbehinds see the text before `start` anyway)
        for m in _PERSONNUMMER.finditer(text, start, end + 1):
            month, day = int(m.group(2)), int(m.group(3))
            if (m.group(0) not in PLACEHOLDER_PERSONNUMMER and 1 <= month <= 12
                    and (1 <= day <= 31 or 61 <= day <= 91)):
                yield m.start(), m.end(), "personid_nr"
        for m in _PHONE.finditer(text, start, end + 1):
            digits = re.sub(r"\D", "", m.group(0).removeprefix("+46").removeprefix("0046"))
            if digits.strip("0"):
                yield m.start(), m.end(), "phone_nr"


def _emails(text: str) -> Iterator[re.Match]:
    """`_EMAIL.finditer(text)`, tried only where an "@" is: a match holds exactly one, and
    starts where the run of local-part characters before it starts (scanning every position
    for the local part costs far more on a long text)."""
    end, at = 0, text.find("@")
    while at >= 0:
        start = at
        while start > end and _EMAIL_LOCAL.match(text[start - 1]):
            start -= 1
        m = _EMAIL.match(text, start) if start < at else None
        if m:
            yield m
            end = m.end()
        at = text.find("@", end if m else at + 1)


def _loose(text: str) -> str:
    """A case mapping at least as loose as `re.IGNORECASE`, character by character: two
    characters the regex engine matches case-insensitively (K and the Kelvin sign, s and long
    s, i and dotless i, final and medial sigma) map to the same string. Upper case of lower
    case does it, once dotted capital I (whose lower case is two characters) is made "i"."""
    return (text.replace("\u0130", "i") if "\u0130" in text else text).lower().upper()


def _key(original: str) -> str:
    """An original as the engine reads it, white space made single spaces."""
    return " ".join(normalize.fold(original).split())


@functools.lru_cache(maxsize=1024)
def _alternation(originals: tuple[str, ...]) -> re.Pattern:
    """One word-bounded, case-insensitive pattern: the originals in order, white space between
    their words matching any run of white space."""
    body = "|".join(r"\s+".join(re.escape(w) for w in o.split(" ")) for o in originals)
    return re.compile(rf"(?<!\w)(?:{body})(?!\w)", re.IGNORECASE)


class Originals:
    """One essay's originals as a single word-bounded, case-insensitive pattern (longest
    first), compiled only for the originals that can occur in the text at hand: an original
    each of whose words occurs in the text under `_loose`. The others cannot match anywhere,
    so leaving them out of the alternation changes nothing it finds, and a text holding none
    (the usual case) costs no compilation at all."""

    def __init__(self, rows: Iterable[tuple[str, str]],
                 homographs: Iterable[str] = ()) -> None:
        """`homographs`: originals (any case) that are also an everyday word in lower case, as
        the name "Hans" is the pronoun "hans": found written in lower case they are that word,
        as the engine read them (it replaced the capitalised name)."""
        self.homographs = frozenset(_key(h).casefold() for h in homographs)
        self.labels: dict[str, str] = {}
        for label, original in rows:
            # as the engine reads it: "An\u200bna" is "Anna", "Go\u0308teborg" is "Göteborg"
            original = _key(original)
            if label in NOT_SCANNED or len(original) < 2:
                continue
            self.labels.setdefault(original.casefold(), label)
        self._words = [(o, [_loose(w) for w in o.split(" ")])
                       for o in sorted(self.labels, key=len, reverse=True)]

    def hits(self, text: str) -> Iterable[tuple[int, str]]:
        if not self._words:
            return
        loose = _loose(text)
        present = tuple(o for o, words in self._words if all(w in loose for w in words))
        if not present:
            return
        for m in _alternation(present).finditer(text):
            found = " ".join(m.group(0).split()).casefold()
            if not (found in self.homographs and m.group(0).islower()):
                yield m.start(), self.labels.get(found, "original")


def scan_text(text: str, originals: Originals, file: str, field: str,
              surrogates: Sequence[tuple[int, int]] = ()) -> list[Hit]:
    """Hits in `text` as written and, when it differs, in its normalized view (the engine's:
    `An\u200bna`, `Kris\u00adtina`, `０７０…`, `name(at)gmail.com` are caught), and with the
    words spelt out letter by letter joined (`A-M-I-N-A`); offsets are
    always into `text`. `surrogates`: sorted (start, end) ranges of `text` the engine wrote."""
    found = {*originals.hits(text), *id_hits(text, surrogates)}
    spelt = normalize.despelt(text)
    if spelt is not None:  # "a m i n a": an original spelt out letter by letter
        joined, starts = spelt
        found |= {(starts[offset], label) for offset, label in originals.hits(joined)}
    view = normalize.view(text)
    if view.clean is not text:
        seen = view.clean
        found |= {(view.span(offset, offset)[0], label) for offset, label in originals.hits(seen)}
        found |= {(view.span(start, start)[0], label) for start, end, label in _id_matches(seen)
                  if not _inside(*view.span(start, end), surrogates)}
    return [Hit(file, field, offset, label) for offset, label in sorted(found)]


def scan_essay(essay_id: str, originals: Originals, text: str | None,
               svala_fields: Mapping[str, str] | None, carried: Mapping[str, object],
               opaque_ids: bool = False, surrogates: Sequence[tuple[int, int]] = ()
               ) -> list[Hit]:
    """One essay's published parts: its id, text, SVALA fields ("source", "target", "labels")
    and the metadata the manifest carries for it. Shards run this on what they just wrote.
    Opaque ids (keyed hashes made by the release, hex digits that may look like an ID number)
    are not scanned: they hold nothing of the essay. `surrogates`: the (start, end) ranges of
    `text` the engine wrote (an SVALA side equal to the text shares them)."""
    text_file, svala_file = f"texts/{essay_id}.txt", f"svala/{essay_id}.json"
    hits = [] if opaque_ids else scan_text(essay_id, originals, text_file, "essay_id")
    text_hits = scan_text(text, originals, text_file, "text", sorted(surrogates)) \
        if text is not None else []
    hits += text_hits
    for field, value in (svala_fields or {}).items():
        if value == text:  # a published side is the text itself: the same hits
            hits += [Hit(svala_file, field, h.offset, h.label) for h in text_hits]
        else:  # the text with its tokens' white space: the surrogates stand where they did
            same = text is not None and value.rstrip() == text.rstrip()
            hits += scan_text(value, originals, svala_file, field,
                              sorted(surrogates) if same else ())
    for key, value in carried.items():
        if value is not None and not (opaque_ids and key == "learner_id"):
            value = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
            hits += scan_text(value, originals, "manifest.json", f"essays.{essay_id}.{key}")
    return hits


def scan_release(root: Path, originals: Mapping[str, Iterable[tuple[str, str]]],
                 opaque_ids: bool | None = None) -> list[Hit]:
    """Scan a staged or published release directory as files; `originals` maps essay id ->
    (label, original) rows. The same checks as the shards' `scan_essay`, read back from disk.
    Whether ids are opaque comes from the manifest; a staging area has none yet, so its caller
    says (`opaque_ids`), else ids are scanned as text: an opaque id is random hex, and one in a
    few hundred holds ten digits that pass as an ID number."""
    manifest_path = root / "manifest.json"
    manifest = json.loads(manifest_path.read_text(encoding="utf-8")) \
        if manifest_path.exists() else {}
    entries = manifest.get("inputs", {}).get("essays", {})
    ids = sorted({p.stem for p in (root / "texts").glob("*.txt")}
                 | {p.stem for p in (root / "svala").glob("*.json")} | set(entries))
    hits: list[Hit] = []
    for essay_id in ids:
        text_path = root / "texts" / f"{essay_id}.txt"
        svala_path = root / "svala" / f"{essay_id}.json"
        text = text_path.read_text(encoding="utf-8") if text_path.exists() else None
        fields = None
        if svala_path.exists():
            graph = json.loads(svala_path.read_text(encoding="utf-8"))
            fields = {"source": svala.side_text(graph, "source"),
                      "target": svala.side_text(graph, "target"),
                      "labels": " ".join(lab for e in graph["edges"].values()
                                         for lab in e["labels"])}
        entry = entries.get(essay_id, {})
        carried = {"learner_id": entry.get("learner"), **entry.get("metadata", {})}
        opaque = not manifest["config"].get("keep_ids", True) if "config" in manifest \
            else bool(opaque_ids)
        hits += scan_essay(essay_id, Originals(originals.get(essay_id, ())), text, fields,
                           carried, opaque)
    return hits
