"""What follows committed changes, in commit order: the open screens and the pings for
whoever must decide now or is mentioned by the game's events; the table edit is asked for
first and made in the background once its interval allows (``bot.messages.tables``)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from discord.ui import LayoutView

import engine
from bot.games import presentation
from bot.i18n import Translator
from bot.messages.direct_views import direct_message, turn_text
from bot.messages.discord_io import message_link
from bot.messages.languages import GuildLanguages
from bot.messages.notices import Notices
from bot.messages.open_screens import OpenScreens
from bot.messages.pings import Pings
from bot.messages.reminders import Reminders
from bot.messages.tables import TableKeeper
from bot.service import GameService, GameSnapshot, Played
from bot.service.live import KEEP_IDLE
from bot.service.locks import KeyedLocks
from bot.service.recent import Recent
from bot.texts.durations import duration_text
from bot.texts.rendering import context_for, table_controls
from bot.texts.seat_names import seat_names
from bot.timing.retry import when_reachable
from engine import GameState, deciding_seats
from storage import DatabaseBusy, DatabaseUnavailable, GameRecord, GameStatus, Storage

if TYPE_CHECKING:
    from bot.timing.turn_clocks import TurnClocks


THINKING_AFTER = 1.0
"""Seconds after which the table says an automatic player is thinking."""


def plays_on_the_table(record: GameRecord, state: GameState, _: Translator) -> bool:
    """Whether the person to move now has their buttons on the table itself (``table_controls``:
    a decision whose options reveal nothing), so a ping sends them there rather than to their
    private screen. ``False`` while an automatic player is to move."""
    deciding = deciding_seats(state)
    if not deciding or any(record.seats[s].played_automatically for s in deciding):
        return False
    rows, _since = table_controls(record, state, engine.view(state, None), context_for(record, _))
    return bool(rows)


class FollowUps:
    """Runs the follow-ups of each game one at a time, never an older change after a newer;
    then lets the automatic players make the moves that became due, and (re)starts the turn
    clock. ``clocks`` is set once the turn clocks are built."""

    def __init__(
        self,
        storage: Storage,
        service: GameService,
        tables: TableKeeper,
        screens: OpenScreens,
        pings: Pings,
        languages: GuildLanguages,
    ) -> None:
        self.languages = languages
        self.storage = storage
        self.service = service
        self.tables = tables
        self.screens = screens
        self.pings = pings
        self.clocks: TurnClocks | None = None
        self.notices = Notices(pings, storage, languages, tables.message)
        """How each player hears that a move waits for them (``/game notify``)."""
        self.remind = Reminders(self.notices, tables.request)
        """The turn clocks' ``remind``."""
        self.ended: Callable[[GameRecord, bool], Awaitable[None]] | None = None
        """Called once a game has ended, after its last pings, with whether its card is yet
        to show it (``bot.messages.threads.GameThreads.ended``: the card, the archive)."""
        self.in_order = KeyedLocks()
        """Per game: follow-ups run in commit order under this lock."""
        self._followed: Recent[int, int] = Recent(KEEP_IDLE)  # game -> version shown

    async def after_played(
        self, played: Played, actor: int | None, note: str | None = None
    ) -> None:
        """Ask for the table edit, edit the screens other players have open, then ping
        whoever must decide now and did not have to before (or everyone, when the game
        ended) and whoever the game's presentation mentions for the public events
        (``Presentation.mentions``).
        ``note`` (already in the guild's language) leads the channel message, which is then
        posted even when nobody is to be pinged. Then the automatic moves that became due,
        and the turn clock."""
        await self._show(played, actor, note)
        await self.play_automatic(played.snapshot.id)

    async def _show(self, played: Played, actor: int | None, note: str | None) -> None:
        record = played.snapshot.record
        async with self.in_order(record.id):
            if record.version < self._followed.get(record.id, -1):
                self.tables.request(record.id)  # a newer change was shown already
                return
            self._followed[record.id] = record.version
            if record.status != GameStatus.ACTIVE:
                self._followed.pop(record.id, None)
            self.tables.request(record.id)
            await self.screens.refresh(played, actor)
            await self._ping_after(played, actor, note)
            if record.status != GameStatus.ACTIVE and self.ended is not None:
                await self.ended(record, True)

    async def play_automatic(self, game_id: int) -> None:
        """Let the automatic players move while it is their turn (the table says so when
        they think for more than a second), show their moves, and watch the turn clock."""
        thinking = asyncio.create_task(self._thinking(game_id))
        failed: list[Exception] = []
        try:  # nobody clicks again for these moves: tried again while the database is away
            played = await when_reachable(
                lambda: self.service.play_automatic(game_id),
                f"automatic moves of game {game_id}",
                retried=failed,
            )
        finally:
            thinking.cancel()
        if played is not None:
            await self._show(played, None, None)
        elif failed:  # a failed try may have committed moves: the table shows what is stored
            self.tables.request(game_id)
        if self.clocks is not None:
            record = await when_reachable(
                lambda: self.service.record(game_id), f"turn clock of game {game_id}"
            )
            self.clocks.schedule(record)

    async def _thinking(self, game_id: int) -> None:
        await asyncio.sleep(THINKING_AFTER)
        try:
            snapshot = await self.service.snapshot(game_id)
        except (DatabaseUnavailable, DatabaseBusy):  # the moves are being tried again
            return
        if snapshot.state is None or snapshot.record.status != GameStatus.ACTIVE:
            return
        automatic = {s.seat for s in snapshot.record.seats if s.played_automatically}
        due = [s for s in deciding_seats(snapshot.state) if s in automatic]
        if due:
            async with self.in_order(game_id):
                await self.tables.refresh(game_id, thinking=due[0])

    async def _ping_after(self, played: Played, actor: int | None, note: str | None) -> None:
        record = played.snapshot.record
        _ = await self.languages.public(record.guild_id)
        names = seat_names(record, _)
        lines = [note] if note else []
        seats: list[int] = []
        turn: list[int] = []
        only_turn = False  # the message would only say whose move it is now
        people = {s.seat for s in record.seats if s.is_human}
        for seat, line in self._mentions(played, _):
            if seat not in people:
                continue  # an automatic player reads no ping (a table of them alone: a game's)
            lines.append(line)
            if seat not in seats:
                seats.append(seat)
        if record.status != GameStatus.ACTIVE:
            seats = [s.seat for s in record.seats if s.is_human]
            if seats:
                lines.append(
                    _(
                        "{players}: game #{game} is over — see the table for the result.",
                        players=", ".join(names[s] for s in seats),
                        game=record.id,
                    )
                )
        else:
            state = played.snapshot.state
            assert state is not None
            turn = [
                s for s in deciding_seats(state) if s not in played.deciding_before and s != actor
            ]
            seats += [s for s in turn if s not in seats]
            only_turn = bool(turn) and not lines  # no note, no event naming anyone
            if turn:
                players = ", ".join(names[s] for s in turn)
                link = await self._table_link(record)
                if plays_on_the_table(record, state, _):
                    line = _(
                        "{players}: your move in game #{game} — your buttons are on the "
                        "table: {link}",
                        players=players,
                        game=record.id,
                        link=link,
                    )
                else:
                    line = _(
                        "{players}: your move in game #{game} — press **{button}** on the "
                        "table: {link}",
                        players=players,
                        game=record.id,
                        button=_(presentation(record.game_name).private_label),
                        link=link,
                    )
                lines.append(line)
        if lines:  # people watching the game see it on their open screen: no notification
            users = {s.seat: s.user_id for s in record.seats if s.user_id is not None}
            notify = [
                s for s in seats if s not in users or not self.screens.watching(record.id, users[s])
            ]
            notify, hints = await self.notices.route(
                record, notify, turn, await self._your_move(played)
            )
            lines += hints
            only_turn = only_turn and not hints
            if only_turn and not any(s in users for s in notify):
                await self.pings.clear(record)  # whoever is to move sees it on their screen
                return
            await self.pings.ping(record, notify, "\n".join(lines), turn_only=only_turn)

    async def _your_move(self, played: Played) -> Callable[[Translator, int], LayoutView]:
        """What builds the direct message "Your move in …" to a seat of ``played``'s game:
        the time its player has (under a pace), a link to the table, the screen's button."""
        record = played.snapshot.record
        link = await self.notices.table_link(record)
        times = {t.seat: t for t in self.service.deadlines.times(record, played.snapshot.state)}

        def build(_: Translator, seat: int) -> LayoutView:
            time = times.get(seat)
            left = None if time is None else duration_text(time.left, _.language)
            return direct_message(record, turn_text(record, _, left), link, _)

        return build

    @staticmethod
    def _mentions(played: Played, _: Translator) -> list[tuple[int, str]]:
        """The presentation's mentions for the public events of the applied steps
        (``Presentation.mentions``), in the guild's language."""
        record = played.snapshot.record
        public = [e for e in played.events() if e.visible_to is None]
        if not public:
            return []
        return presentation(record.game_name).mentions(public, context_for(record, _))

    async def _table_link(self, record: GameRecord) -> str:
        """The jump link of the game's table (empty if none was posted)."""
        stored = await self.tables.message(record.id)
        if stored is None:
            return ""
        return message_link(record.guild_id, stored.channel_id, stored.message_id)

    async def announce_start(self, snapshot: GameSnapshot) -> None:
        """Ping every player of a game that just started."""
        record = snapshot.record
        assert snapshot.state is not None
        _ = await self.languages.public(record.guild_id)
        names = seat_names(record, _)
        first = deciding_seats(snapshot.state)
        button = _(presentation(record.game_name).private_label)
        link = await self._table_link(record)
        if len(first) > 1 and len(first) == len(record.seats):
            start = _(
                "Everyone plays at once — press **{button}** on the table: {link}",
                button=button,
                link=link,
            )
        elif plays_on_the_table(record, snapshot.state, _):
            start = _(
                "{first} goes first — your buttons are on the table: {link}",
                first=", ".join(names[s] for s in first),
                link=link,
            )
        else:
            start = _(
                "{first} goes first — press **{button}** on the table: {link}",
                first=", ".join(names[s] for s in first),
                button=button,
                link=link,
            )
        async with self.in_order(record.id):
            # who chose direct messages hears of their first move there too
            build = await self._your_move(Played(snapshot))
            _mention, hints = await self.notices.route(record, first, first, build)
            text = _(
                "Game #{game} has started: {players}. {start}",
                game=record.id,
                players=", ".join(names),
                start=start,
            )
            await self.pings.ping(
                record, [s.seat for s in record.seats if s.is_human], "\n".join([text, *hints])
            )
        await self.play_automatic(record.id)

    async def after_abort(
        self,
        record: GameRecord,
        refresh_lobby: Callable[[GameRecord], Awaitable[None]] | None = None,
    ) -> None:
        """Close the lobby message (``refresh_lobby``) and the table of an aborted game and
        tell its players, after any follow-up of its last moves."""
        async with self.in_order(record.id):
            if refresh_lobby is not None:
                await refresh_lobby(record)
            await self.tables.refresh(record.id)
            self.screens.forget_game(record.id)
            if self.ended is not None:
                await self.ended(record, refresh_lobby is None)
            _ = await self.languages.public(record.guild_id)
            players = [s.seat for s in record.seats if s.is_human]
            names = seat_names(record, _)
            if players:
                await self.pings.ping(
                    record,
                    players,
                    _(
                        "{players}: game #{game} was aborted by an admin.",
                        players=", ".join(names[s] for s in players),
                        game=record.id,
                    ),
                )
