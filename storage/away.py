"""Players' away times (``/game away``), per guild: stored as the bot's service decides them
(it keeps the rule of at most 14 days in any 30)."""

from __future__ import annotations

from datetime import datetime

from storage.rows import parse_time, time_text
from storage.slow_play_models import AwayTime
from storage.sql import Backend, Connection, Row


def _away(row: Row) -> AwayTime:
    starts, ends = parse_time(row["starts_at"]), parse_time(row["ends_at"])
    assert starts is not None and ends is not None
    return AwayTime(int(row["guild_id"]), int(row["user_id"]), starts, ends)


class AwayStore:
    """Read and write :class:`AwayTime` rows, on one :class:`Backend`."""

    def __init__(self, db: Backend) -> None:
        self._db = db

    async def ending_after(self, moment: datetime, *, user_id: int | None = None) -> list[AwayTime]:
        """Every away time (of ``user_id`` only, when given) that ends after ``moment``,
        oldest start first.

        Raises:
            ValueError: a naive ``datetime``.
        """
        when = time_text(moment)
        sql = "SELECT * FROM away_times WHERE ends_at > ?"
        parameters: tuple[object, ...] = (when,)
        if user_id is not None:
            sql, parameters = sql + " AND user_id = ?", (*parameters, user_id)
        sql += " ORDER BY starts_at, guild_id, user_id"
        return await self._db.read(
            lambda conn: [_away(row) for row in conn.execute(sql, parameters).fetchall()]
        )

    async def save(self, away: AwayTime) -> AwayTime:
        """Store ``away`` (a new one, or a new end for the one starting at its start).

        Raises:
            ValueError: a naive ``datetime``, or an end before the start.
        """
        if away.ends_at < away.starts_at:
            raise ValueError("an away time cannot end before it starts")
        starts, ends = time_text(away.starts_at), time_text(away.ends_at)

        def tx(conn: Connection) -> AwayTime:
            row = conn.execute(
                "INSERT INTO away_times (guild_id, user_id, starts_at, ends_at) "
                "VALUES (?, ?, ?, ?) ON CONFLICT (guild_id, user_id, starts_at) "
                "DO UPDATE SET ends_at = excluded.ends_at RETURNING *",
                (away.guild_id, away.user_id, starts, ends),
            ).fetchone()
            return _away(row)

        return await self._db.write(tx)

    async def forget_before(self, moment: datetime) -> int:
        """Delete the away times that ended before ``moment`` (no rule looks that far back);
        how many."""
        when = time_text(moment)
        return await self._db.write(
            lambda conn: conn.execute("DELETE FROM away_times WHERE ends_at < ?", (when,)).rowcount
        )
