"""Towns, villages, districts, sites and ports drawn to fit what the essay says of them (by the sea,
near home, as far, on an island).
"""
from __future__ import annotations

import math
from collections import Counter
from itertools import pairwise
from typing import TYPE_CHECKING

import regex

from pseudonymize.coordinates import (by_border, commute_km, distance_km, latitude_apart,
                                      latitude_deg, near_km, nearest_of, seat_km)
from pseudonymize.lexicon import fold
from pseudonymize.thresholds import HOME_TOWN_MAX
from pseudonymize.types import Span
from pseudonymize.surrogates import rx
from pseudonymize.surrogates.common import (KEPT_VILLAGE_ZIPF, LATITUDE_FEWEST, LEARNER_HOME,
                                            VILLAGE_NEAR_GAP,
                                            WATER_KINDS, town_sections)
from pseudonymize.surrogates.words import _near_sentence, _sentence_end, _sentence_start, words
from pseudonymize.surrogates.inflect import street_ending
from pseudonymize.surrogates.kinds import institution_kinds, university_fields
from pseudonymize.surrogates.geography import abroad

if TYPE_CHECKING:
    from pseudonymize.lexicon import Lexicon
    from pseudonymize.surrogates.forms import Draws

# Lifelike (h-lifelike58): a surrogate municipality's seat drawn for a locality in it has between
# a third and three times the original seat's people, where the pool holds such a seat.
SEAT_SIZE_RATIO = 3


