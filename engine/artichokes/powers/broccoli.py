"""Broccoli — rules: ``shared/rules/artichokes.md`` § Card powers, Broccoli.

Needs 3 or more Artichokes in your hand. Compost one Artichoke.
"""

from __future__ import annotations

from engine.artichokes.cards import ARTICHOKE, BROCCOLI
from engine.artichokes.state import ArtichokesState
from engine.artichokes.turn import finish_card
from engine.artichokes.zones import compost, take_artichokes
from engine.types import Events

CARD = BROCCOLI


def can_play(state: ArtichokesState, seat: int) -> bool:
    """Three or more Artichokes in hand."""
    return state.players[seat].hand.count(ARTICHOKE) >= 3


def play(state: ArtichokesState, seat: int, ev: Events) -> None:
    """Compost one Artichoke; the Broccoli goes to the Discard Pile."""
    compost(state, seat, take_artichokes(state, seat, 1), ev)
    finish_card(state, seat, ev)
