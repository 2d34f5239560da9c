"""Paces through the use cases, against a real database on both backends, on a clock the test
moves: a turn-based bank runs only while its seat is waited for, grows with each of the
seat's moves up to its cap, and starts the next decision after a timeout with one move's
time; reminders at half the bank and an hour before its end are noted once, also across a
restart; away time pauses every turn-based bank of the player in that guild (not real-time
clocks), up to 14 days in any 30; a game stored before banks existed keeps its deadline."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import timedelta

import pytest

import engine
from bot.service import GameService, GameSnapshot
from bot.service.away import AwayTooLong
from bot.service.errors import UserError
from storage import GameStatus, Storage
from tests.backends import OpenStorage
from tests.bot.helpers import BOB, CAROL, HOST, stamp, user_of
from tests.e2e.clock import ManualClock

DAY, HOUR = timedelta(days=1), timedelta(hours=1)
GUILD = 1


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
async def storage(open_storage: OpenStorage) -> AsyncIterator[Storage]:
    opened = await open_storage()
    yield opened
    await opened.close()


def service_on(storage: Storage, clock: ManualClock) -> GameService:
    seeds = iter(range(3000, 4000))
    return GameService(storage, seed=lambda: next(seeds), clock=clock)


async def started(service: GameService, pace: str, game: str = "verso", channel: int = 2) -> int:
    lobby = await service.open_lobby(
        guild_id=GUILD, channel_id=channel, host_id=HOST, game_name=game
    )
    for user in (BOB, CAROL):
        await service.join(lobby.id, user)
    await service.set_pace(lobby.id, HOST, pace)
    await service.start(lobby.id, HOST)
    return lobby.id


async def move(service: GameService, game_id: int, seat: int | None = None) -> GameSnapshot:
    """The player of ``seat`` (default: the first deciding) makes a random legal move."""
    snapshot = await service.snapshot(game_id)
    assert snapshot.state is not None
    seat = engine.deciding_seats(snapshot.state)[0] if seat is None else seat
    key = engine.random_action(snapshot.state, seat, random.Random(seat)).key
    played = await service.act(game_id, user_of(snapshot, seat), stamp(snapshot, seat), key)
    return played.snapshot


def bank(snapshot: GameSnapshot, seat: int) -> timedelta | None:
    ms = snapshot.record.seats[seat].bank_ms
    return None if ms is None else timedelta(milliseconds=ms)


async def test_a_bank_runs_while_its_seat_is_waited_for_and_grows_with_its_moves(
    storage: Storage, clock: ManualClock
) -> None:
    service = service_on(storage, clock)
    start = clock.now()
    game_id = await started(service, "1d")
    first = await service.snapshot(game_id)
    (seat,) = engine.deciding_seats(first.state)
    assert first.record.deadline == start + DAY  # the first player's bank: a day at first
    assert [s.bank_since for s in first.record.seats] == [
        start if s.seat == seat else None for s in first.record.seats
    ]

    clock.advance((6 * HOUR).total_seconds())
    after = await move(service, game_id)  # 6 h of the day spent, a day more: 1 d 18 h
    assert bank(after, seat) == DAY * 2 - 6 * HOUR
    assert after.record.seats[seat].bank_since is None
    waited = engine.deciding_seats(after.state)[0]
    assert after.record.seats[waited].bank_since == clock.now()
    assert after.record.deadline == clock.now() + DAY
    stored = await storage.games.get_game(game_id)  # as the commit wrote it
    assert stored.deadline == after.record.deadline
    assert [s.bank_ms for s in stored.seats] == [s.bank_ms for s in after.record.seats]

    for _ in range(6):  # quick moves fill the banks up to their cap of 3 days
        snapshot = await move(service, game_id)
    assert max(bank(snapshot, s) or DAY for s in range(3)) == 3 * DAY


async def test_a_turn_of_several_moves_adds_one_moves_time_to_the_bank(
    storage: Storage, clock: ManualClock
) -> None:
    """Abandon All Artichokes' turn is a harvest, then plays, then its end, all the same
    seat's: the bank keeps running through the turn and gains one move's time once, when
    the game moves to another seat (Board Game Arena's "extra time per move" is per turn);
    each step of the turn added a day."""
    service = service_on(storage, clock)
    start = clock.now()
    game_id = await started(service, "1d", game="artichokes")
    (seat,) = engine.deciding_seats((await service.snapshot(game_id)).state)
    steps = 0
    while True:
        clock.advance(HOUR.total_seconds())
        snapshot = await move(service, game_id, seat)
        steps += 1
        if engine.deciding_seats(snapshot.state) != (seat,):
            break
        assert snapshot.record.deadline == start + DAY, steps  # the turn's clock runs on
        assert snapshot.record.seats[seat].bank_since == start
    assert steps >= 2, "a turn of one move: no test"
    assert bank(snapshot, seat) == DAY - steps * HOUR + DAY  # one day for the whole turn
    assert snapshot.record.seats[seat].bank_since is None


async def test_a_timeout_leaves_one_moves_time_and_three_make_the_seat_automatic(
    storage: Storage, clock: ManualClock
) -> None:
    service = service_on(storage, clock)
    game_id = await started(service, "1d")
    for count in (1, 2, 3):
        snapshot = await service.snapshot(game_id)
        seat = engine.deciding_seats(snapshot.state)[0]
        wakeup = service.next_wakeup(snapshot.record)
        assert wakeup is not None and not wakeup.timeout  # the half-bank reminder comes first
        deadline = snapshot.record.deadline
        assert deadline is not None
        clock.advance((deadline - clock.now()).total_seconds() - 1)
        assert await service.timeout(game_id, snapshot.record.version) is None, "not yet"
        clock.advance(1)
        played = await service.timeout(game_id, snapshot.record.version)
        assert played is not None and played.moves[0].actor == "timeout"
        after = played.snapshot.record.seats[seat]
        assert after.timeouts == count
        assert bank(played.snapshot, seat) == DAY  # nothing left, one move's time added
        if count < 3:  # the others answer (each timeout above was someone else's turn)
            while engine.deciding_seats(played.snapshot.state)[0] != seat:
                played.snapshot = await move(service, game_id)
    assert after.away and after.bank_since is None


async def test_reminders_at_half_the_bank_and_an_hour_before_its_end_are_said_once(
    storage: Storage, clock: ManualClock, open_storage: OpenStorage
) -> None:
    service = service_on(storage, clock)
    start = clock.now()
    game_id = await started(service, "1d")
    record = (await service.snapshot(game_id)).record
    wakeup = service.next_wakeup(record)
    assert wakeup is not None and (wakeup.when, wakeup.timeout) == (start + DAY / 2, False)
    assert await service.remind(game_id, record.version) is None  # not due yet
    clock.advance((12 * HOUR).total_seconds())
    reminded = await service.remind(game_id, record.version)
    assert reminded is not None
    (seat,) = engine.deciding_seats((await service.snapshot(game_id)).state)
    assert [(r.seat, r.left, r.last) for r in reminded.reminders] == [(seat, 12 * 3600, False)]
    assert await service.remind(game_id, record.version) is None  # noted: not twice

    again = service_on(await open_storage(), clock)  # a restart reads what was noted
    try:
        stored = await again.storage.games.get_game(game_id)
        wakeup = again.next_wakeup(stored)
        assert wakeup is not None and (wakeup.when, wakeup.timeout) == (start + 23 * HOUR, False)
        clock.advance((11 * HOUR + timedelta(minutes=30)).total_seconds())  # past the second
        reminded = await again.remind(game_id, record.version)
        assert reminded is not None and reminded.reminders[0].last
        assert reminded.reminders[0].left == 30 * 60
        wakeup = again.next_wakeup(reminded.record)
        assert wakeup is not None and (wakeup.when, wakeup.timeout) == (start + DAY, True)
    finally:
        await again.storage.close()


async def test_reminders_missed_while_the_bot_was_down_are_said_once_the_latest_only(
    storage: Storage, clock: ManualClock
) -> None:
    service = service_on(storage, clock)
    game_id = await started(service, "1d")
    record = (await service.snapshot(game_id)).record
    clock.advance(
        (23 * HOUR + timedelta(minutes=10)).total_seconds()
    )  # both reminders fell meanwhile
    reminded = await service.remind(game_id, record.version)
    assert reminded is not None and [r.last for r in reminded.reminders] == [True]
    assert await service.remind(game_id, record.version) is None


async def test_away_time_pauses_the_turn_based_banks_of_the_guild_not_real_time_clocks(
    storage: Storage, clock: ManualClock
) -> None:
    service = service_on(storage, clock)
    slow = await started(service, "1d", channel=2)
    quick = await started(service, "5m", channel=3)
    other_guild = await service.open_lobby(
        guild_id=GUILD + 1, channel_id=4, host_id=HOST, game_name="verso"
    )
    await service.join(other_guild.id, BOB)
    await service.set_pace(other_guild.id, HOST, "1d")
    elsewhere = (await service.start(other_guild.id, HOST)).id
    start = clock.now()
    snapshot = await service.snapshot(slow)
    (seat,) = engine.deciding_seats(snapshot.state)
    player = user_of(snapshot, seat)  # the one the slow game waits for
    clock.advance(HOUR.total_seconds())

    change = await service.away.go_away(GUILD, player, start + HOUR + 3 * DAY)
    assert {g.id for g in change.games} == {slow}  # real time and other guilds: untouched
    paused = await storage.games.get_game(slow)
    assert paused.deadline == start + DAY + 3 * DAY  # 1 h spent, 23 h left after the 3 days
    assert (await storage.games.get_game(quick)).deadline == start + timedelta(minutes=5)
    assert (await storage.games.get_game(elsewhere)).deadline == start + DAY

    clock.advance(DAY.total_seconds())
    back = await service.away.come_back(GUILD, player)
    assert back.away is not None and back.away.ends_at == clock.now()
    assert (await storage.games.get_game(slow)).deadline == start + 2 * DAY  # a day away
    moved = await move(service, slow, seat)  # 1 h spent, nothing while away: 23 h + 1 d
    assert bank(moved, seat) == 2 * DAY - HOUR
    assert (await service.away.come_back(GUILD, player)).away is None  # not away now


async def test_fourteen_days_of_away_time_in_any_thirty(
    storage: Storage, clock: ManualClock
) -> None:
    service = service_on(storage, clock)
    start = clock.now()
    await service.away.go_away(GUILD, BOB, start + 10 * DAY)
    clock.advance((2 * DAY).total_seconds())
    await service.away.come_back(GUILD, BOB)  # 2 days used
    with pytest.raises(AwayTooLong) as refused:
        await service.away.go_away(GUILD, BOB, clock.now() + 13 * DAY)
    assert refused.value.latest == clock.now() + 12 * DAY
    await service.away.go_away(GUILD, BOB, clock.now() + 12 * DAY)  # 14 in all: allowed
    await service.away.go_away(GUILD, CAROL, clock.now() + 14 * DAY)  # each their own
    clock.advance((28 * DAY).total_seconds())  # the first two days left the window
    await service.away.go_away(GUILD, BOB, clock.now() + 2 * DAY)
    with pytest.raises(UserError, match="future"):
        await service.away.go_away(GUILD, BOB, clock.now())


async def test_a_game_stored_before_banks_keeps_its_deadline_and_gets_banks_at_its_next_move(
    storage: Storage, clock: ManualClock
) -> None:
    service = service_on(storage, clock)
    game_id = await started(service, "1m")
    record = await storage.games.get_game(game_id)

    def tx(conn) -> None:  # noqa: ANN001  (as migration 0016 leaves a running game)
        conn.execute(
            "UPDATE seats SET bank_ms = NULL, bank_since = NULL WHERE game_id = ?", (game_id,)
        )

    await storage.db.write(tx)
    legacy = service_on(storage, clock)  # nothing kept in memory
    stored = await storage.games.get_game(game_id)
    wakeup = legacy.next_wakeup(stored)
    assert wakeup is not None and wakeup.when == record.deadline - timedelta(seconds=30)
    clock.advance(61)
    played = await legacy.timeout(game_id, record.version)
    assert played is not None and played.moves[0].actor == "timeout"
    after = played.snapshot.record
    assert after.status == GameStatus.ACTIVE and after.deadline == clock.now() + timedelta(
        minutes=1
    )
    assert any(s.bank_since == clock.now() for s in after.seats)


async def test_a_lobby_offers_only_the_presets() -> None:
    from bot.service.paces import PACES, pace_of
    from tests.bot.records import record_for

    keys = [p.key for p in PACES]
    assert keys == ["off", "1m", "5m", "6h", "1d", "3d"]
    record = record_for(engine.new_game("verso", 2, None, 1))
    assert pace_of(replace(record, turn_clock=3600)).key == "custom"  # a stored 1 h clock
    assert pace_of(replace(record, turn_clock=86400, bank_start=86400, bank_cap=259200)).key == "1d"


async def test_away_times_that_no_longer_count_are_let_go_as_they_expire(
    storage: Storage, clock: ManualClock
) -> None:
    """A long-running bot kept every away time until a restart: each one is let go once it
    ended more than 30 days ago (it can no longer count towards the 14 days, nor pause a
    bank), whoever's it is, without a restart."""
    service = service_on(storage, clock)
    times = service.away_times
    await service.away.go_away(GUILD, BOB, clock.now() + 2 * DAY)
    await service.away.go_away(GUILD + 1, CAROL, clock.now() + 3 * DAY)
    assert len(times) == 2
    clock.advance((32 * DAY - timedelta(minutes=1)).total_seconds())
    assert times.windows(GUILD, BOB) and len(times) == 2  # BOB's ended 29 days 23 h 59 ago
    clock.advance(timedelta(minutes=1).total_seconds())  # as a restart reads them
    assert times.windows(GUILD, BOB) == [] and len(times) == 1  # CAROL's still counts
    clock.advance(DAY.total_seconds())
    assert times.current(GUILD, BOB) is None and len(times) == 0  # CAROL's went unread
    await service.away.go_away(GUILD, BOB, clock.now() + 14 * DAY)  # all 14 days again
    assert len(times) == 1
