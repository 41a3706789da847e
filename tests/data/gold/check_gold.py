"""Build and validate the synthetic gold set.

    python tests/data/gold/check_gold.py --build   # essays.src -> essays.jsonl, then validate
    python tests/data/gold/check_gold.py           # validate essays.jsonl, print label counts
    python tests/data/gold/check_gold.py --src tests/data/gold/heldout.src \
        --out tests/data/gold/heldout.jsonl --build --min-common 1 --min-rare 1   # another set

`essays.src` is the human-editable source: a header line `@@ <essay id> <learner id>` opens an
essay, the lines up to the next header are its text, and each annotated mention is written
`[surface|label]`, `[surface|label|attr1,attr2]` or `[surface|label|attrs|key]`. Running numbers are
computed per essay and label from a normalised entity key (case-folded surface, genitive -s
dropped) so `Stokholm` only needs `||stockholm` to share Stockholm's number. Lines starting with
`#` outside essays are comments.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))  # the repo root, for builders.fetch

from builders.atomic import atomic_write_bytes  # noqa: E402

SRC = HERE / "essays.src"
JSONL = HERE / "essays.jsonl"

# The label table of TAXONOMY.md, split by how often a realistic essay set can contain them.
REPLACED_COMMON = (
    "firstname_male", "firstname_female", "firstname_unknown", "surname", "middlename", "initials",
    "city", "area", "country", "region", "place", "geo", "street_nr", "zip_code",
    "school", "work", "other_institution", "transport_name", "transport_nr",
    "age_digits", "age_string", "year", "date_digits", "day", "month_digit", "month_word",
    "phone_nr", "account_nr", "personid_nr", "license_nr", "email", "url",
)
REPLACED_RARE = ("other_nr_seq", "extra")
MARK_ONLY = ("prof", "edu", "fam", "sensitive")
LABELS = frozenset(REPLACED_COMMON + REPLACED_RARE + MARK_ONLY)
MIN_COMMON, MIN_RARE = 15, 5  # minimum spans per label; a small held-out set may ask for fewer

ATTRS = frozenset({"gen", "def", "pl", "foreign"})
FOREIGN_OK = frozenset({"city", "region", "place", "geo", "area"})
MORPH_OK = LABELS - frozenset(MARK_ONLY)  # mark-only spans are kept verbatim: no morphology
DEF_OK = frozenset({"school", "work", "other_institution"})
NEVER_LABELLED = frozenset({"sverige", "sweden"})

HEADER = re.compile(r"^@@ (\S+) (\S+)\s*$")
MARKUP = re.compile(r"\[([^\[\]|\n]+)\|([a-z_]+)(?:\|([a-z,]*))?(?:\|([^\[\]|\n]*))?\]")
ESSAY_ID = re.compile(r"^gold-\d{3,}$")  # dev4 numbers its essays from gold-1001
GEN_SUFFIX = re.compile(r"(?:'s|:s|s)$")


class GoldError(ValueError):
    """A malformed source or gold file; the message names the file, essay and reason."""


def entity_key(surface: str, attrs: list[str], key: str | None) -> str:
    """Coreference key: an explicit override, else the case-folded lemma of the surface."""
    if key:
        return key.casefold()
    folded = " ".join(surface.casefold().split())
    return GEN_SUFFIX.sub("", folded) if "gen" in attrs else folded


def parse_markup(source: str, essay_id: str, learner: str, body: str) -> dict:
    """One essay's markup -> {id, learner_id, text, spans} with offsets and running numbers."""
    text, spans, pos = [], [], 0
    length = 0
    refs: dict[tuple[str, str], int] = {}
    per_label: Counter[str] = Counter()
    for m in MARKUP.finditer(body):
        plain = body[pos:m.start()]
        text.append(plain)
        length += len(plain)
        surface, label, attr_text, key = m.group(1), m.group(2), m.group(3) or "", m.group(4)
        attrs = [a for a in attr_text.split(",") if a]
        ekey = (label, entity_key(surface, attrs, key))
        if ekey not in refs:
            per_label[label] += 1
            refs[ekey] = per_label[label]
        spans.append({"start": length, "end": length + len(surface), "label": label,
                      "attrs": attrs, "ref": refs[ekey]})
        text.append(surface)
        length += len(surface)
        pos = m.end()
    text.append(body[pos:])
    plain_text = "".join(text)
    stray = re.search(r"[\[\]]", plain_text)
    if stray:
        snippet = plain_text[max(0, stray.start() - 30):stray.start() + 30]
        raise GoldError(f"{source}: {essay_id}: unparsed markup near {snippet!r}")
    return {"id": essay_id, "learner_id": learner, "text": plain_text, "spans": spans}


def read_source(path: Path) -> list[dict]:
    """All essays of the source file, in file order."""
    essays, head, lines = [], None, []

    def flush() -> None:
        if head is not None:
            essays.append(parse_markup(path.name, head[0], head[1], "\n".join(lines).strip()))

    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        m = HEADER.match(line)
        if m:
            flush()
            head, lines = (m.group(1), m.group(2)), []
        elif head is None:
            if line.strip() and not line.startswith("#"):
                raise GoldError(f"{path.name}:{number}: text before the first '@@' header")
        else:
            lines.append(line)
    flush()
    return essays


