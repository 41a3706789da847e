"""Institution kinds (data/institutions.toml): the kind of an institution's name, its members and
workers, and the cuisines of restaurants.
"""
from __future__ import annotations

import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from pseudonymize.lexicon import fold
from pseudonymize.surrogates.common import INSTITUTIONS_FILE
from pseudonymize.surrogates.geography import geography


@dataclass(frozen=True)
class Kind:
    """One function of institution in institutions.toml (see that file): how it is recognised
    and where its surrogates come from."""

    name: str
    names: frozenset[str]  # folds of its known members
    words: tuple[str, ...]  # folded endings of a word of the name
    before: frozenset[str]  # folded words just before a mention
    pool: tuple[tuple[str, str], ...]  # (surrogate, its Swedish town or "")
    town: str  # a form on the essay's town: "{town:gen} kommun"
    invent: bool
    bare: tuple[str, ...]
    members: tuple[str, ...]
    elsewhere: bool = False  # often in another town than the writer's (a team, a university)
    # lifelike (round 19): folded nouns that say a name is of the kind ("hyresvärden X", "X är
    # ett museum"), words of a sentence that make a member that is also a place the kind
    # ("Furuvik ... aporna"), short endings of its names ("Skebo"), read for places too
    said: frozenset[str] = frozenset()
    cues: frozenset[str] = frozenset()
    ends: tuple[str, ...] = ()
    place: bool = False
    drawn: frozenset[str] = frozenset()  # lifelike: folds of its pool's names
    # lifelike: a member serves its own town only (a town's housing company), so a town
    # without one takes a member tied to no town, never a neighbour's
    own_town: bool = False
    # lifelike: folded nouns of the people who work in one, said right before "på", "vid" or
    # "hos" ("undersköterska på Skas": a hospital, never a bus company)
    workers: frozenset[str] = frozenset()
    # lifelike (round 35): folded words of the mention's sentence or the next that say what a
    # workplace makes or who works there ("vi tillverkar pumpar", "jag är svetsare")
    trades: frozenset[str] = frozenset()

    @property
    def towns(self) -> frozenset[str]:
        """The towns its real surrogates lie in (empty: it is tied to no town)."""
        return frozenset(t for _, t in self.pool if t)


@cache
def institution_kinds(lifelike: bool = False) -> tuple[Kind, ...]:
    """institutions.toml's kinds in file order; `lifelike` with the rows and the `*_lifelike`
    members, endings, nouns and surrogates only that strategy reads (round 19)."""
    kinds = []
    data = tomllib.loads(INSTITUTIONS_FILE.read_text(encoding="utf-8"))
    for row in data["kind"]:
        if row.get("lifelike") and not lifelike:
            continue
        extra: Callable[[str], list[str]] = (lambda key, row=row: row.get(f"{key}_lifelike", [])
                                             if lifelike else [])
        pool = tuple((name.strip(), town.strip()) for name, _, town in
                     (entry.partition("|") for entry in [*row.get("pool", ()), *extra("pool")]))
        names = [*row.get("names", ()), *extra("names")]
        # "städ" + "firma": the trade's business words count as words before the mention
        trades = [stem + head for stem in row.get("trade", ()) for head in data.get("heads", ())]
        before = frozenset(fold(w) for w in [*row.get("before", ()), *trades])
        kinds.append(Kind(row["name"], frozenset(fold(n) for n in names),
                          tuple(fold(w) for w in row.get("words", ())), before, pool,
                          row.get("town", ""), bool(row.get("invent")), tuple(row.get("bare", ())),
                          tuple(row.get("names", ())), bool(row.get("elsewhere")),
                          before | {fold(w) for w in extra("said")},
                          frozenset(fold(w) for w in extra("cues")),
                          tuple(fold(w) for w in extra("ends")),
                          lifelike and bool(row.get("place")),
                          # its real surrogates are members too ("Städproffsen")
                          frozenset(fold(n) for n, _ in pool) if lifelike else frozenset(),
                          lifelike and bool(row.get("own_town_lifelike")),
                          frozenset(fold(w) for w in extra("workers")),
                          frozenset(fold(w) for w in extra("trade_said"))))
    return tuple(kinds)


@dataclass(frozen=True)
class Cuisine:
    """Lifelike: one cuisine of institutions.toml's [[cuisine_lifelike]] (see that file)."""

    name: str
    cues: frozenset[str]  # folded words of the name or just before it
    name_cues: frozenset[str]  # folded places of the name only (Bangkok)
    pool: tuple[str, ...]
    bare: tuple[str, ...]  # names without a kind word
    countries: frozenset[str] = frozenset()  # ISO codes whose cuisine it is


@cache
def university_fields() -> dict[str, frozenset[str]]:
    """Lifelike: a folded field word ("medicin", "ingenjör") -> the universities that offer
    it (institutions.toml's [[fields_lifelike]])."""
    data = tomllib.loads(INSTITUTIONS_FILE.read_text(encoding="utf-8"))
    return {fold(w): frozenset(row["universities"]) for row in data.get("fields_lifelike", ())
            for w in row["words"]}


