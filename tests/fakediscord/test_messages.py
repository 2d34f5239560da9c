"""Channel messages and DMs through the REST API: files, edits, deletion, permissions, mentions,
and bodies Discord would refuse."""

from __future__ import annotations

import io

import aiohttp
import discord
import pytest

from tests.fakediscord import FakeDiscord, FakeDiscordProblems
from tests.fakediscord.tinybot import Scene, TinyBot, scene


async def _ready(fake: FakeDiscord) -> tuple[Scene, TinyBot, discord.TextChannel]:
    s = scene(fake)
    bot = TinyBot()
    await fake.start_bot(bot)
    channel = bot.get_channel(s.channel.id)
    assert isinstance(channel, discord.TextChannel)
    return s, bot, channel


async def test_a_multipart_message_with_a_file(fake_discord: FakeDiscord) -> None:
    s, bot, channel = await _ready(fake_discord)
    data = b"leek,kale,pea\n"

    sent = await channel.send("your cards", file=discord.File(io.BytesIO(data), "hand.csv"))

    message = fake_discord.message(sent.id)
    assert fake_discord.requests[-1].route == "POST /channels/{channel_id}/messages"
    assert message.text() == "your cards"
    [attachment] = message.attachments
    assert (attachment.filename, attachment.data, attachment.content_type) == (
        "hand.csv",
        data,
        "text/csv",
    )
    assert await sent.attachments[0].read() == data  # served by the fake
    edited = await sent.edit(content="your cards, again", attachments=sent.attachments)
    assert [a.id for a in edited.attachments] == [attachment.id]
    assert s.bob.visible_messages(s.channel) == [message]


async def test_the_table_is_sent_edited_fetched_and_deleted_like_on_discord(
    fake_discord: FakeDiscord,
) -> None:
    s, bot, channel = await _ready(fake_discord)

    sent = await channel.send(
        f"{s.alice.mention} vs {s.bob.mention}",
        allowed_mentions=discord.AllowedMentions(users=[discord.Object(s.alice.id)]),
    )
    table = fake_discord.message(sent.id)
    assert table.mentions == [s.alice]  # bob was named but not pinged
    await sent.edit(content="round 2", embed=discord.Embed(title="Table", description="leek"))
    fetched = await channel.fetch_message(sent.id)

    assert fetched.content == "round 2" and fetched.embeds[0].title == "Table"
    assert table.text() == "round 2\nTable\nleek" and table.edit_count == 1
    await fake_discord.wait_for(lambda: any(m.id == sent.id for m in bot.seen_messages))

    fake_discord.make_admin(s.alice)
    s.alice.delete(table)
    await fake_discord.wait_for(lambda: sent.id in bot.deleted_message_ids)
    with pytest.raises(discord.NotFound) as gone:
        await sent.edit(content="round 3")
    assert gone.value.code == 10008
    assert s.bob.visible_messages(s.channel) == []


async def test_rest_calls_the_bot_may_not_make_fail_like_discord(fake_discord: FakeDiscord) -> None:
    s, bot, channel = await _ready(fake_discord)
    own = await channel.send("mine")
    theirs = await s.alice.send(s.channel, "hello bot")

    fake_discord.set_bot_permission(s.channel, embed_links=False)
    with pytest.raises(discord.Forbidden) as no_embeds:
        await channel.send(embed=discord.Embed(title="x"))
    fake_discord.set_bot_permission(s.channel, send_messages=False, embed_links=None)
    with pytest.raises(discord.Forbidden) as no_send:
        await channel.send("hi")
    with pytest.raises(discord.Forbidden) as not_author:
        await channel.get_partial_message(theirs.id).edit(content="hacked")
    fake_discord.set_bot_permission(s.channel, view_channel=False)
    with pytest.raises(discord.Forbidden) as no_access:
        await channel.fetch_message(own.id)
    fake_discord.set_bot_permission(s.channel, view_channel=None, send_messages=None)
    await channel.send("back")

    assert no_embeds.value.code == no_send.value.code == 50013
    assert not_author.value.code == 50005
    assert no_access.value.code == 50001
    assert [m.text() for m in s.bob.visible_messages(s.channel)] == ["mine", "hello bot", "back"]


async def test_direct_messages_and_closed_dms(fake_discord: FakeDiscord) -> None:
    s, bot, _ = await _ready(fake_discord)
    alice = await bot.fetch_user(s.alice.id)
    bob = await bot.fetch_user(s.bob.id)

    await alice.send("psst, your turn")
    s.bob.dms_open = False
    with pytest.raises(discord.Forbidden) as closed:
        await bob.send("psst")

    assert closed.value.code == 50007
    assert [m.text() for m in s.alice.dms()] == ["psst, your turn"]
    assert s.bob.dms() == [] and s.bob.visible_messages() == []


async def test_a_body_discord_would_refuse_is_a_400_and_fails_the_test() -> None:
    with pytest.raises(FakeDiscordProblems, match="Must be 2000 or fewer"):
        async with FakeDiscord.running() as fake:
            _, _, channel = await _ready(fake)
            with pytest.raises(discord.HTTPException) as refused:
                await channel.send("x" * 2001)
            assert (refused.value.status, refused.value.code) == (400, 50035)
            view = discord.ui.View()
            view.add_item(discord.ui.Button(label="Go", custom_id="x" * 101))
            with pytest.raises(discord.HTTPException, match="100 or fewer"):
                await channel.send("too long an id", view=view)


