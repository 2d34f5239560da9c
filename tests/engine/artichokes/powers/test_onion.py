"""Onion — shared/rules/artichokes.md § Card powers, Onion."""

from tests.engine.artichokes.helpers import A, act, keys, position


def test_needs_an_artichoke() -> None:
    assert "play:Onion" not in keys(position(hands=[["Onion", "Corn"], [A]]), 0)


def test_composts_an_artichoke_and_lands_on_an_opponents_discard_pile() -> None:
    state = position(hands=[["Onion", A, A], [A], [A]], discards=[[], ["Corn"], []])
    act(state, 0, "play:Onion")
    assert keys(state, 0) == ["target:1", "target:2"]  # never your own pile
    act(state, 0, "target:1")
    assert state.compost == [A]
    assert state.players[0].hand == [A]
    assert state.players[1].discard == ["Corn", "Onion"]
    assert state.players[0].discard == []
