"""The turn clocks' heap: one wake per game, soonest first (ties by game id), a replaced or
dropped wake never comes up, and a wake read from storage never puts off a sooner one."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

from bot.timing.wake_heap import WakeHeap

T0 = datetime(2026, 12, 1, tzinfo=UTC)


def at(minutes: int) -> datetime:
    return T0 + timedelta(minutes=minutes)


def drain(heap: WakeHeap) -> list[tuple[datetime, int]]:
    taken = []
    while (first := heap.pop()) is not None:
        taken.append(first)
    return taken


def test_wakes_come_up_soonest_first_and_once_per_game() -> None:
    rng = random.Random(4)
    heap = WakeHeap()
    latest: dict[int, datetime] = {}
    for _ in range(2_000):  # many replacements: the heap compacts on the way
        game, when = rng.randrange(100), at(rng.randrange(500))
        if rng.random() < 0.1:
            heap.set(game, None)
            latest.pop(game, None)
        else:
            heap.set(game, when)
            latest[game] = when
    assert len(heap) == len(latest)
    assert drain(heap) == sorted((when, game) for game, when in latest.items())
    assert len(heap) == 0 and heap.soonest() is None


def test_a_wake_read_from_storage_never_puts_off_a_sooner_one() -> None:
    heap = WakeHeap()
    heap.set(1, at(10))
    heap.merge(1, at(30))  # an older row: the game wakes at 10 still
    heap.merge(2, at(20))
    heap.merge(1, at(5))  # sooner: taken
    assert heap.soonest() == (at(5), 1)
    assert drain(heap) == [(at(5), 1), (at(20), 2)]


def test_ties_come_up_by_game() -> None:
    heap = WakeHeap()
    for game in (7, 3, 5):
        heap.set(game, at(1))
    assert [game for _when, game in drain(heap)] == [3, 5, 7]
