"""Threads and forums as Discord has them: starting threads (from a message, without one, as a
forum post), their permissions, archive and lock, members, deletion, the gateway events and
interactions from a thread."""

from __future__ import annotations

import discord
import pytest

from tests.fakediscord import FakeDiscord
from tests.fakediscord.errors import FakeDiscordError, NotVisible
from tests.fakediscord.permissions import DEFAULT_BOT, names
from tests.fakediscord.threads import Thread
from tests.fakediscord.tinybot import Scene, TinyBot, scene

CODE = {"archived": 50083, "locked": 160005, "twice": 160004}


async def _ready(fake: FakeDiscord, setup=None) -> tuple[Scene, TinyBot]:  # noqa: ANN001
    s = scene(fake)
    bot = TinyBot(setup)
    await fake.start_bot(bot)
    return s, bot


def _thread(fake: FakeDiscord, thread_id: int) -> Thread:
    found = fake.world.channels[thread_id]
    assert isinstance(found, Thread)
    return found


async def test_a_thread_from_a_message_shares_its_id_and_a_message_has_one(
    fake_discord: FakeDiscord,
) -> None:
    s, bot = await _ready(fake_discord)
    channel = bot.get_channel(s.channel.id)
    assert isinstance(channel, discord.TextChannel)
    card = await channel.send("the card")

    thread = await card.create_thread(name="Game #1 · alice", auto_archive_duration=10080)

    assert thread.id == card.id and thread.parent_id == s.channel.id
    fake_thread = _thread(fake_discord, thread.id)
    assert fake_thread.members.keys() == {fake_discord.bot.id}  # its creator
    await fake_discord.wait_for(lambda: bot.get_channel(thread.id) is not None)  # THREAD_CREATE
    assert "THREAD_CREATE" in bot.events
    with pytest.raises(discord.HTTPException) as twice:
        await card.create_thread(name="again")
    assert twice.value.code == CODE["twice"]
    for name in ("", "x" * 101):
        with pytest.raises(discord.HTTPException) as bad:
            await bot.http.start_thread_with_message(
                s.channel.id, (await channel.send("x")).id, name=name, auto_archive_duration=60
            )
        assert bad.value.code == 50035
    fake_discord.problems.clear()  # those bodies were refused on purpose
    sent = await thread.send(
        f"{s.alice.mention}: your move", allowed_mentions=discord.AllowedMentions(users=True)
    )
    assert fake_discord.message(sent.id).channel is fake_thread
    assert s.alice.id in fake_thread.members  # a mention adds them
    assert fake_thread.payload()["member_count"] == 2


async def test_a_thread_needs_create_public_threads_and_posting_send_messages_in_threads(
    fake_discord: FakeDiscord,
) -> None:
    s, bot = await _ready(fake_discord)
    channel = bot.get_channel(s.channel.id)
    assert isinstance(channel, discord.TextChannel)
    card = await channel.send("card")
    fake_discord.set_bot_permission(s.channel, create_public_threads=False)
    with pytest.raises(discord.Forbidden) as refused:
        await card.create_thread(name="Game")
    assert refused.value.code == 50013
    fake_discord.set_bot_permission(s.channel, create_public_threads=None)
    thread = await card.create_thread(name="Game")
    fake_discord.set_bot_permission(s.channel, send_messages_in_threads=False)
    with pytest.raises(discord.Forbidden):
        await thread.send("table")
    fake_discord.set_bot_permission(s.channel, send_messages_in_threads=None, send_messages=False)
    await thread.send("table")  # Send Messages has no effect in threads
    assert _thread(fake_discord, thread.id).can(s.alice, view_channel=True)
    s.channel.set_permissions(s.bob, view_channel=False)
    assert not s.bob.visible_messages(_thread(fake_discord, thread.id))


async def test_archived_threads_take_no_edit_and_a_send_unarchives_unless_locked(
    fake_discord: FakeDiscord,
) -> None:
    s, bot = await _ready(fake_discord)
    channel = bot.get_channel(s.channel.id)
    assert isinstance(channel, discord.TextChannel)
    thread = await (await channel.send("card")).create_thread(name="Game")
    table = await thread.send("table")
    fake = _thread(fake_discord, thread.id)

    fake.archive()
    await fake_discord.wait_for(lambda: "THREAD_UPDATE" in bot.events)
    with pytest.raises(discord.HTTPException) as refused:
        await table.edit(content="moved")
    assert refused.value.code == CODE["archived"]
    with pytest.raises(discord.HTTPException):
        await bot.http.add_user_to_thread(thread.id, s.alice.id)
    await thread.send("a ping")  # unarchives it
    assert not fake.archived
    await table.edit(content="moved")

    fake.archive(locked=True)
    fake_discord.set_bot_permission(s.channel, manage_threads=False)
    with pytest.raises(discord.HTTPException) as locked:
        await thread.send("a ping")
    assert locked.value.code == CODE["locked"] and fake.archived
    await bot.http.edit_channel(thread.id, archived=False)  # its creator may unarchive it
    with pytest.raises(discord.HTTPException) as locked:
        await thread.send("a ping")  # but not post in it while locked
    assert locked.value.code == CODE["locked"]
    fake_discord.set_bot_permission(s.channel, manage_threads=None)
    await thread.send("a ping")  # Manage Threads may
    with pytest.raises(NotVisible):
        await s.alice.send(fake, "hello")  # locked: only Manage Threads posts
    fake.lock(False)
    assert (await s.alice.send(fake, "hello")).channel is fake
    fake.archive()
    with pytest.raises(FakeDiscordError):
        await s.alice.slash(fake, "anything")  # no commands in an archived thread


