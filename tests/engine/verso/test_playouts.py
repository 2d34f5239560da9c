"""Verso invariants over seeded playouts (the contract's own checks run in
``tests/engine/test_conformance.py`` for every player count).

After every action every card is in exactly one place (Draw Pile, out of the game, a tableau,
the Discard Pile); a tableau is sorted by kind and never holds two identical cards; only
tableau cards are marked seen; a held square is a square. Games by the greedy player are
legal and end; in solo it scores well above the random player.
"""

from __future__ import annotations

import random

import pytest

import engine
from engine.registry import get_players
from engine.verso.cards import KIND
from engine.verso.tableau import has_square
from tests.engine.verso.helpers import accounted

ALL = {card: 1 for card in range(90)}


def check_invariants(state) -> None:
    assert accounted(state) == ALL
    on_tableaux = set()
    for seat, tableau in enumerate(state.tableaux):
        kinds = [KIND[f] for f in tableau]
        assert kinds == sorted(kinds) and len(set(kinds)) == len(kinds)
        on_tableaux.update(f >> 1 for f in tableau)
        if state.squares[seat]:
            assert has_square(tableau)
    assert set(state.seen) <= on_tableaux and state.seen == sorted(set(state.seen))


@pytest.mark.parametrize("seats", range(1, 9))
def test_every_card_is_accounted_for_in_random_games(seats: int) -> None:
    rng = random.Random(f"verso-playouts-{seats}")
    for _ in range(25):
        state = engine.new_game("verso", seats, None, rng.randrange(2**32))
        actions = 0
        while engine.outcome(state) is None:
            # now and then a seat that has chosen its final series changes its mind first
            committed = [d.seat for d in engine.decisions(state) if d.committed is not None]
            if committed and rng.random() < 0.3:
                seat = rng.choice(committed)
                engine.apply(state, engine.random_action(state, seat, rng))
                check_invariants(state)
                continue  # a change of mind: not counted by max_actions
            seat = rng.choice(engine.deciding_seats(state))
            engine.apply(state, engine.random_action(state, seat, rng))
            actions += 1
            check_invariants(state)
        assert actions <= engine.get_game("verso").info.max_actions
        assert state.pile == [] and state.phase == "over"


def play_greedy(seats: int, seed: int) -> engine.GameState:
    players = get_players("verso")
    state = engine.new_game("verso", seats, None, seed)
    rng = random.Random(seed)
    while engine.outcome(state) is None:
        for seat in engine.deciding_seats(state):
            action = players.greedy_action(engine.view(state, seat), rng)
            assert action in engine.legal_actions(state, seat)
            engine.apply(state, action)
            check_invariants(state)
    return state


@pytest.mark.parametrize("seats", range(1, 9))
def test_the_greedy_player_plays_legal_games_to_the_end(seats: int) -> None:
    for seed in range(6):
        state = play_greedy(seats, seed)
        assert engine.outcome(state).scores == tuple(state.scores)


@pytest.mark.soak  # a strength check over many games: in .ci/run's soak step
def test_the_greedy_player_beats_the_random_player_in_solo() -> None:
    greedy = random_ = 0
    for seed in range(100):
        greedy += play_greedy(1, seed).scores[0]
        state = engine.new_game("verso", 1, None, seed)
        rng = random.Random(seed)
        while engine.outcome(state) is None:
            engine.apply(state, engine.automatic_action(state, 0, rng))
        random_ += state.scores[0]
    assert greedy / 100 > 35 > random_ / 100 + 10


def test_the_bound_on_actions_is_draws_banks_and_one_final_answer_each() -> None:
    # 90 draws (7-8 players use every card), at most 45 banks (2 discards each), 8 finals
    assert engine.get_game("verso").info.max_actions == 90 + 45 + 8
