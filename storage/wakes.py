"""When the bot must next look at each running game by itself, read soonest first from an
index, so that a process holds in memory only the wakes due soon, and a start reads only
what is due (and the tables behind their game) instead of every running game.

A game's ``wake_at`` (``GameRecord.wake_at``) is written with every change that sets its
deadline (``storage.play``, ``storage.lobby``); what is due at that time is the bot's to
decide (``bot.service.wakes``).
"""

from __future__ import annotations

import json
from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime

from storage.models import GameRecord
from storage.rows import fetch_game, time_text
from storage.sql import Backend, Connection


@dataclass(frozen=True, slots=True)
class Wake:
    """A running game's next wake: at ``at``, game ``game_id`` (whose version was then
    ``version``)."""

    at: datetime
    game_id: int
    version: int


def shard_filter(
    shard_count: int | None, shard_ids: Collection[int], column: str = "guild_id"
) -> tuple[str, tuple[object, ...]]:
    """The SQL condition (with its parameters) of the games of the guilds of shards
    ``shard_ids`` of ``shard_count`` (Discord's rule: ``(guild_id >> 22) % shard_count``);
    ``shard_count`` ``None``: every game (``"1 = 1"``)."""
    if shard_count is None:
        return "1 = 1", ()
    return (
        f"(({column} >> 22) % ?) IN (SELECT value FROM json_each(?))",
        (shard_count, json.dumps(sorted(shard_ids))),
    )


class WakeOperations:
    """The wakes of running games, on one :class:`Backend`."""

    def __init__(self, db: Backend) -> None:
        self._db = db

    async def due_wakes(
        self,
        *,
        after: tuple[datetime, int] | None,
        until: datetime,
        limit: int,
        shard_count: int | None = None,
        shard_ids: Collection[int] = (),
    ) -> list[Wake]:
        """The wakes of the running games (of shards ``shard_ids`` of ``shard_count``; see
        :func:`shard_filter`) from just after ``after`` (a wake's ``(at, game_id)``; ``None``:
        from the first) to ``until``, soonest first (then by game), at most ``limit``. Read
        from the index on ``(wake_at, id)``: the cost grows with the rows returned, not with
        the games stored."""
        shards, shard_params = shard_filter(shard_count, shard_ids)
        where = "wake_at IS NOT NULL AND wake_at <= ? AND status = 'active'"
        params: tuple[object, ...] = (time_text(until),)
        if after is not None:
            moment = time_text(after[0])
            where += " AND (wake_at > ? OR (wake_at = ? AND id > ?))"
            params += (moment, moment, after[1])

        def tx(conn: Connection) -> list[Wake]:
            rows = conn.execute(
                f"SELECT id, wake_at, version FROM games WHERE {where} AND {shards} "
                "ORDER BY wake_at, id LIMIT ?",
                (*params, *shard_params, limit),
            ).fetchall()
            return [Wake(datetime.fromisoformat(r["wake_at"]), r["id"], r["version"]) for r in rows]

        return await self._db.read(tx)

    async def move_wake(
        self, game_id: int, *, version: int, read: datetime, to: datetime | None
    ) -> GameRecord | None:
        """Move the wake of ``game_id`` from ``read`` to ``to`` (``None``: none), if the game
        is still running at ``version`` with that wake (so that of two processes, or two
        tries, one only moves it: a reminder is sent once). The game after it, or ``None``
        when it changed meanwhile (nothing written)."""

        def tx(conn: Connection) -> GameRecord | None:
            cursor = conn.execute(
                "UPDATE games SET wake_at = ? WHERE id = ? AND version = ? AND wake_at = ? "
                "AND status = 'active'",
                (time_text(to), game_id, version, time_text(read)),
            )
            return fetch_game(conn, game_id) if cursor.rowcount == 1 else None

        return await self._db.write(tx)

    async def tables_behind(
        self, shard_count: int | None = None, shard_ids: Collection[int] = ()
    ) -> list[int]:
        """The running games (of those shards) whose table message shows another version
        than the game's, or is unknown, or was never posted (the bot stopped in between), by
        id; the games set aside are left out (their tables stay as they are)."""
        shards, shard_params = shard_filter(shard_count, shard_ids, "g.guild_id")

        def tx(conn: Connection) -> list[int]:
            rows = conn.execute(
                "SELECT g.id FROM games g LEFT JOIN game_messages m "
                "ON m.game_id = g.id AND m.kind = 'table' "
                "WHERE g.status = 'active' AND g.set_aside_reason IS NULL "
                "AND (m.shown_version IS NULL OR m.shown_version <> g.version) "
                f"AND {shards} ORDER BY g.id",
                shard_params,
            ).fetchall()
            return [row["id"] for row in rows]

        return await self._db.read(tx)

    async def running_games(
        self, shard_count: int | None = None, shard_ids: Collection[int] = ()
    ) -> tuple[int, int]:
        """How many games are running (of those shards), and how many of them are set aside."""
        shards, params = shard_filter(shard_count, shard_ids)

        def tx(conn: Connection) -> tuple[int, int]:
            row = conn.execute(
                "SELECT count(*) AS running, count(set_aside_reason) AS aside FROM games "
                f"WHERE status = 'active' AND {shards}",
                params,
            ).fetchone()
            return int(row["running"]), int(row["aside"])

        return await self._db.read(tx)


__all__ = ["Wake", "WakeOperations", "shard_filter"]
