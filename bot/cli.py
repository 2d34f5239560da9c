"""The ``cardroom`` command (also ``python -m bot``): run the bot, sync its slash commands,
print its invite link, play a game in the terminal (``bot.terminal``); the commands that
look after the database (back it up, rebuild the ratings, copy it to PostgreSQL, say whether
the bot is alive) are ``bot.admin_commands``'.

Every failure a server admin can fix ends with one line on stderr and an exit code: 2 for
settings, the token or the database, 3 when Discord cannot be reached. SIGTERM (``docker
stop``) and Ctrl-C shut down cleanly: no new interactions, the changes in flight committed,
the database closed.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sqlite3
from collections.abc import Awaitable, Callable
from functools import partial
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from pydantic import ValidationError

from bot import check_command
from bot.admin_commands import (
    backup,
    fail,
    health,
    migrate_db,
    rebuild_ratings,
    settings_problems,
)
from bot.settings import BotSettings, bot_id_from_token
from bot.terminal import command as play_command
from storage import Storage, StorageError

if TYPE_CHECKING:
    import discord

# discord.py, aiohttp and the bot itself are imported by the commands that talk to Discord,
# not here: --help, --version, backup, health, ratings and migrate-db start in half the time.

log = logging.getLogger("bot")

DISCORD_API = "https://discord.com/api/v10"


def cardroom_version() -> str:
    """The installed package's version."""
    try:
        return version("cardroom")
    except PackageNotFoundError:  # running from a source tree that was not installed
        return "unknown"


def parser() -> argparse.ArgumentParser:
    """The command line: ``run`` (the default), ``sync``, ``invite``, ``check``, ``backup PATH``,
    ``ratings rebuild``, ``health``, ``migrate-db --to URL``, ``play GAME``."""
    top = argparse.ArgumentParser(
        prog="cardroom",
        description="Cardroom: card and dice games in Discord channels. Settings come from "
        "the environment or .env (see .env.example).",
        epilog="No Discord token yet? Try `cardroom play verso`.",
    )
    top.add_argument("--version", action="version", version=f"cardroom {cardroom_version()}")
    commands = top.add_subparsers(dest="command", metavar="COMMAND")
    run = commands.add_parser("run", help="run the bot (the default)")
    run.add_argument(
        "--sync", action="store_true", help="send the slash commands to Discord at this start"
    )
    commands.add_parser("sync", help="send the slash commands to Discord now, then exit")
    commands.add_parser(
        "invite", help="print the link that adds the bot with exactly the permissions it needs"
    )
    backup = commands.add_parser(
        "backup", help="copy the database to PATH (safe while the bot runs)"
    )
    backup.add_argument("path", type=Path, help="a new file for the copy")
    ratings = commands.add_parser(
        "ratings", help="the leaderboards' ratings: 'rebuild' computes them again from the games"
    )
    ratings.add_argument(
        "action",
        choices=["rebuild"],
        help="rebuild: replay every rated game in the order it ended (stop the bot first on a "
        "large database: the bot's moves wait meanwhile)",
    )
    check_command.add_parser(commands)
    commands.add_parser(
        "health",
        help="say whether the bot using this database is running and connected to Discord "
        "(exit 0), or not (exit 1)",
    )
    move = commands.add_parser(
        "migrate-db",
        help="copy the SQLite database into an empty PostgreSQL database and check the copy by "
        "replaying every game (stop the bot first)",
    )
    move.add_argument(
        "--to", required=True, metavar="URL", help="the PostgreSQL database: postgresql://..."
    )
    move.add_argument(
        "--from",
        dest="source",
        type=Path,
        metavar="PATH",
        help="the SQLite file (default: DATABASE_PATH of the settings)",
    )
    play_command.add_parser(commands)
    return top


def load_settings() -> BotSettings | None:
    """The settings, or ``None`` after printing a one-line reason."""
    try:
        return BotSettings()  # type: ignore[call-arg]
    except ValidationError as exc:
        problems = settings_problems(exc)
        if any(err["loc"] == ("discord_token",) for err in exc.errors()):
            problems = "DISCORD_TOKEN is missing: put DISCORD_TOKEN=... in .env (see .env.example)"
        fail(problems)
        return None


def point_at_discord(settings: BotSettings) -> None:
    """Use ``settings``' API and gateway addresses (a proxy, or a local Discord for tests)."""
    import discord
    import yarl

    if settings.discord_api_url:
        discord.http.Route.BASE = settings.discord_api_url.rstrip("/")
    if settings.discord_gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.discord_gateway_url)


def _host(settings: BotSettings) -> str:
    return urlsplit(settings.discord_api_url or DISCORD_API).netloc


async def check_database(settings: BotSettings) -> bool:
    """Open and migrate the database once, before any network is involved; ``False`` after
    printing why it cannot be used."""
    try:
        storage = await Storage.open(settings.storage_settings())
        await storage.close()
    except (StorageError, OSError, sqlite3.Error) as exc:
        fail(f"cannot open the database {settings.database_name()}: {exc}")
        return False
    return True


