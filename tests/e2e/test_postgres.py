"""The bot on PostgreSQL through the fake Discord: the very tests it passes on SQLite (a whole
game to the end, the memory of play, a restart mid-game), run again with its games in a real
PostgreSQL database (``postgresql_world``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e import test_full_games, test_history, test_restart
from tests.e2e.conftest import World


async def test_a_full_game_to_the_end(postgresql_world: World) -> None:
    assert postgresql_world.bot.storage.db.dialect == "postgresql"
    await test_full_games.test_a_full_game_to_the_end(postgresql_world, 3, ("Rhubarb promo",), 12)


async def test_stats_leaderboard_history_replay_export_and_forget_me(
    postgresql_world: World, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    await test_history.test_stats_leaderboard_history_replay_export_and_forget_me(
        postgresql_world, tmp_path, monkeypatch
    )


async def test_a_game_goes_on_after_a_restart_with_the_old_components(
    postgresql_world: World,
) -> None:
    await test_restart.test_a_game_goes_on_after_a_restart_with_the_old_components(postgresql_world)
