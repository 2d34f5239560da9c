"""What Abandon All Artichokes gives its automatic players (``engine.automatic``): a steady
simplest player, the greedy player (``engine.artichokes.greedy``), also as the playout move,
a judge of unfinished positions, and the tree search with its own turn only from 3 seats on.

How the search did against greedy at each table size is data: ``measured.json`` beside this
module (``engine.players.measured``).
"""

from __future__ import annotations

import random

from engine.artichokes.greedy import evaluate, greedy_action, rollout_action
from engine.artichokes.rules import decisions
from engine.artichokes.state import ArtichokesState
from engine.automatic import AutomaticPlayers, SearchStyle
from engine.contract import View
from engine.legal import LegalActions
from engine.types import Action


def automatic_action(state: ArtichokesState, seat: int, rng: random.Random) -> Action:
    """End the turn whenever it may, otherwise the first legal action (BGA "zombie" level 0:
    it never helps or hurts anyone on purpose); an Eggplant pass gives the first two cards of
    the sorted hand."""
    legal = LegalActions(seat, tuple(d for d in decisions(state) if d.seat == seat))
    for action in legal:
        if action.key == "end":
            return action
    if len(legal):
        return legal[0]
    (decision,) = legal.decisions
    return Action(seat, decision.key_for(decision.options[: decision.min]))


def search_style(seats: int) -> SearchStyle:
    """The tree with the search's own turn only from 3 seats on, every seat's at 2: the greedy
    playouts already play the other seats as greedy would, and with its own turn only the
    tree gets half as many iterations again. Against greedy seats
    (``benchmarks/table_sizes.py``, seed 1, 100 games) every seat's moves in the tree won 48 %
    at 3 seats and 36 % at 4, its own turn only 59 % and 46 %."""
    return "own tree" if seats >= 3 else "tree"


PLAYERS: AutomaticPlayers[ArtichokesState, View] = AutomaticPlayers(
    greedy_action=greedy_action,
    automatic_action=automatic_action,
    search_style=search_style,
    rollout_action=rollout_action,  # greedy's choices, read off a sampled state
    evaluate=evaluate,  # standing by Artichokes still owned
)
"""Abandon All Artichokes' automatic players."""
