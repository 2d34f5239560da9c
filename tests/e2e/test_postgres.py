"""The bot on PostgreSQL through the fake Discord: the very tests it passes on SQLite (a whole
game to the end, the memory of play, a restart mid-game, games at once in threads), run again
with its games in a real PostgreSQL database (``postgresql_world``); and PostgreSQL stopped
under the bot."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from pytest_postgresql.executors import PostgreSQLExecutor

from tests.e2e import scenarios
from tests.e2e.conftest import World
from tests.e2e.helpers import open_lobby, told
from tests.e2e.many_threads import many_games_in_threads


async def test_a_full_game_to_the_end(postgresql_world: World) -> None:
    assert postgresql_world.bot.storage.db.dialect == "postgresql"
    await scenarios.a_full_game_to_the_end(postgresql_world, 3, ("Rhubarb promo",), 12)


async def test_stats_leaderboard_history_replay_export_and_forget_me(
    postgresql_world: World, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    await scenarios.stats_leaderboard_history_replay_export_and_forget_me(
        postgresql_world, tmp_path, monkeypatch
    )


async def test_a_game_goes_on_after_a_restart_with_the_old_components(
    postgresql_world: World,
) -> None:
    await scenarios.a_game_goes_on_after_a_restart_with_the_old_components(postgresql_world)


async def test_games_at_once_in_threads_across_a_restart(postgresql_world: World) -> None:
    await many_games_in_threads(postgresql_world, games=4, restarts=(0.3,), seed=5)


async def test_while_postgresql_is_down_a_player_is_told_to_try_again(
    postgresql_world: World, postgresql_server: PostgreSQLExecutor
) -> None:
    world, alice = postgresql_world, postgresql_world.alice
    world.bot.storage.db.reconnect_timeout = 0.2  # type: ignore[attr-defined]
    before = told(await alice.slash(world.channel, "game stats"), alice)
    await asyncio.to_thread(postgresql_server.stop)
    try:
        down = told(await alice.slash(world.channel, "game stats"), alice)
        assert "cannot reach its database" in down and "try again" in down
        assert "error id" not in down  # not the apology for a bug
    finally:
        await asyncio.to_thread(postgresql_server.start)
    assert told(await alice.slash(world.channel, "game stats"), alice) == before  # reconnected
    _lobby, game_id = await open_lobby(world, alice)
    assert (await world.bot.storage.games.get_game(game_id)).status == "lobby"
