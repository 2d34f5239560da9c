"""Helpers for storage tests: real artichokes games driven through storage."""

from __future__ import annotations

import random
from typing import Any

import engine
from storage import GameRecord, GameResult, Storage

GAME = "artichokes"


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
