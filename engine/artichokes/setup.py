"""Setting up a game of Abandon All Artichokes — rules: ``shared/rules/artichokes.md`` § Setup."""

from __future__ import annotations

from engine.artichokes.cards import ARTICHOKE, ARTICHOKES_PER_PLAYER, HAND_SIZE, deck_composition
from engine.artichokes.state import ArtichokesOptions, ArtichokesState, PlayerZones
from engine.artichokes.turn import start_turn
from engine.artichokes.zones import replenish_row
from engine.chance import next_rng, shuffle
from engine.types import Event


def new_game(seats: int, options: ArtichokesOptions, seed: int) -> ArtichokesState:
    """A game ready for the first player's Harvest.

    1. Each seat: 10 Artichokes form the Personal Deck; 5 are drawn into hand.
    2. The 60 vegetables (66 with Rhubarb) are shuffled into the Garden Stack.
    3. 5 are revealed into the Garden Row, with the four-of-a-kind check.
    4. [house] The first player is ``options.first_player``, or drawn at random from the seed.
    Then the first turn starts (its Replenish finds the Row full).

    Raises:
        ValueError: ``options.first_player`` is not a seat of this game.
    """
    if options.first_player is not None and options.first_player >= seats:
        raise ValueError(
            f"first_player {options.first_player} is not a seat of a {seats}-player game"
        )
    players = []
    for _ in range(seats):
        deck = [ARTICHOKE] * ARTICHOKES_PER_PLAYER
        hand = [deck.pop() for _ in range(HAND_SIZE)]
        players.append(PlayerZones(deck=deck, hand=hand))
    composition = deck_composition(seats, options.rhubarb)
    stack = [kind for kind, count in composition.items() if kind != ARTICHOKE for _ in range(count)]
    state = ArtichokesState(
        seed=seed, seats=seats, options=options, players=players, stack=stack, row=[]
    )
    shuffle(state, state.stack)
    setup_events: list[Event] = []
    replenish_row(state, setup_events)
    if options.first_player is None:
        state.active = next_rng(state).below(seats)
    else:
        state.active = options.first_player
    start_turn(state, setup_events)
    return state
