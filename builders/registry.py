"""Every builder source, by name. Add a module's SOURCES here to make it buildable."""
from __future__ import annotations

from builders import (bolagsverket, geonames, osm_streets, packaged, scb_names, scb_tatorter,
                      skatteverket, skolverket, ssyk, universities)
from builders.source import Source

MODULES = (packaged, geonames, scb_names, bolagsverket, scb_tatorter, osm_streets, skolverket,
           universities, ssyk, skatteverket)

SOURCES: dict[str, Source] = {s.name: s for m in MODULES for s in m.SOURCES}
