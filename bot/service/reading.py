"""Reading stored games for the use cases: records, parsed states, the per-game locks."""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

import engine
from bot.errors import UserError
from bot.i18n import N_
from bot.locks import KeyedLocks
from bot.service.snapshots import GameSnapshot
from storage import GameNotFound, GameRecord, GameStatus, Storage

log = logging.getLogger(__name__)

SEED_BITS = 63
RESTARTING = N_("Cardroom is restarting: please try again in a moment.")


class GameReader:
    """The shared base of the use cases: storage, the seed source and the per-game locks.

    ``seed`` returns the seed of each new game (default: 63 random bits).
    """

    def __init__(self, storage: Storage, seed: Callable[[], int] | None = None) -> None:
        self.storage = storage
        self._seed = seed or (lambda: secrets.randbits(SEED_BITS))
        self._locks = KeyedLocks()
        self._closing = False
        self._in_flight = 0
        self._idle = asyncio.Event()
        self._idle.set()

    def lock(self, game_id: int) -> asyncio.Lock:
        """The lock serialising every change to ``game_id`` in this process."""
        return self._locks(game_id)

    @asynccontextmanager
    async def locked(self, game_id: int) -> AsyncIterator[None]:
        """Hold ``game_id``'s lock for one change; refused once the bot is shutting down (the
        changes in flight are finished first, see :meth:`shutdown`).

        Raises:
            UserError: the bot is shutting down.
        """
        if self._closing:
            raise UserError(RESTARTING)
        self._in_flight += 1
        self._idle.clear()
        try:
            async with self._locks(game_id):
                yield
        finally:
            self._in_flight -= 1
            if self._in_flight == 0:
                self._idle.set()

    async def shutdown(self) -> None:
        """Take no new changes and wait until those in flight are committed."""
        self._closing = True
        await self._idle.wait()

    async def record(self, game_id: int) -> GameRecord:
        """The stored game without its state.

        Raises:
            UserError: no such game.
        """
        try:
            return await self.storage.games.get_game(game_id)
        except GameNotFound:
            raise UserError(N_("That game no longer exists.")) from None

    async def snapshot(self, game_id: int) -> GameSnapshot:
        """The stored game and its parsed state.

        Raises:
            UserError: no such game, or its stored state cannot be read (set aside).
        """
        return self.parse(await self.record(game_id))

    @staticmethod
    def parse(record: GameRecord) -> GameSnapshot:
        """``record`` with its state parsed.

        Raises:
            UserError: the stored state cannot be read.
        """
        try:
            state = engine.loads(record.state_json) if record.state_json is not None else None
        except ValueError:
            log.error("game %s: stored state unreadable (see /cardroom inspect)", record.id)
            raise UserError(
                N_(
                    "This game is damaged and cannot go on; a server admin can end it with "
                    "/cardroom abort."
                )
            ) from None
        return GameSnapshot(record, state)

    async def active(self, game_id: int) -> GameSnapshot:
        """The running game ``game_id``.

        Raises:
            UserError: no such game, not started yet, or over.
        """
        snapshot = await self.snapshot(game_id)
        if snapshot.record.status == GameStatus.LOBBY:
            raise UserError(N_("This game has not started yet."))
        if snapshot.record.status != GameStatus.ACTIVE:
            raise UserError(N_("This game is over."))
        return snapshot

    @staticmethod
    def seat_of(record: GameRecord, user_id: int) -> int:
        """The seat ``user_id`` plays in ``record``.

        Raises:
            UserError: they play no seat (never did, or left).
        """
        seat = record.seat_of(user_id)
        if seat is None:
            if any(s.user_id == user_id for s in record.seats):
                raise UserError(N_("You left this game: an automatic player has your seat."))
            raise UserError(N_("You are not playing in this game."))
        return seat.seat
