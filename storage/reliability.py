"""Fair play: each person's reliability record per guild — the share of the games they
started that they finished — kept by a game-end hook (``storage.ends``) in the transaction
that ends each game, and read for the lobby, ``/game stats`` and the host's join filter.

A started game that ends counts for each person seated at its end:

- as started and finished when they played it out themselves (the game finished by the
  rules, or by forfeit as the last one left: they stayed to the end);
- as started, not finished, when they left it (forfeited, or everyone left: abandoned), or
  the automatic player played it out for them after three missed clocks (away at its end);
- not at all when it was aborted under them (an admin's abort is not their doing).

A forgotten player's records are deleted with the rest of their memory of play.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from storage.ends import EndedGame
from storage.models import GameStatus
from storage.sql import Backend, Connection

NEW_BELOW = 3
"""A person with fewer counted games than this is shown as "new" (and no host's filter
refuses them): a share of one or two games says little."""


@dataclass(frozen=True, slots=True)
class Reliability:
    """A person's record: ``started`` games counted, ``finished`` of them played out."""

    user_id: int
    started: int = 0
    finished: int = 0

    @property
    def new(self) -> bool:
        """Too few games to say (:data:`NEW_BELOW`)."""
        return self.started < NEW_BELOW

    @property
    def percent(self) -> int:
        """The share of started games finished, in whole percent (rounded down, so that 89.9%
        is not "at least 90%"); 100 with no game."""
        return 100 * self.finished // self.started if self.started else 100

    def allowed_by(self, minimum: int | None) -> bool:
        """Whether a table that takes players who finish at least ``minimum`` percent
        (``None``: anyone) takes this person (a new player always)."""
        return minimum is None or self.new or self.percent >= minimum


def counts(status: str, left: bool, away: bool) -> tuple[int, int] | None:
    """``(started, finished)`` that one person's seat adds at a game's end (see the
    module), or ``None`` when the game does not count for them."""
    if left or away:
        return (1, 0)
    if status == GameStatus.FINISHED:
        return (1, 1)
    return None


def record_reliability(conn: Connection, ended: EndedGame) -> None:
    """The game-end hook of the reliability records (``storage.ends``)."""
    for seat in ended.seats:
        if seat["user_id"] is None:
            continue
        added = counts(ended.status, seat["left_at"] is not None, bool(seat["away"]))
        if added is None:
            continue
        conn.execute(
            "INSERT INTO reliability (user_id, guild_id, started, finished) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (user_id, guild_id) DO UPDATE SET "
            "started = reliability.started + excluded.started, "
            "finished = reliability.finished + excluded.finished",
            (seat["user_id"], ended.guild_id, *added),
        )


def forget_reliability(conn: Connection, user_id: int) -> int:
    """Delete ``user_id``'s records (forget-me); how many."""
    return conn.execute("DELETE FROM reliability WHERE user_id = ?", (user_id,)).rowcount


class ReliabilityStore:
    """Reading the reliability records, on one :class:`Backend`."""

    def __init__(self, db: Backend) -> None:
        self._db = db

    async def records(
        self, guild_id: int | None, user_ids: Iterable[int]
    ) -> dict[int, Reliability]:
        """Each of ``user_ids``'s record in ``guild_id`` (``None``: every guild, summed); a
        person with no counted game gets an empty one."""
        wanted = sorted(set(user_ids))

        def read(conn: Connection) -> dict[int, Reliability]:
            found = {user: Reliability(user) for user in wanted}
            if not wanted:
                return found
            marks = ", ".join("?" * len(wanted))
            where = f"user_id IN ({marks})" + ("" if guild_id is None else " AND guild_id = ?")
            params = (*wanted, *(() if guild_id is None else (guild_id,)))
            rows = conn.execute(
                "SELECT user_id, sum(started) AS started, sum(finished) AS finished "
                f"FROM reliability WHERE {where} GROUP BY user_id",
                params,
            )
            for row in rows:
                user = row["user_id"]
                found[user] = Reliability(user, int(row["started"]), int(row["finished"]))
            return found

        return await self._db.read(read)
