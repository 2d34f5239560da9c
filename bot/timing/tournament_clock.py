"""The tournaments' clock: each open tournament's next time — its start time while in sign-up,
its round's deadline while running — and what is due then.

The times are stored on the tournament's row (``storage.tournaments``: the settings' start
time, ``round_deadline``); this keeps them in memory in one heap (``bot.timing.wake_heap``,
keyed by tournament id), as the turn clocks keep the games' wakes, and one task sleeps until
the soonest on the injectable clock. At that time ``due(tournament_id)`` runs as background
work (``spawn``: a shutdown lets it finish), one at a time; whoever changes a tournament tells
the clock its next time (:meth:`TournamentClock.schedule`). A tournament is looked at again
after :data:`AGAIN_AFTER` when its time is still passed once ``due`` returned (it failed).

The task is the clock's own, not background work (the watch shared with the turn clocks,
``bot.timing.watcher``): :meth:`TournamentClock.stop` ends it at shutdown, and waiting for the
bot to be idle never waits for it. Knows no Discord.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime

from bot.timing.clock import Clock
from bot.timing.watcher import AGAIN_AFTER, Spawn, Watcher

log = logging.getLogger(__name__)

__all__ = ["AGAIN_AFTER", "Due", "TournamentClock"]

Due = Callable[[int], Awaitable[datetime | None]]
"""``due(tournament_id)``: do what is due now; returns the tournament's next time (``None``:
none, it is over or waits for nobody's clock)."""


class TournamentClock(Watcher):
    """Watches the open tournaments' next times (see the module)."""

    def __init__(self, clock: Clock, due: Due, spawn: Spawn) -> None:
        super().__init__(clock, spawn, "tournament clock")
        self.due = due

    def schedule(self, tournament_id: int, at: datetime | None) -> None:
        """Look at ``tournament_id`` at ``at`` (``None``: no more)."""
        if self._stopped:
            return
        soonest = self._times.soonest()
        self._times.set(tournament_id, at)
        if at is not None:
            if soonest is None or (at, tournament_id) < soonest:
                self._nudge.set()
            self._run()

    async def _step(self) -> None:
        first = self._times.soonest()
        if first is not None and first[0] <= self.clock.now():
            self._times.pop()
            await self._hand_over(first[1], first[0], self._handle, f"tournament {first[1]} clock")
            return
        self._idle.set()
        await self._sleep(None if first is None else first[0])

    async def _handle(
        self, tournament_id: int, when: datetime, handled: asyncio.Future[None]
    ) -> None:
        """``tournament_id``'s time ``when`` came: do what is due, then watch its next."""
        try:
            try:
                after = await self.due(tournament_id)
            except Exception:
                log.exception("the clock of tournament %s failed", tournament_id)
                after = self.clock.now() + AGAIN_AFTER
            if after is not None and after <= when:  # still due: it failed, look again later
                after = max(after, self.clock.now() + AGAIN_AFTER)
            self.schedule(tournament_id, after)
        finally:
            if not handled.done():
                handled.set_result(None)
