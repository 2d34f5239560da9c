"""A round — shared/rules/ninjan.md § A round (steps 1, 2 and 4) and § The cycle."""

import pytest

import engine
from engine.errors import IllegalAction
from engine.ninjan.state import NinjanState
from tests.engine.ninjan.helpers import act, keys, kinds, of_kind, pick_all, position


def _two_seats() -> NinjanState:
    return position(
        hands=[["R7", "P-3", "S10"], ["S2", "P5", "R-1"]], piles=[["S4"], ["P1"], ["R-6"]]
    )


# --- step 1: a simultaneous, hidden, changeable choice ---------------------------------------


def test_every_seat_chooses_a_card_of_its_hand_at_once() -> None:
    state = _two_seats()
    pending = engine.decisions(state)
    assert [(d.seat, d.kind, d.options, d.simultaneous, d.committed) for d in pending] == [
        (0, "pick", ("P-3", "R7", "S10"), True, None),
        (1, "pick", ("P5", "R-1", "S2"), True, None),
    ]
    assert engine.deciding_seats(state) == (0, 1)
    with pytest.raises(IllegalAction):
        act(state, 0, "S2")  # not in its hand


def test_a_choice_waits_for_the_others_and_the_card_stays_in_hand() -> None:
    state = _two_seats()
    events = act(state, 0, "R7")
    assert kinds(events) == ["picked", "picked_card"]
    assert state.phase == "pick" and "R7" in state.hands[0]
    (mine,) = engine.decisions(state, 0)
    assert mine.committed == ("R7",)
    assert engine.deciding_seats(state) == (1,)
    assert engine.view(state, 1).committed == (0,)


def test_a_player_may_change_their_choice_until_all_have_chosen() -> None:
    state = _two_seats()
    act(state, 0, "R7")
    with pytest.raises(IllegalAction):
        act(state, 0, "R7")  # the same choice again is not a move
    events = act(state, 0, "S10")
    assert of_kind(events, "picked")[0].data == {"changed": True}
    assert engine.decisions(state, 0)[0].committed == ("S10",)
    act(state, 1, "P5")
    assert state.played == ["S10", "P5"]  # the changed choice is the one revealed
    assert state.round == 2 and sorted(state.hands[0]) == ["P-3", "R7"]


def test_a_choice_can_be_changed_any_number_of_times_until_all_have_chosen() -> None:
    state = _two_seats()
    act(state, 0, "R7")
    for n in range(30):
        act(state, 0, "S10" if n % 2 == 0 else "R7")
    (mine,) = engine.decisions(state, 0)
    assert mine.committed == ("R7",) and mine.options == ("P-3", "R7", "S10")
    act(state, 1, "S2")
    assert state.played[0] == "R7"


def test_the_chosen_cards_are_revealed_together_once_all_have_chosen() -> None:
    state = _two_seats()
    events = act(state, 1, "S2")
    assert "revealed" not in kinds(events)
    events = act(state, 0, "P-3")
    (revealed,) = of_kind(events, "revealed")
    assert revealed.visible_to is None
    assert revealed.data == {"round": 1, "cards": [[1, "S2"], [0, "P-3"]]}
    assert "P-3" not in state.hands[0] and "S2" not in state.hands[1]


# --- step 4: taking and placing --------------------------------------------------------------


def test_a_single_qualifying_pile_is_taken_automatically() -> None:
    # [ruling] one legal pile: no choice is asked
    state = position(
        hands=[["R3", "P9"], ["S1", "P-2"]],
        piles=[["P6", "S-2"], ["P7"], ["R10"]],
        taken=[[], []],
    )
    events = pick_all(state, ["R3", "S1"])
    took = of_kind(events, "took")[0]
    assert (took.seat, took.data["pile"], took.data["auto"]) == (0, 1, True)
    assert took.data["cards"] == ["S-2", "P6"]  # the pile, top first
    assert took.data["points"] == 4 and took.data["score"] == 4
    assert state.taken[0] == ["P6", "S-2"]
    assert state.piles[0] == ["R3"]  # the played card starts a new pile in its place


def test_values_do_not_matter_for_taking() -> None:
    # § A round, step 4: only the suit of the top card counts
    state = position(hands=[["R-6", "P1"], ["P-5", "P2"]], piles=[["S10"], ["P8"], ["P9"]])
    pick_all(state, ["R-6", "P-5"])
    # P-5 resolves first (-5 > -6): no Rock top, it is put on a pile by its player
    assert state.phase == "place" and state.resolving_seat() == 1
    act(state, 1, "place:2")
    # the -6 Rock takes the 10 Scissors
    assert state.taken[0] == ["S10"] and state.piles[0] == ["R-6"]


