"""Command line: ``python -m engine simulate <game> --players N --games G --seed S [--option k=v]``.

Prints one JSON line of statistics (see ``engine.simulate.simulate``).
"""

from __future__ import annotations

import argparse
import json
import sys

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
    args = parser.parse_args(argv)
    try:
        stats = simulate(args.game, args.players, args.games, args.seed, dict(args.option))
    except ValueError as exc:
        parser.error(str(exc))
    print(json.dumps(stats))
    return 0


if __name__ == "__main__":
    sys.exit(main())
