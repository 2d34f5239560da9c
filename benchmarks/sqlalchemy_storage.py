"""The SQLAlchemy arm of ``benchmarks/storage_commit.py`` (``--storage sqlalchemy``): the commit
of a move written on SQLAlchemy Core's async engine, to measure whether storage should move
onto it (the decision and its figures: ``docs/storage.md``, "SQLAlchemy").

It is a working prototype of the hot path only, behind the interface the bot uses
(``commit_action``, ``commit_action_record``), over the same drivers (aiosqlite, asyncpg):

- :class:`SQLAlchemyBackend` is ``storage.sql.Backend`` on an ``AsyncEngine``
  (``sqlite+aiosqlite://`` or ``postgresql+asyncpg://``). A transaction body is a synchronous
  ``fn(conn)`` over SQLAlchemy's own ``Connection``, run by ``AsyncConnection.run_sync``:
  SQLAlchemy's greenlet bridge instead of ``storage.greenlet_bodies``, its bound parameters
  (``:name``, compiled to ``?`` or ``$n`` by the dialect) instead of ``storage.dialect``.
  SQLite: one pooled connection, the transaction begun by an event (``BEGIN`` or ``BEGIN
  IMMEDIATE``: SQLAlchemy's documented recipe); PostgreSQL: the isolation levels of
  ``storage.postgres`` (``SERIALIZABLE`` writes, ``READ COMMITTED`` guarded writes), a
  serialization failure or deadlock running the body again, each transaction shielded from
  its caller's cancellation.
- :class:`SQLAlchemyPlay` is ``storage.play.PlayOperations`` (the same argument checks and the
  same group commit, ``storage.commits.CommitQueue``) whose batches run :func:`apply_batch`:
  ``storage.commits.apply_batch`` and its game-end hooks (plays, ratings) rewritten with
  ``text()`` and named parameters; rows are read through ``Result.mappings()``, so the row
  converters of ``storage.rows`` and the rules of ``storage.history``/``storage.ratings`` are
  reused as they are.
- :class:`SQLAlchemyThreadBackend` (SQLite only, ``--storage sqlalchemy-thread``) runs the
  same bodies on SQLAlchemy's synchronous engine on one worker thread: what SQLAlchemy costs
  without aiosqlite's thread hop per call.

``tests/test_sqlalchemy_arm.py`` checks that these arms leave the rows ``storage`` leaves.
SQLAlchemy is no dependency of Cardroom: install it with ``pip install -e '.[bench]'``.
"""

from __future__ import annotations

import asyncio
import functools
import importlib.util
import random
import sqlite3
from collections.abc import Awaitable, Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

from storage.commits import CommitQueue, CommitRequest
from storage.ends import EndedGame, GameEnds
from storage.errors import (
    DatabaseBusy,
    DatabaseUnavailable,
    GameNotActive,
    GameNotFound,
    StaleSeat,
    StaleVersion,
)
from storage.history import EVERY_GUILD, play_result
from storage.models import GameRecord, GameResult, GameStatus, SeatChange
from storage.play import PlayOperations
from storage.ratings import contenders, ordinal, rate
from storage.rows import GAME_COLUMNS, game_from_row, now_text, seat_from_row
from storage.sql import FOREIGN_KEY_VIOLATION

T = TypeVar("T")

MISSING = (
    "the SQLAlchemy arm needs SQLAlchemy 2 (asyncio): pip install -e '.[bench]' "
    "(or pip install 'sqlalchemy[asyncio]>=2.0')"
)
"""What a run says when SQLAlchemy is not installed."""

MAX_ATTEMPTS = 20
"""Runs of one body before a run of serialization failures becomes ``DatabaseBusy`` (as
``storage.postgres``)."""

CONFLICT_STATES = ("40001", "40P01")
"""SQLSTATEs of a serialization failure and a deadlock: the body runs again."""


def available() -> str | None:
    """Why the arm cannot run here (SQLAlchemy or greenlet missing), or ``None``."""
    for module in ("sqlalchemy", "greenlet"):
        if importlib.util.find_spec(module) is None:
            return MISSING
    return None


def _sa() -> Any:
    why = available()
    if why is not None:
        raise SystemExit(why)
    import sqlalchemy

    return sqlalchemy


# --- the backend ----------------------------------------------------------------------------


