"""`Renderer`: chooses the surrogates of one essay. Its topics are mixins in their own modules
(reading, names, countries, places, features, institutions); this module keeps the mention-level
work: shifts, rendering a span in its form, aliases, what is kept, the draw and the numbers.
"""
from __future__ import annotations

import hashlib
from functools import cached_property
from collections import Counter
from itertools import cycle
from collections.abc import Callable, MutableMapping, Sequence
from typing import TYPE_CHECKING

import regex

from pseudonymize.labels import LABELS
from pseudonymize.lexicon import Lexicon, fold
from pseudonymize.normalize import HASHTAG, SPELT
from pseudonymize.slips import slip_of, slipped
from pseudonymize.thresholds import BIG_PLACE, GREETING_REACH, GREETING_WORDS, RARE
from pseudonymize.types import Span
from pseudonymize.surrogates import rx
from pseudonymize.surrogates.forms import (DEFINITE, Draws, INDEFINITE, MONTHS, _DIGIT, _LETTER,
                                           SOUND_MIN, apply_case, ascii_digits, genitive, letter,
                                           plural, sound_key, spelt_out, swedish_number,
                                           word_value, year_words)
from pseudonymize.surrogates.common import (FEAST_DATE_LABELS, GEO_TOWN_POP, LEARNER_CALENDAR,
                                            LEARNER_CAPITAL, LEARNER_ESSAYS, LEARNER_HOME,
                                            LEARNER_INSTITUTION, LEARNER_KIN, LEARNER_NAME, LEARNER_PLACE,
                                            LEARNER_PLACE_HOME, LEARNER_SHIFT, LearnerMap,
                                            PLACE_LIKE, SCHOOL_AGE_NEAR, SHIFTS)
from pseudonymize.surrogates.words import _near_sentence, words
from pseudonymize.surrogates.inflect import (group_forms, kind_word, mask, morphology, surname_form,
                                             town_genitive)
from pseudonymize.surrogates.kinds import institution_aliases, unique_authorities, university_fields
from pseudonymize.surrogates.geography import geography, regions_abroad
from pseudonymize.surrogates.spans import pun_form
from pseudonymize.surrogates.numbers import (LIFELIKE, _near_value, _stage, age_value,
                                             calendar_shift, date_parts, fitting_days,
                                             learner_shift, moved_age, personal_nordea,
                                             shift_month, written_dates)
from pseudonymize.surrogates.reading import PlaceReading
from pseudonymize.surrogates.names import Names
from pseudonymize.surrogates.countries import Countries
from pseudonymize.surrogates.places import Places
from pseudonymize.surrogates.features import Features
from pseudonymize.surrogates.institutions import Institutions

if TYPE_CHECKING:
    from pseudonymize.policy import Policy
    from pseudonymize.surrogates.geography import Geography
    from pseudonymize.surrogates.kinds import Kind

SAINT_DRAWS = 1000  # a saint's draw numbers lie past the essay's persons' (`_saint`)
# how far before a mention `_kin_slot` looks for its possessive (the longest, "hennes", and a
# line break or two spaces: a possessive further off is not the word's own)
KIN_SLOT_REACH = 10
# a year an essay writes (in a date, a sentence, a number), for `_years_past`
ESSAY_YEAR = regex.compile(r"(?<!\d)(?:19[5-9]\d|20\d\d)(?!\d)")


