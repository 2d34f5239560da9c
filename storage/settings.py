"""Storage settings (pydantic-settings); the bot's settings can subclass or embed them."""

from __future__ import annotations

from pathlib import Path

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


class StorageSettings(BaseSettings):
    """Where the database lives (a SQLite file, or a PostgreSQL server) and how to reach it.

    Read from the environment (and ``.env``); names are case-insensitive.

    Attributes:
        database_path: env ``DATABASE_PATH``; the SQLite file, default
            ``data/cardroom.sqlite3`` (relative to the working directory). Its parent folder
            is created when the database is opened.
        database_busy_timeout_ms: env ``DATABASE_BUSY_TIMEOUT_MS``; how long a write waits
            for another process's lock before ``DatabaseBusy``, in milliseconds (default 5000).
        database_url: env ``DATABASE_URL``; a ``postgresql://user:password@host:port/db``
            URL puts every game in that PostgreSQL database instead of the SQLite file
            (``None``, the default: the SQLite file of ``database_path``).
        database_pool_size: env ``DATABASE_POOL_SIZE``; with PostgreSQL, the most connections
            (transactions at once) this process opens (default 10).
        heartbeat_path: env ``HEARTBEAT_PATH``; the bot's liveness file
            (``bot.timing.heartbeat``; ``None``, the default: beside ``database_path``).
    """

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    database_path: Path = Path("data/cardroom.sqlite3")
    database_busy_timeout_ms: int = Field(default=5000, ge=0)
    database_url: str | None = None
    database_pool_size: int = Field(default=10, ge=1, le=1000)
    heartbeat_path: Path | None = None

    @field_validator("heartbeat_path", mode="before")
    @classmethod
    def _empty_heartbeat(cls, value: object) -> object:
        return None if value == "" else value

    @field_validator("database_url", mode="before")
    @classmethod
    def _postgres_url(cls, value: object) -> object:
        if value is None or (isinstance(value, str) and not value.strip()):
            return None
        if not isinstance(value, str) or not is_postgres_url(value):
            raise ValueError("DATABASE_URL must be a postgresql://... URL (or unset for SQLite)")
        return value.strip()


def is_postgres_url(url: str) -> bool:
    """Whether ``url`` names a PostgreSQL database (``postgresql://`` or ``postgres://``)."""
    return url.strip().startswith(("postgresql://", "postgres://"))


def database_name(settings: StorageSettings) -> str:
    """The database of ``settings`` as people read it: the SQLite file, or the PostgreSQL URL
    without its password."""
    if settings.database_url is None:
        return str(settings.database_path)
    from storage.postgres import redacted

    return redacted(settings.database_url)