class SQLAlchemyBackend:
    """``storage.sql.Backend`` on SQLAlchemy's ``AsyncEngine``; bodies get SQLAlchemy's
    synchronous ``Connection``. Create it with :meth:`open`."""

    def __init__(self, engine: Any, dialect: str, write_concurrency: int) -> None:
        self.dialect = dialect
        self.write_concurrency = write_concurrency
        self._engine = engine
        if dialect == "sqlite":
            self._read = engine.execution_options(cardroom_begin="BEGIN")
            self._write = self._guarded = engine.execution_options(cardroom_begin="BEGIN IMMEDIATE")
        else:
            self._read = engine.execution_options(
                isolation_level="REPEATABLE READ", postgresql_readonly=True
            )
            self._write = engine.execution_options(isolation_level="SERIALIZABLE")
            self._guarded = engine.execution_options(isolation_level="READ COMMITTED")
        self._running: set[asyncio.Task[Any]] = set()

    @classmethod
    async def open(
        cls,
        where: Path | str,
        *,
        synchronous: str = "FULL",
        busy_timeout_ms: int = 5000,
        pool_size: int = 10,
    ) -> SQLAlchemyBackend:
        """An engine on the SQLite file or PostgreSQL URL ``where`` (already migrated by
        ``storage``: this arm runs no migration)."""
        sa = _sa()
        from sqlalchemy.ext.asyncio import create_async_engine

        if isinstance(where, Path):
            engine = create_async_engine(
                f"sqlite+aiosqlite:///{where}", pool_size=1, max_overflow=0
            )
            _sqlite_events(sa, engine.sync_engine, busy_timeout_ms, synchronous)
            return cls(engine, "sqlite", 1)
        url = where.replace("postgresql://", "postgresql+asyncpg://", 1)
        engine = create_async_engine(
            url,
            pool_size=pool_size,
            max_overflow=0,
            connect_args={"server_settings": {"application_name": "cardroom"}},
        )
        return cls(engine, "postgresql", max(1, pool_size // 2))

    async def read(self, fn: Callable[[Any], T]) -> T:
        """``fn(conn)`` in a read transaction (one snapshot)."""
        return await self._shielded(self._transaction(self._read, fn))

    async def write(self, fn: Callable[[Any], T]) -> T:
        """``fn(conn)`` in a write transaction (SQLite ``BEGIN IMMEDIATE``, PostgreSQL
        ``SERIALIZABLE``), committed if it returns."""
        return await self._shielded(self._transaction(self._write, fn))

    async def write_guarded(self, fn: Callable[[Any], T]) -> T:
        """:meth:`write` for a body that guards its own changes (PostgreSQL: ``READ
        COMMITTED``; see ``storage.sql.Backend.write_guarded``)."""
        return await self._shielded(self._transaction(self._guarded, fn))

    async def close(self) -> None:
        """Let running transactions finish, then dispose of the engine."""
        while self._running:
            await asyncio.gather(*self._running, return_exceptions=True)
        await self._engine.dispose()

    async def _shielded(self, work: Coroutine[Any, Any, T]) -> T:
        task = asyncio.get_running_loop().create_task(work)
        self._running.add(task)
        task.add_done_callback(self._running.discard)
        return await asyncio.shield(task)

    async def _transaction(self, engine: Any, fn: Callable[[Any], T]) -> T:
        sa = _sa()
        conflicts = 0
        while True:
            try:
                return await self._run(engine, fn)
            except sa.exc.DBAPIError as exc:
                state = getattr(exc.orig, "sqlstate", None)
                if state in CONFLICT_STATES:
                    conflicts += 1
                    if conflicts >= MAX_ATTEMPTS:
                        raise DatabaseBusy(f"{conflicts} serialization failures") from exc
                    await asyncio.sleep(random.uniform(0, 0.002 * conflicts))
                    continue
                if _sqlite_busy(exc.orig):
                    raise DatabaseBusy(str(exc.orig)) from exc
                if exc.connection_invalidated:
                    raise DatabaseUnavailable(f"the database went away: {exc.orig}") from exc
                raise

    async def _run(self, engine: Any, fn: Callable[[Any], T]) -> T:
        async with engine.connect() as conn:
            result: T = await conn.run_sync(_in_transaction, fn)
            return result


class SQLAlchemyThreadBackend(SQLAlchemyBackend):
    """SQLite only, outside the question's bounds (its driver is the standard library's
    ``sqlite3``, not aiosqlite): SQLAlchemy's synchronous engine on one worker thread, each
    transaction one call to it, as ``storage.database`` runs a body on aiosqlite's thread.
    What SQLAlchemy itself costs on SQLite without a thread hop per statement (``--storage
    sqlalchemy-thread``)."""

    @classmethod
    async def open_on_thread(
        cls, path: Path, *, synchronous: str = "FULL", busy_timeout_ms: int = 5000
    ) -> SQLAlchemyThreadBackend:
        """A synchronous engine on the SQLite file ``path`` (migrated by ``storage``)."""
        sa = _sa()
        engine = sa.create_engine(f"sqlite:///{path}", pool_size=1, max_overflow=0)
        _sqlite_events(sa, engine, busy_timeout_ms, synchronous)
        return cls(engine, "sqlite", 1)

    def __init__(self, engine: Any, dialect: str, write_concurrency: int) -> None:
        super().__init__(engine, dialect, write_concurrency)
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="sqlalchemy-sqlite")

    async def close(self) -> None:
        """Let running transactions finish, then close the connection and the thread."""
        while self._running:
            await asyncio.gather(*self._running, return_exceptions=True)
        await asyncio.get_running_loop().run_in_executor(self._thread, self._engine.dispose)
        self._thread.shutdown()

    async def _run(self, engine: Any, fn: Callable[[Any], T]) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._thread, _connected, engine, fn)


