"""The bot's settings, read from the environment or a ``.env`` file (validated by pydantic)."""

from __future__ import annotations

import logging
from pathlib import Path

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


class BotSettings(BaseSettings):
    """Settings of one bot process.

    Attributes:
        discord_token: the bot token (env ``DISCORD_TOKEN``, required).
        database_path: the SQLite file (env ``DATABASE_PATH``; default ``data/cardroom.sqlite3``,
            its folder is created when missing).
        dev_guild_id: a guild to sync slash commands to instantly (env ``DEV_GUILD_ID``).
        log_level: ``DEBUG``, ``INFO``, ``WARNING`` or ``ERROR`` (env ``LOG_LEVEL``).
    """

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr = Field(min_length=1)
    database_path: Path = Path("data/cardroom.sqlite3")
    dev_guild_id: int | None = None
    log_level: str = "INFO"

    @field_validator("dev_guild_id", mode="before")
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
