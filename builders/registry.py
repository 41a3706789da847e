"""Every builder source, by name. Add a module's SOURCES here to make it buildable."""
from __future__ import annotations

from builders import packaged
from builders.source import Source

MODULES = (packaged,)

SOURCES: dict[str, Source] = {s.name: s for m in MODULES for s in m.SOURCES}
