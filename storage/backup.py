"""Copying a live database file with SQLite's online backup (safe while the bot runs)."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

from storage.errors import StorageError


def backup_database(source: Path, target: Path) -> int:
    """Copy the database ``source`` to ``target`` (a new file; its folder is created) with
    SQLite's online backup API, which takes a consistent snapshot even while another process
    writes. Returns the number of games in the copy.

    Raises:
        StorageError: ``source`` is missing or unreadable, or ``target`` exists or cannot be
            written.
    """
    if not source.is_file():
        raise StorageError(f"there is no database at {source}")
    if target.exists():
        raise StorageError(f"{target} already exists: choose a new file for the backup")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        # closed here, not by ``with`` (which only ends a transaction): an open reader would
        # keep the database's -wal and -shm files after the bot stops
        with (
            closing(sqlite3.connect(f"file:{source}?mode=ro", uri=True)) as src,
            closing(sqlite3.connect(target)) as dst,
        ):
            src.backup(dst)
            (games,) = dst.execute("SELECT count(*) FROM games").fetchone()
    except (OSError, sqlite3.Error) as exc:
        raise StorageError(f"cannot back up {source} to {target}: {exc}") from exc
    return int(games)
