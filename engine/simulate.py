"""Random legal playouts, for the command line, benchmarks and tests.

A playout picks, for every action, a random seat among those that must decide and a random action
among that seat's legal actions, until the game ends.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.api import apply, deciding_seats, new_game, outcome, random_action
from engine.contract import Outcome
from engine.playout import play_out
from engine.registry import get_game
from engine.state import GameState
from engine.types import Action


@dataclass
class PlayoutResult:
    """One finished random game: its final state, outcome and the action log."""

    state: GameState
    outcome: Outcome
    actions: list[Action] = field(default_factory=list)


def random_playout(
    name: str,
    seats: int,
    options: Mapping[str, Any] | None,
    seed: int,
    rng: random.Random,
    max_actions: int = 1_000_000,
) -> PlayoutResult:
    """Play one game of ``name`` with uniformly random legal choices drawn from ``rng``.

    Raises:
        RuntimeError: the game did not end within ``max_actions`` actions.
    """
    state = new_game(name, seats, options, seed)
    log: list[Action] = []
    while (result := outcome(state)) is None:
        if len(log) >= max_actions:
            raise RuntimeError(f"game did not end within {max_actions} actions")
        seat = rng.choice(deciding_seats(state))
        action = random_action(state, seat, rng)
        apply(state, action)
        log.append(action)
    return PlayoutResult(state, result, log)


def simulate(
    name: str,
    seats: int,
    games: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    on_game: Callable[[], object] | None = None,
) -> dict[str, Any]:
    """Play ``games`` random games (game ``i`` uses seed ``seed + i``) and return statistics;
    ``on_game`` is called after each game (a progress bar's ``update``).

    Returns a JSON-ready dict: game, games, seats, wins_by_seat (list, index = seat; a shared
    win counts for each winner), ties (games won by several seats), draws, mean_score_by_seat
    (games that end with scores, else ``None``), mean_turns and max_turns (games that count
    turns), mean_actions, actions (applied in total), seconds (wall clock),
    actions_per_second (each action = the game's decisions, one random answer and the game's
    rules applying it: ``engine.playout.play_out``).
    """
    scoring = get_game(name).info.scoring == "scores"
    rng = random.Random(seed)
    game = get_game(name)
    wins = [0] * seats
    scores = [0] * seats
    draws = ties = 0
    turns: list[int] = []
    actions = 0
    started = time.perf_counter()
    for i in range(games):
        state = new_game(name, seats, options, seed + i)
        outcome_, made = play_out(game, state, rng)
        assert outcome_ is not None
        actions += made
        turns.append(getattr(state, "turn", getattr(state, "round", 0)))
        if outcome_.draw:
            draws += 1
        if len(outcome_.winners) > 1:
            ties += 1
        for seat in outcome_.winners:
            wins[seat] += 1
        if scoring and outcome_.scores is not None:
            for seat, score in enumerate(outcome_.scores):
                scores[seat] += score
        if on_game is not None:
            on_game()
    seconds = time.perf_counter() - started
    return {
        "game": name,
        "games": games,
        "seats": seats,
        "wins_by_seat": wins,
        "ties": ties,
        "draws": draws,
        "mean_score_by_seat": [round(s / games, 2) for s in scores] if scoring and games else None,
        "mean_turns": round(sum(turns) / games, 2) if games else 0.0,
        "max_turns": max(turns, default=0),
        "mean_actions": round(actions / games, 2) if games else 0.0,
        "actions": actions,
        "seconds": round(seconds, 3),
        "actions_per_second": round(actions / seconds) if seconds else 0,
    }
