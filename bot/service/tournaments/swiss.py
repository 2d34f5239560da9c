"""The next round of a Swiss tournament: who sits out, and who sits with whom.

Rules (``docs/tournaments.md``):

- Players are ranked by points, then seed (rating at the start, then sign-up order): round 1
  is by rating. Withdrawn players are not paired again.
- 2 seats: ``pairing.pair_two_seats`` (a matching; the bye is part of it).
- 3 to 5 seats: :func:`table_plan` says how many byes and which table sizes; the byes go to
  the lowest-ranked players among those with the fewest byes; ``tables.form_tables`` seats the
  others.
- In each table, the player who has sat in the first seat the fewest times sits first (then
  by rank), so that nobody keeps the first move.
"""

from __future__ import annotations

from collections import Counter

from bot.service.tournaments.model import Round, Table, Tournament
from bot.service.tournaments.pairing import pair_two_seats, score_units
from bot.service.tournaments.standings import byes_had, opponents_met, points_by_player
from bot.service.tournaments.tables import form_tables


def table_plan(players: int, seats: int, min_seats: int) -> tuple[list[int], int]:
    """How ``players`` sit at tables of ``seats`` seats (``min_seats``: the fewest the game
    allows): ``(sizes, byes)``, the table sizes from the top table down and how many players
    sit the round out.

    With ``r`` players left over after full tables: when ``r`` is smaller than ``seats - r``
    (the tables that would have to lose a seat), ``r`` byes; otherwise, when the game allows
    ``seats - 1`` seats, ``seats - r`` tables of ``seats - 1`` at the bottom and no bye (so
    13 players at 3 seats: four tables and a bye; 14: four tables of 3 and one of 2). Fewer
    players than a table: one smaller table if the game allows it, else all byes. At 2 seats,
    an odd player out has the bye.
    """
    if players < 0 or seats < 2:
        raise ValueError("no such table plan")
    smallest = max(min_seats, 2)
    if players < seats:
        return ([players], 0) if players >= smallest else ([], players)
    left = players % seats
    shrink = seats - left
    if left and left >= shrink and seats - 1 >= smallest and players >= shrink * (seats - 1):
        full = (players - shrink * (seats - 1)) // seats
        return [seats] * full + [seats - 1] * shrink, 0
    return [seats] * (players // seats), left


def ranking(tournament: Tournament) -> list[str]:
    """The active players, best first: points, then seed."""
    points = points_by_player(tournament)
    seeds = {player: index for index, player in enumerate(tournament.seed_order())}
    return sorted(tournament.active(), key=lambda p: (-points[p], seeds[p]))


def first_seats(tournament: Tournament) -> Counter[str]:
    """How many times each player has sat in a table's first seat."""
    return Counter(table.players[0] for r in tournament.rounds for table in r.tables)


def seat_order(group: tuple[str, ...], firsts: Counter[str]) -> tuple[str, ...]:
    """``group`` (in rank order) in seat order: fewest first seats first, then rank."""
    return tuple(sorted(group, key=lambda p: (firsts[p], group.index(p))))


def next_swiss_round(tournament: Tournament) -> Round:
    """The next round of a Swiss ``tournament`` by the module's rules (a pure function of the
    record). Raises ``ValueError`` when fewer than 2 players are active."""
    ranked = ranking(tournament)
    if len(ranked) < 2:
        raise ValueError("fewer than two players are left to pair")
    settings = tournament.settings
    points = points_by_player(tournament)
    met = opponents_met(tournament)
    had = byes_had(tournament)
    firsts = first_seats(tournament)
    number = len(tournament.rounds) + 1
    if settings.seats == 2:
        paired = pair_two_seats(ranked, points, met, had)
        groups: list[tuple[str, ...]] = list(paired.pairs)
        byes: tuple[str, ...] = () if paired.bye is None else (paired.bye,)
    else:
        sizes, bye_count = table_plan(len(ranked), settings.seats, settings.min_seats)
        lowest_first = sorted(ranked, key=lambda p: (had[p], -ranked.index(p)))
        byes = tuple(sorted(lowest_first[:bye_count], key=ranked.index))
        seated = [p for p in ranked if p not in byes]
        units = score_units({p: points[p] for p in seated})
        groups = form_tables(seated, sizes, units, met)
    tables = tuple(
        Table(number=index + 1, players=seat_order(group, firsts))
        for index, group in enumerate(groups)
    )
    return Round(number=number, tables=tables, byes=byes)
