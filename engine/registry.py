"""Games are found by name: each game package registers one ``GameDefinition``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from engine.errors import UnknownGame
from engine.state import GameState
from engine.types import Action, Event, Outcome


@dataclass(frozen=True)
class GameDefinition:
    """Everything the engine core needs to know about one game.

    The callables receive states of ``state_model``. They are called through the functions
    of ``engine.api`` (``engine.apply`` and friends), which add the legality check; a game
    never needs to check legality itself.

    Attributes:
        name: registry key, lowercase ASCII (``"artichokes"``).
        title: display title (``"Abandon All Artichokes"``).
        min_players, max_players: allowed seat counts, inclusive.
        options_model: pydantic model of the table options (all fields have defaults).
        state_model: the game's ``GameState`` subclass.
        new_game: ``(seats, options, seed) -> state``; seats already validated.
        legal_actions: ``(state, seat) -> list[Action]``, sorted by key, empty when the seat
            may not act. A seat that already made a simultaneous choice may still have actions
            (changing its mind) without being among the deciding seats.
        apply_legal: ``(state, action) -> list[Event]`` for an action known to be legal.
        deciding_seats: ``state -> tuple[int, ...]``, the seats that must decide now (sorted).
        outcome: ``state -> Outcome | None``, ``None`` while the game goes on.
        view: ``(state, viewer) -> view object`` for a seat or ``None`` (spectator).
        describe_action: ``(state, action) -> str``, English text for buttons and logs.
        automatic_action: ``(state, seat) -> Action``, the move an automatic player makes for
            a seat that must decide (deterministic, sees only that seat's view).
        reference: ``options -> list[(card, text)]``, the card reference shown to players.
        overview: how the game goes (goal, a turn), a few short English paragraphs.
        schema_version: current ``schema_version`` of ``state_model``.
    """

    name: str
    title: str
    min_players: int
    max_players: int
    options_model: type[BaseModel]
    state_model: type[GameState]
    new_game: Callable[[int, Any, int], GameState]
    legal_actions: Callable[[Any, int], list[Action]]
    apply_legal: Callable[[Any, Action], list[Event]]
    deciding_seats: Callable[[Any], tuple[int, ...]]
    outcome: Callable[[Any], Outcome | None]
    view: Callable[[Any, int | None], Any]
    describe_action: Callable[[Any, Action], str]
    automatic_action: Callable[[Any, int], Action]
    reference: Callable[[Any], Sequence[tuple[str, str]]]
    schema_version: int
    overview: Sequence[str] = ()


_GAMES: dict[str, GameDefinition] = {}


def register(definition: GameDefinition) -> GameDefinition:
    """Add ``definition`` to the registry (idempotent for the same object).

    Raises:
        ValueError: another definition already uses this name.
    """
    existing = _GAMES.get(definition.name)
    if existing is not None and existing is not definition:
        raise ValueError(f"a game named {definition.name!r} is already registered")
    _GAMES[definition.name] = definition
    return definition


def get_game(name: str) -> GameDefinition:
    """The definition registered as ``name``.

    Raises:
        UnknownGame: no such game.
    """
    definition = _GAMES.get(name)
    if definition is None:
        _load_builtin_games()
        definition = _GAMES.get(name)
        if definition is None:
            raise UnknownGame(name)
    return definition


def game_names() -> list[str]:
    """Names of all registered games, sorted."""
    _load_builtin_games()
    return sorted(_GAMES)


def _load_builtin_games() -> None:
    # Importing a game package registers it; done lazily to avoid import cycles.
    import engine.artichokes  # noqa: F401
