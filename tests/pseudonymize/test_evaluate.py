"""Gold readers and metrics of pseudonymize.evaluate on tiny hand-made examples."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pseudonymize.evaluate import (SLOTS_PATH, Document, GoldFormatError, GoldSpan, Report,
                                   evaluate, format_report, leaked, load_slots, read_conll, read_gold,
                                   read_jsonl, read_multiged)
from pseudonymize.types import MARK, REPLACE, Annotation, Result

REPO = Path(__file__).resolve().parents[2]


class FakeEngine:
    """Returns fixed annotations per text: {text: [(start, end, label, action), ...]}."""

    def __init__(self, answers: dict[str, list[tuple[int, int, str, str]]]) -> None:
        self.answers = answers

    def pseudonymize(self, text: str, essay_id: str = "", *, strategy: str = "realistic",
                     seed: int = 0, memory: object = None) -> Result:
        out, anns, pos = [], [], 0
        for start, end, label, action in sorted(self.answers.get(text, [])):
            pseudo = "X" if action == REPLACE else text[start:end]
            out += [text[pos:start], pseudo]
            anns.append(Annotation(start, end, label, (), 1, action, text[start:end], pseudo,
                                   0, 0))
            pos = end
        out.append(text[pos:])
        return Result(essay_id, text, "".join(out), tuple(anns))


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


# --- readers ---------------------------------------------------------------------------------
def test_read_jsonl(tmp_path: Path) -> None:
    row = {"id": "e1", "text": "Jag heter Anna och bor i Lund.",
           "spans": [{"start": 10, "end": 14, "label": "firstname_female", "attrs": [], "ref": 1},
                     {"start": 25, "end": 29, "label": "city", "attrs": ["gen"], "ref": 1}]}
    path = write(tmp_path / "g.jsonl", json.dumps(row) + "\n\n")
    (doc,) = read_gold(path, "jsonl")
    assert doc.id == "e1"
    assert [(doc.text[s.start:s.end], s.label, s.attrs) for s in doc.spans] == [
        ("Anna", "firstname_female", ()), ("Lund", "city", ("gen",))]


def test_read_jsonl_rejects_span_outside_text(tmp_path: Path) -> None:
    row = {"id": "e1", "text": "Kort.", "spans": [{"start": 2, "end": 9, "label": "city"}]}
    path = write(tmp_path / "bad.jsonl", json.dumps(row) + "\n")
    with pytest.raises(GoldFormatError, match=r"bad\.jsonl:1: span 2-9 outside"):
        list(read_jsonl(path))


def test_read_jsonl_names_a_line_nested_past_the_parser(tmp_path: Path) -> None:
    """Before: RecursionError, `swepseudo eval`'s internal error (exit 70)."""
    path = write(tmp_path / "deep.jsonl", "[" * 100_000 + "\n")
    with pytest.raises(GoldFormatError, match=r"deep\.jsonl:1: RecursionError"):
        list(read_jsonl(path))


CONLL = ("Gunhild\tPER\nWestman PER\n,    0\nlektor\t0\ni 0\nUppsala ORG\nuniversitet  ORG\n"
         "Lund\tLOC\n.\t0\nbn\n\n"
         "Anna PER\nbor 0\ni 0\nMalmö LOC\n\n"
         "Det 0\nregnar 0\n\n")


def test_read_conll_runs_and_quirks(tmp_path: Path) -> None:
    path = write(tmp_path / "ner.txt", CONLL)
    first, second = read_conll(path, sentences_per_doc=2)
    # mixed separators, the stray one-field `bn` line skipped, sentences joined by a newline
    assert first.text == "Gunhild Westman , lektor i Uppsala universitet Lund .\nAnna bor i Malmö"
    assert [(first.text[s.start:s.end], s.label) for s in first.spans] == [
        ("Gunhild Westman", "PER"), ("Uppsala universitet", "ORG"), ("Lund", "LOC"),
        ("Anna", "PER"), ("Malmö", "LOC")]
    assert second.text == "Det regnar" and second.spans == ()
    assert first.id != second.id


