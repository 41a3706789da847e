"""Context rules: ages, date parts, street numbers, transport lines, institutions by suffix,
initials, and the mark-only labels (prof, edu, fam, sensitive) from the lexicon."""
from __future__ import annotations

from functools import lru_cache

import regex
from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

from pseudonymize.detectors.gazetteer_match import _org_role
from pseudonymize.doc import Doc
from pseudonymize.lexicon import Lexicon, fold
from pseudonymize.types import Span

QUOTES = frozenset("\"”“„«»'’")
TOKEN_CATS = frozenset({"number_word", "month"})
LINE_CODE = regex.compile(r"[A-ZÅÄÖ]{1,2}\d{1,3}[A-Z]?")
DAY_MONTH = regex.compile(r"(?:0?[1-9]|[12]\d|3[01])\.(?:0?[1-9]|1[0-2])")
DATE_CONTEXT_CATS = frozenset({"weekday", "date_trigger"})
CODE_NAME = regex.compile(r"[A-ZÅÄÖ]{1,3}\d{1,3}")


@lru_cache(maxsize=50_000)
def _split_number_word(key: str, words: tuple[str, ...]) -> bool:
    """tjugofem, trettiotvå: a concatenation of number words."""
    if not key:
        return True
    return any(key.startswith(w) and _split_number_word(key[len(w):], words) for w in words)


