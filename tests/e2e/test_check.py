"""``cardroom check --channel ID`` against the fake Discord, as an operator runs it after the
invite: one PASS or FAIL line per step with Discord's code, nothing left in the channel, and
the exit code (through the real ``cardroom`` command for the codes)."""

from __future__ import annotations

import asyncio
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path

import discord
import pytest

from bot.check import DELETE, EDIT_KEEP, EDIT_NEW, LARGEST, PERMISSIONS, POST, check_channel
from bot.check_messages import LARGEST_BODY
from tests.fakediscord import FakeDiscord
from tests.fakediscord.model import Channel, Message

ROOT = Path(__file__).resolve().parents[2]
PICTURE_STEPS = (POST, EDIT_NEW, EDIT_KEEP, LARGEST)

Snapshot = tuple[str, list[tuple[int, str]]]
"""A line of the check, and the attachments (id, file name) of its table when it was printed."""


async def run_check(
    fake: FakeDiscord, channel_id: int, watch: Channel | None = None
) -> tuple[bool, list[str], list[Snapshot]]:
    """Log in over HTTP as the bot does for the check and check ``channel_id``: whether every
    step passed, the lines, and with each line the attachments of the first message the bot
    made in ``watch`` at that moment."""
    lines: list[str] = []
    snapshots: list[Snapshot] = []

    def out(line: str) -> None:
        lines.append(line)
        made = [m for m in watch.messages if m.author is fake.bot] if watch else []
        snapshots.append((line, [(a.id, a.filename) for a in made[0].attachments] if made else []))

    client = discord.Client(intents=discord.Intents(guilds=True))  # as bot.cli.check
    async with client:
        await client.login(fake.token)
        passed = await check_channel(client, channel_id, out=out)
    return passed, lines, snapshots


def line_of(lines: list[str], step: str) -> str:
    """The one line of ``step``, without its PASS/FAIL word: ``"PASS"`` or ``"FAIL — why"``
    followed by what the line says after the step."""
    found = [line for line in lines if line[6:] == step or line[6:].startswith(step + " — ")]
    assert len(found) == 1, f"{step!r} in {lines}"
    return found[0][:4] + found[0][6 + len(step) :]


def left_in(channel: Channel) -> list[Message]:
    """The messages of ``channel`` not deleted."""
    return [m for m in channel.messages if not m.deleted]


def permission_line(attr: str) -> str:
    (permission,) = [p for p in PERMISSIONS if p.attr == attr]
    return permission.line


async def test_every_step_passes_in_a_channel_set_up_as_the_invite_asks(
    fake_discord: FakeDiscord,
) -> None:
    channel = fake_discord.add_guild("Cardroom Test").add_text_channel("games")

    passed, lines, snapshots = await run_check(fake_discord, channel.id, watch=channel)

    assert passed
    assert [line[:6] for line in lines[:-1]] == ["PASS  "] * (len(lines) - 1), lines
    assert lines[-1] == f"cardroom: channel {channel.id} is ready for Cardroom (13 steps passed)"
    for permission in PERMISSIONS:
        assert line_of(lines, permission.line) == "PASS"
    assert left_in(channel) == []  # both messages deleted
    table, largest = channel.messages
    # the table was the bot's: its picture, its text, its buttons; then edited twice
    assert table.edit_count == 2 and "· game #9999999" in table.text()
    assert "Rules" in table.labels()
    posted = dict(snapshots)
    first = posted[next(line for line in lines if line.startswith("PASS  " + POST))]
    new = posted[next(line for line in lines if line.startswith("PASS  " + EDIT_NEW))]
    kept = posted[next(line for line in lines if line.startswith("PASS  " + EDIT_KEEP))]
    assert len(first) == len(new) == 1 and first != new  # a new file replaced the first
    # the same picture, uploaded again with the edit (docs/discord.md): a new attachment
    assert len(kept) == 1 and kept != new and kept[0][1] == new[0][1]
    assert line_of(lines, EDIT_KEEP) == "PASS — its file sent with the edit"
    assert [a.filename for a in table.pictures()] == [new[0][1]]
    assert "Discord took it" not in "\n".join(lines)  # each answer showed its picture
    # the largest message: as long as the bot's texts get, and as large as its bodies get
    assert len(largest.text()) > 3000 and len(largest.pictures()) == 1
    size = re.fullmatch(
        r"PASS — ([\d,]+) bytes of JSON, a [\d,]+-byte PNG", line_of(lines, LARGEST)
    )
    assert size and 7990 < int(size[1].replace(",", "")) <= LARGEST_BODY


