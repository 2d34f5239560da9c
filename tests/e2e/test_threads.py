"""A thread per game, end to end: the lobby's card in the channel and the game in its thread,
several games in one channel at once, the thread's name as seats fill, the card's result and
the archive after the end; spectators; commands where several games share a channel;
``/cardroom threads off``; the host told, in their language, why a game has no thread."""

from __future__ import annotations

from bot.i18n import translator
from bot.messages.threads import AUTO_ARCHIVE_MINUTES
from storage import GameStatus
from tests.e2e.conftest import World
from tests.e2e.driver import find_table, leak_scan, public_messages, spectator_text
from tests.e2e.helpers import told
from tests.e2e.thread_helpers import (
    card_says,
    check_ended_card,
    check_thread_name,
    open_game,
    threads_on,
)
from tests.fakediscord.threads import Thread


async def test_games_share_a_channel_each_in_its_thread_with_its_card(world: World) -> None:
    await threads_on(world)
    first = await open_game(world, [world.alice, world.bob], start=False)
    await world.bot.wait_idle()
    assert first.thread.name == f"Abandon All Artichokes #{first.game_id} · alice, bob"
    assert first.thread.auto_archive_duration == AUTO_ARCHIVE_MINUTES
    await first.driver.world.fake.wait_for(lambda: "🧵" in first.card.text())  # links it
    await world.carol.click(first.card, custom_id=f"cr:lobby:{first.game_id}:join")
    await world.bot.wait_idle()
    await check_thread_name(world, first.game_id)  # renamed as seats fill
    assert "carol" in first.thread.name
    await world.alice.click(first.card, custom_id=f"cr:lobby:{first.game_id}:start")
    second = await open_game(world, [world.dave, world.eve], game="ninjan", levels=["random"])
    await world.bot.wait_idle()

    # the card stays in the channel; the table and the pings are in the thread
    first.driver.table = next(m for m in first.thread.messages if "cr:hand:" in str(m.components))
    for game in (first, second):
        assert game.card.text() == await card_says(world, game.game_id)
        assert game.card.labels() == ["Watch", "Stop watching"]
        assert f"<#{game.thread.id}>" in game.card.text()
    channel_texts = [m.text() for m in public_messages(world)]
    assert len(channel_texts) == 2  # the two cards, nothing else
    pings = [m for m in public_messages(world, first.thread) if "has started" in m.content]
    assert len(pings) == 1 and {u.id for u in pings[0].mentions} == {
        world.alice.id,
        world.bob.id,
        world.carol.id,
    }
    assert first.thread.members.keys() >= {world.alice.id, world.bob.id, world.carol.id}

    first.driver.players.append(world.carol)
    for game in (first, second):
        await game.driver.play_to_the_end()
        record = (await world.bot.service.snapshot(game.game_id)).record
        assert record.status == GameStatus.FINISHED
        await world.bot.wait_idle()
        await check_ended_card(world, game.game_id)
        assert "Play again" in game.driver.table.labels()  # the final table offers it too
        assert (await world.bot.storage.verify_game(game.game_id)).ok

    # an hour after the end, the threads are archived; the cards keep the results
    world.clock.advance(world.bot.settings.thread_archive_after + 1)
    await world.fake.wait_for(lambda: first.thread.archived and second.thread.archived)
    await world.bot.wait_idle()
    assert await world.bot.storage.threads.archives() == []
    assert "🏁" in first.card.text() and "🏁" in second.card.text()


async def test_spectators_watch_see_the_public_view_and_stop(world: World) -> None:
    await threads_on(world)
    game = await open_game(world, [world.alice, world.bob], spectators=[world.eve], rng=4)
    assert world.eve.id in game.thread.members  # Discord notifies her of the thread now
    assert await world.bot.storage.threads.spectators(game.game_id) == (world.eve.id,)
    again = await world.eve.click(game.card, label="Watch")
    assert told(again, world.eve).startswith("👀 You are watching")
    own = await world.alice.click(game.card, label="Watch")
    assert "You play in game" in told(own, world.alice)
    for _ in range(6):
        assert await game.driver.step()
    shown = await game.driver.spectate(world.eve)
    assert "Your hand" not in shown.text()
    await leak_scan(world, game.game_id, game.driver.secret_words, [world.eve])

    listed = await world.eve.slash(world.channel, "game watching")
    text = told(listed, world.eve)
    assert f"#{game.game_id} · Abandon All Artichokes · <#{game.thread.id}> · playing" in text
    assert f"Stop watching #{game.game_id}" in listed.original.labels()

    stopped = await world.eve.click(game.card, label="Stop watching")
    assert told(stopped, world.eve) == f"You stopped watching game #{game.game_id}."
    assert world.eve.id not in game.thread.members
    assert await world.bot.storage.threads.spectators(game.game_id) == ()
    # without Manage Threads the bot cannot take her out: she is told how to leave
    await world.eve.click(game.card, label="Watch")
    world.fake.set_bot_permission(world.channel, manage_threads=False)
    stopped = await world.eve.click(game.card, label="Stop watching")
    assert "leave it from the thread's menu" in told(stopped, world.eve)
    world.fake.set_bot_permission(world.channel, manage_threads=None)
    refused = await world.alice.click(game.card, label="Stop watching")
    assert "You play in this game" in told(refused, world.alice)
    # someone who never watched sees the public view all the same
    record = await world.dave.click(game.driver.table, custom_id=f"cr:hand:{game.game_id}")
    assert told(record, world.dave) == await spectator_text(world, game.game_id, world.dave)


