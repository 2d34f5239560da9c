"""The turn clock at the terminal: the same clocks as the bot's (``bot.timing.turn_clocks``).
At half time the player is reminded in one line and asked again; at the deadline the
automatic player moves for them and the next question is shown — while they were at the
prompt, typing nothing. Time is a clock the test moves (``tests.e2e.clock``)."""

from __future__ import annotations

import asyncio
import io
import os
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path

from bot.i18n import translator
from bot.service import GameService
from bot.terminal.games import NewGame, open_game
from bot.terminal.lines import Lines
from bot.terminal.output import Output
from bot.terminal.session import Session
from storage import Storage
from tests.e2e.clock import ManualClock

QUESTION = "Type 1 or 2, r for the rules or q to quit.\n> "


async def until(check: Callable[[], bool], what: str) -> None:
    for _wait in range(2000):
        if check():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"never: {what}")


async def test_the_automatic_player_moves_at_the_deadline(tmp_path: Path) -> None:
    clock = ManualClock()
    storage = await Storage.open(path=tmp_path / "games.sqlite3")
    service = GameService(storage, seed=lambda: 5, clock=clock)
    game = await open_game(service, NewGame("verso", (), clock=60, name="ann"))
    out = io.StringIO()
    typing, keyboard = os.pipe()
    try:
        async with Lines(typing) as lines:
            session = Session(service, game.id, Output.to(out), lines, translator("en"), clock)
            playing = asyncio.create_task(session.play())
            await until(lambda: out.getvalue().endswith("\n> "), "the first question")
            asked = out.getvalue()
            # the deadline from the first question on (it was said only at half time)
            record = await storage.games.get_game(game.id)
            assert record.deadline is not None
            until_then = record.deadline.astimezone().strftime("%H:%M")
            assert asked.endswith(
                f"⏳ 1 min left to answer (until {until_then}), then the automatic player moves "
                f"for you.\n{QUESTION}"
            )

            clock.advance(30)
            await until(lambda: out.getvalue() != asked, "the reminder")
            await until(lambda: out.getvalue().endswith("\n> "), "the question again")
            reminder = out.getvalue()[len(asked) :]
            assert reminder.startswith("\n⏳ ann: half your time for game #1 is gone — ")
            assert reminder.endswith("then the automatic player moves for you.\n" + QUESTION)
            assert (await storage.games.get_game(game.id)).version == 0

            clock.advance(30)
            await until(lambda: "ran out of time" in out.getvalue(), "the timeout")
            await until(lambda: out.getvalue().endswith("\n> "), "the next question")
            assert "- ⏰ ann ran out of time: the automatic player moved." in out.getvalue()
            logged = await storage.games.get_actions(game.id)
            assert [a.actor for a in logged] == ["timeout"]  # one move, for the one waited for
            record = await storage.games.get_game(game.id)
            assert record.deadline == clock.now() + timedelta(seconds=60)  # a new clock

            os.write(keyboard, b"q\n")
            await asyncio.wait_for(playing, 10)
    finally:
        os.close(keyboard)
        os.close(typing)
        await storage.close()
    assert (
        out.getvalue()
        .rstrip()
        .endswith("Game #1 is saved; to continue it, run:\ncardroom play --resume")
    )
