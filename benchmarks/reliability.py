"""Benchmark: how reliable the real bot is when killed during play and when fed bad inputs;
one JSON line of figures (a figure to watch, not a timed unit test).

    .venv/bin/python benchmarks/reliability.py [--kills 100] [--bad-inputs 10000] [--games 4]
        [--seed 1]

Both parts run the real bot against the local fake Discord (``tests/fakediscord``) on
127.0.0.1; players only look at what they can see and click it (random legal choices).
``--kills 0`` or ``--bad-inputs 0`` skips a part.

**Crashes**: the bot runs as its own process (``python -m bot``, the ``cardroom`` command) on
one SQLite file, while ``--games`` games run at once, each in its own channel (Abandon All
Artichokes, Ninjan and Pentaquest in turn). ``--kills`` times the process is killed with
SIGKILL at a random moment and started again on the same file; every fifth kill lands while
it starts (opening the database, connecting, resuming games). Clicks cut off by a kill are
given up (Discord would show "This interaction failed"); players carry on once the bot is
back. A click is *acknowledged* when the bot answered it with the player's screen updated and
no notice: the bot commits before it answers. After every restart (before players click
again) and at the end, every acknowledged action must be in the game's log, once (the log is
replayed from the seed and matched click by click: ``lost``, ``twice``), and every game must
replay to its stored state (``Storage.verify_game``: ``corrupt``). Games that end are
followed by new ones while kills remain; then the games running are played to their end and
the bot is stopped with SIGTERM.

**Bad inputs**: the bot runs in this process while games are played, and ``--bad-inputs``
bad inputs are sent between the moves: clicks by people who do not play (also on Pentaquest's
table controls), stale components (old screens, older decision stamps), forged ``custom_id``s
(garbage, unknown formats, other games), menu values never offered, double clicks (the same
click twice at once), admin commands and an admin's confirmation button used by non-admins,
and a lobby's host controls used by others. After each: no game changed (its status, version,
seats, options; of a double click at most one may apply), the answer came in time and was not
the apology for a crash, and no other player's screen was written. A payload the clicker
could send from their own screen is no bad input and is not sent (a decision of the same kind
and stamp has the same ``custom_id`` for every seat: sent through another player's screen it
can only make the clicker's own move). The leak scan of the end-to-end tests runs over every
game every 250 bad inputs.

Output: one JSON line ``{"crashes": {...}, "bad_inputs": {...}, "seed", "python"}``.

- crashes: kills, startup_kills, restarts, acknowledged, **lost**, **twice**, **corrupt**,
  checks, games_started, games_finished, **games_unfinished**, games_aborted, interactions,
  interrupted_clicks (cut off by a kill), committed_unanswered (moves saved by a process
  killed before it answered: the kills landed between commit and answer),
  **unanswered_while_up**, late, **stuck_channels** (a game nobody could see blocked a
  channel: an admin aborted it) and stuck_games (their statuses), **tables_behind** (at the
  end, games that ended but whose table does not show it), tables_orphaned (of those, tables
  that are not the game's stored table: a second table), tables_late (games whose every
  screen said they were over for 10 s before their table did: a resume starts 2 s after
  connecting, and kills often come sooner), errors_logged (ERROR lines in the bot's log),
  clean_exit_code (of the SIGTERM at the end), unexpected_exits, seconds.
- bad_inputs: bad_inputs, by_kind, **crashes** (apologies, or the bot task died),
  **games_changed** (with the first few ``changes``), double_clicks_applied (pairs of which
  one click applied), stale_legal_now (stale clicks whose move would be legal now: only the
  decision stamp refuses them), **unanswered**, late, **foreign_screens_written**,
  **admin_commands_obeyed**, leak_scans, **leaks**, errors_logged (ERROR log records, with
  the first few ``errors``), legit_moves, games_finished, interactions, seconds.

The figures in bold must be 0.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import platform
import random
import signal
import string
import sys
import tempfile
import time
from collections import Counter, deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cli

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
from bot.app import CardroomBot  # noqa: E402
from bot.settings import BotSettings  # noqa: E402
from bot.texts.decisions import decode  # noqa: E402
from storage import TABLE, GameStatus, Storage  # noqa: E402
from tests.e2e.acks import Click, acknowledged, check_log  # noqa: E402
from tests.e2e.conftest import World  # noqa: E402
from tests.e2e.driver import Driver, action_components, leak_scan  # noqa: E402
from tests.e2e.game_drivers import CARD_NAMES, SUIT_WORDS  # noqa: E402
from tests.e2e.helpers import ARTICHOKE_CARDS  # noqa: E402
from tests.fakediscord import FakeDiscord  # noqa: E402
from tests.fakediscord.errors import FakeDiscordError, InteractionFailed  # noqa: E402
from tests.fakediscord.interactions import InteractionRecord  # noqa: E402
from tests.fakediscord.model import Channel, Message  # noqa: E402
from tests.fakediscord.users import User  # noqa: E402

GAMES = ("artichokes", "ninjan", "pentaquest")
PLAYERS = {"artichokes": 3, "ninjan": 3, "pentaquest": 2}
SECRETS = {"artichokes": ARTICHOKE_CARDS, "ninjan": SUIT_WORDS, "pentaquest": CARD_NAMES}
CLICK_TIMEOUT = 5.0
"""Seconds a player waits for an answer (Discord gives up after 3: the answer is *late*)."""
STARTUP_KILL_EVERY = 5
APOLOGY = "Sorry, something went wrong"
REFUSED_ADMIN = "You need the Manage Server permission"
GAME_OVER = "This game is over."


def newest(channel: Channel, prefix: str) -> tuple[int, Message] | None:
    """The newest public message of ``channel`` with a button whose ``custom_id`` starts with
    ``prefix`` (``cr:hand:`` for tables, ``cr:lobby:`` for open lobbies), and its game id."""
    for message in reversed(channel.messages):
        if message.deleted or message.ephemeral:
            continue
        for button in message.buttons():
            custom_id = str(button.get("custom_id", ""))
            if custom_id.startswith(prefix):
                return int(custom_id.split(":")[2]), message
    return None


def closed(table: Message, game_id: int) -> bool:
    """The table's private-screen button is greyed out: the game has ended."""
    return any(
        b.get("custom_id") == f"cr:hand:{game_id}" and b.get("disabled") for b in table.buttons()
    )


