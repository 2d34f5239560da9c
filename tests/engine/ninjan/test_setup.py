"""Components and setup — shared/rules/ninjan.md § Components and setup."""

from collections import Counter

import pytest

import engine
from engine.ninjan.cards import ALL_CARDS, SUIT, VALUE
from engine.ninjan.state import NinjanState
from tests.engine.ninjan.helpers import accounted


def test_the_game_is_registered_with_its_metadata() -> None:
    info = engine.get_game("ninjan").info
    assert (info.name, info.title) == ("ninjan", "Ninjan")
    assert (info.min_players, info.max_players) == (2, 5)
    assert info.scoring == "scores"
    assert info.state_model is NinjanState


def test_48_unique_cards_three_suits_values_minus_6_to_10_without_0() -> None:
    # [ruling] 48 unique cards: Rock, Paper, Scissors x (-6..-1, 1..10)
    assert len(ALL_CARDS) == len(set(ALL_CARDS)) == 48
    assert Counter(SUIT[c] for c in ALL_CARDS) == {"R": 16, "P": 16, "S": 16}
    for suit in "RPS":
        values = sorted(VALUE[c] for c in ALL_CARDS if SUIT[c] == suit)
        assert values == [-6, -5, -4, -3, -2, -1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    assert {"R7", "P-3", "S10"} <= set(ALL_CARDS)
    assert all(c.isascii() and len(c) <= 4 for c in ALL_CARDS)


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_nine_cards_each_three_face_up_piles_and_the_rest_out_of_the_game(seats: int) -> None:
    state = engine.new_game("ninjan", seats, None, seed=11)
    assert [len(h) for h in state.hands] == [9] * seats
    assert [len(p) for p in state.piles] == [1, 1, 1]
    assert len(state.out) == 48 - 9 * seats - 3
    assert accounted(state) == Counter(ALL_CARDS)  # every card once: hands differ
    assert state.round == 1 and state.phase == "pick"
    assert all(not t for t in state.taken)
    view = engine.view(state, 0)
    assert view.out_count == len(state.out)
    assert all(card not in repr(view) for card in state.out)  # unseen by everyone


@pytest.mark.parametrize("seats", [1, 6])
def test_two_to_five_players(seats: int) -> None:
    with pytest.raises(ValueError):
        engine.new_game("ninjan", seats, None, seed=1)


def test_the_deal_depends_on_the_seed() -> None:
    a = engine.new_game("ninjan", 3, None, seed=1)
    b = engine.new_game("ninjan", 3, None, seed=2)
    assert engine.dumps(a) == engine.dumps(engine.new_game("ninjan", 3, None, seed=1))
    assert a.hands != b.hands


def test_there_are_no_table_options() -> None:
    assert engine.parse_options("ninjan", None).model_dump() == {}
    with pytest.raises(ValueError):
        engine.parse_options("ninjan", {"variant": True})
