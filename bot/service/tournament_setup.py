"""How a tournament of Cardroom's is set up and read back: its settings as the organiser chose
them (stored as JSON on its row), the ids of its entrants in the pure core's record, how long a
round may last, and a stored game's end as the core's outcome.

The rules of pairing, scoring and standings are the core's (``bot.service.tournaments``,
``docs/tournaments.md``); this module only translates between it, storage and the lobby.
"""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

import engine
from bot.i18n import N_
from bot.service import tournaments as T
from bot.service.errors import UserError
from bot.service.fair_play import MIN_RELIABILITIES
from bot.service.paces import DAY, HOUR, Pace, pace_named
from bot.service.tournaments.model import MAX_SEATS
from engine.contract import Outcome
from engine.players import offered_levels
from storage.ends import EndedGame

ROUND_SECONDS: dict[str, int] = {
    "off": 2 * HOUR,
    "1m": 2 * HOUR,
    "5m": 6 * HOUR,
    "6h": 3 * DAY,
    "1d": 10 * DAY,
    "3d": 30 * DAY,
}
"""How long a round may last at each pace (``bot.service.paces``), in seconds: a game's usual
length at that pace with room to spare (``docs/tournaments.md``, "The round's deadline")."""

MAX_ROUNDS = 12
"""The most Swiss rounds a tournament may have."""

MAX_AUTOMATIC = 32
"""The most automatic players an organiser may sign up."""

PERSON = "u:"
AUTOMATIC = "a:"


class PlaySettings(BaseModel):
    """How a tournament is played, as the organiser set it up (the row's ``settings``).

    Attributes:
        format, rounds, seats: as the core's ``Settings``.
        pace: the tables' pace, a key of ``bot.service.paces.PACES``.
        min_reliability: the least share of finished games a person needs to join (percent),
            or ``None``.
        automatic: the levels of the automatic players signed up by the organiser, in order.
        round_seconds: how long a round may last (:data:`ROUND_SECONDS` of the pace).
        starts_at: when it starts by itself (``None``: when the organiser presses Start).
    """

    model_config = ConfigDict(frozen=True)

    format: Literal["swiss", "elimination"] = "swiss"
    rounds: int = Field(default=4, ge=1, le=MAX_ROUNDS)
    seats: int = Field(default=2, ge=2, le=MAX_SEATS)
    pace: str = "1d"
    min_reliability: int | None = None
    automatic: tuple[str, ...] = ()
    round_seconds: int = Field(default=10 * DAY, ge=60)
    starts_at: datetime | None = None

    def core(self, game_name: str) -> T.Settings:
        """The core's settings for a tournament of ``game_name``."""
        info = engine.get_game(game_name).info
        return T.Settings(
            format=self.format,
            seats=self.seats,
            min_seats=max(2, info.min_players),
            rounds=self.rounds,
        )

    @property
    def table_pace(self) -> Pace:
        """The pace each table is set up with."""
        pace = pace_named(self.pace)
        assert pace is not None  # checked by :func:`settings_for`
        return pace


def settings_for(
    game_name: str,
    format: str,
    rounds: int,
    pace: str,
    seats: int | None,
    min_reliability: int | None,
) -> PlaySettings:
    """The settings of a new tournament, as ``/cardroom tournament new`` gives them (``seats``
    ``None``: the game's most, up to 5, or 2 for an elimination).

    Raises:
        UserError: an unknown game, format or pace, a seat count the game does not allow, or a
            minimum share that is not offered.
    """
    if game_name not in engine.game_names():
        raise UserError(N_("That option does not exist."))
    info = engine.get_game(game_name).info
    if format not in ("swiss", "elimination") or pace_named(pace) is None:
        raise UserError(N_("That option does not exist."))
    if min_reliability not in MIN_RELIABILITIES:
        raise UserError(N_("That option does not exist."))
    if seats is None:
        seats = 2 if format == "elimination" else min(info.max_players, MAX_SEATS)
    if not max(2, info.min_players) <= seats <= min(info.max_players, MAX_SEATS):
        raise UserError(
            N_("This game is played at {low} to {high} seats in a tournament."),
            low=max(2, info.min_players),
            high=min(info.max_players, MAX_SEATS),
        )
    if format == "elimination" and seats != 2:
        raise UserError(N_("Single elimination is for 2-seat tables."))
    if not 1 <= rounds <= MAX_ROUNDS:
        raise UserError(N_("A tournament has 1 to {count} rounds."), count=MAX_ROUNDS)
    return PlaySettings(
        format=format,  # type: ignore[arg-type]
        rounds=rounds,
        seats=seats,
        pace=pace,
        min_reliability=min_reliability,
        round_seconds=ROUND_SECONDS[pace],
    )


def automatic_levels(game_name: str, seats: int, count: int, level: str | None) -> tuple[str, ...]:
    """The levels of ``count`` automatic players of ``level`` (``None``: greedy, or the
    weakest offered when it is not) for a tournament at ``seats``.

    Raises:
        UserError: a level not offered at that seat count, or more than :data:`MAX_AUTOMATIC`.
    """
    if count <= 0:
        return ()
    if count > MAX_AUTOMATIC:
        raise UserError(
            N_("A tournament takes at most {count} automatic players."), count=MAX_AUTOMATIC
        )
    levels = offered(game_name, seats)
    if level is None:
        level = "greedy" if "greedy" in levels else (levels[0] if levels else None)
    if level is None or level not in levels:
        raise UserError(
            N_("At {seats} seats this game's automatic players are: {levels}."),
            seats=seats,
            levels=list(levels),  # the levels' names are msgids: shown translated
        )
    return (level,) * count


def person_id(user_id: int) -> str:
    """The core's id of the person ``user_id``."""
    return f"{PERSON}{user_id}"


def automatic_id(level: str, number: int) -> str:
    """The core's id of the ``number``-th automatic player (from 1) of ``level``."""
    return f"{AUTOMATIC}{level}:{number}"


def user_of(entrant: str) -> int | None:
    """The person an entrant id names, or ``None`` for an automatic player."""
    return int(entrant[len(PERSON) :]) if entrant.startswith(PERSON) else None


def level_of(entrant: str) -> str:
    """The level of an automatic entrant's id (``"a:greedy:2"`` -> ``"greedy"``)."""
    return entrant[len(AUTOMATIC) :].rsplit(":", 1)[0]


def number_of(entrant: str) -> int:
    """The number in the sign-up of an automatic entrant's id (``"a:greedy:2"`` -> ``2``)."""
    return int(entrant.rsplit(":", 1)[-1])


def automatic_ids(settings: PlaySettings) -> list[str]:
    """The ids of the automatic players signed up, in order."""
    return [automatic_id(level, n) for n, level in enumerate(settings.automatic, start=1)]


def offered(game_name: str, seats: int) -> tuple[str, ...]:
    """The automatic levels an organiser may sign up for tables of ``seats``."""
    return tuple(offered_levels(game_name, seats))


def outcome_of(ended: EndedGame) -> Outcome:
    """A stored game's end as the core reads it. A game aborted (an admin's abort) counts as
    a draw: nobody is to blame at the table (``docs/tournaments.md``)."""
    result = ended.result
    if ended.status != "finished":
        return Outcome(winners=(), draw=True, reason=result.reason or "aborted")
    return Outcome(
        winners=result.winners,
        draw=result.draw,
        reason=result.reason,
        scores=result.scores,
        ranks=result.ranks,
    )
