"""Use cases of games played in threads of their own: opening such a lobby (with people
invited, "invited players only"), placing a game in its thread (and in a new one), finding
the game a command means where several share a channel, spectators, and "play again".

Which channel or thread a game is played in is the caller's to find out from Discord; this
part records it and keeps the running game in memory current with it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from bot.i18n import N_
from bot.service.errors import ChannelHasGame, UserError
from bot.service.fair_play import FairPlay
from bot.service.gate import Gate
from bot.service.live import LiveGames
from bot.service.lobby import LobbyUseCases
from storage import AgainOpen, ChannelBusy, GameRecord, GameStatus, LobbySetup, Storage

MAX_INVITED = 10
"""The most people one ``/game new`` invites."""


@dataclass(frozen=True)
class Again:
    """What a "Play again" click did: the lobby that plays the game again, whether this click
    opened it (the clicker hosts it), and whether it seated the clicker in it."""

    lobby: GameRecord
    opened: bool
    joined: bool


def _again_setup(old: GameRecord, host_id: int) -> LobbySetup:
    """The set-up of a lobby that plays ``old`` again, hosted by ``host_id``: its people
    invited, its automatic players seated (in their order), its pace, thinking time and
    minimum share of finished games, "invited players only" if it was."""
    people = [s.user_id for s in old.seats if s.person and s.user_id not in (None, host_id)]
    return LobbySetup(
        invited=tuple(u for u in people if u is not None),
        automatic=tuple(
            (s.level or "greedy", s.display_name or "Cardroom AI")
            for s in old.seats
            if not s.person
        ),
        turn_clock=old.turn_clock,
        bank_start=old.bank_start,
        bank_cap=old.bank_cap,
        thinking_ms=old.thinking_ms,
        min_reliability=old.min_reliability,
        invited_only=old.invited_only,
        again_of=old.id,
    )


class ThreadUseCases:
    """Games in threads, invitations, spectators and "play again", under the game's lock
    (``gate``); lobbies open through ``lobby``'s use cases, and people join through
    ``fair_play`` (the host's minimum, then the lobby's join)."""

    def __init__(
        self,
        storage: Storage,
        gate: Gate,
        live: LiveGames,
        lobby: LobbyUseCases,
        fair_play: FairPlay,
    ) -> None:
        self.storage = storage
        self.gate = gate
        self.live = live
        self.lobby = lobby
        self.fair_play = fair_play

    async def open_lobby(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        game_name: str,
        host_name: str | None = None,
        in_thread: bool = False,
        invited: Sequence[int] = (),
    ) -> GameRecord:
        """Open a lobby of ``game_name`` hosted by ``host_id``: played in ``channel_id`` (as
        ``LobbyUseCases.open_lobby``), or in a thread of it (``in_thread``: any number share
        the channel), with ``invited`` people invited (at most :data:`MAX_INVITED`).

        Raises:
            ChannelHasGame: not in a thread, and the channel has an open game already.
            UserError: too many people invited.
        """
        people = tuple(dict.fromkeys(u for u in invited if u != host_id))
        if len(people) > MAX_INVITED:
            raise UserError(N_("Invite at most {count} people at once."), count=MAX_INVITED)
        return await self.lobby.open_lobby(
            guild_id=guild_id,
            channel_id=channel_id,
            host_id=host_id,
            game_name=game_name,
            host_name=host_name,
            in_thread=in_thread,
            setup=LobbySetup(invited=people) if people else None,
        )

    async def place(self, game_id: int, thread_id: int) -> GameRecord:
        """``game_id`` is played in ``thread_id`` from now on (its first thread, or a new one
        after its thread was lost)."""
        async with self.gate.locked(game_id):
            record = await self.storage.threads.place(game_id, thread_id)
            self.live.forget(game_id)  # read afresh, with its new channel
            return record

    async def place_in(
        self, game_id: int, make: Callable[[], Awaitable[int | None]]
    ) -> GameRecord | None:
        """Make ``game_id``'s thread (``make()``: its id, or ``None`` when none could be made)
        and place the game in it, holding the game's lock meanwhile: a click on its lobby
        (Join, Start) waits until the game has its thread, so nothing of it goes to the
        channel of its card. ``None`` when no thread was made."""
        async with self.gate.locked(game_id):
            thread_id = await make()
            if thread_id is None:
                return None
            record = await self.storage.threads.place(game_id, thread_id)
            self.live.forget(game_id)
            return record

    async def in_channel(self, game_id: int) -> GameRecord:
        """``game_id`` is played in the channel of its card after all (no thread).

        Raises:
            ChannelHasGame: another game is played in that channel already.
        """
        async with self.gate.locked(game_id):
            try:
                record = await self.storage.threads.in_channel(game_id)
            except ChannelBusy as busy:
                raise ChannelHasGame(busy.game_id) from None
            self.live.forget(game_id)
            return record

    async def join(self, game_id: int, user_id: int, name: str | None = None) -> GameRecord:
        """Seat ``user_id`` in the lobby (``LobbyUseCases.join``), if they may: anyone, or
        with "invited players only", the people invited (read under the game's lock, with
        the join: a host's switch is wholly before it or wholly after).

        Raises:
            UserError: not invited, or what ``FairPlay.join`` raises (below the host's
                minimum share of finished games, the lobby full or started).
        """

        async def invited(record: GameRecord) -> None:
            closed = record.invited_only and record.status == GameStatus.LOBBY
            if not closed or user_id == record.host_id:
                return
            if user_id not in await self.storage.threads.invited(game_id):
                raise UserError(N_("Only the people the host invited can join this game."))

        return await self.fair_play.join(game_id, user_id, name, admit=invited)

    async def toggle_invited_only(self, game_id: int, user_id: int) -> GameRecord:
        """Turn the lobby's "invited players only" on or off (host only).

        Raises:
            UserError: not the host, or the game is no lobby any more.
        """
        async with self.gate.locked(game_id):
            record = await self.lobby.hosted(game_id, user_id)
            return await self.storage.threads.set_invited_only(game_id, not record.invited_only)

    async def games_here(self, channel_id: int) -> list[GameRecord]:
        """The open games played in ``channel_id`` or in threads of it, by id."""
        return await self.storage.threads.games_here(channel_id)

    async def game_here(
        self, channel_id: int, user_id: int, game_id: int | None = None
    ) -> GameRecord:
        """The open game a command run in ``channel_id`` by ``user_id`` means: ``game_id``
        when given (one played there); else the one game played there; else, among the games
        whose cards are there, the one game ``user_id`` sits in, or the only one.

        Raises:
            UserError: no such game here; or several, and none told apart (name one with
                ``game:``).
        """
        games = await self.storage.threads.games_here(channel_id)
        if game_id is not None:
            chosen = next((g for g in games if g.id == game_id), None)
            if chosen is None:
                raise UserError(N_("There is no game #{game} here."), game=game_id)
            return chosen
        played_here = [g for g in games if g.channel_id == channel_id and not g.in_thread]
        played_here += [g for g in games if g.channel_id == channel_id and g.in_thread]
        if played_here:
            return played_here[0]
        seated = [g for g in games if any(s.user_id == user_id for s in g.seats)]
        if len(seated) == 1:
            return seated[0]
        if len(games) == 1:
            return games[0]
        if not games:
            raise UserError(N_("There is no game in this channel. Start one with /game new."))
        raise UserError(
            N_("Several games are played here: choose one with the game option (game: #…).")
        )

    async def game_of_thread(self, thread_id: int) -> GameRecord | None:
        """The open game played in thread ``thread_id`` (a thread of its own), or ``None``."""
        return await self.storage.threads.game_of_thread(thread_id)

    async def watch(self, game_id: int, user_id: int) -> bool:
        """``user_id`` watches ``game_id``; whether they did not before."""
        return await self.storage.threads.watch(game_id, user_id)

    async def unwatch(self, game_id: int, user_id: int) -> bool:
        """``user_id`` stops watching ``game_id``; whether they were watching it."""
        return await self.storage.threads.unwatch(game_id, user_id)

    async def watching(self, user_id: int, guild_id: int) -> list[GameRecord]:
        """The games of ``guild_id`` that ``user_id`` watches, open ones first."""
        return await self.storage.threads.watched_by(user_id, guild_id)

    async def play_again(
        self,
        game_id: int,
        user_id: int,
        name: str | None,
        *,
        channel_id: int,
        in_thread: bool,
    ) -> Again:
        """A player of the finished ``game_id`` plays it again: the first one opens a lobby of
        the same game, options, automatic players and turn clock, in ``channel_id`` (or a
        thread of it), its other people invited; each other one who clicks is seated in it.

        Raises:
            UserError: the game has not finished, the clicker did not play it, or what
                joining raises (the lobby has started, is full).
            ChannelHasGame: not in a thread, and the channel has another open game.
        """
        old = await self.live.record(game_id)
        if old.status != GameStatus.FINISHED:
            raise UserError(N_("This game is not over yet."))
        if not any(s.user_id == user_id for s in old.seats):
            raise UserError(N_("Only the players of game #{game} can play it again."), game=old.id)
        lobby = await self.storage.threads.again_open(game_id)
        if lobby is None:
            try:
                lobby = await self.storage.games.create_lobby(
                    guild_id=old.guild_id,
                    channel_id=channel_id,
                    game_name=old.game_name,
                    host_id=user_id,
                    max_seats=old.max_seats,
                    options=old.options,
                    host_name=name,
                    in_thread=in_thread,
                    setup=_again_setup(old, user_id),
                )
            except ChannelBusy as busy:
                raise ChannelHasGame(busy.game_id) from None
            except AgainOpen as again:  # another player's click got there first
                lobby = await self.live.record(again.again_id)
            else:
                return Again(lobby, opened=True, joined=True)
        if lobby.seat_of(user_id) is not None:
            return Again(lobby, opened=False, joined=False)
        if lobby.status != GameStatus.LOBBY:
            raise UserError(N_("This game has already started or ended."))
        joined = await self.fair_play.join(lobby.id, user_id, name)
        return Again(joined, opened=False, joined=True)
