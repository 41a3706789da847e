"""The review web app: a local FastAPI app over one workspace.

Every request needs the access token (`?token=` in the URL `review serve` prints, then the
`X-Review-Token` header the page sends). URLs name essays by their position in the workspace
(`/api/essays/12`), never by id (ids can be names); nothing is logged per request. The page is
one HTML document with its script and style inlined (no build step, no third-party origin).

    GET  /                               the page
    GET  /api/meta                       labels, attributes, workspace settings
    GET  /api/essays?state=&marks=&learner=&label=&order=&offset=&limit=
    GET  /api/essays/{i}                 one essay: text, spans, pseudonymized text, entities
    POST /api/essays/{i}/decide          {"version": v, "action": ..., ...} -> the essay
    POST /api/search                     {"q": text} -> every whole-word occurrence in the batch
                                         (in the body: a URL never carries essay text)
    POST /api/apply                      {"label", "attrs", "occurrences": [{index, start, end}]}
    GET  /api/stats                      progress and decision counts
"""
from __future__ import annotations

import hmac
import json
import logging
import re
from collections import Counter
from importlib import resources

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from pseudonymize.doc import Doc
from pseudonymize.engine import Engine
from pseudonymize.labels import LABELS
from pseudonymize.review import stats as review_stats
from pseudonymize.review.doubts import Doubts, named_by_learner
from pseudonymize.review.workspace import (ATTRS, COMMENT_KINDS, REVIEW_MARKS, EssayState,
                                           ReviewError, Workspace)
from pseudonymize.types import Span

TOKEN_HEADER = "x-review-token"
REVIEWER_HEADER = "x-reviewer"
MAX_BODY = 1_000_000
MAX_HITS = 5000
PAGE_SIZE = 200
log = logging.getLogger("swepseudo.review")
SECURITY_HEADERS = {
    "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer", "X-Frame-Options": "DENY",
    "Content-Security-Policy": "default-src 'none'; script-src 'unsafe-inline'; "
                               "style-src 'unsafe-inline'; connect-src 'self'; img-src data:"}


def page_html() -> str:
    """index.html with app.css and app.js inlined."""
    static = resources.files("pseudonymize.review") / "static"
    html = (static / "index.html").read_text(encoding="utf-8")
    return (html.replace("/*APP_CSS*/", (static / "app.css").read_text(encoding="utf-8"))
                .replace("/*APP_JS*/", (static / "app.js").read_text(encoding="utf-8")))


def create_app(workspace: Workspace, engine: Engine, token: str) -> FastAPI:
    """The app for one open workspace; `token` guards every request."""
    app = FastAPI(openapi_url=None, docs_url=None, redoc_url=None)
    _guard(app, token.encode())
    _routes(app, workspace, engine, page_html())
    return app


def _guard(app: FastAPI, expected: bytes) -> None:
    """Every request shows the token; every answer carries the security headers; an error
    answers with its message, a crash with its type only."""

    @app.middleware("http")
    async def guard(request: Request, call_next):  # noqa: ANN001, ANN202 - Starlette's shape
        given = request.headers.get(TOKEN_HEADER) or request.query_params.get("token") or ""
        if not hmac.compare_digest(given.encode(), expected):
            response = JSONResponse({"detail": "a valid access token is required: open the URL "
                                               "`swepseudo review serve` printed"}, 401)
        else:
            response = await call_next(request)
        response.headers.update(SECURITY_HEADERS)
        return response

    @app.exception_handler(ReviewError)
    async def review_error(request: Request, exc: ReviewError) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, exc.status)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return JSONResponse({"detail": str(exc.detail)}, exc.status_code)

    @app.exception_handler(Exception)
    async def crash(request: Request, exc: Exception) -> JSONResponse:
        # the message or traceback could quote an essay: the type is all that is logged
        log.error("review app: %s", type(exc).__name__)
        return JSONResponse({"detail": f"internal error ({type(exc).__name__})"}, 500)


