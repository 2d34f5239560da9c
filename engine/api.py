"""The engine's public, game-agnostic functions.

Every state change goes through :func:`apply`; legality is exactly membership in
:func:`legal_actions`; :func:`view` is the only thing meant to leave the engine toward a player.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from pydantic import BaseModel

from engine.errors import IllegalAction
from engine.registry import GameDefinition, get_game
from engine.state import GameState
from engine.types import Action, Event, Outcome


def new_game(
    name: str, seats: int, options: BaseModel | Mapping[str, Any] | None = None, seed: int = 0
) -> GameState:
    """Create a game of ``name`` for ``seats`` players.

    Args:
        name: a registered game name (``engine.game_names()``).
        seats: number of players; must be within the game's min/max.
        options: the game's options model, a mapping of its fields, or ``None`` for defaults.
        seed: non-negative integer; the whole game's randomness derives from it.

    Raises:
        UnknownGame: no game of that name.
        ValueError: seat count out of range, negative seed, or invalid options
            (``pydantic.ValidationError`` is a ``ValueError``).
    """
    game = get_game(name)
    if not game.min_players <= seats <= game.max_players:
        raise ValueError(
            f"{game.title} takes {game.min_players}-{game.max_players} players, not {seats}"
        )
    if seed < 0:
        raise ValueError("seed must be non-negative")
    return game.new_game(seats, parse_options(name, options), seed)


def parse_options(name: str, options: BaseModel | Mapping[str, Any] | None) -> BaseModel:
    """Validate ``options`` into game ``name``'s options model (defaults for ``None``).

    Raises:
        pydantic.ValidationError: unknown field or wrong type.
    """
    model = get_game(name).options_model
    if options is None:
        return model()
    if isinstance(options, model):
        return options
    if isinstance(options, BaseModel):
        options = options.model_dump()
    return model.model_validate(options)


def legal_actions(state: GameState, seat: int) -> list[Action]:
    """The actions ``seat`` may take now, sorted by key (empty if it has nothing to decide)."""
    game = get_game(state.game)
    if not 0 <= seat < state.seats or game.outcome(state) is not None:
        return []
    return list(_legal(game, state, seat))


def _legal(game: GameDefinition, state: GameState, seat: int) -> list[Action]:
    """``game.legal_actions``, remembered for the state's current step (states change only
    through :func:`apply`, which advances the step)."""
    cache = state.__pydantic_private__["_legal_cache"]  # type: ignore[index]
    hit = cache.get(seat)
    if hit is not None and hit[0] == state.step:
        return hit[1]
    actions = game.legal_actions(state, seat)
    cache[seat] = (state.step, actions)
    return actions


def apply(state: GameState, action: Action) -> list[Event]:
    """Apply ``action`` to ``state`` in place and return the events it produced, in order.

    Raises:
        IllegalAction: the action is not in ``legal_actions(state, action.seat)``; the state is
            then unchanged. Its ``code`` tells why (see ``IllegalAction``).
    """
    game = get_game(state.game)
    seat = action.seat
    if not 0 <= seat < state.seats:
        raise IllegalAction("unknown_seat", f"there is no seat {seat} in this game")
    if game.outcome(state) is not None:
        raise IllegalAction("game_over", "the game is over")
    legal = _legal(game, state, seat)
    if not legal:
        raise IllegalAction("not_your_decision", "you have nothing to decide right now")
    if action not in legal:
        raise IllegalAction("illegal", f"{action.key!r} is not a legal action now")
    events = game.apply_legal(state, action)
    state.step += 1
    return events


def deciding_seats(state: GameState) -> tuple[int, ...]:
    """Seats that must decide now, sorted; empty once the game is over."""
    game = get_game(state.game)
    if game.outcome(state) is not None:
        return ()
    return game.deciding_seats(state)


def outcome(state: GameState) -> Outcome | None:
    """How the game ended, or ``None`` while it goes on."""
    return get_game(state.game).outcome(state)


def view(state: GameState, viewer: int | None) -> Any:
    """Everything ``viewer`` (a seat, or ``None`` for a spectator) may see, and nothing else.

    The result is the game's view object (a frozen dataclass); while the game runs it never
    holds another seat's hand, any deck order, the Garden Stack order, or the seed (a game may
    show every hand once it is over).
    """
    return get_game(state.game).view(state, viewer)


def describe_action(state: GameState, action: Action) -> str:
    """English description of ``action`` in ``state`` (for buttons and logs)."""
    return get_game(state.game).describe_action(state, action)


def automatic_action(state: GameState, seat: int) -> Action:
    """The action an automatic player takes for ``seat``, which must be one of
    ``deciding_seats(state)`` (a seat that already made a simultaneous choice is left alone).

    Raises:
        IllegalAction: ``seat`` has nothing to decide.
    """
    if seat not in deciding_seats(state):
        raise IllegalAction("not_your_decision", "this seat has nothing to decide right now")
    return get_game(state.game).automatic_action(state, seat)


def dumps(state: GameState) -> str:
    """Serialise ``state`` to compact JSON (lossless: ``loads(dumps(s))`` equals ``s``)."""
    return state.model_dump_json()


def loads(text: str | bytes) -> GameState:
    """Parse a state written by :func:`dumps`.

    Raises:
        ValueError: not JSON, unknown game, a schema version this engine does not read, or
            a field that fails validation (``pydantic.ValidationError`` is a ``ValueError``).
    """
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"game state is not JSON: {exc}") from exc
    if not isinstance(raw, dict) or not isinstance(raw.get("game"), str):
        raise ValueError("game state has no game name")
    game: GameDefinition = get_game(raw["game"])
    if raw.get("schema_version") != game.schema_version:
        raise ValueError(
            f"{game.name} state has schema version {raw.get('schema_version')!r}, "
            f"this engine reads {game.schema_version}"
        )
    return game.state_model.model_validate(raw)


def clone(state: GameState) -> GameState:
    """An independent copy of ``state``."""
    return loads(dumps(state))


def replay(
    name: str,
    seats: int,
    options: BaseModel | Mapping[str, Any] | None,
    seed: int,
    actions: Iterable[Action],
) -> GameState:
    """Rebuild a game from its setup and its action log.

    Raises:
        IllegalAction: an action of the log is not legal where it stands.
    """
    state = new_game(name, seats, options, seed)
    for action in actions:
        apply(state, action)
    return state
