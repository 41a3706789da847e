"""The personnummer's check digit, defined once for the builders (Skatteverket's test numbers
are checked), the detectors (a number that validates is a personnummer) and the surrogates (a
drawn number gets a valid one). Free of heavy imports: the engine's start-up path reads it."""
from __future__ import annotations


def luhn_sum(digits: str) -> int:
    """The modulus-10 sum: digits weighted 2, 1, 2, … from the left, a two-digit product
    counted as the sum of its digits; a complete number sums to 0."""
    total = 0
    for i, ch in enumerate(digits):
        d = int(ch) * (2 - i % 2)
        total += d - 9 if d > 9 else d
    return total % 10


def luhn_valid(ten: str) -> bool:
    """Whether ten digits (a personnummer without its century) end in their check digit."""
    return luhn_sum(ten) == 0


def check_digit(nine: str) -> str:
    """The check digit that completes nine digits (date and birth number)."""
    return str((10 - luhn_sum(nine)) % 10)
