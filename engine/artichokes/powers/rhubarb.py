"""Rhubarb (promo) — rules: ``shared/rules/artichokes.md`` § Card powers, Rhubarb.

Needs a card in the Garden Row or the Garden Stack. Compost the Rhubarb; put the Garden Row under
the Garden Stack; refill the Row to 5 (with the four-of-a-kind check); harvest one card.
"""

from __future__ import annotations

from engine.artichokes.cards import RHUBARB
from engine.artichokes.state import ArtichokesState
from engine.artichokes.zones import compost, replenish_row
from engine.types import Event, Events

CARD = RHUBARB


def can_play(state: ArtichokesState, seat: int) -> bool:
    """A card in the Garden Row or the Garden Stack."""
    return bool(state.row or state.stack)


def play(state: ArtichokesState, seat: int, ev: Events) -> None:
    """Compost the Rhubarb, bury the Row under the Stack, refill it, then wait for a harvest."""
    state.in_play.clear()
    compost(state, seat, [RHUBARB], ev)
    buried = list(state.row)
    state.stack[:0] = buried  # under the Stack: the Stack's top is its end
    state.row.clear()
    if ev is not None:
        ev.append(Event("row_buried", seat, {"cards": buried}))
    replenish_row(state, ev)
    state.phase = "harvest"
