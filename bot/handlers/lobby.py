"""Setting a game up: ``/game new``, the lobby message and its components (Join, Leave, Start,
Cancel, the host's option toggles and menus)."""

from __future__ import annotations

import logging

import discord

from bot.context import Cardroom
from bot.games import presentation
from bot.handlers.places import CHANNEL, invited_ids, tell_invited
from bot.handlers.replies import guarded, say
from bot.handlers.threads import ThreadHandlers
from bot.i18n import N_, Translator
from bot.messages import discord_io
from bot.messages.languages import tr
from bot.messages.layouts import offered_index
from bot.messages.lobby import (
    ADD_AUTOMATIC,
    INVITED_ONLY,
    MIN_RELIABILITY,
    REMOVE_AUTOMATIC,
    THINKING_TIME,
    TURN_CLOCK,
)
from bot.messages.permissions import require_channel_permissions
from bot.service.errors import ChannelHasGame, UserError
from bot.service.fair_play import MIN_RELIABILITIES
from bot.service.lobby import THINKING_TIMES
from bot.service.paces import PACES
from bot.service.reasons import LOBBY_LOST, TABLE_LOST
from engine.players import LEVELS
from storage import LOBBY, TABLE, GameRecord, GameStatus

log = logging.getLogger(__name__)


class LobbyHandlers:
    """``/game new`` and the lobby's components."""

    def __init__(self, room: Cardroom, threads: ThreadHandlers) -> None:
        self.room = room
        self.threads = threads

    @guarded("/game new")
    async def new_game(
        self, interaction: discord.Interaction, game_name: str, invite: str | None = None
    ) -> None:
        """``/game new``: open a lobby in a thread of its own (``bot.handlers.threads``) or in
        this channel, or point to the game already here; ``invite``: people mentioned."""
        _ = tr(interaction)
        if interaction.guild_id is None or interaction.channel_id is None:
            raise UserError(N_("Games are played in server channels."))
        require_channel_permissions(interaction)
        invited = invited_ids(invite)
        place = await self.threads.place(interaction)
        if place.kind != CHANNEL:
            await self.threads.open_in_thread(interaction, game_name, place, invited)
            return
        room = self.room
        try:
            record = await room.service.threads.open_lobby(
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                host_id=interaction.user.id,
                game_name=game_name,
                host_name=interaction.user.display_name,
                invited=invited,
            )
        except ChannelHasGame as busy:
            await say(interaction, await self._busy_text(busy.game_id, interaction.guild_id, _))
            return
        public = await room.languages.public(record.guild_id)
        try:
            await interaction.response.send_message(view=await self._layout(record, public))
            message = await interaction.original_response()
        except Exception:
            # nothing half-created: without its message the lobby would block the channel
            await room.service.abort(record.id, reason=LOBBY_LOST)
            raise
        await room.storage.messages.set(record.id, LOBBY, record.channel_id, message.id)
        if place.missing:  # the host is told why the game has no thread of its own
            await self.threads.no_thread_note(interaction, place.missing)
        await tell_invited(room, record, invited)

    async def _layout(self, record: GameRecord, public: Translator) -> discord.ui.LayoutView:
        """The lobby's layout for ``record``, each person with their reliability record."""
        records = await self.room.service.fair_play.seated(record)
        return self.room.lobbies.layout(record, public, records)

    async def _busy_text(self, game_id: int, guild_id: int, _: Translator) -> str:
        messages = await self.room.storage.messages.for_game(game_id)
        shown = {m.kind: m for m in messages}
        message = shown.get(TABLE) or shown.get(LOBBY)
        if message is None:
            return _("There is already a game in this channel (game #{game}).", game=game_id)
        link = discord_io.message_link(guild_id, message.channel_id, message.message_id)
        return _(
            "There is already a game in this channel: {link} (game #{game}).",
            link=link,
            game=game_id,
        )

    @guarded("lobby button")
    async def on_button(self, interaction: discord.Interaction, game_id: int, op: str) -> None:
        """A lobby button: join, leave, start, cancel or ``opt.<field>``."""
        service = self.room.service
        user = interaction.user.id
        if op == "join":
            record = await service.threads.join(game_id, user, interaction.user.display_name)
        elif op == f"opt.{INVITED_ONLY}":
            record = await service.threads.toggle_invited_only(game_id, user)
        elif op == "leave":
            record = await service.leave_lobby(game_id, user)
        elif op == "cancel":
            record = await service.cancel(game_id, user)
        elif op.startswith("opt."):
            record = await service.toggle_option(game_id, user, op.removeprefix("opt."))
        elif op == REMOVE_AUTOMATIC:
            record = await service.remove_automatic(game_id, user)
        elif op == "start":
            await self._start(interaction, game_id)
            return
        else:
            raise UserError(N_("This button is no longer in use."))
        public = await self.room.languages.public(record.guild_id)  # the lobby is public
        await interaction.response.edit_message(view=await self._layout(record, public))
        self.room.threads.rename(record.id)  # as seats fill
        if record.status != GameStatus.LOBBY:  # cancelled: its thread is archived later
            self.room.spawn(self.room.threads.ended(record, False), f"lobby {game_id} closed")

    @guarded("lobby option")
    async def on_option(
        self, interaction: discord.Interaction, game_id: int, field: str, values: list[str]
    ) -> None:
        """A lobby menu: set host option ``field`` to the chosen value (an index into the
        values the presentation offers); the turn clock; the search level's thinking time;
        seat an automatic player. Only the exact values the menu offered count; any other is
        refused and changes nothing."""
        service = self.room.service
        menus: dict[str, tuple[object, ...]] = {
            TURN_CLOCK: PACES,
            THINKING_TIME: THINKING_TIMES,
            ADD_AUTOMATIC: LEVELS,
            MIN_RELIABILITY: MIN_RELIABILITIES,
        }
        if field in menus:
            index = offered_index(values, len(menus[field]))
            if index is None:
                raise UserError(N_("That option does not exist."))
            user = interaction.user.id
            if field == TURN_CLOCK:
                record = await service.set_pace(game_id, user, PACES[index].key)
            elif field == THINKING_TIME:
                record = await service.set_thinking_time(game_id, user, THINKING_TIMES[index])
            elif field == MIN_RELIABILITY:
                chosen = MIN_RELIABILITIES[index]
                record = await service.set_min_reliability(game_id, user, chosen)
            else:  # the service seats only a level the game offers at that table
                record = await service.add_automatic(game_id, user, LEVELS[index])
                self.room.threads.rename(record.id)
            public = await self.room.languages.public(record.guild_id)
            await interaction.response.edit_message(view=await self._layout(record, public))
            return
        record = await service.record(game_id)
        option = next(
            (o for o in presentation(record.game_name).lobby_options if o.field == field), None
        )
        allowed = () if option is None else tuple(value for value, _label in option.choices)
        index = offered_index(values, len(allowed))
        if option is None or option.is_toggle or index is None:
            raise UserError(N_("That option does not exist."))
        record = await self.room.service.set_option(
            game_id, interaction.user.id, field, allowed[index], allowed
        )
        public = await self.room.languages.public(record.guild_id)
        await interaction.response.edit_message(view=await self._layout(record, public))

    async def _start(self, interaction: discord.Interaction, game_id: int) -> None:
        room = self.room
        lobby = await room.service.record(game_id)  # the state is not needed here
        if lobby.status == GameStatus.LOBBY and lobby.host_id != interaction.user.id:
            raise UserError(N_("Only the host can do that."))
        require_channel_permissions(interaction)
        snapshot = await room.service.start(game_id, interaction.user.id)
        public = await room.languages.public(snapshot.record.guild_id)
        try:  # the lobby, or the card of a game played in its thread
            await interaction.response.edit_message(
                view=await self._layout(snapshot.record, public)
            )
        except discord.HTTPException as exc:  # the game started all the same: post its table
            log.warning("could not update the lobby of game %s: %s", game_id, exc.text)
        room.threads.rename(game_id)  # its seats are final
        channel = room.channel(snapshot.record.channel_id, snapshot.record.guild_id)
        if not await room.tables.post(snapshot, channel):
            record = await room.service.abort(game_id, reason=TABLE_LOST)
            # the lobby already says the game started: say it was closed (through the
            # interaction, which needs no channel permission)
            try:
                await interaction.edit_original_response(view=await self._layout(record, public))
            except discord.HTTPException as exc:
                log.warning("could not close the lobby of game %s: %s", game_id, exc.text)
            raise UserError(
                N_(
                    "I could not post the table in this channel, so the game was cancelled. "
                    "Check my permissions and start a new game."
                )
            )
        room.spawn(room.followups.announce_start(snapshot), f"start of game {game_id}")
