"""Crashes inside handlers are answered with an apology and an error id that is also in the
log with the traceback, and change nothing; and hidden cards never reach a log line."""

from __future__ import annotations

import logging
import random
import re

import aiohttp
import discord
import pytest

import engine
from engine.artichokes.cards import ALL_KINDS
from storage import GameStatus
from tests.e2e.conftest import World
from tests.e2e.driver import Driver, public_messages
from tests.e2e.helpers import (
    buttons_by_key,
    log_rows,
    mover,
    open_lobby,
    start_game,
    stored,
    told,
)

APOLOGY = re.compile(
    r"😖 Sorry, something went wrong on our side \(error id `([0-9a-f]{8})`\)\. "
    r"Nothing was changed; please try again\."
)


def logged_error(caplog: pytest.LogCaptureFixture, error_id: str) -> logging.LogRecord:
    """The one log record naming ``error_id``; it carries the traceback."""
    (record,) = [r for r in caplog.records if error_id in r.getMessage()]
    assert record.levelno == logging.ERROR and record.exc_info is not None
    return record


async def test_a_crash_during_a_move_is_apologised_for_and_changes_nothing(
    world: World, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    driver = await start_game(world, [world.alice, world.bob])
    user = await mover(driver)
    screen = driver.screens[user.id]
    key, button = next(iter(buttons_by_key(screen).items()))
    before = await stored(world, driver.game_id)
    table = driver.table.text()

    async def broken(*args: object, **kwargs: object) -> int:
        raise RuntimeError("the disk is on fire")

    monkeypatch.setattr(world.bot.storage.games, "commit_action_record", broken)
    record = await user.click(screen, custom_id=button["custom_id"])
    await world.bot.wait_idle()

    found = APOLOGY.fullmatch(told(record, user))
    assert found, record.answer_text
    logged = logged_error(caplog, found.group(1))
    assert "action button" in logged.getMessage()
    assert "RuntimeError: the disk is on fire" in logging.Formatter().formatException(
        logged.exc_info
    )
    after = await stored(world, driver.game_id)
    assert after.record.version == before.record.version
    assert engine.dumps(after.state) == engine.dumps(before.state)
    assert await log_rows(world, driver.game_id) == []
    assert driver.table.text() == table
    assert not [r for r in caplog.records if r.name.startswith("discord.")], "nothing escaped"

    monkeypatch.undo()  # "please try again": the same button works
    record = await user.click(screen, custom_id=button["custom_id"])
    assert record.response_type == 7
    assert [r.action_key for r in await log_rows(world, driver.game_id)] == [key]


async def test_a_crash_while_opening_a_lobby_leaves_no_lobby(
    world: World, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def broken(**kwargs: object) -> None:
        raise RuntimeError("the database went away")

    monkeypatch.setattr(world.bot.storage.games, "create_lobby", broken)

    record = await world.alice.slash(world.channel, "game new", game="artichokes")

    found = APOLOGY.fullmatch(told(record, world.alice))
    assert found, record.answer_text
    assert "/game new" in logged_error(caplog, found.group(1)).getMessage()
    assert public_messages(world) == []
    monkeypatch.undo()
    assert await world.bot.storage.games.list_games(world.guild.id, tuple(GameStatus)) == []


async def test_a_lobby_whose_message_cannot_be_posted_is_closed_and_frees_the_channel(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    world.fake.fail("POST /interactions/{interaction_id}/{token}/callback", status=403)

    await world.alice.slash(world.channel, "game new", game="artichokes")
    await world.bot.wait_idle()

    (game,) = await world.bot.storage.games.list_games(world.guild.id, tuple(GameStatus))
    assert game.status == GameStatus.ABORTED and game.result.reason == "lobby message failed"
    assert public_messages(world) == []
    _, next_id = await open_lobby(world, world.alice)  # nothing blocks the channel
    assert next_id != game.id


async def test_no_hidden_card_reaches_a_log_line_during_a_whole_game(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    seed = 4_611_686_018_427_412_345  # 63 bits, like a real seed (a short one could hide in ids)
    world.seeds = iter([seed])
    driver = Driver(world, [world.alice, world.bob, world.carol], random.Random(21))
    game_id = await driver.open_and_start()
    for _ in range(8):
        await driver.step()
    await world.handle.stop()  # a restart, and the table deleted meanwhile: both are logged
    world.fake.delete_message(old := driver.table)
    await world.start()
    await driver.step()  # the move reposts the table
    driver.table = await world.fake.wait_for_message(
        world.channel, lambda m: "Show my hand" in m.labels() and m is not old
    )
    await driver.play_to_the_end()
    assert (await stored(world, game_id)).record.status == GameStatus.FINISHED

    lines = [
        r.getMessage() + (logging.Formatter().formatException(r.exc_info) if r.exc_info else "")
        for r in caplog.records
        if not r.name.startswith("tests.")
    ]
    assert any("posting it again" in line for line in lines)
    secret = (await stored(world, game_id)).record.automatic_secret
    assert secret is not None
    for line in lines:
        assert str(seed) not in line and secret not in line
        assert "Your hand" not in line and "passed you" not in line
        assert not [k for k in ALL_KINDS if k in line], line


async def test_a_lobby_whose_message_cannot_be_read_back_is_closed_at_once(
    world: World, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def unreachable(*args: object, **kwargs: object) -> None:
        raise aiohttp.ClientConnectionError("Discord went away")

    monkeypatch.setattr(discord.Interaction, "original_response", unreachable)
    record = await world.alice.slash(world.channel, "game new", game="artichokes")
    await world.bot.wait_idle()
    monkeypatch.undo()

    assert APOLOGY.fullmatch((await record.followup(0)).text()), record
    (lost,) = await world.bot.storage.games.list_games(world.guild.id, tuple(GameStatus))
    assert lost.status == GameStatus.ABORTED
    reply = await world.bob.slash(world.channel, "game new", game="artichokes")
    assert not reply.ephemeral and "Join" in reply.original.labels()
