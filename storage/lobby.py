"""Lobby operations: open a lobby, join and leave it, change its options, start the game."""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Any, Literal

from storage.errors import (
    AlreadySeated,
    ChannelBusy,
    GameNotInLobby,
    LobbyChanged,
    LobbyFull,
    NotSeated,
)
from storage.models import GameRecord, GameStatus
from storage.rows import (
    OPEN_SQL,
    fetch_game,
    game_status,
    now_text,
    parse_state_header,
    time_text,
    to_json,
    touch,
    write_banks,
)
from storage.slow_play_models import SeatBank
from storage.sql import Backend, Connection
from storage.threads import HERE_SQL, LobbySetup, set_up


class LobbyOperations:
    """Lobbies, on one :class:`Backend`: open one, seat and unseat players, set its options,
    start its game."""

    def __init__(self, db: Backend) -> None:
        self._db = db

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
        host_name: str | None = None,
        in_thread: bool = False,
        setup: LobbySetup | None = None,
    ) -> GameRecord:
        """Open a lobby (status ``lobby``, no state yet) in ``channel_id``.

        Args:
            max_seats: the most seats the lobby accepts (the game's ``max_players``).
            options: table options as a JSON object (``None``: the game's defaults).
            seat_host: give the host seat 0 right away.
            host_name: the host's display name in the guild (for their seat).
            in_thread: the game is to be played in a thread of ``channel_id``, its card in
                ``channel_id`` (``parent_id``; ``storage.threads`` records the thread once
                made): any number of such games share the channel.
            setup: invitations, automatic players and table settings it starts with
                (``storage.threads.LobbySetup``).

        Returns:
            The new game (version 0).

        Raises:
            ChannelBusy: the channel already has an open game played in it (its id is on the
                error), and the lobby is not to be played in a thread.
            AgainOpen: ``setup.again_of`` is played again by an open lobby already.
        """
        if max_seats < 1:
            raise ValueError("max_seats must be at least 1")
        options_json = to_json(dict(options or {}))

        def tx(conn: Connection) -> GameRecord:
            if not in_thread:
                existing = conn.execute(
                    f"SELECT id FROM games WHERE channel_id = ? AND {OPEN_SQL} AND {HERE_SQL}",
                    (channel_id,),
                ).fetchone()
                if existing is not None:
                    raise ChannelBusy(channel_id, existing["id"])
            now = now_text()
            game_id = conn.execute(
                "INSERT INTO games (guild_id, channel_id, game_name, host_id, options, "
                "max_seats, created_at, updated_at, parent_id) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (
                    guild_id,
                    channel_id,
                    game_name,
                    host_id,
                    options_json,
                    max_seats,
                    now,
                    now,
                    channel_id if in_thread else None,
                ),
            ).fetchone()["id"]
            if seat_host:
                _insert_seat(conn, game_id, 0, host_id, now, host_name)
            if setup is not None:
                set_up(conn, game_id, setup, now)
            return fetch_game(conn, game_id)

        return await self._db.write(tx)

    async def join_lobby(
        self,
        game_id: int,
        user_id: int | None,
        display_name: str | None = None,
        *,
        level: str | None = None,
    ) -> GameRecord:
        """Seat ``user_id`` (or, for ``None``, an automatic player of ``level``) after the
        others; ``display_name`` is how the seat is named (at most 100 characters are kept).

        Returns:
            The game with its new seat last.

        Raises:
            GameNotFound, GameNotInLobby, AlreadySeated, LobbyFull.
        """

        def tx(conn: Connection) -> GameRecord:
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
            _insert_seat(conn, game_id, len(game.seats), user_id, now, display_name, level)
            touch(conn, game_id, now)
            return fetch_game(conn, game_id)

        return await self._db.write(tx)

    async def leave_lobby(self, game_id: int, user_id: int) -> GameRecord:
        """Remove ``user_id``'s seat; later seats move down by one (seat order = join order).

        Raises:
            GameNotFound, GameNotInLobby, NotSeated.
        """

        def tx(conn: Connection) -> GameRecord:
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

        def tx(conn: Connection) -> GameRecord:
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

        def tx(conn: Connection) -> GameRecord:
            status, _ = game_status(conn, game_id)
            if status != GameStatus.LOBBY:
                raise GameNotInLobby(game_id, status)
            conn.execute(
                "UPDATE games SET options = ?, updated_at = ? WHERE id = ?",
                (options_json, now_text(), game_id),
            )
            return fetch_game(conn, game_id)

        return await self._db.write(tx)

    async def set_turn_clock(self, game_id: int, seconds: int | None) -> GameRecord:
        """Set the lobby's real-time clock, ``seconds`` a decision (``None``: none): a pace
        without time banks (:meth:`set_pace`).

        Raises:
            GameNotFound, GameNotInLobby.
            ValueError: not a positive number of seconds.
        """
        return await self.set_pace(game_id, seconds)

    async def set_pace(
        self,
        game_id: int,
        turn_clock: int | None,
        bank_start: int | None = None,
        bank_cap: int | None = None,
    ) -> GameRecord:
        """Set the lobby's pace: ``turn_clock`` seconds a decision (real time, the banks
        ``None``), or a turn-based time bank per seat of ``bank_start`` seconds at first,
        ``turn_clock`` more with each move, ``bank_cap`` at most; all ``None``: none.

        Raises:
            GameNotFound, GameNotInLobby.
            ValueError: a value that is not a positive number of seconds, a bank without a
                clock or with only one of its two values, or a cap under the start.
        """
        values = (turn_clock, bank_start, bank_cap)
        if any(v is not None and v <= 0 for v in values):
            raise ValueError("a pace is made of positive numbers of seconds")
        if (bank_start is None) != (bank_cap is None) or (turn_clock is None and bank_start):
            raise ValueError("a time bank has a start, a cap and what each move adds")
        if bank_start is not None and bank_cap is not None and bank_cap < bank_start:
            raise ValueError("a time bank cannot start above its cap")

        def tx(conn: Connection) -> GameRecord:
            status, _ = game_status(conn, game_id)
            if status != GameStatus.LOBBY:
                raise GameNotInLobby(game_id, status)
            conn.execute(
                "UPDATE games SET turn_clock = ?, bank_start = ?, bank_cap = ?, updated_at = ? "
                "WHERE id = ?",
                (*values, now_text(), game_id),
            )
            return fetch_game(conn, game_id)

        return await self._db.write(tx)

    async def set_thinking_time(self, game_id: int, ms: int | None) -> GameRecord:
        """Set how long the lobby's search level thinks per move (``None``: the server's
        default).

        Raises:
            GameNotFound, GameNotInLobby.
            ValueError: not a positive number of milliseconds.
        """
        if ms is not None and ms <= 0:
            raise ValueError("a thinking time is a positive number of milliseconds")
        return await self._set_lobby_setting(game_id, "thinking_ms", ms)

    async def set_min_reliability(self, game_id: int, percent: int | None) -> GameRecord:
        """Take only players who finish at least ``percent`` of their games (``None``:
        anyone; ``storage.reliability``).

        Raises:
            GameNotFound, GameNotInLobby.
            ValueError: not a percentage from 1 to 100.
        """
        if percent is not None and not 1 <= percent <= 100:
            raise ValueError("a share of finished games is a percentage from 1 to 100")
        return await self._set_lobby_setting(game_id, "min_reliability", percent)

    async def _set_lobby_setting(
        self,
        game_id: int,
        column: Literal["thinking_ms", "min_reliability"],
        value: int | None,
    ) -> GameRecord:
        """Set one of a lobby's ``games`` columns (the game's start reads it).

        Raises:
            GameNotFound, GameNotInLobby.
        """

        def tx(conn: Connection) -> GameRecord:
            status, _ = game_status(conn, game_id)
            if status != GameStatus.LOBBY:
                raise GameNotInLobby(game_id, status)
            conn.execute(
                f"UPDATE games SET {column} = ?, updated_at = ? WHERE id = ?",
                (value, now_text(), game_id),
            )
            return fetch_game(conn, game_id)

        return await self._db.write(tx)

    async def start_game(
        self,
        game_id: int,
        *,
        seed: int,
        state_json: str,
        deadline: datetime | None = None,
        automatic_secret: str | None = None,
        seat_banks: Iterable[SeatBank] = (),
        wake_at: datetime | None = None,
    ) -> GameRecord:
        """Turn the lobby into an active game: seed, initial state, version 0, one transaction.

        Args:
            seed: the seed the state was built with (non-negative).
            state_json: ``engine.dumps(engine.new_game(name, len(seats), options, seed))``.
            deadline: when the first decision times out (a turn clock), or ``None``.
            automatic_secret: the game's ``GameRecord.automatic_secret`` (``None``, the
                default: 128 fresh bits from ``secrets``; a caller gives one only to replay
                games alike, as with a given seed).
            seat_banks: the seats' first time banks (a paced game), as the caller decided.
            wake_at: when the bot must first look at the game by itself (``GameRecord``);
                ``None``: at the deadline.

        Raises:
            GameNotFound, GameNotInLobby.
            LobbyChanged: the state has a different seat count than the lobby now holds.
            ValueError: the state is not a fresh state of this game with this seed.
        """
        state = parse_state_header(state_json)
        if state.get("step") != 0:
            raise ValueError("start_game needs a fresh state (step 0)")
        if state.get("seed") != seed or seed < 0:
            raise ValueError(f"the state's seed {state.get('seed')!r} is not {seed}")
        secret = automatic_secret or secrets.token_hex(16)
        banks = tuple(seat_banks)
        wake = time_text(wake_at) or time_text(deadline)

        def tx(conn: Connection) -> GameRecord:
            game = fetch_game(conn, game_id)
            if game.status != GameStatus.LOBBY:
                raise GameNotInLobby(game_id, game.status)
            if state.get("game") != game.game_name:
                raise ValueError(f"the state is for {state.get('game')!r}, not {game.game_name!r}")
            if state.get("seats") != len(game.seats):
                raise LobbyChanged(game_id, int(state.get("seats") or 0), len(game.seats))
            now = now_text()
            conn.execute(
                "UPDATE games SET status = 'active', seed = ?, state = ?, version = 0, "
                "started_at = ?, updated_at = ?, deadline = ?, automatic_secret = ?, wake_at = ? "
                "WHERE id = ? AND status = 'lobby'",
                (seed, state_json, now, now, time_text(deadline), secret, wake, game_id),
            )
            write_banks(conn, game_id, banks)
            return fetch_game(conn, game_id)

        return await self._db.write(tx)


def _insert_seat(
    conn: Connection,
    game_id: int,
    seat: int,
    user_id: int | None,
    now: str,
    display_name: str | None = None,
    level: str | None = None,
) -> None:
    conn.execute(
        "INSERT INTO seats (game_id, seat, user_id, automatic, joined_at, display_name, level) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        (
            game_id,
            seat,
            user_id,
            int(user_id is None),
            now,
            (display_name or None) and display_name[:100],
            level if user_id is None else None,
        ),
    )


def _remove_seat(conn: Connection, game: GameRecord, seat: int) -> GameRecord:
    conn.execute("DELETE FROM seats WHERE game_id = ? AND seat = ?", (game.id, seat))
    # Ascending, one row at a time: the slot below is always free, so the key never clashes.
    for later in sorted(s.seat for s in game.seats if s.seat > seat):
        conn.execute(
            "UPDATE seats SET seat = ? WHERE game_id = ? AND seat = ?", (later - 1, game.id, later)
        )
    touch(conn, game.id, now_text())
    return fetch_game(conn, game.id)
