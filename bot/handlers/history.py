"""The memory of play: ``/game stats``, ``history``, ``replay``, ``export``, ``forget-me``
and ``/cardroom leaderboard reset`` (``/game leaderboard``: ``bot.handlers.seasons``), with
the replay's buttons and the confirmations. Every answer is private (ephemeral).

Only ended games are shown, and a game only to whoever may see its channel (or played in
it): a game in a private channel stays there.
"""

from __future__ import annotations

import io
import logging

import discord
from discord import app_commands

from bot.context import Cardroom
from bot.games import presentation
from bot.handlers.admin import require_admin
from bot.handlers.replies import ephemeral, guarded, say, showing
from bot.handlers.seasons import rating_lines
from bot.i18n import N_
from bot.messages import history_views, layouts
from bot.messages.languages import tr
from bot.messages.picture_guard import REPLY, UPDATE, Route
from bot.pictures.base import Picture
from bot.service.errors import UserError
from bot.service.history import PlayHistory
from bot.texts.fair_play import reliability_line
from bot.texts.history import (
    game_title,
    history_text,
    replay_heading,
    replay_table,
    stats_text,
)
from bot.texts.seat_names import seat_labels
from storage import GameRecord, PastGame

log = logging.getLogger(__name__)

LOOKED_AT = 50
"""Past games read for a history list before keeping the first ten the user may see."""


def may_see(interaction: discord.Interaction, record: GameRecord) -> bool:
    """Whether the user may see ``record``: they played in it, manage the server, or can
    view its channel (or thread) now."""
    user = interaction.user
    if any(s.user_id == user.id for s in record.seats):
        return True
    permissions = interaction.permissions
    if permissions.manage_guild or permissions.administrator:
        return True
    guild = interaction.guild
    channel = guild.get_channel_or_thread(record.channel_id) if guild is not None else None
    if channel is None and guild is not None and record.parent_id is not None:
        channel = guild.get_channel(record.parent_id)  # its thread, archived: its channel's
    if channel is None or not isinstance(user, discord.Member):
        return False
    return channel.permissions_for(user).view_channel


