"""The short channel messages that notify players ("your move", "game over"): one per game,
replaced each time, mentioning only the people concerned."""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

import discord

from bot.messages import discord_io
from bot.service.live import KEEP_IDLE
from bot.service.recent import Recent
from bot.timing.debounce import Debouncer
from storage import GameMessage, GameRecord, GameStatus, Storage

PING = "ping"
"""Kind of the stored message that pings players (one per game, replaced each time)."""
TURN_PING = "turn_ping"
"""Kind of the stored ping when it only says whose move it is (stored, so that a restart
knows it may be deleted once the turn moved on)."""
KINDS = (PING, TURN_PING)

PING_EDIT_INTERVAL = 0.0
"""Seconds between two changes of one game's ping (none: each ping is made at once)."""

CONTENT_LIMIT = 2000
"""Discord's limit on a message's ``content``, in characters."""

Change = Callable[[], Awaitable[None]]
"""One change of a game's ping (a ping or a clear), as it is to be made."""


@dataclass(slots=True)
class LastPing:
    """What the bot knows of a game's ping message: what it says, and when it last changed
    (``Debouncer`` time)."""

    text: str
    edited: float | None = None


def _in_turn(
    older: tuple[Change, ...] | None, newer: tuple[Change, ...] | None
) -> tuple[Change, ...]:
    """The changes asked for while one is made: every one, in order (a ping that notifies
    someone cannot give way to a later one)."""
    return (*(older or ()), *(newer or ()))


def fitted(text: str, limit: int = CONTENT_LIMIT) -> str:
    """``text`` within ``limit`` characters: its first lines are left out (an ellipsis says
    so) until the rest fits, as the last lines say whose move it is now; a last line too long
    by itself is cut."""
    if len(text) <= limit:
        return text
    kept: list[str] = []
    size = 1  # the ellipsis
    for line in reversed(text.splitlines()):
        if size + 1 + len(line) > limit:
            break
        kept.insert(0, line)
        size += 1 + len(line)
    if not kept:
        return text[: limit - 1] + "…"
    return "\n".join(["…", *kept])


class Pings:
    """Posts each game's ping message, replacing the previous one.

    A mention notifies only in a new message, so a ping that notifies someone replaces the
    previous one (post, then delete); one that notifies nobody (only automatic players are
    named) edits it, or is no request at all if it says the same. A ping that would only say
    whose move it is to players who see it on their open screens (or to automatic players)
    is not made, and a previous ping that only said whose move it was is deleted
    (:meth:`clear`), so the channel does not show an old "your move".

    The changes of one game's ping are made one at a time, in the order asked for, through
    a ``bot.timing.debounce.Debouncer`` (:data:`PING_EDIT_INTERVAL` apart); each call
    returns once its change is made.
    """

    def __init__(self, client: discord.Client, storage: Storage) -> None:
        self.client = client
        self.storage = storage
        self._last: Recent[int, LastPing] = Recent(  # game -> what its ping shows, while used
            KEEP_IDLE, busy=lambda game_id: self._changes.busy(game_id)
        )
        self._changes: Debouncer[int, tuple[Change, ...]] = Debouncer(
            self._make,
            state=self._last.get,
            spacing=PING_EDIT_INTERVAL,
            merge=_in_turn,
            label="ping",
        )

    async def _make(self, game_id: int, changes: tuple[Change, ...] | None) -> bool:
        """Make ``changes`` of ``game_id``'s ping in order (``Debouncer``'s edit); the first
        error one raised is raised once all were made."""
        error: Exception | None = None
        for change in changes or ():
            try:
                await change()
            except Exception as exc:
                error = error or exc
        if error is not None:
            raise error
        return False

    def _shows(self, game_id: int, text: str) -> None:
        """The game's ping says ``text`` now (posted or edited just now)."""
        last = self._last[game_id] = LastPing(text)
        self._changes.mark_edited(last)

    async def ping(
        self, record: GameRecord, seats: Sequence[int], text: str, *, turn_only: bool = False
    ) -> None:
        """Replace the game's previous ping with ``text``, notifying ``seats`` (people only;
        other mentions in ``text`` show as names but notify nobody). ``turn_only``: it only
        says whose move it is (a later :meth:`clear` may delete it)."""
        users = [
            discord.Object(s.user_id)
            for s in record.seats
            if s.seat in seats and s.is_human and s.user_id is not None
        ]
        change = functools.partial(self._ping, record, users, fitted(text), turn_only)
        await self._changes.run(record.id, (change,), wait=True)  # one ping message per game

    async def _ping(
        self, record: GameRecord, users: list[discord.Object], text: str, turn_only: bool
    ) -> None:
        """:meth:`ping`, made now."""
        mentions = discord.AllowedMentions(users=users, roles=False, everyone=False)
        channel = self.client.get_partial_messageable(record.channel_id, guild_id=record.guild_id)
        previous = await self._stored(record.id)
        last = self._last.get(record.id)
        if previous is not None and not users:
            if last is not None and last.text == text:
                return  # it says this already
            message = channel.get_partial_message(previous.message_id)
            edited = await discord_io.edit(message, content=text, allowed_mentions=mentions)
            if edited is discord_io.Edit.DONE:
                self._shows(record.id, text)  # nobody to notify: an edit is enough
                await self._store(record, previous.message_id, turn_only, previous)
                return
        posted = await discord_io.send(channel, content=text, allowed_mentions=mentions)
        if posted is None:
            return
        if previous is not None:
            await discord_io.delete(channel.get_partial_message(previous.message_id))
        await self._store(record, posted.id, turn_only, previous)
        self._shows(record.id, text)
        if record.status != GameStatus.ACTIVE:
            self._last.pop(record.id, None)

    async def _stored(self, game_id: int) -> GameMessage | None:
        """The game's ping, of either kind (``None``: none)."""
        found = [m for m in await self.storage.messages.for_game(game_id) if m.kind in KINDS]
        return found[0] if found else None

    async def _store(
        self, record: GameRecord, message_id: int, turn_only: bool, previous: GameMessage | None
    ) -> None:
        """Record ``message_id`` as the game's ping, under the kind ``turn_only`` says."""
        kind = TURN_PING if turn_only else PING
        if previous is not None and previous.kind != kind:
            await self.storage.messages.delete(record.id, previous.kind)
        if previous is None or previous.kind != kind or previous.message_id != message_id:
            await self.storage.messages.set(record.id, kind, record.channel_id, message_id)

    async def clear(self, record: GameRecord) -> None:
        """Delete the game's ping if it only said whose move it was (a ping made with
        ``turn_only``): the turn has moved on, and nobody needs a new one (whoever is to move
        now is watching). Any other ping (the start, an event naming players) stays."""
        await self._changes.run(record.id, (functools.partial(self._clear, record),), wait=True)

    async def _clear(self, record: GameRecord) -> None:
        """:meth:`clear`, made now."""
        previous = await self.storage.messages.get(record.id, TURN_PING)
        if previous is None:
            return
        channel = self.client.get_partial_messageable(record.channel_id, guild_id=record.guild_id)
        if not await discord_io.delete(channel.get_partial_message(previous.message_id)):
            return  # still there: kept, and tried again at the next turn
        await self.storage.messages.delete(record.id, TURN_PING)
        self._last.pop(record.id, None)
