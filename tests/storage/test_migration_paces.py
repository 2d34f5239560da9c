"""Migration 0016 on both backends: a lobby left at a real-time clock the lobby no longer
offers (1 h, 24 h a move) gets the turn-based pace of a day a move; the lobbies at 1 or 5 min
and the running games keep their clock (a running game at 1 h goes on in real time, its seats
without banks until its next move)."""

from __future__ import annotations

from pathlib import Path

from storage.sql import Connection
from tests.storage.helpers import database_before, open_at

BEFORE = 15
"""The schema version just before paces."""

NOW = "2026-01-01T00:00:00+00:00"


def old_games(conn: Connection) -> None:
    """Three lobbies (1 h, 24 h and 5 min a move) and a running game at 1 h a move."""
    for game_id, status, clock in ((1, "lobby", 3600), (2, "lobby", 86400), (3, "lobby", 300)):
        conn.execute(
            "INSERT INTO games (id, guild_id, channel_id, game_name, host_id, max_seats, "
            "status, turn_clock, created_at, updated_at) VALUES (?, 1, ?, 'verso', 10, 8, ?, ?, "
            "?, ?)",
            (game_id, 10 + game_id, status, clock, NOW, NOW),
        )
    conn.execute(
        "INSERT INTO games (id, guild_id, channel_id, game_name, host_id, max_seats, status, "
        "seed, state, turn_clock, created_at, updated_at, started_at) "
        "VALUES (4, 1, 14, 'verso', 10, 8, 'active', 7, '{}', 3600, ?, ?, ?)",
        (NOW, NOW, NOW),
    )


async def test_lobbies_at_a_clock_no_longer_offered_get_a_day_a_move(
    empty_database: Path | str,
) -> None:
    await database_before(empty_database, BEFORE, old_games)
    storage = await open_at(empty_database)
    try:
        paces = {
            g: (r.turn_clock, r.bank_start, r.bank_cap)
            for g in (1, 2, 3, 4)
            if (r := await storage.games.get_game(g))
        }
    finally:
        await storage.close()
    assert paces == {
        1: (86400, 86400, 259200),
        2: (86400, 86400, 259200),
        3: (300, None, None),
        4: (3600, None, None),
    }