def of_game(message: Message, game_id: int) -> list[dict[str, Any]]:
    """The action components of ``message`` that belong to game ``game_id``."""
    return [
        c for c in action_components(message) if str(c["custom_id"]).split(":")[2] == str(game_id)
    ]


def choose(rng: random.Random, component: dict[str, Any]) -> list[str] | None:
    """Random values for a menu (``None`` for a button), as a player picks them."""
    if component["type"] == 2:
        return None
    values = [o["value"] for o in component["options"]]
    count = rng.randint(component.get("min_values", 1), component.get("max_values", 1))
    return rng.sample(values, count)


async def press(
    user: User,
    message: Message,
    component: dict[str, Any],
    values: list[str] | None,
    timeout: float = CLICK_TIMEOUT,
) -> InteractionRecord:
    """``user`` clicks ``component`` on ``message`` (or chooses ``values`` in it)."""
    if values is None:
        return await user.click(message, custom_id=component["custom_id"], timeout=timeout)
    return await user.select(message, values, custom_id=component["custom_id"], timeout=timeout)


# =================================================================================== crashes


class BotProcess:
    """The bot as a process (``python -m bot``) against the fake; killed and started again.

    ``up`` is set while players may click (the process is connected and was checked);
    ``dead`` is set when this process was killed (a click waiting for it is given up).
    """

    def __init__(self, fake: FakeDiscord, folder: Path, db_path: Path) -> None:
        self.fake = fake
        self.folder = folder
        self.log_path = folder / "bot.log"
        env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_"))}
        self.env = {
            **env,
            "PYTHONPATH": str(ROOT),
            "DISCORD_TOKEN": fake.token,
            "DISCORD_API_URL": f"{fake.url}/api/v10",
            "DISCORD_GATEWAY_URL": f"ws://127.0.0.1:{fake.port}/gateway",
            "DATABASE_PATH": str(db_path),
            "LOG_LEVEL": "WARNING",
        }
        self.up = asyncio.Event()
        self.dead = asyncio.Event()
        self.process: asyncio.subprocess.Process | None = None
        self.starts = 0
        self.exits: list[int] = []
        """Exit codes of processes that ended without being killed here."""
        self._identifies = 0

    async def start(self) -> None:
        self.dead = asyncio.Event()
        self._identifies = self.fake.gateway.identifies
        with self.log_path.open("ab") as log:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "bot",
                cwd=self.folder,
                env=self.env,
                stdout=asyncio.subprocess.DEVNULL,
                stderr=log,
            )
        self.starts += 1

    async def connected(self, timeout: float = 60.0) -> None:
        """Wait until this process has identified and its gateway connection is open. A
        process that ended by itself is counted in ``exits`` and started again."""
        for _attempt in range(3):
            process = self.process
            assert process is not None
            await self.fake.wait_for(self._connected_or_gone, timeout=timeout, what="the bot")
            if process.returncode is None:
                return
            self.exits.append(process.returncode)
            tail = self.log_path.read_text().splitlines()[-5:] if self.log_path.exists() else []
            print(f"the bot exited with {process.returncode}: {tail}", file=sys.stderr)
            await self.start()
        raise RuntimeError(f"the bot keeps exiting: {self.exits}; see {self.log_path}")

    def _connected_or_gone(self) -> bool:
        gateway, process = self.fake.gateway, self.process
        assert process is not None
        if process.returncode is not None:
            return True
        return gateway.identifies > self._identifies and bool(gateway.connected_sessions())

    async def kill(self) -> None:
        self.up.clear()
        self.dead.set()
        assert self.process is not None
        if self.process.returncode is None:
            self.process.send_signal(signal.SIGKILL)
        await self.process.wait()

    async def stop(self) -> int:
        """SIGTERM (``docker stop``); the exit code."""
        self.up.clear()
        assert self.process is not None
        self.process.send_signal(signal.SIGTERM)
        code = await asyncio.wait_for(self.process.wait(), 60)
        self.dead.set()
        return code

    def errors_logged(self) -> int:
        if not self.log_path.exists():
            return 0
        return sum(" ERROR " in line for line in self.log_path.read_text().splitlines())