INVENTORY = ("surface\tshape\tlabel\tcontext\tnote\n"
             "Anna\t\tignore\tElsa\tFrozen\n"
             "Anna\t\tfirstname_female\t\tname\n"
             "Sund\t\tcity\t\ttown\n"
             "\t0{2,5}\tzip_code\t\tpostal code\n"
             "Sverige\t\tkeep\t\tkept\n")


def test_read_multiged_slots(tmp_path: Path) -> None:
    inv = write(tmp_path / "slots.tsv", INVENTORY)
    data = write(tmp_path / "sv.tsv",
                 "Jag\tc\nbor\tc\ni\tc\nSunds\ti\nkommun\tc\n.\tc\n\n"
                 "Anna\tc\noch\tc\nElsa\tc\n\n"
                 "Hej\tc\nAnna\tc\n000\tc\n00\tc\nsund\tc\nSverige\tc\n\n")
    (doc,) = read_multiged(data, load_slots(inv), sentences_per_doc=5)
    assert doc.text == "Jag bor i Sunds kommun .\nAnna och Elsa\nHej Anna 000 00 sund Sverige"
    assert [(doc.text[s.start:s.end], s.label) for s in doc.spans] == [
        ("Sunds", "city"), ("Anna", "firstname_female"), ("000", "zip_code"), ("00", "zip_code")]
    assert [doc.text[a:b] for a, b in doc.neutral] == ["Anna"]  # the Frozen sentence
    assert len(doc.tokens) == 15


@pytest.mark.parametrize("row", ["Sund\t0+\tcity\t\tboth surface and shape",
                                 "\t\tcity\t\tneither", "Sund\t\t\t\tno label",
                                 "\t(\tzip_code\t\tbad regex"])
def test_load_slots_rejects_bad_rows(tmp_path: Path, row: str) -> None:
    path = write(tmp_path / "slots.tsv", "surface\tshape\tlabel\tcontext\tnote\n" + row + "\n")
    with pytest.raises(GoldFormatError, match=r"slots\.tsv:2"):
        load_slots(path)


def test_shipped_inventory_decisions() -> None:
    inv = load_slots(SLOTS_PATH)
    assert inv.classify("Sund", "Jag bor i Sund .") == "city"
    assert inv.classify("sund", "Maten är sund .") == "keep"
    assert inv.classify("Anna", "Anna älskade sin storasyster Elsa .") == "ignore"
    assert inv.classify("Annas", "Hej , Annas mamma !") == "firstname_female"
    assert inv.classify("000", "över 50 000 namnunderskrifter") == "keep"
    assert inv.classify("000", "Strandvägen 18 000 00") == "zip_code"
    assert inv.classify("18", "Strandvägen 18 000 00") == "street_nr"
    assert inv.classify("18", "Jag är 18 år .") == "keep"
    assert inv.classify("1-11-1111", "1-11-1111") == "date_digits"
    assert inv.classify("11.11.2013", "( svenska.yle.fi , 11.11.2013 )") == "keep"
    assert inv.classify("Sverige", "Jag bor i Sverige .") == "keep"


# --- metrics ---------------------------------------------------------------------------------
def test_conll_metrics_by_hand(tmp_path: Path) -> None:
    # gold: Gunhild Westman (PER), Anna (PER), Lund (LOC), Uppsala universitet (ORG)
    text = "Gunhild Westman och Anna i Lund , Uppsala universitet ."
    path = write(tmp_path / "ner.txt", "".join(
        f"{tok} {tag}\n" for tok, tag in zip(text.split(), "PER PER 0 PER 0 LOC 0 ORG ORG 0".split())))
    (doc,) = read_conll(path)
    assert doc.text == text
    engine = FakeEngine({text: [
        (0, 7, "firstname_female", REPLACE),   # on PER 1: found
        (20, 24, "city", REPLACE),             # on PER 2: detected, wrong class; a wrong LOC
        (27, 31, "city", REPLACE),             # on LOC: found
        (8, 15, "surname", REPLACE),           # on PER 1 again: a correct PER prediction
        (44, 53, "sensitive", MARK),           # mark-only label: out of the NER classes
    ]})
    report = evaluate(engine, [doc], "conll")
    per, loc, org = report.labels["PER"], report.labels["LOC"], report.labels["ORG"]
    assert (per.gold, per.found, per.detected, per.pred, per.correct) == (2, 1, 2, 2, 2)
    assert per.recall == 0.5 and per.recall_detected == 1.0 and per.precision == 1.0
    assert per.f(1) == pytest.approx(2 / 3) and per.f(2) == pytest.approx(5 / 9)
    assert (loc.gold, loc.found, loc.pred, loc.correct) == (1, 1, 2, 1)
    assert loc.f(2) == pytest.approx(5 * 0.5 / (4 * 0.5 + 1))  # 0.8333
    assert (org.gold, org.found, org.detected, org.pred) == (1, 0, 1, 0)
    assert org.precision is None and org.f(2) is None
    o = report.overall
    assert (o.gold, o.found, o.pred, o.correct) == (4, 2, 4, 3)
    assert o.f(2) == pytest.approx(5 * 0.75 * 0.5 / (4 * 0.75 + 0.5))  # 0.5357
    assert (report.flagged, report.flagged_on_gold) == (4, 4)
    # PER leaks: Anna was replaced, Gunhild/Westman were replaced; nothing survives
    assert report.leaks == []


