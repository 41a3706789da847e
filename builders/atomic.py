"""Atomic writes: a temp file in the target directory, then a rename, so readers never see half
a file. Kept free of heavy imports: the CLI's start-up path uses it."""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def atomic_write_bytes(path: Path, data: bytes, private: bool = False) -> None:
    """Write via a temp file in the same directory and rename, so readers never see half a file.
    `private` files (key material) keep mkstemp's mode 0600 from their first byte."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
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
