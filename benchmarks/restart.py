"""Benchmark: a restart with many stored running games; one JSON line.

    .venv/bin/python benchmarks/restart.py [--games 10000] [--behind 100] [--game ninjan]

Builds a database of ``--games`` running 2-player games (each in its own channel, 500
channels per guild, each with its table message posted in the fake Discord), of which
``--behind`` have a table showing an older version than their game (as after a crash between
a commit and its table edit). Then starts the bot as its own process (``python -m bot``)
against the local fake Discord and, from the moment the bot's gateway session is ready, runs
``/help`` every 50 ms until the bot logs that it resumed (what fell due while it was down and
the tables behind their game: the games have no turn clock, so nothing else is read;
``slow_play.py`` measures a restart with deadlines).

Output keys: games, behind, build_s, connect_to_first_answer_s (from READY to the first
answered interaction), answer_p50_ms / answer_p99_ms / answer_max_ms (latency of the
interactions during resumption), resume_s (READY to "resumed N game(s)" in the bot's log),
table_edits and table_posts (requests to table messages during resumption: only the tables
behind should be edited), rest_requests_per_s_max (the most requests the bot made in any one
second), bot_rss_mb, python.
"""

from __future__ import annotations

import asyncio
import collections
import json
import os
import platform
import random
import sqlite3
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

import cli

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
from benchmarks.bot_latency import rss_kb, start_bot  # noqa: E402
from storage import Storage  # noqa: E402
from tests.fakediscord import FakeDiscord  # noqa: E402
from tests.fakediscord.interactions import percentile  # noqa: E402

PER_GUILD = 500
TABLE_EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"
TABLE_POST = "POST /channels/{channel_id}/messages"


def build(db_path: Path, fake: FakeDiscord, game: str, games: int, behind: int) -> None:
    """Write ``games`` running games straight into the database (one transaction), each
    with a table message in its own fake channel; ``behind`` of them show an older version."""
    rng = random.Random(7)
    now = datetime.now(UTC).isoformat()
    players = [fake.add_user(f"p{i}") for i in range(2)]
    stale = set(rng.sample(range(games), behind))
    with sqlite3.connect(db_path) as conn:
        guild = None
        for g in cli.tracked(range(games), "games written"):
            if g % PER_GUILD == 0:
                guild = fake.add_guild(f"Guild {g // PER_GUILD}")
                for user in players:
                    guild.add_member(user)
            assert guild is not None
            channel = guild.add_text_channel(f"table-{g}")
            seed = rng.randrange(2**32)
            state = engine.new_game(game, 2, None, seed)
            # a real move, so that a table behind its game shows something else
            seat = engine.deciding_seats(state)[0]
            engine.apply(state, engine.random_action(state, seat, rng))
            cursor = conn.execute(
                "INSERT INTO games (guild_id, channel_id, game_name, host_id, max_seats, "
                "created_at, updated_at) VALUES (?, ?, ?, ?, 2, ?, ?)",
                (guild.id, channel.id, game, players[0].id, now, now),
            )
            game_id = cursor.lastrowid
            for seat_number, user in enumerate(players):
                conn.execute(
                    "INSERT INTO seats (game_id, seat, user_id, joined_at) VALUES (?, ?, ?, ?)",
                    (game_id, seat_number, user.id, now),
                )
            conn.execute(
                "UPDATE games SET status = 'active', seed = ?, state = ?, started_at = ? "
                "WHERE id = ?",
                (seed, engine.dumps(engine.new_game(game, 2, None, seed)), now, game_id),
            )
            conn.execute(
                "UPDATE games SET state = ?, version = 1 WHERE id = ?",
                (engine.dumps(state), game_id),
            )
            conn.execute(
                "INSERT INTO actions (game_id, seq, seat, action_key, created_at) "
                "VALUES (?, 1, ?, ?, ?)",
                (game_id, seat, "move", now),
            )
            message = fake.world.post_message(
                channel,
                fake.world.bot,
                {"flags": 1 << 15, "components": [{"type": 10, "content": f"#{game_id}"}]},
            )  # a table as the bot posts them (components v2)
            conn.execute(
                "INSERT INTO game_messages (game_id, kind, channel_id, message_id, updated_at, "
                "shown_version) VALUES (?, 'table', ?, ?, ?, ?)",
                (game_id, channel.id, message.id, now, 0 if g in stale else 1),
            )


