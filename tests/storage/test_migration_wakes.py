"""Migration 0015 on both backends: the running games of a database from before it get a wake
time (their deadline, or, without one, a wake due at once so that the first start finds out
whether an automatic player is to move); lobbies and ended games get none."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from storage.sql import Connection
from tests.storage.helpers import database_before, open_at

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


async def test_the_running_games_of_before_get_a_wake(empty_database: Path | str) -> None:
    await database_before(empty_database, BEFORE, old_games)
    storage = await open_at(empty_database)
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
