"""Fair play: each person's reliability record (``storage.reliability``: the share of the
games they started that they finished) for the lobby and ``/game stats``, and the host's
option that refuses a join below a share ("players who finish at least 80% / 90%")."""

from __future__ import annotations

from collections.abc import Iterable

from bot.i18n import N_
from bot.service.errors import UserError
from bot.service.gate import Gate
from bot.service.live import LiveGames
from bot.service.lobby import Admit, LobbyUseCases
from storage import GameRecord, GameStatus, Reliability, Storage

MIN_RELIABILITIES: tuple[int | None, ...] = (None, 80, 90)
"""The shares of finished games a host may ask of players who join, in percent (``None``:
anyone; off by default)."""


class FairPlay:
    """Reliability records and the host's join filter. Changes pass the ``gate``."""

    def __init__(self, storage: Storage, gate: Gate, live: LiveGames, lobby: LobbyUseCases) -> None:
        self.storage = storage
        self.gate = gate
        self.live = live
        self.lobby = lobby

    async def records(
        self, guild_id: int | None, user_ids: Iterable[int | None]
    ) -> dict[int, Reliability]:
        """The records of the people ``user_ids`` (``None``s, automatic players, skipped) in
        ``guild_id`` (``None``: every guild)."""
        people = [user for user in user_ids if user is not None]
        return await self.storage.reliability.records(guild_id, people)

    async def seated(self, record: GameRecord) -> dict[int, Reliability]:
        """The records, in the game's guild, of the people seated at ``record``."""
        return await self.records(record.guild_id, (s.user_id for s in record.seats))

    async def join(
        self,
        game_id: int,
        user_id: int,
        name: str | None = None,
        admit: Admit | None = None,
    ) -> GameRecord:
        """``LobbyUseCases.join``, refused with a line that says why when the host takes only
        players who finish a share of their games that ``user_id``'s record is below (a new
        player is always taken). ``admit``: the caller's own check (who is invited), run
        first; both run under the game's lock, with the join.

        Raises:
            UserError: as ``LobbyUseCases.join``, ``admit`` refused, or the record is below
                the host's minimum.
        """
        reliable = self._admit(user_id)

        async def both(record: GameRecord) -> None:
            if admit is not None:
                await admit(record)
            await reliable(record)

        return await self.lobby.join(game_id, user_id, name, admit=both)

    def _admit(self, user_id: int) -> Admit:
        """The check of ``user_id`` against the host's minimum, which the lobby's join runs
        under the game's lock: a host who changes the minimum while someone joins is either
        wholly before the join (and holds it to the new minimum) or wholly after."""

        async def admit(record: GameRecord) -> None:
            minimum = record.min_reliability
            if minimum is None or record.status != GameStatus.LOBBY:
                return
            mine = (await self.records(record.guild_id, [user_id]))[user_id]
            if not mine.allowed_by(minimum):
                raise UserError(
                    N_(
                        "This table takes players whose share of finished games is at least "
                        "{minimum}%. Yours here: {percent}% ({count} games). Games you finish "
                        "raise it; try another table meanwhile."
                    ),
                    minimum=minimum,
                    percent=mine.percent,
                    count=mine.started,
                )

        return admit

    async def set_min_reliability(
        self, game_id: int, user_id: int, percent: int | None
    ) -> GameRecord:
        """Take only players who finish at least ``percent`` of their games (host only, in
        the lobby; one of :data:`MIN_RELIABILITIES`)."""
        async with self.gate.locked(game_id):
            await self.lobby.hosted(game_id, user_id)
            if percent not in MIN_RELIABILITIES:
                raise UserError(N_("That option does not exist."))
            return await self.storage.games.set_min_reliability(game_id, percent)
