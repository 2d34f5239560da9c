"""An independent computation of a Swiss tournament's standings, for the end-to-end tests: from
what each table's stored game says (who sat where, how it ended) and who withdrew when, by
``docs/tournaments.md``'s rules written out again from first principles ("Points",
"Standings and tie-breaks"). It imports nothing of ``bot.service.tournaments``: when the bot's
standings and these differ, one of the two is wrong.

Players are entrant ids (``u:<user id>``, ``a:<level>:<n>``); exact fractions throughout.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

TIE_BREAKS = ("buchholz_cut1", "buchholz", "sonneborn_berger", "wins")
"""The default tie-breaks, in the order they break ties (``docs/tournaments.md``)."""


@dataclass(frozen=True)
class PlayedTable:
    """One table's game as stored: its players in seat order and each seat's place."""

    players: tuple[str, ...]
    places: tuple[int, ...]


@dataclass
class PlayedRound:
    """One round: its finished tables and the players who had a bye."""

    tables: list[PlayedTable] = field(default_factory=list)
    byes: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Row:
    """One row of the expected standings (values exact)."""

    place: int
    player: str
    points: Fraction
    tie_breaks: dict[str, Fraction]
    played: int
    byes: int
    status: str


def points_for_place(seats: int, size: int, place: int) -> Fraction:
    """A place's points at a table of ``size`` in a tournament of ``seats``-seat tables: the
    full table's range, ``seats - 1`` for first to 0 for last, spread evenly."""
    return Fraction((seats - 1) * (size - place), size - 1)


def table_points(seats: int, places: Sequence[int]) -> list[Fraction]:
    """Each seat's points: tied seats share the points of the places they span."""
    size = len(places)
    found = []
    for place in places:
        tied = places.count(place)
        spanned = [points_for_place(seats, size, p) for p in range(place, place + tied)]
        found.append(sum(spanned, Fraction(0)) / tied)
    return found


def bye_points(seats: int) -> Fraction:
    """A bye: the average place rounded up to a whole one, ``ceil((seats - 1) / 2)``."""
    return Fraction(seats // 2)  # ceil((s - 1) / 2) == floor(s / 2)


def standings(
    seats: int,
    seed_order: Sequence[str],
    rounds: Sequence[PlayedRound],
    withdrawn: dict[str, tuple[int, str]],
) -> list[Row]:
    """The standings after ``rounds`` (paired so far, the last maybe unfinished: only its
    finished tables count). ``withdrawn``: player -> (the round after which they left, how).
    Rows from first to last; equal rows share a place and keep the seed order."""
    points = {p: Fraction(0) for p in seed_order}
    byes = {p: 0 for p in seed_order}
    met: dict[str, list[tuple[list[tuple[str, int]], int]]] = {p: [] for p in seed_order}
    for played in rounds:
        for player in played.byes:
            points[player] += bye_points(seats)
            byes[player] += 1
        for table in played.tables:
            for seat, (player, won) in enumerate(
                zip(table.players, table_points(seats, table.places), strict=True)
            ):
                points[player] += won
                others = [
                    (other, table.places[i]) for i, other in enumerate(table.players) if i != seat
                ]
                met[player].append((others, table.places[seat]))
    average = Fraction(seats - 1, 2)
    # what a player's score counts for their opponents: a round paired after they left
    # counts as an average seat's points
    counted = dict(points)
    for p, (after, _how) in withdrawn.items():
        counted[p] += average * max(0, len(rounds) - after)
    keyed = []
    for seed, player in enumerate(seed_order):
        per_table = [
            sum((counted[o] for o, _ in others), Fraction(0)) / len(others)
            for others, _ in met[player]
        ]
        # a bye: a virtual opponent with the player's own score, as opponents count it
        per_table += [counted[player]] * byes[player]
        buchholz = sum(per_table, Fraction(0))
        cut1 = buchholz - min(per_table) if len(per_table) >= 2 else buchholz
        sonneborn = Fraction(0)
        for others, mine in met[player]:
            took = Fraction(0)
            for other, theirs in others:
                share = 1 if mine < theirs else Fraction(1, 2) if mine == theirs else 0
                took += share * counted[other]
            sonneborn += took / len(others)
        wins = sum(
            1 for others, mine in met[player] if mine == 1 and all(t != 1 for _, t in others)
        )
        breaks = {
            "buchholz_cut1": cut1,
            "buchholz": buchholz,
            "sonneborn_berger": sonneborn,
            "wins": Fraction(wins),
        }
        key = (points[player], *(breaks[name] for name in TIE_BREAKS))
        keyed.append((key, seed, player, breaks))
    keyed.sort(key=lambda k: ([-v for v in k[0]], k[1]))
    rows: list[Row] = []
    for index, (key, _seed, player, breaks) in enumerate(keyed):
        place = rows[-1].place if index and keyed[index - 1][0] == key else index + 1
        status = withdrawn[player][1] if player in withdrawn else "active"
        rows.append(
            Row(place, player, points[player], breaks, len(met[player]), byes[player], status)
        )
    return rows


def shown(value: Fraction) -> str:
    """A value as the standings show it (rounded to 4 decimals, no trailing zeros)."""
    return f"{round(float(value), 4):g}"


def as_exported(rows: Sequence[Row]) -> list[dict[str, object]]:
    """The rows as an export's ``standings.rows`` hold them (values rounded to 4 decimals)."""
    return [
        {
            "place": r.place,
            "player": r.player,
            "points": round(float(r.points), 4),
            "tie_breaks": {name: round(float(r.tie_breaks[name]), 4) for name in TIE_BREAKS},
            "played": r.played,
            "byes": r.byes,
            "status": r.status,
        }
        for r in rows
    ]
