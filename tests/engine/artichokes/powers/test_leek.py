"""Leek — shared/rules/artichokes.md § Card powers, Leek."""

from tests.engine.artichokes.helpers import A, act, keys, position


def test_needs_an_opponent_with_a_deck_or_discard_pile() -> None:
    state = position(hands=[["Leek"], [A], [A]], decks=[[A], [], []])
    assert "play:Leek" not in keys(state, 0)
    state = position(hands=[["Leek"], [A], [A]], discards=[[], [], ["Corn"]], auto_target=False)
    act(state, 0, "play:Leek")
    assert keys(state, 0) == ["target:2"]


def test_reveals_the_top_card_and_puts_it_on_their_discard_pile() -> None:
    state = position(hands=[["Leek"], [A]], decks=[[], [A, "Corn"]])
    events = act(state, 0, "play:Leek")
    assert state.revealed == ["Corn"]
    assert any(e.kind == "leek_revealed" and e.visible_to is None for e in events)
    assert keys(state, 0) == ["leek:discard", "leek:hand"]
    act(state, 0, "leek:discard")
    assert state.players[1].deck == [A]
    assert state.players[1].discard == ["Corn"]
    assert state.players[0].discard == ["Leek"]


def test_a_card_taken_into_hand_is_revealed_and_playable() -> None:
    state = position(hands=[["Leek"], [A]], decks=[[A], [A, "Potato"]])
    act(state, 0, "play:Leek")
    events = act(state, 0, "leek:hand")
    assert state.players[0].hand == ["Potato"]
    placed = next(e for e in events if e.kind == "leek_placed")
    assert placed.visible_to is None and placed.data["card"] == "Potato"
    assert "play:Potato" in keys(state, 0)


def test_an_empty_deck_is_made_from_the_discard_pile_first() -> None:
    state = position(hands=[["Leek"], [A]], discards=[[], ["Corn", "Corn"]])
    events = act(state, 0, "play:Leek")
    assert "deck_reshuffled" in [e.kind for e in events]
    assert state.players[1].discard == []
    assert state.players[1].deck == ["Corn"]
    assert state.revealed == ["Corn"]


def test_a_deck_with_cards_is_not_merged_with_the_discard_pile() -> None:
    state = position(hands=[["Leek"], [A]], decks=[[], [A, "Corn"]], discards=[[], ["Beet"]])
    events = act(state, 0, "play:Leek")
    assert "deck_reshuffled" not in [e.kind for e in events]
    assert state.revealed == ["Corn"] and state.players[1].discard == ["Beet"]
