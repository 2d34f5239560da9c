"""The memory of play through the fake Discord: games with people and automatic players, then
each player's stats, the leaderboard, the last games, a replay stepped from the start to the
end (each step the table the bot draws for that step's public view, the last the channel's
final table) and across a restart, an export replayed by ``python -m engine replay``, a
running game shown by none of it, and forget-me."""

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
from storage import ratings
from tests.e2e.conftest import World
from tests.e2e.driver import Driver, find_table
from tests.e2e.helpers import open_lobby, told
from tests.e2e.test_automatic import add_ai, start
from tests.fakediscord.components import walk
from tests.fakediscord.errors import CommandUnavailable
from tests.fakediscord.model import Message
from tests.fakediscord.users import User

_ = translator("en")


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


async def test_stats_leaderboard_history_replay_export_and_forget_me(
    world: World, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
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
    assert text == f"<@{carol.id}> has not finished a game in this server yet."

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
    assert text == f"<@{bob.id}> has not finished a game in this server yet."
    text = told(await carol.slash(world.channel, "game history"), carol)
    assert f"<@{bob.id}>" not in text and "a former player" in text
    assert await world.bot.storage.history.stats(alice.id, guild_id=world.guild.id) == alice_before
    assert (await world.bot.storage.verify_game(first.game_id)).ok


async def test_a_leaderboard_reset_asks_first_and_only_an_admin_confirms(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ratings, "RATED_AFTER", 1)
    monkeypatch.setattr(history_texts, "RATED_AFTER", 1)
    alice, admin = world.alice, world.admin
    await play_ninjan(world, [alice], ["random"], rng=3)
    board = told(await alice.slash(world.channel, "game leaderboard", game="ninjan"), alice)
    assert f"<@{alice.id}>" in board and "Nobody has played" not in board
    stats = told(await alice.slash(world.channel, "game stats"), alice)

    with pytest.raises(CommandUnavailable):  # Discord hides it from members ...
        await alice.slash(world.channel, "cardroom leaderboard reset", game="ninjan")
    refused = await alice.slash(  # ... and the bot refuses it if the server unhid it
        world.channel, "cardroom leaderboard reset", game="ninjan", bypass_default_permissions=True
    )
    assert told(refused, alice) == "⚠️ You need the Manage Server permission to use this command."

    asked = await admin.slash(world.channel, "cardroom leaderboard reset", game="ninjan")
    assert asked.original.ephemeral_for is admin
    assert told(asked, admin).startswith("Reset this server's leaderboard of Ninjan?")
    assert asked.original.labels() == ["Reset the leaderboard", "Keep the leaderboard"]
    kept = await admin.click(asked.original, label="Keep the leaderboard")
    assert kept.answer_text == "The leaderboard of Ninjan stays as it is."
    same = told(await alice.slash(world.channel, "game leaderboard", game="ninjan"), alice)
    assert same == board

    asked = await admin.slash(world.channel, "cardroom leaderboard reset", game="ninjan")
    forged = await alice.forge(asked.original, "cr:lbreset:ninjan:yes")  # not an admin
    assert "Manage Server" in told(forged, alice)
    assert told(await alice.slash(world.channel, "game leaderboard", game="ninjan"), alice) == board
    done = await admin.click(asked.original, label="Reset the leaderboard")
    assert done.answer_text == "The leaderboard of Ninjan starts afresh."
    board = told(await alice.slash(world.channel, "game leaderboard", game="ninjan"), alice)
    assert "Nobody has played 1 rated games yet." in board
    assert "You have no rated game of this one here yet." in board
    assert told(await alice.slash(world.channel, "game stats"), alice) == stats  # stats stay


@pytest.mark.parametrize(
    ("locale", "labels"),
    [
        ("en-US", ["Reset the leaderboard", "Keep the leaderboard"]),
        ("fr", ["Remettre le classement à zéro", "Garder le classement"]),
        ("es-ES", ["Reiniciar la clasificación", "Conservar la clasificación"]),
        ("uk", ["Скинути рейтинг", "Залишити рейтинг"]),
    ],
)
async def test_the_reset_question_offers_to_keep_the_leaderboard_in_every_language(
    world: World, locale: str, labels: list[str]
) -> None:
    """Its 'keep' button once shared the abort question's "Keep it", which the translations
    rightly read as "do not abort" ("Ne pas interrompre")."""
    world.admin.locale = locale
    asked = await world.admin.slash(world.channel, "cardroom leaderboard reset", game="ninjan")
    assert asked.original.labels() == labels
