"""The tournaments' clock: each tournament's time is handled when it comes, soonest first, one
at a time; a sooner time scheduled while it sleeps is not missed; a time whose work failed is
looked at again a minute later; and it is its own task, stopped by ``stop``, so waiting for
the background work to end never waits for it (the first wiring of tournaments spawned its
watch as background work, and every test's idle wait hung). Time is a clock moved by hand."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from datetime import datetime, timedelta
from typing import Any

from bot.timing.tournament_clock import AGAIN_AFTER, TournamentClock
from tests.e2e.clock import ManualClock


class Background:
    """Stands in for ``Cardroom.spawn`` and ``wait_idle``."""

    def __init__(self) -> None:
        self.tasks: set[asyncio.Task[None]] = set()

    def spawn(self, work: Coroutine[Any, Any, None], what: str) -> None:
        task = asyncio.create_task(work, name=what)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def idle(self) -> None:
        while self.tasks:
            await asyncio.gather(*self.tasks)


class Tournaments:
    """Each tournament's next time; at it, the work is noted and the next time is a day on
    (``None`` after ``rounds`` times), unless it ``fails``."""

    def __init__(self, clock: ManualClock, rounds: int = 2) -> None:
        self.clock = clock
        self.rounds = rounds
        self.handled: list[tuple[int, datetime]] = []
        self.fails: set[int] = set()

    async def due(self, tournament_id: int) -> datetime | None:
        if tournament_id in self.fails:
            raise RuntimeError("the database went away")
        self.handled.append((tournament_id, self.clock.now()))
        done = sum(1 for t, _ in self.handled if t == tournament_id)
        return None if done >= self.rounds else self.clock.now() + timedelta(days=1)


async def test_times_come_in_order_and_the_clock_never_holds_up_the_idle_wait() -> None:
    clock = ManualClock()
    start = clock.now()
    background = Background()
    work = Tournaments(clock)
    watch = TournamentClock(clock, work.due, background.spawn)
    watch.schedule(2, start + timedelta(hours=3))
    watch.schedule(1, start + timedelta(hours=2))
    await asyncio.wait_for(background.idle(), 1)  # nothing due: nothing to wait for
    clock.advance(3600)
    await watch.caught_up()
    assert work.handled == []
    watch.schedule(3, start + timedelta(minutes=90))  # sooner, while it sleeps
    clock.advance(3 * 3600)
    await watch.caught_up()
    await asyncio.wait_for(background.idle(), 1)
    assert [t for t, _ in work.handled] == [3, 1, 2]
    assert len(watch) == 3  # each a day on
    clock.advance(24 * 3600)
    await watch.caught_up()
    assert [t for t, _ in work.handled] == [3, 1, 2, 1, 2, 3]  # handled at one time: by id
    assert len(watch) == 0  # each after its last round
    await watch.stop()
    await asyncio.wait_for(background.idle(), 1)


async def test_a_failed_time_is_looked_at_again_a_minute_later() -> None:
    clock = ManualClock()
    background = Background()
    work = Tournaments(clock, rounds=1)
    work.fails.add(7)
    watch = TournamentClock(clock, work.due, background.spawn)
    watch.schedule(7, clock.now())
    await watch.caught_up()
    assert work.handled == [] and len(watch) == 1
    work.fails.clear()
    clock.advance(AGAIN_AFTER.total_seconds() - 1)
    await watch.caught_up()
    assert work.handled == []
    clock.advance(1)
    await watch.caught_up()
    assert [t for t, _ in work.handled] == [7]
    await watch.stop()
    watch.schedule(8, clock.now())  # stopped: no new task
    assert len(watch) == 0
