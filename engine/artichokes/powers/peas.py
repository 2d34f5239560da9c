"""Peas — rules: ``shared/rules/artichokes.md`` § Card powers, Peas.

Needs 2 or more cards in the Garden Stack [ruling] (an opponent always exists). Reveal the top
two; choose one for your Discard Pile; the other goes on the Discard Pile of an opponent you
choose. The Peas then lands on your Discard Pile, above the kept card.
"""

from __future__ import annotations

from engine.artichokes.cards import PEAS
from engine.artichokes.state import ArtichokesState
from engine.artichokes.turn import finish_card
from engine.types import Event, Events

CARD = PEAS
PREFIX = "keep:"


def can_play(state: ArtichokesState, seat: int) -> bool:
    """Two or more cards in the Garden Stack."""
    return len(state.stack) >= 2


def play(state: ArtichokesState, seat: int, ev: Events) -> None:
    """Reveal the top two cards of the Garden Stack and wait for the keep choice."""
    state.revealed = [state.stack.pop(), state.stack.pop()]
    if ev is not None:
        ev.append(Event("peas_revealed", seat, {"cards": list(state.revealed)}))
    state.phase = "choose"


def choices(state: ArtichokesState, seat: int) -> list[str]:
    """``keep:<kind>`` for each distinct revealed kind."""
    return [PREFIX + kind for kind in sorted(set(state.revealed))]


def on_choice(state: ArtichokesState, seat: int, key: str, ev: Events) -> None:
    """Keep the chosen card on your Discard Pile; wait for the opponent for the other."""
    kind = key.removeprefix(PREFIX)
    state.revealed.remove(kind)
    state.players[seat].discard.append(kind)
    if ev is not None:
        ev.append(Event("peas_kept", seat, {"card": kind}))
    state.phase = "target"


def targets(state: ArtichokesState, seat: int) -> list[int]:
    """Every opponent, in seat order."""
    return list(state.others(seat))


def on_target(state: ArtichokesState, seat: int, target: int, ev: Events) -> None:
    """The other revealed card goes on top of the target's Discard Pile."""
    card = state.revealed.pop()
    state.players[target].discard.append(card)
    if ev is not None:
        ev.append(Event("peas_given", seat, {"target": target, "card": card}))
    finish_card(state, seat, ev)
