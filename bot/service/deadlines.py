"""The pace's deadlines: what each change of a running game does to its seats' time banks,
when a waited seat times out or is reminded, and when a game's clock next needs attention.

The arithmetic is ``bot.service.banks``'; the times players are away come from ``away``
(``bot.service.away.AwayTimes``). Time comes from the clock given (``bot.timing.clock.Clock``
is one; the service needs only its ``now``), so tests of day-long banks run in seconds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Protocol

import engine
from bot.service.banks import (
    BankRules,
    Interval,
    SeatClock,
    bank_after,
    legacy_clock,
    rules_of,
    seat_clock,
    stored_as,
)
from storage import GameRecord, GameStatus, Seat, SeatBank


class Now(Protocol):
    """What the service needs of a clock: the current time."""

    def now(self) -> datetime:
        """The current time (timezone-aware UTC)."""
        ...


class SystemNow:
    """The real time."""

    def now(self) -> datetime:
        """The current time (timezone-aware UTC)."""
        return datetime.now(UTC)


class AwayWindows(Protocol):
    """Where the deadlines learn when players are away (``bot.service.away.AwayTimes``)."""

    def windows(self, guild_id: int, user_id: int) -> Sequence[Interval]:
        """The times ``user_id`` is (or was) away in ``guild_id``."""
        ...

    async def ensure(self) -> None:
        """Have them at hand (read once)."""
        ...


class NobodyAway:
    """No player is ever away (a service without away times)."""

    async def ensure(self) -> None:
        """Nothing to read."""

    def windows(self, guild_id: int, user_id: int) -> Sequence[Interval]:
        """None."""
        return ()


def waiting_people(record: GameRecord, state: engine.GameState) -> dict[int, int]:
    """The seats of people (not away) the game waits for, with their decision stamps."""
    people = {s.seat for s in record.seats if s.is_human and not s.away}
    return {
        d.seat: d.since for d in engine.decisions(state) if d.seat in people and d.committed is None
    }


@dataclass(frozen=True)
class ClockChange:
    """What a change does to a game's clock: its new ``deadline`` (``None``: none) and the
    seats' banks that change (``storage.SeatBank``), both committed with the change."""

    deadline: datetime | None
    banks: tuple[SeatBank, ...] = ()


@dataclass(frozen=True)
class Wakeup:
    """When a running game's clock next needs attention: at ``when``, a seat's bank runs
    out (``timeout``) or a reminder is due; computed at the game's ``version``."""

    when: datetime
    timeout: bool
    version: int


@dataclass(frozen=True)
class SeatTime:
    """How a waited seat stands: ``left`` seconds of its bank, running out at ``deadline``;
    ``away_until``: its player is away until then (the bank does not run meanwhile)."""

    seat: int
    left: float
    deadline: datetime
    away_until: datetime | None = None


