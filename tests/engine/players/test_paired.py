"""The solo search player (``engine.players.paired``): candidates played out from shared
samples, greedy's answer overridden only where the paired playouts show clearly better."""

from __future__ import annotations

import random

import pytest

import engine
from engine.arena import arena
from engine.players import choose, paired, situation
from engine.players.budget import Budget, Tally
from engine.players.ismcts import candidates
from engine.players.paired import MIN_ROUNDS, TABLE_OVERRIDE_SE, Rounds, play_rounds
from engine.registry import get_players
from tests.engine.players.helpers import Starved, states

SOLO_GAMES = [n for n in engine.game_names() if engine.get_game(n).info.min_players == 1]


def test_there_are_solo_games_to_search() -> None:
    assert set(SOLO_GAMES) == {"pentaquest", "verso"}


def test_greedy_stands_until_enough_rounds_are_played() -> None:
    rounds = Rounds(2, base=0)
    for _ in range(MIN_ROUNDS - 1):
        rounds.add([0.0, 1.0])
    assert rounds.answer() == 0
    rounds.add([0.0, 1.0])
    assert rounds.answer() == 1


def test_a_gain_within_the_noise_does_not_override_greedy() -> None:
    rng = random.Random(4)
    rounds = Rounds(3, base=1)
    for _ in range(200):
        base = rng.random()
        rounds.add([base + rng.gauss(0.01, 0.3), base, base + rng.gauss(-0.05, 0.3)])
    assert rounds.totals[0] > rounds.totals[1]  # the best mean, but not clearly better
    assert rounds.answer() == 1


def test_a_clear_paired_gain_overrides_greedy_even_when_rewards_vary_widely() -> None:
    rng = random.Random(5)
    rounds = Rounds(2, base=0)
    for _ in range(30):
        base = rng.choice([0.0, 0.6, 0.9])  # outcomes far apart: only pairing sees the gain
        rounds.add([base, base + 0.02 + rng.gauss(0, 0.005)])
    assert rounds.answer() == 1


def test_with_many_candidates_noise_rarely_overrides_greedy() -> None:
    # 24 candidates as good as greedy's: the test's level is shared among them (Bonferroni);
    # with a fixed two standard errors about half of such decisions overrode greedy
    rng = random.Random(6)
    overrides = 0
    for _ in range(300):
        rounds = Rounds(25, base=0)
        for _ in range(MIN_ROUNDS + 4):
            base = rng.random()
            rounds.add([base] + [base + rng.gauss(0, 0.2) for _ in range(24)])
        overrides += rounds.answer() != 0
    assert overrides <= 15  # at most 2.5 % expected: 7.5; 5 % allowed


def test_at_a_table_a_gain_of_more_than_one_standard_error_overrides_greedy() -> None:
    # the same rounds: alone the strict test keeps greedy's answer, at a table of several
    # seats (where greedy ignores the others) the search plays its better candidate
    rng = random.Random(7)
    rows = []
    for _ in range(40):
        base = rng.random()
        gain = 0.05 + rng.gauss(0, 0.18)
        rows.append([base, base + gain] + [base + rng.gauss(-0.2, 0.05) for _ in range(4)])
    alone, table = Rounds(6, base=0), Rounds(6, base=0, alone=False)
    for row in rows:
        alone.add(row)
        table.add(row)
    mean, spread = alone.gain(1)
    assert TABLE_OVERRIDE_SE < mean / (spread / len(rows) ** 0.5) < alone.threshold()
    assert (alone.answer(), table.answer()) == (0, 1)


def test_ninjan_searches_every_table_by_paired_playouts() -> None:
    # the tree takes the simultaneous picks one after another: its opponents see the card
    players = get_players("ninjan")
    assert [players.search_style(n) for n in range(2, 6)] == ["paired"] * 4


@pytest.mark.parametrize("seats", [3, 5])
def test_the_table_search_decides_on_what_its_seat_sees_only(seats: int) -> None:
    for state, seat in states("ninjan", seats, 6, seed=seats):
        twin = engine.redistribute(state, seat, random.Random(99))
        assert engine.view(twin, seat) == engine.view(state, seat)
        mine = choose("search", state, seat, random.Random(5), budget_ms=None, iterations=10)
        theirs = choose("search", twin, seat, random.Random(5), budget_ms=None, iterations=10)
        assert mine == theirs
        assert mine in engine.legal_actions(state, seat)


@pytest.mark.parametrize(("name", "count", "played"), [("verso", 5, 6), ("pentaquest", 1, 2)])
def test_the_solo_search_rounds_depend_on_what_its_seat_sees_only(
    name: str, count: int, played: int
) -> None:
    # the rounds' every reward, not just the answer (which is mostly greedy's at few rounds)
    for state, seat in states(name, 1, count, seed=len(name)):
        twin = engine.redistribute(state, seat, random.Random(99))
        assert engine.view(twin, seat) == engine.view(state, seat)
        options = candidates(engine.view(state, seat).decisions, seat, random.Random(1))
        totals = [
            play_rounds(
                name, situation(s, seat), random.Random(5), options, 0, Budget(None, played)
            )
            for s in (state, twin)
        ]
        assert totals[0].rounds == totals[1].rounds == played
        assert totals[0].totals == totals[1].totals
        mine = choose("search", state, seat, random.Random(5), budget_ms=None, iterations=2)
        assert mine in engine.legal_actions(state, seat)


@pytest.mark.soak  # half a minute: a measure of strength more than of behaviour
def test_the_solo_search_scores_above_greedy_at_verso() -> None:
    # the same 4 deals; 10 rounds per decision (at 250 ms: about ten early in a game, hundreds
    # near its end)
    search = arena("verso", ["search"], 4, seed=1, budget_ms=None, iterations=10)
    greedy = arena("verso", ["greedy"], 4, seed=1)
    assert search["levels"]["search"]["mean_score"] > greedy["levels"]["greedy"]["mean_score"]


@pytest.mark.soak  # twenty seconds: a measure of strength more than of behaviour
def test_one_search_seat_wins_half_the_games_against_two_greedy_ninjan_seats() -> None:
    # 1.5 times its fair share (issue 27's target), on 20 seeded deals at 20 rounds a decision
    # (at 250 ms: about 200); the seats rotate, so the search plays every seat
    result = arena(
        "ninjan", ["search", "greedy", "greedy"], 20, seed=1, budget_ms=None, iterations=20
    )
    assert result["levels"]["search"]["wins"] >= 10


def test_a_paired_search_starved_by_the_clock_plays_greedy_and_is_counted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(paired, "Budget", Starved())  # the clock jumps 100 ms a reading
    searched = 0
    for state, seat in states("ninjan", 3, 6, seed=4):
        seen = situation(state, seat)
        tally = Tally()
        answer = paired.search("ninjan", seen, random.Random(2), budget_ms=250, tally=tally)
        if not tally.iterations:
            continue  # one candidate: nothing to search
        searched += 1
        assert tally.iterations == [0] and tally.fallbacks == 1
        assert answer == get_players("ninjan").lookahead_action(seen.view, random.Random(2))
    assert searched >= 3
