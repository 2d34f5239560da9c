"""The five phases — shared/rules/artichokes.md § A turn: five phases."""

import engine
from engine.artichokes.zones import MAX_ROW_RESHUFFLES, replenish_row
from tests.engine.artichokes.helpers import A, act, keys, kinds, position


def test_replenish_fills_the_row_to_five_at_the_start_of_a_turn() -> None:
    state = position(
        hands=[[A], [A]],
        decks=[[A] * 5, [A] * 5],
        row=["Beet"],
        stack=["Leek", "Peas", "Onion", "Potato", "Pepper", "Carrot"],
    )
    act(state, 0, "end")
    assert state.active == 1
    assert state.row == ["Beet", "Carrot", "Pepper", "Potato", "Onion"]
    assert state.stack == ["Leek", "Peas"]
    assert state.phase == "harvest"


def test_four_of_a_kind_reshuffles_the_row_into_the_stack() -> None:
    state = position(
        hands=[[A], [A]],
        row=["Beet", "Beet", "Beet"],
        stack=["Leek", "Corn", "Peas", "Onion", "Potato", "Beet"],
    )
    ev: list = []
    replenish_row(state, ev)
    assert kinds(ev)[:2] == ["row_filled", "row_reshuffled"]
    assert ev[1].data["cards"] == ["Beet", "Beet", "Beet", "Beet", "Potato"]
    assert len(state.row) == 5 and len(state.stack) == 4
    assert sorted(state.row + state.stack) == sorted(
        ["Beet"] * 4 + ["Leek", "Corn", "Peas", "Onion", "Potato"]
    )


def test_the_reshuffle_is_repeated_at_most_five_times() -> None:
    state = position(hands=[[A], [A]], row=[], stack=["Beet"] * 9 + ["Corn"])
    ev: list = []
    replenish_row(state, ev)
    assert kinds(ev).count("row_reshuffled") == MAX_ROW_RESHUFFLES == 5
    assert state.row.count("Beet") >= 4  # kept after the fifth try


def test_the_check_is_skipped_when_the_stack_is_empty_after_filling() -> None:
    state = position(hands=[[A], [A]], row=["Beet"], stack=["Beet", "Beet", "Beet", "Corn"])
    ev: list = []
    replenish_row(state, ev)
    assert "row_reshuffled" not in kinds(ev)
    assert sorted(state.row) == ["Beet"] * 4 + ["Corn"]


def test_harvest_is_mandatory_when_the_row_has_cards() -> None:
    state = position(
        hands=[["Potato"], [A]], decks=[[A], []], row=["Corn", "Beet"], phase="harvest"
    )
    assert keys(state, 0) == ["harvest:Beet", "harvest:Corn"]  # no "end", no "play:Potato"


def test_harvest_is_skipped_when_the_row_is_empty() -> None:
    state = position(hands=[[A], [A]], decks=[[A] * 5, [A] * 5])
    act(state, 0, "end")
    assert state.active == 1 and state.row == [] and state.phase == "play"


def test_a_harvested_card_may_be_played_this_turn() -> None:
    state = position(hands=[[A], [A]], decks=[[A], []], row=["Potato"], phase="harvest")
    act(state, 0, "harvest:Potato")
    assert state.row == [] and "play:Potato" in keys(state, 0)


def test_artichokes_are_never_played_on_their_own() -> None:
    assert keys(position(hands=[[A, A, A], [A]]), 0) == ["end"]


def test_a_played_card_goes_on_top_of_the_own_discard_pile() -> None:
    state = position(hands=[["Broccoli", A, A, A], [A]], discards=[["Corn"], []])
    act(state, 0, "play:Broccoli")
    assert state.players[0].discard == ["Corn", "Broccoli"]


def test_discard_then_draw_five() -> None:
    state = position(hands=[[A, "Corn"], [A]], decks=[["Beet", A, A, A, A, A], []])
    events = act(state, 0, "end")
    assert sorted(state.players[0].discard) == [A, "Corn"]
    assert state.players[0].hand == [A] * 5
    assert state.players[0].deck == ["Beet"]
    assert kinds(events)[:4] == ["turn_ended", "discarded", "drew", "drew_cards"]


def test_an_exhausted_deck_is_reshuffled_mid_draw() -> None:
    state = position(hands=[["Corn"], [A]], decks=[[A, A], []], discards=[[A, A, A], []])
    events = act(state, 0, "end")
    assert kinds(events).count("deck_reshuffled") == 1
    assert len(state.players[0].hand) == 5
    assert len(state.players[0].deck) == 1 and state.players[0].discard == []


def test_with_deck_and_discard_pile_empty_the_hand_stays_short() -> None:
    state = position(hands=[[], [A]], decks=[[A, A], []])
    act(state, 0, "end")
    assert state.players[0].hand == [A, A]


def test_no_reshuffle_before_the_draw_needs_it() -> None:
    state = position(
        hands=[[A], [A]], decks=[[], [A] * 5], discards=[[A, A], []], row=["Corn"], phase="harvest"
    )
    act(state, 0, "harvest:Corn")
    assert state.players[0].deck == [] and state.players[0].discard == [A, A]


def test_turns_pass_in_seat_order() -> None:
    state = position(hands=[[A], [A], [A]], decks=[[A] * 5] * 3, active=2)
    act(state, 2, "end")
    assert state.active == 0 and state.turn == 2


def test_only_the_deciding_seat_may_act() -> None:
    state = position(hands=[[A], [A]])
    assert engine.deciding_seats(state) == (0,)
    assert keys(state, 1) == []
