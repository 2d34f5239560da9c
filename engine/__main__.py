"""Command line, each printing one JSON line:

- ``python -m engine simulate GAME --players N --games G --seed S [--option k=v]``: random
  legal games (see ``engine.simulate.simulate``);
- ``python -m engine arena GAME --players N --seats search,random --games G --seed S
  [--budget-ms 250] [--iterations K]``: automatic players against each other (see
  ``engine.arena.arena``; the levels are given per seat and rotate game by game).
"""

from __future__ import annotations

import argparse
import json
import sys

from engine.arena import arena
from engine.players import LEVELS
from engine.registry import game_names
from engine.simulate import simulate


def _option(text: str) -> tuple[str, object]:
    key, sep, value = text.partition("=")
    if not sep:
        raise argparse.ArgumentTypeError(f"options are key=value, not {text!r}")
    try:
        return key, json.loads(value)
    except json.JSONDecodeError:
        return key, value


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the process exit code."""
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    sim = commands.add_parser("simulate", help="play random legal games and print statistics")
    sim.add_argument("game", choices=game_names())
    sim.add_argument("--players", type=int, default=4)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument(
        "--option",
        type=_option,
        action="append",
        default=[],
        help="table option, e.g. rhubarb=true",
    )
    fight = commands.add_parser("arena", help="automatic players against each other")
    fight.add_argument("game", choices=game_names())
    fight.add_argument("--players", type=int, default=2)
    fight.add_argument(
        "--seats",
        default="search,random",
        help=f"comma-separated levels, one per seat, repeated to fill them ({', '.join(LEVELS)})",
    )
    fight.add_argument("--games", type=int, default=100, help="games to play (default 100)")
    fight.add_argument(
        "--seed", type=int, default=1, help="game i is dealt from seed + i (default 1)"
    )
    fight.add_argument(
        "--budget-ms",
        type=float,
        default=250.0,
        help="the search player's thinking time per decision, ms (default 250; 0: none, then "
        "--iterations alone bounds it and a run is reproducible)",
    )
    fight.add_argument(
        "--iterations",
        type=int,
        default=None,
        help="at most this many search iterations (solo: rounds) per decision",
    )
    fight.add_argument(
        "--option",
        type=_option,
        action="append",
        default=[],
        help="table option, e.g. rhubarb=true",
    )
    args = parser.parse_args(argv)
    try:
        if args.command == "arena":
            given = [level.strip() for level in args.seats.split(",") if level.strip()]
            levels = [given[k % len(given)] for k in range(args.players)]
            stats = arena(
                args.game,
                levels,
                args.games,
                args.seed,
                budget_ms=args.budget_ms or None,
                iterations=args.iterations,
                options=dict(args.option),
            )
        else:
            stats = simulate(args.game, args.players, args.games, args.seed, dict(args.option))
    except ValueError as exc:
        parser.error(str(exc))
    print(json.dumps(stats))
    return 0


if __name__ == "__main__":
    sys.exit(main())
