"""The public table message of each game: rendering it, posting it, keeping it current (one edit
per action), reposting it when it was deleted, and the short "your turn" pings."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING

import discord

import engine
from bot import discord_io, layouts
from bot.games import presenter
from bot.i18n import Translator, translator
from bot.locks import KeyedLocks
from bot.service import FORFEIT, GameSnapshot
from storage import TABLE, GameRecord, GameStatus

if TYPE_CHECKING:
    from bot.app import CardroomBot

log = logging.getLogger(__name__)

PING = "ping"
"""Kind of the stored message that pings players (one per game, replaced each time)."""
RECENT_ACTIONS = 6
RECENT_LINES = 8


def seat_names(record: GameRecord, _: Translator) -> list[str]:
    """How each seat is shown in text: a mention, marked when an automatic player has taken it
    over."""
    names = []
    for seat in record.seats:
        name = f"<@{seat.user_id}>" if seat.user_id is not None else _("Automatic player")
        names.append(_("{player} (automatic)", player=name) if seat.automatic else name)
    return names


def seat_labels(record: GameRecord, _: Translator) -> list[str]:
    """How each seat is shown on buttons and in menus, where Discord shows mentions as raw ids:
    the player's name in the guild when they sat down (``Player N`` if unknown)."""
    labels = []
    for seat in record.seats:
        name = seat.display_name or _("Player {number}", number=seat.seat + 1)
        labels.append(_("{player} (automatic)", player=name) if seat.automatic else name)
    return labels


def ended_early(record: GameRecord) -> bool:
    """The game ended outside the rules: aborted, or won by forfeit."""
    return record.status == GameStatus.ABORTED or (
        record.result is not None and record.result.reason == FORFEIT
    )


class TableKeeper:
    """Posts and edits the table messages of every game (one per game)."""

    def __init__(self, bot: CardroomBot) -> None:
        self.bot = bot
        self._locks = KeyedLocks()
        self._ping_locks = KeyedLocks()

    async def language(self, guild_id: int) -> Translator:
        """The translator for a guild's public messages (its configured language, else
        English)."""
        settings = await self.bot.storage.guilds.get(guild_id)
        return translator(settings.language or "en")

    async def render(self, snapshot: GameSnapshot, _: Translator) -> discord.ui.LayoutView:
        """The table layout of ``snapshot``: the game's own table text, with a banner when it
        ended outside the rules (forfeit, abort)."""
        record = snapshot.record
        names = seat_names(record, _)
        finished = record.status in (GameStatus.FINISHED, GameStatus.ABORTED)
        if snapshot.state is None:
            return layouts.notice(_("This game was closed before it started."))
        show = presenter(record.game_name)
        recent: list[str] = []
        for logged in await self.bot.storage.games.recent_actions(record.id, RECENT_ACTIONS):
            for event in logged.public_events:
                line = show.event_line(event, None, names, _)  # type: ignore[arg-type]
                if line:
                    recent.append(line)
        text = show.table_text(
            engine.view(snapshot.state, None),
            names,
            recent[-RECENT_LINES:],
            _,
            record.id,
            closed=ended_early(record),
        )
        banner = self.banner(record, names, _)
        if banner:
            text = f"{banner}\n\n{text}"
        return layouts.table(record.id, text, _, finished=finished)

    @staticmethod
    def banner(record: GameRecord, names: Sequence[str], _: Translator) -> str:
        """A line for games that ended by forfeit or were aborted (empty otherwise)."""
        result = record.result
        if record.status == GameStatus.ABORTED:
            return _("**This game was aborted.**")
        if result is not None and result.reason == FORFEIT:
            if result.winners:
                return _(
                    "**{player} wins: everyone else left the game.**",
                    player=names[result.winners[0]],
                )
            return _("**Everyone left the game.**")
        return ""

    async def refresh(self, game_id: int) -> None:
        """Edit the table to show the stored game now; repost it if it was deleted."""
        async with self._locks(game_id):
            snapshot = await self.bot.service.snapshot(game_id)
            record = snapshot.record
            if record.status == GameStatus.LOBBY:
                return
            _ = await self.language(record.guild_id)
            view = await self.render(snapshot, _)
            stored = await self.bot.storage.messages.get(game_id, TABLE)
            target = self.bot.get_partial_messageable(record.channel_id, guild_id=record.guild_id)
            if stored is not None:
                message = target.get_partial_message(stored.message_id)  # type: ignore[union-attr]
                edited = await discord_io.edit(message, view=view)
                if edited is not False:
                    return
                log.info("table of game %s was deleted; posting it again", game_id)
            if record.status != GameStatus.ACTIVE and stored is None:
                return
            posted = await discord_io.send(target, view=view)
            if posted is not None:
                await self.bot.storage.messages.set(game_id, TABLE, record.channel_id, posted.id)

    async def post(self, snapshot: GameSnapshot, channel: discord.abc.Messageable) -> bool:
        """Post the first table of a game that just started; ``False`` if Discord refused."""
        async with self._locks(snapshot.id):
            _ = await self.language(snapshot.record.guild_id)
            posted = await discord_io.send(channel, view=await self.render(snapshot, _))
            if posted is None:
                return False
            await self.bot.storage.messages.set(
                snapshot.id, TABLE, snapshot.record.channel_id, posted.id
            )
            return True

    async def ping(self, record: GameRecord, seats: Sequence[int], text: str) -> None:
        """Replace the game's previous ping with ``text``, notifying ``seats`` (people only;
        other mentions in ``text`` show as names but notify nobody)."""
        users = [
            discord.Object(s.user_id)
            for s in record.seats
            if s.seat in seats and s.is_human and s.user_id is not None
        ]
        async with self._ping_locks(record.id):  # one ping message per game, even when racing
            await self._replace_ping(record, users, text)

    async def _replace_ping(
        self, record: GameRecord, users: list[discord.Object], text: str
    ) -> None:
        channel = self.bot.get_partial_messageable(record.channel_id, guild_id=record.guild_id)
        previous = await self.bot.storage.messages.get(record.id, PING)
        if previous is not None:
            await discord_io.delete(channel.get_partial_message(previous.message_id))
        posted = await discord_io.send(
            channel,
            content=text,
            allowed_mentions=discord.AllowedMentions(users=users, roles=False, everyone=False),
        )
        if posted is not None:
            await self.bot.storage.messages.set(record.id, PING, record.channel_id, posted.id)
