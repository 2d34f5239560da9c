"""Benchmark: solo Verso scores of the two automatic players; print one JSON line.

    .venv/bin/python benchmarks/verso_players.py [--games 1000] [--seed 1] [--seats 1]

Game ``i`` uses seed ``seed + i`` for both players. The random player is the default
``automatic_action`` (a uniformly random legal move); the greedy player is
``greedy_action`` on the seat's view only. The published solo average is 35 VP.

Output keys: game, seats, games, random_mean, greedy_mean (mean score of seat 0),
random_ladder, greedy_ladder (games per ladder rung, "below" under 35), seconds.
"""

from __future__ import annotations

import json
import random
import time
from collections import Counter
from typing import Any

import cli

import engine
from engine.registry import get_players
from engine.verso.ladder import ladder_rung


def play(seats: int, seed: int, greedy: bool) -> int:
    """One game with every seat played by the chosen automatic player; seat 0's score."""
    players = get_players("verso")
    state = engine.new_game("verso", seats, None, seed)
    rng = random.Random(seed)
    while engine.outcome(state) is None:
        seat = engine.deciding_seats(state)[0]
        if greedy:
            action = players.greedy_action(engine.view(state, seat), rng)
        else:
            action = engine.automatic_action(state, seat, rng)
        engine.apply(state, action)
    result = engine.outcome(state)
    assert result is not None and result.scores is not None
    return result.scores[0]


def run(games: int, seed: int, seats: int) -> dict[str, Any]:
    """Play ``games`` games with each player and return the figures."""
    started = time.perf_counter()
    out: dict[str, Any] = {"game": "verso", "seats": seats, "games": games}
    for name, greedy in (("random", False), ("greedy", True)):
        scores = [play(seats, seed + i, greedy) for i in cli.tracked(range(games), name)]
        out[f"{name}_mean"] = round(sum(scores) / games, 2)
        rungs = Counter(str(ladder_rung(s) or "below") for s in scores)
        out[f"{name}_ladder"] = dict(sorted(rungs.items()))
    out["seconds"] = round(time.perf_counter() - started, 2)
    return out


def main() -> None:
    parser = cli.parser(__doc__)
    parser.add_argument("--games", type=int, default=1000, help="games of each player")
    parser.add_argument("--seed", type=int, default=1, help="game i is dealt from seed + i")
    parser.add_argument("--seats", type=int, default=1, help="players at the table (1: solo)")
    args = parser.parse_args()
    print(json.dumps(run(args.games, args.seed, args.seats)))


if __name__ == "__main__":
    main()
