"""Review speed: prepare, opening and filtering a 10,000-essay workspace, an essay page of
1,000 words, a decision round trip; each printed beside a baseline measured in the same run.

    python benchmarks/bench_review.py --home DATA_ROOT [--n 10000] [--prepare-n 1000]

DATA_ROOT holds a built snapshot (`SWEPSEUDO_HOME=DATA_ROOT swepseudo resources build
--offline --no-prefect`). Essays come from benchmarks/gen_essays.py (~250 words each); the
1,000-word essay is five of them in one file.
"""
from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fastapi.testclient import TestClient  # noqa: E402
from gen_essays import generate  # noqa: E402

from builders.store import Store  # noqa: E402
from pseudonymize.corpus.batch import read_batch  # noqa: E402
from pseudonymize.engine import Engine, Memory  # noqa: E402
from pseudonymize.review.app import create_app, essay_list  # noqa: E402
from pseudonymize.review.workspace import Workspace, prepare  # noqa: E402

TOKEN = "bench"


def median_ms(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return 1000 * statistics.median(times)


def row(what: str, value: str, baseline: str, target: str) -> None:
    print(f"| {what} | {value} | {baseline} | {target} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--home", type=Path, required=True, help="data root with a snapshot")
    parser.add_argument("--n", type=int, default=10_000, help="essays in the large workspace")
    parser.add_argument("--prepare-n", type=int, default=1000, help="essays timed for prepare")
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()
    snapshot = Store(args.home).snapshot_path("current")
    engine = Engine.load(snapshot)
    tmp = Path(tempfile.mkdtemp(prefix="bench-review-"))
    try:
        run(args, engine, snapshot, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def run(args: argparse.Namespace, engine: Engine, snapshot: Path, tmp: Path) -> None:
    batch = generate(tmp / "batch", args.n)
    long_text = "\n".join((batch / f"gen-{i:06d}.txt").read_text() for i in range(5))
    (batch / "long-1000.txt").write_text(long_text, encoding="utf-8")
    print(f"{args.n} essays + one of {len(long_text.split())} words; snapshot {engine.snapshot_id}",
          flush=True)
    print("| what | figure | baseline (same run) | target |\n|---|---|---|---|")

    small = generate(tmp / "small", args.prepare_n)
    essays = read_batch(small).essays
    t0 = time.perf_counter()
    memories: dict[str, Memory] = {}
    for e in sorted(essays, key=lambda e: (e.learner, e.essay_id)):
        engine.pseudonymize(e.text, e.essay_id, memory=memories.setdefault(e.learner, Memory()))
    base = time.perf_counter() - t0
    t0 = time.perf_counter()
    prepare(small, tmp / "keys-small", engine, snapshot_path=snapshot)
    took = time.perf_counter() - t0
    row(f"`review prepare`, {args.prepare_n} essays", f"{took:.1f} s "
        f"({args.prepare_n / took:.0f} essays/s)", f"engine.pseudonymize loop (the release's "
        f"per-essay work): {base:.1f} s", "release speed")

    t0 = time.perf_counter()
    ws_path = prepare(batch, tmp / "keys", engine, snapshot_path=snapshot)
    print(f"(prepared the {args.n + 1}-essay workspace in {time.perf_counter() - t0:.0f} s)")

    def open_and_filter() -> None:
        ws = Workspace(ws_path)
        essay_list(ws, state="open", marks=True, order="risk")

    def read_only() -> None:
        import json
        with open(ws_path / "essays.jsonl", encoding="utf-8") as fh:
            [json.loads(line) for line in fh]

    row(f"open {args.n + 1}-essay workspace + filter (not approved, has marks, risk order)",
        f"{median_ms(open_and_filter, 3):.0f} ms", f"json-decoding essays.jsonl alone: "
        f"{median_ms(read_only, 3):.0f} ms", "< 2 s")
    ws = Workspace(ws_path)
    refilter = median_ms(lambda: essay_list(ws, state="open", label="city", order="risk"), 5)
    row("filter the open workspace again", f"{refilter:.0f} ms", "", "")

    client = TestClient(create_app(ws, engine, TOKEN), headers={"X-Review-Token": TOKEN})
    long_essay = ws.by_id["long-1000"]
    index = long_essay.index
    page = median_ms(lambda: client.get(f"/api/essays/{index}").raise_for_status(), args.repeat)
    render = median_ms(lambda: engine.render(long_essay.text, long_essay.spans_for_render(),
                                             "x"), args.repeat)
    row("essay page, ~1,000 words (GET /api/essays/i: state, render, JSON)", f"{page:.1f} ms",
        f"engine.render alone: {render:.1f} ms", "< 200 ms")

    browser_page(ws, engine, index, page)

    sid = long_essay.spans[0].sid
    actions = iter([{"action": "reject" if k % 2 else "accept", "span": sid}
                    for k in range(args.repeat)])

    def round_trip() -> None:
        client.post(f"/api/essays/{index}/decide", json=next(actions)).raise_for_status()

    row("decision round trip (fsync'd log line + re-render + JSON), ~1,000-word essay",
        f"{median_ms(round_trip, args.repeat):.1f} ms", f"GET of the same page: {page:.1f} ms",
        "< 50 ms")


def browser_page(ws: Workspace, engine: Engine, index: int, api_ms: float) -> None:
    """The same essay opened in headless Chromium: request, JSON, drawing both texts and the
    side panel, up to the next animation frame (median of 10). Skipped without Chromium."""
    chromium, driver_path = shutil.which("chromium"), shutil.which("chromedriver")
    try:
        from selenium import webdriver
    except ImportError:
        webdriver = None
    if not (chromium and driver_path and webdriver):
        print("(no Chromium/selenium: browser drawing not measured)")
        return
    import socket
    import threading

    import uvicorn

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(create_app(ws, engine, TOKEN), access_log=False,
                                           log_level="warning"))
    threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--window-size=1400,900"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=webdriver.ChromeService(driver_path), options=options)
    try:
        driver.get(f"http://127.0.0.1:{sock.getsockname()[1]}/?token={TOKEN}")
        time.sleep(1)
        script = """const done = arguments[arguments.length - 1], t = performance.now();
            window.swepseudoReview.openEssay(arguments[0]).then(() =>
                requestAnimationFrame(() => done(performance.now() - t)));"""
        times = [driver.execute_async_script(script, index) for _ in range(10)]
        row("essay page, ~1,000 words, in Chromium (fetch + draw, to the next frame)",
            f"{statistics.median(times):.0f} ms", f"the API request alone: {api_ms:.1f} ms",
            "< 200 ms")
    finally:
        driver.quit()
        server.should_exit = True


if __name__ == "__main__":
    main()
