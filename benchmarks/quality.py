"""Measure detection quality on every gold set and regenerate docs/quality.md.

    python benchmarks/quality.py [--home [NAME=]DIR ...] [--shared DIR] [--out docs/quality.md]
                                 [--strategy realistic] [--seed 0]

Loads the current snapshot of each store given with `--home` (default `$SWEPSEUDO_HOME` or the
current directory), then scores the synthetic gold (tests/data/gold/essays.jsonl, when present),
the SweLL-gold slots of MultiGED and the Swedish news NER corpus (both under `--shared`, default
`$SWEPSEUDO_SHARED` or ../shared). Writes a summary against the issue's targets with one column per
snapshot, then one table per data set for the first snapshot, to `--out`:

    python benchmarks/quality.py --home offline=/tmp/h1 --home "GeoNames mirror=/tmp/h2" \
        --home "mirror + names-scb=/tmp/h3"

The data sets are public, so leaking document ids are listed here; the CLI prints counts only.
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from builders.atomic import atomic_write_bytes  # noqa: E402
from builders.store import Store, code_revision  # noqa: E402
from pseudonymize.engine import Engine  # noqa: E402
from pseudonymize.doc import Doc  # noqa: E402
from pseudonymize.evaluate import (Report, as_released, evaluate, format_report,  # noqa: E402
                                   read_gold)
from pseudonymize.labels import LABELS  # noqa: E402
from pseudonymize.review.doubts import Doubts, named_by_learner  # noqa: E402
from pseudonymize.types import REPLACE  # noqa: E402

GOLD_DIR = REPO / "tests" / "data" / "gold"
# MultiGED's odd chunks: the learned tagger (pseudonymize.learned) learnt from the even ones, so
# these are the honest figures of what it flags on real learner text
ODD_CHUNKS = ("MultiGED odd chunks only (the learned tagger never trained on them): pseudonym "
              "slots")
# (title, format, path: in the repository if absolute, else under the shared directory)
DATA_SETS = (
    ("Synthetic gold essays (tests/data/gold/essays.jsonl)", "jsonl", GOLD_DIR / "essays.jsonl"),
    ("Held-out synthetic gold (tests/data/gold/heldout.jsonl), never used for tuning", "jsonl",
     GOLD_DIR / "heldout.jsonl"),
    ("Blind learner gold (tests/data/gold/blind.jsonl), written blind, never tuned on case by "
     "case", "jsonl", GOLD_DIR / "blind.jsonl"),
    ("Development learner gold (tests/data/gold/dev2.jsonl), messy essays tuned on openly "
     "(first measured at a7abdd3: replace-label recall 0.859, 19 leaks in 18 of 48 essays)",
     "jsonl", GOLD_DIR / "dev2.jsonl"),
    ("Development learner gold 3 (tests/data/gold/dev3.jsonl), messy essays tuned on openly "
     "(first measured at 835ee5c: replace-label recall 0.825, 40 leaks in 28 of 48 "
     "essays)", "jsonl", GOLD_DIR / "dev3.jsonl"),
    ("Development learner gold 4 (tests/data/gold/dev4.jsonl), messy essays tuned on openly "
     "(first measured at b076cdd: replace-label recall 0.835, 51 leaks in 32 of 48 "
     "essays)", "jsonl", GOLD_DIR / "dev4.jsonl"),
    ("Development learner gold 5 (tests/data/gold/dev5.jsonl), messy essays tuned on openly "
     "(first measured at ee41b75: replace-label recall 0.787, 87 leaks in 33 of 48 "
     "essays)", "jsonl", GOLD_DIR / "dev5.jsonl"),
    ("Development learner gold 6 (tests/data/gold/dev6.jsonl), messy essays tuned on openly "
     "(first measured at b435efe with the learner revisit: replace-label recall 0.855, 29 "
     "leaks in 24 of 48 essays)", "jsonl", GOLD_DIR / "dev6.jsonl"),
    ("Development learner gold 7 (tests/data/gold/dev7.jsonl), messy essays tuned on openly "
     "(first measured at 6c90e07 with the learner revisit: replace-label recall 0.880, 32 "
     "leaks in 24 of 48 essays)", "jsonl", GOLD_DIR / "dev7.jsonl"),
    ("Development learner gold 8 (tests/data/gold/dev8.jsonl), messy essays tuned on openly "
     "(first measured at a8953f4 with the learner revisit: replace-label recall 0.908, 20 "
     "leaks in 17 of 48 essays)", "jsonl", GOLD_DIR / "dev8.jsonl"),
    ("Development learner gold 9 (tests/data/gold/dev9.jsonl), written blind on 2026-11-29 and "
     "measured first as this session's generalisation check (first measured at b4982c9 with the "
     "learner revisit: replace-label recall 0.911, 17 leaks in 16 of 48 essays)", "jsonl",
     GOLD_DIR / "dev9.jsonl"),
    ("Development learner gold 10 (tests/data/gold/dev10.jsonl), written blind on 2026-11-29 "
     "(fourth session) and measured as that session's generalisation check (first measured at "
     "acdb85a: replace-label recall 0.922, 10 leaks in 8 of 48 essays)", "jsonl",
     GOLD_DIR / "dev10.jsonl"),
    ("Development learner gold 11 (tests/data/gold/dev11.jsonl), written blind in the fifth "
     "session of 2026-11-29 and measured as that session's generalisation check (first measured "
     "at 5d2f14a: replace-label recall 0.878, 17 leaks in 16 of 48 essays)", "jsonl",
     GOLD_DIR / "dev11.jsonl"),
    ("Development learner gold 12 (tests/data/gold/dev12.jsonl), written blind in the sixth "
     "session of 2026-11-29 and measured as that session's generalisation check (first measured "
     "at f2df446: replace-label recall 0.885, 32 leaks in 24 of 48 essays)", "jsonl",
     GOLD_DIR / "dev12.jsonl"),
    ("Development learner gold 13 (tests/data/gold/dev13.jsonl), written blind in the seventh "
     "session of 2026-11-29 and measured as that session's generalisation check (first measured "
     "at 84711b1: replace-label recall 0.873, 28 leaks in 21 of 48 essays)", "jsonl",
     GOLD_DIR / "dev13.jsonl"),
    ("Development learner gold 14 (tests/data/gold/dev14.jsonl), written blind in the seventh "
     "session of 2026-11-29 and measured as that session's second generalisation check (first "
     "measured at 84711b1: replace-label recall 0.844, 41 leaks in 27 of 48 essays)", "jsonl",
     GOLD_DIR / "dev14.jsonl"),
    ("Development learner gold 15 (tests/data/gold/dev15.jsonl), written blind in the eighth "
     "session of 2026-11-29 and measured as that session's generalisation check (first measured "
     "at 748867b: replace-label recall 0.860, 30 leaks in 22 of 48 essays), open to tuning from "
     "the ninth", "jsonl",
     GOLD_DIR / "dev15.jsonl"),
    ("Development learner gold 16 (tests/data/gold/dev16.jsonl), written blind in the ninth "
     "session of 2026-11-29 and measured as that session's generalisation check (first measured "
     "at 0565058: replace-label recall 0.883, 38 leaks in 29 of 48 essays), open to tuning from "
     "the tenth", "jsonl",
     GOLD_DIR / "dev16.jsonl"),
    ("Development learner gold 17 (tests/data/gold/dev17.jsonl), written blind in the tenth "
     "session of 2026-11-30 and measured as that session's generalisation check (first measured "
     "at 01dac86: replace-label recall 0.878, 41 leaks in 27 of 48 essays), open to tuning from "
     "the eleventh", "jsonl",
     GOLD_DIR / "dev17.jsonl"),
    ("Development learner gold 18 (tests/data/gold/dev18.jsonl), written blind in the eleventh "
     "session of 2026-11-30 and measured as that session's generalisation check (first measured "
     "at 3a7768b: replace-label recall 0.858, 38 leaks in 26 of 48 essays), open to tuning from "
     "the twelfth", "jsonl",
     GOLD_DIR / "dev18.jsonl"),
    ("Development learner gold 19 (tests/data/gold/dev19.jsonl), written blind in the twelfth "
     "session of 2026-11-30 and measured as that session's generalisation check (first measured "
     "at dd96448: replace-label recall 0.875, 27 leaks in 17 of 48 essays), open to tuning from "
     "the thirteenth", "jsonl",
     GOLD_DIR / "dev19.jsonl"),
    ("Development learner gold 20 (tests/data/gold/dev20.jsonl), written blind in the thirteenth "
     "session of 2026-11-30 and measured as that session's generalisation check (first measured "
     "at b07440c: replace-label recall 0.858, 36 leaks in 26 of 48 essays), open to tuning from "
     "the fourteenth", "jsonl",
     GOLD_DIR / "dev20.jsonl"),
    ("Development learner gold 21 (tests/data/gold/dev21.jsonl), written blind in the fourteenth "
     "session of 2026-11-30 and measured as that session's generalisation check (first measured "
     "at 49e61e4: replace-label recall 0.870, 33 leaks in 22 of 48 essays), open to tuning from "
     "the fifteenth", "jsonl",
     GOLD_DIR / "dev21.jsonl"),
    ("Development learner gold 22 (tests/data/gold/dev22.jsonl), written blind in the fifteenth "
     "session of 2026-11-30 and measured as that session's generalisation check (first measured "
     "at eb10c73: replace-label recall 0.836, 31 leaks in 25 of 48 essays), open to tuning from "
     "the sixteenth", "jsonl",
     GOLD_DIR / "dev22.jsonl"),
    ("Development learner gold 23 (tests/data/gold/dev23.jsonl), written blind in the sixteenth "
     "session of 2026-11-30 and measured as that session's generalisation check (first measured "
     "at bba9eef: replace-label recall 0.887, F2 0.838, 25 leaks in 20 of 48 essays), open to tuning from "
     "the seventeenth", "jsonl",
     GOLD_DIR / "dev23.jsonl"),
    ("Development learner gold 24 (tests/data/gold/dev24.jsonl), written blind in the seventeenth "
     "session of 2026-11-30 and measured as that session's generalisation check (first measured "
     "at 77b96cf: replace-label recall 0.875, F2 0.824, 14 leaks in 12 of 48 essays), open to tuning from "
     "the eighteenth", "jsonl",
     GOLD_DIR / "dev24.jsonl"),
    ("Development learner gold 25 (tests/data/gold/dev25.jsonl), written blind in the eighteenth "
     "session of 2026-11-30 and measured as that session's generalisation check (first measured "
     "at 88d0b0e: replace-label recall 0.866, F2 0.835, 17 leaks in 11 of 48 essays), open to tuning from "
     "the nineteenth", "jsonl",
     GOLD_DIR / "dev25.jsonl"),
    ("Development learner gold 26 (tests/data/gold/dev26.jsonl), written blind in the nineteenth "
     "session of 2026-12-01 and measured as that session's generalisation check (first measured "
     "at 6f57307: replace-label recall 0.894, F2 0.845, 13 leaks in 11 of 48 essays), open to tuning from "
     "the twentieth", "jsonl",
     GOLD_DIR / "dev26.jsonl"),
    ("Development learner gold 27 (tests/data/gold/dev27.jsonl), written blind in the twentieth "
     "session of 2026-12-01 and measured as that session's generalisation check (first measured "
     "at 4caa3e3a: replace-label recall 0.893, F2 0.858, 21 leaks in 20 of 48 essays), open to tuning from "
     "the twenty-first", "jsonl",
     GOLD_DIR / "dev27.jsonl"),
    ("Development learner gold 28 (tests/data/gold/dev28.jsonl), written blind in the twenty-first "
     "session of 2026-12-01 and measured as that session's generalisation check (first measured "
     "at adeb230c: replace-label recall 0.880, F2 0.841, 12 leaks in 12 of 48 essays), open to tuning from "
     "the twenty-second", "jsonl",
     GOLD_DIR / "dev28.jsonl"),
    ("Development learner gold 29 (tests/data/gold/dev29.jsonl), written blind in the twenty-second "
     "session of 2026-12-01 and measured as that session's generalisation check (first measured "
     "at 7ca224b9: replace-label recall 0.868, F2 0.811, 17 leaks in 14 of 48 essays), open to "
     "tuning from the twenty-fourth", "jsonl",
     GOLD_DIR / "dev29.jsonl"),
    ("Development learner gold 30 (tests/data/gold/dev30.jsonl), written blind in the twenty-fourth "
     "session of 2026-12-02 and measured as that session's generalisation check (first measured "
     "at f369dba3: replace-label recall 0.856, F2 0.811, 20 leaks in 15 of 48 essays), open to "
     "tuning from the twenty-fifth", "jsonl",
     GOLD_DIR / "dev30.jsonl"),
    ("Development learner gold 31 (tests/data/gold/dev31.jsonl), written blind in the twenty-fifth "
     "session of 2026-12-02 and measured as that session's generalisation check (first measured "
     "at f94429f5: replace-label recall 0.850, F2 0.796, 25 leaks in 20 of 48 essays), open to "
     "tuning from the twenty-sixth", "jsonl",
     GOLD_DIR / "dev31.jsonl"),
    ("Development learner gold 32 (tests/data/gold/dev32.jsonl), written blind in the twenty-sixth "
     "session of 2026-12-02 and measured as that session's generalisation check (first measured "
     "at 76c8724f: replace-label recall 0.871, F2 0.797, 19 leaks in 13 of 48 essays), open to "
     "tuning from the twenty-seventh", "jsonl",
     GOLD_DIR / "dev32.jsonl"),
    ("Development learner gold 33 (tests/data/gold/dev33.jsonl), written blind in the "
     "twenty-seventh session of 2026-12-02 and measured as that session's generalisation check "
     "(first measured at 3be224e6: replace-label recall 0.835, F2 0.767, 12 leaks in 10 of 48 "
     "essays)", "jsonl",
     GOLD_DIR / "dev33.jsonl"),
    ("Second blind learner gold (tests/data/gold/blind2.jsonl), written blind on 2026-11-24 by "
     "a session that never saw the engine; measured, never looked into", "jsonl",
     GOLD_DIR / "blind2.jsonl"),
    ("MultiGED SweLL-gold train: pseudonym slots", "multiged",
     Path("data", "multiged-sv", "sv_swell_train.tsv")),
    (ODD_CHUNKS, "multiged", Path("data", "multiged-sv", "sv_swell_train.tsv")),
    ("Swedish news NER (Webbnyheter 2012) train", "conll",
     Path("data", "swedish-ner", "train_corpus.txt")),
)
SHOWN_LEAKS = 20
# Issue 14 asks for the blind set's first figure, measured once before any tuning, beside the
# current one; it cannot be regenerated (the code has moved on), so it is kept here.
BLIND_FIRST = ("The blind learner set was measured once before any tuning (main@98adf5c, offline "
               "snapshot): replace-label recall 0.846, overall recall 0.848, F2 0.857, 60 leaks in "
               "38 of 64 essays (18.75 per 20 essays), each essay on its own. The figures below "
               "are today's, scored as a release pseudonymizes: a learner's essays in id order "
               "sharing one memory (since 2026-11-23; per essay the same code gave 0.925 and 16 "
               "leaks in 12 essays).")
# The second blind set was written after the first had been used to find classes of misses (its
# cases were read for that): it tells how far that work generalises. Its first figures:
BLIND2_FIRST = ("The second blind set was measured first on main@8163764 (offline snapshot): "
                "replace-label recall 0.880, overall recall 0.897, F2 0.902, 26 leaks in 19 of 40 "
                "essays (13.0 per 20 essays); the code at the start of that day (bd8e243) gave "
                "0.884 and 25 leaks in 19 essays on it. Only these aggregate figures and the "
                "per-label table are read; its essays and misses are not.")
# (measure, target text, data set (its title's start), value of a report, whether it meets the
# target; None: reported without a target)
TARGETS = (
    ("synthetic gold: overall F2", "≥ 0.95", "Synthetic", lambda r: r.overall.f(2),
     lambda v: v >= 0.95),
    ("synthetic gold: lowest label F2", "≥ 0.85", "Synthetic",
     lambda r: min(s.f(2) or 0.0 for s in r.labels.values()), lambda v: v >= 0.85),
    ("synthetic gold: leaks", "0", "Synthetic", lambda r: len(r.leaks), lambda v: v == 0),
    ("held-out synthetic gold: overall F2 (no target: measures generalisation)", "-", "Held-out",
     lambda r: r.overall.f(2), None),
    ("held-out synthetic gold: leaks", "-", "Held-out", lambda r: len(r.leaks), None),
    ("blind learner gold: replace-label recall (issue 14)", "≥ 0.97", "Blind",
     lambda r: r.replace_recall, lambda v: v >= 0.97),
    ("blind learner gold: leaks per 20 essays (issue 14)", "≤ 1", "Blind",
     lambda r: r.leaks_per_20, lambda v: v <= 1),
    ("blind learner gold: essays leaking something", "-", "Blind",
     lambda r: len({doc for doc, _ in r.leaks}), None),
    ("second blind learner gold: replace-label recall (issue 14's target)", "≥ 0.97", "Second",
     lambda r: r.replace_recall, lambda v: v >= 0.97),
    ("second blind learner gold: leaks per 20 essays (issue 14's target)", "≤ 1", "Second",
     lambda r: r.leaks_per_20, lambda v: v <= 1),
    ("MultiGED: slot recall (issue 14: ≥ 0.985)", "≥ 0.97", "MultiGED",
     lambda r: r.overall.recall, lambda v: v >= 0.97),
    ("MultiGED: other word tokens flagged", "≤ 1%", "MultiGED", lambda r: r.false_positive_rate,
     lambda v: v <= 0.01),
    ("MultiGED: lower-case word tokens flagged (issue 14)", "≤ 0.3%", "MultiGED",
     lambda r: r.lower_flagged_rate, lambda v: v <= 0.003),
    ("MultiGED odd chunks (never trained on): other word tokens flagged", "≤ 1%",
     "MultiGED odd", lambda r: r.false_positive_rate, lambda v: v <= 0.01),
    ("MultiGED odd chunks (never trained on): lower-case word tokens flagged", "≤ 0.3%",
     "MultiGED odd", lambda r: r.lower_flagged_rate, lambda v: v <= 0.003),
    ("news NER: PER recall", "≥ 0.95", "Swedish news", lambda r: r.labels["PER"].recall,
     lambda v: v >= 0.95),
    ("news NER: LOC recall (Sverige and continents not counted: never replaced)", "≥ 0.92",
     "Swedish news", lambda r: r.labels["LOC"].recall, lambda v: v >= 0.92),
    ("news NER: flagged name/place/institution spans on a gold entity (issue 14: ≥ 88%)",
     "≥ 85%", "Swedish news", lambda r: r.flagged_precision, lambda v: v >= 0.85),
)


def run(engine: Engine, shared: Path, strategy: str, seed: int
        ) -> list[tuple[str, Path, Report | str, float]]:
    """Evaluate every data set that is present; a crash is recorded as its one-line error."""
    out: list[tuple[str, Path, Report | str, float]] = []
    for title, fmt, where in DATA_SETS:
        path = where if where.is_absolute() else shared / where
        if not path.exists():
            print(f"skipped {title}: {path} not found", file=sys.stderr)
            continue
        t0 = time.perf_counter()
        try:
            docs = read_gold(path, fmt)
            if title == ODD_CHUNKS:
                docs = iter(list(docs)[1::2])
            report: Report | str = evaluate(engine, docs, fmt, strategy=strategy, seed=seed)
        except Exception as exc:  # noqa: BLE001 - an engine bug must not hide the other sets
            report = f"{type(exc).__name__}: {' '.join(str(exc).split())}"
            print(f"{title}: failed: {report}", file=sys.stderr)
        out.append((title, path, report, time.perf_counter() - t0))
    return out


def summary(columns: list[tuple[str, list[tuple[str, Path, Report | str, float]]]]) -> str:
    """The issue's targets against each snapshot's figures; bold where met."""
    lines = ["## Summary against the targets (issue 3)", "",
             "| measure | target | " + " | ".join(name for name, _ in columns) + " |",
             "|---|---|" + "---|" * len(columns)]
    for measure, target, data_set, value, met in TARGETS:
        cells = []
        for _, results in columns:
            report = next((r for title, _, r, _ in results
                           if isinstance(r, Report) and title.startswith(data_set)), None)
            v = value(report) if report is not None else None
            if v is None:
                cells.append("-")
                continue
            text = str(v) if isinstance(v, int) else f"{v:.2%}" if "%" in target else \
                f"{v:.2f}" if "per 20" in measure else f"{v:.3f}"
            cells.append(f"**{text}**" if met is not None and met(v) else text)
        lines.append(f"| {measure} | {target} | " + " | ".join(cells) + " |")
    lines += ["", "Bold: target met. The tables below are for the first column's snapshot; "
              "`tests/pseudonymize/test_quality.py` locks the offline figures so that a "
              "regression fails CI."]
    return "\n".join(lines)


def section(title: str, path: Path, report: Report | str, seconds: float) -> str:
    if isinstance(report, str):
        return f"## {title}\n\n`{path.name}`: **evaluation failed** — {report}"
    leaks = ", ".join(f"{doc} ({label})" for doc, label in report.leaks[:SHOWN_LEAKS])
    more = f" … and {len(report.leaks) - SHOWN_LEAKS} more" if len(report.leaks) > SHOWN_LEAKS else ""
    lines = [f"## {title}", "", f"`{path.name}`, format `{report.fmt}`, {seconds:.1f} s", ""]
    if title.startswith("Blind"):
        lines += [BLIND_FIRST, ""]
    elif title.startswith("Second blind"):
        lines += [BLIND2_FIRST, ""]
    lines.append(format_report(report))
    if leaks:
        lines.append(f"- leaking documents: {leaks}{more}")
    return "\n".join(lines)


JUDGE_RUNS = REPO / "benchmarks" / "judge_runs.jsonl"


def review_section(engine: Engine) -> str:
    """How much of what the engine misses the review page underlines for a look
    (`pseudonymize/review/doubts.py`), on every learner gold set, and how many words it
    underlines: aggregate counts only, so the measurement-only sets may be in it."""
    doubts = Doubts(engine.lex)
    lines = ["## Review: what the engine missed, underlined for a reviewer", "",
             "Per learner gold set, released as a release runs (a learner's essays sharing one "
             "memory): the gold spans of replaced labels no detected span overlaps, how many of "
             "them the review page underlines with dots for a look (a click adds one; "
             "`pseudonymize/review/doubts.py`), and how many words it underlines in all, per "
             "hundred words of text. A set's learners' other essays count as the review page "
             "counts them.", "",
             "| gold set | missed spans | underlined | share | underlined words | per 100 words |",
             "|---|---|---|---|---|---|"]
    for _, fmt, path in DATA_SETS:
        if fmt != "jsonl" or not path.exists():
            continue
        results = list(as_released(engine, read_gold(path, fmt)))
        named = named_by_learner((doc.learner or doc.id, doc.text, result.annotations)
                                 for doc, result in results)
        missed = shown = underlined = words = 0
        for doc, result in results:
            found = doubts(Doc.make(doc.text, engine.lex, engine.spellings), result.annotations,
                           named[doc.learner or doc.id])
            underlined, words = underlined + len(found), words + len(doc.text.split())
            for g in doc.spans:
                if LABELS[g.label].action != REPLACE or any(
                        a.start < g.end and g.start < a.end for a in result.annotations):
                    continue
                missed += 1
                shown += any(d["start"] < g.end and g.start < d["end"] for d in found)
        share = f"{shown / missed:.0%}" if missed else "–"
        lines.append(f"| {path.stem} | {missed} | {shown} | {share} | {underlined} | "
                     f"{100 * underlined / max(words, 1):.1f} |")
    return "\n".join(lines)


def judge_section() -> str:
    """Issue 15's believability test: each run of the blind judge, as recorded."""
    if not JUDGE_RUNS.exists():
        return ""
    runs = [json.loads(line) for line in JUDGE_RUNS.read_text(encoding="utf-8").splitlines()
            if line.strip()]
    lines = ["## Can a reader tell? Blind judge on original/pseudonymized pairs (issue 15)", "",
             "24 essays of a gold set no surrogate work was tuned on (the blind learner set; run "
             "30 also dev12, runs 33 to 36 dev13 and dev14, runs 38 and 39 dev15, runs 40 to "
             "42 dev16, runs 43 to 46 dev17, runs 47 to 49 dev18, runs 50 and 51 dev19, runs 52 and 53 dev20, runs 54 and 55 dev21, runs 56 and 57 dev22, runs 58 and 59 dev23, runs 60 and 61 dev24, runs 62 and 63 dev25, runs 64 and 65 dev26, runs 66 and 67 dev27, runs 68 and 69 dev28, runs 70 and 71 dev29, runs 72 and 73 dev30, runs 74 and 75 dev31, runs 76 and 77 dev32, runs from 78 on dev33, each "
             "written blind in its session), "
             "picked and ordered by `python "
             "benchmarks/pairs.py --gold tests/data/gold/GOLD.jsonl --n 24 --pick-seed 15 "
             "--strategy STRATEGY --out "
             "DIR` (engine seed 0); a helper session that sees only DIR says which text of each pair "
             "was altered, how sure it is and how natural each text reads (1-5); `pairs.py --score "
             "ANSWERS --key KEY` counts. Target: the judge right in at most 75 % of the pairs, "
             "naturalness of the altered texts at least 3.5. What the surrogate layer answers of "
             "the clues: [surrogates.md](surrogates.md).", "",
             "| run | code | gold | strategy | judge right | mean confidence | naturalness "
             "altered | naturalness original | the judge's clues |",
             "|---|---|---|---|---|---|---|---|---|"]
    for r in runs:
        lines.append(f"| {r['run']} | `{r['code']}` | {r.get('gold', 'blind')} | {r['strategy']} | "
                     f"{r['right']}/{r['pairs']} "
                     f"({r['right'] / r['pairs']:.0%}) | {r['confidence']:.0f} % | "
                     f"{r['naturalness_altered']:.2f} | {r['naturalness_original']:.2f} | "
                     f"{r['clues']} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--home", action="append", default=None, metavar="[NAME=]DIR",
                        help="data root holding curated/, repeatable (default $SWEPSEUDO_HOME or "
                             "cwd); NAME heads its column in the summary")
    parser.add_argument("--shared", type=Path,
                        default=Path(os.environ.get("SWEPSEUDO_SHARED", REPO.parent / "shared")))
    parser.add_argument("--out", type=Path, default=REPO / "docs" / "quality.md")
    parser.add_argument("--strategy", default="realistic")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    columns: list[tuple[str, list[tuple[str, Path, Report | str, float]]]] = []
    snapshots: list[str] = []
    first: Engine | None = None
    for item in args.home or [None]:
        name, _, home = item.rpartition("=") if item else ("", "", None)
        try:
            snapshot_path = Store(Path(home) if home else None).snapshot_path()
        except LookupError as exc:
            print(f"quality: {exc}", file=sys.stderr)
            return 2
        engine = Engine.load(snapshot_path)
        first = first or engine
        columns.append((name or f"snapshot {engine.snapshot_id}",
                        run(engine, args.shared, args.strategy, args.seed)))
        snapshots.append(f"`{engine.snapshot_id}` ({name or home or 'default home'})")
    results = columns[0][1]
    sections = [summary(columns)] + [section(*r) for r in results] + [
        review_section(first), judge_section()]
    command = "python benchmarks/quality.py" + "".join(
        f" {a!r}" if " " in a else f" {a}" for a in (argv or sys.argv[1:]))
    header = "\n".join([
        "# Detection quality", "",
        "Generated by `benchmarks/quality.py`; do not edit by hand.", "",
        f"- command: `{command}`",
        f"- snapshots: {', '.join(snapshots)}",
        f"- code revision: `{code_revision()}`",
        f"- date: {dt.datetime.now(dt.timezone.utc).isoformat(timespec='seconds')}",
        f"- strategy: `{args.strategy}`, seed {args.seed}", "",
        "Columns: *found* = gold spans overlapped by a prediction of a compatible label "
        "(news NER: PER → name labels, LOC → place labels, ORG → institution labels; MultiGED: "
        "a slot token covered by a replaced span); *detected* = overlapped by any prediction; "
        "*precision* = predictions of the label class that overlap a compatible gold span. "
        "F2 weighs recall four times as much as precision. MultiGED slots are one token each "
        "and come from the hand-made inventory `tests/data/multiged_slots.tsv` "
        "(see tests/data/README.md).", ""])
    text = header + "\n" + "\n\n".join(sections) + "\n"
    print(text)
    atomic_write_bytes(args.out, text.encode())
    print(f"wrote {args.out}", file=sys.stderr)
    return 1 if any(isinstance(r[2], str) for _, rs in columns for r in rs) else 0


if __name__ == "__main__":
    sys.exit(main())
