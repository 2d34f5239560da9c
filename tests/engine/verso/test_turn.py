"""A turn: drawing (keep or flip), identical cards — shared/rules/verso.md § A turn, 1; § Words."""

import pytest

import engine
from engine.verso.cards import side_code
from tests.engine.verso.helpers import act, keys, kinds, position, row_codes


def test_a_turn_offers_drawing_kept_or_flipped_and_banking_a_held_series() -> None:
    state = position([["B3", "B4"], []], pile=["G5", "O2"])
    assert keys(state, 0) == ["bank:B34", "draw:flip", "draw:keep"]
    assert keys(state, 1) == []
    kinds_ = {d.kind for d in engine.decisions(state, 0)}
    assert kinds_ == {"draw", "bank"}


def test_banking_is_offered_only_with_a_series() -> None:
    state = position([["B3", "B5", "G4"], []], pile=["G5", "O2"])
    assert keys(state, 0) == ["draw:flip", "draw:keep"]


def test_keep_puts_the_shown_side_in_its_row_and_its_back_stays_unseen() -> None:
    state = position([["G1"], []], pile=["G5", "B3:1/G4"])
    events = act(state, 0, "draw:keep")
    assert row_codes(state, 0) == ["B3", "G1"]
    assert state.seen == []
    assert kinds(events) == ["drew", "kept"]
    assert events[0].data["side"] == {"colour": "Blue", "number": 3, "vp": 1}
    assert "down" not in repr(events)  # the back was never shown


def test_flip_shows_both_sides_and_the_card_joins_the_row_of_its_new_colour() -> None:
    state = position([["B1"], []], pile=["G5", "B3:1/G4"])
    events = act(state, 0, "draw:flip")
    assert row_codes(state, 0) == ["B1", "G4"]
    green4 = state.tableaux[0][1]
    assert green4 >> 1 in state.seen
    flipped = next(e for e in events if e.kind == "flipped")
    assert flipped.data["card"]["up"] == {"colour": "Green", "number": 4, "vp": 3}
    assert flipped.data["card"]["down"] == {"colour": "Blue", "number": 3, "vp": 1}
    assert flipped.data["to"] == "Green"


def test_keep_is_not_allowed_when_the_shown_side_is_identical_so_the_flip_is_forced() -> None:
    state = position([["B3:3"], []], pile=["G5", "B3:1/G4"])
    assert keys(state, 0) == ["draw:flip"]
    events = act(state, 0, "draw:flip")
    assert events[0].data["forced"] is True
    assert row_codes(state, 0) == ["B3", "G4"]


def test_identical_ignores_vp() -> None:
    # [ruling] § Words: identical = same colour and number; VP do not matter
    state = position([["B3:1"], []], pile=["G5", "B3:3"])
    assert "draw:keep" not in keys(state, 0)


def test_jokers_of_one_colour_are_identical_and_of_two_colours_are_not() -> None:
    same = position([["GJ:1"], []], pile=["G5", "GJ:3"])
    assert keys(same, 0) == ["draw:flip"]
    other = position([["BJ"], []], pile=["G5", "GJ"])
    assert "draw:keep" in keys(other, 0)


def test_a_flipped_card_identical_to_a_tableau_card_is_discarded() -> None:
    state = position([["G4:1"], []], pile=["G5", "B3:1/G4"])
    events = act(state, 0, "draw:flip")
    assert row_codes(state, 0) == ["G4"]
    assert [side_code(f) for f in state.discard] == ["G4"]
    flipped = next(e for e in events if e.kind == "flipped")
    assert flipped.data["to"] == "discarded"


def test_play_goes_in_seat_order() -> None:
    state = position([[], [], []], pile=["G5", "O2", "B3", "B4"], active=1)
    act(state, 1, "draw:keep")
    assert state.active == 2
    act(state, 2, "draw:keep")
    assert state.active == 0 and state.turn == 3
    assert keys(state, 1) == [] and keys(state, 2) == []


@pytest.mark.parametrize("key", ["draw:keep", "draw:flip"])
def test_draws_take_the_top_card_and_show_the_next_one(key: str) -> None:
    state = position([[], []], pile=["O2", "G5", "B3"])
    act(state, 0, key)
    assert len(state.pile) == 2
    assert engine.view(state, 1).top.code == "G5"
