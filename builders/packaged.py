"""Offline default: gazetteers built only from data inside installed PyPI packages (to be written)."""
from builders.source import Source

SOURCES: tuple[Source, ...] = ()