class ContextRules:
    """Rules needing the neighbouring words; one instance per engine."""

    def __init__(self, lex: Lexicon) -> None:
        self.lex = lex
        words = lex.words
        self.w = words.folds
        self.kind_nouns = words.value("kind_noun")
        self.place_nouns = words.value("adjective_place_noun")
        self.head_nouns = {**dict.fromkeys(words("street_noun"), "place"), **words.value("head_noun")}
        self.geo_head_endings = words.endings("geo_head_ending")
        self.transport_endings = words.endings("transport_ending", surface=True)
        self.street_endings = words.endings("street_ending")
        self.possessives = words.surface("possessive")
        # Words whose follower a rule below looks at: studies, ages, "jobbar som X", "studerar till X".
        self.watched_before = words("study_verb") | words("age_trigger.verb") | {"som", "till", "den"}
        self.number_words = tuple(sorted(
            (k for k, e in lex.entries.items() if "number_word" in e.cats and " " not in k),
            key=len, reverse=True))
        self.institution = lex.suffixes.get("institution_suffix", [])
        # Misspelt number words are looked up once per engine, not once per mention.
        self._is_number_word = lru_cache(maxsize=50_000)(self._number_word_uncached)
        self.mark_phrases: dict[str, list[tuple[tuple[str, ...], str]]] = {}
        for words, mark in lex.marks.items():
            if " " in words:
                head, *rest = words.split()
                self.mark_phrases.setdefault(head, []).append((tuple(rest), mark))
        # Folds of the lower-case words some rule below looks at (marks are keyed by surface:
        # their folds cover every spelling); any other frequent word is skipped.
        watched = frozenset(map(fold, lex.marks)) | set(map(fold, self.mark_phrases)) \
            | set(self.kind_nouns) | set(self.head_nouns) | self.w["town_body"] | {"linjen", "linje", "skola", "skolan"}
        self.institution_ends = tuple(sfx for sfx, _ in self.institution)
        ends = self.institution_ends + self.geo_head_endings
        # Frequent words whose own lexicon entry no rule here acts on.
        self.plain = frozenset(
            k for k, e in lex.entries.items()
            if e.zipf >= 4.0 and (not e.cats or e.cats.isdisjoint(TOKEN_CATS))
            and k not in watched and not k.endswith(ends) and "." not in k and "_" not in k)

    def _number_word_uncached(self, key: str) -> bool:
        if "number_word" in self.lex.get(key).cats:
            return True
        if len(key) >= 6 and _split_number_word(key, self.number_words):
            return True
        if len(key) >= 5 and self.number_words:
            best = process.extractOne(key, self.number_words, scorer=Levenshtein.distance,
                                      score_cutoff=1 if len(key) < 8 else 2)
            return best is not None
        return False

    def detect(self, doc: Doc) -> list[Span]:
        spans: list[Span] = []
        add = spans.append
        tokens, folds, entries = doc.tokens, doc.folds, doc.entries
        n = len(tokens)
        marks = self.lex.marks
        plain = self.plain
        # Skip every everyday lower-case word no rule here looks at (most tokens).
        todo = [i for i, (t, key) in enumerate(zip(tokens, folds)) if not (
            t[2][0].islower() and key in plain and (not i or folds[i - 1] not in self.watched_before)
            and (i < 2 or folds[i - 2] not in self.w["study_verb"])  # "läser svensk juridik"
            and (i + 1 == n or folds[i + 1] not in self.w["age_trigger.after"]))]
        for i in todo:
            tok = tokens[i]
            text = tok.text
            first = text[0]
            e = entries[i]
            if first.isdigit():
                self._number(doc, i, add)
                continue
            if not first.isalpha():
                continue
            key = folds[i]
            nxt = folds[i + 1] if i + 1 < n else ""
            prev = folds[i - 1] if i else ""
            cap = first.isupper()
            low = text.lower()
            if low in self.mark_phrases and self._mark_phrase(doc, i, add):
                continue  # "högt blodtryck"
            mark = marks.get(low)
            if mark is None and not cap and e.zipf < 4.0:
                # "mattelärare", "prostatacancer", "juristexamen": a compound of a marked word;
                # any word after "jobbar som" ("kallskänka").
                mark = self.lex.mark_of(low)
                if mark is None and prev == "som" and i >= 2 and folds[i - 2] in self.w["work_word"]:
                    mark = "prof"
            if mark and self._mark_context(doc, i, mark):
                end = i
                if (mark == "edu" or key.endswith("ingenjor")) and nxt == "i" and i + 2 < n \
                        and tokens[i + 2].text.islower() and tokens[i + 2].is_word \
                        and entries[i + 2].zipf < 4.8 and "number_word" not in entries[i + 2].cats:
                    end, mark = i + 2, "edu"  # "magisterexamen i matematik", not "i skolan"
                elif mark == "prof" and prev == "till" and i >= 2 and folds[i - 2] in self.w["study_verb"]:
                    mark = "edu"  # "studerar till sjuksköterska"
                add(Span(tok.start, tokens[end].end, mark, (), 0.6, "lexicon", key))
            elif not cap and e.zipf < 5.0 and not e.cats and (prev in self.w["study_verb"] or i >= 2 and (
                    folds[i - 2] in self.w["study_verb"] and prev.endswith("sk"))):
                add(Span(tok.start, tok.end, "edu", (), 0.5, "studies", key))  # läsa (svensk) juridik
            rare = e.zipf < 4.0 or not text.isascii() and text.lower() not in self.lex.common_accented
            if "number_word" in e.cats or nxt in self.w["age_trigger.after"] and rare or prev in self.w["age_trigger.verb"]:
                self._age_word(doc, i, add)
            if "month" in e.cats and self._date_context(doc, i):
                add(Span(tok.start, tok.end, "month_word", (), 0.8, "month", key))
            if e.zipf < 4.0 and len(key) > 6:
                street = key[:-1] if key.endswith("s") else key  # Strandvägens
                if street.endswith(self.street_endings) and not self._bare_suffix(
                        street, cap and i not in doc.starts):
                    # "Södra Förstadsgatan": a capitalised compass word belongs to the name.
                    first = i - 1 if i and prev in self.w["name_adjective"] and tokens[i - 1].text[0].isupper() \
                        and tokens[i - 1].ws == " " else i
                    add(Span(tokens[first].start, tok.end, "place",
                             ("gen",) if street != key else (), 0.7, "street-suffix",
                             " ".join(folds[first:i] + [street])))
            if key in self.kind_nouns:
                self._named_kind(doc, i, add)
            if key in ("linjen", "linje"):
                self._transport(doc, i, add)
            if key in ("skola", "skolan") and nxt in ("nummer", "nr") and i + 2 < n \
                    and tokens[i + 2].text.isdigit():
                add(Span(tok.start, tokens[i + 2].end, "school", (), 0.85, "numbered-school",
                         f"{key} {nxt} {tokens[i + 2].text}"))  # "Skola nummer 112"
            if cap and text[-1].isdigit() and CODE_NAME.fullmatch(text) and key not in self.w["language_level"] \
                    and not (i and (tokens[i - 1].text[:1].isupper() and i - 1 not in doc.starts
                                    or "transport_word" in entries[i - 1].cats)):
                # "spelare från HV71", "köpcentrum i A6", "på E4": a club, a centre, a road.
                label = "place" if prev in ("i", "pa", "vid", "till", "langs") and (
                    i < 2 or folds[i - 2] not in self.w["sport_word"]) else "other_institution"
                add(Span(tok.start, tok.end, label, (), 0.5, "code-name", key))
            head = self.head_nouns.get(key) or key.endswith(self.geo_head_endings) and "geo"
            if head and not cap and i and tokens[i - 1].text[:1].isupper() \
                    and tokens[i - 1].text.isalpha() and (i - 1) not in doc.starts:
                # "Tensta allé", "Mörby centrum", "Tinnerö eklandskap": a place name with a
                # lower-case head word.
                add(Span(tokens[i - 1].start, tok.end, head, (), 0.75, "head-noun",
                         f"{folds[i - 1]} {key}"))
            if cap and key in self.w["geo_prefix"] and i + 1 < n and tokens[i + 1].text[:1].isupper():
                end = self._connected_run(doc, i + 1)
                add(Span(tok.start, tokens[end].end, "geo", (), 0.8, "geo-prefix",
                         " ".join(folds[i:end + 1])))
            if cap and key in self.w["business_tail"] and i and i - 1 not in doc.starts \
                    and tokens[i - 1].text[:1].isupper() and tokens[i - 1].is_word:
                add(Span(tokens[i - 1].start, tok.end, "work", (), 0.8, "business-name",
                         f"{folds[i - 1]} {key}"))
            if "transport_word" in (entries[i - 1].cats if i else ()) and LINE_CODE.fullmatch(text):
                add(Span(tok.start, tok.end, "transport_nr", (), 0.8, "transport", key))  # linje M2
            if ("." in key or "_" in key) and any(w in self.w["username_trigger"] for w in folds[max(0, i - 3):i]):
                add(Span(tok.start, tok.end, "extra", (), 0.7, "user-id", key))  # "mitt id är a.b.c"
            if not cap and i and (tokens[i - 1].text[0].isupper() or i >= 2
                                  and tokens[i - 2].text[0].isupper()):
                self._institution(doc, i, add)  # "Göteborgs universitet"
            if not cap:
                continue
            # Capitalised words only from here.
            self._institution(doc, i, add)
            self._transport(doc, i, add)
            if key in self.w["business_head"] and i + 1 < n and tokens[i + 1].text[:1].isupper() \
                    and tokens[i + 1].text.isalpha():
                end = doc.capitalised_run(i + 1)
                add(Span(tok.start, tokens[end].end, "work", (), 0.85, "business-name",
                         " ".join(folds[i:end + 1])))
            if key in self.w["name_adjective"] and nxt in self.place_nouns and tokens[i + 1].text.islower():
                add(Span(tok.start, tokens[i + 1].end, self.place_nouns[nxt], (), 0.75, "adjective-place",
                         f"{key} {nxt}"))
        return spans

    def _is_age(self, doc: Doc, i: int, suffixed: bool = False, first: int | None = None) -> bool:
        """A number is an age after "fyllde"/"är" with a person as subject ("jag är 34", "min
        son är fem år"), or before "år" unless the phrase is a duration ("i tre år", "för fem år
        sedan") or generic ("man är 18 år")."""
        folds, n = doc.folds, len(doc.tokens)
        first = i if first is None else first  # the number may span words: "hundra och ett"
        nxt = folds[i + 1] if i + 1 < n else ""
        prev = folds[first - 1] if first else ""
        prev2 = folds[first - 2] if first >= 2 else ""
        if prev2 in self.w["generic_subject"] and prev in self.w["be_verb"]:
            return False
        if prev in self.w["age_trigger.verb"] or suffixed:
            return True
        if prev in self.w["be_verb"] and (prev2 in self.w["personal_pronoun"] or first >= 2 and doc.tokens[first - 2].text[:1].isupper()
                                 and first - 2 not in doc.starts) and nxt not in self.w["unit_word"]:
            return True  # "jag är 34", "Omar var 12"
        if nxt in self.w["age_trigger.after"]:
            after = folds[i + 2] if i + 2 < n else ""
            return prev not in self.w["duration_before"] and (after not in self.w["duration_after"] or prev in self.w["be_verb"])
        return False

    def _age_word(self, doc: Doc, i: int, add) -> None:
        """"tjugo fem år", "niotton år", "fyllde trettio", "hundra och ett år": an age in words."""
        tokens, folds = doc.tokens, doc.folds
        key = folds[i]
        nxt = folds[i + 1] if i + 1 < len(tokens) else ""
        if key in ("ett", "en") and not (i and folds[i - 1] == "och") and not (
                nxt == "ar" and i >= 2 and folds[i - 1] in ("bara", "nastan", "knappt")
                and folds[i - 2] in self.w["be_verb"]):
            return  # "ett år" is a duration, but "hon var bara ett år" an age
        if not (self._is_number_word(key) or nxt in self.w["age_trigger.after"] and len(key) >= 3
                and self._near_number_word(key)):
            return
        start = i
        while start and (self._is_number_word(folds[start - 1]) or folds[start - 1] == "och"
                         and start >= 2 and self._is_number_word(folds[start - 2])):
            start -= 1  # "tjugo fem år", "hundra och ett år"
        if not self._is_age(doc, i, first=start):
            return
        add(Span(tokens[start].start, tokens[i].end, "age_string", (), 0.85, "age-word", key))

    def _near_number_word(self, key: str) -> bool:
        """"åta år": one letter from a number word, when "år" follows."""
        return process.extractOne(key, self.number_words, scorer=Levenshtein.distance,
                                  score_cutoff=1) is not None

    def _connected_run(self, doc: Doc, k: int) -> int:
        """Last index of a capitalised run that may go on over "de", "del", "la":
        "Nevada de Santa Marta"."""
        tokens = doc.tokens
        end = doc.capitalised_run(k)
        while end + 2 < len(tokens) and doc.folds[end + 1] in self.w["name_connector"] \
                and tokens[end + 1].ws == " " and tokens[end + 2].text[:1].isupper():
            end = doc.capitalised_run(end + 2)
        return end

    def _named_kind(self, doc: Doc, i: int, add) -> None:
        """The name a kind noun introduces: "sjön Roxen", "förskolan Rymden", "en ö som heter
        Visingsö", "ruiner som heter Persepolis", "restaurangen där jag jobbar heter Casa
        Andina", "en restaurang i Kista som heter Sabor Latino"."""
        tokens, folds = doc.tokens, doc.folds
        n, key = len(tokens), folds[i]
        j = i + 1
        if key not in self.w["kind_noun_before_name"] or not (j < n and tokens[j].text[:1].isupper()):
            if j + 1 < n and folds[j] in ("i", "pa") and tokens[j + 1].text[:1].isupper():
                j += 2  # "en restaurang i Kista som heter …"
            if j < n and folds[j] == "dar":
                j = next((k for k in range(j + 1, min(n, j + 5)) if folds[k] in self.w["naming_verb"]), n)
            elif j < n and folds[j] == "som":
                j += 1
            elif i and folds[i - 1] in ("pa", "i", "hos", "fran", "till", "med"):
                return  # "min kompis på restaurangen heter Anna": the kompis is named
            if j >= n or folds[j] not in self.w["naming_verb"]:
                return
            j += 1
        if j < n and tokens[j].text in QUOTES:
            j += 1  # "som hette ” Nyskolan ”"
        if j >= n or not tokens[j].text[:1].isupper() or not tokens[j].is_word or j in doc.starts:
            return
        end = doc.capitalised_run(j)
        add(Span(tokens[j].start, tokens[end].end, self.kind_nouns[key], (), 0.9, "named-kind",
                 " ".join(folds[j:end + 1])))

    def _transport(self, doc: Doc, i: int, add) -> None:
        """Röda linjen, Roslagsbanan, Öresundståg: named lines and trains."""
        tok, low = doc.tokens[i], doc.tokens[i].text.lower()
        if low in ("linjen", "linje") and i and doc.folds[i - 1] in self.w["line_colour"]:
            add(Span(doc.tokens[i - 1].start, tok.end, "transport_name", (), 0.8, "line", low))
        elif tok.text[0].isupper() and low.endswith(self.transport_endings) and i not in doc.starts \
                and not any(low == sfx for sfx in self.transport_endings):
            add(Span(tok.start, tok.end, "transport_name", (), 0.7, "transport-suffix", low))

    def _mark_context(self, doc: Doc, i: int, mark: str) -> bool:
        """Family and profession words are marked when they refer to a specific person:
        "min bror", "moster Hawa", "jobbar som kock"; sensitive and education words always."""
        folds, tokens = doc.folds, doc.tokens
        before = folds[max(0, i - 3):i]
        if mark == "fam":
            return self._kin_context(doc, i)
        if mark == "prof":
            return self._prof_context(doc, i)
        return True

    def _prof_context(self, doc: Doc, i: int) -> bool:
        """An occupation stated about someone: "jobbar som X", "är (en bra) X", "kan bli X",
        "söker jobbet som X"."""
        folds = doc.folds
        k = i - 1
        while k >= 0 and i - k <= 3 and folds[k] in self.w["profession_filler"]:
            k -= 1
        return k >= 0 and folds[k] in self.w["profession_verb"]

    def _mark_phrase(self, doc: Doc, i: int, add) -> bool:
        """A multi-word marked entry ("högt blodtryck", "emot regeringen") starting at i."""
        tokens = doc.tokens
        for rest, mark in self.mark_phrases[tokens[i].text.lower()]:
            end = i + len(rest)
            if end < len(tokens) and all(tokens[i + 1 + k].text.lower() == w
                                         for k, w in enumerate(rest)):
                add(Span(tokens[i].start, tokens[end].end, mark, (), 0.6, "lexicon",
                         " ".join(doc.folds[i:end + 1])))
                return True
        return False

    def _kin_context(self, doc: Doc, i: int) -> bool:
        """A kin word about someone in the writer's circle: "min bror", "Pers föräldrar",
        "moster Hawa", "hos farmor", "Hur mår mamma?", "barnen", "har en kusin", "en pojkvän
        som heter", "två små barn" after "har" — not "barn behöver", "att vara mamma", "sex
        barn från förskolan"."""
        folds, tokens = doc.folds, doc.tokens
        key = folds[i]
        before = folds[max(0, i - 6):i]
        prev = before[-1] if before else ""
        nxt = tokens[i + 1].text if i + 1 < len(tokens) else ""
        if any(t.text.lower() in self.possessives for t in tokens[max(0, i - 2):i]) \
                or nxt[:1].isupper() and nxt.isalpha() \
                and i + 1 not in doc.starts:
            return True
        owner = tokens[i - 1].text if i else ""
        if owner[:1].isupper() and owner.endswith("s") and (
                i - 1 not in doc.starts or self.lex.get(folds[i - 1][:-1]).gender):
            return True  # "Pers föräldrar", "Valentinas pappa"
        if tokens[i].text[0].isupper() and i in doc.starts:
            return key != "man"
        number = next((k for k in (i - 1, i - 2) if k >= 0 and (
            folds[k].isdigit() or "number_word" in doc.entries[k].cats)), None)
        if number is not None:
            if not key.startswith("barn"):
                return True  # "tre systrar", "två kompisar"
            # "två små barn" is the writer's after "har" or beside another kin word, not "sex
            # barn från förskolan".
            marks = self.lex.marks
            return any(folds[k] in self.w["have_verb"] or tokens[k].text.lower() in self.possessives
                       or marks.get(tokens[k].text.lower()) == "fam"
                       for k in range(max(0, number - 4), number))
        if key in self.w["namelike_kin"] and prev not in ("en", "ett", "att", "vara", "bli", "som", "ar",
                                                "var", "blev", "varit"):
            return True  # "hos farmor", "Hur mår mamma?", "för mammas medicin"
        if prev in ("en", "ett") and any(w in self.w["have_verb"] for w in before[:-1]):
            return True  # "jag har en bror", "min man hade en kusin där"
        return key != "man" and nxt == "som" and i + 2 < len(tokens) \
            and folds[i + 2] in ("heter", "hette")  # "en pojkvän som heter Elias"

    def _bare_suffix(self, key: str, named: bool) -> bool:
        """gatan, vägen, omvägen: the suffix word itself or a short everyday compound, not a
        street name — unless capitalised inside a sentence (Ekvägen, Ågatan)."""
        return any(key == sfx or len(key) < len(sfx) + 3 and not named for sfx in self.street_endings
                   if key.endswith(sfx))

    def _date_context(self, doc: Doc, i: int) -> bool:
        """A month name next to a day number or a year, or after a preposition of time
        ("i november", "sedan mars") or "född"."""
        toks = doc.tokens
        before = toks[i - 1].text if i else ""
        after = toks[i + 1].text if i + 1 < len(toks) else ""
        prev = doc.folds[i - 1] if i else ""
        return (before[:1].isdigit() or after[:1].isdigit() or prev in self.w["month_preposition"]
                or "date_trigger" in (doc.entries[i - 1].cats if i else ()) and prev != "den")

    def _number(self, doc: Doc, i: int, add) -> None:
        tokens, folds = doc.tokens, doc.folds
        tok = tokens[i]
        text = tok.text
        digits = text.split("-")[0]
        if not (digits.isascii() and digits.isdigit()):
            if DAY_MONTH.fullmatch(text) and i and (
                    doc.entries[i - 1].cats & DATE_CONTEXT_CATS or folds[i - 1] == "den"):
                # "lördag 13.4", "den 13.4": a date, where "13.4" alone could be a decimal
                add(Span(tok.start, tok.end, "date_digits", (), 0.8, "day-month", text))
            return
        value = int(digits)
        n = len(tokens)
        nxt = folds[i + 1] if i + 1 < n else ""
        prev = folds[i - 1] if i else ""
        rest = folds[i][len(digits):]
        if 0 < value < 120 and len(digits) <= 3 and text == digits or rest.lstrip("-") in self.w["age_trigger.after"]:
            if self._is_age(doc, i, rest.lstrip("-") in self.w["age_trigger.after"]):
                add(Span(tok.start, tok.start + len(digits), "age_digits", (), 0.85, "age", digits))
                return
        if 1 <= value <= 31 and len(digits) <= 2 and i + 1 < n \
                and "month" in doc.entries[i + 1].cats:
            add(Span(tok.start, tok.start + len(digits), "day", (), 0.85, "day", digits))
            return
        if prev == "den" and 1 <= value <= 31 and text == digits and i + 2 < n and nxt == "i" \
                and tokens[i + 2].text.isdigit() and 1 <= int(tokens[i + 2].text) <= 12:
            # "den 23 i 8": the spoken Swedish date, day and month number.
            add(Span(tok.start, tok.end, "day", (), 0.85, "day-i-month", digits))
            month = tokens[i + 2]
            add(Span(month.start, month.end, "month_digit", (), 0.85, "day-i-month", month.text))
            return
        if prev in ("den",) and 1 <= value <= 31 and text.endswith((":e", ":a")):
            add(Span(tok.start, tok.end, "day", (), 0.7, "day", digits))
            return
        if i and "transport_word" in doc.entries[i - 1].cats and len(digits) <= 4:
            add(Span(tok.start, tok.end, "transport_nr", (), 0.8, "transport", digits))
            return
        if i and value < 1000 and (prev.endswith(self.street_endings) and tokens[i - 1].text[0].isupper()
                                   or prev in self.w["street_noun"] and i >= 2
                                   and tokens[i - 2].text[:1].isupper()):
            add(Span(tok.start, tok.end, "street_nr", (), 0.85, "street-number", digits))

    def _institution(self, doc: Doc, i: int, add) -> None:
        tokens, folds = doc.tokens, doc.folds
        key = tokens[i].text.lower()
        cap = tokens[i].text[0].isupper()
        if key in self.w["town_body"] and i and tokens[i - 1].text[0].isupper():
            owner = folds[i - 1]
            place = doc.entries[i - 1].place_kind or owner.endswith("s") and self.lex.get(
                owner[:-1]).place_kind
            if i >= 2 and folds[i - 2] == "i" and (i - 1) not in doc.starts:
                # "i X kommun": the place itself.
                add(Span(tokens[i - 1].start, tokens[i - 1].end, "city", (), 0.8, "in-municipality",
                         owner))
            elif place and ((i - 1) not in doc.starts or i >= 2 and folds[i - 2] == "till"):
                # "jobbar på Malmö stad", "Till Jönköpings kommun": the body.
                add(Span(tokens[i - 1].start, tokens[i].end, "other_institution", (), 0.8,
                         "town-body", f"{owner} {key}"))
            return
        if not key.endswith(self.institution_ends):
            return
        for suffix, label in self.institution:
            if not key.endswith(suffix):
                continue
            attrs = ("def",) if suffix.endswith(("an", "en", "et")) else ()
            label = _org_role(doc, i, label or "other_institution")
            # Two-letter forms (AB, HB, IF, IK) are separate words: "Volvo AB", not "Zainab".
            if cap and len(suffix) > 2 and len(key) > len(suffix) + 2 and i not in doc.starts:
                # "Sundsvalls Hockeyklubb": a capitalised genitive before it belongs to the name;
                # "Universitetssjukhuset Örebro", "Länssjukhuset Ryhov": so does a name after it.
                first = i - 1 if i and tokens[i - 1].text[0].isupper() and tokens[i - 1].text.endswith(
                    "s") and tokens[i - 1].ws == " " and (i - 1) not in doc.starts else i
                end = doc.capitalised_run(i)
                end = next((k - 1 for k in range(i + 1, end + 1)
                            if doc.entries[k].gender or doc.entries[k].surname_rank), end)
                add(Span(tokens[first].start, tokens[end].end, label, attrs, 0.85,
                         "institution-suffix", " ".join(folds[first:end + 1])))
            elif key == suffix or not cap and len(suffix) > 2:
                # "Lunds universitet", "Linköpings domkyrka", "Charkivs nationella universitet".
                j = i - 1
                if j >= 1 and tokens[j].text.islower() and len(folds[j]) >= 5 \
                        and folds[j].endswith(("ska", "lla", "iga")) and tokens[j - 1].text[:1].isupper():
                    j -= 1
                owner = tokens[j].text if j >= 0 else ""
                if owner[:1].isupper() and tokens[j].is_word and (
                        j not in doc.starts or owner.endswith("s") and j + 1 == i):
                    add(Span(tokens[j].start, tokens[i].end, label, attrs, 0.8,
                             "institution-phrase", " ".join(folds[j:i + 1])))
            return
