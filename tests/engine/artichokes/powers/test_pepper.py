"""Pepper — shared/rules/artichokes.md § Card powers, Pepper."""

from tests.engine.artichokes.helpers import A, act, keys, position


def test_needs_a_card_in_the_discard_pile_not_counting_itself() -> None:
    assert "play:Pepper" not in keys(position(hands=[["Pepper", "Pepper"], [A]]), 0)


def test_a_card_played_earlier_this_turn_counts() -> None:
    state = position(hands=[["Pepper", "Potato"], [A]], decks=[[A], []])
    assert "play:Pepper" not in keys(state, 0)
    act(state, 0, "play:Potato")  # Artichoke composted, Potato on the Discard Pile
    assert "play:Pepper" in keys(state, 0)
    act(state, 0, "play:Pepper")
    assert keys(state, 0) == ["pepper:Potato"]


def test_any_discard_pile_card_goes_on_top_of_the_deck() -> None:
    state = position(hands=[["Pepper"], [A]], decks=[[A], []], discards=[["Beet", A, "Corn"], []])
    act(state, 0, "play:Pepper")
    assert keys(state, 0) == ["pepper:Artichoke", "pepper:Beet", "pepper:Corn"]
    act(state, 0, "pepper:Beet")
    assert state.players[0].deck == [A, "Beet"]
    assert state.players[0].discard == [A, "Corn", "Pepper"]


def test_the_top_most_copy_is_taken() -> None:
    state = position(hands=[["Pepper"], [A]], discards=[["Beet", A, "Beet"], []])
    act(state, 0, "play:Pepper")
    act(state, 0, "pepper:Beet")
    assert state.players[0].discard == ["Beet", A, "Pepper"]