def test_jsonl_metrics_and_leaks() -> None:
    text = "Anna bor i Lund. Anna är lärare. Ring 070-123 45 67."
    doc = Document("e1", text, (GoldSpan(0, 4, "firstname_female"), GoldSpan(11, 15, "city"),
                                GoldSpan(17, 21, "firstname_female"), GoldSpan(25, 31, "prof"),
                                GoldSpan(38, 51, "phone_nr")))
    engine = FakeEngine({text: [(0, 4, "firstname_female", REPLACE), (11, 15, "region", REPLACE),
                                (25, 31, "prof", MARK)]})
    report = evaluate(engine, [doc], "jsonl")
    fem = report.labels["firstname_female"]
    assert (fem.gold, fem.found, fem.pred, fem.correct) == (2, 1, 1, 1)
    assert report.labels["city"].found == 0 and report.labels["city"].detected == 1
    assert report.labels["region"].precision == 0.0
    assert report.labels["prof"].f(2) == 1.0
    # the second Anna and the phone number survive; prof is mark-only and never a leak
    assert sorted(report.leaks) == [("e1", "firstname_female"), ("e1", "phone_nr")]
    assert report.overall.recall == pytest.approx(2 / 5)
    # the labels the taxonomy replaces: prof (mark-only) left out; one essay, two leaks
    assert report.replace_recall == pytest.approx(1 / 4)
    assert report.leaks_per_20 == pytest.approx(40.0)


def test_leaks_count_only_what_the_writer_did_not_write_elsewhere() -> None:
    # Hans the name is replaced, "hans" the pronoun is the writer's; the initial "A" is
    # replaced, the placeholder "A-gatan" is not it.
    text = "Min man Hans kom. Det är hans bil. Magdalena A Kowalska, Storgatan 3."
    gold = (GoldSpan(8, 12, "firstname_male"), GoldSpan(45, 46, "initials"),
            GoldSpan(57, 66, "place"))
    doc = Document("e1", text, gold)
    target = "Min man Olof kom. Det är hans bil. Magdalena B Kowalska, A-gatan 3."
    assert leaked(doc, Result("e1", text, target, ()), "jsonl") == []
    # the name kept, or the initial kept as a word: leaks
    assert leaked(doc, Result("e1", text, text.replace("Storgatan", "A-gatan"), ()), "jsonl") \
        == ["firstname_male", "initials"]


