"""What the tournament tests share: seeded results for a round, and standings computed the
plain way, straight from the rules in docs/tournaments.md and independently of
bot.service.tournaments.standings (no import of it)."""

from __future__ import annotations

import random
from collections import defaultdict
from fractions import Fraction

from bot.service import tournaments as T
from engine.contract import competition_ranks


def play_round(tournament: T.Tournament, rng: random.Random) -> T.Tournament:
    """Start the next round and end every table with seeded random places (ties happen)."""
    tournament = T.start_round(tournament)
    current = T.current_round(tournament)
    assert current is not None
    for table in current.tables:
        scores = [rng.randint(0, 3) for _ in table.players]
        tournament = T.record_result(tournament, table.number, competition_ranks(scores))
    return tournament


def plain_points(seats: int, size: int, place: int, tied: int) -> Fraction:
    """Points for ``place`` shared by ``tied`` seats at a table of ``size``: the average of
    the places spanned, each worth (seats-1)*(size-p)/(size-1)."""
    spanned = [Fraction((seats - 1) * (size - p), size - 1) for p in range(place, place + tied)]
    return sum(spanned, Fraction(0)) / tied


def plain_standings(tournament: T.Tournament) -> dict[str, dict[str, Fraction]]:
    """Per entrant: points, Buchholz, cut-1, Sonneborn-Berger and wins, computed the plain way:
    points per finished table and bye, then the tie-breaks from opponents' scores (plus, for
    a withdrawn opponent, the average of a seat per round paired after they left)."""
    seats = tournament.settings.seats
    points: dict[str, Fraction] = defaultdict(Fraction)
    games: dict[str, list[tuple[list[tuple[str, int]], int]]] = defaultdict(list)
    byes: dict[str, int] = defaultdict(int)
    for round_ in tournament.rounds:
        for player in round_.byes:
            points[player] += (seats - 1 + 1) // 2  # ceil((seats - 1) / 2)
            byes[player] += 1
        for table in round_.tables:
            if table.result is None:
                continue
            places = table.result.places
            for seat, player in enumerate(table.players):
                place = places[seat]
                points[player] += plain_points(seats, len(places), place, places.count(place))
                others = [(p, places[s]) for s, p in enumerate(table.players) if s != seat]
                games[player].append((others, place))
    left = {w.player: w.after_round for w in tournament.withdrawals}
    adjusted = {
        e.id: points[e.id]
        + Fraction(seats - 1, 2) * (len(tournament.rounds) - left.get(e.id, len(tournament.rounds)))
        for e in tournament.entrants
    }
    rows = {}
    for entrant in tournament.entrants:
        player = entrant.id
        parts = [adjusted[player]] * byes[player]
        sonneborn = Fraction(0)
        wins = 0
        for others, place in games[player]:
            parts.append(sum(adjusted[p] for p, _ in others) / len(others))
            wins += place == 1 and all(theirs != 1 for _, theirs in others)
            won = Fraction(0)
            for p, theirs in others:
                if place < theirs:
                    won += adjusted[p]
                elif place == theirs:
                    won += adjusted[p] / 2
            sonneborn += won / len(others)
        buchholz = sum(parts, Fraction(0))
        rows[player] = {
            "points": points[player],
            "buchholz": buchholz,
            "buchholz_cut1": buchholz - min(parts) if len(parts) >= 2 else buchholz,
            "sonneborn_berger": sonneborn,
            "wins": Fraction(wins),
        }
    return rows
