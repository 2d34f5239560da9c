"""Taking back a move in Ninjan — docs/undo.md § Ninjan, against shared/rules/ninjan.md
(§ A round, steps 1, 2 and 4)."""

import engine
from tests.engine.ninjan.helpers import keys, position
from tests.engine.undo_helpers import may_take_back, play, taken_back_exactly, timeline


def three_seats():
    return position(
        hands=[["R10", "P3"], ["P-6", "S4"], ["S-2", "R1"]],
        piles=[["S1"], ["S2"], ["P9"]],
        round=8,
    )


def test_a_secret_pick_may_be_taken_back_until_another_seat_answers() -> None:
    # § A round, 1: "a player may change their choice until all have chosen"
    state = three_seats()
    line = timeline(state)
    before = engine.clone(state)
    play(line, 0, "R10")
    assert may_take_back(line, 0)
    assert taken_back_exactly(line, 0, before)
    play(line, 0, "R10")
    play(line, 1, "P-6")
    assert not may_take_back(line, 0)  # seat 1 answered since
    assert "P3" in keys(line.state, 0)  # changing the choice stays possible, as before
    assert may_take_back(line, 1)


def test_the_last_pick_reveals_every_card_and_is_final() -> None:
    # § A round, 2: "All chosen cards are revealed together"
    state = three_seats()
    line = timeline(state)
    play(line, 0, "R10")
    play(line, 1, "P-6")
    play(line, 2, "S-2")
    assert line.state.phase != "pick"
    assert not any(may_take_back(line, seat) for seat in range(3))


def test_a_take_is_final() -> None:
    # § A round, 4: R10 beats both Scissors tops: its player chooses the pile to take; the next
    # card then resolves for another seat
    state = three_seats()
    line = timeline(state)
    play(line, 0, "R10")
    play(line, 1, "P-6")
    play(line, 2, "S-2")
    assert line.state.phase == "take" and sorted(keys(line.state, 0)) == ["take:1", "take:2"]
    play(line, 0, "take:2")
    assert line.state.taken[0] == ["S2"]
    assert not may_take_back(line, 0)
