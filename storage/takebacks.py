"""Taking back a move (undo): the log keeps the move, marked taken back, and a take-back row
of its own; the game gets the state the engine's replay gave, one version later.

The engine decides what may be taken back (``engine.undo``); the bot's use case
(``bot.service.undo``) replays the log and hands the result here. This transaction checks
what the database can: the game is at the version the take-back was decided on, and the move
taken back is still the one the game offers to take back (``games.takeback_seq``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from engine.undo import UNDO_KEY
from storage.errors import GameNotActive, StaleVersion
from storage.models import GameRecord, GameStatus, TakeBackMove
from storage.rows import fetch_game, game_status, now_text, parse_state_header, public_event_list
from storage.sql import Backend, Connection


class TakeBackOperations:
    """Take-backs of running games, on one :class:`Backend`."""

    def __init__(self, db: Backend) -> None:
        self._db = db

    async def take_back(
        self,
        game_id: int,
        expected_version: int,
        seq: int,
        state_json: str,
        *,
        next_takeback: TakeBackMove | None = None,
        public_events: Iterable[Any] = (),
    ) -> GameRecord:
        """Take back the move logged as ``seq`` by its seat, in one transaction: the game gets
        ``state_json`` (the state before that move, as the engine's replay gave it), version
        + 1 and one more move taken back; a log row of key :data:`UNDO_KEY` by the same seat
        names the move (``undoes``), which is marked taken back (``undone_by``,
        ``undone_at``); the game then offers ``next_takeback`` (the move before, when the
        engine's rule allows it too).

        Args:
            public_events: the take-back's public events, stored with its row.

        Returns:
            The game after the take-back.

        Raises:
            StaleVersion: the game moved since (another version), or ``seq`` is no longer
                the move it offers to take back (a second click on the same Undo).
            GameNotActive, GameNotFound.
            ValueError: the state's step does not fit the version.
        """
        step = parse_state_header(state_json).get("step")
        if not isinstance(step, int) or step < 0:
            raise ValueError(f"the state's step is {step!r}")
        events_json = json.dumps(public_event_list(public_events), separators=(",", ":"))
        offer = (
            (None, None, None)
            if next_takeback is None
            else (next_takeback.seq, next_takeback.seat, next_takeback.key)
        )

        def tx(conn: Connection) -> GameRecord:
            now = now_text()
            row = conn.execute(
                "UPDATE games SET state = ?, version = version + 1, undone = undone + 1, "
                "updated_at = ?, takeback_seq = ?, takeback_seat = ?, takeback_key = ? "
                "WHERE id = ? AND version = ? AND status = 'active' AND takeback_seq = ? "
                "RETURNING version, undone",
                (state_json, now, *offer, game_id, expected_version, seq),
            ).fetchall()  # all of it: SQLite ends the statement
            if not row:
                status, version = game_status(conn, game_id)
                if status != GameStatus.ACTIVE:
                    raise GameNotActive(game_id, status)
                raise StaleVersion(game_id, expected_version, version)
            version, undone = row[0]["version"], row[0]["undone"]
            if step != version - 2 * undone:
                raise ValueError(f"the state's step {step} does not fit version {version}")
            taken = conn.execute(
                "SELECT seat FROM actions WHERE game_id = ? AND seq = ? AND undone_by IS NULL",
                (game_id, seq),
            ).fetchone()
            if taken is None:
                raise StaleVersion(game_id, expected_version, version)
            conn.execute(
                "INSERT INTO actions (game_id, seq, seat, action_key, public_events, created_at, "
                "actor, undoes) VALUES (?, ?, ?, ?, ?, ?, 'player', ?)",
                (game_id, version, taken["seat"], UNDO_KEY, events_json, now, seq),
            )
            conn.execute(
                "UPDATE actions SET undone_by = ?, undone_at = ? WHERE game_id = ? AND seq = ?",
                (version, now, game_id, seq),
            )
            return fetch_game(conn, game_id)

        return await self._db.write(tx)
