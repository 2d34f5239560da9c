"""Every automatic level against every other: ``python -m engine arena --round-robin``.

A round-robin at ``N`` seats plays every *seating* of the levels at that table size — every
way to fill the ``N`` seats with at least two different levels, as a multiset (``random,
greedy`` at 2 seats; ``random, random, greedy`` … ``random, greedy, search`` at 3) — the same
number of games each. Game ``i`` of every seating is dealt from ``seed + i`` (the same deals
for every seating) and seats the seating rotated by ``i`` (``engine.arena.rotated``), so each
level plays each seat's place fairly.

The games are rated in the order they are played with the rating model of the leaderboards
(``engine.ratings``: OpenSkill Plackett-Luce, each level one contender), so a level's
rating reads on the scale of a person's; and every pair of levels gets its head-to-head
count: in the games where both sit, how often one finished ahead of the other (a level seated
twice counts by its better place).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from typing import Any

from engine.arena import play_game, rotated
from engine.players import LEVELS, level_named
from engine.ratings import ordinal, places, rate


def seatings(levels: Sequence[str], seats: int) -> list[tuple[str, ...]]:
    """Every way to seat ``levels`` at a table of ``seats`` with at least two different
    levels, as sorted tuples in the order of ``levels`` (``("random", "greedy")``, …).

    Raises:
        ValueError: fewer than 2 seats or 2 levels (nobody to play against).
    """
    if seats < 2 or len(set(levels)) < 2:
        raise ValueError("a round-robin needs at least 2 seats and 2 levels")
    return [
        table
        for table in itertools.combinations_with_replacement(dict.fromkeys(levels), seats)
        if len(set(table)) > 1
    ]


def head_to_head_text(level: str, other: str, wins: int, games: int) -> str:
    """One line for a pair: ``"search beats greedy 7 of 10"`` (games where both sat)."""
    return f"{level} beats {other} {wins} of {games}"


def round_robin(
    name: str,
    seats: int,
    games: int,
    seed: int,
    *,
    levels: Sequence[str] = LEVELS,
    budget_ms: float | None = 250.0,
    iterations: int | None = None,
    options: dict[str, Any] | None = None,
    on_game: Callable[[], object] | None = None,
) -> dict[str, Any]:
    """Play ``games`` games of ``name`` for every seating of ``levels`` at ``seats`` seats
    (:func:`seatings`), rate them and count every pair's head-to-head. ``budget_ms`` and
    ``iterations`` bound the search player (``budget_ms=None`` with ``iterations``: the same
    report every run); ``on_game`` is called after each game (a progress bar's ``update``).

    Returns a JSON-ready dict: game, seats, seatings (lists of levels), games_per_seating,
    games, budget_ms, iterations; ``ratings``: per level, strongest first by ordinal
    (``mu - 3 sigma``), its ``mu``, ``sigma``, ``ordinal`` and ``games``; ``head_to_head``: per
    pair of levels (stronger-rated first), ``level``, ``other``, ``wins``, ``losses``,
    ``ties``, ``games`` and ``text`` (:func:`head_to_head_text`).

    Raises:
        ValueError: an unknown level, fewer than 2 seats or levels, no game per seating, or a
            seat count the game does not take.
    """
    if games < 1:
        raise ValueError("a round-robin plays at least 1 game per seating")
    named = list(dict.fromkeys(level_named(level) for level in levels))
    tables = seatings(named, seats)
    rng = random.Random(seed)
    ratings: dict[str, tuple[float, float]] = {}
    played = dict.fromkeys(named, 0)
    ahead = {(a, b): 0 for a in named for b in named if a != b}
    met = {(a, b): 0 for a in named for b in named if a < b}
    for table in tables:
        for game in range(games):
            order = rotated(table, game)
            result = play_game(
                name,
                order,
                seed + game,
                rng,
                budget_ms=budget_ms,
                iterations=iterations,
                options=options,
            )
            placed = places(result, seats)
            ratings.update(rate(ratings, list(zip(order, placed, strict=True))))
            best: dict[str, int] = {}
            for level, place in zip(order, placed, strict=True):
                best[level] = min(place, best.get(level, place))
            for level in best:
                played[level] += 1
            for a, b in itertools.permutations(best, 2):
                ahead[(a, b)] += best[a] < best[b]
                if a < b:
                    met[(a, b)] += 1
            if on_game is not None:
                on_game()
    ranked = sorted(named, key=lambda level: -ordinal(*ratings[level]))
    pairs = []
    for i, level in enumerate(ranked):
        for other in ranked[i + 1 :]:
            both = met[(min(level, other), max(level, other))]
            wins, losses = ahead[(level, other)], ahead[(other, level)]
            pairs.append(
                {
                    "level": level,
                    "other": other,
                    "wins": wins,
                    "losses": losses,
                    "ties": both - wins - losses,
                    "games": both,
                    "text": head_to_head_text(level, other, wins, both),
                }
            )
    return {
        "game": name,
        "seats": seats,
        "seatings": [list(table) for table in tables],
        "games_per_seating": games,
        "games": games * len(tables),
        "budget_ms": budget_ms,
        "iterations": iterations,
        "ratings": {
            level: {
                "mu": round(ratings[level][0], 3),
                "sigma": round(ratings[level][1], 3),
                "ordinal": round(ordinal(*ratings[level]), 3),
                "games": played[level],
            }
            for level in ranked
        },
        "head_to_head": pairs,
    }
