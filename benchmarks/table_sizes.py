"""Benchmark: one search seat against greedy seats at every table size; print a table.

    .venv/bin/python benchmarks/table_sizes.py [--games 100] [--seed 1] [--budget-ms 250]
        [--iterations K] [--only artichokes:3,verso:8] [--workers 1] [--format table] [--save]

Each setting (game and seat count) plays ``--games`` games, game ``i`` dealt from
``seed + i`` with the search seat at seat ``i mod seats`` (so it plays every seat equally
often) and greedy at the others. Targets (issue 27): the search seat wins at least 1.5 times
its fair share (3 seats: 50 %, 4: 37.5 %, 5: 30 %) in Artichokes 3–4, Ninjan 3–5 and
Pentaquest 3–4; in Verso 3 and 8, whose score is the point, its mean score is above every
greedy seat's (greedy seats are told apart by where they sit after the search seat: ``+1`` is
the next seat in turn order).

The search's budget is CPU time of its thread (``engine.players.budget``), so a busy machine
slows a run down without making the search weaker; ``--iterations`` with ``--budget-ms 0``
makes a run reproducible. ``--workers`` plays settings in that many processes (only when
cores are free: they would share the cores with each other and with other work).

Columns / JSON keys per setting: game, seats, games, wins (the search seat's; a shared win
counts), win_rate, target (the win rate to reach, or ``"score"``), mean_score (the search
seat's), greedy_best (the best greedy seat's mean score), met (the target reached),
iterations (mean tree iterations, or paired rounds, per searched decision), fallbacks
(searched decisions answered by greedy's move for too few iterations: a tree the clock cut
short, fewer than 8 paired rounds), cpu_ms (mean CPU ms per searched decision), seconds (wall time
of the setting).

``--save`` (at the default budget, without ``--iterations``) keeps each setting's wins, and
its mean scores where the game ends with scores, in the game's ``measured.json``, in place of a
run of the same seed: the lobby quotes them (``engine.players.measured``).
"""

from __future__ import annotations

import json
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import cli

from engine.api import apply, deciding_seats, new_game, outcome
from engine.players import DEFAULT_BUDGET_MS, Tally, choose
from engine.players.measured import save_run

SETTINGS: tuple[tuple[str, int], ...] = (
    ("artichokes", 3),
    ("artichokes", 4),
    ("ninjan", 3),
    ("ninjan", 4),
    ("ninjan", 5),
    ("pentaquest", 3),
    ("pentaquest", 4),
    ("verso", 3),
    ("verso", 8),
)
"""The settings of issue 27's targets, (game, seats)."""
SCORED = {"verso"}
"""Games whose target is the mean score rather than the win rate."""


def target(game: str, seats: int) -> float | str:
    """The search seat's target: 1.5 times its fair share of wins, or ``"score"``."""
    return "score" if game in SCORED else 1.5 / seats


def play(
    game: str, seats: int, games: int, seed: int, budget_ms: float | None, iterations: int | None
) -> dict[str, Any]:
    """One setting's figures (the keys of the module docstring)."""
    started = time.perf_counter()
    rng = random.Random(seed)
    tally = Tally()
    wins = 0
    mine: list[float] = []
    theirs: dict[int, list[float]] = {offset: [] for offset in range(1, seats)}
    for index in range(games):
        me = index % seats
        state = new_game(game, seats, None, seed + index)
        while (result := outcome(state)) is None:
            seat = deciding_seats(state)[0]
            level = "search" if seat == me else "greedy"
            action = choose(
                level, state, seat, rng, budget_ms=budget_ms, iterations=iterations, tally=tally
            )
            apply(state, action)
        wins += me in result.winners
        if result.scores is not None:
            mine.append(result.scores[me])
            for offset in theirs:
                theirs[offset].append(result.scores[(me + offset) % seats])
    goal = target(game, seats)
    mean_score = round(statistics.fmean(mine), 2) if mine else None
    greedy_best = max(round(statistics.fmean(s), 2) for s in theirs.values()) if mine else None
    if goal == "score":
        met = mean_score is not None and greedy_best is not None and mean_score > greedy_best
    else:
        met = wins / games >= float(goal)
    return {
        "game": game,
        "seats": seats,
        "games": games,
        "wins": wins,
        "win_rate": round(wins / games, 3),
        "target": goal if goal == "score" else round(float(goal), 3),
        "mean_score": mean_score,
        "greedy_best": greedy_best,
        "met": met,
        "iterations": round(statistics.fmean(tally.iterations), 1) if tally.iterations else None,
        "fallbacks": tally.fallbacks,
        "cpu_ms": round(statistics.fmean(tally.cpu_ms), 1) if tally.cpu_ms else None,
        "seconds": round(time.perf_counter() - started, 1),
    }


