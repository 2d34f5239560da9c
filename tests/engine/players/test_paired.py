"""The solo search player (``engine.players.paired``): candidates played out from shared
samples, greedy's answer overridden only where the paired playouts show clearly better."""

from __future__ import annotations

import random

import pytest

import engine
from engine.arena import arena
from engine.players import choose
from engine.players.paired import MIN_ROUNDS, Rounds
from tests.engine.players.test_policies import states

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


@pytest.mark.parametrize("name", SOLO_GAMES)
def test_the_solo_search_decides_on_what_its_seat_sees_only(name: str) -> None:
    for state, seat in states(name, 1, 6, seed=len(name)):
        twin = engine.redistribute(state, seat, random.Random(99))
        assert engine.view(twin, seat) == engine.view(state, seat)
        mine = choose("ismcts", state, seat, random.Random(5), budget_ms=None, iterations=4)
        theirs = choose("ismcts", twin, seat, random.Random(5), budget_ms=None, iterations=4)
        assert mine == theirs
        assert mine in engine.legal_actions(state, seat)


def test_the_solo_search_scores_above_greedy_at_verso() -> None:
    # the same 4 deals; 10 rounds per decision (the 250 ms budget plays about 100)
    search = arena("verso", ["ismcts"], 4, seed=1, budget_ms=None, iterations=10)
    greedy = arena("verso", ["greedy"], 4, seed=1)
    assert search["levels"]["ismcts"]["mean_score"] > greedy["levels"]["greedy"]["mean_score"]
