"""Slow play's commands: ``/game away`` and ``/game back`` (a player's banks pause in this
server's turn-based games), ``/game notify`` (how they hear that a move waits for them) and
``/game mine`` (every game they are in)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.context import Cardroom
from bot.handlers.replies import ephemeral, guarded, say
from bot.i18n import N_, language_of
from bot.messages import layouts
from bot.messages.discord_io import message_link, timestamp
from bot.messages.languages import tr
from bot.service.away import AwayChange, AwayTooLong
from bot.service.errors import UserError
from bot.service.mine import MyGame
from bot.texts.durations import until_text
from bot.texts.mine import mine_text
from bot.texts.paces import away_text
from bot.texts.typed_times import parse_until
from storage import NOTIFY_WAYS, TABLE, GameStatus


def notify_choices() -> list[app_commands.Choice[str]]:
    """The choices of ``/game notify``: a mention (the default), a direct message, nothing."""
    return [
        app_commands.Choice(name=N_("a mention in the game's channel"), value="mention"),
        app_commands.Choice(name=N_("a direct message"), value="dm"),
        app_commands.Choice(name=N_("nothing"), value="none"),
    ]


class SlowPlayHandlers:
    """``/game away``, ``/game back``, ``/game notify``, ``/game mine``."""

    def __init__(self, room: Cardroom) -> None:
        self.room = room

    def _guild(self, interaction: discord.Interaction) -> int:
        if interaction.guild_id is None:
            raise UserError(N_("Games are played in server channels."))
        return interaction.guild_id

    def _follow(self, change: AwayChange) -> None:
        """Show the change where it shows: the lobbies' player lists, the tables' clocks; and
        watch the running games' clocks anew."""
        room = self.room
        for record in change.games:
            if record.status == GameStatus.LOBBY:
                room.spawn(room.lobbies.refresh(record), f"lobby {record.id}")
            else:
                room.tables.request(record.id)
                room.clocks.schedule(record)

    @guarded("/game away")
    async def away(self, interaction: discord.Interaction, until: str) -> None:
        """``/game away until:``: pause the caller's banks in this server's turn-based games."""
        _ = tr(interaction)
        guild_id = self._guild(interaction)
        now = self.room.service.deadlines.clock.now()
        when = parse_until(until, now, _.language)
        if when is None:
            raise UserError(
                N_(
                    "I cannot read “{text}” as a date or a time from now: try 2026-12-24, "
                    "3 days or 1 week."
                ),
                text=until[:40],
            )
        try:
            change = await self.room.service.away.go_away(guild_id, interaction.user.id, when)
        except AwayTooLong as refused:
            if refused.latest is None:
                raise
            raise UserError(
                N_("You can be away at most 14 days in any 30: at most until {date}."),
                date=until_text(refused.latest, now, _.language),
            ) from None
        assert change.away is not None
        self._follow(change)
        await say(
            interaction,
            _(
                "🏖️ You are {away} ({when}): meanwhile your time banks in this server's games "
                "do not run (real-time games go on). /game back ends it early.",
                away=away_text(change.away.ends_at, _),
                when=timestamp(change.away.ends_at),
            ),
        )

    @guarded("/game back")
    async def back(self, interaction: discord.Interaction) -> None:
        """``/game back``: end the caller's away time in this server now."""
        _ = tr(interaction)
        change = await self.room.service.away.come_back(
            self._guild(interaction), interaction.user.id
        )
        if change.away is None:
            raise UserError(N_("You are not away in this server."))
        self._follow(change)
        await say(interaction, _("👋 Welcome back: your time banks run again."))

    @guarded("/game notify")
    async def notify(self, interaction: discord.Interaction, how: str) -> None:
        """``/game notify how:``: a mention, a direct message, or nothing."""
        _ = tr(interaction)
        if how not in NOTIFY_WAYS:
            raise UserError(N_("That option does not exist."))
        notices = self.room.followups.notices
        user_id = interaction.user.id
        await notices.choose(user_id, how, language_of(interaction.locale))
        if how == "mention":
            await say(
                interaction, _("🔔 I mention you in the game's channel when a move waits for you.")
            )
            return
        if how == "none":
            await say(
                interaction,
                _(
                    "🔕 I no longer tell you when a move waits for you: /game mine lists your "
                    "games."
                ),
            )
            return
        await say(interaction, _("✉️ I send you a direct message when a move waits for you."))
        sent = await notices.direct(
            user_id,
            lambda _: layouts.notice(_("✉️ This is where I tell you when a move waits for you.")),
        )
        if sent is False:
            await notices.told_how_to_allow(user_id)
            await ephemeral(
                interaction,
                view=layouts.notice(
                    "⚠️ "
                    + _(
                        "Discord refuses my direct messages to you, so I mention you in the "
                        "game's channel instead. To get them, allow direct messages from this "
                        "server's members (Privacy Settings)."
                    )
                ),
            )

    @guarded("/game mine")
    async def mine(self, interaction: discord.Interaction, everywhere: bool = False) -> None:
        """``/game mine``: the caller's running games (here, or everywhere), theirs first."""
        _ = tr(interaction)
        guild_id = None if everywhere else self._guild(interaction)
        games = await self.room.service.mine.of(interaction.user.id, guild_id)
        links = {}
        for game in games:
            stored = await self.room.storage.messages.get(game.record.id, TABLE)
            if stored is not None:
                links[game.record.id] = message_link(
                    game.record.guild_id, stored.channel_id, stored.message_id
                )

        def link(game: MyGame) -> str | None:
            return links.get(game.record.id)

        await say(interaction, mine_text(games, _, link=link, everywhere=everywhere))
