"""Slash commands: the ``/game`` group for players and the ``/cardroom`` group for admins.

Thin: each command hands over to the ``lobby``, ``play`` or ``admin`` handlers.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

import engine
from bot.games import presented_games
from bot.handlers import Handlers
from bot.handlers.admin import language_choices, pictures_choices
from bot.handlers.slow_play import notify_choices
from bot.handlers.threads import threads_choices
from bot.i18n import N_
from bot.service.paces import PACES
from engine.players import LEVELS


def game_choices() -> list[app_commands.Choice[str]]:
    """One choice per game the bot can show."""
    return [
        app_commands.Choice(name=engine.get_game(name).info.title, value=name)
        for name in presented_games()
    ]


def tournament_formats() -> list[app_commands.Choice[str]]:
    """The formats a tournament may have."""
    return [
        app_commands.Choice(name=N_("Swiss"), value="swiss"),
        app_commands.Choice(name=N_("Single elimination"), value="elimination"),
    ]


PACE_NAMES = {
    "off": N_("No clock (the round's deadline only)"),
    "1m": N_("1 minute a move"),
    "5m": N_("5 minutes a move"),
    "6h": N_("6 hours a move"),
    "1d": N_("1 day a move"),
    "3d": N_("3 days a move"),
}
"""The name of each of ``bot.service.paces.PACES`` in ``/cardroom tournament new``."""


def tournament_paces() -> list[app_commands.Choice[str]]:
    """The paces a tournament's tables may have: every one of ``bot.service.paces.PACES``, in
    its order (a pace without a name here fails at import, not in a menu)."""
    return [app_commands.Choice(name=PACE_NAMES[pace.key], value=pace.key) for pace in PACES]


LEVEL_NAMES = {"random": N_("random"), "greedy": N_("greedy"), "search": N_("search")}
"""The name of each of ``engine.players.LEVELS``."""


def level_choices() -> list[app_commands.Choice[str]]:
    """The automatic players' levels: every one of ``engine.players.LEVELS``, weakest first."""
    return [app_commands.Choice(name=LEVEL_NAMES[level], value=level) for level in LEVELS]


def reliability_choices() -> list[app_commands.Choice[int]]:
    """The shares of finished games a tournament may ask."""
    return [
        app_commands.Choice(name=N_("At least 80%"), value=80),
        app_commands.Choice(name=N_("At least 90%"), value=90),
    ]


