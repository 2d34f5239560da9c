"""**Play again** (on an ended game's card and its final table): the first player who clicks
opens a lobby of the same game, options, automatic players and turn clock where the old one
was set up (a new thread, where games get threads), the game's other people invited; each
other player who clicks joins it with that one click; the host starts it as any lobby."""

from __future__ import annotations

import discord

from bot.context import Cardroom
from bot.handlers.places import CHANNEL, FORUM, THREAD, THREAD_NEEDS, Place, tell_invited
from bot.handlers.replies import guarded, say
from bot.i18n import N_
from bot.messages import discord_io
from bot.messages.languages import tr
from bot.service.errors import ChannelHasGame, UserError
from bot.service.reasons import LOBBY_LOST
from bot.texts.history import game_title
from storage import LOBBY, GameRecord


class PlayAgain:
    """The handler of Play again."""

    def __init__(self, room: Cardroom) -> None:
        self.room = room

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
        """Post the card of the lobby that plays a game again and start its thread (or
        post), holding the game's lock meanwhile (a click on the new card waits for its
        thread), then invite the old game's people."""
        room = self.room
        public = await room.languages.public(record.guild_id)
        invited = await room.storage.threads.invited(record.id)
        lobby = record
        posted: list[int] = []

        async def post() -> int | None:
            """The card (and its thread): the thread's id, or ``None``."""
            if place.kind == FORUM:
                guild = room.client.get_guild(lobby.guild_id)
                forum = guild.get_channel(place.channel_id) if guild is not None else None
                if not isinstance(forum, discord.ForumChannel):
                    return None
                made = await room.threads.open_post(lobby, forum)
                if made is None:
                    return None
                posted.append(made[1])
                await room.storage.messages.set(lobby.id, LOBBY, made[0], made[1])
                return made[0]
            channel = room.channel(place.channel_id, lobby.guild_id)
            records = await room.service.fair_play.seated(lobby)
            card = await discord_io.send(channel, view=room.lobbies.layout(lobby, public, records))
            if card is None:
                return None
            posted.append(card.id)
            await room.storage.messages.set(lobby.id, LOBBY, place.channel_id, card.id)
            return await room.threads.open_from(lobby, card.id) if place.kind == THREAD else None

        placed = await room.service.threads.place_in(record.id, post)
        if not posted:
            await room.service.abort(record.id, reason=LOBBY_LOST)
            raise UserError(N_("I could not post the new lobby: check my permissions."))
        if placed is not None:
            record = placed
        elif place.kind == THREAD:  # its card is there, its thread could not be made
            try:
                record = await room.service.threads.in_channel(record.id)
            except ChannelHasGame:
                record = await room.service.abort(record.id, reason=LOBBY_LOST)
                await room.lobbies.refresh(record)
                raise
            await room.lobbies.refresh(record)
        await tell_invited(room, record, invited)
        return record
