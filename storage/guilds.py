"""Per-guild settings: language, pictures on or off, threads on or off, and default table
options."""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from storage.models import GuildSettings
from storage.rows import now_text, to_json
from storage.sql import Backend, Connection, Row

_UNSET: Any = object()


def _settings(row: Row) -> GuildSettings:
    return GuildSettings(
        guild_id=row["guild_id"],
        language=row["language"],
        pictures=bool(row["pictures"]),
        threads=bool(row["threads"]),
        default_options=json.loads(row["default_options"]),
        updated_at=datetime.fromisoformat(row["updated_at"]),
    )


class GuildSettingsStore:
    """Get and set :class:`GuildSettings`."""

    def __init__(self, db: Backend) -> None:
        self._db = db

    async def get(self, guild_id: int) -> GuildSettings:
        """The guild's settings; defaults (``language=None``, no options) if never set."""
        row = await self._db.read(
            lambda conn: conn.execute(
                "SELECT * FROM guild_settings WHERE guild_id = ?", (guild_id,)
            ).fetchone()
        )
        return GuildSettings(guild_id) if row is None else _settings(row)

    async def set(
        self,
        guild_id: int,
        *,
        language: str | None = _UNSET,
        pictures: bool = _UNSET,
        threads: bool = _UNSET,
        default_options: Mapping[str, Mapping[str, Any]] = _UNSET,
    ) -> GuildSettings:
        """Change the given fields (others keep their value) and return the new settings.

        Args:
            language: a locale such as ``"fr"``, or ``None`` to clear it.
            pictures: whether tables and private screens carry pictures.
            threads: whether each new game gets a thread of its own.
            default_options: game name -> options object; replaces the whole mapping.
        """

        def tx(conn: Connection) -> GuildSettings:
            row = conn.execute(
                "SELECT * FROM guild_settings WHERE guild_id = ?", (guild_id,)
            ).fetchone()
            current = GuildSettings(guild_id) if row is None else _settings(row)
            new_language = current.language if language is _UNSET else language
            new_pictures = current.pictures if pictures is _UNSET else bool(pictures)
            new_threads = current.threads if threads is _UNSET else bool(threads)
            new_options = (
                current.default_options
                if default_options is _UNSET
                else {str(k): dict(v) for k, v in default_options.items()}
            )
            row = conn.execute(
                "INSERT INTO guild_settings "
                "(guild_id, language, pictures, threads, default_options, updated_at) "
                "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET "
                "language = excluded.language, pictures = excluded.pictures, "
                "threads = excluded.threads, default_options = excluded.default_options, "
                "updated_at = excluded.updated_at RETURNING *",
                (
                    guild_id,
                    new_language,
                    int(new_pictures),
                    int(new_threads),
                    to_json(new_options),
                    now_text(),
                ),
            ).fetchone()
            return _settings(row)

        return await self._db.write(tx)
