"""Benchmark: the bot under many live games, measured from outside its process; one JSON line.

    .venv/bin/python benchmarks/bot_latency.py [--games 100] [--players 3] [--think-ms 2000]
        [--game artichokes] [--seed 1] [--ramp-s 10] [--pictures on|off] [--threads on|off]

The bot runs as its own process (``python -m bot``, real SQLite file, ``synchronous=FULL``)
against the local fake Discord (``tests/fakediscord``), which runs in this process together
with the simulated players, so the figures are the bot's. ``--games`` games run at once, each
in its own channel with its own players, who play to the end by clicking what they see (the
end-to-end driver, oracle checks off; a pinged player whose open screen has something to
click uses it). Each game opens at a random moment of the first ``--ramp-s`` seconds (live
games come and go; all of them created in the same instant would measure that burst
instead). ``--think-ms``: players pause an exponentially
distributed time of that mean between clicks (0: as fast as the bot answers — saturation).
``--pictures off``: the guild has turned the tables' pictures off (``/cardroom pictures``),
to compare with the default, on. ``--threads on``: every game is opened in one channel and
played in a thread of its own, its lobby staying there as its card (the bot's default);
``off`` (this benchmark's default, as it measured before threads): the guild turned them off
(``/cardroom threads``), each game in its own channel.

Latency is what Discord would measure: from the INTERACTION_CREATE sent to the bot until its
interaction callback arrives. REST requests are every request the bot made during play
(callbacks included; command sync and start-up left out), per interaction and per action
(a click on a decision). CPU is the bot process's user+system time during play. Memory per
live game is the growth of the bot's resident memory from an idle bot to one holding every
game, divided by the games. This process (the fake and the players) freezes what survives
every half second, so its own garbage collection does not pause it and add to the figures.

Output keys: game, games, players, think_ms, pictures, threads, interactions, actions, seconds,
interactions_per_s, p50_ms, p99_ms, max_ms, late, unanswered, rest_requests,
requests_per_interaction, requests_per_action, uploads (pictures uploaded: they ride on
the requests counted; every request that shows a picture uploads it, docs/discord.md),
uploads_per_action, upload_kb_per_action (the pictures' bytes uploaded per action, in KB),
requests_by_route (top 8),
requests_per_action_by_purpose (callback, table edits, ping edits and deletions, screen edits),
bot_cpu_ms_per_interaction, bot_children_cpu_ms_per_interaction (its drawing
processes'), bot_loop_lag (how late the bot's event loop ran what was due:
p50_ms, p99_ms, max_ms, over_50ms, ``benchmarks/loop_lag.py``), fake_cpu_ms_per_interaction
and fake_loop_lag (the same for this process: the fake and the players), load_avg (the
machine's 1, 5 and 15-minute load when done), bot_rss_idle_mb, bot_rss_mb,
memory_per_game_kb, finished_games, python, host_ms (``cli.host_ms`` before and after the
run: the shared host's speed, lower is faster; figures of runs on hosts of different speed do
not compare).
"""

from __future__ import annotations

import asyncio
import collections
import gc
import json
import os
import platform
import random
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import cli
import loop_lag

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from storage import Storage  # noqa: E402
from tests.e2e.conftest import World  # noqa: E402
from tests.e2e.driver import Driver, table_closed  # noqa: E402
from tests.fakediscord import FakeDiscord  # noqa: E402
from tests.fakediscord.interactions import LatencyStats  # noqa: E402
from tests.fakediscord.model import Guild  # noqa: E402
from tests.fakediscord.server import RequestRecord  # noqa: E402

TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of process ``pid`` so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def children(pid: int) -> list[int]:
    """The child processes of ``pid`` (the bot's drawing processes)."""
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(c) for c in (task / "children").read_text().split()]
    return found


def children_cpu_seconds(pid: int) -> dict[int, float]:
    """CPU seconds so far of each child process of ``pid``."""
    spent = {}
    for child in children(pid):
        try:
            spent[child] = cpu_seconds(child)
        except OSError:
            continue  # it ended meanwhile
    return spent