def _in_transaction(conn: Any, fn: Callable[[Any], T]) -> T:
    with conn.begin():
        return fn(conn)


def _connected(engine: Any, fn: Callable[[Any], T]) -> T:
    with engine.connect() as conn:
        return _in_transaction(conn, fn)


def _sqlite_events(sa: Any, engine: Any, busy_timeout_ms: int, synchronous: str) -> None:
    """SQLAlchemy's recipe for SQLite transactions it does not begin by itself: the driver's
    own ``BEGIN`` off, ours emitted on ``begin`` (``BEGIN IMMEDIATE`` for writes); the
    pragmas of ``storage.database``."""

    @sa.event.listens_for(engine, "connect")
    def configure(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        for pragma in (
            f"PRAGMA busy_timeout = {int(busy_timeout_ms):d}",
            "PRAGMA journal_mode = WAL",
            f"PRAGMA synchronous = {'FULL' if synchronous == 'FULL' else 'NORMAL'}",
            "PRAGMA foreign_keys = ON",
        ):
            cursor.execute(pragma)
        cursor.close()

    @sa.event.listens_for(engine, "begin")
    def begin(conn: Any) -> None:
        conn.exec_driver_sql(conn.get_execution_options().get("cardroom_begin", "BEGIN"))


def _sqlite_busy(error: Any) -> bool:
    code = getattr(error, "sqlite_errorcode", None)
    return code is not None and code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


def _violates_foreign_key(exc: Any) -> bool:
    error = getattr(exc, "orig", None)
    if getattr(error, "sqlstate", None) == FOREIGN_KEY_VIOLATION:
        return True
    return getattr(error, "sqlite_errorcode", None) == sqlite3.SQLITE_CONSTRAINT_FOREIGNKEY


def _whole_transaction_failed(exc: BaseException) -> bool:
    """A conflict or a lost connection: no savepoint can save the batch."""
    if getattr(getattr(exc, "orig", None), "sqlstate", None) in CONFLICT_STATES:
        return True
    return bool(getattr(exc, "connection_invalidated", False))


# --- the commit of a move (storage.commits, rows, ends, history, ratings) -------------------


@functools.cache
def _sql() -> dict[str, Any]:
    """The statements of the hot path, as ``text()`` with named parameters (built once)."""
    text = _sa().text
    update = (
        "UPDATE games SET state = :state, version = version + 1, updated_at = :now, "
        "status = :status, result = :result, ended_at = :ended_at, deadline = :deadline "
        "WHERE id = :game_id AND version = :expected AND status = 'active'"
    )
    return {
        "update": text(update),
        "update_returning": text(f"{update} RETURNING {GAME_COLUMNS}"),
        "status": text("SELECT status, version FROM games WHERE id = :game_id"),
        "action": text(
            "INSERT INTO actions (game_id, seq, seat, action_key, public_events, created_at, "
            "actor) VALUES (:game_id, :seq, :seat, :action_key, :events, :now, :actor)"
        ),
        "seat": text(
            "UPDATE seats SET timeouts = :timeouts, away = :away "
            "WHERE game_id = :game_id AND seat = :seat"
        ),
        "seat_checked": text(
            "UPDATE seats SET timeouts = :timeouts, away = :away WHERE game_id = :game_id "
            "AND seat = :seat AND timeouts = :read_timeouts AND away = :read_away"
        ),
        "seat_count": text("SELECT count(*) FROM seats WHERE game_id = :game_id"),
        "seat_result": text(
            "UPDATE seats SET score = :score, rank = :rank WHERE game_id = :game_id "
            "AND seat = :seat"
        ),
        "game": text(f"SELECT {GAME_COLUMNS} FROM games WHERE id = :game_id"),
        "seats": text("SELECT * FROM seats WHERE game_id = :game_id ORDER BY seat"),
        "ended": text(
            "SELECT guild_id, game_name, status, started_at, ended_at, result FROM games "
            "WHERE id = :game_id"
        ),
        "seat_rows": text(
            "SELECT seat, user_id, former, left_at, level, rank, score, automatic FROM seats "
            "WHERE game_id = :game_id ORDER BY seat"
        ),
        "play": text(
            "INSERT INTO plays (user_id, guild_id, ended_at, game_id, game_name, seat, result, "
            "rank, score) VALUES (:user_id, :guild_id, :ended_at, :game_id, :game_name, :seat, "
            ":result, :rank, :score) ON CONFLICT DO NOTHING"
        ),
        "total": text(
            "INSERT INTO player_totals (user_id, guild_id, game_name, played, won, scored, "
            "score_total, best_score, streak) VALUES (:user_id, :guild_id, :game_name, 1, :won, "
            ":scored, :score_total, :best_score, :streak) "
            "ON CONFLICT (user_id, guild_id, game_name) DO UPDATE SET "
            "played = player_totals.played + 1, won = player_totals.won + excluded.won, "
            "scored = player_totals.scored + excluded.scored, "
            "score_total = player_totals.score_total + excluded.score_total, "
            "best_score = CASE WHEN excluded.best_score IS NULL THEN player_totals.best_score "
            "WHEN player_totals.best_score IS NULL OR excluded.best_score > "
            "player_totals.best_score THEN excluded.best_score ELSE player_totals.best_score "
            "END, streak = CASE WHEN excluded.won = 1 THEN (CASE WHEN player_totals.streak > 0 "
            "THEN player_totals.streak + 1 ELSE 1 END) ELSE (CASE WHEN player_totals.streak < 0 "
            "THEN player_totals.streak - 1 ELSE -1 END) END"
        ),
        "rated": text(
            "INSERT INTO rated_games (game_id, guild_id, game_name) "
            "VALUES (:game_id, :guild_id, :game_name) ON CONFLICT (game_id) DO NOTHING"
        ),
        "prior": text(
            "SELECT mu, sigma FROM ratings WHERE guild_id = :guild_id AND game_name = :game_name "
            "AND user_id = :user_id AND level = :level"
        ),
        "rating": text(
            "INSERT INTO ratings (guild_id, game_name, user_id, level, mu, sigma, ordinal, "
            "games, updated_at) VALUES (:guild_id, :game_name, :user_id, :level, :mu, :sigma, "
            ":ordinal, 1, :now) ON CONFLICT (guild_id, game_name, user_id, level) DO UPDATE "
            "SET mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal, "
            "games = ratings.games + 1, updated_at = excluded.updated_at"
        ),
    }


def apply_batch(batch: list[CommitRequest], conn: Any) -> list[int | Exception]:
    """``storage.commits.apply_batch`` on SQLAlchemy: each request in a savepoint
    (``begin_nested``) when there are several, in the order of their games' ids."""
    now = now_text()
    if len(batch) == 1:
        return [apply_one(conn, batch[0], now)]
    outcomes: list[int | Exception] = [0] * len(batch)
    for index in sorted(range(len(batch)), key=lambda i: batch[i].game_id):
        try:
            with conn.begin_nested():
                outcomes[index] = apply_one(conn, batch[index], now)
        except Exception as exc:
            if _whole_transaction_failed(exc):
                raise
            outcomes[index] = exc
    return outcomes


def apply_one(conn: Any, request: CommitRequest, now: str) -> int:
    """``storage.commits.apply_one`` on SQLAlchemy: the version-checked ``UPDATE``, the log
    row, the seat changes; a game's end writes its seats' results and runs the end's hooks.

    Raises: as ``storage.commits.apply_one``.
    """
    sql = _sql()
    finished = request.result_json is not None
    returning = request.fetch and not finished
    result = conn.execute(
        sql["update_returning" if returning else "update"],
        {
            "state": request.state_json,
            "now": now,
            "status": GameStatus.FINISHED if finished else GameStatus.ACTIVE,
            "result": request.result_json,
            "ended_at": now if finished else None,
            "deadline": None if finished else request.deadline,
            "game_id": request.game_id,
            "expected": request.expected_version,
        },
    )
    game_row = result.mappings().fetchone() if returning else None
    if not (game_row is not None if returning else result.rowcount == 1):
        status, version = game_status(conn, request.game_id)
        if status != GameStatus.ACTIVE:
            raise GameNotActive(request.game_id, status)
        raise StaleVersion(request.game_id, request.expected_version, version)
    new_version = request.expected_version + 1
    try:
        conn.execute(
            sql["action"],
            {
                "game_id": request.game_id,
                "seq": new_version,
                "seat": request.seat,
                "action_key": request.action_key,
                "events": request.events_json,
                "now": now,
                "actor": request.actor,
            },
        )
    except _sa().exc.IntegrityError as exc:
        if _violates_foreign_key(exc):
            raise ValueError(f"game {request.game_id} has no seat {request.seat}") from exc
        raise
    for change in request.seat_changes:
        if not change_seat(conn, request.game_id, change):
            raise StaleSeat(request.game_id, request.expected_version, change.seat)
    if finished:
        assert request.result_json is not None
        write_seat_results(conn, request.game_id, request.result_json)
        run_end_hooks(conn, request.game_id)
    if game_row is not None:
        request.record = game_from_row(game_row, game_seats(conn, request.game_id))
    elif request.fetch:
        request.record = fetch_game(conn, request.game_id)
    return new_version


def change_seat(conn: Any, game_id: int, change: SeatChange) -> bool:
    """``storage.commits.change_seat`` on SQLAlchemy."""
    parameters = {
        "timeouts": change.timeouts,
        "away": int(change.away),
        "game_id": game_id,
        "seat": change.seat,
    }
    if change.read is None:
        conn.execute(_sql()["seat"], parameters)
        return True
    parameters |= {"read_timeouts": change.read[0], "read_away": int(change.read[1])}
    return bool(conn.execute(_sql()["seat_checked"], parameters).rowcount == 1)


def game_status(conn: Any, game_id: int) -> tuple[GameStatus, int]:
    """``storage.rows.game_status`` on SQLAlchemy."""
    row = conn.execute(_sql()["status"], {"game_id": game_id}).fetchone()
    if row is None:
        raise GameNotFound(game_id)
    return GameStatus(row.status), row.version


def write_seat_results(conn: Any, game_id: int, result_json: str) -> None:
    """``storage.rows.write_seat_results`` on SQLAlchemy."""
    result = GameResult.from_json(result_json)
    seats = conn.execute(_sql()["seat_count"], {"game_id": game_id}).scalar_one()
    ranks = result.seat_ranks(seats)
    scores = result.scores or (None,) * seats
    rows = [
        {"score": scores[s], "rank": ranks[s], "game_id": game_id, "seat": s}
        for s in range(min(seats, len(ranks), len(scores)))
    ]
    if rows:
        conn.execute(_sql()["seat_result"], rows)


def game_seats(conn: Any, game_id: int) -> list[Any]:
    """``storage.rows.game_seats`` on SQLAlchemy."""
    rows = conn.execute(_sql()["seats"], {"game_id": game_id}).mappings()
    return [seat_from_row(row) for row in rows]


def fetch_game(conn: Any, game_id: int) -> GameRecord:
    """``storage.rows.fetch_game`` on SQLAlchemy."""
    row = conn.execute(_sql()["game"], {"game_id": game_id}).mappings().fetchone()
    if row is None:
        raise GameNotFound(game_id)
    return game_from_row(row, game_seats(conn, game_id))


def run_end_hooks(conn: Any, game_id: int) -> None:
    """``storage.ends.GameEnds.run`` with ``storage.history.GAME_END_HOOKS`` (plays, then
    ratings) on SQLAlchemy."""
    sql = _sql()
    row = conn.execute(sql["ended"], {"game_id": game_id}).mappings().fetchone()
    if row is None or row["started_at"] is None or row["ended_at"] is None:
        return
    ended = EndedGame(
        id=game_id,
        guild_id=row["guild_id"],
        game_name=row["game_name"],
        status=row["status"],
        ended_at=row["ended_at"],
        result=GameResult.from_json(row["result"]) if row["result"] else GameResult(),
        seats=list(conn.execute(sql["seat_rows"], {"game_id": game_id}).mappings()),
    )
    add_plays(conn, ended)
    if ended.status == GameStatus.FINISHED:
        rate_game(conn, ended)


def add_plays(conn: Any, ended: EndedGame) -> None:
    """``storage.history.add_plays`` (with ``_add_totals``) on SQLAlchemy."""
    sql = _sql()
    totals = []
    for seat in ended.seats:
        if seat["user_id"] is None:
            continue
        play = {
            "user_id": seat["user_id"],
            "guild_id": ended.guild_id,
            "ended_at": ended.ended_at,
            "game_id": ended.id,
            "game_name": ended.game_name,
            "seat": seat["seat"],
            "result": play_result(ended.status, seat, ended.result),
            "rank": seat["rank"],
            "score": seat["score"],
        }
        if not conn.execute(sql["play"], play).rowcount or play["result"] == "aborted":
            continue
        won = int(play["result"] == "won")
        counted = play["score"] is not None and play["result"] != "forfeit"
        for guild_id in (ended.guild_id, EVERY_GUILD):
            totals.append(
                {
                    "user_id": play["user_id"],
                    "guild_id": guild_id,
                    "game_name": ended.game_name,
                    "won": won,
                    "scored": int(counted),
                    "score_total": play["score"] if counted else 0,
                    "best_score": play["score"] if counted else None,
                    "streak": 1 if won else -1,
                }
            )
    if totals:
        conn.execute(sql["total"], totals)


def rate_game(conn: Any, ended: EndedGame) -> None:
    """``storage.ratings.rate_game`` on SQLAlchemy."""
    sql = _sql()
    game = contenders(ended.seats)
    if not game:
        return
    where = {"guild_id": ended.guild_id, "game_name": ended.game_name}
    conn.execute(sql["rated"], {"game_id": ended.id, **where})
    priors = {}
    for user_id, level in {c.key for c in game if c.key is not None}:
        row = conn.execute(sql["prior"], {**where, "user_id": user_id, "level": level}).fetchone()
        if row is not None:
            priors[(user_id, level)] = (row.mu, row.sigma)
    now = now_text()
    conn.execute(
        sql["rating"],
        [
            {**where, "user_id": user_id, "level": level, "mu": mu, "sigma": sigma,
             "ordinal": ordinal(mu, sigma), "now": now}
            for (user_id, level), (mu, sigma) in rate(priors, game).items()
        ],
    )  # fmt: skip


# --- behind the bot's interface --------------------------------------------------------------


class SQLAlchemyCommitQueue(CommitQueue):
    """``storage.commits.CommitQueue`` (same batching, same concurrency) whose batches run
    :func:`apply_batch` on :class:`SQLAlchemyBackend`."""

    async def _commit(
        self,
        batch: list[CommitRequest],
        write: Callable[[Callable[[Any], list[int | Exception]]], Awaitable[Any]],
    ) -> None:
        try:
            outcomes = await write(functools.partial(apply_batch, batch))
        except Exception as exc:
            outcomes = [exc] * len(batch)
        for request, outcome in zip(batch, outcomes, strict=True):
            if request.future.done():
                continue
            if isinstance(outcome, BaseException):
                request.future.set_exception(outcome)
            else:
                request.future.set_result(outcome)


class SQLAlchemyPlay(PlayOperations):
    """``commit_action`` and ``commit_action_record`` of ``storage.play.PlayOperations`` (the
    same checks of their arguments) committed through :class:`SQLAlchemyCommitQueue`."""

    def __init__(self, db: SQLAlchemyBackend) -> None:
        super().__init__(db, GameEnds())  # type: ignore[arg-type]  # the hooks: run_end_hooks
        self._commits = SQLAlchemyCommitQueue(db)  # type: ignore[arg-type]
