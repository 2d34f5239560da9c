"""The tournaments' clock: each open tournament's next time — its start time while in sign-up,
its round's deadline while running — and what is due then.

The times are stored on the tournament's row (``storage.tournaments``: the settings' start
time, ``round_deadline``); this keeps them in memory in one heap (``bot.timing.wake_heap``,
keyed by tournament id), as the turn clocks keep the games' wakes, and one task sleeps until
the soonest on the injectable clock. At that time ``due(tournament_id)`` runs as background
work (``spawn``: a shutdown lets it finish), one at a time; whoever changes a tournament tells
the clock its next time (:meth:`TournamentClock.schedule`). A tournament is looked at again
after :data:`AGAIN_AFTER` when its time is still passed once ``due`` returned (it failed).

The task is the clock's own, not background work: :meth:`TournamentClock.stop` ends it at
shutdown, and waiting for the bot to be idle never waits for it. Knows no Discord.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Coroutine
from datetime import datetime, timedelta
from typing import Any

from bot.timing.clock import Clock
from bot.timing.wake_heap import WakeHeap

log = logging.getLogger(__name__)

AGAIN_AFTER = timedelta(minutes=1)
"""A tournament whose time is still passed once its due work ran is looked at again after
this (the work failed, say the database was away)."""

Due = Callable[[int], Awaitable[datetime | None]]
"""``due(tournament_id)``: do what is due now; returns the tournament's next time (``None``:
none, it is over or waits for nobody's clock)."""


class TournamentClock:
    """Watches the open tournaments' next times (see the module)."""

    def __init__(
        self,
        clock: Clock,
        due: Due,
        spawn: Callable[[Coroutine[Any, Any, None], str], None],
    ) -> None:
        self.clock = clock
        self.due = due
        self.spawn = spawn
        self._times = WakeHeap()
        self._task: asyncio.Task[None] | None = None
        self._handling: asyncio.Future[None] | None = None
        self._nudge = asyncio.Event()
        self._idle = asyncio.Event()
        self._stopped = False

    def schedule(self, tournament_id: int, at: datetime | None) -> None:
        """Look at ``tournament_id`` at ``at`` (``None``: no more)."""
        if self._stopped:
            return
        soonest = self._times.soonest()
        self._times.set(tournament_id, at)
        if at is not None:
            if soonest is None or (at, tournament_id) < soonest:
                self._nudge.set()
            if self._task is None:
                self._task = asyncio.get_running_loop().create_task(
                    self._watch(), name="tournament clock"
                )

    def __len__(self) -> int:
        return len(self._times)

    async def caught_up(self) -> None:
        """Return once every time passed now has been handled (its due work done)."""
        if self._task is None:
            return
        self._idle.clear()
        self._nudge.set()
        await self._idle.wait()

    async def stop(self) -> None:
        """Stop watching (shutdown), after the tournament being handled; the times stay
        stored."""
        self._stopped = True
        task, self._task = self._task, None
        handling = self._handling
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        if handling is not None:
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await handling
        self._times.clear()
        self._idle.set()

    async def _watch(self) -> None:
        while True:
            try:
                await self._step()
            except asyncio.CancelledError:
                raise
            except Exception:  # never a reason to stop every tournament's clock
                log.exception("the tournament clock failed; going on")
                await self._sleep(self.clock.now() + AGAIN_AFTER)

    async def _step(self) -> None:
        first = self._times.soonest()
        if first is not None and first[0] <= self.clock.now():
            self._times.pop()
            handled = self._handling = asyncio.get_running_loop().create_future()
            self.spawn(self._handle(first[1], first[0], handled), f"tournament {first[1]} clock")
            try:
                await asyncio.shield(handled)
            finally:
                self._handling = None
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

    async def _sleep(self, until: datetime | None) -> None:
        """Return at ``until`` (``None``: never), or once a sooner time is scheduled."""
        self._nudge.clear()
        waits: set[asyncio.Future[Any]] = {asyncio.ensure_future(self._nudge.wait())}
        if until is not None:
            waits.add(asyncio.ensure_future(self.clock.sleep_until(until)))
        try:
            await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for wait in waits:
                wait.cancel()
