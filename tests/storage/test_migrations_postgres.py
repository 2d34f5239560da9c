"""PostgreSQL's migrations: a twin for every SQLite migration, applied once under the lock."""

from __future__ import annotations

import asyncio
from importlib import resources

import pytest

from storage import SchemaTooNew, Storage
from storage.migrate import load_migrations
from storage.migrate_postgres import PACKAGE, postgres_schema_version
from storage.postgres import PostgresDatabase
from storage.sql import Connection


def test_every_sqlite_migration_has_its_postgresql_twin() -> None:
    sqlite = [m.name for m in load_migrations()]
    postgresql = [m.name for m in load_migrations(PACKAGE)]
    missing = sorted(set(sqlite) - set(postgresql))
    assert not missing, (
        f"storage/migrations/postgresql/ lacks {missing}: write each one's PostgreSQL twin "
        "(same file name) that brings a PostgreSQL database to the same schema"
    )
    assert postgresql == sqlite  # and nothing PostgreSQL-only
    assert resources.files(PACKAGE).joinpath(sqlite[0]).is_file()  # packaged


async def test_an_empty_database_is_migrated_once_by_two_processes_at_once(
    postgresql_empty_url: str,
) -> None:
    first, second = await asyncio.gather(
        *(PostgresDatabase.open(postgresql_empty_url, pool_size=2) for _ in range(2))
    )
    try:
        latest = len(load_migrations(PACKAGE))
        assert await postgres_schema_version(first) == latest

        def applied(conn: Connection) -> list[int]:
            rows = conn.execute("SELECT version FROM schema_migrations ORDER BY version")
            return [row["version"] for row in rows]

        assert await second.read(applied) == list(range(1, latest + 1))  # each exactly once
    finally:
        await first.close()
        await second.close()
    again = await PostgresDatabase.open(postgresql_empty_url)  # a no-op now
    await again.close()


async def test_a_newer_database_is_refused(postgresql_empty_url: str) -> None:
    db = await PostgresDatabase.open(postgresql_empty_url)
    await db.write(
        lambda conn: conn.execute(
            "INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'x', 'now')"
        )
    )
    await db.close()
    with pytest.raises(SchemaTooNew) as refused:
        await Storage.open(url=postgresql_empty_url)
    assert refused.value.found == 999