@dataclass
class Channelful:
    """One channel and its players, playing game after game of ``game`` by clicking what
    they see; what the bot acknowledged is kept."""

    fake: FakeDiscord
    bot: BotProcess
    channel: Channel
    players: list[User]
    admin: User
    game: str
    rng: random.Random
    screens: dict[int, Message] = field(default_factory=dict)
    acks: list[Click] = field(default_factory=list)
    over: set[int] = field(default_factory=set)
    """Games this channel is done with (their table shows the end, or every screen does)."""
    waited_out: set[int] = field(default_factory=set)
    """Games whose every screen said they were over for 10 s while their table did not."""
    last_ping: int = 0
    ended_at: dict[int, float] = field(default_factory=dict)
    interrupted: int = 0
    unanswered: int = 0
    stuck: list[str] = field(default_factory=list)
    """The status of each game nobody could see that blocked the channel."""

    async def attempt(
        self, make: Callable[[], Awaitable[InteractionRecord]]
    ) -> InteractionRecord | None:
        """Make one interaction once the bot is up; ``None`` if a kill cut it off or it was
        not answered."""
        await self.bot.up.wait()
        dead = self.bot.dead
        task = asyncio.ensure_future(make())
        killed = asyncio.ensure_future(dead.wait())
        await asyncio.wait({task, killed}, return_when=asyncio.FIRST_COMPLETED)
        killed.cancel()
        if not task.done():
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, FakeDiscordError):
                await task
            self.interrupted += 1
            return None
        try:
            return task.result()
        except InteractionFailed:
            if dead.is_set():
                self.interrupted += 1
            else:
                self.unanswered += 1
            return None
        except FakeDiscordError:  # what they saw changed under their finger
            return None

    async def run(self, finishing: asyncio.Event, storage: Storage) -> None:
        """Play until ``finishing`` is set and this channel has no open game left."""
        while await self.step(finishing.is_set(), storage):
            await asyncio.sleep(0)

    async def step(self, finishing: bool, storage: Storage) -> bool:
        table = newest(self.channel, "cr:hand:")
        if table is not None and table[0] not in self.over:
            game_id, message = table
            if closed(message, game_id):
                self.over.add(game_id)
            else:
                await self.play(game_id, message)
                return True
        lobby = newest(self.channel, "cr:lobby:")
        if finishing and await storage.games.find_open_game(self.channel.id) is None:
            return False
        if lobby is not None and (table is None or lobby[0] > table[0]):
            await self.start_lobby(*lobby)
        elif finishing:
            await asyncio.sleep(0.05)  # an open game whose table the bot is to post
        else:
            await self.open_lobby(storage)
        return True

    def actionable(self, game_id: int) -> list[User]:
        return [
            u for u in self.players if u.id in self.screens and of_game(self.screens[u.id], game_id)
        ]

    def pinged(self) -> list[User]:
        """The players a ping they have not read yet mentions (then it is read)."""
        for message in reversed(self.channel.messages):
            if message.deleted or message.ephemeral or not message.mentions:
                continue
            if message.id == self.last_ping:
                return []
            self.last_ping = message.id
            return [u for u in self.players if u in message.mentions]
        return []

    async def look(self, users: list[User], game_id: int, table: Message) -> None:
        """``users`` open their screen from the table."""
        for user in users:
            record = await self.attempt(
                lambda u=user: u.click(  # type: ignore[misc]
                    table, custom_id=f"cr:hand:{game_id}", timeout=CLICK_TIMEOUT
                )
            )
            if record is not None and record.original is not None:
                self.screens[user.id] = record.original

    async def play(self, game_id: int, table: Message) -> None:
        # people who are pinged look at their screen, and now and then everyone does
        looking = self.players if self.rng.random() < 0.1 else self.pinged()
        await self.look(looking, game_id, table)
        candidates = self.actionable(game_id)
        if not candidates:
            await self.look(self.players, game_id, table)
            candidates = self.actionable(game_id)
        if not candidates:
            seen = [self.screens.get(u.id) for u in self.players]
            if not all(s is not None and GAME_OVER in s.text() for s in seen):
                await asyncio.sleep(0.02)
                return
            # every screen says the game is over: the table should say so soon
            now = time.monotonic()
            if now - self.ended_at.setdefault(game_id, now) > 10.0:
                self.over.add(game_id)  # it does not: its last edit was lost
                self.waited_out.add(game_id)
            await asyncio.sleep(0.1)
            return
        user = self.rng.choice(candidates)
        screen = self.screens[user.id]
        component = self.rng.choice(of_game(screen, game_id))
        values = choose(self.rng, component)
        record = await self.attempt(lambda: press(user, screen, component, values))
        if record is not None and (click := acknowledged(record)) is not None:
            self.acks.append(click)

    async def open_lobby(self, storage: Storage) -> None:
        host = self.players[0]
        record = await self.attempt(
            lambda: host.slash(self.channel, "game new", game=self.game, timeout=CLICK_TIMEOUT)
        )
        if record is None or not record.ephemeral:
            return
        text = record.answer_text or ""
        if "There is already a game in this channel (game #" not in text:
            return  # none, or one whose message it links to
        # a game without a message: a resumed game's table may be on its way; if not, it is
        # a game nobody can see, blocking the channel, and an admin ends it
        await asyncio.sleep(3.0)
        game_id = int(text.rsplit("#", 1)[1].split(")")[0])
        shown = [newest(self.channel, p) for p in ("cr:hand:", "cr:lobby:")]
        blocking = await storage.games.get_game(game_id)
        if any(s is not None and s[0] == game_id for s in shown) or not blocking.is_open:
            return
        self.stuck.append(str(blocking.status))
        ask = await self.attempt(
            lambda: self.admin.slash(
                self.channel, "cardroom abort", game_id=game_id, timeout=CLICK_TIMEOUT
            )
        )
        if ask is not None and ask.original is not None and ask.original.buttons():
            confirm = ask.original
            await self.attempt(
                lambda: self.admin.click(
                    confirm, custom_id=f"cr:abort:{game_id}:yes", timeout=CLICK_TIMEOUT
                )
            )

    async def start_lobby(self, game_id: int, lobby: Message) -> None:
        host, *others = self.players
        for user in others:
            if user.mention not in lobby.text():
                await self.attempt(
                    lambda u=user: u.click(  # type: ignore[misc]
                        lobby, custom_id=f"cr:lobby:{game_id}:join", timeout=CLICK_TIMEOUT
                    )
                )
        await self.attempt(
            lambda: host.click(lobby, custom_id=f"cr:lobby:{game_id}:start", timeout=CLICK_TIMEOUT)
        )


@dataclass
class Tally:
    """What the checks found, over all checks."""

    lost: set[Click] = field(default_factory=set)
    twice: set[Click] = field(default_factory=set)
    corrupt: set[int] = field(default_factory=set)
    checks: int = 0
    unanswered_moves: int = 0
    """At the last check: players' moves in the logs that no acknowledged click names (the
    bot committed them, then was killed before it answered)."""


