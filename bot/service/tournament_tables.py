"""A tournament round's tables as games: one game per table, seated as the pairing says, at the
tournament's pace, in a thread of its own, started at once (automatic players alone included).

:class:`TournamentTables` is the base of the tournament use cases
(``bot.service.tournament_play``, ``bot.service.tournament_rounds``): opening a round's tables
is the same whether a round was just paired or a restart finds it half opened.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from functools import partial

import engine
from bot.service import GameService
from bot.service import tournaments as T
from bot.service.automatic import seeded_secret
from bot.service.seats import numbered_automatic
from bot.service.snapshots import GameSnapshot
from bot.service.tournament_setup import PlaySettings, level_of, number_of, user_of
from bot.service.wakes import wake_after, with_banks
from storage import GameRecord, GameStatus, LobbySetup
from storage.tournaments import TournamentRow

Place = Callable[[GameRecord], Awaitable[int | None]]
"""``place(lobby)``: make the thread a table's game is played in (its id, or ``None``)."""


def settings_of(row: TournamentRow) -> PlaySettings:
    """How a stored tournament is played."""
    return PlaySettings.model_validate_json(row.settings)


class TournamentTables:
    """Opening a round's tables over a :class:`GameService` (its storage, clock, locks and
    the lobby's seeds)."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self.storage = service.storage

    async def open_tables(
        self, row: TournamentRow, record: T.Tournament, place: Place | None
    ) -> tuple[GameSnapshot, ...]:
        """Open (or finish opening, after a restart) one game per table of the current round
        that has none yet running: seats as the pairing says, the tournament's pace, in a
        thread of its own when ``place`` makes one, started at once."""
        current = T.current_round(record)
        assert current is not None
        linked = {
            link.table_number: link
            for link in await self.storage.tournaments.tables(row.id, current.number)
        }
        opened = []
        for table in current.tables:
            if table.result is not None:
                continue
            link = linked.get(table.number)
            if link is None:
                lobby = await self._lobby(row, table.players)
                await self.storage.tournaments.link_table(
                    lobby.id, row.id, current.number, table.number
                )
            else:
                lobby = await self.storage.games.get_game(link.game_id)
                if lobby.status == GameStatus.ABORTED and lobby.started_at is None:
                    # closed before it started (a stop while opening it, then the start-up
                    # closed its lobby): nobody played, so the table is opened again
                    closed, lobby = lobby, await self._lobby(row, table.players)
                    await self.storage.tournaments.replace_table_game(closed.id, lobby.id)
                elif lobby.status != GameStatus.LOBBY:
                    continue
                elif len(lobby.seats) < len(table.players):  # a restart while seating
                    lobby = await self._seat(row, lobby, table.players)
            if place is not None and lobby.parent_id == lobby.channel_id:
                await self.service.threads.place_in(lobby.id, partial(place, lobby))
            opened.append(await self._start_table(lobby.id))
        return tuple(opened)

    async def _lobby(self, row: TournamentRow, players: Sequence[str]) -> GameRecord:
        pace = settings_of(row).table_pace
        lobby = await self.storage.games.create_lobby(
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            game_name=row.game_name,
            host_id=row.organiser_id,
            max_seats=len(players),
            options=engine.parse_options(row.game_name, None).model_dump(),
            seat_host=False,
            in_thread=True,
            setup=LobbySetup(
                turn_clock=pace.per_move, bank_start=pace.bank_start, bank_cap=pace.bank_cap
            ),
        )
        return await self._seat(row, lobby, players)

    async def _seat(
        self, row: TournamentRow, lobby: GameRecord, players: Sequence[str]
    ) -> GameRecord:
        """Seat ``players`` (entrant ids) not seated yet at ``lobby``, in order: a person by
        the name they signed up with (the table's buttons, menus and picture show it), an
        automatic player with its number in the sign-up (``numbered_automatic``)."""
        for entrant in players[len(lobby.seats) :]:
            user = user_of(entrant)
            if user is None:  # named by its number in the sign-up, as the standings name it
                level = level_of(entrant)
                name = numbered_automatic(level, number_of(entrant))
                lobby = await self.storage.games.join_lobby(lobby.id, None, name, level=level)
            else:
                lobby = await self.storage.games.join_lobby(lobby.id, user, row.name_of(user))
        return lobby

    async def _start_table(self, game_id: int) -> GameSnapshot:
        """Start a seated table's game as the lobby starts one (seed, deal, clock, wake),
        without the host's checks: the pairing seated it, automatic players alone included."""
        service = self.service
        async with service.gate.locked(game_id):
            game = await service.live.record(game_id)
            seed = service.lobby.seed()
            state = engine.new_game(game.game_name, len(game.seats), game.options, seed)
            await service.deadlines.ready()
            clock = service.deadlines.after(game, None, state)
            banks = with_banks(game, clock.banks, clock.deadline)
            record = await self.storage.games.start_game(
                game_id,
                seed=seed,
                state_json=engine.dumps(state),
                deadline=clock.deadline,
                automatic_secret=seeded_secret(seed) if service.lobby.seeded else None,
                seat_banks=clock.banks,
                wake_at=wake_after(service.deadlines, banks, state),
            )
            snapshot = GameSnapshot(record, state)
            service.live.remember(snapshot)
            return snapshot
