"""The resolution order — shared/rules/ninjan.md § A round, step 3, and its [ruling] on ties."""

import pytest

from engine.ninjan.cards import resolution_order
from tests.engine.ninjan.helpers import act, keys, of_kind, pick_all, position


def _revealed_order(cards: list[str]) -> list[list]:
    """Play ``cards`` (one per seat) into piles no card can take, and return the revealed
    event's ``cards``."""
    seats = len(cards)
    state = position(hands=[[c] for c in cards], piles=[["R-6"], ["R-5"], ["R-4"]], round=9)
    events = pick_all(state, cards)
    (revealed,) = of_kind(events, "revealed")
    assert len(revealed.data["cards"]) == seats
    return revealed.data["cards"]


def test_cards_resolve_from_the_highest_value_to_the_lowest() -> None:
    assert resolution_order([(0, "P-6"), (1, "S10"), (2, "R3"), (3, "P4"), (4, "S-1")]) == [
        1,
        3,
        2,
        4,
        0,
    ]


@pytest.mark.parametrize(
    ("cards", "first"),
    [
        (("R5", "S5"), "R5"),  # Rock beats Scissors
        (("S5", "R5"), "R5"),
        (("S5", "P5"), "S5"),  # Scissors beats Paper
        (("P5", "S5"), "S5"),
        (("P5", "R5"), "P5"),  # Paper beats Rock
        (("R5", "P5"), "P5"),
    ],
)
def test_of_two_equal_values_the_suit_that_beats_the_other_resolves_first(
    cards: tuple[str, str], first: str
) -> None:
    # [ruling]
    order = resolution_order(list(enumerate(cards)))
    assert cards[order[0]] == first


@pytest.mark.parametrize(
    "cards",
    [("R-2", "S-2", "P-2"), ("P-2", "S-2", "R-2"), ("S-2", "P-2", "R-2"), ("P-2", "R-2", "S-2")],
)
def test_three_suits_at_one_value_resolve_rock_scissors_paper(cards: tuple[str, ...]) -> None:
    # [ruling]
    order = resolution_order(list(enumerate(cards)))
    assert [cards[s] for s in order] == ["R-2", "S-2", "P-2"]


def test_ties_sit_inside_the_value_order() -> None:
    cards = ["P7", "R3", "S7", "P3", "R7"]
    order = resolution_order(list(enumerate(cards)))
    assert [cards[s] for s in order] == ["R7", "S7", "P7", "P3", "R3"]


def test_the_reveal_announces_every_card_in_resolution_order() -> None:
    assert _revealed_order(["P7", "R3", "S7", "P3", "R7"]) == [
        [4, "R7"],
        [2, "S7"],
        [0, "P7"],
        [3, "P3"],
        [1, "R3"],
    ]


def test_cards_resolve_one_at_a_time_and_later_cards_see_earlier_results() -> None:
    # S9 resolves first and takes the only Paper-topped pile, which its 9 Scissors now tops.
    # P2 then finds no Rock top and waits for its player to put it on a pile; once it is on
    # pile 2, R1 finds two Scissors tops (S9's new pile and S4) and its player chooses.
    state = position(
        hands=[["P2"], ["S9"], ["R1"]], piles=[["P5"], ["S-3"], ["P-1", "S4"]], round=9
    )
    events = pick_all(state, ["P2", "S9", "R1"])
    assert state.order == [1, 0, 2]
    assert [(e.kind, e.seat, e.data["pile"]) for e in events[-1:]] == [("took", 1, 1)]
    assert state.piles[0] == ["S9"]
    assert state.phase == "place" and state.resolving_seat() == 0
    events = act(state, 0, "place:2")
    assert state.piles[1] == ["S-3", "P2"]
    assert state.phase == "take" and state.resolving_seat() == 2
    assert keys(state, 2) == ["take:1", "take:3"]
