"""Helpers for storage tests: real artichokes games driven through storage, games that end
after one move with a given result, the ratings as stored, and a database as an older
Cardroom left it (for the tests of a migration, on both backends)."""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import engine
from storage import GameRecord, GameResult, Storage
from storage.migrate import load_migrations, migrate
from storage.migrate_postgres import PACKAGE, migrate_postgres
from storage.postgres import PostgresDatabase
from storage.sql import Connection

GAME = "artichokes"
GUILD = 1


async def open_lobby(
    storage: Storage, channel_id: int, players: list[int], *, guild_id: int = 1
) -> GameRecord:
    """A lobby in ``channel_id`` hosted by ``players[0]`` with all ``players`` seated."""
    game = await storage.games.create_lobby(
        guild_id=guild_id,
        channel_id=channel_id,
        game_name=GAME,
        host_id=players[0],
        max_seats=engine.get_game(GAME).info.max_players,
    )
    for user_id in players[1:]:
        game = await storage.games.join_lobby(game.id, user_id)
    return game


async def start_game(
    storage: Storage, channel_id: int, players: list[int], seed: int, *, guild_id: int = 1
) -> tuple[GameRecord, engine.GameState]:
    """Open a lobby, seat ``players`` and start a real artichokes game with ``seed``."""
    lobby = await open_lobby(storage, channel_id, players, guild_id=guild_id)
    state = engine.new_game(GAME, len(lobby.seats), lobby.options, seed)
    game = await storage.games.start_game(lobby.id, seed=seed, state_json=engine.dumps(state))
    return game, state


async def play_one(
    storage: Storage, game_id: int, state: engine.GameState, rng: random.Random
) -> int:
    """Apply one random legal action to ``state`` and commit it; return the new version."""
    seat = rng.choice(engine.deciding_seats(state))
    action = engine.random_action(state, seat, rng)
    record = await apply_and_commit(storage, game_id, state, action)
    return record.version


async def apply_and_commit(
    storage: Storage, game_id: int, state: engine.GameState, action: engine.Action, **options: Any
) -> GameRecord:
    """Apply ``action`` to ``state`` (in place) and commit it with ``options`` (those of
    ``commit_action``; the status and result follow from the state); the game as the commit
    left it (``commit_action_record``)."""
    expected = state.step
    events = engine.apply(state, action)
    outcome = engine.outcome(state)
    return await storage.games.commit_action_record(
        game_id,
        expected,
        action.seat,
        action.key,
        engine.dumps(state),
        public_events=events,
        status="finished" if outcome else None,
        result=GameResult.of(outcome) if outcome else None,
        **options,
    )


async def play_to_end(
    storage: Storage, game_id: int, state: engine.GameState, rng: random.Random
) -> None:
    """Commit random legal actions until the game is over."""
    while engine.outcome(state) is None:
        await play_one(storage, game_id, state, rng)


async def sql(storage: Storage, statement: str, *params: object) -> int:
    """Run ``statement`` on ``storage``'s database behind its stores' back (the way
    corruption or a bad deploy would change it); returns the rows changed."""
    return await storage.db.write(lambda conn: conn.execute(statement, params).rowcount)


async def finish(
    storage: Storage,
    players: list[int | None],
    result: GameResult,
    *,
    guild_id: int = GUILD,
    channel_id: int = 100,
    levels: dict[int, str] | None = None,
    leave: tuple[int, ...] = (),
) -> GameRecord:
    """A game of ``players`` (``None``: an automatic player, of ``levels[seat]`` or greedy)
    that ends after one move with ``result``; the people of the ``leave`` seats forfeit
    first."""
    host = next(p for p in players if p is not None)
    lobby = await storage.games.create_lobby(
        guild_id=guild_id,
        channel_id=channel_id,
        game_name=GAME,
        host_id=host,
        max_seats=4,
        seat_host=False,
    )
    for seat, user_id in enumerate(players):
        level = (levels or {}).get(seat, "greedy") if user_id is None else None
        lobby = await storage.games.join_lobby(lobby.id, user_id, f"p{user_id}", level=level)
    state = engine.new_game(GAME, len(players), None, 7)
    game = await storage.games.start_game(lobby.id, seed=7, state_json=engine.dumps(state))
    for seat in leave:
        await storage.games.leave_game(game.id, players[seat])  # type: ignore[arg-type]
    action = engine.random_action(state, engine.deciding_seats(state)[0], random.Random(1))
    events = engine.apply(state, action)
    await storage.games.commit_action(
        game.id,
        0,
        action.seat,
        action.key,
        engine.dumps(state),
        public_events=events,
        status="finished",
        result=result,
    )
    return await storage.games.get_game(game.id)


def won_by(seat: int, scores: tuple[int, ...]) -> GameResult:
    ranks = engine.competition_ranks(scores)
    return GameResult((seat,), False, "scores", scores=scores, ranks=tuple(ranks))


async def ratings_of(storage: Storage) -> list[tuple]:
    def read(conn: sqlite3.Connection) -> list[tuple]:
        rows = conn.execute(
            "SELECT guild_id, game_name, user_id, level, mu, sigma, ordinal, games FROM ratings "
            "ORDER BY guild_id, game_name, user_id, level"
        )
        return [tuple(r) for r in rows]

    return await storage.db.read(read)


async def database_before(
    where: Path | str, version: int, write: Callable[[Connection], None]
) -> None:
    """Bring the empty database at ``where`` (a SQLite file not created yet, or a PostgreSQL
    URL: the ``empty_database`` fixture) to schema ``version`` with its backend's migrations
    up to it, then let ``write`` put rows in it as a Cardroom of that schema left them."""
    if isinstance(where, Path):
        conn = sqlite3.connect(where, isolation_level=None)
        conn.row_factory = sqlite3.Row
        try:
            migrate(conn, load_migrations()[:version])
            write(conn)
        finally:
            conn.close()
        return
    db = await PostgresDatabase.open(where, run_migrations=False)
    try:
        await migrate_postgres(db, load_migrations(PACKAGE)[:version])
        await db.write(write)
    finally:
        await db.close()


async def open_at(where: Path | str) -> Storage:
    """``Storage`` on the database at ``where`` (a SQLite file or a PostgreSQL URL), which
    opening migrates to the latest schema."""
    if isinstance(where, Path):
        return await Storage.open(path=where)
    return await Storage.open(url=where)
