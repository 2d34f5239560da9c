"""The bot client: wiring storage, the use cases, the keepers and the handlers to discord.py."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

import discord
from discord import app_commands
from discord.ext import commands

from bot.command_text import CatalogTranslator
from bot.components import DYNAMIC_ITEMS
from bot.context import Cardroom
from bot.followups import FollowUps
from bot.handlers import Handlers
from bot.handlers.commands import AdminCommands, GameCommands
from bot.lobby_messages import LobbyMessages
from bot.open_screens import OpenScreens
from bot.pings import Pings
from bot.replies import apology
from bot.service import GameService
from bot.settings import BotSettings
from bot.tables import TableKeeper
from storage import Storage

log = logging.getLogger(__name__)


class CardroomBot(commands.Bot):
    """Cardroom's Discord client.

    It needs only the ``guilds`` intent: everything else arrives with interactions. Storage is
    opened from ``settings.database_path`` in ``setup_hook`` and closed in ``close``.
    ``seed_source`` returns the seed of each new game (default: 63 random bits; tests pass a
    seeded one so games are reproducible). Other keyword ``options`` go to discord.py.

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
        **options: object,
    ) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            **options,  # type: ignore[arg-type]
        )
        self.settings = settings
        self._seed_source = seed_source
        self.room = Cardroom(self)
        self.components: Handlers
        self.resumed = asyncio.Event()
        self._resume_task: asyncio.Task[None] | None = None

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
        room = self.room
        room.storage = await Storage.open(path=self.settings.database_path)
        room.service = GameService(room.storage, seed=self._seed_source)
        room.tables = TableKeeper(self, room.storage, room.service)
        room.pings = Pings(self, room.storage)
        room.screens = OpenScreens()
        room.lobbies = LobbyMessages(self, room.storage)
        room.followups = FollowUps(room.storage, room.tables, room.screens, room.pings)
        self.components = Handlers(room)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        await self.add_cog(GameCommands(self.components))
        await self.add_cog(AdminCommands(self.components))
        self.tree.on_error = self.on_app_command_error
        await self.tree.set_translator(CatalogTranslator())
        if self.settings.dev_guild_id:
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        self._resume_task = asyncio.create_task(self._resume_games())

    async def _resume_games(self) -> None:
        """Refresh the tables of the games that were running when the bot stopped, and let
        automatic seats make moves that are due."""
        try:
            await self.wait_until_ready()
            await self._resume_each_game()
        except Exception:
            log.exception("resuming games failed")
        finally:
            self.resumed.set()

    async def _resume_each_game(self) -> None:
        room = self.room
        report = await room.storage.games.load_active_games()
        for failure in report.failures:
            log.error(
                "game %s was set aside: its stored state is invalid (%s; details in its "
                "set_aside_reason column, not logged: they may quote hidden cards)",
                failure.game_id,
                failure.error.split(":", 1)[0],
            )
        for loaded in report.games:
            try:
                played = await room.service.resume(loaded.game.id)
                if played.steps:
                    await room.followups.after_played(played, actor=None)
                else:
                    await room.tables.refresh(loaded.game.id)
            except Exception:
                log.exception("could not resume game %s", loaded.game.id)
        log.info("resumed %d game(s); %d set aside", len(report.games), len(report.failures))

    def spawn(self, work: object, what: str) -> None:
        """Run follow-up work in the background (see ``Cardroom.spawn``)."""
        self.room.spawn(work, what)  # type: ignore[arg-type]

    async def wait_idle(self) -> None:
        """Wait until all background work (also work started meanwhile) has finished."""
        await self.room.wait_idle()

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        """Errors that escaped the handlers' guard (e.g. in argument conversion)."""
        try:
            raise error
        except app_commands.AppCommandError:
            await apology(
                interaction,
                f"/{interaction.command.qualified_name if interaction.command else '?'}",
            )

    async def close(self) -> None:
        """Stop the client, then close storage (queued commits finish first)."""
        if self._resume_task is not None:
            self._resume_task.cancel()
        await self.room.wait_idle()
        await super().close()
        storage = getattr(self.room, "storage", None)
        if storage is not None:
            await storage.close()