async def test_without_attach_files_the_permission_and_every_picture_step_fail_with_50013(
    fake_discord: FakeDiscord,
) -> None:
    channel = fake_discord.add_guild("Cardroom Test").add_text_channel("games")
    fake_discord.set_bot_permission(channel, attach_files=False)

    passed, lines, _snapshots = await run_check(fake_discord, channel.id)

    assert not passed
    attach = line_of(lines, permission_line("attach_files"))
    assert attach == "FAIL — 403/50013 Missing Permissions: not granted in #games"
    assert "the tables' pictures" in permission_line("attach_files")
    assert line_of(lines, POST) == "FAIL — 403/50013 Missing Permissions"
    assert line_of(lines, LARGEST) == "FAIL — 403/50013 Missing Permissions"
    for step in (EDIT_NEW, EDIT_KEEP):
        assert line_of(lines, step) == "FAIL — not tried: no table to edit (its post failed)"
    for attr in ("view_channel", "send_messages", "create_public_threads", "manage_threads"):
        assert line_of(lines, permission_line(attr)) == "PASS"
    assert line_of(lines, DELETE) == "FAIL — not tried: the check made no message"
    assert lines[-1] == f"cardroom: 6 of 13 steps failed in channel {channel.id}"
    assert left_in(channel) == []


async def test_without_view_channel_the_channel_step_fails_with_50001(
    fake_discord: FakeDiscord,
) -> None:
    channel = fake_discord.add_guild("Cardroom Test").add_text_channel("games")
    fake_discord.set_bot_permission(channel, view_channel=False)

    passed, lines, _snapshots = await run_check(fake_discord, channel.id)

    assert not passed
    assert line_of(lines, f"see channel {channel.id}") == "FAIL — 403/50001 Missing Access"
    for permission in PERMISSIONS:
        assert line_of(lines, permission.line) == "FAIL — not tried: the channel was not seen"
    assert line_of(lines, POST) == "FAIL — 403/50001 Missing Access"
    assert left_in(channel) == []


async def test_an_unknown_channel_is_10003(fake_discord: FakeDiscord) -> None:
    channel = fake_discord.add_guild("Cardroom Test").add_text_channel("games")
    unknown = channel.id + 1000

    passed, lines, _snapshots = await run_check(fake_discord, unknown)

    assert not passed
    assert line_of(lines, f"see channel {unknown}") == "FAIL — 404/10003 Unknown Channel"
    assert line_of(lines, POST) == "FAIL — 404/10003 Unknown Channel"
    assert channel.messages == []


async def test_a_missing_thread_permission_is_its_own_line_naming_what_needs_it(
    fake_discord: FakeDiscord,
) -> None:
    channel = fake_discord.add_guild("Cardroom Test").add_text_channel("games")
    fake_discord.set_bot_permission(channel, manage_threads=False)

    passed, lines, _snapshots = await run_check(fake_discord, channel.id)

    assert not passed
    step = permission_line("manage_threads")
    assert "thread" in step.removeprefix("permission Manage Threads")
    assert line_of(lines, step) == "FAIL — 403/50013 Missing Permissions: not granted in #games"
    assert sum(line.startswith("FAIL") for line in lines) == 1
    assert lines[-1] == f"cardroom: 1 of 13 steps failed in channel {channel.id}"


async def test_what_it_made_is_deleted_after_a_failed_step(fake_discord: FakeDiscord) -> None:
    channel = fake_discord.add_guild("Cardroom Test").add_text_channel("games")
    fake_discord.fail("PATCH /channels/{channel_id}/messages/{message_id}", status=503)

    passed, lines, _snapshots = await run_check(fake_discord, channel.id)

    assert not passed
    assert line_of(lines, EDIT_NEW) == "FAIL — 503/0 503: Fake Server Error"
    assert line_of(lines, EDIT_KEEP) == "FAIL — not tried: the edit before it failed"
    assert line_of(lines, LARGEST).startswith("PASS")
    assert line_of(lines, DELETE) == "PASS — 2 messages"
    assert len(channel.messages) == 2 and left_in(channel) == []


async def test_a_message_it_could_not_delete_is_named_with_its_link(
    fake_discord: FakeDiscord,
) -> None:
    guild = fake_discord.add_guild("Cardroom Test")
    channel = guild.add_text_channel("games")
    fake_discord.fail("DELETE /channels/{channel_id}/messages/{message_id}", status=503)

    passed, lines, _snapshots = await run_check(fake_discord, channel.id)

    assert not passed
    (left,) = left_in(channel)
    link = f"https://discord.com/channels/{guild.id}/{channel.id}/{left.id}"
    assert line_of(lines, DELETE) == (
        f"FAIL — delete by hand {link} (503/0 503: Fake Server Error)"
    )


