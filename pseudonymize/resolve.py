"""Resolve candidate spans into one non-overlapping labelled set with running numbers.

Overlaps: longer spans win, then higher scores; a replaced label beats a mark-only one. Running
numbers count distinct entities per label within an essay (or across a learner's essays when a
`Memory` is shared); variants of one entity (Stokholm/Stockholm, Anna/Annas) share a number because
they share a canonical key.
"""
from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Mapping
from itertools import compress, count
from operator import itemgetter, sub

from rapidfuzz.distance import OSA

from pseudonymize import thresholds as T
from pseudonymize.detectors.context import (AGE, AGE_WORD, GEO_PREFIX, HEAD_NOUN, KIND_STATEMENT,
                                            LEXICON_MARK, NAMED_KIND, STREET_SUFFIX)
from pseudonymize.detectors.gender import NAME_GENDER, settle
from pseudonymize.detectors.rule import COREFERENCE, INITIALLED_SURNAME, PLACE_OTHER_NAME
from pseudonymize.detectors.gazetteer_match import (AFTER_NAME, GAZETTEER, HOMOGRAPH, INITIAL,
                                                     NAME_CONTEXT, NAME_PAIR, NAMELIKE_SLOT,
                                                     NAMELIKE_TAIL, PLACE_CONTEXT,
                                                     PLACE_PREPOSITION, PLACE_SUFFIX, PROPER_NOUN,
                                                     side_of_town)
from pseudonymize.doc import Doc, places
from pseudonymize.labels import FIRSTNAME, LABELS, NAME_LABELS, ORG_LABELS, PLACE_LABELS
from pseudonymize.lexicon import EMPTY, Entry, fold
from pseudonymize.types import REPLACE, Span

EVERYDAY = 4.5  # a name this frequent as a word is propagated only with the same capital
PROPAGATED = frozenset(COREFERENCE.labels)
GENDERED_NAMES = frozenset({FIRSTNAME["female"], FIRSTNAME["male"]})
FIRSTNAMES = frozenset(FIRSTNAME.values())
# A city of this many people has districts learners name; an unknown place, or a known one under
# DISTRICT_MAX people, mentioned while the essay is there is taken for one of them.
METROPOLIS = 100_000
DISTRICT_MAX = 100_000
REGION_STEM = 4  # letters a region's name has before its ending (`_region_named`: Tuva-ien is none)
DWELT_REACH = 4  # words between a verb of dwelling and "i" ("bodde vi tolv år i X")
SPELT_NAMES = frozenset(r.name for r in (NAMELIKE_SLOT, NAMELIKE_TAIL))  # names by letters only
DISTRICT_RULES = frozenset(r.name for r in (PLACE_CONTEXT, PLACE_PREPOSITION, PROPER_NOUN,
                                           NAME_CONTEXT))
SUFFIX_RULES = frozenset(r.name for r in (PLACE_SUFFIX, STREET_SUFFIX))  # places named by ending


class _Replaced(dict):
    """label -> whether it is replaced, computed once per label."""

    def __missing__(self, label: str) -> bool:
        self[label] = found = LABELS[label].action == REPLACE
        return found


REPLACED = _Replaced()


def _priorities(spans: list[Span]) -> list[tuple]:
    """Each span's rank in `select` (replaced, length, score), at C speed."""
    starts, ends = map(itemgetter(0), spans), map(itemgetter(1), spans)
    return list(zip(map(REPLACED.__getitem__, map(itemgetter(2), spans)), map(sub, ends, starts),
                    map(itemgetter(4), spans)))


def select(spans: list[Span]) -> list[Span]:
    """Greedy selection of the best non-overlapping spans, in text order. The characters
    taken are marked in a byte map: each overlap check is one C-level scan of the span's own
    characters, so selection is linear in the text, not in spans x chosen spans."""
    chosen: list[Span] = []
    taken = bytearray(max((s.end for s in spans), default=0))
    ranks = _priorities(spans)
    for span in map(spans.__getitem__, sorted(range(len(spans)), key=ranks.__getitem__,
                                              reverse=True)):
        start, end = span.start, span.end
        if end <= start or taken.find(1, start, end) >= 0:
            continue
        chosen.append(span)
        taken[start:end] = b"\x01" * (end - start)
    return sorted(chosen, key=itemgetter(0))  # by start


def _shouted(doc: Doc, k: int) -> bool:
    """An everyday word in text written in capitals ("PÅ VOLVO I GÖTEBORG", the view keeps
    that "I"): no part of a name's run ("Bygg AB" is)."""
    text = doc.texts[k]
    return k > 0 and text.isupper() and (len(text) == 1 or doc.texts[k - 1].isupper()) \
        and doc.entries[k].zipf >= T.COMMON


def whole_institutions(spans: list[Span], doc: Doc) -> list[Span]:
    """An institution's name is its whole run of capitalised words within the sentence
    ("Städbolaget Rena Hem", "Ahmed Bygg AB", "Nordic Clean Service", "Språkskolan Lära
    Svenska"): the run's other words are part of the name, not a person beside it nor a word
    to keep, and one word left out leaks the workplace. Spans inside the run are absorbed;
    one reaching past it stops the run there. Each run is read once (NAME_WORDS_MAX words)."""
    if not any(s.label in ORG_LABELS for s in spans):
        return spans
    out: list[Span] = []
    i = 0
    while i < len(spans):
        span = spans[i]
        if span.label not in ORG_LABELS or doc.text[span.start:span.end][:1].islower():
            out.append(span)
            i += 1
            continue
        first, last = doc.index_at(span.start), doc.index_before(span.end)
        # back to the run's first word, never to a sentence's first ("Till Swedbank")
        while first - 1 not in doc.starts and first and last - first < T.NAME_WORDS_MAX:
            prev = doc.token(first - 1)
            if not (prev.text[:1].isupper() and prev.text.isalpha() and prev.ws == " ") or (
                    out and out[-1].start < prev.start < out[-1].end) or _shouted(doc, first - 1):
                break
            first -= 1
        run = doc.capitalised_run(last)
        stop = next((k for k in range(last + 1, run + 1) if _shouted(doc, k)), run + 1)
        end = doc.ends[stop - 1]
        j = i + 1
        while j < len(spans) and spans[j].start < end:
            if spans[j].end > end:
                # a span reaching past the run: the run stops before it
                end = doc.ends[doc.index_before(spans[j].start)]
                break
            j += 1
        start = doc.offsets[first]
        while out and out[-1].start >= start:
            out.pop()  # a name before the institution in its run: "Ahmed" of "Ahmed Bygg AB"
        end = max(end, span.end)
        out.append(span if (start, end) == (span.start, span.end) else Span(
            start, end, span.label, span.attrs, span.score, span.rule,
            " ".join(doc.folds[first:doc.index_before(end) + 1])))
        i = j
    return out


def covered(spans: Iterable[Span], size: int) -> bytearray:
    """The characters the spans cover, one byte each (as in `select`), so a new mention is
    tested against all of them by one C-level `find` (and the review's underlined words skip
    them: `review.doubts`)."""
    taken = bytearray(size)
    for s in spans:
        taken[s.start:s.end] = b"\x01" * (s.end - s.start)
    return taken


def _propagated(spans: list[Span], doc: Doc, earlier: dict[tuple[str, str], int] | None
                ) -> tuple[dict[str, Span], set[str], set[str]]:
    """`propagate`'s names by fold, with the folds that are everyday words (propagated only
    with the same capital) and an earlier essay's everyday-word names (only as a subject)."""
    known: dict[str, Span] = {}  # by fold: "Goteborg" is another mention of "Göteborg"
    # Everyday words are propagated only with the same capital ("Jag" found as a name once
    # must not turn every "jag" into one); the span's own token says how frequent it is.
    everyday: set[str] = set()
    definite = doc.lex.words.ends["definite_ending"]
    offsets = doc.offsets  # doc.index_at, without a Python call per mention
    for span in spans:
        surface = doc.text[span.start:span.end]
        if span.label in PROPAGATED and len(surface) > 1 and (
                surface.isalpha() or _one_hyphened_token(doc, span, surface)):
            k = bisect_left(offsets, span.start)
            key = doc.folds[k]
            if "gen" in span.attrs and key[:-1] == span.key and key[-1:] == "s":
                # first named in the genitive ("tamandas moster ... träffade tamanda"): the
                # name's own form is the one its other mentions take (and its genitive)
                key, span = key[:-1], span._replace(attrs=tuple(a for a in span.attrs
                                                               if a != "gen"))
            if key not in known:
                known[key] = span
                if doc.entries[k].zipf >= EVERYDAY or doc.entries[k].cats & HOMOGRAPH:
                    everyday.add(key)  # "Björk" the name, "en stor björk" the tree
        elif span.label in ORG_LABELS:
            # "Lundellska gymnasiet … lundellska": an institution's rare first word, or a later
            # one no word list knows and no noun's definite form ("Café Toubkal, efter toubkal";
            # not "Swedbank Sökningarna"), the name it was given, is it again
            first, last = doc.index_at(span.start), doc.index_before(span.end)
            for k in range(first, min(last, first + T.LONGEST_PHRASE) + 1) if first < last else ():
                e = doc.entries[k]
                if doc.texts[k].isalpha() and (e.zipf < T.RARE if k == first else not e.zipf
                                               and not doc.folds[k].endswith(definite)) \
                        and not (e.place_kind or e.gender or e.surname_rank or e.country
                                 or e.cats):
                    known.setdefault(doc.folds[k], span)
    subject_only: set[str] = set()  # an earlier essay's name that is an everyday word too
    for label, key in earlier or ():
        stem = fold(key)
        if label in PROPAGATED and stem.isalpha() and len(stem) > 1 and stem not in known:
            known[stem] = Span(0, 0, label, (), 0.6, COREFERENCE.name, key)
            if doc.lex.get(stem).zipf >= EVERYDAY:
                subject_only.add(stem)  # "Lan" named before, "lan jobbar på salongen" here
    return known, everyday, subject_only


def _short_forms(known: dict[str, Span]) -> dict[str, Span]:
    """"Mohamed ... alla kallar mig Mo": each beginning (two letters or more, two short of the
    whole at least) of a first name the essay names, with the name's span."""
    return {key[:n]: span for key, span in known.items()
            if span.label in FIRSTNAMES and len(key) <= T.LONGEST_NAME
            for n in range(2, len(key) - 1)}  # bounded: a hostile 1 MB "name" has none


def _add_short_forms(known: dict[str, Span], shorts: dict[str, Span], doc: Doc,
                     taken: bytearray, out: list[Span], hits: Iterable[int]) -> None:
    """Add to `out` the short forms of the essay's first names (`hits`: the tokens whose fold
    is one of `shorts`) that no span covers yet: a capitalised beginning of a first name (no
    everyday word) is its short form, under its own key (its surrogate is a short form of the
    full name's surrogate)."""
    folds = doc.folds
    for k in hits:
        e = doc.entries[k]
        if folds[k] not in known and doc.texts[k][:1].isupper() and doc.texts[k].isalpha() \
                and e.zipf < T.COMMON and not (e.cats or e.country) \
                and taken.find(1, doc.offsets[k], doc.ends[k]) < 0:
            base = shorts[folds[k]]
            out.append(Span(doc.offsets[k], doc.ends[k], base.label, base.attrs, base.score,
                            COREFERENCE.name, folds[k]))
            taken[doc.offsets[k]:doc.ends[k]] = b"\x01" * (doc.ends[k] - doc.offsets[k])


def _noun_phrase(doc: Doc, k: int, noun_before: frozenset[str]) -> bool:
    """Token k is a noun after an article or determiner, right after it or past one lower-case
    word ("en ek", "en gammal ek", "ingen stor lund"): an everyday word there is the word, not
    the name it also is."""
    folds, texts = doc.folds, doc.texts
    if k >= 1 and folds[k - 1] in noun_before:
        return True
    return k >= 2 and folds[k - 2] in noun_before and texts[k - 1].isalpha() \
        and texts[k - 1].islower() and doc.entries[k - 1].zipf >= T.RARE \
        and doc.lex.marks.get(texts[k - 1].lower()) is None


