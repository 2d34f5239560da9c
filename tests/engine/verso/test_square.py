"""The square — shared/rules/verso.md § The square."""

from tests.engine.verso.helpers import act, kinds, position

ALMOST = ["B1", "B2", "B3", "G1", "G2", "G3", "O1", "O2"]
SQUARE = [*ALMOST, "O3"]


def squares(events):
    return [(e.seat, e.kind) for e in events if e.kind in ("square", "square_broken")]


def test_a_square_scores_7_vp_at_once() -> None:
    state = position([ALMOST, []], pile=["G6", "O5"])
    events = act(state, 0, "draw:keep")
    assert squares(events) == [(0, "square")]
    assert state.scores == [7, 0] and state.squares == [True, False]


def test_more_than_three_cards_in_a_row_still_make_a_square() -> None:
    state = position([[*ALMOST, "B4", "B5"], []], pile=["G6", "O5"])
    act(state, 0, "draw:keep")
    assert state.scores == [7, 0]


def test_a_square_scores_on_another_players_turn() -> None:
    # seat 1 banks green; seat 0 flips its highest green, which lands in the orange row
    mine = ["B1", "B2", "B3", "G1", "G2", "G3", "G6/O5", "O1", "O2"]
    state = position([mine, ["G4", "G5"]], pile=["G6", "O5"], active=1)
    assert state.scores == [0, 0]
    events = act(state, 1, "bank:G45")
    assert squares(events) == [(0, "square")]
    assert kinds(events).index("neighbour_flip") < kinds(events).index("square")
    assert state.scores == [7, events[0].data["vp"]]


def test_a_held_square_does_not_score_again_while_it_stands() -> None:
    state = position([SQUARE, []], pile=["G6", "O2", "B4"], squares=[True, False], scores=[7, 0])
    events = act(state, 0, "draw:keep")
    assert squares(events) == [] and state.scores == [7, 0]


def test_a_square_scores_again_only_after_it_was_broken_and_formed_anew() -> None:
    # [ruling]
    tableau = ["B1", "B2", "B3", "B4", "G1", "G2", "G3", "O1", "O2", "O3"]
    state = position([tableau, []], pile=["O6", "B5", "G6"], squares=[True, False], scores=[7, 0])
    events = act(state, 0, "bank:B34")  # blue row down to 2: broken
    banked = events[0].data["vp"]
    assert squares(events) == [(0, "square_broken")]
    assert state.squares == [False, False] and state.scores[0] == 7 + banked
    act(state, 1, "draw:keep")
    events = act(state, 0, "draw:keep")  # a third blue card: the square again
    assert squares(events) == [(0, "square")]
    assert state.scores[0] == 7 + banked + 7


def test_squares_are_checked_in_seat_order_from_the_active_player() -> None:
    # [ruling] two squares waiting to be scored (a constructed position): the next change to
    # any tableau scores them starting with the active seat, then in seat order
    state = position([SQUARE, [], SQUARE], pile=["G6", "O2"], active=1)
    events = act(state, 1, "draw:keep")
    assert squares(events) == [(2, "square"), (0, "square")]
    assert kinds(events)[:2] == ["drew", "kept"]
