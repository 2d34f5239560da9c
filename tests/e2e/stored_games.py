"""Running games written straight into storage, as a bot that stopped left them: many slow
games (turn-based, a day a move, banks up to 3 days), each in its own channel with its table
posted, their deadlines and wake times chosen by the caller (the waited seat's bank is the
one that runs out at the deadline, its reminders before the wake said). For the restart tests
and the scale benchmarks (``benchmarks/slow_play.py``), where playing thousands of games up to
that point would take far longer than the test."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

import engine
from bot.service.banks import LAST_REMINDER
from storage import Storage
from storage.sql import Connection
from tests.fakediscord import FakeDiscord
from tests.fakediscord.model import Channel

DAY = 86_400
"""The pace of the games written: a day a move (the bank's start), in seconds."""
BANK_CAP = 3 * DAY
"""The most their banks hold, in seconds (the "1 day a move" preset)."""


def waited_bank(deadline: datetime, wake_at: datetime) -> tuple[int, datetime, int]:
    """The bank of a seat waited for since a day before ``deadline`` (milliseconds, when the
    wait began, and the reminders said: those due before ``wake_at``)."""
    since = deadline - timedelta(seconds=DAY)
    reminders = (since + timedelta(seconds=DAY / 2), deadline - LAST_REMINDER)
    return DAY * 1000, since, sum(1 for at in reminders if at < wake_at)


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
        rows.append((game, table, engine.dumps(state), set(engine.deciding_seats(state))))

    def tx(conn: Connection) -> list[int]:
        ids = []
        for game, table, state, waited in rows:
            game_id = conn.execute(
                "INSERT INTO games (guild_id, channel_id, game_name, host_id, max_seats, "
                "created_at, updated_at, turn_clock, bank_start, bank_cap) "
                "VALUES (?, ?, ?, ?, 2, ?, ?, ?, ?, ?) RETURNING id",
                (
                    game.guild_id,
                    game.channel.id,
                    game.game,
                    game.players[0],
                    stamp,
                    stamp,
                    DAY,
                    DAY,
                    BANK_CAP,
                ),
            ).fetchone()["id"]
            bank, since, reminders = waited_bank(game.deadline, game.wake_at)
            for seat, user_id in enumerate(game.players):
                clock = (bank, since.isoformat(timespec="milliseconds"), reminders)
                conn.execute(
                    "INSERT INTO seats (game_id, seat, user_id, joined_at, bank_ms, bank_since, "
                    "reminders) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (
                        game_id,
                        seat,
                        user_id,
                        stamp,
                        *(clock if seat in waited else (None, None, 0)),
                    ),
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