async def check(storage: Storage, channels: list[Channelful], tally: Tally) -> None:
    """Every acknowledged action is in its game's log once; every game replays."""
    tally.checks += 1
    acks = [a for c in channels for a in c.acks]
    tally.unanswered_moves = 0
    for game_id in sorted({a.game_id for a in acks}):
        match = await check_log(storage, game_id, acks)
        tally.lost.update(match.lost)
        tally.twice.update(match.twice)
        tally.unanswered_moves += len(match.unacknowledged)
    every_game = await storage.db.read(
        lambda conn: [row[0] for row in conn.execute("SELECT id FROM games")]
    )
    for game_id in every_game:
        if not (await storage.verify_game(game_id)).ok:
            tally.corrupt.add(game_id)


async def tables_behind(
    fake: FakeDiscord, storage: Storage, channels: list[Channelful]
) -> tuple[int, int]:
    """How many games that ended have a table that does not show it (the button that opens
    a player's screen is still usable), once the bot had a few seconds to catch up; and how
    many of those tables are not the one the bot stored (a second table of the game)."""

    def behind() -> dict[int, list[int]]:
        found: dict[int, list[int]] = {}
        for channel in channels:
            for message in channel.channel.messages:
                if message.deleted:
                    continue
                for button in message.buttons():
                    custom_id = str(button.get("custom_id", ""))
                    if custom_id.startswith("cr:hand:") and not button.get("disabled"):
                        found.setdefault(int(custom_id.split(":")[2]), []).append(message.id)
        return found

    ended = set(
        await storage.db.read(
            lambda conn: [
                row[0]
                for row in conn.execute(
                    "SELECT id FROM games WHERE status IN ('finished', 'aborted')"
                )
            ]
        )
    )
    with contextlib.suppress(FakeDiscordError):
        await fake.wait_for(lambda: not ended & set(behind()), timeout=10.0)
    late = {game_id: ids for game_id, ids in behind().items() if game_id in ended}
    orphaned = 0
    for game_id, ids in late.items():
        stored = await storage.messages.get(game_id, TABLE)
        orphaned += any(stored is None or stored.message_id != i for i in ids)
    return len(late), orphaned


async def channels_only(db_path: Path, guild_id: int) -> None:
    """The guild plays each game in its channel itself (``/cardroom threads off``), as this
    benchmark's players look for a game's table in its channel, as it measured before a game
    got a thread of its own by default."""
    storage = await Storage.open(path=db_path)
    try:
        await storage.guilds.set(guild_id, threads=False)
    finally:
        await storage.close()


async def crashes(kills: int, games: int, seed: int, folder: Path) -> dict[str, object]:
    """Kill the bot process ``kills`` times while ``games`` games are played."""
    rng = random.Random(seed)
    db_path = folder / "cardroom.sqlite3"
    async with FakeDiscord.running(interaction_deadline=3.0, relax={"deadline"}) as fake:
        guild = fake.add_guild("Reliability")
        await channels_only(db_path, guild.id)
        admin = fake.add_user("admin")
        fake.make_admin(admin)
        bot = BotProcess(fake, folder, db_path)
        channels = []
        for g in range(games):
            name = GAMES[g % len(GAMES)]
            users = [fake.add_user(f"t{g}p{p}") for p in range(PLAYERS[name])]
            for user in users:
                guild.add_member(user)
            channel = guild.add_text_channel(f"table-{g}")
            channels.append(
                Channelful(fake, bot, channel, users, admin, name, random.Random(seed * 100 + g))
            )
        started = time.perf_counter()
        await bot.start()
        await bot.connected()
        storage = await Storage.open(path=db_path)  # the benchmark's own reading connection
        tally = Tally()
        finishing = asyncio.Event()
        bot.up.set()
        players = [asyncio.create_task(c.run(finishing, storage)) for c in channels]
        try:
            killed = startup_kills = 0
            with cli.progress(kills, "kills of the bot", unit="kill") as bar:
                while killed < kills:
                    during_startup = killed % STARTUP_KILL_EVERY == STARTUP_KILL_EVERY - 1
                    await asyncio.sleep(
                        rng.uniform(0.0, 1.0) if during_startup else rng.uniform(0.1, 3.5)
                    )
                    await bot.kill()
                    killed += 1
                    bar.update()
                    startup_kills += during_startup
                    await bot.start()
                    if killed % STARTUP_KILL_EVERY == STARTUP_KILL_EVERY - 1 and killed < kills:
                        continue  # the next kill lands while this process starts
                    await bot.connected()
                    await check(storage, channels, tally)
                    bot.up.set()
            finishing.set()
            done, pending = await asyncio.wait(players, timeout=600)
            for task in pending:
                task.cancel()
            for task in done:
                task.result()
            behind, orphaned = await tables_behind(fake, storage, channels)
            code = await bot.stop()
            await check(storage, channels, tally)
            statuses = Counter(
                await storage.db.read(
                    lambda conn: [row[0] for row in conn.execute("SELECT status FROM games")]
                )
            )
            started_games = await storage.db.read(
                lambda conn: conn.execute(
                    "SELECT count(*) FROM games WHERE started_at IS NOT NULL"
                ).fetchone()[0]
            )
        finally:
            for task in players:
                task.cancel()
            if bot.process is not None and bot.process.returncode is None:
                await bot.kill()
            await storage.close()
        seconds = time.perf_counter() - started
        stats = fake.latency_stats()
    return {
        "kills": killed,
        "startup_kills": startup_kills,
        "restarts": bot.starts - 1,
        "acknowledged": sum(len(c.acks) for c in channels),
        "lost": len(tally.lost),
        "twice": len(tally.twice),
        "corrupt": len(tally.corrupt),
        "checks": tally.checks,
        "games_started": started_games,
        "games_finished": statuses[GameStatus.FINISHED],
        "games_unfinished": statuses[GameStatus.ACTIVE] + len(pending),
        "games_aborted": statuses[GameStatus.ABORTED],
        "interactions": stats.count,
        "interrupted_clicks": sum(c.interrupted for c in channels),
        "committed_unanswered": tally.unanswered_moves,
        "unanswered_while_up": sum(c.unanswered for c in channels),
        "late": stats.late,
        "stuck_channels": sum(len(c.stuck) for c in channels),
        "stuck_games": dict(Counter(s for c in channels for s in c.stuck)),
        "tables_behind": behind,
        "tables_orphaned": orphaned,
        "tables_late": sum(len(c.waited_out) for c in channels),
        "errors_logged": bot.errors_logged(),
        "clean_exit_code": code,
        "unexpected_exits": bot.exits,
        "seconds": round(seconds, 1),
    }


