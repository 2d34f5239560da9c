"""Migration 0003: per-seat results, the actor of each logged move, the per-game deadline."""

from __future__ import annotations

import random
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

import engine
from storage import (
    GameNotActive,
    GameNotInLobby,
    GameResult,
    SeatChange,
    StaleSeat,
    StaleVersion,
    Storage,
)
from storage.migrate import load_migrations, migrate
from tests.storage.helpers import start_game


async def _commit_random(storage: Storage, game_id: int, state: engine.GameState, **kw) -> int:
    rng = random.Random(state.step)
    seat = engine.deciding_seats(state)[0]
    action = engine.random_action(state, seat, rng)
    expected = state.step
    events = engine.apply(state, action)
    return await storage.games.commit_action(
        game_id, expected, action.seat, action.key, engine.dumps(state), public_events=events, **kw
    )


async def test_each_logged_move_says_who_made_it(storage: Storage) -> None:
    game, state = await start_game(storage, 1, [1, 2], seed=5)
    await _commit_random(storage, game.id, state)
    await _commit_random(storage, game.id, state, actor="automatic")
    await _commit_random(storage, game.id, state, actor="timeout")
    logged = await storage.games.get_actions(game.id)
    assert [a.actor for a in logged] == ["player", "automatic", "timeout"]
    with pytest.raises(ValueError, match="actor"):
        await _commit_random(storage, game.id, state, actor="ghost")


async def test_a_finishing_commit_writes_every_seats_score_and_rank(storage: Storage) -> None:
    game, state = await start_game(storage, 1, [1, 2, 3], seed=9)
    result = GameResult((1,), False, "scores", scores=(12, 30, 12), ranks=(2, 1, 2))
    await _commit_random(storage, game.id, state, status="finished", result=result)
    stored = await storage.games.get_game(game.id)
    assert [(s.score, s.rank) for s in stored.seats] == [(12, 2), (30, 1), (12, 2)]
    assert stored.result == result


async def test_a_game_won_without_scores_ranks_winners_first(storage: Storage) -> None:
    game, state = await start_game(storage, 1, [1, 2, 3], seed=9)
    await storage.games.finish_game(
        game.id, expected_version=0, result=GameResult((2,), False, "forfeit")
    )
    stored = await storage.games.get_game(game.id)
    assert [(s.score, s.rank) for s in stored.seats] == [(None, 2), (None, 2), (None, 1)]


async def test_a_draw_ranks_nobody(storage: Storage) -> None:
    game, _state = await start_game(storage, 1, [1, 2], seed=9)
    await storage.games.finish_game(
        game.id, expected_version=0, result=GameResult((), True, "turn_limit")
    )
    stored = await storage.games.get_game(game.id)
    assert [s.rank for s in stored.seats] == [None, None]


async def test_the_deadline_is_set_with_a_commit_and_cleared_when_the_game_ends(
    storage: Storage,
) -> None:
    game, state = await start_game(storage, 1, [1, 2], seed=5)
    soon = datetime(2027, 1, 2, 3, 4, 5, 678000, tzinfo=UTC)
    await _commit_random(storage, game.id, state, deadline=soon)
    assert (await storage.games.get_game(game.id)).deadline == soon
    later = soon + timedelta(hours=1)
    updated = await storage.games.set_deadline(game.id, expected_version=1, deadline=later)
    assert updated.deadline == later
    with pytest.raises(StaleVersion):
        await storage.games.set_deadline(game.id, expected_version=0, deadline=None)
    with pytest.raises(ValueError, match="timezone"):
        await storage.games.set_deadline(game.id, expected_version=1, deadline=datetime(2027, 1, 1))
    await _commit_random(storage, game.id, state)  # no clock for the next decision
    assert (await storage.games.get_game(game.id)).deadline is None
    await storage.games.set_deadline(game.id, expected_version=2, deadline=soon)
    await storage.games.abort_game(game.id)
    assert (await storage.games.get_game(game.id)).deadline is None
    with pytest.raises(GameNotActive):
        await storage.games.set_deadline(game.id, expected_version=2, deadline=soon)


async def test_a_version_2_database_keeps_its_log_as_moves_by_players(tmp_path: Path) -> None:
    path = tmp_path / "v2.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    migrate(conn, load_migrations()[:2])
    now = "2026-01-01T00:00:00+00:00"
    conn.execute(
        "INSERT INTO games (id, guild_id, channel_id, game_name, host_id, max_seats, created_at, "
        f"updated_at) VALUES (1, 1, 2, 'artichokes', 10, 4, '{now}', '{now}')"
    )
    for seat, user in ((0, 10), (1, 11)):
        conn.execute(
            f"INSERT INTO seats (game_id, seat, user_id, joined_at) VALUES (1, {seat}, {user}, "
            f"'{now}')"
        )
    state = engine.new_game("artichokes", 2, None, 3)
    conn.execute(
        "UPDATE games SET status = 'active', seed = 3, state = ?, started_at = ? WHERE id = 1",
        (engine.dumps(state), now),
    )
    action = engine.random_action(state, engine.deciding_seats(state)[0], random.Random(1))
    engine.apply(state, action)
    conn.execute("UPDATE games SET version = 1, state = ? WHERE id = 1", (engine.dumps(state),))
    conn.execute(
        "INSERT INTO actions (game_id, seq, seat, action_key, created_at) VALUES (1, 1, ?, ?, ?)",
        (action.seat, action.key, now),
    )
    conn.close()
    storage = await Storage.open(path=path)
    try:
        (logged,) = await storage.games.get_actions(1)
        assert logged.actor == "player" and logged.action_key == action.key
        record = await storage.games.get_game(1)
        assert record.deadline is None and [s.rank for s in record.seats] == [None, None]
        assert (await storage.verify_game(1)).ok
    finally:
        await storage.close()


