"""Setup — shared/rules/pentaquest.md § Components and setup."""

from __future__ import annotations

import pytest

import engine
from engine.chance import scripted
from engine.pentaquest.cards import DECK
from tests.engine.pentaquest.helpers import accounted


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_a_new_game_has_42_cards_five_in_the_quest_area_and_the_dice_rolled(seats: int) -> None:
    state = engine.new_game("pentaquest", seats, None, 11)
    assert accounted(state) == {card.id: 1 for card in DECK}
    assert len(state.quest) == 5 and len(state.deck) == 37
    assert len(state.dice) == 5 and all(1 <= d <= 6 for d in state.dice)
    assert state.armies == [[]] * seats and state.discards == [[]] * seats
    assert state.turn == 1 and state.phase == "turn" and state.free_rerolls == 2


def test_the_deck_is_shuffled_from_the_seed() -> None:
    orders = {tuple(engine.new_game("pentaquest", 1, None, seed).deck) for seed in range(10)}
    assert len(orders) == 10
    again = engine.new_game("pentaquest", 1, None, 3)
    assert engine.dumps(again) == engine.dumps(engine.new_game("pentaquest", 1, None, 3))


def test_the_first_player_is_drawn_at_random_unless_the_host_names_one() -> None:
    firsts = {engine.new_game("pentaquest", 4, None, seed).active for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    state = engine.new_game("pentaquest", 3, {"first_player": 2}, 1)
    assert state.active == state.first == 2


def test_solo_is_played_by_seat_0() -> None:
    with scripted(picks=[0]):
        state = engine.new_game("pentaquest", 1, None, 1)
    assert state.active == 0 and state.rng_counter == 2  # the shuffle and the roll only


def test_a_first_player_outside_the_table_is_refused() -> None:
    with pytest.raises(ValueError, match="first_player 3"):
        engine.new_game("pentaquest", 2, {"first_player": 3}, 1)


def test_the_game_seats_one_to_four() -> None:
    info = engine.get_game("pentaquest").info
    assert (info.min_players, info.max_players, info.scoring) == (1, 4, "scores")
    with pytest.raises(ValueError):
        engine.new_game("pentaquest", 5, None, 1)


def test_options_refuse_unknown_fields() -> None:
    with pytest.raises(ValueError):
        engine.new_game("pentaquest", 2, {"deck": "mine"}, 1)
