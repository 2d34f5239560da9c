"""Taking back a move, end to end in every game (``docs/undo.md``): the "↶ Undo" a person's
own move gets on their private screen, saying what it takes back; a click takes it back (the
table says who took back a move); a double click is applied once; an Undo left on a screen
works after a restart; an Undo left behind once another seat moved is refused with the usual
line; all of it also for games played in threads of their own. The oracle is the stored
game: the state after a take-back is the state before the move, and the log keeps the move,
marked, and the take-back."""

from __future__ import annotations

import asyncio

import pytest

import engine
from engine.undo import UNDO_KEY
from tests.e2e.conftest import World
from tests.e2e.driver import leak_scan
from tests.e2e.helpers import MOVED_ON, buttons_by_key, log_rows, stored
from tests.e2e.thread_helpers import threads_on
from tests.e2e.undo_cases import CASES, click_key, undo_button
from tests.fakediscord.threads import Thread

PLACES = [pytest.param(game, False, id=game) for game in sorted(CASES)] + [
    pytest.param(game, True, id=f"{game}-in-a-thread") for game in ("artichokes", "ninjan")
]
"""Each game in its channel, and two (one turn-based, one of simultaneous picks) played in a
thread of their own, their cards in the channel."""


@pytest.mark.parametrize(("game", "in_thread"), PLACES)
async def test_undo_on_the_private_screen(world: World, game: str, in_thread: bool) -> None:
    if in_thread:
        await threads_on(world)
    case = await CASES[game](world)
    driver, user = case.driver, case.user
    assert driver.table is not None and isinstance(driver.table.channel, Thread) == in_thread
    game_id = driver.game_id
    before = await stored(world, game_id)
    assert before.state is not None
    screen = await driver.show_screen(user)
    assert undo_button(screen) is None  # nothing to take back yet

    # the move, from the private screen: its Undo says what it takes back
    record = await click_key(user, screen, case.key)
    assert record.response_type == 7 and MOVED_ON not in (record.answer_text or "")
    await world.bot.wait_idle()
    undo = undo_button(screen)
    assert undo is not None and undo["label"].startswith(case.label), undo
    moved = await stored(world, game_id)
    for other in driver.players:  # only on the mover's own screen
        if other is not user:
            assert undo_button(await driver.show_screen(other)) is None

    # a double click on Undo: taken back once, the other click told the game moved on
    records = await asyncio.gather(
        user.click(screen, custom_id=undo["custom_id"], wait=True),
        user.click(screen, custom_id=undo["custom_id"], wait=True),
    )
    await world.bot.wait_idle()
    assert all(r.response_type == 7 for r in records)
    assert sorted(MOVED_ON in (r.answer_text or "") for r in records) == [False, True]
    after = await stored(world, game_id)
    assert after.record.version == moved.record.version + 1
    assert engine.dumps(after.state) == engine.dumps(before.state)  # byte for byte
    rows = await log_rows(world, game_id)
    assert (rows[-2].action_key, rows[-2].undone_by) == (case.key, rows[-1].seq)
    assert (rows[-1].action_key, rows[-1].undoes) == (UNDO_KEY, rows[-2].seq)
    assert f"<@{user.id}> took back a move." in driver.table.text()
    assert undo_button(screen) is None
    await driver.check_screen(user, screen)
    await leak_scan(world, game_id, driver.secret_words)

    # the move again, a restart, then the Undo left on the screen
    assert (await click_key(user, screen, case.key)).response_type == 7
    await world.bot.wait_idle()
    await world.restart()
    undo = undo_button(screen)
    assert undo is not None
    record = await user.click(screen, custom_id=undo["custom_id"])
    assert record.response_type == 7 and MOVED_ON not in (record.answer_text or "")
    await world.bot.wait_idle()
    assert engine.dumps((await stored(world, game_id)).state) == engine.dumps(before.state)

    # the move again; an Undo left on a second screen, then another seat moves
    assert (await click_key(user, screen, case.key)).response_type == 7
    await world.bot.wait_idle()
    stale = await driver.show_screen(user)
    left = undo_button(stale)
    assert left is not None
    fresh = await driver.show_screen(user)  # the screen they go on with
    await case.after_move(fresh)
    version = (await stored(world, game_id)).record.version
    record = await user.click(stale, custom_id=left["custom_id"])
    assert record.response_type == 7 and MOVED_ON in stale.text()
    await world.bot.wait_idle()
    assert (await stored(world, game_id)).record.version == version
    assert (await world.bot.storage.verify_game(game_id)).ok


async def test_a_screen_shown_before_a_take_back_is_out_of_date_after_it(world: World) -> None:
    """A take-back restores the state with its decision stamps: once a move is taken back and
    another made, the next decision carries the stamp it had after the first move. A screen
    left from after the first move (its "End the turn" shown for a Garden Row the player no
    longer has) must not make a move: it is refused as stale and changes nothing."""
    case = await CASES["artichokes"](world)
    driver, user = case.driver, case.user
    screen = await driver.show_screen(user)
    assert (await click_key(user, screen, case.key)).response_type == 7
    await world.bot.wait_idle()
    left = await driver.show_screen(user)  # shown after the first harvest, then left
    end = buttons_by_key(left)["end"]
    screen = await driver.show_screen(user)  # the screen they go on with
    undo = undo_button(screen)
    assert undo is not None
    assert (await user.click(screen, custom_id=undo["custom_id"])).response_type == 7
    await world.bot.wait_idle()
    snapshot = await stored(world, driver.game_id)
    assert snapshot.state is not None
    seat = snapshot.record.seat_of(user.id)
    assert seat is not None
    keys = engine.legal_actions(snapshot.state, seat.seat).keys()
    other = [k for k in keys if k != case.key]
    assert (await click_key(user, screen, other[0])).response_type == 7
    await world.bot.wait_idle()
    version = (await stored(world, driver.game_id)).record.version
    record = await user.click(left, custom_id=end["custom_id"])
    assert record.response_type == 7 and MOVED_ON in left.text()
    await world.bot.wait_idle()
    assert (await stored(world, driver.game_id)).record.version == version
