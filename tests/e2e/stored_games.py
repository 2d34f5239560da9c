"""Running games written straight into storage, as a bot that stopped left them: many slow
games (a day a move), each in its own channel with its table posted, their deadlines and
wake times chosen by the caller. For the restart tests and the scale benchmarks
(``benchmarks/slow_play.py``), where playing thousands of games up to that point would take
far longer than the test."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

import engine
from storage import Storage
from storage.sql import Connection
from tests.fakediscord import FakeDiscord
from tests.fakediscord.model import Channel

DAY = 86_400
"""The turn clock of the games written: a day a move, in seconds."""


@dataclass(frozen=True)
class StoredGame:
    """A running 2-player game to write: where, who, its seed, and its clock as a stopped
    bot left it (``wake_at``: the reminder still to come, or the deadline once the reminder
    was sent)."""

    guild_id: int
    channel: Channel
    players: tuple[int, int]
    seed: int
    deadline: datetime
    wake_at: datetime
    game: str = "artichokes"


def post_tables(fake: FakeDiscord, games: Sequence[StoredGame]) -> list[int]:
    """Post a table message (as the bot posts them: components v2) in each game's channel of
    ``fake``; their message ids, in order."""
    ids = []
    for game in games:
        message = fake.world.post_message(
            game.channel,
            fake.world.bot,
            {"flags": 1 << 15, "components": [{"type": 10, "content": "a table"}]},
        )
        ids.append(message.id)
    return ids


async def write_games(
    storage: Storage, games: Sequence[StoredGame], tables: Sequence[int], now: datetime
) -> list[int]:
    """Write ``games`` (at version 0, their tables ``tables`` showing it) in one transaction;
    their ids, in order."""
    stamp = now.isoformat(timespec="milliseconds")
    rows = []
    for game, table in zip(games, tables, strict=True):
        state = engine.new_game(game.game, len(game.players), None, game.seed)
        rows.append((game, table, engine.dumps(state)))

    def tx(conn: Connection) -> list[int]:
        ids = []
        for game, table, state in rows:
            game_id = conn.execute(
                "INSERT INTO games (guild_id, channel_id, game_name, host_id, max_seats, "
                "created_at, updated_at, turn_clock) VALUES (?, ?, ?, ?, 2, ?, ?, ?) "
                "RETURNING id",
                (game.guild_id, game.channel.id, game.game, game.players[0], stamp, stamp, DAY),
            ).fetchone()["id"]
            for seat, user_id in enumerate(game.players):
                conn.execute(
                    "INSERT INTO seats (game_id, seat, user_id, joined_at) VALUES (?, ?, ?, ?)",
                    (game_id, seat, user_id, stamp),
                )
            conn.execute(
                "UPDATE games SET status = 'active', seed = ?, state = ?, started_at = ?, "
                "deadline = ?, wake_at = ?, automatic_secret = ? WHERE id = ?",
                (
                    game.seed,
                    state,
                    stamp,
                    game.deadline.isoformat(timespec="milliseconds"),
                    game.wake_at.isoformat(timespec="milliseconds"),
                    f"{game.seed:032x}",
                    game_id,
                ),
            )
            conn.execute(
                "INSERT INTO game_messages (game_id, kind, channel_id, message_id, updated_at, "
                "shown_version) VALUES (?, 'table', ?, ?, ?, 0)",
                (game_id, game.channel.id, table, stamp),
            )
            ids.append(game_id)
        return ids

    return await storage.db.write(tx)
