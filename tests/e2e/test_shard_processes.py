"""Two bot processes of two shards each on one database, as a deployment runs them: each answers
the guilds of its own shards, only the one running shard 0 syncs the slash commands, and when
one is SIGKILLed mid-play the other goes on answering its guilds throughout, while the killed
one's games resume when it starts again. Every move a player saw acknowledged is in the game's
log, and no move is in it twice.

The players are the end-to-end driver's (clicking what they see, seeded choices); the bots are
real ``python -m bot`` processes (``tests.e2e.processes``). The figures (moves acknowledged,
lost, applied twice; the surviving process's latency while the other restarts) are printed as
one JSON line: ``pytest -s tests/e2e/test_shard_processes.py``.
"""

from __future__ import annotations

import asyncio
import collections
import json
import random
import re
import time
from pathlib import Path

import pytest
from pytest_postgresql.executors import PostgreSQLExecutor

from storage import Storage
from tests.e2e.conftest import World
from tests.e2e.driver import DATABASE_AWAY, Driver, action_components
from tests.e2e.helpers import GAME_OVER, MOVED_ON
from tests.e2e.processes import BotProcess
from tests.fakediscord import BotOffline, FakeDiscord, InteractionFailed, percentile
from tests.fakediscord.interactions import InteractionRecord
from tests.fakediscord.model import Guild, Message
from tests.fakediscord.users import User

SHARDS = 4
GAMES = ("artichokes", "ninjan", "pentaquest", "verso")
CLICKS = 8
"""Moves each player group makes in each phase (before the kill, during it, after)."""
POOL_FLOOR = "WARNING asyncpg.pool: Failed to restore the pool connection floor"
"""asyncpg's warning, with its traceback, while the server it reconnects to is down."""
COMMAND_SYNC = "PUT /applications/{application_id}/commands"
ACTION = re.compile(r"cr:(act|sel|ok):(\d+):")
BACKENDS = ["sqlite", "postgresql"]
"""The databases the processes share: one SQLite file (WAL), and PostgreSQL (``DATABASE_URL``;
the server is ``tests/pgserver.py``'s)."""


async def open_storage(database: Path | str) -> Storage:
    """Open the shared database: a SQLite file, or a PostgreSQL URL."""
    if isinstance(database, str):
        return await Storage.open(url=database)  # type: ignore[call-arg, unused-ignore]
    return await Storage.open(path=database)


class Table:
    """One game's players: the driver, which process serves its guild, and what they saw."""

    def __init__(self, driver: Driver, guild: Guild, process: int) -> None:
        self.driver = driver
        self.guild = guild
        self.process = process
        self.acknowledged: collections.Counter[int] = collections.Counter()
        """Moves the bot answered as made, by user id."""
        self.in_flight: collections.Counter[int] = collections.Counter()
        """Moves never answered (the bot was killed meanwhile), by user id."""
        self.uncertain: collections.Counter[int] = collections.Counter()
        """Moves answered "please try again" (the database went away: applied or not), by
        user id."""

    def answered(self, user: User, record: InteractionRecord, screen: Message) -> None:
        """Count an answered action as a move unless it was refused, asked to confirm, or
        met the database away (then it may or may not have been applied)."""
        text = record.answer_text or ""
        if MOVED_ON in text or "already your choice" in text or GAME_OVER in text:
            return  # refused: the player's screen is refreshed
        if DATABASE_AWAY in text:
            self.uncertain[user.id] += 1
            return
        asks = [c for c in action_components(screen) if c["custom_id"].startswith("cr:ok:")]
        if asks and not record.name.startswith("cr:ok:"):
            return  # "are you sure?": the move is the "yes"
        self.acknowledged[user.id] += 1


