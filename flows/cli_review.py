"""`swepseudo review prepare | serve | approve | stats | export-gold | import-svala`: look at
what the engine decided, correct it and sign off before a release (`release --review`)."""
from __future__ import annotations

import argparse
import getpass
import ipaddress
import json
import secrets
import socket
import sys
from collections.abc import Callable
from pathlib import Path

from flows.cli import (CLIError, command_group, corpus_policy, examples, policy_option, progress,
                       seed_option, snapshot_option, strategy_option, text_arg)

LOOPBACK = "127.0.0.1"


def register(subparsers: argparse._SubParsersAction) -> None:
    sub = command_group(subparsers, "review",
                        "inspect, correct and approve essays in the browser before release")

    p = sub.add_parser("prepare", help="run the engine and write a review workspace",
                       epilog=examples("swepseudo review prepare corpus/sample --keys keys",
                                       "swepseudo review serve keys/reviews/<workspace-id>",
                                       "swepseudo release corpus/sample --out corpus/releases "
                                       "--review keys/reviews/<workspace-id> --require-approved"))
    p.add_argument("batch", metavar="BATCH", help="directory of .txt essays, or a .jsonl file")
    p.add_argument("--keys", required=True, metavar="DIR",
                   help="the key directory; the workspace goes to DIR/reviews/<id>/")
    snapshot_option(p)
    seed_option(p)
    strategy_option(p)
    policy_option(p, ": the proposals follow it, and a release from the workspace uses it")
    p.set_defaults(func=cmd_prepare)

    p = on_workspace(sub, "serve", "start the review web app (prints its URL)", cmd_serve)
    p.add_argument("--port", type=int, default=8765, help="port (default 8765; 0 = any free)")
    p.add_argument("--host", default=None,
                   help=f"address to listen on (default {LOOPBACK}); anything but loopback "
                        "exposes original text to the network")

    p = on_workspace(sub, "approve", "approve essays from the command line", cmd_approve)
    which = p.add_mutually_exclusive_group(required=True)
    which.add_argument("--essay", nargs="+", metavar="ID", type=text_arg, help="essay ids")
    which.add_argument("--all", action="store_true", help="every essay not yet approved")
    p.add_argument("--keep-marks", action="store_true",
                   help="keep every undecided mark-only item as it is (else such essays wait)")
    p.add_argument("--reviewer", default=None, help="name in the log (default: your login)")

    p = on_workspace(sub, "stats", "decisions per label, engine precision/recall, kappa",
                     cmd_stats)
    p.add_argument("--json", action="store_true", help="print JSON")

    p = on_workspace(sub, "export-gold", "write reviewed essays as eval jsonl gold",
                     cmd_export_gold)
    p.add_argument("--out", required=True, metavar="FILE",
                   help="the gold JSON Lines file (it holds original text)")
    p.add_argument("--include-open", action="store_true",
                   help="also essays not yet approved (quarantined ones never)")

    p = on_workspace(sub, "import-svala", "turn corrected SVALA graphs into decisions",
                     cmd_import_svala)
    p.add_argument("graphs", nargs="+", metavar="GRAPH.json",
                   help="SVALA graphs whose source side is an essay of the workspace")
    p.add_argument("--reviewer", default="svala", help="name in the log (default svala)")


def on_workspace(sub: argparse._SubParsersAction, name: str, help: str,
                 func: Callable[[argparse.Namespace], int]) -> argparse.ArgumentParser:
    """An action whose first argument is a workspace."""
    p = sub.add_parser(name, help=help)
    p.add_argument("workspace", metavar="WORKSPACE",
                   help="a review workspace (<keys>/reviews/<id>, made by `review prepare`)")
    p.set_defaults(func=func)
    return p


def _workspace(path: str):  # noqa: ANN202 - the Workspace type is imported lazily
    from pseudonymize.review.workspace import ReviewError, Workspace

    try:
        return Workspace(Path(path))
    except ReviewError as exc:
        raise CLIError(str(exc)) from None
    except (OSError, ValueError, KeyError) as exc:
        raise CLIError(f"{path}: damaged workspace ({type(exc).__name__})") from None


def _engine(snapshot: str):  # noqa: ANN202
    from builders.store import Store, data_root
    from pseudonymize.corpus.release import load_engine

    try:
        path = Store(data_root()).snapshot_path(snapshot)
    except LookupError as exc:
        raise CLIError(str(exc)) from None
    return path, load_engine(path)


