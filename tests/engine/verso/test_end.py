"""End of the game and the final series — shared/rules/verso.md § End of the game and score."""

import pytest

import engine
from engine.verso.cards import side_code
from tests.engine.verso.helpers import act, keys, kinds, position, row_codes


def last_card_drawn():
    """Three seats; seat 0 draws the last card; seats 0 and 2 hold series, seat 1 none."""
    state = position(
        [["B1:1", "B2:3", "G5"], ["O1"], ["G2:1", "G3:1", "G4:3", "OJ", "O2:3"]], pile=["O4"]
    )
    events = act(state, 0, "draw:keep")
    return state, events


def test_the_game_ends_when_the_last_card_is_drawn_and_the_final_series_follow() -> None:
    state, events = last_card_drawn()
    assert kinds(events)[-1] == "final_round"
    assert state.phase == "final" and state.pile == []
    assert engine.outcome(state) is None


def test_every_seat_holding_a_series_chooses_its_final_series_at_once() -> None:
    # [house] simultaneous, "none" allowed
    state, _ = last_card_drawn()
    pending = engine.decisions(state)
    assert [(d.seat, d.kind, d.simultaneous) for d in pending] == [
        (0, "final", True),
        (2, "final", True),
    ]
    assert pending[0].options == ("final:B12", "final:none")
    assert "final:none" in pending[1].options and "final:G234" in pending[1].options
    assert engine.deciding_seats(state) == (0, 2)
    assert keys(state, 1) == []  # no series: nothing to choose


def test_a_final_choice_stays_hidden_and_can_be_changed_until_all_have_chosen() -> None:
    state, _ = last_card_drawn()
    act(state, 2, "final:G234")
    assert engine.view(state, 2).my_final == "final:G234"
    for viewer in (0, 1, None):
        view = engine.view(state, viewer)
        assert view.my_final is None and view.finals is None
        assert "G234" not in repr(view)
        assert view.committed == (2,)
    act(state, 2, "final:none")  # a change of mind
    assert state.finals == {2: "final:none"}
    with pytest.raises(engine.IllegalAction):
        act(state, 2, "final:none")  # the same answer again is not a move
    assert state.phase == "final"


def test_the_final_series_are_banked_together_without_flips() -> None:
    state, _ = last_card_drawn()
    act(state, 2, "final:G234")
    before_1 = row_codes(state, 1)
    events = act(state, 0, "final:B12")
    assert state.phase == "over"
    assert state.scores == [4, 0, 5]
    assert row_codes(state, 1) == before_1  # seat 1 neighbours both: nothing flipped
    assert row_codes(state, 0) == ["G5", "O4"]
    assert row_codes(state, 2) == ["G2", "O2", "OJ"]
    assert "neighbour_flip" not in kinds(events) and "no_flip" not in kinds(events)
    assert [(e.seat, e.data["series"]) for e in events if e.kind == "final_banked"] == [
        (0, "B12"),
        (2, "G234"),
    ]
    result = engine.outcome(state)
    assert result.winners == (2,) and result.scores == (4, 0, 5) and result.ranks == (2, 3, 1)
    assert engine.view(state, 1).finals == ("final:B12", None, "final:G234")
    assert engine.decisions(state) == ()


def test_a_final_none_banks_nothing() -> None:
    state, _ = last_card_drawn()
    act(state, 0, "final:none")
    events = act(state, 2, "final:none")
    assert state.scores == [0, 0, 0]
    assert [e.seat for e in events if e.kind == "final_none"] == [0, 2]


def test_with_nobody_holding_a_series_the_game_is_over_at_once() -> None:
    state = position([["B1"], ["G3"]], pile=["O5"])
    events = act(state, 0, "draw:keep")
    assert kinds(events)[-2:] == ["final_round", "game_over"]
    assert engine.outcome(state).scores == (0, 0)


def test_ties_share_the_rank() -> None:
    # [house] no tie-break is published
    state = position([["B1:1"], ["G3:1"]], pile=["O5"], scores=[6, 6])
    act(state, 0, "draw:keep")
    result = engine.outcome(state)
    assert result.winners == (0, 1) and result.ranks == (1, 1)


def test_the_final_series_ignores_the_jokers_number() -> None:
    # the discards no longer matter: one option per set of cards
    state = position([["B3", "B4", "BJ"], ["G1"]], pile=["O5"])
    act(state, 0, "draw:keep")
    assert keys(state, 0) == ["final:B34", "final:B34J", "final:B3J", "final:B4J", "final:none"]


def test_the_final_series_scores_the_vp_and_discards_the_two_highest() -> None:
    state = position([["B1:3", "B2:1", "B3:1"], []], pile=["O5"])
    act(state, 0, "draw:keep")
    act(state, 0, "final:B123")
    assert state.scores == [5, 0]
    assert sorted(side_code(f) for f in state.discard) == ["B2", "B3"]
