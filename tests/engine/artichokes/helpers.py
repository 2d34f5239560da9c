"""Build Abandon All Artichokes positions by hand for rule tests."""

from __future__ import annotations

from collections import Counter
from typing import Any

import engine
from engine.artichokes.cards import ARTICHOKE, box_total, deck_composition
from engine.artichokes.state import ArtichokesOptions, ArtichokesState, PlayerZones
from engine.types import Action, Event

A = ARTICHOKE


def position(
    *,
    hands: list[list[str]],
    decks: list[list[str]] | None = None,
    discards: list[list[str]] | None = None,
    row: list[str] | None = None,
    stack: list[str] | None = None,
    compost: list[str] | None = None,
    active: int = 0,
    phase: str = "play",
    plays_this_turn: int = 0,
    turn: int = 1,
    seed: int = 7,
    **options: Any,
) -> ArtichokesState:
    """A state with exactly the given zones (decks, discards and the stack list their top last).

    Unlisted zones are empty. Cards need not add up to the box: rule tests look at the zones they
    touch (``accounted`` is for full games).
    """
    seats = len(hands)
    decks = decks or [[] for _ in range(seats)]
    discards = discards or [[] for _ in range(seats)]
    return ArtichokesState(
        seed=seed,
        seats=seats,
        options=ArtichokesOptions(**options),
        players=[
            PlayerZones(deck=list(d), hand=list(h), discard=list(x))
            for h, d, x in zip(hands, decks, discards, strict=True)
        ],
        stack=list(stack or []),
        row=list(row or []),
        compost=list(compost or []),
        active=active,
        phase=phase,
        plays_this_turn=plays_this_turn,
        turn=turn,
    )


def act(state: ArtichokesState, seat: int, key: str) -> list[Event]:
    """Apply ``seat``'s action ``key`` through the public engine API."""
    return engine.apply(state, Action(seat, key))


def keys(state: ArtichokesState, seat: int) -> list[str]:
    """``seat``'s legal action keys."""
    return [a.key for a in engine.legal_actions(state, seat)]


def kinds(events: list[Event]) -> list[str]:
    """The kinds of ``events``, in order."""
    return [e.kind for e in events]


def accounted(state: ArtichokesState) -> Counter[str]:
    """Every card of the game wherever it is (each must appear exactly once)."""
    cards: Counter[str] = Counter()
    for z in state.players:
        cards.update(z.deck)
        cards.update(z.hand)
        cards.update(z.discard)
    cards.update(state.stack)
    cards.update(state.row)
    cards.update(state.compost)
    cards.update(state.in_play)
    cards.update(state.revealed)
    return cards


def expected_cards(state: ArtichokesState) -> Counter[str]:
    """The cards a game of ``state``'s size and options holds: the whole box (100, or 106 with
    Rhubarb) but the Artichokes of empty seats, which stay in the tin."""
    counts = Counter(deck_composition(state.seats, state.options.rhubarb))
    in_tin = 10 * (4 - state.seats)
    assert sum(counts.values()) + in_tin == box_total(state.options.rhubarb)
    return counts
