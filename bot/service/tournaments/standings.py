"""Standings, computed from a tournament's record alone (its finished tables and byes).

Rules (``docs/tournaments.md``, "Standings and tie-breaks"):

- Points: ``scoring.place_points`` per finished table, ``scoring.bye_points`` per bye. A table
  still running counts nothing yet.
- Tie-breaks, in the order ``Settings.tie_breaks`` names (by default Buchholz cut-1,
  Buchholz, Sonneborn-Berger, wins); each is higher-is-better:
    - *Buchholz*: per table played, the mean of its opponents' scores; a bye counts as an
      opponent with the player's own score (FIDE's "virtual opponent"). *Cut-1* leaves out
      the lowest of these contributions, *median* the lowest and the highest (when at least
      two, resp. three, remain to add).
    - *Sonneborn-Berger* (the multi-player analogue): per table played, the mean over its
      opponents of the opponent's score times what the player took from them, as if each
      pair at the table had played a game: 1 above them, ½ tied, 0 below (chess's own at
      2 seats). A bye adds nothing.
    - *Wins*: tables where the player alone took first place.
  The "score" of an opponent in these is their points plus, for each round paired after they
  withdrew, the average points of a seat (``scoring.average_points``): an opponent who
  dropped neither drags down nor lifts those who met them.
- Rows equal on points and every tie-break share their place and are listed by seed (rating
  at the start, then sign-up order): the order is total and the same for the same record.

Single elimination has its own standings (``elimination.bracket_standings``), returned by
:func:`standings` for such a tournament.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from pydantic import BaseModel, ConfigDict

from bot.service.tournaments.model import TieBreak, Tournament
from bot.service.tournaments.scoring import average_points, bye_points, place_points

Status = Literal["active", "dropped", "removed"]


class Standing(BaseModel):
    """One row of the standings.

    Attributes:
        place: 1 = first; rows equal on points and every tie-break share it.
        player: the entrant's id.
        points: the points (rounded to 4 decimals; the order uses exact values).
        tie_breaks: the value of each tie-break, by name, in the order they break ties.
        played: tables finished; byes: byes received; status: still in, dropped or removed.
    """

    model_config = ConfigDict(frozen=True)

    place: int
    player: str
    points: float
    tie_breaks: dict[str, float]
    played: int
    byes: int
    status: Status


class Standings(BaseModel):
    """The standings after ``rounds`` rounds (``final`` once the tournament is over): the
    ``tie_breaks`` used, by name in order, and the ``rows`` from first to last."""

    model_config = ConfigDict(frozen=True)

    rounds: int
    final: bool
    tie_breaks: tuple[str, ...]
    rows: tuple[Standing, ...]


@dataclass
class _Record:
    """One player's finished tables, as (opponents with their places, own place), and byes."""

    points: Fraction = Fraction(0)
    tables: list[tuple[list[tuple[str, int]], int]] = field(default_factory=list)
    byes: int = 0


def points_by_player(tournament: Tournament) -> dict[str, Fraction]:
    """Every entrant's exact points from the finished tables and the byes so far."""
    return {player: r.points for player, r in _records(tournament).items()}


def _records(tournament: Tournament) -> dict[str, _Record]:
    seats = tournament.settings.seats
    records = {entrant.id: _Record() for entrant in tournament.entrants}
    for round_ in tournament.rounds:
        for player in round_.byes:
            records[player].points += bye_points(seats)
            records[player].byes += 1
        for table in round_.tables:
            if table.result is None:
                continue
            places = table.result.places
            for seat, (player, points) in enumerate(
                zip(table.players, place_points(seats, places), strict=True)
            ):
                mine = records[player]
                mine.points += points
                others = [(p, places[s]) for s, p in enumerate(table.players) if s != seat]
                mine.tables.append((others, places[seat]))
    return records


def _adjusted(tournament: Tournament, records: dict[str, _Record]) -> dict[str, Fraction]:
    """Each player's score as their opponents' tie-breaks count it: their points, and the
    average points of a seat for each round paired after they withdrew."""
    paired = len(tournament.rounds)
    gone = tournament.withdrawn()
    average = average_points(tournament.settings.seats)
    adjusted = {}
    for player, record in records.items():
        missed = paired - gone[player].after_round if player in gone else 0
        adjusted[player] = record.points + average * max(missed, 0)
    return adjusted


def _tie_breaks(
    record: _Record, own: Fraction, adjusted: dict[str, Fraction]
) -> dict[TieBreak, Fraction]:
    contributions = [
        sum((adjusted[p] for p, _ in others), Fraction(0)) / len(others)
        for others, _ in record.tables
    ] + [own] * record.byes
    total = sum(contributions, Fraction(0))
    ordered = sorted(contributions)
    cut1 = total - ordered[0] if len(ordered) >= 2 else total
    median = total - ordered[0] - ordered[-1] if len(ordered) >= 3 else total
    sonneborn = Fraction(0)
    for others, place in record.tables:
        taken = sum(
            ((Fraction(1) if place < theirs else Fraction(1, 2) if place == theirs else 0)
             * adjusted[p] for p, theirs in others),
            Fraction(0),
        )  # fmt: skip
        sonneborn += taken / len(others)
    wins = sum(1 for others, place in record.tables if place == 1 and all(t > 1 for _, t in others))
    return {
        "buchholz": total,
        "buchholz_cut1": cut1,
        "buchholz_median": median,
        "sonneborn_berger": sonneborn,
        "wins": Fraction(wins),
    }


def _status(tournament: Tournament, player: str) -> Status:
    withdrawal = tournament.withdrawn().get(player)
    return "active" if withdrawal is None else withdrawal.how


def swiss_standings(tournament: Tournament, *, final: bool = False) -> Standings:
    """The standings of a Swiss tournament (or of any record read as one), by the rules of
    the module docstring. Pure: the same record gives the same standings."""
    records = _records(tournament)
    adjusted = _adjusted(tournament, records)
    names = tournament.settings.tie_breaks
    keyed = []
    for seed, player in enumerate(tournament.seed_order()):
        record = records[player]
        breaks = _tie_breaks(record, adjusted[player], adjusted)
        key = (record.points, *(breaks[name] for name in names))
        keyed.append((key, seed, player, breaks))
    keyed.sort(key=lambda item: (tuple(-value for value in item[0]), item[1]))
    rows: list[Standing] = []
    for index, (key, _seed, player, breaks) in enumerate(keyed):
        shared = index > 0 and keyed[index - 1][0] == key
        record = records[player]
        rows.append(
            Standing(
                place=rows[-1].place if shared else index + 1,
                player=player,
                points=round(float(record.points), 4),
                tie_breaks={name: round(float(breaks[name]), 4) for name in names},
                played=len(record.tables),
                byes=record.byes,
                status=_status(tournament, player),
            )
        )
    return Standings(rounds=len(tournament.rounds), final=final, tie_breaks=names, rows=tuple(rows))


def opponents_met(tournament: Tournament) -> dict[str, dict[str, int]]:
    """How often each pair of players has sat at one table (finished or not): ``met[a][b]``
    (0 when never; symmetric)."""
    met: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for round_ in tournament.rounds:
        for table in round_.tables:
            for a in table.players:
                for b in table.players:
                    if a != b:
                        met[a][b] += 1
    return met


def byes_had(tournament: Tournament) -> dict[str, int]:
    """How many byes each entrant has had."""
    had = {entrant.id: 0 for entrant in tournament.entrants}
    for round_ in tournament.rounds:
        for player in round_.byes:
            had[player] += 1
    return had
