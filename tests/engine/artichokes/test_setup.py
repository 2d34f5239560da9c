"""Setup — shared/rules/artichokes.md § Setup, § Components."""

import pytest

import engine
from tests.engine.artichokes.helpers import A, accounted, expected_cards


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_each_seat_starts_with_ten_artichokes_five_in_hand(seats: int) -> None:
    state = engine.new_game("artichokes", seats, None, 11)
    for zones in state.players:
        assert zones.hand == [A] * 5
        assert zones.deck == [A] * 5
        assert zones.discard == []
    assert len(state.row) == 5
    assert len(state.stack) + len(state.row) == 60
    assert A not in state.stack + state.row
    assert accounted(state) == expected_cards(state)
    assert state.phase == "harvest" and state.turn == 1


def test_rhubarb_adds_six_cards_to_the_stack() -> None:
    state = engine.new_game("artichokes", 4, {"rhubarb": True}, 11)
    assert len(state.stack) + len(state.row) == 66
    assert sum(accounted(state).values()) == 106


def test_player_counts_outside_two_to_four_are_refused() -> None:
    for seats in (1, 5):
        with pytest.raises(ValueError, match="2-4 players"):
            engine.new_game("artichokes", seats, None, 1)


def test_first_player_is_random_from_the_seed_unless_named() -> None:
    # [house] the bot picks at random (seeded) unless the host names the first player
    firsts = {engine.new_game("artichokes", 4, None, seed).active for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert (
        engine.new_game("artichokes", 4, None, 5).active
        == engine.new_game("artichokes", 4, None, 5).active
    )
    assert engine.new_game("artichokes", 3, {"first_player": 2}, 5).active == 2
    with pytest.raises(ValueError):
        engine.new_game("artichokes", 2, {"first_player": 3}, 5)


def test_setup_row_never_shows_four_of_a_kind() -> None:
    from collections import Counter

    for seed in range(300):
        row = engine.new_game("artichokes", 2, None, seed).row
        assert Counter(row).most_common(1)[0][1] < 4


def test_unknown_options_are_refused() -> None:
    with pytest.raises(ValueError):
        engine.new_game("artichokes", 2, {"rhubarbs": True}, 1)
