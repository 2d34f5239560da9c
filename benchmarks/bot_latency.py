"""Benchmark: interaction latency of the real bot with many concurrent games; one JSON line.

    .venv/bin/python benchmarks/bot_latency.py [--games 20] [--players 3] [--think-ms 0]
        [--seed 1]

The real ``CardroomBot`` (real SQLite file, ``synchronous=FULL``) runs against the local fake
Discord (``tests/fakediscord``) on 127.0.0.1. ``--games`` games run at once, each in its own
channel with its own players, who play to the end by clicking what they see (the end-to-end
test driver, with its oracle checks off). ``--think-ms`` makes players pause an exponentially
distributed time of that mean between clicks (0: every game clicks as fast as the bot answers,
a saturation test). Latency is what Discord would measure: from the
INTERACTION_CREATE sent to the bot until its interaction callback arrives. The bot, the fake
and the players share one process and one event loop, so the figures include the fake's own
work.

Output keys: games, players, think_ms, interactions, seconds, interactions_per_s, p50_ms, p99_ms,
max_ms, late (answered after Discord's 3 s), unanswered, finished_games, python.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import platform
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.app import CardroomBot  # noqa: E402
from bot.settings import BotSettings  # noqa: E402
from storage import GameStatus  # noqa: E402
from tests.e2e.conftest import World  # noqa: E402
from tests.e2e.driver import Driver  # noqa: E402
from tests.fakediscord import FakeDiscord  # noqa: E402


async def run(
    games: int, players: int, seed: int, db_path: Path, think_ms: float = 0.0
) -> dict[str, object]:
    """Play ``games`` concurrent games and return the figures."""
    async with FakeDiscord.running(interaction_deadline=3.0) as fake:
        guild = fake.add_guild("Benchmark")
        seeds = iter(range(seed * 10_000, seed * 10_000 + games * 10))
        bot = CardroomBot(
            BotSettings(discord_token=fake.token, database_path=db_path),
            seed_source=lambda: next(seeds),
            guild_ready_timeout=0.05,
        )
        handle = await fake.start_bot(bot)
        await fake.wait_for(bot.resumed.is_set, what="games resumed")
        drivers = []
        for g in range(games):
            channel = guild.add_text_channel(f"table-{g}")
            users = {}
            for p in range(players):
                user = fake.add_user(f"g{g}p{p}")
                guild.add_member(user)
                users[user.username] = user
            world = World(fake, guild, channel, users, db_path, handle)
            drivers.append(
                Driver(world, list(users.values()), random.Random(seed + g), checks=False)
            )

        async def play(driver: Driver) -> None:
            await driver.open_and_start()
            while await driver.step():
                if think_ms:
                    await asyncio.sleep(driver.rng.expovariate(1000.0 / think_ms))

        started = time.perf_counter()
        await asyncio.gather(*(play(d) for d in drivers))
        seconds = time.perf_counter() - started
        finished = 0
        for driver in drivers:
            record = (await bot.service.snapshot(driver.game_id)).record
            finished += record.status == GameStatus.FINISHED
        stats = fake.latency_stats()
        await handle.stop()
    return {
        "games": games,
        "players": players,
        "think_ms": think_ms,
        "interactions": stats.count,
        "seconds": round(seconds, 2),
        "interactions_per_s": round(stats.count / seconds, 1),
        "p50_ms": round(stats.p50 * 1000, 1),
        "p99_ms": round(stats.p99 * 1000, 1),
        "max_ms": round(stats.max * 1000, 1),
        "late": stats.late,
        "unanswered": stats.unanswered,
        "finished_games": finished,
        "python": platform.python_version(),
    }


def main() -> None:
    """Parse arguments, run, print one JSON line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=3, choices=(2, 3, 4))
    parser.add_argument("--think-ms", type=float, default=0.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        figures = asyncio.run(
            run(args.games, args.players, args.seed, Path(folder) / "bench.db", args.think_ms)
        )
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
