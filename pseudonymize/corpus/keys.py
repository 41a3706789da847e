"""The key: original <-> pseudonym per essay, kept outside the release and readable by its owner only.

`<keys>/<release-id>.parquet` (essay_id, label, ref, original, pseudonym), the id map
`<keys>/<release-id>.ids.parquet` (published id <-> essay id, learner id, source, fate) and, as
review material, `<keys>/<release-id>.review/<essay-id>.json` (SVALA graphs whose source side is
the original text). `<keys>/secret` is the release secret: the HMAC key of every published input
hash and opaque id (so reruns are byte-identical, and nobody without the key can confirm a guessed
essay or id). Files are mode 0600 in a 0700 directory that is never loosened or tightened
silently. When `$SWEPSEUDO_KEY_PASSPHRASE` is set, every file is encrypted with Fernet
(AES-128-CBC + HMAC-SHA256) under a key derived from the passphrase with scrypt, and gets an
`.enc` suffix. Working files of a running release are sealed under an ephemeral key that lives
only in memory (`WorkSealer`), so a killed run leaves no plain original on disk.
"""
from __future__ import annotations

import base64
import io
import json
import os
import shutil
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path

import polars as pl
from cryptography.fernet import Fernet, InvalidToken
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.scrypt import Scrypt

from builders.atomic import atomic_write_bytes

PASSPHRASE_ENV = "SWEPSEUDO_KEY_PASSPHRASE"
KEY_SCHEMA = {"essay_id": pl.String, "label": pl.String, "ref": pl.Int64, "original": pl.String,
              "pseudonym": pl.String}
# published id -> where it came from; `status` is "released" or "quarantined"
IDS_SCHEMA = {"id": pl.String, "essay_id": pl.String, "learner": pl.String,
              "learner_id": pl.String, "source": pl.String, "status": pl.String,
              "reason": pl.String, "detail": pl.String}
SECRET_FILE = "secret"
SECRET_BYTES = 32  # the release secret's length: an HMAC-SHA256 key of the hash's own size
_MAGIC = b"SWEPSEUDO-KEY-1\n"
_SALT_BYTES = 16


class KeyFileError(ValueError):
    """The key cannot be read (wrong or missing passphrase, damaged file)."""


class KeysDirError(ValueError):
    """The key directory is unsafe (loose permissions, not a directory) or lacks the secret."""


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


class WorkSealer:
    """Seals a running release's working files under a key that exists only in memory (passed
    to the workers with the plan): after a kill, what is left on disk is ciphertext. AES-GCM
    with a random nonce per file (authenticated; several times cheaper than Fernet per file)."""

    def __init__(self, key: bytes) -> None:
        self._aead = AESGCM(key)

    @staticmethod
    def new_key() -> bytes:
        return AESGCM.generate_key(bit_length=128)

    def seal(self, data: bytes) -> bytes:
        nonce = os.urandom(12)
        return nonce + self._aead.encrypt(nonce, data, None)

    def open(self, data: bytes) -> bytes:
        return self._aead.decrypt(data[:12], data[12:], None)


def check_private_dir(path: Path) -> None:
    """Refuse an existing key directory that others can read or enter; say how to fix it
    (changing the permissions of a directory the user chose is not ours to do silently)."""
    st = os.lstat(path)
    if stat.S_ISLNK(st.st_mode) or not stat.S_ISDIR(st.st_mode):
        raise KeysDirError(f"{path}: the key directory must be a directory (not a symlink)")
    if stat.S_IMODE(st.st_mode) & 0o077:
        raise KeysDirError(f"{path}: the key directory is readable by others (mode "
                           f"{stat.S_IMODE(st.st_mode):03o}); fix it with `chmod 700 {path}`")


def private_dir(path: Path) -> Path:
    """The key directory: created 0700 when missing, else checked (see `check_private_dir`)."""
    path = Path(path)
    if not os.path.lexists(path):
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            os.mkdir(path, 0o700)
        except FileExistsError:
            pass
        os.chmod(path, 0o700)  # mkdir's mode is masked by the umask
    check_private_dir(path)
    return path


def release_secret(keys_dir: Path, create: bool = True) -> bytes:
    """The HMAC secret kept with the key (created on first use, sealed when a passphrase is set)."""
    keys_dir = Path(keys_dir)
    found = [keys_dir / SECRET_FILE, keys_dir / f"{SECRET_FILE}.enc"]
    for path in found:
        if os.path.lexists(path):
            return _read_secret(path)
    if not create:
        raise KeysDirError(f"{keys_dir}: no release secret here; give the key directory of the "
                           f"release with --keys DIR")
    sealer = Sealer(passphrase())
    secret = os.urandom(SECRET_BYTES)
    _write_private(keys_dir / f"{SECRET_FILE}{sealer.suffix}", sealer.seal(secret))
    return secret


