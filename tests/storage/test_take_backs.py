"""Taking back a move (``storage.takebacks``): the log keeps the move, marked, and the
take-back; versions are checked as for any move; replays and restarts see it all."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

import engine
from engine.undo import UNDO_KEY, Timeline
from storage import StaleVersion, Storage, TakeBackMove
from storage.verify import verify_replay
from tests.storage.helpers import start_game


async def _harvest(storage: Storage) -> tuple[int, engine.GameState, engine.GameState, int]:
    """A started game whose first move (a harvest, which the rule lets its seat take back)
    is committed as one its seat may take back: the game id, the states before and after,
    and the seat."""
    game, state = await start_game(storage, 1, [1, 2], seed=5)
    seat = engine.deciding_seats(state)[0]
    before = engine.clone(state)
    action = engine.legal_actions(state, seat)[0]
    line = Timeline(engine.clone(state))
    line.apply(action, 1)
    assert line.last(seat) is not None, "the first harvest may be taken back"
    events = engine.apply(state, action)
    record = await storage.games.commit_action_record(
        game.id, 0, seat, action.key, engine.dumps(state), public_events=events, takeback=True
    )
    assert record.takeback == TakeBackMove(1, seat, action.key)
    return game.id, before, state, seat


async def test_a_take_back_keeps_the_move_marked_and_logs_itself(storage: Storage) -> None:
    game_id, before, _after, seat = await _harvest(storage)
    record = await storage.games.take_back(
        game_id, 1, 1, engine.dumps(before), public_events=[engine.Event("x", seat, {})]
    )
    assert (record.version, record.undone, record.takeback) == (2, 1, None)
    assert record.state_json == engine.dumps(before)
    moved, taken_back = await storage.games.get_actions(game_id)
    assert (moved.undone_by, taken_back.undoes) == (2, 1)
    assert moved.undone_at is not None and taken_back.undone_by is None
    assert (taken_back.seat, taken_back.action_key, taken_back.actor) == (seat, UNDO_KEY, "player")
    assert [e.kind for e in taken_back.public_events] == ["x"]
    verified = await storage.verify_game(game_id)
    assert verified.ok, verified.message


async def test_a_second_take_back_of_the_same_move_or_a_stale_one_is_refused(
    storage: Storage,
) -> None:
    game_id, before, _after, _seat = await _harvest(storage)
    with pytest.raises(StaleVersion):  # decided on another version
        await storage.games.take_back(game_id, 0, 1, engine.dumps(before))
    await storage.games.take_back(game_id, 1, 1, engine.dumps(before))
    with pytest.raises(StaleVersion):  # the same click again
        await storage.games.take_back(game_id, 1, 1, engine.dumps(before))
    with pytest.raises(StaleVersion):  # at the new version, but nothing is offered now
        await storage.games.take_back(game_id, 2, 1, engine.dumps(before))
    assert len(await storage.games.get_actions(game_id)) == 2


async def test_another_move_withdraws_the_offer_and_the_game_goes_on_after_a_take_back(
    storage: Storage,
) -> None:
    game_id, before, _after, seat = await _harvest(storage)
    record = await storage.games.take_back(game_id, 1, 1, engine.dumps(before))
    state = before
    rng = random.Random(2)
    for version in (2, 3, 4):  # the state's step is the version less two now
        assert state.step == version - 2 * record.undone
        mover = engine.deciding_seats(state)[0]
        action = engine.random_action(state, mover, rng)
        events = engine.apply(state, action)
        record = await storage.games.commit_action_record(
            game_id, version, mover, action.key, engine.dumps(state), public_events=events
        )
        assert record.takeback is None
    with pytest.raises(StaleVersion):
        await storage.games.take_back(game_id, 5, 3, engine.dumps(before))
    verified = await storage.verify_game(game_id)
    assert verified.ok, verified.message
    loaded = await storage.games.load_active_games()
    assert [g.game.id for g in loaded.games] == [game_id] and not loaded.failures  # a restart


async def test_verify_catches_a_take_back_the_rule_did_not_allow(storage: Storage) -> None:
    game_id, before, _after, seat = await _harvest(storage)
    await storage.games.take_back(game_id, 1, 1, engine.dumps(before))
    game, (moved, taken_back) = await storage.games.snapshot(game_id)
    assert verify_replay(game, [moved, taken_back]).ok
    # the log cannot be altered (its trigger): check what a forged one would give
    other = replace(taken_back, seat=1 - seat)  # another seat taking the move back
    verified = verify_replay(game, [moved, other])
    assert not verified.ok and "refused on replay" in verified.message
    unmarked = replace(moved, undone_by=None)
    assert not verify_replay(game, [unmarked, taken_back]).ok


async def test_a_state_that_does_not_fit_the_version_is_refused(storage: Storage) -> None:
    game_id, _before, after, _seat = await _harvest(storage)
    with pytest.raises(ValueError):
        await storage.games.take_back(game_id, 1, 1, engine.dumps(after))
