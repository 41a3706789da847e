"""Spans the renderer adds or reads before drawing: persons (`person_spans`), aliases of towns
abroad (`alias_spans`) and puns (`pun_spans`).
"""
from __future__ import annotations

from collections.abc import Mapping, MutableMapping
from functools import cache

import regex

from pseudonymize.labels import LABELS
from pseudonymize.lexicon import Lexicon, fold
from pseudonymize.types import Span
from pseudonymize.surrogates import rx
from pseudonymize.surrogates.common import SWEDISH_ORIGIN, VOWELS
from pseudonymize.surrogates.words import words
from pseudonymize.surrogates.inflect import kind_word


# "bima är sju år", "Alikhan, 12 år": an age right after a mention says it is a person's
AGE_AFTER = regex.compile(r"(?:\s+(?:är|var|blir|fyller|fyllde)\s+(\d{1,2}|\p{L}+)|\s*,\s*(\d{1,2}))"
                          r"\s+år(?!\p{L})", regex.IGNORECASE)
# the learner's memory: an entity `person_spans` made a person ("~person:bima")
LEARNER_PERSON = "~person:"


def person_words(spans: list[Span], text: str) -> frozenset[str]:
    """Lifelike: the folds the essay labels only as a person's name ("våra barn Milan och
    Sara"), so a window read for the country of a place never takes them for a town abroad
    (Milan, Italy made Hagfors "Piacenza i Värmland")."""
    names = {fold(text[s.start:s.end]) for s in spans if LABELS[s.label].kind == "name"}
    places = {fold(text[s.start:s.end]) for s in spans if LABELS[s.label].kind == "place"}
    return frozenset(names - places)


def alias_spans(spans: list[Span], text: str, lex: Lexicon,
                refs: Mapping[tuple[str, str], int] | None) -> list[Span]:
    """Lifelike: a town abroad written under another of its names than the learner's earlier
    essays wrote it ("Istanbul" in one essay, "Istambul" in the next; "Jacmel", "Jakmel": the
    gazetteers' names of one feature, `place_aliases`) is that town, so the learner's essays
    agree on its surrogate (before: Izmir in one, Tarsus in the next). Within one essay
    `Renderer._respelt_abroad` does the same."""
    if not refs:
        return spans
    names = lex.derived("alias_folds", lambda: {f: folds for folds in lex.place_aliases.values()
                                                for f in folds})
    out = []
    for span in spans:
        key = span.key or fold(text[span.start:span.end])
        if span.label in ("city", "area") and (span.label, key) not in refs and key in names:
            known = sorted(other for other in names[key] if (span.label, other) in refs)
            if known:
                span = Span(span.start, span.end, span.label, span.attrs, span.score, span.rule,
                            known[0])
        out.append(span)
    return out


def _after_place_preposition(text: str, start: int, lex: Lexicon) -> bool:
    """Whether the word right before `start` is a place preposition ("till", "i", "från")."""
    before = rx.search(r"(\p{L}+)\s+$", text[max(0, start - 20):start])
    return bool(before) and fold(before.group(1)) in lex.words("place_trigger.prep")


def person_spans(spans: list[Span], text: str, lex: Lexicon,
                 bases: MutableMapping[tuple[str, int], str] | None = None) -> list[Span]:
    """Lifelike: a place or an institution the essay names where a person stands is that
    person, so the detector's wrong label never shows in its surrogate ("vår son Bima" read
    as the town Bima became "Mataram", "Till Alikhans lärare" read as an institution
    "Hyresgästföreningen"). Every mention of such an entity becomes a given name (of the sex
    the lists give it, else of unknown sex): one of whose mentions stands right after a kin
    word (a "fam" span: "vår son Bima", "min ibu Sari") or before one of its owner ("Nurlan,
    min pappa"), right before an age ("bima är sju år"), or in the genitive before a word of a person's own (`person_of_words_lifelike`:
    "Alikhans lärare", never "Hagaskolans lärare": no institution's kind word), or that the
    learner's earlier essays made a person so (their memory, `LEARNER_PERSON`)."""
    found = _persons_found(spans, text, lex, bases)
    # a name right before a patronymic word written apart ("Asel Bakyt kyzy", "Talant Nurbek
    # uulu") is the father's given name, in every mention (never a surname, nor the town Bakyt)
    particles = words().patronymic_particles
    fathers = {span.key or fold(text[span.start:span.end]) for span in spans
               if LABELS[span.label].kind in ("name", "place", "institution")
               and (after := rx.match(r"[ \t]+(\p{L}+)", text[span.end:span.end + 12]))
               and fold(after.group(1)) in particles}
    if not found and not fathers:
        return spans
    out = []
    for span in spans:
        written = fold(text[span.start:span.end])
        key = span.key or written
        if key in fathers and LABELS[span.label].kind in ("name", "place", "institution"):
            out.append(Span(span.start, span.end, "firstname_male", span.attrs, span.score,
                            span.rule, key))
            continue
        if key not in found and key[:-1] in found and key.endswith("s"):
            key = key[:-1]  # "Tenzins mentor": Tenzin's
        attrs = ("gen",) if "gen" in span.attrs or written == key + "s" else ()
        if key in found and LABELS[span.label].kind in ("place", "institution"):
            if bases is not None:
                bases[(LEARNER_PERSON + key, 0)] = "1"
            gender = lex.get(key).gender
            span = Span(span.start, span.end, "firstname_" + (
                gender if gender in ("female", "male") else "unknown"), attrs, span.score,
                span.rule, key)
        out.append(span)
    return out


