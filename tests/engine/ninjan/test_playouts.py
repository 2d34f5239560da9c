"""Whole random games: every card accounted for, the budgets, the texts."""

import random
from collections import Counter

import pytest

import engine
from engine.ninjan.cards import ALL_CARDS
from tests.engine.ninjan.helpers import accounted, position


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_all_48_cards_are_accounted_for_in_every_state(seats: int) -> None:
    rng = random.Random(f"ninjan-cards-{seats}")
    info = engine.get_game("ninjan").info
    every = Counter(ALL_CARDS)
    for game in range(30):
        state = engine.new_game("ninjan", seats, None, seed=game)
        actions = 0
        while engine.outcome(state) is None:
            assert accounted(state) == every
            assert len(engine.dumps(state)) <= info.state_budget
            seat = rng.choice(engine.deciding_seats(state))
            # sometimes a committed seat changes its mind first
            committed = [d.seat for d in engine.decisions(state) if d.committed is not None]
            if committed and rng.random() < 0.2:
                seat = rng.choice(committed)
                legal = engine.legal_actions(state, seat).keys()
                if not legal:
                    continue  # its last card: there is nothing to change to
                engine.apply(state, engine.Action(seat, rng.choice(legal)))
                continue  # a change of mind: not counted by max_actions
            engine.apply(state, engine.random_action(state, seat, rng))
            actions += 1
        assert accounted(state) == every
        assert all(not hand for hand in state.hands)
        assert actions <= info.max_actions
        assert state.round == 9


def test_descriptions_name_cards_and_piles() -> None:
    state = position(hands=[["R7", "P-3"], ["S2"]], piles=[["S4"], ["S1"], ["R-6"]])
    assert engine.describe_action(state, engine.Action(0, "P-3")) == "Choose -3 Paper"
    engine.apply(state, engine.Action(0, "R7"))
    engine.apply(state, engine.Action(1, "S2"))
    assert state.phase == "take"
    assert engine.describe_action(state, engine.Action(0, "take:2")) == "Take pile 2 with 7 Rock"
    assert engine.describe_action(state, engine.Action(0, "place:1")) == "Put 7 Rock on pile 1"


def test_the_reference_explains_the_round_and_the_cycle() -> None:
    ref = engine.reference("ninjan")
    assert ref.overview and all(text.isascii() for text in ref.overview)
    (section,) = ref.sections
    assert [name for name, _ in section.entries] == ["Rock", "Scissors", "Paper", "Equal values"]
    assert "Ninjan" in engine.get_game("ninjan").reference_texts()
