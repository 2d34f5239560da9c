"""The bot client: wiring storage, the use cases, the keepers and the handlers to discord.py."""

from __future__ import annotations

import asyncio
import gc
import hashlib
import json
import logging
import re
from collections.abc import Callable, Iterable, Iterator
from datetime import UTC, datetime
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.context import Cardroom
from bot.handlers import Handlers
from bot.handlers.command_text import CatalogTranslator, catalogs_fingerprint
from bot.handlers.commands import AdminCommands, GameCommands, HelpCommand
from bot.handlers.gate import InFlight
from bot.handlers.replies import apology, say
from bot.messages.followups import FollowUps
from bot.messages.history_views import PERSISTENT_ITEMS
from bot.messages.languages import GuildLanguages, tr
from bot.messages.lobby import LobbyMessages
from bot.messages.open_screens import OpenScreens
from bot.messages.permissions import invite_url
from bot.messages.pictures import Pictures
from bot.messages.pings import Pings
from bot.messages.tables import TableKeeper
from bot.metrics import FAILED, REFUSED, Metrics
from bot.pictures.painter import Painter
from bot.service import GameService
from bot.settings import BotSettings
from bot.shards import Shards
from bot.startup import Startup
from bot.thread_wiring import install_threads
from bot.timing.clock import Clock, SystemClock
from bot.timing.heartbeat import Heartbeat
from bot.timing.turn_clocks import TurnClocks
from storage import Storage

log = logging.getLogger(__name__)

COMMANDS_FINGERPRINT = "commands_fingerprint"
"""``storage.meta`` key of the fingerprint of the slash commands last synced."""


