"""Lifelike account numbers (issue 15; judge run 66's clue class "a clearing number outside its
bank's range, an account number that no longer matches the personnummer"): a clearing number
lies in the range of the surrogate of the bank its sentence names, written before or after it;
a Nordea personal account (clearing 3300 + the personnummer) takes the essay's surrogate
personnummer; a Swedish IBAN's bank code follows the bank. Invented sentences."""

from __future__ import annotations

from pathlib import Path

import pytest
import regex

from pseudonymize.engine import Engine
from pseudonymize.lexicon import fold
from pseudonymize.surrogates.numbers import _iban, clearing_ranges

SEEDS = range(4)


@pytest.fixture(scope="module")
def engine(offline_snapshot: Path) -> Engine:
    return Engine.load(offline_snapshot)


def _in_range(bank: str, clearing: int) -> bool:
    return any(low <= clearing <= high for low, high in clearing_ranges()[bank])


def _bank(written: str) -> str:
    """The bank of the table a surrogate names, as the sentence shapes it ("på Skandiabank")."""
    return next(bank for bank in clearing_ranges()
                if fold(bank).startswith(fold(written)) or fold(written).startswith(fold(bank)))


BANKED = [  # (text, the bank's original name, the account number)
    ("Mitt konto är i Swedbank, clearing 8214-9 konto 903 441 276-5.", "Swedbank", "8214-9"),
    ("Lönen kommer till mitt konto i Handelsbanken, 6152-824 776 309.", "Handelsbanken",
     "6152-824 776 309"),
    ("Pengarna ska till 6152-824 776 309 i Handelsbanken, tack.", "Handelsbanken",
     "6152-824 776 309"),
    ("Skicka hyran till 3300-7912034558 i Nordea.", "Nordea", "3300-7912034558"),
]


@pytest.mark.parametrize(("text", "bank", "account"), BANKED)
def test_a_clearing_lies_in_the_range_of_its_banks_surrogate(
        engine: Engine, text: str, bank: str, account: str) -> None:
    for seed in SEEDS:
        result = engine.pseudonymize(text, "acc", strategy="lifelike", seed=seed)
        by_original = {a.original: a.pseudonym for a in result.annotations}
        surrogate, number = _bank(by_original[bank]), by_original[account]
        assert surrogate != bank
        assert _in_range(surrogate, int(number[:4])), (seed, surrogate, number)
        # Swedbank's fifth clearing digit only in its 8000 series
        assert regex.match(r"\d{4}-\d(?!\d)", number) is None or number.startswith("8")


def test_a_personal_account_is_the_surrogate_personnummer(engine: Engine) -> None:
    text = ("Mitt personnummer är 870523-4917. Betala lönen till mitt personkonto "
            "3300 870523-4917.")
    for seed in SEEDS:
        result = engine.pseudonymize(text, "acc", strategy="lifelike", seed=seed)
        by_label = {a.label: a.pseudonym for a in result.annotations}
        assert by_label["account_nr"] == "3300 " + by_label["personid_nr"], seed
        assert "870523" not in result.target


def test_a_swedish_iban_takes_its_banks_code(engine: Engine) -> None:
    text = "Lönen ska in på SE45 8000 0842 1100 5519 3317 på Swedbank."
    for seed in SEEDS:
        result = engine.pseudonymize(text, "acc", strategy="lifelike", seed=seed)
        by_original = {a.original: a.pseudonym for a in result.annotations}
        iban = by_original["SE45 8000 0842 1100 5519 3317"]
        bank = _bank(by_original["Swedbank"])
        assert any(str(low)[:3] <= iban[5:8] <= str(high)[:3]
                   for low, high in clearing_ranges()[bank]), (seed, bank, iban)
        assert _iban(iban) == iban  # valid check digits


def test_without_a_bank_the_clearing_keeps_its_banks_digits(engine: Engine) -> None:
    for seed in SEEDS:
        result = engine.pseudonymize("Mitt konto är 8214-9 903 441 276-5.", "acc",
                                     strategy="lifelike", seed=seed)
        (number,) = [a.pseudonym for a in result.annotations if a.label == "account_nr"]
        assert number.startswith("82") and number != "8214-9 903 441 276-5"
