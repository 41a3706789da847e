"""What the essay says about its places: the writer's own town, the kind of each place, waters,
regions and towns abroad, and the order in which mentions are drawn.
"""
from __future__ import annotations

import math
from collections import Counter
from functools import cached_property
from typing import TYPE_CHECKING

import regex

from pseudonymize.coordinates import abroad_km, nearest, section_km
from pseudonymize.labels import LABELS
from pseudonymize.lexicon import fold
from pseudonymize.types import Span
from pseudonymize.surrogates import rx
from pseudonymize.surrogates.common import (LEARNER_WRITER, PLACE_LIKE, REGION_NEAREST,
                                            SENTENCE_REACH, SWEDISH_TOWN_IN_WINDOW, TOWN_OR_NATURE,
                                            TOWN_WORD_ZIPF, WATER_KINDS, _names_town, town_sections)
from pseudonymize.surrogates.words import _near_sentence, _sentence_end, _sentence_start, words
from pseudonymize.surrogates.kinds import (ended_kind, institution_kinds, kind_before, member_kind,
                                           named_kind, worker_kind)
from pseudonymize.surrogates.geography import abroad, geography, regions_abroad
from pseudonymize.surrogates.spans import short_fulls

if TYPE_CHECKING:
    from pseudonymize.surrogates.forms import Draws
    from pseudonymize.surrogates.kinds import Kind
    from pseudonymize.surrogates.geography import Geography
    from pseudonymize.lexicon import Entry