class GameCommands(commands.Cog):
    """``/game new|hand|open|watching|rules|leave|mine|away|back|notify|stats|leaderboard|
    history|replay|export|forget-me``."""

    game = app_commands.Group(
        name="game", description=N_("Play card games in this channel"), guild_only=True
    )

    def __init__(self, handlers: Handlers) -> None:
        self.handlers = handlers

    @game.command(name="new", description=N_("Open a game lobby in this channel"))
    @app_commands.describe(
        game=N_("Which game to play"), invite=N_("People to invite: mention them (@name)")
    )
    @app_commands.choices(game=game_choices())
    async def new(
        self, interaction: discord.Interaction, game: str, invite: str | None = None
    ) -> None:
        await self.handlers.lobby.new_game(interaction, game, invite)

    @game.command(name="hand", description=N_("Show your private screen in this channel's game"))
    @app_commands.describe(game_id=N_("Which game, where several are played (default: yours)"))
    @app_commands.rename(game_id="game")
    async def hand(self, interaction: discord.Interaction, game_id: int | None = None) -> None:
        await self.handlers.play.hand_command(interaction, game_id)

    @game.command(name="open", description=N_("Games waiting for players in this server"))
    async def open_games(self, interaction: discord.Interaction) -> None:
        await self.handlers.threads.open_command(interaction)

    @game.command(name="watching", description=N_("The games you are watching"))
    async def watching(self, interaction: discord.Interaction) -> None:
        await self.handlers.threads.spectators.watching_command(interaction)

    @game.command(name="rules", description=N_("How to play, and what every card does"))
    @app_commands.describe(game=N_("Which game (default: the one in this channel)"))
    @app_commands.choices(game=game_choices())
    async def rules(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await self.handlers.reference.rules_command(interaction, game)

    @game.command(name="leave", description=N_("Leave this channel's game (forfeit if it runs)"))
    @app_commands.describe(game_id=N_("Which game, where several are played (default: yours)"))
    @app_commands.rename(game_id="game")
    async def leave(self, interaction: discord.Interaction, game_id: int | None = None) -> None:
        await self.handlers.play.leave_command(interaction, game_id)

    @hand.autocomplete("game_id")
    @leave.autocomplete("game_id")
    async def games_here(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        return await self.handlers.threads.game_choices(interaction, current)

    @game.command(name="mine", description=N_("Your games: whose move it is, the time left"))
    @app_commands.describe(everywhere=N_("Your games in every server, not only this one"))
    async def mine(self, interaction: discord.Interaction, everywhere: bool = False) -> None:
        await self.handlers.slow.mine(interaction, everywhere)

    @game.command(name="tournament", description=N_("Your next table and place in a tournament"))
    async def tournament(self, interaction: discord.Interaction) -> None:
        await self.handlers.tournaments.where(interaction)

    @game.command(name="away", description=N_("Pause your time banks in this server's games"))
    @app_commands.describe(until=N_("A date (2026-12-24) or a time from now (3 days, 1 week)"))
    async def away(self, interaction: discord.Interaction, until: str) -> None:
        await self.handlers.slow.away(interaction, until)

    @game.command(name="back", description=N_("End your away time now"))
    async def back(self, interaction: discord.Interaction) -> None:
        await self.handlers.slow.back(interaction)

    @game.command(name="notify", description=N_("How you hear that a move waits for you"))
    @app_commands.describe(how=N_("A mention in the game's channel, a direct message, or nothing"))
    @app_commands.choices(how=notify_choices())
    async def notify(self, interaction: discord.Interaction, how: str) -> None:
        await self.handlers.slow.notify(interaction, how)

    @game.command(name="stats", description=N_("Games played, won, scores and streaks"))
    @app_commands.describe(
        player=N_("Whose stats (default: yours)"),
        game=N_("Which game (default: every game)"),
        everywhere=N_("Your own stats from every server, not only this one"),
    )
    @app_commands.choices(game=game_choices())
    async def stats(
        self,
        interaction: discord.Interaction,
        player: discord.User | None = None,
        game: str | None = None,
        everywhere: bool = False,
    ) -> None:
        await self.handlers.history.stats(interaction, player, game, everywhere)

    @game.command(name="leaderboard", description=N_("This server's best players of a game"))
    @app_commands.describe(
        game=N_("Which game"),
        season=N_("A past season, or all time (default: the current season)"),
    )
    @app_commands.choices(game=game_choices())
    async def leaderboard(
        self, interaction: discord.Interaction, game: str, season: str | None = None
    ) -> None:
        await self.handlers.seasons.leaderboard(interaction, game, season)

    @leaderboard.autocomplete("season")
    async def seasons(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self.handlers.seasons.season_choices(interaction, current)

    @game.command(name="history", description=N_("The last games played in this server"))
    @app_commands.describe(player=N_("Only this player's games"))
    async def history(
        self, interaction: discord.Interaction, player: discord.User | None = None
    ) -> None:
        await self.handlers.history.past_games(interaction, player)

    @game.command(name="replay", description=N_("Watch a finished game again, move by move"))
    @app_commands.describe(game_id=N_("The game number (see /game history)"))
    async def replay(self, interaction: discord.Interaction, game_id: int) -> None:
        await self.handlers.history.replay(interaction, game_id)

    @game.command(name="export", description=N_("A finished game's record, as a JSON file"))
    @app_commands.describe(game_id=N_("The game number (see /game history)"))
    async def export(self, interaction: discord.Interaction, game_id: int) -> None:
        await self.handlers.history.export(interaction, game_id)

    @game.command(
        name="forget-me", description=N_("Delete your stats and ratings, and your name from games")
    )
    async def forget_me(self, interaction: discord.Interaction) -> None:
        await self.handlers.history.forget_me(interaction)

    @replay.autocomplete("game_id")
    @export.autocomplete("game_id")
    async def finished_games(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        return await self.handlers.history.game_choices(interaction, current)


class AdminCommands(commands.Cog):
    """``/cardroom list|inspect|abort|language|pictures|threads`` (Manage Server, checked at
    run time)."""

    cardroom = app_commands.Group(
        name="cardroom",
        description=N_("Manage this server's Cardroom games"),
        guild_only=True,
        default_permissions=discord.Permissions(manage_guild=True),
    )

    def __init__(self, handlers: Handlers) -> None:
        self.handlers = handlers

    @cardroom.command(name="list", description=N_("List this server's open games"))
    async def list_games(self, interaction: discord.Interaction) -> None:
        await self.handlers.admin.list_games(interaction)

    @cardroom.command(name="inspect", description=N_("Show one game's details and replay check"))
    @app_commands.describe(game_id=N_("The game number (see /cardroom list)"))
    async def inspect(self, interaction: discord.Interaction, game_id: int) -> None:
        await self.handlers.admin.inspect(interaction, game_id)

    @cardroom.command(name="abort", description=N_("End a game without a result"))
    @app_commands.describe(game_id=N_("The game number (see /cardroom list)"))
    async def abort(self, interaction: discord.Interaction, game_id: int) -> None:
        await self.handlers.admin.abort(interaction, game_id)

    @cardroom.command(
        name="language",
        description=N_("Choose the language of this server's tables, lobbies and pings"),
    )
    @app_commands.describe(language=N_("A language, or the server's language in Discord"))
    @app_commands.choices(language=language_choices())
    async def language(self, interaction: discord.Interaction, language: str) -> None:
        await self.handlers.admin.set_language(interaction, language)

    @cardroom.command(
        name="pictures",
        description=N_("Show pictures of the tables in this server, or text only"),
    )
    @app_commands.describe(show=N_("on (the default) or off"))
    @app_commands.choices(show=pictures_choices())
    async def pictures(self, interaction: discord.Interaction, show: str) -> None:
        await self.handlers.admin.set_pictures(interaction, show)

    @cardroom.command(
        name="threads", description=N_("A thread per game in this server, or one game per channel")
    )
    @app_commands.describe(choice=N_("on (the default) or off"))
    @app_commands.choices(choice=threads_choices())
    async def threads(self, interaction: discord.Interaction, choice: str) -> None:
        await self.handlers.threads.set_threads(interaction, choice)

    leaderboard = app_commands.Group(
        name="leaderboard", description=N_("This server's leaderboards"), parent=cardroom
    )

    @leaderboard.command(name="reset", description=N_("Start a game's leaderboard afresh"))
    @app_commands.describe(game=N_("Which game"))
    @app_commands.choices(game=game_choices())
    async def reset_leaderboard(self, interaction: discord.Interaction, game: str) -> None:
        await self.handlers.history.reset(interaction, game)

    season = app_commands.Group(
        name="season", description=N_("This server's seasons"), parent=cardroom
    )

    @season.command(
        name="start", description=N_("End a game's season here and start the next, afresh")
    )
    @app_commands.describe(
        game=N_("Which game"), name=N_("The new season's name (default: Season 2, 3, ...)")
    )
    @app_commands.choices(game=game_choices())
    async def start_season(
        self,
        interaction: discord.Interaction,
        game: str,
        name: app_commands.Range[str, 1, 40] | None = None,
    ) -> None:
        await self.handlers.seasons.start(interaction, game, name)

    tournament = app_commands.Group(
        name="tournament", description=N_("This server's tournaments"), parent=cardroom
    )

    @tournament.command(name="new", description=N_("Post a tournament's sign-up card here"))
    @app_commands.describe(
        game=N_("Which game"),
        format=N_("Swiss, or single elimination (2 seats)"),
        rounds=N_("Swiss rounds to play"),
        pace=N_("The tables' pace"),
        seats=N_("Seats at each table (default: the game's most, up to 5)"),
        min_reliability=N_("Only players who finish this share of their games"),
        starts=N_("When it starts by itself: a date (2026-12-24) or a time from now (3 hours)"),
        automatic=N_("Automatic players signed up at once"),
        level=N_("The automatic players' level (default: greedy)"),
    )
    @app_commands.choices(game=game_choices(), format=tournament_formats(), pace=tournament_paces())
    @app_commands.choices(min_reliability=reliability_choices())
    @app_commands.choices(level=level_choices())
    async def new_tournament(
        self,
        interaction: discord.Interaction,
        game: str,
        format: str,
        rounds: app_commands.Range[int, 1, 12],
        pace: str,
        seats: app_commands.Range[int, 2, 5] | None = None,
        min_reliability: int | None = None,
        starts: app_commands.Range[str, 1, 40] | None = None,
        automatic: app_commands.Range[int, 0, 32] = 0,
        level: str | None = None,
    ) -> None:
        await self.handlers.tournaments.new(
            interaction,
            game,
            format,
            rounds,
            pace,
            seats,
            min_reliability,
            starts=starts,
            automatic=automatic,
            level=level,
        )

    @tournament.command(name="remove", description=N_("Remove a player from this tournament"))
    @app_commands.describe(player=N_("Who is removed (an automatic player plays their table)"))
    async def remove_player(self, interaction: discord.Interaction, player: discord.User) -> None:
        await self.handlers.tournaments.remove(interaction, player)

    @tournament.command(name="export", description=N_("This channel's tournament as a JSON file"))
    async def export_tournament(self, interaction: discord.Interaction) -> None:
        await self.handlers.tournaments.export(interaction)

    @inspect.autocomplete("game_id")
    @abort.autocomplete("game_id")
    async def open_games(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        return await self.handlers.admin.game_choices(interaction, current)


class HelpCommand(commands.Cog):
    """``/help``: what Cardroom's commands do."""

    def __init__(self, handlers: Handlers) -> None:
        self.handlers = handlers

    @app_commands.command(name="help", description=N_("What Cardroom's commands do"))
    async def help(self, interaction: discord.Interaction) -> None:
        await self.handlers.reference.help_command(interaction)