def table(rows: list[dict[str, Any]]) -> str:
    """The figures as an aligned text table, one setting a line."""
    heads = ["game", "seats", "games", "wins", "win_rate", "target", "mean_score"]
    heads += ["greedy_best", "met", "iterations", "fallbacks", "cpu_ms", "seconds"]
    cells = [heads] + [[str(row[h]) for h in heads] for row in rows]
    widths = [max(len(line[i]) for line in cells) for i in range(len(heads))]
    return "\n".join(
        "  ".join(c.ljust(w) for c, w in zip(line, widths, strict=True)) for line in cells
    )


def _settings(only: str | None) -> list[tuple[str, int]]:
    if not only:
        return list(SETTINGS)
    chosen = []
    for item in only.split(","):
        game, _, seats = item.strip().partition(":")
        chosen.append((game, int(seats)))
    return chosen


def main() -> None:
    """Parse the command line, play every setting, print the table (or one JSON line)."""
    parser = cli.parser(__doc__)
    parser.add_argument("--games", type=int, default=100, help="games per setting")
    parser.add_argument("--seed", type=int, default=1, help="game i is dealt from seed + i")
    parser.add_argument(
        "--budget-ms",
        type=float,
        default=250.0,
        help="the search's CPU time per decision, in ms (0: none, --iterations alone)",
    )
    parser.add_argument(
        "--iterations", type=int, default=None, help="at most this many iterations per decision"
    )
    parser.add_argument(
        "--only", default=None, help="comma-separated GAME:SEATS settings; default: all of them"
    )
    parser.add_argument("--workers", type=int, default=1, help="settings played at once")
    parser.add_argument(
        "--format", choices=("table", "json"), default="table", help="a text table or one JSON line"
    )
    parser.add_argument(
        "--save",
        action="store_true",
        help="keep each setting's wins in its game's measured.json (the lobby quotes them)",
    )
    args = parser.parse_args()
    if args.save and (args.budget_ms != DEFAULT_BUDGET_MS or args.iterations is not None):
        parser.error("--save measures the default player: no --budget-ms, no --iterations")
    budget = args.budget_ms or None
    settings = _settings(args.only)
    jobs = [(g, n, args.games, args.seed, budget, args.iterations) for g, n in settings]
    with cli.progress(len(jobs), "settings", unit="setting") as bar:
        if args.workers > 1:
            with ProcessPoolExecutor(args.workers) as pool:
                futures = [pool.submit(play, *job) for job in jobs]
                rows = []
                for future in futures:
                    rows.append(future.result())
                    bar.update()
        else:
            rows = []
            for job in jobs:
                rows.append(play(*job))
                bar.update()
    if args.save:
        for row in rows:
            save_run(row["game"], row["seats"], measured_run(row, args.seed))
    if args.format == "json":
        print(json.dumps({"benchmark": "table_sizes", "budget_ms": budget, "settings": rows}))
    else:
        print(table(rows))


def measured_run(row: dict[str, Any], seed: int) -> dict[str, Any]:
    """The run ``--save`` keeps of one setting's figures (``engine.players.measured``)."""
    run = {"seed": seed, "games": row["games"], "wins": row["wins"]}
    if row["mean_score"] is not None:
        run.update(mean_score=row["mean_score"], greedy_best=row["greedy_best"])
    return {**run, "by": "benchmarks/table_sizes.py"}


if __name__ == "__main__":
    main()
