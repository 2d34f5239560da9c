"""What a viewer cannot see, dealt afresh — rules: ``shared/rules/artichokes.md`` § Information.

Hidden from a seat: the Garden Stack, every Personal Deck (content and order: its own too), the
other seats' hands while the game runs, and the other seats' committed Eggplant passes. Zone
sizes are public and stay.
"""

from __future__ import annotations

import random

from engine.artichokes.powers.eggplant import PASS_COUNT
from engine.artichokes.state import ArtichokesState


def redistribute(state: ArtichokesState, viewer: int | None, rng: random.Random) -> None:
    """Re-deal in place every card ``viewer`` cannot see among the zones that hide them,
    keeping each zone's size; other seats' committed passes are chosen afresh from their new
    hands. The pool is sorted before it is shuffled, so the result depends only on what
    ``viewer`` sees and on ``rng``."""
    zones = [state.stack] + [z.deck for z in state.players]
    if state.phase != "over":
        zones += [z.hand for seat, z in enumerate(state.players) if seat != viewer]
    pool = sorted(card for zone in zones for card in zone)
    rng.shuffle(pool)
    for zone in zones:
        size = len(zone)
        zone[:] = pool[:size]
        del pool[:size]
    for seat in sorted(state.passes):
        if seat == viewer:
            continue
        hand = state.players[seat].hand
        if len(hand) <= PASS_COUNT:
            state.passes[seat] = sorted(hand)
        else:
            state.passes[seat] = sorted(rng.sample(sorted(hand), PASS_COUNT))
