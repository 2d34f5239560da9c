"""A player's screen answered after an automatic player's move was shown on it: the answer
(drawn while the automatic players move) is older than what the screen showed a moment
before, and the bot brings the screen up to date at once rather than leaving it a move
behind until the next one."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from tests.e2e.conftest import World
from tests.e2e.driver import Driver, action_components
from tests.e2e.helpers import add_ai, open_lobby, start


@pytest.mark.parametrize("pictures", [False, True], ids=["text", "pictures"])
async def test_an_answer_that_lands_after_the_automatic_players_move_is_caught_up(
    world: World, monkeypatch: pytest.MonkeyPatch, pictures: bool
) -> None:
    await world.admin.slash(world.channel, "cardroom pictures", show="on" if pictures else "off")
    alice = world.alice
    lobby, game_id = await open_lobby(world, alice)
    await add_ai(alice, lobby, "Cardroom AI (random)")
    table = await start(world, lobby, alice, game_id)
    driver = Driver(world, [alice], random.Random(5), game_id=game_id, table=table)
    driver.new_ping()  # the start's ping is read: alice's screen is the one she opens now
    await driver.show_screen(alice)

    play = world.bot.components.play
    answer = play._answer
    caught: list[int] = []

    async def late(interaction: Any, record: Any, *args: Any, **kwargs: Any) -> None:
        """Answer a click on the screen only once the automatic player's move that follows
        it (if any, within a moment) was shown on that very screen."""
        screen = driver.screens[alice.id]
        edits = screen.edit_count
        for _ in range(30):
            now = await world.bot.service.snapshot(game_id)
            if now.record.version > record.version:  # it moved: wait for its screen edit
                await world.fake.wait_for(lambda: screen.edit_count > edits, what="the edit")
                caught.append(now.record.version)
                break
            await asyncio.sleep(0.01)
        await answer(interaction, record, *args, **kwargs)

    monkeypatch.setattr(play, "_answer", late)
    while len(caught) < 2:
        screen = driver.screens[alice.id]
        assert action_components(screen), "alice always has something to click here"
        assert await driver.step()  # she clicks on her screen
        assert driver.screens[alice.id] is screen  # nobody pinged her: no new screen
        await world.bot.wait_idle()
        await driver.check_screen(alice, screen)  # the state as stored, not a move behind
