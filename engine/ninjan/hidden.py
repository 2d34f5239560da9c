"""What a viewer cannot see, dealt afresh — rules: ``shared/rules/ninjan.md`` § Information.

Hidden from a seat: the other seats' hands (a spectator: every hand), the cards out of the
game, and the other seats' choices of the round before the reveal. Everything else (piles,
score areas, hand sizes, who has chosen, revealed cards) is public and stays.
"""

from __future__ import annotations

import random

from engine.ninjan.state import NinjanState


def redistribute(state: NinjanState, viewer: int | None, rng: random.Random) -> None:
    """Re-deal in place the other seats' hands and the out-of-game cards from one pool,
    keeping every size; every other seat that has chosen this round chooses afresh from its
    new hand. The pool is sorted before it is shuffled and the seats are visited in order, so
    the result depends only on what ``viewer`` sees and on ``rng``."""
    others = [s for s in range(state.seats) if s != viewer]
    zones = [state.out] + [state.hands[s] for s in others]
    pool = sorted(card for zone in zones for card in zone)
    rng.shuffle(pool)
    for zone in zones:
        size = len(zone)
        zone[:] = sorted(pool[:size])
        del pool[:size]
    picks = state.picks
    for seat in others:
        if picks[seat]:
            hand = state.hands[seat]
            picks[seat] = hand[rng.randrange(len(hand))]
