"""The only place Prefect starts: one temporary server for the whole session."""
from __future__ import annotations

import os
import tempfile

import pytest

_HOME = tempfile.mkdtemp(prefix="swepseudo-prefect-")
os.environ.setdefault("PREFECT_HOME", _HOME)
os.environ["PREFECT_SERVER_ANALYTICS_ENABLED"] = "false"
os.environ["PREFECT_LOGGING_LEVEL"] = "WARNING"
os.environ["PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS"] = "90"


@pytest.fixture(scope="session", autouse=True)
def prefect_harness():
    from prefect.testing.utilities import prefect_test_harness

    with prefect_test_harness(server_startup_timeout=90):
        yield


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory):
    """A data root with the tiny snapshot and batch (one per test module), as SWEPSEUDO_HOME."""
    from tests.pseudonymize.corpus_support import make_batch, make_snapshot

    root = tmp_path_factory.mktemp("home")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("SWEPSEUDO_HOME", str(root))
        mp.delenv("SWEPSEUDO_KEY_PASSPHRASE", raising=False)
        make_snapshot(root)
        make_batch(root / "batch")
        yield root
