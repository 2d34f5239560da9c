"""Whole games of Abandon All Artichokes in a channel, driven only by clicks on what each
player sees (random legal choices, seeded), with a leak scan after every click."""

from __future__ import annotations

import random

import pytest

import engine
from storage import GameStatus
from tests.e2e.conftest import World
from tests.e2e.driver import Driver, table_closed


@pytest.mark.parametrize(
    ("seats", "toggles", "seed"),
    [
        pytest.param(2, (), 11, id="2-players"),
        pytest.param(3, ("Rhubarb promo",), 12, id="3-players-rhubarb"),
        pytest.param(4, (), 13, id="4-players"),
    ],
)
async def test_a_full_game_to_the_end(world: World, seats: int, toggles: tuple, seed: int) -> None:
    players = [world.alice, world.bob, world.carol, world.dave][:seats]
    driver = Driver(world, players, random.Random(seed))
    game_id = await driver.open_and_start(toggles)
    await driver.play_to_the_end()

    snapshot = await world.bot.service.snapshot(game_id)
    record = snapshot.record
    assert record.status == GameStatus.FINISHED
    assert snapshot.state.options.rhubarb == ("Rhubarb promo" in toggles)
    outcome = engine.outcome(snapshot.state)
    table = driver.table.text()
    if outcome.draw:
        assert "draw" in table
    else:
        winner = record.seats[outcome.winners[0]].user_id
        assert f"🏆 <@{winner}> wins!" in table
    assert "**Final hands**" in table
    for seat in record.seats:
        assert f"<@{seat.user_id}>: " in table.split("**Final hands**")[1]
    assert table_closed(driver.table)
    ping = await world.fake.wait_for_message(
        world.channel, lambda m: f"game #{game_id} is over" in m.content
    )
    assert sorted(u.id for u in ping.mentions) == sorted(u.id for u in players)
    assert (await world.bot.storage.verify_game(game_id)).ok
    assert driver.clicks >= 10