# ================================================================================ bad inputs


class ErrorCount(logging.Handler):
    """Counts ERROR log records (a crash logs one with its traceback), keeps the first few."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.count = 0
        self.first: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1
        if len(self.first) < 5:
            self.first.append(f"{record.name}: {record.getMessage()}"[:300])


@dataclass
class Table:
    """One channel where games are played (by the end-to-end driver, checks off) between the
    bad inputs."""

    world: World
    game: str
    rng: random.Random
    driver: Driver | None = None
    finished: int = 0
    seen: deque[tuple[User, Message]] = field(default_factory=lambda: deque(maxlen=60))
    """Screens players were shown (older ones go stale)."""

    async def new_game(self) -> None:
        players = list(self.world.users.values())
        self.driver = Driver(
            self.world, players, self.rng, self.game, SECRETS[self.game], checks=False
        )
        await self.driver.open_and_start()

    async def move(self) -> bool:
        """One move of the game here (a new game when it is over); ``True`` if moved."""
        if self.driver is None:
            await self.new_game()
            return False
        try:
            moved = await self.driver.step()
        except FakeDiscordError:  # the game ended meanwhile (what they saw changed)
            moved = False
        for user_id, screen in self.driver.screens.items():
            user = next(u for u in self.driver.players if u.id == user_id)
            if not any(s is screen for _u, s in self.seen):
                self.seen.append((user, screen))
        if not moved:
            self.finished += 1
            await self.new_game()
        return moved

    @property
    def game_id(self) -> int:
        assert self.driver is not None
        return self.driver.game_id

    @property
    def table(self) -> Message:
        assert self.driver is not None and self.driver.table is not None
        return self.driver.table

    def current(self) -> list[tuple[User, Message, dict[str, Any]]]:
        """Every action component on the players' current screens and on the table."""
        assert self.driver is not None
        found = []
        for user in self.driver.players:
            screen = self.driver.screens.get(user.id)
            if screen is not None:
                found += [(user, screen, c) for c in of_game(screen, self.game_id)]
        return found


