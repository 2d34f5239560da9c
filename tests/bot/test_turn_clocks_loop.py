"""The turn clocks' one task over many games, against a stand-in for the service and for
storage's index of wake times: wakes are handled soonest first across the pages read, only the
wakes due within the hour are held, a sooner wake scheduled while the clocks sleep is not
missed, and a wake whose work left it due is looked at again a minute later (not at once, not
never). Time is a clock moved by hand; nothing here waits on real time."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from bot.service import Due, Played
from bot.timing import turn_clocks
from bot.timing.turn_clocks import LOOKAHEAD, TurnClocks
from storage import GameRecord, GameStatus, Wake
from tests.e2e.clock import ManualClock

T0 = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


def record(game_id: int, wake: datetime | None) -> GameRecord:
    return GameRecord(
        id=game_id,
        guild_id=1,
        channel_id=game_id,
        game_name="artichokes",
        host_id=1,
        options={},
        max_seats=2,
        status=GameStatus.ACTIVE,
        seed=1,
        state_json=None,
        version=0,
        result=None,
        created_at=T0,
        updated_at=T0,
        started_at=T0,
        ended_at=None,
        set_aside_reason=None,
        deadline=wake,
        wake_at=wake,
    )


class Games:
    """Stands in for the service and storage: each game has a stored wake; at it, its
    timeout is due, and the timeout moves the wake a day on (unless ``stuck``)."""

    def __init__(self, clock: ManualClock, wakes: dict[int, datetime]) -> None:
        self.clock = clock
        self.records = {game_id: record(game_id, at) for game_id, at in wakes.items()}
        self.timed_out: list[int] = []
        self.looked_at: list[int] = []
        self.stuck: set[int] = set()

    async def due(self, game_id: int) -> tuple[Due, GameRecord]:
        self.looked_at.append(game_id)
        stored = self.records[game_id]
        assert stored.wake_at is not None
        due = Due.TIMEOUT if stored.wake_at <= self.clock.now() else Due.NOTHING
        return due, stored

    async def timeout(self, game_id: int, version: int) -> Played | None:
        self.timed_out.append(game_id)
        if game_id not in self.stuck:
            wake = self.clock.now() + timedelta(days=1)
            self.records[game_id] = replace(self.records[game_id], wake_at=wake)
        return None

    async def record(self, game_id: int) -> GameRecord:
        return self.records[game_id]

    async def load(
        self, after: tuple[datetime, int] | None, until: datetime, limit: int
    ) -> list[Wake]:
        """The stored wakes after ``after`` until ``until``, soonest first (storage's index)."""
        wakes = sorted(
            (r.wake_at, r.id) for r in self.records.values() if r.wake_at and r.wake_at <= until
        )
        if after is not None:
            wakes = [w for w in wakes if w > after]
        return [Wake(at, game_id, 0) for at, game_id in wakes[:limit]]


def clocks_over(games: Games, clock: ManualClock) -> tuple[TurnClocks, set[asyncio.Task[None]]]:
    work: set[asyncio.Task[None]] = set()

    def spawn(job: Coroutine[Any, Any, None], _name: str) -> None:
        work.add(asyncio.ensure_future(job))

    async def nothing(*_args: object) -> None:
        return None

    clocks = TurnClocks(None, games, clock, nothing, spawn, nothing)  # type: ignore[arg-type]
    return clocks, work


async def settle(clocks: TurnClocks) -> None:
    """Let the clocks handle every wake due now."""
    await clocks.caught_up()


async def test_wakes_are_handled_soonest_first_across_pages_and_only_the_hour_is_held(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(turn_clocks, "BATCH", 7)
    clock = ManualClock(T0)
    passed = {n: T0 - timedelta(minutes=(n * 37) % 60) for n in range(1, 31)}  # a stop
    later = {n: T0 + timedelta(minutes=(n - 30) * 7) for n in range(31, 51)}  # 7 to 140 min
    games = Games(clock, passed | later)
    clocks, _work = clocks_over(games, clock)
    await clocks.start(games.load)
    await settle(clocks)
    assert games.timed_out == [g for _at, g in sorted((at, g) for g, at in passed.items())]
    soon = [g for g, at in later.items() if at <= T0 + LOOKAHEAD]
    assert 0 < len(clocks) <= len(soon) < len(later)  # the rest stays stored until its hour
    clock.advance(150 * 60)
    await settle(clocks)
    assert games.timed_out[len(passed) :] == sorted(later)
    assert len(clocks) == 0  # every next wake is a day ahead: stored, not held
    await clocks.stop()


async def test_a_sooner_wake_scheduled_while_sleeping_is_not_missed() -> None:
    clock = ManualClock(T0)
    games = Games(clock, {1: T0 + timedelta(minutes=50)})
    clocks, _work = clocks_over(games, clock)
    await clocks.start(games.load)
    await settle(clocks)
    games.records[2] = record(2, T0 + timedelta(minutes=5))
    clocks.schedule(games.records[2])
    clock.advance(5 * 60)
    await settle(clocks)
    assert games.timed_out == [2]
    clock.advance(45 * 60)
    await settle(clocks)
    assert games.timed_out == [2, 1]
    await clocks.stop()


async def test_a_wake_left_due_by_its_work_is_looked_at_again_a_minute_later() -> None:
    clock = ManualClock(T0)
    games = Games(clock, {1: T0 - timedelta(minutes=1)})
    games.stuck.add(1)  # its timeout does not move its stored wake (the work failed)
    clocks, _work = clocks_over(games, clock)
    await clocks.start(games.load)
    await settle(clocks)
    assert games.looked_at == [1]  # once: no busy loop on a wake that stays due
    clock.advance(30)
    await settle(clocks)
    assert games.looked_at == [1]
    clock.advance(31)
    await settle(clocks)
    assert games.looked_at == [1, 1]
    await clocks.stop()


class SlowGames(Games):
    """A game's timeout that waits for ``release`` (a slow database) before it is made."""

    def __init__(self, clock: ManualClock, wakes: dict[int, datetime]) -> None:
        super().__init__(clock, wakes)
        self.release = asyncio.Event()
        self.started = asyncio.Event()

    async def timeout(self, game_id: int, version: int) -> Played | None:
        self.started.set()
        await self.release.wait()
        return await super().timeout(game_id, version)


async def test_a_shutdown_while_waiting_for_the_clocks_to_catch_up_ends_the_wait() -> None:
    """The turn clocks and the tournaments' clock share one watch (``bot.timing.watcher``):
    a shutdown used to leave whoever waited for the turn clocks to catch up waiting for ever
    (only the tournaments' clock said it was idle once stopped)."""
    clock = ManualClock(T0)
    games = SlowGames(clock, {1: T0 - timedelta(minutes=1)})
    clocks, _work = clocks_over(games, clock)
    await clocks.start(games.load)
    await asyncio.wait_for(games.started.wait(), 5)
    waiting = asyncio.ensure_future(clocks.caught_up())
    stopping = asyncio.ensure_future(clocks.stop())
    await asyncio.sleep(0)
    games.release.set()
    await asyncio.wait_for(stopping, 5)
    assert games.timed_out == [1]  # the wake being handled was finished first
    await asyncio.wait_for(waiting, 5)  # hung for ever before: no timing is measured
