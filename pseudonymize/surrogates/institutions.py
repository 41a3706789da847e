"""Schools, workplaces, universities, restaurants and authorities of the original's kind, in or near
the surrogate town.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from pseudonymize.coordinates import distance_km, near_km
from pseudonymize.lexicon import fold
from pseudonymize.thresholds import BIG_PLACE
from pseudonymize.types import Span
from pseudonymize.surrogates import rx
from pseudonymize.surrogates.forms import _DIGIT, genitive
from pseudonymize.surrogates.common import TOWN_WORD_ZIPF, _names_town, _population, town_sections
from pseudonymize.surrogates.words import words
from pseudonymize.surrogates.inflect import kind_word, town_genitive
from pseudonymize.surrogates.kinds import (county_regions, cuisines, institution_kind,
                                          unique_authorities)

if TYPE_CHECKING:
    from pseudonymize.surrogates.forms import Draws
    from pseudonymize.surrogates.kinds import Kind


class Institutions:
    """Mixin of `Renderer` (`self` is the renderer of one essay)."""

    def _institution(self, span: Span, original: str, rng: Draws) -> str:
        """An institution of the same function (institutions.toml): a real one, in the essay's
        surrogate town where it is tied to a town; one abroad keeps its shape around a place of
        the (surrogate) country; a line from the line names."""
        label, lex = span.label, self.lex
        kind = self.kind_of(span, original)
        if label == "transport_name":
            if kind and kind.name == "ship":  # "färjan Stena Danica": another ferry
                return self._of_kind(kind, original, "", rng) or self._compound(rng, "")
            return self._transport_line(span, original, rng)
        named = self._with_names(original)
        if named:
            return named  # "Sofias skola" -> "Anzhelas skola": a person's surrogate
        if self.effective == "lifelike" and kind and kind.name == "restaurant":
            pick = self._cuisine(span, original, rng)
            if pick:
                return pick  # "pizzerian Napoli" -> "pizzerian Venezia", never "Sushi Yama"
        pick = self._institution_abroad(span, original, rng) if self.effective == "lifelike" \
            else None
        if pick:
            return pick
        foreign = self._abroad(original) if not (kind and fold(original) in kind.names) else []
        if foreign:
            return self._replace_places(original, foreign, rng, local=False)
        pick = self._named_by_unknown_place(span, original, kind, rng) \
            if self.effective == "lifelike" else None
        if pick:
            return pick  # "Adama sjukhus" in Ethiopia -> "Arua sjukhus", never a Swedish one
        word = kind_word(original, lex)
        pick = self._of_kind(kind, original, word, rng, self._near(span, original)) if kind else None
        if pick:
            return pick
        return self._institution_of_pool(label, original, kind, word, rng)

    def _transport_line(self, span: Span, original: str, rng: Draws) -> str:
        """A transport name: a regional train by a regional train (Krösatåg -> Norrtåg), else
        a city line from the line names."""
        low = fold(original)
        trains = words().trains
        if any(low.endswith(w) for w in words().train_words) or low in {fold(t) for t in trains}:
            pick = self._regional_train(span, rng)
            if pick:
                return pick
        return self._draw(words().lines, rng) or self._compound(rng, "linjen")

    def _regional_train(self, span: Span, rng: Draws) -> str | None:
        """A regional train for one: lifelike, one that crosses where its sentence crosses,
        else one that joins the towns of its sentence (or of the essay); else one of the
        surrogate town's landskap, of a neighbouring one (lifelike), a national one, any."""
        trains = words().trains
        # a train of the surrogate town's landskap (never Pågatåg to Borlänge)
        home = self.geo.towns.get(self.city or "", ("",))[0]
        near = set(self.geo.landskap.get(home, ())[1:]) if \
            self.effective == "lifelike" else set()
        # lifelike: else one of a neighbouring landskap (never Mälartåg to Karlskrona)
        stops = self._towns_said(span) if self.effective == "lifelike" else set()
        pick = self._draw(self._trains_across(span), rng) \
            if self.effective == "lifelike" else None
        if pick:  # "i Danmark och sen med Öresundståg över bron": one that crosses
            return pick
        if self.effective == "lifelike" and not stops:
            # "Jag bor i Borås och jobbar i Göteborg. Jag åker Västtåg": a train of a
            # sentence with no town serves the essay's towns (never Öresundståg
            # between Jönköping and Värnamo)
            stops = {t for t in self.place_map.values() if t in self.geo.towns}
            stops = stops if len(stops) >= 2 else set()
        pick = self._draw([t for t, towns in words().train_towns.items()
                           if stops and stops <= towns], rng) or (
            # lifelike: towns no regional train joins take a national one (never
            # Öresundståg, which runs Göteborg-Malmö, between Borås and Göteborg)
            self._draw(list(words().national_trains), rng)
            if self.effective == "lifelike" and len(stops) >= 2 else None) or self._draw(
            [t for t in trains if home in trains[t]], rng) or self._draw(
            [t for t in trains if not near.isdisjoint(trains[t])], rng) or (
            # lifelike: the national trains, where no other regional train runs (the
            # original Norrtåg for Luleå: never Krösatåg)
            self._draw(list(words().national_trains), rng)
            if self.effective == "lifelike" else None) or self._draw(list(trains), rng)
        return pick

    def _institution_of_pool(self, label: str, original: str, kind: Kind | None, word: str,
                             rng: Draws) -> str:
        """An institution no kind's table gives: its Swedish places replaced, else one of the
        label's pool ending in its kind word (`word`), else an invented one."""
        lex = self.lex
        towns = self._swedish_places(original)
        if towns:
            return self._replace_places(original, towns, rng, local=not (kind and kind.elsewhere))
        pool = {"school": lex.pools.get("org_school", []) + lex.pools.get("org_university", []),
                "work": lex.pools.get("org_company", [])}.get(
            label, lex.pools.get("org_authority", []) + lex.pools.get(label, []))
        if self.effective == "lifelike":
            # an authority it keeps as written is no surrogate either (a football club never
            # becomes Migrationsverket)
            pool = [p for p in pool if fold(p) not in unique_authorities()]
        if word:
            same = [p for p in pool if p.lower().endswith(word.lower())]
            return self._draw(same, rng) or self._compound(rng, word)
        return self._draw(pool, rng) or self._compound(rng, {"school": "skolan"}.get(label, "gruppen"))

    def _institution_abroad(self, span: Span, original: str, rng: Draws) -> str | None:
        """Lifelike: a university or hospital named with a word of another language ("maseno
        university", "çukurova üniversitesi", "universidad de antioquia", "addington
        hospital"; `institution_abroad`) lies in the essay's country abroad: the foreign word
        and the particles after it stay and the place becomes a town of the surrogate country, the one the essay's town abroad became where
        it has one, else one of its five biggest ("dodoma university", never "malmö universitet
        university"); None when the essay's country abroad has no surrogate yet."""
        uni = words().institution_abroad
        if self._swedish_places(original):
            return None  # "jönköping university": a Swedish one (never "warri university")
        tokens = original.split()
        at = next((i for i, t in enumerate(tokens) if fold(t) in uni), None)
        before = list(self.before.get(span.start, ()))[-2:]
        after_word = bool(before) and (before[-1] in uni or (
            len(before) == 2 and before[0] in uni and len(before[1]) <= 3))  # "University of X"
        if at is None and fold(self._next_word(span)) not in uni and not after_word:
            return None
        town = self._town_of_country_abroad(span, rng)
        if not town:
            return None
        if at is None:
            return town
        keep = at + 1
        while keep < len(tokens) and tokens[keep][:1].islower() and len(tokens[keep]) <= 3:
            keep += 1  # "universidad de", "university of"
        return " ".join(tokens[:keep] + [town]) if keep < len(tokens) or at == 0 else \
            " ".join([town] + tokens[at:])

    def _town_of_country_abroad(self, span: Span, rng: Draws, fresh: bool = False) -> str | None:
        """Lifelike: the town abroad an institution abroad lies in: the surrogate of a town of
        its country rendered already (unless `fresh`: the institution names a town of its
        own), else one of the five biggest free ones of the (surrogate) country its sentence
        names, else of the essay's last place abroad, else of its first country abroad; None
        when the essay has no country abroad."""
        text = getattr(self.before, "text", "")
        start, end = self._route_window(text, span)
        # the country its sentence names (learners write it in lower case, before or after),
        # else the essay's last place abroad, else its first country abroad
        said = [fold(w) for w in rx.findall(r"\p{L}+", text[start:end])]
        # a town of the sentence already replaced abroad gives its surrogate's country
        there = [self.lex.get(fold(self.place_map[w])).place_country for w in said
                 if w in self.place_map and self.lex.get(w).place_pop >= BIG_PLACE]
        told = [self.countries.get(self.lex.get(w).country, "") for w in said]
        iso = next((c for c in there + told + [self.countries.get(self.abroad, "")]
                    + list(self.countries.values()) if c not in ("", "SE")), "")
        if not iso:
            return None
        rendered = [t for _, t in reversed(self.towns_abroad)
                    if self.lex.get(fold(t)).place_country == iso]
        towns = sorted(self.lex.cities_by_country.get(iso, []),
                       key=lambda c: (-_population(self.lex, c, iso), c))
        # (a town whose name another country's town bears too is listed under both: Nzega)
        return rendered[0] if rendered and not fresh else self._draw(
            [c for c in towns if self._free(c) and c not in rendered and c not in
             town_sections(self.lex) and self.lex.get(fold(c)).place_country == iso][:5], rng)

    def _named_by_unknown_place(self, span: Span, original: str, kind: Kind | None,
                                rng: Draws) -> str | None:
        """Lifelike: an institution named by a place abroad, or by one no gazetteer knows in a
        sentence naming a place abroad, and its kind word ("Adama sjukhus", in an essay of
        Ethiopia), lies in the essay's country abroad: a town
        of the surrogate country before the same kind word ("Arua sjukhus"), never a Swedish
        one (Skånes universitetssjukhus in Ethiopia); None for a name the tables know, a
        Swedish word or place, or an essay with no country abroad."""
        head, _, word = original.partition(" ")
        entry = self.lex.get(fold(head))
        if not word or " " in word or not head[:1].isupper() or kind_word(
                original, self.lex).strip() != word or (kind and fold(original) in kind.names) \
                or entry.se_pop or entry.place_kind and entry.place_country in ("", "SE") or \
                entry.org_kind or entry.zipf >= words().word_zipf or self._towns_said(span):
            return None
        if not entry.place_kind:  # a name no gazetteer knows: abroad where its sentence is
            text = getattr(self.before, "text", "")
            start, end = self._route_window(text, span)
            if not any(self.lex.get(w).country not in ("", "SE") or self._abroad_town(w)
                       and self.lex.get(w).zipf < words().word_zipf
                       for w in map(fold, rx.findall(r"\p{Lu}\p{L}+", text[start:end]))):
                return None  # "Capio sjukhus", "Ekbacka skola" in Sweden
        town = self.place_map.get(fold(head)) or self._town_of_country_abroad(span, rng, True)
        return f"{town} {word}" if town else None

    def _cuisine(self, span: Span, original: str, rng: Draws) -> str | None:
        """Lifelike: a restaurant of the cuisine a word of its name or of the words before it
        names (`cuisine_lifelike`; else of its row without cues), never repeating the kind
        word written before it; None when the file has no such row."""
        before = self.before.get(span.start, ())
        own = set(rx.findall(r"\p{L}+", fold(original)))  # "Pho Hanoi": no "Hanoi Kök"
        # the words just before it: "en thailändsk restaurang som heter X", never the
        # "syriska" of "min syriska kompis jobbar på restaurangen X"
        said = own | set(before[-4:])
        named = [c for c in cuisines() if not c.cues.isdisjoint(said)
                 or not c.name_cues.isdisjoint(own)]
        # of two, the one of a country the essay names ("Afghanistan ... Kabul Kebab": Afghan
        # food, though kebab is a Middle Eastern cue too)
        cuisine = next((c for c in named if not c.countries.isdisjoint(self.countries)), None) \
            or next(iter(named), None) or next(
            (c for c in cuisines() if not c.cues and not c.name_cues), None)
        if cuisine is None:
            return None
        moved = [self.countries[o] for o in sorted(self.countries)
                 if o in cuisine.countries and self.countries[o] != o]
        if moved and cuisine.cues.isdisjoint(before[-4:]):
            # "från Vietnam ... Saigon Kök" beside a surrogate Thailand: a Thai restaurant
            cuisine = next((c for c in cuisines() if moved[0] in c.countries), None) or next(
                (c for c in cuisines() if not c.cues and not c.name_cues), cuisine)
        kind = self.kind_of(span, original)
        # "restaurang Pho Ha" marked whole: the kind word stays, the name after it is replaced
        lead = rx.match(r"\p{Ll}+\s+", original)
        lead = lead.group() if lead and kind and fold(lead.group().strip()) in kind.before else ""
        # "pizzerian Napoli": a name with no kind word ("Venezia", never "Pizzeria Roma")
        names = cuisine.bare if lead or before and kind and before[-1] in kind.before \
            else cuisine.pool
        pick = self._draw([p for p in names if own.isdisjoint(
            rx.findall(r"\p{L}+", fold(p)))], rng)
        return lead + pick if pick else None

    def _towns_said(self, span: Span) -> set[str]:
        """The essay's surrogate towns named in the mention's sentence, before it or after it,
        in any case ("Öresundståg från Malmö till Lund", "från borås tar jag västtåg till
        göteborg": the surrogates of both towns)."""
        text = getattr(self.before, "text", "")
        rest = rx.match(r"[^.!?\n]*", text[span.end:span.end + 200]).group()
        before = rx.split(r"[.!?\n]", text[max(0, span.start - 200):span.start])[-1]
        return {town for word in rx.findall(r"\p{L}[\p{L}-]*", f"{before} {rest}")
                for town in (self.place_map.get(fold(word)),) if town in self.towns}

    def _business_named(self, original: str) -> str | None:
        """Lifelike: a place named as the essay's business is ("restaurang Hanoi", then "maten
        på Hanoi") is that business: the name in its surrogate ("restaurang Danang" -> Danang),
        the whole surrogate where its kind word changed ("pizzeria Napoli" -> "Restaurang
        Lotus"); None when no institution of the essay is named so. (Round 50) A Swedish town
        a public body is named after ("Lärcentrum Storuman", then "här i Storuman") is the
        town: it was "här i ABF"."""
        key = fold(original)
        if self.effective != "lifelike" or self.lex.get(key).place_country == "SE":
            return None
        for name, pick in self.institution_map.items():
            head, _, rest = name.rpartition(" " + key)
            # (the kind word right before the name: "Högskolan i Gävle" names its town, and
            # "från gävle" in the learner's next essay is the town, never Mittuniversitetet)
            if not head or rest or not institution_kind(head.split()[-1]):
                continue
            size = len(head.split())
            kept = fold(" ".join(pick.split(" ")[:size])) == head
            return " ".join(pick.split(" ")[size:]) if kept and len(pick.split(" ")) > size \
                else pick
        return None

    def _with_names(self, original: str) -> str | None:
        """The name with each of the essay's (or learner's) person names in it replaced by that
        person's surrogate, in the genitive where it was ("Sofias skola", "Salong Lina")."""
        out, changed = original, False
        for word in rx.findall(r"\p{Lu}\p{Ll}+", original):
            key = fold(word)
            if key in self.name_map:
                out, changed = out.replace(word, self.name_map[key], 1), True
            elif key[-1:] == "s" and key[:-1] in self.name_map:
                out, changed = out.replace(word, genitive(self.name_map[key[:-1]]), 1), True
        return out if changed and self._free(out) else None

    def _of_kind(self, kind: Kind, original: str, word: str, rng: Draws, near: Sequence[str] = ()
                 ) -> str | None:
        """An institution of `kind` for the original: its places replaced where its name holds
        the essay's, a number or bare name for one, one of the table's of the essay's towns,
        else one on the surrogate town, an invented name or a member of the kind."""
        if not kind.towns and fold(original) not in kind.names:
            # Tensta IF, Göteborgs Vuxenutbildning: the place follows the essay's surrogates
            # (an invented school keeps an invented name unless the essay names its place)
            towns = [p for p in self._swedish_places(original)
                     if not kind.invent or p[1] in self.place_map]
            if towns:
                return self._replace_places(original, towns, rng, local=not kind.elsewhere)
        if _DIGIT.search(original) and fold(original) not in kind.names:  # Skola nummer 112
            pick = _DIGIT.sub(lambda m: str(rng.below(9) + 1), original)
            if self._free(pick):
                return pick
        if kind.bare and not word and not any(fold(original).endswith(w) for w in kind.words):
            return self._draw(kind.bare, rng)  # "förskolan Rymden": a bare name of the kind
        lead = original.split(" ", 1)[0]
        if kind.bare and self.effective == "lifelike" and " " in original and \
                fold(lead) in kind.before:
            # "Förskolan Lärkan": the kind word and a bare name (never "Aspvikskolan", a school)
            pick = self._draw(kind.bare, rng)
            return f"{lead} {pick}" if pick else None
        if kind.pool and kind.towns and kind.elsewhere:
            pick = self._of_kind_elsewhere(kind, original, rng)
            if pick is not None:
                return pick
        places = self._swedish_places(original) if kind.towns and not kind.elsewhere else []
        # the surrogates of the towns in its name (the learner's: "Gävle sjukhus" -> Sundsvall)
        near = [self.place_map[k] for _, k, _ in places if k in self.place_map] + list(near)
        if places and (self.towns or near) and not any(
                t in kind.towns for t in near + self.towns):
            # "Gävle sjukhus" where the table has no hospital of the surrogate town: the name
            # on the surrogate town (Sundsvalls sjukhus), never a hospital of another town;
            # lifelike: the one that serves the town, nearest it (never an invented "Täby
            # lasarett" beside Danderyds sjukhus)
            serving = self._serving(kind, (near + self.towns)[0])
            return self._draw(serving, rng) or self._replace_places(original, places, rng)
        if kind.pool:
            return self._of_kind_pool(kind, near, bool(places), rng)
        return self._of_kind_unlisted(kind, original, word, rng)

    def _of_kind_elsewhere(self, kind: Kind, original: str, rng: Draws) -> str | None:
        """"Lunds universitet" in an essay that never names Lund: a university of a town the
        essay's other towns are not (lifelike, within a commute of the essay's town), its town
        settled as the surrogate of the original's; None where its name holds no new town."""
        for _, key, _ in self._swedish_places(original):
            if key not in self.place_map:
                free = [n for n, t in kind.pool if t and t not in self.towns and self._free(n)]
                free = self._offering(kind, free)
                # lifelike: within a commute of the essay's town ("bor i Huddinge och
                # studerar på Stockholms universitet" never becomes Borlänge and Umeå)
                anchor = (self.towns or [self.home[0] or self.city or ""])[0]
                if self.effective == "lifelike":
                    free = self._within_reach(kind, anchor, free, strict=True) or [
                        n for n, t in kind.pool if t == anchor and self._free(n)] or \
                        self._within_reach(kind, anchor, free) or free
                pick = self._draw(free, rng)
                if pick:
                    # lifelike: of its towns the essay's own (Linköpings universitet of
                    # Linköping, never Norrköping, beside Linköping)
                    mine = [t for n, t in kind.pool if n == pick and t == anchor]
                    self.place_map[key] = mine[0] if mine and self.effective == \
                        "lifelike" else dict(kind.pool)[pick]
                    return self._settled(kind, pick)
        return None

    def _of_kind_pool(self, kind: Kind, near: list[str], places: bool, rng: Draws
                      ) -> str | None:
        """`_of_kind` from the table's institutions of the kind: one of the essay's towns (or
        of the towns in its name, `near`; `places`: its name holds Swedish places), else one
        serving them, else one of no town, settling the essay's town (`_settled`)."""
        towns = [t for t in near if t in kind.towns] + self.towns + [self.home[0]] * bool(
            self.home[0])  # (no home: "" would make every untied name one of the town's)
        if kind.own_town:
            towns = towns[:1]  # a landlord of the essay's town (never the next town's)
        if self.effective == "lifelike" and self.city:
            towns.append(self.city)  # an essay of districts only: their town's own
        here = sorted((n for n, t in kind.pool if t in towns), key=lambda n: towns.index(
            next(t for m, t in kind.pool if m == n and t in towns)))
        here = self._offering(kind, here)
        # (lifelike: the town's own is taken, "Södertälje sjukhus" an original: the one
        # serving it, below)
        here = [n for n in here if n and self._free(n)][:1] or (
            [] if self.effective == "lifelike" else here)
        anchor = (self.towns or [self.home[0] or self.city or ""])[0]
        if self.effective == "lifelike" and not here and anchor and kind.towns \
                and not kind.own_town:
            # a university, hospital or cathedral beside a town without one (or in a later
            # essay of its learner): its län's, else the nearest within a commute
            here = self._serving(kind, anchor)
        if self.span and self._town_follows(self.span):
            here = self._of_kind_unnamed(kind, here, near + [anchor], places)
        anywhere = [n for n, t in kind.pool if not t or (
            # lifelike: an essay of no town draws among all (Liseberg is never always
            # Astrid Lindgrens Värld, the one zoo tied to no town) of towns whose districts
            # we know, so a district named later lies in it (`_settled`); a landlord of
            # its own town only among those of no town (the town named later is drawn
            # near the settled one, not in it)
            self.effective == "lifelike" and not towns and not kind.own_town
            and t in self.lex.districts_by_town)] or [n for n, t in kind.pool if not t or (
                self.effective == "lifelike" and not towns and not kind.own_town)]
        return self._settled(kind, self._draw(here, rng) or self._draw(anywhere, rng)
                             or self._draw([n for n in self._offering(kind, [])
                                            if self._free(n)], rng)
                             or self._draw([n for n, _ in kind.pool], rng))

    def _of_kind_unnamed(self, kind: Kind, here: list[str], near: list[str], places: bool
                         ) -> list[str]:
        """"moskén i Araby": never one named after a town (lifelike, where its own name
        names none, not even where no other is near: "Göteborgs moské i Trandared" puts
        Göteborg's mosque in Borås; "Göteborgs moské i Hisingen" keeps a town's own, its
        district drawn in that town). `near`: the towns it is tied to, the essay's last."""
        town_of = dict(kind.pool)

        def unnamed(names: list[str]) -> list[str]:
            return [n for n in names if " i " not in n
                    and not _names_town(n, town_of.get(n))]
        # lifelike: where the town's own names it (its surrogate settled already, by an
        # earlier essay: "höglandssjukhuset i Eksjö" beside Nyköping), one serving it
        # that names none (never Skånes universitetssjukhus in Nyköping)
        # where none serves it, after a town (not a district) the town's own, which
        # names it ("länssjukhuset kalmar i Kalmar"), before one of another county
        # (and offers the sentence's fields: never Högskolan Väst for medicine)
        offered = self._offered(kind, self.span) if self.effective == "lifelike" \
            else frozenset()
        serving = self._serving(kind, near[0], lambda names: [
            n for n in unnamed(names) if not offered or n in offered]) \
            if self.effective == "lifelike" and not places and here else []
        town_after = self.place_map.get(self._word_after_in(self.span), "") in self.towns
        return unnamed(here) or serving or (
            [] if self.effective == "lifelike" and not places and not town_after
            else here)

    def _of_kind_unlisted(self, kind: Kind, original: str, word: str, rng: Draws
                          ) -> str | None:
        """`_of_kind` of a kind the table lists no institutions of: one on the surrogate town
        (its pattern), an invented stem joined to its kind word, else one of its members."""
        if kind.town:
            town = self._town(rng)
            pick = kind.town.replace("{town:gen}", town_genitive(town)).replace("{town}", town)
            if "{region}" in pick:  # (round 52) the region of the town's county
                county = self.geo.towns.get(town, ("", ""))[1]
                pick = pick.replace("{region}", county_regions().get(county, ""))
                if not self._free(pick):  # (the town's county unknown, or the original's)
                    return county_regions().get("")
            return pick if self._free(pick) else None
        low = fold(original)
        word = word or next((original[len(original) - len(w):] for w in kind.words
                             if low.endswith(w) and len(low) > len(w)), "")
        if kind.invent and word:
            # Risbergska skolan -> Hagabyskolan: an invented stem joins its kind word
            return self._compound(rng, word.lstrip(" -") if word.lower().endswith("skolan") else word)
        # lifelike: an authority it keeps as written is no member's surrogate either
        return self._draw([m for m in kind.members if self.effective != "lifelike"
                           or fold(m) not in unique_authorities()] or kind.members, rng)

    def _settled(self, kind: Kind, pick: str | None) -> str | None:
        """Lifelike: an institution tied to a town, in an essay that has named no town yet,
        makes that town the essay's, so its districts lie in it ("jobbar på Danderyds sjukhus
        ... Jag bor i Tensta": never a district of Luleå beside Karolinska)."""
        if self.effective == "lifelike" and self.city is None and not self.towns:
            # (Linnéuniversitetet of Växjö and Kalmar: the first whose districts we know, else
            # its town, whose "districts" become localities near it: Höglandssjukhuset)
            towns = [t for n, t in kind.pool if n == pick and t]
            self.city = next((t for t in towns if t in self.lex.districts_by_town),
                             towns[0] if towns else None)
        return pick

    def _serving(self, kind: Kind, anchor: str, keep: Callable[[list[str]], list[str]] = list
                 ) -> list[str]:
        """Lifelike: the free institutions that serve `anchor`, a town with none of its own: of
        its län, those of the town nearest it (Borlänge: Falu lasarett, never Västmanlands
        sjukhus; Täby: Danderyds sjukhus, never Södertälje sjukhus), else the nearest within a
        commute of any län; only those `keep` keeps of the names; [] outside lifelike or
        without coordinates."""
        if self.effective != "lifelike" or not anchor:
            return []
        county = self.geo.towns.get(anchor, ("", ""))[1]
        kept = set(keep([n for n, _ in kind.pool]))
        # (by each name's every town: Karolinska of Solna and of Huddinge)
        away = sorted((d, n, self.geo.towns.get(t, ("", ""))[1] == county)
                      for n, t in kind.pool if t and t != anchor and self._free(n) and n in kept
                      for d in (distance_km(anchor, t),) if d is not None)
        for pairs in ([(d, n) for d, n, same in away if same and county], [
                (d, n) for d, n, _ in away if d <= near_km() * 1.5]):
            if pairs:
                return list(dict.fromkeys(n for d, n in pairs if d == pairs[0][0]))
        return []

    def _within_reach(self, kind: Kind, anchor: str, names: list[str], strict: bool = False
                      ) -> list[str]:
        """Lifelike: the institutions of `names` whose town lies within a commute of `anchor`
        (`near_km` and a half, or unless `strict` the nearest's distance where none does); []
        where none does or we lack coordinates."""
        town_of = dict(kind.pool)
        scored = sorted((d, n) for n in names
                        if (d := distance_km(anchor, town_of.get(n) or "")) is not None)
        if self.effective != "lifelike" or not scored:
            return []
        reach = near_km() * 1.5 if strict else max(scored[0][0], near_km() * 1.5)
        return [n for d, n in scored if d <= reach]

    def _near(self, span: Span, original: str) -> list[str]:
        """Surrogates of the Swedish towns named in or just before an institution's mention
        ("i Umeå på Norrlands universitetssjukhus"), nearest first; lifelike: the town named
        right after it first ("Mittuniversitetet i Sundsvall")."""
        words = [self._word_after_in(span)] * bool(self._word_after_in(span))
        words += [fold(w) for w in rx.findall(r"\p{L}+", original)]
        words += list(reversed(self.before.get(span.start, ())))
        out = []
        for word in words:
            for key in (word, word[:-1]):
                pick = self.place_map.get(key)
                if pick and pick in self.towns and pick not in out:
                    out.append(pick)
        return out

    def _town(self, rng: Draws) -> str:
        """The essay's surrogate town, else a Swedish town drawn now (and kept as the essay's)."""
        if not self.towns and self.home[0] and not self._original(self.home[0]):
            self.towns.append(self.home[0])
            self.town_origins.append(self.home[1])
        if not self.towns:
            pick = self._draw(self._swedish_towns(self.lex.cities_by_country.get("SE", [])), rng)
            self.towns.append(pick or self._compound(rng, "by"))
            self.town_origins.append("")
            self.city = self.city or self.towns[0]
        return self.towns[0]

    def _places_in(self, original: str) -> list[tuple[str, str, str]]:
        """(word, its place fold, its country) of each capitalised word of a name that is a place."""
        out = []
        # lifelike: a learner's lower-case name too ("ifk norrköping", "gävle vux")
        lower = self.effective == "lifelike" and original == original.lower()
        found = rx.findall(r"\p{L}{2,}" if lower else r"\p{Lu}\p{Ll}[\p{L}]*", original)
        if self.effective == "lifelike":
            # a town abroad of two words ("universitetet i hai phong", "Addis Abeba"): one place
            for one, two in zip(found, found[1:]):
                both = next((k for k in (fold(f"{one} {two}"), fold(one + two)) if self.lex.get(
                    k).place_pop >= 50000 and self.lex.get(k).place_country not in ("", "SE")
                    and not self.lex.get(k).se_pop), "")
                if both and f"{one} {two}" in original:
                    out.append((f"{one} {two}", both, self.lex.get(both).place_country))
            taken = {w for pair, _, _ in out for w in pair.split()}
            found = [w for w in found if w not in taken]
        for at, word in enumerate(found):
            key = fold(word)
            for k in (key, key[:-1] if key.endswith("s") else None):
                if not k:
                    continue
                entry = self.lex.get(k)
                if entry.gender or entry.first_rank:  # Sofias skola: a person's name
                    break
                if lower and (entry.zipf >= TOWN_WORD_ZIPF or "common_name_homograph" in entry.cats):
                    break  # "stora", "vi": a word, in a lower-case name
                # lifelike: a small locality's genitive before the rest of the name is its place
                # ("Stockaryds Såg", "sölvesborgs varv"), never a company of no town (DHL)
                owner = self.effective == "lifelike" and k != key and entry.se_pop > 0 and \
                    at + 1 < len(found) and entry.zipf < words().word_zipf
                # lifelike: a small locality after "i" ends the name where it lies
                # ("vårdcentralen i Gimo": never a company of no town)
                owner = owner or (self.effective == "lifelike" and k == key and entry.se_pop > 0
                                  and original.endswith(" i " + word)
                                  and entry.zipf < words().word_zipf)
                home = ("SE" if "district" in entry.cats or entry.se_pop >= 5000 or owner else
                        entry.place_country if entry.place_pop >= 50000 and not entry.se_pop else
                        entry.country if entry.country != "SE" else "")
                if home:
                    out.append((word, k, home))
                    break
                spelt = self._town_respelt(k) if k == key and not lower and not (
                    entry.place_kind or entry.zipf or entry.se_pop) else ""
                if spelt:  # "Osj statliga universitet" beside Osh: that town abroad
                    out.append((word, spelt, self.lex.get(spelt).place_country))
                    break
        return out

    def _town_respelt(self, key: str) -> str:
        """Lifelike: the town abroad of the essay (a city mention) that `key`, a word no
        gazetteer knows, writes by one other letter, as a learner transliterates ("Osj" for
        Osh, "Bisjkek"); "" when none or two are that near."""
        if self.effective != "lifelike" or len(key) < 3:
            return ""
        near = sorted(k for k in self.town_mentions if k and k[:1] == key[:1]
                      and len(k) == len(key) and k != key
                      and self.lex.get(k).place_country not in ("", "SE")
                      and sum(a != b for a, b in zip(k, key)) == 1)
        return near[0] if len(near) == 1 else ""

    def _abroad(self, original: str) -> list[tuple[str, str, str]]:
        """The places abroad an institution's name holds ("Damaskus universitet")."""
        found = self._places_in(original)
        return found if found and all(c not in ("", "SE") for _, _, c in found) else []

    def _town_landmark(self, original: str) -> bool:
        """Lifelike: a place named with its Swedish town and a word of a landmark it has
        (`town_institution_words_lifelike`: "Lunds domkyrka", "Kalmar slott", "Göteborgs
        stadsteater"), which moves with the town as an institution does."""
        parts = original.split()
        return self.effective == "lifelike" and len(parts) == 2 and fold(parts[1]) in \
            words().town_institution_words and bool(self._swedish_places(parts[0]))

    def _swedish_places(self, original: str) -> list[tuple[str, str, str]]:
        return [p for p in self._places_in(original) if p[2] == "SE"]
