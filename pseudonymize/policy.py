"""A corpus's own judgement, read from a TOML file: what is kept, what is always replaced, and
per label the action, strategy and minimum score (see corpus/policy.example.toml).

    policy = load(Path("policy.toml"))        # PolicyError: one line naming file, line and key
    policy = policy.with_country_counts(count_country_learners(engine, batch))   # `rare`
    engine.pseudonymize(text, essay_id, policy=policy, metadata={"genre": "review"})

The policy's `digest` (sha256 of the file's bytes) enters a release's id, manifest and provenance.
"""
from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Iterable, Mapping
import dataclasses
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

import regex

from pseudonymize.labels import LABELS
from pseudonymize.types import MARK, REPLACE, STRATEGIES, Span

if TYPE_CHECKING:
    from pseudonymize.engine import Engine

KEEP = "keep"
ACTIONS = (REPLACE, MARK, KEEP)
COUNTRY_MODES = ("all", "none", "rare")
# what becomes of the learned tagger's spans (pseudonymize.learned, which reads these): kept
# here so that reading a policy loads neither the tagger nor the detectors it imports
LEARNED_MODES = ("replace", "review", "off")
# Endings a surface takes in running text: genitive, definite, definite genitive
# (Kvarnbacka, Kvarnbackas; Nackstaskolan; Biblioteket, Bibliotekets).
INFLECTIONS = ("s", "en", "et", "n", "t", "ens", "ets", "ns", "ts")


class PolicyError(ValueError):
    """An invalid policy file: the message names the file, the line and the key."""


Where = tuple[tuple[str, tuple[str, ...]], ...]  # metadata key -> accepted values


@dataclass(frozen=True)
class Rule:
    """A keep or replace entry: a surface, its label (replace only) and metadata conditions."""

    surface: str
    label: str = ""
    where: Where = ()

    def applies(self, metadata: Mapping[str, object]) -> bool:
        return all(str(metadata.get(k, "")) in values for k, values in self.where)


@dataclass(frozen=True)
class LabelRule:
    action: str = ""       # "" = the taxonomy's action
    strategy: str = ""     # "" = the run's strategy
    min_score: float = 0.0


@dataclass(frozen=True)
class Policy:
    """A validated policy. `kept_countries` is filled by `with_country_counts` for `rare`."""

    keep: tuple[Rule, ...] = ()
    replace: tuple[Rule, ...] = ()
    labels: Mapping[str, LabelRule] = field(default_factory=dict)
    countries: str = "all"
    min_learners: int = 1
    kept_countries: frozenset[str] = frozenset()
    path: str = ""
    digest: str = ""
    # the learned tagger's spans (pseudonymize.learned): replaced, shown for review, or off
    # ("": the engine's default, `Engine.learned_default`)
    learned: str = ""
    # the file's text: kept with a release's key (its lists may name people) so that verify and
    # withdraw re-run the release with the very policy it was made with
    source: str = field(default="", repr=False, compare=False)
    # word indexes of the keep/replace lists, built on first use (see `_matches`)
    _indexes: dict = field(default_factory=dict, compare=False, repr=False)

    def rule(self, label: str) -> LabelRule:
        return self.labels.get(label, NO_RULE)

    def action(self, label: str) -> str:
        return self.rule(label).action or LABELS[label].action

    def strategy(self, label: str, default: str) -> str:
        return self.rule(label).strategy or default

    def with_country_counts(self, learners: Mapping[str, int]) -> Policy:
        """Fix which countries stay for `rare`: those at least `min_learners` learners of the
        batch come from (or write about); a release computes the counts before pseudonymizing."""
        if self.countries != "rare":
            return self
        return replace(self, kept_countries=frozenset(
            iso for iso, n in learners.items() if n >= self.min_learners))

    def keeps_country(self, iso: str) -> bool:
        return self.countries == "none" or iso in self.kept_countries

    def apply(self, spans: list[Span], text: str, metadata: Mapping[str, object],
              country_of: Mapping[str, str]) -> list[Span]:
        """The detected spans after the policy: forced replacements added (they win over what
        overlaps them), kept surfaces, kept labels, low scores and kept countries removed.
        `country_of` maps a span key to the ISO code of the country it names."""
        forced = [Span(a, b, rule.label, _attrs(text[a:b], rule.surface), 1.0,
                       "policy-replace", _fold(rule.surface))
                  for rule, a, b in _matches(self.replace, text, metadata, self._indexes)]
        kept = [(a, b) for _, a, b in _matches(self.keep, text, metadata, self._indexes)]
        blocked = sorted(kept + [(s.start, s.end) for s in forced])
        out = list(forced)
        for span in spans:
            if _overlaps(span.start, span.end, blocked):
                continue
            rule = self.rule(span.label)
            if rule.action == KEEP or span.score < rule.min_score:
                continue
            if span.label == "country" and self.keeps_country(country_of.get(span.key, "")):
                continue
            out.append(span)
        return sorted(out, key=lambda s: s.start)