def rss_kb(pid: int) -> int:
    """Resident memory of process ``pid`` in KB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def start_bot(
    fake: FakeDiscord, db_path: Path, on_line: Callable[[str], object] | None = None
) -> asyncio.subprocess.Process:
    """``python -m bot`` against ``fake``; returns once it is ready (it logged its invite).
    ``on_line`` is called with every later line of its log."""
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "DISCORD_TOKEN": fake.token,
        "DATABASE_PATH": str(db_path),
        "DISCORD_API_URL": f"{fake.url}/api/v10",
        "DISCORD_GATEWAY_URL": f"ws://127.0.0.1:{fake.port}/gateway",
        "LOG_LEVEL": "INFO",
    }
    probed = str(Path(__file__).resolve().parent / "loop_lag.py")  # python -m bot, probed
    process = await asyncio.create_subprocess_exec(
        sys.executable, probed, cwd=db_path.parent, env=env, stderr=asyncio.subprocess.PIPE
    )
    assert process.stderr is not None
    while True:
        line = (await asyncio.wait_for(process.stderr.readline(), 60)).decode()
        if not line:
            raise RuntimeError("the bot stopped before it was ready")
        if "invite link:" in line:
            break
    asyncio.get_running_loop().create_task(_drain(process, on_line))
    return process


async def _drain(
    process: asyncio.subprocess.Process, on_line: Callable[[str], object] | None
) -> None:
    assert process.stderr is not None
    while line := await process.stderr.readline():
        if on_line is not None:
            on_line(line.decode(errors="replace"))


@dataclass
class BotLags:
    """The event-loop lags a bot process reports (its ``LOOP-LAG`` lines, see ``loop_lag.py``),
    kept while ``recording``; :meth:`on_line` reads each line of its log."""

    recording: bool = False
    lags: list[float] = field(default_factory=list)

    def on_line(self, line: str) -> None:
        """Keep the lags of ``line``, if it is a ``LOOP-LAG`` line and this is recording."""
        lags = loop_lag.parse(line)
        if lags is not None and self.recording:
            self.lags.extend(lags)


def drivers_for(
    fake: FakeDiscord,
    guild: Guild,
    db_path: Path,
    game: str,
    games: int,
    players: int,
    seed: int,
    prefix: str = "",
    shared: bool = False,
) -> list[Driver]:
    """A driver for each of ``games`` games of ``game``, each in its own new channel of
    ``guild`` (``shared``: all in one new channel, where each game gets a thread of its own
    when the guild has threads on) with its own ``players`` new members (names start with
    ``prefix``); game ``g``'s players choose from ``seed + g``."""
    drivers = []
    one = guild.add_text_channel(f"{prefix}games") if shared else None
    for g in range(games):
        channel = one or guild.add_text_channel(f"{prefix}table-{g}")
        users = {}
        for p in range(players):
            user = fake.add_user(f"{prefix}g{g}p{p}")
            guild.add_member(user)
            users[user.username] = user
        world = World(fake, guild, channel, users, db_path)
        drivers.append(
            Driver(
                world,
                list(users.values()),
                random.Random(seed + g),
                game,
                checks=False,
                remote=True,
                reuse_screens=True,
            )
        )
    return drivers