async def test_automatic_seats_keep_their_level_and_leavers_get_the_greedy_one(
    storage: Storage,
) -> None:
    lobby = await storage.games.create_lobby(
        guild_id=1, channel_id=9, game_name="artichokes", host_id=1, max_seats=4
    )
    lobby = await storage.games.join_lobby(lobby.id, None, "Cardroom AI", level="ismcts")
    lobby = await storage.games.join_lobby(lobby.id, 2)
    assert [(s.user_id, s.automatic, s.level) for s in lobby.seats] == [
        (1, False, None),
        (None, True, "ismcts"),
        (2, False, None),
    ]
    state = engine.new_game("artichokes", 3, None, 5)
    await storage.games.start_game(lobby.id, seed=5, state_json=engine.dumps(state))
    left = await storage.games.leave_game(lobby.id, 2)
    assert (left.seats[2].automatic, left.seats[2].level) == (True, "greedy")


async def test_a_turn_clock_is_set_in_the_lobby(storage: Storage) -> None:
    lobby = await storage.games.create_lobby(
        guild_id=1, channel_id=9, game_name="ninjan", host_id=1, max_seats=5
    )
    assert lobby.turn_clock is None
    assert (await storage.games.set_turn_clock(lobby.id, 300)).turn_clock == 300
    assert (await storage.games.set_turn_clock(lobby.id, None)).turn_clock is None
    with pytest.raises(ValueError):
        await storage.games.set_turn_clock(lobby.id, 0)


async def test_the_thinking_time_is_set_in_the_lobby_and_kept_with_the_game(
    storage: Storage,
) -> None:
    lobby = await storage.games.create_lobby(
        guild_id=1, channel_id=9, game_name="ninjan", host_id=1, max_seats=5
    )
    assert lobby.thinking_ms is None
    assert (await storage.games.set_thinking_time(lobby.id, 1000)).thinking_ms == 1000
    with pytest.raises(ValueError):
        await storage.games.set_thinking_time(lobby.id, 0)
    await storage.games.join_lobby(lobby.id, 2)
    state = engine.new_game("ninjan", 2, None, 5)
    started = await storage.games.start_game(lobby.id, seed=5, state_json=engine.dumps(state))
    assert started.thinking_ms == 1000
    assert (await storage.games.get_game(lobby.id)).thinking_ms == 1000
    with pytest.raises(GameNotInLobby):
        await storage.games.set_thinking_time(lobby.id, None)


async def test_a_commit_writes_the_seat_changes_its_caller_decided(
    storage: Storage,
) -> None:
    """Storage decides nothing about seats (the bot's service does: ``bot.service.seats``):
    a move writes the timeouts and away its caller says, in the same transaction, and a
    change decided on what the seat no longer holds is refused with its whole move."""
    game, state = await start_game(storage, 1, [1, 2], seed=5)

    async def move(seat: int, actor: str, *changes: SeatChange) -> tuple[int, bool]:
        # storage keeps what the bot commits; legality is the engine's business
        expected = state.step
        state.step += 1
        await storage.games.commit_action(
            game.id, expected, seat, "k", engine.dumps(state), actor=actor, seat_changes=changes
        )
        record = await storage.games.get_game(game.id)
        return record.seats[seat].timeouts, record.seats[seat].away

    assert await move(0, "timeout", SeatChange(0, 1, False, read=(0, False))) == (1, False)
    assert await move(0, "timeout") == (1, False)  # no change: the seat stays as it is
    assert await move(1, "automatic") == (0, False)
    assert await move(0, "timeout", SeatChange(0, 2, False, read=(1, False))) == (2, False)
    assert await move(0, "timeout", SeatChange(0, 3, True, read=(2, False))) == (3, True)
    assert await move(0, "automatic") == (3, True)
    assert await move(0, "player", SeatChange(0, 0, False)) == (0, False)
    assert await move(0, "timeout", SeatChange(0, 1, False, read=(0, False))) == (1, False)
    version = state.step
    with pytest.raises(StaleSeat):  # decided on two timeouts: the seat holds one
        await move(0, "timeout", SeatChange(0, 3, True, read=(2, False)))
    record = await storage.games.get_game(game.id)
    assert record.version == version
    assert (record.seats[0].timeouts, record.seats[0].away) == (1, False)
    assert [a.seq for a in await storage.games.get_actions(game.id)][-1] == version
    # without a move (a player back from away): the version stays
    back = await storage.games.change_seat(game.id, SeatChange(0, 0, False))
    assert back.version == version and back.seats[0].timeouts == 0
