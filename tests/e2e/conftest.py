"""End-to-end fixtures: the real bot (``bot.app.CardroomBot``) against the fake Discord, with a
real SQLite file (``world``) or a real PostgreSQL database (``postgresql_world``), and a small
world of users."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from bot.app import CardroomBot
from bot.settings import BotSettings
from tests.e2e.clock import ManualClock
from tests.fakediscord import FakeDiscord
from tests.fakediscord.model import Channel, Guild
from tests.fakediscord.server import BotHandle
from tests.fakediscord.users import User


@dataclass
class World:
    """A guild with a game channel, five members (alice, bob, carol, dave, eve) and an admin."""

    fake: FakeDiscord
    guild: Guild
    channel: Channel
    users: dict[str, User]
    db_path: Path
    database_url: str | None = None
    """A PostgreSQL database's URL: the bot keeps its games there instead of ``db_path``."""
    handle: BotHandle | None = None
    seeds: Iterator[int] = field(default_factory=lambda: iter(range(7_000, 8_000)))
    clock: ManualClock = field(default_factory=ManualClock)
    search_budget_ms: float = 30.0
    table_edit_interval: float = 0.0
    """Seconds between two edits of one table (0: none, so every move's edit is awaited)."""
    table_turn_interval: float = 0.0
    """Seconds between two edits of one table during one player's turn (0: none)."""
    shard_count: int | None = None
    """``SHARD_COUNT`` of the bots started (``None``: unset)."""
    shard_ids: list[int] | None = None
    """``SHARD_IDS`` of the bots started (``None``: unset, all)."""
    metrics_port: int | None = None
    """``METRICS_PORT`` of the bots started, on 127.0.0.1 (``None``: unset, no endpoint)."""
    pictures: bool = False
    """Whether the guild's tables carry pictures. Off here (an admin's ``/cardroom pictures
    show:off``): drawing one per move would double the time of the tests about other things;
    the tests of pictures turn them on, and the benchmarks' bot has them on."""
    thread_rename_interval: float = 0.0
    """Seconds between two renames of a game's thread (0: none, so each is awaited)."""
    threads: bool = False
    """Whether the guild's new games get a thread each. Off here (an admin's ``/cardroom
    threads off``: one game per channel, played in it), so the tests about other things find
    each game in ``channel``; the tests of threads (``tests/e2e/test_threads*.py``) turn them
    on, as the bot's default is."""

    @property
    def bot(self) -> CardroomBot:
        assert self.handle is not None
        return self.handle.bot  # type: ignore[return-value]

    async def start(self) -> CardroomBot:
        """Start a bot instance on the world's database and wait until it resumed games."""
        settings = BotSettings(
            discord_token=self.fake.token,
            database_path=self.db_path,
            database_url=self.database_url,
            search_budget_ms=self.search_budget_ms,
            table_edit_interval=self.table_edit_interval,
            table_turn_interval=self.table_turn_interval,
            picture_workers="thread",  # a drawing process per bot start would slow the tests
            picture_wait=60.0,  # every answer has its picture, however loaded the machine
            shard_count=self.shard_count,
            shard_ids=self.shard_ids,
            metrics_port=self.metrics_port,
            metrics_host="127.0.0.1",
            thread_rename_interval=self.thread_rename_interval,
        )
        bot = CardroomBot(
            settings,
            seed_source=lambda: next(self.seeds),
            clock=self.clock,
            guild_ready_timeout=0.05,
            freeze_heap=False,
        )
        self.handle = await self.fake.start_bot(bot)
        await self.fake.wait_for(bot.resumed.is_set, what="games resumed")
        return bot

    async def restart(self) -> CardroomBot:
        """Stop the running bot and start a fresh instance on the same database."""
        assert self.handle is not None
        await self.handle.stop()
        return await self.start()

    def __getattr__(self, name: str) -> User:
        try:
            return self.users[name]
        except KeyError:
            raise AttributeError(name) from None


async def _world(
    fake_discord: FakeDiscord, tmp_path: Path, database_url: str | None = None
) -> World:
    guild = fake_discord.add_guild("Cardroom Test")
    channel = guild.add_text_channel("games")
    users = {}
    for name in ("alice", "bob", "carol", "dave", "eve", "admin"):
        users[name] = fake_discord.add_user(name)
        guild.add_member(users[name])
    fake_discord.make_admin(users["admin"])
    w = World(fake_discord, guild, channel, users, tmp_path / "cardroom.sqlite3", database_url)
    await w.start()
    await w.bot.room.pictures.choose(guild.id, w.pictures)  # stored: restarts keep it
    await w.bot.room.threads.choose(guild.id, w.threads)
    return w


@pytest.fixture
async def world(fake_discord: FakeDiscord, tmp_path: Path) -> AsyncIterator[World]:
    yield await _world(fake_discord, tmp_path)


@pytest.fixture
async def any_world(
    fake_discord: FakeDiscord, tmp_path: Path, database: Path | str
) -> AsyncIterator[World]:
    """The world on each backend in turn (``database``: a SQLite file, then PostgreSQL)."""
    yield await _world(fake_discord, tmp_path, database if isinstance(database, str) else None)


@pytest.fixture
async def postgresql_world(
    fake_discord: FakeDiscord, tmp_path: Path, postgresql_url: str
) -> AsyncIterator[World]:
    """The world, its bot keeping every game in a real PostgreSQL database."""
    yield await _world(fake_discord, tmp_path, postgresql_url)