class HistoryHandlers:
    """Handlers of the memory-of-play commands and components."""

    def __init__(self, room: Cardroom) -> None:
        self.room = room

    @property
    def history(self) -> PlayHistory:
        return self.room.history

    @staticmethod
    def _guild(interaction: discord.Interaction) -> int:
        if interaction.guild_id is None:
            raise UserError(N_("Games are played in server channels."))
        return interaction.guild_id

    @guarded("/game stats")
    async def stats(
        self,
        interaction: discord.Interaction,
        player: discord.abc.User | None,
        game_name: str | None,
        everywhere: bool,
    ) -> None:
        """A player's stats (default: the caller's) in this server, or the caller's own in
        every server."""
        _ = tr(interaction)
        guild_id = self._guild(interaction)
        who = player or interaction.user
        if everywhere and who.id != interaction.user.id:
            raise UserError(N_("Stats from every server are shown only for your own."))
        where = None if everywhere else guild_id
        stats = await self.history.stats(who.id, where, game_name)
        record = (await self.room.service.reliability(where, [who.id]))[who.id]
        text = stats_text(who.mention, stats, _, everywhere=everywhere)
        if where is not None:  # ratings are a server's: this season's and all time
            names = [entry.game_name for entry in stats]
            rated = await rating_lines(self.room, where, who.id, names, _)
            text = "\n".join([text, *rated])
        await say(interaction, text + "\n" + reliability_line(record, _))

    @guarded("/game history")
    async def past_games(
        self, interaction: discord.Interaction, player: discord.abc.User | None
    ) -> None:
        """The last ten games of this server (of ``player``, when given) the caller may see."""
        _ = tr(interaction)
        pasts = await self.history.past_games(
            self._guild(interaction), None if player is None else player.id, LOOKED_AT
        )
        shown = [p for p in pasts if may_see(interaction, p.game)][:10]
        await say(interaction, history_text(shown, None if player is None else player.mention, _))

    async def _finished(self, interaction: discord.Interaction, game_id: int) -> GameRecord:
        record, _actions = await self.history.finished(game_id, self._guild(interaction))
        if not may_see(interaction, record):
            raise UserError(N_("There is no game #{game} in this server."), game=game_id)
        return record

    async def _replay(
        self, interaction: discord.Interaction, game_id: int, step: int, *, update: bool
    ) -> None:
        """Answer with the replay at ``step`` (in place with ``update``, else in a new private
        message), with the table's picture of that step (drawn as the table's of that step
        is, from the spectator's view; none where the guild shows none, and again without it
        when Discord refuses it)."""
        _ = tr(interaction)
        record = await self._finished(interaction, game_id)
        replay = await self.history.step(game_id, record.guild_id, step)
        route = Route.of_interaction(interaction, UPDATE if update else REPLY)
        picture = await self.room.pictures.table(
            replay.record, replay.state, _.language, urgent=True, route=route
        )

        async def view(shown: Picture | None) -> discord.ui.LayoutView:
            return history_views.replay(
                game_id,
                replay_heading(replay, _),
                replay_table(replay, _),
                replay.step,
                replay.steps,
                presentation(record.game_name).accent,
                _,
                shown,
            )

        await showing(interaction, self.room.pictures.guard, picture, view, update=update)

    @guarded("/game replay")
    async def replay(self, interaction: discord.Interaction, game_id: int) -> None:
        """A finished game's replay, from its start."""
        await self._replay(interaction, game_id, 0, update=False)

    @guarded("replay button")
    async def on_replay(self, interaction: discord.Interaction, game_id: int, step: int) -> None:
        """A replay's button or menu: that step, in place."""
        _record, actions = await self.history.finished(game_id, self._guild(interaction))
        if not 0 <= step <= len(actions):  # every step of an ended game may be shown
            raise UserError(N_("That choice was not offered."))
        await self._replay(interaction, game_id, step, update=True)

    @guarded("/game export")
    async def export(self, interaction: discord.Interaction, game_id: int) -> None:
        """A finished game's record as a JSON file."""
        _ = tr(interaction)
        record = await self._finished(interaction, game_id)
        exported = await self.history.export(game_id, record.guild_id)
        name = f"cardroom-game-{game_id}.json"
        data = exported.model_dump_json(indent=1).encode()
        text = _(
            "The record of game #{game} ({title}): its setup and every move. "
            "`python -m engine replay {file}` replays it and prints its outcome.",
            game=game_id,
            title=game_title(record.game_name, _),
            file=name,
        )
        view = layouts.notice(text)
        view.add_item(discord.ui.File(f"attachment://{name}"))
        file = discord.File(io.BytesIO(data), filename=name)
        await interaction.response.send_message(view=view, file=file, ephemeral=True)

    async def game_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        """Autocomplete of a finished game: the caller's last games here, and the server's
        when what was typed is a number."""
        if interaction.guild_id is None:
            return []
        _ = tr(interaction)
        typed = current.strip().lstrip("#")
        mine = await self.history.past_games(interaction.guild_id, interaction.user.id, 25)
        pasts: list[PastGame] = list(mine)
        if typed:
            pasts += await self.history.past_games(interaction.guild_id, None, LOOKED_AT)
        choices, seen = [], set()
        for past in pasts:
            game = past.game
            if game.id in seen or game.result is None or game.status != "finished":
                continue
            if typed and not str(game.id).startswith(typed):
                continue
            if not may_see(interaction, game):
                continue
            seen.add(game.id)
            assert game.ended_at is not None
            name = _(
                "#{game} · {title} · {date} · {players}",
                game=game.id,
                title=game_title(game.game_name, _),
                date=game.ended_at.date().isoformat(),
                players=", ".join(seat_labels(game, _)),
            )
            choices.append(app_commands.Choice(name=name[:100], value=game.id))
        return choices[:25]

    @guarded("/cardroom leaderboard reset")
    async def reset(self, interaction: discord.Interaction, game_name: str) -> None:
        """Ask the admin to confirm starting a leaderboard afresh."""
        require_admin(interaction)
        _ = tr(interaction)
        title = game_title(game_name, _)
        text = _(
            "Reset this server's leaderboard of {title}? Every rating of it is deleted and "
            "its games so far no longer count; stats and history stay.",
            title=title,
        )
        yes = history_views.ResetButton(game_name, True, _("Reset the leaderboard"))
        no = history_views.ResetButton(game_name, False, _("Keep the leaderboard"))
        await ephemeral(interaction, view=history_views.confirm(text, yes, no))

    @guarded("leaderboard reset confirmation")
    async def on_reset(
        self, interaction: discord.Interaction, game_name: str, confirmed: bool
    ) -> None:
        """The reset confirmation's buttons."""
        require_admin(interaction)
        _ = tr(interaction)
        guild_id = self._guild(interaction)
        title = game_title(game_name, _)
        if not confirmed:
            text = _("The leaderboard of {title} stays as it is.", title=title)
        else:
            deleted = await self.history.reset_leaderboard(guild_id, game_name)
            log.info(
                "guild %s: leaderboard of %s reset by admin %s (%d ratings)",
                guild_id,
                game_name,
                interaction.user.id,
                deleted,
            )
            text = _("The leaderboard of {title} starts afresh.", title=title)
        await interaction.response.edit_message(view=layouts.notice(text))

    @guarded("/game forget-me")
    async def forget_me(self, interaction: discord.Interaction) -> None:
        """Ask the player to confirm that Cardroom forgets them."""
        _ = tr(interaction)
        text = _(
            "Forget you everywhere? Your stats and ratings are deleted, and in every stored "
            "game your seat becomes \u201ca former player\u201d (the games and their results "
            "stay). This cannot be undone."
        )
        user_id = interaction.user.id
        yes = history_views.ForgetButton(user_id, True, _("Forget me"))
        no = history_views.ForgetButton(user_id, False, _("Keep my records"))
        await ephemeral(interaction, view=history_views.confirm(text, yes, no))

    @guarded("forget-me confirmation")
    async def on_forget(
        self, interaction: discord.Interaction, user_id: int, confirmed: bool
    ) -> None:
        """The forget-me confirmation's buttons (only the player who asked may press them)."""
        _ = tr(interaction)
        if interaction.user.id != user_id:
            raise UserError(N_("Only the player who asked can answer this."))
        if not confirmed:
            await interaction.response.edit_message(view=layouts.notice(_("Nothing was deleted.")))
            return
        forgotten = await self.history.forget(user_id)
        log.info("a player was forgotten (%d seats)", forgotten.seats)
        text = _(
            "Done: your stats and ratings are deleted, and {seats} seats in stored games now "
            "read \u201ca former player\u201d.",
            seats=forgotten.seats,
        )
        await interaction.response.edit_message(view=layouts.notice(text))
