"""Builder tests share the local HTTP server fixture (defined in httpserver.py)."""
from tests.builders.httpserver import http_server

__all__ = ["http_server"]