class CardroomBot(commands.AutoShardedBot):
    """Cardroom's Discord client.

    It needs only the ``guilds`` intent: everything else arrives with interactions. It runs
    the gateway shards of ``settings.shard_ids`` of ``settings.shard_count`` (discord.py's
    own sharding; default: every shard of the count Discord recommends, one for a bot in
    fewer than 2,500 servers), and looks after the games of those shards' guilds only
    (:meth:`owns_guild`): several processes share one database, each with its shards. Storage
    is opened from ``settings.storage_settings()`` in ``setup_hook`` and closed in ``close``.
    ``seed_source`` returns the seed of each new game (default: 63 random bits; tests pass a
    seeded one so games are reproducible). ``sync`` overrides ``settings.sync_commands``
    (``"always"``, ``"auto"``, ``"never"``); ``resume=False`` skips resuming running games
    (``cardroom sync``); ``clock`` gives the time to the turn clocks (default: the system's;
    tests move one by hand); ``log_sync=False`` leaves the sync's result to the caller to say
    (``sync_report``: ``cardroom sync`` prints it); ``freeze_heap=False`` skips the
    collection and freeze at the end of ``setup_hook`` (tests start hundreds of bots in one
    process: there each full collection walks every earlier test's objects, and freezing them
    would keep their garbage for good). Other keyword ``options`` go to discord.py.

    Attributes:
        room: the shared parts (storage, use cases, keepers), once set up.
        components: the handlers the persistent components call.
        resumed: set once the games found at startup have been resumed.
    """

    # Cardroom never joins voice: don't warn that voice libraries are missing.
    discord.VoiceClient.warn_nacl = False
    discord.VoiceClient.warn_dave = False

    def __init__(
        self,
        settings: BotSettings,
        *,
        seed_source: Callable[[], int] | None = None,
        sync: str | None = None,
        resume: bool = True,
        clock: Clock | None = None,
        log_sync: bool = True,
        freeze_heap: bool = True,
        **options: object,
    ) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        if settings.shard_ids is not None:  # discord.py's default (all) is the absent option
            options["shard_ids"] = settings.shard_ids
        metrics = Metrics()  # with an endpoint, Discord's answers are counted too
        options["http_trace"] = metrics.rest_trace() if settings.metrics_port else None
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            shard_count=settings.shard_count,
            **options,  # type: ignore[arg-type]
        )
        self.settings = settings
        self.metrics = metrics  # bot.metrics: served on METRICS_PORT, when set
        self._seed_source = seed_source
        self._sync = sync or settings.sync_commands
        self._resume = resume
        self.clock: Clock = clock or SystemClock()
        self.synced: int | None = None
        """How many commands the last sync sent (``None``: none was needed)."""
        self.sync_report: str | None = None
        """What the last sync did, in a few words ("synced 3 slash commands globally")."""
        self._log_sync, self._freeze_heap = log_sync, freeze_heap
        self.room = Cardroom(self)
        self.in_flight = InFlight()
        """The interactions being handled now (a shutdown lets them finish)."""
        self.components: Handlers
        self.resumed = asyncio.Event()
        self.heartbeat = Heartbeat(settings.heartbeat_file(), self.connected_to_discord, self.clock)
        """The liveness file ``cardroom health`` reads (``bot.timing.heartbeat``)."""
        self._resume_task: asyncio.Task[None] | None = None
        self._startup = Startup(self.room, lambda: self.own_shards, datetime.now(UTC))

    @property
    def own_shards(self) -> Shards:
        """The shards this process runs (their count is Discord's once logged in, when
        ``SHARD_COUNT`` is unset)."""
        return Shards(self.shard_count, self.shard_ids)

    async def _count_shards(self) -> None:
        """Ask Discord for its recommended shard count now when ``SHARD_COUNT`` is unset but
        ``DISCORD_GATEWAY_URL`` is set: given no count, discord.py would connect to the
        gateway ``GET /gateway/bot`` names instead of the one configured (a proxy)."""
        if self.shard_count is None and self.settings.discord_gateway_url:
            self.shard_count, _url, _limits = await self.http.get_bot_gateway()

    def owns_guild(self, guild_id: int | None) -> bool:
        """Whether guild ``guild_id``'s events and interactions reach this process (its
        shard is one of this process's), so its games are this process's to look after."""
        return self.own_shards.owns(guild_id)

    @property
    def storage(self) -> Storage:
        """The open storage."""
        return self.room.storage

    @property
    def service(self) -> GameService:
        """The use cases."""
        return self.room.service

    async def setup_hook(self) -> None:
        """Open storage, build the keepers and handlers, register persistent components and
        commands, sync, and schedule the resumption of running games."""
        await self._count_shards()
        room = self.room
        room.storage = await Storage.open(self.settings.storage_settings())
        room.service = GameService(
            room.storage,
            seed=self._seed_source,
            clock=self.clock,
            search_budget_ms=self.settings.search_budget_ms,
        )
        room.history = room.service.history
        room.languages = GuildLanguages(room.storage, self)
        workers, wait = self.settings.picture_workers, self.settings.picture_wait
        painter = Painter(processes=workers == "process", urgent_wait=wait)
        room.pictures = Pictures(room.storage, self, painter)
        room.tables = TableKeeper(
            self,
            room.storage,
            room.service,
            room.languages,
            room.pictures,
            room.spawn,
            min_interval=self.settings.table_edit_interval,
            turn_interval=self.settings.table_turn_interval,
        )
        room.pings = Pings(self, room.storage)
        room.screens = OpenScreens(room.pictures)
        room.lobbies = LobbyMessages(self, room.storage, room.languages, room.service.away_times)
        room.followups = FollowUps(
            room.storage, room.service, room.tables, room.screens, room.pings, room.languages
        )
        room.clocks = TurnClocks(
            room.storage,
            room.service,
            self.clock,
            lambda played: room.followups.after_played(played, actor=None),
            room.spawn,
            room.followups.remind,
        )
        room.followups.clocks = room.clocks
        install_threads(self, room, self.settings, self.clock)
        self.metrics.watch(
            room.service.live.live_games, room.clocks.__len__, lambda: self.latencies, painter
        )
        room.service.commits.observe = self.metrics.commit_seconds.observe
        self.components = Handlers(room)
        self.add_dynamic_items(*PERSISTENT_ITEMS)
        await self.add_cog(GameCommands(self.components))
        await self.add_cog(AdminCommands(self.components))
        await self.add_cog(HelpCommand(self.components))
        self.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]
        await self.tree.set_translator(CatalogTranslator())
        await self._sync_commands()
        if self._resume:  # a running bot (not `cardroom sync`): it says it is alive
            self.heartbeat.start()
            await self.metrics.serve(self.settings.metrics_host, self.settings.metrics_port)
            # before any interaction: their channels are free
            await self._startup.close_lost_lobbies()
            self._resume_task = asyncio.create_task(self._resume_games())
        # Everything made so far (modules, commands, components) lives as long as the bot:
        # out of the collector's sight, a full collection no longer pauses every
        # interaction for a few hundred milliseconds while it walks them.
        if self._freeze_heap:
            gc.collect()
            gc.freeze()

    async def _sync_commands(self) -> None:
        """Send the slash commands to Discord when asked to (``always``), or in ``auto`` mode
        when they differ from the last sync recorded in the database; to the development
        guild only, when one is set."""
        if self._sync == "never":
            return
        if self._resume and not self.own_shards.syncs_commands:  # `cardroom sync` always does
            log.info("slash commands are synced by the process running shard 0: not syncing")
            return
        dev = self.settings.dev_guild_id
        guild = discord.Object(dev) if dev else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        payload = [c.to_dict(self.tree) for c in self.tree.get_commands(guild=guild)]
        text = json.dumps([payload, dev, catalogs_fingerprint()], sort_keys=True)
        fingerprint = hashlib.sha256(text.encode()).hexdigest()
        meta = self.room.storage.meta
        if self._sync == "auto" and await meta.get(COMMANDS_FINGERPRINT) == fingerprint:
            log.info("slash commands unchanged since the last sync: not syncing")
            return
        synced = await self.tree.sync(guild=guild)
        self.synced = len(synced)
        await meta.set(COMMANDS_FINGERPRINT, fingerprint)
        where = "globally" if guild is None else f"to the development guild {dev}"
        self.sync_report = f"synced {len(synced)} slash commands {where}"
        if self._log_sync:
            log.info("%s", self.sync_report)
        if guild is not None and await self.tree.fetch_commands():
            log.warning(
                "slash commands are also registered globally: guild %s shows each of them "
                "twice. Unset DEV_GUILD_ID and run `cardroom sync`, or remove the global ones.",
                dev,
            )

    def connected_to_discord(self) -> bool:
        """Whether every gateway connection (one per shard) is up and ready now."""
        shards = self.shards
        return (
            self.is_ready()
            and not self.is_closed()
            and bool(shards)
            and not any(shard.is_closed() for shard in shards.values())
        )

    async def on_resumed(self) -> None:
        """The gateway connection is back: the bot is alive again."""
        self.heartbeat.beat()

    async def on_ready(self) -> None:
        """Say who the bot is, where, and how to invite it; it is alive."""
        self.heartbeat.beat()
        assert self.user is not None
        count = len(self.guilds)
        log.info("logged in as %s in %d server%s", self.user, count, "" if count == 1 else "s")
        if not self.own_shards.all:
            log.info("running %s", self.own_shards)
        if self.application_id is not None:
            log.info("invite link: %s", invite_url(self.application_id))

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Answer component interactions none of the persistent components will handle (an
        older version's ``custom_id``, a forged one, one not on its message), which Discord
        would otherwise show as "This interaction failed"."""
        if interaction.type != discord.InteractionType.component or self._handled(interaction):
            return
        _ = tr(interaction)
        self.metrics.interactions.labels("unknown component", REFUSED).inc()
        try:
            await say(interaction, "⚠️ " + _("This button is no longer in use."))
        except discord.HTTPException as exc:
            log.info("could not answer an unknown component: %s", exc.text)

    @staticmethod
    def _handled(interaction: discord.Interaction) -> bool:
        """Whether discord.py dispatches this component to one of the dynamic items: its
        ``custom_id`` matches a template and the message holds that component."""
        data: dict[str, Any] = dict(interaction.data or {})
        custom_id = str(data.get("custom_id", ""))
        templates = [item.__discord_ui_compiled_template__ for item in PERSISTENT_ITEMS]
        if not any(re.fullmatch(template, custom_id) for template in templates):
            return False
        message = interaction.message
        if message is None:
            return False
        kind = data.get("component_type")
        return any(
            getattr(component, "custom_id", None) == custom_id and component.type.value == kind
            for component in _walk(message.components)
        )

    async def _resume_games(self) -> None:
        """Refresh the tables of the games that were running when the bot stopped, and let
        automatic seats make moves that are due."""
        try:
            await self.wait_until_ready()
            await self._startup.resume()
        except Exception:
            log.exception("resuming games failed")
        finally:
            self.resumed.set()

    def spawn(self, work: object, what: str) -> None:
        """Run follow-up work in the background (see ``Cardroom.spawn``)."""
        self.room.spawn(work, what)  # type: ignore[arg-type]

    async def wait_idle(self) -> None:
        """Wait until no interaction handler runs and all background work (also work
        started meanwhile, e.g. by a handler after its answer) has finished."""
        while True:
            await self.in_flight.idle()
            await self.room.wait_idle()
            if self.in_flight.idle_now():
                return

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        """Errors that escaped the handlers' guard (e.g. in argument conversion); a command
        this version no longer has is answered as such."""
        if isinstance(error, app_commands.CommandNotFound):
            _ = tr(interaction)
            self.metrics.interactions.labels("unknown command", REFUSED).inc()
            await say(interaction, "⚠️ " + _("That command is no longer in use: see /help."))
            return
        try:
            raise error
        except app_commands.AppCommandError:
            self.metrics.interactions.labels("app command error", FAILED).inc()
            await apology(
                interaction,
                f"/{interaction.command.qualified_name if interaction.command else '?'}",
            )

    async def close(self) -> None:
        """Shut down cleanly: take no new changes, finish the ones in flight and their
        follow-ups, stop the client, then close storage (queued commits finish first)."""
        await self.heartbeat.stop()
        await self.metrics.stop()
        if self._resume_task is not None:
            self._resume_task.cancel()
        tables = getattr(self.room, "tables", None)
        if tables is not None:
            tables.stop_retrying()
        if hasattr(self.room, "threads"):
            self.room.threads.stop()  # the renames and archives that wait
        self.in_flight.close()
        await self.in_flight.idle()
        await self.room.stop_clocks()
        await self.room.wait_idle()  # follow-ups of finished moves (automatic ones included)
        service = getattr(self.room, "service", None)
        if service is not None:
            await service.shutdown()
        await self.room.wait_idle()
        if tables is not None:
            await tables.close()  # the shown versions not written yet
        pictures = getattr(self.room, "pictures", None)
        if pictures is not None:
            pictures.painter.close()
        await super().close()
        storage = getattr(self.room, "storage", None)
        if storage is not None:
            await storage.close()
        gc.unfreeze()  # another bot started in this process (tests) collects this one


def _walk(components: Iterable[discord.Component]) -> Iterator[discord.Component]:
    """Every component of ``components``, nested ones (rows, containers, sections, accessories)
    included, as discord.py parsed them (building a ``ui.View`` would cost a dispatch again)."""
    for component in components:
        yield component
        yield from _walk(getattr(component, "children", ()))
        accessory = getattr(component, "accessory", None)
        if accessory is not None:
            yield accessory
