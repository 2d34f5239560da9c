"""Committing actions with group commit: many games' actions share one transaction and fsync.

Each ``commit_action`` call becomes a :class:`CommitRequest` queued here. A flusher task takes
every request queued so far and applies them in a single write transaction (two when some of
them end a game: below), each inside its own savepoint when there are several, so one refused
request (stale version, game not active) never affects the others. A request's future resolves
only after ``COMMIT`` returned, so an acknowledged action is on disk. At low load a batch holds
one request; under load the fsync is shared, which keeps commit latency flat (see the storage
note).

How many batches run at once is the backend's ``write_concurrency``: one on SQLite (one
writer: a second transaction would only wait for the file's lock), several on PostgreSQL,
where a batch spends most of its time waiting for the server's round trips and a single
flusher left the process idle while requests queued behind it (``benchmarks/scale.py``).
Batches in flight at once never hold two requests of one game: the service commits a game's
actions one at a time (its per-game lock), and the version check refuses a stale one anyway.
The moves taken are committed as a guarded write (``Backend.write_guarded``: every change
checks its row's version, a seat change the values it was decided on); the actions that end
a game run its end's hooks (``storage.ends``: plays and ratings), which read and write rows
other games share, so they are committed apart, as a serializable write, one batch of them at
a time in a process (side by side, two games of the same players refused each other).

What a move does to its seat (timeouts, away) is not decided here: the caller says it in the
request (:class:`storage.models.SeatChange`).
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from storage.ends import GameEnds
from storage.errors import (
    DatabaseUnavailable,
    GameNotActive,
    StaleSeat,
    StaleVersion,
    TransactionConflict,
)
from storage.models import GameRecord, GameStatus, SeatChange
from storage.rows import (
    GAME_COLUMNS,
    fetch_game,
    game_from_row,
    game_seats,
    game_status,
    now_text,
    write_seat_results,
)
from storage.sql import Backend, Connection, IntegrityError, violates_foreign_key


@dataclass(slots=True)
class CommitRequest:
    """One action to commit (all arguments already validated and serialised)."""

    game_id: int
    expected_version: int
    seat: int
    action_key: str
    state_json: str
    events_json: str
    result_json: str | None  # set when the action finished the game
    actor: str  # "player", "automatic" or "timeout"
    deadline: str | None  # the game's deadline after this action (None: no clock)
    future: asyncio.Future[int] = field(repr=False)
    fetch: bool = False  # read the game back in the same transaction (into ``record``)
    seat_changes: tuple[SeatChange, ...] = ()  # what the move does to seats, as decided
    record: GameRecord | None = field(default=None, repr=False)
    takeback: bool = False  # its seat may take it back (engine.undo): the game offers it


class CommitQueue:
    """Queues commit requests of one :class:`Backend` and flushes them in batches, at most
    ``db.write_concurrency`` batches at once; the actions that end a game one batch at a
    time (their ``ends`` hooks rate the same players' rows)."""

    def __init__(self, db: Backend, ends: GameEnds | None = None) -> None:
        self._db = db
        self._ends = ends if ends is not None else GameEnds()
        self._pending: list[CommitRequest] = []
        self._flushers: set[asyncio.Task[None]] = set()
        self._concurrency = max(1, db.write_concurrency)
        self._starting = False  # a flusher was started and has not taken the queue yet
        self._ends_lane = asyncio.Lock()

    async def submit(self, request: CommitRequest) -> int:
        """Queue ``request`` and wait until its batch committed; return the new version.

        Raises whatever :func:`apply_one` raised for this request, or the batch's error.
        If the awaiting task is cancelled, the request may still be committed.
        """
        self._pending.append(request)
        self._wake()
        return await asyncio.shield(request.future)

    def _running(self) -> int:
        # A flusher that returned is done at once, but leaves the set only when its done
        # callback runs, a loop turn later: it must not take a place meanwhile.
        return sum(not flusher.done() for flusher in self._flushers)

    def _wake(self) -> None:
        """Start a flusher for the queue, unless one is about to take it or every place is
        taken (a running flusher takes the queue again when its batch is done)."""
        if self._starting or not self._pending or self._running() >= self._concurrency:
            return
        self._starting = True  # it takes this request and any queued before it runs
        flusher = asyncio.get_running_loop().create_task(self._flush())
        self._flushers.add(flusher)
        flusher.add_done_callback(self._flushed)

    def _flushed(self, flusher: asyncio.Task[None]) -> None:
        self._flushers.discard(flusher)
        if flusher.cancelled():
            self._starting = False  # it may have been cancelled before it took the queue
        self._wake()  # requests queued meanwhile never wait for the next commit to come

    async def drain(self) -> None:
        """Wait until every queued request has been committed or refused."""
        while self._pending or self._running():
            running = [flusher for flusher in self._flushers if not flusher.done()]
            if not running:
                self._wake()
                await asyncio.sleep(0)
                continue
            await asyncio.gather(*map(asyncio.shield, running), return_exceptions=True)

    async def _flush(self) -> None:
        self._starting = False
        while self._pending:
            taken, self._pending = self._pending, []
            moves = [request for request in taken if request.result_json is None]
            ends = [request for request in taken if request.result_json is not None]
            try:
                if moves:
                    await self._commit(moves, self._db.write_guarded)
                if ends:
                    async with self._ends_lane:
                        await self._commit(ends, self._db.write)
            except asyncio.CancelledError:
                for request in taken:
                    request.future.cancel()  # (no-op for those already resolved)
                raise

    async def _commit(
        self,
        batch: list[CommitRequest],
        write: Callable[[Callable[[Connection], list[int | Exception]]], Awaitable[Any]],
    ) -> None:
        """Apply ``batch`` in one transaction run by ``write``; resolve each request."""
        try:
            outcomes = await write(functools.partial(_apply_to, batch, self._ends))
        except Exception as exc:  # the whole transaction failed: nobody committed
            outcomes = [exc] * len(batch)
        for request, outcome in zip(batch, outcomes, strict=True):
            if request.future.done():
                continue
            if isinstance(outcome, BaseException):
                request.future.set_exception(outcome)
            else:
                request.future.set_result(outcome)


def _apply_to(
    batch: list[CommitRequest], ends: GameEnds, conn: Connection
) -> list[int | Exception]:
    return apply_batch(conn, batch, ends)


def apply_batch(
    conn: Connection, batch: list[CommitRequest], ends: GameEnds
) -> list[int | Exception]:
    """Apply each request (in its own savepoint when there are several); return the new
    version or the error of each, in the order of ``batch``. The requests are applied in the
    order of their games' ids, so that two batches running at once (``write_concurrency``,
    in two processes too) lock the games they share in one order and never deadlock.

    A batch of one (every commit at low load) needs no savepoint: its error rolls the whole
    transaction back and reaches its one request (:meth:`CommitQueue._commit`), two
    statements fewer per move — two round trips on PostgreSQL.
    """
    now = now_text()
    if len(batch) == 1:
        return [apply_one(conn, batch[0], now, ends)]
    outcomes: list[int | Exception] = [0] * len(batch)
    for index in sorted(range(len(batch)), key=lambda i: batch[i].game_id):
        conn.execute("SAVEPOINT commit_action")
        try:
            outcomes[index] = apply_one(conn, batch[index], now, ends)
        except (TransactionConflict, DatabaseUnavailable):
            raise  # the whole transaction failed: run again, or nobody committed
        except Exception as exc:
            conn.execute("ROLLBACK TO commit_action")
            outcomes[index] = exc
        conn.execute("RELEASE commit_action")
    return outcomes


def apply_one(conn: Connection, request: CommitRequest, now: str, ends: GameEnds) -> int:
    """Bump the version (checked in the ``UPDATE``), write the state, the deadline and the
    take-back the game offers now (this move, or none), append the log row, apply the
    request's seat changes; when the action finished the game, write every seat's score and
    rank, then run the game-end hooks of ``ends``.

    A move that does not end the game reads its game back (``request.fetch``) from the
    ``UPDATE``'s own ``RETURNING`` and the seats; a move with no seat change (a present
    player's, an automatic seat's) sends no seat statement. A player's move committed alone on
    PostgreSQL is five round trips (``BEGIN``, the ``UPDATE``, the log row, the seats,
    ``COMMIT``); in a batch of several, each adds its savepoint's two.

    Raises:
        GameNotFound, GameNotActive, StaleVersion: the ``UPDATE`` matched no row.
        StaleSeat: a seat change's seat no longer holds what it was decided on.
        ValueError: the seat does not exist in the game.
    """
    finished = request.result_json is not None
    returning = request.fetch and not finished  # an end reads the game after its results
    cursor = conn.execute(
        "UPDATE games SET state = ?, version = version + 1, updated_at = ?, status = ?, "
        "result = ?, ended_at = ?, deadline = ?, takeback_seq = ?, takeback_seat = ?, "
        "takeback_key = ? WHERE id = ? AND version = ? "
        "AND status = 'active'" + (f" RETURNING {GAME_COLUMNS}" if returning else ""),
        (
            request.state_json,
            now,
            GameStatus.FINISHED if finished else GameStatus.ACTIVE,
            request.result_json,
            now if finished else None,
            None if finished else request.deadline,
            *_offered(request),
            request.game_id,
            request.expected_version,
        ),
    )
    returned = cursor.fetchall() if returning else []  # all of it: SQLite ends the statement
    game_row = returned[0] if returned else None
    matched = game_row is not None if returning else cursor.rowcount == 1
    if not matched:
        status, version = game_status(conn, request.game_id)
        if status != GameStatus.ACTIVE:
            raise GameNotActive(request.game_id, status)
        raise StaleVersion(request.game_id, request.expected_version, version)
    new_version = request.expected_version + 1
    try:
        conn.execute(
            "INSERT INTO actions (game_id, seq, seat, action_key, public_events, created_at, "
            "actor) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                request.game_id,
                new_version,
                request.seat,
                request.action_key,
                request.events_json,
                now,
                request.actor,
            ),
        )
    except IntegrityError as exc:
        if violates_foreign_key(exc):
            raise ValueError(f"game {request.game_id} has no seat {request.seat}") from exc
        raise
    for change in request.seat_changes:
        if not change_seat(conn, request.game_id, change):
            raise StaleSeat(request.game_id, request.expected_version, change.seat)
    if request.result_json is not None:
        write_seat_results(conn, request.game_id, request.result_json)
        ends.run(conn, request.game_id)
    if game_row is not None:
        request.record = game_from_row(game_row, game_seats(conn, request.game_id))
    elif request.fetch:
        request.record = fetch_game(conn, request.game_id)
    return new_version


def _offered(request: CommitRequest) -> tuple[int | None, int | None, str | None]:
    """The take-back the game offers after ``request`` (``games.takeback_*``): the move
    itself when its seat may take it back, else none."""
    if not request.takeback:
        return (None, None, None)
    return (request.expected_version + 1, request.seat, request.action_key)


def change_seat(conn: Connection, game_id: int, change: SeatChange) -> bool:
    """Write ``change`` to its seat of ``game_id``: only to the seat as it was read when
    ``change.read`` says what that was. Whether it was written (``False``: the seat no longer
    holds ``change.read``; the caller refuses its change with ``StaleSeat``)."""
    sql = "UPDATE seats SET timeouts = ?, away = ? WHERE game_id = ? AND seat = ?"
    parameters: tuple[object, ...] = (change.timeouts, int(change.away), game_id, change.seat)
    if change.read is not None:
        sql += " AND timeouts = ? AND away = ?"
        parameters += (change.read[0], int(change.read[1]))
    return conn.execute(sql, parameters).rowcount == 1 or change.read is None
