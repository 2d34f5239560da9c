"""Time banks: the arithmetic of a seat's time under a pace (``bot.service.paces``).

Pure functions over a game's stored seats and the times its players are away; no I/O. A
seat's bank (``Seat.bank_ms``, milliseconds) runs from ``Seat.bank_since`` — when the game
began to wait for the seat — except while its player is away (turn-based paces only: away
time is a list of ``(start, end)`` intervals). The seat times out when the bank is spent;
it is reminded when half of it is spent, and an hour before it is (a bank of more than two
hours). A turn of the seat gives it ``per_move`` more, up to the cap, once the turn is over
(its moves until the game waits for another seat: ``bot.service.deadlines``); under real time
every decision starts with the whole clock instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from storage import GameRecord, Seat, SeatBank

Interval = tuple[datetime, datetime]
"""A time a player is away: ``(start, end)``."""

LAST_REMINDER = timedelta(hours=1)
"""The second reminder comes this long before a bank runs out (a bank over twice as long)."""


@dataclass(frozen=True)
class BankRules:
    """A pace's arithmetic, in milliseconds: what a turn adds (``per_move``), the bank at
    the start (``start``) and at most (``cap``); ``turn_based``: away time pauses it (else
    every decision starts with ``per_move``, the whole clock)."""

    per_move: int
    start: int
    cap: int
    turn_based: bool


def rules_of(record: GameRecord) -> BankRules | None:
    """The bank arithmetic of ``record``'s pace (``None``: no pace)."""
    if record.turn_clock is None:
        return None
    per_move = record.turn_clock * 1000
    if record.bank_start is None or record.bank_cap is None:
        return BankRules(per_move, per_move, per_move, False)
    return BankRules(per_move, record.bank_start * 1000, record.bank_cap * 1000, True)


def running(since: datetime, until: datetime, away: Sequence[Interval] = ()) -> float:
    """Seconds between ``since`` and ``until`` that are not in ``away`` (0 if ``until``
    is not later)."""
    total = (until - since).total_seconds()
    if total <= 0:
        return 0.0
    for start, end in away:
        overlap = (min(end, until) - max(start, since)).total_seconds()
        if overlap > 0:
            total -= overlap
    return max(0.0, total)


def when_spent(since: datetime, seconds: float, away: Sequence[Interval] = ()) -> datetime:
    """The moment at which ``seconds`` of running time (see :func:`running`) have passed
    since ``since``: later by every away interval met on the way."""
    moment, left = since, max(0.0, seconds)
    for start, end in sorted(away):
        if end <= moment:
            continue
        start = max(start, moment)
        before = (start - moment).total_seconds()
        if before >= left:
            break
        left -= before
        moment = end
    return moment + timedelta(seconds=left)


def merged(intervals: Sequence[Interval]) -> list[Interval]:
    """``intervals`` sorted, the overlapping ones made one."""
    out: list[Interval] = []
    for start, end in sorted(intervals):
        if out and start <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], end))
        else:
            out.append((start, end))
    return out


@dataclass(frozen=True)
class SeatClock:
    """The clock of a seat the game waits for.

    Attributes:
        seat: the seat number.
        since: when the wait began.
        bank_ms: the bank then, in milliseconds.
        reminders: the reminders sent in this wait.
        deadline: when the bank runs out (away time included).
        reminder_times: when each reminder is due, in order: half the bank spent, and (a
            bank of more than two hours) an hour before it runs out.
    """

    seat: int
    since: datetime
    bank_ms: int
    reminders: int
    deadline: datetime
    reminder_times: tuple[datetime, ...]

    def left(self, now: datetime, away: Sequence[Interval] = ()) -> float:
        """Seconds of the bank left at ``now`` (0 once spent)."""
        return max(0.0, self.bank_ms / 1000 - running(self.since, now, away))

    def due_reminder(self, now: datetime) -> int | None:
        """The index of the latest reminder due at ``now`` and not sent yet (``None``: none);
        the ones before it, missed (a stop of the bot), are not sent any more."""
        due = [i for i, at in enumerate(self.reminder_times) if at <= now and i >= self.reminders]
        return due[-1] if due and now < self.deadline else None

    def next_event(self, now: datetime) -> tuple[datetime, bool]:
        """The next moment this clock needs attention, seen at ``now``: ``(when, timeout)``
        — the deadline once it has passed (``timeout`` true); else a reminder not sent yet,
        the latest of those already due (:meth:`due_reminder`) or the next to come; else
        the deadline."""
        if self.deadline <= now:
            return self.deadline, True
        pending = [at for i, at in enumerate(self.reminder_times) if i >= self.reminders]
        due = [at for at in pending if at <= now]
        if due:
            return due[-1], False
        if pending:
            return pending[0], False
        return self.deadline, True


def seat_clock(seat: Seat, rules: BankRules, away: Sequence[Interval] = ()) -> SeatClock | None:
    """The clock of ``seat`` as stored (``None``: no wait began, ``bank_since`` is unset;
    a seat stored before banks existed has :func:`legacy_clock`); ``away`` counts only under
    a turn-based pace."""
    away = away if rules.turn_based else ()
    bank = rules.start if seat.bank_ms is None else seat.bank_ms
    since = seat.bank_since
    if since is None:
        return None
    deadline = when_spent(since, bank / 1000, away)
    times = [when_spent(since, bank / 2000, away)]
    if bank > 2 * LAST_REMINDER.total_seconds() * 1000:
        times.append(when_spent(since, bank / 1000 - LAST_REMINDER.total_seconds(), away))
    return SeatClock(seat.seat, since, bank, seat.reminders, deadline, tuple(times))


def legacy_clock(record: GameRecord, seat: int, rules: BankRules) -> SeatClock | None:
    """The clock of a waited seat of a game stored before banks existed: the game's stored
    deadline, the whole clock before it (``None`` without a deadline)."""
    if record.deadline is None:
        return None
    since = record.deadline - timedelta(milliseconds=rules.start)
    half = since + timedelta(milliseconds=rules.start / 2)
    return SeatClock(seat, since, rules.start, 0, record.deadline, (half,))


def bank_after(
    seat: Seat, rules: BankRules, now: datetime, away: Sequence[Interval], *, moved: bool
) -> int:
    """Milliseconds in ``seat``'s bank once the game stops waiting for it at ``now``: what
    was left, plus ``per_move`` when the seat itself ``moved`` (a timeout's move too), at most
    the cap; under real time, the whole clock."""
    if not rules.turn_based:
        return rules.per_move
    bank = rules.start if seat.bank_ms is None else seat.bank_ms
    if seat.bank_since is not None:
        used = running(seat.bank_since, now, away) * 1000
        bank = max(0, round(bank - used))
    if moved:
        bank += rules.per_move
    return min(bank, rules.cap)


def stored_as(seat: Seat) -> SeatBank:
    """What ``seat``'s bank columns hold now, as a :class:`SeatBank`."""
    return SeatBank(seat.seat, seat.bank_ms or 0, seat.bank_since, seat.reminders)


def as_before(seat: Seat, rules: BankRules) -> SeatBank:
    """``seat``'s bank columns as they stand, the pace's start for a bank never set (what a
    take-back gives back: ``bot.service.undo``)."""
    bank = rules.start if seat.bank_ms is None else seat.bank_ms
    return SeatBank(seat.seat, bank, seat.bank_since, seat.reminders)
