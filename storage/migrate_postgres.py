"""PostgreSQL's migrations: the same numbers as SQLite's, in PostgreSQL's own SQL.

Each ``storage/migrations/NNNN_name.sql`` has a twin ``storage/migrations/postgresql/
NNNN_name.sql`` (same file name) that brings a PostgreSQL database to the same schema
(``tests/storage/test_migrations_postgres.py`` fails when one is missing). The version is
kept in the table ``schema_migrations`` (one row per applied migration). Each file runs in its
own transaction under a transaction-level advisory lock (:data:`LOCK_KEY`), which is where the
version is read again, so two processes starting together apply every file exactly once.
"""

from __future__ import annotations

from storage.errors import SchemaTooNew
from storage.migrate import Migration, load_migrations
from storage.rows import now_text
from storage.sql import Backend, Connection

PACKAGE = "storage.migrations.postgresql"
"""Where PostgreSQL's migration files live."""

LOCK_KEY = 0x43_61_72_64  # "Card"
"""The advisory lock the migrations take (``pg_advisory_xact_lock``)."""

_VERSIONS = (
    "CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, "
    "name text NOT NULL, applied_at text NOT NULL)"
)


def schema_version(conn: Connection) -> int:
    """The newest migration applied (0: none), in a transaction that holds the lock."""
    row = conn.execute("SELECT coalesce(max(version), 0) AS version FROM schema_migrations")
    return int(row.fetchone()["version"])


def _lock(conn: Connection) -> int:
    conn.execute("SELECT pg_advisory_xact_lock(?)", (LOCK_KEY,))
    conn.execute(_VERSIONS)
    return schema_version(conn)


def _apply(conn: Connection, migration: Migration) -> bool:
    if schema_version(conn) >= migration.version:
        return False  # another process applied it meanwhile
    conn.executescript(migration.sql)  # type: ignore[attr-defined]
    conn.execute(
        "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
        (migration.version, migration.name, now_text()),
    )
    return True


async def migrate_postgres(db: Backend, migrations: list[Migration] | None = None) -> list[int]:
    """Apply the migrations the database lacks to ``db`` (a ``PostgresDatabase``), one
    transaction each, every one under the advisory lock (so a guarded write: ``READ
    COMMITTED``); return the versions applied (maybe none).

    Raises:
        SchemaTooNew: the database is newer than the newest migration.
    """
    if migrations is None:
        migrations = load_migrations(PACKAGE)
    latest = migrations[-1].version if migrations else 0
    current = await db.write_guarded(_lock)
    if current > latest:
        raise SchemaTooNew(current, latest)
    applied: list[int] = []
    for migration in migrations:
        if migration.version <= current:
            continue

        def apply_locked(conn: Connection, migration: Migration = migration) -> bool:
            _lock(conn)
            return _apply(conn, migration)

        if await db.write_guarded(apply_locked):
            applied.append(migration.version)
    return applied


async def postgres_schema_version(db: Backend) -> int:
    """The database's schema version (0: not migrated)."""

    def read(conn: Connection) -> int:
        exists = conn.execute("SELECT to_regclass('schema_migrations') IS NOT NULL AS ok")
        return schema_version(conn) if exists.fetchone()["ok"] else 0

    return await db.read(read)
