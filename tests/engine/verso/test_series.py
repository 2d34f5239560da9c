"""Banking a series — shared/rules/verso.md § A turn, 2."""

from engine.verso.cards import side_code
from engine.verso.series import parse, series_in
from tests.engine.verso.helpers import act, keys, kinds, position, row_codes


def banks(state, seat=0):
    return [k for k in keys(state, seat) if k.startswith("bank:")]


def test_a_series_is_two_to_six_consecutive_cards_of_one_row() -> None:
    state = position([["B1", "B2", "B3", "G4", "G5", "O1", "O3"], []], pile=["G6", "O2"])
    assert banks(state) == ["bank:B12", "bank:B123", "bank:B23", "bank:G45"]


def test_six_cards_is_the_longest_series() -> None:
    state = position([["B1", "B2", "B3", "B4", "B5", "B6", "BJ"], []], pile=["G6", "O2"])
    found = banks(state)
    assert "bank:B123456" in found and "bank:B12345J" in found
    assert all(len(k) - len("bank:B") <= 6 for k in found)


def test_a_series_never_wraps_from_6_to_1() -> None:
    # [ruling]
    state = position([["B6", "B1"], []], pile=["G6", "O2"])
    assert banks(state) == []
    with_joker = position([["B6", "B1", "BJ"], []], pile=["G6", "O2"])
    assert banks(with_joker) == ["bank:B1J", "bank:BJ6"]


def test_a_joker_fills_a_gap_or_extends_an_end() -> None:
    state = position([["G3", "G5", "GJ"], []], pile=["G6", "O2"])
    assert banks(state) == ["bank:G3J", "bank:G3J5", "bank:G5J"]
    series = parse(state.tableaux[0], "G3J5")
    assert series.numbers == (3, 4, 5)


def test_the_jokers_number_is_chosen_where_it_changes_the_discards() -> None:
    # joker below the two highest (as 2) stays; as 5 it is discarded with the 4
    state = position([["B3", "B4", "BJ"], []], pile=["G6", "O2"])
    found = banks(state)
    assert "bank:BJ34" in found and "bank:B34J" in found
    # with one other card both are discarded whatever the joker stands for: one option
    assert [k for k in found if "J" in k and len(k) == len("bank:B3J")] == ["bank:B3J", "bank:B4J"]


def test_a_joker_may_stand_for_a_number_whose_card_stays_out_of_the_series() -> None:
    state = position([["O3", "O4", "O5", "OJ"], []], pile=["G6", "O2"])
    assert "bank:O34J" in banks(state)  # 3, 4 and the joker as 5; the real 5 stays
    act(state, 0, "bank:O34J")
    assert row_codes(state, 0) == ["O3", "O5"]


def test_banking_scores_the_vp_of_every_card_of_the_series() -> None:
    state = position([["B1:1", "B2:3", "B3:1"], []], pile=["G6", "O2"])
    events = act(state, 0, "bank:B123")
    assert state.scores == [5, 0]
    banked = events[0]
    assert banked.kind == "banked" and banked.data["vp"] == 5 and banked.data["series"] == "B123"


def test_the_two_highest_cards_are_discarded_and_the_others_stay() -> None:
    state = position([["B1", "B2", "B3", "B4", "G2"], []], pile=["G6", "O2"])
    act(state, 0, "bank:B1234")
    assert row_codes(state, 0) == ["B1", "B2", "G2"]
    assert sorted(side_code(f) for f in state.discard) == ["B3", "B4"]


def test_the_joker_counts_as_the_number_it_stands_for_when_discarding() -> None:
    low = position([["B3", "B4", "BJ"], []], pile=["G6", "O2"])
    act(low, 0, "bank:BJ34")
    assert row_codes(low, 0) == ["BJ"]
    high = position([["B3", "B4", "BJ"], []], pile=["G6", "O2"])
    act(high, 0, "bank:B34J")
    assert row_codes(high, 0) == ["B3"]


