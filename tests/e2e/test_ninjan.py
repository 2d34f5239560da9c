"""Ninjan in a channel, driven only by clicks on what each player sees: whole games for 2 to 5
players with a leak scan after every click (no hand and no choice visible to anyone else before
the reveal), a change of mind, and a restart in the middle of a round."""

from __future__ import annotations

import pytest

import engine
from bot.games.ninjan.presentation import card_text
from bot.i18n import translator
from storage import GameStatus
from tests.e2e.conftest import World
from tests.e2e.driver import action_components, spectator_text, table_closed
from tests.e2e.game_drivers import check_hands_private, start_ninjan
from tests.e2e.helpers import stored, told

_ = translator("en")


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
async def test_a_full_game_of_ninjan_to_the_end(world: World, seats: int) -> None:
    players = [world.alice, world.bob, world.carol, world.dave, world.eve][:seats]
    driver = await start_ninjan(world, players, rng=seats)
    await driver.play_to_the_end()

    snapshot = await stored(world, driver.game_id)
    record = snapshot.record
    assert record.status == GameStatus.FINISHED
    outcome = engine.outcome(snapshot.state)
    table = driver.table.text()
    assert "**Final scores**" in table and "Round 9: the cards revealed" in table
    for seat, score in enumerate(outcome.scores):
        rank = outcome.ranks[seat]
        assert f"{rank}. <@{record.seats[seat].user_id}> — {score} points" in table
    assert [s.rank for s in record.seats] == list(outcome.ranks)
    assert [s.score for s in record.seats] == list(outcome.scores)
    assert table_closed(driver.table)
    assert not action_components(driver.table)
    ping = await world.fake.wait_for_message(
        world.channel, lambda m: f"game #{driver.game_id} is over" in m.content
    )
    assert sorted(u.id for u in ping.mentions) == sorted(u.id for u in players)
    assert (await world.bot.storage.verify_game(driver.game_id)).ok


async def pick(user, screen, card: str):  # noqa: ANN001, ANN201
    (menu,) = [s for s in screen.selects() if ":pick:" in s["custom_id"]]
    return await user.select(screen, [card], custom_id=menu["custom_id"])


async def test_a_player_changes_their_mind_before_the_reveal(world: World) -> None:
    driver = await start_ninjan(world, [world.alice, world.bob, world.carol], rng=7)
    alice_screen = await driver.show_screen(world.alice)
    hand = engine.view((await stored(world, driver.game_id)).state, 0).hand
    first, second = hand[0], hand[1]
    record = await pick(world.alice, alice_screen, first)
    assert record.response_type == 7
    assert f"you play {card_text(first, _)}" in alice_screen.text()
    await world.bot.wait_idle()
    table = driver.table.text()
    assert f"✓ {world.alice.mention} — " in table and card_text(first, _) not in table

    record = await pick(world.alice, alice_screen, first)  # the same card again: no move
    assert "That is already your choice." in record.answer_text
    record = await pick(world.alice, alice_screen, second)  # a change of mind
    assert f"you play {card_text(second, _)}" in alice_screen.text()
    await world.bot.wait_idle()
    await check_hands_private(world, driver)

    for user in (world.bob, world.carol):
        screen = await driver.show_screen(user)
        mine = engine.view((await stored(world, driver.game_id)).state, 0).hand
        assert mine == hand
        (menu,) = [s for s in screen.selects() if ":pick:" in s["custom_id"]]
        await user.select(screen, [menu["options"][0]["value"]], custom_id=menu["custom_id"])
        await world.bot.wait_idle()
    state = (await stored(world, driver.game_id)).state
    assert state.played[0] == second  # the changed choice is the one revealed
    assert f"<@{world.alice.id}> {card_text(second, _)}" in driver.table.text()


async def test_choices_survive_a_restart_in_the_middle_of_a_round_still_hidden(
    world: World,
) -> None:
    driver = await start_ninjan(world, [world.alice, world.bob, world.carol], rng=8)
    chosen = {}
    for user in (world.alice, world.bob):
        screen = await driver.show_screen(user)
        (menu,) = [s for s in screen.selects() if ":pick:" in s["custom_id"]]
        card = menu["options"][-1]["value"]
        await pick(user, screen, card)
        chosen[user.id] = card
    await world.bot.wait_idle()
    old_alice_screen = driver.screens[world.alice.id]

    await world.restart()

    state = (await stored(world, driver.game_id)).state
    assert state.picks[:2] == [chosen[world.alice.id], chosen[world.bob.id]]
    for card in chosen.values():
        assert card_text(card, _) not in driver.table.text()
    assert "\n▶ <@" in driver.table.text()  # carol still chooses
    await check_hands_private(world, driver)
    # alice's screen from before the restart still works: she changes her mind
    (menu,) = [s for s in old_alice_screen.selects() if ":pick:" in s["custom_id"]]
    other = next(o["value"] for o in menu["options"] if o["value"] != chosen[world.alice.id])
    record = await pick(world.alice, old_alice_screen, other)
    assert record.response_type == 7 and "moved on" not in record.answer_text
    carol = await driver.show_screen(world.carol)
    refused = await world.eve.click(driver.table, custom_id=f"cr:hand:{driver.game_id}")
    assert told(refused, world.eve) == await spectator_text(world, driver.game_id, world.eve)
    (menu,) = [s for s in carol.selects() if ":pick:" in s["custom_id"]]
    await pick(world.carol, carol, menu["options"][0]["value"])
    await world.bot.wait_idle()
    state = (await stored(world, driver.game_id)).state
    assert state.played[0] == other and state.played[1] == chosen[world.bob.id]
    await driver.play_to_the_end()
    assert (await stored(world, driver.game_id)).record.status == GameStatus.FINISHED