NO_RULE = LabelRule()
DEFAULT = Policy()


def _fold(text: str) -> str:
    return " ".join(text.lower().split())


def _attrs(found: str, surface: str) -> tuple[str, ...]:
    tail = found[len(surface):].lower() if len(found) > len(surface) else ""
    return (("def",) if tail[:2] in ("en", "et") or tail[:1] in ("n", "t") else ()) + (
        ("gen",) if tail.endswith("s") else ())


_WORD = regex.compile(r"\w+")


def _index(rules: tuple[Rule, ...]) -> dict[str, list[tuple[tuple[str, ...], Rule]]]:
    """Rules by the case-folded first word of their surface, longest surfaces first."""
    index: dict[str, list[tuple[tuple[str, ...], Rule]]] = {}
    for rule in sorted(rules, key=lambda r: -len(r.surface)):
        words = tuple(w.casefold() for w in _WORD.findall(rule.surface))
        if words:
            index.setdefault(words[0], []).append((words, rule))
    return index


def _inflected(word: str, lemma: str) -> bool:
    return word == lemma or (word.startswith(lemma) and word[len(lemma):] in INFLECTIONS)


def _matches(rules: tuple[Rule, ...], text: str, metadata: Mapping[str, object],
             cache: dict | None = None) -> Iterable[tuple[Rule, int, int]]:
    """(rule, start, end) of the rules that apply to this essay, case-insensitive, the last word
    inflected (Kvarnbackas, Stadsbiblioteket); one dictionary look-up per word of the essay, so
    time stays linear in the essay and in the lists. `cache` keeps the word index per set of
    rules that apply (one set for all essays when no rule has metadata conditions)."""
    left_out = tuple(i for i, r in enumerate(rules) if r.where and not r.applies(metadata))
    key = (id(rules), left_out)
    index = cache.get(key) if cache is not None else None
    if index is None:
        skip = set(left_out)
        index = _index(tuple(r for i, r in enumerate(rules) if i not in skip))
        if cache is not None:
            cache[key] = index
    if not index:
        return
    tokens = [(m.start(), m.end(), m.group().casefold()) for m in _WORD.finditer(text)]
    k = 0
    while k < len(tokens):
        low = tokens[k][2]
        candidates = list(index.get(low, ()))
        for e in INFLECTIONS:  # a one-word surface inflected
            if low.endswith(e) and low[:-len(e)] in index:
                candidates += index[low[:-len(e)]]
        found = None
        for words, rule in candidates:
            n = len(words)
            span = tokens[k:k + n]
            if len(span) == n and all(t[2] == w for t, w in zip(span[:-1], words[:-1])) \
                    and _inflected(span[-1][2], words[-1]) and all(
                        not text[a[1]:b[0]].strip() for a, b in zip(span, span[1:])):
                found = (rule, n)
                break
        if found:
            rule, n = found
            yield rule, tokens[k][0], tokens[k + n - 1][1]
            k += n
        else:
            k += 1


def _overlaps(start: int, end: int, ranges: list[tuple[int, int]]) -> bool:
    return any(s < end and start < e for s, e in ranges)


# --- reading ------------------------------------------------------------------------------------
TOP_KEYS = ("keep", "replace", "labels", "countries", "learned")
RULE_KEYS = ("surface", "label", "where")
LABEL_KEYS = ("action", "strategy", "min_score")
COUNTRY_KEYS = ("replace", "min_learners")


