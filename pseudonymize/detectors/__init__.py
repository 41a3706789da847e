"""Detector families. Each module exposes `detect(doc, lex) -> list[Span]`; the registry below is
the order they run in (resolution, not order, decides between overlapping candidates)."""
