"""Startup: load the active games (of this process's shards' guilds), setting aside the rows
that fail validation."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any, NamedTuple

import engine
from storage.models import GameRecord
from storage.rows import fetch_game, fetch_games, now_text
from storage.sql import Backend, Connection

PARSE_SLICE = 100
"""Games parsed between two yields to the event loop at startup (so that interactions are
answered while thousands of games load)."""


@dataclass(frozen=True, slots=True)
class LoadedGame:
    """An active game read at startup: its record and its parsed engine state."""

    game: GameRecord
    state: Any  # engine.GameState


class LoadFailure(NamedTuple):
    """An active game whose stored state failed validation; it is set aside, not loaded."""

    game_id: int
    error: str


@dataclass(frozen=True, slots=True)
class LoadReport:
    """What ``load_active_games`` found.

    Attributes:
        games: active games whose state parsed and matched their row, by id.
        failures: active games set aside (now or at an earlier startup), by id.
    """

    games: list[LoadedGame]
    failures: list[LoadFailure]


class StartupOperations:
    """Loading the active games at startup, on one :class:`Backend`; setting aside the
    ones that fail, and reinstating them."""

    def __init__(self, db: Backend) -> None:
        self._db = db

    async def load_active_games(
        self, shard_count: int | None = None, shard_ids: Collection[int] = ()
    ) -> LoadReport:
        """Parse the active games of this process's shards for the bot to resume; set aside
        the ones that fail.

        A game fails when ``engine.loads`` refuses its state (bad JSON, unknown game or
        schema version) or the state disagrees with its row (game name, seed, step vs.
        version, seat count), or its row does not convert at all. Failed games are marked
        (``set_aside_reason``) and not parsed again at later startups until
        :meth:`reinstate_game`; they still block their channel until an admin aborts them.
        This never raises for a bad row.

        Args:
            shard_count, shard_ids: only the games of the guilds of shards ``shard_ids`` (of
                ``shard_count``: Discord's rule, shard ``(guild_id >> 22) % shard_count``)
                are read, by the query itself, so a process's start-up does not grow with the
                whole bot; the other games are read, and set aside if need be, by the
                process of their own shard. A row whose guild is no number (SQLite keeps
                what it is given) counts as shard 0's, as the DMs do. ``shard_count``
                ``None`` (the default): every active game is this process's.

        Returns:
            ``LoadReport(games, failures)``; ``failures`` lists every active game that is
            set aside (found now or earlier) as ``(game_id, error)``.
        """
        where = "status = 'active'"
        params: tuple[object, ...] = ()
        if shard_count is not None:
            where += " AND ((guild_id >> 22) % ?) IN (SELECT value FROM json_each(?))"
            params = (shard_count, json.dumps(sorted(shard_ids)))
        unreadable: list[tuple[int, Exception]] = []
        games = await self._db.read(
            lambda conn: fetch_games(
                conn,
                where,
                params,
                on_bad_row=lambda game_id, exc: unreadable.append((game_id, exc)),
            )
        )
        loaded: list[LoadedGame] = []
        failures: list[LoadFailure] = []
        new_failures: list[tuple[int, int | None, str]] = []  # id, version (None: any), error
        for game_id, exc in unreadable:
            error = _describe(exc)
            failures.append(LoadFailure(game_id, error))
            new_failures.append((game_id, None, error))
        for count, game in enumerate(games):
            if count % PARSE_SLICE == PARSE_SLICE - 1:
                await asyncio.sleep(0)  # let the bot answer interactions meanwhile
            if game.set_aside_reason is not None:
                failures.append(LoadFailure(game.id, game.set_aside_reason))
                continue
            try:
                loaded.append(LoadedGame(game, parse_state(game)))
            except Exception as exc:  # any failure sets this one game aside
                error = _describe(exc)
                failures.append(LoadFailure(game.id, error))
                new_failures.append((game.id, game.version, error))
        if new_failures:
            now = now_text()

            def tx(conn: Connection) -> None:
                conn.executemany(
                    "UPDATE games SET set_aside_at = ?, set_aside_reason = ? "
                    "WHERE id = ? AND status = 'active' AND version = coalesce(?, version)",
                    [(now, error, game_id, version) for game_id, version, error in new_failures],
                )

            await self._db.write(tx)
        failures.sort()
        return LoadReport(loaded, failures)

    async def reinstate_game(self, game_id: int) -> GameRecord:
        """Clear a game's set-aside mark so the next ``load_active_games`` tries it again.

        Raises:
            GameNotFound.
        """

        def tx(conn: Connection) -> GameRecord:
            fetch_game(conn, game_id)
            conn.execute(
                "UPDATE games SET set_aside_at = NULL, set_aside_reason = NULL WHERE id = ?",
                (game_id,),
            )
            return fetch_game(conn, game_id)

        return await self._db.write(tx)


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
    if state.step != game.version - 2 * game.undone:  # each take-back: +1 version, -1 step
        problems.append(
            f"state step {state.step} != version {game.version} - 2 x {game.undone} taken back"
        )
    if state.seats != len(game.seats):
        problems.append(f"state has {state.seats} seats, row has {len(game.seats)}")
    if problems:
        raise ValueError("; ".join(problems))
    return state


def _describe(exc: Exception) -> str:
    return f"{type(exc).__name__}: {exc}"[:2000]
