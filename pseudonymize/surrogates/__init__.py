"""Render surrogates: one per entity, seeded, grammatical, never equal to an original.

Strategies: `realistic` (frequent names of the same gender, cities of the same country, streets
of the chosen city, institutions of the same kind: never a placeholder), `placeholder` (A-stad,
B-skolan: SweLL-gold style; person names stay realistic as in SweLL-gold) and `tag`
(@firstname_male_1). Morphology (genitive, definite, plural: attributes of the mention) and case
(STOCKHOLM, stockholm) of the original mention are re-applied in every strategy. Geography holds
together: a replaced country takes its cities, regions and areas along into the surrogate country,
and a surrogate place is never the original feature under another name.

The package's modules, in the order they build on each other: `forms`, `common`, `words`, `inflect`,
`kinds`, `geography`, `spans`, `numbers`, `reading`, `names`, `countries`, `places`, `features`,
`institutions`, `renderer`.
"""
from pseudonymize.surrogates.forms import Draws, plural, swedish_number, word_value
from pseudonymize.surrogates.common import SURNAME_FORMS, town_sections
from pseudonymize.surrogates.words import words
from pseudonymize.surrogates.inflect import kind_word, morphology, surname_form, town_genitive
from pseudonymize.surrogates.kinds import (cuisines, institution_kind, institution_kinds,
                                           member_kind, unique_authorities, university_fields)
from pseudonymize.surrogates.geography import abroad, geography, regions_abroad
from pseudonymize.surrogates.spans import (alias_spans, person_spans, person_words, pun_spans,
                                           pun_words)
from pseudonymize.surrogates.numbers import age_value, calendar_shift, learner_shift, plate_formats
from pseudonymize.surrogates.renderer import Renderer

__all__ = ["Draws", "Renderer", "SURNAME_FORMS", "abroad", "age_value", "alias_spans",
           "calendar_shift", "cuisines", "geography", "institution_kind", "institution_kinds",
           "kind_word", "learner_shift", "member_kind", "morphology", "person_spans",
           "person_words", "plate_formats", "plural", "pun_spans", "pun_words", "regions_abroad",
           "surname_form", "swedish_number", "town_genitive", "town_sections", "unique_authorities",
           "university_fields", "word_value", "words"]
