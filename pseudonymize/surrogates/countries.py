"""Countries and routes: the country a place lies in, misspelt countries and towns abroad, and
surrogate countries that keep a route plausible (neighbours, seas crossed, sides of a border).
"""
from __future__ import annotations

import bisect
from functools import cached_property
from itertools import chain, pairwise
from typing import TYPE_CHECKING

import regex

from pseudonymize.coordinates import by_border, directions, distance_km, lies_toward, on_side
from pseudonymize.lexicon import fold
from pseudonymize.thresholds import BIG_PLACE
from pseudonymize.types import Span
from pseudonymize.surrogates import rx
from pseudonymize.surrogates.common import (LEARNER_PEOPLES, MISSPELT_EDITS, MISSPELT_TOWN_MIN,
                                            REGION_NEAREST, ROUTE_SEARCH, ROUTE_STOPS,
                                            LOWER_TOWN_WORD_ZIPF, SWEDISH_ORIGIN,
                                            SWEDISH_TOWN_IN_WINDOW, TOWN_WORD_ZIPF,
                                            WATER_KINDS)
from pseudonymize.surrogates.words import _near_sentence, _sentence_end, _sentence_start, words
from pseudonymize.surrogates.geography import abroad, geography
from pseudonymize.surrogates.numbers import _followed_plate, plate_formats

# a Swedish postcode, written as Swedish ones are (three digits, a space, two), right before a
# town ("Rådhusgatan 14, 843 31 Bräke"; never "10115 Berlin")
SWEDISH_ZIP_BEFORE = regex.compile(r"(?<![\d-])\d{3} \d{2},?\s+$")

if TYPE_CHECKING:
    from pseudonymize.surrogates.forms import Draws
    from pseudonymize.lexicon import Entry

# "köpingsvik på Öland": the place after a village that puts it in Sweden (`_in_sweden_after`)
SWEDISH_AFTER = regex.compile(r"\s+(?:på|i|utanför|nära)\s+(\p{Lu}[\p{L}-]*|\p{Ll}+)")
# a place's country after it, placed there ("Bor i jonglei, det ligger vid Nilen i Sydsudan")
PLACED_IN = regex.compile(r"(?<!\p{L})(?:i|vid|nära|utanför|på)\s+(\p{L}+)", regex.IGNORECASE)
PLACED_REACH = 8  # words after a Swedish locality's name searched for the country it lies in


