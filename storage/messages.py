"""The Discord messages that show a game (lobby message, public table), one per kind."""

from __future__ import annotations

from datetime import datetime

from storage.models import GameMessage
from storage.rows import fetch_game, now_text
from storage.sql import Backend, Connection, Row

LOBBY = "lobby"
"""Kind of the lobby message (join/leave/start buttons)."""
TABLE = "table"
"""Kind of the public table message of a running game."""


def _message(row: Row) -> GameMessage:
    return GameMessage(
        game_id=row["game_id"],
        kind=row["kind"],
        channel_id=row["channel_id"],
        message_id=row["message_id"],
        updated_at=datetime.fromisoformat(row["updated_at"]),
        shown_version=row["shown_version"],
    )


class MessageStore:
    """Store, replace and look up game message ids."""

    def __init__(self, db: Backend) -> None:
        self._db = db

    async def set_shown_versions(self, versions: dict[int, int], *, kind: str) -> None:
        """Store the version each ``kind`` message of these games shows, in one transaction
        (games whose message is gone are skipped).

        Args:
            versions: game id -> the game version its message shows.
        """

        def tx(conn: Connection) -> None:
            conn.executemany(
                "UPDATE game_messages SET shown_version = ? WHERE game_id = ? AND kind = ?",
                [(version, game_id, kind) for game_id, version in versions.items()],
            )

        await self._db.write(tx)

    async def set(
        self,
        game_id: int,
        kind: str,
        channel_id: int,
        message_id: int,
        shown_version: int | None = None,
    ) -> GameMessage:
        """Store (or replace, after a repost or an edit) the ``kind`` message of ``game_id``.

        Args:
            kind: ``"lobby"``, ``"table"`` or another short non-empty name.
            shown_version: the game version the message shows now (``None``: unknown).

        Raises:
            GameNotFound: no such game.
        """
        if not kind:
            raise ValueError("kind must not be empty")

        def tx(conn: Connection) -> GameMessage:
            fetch_game(conn, game_id)
            row = conn.execute(
                "INSERT INTO game_messages (game_id, kind, channel_id, message_id, updated_at, "
                "shown_version) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, kind) DO UPDATE "
                "SET channel_id = excluded.channel_id, message_id = excluded.message_id, "
                "updated_at = excluded.updated_at, shown_version = excluded.shown_version "
                "RETURNING *",
                (game_id, kind, channel_id, message_id, now_text(), shown_version),
            ).fetchone()
            return _message(row)

        return await self._db.write(tx)

    async def get(self, game_id: int, kind: str) -> GameMessage | None:
        """The ``kind`` message of ``game_id``, or ``None`` if none was stored."""
        row = await self._db.read(
            lambda conn: conn.execute(
                "SELECT * FROM game_messages WHERE game_id = ? AND kind = ?", (game_id, kind)
            ).fetchone()
        )
        return None if row is None else _message(row)

    async def for_game(self, game_id: int) -> list[GameMessage]:
        """Every stored message of ``game_id``, by kind."""
        rows = await self._db.read(
            lambda conn: conn.execute(
                "SELECT * FROM game_messages WHERE game_id = ? ORDER BY kind", (game_id,)
            ).fetchall()
        )
        return [_message(row) for row in rows]

    async def find(self, message_id: int) -> GameMessage | None:
        """Which game (and kind) message ``message_id`` shows, or ``None``."""
        row = await self._db.read(
            lambda conn: conn.execute(
                "SELECT * FROM game_messages WHERE message_id = ? ORDER BY game_id DESC",
                (message_id,),
            ).fetchone()
        )
        return None if row is None else _message(row)

    async def delete(self, game_id: int, kind: str) -> bool:
        """Forget the ``kind`` message of ``game_id``; ``True`` if there was one."""
        return await self._db.write(
            lambda conn: (
                conn.execute(
                    "DELETE FROM game_messages WHERE game_id = ? AND kind = ?", (game_id, kind)
                ).rowcount
                == 1
            )
        )
