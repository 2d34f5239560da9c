"""Whole scenarios the end-to-end tests play on the SQLite file and again on PostgreSQL
(``tests/e2e/test_postgres.py``): a full game to its end, the memory of play (stats,
leaderboard, history, replay, export, forget-me), and a restart in the middle of a game."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import engine
from bot.games import presentation
from bot.i18n import translator
from bot.pictures.base import PictureContext, draw
from bot.service.history import record_at
from bot.service.live import RECENT_ACTIONS
from bot.texts import history as history_texts
from bot.texts.rendering import context_for, ended_early, recent_lines, table_screen
from bot.texts.seat_names import seat_labels
from storage import TABLE, GameStatus, ratings
from tests.e2e.conftest import World
from tests.e2e.driver import Driver, expected_table_text, find_table, leak_scan, table_closed
from tests.e2e.helpers import (
    MOVED_ON,
    add_ai,
    buttons_by_key,
    mover,
    open_lobby,
    start,
    start_game,
    stored,
    told,
)
from tests.fakediscord.components import walk
from tests.fakediscord.model import Message
from tests.fakediscord.users import User

_ = translator("en")
TABLE_EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"


async def a_full_game_to_the_end(world: World, seats: int, toggles: tuple, seed: int) -> None:
    """A game of Abandon All Artichokes for ``seats`` players with the lobby's ``toggles``,
    clicked at random (``seed``) to its end: the table says who won and closes, everyone is
    pinged, and the stored game verifies."""
    players = [world.alice, world.bob, world.carol, world.dave][:seats]
    driver = Driver(world, players, random.Random(seed))
    game_id = await driver.open_and_start(toggles)
    await driver.play_to_the_end()

    snapshot = await world.bot.service.snapshot(game_id)
    record = snapshot.record
    assert record.status == GameStatus.FINISHED
    assert snapshot.state.options.rhubarb == ("Rhubarb promo" in toggles)
    outcome = engine.outcome(snapshot.state)
    table = driver.table.text()
    if outcome.draw:
        assert "draw" in table
    else:
        winner = record.seats[outcome.winners[0]].user_id
        assert f"🏆 <@{winner}> wins!" in table
    assert "**Final hands**" in table
    for seat in record.seats:
        assert f"<@{seat.user_id}>: " in table.split("**Final hands**")[1]
    assert table_closed(driver.table)
    ping = await world.fake.wait_for_message(
        world.channel, lambda m: f"game #{game_id} is over" in m.content
    )
    assert sorted(u.id for u in ping.mentions) == sorted(u.id for u in players)
    assert (await world.bot.storage.verify_game(game_id)).ok
    assert driver.clicks >= 10


def displays(message: Message) -> list[str]:
    """The message's text displays, in order."""
    return [str(c["content"]) for c in walk(message.components) if c.get("type") == 10]


async def play_ninjan(world: World, people: list[User], levels: list[str], rng: int) -> Driver:
    """A Ninjan game of ``people`` and automatic players of ``levels``, played to its end."""
    host, *others = people
    lobby, game_id = await open_lobby(world, host, game="ninjan")
    for user in others:
        await user.click(lobby, custom_id=f"cr:lobby:{game_id}:join")
    for level in levels:
        await add_ai(host, lobby, f"Cardroom AI ({level})")
    table = await start(world, lobby, host, game_id)
    driver = Driver(world, people, random.Random(rng), "ninjan", ("Rock", "Paper", "Scissors"))
    driver.game_id, driver.table, driver.checks = game_id, table, False
    await driver.play_to_the_end()
    return driver


async def expected_step_table(world: World, game_id: int, step: int) -> str:
    """The table the bot draws for ``game_id`` as it stood after ``step`` actions: from the
    spectator's view of the engine's replay and the stored public events (the oracle)."""
    text, _picture = await expected_step(world, game_id, step)
    return text


async def expected_step(world: World, game_id: int, step: int) -> tuple[str, bytes]:
    """The table's text and picture (PNG) for ``game_id`` after ``step`` actions."""
    record, actions = await world.bot.storage.games.snapshot(game_id)
    state = engine.replay(
        record.game_name,
        len(record.seats),
        record.options,
        record.seed,
        [engine.Action(a.seat, a.action_key) for a in actions[:step]],
    )
    then = record_at(record, actions, step)
    logged = actions[:step][-RECENT_ACTIONS:]
    recent = recent_lines(presentation(record.game_name), logged, context_for(then, _))
    ctx = PictureContext("en", seat_labels(then, _, short=True), ended_early(then))
    picture = draw(record.game_name, "table", engine.view(state, None), ctx)
    assert picture is not None
    return table_screen(then, state, recent, _).text, picture.data


def step_button(message: Message, nav: str) -> dict[str, Any]:
    (button,) = [b for b in message.buttons() if str(b["custom_id"]).endswith(f":{nav}")]
    return button