@pytest.mark.parametrize(
    ("mode", "refused"),
    [
        pytest.param("original", None, id="original"),  # interactions' @original only
        pytest.param("stale", None, id="stale"),  # the bot never names an earlier upload
        pytest.param("all", EDIT_NEW, id="all"),
    ],
)
async def test_when_discord_refuses_picture_edits_the_edit_step_fails_with_50035(
    mode: str, refused: str | None
) -> None:
    async with FakeDiscord.running(refuse_picture_edits=mode) as fake:
        channel = fake.add_guild("Cardroom Test").add_text_channel("games")

        passed, lines, _snapshots = await run_check(fake, channel.id)

        failed = [line for line in lines if line.startswith("FAIL")]
        if refused is None:
            assert passed and failed == []
            return
        assert not passed
        assert line_of(lines, refused).startswith("FAIL — 400/50035 Invalid Form Body; ")
        assert "Unfurled media attachment not found" in line_of(lines, refused)
        assert line_of(lines, POST).startswith("PASS") and line_of(lines, LARGEST).startswith(
            "PASS"
        )
        assert line_of(lines, DELETE) == "PASS — 2 messages"
        assert left_in(channel) == []


# -- the command, as a process -------------------------------------------------------------


def cardroom_command() -> str:
    """The ``cardroom`` command installed beside this Python (``pip install -e .``)."""
    path = Path(sys.executable).parent / "cardroom"
    assert path.exists(), f"no {path}: install the project (README, command 1)"
    return str(path)


async def cardroom_check(
    fake: FakeDiscord, tmp_path: Path, channel_id: int, **env: str
) -> tuple[int, str, str]:
    """``cardroom check --channel ID`` against ``fake``; ``(exit code, stdout, stderr)``."""
    settings = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_"))}
    settings |= {
        "PYTHONPATH": str(ROOT),
        "DATABASE_PATH": str(tmp_path / "db.sqlite3"),
        "DISCORD_TOKEN": fake.token,
        "DISCORD_API_URL": f"{fake.url}/api/v10",
        "LOG_LEVEL": "INFO",
        **env,
    }
    process = await asyncio.create_subprocess_exec(
        cardroom_command(),
        "check",
        "--channel",
        str(channel_id),
        cwd=tmp_path,
        env=settings,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(process.communicate(), 120)
    assert process.returncode is not None
    return process.returncode, out.decode(), err.decode()


async def test_the_command_exits_0_when_all_pass_and_1_when_one_fails(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    channel = fake_discord.add_guild("Cardroom Test").add_text_channel("games")

    code, out, err = await cardroom_check(fake_discord, tmp_path, channel.id)

    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert len(lines) == 14 and all(line.startswith("PASS  ") for line in lines[:-1])
    assert lines[-1].endswith("is ready for Cardroom (13 steps passed)")
    assert not fake_discord.gateway.identifies  # HTTP only: no gateway session
    fake_discord.set_bot_permission(channel, attach_files=False)

    code, out, err = await cardroom_check(fake_discord, tmp_path, channel.id)

    assert (code, err) == (1, "")
    assert "FAIL  " + POST + " — 403/50013 Missing Permissions" in out.splitlines()
    assert left_in(channel) == []


@pytest.mark.parametrize(
    ("token", "said"),
    [
        pytest.param(
            lambda fake: ".".join([*fake.token.split(".")[:2], "wrong"]),
            "cardroom: Discord rejected DISCORD_TOKEN (check the token in .env)",
            id="rejected",
        ),
        pytest.param(
            lambda _fake: "not-a-token",
            "cardroom: DISCORD_TOKEN does not look like a bot token (its first part is the "
            "bot's id): copy it again from the developer portal",
            id="not-a-token",
        ),
    ],
)
async def test_a_bad_token_is_one_line_and_exit_2(
    fake_discord: FakeDiscord,
    tmp_path: Path,
    token: Callable[[FakeDiscord], str],
    said: str,
) -> None:
    channel = fake_discord.add_guild("Cardroom Test").add_text_channel("games")

    code, out, err = await cardroom_check(
        fake_discord, tmp_path, channel.id, DISCORD_TOKEN=token(fake_discord)
    )

    assert (code, out, err.splitlines()) == (2, "", [said])
    assert channel.messages == []