async def play_phase(
    fake: FakeDiscord,
    bot: asyncio.subprocess.Process,
    drivers: list[Driver],
    think_ms: float,
    ramp_s: float,
    bot_lags: BotLags,
) -> dict[str, object]:
    """Play every driver's game to the end against ``bot`` (a process from
    :func:`start_bot` whose log feeds ``bot_lags``), each opening at a random moment of the
    first ``ramp_s`` seconds, players pausing ``think_ms`` on average between clicks; the
    figures of the module's docstring, over this phase's interactions and requests only."""
    rss_idle = rss_kb(bot.pid)
    skip = len(fake.requests)
    first_interaction = len(fake.interactions)
    uploads_before = len(fake.world.attachments)
    cpu_before = cpu_seconds(bot.pid)
    drawing_before = children_cpu_seconds(bot.pid)
    own_cpu_before = time.process_time()
    own_probe = loop_lag.LagProbe()
    own_probe.start()
    bot_lags.recording = True
    rss_peak = rss_idle

    async def play(driver: Driver) -> None:
        await asyncio.sleep(driver.rng.uniform(0.0, ramp_s))  # games open over a while
        await driver.open_and_start()
        while await driver.step():
            if think_ms:
                await asyncio.sleep(driver.rng.expovariate(1000.0 / think_ms))
        bar.update()

    async def sample_memory() -> None:
        nonlocal rss_peak
        while True:
            rss_peak = max(rss_peak, rss_kb(bot.pid))
            # The fake keeps every message: this process's own full collections would
            # pause it for 100+ ms and count as the bot's latency. Survivors are frozen.
            gc.freeze()
            await asyncio.sleep(0.5)

    sampler = asyncio.get_running_loop().create_task(sample_memory())
    try:
        game = drivers[0].game if drivers else ""
        with cli.progress(len(drivers), f"{game} games played") as bar:
            started = time.perf_counter()
            await asyncio.gather(*(play(d) for d in drivers))
            seconds = time.perf_counter() - started
        await asyncio.sleep(1.0)  # the last follow-ups
    finally:
        sampler.cancel()
        bot_lags.recording = False
        own_probe.stop()
    cpu = cpu_seconds(bot.pid) - cpu_before
    drawing_after = children_cpu_seconds(bot.pid)
    drawing = sum(v - drawing_before.get(c, 0.0) for c, v in drawing_after.items())
    own_cpu = time.process_time() - own_cpu_before
    requests = fake.requests[skip:]
    records = fake.interactions[first_interaction:]
    stats = LatencyStats.of(records)
    actions = sum(1 for r in records if r.name.startswith(("cr:act:", "cr:sel:")))
    finished = sum(1 for d in drivers if d.table is not None and table_closed(d.table))
    uploads = len(fake.world.attachments) - uploads_before
    uploaded = sum(len(a.data) for a in list(fake.world.attachments.values())[uploads_before:])
    routes = collections.Counter(r.route for r in requests)
    purposes = collections.Counter(purpose(fake, r) for r in requests)
    return {
        "interactions": stats.count,
        "actions": actions,
        "seconds": round(seconds, 2),
        "interactions_per_s": round(stats.count / seconds, 1),
        "p50_ms": round(stats.p50 * 1000, 1),
        "p99_ms": round(stats.p99 * 1000, 1),
        "max_ms": round(stats.max * 1000, 1),
        "late": stats.late,
        "unanswered": stats.unanswered,
        "rest_requests": len(requests),
        "requests_per_interaction": round(len(requests) / max(1, stats.count), 2),
        "requests_per_action": round(len(requests) / max(1, actions), 2),
        "uploads": uploads,
        "uploads_per_action": round(uploads / max(1, actions), 3),
        "upload_kb_per_action": round(uploaded / 1024 / max(1, actions), 1),
        "requests_by_route": dict(routes.most_common(8)),
        "requests_per_action_by_purpose": {
            k: round(n / max(1, actions), 3) for k, n in purposes.most_common()
        },
        "bot_cpu_ms_per_interaction": round(cpu * 1000 / max(1, stats.count), 2),
        "bot_children_cpu_ms_per_interaction": round(drawing * 1000 / max(1, stats.count), 2),
        "bot_loop_lag": loop_lag.summary(bot_lags.lags),
        "fake_cpu_ms_per_interaction": round(own_cpu * 1000 / max(1, stats.count), 2),
        "fake_loop_lag": loop_lag.summary(own_probe.lags),
        "load_avg": [round(v, 2) for v in os.getloadavg()],
        "bot_rss_idle_mb": round(rss_idle / 1024, 1),
        "bot_rss_mb": round(rss_peak / 1024, 1),
        "memory_per_game_kb": round((rss_peak - rss_idle) / max(1, len(drivers)), 1),
        "finished_games": finished,
    }


