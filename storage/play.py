"""A running game: commit actions, change a seat, finish, abort, forfeit a seat."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterable
from datetime import datetime
from typing import Any

from storage.commits import CommitQueue, CommitRequest, change_seat
from storage.ends import GameEnds
from storage.errors import GameNotActive, NotSeated, StaleSeat, StaleVersion, WrongStatus
from storage.models import OPEN_STATUSES, GameRecord, GameResult, GameStatus, SeatChange
from storage.rows import (
    fetch_game,
    game_status,
    now_text,
    parse_state_header,
    public_event_list,
    time_text,
    touch,
    write_seat_results,
)
from storage.sql import Backend, Connection

ACTORS = ("player", "automatic", "timeout")
"""Who can make a logged move."""


class PlayOperations:
    """Running games, on one :class:`Backend`: actions committed through a
    :class:`CommitQueue`, seat changes, the ends (each runs the hooks of ``ends``)."""

    def __init__(self, db: Backend, ends: GameEnds) -> None:
        self._db = db
        self._ends = ends
        self._commits = CommitQueue(db, ends)

    async def drain(self) -> None:
        """Wait for queued commits to finish (called before closing)."""
        await self._commits.drain()

    async def commit_action(
        self,
        game_id: int,
        expected_version: int,
        seat: int,
        action_key: str,
        new_state_json: str,
        *,
        public_events: Iterable[Any] = (),
        status: GameStatus | str | None = None,
        result: Any = None,
        actor: str = "player",
        deadline: datetime | None = None,
        seat_changes: Iterable[SeatChange] = (),
        takeback: bool = False,
        _fetch_into: list[CommitRequest] | None = None,
    ) -> int:
        """Commit one applied action atomically: log row, new state, version + 1.

        The ``UPDATE`` matches only ``version = expected_version AND status = 'active'``;
        on a mismatch nothing is written. Commits of many games share transactions (group
        commit); the call returns only once its transaction is durable.

        Args:
            expected_version: the version the action was applied to (``state.step`` before).
            seat, action_key: the engine ``Action``.
            new_state_json: ``engine.dumps(state)`` after the action; its ``step`` is
                ``expected_version + 1`` less twice the moves taken back (``engine.undo``).
            public_events: the ``engine.Event`` values ``apply`` returned (or
                ``PublicEvent``/mappings with ``kind``, ``seat``, ``data``). Events with a
                ``visible_to`` other than ``None`` are private and are dropped, so all of
                ``apply``'s events may be passed.
            status: ``None`` (stays active) or ``"finished"`` when this action ended the game.
            result: with ``status="finished"``: a ``GameResult``, an ``engine.Outcome`` or a
                mapping ``{"winners", "draw", "reason"}`` (and ``scores``, ``ranks``); every
                seat's score and rank are stored with it.
            actor: who made the move: ``"player"``, ``"automatic"`` or ``"timeout"``.
            deadline: when the next decision times out (timezone-aware), ``None`` for no
                clock; a finished game has none.
            seat_changes: what the move does to seats besides, as the caller decided (its
                seat's timeouts and whether it is away: a timeout counts, a player who acts
                is back); written in the same transaction. None: no seat statement.
            takeback: the engine's rule lets the seat take this move back (``engine.undo``):
                the game offers it (``GameRecord.takeback``) until anything else happens.

        Returns:
            The new version (``expected_version + 1``), equal to the log row's ``seq``.

        Raises:
            StaleVersion: the game is at another version (``.current`` has it); or
                ``StaleSeat``: a seat change's seat no longer holds what it was decided on.
            GameNotActive: the game is a lobby, finished or aborted.
            GameNotFound: no such game.
            ValueError: bad arguments (state step, status/result, unknown seat).
            DatabaseBusy: another process held the write lock for ``busy_timeout``.
        """
        if expected_version < 0:
            raise ValueError("expected_version must be non-negative")
        step = parse_state_header(new_state_json).get("step")
        behind = expected_version + 1 - step if isinstance(step, int) else -1
        if behind < 0 or behind % 2:  # each take-back: one version more, one step less
            raise ValueError(f"the new state's step is {step!r}, expected {expected_version + 1}")
        result_json = _finish_result(status, result)
        if actor not in ACTORS:
            raise ValueError(f"actor must be one of {ACTORS}, not {actor!r}")
        request = CommitRequest(
            game_id=game_id,
            expected_version=expected_version,
            seat=seat,
            action_key=action_key,
            state_json=new_state_json,
            events_json=json.dumps(public_event_list(public_events), separators=(",", ":")),
            result_json=result_json,
            actor=actor,
            deadline=time_text(deadline),
            future=asyncio.get_running_loop().create_future(),
            fetch=_fetch_into is not None,
            seat_changes=tuple(seat_changes),
            takeback=takeback,
        )
        if _fetch_into is not None:
            _fetch_into.append(request)
        return await self._commits.submit(request)

    async def commit_action_record(
        self,
        game_id: int,
        expected_version: int,
        seat: int,
        action_key: str,
        new_state_json: str,
        **options: Any,
    ) -> GameRecord:
        """:meth:`commit_action`, returning the game as that same transaction left it (one
        database call less for a caller that goes on with the record). Same arguments and
        errors."""
        holder: list[CommitRequest] = []
        await self.commit_action(
            game_id,
            expected_version,
            seat,
            action_key,
            new_state_json,
            _fetch_into=holder,
            **options,
        )
        record = holder[0].record
        assert record is not None
        return record

    async def finish_game(self, game_id: int, *, expected_version: int, result: Any) -> GameRecord:
        """Finish an active game without a new action (the state stays as it is).

        Use ``commit_action(..., status="finished")`` when an action ends the game.

        Raises:
            StaleVersion, GameNotActive, GameNotFound.
        """
        result_json = GameResult.of(result).to_json()

        def tx(conn: Connection) -> GameRecord:
            now = now_text()
            cursor = conn.execute(
                "UPDATE games SET status = 'finished', result = ?, ended_at = ?, updated_at = ?, "
                "deadline = NULL WHERE id = ? AND version = ? AND status = 'active'",
                (result_json, now, now, game_id, expected_version),
            )
            if cursor.rowcount != 1:
                status, version = game_status(conn, game_id)
                if status != GameStatus.ACTIVE:
                    raise GameNotActive(game_id, status)
                raise StaleVersion(game_id, expected_version, version)
            write_seat_results(conn, game_id, result_json)
            self._ends.run(conn, game_id)
            return fetch_game(conn, game_id)

        return await self._db.write(tx)

    async def set_deadline(
        self, game_id: int, *, expected_version: int, deadline: datetime | None
    ) -> GameRecord:
        """Set (or clear, with ``None``) the deadline of an active game at ``expected_version``.

        Raises:
            StaleVersion, GameNotActive, GameNotFound.
            ValueError: a naive ``datetime``.
        """
        when = time_text(deadline)

        def tx(conn: Connection) -> GameRecord:
            cursor = conn.execute(
                "UPDATE games SET deadline = ?, updated_at = ? "
                "WHERE id = ? AND version = ? AND status = 'active'",
                (when, now_text(), game_id, expected_version),
            )
            if cursor.rowcount != 1:
                status, version = game_status(conn, game_id)
                if status != GameStatus.ACTIVE:
                    raise GameNotActive(game_id, status)
                raise StaleVersion(game_id, expected_version, version)
            return fetch_game(conn, game_id)

        return await self._db.write(tx)

    async def abort_game(self, game_id: int, *, reason: str = "aborted") -> GameRecord:
        """Abort a lobby or active game (host cancel, admin abort); frees the channel.

        The result becomes ``GameResult(winners=(), draw=False, reason=reason)``.

        Raises:
            GameNotFound.
            WrongStatus: the game is already finished or aborted.
        """
        result_json = GameResult((), False, reason).to_json()

        def tx(conn: Connection) -> GameRecord:
            status, _ = game_status(conn, game_id)
            if status not in OPEN_STATUSES:
                raise WrongStatus(game_id, status, OPEN_STATUSES)
            now = now_text()
            conn.execute(
                "UPDATE games SET status = 'aborted', result = ?, ended_at = ?, updated_at = ?, "
                "deadline = NULL WHERE id = ?",
                (result_json, now, now, game_id),
            )
            self._ends.run(conn, game_id)
            return fetch_game(conn, game_id)

        return await self._db.write(tx)

    async def change_seat(self, game_id: int, change: SeatChange) -> GameRecord:
        """Write ``change`` to its seat of ``game_id`` without a move (its player, away after
        timeouts, came back, say); the game's version stays.

        Raises:
            GameNotFound.
            StaleSeat: the seat no longer holds ``change.read``.
        """

        def tx(conn: Connection) -> GameRecord:
            if not change_seat(conn, game_id, change):
                raise StaleSeat(game_id, game_status(conn, game_id)[1], change.seat)
            return fetch_game(conn, game_id)

        return await self._db.write(tx)

    async def leave_game(
        self,
        game_id: int,
        user_id: int,
        *,
        finish: GameResult | None = None,
        abandon: str | None = None,
        level: str = "greedy",
    ) -> GameRecord:
        """``user_id`` forfeits a running game: their seat is played automatically (by the
        automatic player of ``level``) from now on; in the same transaction the game may end
        because of it.

        The seat keeps its number, user id and history (``automatic``, ``left_at`` set).

        Args:
            finish: the game ends now with this result (e.g. the last person left wins); every
                seat's rank is stored with it.
            abandon: the game is aborted now with this reason (nobody left to play).

        Returns:
            The game after the change.

        Raises:
            GameNotFound, GameNotActive.
            NotSeated: the user plays no seat in this game (or already left).
            ValueError: both ``finish`` and ``abandon``.
        """
        if finish is not None and abandon is not None:
            raise ValueError("a game is either finished or abandoned")
        finish_json = finish.to_json() if finish is not None else None
        abandon_json = GameResult((), False, abandon).to_json() if abandon is not None else None

        def tx(conn: Connection) -> GameRecord:
            status, _ = game_status(conn, game_id)
            if status != GameStatus.ACTIVE:
                raise GameNotActive(game_id, status)
            now = now_text()
            row = conn.execute(
                "UPDATE seats SET automatic = 1, left_at = ?, level = ?, away = 0 "
                "WHERE game_id = ? AND user_id = ? AND left_at IS NULL RETURNING seat",
                (now, level, game_id, user_id),
            ).fetchone()
            if row is None:
                raise NotSeated(game_id, f"user {user_id}")
            touch(conn, game_id, now)
            ending = finish_json or abandon_json
            if ending is not None:
                conn.execute(
                    "UPDATE games SET status = ?, result = ?, ended_at = ?, updated_at = ?, "
                    "deadline = NULL WHERE id = ?",
                    (
                        GameStatus.FINISHED if finish_json else GameStatus.ABORTED,
                        ending,
                        now,
                        now,
                        game_id,
                    ),
                )
                if finish_json is not None:
                    write_seat_results(conn, game_id, finish_json)
                self._ends.run(conn, game_id)
            return fetch_game(conn, game_id)

        return await self._db.write(tx)


def _finish_result(status: GameStatus | str | None, result: Any) -> str | None:
    if status is None or status == GameStatus.ACTIVE:
        if result is not None:
            raise ValueError('a result needs status="finished"')
        return None
    if status != GameStatus.FINISHED:
        raise ValueError(f'commit_action can only set status "finished", not {status!r}')
    if result is None:
        raise ValueError("a finished game needs a result")
    return GameResult.of(result).to_json()
