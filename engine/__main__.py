"""The engine's command line; each command prints one JSON line on stdout.

  python -m engine simulate GAME [--players N] [--games G] [--seed S] [--option KEY=VALUE]
    random legal games, and statistics of how they ended (engine.simulate.simulate)

  python -m engine arena GAME [--players N] [--seats search,random] [--games G] [--seed S]
      [--budget-ms 250] [--iterations K] [--option KEY=VALUE] [--save]
    automatic players against each other (engine.arena.arena): the levels are given per
    seat and rotate game by game; --save keeps one search seat's wins against greedy seats
    in the game's measured.json, which the lobby quotes (engine.players.measured)

  python -m engine arena --round-robin GAME [--players N] [--games G] [--seed S]
    every level against every other (engine.roundrobin.round_robin): G games of each
    seating of the levels at N seats, rated with the leaderboards' OpenSkill model, and
    each pair's head-to-head ("search beats greedy 7 of 10")

  python -m engine replay FILE
    replay a finished game's record (/game export, engine.records) and print its outcome;
    exit 1 when it differs from the record's result, 2 when the file is not a record this
    engine can replay

While games are played, a progress bar shows on stderr when stderr is a terminal. Run a
command with --help for its options.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Never

from pydantic import ValidationError
from tqdm import tqdm

from engine.api import parse_options
from engine.arena import arena
from engine.errors import IllegalAction, UnknownGame
from engine.players import DEFAULT_BUDGET_MS, LEVEL_ALIASES, LEVELS, level_named
from engine.players.measured import save_run
from engine.records import GameRecordFile, replay_record
from engine.registry import game_names, get_game
from engine.roundrobin import round_robin, seatings
from engine.simulate import simulate


class HelpFormatter(argparse.RawDescriptionHelpFormatter, argparse.ArgumentDefaultsHelpFormatter):
    """Help that keeps the description's paragraphs and lines as written and names each
    option's default (unless it has none: ``None`` or an empty list)."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        if action.default is None or action.default == []:
            return action.help
        return super()._get_help_string(action)


def _option(text: str) -> tuple[str, object]:
    key, sep, value = text.partition("=")
    if not sep:
        raise argparse.ArgumentTypeError(f"options are KEY=VALUE, not {text!r}")
    try:
        return key, json.loads(value)
    except json.JSONDecodeError:
        return key, value


def option_problems(game: str, error: ValidationError) -> str:
    """One line saying what is wrong with the table options given for ``game``: each unknown
    option (with the known ones) and each bad value (with what it should be)."""
    known = sorted(get_game(game).info.options_model.model_fields)
    known_text = f"known: {', '.join(known)}" if known else f"{game} has no options"
    problems = []
    for item in error.errors():
        name = ".".join(str(part) for part in item["loc"]) or "options"
        if item["type"] == "extra_forbidden":
            problems.append(f"unknown option {name!r} for {game}; {known_text}")
        else:
            message = item["msg"][:1].lower() + item["msg"][1:]
            problems.append(f"bad value {item['input']!r} for option {name!r}: {message}")
    return "; ".join(problems)


def _common_arguments(parser: argparse.ArgumentParser, players: int) -> None:
    names = game_names()
    parser.add_argument("game", choices=names, metavar="GAME", help=f"one of {', '.join(names)}")
    parser.add_argument(
        "--players", type=int, default=players, metavar="N", help="seats at each table"
    )
    parser.add_argument("--games", type=int, default=100, metavar="G", help="games to play")
    parser.add_argument(
        "--seed", type=int, default=1, metavar="S", help="game i is dealt from seed + i"
    )
    parser.add_argument(
        "--option",
        type=_option,
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a table option, e.g. rhubarb=true (VALUE is read as JSON, else as text); "
        "repeat for several; default: the game's defaults",
    )


