"""Setting up a game of Verso — rules: ``shared/rules/verso.md`` § Setup, § Solo mode."""

from __future__ import annotations

from engine.chance import below, roll, shuffle
from engine.verso.cards import CARD_COUNT
from engine.verso.state import VersoOptions, VersoState

CARDS_PER_PLAYER = 15
SOLO_PILE = 35


def pile_size(seats: int) -> int:
    """Cards in the Draw Pile: 15 per player; 35 solo; [house] all 90 with 7 or 8 players."""
    if seats == 1:
        return SOLO_PILE
    return min(CARDS_PER_PLAYER * seats, CARD_COUNT)


def new_game(seats: int, options: VersoOptions, seed: int) -> VersoState:
    """A game ready for the first player's turn.

    1. The 90 cards are shuffled; each lies with a random side up (one seeded roll of 2-sided
       dice, one per card).
    2. ``pile_size(seats)`` of them form the Draw Pile; the rest are out of the game, unseen.
    3. Tableaux empty, scores 0; the first player is drawn at random; play goes in seat order.
    """
    state = VersoState(
        seed=seed,
        seats=seats,
        options=options,
        pile=[],
        tableaux=[[] for _ in range(seats)],
        scores=[0] * seats,
        squares=[False] * seats,
    )
    cards = list(range(CARD_COUNT))
    shuffle(state, cards)
    size = pile_size(seats)
    sides = roll(state, size, sides=2)
    state.pile = [2 * card + side - 1 for card, side in zip(cards[:size], sides, strict=True)]
    state.out = sorted(cards[size:])
    state.active = below(state, seats)
    return state
