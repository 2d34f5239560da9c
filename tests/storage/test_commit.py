"""commit_action and the other changes to a running game."""

from __future__ import annotations

import random

import pytest

import engine
from storage import (
    GameNotActive,
    GameNotFound,
    GameResult,
    GameStatus,
    NotSeated,
    PublicEvent,
    SeatChange,
    StaleVersion,
    Storage,
)
from storage.sql import IntegrityError
from tests.storage.helpers import (
    apply_and_commit,
    open_lobby,
    play_one,
    play_to_end,
    sql,
    start_game,
)


def _next(state: engine.GameState, rng: random.Random) -> tuple[engine.Action, list]:
    seat = rng.choice(engine.deciding_seats(state))
    action = engine.random_action(state, seat, rng)
    return action, engine.apply(state, action)


async def test_commit_appends_the_log_and_bumps_the_version(storage: Storage) -> None:
    game, state = await start_game(storage, 1, [1, 2], seed=5)
    rng = random.Random(0)
    action, events = _next(state, rng)
    version = await storage.games.commit_action(
        game.id, 0, action.seat, action.key, engine.dumps(state), public_events=events
    )
    assert version == 1
    stored = await storage.games.get_game(game.id)
    assert (stored.version, stored.state_json, stored.status) == (1, engine.dumps(state), "active")
    [logged] = await storage.games.get_actions(game.id)
    assert (logged.seq, logged.seat, logged.action_key) == (1, action.seat, action.key)
    public = [PublicEvent(e.kind, e.seat, e.data) for e in events if e.visible_to is None]
    assert list(logged.public_events) == public


async def test_private_events_are_never_stored(storage: Storage) -> None:
    game, state = await start_game(storage, 1, [1, 2], seed=5)
    action, _ = _next(state, random.Random(0))
    events = [
        engine.Event("drew", 0, {"cards": ["Carrot"]}, (0,)),
        engine.Event("drew_count", 0, {"count": 1}),
        {"kind": "note", "seat": None, "data": {"x": 1}},
    ]
    await storage.games.commit_action(
        game.id, 0, action.seat, action.key, engine.dumps(state), public_events=events
    )
    [logged] = await storage.games.get_actions(game.id)
    assert [e.kind for e in logged.public_events] == ["drew_count", "note"]


async def test_stale_version_is_refused_and_writes_nothing(storage: Storage) -> None:
    game, state = await start_game(storage, 1, [1, 2], seed=5)
    rng = random.Random(1)
    await play_one(storage, game.id, state, rng)
    before = await storage.games.snapshot(game.id)
    action, _ = _next(state, rng)
    with pytest.raises(StaleVersion) as info:
        # Claims version 0 although the game is at 1 (the state itself is well-formed).
        await storage.games.commit_action(
            game.id, 0, action.seat, action.key, engine.dumps(state).replace('"step":2', '"step":1')
        )
    assert (info.value.expected, info.value.current) == (0, 1)
    assert await storage.games.snapshot(game.id) == before


async def test_the_state_step_must_follow_the_version(storage: Storage) -> None:
    game, state = await start_game(storage, 1, [1, 2], seed=5)
    action, _ = _next(state, random.Random(1))
    with pytest.raises(ValueError, match="step"):
        await storage.games.commit_action(game.id, 3, action.seat, action.key, engine.dumps(state))


async def test_commit_refused_unless_active(storage: Storage) -> None:
    lobby = await open_lobby(storage, 1, [1, 2])
    with pytest.raises(GameNotActive) as info:
        await storage.games.commit_action(lobby.id, 0, 0, "x", '{"step": 1}')
    assert info.value.status == "lobby"
    with pytest.raises(GameNotFound):
        await storage.games.commit_action(999, 0, 0, "x", '{"step": 1}')
    game, state = await start_game(storage, 2, [1, 2], seed=5)
    await storage.games.abort_game(game.id, reason="admin")
    action, _ = _next(state, random.Random(1))
    with pytest.raises(GameNotActive):
        await storage.games.commit_action(game.id, 0, action.seat, action.key, engine.dumps(state))
    assert await storage.games.get_actions(game.id) == []


