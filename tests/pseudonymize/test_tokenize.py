import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pseudonymize.tokenize import (_OPENERS_AFTER, _TOKEN, Token, leading_space,
                                   sentence_starts, sentences, split, tokenize)

# Text rich in what the tokenizer's fast paths decide on: line breaks, openers, URL and
# e-mail marks (the full pattern is used only where "@", "://" or "www." occurs).
FRAGMENTS = ["http://", "https://x.se/a", "www.", "a@b.se", "Anna", "ö", "1", " ", "\n", "\t",
             "\u00a0", "\u2028", ".", "-", ":", "/", "”", "!", "'", "se", "…", "–", "?", "\"",
             "_", "²", "   ", "\r\n", "\x1c", "Ma", "ÖL", "Дом"]  # `split`'s pieces: word characters, spaces
TRICKY = st.lists(st.sampled_from(FRAGMENTS), max_size=25).map("".join) | st.text(max_size=60)


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_tokens_and_gaps_reproduce_any_text(text: str) -> None:
    tokens = tokenize(text)
    rebuilt = leading_space(text) + "".join(t.text + t.ws for t in tokens)
    assert rebuilt == text
    for tok in tokens:
        assert text[tok.start:tok.end] == tok.text
        assert tok.ws == "" or tok.ws.isspace()


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=200))
def test_sentences_partition_tokens(text: str) -> None:
    tokens = tokenize(text)
    assert [t for s in sentences(tokens) for t in s] == tokens


def test_learner_text_tokens() -> None:
    text = "Hej Anna-Karin! Ring 070-123 45 67 eller maila anna.k@mail.se, www.skola.se."
    assert [t.text for t in tokenize(text)] == [
        "Hej", "Anna-Karin", "!", "Ring", "070-123", "45", "67", "eller", "maila",
        "anna.k@mail.se", ",", "www.skola.se", "."]


# A full stop between a word and a capitalised word is a learner's missing space: two tokens
# and a sentence end ("Göteborg.Min"). Initials, numbers, abbreviations, all-capital names and
# domains keep the stop inside their token.
GLUED = [
    ("Jag bor i Kiruna.Min bror bor där", ["Jag", "bor", "i", "Kiruna", ".", "Min", "bror", "bor",
                                           "där"]),
    ("år 2016.Vi flyttade", ["år", "2016", ".", "Vi", "flyttade"]),
    ("Hon heter Oksana.Её муж Пётр", ["Hon", "heter", "Oksana", ".", "Её", "муж", "Пётр"]),
    ("Det var t.ex. kallt", ["Det", "var", "t.ex", ".", "kallt"]),
    ("den 03.11.2021 kl.14", ["den", "03.11.2021", "kl.14"]),
    ("E.ON och H.M", ["E.ON", "och", "H.M"]),
    ("J.Bergström skrev", ["J", ".", "Bergström", "skrev"]),
    ("se hemsida.se och www.Kommun.se", ["se", "hemsida.se", "och", "www.Kommun.se"]),
]


@pytest.mark.parametrize(("text", "expected"), GLUED)
def test_full_stop_before_a_capitalised_word_splits(text: str, expected: list[str]) -> None:
    assert [t.text for t in tokenize(text)] == expected


def test_sentence_split() -> None:
    toks = tokenize("Jag bor i Malmö. Det är fint!\n\nHej då")
    assert [" ".join(t.text for t in s) for s in sentences(toks)] == [
        "Jag bor i Malmö .", "Det är fint !", "Hej då"]


@settings(max_examples=500, deadline=None)
@given(TRICKY)
def test_split_is_the_plain_scan(text: str) -> None:
    """`split` (one findall of token and space, the short pattern without "@", "://", "www.")
    gives exactly the tokens and sentence starts of a plain scan with the full pattern."""
    spans = [m.span() for m in _TOKEN.finditer(text)]
    nexts = [s for s, _ in spans[1:]] + [len(text)]
    expected = [(s, e, text[s:e], text[e:n]) for (s, e), n in zip(spans, nexts)]
    texts, offsets, ends, spaces = split(text)
    assert list(zip(offsets, ends, texts, spaces)) == expected
    tokens = tokenize(text)  # the same columns as `Token`s
    assert [tuple(t) for t in tokens] == expected
    assert all(type(t) is Token for t in tokens)
    # a dash written onto the word before it ("el- och") opens no sentence
    attached = {i for i, t in enumerate(expected) if t[2] in ("-", "–") and i
                and expected[i - 1][3] == ""}
    assert {0} | {i + 1 for i, t in enumerate(expected[:-1])
                  if t[2] in _OPENERS_AFTER and i not in attached or "\n" in t[3]} \
        == sentence_starts(text, texts, offsets)


@settings(max_examples=300, deadline=None)
@given(TRICKY)
def test_doc_keeps_each_tokens_text_and_fold(text: str) -> None:
    """`Doc`'s columns (texts, offsets, ends, spaces), its `Token`s made on demand (`tokens`,
    `token`) and the remembered folds are each token's, as `tokenize` gives them."""
    from pseudonymize.doc import Doc
    from pseudonymize.lexicon import Lexicon, fold

    doc = Doc.make(text, Lexicon(snapshot_id="t", entries={}, phrases={}))
    tokens = tokenize(text)
    assert doc.tokens == tokens and all(type(t) is Token for t in doc.tokens)
    assert [doc.token(k) for k in range(len(tokens))] == tokens
    assert (doc.texts, doc.offsets, doc.ends, doc.spaces) == (
        [t.text for t in tokens], [t.start for t in tokens], [t.end for t in tokens],
        [t.ws for t in tokens])
    assert doc.folds == [fold(t.text) for t in tokens]


@settings(max_examples=500, deadline=None)
@given(TRICKY | st.text(alphabet="ab1-'’:. \n@", max_size=40))
def test_possessive_repeat_finds_the_backtracking_tokens(text: str) -> None:
    """The word pattern's possessive repeat (`*+`) finds the tokens the plain greedy repeat
    finds: nothing after it in the pattern can need it to give characters back."""
    import re

    plain = re.compile(_TOKEN.pattern.replace("*+", "*"), re.VERBOSE)
    assert "*+" in _TOKEN.pattern
    assert [m.span() for m in _TOKEN.finditer(text)] == [m.span() for m in plain.finditer(text)]


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(["dag", "Anna", "12", "²", "ⓐ", "ǅ", "é", "_", ".", ",", ":", "-",
                                 "’", "!", "”", "\n", "\t", "\u00a0", " ", " "]), max_size=30)
       .map("".join))
def test_a_word_and_its_mark_are_the_plain_scans_tokens(text: str) -> None:
    """A piece that is a word and one character after it ("dag,", "12.", "Anna_", "dag\\n")
    is split as the full pattern splits it (`_pieces` makes two tokens of it without a scan
    only where the character is neither a word character nor white space)."""
    spans = [m.span() for m in _TOKEN.finditer(text)]
    texts, offsets, ends, _ = split(text)
    assert list(zip(offsets, ends)) == spans
    assert texts == [text[s:e] for s, e in spans]