def _persons_found(spans: list[Span], text: str, lex: Lexicon,
                   bases: MutableMapping[tuple[str, int], str] | None) -> set[str]:
    """`person_spans`: the keys of the places and institutions that stand where a person
    does (after a kin word, before an age, in the genitive before a word of a person's own),
    and of those the learner's earlier essays made persons."""
    numbers, owned = lex.words("number_word"), words().person_of
    kin_ends = {s.end for s in spans if s.label == "fam"}
    kin_starts = {s.start for s in spans if s.label == "fam"}
    found = {key[len(LEARNER_PERSON):] for key, _ in (bases or {}) if key.startswith(LEARNER_PERSON)}
    for span in spans:
        if LABELS[span.label].kind not in ("place", "institution"):
            continue
        name = text[span.start:span.end]
        key = span.key or fold(name)
        age = AGE_AFTER.match(text, span.end, min(len(text), span.end + 30))
        after = rx.match(r"\s+(\p{L}+)", text[span.end:span.end + 30])
        kin_after = any(rx.fullmatch(r"\s*,\s*(?i:min|mitt|mina|hans|hennes|vår|våra|deras)\s+",
                                        text[span.end:s]) for s in kin_starts
                        if span.end <= s <= span.end + 12)
        if (kin_after or age) and _after_place_preposition(text, span.start, lex):
            # "flyttade vi till Vimerby, min man jobbar där": a place after "till" before a
            # kin word's clause is still the place (never a man named Zellalem)
            kin_after = age = None
        if name.endswith("s") and after and fold(after.group(1)) in owned \
                and not kind_word(name, lex) and not lex.get(fold(name[:-1])).se_pop \
                and not lex.get(key).se_pop and " " not in name.strip():
            found.add(fold(name[:-1]))  # (the name without its genitive s)
        elif any(text[e:span.start].strip() in ("", "heter", "som heter")
                 for e in kin_ends if span.start - 12 <= e <= span.start) or kin_after or age and (
                age.group(2) or age.group(1).isdigit() or fold(age.group(1)) in numbers):
            found.add(key)
    return found


# the kinds of name a span's label takes from `pun_fields_lifelike`: "" a surname, f, m given
PUN_KINDS = {"surname": ("",), "firstname_female": ("f",), "firstname_male": ("m",),
             "firstname_unknown": ("f", "m")}


@cache
def short_fulls(key: str) -> tuple[str, ...]:
    """Lifelike: the folds of the full names whose listed short form (`short_forms_lifelike`)
    `key` is ("ibou" -> ("ibrahima",); "sasha": Aleksandr's and Aleksandra's)."""
    return _short_index().get(key, ())


@cache
def _short_index() -> dict[str, tuple[str, ...]]:
    """Each listed short form's fold -> its full names' folds, built once."""
    index: dict[str, tuple[str, ...]] = {}
    for full, shorts in words().short_forms_lifelike.items():
        for short in shorts:
            index[fold(short)] = index.get(fold(short), ()) + (full,)
    return index


@cache
def pun_words() -> tuple[dict[str, tuple[str, tuple[str, ...]]],
                         dict[str, list[tuple[tuple[str, ...], str, str]]]]:
    """Lifelike: `pun_fields_lifelike` indexed once: a name's fold -> (its field, the forms of
    the word it is); a field -> its (forms, kind, name) rows."""
    by_name: dict[str, tuple[str, tuple[str, ...]]] = {}
    by_field: dict[str, list[tuple[tuple[str, ...], str, str]]] = {}
    for name, forms, said in words().pun_fields:
        for kind, written in said:
            by_name.setdefault(fold(written), (name, forms))
            by_field.setdefault(name, []).append((forms, kind, written))
    return by_name, by_field