async def stats_leaderboard_history_replay_export_and_forget_me(
    world: World, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ninjan games with automatic players, then the memory of play as players meet it: stats,
    the leaderboard, past games, a replay step by step, the export, and forget-me."""
    monkeypatch.setattr(ratings, "RATED_AFTER", 1)  # two games make a leaderboard
    monkeypatch.setattr(history_texts, "RATED_AFTER", 1)
    alice, bob, carol = world.alice, world.bob, world.carol
    await world.admin.slash(world.channel, "cardroom pictures", show="on")
    first = await play_ninjan(world, [alice, bob], ["random"], rng=1)
    second = await play_ninjan(world, [alice], ["random"], rng=2)

    # stats: what the bot says is what storage counted
    (mine,) = await world.bot.storage.history.stats(alice.id, guild_id=world.guild.id)
    assert mine.played == 2
    text = told(await alice.slash(world.channel, "game stats"), alice)
    assert text.startswith(f"**Stats of <@{alice.id}>** in this server")
    assert f"**Ninjan**: 2 played · {mine.won} won ({round(50 * mine.won)}%)" in text
    text = told(await carol.slash(world.channel, "game stats", player=bob), carol)
    assert "1 played" in text and f"<@{bob.id}>" in text
    text = told(await carol.slash(world.channel, "game stats"), carol)
    assert text == (f"<@{carol.id}> has not finished a game in this server yet.\nReliability: new")

    # the leaderboard ranks people and the automatic player of each level
    text = told(await bob.slash(world.channel, "game leaderboard", game="ninjan"), bob)
    board = await world.bot.storage.history.leaderboard(world.guild.id, "ninjan", user_id=bob.id)
    assert [r.user_id for r in board.top][:3] and len(board.top) == 3
    for rating in board.top:
        name = history_texts.rated_name(rating, _)
        assert f"{rating.place}. {name} — {rating.ordinal:.1f} ({rating.games} games)" in text
    assert "🤖 Cardroom AI (random)" in text
    assert f"Your place: {board.own.place} of 3" in text

    # history: newest first, each with its players, result and table
    text = told(await carol.slash(world.channel, "game history"), carol)
    lines = text.splitlines()
    assert lines[0] == "**Last games in this server**"
    assert f"Ninjan #{second.game_id} ·" in lines[1] and f"Ninjan #{first.game_id} ·" in lines[2]
    table = find_table(world, first.game_id)
    link = f"https://discord.com/channels/{world.guild.id}/{world.channel.id}/{table.id}"
    assert f"[table]({link})" in lines[2] and f"<@{bob.id}>" in lines[2]
    text = told(await carol.slash(world.channel, "game history", player=bob), carol)
    assert f"#{first.game_id}" in text and f"#{second.game_id}" not in text

    # a replay, stepped from the start to the end, with a restart in the middle
    record, actions = await world.bot.storage.games.snapshot(first.game_id)
    steps = len(actions)
    answer = await carol.slash(world.channel, "game replay", game_id=first.game_id)
    replay = answer.original
    assert replay.ephemeral_for is carol
    assert displays(replay)[0].endswith(f"the start (of {steps} moves)")
    assert displays(replay)[1] == await expected_step_table(world, first.game_id, 0)
    for step in range(1, steps + 1):
        if step == steps // 2:
            await world.restart()  # the buttons carry the game and the step
        clicked = await carol.click(replay, custom_id=step_button(replay, "next")["custom_id"])
        assert clicked.response_type == 7
        heading, shown = displays(replay)
        if step % 7 == 0 or step == steps:  # the text and the picture of the table then
            text, picture = await expected_step(world, first.game_id, step)
            assert shown == text and [p.data for p in replay.pictures()] == [picture], step
        else:
            assert shown == await expected_step_table(world, first.game_id, step), step
        if step < steps:
            assert heading.endswith(f"move {step} of {steps}")
    assert heading.endswith(f"the end ({steps} moves)")
    final = find_table(world, first.game_id)
    assert shown == final.text()  # the channel's final table
    assert [p.data for p in replay.pictures()] == [p.data for p in final.pictures()]
    assert step_button(replay, "next").get("disabled")
    # back to the start, and to a move from the menu
    await carol.click(replay, custom_id=step_button(replay, "first")["custom_id"])
    assert displays(replay)[1] == await expected_step_table(world, first.game_id, 0)
    (menu,) = replay.selects()
    target = menu["options"][3]["value"]
    await carol.select(replay, [target], custom_id=menu["custom_id"])
    assert displays(replay)[1] == await expected_step_table(world, first.game_id, int(target))
    for value in ("999", "03", "٣", "+3"):  # never offered, though int() reads some as 3
        forged = await carol.forge(replay, menu["custom_id"], values=[value])
        said = forged.answer_text or str(forged.original.text())
        assert "That choice was not offered." in said, value

    # the export replays anywhere
    answer = await carol.slash(world.channel, "game export", game_id=first.game_id)
    message = answer.original
    assert message.ephemeral_for is carol and "python -m engine replay" in message.text()
    (attached,) = message.attachments
    path = tmp_path / attached.filename
    path.write_bytes(attached.data)
    exported = json.loads(attached.data)
    assert [a["key"] for a in exported["actions"]] == [a.action_key for a in actions]
    assert {a["actor"] for a in exported["actions"]} == {"player", "automatic"}
    # the game is over: its seed and its automatic players' secret may show now
    assert (exported["seed"], exported["automatic_secret"]) == (
        record.seed,
        record.automatic_secret,
    )
    assert exported["automatic_secret"] is not None
    done = subprocess.run(
        [sys.executable, "-m", "engine", "replay", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["outcome"]["winners"] == list(record.result.winners)

    # nothing of a running game
    lobby, running = await open_lobby(world, carol, game="ninjan")
    await add_ai(carol, lobby, "Cardroom AI (random)")
    await start(world, lobby, carol, running)
    for command in ("game replay", "game export"):
        refused = told(await carol.slash(world.channel, command, game_id=running), carol)
        assert refused == f"⚠️ Game #{running} is still going on: its table in the channel shows it."
    assert f"#{running}" not in told(await carol.slash(world.channel, "game history"), carol)

    # forget-me: bob becomes a former player, everyone else's records stay
    alice_before = await world.bot.storage.history.stats(alice.id, guild_id=world.guild.id)
    question = await bob.slash(world.channel, "game forget-me")
    assert "This cannot be undone." in told(question, bob)
    forget = next(b for b in question.original.buttons() if b.get("label") == "Forget me")
    other = await alice.forge(question.original, forget["custom_id"])  # not hers to answer
    assert "Only the player who asked" in told(other, alice)
    done_answer = await bob.click(question.original, label="Forget me")
    assert done_answer.response_type == 7 and done_answer.answer_text.startswith("Done:")
    text = told(await bob.slash(world.channel, "game stats"), bob)
    assert text == f"<@{bob.id}> has not finished a game in this server yet.\nReliability: new"
    text = told(await carol.slash(world.channel, "game history"), carol)
    assert f"<@{bob.id}>" not in text and "a former player" in text
    assert await world.bot.storage.history.stats(alice.id, guild_id=world.guild.id) == alice_before
    assert (await world.bot.storage.verify_game(first.game_id)).ok


async def a_game_goes_on_after_a_restart_with_the_old_components(world: World) -> None:
    """A game restarted in the middle of a turn goes on from the components shown before."""
    driver = await start_game(world, [world.alice, world.bob, world.carol], rng=3)
    for _ in range(10):
        assert await driver.step()
    # go on until someone is to harvest: after the harvest that player still has buttons
    for _ in range(100):
        user = await mover(driver)
        if any(k.startswith("harvest:") for k in buttons_by_key(driver.screens[user.id])):
            break
        assert await driver.step()
    current = driver.screens[user.id]
    duplicate = await driver.show_hand(user)  # both at the current version
    # Discord refuses the table edit after the next move, then the bot stops: the table is behind
    fault = world.fake.fail(TABLE_EDIT, status=403)
    key, button = next(iter(buttons_by_key(current).items()))
    assert key.startswith("harvest:")
    await user.click(current, custom_id=button["custom_id"])
    await world.bot.wait_idle()
    assert fault.hits == 1
    assert driver.table.text() != await expected_table_text(world, driver.game_id)
    table_id = driver.table.id

    await world.restart()

    assert driver.table.text() == await expected_table_text(world, driver.game_id)
    assert (await world.bot.storage.messages.get(driver.game_id, TABLE)).message_id == table_id
    await leak_scan(world, driver.game_id)

    # the screen updated in place by the last click before the restart is current: it works
    version = (await stored(world, driver.game_id)).record.version
    later_key, later = next(iter(buttons_by_key(current).items()))
    record = await user.click(current, custom_id=later["custom_id"])
    await world.bot.wait_idle()
    assert record.response_type == 7 and MOVED_ON not in record.answer_text
    assert (await stored(world, driver.game_id)).record.version == version + 1

    # the duplicate shown before the restart is behind: it says so and shows the hand now
    record = await user.click(duplicate, custom_id=buttons_by_key(duplicate)[key]["custom_id"])
    assert record.response_type == 7 and record.answer_text.startswith(MOVED_ON)
    assert (await stored(world, driver.game_id)).record.version == version + 1
    await driver.check_screen(user, duplicate)

    await driver.play_to_the_end()  # with the pre-restart table and screens
    assert (await stored(world, driver.game_id)).record.status == GameStatus.FINISHED
    assert (await world.bot.storage.verify_game(driver.game_id)).ok
