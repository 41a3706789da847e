"""Crash safety of a release: where its directories may be, who may remove them, one run at a time.

* Working directories carry the pid of their run in their name (`.work-<rid>.<pid>.<rand>`,
  `.<rid>.<pid>.<rand>.partial`); the next release of any batch into the same key or output
  directory removes those whose run is dead, and says so.
* Directories of a live run are registered and removed on every exit path of this process
  (`finally` in the release, `atexit`, and `stop_on_signals` for SIGTERM/SIGINT).
* One release per key directory at a time: an advisory `flock`, the second run waits and says so.
* Worker processes die with their parent (`die_with_parent`): a watchdog thread notices that the
  parent is gone, and Ctrl-C to the process group is left to the parent, which stops the workers.
"""
from __future__ import annotations

import atexit
import multiprocessing
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

from builders.store import hold_lock

_STALE = re.compile(r"^\.(?:work-)?[0-9a-f]{16}\.(\d+)\.[^/]+$")
_ACTIVE: set[str] = set()
_LOCKS: dict[str, int] = {}
_WATCHING = False
STOP_SECONDS = 6.0  # a second signal, or this long after the first, ends the process anyway


def notify(message: str) -> None:
    """One line for the user on stderr (never essay text: callers pass paths and counts)."""
    print(f"swepseudo: {message}", file=sys.stderr, flush=True)


def pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def run_dir_prefix(kind: str, release_id: str) -> str:
    """`mkdtemp` prefix of a run's directory: its release id and this process's pid."""
    return f".{'work-' if kind == 'work' else ''}{release_id}.{os.getpid()}."


def sweep_stale(*parents: Path) -> list[str]:
    """Remove the working and partial directories of dead runs under `parents`; return them."""
    removed = []
    for parent in parents:
        if not parent.is_dir():
            continue
        for entry in os.scandir(parent):
            m = _STALE.match(entry.name)
            if m and entry.is_dir(follow_symlinks=False) and not pid_alive(int(m.group(1))):
                shutil.rmtree(entry.path, ignore_errors=True)
                removed.append(entry.path)
                notify(f"removed {entry.path}: left by a killed run (pid {m.group(1)})")
    return removed


def register(*paths: Path | str) -> None:
    _ACTIVE.update(str(p) for p in paths)


def unregister(*paths: Path | str) -> None:
    _ACTIVE.difference_update(str(p) for p in paths)


def remove_active() -> None:
    """Remove every registered directory of this process (nothing partial outlives it)."""
    for path in list(_ACTIVE):
        shutil.rmtree(path, ignore_errors=True)
        _ACTIVE.discard(path)


atexit.register(remove_active)


def acquire(lock_dir: Path, what: str) -> str:
    """Hold `<lock_dir>/.release.lock` (waiting, with a message, while another run holds it)
    across the steps of a release; return the token for `release_lock`."""
    path = Path(lock_dir) / ".release.lock"
    fd = hold_lock(path, what)
    token = f"{path}#{fd}"
    _LOCKS[token] = fd
    return token


def release_lock(token: str | None) -> None:
    fd = _LOCKS.pop(token, None) if token else None
    if fd is not None:
        os.close(fd)


def die_with_parent() -> None:
    """In a worker process: exit when the parent dies (kill -9 included), and leave SIGINT to
    the parent (a Ctrl-C to the process group must not break the pool mid-shard)."""
    global _WATCHING
    if _WATCHING or multiprocessing.parent_process() is None:
        return
    _WATCHING = True
    parent = os.getppid()
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread of the worker
        pass

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, name="swepseudo-parent-watch", daemon=True).start()


def kill_workers() -> None:
    """Kill this process's worker processes at once: an aborted release must not wait for the
    shards they are running (a pool's shutdown would)."""
    children = multiprocessing.active_children()
    for child in children:
        child.kill()
    for child in children:
        child.join(2)


_REAPER = """
import os, signal, sys, time
parent, target = int(sys.argv[1]), int(sys.argv[2])
while os.getppid() == parent:
    time.sleep(0.5)
try:
    os.kill(target, signal.SIGTERM)
except OSError:
    pass
"""
_REAPED: set[int] = set()


def reap_with_this_process(pid: int) -> None:
    """End process `pid` (a server this process started, e.g. Prefect's temporary one) when
    this process dies, kill -9 included: a small watcher notices that its parent is gone."""
    if pid in _REAPED:
        return
    _REAPED.add(pid)
    subprocess.Popen([sys.executable, "-c", _REAPER, str(os.getpid()), str(pid)],
                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                     stderr=subprocess.DEVNULL)


def stop_on_signals(cleanup: Callable[[], None] = remove_active) -> None:
    """SIGTERM (and SIGINT) stop the process: the first raises KeyboardInterrupt in the main
    thread so the release cleans up as on any error; a second signal, or `STOP_SECONDS` without
    an exit, removes the registered directories, kills the child processes and exits 130."""
    state = {"signalled": False}

    def hard_stop() -> None:
        kill_workers()  # first, so that no worker writes while the directories go
        cleanup()
        notify("stopped: removed the unfinished release's directories")
        os._exit(130)

    def handler(signum: int, frame: object) -> None:
        if state["signalled"]:
            hard_stop()
        state["signalled"] = True
        notify(f"stopping ({signal.Signals(signum).name}); nothing partial is kept")
        timer = threading.Timer(STOP_SECONDS, hard_stop)
        timer.daemon = True
        timer.start()
        raise KeyboardInterrupt

    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, handler)


def check_places(batch: Path, out_root: Path, keys_dir: Path) -> None:
    """Refuse an output inside an existing release or inside the batch, and a key directory
    inside the output or the batch (keys would be published, or read as essays)."""
    from pseudonymize.corpus.release import ReleaseError

    batch, out_root, keys_dir = (Path(p).resolve() for p in (batch, out_root, keys_dir))
    for parent in (out_root, *out_root.parents):
        if (parent / "manifest.json").is_file() and (parent / "SHA256SUMS").is_file():
            raise ReleaseError(f"--out {out_root} is inside the release {parent}; choose a "
                               f"directory outside any release")
    checks = [(keys_dir, out_root, "--keys", "--out")]
    if batch.is_dir():
        checks += [(out_root, batch, "--out", "the batch"), (keys_dir, batch, "--keys", "the batch")]
    for inner, outer, option, name in checks:
        if inner == outer or outer in inner.parents:
            raise ReleaseError(f"{option} {inner} is inside {name} {outer}; choose a directory "
                               f"outside it")