class Places:
    """Mixin of `Renderer` (`self` is the renderer of one essay)."""

    def _any_town(self, country: str, cities: list[str], parts: frozenset[str],
                  rng: Draws) -> str:
        """The last resorts of `_place`, in order: a town of the country, then (lifelike) one
        the lexicon lists as a town's section, a kept village, a neighbour's town, a Swedish
        town, a Swedish place name of our own."""
        lex = self.lex
        return self._draw(cities, rng) or self._draw(
            lex.cities_by_country.get(country, []) if parts else [], rng) or \
            self._kept_village(country, rng) or self._neighbour_town(country, rng) or self._draw(
            lex.cities_by_country.get("SE", []), rng) or self._compound(rng, "by")

    def _town_candidates(self, span: Span, country: str) -> tuple[frozenset[str], list[str]]:
        """The towns of `country` a place may become, and (lifelike) the sections of towns
        the lexicon lists as towns, which never are one (Ecopark, Kentron)."""
        lex = self.lex
        parts = town_sections(lex) if self.effective == "lifelike" else frozenset()
        cities = [c for c in lex.cities_by_country.get(country, [])
                  if c not in self.geo.not_towns_abroad and c not in parts]
        if country == "SE":
            cities = self._swedish_towns(cities)
        if self.effective == "lifelike" and span.label in ("city", "area") and country != "SE":
            cities = self._off_islands(span, cities)  # "från Izmir tog vi tåget": not Chios
            # (round 43) never a town whose name the lexicon reads as another country's
            # (Sierra Leone's Waterloo is Canada's: the next mention followed it to Ontario)
            cities = [c for c in cities
                      if lex.get(fold(c)).place_country in ("", country)] or cities
        return parts, cities

    def _place(self, span: Span, original: str, rng: Draws) -> str:
        """A place of the same kind in the surrogate of its country (or its own country when
        that is not replaced); a street of the essay's surrogate city."""
        label, lex = span.label, self.lex
        named = self._feature_named_before(original) if label != "place" else None
        if named:
            return named  # "ön Ndzuani, på franska Anjouan": one island under its two names
        home = self._country_of(span, original)
        country = self.countries.get(home, home) or "SE"
        if home not in ("", "SE") and label in ("city", "area"):
            self.abroad = home
        entry = lex.get(span.key or fold(original))
        if self.effective == "lifelike" and home not in ("", "SE") and not (
                entry.place_country or entry.country or entry.se_pop):
            self.place_homes[fold(original)] = home  # (round 51) for the learner's next essays
        camp = self._camp(span, original, home, country, rng) if country != "SE" else None
        if camp:
            return camp  # "i lägret Kakuma" -> "i lägret Nakivale", never a town
        if label == "place":
            return self._named_site(span, original, country, rng)
        parts, cities = self._town_candidates(span, country)
        pick = self._place_of_its_own(span, original, home, country, cities, rng)
        if pick:
            return pick
        pick = self._ski_town(span, country, rng)
        if pick:
            self._settle(span, original, pick)
            return pick
        said, village = self._village_said(span, original, country)
        anchor = self.village_towns.get(span.key or fold(original)) if label == "city" else None
        if anchor and not self._original(anchor):
            return anchor  # "Färila, en by nära Ljusdal": Ljusdal is the village's town
        if label == "city" and country == "SE" and not self._known(span, original) and \
                self.city and said != "small":
            # "Tjärna ängar", "Porsön": a place no gazetteer knows, in an essay with a town, is
            # one of its districts (never a second town), or a Swedish place name of our own;
            # lifelike: a small locality near the town where we know none of its districts
            if self.city not in lex.districts_by_town and self.effective == "lifelike":
                said, village = "small", True
            elif self.city not in lex.districts_by_town:
                return self._compound(rng, "")
            else:
                self.districts.add(span.start)
        pool = self._place_pool(span, original, home, country, cities, said, rng)
        pool = self._narrowed_places(span, original, pool, home, country, cities)
        pool, village = self._fitting(span, original, pool, cities, country, said, village)
        # (a district of a big town abroad before a town of another country: Maardu, never
        # Sundsvall, where Estonia's few other towns are taken)
        pick = (village and self._seat_drawn(span, original)) or self._draw(
            pool, rng) or self._any_town(country, cities, parts, rng)
        essay_town = self.towns[0] if self.towns else None
        if self.effective == "lifelike" and country != "SE" and label == "city":
            self.towns_abroad.append((span.start, pick))
        self._settle(span, original, pick)
        return (village and country == "SE" and self._village(span, pick, essay_town, rng)
                ) or pick

    def _fitting(self, span: Span, original: str, pool: list[str], cities: list[str],
                 country: str, said: str, village: bool) -> tuple[list[str], bool]:
        """`_place`'s last narrowing of a Swedish town's pool (lifelike): (round 50) after what
        the essay says of the town (its castle, coast, trains); a municipality's name before
        "kommun" ("Nordanstigs kommun"), never a locality's ("Åshammars kommun") nor a
        village near the essay's town. The pool and whether it is a village's."""
        if self.effective != "lifelike" or span.label != "city" or country != "SE":
            return pool, village
        if not said and not self.is_district(span, original):
            pool = self._of_latitude(span, original, pool, cities)
        if self._next_word(span) in words().municipality_words:
            pool, village = [c for c in pool if fold(c) in self.lex.municipalities] or pool, False
        elif village and (seat := self._seat(span, original)):
            # "Löberöd i Eslövs kommun": the town drawn for the village is the surrogate
            # municipality's seat (`_village` draws the village around it), one of about the
            # seat's size ("essunga är Sveriges minsta kommun" never Kungsbacka)
            seats = [c for c in pool if fold(c) in self.lex.municipalities]
            was = self.lex.get(seat).se_pop
            pool = [c for c in seats if was and was / SEAT_SIZE_RATIO <= self.lex.get(
                fold(c)).se_pop <= was * SEAT_SIZE_RATIO] or seats or pool
        return pool, village

    def _kept_village(self, country: str, rng: Draws) -> str | None:
        """Lifelike (round 49): a town of a country the essay's words keep (`keep_countries`)
        whose listed towns are all taken (the Maldives' Malé alone, beside "dhivehi"): one of
        its villages (GeoNames' cities500, `Lexicon.local_places`), never a Swedish town ("Jag
        föddes på Vasastaden") nor another country's. (Round 50) So is an island country's
        with no land border (Samoa: Apia alone; "från Apia" was drawn as Gävle)."""
        if self.effective != "lifelike" or country in ("", "SE") or (
                country not in self.kept and self.lex.neighbours.get(country)):
            return None
        # (never a name the lexicon reads as another country's town: Paraguay's Concepción
        # is Chile's to the next mention)
        return self._draw([t for t in local_towns(self.lex, country) if self._free(t) and (
            entry := self.lex.get(fold(t))).zipf < KEPT_VILLAGE_ZIPF
                           and entry.place_country in ("", country)], rng)

    def _neighbour_town(self, country: str, rng: Draws) -> str | None:
        """Lifelike (round 45): a town abroad whose country has no town left to draw (Paraguay's
        seven, all the learner's originals or drawn) is a town of a bordering country, never
        a Swedish one ("min syster bor kvar i Encarnación" -> Nyköping read as false)."""
        if self.effective != "lifelike" or country in ("", "SE"):
            return None
        by_country = self.lex.cities_by_country
        return self._draw([c for iso in sorted(self.lex.neighbours.get(country, ()))
                           for c in by_country.get(iso, [])], rng)

    def _named_site(self, span: Span, original: str, country: str, rng: Draws) -> str:
        """A named site (label "place"): a landmark, a town abroad for a bazaar or ruin, a park
        for a park, else a street of the essay's surrogate town with the original's ending."""
        lex = self.lex
        pick = self._landmark(span, original, country, rng) or self._site_of_its_own(
            span, original, country, rng)
        if pick:
            return pick
        ending = street_ending(original)
        if country != "SE" and not ending:
            # a bazaar or a ruin abroad: never a Swedish street (but "en restaurang på
            # Storgatan" after a sentence about Thailand is a Swedish street)
            pick = self._draw(lex.cities_by_country.get(country, []), rng) or self._draw(
                [c for iso in sorted(set(self.countries.values()) - {"SE"})
                 for c in lex.cities_by_country.get(iso, [])], rng)
            if pick:
                return pick
        bare = self._bare_word(span, original)
        if bare:
            return bare
        other = next((e for e in words().place_endings if fold(original).endswith(e)
                      and len(original) > len(e) + 1), "") if not ending else ""
        if other:  # Furuviksparken -> Ekbackaparken: a park stays a park, never a street
            return self._compound(rng, other)
        streets = lex.streets_by_city.get(self.city or "", []) or (
            list(words().common_streets) if self.effective == "lifelike"  # never Sveavägen
            else lex.pools.get("street", []))
        same = [s for s in streets if ending and s.lower().endswith(ending.lower())]
        return (self._draw(same, rng) or self._draw(streets, rng)
                or self._compound(rng, ending or words().default_street_ending))

    def _site_of_its_own(self, span: Span, original: str, country: str,
                         rng: Draws) -> str | None:
        """Lifelike: a named site that is only an institution's kind word ("på Lärcentrum i
        Laholm": an institution of that kind, never a street), or a river its words say it is
        ("min by låg vid Prut, floden": `_water_said`); None otherwise."""
        if self.effective != "lifelike":
            return None
        key = fold(original)
        kind = next((k for k in institution_kinds(True) if key in k.words), None)
        if kind is not None:
            return self._of_kind(kind, original, "", rng)
        if key in self.geo.feature_folds:
            # "Kanot på Lelång" read as a site: the lake it is, never Stationsgatan
            pick = self._feature(span, original, country, rng)
            if pick:
                return pick
        water = "" if street_ending(original) else self._water_said(span, original)
        if water:
            return self._feature(span, original, country, rng, water)
        return None

    def _place_of_its_own(self, span: Span, original: str, home: str, country: str,
                          cities: list[str], rng: Draws) -> str | None:
        """A place the essay says more of than its label: the capital it calls so, a range,
        island or sound read as a town, a town in its region abroad, a region of its town, a
        feature; None where the place is drawn from a pool of its kind (`cities`: the
        surrogate country's towns, lifelike abroad off the islands where the essay leaves
        them)."""
        label = span.label
        lifelike = self.effective == "lifelike"
        capital = self._capital_said(span, country) if label == "city" else None
        if capital:
            return capital  # "Asmara, huvudstaden" -> Addis Abeba (Djibouti for Djibouti)
        name = self.geo.feature_folds.get(fold(original))
        if lifelike and country != "SE" and name and (label in ("city", "area") or (
                label == "region" and self.geo.features[name][0] == "island")) and \
                self._stays_feature(span, name):
            # "i Hindu Kush" read as a town: a range of the surrogate country
            # "Vi träffades på Phuket", read as a town: an island of the surrogate country
            # (Phu Quoc), never "på Saigon"; "Palermo på Sicilien", an island region: an
            # island with towns (never "på Toscana")
            pick = self._feature(span, original, country, rng)
            if pick:
                return pick
        water = self._water_said(span, original) if lifelike and not name and label in (
            "city", "place", "geo") else ""
        if water and label != "geo":
            # "badade i Prut", "Prut ..., floden var varm" read as a town: a river
            pick = self._feature(span, original, country, rng, water)
            if pick:
                return pick
        if lifelike and label in ("city", "area") and country != "SE":
            pick = self._in_region_abroad(span, original, cities, self._off_islands(
                span, self._coast_town(span, original, home, country)), rng)
            if pick:
                if label == "city":
                    self.towns_abroad.append((span.start, pick))  # a river after it: its own
                return pick
        if lifelike and country == "SE" and label in ("city", "region"):
            # Kalmarsund read as a town, Öland as a region: a sound stays one the surrogate
            # town lies on, an island an island (never a district, never a province); but
            # the town of an address ("450 40 hönö") stays a town, never the bare "ön"
            if name and not abroad(self.geo.features[name][1]) and not self._address_town(span):
                pick = self._feature(span, original, country, rng)
                if pick:
                    return pick
        if label == "region" and country == "SE":
            pick = self._region_of_town(original)
            if pick:
                return pick
        if label == "geo":
            # "Från Lesbos tog vi bussen": the bus leaves from a town of the mainland; "badade
            # i Prut" labelled water: a river of the country, never a town (`_water_said`)
            pick = self._bare_word(span, original) or (
                country != "SE" and not water and self._leaves_by_land(span) and self._draw(
                    [c for c in self._off_islands(span, cities) if self._free(c)], rng)) or \
                self._feature(span, original, country, rng, water)
            if pick:
                return pick
        return None

    def _water_said(self, span: Span, original: str) -> str:
        """Lifelike: a name no gazetteer knows as a place and of no place's ending, read as a
        town, a site or a water, that the essay calls a lake or river right after it ("vid
        Prut, floden var stor", "i Dovern, sjön var kall"; never "byn X nära floden") or
        bathes or fishes in ("badade i Prut": `water_verbs_lifelike` before "i"; "badar
        vid X" is a beach's): "lake" or "river", "" for none."""
        key = span.key or fold(original)
        if self.lex.get(key).place_kind or " " in key or any(
                key.endswith(end) for end in words().place_endings):
            return ""
        text = getattr(self.before, "text", "")
        said = rx.match(r"\s*,?\s*(\p{L}+)", text[span.end:span.end + 30])
        kind = dict(self.geo.kind_words).get(fold(said.group(1)), "") if said else ""
        if kind in ("lake", "river"):
            return kind
        before = self.before.get(span.start, ())
        # (the verb one word further back past a subject or object: "fiskar vi i X")
        return "river" if before and before[-1] == "i" and not words().water_verbs.isdisjoint(
            before[-3:-1]) else ""

    def _village_said(self, span: Span, original: str, country: str) -> tuple[str, bool]:
        """(the size the essay gives a Swedish town, "small"/"big"/"", whether it is a
        village): a village word, or lifelike a small locality beside the essay's town."""
        label, lex = span.label, self.lex
        said = self._size_said(span) if label == "city" and country == "SE" else ""
        village = said == "small" and self._size_word(span) in words().village_words
        if self.effective == "lifelike" and label == "city" and country == "SE" and not said \
                and (self.towns and 0 < lex.get(span.key or fold(original)).se_pop <
                     words().village_max and not self._original(self.towns[0])
                     or self._village_by_town(span, original)) and \
                not self.is_district(span, original):
            # a locality under village_max after the essay's town ("badar på stranden vid
            # Örnäs", "jobbar i Timmele" beside Åmål, Ulricehamn): a village of its county,
            # never a town anywhere (Västerås, Lund)
            said, village = "small", True
        return said, village

    def _place_pool(self, span: Span, original: str, home: str, country: str,
                    cities: list[str], said: str, rng: Draws) -> list[str]:
        """The places a place is drawn from, by its label, country and what the essay says."""
        label, lex = span.label, self.lex
        if label == "city" and country == "SE" and self.is_district(span, original):
            return self._district_pool(span, original, rng)
        if label == "city" and country == "SE" and said:
            return self._sized_towns(span, original, cities, country, said)
        if label == "city" and country == "SE" and self.has_district:
            # the essay names a district: its town comes from the towns whose districts we know
            pool = self._enough_districts([c for c in cities if c in lex.districts_by_town]) \
                or cities
            return self._nearby(pool, span, original) or pool
        if label == "city" and country == "SE":
            # where the original lies and about its size; where the two disagree, nearness for
            # a later town (Falun "20 minuter" away), size for the essay's first
            near = self._nearby(cities, span, original)
            sized = self._similar_size(cities, span, original, country)
            pool = [c for c in near if c in sized and self._free(c)] or (
                near if self.towns or self.home[0] else sized)
            pool = self._with_partner(span, original, pool, cities)
            return self._port(span, cities) or pool
        if label == "city":
            pool = self._similar_size(cities, span, original, country)
            if self.effective == "lifelike":
                pool = self._of_said_size(span, cities, country) if self._size_said(span) \
                    else pool
                coast = self._coast_town(span, original, home, country)
                pool = [c for c in coast if c in pool] or coast or pool
                # (h-lifelike59) never for a city of millions outside the people's regions
                # ("tåg till Moskva" beside "udmurtiska" was a small Udmurt town; a Tatar's
                # Kazan is still a Tatar town)
                spoken = self._spoken(country, cities) if self.lex.get(
                    span.key or fold(original)).place_pop < HOME_TOWN_MAX or \
                    self._among_homes(span, original) else cities
                if spoken is not cities:  # "kurdiska": a town where Kurdish is spoken at home
                    pool = [c for c in pool if c in set(spoken)] or spoken
            return pool
        if label == "geo" and country == "SE":
            return lex.pools.get("geo:SE") or lex.pools.get("geo", [])
        # a region, area or feature abroad: one of the surrogate country, else a town of it
        own = lex.pools.get(f"{label}:{country}")
        if own or country == "SE" or self.effective != "lifelike":
            return own or (lex.pools.get(label, []) if country == "SE" else cities)
        return self._spoken(country, cities)  # (round 43) "i chinstaten": a town of Chin State

    def _district_pool(self, span: Span, original: str, rng: Draws) -> list[str]:
        """Hulta (in Borås) -> a district of the essay's surrogate town; an essay naming
        districts only keeps them in one town (never Flemingsberg beside Luthagen)."""
        lex = self.lex
        if self.city is None:
            towns = self._enough_districts([t for t in self._swedish_towns(
                list(lex.districts_by_town)) if t in lex.districts_by_town and self._free(t)])
            self.city = self._draw(towns, rng)
            if self.effective == "lifelike" and self.city:
                # "Jag bor i Hjällbo ... Göteborgs universitet": the district's own town is
                # the surrogate town in the names of institutions too
                own = next((t for t, names in lex.districts_by_town.items()
                            if original in names), None)
                if own:
                    self.place_map.setdefault(fold(own), self.city)
        town = self._town_after(span) or self._own_town_rendered(original) or \
            self._own_town_named(original, rng) or self.city
        return lex.districts_by_town.get(town or "", []) or [
            d for names in lex.districts_by_town.values() for d in names]

    def _sized_towns(self, span: Span, original: str, cities: list[str], country: str,
                     said: str) -> list[str]:
        """"Lund, en by nära Karlstad", "Göteborg, det är en storstad": a town of the size
        the essay gives it (one whose districts we know where the essay names one), placed as
        the original lies."""
        lex = self.lex
        towns = list(dict.fromkeys(cities + list(self.geo.towns)))
        # the essay's institutions and districts are its first town's: a village elsewhere
        # ("min fru kommer från en by som heter Ammarnäs") needs no university
        towns = self._swedish_towns(towns) if not self.towns or said == "big" else [
            c for c in towns if c not in self.geo.not_towns and (
                c in self.geo.shore_towns or not self._shore_after(span))]
        towns = [c for c in towns if c in lex.districts_by_town] if self.has_district \
            and not self.towns else towns
        sized = self._of_said_size(span, towns, country, said, strict=True)
        return (self._nearby(sized, span, original, extend=False) if sized else
                self._of_said_size(span, self._nearby(towns, span, original, extend=False)
                                   or towns, country, said))

    def _narrowed_places(self, span: Span, original: str, pool: list[str], home: str,
                         country: str, cities: list[str]) -> list[str]:
        """`pool` narrowed to what the essay says around the place: a town with a second name,
        one of a named region, of the surrogate country on its river, on the side of a town
        the essay names, one with the institution the essay puts there."""
        label = span.label
        lifelike = self.effective == "lifelike"
        if self._alias_clause(span)[0] == "first":  # "Halab, på svenska heter det Aleppo":
            english = words().english_names if lifelike else {}  # (an English name too)
            pool = [c for c in pool if self._other_names(c) or fold(c) in english] or pool
            if lifelike:  # never "ar-Raqqa, på svenska Raqqa"
                pool = [c for c in pool if self._two_names(c)] or pool
        if fold(original) in self.towns_with_region and country != "SE":
            pool = self._of_named_region(span, original, pool, country, cities)
        if lifelike and country != "SE" and label in ("city", "area"):
            pool = self._on_its_waters(span, original, pool, home, country, cities)
        if lifelike and country == "SE" and label == "city":
            pool = self._side_of_town(span, pool, cities)  # "Sollentuna, norr om Stockholm"
        need = self.institution_towns.get(span.key or fold(original)) if country == "SE" \
            else None
        if need and label == "city":
            # "Mittuniversitetet i Sundsvall": a town that has one, the nearest such where
            # none is as near as the original lies
            pool = [c for c in pool if c in need] or self._nearby(
                sorted(need), span, original, extend=False) or pool
        return pool

    def _ski_town(self, span: Span, country: str, rng: Draws) -> str | None:
        """Lifelike: a Swedish town one skis in ("åkte skidor i Sälen", "liftskötare i Åre") is
        a ski town (`ski_towns_lifelike`), never Rejmyre; None for any other place."""
        if self.effective != "lifelike" or country != "SE" or span.label != "city" or \
                not self._skied_in(span):
            return None
        return self._draw(sorted(t for t in words().ski_towns if self.lex.get(fold(t)).se_pop
                                 and self._free(t)), rng)

    def _skied_in(self, span: Span) -> bool:
        """Lifelike: the place follows "i", "till", "på" or "vid" in a sentence that skis
        (`ski_words_lifelike`: "skidor", "liften", "slalom"), so it is where one skis."""
        text = getattr(self.before, "text", "")
        if words().ski_places.isdisjoint(self.before.get(span.start, ())[-1:]):
            return False
        sentence = fold(text[_sentence_start(text, span.start):_sentence_end(text, span.end)])
        return not words().ski_words.isdisjoint(rx.findall(r"\p{L}+", sentence))

    def _of_named_region(self, span: Span, original: str, pool: list[str], country: str,
                         cities: list[str]) -> list[str]:
        """"Shiraz i Fars": a town whose region has a name of its own; "Halabja, en stad i
        Kurdistan" after "Silemani i Kurdistan": one of the region already drawn."""
        region = self.towns_with_region[fold(original)]
        if self.effective == "lifelike" and region in self.geo.cue_regions and \
                self._people_region(region):
            # (round 52) a people's home region kept ("Bilbao i Baskien" beside "basker"): a
            # town of its homes, never Lleida in the Basque Country
            homes = self._spoken(country, cities)
            if homes is not cities:
                return homes
        done = self.written_places.get(region) or self.place_map.get(region)
        # (never one of the essay's own region where that is replaced: "Sevilla i Andalusien"
        # is no "Granada i ...", whose region, the original, could not be written)
        regions = {c: name for c in cities if (name := self._region_name(c)) and (
            not self._original(name) or done and fold(name) == fold(done))}
        named = [c for c in regions if not done or fold(regions[c]) == fold(done)] or \
            list(regions)
        return [c for c in pool if c in set(named)] or (self._similar_size(
            named, span, original, country) if span.label == "city" and named else pool)

    def _on_its_waters(self, span: Span, original: str, pool: list[str], home: str,
                       country: str, cities: list[str]) -> list[str]:
        """Lifelike, a town or area abroad: one of the surrogate country, off its islands, on
        the surrogate of the river the essay puts it on, on the side of the border it says."""
        pool = self._in_country(pool, country) or pool
        pool = self._off_islands(span, pool) or pool
        # "Floden Niger flyter genom Bamako": a town on the river's surrogate
        on = self._on_waters(span, country)
        # ... on it in another country where the surrogate country has none ("Niger
        # flyter genom Alger" never keeps a town the river does not touch)
        free = sorted(t for t in on if self._free(t))
        # (a town whose country the essay names and replaces: only on a river of its own
        # sentence, "Shabelle" in one sentence never puts "Minneapolis i USA" in the next
        # on the Nile, in Uganda)
        elsewhere = country == home or self._tied(self.waters_abroad, span)
        pool = [t for t in free if self.lex.get(fold(t)).place_country == country] or ((
            [t for t in free if self.lex.get(fold(t)).place_country in set(
                self.countries.values())] or free) if elsewhere else []) or pool
        if span.label == "city":  # (a town whose region is named keeps to such towns)
            pool = self._on_side_said(span, home, country, pool, [] if fold(
                original) in self.towns_with_region else cities)
        return pool

    def _school_abroad(self, span: Span, original: str) -> str:
        """Lifelike: the bare word for a school or university abroad named without a place
        ("studerade kemi på Fudan i Shanghaj", "flyttade till Santiago för att studera ...
        på USACH"): "universitetet" (a field or university word in its sentence), else
        "skolan", never a Swedish institution in a town abroad; "" where it is no such."""
        if self.effective != "lifelike" or span.label != "school" or self._places_in(original) \
                or not words().institution_abroad.isdisjoint(rx.findall(r"\p{L}+", fold(
                    original))):  # "maseno university": round 14's, a town of the country
            return ""
        said = self._kind_said(span)
        if said and not said.name.endswith(("school", "university", "secondary", "education")):
            return ""  # "konto på BDO" read as a school: a bank
        text, lex = getattr(self.before, "text", ""), self.lex
        begin, end = _near_sentence(text, span.start, span.end)
        # the sentence's marked places (other words may spell a town somewhere: "tar", "där")
        places = [lex.get(fold(w)) for w in rx.findall(r"\p{L}[\p{L}-]*", text[begin:end])
                  if fold(w) != fold(original) and fold(w) in self.avoid_folds]
        abroad_ = [e for e in places if e.place_country not in ("", "SE") and e.place_pop
                   and not e.se_pop and not e.gender or e.country not in ("", "SE")]
        if not abroad_ or any(e.se_pop or e.country == "SE" for e in places):
            return ""
        said = set(rx.findall(r"\p{L}+", fold(text[begin:end])))
        study = not said.isdisjoint(words().university_said) or bool(university_fields().keys()
                                                                     & said)
        return "universitetet" if study else "skolan"

    def _camp(self, span: Span, original: str, home: str, country: str, rng: Draws
              ) -> str | None:
        """Lifelike: a refugee camp of the surrogate country for a place the essay calls a
        camp (`camp_words_lifelike` right before or after it, or a listed camp), never a town;
        None where the country has no listed camp left or the place is no camp."""
        if self.effective != "lifelike" or span.label not in ("city", "area", "place"):
            return None
        w, text = words(), getattr(self.before, "text", "")
        after = rx.match(r"(-?\p{L}+)", text[span.end:span.end + 20].lstrip(" "))
        listed = any(fold(original) in map(fold, names) for names in w.camps.values())
        if not (listed or w.camp_words & set(self.before.get(span.start, ())[-1:])
                or after and fold(after.group(1)) in w.camp_words):
            return None
        return self._draw([c for c in w.camps.get(country, ()) if self._free(c)], rng)

    def _enough_districts(self, towns: list[str]) -> list[str]:
        """Lifelike: the towns that have as many known districts as the essay names, so none
        of its districts becomes a town ("Hjällbo ... Angered ... Bergsjön" never "Kronoparken
        ... Göteborg ... Mölndal"); else `towns`."""
        if self.effective != "lifelike":
            return towns
        named = sum("district" in self.lex.get(f).cats for f in self.avoid_folds)
        return [t for t in towns if len(self.lex.districts_by_town.get(t, ())) >= named] or towns

    def _village_by_town(self, span: Span, original: str) -> bool:
        """Lifelike: whether a Swedish locality of fewer than `village_near_max` people stands
        right before "utanför", "nära" ... a more populous Swedish town ("mellbystrand utanför
        Laholm"): a village of that town (before: "gävle utanför Sandviken"); (h-lifelike58)
        a locality the essay puts in a municipality (`_seat`: "Höllviken i Vellinge")."""
        w = words()
        pop = self.lex.get(span.key or fold(original)).se_pop
        if self._seat(span, original):
            return True
        if not 0 < pop < w.village_near_max:
            return False
        after = getattr(self.before, "text", "")[span.end:span.end + 80]
        near = w.village_near.match(after)
        if near and near.start(1) <= VILLAGE_NEAR_GAP:
            return self.lex.get(fold(near.group(1))).se_pop > pop
        # "Gimo i Östhammars kommun": a locality in the municipality of a bigger town is a
        # village of that town (never "Eskilstuna i Nyköpings kommun")
        seat = rx.match(r"\s+i\s+(\p{L}+?)s?\s+(\p{L}+)", after)  # "i tierps kommun" too
        return bool(seat) and seat.group(2) in w.town_words and \
            self.lex.get(fold(seat.group(1))).se_pop > pop

    def _seat(self, span: Span, original: str) -> str | None:
        """Lifelike (h-lifelike58): the fold of the Swedish municipality the essay puts a
        smaller locality in, right after it ("Löberöd i Eslövs kommun", "Höllviken i
        Vellinge", "teckomatorp i svalövs kommun"); None for anything else (a municipality in
        another, "Solna i Stockholm"; a district; "i juni"). The locality's surrogate is then
        drawn around the municipality's surrogate (`_village`), never a village of another
        county ("Barnarp i Kalmars kommun")."""
        if self.effective != "lifelike" or span.label != "city":
            return None
        lex, key = self.lex, span.key or fold(original)
        pop = lex.get(key).se_pop
        if not 0 < pop < words().sizes["small"][1] or key in lex.municipalities or \
                fold(original) in lex.municipalities or self.is_district(span, original):
            return None
        after = getattr(self.before, "text", "")[span.end:span.end + 40]
        seat = rx.match(r"\s+i\s+(\p{L}+)(?:\s+(\p{L}+))?", after)
        if not seat:
            return None
        name, kind = fold(seat.group(1)), fold(seat.group(2) or "")
        if kind in words().municipality_words and name not in lex.municipalities and \
                name.endswith("s"):
            name = name[:-1]  # "i Eslövs kommun"
        return name if name in lex.municipalities and name != key else None

    def _village(self, span: Span, town: str, essay_town: str | None, rng: Draws
                 ) -> str | None:
        """Lifelike: a locality of fewer than `village_max` inhabitants in the county of the
        town it lies "nära" (`town`, drawn for the village; the town named there becomes it:
        "Färila, en by nära Ljusdal" -> "Järvsö, en by nära Bollnäs", never "Bollnäs ...
        nära Sandviken"), else of the essay's town. None when the county has none free or the
        essay bathes there (we know which towns lie on the shore, not which villages)."""
        if self._shore_after(span):
            return None
        w, lex = words(), self.lex
        text = getattr(self.before, "text", "")
        near = w.village_near.match(text[span.end:span.end + 80])
        near = near if near and lex.get(fold(near.group(1))).se_pop > 1 else None
        seat = None if near else self._seat(span, text[span.start:span.end])
        found = self._seat_village(span, seat, town, rng) if seat else None
        if found:
            return found
        county = next((key for key, names in lex.pools.items() if key.startswith("village:")
                       and (town if near or not essay_town else essay_town) in names), "")
        # "en by nära Karlstad": within `near_km` of the town's surrogate (Charlottenberg, 80
        # km off, is not near it; the town's surrogate drawn before, else `town`), in any
        # county; else one of the town's county as before
        center = (self.place_map.get(fold(near.group(1))) if near else None) or town
        around = [v for key, names in lex.pools.items() if near and key.startswith("village:")
                  for v in names if (distance_km(center, v) or math.inf) <= near_km()]
        pool = [v for v in around or lex.pools.get(county, []) for e in (lex.get(fold(v)),)
                if 1 < e.se_pop < w.village_max and e.zipf < w.word_zipf and not e.gender
                and v not in self.geo.towns]
        pick = self._draw(pool, rng) if county or around else None
        if pick is None:
            return None
        self.villages.add(pick)
        if near:
            self.village_towns.setdefault(fold(near.group(1)), town)
            self.used.add(town.lower())
        return pick

    def _seat_drawn(self, span: Span, original: str) -> str | None:
        """Lifelike: the surrogate already drawn for the municipality the essay puts a
        locality in (`_seat`: named before in the essay or by the learner), where it is a
        municipality's: the town the locality is drawn around, and the essay's town (its
        landskap, postcodes) as the municipality's would be; None otherwise."""
        seat = self._seat(span, original)
        drawn = self.place_map.get(seat) if seat else None
        return drawn if drawn and fold(drawn) in self.lex.municipalities else None

    def _seat_village(self, span: Span, seat: str, town: str, rng: Draws) -> str | None:
        """Lifelike (h-lifelike58): a locality of the surrogate of municipality `seat` (fold),
        the one drawn before where the essay or the learner named it, else `town` (drawn for
        the village among municipalities, `_fitting`): one within `seat_km` of its seat and
        nearer it than any other municipality's seat (we know no locality's municipality; the
        nearest seat's is the likeliest), smaller than the seat and no municipality's own name,
        of about the original's size ("Löberöd i Eslövs kommun" -> "Genarp i Lunds kommun",
        never "Barnarp i Kalmars kommun", nor "Hörvik i Karlshamns kommun", nearer Sölvesborg).
        The municipality is then written as that seat. None where none is known around it."""
        lex = self.lex
        center = self.place_map.get(seat) or town
        center_pop = lex.get(fold(center)).se_pop
        most = max(words().village_max, 2 * lex.get(span.key or fold(
            getattr(self.before, "text", "")[span.start:span.end])).se_pop)
        pool = sorted({v for key, names in lex.pools.items() if key.startswith("village:")
                       for v in names if (distance_km(center, v) or math.inf) <= seat_km()
                       and v != center and fold(v) not in lex.municipalities
                       and 1 < (e := lex.get(fold(v))).se_pop < min(most, center_pop or most)
                       and e.zipf < words().word_zipf and not e.gender
                       and v not in self.geo.towns and self._free(v)})
        # (a seat of a city's suburbs, Sollentuna, has no locality of its own: one of its
        # districts, else any locality around it)
        pick = self._draw([v for v in pool if nearest_of(v, lex.municipalities) == fold(center)],
                          rng) or self._draw(list(lex.districts_by_town.get(center, ())), rng) \
            or self._draw(pool, rng)
        if fold(center) in lex.municipalities:
            # the municipality is written as its seat, whether or not a locality was found
            # (then one of the seat's county, `_village`)
            self.village_towns.setdefault(seat, center)
            self.used.add(center.lower())
        if pick is None:
            return None
        self.villages.add(pick)
        return pick

    def _settle(self, span: Span, original: str, pick: str) -> None:
        """A Swedish town's surrogate, drawn now or remembered from the learner's earlier essay,
        becomes one of the essay's towns: its districts, postcodes, lakes, landskap, hospital
        and trains follow it."""
        if span.label != "city" or self.is_district(span, original) or pick in self.villages:
            return
        if pick in self.towns:
            self.towns_at.append((span.start, pick, span.key or fold(original)))
            return
        home = self._country_of(span, original)
        if (self.countries.get(home, home) or "SE") != "SE" or pick in {
                d for names in self.lex.districts_by_town.values() for d in names}:
            return
        if pick == self.home[0] or not self.towns and not self._near_home(span, original):
            # the essay's first town, or the learner's home where the essay names it or only
            # a town near it ("föräldrar bor i Boden" beside a home in Luleå)
            self.city = pick
        self.towns.append(pick)
        self.towns_at.append((span.start, pick, span.key or fold(original)))
        self.town_origins.append(span.key or fold(original))
        seen = self.base.get((LEARNER_HOME + pick, 0), "0 0").split()
        if int(seen[1]) != self.essay_number:
            self.base[(LEARNER_HOME + pick, 0)] = \
                f"{int(seen[0]) + 1} {self.essay_number} {span.key or fold(original)}"

    def _port(self, span: Span, cities: list[str]) -> list[str]:
        """A town reached or left by boat ("färja från Ystad") is a ferry port (`ports` in
        geography.toml), the nearest to the essay's town; [] when no boat is named before it."""
        geo = self.geo
        said = self.before.get(span.start, ())[-4:]
        if self.effective == "lifelike":  # "färjan Stena Spirit från Gdynia till Karlskrona"
            text = getattr(self.before, "text", "")
            said = fold(rx.split(r"[.!?\n]", text[max(0, span.start - 120):span.start])[-1]
                        ).split()
            # or the boat right after it ("Vi kom till Trelleborg med färjan"): the words up
            # to the clause's end, three at most
            said += rx.findall(r"\p{L}+", fold(rx.split(r"[,;:.!?\n]", text[
                span.end:span.end + 40])[0]))[:3]
        if geo.ferry_words.isdisjoint(said):
            return []
        ports = [t for t in dict.fromkeys(cities + list(geo.towns)) if t in geo.ports
                 and self._free(t)]
        if self.effective == "lifelike":
            # a ferry to the sentence's country abroad, where its surrogate is drawn ("från
            # Polen till Karlskrona" -> a port with a ferry to Germany, never Norrtälje)
            across = {self.countries.get(iso, "") for iso in map(self._iso_of_word, said)}
            # ... or to the country of a town abroad it names (never "från Gdynia till Umeå"),
            # to the town's surrogate where one is drawn ("från Vasa": Umeå)
            homes = self._route_homes
            across |= {homes[w] for w in said if w in homes}
            lines = {t for w in said for t in geo.ferry_lines.get(self.place_map.get(w, ""), ())}
            # (a town abroad not yet drawn: a line to another port of its country)
            lines |= {t for t in ports for w in said if w in homes and w not in self.place_map
                      and any(fold(e) != w for e in geo.ferry_lines.get(t, ())
                              if e in geo.coast_towns.get(homes[w], ()))}
            ports = [t for t in ports if t in lines] or [
                t for t in ports if any(t in geo.ports_across.get(iso, ()) for iso in across)
            ] or ports
        anchor = self.towns[0] if self.towns else self.home[0]
        if not anchor or not ports:
            return ports
        best = max(geo.closeness(anchor, t) or 0 for t in ports)
        return [t for t in ports if (geo.closeness(anchor, t) or 0) == best]

    def _coast_town(self, span: Span, original: str, home: str, country: str) -> list[str]:
        """A town abroad reached by sea (a word of the sea earlier in its sentence: "med båt
        från Tripoli till Italien och kom till Lampedusa", or just after it: "Gdańsk vid
        havet") or on the sea in `coast_towns` (under any of its names) is one on the sea of
        the surrogate country (never Stoke-on-Trent for Piraeus); [] when none holds or the
        table has no free town of that country."""
        geo, key = self.geo, span.key or fold(original)
        if not self._by_sea(span) and all(key not in self.lex.place_aliases.get(t, {fold(t)})
                                          for t in geo.coast_towns.get(home, ())):
            return []
        towns = [t for t in geo.coast_towns.get(country, ()) if self._free(t)]
        if self.effective == "lifelike":
            towns = self._landing(home, country, towns)
            # a ferry from a Swedish town of its sentence: a port of a line to it, else of a
            # line to Sweden
            swedish = self._towns_said(span)
            ends = {t for town in swedish for t in geo.ferry_lines.get(town, ())}
            towns = ([t for t in towns if t in ends] or [t for t in towns if t in geo.ferry_lines]
                     or towns) if swedish else towns
            # on the sea the essay crosses: Kaliningrad, never Makhachkala, for a ferry to Visby
            for sea in self._crossed_seas():
                on = geo.sea_towns.get(sea, {}).get(country)
                if on and country in geo.seas[sea]:
                    return [t for t in towns if t in on] or towns
        return towns

    def _landing(self, home: str, country: str, towns: list[str]) -> list[str]:
        """Lifelike: of the towns of `country` (the surrogate of `home`) reached by sea, those
        nearest the surrogate of each country the route's boat leg (`_route_graph`) joins to
        `home` (`by_border`): from Libya a boat lands on Crete, never on Chios 700 km off, and
        leaves from Tobruk; all of them where no leg's country is drawn yet or we know none."""
        geo = self.geo
        for other, how in self._route_graph().get(home, ()):
            there = "" if how in ("land", "hills") else self.countries.get(
                other, other if other in self._route_homes.values() else "")
            if there and there != country:
                # on a sea the two share (Cyprus to Egypt: Damietta, never Suez on the Red Sea)
                seas = geo.seas_of.get(country, frozenset()) & geo.seas_of.get(there, frozenset())
                on = {t for sea in sorted(seas) for t in geo.sea_towns.get(
                    geo.sea_wider.get(sea, sea), {}).get(country, ())}
                towns = [t for t in towns if t in on] or towns
                towns = by_border(country, towns, there, landing=True) or towns
        return towns

    def _by_sea(self, span: Span) -> bool:
        """A word of the sea earlier in the mention's sentence or just after it ("med båt från
        Tripoli till Italien och kom till Lampedusa", "Gdańsk vid havet")."""
        text = getattr(self.before, "text", "")
        sentence = rx.split(r"[.!?\n]", text[max(0, span.start - 120):span.start])[-1]
        after = fold(text[span.end:span.end + 25])
        # lifelike: the words, not the comma after them ("Gwadar vid havet, men ...")
        near = fold(sentence).split() + (rx.findall(r"\p{L}+", after) if self.effective
                                         == "lifelike" else after.split())[:3]
        return not self.geo.coast_words.isdisjoint(near) or (
            self.effective == "lifelike" and self._said_by_sea(span, text))

    def _said_by_sea(self, span: Span, text: str) -> bool:
        """Lifelike: the rest of the mention's sentence or the next one says the place lies by
        the sea ("Jag bodde i Tuzla. Vi bodde vid havet": `sea_at_lifelike` before a word of
        `shore_words`), so its surrogate is a town on the sea too (never an inland town)."""
        said = rx.findall(r"\p{L}+|[.!?\n]", fold(text[span.end:span.end + 200]))
        stops = [i for i, w in enumerate(said) if w in ".!?\n"]
        said = said[:stops[1] if len(stops) > 1 else len(said)]
        return any(a in words().sea_at and b in self.geo.shore_words
                   for a, b in pairwise(said))

    def _stays_feature(self, span: Span, name: str) -> bool:
        """Lifelike: a range, river or island abroad read as a town stays one of its kind
        ("i Hindu Kush", "på Phuket"), but not an island a train or bus leaves from."""
        kind = self.geo.features[name][0]
        if kind in WATER_KINDS and not (self._water_named(span.start, span.end)
                                        or self._water_said(span, getattr(
                                            self.before, "text", "")[span.start:span.end])):
            # (round 45) a river's name read as a town with no water word or verb beside it
            # is the town ("Jag är född i Tana, det är kort för Antananarivo": never "född i
            # floden")
            return False
        return kind in self.geo.no_town_kinds | {"island"} - {"sea"} and not (
            kind == "island" and self._leaves_by_land(span))

    def _off_islands(self, span: Span, towns: list[str]) -> list[str]:
        """Lifelike: the towns not on an island abroad where a train or bus leaves from the
        mention (`_leaves_by_land`), else `towns`."""
        if not self._leaves_by_land(span):
            return towns
        return [t for t in towns if fold(t) not in self.geo.islands_abroad]

    def _water_named(self, start: int, end: int) -> bool:
        """Lifelike: the text at start:end names a listed river or lake in a water's words
        ("Niger rinner genom Bamako", "ligger vid Niger"), though it also names a country."""
        geo, text = self.geo, getattr(self.before, "text", "")
        if self.effective != "lifelike" or fold(text[start:end]) not in geo.feature_folds:
            return False
        # "Niger är en stor flod", "Niger floden", "en stor flod, Niger": in its sentence
        after = rx.findall(r"\p{L}+", fold(rx.split(r"[.!?\n]", text[end:end + 40])[0]))[:4]
        before = rx.findall(r"\p{L}+", fold(rx.split(r"[.!?\n]", text[
            max(0, start - 20):start])[-1]))[-1:]
        return not geo.water_after.isdisjoint(after) or not geo.water_before.isdisjoint(before)

    def _leaves_by_land(self, span: Span) -> bool:
        """Lifelike: a train or bus leaves from the place: "från" right before it and a word
        of `land_words` in its sentence ("Från Lesbos tog vi bussen till Thessaloniki")."""
        text = getattr(self.before, "text", "")
        before = rx.split(r"[.!?\n]", text[max(0, span.start - 160):span.start])[-1]
        after = rx.split(r"[.!?\n]", text[span.end:span.end + 160])[0]
        said = rx.findall(r"\p{L}+", fold(before + " " + after))
        return self.effective == "lifelike" and fold(before).split()[-1:] == ["fran"] and \
            not self.geo.land_words.isdisjoint(said)

    def _shore_after(self, span: Span) -> bool:
        """A word of `shore_words` later in the mention's sentence ("åka till Skanör och bada
        i havet"): the place lies on the sea."""
        text = getattr(self.before, "text", "")
        rest = rx.split(r"[.!?\n]", text[span.end:span.end + 120])[0]
        return not self.geo.shore_words.isdisjoint(rx.findall(r"\p{L}+", fold(rest)))

    def _near_home(self, span: Span, original: str) -> bool:
        """The original town lies near the original of the learner's home (the same län)."""
        geo, key = self.geo, span.key or fold(original)
        name = next((t for t in geo.towns if fold(t) in (key, key[:-1])), "")
        home = next((t for t in geo.towns if fold(t) == self.home[1]), "")
        return bool(self.home[0]) and (geo.closeness(home, name) or 0) >= 3

    def _nearby(self, cities: list[str], span: Span, original: str, extend: bool = True
                ) -> list[str]:
        """Swedish towns placed as the original lies: the essay's first town in the original's
        landsdel (the snow and the dark of Luleå stay in Norrland); a later town as near the
        first surrogate as the original lies to the first original (Falun "20 minuter" from
        Borlänge -> a town of the surrogate's landskap or a neighbouring one), the nearest
        when the table does not know the original; `extend` adds the towns of geography.toml
        the gazetteers never draw."""
        geo = self.geo
        key = span.key or fold(original)
        name = next((t for t in geo.towns if fold(t) in (key, key[:-1])), "")
        if not self.towns and not self.home[0]:
            part = geo.part(name) or self._county_part(key)
            first = [c for c in cities if part and geo.part(c) == part and self._free(c)] or cities
            if self._commuted(span):
                # "Jag bor i Luleå men jag pendlar till Umeå": a town with another within a
                # commute (never Östersund, 160 km from the nearest)
                others = [t for t in dict.fromkeys(cities + list(geo.towns)) if self._free(t)]
                first = [c for c in first if any(
                    near_km() / 2 <= (distance_km(c, t) or math.inf) <= commute_km()
                    for t in others)] or first
            return first
        anchor, first = (self.towns[0], self.town_origins[0]) if self.towns else self.home
        if self.effective == "lifelike":
            # "Chefen i Uppsala bor i Stockholm": a town tied to one named before it in its
            # sentence lies as far from that one's surrogate (never Östersund and Malmö)
            text = getattr(self.before, "text", "")
            anchor, first = next(((town, key) for start, town, key in reversed(self.towns_at)
                                  if start < span.start and not rx.search(
                                      r"[.!?\n]", text[start:span.start])), (anchor, first))
        # a town near the first may be one the gazetteers never draw (Boden by Luleå: Piteå)
        cities = cities + [t for t in geo.towns if extend and t not in cities and self._free(t)]
        scored = [(n, c) for c in cities if self._free(c)
                  for n in (geo.closeness(anchor, c),) if n is not None]
        if not scored:
            return cities
        far = self._as_far(anchor, first, original, [c for _, c in scored],
                           self._commuted(span))
        if far:
            return far
        want = geo.closeness(next((t for t in geo.towns if fold(t) == first), ""), name)
        best = (max(n for n, _ in scored) if want is None else
                min((n for n, _ in scored), key=lambda n: (abs(n - want), -n)))
        return [c for n, c in scored if n == best]

    def _of_latitude(self, span: Span, original: str, pool: list[str], cities: list[str]
                     ) -> list[str]:
        """Lifelike (round 50), in an essay saying a word of the north (`north_words_lifelike`):
        a Swedish town lies within `latitude_deg` of the original's latitude where `pool` has
        such towns; the essay's first town that the gazetteers' towns
        (`cities`, drawn by size) lack, else among the free towns of the town table there (of
        its landsdel where one is), at least the LATITUDE_FEWEST nearest (Kiruna is never
        always Gällivare). Pajala's midnight sun and minus 34 never move to Gävle (Norrland
        spans nine degrees; the gazetteers' big towns stop at Luleå, the table holds Kiruna
        and Gällivare); Stockholm still becomes a city of its size."""
        if words().north_words.isdisjoint(self._said()):
            return pool
        key = span.key or fold(original)
        band = latitude_deg()
        near = [c for c in pool if (latitude_apart(key, c) or math.inf) <= band]
        if near or self.towns or self.home[0] or any(fold(c) == key for c in cities):
            return near or pool
        geo = self.geo
        name = next((t for t in geo.towns if fold(t) in (key, key[:-1])), "")
        part = geo.part(name) or self._county_part(key)
        table = [t for t in geo.towns if self._free(t) and geo.part(t) == part] or [
            t for t in geo.towns if self._free(t)]
        ranked = sorted((d, t) for t in table if (d := latitude_apart(key, t)) is not None)
        return [t for d, t in ranked if d <= band] if sum(
            d <= band for d, _ in ranked) >= LATITUDE_FEWEST else [
            t for _, t in ranked[:LATITUDE_FEWEST]] or pool

    def _county_part(self, key: str) -> str:
        """The landsdel of a Swedish place the town table lacks (Pajala, Hemavan), by its län
        in the gazetteer: the landsdel most of the table's towns of that län lie in ("" where
        the gazetteer knows no län or the table no town of it)."""
        code = self.lex.place_region.get(key)
        if not code:
            return ""
        parts = Counter(self.geo.part(t) for t in self.geo.towns
                        if self.lex.place_region.get(fold(t)) == code)
        parts.pop("", None)
        return parts.most_common(1)[0][0] if parts else ""

    def _with_partner(self, span: Span, original: str, pool: list[str], cities: list[str]
                      ) -> list[str]:
        """Lifelike: a town tied to a later town of its sentence ("Chefen i Uppsala bor i
        Stockholm") is one with a free town about as far from it as the originals lie (within
        half the distance or `near_km`), so the later one need not land 160 km off."""
        if self.effective != "lifelike":
            return pool
        text = getattr(self.before, "text", "")
        rest = rx.split(r"[.!?\n]", text[span.end:span.end + 160])[0]
        key = span.key or fold(original)
        later = next((w for w in rx.findall(r"\p{Lu}\p{L}+", rest)
                      if fold(w) != key and fold(w) in self.geo.town_folds), None)
        want = distance_km(original, later) if later else None
        if want is None:
            return pool
        slack = max(want / 2, near_km())
        others = [t for t in dict.fromkeys(cities + list(self.geo.towns)) if self._free(t)]
        return [c for c in pool if any(abs((distance_km(c, t) or math.inf) - want) <= slack
                                       for t in others if t != c)] or pool

    def _commuted(self, span: Span) -> bool:
        """Lifelike: the mention's sentence speaks of a daily commute ("pendlar till")."""
        text = getattr(self.before, "text", "")
        before = rx.split(r"[.!?\n]", text[max(0, span.start - 120):span.start])[-1]
        after = rx.split(r"[.!?\n]", text[span.end:span.end + 120])[0]
        return bool(self.effective == "lifelike" and self.geo.commute
                    and self.geo.commute.search(fold(f"{before} {after}")))

    def _as_far(self, anchor: str, first: str, original: str, towns: list[str],
                commute: bool = False) -> list[str]:
        """Lifelike: the towns that lie about as far from the first town's surrogate `anchor`
        as the original lies from the first original (`first`, folded): "bor i Västerås och
        pendlar till Stockholm" (100 km) never becomes Örebro and Göteborg (280 km); within
        half the distance or `near_km`, whichever is more, a pair one regional train serves
        first (`train_towns_lifelike`); where none lies that far, the nearest to that distance;
        a daily `commute` goes no farther than `commute_km`. [] where we lack coordinates."""
        want = distance_km(first, original)
        if self.effective != "lifelike" or want is None or fold(original) == first:
            return []
        towns = [t for t in towns if t != anchor]  # (another original: never the same town)
        if commute and want > commute_km():
            # (the nearest where none lies within a commute of `anchor`)
            away = sorted((d, t) for t in towns if (d := distance_km(anchor, t)) is not None)
            return [t for d, t in away if near_km() / 2 <= d <= commute_km()] or [
                t for d, t in away if d <= commute_km()] or [t for _, t in away[:1]]
        slack = max(want / 2, near_km())
        gaps = {t: abs(d - want) for t in towns for d in (distance_km(anchor, t),)
                if d is not None}
        # where no town lies that far, the one nearest that distance (never Örnsköldsvik, 200
        # km, for Stockholm 64 km from Uppsala beside a surrogate Östersund)
        far = [t for t in towns if gaps.get(t, math.inf) <= slack] or \
            [t for _, t in sorted((g, t) for t, g in gaps.items())[:1]]
        # a pair a regional train serves first ("Krösatåg från Norrköping till Nyköping")
        return [t for t in far if any(anchor in stops and t in stops
                                      for stops in words().train_towns.values())] or far

    def _landmark(self, span: Span, original: str, country: str, rng: Draws) -> str | None:
        """An airport by an airport, a station by a station: in the essay's surrogate town (or
        one every town has) in Sweden, in the (surrogate) country abroad."""
        geo = self.geo
        name = geo.landmark_folds.get(span.key or fold(original)) or geo.landmark_folds.get(
            fold(original))
        if not name:
            return None
        kind, where = geo.landmarks[name]
        same = [(n, w) for n, (k, w) in geo.landmarks.items() if k == kind]
        if len(where) == 2 and where.isupper():
            target = self.countries.get(where, where)
            return self._draw([n for n, w in same if w == target], rng)
        towns = self.towns or ([self.city] if self.city else [])
        # Landvetter beside a town without an airport: the airport of the nearest town
        nearest = sorted(((geo.closeness(towns[0], w) or 0, n) for n, w in same
                          if towns and w in geo.towns and self._free(n)), reverse=True)
        return (self._draw([n for n, w in same if w and w in towns], rng)
                or self._draw([n for n, w in same if w == ""], rng)
                or self._draw([n for score, n in nearest if score == nearest[0][0]], rng)
                or (None if towns else self._draw([n for n, w in same if w in geo.towns], rng)))


_LOCAL_TOWNS: dict[int, tuple[object, dict[str, list[str]]]] = {}


def local_towns(lex: Lexicon, country: str) -> list[str]:
    """The towns and villages abroad of `country` the places table holds (its folds, written
    with capitals: "Fuvahmulah"), read once per lexicon and country: asked only where a kept
    country has no listed town left."""
    table = lex.local_places
    held, by_country = _LOCAL_TOWNS.get(id(table), (None, {}))
    if held is not table:
        by_country = {}
        _LOCAL_TOWNS[id(table)] = (table, by_country)
    if country not in by_country:
        found = regex.compile(rf"\n([^\t\n]+)\t(?:[A-Z]{{2}}[ac])*{country}c")
        by_country[country] = sorted(
            " ".join(w.capitalize() for w in key.split("-")).replace(" ", "-")
            for run in getattr(table, "runs", ()) for key in found.findall(run))
    return by_country[country]
