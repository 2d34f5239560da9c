"""The ``cardroom`` command as a server admin runs it: ``--help``/``--version``, a clean stop on
SIGTERM (``docker stop``), a silent host, a database path that is a folder, ``backup``,
``invite`` — each as a real process."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sqlite3
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from storage import Storage
from tests.bot.helpers import EXAMPLE_TOKEN
from tests.fakediscord import FakeDiscord
from tests.storage.helpers import start_game

ROOT = Path(__file__).resolve().parents[2]
NOT_A_TOKEN = (
    "cardroom: DISCORD_TOKEN does not look like a bot token (its first part is the bot's id): "
    "copy it again from the developer portal"
)


def env_for(tmp_path: Path, **extra: str) -> dict[str, str]:
    """A clean environment: this source tree first on the path, settings from ``extra``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_"))}
    defaults = {"DATABASE_PATH": str(tmp_path / "db.sqlite3"), "LOG_LEVEL": "WARNING"}
    return {**env, **defaults, "PYTHONPATH": str(ROOT), **extra}


async def cardroom(
    tmp_path: Path, *args: str, timeout: float = 60, **env: str
) -> tuple[int, str, str]:
    """Run ``python -m bot ARGS`` in ``tmp_path``; ``(exit code, stdout, stderr)``."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        *args,
        cwd=tmp_path,
        env=env_for(tmp_path, **env),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(process.communicate(), timeout)
    assert process.returncode is not None
    return process.returncode, out.decode(), err.decode()


async def test_help_and_version(tmp_path: Path) -> None:
    code, out, _err = await cardroom(tmp_path, "--help")
    assert code == 0
    for command in ("run", "sync", "invite", "backup"):
        assert command in out
    code, out, _err = await cardroom(tmp_path, "--version")
    assert code == 0 and out.startswith("cardroom ")


async def test_the_commands_that_do_not_talk_to_discord_load_neither_discord_nor_the_bot(
    tmp_path: Path,
) -> None:
    """``--help``, ``health``, ``backup``... start in half the time without discord.py,
    aiohttp and the bot (``cardroom health`` may run every few seconds)."""
    code = (
        "import sys; from bot.cli import main; main(['health']); "
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'discord', 'aiohttp'}), "
        "'bot.app' in sys.modules)"
    )
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-c", code, cwd=tmp_path, env=env_for(tmp_path),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    out, err = await asyncio.wait_for(process.communicate(), 60)
    assert process.returncode == 0, err.decode()
    assert out.decode().splitlines()[-1] == "[] False"


async def test_a_database_path_that_is_a_folder_is_one_clean_line(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    for _attempt in range(3):  # the aiosqlite thread once printed a traceback, sometimes
        code, _out, err = await cardroom(
            tmp_path, DISCORD_TOKEN=EXAMPLE_TOKEN, DATABASE_PATH=str(folder)
        )
        assert code == 2
        assert err.strip().splitlines() == [
            f"cardroom: cannot open the database {folder}: {folder} is a folder: the database "
            f"path must name a file, e.g. {folder / 'cardroom.sqlite3'}"
        ]


@pytest.fixture
async def silent_host() -> AsyncIterator[int]:
    """A host that accepts connections and never answers; yields its port."""
    held: list[asyncio.StreamWriter] = []

    async def accept(_reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        held.append(writer)

    server = await asyncio.start_server(accept, "127.0.0.1", 0)
    yield server.sockets[0].getsockname()[1]
    for writer in held:
        writer.close()
    server.close()
    await server.wait_closed()


async def test_a_host_that_never_answers_is_named_after_the_connect_timeout(
    tmp_path: Path, silent_host: int
) -> None:
    code, _out, err = await cardroom(
        tmp_path,
        DISCORD_TOKEN=EXAMPLE_TOKEN,
        DISCORD_API_URL=f"http://127.0.0.1:{silent_host}/api/v10",
        CONNECT_TIMEOUT="1.5",
        timeout=30,
    )
    assert code == 3
    assert err.strip().splitlines() == [
        f"cardroom: cannot reach Discord at 127.0.0.1:{silent_host}: no answer within 1.5 s; "
        "check the network"
    ]


async def test_backup_copies_a_live_database(tmp_path: Path) -> None:
    db_path = tmp_path / "db.sqlite3"
    async with await Storage.open(path=db_path) as storage:
        await start_game(storage, 1, [1, 2], seed=3)
        await start_game(storage, 2, [3, 4], seed=4)
        target = tmp_path / "backups" / "copy.sqlite3"
        code, out, err = await cardroom(tmp_path, "backup", str(target))  # the bot runs
        assert code == 0, err
        assert out.strip() == f"cardroom: backed up {db_path} (2 games) to {target}"
    with sqlite3.connect(target) as copy:
        assert copy.execute("SELECT count(*) FROM games").fetchone() == (2,)
        assert copy.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    code, _out, err = await cardroom(tmp_path, "backup", str(target))
    assert code == 2 and "already exists" in err


async def test_health_reads_the_heartbeat_beside_the_database(tmp_path: Path) -> None:
    heartbeat = tmp_path / "db.sqlite3.heartbeat"
    heartbeat.touch()  # as the running bot does
    code, out, _err = await cardroom(tmp_path, "health")  # no token needed
    assert code == 0 and out.startswith("cardroom: alive: connected to Discord, heartbeat ")
    # the image's HEALTHCHECK: the same check, with the standard library only
    heartbeat.unlink()  # as a stopped bot leaves it
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot.timing.heartbeat",
        cwd=tmp_path,
        env=env_for(tmp_path),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out_bytes, err_bytes = await asyncio.wait_for(process.communicate(), 60)
    assert (process.returncode, out_bytes) == (1, b"")
    assert err_bytes.decode() == (
        f"cardroom: no heartbeat at {heartbeat}: the bot is not running, or not connected yet\n"
    )


async def bot_process(fake: FakeDiscord, tmp_path: Path, *args: str) -> asyncio.subprocess.Process:
    """``python -m bot ARGS`` against ``fake``."""
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        *args,
        cwd=tmp_path,
        env=env_for(
            tmp_path,
            DISCORD_TOKEN=fake.token,
            DISCORD_API_URL=f"{fake.url}/api/v10",
            DISCORD_GATEWAY_URL=f"ws://127.0.0.1:{fake.port}/gateway",
            LOG_LEVEL="INFO",
        ),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )


async def test_invite_prints_only_the_link_and_needs_no_network(
    tmp_path: Path, silent_host: int
) -> None:
    # the token's first part is the bot's id in base64 (Discord's documented example token);
    # Discord is a host that never answers: a login would fail the command after 1 s
    code, out, err = await cardroom(
        tmp_path,
        "invite",
        DISCORD_TOKEN=EXAMPLE_TOKEN,
        DISCORD_API_URL=f"http://127.0.0.1:{silent_host}/api/v10",
        CONNECT_TIMEOUT="1",
        LOG_LEVEL="DEBUG",
    )
    assert (code, err) == (0, "")
    # View Channel (1024) + Send Messages (2048) + Attach Files (32768, for the pictures)
    # + Manage Threads (2**34) + Create Public Threads (2**35) + Send Messages in Threads
    # (2**38), for a thread per game
    assert 1024 + 2048 + 32768 + 2**34 + 2**35 + 2**38 == 326417550336
    assert out == (
        "https://discord.com/oauth2/authorize?client_id=198622483471925248"
        "&scope=bot+applications.commands&permissions=326417550336\n"
    )


@pytest.mark.parametrize("command", ["invite", "run", "sync"])
async def test_a_token_that_is_not_one_is_refused_alike_by_every_command(
    tmp_path: Path, silent_host: int, command: str
) -> None:
    """``invite`` refused "abc" while ``run`` tried to connect with it: one check, before
    any network (Discord here is a host that never answers, which would fail after 1 s)."""
    code, out, err = await cardroom(
        tmp_path,
        *([] if command == "run" else [command]),
        DISCORD_TOKEN="abc",
        DISCORD_API_URL=f"http://127.0.0.1:{silent_host}/api/v10",
        CONNECT_TIMEOUT="1",
    )
    assert (code, out) == (2, "")
    assert err.splitlines() == [NOT_A_TOKEN]


async def test_sync_says_once_what_it_sent(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    process = await bot_process(fake_discord, tmp_path, "sync")
    out, err = await asyncio.wait_for(process.communicate(), 60)
    assert process.returncode == 0, err
    count = len(fake_discord.world.commands.list(None))
    assert count > 0
    assert out.decode() == f"cardroom: synced {count} slash commands globally\n"
    log = err.decode()
    assert "synced" not in log and "WARNING" not in log, log
    assert "connecting to Discord (giving up after 30 s)" in log


async def test_sigterm_stops_the_bot_cleanly_during_a_game(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    guild = fake_discord.add_guild("Docker Town")
    channel = guild.add_text_channel("games")
    alice, bob = fake_discord.add_user("alice"), fake_discord.add_user("bob")
    guild.add_member(alice)
    guild.add_member(bob)
    process = await bot_process(fake_discord, tmp_path)
    assert process.stderr is not None
    started = ""
    while "invite link:" not in started:  # ready: it says who it is and how to invite it
        started += (await asyncio.wait_for(process.stderr.readline(), 60)).decode()
    heartbeat = tmp_path / "db.sqlite3.heartbeat"
    assert heartbeat.exists()  # alive: what `cardroom health` and Docker's HEALTHCHECK read
    lobby = (await alice.slash(channel, "game new", game="ninjan", timeout=30)).original
    assert lobby is not None
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    table = await fake_discord.wait_for(  # in the game's thread: threads are on by default
        lambda: next(
            (
                m
                for m in fake_discord.world.messages.values()
                if "Show my hand" in m.labels() and not m.ephemeral
            ),
            None,
        ),
        what="the table",
    )
    assert table.channel is not channel and table.channel.parent is channel  # type: ignore[attr-defined]
    screens = {}
    for user in (alice, bob):
        screens[user] = (await user.click(table, label="Show my hand")).original
        assert screens[user] is not None
    (menu,) = screens[alice].selects()
    await alice.select(screens[alice], [menu["options"][0]["value"]])  # committed, answered
    (menu,) = screens[bob].selects()
    in_flight = await bob.select(screens[bob], [menu["options"][0]["value"]], wait=False)
    process.send_signal(signal.SIGTERM)  # docker stop, while bob's pick is on its way
    _out, err = await asyncio.wait_for(process.communicate(), 20)
    log = started + err.decode()
    assert process.returncode == 0, log
    assert "Traceback" not in log and "WARNING" not in log, log
    lines = [line.split(": ", 1)[-1] for line in log.splitlines()]
    assert lines[0] == "connecting to Discord (giving up after 30 s)"  # before any wait
    assert any(re.fullmatch(r"logged in as Cardroom\S* in 1 server", line) for line in lines)
    stopping = lines.index("stopping: finishing the moves in flight")
    assert lines[-1] == "stopped: every change is saved and the database closed"
    assert stopping < len(lines) - 1
    assert not heartbeat.exists()
    assert "invite link: https://discord.com/oauth2/authorize" in log
    await fake_discord.wait_for(lambda: in_flight.outcome != "pending", what="bob answered")
    async with await Storage.open(path=tmp_path / "db.sqlite3") as storage:
        (game,) = await storage.games.list_games(guild.id)
        assert (await storage.verify_game(game.id)).ok
    # bob's pick was either finished (and his screen shown) or refused before it started
    if game.version >= 2:  # his pick (and the resolution it started) was saved
        assert (in_flight.answer_text or "").startswith("Game #1 · your seat")
    else:
        assert game.version == 1
        assert "Cardroom is restarting" in (in_flight.answer_text or "")


async def test_ratings_rebuild_reaches_the_ratings_the_games_gave(tmp_path: Path) -> None:
    from tests.storage.helpers import finish, ratings_of, won_by

    db_path = tmp_path / "db.sqlite3"
    async with await Storage.open(path=db_path) as storage:
        await finish(storage, [1, 2, None], won_by(2, (1, 2, 3)))
        await finish(storage, [1, 2], won_by(0, (5, 2)), channel_id=101)
        before = await ratings_of(storage)
    code, out, err = await cardroom(tmp_path, "ratings", "rebuild")
    assert code == 0, err
    assert out.strip() == f"cardroom: rebuilt the ratings of {db_path} from 2 rated games"
    async with await Storage.open(path=db_path) as storage:
        assert await ratings_of(storage) == before and len(before) == 3


@pytest.mark.parametrize(
    ("args", "exit_code"),
    [(("backup", "copy.sqlite3"), 2), (("ratings", "rebuild"), 2), (("health",), 1),
     (("migrate-db", "--to", "postgresql://localhost/x"), 2), ((), 2)],
)  # fmt: skip
async def test_a_database_url_that_is_not_postgresql_is_one_line_for_every_command(
    tmp_path: Path, args: tuple[str, ...], exit_code: int
) -> None:
    code, out, err = await cardroom(
        tmp_path, *args, DISCORD_TOKEN="abc", DATABASE_URL="mysql://db/cardroom"
    )
    assert (code, out) == (exit_code, "")
    assert err.strip().splitlines() == [  # the bot's own words, not pydantic's "Value error,"
        "cardroom: DATABASE_URL must be a postgresql://... URL (or unset for SQLite)"
    ]
    assert not (tmp_path / "copy.sqlite3").exists()


@pytest.mark.parametrize(
    ("args", "said"),
    [(("ratings", "rebuild"), "there is no database at data/cardroom.sqlite3"),
     (("backup", "copy.sqlite3"), "there is no database at data/cardroom.sqlite3"),
     (("migrate-db", "--to", "postgresql://localhost/x"),
      "cannot copy data/cardroom.sqlite3: there is no database at data/cardroom.sqlite3"),
     (("run",), NOT_A_TOKEN.removeprefix("cardroom: ")),
     (("sync",), NOT_A_TOKEN.removeprefix("cardroom: "))],
)  # fmt: skip
async def test_a_command_that_is_refused_leaves_nothing_behind(
    tmp_path: Path, args: tuple[str, ...], said: str
) -> None:
    """In a folder without a database, ``ratings rebuild`` made an empty
    data/cardroom.sqlite3 and "rebuilt the ratings ... from 0 rated games" while ``backup``
    and ``migrate-db`` said there was no database; ``run`` and ``sync`` with a bad token
    made an empty data/ folder before refusing the token."""
    code, out, err = await cardroom(
        tmp_path, *args, DISCORD_TOKEN="abc", DATABASE_PATH="data/cardroom.sqlite3"
    )
    assert (code, out, err.strip().splitlines()) == (2, "", [f"cardroom: {said}"])
    assert list(tmp_path.iterdir()) == []


BAD_URL = "postgresql://cardroom:s3cr@t:pw@db:5432/cardroom"
"""A PostgreSQL URL asyncpg cannot read: its password's @ and : are written as they are."""


@pytest.mark.parametrize(
    "args", [(), ("sync",), ("ratings", "rebuild"), ("migrate-db", "--to", BAD_URL)]
)
async def test_a_postgresql_url_that_does_not_read_is_one_line_without_its_password(
    tmp_path: Path, args: tuple[str, ...]
) -> None:
    async with await Storage.open(path=tmp_path / "db.sqlite3"):
        pass  # migrate-db's source
    url = {} if args[:1] == ("migrate-db",) else {"DATABASE_URL": BAD_URL}
    code, out, err = await cardroom(tmp_path, *args, DISCORD_TOKEN=EXAMPLE_TOKEN, **url)
    assert (code, out) == (2, "")
    (line,) = err.strip().splitlines()
    assert line.endswith(
        ": the PostgreSQL URL does not read as postgresql://user:password@host:port/database: "
        "check the host and port, and write an @, :, /, # or % of the user name or password "
        "as %40, %3A, %2F, %23 or %25"
    ), line
    assert "s3cr" not in line and "pw@" not in line