async def test_an_unknown_seat_is_refused(storage: Storage) -> None:
    game, state = await start_game(storage, 1, [1, 2], seed=5)
    action, _ = _next(state, random.Random(1))
    with pytest.raises(ValueError, match="no seat 7"):
        await storage.games.commit_action(game.id, 0, 7, action.key, engine.dumps(state))
    assert (await storage.games.get_game(game.id)).version == 0


async def test_the_last_action_finishes_the_game(storage: Storage) -> None:
    game, state = await start_game(storage, 1, [1, 2, 3], seed=11)
    await play_to_end(storage, game.id, state, random.Random(2))
    finished = await storage.games.get_game(game.id)
    outcome = engine.outcome(state)
    assert finished.status == GameStatus.FINISHED and not finished.is_open
    assert finished.result == GameResult(outcome.winners, outcome.draw, outcome.reason)
    assert finished.version == state.step == len(await storage.games.get_actions(game.id))
    assert finished.ended_at is not None
    assert await storage.games.find_open_game(1) is None
    with pytest.raises(GameNotActive):
        await storage.games.commit_action(
            game.id, state.step, 0, "x", f'{{"step": {state.step + 1}}}'
        )


async def test_finish_arguments_are_checked(storage: Storage) -> None:
    game, state = await start_game(storage, 1, [1, 2], seed=5)
    action, _ = _next(state, random.Random(1))
    text = engine.dumps(state)
    with pytest.raises(ValueError, match="needs a result"):
        await storage.games.commit_action(
            game.id, 0, action.seat, action.key, text, status="finished"
        )
    with pytest.raises(ValueError, match='status="finished"'):
        await storage.games.commit_action(
            game.id, 0, action.seat, action.key, text, result=GameResult((0,), False, "x")
        )
    with pytest.raises(ValueError, match="only set status"):
        await storage.games.commit_action(
            game.id, 0, action.seat, action.key, text, status="aborted"
        )


async def test_finish_game_without_an_action(storage: Storage) -> None:
    game, state = await start_game(storage, 1, [1, 2], seed=5)
    await play_one(storage, game.id, state, random.Random(3))
    with pytest.raises(StaleVersion):
        await storage.games.finish_game(game.id, expected_version=0, result={"draw": True})
    done = await storage.games.finish_game(
        game.id, expected_version=1, result={"winners": [], "draw": True, "reason": "abandoned"}
    )
    assert done.status == GameStatus.FINISHED
    assert done.result == GameResult((), True, "abandoned")
    assert done.version == 1
    with pytest.raises(GameNotActive):
        await storage.games.finish_game(game.id, expected_version=1, result={})


async def test_a_leaver_becomes_an_automatic_seat(storage: Storage) -> None:
    game, state = await start_game(storage, 1, [1, 2, 3], seed=5)
    left = await storage.games.leave_game(game.id, 2)
    seat = left.seats[1]
    assert (seat.seat, seat.user_id, seat.automatic) == (1, 2, True)
    assert seat.left_at is not None and not seat.is_human
    game = await storage.games.get_game(game.id)
    assert game == left and game.status == GameStatus.ACTIVE
    assert [s.automatic for s in game.seats] == [False, True, False]
    assert game.seat_of(2) is None  # no longer plays
    assert [g.id for g in await storage.games.find_games_by_player(2)] == []
    with pytest.raises(NotSeated):
        await storage.games.leave_game(game.id, 2)
    # The automatic seat keeps acting in the log.
    rng = random.Random(4)
    for _ in range(20):
        await play_one(storage, game.id, state, rng)
    assert (await storage.games.get_game(game.id)).version == 20


