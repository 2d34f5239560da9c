"""What Verso gives its automatic players (``engine.automatic``): the greedy player
(``engine.verso.greedy``), and the paired search at every size, whose playouts at a table look
:data:`HORIZON` of the seat's own decisions ahead and are judged by the score plus the worth
the greedy player gives the tableau.

The paired search at every size: the tree with random playouts had scored below greedy at a
table (32.6 against 41.1 at 3 seats, 23.6 against 26.5 at 8, ``benchmarks/table_sizes.py``),
whole greedy playouts cost 40-70 ms each, and a horizon of 1 at 8 seats scored no better than
2. How the search did against greedy at each table size is data: ``measured.json`` beside this
module (``engine.players.measured``).
"""

from __future__ import annotations

from engine.automatic import AutomaticPlayers, SearchStyle
from engine.playout import solo_greedy
from engine.verso.game import GAME
from engine.verso.greedy import greedy_action, potential
from engine.verso.state import VersoState
from engine.verso.view import VersoView

HORIZON = 2
"""At a table, the search's playouts stop at the seat's third decision after the candidate
(``AutomaticPlayers.playout_horizon``)."""


def search_style(seats: int) -> SearchStyle:
    """Paired at every size (see the module docstring)."""
    return "paired"


def playout_horizon(seats: int) -> int | None:
    """:data:`HORIZON` at a table (whole greedy playouts cost too much, random ones score a
    tableau nobody would build); a solo game plays out to its end."""
    return HORIZON if seats >= 2 else None


def playout_value(state: VersoState, seat: int) -> float:
    """``seat``'s VP, plus while the game goes on the worth its greedy player gives the
    tableau (``engine.verso.greedy.potential``: on the seat's last turn or in the final
    series, the best final series only)."""
    score = float(state.scores[seat])
    if state.phase == "over":
        return score
    last = state.phase == "final" or len(state.pile) <= state.seats
    return score + potential(state.tableaux[seat], state.squares[seat], last)


PLAYERS: AutomaticPlayers[VersoState, VersoView] = AutomaticPlayers(
    greedy_action=greedy_action,
    search_style=search_style,
    rollout_action=solo_greedy(GAME, greedy_action),  # greedy alone, random at a table
    playout_horizon=playout_horizon,
    playout_value=playout_value,
    solo_score_scale=60,
)
"""Verso's automatic players."""
