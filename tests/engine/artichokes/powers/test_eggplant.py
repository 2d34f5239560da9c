"""Eggplant — shared/rules/artichokes.md § Card powers, Eggplant; § Information."""

import pytest

import engine
from engine import Action
from tests.engine.artichokes.helpers import A, act, keys, position


def pass_decision(state, seat):
    """``seat``'s Eggplant decision (a multi-select of 2 cards of the hand)."""
    (decision,) = engine.decisions(state, seat)
    assert decision.kind == "pass" and (decision.min, decision.max) == (2, 2)
    assert decision.simultaneous
    return decision


def may_pass(state, seat, key) -> bool:
    """Whether ``key`` is a legal Eggplant answer of ``seat`` now."""
    return Action(seat, key) in engine.legal_actions(state, seat)


def three_seats():
    return position(
        hands=[
            ["Eggplant", A, "Corn", "Leek", "Corn"],
            [A, A, "Peas"],
            [A, "Beet", "Onion", "Potato"],
        ]
    )


def test_needs_an_artichoke() -> None:
    assert "play:Eggplant" not in keys(position(hands=[["Eggplant", "Corn"], [A]]), 0)
    assert "play:Eggplant" in keys(position(hands=[["Eggplant", A], [A]]), 0)


def test_composts_an_artichoke_and_itself_then_everyone_chooses() -> None:
    state = three_seats()
    act(state, 0, "play:Eggplant")
    assert sorted(state.compost) == [A, "Eggplant"]
    assert state.phase == "eggplant"
    assert engine.deciding_seats(state) == (0, 1, 2)
    # a choice of 2 of the cards in hand, as one multi-select (never enumerated)
    assert pass_decision(state, 0).options == ("Corn", "Corn", "Leek")
    assert keys(state, 0) == []
    assert may_pass(state, 0, "pass:Corn+Corn") and may_pass(state, 0, "pass:Corn+Leek")
    assert may_pass(state, 1, "pass:Artichoke+Artichoke")
    assert may_pass(state, 1, "pass:Artichoke+Peas")
    assert not may_pass(state, 2, "pass:Artichoke+Artichoke")  # only one Artichoke there


@pytest.mark.parametrize(
    "key",
    [
        "pass:Corn",  # one card: 2 are passed
        "pass:Corn+Corn+Leek",  # three
        "pass:Leek+Leek",  # one Leek only
        "pass:Corn+Beet",  # no Beet in hand
        "pass:Leek+Corn",  # not in sorted order: not a key
        "play:Eggplant",
    ],
)
def test_only_two_cards_of_the_hand_can_be_passed(key: str) -> None:
    state = three_seats()
    act(state, 0, "play:Eggplant")
    assert not may_pass(state, 0, key)
    with pytest.raises(engine.IllegalAction):
        act(state, 0, key)


def test_passes_go_to_the_next_seat_once_all_have_chosen() -> None:
    state = three_seats()
    act(state, 0, "play:Eggplant")
    act(state, 1, "pass:Artichoke+Peas")
    act(state, 2, "pass:Beet+Onion")
    assert state.phase == "eggplant"  # seat 0 has not chosen: nothing moved yet
    assert sorted(state.players[1].hand) == [A, A, "Peas"]
    act(state, 0, "pass:Corn+Leek")
    assert sorted(state.players[0].hand) == ["Beet", "Corn", "Onion"]
    assert sorted(state.players[1].hand) == [A, "Corn", "Leek"]
    assert sorted(state.players[2].hand) == [A, A, "Peas", "Potato"]
    assert state.phase == "play" and state.active == 0


def test_a_choice_can_be_changed_until_all_have_chosen() -> None:
    state = three_seats()
    act(state, 0, "play:Eggplant")
    act(state, 1, "pass:Artichoke+Artichoke")
    assert engine.deciding_seats(state) == (0, 2)
    act(state, 1, "pass:Artichoke+Peas")  # change of mind
    act(state, 0, "pass:Corn+Leek")
    act(state, 2, "pass:Beet+Onion")
    assert sorted(state.players[2].hand) == [A, A, "Peas", "Potato"]


def test_choices_stay_hidden_until_all_have_chosen() -> None:
    state = three_seats()
    act(state, 0, "play:Eggplant")
    events = act(state, 1, "pass:Artichoke+Peas")
    for viewer in (0, 2, None):
        assert [e.data for e in engine.events_for(events, viewer)] == [{"changed": False}]
        view = engine.view(state, viewer)
        assert view.my_pass is None
        assert [s.pass_chosen for s in view.seats] == [False, True, False]
    assert engine.view(state, 1).my_pass == (A, "Peas")


def test_passed_cards_are_seen_by_giver_and_receiver_only() -> None:
    state = three_seats()
    act(state, 0, "play:Eggplant")
    act(state, 1, "pass:Artichoke+Peas")
    act(state, 2, "pass:Beet+Onion")
    events = act(state, 0, "pass:Corn+Leek")
    card_events = [e for e in events if e.kind == "passed_cards"]
    assert {(e.seat, e.data["to"], e.visible_to) for e in card_events} == {
        (0, 1, (0, 1)),
        (1, 2, (1, 2)),
        (2, 0, (2, 0)),
    }
    public = [e for e in engine.events_for(events, None) if e.kind == "passed"]
    assert all("cards" not in e.data for e in public) and len(public) == 3


def test_fewer_than_two_cards_pass_all_of_them_without_a_choice() -> None:
    # [house] a seat with 2 cards or fewer has nothing to choose: committed automatically.
    state = position(hands=[["Eggplant", A, "Corn", "Leek", "Beet"], [], ["Beet"], [A, "Peas"]])
    act(state, 0, "play:Eggplant")
    assert engine.deciding_seats(state) == (0,)
    for seat in (1, 2, 3):
        assert not engine.legal_actions(state, seat)
    act(state, 0, "pass:Corn+Leek")
    assert sorted(state.players[0].hand) == [A, "Beet", "Peas"]
    assert state.players[1].hand == ["Corn", "Leek"]
    assert state.players[2].hand == []
    assert state.players[3].hand == ["Beet"]


def test_everyone_short_resolves_at_once() -> None:
    state = position(hands=[["Eggplant", A, "Corn"], ["Beet"]])
    act(state, 0, "play:Eggplant")
    assert state.phase == "play"
    assert state.players[0].hand == ["Beet"]
    assert state.players[1].hand == ["Corn"]


def test_choosing_the_same_pass_again_is_not_a_move() -> None:
    state = three_seats()
    act(state, 0, "play:Eggplant")
    act(state, 1, "pass:Artichoke+Peas")
    assert pass_decision(state, 1).committed == (A, "Peas")
    assert not may_pass(state, 1, "pass:Artichoke+Peas")  # only a real change is a move
    assert may_pass(state, 1, "pass:Artichoke+Artichoke")
    with pytest.raises(engine.IllegalAction):
        act(state, 1, "pass:Artichoke+Peas")
