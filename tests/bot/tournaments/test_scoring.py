"""Points per place (ties shared), byes, an engine outcome's places, and the places of a table
decided at the round's deadline (docs/tournaments.md)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from bot.service import tournaments as T
from bot.service.tournaments.scoring import (
    bye_points,
    deadline_places,
    place_points,
    places_of,
)
from engine.contract import Outcome


def test_two_seats_score_as_chess_and_a_shared_first_place_is_a_draw() -> None:
    assert place_points(2, [1, 2]) == (1, 0)
    assert place_points(2, [2, 1]) == (0, 1)
    assert place_points(2, [1, 1]) == (F(1, 2), F(1, 2))


def test_a_place_is_worth_a_point_per_player_finished_above_and_ties_share() -> None:
    assert place_points(3, [1, 2, 3]) == (2, 1, 0)
    assert place_points(3, [1, 1, 3]) == (F(3, 2), F(3, 2), 0)
    assert place_points(3, [1, 2, 2]) == (2, F(1, 2), F(1, 2))
    assert place_points(4, [2, 1, 2, 2]) == (1, 3, 1, 1)
    assert place_points(5, [1, 1, 1, 1, 1]) == (2, 2, 2, 2, 2)


def test_a_table_one_seat_smaller_spreads_the_same_range_of_points() -> None:
    assert place_points(4, [1, 2, 3]) == (3, F(3, 2), 0)
    assert place_points(5, [4, 3, 2, 1]) == (0, F(4, 3), F(8, 3), 4)
    assert place_points(3, [2, 1]) == (0, 2)
    # the average per seat is the same at any size, so no table size pays better
    for seats in (3, 4, 5):
        for size in range(2, seats + 1):
            assert sum(place_points(seats, list(range(1, size + 1)))) / size == F(seats - 1, 2)
    with pytest.raises(ValueError):
        place_points(3, [1, 2, 3, 4])


def test_a_bye_is_worth_the_average_of_a_table_rounded_up_to_a_place() -> None:
    assert [bye_points(seats) for seats in (2, 3, 4, 5)] == [1, 1, 2, 2]


def test_the_places_of_an_engine_outcome() -> None:
    scored = Outcome(winners=(2,), draw=False, reason="scores", scores=(5, 9, 12), ranks=(3, 2, 1))
    assert places_of(scored, 3) == (3, 2, 1)
    # a game of winners only ranks no losers: they share the place after the winners
    assert places_of(Outcome(winners=(1,), draw=False, reason="free_hand"), 4) == (2, 1, 2, 2)
    assert places_of(Outcome(winners=(0, 2), draw=False, reason="tie"), 3) == (1, 3, 1)
    assert places_of(Outcome(winners=(), draw=True, reason="turn_limit"), 3) == (1, 1, 1)


def test_at_the_deadline_the_seats_out_of_time_lose() -> None:
    assert deadline_places(2, {1}) == (1, 2)
    assert deadline_places(3, {0}) == (3, 1, 1)
    assert deadline_places(4, {1, 3}) == (1, 3, 1, 3)
    # nobody or everybody out of time: a draw
    assert deadline_places(3, set()) == (1, 1, 1)
    assert deadline_places(3, {0, 1, 2}) == (1, 1, 1)
    with pytest.raises(ValueError):
        deadline_places(3, {3})


def test_a_table_decided_at_the_deadline_counts_in_the_standings() -> None:
    entrants = [T.Entrant(id=name, rating=r) for name, r in (("ann", 3), ("bob", 2), ("cy", 1))]
    tournament = T.start_round(T.new_tournament(T.Settings(seats=3, rounds=2), entrants))
    (table,) = T.current_round(tournament).tables  # type: ignore[union-attr]
    late = table.players.index("bob")
    tournament = T.record_deadline(tournament, 1, {late})
    decided = T.current_round(tournament).tables[0].result  # type: ignore[union-attr]
    assert decided is not None and decided.decided == "deadline"
    assert decided.out_of_time == (late,)
    points = {row.player: row.points for row in T.standings(tournament).rows}
    assert points == {"ann": 1.5, "cy": 1.5, "bob": 0.0}
    with pytest.raises(T.TournamentError):
        T.record_result(tournament, 1, [1, 2, 3])  # the table has its result
