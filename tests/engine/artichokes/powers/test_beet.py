"""Beet — shared/rules/artichokes.md § Card powers, Beet."""

from engine.types import Event
from tests.engine.artichokes.helpers import A, act, keys, position


def test_needs_another_card_in_hand() -> None:
    state = position(hands=[["Beet"], [A]])
    assert "play:Beet" not in keys(state, 0)


def test_needs_an_opponent_holding_a_card() -> None:
    state = position(hands=[["Beet", A], [], []])
    assert "play:Beet" not in keys(state, 0)


def test_only_opponents_with_cards_are_targets() -> None:
    state = position(hands=[["Beet", A], [], ["Corn"], [A]])
    act(state, 0, "play:Beet")
    assert keys(state, 0) == ["target:2", "target:3"]


def test_two_artichokes_are_both_composted() -> None:
    state = position(hands=[["Beet", A], [A]], auto_target=False)
    act(state, 0, "play:Beet")
    events = act(state, 0, "target:1")
    assert state.players[0].hand == [] and state.players[1].hand == []
    assert state.compost == [A, A]
    assert state.players[0].discard == ["Beet"]
    beet = next(e for e in events if e.kind == "beet")
    assert beet == Event("beet", 0, {"target": 1, "taken": A, "given": A, "composted": True})
    assert beet.visible_to is None  # both cards are revealed to everybody


def test_otherwise_the_cards_are_swapped() -> None:
    state = position(hands=[["Beet", "Corn"], [A]], auto_target=False)
    act(state, 0, "play:Beet")
    act(state, 0, "target:1")
    assert state.players[0].hand == [A]
    assert state.players[1].hand == ["Corn"]
    assert state.compost == []
    assert state.players[0].discard == ["Beet"]


def test_the_beet_leaves_the_hand_before_the_random_picks() -> None:
    # Whatever the seed, the opponent can only receive the Artichoke, never the Beet itself.
    for seed in range(20):
        state = position(hands=[["Beet", A], ["Corn"]], seed=seed, auto_target=False)
        act(state, 0, "play:Beet")
        act(state, 0, "target:1")
        assert state.players[1].hand == [A]


def test_a_received_vegetable_can_be_played_this_turn() -> None:
    state = position(hands=[["Beet", A], ["Potato"]], decks=[[A], []], auto_target=False)
    act(state, 0, "play:Beet")
    act(state, 0, "target:1")
    assert state.players[0].hand == ["Potato"]
    assert "play:Potato" in keys(state, 0)


def test_a_single_legal_target_is_chosen_automatically_by_default() -> None:
    state = position(hands=[["Beet", A], [A], []])
    events = act(state, 0, "play:Beet")
    assert [e.kind for e in events][:2] == ["played", "auto_target"]
    assert state.phase == "play" and state.compost == [A, A]


def test_the_pick_is_random_but_seeded() -> None:
    def taken(seed: int) -> str:
        state = position(hands=[["Beet", A], ["Corn", "Leek", "Peas", "Onion"]], seed=seed)
        act(state, 0, "play:Beet")  # the only opponent is targeted automatically
        return state.players[0].hand[0]

    assert taken(3) == taken(3)
    assert len({taken(seed) for seed in range(40)}) > 1