async def test_commands_pick_the_game_where_several_share_a_channel(world: World) -> None:
    await threads_on(world)
    first = await open_game(world, [world.alice, world.bob])
    second = await open_game(world, [world.carol, world.dave])

    # in the channel: the game one sits in; in a game's thread: that game
    mine = await world.carol.slash(world.channel, "game hand")
    assert f"game #{second.game_id}" in told(mine, world.carol).lower()
    hers = await world.alice.slash(second.thread, "game hand")  # a spectator there
    assert told(hers, world.alice) == await spectator_text(world, second.game_id, world.alice)
    several = await world.eve.slash(world.channel, "game hand")
    assert "Several games are played here" in told(several, world.eve)
    chosen = await world.eve.slash(world.channel, "game hand", game=first.game_id)
    assert told(chosen, world.eve) == await spectator_text(world, first.game_id, world.eve)
    unknown = await world.eve.slash(world.channel, "game hand", game=999)
    assert told(unknown, world.eve) == "⚠️ There is no game #999 here."
    choices = await world.alice.autocomplete(world.channel, "game hand", focused="game")
    assert [c["value"] for c in choices] == [first.game_id, second.game_id]  # hers first

    left = await world.bob.slash(world.channel, "game leave")
    assert told(left, world.bob).startswith(f"You left game #{first.game_id}.")
    await world.bot.wait_idle()
    assert (await world.bot.storage.games.get_game(first.game_id)).status == GameStatus.FINISHED


async def test_threads_off_keeps_one_game_per_channel(world: World) -> None:
    await threads_on(world)
    turned = await world.admin.slash(world.channel, "cardroom threads", choice="off")
    assert "one per channel" in told(turned, world.admin)
    reply = await world.alice.slash(world.channel, "game new", game="artichokes")
    assert reply.original is not None and not world.guild.threads
    busy = await world.bob.slash(world.channel, "game new", game="ninjan")
    assert "There is already a game in this channel" in told(busy, world.bob)
    turned = await world.admin.slash(world.channel, "cardroom threads", choice="on")
    assert "a thread each" in told(turned, world.admin)
    game = await open_game(world, [world.bob], game="ninjan", levels=["random"])
    assert game.thread.parent is world.channel  # beside the channel's own game


async def test_without_thread_permissions_the_game_is_played_in_the_channel(
    world: World,
) -> None:
    await threads_on(world)
    pierre = world.fake.add_user("pierre", locale="fr")
    world.guild.add_member(pierre)
    world.fake.set_bot_permission(world.channel, create_public_threads=False)

    reply = await pierre.slash(world.channel, "game new", game="artichokes")

    assert reply.original is not None and not reply.original.ephemeral
    note = await reply.followup(0)
    assert note.ephemeral_for is pierre
    fr = translator("fr")
    assert fr("Create Public Threads") in note.text() and "⚠️" in note.text()
    assert note.text() != note.text().replace(fr("Create Public Threads"), "")
    assert not [t for t in world.guild.threads if isinstance(t, Thread)]
    game_id = int(reply.original.text().split("#")[1].split()[0])
    assert (await world.bot.storage.games.find_open_game(world.channel.id)).id == game_id


async def test_renames_are_paced_as_discord_allows(world: World) -> None:
    world.thread_rename_interval = 600.0  # Discord allows a channel two renames per 10 min
    await world.restart()
    await threads_on(world)
    game = await open_game(world, [world.alice, world.bob], start=False)
    await world.bot.wait_idle()
    assert game.thread.name.endswith("· alice, bob")  # the first rename is made at once
    await world.carol.click(game.card, custom_id=f"cr:lobby:{game.game_id}:join")
    await world.dave.click(game.card, custom_id=f"cr:lobby:{game.game_id}:join")
    await world.bot.wait_idle()

    renames = world.fake.requests_to("PATCH /channels/{channel_id}")
    assert len(renames) == 1 and "carol" not in game.thread.name  # the next one waits
    assert game.game_id in world.bot.room.threads._later  # with the newest seats, once due


async def test_a_start_while_the_thread_is_being_made_plays_in_the_thread(world: World) -> None:
    await threads_on(world)
    # Discord is slow to make the thread (a 429 first): the players click meanwhile
    world.fake.rate_limit(
        "POST /channels/{channel_id}/messages/{message_id}/threads", retry_after=0.5
    )
    card = (await world.alice.slash(world.channel, "game new", game="artichokes")).original
    assert card is not None
    game_id = int(card.text().split("game #")[1].split()[0])
    await world.bob.click(card, custom_id=f"cr:lobby:{game_id}:join")  # waits for the thread
    await world.alice.click(card, custom_id=f"cr:lobby:{game_id}:start")
    await world.bot.wait_idle()

    thread = world.fake.world.thread_of[card.id]
    table = find_table(world, game_id)
    assert table is not None and table.channel is thread
    assert not [m for m in public_messages(world) if m is not card]  # nothing else in #games
