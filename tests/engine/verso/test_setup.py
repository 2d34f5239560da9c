"""Setup — shared/rules/verso.md § Setup, § Solo mode."""

import pytest

import engine
from engine import chance
from engine.verso.setup import pile_size
from tests.engine.verso.helpers import accounted

SIZES = {1: 35, 2: 30, 3: 45, 4: 60, 5: 75, 6: 90, 7: 90, 8: 90}


@pytest.mark.parametrize("seats", range(1, 9))
def test_the_draw_pile_has_15_cards_per_player_35_solo_all_90_for_7_or_8(seats: int) -> None:
    # [house] 7-8 players: all 90 cards
    state = engine.new_game("verso", seats, None, 11)
    assert len(state.pile) == pile_size(seats) == SIZES[seats]
    assert len(state.out) == 90 - SIZES[seats]
    assert accounted(state) == {card: 1 for card in range(90)}
    assert state.tableaux == [[] for _ in range(seats)]
    assert state.scores == [0] * seats and state.squares == [False] * seats
    assert state.phase == "turn" and state.turn == 1 and state.seen == [] and state.discard == []


def test_the_cards_out_of_the_game_are_unseen() -> None:
    state = engine.new_game("verso", 2, None, 11)
    view = engine.view(state, 0)
    assert view.out_count == 60
    assert view.pile_count == 30 and view.top is not None


def test_each_cards_up_side_is_chosen_at_random_from_the_seed() -> None:
    with chance.scripted(rolls=[1] * 35):
        low = engine.new_game("verso", 1, None, 5)
    assert all(face % 2 == 0 for face in low.pile)
    with chance.scripted(rolls=[2] * 35):
        high = engine.new_game("verso", 1, None, 5)
    assert all(face % 2 == 1 for face in high.pile)
    assert [f >> 1 for f in low.pile] == [f >> 1 for f in high.pile]  # the shuffle is apart
    state = engine.new_game("verso", 8, None, 5)
    ups = {face & 1 for face in state.pile}
    assert ups == {0, 1}
    assert engine.dumps(engine.new_game("verso", 8, None, 5)) == engine.dumps(state)


def test_the_cards_are_shuffled_from_the_seed() -> None:
    piles = {tuple(f >> 1 for f in engine.new_game("verso", 6, None, s).pile) for s in range(5)}
    assert len(piles) == 5


def test_the_first_player_is_random_from_the_seed() -> None:
    firsts = {engine.new_game("verso", 4, None, seed).active for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    with chance.scripted(picks=[2]):
        assert engine.new_game("verso", 4, None, 1).active == 2


@pytest.mark.parametrize("seats", [0, 9])
def test_one_to_eight_players(seats: int) -> None:
    with pytest.raises(ValueError, match="1-8 players"):
        engine.new_game("verso", seats, None, 1)


def test_the_game_is_registered_with_its_metadata() -> None:
    info = engine.get_game("verso").info
    assert (info.name, info.title, info.min_players, info.max_players, info.scoring) == (
        "verso",
        "Verso",
        1,
        8,
        "scores",
    )
    assert info.state_budget == 4096
