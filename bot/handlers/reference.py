"""Reading about the games: ``/game rules``, ``/help`` and the table's Rules button."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.context import Cardroom
from bot.handlers.command_text import qualified_name
from bot.handlers.replies import guarded, say
from bot.messages.languages import tr
from bot.texts.rendering import games_list_text, rules_text


class ReferenceHandlers:
    """Handlers that explain the games and the commands; they change nothing."""

    def __init__(self, room: Cardroom) -> None:
        self.room = room

    @guarded("/game rules")
    async def rules_command(self, interaction: discord.Interaction, game_name: str | None) -> None:
        """``/game rules``: how the game goes and its reference — of the game here (or of
        ``game_name``), with the options of this channel's game when it is that game; the
        list of games when neither is given."""
        _ = tr(interaction)
        open_game = None
        if interaction.channel_id is not None:
            open_game = await self.room.storage.games.find_open_game(interaction.channel_id)
        if game_name is None:
            if open_game is None:
                await say(interaction, games_list_text(_))
                return
            game_name = open_game.game_name
        here = open_game if open_game and open_game.game_name == game_name else None
        options = here.options if here is not None else None
        await say(interaction, rules_text(game_name, options, _, table=here))

    @guarded("/help")
    async def help_command(self, interaction: discord.Interaction) -> None:
        """``/help``: every command with what it does (from the synced command tree), and
        the games."""
        _ = tr(interaction)
        tree: app_commands.CommandTree[discord.Client] = interaction.client.tree  # type: ignore[attr-defined]
        lines = [_("**Cardroom**: card and dice games in this channel.")]
        admin = []
        for top in tree.get_commands(type=discord.AppCommandType.chat_input):
            leaves = top.walk_commands() if isinstance(top, app_commands.Group) else [top]
            for command in leaves:
                if isinstance(command, app_commands.Group):
                    continue
                line = f"`/{qualified_name(command, _)}` — {_(str(command.description))}"
                root = command.root_parent or command
                if root.default_permissions is not None and root.default_permissions.manage_guild:
                    admin.append(line)
                else:
                    lines.append(line)
        if admin:
            lines += ["", _("**For server admins** (Manage Server)"), *admin]
        lines += ["", games_list_text(_)]
        await say(interaction, "\n".join(lines))

    @guarded("Rules button")
    async def on_rules(self, interaction: discord.Interaction, game_id: int) -> None:
        """The table's Rules button: the rules of that game, with its options."""
        record = await self.room.service.record(game_id)
        text = rules_text(record.game_name, record.options, tr(interaction), table=record)
        await say(interaction, text)
