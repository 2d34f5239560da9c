"""Benchmark: slow play at scale — many stored running games, a few being played; one JSON line.

    .venv/bin/python benchmarks/slow_play.py [--stored 100000] [--guilds 1000] [--games 100]
        [--players 3] [--think-ms 2000] [--game artichokes] [--seed 1] [--stop-min 10]

One local fake Discord (this process) holds ``--guilds`` guilds of ``--stored / --guilds``
channels each, a table message posted in every one, ten members each, and a guild of the games
played. In one go, against the bot as its own process (``python -m bot``, SQLite, pictures on):

1. ``baseline``: the bot on an empty database; ``--games`` games of ``--game`` played at once
   at ``--think-ms`` (as ``bot_latency.py`` plays them).
2. ``stored``: a database of ``--stored`` running 2-player Abandon All Artichokes games (a day
   a move, turn-based), one per channel: a day's clock spread over ``--stop-min`` minutes' worth
   of them (1/144 for 10) had their deadline fall during the ``--stop-min`` minutes before the
   start (a stop; both their reminders were sent before it), the others' deadlines fall 1 to 3
   days ahead (their reminders 12 h and 1 h before): idle, as slow games are. The bot starts on
   it (a restart, ``restart``: from its gateway session's ready, ``/help`` every 50 ms until it
   logs that it resumed), then the same play as in 1.

Output keys: stored, guilds, games, players, think_ms, game, build_s; ``baseline`` and
``stored_play`` (the figures of ``bot_latency.py``: p50_ms, p99_ms, max_ms, late,
requests_per_action, requests_per_action_by_purpose, bot_rss_idle_mb, bot_rss_mb, bot_loop_lag,
load_avg, ...); ``restart``: connect_to_first_answer_s, answers (during resumption),
answer_p50_ms, answer_p99_ms, answer_max_ms, resume_s (ready to "resumed" in its log),
resume_loop_lag, passed (deadlines that fell during the stop), passed_handled_s (ready to the
last of their timeouts committed), in_order (their timeouts committed in deadline order, games
of the same stored deadline by id), out_of_order (timeouts committed before the one of an
earlier deadline), exactly_once (one timeout each, none elsewhere), followups_s (ready to the
last REST request of their follow-ups: tables, pings), bot_rss_resumed_mb; ``memory``: the
bot's resident memory grown per stored game, idle and at the peak of play
(kb_per_stored_game_idle, kb_per_stored_game_peak: stored minus baseline over ``--stored``;
the fake's guilds and channels are the same in both, so this is the bot's cost of the games
themselves); python, host_ms (``cli.host_ms`` before and after).
"""

from __future__ import annotations

import asyncio
import gc
import json
import os
import platform
import random
import sqlite3
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import cli
import loop_lag

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.bot_latency import (  # noqa: E402
    BotLags,
    drivers_for,
    play_phase,
    rss_kb,
    start_bot,
)
from storage import Storage  # noqa: E402
from tests.e2e.stored_games import (  # noqa: E402
    DAY,
    StoredGame,
    post_tables,
    waited_bank,
    write_games,
)
from tests.fakediscord import FakeDiscord  # noqa: E402
from tests.fakediscord.interactions import LatencyStats  # noqa: E402
from tests.fakediscord.users import User  # noqa: E402

MEMBERS = 10
"""Members of each guild of stored games (each game seats two of them)."""
CHUNK = 5_000
"""Stored games written per transaction."""


