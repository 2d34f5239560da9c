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
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

import discord
from discord import app_commands

from bot.context import Cardroom
from bot.handlers.admin import require_admin
from bot.handlers.replies import ephemeral, guarded, say
from bot.handlers.spectators import Spectators
from bot.i18n import N_
from bot.messages import discord_io
from bot.messages.cards import UNWATCH, WATCH, open_layout
from bot.messages.languages import tr
from bot.messages.lobby import lobby_layout
from bot.service.errors import ChannelHasGame, UserError
from bot.service.reasons import LOBBY_LOST
from bot.texts.cards import open_lobbies_text
from bot.texts.history import game_title
from storage import LOBBY, GameRecord, GameStatus

log = logging.getLogger(__name__)

CHANNEL, THREAD, FORUM = "channel", "thread", "forum"
THREAD_NEEDS: tuple[tuple[str, str], ...] = (
    ("create_public_threads", N_("Create Public Threads")),
    ("send_messages_in_threads", N_("Send Messages in Threads")),
)
"""``(discord.Permissions attribute, display name msgid)`` a thread per game needs."""
MENTION = re.compile(r"<@!?([0-9]{15,20})>")
THREADS_ON, THREADS_OFF = "on", "off"


@dataclass(frozen=True)
class Place:
    """Where a new game goes: ``kind`` (:data:`CHANNEL`, :data:`THREAD` or :data:`FORUM`),
    the channel of its card (the forum, for a post), and the permissions (msgids) whose lack
    kept it out of a thread."""

    kind: str
    channel_id: int
    missing: list[str] = field(default_factory=list)


