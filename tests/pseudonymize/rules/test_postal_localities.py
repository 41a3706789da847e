"""Sweden's postal localities GeoNames lacks (`builders.postal`) on the offline snapshot: found
as small Swedish towns, never drawn as a surrogate."""
from pseudonymize.lexicon import fold


def test_a_postal_locality_is_a_small_swedish_town(offline_engine) -> None:
    entry = offline_engine.lex.get("kalarne")
    assert (entry.place_kind, entry.place_country, entry.se_pop) == ("city", "SE", 1)
    assert offline_engine.lex.place_region["kalarne"] == "SE.07"  # Jämtland, as GeoNames codes it


def test_a_postal_locality_is_never_drawn(offline_engine) -> None:
    lex = offline_engine.lex
    drawn = {fold(name) for names in lex.cities_by_country.values() for name in names}
    drawn |= {fold(name) for names in lex.pools.values() for name in names}
    assert not {"kalarne", "lingbo", "jadraas", "by kyrkby", "torpshammar"} & drawn


def test_words_and_islands_are_no_postal_localities(offline_engine) -> None:
    """Skog and Trädet are words, Gräsö an island's name (`geo` by the engine's rules)."""
    lex = offline_engine.lex
    assert not any(lex.get(key).se_pop for key in ("skog", "tradet", "stigen", "graso"))
