"""The bot's settings, read from the environment or a ``.env`` file (validated by pydantic)."""

from __future__ import annotations

import base64
import logging
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from bot.shards import MAX_SHARDS, Shards, parse_shard_ids
from bot.timing.heartbeat import heartbeat_path
from storage.settings import StorageSettings, database_name, is_postgres_url


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


class ShardSettings(BaseSettings):
    """Which gateway shards this process runs (see ``bot.shards``).

    Attributes:
        shard_count: how many gateway shards the bot has in all, across every process (env
            ``SHARD_COUNT``; unset: the count Discord recommends, from ``GET /gateway/bot``,
            all run by this process). A guild belongs to shard ``(guild_id >> 22) %
            shard_count``; every process of one bot must be given the same count.
        shard_ids: the shards this process runs (env ``SHARD_IDS``: ``0-3``, ``0,2``,
            ``0-1,4``; unset: all of them). Needs ``SHARD_COUNT``; each id below it. This
            process resumes, runs the turn clocks of and edits the tables of the games in
            its shards' guilds only, and syncs the slash commands only if it runs shard 0.
    """

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    shard_count: int | None = Field(default=None, ge=1, le=MAX_SHARDS)
    shard_ids: Annotated[list[int] | None, NoDecode] = None

    @field_validator("shard_count", mode="before")
    @classmethod
    def _no_count(cls, value: object) -> object:
        return None if value == "" else value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _shard_ranges(cls, value: object) -> object:
        if isinstance(value, str):
            return parse_shard_ids(value) if value.strip() else None
        return value

    @model_validator(mode="after")
    def _shards_within_count(self) -> ShardSettings:
        if self.shard_ids is None:
            return self
        if self.shard_count is None:
            raise ValueError("SHARD_IDS needs SHARD_COUNT: the number of shards in all")
        if not self.shard_ids:
            raise ValueError("SHARD_IDS names no shard")
        beyond = [i for i in self.shard_ids if i >= self.shard_count]
        if beyond:
            raise ValueError(
                f"SHARD_IDS names shard {beyond[0]}, but SHARD_COUNT={self.shard_count} "
                f"numbers them 0 to {self.shard_count - 1}"
            )
        return self

    @property
    def shards(self) -> Shards:
        """The shards of these settings."""
        return Shards(self.shard_count, self.shard_ids)


class BotSettings(ShardSettings):
    """Settings of one bot process (and its shards: :class:`ShardSettings`).

    Attributes:
        discord_token: the bot token (env ``DISCORD_TOKEN``, required).
        database_path: the SQLite file (env ``DATABASE_PATH``; default ``data/cardroom.sqlite3``,
            its folder is created when missing).
        database_url: a ``postgresql://user:password@host:port/database`` URL (env
            ``DATABASE_URL``): the games live in that PostgreSQL database instead of the
            SQLite file (default: unset, SQLite).
        database_pool_size: with PostgreSQL, the most connections this process opens (env
            ``DATABASE_POOL_SIZE``, default 10).
        heartbeat_path: the liveness file ``cardroom health`` reads (env ``HEARTBEAT_PATH``;
            default beside ``database_path``, ``<DATABASE_PATH>.heartbeat``, also with
            PostgreSQL: set one per process when several share a data folder).
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
        picture_workers: where pictures are drawn (env ``PICTURE_WORKERS``): ``process``
            (default: processes of their own — two for those a click's answer waits for,
            one at a lower priority for the rest — which leave the bot's interpreter to its
            interactions) or ``thread`` (threads of the bot's process).
        picture_wait: seconds a click's answer waits for its picture before it goes without
            (env ``PICTURE_WAIT``, default 1; the picture shows on the next edit).
        metrics_port: the port of this process's Prometheus endpoint, ``/metrics`` (env
            ``METRICS_PORT``; unset, the default: no endpoint, nothing listens).
        metrics_host: the address it listens on (env ``METRICS_HOST``, default ``0.0.0.0``:
            every interface, as a container's port must; ``127.0.0.1`` keeps it to the host).
        thread_archive_after: seconds after a game's end its thread is archived (env
            ``THREAD_ARCHIVE_AFTER``, default 3600; the card keeps the result).
        thread_rename_interval: the least time between two renames of one game's thread, in
            seconds (env ``THREAD_RENAME_INTERVAL``, default 300: Discord allows a channel two
            renames per 10 minutes); renames asked for meanwhile are made as one.
    """

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr = Field(min_length=1)
    database_path: Path = Path("data/cardroom.sqlite3")
    database_url: str | None = None
    database_pool_size: int = Field(default=10, ge=1, le=1000)
    heartbeat_path: Path | None = None
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
    picture_wait: float = Field(default=1.0, gt=0, le=60)
    metrics_port: int | None = Field(default=None, ge=1, le=65535)
    metrics_host: str = Field(default="0.0.0.0", min_length=1)
    thread_archive_after: float = Field(default=3600.0, ge=0, le=7 * 86400)
    thread_rename_interval: float = Field(default=300.0, ge=0, le=3600)

    @field_validator(
        "dev_guild_id",
        "discord_api_url",
        "discord_gateway_url",
        "database_url",
        "heartbeat_path",
        "metrics_port",
        mode="before",
    )
    @classmethod
    def _empty_is_none(cls, value: object) -> object:
        return None if value == "" else value

    @field_validator("database_url")
    @classmethod
    def _postgres_url(cls, value: str | None) -> str | None:
        if value is not None and not is_postgres_url(value):
            raise ValueError("DATABASE_URL must be a postgresql://... URL (or unset for SQLite)")
        return value

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

    def storage_settings(self) -> StorageSettings:
        """Where this bot's games live, as ``storage.Storage.open`` takes it (a
        ``DATABASE_URL`` that is not a PostgreSQL URL is refused here).

        Raises:
            pydantic.ValidationError: ``database_url`` is not a ``postgresql://`` URL.
        """
        return StorageSettings(
            database_path=self.database_path,
            database_url=self.database_url,
            database_pool_size=self.database_pool_size,
            heartbeat_path=self.heartbeat_path,
        )

    def database_name(self) -> str:
        """The database as people read it (a file, or a URL without its password)."""
        return database_name(self.storage_settings())

    def heartbeat_file(self) -> Path:
        """The liveness file (``bot.timing.heartbeat``)."""
        return heartbeat_path(self.database_path, self.heartbeat_path, self.shard_ids)

    def numeric_log_level(self) -> int:
        """The ``logging`` level number of ``log_level``."""
        return logging.getLevelNamesMapping()[self.log_level]
