"""Slash commands: the ``/game`` group for players and the ``/cardroom`` group for admins.

Thin: each command hands over to the ``lobby``, ``play`` or ``admin`` handlers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

import engine
from bot.i18n import N_

if TYPE_CHECKING:
    from bot.app import CardroomBot


def game_choices() -> list[app_commands.Choice[str]]:
    """One choice per game the engine knows."""
    return [
        app_commands.Choice(name=engine.get_game(name).title, value=name)
        for name in engine.game_names()
    ]


class GameCommands(commands.Cog):
    """``/game new|hand|rules|leave``."""

    game = app_commands.Group(
        name="game", description=N_("Play card games in this channel"), guild_only=True
    )

    def __init__(self, bot: CardroomBot) -> None:
        self.bot = bot

    @game.command(name="new", description=N_("Open a game lobby in this channel"))
    @app_commands.describe(game=N_("Which game to play"))
    @app_commands.choices(game=game_choices())
    async def new(self, interaction: discord.Interaction, game: str) -> None:
        await self.bot.lobby.new_game(interaction, game)

    @game.command(name="hand", description=N_("Show your hand in this channel's game"))
    async def hand(self, interaction: discord.Interaction) -> None:
        await self.bot.play.hand_command(interaction)

    @game.command(name="rules", description=N_("How to play, and what every card does"))
    @app_commands.describe(game=N_("Which game (default: the one in this channel)"))
    @app_commands.choices(game=game_choices())
    async def rules(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await self.bot.play.rules_command(interaction, game)

    @game.command(name="leave", description=N_("Leave this channel's game (forfeit if it runs)"))
    async def leave(self, interaction: discord.Interaction) -> None:
        await self.bot.play.leave_command(interaction)


class AdminCommands(commands.Cog):
    """``/cardroom list|inspect|abort`` (Manage Server, checked at run time)."""

    cardroom = app_commands.Group(
        name="cardroom",
        description=N_("Manage this server's Cardroom games"),
        guild_only=True,
        default_permissions=discord.Permissions(manage_guild=True),
    )

    def __init__(self, bot: CardroomBot) -> None:
        self.bot = bot

    @cardroom.command(name="list", description=N_("List this server's open games"))
    async def list_games(self, interaction: discord.Interaction) -> None:
        await self.bot.admin.list_games(interaction)

    @cardroom.command(name="inspect", description=N_("Show one game's details and replay check"))
    @app_commands.describe(game_id=N_("The game number (see /cardroom list)"))
    async def inspect(self, interaction: discord.Interaction, game_id: int) -> None:
        await self.bot.admin.inspect(interaction, game_id)

    @cardroom.command(name="abort", description=N_("End a game without a result"))
    @app_commands.describe(game_id=N_("The game number (see /cardroom list)"))
    async def abort(self, interaction: discord.Interaction, game_id: int) -> None:
        await self.bot.admin.abort(interaction, game_id)