def _opens_clause(doc: Doc, k: int) -> bool:
    """Token k starts its sentence, or follows an adverb that opens it ("nu iris är", "igår
    love ringde", "i går bo spelade", or a year: "2019 kaj ville hem": a learner's word order
    puts the subject there), a conjunction that joins a clause ("… och love ringde en
    veterinär") or one that opens a subordinate clause ("där Massa föddes", "när ren kom hem")."""
    return k in doc.starts or k >= 1 and (
        k - 1 in doc.starts and (doc.folds[k - 1] in doc.lex.words("fronted_adverb")
                                 or _year(doc.texts[k - 1]))
        or doc.folds[k - 1] in doc.lex.words("clause_conjunction")
        or doc.folds[k - 1] in doc.lex.words("subject_before")
        or k >= 2 and k - 2 in doc.starts
        and doc.folds[k - 2] + doc.folds[k - 1] in doc.lex.words("fronted_adverb"))


def _year(text: str) -> bool:
    """A year opening a sentence before its subject, a learner's word order ("2019 kaj ville
    hem"; "i går", "i dag" are the fronted adverbs igår, idag written apart)."""
    return len(text) == 4 and text.isdigit() and text[:2] in ("19", "20")


def _named_person(doc: Doc, k: int, stem: str, possessive: frozenset[str],
                  be_verbs: frozenset[str], name_verbs: frozenset[str]) -> bool:
    """The mention at token k (of the known name `stem`) is said to be a person: in lower case
    as a clause's subject ("Min kompis är Rosa … rosa har alltid"), right after a kin word
    ("min son bank"), before a verb's past tense starting its sentence (or after an adverb
    opening it) however frequent the word ("Per Fors … per berättade att"; a preposition, "per
    fisk", or a bare singular noun cannot be; a possessive before a past tense: "sina tog"),
    given as a name ("valde namnet saga"), or said by "är" to be someone's occupation, kin or
    age (`_said_person`)."""
    folds, texts = doc.folds, doc.texts
    rare = doc.entries[k].zipf < T.DOMINANT_WORD
    after = folds[k + 1] if k + 1 < len(folds) else ""
    # (a frequent word before a person's verb too, where it is no pronoun: "Tala fick komma")
    function = stem in doc.lex.words("function_word") or folds[k] in possessive
    # starting its sentence, or after an adverb opening it in a learner's word order ("Per
    # Fors … igår per berättade", "Love Vinge … Igår love ringde mig")
    if _opens_clause(doc, k) and after and (
            (rare or not function) and after in name_verbs and after not in be_verbs
            or (len(after) >= 5 and after.endswith(doc.lex.words.ends["past_ending"])
                or after in doc.lex.words("past_verb"))
            and (not function or folds[k] in possessive) and texts[k + 1].isalpha()):
        # (a possessive owns a noun, never a verb: "och mina hittade", "sina tog" are names)
        return True
    if k and folds[k - 1] in doc.lex.words("name_trigger", "verb"):
        return True  # "Min dotter Saga … Anders valde namnet saga": the name it was given
    if not function and folds[k] != stem and k + 1 < len(folds) \
            and doc.lex.marks.get(texts[k + 1].lower()) == "fam":
        return True  # "Min vän Ronja … ronjas pappa": someone's kin, so someone
    if not function and _inverted_subject(doc, k, name_verbs, be_verbs):
        return True  # "Min vän Ronja … Igår ringde ronja till mig"
    if k and rare and doc.lex.marks.get(texts[k - 1].lower()) == "fam":
        return True
    pronouns = doc.lex.words("personal_pronoun")
    if after == "och" and k + 2 < len(folds) and folds[k + 2] in pronouns \
            or k >= 2 and folds[k - 1] == "och" and folds[k - 2] in pronouns:
        return True  # "sol och jag promenerar", "jag och iris": a person beside a person
    if k >= 2 and folds[k - 1] == "och" and doc.entries[k - 2].gender \
            and texts[k - 2].isalpha() and (k + 1 == len(folds) or k + 1 in doc.starts
                                            or not texts[k + 1][0].isalnum()):
        return True  # "adam och mina" (a heading), "… Sara och rosa.": a name beside a name
    return _said_person(doc, k, be_verbs, possessive) or _object_person(doc, k, name_verbs)


def _inverted_subject(doc: Doc, k: int, name_verbs: frozenset[str],
                      be_verbs: frozenset[str]) -> bool:
    """Token k is the subject a fronted adverb puts after its verb ("Sen kom ronja till oss",
    "Igår ringde ronja."): a person's verb opening the sentence past the adverb, and after the word
    the clause ends or goes on with a preposition or a place adverb, not with a noun the word
    would describe ("Sen kom rosa moln")."""
    folds, texts = doc.folds, doc.texts
    if k < 2 or folds[k - 1] not in name_verbs or folds[k - 1] in be_verbs \
            or not (k - 2 in doc.starts and folds[k - 2] in doc.lex.words("fronted_adverb")):
        return False
    return k + 1 == len(folds) or not texts[k + 1][0].isalnum() \
        or folds[k + 1] in doc.lex.words("preposition") \
        or folds[k + 1] in doc.lex.words("place_adverb")


def _object_person(doc: Doc, k: int, name_verbs: frozenset[str]) -> bool:
    """A remembered name that is also a preposition (vid, till) where no preposition can
    stand: starting its clause before a finite verb ("Vid var tyst"), or closing it right
    after "med"/"hos" or a verb of meeting ("sjöng med vid.", "träffade vid på stranden"):
    the word there reads only as the person."""
    folds, texts, n = doc.folds, doc.texts, len(doc.texts)
    if folds[k] not in doc.lex.words("preposition"):
        return False
    if _opens_clause(doc, k):
        return k + 1 < n and folds[k + 1] in name_verbs
    closes = k + 1 == n or not texts[k + 1][0].isalnum()
    before = doc.lex.words.value("person_object").get(folds[k - 1]) if k else None
    return before == "preposition" and closes or before == "verb" and (
        closes or folds[k + 1] in doc.lex.words("preposition"))


def _said_person(doc: Doc, k: int, be_verbs: frozenset[str], possessive: frozenset[str]) -> bool:
    """"Saga Niemi … saga är förskollärare", "rosa är min syster", "nu iris är pensionär",
    "sol är tre": a word starting its sentence (or after an adverb opening it) that "är" says
    is someone's occupation, kin or state of life (past an article or an owner), or of an age
    (`_aged`), is a person."""
    folds, texts, n = doc.folds, doc.texts, len(doc.texts)
    if not _opens_clause(doc, k) or k + 2 >= n or folds[k + 1] not in be_verbs:
        return False  # ("nu iris är pensionär": after an adverb opening the sentence too)
    if _aged(doc, k + 2):
        return True  # "Sol … sol är tre och älskar sol", "maj är nio": the age said of her
    j = k + 2 + (folds[k + 2] in ("en", "ett") or texts[k + 2].lower() in possessive)
    return j < n and (doc.lex.marks.get(texts[j].lower()) in ("prof", "fam")
                      or folds[j] in doc.lex.words("person_state"))


def _aged(doc: Doc, j: int) -> bool:
    """Token j, after "är" or "blir", is an age: a number of at most two digits or a number word
    (`number_word`, "nio", "tjugoett") closing its clause or before "år" (`age_trigger`) or
    "och" (`list_word`): "maj är nio och malik är två"."""
    texts, n = doc.texts, len(doc.texts)
    if not (texts[j].isdigit() and len(texts[j]) <= 2
            or doc.folds[j] in doc.lex.words("number_word")):
        return False
    return j + 1 == n or not texts[j + 1][0].isalnum() \
        or doc.folds[j + 1] in doc.lex.words.union("age_trigger", "list_word")


def _verb_slot(doc: Doc, k: int) -> bool:
    """Token k, in lower case, an everyday word that no name list holds, stands right after a
    subject pronoun ("Anar ... jag anar"): a verb's slot, where a name the essay gave that is
    also a verb is the verb. A listed name there is the name ("hej jag ali", a learner leaving
    out "heter")."""
    e = doc.entries[k]
    return k >= 1 and doc.texts[k][:1].islower() and e.zipf >= T.RARE and e.gender is None \
        and not e.first_rank and not e.surname_rank \
        and doc.folds[k - 1] in doc.lex.words("personal_pronoun")


def _one_hyphened_token(doc: Doc, span: Span, surface: str) -> bool:
    """A one-token name of letters joined by hyphens ("al-ashar", "Gun-Britt"), propagated as
    a one-word one is."""
    return "-" in surface and surface.replace("-", "").isalpha() \
        and doc.ends[doc.index_at(span.start)] == span.end


def _feast_mention(doc: Doc, k: int) -> bool:
    """"Bayram är min mans bror … På bayram äter vi godis", "Lucia … vi firar lucia": a
    person's name that is also a feast or a month, in lower case after a word for a time
    (`month_preposition`, `feast_preposition`) or a verb of celebrating, is the feast or month."""
    if not k or not doc.texts[k][0].islower() or not doc.entries[k].cats & FEAST_CATS \
            or doc.lex.respelt(doc.texts[k], doc.folds[k], FEAST_CATS):  # "på hållö": no "hallo"
        return False
    prev = doc.folds[k - 1]
    return any(prev in doc.lex.words(cat) for cat in ("month_preposition", "feast_preposition",
                                                       "celebration_verb"))


def _in_listed_phrase(doc: Doc, k: int) -> bool:
    """Token k is a word of a phrase the lexicon says is never personal ("Min dotter heter
    Yalda … vi firar Shab-e Yalda", "Jordi … Sant Jordi", "Keti … Keti Koti": a feast's, a
    greeting's words), starting at most LONGEST_PHRASE words before it: the phrase, not the
    person named so elsewhere in the essay."""
    folds, phrases = doc.folds, doc.lex.phrases
    for j in range(max(0, k - T.LONGEST_PHRASE + 1), k + 1):
        for phrase, e in phrases.get(folds[j], ()):
            if j + len(phrase) > k and "not_name" in e.cats \
                    and tuple(folds[j:j + len(phrase)]) == phrase:
                return True
    return False


def _feast_or_thing(doc: Doc, k: int, base: Span, articles: frozenset[str]) -> bool:
    """Token k, a further mention of `base`, is a feast (`_feast_mention`), a word of a phrase
    never personal (`_in_listed_phrase`), or, for a place or institution, a thing of its make
    right after an indefinite article ("jobbar på volvo … en gammal Volvo 240", "en Nissan")."""
    return _feast_mention(doc, k) or _in_listed_phrase(doc, k) \
        or base.label not in NAME_LABELS and _noun_phrase(doc, k, articles) \
        and not _noun_after(doc, k)


def _noun_after(doc: Doc, k: int) -> bool:
    """A lower-case word that is no function word or preposition follows token k: the name is
    the first part of a compound written apart ("ett Scandic hotell", "en ICA butik": the
    workplace again), not a thing of its make ("en Volvo med nummer", "en gammal Volvo 240")."""
    if k + 1 >= len(doc.texts) or not doc.texts[k + 1].isalpha() \
            or not doc.texts[k + 1].islower():
        return False
    return doc.folds[k + 1] not in doc.lex.words("function_word") \
        and doc.folds[k + 1] not in doc.lex.words("preposition")


