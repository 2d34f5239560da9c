"""The bot's settings, read from the environment or a ``.env`` file (validated by pydantic)."""

from __future__ import annotations

import base64
import logging
from pathlib import Path
from typing import Literal

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


def bot_id_from_token(token: str) -> int | None:
    """The bot's user id carried by a bot ``token``: its first part (up to the first dot) is
    that id in base64, so no Discord call is needed (for a bot application its user id is
    the application id, which the invite link names). ``None`` when the token is not of that
    shape."""
    head = token.strip().partition(".")[0]
    try:
        text = base64.urlsafe_b64decode(head + "=" * (-len(head) % 4)).decode("ascii")
    except (ValueError, UnicodeDecodeError):  # binascii.Error is a ValueError
        return None
    return int(text) if text.isascii() and text.isdecimal() and len(text) < 21 else None


class BotSettings(BaseSettings):
    """Settings of one bot process.

    Attributes:
        discord_token: the bot token (env ``DISCORD_TOKEN``, required).
        database_path: the SQLite file (env ``DATABASE_PATH``; default ``data/cardroom.sqlite3``,
            its folder is created when missing).
        dev_guild_id: a guild to sync slash commands to instantly (env ``DEV_GUILD_ID``).
        log_level: ``DEBUG``, ``INFO``, ``WARNING`` or ``ERROR`` (env ``LOG_LEVEL``).
        sync_commands: when slash commands are sent to Discord (env ``SYNC_COMMANDS``):
            ``auto`` (default) only when they differ from the last sync recorded in the
            database (the first start, an upgrade), ``always`` at every start, ``never``
            (use ``cardroom sync``).
        connect_timeout: seconds to wait for Discord to answer the login (env
            ``CONNECT_TIMEOUT``, default 30).
        discord_api_url: the REST API base, e.g. a rate-limit proxy such as nirn-proxy, or a
            local Discord for tests (env ``DISCORD_API_URL``; default Discord's own).
        discord_gateway_url: the gateway to connect to (env ``DISCORD_GATEWAY_URL``; default
            Discord's own).
        search_budget_ms: how long the search automatic player thinks per move, in
            milliseconds, at a table whose host kept the lobby's "fast" thinking time (env
            ``SEARCH_BUDGET_MS``, default 250; "deep" is 1 s whatever this says).
        table_edit_interval: the least time between two edits of one table, in seconds
            (env ``TABLE_EDIT_INTERVAL``, default 1): moves within it are shown by one edit.
        table_turn_interval: the least time between two edits of one table while the same
            players are to decide (one player's turn of several moves), in seconds (env
            ``TABLE_TURN_INTERVAL``, default 8; never less than ``table_edit_interval``).
        picture_workers: where the tables' pictures are drawn in the background (env
            ``PICTURE_WORKERS``): ``process`` (default: a process of its own at a lower
            priority, which leaves the bot's interpreter to its interactions) or ``thread``.
    """

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr = Field(min_length=1)
    database_path: Path = Path("data/cardroom.sqlite3")
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    sync_commands: Literal["auto", "always", "never"] = "auto"
    connect_timeout: float = Field(default=30.0, gt=0, le=600)
    discord_api_url: str | None = None
    discord_gateway_url: str | None = None
    search_budget_ms: float = Field(default=250.0, gt=0, le=10_000)
    table_edit_interval: float = Field(default=1.0, ge=0, le=60)
    table_turn_interval: float = Field(default=8.0, ge=0, le=60)
    picture_workers: Literal["process", "thread"] = "process"

    @field_validator("dev_guild_id", "discord_api_url", "discord_gateway_url", mode="before")
    @classmethod
    def _empty_is_none(cls, value: object) -> object:
        return None if value == "" else value

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.strip().upper()
        if level not in {"DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"}:
            raise ValueError(f"unknown log level {value!r}")
        return level

    @field_validator("discord_token")
    @classmethod
    def _token_present(cls, value: SecretStr) -> SecretStr:
        if not value.get_secret_value().strip():
            raise ValueError("DISCORD_TOKEN is empty")
        return value

    def numeric_log_level(self) -> int:
        """The ``logging`` level number of ``log_level``."""
        return logging.getLevelNamesMapping()[self.log_level]
