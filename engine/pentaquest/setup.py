"""Setting up a game of Pentaquest — rules: ``shared/rules/pentaquest.md`` § Components and
setup."""

from __future__ import annotations

from engine.chance import below, shuffle
from engine.pentaquest.cards import DECK
from engine.pentaquest.state import PentaquestOptions, PentaquestState
from engine.pentaquest.turn import start_turn


def new_game(seats: int, options: PentaquestOptions, seed: int) -> PentaquestState:
    """A game whose first turn has begun (quest area filled, dice rolled).

    1. The 42 cards are shuffled into the deck; armies and discard piles start empty.
    2. [house] The first player is ``options.first_player``, or drawn at random from the seed
       (solo: seat 0); play then goes in seat order.
    3. The first turn starts: phase 1 fills the quest area, phase 2 rolls the dice.

    Raises:
        ValueError: ``options.first_player`` is not a seat of this game.
    """
    if options.first_player is not None and options.first_player >= seats:
        raise ValueError(
            f"first_player {options.first_player} is not a seat of a {seats}-player game"
        )
    state = PentaquestState(
        seed=seed,
        seats=seats,
        options=options,
        deck=[card.id for card in DECK],
        armies=[[] for _ in range(seats)],
        discards=[[] for _ in range(seats)],
    )
    shuffle(state, state.deck)
    if options.first_player is not None:
        state.active = options.first_player
    elif seats > 1:
        state.active = below(state, seats)
    state.first = state.active
    start_turn(state, [])
    return state
