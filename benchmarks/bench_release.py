"""Corpus release throughput: essays/s and peak RSS for a generated batch, three task runners.

    python benchmarks/bench_release.py [--n 10000] [--write docs/benchmarks.md]

Builds the offline snapshot and generates N essays (gen_essays.py) in a temporary
SWEPSEUDO_HOME (under $TMPDIR, removed at exit; the file system it is on is reported), then
releases the batch with (a) 1 local worker, (b) 2 local worker processes, (c) a 2-worker Dask
LocalCluster, each in a fresh Python process that first starts Prefect with a warm-up flow (start-up
is not timed): later runs in one long-lived process were measured 10-20 % slower, so no runner
inherits another's state. Each run's output is deleted before the next.
Wall time covers the whole flow: read, shard, pseudonymize, SVALA, spans, leak gate, key, publish,
and the workers' start-up. CPU time is user + system of this process and the workers it started
(the load average at the start says whether other work shared the cores). Peak RSS is sampled
every 0.1 s over this process and the workers it starts (the Prefect server, already running
before the timed run, is excluded). A leak-gate failure is reported by label and count only.
Targets: >= 600 essays/s on 2 cores, peak RSS < 2 GB.
"""
from __future__ import annotations

import argparse
import atexit
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

import psutil

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))


class PeakRSS:
    """Samples the summed RSS of this process and its new descendants in a thread."""

    def __init__(self) -> None:
        me = psutil.Process()
        self.excluded = {p.pid for p in me.children(recursive=True)}
        self.peak = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _sample(self) -> int:
        me = psutil.Process()
        total = me.memory_info().rss
        for child in me.children(recursive=True):
            if child.pid not in self.excluded:
                try:
                    total += child.memory_info().rss
                except psutil.Error:
                    pass
        return total

    def _run(self) -> None:
        while not self._stop.is_set():
            self.peak = max(self.peak, self._sample())
            time.sleep(0.1)

    def __enter__(self) -> PeakRSS:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=1, help="run the three runners N times")
    parser.add_argument("--write", type=Path, help="replace the 'Corpus release' section there")
    parser.add_argument("--child", help=argparse.SUPPRESS)  # one run: release_corpus kwargs
    parser.add_argument("--batch", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--out", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        return run_child(json.loads(args.child), args.batch, args.out)

    home = Path(tempfile.mkdtemp(prefix="swepseudo-bench-"))
    # registered before Prefect's own exit handlers, so it runs after its server has stopped
    atexit.register(shutil.rmtree, home, True)
    os.environ["SWEPSEUDO_HOME"] = str(home)
    os.environ.setdefault("PREFECT_HOME", str(home / "prefect"))
    os.environ.setdefault("PREFECT_LOGGING_LEVEL", "WARNING")
    os.environ["PREFECT_SERVER_ANALYTICS_ENABLED"] = "false"

    from builders import build, registry
    from builders.store import Store
    from gen_essays import generate
    from pseudonymize.tokenize import tokenize

    outcomes, snapshot = build.build(build.select(registry.SOURCES, offline=True), Store(home))
    if snapshot is None:
        sys.exit("offline snapshot failed: " + "; ".join(o.reason for o in outcomes if not o.ok))
    batch = generate(home / "batch", args.n)
    tokens = sum(len(tokenize(p.read_text())) for p in batch.glob("*.txt"))
    where = f"{home.parent} ({file_system(home)})"
    print(f"batch: {args.n} essays, {tokens:,} tokens; snapshot {snapshot['id']}; "
          f"working directory {where}", flush=True)

    runs = [("1 local worker (thread)", {"workers": 1}),
            ("2 local workers (processes)", {"workers": 2}),
            ("Dask LocalCluster, 2 worker processes", {"workers": 2, "dask": "local"})]
    rows = []
    for n, (label, kwargs) in enumerate(runs * args.repeat):
        out = home / f"out{n}"
        child = subprocess.run([sys.executable, __file__, "--child", json.dumps(kwargs),
                                "--batch", str(batch), "--out", str(out)],
                               stdout=subprocess.PIPE, text=True, check=True)
        seconds, cpu, peak, load, note = json.loads(child.stdout.strip().splitlines()[-1])
        for done in (out, out.with_name(out.name + "-warm"), out.with_name(out.name + "-warm-out")):
            shutil.rmtree(done, ignore_errors=True)
        row = (label, seconds, args.n / seconds, cpu, peak / 2**20, load, note)
        rows.append(row)
        print(f"{label}: {seconds:.1f} s, {row[2]:.0f} essays/s, CPU {cpu:.1f} s, "
              f"peak RSS {row[4]:.0f} MiB, load {load:.1f} {note}", flush=True)
    if args.write:
        write_section(args.write, args.n, tokens, rows, args.repeat, where)


def run_child(kwargs: dict, batch: Path, out: Path) -> None:
    """One timed release in this fresh process, after an untimed warm-up flow; prints
    [seconds, cpu, peak rss bytes, load, note] as one JSON line."""
    from flows.corpus import release_corpus
    from gen_essays import generate
    from pseudonymize.corpus.leakgate import LeakError

    warm = generate(out.with_name(out.name + "-warm"), 4)
    release_corpus(str(warm), str(out.with_name(out.name + "-warm-out")), workers=1)
    note, load = "", os.getloadavg()[0]
    cpu = _cpu_seconds()
    with PeakRSS() as rss:
        start = time.perf_counter()
        try:
            release_corpus(str(batch), str(out), **kwargs)
        except LeakError as exc:
            labels = sorted(Counter(hit.label for hit in exc.hits).items())
            by_label = ", ".join(f"{name} {count}" for name, count in labels)
            note = f"leak gate failed: {len(exc.hits)} hits ({by_label})"
        seconds = time.perf_counter() - start
    print(json.dumps([seconds, _cpu_seconds() - cpu, rss.peak, load, note]), flush=True)


def file_system(path: Path) -> str:
    """Type of the file system holding `path` (tmpfs, ext4, ...)."""
    mounts = [p for p in psutil.disk_partitions(all=True)
              if str(path).startswith(p.mountpoint.rstrip("/") + "/")]
    return max(mounts, key=lambda p: len(p.mountpoint)).fstype if mounts else "unknown"


def _cpu_seconds() -> float:
    """User + system time of this process and of its finished (waited-for) children."""
    me, children = resource.getrusage(resource.RUSAGE_SELF), \
        resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime


MARKER = "<!-- figures above are written by bench_release.py --write; notes below are kept -->"


def write_section(path: Path, n: int, tokens: int, rows: list[tuple], repeat: int = 1,
                  where: str = "") -> None:
    options = f"--n {n} " + (f"--repeat {repeat} " if repeat > 1 else "")
    tmpdir = f"TMPDIR={os.environ['TMPDIR']} " if os.environ.get("TMPDIR") else ""
    lines = ["## Corpus release", "", "Command (from the repository root):", "", "```",
             f"{tmpdir}.venv/bin/python benchmarks/bench_release.py {options}"
             "--write docs/benchmarks.md",
             "```", "",
             f"A generated batch of {n:,} essays ({tokens:,} tokens; `benchmarks/gen_essays.py`, "
             "4 essays per learner) released end to end by the Prefect flow with the offline "
             "snapshot: read, shard, pseudonymize, SVALA (published and review graphs), spans, "
             "leak gate, key, publish. Prefect start-up is excluded (a warm-up flow runs "
             "first); the workers' start-up is included. CPU is user + system time of the flow "
             "process and its workers; load is the 1-minute load average before the run (other "
             "sessions share this machine's 2 cores). Peak RSS sums the flow process and the "
             "workers it starts, sampled every 0.1 s; the Prefect server is not counted. "
             f"Measured {time.strftime('%Y-%m-%d')}; working directory {where}.", "",
             "| runner | wall time | essays/s | CPU | peak RSS | load | note |",
             "|---|---|---|---|---|---|---|"]
    lines += [f"| {label} | {s:.1f} s | {eps:.0f} | {cpu:.0f} s | {mib:.0f} MiB | {load:.1f} | "
              f"{note} |" for label, s, eps, cpu, mib, load, note in rows]
    lines += ["", "Targets: >= 600 essays/s on 2 cores; peak RSS < 2 GB.", "", MARKER, "", ""]
    section = "\n".join(lines)
    text = path.read_text() if path.exists() else "# Benchmarks\n"
    # the figures are replaced; notes written below the marker stay
    pattern = re.compile(rf"^## Corpus release\n(?:.*?{re.escape(MARKER)}\n\n?|.*?(?=^## |\Z))",
                         re.S | re.M)
    text = pattern.sub(lambda _: section, text) if pattern.search(text) \
        else text.rstrip("\n") + "\n\n" + section
    path.write_text(text)


if __name__ == "__main__":
    main()