class PlaceReading:
    """Mixin of `Renderer` (`self` is the renderer of one essay)."""

    def _in_bigger_town(self, span: Span) -> bool:
        """Lifelike: a Swedish place written right before "i" and a bigger Swedish town
        ("hemtjänsten i Anderstorp i skellefteå") is a part of that town, whatever else the
        gazetteer calls it: its surrogate is a district of the town's, never a second town."""
        text = getattr(self.before, "text", "")
        found = rx.match(r"\s+i\s+(\p{L}+)", text[span.end:span.end + 40])
        if not found:
            return False
        town, place = self.lex.get(fold(found.group(1))), self.lex.get(span.key or fold(
            text[span.start:span.end]))
        return (town.se_pop >= SWEDISH_TOWN_IN_WINDOW and town.zipf < TOWN_WORD_ZIPF
                and "common_name_homograph" not in town.cats
                and 0 < place.se_pop < town.se_pop and place.place_country in ("", "SE"))

    def _own_town_rendered(self, original: str) -> str | None:
        """Lifelike: the surrogate of a Swedish district's own town where the essay already
        rendered that town, also inside an institution's name ("Jag bor i Borås. Göteborgs
        moské ligger i Hjällbo": Hjällbo lies in Göteborg's surrogate, never in Borås's)."""
        if self.effective != "lifelike":
            return None
        own = next((t for t, names in self.lex.districts_by_town.items() if original in names),
                   None)
        pick = self.place_map.get(fold(own)) if own else None
        return pick if pick in self.lex.districts_by_town else None

    def _own_town_named(self, original: str, rng: Draws) -> str | None:
        """Lifelike: a surrogate for a Swedish district's own town that the essay names only
        in a name not yet rendered ("Jag bor i Borås. Göteborgs moské ligger i Hjällbo"): a
        free town whose districts we know, about as far from the essay's town's surrogate as
        the original lies (`_as_far`), noted for that name, so the institution and the
        district lie in one town (never "Malmö moské ligger i Fredriksdal", a district of
        Helsingborg); None where the essay does not name it or its town is the essay's own."""
        own = next((t for t, names in self.lex.districts_by_town.items() if original in names),
                   None) if self.effective == "lifelike" else None
        text = fold(getattr(self.before, "text", ""))
        first = next((k for k, v in self.place_map.items() if v == self.city), "")
        if not own or not self.city or fold(own) in self.place_map or fold(own) == first or \
                not rx.search(rf"(?<!\p{{L}}){regex.escape(fold(own))}", text):
            return None
        # an institution of the own town rendered already: its surrogate's town
        # (Linköpings universitet of Linköping and Norrköping: the essay's town first)
        ties: dict[str, list[str]] = {}
        for kind in institution_kinds(True):
            for n, t in kind.pool:
                if t in self.lex.districts_by_town:
                    ties.setdefault(n, []).insert(0 if t == self.city else len(ties.get(n, ())), t)
        done = next((ties[p][0] for name, p in self.institution_map.items()
                     if fold(own) in name and p in ties), None)
        if done:
            self.place_map[fold(own)] = done
            return done
        towns = [t for t in self._swedish_towns(list(self.lex.districts_by_town))
                 if t in self.lex.districts_by_town and self._free(t) and t != self.city]
        # a town with an institution of each kind the essay names of the own town (a mosque
        # for "Göteborgs moské"), so the institution's surrogate lies there too
        for kind in institution_kinds(True):
            if any(t == own and rx.search(rf"(?<!\p{{L}}){regex.escape(fold(n))}(?!\p{{L}})",
                                             text) for n, t in kind.pool):
                towns = [t for t in towns if t in kind.towns] or towns
        pick = self._draw(self._as_far(self.city, first, own, towns) or towns, rng)
        if pick:
            self.place_map[fold(own)] = pick
        return pick

    def is_district(self, span: Span, original: str) -> bool:
        """A district of a Swedish town: the lexicon lists it, or the essay calls it one
        ("i området Hulta", `districts` holds such spans' starts)."""
        return span.start in self.districts or "district" in self.lex.get(
            span.key or fold(original)).cats

    def _read_waters(self) -> None:
        """Lifelike, once per essay: a Swedish town a sentence ties to a river or lake, named
        ("Svartån rinner genom Västerås", "Jönköping ligger vid Vättern") or by its kind word
        ("älven i Umeå"), or to a sea ("åker till Göteborg och badar i Västerhavet"), is drawn
        among the towns that have a free one of each such kind
        (`feature_towns`, none an original of the essay), so the water's surrogate is the
        surrogate town's own (never "Kolbäcksån rinner genom Örebro")."""
        geo = geography(True)
        have: dict[str, set[str]] = {}
        for name, towns in geo.feature_towns.items():
            kind = geo.features.get(name, ("", frozenset()))[0]
            # (a sea the essay names counts: its coast is the essay's, `coasts_lifelike`)
            if kind in WATER_KINDS and (kind == "sea" or not self._original(name)):
                for town in towns:
                    have.setdefault(town, set()).add(kind)
        listed = {fold(t) for t in geo.towns}
        kind_of = dict(geo.kind_words)
        text = getattr(self.before, "text", "")
        # a town of `[towns]` or any other Swedish locality the places gazetteer knows that is
        # no name nor a common word (Mariestad by Vänern, Hallstahammar by Kolbäcksån)
        towns = listed | {f for w in set(rx.findall(r"\p{Lu}\p{L}+", text))
                          if (e := self.lex.get(f := fold(w))).se_pop > 1 and not e.gender
                          and not e.surname_rank and "district" not in e.cats
                          and e.zipf < words().word_zipf}  # (never "Vi badar i Vänern")

        def named(part: str) -> set[str]:
            """The kinds of the Swedish rivers and lakes named in `part`."""
            return {geo.features[geo.feature_folds[m]][0] for m in
                    geo.feature_pattern.findall(fold(part))
                    if not abroad(geo.features[geo.feature_folds[m]][1])} & WATER_KINDS
        # "Jag bor i Södertälje. Kolbäcksån är fin": a river or lake named in a sentence
        # without a town is the town's named last before it (the essay's first town where none
        # is): "Förut bodde jag i Hallstahammar. Där fiskade vi i Kolbäcksån" (the feature
        # follows that town's surrogate, `_feature_town`)
        first = next((fold(w) for w in rx.findall(r"\p{Lu}\p{L}+", text) if fold(w) in towns
                      and "district" not in self.lex.get(fold(w)).cats), None)
        last = None
        for sentence in rx.split(r"[.!?\n]", text):
            waters = named(sentence)
            # (never the sea a sentence denies: "det är långt från havet")
            kinds = (waters | {kind_of[w] for w in rx.findall(
                r"\p{L}+", geo.inland.sub(" ", fold(sentence))) if w in kind_of}) & WATER_KINDS
            found = [fold(w) for w in rx.findall(r"\p{Lu}\p{L}+", sentence)
                     if fold(w) in towns]
            for town in found if kinds else ():
                self.institution_towns.setdefault(town, frozenset(
                    t for t, k in have.items() if kinds <= k))
            if waters and not found and (last or first):
                self.institution_towns.setdefault(last or first, frozenset(
                    t for t, k in have.items() if waters <= k))
            last = next((t for t in reversed(found)
                         if "district" not in self.lex.get(t).cats), last)

    def kind_of(self, span: Span, original: str) -> Kind | None:
        """`institution_kind` of a mention; the words before it read only when its name does
        not tell. Lifelike: a known member first, then a kind the essay says it is ("ett
        städföretag som heter Rena Hem" is a cleaning firm, though "Hem" ends landlords'
        names), then the name's words and the words before it."""
        if self._strategy_of(span) != "lifelike":
            return named_kind(original) or kind_before(self.before.get(span.start, ()))
        # (a kind said wins over a name of a pool: "en butik som heter Gallerian" is a shop)
        before = self.before.get(span.start, ())
        # its Swedish places are no word of its kind ("sölvesborgs varv" is no castle's "-borg")
        places = frozenset(fold(word) for word, _, _ in self._swedish_places(original))
        return member_kind(original, True) or self._kind_said(span) or named_kind(
            original, True, places) or ended_kind(original) or worker_kind(before) or \
            kind_before(before, True) or self._trade_said(span)

    def _trade_said(self, span: Span) -> Kind | None:
        """Lifelike: for a workplace no name or word before it tells, the kind whose `trades`
        word its sentence or the next holds nearest it ("jobbar på X. Vi tillverkar pumpar":
        industry, never a hotel); None for other labels or no such word."""
        if span.label != "work":
            return None
        text = getattr(self.before, "text", "")
        start, end = _near_sentence(text, span.start, span.end)
        end = _sentence_end(text, end + 1, min(len(text), end + 1 + SENTENCE_REACH))
        # the word nearest the mention wins ("lagret" of "fabriken, jag jobbar på lagret" is
        # still a factory's when "fabriken" stands closer)
        said = sorted(rx.finditer(r"\p{L}+(?:-\p{L}+)*", fold(text[start:end])),
                      key=lambda m: abs(start + m.start() - span.start))
        kinds = institution_kinds(True)
        return next((k for m in said for k in kinds if m.group() in k.trades), None)

    def _strategy_of(self, span: Span) -> str:
        """The strategy the policy gives the mention's label (`effective` before rendering)."""
        return self.policy.strategy(span.label, self.strategy) if self.policy else self.strategy

    def _kind_said(self, span: Span) -> Kind | None:
        """Lifelike: the kind a noun of the essay says the mention is, right before it
        ("hyresvärden Willhem", "restaurangen X"), before "som heter"/"som hette"/"vid namn"
        ("ett städföretag som heter Rena Hem") or after it, past one adjective ("Fotografiska,
        det är ett museum", "X är en stor djurpark", "X, en frikyrka"); None when none does."""
        text = getattr(self.before, "text", "")
        head = [w for w in rx.findall(r"\p{L}+", fold(text[max(0, span.start - 60):span.start]))]
        said: list[str] = head[-1:]
        if head[-1:] in (["pa"], ["hos"]):
            # "konto på BDO", "lån hos X": a bank; but "moskén på Hisingen", a town, district
            # or island after it, says where the noun's place lies, not what the place is
            said = [] if span.label in TOWN_OR_NATURE else head[-2:-1]
        if head[-2:] == ["vid", "namn"] or head[-1:] in (["heter"], ["hette"], ["kallas"]):
            # "en restaurang som heter X", "Restaurangen där jag jobbar heter X", "vår egen
            # restaurang! Den heter X": the nearest noun of a kind in the words before
            said = list(reversed(head[-7:-1]))
        after = rx.match(r"\s*,?\s*(?:(?:det|den|som)\s+)?(?:(?:är|var)\s+)?(?:en|ett)\s+"
                            r"(\p{L}+)(?:\s+(\p{L}+))?", text[span.end:span.end + 60])
        if after:
            said += [fold(w) for w in after.groups() if w]
        kinds = institution_kinds(True)
        return next((kind for word in said for kind in kinds if word in kind.said), None)

    def _place_kind(self, span: Span, original: str) -> Kind | None:
        """Lifelike: the kind of institution a mention labelled a place, feature or town is
        (a kind of `place = true`): one the essay says it is, one its name gives where it is
        labelled a place or is no place we know ("Mirum Galleria", "A-kassan"), or, of a kind
        with `cues` (places are named so too), a member or a name holding a cue that its
        sentence tells ("Vi åkte till Kolmården och såg delfiner", "Furuvik ... aporna");
        never a landmark of geography.toml (Nordstan: its own table), else None."""
        if self._strategy_of(span) != "lifelike" or self.geo.landmark_folds.get(
                span.key or fold(original)) or self.geo.landmark_folds.get(fold(original)):
            return None
        said = self._kind_said(span)
        if said:
            return said if said.place else None
        kind = named_kind(original, True)
        if not kind or not kind.place:
            return None
        entry = self.lex.get(span.key or fold(original))
        if not kind.cues:
            # "Mirum Galleria"; "A-kassan" read as a town: a name no gazetteer knows as a place
            return kind if span.label == "place" or not (
                entry.se_pop or entry.place_country or entry.cats) else None
        # a kind places are named like too (Furuvik, Fridhem): its sentence must tell it, of
        # a known member or of a place-labelled name holding a cue ("Borås djurpark")
        text = getattr(self.before, "text", "")
        sentence = fold(text[_sentence_start(text, span.start):_sentence_end(text, span.end)])
        cue = r"\p{L}+(?:-\p{L}+)*"
        return kind if (fold(original) in kind.names or span.label == "place" and not kind.cues
                        .isdisjoint(rx.findall(cue, fold(original)))) and not kind.cues \
            .isdisjoint(rx.findall(cue, sentence)) else None

    def order(self, span: Span, original: str) -> int:
        """Rendering order: countries, then Swedish towns, then the rest, so a city abroad
        follows its country and a district its town wherever they stand in the essay."""
        if not self.has_read and self.strategy == "lifelike":
            self._read_essay()
        if span.label == "country":
            return 0
        if span.rule.startswith("pun:"):
            return 4  # "fiskar i floden" before "Dan Flod": after the name it stands for
        if span.label in ("email", "url", "extra"):
            return 3  # after the names they are built from
        if self.strategy == "lifelike" and self._person_genitive_read(span, original):
            return 3  # "Robin ... i robins Volvo", read as a town: after the name
        if self.strategy == "lifelike" and span.label.startswith("firstname") and \
                fold(original) in self._short_originals():
            return 3  # "Alla kallar mig Sasha ... jag heter Aleksandr": after its full name
        if self._alias_of_place(span, original):
            return 3  # "hewlêr, araber säger Erbil" (a name too): after the place it names
            # (never "Min dotter heter Fatima", Fátima a town too, nor "hon är sex, vi säger
            # Yasi": a nickname)
        if LABELS[span.label].kind == "institution":
            self._read_institution(span, original)
        if span.label == "city" and self.strategy == "lifelike" and self._in_bigger_town(span):
            self.districts.add(span.start)  # "Anderstorp i Skellefteå": a part of Skellefteå
        if span.label == "city" and self.is_district(span, original):
            self.has_district = True
        if span.label == "city" and self.strategy == "lifelike" and self._on_island_after(span):
            return 3  # "Batangas på ön Luzon": after the island, as a town on its surrogate
        town = self._town_of_region(span, original) if self.strategy == "lifelike" else ""
        if town:  # "Shiraz i Fars": after the town, as the region of its surrogate
            self.region_of_town[span.start] = town
            self.towns_with_region.setdefault(town, span.key or fold(original))
            return 3
        parent = self._parent_abroad(span, original)
        if parent:  # after the places it lies in, whatever their order in the essay
            self.parents[span.start] = parent
            self.parent_folds.add(parent)
            return 3
        if span.label == "city" and "foreign" not in span.attrs and not self.is_district(
                span, original):
            # a town before an unknown place (lifelike: a misspelt town is a known one)
            return 1 if self._known(span, original) or (
                self.strategy == "lifelike" and self._misspelt_town(span, original)) else 2
        return 2

    def _read_essay(self) -> None:
        """Lifelike, once per essay: what its words ask of its towns (one that has its
        cathedral, one on the coast it names), its waters and the writer's given name."""
        # "vi gick till domkyrkan": the essay's towns come from towns that have one
        self.has_read = True
        said = self._said()
        geo = geography(True)
        self.need_towns += [towns for word, towns in sorted(geo.town_has.items())
                            if word in said]
        # "domkyrkan i Västerås", "slottet i Kalmar": that town is one that has one
        for found in rx.finditer(r"(?<!\p{L})(\p{L}+)\s+(?:i|vid)\s+(\p{Lu}[\p{L}-]*)",
                                    getattr(self.before, "text", "")):
            towns = geo.town_has.get(fold(found.group(1)))
            if towns:
                self.institution_towns.setdefault(fold(found.group(2)), towns)
        self._read_waters()
        found = words().writer_any.search(getattr(self.before, "text", ""))
        if found:  # the writer's given name, for an initial in this or a later essay
            self.base[LEARNER_WRITER] = fold(found.group(1))
        self._read_coasts(geo, said)

    def _read_coasts(self, geo: Geography, said: frozenset[str]) -> None:
        """Lifelike: the essay's towns lie inland, on the coast it names, or on the sea where
        it speaks of one anywhere (`said`: its folded words)."""
        folded = fold(getattr(self.before, "text", ""))
        coasts = [towns for named, towns in geo.coasts if any(
            rx.search(rf"(?<!\p{{L}}){regex.escape(w)}(?!\p{{L}})", folded) for w in named)]
        if geo.inland and geo.inland.search(folded):
            # "I Trollhättan vi har inte hav": an inland town (never Halmstad)
            self.need_towns.append(frozenset(geo.towns) - geo.shore_towns)
        elif coasts:
            # "ett sommarhus på Tjörn", "vi badade i Östersjön": a town of that coast
            self.need_towns.append(frozenset().union(*coasts))
        elif not geo.shore_words_essay.isdisjoint(said) or not geo.sea_islands.isdisjoint(
                said) or any(kind == "sea" and not abroad(where) and fold(name) in said
                             for name, (kind, where) in geo.features.items()):
            # "vi badar i Kalmarsund", "nära havet", "ut i skärgården", "ett sommarhus på
            # Tjörn", anywhere in the essay: the essay's towns lie on the sea
            self.need_towns.append(geo.shore_towns)

    def _alias_of_place(self, span: Span, original: str) -> bool:
        """Lifelike: a name the words before it give as another's name for a place the essay
        writes ("hewlêr, araber säger Erbil", a name too): rendered after that place."""
        entry = self.lex.get(fold(original))
        window = getattr(self.before, "text", "")[max(0, span.start - 80):span.start]
        alias = self.strategy == "lifelike" and LABELS[span.label].kind == "name" and \
            not entry.gender and words().alias_before.search(window)
        first = self.lex.get(fold(self._alias_first(alias, window))) if alias else None
        # (round 43) a name no list knows, after a town the essay names ("Klagenfurt, som
        # slovenerna kallar Celovec"), is that town's other name too
        # (round 45) or after "eller" with "som vi säger" after it ("Tripoli, eller Trablous
        # som vi säger")
        found = bool(alias and (alias.group("who") or alias.group("lang") or alias.group("paren")
                                or alias.group("either") and self._said_so(span.end))
                     and fold(self._alias_first(alias, window)) in self.avoid_folds
                     and not first.gender and (
                         first.place_kind or first.zipf < words().word_zipf) and (
                         entry.place_kind or first.place_kind and not first.country
                         and not entry.first_rank))
        if found:
            self.alias_names.add(span.start)
        return found

    def _read_institution(self, span: Span, original: str) -> None:
        """An institution of a kind some towns have: the essay's towns are among them, and a
        town after it ("Mittuniversitetet i Sundsvall") or in its name is one that has one."""
        kind = self.kind_of(span, original)
        if kind and kind.towns and not self._abroad(original):
            self.need_towns.append(self._towns_with(kind, span, original))
            town = self._word_after_in(span)
            if town and "district" not in self.lex.get(town).cats:
                # "studerar på Mittuniversitetet i Sundsvall": a town that has one (a
                # district after "i" stays a district: "kyrkan i Rinkeby")
                towns = self._towns_with(kind, span, original) & kind.towns
                # ... one not named in it, or "Umeå universitet i Umeå" doubles the town
                self.institution_towns[town] = frozenset(
                    t for t in towns if any(tt == t and not _names_town(n, t)
                                            for n, tt in kind.pool)) or towns
            if self.strategy == "lifelike":
                # "jobbar i Göteborg ... Göteborgs domkyrka": the town the name holds is
                # one that has one (never Västervik with Växjö domkyrka)
                for _, key, _ in self._swedish_places(original):
                    self.institution_towns.setdefault(
                        key, self._towns_with(kind, span, original) & kind.towns)

    def _on_island_after(self, span: Span) -> bool:
        """Lifelike: a town followed by "på" (and "ön") and an island abroad we know towns of
        ("Batangas på ön Luzon", "Cebu City på Cebu")."""
        geo = self.geo
        found = rx.match(r"\s+på\s+(?:ön\s+)?(\p{L}[\p{L}-]*(?:\s+\p{Lu}[\p{L}-]*)?)",
                            getattr(self.before, "text", "")[span.end:span.end + 60])
        if not found:
            return False
        said = fold(found.group(1))
        name = geo.feature_folds.get(said) or geo.feature_folds.get(said.split()[0])
        return bool(name) and geo.features[name][0] == "island" and abroad(
            geo.features[name][1]) and name in geo.feature_towns_abroad

    def _town_of_region(self, span: Span, original: str) -> str:
        """Lifelike: the fold of the town abroad a place names the region of: written right
        after "Town i" ("Mashad i Khorasan", "Otavalo i provinsen Imbabura") or after "stad i"
        in the town's sentence ("Shiraz, det är en gammal stad i Fars"), and no city at least
        as big as the town (then the town lies in it: "Üsküdar i Istanbul"); "" otherwise."""
        if span.label not in PLACE_LIKE or fold(original) in self.geo.feature_folds:
            return ""  # "Cusco i Anderna": a range, not a region
        lex, text = self.lex, getattr(self.before, "text", "")
        sentence = text[_near_sentence(text, span.start, span.end)[0]:span.start]
        kind = rx.search(r"(\p{L}+)\s+$", sentence)
        if kind and fold(kind.group(1)) in words().region_kinds:
            sentence = sentence[:kind.start()]  # "Otavalo i provinsen Imbabura"
        found = rx.search(r"(?:\p{L}[\p{L}'-]*\s+){0,2}(\p{L}[\p{L}'-]*)\s+i\s+$", sentence)
        if not found:
            return ""
        word = fold(found.group(1))
        if word in words().region_town_words:  # "en gammal stad i Fars": the sentence's last town
            towns = [fold(t) for t in rx.findall(r"\p{L}[\p{L}'-]*", sentence[:found.start(1)])]
            word = next((t for t in reversed(towns) if self._abroad_town(t)), "")
        else:  # a name of several words: "Baia Mare i Maramureș", the longest a town abroad
            said = found.group(0).split()[:-1]
            word = next((w for w in (fold(" ".join(said[n:])) for n in range(len(said)))
                         if self._abroad_town(w)), word)
        if not word or not self._abroad_town(word):
            return ""
        town, region = lex.get(word), lex.get(span.key or fold(original))
        if region.country or region.place_kind == "city" and region.place_pop >= town.place_pop \
                or region.place_kind == "region" and not region.place_country and \
                fold(original) in words().peoples_regions:
            # (Kurdistan, a people's region of no one country, is kept: round 11; Punjab, of
            # two, is the region of the town's surrogate, never Lakshadweep beside Bhuj)
            return ""
        return word

    def _abroad_town(self, key: str) -> bool:
        """A town the lexicon places abroad (no country, no Swedish town)."""
        entry = self.lex.get(key)
        return entry.place_kind in ("city", "exonym", "spelling") and entry.place_country not in (
            "", "SE") \
            and not entry.country and not entry.se_pop

    def _region_name(self, town: str) -> str:
        """Lifelike: the name of the region a town abroad lies in (regions.toml), "" where
        none is listed or it names the town itself ("Herat i Herat", "Halab i Aleppo") or a
        country (Taiwan's province "Taiwan")."""
        lex, key = self.lex, fold(town)
        code = lex.place_region.get(key, "")
        name = regions_abroad().get(code, "")
        spelt = fold(name).replace("-", " ")  # "Al-Hasakah": the alias "al hasakah"
        heads = lex.region_places.get(code, [""])[0] == town and lex.get(fold(name)).place_kind
        return "" if not name or spelt == key.replace("-", " ") or heads or spelt in \
            lex.place_aliases.get(town, frozenset()) or lex.get(fold(name)).country else name

    def _parent_abroad(self, span: Span, original: str) -> str:
        """Lifelike: the fold of the bigger place abroad a town or district abroad lies in:
        the one named just after it ("Kadıköy, en stadsdel i Istanbul", "Üsküdar i Istanbul";
        `district_of` in surrogates.toml), else the essay's most populous place of its region
        ("flyttade till Istanbul och bodde i Esenyurt"); "" when none or not abroad."""
        label = span.label
        if label not in ("city", "area"):  # asked of every mention: a name returns at once
            return ""
        strategy = self.policy.strategy(label, self.strategy) if self.policy else self.strategy
        key, lex = span.key or fold(original), self.lex
        entry = lex.get(key)
        before = self.before.get(span.start, ())
        if strategy == "lifelike" and not entry.country and \
                before and before[-1] in words().district_before:
            # "Jag bodde i Kabul, i stadsdelen Karte Se": the town abroad just before it
            text = getattr(self.before, "text", "")
            town = self._town_abroad_before(
                rx.split(r"[.!?\n]", text[max(0, span.start - 120):span.start])[-1], key)
            if town:
                return town
        text = getattr(self.before, "text", "")
        if strategy == "lifelike" and not entry.country and words().district_of_town and \
                words().district_of_town.match(text[span.end:span.end + 60]):
            # "Kabul ... Vi bodde i Khair Khana, det är norra delen av stan": the town abroad
            # named last before it, in an earlier sentence too
            town = self._town_abroad_before(text[max(0, span.start - SENTENCE_REACH):span.start],
                                            key)
            if town:
                return town
        apposed = self._apposed_to(span) if strategy == "lifelike" else ""
        if apposed:
            return apposed  # "vi bodde nära Nilen i Khartoum, i Omdurman": part of Khartoum
        if strategy == "lifelike" and label == "area" and not entry.country:
            # "Jag föddes i Aden. Min farbror bor i Crater nära hamnen", "Bagdad. Vi bodde i
            # Mansour": the detectors' district of a town abroad (`area`) lies in the town
            # abroad named last before it, in an earlier sentence too (before: a district of
            # another city, "Mosul ... Ankawa", or another town, "Mukalla ... Ibb")
            town = self._town_abroad_before(text[max(0, span.start - SENTENCE_REACH):span.start],
                                            key)
            if town:
                return town
        if strategy != "lifelike" or entry.country:
            return ""
        return self._parent_after(span, key, entry)

    def _parent_after(self, span: Span, key: str, entry: Entry) -> str:
        """`_parent_abroad` of a place abroad (`key`, `entry`) no words before tie to a town:
        the bigger place named just after it, else the essay's most populous place of its
        region; "" when none."""
        lex, text = self.lex, getattr(self.before, "text", "")
        pattern = words().district_of
        found = pattern.match(text[span.end:span.end + 60]) if pattern else None
        unknown = not (entry.place_country or entry.se_pop or "district" in entry.cats)
        if entry.place_country in ("", "SE") and "foreign" not in span.attrs and not (
                unknown and found):  # "Kadıköy, en stadsdel i Istanbul": no list knows it
            return ""
        if found:
            other = lex.get(fold(found.group(1)))
            # (", i Y" after a town: Y narrows it where Y is the smaller town of its region,
            # "i Khartoum, i Omdurman", `_apposed_to`)
            narrows = lex.place_region.get(key) and lex.place_region.get(key) == \
                lex.place_region.get(fold(found.group(1))) and other.place_pop < entry.place_pop \
                and rx.match(r"\s*,\s*i\s", text[span.end:span.end + 10])
            if other.place_country not in ("", "SE") and not other.country and \
                    fold(found.group(1)) != key and not narrows:
                return fold(found.group(1))
        region = lex.place_region.get(key)
        bigger = [(lex.get(f).place_pop, f) for f in self.avoid_folds if f != key and region
                  and lex.place_region.get(f) == region and not lex.get(f).country
                  and lex.get(f).place_pop > entry.place_pop and not any(
                      self._apposed_to(m) == key for m in self.town_mentions.get(f, ()))]
        return max(bigger)[1] if bigger else ""

    def _apposed_to(self, span: Span) -> str:
        """Lifelike: the fold of the town abroad the mention narrows, written just before it
        with ", i" ("i Khartoum, i Omdurman"), where both lie in one first-level region and the
        mention is the smaller (a list of towns of other regions, "i Kabul, i Herat", is none;
        "Kadıköy, i Istanbul" is the district before its town); "" otherwise."""
        text, lex = getattr(self.before, "text", ""), self.lex
        found = rx.search(r"(\p{L}[\p{L}-]*)\s*,\s*i\s+$", text[max(0, span.start - 60):span.start])
        if not found or span.label not in ("city", "area"):
            return ""
        town, key = fold(found.group(1)), span.key or fold(text[span.start:span.end])
        region = lex.place_region.get(town)
        return town if region and town != key and lex.place_region.get(key) == region \
            and not lex.get(town).country and lex.get(key).place_pop < lex.get(town).place_pop \
            else ""

    def _town_abroad_before(self, text: str, key: str) -> str:
        """Lifelike: the fold of the last town abroad (no country) written in `text`, other than
        `key`; "" when none. Lower-case towns ("kabul") count, as learners write them, but
        not everyday words that also name a town ("bor", "van", "hit": `word_zipf`)."""
        lex, common = self.lex, words().word_zipf
        return next((fold(t) for t in reversed(rx.findall(r"\p{L}[\p{L}-]*", text))
                     if len(t) > 2 and (t[0].isupper() or lex.get(fold(t)).zipf < common)
                     and lex.get(fold(t)).place_country not in ("", "SE")
                     and not lex.get(fold(t)).country and fold(t) != key), "")

    def _in_region_abroad(self, span: Span, original: str, cities: list[str],
                          coast: list[str], rng: Draws) -> str | None:
        """Lifelike: a district or town abroad lies in the region of the surrogate of the place
        it lies in (Kadıköy in Istanbul -> Üsküdar in the surrogate Konstantinopel, never
        another big city); that place is drawn among the surrogate country's cities that head
        a region of several places (on the sea where `coast` asks it)."""
        lex = self.lex
        home = self._country_of(span, original)
        country = self.countries.get(home, home)
        parent = self.parents.get(span.start)
        if parent:
            # the country is the surrogate parent's: "Mirpur, en stadsdel i Dhaka" is Dhaka's,
            # whatever town abroad shares the district's name
            surrogate_parent = fold(self.place_map.get(parent, ""))
            country = lex.get(surrogate_parent).place_country or country
            # its districts or else its biggest towns: a suburb, never a far town of its region;
            # a town reached by sea stays on the sea ("med färja från Gdynia": never inland)
            near = self._in_country(self._districts_abroad(surrogate_parent)[:REGION_NEAREST],
                                    country)
            if not near and self.effective == "lifelike":
                # a region of one place (Kassala): the towns nearest it, never a far one
                near = nearest(country, self.place_map.get(parent, ""), [
                    c for c in cities if self._free(c)], REGION_NEAREST)
            if self.effective == "lifelike":  # on the sea: the coast towns nearest it first
                coast = nearest(country, self.place_map.get(parent, ""), coast,
                                REGION_NEAREST) or coast
            return self._draw([p for p in near if p in coast], rng) or (
                self._draw(coast, rng) if coast and self._by_sea(span) else self._draw(near, rng))
        if (span.key or fold(original)) not in self.parent_folds:
            return None
        capital = self._capital_said(span, country)
        if capital:
            return capital  # "Warszawa, huvudstaden" though Wola lies in its region
        heads = self._in_country([c for c in cities if lex.region_places.get(
            lex.place_region.get(fold(c), ""), [""])[0] == c and len(
            lex.region_places[lex.place_region[fold(c)]]) >= 3], country)
        # a place that has districts: "Mosul, en stadsdel i Bagdad" never a city in Ibb
        heads = [c for c in heads if self._districts_abroad(fold(c))] or heads or [
            c for c in self._in_country(cities, country) if self._districts_abroad(fold(c))]
        spoken = self._spoken(country, cities) if self._among_homes(span, original) else cities
        if spoken is not cities:
            # (round 50) where a people the essay names lives: "tjerkesser från Nalchik" (with
            # a town of its region) is drawn in the North Caucasus, never Irkutsk; Moscow
            # beside it stays a town of any region
            heads = [c for c in heads if c in set(spoken)] or spoken
        # "Floden Niger rinner genom Bamako ... Kati, ett område i Bamako": the place still lies
        # on the river's surrogate (never Touba on the Senegal)
        on = self._on_waters(span, country)
        heads = [c for c in heads if c in on] or [
            c for c in self._in_country(cities, country) if c in on] or heads
        sized = self._of_said_size(span, heads, country) if self._size_said(span) else \
            self._similar_size(heads, span, original, country)
        return next(filter(None, (self._draw(pool, rng) for pool in (
            [c for c in sized if c in coast], sized, [c for c in heads if c in coast], heads))),
            None)

    def _on_waters(self, span: Span, country: str) -> set[str]:
        """Lifelike: the towns on the rivers and lakes abroad rendered in the mention's sentence
        (else in the essay), else on a free one of those the essay names, in `country`."""
        return {t for start, water in self._tied(self.waters_abroad, span, essay=True)
                for t in self.geo.feature_towns_abroad.get(water, ())} or {
            t for t in self._water_towns() if self.lex.get(fold(t)).place_country == country}

    def _districts_abroad(self, parent: str) -> list[str]:
        """Lifelike: the places a district of the place abroad (a fold) may be: the others of
        its first-level region, districts first, none itself a big city (`district_max_abroad`:
        "Latakia, en stadsdel i Tartus" reads as false)."""
        lex, most = self.lex, words().district_max_abroad
        region = [p for p in lex.region_places.get(lex.place_region.get(parent, ""), [])[1:]
                  if fold(p) != parent]
        # the parts GeoNames lists of the place itself where it has any, however big
        # (`town_sections` within `section_km`: "bodde i stadsdelen Esenler" beside a surrogate
        # Izmir -> Konak, never Tire, a town of its province)
        own = [p for p in region if p in town_sections(lex)
               and (abroad_km(p, parent) or math.inf) <= section_km()]
        return own or [p for p in region if not most or lex.get(fold(p)).place_pop <= most]

    def _known(self, span: Span, original: str) -> bool:
        """A place some gazetteer knows (a town, district, place abroad or country)."""
        entry = self.lex.get(span.key or fold(original))
        return bool(entry.se_pop or entry.place_kind or entry.country or "district" in entry.cats)

    def _votes(self) -> Counter[str]:
        """How many of the essay's originals each origin group's name lists hold (lifelike: a
        stray name, `_stray_home`, counts for the group at home in the essay's country)."""
        if self.origin_votes is None:
            # in a fixed order: a tie goes to the first counted, whatever the hash seed
            lists = [self._lists(f) for f in sorted(self.avoid_folds)]
            votes = Counter(o for groups in lists for o in groups)
            if self.strategy == "lifelike":
                # the words naming a group the lists may miss: "tradition hos dinka", "ama-la"
                votes.update(sorted(self._groups_said()))
                votes.update(h for groups in lists if (h := self._stray_home(groups, votes)))
            self.origin_votes = votes
        return self.origin_votes

    def _lists(self, key: str) -> tuple[str, ...]:
        """The origin groups whose name lists hold the name fold `key`: the lexicon's, else,
        lifelike, those of `name_lists_lifelike` (Tibetan, Kazakh, Dinka names): a name the
        lexicon files under a group already (Maria, Madina, Nathalie) never votes for one of
        those too, so a Lithuanian's Maria never draws Bulgarian names, unless that group is at
        home in a country the essay names (a Czech family's Novák and Jan, on the Bosnian and
        Swedish lists, vote Czech beside Tjeckien or Brno)."""
        listed = self.lex.name_origins.get(key, ())
        if self.strategy != "lifelike":
            return listed
        extra = words().name_list_origins.get(key, ())
        if not listed:
            return extra
        return listed + tuple(g for g in extra if g in self._named_groups and g not in listed)

    @cached_property
    def _named_groups(self) -> frozenset[str]:
        """Lifelike: the origin groups at home in a country the essay names (a town of it
        counts: Brno names Czechia)."""
        named = self._named_countries - {"SE"}
        return frozenset(g for g, isos in self.geo.homelands.items() if not named.isdisjoint(isos))

    def _own_lists(self, original: str, key: str) -> tuple[str, ...]:
        """The groups of a name as written, else of its key (the name it was read as);
        lifelike, else of the full name a listed short form no list holds stands for (Ibou:
        Ibrahima's)."""
        return self._lists(fold(original)) or self._lists(key) or (
            self._lists(short_fulls(fold(original))[0]) if self.effective == "lifelike" and
            short_fulls(fold(original)) else ()) or (
            self._mans_form_lists(fold(original)) if self.effective == "lifelike" else ())

    def _mans_form_lists(self, key: str) -> tuple[str, ...]:
        """Lifelike: the group of a woman's family name no list holds whose man's form (by the
        group's `surname_female_forms`) the group's list holds ("Bērziņa": Bērziņš, Baltic;
        "Vysotskaya": Vysotsky); () otherwise."""
        for group, forms in words().surname_female_forms.items():
            for male, female in forms:
                end = fold(female)
                if key.endswith(end) and len(key) > len(end) + 2 and group in self._lists(
                        key[:len(key) - len(end)] + fold(male)):
                    return (group,)
        return ()
