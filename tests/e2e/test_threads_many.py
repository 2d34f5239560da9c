"""Issue 49's target, end to end: many games of all four games at once in the threads of
one channel, people and automatic players, a spectator in each, two restarts in the middle;
every game finished, no move lost, nothing leaked, every card showing its result. The full
30 games run in the soak step; the README's suite plays 8."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import World
from tests.e2e.many_threads import many_games_in_threads


async def test_eight_games_at_once_in_threads_across_two_restarts(world: World) -> None:
    await many_games_in_threads(world, games=8, restarts=(0.2, 0.5), seed=2)


@pytest.mark.soak
async def test_thirty_games_at_once_in_threads_across_two_restarts(world: World) -> None:
    await many_games_in_threads(world, games=30, restarts=(0.3, 0.6), seed=3)
