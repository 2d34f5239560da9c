"""Lobby use cases: open a lobby, join and leave it, set the host's options, start, cancel."""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable
from typing import Any

import engine
from bot.i18n import N_
from bot.service.automatic import seeded_secret
from bot.service.deadlines import Deadlines
from bot.service.errors import ChannelHasGame, UserError
from bot.service.gate import Gate
from bot.service.live import LiveGames
from bot.service.paces import pace_named
from bot.service.reasons import CANCELLED
from bot.service.snapshots import GameSnapshot
from bot.service.wakes import wake_after, with_banks
from engine.players import LEVEL_ALIASES, offered_levels
from storage import (
    AlreadySeated,
    ChannelBusy,
    GameRecord,
    GameStatus,
    LobbyFull,
    LobbySetup,
    Storage,
    WrongStatus,
)

SEED_BITS = 63
"""The size of a game's seed when none is given: 63 random bits."""

THINKING_TIMES: tuple[int | None, ...] = (None, 1000)
"""How long the search level may think per move at a table, in milliseconds: "fast" (``None``:
the server's ``search_budget_ms``, 250 ms unless set) or "deep" (1 s)."""


Admit = Callable[[GameRecord], Awaitable[None]]
"""A check of who may join, run with the stored lobby under the game's lock before the seat is
taken (``LobbyUseCases.join``): it refuses by raising ``UserError``."""


def has_search_player(record: GameRecord) -> bool:
    """Whether an automatic player of the search level is seated (the thinking time is its)."""
    return any(
        s.user_id is None and LEVEL_ALIASES.get(s.level or "", s.level) == "search"
        for s in record.seats
    )


