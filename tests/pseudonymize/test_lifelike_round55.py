"""Lifelike surrogates, round 55 (h-dates60): dates that read true. The essay's calendar move
wrapped a day round the 28th ("den 3 maj till den 9 maj 2024" -> "den 28 juni till den 6 juni
2026") and moved a month onto or away from a month kept for a feast ("20/12 till 6/1", beside
Christmas, -> "19/12 till 5/12"); a Saturday named beside its date became a Wednesday; a birth
date kept in December beside Christmas and its personnummer moved to January; a day written as
an ordinal word was drawn at random; a public event's date ("Den 24 februari 2022 började
kriget") moved while its year stayed. Invented sentences, not the gold sets'."""

from __future__ import annotations

import datetime
from itertools import pairwise
from pathlib import Path

import pytest
import regex

from pseudonymize.engine import Engine
from pseudonymize.surrogates.forms import MONTHS

SEEDS = range(10)
YEAR = 2001  # the year of a date written without one (no leap day)
WORDS = rf"(?<!\d)(\d{{1,2}})\.?\s+({'|'.join(MONTHS)})(?:\s+((?:19|20)\d\d))?"
ISO = r"(?<!\d)((?:19|20)\d\d)-(\d\d)-(\d\d)(?!\d)"
DOTTED = r"(?<![\d.])(\d{1,2})[./](\d{1,2})(?:[./]((?:19|20)\d\d))?(?![\d])"


@pytest.fixture(scope="module")
def engine(offline_snapshot: Path) -> Engine:
    return Engine.load(offline_snapshot)


def dates(text: str) -> list[datetime.date]:
    """The dates a text writes, in text order ("den 3 maj 2024", "2024-05-03", "3/5",
    "03.05.2024")."""
    found = [(m.start(), datetime.date(int(m.group(3) or YEAR), MONTHS.index(m.group(2).lower())
                                       + 1, int(m.group(1))))
             for m in regex.finditer(WORDS, text, regex.IGNORECASE)]
    found += [(m.start(), datetime.date(int(m.group(1)), int(m.group(2)), int(m.group(3))))
              for m in regex.finditer(ISO, text)]
    found += [(m.start(), datetime.date(int(m.group(3) or YEAR), int(m.group(2)),
                                        int(m.group(1))))
              for m in regex.finditer(DOTTED, text)]
    return [d for _, d in sorted(found)]


def gaps(found: list[datetime.date]) -> list[int]:
    """The days from each date to the next, read in a year round (the next 6 January after
    20 December is 17 days on; "den 3 maj till den 9 maj 2024" gives its year once)."""
    days = [d.replace(year=YEAR) for d in found]
    return [(b - a).days % 365 for a, b in pairwise(days)]


# Dates of one essay whose order and distance must hold after the move: each later date stays
# later, a range keeps its direction and about its length (months differ in length), two
# dates of one month stay in one month.
ORDERED = [
    "Jag var ledig den 3 maj till den 9 maj 2024 och åkte till Mora.",
    "jag flyttade den 27 januari och den 3 februari fick jag jobb på ett lager.",
    "Den 25 maj åkte vi till farmor, och den 2 juni kom vi hem igen.",
    "Jag var sjuk från 03.05.2024 till 09.05.2024 och stannade hemma.",
    "Kursen gick från 3/5 till 28/5 och sedan hade vi sommarlov.",
    "Vi reste 20/12 till 6/1 och firade jul och nyår hos min moster.",
    "Vi åkte 2023-12-28 och kom tillbaka 2024-01-04 efter nyår.",
    "Jag bodde på hotellet från den 1 mars till den 31 mars 2020.",
    "Den 29 Augusti började praktiken och den 5 September slutade den.",
]


@pytest.mark.parametrize("text", ORDERED)
def test_the_dates_of_an_essay_keep_their_order_and_distance(engine: Engine, text: str) -> None:
    was = dates(text)
    assert len(was) > 1, was
    for seed in SEEDS:
        got = engine.pseudonymize(text, "e", strategy="lifelike", seed=seed).target
        now = dates(got)
        assert len(now) == len(was), got
        assert all(abs(a - b) <= 3 for a, b in zip(gaps(was), gaps(now))), (seed, got)
        assert all((a.month == b.month) == (c.month == d.month)
                   for (a, b), (c, d) in zip(pairwise(was), pairwise(now))), (seed, got)