def check_token(settings: BotSettings) -> int | None:
    """The bot's id, from the token (:func:`bot_id_from_token`), or ``None`` after printing
    why the token is not one. Every command that needs the token checks it here, before any
    network: ``run`` and ``sync`` refuse what ``invite`` refuses."""
    bot_id = bot_id_from_token(settings.discord_token.get_secret_value())
    if bot_id is None:
        fail(
            "DISCORD_TOKEN does not look like a bot token (its first part is the bot's id): "
            "copy it again from the developer portal"
        )
    return bot_id


async def run(settings: BotSettings, *, sync: str | None = None) -> int:
    """Run the bot until it is stopped (SIGTERM, Ctrl-C); returns the process exit code.
    The token is checked first: a refused token leaves nothing behind (no database, no
    ``data/`` folder)."""
    if check_token(settings) is None or not await check_database(settings):
        return 2
    from bot.app import CardroomBot

    point_at_discord(settings)
    bot = CardroomBot(settings, sync=sync)
    return await _connected(bot, settings, bot.connect)


async def sync_commands(settings: BotSettings) -> int:
    """Send the slash commands to Discord, then exit (the token checked first, as by
    :func:`run`)."""
    if check_token(settings) is None or not await check_database(settings):
        return 2
    from bot.app import CardroomBot

    point_at_discord(settings)
    bot = CardroomBot(settings, sync="always", resume=False, log_sync=False)

    async def report() -> None:
        print(f"cardroom: {bot.sync_report}")

    return await _connected(bot, settings, report)


async def check(settings: BotSettings, channel_id: int) -> int:
    """``cardroom check --channel ID`` (``bot.check``): 0 when every step passed, 1 when one
    failed, 2 for the token, 3 when Discord cannot be reached."""
    if bot_id_from_token(settings.discord_token.get_secret_value()) is None:
        return print_invite(settings)  # refused with the invite's line
    import discord

    from bot import check as channel_check

    point_at_discord(settings)
    client = discord.Client(intents=discord.Intents(guilds=True))  # HTTP only: no gateway
    passed: list[bool] = []

    async def steps() -> None:
        out = partial(print, flush=True)
        passed.append(await channel_check.check_channel(client, channel_id, out))

    return await _connected(client, settings, steps) or (0 if passed == [True] else 1)


def print_invite(settings: BotSettings) -> int:
    """Print the invite link, and nothing else, without any network: the application id
    comes from the token (:func:`bot_id_from_token`)."""
    from bot.messages.permissions import invite_url

    bot_id = check_token(settings)
    if bot_id is None:
        return 2
    print(invite_url(bot_id))
    return 0


async def _connected(
    client: discord.Client, settings: BotSettings, then: Callable[[], Awaitable[None]]
) -> int:
    """Log ``client`` in (within ``connect_timeout``), then await ``then`` (the gateway for a
    running bot), with SIGTERM and SIGINT closing it cleanly. Returns the exit code."""
    import aiohttp
    import discord

    loop = asyncio.get_running_loop()
    stopping = asyncio.Event()

    def stop() -> None:
        if not stopping.is_set():
            stopping.set()
            log.info("stopping: finishing the moves in flight")
            loop.create_task(client.close())

    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop)
    log.info("connecting to Discord (giving up after %g s)", settings.connect_timeout)
    try:
        async with client:
            try:
                await asyncio.wait_for(
                    client.login(settings.discord_token.get_secret_value()),
                    settings.connect_timeout,
                )
            except TimeoutError:
                fail(
                    f"cannot reach Discord at {_host(settings)}: no answer within "
                    f"{settings.connect_timeout:g} s; check the network"
                )
                return 3
            if not stopping.is_set():
                await then()
    except discord.LoginFailure:
        fail("Discord rejected DISCORD_TOKEN (check the token in .env)")
        return 2
    except discord.PrivilegedIntentsRequired:
        fail("Discord refused the requested intents")
        return 2
    except (aiohttp.ClientError, OSError) as exc:
        cause = str(exc) or type(exc).__name__
        fail(f"cannot reach Discord at {_host(settings)} ({cause}); check the network")
        return 3
    finally:
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.remove_signal_handler(sig)
    if stopping.is_set():
        log.info("stopped: every change is saved and the database closed")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Entry point of ``cardroom`` and ``python -m bot``."""
    args = parser().parse_args(argv)
    command = args.command or "run"
    if command == "backup":
        return backup(args.path)
    if command == "health":
        return health()
    if command == "play":
        return play_command.play(args)
    if command == "ratings":
        return asyncio.run(rebuild_ratings())
    if command == "migrate-db":
        return asyncio.run(migrate_db(args.to, args.source))
    settings = load_settings()
    if settings is None:
        return 2
    if command == "invite":
        return print_invite(settings)
    if command == "check":
        return asyncio.run(check(settings, args.channel))
    logging.basicConfig(
        level=settings.numeric_log_level(),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    if command == "sync":
        return asyncio.run(sync_commands(settings))
    return asyncio.run(run(settings, sync="always" if getattr(args, "sync", False) else None))
