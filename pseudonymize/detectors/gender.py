"""A first name's gender from the essay's own evidence, where the name lists leave it open.

The gazetteers settle most names (Fatima, Ahmed). A name they list for both sexes (Minh, Bao:
"unknown" there, but not one of the deliberately neutral `unisex_name`s such as Kim or Alex) or
do not list at all (guessed by its ending) takes its gender from what the essay says about the
person: a kin word or title right before one of its mentions ("min son Bao", "hans lillasyster
Linh", "herr Tran"), a Vietnamese middle name ("Trần Văn Minh", "Nguyễn Thị Lan"), or a nickname
introduced after a name ("Jag heter Siriporn men mitt smeknamn är Sai"). One piece of evidence at
any mention decides every mention of the name in the essay; contradicting evidence decides
nothing. An open name also takes the gender of the first personal pronoun after a mention,
before the next person ("min kompis Hibaaq och hennes dotter", "min kusin Sazan i Haparanda. Hon
bor …", "min kompis Gul var med mig, han är …": Gul is a man's name in Afghanistan and a woman's
in Turkey); "hen" makes it neutral ("heter Eka, hen är …"). For a name the lists call neutral
pronouns are no evidence: the SweLL convention labels a neutral name by the name, not by the
person ("Nour … hon" stays unknown). A name the lists give one sex (Gabi, Rezan, Hawre) is
given to the other only on evidence tied to it: a kin noun naming the person ("min dotter
Rezan", "Gabi är min man"), a state of one sex ("Jwan är gravid"), an object pronoun after a
nickname verb ("vi kallar honom Gabi"), or a pronoun joined to the name ("Gabi och hans fru",
"Hawre, hon är …"); a pronoun further on may be anyone's ("Anna och Ali … han"), and one before
the name is a speaker ("sa hon Ali"). The writer's own name ("jag heter Nino", "mitt namn är
…") takes the sex the spouse they own gives ("min man": a woman), open or listed.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from pseudonymize.doc import Doc, places
from pseudonymize.labels import FIRSTNAME
from pseudonymize.lexicon import Entry, fold
from pseudonymize.thresholds import PRONOUN_REACH
from pseudonymize.types import Span

from pseudonymize.detectors.rule import Rule

T = TypeVar("T")
FIRSTNAMES = frozenset(FIRSTNAME.values())
GUESSED_SPELLING = "fuzzy"  # the rule reading a misspelt name as a listed one (gazetteer_match)
NAMES = FIRSTNAMES | {"surname", "middlename"}
GENDERED = frozenset({"female", "male"})
SAID = GENDERED | {"unknown"}  # what a pronoun may say of an open name ("hen": neither)
# kin words that are everyday words elsewhere tell a sex only after their owner ("min man",
# "min far"; "min kaka batyr", "min dej margita", but "ta Anna med", "då Erik lagar mat")
AFTER_POSSESSIVE = {"male_after_possessive": "male", "female_after_possessive": "female"}
NICKNAME_REACH = 3  # "smeknamn är Sai", "mitt smeknamn är nu Sai": words back to the nickname word
NICKNAME_PREFIX = 2  # "Ibou" of Ibrahim, "Dežo" of Dezider: the letters a nickname keeps


def kin_gender(doc: Doc, i: int, noun: bool = False, firm: bool = False) -> str | None:
    """"min mamma heter X", "din syster X", "hans lillasyster X", "herr X": the gendered word
    before a name (past "heter", "lilla", "min" …), or None. With `noun`, only a kin noun
    naming the person itself: not a pronoun ("sa hon Ali") nor a word before a comma ("min
    fru, Ali och barnen" lists people), nor (with `noun` or `firm`) one whose sex varies by
    language ("min kaka Amina", "min appa Sarpi … med sin man": `kin_sex_varies`)."""
    folds, words = doc.folds, doc.lex.words
    kin = words.value("kin_gender")
    if noun and i and folds[i - 1] == ",":
        return None
    for j in range(i - 1, max(-1, i - 4), -1):
        if j == i - 1 and "-" in doc.texts[i] and folds[j] in words("family_first_surname"):
            continue  # "min mormor Han Ji-min": a family name written first, not "han"
        if (noun or firm) and folds[j] in words("kin_sex_varies"):
            return None
        gender = kin.get(folds[j])
        if gender in GENDERED and noun and folds[j] in words("person_pronoun") \
                and not (j and folds[j - 1] in words("nickname_word")):
            return None  # ("sa hon Ali"; but "vi kallar honom Gabi" names him)
        if gender in GENDERED:
            return gender
        if gender in AFTER_POSSESSIVE and j \
                and doc.texts[j - 1].lower() in words.surface("possessive"):
            return AFTER_POSSESSIVE[gender]
        if folds[j] not in words("gender_skip") and not (
                j == i - 1 and doc.texts[j][:1].isupper() and doc.entries[j].surname_rank):
            return None  # (past a family name written first: "min man Liu Yang")
    return None


def kin_after(doc: Doc, i: int) -> str | None:
    """"Bashiiro är min fru", "Zelmira var hans syster": the gendered kin word that "är" and
    its owner say the name at token i is; "Gabi är gravid": a state of one sex only; or None."""
    folds, words, n = doc.folds, doc.lex.words, len(doc.texts)
    if i + 2 < n and folds[i + 1] in words("be_verb"):
        state = words.value("gender_predicate").get(folds[i + 2])
        if state in GENDERED:
            return state
    if i + 3 >= n or folds[i + 1] not in words("be_verb") \
            or doc.texts[i + 2].lower() not in words.surface("possessive"):
        return None
    j = i + 3 + (folds[i + 3] in words("kin_adjective") and i + 4 < n)
    gender = words.value("kin_gender").get(folds[j])
    if gender in AFTER_POSSESSIVE:  # "Gabi är min man": after the owner by the test above
        return AFTER_POSSESSIVE[gender]
    return gender if gender in GENDERED else None


def tied_pronoun(doc: Doc, i: int) -> str | None:
    """"Gabi och hans fru", "Nong och hennes man", "Gabi, han är min vän": a pronoun tied to the
    one-word name at token i by "och" before an owned noun, or by a comma before "är"/"var";
    "alla säger Aru till henne": the person a nickname is said to; close enough to overrule
    the name lists (a pronoun further on may be anyone's)."""
    folds, texts, words, n = doc.folds, doc.texts, doc.lex.words, len(doc.texts)
    if i + 2 >= n or i + 1 in doc.starts or not texts[i + 2].islower():
        return None
    gender = words.value("person_pronoun").get(folds[i + 2])
    if gender not in GENDERED:
        return None
    if i and folds[i + 1] == "till" and folds[i - 1] in words.union("nickname_word", "saying_verb"):
        return gender
    if i + 3 >= n:
        return None
    if folds[i + 1] == "och" and folds[i + 2] in words.surface("possessive") \
            and texts[i + 3].isalpha():
        return gender
    if folds[i + 1] == "," and folds[i + 3] in words("be_verb"):
        return gender
    return None


def spouse_owner(doc: Doc, i: int) -> str | None:
    """"Odanes fru Agneta", "Chipos man heter Farai": the one-word name at token i written as
    the owner of a spouse (a genitive before a `writer_spouse` word) has the sex a spouse's owner
    has; "Hennes riktiga namn är Thokozani", "hans namn är Kofi": a name a gendered pronoun's
    name noun is."""
    folds, texts, words, n = doc.folds, doc.texts, doc.lex.words, len(doc.texts)
    if i + 1 < n and texts[i].endswith("s") and texts[i + 1].islower() \
            and i + 1 not in doc.starts and not doc.entries[i].gender:  # (Lukas, Jonas: names)
        owner = words.value("writer_spouse").get(folds[i + 1])
        if owner in GENDERED:
            return owner
    if i < 3 or folds[i - 1] not in words("be_verb") or folds[i - 2] not in words("own_name_noun"):
        return None
    j = i - 3 - (folds[i - 3] in words("kin_adjective") and i > 3)  # "hennes riktiga namn"
    gender = words.value("person_pronoun").get(folds[j])
    return gender if gender in GENDERED and folds[j] in words("possessive") else None


def reflexive_spouse(doc: Doc, i: int, stop: int) -> str | None:
    """"Min kusin Adjovi kom från Paris med sin man": an open name that is its sentence's first
    person (no name nor pronoun before it there: the subject "sin" refers to) owns the spouse a
    reflexive possessive names after it in the sentence, before the next person's mention."""
    folds, words = doc.folds, doc.lex.words
    people = words("person_pronoun")
    j = i
    while j not in doc.starts and j > 0:
        j -= 1
        if folds[j] in people or doc.entries[j].gender and doc.texts[j][:1].isupper():
            return None
    spouse, reflexive = words.value("writer_spouse"), words("reflexive_possessive")
    for j in range(i + 1, min(stop, len(doc.texts) - 1)):
        if j in doc.starts:
            return None
        if folds[j] in reflexive and spouse.get(folds[j + 1]) in GENDERED:
            return spouse[folds[j + 1]]
    return None


def _marker(doc: Doc, i: int, surname: bool = False) -> str | None:
    """"Trần Văn Minh": a gender marker between a capitalised name and this one; in any case
    after a family name ("nguyen van duc", "Trần văn minh"; `surname`), spelt as the marker
    or without accents, not as a Swedish word it folds like ("vän")."""
    if i < 2 or not surname and not (doc.texts[i - 1][:1].isupper()
                                     and doc.texts[i - 2][:1].isupper()):
        return None
    text = doc.texts[i - 1].lower()
    if surname and not text.isascii() and text not in doc.lex.words.surface("gender_marker"):
        return None
    gender = doc.lex.words.value("gender_marker").get(doc.folds[i - 1])
    return gender if gender in GENDERED else None


def _nickname(doc: Doc, i: int, before: str | None, writer: str | None) -> str | None:
    """"Jag heter Siriporn Björk men mitt smeknamn är Sai": a name just after a nickname word is
    the nickname of the gendered name mentioned before it; "alla kallar mig Mafe" is the
    writer's own, of the name after "jag heter" (`writer`), whoever was named last."""
    if i and doc.folds[i - 1] == "mig":
        before = writer
    if before is None:
        return None
    nick = doc.lex.words.union("nickname_word", "saying_verb")
    for j in range(i - 1, max(-1, i - 1 - NICKNAME_REACH), -1):
        if j + 1 in doc.starts or doc.folds[j] == "att":
            return None  # ("Karl-Erik säger att Senuri …": a clause said, no nickname)
        if doc.folds[j] in nick:  # "smeknamn är Sai", "Shamiram, alla säger Shami"
            return before
    return None


def _short_for(key: str, named: list[tuple[str, str]]) -> str | None:
    """The gender of the last name named before that a nickname `key` starts like, its first
    NICKNAME_PREFIX letters ("Ibou" of Ibrahim, "Dežo" of Dezider), or None."""
    for other, gender in reversed(named):
        if other != key and other[:NICKNAME_PREFIX] == key[:NICKNAME_PREFIX]:
            return gender
    return None


def pronoun_gender(doc: Doc, k: int, stop: int, sentence: bool = False) -> str | None:
    """The gender of the first personal pronoun after token k, before token `stop` (the next
    person's mention) and within PRONOUN_REACH words (with `sentence`, within k's sentence);
    "unknown" for "hen" ("heter Eka, hen är också från Indonesien": the person is called by
    neither sex's pronoun, so the name is labelled neutral); "Hans" capitalised inside a
    sentence is the name, not the pronoun."""
    pronouns = doc.lex.words.value("person_pronoun")
    for j in range(k + 1, min(stop, k + 1 + PRONOUN_REACH)):
        if sentence and j in doc.starts:
            return None
        gender = pronouns.get(doc.folds[j])
        if gender in SAID and (doc.texts[j][:1].islower() or j in doc.starts):
            return gender
    return None


def writer_named(doc: Doc, k: int) -> bool:
    """Token k is the writer's own name: "jag heter Nino", "mitt namn är Nino", or signed
    after a letter's closing ("Hälsningar\nSreymom", "Mvh, Sara")."""
    folds, words = doc.folds, doc.lex.words
    j = k - 1 - (k > 1 and folds[k - 1] == ",")
    return k >= 2 and folds[k - 2] == "jag" and folds[k - 1] in words("naming_verb") \
        or k >= 3 and folds[k - 3] in words("own_possessive") \
        and folds[k - 2] in words("own_name_noun") and folds[k - 1] in words("be_verb") \
        or j >= 0 and folds[j] in words("closing_word")


def writer_gender(doc: Doc, spans: Sequence[Span] = ()) -> str | None:
    """"min man giorgi", "min fru heter Zahra", "det är min mans mejl", "jag har en flickvän":
    the writer's sex by the spouse they own or have (a husband's wife, a wife's husband), by
    the parent they say they are ("Jag är mamma till maly"), or by their own personal number
    ("mitt personnummer är 920217-4512", a span of `spans`); None where no such word or both
    sexes' are found."""
    words = doc.lex.words
    spouse, parent = words.value("writer_spouse"), words.value("writer_parent")
    owners, be, folds = words("own_possessive"), words("be_verb"), doc.folds
    had, have = words.value("writer_had_spouse"), words("have_verb")
    found = {spouse[f] for j, f in enumerate(folds) if f in spouse and j and folds[j - 1] in owners}
    found.update(had[f] for j, f in enumerate(folds) if f in had and j >= 3
                 and folds[j - 1] == "en" and folds[j - 2] in have and folds[j - 3] == "jag")
    found.update(parent[f] for j, f in enumerate(folds)
                 if f in parent and j >= 2 and folds[j - 1] in be and folds[j - 2] == "jag")
    found.update(_own_number_sex(doc, spans))
    return next(iter(found)) if len(found) == 1 else None


def number_sex(number: str) -> str | None:
    """The sex a Swedish personal or coordination number says: its ninth digit (the second
    last) is odd for men, even for women ("850614-3328": a woman); None for another shape."""
    digits = [ch for ch in number if ch.isdigit()]
    if len(digits) not in (10, 12):
        return None
    return "male" if int(digits[-2]) % 2 else "female"


def id_owner_sex(doc: Doc, spans: list[Span], n: int) -> str | None:
    """"Jag heter Sènami Houngbédji, personnummer 850614-3328", "min son Kacper Wisniewski,
    20200311-5138": the personal number right after the name at span n (its later parts, then
    only punctuation, a number word or a linking verb: rules.tsv `id_owner_link`) is the
    person's, and its digit tells the sex."""
    m = n + 1
    while m < len(spans) and spans[m].label in NAMES and spans[m].label not in FIRSTNAMES \
            and doc.text[spans[m - 1].end:spans[m].start] in (" ", ". "):
        m += 1
    if m >= len(spans) or spans[m].label != "personid_nr":
        return None
    words, folds = doc.lex.words, doc.folds
    for j in range(doc.index_at(spans[m - 1].end - 1) + 1, doc.index_at(spans[m].start)):
        if j in doc.starts or folds[j].isalnum() and folds[j] not in words("id_trigger") \
                and folds[j] not in words("id_owner_link"):
            return None
    return number_sex(doc.text[spans[m].start:spans[m].end])


def _own_number_sex(doc: Doc, spans: Sequence[Span]) -> set[str]:
    """The sexes the personal numbers the writer calls their own say ("mitt personnummer är
    …", "mitt samordningsnummer: …": the number span within two words of the number word)."""
    numbers = [s for s in spans if s.label == "personid_nr"]
    if not numbers:
        return set()
    owners, ids = doc.lex.words("own_possessive"), doc.lex.words("id_trigger")
    out = set()
    for j in range(len(doc.folds) - 1):
        if doc.folds[j] in owners and doc.folds[j + 1] in ids:
            after = doc.ends[j + 1]
            number = next((s for s in numbers if s.start >= after), None)
            sex = number_sex(doc.text[number.start:number.end]) if number \
                and len(doc.text[after:number.start].split()) <= 2 else None
            if sex:
                out.add(sex)
    return out


def once(make: Callable[[], T]) -> Callable[[], T]:
    """`make`'s value, made on the first call only (cheaper per essay than an lru_cache)."""
    made: list[T] = []

    def get() -> T:
        if not made:
            made.append(make())
        return made[0]
    return get


def _against_list(doc: Doc, k: int, spouse: Callable[[], str | None]) -> str | None:
    """A listed man's or woman's name given to the other sex (Rezan, Jwan, Gabi, the Georgian
    woman Nino): the kin noun the essay names the person with decides ("min dotter Rezan"), or
    for the writer's own name the spouse they own ("min man"; `spouse`, made once an essay)."""
    return kin_gender(doc, k, noun=True) or kin_after(doc, k) or tied_pronoun(doc, k) \
        or spouse_owner(doc, k) or (spouse() if writer_named(doc, k) else None)


def _people(doc: Doc, spans: list[Span]) -> list[int]:
    """For each span, the token where the next person's mention (a name or a kin word) starts;
    a later part of the same name is no other person ("min granne Lerato Dube från Falun och
    hennes son": the pronoun after the family name is still Lerato's)."""
    stops, stop = [0] * len(spans), len(doc.texts)
    for n in range(len(spans) - 1, -1, -1):
        stops[n] = stop
        if spans[n].label in NAMES and n and spans[n - 1].label in NAMES \
                and doc.text[spans[n - 1].end:spans[n].start] == " ":
            continue  # (a name's later part: the person starts with its first part)
        if spans[n].label in NAMES or spans[n].label == "fam":
            stop = doc.index_at(spans[n].start)
    return stops


def _entry(doc: Doc, span: Span, k: int) -> Entry:
    """What the name lists say of a name span starting at token k."""
    return doc.lex.get(span.key) if span.key else doc.entries[k]


def _open(e: Entry) -> bool:
    """A first name whose gender the name lists do not settle (neither a listed man's or
    woman's name nor one of the neutral `unisex_name`s)."""
    return e.gender not in GENDERED and "unisex_name" not in e.cats


def _vietnamese(doc: Doc, spans: list[Span]) -> list[Span]:
    """"Trần Văn Minh", "Nguyễn Thị Lan": the name after a gender marker is the given name
    (also when the lists know it as a surname too) and the marker a middle name. After a
    family name this holds in any case, also for words no list reads as names there
    ("nguyen van duc", "Nguyễn thị lan": lan is also a word)."""
    found = places(doc.folds, doc.lex.words("gender_marker"))  # (its folds: the values' keys)
    if not found:
        return spans  # no marker in the essay (C-level passes, not one look per token)
    out = list(spans)
    at = {doc.index_at(s.start): n for n, s in enumerate(spans)
          if s.label in NAMES and s.end == doc.ends[doc.index_at(s.start)]}
    added = []
    for m in found:
        k = m + 1
        surname = m - 1 in at and spans[at[m - 1]].label == "surname"
        gender = _marker(doc, k, surname) if k < len(doc.texts) else None
        if not gender or m - 1 not in at or not (k in at or surname and k not in doc.starts
                                                 and doc.texts[k].isalpha()):
            continue
        for j, label in ((m, "middlename"), (k, FIRSTNAME[gender])):
            if j in at:
                s = out[at[j]]
                out[at[j]] = NAME_GENDER.span(s.start, s.end, label, s.attrs, key=s.key,
                                              score=s.score)
            else:
                added.append(NAME_GENDER.span(doc.offsets[j], doc.ends[j], label,
                                              key=doc.folds[j]))
    return sorted(out + added, key=lambda x: x.start) if added else out


def settle(doc: Doc, spans: list[Span], remembered: frozenset[str] = frozenset()
           ) -> list[Span]:
    """Relabel every mention of an open first name that the essay's evidence genders. A
    pronoun in a later sentence is weaker evidence than the learner's earlier essays
    (`remembered`: the names they gendered): "vår son Tomás … vi säger tomi" there, "med tomi.
    Från hennes fönster" (the grandmother's) here; "zhino var sjuk, hon hostade" still decides."""
    spans = _vietnamese(doc, spans)
    opened, found = _evidence(doc, spans, remembered)
    if not found:
        return spans
    out = list(spans)
    for n, key in opened.items():
        genders = found.get(key, ())
        if len(genders) == 1:
            s = out[n]
            label = FIRSTNAME[next(iter(genders))]
            if label != s.label:
                out[n] = NAME_GENDER.span(s.start, s.end, label, s.attrs, key=s.key,
                                          score=s.score)
    return out


def evidence(doc: Doc, spans: list[Span]) -> dict[str, str]:
    """The sex this essay's own words give each first name that has any (a kin word, a
    pronoun, the writer's spouse …, as `settle` reads them; not the name lists nor an
    ending's guess), by its folded key: what a learner's other essays take from this one
    ("min dotter Maly" here, "våra barn Maly och oskar" there)."""
    _, found = _evidence(doc, spans, frozenset(), tied=True)
    return {key: next(iter(genders)) for key, genders in found.items() if len(genders) == 1}


def _evidence(doc: Doc, spans: list[Span], remembered: frozenset[str], tied: bool = False
              ) -> tuple[dict[int, str], dict[str, set[str]]]:
    """The first-name spans whose gender the essay's evidence may settle (index -> key), and
    the genders that evidence gives each key; with `tied`, only evidence tied to a mention
    (not a pronoun somewhere after it: "hämtar Senuri … han bjöd oss" may be anyone's)."""
    found: dict[str, set[str]] = {}
    opened: dict[int, str] = {}
    before: str | None = None  # the gender of the last gendered first name so far
    writer: str | None = None  # the gender of the writer's name ("jag heter Maria")
    stops: list[int] | None = None  # made once, for the first unlisted name
    neutral = doc.lex.words("neutral_name")  # "Noor … hon" stays unknown
    spouse = once(lambda: writer_gender(doc, spans))  # one pass over the essay, when asked
    naming = doc.lex.words("naming_verb")
    named: list[tuple[str, str]] = []  # the gendered first names so far (key, gender)
    for n, span in enumerate(spans):
        if span.label not in FIRSTNAMES:
            continue
        k = doc.index_at(span.start)
        listed = _entry(doc, span, k) if k < len(doc.texts) \
            and doc.offsets[k] == span.start else None
        # a misspelling read as the listed name nearest to it ("Bashiiro" ~ Bashir) has only
        # a guessed gender: the essay's evidence decides ("Bashiiro är min fru")
        key = span.key or fold(doc.text[span.start:span.end].lower())
        if listed is not None and key not in neutral \
                and (_open(listed) or span.rule == GUESSED_SPELLING):
            opened[n] = key
            # "alla säger Dežo till honom": the pronoun it is said to before the name it
            # may be short for, the name it starts like ("Ibrahim … vi säger Ibou") before
            # the last one named
            gender = kin_gender(doc, k, firm=True) or _marker(doc, k) or tied_pronoun(doc, k) \
                or _nickname(doc, k, _short_for(key, named) or before, writer) \
                or kin_after(doc, k) or spouse_owner(doc, k)
            if gender is None:
                gender = id_owner_sex(doc, spans, n)
            if gender is None and writer_named(doc, k):
                gender = spouse()  # "Jag heter Siriporn … min man" (no pronoun: "jag")
            if gender is None and not tied:
                stops = stops or _people(doc, spans)
                gender = reflexive_spouse(doc, k, stops[n]) \
                    or pronoun_gender(doc, k, stops[n], key in remembered)
            if gender is None:  # a kin word whose sex varies by language, when nothing else tells
                gender = kin_gender(doc, k)
            if gender:
                found.setdefault(key, set()).add(gender)
        elif listed is not None and key not in neutral and listed.gender in GENDERED:
            opened[n] = key
            gender = _against_list(doc, k, spouse)
            if gender:
                found.setdefault(key, set()).add(gender)
        # the sex the essay's evidence gave the name, else its label: "jag heter Wendpanga …
        # mina kompisar säger Panga … jag har en flickvän" makes the nickname a man's too
        said = found.get(key, ())
        gender = next(iter(said)) if len(said) == 1 else span.label.removeprefix("firstname_")
        if gender in GENDERED:
            before = gender
            named.append((key, gender))
            if k >= 2 and doc.folds[k - 2] == "jag" and doc.folds[k - 1] in naming:
                writer = gender
    return opened, found


NAME_GENDER = Rule("name-gender", "gazetteer", tuple(sorted(FIRSTNAMES | {"middlename"})), 0.8,
                   ("kin_gender", "gender_skip", "possessive", "gender_marker", "nickname_word",
                    "have_verb", "writer_had_spouse",
                    "saying_verb", "person_pronoun", "be_verb", "kin_adjective", "neutral_name",
                    "naming_verb", "gender_predicate", "own_name_noun", "own_possessive",
                    "writer_spouse", "writer_parent", "closing_word", "family_first_surname",
                    "reflexive_possessive", "id_trigger", "id_owner_link", "kin_sex_varies"),
                   fn=settle)
