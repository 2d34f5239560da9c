"""Potato — shared/rules/artichokes.md § Card powers, Potato."""

from tests.engine.artichokes.helpers import A, act, keys, position


def test_needs_a_deck_or_discard_pile() -> None:
    assert "play:Potato" not in keys(position(hands=[["Potato"], [A]]), 0)


def test_an_artichoke_on_top_is_composted() -> None:
    state = position(hands=[["Potato"], [A]], decks=[["Corn", A], []])
    act(state, 0, "play:Potato")
    assert state.compost == [A]
    assert state.players[0].deck == ["Corn"]
    assert state.players[0].discard == ["Potato"]


def test_anything_else_goes_to_the_discard_pile() -> None:
    state = position(hands=[["Potato"], [A]], decks=[[A, "Corn"], []])
    act(state, 0, "play:Potato")
    assert state.compost == []
    assert state.players[0].deck == [A]
    assert state.players[0].discard == ["Corn", "Potato"]


def test_an_empty_deck_is_made_from_the_discard_pile_first() -> None:
    state = position(hands=[["Potato"], [A]], discards=[[A, A], []])
    events = act(state, 0, "play:Potato")
    assert "deck_reshuffled" in [e.kind for e in events]
    assert state.compost == [A]
    assert state.players[0].deck == [A]
    assert state.players[0].discard == ["Potato"]


def test_a_deck_with_cards_is_not_merged_with_the_discard_pile() -> None:
    # § Draw: never reshuffle at any other time, except when the Deck is empty
    state = position(hands=[["Potato"], [A]], decks=[[A, "Corn"], []], discards=[["Beet"], []])
    events = act(state, 0, "play:Potato")
    assert "deck_reshuffled" not in [e.kind for e in events]
    assert state.players[0].deck == [A]
    assert state.players[0].discard == ["Beet", "Corn", "Potato"]
