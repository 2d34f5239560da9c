"""The rating model of Cardroom: OpenSkill's Plackett-Luce, for multiplayer games with ties.

One place for both users of ratings: the guilds' leaderboards (``storage.ratings``, updated as
games end) and the round-robin of automatic players (``engine.roundrobin``), so a level's
rating there reads on the same scale as a person's on a leaderboard. Pure computation: no
I/O, and the same games in the same order give the same numbers.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import TypeVar

from openskill.models import PlackettLuce

from engine.contract import Outcome

MODEL = PlackettLuce()
"""The rating model (OpenSkill's defaults: mu 25, sigma 25/3, beta 25/6)."""

Key = TypeVar("Key", bound=Hashable)


def ordinal(mu: float, sigma: float) -> float:
    """The conservative rating a leaderboard ranks by: ``mu - 3 sigma``."""
    return mu - 3.0 * sigma


def places(outcome: Outcome, seats: int) -> tuple[int, ...]:
    """Each seat's place in a finished game, 1 = best, equal places tie: the outcome's ranks
    where it has them, else 1 for the winners and the next place for everyone else; every
    seat first (a tie) for a draw or a game nobody won."""
    if outcome.ranks is not None:
        return tuple(outcome.ranks)
    if outcome.draw or not outcome.winners:
        return (1,) * seats
    return tuple(1 if s in outcome.winners else 1 + len(outcome.winners) for s in range(seats))


def rate(
    priors: Mapping[Key, tuple[float, float]], game: Sequence[tuple[Key | None, int]]
) -> dict[Key, tuple[float, float]]:
    """The new ``(mu, sigma)`` of every key of ``game``, one ``(key, place)`` pair per seat
    (place 1 = best, equal places tie; key ``None``: a newcomer rated but not kept). A key
    without a prior starts at the model's default.

    A key seated more than once (two automatic players of one level) plays each seat from the
    same prior: its mu moves by the sum of the seats' moves, its sigma shrinks by the product
    of their factors, as if it had played that many games at once.
    """
    default = MODEL.rating()
    teams = []
    for key, _place in game:
        start = priors.get(key) if key is not None else None
        mu, sigma = start or (default.mu, default.sigma)
        teams.append([MODEL.rating(mu=mu, sigma=sigma)])
    rated = MODEL.rate(teams, ranks=[float(place) for _key, place in game])
    updated: dict[Key, tuple[float, float]] = {}
    for (key, _place), team, before in zip(game, rated, teams, strict=True):
        if key is None:
            continue
        mu0, sigma0 = before[0].mu, before[0].sigma
        mu, sigma = updated.get(key, (mu0, sigma0))
        updated[key] = (mu + team[0].mu - mu0, sigma * team[0].sigma / sigma0)
    return updated
