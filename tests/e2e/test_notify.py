"""``/game notify``: a player who chose direct messages hears of their move in a DM, in their
own language ("Your move in Verso #N", the time left, a link to the table, a button that opens
their screen right there — a click that comes without guild, member or channel permissions,
as Discord sends DM clicks); one whose DMs Discord refuses is mentioned instead and told once
how to allow them; one who chose nothing hears nothing."""

from __future__ import annotations

import random

from tests.e2e.conftest import World
from tests.e2e.driver import find_table
from tests.e2e.helpers import stored, told
from tests.e2e.slow_play import (
    dms_after,
    latest_dm,
    move,
    newest_id,
    open_screen,
    paced_game,
    pings_after,
    user_of,
    waited,
)
from tests.fakediscord.dms import DM_APP_PERMISSIONS


async def test_a_player_who_chose_direct_messages_gets_their_move_there_and_plays_from_it(
    world: World,
) -> None:
    alice, bob, eve = world.alice, world.bob, world.eve
    alice.locale = "fr"
    answer = told(await alice.slash(world.channel, "game notify", how="dm"), alice)
    assert answer.startswith("✉️")
    await world.bot.wait_idle()
    (hello,) = alice.dms()
    assert hello.text().startswith("✉️ C'est ici")  # in her own language

    game_id, table = await paced_game(world, [bob, alice], "1 day")
    rng = random.Random(5)
    for _turn in range(8):  # bob moves until his move makes it alice's
        record = (await stored(world, game_id)).record
        (seat,) = await waited(world, game_id)
        player = user_of(world, record, seat)
        before = newest_id(world)
        await move(world, player, game_id, rng)
        if player is bob and await waited(world, game_id) == [1 - seat]:
            break
    (dm,) = dms_after(alice, before)
    assert dm is latest_dm(alice, game_id)
    text = dm.text()
    assert text.startswith(f"**À toi de jouer dans Verso #{game_id}**"), text
    assert "Il te reste 1\u202fj" in text or "Il te reste 2\u202fj" in text  # her bank
    link = next(b for b in dm.buttons() if b.get("url"))
    assert link["url"].endswith(f"/{table.channel.id}/{table.id}")
    assert all(alice not in m.mentions for m in pings_after(world, before)), "no mention too"

    opened = await alice.click(dm, custom_id=f"cr:dm:{game_id}")
    payload = opened.payload()
    assert "guild_id" not in payload and "member" not in payload
    assert int(payload["app_permissions"]) == DM_APP_PERMISSIONS  # no View Channel, no Send
    screen = opened.original
    assert screen is not None and screen.ephemeral_for is alice and screen in alice.dms()
    version = (await stored(world, game_id)).record.version
    await move(world, alice, game_id, rng, from_dm=True)  # played from the direct message
    assert (await stored(world, game_id)).record.version > version

    forged = await eve.forge(dm, f"cr:dm:{game_id}")  # someone else's DM button
    assert "not playing in this game" in told(forged, eve)


async def test_a_refused_direct_message_falls_back_to_the_mention_told_once(
    world: World,
) -> None:
    alice, bob, carol = world.alice, world.bob, world.carol
    bob.dms_open = False
    answer = await bob.slash(world.channel, "game notify", how="dm")
    assert "Discord refuses my direct messages" in (await answer.followup(0)).text()
    await carol.slash(world.channel, "game notify", how="dm")  # her DMs are open, then not
    await world.bot.wait_idle()  # the DM that says so was sent
    carol.dms_open = False
    await alice.slash(world.channel, "game notify", how="none")

    start = newest_id(world)
    game_id, _table = await paced_game(world, [alice, bob, carol], "1 day")
    rng = random.Random(2)
    turns = {"alice": 0, "bob": 0, "carol": 0}
    for _turn in range(14):
        record = (await stored(world, game_id)).record
        (seat,) = await waited(world, game_id)
        player = user_of(world, record, seat)
        turns[player.username] += 1
        await move(world, player, game_id, rng)
    hints: dict[str, int] = {"bob": 0, "carol": 0}
    mentioned: dict[str, int] = {"alice": 0, "bob": 0, "carol": 0}
    for ping in pings_after(world, start)[1:]:  # after the start's ping, which names everyone
        for user in (alice, bob, carol):
            mentioned[user.username] += user in ping.mentions
        for name in hints:
            hints[name] += f"<@{world.users[name].id}>: I could not send you" in ping.text()
    assert turns["bob"] >= 3 and turns["carol"] >= 3, turns
    assert mentioned["alice"] == 0, "who chose nothing hears nothing"
    assert mentioned["bob"] >= 2 and mentioned["carol"] >= 2, mentioned
    first = pings_after(world, start)[0]
    hints["carol"] += f"<@{carol.id}>: I could not send you" in first.text()  # her first move
    assert hints == {"bob": 0, "carol": 1}, "bob was told at /game notify, carol once"
    assert bob.dms() == [] and carol.dms()[-1].text().startswith("✉️")  # nothing since
    assert find_table(world, game_id) is not None


async def test_a_screen_opened_from_a_direct_message_needs_no_channel_permission(
    world: World,
) -> None:
    alice, bob = world.alice, world.bob
    await alice.slash(world.channel, "game notify", how="dm")
    game_id, _table = await paced_game(world, [alice, bob], "1 day")
    rng = random.Random(3)
    while latest_dm(alice, game_id) is None:
        record = (await stored(world, game_id)).record
        (seat,) = await waited(world, game_id)
        await move(world, user_of(world, record, seat), game_id, rng)
    world.fake.set_bot_permission(world.channel, send_messages=False, view_channel=False)
    screen = await open_screen(world, alice, game_id, from_dm=True)  # the channel is shut
    assert "I am missing permissions" not in screen.text() and screen in alice.dms()
    assert screen.buttons(), "her decisions, to play from the direct message"