def _everyday_mention(doc: Doc, k: int, stem: str, base: Span, kinds: tuple[bool, bool],
                      sets: tuple[frozenset[str], ...], after_name: bool = False,
                      after_given: bool = False) -> bool:
    """Token k, a further mention of the propagated name `base` (stem `stem`), is the everyday
    word it spells there: labelling it would replace a pronoun, a verb or a noun. `kinds` says
    whether the stem is an everyday word and whether it counts only as a subject; `sets` are
    the possessive, be-verb, name-verb and noun-before word lists, the articles among the
    last and the degree words (as written: "så" is no "sa"), looked up once per essay;
    `after_name`: a span covers the word before (a given name the mention continues);
    `after_given`: two capitalised words of a person's name stand right before it."""
    everyday, subject_only = kinds
    possessive, be_verbs, name_verbs, noun_before, articles, degree_words = sets
    folds, key = doc.folds, doc.folds[k]
    if k in doc.starts and key in possessive and k + 1 < len(doc.texts) \
            and doc.lex.marks.get(doc.texts[k + 1].lower()) == "fam":
        return True  # "Hans bror bor i Malmö": the pronoun at a sentence start, not Hans
    if _verb_slot(doc, k):
        return True  # "Anar ... jag anar att": the verb after its subject, never the name
    if _feast_or_thing(doc, k, base, articles):
        return True
    if base.label == "work" and k and folds[k - 1] in possessive:
        return True  # "jobbar på volvo … min Volvo XC60": a thing owned, no workplace
    subject = _named_person(doc, k, stem, possessive, be_verbs, name_verbs)
    if subject_only and not subject:
        return True
    if base.label == "surname" and doc.texts[k][0].islower() and doc.text[base.start].isupper() \
            and doc.entries[k].zipf >= T.RARE and not subject and not (
                k and doc.texts[k - 1].isalpha() and (doc.texts[k - 1][0].isupper()
                                                      or doc.entries[k - 1].gender or after_name)):
        # "Göran Orre … han jagar orre", "Berit Ljung … lila av ljung": the word, where no
        # given name before it makes it the family name again ("mamma till maly strand")
        return True
    # "Tilde Ruth hall i klass 2A … Petter Hall": the essay's family name in lower case right
    # after a capitalised given and middle name is the name again, however everyday the word
    # (one given name is not enough: "gav jag Anna fisk" after "Lisa Fisk")
    given_surname = after_given and base.label == "surname"
    # "jobbar med liv, hon … liv är från Boliden": a name found in lower case, again in
    # lower case as a sentence's subject (before "är" too)
    habit = k in doc.starts and base.end > base.start and doc.text[base.start].islower() \
        and k + 1 < len(folds) and (folds[k + 1] in name_verbs or folds[k + 1] in be_verbs)
    # (a function word only capitalised inside its sentence: "så Han är min familj" after
    # "Jag heter Han Seo-yeon", but "han" and a sentence's "Han" stay the pronoun)
    if everyday and (doc.texts[k][0] != doc.text[base.start] and not (subject or given_surname)
                     or stem in doc.lex.words("function_word")
                     and not (doc.texts[k][0].isupper() and k not in doc.starts)
                     or doc.texts[k][0].islower() and doc.entries[k].zipf
                     >= T.DOMINANT_WORD and not (habit or subject or given_surname)):
        return True  # "han heter hans och hans bror": the second is the pronoun
    if doc.texts[k][0].islower() and k and folds[k - 1] in be_verbs \
            and doc.entries[k].zipf >= T.RARE and (
                doc.entries[k].zipf >= T.COMMON or base.label in NAME_LABELS):
        # "Gul … hans jacka var gul": a frequent word said of something; "Ville Smed …
        # min pappa var smed": an everyday noun said of someone, however rare the word
        # (a firm's name is said so: "min arbetsgivare är iss")
        return True
    if not doc.texts[k][0].islower():
        return False
    if k and folds[k - 1] in articles and not doc.entries[k].gender:
        return True  # "Karl Häger … en häger": right after an article, however rare the noun
    if k and doc.texts[k - 1].lower() in degree_words and doc.entries[k].zipf >= T.RARE \
            and not subject:
        return True  # "Erik Lustig … inte så lustig": the adjective the name's pun is on
    # "Björn ek … en gammal ek": the tree
    return doc.entries[k].zipf >= T.RARE and _noun_phrase(doc, k, noun_before)


FEAST_CATS = frozenset({"month", "not_name"})  # a name's readings as a month or a feast


# the readings of a name by its capital or its list alone, no context said a person's
CAPITAL_READINGS = frozenset(r.name for r in (PROPER_NOUN, GAZETTEER, NAME_PAIR, AFTER_NAME,
                                              NAMELIKE_SLOT, NAMELIKE_TAIL)) | {"learned"}


def celebrated(spans: list[Span], doc: Doc) -> list[Span]:
    """"Sagaalgan" (a heading) … "I februari vi firade Sagaalgan", "vi firar Inti Raymi": the
    capitalised words no name list holds that the essay celebrates ("firar X", "firade vi X")
    are a feast wherever they stand, not a person its capital alone named (the heading's word,
    a mention before the verb); a person a naming or kin word names stays one. Not a genitive
    ("firade Imanis födelsedag": the person's)."""
    verbs = doc.lex.words("celebration_verb")
    found = places(doc.folds, verbs)
    if not found:
        return spans  # (most essays celebrate nothing: one C-level pass)
    inverted, n, texts = doc.lex.words("inverted_subject"), len(doc.texts), doc.texts
    feasts: set[str] = set()
    for k in found:
        j = k + 1 + (k + 2 < n and doc.folds[k + 1] in inverted)
        while j < n and texts[j][:1].isupper() and texts[j].isalpha() and j not in doc.starts \
                and not (doc.entries[j].gender or doc.entries[j].surname_rank) \
                and not (texts[j].endswith("s") and j + 1 < n and texts[j + 1].islower()
                         and texts[j + 1].isalpha()):
            feasts.add(doc.folds[j])
            j += 1
    if not feasts:
        return spans
    return [s for s in spans if not (s.label in NAME_LABELS and s.rule in CAPITAL_READINGS
                                     and set(fold(doc.text[s.start:s.end].lower()).split())
                                     <= feasts)]


def public_figures(spans: list[Span], doc: Doc) -> frozenset[tuple[int, int]]:
    """"samma namn som poeten Rumi", "inte poeten Rasul Gamzatov": the names (offsets) a
    public role likened or denied right before makes a public person's (TAXONOMY labels no
    public figure), and a saint's after a saint's title (`_saint`); not where a kin, friend or
    trade word follows ("... som sångaren Ali, min kusin"). Only that sign: a work's "av" ("en dikt av Sofia Haddad vann tävlingen"),
    "inte släkt med X" (the writer's own surname) and a mark after the name ("Tony Eriksson
    var en hjälte") are said of private persons as often, and a private name kept leaks.
    Found on the selected spans, dropped last (`unpublic`), so that a pronoun after one is
    still that person's."""
    if doc.lex.words("public_role").isdisjoint(doc.folds) \
            and doc.lex.words("saint_title").isdisjoint(doc.folds):
        return NO_PUBLIC  # (most essays name no public person: one C-level pass)
    return frozenset(spans[k][:2] for run in _name_runs(spans, doc)
                     if (_public_before(doc, run[0][0]) or _saint(doc, run))
                     and not _person_after(doc, run[-1][1])
                     for _, _, k in run)


def _saint(doc: Doc, run: list[tuple[int, int, int]]) -> bool:
    """A run of names that is a saint's: one name right after a saint's title that is no
    name itself ("vår släkts helgon, Sveti Nikola", "sjunger för jungfru Maria"), or the title
    read as a name and one name after it ("vårfesten för Sankt Georg"). A saint is no private
    person, and a name the essay also gives a person stays replaced (`unpublic`)."""
    saints, (first, last, _) = doc.lex.words("saint_title"), run[0]
    if first != last or len(run) > 2:
        return False
    if len(run) == 2:
        return doc.folds[first] in saints and not doc.entries[first].gender \
            and run[1][0] == run[1][1]
    return first >= 1 and doc.folds[first - 1] in saints and not doc.entries[first - 1].gender \
        and doc.space(first - 1) == " "


NO_PUBLIC: frozenset[tuple[int, int]] = frozenset()


def unpublic(spans: list[Span], doc: Doc, public: frozenset[tuple[int, int]]) -> list[Span]:
    """The spans less the public persons' names `public_figures` found; not a name some
    person of the essay also bears ("Min son Rumi ... som poeten Rumi": kept, it would show
    the son's name)."""
    if not public:
        return spans
    text = doc.text

    def said(s: Span) -> str:
        return fold(text[s.start:s.end].lower())

    persons = {said(s) for s in spans if s.label in NAME_LABELS and s[:2] not in public}
    return [s for s in spans if s[:2] not in public or said(s) in persons]


def _name_runs(spans: list[Span], doc: Doc) -> list[list[tuple[int, int, int]]]:
    """The capitalised names read by their capital or a list (first token, last token, the
    span's index), joined into runs where only a space stands between ("Rasul Gamzatov")."""
    runs: list[list[tuple[int, int, int]]] = []
    for k, s in enumerate(spans):
        if s.label not in NAME_LABELS or s.rule not in CAPITAL_READINGS \
                or not doc.text[s.start:s.start + 1].isupper():
            continue
        first, last = bisect_left(doc.offsets, s.start), bisect_left(doc.ends, s.end)
        if runs and runs[-1][-1][1] + 1 == first and doc.space(first - 1) == " ":
            runs[-1].append((first, last, k))
        else:
            runs.append([(first, last, k)])
    return runs


def _public_before(doc: Doc, i: int) -> bool:
    """Token i starts a public person's name by the public role right before it, likened or
    denied ("samma namn som poeten Rumi", "som den gamla presidenten, Yahya Jammeh", "inte
    poeten Rasul Gamzatov"); a role alone ("presidenten Christian Wulff sa") is how a
    newspaper names anyone in office."""
    folds, words = doc.folds, doc.lex.words
    k = i - 1 - (i >= 2 and folds[i - 1] == ",")
    return k >= 0 and folds[k] in words("public_role") \
        and not words("public_likeness").isdisjoint(folds[max(0, k - T.LIKENESS_REACH):k])


def _person_after(doc: Doc, j: int) -> bool:
    """A kin, friend or trade word in the sentence after the name ending at token j ("Ali, min
    kusin", "Jonas Berg, han är min granne", "Rumi, idrottsläraren på min skola")."""
    texts, n = doc.texts, len(doc.texts)
    for k in range(j + 1, min(n, j + 1 + T.PERSON_AFTER_REACH)):
        if texts[k] in ".!?" or "\n" in doc.space(k - 1):
            return False
        if doc.lex.mark_of(texts[k].lower()) in ("fam", "prof"):
            return True  # (mark_of: also a compound trade, "idrottsläraren")
    return False


def propagate(spans: list[Span], doc: Doc,
              earlier: dict[tuple[str, str], int] | None = None) -> list[Span]:
    """Label every further mention of a replaced one-word name or place ("vår son Minh ...
    Minh är åtta år"): context found it once, and one surviving mention would leak it. With
    `earlier` (a learner's Memory.refs: (label, key) of what their earlier essays established),
    a one-word name or place of those essays is found here too, in any case, unless it is an
    everyday word."""
    known, everyday, subject_only = _propagated(spans, doc, earlier)
    if not known:
        return spans
    # a word taken for a name by its letters alone that the essay names otherwise ("Pizzeria
    # Bagatelli ... alla barn älskar bagatelli") is that other entity again
    spans = [s for s in spans if s.rule not in SPELT_NAMES or known.get(
        doc.folds[bisect_left(doc.offsets, s.start)], s).label == s.label]
    spans = [s for s in spans if not _named_kin_mark(doc, s, known)]
    taken = covered(spans, len(doc.text))
    out = list(spans)
    folds = doc.folds
    name_starts = {s.end: s.start for s in spans if s.label in NAME_LABELS}
    # the tokens that are a known fold, its genitive or a first name's short form, found in
    # one C-level pass
    shorts = _short_forms(known)
    mentions = set(known) | {key + "s" for key in known}
    hits = list(compress(count(), map(mentions.union(shorts).__contains__, folds)))
    if shorts:
        _add_short_forms(known, shorts, doc, taken, out, [k for k in hits if folds[k] in shorts])
    sets = (doc.lex.words("possessive"), doc.lex.words("be_verb"), doc.lex.words("name_verb"),
            doc.lex.words("noun_before"), doc.lex.words("noun_before", "article"),
            doc.lex.words.surface("degree_word"))
    for k in hits:
        if taken[doc.offsets[k]] or folds[k] not in mentions:
            continue  # a mention already labelled (most of them): its first character taken
        key = folds[k]
        stem = key if key in known else key[:-1]
        if taken.find(1, doc.offsets[k], doc.ends[k]) >= 0:
            continue
        base = known[stem]
        after_name = bool(k) and (bool(taken[doc.offsets[k - 1]]) or doc.folds[k - 1] in known
                                  and known[doc.folds[k - 1]].label in FIRSTNAMES)
        after_given = k >= 2 and _capital_name_run(doc, k, name_starts)
        if _everyday_mention(doc, k, stem, base, (stem in everyday, stem in subject_only), sets,
                             after_name, after_given):
            continue
        attrs = base.attrs if stem == key else base.attrs + ("gen",)
        out.append(Span(doc.offsets[k], doc.ends[k], base.label, attrs, base.score,
                        COREFERENCE.name, base.key))
    return sorted(out, key=lambda s: s.start)


def _capital_name_run(doc: Doc, k: int, name_starts: dict[int, int]) -> bool:
    """Tokens k-2 and k-1 are capitalised words of person names' spans (`name_starts`: each
    name span's start by its end): one span of both or a span each ("Tilde Ruth")."""
    if not (doc.texts[k - 1][:1].isupper() and doc.texts[k - 2][:1].isupper()):
        return False
    start = name_starts.get(doc.ends[k - 1])
    return start is not None and (start <= doc.offsets[k - 2] or doc.ends[k - 2] in name_starts)


