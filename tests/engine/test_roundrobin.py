"""The round-robin of automatic levels (``python -m engine arena --round-robin``): every
seating is played, the ratings are the leaderboards' OpenSkill ratings, the same seed gives the
same ratings, and a clearly weaker level is rated and counted below."""

from __future__ import annotations

import json

import pytest

from engine.__main__ import main
from engine.ratings import MODEL, ordinal, places, rate
from engine.roundrobin import round_robin, seatings
from storage import ratings as leaderboards


def test_every_seating_with_two_levels_or_more_is_played() -> None:
    assert seatings(("random", "greedy", "search"), 2) == [
        ("random", "greedy"),
        ("random", "search"),
        ("greedy", "search"),
    ]
    three = seatings(("random", "greedy", "search"), 3)
    assert len(three) == 7 and ("random", "greedy", "search") in three
    assert all(len(set(table)) > 1 for table in three)
    with pytest.raises(ValueError, match="at least 2 seats"):
        seatings(("random", "greedy"), 1)


def test_a_seeded_round_robin_gives_the_same_ratings_twice() -> None:
    def run() -> dict:
        return round_robin("ninjan", 2, 2, seed=5, budget_ms=None, iterations=15)

    first, second = run(), run()
    assert first["ratings"] == second["ratings"]
    assert first["head_to_head"] == second["head_to_head"]
    assert first["games"] == 6 and set(first["ratings"]) == {"random", "greedy", "search"}
    assert all(figures["games"] == 4 for figures in first["ratings"].values())


def test_random_is_rated_and_counted_below_greedy_where_it_is_clearly_weaker() -> None:
    report = round_robin("artichokes", 2, 10, seed=1, levels=("random", "greedy"))
    assert list(report["ratings"]) == ["greedy", "random"]
    greedy, random_ = report["ratings"]["greedy"], report["ratings"]["random"]
    assert greedy["ordinal"] > random_["ordinal"] and greedy["mu"] > 25 > random_["mu"]
    (pair,) = report["head_to_head"]
    assert (pair["level"], pair["other"], pair["games"]) == ("greedy", "random", 10)
    assert pair["wins"] >= 8 and pair["text"] == f"greedy beats random {pair['wins']} of 10"


def test_the_ratings_are_the_leaderboards_model() -> None:
    # one model for both: a leaderboard's update of a game is the round-robin's
    game = [("a", 1), ("b", 2), ("a", 3)]
    contenders = [leaderboards.Contender((0, key), place) for key, place in game]
    assert leaderboards.rate({}, contenders) == {(0, k): v for k, v in rate({}, game).items()}
    fresh = MODEL.rating()
    assert leaderboards.ordinal(fresh.mu, fresh.sigma) == ordinal(fresh.mu, fresh.sigma)


def test_places_follow_ranks_else_winners_and_a_draw_ties() -> None:
    from engine.contract import Outcome

    assert places(Outcome((1,), False, "x", (3, 9, 3), (2, 1, 2)), 3) == (2, 1, 2)
    assert places(Outcome((0, 2), False, "x"), 3) == (1, 3, 1)
    assert places(Outcome((), True, "turn_limit"), 2) == (1, 1)


def test_the_command_prints_one_json_line_and_refuses_a_solo_round_robin(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["arena", "--round-robin", "ninjan", "--players", "2", "--games", "1"]
    assert main([*argv, "--budget-ms", "0", "--iterations", "5"]) == 0
    (line,) = capsys.readouterr().out.splitlines()
    report = json.loads(line)
    assert report["games"] == 3 and len(report["head_to_head"]) == 3
    with pytest.raises(SystemExit) as refused:
        main(["arena", "--round-robin", "pentaquest", "--players", "1", "--games", "1"])
    assert refused.value.code == 2
    assert "a round-robin needs at least 2 seats" in capsys.readouterr().err
