"""The corpus policy: reading (one clear error naming file, line and key) and its effect on the
engine's output (keep, replace, per-label action/strategy/score, countries of origin)."""
from __future__ import annotations

import json

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pseudonymize.engine import Engine, Memory
from pseudonymize.policy import PolicyError, count_country_learners, load, parse

EXAMPLE = Path(__file__).resolve().parents[2] / "corpus" / "policy.example.toml"


def pol(text: str):
    return parse(text.encode(), "p.toml")


def test_the_documented_example_and_the_issue_shape_are_accepted() -> None:
    example = load(EXAMPLE)
    assert example.countries == "rare" and example.min_learners == 3
    assert example.action("prof") == "keep" and example.strategy("city", "realistic") == "placeholder"
    shape = pol('keep = ["Astrid Lindgren", "Greta Thunberg"]\n[[replace]]\nsurface = "Kvarnbacka"\n'
                'label = "city"\n[labels.prof]\naction = "keep"\n[labels.city]\n'
                'strategy = "placeholder"\n[countries]\nreplace = "rare"\nmin_learners = 3\n')
    assert [r.surface for r in shape.keep] == ["Astrid Lindgren", "Greta Thunberg"]
    assert shape.replace[0].label == "city" and len(shape.digest) == 64
    assert pol("").digest != shape.digest


@pytest.mark.parametrize("text, message", [
    ('keep = ["A"]\ncolour = 3\n', "p.toml:2: colour: unknown key"),
    ('[labels.cty]\naction = "keep"\n', "p.toml:1: labels.cty: unknown key"),
    ('[labels.city]\naction = "drop"\n', "p.toml:2: labels.city.action: 'drop' is not one of"),
    ('[labels.city]\nmin_score = "high"\n', "p.toml:2: labels.city.min_score: expected a number"),
    ('[labels.prof]\naction = "replace"\n', "p.toml:2: labels.prof.action: 'prof' is mark-only"),
    ('[[replace]]\nsurface = "X"\nlabel = "town"\n', "p.toml:3: replace[0].label: unknown label"),
    ('[[replace]]\nsurface = "X"\n', "p.toml:1: replace[0].label: missing"),
    ('[[replace]]\nsurface = "X"\nlabel = "city"\n[[replace]]\nsurface = "Y"\nlabel = "byn"\n',
     "p.toml:6: replace[1].label: unknown label"),
    ('[labels.area]\naction = "keep"\n[labels.city]\naction = "kep"\n',
     "p.toml:4: labels.city.action"),
    ('keep = "Astrid"\n', "p.toml:1: keep: expected a list"),
    ('[countries]\nreplace = "some"\n', "p.toml:2: countries.replace: 'some' is not one of"),
    ('[countries]\nmin_learners = 0\n', "p.toml:2: countries.min_learners: expected a whole"),
    ('keep = ["A"\n', "p.toml:1: invalid TOML"),
    ('a = 1 = 2\n', "p.toml:1: invalid TOML"),
    # nested past the parser (before: RecursionError, an internal error, exit 70)
    ('learned = "off"\nkeep = ' + "[" * 5000 + "]" * 5000 + "\n",
     "p.toml:2: invalid TOML: nested too deeply"),
    ("a = " + "{b = " * 3000 + "1" + "}" * 3000 + "\n", "p.toml:1: invalid TOML: nested too"),
])
def test_an_invalid_policy_is_one_error_naming_line_and_key(text: str, message: str) -> None:
    with pytest.raises(PolicyError) as err:
        pol(text)
    assert str(err.value).startswith(message), str(err.value)
    assert "\n" not in str(err.value)


def test_an_unreadable_policy_names_the_file(tmp_path: Path) -> None:
    with pytest.raises(PolicyError, match="missing.toml: cannot read"):
        load(tmp_path / "missing.toml")
    bad = tmp_path / "bad.toml"
    bad.write_bytes(b"\xff\xfe")
    with pytest.raises(PolicyError, match="bad.toml: not UTF-8"):
        load(bad)


def _out(engine: Engine, text: str, policy_text: str, **kw) -> tuple[str, dict]:
    result = engine.pseudonymize(text, "p1", policy=pol(policy_text), **kw)
    return result.target, {a.original: a for a in result.annotations}


