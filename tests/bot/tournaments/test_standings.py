"""Whole Swiss tournaments with seeded results, their standings checked against a plain
computation in tests/bot/tournaments/helpers.py; drop-outs, removals, full ties, the export,
a player's whereabouts, and single elimination."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

from bot.service import tournaments as T
from tests.bot.tournaments.helpers import plain_standings, play_round

ORDER = ("points", "buchholz_cut1", "buchholz", "sonneborn_berger", "wins")


def check_against_plain(tournament: T.Tournament) -> T.Standings:
    """The standings equal the plain computation, value by value, and are in its order."""
    standings = T.standings(tournament)
    plain = plain_standings(tournament)
    seeds = tournament.seed_order()
    for row in standings.rows:
        mine = plain[row.player]
        assert row.points == round(float(mine["points"]), 4), row
        for name in T.Settings().tie_breaks:
            assert row.tie_breaks[name] == round(float(mine[name]), 4), (row, name)
    expected = sorted(
        plain, key=lambda p: (tuple(-plain[p][name] for name in ORDER), seeds.index(p))
    )
    assert [row.player for row in standings.rows] == expected
    return standings


def test_a_16_player_two_seat_swiss_over_4_rounds() -> None:
    rng = random.Random(16)
    entrants = [T.Entrant(id=f"u{i}", rating=round(rng.uniform(0, 40), 1)) for i in range(16)]
    tournament = T.new_tournament(T.Settings(seats=2, rounds=4), entrants)
    tournament = play_round(tournament, rng)
    by_rating = tournament.seed_order()
    # round 1 by rating: the top half against the bottom half
    assert [set(t.players) for t in tournament.rounds[0].tables] == [
        {by_rating[i], by_rating[i + 8]} for i in range(8)
    ]
    tournament = play_round(tournament, rng)
    dropped = T.standings(tournament).rows[-1].player
    tournament = T.withdraw(tournament, dropped)  # a drop-out between rounds
    tournament = T.start_round(tournament)
    current = T.current_round(tournament)
    assert current is not None and len(current.byes) == 1  # 15 players left
    assert dropped not in {p for t in current.tables for p in t.players} | set(current.byes)
    tables = list(current.tables)
    tournament = T.record_deadline(tournament, tables[0].number, {1})  # a table out of time
    for table in tables[1:]:
        tournament = T.record_result(tournament, table.number, rng.choice([(1, 2), (2, 1), (1, 1)]))
    tournament = play_round(tournament, rng)
    assert T.is_over(tournament)
    met = set()
    for round_ in tournament.rounds:
        for table in round_.tables:
            pair = frozenset(table.players)
            assert pair not in met  # no rematch in 4 rounds of 16
            met.add(pair)
    final = T.final_standings(tournament)
    assert final.final and final.rounds == 4
    assert final.tie_breaks == ("buchholz_cut1", "buchholz", "sonneborn_berger", "wins")
    check_against_plain(tournament)
    row = next(r for r in final.rows if r.player == dropped)
    assert row.status == "dropped" and row.played == 2


def test_a_13_player_three_seat_swiss_has_one_bye_each_round() -> None:
    rng = random.Random(13)
    entrants = [T.Entrant(id=f"v{i}", rating=round(rng.uniform(0, 40), 1)) for i in range(13)]
    tournament = T.new_tournament(T.Settings(seats=3, min_seats=1, rounds=4), entrants)
    for _ in range(4):
        tournament = play_round(tournament, rng)
        check_against_plain(tournament)
    byes = [p for r in tournament.rounds for p in r.byes]
    assert len(byes) == 4 and len(set(byes)) == 4  # one bye a round, never twice
    for round_ in tournament.rounds:
        assert sorted(len(t.players) for t in round_.tables) == [3, 3, 3, 3]
    # the first bye went to the lowest-rated player: round 1 is by rating
    assert byes[0] == tournament.seed_order()[-1]
    for row in T.final_standings(tournament).rows:
        assert row.byes == byes.count(row.player)
        assert row.played + row.byes == 4


def test_full_ties_share_a_place_and_keep_the_seed_order() -> None:
    entrants = [T.Entrant(id=name, rating=r) for name, r in (("a", 1), ("b", 5), ("c", 3))]
    tournament = T.start_round(T.new_tournament(T.Settings(seats=3, rounds=1), entrants))
    tournament = T.record_result(tournament, 1, [1, 1, 1])
    rows = T.final_standings(tournament).rows
    assert [(r.place, r.player) for r in rows] == [(1, "b"), (1, "c"), (1, "a")]
    again = T.load(json.dumps(T.export(tournament)["record"]))
    assert T.final_standings(again) == T.final_standings(tournament)


def test_a_removed_player_s_table_counts_and_they_are_not_paired_again() -> None:
    rng = random.Random(4)
    entrants = [T.Entrant(id=f"p{i}", rating=10 - i) for i in range(6)]
    tournament = T.start_round(T.new_tournament(T.Settings(seats=2, rounds=3), entrants))
    table = T.current_round(tournament).tables[0]  # type: ignore[union-attr]
    removed = table.players[0]
    tournament = T.withdraw(tournament, removed, "removed")  # mid-round, by an organiser
    spot = T.whereabouts(tournament, removed)
    assert spot.playing and spot.table == table.number and spot.status == "removed"
    # the automatic player finishes their game: a result like any other
    for t in T.current_round(tournament).tables:  # type: ignore[union-attr]
        tournament = T.record_result(tournament, t.number, (1, 2))
    tournament = play_round(tournament, rng)
    assert removed not in {p for t in tournament.rounds[1].tables for p in t.players}
    assert removed not in tournament.rounds[1].byes
    row = next(r for r in T.standings(tournament).rows if r.player == removed)
    assert (row.points, row.played, row.status) == (1.0, 1, "removed")
    # their opponent's Buchholz counts them at 1 point and half a point for the missed round
    opponent = table.players[1]
    assert plain_standings(tournament)[opponent]["buchholz"] >= Fraction(3, 2)
    check_against_plain(tournament)
    with pytest.raises(T.TournamentError):
        T.withdraw(tournament, removed)


def test_the_export_is_json_and_reads_back_the_same() -> None:
    rng = random.Random(9)
    entrants = [T.Entrant(id=f"p{i}", rating=rng.random()) for i in range(7)]
    tournament = T.new_tournament(T.Settings(seats=3, min_seats=2, rounds=2), entrants)
    tournament = play_round(tournament, rng)
    tournament = T.start_round(tournament)
    exported = json.loads(json.dumps(T.export(tournament)))
    assert set(exported) == {"version", "format", "over", "record", "standings"}
    assert exported["over"] is False and exported["standings"]["final"] is False
    assert exported["record"]["rounds"][1]["tables"][0]["result"] is None
    assert T.load(exported["record"]) == tournament
    assert T.load(json.dumps(exported["record"])) == tournament


def test_whereabouts_names_the_next_table_the_seat_and_the_place() -> None:
    entrants = [T.Entrant(id=f"p{i}", rating=9 - i) for i in range(5)]
    tournament = T.new_tournament(T.Settings(seats=2, rounds=2), entrants)
    before = T.whereabouts(tournament, "p0")
    assert (before.round, before.table, before.bye, before.place) == (0, None, False, 1)
    tournament = T.start_round(tournament)
    bye = T.whereabouts(tournament, "p4")
    assert bye.bye and bye.table is None and bye.points == 1.0 and bye.place == 1
    top = T.whereabouts(tournament, "p0")
    assert (top.round, top.table, top.playing) == (1, 1, True)
    assert T.current_round(tournament).tables[0].players[top.seat] == "p0"  # type: ignore
    with pytest.raises(T.TournamentError):
        T.whereabouts(tournament, "stranger")


def test_changes_that_do_not_fit_the_record_are_refused() -> None:
    entrants = [T.Entrant(id=f"p{i}") for i in range(4)]
    tournament = T.start_round(T.new_tournament(T.Settings(seats=2, rounds=1), entrants))
    with pytest.raises(T.TournamentError):
        T.start_round(tournament)  # round 1 still runs
    with pytest.raises(T.TournamentError):
        T.record_result(tournament, 1, [1, 3])  # no ranking
    with pytest.raises(T.TournamentError):
        T.record_result(tournament, 9, [1, 2])
    with pytest.raises(T.TournamentError):
        T.final_standings(tournament)
    with pytest.raises(T.TournamentError):
        T.new_tournament(T.Settings(), [T.Entrant(id="solo")])
    with pytest.raises(ValueError):
        T.Settings(format="elimination", seats=3)


def test_single_elimination_seeds_byes_walkovers_and_places() -> None:
    entrants = [T.Entrant(id=f"s{i}", rating=20 - i) for i in range(1, 12)]  # s1 is seed 1
    tournament = T.new_tournament(T.Settings(format="elimination"), entrants)
    assert T.total_rounds(tournament) == 4
    tournament = T.start_round(tournament)
    first = T.current_round(tournament)
    assert first is not None
    assert set(first.byes) == {"s1", "s2", "s3", "s4", "s5"}  # the top seeds pass round 1
    assert [set(t.players) for t in first.tables] == [
        {"s8", "s9"},
        {"s7", "s10"},
        {"s6", "s11"},
    ]  # fmt: skip (the bracket: 1-16 8-9 4-13 5-12 2-15 7-10 3-14 6-11, 12 to 16 empty)
    # the lower seed wins every table, but s7-s10 is a draw: the higher seed goes through
    for table in first.tables:
        places = (
            (1, 1)
            if "s7" in table.players
            else tuple(1 if int(p[1:]) > 8 or p == "s11" else 2 for p in table.players)
        )
        tournament = T.record_result(tournament, table.number, places)
    tournament = T.withdraw(tournament, "s2")  # s2's next opponent has a walkover
    tournament = T.start_round(tournament)
    second = T.current_round(tournament)
    assert second is not None and "s2" not in {p for t in second.tables for p in t.players}
    assert "s7" in second.byes  # s2's opponent
    while not T.is_over(tournament):
        current = T.current_round(tournament)
        assert current is not None
        for table in current.tables:  # the higher seed wins from now on
            seeds = [int(p[1:]) for p in table.players]
            tournament = T.record_result(
                tournament, table.number, [1 if s == min(seeds) else 2 for s in seeds]
            )
        if not T.is_over(tournament):
            tournament = T.start_round(tournament)
    rows = T.final_standings(tournament).rows
    assert [(r.place, r.player) for r in rows[:4]] == [(1, "s1"), (2, "s3"), (3, "s4"), (3, "s7")]
    places = [r.place for r in rows]
    assert places == sorted(places) and places.count(5) == 4
    assert next(r for r in rows if r.player == "s2").status == "dropped"