def load(path: Path) -> Policy:
    """Read and validate a policy file; raise PolicyError naming file, line and key."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise PolicyError(f"{path}: cannot read the policy ({exc.strerror or exc})") from None
    return parse(raw, str(path))


def parse(raw: bytes, name: str = "<policy>") -> Policy:
    """A policy from a TOML document's bytes (`name` only labels errors)."""
    import tomllib  # (here: every engine imports this module, few read a policy file)

    try:
        text = raw.decode("utf-8")
        data = tomllib.loads(text)
    except UnicodeDecodeError:
        raise PolicyError(f"{name}: not UTF-8 text") from None
    except RecursionError:  # tomllib parses arrays and inline tables recursively
        lines = text.splitlines() or [""]  # the line holding the most openings
        line = max(range(len(lines)), key=lambda n: lines[n].count("[") + lines[n].count("{")) + 1
        raise PolicyError(f"{name}:{line}: invalid TOML: nested too deeply") from None
    except tomllib.TOMLDecodeError as exc:
        # Python 3.11's tomllib gives the position only in its message: "(at line 3, column 7)"
        where = regex.search(r"\(at line (\d+), column \d+\)|\(at end of document\)", str(exc))
        line = (where.group(1) or len(text.splitlines())) if where else "?"
        reason = str(exc)[:where.start()].strip() if where else str(exc)
        raise PolicyError(f"{name}:{line}: invalid TOML: {reason}") from None
    return dataclasses.replace(_Reader(name, text).policy(data, hashlib.sha256(raw).hexdigest()),
                               source=text)


