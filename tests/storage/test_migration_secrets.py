"""Migration 0010 on both backends: the open games of a database from before it get an
automatic players' secret of their own (a game already over keeps none: its automatic players
never had one), and the games they had go on as they were."""

from __future__ import annotations

import re
from pathlib import Path

from storage.sql import Connection
from tests.storage.helpers import database_before, open_at

BEFORE = 9
"""The schema version just before the secret."""

NOW = "2026-01-01T00:00:00+00:00"


def old_games(conn: Connection) -> None:
    """Four games as a Cardroom of schema 9 left them: two lobbies, a running game, an ended
    one (ids 1 to 4)."""
    conn.execute(
        "INSERT INTO games (id, guild_id, channel_id, game_name, host_id, max_seats, status, "
        "created_at, updated_at) VALUES (1, 1, 11, 'ninjan', 10, 5, 'lobby', ?, ?), "
        "(2, 1, 12, 'ninjan', 10, 5, 'lobby', ?, ?)",
        (NOW, NOW, NOW, NOW),
    )
    conn.execute(
        "INSERT INTO games (id, guild_id, channel_id, game_name, host_id, max_seats, status, "
        "seed, state, created_at, updated_at, started_at) "
        "VALUES (3, 1, 13, 'ninjan', 10, 5, 'active', 7, '{}', ?, ?, ?)",
        (NOW, NOW, NOW),
    )
    conn.execute(
        "INSERT INTO games (id, guild_id, channel_id, game_name, host_id, max_seats, status, "
        "seed, state, result, created_at, updated_at, started_at, ended_at) VALUES (4, 1, 14, "
        "'ninjan', 10, 5, 'finished', 8, '{}', '{\"winners\": [0]}', ?, ?, ?, ?)",
        (NOW, NOW, NOW, NOW),
    )


def secrets_of(conn: Connection) -> dict[int, str | None]:
    rows = conn.execute("SELECT id, automatic_secret FROM games ORDER BY id").fetchall()
    return {row["id"]: row["automatic_secret"] for row in rows}


async def test_the_open_games_of_before_get_a_secret_each(empty_database: Path | str) -> None:
    await database_before(empty_database, BEFORE, old_games)
    storage = await open_at(empty_database)
    try:
        found = await storage.db.read(secrets_of)
        lobby = await storage.games.get_game(1)
    finally:
        await storage.close()
    opened = [found[1], found[2], found[3]]
    assert all(s is not None and re.fullmatch(r"[0-9a-f]{32}", s) for s in opened), opened
    assert len(set(opened)) == 3  # one each, none shared
    assert found[4] is None  # over before Cardroom had secrets: nothing to export but the truth
    assert lobby.automatic_secret == found[1]
