"""Cardroom's game engine: pure, deterministic game logic with no I/O.

Use the functions re-exported here; games are found by name (``game_names()``), and each is
one ``Game`` (``engine.contract``) with its ``AutomaticPlayers`` (``engine.automatic``) in its
own sub-package.
"""

from engine.api import (
    LegalActions,
    apply,
    automatic_action,
    clone,
    deciding_seats,
    decisions,
    describe_action,
    dumps,
    legal_actions,
    loads,
    new_game,
    outcome,
    parse_options,
    random_action,
    random_answer,
    redistribute,
    reference,
    replay,
    view,
)
from engine.contract import (
    Decision,
    Game,
    GameInfo,
    Outcome,
    Reference,
    ReferenceSection,
    View,
    competition_ranks,
    scored_outcome,
)
from engine.errors import IllegalAction, UnknownGame
from engine.registry import game_names, get_game
from engine.state import GameState
from engine.types import PUBLIC, Action, Event, events_for

__all__ = [
    "PUBLIC",
    "Action",
    "Decision",
    "Event",
    "Game",
    "GameInfo",
    "GameState",
    "IllegalAction",
    "LegalActions",
    "Outcome",
    "Reference",
    "ReferenceSection",
    "UnknownGame",
    "View",
    "apply",
    "automatic_action",
    "clone",
    "competition_ranks",
    "deciding_seats",
    "decisions",
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
    "random_action",
    "random_answer",
    "redistribute",
    "reference",
    "replay",
    "scored_outcome",
    "view",
]