def build_parser() -> argparse.ArgumentParser:
    """The parser of ``python -m engine`` and its commands."""
    parser = argparse.ArgumentParser(
        prog="python -m engine", description=__doc__, formatter_class=HelpFormatter
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    sim = commands.add_parser(
        "simulate",
        help="play random legal games and print statistics",
        description="Play random legal games (every choice uniformly random) and print one\n"
        "JSON line: wins by seat, ties, draws, mean scores, turns, actions per second.",
        formatter_class=HelpFormatter,
    )
    _common_arguments(sim, players=4)
    sim.set_defaults(command_parser=sim)
    fight = commands.add_parser(
        "arena",
        help="automatic players against each other",
        description="Play automatic players against each other and print one JSON line:\n"
        "per level, the seats it played (games times its seats at each table), its wins\n"
        "(a shared win counts for each winner) and win rate per seat played, its mean\n"
        "score (solo: also of won games) and ms per decision; for the search also its\n"
        "iterations and CPU ms per decision, and its fallbacks (decisions answered with\n"
        "greedy's move for too few iterations: a tree the clock cut short, fewer than 8\n"
        "paired rounds). Game i seats the levels shifted by i, so every level plays every\n"
        "seat equally often.\n"
        "With --round-robin: G games of every seating of the levels at N seats (each with\n"
        "two levels or more), then each level's OpenSkill rating (the leaderboards' model)\n"
        "and each pair's head-to-head.",
        formatter_class=HelpFormatter,
    )
    _common_arguments(fight, players=2)
    fight.set_defaults(command_parser=fight)
    former = ", ".join(f"{old} for {new}" for old, new in LEVEL_ALIASES.items())
    fight.add_argument(
        "--seats",
        default="search,random",
        metavar="LEVEL,...",
        help=f"comma-separated levels, one per seat, repeated to fill them ({', '.join(LEVELS)}; "
        f"former names accepted: {former}); not with --round-robin, which seats every level",
    )
    fight.add_argument(
        "--round-robin",
        action="store_true",
        help="play every seating of the levels at --players seats, --games games each, and "
        "print each level's OpenSkill rating and each pair's head-to-head",
    )
    fight.add_argument(
        "--budget-ms",
        type=float,
        default=250.0,
        metavar="MS",
        help="the search player's thinking time per decision, in ms of its thread's CPU time "
        "(a wall-clock ceiling of 4x stops it on a starved machine; 0: none, then "
        "--iterations alone bounds it and a run is reproducible)",
    )
    fight.add_argument(
        "--iterations",
        type=int,
        default=None,
        metavar="K",
        help="at most this many search iterations (or paired rounds) per decision; default: "
        "--budget-ms alone bounds it",
    )
    fight.add_argument(
        "--save",
        action="store_true",
        help="with one search seat and greedy at the others, the default --budget-ms, no "
        "--iterations and no --option: save the search's wins at this table size in the "
        "game's measured.json, in place of a run of the same seed (the lobby quotes them)",
    )
    again = commands.add_parser(
        "replay",
        help="replay a finished game's record (/game export) and print its outcome",
        description="Replay a finished game's record and print one JSON line: its outcome\n"
        "and whether it matches the record's result (exit 1 when not).",
        formatter_class=HelpFormatter,
    )
    again.add_argument("file", type=Path, metavar="FILE", help="the JSON record")
    again.set_defaults(command_parser=again)
    return parser


def progress(games: int, description: str) -> tqdm[Never]:
    """A progress bar of ``games`` games on stderr, shown only when stderr is a terminal (so
    nothing is added to a redirected or captured output)."""
    return tqdm(total=games, desc=description, unit="game", file=sys.stderr, disable=None)


def main(argv: Iterable[str] | None = None) -> int:
    """Run the command line; returns the process exit code (2 for bad arguments, as
    argparse)."""
    parser = build_parser()
    args = parser.parse_args(None if argv is None else list(argv))
    command: argparse.ArgumentParser = args.command_parser  # its errors show its usage
    if args.command == "replay":
        return _replay(args.file)
    options = dict(args.option)
    try:
        parse_options(args.game, options)
    except ValidationError as exc:
        command.error(option_problems(args.game, exc))
    if args.command == "arena" and args.save and (problem := _unsaveable(args, options)):
        command.error(problem)
    try:
        if args.command == "arena" and args.round_robin:
            count = args.games * len(seatings(LEVELS, args.players))
            with progress(count, f"{args.game} round-robin") as bar:
                stats = round_robin(
                    args.game,
                    args.players,
                    args.games,
                    args.seed,
                    budget_ms=args.budget_ms or None,
                    iterations=args.iterations,
                    options=options,
                    on_game=bar.update,
                )
        elif args.command == "arena":
            given = [level.strip() for level in args.seats.split(",") if level.strip()]
            if not given:
                command.error("--seats names no level")
            levels = [given[k % len(given)] for k in range(args.players)]
            with progress(args.games, f"{args.game} arena") as bar:
                stats = arena(
                    args.game,
                    levels,
                    args.games,
                    args.seed,
                    budget_ms=args.budget_ms or None,
                    iterations=args.iterations,
                    options=options,
                    on_game=bar.update,
                )
        else:
            with progress(args.games, f"{args.game} simulate") as bar:
                stats = simulate(
                    args.game, args.players, args.games, args.seed, options, on_game=bar.update
                )
    except ValueError as exc:
        command.error(str(exc))
    if args.command == "arena" and args.save:
        search = stats["levels"]["search"]
        run = {"seed": args.seed, "games": args.games, "wins": search["wins"]}
        if search["mean_score"] is not None:
            run["mean_score"] = search["mean_score"]
        save_run(args.game, args.players, {**run, "by": "engine arena"})
    print(json.dumps(stats))
    return 0


def _unsaveable(args: argparse.Namespace, options: dict[str, object]) -> str:
    """Why ``arena --save`` cannot save this run ("" when it can): the lobby quotes one search
    seat at the default thinking time against greedy seats at a default table."""
    if args.round_robin:
        return "--save is not for --round-robin"
    given = [level.strip() for level in args.seats.split(",") if level.strip()]
    if not given:
        return "--seats names no level"
    try:
        named = [level_named(given[k % len(given)]) for k in range(args.players)]
    except ValueError as exc:
        return str(exc)
    if len(named) < 2 or sorted(named) != ["greedy"] * (len(named) - 1) + ["search"]:
        return "--save measures one search seat against greedy seats (--seats search,greedy)"
    if args.budget_ms != DEFAULT_BUDGET_MS or args.iterations is not None or options:
        return (
            f"--save measures the default player: --budget-ms {DEFAULT_BUDGET_MS:g}, no "
            "--iterations and no --option"
        )
    return ""


def _replay(path: Path) -> int:
    """``replay FILE``: one JSON line with the outcome, or one line on stderr."""
    try:
        record = GameRecordFile.model_validate_json(path.read_bytes())
        report = replay_record(record)
    except OSError as exc:
        print(f"python -m engine replay: cannot read {path}: {exc.strerror}", file=sys.stderr)
        return 2
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "the file"
        print(
            f"python -m engine replay: {path} is not a game record ({where}: {first['msg']})",
            file=sys.stderr,
        )
        return 2
    except IllegalAction as exc:
        print(f"python -m engine replay: {path}: {exc.message}", file=sys.stderr)
        return 2
    except (UnknownGame, ValueError) as exc:
        print(f"python -m engine replay: {path}: {exc}", file=sys.stderr)
        return 2
    print(report.model_dump_json())
    return 0 if report.matches else 1


if __name__ == "__main__":
    sys.exit(main())
