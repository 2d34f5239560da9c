"""How moves reach the database under load: batches side by side on PostgreSQL, one at a time
on SQLite; moves as guarded writes, game ends as serializable ones (``storage.commits``)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

import engine
from storage import Storage, commits
from storage.commits import CommitQueue, CommitRequest
from storage.ends import GameEnds
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


async def test_a_game_end_queued_with_moves_commits_apart_as_a_serializable_write(
    storage: Storage,
) -> None:
    """Moves of several games and the last move of another, queued together, all commit:
    the moves in one guarded write, the end in a serializable one of its own, the stats of
    its players written with it."""
    ending, ending_state = await start_game(storage, 1, [1, 2], seed=5)
    others = [await start_game(storage, 2 + n, [3, 4], seed=n) for n in range(4)]
    kinds: dict[str, list[list[bool]]] = {"write": [], "write_guarded": []}
    for method, seen in kinds.items():
        original = getattr(storage.db, method)

        async def watched(fn: Any, original: Any = original, seen: Any = seen) -> Any:
            seen.append([request.result_json is not None for request in fn.args[0]])
            return await original(fn)

        setattr(storage.db, method, watched)
    rng = random.Random(5)
    while engine.outcome(ending_state) is None:
        last = play_one(storage, ending.id, ending_state, rng)
        going = [(g, s) for g, s in others if engine.outcome(s) is None]
        moves = [play_one(storage, g.id, s, random.Random(g.id)) for g, s in going]
        await asyncio.wait_for(asyncio.gather(last, *moves), 10)
    assert kinds["write"] and all(all(batch) for batch in kinds["write"]), "ends, apart"
    assert all(not any(batch) for batch in kinds["write_guarded"]), "moves only"
    assert max(len(batch) for batch in kinds["write_guarded"]) == 1 + len(others)
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


class _Gated:
    """A backend whose writes wait for ``release``; it records how many ran at once, by kind
    (``write``: serializable, ``write_guarded``)."""

    dialect = "postgresql"

    def __init__(self, concurrency: int) -> None:
        self.write_concurrency = concurrency
        self.release = asyncio.Event()
        self.running = {"write": 0, "write_guarded": 0}
        self.most = {"write": 0, "write_guarded": 0}

    async def _run(self, kind: str, fn: Callable[..., Any]) -> list[int]:
        self.running[kind] += 1
        self.most[kind] = max(self.most[kind], self.running[kind])
        try:
            await self.release.wait()
            return [request.expected_version + 1 for request in fn.args[0]]
        finally:
            self.running[kind] -= 1

    async def write(self, fn: Callable[..., Any]) -> list[int]:
        return await self._run("write", fn)

    async def write_guarded(self, fn: Callable[..., Any]) -> list[int]:
        return await self._run("write_guarded", fn)


def _request(game_id: int, *, ends: bool = False) -> CommitRequest:
    return CommitRequest(
        game_id=game_id,
        expected_version=game_id,
        seat=0,
        action_key="end",
        state_json="{}",
        events_json="[]",
        result_json='{"winners": [0]}' if ends else None,
        actor="player",
        deadline=None,
        future=asyncio.get_running_loop().create_future(),
    )


async def test_a_move_queued_as_the_last_batch_returns_is_committed_at_once() -> None:
    """A move that arrives in the loop turn where the only flusher returns (before its task
    is forgotten) gets a flusher of its own; it used to wait for the next move of any game,
    and ``drain`` returned with it still queued."""
    db = _Gated(concurrency=1)
    queue = CommitQueue(db)
    first = asyncio.create_task(queue.submit(_request(1)))
    await asyncio.sleep(0)  # the flusher is in its write
    go = asyncio.Event()

    async def second() -> int:
        await go.wait()
        return await queue.submit(_request(2))

    late = asyncio.create_task(second())
    await asyncio.sleep(0)
    db.release.set()  # the flusher returns in the next loop turn ...
    go.set()  # ... and the second move is queued in that same turn, right after it
    assert await asyncio.wait_for(first, 1) == 2
    assert await asyncio.wait_for(late, 1) == 3
    await asyncio.wait_for(queue.drain(), 1)


async def test_game_ends_commit_one_batch_at_a_time_and_moves_side_by_side() -> None:
    """Ends rate the same players' rows: side by side they refused each other (serialization
    failures), so they take one lane; moves of other games do not wait for them."""
    db = _Gated(concurrency=5)
    queue = CommitQueue(db)
    submitted = []
    for game_id in range(1, 9):
        submitted.append(
            asyncio.create_task(queue.submit(_request(game_id, ends=game_id % 2 == 0)))
        )
        await asyncio.sleep(0)  # each arrives while the others' batches are in flight
        await asyncio.sleep(0)
    db.release.set()
    versions = await asyncio.wait_for(asyncio.gather(*submitted), 1)
    assert versions == [game_id + 1 for game_id in range(1, 9)]
    assert db.most["write"] == 1
    assert db.most["write_guarded"] > 1
    await asyncio.wait_for(queue.drain(), 1)
    assert not queue._pending


def test_a_batch_applies_its_games_in_the_order_of_their_ids(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two batches running at once lock the games they share in one order (no deadlock);
    each request still gets its own outcome."""
    applied: list[int] = []

    def apply_one(conn: Any, request: CommitRequest, now: str, ends: GameEnds) -> int:
        applied.append(request.game_id)
        if request.game_id == 5:
            raise ValueError("refused")
        return request.expected_version + 1

    class Conn:
        def execute(self, sql: str, *parameters: Any) -> None:
            """Savepoints only."""

    monkeypatch.setattr(commits, "apply_one", apply_one)

    async def batch() -> list[CommitRequest]:
        return [_request(game_id) for game_id in (9, 5, 7, 2)]

    requests = asyncio.run(batch())
    outcomes = commits.apply_batch(Conn(), requests, GameEnds())
    assert applied == [2, 5, 7, 9]
    assert outcomes[0] == 10 and outcomes[2] == 8 and outcomes[3] == 3
    assert isinstance(outcomes[1], ValueError)
