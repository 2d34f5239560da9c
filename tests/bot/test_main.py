"""``python -m bot``: a missing, rejected or unusable token ends with one clear line."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import discord
import pytest

from bot.cli import run
from bot.settings import BotSettings, bot_id_from_token
from tests.bot.helpers import EXAMPLE_TOKEN
from tests.fakediscord import FakeDiscord

ROOT = Path(__file__).resolve().parents[2]


def test_a_missing_token_is_one_line_and_exit_2(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    result = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env={**env, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        "cardroom: DISCORD_TOKEN is missing: put DISCORD_TOKEN=... in .env (see .env.example)"
    ]


async def test_a_rejected_token_is_one_line_and_exit_2(
    fake_discord: FakeDiscord, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    settings = BotSettings(discord_token=EXAMPLE_TOKEN, database_path=tmp_path / "db.sqlite3")
    assert await run(settings) == 2
    assert capsys.readouterr().err.strip().splitlines() == [
        "cardroom: Discord rejected DISCORD_TOKEN (check the token in .env)"
    ]


async def test_an_unreachable_discord_is_one_line_and_exit_3(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(discord.http.Route, "BASE", "http://127.0.0.1:9/api/v10")
    settings = BotSettings(discord_token=EXAMPLE_TOKEN, database_path=tmp_path / "db.sqlite3")
    assert await run(settings) == 3
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("cardroom: cannot reach Discord")


async def test_an_unusable_database_path_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    settings = BotSettings(discord_token=EXAMPLE_TOKEN, database_path=blocker / "db.sqlite3")
    assert await run(settings) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("cardroom: cannot open the database")


@pytest.mark.parametrize(
    ("token", "bot_id"),
    [
        ("MTk4NjIyNDgzNDcxOTI1MjQ4.Cl2FMQ.ZnCjm1XVW7vRze4b7Cq4se7kKWs", 198622483471925248),
        ("MTIzNDU2Nzg5MDEyMzQ1Njc4OTA.GxYz12.abc", 12345678901234567890),  # 20 digits
        ("  MTk4NjIyNDgzNDcxOTI1MjQ4.a.b\n", 198622483471925248),  # pasted with blanks
        ("abc", None),
        ("", None),
        ("aGVsbG8.x.y", None),  # "hello"
        ("wqM.x.y", None),  # not ASCII
        ("!!!.x.y", None),
    ],
)
def test_the_bot_id_is_read_from_the_token(token: str, bot_id: int | None) -> None:
    assert bot_id_from_token(token) == bot_id


def test_the_fake_discords_token_names_its_bot(fake_discord: FakeDiscord) -> None:
    # the e2e bot's token is shaped as Discord's, so `cardroom invite` reads it as a real one
    assert bot_id_from_token(fake_discord.token) == fake_discord.bot.id
