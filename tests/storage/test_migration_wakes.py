"""Migration 0015 on both backends: the running games of a database from before it get a wake
time (their deadline, or, without one, a wake due at once so that the first start finds out
whether an automatic player is to move); lobbies and ended games get none."""

from __future__ import annotations

import sqlite3
from datetime import datetime
from pathlib import Path

import pytest

from storage import Storage
from storage.migrate import load_migrations, migrate
from storage.migrate_postgres import PACKAGE, migrate_postgres
from storage.postgres import PostgresDatabase
from storage.sql import Connection

BEFORE = 14
"""The schema version just before wake times."""

NOW = "2026-01-01T00:00:00.000+00:00"
DEADLINE = "2026-01-02T00:00:00.000+00:00"


def old_games(conn: Connection) -> None:
    """A lobby, a running game with a deadline, one without, an ended one (ids 1 to 4), as a
    Cardroom of schema 14 left them."""
    conn.execute(
        "INSERT INTO games (id, guild_id, channel_id, game_name, host_id, max_seats, status, "
        "created_at, updated_at) VALUES (1, 1, 11, 'ninjan', 10, 5, 'lobby', ?, ?)",
        (NOW, NOW),
    )
    conn.execute(
        "INSERT INTO games (id, guild_id, channel_id, game_name, host_id, max_seats, status, "
        "seed, state, created_at, updated_at, started_at, deadline) VALUES "
        "(2, 1, 12, 'ninjan', 10, 5, 'active', 7, '{}', ?, ?, ?, ?), "
        "(3, 1, 13, 'ninjan', 10, 5, 'active', 7, '{}', ?, ?, ?, NULL)",
        (NOW, NOW, NOW, DEADLINE, NOW, NOW, NOW),
    )
    conn.execute(
        "INSERT INTO games (id, guild_id, channel_id, game_name, host_id, max_seats, status, "
        "seed, state, result, created_at, updated_at, started_at, ended_at) VALUES (4, 1, 14, "
        "'ninjan', 10, 5, 'finished', 8, '{}', '{\"winners\": [0]}', ?, ?, ?, ?)",
        (NOW, NOW, NOW, NOW),
    )


@pytest.fixture
def empty_database(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> Path | str:
    """Where this test's database is: a SQLite file (not created yet), or an empty PostgreSQL
    database's URL."""
    if backend == "sqlite":
        return tmp_path / "old.sqlite3"
    return str(request.getfixturevalue("postgresql_empty_url"))


async def with_old_games(where: Path | str) -> None:
    """Bring the database at ``where`` to schema 14 and write :func:`old_games` into it."""
    if isinstance(where, Path):
        conn = sqlite3.connect(where, isolation_level=None)
        conn.row_factory = sqlite3.Row
        migrate(conn, load_migrations()[:BEFORE])
        old_games(conn)
        conn.close()
        return
    db = await PostgresDatabase.open(where, run_migrations=False)
    try:
        await migrate_postgres(db, load_migrations(PACKAGE)[:BEFORE])
        await db.write(old_games)
    finally:
        await db.close()


async def test_the_running_games_of_before_get_a_wake(empty_database: Path | str) -> None:
    await with_old_games(empty_database)
    if isinstance(empty_database, Path):
        storage = await Storage.open(path=empty_database)
    else:
        storage = await Storage.open(url=empty_database)
    try:
        wakes = {g: (await storage.games.get_game(g)).wake_at for g in (1, 2, 3, 4)}
        due = await storage.games.due_wakes(
            after=None, until=datetime.fromisoformat(DEADLINE), limit=10
        )
    finally:
        await storage.close()
    assert wakes == {
        1: None,
        2: datetime.fromisoformat(DEADLINE),
        3: datetime.fromisoformat(NOW),  # due at once: the first start looks at it
        4: None,
    }
    assert [w.game_id for w in due] == [3, 2]
