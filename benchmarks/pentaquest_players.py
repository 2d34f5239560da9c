"""Benchmark: Pentaquest solo with the two automatic players; print one JSON line.

    .venv/bin/python benchmarks/pentaquest_players.py [--games 1000] [--seed 1]

Game ``i`` of each player uses seed ``seed + i`` (both players face the same decks and, as
long as they act alike, the same dice). ``random`` is the default automatic player (a
uniformly random legal move, ``engine.automatic_action``); ``greedy`` is
``PLAYERS.greedy_action`` on the seat's view only.

Output keys, per player: games, wins, win_rate, mean_won_score (mean score of won games; a
lost solo game has no score), median_won_score, mean_turns, lost_on_turn_1 (share of all
games), seconds. Yardsticks from ``shared/rules/pentaquest.md``: a simple strategy wins about
50% (mean won score 9.4), a strong one about 87% (23.5).
"""

from __future__ import annotations

import json
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import cli

import engine
from engine.pentaquest import PLAYERS

GAME_NAME = "pentaquest"

Player = Callable[[engine.GameState, random.Random], engine.Action]


def random_player(state: engine.GameState, rng: random.Random) -> engine.Action:
    return engine.automatic_action(state, 0, rng)


def greedy_player(state: engine.GameState, rng: random.Random) -> engine.Action:
    return PLAYERS.greedy_action(engine.view(state, 0), rng)


def play(player: Player, games: int, seed: int, label: str) -> dict[str, Any]:
    rng = random.Random(seed)
    won_scores: list[int] = []
    turns: list[int] = []
    lost_first = 0
    started = time.perf_counter()
    for i in cli.tracked(range(games), f"{label} player"):
        state = engine.new_game(GAME_NAME, 1, None, seed + i)
        while (result := engine.outcome(state)) is None:
            engine.apply(state, player(state, rng))
        turns.append(state.turn)
        if result.winners:
            assert result.scores is not None
            won_scores.append(result.scores[0])
        elif state.turn == 1:
            lost_first += 1
    return {
        "games": games,
        "wins": len(won_scores),
        "win_rate": round(len(won_scores) / games, 4),
        "mean_won_score": round(statistics.fmean(won_scores), 2) if won_scores else None,
        "median_won_score": statistics.median(won_scores) if won_scores else None,
        "mean_turns": round(statistics.fmean(turns), 2),
        "lost_on_turn_1": round(lost_first / games, 4),
        "seconds": round(time.perf_counter() - started, 2),
    }


def main() -> None:
    parser = cli.parser(__doc__)
    parser.add_argument("--games", type=int, default=1000, help="games of each player")
    parser.add_argument("--seed", type=int, default=1, help="game i is dealt from seed + i")
    args = parser.parse_args()
    print(
        json.dumps(
            {
                "game": GAME_NAME,
                "seats": 1,
                "seed": args.seed,
                "random": play(random_player, args.games, args.seed, "random"),
                "greedy": play(greedy_player, args.games, args.seed, "greedy"),
            }
        )
    )


if __name__ == "__main__":
    main()
