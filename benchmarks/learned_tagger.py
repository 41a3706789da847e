"""Train the learned tagger (pseudonymize.learned) and measure it on an unseen set (issue 14).

    SWEPSEUDO_SHARED=../shared .venv/bin/python benchmarks/learned_tagger.py HOME --train-only \
        --model pseudonymize/data/tagger.crfsuite        # the packaged model (tagger.json beside)
    SWEPSEUDO_SHARED=../shared .venv/bin/python benchmarks/learned_tagger.py HOME --test dev21

Training reads `essays`, dev2 ... the set before `--test` (default: dev33, so dev2 ... dev32)
and MultiGED's even chunks; never blind, blind2, heldout nor the test set. The same inputs
(snapshot, gold sets, code) give the same model file byte for byte. Without `--train-only` the
model is written to a temporary directory and the engine is measured with its tagger off and
on ("replace"): the test set (misses.py's line), MultiGED's odd chunks (never trained on) and
the news NER set. A measurement-only test set prints aggregate figures only. Figures:
docs/learned.md.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from builders.store import Store  # noqa: E402
from pseudonymize import learned  # noqa: E402
from pseudonymize import thresholds as T  # noqa: E402
from pseudonymize.detectors.gazetteer_match import Matcher  # noqa: E402
from pseudonymize.engine import Engine  # noqa: E402
from pseudonymize.evaluate import Document, Report, evaluate, read_gold  # noqa: E402
from pseudonymize.labels import LABELS  # noqa: E402
from pseudonymize.policy import Policy  # noqa: E402
from pseudonymize.types import REPLACE, Result  # noqa: E402

GOLD = Path(__file__).resolve().parents[1] / "tests" / "data" / "gold"
TEST = "dev33"  # the set training stops before (the packaged model: trained to dev32)
MULTIGED = Path("data", "multiged-sv", "sv_swell_train.tsv")
NEWS = Path("data", "swedish-ner", "train_corpus.txt")
ATTRIBUTION = ("MultiGED-2023 (Språkbanken Text; SweLL-gold, Volodina et al. 2019), CC BY 4.0: "
               "its even chunks; the synthetic gold sets are this project's own")


def training_sets(test: str) -> tuple[str, ...]:
    """The sets a model measured on `test` (devN) learns from: essays and dev2 ... dev(N-1)."""
    return ("essays", *(f"dev{n}" for n in range(2, int(test.removeprefix("dev")))))


def multiged_halves(path: Path) -> tuple[list[Document], list[Document]]:
    """MultiGED's chunks split in two by their order (even, odd): the real learner text's base
    rate of names, taught from one half, measured on the other."""
    docs = list(read_gold(path, "multiged"))
    return docs[0::2], docs[1::2]


def training_docs(names: tuple[str, ...], more: list[Document]
                  ) -> Iterator[tuple[str, list[tuple[int, int, str]]]]:
    """(text, gold spans) of the named sets, then of `more`, in order."""
    for name in names:
        for doc in read_gold(GOLD / f"{name}.jsonl", "jsonl"):
            yield doc.text, [(g.start, g.end, g.label) for g in doc.spans]
    for doc in more:
        yield doc.text, [(g.start, g.end, g.label) for g in doc.spans]


def train(engine: Engine, model: Path, test: str, even: list[Document], argv: list[str]) -> dict:
    """Train on the sets before `test` and MultiGED's even chunks; write model and JSON."""
    names = training_sets(test)
    about = {"trained_on": [*names, "MultiGED even chunks (sv_swell_train.tsv)"],
             "snapshot": engine.snapshot_id, "attribution": ATTRIBUTION,
             "command": "SWEPSEUDO_SHARED=../shared .venv/bin/python "
                        "benchmarks/learned_tagger.py HOME " + " ".join(argv)}
    return learned.train(training_docs(names, even), engine.spellings, engine.lex.name_origins,
                         model, about)


