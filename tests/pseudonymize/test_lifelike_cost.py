"""What lifelike's speed work (h-speed47, issues 9 and 15) must keep: the surrogates' regex
calls through `rx` answer as `regex`'s own; a feast's sentence is read within SENTENCE_REACH of
its verb, as every other lifelike read is (an essay without full stops is no longer read whole
for each mention); `_original` answers for an original added after a pick was judged free.
Invented sentences, not the gold sets'."""

from __future__ import annotations

from pathlib import Path

import pytest
import regex

from pseudonymize.engine import Engine, WordsBefore
from pseudonymize.surrogates import Renderer, rx
from pseudonymize.surrogates.common import SENTENCE_REACH


@pytest.fixture(scope="module")
def engine(offline_snapshot: Path) -> Engine:
    return Engine.load(offline_snapshot)


TEXTS = ["Vi firade Nyår i Kalmar. Anna-Lena bor i Lund!", "", "abc\n12 maj 2020 ...",
         "ÅSA och åsa, Ömer; 070-123 45 67", "aaa aaaa a-a"]


@pytest.mark.parametrize("text", TEXTS)
def test_rx_answers_as_regex(text: str) -> None:
    """Each one-shot call of `rx` gives what `regex`'s gives, flags and options too."""
    word, letters = r"(?<!\p{L})(\p{L}+)(?!\p{L})", r"\p{L}+"
    assert rx.findall(letters, text) == regex.findall(letters, text)
    assert [m.span() for m in rx.finditer(word, text)] == \
        [m.span() for m in regex.finditer(word, text)]
    assert [m.span() for m in rx.finditer(r"\p{L}\p{L}", text, overlapped=True)] == \
        [m.span() for m in regex.finditer(r"\p{L}\p{L}", text, overlapped=True)]
    for call in ("search", "match", "fullmatch"):
        ours = getattr(rx, call)(r"(?:\p{Lu}\p{L}+|\d+)", text, regex.IGNORECASE)
        theirs = getattr(regex, call)(r"(?:\p{Lu}\p{L}+|\d+)", text, regex.IGNORECASE)
        assert (ours and ours.span()) == (theirs and theirs.span())
    assert rx.split(r"[.!?\n]", text) == regex.split(r"[.!?\n]", text)
    assert rx.split(r"([ ,;])", text, 2) == regex.split(r"([ ,;])", text, 2)
    assert rx.sub(r"\d", lambda m: str(9 - int(m.group())), text) == \
        regex.sub(r"\d", lambda m: str(9 - int(m.group())), text)
    assert rx.sub(r"(\p{L})\1+", r"\1", text, 1) == regex.sub(r"(\p{L})\1+", r"\1", text, 1)


FILLER = " ".join(["och sedan gick vi hem till mormor"] * 8)  # no full stop: one sentence


def _renderer(engine: Engine, text: str, originals: set[str]) -> Renderer:
    """A lifelike renderer told the essay, as the engine tells it."""
    r = Renderer(engine.lex, "lifelike", 0, "e1", originals)
    r.before = WordsBefore(text)
    return r


@pytest.mark.parametrize("far", [False, True])
def test_a_feast_word_is_read_within_the_sentence_reach(engine: Engine, far: bool) -> None:
    """A word no list holds after "firade" is a feast where a feast noun stands in its
    sentence within SENTENCE_REACH characters of it (kept as written); one further on in an
    essay without full stops is not read (the word is the name the detectors read it as)."""
    gap = f" {FILLER} " if far else " "
    assert (len(gap) > SENTENCE_REACH) is far
    text = f"I mars firade vi Bumdelgar hemma{gap}och det var en stor fest hos oss"
    assert _renderer(engine, text, {"Bumdelgar"})._feast_said("Bumdelgar") is not far


def test_an_original_added_after_a_draw_is_avoided(engine: Engine) -> None:
    """`_original` keeps its answers per pick only while the originals stay as they are: a
    town judged free, then named by the essay ("Göteborg C" read as a station), is no longer
    free."""
    r = _renderer(engine, "Vi bor i Kista.", {"Kista"})
    assert r._original("Kista") and not r._original("Hulta")
    r.avoid.add("hulta")
    r.avoid_folds.add("hulta")
    assert r._original("Hulta") and r._original("Hultaån")