@dataclass
class BadInputs:
    """Sends bad inputs of every kind and checks what became of each."""

    fake: FakeDiscord
    bot: CardroomBot
    tables: list[Table]
    lobby: Message
    lobby_id: int
    lobby_host: User
    outsider: User
    admin: User
    rng: random.Random
    by_kind: Counter[str] = field(default_factory=Counter)
    games_changed: int = 0
    changes: list[str] = field(default_factory=list)
    double_applied: int = 0
    foreign_written: int = 0
    admin_obeyed: int = 0
    stale_legal_now: int = 0
    """Stale clicks whose move would be legal now (only the decision stamp refuses them)."""
    records: list[InteractionRecord] = field(default_factory=list)

    async def fingerprints(self) -> dict[int, tuple[Any, ...]]:
        """What a bad input must not change, per game: status, version, seats, options."""
        found = {}
        for game_id in [t.game_id for t in self.tables] + [self.lobby_id]:
            record = await self.bot.storage.games.get_game(game_id)
            seats = tuple((s.seat, s.user_id, s.automatic) for s in record.seats)
            found[game_id] = (record.status, record.version, seats, repr(record.options))
        return found

    async def send(self, kind: str) -> None:
        """One bad input of ``kind``, checked."""
        table = self.rng.choice(self.tables)
        before = await self.fingerprints()
        watched: list[tuple[Message, str, int]] = []  # someone else's screen: must not change
        interactions = await getattr(self, f"_{kind}")(table, watched)
        if interactions is None:
            return  # nothing of that kind to send right now
        double_target = table.game_id if kind == "double" else None
        self.by_kind[kind] += 1
        results = await asyncio.gather(*interactions, return_exceptions=True)
        await self.bot.wait_idle()
        if all(
            isinstance(r, FakeDiscordError) and not isinstance(r, InteractionFailed)
            for r in results
        ):
            self.by_kind[kind] -= 1  # not sent: what they saw changed (the game ended)
        for result in results:
            if isinstance(result, InteractionFailed):  # counted by its outcome
                self.records.append(result.record)
            elif isinstance(result, FakeDiscordError):
                continue
            elif isinstance(result, BaseException):
                raise result
            else:
                self.records.append(result)
                if kind != "double" and not self.private_answer(result):
                    self.foreign_written += 1
                if kind == "admin" and REFUSED_ADMIN not in self.answer(result):
                    self.admin_obeyed += 1
        for message, text, edits in watched:
            if message.text() != text or message.edit_count != edits:
                self.foreign_written += 1
        after = await self.fingerprints()
        for game_id, was in before.items():
            now = after[game_id]
            if now == was:
                continue
            if game_id == double_target and now[1] == was[1] + 1 and now[2:] == was[2:]:
                self.double_applied += 1
                continue
            self.games_changed += 1
            self.changes.append(f"{kind}: game {game_id} {was} -> {now}")

    @staticmethod
    def answer(record: InteractionRecord) -> str:
        texts = [record.answer_text or ""] + [m.text() for m in record.followups]
        if record.original is not None:
            texts.append(record.original.text())
        return "\n".join(texts)

    @staticmethod
    def private_answer(record: InteractionRecord) -> bool:
        """The answer went to the clicker alone: a new private message, or their own
        private message edited in place."""
        if record.response_type == 7:
            original = record.original
            return original is not None and original.ephemeral_for is record.user
        return all(
            m.ephemeral_for is record.user for m in [record.original, *record.followups] if m
        )

    async def honest(
        self, game_id: int, user: User, custom_id: str, values: list[str] | None
    ) -> bool:
        """Whether ``user`` could send this very payload from their own current screen: a
        move of their own seat, at their decisions' stamp, that is legal now (their own menu
        has the same ``custom_id``, as decisions of one kind share it). Sent through someone
        else's message it is no bad input: it can only make their own move."""
        parts = custom_id.split(":")
        if len(parts) < 5 or parts[:2] not in (["cr", "act"], ["cr", "sel"]):
            return False
        if parts[2] != str(game_id):
            return False
        snapshot = await self.bot.service.snapshot(game_id)
        seat, state = snapshot.record.seat_of(user.id), snapshot.state
        if seat is None or state is None:
            return False
        mine = engine.decisions(state, seat.seat)
        if not mine or str(mine[0].since) != parts[3]:
            return False
        key: str | None = parts[4]
        if parts[1] == "sel":
            decision = next((d for d in mine if d.kind == parts[4]), None)
            key = decode(decision, values or ()) if decision is not None else None
        return key is not None and engine.Action(seat.seat, key) in engine.legal_actions(
            state, seat.seat
        )

    # -- the kinds: each returns the interactions to send (None: nothing to send now) ----------

    async def _outsider(
        self, table: Table, watched: list[tuple[Message, str, int]]
    ) -> list[Awaitable[InteractionRecord]] | None:
        """Someone who does not play: opens a screen, uses the table's controls, or sends a
        player's component through the table, the player's screen or their own message."""
        who = self.outsider
        choice = self.rng.randrange(4)
        if choice == 0:
            return [who.click(table.table, custom_id=f"cr:hand:{table.game_id}")]
        on_table = of_game(table.table, table.game_id)
        if choice == 1 and on_table:
            component = self.rng.choice(on_table)
            return [press(who, table.table, component, choose(self.rng, component))]
        current = table.current()
        if not current:
            return [who.click(table.table, custom_id=f"cr:hand:{table.game_id}")]
        owner, screen, component = self.rng.choice(current)
        values = choose(self.rng, component)
        mine = who.ephemerals(table.world.channel)
        via = self.rng.choice([table.table, screen, *(mine[-1:])])
        if via is screen:
            watched.append((screen, screen.text(), screen.edit_count))
        return [who.forge(via, component["custom_id"], values)]

    async def _foreign_screen(
        self, table: Table, watched: list[tuple[Message, str, int]]
    ) -> list[Awaitable[InteractionRecord]] | None:
        """A player sends another player's component through that player's screen."""
        current = table.current()
        assert table.driver is not None
        if not current:
            return None
        owner, screen, component = self.rng.choice(current)
        others = [u for u in table.driver.players if u is not owner]
        who = self.rng.choice(others)
        values = choose(self.rng, component)
        if await self.honest(table.game_id, who, component["custom_id"], values):
            return None  # their own move, on the same decision as the owner's
        watched.append((screen, screen.text(), screen.edit_count))
        return [who.forge(screen, component["custom_id"], values)]

    async def _stale(
        self, table: Table, watched: list[tuple[Message, str, int]]
    ) -> list[Awaitable[InteractionRecord]] | None:
        """A player clicks a screen the game has left behind (its decision stamp is older
        than their decisions now), most often one whose move would be legal now (the same
        button, or a card still in hand, on the screen of an earlier turn or round); or sends
        an older stamp through their current screen."""
        snapshot = await self.bot.service.snapshot(table.game_id)
        state = snapshot.state
        assert state is not None
        stale: list[tuple[User, Message, dict[str, Any], list[str] | None]] = []
        legal_now: list[tuple[User, Message, dict[str, Any], list[str] | None]] = []
        for user, screen in table.seen:
            seat = snapshot.record.seat_of(user.id)
            for component in action_components(screen):
                parts = str(component["custom_id"]).split(":")
                game_id, since = int(parts[2]), int(parts[3])
                values = choose(self.rng, component)
                if seat is None or game_id != table.game_id:
                    stale.append((user, screen, component, values))  # a game that is over
                    continue
                mine = engine.decisions(state, seat.seat)
                if mine and mine[0].since == since:
                    continue  # not stale: the decisions it answers still stand
                stale.append((user, screen, component, values))
                legal = engine.legal_actions(state, seat.seat)
                if component["type"] == 2 and engine.Action(seat.seat, parts[4]) in legal:
                    legal_now.append((user, screen, component, None))
                elif component["type"] != 2 and component.get("max_values", 1) == 1:
                    good = [
                        o["value"]
                        for o in component["options"]
                        if engine.Action(seat.seat, o["value"]) in legal
                    ]
                    if good:
                        legal_now.append((user, screen, component, [self.rng.choice(good)]))
        pool = legal_now if legal_now and self.rng.random() < 0.6 else stale
        if pool and self.rng.random() < 0.8:
            user, screen, component, values = self.rng.choice(pool)
            self.stale_legal_now += pool is legal_now
            return [press(user, screen, component, values)]
        current = table.current()
        if not current:
            return None
        user, screen, component = self.rng.choice(current)
        parts = str(component["custom_id"]).split(":")
        since = int(parts[3])
        if since == 0:
            return None
        parts[3] = str(self.rng.randrange(0, since))
        return [user.forge(screen, ":".join(parts), choose(self.rng, component))]

    async def _forged(
        self, table: Table, watched: list[tuple[Message, str, int]]
    ) -> list[Awaitable[InteractionRecord]] | None:
        """``custom_id``s no honest client sends: garbage, unknown formats, other games."""
        assert table.driver is not None
        user = self.rng.choice([*table.driver.players, self.outsider])
        via = table.driver.screens.get(user.id) or table.table
        game_id = table.game_id
        other = self.rng.choice([t.game_id for t in self.tables] + [self.lobby_id, 10**12, 0])
        current = table.current()
        key = str(self.rng.choice(current)[2]["custom_id"]).split(":")[-1] if current else "x"
        since = self.rng.randrange(0, 500)
        alphabet = string.printable.strip() + "éß漢🂡"
        garbage = "".join(self.rng.choice(alphabet) for _ in range(self.rng.randint(1, 100)))
        custom_id = self.rng.choice(
            [
                garbage,
                "cr:" + garbage[:90],
                "cr:act",
                f"cr:act:{game_id}",
                f"cr:act:{game_id}:{since}",
                f"cr:act:{game_id}:x:{key}",
                f"cr:act:{game_id}:{since}:",
                f"cr:act:{other}:{since}:{key}",
                f"cr:act:-1:{since}:{key}",
                f"cr:act:{game_id}:999999999:{key}",
                f"cr:act:{game_id}:{since}:{garbage[:50]}",
                f"cr:sel:{game_id}:{since}:nokind:0",
                f"cr:sel:{game_id}:{since}:pick:9",
                f"cr:sel:{other}:{since}:pick:0",
                f"cr:hand:{other}",
                f"cr:hand:{game_id}:extra",
                f"cr:rules:{other}",
                f"cr:lobby:{game_id}:start",
                f"cr:lobby:{self.lobby_id}:start",
                f"cr:lobby:{game_id}:explode",
                f"cr:lopt:{self.lobby_id}:turn_limit",
                f"cr:abort:{game_id}:yes",
                f"cr:abort:{other}:yes",
                f"cr:zzz:{game_id}:1",
            ]
        )
        values = None
        if custom_id.startswith(("cr:sel:", "cr:lopt:")) or self.rng.random() < 0.2:
            values = [garbage[:20]] if self.rng.random() < 0.7 else []
        return [user.forge(via, custom_id, values)]

    async def _unoffered(
        self, table: Table, watched: list[tuple[Message, str, int]]
    ) -> list[Awaitable[InteractionRecord]] | None:
        """A menu on the player's own screen, with values it never offered."""
        menus = [(u, s, c) for u, s, c in table.current() if c["type"] != 2]
        if not menus:
            for other in self.tables:  # menus are shown more in some games
                menus += [(u, s, c) for u, s, c in other.current() if c["type"] != 2]
        if not menus:
            return None
        user, screen, menu = self.rng.choice(menus)
        offered = [o["value"] for o in menu["options"]]
        elsewhere = [
            o["value"]
            for t in self.tables
            for _u, _s, c in t.current()
            if c["type"] != 2 and c is not menu
            for o in c["options"]
            if o["value"] not in offered
        ]
        top = menu.get("max_values", 1)
        values = self.rng.choice(
            [
                ["nonsense"],
                [],
                [offered[0], offered[0]],
                offered[: top + 1] if len(offered) > top else ["R99"],
                [self.rng.choice(elsewhere)] if elsewhere else ["~2"],
                [offered[0] + "~9"],
                [str(self.rng.randrange(10**6))],
            ]
        )
        game_id = int(str(menu["custom_id"]).split(":")[2])
        if await self.honest(game_id, user, menu["custom_id"], values):
            values = ["nonsense"]  # offered after all (by another menu of that decision)
        return [user.forge(screen, menu["custom_id"], values)]

    async def _double(
        self, table: Table, watched: list[tuple[Message, str, int]]
    ) -> list[Awaitable[InteractionRecord]] | None:
        """The same click twice at once (a double click): at most one may apply."""
        current = table.current()
        if not current:
            return None
        user, screen, component = self.rng.choice(current)
        values = choose(self.rng, component)
        return [press(user, screen, component, values), press(user, screen, component, values)]

    async def _admin(
        self, table: Table, watched: list[tuple[Message, str, int]]
    ) -> list[Awaitable[InteractionRecord]] | None:
        """Admin commands by someone without Manage Server (Discord hides them from such
        users unless a server admin allowed them)."""
        assert table.driver is not None
        who = self.rng.choice([*table.driver.players, self.outsider])
        channel = table.world.channel
        command, options = self.rng.choice(
            [
                ("cardroom list", {}),
                ("cardroom inspect", {"game_id": table.game_id}),
                ("cardroom abort", {"game_id": table.game_id}),
                ("cardroom abort", {"game_id": self.lobby_id}),
            ]
        )
        return [who.slash(channel, command, bypass_default_permissions=True, **options)]

    async def _confirmation(
        self, table: Table, watched: list[tuple[Message, str, int]]
    ) -> list[Awaitable[InteractionRecord]] | None:
        """A non-admin presses "Abort" on an admin's confirmation (sent through it)."""
        assert table.driver is not None
        ask = await self.admin.slash(table.world.channel, "cardroom abort", game_id=table.game_id)
        assert ask.original is not None
        who = self.rng.choice([*table.driver.players, self.outsider])
        watched.append((ask.original, ask.original.text(), ask.original.edit_count))
        return [who.forge(ask.original, f"cr:abort:{table.game_id}:yes")]

    async def _lobby(
        self, table: Table, watched: list[tuple[Message, str, int]]
    ) -> list[Awaitable[InteractionRecord]] | None:
        """Someone other than the host uses the lobby's host controls (or leaves a lobby they
        never joined); the host sends option values never offered."""
        lobby = self.lobby
        choice = self.rng.randrange(4)
        if choice == 3:
            menu = next(s for s in lobby.selects() if s["custom_id"].startswith("cr:lopt:"))
            values = self.rng.choice([["9"], ["-1"], ["abc"], [], ["0", "1"]])
            return [self.lobby_host.forge(lobby, menu["custom_id"], values)]
        who = self.rng.choice([self.outsider, *table.world.users.values()])
        if choice == 0:  # start, cancel, an option (joining is no bad input)
            button = self.rng.choice(
                [
                    b
                    for b in lobby.buttons()
                    if str(b.get("custom_id", "")).startswith("cr:lobby:")
                    and not str(b["custom_id"]).endswith(":join")
                ]
            )
            return [who.click(lobby, custom_id=button["custom_id"])]
        if choice == 1:
            menu = next(s for s in lobby.selects() if s["custom_id"].startswith("cr:lopt:"))
            value = self.rng.choice([o["value"] for o in menu["options"]])
            return [who.select(lobby, [value], custom_id=menu["custom_id"])]
        return [who.click(lobby, custom_id=f"cr:lobby:{self.lobby_id}:leave")]

    KINDS = (
        "outsider",
        "foreign_screen",
        "stale",
        "forged",
        "unoffered",
        "double",
        "admin",
        "confirmation",
        "lobby",
    )


