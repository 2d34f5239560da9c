"""Many games at once: answers are matched to their interaction by id and token, not by order."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import discord

from tests.fakediscord import Channel, FakeDiscord, User
from tests.fakediscord.tinybot import TinyBot

GAMES = 20


def _bot() -> TinyBot:
    waiting: list[discord.Interaction] = []

    def setup(bot: TinyBot) -> None:
        @bot.tree.command(name="new", description="Open a table")
        async def new(interaction: discord.Interaction) -> None:
            waiting.append(interaction)
            if len(waiting) < GAMES:
                return
            for pending in reversed(waiting):  # answer everyone, last asker first
                view = discord.ui.View(timeout=None)
                join = discord.ui.Button(label="Join", custom_id=f"join:{pending.channel_id}")
                join.callback = _joined(pending.user.name)  # type: ignore[method-assign]
                view.add_item(join)
                await pending.response.send_message(f"{pending.user.name} waits", view=view)

        @bot.tree.command(name="hand", description="Your hand")
        async def hand(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(
                f"{interaction.user.name}'s hand", ephemeral=True
            )

    return TinyBot(setup)


def _joined(host: str) -> Callable[[discord.Interaction], Awaitable[None]]:
    async def callback(interaction: discord.Interaction) -> None:
        await asyncio.sleep(0)
        await interaction.response.edit_message(content=f"{host} vs {interaction.user.name}")

    return callback


async def test_twenty_concurrent_games_each_get_their_own_answers(
    fake_discord: FakeDiscord,
) -> None:
    guild = fake_discord.add_guild("Busy Guild")
    tables: list[tuple[Channel, User, User]] = []
    for i in range(GAMES):
        host, guest = fake_discord.add_user(f"host{i}"), fake_discord.add_user(f"guest{i}")
        guild.add_member(host)
        guild.add_member(guest)
        tables.append((guild.add_text_channel(f"table-{i}"), host, guest))
    await fake_discord.start_bot(_bot())

    opened = await asyncio.gather(*(host.slash(ch, "new") for ch, host, _ in tables))
    hands = await asyncio.gather(*(host.slash(ch, "hand") for ch, host, _ in tables))
    messages = [r.original for r in opened if r.original is not None]
    assert len(messages) == GAMES
    joins = await asyncio.gather(
        *(guest.click(m, label="Join") for m, (_, _, guest) in zip(messages, tables, strict=True))
    )

    for (channel, host, guest), table, hand, join in zip(tables, opened, hands, joins, strict=True):
        assert table.original is not None and table.original.channel is channel
        assert join.original is table.original
        assert table.original.text() == f"{host.username} vs {guest.username}"
        assert [m.text() for m in host.ephemerals(channel)] == [f"{host.username}'s hand"]
        assert guest.visible_messages(channel) == [table.original]
        assert hand.user is host
    stats = fake_discord.latency_stats()
    assert stats.count == stats.answered == 3 * GAMES
