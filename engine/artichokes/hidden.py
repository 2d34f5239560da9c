"""What a viewer cannot see, dealt afresh — rules: ``shared/rules/artichokes.md`` § Information.

Hidden from everyone: the order of every Personal Deck and of the Garden Stack (but for what a
power shows: the card Corn or Pepper puts on top of a Deck, the Row that Rhubarb puts under
the Stack — the samples shuffle that away, so they know less than a player, never more).
Hidden from a seat: the other seats' hands while the game runs, and their committed Eggplant
passes.

What a zone *holds* is another matter. Every card that enters or leaves the Garden Stack is
shown (replenishing, Peas, Rhubarb, the four-of-a-kind reshuffle), and so is every card that
enters or leaves a seat's own Personal Deck as far as that seat is concerned (its draws land in
its own hand; a reshuffle brings in its face-up Discard Pile; Corn, Pepper, Potato and Leek
show theirs). So the Stack's cards are public and a seat knows its own Deck's cards, in no
order (``ArtichokesView.stack`` and ``.deck``). What is left — the other seats' hands and Decks
— is one pool whose cards follow from the rest; which of them sits where is hidden (the hand
from the Deck, and, with 3–4 players, one opponent's from another's after an Eggplant pass none
of them showed the viewer). In a 2-player game that pool is exactly the opponent's own cards,
as a player who remembers every move knows them.
"""

from __future__ import annotations

import random

from engine.artichokes.powers.eggplant import PASS_COUNT
from engine.artichokes.state import ArtichokesState


def redistribute(state: ArtichokesState, viewer: int | None, rng: random.Random) -> None:
    """Re-deal in place what ``viewer`` cannot see (a seat, or ``None`` for a spectator):

    - the Garden Stack and the viewer's own Personal Deck keep their cards in a new order;
    - the other seats' Personal Decks and (while the game runs) hands are pooled and dealt
      afresh, each zone keeping its size — a spectator's pool holds every Deck and hand;
    - the other seats' committed Eggplant passes are chosen afresh from their new hands.

    Every zone is sorted before it is shuffled, so the result depends only on what ``viewer``
    sees (its view) and on ``rng``."""
    kept = [state.stack]
    if viewer is not None:
        kept.append(state.players[viewer].deck)
    for zone in kept:
        zone.sort()
        rng.shuffle(zone)
    others = [z for seat, z in enumerate(state.players) if seat != viewer]
    zones = [z.deck for z in others]
    if state.phase != "over":
        zones += [z.hand for z in others]
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
