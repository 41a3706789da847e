"""Lifelike surrogates, round 49 (lifelike53, issue 15): judge runs 60 and 61 on dev24. The
essay kept its people's language while its home country moved (a Dhivehi speaker in Pakistan,
Setswana in Lesotho, kriolu in Angola): the cue table is now every language CLDR knows
(pseudonymize/data/language_countries.toml, `builders.cldr_languages`), the hand rows
overrides; a kept country whose listed towns are taken drew Swedish towns; feasts, dishes and
greetings no list holds were given names' surrogates; a people's names were another people's.
Invented sentences, not the gold sets'."""

from __future__ import annotations

from pathlib import Path

import pytest

from pseudonymize.engine import Engine
from pseudonymize.evaluate import Document, as_released
from pseudonymize.lexicon import fold
from pseudonymize.surrogates.places import local_towns
from pseudonymize.surrogates.words import words
from tests.pseudonymize.test_lifelike_round37 import _runs  # (seeds 0-3)
from tests.pseudonymize.test_lifelike_round40 import _pick as _of


@pytest.fixture(scope="module")
def engine(offline_snapshot: Path) -> Engine:
    return Engine.load(offline_snapshot)


def _country(engine: Engine, name: str) -> str:
    return engine.lex.get(fold(name)).country


LANGUAGES = [  # (text, the country, where its surrogate may lie): languages no hand row lists
    ("Jag kommer från Kap Verde. Hemma pratar vi kapverdiska.", "Kap Verde", {"CV"}),
    ("Vi kommer från Botswana och pratar setswana med barnen.", "Botswana", {"BW", "ZA"}),
    ("Jag kommer från Lesotho och hemma pratar vi sesotho.", "Lesotho", {"LS", "ZA"}),
    ("Min mormor kommer från Ryssland och pratar bara ingusjiska.", "Ryssland", {"RU"}),
    ("Jag är från Maldiverna och jag pratar dhivehi.", "Maldiverna", {"MV"}),  # a hand row
]


@pytest.mark.parametrize(("text", "country", "isos"), LANGUAGES)
def test_a_country_moves_only_where_its_language_is_spoken(
        engine: Engine, text: str, country: str, isos: set[str]) -> None:
    """A language the essay keeps ties its country: the surrogate is a country where CLDR
    places the language (never a Setswana family in Lesotho, a Dhivehi speaker in Pakistan)."""
    for out, rows in _runs(engine, text):
        assert _country(engine, _of(rows, country)) in isos, out


@pytest.mark.parametrize("text", [
    "Jag kommer från Pakistan och jag lär mig engelska på kvällarna.",
    "Jag kommer från Syrien och tittar gärna på japanska filmer.",
])
def test_a_language_learnt_or_of_another_country_ties_nothing(engine: Engine, text: str) -> None:
    """The negative rows: English (learnt everywhere: no cue) and Japanese (Japan's alone, not
    Syria's) leave the country free to move, as before."""
    country = "Pakistan" if "Pakistan" in text else "Syrien"
    picks = {_of(rows, country) for _, rows in _runs(engine, text)}
    assert picks - {country}, picks


def test_a_kept_countrys_towns_are_its_own_villages(engine: Engine) -> None:
    """The Maldives kept beside "dhivehi", with one listed town: its towns and islands are
    its villages (GeoNames' cities500), never Swedish towns ("föddes på Vasastaden") nor
    another country's islands ("ön Phuket")."""
    own = set(local_towns(engine.lex, "MV"))
    text = ("Jag pratar dhivehi och kommer från Maldiverna, från ön Thinadhoo. "
            "Min bror bor i Hithadhoo och min syster i Felidhoo.")
    for out, rows in _runs(engine, text):
        for town in ("Thinadhoo", "Hithadhoo", "Felidhoo"):
            assert _of(rows, town) in own, out


def test_a_country_not_kept_draws_its_towns_as_before(engine: Engine) -> None:
    """The negative row: without the language the Maldives move, and their towns with them,
    never into a village of the Maldives."""
    own = set(local_towns(engine.lex, "MV"))
    for out, rows in _runs(engine, "Jag kommer från Maldiverna, från Thinadhoo."):
        assert _of(rows, "Maldiverna") != "Maldiverna" and _of(rows, "Thinadhoo") not in own, out


KEPT = [  # (text, the words that stay as written under every seed)
    ("Sagaalgan\nI februari firade vi Sagaalgan, det mongoliska nyåret.", ("Sagaalgan",)),
    ("Till helgen firar vi Maulod. Det är en stor fest hos oss.", ("Maulod",)),
    ("Jag gjorde buuza hela dagen och sedan åt vi buuza med te.", ("buuza",)),
    ("Dumela! Jag heter Kabelo och jag bor i Umeå.", ("Dumela",)),
]


