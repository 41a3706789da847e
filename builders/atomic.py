"""Atomic writes: a temp file in the target directory, then a rename, so readers never see half
a file. Kept free of heavy imports: the CLI's start-up path uses it."""
from __future__ import annotations

import json
import os
from pathlib import Path

# mkstemp's flags: a new file (never one an attacker placed or linked there), closed in a child
_NEW = (os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
        | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0))


def _mkstemp(folder: Path, prefix: str) -> tuple[int, str]:
    """`tempfile.mkstemp(dir=folder, prefix=prefix)` (mode 0600, a random name, created
    exclusively) without importing `tempfile`, which imports `shutil`, `random` and the
    compressors: 13 M instructions of `annotate`'s start-up."""
    for _ in range(100):
        name = os.path.join(folder, prefix + os.urandom(6).hex())
        try:
            return os.open(name, _NEW, 0o600), name
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temporary name in {folder}")


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def atomic_write_bytes(path: Path, data: bytes, private: bool = False) -> None:
    """Write via a temp file in the same directory and rename, so readers never see half a file.
    `private` files (key material) keep mkstemp's mode 0600 from their first byte."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = _mkstemp(path.parent, f".{path.name}.")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        if not private:
            os.chmod(tmp, 0o666 & ~_umask())  # mkstemp's 0600 is for secrets; these are not
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def atomic_write_json(path: Path, data: object) -> None:
    atomic_write_bytes(path, (json.dumps(data, indent=2, ensure_ascii=False, sort_keys=True) + "\n").encode())