def _named_kin_mark(doc: Doc, span: Span, known: dict[str, Span]) -> bool:
    """"Mitt andra namn är mere … min kuia mere, min mormor": the lexicon's kin mark on a
    word no Swedish text writes (a kin word of another language, mère) that the essay names a
    person, not right after a possessive or an article ("min mere" is the kin), is that
    person's mention: the mark gives way to the name."""
    if span.label != "fam" or span.rule != LEXICON_MARK.name:
        return False
    k = bisect_left(doc.offsets, span.start)
    base = known.get(doc.folds[k])
    if base is None or base.label not in NAME_LABELS or doc.entries[k].zipf >= T.RARE \
            or doc.ends[k] != span.end:
        return False
    before = doc.texts[k - 1].lower() if k else ""
    return bool(before) and before not in doc.lex.words.surface("possessive") \
        and doc.folds[k - 1] not in doc.lex.words("noun_before", "article")


def propagate_phrases(spans: list[Span], doc: Doc,
                      earlier: dict[tuple[str, str], int] | None = None) -> list[Span]:
    """Label every further mention of a replaced name of several words, in any case ("Höga
    kusten ... hela höga kusten", "Gamla byn ... från gamla byn"): found once by its capitals
    or its context, one surviving mention in lower case would leak it; an institution's initials
    in capitals are it too ("Kungliga Tekniska Högskolan … KTH"). With `earlier` (a learner's
    Memory.refs), a name of several words their earlier essays established is found here too
    ("Ica Maxi" in one essay, "ica maxi" in the next). One pass over the tokens, asking only at
    a phrase's first word."""
    phrases: dict[str, dict[tuple[str, ...], Span]] = {}  # by first fold, then all folds
    acronyms: dict[str, Span] = {}  # an institution's initials: "Universidad Nacional de San Agustín" UNSA
    for span in spans:
        first, last = doc.index_at(span.start), doc.index_before(span.end)
        if span.label in PROPAGATED and first < last <= first + T.LONGEST_PHRASE \
                and all(doc.texts[k].isalpha() for k in range(first, last + 1)):
            words = tuple(doc.folds[first:last + 1])
            same_start = phrases.setdefault(words[0], {})
            if len(same_start) < T.PHRASES_PER_WORD:  # linear: a hostile essay's many phrases
                same_start.setdefault(words, span)
            if span.label in ORG_LABELS:
                texts = doc.texts[first:last + 1]
                for initials in ("".join(t[0] for t in texts if t[0].isupper()),
                                 "".join(t[0] for t in texts).upper()):
                    if len(initials) >= 2:
                        acronyms.setdefault(initials, span)
    for label, key in earlier or ():
        words = tuple(fold(key).split())
        if label in PROPAGATED and 1 < len(words) <= T.LONGEST_PHRASE \
                and all(w.isalpha() for w in words):
            same_start = phrases.setdefault(words[0], {})
            if len(same_start) < T.PHRASES_PER_WORD:
                same_start.setdefault(words, Span(0, 0, label, (), 0.6, COREFERENCE.name, key))
    if not phrases:
        return spans
    taken = covered(spans, len(doc.text))
    out, folds = list(spans), doc.folds
    # "på Universidad Nacional de San Agustín, vi säger UNSA": its initials in capitals
    for k in compress(count(), map(acronyms.__contains__, doc.texts)) if acronyms else ():
        if taken.find(1, doc.offsets[k], doc.ends[k]) < 0:
            base = acronyms[doc.texts[k]]
            out.append(Span(doc.offsets[k], doc.ends[k], base.label, (), 0.6, COREFERENCE.name,
                            base.key))
            taken[doc.offsets[k]:doc.ends[k]] = b"\x01" * (doc.ends[k] - doc.offsets[k])
    for k in compress(count(), map(phrases.__contains__, folds)):
        for words, base in phrases[folds[k]].items():
            end = k + len(words)
            if tuple(folds[k:end]) == words and doc.starts.isdisjoint(range(k + 1, end)) \
                    and taken.find(1, doc.offsets[k], doc.ends[end - 1]) < 0:
                out.append(Span(doc.offsets[k], doc.ends[end - 1], base.label, base.attrs, 0.6,
                                COREFERENCE.name, base.key))
                taken[doc.offsets[k]:doc.ends[end - 1]] = b"\x01" * (doc.ends[end - 1]
                                                                      - doc.offsets[k])
                break
    return sorted(out, key=lambda s: s.start)


def respelt(spans: list[Span], doc: Doc,
            earlier: dict[tuple[str, str], int] | None = None) -> list[Span]:
    """A name or place the essay or the learner's earlier essays established, found again in
    a spelling one edit away ("Fatima … fatma", "Hjällbo … hjalbo", "Abdirahman …
    abdirahaman") or as a genitive detected on its own ("Zlatomira … Zlatomiras mamma"): the
    same entity (key and label), so one surrogate. Only words of VARIANT_MIN letters or more
    that are no everyday word; a name the gazetteers know under its own spelling, written as
    such, keeps its own entity (Amir and Amira are two people)."""
    known: dict[str, Span] = {}
    keys = [s.key or fold(doc.text[s.start:s.end]) for s in spans]
    for span, key in zip(spans, keys):
        if span.label in PROPAGATED and " " not in key:
            known.setdefault(key, span)
            # a misspelling read as a listed name ("Ikraan" ~ Ikran) under its own spelling too
            written = fold(doc.text[span.start:span.end])
            if written.isalpha():
                known.setdefault(written, span)
    for label, key in earlier or ():
        if label in PROPAGATED and " " not in key:
            known.setdefault(fold(key), Span(0, 0, label, (), 0.6, COREFERENCE.name, fold(key)))
    index: dict[str, str] = {}  # a known key and each of its one-letter deletions -> the key
    for key in known:
        if T.VARIANT_MIN <= len(key) <= T.LONGEST_NAME and key.isalpha():
            index[key] = key
            _index_deletions(index, key)
    if not index:
        return spans
    out, taken = [], {s.start for s in spans}
    for span, key in zip(spans, keys):  # "Zlatomiras" found on its own: Zlatomira's genitive
        stem = key[:-1] if key.endswith("s") else ""
        if span.rule != COREFERENCE.name and stem in known \
                and FAMILY_OF[known[stem].label] == FAMILY_OF[span.label] \
                and not doc.lex.get(key).gender:
            base = known[stem]
            span = Span(span.start, span.end, base.label, (*base.attrs, "gen"), span.score,
                        COREFERENCE.name, base.key or stem)
        out.append(span)
    variants = _variants(doc, index, known)
    if variants:  # each token spelt so, in text order
        for k in compress(count(), map(variants.__contains__, doc.folds)):
            if doc.offsets[k] not in taken:
                base = known[variants[doc.folds[k]]]
                out.append(Span(doc.offsets[k], doc.ends[k], base.label, base.attrs, 0.6,
                                COREFERENCE.name, base.key or variants[doc.folds[k]]))
    return sorted(out, key=lambda s: s.start)


def _variants(doc: Doc, index: dict[str, str], known: dict[str, Span]) -> dict[str, str]:
    """The rare words of the essay one edit from a known key (`respelt`), each to its key.
    Judged once per distinct spelling (the essay's set of folds, made at C level): a C-level
    map over the tokens' frequencies cost more than the whole judgement of its spellings."""
    # a word one edit from an indexed key has its first letter and a length one off its own
    # at most: a word without both is passed over before its deletions are made
    near = {(key[0], len(key) + d) for key in set(index.values()) for d in (-1, 0, 1)}
    lex = doc.lex
    entries = lex.entries
    found: dict[str, str] = {}  # read by spelling only: its order does not matter
    # (an everyday word with no name reading, `unnamed` or `unnamed_rare`, is at least RARE:
    # most of an essay's spellings, passed over at C level before the loop's own tests; by
    # one table of both, the larger copied first: a difference with several sets intersects
    # each with the essay's)
    everyday = lex.derived("unnamed_any", lambda: lex.unnamed_rare | lex.unnamed)
    for f in set(doc.folds).difference(everyday).difference(known):
        if (f[:1], len(f)) not in near or len(f) < T.VARIANT_MIN - 1 \
                or len(f) > T.LONGEST_NAME + 1 or not f.isalpha():
            continue
        entry = entries.get(f, EMPTY)  # the tokens' own entries (`Doc.make`)
        if entry.zipf >= T.RARE or entry.cats:
            continue
        # a letter added at the end is an inflection of another word ("nynorskan"), not a
        # spelling of the name
        key = min((h for h in _one_edit(f, index) if not f.startswith(h)), default="")
        if key:
            found[f] = key
    return found


def _index_deletions(index: dict[str, str], key: str) -> None:
    """Map each one-letter deletion of `key` to it in `index`, unless taken (`_one_edit`)."""
    for i in range(len(key)):
        index.setdefault(key[:i] + key[i + 1:], key)


def _one_edit(word: str, index: dict[str, str]) -> list[str]:
    """The keys of `index` (each key and its deletions mapped to the key: `_index_deletions`)
    one edit from `word` that keep its first letter ("kännes" is no Hannes)."""
    hits = {index.get(word)} | {index.get(word[:i] + word[i + 1:]) for i in range(len(word))}
    return [h for h in hits if h and h[0] == word[0] and OSA.distance(word, h, score_cutoff=1) <= 1]


def _refinable(doc: Doc, span: Span, prev: Span | None) -> int | None:
    """The token a town's or region's span starts at when `refine_areas` may relabel it; None
    for a span not on a token start, and for a region unless it is a district of a big town
    abroad ("i ulaanbaatar i distriktet Bayanzürkh"; "i Afghanistan, i distriktet Jaghori" and
    "i moengo i distriktet Marowijne", a small town's district, are regions)."""
    if span.label not in ("city", "region") and span.rule != "place-preposition":
        return None
    k = doc.index_at(span.start)
    if k == len(doc.texts) or doc.offsets[k] != span.start:
        return None
    if span.label == "region" and not (
            k and doc.folds[k - 1] in doc.lex.words("area_word") and _foreign_town(prev)
            and _town_entry(doc, prev).place_pop >= METROPOLIS):
        return None
    return k


def refine_areas(spans: list[Span], doc: Doc) -> list[Span]:
    """A district of a foreign city is an `area`: "i Kraków i Nowa Huta", "i stadsdelen Praga",
    "Wrzeszcz, en stadsdel", and a small or unknown place mentioned while the essay is in a big
    foreign city ("Jag föddes i Mogadishu. Vi bodde i Hodan", "i Teheran … en klinik i Tajrish").
    (Districts of Swedish towns stay `city`, as SweLL labels them.)"""
    out = []
    prev: Span | None = None
    metropolis = ""  # key of the last big foreign city mentioned, "" after a Swedish place
    towns: dict[str, str] = {}  # towns abroad named so far, by themselves and one letter less
    countries = doc.earlier_countries | {doc.lex.get(s.key or "").country for s in spans
                                         if s.label == "country"}  # the essay's countries
    for n, span in enumerate(spans):
        if span.label in ("city", "area") and _origin_region(doc, span, prev):
            span = Span(span.start, span.end, "region", tuple(sorted(set(span.attrs) | {"foreign"})),
                        span.score, span.rule, span.key)
        k = _refinable(doc, span, prev)
        before = doc.folds[k - 1] if k else ""
        if k is not None:
            folds = doc.folds
            entry = doc.lex.get(span.key) if span.key else doc.entries[k]
            end = doc.index_at(span.end)
            in_foreign = _in_foreign_town(doc, entry, k, prev, span.key or folds[k])
            named_area = before in doc.lex.words("area_word") or _described_area(doc, end) \
                or _named_after_area(doc, k) or side_of_town(doc, end)
            within = _within_metropolis(doc, entry, span.key or folds[k], end,
                                        spans[n + 1] if n + 1 < len(spans) else None)
            district = bool(metropolis) \
                and _district(doc, span, entry, k, end, metropolis, towns, countries) \
                and not _other_name_after(doc, end) \
                and not _swedish_town_respelt(doc, entry, span.key or folds[k])
            kind = _kind_by_place(doc, span, entry, k, prev)
            if kind:
                span = Span(span.start, span.end, kind, span.attrs, span.score, span.rule, span.key)
            elif in_foreign or district or within or named_area and not entry.se_pop and (
                    prev is None or "foreign" in prev.attrs or "foreign" in span.attrs
                    or prev.label == "country" and doc.lex.get(prev.key or "").country != "SE"):
                span = Span(span.start, span.end, "area", tuple(sorted(set(span.attrs) | {"foreign"})),
                            span.score, span.rule, span.key)
            elif entry.se_pop or entry.place_country == "SE":
                metropolis = ""
            elif "foreign" in span.attrs and entry.place_pop >= METROPOLIS:
                metropolis = span.key or ""
            if span.label == "city" and "foreign" in span.attrs:
                key = span.key or folds[k]
                towns.setdefault(key, key)
                _index_deletions(towns, key)
        elif span.label == "country" and _city_state(doc, span):
            metropolis = span.key or ""  # "fick jobb i singapore och bodde i tampines"
        elif span.label == "country" and (not metropolis or doc.lex.get(span.key or "").country
                                          != doc.lex.get(metropolis).place_country):
            metropolis = ""  # "flydde till Kenya … i lägret i Dadaab": another country's place
            # ("från Mogadishu i Somalia. Vi bodde i Hodan": still Mogadishu's)
        if span.label == "area":
            span = _outing(doc, span)
        out.append(span)
        prev = span
    return out


