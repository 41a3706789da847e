"""Swedish word frequencies from wordfreq (data CC BY-SA 4.0), for the builders that need to
know which spellings are everyday words.

wordfreq stores words in centibel buckets: bucket i holds Zipf 9 - i/100, exactly what
`zipf_frequency` returns for these words, without re-tokenizing each of them.
"""
from __future__ import annotations

from collections.abc import Iterator

import wordfreq


def swedish_buckets(floor: float = 0.0) -> Iterator[tuple[float, list[str]]]:
    """(Zipf frequency, words) from the most frequent Swedish words down to `floor`."""
    for index, bucket in enumerate(wordfreq.get_frequency_list("sv")):
        zipf = round(9 - index / 100, 2)
        if zipf < floor:
            return
        yield zipf, bucket
