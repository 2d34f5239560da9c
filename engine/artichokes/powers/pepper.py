"""Pepper — rules: ``shared/rules/artichokes.md`` § Card powers, Pepper.

Needs a card in your Discard Pile (cards played earlier this turn count; the Pepper itself does
not). Choose any card of your Discard Pile and put it on top of your Personal Deck.
"""

from __future__ import annotations

from engine.artichokes.cards import PEPPER
from engine.artichokes.state import ArtichokesState
from engine.artichokes.turn import finish_card
from engine.artichokes.zones import remove_one
from engine.types import Event, Events

CARD = PEPPER
PREFIX = "pepper:"


def can_play(state: ArtichokesState, seat: int) -> bool:
    """A card in the Discard Pile."""
    return bool(state.players[seat].discard)


def play(state: ArtichokesState, seat: int, ev: Events) -> None:
    """Wait for the Discard Pile choice."""
    state.phase = "choose"


def choices(state: ArtichokesState, seat: int) -> list[str]:
    """``pepper:<kind>`` for each distinct kind in the Discard Pile."""
    return [PREFIX + kind for kind in sorted(set(state.players[seat].discard))]


def on_choice(state: ArtichokesState, seat: int, key: str, ev: Events) -> None:
    """Move the chosen card (its top-most copy) to the top of the Personal Deck."""
    kind = key.removeprefix(PREFIX)
    zones = state.players[seat]
    remove_one(zones.discard, kind)
    zones.deck.append(kind)
    if ev is not None:
        ev.append(Event("discard_card_to_deck", seat, {"card": kind}))
    finish_card(state, seat, ev)
