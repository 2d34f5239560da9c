"""What every transaction body sees, whichever database runs it: one small DB-API subset.

A transaction body is a plain synchronous function ``fn(conn) -> T``. On SQLite ``conn`` is
the ``sqlite3.Connection`` itself; on PostgreSQL it is :class:`storage.postgres.PgConnection`,
which runs the same SQL (``?`` placeholders) through asyncpg. Bodies use only what this module
declares: ``execute`` and ``executemany`` with ``?`` placeholders, and cursors with
``fetchone``, ``fetchall``, iteration and ``rowcount``; rows are read by column name or index.
The SQL they hold is the common part of both dialects (``storage.dialect`` rewrites the few
spellings PostgreSQL lacks).

A backend (:class:`Backend`) runs such bodies in transactions: :class:`storage.Database`
(SQLite) and :class:`storage.postgres.PostgresDatabase`.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Literal, Protocol, TypeVar

T = TypeVar("T")

Row = Any
"""A result row: ``row["column"]`` or ``row[0]`` (``sqlite3.Row`` or ``asyncpg.Record``)."""

Dialect = Literal["sqlite", "postgresql"]


class Cursor(Protocol):
    """The result of one statement."""

    @property
    def rowcount(self) -> int:
        """Rows the statement changed (``INSERT``, ``UPDATE``, ``DELETE``)."""
        ...

    def fetchone(self) -> Row:
        """The next row, or ``None``."""
        ...

    def fetchall(self) -> list[Row]:
        """The remaining rows."""
        ...

    def __iter__(self) -> Iterator[Row]: ...


class Connection(Protocol):
    """The connection a transaction body gets (inside its transaction)."""

    def execute(self, sql: str, parameters: Sequence[Any] = ..., /) -> Cursor:
        """Run one statement with ``?`` placeholders bound to ``parameters``."""
        ...

    def executemany(self, sql: str, parameters: Iterable[Sequence[Any]], /) -> Cursor:
        """Run one statement once per parameter sequence."""
        ...


class Backend(Protocol):
    """A database that runs transaction bodies: the one interface both backends offer.

    Both guarantee: a body's transaction is committed (durably) before ``write`` returns; a
    body that raises leaves nothing written; writes are serializable (as if one ran at a
    time, across processes too); a cancelled caller never leaves a transaction half-open.
    """

    dialect: Dialect
    """``"sqlite"`` or ``"postgresql"``."""

    write_concurrency: int
    """How many write transactions of this process are worth running at once (``>= 1``):
    1 where writers take turns anyway (SQLite), more where the server runs them side by side
    (PostgreSQL)."""

    async def read(self, fn: Callable[[Connection], T]) -> T:
        """Run ``fn(conn)`` in a read-only transaction (one consistent snapshot)."""
        ...

    async def write(self, fn: Callable[[Connection], T]) -> T:
        """Run ``fn(conn)`` in a write transaction; commit if it returns.

        Raises:
            DatabaseBusy: the transaction could not get its turn in time (retry later).
            DatabaseUnavailable: the database cannot be reached (PostgreSQL).
        """
        ...

    async def write_guarded(self, fn: Callable[[Connection], T]) -> T:
        """:meth:`write`, for a body that guards itself and so needs no serializable
        isolation. Either every change it makes is guarded row by row — each ``UPDATE``
        checks the version (or status) of the one row it changes, and nothing it decides
        rests on another row it reads (what it reads besides, such as the game's seats read
        back for the caller, it only returns; a seat change checks the values it was decided
        on) — a move's commit (``storage.commits``); or it first takes a lock that every body
        touching the same rows takes too (PostgreSQL's migrations: an advisory lock).

        Such bodies stay correct when they interleave, so a backend may run them without
        serializable isolation (PostgreSQL: ``READ COMMITTED``, where an ``UPDATE`` that meets
        a row changed meanwhile re-checks its ``WHERE`` on the new row, and each statement
        sees what committed before it, a lock holder's work included), and moves of
        different games no longer refuse each other through the index pages they share (a
        deadlock is still possible between batches that lock games in different orders:
        ``storage.commits`` applies a batch in the order of the games' ids).

        Raises: as :meth:`write`.
        """
        ...

    async def close(self) -> None:
        """Let running transactions finish, then close (idempotent)."""
        ...


IntegrityError = sqlite3.IntegrityError
"""A constraint or a trigger refused a statement (both backends raise this class, or a
subclass of it)."""

FOREIGN_KEY_VIOLATION = "23503"
"""PostgreSQL's SQLSTATE of a foreign key's refusal (asyncpg's ``ForeignKeyViolationError``)."""


def violates_foreign_key(error: IntegrityError) -> bool:
    """Whether a foreign key refused the statement, by the driver's own code, never by the
    message's text: SQLite's extended result code ``SQLITE_CONSTRAINT_FOREIGNKEY``, or
    PostgreSQL's SQLSTATE :data:`FOREIGN_KEY_VIOLATION` (``storage.postgres.PgIntegrityError``
    keeps the SQLSTATE of the asyncpg error it stands for)."""
    if getattr(error, "sqlstate", None) == FOREIGN_KEY_VIOLATION:
        return True
    return getattr(error, "sqlite_errorcode", None) == sqlite3.SQLITE_CONSTRAINT_FOREIGNKEY


__all__ = [
    "FOREIGN_KEY_VIOLATION",
    "Backend",
    "Connection",
    "Cursor",
    "Dialect",
    "IntegrityError",
    "Row",
    "T",
    "violates_foreign_key",
]
