"""The bot as a deployment runs it (``python -m bot``, its pictures drawn in processes of its
own): killed outright, it leaves nothing running behind it."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from tests.e2e.processes import BotProcess
from tests.fakediscord import FakeDiscord


def descendants(pid: int) -> set[int]:
    """Every process below ``pid`` (its drawing processes and multiprocessing's helper)."""
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        for child in (task / "children").read_text().split():
            found |= {int(child), *descendants(int(child))}
    return found


def alive(pid: int) -> bool:
    """``pid`` runs (a zombie waiting to be reaped has ended)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"


@pytest.mark.soak  # a bot process started and killed: in .ci/run's soak step
async def test_a_killed_bot_leaves_no_drawing_process_behind(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    bot = BotProcess(
        fake_discord, tmp_path / "cardroom.sqlite3", env={"PICTURE_WORKERS": "process"}
    )
    await bot.start()
    left = descendants(bot.pid)
    assert len(left) >= 3, "the bot draws in processes of its own"
    await asyncio.wait_for(bot.kill(), 20)  # its log ends once nothing holds it open
    give_up = time.monotonic() + 10
    while any(alive(pid) for pid in left) and time.monotonic() < give_up:
        await asyncio.sleep(0.1)
    assert not [pid for pid in left if alive(pid)], "drawing processes outlived the bot"
