"""Spectators: **Watch** on a game's card adds the user to the game's thread (Discord
notifies its members) and **Stop watching** takes them out; ``/game watching`` lists the
games one follows; and anyone who plays no seat and asks for their screen (the table's
button, ``/game hand``) is shown the public view, marked "you are watching" — never anything
a seat alone may see."""

from __future__ import annotations

import discord

from bot.context import Cardroom
from bot.games import presentation
from bot.handlers.replies import ephemeral, guarded, say
from bot.i18n import N_
from bot.messages import discord_io, layouts
from bot.messages.cards import watching_layout
from bot.messages.languages import tr
from bot.service import GameSnapshot
from bot.service.errors import UserError
from bot.texts.cards import watching_text
from bot.texts.rendering import context_for, recent_lines, table_screen
from storage import GameStatus


class Spectators:
    """The handlers of watching a game."""

    def __init__(self, room: Cardroom) -> None:
        self.room = room

    @guarded("watch")
    async def watch(self, interaction: discord.Interaction, game_id: int) -> None:
        """**Watch**: add the user to the game's thread and remember they watch it."""
        room = self.room
        _ = tr(interaction)
        record = await room.service.record(game_id)
        if not record.in_thread:
            raise UserError(
                N_("Game #{game} is played in {channel}: read it there."),
                game=game_id,
                channel=f"<#{record.channel_id}>",
            )
        if not record.is_open:
            raise UserError(N_("This game is over: its message in the channel shows how it ended."))
        thread = f"<#{record.channel_id}>"
        if record.seat_of(interaction.user.id) is not None:
            await say(
                interaction, _("You play in game #{game}: {thread}", game=game_id, thread=thread)
            )
            return
        added = await room.threads.add_member(record, interaction.user.id)
        if added is discord_io.Edit.GONE:
            raise UserError(N_("This game's thread is being moved: try again in a moment."))
        await room.service.threads.watch(game_id, interaction.user.id)
        if added is discord_io.Edit.DONE:
            text = _(
                "👀 You are watching game #{game}: {thread}. Discord tells you of its thread; "
                "**Stop watching** on the game's message ends it.",
                game=game_id,
                thread=thread,
            )
        else:
            text = _(
                "👀 You are watching game #{game}, but I could not put you in its thread: open "
                "it yourself, {thread}.",
                game=game_id,
                thread=thread,
            )
        await say(interaction, text)

    @guarded("stop watching")
    async def unwatch(self, interaction: discord.Interaction, game_id: int) -> None:
        """**Stop watching**: forget it, and take the user out of the game's thread (which
        needs Manage Threads: without it, they are told how to leave it themselves)."""
        room = self.room
        _ = tr(interaction)
        record = await room.service.record(game_id)
        if record.seat_of(interaction.user.id) is not None:
            raise UserError(N_("You play in this game: to leave it, use /game leave."))
        was = await room.service.threads.unwatch(game_id, interaction.user.id)
        removed = discord_io.Edit.DONE
        if record.in_thread and record.is_open:
            removed = await room.threads.remove_member(record, interaction.user.id)
        if not was and removed is discord_io.Edit.DONE:
            text = _("You were not watching game #{game}.", game=game_id)
        elif removed is discord_io.Edit.REFUSED:
            text = _(
                "You stopped watching game #{game}. I may not take you out of its thread: "
                "leave it from the thread's menu in Discord.",
                game=game_id,
            )
        else:
            text = _("You stopped watching game #{game}.", game=game_id)
        await say(interaction, text)

    @guarded("/game watching")
    async def watching_command(self, interaction: discord.Interaction) -> None:
        """``/game watching``: the games the user follows in this server."""
        _ = tr(interaction)
        assert interaction.guild_id is not None
        games = await self.room.service.threads.watching(interaction.user.id, interaction.guild_id)
        await ephemeral(interaction, view=watching_layout(watching_text(games, _), games, _))

    async def screen(self, interaction: discord.Interaction, snapshot: GameSnapshot) -> None:
        """The screen of someone who plays no seat in the game: the public view (what the
        table shows), marked as watching (a player who left is told so)."""
        _ = tr(interaction)
        record, state = snapshot.record, snapshot.state
        assert state is not None
        if any(s.user_id == interaction.user.id for s in record.seats):
            notice = _("You left this game: an automatic player has your seat.")
        else:
            notice = _("You are watching game #{game}: you see what everyone sees.", game=record.id)
        if record.status != GameStatus.ACTIVE:
            notice += " " + _("This game is over.")
        show = presentation(record.game_name)
        logged = await self.room.service.recent_actions(record.id)
        recent = recent_lines(show, logged, context_for(record, _))
        text = "👀 " + notice + "\n" + table_screen(record, state, recent, _).text
        await ephemeral(interaction, view=layouts.notice(text))
