"""Benchmark: random-play speed of the engine, optionally against another checkout in one run;
print one JSON line.

    .venv/bin/python benchmarks/engine_speed.py [--game artichokes] [--players 4]
        [--games 300] [--rounds 5] [--baseline PATH] [--path simulate|api]

Each round runs the random games once in this tree and, with ``--baseline`` (the root of
another checkout, e.g. a ``git worktree`` of an older commit), once in that tree, one after
the other in fresh processes, so both see the same machine load; the best round of each is
reported (the least disturbed). One action = one random legal choice, applied. Each run loads
the games before its clock starts.

``--path simulate`` (default) times ``python -m engine simulate`` of each tree: the engine's
own fastest random play. The two trees may run different code there: c4001f6's ``simulate``
went through the public API, today's uses ``engine.playout`` (the loop of the search players'
playouts: the game's decisions, an answer — here a random one —, ``Game.advance``).
``--path api`` times ``engine.simulate.random_playout`` of each tree instead: every step
through the public API (``engine.legal_actions``'s random answer, ``engine.apply`` with its
legality check, step stamps and events), as the bot plays a move.

Output keys: game, path, players, games, rounds, actions_per_second (this tree: best, all rounds),
baseline_actions_per_second (same, or ``null``), ratio (best / best baseline, or ``null``),
round_ratio_median (the median over rounds of this tree's speed over the baseline's in the same
round, run back to back: less swayed by one lucky run than the ratio of bests; or ``null``).
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
from pathlib import Path

import cli

ROOT = Path(__file__).resolve().parent.parent


API_RUN = """
import json, random, sys, time
from engine.simulate import random_playout
game, players, games = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
random_playout(game, players, None, 0, random.Random(0))  # load the games, untimed
rng = random.Random(1)
actions = 0
started = time.perf_counter()
for i in range(games):
    actions += len(random_playout(game, players, None, 1 + i, rng).actions)
print(json.dumps({"actions_per_second": round(actions / (time.perf_counter() - started))}))
"""
"""The ``--path api`` run: the same loop in every tree (``random_playout`` has kept its shape)."""


def run_simulate(tree: Path, game: str, players: int, games: int, path: str = "simulate") -> int:
    """``actions_per_second`` of one run with ``tree`` first on the path (see ``--path``)."""
    if path == "api":
        command = [sys.executable, "-c", API_RUN, game, str(players), str(games)]
    else:
        command = [sys.executable, "-m", "engine", "simulate", game]
        command += ["--players", str(players), "--games", str(games), "--seed", "1"]
    out = subprocess.run(
        command,
        cwd=tree,
        env={"PYTHONPATH": str(tree)},
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return int(json.loads(out)["actions_per_second"])


def main() -> None:
    """Parse the arguments, run the rounds, print the JSON line."""
    parser = cli.parser(__doc__)
    parser.add_argument("--game", default="artichokes", help="the game")
    parser.add_argument("--players", type=int, default=4, help="seats")
    parser.add_argument("--games", type=int, default=300, help="games per run")
    parser.add_argument("--rounds", type=int, default=5, help="runs of each tree")
    parser.add_argument(
        "--baseline",
        type=Path,
        default=None,
        help="root of the checkout to compare with (default: none, this tree alone)",
    )
    parser.add_argument(
        "--path", choices=("simulate", "api"), default="simulate", help="what is timed (see above)"
    )
    args = parser.parse_args()
    mine: list[int] = []
    theirs: list[int] = []
    for _round in cli.tracked(range(args.rounds), "rounds", unit="round"):
        mine.append(run_simulate(ROOT, args.game, args.players, args.games, args.path))
        if args.baseline is not None:
            theirs.append(
                run_simulate(args.baseline, args.game, args.players, args.games, args.path)
            )
    best = max(mine)
    base = max(theirs) if theirs else None
    print(
        json.dumps(
            {
                "game": args.game,
                "path": args.path,
                "players": args.players,
                "games": args.games,
                "rounds": args.rounds,
                "actions_per_second": {"best": best, "all": mine},
                "baseline_actions_per_second": {"best": base, "all": theirs} if theirs else None,
                "ratio": round(best / base, 2) if base else None,
                "round_ratio_median": (
                    round(statistics.median(m / t for m, t in zip(mine, theirs, strict=True)), 2)
                    if theirs
                    else None
                ),
            }
        )
    )


if __name__ == "__main__":
    main()
