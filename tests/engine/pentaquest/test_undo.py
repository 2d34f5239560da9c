"""Taking back a move in Pentaquest — docs/undo.md § Pentaquest, against
shared/rules/pentaquest.md (§ A turn, § Powers, § Capture)."""

import engine
from tests.engine.pentaquest.helpers import GOBLIN, RAT, WISP, position
from tests.engine.undo_helpers import may_take_back, play, taken_back_exactly, timeline


def test_an_army_card_that_changes_a_die_may_be_taken_back() -> None:
    # § Powers, add: +1 to one die — nothing hidden is shown and no chance decides
    state = position(dice=(1, 2, 3, 4, 6), armies=[[GOBLIN, RAT]])
    line = timeline(state)
    start = engine.clone(state)
    play(line, 0, f"use:{GOBLIN}")
    chosen = engine.clone(line.state)
    play(line, 0, "die:3")
    assert line.state.dice == [1, 2, 3, 5, 6]
    assert taken_back_exactly(line, 0, chosen)
    assert taken_back_exactly(line, 0, start)
    assert line.state.free_rerolls == 1  # the free reroll is back with the card


def test_a_reroll_army_card_is_final() -> None:
    # § Powers, reroll: "the new results stand" — chance decides
    state = position(dice=(1, 2, 3, 4, 6), armies=[[WISP]])
    line = timeline(state)
    play(line, 0, f"use:{WISP}")
    assert may_take_back(line, 0)  # the card chosen, no die rerolled yet
    play(line, 0, "dice:0+1")
    assert not may_take_back(line, 0)


def test_a_roll_is_final() -> None:
    # § A turn, 3: the free reroll — "the new results stand, better or worse"
    state = position(dice=(1, 2, 3, 4, 6), armies=[[GOBLIN]])
    line = timeline(state)
    play(line, 0, "reroll:0+1+2")
    assert not may_take_back(line, 0)


def test_ending_the_turn_is_final() -> None:
    # § A turn, 5 and 1-2: the next turn fills the quest area from the deck and rolls
    state = position(dice=(1, 2, 3, 4, 6), armies=[[GOBLIN], []], free_rerolls=0)
    line = timeline(state)
    play(line, 0, "end")
    assert not may_take_back(line, 0) and not may_take_back(line, 1)