def pun_form(name: str, rule: str) -> str:
    """Lifelike: the form of the word the surrogate name `name` is that a lower-case mention
    stood in (`field_puns`: rule "pun:2s" for "floders" is the plural, in the genitive)."""
    entry = pun_words()[0].get(fold(name))
    index, gen = rule.removeprefix("pun:")[:1], rule.endswith("s")
    if entry is None or not index.isdigit() or int(index) >= len(entry[1]):
        return name.lower()
    return entry[1][int(index)] + ("s" if gen else "")


def _fixed_spans(text: str) -> list[tuple[int, int]]:
    """Where the essay's fixed phrases stand ("i alla fall", "på frisk luft"): their words
    never follow a name."""
    return [m.span() for m in words().pun_fixed.finditer(text)] if words().pun_fixed else []


def _field_hits(forms: tuple[str, ...], text: str, given_ends: set[int],
                fixed: list[tuple[int, int]]) -> list[tuple[int, int, str]]:
    """(start, end, rule) of each lower-case form of the word in the essay, or of an inflected
    one opening a sentence ("Blixten slog ner"), outside a fixed phrase and never right after a
    given name ("anna ek" is the surname)."""
    written = set(forms) - {"-"}
    written |= {f.capitalize() for f in written if f != forms[0]}
    alts = "|".join(regex.escape(f) for f in sorted(written, key=len, reverse=True))
    hits = []
    for found in rx.finditer(rf"(?<!\p{{L}})({alts})(s?)(?!\p{{L}})", text):
        head = text[:found.start()].rstrip()
        if len(head) in given_ends or any(a <= found.start() < b for a, b in fixed) or (
                found.group(1)[:1].isupper() and head and head[-1] not in ".!?:\n"):
            continue
        hits.append((found.start(), found.end(),
                     f"pun:{forms.index(found.group(1).lower())}{found.group(2)}"))
    return hits


def field_puns(spans: list[Span], text: str) -> tuple[list[Span], dict[str, tuple[str, ...]]]:
    """Lifelike: a name that is an everyday word the essay also writes in lower case in any
    form ("Dan Flod ... fiskar i floden", "Viola ... violerna": `pun_fields_lifelike`) takes a
    name that is a word of the same field, of its kind (surname, a woman's or a man's given
    name) and with the forms the essay uses; each lower-case form is one more mention (rule
    "pun:<form>"), so it follows the surrogate ("Dan Ström ... i strömmen"). Where the field
    has none, the word stays as written (a mention the detector labelled there is dropped) and
    the name takes a plain name (an empty tuple). Also the keys of such names -> the names."""
    by_name, by_field = pun_words()
    given_ends = {s.end for s in spans if s.label.startswith("firstname")}
    fixed = _fixed_spans(text)
    keys: dict[str, tuple[str, ...]] = {}
    extra: list[Span] = []
    covered: list[tuple[int, int]] = []
    for span in spans:
        written = text[span.start:span.end]
        entry = by_name.get(fold(written))
        key = span.key or fold(written)
        # (round 43) a surname written in lower case right after a given name ("Ulf hägg")
        # is the name too
        if entry is None or key in keys or span.label not in PUN_KINDS or not (
                written[:1].isupper() or span.label == "surname"
                and len(text[:span.start].rstrip()) in given_ends):
            continue
        hits = _field_hits(entry[1], text, given_ends, fixed)
        if not hits:
            continue
        used = {int(rule[4]) for _, _, rule in hits}
        keys[key] = tuple(name for forms, kind, name in by_field[entry[0]]
                          if forms != entry[1] and kind in PUN_KINDS[span.label]
                          and all(forms[i] != "-" for i in used))
        covered += [(start, end) for start, end, _ in hits]
        extra += [Span(start, end, span.label, (), span.score, rule, key)
                  for start, end, rule in hits] if keys[key] else []
    if not covered:
        return spans, keys
    kept = [s for s in spans if not any(s.start < b and a < s.end for a, b in covered)]
    return sorted(kept + extra, key=lambda s: (s.start, s.end)), keys


def _adjective_puns(span: Span, key: str, text: str, given_ends: set[int],
                    taken: set[tuple[int, int]], keys: dict[str, str | tuple[str, ...]]
                    ) -> list[Span]:
    """"Ylva Modig ... hon var verkligen modig", "Ulf Frisk ... nu är han frisk igen": the
    adjective the name is, written as a word (lower-case, after no given name, in no fixed
    phrase), follows the name (Stark ... stark): its mentions, the name's key marked "adj"."""
    fixed, extra = _fixed_spans(text), []
    for found in rx.finditer(r"(?<!\p{L})" + regex.escape(key) + r"(?!\p{L})", text):
        if not found.group().islower() or len(text[:found.start()].rstrip()) in given_ends \
                or any(a <= found.start() < b for a, b in fixed):
            continue
        if found.span() not in taken:
            extra.append(Span(found.start(), found.end(), span.label, span.attrs,
                              span.score, "pun", span.key or key))
            taken.add(found.span())
        keys[span.key or key] = "adj"
    return extra