async def bad_inputs(count: int, games: int, seed: int, db_path: Path) -> dict[str, object]:
    """Send ``count`` bad inputs while ``games`` games are played in this process."""
    rng = random.Random(seed)
    errors = ErrorCount()
    logging.getLogger().addHandler(errors)
    async with FakeDiscord.running(interaction_deadline=3.0, relax={"deadline"}) as fake:
        guild = fake.add_guild("Bad inputs")
        await channels_only(db_path, guild.id)
        admin = fake.add_user("admin")
        fake.make_admin(admin)
        outsider = fake.add_user("outsider")
        guild.add_member(outsider)
        bot = CardroomBot(
            # the answers are measured here, and every input waits until the bot is idle:
            # tables keep 1 s between edits also during a turn, not the default 8 s
            BotSettings(discord_token=fake.token, database_path=db_path, table_turn_interval=1.0),
            seed_source=lambda: rng.randrange(2**63),
            guild_ready_timeout=0.05,
        )
        handle = await fake.start_bot(bot)
        await fake.wait_for(bot.resumed.is_set, what="games resumed")
        tables = []
        for g in range(games):
            name = GAMES[g % len(GAMES)]
            channel = guild.add_text_channel(f"table-{g}")
            users = {}
            for p in range(PLAYERS[name]):
                user = fake.add_user(f"g{g}p{p}")
                guild.add_member(user)
                users[user.username] = user
            world = World(fake, guild, channel, users, db_path, handle=handle)
            table = Table(world, name, random.Random(seed * 100 + g))
            await table.new_game()
            tables.append(table)
        lobby_channel = guild.add_text_channel("lobby")
        host, guest = fake.add_user("host"), fake.add_user("guest")
        for user in (host, guest):
            guild.add_member(user)
        opened = await host.slash(lobby_channel, "game new", game="artichokes")
        lobby = opened.original
        assert lobby is not None
        lobby_id = int(lobby.text().split("lobby of game #")[1].split()[0])
        await guest.click(lobby, custom_id=f"cr:lobby:{lobby_id}:join")
        sender = BadInputs(fake, bot, tables, lobby, lobby_id, host, outsider, admin, rng)
        leak_scans = leaks = legit = sent = 0
        started = time.perf_counter()
        with cli.progress(count, "bad inputs", unit="input") as bar:
            while sent < count:
                table = rng.choice(tables)
                legit += await table.move()
                for _ in range(2):
                    if sent >= count:
                        break
                    kind = rng.choice(BadInputs.KINDS)
                    before = sum(sender.by_kind.values())
                    await sender.send(kind)
                    added = sum(sender.by_kind.values()) - before
                    sent += added
                    bar.update(added)
                    if sent and sent % 250 == 0:
                        for each in tables:
                            leak_scans += 1
                            try:
                                await leak_scan(each.world, each.game_id, SECRETS[each.game])
                            except AssertionError:
                                leaks += 1
                if handle.task.done():
                    break
        seconds = time.perf_counter() - started
        apologies = sum(APOLOGY in BadInputs.answer(r) for r in sender.records)
        stats = fake.latency_stats()
        outcomes = Counter(r.outcome for r in fake.interactions)
        died = handle.task.done()
        finished = sum(t.finished for t in tables)
        await handle.stop()
    logging.getLogger().removeHandler(errors)
    return {
        "bad_inputs": sent,
        "by_kind": dict(sorted(sender.by_kind.items())),
        "crashes": apologies + died,
        "games_changed": sender.games_changed,
        "changes": sender.changes[:5],
        "double_clicks_applied": sender.double_applied,
        "stale_legal_now": sender.stale_legal_now,
        "unanswered": outcomes["unanswered"] + outcomes["pending"],
        "late": stats.late,
        "foreign_screens_written": sender.foreign_written,
        "admin_commands_obeyed": sender.admin_obeyed,
        "leak_scans": leak_scans,
        "leaks": leaks,
        "errors_logged": errors.count,
        "errors": errors.first,
        "legit_moves": legit,
        "games_finished": finished,
        "interactions": stats.count,
        "seconds": round(seconds, 1),
    }


