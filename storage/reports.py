"""What reading the store reports: the active games loaded at startup (and those set aside),
and the replay check of one game's log (``storage.verify``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from storage.models import GameRecord


@dataclass(frozen=True, slots=True)
class LoadedGame:
    """An active game read at startup: its record and its parsed engine state."""

    game: GameRecord
    state: Any  # engine.GameState (kept as Any so models stay free of engine imports)


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


@dataclass(frozen=True, slots=True)
class VerifyResult:
    """The outcome of replaying a game's log and comparing with its stored state.

    Attributes:
        game_id: the game.
        ok: ``True`` when the replay reproduces the stored state exactly (and the status
            agrees with the engine's outcome).
        message: one English sentence for the admin ``inspect`` command.
        stored_version: the game's version column.
        replayed_version: how many log actions replayed cleanly (``None`` when no replay
            was possible, e.g. a lobby or an unknown game).
    """

    game_id: int
    ok: bool
    message: str
    stored_version: int
    replayed_version: int | None
