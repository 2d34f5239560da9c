"""Solo mode: the simulated opponent and the ladder — shared/rules/verso.md § Solo mode."""

import pytest

import engine
from engine.verso.cards import side_code
from engine.verso.ladder import LADDER, ladder_line, ladder_rung
from tests.engine.verso.helpers import act, kinds, position, row_codes


def opponent(events):
    (event,) = [e for e in events if e.kind == "opponent"]
    return event


def test_after_each_turn_the_opponent_turns_the_top_card_over_and_discards_it() -> None:
    state = position([["O1"]], pile=["O5", "G4/B3", "G2"])
    events = act(state, 0, "draw:keep")
    event = opponent(events)
    assert event.data["card"]["up"]["colour"] == "Blue"  # the revealed side
    assert event.data["card"]["down"]["colour"] == "Green"  # the side that was up
    assert [side_code(f) for f in state.discard] == ["B3"]
    assert len(state.pile) == 1 and state.turn == 2 and state.active == 0


def test_the_opponent_also_plays_after_a_bank() -> None:
    state = position([["B1", "B2"]], pile=["O5", "G4/B3", "G2"])
    events = act(state, 0, "bank:B12")
    assert kinds(events)[0] == "banked"
    assert opponent(events).data["effect"] == "not_higher"


@pytest.mark.parametrize("card", ["B2/GJ", "GJ/B2"])
def test_a_joker_on_either_side_does_nothing(card: str) -> None:
    state = position([["B1", "G1", "G5"]], pile=["O5", card, "O3"])
    events = act(state, 0, "draw:keep")
    assert opponent(events).data["effect"] == "joker"
    assert row_codes(state, 0) == ["B1", "G1", "G5", "O3"]


def test_a_higher_revealed_number_flips_your_highest_card_of_its_colour() -> None:
    state = position([["B2", "B5/O4", "G1"]], pile=["O5", "G3/B4", "O1"])
    events = act(state, 0, "draw:keep")
    assert opponent(events).data["effect"] == "flip"
    flip = next(e for e in events if e.kind == "opponent_flip")
    assert flip.seat == 0 and flip.data["to"] == "Orange"
    assert row_codes(state, 0) == ["B2", "G1", "O1", "O4"]


def test_a_lower_revealed_number_does_nothing() -> None:
    state = position([["B2", "B5"]], pile=["O5", "G4/B3", "O1"])
    events = act(state, 0, "draw:keep")
    assert opponent(events).data["effect"] == "not_higher"
    assert row_codes(state, 0) == ["B2", "B5", "O1"]


def test_higher_compares_numbers_not_the_cycle() -> None:
    # 6 behind a 1 is higher; 1 behind a 6 is not
    up = position([["B2"]], pile=["O5", "O1/B6", "O2"])
    assert opponent(act(up, 0, "draw:keep")).data["effect"] == "flip"
    down = position([["B2"]], pile=["O5", "O6/B1", "O2"])
    assert opponent(act(down, 0, "draw:keep")).data["effect"] == "not_higher"


def test_the_opponent_flips_a_joker_only_when_it_is_your_only_card_of_that_colour() -> None:
    both = position([["BJ", "B2/O3"]], pile=["O5", "G3/B4", "G1"])
    act(both, 0, "draw:keep")
    assert row_codes(both, 0) == ["BJ", "G1", "O3"]
    alone = position([["BJ/O2"]], pile=["O5", "G3/B4", "G1"])
    act(alone, 0, "draw:keep")
    assert row_codes(alone, 0) == ["G1", "O2"]


def test_with_no_card_of_that_colour_nothing_is_flipped() -> None:
    state = position([["G2"]], pile=["O5", "G3/B4", "G1"])
    events = act(state, 0, "draw:keep")
    assert "opponent_flip" not in kinds(events) and "no_flip" in kinds(events)
    assert row_codes(state, 0) == ["G1", "G2"]


def test_a_card_the_opponent_flips_into_an_identical_side_is_discarded() -> None:
    state = position([["B5/O4", "O4"]], pile=["O5", "G3/B4", "G1"])
    act(state, 0, "draw:keep")
    assert row_codes(state, 0) == ["G1", "O4"]
    assert [side_code(f) for f in state.discard] == ["O4", "B4"]


def test_an_opponent_flip_can_complete_a_square() -> None:
    mine = ["B1", "B2", "B6/O5", "G1", "G2", "G3", "O1", "O2"]
    state = position([mine], pile=["O6", "G3/B4", "B3"])
    events = act(state, 0, "draw:keep")  # B3: 4 blue; then the opponent flips B6 -> O5
    assert kinds(events).index("opponent_flip") < kinds(events).index("square")
    assert state.scores == [7]


def test_solo_ends_when_the_opponent_turns_the_last_card() -> None:
    state = position([["B1", "B2"]], pile=["G4/B3", "O2"])
    events = act(state, 0, "draw:keep")
    assert kinds(events)[-1] == "final_round" and state.phase == "final"
    act(state, 0, "final:B12")
    assert engine.outcome(state) is not None


def test_solo_ends_without_an_opponent_turn_when_you_draw_the_last_card() -> None:
    state = position([["B1", "B2"]], pile=["O2"])
    events = act(state, 0, "draw:keep")
    assert "opponent" not in kinds(events)
    assert state.phase == "final"


@pytest.mark.parametrize(
    ("score", "rung"),
    [
        (0, None),
        (34, None),
        (35, 35),
        (39, 35),
        (40, 40),
        (45, 45),
        (50, 50),
        (55, 55),
        (59, 55),
        (60, 60),
        (80, 60),
    ],
)
def test_the_ladder_rungs(score: int, rung: int | None) -> None:
    assert ladder_rung(score) == rung
    line = ladder_line(score)
    assert line == (dict(LADDER)[rung] if rung is not None else None)


def test_the_ladder_lines_are_the_published_ones() -> None:
    lines = dict(LADDER)
    assert lines[35] == "Congratulations! You've reached the average score for a game of Verso!"
    assert "legend of the Draw Pile" in lines[60]
    assert sorted(lines) == [35, 40, 45, 50, 55, 60]


def test_the_ladder_rung_is_in_the_view_and_the_outcome_at_the_end() -> None:
    state = position([["B1:3", "B2:3"]], pile=["O2"], scores=[40])
    assert engine.view(state, 0).ladder is None
    act(state, 0, "draw:keep")
    act(state, 0, "final:B12")
    view = engine.view(state, 0)
    assert view.ladder == 45 and view.ladder_line == "What talent!"
    assert engine.outcome(state).reason == "solo_ladder_45"
    assert engine.outcome(state).scores == (46,)


def test_below_the_ladder_there_is_no_line() -> None:
    state = position([["B1"]], pile=["O2"], scores=[10])
    act(state, 0, "draw:keep")
    assert engine.outcome(state).reason == "solo_below_ladder"
    assert engine.view(state, None).ladder_line is None