@pytest.mark.parametrize(("text", "kept"), KEPT)
def test_feasts_dishes_and_greetings_stay_as_written(
        engine: Engine, text: str, kept: tuple[str, ...]) -> None:
    """A word no name list holds that the essay celebrates ("firade X, ... nyåret", or its
    title), eats in lower case ("åt buuza") or says alone before "!" at its start is a feast,
    a dish or a greeting: never "vi firade Ademola", "åt seun", "Kgomotso!"."""
    for out, _ in _runs(engine, text):
        for word in kept:
            assert out.count(word) == text.count(word), out


@pytest.mark.parametrize(("text", "name"), [
    ("I mars firade vi Tsyren som fyllde femtio. Tsyren är min morbror.", "Tsyren"),
    ("Vi åt middag med Sesegma och hennes man. Sesegma är min kusin.", "Sesegma"),
    ("Anna! Kom hit, sa mamma. Anna är min syster.", "Anna"),
    ("Hej. Jag ropade på honom: Kabelo! Men Kabelo hörde inget.", "Kabelo"),
])
def test_people_celebrated_eaten_with_or_called_are_replaced(
        engine: Engine, text: str, name: str) -> None:
    """The negative rows: a birthday without a feast word, a person one eats with, a known
    name called out, a name called out inside the text are people, replaced."""
    for out, rows in _runs(engine, text):
        assert name not in out and _of(rows, name) != name, out


def test_an_ingush_family_keeps_north_caucasian_names(engine: Engine) -> None:
    """An Ingush family in Russia: Russia stays (its people's word), and the names are drawn
    from the North Caucasus' list, never Russian or Ukrainian ones (judge runs 60-61)."""
    caucasian = set(words().name_lists["avar"]["first_female"])
    text = "Jag är ingusj och kommer från Ryssland. Min syster heter Zarema."
    for out, rows in _runs(engine, text):
        assert _of(rows, "Ryssland") == "Ryssland" and _of(rows, "Zarema") in caucasian, out


def test_a_russian_family_keeps_russian_names(engine: Engine) -> None:
    """The negative row: a family that says no North Caucasian word is never given those
    names."""
    caucasian = set(words().name_lists["avar"]["first_female"])
    text = "Jag kommer från Ryssland och pratar ryska. Min syster heter Olga."
    for out, rows in _runs(engine, text):
        assert _of(rows, "Olga") not in caucasian, out


def _released(engine: Engine, essays: list[Document], seed: int) -> dict[str, list]:
    return {doc.id: [(a.original, a.label, a.pseudonym) for a in result.annotations]
            for doc, result in as_released(engine, essays, "lifelike", seed)}


def test_a_country_whose_languages_other_home_the_learner_names_stays(engine: Engine) -> None:
    """"setswana" beside Botswana, where the learner's other essay names South Africa (the
    language's other home): no country is left for the words, so Botswana stays as written
    in every essay (it was Lesotho in one essay and Botswana in another)."""
    essays = [Document("b1", "Jag kommer från Botswana och hemma pratar vi setswana.", (),
                       learner="L1"),
              Document("b2", "Min bror jobbar i Sydafrika nu. Han saknar Botswana.", (),
                       learner="L1")]
    for seed in range(4):
        rows = _released(engine, essays, seed)
        assert _of(rows["b1"], "Botswana") == _of(rows["b2"], "Botswana") == "Botswana", rows


def test_a_country_whose_languages_other_home_is_free_moves_there(engine: Engine) -> None:
    """The negative row: with South Africa named nowhere, Botswana beside "setswana" is South
    Africa, the language's other home."""
    essays = [Document("b1", "Jag kommer från Botswana och hemma pratar vi setswana.", (),
                       learner="L1")]
    for seed in range(4):
        rows = _released(engine, essays, seed)
        assert _of(rows["b1"], "Botswana") == "Sydafrika", rows


def test_a_word_after_a_possessive_is_no_town(engine: Engine) -> None:
    """"min aba fiskade" (a Buryat father; Aba is a Nigerian town): a lower-case town abroad
    right after a possessive is a word of the writer's, kept wherever the essay writes it,
    never "min ilorin" ... "Ilorin har parkinson"."""
    text = "Vi pratar burjatiska hemma. Min aba fiskade varje dag. Aba har parkinson nu."
    for out, _ in _runs(engine, text):
        assert "Min aba fiskade" in out and "Aba har parkinson" in out, out


def test_a_town_abroad_named_as_a_town_is_replaced(engine: Engine) -> None:
    """The negative row: Aba after a place preposition is the town, replaced."""
    for out, rows in _runs(engine, "Min bror bor i Aba i Nigeria och jobbar på en marknad."):
        assert _of(rows, "Aba") != "Aba", out


def test_a_north_caucasian_dance_keeps_the_familys_names(engine: Engine) -> None:
    """"dansade lezginka" with kin words and no people's word (judge runs 60-61: Russian
    names beside Ingush kin words and the lezginka): the names are North Caucasian."""
    caucasian = set(words().name_lists["avar"]["first_female"])
    text = "Min dada dansade lezginka fast han är sjuttio. Min syster Zarema bakade bröd."
    for out, rows in _runs(engine, text):
        assert _of(rows, "Zarema") in caucasian, out
