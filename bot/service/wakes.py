"""When the bot must next look at a running game by itself, and what is due then.

Every change that sets a game's clock (a move, a start, a take-back, a reminder noted, a
player going away or coming back) also stores its wake time (``GameRecord.wake_at``, read
soonest first from an index: ``storage.wakes``), decided here (:func:`wake_after`):

- the change's own time when an automatic player (or a person away) is to move, so that a
  stop before that move leaves it due at the next start;
- else the soonest of the waited seats' next events as the pace's banks stand
  (``Deadlines.next_wakeup``: a reminder at half a bank or an hour before its end, not noted
  yet, or a bank running out); none without a pace or once nobody is waited for.

The turn clocks (``bot.timing.turn_clocks``) keep in memory the wakes due soon and, at each,
ask :meth:`Wakes.due` what to do: the automatic moves, the timeout (once: it is made at the
version read, and only for the seats whose bank ran out), a reminder (claimed with
``bot.service.reminders.Reminding.claim``, which notes it with the seats' banks and moves the
stored wake on by compare-and-set: said once, whatever the restarts), or nothing (the game
moved on, or a player went away meanwhile; a wake left behind, say by the migration that
brought wake times, is moved to the next).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from datetime import datetime
from enum import StrEnum

import engine
from bot.service.deadlines import Deadlines
from bot.service.gate import Gate
from bot.service.live import LiveGames
from bot.service.snapshots import GameSnapshot
from storage import GameRecord, GameStatus, SeatBank, Storage


class Due(StrEnum):
    """What is due when a game's wake time comes."""

    NOTHING = "nothing"
    """The game moved on (or was woken early): its stored wake stands."""
    AUTOMATIC = "automatic"
    """An automatic player, or a person away, is to move."""
    TIMEOUT = "timeout"
    """The deadline passed."""
    REMINDER = "reminder"
    """A reminder of a seat's bank is due (claim it: ``bot.service.reminders``)."""


def automatic_due(record: GameRecord, state: engine.GameState) -> bool:
    """Whether an automatic player (or a person away) is to move now."""
    if engine.outcome(state) is not None:
        return False
    automatic = {s.seat for s in record.seats if s.played_automatically}
    return any(seat in automatic for seat in engine.deciding_seats(state))


def with_banks(
    record: GameRecord, banks: Iterable[SeatBank], deadline: datetime | None
) -> GameRecord:
    """``record`` as a change leaves it: its seats with ``banks`` (``storage.SeatBank``, the
    seats a change's clock changes) and its ``deadline``."""
    by_seat = {bank.seat: bank for bank in banks}
    seats = tuple(
        replace(s, bank_ms=b.bank_ms, bank_since=b.since, reminders=b.reminders)
        if (b := by_seat.get(s.seat)) is not None
        else s
        for s in record.seats
    )
    return replace(record, seats=seats, deadline=deadline)


def wake_after(
    deadlines: Deadlines, record: GameRecord, state: engine.GameState
) -> datetime | None:
    """The wake time of ``record``'s game (its seats, banks and deadline as the change leaves
    them: :func:`with_banks`) once ``state`` stands (see the module): now (``deadlines.clock``)
    when an automatic player is to move; else the soonest reminder not noted yet or bank
    running out of the seats waited for; ``None`` without one, or once the game is over.
    Needs the away times at hand (``await deadlines.ready()``)."""
    if engine.outcome(state) is not None:
        return None
    if automatic_due(record, state):
        return deadlines.clock.now()
    wakeup = deadlines.next_wakeup(replace(record, status=GameStatus.ACTIVE))
    return None if wakeup is None else wakeup.when


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
        nothing due: the game was woken early, a player went away meanwhile) is moved to the
        next one first, so the record returned holds a wake to come, or none.

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
        await self.deadlines.ready()
        if self.deadlines.timed_out(record, state):
            return Due.TIMEOUT, record
        if self.deadlines.reminders_due(record, state):
            return Due.REMINDER, record
        async with self.gate.locked(game_id):  # left behind: on to the next one
            return Due.NOTHING, await self._move_on(game_id, now)

    def _next(self, record: GameRecord) -> datetime | None:
        """The next wake of ``record`` as its banks stand (see :func:`wake_after`)."""
        wakeup = self.deadlines.next_wakeup(record)
        return None if wakeup is None else wakeup.when

    async def _move_on(self, game_id: int, now: datetime) -> GameRecord:
        """Move the stored wake of ``game_id`` (passed, nothing due) to its next (caller holds
        the game's lock); the game as it stands then."""
        snapshot = await self.live.snapshot(game_id)
        record = snapshot.record
        if record.wake_at is None or record.wake_at > now:
            return record
        moved = await self.storage.games.move_wake(
            game_id, version=record.version, read=record.wake_at, to=self._next(record)
        )
        if moved is None:  # changed by another process meanwhile: read afresh
            self.live.forget(game_id)
            return await self.live.record(game_id)
        self.live.remember(GameSnapshot(moved, snapshot.state))
        return moved