async def build(fake: FakeDiscord, db_path: Path, database: Path | str) -> list[Table]:
    """A guild on every shard, two games in each (every game on both processes), pictures off
    (stored before the bots start)."""
    rng = random.Random(25)
    tables = []
    guilds = [fake.add_guild(f"Shard {n}", shard=(n, SHARDS)) for n in range(SHARDS)]
    async with await open_storage(database) as storage:
        for guild in guilds:
            await storage.guilds.set(guild.id, pictures=False)
    for n, guild in enumerate(guilds):
        for game in (GAMES[n], GAMES[(n + 2 + n // 2) % 4]):
            channel = guild.add_text_channel(f"{game}-{n}")
            users = {}
            for seat in range(2):
                user = fake.add_user(f"{game[:3]}{n}p{seat}")
                guild.add_member(user)
                users[user.username] = user
            world = World(fake, guild, channel, users, db_path)
            driver = Driver(
                world,
                list(users.values()),
                random.Random(rng.randrange(2**32)),
                game,
                checks=False,
                remote=True,
                reuse_screens=True,
                channel=channel,
            )
            table = Table(driver, guild, 0 if n < SHARDS // 2 else 1)
            driver.on_answer = table.answered
            tables.append(table)
    return tables


async def play(
    table: Table,
    clicks: int,
    up: asyncio.Event,
    *,
    killed: bool = False,
    until: asyncio.Event | None = None,
) -> None:
    """Make ``clicks`` moves (fewer if the game ends), and go on until ``until`` is set when
    it is given, pausing while ``up`` is clear (the process of the table's guild is down).
    Every click is answered, unless ``killed``: the process is killed (or its database
    restarted) meanwhile, and a click it never answers counts as in flight."""
    driver = table.driver
    target = driver.clicks + clicks
    while driver.clicks < target or (until is not None and not until.is_set()):
        await up.wait()
        try:
            if not await driver.step():
                return
        except (InteractionFailed, BotOffline) as failed:
            if not killed:
                raise
            if isinstance(failed, InteractionFailed) and ACTION.match(failed.record.name):
                table.in_flight[failed.record.user.id] += 1
            await up.wait()


def show_log_tails(processes: list[BotProcess]) -> None:
    """Print the last 60 log lines of each bot process (pytest shows them with a failure)."""
    for n, process in enumerate(processes):
        print(f"--- the last lines of process {n}:\n" + "\n".join(process.log[-60:]))


async def moves_kept(tables: list[Table], database: Path | str) -> tuple[int, int, int, int]:
    """Check every game is whole, and count, over every player: the moves acknowledged, those
    in flight, the acknowledged ones missing from the game's log (lost) and the logged ones
    beyond what was acknowledged, in flight or uncertain (applied twice)."""
    acknowledged = lost = twice = in_flight = 0
    async with await open_storage(database) as storage:
        for table in tables:
            game_id = table.driver.game_id
            assert (await storage.verify_game(game_id)).ok
            record = await storage.games.get_game(game_id)
            seats = {seat.seat: seat.user_id for seat in record.seats}
            logged = collections.Counter(
                seats[a.seat]
                for a in await storage.games.get_actions(game_id)
                if a.actor == "player"
            )
            for user in table.driver.players:
                made, flying = table.acknowledged[user.id], table.in_flight[user.id]
                acknowledged += made
                in_flight += flying
                lost += max(0, made - logged[user.id])
                maybe = flying + table.uncertain[user.id]
                twice += max(0, logged[user.id] - made - maybe)
    return acknowledged, in_flight, lost, twice


@pytest.fixture(params=BACKENDS)
def shared_database(request: pytest.FixtureRequest, tmp_path: Path) -> Path | str:
    """The database both processes use: a SQLite file, or a PostgreSQL URL."""
    if request.param == "postgresql":
        url: str = request.getfixturevalue("postgresql_url")
        return url
    return tmp_path / "cardroom.sqlite3"


@pytest.mark.soak  # two bot processes restarted under play: in .ci/run's soak step
async def test_two_processes_of_two_shards_each_and_a_kill(
    fake_discord: FakeDiscord, tmp_path: Path, shared_database: Path | str
) -> None:
    fake = fake_discord
    fake.world.response_timeout = 4.0  # past the 3 s deadline: the click failed
    db_path = tmp_path / "cardroom.sqlite3"  # on PostgreSQL: where the heartbeats go
    database = shared_database
    backend = "postgresql" if isinstance(database, str) else "sqlite"
    env = {"TABLE_EDIT_INTERVAL": "0.2", "TABLE_TURN_INTERVAL": "1"}
    if isinstance(database, str):
        env["DATABASE_URL"] = database
    tables = await build(fake, db_path, database)
    processes = [
        BotProcess(fake, db_path, SHARDS, "0-1", env),
        BotProcess(fake, db_path, SHARDS, "2-3", env),
    ]
    up = [asyncio.Event(), asyncio.Event()]
    try:
        for process, ready in zip(processes, up, strict=True):
            await process.start()
            ready.set()
        assert len(fake.requests_to(COMMAND_SYNC)) == 1  # by the process of shard 0
        assert "synced by the process running shard 0: not syncing" in processes[1].text()
        assert sorted(s.shard for s in fake.gateway.connected_sessions()) == [
            (n, SHARDS) for n in range(SHARDS)
        ]
        await asyncio.gather(*(t.driver.open_and_start() for t in tables))

        async def phase(who: list[Table]) -> None:
            await asyncio.gather(*(play(t, CLICKS, up[t.process]) for t in who))

        await phase(tables)
        # SIGKILL the second process while its players are clicking
        survivors = [t for t in tables if t.process == 0]
        victims = [t for t in tables if t.process == 1]
        resumed = asyncio.Event()  # its players click right up to the kill, however fast
        clicking = asyncio.gather(
            *(play(t, CLICKS, up[1], killed=True, until=resumed) for t in victims)
        )
        await asyncio.sleep(0.5)
        up[1].clear()
        killed_at = time.monotonic()
        await processes[1].kill()
        async with await open_storage(database) as storage:
            left = 0
            for guild in {t.guild for t in victims}:
                left += len(await storage.games.list_games(guild.id))
        await phase(survivors)  # answered throughout: a failure here raises
        await processes[1].start()
        resumed_at = time.monotonic()
        assert f"resumed {left} game(s); 0 set aside" in processes[1].text()  # its own only
        resumed.set()
        up[1].set()
        await clicking
        await phase(tables)
        for process in processes:
            assert await process.stop() == 0, process.text()
    except BaseException:
        show_log_tails(processes)
        raise
    finally:
        for process in processes:
            await process.stop()

    for process in processes:
        assert "Traceback" not in process.text(), process.text()
    acknowledged, in_flight, lost, twice = await moves_kept(tables, database)
    during = [
        r.latency
        for r in fake.interactions
        if r.latency is not None
        and r.channel.guild in {t.guild for t in survivors}
        and killed_at <= r.created_at <= resumed_at
    ]
    figures = {
        "backend": backend,
        "moves_acknowledged": acknowledged,
        "moves_in_flight_at_the_kill": in_flight,
        "lost": lost,
        "applied_twice": twice,
        "survivor_interactions_during_restart": len(during),
        "survivor_p50_ms_during_restart": round(percentile(during, 50) * 1000, 1),
        "survivor_p99_ms_during_restart": round(percentile(during, 99) * 1000, 1),
        "restart_s": round(resumed_at - killed_at, 2),
    }
    print(json.dumps(figures))
    assert (lost, twice) == (0, 0), figures
    assert acknowledged > 0 and during, figures


@pytest.mark.soak  # PostgreSQL restarted under two bot processes: in .ci/run's soak step
async def test_a_postgresql_restart_under_two_processes_loses_and_doubles_no_move(
    fake_discord: FakeDiscord,
    tmp_path: Path,
    postgresql_server: PostgreSQLExecutor,
    postgresql_url: str,
) -> None:
    """PostgreSQL stops for three seconds while the players of both processes click: each
    click in flight is answered "please try again" (or applied), none fails, none of the moves
    acknowledged is lost, none is applied twice, and play goes on once it is back."""
    fake = fake_discord
    fake.world.response_timeout = 4.0
    db_path = tmp_path / "cardroom.sqlite3"  # where the heartbeats go
    env = {"TABLE_EDIT_INTERVAL": "0.2", "TABLE_TURN_INTERVAL": "1", "DATABASE_URL": postgresql_url}
    tables = await build(fake, db_path, postgresql_url)
    processes = [
        BotProcess(fake, db_path, SHARDS, "0-1", env),
        BotProcess(fake, db_path, SHARDS, "2-3", env),
    ]
    up = asyncio.Event()
    up.set()
    try:
        for process in processes:
            await process.start()
        await asyncio.gather(*(t.driver.open_and_start() for t in tables))
        await asyncio.gather(*(play(t, CLICKS, up) for t in tables))
        back = asyncio.Event()  # the players click through the restart, however long
        clicking = asyncio.gather(*(play(t, CLICKS, up, killed=True, until=back) for t in tables))
        await asyncio.sleep(0.5)
        stopped_at = time.monotonic()
        try:
            await asyncio.to_thread(postgresql_server.stop)
            # longer than the bots wait for it (2 s): clicks meet "please try again"
            await asyncio.sleep(3.0)
        finally:
            await asyncio.to_thread(postgresql_server.start)
            back.set()
        back_at = time.monotonic()
        await clicking
        await asyncio.gather(*(play(t, CLICKS, up) for t in tables))  # all well again
        for process in processes:
            assert await process.stop() == 0, process.text()
    except BaseException:
        show_log_tails(processes)
        raise
    finally:
        for process in processes:
            await process.stop()
    for process in processes:  # no traceback but asyncpg's own, reconnecting its pool
        text = process.text()
        assert text.count("Traceback") == text.count(POOL_FLOOR), text
    acknowledged, in_flight, lost, twice = await moves_kept(tables, postgresql_url)
    uncertain = sum(sum(t.uncertain.values()) for t in tables)
    during = [
        r.latency
        for r in fake.interactions
        if r.latency is not None and stopped_at <= r.created_at <= back_at
    ]
    figures = {
        "moves_acknowledged": acknowledged,
        "answered_try_again": uncertain,
        "never_answered": in_flight,
        "lost": lost,
        "applied_twice": twice,
        "interactions_during_the_restart": len(during),
        "p99_ms_during_the_restart": round(percentile(during, 99) * 1000, 1),
    }
    print(json.dumps(figures))
    assert (lost, twice, in_flight) == (0, 0, 0), figures
    assert uncertain > 0 and acknowledged > 0, figures  # the restart met clicks in flight
