"""Turn clocks: a reminder at half time, the automatic move at the deadline.

One sleeping task per game with a deadline, replaced whenever the game's deadline changes.
Deadlines live in the database, so a restart reloads them (``schedule_all``); one that passed
while the bot was down fires at once. Time comes from the service's injectable clock.

Keeping time knows no Discord: who hears of a reminder or a timeout is the caller's
(the bot pings the channel, ``bot.messages.reminders``; ``cardroom play`` prints a line).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import math
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from datetime import timedelta
from typing import Any

from bot.i18n import Translator
from bot.service import GameService, Played
from bot.service.deadlines import waiting_people
from bot.timing.clock import Clock
from bot.timing.retry import when_reachable
from storage import GameRecord, GameStatus, Storage

log = logging.getLogger(__name__)


def duration_text(seconds: float, _: Translator) -> str:
    """A time left, rounded up: ``30`` -> "30 s" (seconds under a minute), ``90`` -> "2 min",
    ``7200`` -> "2 h"; never less than "1 s"."""
    whole = max(1, math.ceil(seconds))
    if whole < 60:
        return _("{seconds} s", seconds=whole)
    minutes = -(-whole // 60)
    if minutes < 60:
        return _("{minutes} min", minutes=minutes)
    return _("{hours} h", hours=-(-minutes // 60))


def reminder_text(game_id: int, players: Sequence[str], left: float, _: Translator) -> str:
    """The half-time reminder of game ``game_id`` to ``players`` (their names as shown), with
    ``left`` seconds to go."""
    return _(
        "⏳ {players}: half your time for game #{game} is gone — {left} left, then the "
        "automatic player moves for you.",
        players=", ".join(players),
        game=game_id,
        left=duration_text(left, _),
    )


Remind = Callable[[GameRecord, list[int], float], Awaitable[None]]
"""``remind(record, seats, left)``: tell the people of ``seats``, still waited for at half
time, that ``left`` seconds remain (see :func:`reminder_text`)."""


class TurnClocks:
    """Watches every running game's deadline.

    ``remind`` is awaited at half time (:data:`Remind`); ``after_timeout(played)`` with the
    moves a timeout made (the follow-ups: table, screens, pings). What a clock does when it
    rings (the reminder; the timeout and its follow-ups) runs as ``spawn``-ed background
    work, so a shutdown lets it finish instead of cancelling it with the sleeping clocks.
    """

    def __init__(
        self,
        storage: Storage,
        service: GameService,
        clock: Clock,
        after_timeout: Callable[[Played], Awaitable[None]],
        spawn: Callable[[Coroutine[Any, Any, None], str], None],
        remind: Remind,
    ) -> None:
        self.storage = storage
        self.service = service
        self.remind = remind
        self.clock = clock
        self.after_timeout = after_timeout
        self.spawn = spawn
        self._tasks: dict[int, tuple[int, asyncio.Task[None]]] = {}

    def schedule(self, record: GameRecord) -> None:
        """Watch ``record``'s deadline (or stop watching a game without one)."""
        current = self._tasks.get(record.id)
        if current is not None:
            if current[0] == record.version and not current[1].done():
                return  # already watching this very deadline
            current[1].cancel()
            del self._tasks[record.id]
        if record.deadline is None or record.status != GameStatus.ACTIVE:
            return
        task = asyncio.create_task(self._watch(record), name=f"clock of game {record.id}")
        self._tasks[record.id] = (record.version, task)
        task.add_done_callback(functools.partial(self._forget, record.id))

    def _forget(self, game_id: int, task: asyncio.Task[None]) -> None:
        current = self._tasks.get(game_id)
        if current is not None and current[1] is task:
            del self._tasks[game_id]

    async def schedule_all(self) -> None:
        """Watch every running game with a deadline (at start-up)."""
        for record in await self.storage.games.list_running_with_deadlines():
            self.schedule(record)

    async def stop(self) -> None:
        """Stop watching (shutdown); deadlines stay stored."""
        tasks = [task for _version, task in self._tasks.values()]
        self._tasks.clear()
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task

    def __len__(self) -> int:
        return len(self._tasks)

    async def _watch(self, record: GameRecord) -> None:
        try:
            deadline = record.deadline
            assert deadline is not None and record.turn_clock is not None
            half = deadline - timedelta(seconds=record.turn_clock / 2)
            if self.clock.now() < half:
                await self.clock.sleep_until(half)
                self.spawn(self._remind(record), f"reminder of game {record.id}")
            await self.clock.sleep_until(deadline)
            self.spawn(self._time_out(record), f"timeout of game {record.id}")
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the turn clock of game %s failed", record.id)

    async def _time_out(self, record: GameRecord) -> None:
        """The deadline of ``record`` (as scheduled) passed: the automatic move, if the game
        is still where it was, and its follow-ups."""
        failed: list[Exception] = []
        played = await when_reachable(
            lambda: self.service.timeout(record.id, record.version),
            f"timeout of game {record.id}",
            retried=failed,
        )
        if played is None and failed:  # a failed try may have committed: watch what is stored
            stored = await when_reachable(
                lambda: self.service.record(record.id), f"turn clock of game {record.id}"
            )
            self.schedule(stored)
        if played is not None:
            await self.after_timeout(played)

    async def _remind(self, record: GameRecord) -> None:
        """Half the time is gone: remind the people still waited for."""
        snapshot = await self.service.snapshot(record.id)
        now = snapshot.record
        if now.version != record.version or snapshot.state is None:
            return
        seats = sorted(waiting_people(now, snapshot.state))
        if not seats:
            return
        assert now.deadline is not None
        await self.remind(now, seats, (now.deadline - self.clock.now()).total_seconds())
