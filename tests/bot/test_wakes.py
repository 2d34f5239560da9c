"""When the service says a running game must next be looked at, and what is due then: a
reminder at half the clock (claimed once, whatever the tries), the timeout at the deadline,
an automatic player's move at once (so that a stop before it leaves it due), nothing for a game
woken early, and a wake left behind moved on. On both backends; time is a clock moved by hand."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from datetime import timedelta

import pytest

import engine
from bot.service import Due, GameService
from tests.backends import OpenStorage
from tests.bot.helpers import BOB, HOST, stamp, user_of
from tests.e2e.clock import ManualClock

CLOCK = 60


@pytest.fixture
async def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
async def service(open_storage: OpenStorage, clock: ManualClock) -> AsyncIterator[GameService]:
    storage = await open_storage()
    seeds = iter(range(3000, 4000))
    yield GameService(storage, seed=lambda: next(seeds), clock=clock)
    await storage.close()


async def started(service: GameService, game: str = "artichokes", automatic: bool = False) -> int:
    lobby = await service.open_lobby(guild_id=1, channel_id=2, host_id=HOST, game_name=game)
    if automatic:
        await service.add_automatic(lobby.id, HOST, "random")
    else:
        await service.join(lobby.id, BOB)
    await service.set_turn_clock(lobby.id, HOST, CLOCK)
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
    moved, seats = claimed
    assert moved.wake_at == moved.deadline  # the next wake is the deadline
    snapshot = await service.snapshot(game_id)
    assert seats == list(engine.deciding_seats(snapshot.state))
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
    clock.advance(40)  # past the reminder, which was never sent

    def behind(conn):  # noqa: ANN001, ANN202 — as the migration leaves a game of before
        conn.execute(
            "UPDATE games SET wake_at = ? WHERE id = ?",
            ((record.deadline - timedelta(seconds=59)).isoformat(timespec="milliseconds"), game_id),
        )

    await service.storage.db.write(behind)
    service.forget(game_id)
    assert (await service.due(game_id))[0] is Due.REMINDER  # due since its stored wake
    await service.storage.db.write(
        lambda conn: conn.execute(
            "UPDATE games SET wake_at = ? WHERE id = ?",
            ((clock.now() - timedelta(seconds=1)).isoformat(timespec="milliseconds"), game_id),
        )
    )
    service.forget(game_id)
    due, moved = await service.due(game_id)  # none due since that wake: on to the deadline
    assert due is Due.NOTHING and moved.wake_at == record.deadline
    assert (await service.storage.games.get_game(game_id)).wake_at == record.deadline
