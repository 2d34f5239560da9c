"""Benchmark: pairing a round of a large Swiss tournament; print one JSON line.

    .venv/bin/python benchmarks/tournament_pairing.py [--players 1000] [--seats 2,4]
        [--rounds 6] [--runs 5] [--seed 1]

For each seat count, ``--runs`` tournaments of ``--players`` entrants (ratings drawn from the
run's seed) play ``--rounds`` rounds through ``bot.service.tournaments``: each round is
paired by ``start_round`` (the standings it ranks by, the matching or the tables, the byes)
and every table ends with seeded random places, ties included (the same for every seat count
and run of one seed). Only ``start_round`` is timed: the wall clock (``perf_counter``) and
this process's CPU time (``process_time``, which another process on a shared host does not
lengthen). The target is a round of 1,000 players paired in under a second.

Output keys: players, rounds, runs, seed, and per seat count (``"2"``, ``"4"``, ...):
``round_s`` (the wall time of one round, every round of every run: median, mean, min, max,
stdev), ``cpu_round_s`` (the same in CPU time), ``round_median_s`` (per round number, the
median over the runs: whether later rounds, with more history, cost more), ``repeats``
(players seated again with someone they had met, over all rounds and runs) and
``repeated_byes``; python, networkx, host_ms (``cli.host_ms`` before and after).
"""

from __future__ import annotations

import json
import platform
import random
import statistics
import time
from itertools import combinations
from typing import Any

import cli
import networkx

from bot.service import tournaments as T
from engine.contract import competition_ranks


def finish_round(tournament: T.Tournament, rng: random.Random) -> T.Tournament:
    """Every table of the current round ended with seeded random places (0-3 points each,
    so ties happen), the way ``progress.record_result`` records them."""
    current = T.current_round(tournament)
    assert current is not None
    for table in current.tables:
        places = competition_ranks([rng.randint(0, 3) for _ in table.players])
        tournament = T.record_result(tournament, table.number, places)
    return tournament


def spread(values: list[float]) -> dict[str, float]:
    """Median, mean, min, max and standard deviation of ``values``, in seconds."""
    return {
        "median": round(statistics.median(values), 4),
        "mean": round(statistics.fmean(values), 4),
        "min": round(min(values), 4),
        "max": round(max(values), 4),
        "stdev": round(statistics.stdev(values), 4) if len(values) > 1 else 0.0,
    }


def measure(players: int, seats: int, rounds: int, runs: int, seed: int, bar: Any) -> dict:
    """Time ``runs`` tournaments of ``rounds`` rounds at ``seats``; the figures of the doc."""
    wall: list[list[float]] = [[] for _ in range(rounds)]
    cpu: list[float] = []
    repeats = repeated_byes = 0
    for run in range(runs):
        rng = random.Random(seed * 1000 + run)
        entrants = [T.Entrant(id=f"p{i}", rating=rng.uniform(0, 40)) for i in range(players)]
        settings = T.Settings(seats=seats, min_seats=2, rounds=rounds)
        tournament = T.new_tournament(settings, entrants)
        met: set[frozenset[str]] = set()
        byes: set[str] = set()
        for number in range(rounds):
            started, started_cpu = time.perf_counter(), time.process_time()
            tournament = T.start_round(tournament)
            wall[number].append(time.perf_counter() - started)
            cpu.append(time.process_time() - started_cpu)
            current = tournament.rounds[-1]
            for table in current.tables:
                for pair in map(frozenset, combinations(table.players, 2)):
                    repeats += pair in met
                    met.add(pair)
            repeated_byes += len(byes & set(current.byes))
            byes |= set(current.byes)
            tournament = finish_round(tournament, rng)
            bar.update()
    return {
        "round_s": spread([t for per_round in wall for t in per_round]),
        "cpu_round_s": spread(cpu),
        "round_median_s": [round(statistics.median(per_round), 4) for per_round in wall],
        "repeats": repeats,
        "repeated_byes": repeated_byes,
    }


def main() -> None:
    """Parse arguments, time the rounds of every seat count, print one JSON line."""
    parser = cli.parser(__doc__)
    parser.add_argument("--players", type=int, default=1000, help="entrants of each tournament")
    parser.add_argument("--seats", default="2,4", help="seat counts to measure, comma-separated")
    parser.add_argument("--rounds", type=int, default=6, help="Swiss rounds of each tournament")
    parser.add_argument("--runs", type=int, default=5, help="tournaments per seat count")
    parser.add_argument("--seed", type=int, default=1, help="run r draws from seed * 1000 + r")
    args = parser.parse_args()
    seat_counts = [int(s) for s in args.seats.split(",")]
    host_before = cli.host_ms()
    figures: dict[str, Any] = {
        "players": args.players,
        "rounds": args.rounds,
        "runs": args.runs,
        "seed": args.seed,
    }
    total = len(seat_counts) * args.runs * args.rounds
    with cli.progress(total, "rounds", unit="round") as bar:
        for seats in seat_counts:
            figures[str(seats)] = measure(
                args.players, seats, args.rounds, args.runs, args.seed, bar
            )
    figures["python"] = platform.python_version()
    figures["networkx"] = networkx.__version__
    figures["host_ms"] = [host_before, cli.host_ms()]
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
