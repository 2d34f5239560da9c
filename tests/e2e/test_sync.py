"""Slash commands are sent to Discord when they change (the first start, an upgrade) or when
asked, not at every start; a development guild that would show them twice is warned about."""

from __future__ import annotations

import logging

import pytest

from bot.app import CardroomBot
from bot.settings import BotSettings
from tests.e2e.conftest import World

GLOBAL = "PUT /applications/{application_id}/commands"
GUILD = "PUT /applications/{application_id}/guilds/{guild_id}/commands"


async def test_commands_are_synced_once_then_only_when_asked(world: World) -> None:
    assert len(world.fake.requests_to(GLOBAL)) == 1  # the first start: nothing synced before
    await world.restart()
    await world.restart()
    assert len(world.fake.requests_to(GLOBAL)) == 1  # unchanged: not synced again

    await world.handle.stop()
    settings = BotSettings(
        discord_token=world.fake.token, database_path=world.db_path, sync_commands="always"
    )
    world.handle = await world.fake.start_bot(
        CardroomBot(settings, guild_ready_timeout=0.05, freeze_heap=False)
    )
    assert len(world.fake.requests_to(GLOBAL)) == 2
    record = await world.alice.slash(world.channel, "game rules")  # the commands still work
    assert record.response_type == 4


async def test_changed_commands_are_synced_again(world: World) -> None:
    await world.bot.storage.meta.set("commands_fingerprint", "an older version's commands")
    await world.restart()
    assert len(world.fake.requests_to(GLOBAL)) == 2


async def test_a_development_guild_that_shows_commands_twice_is_warned_about(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    await world.handle.stop()  # the global commands are registered already
    settings = BotSettings(
        discord_token=world.fake.token, database_path=world.db_path, dev_guild_id=world.guild.id
    )
    with caplog.at_level(logging.WARNING, logger="bot.app"):
        world.handle = await world.fake.start_bot(
            CardroomBot(settings, guild_ready_timeout=0.05, freeze_heap=False)
        )
    assert len(world.fake.requests_to(GUILD)) == 1
    assert any("shows each of them twice" in r.getMessage() for r in caplog.records)
