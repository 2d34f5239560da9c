"""Screens players keep open follow the game: when a player's turn comes (or their hand changes,
or the game ends) the bot edits the private screen they already have, so they can act at once."""

from __future__ import annotations

from tests.e2e.conftest import World
from tests.e2e.driver import action_components
from tests.e2e.helpers import buttons_by_key, mover, start_game, stored


async def test_an_open_screen_gets_the_buttons_when_the_turn_comes(world: World) -> None:
    driver = await start_game(world, [world.alice, world.bob])
    active = await mover(driver)  # both players open their screens
    waiting = world.bob if active is world.alice else world.alice
    waiting_screen = driver.screens[waiting.id]
    assert not action_components(waiting_screen)
    edits_before = waiting_screen.edit_count

    screen = driver.screens[active.id]
    while action_components(screen):  # harvest, then end the turn
        keys = buttons_by_key(screen)
        key = next((k for k in keys if k.startswith("harvest:")), "end")
        await active.click(screen, custom_id=keys[key]["custom_id"])
        await world.bot.wait_idle()

    game = await stored(world, driver.game_id)
    assert waiting_screen.edit_count == edits_before + 1  # one edit, when the turn came
    assert any(k.startswith("harvest:") for k in buttons_by_key(waiting_screen))
    assert f":{driver.game_id}:{game.record.version}:" in str(waiting_screen.components)
    await driver.check_screen(waiting, waiting_screen)  # their own hand, nobody else's
    # and it works: the waiting player harvests from the screen they already had
    key, button = next(iter(buttons_by_key(waiting_screen).items()))
    record = await waiting.click(waiting_screen, custom_id=button["custom_id"])
    assert record.response_type == 7 and "moved on" not in record.answer_text
    assert (await stored(world, driver.game_id)).record.version == game.record.version + 1
