"""Gazetteer matching: names, places, countries, institutions, with learner-text robustness.

A word is a candidate when a gazetteer knows it (directly, as a genitive, as a hyphenated name,
a multi-word phrase, or a bounded misspelling). Whether it is accepted depends on capitalisation,
sentence position, triggers ("heter", "bor i") and whether the word is also a common Swedish word:
a sentence-initial capital proves nothing, and "hans", "björk", "sund" need a capital and context.
"""
from __future__ import annotations

from functools import lru_cache

import regex

from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

from pseudonymize.doc import Doc
from pseudonymize.labels import FIRSTNAME, NAME_LABELS, PLACE_LABELS
from pseudonymize.lexicon import COMMON, EMPTY, NO_RANK, RARE, Entry, Lexicon
from pseudonymize.types import Span

PLACE_LABEL = {"city": "city", "municipality": "city", "exonym": "city", "area": "area",
               "region": "region", "geo": "geo", "place": "place", "street": "place"}
ORG_LABEL = {"school": "school", "university": "school", "company": "work", "workplace": "work",
             "authority": "other_institution", "other": "other_institution"}
EXCLUDED_CATS = frozenset({"nationality", "language", "not_name", "month", "weekday"})
NOT_NAME = frozenset({"not_name"})
HOMOGRAPH = frozenset({"common_name_homograph"})
LABEL_OF_HOMOGRAPH = {"surname": "surname", "firstname_male": "firstname_male",
                      "firstname_female": "firstname_female", "city": "city", "place": "place",
                      "geo": "geo", "country": "country"}
AGED = regex.compile(r"\d+-arig[a]?")  # "87-åriga Thatcher"
PAIR_ZIPF = 4.6
GUESSES = frozenset({"proper-noun", "name-context", "after-name", "place-suffix", "name-pair",
                     "place-preposition"})


NAMEISH_CATS = frozenset({"region", "country_alias", "unisex_name", "city_exonym",
                          "organization", "district", "geo", "landmark"})


def _is_common(e: Entry) -> bool:
    """An everyday Swedish word (or a known homograph) rather than mainly a name."""
    if e.cats and not e.cats <= NAMEISH_CATS:
        return True
    if e.zipf < COMMON:
        return False
    dominant = ((e.first_rank and e.first_rank < NO_RANK and e.zipf < 5.3) or e.country
                or e.se_pop >= 50_000
                or e.se_pop >= 5_000 and e.zipf < 5.0
                or (e.surname_rank and e.surname_rank <= 2000 and e.zipf < 5.0)
                or (e.place_kind in ("city", "exonym") and e.place_pop >= 500_000)
                or e.cats & NAMEISH_CATS and e.zipf < 5.0)
    return not dominant


def _excluded(e: Entry, key: str, never: frozenset[str]) -> bool:
    return key in never or bool(e.cats & EXCLUDED_CATS)


def _place_context(doc: Doc, i: int) -> int:
    """2 after "bor i"/"flyttade till"-like phrases or before "ligger i", "är en stadsdel"; 1
    after a bare place preposition; else 0."""
    folds, W = doc.folds, doc.lex.words.folds
    ENDS = doc.lex.words.ends
    after = folds[i + 1:i + 5]
    if (after[:1] in (["ligger"], ["lagger"]) and after[1:2] and after[1] in W["locating_preposition"]
            or after[:2] in (["ar", "en"], ["ar", "ett"]) and any(w in W["place_kind_noun"] for w in after[2:])) \
            and not (folds[i].endswith(ENDS["definite_ending"]) and doc.entries[i].zipf >= 2.5):
        return 2  # "Berga ligger utanför stan", "Vallby är en stadsdel"; not "Affären ligger"
    j = i - 1
    if j >= 0 and (folds[j] in W["area_word"] or folds[j] in W["region_word"]):
        return 1  # "i stadsdelen Praga", "i provinsen Fars"
    if j >= 0 and folds[j] in W["place_trigger.prep"]:
        k = j - 1
        while k >= 0 and (not doc.tokens[k].is_word or folds[k] in W["place_adverb"]):
            k -= 1
        if k >= 0 and (folds[k] in W["place_trigger.verb"] or folds[k] in ("har", "hade") and j - k == 1):
            return 2
        return 1
    if j >= 0 and folds[j] in W["place_trigger.visit"]:
        return 2
    return 0