@cache
def cuisines() -> tuple[Cuisine, ...]:
    data = tomllib.loads(INSTITUTIONS_FILE.read_text(encoding="utf-8"))
    return tuple(Cuisine(row["name"], frozenset(fold(w) for w in row["cues"]),
                         frozenset(fold(w) for w in row.get("name_cues", ())), tuple(row["pool"]),
                         tuple(row["bare"]), frozenset(row.get("countries", ())))
                 for row in data.get("cuisine_lifelike", ()))


@cache
def institution_aliases() -> dict[str, frozenset[str]]:
    """fold -> the folds of every name of the same institution (`same` in institutions.toml)."""
    out: dict[str, frozenset[str]] = {}
    for group in tomllib.loads(INSTITUTIONS_FILE.read_text(encoding="utf-8")).get("same", ()):
        folds = frozenset(fold(name) for name in group)
        for key in folds:
            out[key] = out.get(key, frozenset()) | folds
    return out


@cache
def county_regions() -> dict[str, str]:
    """institutions.toml's `county_regions_lifelike`: a county (län) -> its region's name."""
    data = tomllib.loads(INSTITUTIONS_FILE.read_text(encoding="utf-8"))
    return dict(data.get("county_regions_lifelike", {}))


@cache
def unique_authorities() -> frozenset[str]:
    """Folds of the one-of-a-kind national authorities (`unique` in institutions.toml)."""
    data = tomllib.loads(INSTITUTIONS_FILE.read_text(encoding="utf-8"))
    return frozenset(fold(name) for name in data.get("unique", ()))


def institution_kind(original: str, before: Sequence[str] = ()) -> Kind | None:
    """The function of an institution: a known member, else a word of its name ("Bergsjöskolan"
    ends in "skolan"), else a word shortly before it ("restaurangen ... som heter Casa Andina")."""
    return named_kind(original) or kind_before(before)


@lru_cache(maxsize=4096)
def member_kind(original: str, lifelike: bool = False) -> Kind | None:
    """The kind whose known members include the name (Kolmården, Willhem), else None."""
    key = fold(original)
    return next((kind for kind in institution_kinds(lifelike) if key in kind.names
                 or (key.endswith("s") and key[:-1] in kind.names)), None)


@lru_cache(maxsize=4096)
def named_kind(original: str, lifelike: bool = False, places: frozenset[str] = frozenset()
               ) -> Kind | None:
    """`institution_kind` by the name alone, remembered per name: an essay names one workplace
    again and again. `lifelike`: its own rows too, never by a word of `places` (folds of the
    name's Swedish places)."""
    kinds = institution_kinds(lifelike)
    key = fold(original)
    member = member_kind(original, lifelike) or next(
        (kind for kind in kinds if key in kind.drawn), None)
    if member:
        return member
    tokens = fold(original).replace("-", " ").split()
    if lifelike:
        # the head word of a name is its last ("Karlstads domkyrka" is a church, not a town's
        # office; "Timrå IK arena" an arena), each word with its genitive's stem, never a
        # town's name ("Högskolan i Halmstad" ends in no "stad" of a city office)
        towns = geography(True).town_folds
        groups = [[t, t[:-1]] if t.endswith("s") else [t] for t in reversed(tokens)
                  if t not in towns and t[:-1] not in towns and t not in places]
    else:
        groups = [tokens + [t[:-1] for t in tokens if t.endswith("s")]]  # Nackstaskolans
    for group in groups:
        for kind in kinds:
            for word in kind.words:
                if any(t == word or (len(word) >= 4 and t.endswith(word)
                                     and len(t) > len(word) + 1) for t in group):
                    return kind
    return None


def ended_kind(original: str) -> Kind | None:
    """Lifelike, for institutions only (a place may end so too): the kind a short ending of
    the name's last word gives (`ends_lifelike`: Skebo, Kalmarhem are landlords), else that of
    a chain its first word names before its branch's ("Scandic Crown": a hotel)."""
    words_ = fold(original).replace("-", " ").split() or [""]
    last = words_[-1]
    return next((kind for kind in institution_kinds(True) for end in kind.ends if last == end
                 or (last.endswith(end) and len(last) > len(end) + 2)), None) or (
        # (an acronym too: "SCA Ortviken")
        member_kind(words_[0], True) if len(words_) > 1 and (
            len(words_[0]) >= 4 or original.split()[0].isupper()) else None)


def worker_kind(before: Sequence[str]) -> Kind | None:
    """Lifelike: the kind whose `workers` noun stands right before "på", "vid" or "hos" just
    before the name ("jobbar som undersköterska på Skas"), else None."""
    if len(before) < 2 or before[-1] not in ("pa", "vid", "hos"):
        return None
    return next((k for k in institution_kinds(True) if before[-2] in k.workers), None)


def kind_before(before: Sequence[str], lifelike: bool = False) -> Kind | None:
    """`institution_kind` by the nearest word before the name that tells one."""
    kinds = institution_kinds(lifelike)
    for word in reversed(before):
        kind = next((k for k in kinds if word in k.before), None)
        if kind:
            return kind
    return None
