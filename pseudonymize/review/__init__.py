"""Review before release: a workspace of the engine's proposals, an append-only decision log,
a local web app to inspect, correct and approve every essay, and what a release takes from it.

    workspace.prepare(batch, keys_dir, engine)  -> <keys>/reviews/<id>/
    Workspace(path).decide(index, {"action": "reject", "span": "p3"}, reviewer)
    decided_spans(path, essay_id)               -> the spans a release renders
    app.create_app(workspace, engine, token)    -> the FastAPI app `review serve` runs
"""
from pseudonymize.review.workspace import ReviewError, Workspace, decided_spans

__all__ = ["ReviewError", "Workspace", "decided_spans"]
