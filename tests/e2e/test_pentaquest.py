"""Pentaquest in a channel, driven only by clicks on what each player sees: whole solo games
(won and lost) and whole games for 2, 3 and 4 players with a leak scan after every click,
played on the table's own controls as much as on the private screens; a restart in the
middle of a turn; a stale click on a die; clicks on the table by players whose turn it is
not; hidden armies that no other player ever sees."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import engine
from engine.pentaquest import PLAYERS
from engine.pentaquest.cards import CARDS
from engine.pentaquest.matcher import beats
from storage import GameStatus
from tests.e2e.conftest import World
from tests.e2e.driver import action_components, leak_scan, table_closed
from tests.e2e.game_drivers import (
    CARD_NAMES,
    REFUSED,
    PentaquestDriver,
    confirm_of,
    start_pentaquest,
)
from tests.e2e.helpers import MOVED_ON, key_of, stored, told


async def check_finished(world: World, driver: PentaquestDriver) -> engine.Outcome:
    """The stored game is finished with the engine's outcome, the table is closed without
    controls, the players are told, and the log replays."""
    snapshot = await stored(world, driver.game_id)
    assert snapshot.record.status == GameStatus.FINISHED
    outcome = engine.outcome(snapshot.state)
    assert outcome is not None
    assert driver.table is not None and table_closed(driver.table)
    assert not action_components(driver.table)
    ping = await world.fake.wait_for_message(
        world.channel, lambda m: f"game #{driver.game_id} is over" in m.content
    )
    assert sorted(u.id for u in ping.mentions) == sorted(u.id for u in driver.players)
    assert (await world.bot.storage.verify_game(driver.game_id)).ok
    return outcome


def final_lines(outcome: engine.Outcome, world: World, snapshot: Any) -> list[str]:
    """The table's line for each seat's score and rank."""
    assert outcome.scores is not None and outcome.ranks is not None
    lines = []
    for seat in snapshot.record.seats:
        rank, score = outcome.ranks[seat.seat], outcome.scores[seat.seat]
        medal = "🏆 " if rank == 1 else ""
        points = "point" if score == 1 else "points"
        lines.append(f"{medal}{rank}. <@{seat.user_id}> — {score} {points}")
    return lines


SOLO_WIN_SEED = 7010
"""A deal the greedy player wins alone (score 26)."""


async def test_a_solo_game_won_with_its_score_and_feel(world: World) -> None:
    driver = await start_pentaquest(world, [world.alice], seed=SOLO_WIN_SEED, greedy=True)
    await driver.play_to_the_end(max_clicks=400)
    outcome = await check_finished(world, driver)
    assert outcome.reason == "won" and outcome.winners == (0,)
    (score,) = outcome.scores
    table = driver.table.text()
    assert f"🏆 **<@{world.alice.id}> won!** Every creature is captured." in table
    assert f"Score: **{score}** (cards left unused in the army)." in table
    assert "over 20 is good, 30 is great" in table
    assert "**Quest area** · deck: 0 cards" in table and "The quest area is empty." in table
    record = (await stored(world, driver.game_id)).record
    assert (record.seats[0].score, record.seats[0].rank) == (score, 1)
    assert driver.table_clicks > 20 and driver.table_clicks < driver.clicks


SOLO_LOSS_SEED = 7071
"""A deal the greedy player loses alone, on turn 42 with 10 cards kept."""


async def test_a_solo_game_lost_has_no_score(world: World) -> None:
    driver = await start_pentaquest(world, [world.alice], seed=SOLO_LOSS_SEED, greedy=True)
    await driver.play_to_the_end(max_clicks=400)
    outcome = await check_finished(world, driver)
    assert outcome == engine.Outcome((), False, "lost", None, None)
    state = (await stored(world, driver.game_id)).state
    table = driver.table.text()
    assert f"**<@{world.alice.id}> lost**: a turn ended without a capture." in table
    kept = len(state.armies[0])
    if kept:
        card = "card" if kept == 1 else "cards"
        said = f"A lost game has no score, even with {kept} army {card} left unused."
    else:
        said = "A lost game has no score."
    assert said in table
    assert "Score:" not in table and kept == 10
    record = (await stored(world, driver.game_id)).record
    assert record.seats[0].score is None and record.result.scores is None


@pytest.mark.parametrize(
    ("seats", "toggles", "settings"),
    [
        pytest.param(2, (), {}, id="2p"),
        pytest.param(3, ("Hidden armies",), {"hidden_check": True, "eager": 0.95},
                     id="3p-hidden-armies"),
        pytest.param(4, (), {"greedy": True}, id="4p-greedy"),
        pytest.param(2, ("Hidden armies",), {"greedy": True, "hidden_check": True},
                     id="2p-greedy-hidden-armies"),
    ],
)  # fmt: skip
async def test_a_full_multiplayer_game_to_the_end(
    world: World, seats: int, toggles: tuple[str, ...], settings: dict[str, Any]
) -> None:
    players = [world.alice, world.bob, world.carol, world.dave][:seats]
    driver = await start_pentaquest(world, players, rng=seats, toggles=toggles, **settings)
    await driver.play_to_the_end(max_clicks=1500)
    outcome = await check_finished(world, driver)
    snapshot = await stored(world, driver.game_id)
    table = driver.table.text()
    assert "**Final scores** (army + discard pile; a tie goes to the most unused army" in table
    for line in final_lines(outcome, world, snapshot):
        assert line in table
    assert [s.rank for s in snapshot.record.seats] == list(outcome.ranks)
    assert [s.score for s in snapshot.record.seats] == list(outcome.scores)
    if outcome.reason == "complete":
        assert "Every creature is captured: the game is over." in table
    else:
        assert outcome.reason == "stall" and "Stall rule: 3 full rounds in a row" in table
    if len(outcome.winners) > 1:
        assert "share the win." in table
    assert driver.table_clicks and driver.refusals and driver.clicks > driver.table_clicks
    if settings.get("greedy"):
        assert outcome.reason == "complete"


async def play_until_greedy(driver: PentaquestDriver, wanted: Any) -> str:
    """Step until the greedy player's next move is one ``wanted(key)`` accepts; returns that
    move, not made."""
    for _click in range(300):
        state = (await stored(driver.world, driver.game_id)).state
        peek = random.Random()
        peek.setstate(driver.brain.getstate())
        key = PLAYERS.greedy_action(engine.view(state, 0), peek).key
        if wanted(key):
            return key
        assert await driver.step(), "the game ended first"
    raise AssertionError("the greedy player never made that move")


def fixes_a_die(key: str) -> bool:
    """Using an add, sub or mirror card."""
    return key.startswith("use:") and CARDS[int(key[4:])].power in ("add", "sub", "mirror")


async def test_a_restart_in_the_middle_of_a_turn_keeps_the_dice_and_the_free_rerolls(
    world: World,
) -> None:
    driver = await start_pentaquest(world, [world.alice], seed=SOLO_WIN_SEED, greedy=True)
    alice = world.alice
    await play_until_greedy(driver, lambda key: key.startswith("reroll:"))
    screen = await driver.show_screen(alice)
    before = (await stored(world, driver.game_id)).state
    assert before.free_rerolls == 1
    assert f"**Turn {before.turn}** · 1 free reroll left" in driver.table.text()
    text = driver.table.text()

    await world.restart()

    state = (await stored(world, driver.game_id)).state
    assert (state.dice, state.free_rerolls, state.turn) == (before.dice, 1, before.turn)
    assert driver.table.text() == text
    await leak_scan(world, driver.game_id, CARD_NAMES)
    fresh = await driver.show_screen(alice)  # a copy the new bot keeps up to date
    # her screen from before the restart still works: the free reroll on it
    key = await driver.greedy_key(alice)
    choice = driver.component_for(screen, key)
    assert key.startswith("reroll:") and choice is not None
    record = await driver.click(alice, screen, choice)
    assert record.response_type == 7 and MOVED_ON not in screen.text()
    await world.bot.wait_idle()
    await driver.check_screen(alice, screen)
    state = (await stored(world, driver.game_id)).state
    assert state.step == before.step + 1 and state.free_rerolls == 0
    # the copy opened after the restart was not the one she clicked: it says "moved on"
    stale = next(c for c in action_components(fresh) if c["type"] == 2)
    record = await alice.click(fresh, custom_id=stale["custom_id"])
    assert record.response_type == 7 and MOVED_ON in fresh.text()
    assert (await stored(world, driver.game_id)).state.step == before.step + 1
    await driver.check_screen(alice, fresh)
    driver.screens[alice.id] = fresh
    await driver.play_to_the_end(max_clicks=400)
    assert (await check_finished(world, driver)).reason == "won"


async def test_a_click_on_a_die_after_the_dice_changed_is_refused_as_stale(world: World) -> None:
    driver = await start_pentaquest(world, [world.alice], seed=SOLO_WIN_SEED, greedy=True)
    alice = world.alice
    card = int((await play_until_greedy(driver, fixes_a_die))[4:])
    state = (await stored(world, driver.game_id)).state
    choice = driver.component_for(driver.table, f"use:{card}")
    assert choice is not None, "every usable army card has its control on the table"
    record = await driver.click(alice, driver.table, choice)
    assert record.response_type == 7
    await world.bot.wait_idle()
    assert f"\nUsing {CARDS[card].name} (" in driver.table.text()
    dies = [c for c in action_components(driver.table) if key_of(c).startswith("die:")]
    assert dies and all(re.search(r"^Die \d: .(\d) → .(\d)$", c["label"]) for c in dies)
    older = await driver.show_screen(alice)  # the die buttons on a screen she keeps open ...
    newer = (await alice.slash(world.channel, "game hand")).original  # ... and a newer copy
    assert newer is not None and newer is not older
    key = await driver.greedy_key(alice)  # the die that fixes the dice
    die = next(c for c in dies if key_of(c) == key)
    record = await alice.click(driver.table, custom_id=die["custom_id"])
    assert record.response_type == 7
    await world.bot.wait_idle()
    snapshot = await stored(world, driver.game_id)
    dice, version = list(snapshot.state.dice), snapshot.record.version
    assert dice != list(state.dice) and CARDS[card].name in driver.table.text()  # discarded
    await driver.check_screen(alice, newer)  # the screen she looks at followed: no die buttons
    assert not [c for c in action_components(newer) if key_of(c).startswith("die:")]

    stale = next(c for c in action_components(older) if key_of(c) == key_of(die))
    record = await alice.click(older, custom_id=stale["custom_id"])
    assert record.response_type == 7 and MOVED_ON in older.text()
    await world.bot.wait_idle()
    snapshot = await stored(world, driver.game_id)
    assert (list(snapshot.state.dice), snapshot.record.version) == (dice, version)
    await driver.check_screen(alice, older)  # it shows the turn as it is now


async def test_others_clicking_the_table_controls_are_refused_privately(world: World) -> None:
    driver = await start_pentaquest(world, [world.alice, world.bob], seed=7003)
    active = driver.active_user()
    other = world.bob if active is world.alice else world.alice
    before = await stored(world, driver.game_id)
    text = driver.table.text()
    controls = action_components(driver.table)
    button = next(c for c in controls if c["type"] == 2)
    menu = next(c for c in controls if c["type"] == 3)
    refusals = [
        await other.click(driver.table, custom_id=button["custom_id"]),
        await other.select(driver.table, ["0"], custom_id=menu["custom_id"]),
    ]
    for record in refusals:
        answer = told(record, other)
        assert REFUSED.format(id=active.id) in answer
        assert "Game #" in answer and "your seat" in answer  # with their own screen
        assert not action_components(record.original)  # nothing to do on it
    record = await world.eve.click(driver.table, custom_id=button["custom_id"])
    assert told(record, world.eve) == "⚠️ You are not playing in this game."
    await world.bot.wait_idle()
    after = await stored(world, driver.game_id)
    assert after.record.version == before.record.version and driver.table.text() == text
    assert after.state.dice == before.state.dice
    # the same control works for the player whose turn it is (asked first when the dice
    # already beat a card the reroll could lose: one the dice kept do not beat alone)
    record = await active.select(driver.table, ["0"], custom_id=menu["custom_id"])
    beaten = engine.view(before.state, None).beaten  # type: ignore[attr-defined]
    kept = before.state.dice[1:]
    if [c for c in beaten if not beats(CARDS[c].requirement, kept)]:
        assert record.response_type == 4 and record.original is not None
        record = await active.click(
            record.original, custom_id=confirm_of(record.original)["custom_id"]
        )
    else:
        assert record.response_type == 7 and record.original is driver.table
    await world.bot.wait_idle()
    assert (await stored(world, driver.game_id)).record.version == before.record.version + 1
    await leak_scan(world, driver.game_id, CARD_NAMES)


async def test_the_lobby_offers_the_table_options(world: World) -> None:
    reply = await world.alice.slash(world.channel, "game new", game="pentaquest")
    lobby = reply.original
    assert lobby is not None and "**Pentaquest** · lobby of game #" in lobby.text()
    assert "The host can start alone (solo) or with up to 4 players." in lobby.text()
    assert {"Hidden armies: off", "Two rerolls on every first turn: off"} <= set(lobby.labels())
    game_id = int(re.search(r"game #(\d+)", lobby.text()).group(1))
    stall = next(s for s in lobby.selects() if s["custom_id"] == f"cr:lopt:{game_id}:stall_rounds")
    labels = [o["label"] for o in stall["options"]]
    assert labels[1] == "Stall rule: 2 rounds" and labels[-1].startswith("Stall rule: off")
    await world.alice.select(lobby, ["1"], custom_id=stall["custom_id"])
    highlight = f"cr:lopt:{game_id}:highlight"
    await world.alice.select(lobby, ["1"], custom_id=highlight)
    await world.alice.click(lobby, label="Hidden armies: off")
    await world.bob.click(lobby, label="Join")
    refused = await world.bob.select(lobby, ["0"], custom_id=stall["custom_id"])
    assert "Only the host can do that." in (refused.answer_text or "")
    record = (await stored(world, game_id)).record
    assert record.options["stall_rounds"] == 2 and record.options["highlight"] is True
    assert record.options["hidden_armies"] is True
    await world.alice.click(lobby, label="Start")
    table = await world.fake.wait_for_message(
        world.channel, lambda m: any(b.get("custom_id") == f"cr:hand:{game_id}"
                                     for b in m.buttons())
    )  # fmt: skip
    text = table.text()
    assert "Stall rule" not in text  # no round has passed without a capture yet
    assert "Stall rule: 2 rounds · Highlight: always" in lobby.text()  # not on every edit
    assert "army: 0 cards (hidden)" in text and ("The dice beat" in text)
    rules = told(await world.alice.slash(world.channel, "game rules"), world.alice)
    assert "**Hidden armies** — " in rules  # one message, this game's options with it
    assert "**Four tiers** — 42 creatures" in rules and "Kraken" not in rules
    assert "Stall rule: 2 rounds · Highlight: always" in rules