# Dates beside a date kept as written (a feast's): each stays on its side of it.
BESIDE_KEPT = [
    "Den 20 december åkte vi till mormor och på julafton den 24 december åt vi skinka.",
    "Vi firade midsommar den 21 juni med grannarna. Den 24 juni åkte vi till Kiruna.",
    "Den 2 maj kom min bror, och 1/5 var vi ute och demonstrerade för arbetarnas dag.",
    "Den 24 februari 2022 började kriget och alla var rädda. Vi lämnade staden den 5 mars.",
]


@pytest.mark.parametrize("text", BESIDE_KEPT)
def test_a_date_stays_on_its_side_of_a_kept_date(engine: Engine, text: str) -> None:
    was = dates(text)
    for seed in SEEDS:
        got = engine.pseudonymize(text, "e", strategy="lifelike", seed=seed).target
        now = dates(got)
        assert len(now) == len(was), got
        assert all(0 < b < 183 for b in gaps(now)) == all(0 < b < 183 for b in gaps(was)), got


def test_a_day_written_as_an_ordinal_moves_with_the_essays_days(engine: Engine) -> None:
    text = "Jag flyttade den tjugoförsta mars och den 28 mars fick jag nyckeln till lägenheten."
    for seed in SEEDS:
        got = engine.pseudonymize(text, "e", strategy="lifelike", seed=seed).target
        assert gaps(dates(got)) == [7], (seed, got)


def test_a_public_events_date_stays_as_its_year_does(engine: Engine) -> None:
    text = "Den 24 februari 2022 började kriget och alla var rädda. Vi lämnade staden den 5 mars."
    for seed in SEEDS:
        got = engine.pseudonymize(text, "e", strategy="lifelike", seed=seed).target
        assert got.startswith("Den 24 februari 2022 började kriget"), (seed, got)
        assert "den 5 mars" not in got, (seed, got)


# (text, the weekday its date must keep: 0 Monday .. 6 Sunday)
WEEKDAYS = [
    ("Lördagen den 4 maj 2024 hade vi fest hos grannen.", 5),
    ("Vi kom hem på söndag den 12 maj 2024 sent på kvällen.", 6),
    ("På lördagskvällen den 7 september 2019 gifte vi oss.", 5),
]


@pytest.mark.parametrize(("text", "weekday"), WEEKDAYS)
def test_a_weekday_named_beside_its_date_stays_true(engine: Engine, text: str,
                                                    weekday: int) -> None:
    for seed in SEEDS:
        got = engine.pseudonymize(text, "e", strategy="lifelike", seed=seed).target
        found = dates(got)
        assert len(found) == 1 and found[0].weekday() == weekday, (seed, got)


def test_a_birth_date_and_its_personnummer_agree_beside_a_feast(engine: Engine) -> None:
    text = ("Jag är född den 27 december 1990 och firar alltid jul med familjen. Mitt "
            "personnummer är 901227-1234.")
    for seed in SEEDS:
        got = engine.pseudonymize(text, "e", strategy="lifelike", seed=seed).target
        born, = dates(got)
        number = regex.search(r"(\d{6})-\d{4}", got)
        assert number and number.group(1) == born.strftime("%y%m%d"), (seed, got)


# Guards (held before this round too): a feast's date stays; ages move against the years, so a
# birth year and an age now still agree (1990 and 34 in 2024, the present: 1988 and 36).
def test_a_feasts_date_stays_and_ages_agree_with_years(engine: Engine) -> None:
    for seed in SEEDS:
        got = engine.pseudonymize("På julafton den 24 december 2023 åt vi risgrynsgröt.", "e",
                                  strategy="lifelike", seed=seed).target
        assert "den 24 december" in got, got
        got = engine.pseudonymize("Jag föddes 1990 och nu är jag 34 år. År 2024 flyttade jag "
                                  "till Umeå.", "e", strategy="lifelike", seed=seed).target
        born = int(regex.findall(r"(?:19|20)\d\d", got)[0])
        age = int(regex.search(r"(\d+) år\b", got).group(1))
        assert born + age == 1990 + 34, got
