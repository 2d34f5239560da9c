"""Shards as Discord runs them: each IDENTIFY names ``[shard_id, shard_count]``, and the fake
sends a guild's events and interactions to its shard's session only, so two discord.py
clients of one bot, each with its shards, each hear their own guilds."""

from __future__ import annotations

import aiohttp
import discord
from discord import app_commands

from tests.fakediscord import BotOffline, FakeDiscord
from tests.fakediscord.gateway import INVALID_SHARD, shard_of


class ShardedEcho(discord.AutoShardedClient):
    """discord.py's own sharded client with ``/echo``, which says which shards answered."""

    def __init__(self, **shards: object) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(intents=intents, guild_ready_timeout=0.05, **shards)  # type: ignore[arg-type]
        self.tree = app_commands.CommandTree(self)

        @self.tree.command(name="echo", description="Echo")
        async def echo(interaction: discord.Interaction, text: str) -> None:
            assert interaction.guild is not None
            shard = interaction.guild.shard_id
            await interaction.response.send_message(f"{text} from shard {shard}")

    async def setup_hook(self) -> None:
        await self.tree.sync()

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """No 5 s pause between the shards' IDENTIFYs (the fake has no such limit)."""


async def test_two_processes_of_two_shards_each_hear_only_their_guilds(
    fake_discord: FakeDiscord,
) -> None:
    guilds = [fake_discord.add_guild(f"Guild {n}", shard=(n % 4, 4)) for n in range(8)]
    alice = fake_discord.add_user("alice")
    channels = []
    for guild in guilds:
        guild.add_member(alice)
        channels.append(guild.add_text_channel("games"))
    assert [shard_of(g.id, 4) for g in guilds] == [0, 1, 2, 3] * 2
    first = ShardedEcho(shard_count=4, shard_ids=[0, 1])
    second = ShardedEcho(shard_count=4, shard_ids=[2, 3])
    await fake_discord.start_bot(first)
    await fake_discord.start_bot(second)

    shards = sorted(s.shard for s in fake_discord.gateway.connected_sessions())
    assert shards == [(0, 4), (1, 4), (2, 4), (3, 4)]
    assert {g.id for g in first.guilds} == {g.id for g in guilds if shard_of(g.id, 4) < 2}
    assert {g.id for g in second.guilds} == {g.id for g in guilds if shard_of(g.id, 4) >= 2}
    for guild in first.guilds:
        assert guild.shard_id in (0, 1)
    for n, channel in enumerate(channels):
        record = await alice.slash(channel, "echo", text=f"hi {n}")
        assert record.original is not None
        assert record.original.text() == f"hi {n} from shard {n % 4}"
    # a guild created now reaches the process of its shard only
    late = fake_discord.add_guild("Late", shard=(3, 4))
    await fake_discord.wait_for(lambda: second.get_guild(late.id) is not None)
    assert first.get_guild(late.id) is None

    await first.close()  # shards 0 and 1 are gone: their guilds' interactions find no bot
    try:
        await alice.slash(channels[0], "echo", text="anyone?")
    except BotOffline as offline:
        assert "no session runs its guild's shard" in str(offline)
    else:
        raise AssertionError("an interaction reached a shard nobody runs")
    record = await alice.slash(channels[2], "echo", text="still here")
    assert record.original is not None and record.original.text() == "still here from shard 2"


async def test_without_a_count_discord_recommends_one(fake_discord: FakeDiscord) -> None:
    fake_discord.gateway.recommended_shards = 2
    guilds = [fake_discord.add_guild(f"Guild {n}", shard=(n, 2)) for n in range(2)]
    bot = ShardedEcho()
    await fake_discord.start_bot(bot)
    assert bot.shard_count == 2 and sorted(bot.shards) == [0, 1]
    assert {g.id for g in bot.guilds} == {g.id for g in guilds}
    assert any(r.route == "GET /gateway/bot" for r in fake_discord.requests)


async def test_a_shard_beyond_its_count_is_refused(fake_discord: FakeDiscord) -> None:
    async with (
        aiohttp.ClientSession() as http,
        http.ws_connect(f"ws://127.0.0.1:{fake_discord.port}/gateway") as ws,
    ):
        await ws.receive_json()  # HELLO
        identify = {"token": fake_discord.token, "intents": 1, "shard": [2, 2], "properties": {}}
        await ws.send_json({"op": 2, "d": identify})
        await ws.receive()
        assert ws.close_code == INVALID_SHARD
