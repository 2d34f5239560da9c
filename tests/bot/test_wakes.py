"""When the service says a running game must next be looked at, and what is due then: a
reminder at half a seat's bank (claimed once, whatever the tries or processes), and under a
turn-based pace an hour before its end too, the timeout when the bank runs out, an automatic
player's move at once (so that a stop before it leaves it due), nothing for a game woken early
or whose player went away meanwhile, and a wake left behind moved on. On both backends; time
is a clock moved by hand."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from datetime import datetime, timedelta

import pytest

import engine
from bot.service import Due, GameService
from tests.backends import OpenStorage
from tests.bot.helpers import BOB, HOST, stamp, user_of
from tests.e2e.clock import ManualClock

CLOCK = 60
DAY, HOUR = timedelta(days=1), timedelta(hours=1)


@pytest.fixture
async def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
async def service(open_storage: OpenStorage, clock: ManualClock) -> AsyncIterator[GameService]:
    storage = await open_storage()
    seeds = iter(range(3000, 4000))
    yield GameService(storage, seed=lambda: next(seeds), clock=clock)
    await storage.close()


async def started(
    service: GameService, game: str = "artichokes", automatic: bool = False, pace: str = "1m"
) -> int:
    lobby = await service.open_lobby(guild_id=1, channel_id=2, host_id=HOST, game_name=game)
    if automatic:
        await service.add_automatic(lobby.id, HOST, "random")
    else:
        await service.join(lobby.id, BOB)
    await service.set_pace(lobby.id, HOST, pace)
    await service.start(lobby.id, HOST)
    return lobby.id


async def test_a_reminder_at_half_time_is_claimed_once_then_the_timeout_is_due(
    service: GameService, clock: ManualClock
) -> None:
    game_id = await started(service)
    start = clock.now()
    record = await service.record(game_id)
    assert record.deadline == start + timedelta(seconds=CLOCK)
    assert record.wake_at == start + timedelta(seconds=CLOCK / 2)
    clock.advance(10)
    assert (await service.due(game_id))[0] is Due.NOTHING  # woken early: nothing to do
    clock.advance(20)
    assert (await service.due(game_id))[0] is Due.REMINDER
    claimed = await service.claim_reminder(game_id)
    assert claimed is not None
    moved = claimed.record
    assert moved.wake_at == moved.deadline  # the next wake is the deadline
    snapshot = await service.snapshot(game_id)
    assert [r.seat for r in claimed.reminders] == list(engine.deciding_seats(snapshot.state))
    assert [r.left for r in claimed.reminders] == [CLOCK - 30]
    assert await service.claim_reminder(game_id) is None  # claimed already: sent once
    restarted = GameService(service.storage, clock=clock)  # another process, the same store
    assert (await restarted.due(game_id))[0] is Due.NOTHING
    clock.advance(30)
    assert (await restarted.due(game_id))[0] is Due.TIMEOUT


async def test_a_move_starts_a_new_clock_and_its_own_reminder(
    service: GameService, clock: ManualClock
) -> None:
    game_id = await started(service)
    clock.advance(45)  # past half time: the reminder is due, and not claimed
    snapshot = await service.snapshot(game_id)
    seat = engine.deciding_seats(snapshot.state)[0]
    key = engine.random_action(snapshot.state, seat, random.Random(1)).key
    await service.act(game_id, user_of(snapshot, seat), stamp(snapshot, seat), key)
    record = await service.record(game_id)  # a new decision: a full clock, its own reminder
    assert record.deadline == clock.now() + timedelta(seconds=CLOCK)
    assert record.wake_at == clock.now() + timedelta(seconds=CLOCK / 2)


async def test_a_simultaneous_pick_keeps_the_reminder_as_it_stood(
    service: GameService, clock: ManualClock
) -> None:
    # both players pick at once under one clock: alice's pick keeps bob's deadline, and
    # neither sends the reminder again once claimed nor loses it when due
    game_id = await started(service, game="ninjan")
    clock.advance(31)
    assert await service.claim_reminder(game_id) is not None
    snapshot = await service.snapshot(game_id)
    assert len(engine.deciding_seats(snapshot.state)) == 2
    seat = engine.deciding_seats(snapshot.state)[0]
    key = engine.random_action(snapshot.state, seat, random.Random(2)).key
    await service.act(game_id, user_of(snapshot, seat), stamp(snapshot, seat), key)
    record = await service.record(game_id)
    assert record.deadline == snapshot.record.deadline
    assert record.wake_at == record.deadline  # the reminder is not due again


async def test_an_automatic_players_move_is_due_at_once(
    service: GameService, clock: ManualClock
) -> None:
    game_id = await started(service, automatic=True)
    rng = random.Random(3)
    snapshot = await service.snapshot(game_id)
    automatic = {s.seat for s in snapshot.record.seats if s.automatic}
    while not automatic & set(engine.deciding_seats(snapshot.state)):
        seat = engine.deciding_seats(snapshot.state)[0]
        key = engine.random_action(snapshot.state, seat, rng).key
        await service.act(game_id, user_of(snapshot, seat), stamp(snapshot, seat), key)
        snapshot = await service.snapshot(game_id)
    # the commit that left the automatic player to move wakes the game at once: a stop
    # before that move finds it due at the next start
    assert snapshot.record.wake_at == clock.now()
    assert (await service.due(game_id))[0] is Due.AUTOMATIC
    played = await service.play_automatic(game_id)
    assert played is not None
    after = played.snapshot.record
    assert after.wake_at == clock.now() + timedelta(seconds=CLOCK / 2)
    assert (await service.due(game_id))[0] is Due.NOTHING


async def test_a_wake_left_behind_is_moved_to_the_next(
    service: GameService, clock: ManualClock
) -> None:
    game_id = await started(service)
    record = await service.record(game_id)
    assert record.deadline is not None

    async def wake_at(at: datetime) -> None:  # as the migration leaves a game of before
        await service.storage.db.write(
            lambda conn: conn.execute(
                "UPDATE games SET wake_at = ? WHERE id = ?",
                (at.isoformat(timespec="milliseconds"), game_id),
            )
        )
        service.forget(game_id)

    clock.advance(10)
    await wake_at(clock.now() - timedelta(seconds=1))
    due, moved = await service.due(game_id)  # nothing due yet: on to the reminder
    assert due is Due.NOTHING and moved.wake_at == record.deadline - timedelta(seconds=30)
    assert (await service.storage.games.get_game(game_id)).wake_at == moved.wake_at
    clock.advance(30)  # past the reminder, which was never sent
    await wake_at(record.deadline - timedelta(seconds=59))
    assert (await service.due(game_id))[0] is Due.REMINDER  # due since its stored wake
    claimed = await service.claim_reminder(game_id)
    assert claimed is not None and claimed.record.wake_at == record.deadline


async def test_a_turn_based_bank_wakes_at_half_and_an_hour_before_its_end_each_claimed_once(
    service: GameService, clock: ManualClock, open_storage: OpenStorage
) -> None:
    game_id = await started(service, pace="1d")
    start = clock.now()
    record = await service.record(game_id)
    assert (record.deadline, record.wake_at) == (start + DAY, start + DAY / 2)
    clock.advance((DAY / 2).total_seconds())
    assert (await service.due(game_id))[0] is Due.REMINDER
    other = GameService(await open_storage(), clock=clock)  # a second process, one store
    try:
        claims = [await service.claim_reminder(game_id), await other.claim_reminder(game_id)]
    finally:
        await other.storage.close()
    assert [c is not None for c in claims] == [True, False]  # said by one only
    first = claims[0]
    assert first is not None and first.record.wake_at == start + DAY - HOUR
    assert [r.last for r in first.reminders] == [False]
    clock.advance((DAY / 2 - HOUR).total_seconds())
    assert (await service.due(game_id))[0] is Due.REMINDER
    last = await service.claim_reminder(game_id)
    assert last is not None and [r.last for r in last.reminders] == [True]
    assert last.record.wake_at == start + DAY  # then the bank runs out
    clock.advance(HOUR.total_seconds())
    assert (await service.due(game_id))[0] is Due.TIMEOUT


async def test_going_away_moves_the_wake_with_the_deadline_and_back_brings_it_back(
    service: GameService, clock: ManualClock
) -> None:
    game_id = await started(service, pace="1d")
    start = clock.now()
    snapshot = await service.snapshot(game_id)
    (seat,) = engine.deciding_seats(snapshot.state)
    user = user_of(snapshot, seat)
    await service.away.go_away(1, user, start + 2 * DAY)
    record = await service.record(game_id)
    assert record.deadline == start + 3 * DAY  # the bank paused while away
    assert record.wake_at == start + 2 * DAY + DAY / 2
    assert (await service.storage.games.get_game(game_id)).wake_at == record.wake_at
    clock.advance((DAY / 2).total_seconds())  # the old wake: nothing due
    assert (await service.due(game_id))[0] is Due.NOTHING
    await service.away.come_back(1, user)  # back after half a day: the half-bank reminder due
    record = await service.record(game_id)
    assert record.deadline == start + DAY + DAY / 2
    assert record.wake_at == start + DAY  # half the bank spent then
