"""Person names: the origin and sex a name's context gives, families, nicknames and short forms, and
the draw of a name of the same kind.
"""
from __future__ import annotations

import bisect
from collections import Counter
from collections.abc import Callable, Sequence
from functools import cached_property
from itertools import pairwise

import regex

from pseudonymize.coordinates import nearest_countries
from pseudonymize.labels import LABELS
from pseudonymize.lexicon import fold
from pseudonymize.thresholds import LONGEST_NAME, NAME_WORDS_MAX, PAIR_ZIPF, SURNAME_PLACE_MAX
from pseudonymize.types import Span
from pseudonymize.surrogates import rx
from pseudonymize.surrogates.forms import Draws, INITIALS, genitive
from pseudonymize.surrogates.common import (GENDER_WINDOW, LEARNER_WRITER, MAX_NICK_TAIL,
                                            MIN_END_NICK, NICKNAME_AFTER, NICKNAME_SHORT,
                                            PLACE_LIKE, SURNAME_FORMS, SWEDISH_LETTERS,
                                            SWEDISH_ORIGIN, VOWELS, _NAME_POOLS, _NO_POOL,
                                            _PLAIN_POOLS)
from pseudonymize.surrogates.words import _ending_nickname, _last_syllable, _of_pattern, words
from pseudonymize.surrogates.inflect import kind_word, surname_form
from pseudonymize.surrogates.kinds import member_kind
from pseudonymize.surrogates.spans import _wordlike, short_fulls

# after a name: ", precis som floden" (`_place_echo`; the word's kind in `echo_kinds`)
PLACE_ECHO = regex.compile(r",?\s+(?:precis\s+|just\s+|samma\s+)?som\s+(\p{L}+)")


