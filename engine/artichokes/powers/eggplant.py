"""Eggplant — rules: ``shared/rules/artichokes.md`` § Card powers, Eggplant.

Needs an Artichoke in hand. Compost one Artichoke and the Eggplant. Then every player, the one
who played it included, simultaneously chooses 2 cards from their hand (all of them if fewer than
2, possibly none) and passes them face down to the player on their left (the next seat). Each
choice stays hidden until all have chosen and can be changed until then; passed cards are seen
only by giver and receiver.

A seat holding 2 cards or fewer has no choice to make, so its pass is committed at once
without asking (hand sizes are public: this reveals nothing). Changing a choice until everyone
has chosen is what issue 2 asks for (BGA's "change of mind").
"""

from __future__ import annotations

from engine.artichokes.cards import ARTICHOKE, EGGPLANT
from engine.artichokes.state import ArtichokesState
from engine.artichokes.turn import finish_card
from engine.artichokes.zones import compost, remove_one, take_artichokes
from engine.contract import Decision
from engine.types import Event, Events

CARD = EGGPLANT
PREFIX = "pass:"
PASS_COUNT = 2


def can_play(state: ArtichokesState, seat: int) -> bool:
    """An Artichoke in hand."""
    return ARTICHOKE in state.players[seat].hand


def play(state: ArtichokesState, seat: int, ev: Events) -> None:
    """Compost an Artichoke and the Eggplant, then open the simultaneous pass."""
    state.in_play.clear()
    compost(state, seat, [*take_artichokes(state, seat, 1), EGGPLANT], ev)
    state.phase = "eggplant"
    state.passes = {}
    if ev is not None:
        ev.append(Event("pass_started", seat, {"count": PASS_COUNT}))
    for s in range(state.seats):
        hand = state.players[s].hand
        if len(hand) <= PASS_COUNT:
            _commit(state, s, sorted(hand), ev)
    _resolve_if_complete(state, seat, ev)


def pass_key(cards: list[str]) -> str:
    """The action key passing ``cards`` (order-insensitive), e.g. ``pass:Artichoke+Beet``."""
    return PREFIX + "+".join(sorted(cards))


def pass_decisions(state: ArtichokesState) -> list[Decision]:
    """One simultaneous multi-select per seat holding more than 2 cards: choose 2 cards of the
    hand (a multiset: two Artichokes may both be passed), hidden and changeable until all
    have chosen (``committed`` is the current choice).

    A seat whose pass was committed automatically (2 cards or fewer) has nothing to decide.
    """
    found = []
    for seat in range(state.seats):
        hand = state.players[seat].hand
        if len(hand) <= PASS_COUNT:
            continue
        chosen = state.passes.get(seat)
        found.append(
            Decision(
                seat,
                "pass",
                tuple(sorted(hand)),
                min=PASS_COUNT,
                max=PASS_COUNT,
                simultaneous=True,
                committed=tuple(sorted(chosen)) if chosen is not None else None,
            )
        )
    return found


def on_pass(state: ArtichokesState, seat: int, key: str, ev: Events) -> None:
    """Keep (or replace) ``seat``'s hidden choice; resolve once every seat has chosen."""
    cards = key.removeprefix(PREFIX).split("+")
    _commit(state, seat, cards, ev)
    _resolve_if_complete(state, state.active, ev)


def _commit(state: ArtichokesState, seat: int, cards: list[str], ev: Events) -> None:
    changed = seat in state.passes
    state.passes[seat] = cards
    if ev is not None:
        ev.append(Event("pass_chosen", seat, {"changed": changed}))
        ev.append(Event("pass_chosen_cards", seat, {"cards": list(cards)}, (seat,)))


def _resolve_if_complete(state: ArtichokesState, active: int, ev: Events) -> None:
    if len(state.passes) < state.seats:
        return
    for giver, cards in state.passes.items():
        hand = state.players[giver].hand
        for card in cards:
            remove_one(hand, card)
    for giver in range(state.seats):
        cards = state.passes[giver]
        receiver = state.left_of(giver)
        state.players[receiver].hand.extend(cards)
        if ev is not None:
            ev.append(Event("passed", giver, {"to": receiver, "count": len(cards)}))
            ev.append(
                Event("passed_cards", giver, {"to": receiver, "cards": cards}, (giver, receiver))
            )
    state.passes = {}
    finish_card(state, active, ev)
