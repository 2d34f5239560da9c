"""The seasons as the bot reads and changes them (``storage.seasons``,
``storage.season_ratings``): ``Storage.seasons``."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from storage import ratings, season_ratings
from storage.history_models import Leaderboard
from storage.seasons import Season, all_seasons, current_season, find_season, start_season
from storage.sql import Backend, Connection


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's standing in one game of a guild: on the current ``season``'s
    leaderboard and on the all-time one (each a :class:`Leaderboard` without its top: its
    ``own`` rating, ``None`` before their first rated game there, and its ``players``)."""

    game_name: str
    season: Season
    in_season: Leaderboard
    all_time: Leaderboard


def standings(
    conn: Connection, guild_id: int, user_id: int, game_names: Iterable[str]
) -> list[Standing]:
    """:meth:`SeasonStore.standings` in one transaction."""
    found = []
    for game_name in game_names:
        season = current_season(conn, guild_id, game_name)
        found.append(
            Standing(
                game_name,
                season,
                season_ratings.leaderboard(conn, guild_id, game_name, season.number, user_id, 0),
                ratings.leaderboard(conn, guild_id, game_name, user_id, 0),
            )
        )
    return found


class SeasonStore:
    """The seasons of every guild and game, with their leaderboards, over one
    :class:`Backend`."""

    def __init__(self, db: Backend) -> None:
        self._db = db

    async def current(self, guild_id: int, game_name: str) -> Season:
        """The season of ``game_name`` in ``guild_id`` that games ending now count in."""
        return await self._db.read(lambda conn: current_season(conn, guild_id, game_name))

    async def seasons(self, guild_id: int, game_name: str) -> list[Season]:
        """Every season, the current one first, then the past ones newest first."""
        return await self._db.read(lambda conn: all_seasons(conn, guild_id, game_name))

    async def find(self, guild_id: int, game_name: str, name: str) -> Season | None:
        """The season named ``name`` (whatever its case), or ``None``."""
        return await self._db.read(lambda conn: find_season(conn, guild_id, game_name, name))

    async def start(
        self, guild_id: int, game_name: str, *, current: int, name: str, first_name: str
    ) -> tuple[Season, Season]:
        """Close season ``current`` of ``game_name`` in ``guild_id`` and start the next,
        named ``name``, in one transaction (``storage.seasons.start_season``); the seasons
        closed and started.

        Raises:
            StaleSeason: ``current`` is no longer the current season (nothing changed).
            SeasonNameTaken: another season already has that name (nothing changed).
            ValueError: a name is empty or too long.
        """
        return await self._db.write(
            lambda conn: start_season(
                conn, guild_id, game_name, current=current, name=name, first_name=first_name
            )
        )

    async def leaderboard(
        self,
        guild_id: int,
        game_name: str,
        season: int,
        *,
        user_id: int | None = None,
        limit: int = 10,
    ) -> Leaderboard:
        """Season ``season``'s leaderboard of ``game_name`` in ``guild_id``: its best
        ``limit`` players (at least ``storage.ratings.RATED_AFTER`` rated games in the
        season), ``user_id``'s own rating and place."""
        return await self._db.read(
            lambda conn: season_ratings.leaderboard(
                conn, guild_id, game_name, season, user_id, limit
            )
        )

    async def standings(
        self, guild_id: int, user_id: int, game_names: Iterable[str]
    ) -> list[Standing]:
        """``user_id``'s standing in each of ``game_names`` in ``guild_id``: in the current
        season and all time (one snapshot)."""
        names = list(game_names)
        return await self._db.read(lambda conn: standings(conn, guild_id, user_id, names))