class Names:
    """Mixin of `Renderer` (`self` is the renderer of one essay)."""

    def _name_pool(self, key: str) -> list[str]:
        """The surrogate pool `key` ("first_female:tibetan", "surname:kazakh"): lifelike, the
        names `name_lists_lifelike` lists for the group first, then the lexicon's (one list
        object per lexicon and key, so the pools' filters cache it)."""
        pool = self.lex.pools.get(key, _NO_POOL)  # (one object: the caches key on it)
        slot, _, group = key.partition(":")
        extra = words().name_lists.get(group, {}).get(slot) if self.strategy == "lifelike" \
            else None
        if not extra:
            return pool
        cached = _NAME_POOLS.get((id(self.lex), key))
        if cached is None or cached[0] is not pool:
            # (not a name the lexicon files under another group: its surrogate's lists must
            # say this group, as `_lists` reads them, so a surname drawn after it agrees)
            origins = self.lex.name_origins
            own = [n for n in extra if group in origins.get(fold(n), (group,))]
            cached = _NAME_POOLS[(id(self.lex), key)] = (pool, list(dict.fromkeys([*own, *pool])))
        return cached[1]

    @cached_property
    def _named_countries(self) -> set[str]:
        """The countries the essay names (`avoid_countries`), where names take their homes
        from; lifelike, without a country whose name the essay writes only as a person's
        ("min fru Montserrat", "min son Israel", "Kuba" for Jakub): a mother named Montserrat
        never made her Catalan family's names Caribbean."""
        named = self.avoid_countries
        if self.strategy != "lifelike":
            return named
        people = self.name_words - self.country_words
        as_country = {self.lex.get(f).country for f in self.avoid_folds if f not in people}
        persons = {c for f in self.avoid_folds & people if (c := self.lex.get(f).country)}
        return named - (persons - as_country)

    def _stray_home(self, groups: Sequence[str], votes: Counter[str]) -> str:
        """Lifelike: the origin group at home in the essay's first country abroad for a name
        that only lists of groups at home elsewhere hold and that no other name of the essay
        shares (Olga, on the Spanish list alone, beside Kiev; Leyla, Somali alone, beside
        Iran): the writer from Kiev is never given a Spanish name; "" otherwise."""
        if self.strategy != "lifelike" or not groups or SWEDISH_ORIGIN in groups:
            return ""
        homes = self.geo.homelands
        named = sorted(self._named_countries - {"SE"})
        if not named or any(votes[g] > 1 or not set(homes.get(g, ())).isdisjoint(named)
                            for g in groups):
            return ""
        # the group of the essay's other names where it is at home there (Ramina, only on
        # the Azerbaijani list as Ramila, beside Assyrian names and Iraq: Arabic, not Kurdish)
        voted = max((g for g in sorted(homes) if votes[g] and not set(homes[g]).isdisjoint(
            named) and self._name_pool(f"surname:{g}")), key=lambda g: votes[g], default="")
        return voted or next((g for iso in named if (g := self._group_at_home(iso))), "")

    def _origin(self, original: str, key: str, before: Sequence[str] = ()) -> str:
        """The origin group of a name: of the lists that hold it, the one the essay's other
        names share most (Ali is Arabic beside Zainab, Somali beside Hodan); a name no list
        holds takes the essay's dominant origin, else Swedish; a Swedish-only name of the
        writer's child, sibling or parent ("min dotter Sofia": `before`) or one right after a
        name of the essay's main origin ("Nguyen Thi Hoa") takes that origin where most of the
        essay's names are of one other group. A group whose homeland became a
        country of other names takes that country's group (`origin_swap`)."""
        votes = self._votes()
        groups = self._own_lists(original, key)
        couple = self._spouse_origin(original, before, groups)
        if couple:
            return couple
        if groups == (SWEDISH_ORIGIN,) and self._swedish_parent(before):
            return SWEDISH_ORIGIN  # "min man Lars och våra barn Maly och Oskar": Oskar stays
        writer = self._writer_group(original) if groups and self._family(before) else ""
        if writer and self._told_home(next((g for g, to in self.origin_swap.items()
                                            if to == writer), writer), groups):
            return writer  # "vi har två barn, Shapla": the writer's family, told of Bangladesh
        stray = self._stray_home(groups, votes)
        if stray:
            return self.origin_swap.get(stray, stray)
        if not groups:
            return self._origin_unlisted(votes)
        group = max(groups, key=lambda g: (votes[g], -groups.index(g)))
        # Amina (Arabic) in a Somali family: a name of a neighbour group of the essay's
        # main origin takes that origin, so the family's names agree
        # (a group whose homeland the essay names first: "vi kommer från Somalia")
        homes = self.geo.homelands
        # (round 46, lifelike: a group whose people or language the essay names first, "vi
        # pratar ewe" beside Togo: the Ewe family's names, never the Ivorian group's)
        said = self._groups_said() if self.effective == "lifelike" else frozenset()
        main = max((g for g in votes if g != SWEDISH_ORIGIN and votes[g]),
                   key=lambda g: (g in said, not self._named_countries.isdisjoint(
                       homes.get(g, ())), votes[g], g), default="")
        if self._takes_main(original, groups, votes, before, main):
            group = main
        elif main and groups == (SWEDISH_ORIGIN,) and self._family(before) and (
                votes[main] >= votes[SWEDISH_ORIGIN]
                or not self._named_countries.isdisjoint(homes.get(main, ()))):
            # the family's origin: most of the essay's names, or the essay names its homeland;
            # lifelike: the writer's own name's where it has one ("Jag heter Hodan ... vi har
            # en dotter som heter Sara")
            group = main
            writer = self._writer_group(original)
            if writer:
                return writer
        return self.origin_swap.get(group, group)

    def _takes_main(self, original: str, groups: tuple[str, ...], votes: Counter[str],
                    before: Sequence[str], main: str) -> bool:
        """`_origin`: whether a name of the lists `groups` takes the essay's main origin
        `main` (a neighbour group's name, a middle name, a name common in Sweden in a family
        of that origin, the writer's own name, one spelt with letters Swedish does not use,
        one inside a full name of that origin)."""
        homes = self.geo.homelands
        if main and main not in groups and not set(groups).isdisjoint(
                self.geo.neighbours.get(main, ())):
            return True
        if self.effective == "lifelike" and main and main not in groups and \
                SWEDISH_ORIGIN not in groups and self._minority(main) and \
                main in self._groups_said() and self._family(before):
            # (round 46) "vi är balucher ... min bror Jalal": the writer's kin in an essay naming
            # a minority people (Baloch, Chin, Coptic) bear its names, never an Arabic one
            return True
        if self.effective == "lifelike" and main and main not in groups and before \
                and main in self._lists(before[-1]) and not (
                    groups == (SWEDISH_ORIGIN,) and self._known_in_sweden(before[-1])):
            # "Dilan Omer Aziz": a middle name only the Somali list holds (never the
            # Swedish surname after a name Swedes bear too: "Rosa Lind")
            return True
        if self.effective == "lifelike" and main and main not in groups and (
                SWEDISH_ORIGIN in groups and len(groups) > 1 or self._known_in_sweden(
                    original)) and self._family(before) and (
                    votes[main] >= votes[SWEDISH_ORIGIN]
                    or not self._named_countries.isdisjoint(homes.get(main, ()))):
            # "min svärmor heter Maria" in a Ukrainian family: a name common in Sweden and
            # Spain takes the family's origin, never a Spanish or a Swedish one; so does
            # one Swedes bear that only a foreign list holds ("min fru Olga" of a Polish
            # family is Polish, never Beatriz)
            return True
        if main and " ".join(before[-2:]) in words().writer_name and (
                main in groups or groups == (SWEDISH_ORIGIN,)) and (
                    self.effective != "lifelike" or votes[main] >= votes[SWEDISH_ORIGIN]):
            # "Jag heter Carlos Andrés Ramírez": the writer's own name (lifelike: not
            # "Jag heter Anna och min man heter Erik", where Swedish names are most)
            return True
        if main and groups == (SWEDISH_ORIGIN,) and not set(original.lower()) <= \
                SWEDISH_LETTERS:
            return True  # a name spelled with letters Swedish does not use (í, ñ, ơ)
        # "Nguyen Thi Hoa": a name inside a full name of another origin
        return bool(main and groups == (SWEDISH_ORIGIN,) and before and main in
                    self._lists(before[-1]) and not (
                        self.effective == "lifelike" and self._known_in_sweden(before[-1])))

    def _origin_unlisted(self, votes: Counter[str]) -> str:
        """`_origin` of a name no list holds: the essay's dominant origin, else Swedish;
        lifelike, the (surrogate) homeland it names first where no other names tell."""
        # (round 46, lifelike) a minority people the essay names first ("vi är balucher ...
        # Min pappa heter Dad": Baloch, never Arabic)
        said = {g for g in self._groups_said() if self._minority(g)} \
            if self.effective == "lifelike" else set()
        group = max(votes, key=lambda g: (g in said, votes[g], g == SWEDISH_ORIGIN),
                    default=SWEDISH_ORIGIN)
        if group in said:
            return group
        abroad = [self.countries[c] for c in self.countries if c != "SE"]
        named = self._named_countries - {"SE"}
        if not abroad and len(named) == 1:
            # (round 47) an essay naming towns of one country abroad and no country ("sindhi
            # från Karachi ... min bror Shahzaib"): the towns keep it, so do the names (never
            # "Erling Sandström" for a family of Pakistan or Tatarstan)
            abroad = sorted(named)
        if self.effective == "lifelike" and abroad and self._names_at(abroad[0]) and (
                group == SWEDISH_ORIGIN or named.isdisjoint(
                    self.geo.homelands.get(group, named))):
            # "Jag heter Rojda och kommer från Diyarbakir i Turkiet": a name no list holds,
            # in an essay of no other names, is of the (surrogate) homeland it names first;
            # so is one beside names of a group at home in none of the countries named
            # ("Rafiqul ... Shapla" from Bangladesh beside Nasrin, on the Persian list)
            return self._names_at(abroad[0])
        return self.origin_swap.get(group, group)

    def _swedish_parent(self, before: Sequence[str]) -> bool:
        """Lifelike: the name is one of the couple's children's ("våra barn Maly och Oskar",
        `child_of_spouse_words_lifelike` among the words before it) and the writer's spouse bears a given name
        only the Swedish list holds ("min man Lars"): a child of a Swedish parent may bear a
        Swedish name, which stays Swedish rather than take the writer's origin."""
        near = [b.strip(",.:;") for b in before[-5:]]
        if self.effective != "lifelike" or words().parent_kin.isdisjoint(
                map(" ".join, pairwise(near))) or not self._family(before):
            return False
        if self.swedish_spouse is None:
            # (on the folded text: "våra" is "vara" among the lexicon's possessives)
            pattern = regex.compile(r"(?<!\p{L})(?:%s)\s+(?:%s)(?:\s+heter)?\s+(\p{L}+)" % (
                "|".join(sorted(self.lex.words("possessive"))),
                "|".join(map(regex.escape, sorted(words().spouse_words)))))
            self.swedish_spouse = any(
                self._lists(m.group(1)) == (SWEDISH_ORIGIN,) and self.lex.get(m.group(1)).gender
                for m in pattern.finditer(fold(getattr(self.before, "text", ""))))
        return self.swedish_spouse

    def _spouse_origin(self, original: str, before: Sequence[str], groups: Sequence[str]) -> str:
        """Lifelike: the writer's spouse ("min man heter Ahmed", "min fru Mai"; `spouse_words`)
        takes the origin group of the writer's own name ("jag heter Hodan") where the spouse's
        lists hold that group or a neighbour of it: one couple, one origin (Ahmed is only on the
        Arabic list, Hodan's husband is Somali); "" otherwise."""
        w = words()
        if self.effective != "lifelike" or not groups or not before or w.writer_pattern is None \
                or groups == (SWEDISH_ORIGIN,) and self.lex.get(fold(original)).gender:
            # (a given name only the Swedish list holds: "min man Mats" of Dewi stays; a
            # family name Swedish statistics hold, "min man Liu Yang", does not)
            return ""
        near = [b.strip(",.:;") for b in before[-3:]]
        if near[-1:] and near[-1] in w.kin_link:
            near = near[:-1]  # "min man heter Ahmed"
        if len(near) < 2 or near[-1] not in w.spouse_words or near[-2] not in self.lex.words(
                "possessive"):
            return ""
        group = self._writer_group(original)
        raw = next((g for g, to in self.origin_swap.items() if to == group), group)
        if not raw or not (raw in groups or not set(groups).isdisjoint(
                self.geo.neighbours.get(raw, ())) or self._known_in_sweden(original)
                or self._told_home(raw, groups)):
            return ""  # (a name Swedes bear, only on the Spanish list: "min fru Olga" of a Pole)
        return group

    def _told_home(self, group: str, groups: Sequence[str]) -> bool:
        """Lifelike: the essay's countries so far (or their surrogates) hold a homeland of
        `group` and none of `groups`: "Jag heter Rafiqul ... från Bangladesh ... min fru heter
        Nasrin" (a name only the Persian list holds) is of the writer's group."""
        homes = self.geo.homelands
        told = (set(self.countries) | set(self.countries.values())) - {"SE"}
        return bool(group) and not told.isdisjoint(homes.get(group, ())) and all(
            told.isdisjoint(homes.get(g, ())) for g in groups)

    def _writer_group(self, original: str) -> str:
        """Lifelike: the origin group of the writer's own given name ("jag heter Hodan"), ""
        when the essay names none, it is `original` itself, or it is Swedish."""
        pattern = words().writer_pattern
        found = pattern.search(getattr(self.before, "text", "")) if pattern else None
        if self.effective != "lifelike" or not found or fold(found.group(1)) == fold(original):
            return ""
        group = self._origin(found.group(1), fold(found.group(1)))
        return "" if group == SWEDISH_ORIGIN else group

    def _origin_of_given(self, span: Span, original: str) -> str:
        """Lifelike: a surname written right after a given name ("Hodan Yusuf", "Abdi Tesfaye")
        takes the origin group of that given name's surrogate where the surname's own lists hold
        that group or a neighbour of it (`name_neighbours`), or no list holds it: one person's
        names are of one origin (never an Eritrean surname for a Somali husband); "" otherwise."""
        if self.effective != "lifelike":
            return ""
        text = getattr(self.before, "text", "")
        found = rx.search(r"(\p{L}+)[ \t]+$", text[max(0, span.start - LONGEST_NAME - 2):
                                                     span.start])
        given = self.name_map.get(fold(found.group(1))) if found else None
        if not given or not self.lex.get(fold(found.group(1))).gender:
            return ""
        own = set(self._own_lists(original, span.key))
        neighbours, votes = self.geo.neighbours, self._votes()
        # the group the essay's names vote for first (Asel, Kazakh and Turkish: Kazakh beside
        # Serik and Daniyar)
        group = next((g for g in sorted(self._lists(fold(given)), key=lambda g: -votes[g])
                      if g != SWEDISH_ORIGIN and self._name_pool(f"surname:{g}")
                      and (not own or g in own or not own.isdisjoint(neighbours.get(g, ())))),
                     "")
        if not group and self._lists(fold(given)) == (SWEDISH_ORIGIN,) and SWEDISH_ORIGIN in \
                self._lists(fold(found.group(1))) and own <= {SWEDISH_ORIGIN}:
            # "Gun Sjö", a Swede in a Kazakh essay: a surname no list holds after a Swedish
            # given name is Swedish (never "Marie-Louise Nurpeisov")
            return SWEDISH_ORIGIN
        return group

    def _person_group(self, span: Span, original: str) -> str:
        """Lifelike: the one origin group of a full name of no Swedish name ("Ahmed Abdi
        Hassan", in any case: "min bror yusuf abdi hassan"): the group that lists some name of
        it and lists, or neighbours (`name_neighbours`), every other. Somali neighbours Arabic,
        not the other way round, so a Somali's Arabic given names stay the Somali's: every
        surrogate of the name is Somali (never "Salad Khaled Al-Haddad"); "" where the name is
        one word, holds a name no list or the Swedish list holds, or no single group with
        family names of its own holds all of it."""
        if self.effective != "lifelike":
            return ""
        text, ends = getattr(self.before, "text", ""), self._name_ends
        run, start, end = [original], span.start, span.end
        # (at most NAME_WORDS_MAX names in all: a longer run is no one's name, and a
        # hostile megabyte of names is not walked again for each of them)
        while len(run) <= NAME_WORDS_MAX and (head := next((
                ends[e] for e in (start - 1, start - 2)
                if e in ends and text[e:start].isspace()), None)) is not None:
            run.append(text[head:self.name_spans[head]])
            start = head
        while len(run) <= NAME_WORDS_MAX and (tail := next((
                s for s in (end + 1, end + 2)
                if s in self.name_spans and text[end:s].isspace()), None)) is not None:
            end = self.name_spans[tail]
            run.append(text[tail:end])
        if not 2 <= len(run) <= NAME_WORDS_MAX:
            return ""
        lists = [self._own_lists(name, fold(name)) for name in run]
        if any(not groups or SWEDISH_ORIGIN in groups for groups in lists):
            return ""
        neighbours = self.geo.neighbours
        fit = sorted({g for groups in lists for g in groups if self._name_pool(
            f"surname:{g}") and all(g in groups_ or not set(groups_).isdisjoint(
                neighbours.get(g, ())) for groups_ in lists)})
        return self.origin_swap.get(fit[0], fit[0]) if len(fit) == 1 else ""

    @cached_property
    def _name_ends(self) -> dict[int, int]:
        """The essay's person names (`name_spans`) by their end: start, built once."""
        return {end: start for start, end in self.name_spans.items()}

    def _known_in_sweden(self, original: str) -> bool:
        """Lifelike: a given name ranked within `swedish_known_rank` in Sweden's statistics
        (Rosa, Olga, Elena), though only a foreign list holds it: Swedes bear it too."""
        return 0 < self.lex.get(fold(original)).first_rank <= words().swedish_known_rank and \
            SWEDISH_ORIGIN not in self._lists(fold(original))

    def _unlisted_family(self, name: str) -> str:
        """Lifelike: the origin of a Swedish-only given name before a family name no list
        holds and no common word ("Thomas Sankara" in an essay of Burkinabé names: a figure of
        the writer's country, never "Magnus Lindahl"): the essay's main group where its names
        outnumber the Swedish ones; "" otherwise. (Round 47) Nor a family name that is a
        Swedish everyday word (`word_surname_zipf_lifelike`: "min lärare Tuva Gran" in a Hmong
        essay is a Swede, never "Kaying Lor")."""
        if self.lex.get(name).zipf >= min(PAIR_ZIPF, words().word_surname_zipf):
            return ""
        votes = self._votes()
        main = max((g for g in votes if g != SWEDISH_ORIGIN and votes[g]),
                   key=lambda g: (votes[g], g), default="")
        return self.origin_swap.get(main, main) if main and \
            votes[main] > votes[SWEDISH_ORIGIN] else ""

    def _origin_of_surname(self, span: Span, original: str) -> str:
        """Lifelike: a given name written right before another of the essay's names that only
        lists of groups other than Swedish hold ("Sara Abdi", "min dotter Maria Hernández")
        takes that name's group where its own lists hold it, or the Swedish list does: one
        person's names are of one origin (never "Viola Abdiaziz"); "" otherwise. A given name
        Swedes bear too (ranked in Sweden's statistics within `swedish_known_rank`, though only a
        foreign list holds it: Rosa, Olga, Elena) is as a name of the Swedish list: before a
        Swedish-only surname it is Swedish ("Min kollega Rosa Lind" -> "Karin Lind", never
        "Gloria Lind"), before another group's its group ("Olga Ivanova": East Slavic)."""
        if self.effective != "lifelike" or not self._name_follows(span):
            return ""
        text = getattr(self.before, "text", "")
        after = rx.match(r" (\p{Lu}\p{L}+)(?: (\p{Lu}\p{L}+))?", text[span.end:span.end + 60])
        # the name after it, or past a particle opening a family name ("Ben Ammar": Ammar's)
        name = fold(after.group(2) if after.group(2) and fold(after.group(1)) in
                    words().surname_prefixes else after.group(1)) if after else ""
        lists = self._lists(name) if name else ()
        theirs = [g for g in lists if g != SWEDISH_ORIGIN]
        own = self._own_lists(original, span.key)
        known = SWEDISH_ORIGIN in own or self._known_in_sweden(original)
        if self._spouse_origin(original, self.before.get(span.start, ()), own):
            return ""  # (the writer's spouse takes the writer's origin: "min man heter Ahmed")
        if lists == (SWEDISH_ORIGIN,) and SWEDISH_ORIGIN not in own and known and \
                not self.lex.get(name).gender:
            return SWEDISH_ORIGIN
        if not lists and name and own == (SWEDISH_ORIGIN,):
            return self._unlisted_family(name)
        if not theirs or SWEDISH_ORIGIN in lists:
            return ""
        group = next((g for g in theirs if g in own), "")
        if not group and (not own or known):
            group = theirs[0]
        return self.origin_swap.get(group, group)

    def _married_name(self, span: Span, original: str) -> bool:
        """A Swedish-only surname written right after another surname ("Siriporn Wongsawat
        Björk", "S. W. Björk") is a name taken in marriage: it stays Swedish (lifelike)."""
        before = self.before.get(span.start, ())
        own = self._own_lists(original, span.key)
        if own != (SWEDISH_ORIGIN,) or not before:
            return False
        previous = self.lex.get(before[-1].strip(".,"))
        if self.effective == "lifelike" and fold(before[-1].strip(".,")) in \
                words().name_list_surnames:
            return True  # "Dewi Lestari Lövgren": after a family name of name_lists_lifelike
        return bool(previous.surname_rank and not previous.gender) or (
            len(before[-1].strip(".")) == 1 and len(before) > 1
            and len(before[-2].strip(".")) == 1)

    def _family(self, before: Sequence[str]) -> bool:
        """The name is one the writer gives a child, sibling or parent: "min dotter Sofia",
        "dottern Sofia", "mina barn heter Lina och Adam" (`before`: the folded words before
        it; only link words and the essay's names may stand between kin word and name)."""
        w = words()
        for k in range(len(before) - 1, -1, -1):
            word = before[k].strip(",.:;")
            if word in (w.same_origin_kin_lifelike if self.effective == "lifelike"
                        else w.same_origin_kin):
                return word in w.definite_kin or k > 0 and (
                    before[k - 1] in self.lex.words("possessive") or (
                        self.effective == "lifelike" and before[k - 1] in w.kin_determiners))
            if word not in w.kin_link and word not in self.avoid_folds:
                return False
        return False

    def _homeland_of_names(self, iso: str) -> str:
        """The origin group of the essay's names that is at home in the country `iso` (Somali
        names and Somalia), the most named first; "" when the country is no such homeland."""
        votes, homelands = self._votes(), self.geo.homelands
        groups = [g for g in homelands if iso in homelands[g] and votes[g] > 0
                  and g != SWEDISH_ORIGIN]
        # (round 46, lifelike) a people the essay names first ("vi är balucher": never the
        # Kurdish group of one name, Jalal, taking Iran to Syria)
        said = self._groups_said() if self.effective == "lifelike" else frozenset()
        return max(groups, key=lambda g: (g in said, votes[g], -list(homelands).index(g)),
                   default="")

    def _names_at(self, iso: str) -> str:
        """Lifelike: the origin group of a family from `iso` whose names no list holds: the
        group at home there, else the one at home in the nearest country that has one (no list
        holds the names of about a hundred countries: a family from Malawi or Slovakia is never
        given Swedish names); "" for a country whose names Swedish ones stand for (Norway)."""
        if iso in self.geo.swedish_named:
            return ""
        return self._group_at_home(iso) or next(
            (group for other in nearest_countries(iso) if (group := self._group_at_home(other))),
            "")

    def _group_at_home(self, iso: str) -> str:
        """The origin group whose names are at home in `iso` (its main homeland first) and that
        the name lists can draw, never a minority group (`minority_groups_lifelike`); "" when
        none."""
        homelands, minority = self.geo.homelands, words().minority_groups
        groups = [g for g in homelands if iso in homelands[g] and g not in minority and any(
            self._name_pool(f"{p}:{g}") for p in ("first_female", "first_male", "surname"))]
        return min(groups, key=lambda g: (homelands[g].index(iso), list(homelands).index(g)),
                   default="")

    def _names_follow(self, span: Span, original: str, surrogate: str) -> None:
        """A homeland of the essay's names replaced by a country where other names are at home:
        the names follow the surrogate country (Polen -> Ukraina: Polish names -> East Slavic)."""
        group = self._homeland_of_names(self._country_of(span, original))
        target = self.lex.get(fold(surrogate)).country
        homes = words().language_homes.get(group, {})
        if self.effective == "lifelike" and group in words().language_follows and target and \
                target not in homes.get(self._family_language(group), (target,)):
            # lifelike: the group's language at home there (Ukraina -> Ryssland: Russian names)
            self.name_language[group] = next(
                (lang for lang in sorted(homes) if target in homes[lang]),
                self.name_language[group])
        if group and target and target not in self.geo.homelands[group]:
            other = self._group_at_home(target)
            if other and not (self.effective == "lifelike" and (
                    self._minority(group) or group in self._groups_said())):
                self.origin_swap.setdefault(group, other)

    def _groups_said(self) -> frozenset[str]:
        """Lifelike: the origin groups whose people, language or kin words the essay names
        (`name_list_words_lifelike`: "vi pratar kazakiska", "min äje"): those words stay as
        written, so the family's names stay of that group wherever its country moves."""
        if self.groups_said is None:
            text = fold(getattr(self.before, "text", ""))
            self.groups_said = frozenset(g for g, said in words().name_list_words
                                         if said.search(text)) | frozenset(
                g for _, _, groups in self._languages_said() for g in groups)
        return self.groups_said

    def _languages_said(self) -> Counter[tuple[str, frozenset[str], tuple[str, ...]]]:
        """Lifelike: the learners' own languages (`own_languages_lifelike`) whose words the
        essay keeps as written ("min yeay", "Akwaaba", "loku amma", "min mãe"), each with its
        countries and name groups, counted by the words said: they tie the writer's country
        abroad to those countries (`keep_countries`, `_cued`) and the family's names to those
        groups and that language (`_groups_said`, `_family_language`)."""
        if self.languages_said is None:
            text = getattr(self.before, "text", "")
            # (never a country its genitive -s spells: "Laos" is no Lao word)
            found = [(language, isos, groups, [m.span() for m in said.finditer(text)
                                               if not self.lex.get(fold(m.group())).country])
                     for language, said, isos, groups in words().own_languages]
            self.languages_said = Counter({(language, isos, groups): len(spans)
                                           for language, isos, groups, spans in found if spans})
            self.own_words = sorted(span for *_, spans in found for span in spans)
        return self.languages_said

    def _own_word(self, span: Span) -> bool:
        """Lifelike: the mention lies inside a word of the writer's own language the essay
        keeps (`own_languages_lifelike`) written in lower case, or first in its sentence and
        followed by "!" or "," ("Akwaaba!", "min maame", "min bong srey", "om barnen glömmer
        kirundi"): a word the detectors took for a name or a place, kept as written. Another
        capitalised one ("min vän Maame", "Eje är min vän") may be a person's name, and is
        replaced."""
        self._languages_said()
        text = getattr(self.before, "text", "")
        at = bisect.bisect_right(self.own_words, (span.start, len(text) + 1))
        if not at or self.own_words[at - 1][1] < span.end:
            return False
        start, end = self.own_words[at - 1]
        head = text[:start].rstrip(" \t\"'(«-")
        # capitalised, only a greeting or a word said to someone, first in its sentence and
        # followed by "!" or "," ("Akwaaba!", "Olá, jag heter ..."; never "Eje är min vän")
        return text[start].islower() or (not head or head[-1] in ".!?:\n") and \
            text[end:].lstrip(" \t")[:1] in ("!", ",")

    def _minority(self, group: str) -> bool:
        """A group whose names are at home only where another group's are first (Tibetan,
        Uyghur, Kurdish: `_group_at_home` is never it): lifelike, its names stay its own in
        the surrogate country, as a people's names do outside a state of its own (a Tibetan
        family whose India became Taiwan is never given Chinese names)."""
        return all(self._group_at_home(iso) != group for iso in self.geo.homelands[group])

    def _gender_in_text(self, original: str, gender: str) -> str:
        """The sex the essay's pronouns give a person ("Billie ... Hon pratar", "Kim ... hans
        mamma"): the first personal pronoun after each of its mentions in the next
        GENDER_WINDOW characters, unless another person's first name or a person word
        (`female_nouns`, `male_nouns`: "och vår dotter. Hon") comes first; the label's sex when
        the pronouns are silent or split evenly. A name of the other sex needs two such
        pronouns, or one deciding pronoun (`pronouns_deciding`: "hon") first after a mention and
        more than of its own sex. A person word right before the name ("min man Johan")
        decides alone."""
        text, start = getattr(self.before, "text", ""), self.span.start if self.span else 0
        votes: Counter[str] = Counter()
        window = text[start:start + GENDER_WINDOW]
        before = self.before.get(start, ()) if self.span else ()
        # the noun just before the name: "min dotter Kim", "dottern heter Kim", "en liten pojke
        # som heter Charlie" (never a noun of another phrase: "Arams mamma kom. Matías")
        nouns = list(before[-1:]) + (list(before[-2:-1]) if list(before[-1:]) == ["heter"]
                                     else []) + (list(before[-3:-2]) if list(before[-2:]) == [
                                         "som", "heter"] else [])
        for word in nouns:
            for sex, nouns in (("female", words().female_nouns), ("male", words().male_nouns)):
                votes[sex] += 2 * (word in nouns)
        if (votes["female"] > 0) != (votes["male"] > 0):
            # "min man Johan", "Gun-Britts man Lennart": the noun names the sex, whatever
            # pronoun follows (one of the wife's: "Lennart dog förra året. Hon är 76")
            return max(("female", "male"), key=lambda g: votes[g])
        decided = self._pronouns_after(original, text, start, window, votes)
        if " ".join(before[-2:]) in words().writer_name:
            # "Jag heter Minh ... med min fru Mai": the writer's spouse tells the writer's sex
            low = window.lower()
            for sex, phrases in (("male", words().writer_male), ("female", words().writer_female)):
                votes[sex] += sum(rx.search(r"(?<!\p{L})" + regex.escape(p) + r"(?!\p{L})",
                                               low) is not None for p in phrases)
        other = {"female": "male", "male": "female"}.get(gender)
        if other:  # a woman's name read as a man's needs the pronouns to agree, twice
            return other if (votes[other] >= 2 and not votes[gender]) or (
                decided == other and votes[other] > votes[gender]) else gender
        if votes["female"] != votes["male"]:
            return max(("female", "male"), key=lambda g: votes[g])
        return gender

    def _pronouns_after(self, original: str, text: str, start: int, window: str,
                        votes: Counter[str]) -> str:
        """`_gender_in_text`: counts in `votes` the first two pronouns after each mention of
        the name in `window` (the text from `start`) before another person's name or a
        person word; the sex of a deciding pronoun first after a mention ("Sami ... Hon
        bor"), "" when none."""
        female, male = words().pronouns_female, words().pronouns_male
        key = fold(original)
        persons = words().female_nouns | words().male_nouns
        deciding, near = words().pronouns_deciding, words().pronoun_decides_words
        decided = ""  # the sex of a deciding pronoun first after a mention ("Sami ... Hon bor")
        for found in rx.finditer(r"(?<!\p{L})" + regex.escape(original) + r"(?!\p{L})",
                                    window):
            counted = 0
            for n, word in enumerate(
                    rx.findall(r"\p{L}+", window[found.end():found.end() + 160])[:20]):
                low = word.lower()
                # "hans" is a pronoun, "Hans" a name; the first two pronouns after a mention
                if low in female or (low in male and (low != "hans" or word == low)):
                    votes["female" if low in female else "male"] += 1
                    if not counted and n < near and low in deciding and \
                            not self._name_shortly_before(text, start + found.start(), key):
                        decided = decided or ("female" if low in female else "male")
                    counted += 1
                    if counted == 2:
                        break
                    continue
                if fold(word) != key and (fold(word) in self.avoid_folds and self.lex.get(
                        fold(word)).gender or low in persons):
                    # another person's name or a person word ("Johan och vår dotter. Hon är
                    # fyra"): the pronoun may be theirs
                    break
        return decided

    def _name_shortly_before(self, text: str, at: int, key: str) -> bool:
        """Another person's given name earlier in the sentence of a mention ("Amal och Omar kom.
        Hon ..."): a pronoun after the mention may be theirs, so it decides nothing."""
        sentence = rx.split(r"[.!?\n]", text[max(0, at - 160):at])[-1]
        return any(fold(w) != key and fold(w) in self.avoid_folds and self.lex.get(fold(w)).gender
                   for w in rx.findall(r"\p{Lu}\p{L}+", sentence))

    def _spelt_as_written(self, name: str) -> str:
        """Lifelike: a surrogate of a group a learner may spell the Swedish way (East Slavic:
        `swedish_spelling_lifelike`) spelt so where the essay's own names of the group are
        ("Tetjana ... Serhij": Julija, Andrij, Sjevtjenko; never Yuliia, Andrii, Shevchenko),
        unless the Swedish spelling is an original of the essay."""
        groups, swedish, english, pattern, spellings = words().swedish_spelt
        if pattern is None or groups.isdisjoint(self._lists(fold(name))):
            return name
        if self.swedish_spelling is None:
            # the essay's names of the group, and names no list holds in an essay naming a
            # homeland of the group ("Serhij" beside Charkiv)
            home = {iso for group in sorted(groups) for iso in self.geo.homelands.get(group, ())}
            unlisted = not self._named_countries.isdisjoint(home)
            ours = [o for o in sorted(self.avoid_folds)
                    if not groups.isdisjoint(self._lists(o))
                    or unlisted and not self._lists(o) and swedish.search(o)]
            self.swedish_spelling = sum(bool(swedish.search(o)) for o in ours) > sum(
                bool(english.search(o)) for o in ours)
        if not self.swedish_spelling:
            return name
        spelt = pattern.sub(lambda m: spellings[m.group(0)], name.lower())
        spelt = spelt[:1].upper() + spelt[1:] if name[:1].isupper() else spelt
        return name if self._original(spelt) else spelt

    def _listed_short(self) -> dict[str, tuple[str, ...]]:
        """The short forms surrogates.toml lists, with the lifelike table's for lifelike."""
        w = words()
        return w.short_forms_lifelike if self.effective == "lifelike" else w.short_forms

    def _shortens(self, short: str, full: str) -> bool:
        """`short` (a fold) is a short form of `full` (a fold): its beginning (Magda, Mo) or
        one that surrogates.toml lists (Lisa for Elisabeth)."""
        return short != full and ((full.startswith(short) and len(full) > len(short) + 1
                                   and len(short) >= 2)
                                  or short in map(fold, self._listed_short().get(full, ())))

    def _short_originals(self) -> frozenset[str]:
        """Lifelike: the folds of the essay's originals that are a short form of another
        original (Sasha of Aleksandr, Abdi of Abdirahman: `_shortens`), so the nickname is
        rendered after its full name wherever it stands; linear in the originals' length."""
        if self.short_originals is None:
            folds = self.avoid_folds
            full = [o for o in folds if len(o) <= LONGEST_NAME and self.lex.get(o).gender]
            begun = {o[:n] for o in full for n in range(2, len(o) - 1)}
            listed = {fold(short) for o in full
                      for short in words().short_forms_lifelike.get(o, ())}
            self.short_originals = frozenset(folds & (begun | listed))
        return self.short_originals

    def _short_forms(self, full: str, gender: str) -> list[str]:
        """The short forms of a surrogate full name: the listed ones (Mohamed: Mo), then its
        beginnings that are first names of its sex and of one of its origin groups (Alexandra:
        Alex; never Kaj of Kajsa, never the Somali Anab of Anabel)."""
        fits = (gender, "unknown") if gender != "unknown" else ("female", "male", "unknown")
        groups = set(self._lists(fold(full)))
        named = [full[:n] for n in range(len(full) - 2, 2, -1)
                 if self.lex.get(fold(full[:n])).gender in fits and not (
                     self.effective == "lifelike" and _wordlike(self.lex, full[:n])) and (
                     not groups or not groups.isdisjoint(self._lists(
                         fold(full[:n]))))]
        return list(self._listed_short().get(fold(full), ())) + named

    def _nickname(self, original: str, gender: str, called: bool = False) -> str | None:
        """A short form of another name of the essay ("Magdalena ... alla säger Magda", "Mo"
        for Mohamed) is a short form of that name's surrogate; None when it is no short form
        or the surrogate has none (never an odd stump: Libaan -> Lib). A nickname the essay
        gives (`called`: "alla kallar mig Mo") is never the full surrogate itself ("Jag heter
        Muhammad men alla kallar mig Muhammad")."""
        key = fold(original)
        full = next((self.name_map[o] for o in sorted(self.name_map)
                     if self._shortens(key, o)), None)
        if full is None:
            return None
        # lifelike: else, for a stump no name list holds, the full surrogate ("kramar från
        # zey" under Zeynep's letter signs with Aynur, never a man's name drawn afresh; Ali
        # beside Alice is a name of its own)
        return next((p for p in self._short_forms(full, gender) if self._free(p)),
                    full if self.effective == "lifelike" and not self.lex.get(key).gender
                    and not called else None)

    def _nickname_of_last(self, gender: str, own: bool = False, nickname: str = "",
                          at: int = -1) -> str | None:
        """A nickname the essay gives ("alla kallar mig Lily" after "Jag heter Hoa"): a short
        form of the surrogate of the first name written last before it (at `at`; a nickname
        is rendered after the essay's full names, so never one of the children named later:
        "Jag heter Abdirahman men alla säger Abdi ... barn: Sagal"), (`own`, lifelike: of the
        writer's name, "kallar mig"), else, lifelike, one cut as the `nickname` is cut from its name
        (`_cut_like`), else a name of its origin group and sex, so a Vietnamese woman is
        never nicknamed Natalya."""
        writer = self.base.get(LEARNER_WRITER, "")
        full = self.name_map.get(writer) if own and writer else None
        if not full and not self.first_names:
            return None
        full = full or max(((start, base) for start, base in self.first_names if start < at),
                           default=self.first_names[-1])[1]
        sex = self.lex.get(fold(full)).gender
        sex = sex if sex in ("female", "male") else gender
        short = next((p for p in self._short_forms(full, sex) if self._free(p)), None)
        if short:
            return short
        cut = self._cut_like(nickname, full) if self.effective == "lifelike" else None
        if cut:
            return cut
        rng = Draws(self.seed, self.scope, "nickname", fold(full))
        groups = self._lists(fold(full))
        # lifelike: a short nickname ("alla säger Nok") is a short name of the group (never
        # "alla säger Nattaya"): those no longer than it or NICKNAME_SHORT letters, where any
        most = max(NICKNAME_SHORT, len(nickname)) if self.effective == "lifelike" and \
            0 < len(nickname) <= NICKNAME_SHORT else 0
        return next(filter(None, (self._draw(self._short_names(self._of_language(
            self._name_pool(f"first_{sex}:{g}"), g), most), rng) for g in groups)), None)

    @staticmethod
    def _short_names(pool: list[str], most: int) -> list[str]:
        """The names of `pool` of at most `most` letters where it has any (0: all of it)."""
        return [p for p in pool if len(p) <= most] or pool if most else pool

    def _cut_like(self, nickname: str, full: str) -> str | None:
        """Lifelike: a nickname made of its name's first letters and a short ending ("Sirwan
        ... alla säger Siro", "Yasaman ... Yasi", "Abdirahman ... Abdi") is made so from the
        surrogate `full` (Hozan: Hozo, Kajal: Kaji), where no short form is listed; None
        where the nickname is no such cut of the original of `full`, or the cut is a word,
        an original or in use."""
        named = sorted(o for o, s in self.name_map.items() if s == full)
        key = fold(nickname)
        end = _last_syllable(fold(full))
        if any(_ending_nickname(key, o) for o in named) and len(end) >= MIN_END_NICK and \
                len(end) < len(full) - 1:
            # "Siriwan ... Wan": the surrogate's last syllable (Orathai: Thai)
            cut = full[len(full) - len(end):].capitalize()
            if self._free(cut) and not _wordlike(self.lex, cut) and not self._original(cut):
                return cut
        for original in named:
            stem = next((n for n in range(min(len(original), len(key)), 1, -1)
                         if key[:n] == original[:n]), 0)
            tail = nickname[stem:]
            if stem < 2 or len(tail) > MAX_NICK_TAIL or stem >= len(original) - 1 and not tail:
                continue
            # the surrogate's stem ends as the original's does, in a vowel or a consonant, and
            # holds a vowel (Araz: Aro, never "Arao"; Shno: none, never "Shnoom")
            vowel = original[stem - 1] in VOWELS
            # a pet form doubling the stem's last consonant ("Efua ... vi säger Effie") doubles
            # the surrogate's (Konadu: Konnie, never "Konfie")
            double = not vowel and fold(tail[:1]) == key[stem - 1] and len(tail) > 1
            for n in (stem, stem - 1, stem + 1):
                cut = full[:n] + (full[n - 1] + tail[1:] if double else tail)
                if not 1 < n < len(full) or (fold(full[n - 1]) in VOWELS) != vowel or not any(
                        fold(c) in VOWELS for c in full[:n]) or fold(cut) == fold(full):
                    continue
                if len(cut) > 2 and self._free(cut) and not _wordlike(self.lex, cut) and \
                        self.lex.get(fold(cut)).zipf < words().word_zipf:
                    return cut
        return None

    def _with_short_form(self, pool: list[str], key: str, gender: str,
                         nicknamed: bool = False) -> list[str]:
        """A full name whose short form the essay also writes ("Mohamed ... Mo"), or that a
        nickname follows (`nicknamed`: "Sofia ... alla kallar henne Sonja"), is drawn among
        names that have a short form, so the nickname's surrogate is one of the name's own."""
        if nicknamed:
            # a listed short form the essay writes itself ("Mo" for Mohammed) is no surrogate
            # nickname: the name needs another (Mustafa: Musse)
            listed = self._listed_short()
            return [p for p in pool if any(not self._original(short)
                                           for short in listed.get(fold(p), ()))] or \
                self._cuttable(pool, key) or pool
        table = self._listed_short()
        if self.effective == "lifelike" and key in table:
            # a name with a listed short form (Olga: Olya) takes one that has one too, also
            # where this essay writes none: a later essay of the learner may ("Hej Olya!"),
            # never the original's own (Tatiana for Tatyana: Tanya is no surrogate)
            own = {fold(short) for short in table[key]}
            have = [p for p in pool if any(not self._original(short) and fold(short) not in own
                                           for short in table.get(fold(p), ()))]
            if have:
                return have
        listed = map(fold, table.get(key, ()))
        if len(key) > LONGEST_NAME or not (
                any(key[:n] in self.avoid_folds for n in range(2, len(key) - 1))
                or any(short in self.avoid_folds for short in listed)):
            return pool  # linear in the name: no scan of the essay's originals
        return [p for p in pool if any(not self._original(short)
                                       for short in self._short_forms(p, gender))] or pool

    def _cuttable(self, pool: list[str], key: str) -> list[str]:
        """Lifelike: names of `pool` its nickname can be cut from as the essay's nickname is cut
        from `key` (`_cut_like`): the stem of the same length holds a vowel and ends in a vowel
        or a consonant as the original's, and never begins with the nickname itself
        ("Abdirahman ... Abdi" never Abdikadir, whose "Abdi" is an original; "Sirwan ... Siro"
        never Shwan). Empty where the essay writes no such nickname; linear in the originals."""
        stems = []
        for nick in sorted(self.avoid_folds):
            stem = next((n for n in range(min(len(nick), len(key)), 1, -1)
                         if nick[:n] == key[:n]), 0)
            if nick != key and len(nick) < len(key) and 2 <= stem and \
                    len(nick) - stem <= MAX_NICK_TAIL:
                stems.append((nick, stem, key[stem - 1] in VOWELS))
        if not stems:
            # "Siriwan ... kallar mig Wan": names with a last syllable of their own (Orathai)
            ends = [n for n in sorted(self.avoid_folds) if _ending_nickname(n, key)]
            return [p for p in pool if len(end := _last_syllable(fold(p))) >= MIN_END_NICK and
                    len(end) < len(fold(p)) - 1 and not self._original(end)] if ends else []
        return [p for p in pool if all(
            len(fp := fold(p)) > stem + 1 and not fp.startswith(nick[:stem])
            and (fp[stem - 1] in VOWELS) == vowel and any(c in VOWELS for c in fp[:stem])
            for nick, stem, vowel in stems)]

    def _nicknamed_after(self, span: Span) -> bool:
        """A word of `nickname_words` follows the name closely ("Min dotter Sofia går i skolan.
        Alla kallar henne Sonja"): its nickname will be a short form of its surrogate."""
        text = getattr(self.before, "text", "")
        raw = text[span.end:span.end + NICKNAME_AFTER]
        said = rx.findall(r"\p{L}+", fold(raw))
        at = next((i for i, w in enumerate(said) if w in words().nickname_words), None)
        if at is not None and self.effective == "lifelike" and \
                said[at + 1:at + 2] and said[at + 1] in words().nickname_own:
            # "min man heter Jun-Jun. Alla kallar mig Celing": the writer's nickname, never
            # one of the husband's name
            return fold(text[span.start:span.end]) == self.base.get(LEARNER_WRITER)
        return at is not None or bool(words().nickname_said_ahead.search(raw))

    def _said_nickname(self, span: Span) -> bool:
        """Lifelike: the name is given with a verb of saying and ends its clause ("alla säger
        Siro.", "vi säger Yasi,"): a nickname, as after "kallar"."""
        text = getattr(self.before, "text", "")
        return bool(words().nickname_said.search(text[max(0, span.start - 60):span.start])) \
            and bool(rx.match(r"\s*(?:[.,!;:)]|$)|\s+(?i:och|men|eller)\b",
                                 text[span.end:span.end + 8]))

    def _pun_key(self, original: str) -> str:
        """The key of the name a mention is (`pun_spans`): a lower-case word standing for it
        ("floden" for Flod) carries the name's."""
        span = self.span
        return span.key if span is not None and span.rule.startswith("pun:") and span.key \
            else fold(original)

    def _no_word(self, pool: list[str], original: str) -> list[str]:
        """Lifelike: no name that is also a common Swedish word ("Sten", "Gul", "Sol": a pun a
        reader notices), unless the original is one: the lexicon's common-word homographs and
        names rarer as names (`word_name_rank`) than frequent as words (`word_zipf`). Each
        pool is filtered once per lexicon (`_PLAIN_POOLS`)."""
        article = self.puns.get(self._pun_key(original))
        if isinstance(article, tuple):
            # "Dan Flod ... fiskar i floden": a name that is a word of the same field (Ström),
            # or a plain name where the field has none (the word stays)
            named = [p for p in article if fold(p) != fold(original) and p.lower() not in self.used]
            if named:
                return named
            article = ""
        elif article:
            # "Jag heter Sten, som en sten": a name that is such a word too, the explanation
            # follows it ("Björn, som en björn")
            listed = [n for n in words().pun_names[article] if fold(n) != fold(original)]
            nouns = {fold(n) for n in listed}
            # the pool's such names where it has a choice of them, else the listed ones (never
            # a plain name: "hon var verkligen modig" after "Ylva Modig" is never "verkligen
            # åkesson")
            pooled = [p for p in pool if fold(p) in nouns]
            return pooled if len(pooled) > 1 else listed
        if _wordlike(self.lex, original) and article is None:
            return pool
        key = (id(self.lex), id(pool))
        cached = _PLAIN_POOLS.get(key)
        if cached is None or cached[0] is not pool:
            cached = _PLAIN_POOLS[key] = (pool, [p for p in pool
                                                 if not _wordlike(self.lex, p)] or pool)
        return cached[1]

    def _of_language(self, pool: list[str], group: str) -> list[str]:
        """Lifelike: the names of `pool` (of origin group `group`) in the essay's language of
        the group or shared by its languages (`name_languages_lifelike`): a Tigrinya family
        never takes an Oromo surname."""
        languages = words().name_languages.get(group)
        if self.effective != "lifelike" or not languages:
            return pool
        language = self._family_language(group)
        # a minority's families take its listed names only (Assyrians: never Khaled)
        shared = "" if language in words().minority_languages else language
        return [p for p in pool if languages.get(fold(p), shared) == language] or pool

    def _family_language(self, group: str) -> str:
        """Lifelike: the language of origin group `group` the essay's names keep to: the one
        the essay names ("vi pratar tigrinja"), else the one most of its original names of the
        group are listed under, else the one whose homes alone hold the essay's surrogate
        countries (a Polish family moved to Russia: Russian names), else the countries the
        essay names (Ukraina or Charkiv: Ukrainian names, never Vadim), else one drawn."""
        language = self.name_language.get(group)
        if language is None:
            languages = words().name_languages[group]
            said = words().language_words.get(group, {})
            named = sorted({said[w] for w in rx.findall(r"\p{L}+", fold(getattr(
                self.before, "text", ""))) if w in said})
            # the own language the essay's words are most of ("loku amma": Sinhala names)
            own = Counter({lang: n for (lang, _, groups), n in self._languages_said().items()
                           if group in groups and lang in languages.values()})
            # in a fixed order: a tie goes to the first language by name
            homes = words().language_homes.get(group, {})
            moved = {to for home, to in self.countries.items() if to != home}
            placed = next((found for countries in (moved, self._named_countries)
                           if len(found := [lang for lang in sorted(homes)
                                            if not countries.isdisjoint(homes[lang])]) == 1), [])
            minority = words().minority_languages
            # a group with a minority language: its other names vote for the majority ("")
            votes = Counter(named) or own or Counter(
                languages.get(f, "") for f in sorted(self.avoid_folds)
                if f in languages or (not minority.isdisjoint(languages.values())
                                      and group in self._lists(f))) or \
                Counter(placed)
            drawn = sorted(set(languages.values()) - minority) or [""]
            # (round 46) a drawn language at home in the surrogate country where one is (a
            # Ghanaian family moved to Ivory Coast: Baoulé or northern names, never Ewe ones)
            drawn = [lang for lang in drawn if not moved.isdisjoint(homes.get(lang, ()))] \
                or drawn
            language = self.name_language[group] = min(votes, key=lambda g: (-votes[g], g)) \
                if votes else Draws(self.seed, self.scope, "language", group).choice(drawn)
        return language

    def _no_place(self, pool: list[str]) -> list[str]:
        """Surnames that are no place a reader knows: no Swedish place (Lund, Berg) and no town
        abroad of SURNAME_PLACE_MAX people or more (Valencia): "hos Lund" must not read as a town."""
        lex = self.lex
        return [p for p in pool if not (lex.get(fold(p)).se_pop or "district" in lex.get(
            fold(p)).cats or lex.get(fold(p)).place_pop >= SURNAME_PLACE_MAX)]

    def _namesake_abroad(self, span: Span, original: str, there: str) -> str:
        """Lifelike: the country of a feature no table knows that is named like a town of
        `there`, a country the essay never names ("Jag kommer från Liberia ... floden Saint
        Paul", Saint Paul in the USA): the country its sentence or the essay places it in
        (never the Mississippi); "" otherwise."""
        if self.effective != "lifelike" or span.label != "geo" or there in ("", "SE") or \
                fold(original) in self.geo.feature_folds or there in self.countries:
            return ""
        told = sorted(self._countries_told(span) - {"SE"})
        return told[0] if told and there not in told else ""

    def _choose(self, span: Span, draw: int, original: str, attrs: frozenset[str]) -> str:
        label, lex = span.label, self.lex
        rng = Draws(self.seed, self.scope, label, draw)
        kind = LABELS[label].kind
        if kind == "name":
            return self._choose_name(span, draw, original, rng)
        town = self.region_of_town.get(span.start)
        surrogate_town = town and (self.written_places.get(town) or self.place_map.get(town))
        region = self._region_name(surrogate_town) if surrogate_town else ""
        if region and not self._original(region):
            return region  # "Shiraz i Fars" -> "Mazar i Balkh", never another town
        other = self._alias_of(span) if label == "country" or label in PLACE_LIKE else None
        if other:
            return other  # "Halab, på svenska heter det Aleppo": one surrogate place
        other = self._business_named(original) if label in PLACE_LIKE else None
        if other:
            return other  # "restaurang Hanoi ... maten på Hanoi": the restaurant, not a town
        kind_ = self._place_kind(span, original) if label in PLACE_LIKE else None
        other = kind_ and self._of_kind(kind_, original, kind_word(original, lex), rng,
                                        self._near(span, original))
        if other:
            return other  # "kalas på Parken Zoo": a zoo, never a street
        if label == "country" and self._water_named(span.start, span.end):
            # "Niger rinner genom Bamako": the river, one of the essay's surrogate country
            return self._place(Span(span.start, span.end, "geo", span.attrs, span.score,
                                    span.rule, span.key), original, rng)
        if label == "country":
            return self._country(span, original, rng)
        if label in PLACE_LIKE and self._town_landmark(original):
            # "Lunds domkyrka", "Kalmar slott" read as a place: the surrogate town's own,
            # never a street ("Tallvägen är mycket gammal")
            return self._institution(span, original, rng)
        if label in PLACE_LIKE:
            return self._place(span, original, rng)
        bare = self._school_abroad(span, original) if kind == "institution" else ""
        if bare:
            return bare  # "på Fudan i Shanghaj" -> "på universitetet i Guangzhou"
        if kind == "institution":
            return self._institution(span, original, rng)
        if label == "extra" and self.effective != "lifelike":
            return self._placeholder(label, draw, attrs, original)
        return self._number(label, original, draw, rng)

    def _choose_name(self, span: Span, draw: int, original: str, rng: Draws) -> str:
        """A person's name: the one settled for it (`_name_settled`), else its initial, a
        place it really is, a nickname or a name drawn of its sex and origin."""
        pick = self._name_settled(span, original, rng)
        if pick:
            return pick
        lifelike = self.effective == "lifelike"
        label, written = span.label, original.rstrip(".")
        if lifelike and label == "middlename" and len(written) > 1:
            # "Dilan Omer Aziz", "Matías Ignacio Rojas Fuentes": a name in full, not "A"
            entry = self.lex.get(fold(written))
            label = ("surname" if entry.surname_rank and not entry.gender else
                     f"firstname_{entry.gender}" if entry.gender in ("female", "male")
                     else "firstname_male")
        elif label in ("middlename", "initials"):
            return self._initial(original, span)
        pick = self._name_as_place(span, original, rng) if lifelike else None
        if pick:
            return pick
        pick = self._family_first_name(span, label, original, rng) if lifelike else None
        if pick:
            return pick
        return self._drawn_name(span, label, draw, original, rng)

    def _family_first_name(self, span: Span, label: str, original: str,
                           rng: Draws) -> str | None:
        """Lifelike: an East Asian name written family name first ("Kim Seo-yeon", "Nguyen
        Thi Lan") that the detectors read in Swedish order keeps its order: the family name
        (read as a given name) takes a family name of its group, the given name after it (read
        as a surname) a given name of the group, of its sex and pattern; None otherwise."""
        first = words().family_first
        key = fold(original)
        before = self.before.get(span.start, ())
        if label.startswith("firstname_") and key in first:
            after = rx.match(r"\s+(\p{L}+(?:-\p{L}+)*)",
                                getattr(self.before, "text", "")[span.end:span.end + 40])
            if not after or not self._given_of(fold(after.group(1)), first[key]):
                return None
            slot, sex = "surname", ""
        elif label == "surname" and before and before[-1] in first:
            sex = self._given_of(key, first[before[-1]]) or (
                self.lex.get(key).gender if "-" in original else None) or ""
            if sex not in ("female", "male"):
                return None
            slot = f"first_{sex}"
        else:
            return None
        # drawn from the group the essay's names are drawn from (a Korean family's Japanese
        # surrogate names where Korea became Japan), in the original's order
        origin = self._origin(original, span.key or key, before)
        pool = self._name_pool(f"{slot}:{origin}")
        pool = _of_pattern(pool, original) if sex else pool
        return self._draw([p for p in pool if self._free(p) and fold(p) != key], rng)

    def _given_of(self, key: str, group: str) -> str | None:
        """The sex of a given name (a fold) of the group's lists: "female", "male"; None when
        the group lists no such given name."""
        return next((sex for sex in ("female", "male") if key in {
            fold(n) for n in self._name_pool(f"first_{sex}:{group}")}), None)

    def _name_settled(self, span: Span, original: str, rng: Draws) -> str | None:
        """The surrogate a name already has: a landlord's kind read as a name, the name's
        surrogate in this essay (also her or his form of one family name), a patronymic of
        the father's surrogate; None where none."""
        label = span.label
        member = member_kind(original, True) if self._strategy_of(span) == "lifelike" \
            else None
        pick = member and self._kind_said(span) is member and self._of_kind(
            member, original, "", rng)
        if pick:
            return pick  # "hyresvärden Willhem" read as a name: a landlord, never Johan
        known = self.name_map.get(span.key or fold(original)) or self.name_map.get(
            fold(original))
        lifelike = self.effective == "lifelike"
        written = original.rstrip(".")
        if lifelike and label == "surname" and not known:
            # "Anna Kowalska ... Piotr Kowalski": one family name in her and his forms
            key = fold(original)
            known = next((surname_form(self.name_map[other], original) for female, male
                          in SURNAME_FORMS for end, to in ((female, male), (male, female))
                          if key.endswith(end) and (other := key[:len(key) - len(end)] + to)
                          in self.name_map), None) or self._family_form(key)
        if known and label != "initials" and (label != "middlename" or (
                lifelike and len(written) > 1)):
            # Aziz read as a surname in one essay, a first name in the next; lifelike: the
            # father's name as his son's middle name ("Aden Abdirahman Warsame") too
            return known
        return self._patronymic(label, written, rng) if lifelike else None

    def _patronymic(self, label: str, written: str, rng: Draws) -> str | None:
        """Lifelike: "tatjana Ivanovna" -> "Petrovna", a father's name (never "Dmitri");
        "Nurlanqyzy ... Nurlan": the father's surrogate's; None for no patronymic."""
        ending = next((row for row in words().patronymics if fold(written).endswith(
            row[0]) and len(written) > len(row[0]) + 2 and (label in (
                "middlename", "surname") or row[0] in words().patronymic_stems)), None)
        # ("Yerlanuly", read as a given name, is one too)
        father = ending and written[:len(written) - len(ending[0])]
        pick = ending and (
            # the father's surrogate where the essay names him ("Nurlanqyzy ... Nurlan")
            ending[0] in words().patronymic_stems and self.name_map.get(fold(father))
            and self.name_map[fold(father)] + ending[0]
            or self._draw([n for n in ending[1] if self._free(n)], rng))
        if pick and ending[0] in words().patronymic_stems and fold(father) in self.avoid_folds:
            # "Nurlanqyzy ... dotter till Nurlan": the father is the patronymic's stem
            self.name_map.setdefault(fold(father), pick[:len(pick) - len(ending[0])])
        return pick or None

    def _family_form(self, key: str) -> str | None:
        """Lifelike: the surrogate of the essay's other form of one family name by a group's
        woman's-form pairs ("Jana Nováková ... Petr Novák", "Rūta Kazlauskienė ... Jonas
        Kazlauskas": her surrogate's family, in his form later); None where none."""
        for forms in words().surname_female_forms.values():
            for male, female in forms:
                for end, to in ((fold(female), fold(male)), (fold(male), fold(female))):
                    other = key[:len(key) - len(end)] + to if key.endswith(end) else key
                    if other != key and other in self.name_map:
                        return self.name_map[other]
        return None

    def _initial(self, original: str, span: Span | None = None) -> str:
        """An initial or a middle initial: lifelike, the initial of the surrogate of the
        essay's or learner's name it stands for ("Dilan O. Aziz" after "Dilan Omer Aziz");
        else "A" per the taxonomy, or the next letter that is no original of the essay."""
        lifelike = self.effective == "lifelike"
        letter_ = original[:1].upper()
        writer = self.base.get(LEARNER_WRITER, "")
        # the name the essay writes beside the initial's neighbour ("Karin Lindqvist ...
        # Karin L."), then the writer's own name: "M. Sultani" under a letter by Maryam (never
        # the initial of her son Mahdi's surrogate); then a name this essay writes
        # ("Luz Marina ... L. M. Cárdenas": Marina, not the Maria of an earlier essay)
        said = self._said() if lifelike else frozenset()
        partner = self._initial_partner(span, letter_) if lifelike and span else None
        named = sorted((k for k in self.name_map if k[:1].upper() == letter_
                        and len(k) > 1), key=lambda k: (k != partner, k != writer,
                                                        k not in said, k)) \
            if lifelike else []
        initial = (self.name_map[named[0]][:1].upper() if named else
                   next(c for c in INITIALS if c != letter_ and self._free(c)))
        return initial + "." if original.endswith(".") else initial

    def _initial_partner(self, span: Span, letter_: str) -> str | None:
        """Lifelike: the fold of the name an initial stands for, read from its neighbour: the
        essay writes the word before it followed by a name of its letter ("Mala Subramaniam
        ... Mala S.": Subramaniam, never the Sanjay of the same letter), or that name
        followed by the word after it ("Karin Lindqvist ... K. Lindqvist"); None otherwise."""
        text = getattr(self.before, "text", "")
        before = rx.search(r"(\p{L}[\p{L}-]+)[ \t]+$", text[max(0, span.start - 40):span.start])
        after = rx.match(r"\.?[ \t]+(\p{L}[\p{L}-]+)", text[span.end:span.end + 40])
        letter = regex.escape(letter_)
        for pattern in ((rf"(?<![\p{{L}}-]){regex.escape(before.group(1))}\s+((?i:{letter})\p{{L}}+)"
                         if before else ""),
                        (rf"(?<![\p{{L}}-])((?i:{letter})\p{{L}}+)\s+{regex.escape(after.group(1))}"
                         r"(?![\p{L}-])" if after else "")):
            found = pattern and next((fold(m.group(1)) for m in rx.finditer(pattern, text)
                                      if fold(m.group(1)) in self.name_map), None)
            if found:
                return found
        return None

    def _place_echo(self, span: Span, original: str) -> str | None:
        """Lifelike: a name said to be a place's ("heter Jorge Cotacachi, som vulkanen", "hette
        Tara, precis som floden"): that place's surrogate, so the echo still reads (before: the
        volcano Nevado del Ruiz and "Amador Escobar, som vulkanen"); None otherwise."""
        said = PLACE_ECHO.match(getattr(self.before, "text", ""), span.end)
        if not said or fold(said.group(1)) not in words().echo_kinds:
            return None
        known = self.place_map.get(fold(original))
        if not known or self._original(known) or " " in known.strip():
            return None  # (never "Amador Pico Bolívar": a place of two words is no name)
        return known.lower() if original.islower() else known

    def _person_genitive_read(self, span: Span, original: str) -> bool:
        """Lifelike (round 52): a place-labelled word that is the genitive of a word the essay
        labels only as a person's name ("Min kollega Robin ... vi åker i robins Volvo"), that
        no gazetteer holds as a place: the person's, rendered after the name."""
        key = fold(original)
        return LABELS[span.label].kind == "place" and " " not in key and len(key) > 3 and \
            key.endswith("s") and key[:-1] in self.name_words and key not in self.name_words \
            and not self.lex.get(key).place_kind

    def _person_genitive(self, span: Span, original: str) -> str | None:
        """Lifelike (round 52): the genitive of the person's surrogate for a word read as a
        place that is a person's genitive (`_person_genitive_read`): "robins Volvo" was
        "hamrånges Volvo" beside the colleague's surrogate Kim; now "kims"."""
        if not self._person_genitive_read(span, original):
            return None
        known = self.name_map.get(fold(original)[:-1])
        if not known or self._original(known):
            return None
        out = genitive(known)
        return out.lower() if original.islower() else out

    def _name_as_place(self, span: Span, original: str, rng: Draws) -> str | None:
        """Lifelike: a sea, a place the essay names twice or a river read as a name is that
        place; None otherwise."""
        sea = self._sea_word(span, original, rng)
        if sea:
            return sea  # "över Egeiska havet", the first word read as a name
        entry = self.lex.get(fold(original))
        other = self._alias_of(span) if entry.place_kind or span.start in self.alias_names \
            else None
        if other:  # "hewlêr, araber säger Erbil", Erbil read as a man's name: the place
            return self._alias_form(span, other)
        if fold(original) in self.geo.feature_folds and not (
                entry.first_rank or entry.surname_rank or entry.gender):
            # "Dnepr flyter genom Kiev" read as a name: a river, never "Pasha flyter"; the
            # surrogate of the same feature named before ("sjön Imbakucha ... tänkte på
            # Imbakucha": one lake)
            known = self.place_map.get(fold(original))
            if known and not self._original(known):
                return known
            return self._place(Span(span.start, span.end, "geo", span.attrs, span.score,
                                    span.rule, span.key), original, rng)
        return None

    def _name_general(self, span: Span, label: str, original: str) -> str:
        """The pool's slot of a name drawn anew: "surname", or "first_" and its sex as the
        lists and the essay's words give it."""
        lifelike = self.effective == "lifelike"
        entry = self.lex.get(fold(original))
        written = original.rstrip(".")
        general = "surname" if label == "surname" else "first_" + label.removeprefix("firstname_")
        listed = words().name_list_sex.get(fold(written)) if lifelike and general.startswith(
            "first_") and not entry.gender else None
        fulls = short_fulls(fold(written)) if lifelike and general == "first_unknown" and \
            not entry.gender and not listed else ()
        sexes = {self.lex.get(full).gender for full in fulls}
        listed = listed or (min(sexes) if len(sexes) == 1 else None)
        if listed in ("female", "male"):
            # "aruzhan" (a girl's name only the Kazakh list holds); "Ibou" (Ibrahima's short
            # form: a boy's)
            general = "first_" + listed
        if lifelike and general.startswith("first_") and span.label != "middlename" and \
                fold(self._next_word(span)) not in words().patronymic_particles:
            # (the father's name in "Aiperi Nurbek kyzy, hon ..." is no woman's)
            general = "first_" + self._gender_in_text(original, general.removeprefix("first_"))
        return general

    def _nickname_drawn(self, span: Span, general: str, original: str) -> str | None:
        """A nickname's surrogate: a short form of another name's surrogate, else one of the
        name named last (`_nickname`, `_nickname_of_last`); None for no nickname."""
        if general == "surname":
            return None
        lifelike = self.effective == "lifelike"
        said = lifelike and self._said_nickname(span)
        called = lifelike and (said or not words().nickname_words.isdisjoint(
            self.before.get(span.start, ())[-3:]))
        nick = self._nickname(original, general.removeprefix("first_"), called)
        if nick:
            return nick
        gender = general.removeprefix("first_")
        near = self.before.get(span.start, ())[-3:]
        return self._nickname_of_last(gender, lifelike and not words().nickname_own.isdisjoint(
            near), original, span.start) if said or not words().nickname_words.isdisjoint(near) else None

    def _neighbour_name(self, general: str, origin: str, plain: Callable[[list[str]], list[str]],
                        rng: Draws) -> str | None:
        """Lifelike: a given name of the nearest group (`name_neighbours`) where the origin's
        own pool is spent (a Maya family's third son: a Spanish name, never Ola or Juhani from
        the general pool); None where none is free."""
        if self.effective != "lifelike" or general == "first_unknown":
            return None
        return next(filter(None, (self._draw(self._of_language(plain(self._name_pool(
            f"{general}:{near}")), near), rng) for near in self.geo.neighbours.get(origin, ()))),
                    None)

    def _drawn_name(self, span: Span, label: str, draw: int, original: str,
                    rng: Draws) -> str:
        """A name drawn anew: of the sex and origin group the essay gives it."""
        lex = self.lex
        lifelike = self.effective == "lifelike"
        general = self._name_general(span, label, original)
        nick = self._nickname_drawn(span, general, original)
        if nick:
            return nick
        origin = self._person_group(span, original) or (
            general == "surname" and self._origin_of_given(span, original)) or (
            general != "surname" and self._origin_of_surname(span, original)) or \
            self._origin(original, span.key, self.before.get(span.start, ()))
        if lifelike and general == "surname" and self._married_name(span, original):
            origin = SWEDISH_ORIGIN
        # a name of unknown gender may take any first name: never an invented place-like word
        others = ["first_female", "first_male"] if general == "first_unknown" else []
        if others and Draws(self.seed, self.scope, label, draw, "sex").below(2):
            others.reverse()  # a name of unknown sex: either sex, not always a woman's
        child = lifelike and general != "surname" and self._child(span)

        def plain(pool: list[str]) -> list[str]:
            if child:  # "min dotter Ella": a name given to children now, never Maj-Britt
                young = words().child_names
                pool = [p for p in pool if fold(p) in young] or pool
            return self._no_word(_of_pattern(pool, original), original) if lifelike else pool

        if general == "surname":
            # lifelike: never an everyday word, even for one (Berg -> Björk reads as a pun)
            surnames = (lambda pool: self._no_word(pool, original if self._pun_key(original) in
                                                   self.puns else "")) if lifelike else plain
            pick = self._draw(self._of_language(surnames(self._no_place(
                self._name_pool(f"surname:{origin}"))), origin), rng) or \
                self._draw(surnames(self._no_place(lex.pools.get("surname", []))), rng)
            return surname_form(pick, original) if pick else self._compound(rng, "")
        gender, key = general.removeprefix("first_"), fold(original)
        nicknamed = lifelike and self._nicknamed_after(span)
        unisex = [n for n in words().unisex_names if fold(n) != key and lex.get(
            fold(n)).first_rank] if lifelike and general == "first_unknown" and \
            origin in words().unisex_origins else []  # (names the lexicon lists)
        return (self._draw(unisex, rng) or self._draw(self._of_language(plain(self._with_short_form(
                    self._name_pool(f"{general}:{origin}"), key, gender, nicknamed)),
                    origin), rng)
                or next(filter(None, (self._draw(self._of_language(plain(
                    self._name_pool(f"{o}:{origin}")), origin), rng) for o in others)), None)
                or self._neighbour_name(general, origin, plain, rng)
                or self._draw(plain(self._with_short_form(lex.pools.get(general, []), key,
                                                          gender, nicknamed)), rng)
                or next(filter(None, (self._draw(lex.pools.get(o, []), rng) for o in others)),
                        None) or self._compound(rng, ""))
