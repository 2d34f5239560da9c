"""Broccoli — shared/rules/artichokes.md § Card powers, Broccoli."""

from tests.engine.artichokes.helpers import A, act, keys, position


def test_needs_three_artichokes() -> None:
    assert "play:Broccoli" not in keys(position(hands=[["Broccoli", A, A, "Corn"], [A]]), 0)
    assert "play:Broccoli" in keys(position(hands=[["Broccoli", A, A, A], [A]]), 0)


def test_composts_one_artichoke() -> None:
    state = position(hands=[["Broccoli", A, A, A, "Corn"], [A]])
    act(state, 0, "play:Broccoli")
    assert sorted(state.players[0].hand) == [A, A, "Corn"]
    assert state.compost == [A]
    assert state.players[0].discard == ["Broccoli"]
    assert state.phase == "play"
