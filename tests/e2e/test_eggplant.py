"""An Eggplant pass in a channel: the players who must choose out of turn are pinged, choose with
the select menu (at the same time, too), may change their choice until everyone has chosen, and
only giver and receiver ever see the passed cards."""

from __future__ import annotations

import asyncio

from tests.e2e.conftest import World
from tests.e2e.driver import leak_scan, public_messages
from tests.e2e.helpers import (
    MOVED_ON,
    hand_of,
    log_rows,
    pass_values,
    play_until_eggplant,
    shows_hand,
    stored,
)


async def test_players_pinged_out_of_turn_pass_with_the_select_and_may_change(
    world: World,
) -> None:
    alice, bob, carol = world.alice, world.bob, world.carol
    world.bot.room.screens.watching_seconds = -1.0  # nobody watches: pings notify
    driver = await play_until_eggplant(world)
    game_id = driver.game_id
    table = driver.table.text()
    assert "Eggplant: everyone passes 2 cards to the next player (▶ still choosing, ✓ chosen)." in (
        table
    )
    for user in (alice, bob, carol):  # the Eggplant's player passes cards too
        assert f"▶ {user.mention} — " in table

    # the ping mentions exactly the players who must now decide out of turn
    ping = max(public_messages(world), key=lambda m: m.id)
    assert sorted(u.id for u in ping.mentions) == sorted([alice.id, bob.id])
    assert "your move in game" in ping.content and carol.mention not in ping.content

    screens = {u.id: await driver.show_hand(u) for u in (alice, bob)}
    for user in (alice, bob):
        assert "Eggplant: choose 2 cards to pass to" in screens[user.id].text()
        assert [s["placeholder"] for s in screens[user.id].selects()] == ["Choose 2 cards to pass"]
    before = await stored(world, game_id)
    alice_seat, bob_seat, carol_seat = (
        before.record.seat_of(u.id).seat for u in (alice, bob, carol)
    )
    assert hand_of(before, bob_seat) == ("Artichoke",) * 3 + ("Beet", "Corn")

    # alice and bob choose at the same moment: both choices land
    a, b = await asyncio.gather(
        alice.select(screens[alice.id], pass_values(screens[alice.id], ["Artichoke"] * 2)),
        bob.select(screens[bob.id], pass_values(screens[bob.id], ["Beet", "Corn"])),
    )
    await world.bot.wait_idle()
    assert a.response_type == b.response_type == 7
    assert MOVED_ON not in a.answer_text and MOVED_ON not in b.answer_text
    after = await stored(world, game_id)
    assert after.record.version == before.record.version + 2
    assert sorted(r.action_key for r in (await log_rows(world, game_id))[-2:]) == [
        "pass:Artichoke+Artichoke",
        "pass:Beet+Corn",
    ]
    assert after.state.passes == {alice_seat: ["Artichoke"] * 2, bob_seat: ["Beet", "Corn"]}
    assert "*You chose to pass Beet, Corn.*" in screens[bob.id].text().splitlines()
    assert "you pass Beet, Corn to" in screens[bob.id].text()
    await leak_scan(world, game_id)
    table = driver.table.text()
    assert f"✓ {alice.mention} — " in table and f"✓ {bob.mention} — " in table
    assert f"▶ {carol.mention} — " in table  # who has chosen, never what

    # bob changes his mind on the same screen; the table has nothing new to say
    await bob.select(screens[bob.id], pass_values(screens[bob.id], ["Artichoke"] * 2))
    await world.bot.wait_idle()
    assert driver.table.text() == table
    assert (await stored(world, game_id)).state.passes[bob_seat] == ["Artichoke"] * 2
    await leak_scan(world, game_id)

    # carol chooses last: the cards move, she learns only what bob passed her
    carol_screen = driver.screens[carol.id]
    await carol.select(carol_screen, pass_values(carol_screen, ["Artichoke"] * 2))
    await world.bot.wait_idle()
    done = await stored(world, game_id)
    assert done.state.phase != "eggplant" and not done.state.passes
    assert hand_of(done, bob_seat) == ("Artichoke",) * 3 + ("Beet", "Corn")
    private = [line for line in carol_screen.text().splitlines() if line.startswith("*")]
    assert f"*{bob.mention} passed you Artichoke ×2.*" in private
    assert not [line for line in private if "Beet" in line or "Corn" in line], "bob's old choice"
    assert shows_hand(carol_screen, done, carol_seat)
    await leak_scan(world, game_id)

    # everyone has chosen: the screens alice and bob still have open were updated in place
    # (their hands changed), so no stale select is left to click
    for user, seat in ((alice, alice_seat), (bob, bob_seat)):
        assert shows_hand(screens[user.id], done, seat) and not screens[user.id].selects()
    assert "passed you" in screens[alice.id].text()  # what carol passed alice, for alice only
    assert (await stored(world, game_id)).record.version == done.record.version
