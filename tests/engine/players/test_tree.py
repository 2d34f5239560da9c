"""The tree search (``engine.players.ismcts``): whose decisions its tree holds at each table
size."""

from __future__ import annotations

import random

import pytest

import engine
from engine.players import situation
from engine.players.ismcts import OWN_TREE_FROM, Node, _iterate
from tests.engine.players.test_policies import states


def _grown(name: str, seats: int, seed: int, iterations: int = 300) -> tuple[Node, int]:
    """The tree of ``iterations`` iterations for a seeded position of ``name`` at ``seats``."""
    state, seat = states(name, seats, 1, seed)[0]
    seen = situation(state, seat)
    root = Node(None, None, seat)
    info = engine.get_game(name).info
    rng = random.Random(seed)
    for _ in range(iterations):
        _iterate(root, seen.sample(rng), seat, info, rng)
    return root, seat


def _deciders(node: Node) -> set[int]:
    """The seats that chose some action below ``node``."""
    found: set[int] = set()
    for child in node.children.values():
        found.add(child.seat)
        found |= _deciders(child)
    return found


@pytest.mark.parametrize("name", ["artichokes", "pentaquest", "verso"])
def test_at_a_table_the_tree_holds_the_searching_seats_own_turn_only(name: str) -> None:
    # other seats play their playout moves (greedy): a tree of their guessed replies split
    # the few hundred iterations over moves the searching seat does not choose
    for seed in range(3):
        root, me = _grown(name, OWN_TREE_FROM, seed)
        assert root.children
        assert _deciders(root) == {me}


def test_at_two_seats_the_tree_holds_the_opponents_replies_too() -> None:
    deciders = set()
    for seed in range(3):
        root, me = _grown("artichokes", 2, seed)
        deciders |= _deciders(root) - {me}
    assert deciders