async def run(
    game: str,
    games: int,
    players: int,
    seed: int,
    db_path: Path,
    think_ms: float,
    ramp_s: float = 10.0,
    pictures: bool = True,
    threads: bool = False,
) -> dict[str, object]:
    """Play ``games`` concurrent games against a bot process and return the figures
    (``threads``: all of them in one channel, each in a thread of its own)."""
    async with FakeDiscord.running(interaction_deadline=3.0, relax={"deadline"}) as fake:
        guild = fake.add_guild("Benchmark")
        storage = await Storage.open(path=db_path)
        await storage.guilds.set(guild.id, pictures=pictures, threads=threads)
        await storage.close()
        drivers = drivers_for(fake, guild, db_path, game, games, players, seed, shared=threads)
        bot_lags = BotLags()
        bot = await start_bot(fake, db_path, bot_lags.on_line)
        try:
            figures = await play_phase(fake, bot, drivers, think_ms, ramp_s, bot_lags)
        finally:
            bot.terminate()
            await bot.wait()
    return {
        "game": game,
        "games": games,
        "players": players,
        "think_ms": think_ms,
        "ramp_s": ramp_s,
        "pictures": pictures,
        "threads": threads,
        **figures,
        "python": platform.python_version(),
    }


def purpose(fake: FakeDiscord, request: RequestRecord) -> str:
    """What a request was for: ``callback``, ``table`` (a table's post or edit), ``lobby or
    card`` (an edit of a lobby message), ``ping`` (a channel message that is neither),
    ``screen`` (a private screen edited through the interaction's webhook), ``thread`` (making
    one, renaming or archiving it, adding a member), or its route."""
    route = request.route
    if route.endswith("/callback"):
        return "callback"
    if route.startswith("PATCH /webhooks/"):
        return "screen"
    thread_routes = ("/threads", "/thread-members/")
    if any(part in route for part in thread_routes) or route == "PATCH /channels/{channel_id}":
        return "thread"
    if route.startswith(("PATCH /channels/", "DELETE /channels/", "POST /channels/")):
        if route.startswith("POST"):
            return "post (table or ping)"
        message = fake.message(int(request.path.rstrip("/").split("/")[-1]))
        ids = [str(b.get("custom_id", "")) for b in message.buttons()]
        if any(i.startswith("cr:hand:") for i in ids):
            return "table"
        if any(i.startswith(("cr:lobby:", "cr:card:")) for i in ids) or not message.content:
            return "lobby or card"
        return "ping"
    return route


def main() -> None:
    """Parse arguments, run, print one JSON line."""
    parser = cli.parser(__doc__)
    parser.add_argument("--game", default="artichokes", help="the game every table plays")
    parser.add_argument("--games", type=int, default=100, help="games played at once")
    parser.add_argument("--players", type=int, default=3, help="players at each table")
    parser.add_argument(
        "--think-ms",
        type=float,
        default=2000.0,
        help="players' mean pause between clicks, in ms (0: as fast as the bot answers)",
    )
    parser.add_argument(
        "--seed", type=int, default=1, help="table g's players choose from seed + g"
    )
    parser.add_argument(
        "--ramp-s", type=float, default=10.0, help="games open over this many seconds"
    )
    parser.add_argument(
        "--pictures",
        choices=("on", "off"),
        default="on",
        help="whether the guild shows table pictures (the bot's default: on)",
    )
    parser.add_argument(
        "--threads",
        choices=("on", "off"),
        default="off",
        help="on: every game in one channel, each in its own thread (the bot's default); "
        "off: each game in a channel of its own, threads turned off (as measured before them)",
    )
    args = parser.parse_args()
    host_before = cli.host_ms()
    with tempfile.TemporaryDirectory() as folder:
        figures = asyncio.run(
            run(
                args.game,
                args.games,
                args.players,
                args.seed,
                Path(folder) / "bench.sqlite3",
                args.think_ms,
                args.ramp_s,
                args.pictures == "on",
                args.threads == "on",
            )
        )
    figures["host_ms"] = [host_before, cli.host_ms()]
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
