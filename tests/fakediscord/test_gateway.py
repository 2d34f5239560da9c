"""Connection trouble: dropped gateway, RECONNECT, invalid session, a restarted bot, and REST
faults (429, 500) retried by discord.py."""

from __future__ import annotations

import re

import discord
from discord import app_commands

from tests.fakediscord import BotOffline, FakeDiscord
from tests.fakediscord.tinybot import TinyBot, scene


def _echo_bot() -> TinyBot:
    def setup(bot: TinyBot) -> None:
        @bot.tree.command(name="echo", description="Echo")
        async def echo(interaction: discord.Interaction, text: str) -> None:
            await interaction.response.send_message(text)

    return TinyBot(setup)


async def test_a_dropped_connection_resumes_and_replays_what_was_missed(
    fake_discord: FakeDiscord,
) -> None:
    s = scene(fake_discord)
    bot = _echo_bot()
    await fake_discord.start_bot(bot)
    gateway = fake_discord.gateway

    await fake_discord.drop_gateway()
    said = await s.alice.send(s.channel, "while you were away")
    record = await s.alice.slash(s.channel, "echo", text="still there?", wait=False)
    await record.answered
    await fake_discord.wait_for(lambda: "RESUMED" in bot.events)

    assert gateway.resumes == 1 and gateway.identifies == 1
    assert bot.events.count("READY") == 1
    assert [r.path for r in fake_discord.requests if "gateway" in r.path] == [
        "/gateway",
        "/gateway-resume",
    ]
    await fake_discord.wait_for(lambda: any(m.id == said.id for m in bot.seen_messages))
    assert record.original is not None and record.original.text() == "still there?"

    await fake_discord.request_reconnect()
    await fake_discord.wait_for(lambda: gateway.resumes == 2)
    again = await s.bob.slash(s.channel, "echo", text="and now?")
    assert again.original is not None and again.original.text() == "and now?"
    assert gateway.identifies == 1


async def test_an_invalidated_session_identifies_again(fake_discord: FakeDiscord) -> None:
    s = scene(fake_discord)
    bot = _echo_bot()
    await fake_discord.start_bot(bot)

    await fake_discord.invalidate_session()
    await fake_discord.wait_for(lambda: bot.events.count("READY") == 2 and bot.is_ready())
    record = await s.alice.slash(s.channel, "echo", text="fresh session")

    assert fake_discord.gateway.identifies == 2
    assert record.original is not None and record.original.text() == "fresh session"


class Join(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=r"t:(?P<id>\d+):join"
):
    """A persistent Join button; the instance that handles it signs the table."""

    def __init__(self, table: int) -> None:
        super().__init__(discord.ui.Button(label="Join", custom_id=f"t:{table}:join"))
        self.table = table

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item, match: re.Match[str]
    ) -> Join:
        return cls(int(match["id"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        instance = interaction.client.instance  # type: ignore[attr-defined]
        text = f"table {self.table}: {interaction.user.name} joined (bot instance {instance})"
        await interaction.response.edit_message(content=text)


def _table_bot(instance: int) -> TinyBot:
    def setup(bot: TinyBot) -> None:
        bot.add_dynamic_items(Join)

        @bot.tree.command(name="table", description="Open a table")
        async def table(interaction: discord.Interaction) -> None:
            view = discord.ui.View(timeout=None)
            view.add_item(Join(1))
            await interaction.response.send_message("table 1: open", view=view)

    bot = TinyBot(setup)
    bot.instance = instance  # type: ignore[attr-defined]
    return bot


async def test_a_restarted_bot_receives_clicks_on_components_of_the_old_one(
    fake_discord: FakeDiscord,
) -> None:
    s = scene(fake_discord)
    first = await fake_discord.start_bot(_table_bot(1))
    table = (await s.alice.slash(s.channel, "table")).original
    assert table is not None

    await first.stop()
    try:
        await s.bob.click(table, label="Join")
    except BotOffline:
        pass
    else:
        raise AssertionError("a click with no bot connected must raise BotOffline")
    await fake_discord.start_bot(_table_bot(2))
    await s.bob.click(table, label="Join")

    assert table.text() == "table 1: bob joined (bot instance 2)"
    assert fake_discord.gateway.identifies == 2
    assert len(fake_discord.world.commands.list(None)) == 1


async def test_a_rate_limited_request_is_retried_and_posted_once(fake_discord: FakeDiscord) -> None:
    s = scene(fake_discord)
    bot = TinyBot()
    await fake_discord.start_bot(bot)
    route = "POST /channels/{channel_id}/messages"
    fault = fake_discord.rate_limit(route, retry_after=0.05)
    channel = bot.get_channel(s.channel.id)
    assert isinstance(channel, discord.TextChannel)

    await channel.send("the table")

    assert fault.hits == 1
    assert [r.status for r in fake_discord.requests_to(route)] == [429, 200]
    assert [m.text() for m in s.alice.visible_messages(s.channel)] == ["the table"]


async def test_a_server_error_is_retried_and_the_edit_lands_once(fake_discord: FakeDiscord) -> None:
    s = scene(fake_discord)
    bot = TinyBot()
    await fake_discord.start_bot(bot)
    channel = bot.get_channel(s.channel.id)
    assert isinstance(channel, discord.TextChannel)
    sent = await channel.send("v1")
    route = "PATCH /channels/{channel_id}/messages/{message_id}"
    fake_discord.fail(route, status=500)

    await sent.edit(content="v2")  # discord.py waits 1 s, then retries

    assert [r.status for r in fake_discord.requests_to(route)] == [500, 200]
    assert fake_discord.message(sent.id).text() == "v2"
    assert fake_discord.message(sent.id).edit_count == 1


async def test_an_app_command_error_still_answers(fake_discord: FakeDiscord) -> None:
    s = scene(fake_discord)

    def setup(bot: TinyBot) -> None:
        @bot.tree.command(name="boom", description="Fails")
        async def boom(interaction: discord.Interaction) -> None:
            raise app_commands.AppCommandError("boom")

    bot = TinyBot(setup)
    await fake_discord.start_bot(bot)

    record = await s.alice.slash(s.channel, "boom")

    assert record.original is not None and record.original.text() == "error: boom"