def test_neighbours_flip_their_highest_card_of_the_series_colour() -> None:
    state = position([["B2", "B5/G4"], ["B3", "B4"], ["B1/O2", "G3"]], pile=["G6", "O2"], active=1)
    act(state, 1, "bank:B34")
    assert row_codes(state, 0) == ["B2", "G4"]
    assert row_codes(state, 2) == ["G3", "O2"]


def test_a_neighbour_without_that_colour_flips_nothing() -> None:
    state = position([["G1"], ["B1", "B2"], ["O3"]], pile=["G6", "O2"], active=1)
    events = act(state, 1, "bank:B12")
    flips = [(e.seat, e.kind) for e in events if e.kind in ("neighbour_flip", "no_flip")]
    assert flips == [(2, "no_flip"), (0, "no_flip")]
    assert row_codes(state, 0) == ["G1"] and row_codes(state, 2) == ["O3"]


def test_left_then_right_neighbour_flip_and_others_do_not() -> None:
    state = position(
        [["G1", "G5/O4"], ["G3", "G4"], ["G2/B1", "G6/O5", "OJ"], ["G6/B1"]],
        pile=["G6", "O2"],
        active=1,
    )
    events = act(state, 1, "bank:G34")
    flips = [
        (e.seat, e.data["card"]["up"]["colour"], e.data["card"]["up"]["number"])
        for e in events
        if e.kind == "neighbour_flip"
    ]
    assert flips == [(2, "Orange", 5), (0, "Orange", 4)]
    assert row_codes(state, 2) == ["G2", "O5", "OJ"]
    assert row_codes(state, 0) == ["G1", "O4"]
    assert row_codes(state, 3) == ["G6"]  # not a neighbour of seat 1


def test_a_neighbour_flips_a_joker_only_when_it_is_their_only_card_of_that_colour() -> None:
    both = position([["OJ", "O2/B3"], ["O4", "O5"], []], pile=["G6", "O2"], active=1)
    act(both, 1, "bank:O45")
    assert row_codes(both, 0) == ["B3", "OJ"]
    alone = position([["OJ/G2"], ["O4", "O5"], []], pile=["G6", "O2"], active=1)
    act(alone, 1, "bank:O45")
    assert row_codes(alone, 0) == ["G2"]


def test_with_two_players_the_one_opponent_flips_once() -> None:
    # [ruling]
    state = position([["B4", "B5"], ["B2/G1", "B3/G2"]], pile=["G6", "O2"])
    events = act(state, 0, "bank:B45")
    assert [e.seat for e in events if e.kind == "neighbour_flip"] == [1]
    assert row_codes(state, 1) == ["B2", "G2"]


def test_solo_nobody_flips() -> None:
    # the opponent's card (joker back) has no effect: only the bank is seen
    state = position([["B4", "B5", "G2"]], pile=["G6", "O1/BJ", "B2/GJ"])
    events = act(state, 0, "bank:B45")
    assert "neighbour_flip" not in kinds(events) and "no_flip" not in kinds(events)
    assert row_codes(state, 0) == ["G2"]


def test_a_flipped_card_moves_to_its_new_row_or_is_discarded_if_identical() -> None:
    state = position([["G5/O4", "O4"], ["G1", "G2"]], pile=["G6", "O2"], active=1)
    events = act(state, 1, "bank:G12")
    flip = next(e for e in events if e.kind == "neighbour_flip")
    assert flip.data["to"] == "discarded"
    assert row_codes(state, 0) == ["O4"]
    assert side_code(state.discard[-1]) == "O4"


def test_a_flipped_card_shows_both_sides_to_everyone_from_then_on() -> None:
    state = position([["G5/O4"], ["G1", "G2"]], pile=["G6", "O2"], active=1)
    act(state, 1, "bank:G12")
    (face,) = state.tableaux[0]
    assert face >> 1 in state.seen


def test_series_enumeration_lists_one_option_per_outcome() -> None:
    state = position([["B3", "B4", "B5", "BJ"], []], pile=["G6", "O2"])
    found = series_in(state.tableaux[0])
    outcomes = {(frozenset(s.faces), frozenset(s.discards)) for s in found}
    assert len(outcomes) == len(found)