def _read_secret(path: Path) -> bytes:
    """The release secret in `path`: a regular file (never through a symlink), sealed when its
    name ends in .enc, SECRET_BYTES long. A shorter one (emptied, truncated, replaced) is refused:
    the ids it keyed would be computable by anyone who guesses a file name."""
    from pseudonymize.corpus.batch import read_regular

    try:
        data = read_regular(path, 4096)
    except ValueError as exc:
        raise KeysDirError(f"{path}: the release secret cannot be read ({exc})") from None
    if path.suffix == ".enc" and not data.startswith(_MAGIC):
        raise KeysDirError(f"{path}: the release secret is damaged (not sealed by swepseudo)")
    secret = open_sealed(data)
    if len(secret) != SECRET_BYTES:
        raise KeysDirError(f"{path}: the release secret is damaged ({len(secret)} bytes, "
                           f"{SECRET_BYTES} expected); restore it from a backup of the key "
                           f"directory (another secret gives other ids)")
    return secret


def _write_private(path: Path, data: bytes) -> None:
    atomic_write_bytes(path, data)  # mkstemp creates the temp file 0600; keep it explicit
    os.chmod(path, 0o600)


def write_private(path: Path, data: bytes) -> None:
    """Create a working file (e.g. a review graph) readable by its owner only from the start."""
    with os.fdopen(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "wb") as fh:
        fh.write(data)


def key_path(keys_dir: Path, release_id: str, sealer: Sealer) -> Path:
    return keys_dir / f"{release_id}.parquet{sealer.suffix}"


def _table_bytes(rows: pl.DataFrame, schema: dict) -> bytes:
    buf = io.BytesIO()
    rows.select([pl.col(c).cast(t) for c, t in schema.items()]).write_parquet(buf)
    return buf.getvalue()


def ids_path(keys_dir: Path, release_id: str) -> Path | None:
    """The id map of a release in `keys_dir` (sealed or not), None when absent."""
    return next((p for p in (keys_dir / f"{release_id}.ids.parquet",
                             keys_dir / f"{release_id}.ids.parquet.enc") if p.is_file()), None)


def find_key(keys_dir: Path, release_id: str) -> Path | None:
    return next((p for p in (keys_dir / f"{release_id}.parquet",
                             keys_dir / f"{release_id}.parquet.enc") if p.is_file()), None)


def write_key(keys_dir: Path, release_id: str, rows: pl.DataFrame,
              review: Path | Iterable[tuple[str, bytes]] | None, secret: str | None = None,
              ids: pl.DataFrame | None = None) -> Path:
    """Write the key table, the id map and the review graphs (a directory of `<id>.json`, or
    (name, bytes) pairs) beside it; return the key's path. The review directory is built under
    a temporary name and renamed into place."""
    sealer = Sealer(secret)
    private_dir(keys_dir)
    path = key_path(keys_dir, release_id, sealer)
    _write_private(path, sealer.seal(_table_bytes(rows, KEY_SCHEMA)))
    if ids is not None:
        _write_private(keys_dir / f"{release_id}.ids.parquet{sealer.suffix}",
                       sealer.seal(_table_bytes(ids, IDS_SCHEMA)))
    if review is not None:
        graphs = ((g.name, g.read_bytes()) for g in sorted(review.glob("*.json"))) \
            if isinstance(review, Path) else review
        final = keys_dir / f"{release_id}.review"
        tmp = Path(tempfile.mkdtemp(dir=keys_dir, prefix=f".{release_id}.review."))
        for name, data in graphs:
            write_private(tmp / (name + sealer.suffix), sealer.seal(data))
        old = keys_dir / f".{release_id}.review.old"
        if final.exists():
            os.replace(final, old)
        os.replace(tmp, final)
        shutil.rmtree(old, ignore_errors=True)
        if isinstance(review, Path):
            shutil.rmtree(review, ignore_errors=True)
    return path


def read_key(path: Path, secret: str | None = None) -> pl.DataFrame:
    """The key table (or id map), decrypting with the passphrase (argument or environment)."""
    return pl.read_parquet(io.BytesIO(open_sealed(Path(path).read_bytes(), secret)))


def rewrite_table(path: Path, rows: pl.DataFrame, schema: dict) -> None:
    """Replace a key table in place (sealed again when it was), e.g. after a withdrawal."""
    sealer = Sealer(passphrase() if path.suffix == ".enc" else None)
    _write_private(path, sealer.seal(_table_bytes(rows, schema)))


def write_note(keys_dir: Path, release_id: str, note: dict, secret: str | None = None) -> Path:
    """What only the owner may know of a release (where its batch is): `<id>.json[.enc]`."""
    sealer = Sealer(secret)
    path = keys_dir / f"{release_id}.json{sealer.suffix}"
    _write_private(path, sealer.seal(json.dumps(note, ensure_ascii=False).encode()))
    return path


def read_note(keys_dir: Path, release_id: str) -> dict | None:
    for path in (keys_dir / f"{release_id}.json", keys_dir / f"{release_id}.json.enc"):
        if path.is_file():
            return json.loads(open_sealed(path.read_bytes()))
    return None