async def run(kills: int, bad: int, games: int, seed: int, folder: Path) -> dict[str, object]:
    figures: dict[str, object] = {}
    if kills:
        figures["crashes"] = await crashes(kills, games, seed, folder / "crashes")
    if bad:
        (folder / "bad").mkdir()
        figures["bad_inputs"] = await bad_inputs(
            bad, min(games, 3), seed, folder / "bad" / "cardroom.sqlite3"
        )
    return figures


def main() -> None:
    """Parse arguments, run, print one JSON line."""
    parser = cli.parser(__doc__)
    parser.add_argument(
        "--kills", type=int, default=100, help="times the bot process is killed (0: no crashes)"
    )
    parser.add_argument("--bad-inputs", type=int, default=10_000, help="bad inputs sent (0: none)")
    parser.add_argument(
        "--games", type=int, default=4, help="games played at once (bad inputs: at most 3)"
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of every random choice")
    args = parser.parse_args()
    root = logging.getLogger()  # the bot's warnings are expected here; errors are counted
    root.setLevel(logging.ERROR)
    root.addHandler(logging.NullHandler())
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        (folder / "crashes").mkdir()
        figures = asyncio.run(run(args.kills, args.bad_inputs, args.games, args.seed, folder))
    figures |= {"seed": args.seed, "python": platform.python_version()}
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
