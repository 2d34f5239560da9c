"""Onion — rules: ``shared/rules/artichokes.md`` § Card powers, Onion.

Needs an Artichoke in hand. Compost one Artichoke; put the Onion on top of the Discard Pile of an
opponent you choose (not your own).
"""

from __future__ import annotations

from engine.artichokes.cards import ARTICHOKE, ONION
from engine.artichokes.state import ArtichokesState
from engine.artichokes.turn import finish_card
from engine.artichokes.zones import compost, take_artichokes
from engine.types import Event, Events

CARD = ONION


def can_play(state: ArtichokesState, seat: int) -> bool:
    """An Artichoke in hand (an opponent always exists)."""
    return ARTICHOKE in state.players[seat].hand


def targets(state: ArtichokesState, seat: int) -> list[int]:
    """Every opponent, in seat order."""
    return list(state.others(seat))


def play(state: ArtichokesState, seat: int, ev: Events) -> None:
    """Compost an Artichoke, then wait for the opponent choice."""
    compost(state, seat, take_artichokes(state, seat, 1), ev)
    state.phase = "target"


def on_target(state: ArtichokesState, seat: int, target: int, ev: Events) -> None:
    """The Onion goes on top of the target's Discard Pile."""
    state.in_play.remove(ONION)
    state.players[target].discard.append(ONION)
    if ev is not None:
        ev.append(Event("onion_placed", seat, {"target": target}))
    finish_card(state, seat, ev)
