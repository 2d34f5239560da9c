"""Automatic players against each other: ``python -m engine arena``.

Each game seats the given levels in a rotated order (game ``i`` shifts them by ``i``), so every
level plays every seat equally often; results are reported per level, with the time each
level took per decision.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from engine.api import apply, deciding_seats, new_game, outcome
from engine.contract import Outcome
from engine.players import Tally, choose, level_named


def rotated(levels: Sequence[str], game: int) -> list[str]:
    """The seating of game number ``game``: ``levels`` shifted by ``game`` (seat ``k`` gets
    ``levels[(k + game) % len(levels)]``), so over ``len(levels)`` games each level sits in
    each of its seats' places once."""
    return [levels[(k + game) % len(levels)] for k in range(len(levels))]


def play_game(
    name: str,
    order: Sequence[str],
    seed: int,
    rng: random.Random,
    *,
    budget_ms: float | None = 250.0,
    iterations: int | None = None,
    options: dict[str, Any] | None = None,
    on_decision: Callable[[str, float], object] | None = None,
    tallies: dict[str, Tally] | None = None,
) -> Outcome:
    """Play one game of ``name`` dealt from ``seed`` with the automatic player of
    ``order[seat]`` at each seat (``rng`` drives their choices; ``budget_ms``/``iterations``
    bound the search player); ``on_decision(level, ms)`` hears each decision's thinking time;
    ``tallies[level]``, if given, counts each level's search iterations and CPU time.
    Returns the outcome."""
    state = new_game(name, len(order), options, seed)
    while (result := outcome(state)) is None:
        seat = deciding_seats(state)[0]
        started = time.perf_counter()
        tally = tallies.get(order[seat]) if tallies is not None else None
        action = choose(
            order[seat], state, seat, rng, budget_ms=budget_ms, iterations=iterations, tally=tally
        )
        if on_decision is not None:
            on_decision(order[seat], (time.perf_counter() - started) * 1000)
        apply(state, action)
    return result


def arena(
    name: str,
    levels: Sequence[str],
    games: int,
    seed: int,
    *,
    budget_ms: float | None = 250.0,
    iterations: int | None = None,
    options: dict[str, Any] | None = None,
    on_game: Callable[[], object] | None = None,
) -> dict[str, Any]:
    """Play ``games`` games of ``name`` with one automatic player of ``levels[k]`` per seat
    (a level may be given by a former name, ``engine.players.LEVEL_ALIASES``; it is reported
    under its name now). ``on_game`` is called after each game (a progress bar's ``update``).

    Returns a JSON-ready dict: game, seats, games, budget_ms, iterations, and per level:
    ``seats_played`` (games times the seats it holds at each table), ``wins`` (a shared win
    counts for each winner), ``win_rate`` (wins over ``seats_played``),
    ``mean_score`` (games that end with scores), ``mean_won_score`` (solo: the mean score of won
    games), ``ms_per_decision`` (mean and p99) and ``decisions``.

    Raises:
        ValueError: an unknown level, or a seat count the game does not take.
    """
    levels = [level_named(level) for level in levels]
    seats = len(levels)
    rng = random.Random(seed)
    stats: dict[str, dict[str, Any]] = {
        level: {"games": 0, "wins": 0, "scores": [], "won_scores": [], "ms": []}
        for level in dict.fromkeys(levels)
    }
    tallies = {level: Tally() for level in stats}
    for game in range(games):
        order = rotated(levels, game)
        result = play_game(
            name,
            order,
            seed + game,
            rng,
            budget_ms=budget_ms,
            iterations=iterations,
            options=options,
            on_decision=lambda level, ms: stats[level]["ms"].append(ms),
            tallies=tallies,
        )
        for seat, level in enumerate(order):
            entry = stats[level]
            entry["games"] += 1
            won = seat in result.winners
            entry["wins"] += won
            if result.scores is not None:
                entry["scores"].append(result.scores[seat])
                if won:
                    entry["won_scores"].append(result.scores[seat])
        if on_game is not None:
            on_game()
    report: dict[str, Any] = {
        "game": name,
        "seats": seats,
        "games": games,
        "budget_ms": budget_ms,
        "iterations": iterations,
        "levels": {},
    }
    for level, entry in stats.items():
        ms = sorted(entry["ms"])
        report["levels"][level] = {
            "seats_played": entry["games"],
            "wins": entry["wins"],
            "win_rate": round(entry["wins"] / entry["games"], 3) if entry["games"] else None,
            "mean_score": round(statistics.fmean(entry["scores"]), 2) if entry["scores"] else None,
            "mean_won_score": round(statistics.fmean(entry["won_scores"]), 2)
            if entry["won_scores"] and seats == 1
            else None,
            "decisions": len(ms),
            "ms_per_decision": {
                "mean": round(statistics.fmean(ms), 2) if ms else None,
                "p99": round(ms[min(len(ms) - 1, int(0.99 * len(ms)))], 2) if ms else None,
            },
        }
        tally = tallies[level]
        if tally.iterations:
            report["levels"][level].update(searched(tally))
    return report


def _at(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def searched(tally: Tally) -> dict[str, Any]:
    """The arena's figures of a search level's ``tally``: ``searched`` (decisions),
    ``iterations_per_decision`` (mean, p1, median), ``cpu_ms_per_decision`` (mean, p99) and
    ``fallbacks`` (decisions answered by greedy's move for too few iterations, ``Tally``)."""
    return {
        "searched": len(tally.iterations),
        "fallbacks": tally.fallbacks,
        "iterations_per_decision": {
            "mean": round(statistics.fmean(tally.iterations), 1),
            "p1": _at(tally.iterations, 0.01),
            "median": _at(tally.iterations, 0.5),
        },
        "cpu_ms_per_decision": {
            "mean": round(statistics.fmean(tally.cpu_ms), 2),
            "p99": round(_at(tally.cpu_ms, 0.99), 2),
        },
    }
