"""Build Ninjan positions by hand for rule tests."""

from __future__ import annotations

from collections import Counter

import engine
from engine.ninjan.cards import ALL_CARDS
from engine.ninjan.state import NinjanState
from engine.types import Action, Event


def position(
    *,
    hands: list[list[str]],
    piles: list[list[str]],
    taken: list[list[str]] | None = None,
    out: list[str] | None = None,
    round: int = 1,
    picks: list[str] | None = None,
    seed: int = 7,
) -> NinjanState:
    """A state in the choosing phase of ``round`` with exactly the given zones (piles list
    their top last; ``picks`` "" = not chosen yet).

    Unlisted zones are empty. Cards need not add up to the 48 (rule tests look at the zones
    they touch), but no card may appear twice.
    """
    seats = len(hands)
    taken = taken or [[] for _ in range(seats)]
    out = out or []
    every = [c for zone in [*hands, *piles, *taken, out] for c in zone]
    assert len(every) == len(set(every)), "a card appears twice"
    assert set(every) <= set(ALL_CARDS), "not a Ninjan card"
    return NinjanState(
        seed=seed,
        seats=seats,
        hands=[sorted(h) for h in hands],
        piles=[list(p) for p in piles],
        taken=[list(t) for t in taken],
        out=sorted(out),
        round=round,
        picks=list(picks) if picks is not None else [""] * seats,
        played=[""] * seats,
    )


def act(state: NinjanState, seat: int, key: str) -> list[Event]:
    """Apply ``seat``'s action ``key`` through the public engine API."""
    return engine.apply(state, Action(seat, key))


def pick_all(state: NinjanState, cards: list[str]) -> list[Event]:
    """Every seat chooses its card of ``cards`` (by seat, in seat order); the events of all."""
    events: list[Event] = []
    for seat, card in enumerate(cards):
        events += act(state, seat, card)
    return events


def keys(state: NinjanState, seat: int) -> list[str]:
    """``seat``'s legal action keys."""
    return [a.key for a in engine.legal_actions(state, seat)]


def kinds(events: list[Event]) -> list[str]:
    """The kinds of ``events``, in order."""
    return [e.kind for e in events]


def of_kind(events: list[Event], kind: str) -> list[Event]:
    """The events of ``kind``, in order."""
    return [e for e in events if e.kind == kind]


def accounted(state: NinjanState) -> Counter[str]:
    """Every card of the game wherever it is: hands, piles, score areas, out of the game, and
    revealed cards not yet resolved (each must appear exactly once)."""
    cards: Counter[str] = Counter()
    for zone in [*state.hands, *state.piles, *state.taken, state.out]:
        cards.update(zone)
    if state.phase in ("take", "place"):
        cards.update(state.played[s] for s in state.order[len(state.resolved) :])
    return cards