def cmd_prepare(args: argparse.Namespace) -> int:
    from builders.store import code_revision
    from pseudonymize.corpus.batch import BatchError
    from pseudonymize.review.workspace import ReviewError, Workspace, prepare

    batch = Path(args.batch)
    if not batch.exists():
        raise CLIError(f"{batch}: no such batch")
    policy = corpus_policy(args.policy)
    snapshot_path, engine = _engine(args.snapshot)
    bar = None

    def tick(total: int) -> None:  # the batch's size is known once it is read
        nonlocal bar
        bar = bar or progress(total, "prepare", unit="essay")
        bar.update()

    try:
        path = prepare(batch, Path(args.keys), engine, strategy=args.strategy, seed=args.seed,
                       code_revision=code_revision(), snapshot_path=snapshot_path,
                       policy=policy, on_essay=tick)
    except (ReviewError, BatchError) as exc:
        raise CLIError(str(exc)) from None
    finally:
        if bar is not None:
            bar.close()
    ws = Workspace(path)
    marks = sum(len(e.undecided_marks()) for e in ws.essays)
    print(f"workspace {path}")
    print(f"essays    {len(ws.essays)} to review ({len(ws.meta['quarantine'])} quarantined by "
          f"the reader), {sum(len(e.spans) for e in ws.essays)} proposed spans, "
          f"{marks} marks to decide")
    print(f"next      swepseudo review serve {path}")
    return 0


def loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def cmd_serve(args: argparse.Namespace) -> int:
    import uvicorn

    from pseudonymize.corpus.release import load_engine
    from pseudonymize.review.app import create_app

    ws = _workspace(args.workspace)
    host = args.host or LOOPBACK
    if not loopback(host):
        print(f"swepseudo: warning: serving on {host}: anyone who can reach this address and "
              "has the URL sees original essay text", file=sys.stderr)
    snapshot = Path(ws.meta.get("snapshot_path") or "")
    engine = load_engine(snapshot) if snapshot.is_file() else _engine(ws.meta["snapshot"])[1]
    token = secrets.token_urlsafe(24)
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, args.port))
    except OSError as exc:
        raise CLIError(f"cannot listen on {host}:{args.port} ({exc.strerror})") from None
    sock.listen(128)  # connections wait from now on, so the printed URL works at once
    port = sock.getsockname()[1]
    shown = f"[{host}]" if family == socket.AF_INET6 else host
    print(f"review {ws.id}: {len(ws.essays)} essays; stop with Ctrl-C", flush=True)
    print(f"http://{shown}:{port}/?token={token}", flush=True)
    # no access log: the server logs nothing per request (paths name essays by index anyway)
    config = uvicorn.Config(create_app(ws, engine, token), access_log=False, log_level="warning",
                            server_header=False)
    uvicorn.Server(config).run(sockets=[sock])
    return 0


def cmd_approve(args: argparse.Namespace) -> int:
    ws = _workspace(args.workspace)
    if args.all:
        chosen = [e for e in ws.essays if not e.approved and not e.quarantined]
    else:
        unknown = [i for i in args.essay if i not in ws.by_id]
        if unknown:
            raise CLIError(f"no such essay in {ws.path}: {', '.join(unknown)}")
        chosen = [ws.by_id[i] for i in args.essay]
    reviewer = args.reviewer or getpass.getuser()
    results = ws.decide_many([(e.index, {"action": "approve", "keep_marks": args.keep_marks},
                               None) for e in chosen], reviewer, "cli")
    waiting = [(e.essay_id, why) for e, why in results if why]
    print(f"approved {len(results) - len(waiting)} essays; "
          f"{sum(bool(e.approved) for e in ws.essays)} of {len(ws.essays)} approved now")
    for essay_id, why in waiting:
        hint = " (or --keep-marks)" if "marks" in why else ""
        print(f"  not approved {essay_id}: {why}{hint}")
    return 1 if waiting else 0


def cmd_stats(args: argparse.Namespace) -> int:
    from pseudonymize.review.app import progress as review_progress
    from pseudonymize.review.stats import compute, format_stats

    ws = _workspace(args.workspace)
    result = compute(ws)
    done = review_progress(ws)
    if args.json:
        print(json.dumps({"progress": done, **result}, indent=2, ensure_ascii=False))
        return 0
    print(f"workspace {ws.id}: {done['approved']} of {done['total']} approved, "
          f"{done['quarantined']} quarantined; by reviewer: "
          + (", ".join(f"{k} {v}" for k, v in done["reviewers"].items()) or "none"))
    print("decisions made in: " + (", ".join(f"{k} {v}" for k, v in ws.summary()["via"].items())
                                   or "none yet"))
    print(format_stats(result))
    return 0


def cmd_export_gold(args: argparse.Namespace) -> int:
    from pseudonymize.review.gold import export_gold

    ws = _workspace(args.workspace)
    n = export_gold(ws, Path(args.out), args.include_open)
    print(f"wrote {n} essays to {args.out} (eval --format jsonl gold; holds original text)")
    return 0


def cmd_import_svala(args: argparse.Namespace) -> int:
    from pseudonymize.review.gold import import_svala
    from pseudonymize.review.workspace import ReviewError

    ws = _workspace(args.workspace)
    try:
        report = import_svala(ws, [Path(g) for g in args.graphs], args.reviewer)
    except ReviewError as exc:
        raise CLIError(str(exc)) from None
    for path, n, problems in report:
        print(f"{path}: {n} decisions" + (f", {len(problems)} skipped" if problems else ""))
        for why in problems:
            print(f"  skipped: {why}")
    return 0
