"""Payloads no honest Discord client sends, and clicks that name nothing the bot offered: each
gets a clear private answer, changes nothing, and never writes a player's private screen into
a message someone else sees."""

from __future__ import annotations

import pytest

import engine
from tests.e2e.conftest import World
from tests.e2e.driver import action_components, expected_table_text, leak_scan
from tests.e2e.helpers import (
    abort_game,
    buttons_by_key,
    mover,
    pass_values,
    play_until_eggplant,
    start_game,
    stored,
    told,
)

NO_LONGER = "⚠️ This button is no longer in use."
NOT_OFFERED = "⚠️ That choice was not offered."


async def test_an_action_sent_with_the_public_table_changes_nothing(world: World) -> None:
    driver = await start_game(world, [world.alice, world.bob])
    user = await mover(driver)
    button = next(iter(buttons_by_key(driver.screens[user.id]).values()))
    before = await stored(world, driver.game_id)
    table_text = driver.table.text()

    record = await user.forge(driver.table, button["custom_id"])

    assert told(record, user) == NO_LONGER  # not a component of that message
    assert (await stored(world, driver.game_id)).record.version == before.record.version
    assert driver.table.text() == table_text == await expected_table_text(world, driver.game_id)
    await leak_scan(world, driver.game_id)


async def test_a_click_through_another_players_screen_never_writes_into_it(
    world: World,
) -> None:
    driver = await start_game(world, [world.alice, world.bob], game="ninjan", secret_words=())
    alice_screen = await driver.show_screen(world.alice)
    bob_screen = await driver.show_screen(world.bob)
    bob_text = bob_screen.text()
    (menu,) = bob_screen.selects()
    bobs_card = menu["options"][0]["value"]

    # alice sends bob's menu, as if from bob's private message, with one of bob's cards
    record = await world.alice.forge(bob_screen, menu["custom_id"], [bobs_card])

    assert record.response_type == 4 and record.original.ephemeral_for is world.alice
    assert told(record, world.alice).startswith(NOT_OFFERED)
    assert bob_screen.text() == bob_text and bob_screen.edit_count == 0
    assert (await stored(world, driver.game_id)).record.version == 0
    # the new private message is alice's own screen: her hand, not bob's
    await driver.check_screen(world.alice, record.original)
    assert alice_screen.edit_count == 0

    # and a later move of hers updates her screens, never bob's message
    (mine,) = alice_screen.selects()
    await world.alice.select(alice_screen, [mine["options"][0]["value"]])
    await world.bot.wait_idle()
    assert bob_screen.text() == bob_text
    await leak_scan(world, driver.game_id, ())


@pytest.mark.parametrize(
    "values",
    [
        pytest.param(["R99"], id="a-card-that-does-not-exist"),
        pytest.param(["nonsense"], id="garbage"),
        pytest.param([], id="nothing"),
    ],
)
async def test_a_menu_value_never_offered_is_refused(world: World, values: list[str]) -> None:
    driver = await start_game(world, [world.alice, world.bob], game="ninjan", secret_words=())
    screen = await driver.show_screen(world.alice)
    (menu,) = screen.selects()

    record = await world.alice.forge(screen, menu["custom_id"], values)

    assert record.response_type == 7  # her own screen, refreshed in place
    assert NOT_OFFERED in record.answer_text
    assert (await stored(world, driver.game_id)).record.version == 0
    await driver.check_screen(world.alice, screen)


async def test_the_same_card_twice_in_a_pass_is_refused(world: World) -> None:
    driver = await play_until_eggplant(world)
    screen = await driver.show_hand(world.bob)  # bob holds Artichoke ×3, Beet and Corn
    (menu,) = screen.selects()
    beet = pass_values(screen, ["Beet"])[0]
    before = await stored(world, driver.game_id)

    record = await world.bob.forge(screen, menu["custom_id"], [beet, beet])

    assert NOT_OFFERED in record.answer_text
    assert (await stored(world, driver.game_id)).record.version == before.record.version


async def test_choosing_the_same_pass_again_says_so_and_changes_nothing(world: World) -> None:
    driver = await play_until_eggplant(world)
    screen = await driver.show_hand(world.bob)
    await world.bob.select(screen, pass_values(screen, ["Beet", "Corn"]))
    await world.bot.wait_idle()
    version = (await stored(world, driver.game_id)).record.version
    (menu,) = screen.selects()
    chosen = [o["value"] for o in menu["options"] if o.get("default")]
    assert len(chosen) == 2  # the current choice is shown as chosen

    record = await world.bob.select(screen, chosen)

    assert record.response_type == 7 and "That is already your choice." in record.answer_text
    assert (await stored(world, driver.game_id)).record.version == version


@pytest.mark.parametrize(
    "custom_id",
    [
        pytest.param("cr:act:999999:0:end", id="an-unknown-game"),
        pytest.param("cr:hand:1:extra", id="an-older-format"),
        pytest.param("garbage", id="garbage"),
        pytest.param("x" * 100, id="a-long-one"),
    ],
)
async def test_an_unknown_component_is_answered(world: World, custom_id: str) -> None:
    driver = await start_game(world, [world.alice, world.bob])
    before = await stored(world, driver.game_id)

    record = await world.carol.forge(driver.table, custom_id)

    assert told(record, world.carol) == NO_LONGER
    assert (await stored(world, driver.game_id)).record.version == before.record.version


async def test_a_button_of_a_finished_game_is_answered(world: World) -> None:
    driver = await start_game(world, [world.alice, world.bob])
    user = await mover(driver)
    screen = driver.screens[user.id]
    old = action_components(screen)[0]["custom_id"]
    await abort_game(world, driver.game_id)
    await world.bot.wait_idle()

    record = await user.forge(screen, old)

    assert record.answer_text is not None and "over" in record.answer_text
    state = (await stored(world, driver.game_id)).state
    assert engine.outcome(state) is None  # aborted, not played on