def test_multiged_slot_recall_and_false_positives(tmp_path: Path) -> None:
    inv = load_slots(write(tmp_path / "slots.tsv", INVENTORY))
    data = write(tmp_path / "sv.tsv", "Hej\tc\nAnna\tc\n,\tc\njag\tc\nbor\tc\ni\tc\nSund\tc\n"
                                      "och\tc\nbor\tc\nbra\tc\n.\tc\n\n")
    (doc,) = read_multiged(data, inv)
    text = doc.text  # "Hej Anna , jag bor i Sund och bor bra ."
    engine = FakeEngine({text: [(4, 8, "firstname_female", REPLACE),   # Anna: slot found
                                (21, 25, "city", MARK),                # Sund: marked only
                                (0, 3, "firstname_male", REPLACE)]})  # Hej: false positive
    report = evaluate(engine, [doc], "multiged")
    assert report.overall.gold == 2 and report.overall.found == 1 and report.overall.detected == 2
    assert report.labels["city"].recall == 0.0 and report.labels["city"].recall_detected == 1.0
    # word tokens other than the two slots: Hej jag bor i och bor bra (punctuation excluded)
    assert (report.words, report.words_flagged) == (7, 1)
    assert report.false_positive_rate == pytest.approx(1 / 7)
    # Hej is capitalised: of the six lower-case words none is flagged
    assert (report.lower_words, report.lower_flagged, report.lower_flagged_rate) == (6, 0, 0.0)
    assert report.leaks == [(doc.id, "city")]  # Sund was only marked
    table = format_report(report)
    assert "| **overall** | 2 | 1 | 0.500 | 1.000 |" in table
    assert "1 of 7 (0.143)" in table and "leaks (gold originals surviving in the target): 1" in table


def test_empty_report_and_unknown_format() -> None:
    assert "| **overall** | 0 | 0 | - |" in format_report(Report("jsonl"))
    with pytest.raises(ValueError, match="unknown gold format"):
        evaluate(FakeEngine({}), [], "svala")


# --- the inventory must not feed detection ---------------------------------------------------
PLACE_LABELS = {"city", "area", "region", "place", "geo", "school", "work", "other_institution"}


def test_no_surrogate_place_names_in_detection_code_or_data() -> None:
    names = {r.surface for r in load_slots(SLOTS_PATH).rules
             if r.surface and r.label in PLACE_LABELS and "foreign" not in r.note}
    assert {"Sund", "Segerstad", "Linsbiblioteket"} <= names
    pattern = re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, sorted(names))) + r")(?!\w)")
    offenders = []
    for top in ("builders", "pseudonymize"):
        for path in sorted((REPO / top).rglob("*")):
            # Markdown is documentation (it may say which names are deliberately absent)
            if (not path.is_file() or "__pycache__" in path.parts or path.suffix == ".md"
                    or path == REPO / "pseudonymize" / "evaluate.py"):
                continue
            hit = pattern.search(path.read_bytes().decode("utf-8", errors="ignore"))
            if hit:
                offenders.append(f"{path.relative_to(REPO)}: {hit.group()}")
    assert offenders == [], "evaluation gold leaked into detection: " + "; ".join(offenders)


def test_evaluate_embeds_no_inventory() -> None:
    source = (REPO / "pseudonymize" / "evaluate.py").read_text(encoding="utf-8")
    assert "multiged_slots.tsv" in source
    assert not re.search(r"\b(?:Segerstad|Björkås|Linsbiblioteket|Forkecentralen)\b", source)


class RecordingEngine(FakeEngine):
    """Remembers which essay was pseudonymized with which Memory, in call order."""

    def __init__(self) -> None:
        super().__init__({})
        self.calls: list[tuple[str, object]] = []

    def pseudonymize(self, text: str, essay_id: str = "", *, strategy: str = "realistic",
                     seed: int = 0, memory: object = None) -> Result:
        self.calls.append((essay_id, memory))
        return super().pseudonymize(text, essay_id, strategy=strategy, seed=seed)


def test_a_learners_essays_are_scored_as_released_in_id_order_sharing_one_memory() -> None:
    docs = [Document("e2", "b", (), learner="L1"), Document("e9", "c", ()),
            Document("e1", "a", (), learner="L1"), Document("e3", "d", (), learner="L2")]
    engine = RecordingEngine()
    report = evaluate(engine, docs, "jsonl")
    assert report.docs == 4
    assert [essay for essay, _ in engine.calls] == ["e1", "e2", "e3", "e9"]
    memories = dict(engine.calls)
    assert memories["e1"] is memories["e2"] is not None       # one learner, one memory
    assert memories["e3"] is not None and memories["e3"] is not memories["e1"]
    assert memories["e9"] is None                              # no learner id: on its own


def test_without_learner_ids_documents_keep_their_order() -> None:
    docs = [Document("z", "b", ()), Document("a", "a", ())]
    engine = RecordingEngine()
    evaluate(engine, docs, "jsonl")
    assert engine.calls == [("z", None), ("a", None)]