def _routes(app: FastAPI, workspace: Workspace, engine: Engine, page: str) -> None:
    """The page and its API: essays, decisions, search, apply-to-all, statistics."""

    @app.get("/")
    def index() -> HTMLResponse:
        return HTMLResponse(page)

    @app.get("/api/meta")
    def meta() -> dict:
        return {"workspace": workspace.id, "essays": len(workspace.essays),
                "strategy": workspace.meta["strategy"], "seed": workspace.meta["seed"],
                "labels": {k: {"action": v.action, "kind": kind(k)} for k, v in LABELS.items()},
                "attrs": list(ATTRS), "comment_kinds": list(COMMENT_KINDS),
                "learners": sorted({e.learner_id for e in workspace.essays if e.learner_id})}

    @app.get("/api/essays")
    def essays(state: str = "all", marks: bool = False, learner: str = "", label: str = "",
               order: str = "id", offset: int = 0, limit: int = PAGE_SIZE) -> dict:
        return essay_list(workspace, state, marks, learner, label, order, offset, limit)

    @app.get("/api/essays/{index}")
    def essay(index: int) -> dict:
        return essay_view(workspace, workspace.essay(index), engine)

    @app.post("/api/essays/{index}/decide")
    async def decide(index: int, request: Request) -> dict:
        body = await _body(request)
        version = body.pop("version", None)
        if version is not None and (not isinstance(version, int) or isinstance(version, bool)):
            raise ReviewError("version is the essay's version number")
        essay = workspace.decide(index, body, request.headers.get(REVIEWER_HEADER, ""), "web",
                                 version)
        return essay_view(workspace, essay, engine)

    @app.post("/api/search")
    async def search(request: Request) -> dict:
        query = (await _body(request)).get("q")
        if not isinstance(query, str):
            raise ReviewError("search: {\"q\": text}")
        return search_batch(workspace, query)

    @app.post("/api/apply")
    async def apply_all(request: Request) -> dict:
        body = await _body(request)
        hits = body.get("occurrences")
        if not isinstance(hits, list) or not hits or not all(
                isinstance(h, dict) and isinstance(h.get("index"), int) for h in hits):
            raise ReviewError("occurrences: a non-empty list of {index, start, end}")
        action = {"action": "add", "label": body.get("label"), "attrs": body.get("attrs", [])}
        results = workspace.decide_many(
            [(h["index"], {**action, "start": h.get("start"), "end": h.get("end")}, None)
             for h in hits], request.headers.get(REVIEWER_HEADER, ""), "web")
        skipped = [{"index": e.index, "reason": why} for e, why in results if why]
        return {"added": len(results) - len(skipped), "skipped": skipped}

    @app.get("/api/stats")
    def stats() -> dict:
        return {"progress": progress(workspace), "stats": review_stats.compute(workspace)}