def _city_state(doc: Doc, span: Span) -> bool:
    """A country that is one big town of its own name (Singapore, Djibouti): the lists hold
    its key as a town of that country of METROPOLIS people or more, so a place lived in there
    is one of its districts, as in a big town abroad (`refine_areas`)."""
    e = doc.lex.get(span.key or "")
    return bool(e.country) and e.place_country == e.country and e.place_pop >= METROPOLIS


def _kind_by_place(doc: Doc, span: Span, entry: Entry, k: int, prev: Span | None) -> str | None:
    """The label a town's (or an unknown place's) reading at token k takes from where it
    stands: a region holding a town ("från jaghori i ghazni"), the island a district is on
    ("på Hisingen", "ligger på Trossö"; "i Hisingen" is the district), the lake, river or
    island a town lies on ("Jinja vid Nilen"), a mountain climbed; None where none."""
    if _holds_region(doc, span, entry, k, prev) or _region_named(doc, span, entry):
        return "region"
    if span.label == "city" and k and doc.folds[k - 1] == "pa" and ISLAND_DISTRICT <= entry.cats:
        return "geo"
    if span.label in ("city", "place") and (_town_shore(doc, span, entry, k, prev)
                                            or _climbed(doc, entry, k)):
        return "geo"
    return None


def _region_named(doc: Doc, span: Span, entry: Entry) -> bool:
    """"från Jakutien i Ryssland", "hemma i Ovamboland": a place no list holds (read from where
    it stands) whose Swedish name ends as a region's does (`region_ending`: the lists hold
    the countries of these endings) is a region, not a town."""
    if span.rule not in DISTRICT_RULES or entry.place_kind or entry.country:
        return False
    low = fold(doc.text[span.start:span.end])
    return any(low.endswith(e) and len(low) >= len(e) + REGION_STEM
               for e in doc.lex.words.ends["region_ending"])


GUESSED_NAMES = frozenset(r.name for r in (PROPER_NOUN, NAME_PAIR))  # a name read from its shape
RECALL_REACH = 3  # words from a verb of remembering to its "på"/"om" ("påminner mig ofta om")


def recalled_places(spans: list[Span], doc: Doc) -> list[Span]:
    """"Jag tänkte på Imbarova", "det påminner mig om Kalarivo hemma", "drömmer om Tobarisa
    Kell": a name no list holds, read as a person's from its shape alone, right after a verb
    of remembering or longing and its "på"/"om" (`memory_verb`), is the lake, river, mountain
    or island the writer misses (a listed given name stays a person's: "tänkte på Amina");
    a name pair read so ("Tobarisa" + "Kell") is one place."""
    out: list[Span] = []
    verbs = doc.lex.words("memory_verb")
    skip = -1
    for n, span in enumerate(spans):
        if n <= skip:
            continue
        k = doc.index_at(span.start) if span.rule in GUESSED_NAMES else 0
        if 2 <= k < len(doc.folds) and doc.offsets[k] == span.start \
                and doc.folds[k - 1] in ("pa", "om") \
                and not verbs.isdisjoint(doc.folds[max(0, k - 1 - RECALL_REACH):k - 1]):
            end = span.end
            if n + 1 < len(spans) and spans[n + 1].rule == AFTER_NAME.name \
                    and doc.text[span.end:spans[n + 1].start] == " ":
                end, skip = spans[n + 1].end, n + 1
            span = Span(span.start, end, "geo", (), span.score, span.rule,
                        fold(doc.text[span.start:end]))
        out.append(span)
    return out


def _outing(doc: Doc, span: Span) -> Span:
    """A part of a town one walks to, strolls or trades on, or visits, is a `place` (a square,
    market, site: "sålde kläder på Merkato", "promenerade på Piața Romană", "gick upp till
    Sacsayhuamán", "turisterna besöker Hafezieh"); one lived on stays an `area` ("bodde på
    Cihangir", "växte upp på Vasiljevskij"). The verb is read one or two words before the
    preposition."""
    k = doc.index_at(span.start)
    if k < 1 or k == len(doc.texts) or doc.offsets[k] != span.start:
        return span
    before, verbs = doc.folds[k - 1], doc.folds[max(0, k - 3):k - 1]
    words = doc.lex.words
    if before in words("district_preposition") and not any(
            v in words("district_verb") for v in verbs) or _walked_to(doc, k) \
            or before in words("place_trigger", "visit"):
        return Span(span.start, span.end, "place", span.attrs, span.score, span.rule, span.key)
    return span


def _climbed(doc: Doc, entry: Entry, k: int) -> bool:
    """"klättrade på Mulanje", "åkte upp på Kok-Tobe": a place abroad climbed "på" is the
    mountain, not the town named after it (no Swedish place, "vandrade på Kungsholmen", nor
    where one grew up: "växte upp på Vasiljevskij ostrov")."""
    folds = doc.folds
    return k >= 2 and folds[k - 1] == "pa" and not entry.se_pop \
        and entry.place_country != "SE" and "district" not in entry.cats \
        and any(folds[j] in doc.lex.words("climb_verb") for j in range(max(0, k - 3), k - 1)) \
        and doc.lex.words("district_verb").isdisjoint(folds[max(0, k - 4):k - 1])


def _town_shore(doc: Doc, span: Span, entry: Entry, k: int, prev: Span | None) -> bool:
    """"Jinja vid Nilen", "Davao på Mindanao", "Sapporo på hokkaido", "en stad på Sumbawa":
    the place at token k, right after a town (or a town's kind noun) and a preposition of a
    shore or an island (`town_geo_preposition`), is the lake, river, sea or island the town
    lies on. A Swedish town's "på" names its district ("Umeå på Ålidhem"; value `abroad`: only
    after a town abroad or a town noun before a place abroad, and no street there: "Berlin
    på Sonnenallee"). Not a country ("Larnaca på Cypern"), a listed region ("Catania på
    Sicilien"), street or square, nor a place named by its ending, nor a town of some size
    "vid" names as near ("Märsta vid Stockholm")."""
    if k < 2 or span.rule in SUFFIX_RULES:
        return False
    folds, words = doc.folds, doc.lex.words
    town = prev is not None and prev.label == "city" and doc.ends[k - 2] == prev.end
    if not (town or folds[k - 2] in words("town_noun")) \
            or folds[k - 1] not in words("town_geo_preposition"):
        return False
    # a town abroad, or one no list holds before a place no Swedish list holds ("i Temaiku på
    # tarawa": an atoll's village)
    abroad = ("foreign" in prev.attrs or not (_swedish_place(_town_entry(doc, prev))
                                             or _swedish_place(entry))) if town \
        else not _swedish_place(entry)
    if folds[k - 1] in words("town_geo_preposition", "abroad"):
        if not abroad or words.ending("street_ending_abroad", folds[doc.index_at(span.end) - 1], 2):
            return False
    elif max(entry.place_pop, entry.se_pop) >= T.SHORE_TOWN_MAX:
        return False  # "Märsta vid Stockholm", "staden vid Mosul": near a town
    return not entry.country and entry.place_kind not in ("region", "place", "street") \
        and "region" not in entry.cats


def _walked_to(doc: Doc, k: int) -> bool:
    """"vi gick till Rynek", "gick upp till Sacsayhuamán": token k follows "till" with a verb of
    going on foot one or two words before it, a place one walks to rather than a town."""
    folds = doc.folds
    return k >= 2 and folds[k - 1] in doc.lex.words("trip_preposition") \
        and any(v in doc.lex.words("outing_verb") for v in folds[max(0, k - 3):k - 1])


def _town_ride(doc: Doc, k: int) -> bool:
    """"tar metro, linje M2, till Christianshavn": token k follows "till" with a town's own line
    (`town_transit`) at most TRANSIT_REACH words before it."""
    return k >= 2 and not doc.lex.words("town_transit").isdisjoint(
        doc.folds[max(0, k - 1 - T.TRANSIT_REACH):k - 1])


ISLAND_DISTRICT = frozenset({"district", "geo"})  # lexicon categories of a district on its island


def _in_foreign_town(doc: Doc, entry: Entry, k: int, prev: Span | None, key: str) -> bool:
    """"i Kraków i Nowa Huta", "i lagos, i Ikeja": the place at token k, after "i" right after a
    town abroad (or after its comma and its preposition again), is a district of it, not where it is the bigger town ("i Wrzeszcz i Gdańsk": the first is its
    district) nor a Swedish town ("Sumaren i Motala")."""
    if prev is None or prev.label != "city" or "foreign" not in prev.attrs \
            or _swedish_town(entry) or k < 2:
        return False
    if doc.folds[k - 1] == "i" and doc.ends[k - 2] == prev.end:
        return entry.place_pop <= doc.lex.get(prev.key or "").place_pop
    # "i lagos, i Ikeja", "flyttade till moskva, till ljublino": past a comma and the town's
    # own preposition again, only a far smaller place of the town's own region ("i Kabul, i
    # Herat": two towns)
    return k >= 4 and doc.texts[k - 2] == "," and doc.folds[k - 4] == doc.folds[k - 1] \
        and (doc.folds[k - 1] == "i" or doc.folds[k - 1] in doc.lex.words("trip_preposition")) \
        and doc.ends[k - 3] == prev.end and _inside(doc, key, prev.key or "")


def _holds_region(doc: Doc, span: Span, entry: Entry, k: int, prev: Span | None) -> bool:
    """"från jaghori i ghazni", "en gammal stad i fars", "i byn nyakach i nyanza": the town at
    token k, after "i", holds a region or a town, so it is a region (the province Ghazni, not
    its town), where a town read is also a listed region (Nyanza) or the held place is a
    region."""
    folds = doc.folds
    return span.label == "city" and not entry.se_pop and k >= 2 and folds[k - 1] == "i" \
        and (prev is not None and doc.ends[k - 2] == prev.end and (
            prev.label == "region" or prev.label in ("city", "area") and "region" in entry.cats
            or _named_town(doc, prev) and not _swedish_place(entry)
            and "settlement" not in entry.cats)  # (a listed camp: "i byn X i Dadaab")
            or folds[k - 2] in doc.lex.words("town_noun"))


def _named_town(doc: Doc, span: Span) -> bool:
    """"byn kangema", "staden Beslan", "en liten stad som heter X": a town abroad named by its
    kind noun, so the place "i" after it holds it, a region (`_holds_region`; the open gold
    sets label the place after "byn/staden X i" abroad a region 11 times, a country once)."""
    p = doc.index_at(span.start)
    if span.label != "city" or "foreign" not in span.attrs and _swedish_place(_town_entry(doc, span)):
        return False
    folds, nouns = doc.folds, doc.lex.words("town_noun")
    return p >= 1 and folds[p - 1] in nouns \
        or p >= 3 and folds[p - 2:p] == ["som", "heter"] and folds[p - 3] in nouns


