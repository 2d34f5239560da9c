"""Carrot — rules: ``shared/rules/artichokes.md`` § Card powers, Carrot.

Only as your only play action: not playable once any card has been played this turn (harvesting
does not count); needs 2 or more Artichokes in hand. Compost exactly two Artichokes and the Carrot
itself; the play phase then ends (the turn goes on to Discard).
"""

from __future__ import annotations

from engine.artichokes.cards import ARTICHOKE, CARROT
from engine.artichokes.state import ArtichokesState
from engine.artichokes.turn import end_turn
from engine.artichokes.zones import compost, take_artichokes
from engine.types import Events

CARD = CARROT


def can_play(state: ArtichokesState, seat: int) -> bool:
    """Nothing played yet this turn, and two or more Artichokes in hand."""
    return state.plays_this_turn == 0 and state.players[seat].hand.count(ARTICHOKE) >= 2


def play(state: ArtichokesState, seat: int, ev: Events) -> None:
    """Compost two Artichokes and the Carrot, then end the play phase."""
    state.in_play.clear()
    compost(state, seat, [*take_artichokes(state, seat, 2), CARROT], ev)
    end_turn(state, ev)
