"""Turn clocks: the reminders of a seat's time bank (at half of it, an hour before its end),
the automatic move when a bank runs out, and the automatic players' moves a stop left due.

What a deadline *is* is the service's (``bot.service.deadlines``: the pace's per-seat banks,
away time; ``bot.service.wakes``: what is due at a wake). Each running game stores when the
bot must next look at it by itself (its wake time, decided by ``bot.service.wakes``, indexed
in storage). One task watches them all: a heap of the wakes
due within the hour (:data:`LOOKAHEAD`), read from storage soonest first (:data:`BATCH` at a
time, so a start with thousands of games due reads them as it goes) and topped up from the
follow-ups of every change (:meth:`TurnClocks.schedule`), woken by the soonest. So a process
holds what is due soon, not a task per running game, and a start reads what is due instead of
every game: wakes that passed while the bot was down are handled first, in the order of their
times, one at a time (the service's version checks make each timeout happen once). Time
comes from the service's injectable clock.

Keeping time knows no Discord: who hears of a reminder or a timeout is the caller's
(the bot pings the channel or writes a direct message, ``bot.messages.reminders``;
``cardroom play`` prints a line).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta

from bot.service import Due, GameService, Played
from bot.service.errors import UserError
from bot.service.reminders import Reminder
from bot.timing.clock import Clock
from bot.timing.retry import when_reachable
from bot.timing.watcher import AGAIN_AFTER, Spawn, Watcher
from storage import GameRecord, GameStatus, Storage, Wake

log = logging.getLogger(__name__)


Remind = Callable[[GameRecord, list[Reminder]], Awaitable[None]]
"""``remind(record, reminders)``: tell the people of the reminders' seats, still waited for,
how much time they have left (``bot.service.reminders.Reminder``)."""


LOOKAHEAD = timedelta(hours=1)
"""The wakes kept in memory: those due within this (the later ones are read from storage as
their time comes near)."""

BATCH = 1_000
"""Wakes read from storage at a time."""

WakeLoader = Callable[[tuple[datetime, int] | None, datetime, int], Awaitable[list[Wake]]]
"""``load(after, until, limit)``: the stored wakes of this process's running games after the
wake ``after`` (``(time, game id)``; ``None``: from the first) until ``until``, soonest first,
at most ``limit`` (``storage.games.due_wakes``)."""

_FIRST = datetime.min.replace(tzinfo=UTC)
_LAST_ID = 2**63 - 1


class TurnClocks(Watcher):
    """Watches the running games' wake times (see the module).

    ``remind`` is awaited for a reminder (:data:`Remind`); ``after_timeout(played)`` with the
    moves a timeout made, or the automatic moves a wake made (the follow-ups: table, screens,
    pings). Both run as ``spawn``-ed background work, so a shutdown lets them finish. Without
    :meth:`start` (``cardroom play``), only the games given to :meth:`schedule` are watched.
    """

    def __init__(
        self,
        storage: Storage,
        service: GameService,
        clock: Clock,
        after_timeout: Callable[[Played], Awaitable[None]],
        spawn: Spawn,
        remind: Remind,
    ) -> None:
        super().__init__(clock, spawn, "turn clocks")
        self.storage = storage
        self.service = service
        self.remind = remind
        self.after_timeout = after_timeout
        self._load: WakeLoader | None = None
        self._loaded_to: tuple[datetime, int] | None = None  # None: every wake is kept
        self._loading: dict[int, datetime | None] | None = None  # scheduled during a load

    def schedule(self, record: GameRecord) -> None:
        """Watch ``record``'s stored wake time (or stop watching a game without one)."""
        at = record.wake_at if record.status == GameStatus.ACTIVE else None
        if self._loading is not None:
            self._loading[record.id] = at
        self._keep(record.id, at)

    def _keep(self, game_id: int, at: datetime | None, *, again: bool = False) -> None:
        """Keep ``at`` as ``game_id``'s wake, unless it is past what was read from storage
        (it is read again when its time comes near) and not a look ``again`` at a wake
        stored as passed (which storage would not give again)."""
        loaded = self._loaded_to
        if at is not None and loaded is not None and (at, game_id) > loaded and not again:
            at = None
        soonest = self._times.soonest()
        self._times.set(game_id, at)
        if at is not None:
            if soonest is None or (at, game_id) < soonest:
                self._nudge.set()
            self._run()

    async def start(self, load: WakeLoader) -> None:
        """Read the stored wakes due within :data:`LOOKAHEAD` (the ones already passed
        first; at most :data:`BATCH` now, the rest as they are reached) and watch them."""
        self._load = load
        self._loaded_to = (_FIRST, 0)
        await when_reachable(self._read, "reading the turn clocks")
        self._run()

    async def _read(self) -> None:
        """Read the next stored wakes (see :meth:`start`)."""
        assert self._load is not None and self._loaded_to is not None
        until = self.clock.now() + LOOKAHEAD
        after = None if self._loaded_to[0] == _FIRST else self._loaded_to
        self._loading = {}
        try:
            wakes = await self._load(after, until, BATCH)
        finally:
            scheduled, self._loading = self._loading, None
        if len(wakes) >= BATCH:
            self._loaded_to = (wakes[-1].at, wakes[-1].game_id)
        else:
            self._loaded_to = (until, _LAST_ID)
        for wake in wakes:
            self._times.merge(wake.game_id, wake.at)
        for game_id, at in scheduled.items():  # newer than what was read
            self._keep(game_id, at)

    async def _step(self) -> None:
        """Handle the soonest wake if due, read more from storage if need be, else sleep
        until the soonest (or until a sooner one is scheduled)."""
        now = self.clock.now()
        first = self._times.soonest()  # never past what was read (see _keep)
        loaded = self._loaded_to
        due = first is not None and first[0] <= now
        if loaded is not None and loaded[0] <= now + LOOKAHEAD / 2 and not due:
            await when_reachable(self._read, "reading the turn clocks")
            return
        if first is not None and due:
            self._times.pop()
            await self._hand_over(first[1], first[0], self._wake, f"turn clock of game {first[1]}")
            return
        self._idle.set()
        until = None if first is None else first[0]
        if loaded is not None:
            top_up = loaded[0] - LOOKAHEAD / 2
            until = top_up if until is None else min(until, top_up)
        await self._sleep(until)

    async def _wake(self, game_id: int, when: datetime, handled: asyncio.Future[None]) -> None:
        """``game_id``'s wake of ``when`` came: do what is due, then watch its next one
        (``handled`` is done then)."""
        try:
            await self._handle(game_id, when)
        finally:
            if not handled.done():
                handled.set_result(None)

    async def _handle(self, game_id: int, when: datetime) -> None:
        what = f"turn clock of game {game_id}"
        try:
            due, record = await when_reachable(lambda: self.service.due(game_id), what)
            if due is Due.TIMEOUT:
                await self._time_out(record)
            elif due is Due.AUTOMATIC:
                self.spawn(self._automatic(game_id), f"automatic moves of game {game_id}")
            elif due is Due.REMINDER:
                await self._remind(game_id)
            stored = await when_reachable(lambda: self.service.record(game_id), what)
        except UserError as exc:  # shutting down, or a game that cannot be read (logged)
            log.info("%s: %s", what, exc.msgid)
            return
        except Exception:
            log.exception("the turn clock of game %s failed", game_id)
            self._keep(game_id, self.clock.now() + AGAIN_AFTER, again=True)
            return
        at = stored.wake_at if stored.status == GameStatus.ACTIVE else None
        if at is not None and at <= when:  # still due: not done yet, or failed
            self._keep(game_id, max(at, self.clock.now() + AGAIN_AFTER), again=True)
        else:
            self._keep(game_id, at)

    async def _time_out(self, record: GameRecord) -> None:
        """The deadline of ``record`` (as read) passed: the automatic player moves for the
        people waited for, if the game is still where it was, then its follow-ups."""
        played = await when_reachable(
            lambda: self.service.timeout(record.id, record.version), f"timeout of game {record.id}"
        )
        if played is not None:
            self.spawn(self._follow(played), f"timeout of game {record.id}")

    async def _automatic(self, game_id: int) -> None:
        """An automatic player was to move when the game's wake came (a stop came first)."""
        played = await when_reachable(
            lambda: self.service.play_automatic(game_id), f"automatic moves of game {game_id}"
        )
        if played is not None:
            await self.after_timeout(played)

    async def _remind(self, game_id: int) -> None:
        """A reminder is due: claim it (noted with the seats' banks, so it is said once), and
        remind the people still waited for."""
        claimed = await when_reachable(
            lambda: self.service.claim_reminder(game_id), f"reminder of game {game_id}"
        )
        if claimed is None or not claimed.reminders:
            return
        self.spawn(self._tell(claimed.record, claimed.reminders), f"reminder of game {game_id}")

    async def _follow(self, played: Played) -> None:
        await self.after_timeout(played)

    async def _tell(self, record: GameRecord, reminders: list[Reminder]) -> None:
        await self.remind(record, reminders)