def _origin_region(doc: Doc, span: Span, prev: Span | None) -> bool:
    """"kommer från Ufa i basjkirien", "en by nära phonsavan i xieng khouang", "åkte hem till
    sendai i Tōhoku": after a town abroad named with "från", "nära" or "till"
    (`origin_preposition`), the smaller-known place it is "i" is its region; where one lives
    or was born it is its district ("bodde i Kraków i Nowa Huta")."""
    if prev is None or prev.label != "city":
        return False
    k, p = doc.index_at(span.start), doc.index_at(prev.start)
    town = doc.lex.get(prev.key) if prev.key else doc.entries[p]
    p -= p >= 2 and doc.folds[p - 1] in doc.lex.words("town_noun")  # "från staden Nazran i X"
    if k < 2 or p < 1 or doc.folds[k - 1] != "i" or doc.ends[k - 2] != prev.end \
            or doc.folds[p - 1] not in doc.lex.words("origin_preposition"):
        return False
    entry = doc.lex.get(span.key) if span.key else doc.entries[k]
    # a town abroad, known or not ("från maungdaw i Rakhine"), and a place smaller than it
    # that no list holds as a district ("från stad da nang i hải châu")
    return not (entry.country or _swedish_place(entry) or _swedish_place(town)) \
        and entry.place_pop <= town.place_pop and entry.place_kind != "area"


def _other_name_after(doc: Doc, end: int) -> bool:
    """The words from token `end` on give the place before them another people's or
    language's name, so it is a town of its own, not a district of the big town the essay
    is in: "stenbol, det är kurdiska för Istanbul", "Beč, ni säger Wien"."""
    folds, W = doc.folds, doc.lex.words.folds
    j = end + (end < len(folds) and folds[end] == ",")
    after = folds[j:j + 4]
    if after[:2] in (["det", "ar"], ["som", "ar"]):
        return len(after) == 4 and after[2] in W["not_name.language"] and after[3] == "for"
    return len(after) >= 2 and after[1] in W["name_trigger.report"] and (
        after[0] in W["exonym_subject"] or "nationality" in doc.entries[j].cats)


def _town_entry(doc: Doc, span: Span) -> Entry:
    """The lexicon's entry of the town `span` names (by its key, else its first word)."""
    return doc.lex.get(span.key) if span.key else doc.entries[doc.index_at(span.start)]


def _foreign_town(span: Span | None) -> bool:
    """`span` is a town abroad."""
    return span is not None and span.label == "city" and "foreign" in span.attrs


def _district(doc: Doc, span: Span, entry: Entry, k: int, end: int, metropolis: str,
              towns: dict[str, str], countries: frozenset[str]) -> bool:
    """The place at token k is a district of the big foreign town the essay is in. A place the
    lists hold as a town of its own ("stranden i Đồ Sơn", "garage i wieliczka": a district
    abroad is listed as `area`) is none merely for being smaller or near it, only for being a
    tiny part of it ("London … i Southall"); nor a town one travels to ("åkte till Zahle",
    "åkte till Urgut": known or not, unless walked to, `_outing`'s "gick till Rynek", or ridden
    to on the town's lines, "tar metro till Christianshavn"), nor one given its own country
    ("Lesbos i Grekland"); `end`: the token after it."""
    folds = doc.folds
    trip = k and folds[k - 1] in doc.lex.words("trip_preposition") and (
        entry.place_pop > 0 or not (_walked_to(doc, k) or _town_ride(doc, k)))
    return (span.key != metropolis and not entry.se_pop
            and not _respelt(span.key or folds[k], towns)  # "ghaza" after Gaza
            and not _place_after_i(doc, end) and not trip
            and (_namesake(doc, entry, k, metropolis, countries)
                 or _dwelt_part(doc, span, entry, k, metropolis)
                 or entry.place_country in ("", doc.lex.get(metropolis).place_country)
                 and _smaller_part(doc, span, entry, k, metropolis)))


def _smaller_part(doc: Doc, span: Span, entry: Entry, k: int, metropolis: str) -> bool:
    """The place at token k of the big town's own country is small enough, or near enough,
    to be one of its districts (`_district`)."""
    folds = doc.folds
    return ((entry.place_kind != "city" or _part_of(doc, span.key or folds[k], metropolis)
             or _inside(doc, span.key, metropolis, T.LISTED_TOWN_SHARE))
            and (span.rule in DISTRICT_RULES and not entry.place_pop
                 or "foreign" in span.attrs and (
                     entry.place_pop < DISTRICT_MAX
                     and not _elsewhere(doc, span.key, metropolis)
                     or _inside(doc, span.key, metropolis))))


def _namesake(doc: Doc, entry: Entry, k: int, metropolis: str, countries: frozenset[str]) -> bool:
    """"ringde från Karachi, han bor i Clifton", "i Paris … bodde i Belleville": a small
    listed town of another country than the big town the essay is in, lived in while there,
    in a country the essay never names, is a district of that town that shares its name."""
    return _dwelt(doc, k) and entry.place_kind == "city" and 0 < entry.place_pop < DISTRICT_MAX \
        and entry.place_country not in countries \
        and entry.place_country != doc.lex.get(metropolis).place_country


def _dwelt_part(doc: Doc, span: Span, entry: Entry, k: int, metropolis: str) -> bool:
    """"flög till Auckland … och bodde i mangere", "fick jobb i singapore och vi bodde i
    tampines": a listed town of the big town's own region (or city state), far smaller, lived
    in right after the big town is named (its sentence or the one before), is its district."""
    town = doc.lex.get(metropolis)
    key = span.key or doc.folds[k]
    # (a city state's towns are all of its one region: `_city_state`)
    return _dwelt(doc, k) and entry.place_country == town.place_country \
        and 0 < entry.place_pop * T.DWELT_PART_SHARE <= town.place_pop \
        and (bool(town.country) or doc.lex.place_region.get(key)
             == doc.lex.place_region.get(metropolis)) \
        and _named_since(doc, metropolis, k)


def _named_since(doc: Doc, key: str, k: int) -> bool:
    """The place `key` is named in token k's sentence or the one before it."""
    starts = [s for s in doc.starts if s <= k]
    first = starts[-2] if len(starts) >= 2 else 0
    words = key.split()
    return any(doc.folds[j:j + len(words)] == words for j in range(first, k))


def _dwelt(doc: Doc, k: int) -> bool:
    """"vi bodde i Belleville", "bor sedan tio år i X": the place at token k is where one lives,
    "i" after a verb of dwelling (`dwelling_verb`) at most DWELT_REACH words before it. While
    the essay is in a big town abroad, a small listed town of a country the essay never names
    lived in is its district of that name (`_namesake`). (A listed town of the big town's own
    region lived in is not taken for one: measured, that took real towns nearby.)"""
    folds = doc.folds
    if k < 2 or folds[k - 1] != "i":
        return False
    verbs, first = doc.lex.words("dwelling_verb"), max(0, k - 1 - DWELT_REACH)
    # "bodde hos min moster Lina i X": the verb before the host (`home_preposition` and whom
    # one lived with)
    hosts = doc.lex.words("home_preposition")
    host = next((j for j in range(k - 2, first - 1, -1) if folds[j] in hosts), None)
    if host is not None:
        first = max(0, host - DWELT_REACH)
    return not verbs.isdisjoint(folds[first:k - 1])


def _place_after_i(doc: Doc, end: int) -> bool:
    """Token `end` is "i" before a place ("i Wrzeszcz i Gdańsk": the place before it is in that
    one, no district of the town the essay was in), not before a time ("i Brixton i fem år")."""
    if doc.folds[end:end + 1] != ["i"]:
        return False
    if end + 1 >= len(doc.texts):
        return True
    e = doc.entries[end + 1]
    return bool(e.place_kind or e.country) or doc.texts[end + 1][:1].isupper()


def _swedish_town_respelt(doc: Doc, entry: Entry, key: str) -> bool:
    """A place no list holds one edit (a swap of two letters counts one) from a Swedish town
    of some size: the town misspelt ("körde från Örbro", "bodde redan i Gävel", "i Boros"),
    not a district of the big town abroad the essay was in (`_fuzzy` asks six letters)."""
    if entry.place_pop or entry.se_pop or len(key) < T.RESPELT_TOWN_MIN:
        return False
    return any(abs(len(t) - len(key)) <= 1 and OSA.distance(key, t, score_cutoff=1) <= 1
               and doc.lex.get(t).se_pop >= T.SE_ATTESTED
               for t in doc.lex.fuzzy_targets.get(key[:1], ()))


def _respelt(key: str, towns: dict[str, str]) -> bool:
    """`key` is a town abroad the essay named before, spelt one letter otherwise ("ghaza" after
    Gaza, "kabol" after Kabul): that town again, no district of it (`towns` maps each town and
    its one-letter-shorter forms to the town)."""
    return len(key) >= T.VARIANT_MIN - 1 and bool(_one_edit(key, towns))


def _within_metropolis(doc: Doc, entry: Entry, key: str, end: int, after: Span | None) -> bool:
    """"bor kvar i Godaif i asmara", "Bourj Hammoud i Beirut", "i Wrzeszcz i Gdańsk": a place
    no Swedish list holds, smaller than a district may be and than the big town abroad just
    after it and "i": one of its districts. So is a bigger namesake the lists know of another
    country or of the town's own region ("i Wellington i Freetown", "i Palermo i Buenos Aires",
    "i Neukölln i Berlin"): a town cannot lie in a town abroad of another country."""
    if after is None or _swedish_town(entry):
        return False
    metropolis = doc.lex.get(after.key or "")
    town = metropolis.place_pop
    # a Swedish district's name ("i bole i addis abeba") says nothing of the place's size
    small = bool(entry.se_pop) or entry.place_pop < min(DISTRICT_MAX, town) \
        or entry.place_pop < town and (entry.place_country != metropolis.place_country
                                        or _inside(doc, key, after.key, 1))
    return doc.folds[end:end + 1] == ["i"] and doc.index_at(after.start) == end + 1 \
        and after.label == "city" and "foreign" in after.attrs and town >= METROPOLIS and small


def _swedish_place(entry: Entry) -> bool:
    """A place the lists hold in Sweden (a town, a district, a village)."""
    return bool(entry.se_pop) or entry.place_country == "SE"


def _swedish_town(entry: Entry) -> bool:
    """A Swedish place that is a town of its own, not only a small district ("bole" is a part of
    Piteå, and of Addis Abeba: "i bole i addis abeba" is the latter's)."""
    return bool(entry.se_pop) and "district" not in entry.cats


def _named_after_area(doc: Doc, k: int) -> bool:
    """"ett område som heter Godaif", "en stadsdel som hette X": token k is named by a naming
    verb after an area word, as "i stadsdelen X" names it."""
    folds, words = doc.folds, doc.lex.words
    return k >= 3 and folds[k - 1] in words("naming_verb") and folds[k - 2] == "som" \
        and folds[k - 3] in words("area_word")


def _described_area(doc: Doc, end: int) -> bool:
    """"Wrzeszcz, en stadsdel", "Saltivka, ett stort område", "Chợ Lớn, det är kinesiska
    kvarteret", "Hodan det är en stor del av staden": the words after a place call it a part of
    a town (an area word, or a part word before "av", within AREA_REACH words, past a comma,
    "det är"/"som är" and an article, before any place preposition)."""
    folds, words = doc.folds, doc.lex.words
    j = end + (end < len(folds) and folds[end] == ",")
    said = j > end
    if folds[j:j + 2] in (["det", "ar"], ["som", "ar"], ["det", "var"], ["som", "var"]):
        j, said = j + 2, True
    if folds[j:j + 1] in (["en"], ["ett"]):
        j, said = j + 1, True
    if not said:
        return False
    window = folds[j:j + T.AREA_REACH]
    preps = words("place_trigger.prep")  # "Warszawa, i stadsdelen Praga": Praga's, not Warszawa's
    window = window[:next((n for n, w in enumerate(window) if w in preps), len(window))]
    return any(w in words("area_word") or w in words("area_part") and window[n + 1:n + 2] == ["av"]
               for n, w in enumerate(window))


def _elsewhere(doc: Doc, key: str | None, metropolis: str) -> bool:
    """A foreign town in another first-level region than the big city the essay is in ("bor
    i Bangkok … min syster bor i Nong Khai"): a town of its own, not one of its districts."""
    region = doc.lex.place_region.get(key or "")
    return region is not None and region != doc.lex.place_region.get(metropolis, region)


def _part_of(doc: Doc, key: str, town: str) -> bool:
    """The town abroad `key` lies inside `town`, a big town of its country (the builder's
    suburbs: Vedado in Havanna, Arabkir in Jerevan)."""
    return town in doc.lex.place_within.get(key, ())