@pytest.mark.parametrize(
    ("card", "piles"),
    [
        ("R5", [["S-1"], ["R9"], ["P9"]]),  # Rock beats Scissors (not Rock, not Paper)
        ("S5", [["P-1"], ["S9"], ["R9"]]),  # Scissors beats Paper (not Scissors, not Rock)
        ("P5", [["R-1"], ["P9"], ["S9"]]),  # Paper beats Rock (not Paper, not Scissors)
    ],
    ids=["rock", "scissors", "paper"],
)
def test_the_cycle_rock_beats_scissors_beats_paper_beats_rock(
    card: str, piles: list[list[str]]
) -> None:
    state = position(hands=[[card], ["S-6" if card[0] != "S" else "R-6"]], piles=piles)
    events = pick_all(state, [card, state.hands[1][0]])
    first = of_kind(events, "took")[0]
    assert (first.seat, first.data["pile"], first.data["auto"]) == (0, 1, True)


def test_several_qualifying_piles_let_that_player_alone_choose() -> None:
    state = position(
        hands=[["R8", "R2"], ["P-4", "S3"], ["S-6", "P1"]],
        piles=[["S5", "P7"], ["S-3"], ["P2", "S9"]],
    )
    pick_all(state, ["R8", "P-4", "S-6"])
    assert state.phase == "take" and state.resolving_seat() == 0
    pending = engine.decisions(state)
    assert [(d.seat, d.kind, d.options, d.simultaneous) for d in pending] == [
        (0, "take", ("take:2", "take:3"), False)
    ]
    assert engine.deciding_seats(state) == (0,)
    for other in (1, 2):
        assert keys(state, other) == []
    with pytest.raises(IllegalAction):
        act(state, 0, "take:1")  # pile 1's top is Paper: it does not qualify
    with pytest.raises(IllegalAction):
        act(state, 0, "place:1")  # a qualifying pile must be taken
    events = act(state, 0, "take:3")
    took = of_kind(events, "took")[0]
    assert took.data == {
        "card": "R8",
        "pile": 3,
        "cards": ["S9", "P2"],
        "points": 11,
        "score": 11,
        "auto": False,
    }
    assert state.taken[0] == ["P2", "S9"]
    # R8 started pile 3; P-4 (Paper beats Rock) finds it the only Rock top and takes it
    assert [(e.seat, e.data["pile"], e.data["auto"]) for e in of_kind(events, "took")][1:] == [
        (1, 3, True)
    ]
    assert state.piles[2] == ["P-4"] and state.taken[1] == ["R8"]
    # S-6 then finds two Paper tops (P7 and P-4) and its player chooses
    assert state.resolving_seat() == 2 and keys(state, 2) == ["take:1", "take:3"]


def test_no_qualifying_pile_means_putting_the_card_on_a_pile_of_ones_choice() -> None:
    state = position(hands=[["P6", "P1"], ["S-2", "R4"]], piles=[["S5"], ["P-1", "S3"], ["P8"]])
    pick_all(state, ["P6", "S-2"])
    assert state.phase == "place" and state.resolving_seat() == 0
    (decision,) = engine.decisions(state)
    assert (decision.seat, decision.kind, decision.options) == (
        0,
        "place",
        ("place:1", "place:2", "place:3"),
    )
    events = act(state, 0, "place:2")
    (placed,) = of_kind(events, "placed")
    assert (placed.seat, placed.data) == (0, {"card": "P6", "pile": 2})
    assert state.piles[1] == ["P-1", "S3", "P6"]  # on top; the pile's cards stay
    assert state.taken[0] == []
    # S-2 then finds Paper tops on piles 2 and 3 and its player chooses
    assert state.phase == "take" and keys(state, 1) == ["take:2", "take:3"]


def test_after_the_last_card_the_next_round_starts() -> None:
    state = _two_seats()
    events = pick_all(state, ["R7", "S2"])
    # R7 takes S4 (pile 1) at once; S2 then takes P1 (pile 2) at once
    assert [e.data["pile"] for e in of_kind(events, "took")] == [1, 2]
    assert kinds(events)[-1] == "round_over" and of_kind(events, "round_over")[0].data == {
        "round": 1
    }
    assert state.round == 2 and state.phase == "pick"
    assert [len(h) for h in state.hands] == [2, 2]
    assert all(d.committed is None for d in engine.decisions(state))