class Renderer(PlaceReading, Names, Countries, Places, Features, Institutions):
    """Chooses surrogates for one essay. `base` (realistic surrogates by label and learner-wide
    entity number) and `countries` (original ISO -> surrogate ISO) may be a learner's memory."""

    def __init__(self, lex: Lexicon, strategy: str, seed: int, scope: str,
                 originals: set[str], policy: Policy | None = None,
                 base: MutableMapping[tuple[str, int], str] | None = None,
                 countries: MutableMapping[str, str] | None = None) -> None:
        """The essay's state, empty until `order` reads it; what it must avoid, and the
        learner's memory (`base`, `countries`) it continues."""
        self.lex, self.strategy, self.seed, self.scope = lex, strategy, seed, scope
        self.policy = policy
        self._avoid_originals(originals)
        self.base = {} if base is None else base
        self.countries = {} if countries is None else countries
        self.used: set[str] = {v.lower() for v in self.base.values()}
        self.hint = ""
        self.effective = strategy  # the strategy of the mention being rendered
        self._names_state()
        self._places_state()
        self._learner_state()
        self._rendering_state()

    def _avoid_originals(self, originals: set[str]) -> None:
        """The originals, and the countries they name or lie in: no surrogate is one of them."""
        lex, strategy = self.lex, self.strategy
        self.avoid = {o.lower() for o in originals}
        self.avoid_folds = {fold(o) for o in originals}
        # ... nor one of them in another transliteration (gunib's surrogate never "Makhachkala"
        # beside the essay's "mahatsjkala")
        self.avoid_sounds = {key for o in originals if len(key := sound_key(o)) >= SOUND_MIN}
        # countries named in the essay: a surrogate country is none of them
        self.avoid_countries = {lex.get(f).country for f in self.avoid_folds} - {""}
        # ... nor the country of a town abroad it names (Kenya beside Mogadishu never becomes
        # Somalia: the route would run from Somalia to Somalia)
        # (lifelike: a town written as a name; "min man Ahmed" names no Man in Côte d'Ivoire)
        self.avoid_countries |= {e.place_country for e in (
            lex.get(fold(o)) for o in originals if o[:1].isupper() or strategy != "lifelike")
                                 if e.place_kind in ("city", "exonym") and not e.gender
                                 and not e.surname_rank and e.place_pop >= BIG_PLACE} - {"", "SE"}

    def _names_state(self) -> None:
        """What `order` and the name draws learn of the essay's person names and languages."""
        self.origin_votes: Counter[str] | None = None  # origin groups of the essay's names
        self.groups_said: frozenset[str] | None = None  # lifelike: see _groups_said
        # lifelike: see _languages_said
        self.languages_said: Counter[tuple[str, frozenset[str], tuple[str, ...]]] | None = None
        self.own_words: list[tuple[int, int]] = []  # lifelike: where those words stand
        self.swedish_spouse: bool | None = None  # lifelike: see _swedish_parent
        self.name_language: dict[str, str] = {}  # lifelike: origin group -> its family language
        self.short_originals: frozenset[str] | None = None  # lifelike: `_short_originals`
        # an origin group of the essay's names -> the group its names take (their homeland
        # became a country where other names are at home: Polen -> Ukraina, Polish -> East Slavic)
        self.origin_swap: dict[str, str] = {}

    def _places_state(self) -> None:
        """What `order` learns of the essay's places (districts, regions, routes, seas) and the
        surrogates drawn so far, for the ties between its mentions."""
        self.has_district = False  # set by `order` when the essay names a Swedish district
        self.districts: set[int] = set()  # starts of places the essay calls districts
        self.spelt_towns: set[str] = set()  # lifelike: folds of towns the essay misspells
        self.essay_abroad: str | None = None  # lifelike: see _window_abroad
        self.villages: set[str] = set()  # lifelike: surrogate villages, never the essay's towns
        self.bare_kinds: set[str] = set()  # kinds whose bare word ("ön") a feature already took
        # lifelike: the fold of a town named after an institution ("Mittuniversitetet i
        # Sundsvall") -> the towns that have one of its kind, where its surrogate is drawn
        self.institution_towns: dict[str, frozenset[str]] = {}
        # lifelike: the fold of the town a village lies "nära" -> the town drawn for it
        self.village_towns: dict[str, str] = {}
        # lifelike: a district or town abroad (by its start) -> the fold of the essay's bigger
        # place of its region it lies in ("Kadıköy, en stadsdel i Istanbul"); those places
        self.parents: dict[int, str] = {}
        # lifelike: a region right after a town abroad ("Shiraz i Fars") -> the town's fold;
        # and the folds of such towns (drawn among towns whose region has a name of its own)
        self.region_of_town: dict[int, str] = {}
        self.towns_with_region: dict[str, str] = {}  # town fold -> its region's fold
        self.parent_folds: set[str] = set()
        self.has_read = False  # lifelike: the essay's `town_has` words are in need_towns
        self.cues: tuple[frozenset[str], ...] | None = None  # lifelike: see _cued
        self.kept: frozenset[str] = frozenset()  # lifelike: see keep_countries
        self.name_words: frozenset[str] = frozenset()  # lifelike: see _abroad_in
        self.country_words: frozenset[str] = frozenset()  # lifelike: see _route_graph
        self.said: frozenset[str] | None = None  # lifelike: the essay's folded words (_said)
        # lifelike: names explained as words -> article, names written as words -> the names
        # of their field (pun_spans)
        self.puns: dict[str, str | tuple[str, ...]] = {}
        self.homes: list[tuple[str, ...]] | None = None  # lifelike: see _spoken
        self.crossed: dict[str, frozenset[str]] | None = None  # lifelike: seas crossed
        # lifelike: the essay's route legs, ISO -> [(the country at its other end, by sea)]
        self.route_legs: dict[str, list[tuple[str, str]]] | None = None
        self.route_stops: dict[tuple[str, int], list[tuple[str, str]]] = {}  # _route_domain
        self.ages: tuple[int, ...] = ()  # the essay's ages, for `shift`
        self.date_spans: list[Span] = []  # its days, months, dates, personnummer: `calendar`
        self._grades: frozenset[int] | None = None  # the ages of its school years, for `shift`
        self.before: dict[int, list[str]] = {}  # folded words shortly before a mention
        self.name_spans: dict[int, int] = {}  # the essay's person names: start -> end
        self.words_of: tuple[str | None, frozenset[str]] = (None, frozenset())  # _essay_words
        self.title_of: tuple[str | None, str] = (None, "")  # _essay_title
        self.reads_of: tuple[str | None, dict] = (None, {})  # _essay_read
        # `_original`'s answers per pick, for the originals' sizes they were read at
        self.originals_at: tuple[int, int, int] = (-1, -1, -1)
        self.originals_of: dict[str, bool] = {}
        self.need_towns: list[frozenset[str]] = []  # towns that have the essay's hospital, ...
        self.towns: list[str] = []  # the essay's surrogate Swedish towns, in rendering order
        # the essay's surrogate first names, (start, surrogate) in rendering order
        self.first_names: list[tuple[int, str]] = []
        self.women_ends: list[int] = []  # lifelike: where the essay's women's given names end

    def _learner_state(self) -> None:
        """The learner's memory: this essay's number, the home their essays name most, and the
        places, names and institutions their earlier essays replaced (none of this essay's
        originals among them)."""
        # the learner's home (the town their essays name most, the latest on a tie) and its
        # original: the essay's town until the essay names one
        self.essay_number = int(self.base.get(LEARNER_ESSAYS, "0")) + 1
        self.base[LEARNER_ESSAYS] = str(self.essay_number)
        homes = [(tuple(map(int, value.split()[:2])), key[len(LEARNER_HOME):],
                  value.split()[2] if len(value.split()) > 2 else "")
                 for (key, _), value in self.base.items() if key.startswith(LEARNER_HOME)]
        best = max(homes, default=((0, 0), "", ""))
        self.home = (best[1], best[2])
        self.city = self.home[0] or None
        self.town_origins: list[str] = []  # the folds of their originals, in the same order
        # an original place's fold -> its surrogate, in this essay and the learner's earlier ones
        self.place_map: LearnerMap = LearnerMap(self.base, LEARNER_PLACE)
        self.alias_names: set[int] = set()  # lifelike: starts of names read as a place's alias
        self.written_places: dict[str, str] = {}  # lifelike: "hewlêr" (key hawler) -> surrogate
        # an original name's fold -> its surrogate, in this essay and the learner's earlier ones
        self.name_map: LearnerMap = LearnerMap(self.base, LEARNER_NAME)
        self.institution_map: LearnerMap = LearnerMap(self.base, LEARNER_INSTITUTION)
        # lifelike (round 51): a place no gazetteer knows -> the country an essay put it in
        # ("från byn kolonga på Tongatapu" in one essay, "Jag föddes i Kolonga" in the next)
        self.place_homes: LearnerMap = LearnerMap(self.base, LEARNER_PLACE_HOME)
        for learned in (self.place_map, self.name_map, self.institution_map):
            learned.forget(self._original)

    def _rendering_state(self) -> None:
        """The mention being rendered and the ties the surrogates drawn so far keep (towns
        and waters abroad, their countries, the features asked of them)."""
        self.span: Span | None = None  # the mention being rendered
        self.abroad = ""  # the (original) country of the last place abroad rendered
        # lifelike: the countries of the essay's towns abroad that it never names itself (the
        # towns' surrogates stay in them), for the countries bordering them (set per essay)
        self.town_homes: dict[str, str] = {}
        # lifelike: countries whose towns the learner's earlier essays kept in them (kept too)
        self.kept_homes: frozenset[str] = frozenset()
        # lifelike: a town's key -> its mentions, so a direction said of a later one holds
        self.town_mentions: dict[str, list[Span]] = {}
        # lifelike: a name of a town abroad -> (start, key, spelling) of its first mention
        self.spellings: dict[str, tuple[int, str, str]] | None = None
        self.sides_told: dict[str, tuple[tuple[str, ...], str]] = {}  # key -> (sides, border)
        self.feature_kind = ""  # the kind of the last Swedish feature rendered (lake, river)
        # lifelike: (start, surrogate) of the rivers and lakes abroad and of the towns abroad
        # rendered, so one named in the sentence of the other keeps their tie
        self.waters_abroad: list[tuple[int, str]] = []
        self.towns_abroad: list[tuple[int, str]] = []
        # (start, surrogate, original's key) of each mention of a Swedish town of the essay,
        # in text order
        self.towns_at: list[tuple[int, str, str]] = []
        # lifelike: ISO code -> the kinds of feature abroad the essay places in that country
        self.feature_needs: dict[str, frozenset[str]] | None = None
        self.sentence_countries: list[tuple[int, frozenset[str]]] = []  # (end, countries)
        self.kinds_left: dict[str, frozenset[str]] | None = None  # see _free_kinds
        self.swedish_spelling: bool | None = None  # lifelike: see _spelt_as_written


    def shift(self) -> int:
        """The years and ages move of this essay: the one the learner's earlier essays took
        (kept in the memory, so "34 år" in one essay and "född 1990" in the next still agree),
        else `learner_shift`; the nearest other move when that one would carry one of the
        essay's ages across a stage of life (AGE_STAGES: a child of 17 made an adult, "vi var
        nitton, bara barn" made 21); years move against ages, so "född 1990" and "34 år" agree."""
        remembered = self.base.get(LEARNER_SHIFT)
        first = int(remembered) if remembered else learner_shift(self.seed, self.scope)
        grades = self._school_year_ages()
        lifelike = self.strategy == "lifelike"
        fits = [d for d in sorted(SHIFTS, key=lambda d: (abs(d - first), d))
                if all(_stage(a) == _stage(moved_age(a, d)) for a in self.ages)
                # lifelike: no age moved below 1 and turned up instead, so siblings of 9, 6
                # and 2 never become 7, 4 and 4
                and not (lifelike and any(1 <= a and a + d < 1 for a in self.ages))
                and all(abs(moved_age(a, d) - g) <= 1 for a in self.ages for g in grades
                        if abs(a - g) <= 2)
                # lifelike: on the school year's side the original was ("fyller tio" in
                # årskurs 3 turns nine at least, never "fyller åtta")
                and not (lifelike and any((moved_age(a, d) - g) * (a - g) < 0
                                          for a in self.ages for g in grades
                                          if abs(a - g) <= 2))]
        # lifelike: never a year of the essay moved past the present ("ansökan 2025-09-22"
        # made 2027-10-01 gave the text away): the fitting shifts that keep them first; but
        # a learner's later essay keeps the move of their first where it fits the ages (a
        # personnummer of 1984 beside "föddes 1986" in the learner's other essay gave both
        # away), its years past the present stopping at it (`moved_year`)
        dated = [d for d in fits if not self._years_past(d)] if lifelike and not (
            remembered and int(remembered) in fits) else fits
        chosen = (dated or fits)[0] if fits else first
        if not remembered:
            self.base[LEARNER_SHIFT] = str(chosen)
        return chosen

    def moved_year(self, year: int) -> int:
        """A year the essay names, moved against its ages (`shift`): born 1990 and 34 years old
        become 1988 and 36; the years of dates, case numbers and personnummer move alike.
        Lifelike: a year the essay writes up to `latest_year` stops there (a learner's move
        kept from an earlier essay, `shift`: "ansökan 2026" stays 2026, "2025" becomes 2026,
        so the essay's years keep their order)."""
        moved, latest = year - self.shift(), words().latest_year
        return latest if self.strategy == "lifelike" and year <= latest < moved else moved

    def _years_past(self, shift: int) -> bool:
        """Whether moving the essay's years against `shift` carries one past the present
        (`latest_year`: a year the essay writes, moved later than a writer could have lived)."""
        latest = words().latest_year
        # (years move by -shift: one within -shift of the present passes it)
        return shift < 0 and any(latest + shift < year <= latest for year in self._essay_years)

    @cached_property
    def _essay_years(self) -> tuple[int, ...]:
        """The years the essay writes, read once (`_years_past`)."""
        return tuple(int(m.group(0)) for m in ESSAY_YEAR.finditer(
            getattr(self.before, "text", "")))

    def _school_year_ages(self) -> frozenset[int]:
        """The ages of the school years the essay names ("går i trean": 9), read once."""
        if self._grades is None:
            w = words()
            found = w.school_year.finditer(fold(getattr(self.before, "text", ""))) \
                if w.school_year and self.ages else ()
            self._grades = frozenset(
                w.school_start_age - 1 + (int(m.group(1) or m.group(2) or 0)
                                          or w.school_years[m.group(3) or m.group(4)])
                for m in found)
        return self._grades

    def _drawn_calendar(self) -> tuple[int, int]:
        """(months, days): the calendar move of the learner's first essay (kept in the memory:
        a birth date and a personnummer in two essays keep one date), else `calendar_shift`."""
        remembered = self.base.get(LEARNER_CALENDAR)
        if remembered:
            months, _, days = remembered.partition(" ")
            return int(months), int(days)
        moved = calendar_shift(self.seed, self.scope)
        self.base[LEARNER_CALENDAR] = f"{moved[0]} {moved[1]}"
        return moved

    def calendar(self) -> tuple[int, int]:
        """(months, days): the learner's calendar move (`_drawn_calendar`), its days moved
        on to the nearest move that keeps each day of the essay in its month and on its side
        of the essay's kept days (`fitting_days`: "den 3 maj till den 9 maj" never becomes
        "den 28 juni till den 6 juni")."""
        return self._drawn_calendar()[0], self._fitted_days

    @cached_property
    def _fitted_days(self) -> int:
        """The essay's move of days (`calendar`), read once."""
        return fitting_days(self._drawn_calendar()[1], (
            (day, shift_month(month, self.months_moved(month)) if month else None, kept)
            for day, month, kept in self._essay_dates if day))

    @cached_property
    def _essay_dates(self) -> tuple[tuple[int | None, int | None, bool], ...]:
        """(day, month, kept) of each date mention of the essay (`date_parts`; a day's month
        only where its month word is a mention moved with it), kept where lifelike keeps it
        as a feast's, a term's or a public event's date (`_kept_date`), and of each day and
        month it writes that is no mention (kept as written: "på julafton den 24 december")."""
        text = getattr(self.before, "text", "")
        months_at = {s.start for s in self.date_spans if s.label == "month_word"}
        starts = {s.start for s in self.date_spans}
        out = [(day, month, True) for at, day, month in written_dates(text) if at not in starts]
        for s in self.date_spans:
            original = text[s.start:s.end]
            day, month = date_parts(s.label, original, text[s.end:s.end + 20], self.lex)
            if s.label == "day" and month and not any(
                    s.end < at <= s.end + 3 for at in months_at):
                month = None  # ("den 3 maj" where only the day is a mention: its month stays)
            out.append((day, month, s.label in FEAST_DATE_LABELS and
                        self._kept_date(s, original)))
        return tuple(out)

    def months_moved(self, month: int) -> int:
        """The calendar's move of a month (`calendar`); lifelike, none for the month of a
        Swedish feast the essay names anywhere (`feast_months_lifelike`: "Midsommar med babi ...
        I juni kom hon", never "I juli" before midsummer) or of a date it keeps, and the other
        way (or none) where the move would carry one of the essay's months onto such a month
        or over the year's end (`_month_move`)."""
        moved = self._drawn_calendar()[0]  # (the learner's calendar is its first essay's)
        if self.effective != "lifelike":
            return moved
        return 0 if month in self._kept_months else self._month_move

    @cached_property
    def _kept_months(self) -> frozenset[int]:
        """Lifelike: the months `months_moved` keeps: of the feasts the essay names and of the
        dates it keeps as written."""
        table = words().feast_months
        said = self._said()
        feasts = frozenset(m for key, m in table.items() for w in said
                           if w == key or key.endswith("-") and w.startswith(key[:-1]))
        return feasts | {month for _, month, kept in self._essay_dates if kept and month}

    @cached_property
    def _month_move(self) -> int:
        """Lifelike: the move of the essay's other months: none where one of its dates is in a
        month beside a kept one (January beside a kept Christmas: "20/12 till 6/1" never
        becomes "19/12 till 5/12", nor "25/12 till 11/2"); else the drawn move, or the other
        way where the drawn one would carry a month over the year's end (December never
        January of the same year), or none."""
        drawn, kept = self._drawn_calendar()[0], self._kept_months
        months = {month for _, month, _ in self._essay_dates if month} - kept
        if any((month % 12) + 1 in kept or (month - 2) % 12 + 1 in kept for month in months):
            return 0
        return next((move for move in (drawn, -drawn)
                     if all(1 <= month + move <= 12 for month in months)), 0)

    def render(self, span: Span, ref: int, original: str, draw: int | None = None,
               country: str = "") -> str:
        """The surrogate of one mention: `ref` is the essay's running number (placeholders,
        tags), `draw` the entity's number in the learner's memory (realistic choices),
        `country` the ISO code of a country named beside a place the gazetteers lack."""
        label = span.label
        original = ascii_digits(original)
        self.hint, self.span = country, span
        strategy = self.policy.strategy(label, self.strategy) if self.policy else self.strategy
        if strategy != "tag" and label == "extra" and HASHTAG.fullmatch(original):
            return self._hashtag(original)
        if strategy != "tag" and SPELT.fullmatch(original):
            # "stavas W-A-R-S-A-M-E": the surrogate of the word its letters make, spelt alike
            # (a placeholder, "A-stad", stays as it is)
            word = "".join(ch for ch in original if ch.isalpha())
            out = self.render(span, ref, word.capitalize() if word.isupper() else word, draw,
                              country)
            return spelt_out(out, original) if out.isalpha() else out
        parted = self._render_parted(span, ref, original, draw, country, strategy)
        if parted is None and strategy == "lifelike" and LABELS[label].kind == "name":
            parted = self._saint(span, ref, original, draw, country)
        if parted is None and strategy == "lifelike" and (
                LABELS[label].kind == "name" or label in PLACE_LIKE):
            parted = self._place_echo(span, original) or self._unit_name(span, original) \
                or self._person_genitive(span, original)
        if parted is None and strategy == "lifelike" and label == "transport_name":
            parted = self._person_aboard(original)
        if parted is not None:
            return parted
        self.effective = strategy
        attrs = morphology(original, span)
        written = original
        spelt = self._misspelt_town(span, original) or self._respelt_abroad(span, original) \
            if strategy == "lifelike" else ""
        if spelt:
            # "borlänga", "linköpin": the town it misspells, with that town's surrogate (never
            # the town itself: it is the original under another spelling)
            self.avoid.add(spelt.lower())
            self.avoid_folds.add(fold(spelt))
            span = Span(span.start, span.end, label, span.attrs, span.score, span.rule, fold(spelt))
            original = spelt
        attrs = self._mention_attrs(span, attrs, original, strategy)
        kind = LABELS[label].kind
        if strategy == "tag":
            return f"@{label}_{ref}" + ("s" if "gen" in attrs else "")
        if strategy == "placeholder" and (kind in ("place", "institution") or label == "extra"):
            base = self._placeholder(label, ref, attrs, original)
        else:
            base = self._base(span, ref, original, written, draw, attrs, strategy, spelt)
        self._remember(span, original, written, base, spelt)
        return self._shaped(span, original, written, base, attrs)

    def _person_aboard(self, original: str) -> str | None:
        """Lifelike (h-lifelike59): a vessel's name that is a person the essay named before
        ("Jag träffade Olof ... På båten Olof sa att ..."): the detectors read the name after
        "båten" as the boat's, and a ship's name in a person's slot ("På båten Tom Sawyer
        sa") gives the text away; the person's surrogate, as written. None for any other."""
        key = fold(original)
        if " " in original or key not in self.name_words or key not in self.name_map:
            return None
        name = self.name_map[key]
        return name.lower() if original.islower() else name

    def _town_read_as_geo(self, original: str) -> bool:
        """Lifelike (round 50): a mention read as a geographic feature that is a Swedish town
        of GEO_TOWN_POP people or more and no feature of the tables (Storuman beside "bergen"):
        the town, drawn as one."""
        key = fold(original)
        entry = self.lex.get(key)
        return entry.place_kind == "city" and entry.place_country == "SE" and \
            entry.se_pop >= GEO_TOWN_POP and key not in self.geo.feature_folds

    def _hashtag(self, original: str) -> str:
        """A hashtag ("#familjenwarsame") with the essay's names, places and institutions in
        it made their surrogates ("#familjenxirsi"), folded as a tag is written; a tag holding
        none of them the taxonomy's placeholder after "#" (it may glue a name no rule read)."""
        found = {key: fold(value).replace(" ", "") for table in (
            self.name_map, self.place_map, self.institution_map)
            for key, value in table.items() if len(key) >= 3 and key.isalpha()}
        tag = fold(original[1:])
        keys = [k for k in sorted(found, key=len, reverse=True) if k in tag]
        if not keys:
            return "#" + self._placeholder("extra", 1, frozenset(), original[1:])
        return "#" + rx.sub("|".join(map(regex.escape, keys)), lambda m: found[m.group()], tag)

    def _unit_name(self, span: Span, original: str) -> str | None:
        """Lifelike (round 47): a name right after "avdelning" ("på avdelning Myran") is a
        preschool group's: another group's name (`unit_names_lifelike`), never a person's or a
        town; None elsewhere."""
        said = self.before.get(span.start) if getattr(self.before, "text", "") else ()
        if not said or said[-1] not in words().unit_words or " " in original:
            return None
        named = [n for n in words().unit_names
                 if fold(n) != fold(original) and not self._original(n)]
        pick = Draws(self.seed, self.scope, "unit", 0, fold(original)).choice(named)
        return pick.lower() if original.islower() else pick

    def _saint(self, span: Span, ref: int, original: str, draw: int | None,
               country: str) -> str | None:
        """Lifelike: a saint's title taken for a name ("Sveti" before "Nikola") as written, and
        the name after one another saint of that title (`saints_lifelike`; a family name
        after a title with none listed: a given name); None for other names."""
        saints = words().saints
        text = getattr(self.before, "text", "")
        if fold(original) in saints:
            follows = text[span.end:span.end + 2]
            return original if follows[:1] == " " and follows[1:2].isupper() else None
        said = self.before.get(span.start) if text else ()
        if not said or said[-1] not in saints or text[span.start - 1:span.start] != " ":
            return None
        named = [n for n in saints[said[-1]]
                 if fold(n) != fold(original) and not self._original(n)]
        if named:
            pick = Draws(self.seed, self.scope, "saint", 0, fold(original)).choice(named)
            return pick.lower() if original.islower() else pick
        if span.label != "surname":
            return None
        given = Span(span.start, span.end, "firstname_male", span.attrs, span.score, span.rule,
                     span.key)
        return self.render(given, ref + SAINT_DRAWS, original,
                           None if draw is None else draw + SAINT_DRAWS, country)

    def _render_parted(self, span: Span, ref: int, original: str, draw: int | None,
                       country: str, strategy: str) -> str | None:
        """The surrogate of a mention made of a place and a word of its own ("Angered-området",
        "Lund C", "Atatürk flygplatsen", "Zaatari-lägret"); None for any other mention."""
        label = span.label
        head, dash, tail = original.rpartition("-")
        if dash and head and label in PLACE_LIKE and fold(tail) in self.lex.words("area_word"):
            # "Angered-området": a district of the surrogate town, "-området" kept
            self.districts.add(span.start)
            part = Span(span.start, span.start + len(head), "city", span.attrs, span.score,
                        span.rule, fold(head))
            return self.render(part, ref, head, draw, country) + dash + tail
        station = words().station_end.match(original) \
            if label == "place" and strategy == "lifelike" else None
        if station and self.lex.get(fold(station.group(1))).se_pop:
            return self._station(span, ref, original, station, country)
        airport = words().airport_end.match(original) \
            if label in PLACE_LIKE and strategy == "lifelike" and not station else None
        if airport and not self.lex.get(fold(airport.group(1))).se_pop:
            # "Jorge Chávez flygplats", "Atatürk flygplatsen": an airport abroad is the bare
            # "flygplatsen" (never a town of the surrogate country, nor a Swedish street)
            text = getattr(self.before, "text", "")
            head = text[:span.start].rstrip()
            return "Flygplatsen" if not head or head[-1] in ".!?\n" else "flygplatsen"
        if dash and head and label in PLACE_LIKE and strategy == "lifelike" and \
                fold(tail) in words().camp_words:
            # "Zaatari-lägret": a camp of the surrogate country, "-lägret" kept (never a town)
            part = Span(span.start, span.start + len(head), label, span.attrs, span.score,
                        span.rule, fold(head))
            return self.render(part, ref, head, draw, country) + dash + tail
        return None

    def _station(self, span: Span, ref: int, original: str, station: regex.Match[str],
                 country: str) -> str:
        """"från Lund C till Malmö C": the surrogate towns' stations, as near as the originals
        (never "från Ängsvägen till Centralstationen")."""
        self.avoid.add(station.group(1).lower())  # never Göteborg C for Göteborg C
        self.avoid_folds.add(fold(station.group(1)))
        part = Span(span.start, span.start + len(station.group(1)), "city", span.attrs,
                    span.score, span.rule, fold(station.group(1)))
        # the town's own surrogate where drawn, else one remembered under a number of the
        # town's own (the station's number is no town's: "från Lund C till Malmö" gave
        # Malmö's surrogate twice)
        town = self.place_map.get(fold(station.group(1)))
        own = -1 - int.from_bytes(hashlib.blake2b(fold(station.group(1)).encode(),
                                                  digest_size=6).digest(), "big")
        return (town if town and not self._original(town) else self.render(
            part, ref, station.group(1), own, country)) + original[station.end(1):]

    def _mention_attrs(self, span: Span, attrs: frozenset[str], original: str,
                       strategy: str) -> frozenset[str]:
        """The mention's attributes (`attrs`: its `morphology` as written), less a genitive its
        name only seems to have ("Västmanlands läns", "Andrés", "vår son Dimas"), plus one its
        institution's kind word shows ("Nackstaskolans")."""
        label = span.label
        if strategy == "lifelike" and label == "region" and self._next_word(span).startswith("län"):
            attrs -= {"gen"}  # "Västmanlands läns": the län's name is written in its own form
        kind = LABELS[label].kind
        if kind == "name" and "gen" in attrs and (self._name_follows(span) or (
                label.startswith("firstname") and self.lex.get(fold(original)).first_rank
                and not self.lex.get(fold(original)[:-1]).first_rank) or (
                # lifelike: a name only `name_lists_lifelike` lists ("vår son Dimas")
                strategy == "lifelike" and label.startswith("firstname")
                and fold(original) in words().name_list_origins
                and fold(original)[:-1] not in words().name_list_origins)):
            # "Andrés Ramírez", "Matías kom": a first name of its own, not a genitive (Jonas,
            # also Jona's, stays a genitive)
            attrs -= {"gen"}
        word = kind_word(original, self.lex) if kind == "institution" else ""
        if word and original.lower().endswith(word.lower() + "s"):
            attrs |= {"gen"}  # Nackstaskolans
        return attrs

    def _base(self, span: Span, ref: int, original: str, written: str, draw: int | None,
              attrs: frozenset[str], strategy: str, spelt: str) -> str:
        """The entity's surrogate in its base form: remembered (this essay's, the learner's
        earlier essays', the town it misspells), else drawn now."""
        label, kind = span.label, LABELS[span.label].kind
        key = (label, ref if draw is None else draw)
        base = self.base.get(key)
        town = span.key or fold(original)
        if base is None and label == "city" and strategy == "lifelike" and (
                spelt or town in self.spelt_towns) and not self._original(
                self.place_map.get(town, written)):
            # one town, one surrogate, however the learner spells it
            base = self.place_map[town]
        if spelt:
            self.spelt_towns.add(town)
        if base is None and label == "geo" and strategy == "lifelike" and \
                self._town_read_as_geo(original):
            # (round 50) "Här i Storuman bergen är lägre": the town's surrogate, or one drawn
            # as a town, never "i bergen bergen"
            base = self.place_map.get(town)
            span = Span(span.start, span.end, "city", span.attrs, span.score, span.rule,
                        span.key)
        if base is None and kind == "institution":
            # Ryhov in one essay and the next, whatever label the detector gave it
            base = self.institution_map.get(fold(original))
        if base is None or self._original(base) or self._out_of_kept(span, original, base):
            # A surrogate remembered from the learner's earlier essay may be an original here
            # ("Gävle" named in this essay): draw another rather than publish the original;
            # a town abroad remembered in another country than the one this essay keeps
            # ("Kazan" for Kharkiv beside "alla ukrainare") is drawn anew in it too.
            base = self._choose(span, key[1], original, attrs)
            if strategy == "lifelike" and kind == "name":
                self.used.add(base.lower())  # (never drawn again under its other spelling)
                base = self._spelt_as_written(base)
            self.base[key] = base
            self.used.add(base.lower())
        elif kind == "institution":
            base = self._with_kind(base, original)
        else:
            self._settle(span, original, base)
            if strategy == "lifelike" and label in ("city", "area"):
                # a town abroad remembered from the learner's earlier essay is still the
                # essay's last place abroad: "Diyarbakir ... floden Dicle" keeps the river
                # there (never Emån)
                home = self._country_of(span, original)
                if home not in ("", "SE"):
                    self.abroad = home
                    if label == "city":
                        self.towns_abroad.append((span.start, base))
        if kind == "institution":
            self.institution_map.setdefault(fold(original), base)
        return base

    def _remember(self, span: Span, original: str, written: str, base: str, spelt: str) -> None:
        """Keep the surrogate for the essay's later mentions: of a name (also its initial), of
        a place (also as the learner misspelt it); a country's names follow it."""
        label, kind = span.label, LABELS[span.label].kind
        if label == "country":
            self._names_follow(span, original, base)
        if kind == "name" and label != "initials" and len(original.rstrip(".")) > 1:
            for key in (fold(original), span.key or fold(original)):
                self.name_map.setdefault(key, base)
            if label.startswith("firstname"):
                self.first_names.append((span.start, base))
            if label == "firstname_female":
                self.women_ends.append(span.end)
        elif label == "initials":  # "Henrik Ö" and henrik.o@...: one letter for Ö
            self.name_map.setdefault(fold(original.rstrip(".")), base.rstrip("."))
        elif label in PLACE_LIKE or label == "country":
            self.place_map.setdefault(span.key or fold(original), base)
            self.written_places.setdefault(fold(original), base)
            if spelt:  # "352 52 vexjö": the postcode follows the misspelt town's surrogate too
                self.place_map.setdefault(fold(written), base)

    def _shaped(self, span: Span, original: str, written: str, base: str,
                attrs: frozenset[str]) -> str:
        """The surrogate as the mention is written: its slip, its inflection and its case."""
        label, kind = span.label, LABELS[span.label].kind
        if span.rule.startswith("pun:"):
            # "i floden" after Flod -> Ström: "i strömmen"; "Blixten slog" -> "Stormen slog"
            word = pun_form(base, span.rule)
            return word.capitalize() if written[:1].isupper() else word
        if self.effective == "lifelike" and kind in ("name", "place"):
            base = self._slip(span, written, base, attrs)
        if kind in ("institution", "place") and original.isupper() and len(original) <= 5:
            return self._inflect(base, label, attrs)  # SCA, HV71, A6: an acronym, not a shout
        if label in ("city", "region") and "gen" in attrs and self._next_word(span) in \
                words().town_words:
            return apply_case(town_genitive(base), written)  # Växjö kommun, Umeå stad
        if label == "city" and "gen" in attrs and self.effective == "lifelike" and fold(
                self._next_word(span)) in words().town_institution_words:
            return apply_case(town_genitive(base), written)  # "Uppsala stadsteater"
        if label in PLACE_LIKE or label == "country":
            base = self._alias_form(span, base)
        if label == "surname" and self.effective == "lifelike" and not words().gendered_surnames \
                .isdisjoint(self._lists(fold(base))):
            # one family, one surname: in a woman's form after her given name (`variant`),
            # where the surname's people have such forms (never a Swedish Lundin -> "Lundina",
            # nor a Tigrinya Ghebremedhin -> "Ghebremedhina")
            base = surname_form(base, original, "f" if self._of_woman(span) else "m",
                                group_forms(self._lists(fold(base))))
        if kind in ("name", "place", "institution", "text") and label not in ("email", "url"):
            inflected = self._inflect(base, label, attrs)
            out = apply_case(inflected, written)
            if self.effective == "lifelike" and written == written.lower():
                # a learner who writes "hermods" or "tåg i bergslagen" writes its surrogate
                # so too: "medborgarskolan", never "danske Bank" or "taxi Kurir"
                return out.lower()
            head = (inflected.split() or [""])[0]
            if self.effective == "lifelike" and len(head) > 1 and head.isupper() \
                    and not written.isupper():
                return inflected  # "gefle IF" -> "IFK Kiruna", never "iFK Kiruna"
            return out
        return base

    def _slip(self, span: Span, written: str, base: str, attrs: frozenset[str]) -> str:
        """Lifelike: `base` misspelt as the mention misspells its entity ("Vimerby" for
        Vimmerby, "Stokholm", "Mariestadt": `slips.slip_of`, the entity's spelling being the
        coreference key), so the learner's slips stay in the text and never point back at the
        original as the one name spelt wrong; `base` as it is otherwise."""
        key, wrote = span.key, fold(written)
        if LABELS[span.label].kind == "name" and (span.rule == "fuzzy" or self.lex.get(
                wrote).first_rank or self.lex.get(wrote).surname_rank):
            # a fuzzy guess at a listed name ("Lounis" ~ Louis), or a listed name of its own,
            # is another name, no slip
            return base
        if "gen" in attrs and wrote.endswith("s") and not key.endswith("s"):
            wrote = wrote[:-1]
        if len(key) < words().slip_min or key == wrote or not wrote.isalpha() \
                or not key.isalpha():
            return base
        if (key[:-1] == wrote or wrote[:-1] == key) and (key + wrote)[-1] in "aeiouy" or \
                wrote in words().name_list_origins:
            return base  # Plamen, Plamena: a name of the other sex, no slip
        slip = slip_of(key, wrote)
        entry = self.lex.get(key)
        if slip is None or slip[0] == "sub" and (slip[1][0], slip[1][1:]) not in \
                words().spelling_slips and not (entry.se_pop or entry.country):
            # one letter for another in a name abroad is as often another transliteration
            # (Kavindu, Kavinda) as a slip: only a listed pair, or a Swedish town or a country
            return base
        pick = Draws(self.seed, self.scope, "slip", wrote).below(1 << 16)
        return slipped(base, slip, pick, words().spelling_slips)

    def _alias_clause(self, span: Span) -> tuple[str, str, str]:
        """(role, language, other) when the essay gives a place two names (`_alias_patterns`):
        role "first" for "Halab" in "Halab, på svenska heter det Aleppo" (language: that of
        the second name, "" where none is said), "second" for "Aleppo" (other: the first name
        as written); ("", "", "") otherwise. Two names joined by "eller" count only where the
        gazetteer knows them as one place's. Lifelike only: `realistic` replaces each mention
        as the taxonomy does."""
        w, text = words(), getattr(self.before, "text", "")
        if self.effective != "lifelike" or not w.alias_after or not text:
            return "", "", ""
        mention = text[span.start:span.end]
        after = text[span.end:span.end + 60]
        window = text[max(0, span.start - 80):span.start]
        found = w.alias_before.search(window)
        role, other = "second", self._alias_first(found, window) if found else ""
        if not found:
            found = w.alias_after.match(after)
            role, other = "first", found.group("second") if found else ""
        entry = self.lex.get(fold(other))
        if not found or found.group("either") and not self._one_place(mention, other) and not (
                self._said_so(span.end if role == "second" else span.end + found.end())) or (
                # "Batangas på ön Luzon": an island, never a language ("på svenska")
                found.group("lang") and fold(found.group("lang")) in self.geo.kind_folds) or (
                entry.gender and not entry.place_kind) or (  # "i Malmö och heter Anna"
                role == "second" and other.islower() and not entry.place_kind
                and fold(other) not in self.written_places):  # "i staden, som heter X": no place
            return "", "", ""
        later = after if role == "second" else after[found.end():]
        closing = w.alias_closing.match(later)
        language = found.group("lang") or (closing.group(1) if closing else "") or (
            next(iter(w.swedish_language)) if fold(found.group("who") or "")
            in w.alias_standard_sayers else "")  # "Kerkûk, ni säger Kirkuk": the Swedish name
        return role, language, other if role == "second" else ""

    def _alias_first(self, found: regex.Match[str], window: str) -> str:
        """The first name of an alias clause: the word before it, but the town before "i" and
        a country ("Klagenfurt i Österrike, som slovenerna kallar Celovec": Klagenfurt's name,
        round 43; never the country's surrogate as the town's other name)."""
        first = found.group("first")
        town = rx.search(r"(\p{L}[\p{L}-]*)\s+i\s+$", window[:found.start("first")])
        # (only after someone who calls it: "i tjetjenien, på engelska Chechnya" is the region's)
        if town and found.group("who") and self.lex.get(fold(first)).country and self.lex.get(
                fold(town.group(1))).place_kind:
            return town.group(1)
        return first

    def _said_so(self, at: int) -> bool:
        """Lifelike (round 45): the words at `at` say the name before them is what a people
        calls the place ("Tripoli, eller Trablous som vi säger"), so two names joined by
        "eller" are one place's though no gazetteer lists the second."""
        tail = words().alias_tail
        return bool(tail and tail.match(getattr(self.before, "text", "")[at:at + 40]))

    def _one_place(self, one: str, other: str) -> bool:
        """The gazetteer knows the two names as names of one place (Mumbai, Bombay)."""
        aliases = self.lex.place_aliases
        names = {fold(one), fold(other)}
        return any(names <= aliases.get(n, frozenset()) for n in (one, other, one.title(),
                                                                  other.title()))

    def _alias_of(self, span: Span) -> str | None:
        """The surrogate place of a place's first name, for its second name."""
        role, _, other = self._alias_clause(span)
        return self.place_map.get(fold(other)) or self.written_places.get(fold(other)) \
            if role == "second" else None

    def _alias_form(self, span: Span, base: str) -> str:
        """The surrogate place under the name the clause asks for: its Swedish name (the
        surrogate pools hold Swedish names) for the name given "på svenska", another of its
        names (Kyiv for Kiev) for the other, where the lexicon knows one."""
        role, language, _ = self._alias_clause(span)
        w = words()
        swedish = fold(language) in {fold(x) for x in w.swedish_language}
        named = self._native_pair(base)
        if not role or (role == "second") == swedish:
            # the Swedish name where the other is the native one ("Dihok, ni säger Duhok")
            return named[0] if named and (swedish or role == "first") and named[1] != named[0] \
                and not self._original(named[0]) else base
        if named and fold(language) not in w.alias_exonym_languages and \
                not self._original(named[1]):
            return named[1]  # "Halab, på svenska Aleppo" -> "Dimashq, på svenska Damaskus"
        english = w.english_names.get(fold(base)) if self.effective == "lifelike" else None
        if english and fold(language) in w.alias_exonym_languages and not self._original(english):
            return english  # "Warszawa (Warsaw på engelska)" -> "Krakow (Cracow på engelska)"
        others = self._other_names(base)
        if not others and self.effective == "lifelike":
            # (round 48) an island's or mountain's other name: "ön Ndzuani, på franska
            # Anjouan" -> "ön Mwali, på franska Mohéli"
            others = [n for n in self.geo.feature_names.get(base, ()) if not self._original(n)]
            return others[0] if others else base
        return others[0].title() if others else base

    def _native_pair(self, base: str) -> tuple[str, str] | None:
        """Lifelike: (its Swedish name, its own people's name) of a surrogate place listed in
        `native_names_lifelike` under any of its names ("Dihok": Duhok, Dihok)."""
        table = words().native_names
        names = {fold(base)} | self.lex.place_aliases.get(base, frozenset())
        key = next((k for k in sorted(names) if k in table), None) or next(
            (k for k, v in sorted(table.items()) if fold(v[1]) in names), None)
        return table[key] if key else None

    def _two_names(self, base: str) -> bool:
        """Lifelike: a place whose own people's name is more than its Swedish one with an
        Arabic article joined (ar-Raqqa is Raqqa, al-Ladhiqiyah is not Latakia): a remark that
        it has two names makes sense of it."""
        named = self._native_pair(base)
        if not named:
            return True
        articles = sorted(self.lex.words("article_prefix"), key=len, reverse=True)
        bare = [next((fold(n)[len(a):] for a in articles if fold(n).startswith(a)), fold(n))
                for n in named]
        return bare[0] != bare[1]

    def _other_names(self, base: str) -> list[str]:
        """The folds of a place's other names, in order (lifelike: only the names the gazetteer
        holds as the place's city or exonym names, Damascus and Damas for Damaskus, never a
        spelling of another language such as "Tinis" for Tunis)."""
        lex = self.lex
        return sorted(a for a in lex.place_aliases.get(base, ()) if a != fold(base)
                      and a.replace(" ", "").isalpha() and not self._original(a) and (
                          self.effective != "lifelike"
                          or lex.get(a).place_kind in ("city", "exonym")))

    def _name_follows(self, span: Span) -> bool:
        """Another of the essay's names follows the mention directly ("Carlos Andrés Ramírez")."""
        text = getattr(self.before, "text", "")
        found = rx.match(r" (\p{Lu}\p{L}+)", text[span.end:span.end + 40])
        return bool(found) and fold(found.group(1)) in self.avoid_folds

    def _town_after(self, span: Span) -> str | None:
        """The surrogate of the town named just after a mention ("Sätra i Gävle")."""
        text = getattr(self.before, "text", "")
        found = rx.match(r",?\s+i\s+(\p{L}+)", text[span.end:span.end + 40])
        return self.place_map.get(fold(found.group(1))) if found else None

    def _offered(self, kind: Kind, span: Span | None) -> frozenset[str] | None:
        """Lifelike: the universities that offer every field the mention's sentence names
        ("studerar medicin på ...": the medical ones); None when it names none or none
        offers them all."""
        if self.effective != "lifelike" or kind.name != "university" or span is None:
            return None
        text = getattr(self.before, "text", "")
        begin, stop = _near_sentence(text, span.start, span.end)
        table = university_fields()
        rows = [table[w] for w in rx.findall(r"\p{L}+", fold(text[begin:stop])) if w in table]
        return frozenset.intersection(*rows) or None if rows else None

    def _offering(self, kind: Kind, names: list[str]) -> list[str]:
        """Lifelike: those of the university names that offer the sentence's fields (all of
        them where none does or the sentence names no field)."""
        offered = self._offered(kind, self.span)
        if offered and not names:  # none to narrow: all that offer them, in the pool's order
            return [n for n in dict(kind.pool) if n in offered]
        return [n for n in names if n in offered] or names if offered else names

    def _towns_with(self, kind: Kind, span: Span, original: str) -> frozenset[str]:
        """The towns the essay's towns come from when it names an institution tied to towns:
        those with one of its kind; lifelike: one other than the original (Östersund has only
        Mittuniversitetet) and, before "i Town", not named "... i Town" itself (no "Högskolan
        i Gävle i Gävle")."""
        strategy = self.policy.strategy(span.label, self.strategy) if self.policy else \
            self.strategy
        if strategy != "lifelike":
            return kind.towns
        same = institution_aliases().get(fold(original), frozenset({fold(original)}))
        other = [(n, t) for n, t in kind.pool if t and fold(n) not in same]
        offered = self._offered(kind, span)
        other = [(n, t) for n, t in other if n in offered] or other if offered else other
        follows = self._town_follows(span)
        towns = (frozenset(t for n, t in other if not (follows and " i " in n))
                 or frozenset(t for _, t in other) or kind.towns)
        geo = self.geo
        if any(t in kind.towns for t in geo.towns if fold(t) in self.avoid_folds) or not any(
                fold(t) in self.avoid_folds for t in geo.towns):
            return towns
        # "Jag bor i Ludvika ... Högskolan Dalarna": the essay's town has none of its own, so
        # a town of a län that has one (its seat's), not a bigger town that has one itself
        counties = {geo.towns[t][1] for t in towns if t in geo.towns}
        return towns | frozenset(t for t, row in geo.towns.items() if row[1] in counties)

    def _word_after_in(self, span: Span) -> str:
        """Lifelike: the fold of the capitalised word after "i" or "vid" right after the
        mention ("Mittuniversitetet i Sundsvall": sundsvall), or of a Swedish town of the table
        right after it, in any case ("hallands sjukhus varberg", "sjukhuset i varberg"); ""
        when none."""
        text = getattr(self.before, "text", "")
        strategy = self.policy.strategy(span.label, self.strategy) if self.policy else \
            self.strategy
        found = rx.match(r"\s+(?:i|vid)\s+(\p{Lu}[\p{L}-]*)", text[span.end:span.end + 40])
        if not found and strategy == "lifelike":
            found = rx.match(r",?\s+(?:(?:i|vid)\s+)?(\p{L}[\p{L}-]*)", text[
                span.end:span.end + 40])
            found = found if found and fold(found.group(1)) in self.geo.town_folds else None
        return fold(found.group(1)) if found and strategy == "lifelike" else ""

    def _town_follows(self, span: Span) -> bool:
        """Lifelike: a town is named right after the mention ("Mittuniversitetet i Sundsvall")."""
        text = getattr(self.before, "text", "")
        strategy = self.policy.strategy(span.label, self.strategy) if self.policy else \
            self.strategy
        return strategy == "lifelike" and bool(
            rx.match(r"\s+i\s+\p{Lu}", text[span.end:span.end + 40]))

    def _said(self) -> frozenset[str]:
        """The essay's folded words, read once per essay."""
        if self.said is None:
            self.said = frozenset(rx.findall(r"\p{L}+", fold(getattr(self.before, "text", ""))))
        return self.said

    def _child(self, span: Span) -> bool:
        """Lifelike: the name is a child's: a kin word of a child among the three words before
        it ("min dotter Ella", "vår son heter Nils"), or a preschool or school-class word in its
        sentence ("På förskolan hon heter Ella")."""
        w = words()
        if not w.child_words.isdisjoint(b.strip(",.:;") for b in
                                        self.before.get(span.start, ())[-3:]):
            return True
        text = getattr(self.before, "text", "")
        begin, end = _near_sentence(text, span.start, span.end)
        return not w.child_places.isdisjoint(rx.findall(r"\p{L}+", fold(text[begin:end])))

    def variant(self, span: Span) -> str:
        """What sets one mention's surrogate apart from another mention of the same entity:
        "f" for a lifelike surname of a woman (`_of_woman`), else ""."""
        strategy = self.policy.strategy(span.label, self.strategy) if self.policy else self.strategy
        return "f" if strategy == "lifelike" and span.label == "surname" and \
            self._of_woman(span) else ""

    def _of_woman(self, span: Span) -> bool:
        """Lifelike: a surname right after a woman's given name or patronymic, one or two
        words before it ("Olena Shevchenko", "Olena Mykolaivna Shevchenko")."""
        text = getattr(self.before, "text", "")
        said = rx.findall(r"\p{L}+", text[max(0, span.start - 40):span.start])[-2:]
        female = tuple(end for end, names in words().patronymics if end.endswith("na"))
        return any(self.lex.get(fold(w)).gender == "female" or fold(w).endswith(female)
                   for w in said) or self._after_woman(span, text)

    def _after_woman(self, span: Span, text: str) -> bool:
        """Lifelike: a woman's given name the detectors marked ends one word or none before
        the surname ("Rūta Kazlauskienė": Rūta no list holds, said after "mamma heter")."""
        return any(end <= span.start and rx.fullmatch(r"\s+(?:\p{L}+\.?\s+)?",
                                                         text[end:span.start])
                   for end in self.women_ends[-2:])

    def _age_limit(self, span: Span, original: str) -> bool:
        """Lifelike: an age of the law's (`age_limits_lifelike`: 18, 65) right after a word
        that makes it a limit ("över 18", "under arton", "äldre än 65"): every reader knows the
        limit, so a moved one ("över 19") gives the text away; so is one people in general
        reach ("alla unga vill ta körkort när de fyller arton": a verb of `age_limit_verbs`
        before it, a word of `age_limit_people` in its clause), never "när min son fyller 18"."""
        text = getattr(self.before, "text", "")
        said = rx.search(r"(\p{L}+)[\s,]*$", text[max(0, span.start - 30):span.start])
        before, limits, verbs, people = words().age_limits
        if not said or age_value(original, span.label, self.lex, True) not in limits:
            return False
        word = fold(said.group(1))
        clause = rx.split(r"[.!?;:\n]", text[max(0, span.start - 120):said.start()])[-1]
        return word in before or word in verbs and not people.isdisjoint(
            rx.findall(r"\p{L}+", fold(clause)))

    def _school_age(self, span: Span, original: str) -> bool:
        """Lifelike: an age within a year of the age of a school year named near it ("hon går
        i årskurs 3 och fyller nio": 9) is the year's age, which every reader knows: kept as
        written, never "fyller tio" or "åtta" in year 3 (the school year does not move)."""
        w = words()
        if w.school_year is None:
            return False
        text = getattr(self.before, "text", "")
        near = fold(text[max(0, span.start - SCHOOL_AGE_NEAR):span.end + SCHOOL_AGE_NEAR])
        age = age_value(original, span.label, self.lex, True)
        return any(abs(age - (w.school_start_age - 1 + (int(m.group(1) or m.group(2) or 0) or
                                                         w.school_years[m.group(3) or m.group(4)])))
                   <= 1 for m in w.school_year.finditer(near))

    def _next_word(self, span: Span) -> str:
        """The word just after a mention, lower-cased ("" at the end or unknown)."""
        text = getattr(self.before, "text", "")
        found = rx.match(r"[\s,]*(\p{L}+)", text[span.end:span.end + 40])
        return found.group(1).lower() if found else ""

    @property
    def geo(self) -> Geography:
        """geography.toml as the mention's strategy reads it (`lifelike`: with its own rows)."""
        return geography(self.effective == "lifelike")

    def keeps(self, span: Span, original: str) -> bool:
        """`lifelike` keeps a one-of-a-kind national authority as written (Migrationsverket,
        Försäkringskassans): it names no writer, and a peer in its place is a clue."""
        strategy = self.policy.strategy(span.label, self.strategy) if self.policy else self.strategy
        if strategy == "lifelike" and span.label in FEAST_DATE_LABELS:
            return self._kept_date(span, original)
        if strategy == "lifelike" and LABELS[span.label].kind == "name" and \
                fold(original) in words().kunya:
            return True  # "abu karim": abu stays, Karim becomes his son's surrogate
        if strategy == "lifelike" and LABELS[span.label].kind in ("name", "place") and \
                self._own_word(span):
            return True  # "Akwaaba!", "min irmã Bruna": a word of the writer's own language
        if strategy == "lifelike" and span.label == "year" and \
                fold(self._next_word(span)) in words().amount_words:
            return True  # "2000 kronor" is an amount
        if strategy == "lifelike" and span.label == "year" and self._event_year(span):
            return True  # "kriget började 2011" is the war's year
        if strategy == "lifelike" and span.label in ("age_digits", "age_string") and (
                self._age_limit(span, original) or self._school_age(span, original)):
            return True  # "hon är över 18" is the law's age, not hers; "nio år, i trean"
        if strategy == "lifelike" and span.label == "country" and \
                self._country_of(span, original) in self.kept:
            return True  # "Ukraina ... alla ukrainare": no other country fits the words
        if strategy == "lifelike" and span.label == "region" and \
                self.lex.get(span.key or fold(original)).country in self.kept:
            return True  # "en kwassa till Mayotte": a region with a code of its own (YT) kept
        if strategy == "lifelike" and LABELS[span.label].kind in ("name", "place") and \
                self._people_word(original):
            return True  # "Jag är hmong", "hos oss kachin": the writer's people, never a town
        if strategy == "lifelike" and LABELS[span.label].kind == "name" and (
                self._feast_named(original) or self._feast_said(original)):
            return True  # "vi firar Inti Raymi": the feast, never "Argemiro Arango"
        if strategy == "lifelike" and LABELS[span.label].kind == "place" and \
                self._feast_day(original):
            return True  # "vi firar Chetägs dag": a feast day, never a lake
        if strategy == "lifelike" and LABELS[span.label].kind in ("name", "place") and \
                self._greeting(span, original):
            return True  # "Dumela! Jag heter ...": a greeting, never "Kgomotso!"
        if strategy == "lifelike" and LABELS[span.label].kind in ("name", "place") and (
                self._kin_slot(original) or self._kin_glossed(original)
                or self._kin_family(original)):
            return True  # "min chaw Segundo": a kin word of the writer's language, not a name
        if strategy == "lifelike" and span.label in ("city", "area") and \
                self._possessed_word(original):
            return True  # "min aba fiskade": a Buryat father, never Nigeria's Aba
        if strategy == "lifelike" and span.label == "initials" and original == "I" and \
                rx.match(r"\s+\p{Ll}", getattr(self.before, "text", "")[span.end:]):
            return True  # "Inti Raymi\nI juni vi firar": the preposition after a title
        if strategy == "lifelike" and self._kept_gateway(span, original):
            return True  # "flyg till Köpenhamn och sedan med tåg till Malmö": the way in
        if strategy == "lifelike" and (span.label == "region" or span.label in PLACE_LIKE and
                                       fold(original) in self.geo.cue_regions) and \
                self._people_region(original):
            # "från dagestan i Ryssland ... Jag är avarka": the people's own region, also
            # where the detectors read it as a town ("Min familj i Corsica", h-lifelike59)
            return True
        if strategy == "lifelike" and span.label == "city" and \
                self._capital_of_kept(original):
            home = self.lex.get(span.key or fold(original)).place_country
            if home not in ("", "SE"):
                self.abroad = home  # the essay's last place abroad, as a drawn one would be
            return True  # "Izjevsk, huvudstaden i Udmurtien" beside "udmurtiska": its capital
        if strategy == "lifelike" and span.label in PLACE_LIKE and \
                fold(original) in words().peoples_regions:
            return True  # "Kurdistan" spans four countries: the surrogate country is one of them
        if strategy == "lifelike" and span.label == "country" and \
                self.lex.get(span.key or fold(original)).country in self.kept_homes:
            return True  # "född i Kraków" -> Wrocław before: "I Polen ... i Kraków" keeps Polen
        if strategy != "lifelike" or LABELS[span.label].kind != "institution":
            return False
        text = getattr(self.before, "text", "")
        if personal_nordea(original, text[slice(*_near_sentence(text, span.start, span.end))],
                           text):
            return True  # "mitt personkonto i Nordea, 3300 <personnummer>"
        key = fold(original)
        return key in unique_authorities() or (key.endswith("s") and
                                               key[:-1] in unique_authorities())

    def _people_region(self, original: str) -> bool:
        """Lifelike (round 48): a region abroad that holds the home towns of a people the
        essay names (`homes` of `country_cues_lifelike`: Dagestan beside "avarka", Tatarstan
        beside "tatar"), in a country the essay's words keep: kept as the people's word is;
        another region in its place ("en avarka från lipetskaya") gives the text away."""
        key, names = fold(original), regions_abroad()
        said = self.geo.cue_regions.get(key, frozenset()) & self._said()
        if said and (self.lex.get(key).place_country or next(iter(
                self.geo.country_cues.get(min(said), ())), "")) in self.kept:
            # (round 52) "basker ... i Bizkaia i Baskien": as the row writes it; (h-lifelike59)
            # a name the gazetteers lack ("Corsica", "Breizh") by the row's country
            return True
        return any(code[:2] in self.kept and fold(names.get(code, "")) == key
                   for towns in self._peoples_homes() for town in towns
                   for code in (self.lex.place_region.get(fold(town), ""),) if code)

    def _capital_of_kept(self, original: str) -> bool:
        """Lifelike (h-lifelike59): a town the essay calls the capital of a people's region
        that stays as written (`_people_region`: "Izjevsk, det är huvudstaden i Udmurtien"
        beside "udmurtiska"): the region has one capital, and the words name it; another
        town there ("Sarapul, huvudstaden i Udmurtien"), or the surrogate country's capital
        ("Moskva, huvudstaden i Udmurtien"), tells the reader the text was changed. Kept as
        the region is, at every mention, and in the learner's later essays (their memory). So
        is a country's capital where the country stays ("Paris, huvudstaden i Frankrike" beside
        "bretonska" was "Marseille, huvudstaden i Frankrike": `_capital_said` draws the
        surrogate country's capital, which is the original there)."""
        key = fold(original)
        if (LEARNER_CAPITAL + key, 0) in self.base:
            return True
        text = getattr(self.before, "text", "")
        capitals = "|".join(map(regex.escape, sorted(words().capital_words)))
        for m in rx.finditer(rf"(?<!\p{{L}}){regex.escape(key)}(?!\p{{L}})", fold(text)):
            found = rx.match(rf"\s*,?\s*(?:\p{{L}}+\s+){{0,2}}?(?:{capitals})\s+(?:i|av)\s+"
                             rf"(\p{{L}}[\p{{L}}-]*)", fold(text)[m.end():m.end() + 80])
            where = found.group(1) if found else ""
            if where and (where in self.geo.cue_regions and self._people_region(where) or
                          self.lex.get(where).country in self.kept):
                self.base[(LEARNER_CAPITAL + key, 0)] = key
                return True
        return False

    def _people_word(self, original: str) -> bool:
        """Lifelike (round 47): a people's or a language's word of `country_cues_lifelike`,
        written in lower case, that no name list holds ("jag är hmong", "hos oss kachin",
        "på oshiwambo"): the detectors took it for a name or a place, and a surrogate name or
        town in the people's place gives the text away. A capitalised one, or one a list holds
        as a name (Baloch), may be a person's and is replaced."""
        key = fold(original)
        # (round 49) a word only CLDR's table holds that also names a place ("berget meru",
        # Meru in Kenya) is the place's
        return original.islower() and key in self.geo.country_cues and self._unlisted(key) \
            and not (key in self.geo.cues_generated and self.lex.get(key).place_kind)

    def _unlisted(self, key: str) -> bool:
        """A single word (fold `key`) no name list holds, nor the lexicon with a sex: a word of
        the writer's language (a people, a feast, a greeting) the detectors read as a name may
        be kept as written; a listed name never is."""
        return " " not in key and not self.lex.get(key).gender and not self._lists(key)

    def _feast_named(self, original: str) -> bool:
        """Lifelike: a word of a feast of `feast_names_lifelike` in an essay that celebrates
        that feast ("vi firar Inti Raymi", "firar slava": a word of `feast_verbs_lifelike`
        and at most one other word before it), wherever the essay writes it, its title too;
        (round 47) a feast of several words wherever the essay writes it whole (no person's
        name reads "Noj Peb Caug", "Fiestas Agostinas")."""
        key = fold(original)
        feasts = sorted(f for f in words().feast_names if key in f.split())
        return bool(feasts) and self._essay_read(self._feast_name_text, key, False)

    def _feast_name_text(self, key: str, _: bool) -> bool:
        """`_feast_named`'s reading of the essay for the word `key` of a listed feast."""
        feasts = sorted(f for f in words().feast_names if key in f.split())
        text = fold(getattr(self.before, "text", ""))
        if any(" " in f and rx.search(rf"(?<!\p{{L}}){regex.escape(f)}(?!\p{{L}})", text)
               for f in feasts):
            return True  # (round 47) "samma vecka som Fiestas Agostinas": a feast of two words
        verbs = "|".join(map(regex.escape, sorted(words().feast_verbs)))
        return any(rx.search(rf"(?<!\p{{L}})(?:{verbs})\s+(?:\p{{L}}+\s+)?"
                                rf"{regex.escape(f)}(?!\p{{L}})", text) for f in feasts)

    def _feast_said(self, original: str) -> bool:
        """Lifelike (round 49): a word no name list holds that the essay celebrates (after a
        word of `feast_verbs_lifelike` and at most one other word, in a sentence with a word of
        `feast_nouns_lifelike` or as the essay's title: "vi firade Sagaalgan, det burjatiska
        nyåret"), says is a feast (round 51: "Akatuj är en gammal vårfest", "den stora festen
        är Umhlanga") or eats (in lower case, right after a word of `dish_verbs_lifelike`: "vi
        åt buuza"), wherever the essay writes it; (round 51) a feast day's name ("Khetags
        dag"): a feast or a dish the detectors read as a name, kept as written (a surrogate
        name for it, "vi firade Ademola", gives the text away)."""
        key = fold(original)
        if self._feast_day(original):
            return True
        if not self._unlisted(key):
            return False
        return self._essay_read(self._feast_text, key, original.islower())

    def _essay_read(self, read: Callable[[str, bool], bool], key: str, lower: bool) -> bool:
        """`read(key, lower)`, a reading of the whole essay for a word, made once per essay and
        word: an essay naming one word many times is not scanned whole for each mention."""
        text = getattr(self.before, "text", "")
        if self.reads_of[0] is not text:
            self.reads_of = (text, {})
        known = self.reads_of[1]
        if (read, key, lower) not in known:
            known[read, key, lower] = read(key, lower)
        return known[read, key, lower]

    def _feast_text(self, key: str, lower: bool) -> bool:
        """`_feast_said`'s reading of the essay for the word `key` (written in lower case)."""
        text = getattr(self.before, "text", "")
        folded, word = fold(text), rf"{regex.escape(key)}(?!\p{{L}})"
        said = words()
        if lower and rx.search(
                rf"(?<!\p{{L}})(?:{'|'.join(map(regex.escape, sorted(said.dish_verbs)))})\s+{word}",
                folded):
            return True
        return self._feast_celebrated(folded, key, word) or self._feast_copula(folded, word)

    def _feast_celebrated(self, folded: str, key: str, word: str) -> bool:
        """Lifelike (round 49): `key` after a feast verb (and at most one other word) in a
        sentence with a feast noun, or standing alone as the essay's title."""
        said = words()
        verbs = "|".join(map(regex.escape, sorted(said.feast_verbs)))
        return any(self._essay_title(folded) == key or not said.feast_nouns.isdisjoint(rx.findall(
            r"\p{L}+", folded[slice(*_near_sentence(folded, m.start(), m.end()))]))
            for m in rx.finditer(rf"(?<!\p{{L}})(?:{verbs})\s+(?:\p{{L}}+\s+)?{word}", folded))

    def _essay_title(self, folded: str) -> str:
        """The essay's first line (folded, without its closing marks), read once per essay:
        an essay without line breaks is not copied for each mention."""
        if self.title_of[0] is not folded:
            self.title_of = (folded, folded.lstrip().split("\n", 1)[0].strip(" .!:"))
        return self.title_of[1]

    def _feast_copula(self, folded: str, word: str) -> bool:
        """Lifelike (round 51): the essay says the word is a feast: "X är en gammal vårfest"
        (a copula of `feast_copulas_lifelike`, then at most four words of one clause, none of
        `feast_breaks_lifelike`, the last ending in a feast noun) or "den stora festen är X"
        (the noun at a clause's start or after a word of `feast_determiners_lifelike`)."""
        said = words()
        nouns = tuple(n for n in said.feast_nouns if len(n) >= 4)
        cop = "|".join(map(regex.escape, sorted(said.feast_copulas)))
        for m in rx.finditer(rf"(?<!\p{{L}}){word}\s+(?:{cop})((?:\s+\p{{L}}+){{1,4}})",
                                folded):
            after = m.group(1).split()
            for i, w in enumerate(after):
                if w.endswith(nouns) and said.feast_breaks.isdisjoint(after[:i]):
                    return True
        dets = "|".join(map(regex.escape, sorted(said.feast_determiners)))
        noun = "|".join(map(regex.escape, sorted(said.feast_nouns)))
        return bool(rx.search(
            rf"(?:(?:^|[.!?:\n]\s*)|(?<!\p{{L}})(?:{dets})\s+(?:\p{{L}}+\s+){{0,2}})"
            rf"(?:{noun})\s+(?:{cop})\s+{word}", folded))

    def _feast_day(self, original: str) -> bool:
        """Lifelike (round 51): a span that names a feast day by its shape, a genitive no name
        list holds as written and a lower-case day word ("Khetags dag", `feast_day_words_
        lifelike`), or a word ending in "-dagen": never a person ("Anders Dag") or a place."""
        parts = original.split()
        if len(parts) == 1:
            return original.endswith("-dagen") and len(original) > 8
        # never a person's day: "Idag är det Tevitas dag ... Tevita är min son" (a name of this
        # essay's persons or of the learner's earlier essays)
        owner = fold(parts[-2])[:-1]
        return len(parts) >= 2 and parts[-1] in words().feast_days and \
            parts[-2].endswith("s") and self._unlisted(fold(parts[-2])) and \
            owner not in self.name_words and owner not in self.name_map

    def _greeting(self, span: Span, original: str) -> bool:
        """Lifelike (round 49): a word no name list holds that stands alone before "!" at the
        start of the essay or of a line ("Dumela! Jag heter Kabelo"): a greeting of the
        writer's language the detectors read as a name, kept as written; (round 50) so is a
        greeting the rules know, read as a name or a place (`name_greeting`: "Salam!", an
        Omani town's spelling too, was "Sur!"); (round 51) so is the first word of a greeting
        of up to GREETING_WORDS words opening a line ("Malo e lelei! Jag heter ...")."""
        text = getattr(self.before, "text", "")
        if LABELS[span.label].kind == "name" and self._greeting_twice(span, text):
            return True  # (round 52) "Mari mari! Jag heter ...", a listed name too
        key, head = fold(original), text[:span.start].rstrip(" \t\"'«")
        if not (LABELS[span.label].kind == "name" and self._unlisted(key)
                or key in self.lex.words("name_greeting")) or head[-1:] not in ("", "\n"):
            return False
        return text[span.end:].lstrip(" \t")[:1] == "!" or self._greeting_phrase(span, text)

    def _greeting_twice(self, span: Span, text: str) -> bool:
        """Lifelike (round 52): the span is one of a word said twice as a line's exclamation
        ("Mari mari!", as Swedish says "Hej hej!") with the writer naming themself within
        GREETING_REACH words after it: a greeting of the writer's language, whatever list holds
        the word as a name (was "Kristina kristina!"). "Anna! Jag heter ..." still greets
        Anna."""
        begin = text.rfind("\n", 0, span.start) + 1
        m = rx.match(r"[ \t\"'«]*(\p{L}+)[ \t,]+(\p{L}+)[ \t]*!", text[begin:])
        if not m or fold(m.group(1)) != fold(m.group(2)) or \
                not begin + m.start(1) <= span.start < begin + m.end(2):
            return False
        after = rx.findall(r"\p{L}+", fold(text[begin + m.end():]))[:GREETING_REACH + 1]
        return not self.lex.words("name_trigger.verb").isdisjoint(after)

    def _greeting_phrase(self, span: Span, text: str) -> bool:
        """Lifelike (round 51): the span opens a line's exclamation of up to GREETING_WORDS
        words, the others in lower case and one of them no Swedish word (Zipf below RARE: the
        writer's language, "e lelei", never "kom hit"), and the writer names themself within
        GREETING_REACH words after its "!" ("Jag heter"), as the detectors read a greeting
        the rules know (`_opening_greetings`)."""
        m = rx.match(rf"((?:[ \t]+[\p{{Ll}}'’][\p{{L}}'’-]*){{1,{GREETING_WORDS - 1}}})[ \t]*!",
                        text[span.end:])
        if not m or all(self.lex.get(fold(w.strip("'’"))).zipf >= RARE
                        for w in m.group(1).split()):
            return False
        after = rx.findall(r"\p{L}+", fold(text[span.end + m.end():]))[:GREETING_REACH + 1]
        return not self.lex.words("name_trigger.verb").isdisjoint(after)

    def _possessed_word(self, original: str) -> bool:
        """Lifelike (round 49): a town abroad the essay writes in lower case right after a
        possessive ("min aba fiskade omul", a Buryat father; Aba is a Nigerian town): a word
        of the writer's language the detectors read as a town, kept as written wherever the
        essay writes it ("Aba har parkinson"); a surrogate town ("min ilorin") gives the text
        away, and drew the essay to Nigeria. A Swedish town or a name is never kept so."""
        key = fold(original)
        entry = self.lex.get(key)
        if " " in key or entry.place_country in ("", "SE") or entry.gender:
            return False
        text = getattr(self.before, "text", "")
        mine = "|".join(sorted(self.lex.words("possessive")))
        return bool(rx.search(rf"(?<!\p{{L}}){regex.escape(key)}(?!\p{{L}})", text)) and \
            bool(rx.search(rf"(?<!\p{{L}})(?:{mine})\s+{regex.escape(key)}(?!\p{{L}})",
                              fold(text)))

    def _kin_glossed(self, original: str) -> bool:
        """Lifelike (h-lifelike58): a word no name list holds that the essay glosses as a kin
        word ("heit är pappa på frisiska", "bab betyder pappa", "mormor heter nani på urdu"):
        a kin word of the writer's language, kept wherever the essay writes it ("min heit
        Tsjerk", "heit har en båt"), as `_kin_slot` keeps one it only writes after a
        possessive; a surrogate ("min rikard Antero ... rikard är pappa på frisiska") breaks
        the gloss. A gloss by a copula needs "på" and a language after it (`kin_gloss_copulas`:
        "Anna är mamma till tre" glosses nothing). The name after it is still replaced. The
        learner's memory keeps the gloss for their later essays ("min heit Auke" there).
        Never a name's meaning told ("Petrovyč betyder son till Petro": a kin word before
        `kin_gloss_of`), nor a word written after another name as part of a full name
        ("Vasyl Petrovyč Dzurko")."""
        key = fold(original)
        if not self._unlisted(key) or self.lex.get(key).place_country == "SE":
            return False
        if (LEARNER_KIN + key, 0) in self.base:
            return True
        w, text = words(), getattr(self.before, "text", "").lower()
        word = rf"(?<!\p{{L}})(?:{regex.escape(original.lower())}|{regex.escape(key)})(?!\p{{L}})"
        means = "|".join(regex.escape(m).replace("\\ ", r"\s+") for m in w.kin_gloss_means)
        links = "|".join(regex.escape(c).replace("\\ ", r"\s+") for c in w.kin_gloss_copulas)
        lang = r"\s+på\s+(?P<lang>\p{L}+)"
        glosses = (rf"{word}\s*,?\s*(?:det\s+)?(?:{means})\s+(?P<kin>\p{{L}}+)",
                   rf"{word}\s*,?\s*(?:{links})\s+(?P<kin>\p{{L}}+){lang}",
                   rf"(?<!\p{{L}})(?P<kin>\p{{L}}+)\s+(?:{links})\s+{word}{lang}",
                   rf"(?<!\p{{L}})på\s+(?P<lang>\p{{L}}+)\s+(?:{links})\s+(?P<kin>\p{{L}}+)"
                   rf"\s+{word}")
        languages = self.lex.words("not_name.language")
        of = "|".join(map(regex.escape, w.kin_gloss_of))
        glossed = any(self.lex.marks.get(m.group("kin")) == "fam" and (
            "lang" not in m.groupdict() or m.group("lang") in languages
            or m.group("lang").endswith("ska")) and not rx.match(rf"\s+(?:{of})(?!\p{{L}})",
                                                                text[m.end("kin"):])
            for g in glosses for m in rx.finditer(g, text))
        named = rx.search(rf"(?<!\p{{L}})(\p{{L}}+)\s+{word}", text)
        if glossed and named and fold(named.group(1)) in self.name_words:
            return False
        if glossed:
            self.base[(LEARNER_KIN + key, 0)] = key
        return glossed

    def _kin_slot(self, original: str) -> bool:
        """Lifelike (round 52): a word no name list holds that the essay writes in lower case
        between a possessive and a person's name ("min chaw Segundo", "min aita Koldo"): the
        slot of a kin word or a title of the writer's language ("min mamma Rosa"), which no
        list holds for every language. The detectors took it for a name or a place, and a
        surrogate there ("min federico Esteban") gives the text away; kept wherever the essay
        writes it after a possessive ("Min Chaw sa"). The name after it is still replaced.
        Never where the essay also writes the word outside a possessive's slot ("min aweys
        Warsame ringde ... jag älskar aweys", "heter Aweys", "Hej Aweys!"): a person's name,
        replaced at every mention (h-probe71)."""
        key = fold(original)
        if not self._unlisted(key) or self.lex.get(key).place_country == "SE":
            return False
        mine = "|".join(sorted(self.lex.words("possessive")))
        text = getattr(self.before, "text", "")
        owned = regex.compile(rf"(?<!\p{{L}})(?i:{mine})\s+$")
        if not all(owned.search(text, max(0, m.start() - KIN_SLOT_REACH), m.start())
                   for m in rx.finditer(rf"(?<!\p{{L}})(?i:{regex.escape(original)})(?!\p{{L}})",
                                           text)):
            return False
        return any(m.group(1).islower() and fold(m.group(2)) != key and
                   fold(m.group(2)) in self.name_words for m in rx.finditer(
                       rf"(?<!\p{{L}})(?i:{mine})\s+({regex.escape(original)}|"
                       rf"{regex.escape(original.lower())})\s+(\p{{L}}[\p{{L}}'’-]*)", text))

    def _kin_family(self, original: str) -> bool:
        """Lifelike (h-lifelike59): a word no name list holds, written after a possessive
        ("min anaj"), always in lower case, in an essay that already writes another word of the
        writer's language as a kin word (one `_kin_slot` or `_kin_glossed` keeps, no Swedish
        kin word: "min kuvo Ilona och min tada Bogdan ... tada har ont i ryggen"): the family
        is told in the writer's own kin words, and this is one too, kept at every mention, also where it
        stands alone ("tada har gikt"), which `_kin_slot` refuses for a lone word (h-probe71's
        "min aweys Warsame ... jag älskar aweys", where no other kin word stands). Never a word
        written with a capital or after a naming word ("heter", "kallas"): a person's name. The
        learner's memory keeps it for their later essays, as a glossed kin word's."""
        key = fold(original)
        if not self._unlisted(key) or self.lex.get(key).place_country == "SE":
            return False
        text = getattr(self.before, "text", "")
        mine = "|".join(sorted(self.lex.words("possessive")))
        owned = regex.compile(rf"(?<!\p{{L}})(?i:{mine})\s+$")
        naming = regex.compile(
            rf"(?<!\p{{L}})(?i:{'|'.join(map(regex.escape, sorted(words().naming_words)))})\s+$")
        mentions = list(rx.finditer(
            rf"(?<!\p{{L}})(?i:{regex.escape(original)})(?!\p{{L}})", text))
        if not mentions or any(not m.group().islower() or naming.search(
                text, max(0, m.start() - KIN_SLOT_REACH), m.start()) for m in mentions) or \
                not any(owned.search(text, max(0, m.start() - KIN_SLOT_REACH), m.start())
                        for m in mentions):
            return False
        others = {m.group(1) for m in rx.finditer(
            rf"(?<!\p{{L}})(?i:{mine})\s+(\p{{Ll}}+)(?!\p{{L}})", text)} - {original, key}
        family = any(self._unlisted(fold(w)) and not self.lex.marks.get(fold(w)) and (
            self._kin_slot(w) or self._kin_glossed(w)) for w in sorted(others))
        if family:
            self.base[(LEARNER_KIN + key, 0)] = key
        return family

    def _event_year(self, span: Span) -> bool:
        """Lifelike: a year in a sentence naming a war or another public event
        (`event_words_lifelike`: "inbördeskriget började 2011") is the event's, shared by every
        writer from there: kept, never moved with the learner's years, unless a word of one's
        own date other than the event's verb makes it the writer's ("vi flydde 2013", "min
        pappa dog i kriget 2012"), except where the event's verb stands within two words of
        it and no such word does ("2011 började kriget och vi flydde" keeps 2011)."""
        text = getattr(self.before, "text", "")
        begin, end = _near_sentence(text, span.start, span.end)
        said = set(rx.findall(r"\p{L}+", fold(text[begin:end])))
        if said.isdisjoint(words().event_words):
            return False
        own = words().own_date_words - words().event_verbs
        near = set(rx.findall(r"\p{L}+", fold(text[begin:span.start]))[-2:] + rx.findall(
            r"\p{L}+", fold(text[span.end:end]))[:2])
        return said.isdisjoint(own) or (
            not words().event_verbs.isdisjoint(near) and own.isdisjoint(near))

    def _kept_date(self, span: Span, original: str) -> bool:
        """Lifelike: a day or month every writer shares, kept as written: a feast's or a
        term's (`_feast_date`), or a public event's in a sentence whose year would be the
        event's (`_event_year`: "Den 24 februari 2022 började kriget", never "den 27 mars")."""
        return self._feast_date(span, original) or self._event_year(span)

    def _feast_date(self, span: Span, original: str, again: bool = True) -> bool:
        """Lifelike: a day and month in a sentence that names a feast ("vi firade jul den 7 i
        1, nu firar vi den 25 december", "Nowruz ... 21/3") is the feast's date, which every
        writer shares: kept as written (marked, out of the key), never "den 20 november"; so
        is a school term's ("Skolan börjar den 21 augusti", `term_words_lifelike`; never "den 2
        juli"). A date with a year, or a month without its day, still moves, but for the month
        of a school term ("Timur började skolan i augusti 2022": never juli, whoever starts) and
        a month of every year (`habitual_words_lifelike`: "Dashain är i oktober varje år")."""
        text = getattr(self.before, "text", "")
        begin, end = _near_sentence(text, span.start, span.end)
        feasts = {w.split()[0] for w in self.lex.words("not_name", "feast")} | \
            words().national_days | words().term_words | {
                w.split()[-1] for w in words().feast_names}  # ("I juni vi firar Inti Raymi")
        said = rx.findall(r"\p{L}+", fold(text[begin:end]))  # ("nationaldagen," too)
        if span.label == "month_word" and not (words().term_words.isdisjoint(said) and (
                words().habitual_words.isdisjoint(said)
                or not words().own_date_words.isdisjoint(said))):
            return True
        year = regex.compile(r"[\s,]*\d{4}(?!\d)")
        if span.label == "month_word" and words().own_date_words.isdisjoint(said) and \
                not words().feast_verbs.isdisjoint(said) and \
                not words().feast_nouns.isdisjoint(said):
            # (round 51) "I november vi firar Chetägs dag, en gammal fest": a feast no list
            # holds, celebrated in its sentence, keeps its month as a listed one does
            return not year.match(text, span.end)
        if feasts.isdisjoint(said) or not words().own_date_words.isdisjoint(said):
            # no feast, or a birthday, an arrival, a wedding beside it; but (round 48) the
            # feast's day said again as the same day is the feast's
            return again and self._feast_day_again(span, text, begin, end)
        if span.label == "month_word" and not words().national_days.isdisjoint(said):
            return not year.match(text, span.end)  # "I september är det Chiles nationaldag"
        if span.label == "month_word" and any(f.split()[-1] in said for f in words().feast_names):
            return not year.match(text, span.end)  # "I juni vi firar Inti Raymi": its month
        if span.label == "date_digits":
            return bool(rx.fullmatch(r"\d{1,2}[/.]\d{1,2}\.?", original.strip()))
        if span.label == "day":
            after = rx.match(r"\s*(?:i\s*\d{1,2}(?![\d/.-]\d)|(\p{L}+))",
                                text[span.end:span.end + 20])
            return bool(after) and (after.group(1) is None or "month" in self.lex.get(
                fold(after.group(1))).cats) and not year.match(text, span.end + after.end())
        return bool(rx.search(r"(?<![\d/.-])\d{1,2}\.?\s*(?:i\s*)?$",
                                 text[max(0, span.start - 10):span.start])) \
            and not year.match(text, span.end)

    def _feast_day_again(self, span: Span, text: str, begin: int, end: int) -> bool:
        """Lifelike (round 48): a day and month its sentence calls the same day as another
        (`same_day_words_lifelike`: "isoa fyllde fem samma dag, den 10 oktober") where the
        essay gives that day and month as a feast's date in another sentence ("Den 10 oktober
        är Fiji Day"): kept as the feast's date is, never "samma dag, den 15 september"."""
        said = fold(text[begin:end])
        if not any(rx.search(rf"(?<!\p{{L}}){regex.escape(w)}(?!\p{{L}})", said)
                   for w in words().same_day_words):
            return False
        found = _day_month_at(text, span)
        if not found:
            return False
        day, month = found
        for other in rx.finditer(rf"(?<!\d){day}\.?\s+{regex.escape(month)}(?!\p{{L}})",
                                    text, flags=regex.IGNORECASE):
            if not begin <= other.start() < end and self._feast_date(
                    Span(other.start(), other.start() + len(day), "day"), day, again=False):
                return True
        return False

    def _inflect(self, base: str, label: str, attrs: frozenset[str]) -> str:
        if "pl" in attrs and label == "surname":
            return plural(base, "def" in attrs) + ("s" if "gen" in attrs and "def" in attrs else "")
        return genitive(base) if "gen" in attrs else base

    def _original(self, pick: str) -> bool:
        """The pick is an original of the essay, under any spelling or name of the feature.
        Kept per pick while the originals stay as they are: a draw asks it of every candidate
        of its pool, and the essay's later mentions ask it of the same candidates again (the
        originals only grow, so a change of their sizes is a change of them)."""
        at = (len(self.avoid), len(self.avoid_folds), len(self.avoid_sounds))
        if at != self.originals_at:
            self.originals_at, self.originals_of = at, {}
        known = self.originals_of.get(pick)
        if known is None:
            known = self.originals_of[pick] = self._original_now(pick)
        return known

    def _original_now(self, pick: str) -> bool:
        """`_original` asked of the originals as they are now."""
        low, folded, avoid, avoid_folds = pick.lower(), fold(pick), self.avoid, self.avoid_folds
        return low in avoid or folded in avoid_folds or not avoid_folds.isdisjoint(
            self.lex.place_aliases.get(pick, ())) or not avoid_folds.isdisjoint(
            institution_aliases().get(folded, ())) or not avoid_folds.isdisjoint(
            self.geo.feature_aliases.get(folded, ())) or any(
            w in avoid for w in low.replace("-", " ").split()) or any(
            w in avoid_folds for w in folded.replace("-", " ").split()) or (
            sound_key(pick) in self.avoid_sounds) or (
            self.strategy == "lifelike" and self._original_compound(folded))

    def _original_compound(self, folded: str) -> bool:
        """Lifelike: an original with a kind word joined to it ("Kabulfloden" where Kabul is
        an original: it would name the original town again). Read by the kind words'
        lengths, a set look-up each, not kind word by kind word."""
        kinds, longest = self.geo.kind_folds, len(folded) - 3
        return any(folded[-n:] in kinds and folded[:-n].rstrip("- ") in self.avoid_folds
                   for n in self.geo.kind_lengths if n <= longest)

    def _free(self, pick: str) -> bool:
        """Not used yet, and neither it nor any of its words is an original of the essay
        ("Göteborgs Hotell" must not be drawn where Göteborg is an original); lifelike: nor a
        word the essay writes (a daughter drawn as Nora where the essay names the town Nora,
        a chef drawn as Kull beside "en kull valpar": an echo the original never made)."""
        return pick.lower() not in self.used and not self._original(pick) and not (
            self.effective == "lifelike" and fold(pick) in self._essay_words())

    def _essay_words(self) -> frozenset[str]:
        """Lifelike: the folded words of the essay, read once per essay."""
        text = getattr(self.before, "text", "")
        if self.words_of[0] is not text:
            self.words_of = (text, frozenset(rx.findall(r"\p{L}+", fold(text))))
        return self.words_of[1]

    def _draw(self, pool: Sequence[str], rng: Draws) -> str | None:
        if not pool:
            return None
        for _ in range(50):
            pick = pool[rng.below(min(len(pool), 200))]
            if self._free(pick):
                return pick
        return next((pick for pick in pool if self._free(pick)), None)

    def _placeholder(self, label: str, ref: int, attrs: frozenset[str], original: str) -> str:
        kind = kind_word(original, self.lex) if LABELS[label].kind == "institution" else ""
        if kind:  # Nackstaskolan -> A-skolan, Stadsbiblioteket -> A-biblioteket
            return f"{letter(ref)}-{kind.lower().lstrip(' -')}"
        forms = DEFINITE if "def" in attrs and label in DEFINITE else INDEFINITE
        return forms.get(label, "{L}-extra").format(L=letter(ref))

    def _with_kind(self, base: str, original: str) -> str:
        """A remembered institution surrogate in this mention's form of its kind word
        (Ekbackaskola -> Ekbackaskolan)."""
        old, new = kind_word(base, self.lex), kind_word(original, self.lex)
        # only the same kind word in another form, at the end of the name and joined to it
        # as in the original (never "Linköpings universitet" -> "Linköpingsuniversitetet")
        if old and new and old.lower() != new.lower() and base.lower().endswith(old.lower()) \
                and (old[:1] in " -") == (new[:1] in " -") and (
                new.lower().lstrip(" -").startswith(old.lower().lstrip(" -"))
                or old.lower().lstrip(" -").startswith(new.lower().lstrip(" -"))):
            return base[:len(base) - len(old)] + new.lower()
        return base

    def _compound(self, rng: Draws, ending: str) -> str:
        """An invented Swedish name: a stem and the original's kind word (Ekbacka + skolan)."""
        stems = words().stems
        ending = ending if ending.strip().isupper() else ending.lower()  # " AB" stays upper
        for _ in range(50):
            pick = stems[rng.below(len(stems))] + ending
            if self._free(pick):
                return pick
        return stems[0] + ending

    def _replace_places(self, original: str, places: list[tuple[str, str, str]], rng: Draws,
                        local: bool = True) -> str:
        """The name with each place swapped for that place's surrogate in this essay, else for a
        town of its (surrogate) country (Gdańsks universitet -> Krakóws universitet), and its
        digits redrawn (Skola nummer 112). A Swedish town named only here is the essay's
        surrogate town when the institution is `local` (Göteborgs stadsbibliotek -> Umeå
        stadsbibliotek beside Umeå), else another town."""
        out = original
        for word, key, country in places:
            pick = self.place_map.get(key)
            if pick is None and country == "SE" and "district" in self.lex.get(key).cats:
                pick = self._draw(self.lex.districts_by_town.get(self._town(rng), []), rng)
            if pick is None and country == "SE" and local:
                pick = self.place_map[key] = self._town(rng)
            if pick is None and country == "SE":
                # a town the essay names only inside this name ("Sundsvalls Hockeyklubb ... ett
                # lag från Timrå"): another town than the essay's, so the two stay apart
                others = [t for t in self._swedish_towns(self.lex.cities_by_country.get("SE", []))
                          if t not in self.towns and fold(t) != key]
                pick = self._draw(others, rng) or self._town(rng)
                self.place_map[key] = pick
            if pick is None:  # a town of the (surrogate) country, never the place renamed
                towns = [c for c in self.lex.cities_by_country.get(
                    self.countries.get(country, country), []) if fold(c) != key
                    and key not in self.lex.place_aliases.get(c, frozenset())]
                every = towns
                if self.effective == "lifelike":
                    # a town of about the original's size: "Gdańsks universitet" is a city's
                    # university, never "Vinkovcis universitet"
                    towns = self._sized_like(key, towns, self.countries.get(country, country))
                # lifelike: a town of the country where none is of the size, never a Swedish one
                pick = self._draw(towns, rng) or (self._draw(every, rng) if self.effective
                                                  == "lifelike" else None) or self._town(rng)
                self.place_map[key] = pick
            # Gdańsks universitet, Damaskus universitet: a place before the kind word is a genitive
            then = original[original.index(word) + len(word):].lstrip()
            # a Swedish town before a kind word takes its genitive whatever the original's
            # ending: Gävle kommun -> Östersunds kommun
            form = (town_genitive(pick) if country == "SE" else genitive(pick)) if fold(
                word) != key or (then[:1].islower() and (country == "SE" or word[-1:] in "sxz")
                                 ) else pick
            out = out.replace(word, form, 1)
        out = _DIGIT.sub(lambda m: str(rng.below(9) + 1), out)
        return out if self._free(out) else self._compound(rng, kind_word(original, self.lex) or "gruppen")

    def _number(self, label: str, original: str, draw: int, rng: Draws) -> str:
        """Numbers, dates and ages in the taxonomy's forms (`lifelike`: in real forms)."""
        lex, ref = self.lex, draw
        if self.effective == "lifelike" and label in LIFELIKE:
            return LIFELIKE[label](self, original, rng)
        if label in ("phone_nr", "account_nr", "other_nr_seq", "zip_code"):
            out = mask(original, "0", "1")
            return _LETTER.sub("A", out) if label == "zip_code" else out
        if label == "date_digits":
            return mask(original, "1", "2")
        if label == "personid_nr":
            digits = sum(ch.isdigit() for ch in original)
            delim = next((ch for ch in original if not ch.isdigit()), "")
            return ("19" if digits == 12 else "") + "123456" + delim + "0000"
        if label == "license_nr":
            letters = cycle("ABCDEFG")  # a licence card may hold more letters than a plate
            return "".join(next(letters) if ch.isalpha() else "0" if ch.isdigit() else ch
                           for ch in original)
        if label in ("age_digits", "year"):
            digits = "".join(ch for ch in original if ch.isdigit())
            in_words = None if digits or label != "year" else lex.words.year_in_words(fold(original))
            if in_words is not None:  # "född nittonhundraåttiofem": a year near it, in words
                return year_words(_near_value(in_words, rng, lambda v: year_words(
                    v, original) in self.avoid), original)
            return str(_near_value(int(digits) if digits else 20, rng,
                                   lambda v: str(v) in self.avoid))
        if label == "age_string":
            out = swedish_number(_near_value(word_value(original, lex) or 20, rng,
                                             lambda v: swedish_number(v) in self.avoid))
            return apply_case(out, original)
        if label == "day":
            value = int("".join(ch for ch in original if ch.isdigit()) or 0)
            choices = [d for d in range(1, 29) if d != value]
            return str(rng.choice(choices)) + original[len(str(value)):] if original[:1].isdigit() else str(rng.choice(choices))
        if label == "month_digit":
            value = int("".join(ch for ch in original if ch.isdigit()) or 0)
            return str(rng.choice([m for m in range(1, 13) if m != value]))
        if label == "month_word":  # (never another month the essay names: "född i augusti
            # ... kom i oktober" must not read "född i oktober ... kom i juni")
            choices = [m for m in MONTHS if m != original.lower() and m not in self.avoid] \
                or [m for m in MONTHS if m != original.lower()]
            return apply_case(rng.choice(choices), original)
        if label == "street_nr":
            value = int("".join(ch for ch in original if ch.isdigit()) or 0)
            return str(rng.choice([k for k in range(1, 100) if k != value]))
        if label == "transport_nr":
            return str(ref) if str(ref) != original else str(ref + 10)
        return LABELS[label].placeholder or "X"


def _day_month_at(text: str, span: Span) -> tuple[str, str] | None:
    """The day's digits and the month word of a date whose day or month word `span` is
    ("10 oktober"), as written; None where the other half is not beside it."""
    if span.label == "day":
        month = rx.match(r"\.?\s+(\p{L}+)", text[span.end:span.end + 20])
        return (text[span.start:span.end].rstrip("."), month.group(1)) if month else None
    if span.label == "month_word":
        day = rx.search(r"(?<!\d)(\d{1,2})\.?\s+$", text[max(0, span.start - 8):span.start])
        return (day.group(1), text[span.start:span.end]) if day else None
    return None
