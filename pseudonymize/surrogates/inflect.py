"""Forms of a surrogate: a surname in the original's form for a woman or a man, a town's genitive, a
mention's morphology, a place's kind word, a street's ending, masked digits.
"""
from __future__ import annotations


from pseudonymize.lexicon import Lexicon, fold
from pseudonymize.types import Span
from pseudonymize.surrogates.forms import _DIGIT
from pseudonymize.surrogates.common import SURNAME_FORMS, SurnameForms, female_surname
from pseudonymize.surrogates.words import words


def surname_form(pick: str, original: str, sex: str = "", forms: SurnameForms = ()) -> str:
    """The surrogate surname in the original's form for a woman or a man: Kowalska -> Witkowska,
    never Witkowski for a woman; `sex` ("f" or "m", lifelike) where the original has no form
    of its own ("Olena Shevchenko" -> "Natalya Kozlova", never "Kozlov"; "Taras Shevchenko"
    in the same essay -> "Kozlov"); a woman's by the pick's group's `forms` first (Novák ->
    Nováková, Kazlauskas -> Kazlauskienė)."""
    low = original.lower()
    woman = any(low.endswith(female) for female, _ in SURNAME_FORMS)
    man = any(low.endswith(male) for _, male in SURNAME_FORMS)
    if sex and not woman and not man:
        woman, man = sex == "f", sex == "m"
    female = female_surname(pick, forms) if woman and forms else None
    if female:
        return female
    for female, male in SURNAME_FORMS:
        if woman and pick.endswith(male):
            return pick[:len(pick) - len(male)] + female
        if man and not woman and pick.endswith(female):
            return pick[:len(pick) - len(female)] + male
    return pick


def group_forms(groups: tuple[str, ...]) -> SurnameForms:
    """The woman's-form pairs of the first of `groups` that has some (`surname_female_forms`)."""
    table = words().surname_female_forms
    return next((table[g] for g in groups if g in table), ())


def town_genitive(town: str) -> str:
    """A town's form before an institution's word: Jönköpings kommun, Umeå kommun, Malmö stad."""
    return town if town[-1:].lower() in "aeiouyåäösxz" else town + "s"


def morphology(original: str, span: Span) -> frozenset[str]:
    """The mention's attributes: the detector's, plus what its ending after the entity's lemma
    says (Göteborgs: gen; Stadsbiblioteket: def; Anderssönerna: pl def)."""
    attrs = set(span.attrs)
    low, key = fold(original), span.key
    if key and low != key and low.startswith(key) and " " not in key:
        attrs.update(words().endings.get(low[len(key):], ()))
    elif key.endswith("son") and low.startswith(key[:-3] + "son") is False and low.startswith(key[:-3]):
        attrs.update(("pl",) + (("def",) if low.endswith("na") else ()))  # Anderssönerna
    return frozenset(attrs)


def kind_word(name: str, lex: Lexicon) -> str:
    """The institution's kind word as written at the end of its name ("Nackstaskolan" ->
    "skolan", "Stadsbiblioteket" -> "biblioteket"), or "" (SSAB, IKEA)."""
    low = name.lower()
    bare = low[:-1] if low.endswith("s") else low  # Nackstaskolans: the genitive of -skolan
    suffixes = lex.suffixes.get("institution_suffix", ())  # longest first
    for suffix, _ in suffixes:
        for form in (low, bare):
            if form.endswith(suffix) and len(form) > len(suffix) + 1:
                start = len(form) - len(suffix)
                # a separate kind word keeps its space: Växjö domkyrka -> Ekbacka domkyrka
                start -= name[start - 1] in " -"
                return name[start:len(form)]
    # the kind word in an earlier word: "Universitetssjukhuset i Linköping" -> "sjukhuset"
    for word in reversed(name.split()[:-1]):
        for suffix, _ in suffixes:
            if word.lower().endswith(suffix) and len(word) > len(suffix) + 1:
                return word[len(word) - len(suffix):]
    return ""


def street_ending(name: str) -> str:
    low = name.lower()
    return next((e for e in words().street_endings if low.endswith(e) and len(low) > len(e)), "")


def mask(original: str, digit: str, fallback: str) -> str:
    """Every digit becomes `digit` (delimiters kept); never returns the original itself."""
    out = _DIGIT.sub(digit, original)
    return out if out != original else _DIGIT.sub(fallback, original)
