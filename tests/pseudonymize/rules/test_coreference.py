"""Coreference on the offline snapshot: an essay's name found again, not where its word is."""


def test_a_name_said_of_something_after_a_be_verb_is_the_word(offline_engine) -> None:
    """Gul is a man's name and the colour: "hans jacka var gul" is the colour, while "ringde gul"
    is the man again."""
    text = "Min kompis heter Gul. Hans jacka var gul men sen ringde gul igen."
    spans = [(text[s.start:s.end], s.start, s.label) for s in offline_engine.detect(text)]
    assert ("Gul", 17, "firstname_male") in spans
    assert ("gul", text.index("gul igen"), "firstname_male") in spans
    assert not [s for s in spans if s[1] == text.index("gul men")]
