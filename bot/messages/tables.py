"""The public table message of each game: posting it, keeping it current, and reposting it
when it was deleted — with as few requests as Discord needs to see.

- Refreshes of one game collapse: while one is being made (or waiting for its turn), further
  requests only mark the table as behind, and one more edit follows with the newest state
  (``bot.timing.debounce``, which also keeps screens and pings).
- Edits of one table are at least ``min_interval`` seconds apart (Discord rate-limits message
  edits per channel): moves that land within that moment are shown by one edit. While the
  same seats are to decide as in the table's last edit (one player's turn of several moves),
  they are ``turn_interval`` apart; a move that passes the turn is shown after
  ``min_interval`` again. Follow-ups ask with :meth:`TableKeeper.request` and do not wait.
- What the keeper knows of a game's table is one :class:`TableState`, forgotten as one.
- A game's table is posted by one task at a time, with a nonce made from the game and the
  message it replaces: a post made again after its answer was lost gets the same message.
- A table that would look the same is not edited; each table records the game version it
  shows, so a restart edits only the tables that are behind their game. Those versions are
  written a few seconds later, many in one transaction (a crash meanwhile only means that a
  restart edits a few tables that were current).
- A table carries its picture (``bot.messages.pictures``), uploaded with each post and edit
  that shows it. A post or edit Discord refuses with its picture is made again at once
  without, and the channel's table posts or edits go without pictures for a while
  (``bot.messages.picture_guard``); the table goes on following the game.
- An edit Discord fails (a server error, no answer) is tried again after each of
  :data:`RETRY_DELAYS`, showing the game as stored then: the table catches up once Discord
  is back, even when no move follows (after a game's last move none does).
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, replace
from typing import Any

import discord

import engine
from bot.messages import discord_io, layouts
from bot.messages.languages import GuildLanguages
from bot.messages.picture_guard import EDIT, POST, Route
from bot.messages.pictures import Pictures, edit_files, send_files
from bot.messages.table_look import TableLook, message_id, nonce, table_look
from bot.pictures.base import Picture
from bot.service import GameService, GameSnapshot
from bot.service.live import KEEP_IDLE
from bot.service.locks import KeyedLocks
from bot.service.recent import Recent
from bot.texts.paces import clock_lines
from bot.texts.seat_names import seat_names
from bot.timing.debounce import Debouncer
from storage import TABLE, GameMessage, GameStatus, Storage

log = logging.getLogger(__name__)

MIN_INTERVAL = 1.0
"""Seconds between two edits of one table (Discord allows about 5 per 5 s per channel)."""

TURN_INTERVAL = 8.0
"""Seconds between two edits of one table while the seats to decide are those its last edit
showed (each of their moves would otherwise cost an edit the others hardly need)."""

SAVE_AFTER = 5.0
"""Seconds a table's shown version waits before it is written (with the others due)."""

RETRY_DELAYS = (2.0, 5.0, 10.0, 30.0, 60.0, 120.0, 300.0)
"""Seconds before each new try of a table edit that Discord failed. After the last try, the
next change or restart refreshes the table."""


@dataclass(slots=True)
class TableState:
    """What the keeper knows of one game's table message (forgotten as one, when the game
    has ended and its table shows it). Where a game comes to have more messages to keep
    current (a card in the parent channel of its thread), their state joins this one."""

    where: GameMessage | None = None
    """The stored table message: its channel, its id, the game version it shows (``None``:
    not read yet, or none posted)."""
    shown: str | None = None
    """The digest of what it shows, its picture's name included (``None``: not known)."""
    deciding: tuple[int, ...] | None = None
    """The seats it showed deciding in its last edit of a running game."""
    edited: float | None = None
    """When it was last edited (``Debouncer`` time; ``None``: not since the bot started)."""


