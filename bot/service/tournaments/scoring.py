"""Points per place, byes, and the places of a table decided at a round's deadline.

Rules (``docs/tournaments.md``, "Points" and "The round's deadline"):

- A full table of ``seats`` seats gives ``seats - p`` points for place ``p``: a point for each
  player finished above (a win, draw, loss of chess at 2 seats: 1, ½, 0). A table one seat
  smaller spreads the same range, first ``seats - 1`` to last 0, evenly. Tied seats share the
  points of the places they span (their average).
- A bye gives ``ceil((seats - 1) / 2)`` points: the average of a full table rounded up to a
  whole place (a win at 2 seats, as FIDE's Swiss rules give; second place at 3 seats).
- At the round's deadline a table still running is lost by the seats out of time: they share
  the last places, the others share the first ones; when every seat or no seat is out of
  time, every seat shares first place (a draw).

Points are exact ``Fraction``s (a place at a 4-seat table in a 5-seat tournament is worth
thirds); ``standings`` rounds them only for display.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from fractions import Fraction

from engine.contract import Outcome, competition_ranks


def place_points(seats: int, places: Sequence[int]) -> tuple[Fraction, ...]:
    """The points of each seat of a finished table.

    Args:
        seats: the tournament's full table size (2 to 5).
        places: each seat's place at its table (1 = best, ties share: ``1, 1, 3``); the
            table's size is ``len(places)``, from 2 to ``seats``.

    Returns:
        Per seat, ``Fraction`` points. Raises ``ValueError`` for a table larger than
        ``seats`` or of fewer than 2 seats.
    """
    size = len(places)
    if not 2 <= size <= seats:
        raise ValueError(f"a table of {size} seats in a tournament of {seats}-seat tables")

    def by_place(place: int) -> Fraction:
        return Fraction((seats - 1) * (size - place), size - 1)

    points = []
    for place in places:
        shared = sum(1 for other in places if other == place)
        spanned = range(place, place + shared)
        points.append(sum((by_place(p) for p in spanned), Fraction(0)) / shared)
    return tuple(points)


def bye_points(seats: int) -> Fraction:
    """The points of a bye in a tournament of ``seats``-seat tables: ``ceil((seats-1)/2)``."""
    return Fraction(-(-(seats - 1) // 2))


def average_points(seats: int) -> Fraction:
    """The points a seat takes on average at a full table: ``(seats - 1) / 2``. A withdrawn
    player's unplayed rounds count this for their opponents' tie-breaks (``standings``)."""
    return Fraction(seats - 1, 2)


def places_of(outcome: Outcome, seats: int) -> tuple[int, ...]:
    """A finished game's places, per seat, from its engine ``outcome``: its ``ranks`` where
    the game ranks every seat; else its ``winners`` share place 1 and every other seat shares
    the next place (a game of winners only ranks no losers); a draw puts every seat first.
    ``seats`` is the number of seats of the game."""
    if outcome.ranks is not None:
        return tuple(outcome.ranks)
    winners = set(outcome.winners)
    if outcome.draw or not winners:
        return (1,) * seats
    return tuple(1 if seat in winners else len(winners) + 1 for seat in range(seats))


def deadline_places(seats: int, out_of_time: Collection[int]) -> tuple[int, ...]:
    """The places of a table still running at the round's deadline.

    Args:
        seats: the table's seat count.
        out_of_time: the seats out of time at the deadline (the ones the game was waiting
            for, as the caller decides them: ``docs/tournaments.md``).

    Returns:
        Per seat, its place: the seats in time share first place, the seats out of time the
        places after them; all first when every seat or none is out of time. Raises
        ``ValueError`` for a seat the table does not have.
    """
    late = set(out_of_time)
    if not late <= set(range(seats)):
        raise ValueError(f"out_of_time {sorted(late)} names a seat a {seats}-seat table lacks")
    if len(late) in (0, seats):
        return (1,) * seats
    return competition_ranks([seat not in late for seat in range(seats)])
