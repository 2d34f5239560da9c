"""Pending decisions, the round cycle and the dispatch of action keys — rules:
``shared/rules/ninjan.md`` § A round, § End and score.

Action keys (ASCII, at most 4 characters):

==============  =======  =====================================================================
key             phase    meaning
==============  =======  =====================================================================
``<card>``      pick     choose that card of your hand for this round, e.g. ``R7``, ``P-3``,
                         ``S10`` (simultaneous, hidden; a different card changes the choice)
``take:<n>``    take     take pile ``n`` (1..3): your card qualifies for several piles
``place:<n>``   place    put your card on pile ``n`` (1..3): it qualifies for none
==============  =======  =====================================================================

Events (``Event.kind``: data), in the order they happen:

- ``picked`` (public, seat): ``{"changed": bool}`` — a seat chose, or changed its choice;
  never which card.
- ``picked_card`` (seen by the picker only): ``{"card": str}``.
- ``revealed`` (public): ``{"round": int, "cards": [[seat, card], ...]}`` in resolution order.
- ``took`` (public, seat): ``{"card", "pile": 1..3, "cards": [...] (the pile taken, top
  first), "points": int, "score": int (the seat's new total), "auto": bool}`` — "bob's 8 Rock
  takes pile 2: +7".
- ``placed`` (public, seat): ``{"card", "pile": 1..3}`` — "carol's 3 Paper goes on pile 1".
- ``round_over`` (public): ``{"round": int}``.
- ``game_over`` (public): ``{"scores": [int, ...]}`` by seat.
"""

from __future__ import annotations

from engine.contract import Decision
from engine.ninjan.cards import BEATS, PILE_COUNT, ROUNDS, SUIT, points, resolution_order
from engine.ninjan.state import NinjanState, Resolved
from engine.types import Action, Event

PLACE_KEYS: tuple[str, ...] = tuple(f"place:{n}" for n in range(1, PILE_COUNT + 1))
TAKE_KEYS: tuple[str, ...] = tuple(f"take:{n}" for n in range(1, PILE_COUNT + 1))


def qualifying_piles(state: NinjanState, card: str) -> list[int]:
    """The piles (0..2) whose top card is of the suit ``card`` beats (§ A round, step 4;
    values do not matter)."""
    beaten = BEATS[SUIT[card]]
    return [i for i, pile in enumerate(state.piles) if SUIT[pile[-1]] == beaten]


def decisions(state: NinjanState) -> list[Decision]:
    """The pending decisions.

    - ``pick`` (§ A round, step 1): every seat chooses a card of its hand, all at once,
      hidden and changeable (``committed`` = its current choice) until all have chosen.
    - ``take`` (step 4, [ruling]): the resolving seat, when several piles qualify.
    - ``place`` (step 4): the resolving seat, when no pile qualifies: any of the 3 piles.
    - nothing once the game is over.
    """
    phase = state.phase
    if phase == "pick":
        found = []
        for seat in range(state.seats):
            pick = state.picks[seat]
            if not pick:
                found.append(Decision(seat, "pick", tuple(state.hands[seat]), simultaneous=True))
            else:
                found.append(
                    Decision(
                        seat, "pick", tuple(state.hands[seat]), simultaneous=True, committed=(pick,)
                    )
                )
        return found
    if phase == "take":
        seat = state.order[len(state.resolved)]
        piles = qualifying_piles(state, state.played[seat])
        return [Decision(seat, "take", tuple(TAKE_KEYS[i] for i in piles))]
    if phase == "place":
        return [Decision(state.order[len(state.resolved)], "place", PLACE_KEYS)]
    return []


def apply_legal(state: NinjanState, action: Action) -> list[Event]:
    """Carry out a legal ``action`` and what the rules then do on their own: the reveal once
    all have chosen, automatic takes, the end of a round and of the game."""
    ev: list[Event] = []
    seat, key = action
    verb, _, arg = key.partition(":")
    if verb == "take":
        take(state, seat, int(arg) - 1, False, ev)
        resolve(state, ev)
    elif verb == "place":
        place(state, seat, int(arg) - 1, ev)
        resolve(state, ev)
    else:
        choose(state, seat, key, ev)
    return ev


def choose(state: NinjanState, seat: int, card: str, ev: list[Event]) -> None:
    """§ A round, step 1: ``seat`` chooses ``card`` (or changes its choice to it). The card
    stays in hand, hidden; once every seat has chosen, step 2 (the reveal) follows."""
    changed = bool(state.picks[seat])
    state.picks[seat] = card
    ev.append(Event("picked", seat, {"changed": changed}))
    ev.append(Event("picked_card", seat, {"card": card}, (seat,)))
    if all(state.picks):
        reveal(state, ev)
        resolve(state, ev)


def reveal(state: NinjanState, ev: list[Event]) -> None:
    """§ A round, steps 2-3: every chosen card leaves its hand face up, and the resolution
    order is fixed (``cards.resolution_order``)."""
    played = state.picks
    for seat, card in enumerate(played):
        state.hands[seat].remove(card)
    state.played = played
    state.picks = [""] * state.seats
    state.order = resolution_order(list(enumerate(played)))
    state.resolved = []
    ev.append(
        Event(
            "revealed",
            None,
            {"round": state.round, "cards": [[s, played[s]] for s in state.order]},
        )
    )


def resolve(state: NinjanState, ev: list[Event]) -> None:
    """§ A round, step 4, for each revealed card in turn until a choice is needed: exactly one
    qualifying pile is taken automatically ([ruling]); several ask ``take``, none asks
    ``place``. After the last card the round ends (and after round 9, the game)."""
    order = state.order
    while len(state.resolved) < len(order):
        seat = order[len(state.resolved)]
        piles = qualifying_piles(state, state.played[seat])
        if len(piles) == 1:
            take(state, seat, piles[0], True, ev)
        elif piles:
            state.phase = "take"
            return
        else:
            state.phase = "place"
            return
    ev.append(Event("round_over", None, {"round": state.round}))
    if state.round >= ROUNDS:
        state.phase = "over"
        ev.append(Event("game_over", None, {"scores": list(scores(state))}))
    else:
        state.round += 1
        state.phase = "pick"


def take(state: NinjanState, seat: int, pile: int, auto: bool, ev: list[Event]) -> None:
    """§ A round, step 4: ``seat`` takes pile ``pile`` (0..2) with its revealed card: all its
    cards go face up to the seat's score area, and the card starts a new pile in its place."""
    card = state.played[seat]
    cards = state.piles[pile]
    state.taken[seat].extend(cards)
    state.piles[pile] = [card]
    state.resolved.append(Resolved(seat=seat, card=card, pile=pile, taken=cards, auto=auto))
    gained = points(cards)
    ev.append(
        Event(
            "took",
            seat,
            {
                "card": card,
                "pile": pile + 1,
                "cards": cards[::-1],
                "points": gained,
                "score": points(state.taken[seat]),
                "auto": auto,
            },
        )
    )


def place(state: NinjanState, seat: int, pile: int, ev: list[Event]) -> None:
    """§ A round, step 4: no pile qualifies, ``seat`` puts its revealed card on top of pile
    ``pile`` (0..2); the pile's cards stay visible."""
    card = state.played[seat]
    state.piles[pile].append(card)
    state.resolved.append(Resolved(seat=seat, card=card, pile=pile))
    ev.append(Event("placed", seat, {"card": card, "pile": pile + 1}))


def scores(state: NinjanState) -> tuple[int, ...]:
    """Every seat's score: the sum of the values of the cards it took (§ End and score)."""
    return tuple(points(cards) for cards in state.taken)
