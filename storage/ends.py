"""What follows a game's end, in the transaction that ends it: the hooks registered on it.

A game ends by the commit of its last action, a finish, a leave that ends it, or an abort
(``storage.commits``, ``storage.play``). Each of these transaction bodies writes the game's
status, result and seats' ranks, then calls :meth:`GameEnds.run`: every hook registered runs
there, on the same connection, in the order registered. So what the hooks write (the plays and
ratings of ``storage.history``: :data:`storage.history.GAME_END_HOOKS`) commits with the end or
not at all: a hook that raises refuses the whole change, and nothing a history query shows is
ever behind or ahead of the games. A hook is a transaction body (``storage.sql``): synchronous,
the database only, and it may read and write rows other games share (the commits that end
games run as serializable writes, one batch at a time: ``storage.commits``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from storage.models import GameResult
from storage.sql import Connection, Row


@dataclass(frozen=True, slots=True)
class EndedGame:
    """A game that started, as its end left it (read once for every hook).

    Attributes:
        id, guild_id, game_name: the game.
        status: ``"finished"`` or ``"aborted"``.
        ended_at: when it ended, as stored (text).
        result: how it ended (an empty result when none was stored).
        seats: its seat rows in seat order (:func:`seat_rows`).
    """

    id: int
    guild_id: int
    game_name: str
    status: str
    ended_at: str
    result: GameResult
    seats: list[Row]


GameEndHook = Callable[[Connection, EndedGame], None]
"""``hook(conn, ended)``: what a game's end means for one concern (see the module)."""


def seat_rows(conn: Connection, game_id: int) -> list[Row]:
    """The seat columns the hooks read (``seat``, ``user_id``, ``former``, ``left_at``,
    ``level``, ``rank``, ``score``, ``automatic``, ``away``), in seat order."""
    return conn.execute(
        "SELECT seat, user_id, former, left_at, level, rank, score, automatic, away FROM seats "
        "WHERE game_id = ? ORDER BY seat",
        (game_id,),
    ).fetchall()


def ended_game(conn: Connection, game_id: int) -> EndedGame | None:
    """``game_id`` as its end left it; ``None`` for a lobby closed before it started (nobody
    played) or a game that has not ended."""
    row = conn.execute(
        "SELECT guild_id, game_name, status, started_at, ended_at, result FROM games WHERE id = ?",
        (game_id,),
    ).fetchone()
    if row is None or row["started_at"] is None or row["ended_at"] is None:
        return None
    return EndedGame(
        id=game_id,
        guild_id=row["guild_id"],
        game_name=row["game_name"],
        status=row["status"],
        ended_at=row["ended_at"],
        result=GameResult.from_json(row["result"]) if row["result"] else GameResult(),
        seats=seat_rows(conn, game_id),
    )


class GameEnds:
    """The hooks registered on a game's end (see the module), run by the transaction bodies
    that end games."""

    def __init__(self, hooks: Iterable[GameEndHook] = ()) -> None:
        self._hooks: list[GameEndHook] = list(hooks)

    def register(self, hook: GameEndHook) -> None:
        """Run ``hook`` at every game's end from now on, after the hooks registered before."""
        self._hooks.append(hook)

    @property
    def hooks(self) -> tuple[GameEndHook, ...]:
        """The hooks, in the order they run."""
        return tuple(self._hooks)

    def run(self, conn: Connection, game_id: int) -> None:
        """Run every hook for ``game_id``, which this transaction just ended (call it after
        the game's status, result and seats' ranks are written). A game that never started
        runs none."""
        if not self._hooks:
            return
        ended = ended_game(conn, game_id)
        if ended is None:
            return
        for hook in self._hooks:
            hook(conn, ended)
