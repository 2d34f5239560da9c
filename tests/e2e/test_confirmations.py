"""An "are you sure?" before a move that throws away what the player has: Pentaquest's free
reroll (and the end of the turn) while the dice already beat a creature — a solo game was
lost in two clicks that way. Asked on the private side, whether the click came from the
table or the player's own screen; "Back" changes nothing; the confirmation makes the move;
a confirmation gone stale is refused like any stale click."""

from __future__ import annotations

from typing import Any

import engine
from tests.e2e.conftest import World
from tests.e2e.driver import action_components
from tests.e2e.helpers import MOVED_ON, start_game, stored, told
from tests.fakediscord.model import Message

BEATING_SEED = 7010
"""A solo deal whose first roll (5 1 1 5 6) already beats a quest card (Cockatrice)."""


def reroll_menu(message: Message) -> dict[str, Any]:
    (menu,) = [s for s in message.selects() if ":reroll:" in str(s["custom_id"])]
    return menu


def confirm_button(message: Message) -> dict[str, Any]:
    (button,) = [b for b in message.buttons() if str(b["custom_id"]).startswith("cr:ok:")]
    return button


async def test_a_reroll_under_dice_that_beat_a_creature_asks_first(world: World) -> None:
    driver = await start_game(
        world, [world.alice], game="pentaquest", seed=BEATING_SEED, secret_words=()
    )
    alice, table = world.alice, driver.table
    assert table is not None
    before = await stored(world, driver.game_id)
    assert before.state is not None
    beaten = engine.view(before.state, 0).beaten  # type: ignore[attr-defined]
    assert beaten, "the seed's first roll beats a card"
    shown = table.text()

    # from the table: the question comes privately; nothing is rerolled
    record = await alice.select(table, ["0", "1"], custom_id=reroll_menu(table)["custom_id"])
    question = told(record, alice)
    assert question.startswith("⚠️ Your dice already beat Cockatrice: capture it now")
    assert "**Dice**: ⚄5 ⚀1 ⚀1 ⚄5 ⚅6" in question  # the screen the question is about
    asked = record.original
    assert asked is not None
    labels = [b.get("label") for b in asked.buttons()]
    assert labels == ["Capture Cockatrice", "Reroll anyway", "Back"]  # what it recommends too
    assert [c.get("label") for c in action_components(asked)] == labels[:2]
    await world.bot.wait_idle()
    assert (await stored(world, driver.game_id)).record.version == before.record.version
    assert table.text() == shown

    # Back: her screen in place, the game as it was
    back = await alice.click(asked, label="Back")
    assert back.response_type == 7
    assert "Your dice already beat" not in asked.text()
    assert any(":reroll:" in str(c["custom_id"]) for c in action_components(asked))
    assert (await stored(world, driver.game_id)).record.version == before.record.version

    # a second question, from the table, left open
    record = await alice.select(table, ["4"], custom_id=reroll_menu(table)["custom_id"])
    left_open = record.original
    assert left_open is not None and "Your dice already beat" in told(record, alice)

    # from her own screen: the question replaces it in place; then the reroll is made
    record = await alice.select(asked, ["0", "1"], custom_id=reroll_menu(asked)["custom_id"])
    assert record.response_type == 7 and "Your dice already beat" in asked.text()
    done = await alice.click(asked, custom_id=confirm_button(asked)["custom_id"])
    assert done.response_type == 7
    await world.bot.wait_idle()
    after = await stored(world, driver.game_id)
    assert after.record.version == before.record.version + 1
    assert after.state is not None and after.state.free_rerolls == before.state.free_rerolls - 1
    logged = (await world.bot.storage.games.get_actions(driver.game_id))[-1]
    assert logged.action_key == "reroll:0+1"
    assert "rerolled 5 1 →" in table.text(), "the table shows the reroll"
    assert "Your dice already beat" not in asked.text()  # her screen after the move

    # the question left open is stale now: refused like any stale click, nothing changes
    stale = await alice.click(left_open, custom_id=confirm_button(left_open)["custom_id"])
    assert stale.response_type == 7 and MOVED_ON in left_open.text()
    await world.bot.wait_idle()
    assert (await stored(world, driver.game_id)).record.version == after.record.version


async def test_no_question_while_the_dice_beat_nothing(world: World) -> None:
    driver = await start_game(world, [world.alice], game="pentaquest", seed=2, secret_words=())
    table = driver.table
    assert table is not None
    before = await stored(world, driver.game_id)
    assert before.state is not None and not engine.view(before.state, 0).beaten  # type: ignore[attr-defined]
    record = await world.alice.select(table, ["0"], custom_id=reroll_menu(table)["custom_id"])
    assert record.response_type == 7 and record.original is table, "rerolled at once"
    await world.bot.wait_idle()
    assert (await stored(world, driver.game_id)).record.version == before.record.version + 1


async def test_the_question_offers_the_capture_it_recommends(world: World) -> None:
    driver = await start_game(
        world, [world.alice], game="pentaquest", seed=BEATING_SEED, secret_words=()
    )
    table = driver.table
    assert table is not None
    before = await stored(world, driver.game_id)
    end = next(b for b in table.buttons() if str(b["custom_id"]).endswith(":end"))
    record = await world.alice.click(table, custom_id=end["custom_id"])
    assert "ending the turn without a capture loses the game" in told(record, world.alice)
    asked = record.original
    assert asked is not None
    done = await world.alice.click(asked, label="Capture Cockatrice")
    assert done.response_type == 7
    await world.bot.wait_idle()
    logged = (await world.bot.storage.games.get_actions(driver.game_id))[-1]
    assert logged.action_key.startswith("capture:") and logged.seq == before.record.version + 1
    assert "captured Cockatrice" in table.text()
