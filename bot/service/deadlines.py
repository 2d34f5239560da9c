"""The turn clock's deadlines: when the decision a game waits for times out.

Time comes from the clock given (``bot.timing.clock.Clock`` is one; the service needs only
its ``now``), so tests of hour-long deadlines run in seconds.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Protocol

import engine
from storage import GameRecord


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


def waiting_people(record: GameRecord, state: engine.GameState) -> dict[int, int]:
    """The seats of people (not away) the game waits for, with their decision stamps."""
    people = {s.seat for s in record.seats if s.is_human and not s.away}
    return {
        d.seat: d.since for d in engine.decisions(state) if d.seat in people and d.committed is None
    }


class Deadlines:
    """The deadline each change of a running game leaves, by ``clock`` (default: the
    system's)."""

    def __init__(self, clock: Now | None = None) -> None:
        self.clock: Now = clock or SystemNow()

    def reminders(self, record: GameRecord, deadline: datetime) -> list[datetime]:
        """When the people waited for are reminded of ``deadline`` (the wakes before it, see
        ``bot.service.wakes``): at half the turn clock."""
        if record.turn_clock is None:
            return []
        return [deadline - timedelta(seconds=record.turn_clock / 2)]

    def after(
        self,
        record: GameRecord,
        before: engine.GameState | None,
        after: engine.GameState,
        previous: datetime | None,
    ) -> datetime | None:
        """The deadline once ``after`` stands: none without a turn clock or when no person is
        waited for; the ``previous`` one while everyone waited for was already waited for on
        the same decision (a simultaneous choice shares one clock); else a new full clock."""
        if record.turn_clock is None or engine.outcome(after) is not None:
            return None
        now_waiting = waiting_people(record, after)
        if not now_waiting:
            return None
        if previous is not None and before is not None:
            then_waiting = waiting_people(record, before)
            if all(then_waiting.get(seat) == since for seat, since in now_waiting.items()):
                return previous
        return self.clock.now() + timedelta(seconds=record.turn_clock)
