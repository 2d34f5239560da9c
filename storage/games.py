"""Games: lobby, start, actions, the end of a game, and the queries the bot needs.

Every method runs one transaction (see ``storage.database``) and returns data objects
from ``storage.models``. Writes that change a game's state check its version inside the
``UPDATE`` (optimistic concurrency), so they are safe against other tasks and processes.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import engine
from storage.commits import CommitQueue, CommitRequest
from storage.database import Database
from storage.errors import (
    AlreadySeated,
    ChannelBusy,
    GameNotActive,
    GameNotInLobby,
    LobbyChanged,
    LobbyFull,
    NotSeated,
    StaleVersion,
    WrongStatus,
)
from storage.models import (
    OPEN_STATUSES,
    GameRecord,
    GameResult,
    GameStatus,
    LoadedGame,
    LoadFailure,
    LoadReport,
    LoggedAction,
    Seat,
)
from storage.rows import (
    fetch_actions,
    fetch_game,
    fetch_games,
    game_status,
    now_text,
    seat_from_row,
    to_json,
)

_OPEN_SQL = "status IN ('lobby', 'active')"


class GameStore:
    """All game operations on one :class:`Database`."""

    def __init__(self, db: Database) -> None:
        self._db = db
        self._commits = CommitQueue(db)

    # ----------------------------------------------------------------- lobby

    async def create_lobby(
        self,
        *,
        guild_id: int,
        channel_id: int,
        game_name: str,
        host_id: int,
        max_seats: int,
        options: Mapping[str, Any] | None = None,
        seat_host: bool = True,
    ) -> GameRecord:
        """Open a lobby (status ``lobby``, no state yet) in ``channel_id``.

        Args:
            max_seats: the most seats the lobby accepts (the game's ``max_players``).
            options: table options as a JSON object (``None``: the game's defaults).
            seat_host: give the host seat 0 right away.

        Returns:
            The new game (version 0).

        Raises:
            ChannelBusy: the channel already has an open game (its id is on the error).
        """
        if max_seats < 1:
            raise ValueError("max_seats must be at least 1")
        options_json = to_json(dict(options or {}))

        def tx(conn: sqlite3.Connection) -> GameRecord:
            existing = conn.execute(
                f"SELECT id FROM games WHERE channel_id = ? AND {_OPEN_SQL}", (channel_id,)
            ).fetchone()
            if existing is not None:
                raise ChannelBusy(channel_id, existing["id"])
            now = now_text()
            game_id = conn.execute(
                "INSERT INTO games (guild_id, channel_id, game_name, host_id, options, "
                "max_seats, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (guild_id, channel_id, game_name, host_id, options_json, max_seats, now, now),
            ).lastrowid
            assert game_id is not None
            if seat_host:
                _insert_seat(conn, game_id, 0, host_id, now)
            return fetch_game(conn, game_id)

        return await self._db.write(tx)

    async def join_lobby(self, game_id: int, user_id: int | None) -> GameRecord:
        """Seat ``user_id`` (or, for ``None``, an automatic player) after the others.

        Returns:
            The game with its new seat last.

        Raises:
            GameNotFound, GameNotInLobby, AlreadySeated, LobbyFull.
        """

        def tx(conn: sqlite3.Connection) -> GameRecord:
            game = fetch_game(conn, game_id)
            if game.status != GameStatus.LOBBY:
                raise GameNotInLobby(game_id, game.status)
            if user_id is not None:
                for seat in game.seats:
                    if seat.user_id == user_id:
                        raise AlreadySeated(game_id, user_id, seat.seat)
            if len(game.seats) >= game.max_seats:
                raise LobbyFull(game_id, game.max_seats)
            now = now_text()
            _insert_seat(conn, game_id, len(game.seats), user_id, now)
            _touch(conn, game_id, now)
            return fetch_game(conn, game_id)

        return await self._db.write(tx)

    async def leave_lobby(self, game_id: int, user_id: int) -> GameRecord:
        """Remove ``user_id``'s seat; later seats move down by one (seat order = join order).

        Raises:
            GameNotFound, GameNotInLobby, NotSeated.
        """

        def tx(conn: sqlite3.Connection) -> GameRecord:
            game = fetch_game(conn, game_id)
            if game.status != GameStatus.LOBBY:
                raise GameNotInLobby(game_id, game.status)
            seat = next((s.seat for s in game.seats if s.user_id == user_id), None)
            if seat is None:
                raise NotSeated(game_id, f"user {user_id}")
            return _remove_seat(conn, game, seat)

        return await self._db.write(tx)

    async def remove_lobby_seat(self, game_id: int, seat: int) -> GameRecord:
        """Remove seat number ``seat`` (e.g. an automatic player); later seats move down.

        Raises:
            GameNotFound, GameNotInLobby, NotSeated.
        """

        def tx(conn: sqlite3.Connection) -> GameRecord:
            game = fetch_game(conn, game_id)
            if game.status != GameStatus.LOBBY:
                raise GameNotInLobby(game_id, game.status)
            if not any(s.seat == seat for s in game.seats):
                raise NotSeated(game_id, f"seat {seat}")
            return _remove_seat(conn, game, seat)

        return await self._db.write(tx)

    async def set_lobby_options(self, game_id: int, options: Mapping[str, Any]) -> GameRecord:
        """Replace the lobby's table options (a JSON object).

        Raises:
            GameNotFound, GameNotInLobby.
        """
        options_json = to_json(dict(options))

        def tx(conn: sqlite3.Connection) -> GameRecord:
            status, _ = game_status(conn, game_id)
            if status != GameStatus.LOBBY:
                raise GameNotInLobby(game_id, status)
            conn.execute(
                "UPDATE games SET options = ?, updated_at = ? WHERE id = ?",
                (options_json, now_text(), game_id),
            )
            return fetch_game(conn, game_id)

        return await self._db.write(tx)

    async def start_game(self, game_id: int, *, seed: int, state_json: str) -> GameRecord:
        """Turn the lobby into an active game: seed, initial state, version 0, one transaction.

        Args:
            seed: the seed the state was built with (non-negative).
            state_json: ``engine.dumps(engine.new_game(name, len(seats), options, seed))``.

        Raises:
            GameNotFound, GameNotInLobby.
            LobbyChanged: the state has a different seat count than the lobby now holds.
            ValueError: the state is not a fresh state of this game with this seed.
        """
        state = _parse_state_header(state_json)
        if state.get("step") != 0:
            raise ValueError("start_game needs a fresh state (step 0)")
        if state.get("seed") != seed or seed < 0:
            raise ValueError(f"the state's seed {state.get('seed')!r} is not {seed}")

        def tx(conn: sqlite3.Connection) -> GameRecord:
            game = fetch_game(conn, game_id)
            if game.status != GameStatus.LOBBY:
                raise GameNotInLobby(game_id, game.status)
            if state.get("game") != game.game_name:
                raise ValueError(f"the state is for {state.get('game')!r}, not {game.game_name!r}")
            if state.get("seats") != len(game.seats):
                raise LobbyChanged(game_id, state.get("seats"), len(game.seats))
            now = now_text()
            conn.execute(
                "UPDATE games SET status = 'active', seed = ?, state = ?, version = 0, "
                "started_at = ?, updated_at = ? WHERE id = ? AND status = 'lobby'",
                (seed, state_json, now, now, game_id),
            )
            return fetch_game(conn, game_id)

        return await self._db.write(tx)

    # ------------------------------------------------------------ the game

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
    ) -> int:
        """Commit one applied action atomically: log row, new state, version + 1.

        The ``UPDATE`` matches only ``version = expected_version AND status = 'active'``;
        on a mismatch nothing is written. Commits of many games share transactions (group
        commit); the call returns only once its transaction is durable.

        Args:
            expected_version: the version the action was applied to (``state.step`` before).
            seat, action_key: the engine ``Action``.
            new_state_json: ``engine.dumps(state)`` after the action; its ``step`` must be
                ``expected_version + 1``.
            public_events: the ``engine.Event`` values ``apply`` returned (or
                ``PublicEvent``/mappings with ``kind``, ``seat``, ``data``). Events with a
                ``visible_to`` other than ``None`` are private and are dropped, so all of
                ``apply``'s events may be passed.
            status: ``None`` (stays active) or ``"finished"`` when this action ended the game.
            result: with ``status="finished"``: a ``GameResult``, an ``engine.Outcome`` or a
                mapping ``{"winners", "draw", "reason"}``.

        Returns:
            The new version (``expected_version + 1``), equal to the log row's ``seq``.

        Raises:
            StaleVersion: the game is at another version (``.current`` has it).
            GameNotActive: the game is a lobby, finished or aborted.
            GameNotFound: no such game.
            ValueError: bad arguments (state step, status/result, unknown seat).
            DatabaseBusy: another process held the write lock for ``busy_timeout``.
        """
        if expected_version < 0:
            raise ValueError("expected_version must be non-negative")
        step = _parse_state_header(new_state_json).get("step")
        if step != expected_version + 1:
            raise ValueError(f"the new state's step is {step!r}, expected {expected_version + 1}")
        result_json = _finish_result(status, result)
        request = CommitRequest(
            game_id=game_id,
            expected_version=expected_version,
            seat=seat,
            action_key=action_key,
            state_json=new_state_json,
            events_json=json.dumps(_public_events(public_events), separators=(",", ":")),
            result_json=result_json,
            future=asyncio.get_running_loop().create_future(),
        )
        return await self._commits.submit(request)

    async def finish_game(self, game_id: int, *, expected_version: int, result: Any) -> GameRecord:
        """Finish an active game without a new action (the state stays as it is).

        Use ``commit_action(..., status="finished")`` when an action ends the game.

        Raises:
            StaleVersion, GameNotActive, GameNotFound.
        """
        result_json = GameResult.of(result).to_json()

        def tx(conn: sqlite3.Connection) -> GameRecord:
            now = now_text()
            cursor = conn.execute(
                "UPDATE games SET status = 'finished', result = ?, ended_at = ?, updated_at = ? "
                "WHERE id = ? AND version = ? AND status = 'active'",
                (result_json, now, now, game_id, expected_version),
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

        def tx(conn: sqlite3.Connection) -> GameRecord:
            status, _ = game_status(conn, game_id)
            if status not in OPEN_STATUSES:
                raise WrongStatus(game_id, status, OPEN_STATUSES)
            now = now_text()
            conn.execute(
                "UPDATE games SET status = 'aborted', result = ?, ended_at = ?, updated_at = ? "
                "WHERE id = ?",
                (result_json, now, now, game_id),
            )
            return fetch_game(conn, game_id)

        return await self._db.write(tx)

    async def leave_game(self, game_id: int, user_id: int) -> Seat:
        """``user_id`` forfeits a running game: their seat is played automatically from now on.

        The seat keeps its number, user id and history (``automatic``, ``left_at`` set).

        Returns:
            The updated seat.

        Raises:
            GameNotFound, GameNotActive.
            NotSeated: the user plays no seat in this game (or already left).
        """

        def tx(conn: sqlite3.Connection) -> Seat:
            status, _ = game_status(conn, game_id)
            if status != GameStatus.ACTIVE:
                raise GameNotActive(game_id, status)
            now = now_text()
            row = conn.execute(
                "UPDATE seats SET automatic = 1, left_at = ? "
                "WHERE game_id = ? AND user_id = ? AND left_at IS NULL RETURNING *",
                (now, game_id, user_id),
            ).fetchone()
            if row is None:
                raise NotSeated(game_id, f"user {user_id}")
            _touch(conn, game_id, now)
            return seat_from_row(row)

        return await self._db.write(tx)

    # -------------------------------------------------------------- queries

    async def get_game(self, game_id: int) -> GameRecord:
        """The game ``game_id`` (any status) with its seats.

        Raises:
            GameNotFound.
        """
        return await self._db.read(lambda conn: fetch_game(conn, game_id))

    async def find_open_game(self, channel_id: int) -> GameRecord | None:
        """The open (lobby or active) game of ``channel_id``, or ``None``."""
        games = await self._db.read(
            lambda conn: fetch_games(conn, f"channel_id = ? AND {_OPEN_SQL}", (channel_id,))
        )
        return games[0] if games else None

    async def find_games_by_player(
        self, user_id: int, *, open_only: bool = True
    ) -> list[GameRecord]:
        """Games in which ``user_id`` still plays a seat (not left), by id; open ones only
        unless ``open_only`` is false."""
        where = "id IN (SELECT game_id FROM seats WHERE user_id = ? AND left_at IS NULL)" + (
            f" AND {_OPEN_SQL}" if open_only else ""
        )
        return await self._db.read(lambda conn: fetch_games(conn, where, (user_id,)))

    async def list_games(
        self, guild_id: int, statuses: Sequence[GameStatus | str] = (GameStatus.ACTIVE,)
    ) -> list[GameRecord]:
        """The guild's games with one of ``statuses`` (default: active), by id."""
        wanted = json.dumps([str(GameStatus(s)) for s in statuses])
        return await self._db.read(
            lambda conn: fetch_games(
                conn,
                "guild_id = ? AND status IN (SELECT value FROM json_each(?))",
                (guild_id, wanted),
            )
        )

    async def get_actions(self, game_id: int, *, after: int = 0) -> list[LoggedAction]:
        """The game's log rows with ``seq > after``, oldest first."""
        return await self._db.read(lambda conn: fetch_actions(conn, game_id, after))

    async def recent_actions(self, game_id: int, limit: int = 5) -> list[LoggedAction]:
        """The last ``limit`` log rows (with their public events), oldest first."""

        def tx(conn: sqlite3.Connection) -> list[LoggedAction]:
            row = conn.execute(
                "SELECT coalesce(max(seq), 0) AS last FROM actions WHERE game_id = ?", (game_id,)
            ).fetchone()
            return fetch_actions(conn, game_id, max(0, row["last"] - limit))

        return await self._db.read(tx)

    async def snapshot(self, game_id: int) -> tuple[GameRecord, list[LoggedAction]]:
        """The game and its whole log, read in one transaction (for verification).

        Raises:
            GameNotFound.
        """
        return await self._db.read(
            lambda conn: (fetch_game(conn, game_id), fetch_actions(conn, game_id))
        )

    # ------------------------------------------------------------- startup

    async def load_active_games(self) -> LoadReport:
        """Parse every active game for the bot to resume; set aside the ones that fail.

        A game fails when ``engine.loads`` refuses its state (bad JSON, unknown game or
        schema version) or the state disagrees with its row (game name, seed, step vs.
        version, seat count). Failed games are marked (``set_aside_reason``) and not
        parsed again at later startups until :meth:`reinstate_game`; they still block their
        channel until an admin aborts them. This never raises for a bad row.

        Returns:
            ``LoadReport(games, failures)``; ``failures`` lists every active game that is
            set aside (found now or earlier) as ``(game_id, error)``.
        """
        games = await self._db.read(lambda conn: fetch_games(conn, "status = 'active'", ()))
        loaded: list[LoadedGame] = []
        failures: list[LoadFailure] = []
        new_failures: list[tuple[GameRecord, str]] = []
        for game in games:
            if game.set_aside_reason is not None:
                failures.append(LoadFailure(game.id, game.set_aside_reason))
                continue
            try:
                loaded.append(LoadedGame(game, parse_state(game)))
            except Exception as exc:  # any failure sets this one game aside
                error = f"{type(exc).__name__}: {exc}"[:2000]
                failures.append(LoadFailure(game.id, error))
                new_failures.append((game, error))
        if new_failures:
            now = now_text()

            def tx(conn: sqlite3.Connection) -> None:
                conn.executemany(
                    "UPDATE games SET set_aside_at = ?, set_aside_reason = ? "
                    "WHERE id = ? AND status = 'active' AND version = ?",
                    [(now, error, game.id, game.version) for game, error in new_failures],
                )

            await self._db.write(tx)
        return LoadReport(loaded, failures)

    async def reinstate_game(self, game_id: int) -> GameRecord:
        """Clear a game's set-aside mark so the next ``load_active_games`` tries it again.

        Raises:
            GameNotFound.
        """

        def tx(conn: sqlite3.Connection) -> GameRecord:
            fetch_game(conn, game_id)
            conn.execute(
                "UPDATE games SET set_aside_at = NULL, set_aside_reason = NULL WHERE id = ?",
                (game_id,),
            )
            return fetch_game(conn, game_id)

        return await self._db.write(tx)

    async def drain(self) -> None:
        """Wait for queued commits to finish (called before closing)."""
        await self._commits.drain()


def parse_state(game: GameRecord) -> engine.GameState:
    """Parse and cross-check ``game``'s stored state.

    Raises:
        ValueError: no state, ``engine.loads`` refused it, or it disagrees with the row.
        engine.UnknownGame: the game is not registered in this engine.
    """
    if game.state_json is None:
        raise ValueError("the game has no state")
    state = engine.loads(game.state_json)
    problems = []
    if state.game != game.game_name:
        problems.append(f"state is for {state.game!r}, row says {game.game_name!r}")
    if state.seed != game.seed:
        problems.append(f"state seed {state.seed} != row seed {game.seed}")
    if state.step != game.version:
        problems.append(f"state step {state.step} != version {game.version}")
    if state.seats != len(game.seats):
        problems.append(f"state has {state.seats} seats, row has {len(game.seats)}")
    if problems:
        raise ValueError("; ".join(problems))
    return state


def _parse_state_header(state_json: str) -> dict[str, Any]:
    if not isinstance(state_json, str):
        raise TypeError("the state must be the JSON text from engine.dumps")
    try:
        state = json.loads(state_json)
    except json.JSONDecodeError as exc:
        raise ValueError(f"the state is not JSON: {exc}") from exc
    if not isinstance(state, dict):
        raise ValueError("the state must be a JSON object")
    return state


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


def _public_events(events: Iterable[Any]) -> list[dict[str, Any]]:
    public: list[dict[str, Any]] = []
    for event in events:
        if isinstance(event, Mapping):
            if event.get("visible_to") is not None:
                continue
            kind, seat, data = event["kind"], event.get("seat"), event.get("data", {})
        else:
            if getattr(event, "visible_to", None) is not None:
                continue
            kind, seat, data = event.kind, event.seat, event.data
        public.append({"kind": kind, "seat": seat, "data": data})
    return public


def _insert_seat(
    conn: sqlite3.Connection, game_id: int, seat: int, user_id: int | None, now: str
) -> None:
    conn.execute(
        "INSERT INTO seats (game_id, seat, user_id, automatic, joined_at) VALUES (?, ?, ?, ?, ?)",
        (game_id, seat, user_id, int(user_id is None), now),
    )


def _remove_seat(conn: sqlite3.Connection, game: GameRecord, seat: int) -> GameRecord:
    conn.execute("DELETE FROM seats WHERE game_id = ? AND seat = ?", (game.id, seat))
    # Ascending, one row at a time: the slot below is always free, so the key never clashes.
    for later in sorted(s.seat for s in game.seats if s.seat > seat):
        conn.execute(
            "UPDATE seats SET seat = ? WHERE game_id = ? AND seat = ?", (later - 1, game.id, later)
        )
    _touch(conn, game.id, now_text())
    return fetch_game(conn, game.id)


def _touch(conn: sqlite3.Connection, game_id: int, now: str) -> None:
    conn.execute("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))