def _institution_context(doc: Doc, i: int) -> str | None:
    """"jobbar på X", "praktik hos X" -> work; "studerar vid X", "går på X" -> school."""
    if i < 2 or doc.folds[i - 1] not in ("pa", "hos", "vid", "for"):
        return None
    verb = doc.folds[i - 2]
    words = doc.lex.words
    if verb in words.union("work_word", "work_start"):
        return "work"
    if verb in words.union("study_verb", "school_verb") and doc.folds[i - 1] != "hos":
        return "school"
    return None


def _gender_hint(doc: Doc, i: int) -> str | None:
    """"min mamma heter X", "din syster X", "X och hon är 61": a gendered word before an unknown
    name, or the first personal pronoun after it in its sentence, tells its gender."""
    folds, words = doc.folds, doc.lex.words
    kin = words.value("kin_gender")
    for j in range(i - 1, max(-1, i - 4), -1):
        f = folds[j]
        gender = kin.get(f)
        if gender == "female":
            return "female"
        if gender == "male" or gender == "male_after_possessive" and j \
                and doc.tokens[j - 1].text.lower() in words.surface("possessive"):
            return "male"
        if f not in words("gender_skip"):
            break
    for j in range(i + 1, min(len(folds), i + 7)):
        if j in doc.starts or folds[j] in ("jag", "du", "vi", "ni", "de") or doc.entries[j].gender:
            break
        if folds[j] in ("hon", "han"):
            return "female" if folds[j] == "hon" else "male"
    return None


ORG_LABELS = frozenset({"school", "work", "other_institution"})


def _org_role(doc: Doc, i: int, label: str, kind: str | None = None) -> str:
    """An institution is `work` in a sentence about working there ("praktik på Sahlgrenska",
    "jobbar på en avdelning på Länssjukhuset Ryhov"); a known hospital, bank or authority
    (`kind`) is otherwise `other_institution` ("remiss till Sahlgrenska", "konto i Nordea").
    Schools and universities stay `school`."""
    if label == "school":
        return label
    work = doc.lex.words("work_word")
    k = i - 1
    while k >= 0 and k + 1 not in doc.starts:
        if doc.folds[k] in work:
            return "work"
        k -= 1
    if kind is None:
        return label
    return "work" if kind == "company" else "other_institution"


def _institution_role(doc: Doc, i: int) -> str | None:
    """`work` or `school` after "på"/"hos"/"vid" in a sentence about working or studying:
    "söker sommarjobb som ingenjör på X", "var jag truckförare på X", "läser maskinteknik på X".
    A work word anywhere in the sentence decides; else the nearer of a study verb and a stated
    profession."""
    if not i or doc.folds[i - 1] not in ("pa", "hos", "vid"):
        return None
    nearest = None
    work, school = doc.lex.words("work_word"), doc.lex.words.union("study_verb", "school_verb")
    k = i - 1
    while k >= 0 and k + 1 not in doc.starts:
        fold = doc.folds[k]
        if fold in work:
            return "work"
        if nearest is None:
            if fold in school:
                nearest = "school"
            elif doc.lex.mark_of(doc.tokens[k].text.lower()) == "prof":
                nearest = "work"
        k -= 1
    return nearest


def _name_context(doc: Doc, i: int, marks: dict[str, str]) -> bool:
    """After "heter", "kompis", "min bror", "87-åriga" (optionally with a comma): a person."""
    j = i - 1
    while j >= 0 and doc.tokens[j].text in {",", ":"}:
        j -= 1
    return j >= 0 and ("name_trigger" in doc.entries[j].cats
                       or doc.folds[j][:1].isdigit() and AGED.fullmatch(doc.folds[j])
                       or marks.get(doc.tokens[j].text.lower()) == "fam")


