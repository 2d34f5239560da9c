"""Turn clocks: each running game's clock wakes when the service says it next needs
attention — a reminder due, or a seat's bank running out (the automatic move).

What a deadline *is* is the service's (``bot.service.deadlines``: ``next_wakeup`` says when
and what; ``remind`` and ``timeout`` do it). This module only keeps time: one sleeping task
per game with a wake-up, replaced whenever the game's wake-up changes. Deadlines live in the
database, so a restart reloads them: :meth:`TurnClocks.catch_up` handles the ones that passed
while the bot was down first, in the order they fell. Time comes from the service's
injectable clock.

Keeping time knows no Discord: who hears of a reminder or a timeout is the caller's
(the bot pings the channel or writes a direct message, ``bot.messages.reminders``;
``cardroom play`` prints a line).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections.abc import Awaitable, Callable, Coroutine, Iterable
from typing import Any

from bot.service import GameService, Played
from bot.service.deadlines import Wakeup
from bot.service.reminders import Reminder
from bot.timing.clock import Clock
from bot.timing.retry import when_reachable
from storage import GameRecord, GameStatus, Storage

log = logging.getLogger(__name__)

Remind = Callable[[GameRecord, list[Reminder]], Coroutine[Any, Any, None]]
"""``remind(record, reminders)``: tell the people of the reminders' seats, still waited for,
how much time they have left (``bot.service.reminders.Reminder``)."""


class TurnClocks:
    """Watches every running game's clock.

    ``remind`` is awaited with the reminders due (:data:`Remind`); ``after_timeout(played)``
    with the moves a timeout made (the follow-ups: table, screens, pings). What a clock does
    when it rings (the reminder; the timeout and its follow-ups) runs as ``spawn``-ed
    background work, so a shutdown lets it finish instead of cancelling it with the sleeping
    clocks.
    """

    def __init__(
        self,
        storage: Storage,
        service: GameService,
        clock: Clock,
        after_timeout: Callable[[Played], Coroutine[Any, Any, None]],
        spawn: Callable[[Coroutine[Any, Any, None], str], None],
        remind: Remind,
    ) -> None:
        self.storage = storage
        self.service = service
        self.remind = remind
        self.clock = clock
        self.after_timeout = after_timeout
        self.spawn = spawn
        self._tasks: dict[int, tuple[Wakeup, asyncio.Task[None]]] = {}
        self._stopped = False

    def schedule(self, record: GameRecord) -> None:
        """Watch ``record``'s clock (or stop watching a game whose clock needs nothing); once
        stopped, nothing (a clock that rang just before the stop asks again)."""
        if self._stopped:
            return
        wakeup = self.service.next_wakeup(record) if record.status == GameStatus.ACTIVE else None
        current = self._tasks.get(record.id)
        if current is not None:
            if current[0] == wakeup and not current[1].done():
                return  # already watching this very wake-up
            current[1].cancel()
            del self._tasks[record.id]
        if wakeup is None:
            return
        task = asyncio.create_task(
            self._watch(record.id, wakeup), name=f"clock of game {record.id}"
        )
        self._tasks[record.id] = (wakeup, task)
        task.add_done_callback(functools.partial(self._forget, record.id))

    def _forget(self, game_id: int, task: asyncio.Task[None]) -> None:
        current = self._tasks.get(game_id)
        if current is not None and current[1] is task:
            del self._tasks[game_id]

    async def schedule_all(self) -> None:
        """Watch every running game with a deadline (at start-up)."""
        await self.catch_up(await self.storage.games.list_running_with_deadlines())

    async def catch_up(self, records: Iterable[GameRecord]) -> None:
        """At start-up: ring the clocks of ``records`` whose wake-up passed while the bot
        was down, one after another in the order they fell (each timeout committed before
        the next; the follow-ups in the background), then watch every clock."""
        await self.service.deadlines.ready()
        now = self.clock.now()
        waking = []
        for record in records:
            wakeup = self.service.next_wakeup(record)
            if wakeup is not None and wakeup.when <= now:
                waking.append((wakeup.when, not wakeup.timeout, record.id, wakeup))
            else:
                self.schedule(record)
        for _when, _reminder, game_id, wakeup in sorted(waking):
            try:
                await self._ring(game_id, wakeup, follow=self._spawned)
            except Exception:
                log.exception("the turn clock of game %s failed", game_id)

    async def stop(self) -> None:
        """Stop watching (shutdown); deadlines stay stored."""
        self._stopped = True
        tasks = [task for _wakeup, task in self._tasks.values()]
        self._tasks.clear()
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task

    def __len__(self) -> int:
        return len(self._tasks)

    async def _watch(self, game_id: int, wakeup: Wakeup) -> None:
        try:
            await self.clock.sleep_until(wakeup.when)
            self.spawn(self._ring(game_id, wakeup), f"clock of game {game_id}")
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the turn clock of game %s failed", game_id)

    async def _spawned(self, work: Coroutine[Any, Any, None], what: str) -> None:
        self.spawn(work, what)

    async def _awaited(self, work: Coroutine[Any, Any, None], _what: str) -> None:
        await work

    async def _ring(
        self,
        game_id: int,
        wakeup: Wakeup,
        follow: Callable[[Coroutine[Any, Any, None], str], Awaitable[None]] | None = None,
    ) -> None:
        """What is due at ``wakeup``: the timeout's moves, or the reminders; then what they
        lead to (``follow``: how that is run, awaited by default) and the next wake-up."""
        follow = follow or self._awaited
        if wakeup.timeout:
            await self._time_out(game_id, wakeup.version, follow)
        else:
            await self._remind(game_id, wakeup.version, follow)

    async def _time_out(
        self,
        game_id: int,
        version: int,
        follow: Callable[[Coroutine[Any, Any, None], str], Awaitable[None]],
    ) -> None:
        """A bank ran out at ``version``: the automatic moves, if the game is still where it
        was and the time is still up (a player may have gone away since), and their
        follow-ups (which watch the clock again); else the clock as stored."""
        played = await when_reachable(
            lambda: self.service.timeout(game_id, version), f"timeout of game {game_id}"
        )
        if played is None:  # nothing was due (or a failed try committed): watch what is stored
            stored = await when_reachable(
                lambda: self.service.record(game_id), f"turn clock of game {game_id}"
            )
            self.schedule(stored)
            return
        await follow(self.after_timeout(played), f"timeout of game {game_id}")

    async def _remind(
        self,
        game_id: int,
        version: int,
        follow: Callable[[Coroutine[Any, Any, None], str], Awaitable[None]],
    ) -> None:
        """Reminders are due: note them, watch the next wake-up, and say them."""
        reminded = await when_reachable(
            lambda: self.service.remind(game_id, version), f"reminder of game {game_id}"
        )
        if reminded is None:
            stored = await when_reachable(
                lambda: self.service.record(game_id), f"turn clock of game {game_id}"
            )
            self.schedule(stored)
            return
        self.schedule(reminded.record)
        await follow(
            self.remind(reminded.record, reminded.reminders), f"reminder of game {game_id}"
        )
