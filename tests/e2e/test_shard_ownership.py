"""A process of some shards looks after the games of its own shards' guilds only: at start-up it
resumes them and starts their turn clocks, and leaves every other game (its clock, its table)
to the process whose shard has that guild."""

from __future__ import annotations

from pathlib import Path

import discord
import pytest
import yarl

from bot.app import CardroomBot
from bot.settings import BotSettings
from bot.shards import shard_of
from tests.e2e.conftest import World
from tests.e2e.helpers import no_identify_pause, open_lobby, set_clock, start
from tests.fakediscord import FakeDiscord

TABLE_EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"


async def test_a_process_resumes_and_clocks_only_the_games_of_its_shards(world: World) -> None:
    lobby, game_id = await open_lobby(world, world.alice, game="ninjan")
    await world.bob.click(lobby, label="Join")
    await set_clock(world.alice, lobby, "1 min")
    table = await start(world, lobby, world.alice, game_id)
    assert len(world.bot.room.clocks) == 1
    # alice picks, and Discord fails the table's edit: the table is behind its game when the
    # bot stops (as after a crash between a commit and its edit)
    world.bot.room.tables.retry_delays = (60.0,)
    fault = world.fake.fail(TABLE_EDIT, status=503, times=1_000)
    screen = (await world.alice.click(table, label="Show my hand")).original
    assert screen is not None
    (menu,) = screen.selects()
    await world.alice.select(screen, [menu["options"][0]["value"]])
    await world.bot.wait_idle()
    assert fault.hits >= 1
    own = shard_of(world.guild.id, 2)

    world.shard_count, world.shard_ids = 2, [1 - own]  # the other shard's process
    await world.restart()
    fault.times = fault.hits  # Discord is fine again
    edits = len(world.fake.requests_to(TABLE_EDIT))
    await world.bot.wait_idle()
    assert len(world.bot.room.clocks) == 0  # not its game: no clock, no table edit
    assert not world.bot.owns_guild(world.guild.id)
    assert len(world.fake.requests_to(TABLE_EDIT)) == edits

    world.shard_ids = [own]  # the process of the guild's shard
    await world.restart()
    assert len(world.bot.room.clocks) == 1
    assert world.bot.owns_guild(world.guild.id)
    await world.bot.wait_idle()
    assert len(world.fake.requests_to(TABLE_EDIT)) > edits  # it brought the table up to date


async def test_unset_shard_count_still_connects_to_the_configured_gateway(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a gateway proxy: DISCORD_GATEWAY_URL (cardroom run points discord.py at it), and Discord
    # recommends 2 shards; GET /gateway/bot names Discord's own gateway, which must not be used
    proxy = f"ws://127.0.0.1:{fake_discord.port}/gateway-resume"
    monkeypatch.setattr(discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(proxy))
    fake_discord.gateway.recommended_shards = 2
    settings = BotSettings(
        discord_token=fake_discord.token,
        database_path=tmp_path / "db.sqlite3",
        discord_gateway_url=proxy,
        picture_workers="thread",
    )
    bot = CardroomBot(settings, guild_ready_timeout=0.05, freeze_heap=False)
    bot.before_identify_hook = no_identify_pause  # type: ignore[method-assign]
    handle = await fake_discord.start_bot(bot)
    try:
        assert bot.shard_count == 2 and bot.own_shards.all
        sockets = [r.path for r in fake_discord.requests if r.path.startswith("/gateway")]
        assert sockets == ["/gateway-resume", "/gateway-resume"]  # one per shard, both proxied
    finally:
        await handle.stop()