async def test_rename_lock_and_members_follow_the_documented_permissions(
    fake_discord: FakeDiscord,
) -> None:
    s, bot = await _ready(fake_discord)
    channel = bot.get_channel(s.channel.id)
    assert isinstance(channel, discord.TextChannel)
    thread = await (await channel.send("card")).create_thread(name="Game")
    fake = _thread(fake_discord, thread.id)

    await bot.http.edit_channel(thread.id, name="Game · alice, bob")
    assert fake.name == "Game · alice, bob"
    await bot.http.add_user_to_thread(thread.id, s.alice.id)
    await bot.http.add_user_to_thread(thread.id, s.alice.id)  # again: 204 as well
    assert s.alice.id in fake.members
    await bot.http.remove_user_from_thread(thread.id, s.alice.id)
    assert s.alice.id not in fake.members
    fake_discord.set_bot_permission(s.channel, manage_threads=False)
    await bot.http.add_user_to_thread(thread.id, s.bob.id)
    with pytest.raises(discord.Forbidden):
        await bot.http.remove_user_from_thread(thread.id, s.bob.id)  # Manage Threads only
    with pytest.raises(discord.Forbidden):
        await bot.http.edit_channel(thread.id, locked=True)
    await bot.http.edit_channel(thread.id, name="renamed by its creator")
    with pytest.raises(discord.Forbidden):
        await bot.http.delete_channel(thread.id)
    fake_discord.set_bot_permission(s.channel, manage_threads=None)
    await bot.http.delete_channel(thread.id)
    assert fake.deleted and not s.alice.visible_messages(fake)
    await fake_discord.wait_for(lambda: "THREAD_DELETE" in bot.events)
    with pytest.raises(discord.NotFound) as gone:
        await thread.send("table")
    assert gone.value.code == 10003


async def test_a_forum_post_is_a_thread_with_its_first_message(fake_discord: FakeDiscord) -> None:
    s, bot = await _ready(fake_discord)
    forum_channel = s.guild.add_forum_channel("games")
    forum = await fake_discord.wait_for(lambda: bot.get_channel(forum_channel.id))
    assert isinstance(forum, discord.ForumChannel)

    post = await forum.create_thread(
        name="Game #2", content="the card", auto_archive_duration=10080
    )

    assert post.thread.id == post.message.id
    message = fake_discord.message(post.message.id)
    assert message.channel is _thread(fake_discord, post.thread.id)
    assert message.text() == "the card"
    with pytest.raises(discord.HTTPException) as direct:
        await bot.http.send_message(forum_channel.id, params=_params("no"))
    assert direct.value.code == 50008
    with pytest.raises(FakeDiscordError):
        await s.alice.slash(forum_channel, "anything")
    fake_discord.set_bot_permission(forum_channel, send_messages=False)
    with pytest.raises(discord.Forbidden):
        await forum.create_thread(name="Game #3", content="refused")


def _params(text: str):  # noqa: ANN202
    return discord.http.handle_message_parameters(content=text)


async def test_interactions_from_a_thread_carry_it_and_a_restart_finds_it(
    fake_discord: FakeDiscord,
) -> None:
    seen: list[object] = []

    def setup(bot: TinyBot) -> None:
        @bot.tree.command(name="where")
        async def where(interaction: discord.Interaction) -> None:
            seen.append(interaction.channel)
            assert interaction.app_permissions.send_messages_in_threads
            await interaction.response.send_message("here")

    s, bot = await _ready(fake_discord, setup)
    channel = bot.get_channel(s.channel.id)
    assert isinstance(channel, discord.TextChannel)
    thread = await (await channel.send("card")).create_thread(name="Game")

    record = await s.alice.slash(_thread(fake_discord, thread.id), "where")

    (found,) = seen
    assert isinstance(found, discord.Thread) and found.parent_id == s.channel.id
    assert record.original is not None and record.original.channel is _thread(
        fake_discord, thread.id
    )
    await bot.close()
    again = TinyBot(setup)
    await fake_discord.start_bot(again)
    cached = again.get_channel(thread.id)  # GUILD_CREATE lists the active threads
    assert isinstance(cached, discord.Thread) and cached.name == "Game"


async def test_deleting_a_channel_deletes_its_threads(fake_discord: FakeDiscord) -> None:
    s, bot = await _ready(fake_discord)
    channel = bot.get_channel(s.channel.id)
    assert isinstance(channel, discord.TextChannel)
    thread = await (await channel.send("card")).create_thread(name="Game")

    s.guild.delete_channel(s.channel)

    await fake_discord.wait_for(lambda: bot.get_channel(s.channel.id) is None)
    assert "CHANNEL_DELETE" in bot.events and "THREAD_DELETE" not in bot.events
    with pytest.raises(discord.NotFound):
        await thread.send("table")


def test_the_bot_role_asks_for_the_thread_permissions() -> None:
    assert {"create_public_threads", "send_messages_in_threads", "manage_threads"} <= names(
        DEFAULT_BOT
    )
