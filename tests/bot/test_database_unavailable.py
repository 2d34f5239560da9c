"""PostgreSQL restarted under a playing bot (the use-case layer, a real server): moves in
flight are answered with an error saying to try again, or applied; none is lost once
acknowledged, none is applied twice, and the pool reconnects by itself."""

from __future__ import annotations

import asyncio
import itertools
import random

import pytest
from pytest_postgresql.executors import PostgreSQLExecutor

import engine
from bot.service import GameService
from bot.service.errors import UserError
from bot.timing.retry import when_reachable
from storage import DatabaseBusy, DatabaseUnavailable, GameStatus, Storage
from tests.bot.helpers import BOB, CAROL, HOST, play_random

GAMES = 4


async def _started(service: GameService, channel_id: int) -> int:
    lobby = await service.open_lobby(
        guild_id=1, channel_id=channel_id, host_id=HOST, game_name="artichokes"
    )
    for user in (BOB, CAROL):
        await service.join(lobby.id, user)
    await service.start(lobby.id, HOST)
    return lobby.id


async def test_a_postgresql_restart_mid_play_loses_and_doubles_no_move(
    postgresql_server: PostgreSQLExecutor, postgresql_url: str
) -> None:
    storage = await Storage.open(url=postgresql_url)
    storage.db.reconnect_timeout = 0.2  # type: ignore[attr-defined]  # fail fast here
    seeds = iter(range(100, 1000))
    service = GameService(storage, seed=lambda: next(seeds))
    channels = itertools.count(10)
    first = [await _started(service, next(channels)) for _ in range(GAMES)]
    acknowledged = dict.fromkeys(first, 0)
    uncertain = dict.fromkeys(first, 0)  # refused with "try again": maybe applied, maybe not
    restarted = asyncio.Event()

    async def player(game_id: int, rng: random.Random) -> None:
        """Plays ``game_id``, and a new game in a new channel whenever one ends before the
        restart (so moves are in flight however long the server takes to stop), until 30
        moves were acknowledged after the restart."""
        after = 0
        while not restarted.is_set() or after < 30:
            try:
                snapshot = await service.snapshot(game_id)
                if snapshot.record.status != GameStatus.ACTIVE:
                    if restarted.is_set():
                        return
                    game_id = await _started(service, next(channels))
                    acknowledged[game_id] = uncertain[game_id] = 0
                    continue
                await play_random(service, snapshot, rng)
                acknowledged[game_id] += 1
                after += restarted.is_set()
            except UserError:  # "moved on": the screen would refresh
                pass
            except (DatabaseUnavailable, DatabaseBusy):
                uncertain[game_id] += 1
                await asyncio.sleep(0.05)
            await asyncio.sleep(0)

    async def restart() -> None:
        await asyncio.sleep(0.5)  # moves are flowing
        await asyncio.to_thread(postgresql_server.stop)
        try:
            await asyncio.sleep(0.5)
        finally:
            await asyncio.to_thread(postgresql_server.start)
        restarted.set()

    try:
        await asyncio.gather(restart(), *(player(g, random.Random(g)) for g in first))
        assert sum(uncertain.values()) > 0  # the restart really met moves in flight
        for game_id in acknowledged:
            log = await storage.games.get_actions(game_id)
            assert [a.seq for a in log] == list(range(1, len(log) + 1))  # none twice
            assert acknowledged[game_id] <= len(log)  # none lost
            assert len(log) <= acknowledged[game_id] + uncertain[game_id]
            result = await storage.verify_game(game_id)
            assert result.ok, result.message
            snapshot = await service.snapshot(game_id)
            assert snapshot.record.version == len(log)
            assert (
                engine.dumps(snapshot.state) == (await storage.games.get_game(game_id)).state_json
            )
    finally:
        await storage.close()


async def test_background_work_is_tried_again_until_the_database_is_back() -> None:
    """An automatic move or a timeout that meets the database away is made once it is back
    (nobody would click for it), and still raises when it never comes back."""
    calls: list[int] = []

    async def work() -> str:
        calls.append(len(calls))
        if len(calls) < 3:
            raise DatabaseUnavailable("PostgreSQL restarting")
        return "moved"

    failed: list[Exception] = []
    moved = await when_reachable(work, "automatic moves of game 1", (0, 0, 0), retried=failed)
    assert moved == "moved" and len(calls) == 3
    assert [type(e) for e in failed] == [DatabaseUnavailable] * 2  # maybe committed: shown
    calls.clear()
    with pytest.raises(DatabaseUnavailable):
        await when_reachable(work, "automatic moves of game 1", delays=(0,))
    assert len(calls) == 2
