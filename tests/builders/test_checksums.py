"""The personnummer check digit shared by builders, detectors and surrogates."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from builders.checksums import check_digit, luhn_valid

# (ten digits, valid): Skatteverket's worked example 640823-3234 and one-digit changes of it
ROWS = [("6408233234", True), ("6408233235", False), ("6408233244", False), ("0000000000", True),
        ("8112189876", True), ("8112189875", False)]


@pytest.mark.parametrize(("ten", "valid"), ROWS)
def test_luhn_valid(ten: str, valid: bool) -> None:
    assert luhn_valid(ten) is valid


def test_check_digit_of_the_worked_example() -> None:
    assert check_digit("640823323") == "4"


@given(st.text("0123456789", min_size=9, max_size=9))
def test_the_check_digit_completes_any_nine_digits(nine: str) -> None:
    assert luhn_valid(nine + check_digit(nine))
    wrong = str((int(check_digit(nine)) + 1) % 10)
    assert not luhn_valid(nine + wrong)