class Matcher:
    """Holds the lexicon and a misspelling cache; one per engine."""

    def __init__(self, lex: Lexicon) -> None:
        self.lex = lex
        self.W, self.ENDS = lex.words.folds, lex.words.ends
        self._fuzzy = lru_cache(maxsize=200_000)(self._fuzzy_uncached)
        self.institution_ends = tuple(sfx for sfx, _ in lex.suffixes.get("institution_suffix", ()))
        self.place_ends = tuple(sfx for sfx, _ in lex.suffixes.get("place_suffix", ()))

    def _fuzzy_uncached(self, key: str) -> str | None:
        choices = self.lex.fuzzy_targets.get(key[0])
        if not choices or len(key) < 6:
            return None
        best = process.extractOne(key, choices, scorer=Levenshtein.distance, score_cutoff=1)
        if best or len(key) < 8:
            return best[0] if best else None
        # Two edits only towards places ("Götebrog"): a name that far off is another name.
        best = process.extractOne(key, choices, scorer=Levenshtein.distance, score_cutoff=2)
        if best and not self.lex.entries[best[0]].gender:
            return best[0]
        return None

    def lookup(self, key: str) -> tuple[Entry, str, tuple[str, ...]]:
        """(entry, canonical key, morphology attrs) for a folded word, or EMPTY."""
        lex = self.lex
        e = lex.entries.get(key)
        if len(key) > 3 and key[-1] == "s":
            base = lex.entries.get(key[:-1])
            if base is not None and self._attested(base) and (
                    e is None or not self._attested(e) or e.zipf >= RARE and base.zipf > e.zipf):
                return base, key[:-1], ("gen",)
        if e is not None and (e.gender or e.surname_rank or e.place_kind or e.country or e.org_kind):
            return e, key, ()
        if "-" in key:
            parts = key.split("-")
            heads = [lex.entries.get(p, EMPTY) for p in parts]
            if all(h.gender for h in heads):
                return heads[0], key, ()
            if all(h.surname_rank or h.gender for h in heads):
                return heads[-1]._replace(gender=None, first_rank=0), key, ()
        return e or EMPTY, key, ()

    def detect(self, doc: Doc) -> list[Span]:
        spans: list[Span] = []
        tokens, folds, entries, starts = doc.tokens, doc.folds, doc.entries, doc.starts
        prev_name_end = -2  # index of the last accepted person-name token
        plain, plain_rare = self.lex.unnamed, self.lex.unnamed_rare
        # Fast path: an everyday lower-case word with no name/place reading (a rarer one not
        # after a place preposition) needs no further thought: most tokens of an essay.
        todo = [i for i, (t, key) in enumerate(zip(tokens, folds)) if t[2][0].isalpha() and not (
            t[2][0].islower() and (key in plain or key in plain_rare
                                   and (not i or folds[i - 1] not in self.W["place_trigger.prep"])))]
        skip_to = 0
        for i in todo:
            if i < skip_to:
                continue
            tok = tokens[i]
            text = tok.text
            key = folds[i]
            cap = text[0].isupper()
            initial = i in starts
            phrase = self._phrase(doc, i) if key in self.lex.phrases and (
                cap or i and folds[i - 1] in self.W["place_trigger.prep"]) else None
            if phrase:
                j, e, pkey = phrase
                label, attrs = self._label_for(e, pkey)
                last = tokens[j - 1].text
                shaped = cap and (last[0].isupper() or last.lower() in self.W["phrase_tail"])
                if label and (shaped or _place_context(doc, i) == 2) and pkey not in self.W["never_replaced"]:
                    if label in ORG_LABELS and e.org_kind:
                        label = _org_role(doc, i, label, e.org_kind)
                    spans.append(Span(tok.start, tokens[j - 1].end, label, attrs, 0.9,
                                      "phrase", pkey))
                    skip_to = j
                    continue
            e, ckey, attrs = self.lookup(key)
            if _excluded(e, ckey, self.W["never_replaced"]) and not (
                    cap and not initial and e.gender and e.cats & EXCLUDED_CATS == NOT_NAME
                    and _name_context(doc, i, self.lex.marks)):  # "Doña Lucía", not "Lucia"
                continue
            span = self._classify(doc, i, e, ckey, attrs, cap, initial, prev_name_end == i - 1)
            if span is not None and span.rule in GUESSES | {"gazetteer"} \
                    and span.label in NAME_LABELS | {"city"} and not (e.country or e.se_pop >= 20_000):
                institution = _institution_context(doc, i)
                if institution:
                    span = Span(span.start, span.end, institution, span.attrs, span.score,
                                "institution-context", span.key)
            elif span is not None and span.label in ORG_LABELS and e.org_kind and not e.gender:
                # "Folktandvården Mölndal", "Apoteket Hjärtat": a branch's name follows (a
                # person's name does not belong to it: "Socialstyrelsen AnnaLisa").
                end = doc.capitalised_run(i)
                end = next((k - 1 for k in range(i + 1, end + 1)
                            if entries[k].gender or entries[k].surname_rank), end)
                span = Span(span.start, tokens[end].end, _org_role(doc, i, span.label, e.org_kind),
                            span.attrs, span.score, span.rule, " ".join(folds[i:end + 1]))
                spans.append(span)
                skip_to = end + 1
                continue
            last = spans[-1] if spans else None
            if (cap and not initial and not text.isupper() and last is not None
                    and last.label in PLACE_LABELS
                    and last.end + 1 == tok.start and doc.text[last.end] == " "
                    and (span is None or span.rule in GUESSES) and not _is_common(e) and e.zipf < 3.0
                    and not text.lower().endswith(self.institution_ends)):
                # "Nowa Huta", "Farsta strand": a capitalised word continuing a place name.
                spans[-1] = Span(last.start, tok.end, last.label, last.attrs, last.score,
                                 last.rule, f"{last.key} {key}")
                continue
            if span is not None and last is not None and self._town_pair(doc, last, span, e, i):
                # "Winston Churchill", "Missy Franklin": two small foreign towns side by side
                # are a person's names.
                first = self.lex.get(last.key)
                spans[-1] = Span(last.start, last.end, FIRSTNAME[first.gender] if first.gender
                                 else self._name_guess(last.key, doc, i - 1), (), 0.6, "name-pair",
                                 last.key)
                span = Span(span.start, span.end, "surname", span.attrs, 0.6, "name-pair", span.key)
            if span is not None:
                spans.append(span)
                if span.label in FIRSTNAME.values() or span.label == "surname":
                    prev_name_end = i
        return self._name_runs(doc, spans)

    def _name_runs(self, doc: Doc, spans: list[Span]) -> list[Span]:
        """Anna Maria Svensson: inner names of a run are middle names; a lone capital letter
        beside a name is an initial (Amina Y., Magdalena A Kowalska)."""
        tokens = doc.tokens
        by_start = {s.start: n for n, s in enumerate(spans)}
        out = list(spans)
        index_at = doc.index_at
        idx = {s.start: k for s in spans if tokens[k := index_at(s.start)].start == s.start}
        run: list[int] = []

        def flush() -> None:
            if len(run) >= 3 and out[run[0]].label.startswith("firstname"):
                for n in run[1:-1]:
                    s = out[n]
                    out[n] = Span(s.start, s.end, "middlename", s.attrs, s.score, s.rule, s.key)
            run.clear()

        for n, s in enumerate(spans):
            if s.label.startswith("firstname") or s.label in ("surname", "middlename"):
                k = idx.get(s.start)
                if run and k is not None and idx.get(spans[run[-1]].start, -9) + 1 == k:
                    run.append(n)
                else:
                    flush()
                    run.append(n)
            else:
                flush()
        flush()
        names = {idx[s.start] for s in out if s.start in idx and (
            s.label.startswith("firstname") or s.label in ("surname", "middlename"))}
        for k, tok in enumerate(tokens):
            text = tok.text
            if len(text) != 1:
                continue
            if text.islower() and text not in "aeioåö" and k - 1 in names \
                    and tokens[k - 1].text.islower() and tok.start not in by_start \
                    and (k + 1 == len(tokens) or not tokens[k + 1].is_word):
                out.append(Span(tok.start, tok.end, "initials", (), 0.6, "initial", text))  # "anna b,"
            elif text.isupper() and text.isalpha() and tok.start not in by_start:
                dotted = k + 1 < len(tokens) and tokens[k + 1].text == "."
                nxt = k + 2 if dotted else k + 1
                follower = tokens[nxt].text if nxt < len(tokens) else ""
                # "Amina Y", "Magdalena A Kowalska", "S. W. Björk": a capital letter beside a
                # name, or dotted before another capitalised word.
                if k - 1 in names or nxt in names or dotted and follower[:1].isupper() \
                        and (len(follower) > 1 or nxt + 1 < len(tokens)
                             and tokens[nxt + 1].text == ".") \
                        and not (k and doc.folds[k - 1] in self.W["class_noun"]):  # "körkort B. Mitt"
                    out.append(Span(tok.start, tok.end, "initials", (), 0.7, "initial", text))
        return sorted(out, key=lambda s: s.start)

    def _phrase(self, doc: Doc, i: int) -> tuple[int, Entry, str] | None:
        folds = doc.folds
        for words, e in self.lex.phrases[folds[i]]:
            j, w = i, 0
            while w < len(words) and j < len(folds):
                if not doc.tokens[j].is_word and folds[j] not in ("-", "."):
                    break
                if doc.tokens[j].is_word:
                    if folds[j] != words[w]:
                        break
                    w += 1
                j += 1
            if w == len(words):
                return j, e, " ".join(words)
        return None

    def _label_for(self, e: Entry, key: str, name_ctx: bool = False, place_ctx: int = 0
                   ) -> tuple[str | None, tuple[str, ...]]:
        """Choose between a word's readings (country, place, institution, name) by context
        first, then by how strongly the resources attest each reading."""
        if e.country:
            return ("country", ()) if e.country != "SE" else (None, ())
        # The better-ranked name reading: Holm is a surname, though a German first name too.
        first = e.gender and not (e.surname_rank and e.surname_rank * 20 < e.first_rank)
        name = FIRSTNAME[e.gender] if first else "surname" if e.surname_rank else None
        if name is None and name_ctx and e.place_kind and not e.org_kind and e.se_pop == 0 \
                and e.place_pop < 100_000 and e.zipf < 5.0:
            name = self._name_guess(key)  # "min son Mahad": not the town of Mahad
        place = None
        if e.place_kind:
            foreign = () if e.se_pop or e.place_country in ("SE", "") else ("foreign",)
            place = (PLACE_LABEL.get(e.place_kind, "city"), foreign)
        if e.org_kind and "organization" in e.cats and not e.se_pop:
            # The hand-written organisations beat a homonymous town abroad: ICA, not Ica (Peru).
            return ORG_LABEL.get(e.org_kind, "other_institution"), ()
        if name and place:
            if name_ctx:
                place = None
            elif not place_ctx:
                name_strong = (e.first_rank and e.first_rank <= 1500) or (
                    e.surname_rank and e.surname_rank <= 1500)
                place_strong = (e.se_pop and e.place_kind in ("city", "municipality", "region")
                                or e.place_pop >= 100_000)
                if name_strong and (not place_strong or e.first_rank and e.first_rank <= 300):
                    place = None
        if place:
            return place
        if e.org_kind:
            return ORG_LABEL.get(e.org_kind, "other_institution"), ()
        return (name, ()) if name else (None, ())

    def _classify(self, doc: Doc, i: int, e: Entry, key: str, morph: tuple[str, ...], cap: bool,
                  initial: bool, after_name: bool) -> Span | None:
        tok = doc.tokens[i]
        common = _is_common(e)
        if common and not tok.text.isascii() and tok.text.lower() not in self.lex.common_accented \
                and not e.cats - HOMOGRAPH - NAMEISH_CATS:
            common = False  # "Pär" is judged as itself, not as the frequent "par"
        place_ctx = _place_context(doc, i)
        name_ctx = _name_context(doc, i, self.lex.marks)
        if i >= 2 and doc.folds[i - 1] == "fran" and "name_trigger" in doc.entries[i - 2].cats:
            place_ctx, name_ctx = 0, True  # "Hälsningar från Rania", "Kram från Sai"
        label, attrs = self._label_for(e, key, name_ctx, place_ctx)
        upper = tok.text.isupper() and len(tok.text) > 1
        if label is None:
            return self._unknown(doc, i, e, key, morph, cap, initial, after_name, place_ctx,
                                 name_ctx)
        is_name = label.startswith("firstname") or label == "surname"
        if after_name and cap and not common and (is_name or label == "city" and not place_ctx):
            label, attrs, is_name = "surname", (), True
        elif e.gender and label in PLACE_LABELS and cap and (
                not place_ctx or place_ctx == 1 and e.first_rank and e.first_rank <= 300) \
                and not (e.se_pop or e.place_pop >= 100_000) and self._capitalised_pair(doc, i):
            # "Whitney Houston", "Craig Gardner": a first name before another capitalised word
            # is a person, not the small town of the same name.
            label, attrs, is_name = FIRSTNAME[e.gender], (), True
        if is_name and place_ctx == 2 and not e.place_kind and len(key) >= 5:
            # "bor i Stokholm": a misspelt place beats a rare surname reading.
            target = self._fuzzy(key)
            if target:
                flabel, fattrs = self._label_for(self.lex.entries[target], target, False, place_ctx)
                if flabel and flabel not in NAME_LABELS:
                    return Span(tok.start, tok.end, flabel, fattrs + morph, 0.7, "fuzzy", target)
        if is_name and place_ctx == 2 and cap and not name_ctx and doc.folds[i - 1] == "i":
            # "Vi bodde i Hodan": one lives in a place, whatever else the word names.
            return Span(tok.start, tok.end, "city", morph, 0.6, "place-context", key)
        if cap and not upper:
            if initial and not (place_ctx or name_ctx) and (common or not self._attested(e)) \
                    and not (is_name and (self._name_follows(doc, i)
                                          or e.gender and self._capitalised_pair(doc, i))):
                return None
            if not initial and common and not (place_ctx or name_ctx or after_name) \
                    and not (is_name and self._capitalised_pair(doc, i)):  # "Donald Trump"
                # Inside a sentence a capital decides a homograph: "hos Hans bror" (Hans),
                # "hans bror" (his).
                homograph = e.cats and e.cats <= HOMOGRAPH | NAMEISH_CATS
                if not (e.place_kind and e.place_pop >= 100_000 and e.zipf < 5.0) \
                        and not e.country and not homograph:
                    return None
        elif upper:
            if common and not (place_ctx or name_ctx) or is_name and len(key) <= 4:
                return None  # IVA, EMA: acronyms, not names
        else:  # lower case: needs context, and never an everyday word
            if common and not (place_ctx == 2 and not is_name and e.cats <= HOMOGRAPH
                               and (e.country or e.se_pop >= 5_000)):  # "från polen" (a homograph)
                return None
            if is_name:
                ok = name_ctx or after_name or (e.first_rank and e.first_rank <= 100
                                                and e.zipf < 5.0)
            elif label == "country":
                ok = True
            else:
                big = e.se_pop >= 20_000 or e.place_pop >= 1_000_000 and e.zipf < 4.5
                ok = place_ctx == 2 or big or place_ctx == 1 and (e.se_pop or e.place_pop >= 100_000)
            if not ok:
                return None
        return Span(tok.start, tok.end, label, attrs + morph, 0.8 if cap else 0.6, "gazetteer", key)

    def _unknown(self, doc: Doc, i: int, e: Entry, key: str, morph: tuple[str, ...], cap: bool,
                 initial: bool, after_name: bool, place_ctx: int, name_ctx: bool) -> Span | None:
        """A word no gazetteer knows: a misspelt name or place, or a proper noun by its capital,
        its context and its shape (Swedish compounds of ordinary words are not names)."""
        tok = doc.tokens[i]
        if tok.text.isupper() and len(tok.text) > 1 and not initial:
            role = _institution_role(doc, i)
            if role:  # "fått fast jobb på SSAB", "läser maskinteknik på LTU": an acronym
                return Span(tok.start, tok.end, role, morph, 0.6, "institution-context", key)
        if (not cap and place_ctx < 2) or (tok.text.isupper() and len(tok.text) > 1) or ":" in key \
                or "." in key:
            return None
        if after_name and cap and not initial and not e.cats & EXCLUDED_CATS and e.zipf < 5.5 \
                and len(key) > 1:
            # "Nguyen Thi Lan": a capitalised word right after a name continues it, even when
            # it is (or folds like) an ordinary word ("Lan" ~ "län").
            return Span(tok.start, tok.end, "surname", morph, 0.7, "after-name", key)
        plural_place = cap and not initial and not e.zipf and i and doc.folds[i - 1] in ("pa", "i")
        if tok.text.lower() in self.lex.marks and not (place_ctx and cap) or e.cats - HOMOGRAPH or (
                not place_ctx and key.endswith(self.ENDS["ordinary_ending"]) and not plural_place):
            return None  # "Sfi", "heter", "Avslutningsvis", "Bröderna": words, not names;
            # but an unknown "på Kanarieöarna" is a place
        if len(key) >= 5 and (cap or place_ctx == 2) and e.zipf < 3.8:  # misspelt, not a word
            target = self._fuzzy(key)
            if target in self.W["never_replaced"]:
                return None  # "Sverge": misspelt Sweden, never replaced
            if target:
                flabel, fattrs = self._label_for(self.lex.entries[target], target, name_ctx, place_ctx)
                if flabel in NAME_LABELS and self._place_suffix(tok.text.lower()):
                    flabel = None  # an island in -ön is not a misspelt name
                if flabel:
                    return Span(tok.start, tok.end, flabel, fattrs + morph, 0.7, "fuzzy", target)
        if cap and not initial and e.cats and e.cats <= HOMOGRAPH:
            # A homograph capitalised inside a sentence is its name reading ("i Hjo", "och
            # Björk"); the lexicon's value says which kind of name.
            label = "city" if place_ctx else LABEL_OF_HOMOGRAPH.get(e.value, "firstname_unknown")
            return Span(tok.start, tok.end, label, morph, 0.6, "homograph-capital", key)
        if cap and place_ctx == 2 and e.zipf < 4.5 and e.cats <= HOMOGRAPH and len(key) >= 3:
            # "bor i Hjo", "flyttade till Björk": the verb makes the word a place; its ending may
            # say which kind ("åka till Kilsbergen").
            suffix_label = self._place_suffix(tok.text.lower())
            if suffix_label:
                return Span(tok.start, tok.end, suffix_label, morph, 0.6, "place-suffix", key)
            return Span(tok.start, tok.end, "city", morph, 0.6, "place-context", key)
        if e.cats or len(key) < 3:
            return None
        if not initial and cap and not place_ctx and e.zipf < PAIR_ZIPF \
                and self._capitalised_pair(doc, i):
            # "miljardären Donald Trump": two capitalised words inside a sentence are a name
            # even when each is also a frequent word form.
            return Span(tok.start, tok.end, self._name_guess(key, doc, i), morph, 0.6, "name-pair",
                        key)
        limit = 3.5 if initial and not (place_ctx or name_ctx) else 4.0
        if initial and self._name_follows(doc, i) and not key.endswith(self.ENDS["definite_ending"]):
            limit = 4.0  # "Lind har", "Wenger kom": a subject followed by its verb
        if e.zipf >= limit:
            return None
        if not cap:
            return None
        suffix_label = self._place_suffix(tok.text.lower())
        if suffix_label and (not initial or e.zipf < 3.0):
            return Span(tok.start, tok.end, suffix_label, morph, 0.6, "place-suffix", key)
        surname_like = self._name_guess(key) == "surname"  # Andersson = anders+son, not a noun
        # A misspelt everyday word is a risk only where every word is capitalised anyway.
        if not place_ctx and not surname_like and (
                self._compound(key) or initial and self._misspelt(key)):
            return None
        institution = _institution_context(doc, i)
        if institution:
            return Span(tok.start, tok.end, institution, morph, 0.7, "institution-context", key)
        if place_ctx:
            folds = doc.folds
            if folds[i - 1] == "till" and (i - 1 in doc.starts or any(
                    w in self.W["payment_word"] for w in folds[max(0, i - 6):i - 1])):
                # "Till Bostadsbolaget" heading a letter, "betalat hyran till Vätterhem".
                return Span(tok.start, tok.end, "other_institution", morph, 0.6, "addressee", key)
            label = "region" if folds[i - 1] in self.W["region_word"] or folds[i - 1] == "i" and i >= 2 \
                and folds[i - 2] in ("by", "byn", "byar") else "city"  # "en by i Isan"
            return Span(tok.start, tok.end, label, morph, 0.7, "place-context", key)
        if after_name:
            return Span(tok.start, tok.end, "surname", morph, 0.7, "after-name", key)
        if name_ctx:
            return Span(tok.start, tok.end, self._name_guess(key, doc, i), morph, 0.7, "name-context",
                        key)
        if initial and len(key) < 4:
            return None
        genitive = key.endswith("s") and i + 1 < len(doc.tokens) \
            and doc.tokens[i + 1].text.islower() and doc.folds[i + 1] not in self.W["function_after_name"]
        if i >= 2 and doc.folds[i - 1] in ("pa", "vid") and doc.folds[i - 2] not in self.W["person_particle_verb"] \
                and not genitive:  # "på Kings novell": a person's
            # "simskola på Fyrishov", "fiskar vid X": where something is, not who.
            return Span(tok.start, tok.end, "place", morph, 0.5, "place-preposition", key)
        return Span(tok.start, tok.end, self._name_guess(key, doc, i), morph, 0.5, "proper-noun", key)

    def _town_pair(self, doc: Doc, last: Span, span: Span, e: Entry, i: int) -> bool:
        """Whether `last` and `span` are two small foreign towns written as one name."""
        if not (span.label == last.label == "city" and span.rule == last.rule == "gazetteer"
                and last.end + 1 == span.start and doc.text[last.end] == " "
                and _place_context(doc, i - 1) < 2):
            return False
        return all(not x.se_pop and x.place_pop < 100_000 and not x.country and x.place_kind
                   for x in (e, self.lex.get(last.key)))

    @staticmethod
    def _capitalised_pair(doc: Doc, i: int) -> bool:
        """The next token is also a capitalised, lower-frequency word (not an acronym)."""
        if i + 1 >= len(doc.tokens) or doc.tokens[i].ws != " ":
            return False
        nxt, e = doc.tokens[i + 1].text, doc.entries[i + 1]
        return (nxt[0].isupper() and nxt.isalpha() and not nxt.isupper() and e.zipf < PAIR_ZIPF
                and not e.cats & EXCLUDED_CATS and not (e.cats - NAMEISH_CATS - HOMOGRAPH))

    def _compound(self, key: str) -> bool:
        """tjänstebil, DNA-register: a compound whose head and modifier are ordinary words
        (the modifier may carry a linking s or have dropped its final vowel: stjärn|lösa)."""
        get = self.lex.entries.get

        def word(k: str) -> bool:
            e = get(k)
            return e is not None and e.zipf >= 3.3

        parts = key.split("-")
        if len(parts) > 1:
            return word(parts[-1])
        for k in range(len(key) - 4, 2, -1):
            if not word(key[k:]):
                continue
            mod = key[:k]
            if word(mod) or mod[-1] == "s" and word(mod[:-1]) or word(mod + "a") or word(mod + "e"):
                return True
        return False

    def _misspelt(self, key: str) -> bool:
        """Within one edit of an everyday word: a learner's spelling, not a name."""
        if len(key) < 5:
            return False
        words = self.lex.common_by_letter.get(key[0], ())
        return bool(words) and process.extractOne(
            key, words, scorer=Levenshtein.distance, score_cutoff=1) is not None

    def _place_suffix(self, low: str) -> str | None:
        """Swedish place-name endings (-köping, -sjön, -gatan), on the lower-cased word."""
        if not low.endswith(self.place_ends):
            return None
        for suffix, label in self.lex.suffixes.get("place_suffix", ()):
            if low.endswith(suffix) and len(low) >= len(suffix) + 3 + (len(suffix) < 2):
                return label or "city"
        return None

    def _name_follows(self, doc: Doc, i: int) -> bool:
        """"Hans vill …", "Björn H": a verb or an initial after a sentence-initial name reading
        (the possessive "Hans bror" is followed by a noun)."""
        if i + 1 >= len(doc.tokens):
            return False
        nxt = doc.tokens[i + 1].text
        after = doc.tokens[i + 2].text if i + 2 < len(doc.tokens) else ""
        return (doc.folds[i + 1] in self.W["name_verb"] or len(nxt) == 1 and nxt.isupper()
                or nxt == "och" and after[:1].isupper())  # "Liv och Oskar"

    @staticmethod
    def _attested(e: Entry) -> bool:
        """Strong enough to be taken as a name or place at the start of a sentence."""
        return bool(e.country or e.cats & NAMEISH_CATS or (e.first_rank and e.first_rank <= 3000)
                    or (e.surname_rank and e.surname_rank <= 3000) or e.se_pop
                    or e.place_pop >= 100_000 or e.org_kind)

    def _name_guess(self, key: str, doc: Doc | None = None, i: int = 0) -> str:
        """A name the gazetteers lack: surname by its ending, else a first name whose gender
        the words around it tell ("min mamma heter X") or, failing that, its ending (-a, -e,
        -ie, -ine are mostly women's names)."""
        if key.endswith(self.ENDS["surname_ending"]) and any(
                key.endswith(s) and len(key) > len(s) + 1 for s in self.ENDS["surname_ending"]):
            return "surname"
        hint = _gender_hint(doc, i) if doc is not None else None
        if hint:
            return FIRSTNAME[hint]
        return "firstname_female" if key.endswith(("a", "e", "ah")) else "firstname_male"
