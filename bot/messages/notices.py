"""How each player hears that a move waits for them (``/game notify``): a mention in the game's
channel (the default: through ``Pings``, the one place that decides where a game's mentions
go), a direct message in their own language ("Your move in <game> #12", a link to the table,
a button that opens their private screen), or nothing.

A direct message Discord refuses (the player accepts none from server members: 50007) falls
back to the mention, and the player is told once, in the channel, how to allow them.
"""

from __future__ import annotations

import functools
import logging
import time
from collections.abc import Awaitable, Callable, Sequence

import aiohttp
import discord

from bot.i18n import DEFAULT_LANGUAGE, Translator, translator
from bot.messages.discord_io import message_link
from bot.messages.languages import GuildLanguages
from bot.messages.pings import Pings
from bot.service.recent import Recent
from bot.texts.seat_names import seat_names
from storage import GameMessage, GameRecord, PlayerSettings, Storage

log = logging.getLogger(__name__)

CANNOT_MESSAGE_USER = 50007
"""Discord's code for a direct message the user does not accept (topics/opcodes-and-status-
codes.mdx, JSON Error Codes: "Cannot send messages to this user")."""

SETTINGS_KEPT = 60.0
"""Seconds a player's settings are kept once read: a choice made through another process (a
guild of another shard) is followed within a minute."""

Build = Callable[[Translator, int], discord.ui.LayoutView]
"""Makes the direct message to the player of a seat (the ``int``) in their language."""


class Notices:
    """Players' notification settings (kept :data:`SETTINGS_KEPT` seconds once read, then let
    go) and the direct messages; the mentions go through ``pings``. ``table`` finds a game's
    table message (for its link); ``now`` gives monotonic seconds (tests pass their own)."""

    def __init__(
        self,
        pings: Pings,
        storage: Storage,
        languages: GuildLanguages,
        table: Callable[[int], Awaitable[GameMessage | None]],
        now: Callable[[], float] = time.monotonic,
    ) -> None:
        self.pings = pings
        self.storage = storage
        self.languages = languages
        self.table = table
        # let go once unused a while, as what the bot keeps of a game (bot.service.recent):
        # memory grows with the players being notified, not with every player ever notified
        self._settings: Recent[int, tuple[float, PlayerSettings]] = Recent(SETTINGS_KEPT, now=now)
        self._now = now

    async def settings(self, user_id: int) -> PlayerSettings:
        """``user_id``'s settings (kept a while once read)."""
        kept = self._settings.peek(user_id)
        if kept is not None and self._now() - kept[0] < SETTINGS_KEPT:
            return kept[1]
        return self._keep(await self.storage.players.get(user_id))

    def _keep(self, settings: PlayerSettings) -> PlayerSettings:
        self._settings[settings.user_id] = (self._now(), settings)
        return settings

    async def choose(self, user_id: int, notify: str, language: str) -> PlayerSettings:
        """``user_id`` hears of their moves by ``notify`` (``"mention"``, ``"dm"``,
        ``"none"``); their direct messages are in ``language``."""
        return self._keep(await self.storage.players.set(user_id, notify=notify, language=language))

    async def told_how_to_allow(self, user_id: int, told: bool = True) -> None:
        """Note that ``user_id`` was told how to allow direct messages (or, ``told`` false,
        that Discord takes them again: a later refusal is told again)."""
        self._keep(await self.storage.players.set(user_id, dm_refused_told=told))

    def reader(self, settings: PlayerSettings) -> Translator:
        """The translator of ``settings``' player (their own language)."""
        return translator(settings.language or DEFAULT_LANGUAGE)

    async def direct(
        self, user_id: int, build: Callable[[Translator], discord.ui.LayoutView]
    ) -> bool | None:
        """Send ``user_id`` the direct message ``build`` makes in their language: ``True``
        sent, ``False`` refused by the player's settings (50007), ``None`` failed otherwise
        (logged)."""
        settings = await self.settings(user_id)
        try:
            channel = await self.pings.client.create_dm(discord.Object(user_id))
            await channel.send(view=build(self.reader(settings)))
        except discord.Forbidden as exc:
            if exc.code == CANNOT_MESSAGE_USER:
                return False
            log.warning("cannot send a direct message to user %s: %s", user_id, exc.text)
            return None
        except discord.HTTPException as exc:
            log.warning("a direct message to user %s failed: %s %s", user_id, exc.status, exc.text)
            return None
        except (aiohttp.ClientError, OSError) as exc:
            log.warning("a direct message to user %s failed: %r", user_id, exc)
            return None
        if settings.dm_refused_told:
            await self.told_how_to_allow(user_id, False)
        return True

    async def table_link(self, record: GameRecord) -> str | None:
        """The jump link of ``record``'s table (``None``: none was posted)."""
        stored = await self.table(record.id)
        if stored is None:
            return None
        return message_link(record.guild_id, stored.channel_id, stored.message_id)

    async def route(
        self, record: GameRecord, seats: Sequence[int], turn: Sequence[int], build: Build
    ) -> tuple[list[int], list[str]]:
        """Of ``seats`` to be mentioned in ``record``'s channel, the people of ``turn`` (a
        move waits for them) as each chose: kept for the mention, sent the direct message
        ``build`` makes (or back to the mention when it cannot be sent), or left out. Returns
        the seats to mention and the lines to add to the mention (the one-time hint, in the
        guild's language, to a player whose direct message Discord refused)."""
        mention: list[int] = []
        hints: list[str] = []
        names = None
        for seat in seats:
            user_id = record.seats[seat].user_id
            if seat not in turn or user_id is None:
                mention.append(seat)
                continue
            settings = await self.settings(user_id)
            if settings.notify == "none":
                continue
            if settings.notify == "mention":
                mention.append(seat)
                continue
            sent = await self.direct(user_id, functools.partial(_for_seat, build, seat))
            if sent:
                continue
            mention.append(seat)
            if sent is False and not settings.dm_refused_told:
                _ = await self.languages.public(record.guild_id)
                names = names or seat_names(record, _)
                hints.append(allow_hint(names[seat], _))
                await self.told_how_to_allow(user_id)
        return mention, hints


def _for_seat(build: Build, seat: int, _: Translator) -> discord.ui.LayoutView:
    return build(_, seat)


def allow_hint(player: str, _: Translator) -> str:
    """The one-time line to a player whose direct message Discord refused."""
    return _(
        "{player}: I could not send you a direct message, so I mention you here. To get your "
        "moves by direct message, allow direct messages from this server's members (Privacy "
        "Settings), or choose another way with /game notify.",
        player=player,
    )
