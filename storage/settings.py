"""Storage settings (pydantic-settings); the bot's settings can subclass or embed them."""

from __future__ import annotations

from pathlib import Path

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class StorageSettings(BaseSettings):
    """Where the database lives and how long to wait for its lock.

    Read from the environment (and ``.env``); names are case-insensitive.

    Attributes:
        database_path: env ``DATABASE_PATH``; the SQLite file, default
            ``data/cardroom.sqlite3`` (relative to the working directory). Its parent folder
            is created when the database is opened.
        database_busy_timeout_ms: env ``DATABASE_BUSY_TIMEOUT_MS``; how long a write waits
            for another process's lock before ``DatabaseBusy``, in milliseconds (default 5000).
    """

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    database_path: Path = Path("data/cardroom.sqlite3")
    database_busy_timeout_ms: int = Field(default=5000, ge=0)
