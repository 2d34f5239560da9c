"""``python -m bot``: run Cardroom with the settings from the environment or ``.env``."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import sys

import aiohttp
import discord
from pydantic import ValidationError

from bot.app import CardroomBot
from bot.settings import BotSettings
from storage import Storage, StorageError

log = logging.getLogger("bot")


def load_settings() -> BotSettings | None:
    """The settings, or ``None`` after printing a one-line reason."""
    try:
        return BotSettings()  # type: ignore[call-arg]
    except ValidationError as exc:
        problems = "; ".join(
            f"{'/'.join(str(p) for p in err['loc']).upper() or 'settings'}: {err['msg']}"
            for err in exc.errors()
        )
        if any(err["loc"] == ("discord_token",) for err in exc.errors()):
            problems = "DISCORD_TOKEN is missing: put DISCORD_TOKEN=... in .env (see .env.example)"
        print(f"cardroom: {problems}", file=sys.stderr)
        return None


async def run(settings: BotSettings) -> int:
    """Run the bot until it is stopped; returns the process exit code."""
    try:  # a database problem is reported as such, before any network is involved
        storage = await Storage.open(path=settings.database_path)
        await storage.close()
    except (StorageError, OSError, sqlite3.Error) as exc:
        print(
            f"cardroom: cannot open the database {settings.database_path}: {exc}", file=sys.stderr
        )
        return 2
    bot = CardroomBot(settings)
    try:
        async with bot:
            await bot.start(settings.discord_token.get_secret_value())
    except discord.LoginFailure:
        print("cardroom: Discord rejected DISCORD_TOKEN (check the token in .env)", file=sys.stderr)
        return 2
    except (aiohttp.ClientError, OSError) as exc:
        print(f"cardroom: cannot reach Discord ({exc}); check the network", file=sys.stderr)
        return 3
    except discord.PrivilegedIntentsRequired:
        print("cardroom: Discord refused the requested intents", file=sys.stderr)
        return 2
    return 0


def main() -> int:
    """Entry point: settings, logging, run."""
    settings = load_settings()
    if settings is None:
        return 2
    logging.basicConfig(
        level=settings.numeric_log_level(),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    try:
        return asyncio.run(run(settings))
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
