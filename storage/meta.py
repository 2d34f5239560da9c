"""Facts about this installation, by key: plain text values (``meta`` table)."""

from __future__ import annotations

from storage.rows import now_text
from storage.sql import Backend, Connection


class MetaStore:
    """Get and set installation facts (e.g. ``"commands_fingerprint"``)."""

    def __init__(self, db: Backend) -> None:
        self._db = db

    async def get(self, key: str) -> str | None:
        """The value stored under ``key``, or ``None``."""

        def tx(conn: Connection) -> str | None:
            row = conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
            return None if row is None else str(row["value"])

        return await self._db.read(tx)

    async def set(self, key: str, value: str) -> None:
        """Store ``value`` under ``key`` (replacing any earlier value)."""

        def tx(conn: Connection) -> None:
            conn.execute(
                "INSERT INTO meta (key, value, updated_at) VALUES (?, ?, ?) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value, "
                "updated_at = excluded.updated_at",
                (key, value, now_text()),
            )

        await self._db.write(tx)