async def _body(request: Request) -> dict:
    raw = await request.body()
    if len(raw) > MAX_BODY:
        raise ReviewError("request too large", 413)
    try:
        body = json.loads(raw or b"null")
    except RecursionError:
        raise ReviewError("the request body is nested too deeply", 400) from None
    except ValueError:
        raise ReviewError("the request body is not JSON", 400) from None
    if not isinstance(body, dict):
        raise ReviewError("the request body is a JSON object", 400)
    if b"\\u" in raw:  # an escape may be a lone surrogate ("\\ud800"): no text the log can hold
        try:
            json.dumps(body, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            raise ReviewError("the request body holds a lone surrogate (not text)", 400) from None
    return body


def kind(label: str) -> str:
    """The colour family of a label on the page."""
    return "sensitive" if label == "sensitive" else LABELS[label].kind


def state_of(essay: EssayState) -> str:
    return "quarantined" if essay.quarantined else "approved" if essay.approved else "open"


def essay_list(workspace: Workspace, state: str = "all", marks: bool = False, learner: str = "",
               label: str = "", order: str = "id", offset: int = 0, limit: int = PAGE_SIZE
               ) -> dict:
    """Filtered, ordered essay summaries (a page of them) and the progress counts."""
    if state not in ("all", "open", "approved", "quarantined"):
        raise ReviewError("state is all, open, approved or quarantined")
    if order not in ("id", "risk"):
        raise ReviewError("order is id or risk")
    if label and label not in LABELS:
        raise ReviewError(f"unknown label {label!r}")
    chosen = []
    for e in workspace.essays:
        if state != "all" and state_of(e) != state:
            continue
        if learner and e.learner_id != learner:
            continue
        if marks and not any(lab in REVIEW_MARKS for lab in e.active_labels()):
            continue
        if label and label not in e.active_labels():
            continue
        chosen.append(e)
    if order == "risk":
        chosen.sort(key=lambda e: (-(e.risk["score"] + 2 * e.undecided_count()), e.index))
    offset, limit = max(0, offset), max(1, min(limit, 1000))
    items = [{"index": e.index, "id": e.essay_id, "learner": e.learner_id, "state": state_of(e),
              "risk": e.risk["score"], "marks": e.undecided_count(),
              "spans": len(e.active_labels())} for e in chosen[offset:offset + limit]]
    return {"matched": len(chosen), "offset": offset, "items": items,
            "progress": progress(workspace)}


def progress(workspace: Workspace) -> dict:
    states = Counter(state_of(e) for e in workspace.essays)
    by_reviewer = Counter(e.approved["reviewer"] for e in workspace.essays if e.approved)
    return {"total": len(workspace.essays), "approved": states["approved"],
            "quarantined": states["quarantined"], "open": states["open"],
            "reviewers": dict(sorted(by_reviewer.items()))}


def essay_view(workspace: Workspace, essay: EssayState, engine: Engine) -> dict:
    """Everything the page shows of an essay, its pseudonymized text rendered from the
    decisions so far."""
    result = workspace.render(essay, engine)
    rendered = dict(zip((s.sid for s in essay.active()), result.annotations))
    spans = []
    for s in sorted(essay.spans, key=lambda s: (s.start, s.end)):
        a = rendered.get(s.sid)
        spans.append({"sid": s.sid, "start": s.start, "end": s.end, "label": s.label,
                      "attrs": list(s.attrs), "status": s.status, "origin": s.origin,
                      "kind": kind(s.label), "mark": s.label in REVIEW_MARKS,
                      "undecided": s.undecided_mark, "rule": s.rule, "score": s.score,
                      "engine_label": s.engine_label,
                      "ref": a.ref if a else None, "published_label": a.label if a else None,
                      "pseudonym": a.pseudonym if a else None,
                      "tstart": a.target_start if a else None, "tend": a.target_end if a else None})
    doc = Doc.make(essay.text, engine.lex, engine.spellings)
    return {"index": essay.index, "id": essay.essay_id, "learner": essay.learner_id,
            "text": essay.text, "target": result.target, "version": essay.version,
            "doubts": Doubts(engine.lex)(doc, essay.spans_for_render(),
                                         learner_named(workspace, essay),
                                         learned_doubts(engine, workspace, doc, essay)),
            "state": state_of(essay), "approved": essay.approved,
            "quarantined": essay.quarantined, "comments": essay.comments, "risk": essay.risk,
            "spans": spans}


def learned_doubts(engine: Engine, workspace: Workspace, doc: Doc, essay: EssayState
                   ) -> list[Span]:
    """Under the policy's `learned = "review"`: the learned tagger's spans outside the essay's
    spans, shown as doubts (under "replace" they are spans already; under "off", nothing)."""
    if engine.learned_mode(workspace.policy) != "review":
        return []
    return engine.learned_spans(doc, essay.spans_for_render())


def learner_named(workspace: Workspace, essay: EssayState) -> set[str]:
    """What the learner's essays' spans name (folds): underlined where this one leaves it."""
    return named_by_learner((e.learner, e.text, e.spans_for_render())
                            for e in workspace.by_learner[essay.learner])[essay.learner]


def search_batch(workspace: Workspace, query: str) -> dict:
    """Whole-word, case-insensitive occurrences of `query` in every essay, with the label of a
    span already covering each (so the page offers only the uncovered ones)."""
    query = query.strip()
    if not 0 < len(query) <= 200:
        raise ReviewError("search for 1..200 characters")
    pattern = re.compile(r"(?<!\w)" + re.escape(query) + r"(?!\w)", re.IGNORECASE)
    hits = []
    for e in workspace.essays:
        active = e.active()
        for m in pattern.finditer(e.text):
            cover = next((s for s in active if s.start < m.end() and m.start() < s.end), None)
            hits.append({"index": e.index, "id": e.essay_id, "learner": e.learner_id,
                         "start": m.start(), "end": m.end(), "text": m.group(),
                         "before": e.text[max(0, m.start() - 30):m.start()],
                         "after": e.text[m.end():m.end() + 30],
                         "covered": cover.label if cover else None})
            if len(hits) >= MAX_HITS:
                return {"hits": hits, "truncated": True}
    return {"hits": hits, "truncated": False}
