"""The greedy automatic player (engine.ninjan.greedy): it reads the view only."""

import random

import pytest

import engine
from engine.errors import IllegalAction
from engine.ninjan import PLAYERS
from engine.types import Action
from tests.engine.ninjan.helpers import act, pick_all, position

GAME = engine.get_game("ninjan")


def _greedy(state, seat: int, seed: int = 0) -> Action:
    action = PLAYERS.greedy_action(engine.view(state, seat), random.Random(seed))
    assert action in engine.legal_actions(state, seat)
    return action


def test_it_chooses_the_card_taking_the_most_points() -> None:
    # worth = best pile taken now - half the card: R2 takes S9 (9 - 1), P8 takes R3 (3 - 4),
    # S-1 takes the Paper-topped pile (-10 + 0.5)
    state = position(hands=[["R2", "P8", "S-1"], ["R5"]], piles=[["S9"], ["R3"], ["R-4", "P-6"]])
    assert _greedy(state, 0) == Action(0, "R2")


def test_it_dumps_a_negative_card_rather_than_take_a_negative_pile() -> None:
    # R8 would take -5 (and leave its 8 behind); P-6 takes nothing and poisons a pile
    state = position(hands=[["R8", "P-6"], ["R5"]], piles=[["S-5"], ["P4"], ["S-2", "P1"]])
    assert _greedy(state, 0) == Action(0, "P-6")


def test_it_changes_its_choice_only_to_another_card() -> None:
    state = position(hands=[["R2", "P8", "S-1"], ["R5"]], piles=[["S9"], ["R3"], ["P-6"]])
    act(state, 0, "R2")
    action = _greedy(state, 0)
    assert action.key != "R2"


def test_it_takes_the_best_qualifying_pile() -> None:
    state = position(hands=[["R8", "R2"], ["P-4", "S3"]], piles=[["S-3"], ["P7"], ["P2", "S9"]])
    pick_all(state, ["R8", "P-4"])
    assert state.phase == "take"
    assert _greedy(state, 0) == Action(0, "take:3")


@pytest.mark.parametrize(("card", "pile"), [("P-5", "place:2"), ("P6", "place:3")])
def test_it_places_a_negative_card_on_the_best_pile_and_others_on_the_worst(
    card: str, pile: str
) -> None:
    state = position(hands=[[card], ["S-6"]], piles=[["S1"], ["S4", "P9"], ["P-2"]])
    pick_all(state, [card, "S-6"])
    assert state.phase == "place" and state.resolving_seat() == 0
    assert _greedy(state, 0) == Action(0, pile)


def test_it_refuses_when_the_viewer_has_nothing_to_decide() -> None:
    state = position(hands=[["R2"], ["R5"]], piles=[["S9"], ["R3"], ["P-6"]])
    with pytest.raises(IllegalAction):
        PLAYERS.greedy_action(engine.view(state, None), random.Random(0))


def test_it_beats_random_play_in_two_player_games() -> None:
    rng = random.Random(2024)
    totals = {"greedy": 0, "random": 0}
    for game in range(100):
        state = engine.new_game("ninjan", 2, None, seed=game)
        greedy_seat = game % 2
        while engine.outcome(state) is None:
            seat = rng.choice(engine.deciding_seats(state))
            if seat == greedy_seat:
                action = PLAYERS.greedy_action(engine.view(state, seat), rng)
            else:
                action = engine.random_action(state, seat, rng)
            engine.apply(state, action)
        scores = engine.outcome(state).scores
        totals["greedy"] += scores[greedy_seat]
        totals["random"] += scores[1 - greedy_seat]
    assert totals["greedy"] > totals["random"] + 100  # a clear margin over 100 games


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_the_playout_move_is_the_greedy_players_move(seats: int) -> None:
    # the search's playouts read the sampled state straight (no view): they must play
    # exactly as the greedy player would on that seat's view, ties broken by the same draw
    rng = random.Random(f"ninjan-rollout-{seats}")
    compared = 0
    for game in range(12):
        state = engine.new_game("ninjan", seats, None, seed=game)
        while engine.outcome(state) is None:
            seat = rng.choice(engine.deciding_seats(state))
            pending = GAME.decisions(state)
            draw = rng.randrange(1000)
            fast = PLAYERS.rollout_action(state, pending, seat, random.Random(draw))
            assert fast == _greedy(state, seat, draw)
            compared += 1
            engine.apply(state, fast)
    assert compared > 12 * seats * 9  # every pick, and the takes and places among them
