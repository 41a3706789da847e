"""Quality locks: the engine on the offline snapshot must keep these scores on the gold sets.

Two sets of numbers: TARGETS are the issue's goals (reported in docs/quality.md, not all met
yet); the LOCKS below are the levels reached on the offline snapshot, asserted so that a change
that lowers quality fails CI. Raise a lock whenever a change improves its figure. Data under
../shared is read in place and the tests skip without it.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from builders.registry import SOURCES
from pseudonymize.engine import Engine
from pseudonymize.evaluate import Report, evaluate, format_report, read_gold
from tests.conftest import shared_path

GOLD = Path(__file__).resolve().parents[1] / "data" / "gold" / "essays.jsonl"

TARGETS = {"gold_f2": 0.95, "gold_label_f2": 0.85, "gold_leaks": 0, "multiged_slot_recall": 0.97,
           "multiged_flagged": 0.01, "ner_per_recall": 0.95, "ner_loc_recall": 0.92,
           "ner_flagged_on_gold": 0.85}

GOLD_F2_MIN = 0.96            # synthetic gold, all labels together
GOLD_LEAKS_MAX = 0           # gold originals surviving in the output (target 0)
HELDOUT_F2_MIN = 0.95         # held-out synthetic gold (written after tuning; first measured 0.881)
HELDOUT_LEAKS_MAX = 0
# blind learner set (issue 14; first measured before tuning: replace-label recall 0.846,
# 60 leaks in 64 essays; targets 0.97 and 1 leak per 20 essays, i.e. at most 3: both met)
BLIND_REPLACE_RECALL_MIN = 0.97
BLIND_LEAKS_MAX = 1
# second blind set (written 2026-11-24 after the first had been used to find classes of misses;
# only its figures are read): first measured 0.880 and 26 leaks in 40 essays, 0.892 and 23 at the
# end of that day's work on two development sets, 0.914 and 11 after the next day's on four,
# 0.928 and 10 after the third's (geography and names as data, six development sets), 0.947
# and 6 in 5 essays after the fourth's (dev7 written blind, persons, places, a second round),
# 0.949 and 5 after a round on places (kind nouns before listed phrases, lists of places, more
# districts and spellings), 0.951 after one on labels (towns of their own abroad, hospitals of
# an old genitive, the writer's nickname, kind nouns over listed towns), 0.958 after the sixth
# day's (labels of places and institutions, genders from kin nouns, 24 more name origins, X
# centrum, districts abroad), 0.966 after the fifth session's round on persons, numbers,
# addresses and dates (h-recall10); 0.970 and 2 leaks (1 a 20 essays, issue 14's bar) with the
# learned tagger (fifteenth session); a regression guard
BLIND2_REPLACE_RECALL_MIN = 0.965
BLIND2_LEAKS_MAX = 2
# the development sets tuned on openly (first measured: dev2 0.859, dev3 0.825, dev4 0.835,
# dev5 0.787, dev6 0.855, dev7 0.880, dev8 0.908); dev9, written blind on 2026-11-29 and only
# measured that day (first 0.911 and 17 leaks, 0.919 and 17 at the day's end; tuned on openly
# in the fourth session: names, kin words, own-language regions, islands, exonyms, associations);
# dev10, written blind in the fourth session and only measured there (first 0.922 and 10 leaks
# in 8 essays, 0.924 and 9 after the merges of dev9's work; tuned on openly in the fifth
# session, 0.936 and 7 after h-recall10's persons, numbers, addresses and dates, 0.945 and 8
# on h-recall11's places: parts of towns walked to and traded on as places, foreign lake, river,
# mountain and bridge words, transport operators, sports-club codes, provinces without their
# administrative type; h-recall12's name labels, gender and name parts, after them);
# dev11, written blind in the fifth session and only measured there (first 0.878 and 17 leaks
# in 16 essays); tuned on openly in the sixth session (0.935 and 3 leaks at its end): 0.897
# and 3 leaks (dev10 0.969 and 2) after h-recall14's leaks (foreign kin words, lower-case names beside names and family names,
# places within places, Arabic articles, numbered districts, institutions' own words), then
# h-recall15's place labels (regions by their kind, airports flown from, appositions of a kind)
# and h-recall16's person-name labels (no name over a line break, the writer's sex from the
# spouse they own, a woman's second given name, a lone patronymic, Burmese and Karen honorifics,
# doubled names); dev12, written blind in the sixth session and only measured there (first
# 0.885 and 32 leaks in 24 essays), then open to tuning in the seventh: 0.925 and 26 leaks after
# h-recall19's institutions, geography and numbers (dev11 0.956 and 3, dev10 0.972 and 1) and
# h-recall18's person names outside naming triggers (kin words of more learners' languages, name
# homographs and family-name words after kin and social words, Islam the family name, Slavic
# and Baltic surname endings), then 0.948 and 11 leaks with the lead's; dev13,
# written blind in the seventh session and only measured there (first 0.873 and 28 leaks in 21
# essays; 0.884 and 20 at the session's end), and dev14, its second (first 0.844 and 41 leaks in 27
# essays; 0.858 and 30 at the end), both open to tuning in the eighth; dev15, written blind in
# the eighth session and only measured there (first 0.860 and 30 leaks in 22 essays; 0.873 and 28
# at the end), open to tuning in the ninth: 0.906 and 15 leaks after h-recall23's places,
# institutions and numbers (letter headings, lower-case place lists, appositions of a kind, works
# by a town's genitive, a town's alias; dev13 0.936 and 13), 0.904 and 26 alone after
# h-recall22's person names (kin words, the writer's sex, evidence of a name's sex kept across a
# learner's essays, middle names, temples; dev12 0.952 and 10), 0.937 and 12 together; dev16,
# written blind in the ninth session and only measured there (first 0.883 and 38 leaks in 29
# essays; 0.891 and 33 after the merges, 0.889 and 34 at its end, once the Kyrgyz kin word "eje",
# also the Swedish given name Eje, was read as kin only after a possessive, as "aka" and "da" are,
# so that "heter Eje" is a name), open to tuning in the tenth: 0.939 and 17 after h-recall25's
# person names (kin words of more languages read after a possessive, later parts of a full
# name in lower case, names that are everyday words after kin words; dev15 0.944 and 9, dev13
# 0.941 and 10), 0.954 and 7 with h-recall26's places, institutions and ages (ages said with
# "när" and "första gången", lower-case schools and congregations, foreign school words,
# hyphenated villages, districts abroad in lower case, mountain words of other languages; dev14
# 0.937 and 13, dev15 0.946 and 8); dev17, written blind in the tenth session and only measured
# there (first 0.878 and 41 leaks in 27 essays; 0.882 and 38 at its end), open to tuning in the
# eleventh (0.903 and 23 after h-recall30's places, institutions and numbers: bare town nouns,
# place-dialect compounds, small towns abroad, lower-case multiword geography, fronted years;
# dev12 0.956 and 8, dev14 0.938 and 12; 0.910 and 23 with h-recall29's person names alone:
# family names first, word surnames in a naming frame, nicknames, homograph given names, and
# with its workplace roles before a name dev16 0.957 and 6; both: 0.932 and 8); dev18, written
# blind in the eleventh session and only measured there (first 0.858 and 38 leaks in 26
# essays; 0.876 and 35 after the session's merges), open to tuning in the twelfth (0.896 and 21
# after h-recall33's names a learner's essays establish, signatures' initials and ages; 0.885
# and 29 with h-recall34's places alone: names after place kind nouns, route stops,
# town-institution compounds, "till" after a verb of going, comma-fronted years; both: 0.907
# and 15; 0.909 and 14 after h-recall35's remembered name opening a subordinate clause,
# "där Massa föddes"); dev19,
# written blind in the twelfth session and only measured there (first 0.875 and 27 leaks in 17
# essays; 0.877 and 27 at its end), open to tuning in the thirteenth (0.893 and 19 after
# h-recall36's ages after "blir"/"som", lower-case middle names, word surnames in a naming
# frame and names apposed to kin words; 0.887 and 19 with h-recall37's places alone: districts
# after a town abroad, geography in apposition or holding a superlative, zona/colonia 18, a
# route's start, misspelt countries in a list, beaches and mountains after bathing and climbing
# verbs; both: 0.903 and 11; 0.907 and 10 with h-recall38's postal localities and h-recall39's
# lower-case workplaces); dev20, written blind in the thirteenth session and only measured there
# (first 0.858 and 36 leaks in 26 essays; 0.864 and 34 after the session's merges), open to tuning
# in the fourteenth (0.877 and 30 after h-recall41's places: misspelt countries, geography by a
# head word after the name, railway lines; 0.891 and 24 with h-recall42's nicknames after a
# full name, kin words of learners' languages, forest and energy employers; 0.893 and 22 with
# h-recall43's places by the essay's own countries; dev18 0.931 and 7 with them and h-recall44's
# Swedish short forms of given names); dev21, written blind in the fourteenth session and only
# measured there (first 0.870 and 33 leaks in 22 essays; 0.872 and 33 after its merges), open to
# tuning in the fifteenth (0.917 and 18 with h-recall45's persons and h-recall46's places; dev20
# 0.917 and 19 with them); dev22, written blind in the fifteenth session and only measured there
# (first 0.836 and 31 leaks in 25 essays); then the learned tagger (h-learned3; trained on
# essays, dev2 … dev21 and half of MultiGED, so dev2 … dev21's figures are partly its training
# data: dev20 0.928 and 9 leaks, dev21 0.928 and 9; dev22, never trained on, 0.845 and 26; 0.844
# and 27 with the tagger retrained on the session's final snapshot, which the repository rebuilds),
# open to tuning in the sixteenth (0.854 and 16 with the tagger retrained on it, so now its
# training data too); dev23, written blind in the sixteenth session and only measured there
# (first 0.887 and 25 leaks in 20 essays at bba9eef; 0.887 and 24 with the tagger retrained on
# dev22); h-recall48's persons (kin words of peoples no list held, nicknames, lower-case name
# lists and genitives, elided surname particles): dev22 0.873 and 13, dev23 0.887 and 23; with
# h-recall49's places, ages and dates beside them, dev22 0.881 and 8; dev23 open to tuning in the
# seventeenth (0.906 and 12 with the tagger retrained on it, so now its training data too; that
# retrain lost one lower-case town of dev17, 0.950 to 0.949, which the rules alone never found);
# dev24, written blind in the seventeenth session and only measured there (first 0.875 and 14
# leaks in 12 essays at 77b96cf), open to tuning in the eighteenth (0.884 and 12 with the tagger
# retrained on it, so now its training data too); dev25, written blind in the eighteenth session
# and only measured there (first 0.866 and 17 leaks in 11 essays at 88d0b0e), open to tuning in
# the nineteenth (0.875 and 12 with the tagger retrained on it, so now its training data too; that
# retrain lost dev20's lower-case ski resort after "jobbar ... på", 5 leaks to 6, which the rules
# alone never found until h-leaks60's compound of a place's form and an everyday word); dev26, written blind in the nineteenth session and only measured there
# (first 0.894 and 13 leaks in 11 essays at 6f57307; 0.901 and 13 at its end), open to tuning in
# the twentieth (0.908 and 9 with the tagger retrained on it, so now its training data too; that
# retrain took blind2 from 1 leak to 2, within its lock, with MultiGED's slot recall unchanged);
# h-recall64's places, institutions and numbers (lower-case employers, kommun as employer,
# licence codes, districts lived in after their big town, geography kinds): dev22 0.931 and 4
# -> 0.937 and 2, dev23 0.949 -> 0.952, dev25 0.899 -> 0.901, dev26 0.908 and 9 -> 0.925 and 6;
# dev27, written blind in the twentieth session and only measured there (first 0.893 and 21
# leaks in 20 essays at 4caa3e3a; 0.896 and 21 at its end), open to tuning in the twenty-first
# (0.906 and 15 with the tagger retrained on it, so now its training data too; that retrain took
# blind2 from 2 leaks to 1, with MultiGED's slot recall unchanged); h-recall67's person names
# (lower-case names in a list after unlisted names, said or called nicknames, homographs after a
# kin word of the learner's language, listed names' genitives before kin words, hyphenated
# initials, kin words whose sex varies by language): dev23 6 leaks -> 5, dev25 0.903 and 4 ->
# 0.904 and 3, dev26 0.931 -> 0.934, dev27 0.906 and 15 -> 0.917 and 9; h-recall68's places and
# geography (lower-case compounds of geography heads on a name's stem, metals' mountains, a
# verb's inverted subject before its place preposition, villages after a church, forest or
# concert and "i", districts after a town abroad, ruins by their kind): dev24 0.925 and 7 ->
# 0.929 and 5, dev26 0.931 and 5 -> 0.932 and 1, dev27 0.906 and 15 -> 0.911 and 13; h-tagger70's
# tagger (its neighbours' word-list classes, compounds after a slot word; folds dev24-dev27 each
# unseen by its model: leaks 45 -> 34), retrained on the merged snapshot: dev14, dev19, dev20 one
# leak fewer each, dev23 4, dev24 3, dev27 0.924 and 5 (blind2 from 1 leak to 2, within its lock);
# dev28,
# written blind in the twenty-first session and only measured there (first 0.880 and 12 leaks in
# 12 essays at adeb230c; 0.881 and 12 at its end), open to tuning in the twenty-second (0.885 and
# 9 with the tagger retrained on it, so now its training data too; that retrain took dev27 from 5
# leaks to 6, a year after a month whose person is one of the writer's people ("I maj 2014 en vän
# sa"), which the earlier model tagged and the rules then did not; they do now, back to 5);
# spellings with letters folding removes judged by their own frequency, not their folded twin's
# ("bè" is no "be", "monte albán" no "alban"): dev18 2 leaks -> 1, dev21 4 -> 3:
# dev29, written blind in the twenty-second session and only measured there and in the
# twenty-third (first 0.868 and 17 leaks in 14 essays at 7ca224b9; the same at the twenty-third's
# end), open to tuning in the twenty-fourth (0.883 and 8 leaks in 8 with the tagger retrained on
# it, so now its training data too; every other set, blind, blind2 and heldout unchanged);
# dev30, written blind in the twenty-fourth session and only measured there (first 0.856 and 20
# leaks in 15 essays at f369dba3; 0.859 and 18 in 14 at its end); the twenty-fourth session's
# round (h-precision81's peoples, feasts, greetings and saints; h-places79's place kinds;
# h-leaks80's unreplaced spans; h-persons78's person labels; the lead's kin words spelt like
# Swedish ones): open sets 49 leaks -> 36, 1,018 false positives -> 950, dev28 0.901 -> 0.934,
# dev29 0.883 and 8 -> 0.910 and 3, heldout 0.986 -> 0.989; open to tuning in the twenty-fifth
# (0.870 and 8 leaks in 8 with the tagger retrained on it, so now its training data too);
# dev31, written blind in the twenty-fifth session and only measured there (first 0.850 and 25
# leaks in 20 essays at f94429f5; the same at its end); the twenty-fifth session's round
# (h-places84's lists and regions, h-leaks85's lower-case initials and recurring surnames,
# h-persons83's lone unlisted names and kin words, h-precision86's ages and counts, the lead's
# glued full stop): open sets 44 leaks -> 41, 674 false positives -> 661, dev30 0.870 and 8 ->
# 0.888 and 6, dev29 0.910 -> 0.917:
# open to tuning in the twenty-sixth (0.863 and 16 leaks with the tagger retrained on it);
# dev32, written blind in the twenty-sixth session and only measured there (first 0.871 and 19
# leaks in 13 essays at 76c8724f; 0.873 and 19 at its end); the twenty-sixth session's round
# (h-persons88's unlisted kin words and names carried across essays, h-places89's routes,
# feature heads and countries in the learners' languages, h-leaks90's handles, ages, lists and
# signatures, h-precision91's sentence-initial derived words): open sets 57 leaks -> 45, 690
# false positives -> 684, dev31 0.863 and 16 -> 0.871 and 9, dev30 0.886 and 6 -> 0.899 and 2:
# open to tuning in the twenty-seventh (0.878 and 16 leaks with the tagger retrained on it);
# dev33, written blind in the twenty-seventh session and only measured there (first 0.835 and 12
# leaks in 10 essays at 3be224e6);
# the tagger retrained on dev32 in the twenty-seventh session dropped two lower-case lakes and
# capes in their definite form after "till" that the earlier model tagged (dev20 3 leaks -> 4,
# dev31 9 -> 10); the rules are to read them (h-places94):
# (replace-label recall, leaks) they keep
DEV_LEVELS = {"dev2": (0.985, 2), "dev3": (0.975, 2), "dev4": (0.98, 2), "dev5": (0.975, 2),
              "dev6": (0.98, 1), "dev7": (0.98, 2), "dev8": (0.98, 0), "dev9": (0.985, 1),
              "dev10": (0.985, 0), "dev11": (0.97, 0), "dev12": (0.965, 3),
              "dev13": (0.965, 1), "dev14": (0.955, 2), "dev15": (0.95, 1),
              "dev16": (0.97, 1), "dev17": (0.955, 0), "dev18": (0.955, 1),
              "dev19": (0.95, 1), "dev20": (0.95, 4),
              "dev21": (0.955, 1), "dev22": (0.94, 2), "dev23": (0.96, 1), "dev24": (0.94, 1),
              "dev25": (0.91, 0), "dev26": (0.94, 0),
              "dev27": (0.925, 1),
              "dev28": (0.93, 1),
              "dev29": (0.915, 2),
              "dev30": (0.895, 2),
              "dev31": (0.865, 10),
              "dev32": (0.87, 16),
              "dev33": (0.83, 12)}
MULTIGED_SLOT_RECALL_MIN = 0.985
MULTIGED_FLAGGED_MAX = 0.005  # share of other word tokens flagged for replacement (target 0.01)
MULTIGED_LOWER_FLAGGED_MAX = 0.003  # lower-case word tokens flagged (issue 14's target)
NER_PER_RECALL_MIN = 0.95
NER_LOC_RECALL_MIN = 0.92
NER_FLAGGED_ON_GOLD_MIN = 0.89  # flagged name/place/institution spans overlapping a gold entity
# synthetic gold, per label (target 0.85 each)
GOLD_LABEL_F2_FLOOR = {
    "account_nr": 1.00, "age_digits": 1.00, "age_string": 0.98, "area": 0.88, "city": 0.98,
    "country": 1.00, "date_digits": 1.00, "day": 0.96, "edu": 0.89, "email": 1.00, "extra": 1.00,
    "fam": 0.96, "firstname_female": 0.95, "firstname_male": 0.96, "firstname_unknown": 1.00,
    "geo": 0.95, "initials": 0.98, "license_nr": 1.00, "middlename": 0.94, "month_digit": 1.00,
    "month_word": 0.92, "other_institution": 0.90, "other_nr_seq": 0.98, "personid_nr": 1.00,
    "phone_nr": 1.00, "place": 0.88, "prof": 0.97, "region": 0.94, "school": 0.95,
    "sensitive": 0.98, "street_nr": 1.00, "surname": 0.92, "transport_name": 0.87,
    "transport_nr": 1.00, "url": 1.00, "work": 0.85, "year": 1.00, "zip_code": 1.00,
}


pytestmark = pytest.mark.slow


@pytest.fixture(scope="session")
def engine(offline_snapshot: Path) -> Engine:
    """The engine on the offline snapshot, built once per session from installed packages."""
    if "packaged" not in SOURCES:
        pytest.skip("the packaged source is not registered yet")
    return Engine.load(offline_snapshot)


def _report(engine: Engine, path: Path, fmt: str) -> Report:
    report = evaluate(engine, read_gold(path, fmt), fmt)
    print(format_report(report))  # shown with -rA or on failure
    return report


@pytest.fixture(scope="module")
def gold(engine: Engine) -> Report:
    if not GOLD.exists():
        pytest.skip(f"{GOLD} not written yet")
    return _report(engine, GOLD, "jsonl")


@pytest.fixture(scope="module")
def multiged(engine: Engine) -> Report:
    return _report(engine, shared_path("data", "multiged-sv", "sv_swell_train.tsv"), "multiged")


@pytest.fixture(scope="module")
def news(engine: Engine) -> Report:
    return _report(engine, shared_path("data", "swedish-ner", "train_corpus.txt"), "conll")


def test_gold_overall_f2(gold: Report) -> None:
    assert gold.overall.f(2) >= GOLD_F2_MIN


def test_gold_every_label_f2(gold: Report) -> None:
    low = {s.label: round(s.f(2) or 0.0, 3) for s in gold.labels.values()
           if (s.f(2) or 0.0) < GOLD_LABEL_F2_FLOOR.get(s.label, TARGETS["gold_label_f2"])}
    assert low == {}


def test_gold_no_leaks(gold: Report) -> None:
    assert len(gold.leaks) <= GOLD_LEAKS_MAX, gold.leaks


def test_heldout_gold(engine: Engine) -> None:
    """The held-out essays (never tuned on) keep the level measured when they were added."""
    path = GOLD.with_name("heldout.jsonl")
    if not path.exists():
        pytest.skip(f"{path} not written yet")
    report = _report(engine, path, "jsonl")
    assert report.overall.f(2) >= HELDOUT_F2_MIN
    assert len(report.leaks) <= HELDOUT_LEAKS_MAX, report.leaks


@pytest.mark.parametrize(("name", "recall_min", "leaks_max"), [
    ("blind.jsonl", BLIND_REPLACE_RECALL_MIN, BLIND_LEAKS_MAX),
    ("blind2.jsonl", BLIND2_REPLACE_RECALL_MIN, BLIND2_LEAKS_MAX),
])
def test_blind_gold(engine: Engine, name: str, recall_min: float, leaks_max: int) -> None:
    """The blind learner sets (never tuned on case by case) keep their level."""
    path = GOLD.with_name(name)
    if not path.exists():
        pytest.skip(f"{path} not written yet")
    report = _report(engine, path, "jsonl")
    assert report.replace_recall >= recall_min
    assert len(report.leaks) <= leaks_max, report.leaks


@pytest.mark.parametrize("name", sorted(DEV_LEVELS))
def test_development_gold(engine: Engine, name: str) -> None:
    """The development learner sets keep the level their open tuning reached."""
    path = GOLD.with_name(f"{name}.jsonl")
    if not path.exists():
        pytest.skip(f"{path} not written yet")
    recall_min, leaks_max = DEV_LEVELS[name]
    report = _report(engine, path, "jsonl")
    assert report.replace_recall >= recall_min
    assert len(report.leaks) <= leaks_max, report.leaks


def test_multiged_slot_recall(multiged: Report) -> None:
    missed = {s.label: s.gold - s.found for s in multiged.labels.values() if s.found < s.gold}
    assert multiged.overall.recall >= MULTIGED_SLOT_RECALL_MIN, missed


def test_multiged_few_other_words_flagged(multiged: Report) -> None:
    assert multiged.false_positive_rate <= MULTIGED_FLAGGED_MAX
    assert multiged.lower_flagged_rate <= MULTIGED_LOWER_FLAGGED_MAX


def test_news_person_recall(news: Report) -> None:
    assert news.labels["PER"].recall >= NER_PER_RECALL_MIN


def test_news_place_recall(news: Report) -> None:
    assert news.labels["LOC"].recall >= NER_LOC_RECALL_MIN


def test_news_flagged_entities_are_entities(news: Report) -> None:
    assert news.flagged_precision is not None
    assert news.flagged_precision >= NER_FLAGGED_ON_GOLD_MIN