class TableKeeper:
    """Posts and edits the table messages of every game (one per game)."""

    def __init__(
        self,
        client: discord.Client,
        storage: Storage,
        service: GameService,
        languages: GuildLanguages,
        pictures: Pictures,
        spawn: Callable[[Coroutine[Any, Any, None], str], None],
        *,
        min_interval: float = MIN_INTERVAL,
        turn_interval: float = TURN_INTERVAL,
    ) -> None:
        self.client = client
        self.storage = storage
        self.service = service
        self.languages = languages
        self.pictures = pictures
        self.min_interval = min_interval
        self.turn_interval = max(turn_interval, min_interval)
        self._tables: Recent[int, TableState] = Recent(  # let go once the game rests
            KEEP_IDLE, busy=lambda game_id: self._edits.busy(game_id)
        )
        self._edits: Debouncer[int, int] = Debouncer(  # the request: the "thinking" seat
            self._edit_now,
            state=self._tables.get,
            spacing=self._spacing,
            retry_delays=RETRY_DELAYS,
            spawn=spawn,  # background work (``Cardroom.spawn``)
            label="table",
        )
        self._posting = KeyedLocks()  # one post of a game's table at a time
        self._unsaved: dict[int, int] = {}  # game -> shown version not written yet
        self._saving: asyncio.Task[None] | None = None
        self.edits = 0
        """Table edits and posts made (for benchmarks)."""

    async def render(
        self,
        snapshot: GameSnapshot,
        thinking: int | None = None,
        *,
        picture: bool = True,
        urgent: bool = False,
        form: str = EDIT,
    ) -> TableLook:
        """The table of ``snapshot`` in its guild's language, with its picture unless not
        ``picture``, the guild has none or the channel holds them off for requests of
        ``form`` (``bot.messages.picture_guard``) (``thinking``: the seat of an automatic
        player thinking for a while; ``urgent``: an interaction's answer waits for it)."""
        record = snapshot.record
        _ = await self.languages.public(record.guild_id)
        if snapshot.state is None:
            return TableLook(layouts.notice(_("This game was closed before it started.")))
        drawing = None
        if picture:  # drawn while the last events are read
            route = Route.of_game(record, form)
            draw = self.pictures.table(
                record, snapshot.state, _.language, urgent=urgent, route=route
            )
            drawing = asyncio.ensure_future(draw)
        logged = await self.service.recent_actions(record.id)
        drawn = None if drawing is None else await drawing
        times = self.service.deadlines.times(record, snapshot.state)
        clock = clock_lines(times, seat_names(record, _), _, discord_io.timestamp)
        return table_look(record, snapshot.state, logged, _, drawn, thinking, clock)

    @property
    def retry_delays(self) -> tuple[float, ...]:
        """Seconds before each new try of a table edit Discord failed (:data:`RETRY_DELAYS`)."""
        return self._edits.retry_delays

    @retry_delays.setter
    def retry_delays(self, delays: tuple[float, ...]) -> None:
        self._edits.retry_delays = delays

    def _state(self, game_id: int) -> TableState:
        """The state of ``game_id``'s table (a new one if none is kept)."""
        state = self._tables.get(game_id)
        if state is None:
            state = self._tables[game_id] = TableState()
        return state

    def request(self, game_id: int) -> None:
        """Bring the table up to date in the background (:meth:`refresh`): the caller does
        not wait out the interval between two edits."""
        self._edits.request(game_id)

    async def refresh(self, game_id: int, thinking: int | None = None) -> None:
        """Bring the table up to date (repost it if it was deleted). A call while the table
        is being refreshed returns at once: the refresh under way makes one more edit (the
        newest call's ``thinking``)."""
        await self._edits.run(game_id, thinking)

    async def _edit_now(self, game_id: int, thinking: int | None) -> bool:
        """One edit of the table (``Debouncer``'s edit); whether Discord failed it."""
        return await self._refresh_now(game_id, thinking) is discord_io.Edit.FAILED

    async def _spacing(self, game_id: int, thinking: int | None) -> float:
        """Seconds after its last edit the table may be edited again: ``min_interval``, or
        ``turn_interval`` while the same seats decide as then (and no seat thinks)."""
        if thinking is None and await self._same_turn(game_id):
            return self.turn_interval
        return self.min_interval

    async def _same_turn(self, game_id: int) -> bool:
        state = self._tables.get(game_id)
        if state is None or state.deciding is None:
            return False
        shown = state.deciding
        snapshot = await self.service.snapshot(game_id)
        if snapshot.state is None or snapshot.record.status != GameStatus.ACTIVE:
            return False
        return tuple(engine.deciding_seats(snapshot.state)) == shown

    def _showing(self, snapshot: GameSnapshot, look: TableLook) -> None:
        """The table now shows ``snapshot`` (as ``look``)."""
        state = self._state(snapshot.id)
        state.shown = look.digest
        self._edits.mark_edited(state)
        if snapshot.state is not None and snapshot.record.status == GameStatus.ACTIVE:
            state.deciding = tuple(engine.deciding_seats(snapshot.state))

    def stop_retrying(self) -> None:
        """Cancel the tries of failed edits that wait, and make the edits that wait for
        their interval now (the bot is shutting down)."""
        self._edits.stop()

    async def shown(self, snapshot: GameSnapshot, look: TableLook) -> None:
        """The table was edited elsewhere (an interaction's answer on the table itself) to
        ``look``, showing ``snapshot``: remember it, so that an edit to the same look is not
        made again (nor at a restart)."""
        self._showing(snapshot, look)
        await self._record_version(snapshot.id, snapshot.record.version)

    async def message(self, game_id: int) -> GameMessage | None:
        """The game's table message (``None``: none was posted)."""
        state = self._tables.get(game_id)
        stored = None if state is None else state.where
        if stored is None:
            stored = await self.storage.messages.get(game_id, TABLE)
            if stored is not None:
                self._state(game_id).where = stored
        return stored

    async def _record_version(self, game_id: int, version: int) -> None:
        stored = await self.message(game_id)
        if stored is None or stored.shown_version == version:
            return
        self._state(game_id).where = replace(stored, shown_version=version)
        self._unsaved[game_id] = version
        if self._saving is None:
            self._saving = asyncio.create_task(self._save_later(), name="table versions")

    async def _save_later(self) -> None:
        try:
            await asyncio.sleep(SAVE_AFTER)
        finally:
            self._saving = None
        await self.save_versions()

    async def save_versions(self) -> None:
        """Write the shown versions not written yet (also at shutdown)."""
        unsaved, self._unsaved = self._unsaved, {}
        if unsaved:
            await self.storage.messages.set_shown_versions(unsaved, kind=TABLE)

    async def close(self) -> None:
        """Stop waiting and write what is due (shutdown)."""
        self.stop_retrying()
        if self._saving is not None:
            self._saving.cancel()
            self._saving = None
        await self.save_versions()

    async def is_current(self, game_id: int) -> bool:
        """Whether the stored table shows its game's current version (after a restart)."""
        stored = await self.message(game_id)
        if stored is None:
            return False
        record = await self.service.record(game_id)
        return stored.shown_version == record.version

    async def _refresh_now(self, game_id: int, thinking: int | None) -> discord_io.Edit | None:
        """One edit (or post) of the table; what became of the edit (``None``: none made)."""
        snapshot = await self.service.snapshot(game_id)
        record = snapshot.record
        if record.status == GameStatus.LOBBY:
            return None
        look = await self.render(snapshot, thinking)
        state = self._tables.get(game_id)
        if state is not None and state.shown == look.digest:  # it looks like this: no request
            await self._record_version(game_id, record.version)
            if record.status != GameStatus.ACTIVE:
                self._forget(game_id)
            return None
        stored = await self.message(game_id)
        target = self.client.get_partial_messageable(record.channel_id, guild_id=record.guild_id)
        if stored is not None:
            message = target.get_partial_message(stored.message_id)
            edited, look = await self._edit(message, snapshot, look, thinking)
            if edited is not discord_io.Edit.GONE:
                self._edits.mark_edited(self._state(game_id))
                if edited is discord_io.Edit.DONE:
                    self._showing(snapshot, look)
                    await self._record_version(game_id, record.version)
                if record.status != GameStatus.ACTIVE and edited is not discord_io.Edit.FAILED:
                    self._forget(game_id)
                return edited
            log.info("table of game %s was deleted; posting it again", game_id)
        if record.status != GameStatus.ACTIVE and stored is None:
            return None
        async with self._posting(game_id):
            if message_id(await self.message(game_id)) != message_id(stored):
                posted = None  # the game's start posted it meanwhile
            else:
                posted = await self._send(target, snapshot, look, nonce=nonce(game_id, stored))
                if posted is None:
                    return discord_io.Edit.FAILED  # tried again later: an ended game has no move
                await self._posted(game_id, record.channel_id, posted.id, record.version)
        if posted is None:
            return await self._refresh_now(game_id, thinking)  # that one, now (or no request)
        if record.status != GameStatus.ACTIVE:
            self._forget(game_id)
        return discord_io.Edit.DONE

    async def _edit(
        self,
        message: discord.PartialMessage,
        snapshot: GameSnapshot,
        look: TableLook,
        thinking: int | None,
    ) -> tuple[discord_io.Edit, TableLook]:
        """Edit the table to ``look`` (its picture refused: again without; its thread
        archived: again once unarchived); what became of the edit, and the look it was for."""

        async def edit(picture: Picture | None) -> TableLook:
            shown = look if picture is look.picture else await self._bare(snapshot, thinking)
            self.edits += 1
            await message.edit(view=shown.view, **edit_files(shown.picture))
            return shown

        route, thread = Route.of_game(snapshot.record, EDIT), snapshot.record.channel_id
        try:  # a thread archived unseen (no event) is unarchived, and the edit made again
            return discord_io.Edit.DONE, await discord_io.unarchived(
                self.client, thread, lambda: self.pictures.guard.carry(route, look.picture, edit)
            )
        except Exception as exc:
            return discord_io.failed_edit(message.id, exc), look

    async def _bare(self, snapshot: GameSnapshot, thinking: int | None = None) -> TableLook:
        """The table of ``snapshot`` without its picture (Discord refused it)."""
        return await self.render(snapshot, thinking, picture=False)

    async def _send(
        self, target: discord.abc.Messageable, snapshot: GameSnapshot, look: TableLook, **kw: Any
    ) -> discord.Message | None:
        """Post ``look`` (``kw``: ``nonce``, ``again_if_lost``; its picture refused: again
        without); the message, or ``None``."""

        async def post(picture: Picture | None) -> tuple[discord.Message, TableLook]:
            shown = look if picture is look.picture else await self._bare(snapshot)
            self.edits += 1
            fresh = functools.partial(send_files, shown.picture)  # new files for each try
            return await discord_io.post(target, view=shown.view, fresh=fresh, **kw), shown

        route = Route.of_game(snapshot.record, POST)
        try:
            posted, shown = await self.pictures.guard.carry(route, look.picture, post)
        except BaseException as exc:
            if not discord_io.unsent(exc, f"posting the table of game {snapshot.id}"):
                raise
            return None
        self._showing(snapshot, shown)
        return posted

    async def moved(self, game_id: int) -> None:
        """The game is played in another channel now (a new thread): its table there is
        posted anew at the next refresh, the old one left where it was."""
        self._forget(game_id)
        await self.storage.messages.delete(game_id, TABLE)

    def _forget(self, game_id: int) -> None:
        """Let go of all the keeper knows of ``game_id``'s table (its game has ended)."""
        self._tables.pop(game_id, None)

    async def post(self, snapshot: GameSnapshot, channel: discord.abc.Messageable) -> bool:
        """Post the first table of a game that just started; ``False`` if Discord refused.
        ``True`` at once if its table is posted already (a restart's resume got there first)."""
        game_id = snapshot.id
        async with self._posting(game_id):
            if await self.message(game_id) is not None:
                return True
            look = await self.render(snapshot, urgent=True, form=POST)  # its players wait
            posted = await self._send(
                channel, snapshot, look, nonce=nonce(game_id, None), again_if_lost=True
            )
            if posted is None:
                return False
            await self._posted(
                game_id, snapshot.record.channel_id, posted.id, snapshot.record.version
            )
        return True

    async def _posted(self, game_id: int, channel_id: int, message_id: int, version: int) -> None:
        """A new table message: stored at once (the next clicks must find it)."""
        self._unsaved.pop(game_id, None)
        self._state(game_id).where = await self.storage.messages.set(
            game_id, TABLE, channel_id, message_id, version
        )
