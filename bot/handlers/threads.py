"""A thread per game, for the people who play: where ``/game new`` opens its lobby (a thread
of its own from the lobby's card, a forum post, or the channel itself as before), people
invited, "Play again", ``/game open`` and its Join buttons, the ``game:`` a command means
where several games share a channel, and ``/cardroom threads``.

Where a game goes (:meth:`ThreadHandlers.place`): with threads on (the default), a text
channel gives each game a public thread started from its lobby message, which stays in the
channel as the game's card; in a forum's post, each game is a new post of that forum; in any
other thread, and with threads off, the game is played where the command ran, one per
channel. A bot that may not make threads there plays the game in the channel and tells the
host which permission it lacks.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

import discord
from discord import app_commands

from bot.context import Cardroom
from bot.handlers.admin import require_admin
from bot.handlers.again import PlayAgain
from bot.handlers.places import CHANNEL, FORUM, THREAD, THREAD_NEEDS, Place, tell_invited
from bot.handlers.replies import ephemeral, guarded, say
from bot.handlers.spectators import Spectators
from bot.i18n import N_
from bot.messages import discord_io
from bot.messages.cards import UNWATCH, WATCH, open_layout
from bot.messages.languages import tr
from bot.service.errors import ChannelHasGame, UserError
from bot.service.reasons import LOBBY_LOST
from bot.texts.cards import open_lobbies_text
from bot.texts.history import game_title
from storage import LOBBY, GameRecord, GameStatus

log = logging.getLogger(__name__)

THREADS_ON, THREADS_OFF = "on", "off"


def threads_choices() -> list[app_commands.Choice[str]]:
    """The choices of ``/cardroom threads``."""
    return [
        app_commands.Choice(name=N_("on: a thread per game"), value=THREADS_ON),
        app_commands.Choice(name=N_("off: one game per channel"), value=THREADS_OFF),
    ]


class ThreadHandlers:
    """Placing games in threads, "Play again", ``/game open``, ``/cardroom threads``; the
    card's Watch buttons are :class:`bot.handlers.spectators.Spectators`'."""

    def __init__(self, room: Cardroom) -> None:
        self.room = room
        self.spectators = Spectators(room)
        self.again = PlayAgain(room)

    async def on_card(self, interaction: discord.Interaction, game_id: int, op: str) -> None:
        """A card's button: Watch, Stop watching, Play again."""
        if op == WATCH:
            await self.spectators.watch(interaction, game_id)
        elif op == UNWATCH:
            await self.spectators.unwatch(interaction, game_id)
        else:
            await self.again.play_again(interaction, game_id)

    # -- where a game goes -------------------------------------------------------------------

    async def place(self, interaction: discord.Interaction) -> Place:
        """Where ``/game new`` run in this interaction's channel puts its game."""
        channel = interaction.channel
        assert interaction.guild_id is not None and interaction.channel_id is not None
        here = Place(CHANNEL, interaction.channel_id)
        if not await self.room.threads.wanted(interaction.guild_id):
            return here
        if isinstance(channel, discord.Thread):
            forum = channel.parent
            if not isinstance(forum, discord.ForumChannel):
                return here  # a thread: the game is played in it, as before
            me = forum.guild.me
            if me is not None and not forum.permissions_for(me).send_messages:
                return Place(CHANNEL, channel.id, [N_("Send Messages")])
            return Place(FORUM, forum.id)
        if isinstance(channel, discord.TextChannel) and not channel.is_news():
            granted = interaction.app_permissions
            missing = [name for attr, name in THREAD_NEEDS if not getattr(granted, attr)]
            return Place(CHANNEL if missing else THREAD, channel.id, missing)
        return here

    async def open_in_thread(
        self, interaction: discord.Interaction, game_name: str, place: Place, invited: list[int]
    ) -> None:
        """``/game new`` where games get threads: the lobby posted as this interaction's
        answer (a text channel; then its thread is started from it) or as a new forum post."""
        room = self.room
        assert interaction.guild_id is not None
        record = await room.service.threads.open_lobby(
            guild_id=interaction.guild_id,
            channel_id=place.channel_id,
            host_id=interaction.user.id,
            game_name=game_name,
            host_name=interaction.user.display_name,
            in_thread=True,
            invited=invited,
        )
        if place.kind == FORUM:
            await self._open_post(interaction, record)
            return
        public = await room.languages.public(record.guild_id)
        records = await room.service.fair_play.seated(record)
        try:
            answer = await interaction.response.send_message(
                view=room.lobbies.layout(record, public, records)
            )
            message_id = answer.message_id or (await interaction.original_response()).id
        except Exception:
            await room.service.abort(record.id, reason=LOBBY_LOST)  # nobody could see it
            raise
        await room.storage.messages.set(record.id, LOBBY, place.channel_id, message_id)
        lobby = record
        placed = await room.service.threads.place_in(
            record.id, lambda: room.threads.open_from(lobby, message_id)
        )
        if placed is None:
            await self._in_channel(interaction, record, [])
            return
        await tell_invited(self.room, placed, invited)

    async def _open_post(self, interaction: discord.Interaction, record: GameRecord) -> None:
        room = self.room
        forum = interaction.guild.get_channel(record.channel_id) if interaction.guild else None
        assert isinstance(forum, discord.ForumChannel)
        lobby = record

        async def post() -> int | None:  # the card is clickable once posted: under the lock
            made = await room.threads.open_post(lobby, forum)
            if made is not None:
                await room.storage.messages.set(lobby.id, LOBBY, made[0], made[1])
            return None if made is None else made[0]

        placed = await room.service.threads.place_in(record.id, post)
        if placed is None:
            await room.service.abort(record.id, reason=LOBBY_LOST)
            raise UserError(
                N_("I could not open a post for this game in {forum}: check my permissions."),
                forum=f"<#{forum.id}>",
            )
        record, thread_id = placed, placed.channel_id
        _ = tr(interaction)
        where = f"<#{thread_id}>"
        text = _(
            "Game #{game} is open in a post of its own: {thread}", game=record.id, thread=where
        )
        await say(interaction, "🧵 " + text)
        await tell_invited(self.room, record, await room.storage.threads.invited(record.id))

    async def _in_channel(
        self, interaction: discord.Interaction, record: GameRecord, missing: Sequence[str]
    ) -> None:
        """No thread could be made for the lobby ``record``: it is played in its channel, if
        that is free (else it closes); the host is told why, in their language."""
        room = self.room
        _ = tr(interaction)
        try:
            record = await room.service.threads.in_channel(record.id)
        except ChannelHasGame as busy:
            closed = await room.service.abort(record.id, reason=LOBBY_LOST)
            await room.lobbies.refresh(closed)
            await say(
                interaction,
                "⚠️ "
                + _(
                    "I could not make a thread for this game, and this channel has a game already "
                    "(game #{game}), so the lobby was closed.",
                    game=busy.game_id,
                ),
            )
            return
        await room.lobbies.refresh(record)
        if missing:
            await self.no_thread_note(interaction, missing)
        else:
            await say(
                interaction,
                "⚠️ "
                + _("I could not make a thread for this game, so it is played in this channel."),
            )
        await tell_invited(self.room, record, await room.storage.threads.invited(record.id))

    async def no_thread_note(
        self, interaction: discord.Interaction, missing: Sequence[str]
    ) -> None:
        """Tell the host, in their language, which permissions kept their game out of a
        thread of its own (it is played in the channel)."""
        _ = tr(interaction)
        await say(
            interaction,
            "⚠️ "
            + _(
                "I may not make threads here ({permissions}), so this game is played in this "
                "channel. Ask a server admin to grant them for a thread per game.",
                permissions=", ".join(_(m) for m in missing),
            ),
        )

    # -- finding a game ----------------------------------------------------------------------

    @guarded("/game open")
    async def open_command(self, interaction: discord.Interaction) -> None:
        """``/game open``: the server's lobbies that wait for players, a Join button each."""
        _ = tr(interaction)
        assert interaction.guild_id is not None
        user = interaction.user.id
        statuses = (GameStatus.LOBBY,)
        lobbies = []
        for g in await self.room.storage.games.list_games(interaction.guild_id, statuses):
            if len(g.seats) >= g.max_seats or g.seat_of(user) is not None:
                continue
            if g.invited_only and user not in await self.room.storage.threads.invited(g.id):
                continue
            lobbies.append(g)
        shown = []
        for record in lobbies[-25:]:
            stored = await self.room.storage.messages.get(record.id, LOBBY)
            where = (
                f"<#{record.channel_id}>"
                if stored is None
                else discord_io.message_link(record.guild_id, stored.channel_id, stored.message_id)
            )
            shown.append((record, where))
        text = open_lobbies_text(shown, _)
        await ephemeral(interaction, view=open_layout(text, [r for r, _w in shown], _))

    @guarded("join from /game open")
    async def on_open_join(self, interaction: discord.Interaction, game_id: int) -> None:
        """A Join button of ``/game open``: seat the user in that lobby (as its own Join
        would), and show it."""
        room = self.room
        _ = tr(interaction)
        record = await room.service.threads.join(
            game_id, interaction.user.id, interaction.user.display_name
        )
        where = f"<#{record.channel_id}>"
        title = game_title(record.game_name, _)
        text = _(
            "You joined game #{game} ({title}): {where}", game=record.id, title=title, where=where
        )
        await say(interaction, "✅ " + text)
        room.spawn(room.lobbies.refresh(record), f"lobby {record.id}")
        room.threads.rename(record.id)

    async def game_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        """Autocomplete of ``game:``: the open games played here or whose cards are here,
        the user's own first."""
        if interaction.channel_id is None:
            return []
        _ = tr(interaction)
        games = await self.room.service.threads.games_here(interaction.channel_id)
        typed = current.strip().lstrip("#")
        user = interaction.user.id
        games.sort(key=lambda g: (g.seat_of(user) is None, g.id))
        return [
            app_commands.Choice(
                name=_(
                    "#{game} · {title} · {status}",
                    game=g.id,
                    title=game_title(g.game_name, _),
                    status=_(str(g.status)),
                )[:100],
                value=g.id,
            )
            for g in games
            if str(g.id).startswith(typed)
        ][:25]

    # -- the server's choice -----------------------------------------------------------------

    @guarded("admin threads")
    async def set_threads(self, interaction: discord.Interaction, choice: str) -> None:
        """``/cardroom threads on|off``: whether new games get a thread each (running games
        stay where they are)."""
        require_admin(interaction)
        assert interaction.guild_id is not None
        if choice not in (THREADS_ON, THREADS_OFF):
            raise UserError(N_("Choose on or off."))
        await self.room.threads.choose(interaction.guild_id, choice == THREADS_ON)
        _ = tr(interaction)
        if choice == THREADS_ON:
            text = _("New games in this server now get a thread each: any number per channel.")
        else:
            text = _("New games in this server are now played in their channel: one per channel.")
        await say(interaction, "✅ " + text)
        log.info("guild %s: threads %s", interaction.guild_id, choice)