def validate_essay(essay: dict) -> list[str]:
    """Problems in one gold essay (empty when it is well-formed)."""
    eid, text, problems = essay.get("id", "?"), essay.get("text", ""), []
    if not ESSAY_ID.match(str(eid)):
        problems.append(f"{eid}: id does not look like gold-NNN")
    if not essay.get("learner_id"):
        problems.append(f"{eid}: learner_id is empty")
    words = len(text.split())
    if not 40 <= words <= 200:
        problems.append(f"{eid}: {words} words, outside 40-200")
    last_end, seen = 0, {}
    expected_next: Counter[str] = Counter()
    for span in essay.get("spans", []):
        start, end, label, attrs, ref = (span["start"], span["end"], span["label"],
                                         span["attrs"], span["ref"])
        where = f"{eid} [{start}:{end}] {text[start:end][:40]!r}"
        if not (0 <= start < end <= len(text)):
            problems.append(f"{where}: offsets outside the text")
            continue
        if start < last_end:
            problems.append(f"{where}: overlaps or precedes the previous span")
        last_end = end
        surface = text[start:end]
        if surface != surface.strip():
            problems.append(f"{where}: span has surrounding whitespace")
        if label not in LABELS:
            problems.append(f"{where}: label {label!r} is not in the taxonomy")
        bad = set(attrs) - ATTRS
        if bad:
            problems.append(f"{where}: unknown attrs {sorted(bad)}")
        if "foreign" in attrs and label not in FOREIGN_OK:
            problems.append(f"{where}: 'foreign' only applies to {sorted(FOREIGN_OK)}")
        if label == "area" and "foreign" not in attrs:
            problems.append(f"{where}: area is a part of a foreign city and needs 'foreign'")
        if set(attrs) & {"gen", "def", "pl"} and label not in MORPH_OK:
            problems.append(f"{where}: mark-only labels carry no morphology attrs")
        if "def" in attrs and label not in DEF_OK:
            problems.append(f"{where}: 'def' is used on institution names only")
        if surface.casefold() in NEVER_LABELLED:
            problems.append(f"{where}: Sverige/Sweden is never labelled")
        # Running numbers: new entities are numbered 1, 2, ... in order of first mention,
        # and an identical surface with identical attrs never gets two numbers.
        if ref > expected_next[label]:
            if ref != expected_next[label] + 1:
                problems.append(f"{where}: ref {ref} skips a number for {label}")
            expected_next[label] = ref
        sig = (label, surface.casefold(), tuple(attrs))
        if seen.setdefault(sig, ref) != ref:
            problems.append(f"{where}: same surface as ref {seen[sig]} but ref {ref}")
    return problems


def load_jsonl(path: Path) -> list[dict]:
    essays = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        try:
            essays.append(json.loads(line))
        except json.JSONDecodeError as exc:
            raise GoldError(f"{path.name}:{number}: not JSON ({exc.msg})") from exc
    return essays


def validate(essays: list[dict], min_common: int = MIN_COMMON,
             min_rare: int = MIN_RARE) -> tuple[list[str], Counter[str]]:
    """All problems of the set, and the span count per label."""
    problems: list[str] = []
    ids = Counter(e.get("id") for e in essays)
    problems += [f"{eid}: duplicate id" for eid, n in ids.items() if n > 1]
    counts: Counter[str] = Counter()
    for essay in essays:
        problems += validate_essay(essay)
        counts.update(s["label"] for s in essay.get("spans", []))
    minimum = {**{lab: min_common for lab in REPLACED_COMMON + MARK_ONLY},
               **{lab: min_rare for lab in REPLACED_RARE}}
    problems += [f"label {lab}: {counts[lab]} spans, want at least {n}"
                 for lab, n in minimum.items() if counts[lab] < n]
    return problems, counts


def report(essays: list[dict], counts: Counter[str]) -> None:
    empty = sum(1 for e in essays if not e["spans"])
    learners = Counter(e["learner_id"] for e in essays)
    words = sum(len(e["text"].split()) for e in essays)
    attrs = Counter(a for e in essays for s in e["spans"] for a in s["attrs"])
    print(f"{len(essays)} essays, {words} words, {sum(counts.values())} spans, "
          f"{empty} essays without spans, {len(learners)} learners")
    for label in REPLACED_COMMON + REPLACED_RARE + MARK_ONLY:
        print(f"  {label:18} {counts[label]:4}")
    print("  attrs: " + ", ".join(f"{a}={n}" for a, n in sorted(attrs.items())))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", action="store_true", help="rebuild --out from --src")
    parser.add_argument("--src", type=Path, default=SRC, help=f"markup source (default {SRC.name})")
    parser.add_argument("--out", type=Path, default=JSONL, help=f"gold JSONL (default {JSONL.name})")
    parser.add_argument("--min-common", type=int, default=MIN_COMMON, metavar="N",
                        help=f"spans wanted per common label (default {MIN_COMMON})")
    parser.add_argument("--min-rare", type=int, default=MIN_RARE, metavar="N",
                        help=f"spans wanted per rare label (default {MIN_RARE})")
    args = parser.parse_args(argv)
    try:
        if args.build:
            essays = read_source(args.src)
            payload = "".join(json.dumps(e, ensure_ascii=False, separators=(",", ":")) + "\n"
                              for e in essays)
            atomic_write_bytes(args.out, payload.encode("utf-8"))
            args.out.chmod(0o644)  # a committed data file; the temp file was created 0600
        essays = load_jsonl(args.out)
    except (GoldError, OSError) as exc:
        print(f"check_gold: {exc}", file=sys.stderr)
        return 2
    problems, counts = validate(essays, args.min_common, args.min_rare)
    report(essays, counts)
    for problem in problems:
        print(f"PROBLEM {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
