"""Whole games of Abandon All Artichokes in a channel, driven only by clicks on what each
player sees (random legal choices, seeded), with a leak scan after every click."""

from __future__ import annotations

import pytest

from tests.e2e import scenarios
from tests.e2e.conftest import World


@pytest.mark.parametrize(
    ("seats", "toggles", "seed"),
    [
        pytest.param(2, (), 11, id="2-players"),
        pytest.param(3, ("Rhubarb promo",), 12, id="3-players-rhubarb"),
        pytest.param(4, (), 13, id="4-players"),
    ],
)
async def test_a_full_game_to_the_end(world: World, seats: int, toggles: tuple, seed: int) -> None:
    await scenarios.a_full_game_to_the_end(world, seats, toggles, seed)
