"""The engine's public, game-agnostic functions.

Every state change goes through :func:`apply`; legality is exactly membership in
:func:`legal_actions`, which derives from the pending decisions (:func:`decisions`);
:func:`view` is the only thing meant to leave the engine toward a player.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any

import pydantic_core
from pydantic import BaseModel

from engine.chance import reseed
from engine.contract import Common, Decision, Game, Outcome, Reference, View
from engine.errors import IllegalAction
from engine.legal import LegalActions, random_answer, waiting_seats
from engine.registry import get_game, get_players
from engine.state import GameState, adapter_for
from engine.types import Action, Event


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
    info = game.info
    if not info.min_players <= seats <= info.max_players:
        raise ValueError(
            f"{info.title} takes {info.min_players}-{info.max_players} players, not {seats}"
        )
    if seed < 0:
        raise ValueError("seed must be non-negative")
    state: GameState = game.setup(seats, parse_options(name, options), seed)
    return state


def parse_options(name: str, options: BaseModel | Mapping[str, Any] | None) -> BaseModel:
    """Validate ``options`` into game ``name``'s options model (defaults for ``None``).

    Raises:
        pydantic.ValidationError: unknown field or wrong type.
    """
    model = get_game(name).info.options_model
    if options is None:
        return shared_options(model())
    if isinstance(options, model):
        return options
    if isinstance(options, BaseModel):
        options = options.model_dump()
    return shared_options(model.model_validate(options))


_SHARED_OPTIONS: dict[tuple[type[BaseModel], str], BaseModel] = {}
SHARED_OPTIONS_MAX = 1024
"""How many distinct table settings :func:`shared_options` keeps (then it starts afresh)."""


def shared_options(options: BaseModel) -> BaseModel:
    """One instance per distinct value of a frozen options model, so that every game played
    with the same table settings holds the same object (an instance weighs about 0.8 KB, a
    live game a few KB). A model that is not frozen is returned as it is."""
    if not options.model_config.get("frozen"):
        return options
    key = (type(options), options.model_dump_json())
    found = _SHARED_OPTIONS.get(key)
    if found is None:
        if len(_SHARED_OPTIONS) >= SHARED_OPTIONS_MAX:
            _SHARED_OPTIONS.clear()
        found = _SHARED_OPTIONS[key] = options
    return found


def _game(state: GameState) -> Game[Any, Any]:
    return get_game(state.game)


def _pending(state: GameState, game: Game[Any, Any] | None = None) -> tuple[Decision, ...]:
    """The game's pending decisions for ``state`` (``since`` left 0), computed once per step
    (states change only through :func:`apply`, which advances the step)."""
    memo = getattr(state, "_pending", None)
    if memo is not None and memo[0] == state.step:
        return memo[1]  # type: ignore[no-any-return]
    pending = tuple((game or _game(state)).decisions(state))
    state._pending = (state.step, pending)  # type: ignore[attr-defined]
    return pending


def decisions(state: GameState, seat: int | None = None) -> tuple[Decision, ...]:
    """The pending decisions (of ``seat`` only, when given), sorted by seat, each stamped with
    the step since which it stands (``Decision.since``); empty once the game is over."""
    since = state.since
    return tuple(
        d._replace(since=since.get(d.seat, 0))
        for d in _pending(state)
        if seat is None or d.seat == seat
    )


def legal_actions(state: GameState, seat: int) -> LegalActions:
    """What ``seat`` may do now (empty if it has nothing to decide or the game is over)."""
    if not 0 <= seat < state.seats:
        return LegalActions(seat, ())
    return LegalActions(seat, decisions(state, seat))


def apply(state: GameState, action: Action) -> list[Event]:
    """Apply ``action`` to ``state`` in place and return the events it produced, in order.

    After the game's own rules, the core re-stamps decisions: the acting seat's decisions
    and every seat whose decisions changed get ``since`` = the new step; the others keep
    theirs (a simultaneous choice by one seat leaves the others' screens valid).

    Raises:
        IllegalAction: the action is not in ``legal_actions(state, action.seat)``; the state
            is then unchanged. Its ``code`` tells why (see ``IllegalAction``).
    """
    game = _game(state)
    seat, key = action
    if not 0 <= seat < state.seats:
        raise IllegalAction("unknown_seat", f"there is no seat {seat} in this game")
    before = _pending(state, game)
    mine = False
    for d in before:
        if d.seat == seat:
            mine = True
            if d.min == 1 and d.max == 1:  # single-select: inline the common case
                if key in d.options and (d.committed is None or d.committed != (key,)):
                    break
            elif d.accepts(key):
                break
    else:
        if mine:
            raise IllegalAction("illegal", f"{key!r} is not a legal action now")
        if game.outcome(state) is not None:
            raise IllegalAction("game_over", "the game is over")
        raise IllegalAction("not_your_decision", "you have nothing to decide right now")
    events = game.apply(state, action)
    state.step += 1
    after = tuple(game.decisions(state))
    state._pending = (state.step, after)  # type: ignore[attr-defined]
    _restamp(state, before, after, seat)
    return events


def _restamp(
    state: GameState, before: tuple[Decision, ...], after: tuple[Decision, ...], actor: int
) -> None:
    """Update ``state.since``: seats without decisions are dropped; the actor and every seat
    whose decisions changed (kind, options, min, max, simultaneous) get the current step."""
    since = state.since
    step = state.step
    # decisions are sorted by seat: first and last tell whether one seat holds them all
    if (not after or after[0].seat == actor == after[-1].seat) and (
        not before or before[0].seat == actor == before[-1].seat
    ):
        since.clear()  # one seat's turn goes on (or ends): the common case
        if after:
            since[actor] = step
        return
    seats = {d.seat for d in after}
    for seat in [s for s in since if s not in seats]:
        del since[seat]
    for seat in seats:
        if seat == actor:
            since[seat] = step
            continue
        old = [d[:5] for d in before if d.seat == seat]
        new = [d[:5] for d in after if d.seat == seat]
        if old != new:
            since[seat] = step


def deciding_seats(state: GameState) -> tuple[int, ...]:
    """Seats the game waits for now (a decision and no committed answer), sorted; empty once
    the game is over."""
    return waiting_seats(_pending(state))


def outcome(state: GameState) -> Outcome | None:
    """How the game ended, or ``None`` while it goes on."""
    return _game(state).outcome(state)


def view(state: GameState, viewer: int | None) -> View:
    """Everything ``viewer`` (a seat, or ``None`` for a spectator) may see, and nothing else.

    The result is the game's view (a frozen dataclass extending ``engine.View``); it never
    holds another seat's hidden cards, a deck order, anyone's uncommitted or hidden choice,
    or the seed.

    Raises:
        ValueError: ``viewer`` is not a seat of this game.
    """
    if viewer is not None and not 0 <= viewer < state.seats:
        raise ValueError(f"there is no seat {viewer} in this game")
    game = _game(state)
    common = Common.of(viewer, _pending(state, game), game.outcome(state), state.since)
    return game.view(state, viewer, common)


def redistribute(state: GameState, viewer: int | None, rng: random.Random) -> GameState:
    """A copy of ``state`` in which everything ``viewer`` cannot see is dealt afresh from
    ``rng`` (hidden cards, hidden orders, others' hidden choices, the seed), consistent with
    what it can see: ``view(result, viewer) == view(state, viewer)``. The result depends
    only on that view and ``rng``. For leak tests and for automatic players' sampling."""
    copy = clone(state)
    _game(copy).redistribute(copy, viewer, rng)
    reseed(copy, rng)
    copy._pending = None  # type: ignore[attr-defined]
    return copy


def random_action(state: GameState, seat: int, rng: random.Random) -> Action:
    """A uniformly random legal action of ``seat`` (see :func:`random_answer`).

    Raises:
        IllegalAction: ``seat`` has nothing to decide.
    """
    return random_answer(_pending(state), seat, rng)


def automatic_action(state: GameState, seat: int, rng: random.Random) -> Action:
    """The simplest automatic player's move for ``seat``, which must be one of
    ``deciding_seats(state)`` (a seat that already made a simultaneous choice is left alone):
    the game's ``AutomaticPlayers.automatic_action``, else a uniformly random legal answer.

    Raises:
        IllegalAction: ``seat`` has nothing to decide.
    """
    if seat not in deciding_seats(state):
        raise IllegalAction("not_your_decision", "this seat has nothing to decide right now")
    move = get_players(state.game).automatic_action
    if move is None:
        return random_answer(_game(state).decisions(state), seat, rng)
    return move(state, seat, rng)


def describe_action(state: GameState, action: Action) -> str:
    """English description of ``action`` in ``state`` (for logs and the command line)."""
    return _game(state).describe(state, action)


def reference(name: str, options: BaseModel | Mapping[str, Any] | None = None) -> Reference:
    """The reference text of game ``name`` for a table with ``options``."""
    return get_game(name).reference(parse_options(name, options))


def dumps(state: GameState) -> str:
    """Serialise ``state`` to compact JSON (lossless: ``loads(dumps(s))`` equals ``s``)."""
    return adapter_for(type(state)).dump_json(state).decode()


def loads(text: str | bytes) -> GameState:
    """Parse a state written by :func:`dumps`.

    Raises:
        ValueError: not JSON, unknown game, a schema version this engine does not read, or
            a field that fails validation (``pydantic.ValidationError`` is a ``ValueError``).
    """
    try:
        # pydantic-core's parser hands out one shared object per short string (card names,
        # phases): a loaded state does not hold its own copy of each
        raw = pydantic_core.from_json(text, cache_strings=True)
    except ValueError as exc:
        raise ValueError(f"game state is not JSON: {exc}") from exc
    if not isinstance(raw, dict) or not isinstance(raw.get("game"), str):
        raise ValueError("game state has no game name")
    info = get_game(raw["game"]).info
    if raw.get("schema_version") != info.schema_version:
        raise ValueError(
            f"{info.name} state has schema version {raw.get('schema_version')!r}, "
            f"this engine reads {info.schema_version}"
        )
    state: GameState = adapter_for(info.state_model).validate_python(raw)
    options = getattr(state, "options", None)
    if isinstance(options, BaseModel):
        state.options = shared_options(options)  # type: ignore[attr-defined]
    return state


def clone(state: GameState) -> GameState:
    """An independent copy of ``state``."""
    return state.clone()


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
