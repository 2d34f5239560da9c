"""Finding a game and playing again, end to end: ``/game open`` and its Join buttons,
``/game new invite:`` (mentioned in the thread) and "invited players only", **Play again**
on the card and on the final table, and a forum where each game is a post."""

from __future__ import annotations

import re

from storage import LOBBY, GameStatus
from tests.e2e.conftest import World
from tests.e2e.driver import find_table
from tests.e2e.helpers import add_ai, told
from tests.e2e.thread_helpers import card_of, check_ended_card, open_game, threads_on
from tests.fakediscord.threads import Thread, start_thread


async def test_game_open_lists_the_lobbies_waiting_and_joins_with_one_click(
    world: World,
) -> None:
    await threads_on(world)
    first = await open_game(world, [world.alice], start=False)
    second = await open_game(world, [world.bob], game="ninjan", start=False)
    full = await open_game(world, [world.carol, world.dave], game="ninjan", start=False)
    for user in (world.alice, world.bob, world.eve):  # ninjan takes 2 to 5
        await user.click(full.card, custom_id=f"cr:lobby:{full.game_id}:join")
    running = await open_game(world, [world.dave, world.eve], game="verso")

    listed = await world.eve.slash(world.channel, "game open")
    text = told(listed, world.eve)
    assert text.startswith("**Games waiting for players**")
    assert (
        f"#{first.game_id} · Abandon All Artichokes · hosted by <@{world.alice.id}> · 1/4" in text
    )
    assert f"#{second.game_id} · Ninjan" in text
    assert f"#{full.game_id}" not in text and f"#{running.game_id}" not in text
    assert listed.original.labels() == [f"Join #{first.game_id}", f"Join #{second.game_id}"]

    joined = await world.eve.click(listed.original, label=f"Join #{second.game_id}")
    assert told(joined, world.eve).startswith(f"✅ You joined game #{second.game_id}")
    await world.bot.wait_idle()
    assert f"<@{world.eve.id}>" in second.card.text()  # its card shows her
    assert "eve" in second.thread.name
    again = await world.eve.click(listed.original, label=f"Join #{second.game_id}")
    assert told(again, world.eve) == "⚠️ You have already joined this game."


async def test_invited_people_are_mentioned_and_may_be_the_only_ones(world: World) -> None:
    await threads_on(world)
    reply = await world.alice.slash(
        world.channel,
        "game new",
        game="artichokes",
        invite=f"{world.bob.mention} and <@!{world.carol.id}>",
    )
    card = reply.original
    game_id = int(re.search(r"game #(\d+)", card.text()).group(1))
    thread = await world.fake.wait_for(lambda: world.fake.world.thread_of.get(card.id))
    await world.bot.wait_idle()
    (invitation,) = [m for m in thread.messages if "invites you" in m.content]
    assert {u.id for u in invitation.mentions} == {world.bob.id, world.carol.id}
    assert {world.bob.id, world.carol.id} <= set(thread.members)  # the mention adds them
    assert await world.bot.storage.threads.invited(game_id) == tuple(
        sorted((world.bob.id, world.carol.id))
    )

    await world.alice.click(card, label="Invited players only: off")
    assert "Invited players only: on" in card.labels()
    refused = await world.eve.click(card, label="Join")
    assert told(refused, world.eve) == "⚠️ Only the people the host invited can join this game."
    await world.bob.click(card, label="Join")
    listed = await world.eve.slash(world.channel, "game open")
    assert f"#{game_id}" not in told(listed, world.eve)  # closed to her
    listed = await world.carol.slash(world.channel, "game open")
    assert "invited players only" in told(listed, world.carol)
    not_host = await world.bob.click(card, label="Invited players only: on")
    assert told(not_host, world.bob) == "⚠️ Only the host can do that."


async def test_play_again_opens_the_same_game_in_a_new_thread(world: World) -> None:
    await threads_on(world)
    old = await open_game(world, [world.alice, world.bob], game="ninjan", levels=["random"])
    await old.driver.play_to_the_end()
    await world.bot.wait_idle()
    await check_ended_card(world, old.game_id)
    before = await world.bot.storage.games.get_game(old.game_id)

    opened = await world.bob.click(old.card, label="Play again")  # bob hosts this time
    said = (await opened.reply()).text()
    assert said.startswith("🔁 You opened game #")
    new_id = int(re.search(r"game #(\d+)", said).group(1))
    await world.bot.wait_idle()
    lobby = await world.bot.storage.games.get_game(new_id)
    assert (lobby.game_name, lobby.options, lobby.host_id) == (
        "ninjan",
        before.options,
        world.bob.id,
    )
    assert lobby.again_of == old.game_id and lobby.turn_clock == before.turn_clock
    assert [(s.user_id, s.level) for s in lobby.seats] == [(world.bob.id, None), (None, "random")]
    card = await card_of(world, new_id)
    assert card.channel is world.channel and card is not old.card
    thread = world.fake.world.thread_of[card.id]
    assert isinstance(thread, Thread) and thread is not old.thread
    (invitation,) = [m for m in thread.messages if "invites you" in m.content]
    assert [u.id for u in invitation.mentions] == [world.alice.id]

    # alice joins with one click, on the old game's final table this time
    joined = await world.alice.click(old.driver.table, label="Play again")
    assert (await joined.reply()).text().startswith(f"🔁 You joined game #{new_id}")
    twice = await world.alice.click(old.card, label="Play again")
    assert (await twice.reply()).text().startswith(f"🔁 You are in game #{new_id} already")
    stranger = await world.eve.click(old.card, label="Play again")
    assert "Only the players of game" in (await stranger.reply()).text()
    await world.bot.wait_idle()
    assert f"<@{world.alice.id}>" in card.text()

    await world.bob.click(card, custom_id=f"cr:lobby:{new_id}:start")
    table = await world.fake.wait_for(lambda: find_table(world, new_id))
    assert table.channel is thread
    record = await world.bot.storage.games.get_game(new_id)
    assert record.status == GameStatus.ACTIVE and len(record.seats) == 3


async def test_in_a_forum_each_game_is_a_post(world: World) -> None:
    await threads_on(world)
    forum = world.guild.add_forum_channel("tables")
    post = await world.fake.wait_for(lambda: world.bot.get_channel(forum.id))
    assert post is not None
    # people talk in a post of their own; /game new there opens a post for the game
    chat = start_thread(world.fake.world, forum, "who plays?", world.alice)
    await world.alice.send(chat, "a game, anyone?")
    await world.fake.wait_for(lambda: world.bot.get_channel(chat.id) is not None)

    reply = await world.alice.slash(chat, "game new", game="pentaquest")

    text = told(reply, world.alice)
    game_id = int(re.search(r"Game #(\d+)", text).group(1))
    stored = await world.bot.storage.messages.get(game_id, LOBBY)
    game_post = world.fake.world.channels[stored.channel_id]
    assert isinstance(game_post, Thread) and game_post.parent is forum and game_post is not chat
    card = world.fake.message(stored.message_id)
    assert card.id == game_post.id  # the post's first message is the game's card
    assert f"<#{game_post.id}>" in text
    await add_ai(world.alice, card, "Cardroom AI (random)")
    await world.alice.click(card, label="Start")
    table = await world.fake.wait_for(lambda: find_table(world, game_id))
    assert table.channel is game_post
    await world.bot.wait_idle()
    assert "Watch" in card.labels()
