"""Peas — shared/rules/artichokes.md § Card powers, Peas."""

from tests.engine.artichokes.helpers import A, act, keys, position


def test_needs_two_cards_in_the_garden_stack() -> None:
    # [ruling] one card in the Stack is not enough
    assert "play:Peas" not in keys(position(hands=[["Peas"], [A]], stack=["Corn"]), 0)
    assert "play:Peas" in keys(position(hands=[["Peas"], [A]], stack=["Corn", "Beet"]), 0)


def test_keep_one_give_the_other_to_a_chosen_opponent() -> None:
    state = position(hands=[["Peas"], [A], [A]], stack=["Onion", "Corn", "Beet"])
    events = act(state, 0, "play:Peas")
    assert next(e for e in events if e.kind == "peas_revealed").data == {"cards": ["Beet", "Corn"]}
    assert keys(state, 0) == ["keep:Beet", "keep:Corn"]
    act(state, 0, "keep:Corn")
    assert keys(state, 0) == ["target:1", "target:2"]
    act(state, 0, "target:2")
    assert state.players[0].discard == ["Corn", "Peas"]
    assert state.players[2].discard == ["Beet"]
    assert state.stack == ["Onion"]
    assert state.phase == "play"


def test_two_identical_cards_offer_one_keep() -> None:
    state = position(hands=[["Peas"], [A]], stack=["Corn", "Corn"])
    act(state, 0, "play:Peas")
    assert keys(state, 0) == ["keep:Corn"]
    act(state, 0, "keep:Corn")  # the single opponent is targeted automatically
    assert state.players[0].discard == ["Corn", "Peas"] and state.players[1].discard == ["Corn"]