async def test_a_leave_can_end_the_game_in_the_same_transaction(storage: Storage) -> None:
    game, _state = await start_game(storage, 1, [1, 2], seed=5)
    won = GameResult((0,), False, "forfeit")
    done = await storage.games.leave_game(game.id, 2, finish=won)
    assert done.status == GameStatus.FINISHED and done.result == won
    assert [(s.automatic, s.rank) for s in done.seats] == [(False, 1), (True, 2)]
    other, _state = await start_game(storage, 2, [3, 4], seed=5)
    await storage.games.leave_game(other.id, 3)
    gone = await storage.games.leave_game(other.id, 4, abandon="abandoned")
    assert gone.status == GameStatus.ABORTED and gone.result.reason == "abandoned"
    with pytest.raises(ValueError):
        await storage.games.leave_game(game.id, 1, finish=won, abandon="x")


async def test_schema_guards_the_log_and_the_status(storage: Storage) -> None:
    game, state = await start_game(storage, 1, [1, 2], seed=5)
    await play_one(storage, game.id, state, random.Random(3))
    for statement in (
        "UPDATE actions SET action_key = 'x'",
        "DELETE FROM actions",
        f"UPDATE games SET status = 'lobby' WHERE id = {game.id}",
        f"UPDATE games SET version = 5 WHERE id = {game.id}",
        f"DELETE FROM seats WHERE game_id = {game.id}",
        "INSERT INTO actions (game_id, seq, seat, action_key, public_events, created_at, "
        f"actor) VALUES ({game.id}, 7, 0, 'x', '[]', 'now', 'player')",
        # a move may only be marked taken back, once, and nothing else of it changes
        "UPDATE actions SET undone_by = 2, undone_at = 'now', action_key = 'x'",
        "UPDATE actions SET undone_by = 2",
        "UPDATE actions SET undone_at = 'now'",
    ):
        with pytest.raises(IntegrityError):
            await sql(storage, statement)
    await sql(storage, "UPDATE actions SET undone_by = 2, undone_at = 'now'")
    with pytest.raises(IntegrityError):  # once
        await sql(storage, "UPDATE actions SET undone_by = 3, undone_at = 'then'")


async def test_the_game_a_commit_returns_is_the_game_as_stored(storage: Storage) -> None:
    """``commit_action_record`` reads the game back in its own transaction (a move from its
    ``UPDATE``'s ``RETURNING``, an end after its results): what it returns is what a fresh
    read gives, seats included, through three timeouts of seat 0, its player's return and the
    game's end."""
    game, state = await start_game(storage, 1, [1, 2], seed=5)
    rng = random.Random(3)
    plan = [  # seat 0's moves, with the seat changes the bot's service decides for them
        ("timeout", SeatChange(0, 1, False, read=(0, False))),
        ("timeout", SeatChange(0, 2, False, read=(1, False))),
        ("timeout", SeatChange(0, 3, True, read=(2, False))),
        ("player", SeatChange(0, 0, False)),
    ]
    seen: list[tuple[int, bool]] = []
    while engine.outcome(state) is None:
        seat = rng.choice(engine.deciding_seats(state))
        actor, change = plan.pop(0) if plan and seat == 0 else ("player", None)
        action = engine.random_action(state, seat, rng)
        returned = await apply_and_commit(
            storage,
            game.id,
            state,
            action,
            actor=actor,
            seat_changes=() if change is None else (change,),
        )
        assert returned == await storage.games.get_game(game.id)
        assert returned.version == state.step
        if seat == 0 and len(seen) < 4:
            seen.append((returned.seats[0].timeouts, returned.seats[0].away))
    assert seen == [(1, False), (2, False), (3, True), (0, False)]
    assert returned.status == GameStatus.FINISHED
    assert all(s.rank is not None for s in returned.seats)


async def test_a_refused_commit_returns_nothing_and_writes_nothing(storage: Storage) -> None:
    game, state = await start_game(storage, 1, [1, 2], seed=5)
    action, _ = _next(state, random.Random(0))
    with pytest.raises(ValueError, match="has no seat 7"):
        await storage.games.commit_action_record(game.id, 0, 7, action.key, engine.dumps(state))
    stale = engine.clone(state)
    stale.step = 4
    with pytest.raises(StaleVersion):
        await storage.games.commit_action_record(
            game.id, 3, action.seat, action.key, engine.dumps(stale)
        )
    assert (await storage.games.get_game(game.id)).version == 0
    assert await storage.games.get_actions(game.id) == []
