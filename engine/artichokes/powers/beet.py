"""Beet — rules: ``shared/rules/artichokes.md`` § Card powers, Beet.

Needs at least one other card in your hand and an opponent with a card in hand. Choose that
opponent; the Beet leaves your hand first; each of you takes a random card from the other's hand,
both revealed at once. Two Artichokes: both are composted. Otherwise they are swapped (each ends
with the other's card); a non-Artichoke received may be played this turn.
"""

from __future__ import annotations

from engine.artichokes.cards import ARTICHOKE, BEET
from engine.artichokes.state import ArtichokesState
from engine.artichokes.turn import finish_card
from engine.artichokes.zones import compost
from engine.chance import next_rng
from engine.types import Event, Events

CARD = BEET


def can_play(state: ArtichokesState, seat: int) -> bool:
    """The Beet plus another card in hand, and an opponent holding a card."""
    return len(state.players[seat].hand) >= 2 and bool(targets(state, seat))


def targets(state: ArtichokesState, seat: int) -> list[int]:
    """Opponents with at least one card in hand, in seat order."""
    players = state.players
    return [s for s in state.others(seat) if players[s].hand]


def play(state: ArtichokesState, seat: int, ev: Events) -> None:
    """Wait for the opponent choice."""
    state.phase = "target"


def on_target(state: ArtichokesState, seat: int, target: int, ev: Events) -> None:
    """Take a random card from each hand at the same time, then compost or swap them."""
    mine = state.players[seat].hand
    theirs = state.players[target].hand
    rng = next_rng(state)
    taken = theirs.pop(rng.below(len(theirs)))
    given = mine.pop(rng.below(len(mine)))
    both_artichokes = taken == ARTICHOKE and given == ARTICHOKE
    if ev is not None:
        ev.append(
            Event(
                "beet",
                seat,
                {"target": target, "taken": taken, "given": given, "composted": both_artichokes},
            )
        )
    if both_artichokes:
        compost(state, seat, [taken, given], ev, by=BEET)
    else:
        mine.append(taken)
        theirs.append(given)
    finish_card(state, seat, ev)
