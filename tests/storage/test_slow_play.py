"""What storage keeps for slow play, on both backends: the seats' time banks written with a
move or a clock change, both checked against the game's version (a stale one writes
nothing); a turn-based pace set in the lobby; players' away times and notification settings,
deleted when a player asks to be forgotten; the banks a move replaced kept in its log row
for a take-back, which gives them back; a reminder claimed by compare-and-set on the wake."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest

import engine
from storage import AwayTime, SeatBank, StaleVersion, Storage
from storage.sql import IntegrityError
from tests.storage.helpers import open_lobby, sql, start_game

NOW = datetime(2026, 12, 1, 12, tzinfo=UTC)


async def test_banks_are_written_with_their_move_and_refused_with_a_stale_one(
    storage: Storage,
) -> None:
    game, state = await start_game(storage, 5, [1, 2], seed=3)
    seat = engine.deciding_seats(state)[0]
    action = engine.random_action(state, seat, random.Random(1))
    engine.apply(state, action)
    banks = (SeatBank(seat, 90_000_000, None), SeatBank(1 - seat, 86_400_000, NOW, 0))
    record = await storage.games.commit_action_record(
        game.id, 0, seat, action.key, engine.dumps(state), deadline=NOW + timedelta(days=1),
        seat_banks=banks,
    )  # fmt: skip
    stored = {s.seat: (s.bank_ms, s.bank_since, s.reminders) for s in record.seats}
    assert stored == {seat: (90_000_000, None, 0), 1 - seat: (86_400_000, NOW, 0)}
    with pytest.raises(StaleVersion):  # the move's version is 1 now: nothing is written
        await storage.games.set_clock(
            game.id, expected_version=0, deadline=None, seat_banks=[SeatBank(seat, 1, NOW, 2)]
        )
    reminded = await storage.games.set_clock(
        game.id,
        expected_version=1,
        deadline=record.deadline,
        seat_banks=[SeatBank(1 - seat, 86_400_000, NOW, 1)],
    )
    assert reminded.version == 1 and reminded.deadline == record.deadline
    assert reminded.seats[1 - seat].reminders == 1 and reminded.seats[seat].bank_ms == 90_000_000


async def test_a_turn_based_pace_is_set_in_the_lobby(storage: Storage) -> None:
    lobby = await open_lobby(storage, 6, [1, 2])
    paced = await storage.games.set_pace(lobby.id, 86_400, 86_400, 259_200)
    assert (paced.turn_clock, paced.bank_start, paced.bank_cap) == (86_400, 86_400, 259_200)
    real_time = await storage.games.set_turn_clock(lobby.id, 60)  # a clock clears the banks
    assert (real_time.turn_clock, real_time.bank_start, real_time.bank_cap) == (60, None, None)
    with pytest.raises(ValueError):
        await storage.games.set_pace(lobby.id, 86_400, 86_400, None)
    with pytest.raises(ValueError):
        await storage.games.set_pace(lobby.id, 86_400, 7 * 86_400, 86_400)


async def test_away_times_and_settings_are_kept_and_forgotten(storage: Storage) -> None:
    away = await storage.away.save(AwayTime(1, 7, NOW, NOW + timedelta(days=3)))
    other = await storage.away.save(AwayTime(2, 7, NOW, NOW + timedelta(days=1)))
    back = await storage.away.save(AwayTime(1, 7, NOW, NOW + timedelta(days=1)))  # came back
    assert back.ends_at == NOW + timedelta(days=1) and away.starts_at == back.starts_at
    assert await storage.away.ending_after(NOW) == [back, other]
    assert await storage.away.ending_after(NOW, user_id=8) == []
    with pytest.raises(ValueError):
        await storage.away.save(AwayTime(1, 7, NOW, NOW - timedelta(seconds=1)))
    assert (await storage.players.get(7)).notify == "mention"  # the default
    chosen = await storage.players.set(7, notify="dm", language="uk")
    told = await storage.players.set(7, dm_refused_told=True)
    assert (chosen.notify, told.notify, told.language, told.dm_refused_told) == (
        "dm", "dm", "uk", True,
    )  # fmt: skip
    with pytest.raises(ValueError):
        await storage.players.set(7, notify="carrier pigeon")

    await storage.history.forget(7)
    assert await storage.away.ending_after(NOW) == []
    assert (await storage.players.get(7)).notify == "mention"
    assert await storage.away.forget_before(NOW) == 0


async def test_a_move_that_may_be_taken_back_keeps_the_banks_it_replaced_and_gives_them_back(
    storage: Storage,
) -> None:
    game, state = await start_game(storage, 7, [1, 2], seed=3)
    seat = engine.deciding_seats(state)[0]
    action = engine.random_action(state, seat, random.Random(1))
    engine.apply(state, action)
    before = (SeatBank(seat, 86_400_000, NOW, 1), SeatBank(1 - seat, 86_400_000, None, 0))
    after = (SeatBank(seat, 172_800_000, None), SeatBank(1 - seat, 86_400_000, NOW, 0))
    await storage.games.commit_action(
        game.id, 0, seat, action.key, engine.dumps(state), deadline=NOW + timedelta(days=1),
        seat_banks=after, takeback=True, banks_before=before,
    )  # fmt: skip
    (logged,) = await storage.games.get_actions(game.id)
    assert logged.banks_before == before
    with pytest.raises(IntegrityError, match="append-only"):  # the log keeps them as written
        await sql(storage, "UPDATE actions SET banks_before = NULL")
    taken = await storage.games.take_back(
        game.id, 1, 1, engine.dumps(engine.new_game("artichokes", 2, game.options, 3)),
        deadline=NOW + timedelta(days=1), wake_at=NOW + timedelta(hours=23), seat_banks=before,
    )  # fmt: skip
    stored = {s.seat: (s.bank_ms, s.bank_since, s.reminders) for s in taken.seats}
    assert stored == {seat: (86_400_000, NOW, 1), 1 - seat: (86_400_000, None, 0)}
    assert (taken.deadline, taken.wake_at) == (NOW + timedelta(days=1), NOW + timedelta(hours=23))


async def test_a_clock_change_can_claim_the_wake_it_read(storage: Storage) -> None:
    game, _state = await start_game(storage, 8, [1, 2], seed=3)
    wake = NOW + timedelta(hours=12)
    first = await storage.games.set_clock(
        game.id, expected_version=0, deadline=NOW + timedelta(days=1), wake_at=wake
    )
    claimed = await storage.games.set_clock(
        game.id, expected_version=0, deadline=first.deadline,
        seat_banks=[SeatBank(0, 86_400_000, NOW, 1)], wake_at=NOW + timedelta(hours=23),
        read_wake=wake,
    )  # fmt: skip
    assert claimed.wake_at == NOW + timedelta(hours=23) and claimed.seats[0].reminders == 1
    with pytest.raises(StaleVersion):  # claimed already: a second try writes nothing
        await storage.games.set_clock(
            game.id, expected_version=0, deadline=first.deadline,
            seat_banks=[SeatBank(0, 86_400_000, NOW, 2)], wake_at=None, read_wake=wake,
        )  # fmt: skip
    assert (await storage.games.get_game(game.id)).seats[0].reminders == 1