async def test_a_post_with_a_nonce_seen_before_gets_the_same_message(
    fake_discord: FakeDiscord,
) -> None:
    """discord.py sends ``enforce_nonce``: Discord answers a nonce it saw in the past few
    minutes with the message it made then, also after that answer was lost."""
    s, bot, channel = await _ready(fake_discord)
    route = "POST /channels/{channel_id}/messages"
    fake_discord.lose_answers(route)

    with pytest.raises(aiohttp.ClientError):
        await channel.send("table", nonce=42)
    again = await channel.send("table", nonce=42)
    other = await channel.send("table", nonce=43)

    assert [r.status for r in fake_discord.requests_to(route)] == [0, 200, 200]
    assert again.nonce == "42" and other.id != again.id
    assert s.alice.visible_messages(s.channel) == [
        fake_discord.message(again.id),
        fake_discord.message(other.id),
    ]
    fake_discord.message(again.id).deleted = True
    assert (await channel.send("table", nonce=42)).id not in (again.id, other.id)


def _gallery(*names: str) -> discord.ui.LayoutView:
    view = discord.ui.LayoutView()
    items = [discord.MediaGalleryItem(f"attachment://{n}", description=f"alt {n}") for n in names]
    view.add_item(discord.ui.TextDisplay("the table"))
    view.add_item(discord.ui.MediaGallery(*items))
    return view


def _file(name: str, data: bytes) -> discord.File:
    return discord.File(io.BytesIO(data), filename=name)


async def test_a_picture_in_a_media_gallery_is_resolved_and_replaced_like_on_discord(
    fake_discord: FakeDiscord,
) -> None:
    s, bot, channel = await _ready(fake_discord)
    sent = await channel.send(view=_gallery("a.png"), files=[_file("a.png", b"first")])
    message = fake_discord.message(sent.id)
    [first] = message.pictures()
    assert (first.filename, first.data) == ("a.png", b"first")
    item = message.components[1]["items"][0]
    assert item["media"]["attachment_id"] == str(first.id) and item["description"] == "alt a.png"
    assert item["media"]["url"] == first.url  # what Discord answers: the upload's URL
    assert sent.components  # and discord.py reads it back

    # an edit that lists no attachments keeps them: the reference still resolves
    await sent.edit(view=_gallery("a.png"))
    assert message.pictures() == [first] and message.edit_count == 1
    # a new file in the edit replaces the old one (attachments not listed are dropped)
    await sent.edit(view=_gallery("b.png"), attachments=[_file("b.png", b"second")])
    [second] = message.pictures()
    assert second.data == b"second" and [a.filename for a in message.attachments] == ["b.png"]
    assert first.id not in {a.id for a in message.attachments}
    # attachments=[] drops them all
    edited = await sent.edit(view=discord.ui.LayoutView().add_item(discord.ui.TextDisplay("t")))
    assert [a.filename for a in edited.attachments] == ["b.png"]  # no list: kept, unreferenced
    await sent.edit(attachments=[])
    assert message.attachments == [] and message.pictures() == []


async def test_refused_attachments_fail_like_on_discord() -> None:
    with pytest.raises(FakeDiscordProblems) as problems:
        async with FakeDiscord.running() as fake:
            _, _, channel = await _ready(fake)
            with pytest.raises(discord.HTTPException) as unknown:
                await channel.send(view=_gallery("missing.png"), files=[_file("a.png", b"x")])
            assert (unknown.value.status, unknown.value.code) == (400, 50035)
            assert "missing.png" in unknown.value.text
            too_big = b"\0" * (10 * 1024 * 1024 + 1)
            with pytest.raises(discord.HTTPException) as large:
                await channel.send(view=_gallery("big.png"), files=[_file("big.png", too_big)])
            assert (large.value.status, large.value.code) == (413, 40005)
            names = [f"{i}.png" for i in range(11)]
            with pytest.raises(discord.HTTPException) as many:
                await channel.send(files=[_file(n, b"x") for n in names])
            assert (many.value.status, many.value.code) == (400, 30015)
            assert [m for m in fake.world.messages.values() if m.attachments] == []
    assert len(str(problems.value).splitlines()) >= 3  # each one fails the test that made it


async def test_the_message_json_lists_only_the_files_no_component_shows(
    fake_discord: FakeDiscord,
) -> None:
    s, bot, channel = await _ready(fake_discord)
    files = [_file("a.png", b"picture"), _file("notes.txt", b"notes")]

    sent = await channel.send(view=_gallery("a.png"), files=files)

    # resources/message.mdx, Message Structure: "attached files that are not referenced in
    # embeds or components" (discord/discord-api-docs#8277, closed as intended)
    assert [a.filename for a in sent.attachments] == ["notes.txt"]
    fetched = await channel.fetch_message(sent.id)
    assert [a.filename for a in fetched.attachments] == ["notes.txt"]
    await fake_discord.wait_for(lambda: any(m.id == sent.id for m in bot.seen_messages))
    [heard] = [m for m in bot.seen_messages if m.id == sent.id]  # MESSAGE_CREATE
    assert [a.filename for a in heard.attachments] == ["notes.txt"]
    # the picture is known by its gallery item; the fake's own record keeps every file
    message = fake_discord.message(sent.id)
    [shown] = message.pictures()
    assert message.components[1]["items"][0]["media"]["attachment_id"] == str(shown.id)
    assert [a.filename for a in message.attachments] == ["a.png", "notes.txt"]
