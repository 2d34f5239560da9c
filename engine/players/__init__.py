"""Automatic players for every game, outside the rules code.

A player is a *policy*: it gets only its seat's :class:`Situation` — the seat's view (with the
decisions in front of it) and a sampler of full states consistent with that view (through the
game's hidden-information hook, ``engine.redistribute``, which depends only on the view) —
never the state itself. Levels:

- ``random``: a uniformly random legal answer (BGA "zombie" level 1);
- ``greedy``: the game's own greedy player on the view (``AutomaticPlayers.greedy_action``,
  level 2);
- ``search``: information-set Monte Carlo search within a budget of iterations or
  milliseconds: a tree over the moves ahead (ISMCTS, ``engine.players.ismcts``: every seat's,
  or the searching seat's own turn only where the game says so), or one
  level of candidates played out from shared samples (``engine.players.paired``): in a solo
  game, whose tree is all chance, and wherever the game says so
  (``AutomaticPlayers.search_style``).
  Its former name ``ismcts`` is still accepted
  (:data:`LEVEL_ALIASES`).

What each game gives its players is its ``AutomaticPlayers`` (``engine.automatic``); how its
search did against greedy, which the lobby quotes, is data the benchmarks write
(:func:`measured_wins`). Use :func:`choose`; ``python -m engine arena`` plays levels against
each other.
"""

from __future__ import annotations

import random

from engine.legal import random_answer
from engine.players import ismcts, paired
from engine.players.budget import Tally
from engine.players.measured import measured_wins
from engine.players.situation import Situation, situation
from engine.registry import get_players
from engine.state import GameState
from engine.types import Action

LEVELS: tuple[str, ...] = ("random", "greedy", "search")
"""The automatic players, weakest first."""
LEVEL_ALIASES: dict[str, str] = {"ismcts": "search"}
"""Former names of levels -> their name now, still accepted everywhere a level is read (seats
stored and scripts written before the rename)."""
DEFAULT_BUDGET_MS = 250.0
"""The search player's thinking time per decision, in milliseconds."""


def level_named(name: str) -> str:
    """The level (one of :data:`LEVELS`) called ``name``, which may be a former name
    (:data:`LEVEL_ALIASES`).

    Raises:
        ValueError: no level has that name.
    """
    level = LEVEL_ALIASES.get(name, name)
    if level not in LEVELS:
        raise ValueError(f"unknown automatic player {name!r}; levels: {', '.join(LEVELS)}")
    return level


def offered_levels(game: str, seats: int) -> tuple[str, ...]:
    """The levels worth seating at a table of ``seats`` of ``game`` (its players' ``levels``),
    weakest first, in the order of :data:`LEVELS`.

    Raises:
        UnknownGame: no game has that name.
    """
    kept = get_players(game).levels(seats)
    return tuple(level for level in LEVELS if level in kept)


def choose(
    level: str,
    state: GameState,
    seat: int,
    rng: random.Random,
    *,
    budget_ms: float | None = DEFAULT_BUDGET_MS,
    iterations: int | None = None,
    tally: Tally | None = None,
) -> Action:
    """The answer of the automatic player of ``level`` (see :func:`level_named`) for ``seat``
    (which must have a decision). ``budget_ms`` (CPU time of the calling thread, with a
    wall-clock ceiling: ``engine.players.budget``) and ``iterations`` bound the search player
    (the first reached stops it); ``tally``, if given, gets each searched decision's
    iterations and CPU time.

    Raises:
        ValueError: an unknown level.
        IllegalAction: ``seat`` has nothing to decide.
    """
    level = level_named(level)
    seen = situation(state, seat)
    if level == "random":
        return random_answer(seen.view.decisions, seat, rng)
    players = get_players(state.game)
    if level == "greedy":
        return players.greedy_action(seen.view, rng)
    style = players.search_style(state.seats)
    if style == "paired":
        return paired.search(
            state.game, seen, rng, budget_ms=budget_ms, iterations=iterations, tally=tally
        )
    return ismcts.search(
        state.game,
        seen,
        rng,
        budget_ms=budget_ms,
        iterations=iterations,
        tally=tally,
        own_turn=style == "own tree",
    )


__all__ = [
    "DEFAULT_BUDGET_MS",
    "LEVELS",
    "LEVEL_ALIASES",
    "Situation",
    "Tally",
    "choose",
    "level_named",
    "measured_wins",
    "offered_levels",
    "situation",
]
