"""Benchmark: how much time the solo search would need to tell a better move from greedy's.

    .venv/bin/python benchmarks/solo_search_budget.py [--game pentaquest] [--games 10]
        [--decisions 40] [--rounds 150] [--seed 1] [--budget-ms 250]

The solo search (``engine.players.paired``) replaces greedy's answer only when its best
candidate's paired gain over greedy's clears ``Rounds.threshold()`` standard errors. This plays
``--games`` solo games with the greedy player and, at about ``--decisions`` of their decisions
where the search has two or more candidates (``--decisions // --games`` per game, spread
evenly over it), plays ``--rounds``
of the search's own rounds with no time limit. For each, with ``g`` the best candidate's mean
paired gain and ``s`` its standard deviation per round, the rounds needed are
``(threshold * s / g)^2`` (none when greedy's answer is the best) and the time is that many
rounds at the measured time per round on this machine, one core.

Prints one JSON line:

- ``decisions_measured``; ``with_a_better_candidate``: how many had a candidate better than
  greedy's by the mean of the rounds played (only those count below);
- ``gain_median``: the best candidate's mean gain, in reward (0..1; solo: a win is worth
  0.5 + 0.5 * score / the game's ``solo_score_scale``, so 0.012 is one card of Pentaquest);
- ``ms_per_round_median``: one round (every candidate played out once), on this machine;
- ``needed_ms_quartiles``: the time the needed rounds take (fewer than three values when fewer
  than two decisions count; empty when none does), and ``within_budget``: how many fit in
  ``--budget-ms`` (the search also needs ``MIN_ROUNDS`` rounds and keeps a reserve).

The best candidate is picked on the same rounds that measure its gain, which makes gains look
larger; with few ``--rounds`` the t quantile is higher than the search's at the needed number
of rounds, which makes the times longer. Read them as orders of magnitude.
"""

from __future__ import annotations

import json
import platform
import random
import statistics
import time

import cli

from engine.api import apply, deciding_seats, new_game, outcome
from engine.players import choose, situation
from engine.players.budget import Budget
from engine.players.ismcts import candidates
from engine.players.paired import greedy_index, play_rounds


def measure(
    game: str, games: int, decisions: int, rounds: int, seed: int, budget_ms: float = 250.0
) -> dict[str, object]:
    """The figures of the module docstring, as a JSON-ready dict."""
    rng = random.Random(seed)
    found = []  # (state, seat) at decisions with two or more candidates
    for index in cli.tracked(range(games), "greedy games"):
        state = new_game(game, 1, None, seed + index)
        mine = []
        while outcome(state) is None:
            seat = deciding_seats(state)[0]
            seen = situation(state, seat)
            if len(candidates(seen.view.decisions, seat, rng)) > 1:
                mine.append(state.clone())
            apply(state, choose("greedy", state, seat, rng))
        step = max(1, len(mine) * games // decisions)
        found.extend(mine[::step][: max(1, decisions // games)])
    gains, needed_ms, round_ms = [], [], []
    better = 0
    for state in cli.tracked(found, "decisions", unit="decision"):
        seat = deciding_seats(state)[0]
        seen = situation(state, seat)
        options = candidates(seen.view.decisions, seat, rng)
        base = greedy_index(game, seen, rng, options)
        started = time.perf_counter()
        played = play_rounds(game, seen, rng, options, base, Budget(None, rounds))
        per_round = (time.perf_counter() - started) * 1000 / rounds
        round_ms.append(per_round)
        best = played.best()
        if best == played.base:
            continue
        mean, spread = played.gain(best)
        if mean <= 0:
            continue
        better += 1
        gains.append(mean)
        needed_ms.append((played.threshold() * spread / mean) ** 2 * per_round)
    quartiles = statistics.quantiles(needed_ms, n=4) if len(needed_ms) >= 2 else needed_ms
    return {
        "benchmark": "solo_search_budget",
        "game": game,
        "games": games,
        "rounds": rounds,
        "decisions_measured": len(found),
        "with_a_better_candidate": better,
        "gain_median": round(statistics.median(gains), 4) if gains else None,
        "ms_per_round_median": round(statistics.median(round_ms), 2) if round_ms else None,
        "needed_ms_quartiles": [round(q) for q in quartiles],
        "budget_ms": budget_ms,
        "within_budget": sum(ms <= budget_ms for ms in needed_ms),
        "python": platform.python_version(),
    }


def main() -> None:
    """Parse the options and print the figures."""
    parser = cli.parser(__doc__)
    parser.add_argument("--game", default="pentaquest", help="a solo game")
    parser.add_argument("--games", type=int, default=10, help="greedy games")
    parser.add_argument("--decisions", type=int, default=40, help="decisions to measure, about")
    parser.add_argument("--rounds", type=int, default=150, help="search rounds at each decision")
    parser.add_argument("--seed", type=int, default=1, help="game i is dealt from seed + i")
    parser.add_argument(
        "--budget-ms", type=float, default=250.0, help="the thinking time to compare with, in ms"
    )
    args = parser.parse_args()
    figures = measure(args.game, args.games, args.decisions, args.rounds, args.seed, args.budget_ms)
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