async def run(game: str, games: int, behind: int, db_path: Path) -> dict[str, object]:
    """Build, start the bot, measure its resumption."""
    storage = await Storage.open(path=db_path)  # the schema, by the migrations
    await storage.close()
    async with FakeDiscord.running(interaction_deadline=3.0, relax={"deadline"}) as fake:
        started = time.perf_counter()
        build(db_path, fake, game, games, behind)
        build_s = time.perf_counter() - started
        user = fake.add_user("asker")
        first_guild = next(iter(fake.world.guilds.values()))
        first_guild.add_member(user)
        channel = first_guild.channels[0]

        skip = len(fake.requests)
        resumed = asyncio.Event()
        launched = time.perf_counter()
        bot = await start_bot(
            fake, db_path, on_line=lambda line: "resumed " in line and resumed.set()
        )  # returns once the bot is connected (it logged its invite link)
        connected = time.perf_counter()
        counts: list[int] = []

        async def count_requests() -> None:
            while True:
                counts.append(len(fake.requests))
                await asyncio.sleep(1.0)

        counter = asyncio.get_running_loop().create_task(count_requests())
        latencies: list[float] = []
        first_answer = None
        with cli.progress(None, "answers while the bot resumes", unit="answer") as bar:
            while not resumed.is_set():
                sent = time.perf_counter()
                await user.slash(channel, "help")
                latencies.append(time.perf_counter() - sent)
                bar.update()
                if first_answer is None:
                    first_answer = time.perf_counter() - connected
                await asyncio.sleep(0.05)
        resume_s = time.perf_counter() - connected
        await asyncio.sleep(2.0)  # the last table edits
        counter.cancel()
        requests = fake.requests[skip:]
        rss = rss_kb(bot.pid)
        bot.terminate()
        await bot.wait()
    per_second = [b - a for a, b in zip(counts, counts[1:], strict=False)]
    routes = collections.Counter(r.route for r in requests)
    latencies.sort()
    return {
        "game": game,
        "games": games,
        "behind": behind,
        "build_s": round(build_s, 1),
        "start_to_connected_s": round(connected - launched, 2),
        "connect_to_first_answer_s": round(first_answer or 0.0, 3),
        "answers": len(latencies),
        "answer_p50_ms": round(latencies[len(latencies) // 2] * 1000, 1),
        "answer_p99_ms": round(percentile(latencies, 99) * 1000, 1),
        "answer_max_ms": round(latencies[-1] * 1000, 1),
        "resume_s": round(resume_s, 2),
        "table_edits": routes.get(TABLE_EDIT, 0),
        "table_posts": routes.get(TABLE_POST, 0),
        "rest_requests_per_s_max": max(per_second, default=0),
        "bot_rss_mb": round(rss / 1024, 1),
        "python": platform.python_version(),
    }


def main() -> None:
    """Parse arguments, run, print one JSON line."""
    parser = cli.parser(__doc__)
    parser.add_argument("--game", default="ninjan", help="the game of every stored table")
    parser.add_argument("--games", type=int, default=10_000, help="running games stored")
    parser.add_argument(
        "--behind", type=int, default=100, help="of them, games whose table shows an older version"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        figures = asyncio.run(
            run(args.game, args.games, args.behind, Path(folder) / "restart.sqlite3")
        )
    print(json.dumps(figures))


if __name__ == "__main__":
    os.environ.setdefault("LOG_LEVEL", "INFO")
    main()
