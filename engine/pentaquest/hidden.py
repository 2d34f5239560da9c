"""What a viewer cannot see, dealt afresh — rules: ``shared/rules/pentaquest.md``
§ Information.

Hidden from everyone: the order of the deck. With hidden armies [house option], while the game
runs: the cards of every army but the viewer's own (their sizes are public). Everything else
(quest area, discard piles, dice, the card in use) is public.
"""

from __future__ import annotations

import random

from engine.pentaquest.state import PentaquestState


def redistribute(state: PentaquestState, viewer: int | None, rng: random.Random) -> None:
    """Re-deal in place the deck (and, with hidden armies, the other seats' armies) from one
    pool, keeping each zone's size; armies stay sorted. The pool is sorted before it is
    shuffled, so the result depends only on what ``viewer`` sees and on ``rng``."""
    zones = [state.deck]
    if state.options.hidden_armies and state.phase != "over":
        zones += [army for seat, army in enumerate(state.armies) if seat != viewer]
    pool = sorted(card for zone in zones for card in zone)
    rng.shuffle(pool)
    for index, zone in enumerate(zones):
        size = len(zone)
        zone[:] = pool[:size] if index == 0 else sorted(pool[:size])
        del pool[:size]