def invited_ids(text: str | None) -> list[int]:
    """The users mentioned in ``invite:`` (``<@id>`` as Discord writes a mention)."""
    return [int(found) for found in MENTION.findall(text or "")]


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

    async def on_card(self, interaction: discord.Interaction, game_id: int, op: str) -> None:
        """A card's button: Watch, Stop watching, Play again."""
        if op == WATCH:
            await self.spectators.watch(interaction, game_id)
        elif op == UNWATCH:
            await self.spectators.unwatch(interaction, game_id)
        else:
            await self.play_again(interaction, game_id)

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
        try:
            answer = await interaction.response.send_message(view=lobby_layout(record, public))
            message_id = answer.message_id or (await interaction.original_response()).id
        except Exception:
            await room.service.abort(record.id, reason=LOBBY_LOST)  # nobody could see it
            raise
        await room.storage.messages.set(record.id, LOBBY, place.channel_id, message_id)
        thread_id = await room.threads.open_from(record, message_id)
        if thread_id is None:
            await self._in_channel(interaction, record, [])
            return
        record = await room.service.threads.place(record.id, thread_id)
        await self.invite(record, invited)

    async def _open_post(self, interaction: discord.Interaction, record: GameRecord) -> None:
        room = self.room
        forum = interaction.guild.get_channel(record.channel_id) if interaction.guild else None
        assert isinstance(forum, discord.ForumChannel)
        made = await room.threads.open_post(record, forum)
        if made is None:
            await room.service.abort(record.id, reason=LOBBY_LOST)
            raise UserError(
                N_("I could not open a post for this game in {forum}: check my permissions."),
                forum=f"<#{forum.id}>",
            )
        thread_id, message_id = made
        await room.storage.messages.set(record.id, LOBBY, thread_id, message_id)
        record = await room.service.threads.place(record.id, thread_id)
        _ = tr(interaction)
        where = f"<#{thread_id}>"
        text = _(
            "Game #{game} is open in a post of its own: {thread}", game=record.id, thread=where
        )
        await say(interaction, "🧵 " + text)
        await self.invite(record, await room.storage.threads.invited(record.id))

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
        await self.invite(record, await room.storage.threads.invited(record.id))

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

    async def invite(self, record: GameRecord, invited: Sequence[int]) -> None:
        """Mention the people invited to ``record`` where it is played, with a link to its
        lobby (a new message: mentions notify only there)."""
        if not invited:
            return
        room = self.room
        _ = await room.languages.public(record.guild_id)
        stored = await room.storage.messages.get(record.id, LOBBY)
        link = (
            ""
            if stored is None
            else discord_io.message_link(record.guild_id, stored.channel_id, stored.message_id)
        )
        text = _(
            "{players}: <@{inviter}> invites you to play {title} (game #{game}) — press **Join** "
            "on its lobby: {link}",
            players=", ".join(f"<@{u}>" for u in invited),
            inviter=record.host_id,
            title=game_title(record.game_name, _),
            game=record.id,
            link=link,
        )
        mentions = discord.AllowedMentions(users=[discord.Object(u) for u in invited])
        channel = room.channel(record.channel_id, record.guild_id)
        await discord_io.send(channel, content=text, allowed_mentions=mentions)

    # -- play again --------------------------------------------------------------------------

    @guarded("play again")
    async def play_again(self, interaction: discord.Interaction, game_id: int) -> None:
        """**Play again**: the first player who clicks opens a lobby of the same game where
        the old one was set up (a new thread, where games get threads), the others are
        invited; each other player who clicks joins it."""
        room = self.room
        _ = tr(interaction)
        old = await room.service.record(game_id)
        home = old.parent_id if old.parent_id is not None else old.channel_id
        place = await self._home_place(interaction, old, home)
        await interaction.response.defer(ephemeral=True, thinking=True)
        again = await room.service.threads.play_again(
            game_id,
            interaction.user.id,
            interaction.user.display_name,
            channel_id=place.channel_id,
            in_thread=place.kind != CHANNEL,
        )
        record = again.lobby
        if again.opened:
            record = await self._post_again(record, place)
        elif again.joined:
            await room.lobbies.refresh(record)
            room.threads.rename(record.id)
        stored = await room.storage.messages.get(record.id, LOBBY)
        link = (
            ""
            if stored is None
            else discord_io.message_link(record.guild_id, stored.channel_id, stored.message_id)
        )
        if again.opened:
            text = _(
                "You opened game #{game}: {title} again, with the same options and automatic "
                "players; its other players are invited. Start it from its lobby: {link}",
                game=record.id,
                title=game_title(record.game_name, _),
                link=link,
            )
        elif again.joined:
            text = _("You joined game #{game}: {link}", game=record.id, link=link)
        else:
            text = _("You are in game #{game} already: {link}", game=record.id, link=link)
        await say(interaction, "🔁 " + text)

    async def _home_place(
        self, interaction: discord.Interaction, old: GameRecord, home: int
    ) -> Place:
        """Where a game played again goes: where ``/game new`` in its old home would."""
        guild = interaction.guild
        channel = guild.get_channel(home) if guild is not None else None
        if guild is None or not await self.room.threads.wanted(guild.id):
            return Place(CHANNEL, home)
        if isinstance(channel, discord.ForumChannel):
            return Place(FORUM, home)
        if isinstance(channel, discord.TextChannel) and guild.me is not None:
            granted = channel.permissions_for(guild.me)
            missing = [name for attr, name in THREAD_NEEDS if not getattr(granted, attr)]
            return Place(CHANNEL if missing else THREAD, home, missing)
        return Place(THREAD if old.parent_id is not None else CHANNEL, home)

    async def _post_again(self, record: GameRecord, place: Place) -> GameRecord:
        """Post the card of the lobby that plays a game again, start its thread (or post),
        and invite the old game's people."""
        room = self.room
        public = await room.languages.public(record.guild_id)
        invited = await room.storage.threads.invited(record.id)
        if place.kind == FORUM:
            guild = self.room.client.get_guild(record.guild_id)
            forum = guild.get_channel(place.channel_id) if guild is not None else None
            made = (
                await room.threads.open_post(record, forum)
                if isinstance(forum, discord.ForumChannel)
                else None
            )
            if made is None:
                await room.service.abort(record.id, reason=LOBBY_LOST)
                raise UserError(N_("I could not open a post for this game: check my permissions."))
            await room.storage.messages.set(record.id, LOBBY, made[0], made[1])
            record = await room.service.threads.place(record.id, made[0])
            await self.invite(record, invited)
            return record
        channel = room.channel(place.channel_id, record.guild_id)
        posted = await discord_io.send(channel, view=lobby_layout(record, public))
        if posted is None:
            await room.service.abort(record.id, reason=LOBBY_LOST)
            raise UserError(N_("I could not post the new lobby: check my permissions."))
        await room.storage.messages.set(record.id, LOBBY, place.channel_id, posted.id)
        if place.kind == THREAD:
            thread_id = await room.threads.open_from(record, posted.id)
            if thread_id is not None:
                record = await room.service.threads.place(record.id, thread_id)
            else:
                try:
                    record = await room.service.threads.in_channel(record.id)
                except ChannelHasGame:
                    record = await room.service.abort(record.id, reason=LOBBY_LOST)
                    await room.lobbies.refresh(record)
                    raise
                await room.lobbies.refresh(record)
        await self.invite(record, invited)
        return record

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
