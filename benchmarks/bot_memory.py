"""Benchmark: what the bot keeps in memory per live game; one JSON line.

    .venv/bin/python benchmarks/bot_memory.py [--game artichokes] [--players 3] [--games 30]
        [--warm 20] [--moves 8] [--seed 1] [--threads on|off]

The real bot and the local fake Discord run in this process (the end-to-end ``World``).
Games are opened, each in its own channel with its own players (channels and members exist
before the bot starts, as on a real server), every player opens their private screen, and
``--moves`` moves are made in each (by clicks, as in the end-to-end tests); then every game
is live, with its table posted, its screens open, its ping and its recent actions kept.
First ``--warm`` games are played so (what the bot loads once: catalogs, caches, pools,
discord.py's rate-limit buckets, bounded at a few hundred), then ``--games`` more. Python's
allocations are traced (``tracemalloc``, 30 frames): the figure is the memory the second
batch added, divided by its games (``retained_kb_per_game``); ``all_in_kb_per_game`` is
everything held after both batches minus the idle bot, divided by all games. Allocations of
the fake and the players are left out (any frame under ``tests/``, and aiohttp's server
side, which only the fake runs), and garbage is collected before each reading (see
:func:`bot_bytes`).

It also reports what each of the bot's per-game parts holds, by letting go of it and
measuring again: open screens, live games (state, stored record and recent actions),
tables, pings.

``--threads on``: every game is opened in one channel and played in a thread of its own,
its lobby kept as its card (the bot's default); ``off`` (this benchmark's default, as it
measured before threads): the guild turned them off, each game in its own channel.

This is the bot's own memory per game. ``bot_latency.py`` reports the growth of the bot
process's resident memory under load, which also holds what the traffic leaves behind
(the allocator keeps freed memory) and SQLite's page cache.

Output keys: game, players, games, threads, warm, live_games, moves, retained_kb_per_game,
all_in_kb_per_game, parts_kb_per_game (each part over all games),
python.
"""

from __future__ import annotations

import asyncio
import gc
import json
import linecache
import platform
import random
import sys
import tempfile
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any, Never

import cli

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.e2e.conftest import World  # noqa: E402
from tests.e2e.driver import Driver  # noqa: E402
from tests.fakediscord import FakeDiscord  # noqa: E402

NOT_TESTS = tracemalloc.Filter(False, str(ROOT / "tests") + "/*", all_frames=True)
NOT_SERVER = tracemalloc.Filter(False, "*/aiohttp/web_*", all_frames=True)
"""aiohttp's server side: the fake's requests (the bot is only an aiohttp client)."""
NOT_PROGRESS = tracemalloc.Filter(False, "*/tqdm/*", all_frames=True)
"""The progress bar (on stderr, when it is a terminal)."""


def bot_bytes() -> int:
    """Bytes allocated now by anything but the fake and the players (after a collection).

    Python's cache of source lines is emptied first: discord.py's heartbeat thread fills it
    when it logs where the event loop was blocked (tracing makes the loop slow), a cost
    that depends on the timing, not on the games."""
    linecache.clearcache()
    gc.collect()
    snapshot = tracemalloc.take_snapshot().filter_traces([NOT_TESTS, NOT_SERVER, NOT_PROGRESS])
    return sum(stat.size for stat in snapshot.statistics("filename"))


async def run(
    game: str,
    players: int,
    games: int,
    warm: int,
    moves: int,
    seed: int,
    bar: cli.tqdm[Never],
    threads: bool = False,
) -> dict[str, object]:
    """Open ``warm`` games then ``games`` more, make ``moves`` moves in each, and measure
    (each game played advances ``bar``)."""
    async with FakeDiscord.running(relax={"deadline"}) as fake:  # memory, not latency
        guild = fake.add_guild("Memory")
        admin = fake.add_user("admin")
        guild.add_member(admin)
        fake.make_admin(admin)
        folder = Path(tempfile.mkdtemp())
        world = World(fake, guild, guild.add_text_channel("games"), {"admin": admin}, folder / "db")
        seated = []  # the server's channels and members exist before the bot starts
        for g in range(warm + games):
            users = [fake.add_user(f"g{g}p{p}") for p in range(players)]
            for user in users:
                guild.add_member(user)
            seated.append((users, world.channel if threads else guild.add_text_channel(f"t{g}")))
        await world.start()
        world.threads = threads
        await world.bot.room.threads.choose(guild.id, threads)
        await world.bot.wait_idle()
        idle = bot_bytes()
        drivers: list[Driver] = []

        async def play(batch: list[tuple[list[Any], Any]], first: int) -> None:
            started = []
            for g, (users, channel) in enumerate(batch, start=first):
                driver = Driver(world, users, random.Random(seed * 1000 + g), game)
                driver.channel = channel
                driver.checks = False
                await driver.open_and_start()
                for user in users:
                    await driver.show_hand(user)
                started.append(driver)
            for driver in started:
                for _ in range(moves):
                    if not await driver.step():
                        break
                bar.update()
            await world.bot.wait_idle()
            drivers.extend(started)

        await play(seated[:warm], 0)
        warmed = bot_bytes()
        await play(seated[warm:], warm)
        room = world.bot.room
        live = sum(1 for d in drivers if room.service.live._games.get(d.game_id) is not None)
        held = bot_bytes()
        parts: dict[str, int] = {}

        def release(name: str, let_go: Callable[[], object]) -> None:
            before = bot_bytes()
            let_go()
            parts[name] = before - bot_bytes()

        release("open screens", room.screens._screens.clear)
        release("live games", room.service.live._games.clear)
        tables = room.tables

        def forget_tables() -> None:
            for d in drivers:
                tables._forget(d.game_id)

        release("tables", forget_tables)
        release("pings", room.pings._last.clear)
        release("threads", room.threads._names.clear)
        await world.handle.stop()
    return {
        "game": game,
        "players": players,
        "games": games,
        "threads": threads,
        "live_games": live,
        "moves": moves,
        "warm": warm,
        "retained_kb_per_game": round((held - warmed) / games / 1024, 1),
        "all_in_kb_per_game": round((held - idle) / (warm + games) / 1024, 1),
        "parts_kb_per_game": {k: round(v / (warm + games) / 1024, 1) for k, v in parts.items()},
        "python": platform.python_version(),
    }


def main() -> None:
    """Parse the arguments, measure, print the JSON line."""
    parser = cli.parser(__doc__)
    parser.add_argument("--game", default="artichokes", help="the game every table plays")
    parser.add_argument("--players", type=int, default=3, help="players at each table")
    parser.add_argument("--games", type=int, default=30, help="games measured")
    parser.add_argument(
        "--warm", type=int, default=20, help="games played first, to load what is loaded once"
    )
    parser.add_argument("--moves", type=int, default=8, help="moves made in each game")
    parser.add_argument("--seed", type=int, default=1, help="seed of the players' choices")
    parser.add_argument(
        "--threads",
        choices=("on", "off"),
        default="off",
        help="on: every game in one channel, each in its own thread (the bot's default); "
        "off: each game in a channel of its own, threads turned off (as measured before them)",
    )
    args = parser.parse_args()
    with cli.progress(args.warm + args.games, f"{args.game} games opened and played") as bar:
        tracemalloc.start(30)
        figures = asyncio.run(
            run(
                args.game,
                args.players,
                args.games,
                args.warm,
                args.moves,
                args.seed,
                bar,
                args.threads == "on",
            )
        )
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
