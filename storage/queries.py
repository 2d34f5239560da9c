"""Finding games and reading their logs."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

from storage.models import GameRecord, GameStatus, LoggedAction
from storage.rows import OPEN_SQL, fetch_actions, fetch_game, fetch_games, parse_time
from storage.sql import Backend, Connection
from storage.threads import HERE_SQL


class GameQueries:
    """Finding games and reading their logs, on one :class:`Backend` (read-only)."""

    def __init__(self, db: Backend) -> None:
        self._db = db

    async def get_game(self, game_id: int) -> GameRecord:
        """The game ``game_id`` (any status) with its seats.

        Raises:
            GameNotFound.
        """
        return await self._db.read(lambda conn: fetch_game(conn, game_id))

    async def find_open_game(self, channel_id: int) -> GameRecord | None:
        """The open (lobby or active) game played in ``channel_id`` (a channel, or a game's
        thread), or ``None``; games whose thread is being made are not played there yet."""
        games = await self._db.read(
            lambda conn: fetch_games(
                conn, f"channel_id = ? AND {OPEN_SQL} AND {HERE_SQL}", (channel_id,)
            )
        )
        return games[0] if games else None

    async def find_games_by_player(
        self, user_id: int, *, open_only: bool = True
    ) -> list[GameRecord]:
        """Games in which ``user_id`` still plays a seat (not left), by id; open ones only
        unless ``open_only`` is false."""
        where = "id IN (SELECT game_id FROM seats WHERE user_id = ? AND left_at IS NULL)" + (
            f" AND {OPEN_SQL}" if open_only else ""
        )
        return await self._db.read(lambda conn: fetch_games(conn, where, (user_id,)))

    async def list_games(
        self, guild_id: int, statuses: Sequence[GameStatus | str] = (GameStatus.ACTIVE,)
    ) -> list[GameRecord]:
        """The guild's games with one of ``statuses`` (default: active), by id."""
        wanted = json.dumps([str(GameStatus(s)) for s in statuses])
        return await self._db.read(
            lambda conn: fetch_games(
                conn,
                "guild_id = ? AND status IN (SELECT value FROM json_each(?))",
                (guild_id, wanted),
            )
        )

    async def lobbies_without_message(self, created_before: datetime) -> list[GameRecord]:
        """Lobbies created before ``created_before`` that have no lobby message stored, by id:
        the bot stopped between saving them and posting their message (nobody can see or
        cancel them, and each blocks its channel)."""
        before = created_before.astimezone(UTC).isoformat(timespec="milliseconds")
        return await self._db.read(
            lambda conn: fetch_games(
                conn,
                "status = 'lobby' AND created_at < ? AND id NOT IN "
                "(SELECT game_id FROM game_messages WHERE kind = 'lobby')",
                (before,),
                on_bad_row=_skip,
            )
        )

    async def recently_ended(self, window: timedelta) -> list[GameRecord]:
        """The games that started and then ended (finished or aborted) at most ``window``
        before the last change to any game, by id: when the bot stopped right after such a
        change, their tables may not show the end yet. Empty when there are no games."""

        def tx(conn: Connection) -> list[GameRecord]:
            last = parse_time(conn.execute("SELECT max(updated_at) FROM games").fetchone()[0])
            if last is None:
                return []
            since = (last - window).isoformat(timespec="milliseconds")
            return fetch_games(
                conn,
                "status IN ('finished', 'aborted') AND started_at IS NOT NULL AND ended_at >= ?",
                (since,),
                on_bad_row=_skip,
            )

        return await self._db.read(tx)

    async def list_running_with_deadlines(self) -> list[GameRecord]:
        """Every active game that has a deadline (turn clocks, at start-up), by id."""
        return await self._db.read(
            lambda conn: fetch_games(conn, "status = 'active' AND deadline IS NOT NULL", ())
        )

    async def get_actions(self, game_id: int, *, after: int = 0) -> list[LoggedAction]:
        """The game's log rows with ``seq > after``, oldest first."""
        return await self._db.read(lambda conn: fetch_actions(conn, game_id, after))

    async def recent_actions(self, game_id: int, limit: int = 5) -> list[LoggedAction]:
        """The last ``limit`` log rows (with their public events), oldest first."""

        def tx(conn: Connection) -> list[LoggedAction]:
            row = conn.execute(
                "SELECT coalesce(max(seq), 0) AS last FROM actions WHERE game_id = ?", (game_id,)
            ).fetchone()
            return fetch_actions(conn, game_id, max(0, row["last"] - limit))

        return await self._db.read(tx)

    async def snapshot(self, game_id: int) -> tuple[GameRecord, list[LoggedAction]]:
        """The game and its whole log, read in one transaction (for verification).

        Raises:
            GameNotFound.
        """
        return await self._db.read(
            lambda conn: (fetch_game(conn, game_id), fetch_actions(conn, game_id))
        )


def _skip(game_id: int, error: Exception) -> None:
    """``on_bad_row`` of the startup queries: an unreadable row is left out (loading the
    active games reports it)."""
