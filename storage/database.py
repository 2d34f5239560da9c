"""Opening the SQLite file and running transactions on aiosqlite's connection thread.

One :class:`Database` is one aiosqlite connection, i.e. one worker thread that owns a
``sqlite3`` connection and runs the calls queued to it one after another. Every read and
write is a plain synchronous function ``fn(conn) -> T`` that :meth:`Database.read` /
:meth:`Database.write` run on that thread *as a single call*, wrapped in its transaction.
So transactions of one process never interleave (the thread is the writer lock), a
cancelled asyncio task can never leave a transaction half-open, and a transaction costs
one thread hop instead of one per statement (measured: ~0.1 ms per hop here).

aiosqlite has no public "run this function on your thread" call, so :meth:`_call` uses its
``_execute`` coroutine and ``_conn`` property (present and unchanged in 0.20-0.22; the
dependency is pinned below 0.23 and ``tests/storage/test_database.py`` guards them).

Other processes are kept correct by SQLite itself: writes start with ``BEGIN IMMEDIATE``
(waiting up to ``busy_timeout`` for the file's write lock) and every state change checks
the game's version inside its ``UPDATE``.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal, TypeVar

import aiosqlite

from storage.errors import DatabaseBusy, StorageError
from storage.migrate import migrate
from storage.sql import Connection, Dialect

T = TypeVar("T")

Synchronous = Literal["FULL", "NORMAL"]


class Database:
    """An open Cardroom database (one connection, WAL, foreign keys on, migrated).

    Create it with :meth:`open`; close it with :meth:`close` (or ``async with``).
    """

    dialect: Dialect = "sqlite"
    write_concurrency = 1
    """One writer at a time: SQLite's write lock serialises transactions anyway."""

    def __init__(self, conn: aiosqlite.Connection, path: Path) -> None:
        self._conn = conn
        self.path = path
        """The database file."""

    @classmethod
    async def open(
        cls,
        path: str | Path,
        *,
        busy_timeout_ms: int = 5000,
        synchronous: Synchronous = "FULL",
        run_migrations: bool = True,
    ) -> Database:
        """Open (creating the file and its parent folder if missing) and migrate ``path``.

        Args:
            path: the SQLite file.
            busy_timeout_ms: how long a statement waits for another connection's lock, in ms.
            synchronous: ``"FULL"`` (default: fsync the WAL at every commit, so an
                acknowledged commit survives power loss too) or ``"NORMAL"`` (benchmarks only).
            run_migrations: apply pending migrations (normally ``True``).

        Raises:
            SchemaTooNew: the file was written by a newer Cardroom.
            StorageError: the path is a folder or cannot be opened as a database, or the file
                cannot use WAL mode.
            DatabaseBusy: another process held the write lock during the migrations.
        """
        path = Path(path)
        _check_openable(path)
        conn = await aiosqlite.connect(path, isolation_level=None)
        db = cls(conn, path)
        try:
            await db._call(_configure, busy_timeout_ms, synchronous)
            if run_migrations:
                await db._call(_map_busy(migrate))
        except BaseException:
            await conn.close()
            raise
        return db

    async def close(self) -> None:
        """Close the connection (idempotent). Queued calls finish first."""
        await self._conn.close()

    async def __aenter__(self) -> Database:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    async def read(self, fn: Callable[[Connection], T]) -> T:
        """Run ``fn(conn)`` in a read transaction (one consistent snapshot); return its result."""
        return await self._call(_transaction, fn, "BEGIN")

    async def write(self, fn: Callable[[Connection], T]) -> T:
        """Run ``fn(conn)`` in a ``BEGIN IMMEDIATE`` transaction; commit if it returns.

        If ``fn`` raises, the transaction is rolled back and the exception propagates.

        Raises:
            DatabaseBusy: the write lock stayed taken for ``busy_timeout``.
        """
        return await self._call(_transaction, fn, "BEGIN IMMEDIATE")

    async def write_guarded(self, fn: Callable[[Connection], T]) -> T:
        """:meth:`write` (SQLite runs one writer at a time: every write is serializable)."""
        return await self._call(_transaction, fn, "BEGIN IMMEDIATE")

    async def pragma(self, name: str) -> Any:
        """The value of ``PRAGMA name`` (e.g. ``"journal_mode"``), for checks and tests."""
        if not name.replace("_", "").isalnum():
            raise ValueError(f"not a pragma name: {name!r}")
        return await self._call(lambda conn: conn.execute(f"PRAGMA {name}").fetchone()[0])

    async def _call(self, fn: Callable[..., T], *args: Any) -> T:
        # The one place that touches aiosqlite internals: queue fn(sqlite3_conn, *args)
        # on the connection's thread and await its result.
        result: T = await self._conn._execute(fn, self._conn._conn, *args)
        return result


def _configure(conn: sqlite3.Connection, busy_timeout_ms: int, synchronous: Synchronous) -> None:
    conn.row_factory = sqlite3.Row
    conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms):d}")
    mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
    if str(mode).lower() != "wal":
        raise StorageError(f"cannot use WAL mode on this database (journal_mode is {mode})")
    conn.execute(f"PRAGMA synchronous = {'FULL' if synchronous == 'FULL' else 'NORMAL'}")
    conn.execute("PRAGMA foreign_keys = ON")


def _is_busy(exc: sqlite3.Error) -> bool:
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
    return "locked" in str(exc) or "busy" in str(exc)


def _map_busy(fn: Callable[..., T]) -> Callable[..., T]:
    def wrapper(*args: Any) -> T:
        try:
            return fn(*args)
        except sqlite3.OperationalError as exc:
            if _is_busy(exc):
                raise DatabaseBusy(str(exc)) from exc
            raise

    return wrapper


def _rollback_quietly(conn: sqlite3.Connection) -> None:
    if conn.in_transaction:
        conn.execute("ROLLBACK")


@_map_busy
def _transaction(conn: sqlite3.Connection, fn: Callable[[sqlite3.Connection], T], begin: str) -> T:
    conn.execute(begin)
    try:
        result = fn(conn)
        conn.execute("COMMIT")
    except BaseException:
        _rollback_quietly(conn)
        raise
    return result


def _check_openable(path: Path) -> None:
    """Refuse, before any connection thread starts, a path SQLite cannot open as a file.

    Raises:
        StorageError: the path is a folder, its folder cannot be created, or SQLite cannot
            open it.
    """
    if path.is_dir():
        example = path / "cardroom.sqlite3"
        raise StorageError(
            f"{path} is a folder: the database path must name a file, e.g. {example}"
        )
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        sqlite3.connect(path).close()
    except (OSError, sqlite3.Error) as exc:
        raise StorageError(f"cannot open {path}: {exc}") from exc
