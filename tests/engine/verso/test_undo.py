"""Taking back a move in Verso — docs/undo.md § Verso, against shared/rules/verso.md
(§ A turn, § End of the game, § Information)."""

import engine
from tests.engine.undo_helpers import may_take_back, play, taken_back_exactly, timeline
from tests.engine.verso.helpers import position


def test_a_draw_is_final() -> None:
    # § A turn, 1: drawing shows the next card's shown side, and the turn passes
    state = position([["B1"], ["G5"]], pile=["O4", "B3", "G2"])
    line = timeline(state)
    play(line, 0, "draw:keep")
    assert not may_take_back(line, 0)


def test_a_flip_is_final() -> None:
    # § A turn, 1: "flip it first (its other side becomes the up side; everyone sees both
    # sides now)"
    state = position([["B1"], ["G5"]], pile=["O4", "B3", "G2"])
    line = timeline(state)
    play(line, 0, "draw:flip")
    assert not may_take_back(line, 0)


def test_a_solo_draw_is_final_the_simulated_opponent_turns_a_card() -> None:
    # § Solo mode: "the simulated opponent plays: turn over the top card"
    state = position([["B1"]], pile=["O4", "B3", "G2"])
    line = timeline(state)
    play(line, 0, "draw:keep")
    assert not may_take_back(line, 0)


def test_a_bank_is_final_neighbours_flip() -> None:
    # § A turn, 2: each neighbour flips their highest card of the series' colour
    state = position([["B1", "B2", "G4"], ["B5", "O3"]], pile=["O4", "B3", "G2"])
    line = timeline(state)
    play(line, 0, "bank:B12")
    assert not may_take_back(line, 0)


def test_a_final_series_may_be_taken_back_until_another_seat_answers() -> None:
    # § End of the game [house]: "a choice stays hidden and can be changed until everyone
    # has chosen"
    state = position(
        [["B1:1", "B2:3", "G5"], ["O1"], ["G2:1", "G3:1", "G4:3", "OJ", "O2:3"]], pile=["O4"]
    )
    play(timeline(state), 0, "draw:keep")  # (changes ``state`` in place: the last card)
    assert state.phase == "final"
    line = timeline(state)
    before = engine.clone(state)
    play(line, 2, "final:G234")
    assert may_take_back(line, 2)
    assert taken_back_exactly(line, 2, before)
    play(line, 2, "final:G234")
    play(line, 0, "final:B12")  # the last answer: everything is revealed and banked
    assert engine.outcome(line.state) is not None
    assert not may_take_back(line, 0) and not may_take_back(line, 2)
