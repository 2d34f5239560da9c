"""Concurrent commits: exactly one of two on the same version wins, in one process or two."""

from __future__ import annotations

import asyncio
import random
import sys
from pathlib import Path

import pytest

import engine
from storage import GameNotActive, GameResult, StaleVersion, Storage
from tests.backends import OpenStorage
from tests.storage.helpers import start_game


def _two_different_moves(state: engine.GameState) -> list[tuple[engine.Action, str]]:
    """Two states, each ``state`` after a different legal action (or the same one twice)."""
    seat = engine.deciding_seats(state)[0]
    legal = engine.legal_actions(state, seat)
    # an Eggplant pass is a multi-select: nothing is listed, any two answers do
    pair = (
        (legal[0], legal[-1])
        if len(legal)
        else tuple(engine.random_action(state, seat, random.Random(k)) for k in (1, 2))
    )
    moves = []
    for action in pair:
        copy = engine.clone(state)
        engine.apply(copy, action)
        moves.append((action, engine.dumps(copy)))
    return moves


async def _race(first: Storage, second: Storage, game_id: int, state: engine.GameState) -> None:
    version = state.step
    moves = _two_different_moves(state)
    outcomes = await asyncio.gather(
        *(
            store.games.commit_action(game_id, version, action.seat, action.key, text)
            for store, (action, text) in zip((first, second), moves, strict=True)
        ),
        return_exceptions=True,
    )
    winners = [i for i, o in enumerate(outcomes) if o == version + 1]
    losers = [o for o in outcomes if isinstance(o, StaleVersion)]
    assert len(winners) == 1 and len(losers) == 1, outcomes
    assert (losers[0].expected, losers[0].current) == (version, version + 1)
    stored = await first.games.get_game(game_id)
    action, text = moves[winners[0]]
    assert stored.version == version + 1 and stored.state_json == text
    log = await first.games.get_actions(game_id)
    assert [(a.seq, a.seat, a.action_key) for a in log][-1] == (
        version + 1,
        action.seat,
        action.key,
    )
    assert len(log) == version + 1


async def test_two_tasks_same_version_one_wins(storage: Storage) -> None:
    game, state = await start_game(storage, 1, [1, 2], seed=3)
    await _race(storage, storage, game.id, state)


async def test_two_connections_same_version_one_wins(open_storage: OpenStorage) -> None:
    async with (
        await open_storage() as first,
        await open_storage() as second,
    ):
        game, state = await start_game(first, 1, [1, 2], seed=3)
        for _ in range(10):
            await _race(first, second, game.id, state)
            state = engine.loads((await second.games.get_game(game.id)).state_json)


async def test_racing_players_on_many_games_stay_consistent(open_storage: OpenStorage) -> None:
    """Two connections, two racing tasks per game; losers reload and retry; replay agrees."""
    async with (
        await open_storage() as first,
        await open_storage() as second,
    ):
        games = [(await start_game(first, 100 + i, [1, 2, 3], seed=i))[0] for i in range(8)]
        stale = 0

        async def player(store: Storage, game_id: int, rng: random.Random) -> None:
            nonlocal stale
            for _ in range(25):
                record = await store.games.get_game(game_id)
                state = engine.loads(record.state_json)
                if engine.outcome(state) is not None:
                    return
                seat = rng.choice(engine.deciding_seats(state))
                action = engine.random_action(state, seat, rng)
                engine.apply(state, action)
                over = engine.outcome(state)  # an action that ends the game ends it here too
                try:
                    await store.games.commit_action(
                        game_id,
                        record.version,
                        action.seat,
                        action.key,
                        engine.dumps(state),
                        status="finished" if over else None,
                        result=GameResult.of(over) if over else None,
                    )
                except (StaleVersion, GameNotActive):
                    # Lost the race: another player moved first, or finished the game
                    # between this player's read and its commit.
                    stale += 1

        await asyncio.gather(
            *(
                player(store, game.id, random.Random(game.id * 10 + k))
                for game in games
                for k, store in enumerate((first, second, first))
            )
        )
        for game in games:
            result = await first.verify_game(game.id)
            assert result.ok, result.message
            assert result.replayed_version == (await first.games.get_game(game.id)).version > 0
        assert stale > 0  # the races really happened


async def test_a_cancelled_commit_leaves_a_consistent_game(storage: Storage) -> None:
    game, state = await start_game(storage, 1, [1, 2], seed=3)
    seat = engine.deciding_seats(state)[0]
    action = engine.legal_actions(state, seat)[0]
    engine.apply(state, action)
    task = asyncio.create_task(
        storage.games.commit_action(game.id, 0, action.seat, action.key, engine.dumps(state))
    )
    await asyncio.sleep(0)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    await storage.games.drain()
    # Either committed or not, but never half: the version matches the log and replay agrees.
    stored = await storage.games.get_game(game.id)
    assert stored.version == len(await storage.games.get_actions(game.id))
    assert (await storage.verify_game(game.id)).ok


async def test_two_processes_racing_on_one_game(
    open_storage: OpenStorage, database: Path | str
) -> None:
    """Two OS processes commit on the same game; the version check keeps it consistent."""
    async with await open_storage() as storage:
        game, _ = await start_game(storage, 1, [1, 2, 3, 4], seed=21)
    worker = Path(__file__).with_name("race_worker.py")
    procs = [
        await asyncio.create_subprocess_exec(
            sys.executable,
            str(worker),
            str(database),
            str(game.id),
            str(seed),
            "150",
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        for seed in (1, 2)
    ]
    for proc in procs:
        assert await proc.stdout.readline() == b"ready\n"
    for proc in procs:
        proc.stdin.write(b"go\n")
        await proc.stdin.drain()
    outputs = [await proc.communicate() for proc in procs]
    assert [proc.returncode for proc in procs] == [0, 0], [err.decode() for _, err in outputs]
    won, stale = (sum(int(out.split()[i]) for out, _ in outputs) for i in (0, 1))
    async with await open_storage() as storage:
        stored = await storage.games.get_game(game.id)
        assert stored.version == won > 0
        result = await storage.verify_game(game.id)
        assert result.ok, result.message
    assert stale > 0, "the processes never raced; make the game longer"
