"""``cardroom play GAME``: try a game in the terminal, no Discord needed.

The games are kept in a SQLite file of their own (``--db``; by default under the user's data
folder, ``platformdirs``), never the bot's database. A failure the user can fix is one
``cardroom: ...`` line on stderr and exit code 2.
"""

from __future__ import annotations

import argparse
import asyncio
import getpass
import os
import re
import shlex
import shutil
import sqlite3
import sys
from pathlib import Path
from typing import Any

import platformdirs

import engine
from bot.games import presented_games
from bot.i18n import (
    DEFAULT_LANGUAGE,
    Translator,
    available_languages,
    language_of,
    translator,
)
from bot.service import GameService
from bot.service.errors import UserError
from bot.service.paces import PACES, pace_named
from bot.terminal.games import (
    PLAYER,
    TERMINAL,
    NewGame,
    keep_flags,
    kept_flags,
    last_unfinished,
    open_game,
)
from bot.terminal.lines import Lines
from bot.terminal.output import Output
from bot.terminal.session import Session
from bot.texts.mine import mine_text
from bot.texts.seat_names import LEVEL_HINTS, LEVEL_NAMES, levels_line
from bot.timing.clock import Clock, SystemClock
from engine.players import LEVEL_ALIASES, LEVELS, measured_wins, offered_levels
from storage import Storage, StorageError

DEFAULT_LEVEL = "greedy"


def command_name() -> str:
    """How to run this ``cardroom`` again, as the person can type it: ``cardroom`` when that
    is the command found on the ``PATH``, else the path they ran (``.venv/bin/cardroom``),
    or the interpreter's ``-m bot`` (``python -m bot``)."""
    ran = sys.argv[0] if sys.argv and sys.argv[0] else "cardroom"
    if Path(ran).name == "__main__.py":
        return f"{shlex.quote(_nearby(sys.executable))} -m bot"
    found = shutil.which("cardroom")
    try:
        on_path = found is not None and os.path.samefile(found, ran)
    except OSError:
        on_path = False
    return "cardroom" if on_path else shlex.quote(_nearby(ran))


def _nearby(path: str) -> str:
    """``path`` relative to the working folder when it is under it (``.venv/bin/...``),
    else absolute."""
    full = Path(path).absolute()
    try:
        return str(full.relative_to(Path.cwd()))
    except ValueError:
        return str(full)


def default_database() -> Path:
    """Where terminal games are kept unless ``--db`` says otherwise:
    ``play.sqlite3`` in the user's data folder (``~/.local/share/cardroom`` on Linux, or
    ``$XDG_DATA_HOME/cardroom``)."""
    return platformdirs.user_data_path("cardroom", appauthor=False) / "play.sqlite3"


def levels() -> dict[str, str]:
    """The ``--ai`` values, weakest first: each level by the name players see (``search``
    for ``ismcts``), then by its own name, then by its former names (``LEVEL_ALIASES``, as
    ``python -m engine arena`` takes them)."""
    named = {LEVEL_NAMES.get(level, level): level for level in LEVELS}
    named.update({level: level for level in LEVELS})
    named.update({old: new for old, new in LEVEL_ALIASES.items() if old not in named})
    return named


def level_hints() -> str:
    """The ``--ai`` levels with what each is for: "random (for learning the rules), ..."."""
    return ", ".join(f"{LEVEL_NAMES.get(level, level)} ({LEVEL_HINTS[level]})" for level in LEVELS)


def pace_key(text: str) -> str:
    """The pace ``--clock`` names: ``"1m"`` -> ``"1m"``, ``" 1D "`` -> ``"1d"``, ``"none"`` ->
    ``"off"``.

    Raises:
        ValueError: not one of the paces a table may have (``bot.service.paces.PACES``).
    """
    key = re.sub(r"\s+", "", text.lower())
    key = "off" if key in ("none", "0") else key
    if pace_named(key) is None:
        raise ValueError(text)
    return key


def clock_names() -> str:
    """The ``--clock`` values: "off, 1m, 5m, 6h, 1d, 3d"."""
    return ", ".join(pace.key for pace in PACES)


