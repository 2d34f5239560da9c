"""Interaction handlers: thin adapters from Discord interactions to the use cases.

Each handler answers its interaction (a friendly ephemeral for refusals, see
``bot.handlers.replies``) and leaves follow-ups (table, screens, pings) to
``bot.messages.followups``.
"""

from __future__ import annotations

import discord

from bot.context import Cardroom
from bot.handlers.admin import AdminHandlers
from bot.handlers.direct import DirectHandlers
from bot.handlers.history import HistoryHandlers
from bot.handlers.lobby import LobbyHandlers
from bot.handlers.play import PlayHandlers
from bot.handlers.reference import ReferenceHandlers
from bot.handlers.seasons import SeasonHandlers
from bot.handlers.slow_play import SlowPlayHandlers
from bot.handlers.threads import ThreadHandlers
from bot.handlers.tournaments import TournamentHandlers
from bot.handlers.undo import UndoHandlers


class Handlers:
    """All handlers; also what the persistent components call
    (``bot.messages.components.ComponentHandlers``)."""

    def __init__(self, room: Cardroom) -> None:
        self.threads = ThreadHandlers(room)
        self.lobby = LobbyHandlers(room, self.threads)
        self.play = PlayHandlers(room)
        self.reference = ReferenceHandlers(room)
        self.admin = AdminHandlers(room)
        self.history = HistoryHandlers(room)
        self.slow = SlowPlayHandlers(room)
        self.direct = DirectHandlers(room, self.play)
        self.undo = UndoHandlers(room, self.play)
        self.seasons = SeasonHandlers(room)
        self.tournaments = TournamentHandlers(room)

    async def on_lobby_button(self, interaction: discord.Interaction, game: int, op: str) -> None:
        """A lobby button."""
        await self.lobby.on_button(interaction, game, op)

    async def on_lobby_option(
        self, interaction: discord.Interaction, game: int, field: str, values: list[str]
    ) -> None:
        """A lobby option menu."""
        await self.lobby.on_option(interaction, game, field, values)

    async def on_abort(self, interaction: discord.Interaction, game: int, confirmed: bool) -> None:
        """An abort confirmation's button."""
        await self.admin.on_abort_button(interaction, game, confirmed)

    async def on_show_screen(self, interaction: discord.Interaction, game: int) -> None:
        """The table's private-screen button."""
        await self.play.on_show_screen(interaction, game)

    async def on_direct_screen(self, interaction: discord.Interaction, game: int) -> None:
        """A direct message's button opening the private screen."""
        await self.direct.on_screen(interaction, game)

    async def on_rules(self, interaction: discord.Interaction, game: int) -> None:
        """The table's Rules button."""
        await self.reference.on_rules(interaction, game)

    async def on_action(
        self, interaction: discord.Interaction, game: int, since: int, key: str
    ) -> None:
        """An action button."""
        await self.play.on_action(interaction, game, since, key)

    async def on_select(
        self,
        interaction: discord.Interaction,
        game: int,
        since: int,
        kind: str,
        chunk: int,
        values: list[str],
    ) -> None:
        """A decision's select menu."""
        await self.play.on_select(interaction, game, since, kind, chunk, values)

    async def on_confirm(
        self, interaction: discord.Interaction, game: int, since: int, key: str
    ) -> None:
        """A confirmation's "yes"."""
        await self.play.on_confirm(interaction, game, since, key)

    async def on_back(self, interaction: discord.Interaction, game: int) -> None:
        """A confirmation's "no"."""
        await self.play.on_back(interaction, game)

    async def on_undo(self, interaction: discord.Interaction, game: int, seq: int) -> None:
        """A private screen's Undo."""
        await self.undo.on_undo(interaction, game, seq)

    async def on_replay(self, interaction: discord.Interaction, game: int, step: int) -> None:
        """A replay's button or menu."""
        await self.history.on_replay(interaction, game, step)

    async def on_leaderboard_reset(
        self, interaction: discord.Interaction, game_name: str, confirmed: bool
    ) -> None:
        """A leaderboard reset confirmation's button."""
        await self.history.on_reset(interaction, game_name, confirmed)

    async def on_season_start(
        self,
        interaction: discord.Interaction,
        game_name: str,
        current: int,
        confirmed: bool,
        name: str | None,
    ) -> None:
        """A season start confirmation's button."""
        await self.seasons.on_start(interaction, game_name, current, confirmed, name)

    async def on_tournament_button(
        self, interaction: discord.Interaction, tournament: int, op: str
    ) -> None:
        """A tournament card's button."""
        await self.tournaments.on_button(interaction, tournament, op)

    async def on_tournament_level(
        self, interaction: discord.Interaction, tournament: int, level: str
    ) -> None:
        """A tournament card's "Add an automatic player" menu."""
        await self.tournaments.on_level(interaction, tournament, level)

    async def on_forget(
        self, interaction: discord.Interaction, user_id: int, confirmed: bool
    ) -> None:
        """A forget-me confirmation's button."""
        await self.history.on_forget(interaction, user_id, confirmed)


__all__ = [
    "AdminHandlers",
    "DirectHandlers",
    "Handlers",
    "HistoryHandlers",
    "LobbyHandlers",
    "PlayHandlers",
    "ReferenceHandlers",
    "SeasonHandlers",
    "SlowPlayHandlers",
    "ThreadHandlers",
    "TournamentHandlers",
    "UndoHandlers",
]
