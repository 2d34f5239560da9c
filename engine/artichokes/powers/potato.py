"""Potato — rules: ``shared/rules/artichokes.md`` § Card powers, Potato.

Needs a card in your Personal Deck or Discard Pile. If your Deck is empty, shuffle your Discard
Pile into a new Deck. Reveal the top card: an Artichoke is composted; anything else goes on your
Discard Pile (then the Potato on top of it).
"""

from __future__ import annotations

from engine.artichokes.cards import ARTICHOKE, POTATO
from engine.artichokes.state import ArtichokesState
from engine.artichokes.turn import finish_card
from engine.artichokes.zones import compost, reveal_top_of_deck
from engine.types import Event, Events

CARD = POTATO


def can_play(state: ArtichokesState, seat: int) -> bool:
    """A card in the Personal Deck or the Discard Pile."""
    zones = state.players[seat]
    return bool(zones.deck or zones.discard)


def play(state: ArtichokesState, seat: int, ev: Events) -> None:
    """Reveal the top Deck card; compost it if it is an Artichoke, else discard it."""
    card = reveal_top_of_deck(state, seat, ev)
    if ev is not None:
        ev.append(Event("potato_revealed", seat, {"card": card, "composted": card == ARTICHOKE}))
    if card == ARTICHOKE:
        compost(state, seat, [card], ev, by=POTATO)
    else:
        state.players[seat].discard.append(card)
    finish_card(state, seat, ev)
