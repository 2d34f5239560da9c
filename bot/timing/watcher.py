"""One task that watches a heap of times (``bot.timing.wake_heap``) on an injectable clock and
hands each due one to background work, one at a time: the shared loop of the turn clocks
(``bot.timing.turn_clocks``, keyed by game) and the tournaments' clock
(``bot.timing.tournament_clock``, keyed by tournament).

The task is the watcher's own, not background work: :meth:`Watcher.stop` ends it at shutdown
(after the due work being handled), and waiting for the bot to be idle never waits for it. A
failure of one step is logged and the watch goes on :data:`AGAIN_AFTER` later: nothing ever
stops every clock. Knows no Discord.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Coroutine
from datetime import datetime, timedelta
from typing import Any

from bot.timing.clock import Clock
from bot.timing.wake_heap import WakeHeap

log = logging.getLogger(__name__)

AGAIN_AFTER = timedelta(minutes=1)
"""A key still due once its work was handled (the work failed, say the database was away, or
runs on in the background) is looked at again after this; so is the watch after a failed step."""

Spawn = Callable[[Coroutine[Any, Any, None], str], None]
"""``spawn(work, what)``: run ``work`` as background work (a shutdown lets it finish)."""

Handle = Callable[[int, datetime, "asyncio.Future[None]"], Coroutine[Any, Any, None]]
"""``handle(key, when, handled)``: the work due for ``key`` at ``when``; sets ``handled``'s
result once the watch may go on."""


class Watcher:
    """The watch over ``_times`` (a :class:`WakeHeap` of keys and their times): subclasses
    say what one step is (:meth:`_step`, usually :meth:`_sleep` until the soonest, or
    :meth:`_hand_over` of a due key) and keep their times with :meth:`_run`.

    ``name``: the task's name and how the log calls the watch.
    """

    def __init__(self, clock: Clock, spawn: Spawn, name: str) -> None:
        self.clock = clock
        self.spawn = spawn
        self.name = name
        self._times = WakeHeap()
        self._task: asyncio.Task[None] | None = None
        self._handling: asyncio.Future[None] | None = None
        self._nudge = asyncio.Event()
        self._idle = asyncio.Event()
        self._stopped = False

    def __len__(self) -> int:
        return len(self._times)

    def _run(self) -> None:
        """Start the watch, unless it runs or was stopped."""
        if self._task is None and not self._stopped:
            self._task = asyncio.get_running_loop().create_task(self._watch(), name=self.name)

    async def caught_up(self) -> None:
        """Return once every time passed now has been handled (its due work done), or the
        watch has stopped."""
        if self._task is None:
            return
        self._idle.clear()
        self._nudge.set()
        await self._idle.wait()

    async def stop(self) -> None:
        """Stop watching (shutdown), after the work being handled; the times stay stored
        wherever they are stored, and whoever waits in :meth:`caught_up` returns."""
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
            except Exception:  # never a reason to stop every clock
                log.exception("the %s failed; going on", self.name)
                await self._sleep(self.clock.now() + AGAIN_AFTER)

    async def _step(self) -> None:
        """One step of the watch (see the class)."""
        raise NotImplementedError

    async def _hand_over(self, key: int, when: datetime, handle: Handle, what: str) -> None:
        """Run ``handle(key, when, handled)`` as background work (``what``), and wait here
        until it says ``handled``: one due time at a time, and a shutdown lets it finish."""
        handled = self._handling = asyncio.get_running_loop().create_future()
        self.spawn(handle(key, when, handled), what)
        try:
            await asyncio.shield(handled)
        finally:
            self._handling = None

    async def _sleep(self, until: datetime | None) -> None:
        """Return at ``until`` (``None``: never), or once a sooner time is scheduled (the
        ``_nudge``)."""
        self._nudge.clear()
        waits: set[asyncio.Future[Any]] = {asyncio.ensure_future(self._nudge.wait())}
        if until is not None:
            waits.add(asyncio.ensure_future(self.clock.sleep_until(until)))
        try:
            await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for wait in waits:
                wait.cancel()