class LobbyUseCases:
    """Setting a game up. Every change passes the ``gate`` (the game's lock).

    ``seed`` returns the seed of each new game (default: :data:`SEED_BITS` random bits);
    ``deadlines`` gives a started game its first deadline.
    """

    def __init__(
        self,
        storage: Storage,
        gate: Gate,
        live: LiveGames,
        deadlines: Deadlines,
        seed: Callable[[], int] | None = None,
    ) -> None:
        self.storage = storage
        self.gate = gate
        self.live = live
        self.deadlines = deadlines
        self.seed = seed or (lambda: secrets.randbits(SEED_BITS))
        self.seeded = seed is not None  # games replay alike, automatic players included

    async def open_lobby(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        game_name: str,
        host_name: str | None = None,
        in_thread: bool = False,
        setup: LobbySetup | None = None,
    ) -> GameRecord:
        """Open a lobby for ``game_name`` in the channel with the host seated (``host_name``:
        their name in the guild, for buttons), with the game's default options; ``in_thread``:
        to be played in a thread of the channel (``ThreadUseCases.open_lobby``), ``setup``:
        what it starts with (storage's ``LobbySetup``: the people invited...).

        Raises:
            ChannelHasGame: not in a thread, and the channel already has an open game (the
                caller may link to it).
        """
        info = engine.get_game(game_name).info
        defaults = engine.parse_options(game_name, None).model_dump()
        try:
            return await self.storage.games.create_lobby(
                guild_id=guild_id,
                channel_id=channel_id,
                game_name=game_name,
                host_id=host_id,
                max_seats=info.max_players,
                options=defaults,
                host_name=host_name,
                in_thread=in_thread,
                setup=setup,
            )
        except ChannelBusy as busy:
            raise ChannelHasGame(busy.game_id) from None

    async def join(
        self,
        game_id: int,
        user_id: int,
        name: str | None = None,
        admit: Admit | None = None,
    ) -> GameRecord:
        """Seat ``user_id`` (shown as ``name`` on buttons) in the lobby. ``admit``, if given,
        is awaited with the stored game under the game's lock first (so no host's change can
        slip between its check and the seat) and refuses by raising ``UserError``.

        Raises:
            UserError: already seated, the lobby is full or closed, or ``admit`` refused.
        """
        async with self.gate.locked(game_id):
            if admit is not None:
                await admit(await self.live.record(game_id))
            try:
                return await self.storage.games.join_lobby(game_id, user_id, name)
            except AlreadySeated:
                raise UserError(N_("You have already joined this game.")) from None
            except LobbyFull as exc:
                raise UserError(
                    N_("This game is full ({seats} players)."), seats=exc.max_seats
                ) from None
            except WrongStatus:
                raise UserError(N_("This game has already started or ended.")) from None

    async def leave_lobby(self, game_id: int, user_id: int) -> GameRecord:
        """Take ``user_id`` out of the lobby (the host cancels instead)."""
        async with self.gate.locked(game_id):
            game = await self._lobby(game_id)
            if game.host_id == user_id:
                raise UserError(N_("You are the host: use Cancel to close the lobby."))
            if game.seat_of(user_id) is None:
                raise UserError(N_("You have not joined this game."))
            return await self.storage.games.leave_lobby(game_id, user_id)

    async def add_automatic(self, game_id: int, user_id: int, level: str) -> GameRecord:
        """Seat an automatic player of ``level`` (host only), up to the game's maximum; only a
        level the game offers at the table it would make (``engine.players.offered_levels``)."""
        async with self.gate.locked(game_id):
            game = await self.hosted(game_id, user_id)
            if level not in offered_levels(game.game_name, len(game.seats) + 1):
                raise UserError(N_("That option does not exist."))
            try:
                return await self.storage.games.join_lobby(
                    game_id, None, f"Cardroom AI ({level})", level=level
                )
            except LobbyFull as exc:
                raise UserError(
                    N_("This game is full ({seats} players)."), seats=exc.max_seats
                ) from None

    async def remove_automatic(self, game_id: int, user_id: int) -> GameRecord:
        """Take the last automatic player out of the lobby (host only)."""
        async with self.gate.locked(game_id):
            game = await self.hosted(game_id, user_id)
            seats = [s.seat for s in game.seats if s.user_id is None]
            if not seats:
                raise UserError(N_("There is no automatic player to remove."))
            return await self.storage.games.remove_lobby_seat(game_id, seats[-1])

    async def set_pace(self, game_id: int, user_id: int, key: str) -> GameRecord:
        """Set the table's pace (host only) to the preset ``key`` of
        ``bot.service.paces.PACES``."""
        async with self.gate.locked(game_id):
            await self.hosted(game_id, user_id)
            pace = pace_named(key)
            if pace is None:
                raise UserError(N_("That option does not exist."))
            return await self.storage.games.set_pace(
                game_id, pace.per_move, pace.bank_start, pace.bank_cap
            )

    async def set_thinking_time(self, game_id: int, user_id: int, ms: int | None) -> GameRecord:
        """Set how long the table's search level thinks per move (host only, once a search
        player is seated) to one of :data:`THINKING_TIMES`."""
        async with self.gate.locked(game_id):
            game = await self.hosted(game_id, user_id)
            if ms not in THINKING_TIMES or not has_search_player(game):
                raise UserError(N_("That option does not exist."))
            return await self.storage.games.set_thinking_time(game_id, ms)

    async def toggle_option(self, game_id: int, user_id: int, option: str) -> GameRecord:
        """Flip the on/off host option ``option`` (a boolean field of the game's options)."""
        async with self.gate.locked(game_id):
            game = await self.hosted(game_id, user_id)
            current = game.options.get(option)
            if not isinstance(current, bool):
                raise UserError(N_("That option does not exist."))
            return await self._set_options(game, {**game.options, option: not current})

    async def set_option(
        self, game_id: int, user_id: int, option: str, value: Any, allowed: tuple[Any, ...]
    ) -> GameRecord:
        """Set host option ``option`` to ``value``, one of the ``allowed`` values the lobby
        offered (and a value the game's options model accepts)."""
        async with self.gate.locked(game_id):
            game = await self.hosted(game_id, user_id)
            if option not in game.options or value not in allowed:
                raise UserError(N_("That option does not exist."))
            return await self._set_options(game, {**game.options, option: value})

    async def _set_options(self, game: GameRecord, options: dict[str, Any]) -> GameRecord:
        try:
            engine.parse_options(game.game_name, options)
        except ValueError:
            raise UserError(N_("That option does not exist.")) from None
        return await self.storage.games.set_lobby_options(game.id, options)

    async def start(self, game_id: int, user_id: int) -> GameSnapshot:
        """Start the lobby's game (host only, enough players): seed, deal, first turn.

        Returns the started game; automatic seats never start a game, so nobody else moves.
        """
        async with self.gate.locked(game_id):
            game = await self.hosted(game_id, user_id)
            info = engine.get_game(game.game_name).info
            if len(game.seats) < info.min_players:
                raise UserError(
                    N_("At least {count} players are needed to start."),
                    count=info.min_players,
                )
            if not any(s.user_id is not None for s in game.seats):
                raise UserError(N_("A game needs at least one person."))
            seed = self.seed()
            state = engine.new_game(game.game_name, len(game.seats), game.options, seed)
            await self.deadlines.ready()
            clock = self.deadlines.after(game, None, state)
            wake = wake_after(self.deadlines, with_banks(game, clock.banks, clock.deadline), state)
            record = await self.storage.games.start_game(
                game_id,
                seed=seed,
                state_json=engine.dumps(state),
                deadline=clock.deadline,
                automatic_secret=seeded_secret(seed) if self.seeded else None,
                seat_banks=clock.banks,
                wake_at=wake,
            )
            snapshot = GameSnapshot(record, state)
            self.live.remember(snapshot)
            return snapshot

    async def cancel(self, game_id: int, user_id: int) -> GameRecord:
        """Close the lobby without playing (host only)."""
        async with self.gate.locked(game_id):
            await self.hosted(game_id, user_id)
            return await self.storage.games.abort_game(game_id, reason=CANCELLED)

    async def _lobby(self, game_id: int) -> GameRecord:
        record = await self.live.record(game_id)
        if record.status != GameStatus.LOBBY:
            raise UserError(N_("This game has already started or ended."))
        return record

    async def hosted(self, game_id: int, user_id: int) -> GameRecord:
        """The lobby ``game_id`` when ``user_id`` hosts it, for a host's change (the caller
        holds the game's lock).

        Raises:
            UserError: the game is no lobby any more, or ``user_id`` is not its host.
        """
        game = await self._lobby(game_id)
        if game.host_id != user_id:
            raise UserError(N_("Only the host can do that."))
        return game
