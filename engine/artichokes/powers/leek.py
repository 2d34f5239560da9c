"""Leek — rules: ``shared/rules/artichokes.md`` § Card powers, Leek.

Needs an opponent whose Personal Deck or Discard Pile is not empty. Choose them; if their Deck is
empty they shuffle their Discard Pile into a new Deck. Reveal their top Deck card (to everyone)
and choose: put it on top of their Discard Pile, or into your hand (playable this turn).
"""

from __future__ import annotations

from engine.artichokes.cards import LEEK
from engine.artichokes.state import ArtichokesState
from engine.artichokes.turn import finish_card
from engine.artichokes.zones import reveal_top_of_deck
from engine.types import Event, Events

CARD = LEEK
TO_HAND = "leek:hand"
TO_DISCARD = "leek:discard"


def can_play(state: ArtichokesState, seat: int) -> bool:
    """Some opponent has a Personal Deck or a Discard Pile."""
    return bool(targets(state, seat))


def targets(state: ArtichokesState, seat: int) -> list[int]:
    """Opponents whose Deck or Discard Pile holds a card, in seat order."""
    players = state.players
    return [s for s in state.others(seat) if players[s].deck or players[s].discard]


def play(state: ArtichokesState, seat: int, ev: Events) -> None:
    """Wait for the opponent choice."""
    state.phase = "target"


def on_target(state: ArtichokesState, seat: int, target: int, ev: Events) -> None:
    """Reveal the target's top Deck card and wait for where it goes."""
    card = reveal_top_of_deck(state, target, ev)
    state.revealed = [card]
    state.target = target
    if ev is not None:
        ev.append(Event("leek_revealed", seat, {"target": target, "card": card}))
    state.phase = "choose"


def choices(state: ArtichokesState, seat: int) -> list[str]:
    """``leek:discard`` (onto the target's Discard Pile) or ``leek:hand`` (into your hand)."""
    return [TO_DISCARD, TO_HAND]


def on_choice(state: ArtichokesState, seat: int, key: str, ev: Events) -> None:
    """Move the revealed card where the player chose."""
    card = state.revealed.pop()
    target = state.target
    assert target is not None
    if key == TO_HAND:
        state.players[seat].hand.append(card)
    else:
        state.players[target].discard.append(card)
    if ev is not None:
        ev.append(
            Event(
                "leek_placed",
                seat,
                {"target": target, "card": card, "into": "hand" if key == TO_HAND else "discard"},
            )
        )
    finish_card(state, seat, ev)