# (essay, policy, surfaces that stay, surfaces replaced)
@pytest.mark.parametrize("text, policy, kept, replaced", [
    # keep: public figures, case-insensitive and inflected
    ("Jag läser Anna Lindqvist och Erik.", 'keep = ["Anna Lindqvist"]', ["Anna Lindqvist"], ["Erik"]),
    ("Jag gillar anna lindqvists böcker.", 'keep = ["Anna Lindqvist"]', ["anna lindqvists"], []),
    # keep only where the metadata match
    ("Jag läser Anna.", 'keep = [{surface = "Anna", where = {genre = "review"}}]', ["Anna"], []),
    # replace: a village the gazetteers lack, in any case and inflected
    ("Jag bor i Kvarnbacka. Kvarnbackas skola är liten. KVARNBACKA är fint.",
     '[[replace]]\nsurface = "Kvarnbacka"\nlabel = "city"', [],
     ["Kvarnbacka", "Kvarnbackas", "KVARNBACKA"]),
    # per label: keep, mark (original stays, flagged), minimum score
    ("Jag bor i Gävle med Erik.", '[labels.city]\naction = "keep"', ["Gävle"], ["Erik"]),
    ("Jag bor i Gävle med Erik.", '[labels.firstname_male]\nmin_score = 1.0', ["Erik"], ["Gävle"]),
    # countries: none keeps every country, all replaces them
    ("Jag kommer från Irak.", '[countries]\nreplace = "none"', ["Irak"], []),
    ("Jag kommer från Irak.", '[countries]\nreplace = "all"', [], ["Irak"]),
])
def test_policy_rules(engine: Engine, text: str, policy: str, kept: list[str],
                      replaced: list[str]) -> None:
    out, anns = _out(engine, text, policy, metadata={"genre": "review"})
    for surface in kept:
        assert surface in out, (surface, out)
    for surface in replaced:
        assert surface not in out and anns[surface].pseudonym != surface, (surface, out)


def test_keep_with_unmet_metadata_replaces(engine: Engine) -> None:
    out, _ = _out(engine, "Jag läser Anna.", 'keep = [{surface = "Anna", where = {genre = "review"}}]',
                  metadata={"genre": "letter"})
    assert "Anna" not in out


def test_mark_action_and_per_label_strategy(engine: Engine) -> None:
    out, anns = _out(engine, "Jag bor i Gävle med Erik.",
                     '[labels.city]\naction = "mark"\n[labels.firstname_male]\nstrategy = "tag"')
    assert "Gävle" in out and anns["Gävle"].action == "mark"
    assert "@firstname_male_1" in out
    out, _ = _out(engine, "Jag bor i Gävle.", '[labels.city]\nstrategy = "placeholder"')
    assert "A-stad" in out


def test_rare_countries_are_judged_on_the_batch(engine: Engine) -> None:
    batch = [("L1", "Jag kommer från Irak."), ("L2", "Jag kommer från Irak."),
             ("L2", "Min fru kommer från Irak."), ("L3", "Jag kommer från Syrien.")]
    counts = count_country_learners(engine, batch)
    assert counts == {"IQ": 2, "SY": 1}
    policy = pol('[countries]\nreplace = "rare"\nmin_learners = 2').with_country_counts(counts)
    assert policy.kept_countries == {"IQ"}
    text = "Jag kommer från Irak och Syrien."
    out = engine.pseudonymize(text, "r1", policy=policy).target
    assert "Irak" in out and "Syrien" not in out
    # without counts, rare keeps nothing (every country is rare)
    assert "Irak" not in engine.pseudonymize(text, "r1", policy=pol('[countries]\nreplace = "rare"')).target


def test_running_numbers_restart_per_essay_while_surrogates_persist(engine: Engine) -> None:
    memory = Memory(scope="L1")
    first = engine.pseudonymize("Jag heter Anna. Erik bor i Gävle.", "a", memory=memory)
    second = engine.pseudonymize("Erik och Sara bor i Gävle.", "b", memory=memory)
    refs = {(a.original, a.label): a.ref for a in second.annotations}
    assert refs[("Erik", "firstname_male")] == 1 and refs[("Sara", "firstname_female")] == 1
    assert refs[("Gävle", "city")] == 1
    before = {a.original: a.pseudonym for a in first.annotations}
    after = {a.original: a.pseudonym for a in second.annotations}
    assert after["Erik"] == before["Erik"] and after["Gävle"] == before["Gävle"]
    assert after["Sara"] != before["Anna"]  # a new entity never takes an earlier surrogate
    tags = engine.pseudonymize("Sara träffade Erik.", "c", memory=memory, strategy="tag").target
    assert tags == "@firstname_female_1 träffade @firstname_male_1."