class Switched:
    """The engine as a Pseudonymizer with the policy's `learned` switch set."""

    def __init__(self, engine: Engine, mode: str) -> None:
        self.engine, self.policy = engine, Policy(learned=mode)

    def pseudonymize(self, text: str, essay_id: str = "", **kw: object) -> Result:
        return self.engine.pseudonymize(text, essay_id, policy=self.policy, **kw)  # type: ignore[arg-type]


def line(title: str, fmt: str, rep: Report) -> str:
    """misses.py's line (with the share of replaced gold spans any span overlaps), MultiGED's
    flagged words or news's flagged-on-gold."""
    if fmt == "multiged":
        return f"{title}: lower flagged {rep.lower_flagged_rate:.4%}, other flagged " \
               f"{rep.false_positive_rate:.4%}, slot recall {rep.overall.recall:.4f}"
    if fmt == "conll":
        return f"{title}: flagged on gold {rep.flagged_precision:.4f}"
    scores = [s for label, s in rep.labels.items() if LABELS[label].action == REPLACE]
    detected = sum(s.detected for s in scores) / sum(s.gold for s in scores)
    return f"{title}: replace recall {rep.replace_recall:.3f} (detected {detected:.3f}), leaks " \
           f"{len(rep.leaks)} in {len({d for d, _ in rep.leaks})} of {rep.docs} essays"


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("home", type=Path)
    ap.add_argument("--model", type=Path, default=None, help="where to write the model")
    ap.add_argument("--test", default=TEST, help="devN: trained on the sets before it")
    ap.add_argument("--train-only", action="store_true", help="train, print size and digest")
    ap.add_argument("--configs", default="",
                    help="settings of thresholds.py to measure in turn, ';' between settings, "
                         "',' between a setting's NAME=VALUE pairs (default: as they are)")
    ap.add_argument("--no-off", action="store_true", help="skip the engine alone's lines")
    ap.add_argument("--reuse", action="store_true",
                    help="measure the model at --model as it is (trained before) instead of training")
    args = ap.parse_args(argv)
    shared = Path(os.environ.get("SWEPSEUDO_SHARED", GOLD.parents[3] / "shared"))
    engine = Engine.load(Store(args.home).snapshot_path())
    even, odd = multiged_halves(shared / MULTIGED)
    model = args.model or Path(tempfile.mkdtemp()) / "tagger.crfsuite"
    t0 = time.perf_counter()
    kept = [a for a in argv if not a.startswith(str(args.home))]
    meta = learned.read_meta(model) if args.reuse else train(engine, model, args.test, even, kept)
    print(f"trained on {', '.join(meta['trained_on'])} in {time.perf_counter() - t0:.0f} s; "
          f"model {meta['bytes']} bytes, sha256 {meta['sha256']}", flush=True)
    if args.train_only:
        return 0
    matcher = next(d for d in engine.detectors if isinstance(d, Matcher))
    engine.__dict__["tagger"] = learned.Tagger(engine.spellings, matcher, model)
    sets = [(args.test, "jsonl", list(read_gold(GOLD / f"{args.test}.jsonl", "jsonl"))),
            ("MultiGED odd chunks", "multiged", odd),
            ("news", "conll", list(read_gold(shared / NEWS, "conll")))]
    configs = [dict(pair.split("=") for pair in c.split(",") if pair)
               for c in args.configs.split(";")] if args.configs else [{}]
    defaults = {name: getattr(T, name) for c in configs for name in c}
    for title, fmt, docs in sets:
        if not args.no_off:
            print(line(f"{title} learned=off", fmt, evaluate(Switched(engine, "off"), docs, fmt)),
                  flush=True)
        for config in configs:
            for name, value in {**defaults, **config}.items():
                setattr(T, name, type(defaults[name])(float(value)))
            rep = evaluate(Switched(engine, "replace"), docs, fmt)
            said = ",".join(f"{k}={v}" for k, v in config.items())
            print(line(f"{title} learned=replace {said}", fmt, rep), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
