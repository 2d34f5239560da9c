"""The use cases of seasons, with no Discord: which leaderboard a ``season:`` choice names,
checking a new season's name, closing a season, a player's standings for ``/game stats``.

A season's leaderboard is chosen by the season's name (whatever its case), :data:`ALL_TIME`
for the all-time one, or nothing (or :data:`CURRENT`) for the current season. Those two words,
and "All time" in each language, are no season's name.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import engine
from bot.i18n import N_, Translator, available_languages, translator
from bot.service.errors import UserError
from storage import Leaderboard, Storage
from storage.season_store import Standing
from storage.seasons import NAME_LENGTH, Season, SeasonNameTaken, StaleSeason, fold

ALL_TIME = "all-time"
"""The ``season:`` value of the all-time leaderboard."""

CURRENT = "current"
"""The ``season:`` value of the current season's leaderboard (as giving none)."""

ALL_TIME_LABEL = N_("All time")
"""How the all-time leaderboard is offered; typed in any language, it chooses it too."""

DEFAULT_NAME = N_("Season {number}")
"""The name of a season started without one (and of season 1)."""


def reserved(name: str) -> bool:
    """Whether ``name`` chooses a leaderboard other than a season's (all time, current)."""
    words = {fold(ALL_TIME), "all time", fold(CURRENT)}
    words |= {fold(translator(language)(ALL_TIME_LABEL)) for language in available_languages()}
    return fold(name) in words


def default_name(number: int, _: Translator) -> str:
    """The name of season ``number`` when an admin gave none, in ``_``'s language."""
    return _(DEFAULT_NAME, number=number)


def season_name(season: Season, _: Translator) -> str:
    """A season's name (season 1 of a guild that never closed one: its default name)."""
    return season.name if season.name is not None else default_name(season.number, _)


def new_name(typed: str) -> str:
    """An admin's name for a new season, spaces tidied.

    Raises:
        UserError: empty, longer than ``storage.seasons.NAME_LENGTH``, or a reserved word.
    """
    name = " ".join(typed.split())
    if not 1 <= len(name) <= NAME_LENGTH:
        raise UserError(N_("A season's name has 1 to {most} characters."), most=NAME_LENGTH)
    if reserved(name):
        raise UserError(
            N_("\u201c{name}\u201d chooses the all-time or the current leaderboard: pick another."),
            name=name,
        )
    return name


@dataclass(frozen=True, slots=True)
class SeasonBoard:
    """A leaderboard chosen by ``season:``: ``season`` is ``None`` for the all-time one;
    ``seasons`` says whether the guild ever closed a season of the game."""

    board: Leaderboard
    season: Season | None
    seasons: bool


class Seasons:
    """Seasons and their leaderboards over :class:`storage.Storage`."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    async def choose(self, guild_id: int, game_name: str, choice: str | None) -> Season | None:
        """The season ``choice`` names (``None``: the all-time leaderboard).

        Raises:
            UserError: no season of the game has that name here.
        """
        current = await self.storage.seasons.current(guild_id, game_name)
        if choice is None or not choice.strip() or fold(choice) == CURRENT:
            return current
        if reserved(choice):
            return None
        found = await self.storage.seasons.find(guild_id, game_name, choice)
        if found is not None:
            return found
        if current.name is None and any(  # season 1's name before it has one
            fold(choice) == fold(default_name(1, translator(language)))
            for language in available_languages()
        ):
            return current
        raise UserError(
            N_("No season of {title} is named \u201c{name}\u201d here: pick one from the list."),
            title=[engine.get_game(game_name).info.title],
            name=" ".join(choice.split())[:NAME_LENGTH],
        )

    async def leaderboard(
        self, guild_id: int, game_name: str, user_id: int, choice: str | None
    ) -> SeasonBoard:
        """The leaderboard ``choice`` names (see :meth:`choose`), with ``user_id``'s place."""
        season = await self.choose(guild_id, game_name, choice)
        if season is None:
            board = await self.storage.history.leaderboard(guild_id, game_name, user_id=user_id)
        else:
            board = await self.storage.seasons.leaderboard(
                guild_id, game_name, season.number, user_id=user_id
            )
        named = (await self.storage.seasons.current(guild_id, game_name)).name is not None
        return SeasonBoard(board, season, named)

    async def seasons(self, guild_id: int, game_name: str) -> list[Season]:
        """Every season of the game here, the current one first, then newest first."""
        return await self.storage.seasons.seasons(guild_id, game_name)

    async def current(self, guild_id: int, game_name: str) -> Season:
        """The current season of the game here."""
        return await self.storage.seasons.current(guild_id, game_name)

    async def check_free(self, guild_id: int, game_name: str, name: str, closing: str) -> None:
        """Refuse ``name`` for the next season when a season has it (``closing``: the name
        the season about to close will have).

        Raises:
            UserError: the name is taken.
        """
        if fold(name) == fold(closing) or await self.storage.seasons.find(
            guild_id, game_name, name
        ):
            raise self._taken(game_name, name)

    @staticmethod
    def _taken(game_name: str, name: str) -> UserError:
        return UserError(
            N_("A season of {title} is already named \u201c{name}\u201d: choose another name."),
            title=[engine.get_game(game_name).info.title],
            name=name,
        )

    async def start(
        self, guild_id: int, game_name: str, current: int, name: str, first_name: str
    ) -> tuple[Season, Season]:
        """Close season ``current`` and start the next, named ``name`` (``first_name``: season
        1's name if it is the one closed); the seasons closed and started.

        Raises:
            UserError: the season was closed meanwhile (a second click, another admin), or
                the name was taken meanwhile; nothing changed.
        """
        try:
            return await self.storage.seasons.start(
                guild_id, game_name, current=current, name=name, first_name=first_name
            )
        except StaleSeason:
            raise UserError(
                N_("That season of {title} is already over: nothing changed."),
                title=[engine.get_game(game_name).info.title],
            ) from None
        except SeasonNameTaken:
            raise self._taken(game_name, name) from None

    async def standings(
        self, guild_id: int, user_id: int, game_names: Iterable[str]
    ) -> list[Standing]:
        """``user_id``'s standing in each game, this season and all time."""
        return await self.storage.seasons.standings(guild_id, user_id, game_names)
