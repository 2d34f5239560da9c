"""Shared fixtures, the number of workers of `pytest -n auto`, where compiled modules and the
tests' temporary folders go."""

import os
import sys
import tempfile
from pathlib import Path

from tests.fakediscord.fixtures import fake_discord

pytest_plugins = ["tests.pgserver", "tests.backends"]

__all__ = ["fake_discord"]


def _keep_bytecode_outside_the_tree() -> None:
    """With ``PYTHONDONTWRITEBYTECODE`` set (the Dockerfile sets it, and so do many CI
    images) every Python process compiled every module it imported from source, each time:
    each xdist worker its ~300 test and project modules (pytest rewrites the tests' asserts,
    and caches that only where bytecode may be written), and each of the ~100 ``python -m bot``
    and benchmark processes the tests start about 0.3 s of CPU before its first line. Here the
    bytecode is kept instead under a folder of this user's in the temporary folder
    (``PYTHONPYCACHEPREFIX``), never beside the sources, for this process and, through the
    environment, for the workers and processes it starts. Left alone when the variable is
    unset (bytecode goes to ``__pycache__`` as usual) or a prefix is already chosen."""
    if not os.environ.get("PYTHONDONTWRITEBYTECODE") or os.environ.get("PYTHONPYCACHEPREFIX"):
        return
    folder = Path(tempfile.gettempdir()) / f"cardroom-pycache-{os.getuid()}"
    try:
        folder.mkdir(mode=0o700, exist_ok=True)
        mine = folder.stat()
    except OSError:
        return
    if mine.st_uid != os.getuid() or mine.st_mode & 0o077:
        return  # not ours alone: never load bytecode another user could have written
    del os.environ["PYTHONDONTWRITEBYTECODE"]
    os.environ["PYTHONPYCACHEPREFIX"] = str(folder)
    sys.pycache_prefix = str(folder)
    sys.dont_write_bytecode = False


_keep_bytecode_outside_the_tree()

MEMORY_FOLDER = Path("/dev/shm")
"""Linux's RAM file system (tmpfs), where the machine has one."""


def _temporary_folders_in_memory(room: int = 2 << 30) -> None:
    """The tests' temporary folders (``tmp_path``: the SQLite databases of the bots and
    storage tests) in :data:`MEMORY_FOLDER` when it is writable with ``room`` bytes free.
    The bot opens SQLite with ``synchronous=FULL``, so each commit syncs to disk: ~5 ms
    each on this machine's disk and more while other processes write, and a test database's
    first open alone (its migrations) made eighteen of them. Where nothing is lost but by a
    power cut the tests do not make, a sync is free; tests/pgserver.py runs PostgreSQL with
    ``fsync=off`` for the same reason. pytest's documented ``PYTEST_DEBUG_TEMPROOT`` names
    the folder (xdist's workers inherit it); left alone when it is already set."""
    if os.environ.get("PYTEST_DEBUG_TEMPROOT"):
        return
    try:
        free = os.statvfs(MEMORY_FOLDER)
    except OSError:
        return
    if os.access(MEMORY_FOLDER, os.W_OK | os.X_OK) and free.f_bavail * free.f_frsize >= room:
        os.environ["PYTEST_DEBUG_TEMPROOT"] = str(MEMORY_FOLDER)


_temporary_folders_in_memory()


def pytest_xdist_auto_num_workers(config: object) -> int:
    """``-n auto``: one worker more than the machine has cores. Much of an end-to-end test is
    spent waiting (on the local fake's sockets, on discord.py's pauses before it retries a
    500), and a spare worker runs another test meanwhile."""
    return (os.cpu_count() or 1) + 1