def world(
    fake: FakeDiscord, stored: int, guilds: int, seed: int, now: datetime
) -> tuple[list[StoredGame], list[int]]:
    """The guilds, channels, members and tables of ``stored`` idle games in ``fake``, and the
    games to write (deadlines 1 to 3 days after ``now``, the reminder 12 h before)."""
    rng = random.Random(seed)
    games = []
    per_guild = -(-stored // guilds)
    for g in cli.tracked(range(guilds), "guilds built", unit="guild"):
        guild = fake.add_guild(f"Slow {g}")
        members: list[User] = []
        for m in range(MEMBERS):
            user = fake.add_user(f"s{g}m{m}")
            guild.add_member(user)
            members.append(user)
        for c in range(min(per_guild, stored - len(games))):
            channel = guild.add_text_channel(f"slow-{c}")
            a, b = rng.sample(members, 2)
            deadline = now + timedelta(days=rng.uniform(1, 3))
            wake = deadline - timedelta(seconds=DAY / 2)
            games.append(StoredGame(guild.id, channel, (a.id, b.id), len(games), deadline, wake))
    return games, post_tables(fake, games)


async def build(db_path: Path, games: list[StoredGame], tables: list[int]) -> list[int]:
    """Write ``games`` into a new database at ``db_path``; their ids."""
    storage = await Storage.open(path=db_path, synchronous="NORMAL")
    ids: list[int] = []
    try:
        for start in cli.tracked(range(0, len(games), CHUNK), "games written", unit="chunk"):
            chunk = slice(start, start + CHUNK)
            ids += await write_games(storage, games[chunk], tables[chunk], datetime.now(UTC))
    finally:
        await storage.close()
    return ids


def stop_passed(
    db_path: Path, ids: list[int], share: float, stop: timedelta, seed: int
) -> dict[int, datetime]:
    """Make the deadlines of ``share`` of the games ``ids`` fall during the ``stop`` just
    before now (their reminders said before it); their deadlines by id."""
    rng = random.Random(seed)
    chosen = rng.sample(ids, round(len(ids) * share))
    now = datetime.now(UTC)
    # as stored (milliseconds): two deadlines within one millisecond are then equal, and
    # handled in the order of their game ids, as the index reads them
    deadlines = {game_id: stored_time(now - stop * rng.random()) for game_id in chosen}
    with sqlite3.connect(db_path) as conn:
        conn.executemany(
            "UPDATE games SET deadline = ?, wake_at = ? WHERE id = ?",
            [
                (d.isoformat(timespec="milliseconds"), d.isoformat(timespec="milliseconds"), i)
                for i, d in deadlines.items()
            ],
        )
        # the waited seat's bank runs out then, both its reminders said (see waited_bank)
        conn.executemany(
            "UPDATE seats SET bank_since = ?, reminders = ? "
            "WHERE game_id = ? AND bank_since IS NOT NULL",
            [
                (since.isoformat(timespec="milliseconds"), reminders, i)
                for i, d in deadlines.items()
                for _ms, since, reminders in (waited_bank(d, d),)
            ],
        )
    return deadlines


def stored_time(moment: datetime) -> datetime:
    """``moment`` cut to the milliseconds storage keeps (``storage.rows.time_text``)."""
    return moment.replace(microsecond=moment.microsecond // 1000 * 1000)


def timeouts(db_path: Path) -> dict[int, list[str]]:
    """The times of the timeout moves stored, by game."""
    found: dict[int, list[str]] = {}
    with sqlite3.connect(db_path) as conn:
        for game_id, created in conn.execute(
            "SELECT game_id, created_at FROM actions WHERE actor = 'timeout' ORDER BY game_id, seq"
        ):
            found.setdefault(game_id, []).append(created)
    return found


async def restart(
    fake: FakeDiscord, db_path: Path, deadlines: dict[int, datetime]
) -> tuple[asyncio.subprocess.Process, BotLags, dict[str, object]]:
    """Start the bot on the stored games and measure its resumption (see the module)."""
    asker = fake.add_user("asker")
    first_guild = next(iter(fake.world.guilds.values()))
    first_guild.add_member(asker)
    channel = first_guild.channels[0]
    resumed = asyncio.Event()
    bot_lags = BotLags()

    def on_line(line: str) -> None:
        bot_lags.on_line(line)
        if "resumed " in line:
            resumed.set()

    bot = await start_bot(fake, db_path, on_line)  # once connected (it logged its invite)
    connected, connected_wall = time.perf_counter(), datetime.now(UTC)
    bot_lags.recording = True
    first_record = len(fake.interactions)
    first_answer = None
    with cli.progress(None, "answers while the bot resumes", unit="answer") as bar:
        while not resumed.is_set():
            await asker.slash(channel, "help")
            bar.update()
            if first_answer is None:
                first_answer = time.perf_counter() - connected
            await asyncio.sleep(0.05)
    resume_s = time.perf_counter() - connected
    bot_lags.recording = False
    answers = LatencyStats.of(fake.interactions[first_record:])
    last = len(fake.requests)
    quiet_since = time.perf_counter()
    while time.perf_counter() - quiet_since < 3.0:  # the follow-ups of the timeouts
        await asyncio.sleep(0.5)
        if len(fake.requests) != last:
            last, quiet_since = len(fake.requests), time.perf_counter()
    followups_s = quiet_since - connected
    moved = timeouts(db_path)
    handled = [
        moved.get(game_id, []) for _d, game_id in sorted((d, i) for i, d in deadlines.items())
    ]
    times = [datetime.fromisoformat(t[0]) for t in handled if t]
    figures: dict[str, object] = {
        "connect_to_first_answer_s": round(first_answer or 0.0, 3),
        "answers": answers.count,
        "answer_p50_ms": round(answers.p50 * 1000, 1),
        "answer_p99_ms": round(answers.p99 * 1000, 1),
        "answer_max_ms": round(answers.max * 1000, 1),
        "resume_s": round(resume_s, 2),
        "resume_loop_lag": loop_lag.summary(bot_lags.lags),
        "passed": len(deadlines),
        "passed_handled_s": round((max(times) - connected_wall).total_seconds(), 2)
        if times
        else None,
        "in_order": times == sorted(times) and len(times) == len(deadlines),
        "out_of_order": sum(1 for a, b in zip(times, times[1:], strict=False) if b < a),
        "exactly_once": all(len(t) == 1 for t in handled) and set(moved) <= set(deadlines),
        "followups_s": round(followups_s, 2),
        "bot_rss_resumed_mb": round(rss_kb(bot.pid) / 1024, 1),
    }
    bot_lags.lags.clear()
    return bot, bot_lags, figures


async def run(
    stored: int,
    guilds: int,
    games: int,
    players: int,
    think_ms: float,
    game: str,
    seed: int,
    stop_min: float,
) -> dict[str, object]:
    """Both phases (see the module)."""
    figures: dict[str, object] = {"stored": stored, "guilds": guilds, "games": games}
    figures.update(players=players, think_ms=think_ms, game=game)
    with tempfile.TemporaryDirectory() as folder:
        base_db, stored_db = Path(folder) / "baseline.sqlite3", Path(folder) / "stored.sqlite3"
        async with FakeDiscord.running(interaction_deadline=3.0, relax={"deadline"}) as fake:
            started = time.perf_counter()
            slow, tables = world(fake, stored, guilds, seed, datetime.now(UTC))
            live = fake.add_guild("Played")
            ids = await build(stored_db, slow, tables)
            figures["build_s"] = round(time.perf_counter() - started, 1)
            del slow, tables
            # millions of the fake's objects: out of its collector's sight, or each full
            # collection pauses the fake (and every interaction) for seconds
            gc.collect()
            gc.freeze()

            bot_lags = BotLags()
            bot = await start_bot(fake, base_db, bot_lags.on_line)
            try:
                drivers = drivers_for(fake, live, base_db, game, games, players, seed, "b")
                await asyncio.sleep(2.0)
                baseline = await play_phase(fake, bot, drivers, think_ms, 10.0, bot_lags)
            finally:
                bot.terminate()
                await bot.wait()
            figures["baseline"] = baseline

            stop = timedelta(minutes=stop_min)
            deadlines = stop_passed(stored_db, ids, stop_min / (DAY / 60), stop, seed)
            bot, bot_lags, figures["restart"] = await restart(fake, stored_db, deadlines)
            try:
                drivers = drivers_for(fake, live, stored_db, game, games, players, seed, "s")
                played = await play_phase(fake, bot, drivers, think_ms, 10.0, bot_lags)
            finally:
                bot.terminate()
                await bot.wait()
            figures["stored_play"] = played

    def per_game(key: str) -> float:
        grown = float(played[key]) - float(baseline[key])  # type: ignore[arg-type]
        return round(grown * 1024 / max(1, stored), 2)

    figures["memory"] = {
        "kb_per_stored_game_idle": per_game("bot_rss_idle_mb"),
        "kb_per_stored_game_peak": per_game("bot_rss_mb"),
    }
    figures["load_avg"] = [round(v, 2) for v in os.getloadavg()]
    figures["python"] = platform.python_version()
    return figures


def main() -> None:
    """Parse arguments, run, print one JSON line."""
    parser = cli.parser(__doc__)
    parser.add_argument("--stored", type=int, default=100_000, help="running games stored")
    parser.add_argument("--guilds", type=int, default=1_000, help="guilds they are spread over")
    parser.add_argument("--games", type=int, default=100, help="games played at once")
    parser.add_argument("--players", type=int, default=3, help="players at each played table")
    parser.add_argument(
        "--think-ms", type=float, default=2000.0, help="players' mean pause between clicks (ms)"
    )
    parser.add_argument("--game", default="artichokes", help="the game every played table plays")
    parser.add_argument("--seed", type=int, default=1, help="seed of the stored games and players")
    parser.add_argument(
        "--stop-min", type=float, default=10.0, help="minutes the bot was down before its start"
    )
    args = parser.parse_args()
    host_before = cli.host_ms()
    figures = asyncio.run(
        run(
            args.stored,
            args.guilds,
            args.games,
            args.players,
            args.think_ms,
            args.game,
            args.seed,
            args.stop_min,
        )
    )
    figures["host_ms"] = [host_before, cli.host_ms()]
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
