"""Corn — rules: ``shared/rules/artichokes.md`` § Card powers, Corn.

Needs an Artichoke in hand and a non-empty Garden Row. The Artichoke is played with the Corn:
both go to your Discard Pile (not the compost; [house] the Corn lands on top). Then choose a
Garden Row card and put it on top of your Personal Deck. The Row stays short until the next
Replenish.
"""

from __future__ import annotations

from engine.artichokes.cards import ARTICHOKE, CORN
from engine.artichokes.state import ArtichokesState
from engine.artichokes.turn import finish_card
from engine.artichokes.zones import take_artichokes
from engine.types import Event, Events

CARD = CORN
PREFIX = "corn:"


def can_play(state: ArtichokesState, seat: int) -> bool:
    """An Artichoke in hand and a card in the Garden Row."""
    return ARTICHOKE in state.players[seat].hand and bool(state.row)


def play(state: ArtichokesState, seat: int, ev: Events) -> None:
    """Play an Artichoke along with the Corn, then wait for the Garden Row choice."""
    state.in_play[:0] = take_artichokes(state, seat, 1)  # under the Corn on the Discard Pile
    if ev is not None:
        ev.append(Event("played_along", seat, {"card": ARTICHOKE}))
    state.phase = "choose"


def choices(state: ArtichokesState, seat: int) -> list[str]:
    """One key per kind in the Garden Row: ``corn:<kind>``."""
    return [PREFIX + kind for kind in sorted(set(state.row))]


def on_choice(state: ArtichokesState, seat: int, key: str, ev: Events) -> None:
    """Put the chosen Garden Row card on top of the Personal Deck."""
    kind = key.removeprefix(PREFIX)
    state.row.remove(kind)
    state.players[seat].deck.append(kind)
    if ev is not None:
        ev.append(Event("row_card_to_deck", seat, {"card": kind}))
    finish_card(state, seat, ev)
