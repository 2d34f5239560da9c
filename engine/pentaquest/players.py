"""What Pentaquest gives its automatic players (``engine.automatic``): the greedy player
(``engine.pentaquest.greedy``), the paired search's own move that weighs a capture by the quest
area it leaves (``engine.pentaquest.lookahead``), and no search level at 2 to 4 seats.

No search at a table, because none found plays better than greedy there: at 2 seats greedy
won 29 of 30 against the tree search (arena round-robin, seed 1, 250 ms); at 3 and 4 seats one
search seat won 14 and 6 of 100 games against greedy seats with every seat's moves in its tree,
1 and 0 with its own turn only (``benchmarks/table_sizes.py``, seed 1). Paired searches from
shared samples (prototypes, not kept: the card to capture chosen by playouts to the seat's
next turn or to the end, or every decision of the turn weighed) won 26-30 of 80 games at 3
seats where greedy won 27. The dice decide most of a multiplayer game, and greedy already
captures whenever it can: one seat's play moves its wins little
(``benchmarks/pentaquest_headroom.py``, 1,500 deals, seeds 1 and 1501: greedy won 35-36 % at 3
seats and 28-29 % at 4, other capture and reroll orders within the noise, army cards before
the free reroll half as often, since ties on score at the top go to the most unused army
cards), and even the exact best play within a turn (``benchmarks/pentaquest_turn.py``) won
only 1.3-2.8 points more than greedy. A solo game seats no automatic player; its paired
search, which ``engine arena`` plays, beats greedy.
"""

from __future__ import annotations

from engine.automatic import EVERY_LEVEL, AutomaticPlayers
from engine.pentaquest.game import GAME
from engine.pentaquest.greedy import greedy_action
from engine.pentaquest.lookahead import lookahead_action
from engine.pentaquest.state import PentaquestState
from engine.pentaquest.view import PentaquestView
from engine.playout import solo_greedy


def levels(seats: int) -> tuple[str, ...]:
    """Random and greedy at 2 to 4 seats, every level alone (see the module docstring)."""
    return ("random", "greedy") if seats >= 2 else EVERY_LEVEL


PLAYERS: AutomaticPlayers[PentaquestState, PentaquestView] = AutomaticPlayers(
    levels=levels,
    greedy_action=greedy_action,
    lookahead_action=lookahead_action,
    rollout_action=solo_greedy(GAME, greedy_action),  # greedy alone, random at a table
    solo_score_scale=42,
)
"""Pentaquest's automatic players."""
