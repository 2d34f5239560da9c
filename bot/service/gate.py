"""The gate every change of a game passes: its game's lock, and none once shutting down."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from bot.i18n import N_
from bot.service.errors import UserError
from bot.service.locks import KeyedLocks

RESTARTING = N_("Cardroom is restarting: please try again in a moment.")


class Gate:
    """One change of a game at a time in this process (the per-game locks), and no new change
    once the bot is shutting down, while those in flight are let finish."""

    def __init__(self) -> None:
        self._locks = KeyedLocks()
        self._closing = False
        self._in_flight = 0
        self._idle = asyncio.Event()
        self._idle.set()

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
