"""The tree search (``engine.players.ismcts``): whose decisions its tree holds, and which games
ask for a tree of their own turn only."""

from __future__ import annotations

import random

import pytest

import engine
from engine.players import choose, ismcts, situation
from engine.players.budget import Tally
from engine.players.ismcts import Node, _iterate
from engine.registry import get_players
from tests.engine.players.helpers import Starved, states


def _grown(
    name: str, seats: int, seed: int, own_turn: bool, iterations: int = 300
) -> tuple[Node, int]:
    """The tree of ``iterations`` iterations for a seeded position of ``name`` at ``seats``."""
    state, seat = states(name, seats, 1, seed)[0]
    seen = situation(state, seat)
    root = Node(None, None, seat)
    info = engine.get_game(name).info
    rng = random.Random(seed)
    for _ in range(iterations):
        _iterate(root, seen.sample(rng), seat, info, rng, own_turn)
    return root, seat


def _deciders(node: Node) -> set[int]:
    """The seats whose actions lie below ``node`` (read off the actions themselves)."""
    found: set[int] = set()
    for child in node.children.values():
        assert child.action is not None
        found.add(child.action.seat)
        found |= _deciders(child)
    return found


def _depth(node: Node) -> int:
    """How many actions the deepest path below ``node`` holds."""
    return max((1 + _depth(c) for c in node.children.values()), default=0)


@pytest.mark.parametrize("name", ["artichokes", "pentaquest", "verso"])
def test_the_own_tree_holds_the_searching_seats_own_turn_only(name: str) -> None:
    # other seats play their playout moves: a tree of their guessed replies would split the
    # few hundred iterations over moves the searching seat does not choose
    depths = []
    for seed in range(3):
        root, me = _grown(name, 3, seed, own_turn=True)
        assert root.children
        assert _deciders(root) == {me}
        depths.append(_depth(root))
    if name != "verso":  # a Verso turn is one decision
        assert max(depths) >= 2  # where its turn goes on, so does the tree


@pytest.mark.parametrize("name", ["artichokes", "pentaquest", "verso"])
def test_the_full_tree_holds_the_other_seats_replies_too(name: str) -> None:
    deciders = set()
    for seed in range(3):
        root, me = _grown(name, 3, seed, own_turn=False)
        deciders |= _deciders(root) - {me}
    assert deciders


def test_only_artichokes_larger_tables_search_their_own_turn() -> None:
    # measured: Artichokes' greedy playouts gain from it; the random playouts of Pentaquest
    # lose (``benchmarks/table_sizes.py`` figures in ``engine.pentaquest.players``); Verso looks
    # a few of its own decisions ahead instead (``engine.players.paired``)
    styles = {
        name: [get_players(name).search_style(n) for n in (2, 3, 4)]
        for name in ("artichokes", "pentaquest", "verso")
    }
    assert styles == {
        "artichokes": ["tree", "own tree", "own tree"],
        "pentaquest": ["tree", "tree", "tree"],
        "verso": ["paired", "paired", "paired"],
    }


@pytest.mark.parametrize(
    ("name", "seats", "own"),
    [("artichokes", 2, False), ("artichokes", 3, True), ("pentaquest", 3, False)],
)
def test_the_search_level_grows_the_tree_its_game_asks_for(
    name: str, seats: int, own: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[bool] = []
    grow = ismcts._iterate

    def recording(*args: object, **kwargs: object) -> None:
        asked.append(bool(args[5]))
        grow(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ismcts, "_iterate", recording)
    for state, seat in states(name, seats, 4, seed=seats):
        choose("search", state, seat, random.Random(3), budget_ms=None, iterations=5)
    assert asked and set(asked) == {own}


@pytest.mark.parametrize("seats", [2, 3])
def test_a_tree_starved_by_the_clock_plays_the_greedy_move(
    seats: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a tree of one or two iterations picks almost at random (2 iterations won 4 of 60 games
    # against greedy): where the clock cuts it that short, greedy's move is the better answer
    monkeypatch.setattr(ismcts, "Budget", Starved())
    players = get_players("artichokes")
    differ = 0
    for state, seat in states("artichokes", seats, 30, seed=seats):
        seen = situation(state, seat)
        # greedy draws among equal moves: its answers over a few draws
        greedy = {players.greedy_action(seen.view, random.Random(k)) for k in range(8)}
        tally = Tally()
        answer = ismcts.search("artichokes", seen, random.Random(1), budget_ms=250, tally=tally)
        assert tally.iterations in ([], [1])  # one candidate: no search; else one iteration
        assert tally.fallbacks == len(tally.iterations)  # the arena counts it
        assert answer in greedy
        # an iteration count is the caller's choice: the same tiny tree then answers itself
        counted_tally = Tally()
        counted = ismcts.search(
            "artichokes", seen, random.Random(1), budget_ms=None, iterations=1, tally=counted_tally
        )
        assert counted_tally.fallbacks == 0
        differ += counted not in greedy
    assert differ >= 5  # so the greedy answer above is the fallback, not the tree's own
