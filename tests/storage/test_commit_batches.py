"""How moves reach the database under load: batches side by side on PostgreSQL, one at a time
on SQLite; moves as guarded writes, game ends as serializable ones (``storage.commits``)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from typing import Any

import engine
from storage import Storage
from tests.storage.helpers import play_one, play_to_end, start_game


def _watch(storage: Storage, method: str, calls: list[int], in_flight: list[int]) -> None:
    """Wrap ``storage.db.<method>``: each call appends how many of its calls were running."""
    original: Callable[..., Awaitable[Any]] = getattr(storage.db, method)
    running = 0

    async def watched(fn: Callable[..., Any]) -> Any:
        nonlocal running
        running += 1
        in_flight.append(running)
        calls.append(1)
        try:
            await asyncio.sleep(0.01)  # a server round trip: long enough for others to queue
            return await original(fn)
        finally:
            running -= 1

    setattr(storage.db, method, watched)


async def test_moves_commit_as_guarded_writes_and_game_ends_as_serializable_ones(
    storage: Storage,
) -> None:
    games = [await start_game(storage, 10 + n, [1, 2], seed=n) for n in range(3)]
    guarded: list[int] = []
    serializable: list[int] = []
    _watch(storage, "write_guarded", guarded, [])
    _watch(storage, "write", serializable, [])
    for n, (game, state) in enumerate(games):
        await play_to_end(storage, game.id, state, random.Random(n))
    moves = sum([len(await storage.games.get_actions(game.id)) for game, _ in games])
    assert len(serializable) == len(games)  # one for each game's last action
    assert len(guarded) == moves - len(games)
    for game, _ in games:
        stored = await storage.games.get_game(game.id)
        assert stored.status == "finished"
        assert (await storage.verify_game(game.id)).ok


async def test_a_game_end_queued_with_moves_commits_every_one_of_them(storage: Storage) -> None:
    """Moves of some games and the last move of another, queued together, all commit: the
    end in a transaction of its own, the stats of its players written with it."""
    ending, ending_state = await start_game(storage, 1, [1, 2], seed=5)
    rng = random.Random(5)
    while True:  # up to the move before the last
        probe = engine.clone(ending_state)
        seat = rng.choice(engine.deciding_seats(probe))
        action = engine.random_action(probe, seat, rng)
        engine.apply(probe, action)
        if engine.outcome(probe) is not None:
            break
        await play_one(storage, ending.id, ending_state, random.Random(0))
    others = [await start_game(storage, 2 + n, [3, 4], seed=n) for n in range(4)]
    while engine.outcome(ending_state) is None:
        last = play_one(storage, ending.id, ending_state, rng)
        moves = [play_one(storage, g.id, s, random.Random(g.id)) for g, s in others]
        versions = await asyncio.gather(last, *moves)
        assert versions[1:] == [s.step for _, s in others]
    assert (await storage.games.get_game(ending.id)).status == "finished"
    assert [s.played for s in await storage.history.stats(1, guild_id=1)] == [1]
    for game, state in [(ending, ending_state), *others]:
        assert (await storage.games.get_game(game.id)).version == state.step
        assert (await storage.verify_game(game.id)).ok


async def test_postgresql_commits_batches_of_different_games_side_by_side(
    storage: Storage,
) -> None:
    """On PostgreSQL a move never waits for another game's batch to come back from the
    server (up to half the connection pool at once); SQLite takes them one at a time."""
    games = [await start_game(storage, 10 + n, [1, 2], seed=n) for n in range(8)]
    in_flight: list[int] = []
    _watch(storage, "write_guarded", [], in_flight)

    async def play(n: int, game_id: int, state: engine.GameState) -> None:
        await asyncio.sleep(n * 0.002)  # moves arrive one by one, while batches are in flight
        await play_one(storage, game_id, state, random.Random(game_id))

    for _round in range(3):
        await asyncio.gather(*(play(n, g.id, s) for n, (g, s) in enumerate(games)))
    if storage.db.dialect == "postgresql":
        assert storage.db.write_concurrency == 5  # half the default pool of 10
        assert max(in_flight) == 5
    else:
        assert storage.db.write_concurrency == 1
        assert max(in_flight) == 1
    for game, state in games:
        assert (await storage.games.get_game(game.id)).version == state.step
        assert (await storage.verify_game(game.id)).ok


async def test_postgresql_guarded_writes_run_at_read_committed(postgresql_url: str) -> None:
    """The isolation each kind of write runs at, as the server reports it (SQLite has one
    writer at a time: every write there is serializable)."""
    show = "SHOW transaction_isolation"
    async with await Storage.open(url=postgresql_url) as storage:
        guarded = await storage.db.write_guarded(lambda c: c.execute(show).fetchone()[0])
        assert guarded == "read committed"
        assert await storage.db.write(lambda c: c.execute(show).fetchone()[0]) == "serializable"
