"""What Ninjan gives its automatic players (``engine.automatic``): the greedy player
(``engine.ninjan.greedy``), also as the playout move, and the paired search at every size.

How the search did against greedy at each table size is data: ``measured.json`` beside this
module (``engine.players.measured``).
"""

from __future__ import annotations

from engine.automatic import AutomaticPlayers, SearchStyle
from engine.contract import View
from engine.ninjan.greedy import greedy_action, rollout_action
from engine.ninjan.state import NinjanState


def search_style(seats: int) -> SearchStyle:
    """Paired playouts at every table size: the tree takes the simultaneous picks one seat
    after another, so in it every opponent seems to know the search's card. Against greedy
    seats the tree won 43 % at 3 seats where the paired search won 70 %
    (``benchmarks/table_sizes.py``, seed 1, 60 games), and 55 % at 2 seats where it won 72 %
    (``engine arena``, seed 1, 100 games)."""
    return "paired"


PLAYERS: AutomaticPlayers[NinjanState, View] = AutomaticPlayers(
    greedy_action=greedy_action,
    search_style=search_style,
    rollout_action=rollout_action,  # greedy's choices, read off a sampled state
)
"""Ninjan's automatic players."""
