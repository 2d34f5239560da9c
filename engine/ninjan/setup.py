"""Setting up a game of Ninjan — rules: ``shared/rules/ninjan.md`` § Components and setup."""

from __future__ import annotations

from engine.chance import shuffle
from engine.ninjan.cards import ALL_CARDS, HAND_SIZE, PILE_COUNT
from engine.ninjan.state import NinjanOptions, NinjanState


def new_game(seats: int, options: NinjanOptions, seed: int) -> NinjanState:
    """A game ready for the first round's choices.

    The 48 cards are shuffled; each seat is dealt 9 (hands differ), the next 3 start the 3
    face-up piles, and the rest (48 - 9 * seats - 3: 27, 18, 9 or 0) are out of the game,
    unseen by everyone.
    """
    deck = list(ALL_CARDS)
    state = NinjanState(
        seed=seed,
        seats=seats,
        options=options,
        hands=[],
        piles=[],
        taken=[[] for _ in range(seats)],
        picks=[""] * seats,
        played=[""] * seats,
    )
    shuffle(state, deck)
    state.hands = [sorted(deck[HAND_SIZE * s : HAND_SIZE * (s + 1)]) for s in range(seats)]
    dealt = HAND_SIZE * seats
    state.piles = [[card] for card in deck[dealt : dealt + PILE_COUNT]]
    state.out = sorted(deck[dealt + PILE_COUNT :])
    return state