def test_a_release_records_its_policy_by_hash(tmp_path: Path) -> None:
    import json

    from pseudonymize.corpus import release as rel
    from tests.pseudonymize.corpus_support import make_batch, make_snapshot

    snapshot, batch = make_snapshot(tmp_path / "home"), make_batch(tmp_path / "batch")
    plain = rel.release(batch, tmp_path / "out", snapshot, tmp_path / "keys", code_revision="t")
    policy = pol('keep = ["Kvarnbacka"]\n[countries]\nreplace = "rare"\nmin_learners = 2')
    with_policy = rel.release(batch, tmp_path / "out", snapshot, tmp_path / "keys",
                              code_revision="t", policy=policy)
    assert with_policy["release_id"] != plain["release_id"]
    root = Path(with_policy["path"])
    manifest = json.loads((root / "manifest.json").read_text())
    assert manifest["config"]["policy"] == {"sha256": policy.digest, "kept_countries": []}
    events = [json.loads(x) for x in (root / "provenance.jsonl").read_text().splitlines()]
    assert {"namespace": "swepseudo-policy", "name": "policy"}.items() <= next(
        i for i in events[1]["inputs"] if i["name"] == "policy").items()
    assert "Kvarnbacka" not in (root / "manifest.json").read_text()


def test_verify_and_withdraw_rerun_a_policy_release_with_its_policy(tmp_path: Path) -> None:
    """The policy is kept beside the key (its lists may name people), so verify and withdraw
    re-run the release with it; a file given instead must have the same sha256."""
    from pseudonymize.corpus import release as rel
    from pseudonymize.corpus.verify import verify
    from pseudonymize.corpus.withdraw import withdraw
    from tests.pseudonymize.corpus_support import make_batch, make_snapshot

    snapshot, batch = make_snapshot(tmp_path / "home"), make_batch(tmp_path / "batch")
    text = 'keep = ["Kvarnbacka"]\n[labels.city]\nstrategy = "tag"\n'
    (tmp_path / "policy.toml").write_text(text, encoding="utf-8")
    (tmp_path / "other.toml").write_text('keep = ["Lund"]\n', encoding="utf-8")
    keys = tmp_path / "keys"
    made = rel.release(batch, tmp_path / "out", snapshot, keys, code_revision="t",
                       policy=pol(text))
    assert b"Kvarnbacka" not in b"".join(p.read_bytes() for p in Path(made["path"]).rglob("*")
                                        if p.is_file())
    report = verify(Path(made["path"]), snapshot, code_revision="t", keys_dir=keys)
    assert report["ok"], report
    assert verify(Path(made["path"]), snapshot, code_revision="t", keys_dir=keys,
                  policy=tmp_path / "policy.toml")["ok"]
    wrong = verify(Path(made["path"]), snapshot, code_revision="t", keys_dir=keys,
                   policy=tmp_path / "other.toml")
    assert not wrong["ok"] and "not the policy of release" in wrong["input_problems"][0]
    # withdrawing a learner re-makes the release with the same policy
    gone = withdraw(Path(made["path"]), "L1", keys, snapshot, code_revision="t")
    new_manifest = json.loads((Path(gone["path"]) / "manifest.json").read_text())
    assert new_manifest["config"]["policy"]["sha256"] == pol(text).digest
    assert verify(Path(gone["path"]), snapshot, code_revision="t", keys_dir=keys)["ok"]


WORDS = ["Kvarnbacka", "kvarnbackas", "KVARNBACKA", "Lilla", "hagen", "Hagen", "och", "bor", "i",
         "Kvarnbackagatan", "Lillahagen", ",", ".", "Lilla  Hagens"]


@settings(max_examples=200, deadline=None)
@given(words=st.lists(st.sampled_from(WORDS), max_size=12))
def test_surfaces_are_found_whole_and_only_whole(words: list[str]) -> None:
    from pseudonymize.policy import _matches

    text = " ".join(words)
    rules = pol('[[replace]]\nsurface = "Kvarnbacka"\nlabel = "city"\n'
                '[[replace]]\nsurface = "Lilla Hagen"\nlabel = "area"').replace
    found = list(_matches(rules, text, {}))
    for rule, start, end in found:
        piece = " ".join(text[start:end].split()).casefold()
        surface = rule.surface.casefold()
        assert piece == surface or (piece.startswith(surface) and piece[len(surface):] in
                                    ("s", "en", "et", "n", "t", "ens", "ets", "ns", "ts"))
        assert (start == 0 or not text[start - 1].isalnum()) and (
            end == len(text) or not text[end].isalnum())
    # every whole-word mention is found (Kvarnbackagatan is another name)
    expected = sum(w.casefold() in ("kvarnbacka", "kvarnbackas") for w in words)
    assert sum(r.surface == "Kvarnbacka" for r, _, _ in found) == expected


def test_reading_a_policy_loads_neither_the_tagger_nor_the_detectors() -> None:
    """`swepseudo` checks a policy before any essay: parsing it must not pay for the engine."""
    import subprocess
    import sys

    code = ("import sys; from pseudonymize import policy; "
            "policy.parse(b'learned = \"review\"\\n'); "
            "print(sorted(m for m in ('pseudonymize.learned', 'pseudonymize.detectors') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).resolve().parents[2])
    assert out.stdout.strip() == "[]"