class _Reader:
    """Validation with errors that point at the offending line of the file."""

    def __init__(self, name: str, text: str) -> None:
        self.name, self.lines = name, text.splitlines()

    def fail(self, key: str, reason: str, needle: str = "") -> PolicyError:
        return PolicyError(f"{self.name}:{self.line(needle or key, key)}: {key}: {reason}")

    def line(self, needle: str, key: str) -> int | str:
        """The first line mentioning the key's last part (TOML keeps no positions), after the
        table it belongs to ([labels.city], the n-th [[replace]])."""
        last = needle.rsplit(".", 1)[-1].split("[")[0]
        start = 0
        item = regex.match(r"(\w+)\[(\d+)\]", key)
        if item:
            headers = [n for n, line in enumerate(self.lines)
                       if line.strip().startswith(f"[[{item.group(1)}]]")]
            start = headers[int(item.group(2))] if int(item.group(2)) < len(headers) else 0
        elif key.startswith(("labels.", "countries.")) and key.count(".") >= 1:
            table = ".".join(key.split(".")[:2 if key.startswith("labels.") else 1])
            start = next((n for n, line in enumerate(self.lines)
                          if line.strip().startswith(f"[{table}]")), 0)
        for n, line in enumerate(self.lines[start:], start + 1):
            code = line.split("#", 1)[0]
            if regex.search(rf"(?<![\w-]){regex.escape(last)}(?![\w-])", code):
                return n
        return "?"

    def table(self, value: object, key: str, allowed: tuple[str, ...]) -> dict:
        if not isinstance(value, dict):
            raise self.fail(key, f"expected a table, got {type(value).__name__}")
        for k in value:
            if k not in allowed:
                raise self.fail(f"{key}.{k}" if key else k,
                                f"unknown key; expected one of {', '.join(allowed)}", k)
        return value

    def string(self, value: object, key: str, choices: tuple[str, ...] = ()) -> str:
        if not isinstance(value, str) or not value.strip():
            raise self.fail(key, f"expected a non-empty string, got {value!r}")
        if choices and value not in choices:
            raise self.fail(key, f"{value!r} is not one of {', '.join(choices)}")
        return value.strip()

    def label(self, value: object, key: str) -> str:
        label = self.string(value, key)
        if label not in LABELS:
            raise self.fail(key, f"unknown label {label!r} (see TAXONOMY.md)", label)
        return label

    def where(self, value: object, key: str) -> Where:
        if not isinstance(value, dict):
            raise self.fail(key, "expected a table of metadata field = value(s)")
        out = []
        for k, v in sorted(value.items()):
            values = v if isinstance(v, list) else [v]
            if not values or not all(isinstance(x, (str, int)) for x in values):
                raise self.fail(f"{key}.{k}", "expected a string or a list of strings", k)
            out.append((k, tuple(str(x) for x in values)))
        return tuple(out)

    def rules(self, value: object, key: str, with_label: bool) -> tuple[Rule, ...]:
        if not isinstance(value, list):
            raise self.fail(key, f"expected a list, got {type(value).__name__}")
        out = []
        for n, item in enumerate(value):
            where = f"{key}[{n}]"
            if isinstance(item, str) and not with_label:
                out.append(Rule(self.string(item, where)))
                continue
            item = self.table(item, where, RULE_KEYS if with_label else ("surface", "where"))
            if "surface" not in item:
                raise self.fail(f"{where}.surface", "missing", key)
            if with_label and "label" not in item:
                raise self.fail(f"{where}.label", "missing", key)
            label = self.label(item["label"], f"{where}.label") if with_label else ""
            if with_label and LABELS[label].action != REPLACE:
                raise self.fail(f"{where}.label", f"{label!r} is a mark-only label", label)
            out.append(Rule(self.string(item["surface"], f"{where}.surface"), label,
                            self.where(item.get("where", {}), f"{where}.where")))
        return tuple(out)

    def policy(self, data: dict, digest: str) -> Policy:
        self.table(data, "", TOP_KEYS)
        labels: dict[str, LabelRule] = {}
        for label, spec in self.table(data.get("labels", {}), "labels", tuple(LABELS)).items():
            key = f"labels.{label}"
            spec = self.table(spec, key, LABEL_KEYS)
            score = spec.get("min_score", 0.0)
            if isinstance(score, bool) or not isinstance(score, (int, float)) or not 0 <= score <= 1:
                raise self.fail(f"{key}.min_score", f"expected a number 0..1, got {score!r}")
            action = self.string(spec["action"], f"{key}.action", ACTIONS) if "action" in spec else ""
            if action == REPLACE and LABELS[label].action == MARK:
                raise self.fail(f"{key}.action", f"{label!r} is mark-only: mark or keep", "action")
            labels[label] = LabelRule(
                action, self.string(spec["strategy"], f"{key}.strategy", STRATEGIES)
                if "strategy" in spec else "", float(score))
        countries = self.table(data.get("countries", {}), "countries", COUNTRY_KEYS)
        mode = self.string(countries.get("replace", "all"), "countries.replace", COUNTRY_MODES)
        n = countries.get("min_learners", 1)
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise self.fail("countries.min_learners", f"expected a whole number >= 1, got {n!r}")
        learned = self.string(data["learned"], "learned", LEARNED_MODES) if "learned" in data else ""
        return Policy(self.rules(data.get("keep", []), "keep", False),
                      self.rules(data.get("replace", []), "replace", True), labels, mode, n,
                      frozenset(), self.name, digest, learned=learned)


# --- countries of origin (`rare`) ---------------------------------------------------------------
def for_batch(policy: Policy, engine: Engine, essays: Iterable[tuple[str, str]]) -> Policy:
    """The policy with the countries `rare` keeps, judged on the whole batch of (learner id,
    text) pairs (the guidelines' judgement is on the corpus, not on one essay or shard)."""
    if policy.countries != "rare":
        return policy
    return policy.with_country_counts(count_country_learners(engine, essays))


def count_country_learners(engine: Engine, essays: Iterable[tuple[str, str]]) -> Counter[str]:
    """How many distinct learners name each country (ISO code), over (learner id, text) pairs;
    an essay without a learner id counts as its own learner. Run over the whole batch before
    pseudonymizing, so `rare` is judged on the corpus and not on one shard."""
    seen: dict[str, set[str]] = {}
    for learner, text in essays:
        for span in engine.detect(text):
            if span.label == "country":
                iso = engine.lex.get(span.key).country if span.key else ""
                if iso:
                    seen.setdefault(iso, set()).add(learner)
    return Counter({iso: len(learners) for iso, learners in seen.items()})
