"""The greedy automatic player (``engine.verso.greedy``): decisions from the view only."""

import random

import engine
from engine.verso.greedy import greedy_action
from tests.engine.verso.helpers import act, position

ALMOST = ["B1", "B2", "B3", "G1", "G2", "G3", "O1", "O2"]


def greedy(state, seat=0) -> str:
    return greedy_action(engine.view(state, seat), random.Random(1)).key


def test_it_takes_a_square_when_drawing_completes_one() -> None:
    state = position([ALMOST, []], pile=["G6", "B5", "O4:1"])
    assert greedy(state) == "draw:keep"


def test_it_does_not_flip_when_every_possible_back_is_a_duplicate() -> None:
    # a Blue 3 worth 1 VP is backed by Green 2 or 4, Orange 2 or 4, or a Green joker
    state = position([["G2", "G4", "O2", "O4", "GJ"], []], pile=["G6", "B5", "B3:1"])
    assert greedy(state) == "draw:keep"


def test_it_flips_when_keeping_is_not_allowed() -> None:
    state = position([["B3:3", "G5"], []], pile=["G6", "B5", "B3:1"])
    assert greedy(state) == "draw:flip"


def test_it_banks_before_the_end_when_it_holds_two_series() -> None:
    # solo, 2 cards left: this is its last turn before the final series
    state = position([["B1:3", "B2:3", "G1:3", "G2:3"]], pile=["O6", "O3"])
    assert greedy(state).startswith("bank:")


def test_it_chooses_the_final_series_worth_most() -> None:
    state = position([["B1:1", "B2:1", "G4:3", "G5:3", "G6:1"], ["O1"]], pile=["O5"], active=1)
    act(state, 1, "draw:keep")
    assert greedy(state) == "final:G456"


def test_it_reads_only_the_view() -> None:
    # two states with one view (other backs, another Draw Pile below the top) get one answer
    a = position([["B3:1/G4", "B4", "G1"], []], pile=["G6", "O1", "O5"])
    b = position([["B3:1/O2", "B4", "G1"], []], pile=["B6", "G4", "O5"])
    assert engine.view(a, 0) == engine.view(b, 0)
    assert greedy(a) == greedy(b)
