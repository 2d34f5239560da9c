"""Carrot — shared/rules/artichokes.md § Card powers, Carrot."""

from tests.engine.artichokes.helpers import A, act, keys, position


def test_needs_two_artichokes() -> None:
    assert "play:Carrot" not in keys(position(hands=[["Carrot", A, "Corn"], [A]]), 0)
    assert "play:Carrot" in keys(position(hands=[["Carrot", A, A], [A]]), 0)


def test_not_playable_after_another_card() -> None:
    state = position(hands=[["Carrot", "Broccoli", A, A, A], [A]])
    act(state, 0, "play:Broccoli")
    assert state.players[0].hand.count(A) == 2
    assert "play:Carrot" not in keys(state, 0)


def test_harvesting_does_not_count_as_a_play() -> None:
    state = position(hands=[[A, A], [A]], row=["Carrot"], phase="harvest")
    act(state, 0, "harvest:Carrot")
    assert "play:Carrot" in keys(state, 0)


def test_composts_two_artichokes_and_itself_then_the_turn_ends() -> None:
    state = position(
        hands=[["Carrot", A, A, A, "Corn"], [A]],
        decks=[[A, A, A, A, A], [A, A, A, A, A]],
    )
    events = act(state, 0, "play:Carrot")
    assert sorted(state.compost) == [A, A, "Carrot"]
    # play phase over: the rest of the hand was discarded and a new hand drawn
    assert sorted(state.players[0].discard) == [A, "Corn"]
    assert state.players[0].hand == [A] * 5
    assert state.active == 1
    assert "turn_ended" in [e.kind for e in events]