def pun_spans(spans: list[Span], text: str) -> tuple[list[Span], dict[str, str | tuple[str, ...]]]:
    """Lifelike: a name the essay explains by the everyday word it also is ("Jag heter Sten,
    som en sten": `pun_words_lifelike`) has that word as one more mention (the spans in text
    order), so it follows the surrogate; with the keys of such names and the article the
    explanation gives the word ("en", "ett"): their surrogates are names that are such words
    too (`Renderer.puns`). A name of `pun_fields_lifelike` the essay writes as a word is
    `field_puns`' (its key -> the names of its field)."""
    spans, fields = field_puns(spans, text)
    pattern, extra = words().pun, []
    keys: dict[str, str | tuple[str, ...]] = dict(fields)
    taken = {(s.start, s.end) for s in spans}
    for span in spans:
        if LABELS[span.label].kind != "name" or span.label == "initials":
            continue
        found = pattern.match(text, span.end, min(len(text), span.end + 60)) if pattern else None
        name = text[span.start:span.end]
        # the word itself, or the word after one adjective ("som en liten lund")
        group = next((g for g in (2, 3) if found and found.group(g) and
                      fold(found.group(g)) == fold(name)), 0)
        if group and found.span(group) not in taken and (span.key or fold(name)) not in fields:
            extra.append(Span(found.start(group), found.end(group), span.label, span.attrs,
                              span.score, "pun", span.key or fold(name)))
            keys[span.key or fold(name)] = "ett" if fold(found.group(1)).endswith("ett") \
                else "en"
    names = {fold(text[s.start:s.end]): s for s in spans
             if LABELS[s.label].kind == "name" and s.label != "initials"}
    said = words().pun_said
    for found in said.finditer(text) if said and names else ():
        # "Johan Fors ... mitt efternamn är en fors": the explanation anywhere in the essay
        span = names.get(fold(found.group(2)))
        if span is not None and found.span(2) not in taken and \
                (span.key or fold(found.group(2))) not in fields:
            extra.append(Span(found.start(2), found.end(2), span.label, span.attrs, span.score,
                              "pun", span.key or fold(found.group(2))))
            taken.add(found.span(2))
            keys[span.key or fold(found.group(2))] = "ett" if fold(found.group(1) or "") == \
                "ett" else "en"
    adjectives = {fold(n) for n in words().pun_names["adj"]}
    given_ends = {s.end for s in spans if s.label.startswith("firstname")}
    for article in ("en", "ett"):
        nouns = {fold(n) for n in words().pun_names[article]}
        for key in sorted(nouns.intersection(names)):
            # "Juhani Kock ... han är inte kock", "Susanne Falk ... hon såg en falk",
            # "han är en Strand som inte tycker om stranden": a name that is a listed noun and
            # is written as that word (lower case, bare or definite) takes another such noun,
            # so a mention of it labelled so follows it as a word (never "han är inte
            # ekström"); an unlabelled word stays as written
            ending = ("t" if key[-1] in VOWELS else "et") if article == "ett" else \
                ("n" if key[-1] in VOWELS else "en")
            word = text[names[key].start:names[key].end].lower()  # as written: "stål"
            if any(found.group().islower() and len(text[:found.start()].rstrip()) not in
                   given_ends for found in rx.finditer(
                       rf"(?<!\p{{L}}){regex.escape(word)}(?:{ending})?(?!\p{{L}})", text)):
                keys.setdefault(names[key].key or key, article)
    for key, span in names.items() if not adjectives.isdisjoint(names) else ():
        if key in adjectives and (span.key or key) not in fields:
            extra += _adjective_puns(span, key, text, given_ends, taken, keys)
    if not extra:
        return spans, keys
    return sorted(spans + extra, key=lambda s: (s.start, s.end)), keys


def _wordlike(lex: Lexicon, name: str) -> bool:
    """A name that is also a common Swedish word: a common-word homograph, one of
    `word_names_lifelike` (Skog), or at least `word_zipf` frequent as a word and rarer than rank
    `word_name_rank` as a name or on no Swedish name list (Gül, Ben)."""
    w, key = words(), fold(name)
    e = lex.get(key)
    rank = min(r for r in (e.first_rank, e.surname_rank, 10 ** 9) if r)
    return "common_name_homograph" in e.cats or key in w.word_names or (
        e.zipf >= w.word_zipf and (rank > w.word_name_rank or SWEDISH_ORIGIN not in
                                   lex.name_origins.get(key, (SWEDISH_ORIGIN,))))
