"""Cardroom's game engine: pure, deterministic game logic with no I/O.

Use the functions re-exported here; games are found by name (``game_names()``).
"""

from engine.api import (
    apply,
    automatic_action,
    clone,
    deciding_seats,
    describe_action,
    dumps,
    legal_actions,
    loads,
    new_game,
    outcome,
    parse_options,
    replay,
    view,
)
from engine.errors import IllegalAction, UnknownGame
from engine.registry import GameDefinition, game_names, get_game
from engine.state import GameState
from engine.types import PUBLIC, Action, Event, Outcome, events_for

__all__ = [
    "PUBLIC",
    "Action",
    "Event",
    "GameDefinition",
    "GameState",
    "IllegalAction",
    "Outcome",
    "UnknownGame",
    "apply",
    "automatic_action",
    "clone",
    "deciding_seats",
    "describe_action",
    "dumps",
    "events_for",
    "game_names",
    "get_game",
    "legal_actions",
    "loads",
    "new_game",
    "outcome",
    "parse_options",
    "replay",
    "view",
]