def _inside(doc: Doc, key: str | None, metropolis: str, share: int = T.DISTRICT_SHARE) -> bool:
    """A foreign place in the same first-level region as the big city the essay is in, and
    far smaller (at most 1/`share` of it): one of its districts ("Santiago … Ñuñoa")."""
    region = doc.lex.place_region.get(key or "")
    return region is not None and region == doc.lex.place_region.get(metropolis) \
        and doc.lex.get(key or "").place_pop * share <= doc.lex.get(metropolis).place_pop


ALIAS_FILLER_MAX = 3  # words between "som" and its naming verb ("som gamla ryssar kallade")
ALIAS_REACH = 4  # tokens after "eller X" to its naming verb ("eller Trablous som vi säger")
CHAIN_PREPOSITIONS = frozenset({"i", "pa"})  # "Klagenfurt i Österrike, som …": Klagenfurt's


def place_aliases(spans: list[Span], doc: Doc) -> list[Span]:
    """"Klagenfurt, som slovenerna kallar Celovec", "floden Sindhu, som svenskar kallar Indus",
    "ön Ndzuani, på franska Anjouan", "Tripoli, eller Trablous som vi säger", "staden som en
    gång hette Brezjnev": the place's other name is a place of its label, whatever a person
    rule read in it; "Ahmed, som svenskarna kallar Memo" stays a person (its antecedent is
    none), as does "en kille från Irak som heter Ali" (no people, language or adverb says an
    other name)."""
    ends = {s.end: n for n, s in enumerate(spans)}
    words = doc.lex.words
    verbs = words.union("naming_verb", "calling_verb") | words("name_trigger", "verb", "report")
    relabel: dict[str, tuple[str, bool]] = {}
    for span in spans:
        k = doc.index_at(span.start)
        if k < 3 or k == len(doc.texts) or doc.offsets[k] != span.start:
            continue
        a = _alias_antecedent(doc, k, doc.index_at(span.end), verbs)
        found = None if a is None else _antecedent_place(spans, ends, doc, a, span.label)
        if a is None and not doc.entries[k].gender:
            a = _called_by_us(doc, k, verbs)  # ("berget Elgon, som vi kallar Masaba")
            found = None if a is None else _antecedent_place(spans, ends, doc, a, span.label)
            found = found if found and found[0] == "geo" else None
        if found and found[0] != span.label and (a >= 0 or (found[1] or found[0] == "geo")
                                                 and not doc.entries[k].gender):
            # (a pronoun's say is of a place abroad or a mountain, river or island only:
            # "Ronneby, vi säger ace" is a friend's; "berget Elgon, som vi kallar Masaba")
            relabel[span.key or doc.text[span.start:span.end].lower()] = found
    if not relabel:
        return spans
    out = []
    for span in spans:
        to = relabel.get(span.key or doc.text[span.start:span.end].lower())
        if to is None or span.label == to[0]:
            out.append(span)
            continue
        attrs = {a for a in span.attrs if a != "foreign"} | ({"foreign"} if to[1] else set())
        out.append(Span(span.start, span.end, to[0], tuple(sorted(attrs)), span.score,
                        PLACE_OTHER_NAME.name, span.key))
    return out


def _alias_antecedent(doc: Doc, k: int, end: int, verbs: frozenset[str]) -> int | None:
    """The last token of what the name at token k (ending before token `end`) is another name
    of (`verbs`: the naming and saying verbs): before ", som <people> kallar", ", <people>
    säger", ", på <språk>"; its complement (negative) where only a pronoun says so (", eller
    … som vi säger", ", alla säger bara"), which a listed given name outweighs; None where
    none is said."""
    folds, words = doc.folds, doc.lex.words
    if folds[k - 1] == "eller" and doc.texts[k - 2] == ",":
        after = folds[end:end + ALIAS_REACH]
        return ~(k - 3) if after[:1] == ["som"] and not verbs.isdisjoint(after[1:]) else None
    if folds[k - 2] == "pa" and folds[k - 1] in words("not_name", "language"):
        return k - 4 if doc.texts[k - 3] == "," else None
    # a people, a language or an adverb says the name is another one ("alla", "vi" only past
    # a comma and not of a listed given name: "Ronneby, vi säger ace" is a friend's)
    said = folds[k - 1] in words("naming_adverb")
    j = k - 1 - (said or folds[k - 1] in words("saying_filler"))
    if j < 2 or folds[j] not in verbs or not doc.texts[j].islower():
        return None
    everyone = False
    for m in range(j - 1, max(0, j - 2 - ALIAS_FILLER_MAX), -1):
        if folds[m] == "som" or doc.texts[m] == ",":
            comma = doc.texts[m] == ","
            a = m - 1 - (not comma and doc.texts[m - 1] == ",")
            return a if said else ~a if comma and everyone else None  # ("som alla kallar
            # Memo" after "min kusin från Irak" is the cousin's)
        if not doc.texts[m].isalpha() or not doc.texts[m].islower() or m in doc.starts:
            return None
        said = said or folds[m] in words.union("naming_adverb", "exonym_subject") \
            or folds[m] in words("not_name", "language") or folds[m] == "gang" \
            or "nationality" in doc.entries[m].cats or _people_word(doc, m)
        everyone = everyone or folds[m] in ("alla", "vi")
    return None


def _called_by_us(doc: Doc, k: int, verbs: frozenset[str]) -> int | None:
    """The complement of the last token before ", som vi kallar" (or "alla", "man" …, at most
    ALIAS_FILLER_MAX words, and "bara") before the name at token k, or None: what only a
    pronoun calls so, a mountain's, river's or island's other name where that token ends one
    ("berget Elgon, som vi kallar Masaba"; `place_aliases` asks for a `geo` place, so "min
    kusin, som alla kallar Memo" stays a person)."""
    folds, words = doc.folds, doc.lex.words
    j = k - 1 - (folds[k - 1] in words("saying_filler"))
    if j < 3 or folds[j] not in verbs or not doc.texts[j].islower():
        return None
    for m in range(j - 1, max(1, j - 2 - ALIAS_FILLER_MAX), -1):
        if folds[m] == "som":
            return ~(m - 2) if doc.texts[m - 1] == "," and m - 1 < j - 1 else None
        if not doc.texts[m].isalpha() or not doc.texts[m].islower() or m in doc.starts:
            return None
    return None


def _people_word(doc: Doc, m: int) -> bool:
    """A word rarer than an everyday one that no list holds, nor as a family word
    ("slovenerna", "portugiserna", "temne"): a people saying the name, where a pronoun ("alla",
    "hon"), "passet" or "min mamma" may say a nickname or another thing's name."""
    e = doc.entries[m]
    return e.zipf < T.COMMON and not e.cats and not e.gender \
        and doc.lex.marks.get(doc.texts[m].lower()) != "fam"


def _place_kind(doc: Doc, a: int) -> str:
    """The place label of the kind noun at token a ("staden", "floden", "ön"), or ""."""
    for label in ("city", "geo", "region", "area"):
        if doc.folds[a] in doc.lex.words("kind_noun", label):
            return label
    return ""


def _antecedent_place(spans: list[Span], ends: dict[int, int], doc: Doc, a: int, label: str
                      ) -> tuple[str, bool] | None:
    """The label of the place ending at token a (the head of "Klagenfurt i Österrike",
    "Yogyakarta på ön Java") and whether it is abroad, or of the kind noun there; None where
    the alias's own `label` is a place's of another kind than a town or is one of the chain's
    ("Homel i Vitryssland, som vi kallar Belarus": the country's name)."""
    if label in PLACE_LABELS and label not in ("city", "area"):
        return None
    a = ~a if a < 0 else a
    kind = _place_kind(doc, a)
    n = ends.get(doc.ends[a])
    if n is None or spans[n].label not in PLACE_LABELS:
        return (kind, any("foreign" in s.attrs for s in spans[:n] if s.end <= doc.offsets[a])) \
            if kind and n is None else None
    while True:  # back along the chain of places joined by "i"/"på" (and a kind noun)
        p = doc.index_at(spans[n].start) - 1
        p -= p >= 2 and bool(_place_kind(doc, p))
        m = ends.get(doc.ends[p - 1]) if p >= 1 and doc.folds[p] in CHAIN_PREPOSITIONS else None
        if m is None or spans[m].label not in PLACE_LABELS:
            return spans[n].label, "foreign" in spans[n].attrs
        if spans[n].label == label:
            return None
        n = m


def named_ages(spans: list[Span], doc: Doc) -> list[Span]:
    """"Baran är nio år och zelal är 6", "ebisa är 8.": a number right after a name found in
    the essay (any mention, lower case too) and a form of "vara"/"bli", ending its clause, is
    the person's age; the age rules, which run before the names are known, judge a lower-case
    subject no list holds as no person."""
    out, folds, n = list(spans), doc.folds, len(doc.texts)
    starts = {s.start for s in spans}
    be = doc.lex.words("be_verb")
    adverbs = doc.lex.words("age_adverb")
    # a full name's surname too ("Tindra Brink är 23"), not one alone ("Jacobsen var 11,6 poäng")
    full = {s.end for s, t in zip(spans, spans[1:]) if s.label in FIRSTNAMES
            and t.label == "surname" and t.start == s.end + 1}
    for span in spans:
        if span.label not in FIRSTNAMES and not (span.label == "surname" and span.start - 1 in full):
            continue
        k = doc.index_at(span.end)
        if k + 1 >= n or folds[k] not in be:
            continue
        k += k + 2 < n and folds[k + 1] in adverbs  # "Tindra Brink är bara tjugotre"
        value = doc.number(k + 1)
        after = folds[k + 2] if k + 2 < n else ""
        if doc.offsets[k + 1] in starts or not (k + 2 == n or not doc.texts[k + 2][0].isalnum()
                                       or after in doc.lex.words("age_trigger.after")
                                       or after in doc.lex.words("list_word")
                                       or after in doc.lex.words("clause_conjunction")):
            continue
        if doc.texts[k + 1].isdigit():
            if 0 < value < T.OLDEST:
                out.append(AGE.span(doc.offsets[k + 1], doc.ends[k + 1], "age_digits",
                                    key=doc.texts[k + 1]))
        elif 1 < value < T.OLDEST:
            out.append(AGE_WORD.span(doc.offsets[k + 1], doc.ends[k + 1], "age_string",
                                     key=folds[k + 1]))
    return sorted(out, key=lambda s: s.start) if len(out) > len(spans) else spans


def named_middles(spans: list[Span], doc: Doc) -> list[Span]:
    """"Jag heter Assane mussa issufo. Mussa är namnet på min pappa": a middle name said
    alone again, as the subject of "är" and a word for a name (`name_part_noun`) a few words
    on, is spoken of as that part of the name, not used to call the person by (unlike "alla
    säger bara hussain", a first name: `unify`)."""
    middles = {s.key or doc.text[s.start:s.end].lower() for s in spans if s.label == "middlename"}
    if not middles:
        return spans
    folds, n = doc.folds, len(doc.texts)
    be, nouns = doc.lex.words("be_verb"), doc.lex.words("name_part_noun")
    ends = {s.end for s in spans if s.label in NAME_LABELS}
    starts = {s.start for s in spans if s.label in NAME_LABELS}
    out = list(spans)
    for n_, s in enumerate(spans):
        if s.label not in NAME_LABELS or s.label == "middlename" \
                or (s.key or doc.text[s.start:s.end].lower()) not in middles \
                or s.start - 1 in ends or s.end + 1 in starts:
            continue
        k = doc.index_at(s.end)
        if k < n and folds[k] in be and any(
                folds[j] in nouns for j in range(k + 1, min(n, k + 1 + T.NAME_PART_REACH))):
            out[n_] = Span(s.start, s.end, "middlename", s.attrs, s.score, s.rule, s.key)
    return out


def signed_initials(spans: list[Span], doc: Doc) -> list[Span]:
    """"Tack! Anar M.", "Hälsningar Mala S.": a capital letter and a full stop closing the
    essay right after a first name (found by any rule, its memory or coreference too, which
    the initials rule runs before) sign a letter: the letter is the writer's initial. So is a
    capital letter and a full stop right before a name in lower case signing the essay ("Tack
    på förhand N. rahman"; not "i klass B. rahman är min lärare")."""
    spans = _initials_before_lower_names(spans, doc)
    texts, n = doc.texts, len(doc.texts)
    if n < 3 or texts[-1] != "." or not (len(texts[-2]) == 1 and texts[-2].isupper()
                                          and texts[-2].isalpha()):
        return spans
    start = doc.offsets[n - 2]
    if any(s.start == start for s in spans) or not any(
            s.label in FIRSTNAMES and s.end == doc.ends[n - 3] for s in spans):
        return spans
    return sorted(spans + [INITIAL.span(start, doc.ends[n - 2], "initials", key=texts[-2])],
                  key=lambda s: s.start)