class Deadlines:
    """The pace's deadlines of every running game, by ``clock`` (default: the system's),
    with the away times of ``away``."""

    def __init__(self, clock: Now | None = None, away: AwayWindows | None = None) -> None:
        self.clock: Now = clock or SystemNow()
        self.away: AwayWindows = away or NobodyAway()

    async def ready(self) -> None:
        """Have the away times at hand (read once), before a change is decided."""
        await self.away.ensure()

    def _away(self, record: GameRecord, seat: Seat, rules: BankRules) -> Sequence[Interval]:
        if not rules.turn_based or seat.user_id is None:
            return ()
        return self.away.windows(record.guild_id, seat.user_id)

    def after(
        self,
        record: GameRecord,
        before: engine.GameState | None,
        after: engine.GameState,
        *,
        mover: int | None = None,
        previous: GameRecord | None = None,
        timeout: bool = False,
    ) -> ClockChange:
        """The clock once ``after`` stands, ``record`` holding the seats as the change leaves
        them (a player back, a seat away after timeouts) and their banks as they were
        (``before``: the state the change was applied to, ``previous`` the seats then,
        default ``record``'s; ``before`` ``None``: the start).

        A seat still waited for on the same decision keeps its clock (a simultaneous choice
        of others goes on), and so does, under a turn-based pace, the ``mover`` still waited
        for after its move: its turn goes on (as ``engine.undo`` says, a turn ends when the
        seat has no decision left), and one move's time is added once a turn, as Board Game
        Arena does — unless the move was a ``timeout``'s, after which the seat's next
        decision gets its own clock. A seat no longer waited for keeps what is left of its
        bank, and ``per_move`` more when it was the ``mover`` (a timeout's move too), up to
        the cap; a seat waited for anew starts its wait now (under real time, with the whole
        clock). The deadline is the earliest of the waited seats'; none without a pace, once
        the game is over, or when no person is waited for."""
        rules = rules_of(record)
        if rules is None:
            return ClockChange(None)
        now = self.clock.now()
        then = waiting_people(previous or record, before) if before is not None else {}
        over = engine.outcome(after) is not None
        waited = {} if over else waiting_people(record, after)
        banks: list[SeatBank] = []
        clocks: list[SeatClock] = []
        for seat in record.seats:
            number = seat.seat
            if number not in waited and number not in then:
                if seat.bank_since is not None:  # left, or played automatically now
                    banks.append(replace(stored_as(seat), since=None, reminders=0))
                continue
            away = self._away(record, seat, rules)
            if seat.bank_since is None and number in then:  # stored before banks existed
                legacy = legacy_clock(record, number, rules)
                if legacy is not None:
                    seat = replace(seat, bank_since=legacy.since, bank_ms=legacy.bank_ms)
            turn_goes_on = rules.turn_based and number == mover and not timeout
            same_wait = turn_goes_on or then.get(number) == waited.get(number)
            if number in waited and number in then and same_wait and seat.bank_since:
                clock = seat_clock(seat, rules, away)
                assert clock is not None
                clocks.append(clock)
                if seat.bank_ms is None or seat != record.seats[number] or turn_goes_on:
                    # (the turn's: written as it stands, so a take-back gives it back)
                    banks.append(stored_as(replace(seat, bank_ms=clock.bank_ms)))
                continue
            was_waited = number in then and seat.bank_since is not None
            bank = bank_after(seat, rules, now, away, moved=was_waited and number == mover)
            if number not in waited:
                banks.append(SeatBank(number, bank, None))
                continue
            started = replace(seat, bank_ms=bank, bank_since=now, reminders=0)
            clock = seat_clock(started, rules, away)
            assert clock is not None
            clocks.append(clock)
            banks.append(SeatBank(number, bank, now))
        deadline = min((c.deadline for c in clocks), default=None)
        return ClockChange(deadline, tuple(banks))

    def clocks(self, record: GameRecord) -> list[SeatClock]:
        """The clocks of the seats ``record`` waits for, as stored (people, not away after
        timeouts); a game stored before banks existed, the one of its deadline."""
        rules = rules_of(record)
        if rules is None or record.status != GameStatus.ACTIVE:
            return []
        found = []
        for seat in record.seats:
            if seat.is_human and not seat.away:
                clock = seat_clock(seat, rules, self._away(record, seat, rules))
                if clock is not None:
                    found.append(clock)
        if not found and record.deadline is not None:
            legacy = legacy_clock(record, -1, rules)
            found += [legacy] if legacy is not None else []
        return found

    def next_wakeup(self, record: GameRecord) -> Wakeup | None:
        """When ``record``'s clock next needs attention (``None``: never, as it stands): the
        earliest reminder not sent yet or deadline of its waited seats (a deadline first,
        when both fall together)."""
        now = self.clock.now()
        events = [clock.next_event(now) for clock in self.clocks(record)]
        if not events:
            return None
        when, timeout = min(events, key=lambda event: (event[0], not event[1]))
        return Wakeup(when, timeout, record.version)

    def _waited_clocks(self, record: GameRecord, state: engine.GameState) -> list[SeatClock]:
        """The clocks of the seats the game waits for according to ``state`` too."""
        waited = waiting_people(record, state)
        rules = rules_of(record)
        clocks = {c.seat: c for c in self.clocks(record)}
        found = []
        for seat in sorted(waited):
            clock = clocks.get(seat) or clocks.get(-1)
            if clock is None and rules is not None:
                clock = legacy_clock(record, seat, rules)
            if clock is not None:
                found.append(replace(clock, seat=seat))
        return found

    def timed_out(self, record: GameRecord, state: engine.GameState) -> set[int]:
        """The seats waited for whose bank has run out now."""
        now = self.clock.now()
        return {c.seat for c in self._waited_clocks(record, state) if c.deadline <= now}

    def reminders_due(
        self, record: GameRecord, state: engine.GameState
    ) -> list[tuple[SeatClock, int]]:
        """The waited seats with a reminder due now, each with the index of that reminder
        (0: half the bank, 1: an hour before the end)."""
        now = self.clock.now()
        due = []
        for clock in self._waited_clocks(record, state):
            index = clock.due_reminder(now)
            if index is not None:
                due.append((clock, index))
        return due

    def times(self, record: GameRecord, state: engine.GameState | None) -> list[SeatTime]:
        """How each seat the game waits for stands now (by seat); none without a pace."""
        if state is None or record.status != GameStatus.ACTIVE:
            return []
        now = self.clock.now()
        rules = rules_of(record)
        times = []
        for clock in self._waited_clocks(record, state):
            seat = record.seats[clock.seat]
            away = self._away(record, seat, rules) if rules is not None else ()
            current = [end for start, end in away if start <= now < end]
            times.append(
                SeatTime(
                    clock.seat, clock.left(now, away), clock.deadline, max(current, default=None)
                )
            )
        return times

    def left(self, record: GameRecord, clock: SeatClock) -> float:
        """Seconds left now of the bank of ``clock`` (a seat of ``record``)."""
        rules = rules_of(record)
        seat = record.seats[clock.seat]
        away = self._away(record, seat, rules) if rules is not None else ()
        return clock.left(self.clock.now(), away)

    def deadline_of(self, record: GameRecord) -> datetime | None:
        """The earliest deadline of ``record``'s waited seats as they stand (away time
        included): what its stored ``deadline`` should say."""
        return min((c.deadline for c in self.clocks(record)), default=None)
