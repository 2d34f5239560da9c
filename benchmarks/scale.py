"""Benchmark: one bot process against several of a few shards each; one JSON line per setup.

    .venv/bin/python benchmarks/scale.py [--setups sqlite-1,postgres-1,postgres-2x2]
        [--games 200] [--players 3] [--think-ms 2000] [--live-s 60] [--saturation-games 40]
        [--saturation-s 20] [--game artichokes] [--seed 1] [--bot-cores 0.5]

Each setup runs the same load against real bot processes (``python -m bot``, as
``benchmarks/bot_latency.py`` does) through the local fake Discord, which runs in this process
with the simulated players (the end-to-end driver, oracle checks off):

- ``sqlite-1``: one process, the SQLite file (``synchronous=FULL``), today's default;
- ``sqlite-2x2``: two processes of two shards each on that one SQLite file;
- ``postgres-1``: one process on PostgreSQL (``DATABASE_URL``, a server this script starts
  from the machine's ``initdb``/``pg_ctl`` in a temporary folder, durable: ``fsync=on``);
- ``postgres-2x2``: two processes of two shards each on that PostgreSQL.

The games are spread over four guilds, one per shard of four, so every setup sees the same
servers. **Live**: ``--games`` games at once, players pausing an exponentially distributed
``--think-ms`` between clicks; they open over ``--ramp-s`` seconds, and a finished game is
followed by a new one in its channel, so the count stays live; measured over ``--live-s``
seconds after the ramp.
**Saturation**: ``--saturation-games`` games whose players click as soon as they are answered,
for ``--saturation-s`` seconds: the interactions answered per second.

Output keys, per setup: setup, processes, shards, interactions, actions, p50_ms, p99_ms, max_ms,
late, failed (what went wrong, by kind; ``InteractionFailed``: a click the bot never answered,
"This interaction failed"), tables_lost (tables whose game never opened), requests_per_action,
bot_cpu_ms_per_interaction (all bot processes), saturation_interactions_per_s,
saturation_p99_ms, saturation_cores (the cores each process kept busy over the measured
saturation seconds: each bot, the fake with the players, PostgreSQL's server processes; their
sum against the machine's cores says whether the machine, not the bot, was the limit), cpu_s
(CPU seconds of each process during the whole run), load_average (of the machine, before and
after: it is shared), postgresql_conflicts (transactions PostgreSQL refused, from its log:
serialization failures and deadlocks, each run again by the bot, up to 20 times in a row before
it gives up with DatabaseBusy), host_ms (``cli.host_ms`` before and after the setup: the shared
host's speed, lower is faster), python, bot_cores_budget and saturation_bot_throttled (with
``--bot-cores``: each bot process and its children are held to that many cores, as
``docker run --cpus`` does (``benchmarks/cpu_quota.py``, needs root); the seconds each bot
was held back for want of budget per measured saturation second, summed over the CPUs' run
queues, so it may exceed 1). On a machine of few cores, the budget is how (c)'s two
processes get twice (b)'s bot CPU while the fake and PostgreSQL keep theirs: the saturation
ratio of a process per core, read on a small machine. Pictures are off
(``/cardroom pictures``): drawing them is the same work in every setup, done in a process of
its own.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import json
import os
import platform
import random
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import cli
import cpu_quota

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.bot_latency import cpu_seconds  # noqa: E402
from tests.e2e.conftest import World  # noqa: E402
from tests.e2e.driver import Driver  # noqa: E402
from tests.e2e.processes import BotProcess  # noqa: E402
from tests.fakediscord import FakeDiscord, percentile  # noqa: E402
from tests.fakediscord.model import Guild  # noqa: E402

SHARDS = 4
SATURATION_WARMUP_S = 2.0
"""Seconds of the saturating load left out of its figures (its games opening)."""
SETUPS = {
    "sqlite-1": ("sqlite", [None]),
    "sqlite-2x2": ("sqlite", ["0-1", "2-3"]),
    "postgres-1": ("postgres", [None]),
    "postgres-2x2": ("postgres", ["0-1", "2-3"]),
}
"""Setup name: (database, the ``SHARD_IDS`` of each process; ``None``: unset, one shard)."""
ACTION = re.compile(r"cr:(act|sel|ok):")


@contextlib.contextmanager
def postgres_server(folder: Path) -> Iterator[tuple[str, int]]:
    """A PostgreSQL server in ``folder`` (as the ``postgres`` user when run as root, which
    PostgreSQL refuses): yields its ``DATABASE_URL`` and its postmaster's pid."""
    prefix = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    folder.mkdir(parents=True)
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
    data = folder / "data"
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    run = {"check": True, "stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    subprocess.run([*prefix, "initdb", "-D", str(data), "-U", "postgres", "-A", "trust"], **run)
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c max_connections=200"
    ctl = [*prefix, "pg_ctl", "-D", str(data), "-l", str(folder / "log")]
    subprocess.run([*ctl, "-o", options, "-w", "start"], **run)
    try:
        pid = int((data / "postmaster.pid").read_text().split()[0])
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres", pid
    finally:
        subprocess.run([*ctl, "-m", "fast", "-w", "stop"], **run)


def processes_cpu(bots: list[BotProcess], postmaster: int | None) -> dict[str, float]:
    """CPU seconds so far of each process of a run: each bot (by its shard range), this one
    (the fake with the players) and PostgreSQL's server processes (when ``postmaster``)."""
    cpu = {f"bot {b.shard_ids or 'all'}": cpu_seconds(b.pid) for b in bots}
    cpu["fake and players"] = time.process_time()
    if postmaster:
        cpu["postgresql"] = family_cpu(postmaster)
    return cpu


def family_cpu(root: int) -> float:
    """CPU seconds so far of process ``root`` and its living descendants (PostgreSQL's server
    and its backends, ``cpu_quota.family``), their exited children included."""
    total = 0.0
    for pid in cpu_quota.family(root):
        with contextlib.suppress(OSError, IndexError, ValueError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += sum(int(f) for f in fields[11:15]) / os.sysconf("SC_CLK_TCK")
    return total


class Table:
    """One channel's players, playing game after game."""

    def __init__(self, world: World, guild: Guild, game: str, players: int, seed: int) -> None:
        channel = guild.add_text_channel(f"table-{seed}")
        users = [world.fake.add_user(f"t{seed}p{p}") for p in range(players)]
        for user in users:
            guild.add_member(user)
        self.make = lambda: Driver(
            world,
            users,
            random.Random(seed),
            game,
            checks=False,
            remote=True,
            reuse_screens=True,
            channel=channel,
        )
        self.driver = self.make()
        self.failures: collections.Counter[str] = collections.Counter()
        """What went wrong, by kind: ``InteractionFailed`` is "This interaction failed"."""
        self.lost = False
        """Whether a game failed to open here (the table plays no more)."""

    async def play(self, until: float, think_ms: float, start_in: float) -> None:
        """Play until the monotonic time ``until``, opening a new game after each one. A game
        that could not be opened (the bot did not answer in time) ends this table's play."""
        await asyncio.sleep(start_in)
        while time.monotonic() < until and not self.lost:
            try:
                if self.driver.table is None:
                    await self.driver.open_and_start()
                elif not await self.driver.step():
                    self.driver = self.make()  # the game ended: a new one in the channel
                    continue
            except Exception as exc:  # "This interaction failed", a screen never updated
                self.failures[type(exc).__name__] += 1
                if self.driver.table is None:
                    self.lost = True  # a lobby half made: its channel is taken
                    return
                await asyncio.sleep(1.0)  # then the players look again
            if think_ms:
                await asyncio.sleep(self.driver.rng.expovariate(1000.0 / think_ms))


def window(fake: FakeDiscord, start: float, end: float) -> dict[str, object]:
    """Latency and counts of the interactions made between ``start`` and ``end``."""
    records = [r for r in fake.interactions if start <= r.created_at <= end]
    latencies = [r.latency for r in records if r.latency is not None]
    actions = sum(1 for r in records if ACTION.match(r.name))
    return {
        "interactions": len(records),
        "actions": actions,
        "p50_ms": round(percentile(latencies, 50) * 1000, 1),
        "p99_ms": round(percentile(latencies, 99) * 1000, 1),
        "max_ms": round(max(latencies, default=float("nan")) * 1000, 1),
        "late": sum(1 for r in records if r.late),
    }


async def run_setup(name: str, args: argparse.Namespace, folder: Path) -> dict[str, object]:
    """Run setup ``name`` (a key of :data:`SETUPS`) and return its figures."""
    database, ranges = SETUPS[name]
    db_path = folder / f"{name}.sqlite3"
    if database == "sqlite":
        return await measure(name, args, db_path, {}, ranges, None)
    with postgres_server(folder / f"{name}-pg") as (url, postmaster):
        figures = await measure(name, args, db_path, {"DATABASE_URL": url}, ranges, postmaster)
        log = (folder / f"{name}-pg" / "log").read_text(errors="replace")
        figures["postgresql_conflicts"] = {
            "serialization": log.count("could not serialize access"),
            "deadlock": log.count("deadlock detected"),
        }
        return figures


async def measure(
    name: str,
    args: argparse.Namespace,
    db_path: Path,
    env: dict[str, str],
    ranges: list[str | None],
    postmaster: int | None,
) -> dict[str, object]:
    """Start the bots of ``ranges`` with ``env``, play the live load then the saturating one,
    and return the figures; ``postmaster``: PostgreSQL's pid (its CPU is counted)."""
    async with running_fake() as fake, contextlib.AsyncExitStack() as budgets:
        guilds = [fake.add_guild(f"Shard {n}", shard=(n, SHARDS)) for n in range(SHARDS)]
        world = World(fake, guilds[0], guilds[0].add_text_channel("lobby"), {}, db_path)
        tables = [
            Table(world, guilds[n % SHARDS], args.game, args.players, args.seed * 100_000 + n)
            for n in range(args.games)
        ]
        count = None if ranges == [None] else SHARDS
        bots = [BotProcess(fake, db_path, count, ids, env) for ids in ranges]
        groups = []
        for n, bot in enumerate(bots):
            await bot.start()
            if args.bot_cores:
                groups.append(
                    budgets.enter_context(cpu_quota.budget(f"{name}-{n}", bot.pid, args.bot_cores))
                )
        await pictures_off(fake, guilds)
        load_before = os.getloadavg()[0]
        cpu_before = [cpu_seconds(b.pid) for b in bots]
        own_before = time.process_time()
        pg_before = family_cpu(postmaster) if postmaster else 0.0
        started = time.monotonic()
        live_end = started + args.ramp_s + args.live_s
        marks: list[tuple[int, float]] = []  # requests so far, bots' CPU so far

        async def mark() -> None:  # at the start and the end of the measured live window
            await asyncio.sleep(args.ramp_s)
            marks.append((len(fake.requests), sum(cpu_seconds(b.pid) for b in bots)))
            await asyncio.sleep(max(0.0, live_end - time.monotonic()))
            marks.append((len(fake.requests), sum(cpu_seconds(b.pid) for b in bots)))

        await asyncio.gather(
            mark(),
            *(
                t.play(live_end, args.think_ms, random.Random(i).uniform(0, args.ramp_s))
                for i, t in enumerate(tables)
            ),
        )
        live = window(fake, started + args.ramp_s, live_end)
        requests, bot_cpu = marks[1][0] - marks[0][0], marks[1][1] - marks[0][1]
        saturating = tables[: args.saturation_games]
        sat_start = time.monotonic()
        sat_end = sat_start + args.saturation_s
        sat_cpu: dict[str, float] = {}

        async def saturation_cpu() -> None:  # each process's CPU over the measured seconds
            await asyncio.sleep(SATURATION_WARMUP_S)
            before = processes_cpu(bots, postmaster)
            waited = [cpu_quota.throttled_s(g) for g in groups]
            await asyncio.sleep(max(0.0, sat_end - time.monotonic()))
            after = processes_cpu(bots, postmaster)
            sat_cpu.update({k: round((after[k] - before[k]) / measured_s, 2) for k in after})
            throttled.extend(
                round((cpu_quota.throttled_s(g) - w) / measured_s, 2)
                for g, w in zip(groups, waited, strict=True)
            )

        throttled: list[float] = []

        measured_s = args.saturation_s - SATURATION_WARMUP_S
        await asyncio.gather(saturation_cpu(), *(t.play(sat_end, 0, 0) for t in saturating))
        saturation = window(fake, sat_start + SATURATION_WARMUP_S, sat_end)
        cpu = {
            f"bot {b.shard_ids or 'all'}": round(cpu_seconds(b.pid) - c, 1)
            for b, c in zip(bots, cpu_before, strict=True)
        }
        cpu["fake and players"] = round(time.process_time() - own_before, 1)
        if postmaster:
            cpu["postgresql"] = round(family_cpu(postmaster) - pg_before, 1)
        load_after = os.getloadavg()[0]
        for bot in bots:
            await bot.stop()
    interactions, actions = int(live["interactions"]), int(live["actions"])  # type: ignore[call-overload]
    return {
        "setup": name,
        "processes": len(bots),
        "shards": "1" if count is None else f"{SHARDS} ({' / '.join(map(str, ranges))})",
        "games": args.games,
        "think_ms": args.think_ms,
        "live_s": args.live_s,
        **live,
        "failed": dict(sum((t.failures for t in tables), collections.Counter())),
        "tables_lost": sum(t.lost for t in tables),
        "requests_per_action": round(requests / max(1, actions), 2),
        "bot_cpu_ms_per_interaction": round(bot_cpu * 1000 / max(1, interactions), 2),
        "saturation_games": len(saturating),
        "saturation_interactions_per_s": round(int(saturation["interactions"]) / measured_s, 1),  # type: ignore[call-overload]
        "saturation_p99_ms": saturation["p99_ms"],
        "saturation_cores": sat_cpu,
        "bot_cores_budget": args.bot_cores,
        "saturation_bot_throttled": throttled,
        "cpu_s": cpu,
        "load_average_1min": [round(load_before, 1), round(load_after, 1)],
        "python": platform.python_version(),
    }


@contextlib.asynccontextmanager
async def running_fake() -> AsyncIterator[FakeDiscord]:
    """The fake Discord, with the default 3 s interaction deadline."""
    async with FakeDiscord.running(interaction_deadline=3.0, relax={"deadline"}) as fake:
        fake.world.response_timeout = 5.0
        yield fake


async def pictures_off(fake: FakeDiscord, guilds: list[Guild]) -> None:
    """Turn the tables' pictures off in ``guilds`` as an admin does (``/cardroom pictures``)."""
    for guild in guilds:
        admin = fake.add_user(f"admin-{guild.id}")
        fake.make_admin(admin, guild)
        await admin.slash(guild.channels[0], "cardroom pictures", show="off")


def main() -> None:
    """Parse arguments, run each setup, print one JSON line per setup."""
    parser = cli.parser(__doc__)
    parser.add_argument(
        "--setups",
        default="sqlite-1,postgres-1,postgres-2x2",
        help=f"the setups to run, in order, separated by commas: {', '.join(SETUPS)}",
    )
    parser.add_argument("--game", default="artichokes", help="the game every table plays")
    parser.add_argument("--games", type=int, default=200, help="live games at once")
    parser.add_argument("--players", type=int, default=3, help="players at each table")
    parser.add_argument("--think-ms", type=float, default=2000.0, help="mean pause, ms")
    parser.add_argument(
        "--ramp-s", type=float, default=30.0, help="the live games open over this many seconds"
    )
    parser.add_argument("--live-s", type=float, default=60.0, help="seconds measured live")
    parser.add_argument("--saturation-games", type=int, default=40, help="games at saturation")
    parser.add_argument("--saturation-s", type=float, default=20.0, help="seconds of saturation")
    parser.add_argument("--seed", type=int, default=1, help="the players' choices")
    parser.add_argument(
        "--bot-cores",
        type=float,
        default=None,
        help="hold each bot process to this many cores of CPU (benchmarks/cpu_quota.py); "
        "default: no budget, the machine's cores are shared",
    )
    args = parser.parse_args()
    if args.bot_cores and (why := cpu_quota.available()):
        parser.error(f"--bot-cores: no CPU budget can be set here ({why})")
    for name in args.setups.split(","):
        if name not in SETUPS:
            parser.error(f"unknown setup {name!r}: one of {', '.join(SETUPS)}")
        with tempfile.TemporaryDirectory() as folder:
            os.chmod(folder, 0o755)
            host_before = cli.host_ms()
            figures = asyncio.run(run_setup(name, args, Path(folder)))
            figures["host_ms"] = [host_before, cli.host_ms()]
            print(json.dumps(figures), flush=True)


if __name__ == "__main__":
    main()