def initialled_surnames(spans: list[Span], doc: Doc) -> list[Span]:
    """"K. R. Balderrama", "Med vänliga hälsningar\nS. Duarte Tavares": the word a given name's
    reading took right after a person's initials (capital letters, each with its full stop) is
    the family name: the initials stand for the given names. Only the name's first word after
    them; a later word is the family name's rest, labelled by its own reading."""
    out = list(spans)
    for n, span in enumerate(spans):
        if span.label not in FIRSTNAMES or not doc.text[span.start].isupper():
            continue
        k = doc.index_at(span.start)
        if doc.offsets[k] == span.start and _initials_open_line(doc, k):
            out[n] = INITIALLED_SURNAME.span(span.start, span.end, "surname", span.attrs,
                                             key=span.key, score=span.score)
    return out


def _initials_open_line(doc: Doc, k: int) -> bool:
    """Token k follows initials (at most NAME_WORDS_MAX capital letters, each with its full
    stop) that open their line or sentence, or those and a family name's particle
    ("\nK. R. Balderrama", "\nS. ap Emrys"; not "i klass B. Ahmed")."""
    texts, j = doc.texts, k
    if j >= 3 and texts[j - 1].islower() and doc.folds[j - 1] in doc.lex.words("surname_particle"):
        j -= 1  # "S. ap Emrys": the particle opening the family name
        k = j
    while j >= 2 and k - j < 2 * T.NAME_WORDS_MAX and texts[j - 1] == "." \
            and len(texts[j - 2]) == 1 and texts[j - 2].isupper() and texts[j - 2].isalpha():
        j -= 2
    return j < k and (j in doc.starts or j == 0 or "\n" in doc.space(j - 1))


def _initials_before_lower_names(spans: list[Span], doc: Doc) -> list[Span]:
    """The initials `signed_initials` reads before a name written in lower case (found by
    coreference or a context rule, after the initials rule ran); the initial may be in lower
    case too when it opens its line or sentence ("Tack för hjälpen!\nl. ole sankale"; not the
    words "i", "å", "o": `_lower_initial`)."""
    texts, added = doc.texts, []
    starts = {s.start for s in spans}
    for n, span in enumerate(spans):
        if span.label not in NAME_LABELS or not doc.text[span.start].islower():
            continue
        end = spans[n + 1].end if n + 1 < len(spans) and spans[n + 1].label in NAME_LABELS \
            and spans[n + 1].start == span.end + 1 else span.end
        if any(c.isalpha() for c in doc.text[end:]):
            continue  # (the signature closes the essay)
        k = doc.index_at(span.start)
        if k >= 2 and texts[k - 1] == "." and len(texts[k - 2]) == 1 and texts[k - 2].isalpha() \
                and (texts[k - 2].isupper() or _lower_initial(doc, k - 2)) \
                and doc.offsets[k - 2] not in starts:
            added.append(INITIAL.span(doc.offsets[k - 2], doc.ends[k - 2], "initials",
                                      key=texts[k - 2]))
    return sorted(spans + added, key=lambda s: s.start) if added else spans


def _lower_initial(doc: Doc, j: int) -> bool:
    """Token j, a letter in lower case, can be an initial opening a signature: it opens its
    line or sentence and is no word of its own ("i", "å", "o")."""
    return doc.texts[j] not in "aeioåö" \
        and (j == 0 or j in doc.starts or "\n" in doc.space(j - 1))


def remembered_gender(spans: list[Span], doc: Doc,
                      earlier: dict[tuple[str, str], int] | None,
                      said: Mapping[str, str] | None = None) -> list[Span]:
    """A first name takes the sex the learner's earlier essays established ("Min fru heter
    Shamiram" there, "Shamiram var gravid" here; "vi kallar honom Gabi" there, a woman's name
    in the lists, "kaffe med Gabi" here), unless this essay's own
    evidence settles it (name-gender), also at a mention only the memory found ("zhino har
    astma, hon hostar" after an essay that had to guess her sex by the name's ending). The
    essay's evidence is read again over every rule's names: a context rule's name ("min dotter
    rezan är nio", the age rule's) has not been through the gazetteer's reading of it.
    Where an earlier essay's own words gave the name its sex (`said`: "min dotter Maly"),
    that outweighs the labels other essays could only guess ("våra barn Maly och oskar") and
    a pronoun of a later sentence here."""
    if not earlier:
        return settle(doc, spans)
    known: dict[str, set[str]] = {}
    for label, key in earlier:
        if label in GENDERED_NAMES:
            known.setdefault(key, set()).add(label)
    told = set()  # the names an earlier essay's own words gendered
    for key, sex in (said or {}).items():
        if sex and key in known:
            known[key] = {FIRSTNAME[sex]}
            told.add(key)
    out = []
    for span in spans:
        key = span.key or doc.text[span.start:span.end].lower()  # as `number` keys it
        labels = known.get(key) if span.label in FIRSTNAMES else None
        if labels and len(labels) == 1 and span.label not in labels \
                and (span.rule != NAME_GENDER.name or key in told):
            # (a sex this essay gave before the memory was read, by a pronoun of a later
            # sentence, yields to one an earlier essay's words gave: "min man Gamzat" there,
            # "men Gamzat stannade hemma. Hennes man …" here; `settle` below gives it back
            # where this essay's evidence is close: a kin word, a pronoun in its sentence)
            span = span._replace(label=next(iter(labels)))
        out.append(span)
    return settle(doc, out, frozenset(fold(key) for key, labels in known.items()
                                      if len(labels) == 1))


def family(label: str) -> str:
    """Coreference family: an entity keeps one label across mentions within its family."""
    if label in NAME_LABELS:
        return "name"
    if label in PLACE_LABELS:
        return "place"
    return label


class _Families(dict):
    """label -> `family(label)`, computed once per label."""

    def __missing__(self, label: str) -> str:
        self[label] = found = family(label)
        return found


FAMILY_OF = _Families()


def _kin_named(kin: Span | None, span: Span, top: Span, text: str) -> bool:
    """"Jag heter Tigist Bekele … min abaye Bekele": a given name right after a kin word stays
    one where another mention is a surname (an Ethiopian, Eritrean or Somali child's surname is
    the father's given name)."""
    return kin is not None and kin.label == "fam" and top.label == "surname" \
        and span.label in FIRSTNAMES and text[kin.end:span.start] == " "


def unify(spans: list[Span], text: str) -> list[Span]:
    """Give every mention of one entity the label of its most confident mention."""
    # an entity's key: its canonical key, else its lower-case text
    idents = [(FAMILY_OF[s.label], s.key or text[s.start:s.end].lower()) for s in spans]
    best: dict[tuple[str, str], Span] = {}
    for span, ident in zip(spans, idents):
        top = best.get(ident)
        if top is None or span.score > top.score:
            best[ident] = span
    out = []
    new = tuple.__new__  # Span(...) without its Python __new__: a relabelled mention each
    prev: Span | None = None
    for n, (span, ident) in enumerate(zip(spans, idents)):
        top, kin, prev = best[ident], prev, span
        if top.label == span.label or span.rule == NAMED_KIND.name \
                or _kin_named(kin, span, top, text) or _placed_in_pair(spans, n, top, text) \
                or top.rule == NAMED_KIND.name and span.rule == GAZETTEER.name \
                or "middlename" in (top.label, span.label) and span.label in NAME_LABELS:
            # "bor i Dnipro vid floden Dnipro", "floden dnipro och staden dnipro": a kind noun
            # names its own feature, and a town the gazetteer knows keeps its reading; a middle
            # name is one by its place in the full name, and said alone it is what the person
            # is called ("Mohammad Hussain Rezaie … alla säger bara hussain"): a first name
            out.append(span)
            continue
        # "foreign" comes from the entity's best mention, the other attributes stay the span's
        own = span.attrs if "foreign" not in span.attrs else tuple(
            a for a in span.attrs if a != "foreign")
        out.append(new(Span, (span[0], span[1], top.label,
                              ("foreign",) * top.attrs.count("foreign") + own, *span[4:])))
    return out


def _placed_in_pair(spans: list[Span], n: int, top: Span, text: str) -> bool:
    """Span n is a listed given name right before a family name, or a family name right after
    a given name, where the word's best mention reads it the other way: a name is one by its
    place in the full name ("min dotter Maryam Asif … Tack på förhand Asif Mahmood": the
    father's given name is the daughter's family name)."""
    span = spans[n]
    if span.label in FIRSTNAMES and top.label == "surname" and span.rule == GAZETTEER.name:
        # (a listed given name: not any word after "heter", "heter Fraser hed")
        nxt = spans[n + 1] if n + 1 < len(spans) else None
        return nxt is not None and nxt.label == "surname" and nxt.start == span.end + 1 \
            and text[span.end] == " "
    if span.label == "surname" and top.label in FIRSTNAMES:
        before = spans[n - 1] if n else None
        return before is not None and before.label in FIRSTNAMES \
            and before.end + 1 == span.start and text[before.end] == " "
    return False


KIND_RULES = frozenset(r.name for r in (NAMED_KIND, KIND_STATEMENT, HEAD_NOUN, GEO_PREFIX))
TOLD_OVER = FIRSTNAMES | {"surname", "middlename", "city", "area", "place"}  # readings it corrects


def kind_told(spans: list[Span], doc: Doc) -> list[Span]:
    """A place the essay once calls a lake, river, island or mountain by its kind ("ön Tarvo",
    "Tobara är en bred flod", "Lago Verde") is one in its other mentions too, whatever a
    person's or a town's reading took there ("Jag tänkte på Tobara", "åkte till Tarvo"); not
    a mention right after a word that names a person ("min kompis Tobara")."""
    told = {fold(doc.text[s.start:s.end]): s for s in spans
            if s.label == "geo" and s.rule in KIND_RULES}
    if not told:
        return spans
    before = doc.lex.words.union("name_trigger", "kind_noun")
    out = []
    for span in spans:
        top = told.get(fold(doc.text[span.start:span.end])) if span.label in TOLD_OVER \
            and span.rule not in KIND_RULES else None
        k = doc.index_at(span.start) if top is not None else 0
        if top is not None and not (k and (doc.folds[k - 1] in before
                                           or "fam" in doc.entries[k - 1].cats)
                                    or _listed_town(doc, span)):
            span = Span(span.start, span.end, "geo", top.attrs, span.score, span.rule, span.key)
        out.append(span)
    return out


def _listed_town(doc: Doc, span: Span) -> bool:
    """A town reading of a place the lists hold as a town ("i Maracaibo" beside the lake, "i
    byn kloten" beside "sjön Kloten"): the town named after the feature keeps its label."""
    return span.label in ("city", "area") \
        and bool(doc.lex.get(fold(doc.text[span.start:span.end])).place_kind)


def ident(span: Span, text: str) -> tuple[str, str]:
    """The entity a span names, as `number` and a learner's memory key it: its label and its
    key, else its text in lower case."""
    return span.label, span.key or text[span.start:span.end].lower()


def number(spans: list[Span], text: str, refs: dict[tuple[str, str], int] | None = None
           ) -> list[int]:
    """Running number per label; `refs` carries earlier assignments (a learner's memory). A
    new entity never takes a number another entity of its label still holds: the memory
    forgets what only the learned tagger guessed (`_forget_learned`), so counting the label's
    entities gave the next one a number in use, and two places (a home village and the Swedish
    town) or two persons shared one surrogate. Where nothing was forgotten the numbers are the
    counts, as before."""
    refs = {} if refs is None else refs
    counters: dict[str, int] = {}
    held: dict[str, set[int]] = {}
    top: dict[str, int] = {}  # the highest number each label holds (one look-up per entity)
    for (label, _), ref in refs.items():
        counters[label] = counters.get(label, 0) + 1
        held.setdefault(label, set()).add(ref)
        top[label] = max(top.get(label, 0), ref)
    out = []
    for span in spans:
        entity = ident(span, text)
        if entity not in refs:
            taken = held.setdefault(span.label, set())
            n = counters[span.label] = counters.get(span.label, 0) + 1
            if n in taken:  # (only the entity that would collide numbers past the others)
                n = top[span.label] + 1
            refs[entity] = n
            taken.add(n)
            top[span.label] = max(top.get(span.label, 0), n)
        out.append(refs[entity])
    return out