class Countries:
    """Mixin of `Renderer` (`self` is the renderer of one essay)."""

    def _address_town(self, span: Span) -> bool:
        """The place is the town of a Swedish address: a postcode stands right before it
        ("843 31 Bräke", "450 40 hönö")."""
        return SWEDISH_ZIP_BEFORE.search(getattr(self.before, "text", ""),
                                         max(0, span.start - 12), span.start) is not None

    def _country_of(self, span: Span, original: str) -> str:
        """The country a place lies in: a known Swedish place is Swedish unless marked foreign;
        a place no gazetteer knows lies where the essay's last place abroad does ("Jag föddes i
        Mogadishu. Vi bodde i Hodan"), else in Sweden."""
        entry = self.lex.get(span.key or fold(original))
        geo = self.geo
        if self.effective == "lifelike" and span.label == "country" and not entry.country:
            spelt = self._misspelt_country(fold(original))
            if spelt:
                return spelt  # "Etiopia" is Ethiopia: the surrogate of "Etiopien" elsewhere
        if self.effective == "lifelike" and span.label == "city" and self._address_town(span):
            return "SE"  # (round 43) "843 31 Bräke": a Swedish address, never Brake in Germany
        home = self._namesake_home(span, original, entry.place_country)
        if home:
            return home  # (round 44) a Dominican's Santiago is the Dominican Republic's
        told = self._namesake_abroad(span, original, entry.country or entry.place_country)
        if told:
            return told
        if entry.country and not (self.effective == "lifelike" and span.label == "geo"
                                  and fold(original) in geo.feature_folds):
            return entry.country  # (lifelike: the river Niger lies where the table says)
        where = geo.feature_kind(original)[1]
        if self.effective == "lifelike" and span.label == "geo" and abroad(where) and \
                not self._kind_told(span, original)[1]:
            # "sjön Tana" beside Etiopien: the lake lies in the country the essay places it
            told = self._countries_told(span)
            named = sorted(c for c in told if c in self.countries) or sorted(told)
            return named[0] if named else self.hint or self.abroad or min(where)
        if abroad(where):  # Helhalvön: Poland, or the one of its countries the essay names
            named = sorted(w for w in where if w in self.countries or w in self.avoid_countries)
            if named or not (self.effective == "lifelike" and span.label == "city" and geo.features[
                    geo.feature_folds[fold(original)]][0] in WATER_KINDS):
                return (named or sorted(where))[0]
            # (round 45) a river's name read as a town in an essay naming none of its
            # countries lies where the essay's other places do ("född i Tana" of a Malagasy
            # woman: never a town of Kenya)
            return self._sentence_country(span) or self._window_abroad(span) or self.hint or \
                self.abroad or next((iso for iso in self.countries if iso not in ("", "SE")),
                                    min(where))
        if self.effective == "lifelike" and span.label == "city" and \
                0 < entry.se_pop < SWEDISH_TOWN_IN_WINDOW:
            # "Jag kommer från Bor i jonglei, det ligger vid Nilen i Sydsudan": a Swedish
            # locality's name whose own sentence goes on to name a country abroad (before any
            # Swedish town) is a place of that country, never Sundsvall "i Sydsudan"
            # (the country placed there by a preposition within PLACED_REACH words: never
            # "bor i vindlen ... när Botswana förlorar i fotboll", a country of the clause after)
            text = getattr(self.before, "text", "")
            rest = text[span.end:_sentence_end(text, span.end)]
            near = " ".join(rx.findall(r"\p{L}+", rest)[:PLACED_REACH])
            after = self._abroad_in(rest, False)
            if after and after == self._abroad_in(
                    " ".join(m.group(1) for m in PLACED_IN.finditer(near)), False):
                return after
        if entry.se_pop and "foreign" not in span.attrs:
            return "SE"
        return self._country_of_unsettled(span, original, entry, where)

    def _country_of_unsettled(self, span: Span, original: str, entry: Entry,
                              where: frozenset[str]) -> str:
        """`_country_of` a place neither a country nor Swedish by the tables: lifelike, a
        region or feature of the country its sentence or the essay names, a town read through
        a near spelling of that country; else where the tables put it or the essay last was
        abroad (`where`: the countries the feature tables give it)."""
        if self.effective == "lifelike" and span.label == "region" and not (
                entry.place_country or entry.se_pop):
            # "Jag är från Irak. Vi bodde i Kurdistan": a region of several countries lies in
            # the essay's country abroad, never a Swedish landskap
            there = self._sentence_country(span) or self.hint or self.abroad or next(
                (iso for iso in self.countries if iso not in ("", "SE")), "")
            if there and there != "SE":
                return there
        if self.effective == "lifelike" and not entry.place_country and self._in_sweden_after(span):
            return "SE"  # "Jag bor i köpingsvik på Öland": a village of Öland, never abroad
        known = entry.place_kind or entry.se_pop or "district" in entry.cats
        # lifelike: a feature the lexicon knows with no country, never Swedish ("Herat ...
        # Floden Hari rud flyter söder om staden"), is read as one no list knows (before: Fyrisån)
        foreign = entry.place_kind == "geo" and not entry.se_pop
        if self.effective == "lifelike" and not entry.place_country and (
                where or not known or foreign) and span.label in ("geo", "city"):
            # Varpen (a lake of Hälsingland), "Vid Bollnäs finns sjön Varpen", "en by i
            # Lappland som heter Ammarnäs": Swedish, whatever country the essay named before
            if not where and self._sentence_in_sweden(span):
                return "SE"  # "en man som hette Gunnar bodde vid sjön Lingan": Swedish
            there = self._sentence_country(span) or self._start_hint(span) or (
                "" if where else self._window_abroad(span) or self._foreign_spelling(original)
                or self._birthplace_abroad(span)) or self.abroad or (
                "" if where else self.place_homes.get(fold(original), "")
                or self._birthplace_abroad(span, ahead=True)) or "SE"
            spelled = words().swedish_letters
            if where or any(there not in spelled[c] for c in original.lower() if c in spelled):
                return "SE"  # "åka till Skanör" after Vietnam: a Swedish place
            return there
        if self.effective == "lifelike" and entry.place_country and span.key and \
                span.key != fold(original):
            # a town read through a near spelling ("Terespol" as Tiraspol) whose sentence or
            # route names a country it neither lies in nor borders is a town of that country
            # the gazetteers lack (never "Brest i Vitryssland. Vid gränsen i Bender")
            there = self._sentence_country(span) or self._window_abroad(span)
            if there and there != entry.place_country and \
                    entry.place_country not in self.lex.neighbours.get(there, ()):
                return there
        if self.effective == "lifelike" and not (entry.place_country or known):
            # a site no table knows lies where its sentence is ("vi bor i västerås och går
            # till vallbyparken": never a town of the essay's country abroad)
            there = self._sentence_country(span)
            if there:
                return there
        return entry.place_country or self.hint or ("" if known else self.abroad) or "SE"

    def _start_hint(self, span: Span) -> str:
        """Lifelike (round 46): the country named beside a place the gazetteers lack
        (`self.hint`), but never the one a route from it goes to ("flydde från Huye till
        uganda": Huye lies elsewhere): then the country of the essay's first town abroad in
        another, else another country it names, else a neighbour of the hint that is not the
        hint's surrogate (the route still crosses one border); the hint where none is."""
        hint, w = self.hint, words()
        if not hint or self.effective != "lifelike":
            return hint
        text = getattr(self.before, "text", "")
        before = rx.search(r"(\p{L}+)\s+$", text[max(0, span.start - 12):span.start])
        after = rx.match(r"\s+(\p{L}+)\s+(\p{L}+)", text[span.end:span.end + 40])
        if not (before and after and fold(before.group(1)) in w.origin_words
                and fold(after.group(1)) in w.route_to
                and self.lex.get(fold(after.group(2))).country == hint):
            return hint
        lex, to = self.lex, self.countries.get(hint, hint)
        return next((iso for iso in (*self.town_homes.values(), *self.countries)
                     if iso not in ("", "SE", hint)), "") or next(
            (iso for iso in sorted(lex.neighbours.get(hint, ())) if iso not in (to, "SE")
             and lex.cities_by_country.get(self.countries.get(iso, iso))), hint)

    def _in_sweden_after(self, span: Span) -> bool:
        """Lifelike: a place no table knows written right before "på", "i", "utanför" or "nära"
        and a Swedish place ("köpingsvik på Öland", "en by utanför Ljusdal")."""
        text = getattr(self.before, "text", "")
        after = SWEDISH_AFTER.match(text, span.end)
        entry = self.lex.get(fold(after.group(1))) if after else None
        return bool(entry) and entry.place_country == "SE" and entry.zipf < TOWN_WORD_ZIPF

    def _misspelt_town(self, span: Span, original: str) -> str:
        """Lifelike: the Swedish town (geography.toml) a town mention the lexicon does not know
        misspells by one edit ("borlänga", "linköpin", "vexjö"; at least MISSPELT_TOWN_MIN
        letters, the same first letter), when exactly one town is that near; else ""."""
        key = span.key or fold(original)
        entry = self.lex.get(key)
        if span.label != "city" or len(key) < MISSPELT_TOWN_MIN or entry.se_pop or \
                entry.place_country or "district" in entry.cats or entry.gender:
            return ""
        near = sorted(t for t in self.geo.towns if fold(t)[:1] == key[:1]
                      and abs(len(fold(t)) - len(key)) <= 1 and " " not in t
                      and rx.fullmatch(rf"(?e)(?:{regex.escape(fold(t))}){{e<=1}}", key))
        return near[0] if len(near) == 1 else ""

    def _respelt_abroad(self, span: Span, original: str) -> str:
        """Lifelike: the first-written spelling of the same town abroad where the essay
        writes it twice otherwise ("Hargeysa ... Hargeisa": one of the other's names in the
        lexicon's `place_aliases`), so both take one surrogate (before: Kakamega and
        Garissa); "" otherwise."""
        key, lex = span.key or fold(original), self.lex
        if span.label != "city" or lex.get(key).place_country in ("", "SE"):
            return ""
        if self.spellings is None:  # once per essay: each name of its towns -> the first town
            text, self.spellings = getattr(self.before, "text", ""), {}
            for other, mentions in sorted(self.town_mentions.items(), key=lambda kv: kv[1][0].start):
                first = mentions[0]
                written = text[first.start:first.end]
                for name in {other} | lex.place_aliases.get(written, frozenset()):
                    self.spellings.setdefault(name, (first.start, other, written))
        country = lex.get(key).place_country
        found = [self.spellings[name] for name in sorted(
            {key} | lex.place_aliases.get(original, frozenset())) if name in self.spellings]
        return min(((at, written) for at, other, written in found if other != key
                    and at < span.start and lex.get(other).place_country == country),
                   default=(0, ""))[1]

    def _namesake_home(self, span: Span, original: str, there: str) -> str:
        """Lifelike (round 44): the country of a town whose name several countries' towns
        share (`town_namesakes_lifelike`: Santiago, León, Córdoba) that the essay, or the
        learner's earlier essays, is about where it is not about the lexicon's reading
        (`there`, the most populous: Chile's Santiago); "" otherwise."""
        isos = self.geo.town_namesakes.get(fold(original)) if self.effective == "lifelike" \
            and span.label == "city" else None
        if not isos or there not in isos:
            return ""
        named = {self.lex.get(f).country for f in self.avoid_folds} | set(self.kept) | set(
            self.countries)
        if there in named:
            return ""
        return next((iso for iso in isos if iso in named), "")

    def _misspelt_country(self, key: str) -> str:
        """Lifelike: the ISO code of the one country whose name `key` (a fold the lexicon
        lacks) misspells by at most MISSPELT_EDITS edits ("etiopia", "afganistan", "sirien";
        one edit below 6 letters); "" when none or two are that near."""
        if len(key) < 4:
            return ""
        edits = MISSPELT_EDITS if len(key) >= 6 else 1
        best: dict[str, int] = {}
        for name in self.lex.pools.get("country", []):
            iso, low = self.lex.get(fold(name)).country, fold(name)
            if not iso or abs(len(low) - len(key)) > edits:
                continue
            found = rx.fullmatch(rf"(?e)(?:{regex.escape(low)}){{e<={edits}}}", key)
            if found:
                best[iso] = min(best.get(iso, edits + 1), sum(found.fuzzy_counts))
        if not best:
            return ""
        least = min(best.values())
        nearest = sorted(iso for iso, n in best.items() if n == least)
        return nearest[0] if len(nearest) == 1 else ""

    def _foreign_spelling(self, original: str) -> str:
        """Lifelike: a place written with a letter Swedish never writes (`foreign_letters`:
        "şehitkamil") lies abroad: in the first country abroad the essay, else the learner's
        essays, named (ISO code); "" when the name has no such letter or none was named."""
        if not any(c in words().foreign_letters for c in original.lower()):
            return ""
        text = getattr(self.before, "text", "")
        named = [self.lex.get(fold(w)).country for w in rx.findall(r"\p{L}+", text)
                 if self.lex.get(fold(w)).country]
        return next((c for c in named + list(self.countries) if c not in ("", "SE")), "")

    def _birthplace_abroad(self, span: Span, ahead: bool = False) -> str:
        """Lifelike (round 48): a place no gazetteer knows right after "föddes i" or "född i"
        (`birth_words_lifelike`) in an essay that names a country abroad before it ("Jag
        kommer från Komorerna ... Jag föddes i mutsamudu") lies in the last such country,
        (round 51) `ahead`: in the first one named after it (`_abroad_next`), read after the
        essay's last place abroad and the learner's memory; never in Sweden ("föddes i
        kronogården"); "" otherwise."""
        text = getattr(self.before, "text", "")
        # (round 51: "föddes 1980 i alatyr", a year between)
        said = rx.search(r"(\p{L}+)\s+(?:\d{4}\s+)?i\s+$",
                            text[max(0, span.start - 25):span.start])
        if not said or fold(said.group(1)) not in words().birth_words:
            return ""
        if ahead:
            return self._abroad_next(text[span.end:])
        named = [self.lex.get(fold(w)).country for w in rx.findall(r"\p{L}+", text[:span.start])]
        return next((c for c in reversed(named) if c not in ("", "SE")), "")

    def _abroad_next(self, text: str) -> str:
        """Lifelike (round 51): the first country abroad a sentence of `text` names, before
        any sentence naming a Swedish town ("Jag föddes 1980 i alatyr ... Vi flyttade till
        Kazan": Russia; "föddes i kronogården. Nu bor vi i Malmö": none)."""
        for sentence in rx.finditer(r"[^.!?\n]+", text):
            found = self._abroad_in(sentence.group())
            if found is None:
                return ""
            if found and found != "SE":
                return found
        return ""

    def _window_abroad(self, span: Span) -> str:
        """Lifelike: the country abroad the mention's sentence, or the route it goes on with,
        names in any case ("i Dolo Ado vi bodde i lägret Hiloweyn. sen i uganda": UG; a big town
        abroad counts for its country); "" when it names a Swedish town or nothing abroad, so
        a camp is never made a district of the learner's Swedish town."""
        text = getattr(self.before, "text", "")
        start, end = self._route_window(text, span)
        found = self._abroad_in(text[start:end])
        if found is None:
            return ""
        if not found and self.essay_abroad is None:
            # an essay that names no Swedish place at all and a country abroad ("i Dolo Ado vi
            # bodde i lägret ... sen i uganda"): its places lie there (read once)
            self.essay_abroad = self._abroad_in(text) or ""
        return found or self.essay_abroad or ""

    def _abroad_in(self, text: str, origins: bool = True) -> str | None:
        """The first country abroad `text` names (a big town abroad counts for its country),
        "" when none, None when it names a Swedish town or district; without `origins`, none
        named right after "från" (`origin_words_lifelike`: someone's origin)."""
        found, said = "", rx.findall(r"\p{L}+", text)
        origin = frozenset() if origins else words().origin_words
        for at, word in enumerate(said):
            if fold(word) in self.name_words:
                continue  # "våra barn Milan och Sara": a person, never a town of Italy
            if at and fold(said[at - 1]) in origin:
                continue  # "i Åsbro hos familjen X, de är också från Thrissur": their origin
            entry = self.lex.get(fold(word))
            if word.islower() and entry.zipf >= LOWER_TOWN_WORD_ZIPF and \
                    fold(word) not in self.avoid_folds:
                continue  # "en by i bergen": the mountains, unmarked, never Bergen in Norway
            if (entry.se_pop >= SWEDISH_TOWN_IN_WINDOW and entry.zipf < TOWN_WORD_ZIPF
                    and "common_name_homograph" not in entry.cats) or "district" in entry.cats:
                return None  # a Swedish town or district (never "vi", a locality as well)
            # (a big town abroad that is a frequent Swedish word is the word: "man", Man in
            # Côte d'Ivoire, never puts "Från stan man ser berget" there)
            found = found or entry.country or (entry.place_country if entry.place_pop >= BIG_PLACE
                                               and entry.place_country != "SE"
                                               and entry.zipf < TOWN_WORD_ZIPF else "")
        return "" if found == "SE" else found

    def _trains_across(self, span: Span) -> list[str]:
        """Lifelike: the trains that cross into Sweden from the (surrogate) country named last
        before the mention in its sentence, in any case ("på Kastrup i danmark och sen med
        Öresundståg": `trains_abroad_lifelike`); [] where it names none such."""
        text = getattr(self.before, "text", "")
        said = rx.findall(r"\p{L}+", text[_sentence_start(text, span.start):span.start])
        for word in reversed(said):
            iso = self.lex.get(fold(word)).country
            if iso and iso != "SE":
                return list(words().trains_abroad.get(self.countries.get(iso, iso), ()))
        gates = self._train_gateways(text[_sentence_start(text, span.start):
                                          _sentence_end(text, span.end)])
        if not gates:
            return []
        # "Snälltåget från Berlin till Malmö": one that crosses from there and stops at the
        # sentence's surrogate towns, else a national one
        stops, towns = self._towns_said(span) or (
            {self.city} if self.city in self.geo.towns else set()), words().train_towns
        return [t for t in words().trains_abroad.get(self.countries.get(gates[0], gates[0]), ())
                if stops <= towns.get(t, stops)] or list(words().national_trains)

    def _train_gateways(self, sentence: str) -> list[str]:
        """Lifelike: the countries of the towns abroad a train into Sweden leaves from
        (`train_gateways_lifelike`: Köpenhamn, Berlin, Oslo) that a sentence taking a train
        names ("flyg till Köpenhamn och sedan med Pågatåg till Markaryd"); [] otherwise."""
        said = [fold(w) for w in rx.findall(r"\p{L}+", sentence)]
        gates = words().train_gateways
        if not any(w.endswith(words().train_words) for w in said):
            return []
        return [gates[w] for w in said if w in gates]

    def _kept_gateway(self, span: Span, original: str) -> bool:
        """Lifelike: a town (or its airport, Kastrup) a train into Sweden leaves from, in its
        sentence taking the train, in a country kept as written (`_train_gateways`)."""
        iso = words().train_gateways.get(fold(original))
        if span.label not in ("city", "place") or not iso or self.countries.get(iso, iso) != iso:
            return False
        text = getattr(self.before, "text", "")
        return iso in self._train_gateways(text[_sentence_start(text, span.start):
                                                _sentence_end(text, span.end)])

    def _sentence_in_sweden(self, span: Span) -> bool:
        """Lifelike: the mention's sentence tells of Sweden though the essay is set abroad: it
        names no country or big town abroad, and a Swedish town drawn in it (before a town:
        earlier in it, however misspelt: "Först bodde vi i Borgholn, nu i Köpingsvik"), or,
        before a lake or river, a Swedish town of the tables or a person whose given name
        only the Swedish list holds ("en man, han hette Gunnar Lod och bodde vid sjön
        Lingan")."""
        text = getattr(self.before, "text", "")
        begin, end = _sentence_start(text, span.start), _sentence_end(text, span.end)
        # (the sentence but the mention's own words: "Floden Hari rud" names no Rud)
        said = rx.findall(r"\p{L}+", f"{text[begin:span.start]} {text[span.end:end]}")
        if any(self._abroad_word(fold(w)) for w in said):
            return False
        if span.label == "city":
            return any(begin <= at < span.start for at, _, _ in self.towns_at)
        # (a town of the tables, or one the essay names elsewhere: "Hultsfred är litet")
        swedish = {fold(t) for t in self.geo.towns} | {key for _, _, key in self.towns_at}
        return any(begin <= at < end for at, _, _ in self.towns_at) or any(
            w[:1].isupper() and (fold(w) in swedish or fold(w) in self.name_words and self._lists(
                fold(w)) == (SWEDISH_ORIGIN,)) for w in said)

    def _abroad_word(self, key: str) -> bool:
        """Lifelike: a folded word naming a country abroad or a big town abroad that is no
        frequent Swedish word (as `_abroad_in` reads them)."""
        entry = self.lex.get(key)
        return entry.country not in ("", "SE") or (
            entry.place_country not in ("", "SE") and entry.place_pop >= BIG_PLACE
            and entry.zipf < TOWN_WORD_ZIPF)

    def _sentence_country(self, span: Span) -> str:
        """The country of the place named last before the mention in its sentence: "SE" for
        a Swedish town or landskap ("Vid Bollnäs finns sjön Varpen"), a country's ISO code for
        a country; "" when the sentence names neither."""
        text = getattr(self.before, "text", "")
        sentence = rx.split(r"[.!?\n]", text[max(0, span.start - 160):span.start])[-1]
        swedish = self.geo.town_folds | {fold(p) for p in self.geo.landskap}
        for word in reversed(rx.findall(r"\p{L}{2,}", sentence)):
            key = fold(word)
            entry = self.lex.get(key)
            # a learner's lower-case town or country counts where no everyday word writes it
            # ("vi bor i västerås och går till vallbyparken"; not "i bergen")
            if word[0].islower() and entry.zipf >= TOWN_WORD_ZIPF:
                continue
            if key in swedish or key.removesuffix("s") in swedish:
                return "SE"
            if entry.country:
                return entry.country
        return ""

    def _country(self, span: Span, original: str, rng: Draws) -> str:
        """Another country with cities to draw from; the original's cities will follow it."""
        iso, lex = self._country_of(span, original), self.lex
        if self.effective == "lifelike" and self.countries.get(iso, iso) != iso:
            # one country, one surrogate however it is written ("Bosnien och Hercegovina" and
            # "bosnien", "Etiopien" and "Etiopia"), unless the essay names that one itself
            same = [c for c in lex.pools.get("country", [])
                    if lex.get(fold(c)).country == self.countries[iso]
                    and lex.get(fold(c)).country not in self.avoid_countries]
            if same:
                return same[0]
        never = self.avoid_countries | self.geo.not_countries | self.kept  # (no Bouvetön)
        pool = every = [c for c in lex.pools.get("country", [])
                        if lex.get(fold(c)).country not in never]
        if self.effective == "lifelike":
            pool = self._country_told(span, iso, self._not_micro(iso, pool))
        # a coast by a coast: no boat to a landlocked country, no ferry to Belarus
        inland = self.geo.landlocked
        same_shore = [c for c in pool if (lex.get(fold(c)).country in inland) == (iso in inland)]
        if self.effective == "lifelike" and iso not in inland:
            # a coast the essay can land on: a country with towns in `coast_towns`
            same_shore = [c for c in same_shore
                          if lex.get(fold(c)).country in self.geo.coast_towns] or same_shore
        group = self._homeland_of_names(iso)
        if group:
            pick, pool = self._country_of_names(iso, group, pool, same_shore, every, rng)
            if pick:
                return pick
        elif self.effective == "lifelike" and not any(
                n for g, n in self._votes().items() if g != SWEDISH_ORIGIN):
            pool = self._kin_countries(iso, pool)
        if self.effective == "lifelike":
            pool = (self._bordering(iso, [c for c in pool if c in same_shore])
                    or self._bordering(iso, pool) or pool)
        # the coast where the original's continent allows it (Afghanistan never Switzerland)
        continent = lex.continents.get(iso)
        shore = [c for c in pool if c in same_shore]
        if any(lex.continents.get(lex.get(fold(c)).country) == continent for c in shore):
            pool = shore
        # a transit country or a homeland stays on its continent: a route stays a route
        pick = self._nearest_country(iso, pool, rng)
        if pick is None and self.effective == "lifelike":
            # every country the route's rules allow is taken (Sudan between a surrogate Egypt
            # and Libya): another real country as near as one is left, never "Ljungbackaland"
            pick = self._nearest_country(iso, every, rng)
        if pick is None:
            return self._compound(rng, "land")
        if iso:
            self.countries.setdefault(iso, self.lex.get(fold(pick)).country)
        return pick

    def _country_told(self, span: Span, iso: str, pool: list[str]) -> list[str]:
        """Lifelike `_country`: of the pool, the countries that fit what the essay tells of the
        original: the kinds of feature it places there, its ties, its route and legs, and a
        gateway to Sweden before Sweden."""
        lex = self.lex
        # "I Afghanistan finns bergen Hindukush och floden Amu Darya": a country that has
        # a range and a river, so the features' surrogates are its own
        need = self._kinds_placed_in(iso)
        kinds = [c for c in pool if need <= self._free_kinds().get(
            lex.get(fold(c)).country, frozenset())]
        narrow = self._country_ties(iso, kinds or pool)
        # the route as a whole, then its own legs, before names; the route before the
        # features where both cannot hold ("Mosul i Irak. Floden Tigris ... vid gränsen
        # till Syrien": Syria's surrogate borders Iraq's, the Tigris lies in Iraq's)
        route = self._route_fits(iso, narrow) or (
            kinds and self._route_fits(iso, self._country_ties(iso, pool))) or (
            # a route that holds before the ties of its part of the world ("från Turkiet
            # i en gummibåt till Grekland" after Syria: Cyprus, never Albania)
            self._route_fits(iso, pool) if self._route_graph().get(iso) else [])
        pool = route or self._legs(span, iso, narrow) or narrow
        if iso in self.geo.sweden_gateways and self._before_sweden(span):
            pool = [c for c in pool if lex.get(fold(c)).country in
                    self.geo.sweden_gateways] or pool
        return pool

    def _country_of_names(self, iso: str, group: str, pool: list[str], same_shore: list[str],
                          every: list[str], rng: Draws) -> tuple[str | None, list[str]]:
        """`_country` for the homeland of the essay's names (origin `group`): another homeland
        of the same names, else a country where names of a neighbour group are at home (the
        names will follow it); else None and the pool narrowed to countries of other names."""
        lex = self.lex
        homes = self.geo.homelands[group]
        if self.effective == "lifelike" and group in words().language_homes:
            # an Amharic or Oromo family stays in Ethiopia's part of the world, never
            # Eritrea's (`name_language_homes_lifelike`)
            homes = words().language_homes[group][self._family_language(group)]
            if group in words().language_follows and not set(homes) - {iso}:
                # a Ukrainian family's Ukraine must change: another homeland of the group,
                # whose language its names take (`_names_follow`: Russian ones in Russia)
                homes = self.geo.homelands[group]
        # the names first (Iran: Afghanistan), the coast where the names allow it
        pick = self._draw([c for c in same_shore if lex.get(fold(c)).country in homes], rng) \
            or self._draw([c for c in pool if lex.get(fold(c)).country in homes], rng)
        if pick:
            return self._country_settled(iso, pick), pool
        at_home = [c for c in same_shore or pool
                   if self._group_at_home(lex.get(fold(c)).country)]
        for near in self.geo.neighbours.get(group, ()):
            pick = self._draw(self._same_part(iso, [c for c in at_home if self._group_at_home(
                lex.get(fold(c)).country) == near]), rng)
            if pick:
                return self._country_settled(iso, pick), pool
        # lifelike: the names' homes, else a neighbour group's, beyond the route's and the
        # coast's narrowing before a country of other names (a Kazakh family never moves to
        # Armenia, a Tibetan one never to Korea, where only those narrow the choice)
        # (round 50) never beyond the countries the essay's words tie ("udzh", a Circassian
        # dance, beside Russia: Turkey, never Ukraine for the North Caucasian names' sake)
        pick = self.effective == "lifelike" and self._names_home(
            iso, group, self._cued(iso, every) or every, rng)
        if pick:
            return self._country_settled(iso, pick), pool
        return None, at_home or pool

    def _not_micro(self, iso: str, pool: list[str]) -> list[str]:
        """Lifelike (round 46): the pool without microstates (`microstates_lifelike`) for a
        country that is none, where any other is left: Italy's next ring (Slovenia, Croatia)
        where the learner's essays took its neighbours, never San Marino or Liechtenstein."""
        small = self.geo.microstates
        if iso in small:
            return pool
        return [c for c in pool if self.lex.get(fold(c)).country not in small] or pool

    def _country_settled(self, iso: str, pick: str) -> str:
        """The drawn country `pick` becomes the surrogate of `iso` unless one already is."""
        self.countries.setdefault(iso, self.lex.get(fold(pick)).country)
        return pick

    def _kin_countries(self, iso: str, pool: list[str]) -> list[str]:
        """Lifelike, for an essay whose names are on no list ("Jag heter Vilayphone ... från
        Laos"): the countries of the pool bordering the landlocked `iso` where its names or a
        neighbour group's are at home (Thailand, Cambodia), before a landlocked country far off
        (never Laos -> Turkmenistan); the pool when none is."""
        own, borders = self._group_at_home(iso), self.lex.neighbours.get(iso, frozenset())
        if not own or not borders or iso not in self.geo.landlocked:
            return pool  # a coast keeps its coast (`same_shore`) and the towns of its sides
        near = {own, *self.geo.neighbours.get(own, ())}
        return [c for c in pool if (other := self.lex.get(fold(c)).country) in borders
                and self._group_at_home(other) in near] or pool

    def _country_ties(self, iso: str, pool: list[str]) -> list[str]:
        """Lifelike: the countries of the pool that keep what ties `iso` to the essay besides
        its route: the feasts it keeps ("Vi firar Nowruz"), the sea crossed from it (on its
        continent; no Malta where a land route goes on), the words that cue it."""
        lex = self.lex
        said = self._said()
        for feast, keep in sorted(self.geo.feast_countries.items()):
            if feast in said and iso in keep:
                pool = [c for c in pool if lex.get(fold(c)).country in keep] or pool
        camps = words().camps
        if iso in camps and (not words().camp_words.isdisjoint(said)
                             or not said.isdisjoint(map(fold, camps[iso]))):
            # "i lägret Kakuma" in Kenya, or a camp of it by its name alone ("i Zaatari i
            # Jordanien"): a country with a camp for it (never Jordan -> Emirates, Syria)
            pool = [c for c in pool if lex.get(fold(c)).country in camps] or pool
        crossed = self._on_crossed_sea(iso, pool)
        # across a sea a country keeps its continent (Greece from Turkey: Italy, never
        # Egypt beside a surrogate Israel), so the land route after it stays one
        pool = [c for c in crossed if lex.continents.get(lex.get(fold(c)).country)
                == lex.continents.get(iso)] or crossed or pool
        if crossed and lex.neighbours.get(iso):  # a land route goes on from it: no Malta
            pool = [c for c in pool if lex.neighbours.get(lex.get(fold(c)).country)] or pool
        return self._cued(iso, pool) or pool

    def _kinds_placed_in(self, iso: str) -> frozenset[str]:
        """Lifelike: the kinds of feature (river, lake, range, mountain, desert) the essay
        places in the country `iso`: a listed feature that lies there ("Niger" beside Mali),
        or a feature after a kind word in a sentence naming the country ("I Afghanistan finns
        bergen Hindu Kush"); the kind word wins over the table ("sjön Tana": a lake). Read
        once per essay."""
        self._read_places()
        return (self.feature_needs or {}).get(iso, frozenset())

    def _free_kinds(self) -> dict[str, frozenset[str]]:
        """Lifelike: ISO code -> the kinds of feature abroad it has that are no original of
        the essay (Tajikistan has no river for an essay naming Amu Darya); a river or lake
        counts where we know a town of the country on it, so a town the essay ties to it can
        lie on its surrogate ("Floden Niger flyter genom Bamako")."""
        if self.kinds_left is None:
            geo, kinds = geography(True), dict[str, set[str]]()
            for name, (kind, where) in geo.features.items():
                if abroad(where) and not self._original(name):
                    on = {self.lex.get(fold(t)).place_country  # (never Narva on the Narva)
                          for t in geo.feature_towns_abroad.get(name, ()) if fold(t) not in fold(name)}
                    for iso in where:
                        if kind not in ("river", "lake") or iso in on:
                            kinds.setdefault(iso, set()).add(kind)
            self.kinds_left = {iso: frozenset(k) for iso, k in kinds.items()}
        return self.kinds_left

    def _countries_told(self, span: Span) -> frozenset[str]:
        """Lifelike: the countries the mention's sentence names, else those of its big towns
        abroad, else the countries the essay named last before it."""
        self._read_places()
        ends = [end for end, _ in self.sentence_countries]
        at = bisect.bisect_right(ends, span.start)
        return self.sentence_countries[at][1] if at < len(ends) else frozenset()

    def _read_places(self) -> None:
        """Lifelike, once per essay: each sentence's countries (`_countries_told`) and the
        kinds of feature placed in each country (`_kinds_placed_in`)."""
        if self.feature_needs is None:
            geo, lex = geography(True), self.lex
            kinds = geo.no_town_kinds - {"sea"}
            word_kind = dict(geo.kind_words)
            needs: dict[str, set[str]] = {}
            named: set[str] = set()
            text = getattr(self.before, "text", "")
            for found in rx.finditer(r"[^.!?\n]*(?:[.!?\n]|$)", text):
                sentence = found.group()
                if not sentence:
                    continue
                tokens = rx.findall(r"\p{L}+", sentence)
                # the countries the sentence names, else those of its towns abroad, else the
                # essay's last ("Vi kommer från Etiopien. Vi bodde vid sjön Tana.")
                at = found.start()
                named = ({lex.get(fold(t.group())).country for t in rx.finditer(
                    r"\p{L}+", sentence) if not self._water_named(at + t.start(), at + t.end())}
                    - {"", "SE"}) or (
                    {lex.get(fold(t)).place_country for t in tokens if t[:1].isupper()
                     and lex.get(fold(t)).place_pop >= BIG_PLACE} - {"", "SE"}) or named
                for m in geo.feature_pattern.finditer(fold(sentence)):
                    kind, where = geo.features[geo.feature_folds[m.group(1)]]
                    for place in (where if abroad(where) else ()):
                        needs.setdefault(place, set()).add(kind)
                said = [word_kind[fold(t)] for t, after in pairwise(tokens)
                        if fold(t) in word_kind and after[:1].isupper()]
                for kind in said:
                    for place in named:
                        needs.setdefault(place, set()).add(kind)
                self.sentence_countries.append((found.end(), frozenset(named)))
            self.feature_needs = {place: frozenset(k & kinds) for place, k in needs.items()}

    def _names_home(self, iso: str, group: str, every: list[str], rng: Draws) -> str | None:
        """Lifelike: a country of `every` where the names of `group` (the essay's names, at
        home in `iso`) are at home, else where a neighbour group's are, in `iso`'s part of the
        world first; None when there is none."""
        country = {c: self.lex.get(fold(c)).country for c in every}
        pick = self._draw([c for c in every if country[c] in self.geo.homelands[group]], rng)
        for near in () if pick else self.geo.neighbours.get(group, ()):
            pick = self._draw(self._same_part(iso, [c for c in every if self._group_at_home(
                country[c]) == near]), rng)
            if pick:
                break
        return pick

    def _same_part(self, iso: str, pool: list[str]) -> list[str]:
        """Lifelike: the free countries of the pool in the part of the world `iso` lies in
        (`world_parts_lifelike`), else the pool: a stop of a route keeps its geography (Sudan
        between Eritrea and Libya: a country of the Horn and East Africa, never Zimbabwe)."""
        parts = self.geo.world_parts
        if self.effective != "lifelike" or iso not in parts:
            return pool
        return [c for c in pool if self._free(c) and parts.get(
            self.lex.get(fold(c)).country) == parts[iso]] or pool

    def _nearest_country(self, iso: str, pool: list[str], rng: Draws) -> str | None:
        """A free country of the pool, the nearest to `iso` first: closeness 2 = same
        continent and a shared main language (Irak: Syrien, Jordanien), 1 = same continent
        (names of the essay's origin stay plausible there); five towns to draw from first."""
        lex = self.lex
        pool = self._same_part(iso, pool)
        continent = lex.continents.get(iso)
        towns = [len(lex.cities_by_country.get(lex.get(fold(c)).country, ())) for c in pool]
        langs = lex.country_languages.get(iso, frozenset())
        close = []
        for c in pool:
            other = lex.get(fold(c)).country
            same = bool(continent) and lex.continents.get(other) == continent
            close.append(same + (same and not langs.isdisjoint(lex.country_languages.get(other, ()))))
        pick = None
        for least, near in ((5, 2), (5, 1), (1, 1), (5, 0), (1, 0), (0, 0)):
            pick = pick or self._draw([c for c, n, k in zip(pool, towns, close)
                                       if n >= least and k >= near], rng)
        return pick

    def _crossed_seas(self) -> dict[str, frozenset[str]]:
        """The seas abroad the essay crosses (lifelike), each with the countries crossing it:
        in a sentence that names a sea abroad ("över Medelhavet") or a boat (`ferry_words`,
        `boat_words`) and two places on one sea, the countries of its places (its countries,
        towns abroad and islands, and Sweden for a Swedish town: "färja från Gdańsk till
        Nynäshamn" crosses the Baltic)."""
        if self.crossed is None:
            geo = self.geo
            towns = {fold(t) for t in geo.towns}
            islands = {fold(name): where for name, (kind, where) in geo.features.items()
                       if kind == "island" and abroad(where)}
            crossed: dict[str, frozenset[str]] = {}
            for sentence in self._route_sentences():
                said = rx.findall(r"\p{L}+", sentence)
                named = list(dict.fromkeys(geo.sea_folds[m] for m in
                                           geo.sea_pattern.findall(sentence)))
                if not named and geo.boat_words.isdisjoint(said):
                    continue
                isos = {self._iso_of_word(w) for w in said} - {""}
                isos |= {iso for w in said for iso in islands.get(w, ())}
                isos |= {"SE"} if not towns.isdisjoint(said) else set()
                # lifelike: the boat goes to a place after its word ("från Eritrea genom Sudan
                # till Libyen, sedan en båt till Italien" crosses the Mediterranean, not the
                # Red Sea of Eritrea and Sudan)
                boat = next((i for i, w in enumerate(said) if w in geo.boat_words), None)
                later = set(isos) if boat is None else (
                    {self._iso_of_word(w) for w in said[boat:]}
                    | {iso for w in said[boat:] for iso in islands.get(w, ())}
                    | ({"SE"} if not towns.isdisjoint(said[boat:]) else set()))
                for sea in named + [sea for sea, shore in geo.seas.items()
                                    if len(shore & isos) >= 2 and shore & later]:
                    crossed[sea] = crossed.get(sea, frozenset()) | (isos & geo.seas[sea])
            self.crossed = crossed
        return self.crossed

    def _route_sentences(self) -> list[str]:
        """The essay's sentences, folded, a sentence that goes on with the route of the one
        before it (`route_next`: "Sen till Libyen. Sen med båt till Italien") joined to it."""
        going, out = self.geo.route_next, list[str]()
        for part in rx.split(r"[.!?\n]", getattr(self.before, "text", "")):
            if out and going is not None and going.match(part):
                out[-1] += " " + fold(part)
            else:
                out.append(fold(part))
        return out

    def _iso_of_word(self, word: str) -> str:
        """The country a word names, or a town abroad lies in (no given name, no surname)."""
        e = self.lex.get(word)
        return e.country or (e.place_country if e.place_kind in ("city", "exonym")
                             and not e.gender and not e.surname_rank
                             and e.place_country != "SE" else "")

    def _on_crossed_sea(self, iso: str, pool: list[str]) -> list[str]:
        """Lifelike: a country on a sea the essay crosses is replaced by one on that sea (the
        sea it is part of, `sea_wider`, where fewer than two are left: Turkey over the Aegean
        -> a country of the Mediterranean); [] when it lies on none of them."""
        geo = self.geo
        for sea, crossing in self._crossed_seas().items():
            if iso not in crossing:
                continue
            while True:
                on = [c for c in pool if self.lex.get(fold(c)).country in geo.seas[sea]]
                if len(on) >= 2 or sea not in geo.sea_wider:
                    break
                sea = geo.sea_wider[sea]
            if on:
                return on
        return []

    def _before_sweden(self, span: Span) -> bool:
        """Sweden (`sweden_words`) is named after the mention in its sentence: "tåget till
        Danmark och sedan till Sverige"."""
        text = getattr(self.before, "text", "")
        rest = rx.split(r"[.!?\n]", text[span.end:span.end + 160])[0]
        # lifelike: or a Swedish town ("genom tyskland och Danmark och över bron till Malmö")
        return not self.geo.sweden_words.isdisjoint(rx.findall(r"\p{L}+", fold(rest))) or (
            self.effective == "lifelike" and (self._abroad_in(rest) is None or any(
                span.end < m.start <= span.end + len(rest) and self.lex.get(key).se_pop
                and self.lex.get(key).place_country in ("", "SE")
                for key, mentions in self.town_mentions.items() for m in mentions)))

    def _out_of_kept(self, span: Span, original: str, base: str) -> bool:
        """Lifelike: a remembered surrogate of a town or district of a country the essay keeps
        (`keep_countries`) that lies in another country."""
        if not self.kept or span.label not in ("city", "area") or self.effective != "lifelike":
            return False
        home = self._country_of(span, original)
        return home in self.kept and self.lex.get(fold(base)).place_country not in ("", home)

    def keep_countries(self) -> None:
        """Lifelike, once per essay before its mentions: the countries the essay's words tie
        to no other (a row of `country_cues_lifelike` with one country: "ukrainare",
        "vietnamesiska", "talibanerna"), those an earlier essay of the learner kept, and those
        whose surrogate remembered from an earlier essay the words rule out, stay as
        written, their towns drawn in them, and no other country becomes one of them. The
        words give the country away already; moving it ("Ryssland ... alla ukrainare") only
        tells a reader the text was altered."""
        table, lex = self.geo.country_cues, self.lex
        text = fold(getattr(self.before, "text", ""))
        self._peoples_homes()  # (round 44) remembered for the learner's later essays
        said = rx.findall(r"\p{L}+", text)
        cues = [w for w in chain(said, map(" ".join, pairwise(said))) if w in table]
        rows = [table[w] for w in cues]
        rows += self._paired_cues(said)
        rows += [isos for _, isos, _ in self._languages_said()]  # "min yeay": Cambodia's
        # (round 49) a language only CLDR's table holds keeps its one country only where the
        # learner's essays name it: "min taita" (a Guarani father) is also Kenya's Taita
        generated = self.geo.cues_generated
        kept = {min(isos) for isos in rows if len(isos) == 1} - {
            min(table[w]) for w in cues if w in generated and len(table[w]) == 1} | {
            min(table[w]) for w in cues if w in generated and len(table[w]) == 1
            and min(table[w]) in self.avoid_countries}
        # (round 49) a row whose other countries the learner's essays name themselves
        # ("setswana" beside Botswana, South Africa named too): none is left for the words,
        # so the country stays as written (never Lesotho beside setswana)
        never = self.avoid_countries | self.geo.not_countries
        kept |= {iso for isos in rows if len(isos) > 1 for iso in isos & self.avoid_countries
                 if isos - {iso} <= never}
        # a country whose national day its sentence names ("Chiles nationaldag är den 18
        # september"): the day is that country's alone
        days = words().national_days
        kept |= {iso for sentence in rx.split(r"[.!?\n]", text)
                 if not days.isdisjoint(rx.findall(r"\p{L}+", sentence))
                 for w in rx.findall(r"\p{L}+", sentence)
                 for iso in (lex.get(w).country or (w[-1:] == "s" and lex.get(w[:-1]).country),)
                 if iso and iso != "SE"}
        # a country named by a former name ("Förr hette landet Burma"): both names give it away
        kept |= {lex.get(w).country for w in said if w in words().former_names} - {"", "SE"}
        # a town a train into Sweden leaves from ("Snälltåget från Berlin till Malmö")
        kept |= {iso for sentence in rx.split(r"[.!?\n]", text)
                 for iso in self._train_gateways(sentence)}
        kept |= {iso for iso, other in self.countries.items() if iso == other != "SE"}
        # a surrogate an earlier essay drew that this essay's words rule out (Somalia -> Sudan,
        # then "hooyo bor i Baidoa"): the country stays as written, in every essay
        kept |= {iso for iso, other in self.countries.items()
                 if any(iso in isos and other not in isos for isos in rows)}
        for iso in sorted(kept):
            self.countries[iso] = iso
        self.kept = frozenset(kept)

    def _paired_cues(self, said: list[str]) -> list[frozenset[str]]:
        """Lifelike: the countries of the rows of `country_cue_pairs_lifelike` whose two kinds
        of word the essay both says ("kurd" and "turkiska": Turkey, never a Kurd from Iran or
        Syria who speaks Turkish)."""
        words_ = set(said)
        return [isos for first, second, isos in self.geo.cue_pairs
                if not first.isdisjoint(words_) and not second.isdisjoint(words_)]

    def _cued(self, iso: str, pool: list[str]) -> list[str]:
        """Lifelike: the countries of the pool that the essay's words tying `iso` fit too
        (`country_cues` in geography.toml: "vi pratar pashto" beside Afghanistan -> Pakistan,
        never Armenia; "turkiska och persiska" beside Iran -> Afghanistan or Tajikistan), the
        narrowest row first; a row no country of the pool fits ("vietnamesisk": only Vietnam)
        is left, unless (round 50) the narrowest row has other countries off the pool: one of
        those. [] when no word of the essay ties `iso`."""
        if self.cues is None:
            table = self.geo.country_cues
            text = getattr(self.before, "text", "")
            said = rx.findall(r"\p{L}+", fold(text))
            # a cue of two words too ("tom yum", "pad thai")
            cues = {table[w] for w in chain(said, map(" ".join, pairwise(said))) if w in table}
            cues |= set(self._paired_cues(said))
            cues |= {isos for _, isos, _ in self._languages_said()}
            # a river, lake or mountain abroad the essay names that no detector marked ("vi
            # bodde vid indus") stays as written: its country is one it lies in (Pakistan ->
            # India, never Iraq)
            geo = self.geo
            cues |= {where for m in geo.feature_pattern.findall(fold(text))
                     if m not in self.avoid_folds
                     for where in (geo.features[geo.feature_folds[m]][1],) if abroad(where)}
            islands = {n: w for n, (k, w) in geo.features.items() if k == "island" and abroad(w)
                       and any(fold(t) not in fold(n) for t in geo.feature_towns_abroad.get(n, ()))}
            if any(geo.feature_folds[m] in islands for m in geo.feature_pattern.findall(
                    fold(text))):
                # "Medan på ön Sumatra": a country with an island we know towns on, so the town
                # can lie on the island's surrogate (never "Danang på ön Phu Quoc")
                cues.add(frozenset().union(*islands.values()))
            if _followed_plate(text):
                # a plate of a listed layout: its country stays one whose plate it can follow
                cues.add(frozenset(f.country for f in plate_formats() if f.example))
            self.cues = tuple(sorted(cues, key=lambda isos: (len(isos), sorted(isos))))
        near = pool
        for isos in self.cues:
            if iso in isos:
                near = [c for c in near if self.lex.get(fold(c)).country in isos] or near
        if near is pool:
            # (round 50) a row no country of the pool fits, whose other countries lie off the
            # pool's part of the world: one of them ("tjerkesser" beside Russia: Turkey, never
            # Belarus, which the words rule out)
            near = next(([name for other in sorted(isos - {iso}) if (
                name := self.country_names.get(other)) and other not in self.avoid_countries
                and other not in self.geo.not_countries and self.lex.cities_by_country.get(other)
                and self._free(name)] for isos in self.cues if iso in isos), None) or pool
        return near if near is not pool else []

    def _spoken(self, country: str, pool: list[str]) -> list[str]:
        """Lifelike: the places of `pool` (of `country`) in the regions where a language the
        essay names is a family's home language (`homes` of `country_cues_lifelike`: "kurdiska"
        beside a town of Iran -> Sanandaj or Urmia, never Khorramshahr; "dari" beside Herat ->
        Mazar, never Kandahar), each named language in turn where a place is left; `pool`
        where no row lists a town of the country."""
        lex = self.lex
        text = fold(getattr(self.before, "text", ""))
        near = pool
        for towns in self._peoples_homes():
            own = [t for t in towns if lex.get(fold(t)).place_country == country]
            regions = {lex.place_region.get(fold(t), "") for t in own} - {""}
            if regions:
                # (round 43) a pool with no town of those regions (Myanmar's has none of Chin
                # State) takes the row's own towns the essay does not name: a Chin from Hakha
                # is from Falam, never Nyaunglebin
                # (round 44) only towns still free: a pool whose towns there are all the
                # learner's originals or drawn fell back to any town (Freetown -> Segbwema)
                spelt = self._spelt_originals(country)
                near = [c for c in near if lex.place_region.get(fold(c)) in regions
                        and self._free(c) and lex.get(fold(c)).place_pop not in spelt] or [
                    t for t in own if self._free(t) and lex.get(fold(t)).place_pop not in spelt
                    and not rx.search(
                        rf"(?<!\p{{L}}){regex.escape(fold(t))}(?!\p{{L}})", text)] or near
        return near

    def _among_homes(self, span: Span, original: str) -> bool:
        """Lifelike (round 50): the town abroad lies in a region where a people the essay
        names lives (`homes` of `country_cues_lifelike`: Nalchik beside "tjerkesser", never
        Moscow)."""
        lex = self.lex
        return lex.place_region.get(span.key or fold(original), "") in {
            lex.place_region.get(fold(t), "") for towns in self._peoples_homes()
            for t in towns} - {""}

    def _spelt_originals(self, country: str) -> frozenset[int]:
        """Lifelike (round 50): the populations of the towns of `country` the essay names
        under a spelling the lexicon holds apart from the town ("Jakutsk", Yakutsk's): a town
        of one of them is the original again, never drawn for it."""
        lex = self.lex
        return frozenset(e.place_pop for f in self.avoid_folds
                         if (e := lex.get(f)).place_kind == "spelling"
                         and e.place_country == country)

    def _peoples_homes(self) -> list[tuple[str, ...]]:
        """Lifelike, once per essay: the home towns of the peoples and languages (`homes` of
        `country_cues_lifelike`) the essay names, and (round 44) those the learner's earlier
        essays named, kept in the learner's memory: a Muganda's Kampala in an essay that does
        not say "luganda" is still drawn in Buganda, never Gulu."""
        if self.homes is None:
            said = self._said()
            remembered = self.base.get(LEARNER_PEOPLES, "").split("|")
            cues = {w for w in self.geo.cue_homes if w in said} | {
                w for w in remembered if w in self.geo.cue_homes}
            if cues:
                self.base[LEARNER_PEOPLES] = "|".join(sorted(cues))
            self.homes = list(dict.fromkeys(self.geo.cue_homes[w] for w in sorted(cues)))
        return self.homes

    def _legs(self, span: Span, iso: str, pool: list[str]) -> list[str]:
        """Lifelike: the countries of the pool that keep the route's legs: a country named
        right before or after the mention in its sentence, already replaced, that borders the
        original or lies on one sea with it (`Geography.leg`) has a surrogate the candidate
        borders or shares a sea with ("från Irak till Turkiet och sedan till Grekland och
        Makedonien": never "... Libanon och Kosovo"); [] when no such leg is kept."""
        text, lex, geo = getattr(self.before, "text", ""), self.lex, self.geo
        begin, stop = self._route_window(text, span)
        tokens = rx.findall(r"\p{L}+", text[begin:stop])
        route = [iso_ for pair in zip(tokens, tokens[1:] + [""]) for iso_ in (
            lex.get(fold(" ".join(pair).strip())).country or lex.get(fold(pair[0])).country,)
            if iso_]
        route = [c for i, c in enumerate(route) if not i or c != route[i - 1]]
        at = [i for i, c in enumerate(route) if c == iso]
        ends = {route[j] for i in at for j in (i - 1, i + 1) if 0 <= j < len(route)}
        legs = [self.countries[o] for o in sorted(ends) if o in self.countries and o != iso
                and self.countries[o] != o and geo.leg(iso, o, lex.neighbours)]
        near = [c for c in pool if self._free(c) and all(
            geo.leg(lex.get(fold(c)).country, other, lex.neighbours) for other in legs)]
        # a crossing a boat makes first (never Lebanon to Albania)
        near = [c for c in near if all(geo.near_leg(lex.get(fold(c)).country, other,
                                                    lex.neighbours) for other in legs)] or near
        return near if legs else []

    def _route_graph(self) -> dict[str, list[tuple[str, str]]]:
        """Lifelike, once per essay: the legs of its routes, each country (ISO) -> the
        countries named next to it in the essay (across sentences too: "Jag är från Eritrea.
        Vi gick genom Sudan") that it borders or shares a sea with (`Geography.leg`), each with
        how the surrogates must meet: "land" (they border), "hills" (they border, a walk
        through mountains: a word of a mountain's kind in the legs' sentences), "sea" (on one
        sea: a boat word between them, or no common border), "either" (a boat between
        bordering countries on no common sea). A flown leg (`air_words`) is none."""
        if self.route_legs is None:
            tokens, sentence, walks, starts = self._route_words()
            how = self._route_kinds(tokens, sentence, walks, starts, self._route_named(tokens))
            legs: dict[str, list[tuple[str, str]]] = {}
            for (one, other), kind in how.items():
                legs.setdefault(one, []).append((other, kind))
            self.route_legs = legs
        return self.route_legs

    def _route_words(self) -> tuple[list[str], list[int], list[int], list[int]]:
        """`_route_graph`'s reading of the essay: its folded words, the sentence of each, how
        many sentences up to each name a mountain (a walk), and where each sentence starts."""
        hills = {w for w, kind in self.geo.kind_words if kind in ("mountain", "range")}
        # each token's sentence, and how many sentences up to each name a mountain
        tokens, sentence, walks, starts = list[str](), list[int](), [0], list[int]()
        for at, part in enumerate(rx.split(r"[.!?\n]", fold(getattr(
                self.before, "text", "")))):
            words = rx.findall(r"\p{L}+", part)
            starts.append(len(tokens))
            tokens += words
            sentence += [at] * len(words)
            walks.append(walks[-1] + (not hills.isdisjoint(words)))
        return tokens, sentence, walks, starts

    def _route_named(self, tokens: list[str]) -> list[tuple[int, str]]:
        """`_route_graph`'s stops: (index of the word, ISO) of each country the essay names,
        misspelt or through a town or island fixed to it, and of a Swedish town it goes on to."""
        lex, geo = self.lex, self.geo
        # a stop is a country, or a town of a country the essay never names ("Vi flydde
        # från Kabul till Iran och sedan till Turkiet": Kabul's surrogate stays in
        # Afghanistan, so Iran's borders it)
        homes = self._route_homes
        # a country the essay misspells ("genom frankrike och Danmak") is a stop too
        spelt = {w: self._misspelt_country(w) for w in self.country_words
                 if not lex.get(w).country}
        # and a Swedish town a route goes on to ("genom Tyskland och Danmark till Ljungby")
        # is Sweden, its last leg one to Sweden
        swedish = {key for key in self.town_mentions if self.effective == "lifelike"
                   and lex.get(key).se_pop and lex.get(key).place_country in ("", "SE")}
        named = [(i, iso) for i, pair in enumerate(zip(tokens, tokens[1:] + [""]))
                 for iso in (lex.get(" ".join(pair).strip()).country
                             or lex.get(pair[0]).country or spelt.get(pair[0])
                             or homes.get(" ".join(pair).strip()) or homes.get(pair[0])
                             or ("SE" if pair[0] in swedish and i and tokens[i - 1] in
                                 geo.sweden_after else ""),)
                 if iso]
        return named

    def _route_kinds(self, tokens: list[str], sentence: list[int], walks: list[int],
                     starts: list[int], named: list[tuple[int, str]]
                     ) -> dict[tuple[str, str], str]:
        """`_route_graph`'s legs: each pair of stops named one after the other that may meet
        (never a flown leg) -> how: "land", "hills", "sea" or "either" (see `_route_graph`)."""
        lex, geo = self.lex, self.geo
        how: dict[tuple[str, str], str] = {}
        first: dict[int, int] = {}  # a sentence -> its first stop
        for i, _ in named:
            first.setdefault(sentence[i], i)
        for (i, one), (j, other) in pairwise(named):
            between = set(tokens[i + 1:j])
            if one == other or not between.isdisjoint(geo.air_words) \
                    or not geo.leg(one, other, lex.neighbours):
                continue
            border = other in lex.neighbours.get(one, ())
            # a boat word between them, or opening their sentence before the first ("Vi
            # åkte gummibåt från Turkiet till Lesbos")
            opening = tokens[max(starts[sentence[i]], i - 8):i] if sentence[i] == sentence[
                j] and first.get(sentence[i]) == i else []
            boat = not between.isdisjoint(geo.boat_words) or (
                not geo.boat_words.isdisjoint(opening) and geo.land_words.isdisjoint(opening))
            # "genom bergen från Irak till Turkiet": a mountain in the legs' sentences
            walk = walks[sentence[j] + 1] > walks[sentence[i]]
            kind = ("hills" if walk else "land") if border and \
                not boat else ("sea" if geo.shore(one, other) else "either")
            for key in ((one, other), (other, one)):
                was = how.get(key, kind)
                how[key] = kind if was == kind else "hills" if {was, kind} == {
                    "land", "hills"} else "either"
        return how

    @cached_property
    def _route_homes(self) -> dict[str, str]:
        """Lifelike: the stops of a route fixed to a country the essay never names: its towns
        abroad (`town_homes`) and its islands of one country ("med båt från Libyen till
        Kreta": Crete stays Greek, so Libya's surrogate is one a boat reaches Greece from),
        each by its fold."""
        said = self._said()
        islands = {fold(name): min(where) for name, (kind, where) in self.geo.features.items()
                   if kind == "island" and abroad(where) and len(where) == 1
                   and fold(name) in said}
        return islands | self.town_homes

    def _route_domain(self, iso: str, tier: int, taken: set[str]) -> list[str]:
        """Lifelike: the countries (ISO, sorted) a stop of a route may become: free, with towns
        to draw from, in the original's part of the world and as landlocked as it (tier 0), in
        its part (tier 1: a reader knows the Balkans better than who has a coast there), on its
        continent and as landlocked (tier 2), on its continent (tier 3)."""
        lex, geo = self.lex, self.geo
        if (iso, tier) not in self.route_stops:
            part, continent = geo.world_parts.get(iso), lex.continents.get(iso)
            inland = iso in geo.landlocked
            self.route_stops[iso, tier] = [
                (other, name) for other, name in self.country_names.items()
                if other not in self.avoid_countries and lex.cities_by_country.get(other)
                and lex.continents.get(other) == continent
                and (tier not in (0, 2) or (other in geo.landlocked) == inland)
                and (tier >= 2 or not part or geo.world_parts.get(other) == part)]
        out = self._not_micro(iso, [name for other, name in self.route_stops[iso, tier]
                                    if other not in taken and self._free(name)])
        # the sea the essay crosses from it, the words that tie it, the last leg to Sweden
        # (as `_country` draws)
        out = self._on_crossed_sea(iso, out) or out
        out = self._cued(iso, out) or out
        if iso in geo.sweden_gateways and any(o == "SE" for o, _ in self._route_graph().get(
                iso, ())):
            out = [n for n in out if lex.get(fold(n)).country in geo.sweden_gateways] or out
        return [lex.get(fold(name)).country for name in out]

    @cached_property
    def country_names(self) -> dict[str, str]:
        """ISO -> the first name of the country pool, in ISO order."""
        names: dict[str, str] = {}
        for name in self.lex.pools.get("country", []):
            names.setdefault(self.lex.get(fold(name)).country, name)
        return {iso: names[iso] for iso in sorted(names) if iso}

    def _route_fits(self, iso: str, pool: list[str]) -> list[str]:
        """Lifelike: the countries of the pool from which the essay's whole route through `iso`
        can still be drawn (`_route_graph`): every leg by land between countries that border
        each other, every leg by sea between countries on one sea or border, each stop a free
        country of its original's part of the world where the route allows it (else of its
        continent), the surrogates the essay already has kept. The route is solved jointly, so
        "Afghanistan, Iran, Turkiet, med båt till Grekland" never strands its third stop beside
        a second that has no neighbour left. A bounded search: [] when it finds none."""
        legs = self._route_graph()
        if iso not in legs:
            return []
        lex = self.lex
        order = self._route_order(iso, legs)
        # Sweden and a country named only by its towns stay, a replaced one is its surrogate
        homes = set(self._route_homes.values())
        fixed = {o: (o if o == "SE" or o in homes and o not in self.countries
                     else self.countries[o]) for o in order
                 if o == "SE" or o in self.countries or o in homes}
        free = [o for o in order[1:] if o not in fixed]
        taken = set(self.countries.values())
        budget = [0]

        def solve(k: int, assign: dict[str, str], domains: dict[str, list[str]]) -> bool:
            if k == len(free):
                return True
            stop = free[k]
            for value in domains[stop]:
                if value in assign.values() or not all(self._leg_fits(
                        value, assign[o], how, hills[0]) for o, how in legs[stop] if o in assign):
                    continue
                budget[0] -= 1  # a bounded search: so many stops tried per tier
                if budget[0] < 0:
                    return False
                assign[stop] = value
                if solve(k + 1, assign, domains):
                    return True
                del assign[stop]
            return False

        names = [(c, lex.get(fold(c)).country) for c in pool if self._free(c)]
        # a walk through mountains keeps a range between its countries where one can, else
        # only their border
        walk = any(how == "hills" for stop in order for _, how in legs.get(stop, ()))
        hills = [False]
        for shared, tier in [(True, t) for t in (0, 1, 2, 3) if walk] + [
                (False, t) for t in (0, 1, 2, 3, 4)]:
            hills[0] = shared
            domains = {o: self._route_domain(o, min(tier, 3), taken) for o in free}
            if tier < 4:  # (the last tier keeps the route whatever features it names)
                domains = {o: self._with_kinds(o, stops) for o, stops in domains.items()}
            allowed = set(self._route_domain(iso, tier, taken)) if tier < 4 else None
            budget[0] = ROUTE_SEARCH
            out = [c for c, value in names if (allowed is None or value in allowed)
                   and value not in fixed.values()
                   and all(self._leg_fits(value, fixed[o], how, shared)
                           for o, how in legs[iso] if o in fixed)
                   and solve(0, dict(fixed) | {iso: value}, domains)]
            if out:
                return out
        return []

    @staticmethod
    def _route_order(iso: str, legs: dict[str, list[tuple[str, str]]]) -> list[str]:
        """`_route_fits`: the route's countries from `iso`, each after one it has a leg with
        (at most ROUTE_STOPS)."""
        order, seen = [iso], {iso}
        for stop in order:  # the route's countries, each after one it has a leg with
            for other, _ in sorted(legs[stop]):
                if other not in seen and len(order) < ROUTE_STOPS:
                    seen.add(other)
                    order.append(other)
        return order

    def _leg_fits(self, one: str, other: str, how: str, shared: bool) -> bool:
        """`_route_fits`: whether surrogates `one` and `other` can meet as a leg of kind `how`
        (`_route_graph`); `shared`: a walk through mountains keeps a range the two share."""
        lex, geo = self.lex, self.geo
        if how == "hills" and shared:  # (the first tiers: a range the two share)
            return other in lex.neighbours.get(one, ()) and other in geo.ranges_shared.get(
                one, ())
        if how in ("land", "hills"):
            return other in lex.neighbours.get(one, ())
        # by sea, a crossing a boat makes (never Lebanon to Albania)
        by_sea = geo.shore(one, other) and geo.boat_reach(one, other)
        return by_sea if how == "sea" else geo.near_leg(one, other, lex.neighbours)

    def _with_kinds(self, iso: str, stops: list[str]) -> list[str]:
        """Lifelike: the stops (ISO) a route's country may become that have the kinds of
        feature the essay places in it ("vid floden Khabur, nära gränsen till Turkiet": Turkey's
        surrogate has a river of its own), all of them where none has."""
        need, have = self._kinds_placed_in(iso), self._free_kinds()
        return [c for c in stops if need <= have.get(c, frozenset())] or stops

    def _route_window(self, text: str, span: Span) -> tuple[int, int]:
        """The mention's sentence, widened over a sentence before or after that goes on with
        its route (`route_next`: "Vi gick till Sudan. Sen till Libyen. Sen med båt till
        Italien": Libya's legs are Sudan and Italy)."""
        begin, stop = _sentence_start(text, span.start), _sentence_end(text, span.end)
        going = self.geo.route_next
        if going is None:
            return begin, stop
        if begin > 1 and going.match(text, begin):
            begin = _sentence_start(text, begin - 1)
        if stop < len(text) and going.match(text, stop + 1):
            stop = _sentence_end(text, stop + 1)
        return begin, stop

    def _bordering(self, iso: str, pool: list[str]) -> list[str]:
        """A route stays a route ("via Turkiet till Grekland", "genom Serbien och Ungern"): a
        country bordering countries the essay already replaced borders their surrogates (every
        one where the pool allows, else one of them); [] when it borders none of them or none
        of their free neighbours is left."""
        lex = self.lex
        near = lex.neighbours.get(iso, ())
        named = [lex.neighbours.get(self.countries[o], frozenset()) for o in self.countries
                 if o in near and o != self.countries[o]]
        # "Sukkur ligger nära gränsen till Indien": a country the essay names only by its
        # towns keeps them (their surrogates lie in it), and one bordering it borders it still
        named += [lex.neighbours.get(o, frozenset()) for o in sorted(set(
            self.town_homes.values())) if o in near and o not in self.countries]
        if not named:
            return []
        for test in (all, any):
            near = [c for c in pool if self._free(c)
                    and test(lex.get(fold(c)).country in n for n in named)]
            if near:
                return near
        return []

    def _on_side_said(self, span: Span, home: str, country: str, pool: list[str],
                      cities: list[str]) -> list[str]:
        """Lifelike: a town abroad the essay places in a part of its own country ("Shiraz i
        södra Iran", "Qamishli, en stad i nordöstra Syrien", "i norra delen av landet":
        `directions_lifelike` in coordinates.toml) is one of the surrogate country's towns in
        that part, of the pool where one is (before: "Halab i södra Syrien"); `pool` where the
        essay gives none or we know no town there."""
        told = span.key or str(span.start)
        if told not in self.sides_told:  # (once per town: its mentions read once)
            mentions = self.town_mentions.get(span.key, [span]) if span.key else [span]
            self.sides_told[told] = (
                next(filter(None, (self._sides_said(m, home) for m in mentions)), ()),
                next(filter(None, (self._border_said(m, home) for m in mentions)), ""))
        sides, across = self.sides_told[told]
        if not sides and not across:
            return pool
        free = [t for t in cities if self._free(t)]
        there = [on_side(country, towns, sides) if sides else towns for towns in (pool, free)]
        if across:  # the side and the border, else the side, else the border
            other = self.countries.get(across, across)
            there = [by_border(country, towns, other) for towns in there] + there + [
                by_border(country, towns, other) for towns in (pool, free)]
        return next((towns for towns in there if towns), pool)

    def _side_of_town(self, span: Span, pool: list[str], towns: list[str]) -> list[str]:
        """Lifelike: the Swedish towns of the pool that lie as the mention's sentence places it
        against another town already rendered ("Sollentuna, norr om Stockholm", "Kiruna ligger
        långt norr om Luleå": `sides_of_lifelike` in coordinates.toml; the first on that side of
        the second), by their coordinates, else the free `towns` on that side nearest the other
        town's surrogate; `pool` where none is or the sentence says none."""
        text = getattr(self.before, "text", "")
        begin, stop = _near_sentence(text, span.start, span.end)
        sides_of = directions().sides_of
        # the town, at most three words ("som ligger långt"), the side, "om", the other town
        for found in rx.finditer(r"(\p{L}[\p{L}-]*)[\s,]+(?:\p{L}+\s+){0,3}?(\p{L}+)\s+om\s+"
                                    r"(\p{L}[\p{L}-]*)", text[begin:stop], overlapped=True):
            sides = sides_of.get(fold(found.group(2)))
            first, second = found.start(1) + begin, found.start(3) + begin
            if not sides or span.start not in (first, second):
                continue
            other = fold(found.group(3) if span.start == first else found.group(1))
            there = self.place_map.get(other)
            if there is None:
                continue
            def fits(t: str) -> bool | None:
                return lies_toward(*((t, there) if span.start == first else (there, t)), sides)
            near = [t for t in pool if fits(t)] or sorted(
                (t for t in towns if self._free(t) and fits(t)),
                key=lambda t: distance_km(t, there) or 0.0)[:REGION_NEAREST]
            return near or pool
        return pool

    def _border_said(self, span: Span, home: str) -> str:
        """The country (ISO, the original) whose border the mention's sentence puts it by:
        a border word (`border_words_lifelike`) and a country other than its own within three
        words after it ("Herat ligger nära gränsen till Iran"); "" where none."""
        text = getattr(self.before, "text", "")
        begin, stop = _near_sentence(text, span.start, span.end)
        said = [fold(w) for w in rx.findall(r"\p{L}+", text[begin:stop])]
        for k, word in enumerate(said):
            if word in self.geo.border_words:
                for w in said[k + 1:k + 4]:
                    iso = self.lex.get(w).country
                    if iso and iso != home:
                        return iso
        return ""

    def _sides_said(self, span: Span, home: str) -> tuple[str, ...]:
        """The sides ("south", "east") of the direction word nearest the mention in its
        sentence that stands before its own country ("i södra Iran", "i norra delen av
        Syrien", "i södra delen av landet"); () where none does."""
        text = getattr(self.before, "text", "")
        begin, stop = _near_sentence(text, span.start, span.end)
        table, lex = directions(), self.lex
        said = [(m.start() + begin, fold(m.group())) for m in rx.finditer(
            r"\p{L}+", text[begin:stop])]
        best: tuple[int, tuple[str, ...]] | None = None
        for k, (at, word) in enumerate(said):
            sides = table.sides.get(word)
            if not sides or span.start <= at < span.end:
                continue
            after = [w for _, w in said[k + 1:k + 5]]
            if after[:2] == ["delen", "av"]:
                after = after[2:]
            named = after[:1] and (after[0] in table.land_words or home in (
                lex.get(after[0]).country, lex.get(" ".join(after[:2])).country))
            if named and (best is None or abs(at - span.start) < best[0]):
                best = (abs(at - span.start), sides)
        return best[1] if best else ()
