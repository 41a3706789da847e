from hypothesis import given, settings
from hypothesis import strategies as st

from pseudonymize.tokenize import leading_space, sentences, tokenize


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


def test_sentence_split() -> None:
    toks = tokenize("Jag bor i Malmö. Det är fint!\n\nHej då")
    assert [" ".join(t.text for t in s) for s in sentences(toks)] == [
        "Jag bor i Malmö .", "Det är fint !", "Hej då"]
