"""The key: original <-> pseudonym per essay, kept outside the release and readable by its owner only.

`<keys>/<release-id>.parquet` (essay_id, label, ref, original, pseudonym) and, as review material,
`<keys>/<release-id>.review/<essay-id>.json` (SVALA graphs whose source side is the original text).
Files are mode 0600 in a 0700 directory. When `$SWEPSEUDO_KEY_PASSPHRASE` is set, every file is
encrypted with Fernet (AES-128-CBC + HMAC-SHA256) under a key derived from the passphrase with
scrypt, and gets an `.enc` suffix.
"""
from __future__ import annotations

import base64
import io
import os
import shutil
import tempfile
from pathlib import Path

import polars as pl
from cryptography.fernet import Fernet, InvalidToken
from cryptography.hazmat.primitives.kdf.scrypt import Scrypt

from builders.atomic import atomic_write_bytes

PASSPHRASE_ENV = "SWEPSEUDO_KEY_PASSPHRASE"
KEY_SCHEMA = {"essay_id": pl.String, "label": pl.String, "ref": pl.Int64, "original": pl.String,
              "pseudonym": pl.String}
_MAGIC = b"SWEPSEUDO-KEY-1\n"
_SALT_BYTES = 16


class KeyFileError(ValueError):
    """The key cannot be read (wrong or missing passphrase, damaged file)."""


def default_keys_dir(data_root: Path) -> Path:
    return data_root / "keys"


def passphrase() -> str | None:
    return os.environ.get(PASSPHRASE_ENV) or None


def _fernet(secret: str, salt: bytes) -> Fernet:
    kdf = Scrypt(salt=salt, length=32, n=2**15, r=8, p=1)
    return Fernet(base64.urlsafe_b64encode(kdf.derive(secret.encode())))


class Sealer:
    """Encrypts (or passes through) key material; derives the scrypt key once per release."""

    def __init__(self, secret: str | None) -> None:
        self.salt = os.urandom(_SALT_BYTES)
        self._fernet = _fernet(secret, self.salt) if secret else None

    @property
    def suffix(self) -> str:
        return ".enc" if self._fernet else ""

    def seal(self, data: bytes) -> bytes:
        if self._fernet is None:
            return data
        return _MAGIC + self.salt + self._fernet.encrypt(data)


def open_sealed(data: bytes, secret: str | None = None) -> bytes:
    """Plain bytes of a (possibly) sealed file; the passphrase defaults to the environment's."""
    if not data.startswith(_MAGIC):
        return data
    secret = secret or passphrase()
    if not secret:
        raise KeyFileError(f"the key is encrypted: set {PASSPHRASE_ENV}")
    salt = data[len(_MAGIC):len(_MAGIC) + _SALT_BYTES]
    try:
        return _fernet(secret, salt).decrypt(data[len(_MAGIC) + _SALT_BYTES:])
    except InvalidToken:
        raise KeyFileError("wrong passphrase or damaged key file") from None


def _private_dir(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    os.chmod(path, 0o700)
    return path


def _write_private(path: Path, data: bytes) -> None:
    atomic_write_bytes(path, data)  # mkstemp creates the temp file 0600; keep it explicit
    os.chmod(path, 0o600)


def write_private(path: Path, data: bytes) -> None:
    """Create a working file (e.g. a review graph) readable by its owner only from the start."""
    with os.fdopen(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "wb") as fh:
        fh.write(data)


def key_path(keys_dir: Path, release_id: str, sealer: Sealer) -> Path:
    return keys_dir / f"{release_id}.parquet{sealer.suffix}"


def write_key(keys_dir: Path, release_id: str, rows: pl.DataFrame, review: Path | None,
              secret: str | None = None) -> Path:
    """Write the key table (and move the review graphs under `review` beside it); return its path.

    The review directory is replaced atomically: renamed into place as it is when nothing is
    encrypted (it must be on the same file system), else sealed into a new directory first.
    """
    sealer = Sealer(secret)
    _private_dir(keys_dir)
    buf = io.BytesIO()
    rows.select([pl.col(c).cast(t) for c, t in KEY_SCHEMA.items()]).write_parquet(buf)
    path = key_path(keys_dir, release_id, sealer)
    _write_private(path, sealer.seal(buf.getvalue()))
    if review is not None:
        final = keys_dir / f"{release_id}.review"
        if sealer.suffix:
            tmp = Path(tempfile.mkdtemp(dir=keys_dir, prefix=f".{release_id}.review."))
            for graph in sorted(review.glob("*.json")):
                write_private(tmp / (graph.name + sealer.suffix), sealer.seal(graph.read_bytes()))
        else:
            tmp = review
            for graph in review.glob("*.json"):
                os.chmod(graph, 0o600)
            os.chmod(tmp, 0o700)
        old = keys_dir / f".{release_id}.review.old"
        if final.exists():
            os.replace(final, old)
        os.replace(tmp, final)
        shutil.rmtree(old, ignore_errors=True)
    return path


def read_key(path: Path, secret: str | None = None) -> pl.DataFrame:
    """The key table, decrypting with the passphrase (argument or environment) when sealed."""
    return pl.read_parquet(io.BytesIO(open_sealed(Path(path).read_bytes(), secret)))
