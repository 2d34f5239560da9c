"""Setting a game up: ``/game new``, the lobby message and its buttons (Join, Leave, Start,
Cancel, host option toggles)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

import engine
from bot import discord_io, layouts
from bot.errors import UserError
from bot.games import presenter
from bot.i18n import N_, Translator
from bot.permissions import require_channel_permissions
from bot.replies import guarded, say, tr
from bot.service import ADMIN_ABORT
from bot.table import seat_names
from storage import LOBBY, TABLE, ChannelBusy, GameRecord, GameStatus

if TYPE_CHECKING:
    from bot.app import CardroomBot

log = logging.getLogger(__name__)


def lobby_text(record: GameRecord, _: Translator) -> str:
    """The lobby message: game, host, players so far, options, and what happens next."""
    definition = engine.get_game(record.game_name)
    names = seat_names(record, _)
    lines = [
        _("**{title}** · lobby of game #{game}", title=_(definition.title), game=record.id),
        _("Host: {player}", player=f"<@{record.host_id}>"),
        _(
            "Players ({count}/{most}): {players}",
            count=len(record.seats),
            most=definition.max_players,
            players=", ".join(names) or _("nobody yet"),
        ),
    ]
    if record.status == GameStatus.LOBBY:
        show = presenter(record.game_name)
        if show.goal:
            lines.append(_(show.goal))
        for option in show.host_options:
            if option.help:
                lines.append(_("-# {option}: {help}", option=_(option.label), help=_(option.help)))
        lines.append(
            _(
                "Press **Join** to play. The host starts the game with {least} to {most} players.",
                least=definition.min_players,
                most=definition.max_players,
            )
        )
    elif record.result is not None and record.result.reason == ADMIN_ABORT:
        lines.append(_("The game was aborted by an admin."))
    elif record.status == GameStatus.ABORTED:
        lines.append(_("This lobby was closed."))
    else:
        lines.append(_("The game has started: the table is below."))
    return "\n".join(lines)


def lobby_layout(record: GameRecord, _: Translator) -> discord.ui.LayoutView:
    """The lobby message's layout for ``record`` (buttons only while it is a lobby)."""
    options = [
        (o.field, _(o.label), bool(record.options.get(o.field)))
        for o in presenter(record.game_name).host_options
    ]
    return layouts.lobby(
        record.id, lobby_text(record, _), options, _, closed=record.status != GameStatus.LOBBY
    )


class Lobby:
    """Lobby handlers."""

    def __init__(self, bot: CardroomBot) -> None:
        self.bot = bot

    @guarded("/game new")
    async def new_game(self, interaction: discord.Interaction, game_name: str) -> None:
        """``/game new``: open a lobby in this channel, or point to the game already here."""
        _ = tr(interaction)
        if interaction.guild_id is None or interaction.channel_id is None:
            raise UserError(N_("Games are played in server channels."))
        require_channel_permissions(interaction)
        try:
            record = await self.bot.service.open_lobby(
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                host_id=interaction.user.id,
                game_name=game_name,
                host_name=interaction.user.display_name,
            )
        except ChannelBusy as busy:
            await say(interaction, await self._busy_text(busy, interaction.guild_id, _))
            return
        public = await self.bot.tables.language(record.guild_id)
        try:
            await interaction.response.send_message(view=lobby_layout(record, public))
            message = await interaction.original_response()
        except discord.HTTPException:
            # nothing half-created: without its message the lobby would block the channel
            await self.bot.storage.games.abort_game(record.id, reason="lobby message failed")
            raise
        await self.bot.storage.messages.set(record.id, LOBBY, record.channel_id, message.id)

    async def _busy_text(self, busy: ChannelBusy, guild_id: int, _: Translator) -> str:
        messages = await self.bot.storage.messages.for_game(busy.game_id)
        shown = {m.kind: m for m in messages}
        message = shown.get(TABLE) or shown.get(LOBBY)
        if message is None:
            return _("There is already a game in this channel (game #{game}).", game=busy.game_id)
        link = discord_io.message_link(guild_id, message.channel_id, message.message_id)
        return _(
            "There is already a game in this channel: {link} (game #{game}).",
            link=link,
            game=busy.game_id,
        )

    @guarded("lobby button")
    async def on_button(self, interaction: discord.Interaction, game_id: int, op: str) -> None:
        """A lobby button: join, leave, start, cancel or ``opt.<field>``."""
        service = self.bot.service
        user = interaction.user.id
        if op == "join":
            record = await service.join(game_id, user, interaction.user.display_name)
        elif op == "leave":
            record = await service.leave_lobby(game_id, user)
        elif op == "cancel":
            record = await service.cancel(game_id, user)
        elif op.startswith("opt."):
            record = await service.toggle_option(game_id, user, op.removeprefix("opt."))
        elif op == "start":
            await self._start(interaction, game_id)
            return
        else:
            raise UserError(N_("That button is no longer in use."))
        public = await self.bot.tables.language(record.guild_id)  # the lobby is public
        await interaction.response.edit_message(view=lobby_layout(record, public))

    async def _start(self, interaction: discord.Interaction, game_id: int) -> None:
        lobby = await self.bot.service.record(game_id)  # the state is not needed here
        if lobby.status == GameStatus.LOBBY and lobby.host_id != interaction.user.id:
            raise UserError(N_("Only the host can do that."))
        require_channel_permissions(interaction)
        snapshot = await self.bot.service.start(game_id, interaction.user.id)
        public = await self.bot.tables.language(snapshot.record.guild_id)
        try:
            await interaction.response.edit_message(view=lobby_layout(snapshot.record, public))
        except discord.HTTPException as exc:  # the game started all the same: post its table
            log.warning("could not update the lobby of game %s: %s", game_id, exc.text)
        channel = interaction.channel
        assert isinstance(channel, discord.abc.Messageable)
        if not await self.bot.tables.post(snapshot, channel):
            record = await self.bot.service.abort(game_id, reason="table message failed")
            # the lobby already says the game started: say it was closed (through the
            # interaction, which needs no channel permission)
            try:
                await interaction.edit_original_response(view=lobby_layout(record, public))
            except discord.HTTPException as exc:
                log.warning("could not close the lobby of game %s: %s", game_id, exc.text)
            raise UserError(
                N_(
                    "I could not post the table in this channel, so the game was cancelled. "
                    "Check my permissions and start a new game."
                )
            )
        await self.bot.play.announce_start(snapshot)

    async def refresh_lobby_message(self, record: GameRecord) -> None:
        """Edit the stored lobby message to show ``record`` (after ``/game leave``)."""
        stored = await self.bot.storage.messages.get(record.id, LOBBY)
        if stored is None:
            return
        _ = await self.bot.tables.language(record.guild_id)
        channel = self.bot.get_partial_messageable(stored.channel_id, guild_id=record.guild_id)
        await discord_io.edit(
            channel.get_partial_message(stored.message_id), view=lobby_layout(record, _)
        )
