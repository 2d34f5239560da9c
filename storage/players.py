"""Players' own settings (``/game notify``): how each hears that a move waits for them."""

from __future__ import annotations

from typing import Any

from storage.rows import now_text
from storage.slow_play_models import NOTIFY_WAYS, PlayerSettings
from storage.sql import Backend, Connection, Row

_UNSET: Any = object()


def _settings(row: Row) -> PlayerSettings:
    return PlayerSettings(
        user_id=int(row["user_id"]),
        notify=row["notify"],
        language=row["language"],
        dm_refused_told=bool(row["dm_refused_told"]),
    )


class PlayerStore:
    """Get and set :class:`PlayerSettings`, on one :class:`Backend`."""

    def __init__(self, db: Backend) -> None:
        self._db = db

    async def get(self, user_id: int) -> PlayerSettings:
        """``user_id``'s settings; the defaults (a mention) if never set."""
        row = await self._db.read(
            lambda conn: conn.execute(
                "SELECT * FROM players WHERE user_id = ?", (user_id,)
            ).fetchone()
        )
        return PlayerSettings(user_id) if row is None else _settings(row)

    async def set(
        self,
        user_id: int,
        *,
        notify: str = _UNSET,
        language: str | None = _UNSET,
        dm_refused_told: bool = _UNSET,
    ) -> PlayerSettings:
        """Change the given fields (the others keep their value) and return the settings.

        Raises:
            ValueError: ``notify`` is not one of ``NOTIFY_WAYS``.
        """
        if notify is not _UNSET and notify not in NOTIFY_WAYS:
            raise ValueError(f"notify is one of {NOTIFY_WAYS}, not {notify!r}")

        def tx(conn: Connection) -> PlayerSettings:
            row = conn.execute("SELECT * FROM players WHERE user_id = ?", (user_id,)).fetchone()
            now = PlayerSettings(user_id) if row is None else _settings(row)
            row = conn.execute(
                "INSERT INTO players (user_id, notify, language, dm_refused_told, updated_at) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET "
                "notify = excluded.notify, language = excluded.language, "
                "dm_refused_told = excluded.dm_refused_told, updated_at = excluded.updated_at "
                "RETURNING *",
                (
                    user_id,
                    now.notify if notify is _UNSET else notify,
                    now.language if language is _UNSET else language,
                    int(now.dm_refused_told if dm_refused_told is _UNSET else dm_refused_told),
                    now_text(),
                ),
            ).fetchone()
            return _settings(row)

        return await self._db.write(tx)
