"""Every game a player is in (``/game mine``, ``cardroom play --list``): whose move it is in
each running game they sit in, and how much time is left; their own moves first."""

from __future__ import annotations

import math
from dataclasses import dataclass

import engine
from bot.service.deadlines import Deadlines, SeatTime, waiting_people
from bot.service.live import LiveGames
from storage import GameRecord, GameStatus, Storage


@dataclass(frozen=True)
class MyGame:
    """One running game of the player.

    Attributes:
        record: the game.
        seat: the player's seat.
        to_move: the seats the game waits for (their decisions not answered yet), people and
            automatic players alike.
        times: how each waited person stands (under a pace), by seat.
    """

    record: GameRecord
    seat: int
    to_move: tuple[int, ...]
    times: dict[int, SeatTime]

    @property
    def my_move(self) -> bool:
        """A move waits for the player."""
        return self.seat in self.to_move

    @property
    def left(self) -> float:
        """Seconds the player has left for their move (infinite: no clock runs for them)."""
        time = self.times.get(self.seat)
        return math.inf if time is None or time.away_until is not None else time.left


class MyGames:
    """Finds a player's running games in storage; reads their states from ``live``."""

    def __init__(self, storage: Storage, live: LiveGames, deadlines: Deadlines) -> None:
        self.storage = storage
        self.live = live
        self.deadlines = deadlines

    async def of(self, user_id: int, guild_id: int | None) -> list[MyGame]:
        """The running games ``user_id`` sits in (in ``guild_id``; every guild: ``None``):
        those waiting for them first, least time left first, then the others by number."""
        await self.deadlines.ready()
        found = []
        for game in await self.storage.games.find_games_by_player(user_id):
            if game.status != GameStatus.ACTIVE or guild_id not in (None, game.guild_id):
                continue
            snapshot = await self.live.snapshot(game.id)
            record, state = snapshot.record, snapshot.state
            seat = record.seat_of(user_id)
            if state is None or seat is None or record.status != GameStatus.ACTIVE:
                continue
            waited = set(waiting_people(record, state))
            automatic = {s.seat for s in record.seats if s.played_automatically}
            to_move = tuple(
                s for s in engine.deciding_seats(state) if s in waited or s in automatic
            )
            times = {t.seat: t for t in self.deadlines.times(record, state)}
            found.append(MyGame(record, seat.seat, to_move, times))
        return sorted(found, key=lambda g: (not g.my_move, g.left if g.my_move else 0, g.record.id))