def environment_language() -> str:
    """The language of the environment's locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``) when
    Cardroom speaks it, else English."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name)
        if value:
            language = language_of(value.split(".")[0])
            return language if language in languages() else DEFAULT_LANGUAGE
    return DEFAULT_LANGUAGE


def languages() -> list[str]:
    """The ``--lang`` values."""
    return [DEFAULT_LANGUAGE, *available_languages()]


HELP = "play a game in this terminal against automatic players (no Discord needed)"
DESCRIPTION = (
    "Play a game in this terminal: you take seat 1, automatic players the others (a solo "
    "game where the game has one). Type a choice's number (several, space-separated, where a "
    "list takes several), r for the rules, q to quit; the game is saved after every move. "
    "Without a terminal, choices are read from standard input, one per line."
)
EPILOG = (
    "examples: cardroom play verso · cardroom play artichokes --players 3 --ai search "
    "--lang fr · cardroom play --resume"
)


def add_parser(commands: Any) -> None:
    """Add ``play`` to the ``cardroom`` subcommands (``argparse`` subparsers)."""
    add_arguments(commands.add_parser("play", help=HELP, description=DESCRIPTION, epilog=EPILOG))


def main(argv: list[str]) -> int:
    """``cardroom play ARGV`` on its own (see ``bot.launcher``): the exit code."""
    parser = argparse.ArgumentParser(prog="cardroom play", description=DESCRIPTION, epilog=EPILOG)
    add_arguments(parser)
    return play(parser.parse_args(argv))


def add_arguments(play: argparse.ArgumentParser) -> None:
    """The arguments of ``cardroom play``."""
    games = presented_games()
    play.add_argument(
        "game",
        nargs="?",
        type=str.lower,
        choices=games,
        metavar="GAME",
        help="one of: " + ", ".join(games),
    )
    play.add_argument(
        "--players",
        type=int,
        metavar="N",
        help="seats at the table, yours included (default: the game's fewest, solo where "
        "it has one)",
    )
    play.add_argument(
        "--ai",
        type=str.lower,
        metavar="LEVEL[,LEVEL...]",
        help=f"the automatic players' level: {level_hints()} (default: {DEFAULT_LEVEL}); "
        "several, comma-separated, go to seat 2, 3 and on, repeated to fill the table "
        "(--players 4 --ai search,greedy: search, greedy, search)",
    )
    play.add_argument(
        "--lang",
        type=str.lower,
        metavar="LANG",
        choices=languages(),
        help=f"the language: {', '.join(languages())} (default: the environment's, else en)",
    )
    play.add_argument(
        "--seed", type=int, metavar="S", help="deal the new game from this seed (reproducible)"
    )
    play.add_argument(
        "--clock",
        metavar="TIME",
        help=f"a pace, {clock_names()}: 1m and 5m a move in real time; 6h, 1d and 3d a move "
        "turn-based, each seat with a time bank (up to 1, 3 and 7 days; the time passes in "
        "the real clock, between sessions too). When your time runs out the automatic player "
        "moves for you (default: off)",
    )
    play.add_argument(
        "--db",
        type=Path,
        metavar="PATH",
        help=f"the SQLite file the games are kept in (default: {default_database()})",
    )
    play.add_argument(
        "--picture",
        type=Path,
        metavar="FILE",
        help="write the table's picture (a PNG, as the bot posts it in Discord) to FILE "
        "after every move",
    )
    play.add_argument(
        "--resume",
        action="store_true",
        help="continue your last unfinished game (of GAME, if given)",
    )
    play.add_argument(
        "--list",
        action="store_true",
        help="list your unfinished games (of GAME, if given): whose move, the time left",
    )


def fail(text: str) -> int:
    """Print one ``cardroom: ...`` line on stderr; the exit code 2."""
    print(f"cardroom: {text}", file=sys.stderr)
    return 2


def play(args: argparse.Namespace, *, clock: Clock | None = None) -> int:
    """``cardroom play``: the exit code (0 when the game ended or was left, saved)."""
    given = [name for name in ("players", "ai", "seed", "clock") if getattr(args, name) is not None]
    new_only = [f"--{name}" for name in given]
    if args.resume and new_only:
        return fail(f"{', '.join(new_only)} set up a new game: leave them out with --resume")
    if getattr(args, "list", False):
        if args.resume or new_only:
            return fail("--list only lists your games: leave out the other options")
        return asyncio.run(_list(args, clock or SystemClock()))
    if not args.resume and args.game is None:
        return fail(
            f"which game? one of {', '.join(presented_games())} "
            "(or --resume to continue the last one)"
        )
    new = None
    if not args.resume:
        info = engine.get_game(args.game).info
        players = args.players if args.players is not None else info.min_players
        if not info.min_players <= players <= info.max_players:
            return fail(
                f"{args.game} is played by {info.min_players} to {info.max_players} players, "
                f"not {players}"
            )
        try:
            pace = pace_key(args.clock or "off")
        except ValueError:
            return fail(f"--clock {args.clock}: choose one of {clock_names()}")
        if players == 1 and args.ai is not None:
            return fail(
                f"{args.game} alone has no automatic players: --ai needs --players 2 or more"
            )
        known = levels()
        named = [name.strip() for name in (args.ai or DEFAULT_LEVEL).split(",")]
        unknown = [name for name in named if name not in known]
        if unknown:
            return fail(f"--ai {unknown[0] or '(empty)'}: choose among {', '.join(LEVELS)}")
        if players > 1 and len(named) > players - 1:
            return fail(
                f"--ai gives {len(named)} levels for {players - 1} automatic "
                f"player{'s' if players > 2 else ''}: add --players or drop a level"
            )
        chosen = [known[name] for name in named]
        offered = offered_levels(args.game, players)
        for level in chosen:
            if players > 1 and level not in offered:
                return fail(
                    f"{args.game} at {players} players offers --ai {', '.join(offered)}: "
                    f"its {level} player is no stronger than greedy there"
                )
        seated = tuple(chosen[n % len(chosen)] for n in range(players - 1))  # in turn
        new = NewGame(args.game, seated, pace, _login_name())
    try:
        return asyncio.run(_play(args, new, clock or SystemClock()))
    except KeyboardInterrupt:  # before the game was on the screen: nothing to keep
        return 130


async def _play(args: argparse.Namespace, new: NewGame | None, clock: Clock) -> int:
    path = args.db or default_database()
    if new is None and not path.is_file():  # opening it would create an empty one
        which = f"{args.game} game" if args.game else "game"
        return fail(f"no unfinished {which} to resume in {path}: there is no such file")
    try:
        storage = await Storage.open(path=path)
    except (StorageError, OSError, sqlite3.Error) as exc:
        return fail(f"cannot open the database {path}: {exc}")
    try:
        service = GameService(
            storage, seed=None if args.seed is None else lambda: args.seed, clock=clock
        )
        if new is None:
            record = await last_unfinished(service, args.game)
            if record is None:
                which = f"{args.game} game" if args.game else "game"
                return fail(f"no unfinished {which} to resume in {path}")
            game_id = record.id
        else:
            try:
                game_id = (await open_game(service, new)).id
            except UserError as error:
                return fail(error.text(translator(DEFAULT_LANGUAGE)))
        kept = await kept_flags(storage, game_id)
        language = args.lang or kept.get("lang") or environment_language()
        picture = args.picture or (Path(kept["picture"]) if kept.get("picture") else None)
        await keep_flags(storage, game_id, language, picture)
        _ = translator(language)
        output = Output.to()
        if new is not None:
            output.text(introduction(new.game, _))
            if new.players > 1:  # what the automatic players' levels mean
                measured = measured_wins(new.game, new.players)
                kinds = [level for level in LEVELS if level in new.levels]  # weakest first
                output.text(levels_line(kinds, _, measured, new.players))
        resume = f"{command_name()} play --resume"
        resume += f" --db {shlex.quote(str(path.resolve()))}" if args.db else ""
        async with Lines() as lines:
            session = Session(
                service,
                game_id,
                output,
                lines,
                _,
                clock,
                language=language,
                picture=picture,
                resume=resume,
            )
            await session.play()
        return 0
    finally:
        await storage.close()


async def _list(args: argparse.Namespace, clock: Clock) -> int:
    """``cardroom play --list``: the unfinished games kept in ``--db`` (of GAME, if given),
    the person's moves first, with the time left."""
    _ = translator(args.lang or environment_language())
    path = args.db or default_database()
    if not path.is_file():  # opening it would create an empty one
        Output.to().text(_("You are in no running game."))
        return 0
    try:
        storage = await Storage.open(path=path)
    except (StorageError, OSError, sqlite3.Error) as exc:
        return fail(f"cannot open the database {path}: {exc}")
    try:
        games = await GameService(storage, clock=clock).mine.of(PLAYER, TERMINAL)
        games = [g for g in games if args.game in (None, g.record.game_name)]
        Output.to().text(mine_text(games, _, mentions=False, everywhere=True))
        return 0
    finally:
        await storage.close()


def introduction(game: str, _: Translator) -> str:
    """The game's title and what it is about, in the words of its rules (the first
    paragraph), shown before a new game's first screen."""
    title = _("**{title}**", title=_(engine.get_game(game).info.title))
    return "\n".join([title, _(engine.reference(game, None).overview[0])])


def _login_name() -> str | None:
    """The person's login name, shown for their seat (``None``: "Player 1")."""
    try:
        return getpass.getuser() or None
    except (KeyError, OSError):
        return None
