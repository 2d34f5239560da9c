"""When the bot must next look at a running game by itself, and what is due then.

Every change that sets a game's deadline also stores its wake time (``GameRecord.wake_at``,
read soonest first from an index: ``storage.wakes``), decided here (:func:`wake_after`):

- the change's own time when an automatic player (or a person away) is to move, so that a
  stop before that move leaves it due at the next start;
- else the first reminder still to come before the deadline (``Deadlines.reminders``), else
  the deadline itself; none without a deadline.

The turn clocks (``bot.timing.turn_clocks``) keep in memory the wakes due soon and, at each,
ask :meth:`Wakes.due` what to do: the automatic moves, the timeout (once: it is made at the
version the deadline was for), a reminder (claimed first with :meth:`Wakes.claim_reminder`,
which moves the stored wake on: sent once, whatever the restarts), or nothing (the game moved
on; a wake left behind, say by the migration that brought wake times, is moved to the next).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from enum import StrEnum

import engine
from bot.service.deadlines import Deadlines, waiting_people
from bot.service.gate import Gate
from bot.service.live import LiveGames
from bot.service.snapshots import GameSnapshot
from storage import GameRecord, GameStatus, SeatChange, Storage


class Due(StrEnum):
    """What is due when a game's wake time comes."""

    NOTHING = "nothing"
    """The game moved on (or was woken early): its stored wake stands."""
    AUTOMATIC = "automatic"
    """An automatic player, or a person away, is to move."""
    TIMEOUT = "timeout"
    """The deadline passed."""
    REMINDER = "reminder"
    """A reminder of the deadline is due (claim it with :meth:`Wakes.claim_reminder`)."""


def automatic_due(record: GameRecord, state: engine.GameState) -> bool:
    """Whether an automatic player (or a person away) is to move now."""
    if engine.outcome(state) is not None:
        return False
    automatic = {s.seat for s in record.seats if s.played_automatically}
    return any(seat in automatic for seat in engine.deciding_seats(state))


def with_seat_change(record: GameRecord, change: SeatChange | None) -> GameRecord:
    """``record`` with ``change`` made to its seat (whether it is away, its timeouts)."""
    if change is None:
        return record
    seats = tuple(
        replace(s, timeouts=change.timeouts, away=change.away) if s.seat == change.seat else s
        for s in record.seats
    )
    return replace(record, seats=seats)


def wake_after(
    deadlines: Deadlines,
    record: GameRecord,
    state: engine.GameState,
    deadline: datetime | None,
    previous: GameRecord | None = None,
) -> datetime | None:
    """The wake time of ``record``'s game once ``state`` stands with ``deadline`` (see the
    module): now (``deadlines.clock``) when an automatic player is to move; else the first of
    ``deadlines.reminders`` not yet due before the change (``previous``, the game before it:
    while the same deadline runs on, a reminder due or sent stays so), else the deadline;
    ``None`` without a deadline or once the game is over."""
    now = deadlines.clock.now()
    if engine.outcome(state) is not None:
        return None
    if automatic_due(record, state):
        return now
    if deadline is None:
        return None
    since = now
    if previous is not None and previous.deadline == deadline and previous.wake_at is not None:
        since = previous.wake_at
    coming = [r for r in deadlines.reminders(record, deadline) if since <= r < deadline]
    return min(coming, default=deadline)


class Wakes:
    """What is due at a running game's wake time, over ``live`` and ``storage``; the time is
    ``deadlines.clock``'s."""

    def __init__(self, storage: Storage, gate: Gate, live: LiveGames, deadlines: Deadlines) -> None:
        self.storage = storage
        self.gate = gate
        self.live = live
        self.deadlines = deadlines

    async def due(self, game_id: int) -> tuple[Due, GameRecord]:
        """What is due now for ``game_id``, and its record. A wake left behind (passed, and
        nothing due) is moved to the next one first, so the record returned holds a wake
        to come, or none.

        Raises:
            UserError: no such game, or its stored state cannot be read.
        """
        snapshot = await self.live.snapshot(game_id)
        record, state = snapshot.record, snapshot.state
        now = self.deadlines.clock.now()
        wake = record.wake_at
        if record.status != GameStatus.ACTIVE or state is None or wake is None or wake > now:
            return Due.NOTHING, record
        if automatic_due(record, state):
            return Due.AUTOMATIC, record
        deadline = record.deadline
        if deadline is not None and deadline <= now:
            return Due.TIMEOUT, record
        if self._reminders_due(record, now):
            return Due.REMINDER, record
        async with self.gate.locked(game_id):  # left behind: on to the next one
            return Due.NOTHING, await self._move_on(game_id, now)

    def _reminders_due(self, record: GameRecord, now: datetime) -> list[datetime]:
        """The reminders of ``record``'s deadline due from its wake time until ``now``."""
        wake, deadline = record.wake_at, record.deadline
        if wake is None or deadline is None:
            return []
        return [r for r in self.deadlines.reminders(record, deadline) if wake <= r <= now]

    def _next(self, record: GameRecord, now: datetime) -> datetime | None:
        """The wake after ``now`` of ``record``'s deadline: its next reminder, or itself."""
        deadline = record.deadline
        if deadline is None:
            return None
        coming = [r for r in self.deadlines.reminders(record, deadline) if now < r < deadline]
        return min(coming, default=deadline)

    async def _move_on(self, game_id: int, now: datetime) -> GameRecord:
        """Move the stored wake of ``game_id`` (passed, nothing due) to its next (caller holds
        the game's lock); the game as it stands then."""
        snapshot = await self.live.snapshot(game_id)
        record = snapshot.record
        if record.wake_at is None or record.wake_at > now:
            return record
        moved = await self.storage.games.move_wake(
            game_id, version=record.version, read=record.wake_at, to=self._next(record, now)
        )
        if moved is None:  # changed by another process meanwhile: read afresh
            self.live.forget(game_id)
            return await self.live.record(game_id)
        self.live.remember(GameSnapshot(moved, snapshot.state))
        return moved

    async def claim_reminder(self, game_id: int) -> tuple[GameRecord, list[int]] | None:
        """Claim the reminder due now of ``game_id``: its stored wake moves on to the next
        (so no other try sends it again), and the game then and the seats of the people still
        waited for (not away) are returned; ``None`` when none is due any more (the game moved
        on, or the reminder was claimed already).

        Raises:
            UserError: the bot is shutting down, or the game's state cannot be read.
        """
        async with self.gate.locked(game_id):
            snapshot = await self.live.snapshot(game_id)
            record, state = snapshot.record, snapshot.state
            now = self.deadlines.clock.now()
            if record.status != GameStatus.ACTIVE or state is None or record.wake_at is None:
                return None
            if not self._reminders_due(record, now) or automatic_due(record, state):
                return None
            if record.deadline is not None and record.deadline <= now:
                return None  # the timeout is due instead
            moved = await self.storage.games.move_wake(
                game_id, version=record.version, read=record.wake_at, to=self._next(record, now)
            )
            if moved is None:
                self.live.forget(game_id)
                return None
            self.live.remember(GameSnapshot(moved, state))
            return moved, sorted(waiting_people(moved, state))
