"""The PostgreSQL backend: the same transaction bodies as on SQLite, run through asyncpg.

A transaction body is a synchronous function ``fn(conn)`` (see ``storage.sql``). Here it runs
in a greenlet (``storage.greenlet_bodies``, the way SQLAlchemy runs its synchronous code over
asyncpg): each
``conn.execute`` hands its asyncpg coroutine to the event loop's task and resumes with the
rows, so the bodies stay exactly the SQLite ones, with no thread and no second set of queries.
:class:`PgConnection` is that per-connection adapter (``?`` -> ``$n`` through
``storage.dialect``, command tags -> ``rowcount``, errors -> the storage errors).

Guarantees, as on SQLite:

- writes run at ``SERIALIZABLE`` isolation, so they behave as if they ran one at a time,
  across processes too — except a batch of moves, at ``READ COMMITTED``, each of its changes
  guarded by its row's version, and the migrations, under an advisory lock
  (:meth:`PostgresDatabase.write_guarded`); a serialization
  failure or deadlock runs the whole body again (:class:`TransactionConflict`, up to
  :data:`MAX_ATTEMPTS` times, then ``DatabaseBusy``);
- a write returns only after its ``COMMIT`` returned (PostgreSQL's ``synchronous_commit``
  decides what that means on disk and on standbys: keep it ``on``);
- every state change checks the game's version in its ``UPDATE`` (the bodies do);
- a transaction runs in a task of its own, shielded from the caller's cancellation.

When the server cannot be reached (down, restarting, failing over), a transaction that had
not yet sent its ``COMMIT`` is tried again on a fresh connection for up to
``reconnect_timeout`` seconds (nothing was applied); after that, or when the connection broke
during the ``COMMIT`` itself, :class:`DatabaseUnavailable` is raised. asyncpg's pool replaces
broken connections by itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections.abc import Callable, Coroutine, Iterator
from contextlib import AbstractAsyncContextManager
from typing import Any, TypeVar

import asyncpg

from storage.dialect import Translated, rowcount, translate
from storage.errors import DatabaseBusy, DatabaseUnavailable, StorageError, TransactionConflict
from storage.greenlet_bodies import await_, run_body
from storage.migrate_postgres import migrate_postgres
from storage.sql import Connection, Dialect, IntegrityError, Row

log = logging.getLogger(__name__)

T = TypeVar("T")

MAX_ATTEMPTS = 20
"""Runs of one write body before a run of serialization failures becomes ``DatabaseBusy``."""

CONNECTION_ERRORS: tuple[type[BaseException], ...] = (
    OSError,  # refused, reset (ConnectionError), unreachable
    asyncpg.PostgresConnectionError,  # class 08
    asyncpg.CannotConnectNowError,  # 57P03: starting up, shutting down, in recovery
    asyncpg.AdminShutdownError,  # 57P01: the server is stopping
    asyncpg.CrashShutdownError,  # 57P02
    asyncpg.ConnectionDoesNotExistError,
    asyncpg.InterfaceError,  # e.g. the connection was closed under us
    asyncpg.InternalClientError,  # the protocol lost its place when the server went away
    asyncpg.ReadOnlySQLTransactionError,  # 25006 on a write: we reached a standby
    asyncpg.InvalidCatalogNameError,  # the database is gone
)
"""What asyncpg raises when the server cannot serve us; all become ``DatabaseUnavailable``."""

CONFLICTS: tuple[type[BaseException], ...] = (
    asyncpg.SerializationError,  # 40001
    asyncpg.DeadlockDetectedError,  # 40P01
    asyncpg.InvalidCachedStatementError,  # the schema changed under a prepared statement
)

_RUN_AGAIN: tuple[type[BaseException], ...] = (TransactionConflict, *CONFLICTS)
_UNAVAILABLE: tuple[type[BaseException], ...] = (DatabaseUnavailable, *CONNECTION_ERRORS)
_DRIVER_ERRORS: tuple[type[BaseException], ...] = (
    asyncpg.PostgresError,
    asyncpg.InternalClientError,
    *CONNECTION_ERRORS,
)


class PgIntegrityError(IntegrityError):
    """PostgreSQL refused a statement by a constraint or a trigger (SQLSTATE class 23).

    Attributes:
        sqlstate: the SQLSTATE, e.g. ``"23505"`` (unique), ``"23503"`` (foreign key).
        constraint: the constraint's name, when PostgreSQL gave one.
    """

    def __init__(self, message: str, sqlstate: str, constraint: str | None) -> None:
        super().__init__(message)
        self.sqlstate = sqlstate
        self.constraint = constraint


def _mapped(exc: BaseException) -> BaseException:
    """The storage error for an asyncpg error (or ``exc`` itself)."""
    if isinstance(exc, CONFLICTS):
        return TransactionConflict(str(exc))
    if isinstance(exc, asyncpg.IntegrityConstraintViolationError):
        return PgIntegrityError(str(exc), exc.sqlstate, getattr(exc, "constraint_name", None))
    if isinstance(exc, CONNECTION_ERRORS):
        return DatabaseUnavailable(f"PostgreSQL is unavailable: {type(exc).__name__}: {exc}")
    return exc


# --- the per-connection adapter -------------------------------------------------------------


class PgCursor:
    """The rows of one statement, as ``sqlite3.Cursor`` offers them."""

    def __init__(self, rows: list[asyncpg.Record], rowcount: int) -> None:
        self._rows = rows
        self._next = 0
        self.rowcount = rowcount
        """Rows the command changed (``-1`` for a ``SELECT``)."""

    def fetchone(self) -> Row:
        """The next row, or ``None``."""
        if self._next >= len(self._rows):
            return None
        self._next += 1
        return self._rows[self._next - 1]

    def fetchall(self) -> list[Row]:
        """The remaining rows."""
        rest = self._rows[self._next :]
        self._next = len(self._rows)
        return rest

    def __iter__(self) -> Iterator[Row]:
        return iter(self.fetchall())


class PgConnection:
    """What a transaction body gets on PostgreSQL (``storage.sql.Connection``): ``execute``
    and ``executemany`` with ``?`` placeholders, on one asyncpg connection inside its
    transaction."""

    def __init__(self, conn: asyncpg.Connection) -> None:
        self._conn = conn

    def execute(self, sql: str, parameters: Any = (), /) -> PgCursor:
        """Run one statement (see ``sqlite3.Connection.execute``)."""
        return await_(self._execute(translate(sql), parameters))

    def executemany(self, sql: str, parameters: Any, /) -> PgCursor:
        """Run one statement per parameter sequence (``rowcount`` is not counted: -1)."""
        return await_(self._executemany(translate(sql), parameters))

    def executescript(self, script: str) -> None:
        """Run several statements with no parameters (migrations: PostgreSQL's own SQL)."""
        await_(self._script(script))

    async def _execute(self, statement: Translated, parameters: Any) -> PgCursor:
        # asyncpg keeps each statement prepared (its statement cache); rows come from fetch,
        # the changed-row count from execute's command tag.
        values = statement.bind(parameters)
        try:
            if statement.returns_rows:
                rows = await self._conn.fetch(statement.sql, *values)
                return PgCursor(rows, len(rows) if statement.returning else -1)
            return PgCursor([], rowcount(await self._conn.execute(statement.sql, *values)))
        except _DRIVER_ERRORS as exc:
            raise _mapped(exc) from exc

    async def _executemany(self, statement: Translated, parameters: Any) -> PgCursor:
        rows = [statement.bind(p) for p in parameters]
        if rows:
            try:
                await self._conn.executemany(statement.sql, rows)
            except _DRIVER_ERRORS as exc:
                raise _mapped(exc) from exc
        return PgCursor([], -1)

    async def _script(self, script: str) -> None:
        try:
            await self._conn.execute(script)
        except _DRIVER_ERRORS as exc:
            raise _mapped(exc) from exc


# --- the backend ----------------------------------------------------------------------------


def redacted(url: str) -> str:
    """``url`` without its password (for logs and errors), even a URL that does not parse:
    everything from the first ``:`` of its user part to the last ``@`` becomes ``***`` (a
    password with an ``@``, ``/`` or ``#`` written as it is included)."""
    scheme, sep, rest = url.partition("://")
    user_part, at, host_part = rest.rpartition("@")
    if not sep or not at or ":" not in user_part:
        return url
    return f"{scheme}://{user_part.split(':', 1)[0]}:***@{host_part}"


UNREADABLE_URL = (
    "the PostgreSQL URL does not read as postgresql://user:password@host:port/database: check "
    "the host and port, and write an @, :, /, # or % of the user name or password as %40, %3A, "
    "%2F, %23 or %25"
)
"""Why a URL that asyncpg cannot read is refused (its own message may quote the password)."""


class PostgresDatabase:
    """An open PostgreSQL database: an asyncpg pool, migrated (``storage.migrate_postgres``).

    Create it with :meth:`open`; close it with :meth:`close`. Implements
    ``storage.sql.Backend``.
    """

    dialect: Dialect = "postgresql"

    def __init__(
        self, pool: asyncpg.Pool, url: str, *, reconnect_timeout: float, pool_size: int = 10
    ) -> None:
        self._pool = pool
        self.write_concurrency = max(1, pool_size // 2)
        """Commit batches run side by side (``storage.commits``): half the pool, so that
        reads and other writes always find a connection."""
        self.url = url
        """The connection URL (``postgresql://user:password@host:port/database``)."""
        self.reconnect_timeout = reconnect_timeout
        """Seconds a transaction that sent no ``COMMIT`` is tried again while the server is
        unreachable, before ``DatabaseUnavailable``."""
        self._running: set[asyncio.Task[Any]] = set()
        self._closed = False

    @classmethod
    async def open(
        cls,
        url: str,
        *,
        pool_size: int = 10,
        connect_timeout: float = 5.0,
        reconnect_timeout: float = 2.0,
        run_migrations: bool = True,
    ) -> PostgresDatabase:
        """Connect to ``url`` (a ``postgresql://`` URL) and apply pending migrations.

        Args:
            pool_size: the most connections this process opens (transactions at once).
            connect_timeout: seconds to wait for one connection.
            reconnect_timeout: see :attr:`reconnect_timeout`.
            run_migrations: apply pending migrations (normally ``True``).

        Raises:
            DatabaseUnavailable: the server cannot be reached.
            SchemaTooNew: the database was written by a newer Cardroom.
            StorageError: asyncpg cannot read the URL (a port that is no number, a password
                with an @ written as it is: :data:`UNREADABLE_URL`).
        """
        try:
            pool = await asyncpg.create_pool(
                url,
                min_size=1,
                max_size=pool_size,
                timeout=connect_timeout,
                server_settings={"application_name": "cardroom"},
            )
        except (TimeoutError, asyncpg.PostgresError, *CONNECTION_ERRORS) as exc:
            raise DatabaseUnavailable(f"cannot connect to {redacted(url)}: {exc}") from exc
        except (ValueError, OverflowError) as exc:  # asyncpg could not read the URL
            problem = UNREADABLE_URL
            if isinstance(exc, asyncpg.ClientConfigurationError) and "URI" not in str(exc):
                problem += f" ({exc})"  # a parameter, such as sslmode=; never the URL's text
            raise StorageError(problem) from None
        db = cls(pool, url, reconnect_timeout=reconnect_timeout, pool_size=pool_size)
        try:
            if run_migrations:
                await migrate_postgres(db)
        except BaseException:
            await pool.close()
            raise
        return db

    async def close(self) -> None:
        """Let running transactions finish, then close every connection (idempotent)."""
        self._closed = True
        while self._running:
            await asyncio.gather(*self._running, return_exceptions=True)
        await self._pool.close()

    async def __aenter__(self) -> PostgresDatabase:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    def connection(self) -> AbstractAsyncContextManager[asyncpg.Connection]:
        """``async with db.connection() as conn``: one of the pool's asyncpg connections, for
        asyncpg's own calls (``COPY``: ``storage.copy_to_postgres``)."""
        return self._pool.acquire()  # type: ignore[no-any-return]

    async def read(self, fn: Callable[[Connection], T]) -> T:
        """Run ``fn(conn)`` in a ``REPEATABLE READ READ ONLY`` transaction (one snapshot)."""
        return await self._shielded(self._transaction(fn, read_only=True))

    async def write(self, fn: Callable[[Connection], T]) -> T:
        """Run ``fn(conn)`` in a ``SERIALIZABLE`` transaction; commit if it returns (run again
        after a serialization failure, so ``fn`` must only touch the database).

        Raises:
            DatabaseBusy: serialization failures every time, or no free connection in time.
            DatabaseUnavailable: the server cannot be reached (see the module).
        """
        return await self._shielded(self._transaction(fn, read_only=False))

    async def write_guarded(self, fn: Callable[[Connection], T]) -> T:
        """:meth:`write` at ``READ COMMITTED``, for bodies that guard themselves
        (``storage.sql.Backend.write_guarded``): a move's commit, whose every change checks
        its row's version, and the migrations, which first take an advisory lock. Under
        ``SERIALIZABLE``, commits of different games refused each other by the index pages
        they share (hundreds of serialization failures a minute under load, each batch run
        again); at ``READ COMMITTED`` an ``UPDATE ... WHERE version = ?`` that meets a row
        another transaction changed waits for it and re-checks its ``WHERE`` on the new row,
        so a stale move still changes nothing, and each statement after an advisory lock
        sees what its previous holder committed."""
        return await self._shielded(
            self._transaction(fn, read_only=False, isolation="read_committed")
        )

    async def _shielded(self, work: Coroutine[Any, Any, T]) -> T:
        task = asyncio.get_running_loop().create_task(work)
        self._running.add(task)
        task.add_done_callback(self._running.discard)
        return await asyncio.shield(task)

    async def _transaction(
        self, fn: Callable[[Connection], T], *, read_only: bool, isolation: str = "serializable"
    ) -> T:
        give_up = time.monotonic() + self.reconnect_timeout
        conflicts = 0
        delay = 0.05
        while True:
            committing = False
            try:
                async with self._pool.acquire(timeout=30) as conn:
                    transaction = conn.transaction(
                        isolation="repeatable_read" if read_only else isolation,
                        readonly=read_only,
                    )
                    try:
                        await transaction.start()
                        result = await run_body(fn, PgConnection(conn))
                    except _UNAVAILABLE:
                        conn.terminate()  # never back into the pool: it reconnects instead
                        raise
                    except BaseException:
                        if not conn.is_closed():
                            with contextlib.suppress(*_DRIVER_ERRORS):
                                await transaction.rollback()
                        raise
                    committing = True
                    try:
                        await transaction.commit()
                    except _UNAVAILABLE:
                        conn.terminate()
                        raise
                    return result
            except TimeoutError as exc:
                raise DatabaseBusy("no free PostgreSQL connection for 30 s") from exc
            except _RUN_AGAIN as exc:
                conflicts += 1
                if conflicts >= MAX_ATTEMPTS:
                    raise DatabaseBusy(f"{conflicts} serialization failures in a row") from exc
                await asyncio.sleep(random.uniform(0, 0.002 * conflicts))
            except _UNAVAILABLE as exc:
                if committing or time.monotonic() >= give_up:
                    if committing:
                        log.warning("PostgreSQL went away during a COMMIT: it may be applied")
                    mapped = _mapped(exc)
                    if isinstance(mapped, DatabaseUnavailable):
                        raise mapped from exc
                    raise
                log.info("PostgreSQL unavailable (%s); trying again", type(exc).__name__)
                await asyncio.sleep(delay)
                delay = min(delay * 2, 0.5)
