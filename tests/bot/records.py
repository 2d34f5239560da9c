"""Stored-game records for rendering tests, without a database."""

from __future__ import annotations

from datetime import UTC, datetime

import engine
from storage import GameRecord, GameStatus, Seat

NOW = datetime(2026, 12, 1, tzinfo=UTC)


def record_for(
    state: engine.GameState,
    *,
    game_id: int = 123456,
    status: GameStatus = GameStatus.ACTIVE,
    options: dict | None = None,
    first_user: int = 101,
) -> GameRecord:
    """A record of a running game of ``state``: seat ``n`` is user ``first_user + n`` named
    ``Player{n}``."""
    seats = tuple(
        Seat(
            seat=n,
            user_id=first_user + n,
            automatic=False,
            joined_at=NOW,
            display_name=f"Player{n}",
        )
        for n in range(state.seats)
    )
    return GameRecord(
        id=game_id,
        guild_id=1,
        channel_id=2,
        game_name=state.game,
        host_id=101,
        options=options
        if options is not None
        else engine.parse_options(state.game, getattr(state, "options", None)).model_dump(),
        max_seats=engine.get_game(state.game).info.max_players,
        status=status,
        seed=state.seed,
        state_json=None,
        version=state.step,
        result=None,
        created_at=NOW,
        updated_at=NOW,
        started_at=NOW,
        ended_at=None,
        set_aside_reason=None,
        seats=seats,
    )
