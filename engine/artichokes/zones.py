"""Card movements shared by several rules: drawing, reshuffling, composting, the Garden Row.

Each function mutates the state and appends the events it causes to ``ev``.
Rules: ``shared/rules/artichokes.md`` (sections named per function).
"""

from __future__ import annotations

from engine.artichokes.cards import ARTICHOKE, ROW_SIZE
from engine.artichokes.state import ArtichokesState
from engine.chance import shuffle
from engine.types import Event, Events

MAX_ROW_RESHUFFLES = 5
"""Four-of-a-kind check: the Row is reshuffled at most this many times in a row ([ruling])."""


def remove_one(cards: list[str], kind: str) -> None:
    """Remove the top-most (last) card of ``kind`` from ``cards``.

    Raises:
        ValueError: no card of that kind (a bug: callers check legality first).
    """
    for i in range(len(cards) - 1, -1, -1):
        if cards[i] == kind:
            del cards[i]
            return
    raise ValueError(f"no {kind} to remove")


def take_artichokes(state: ArtichokesState, seat: int, count: int) -> list[str]:
    """Remove ``count`` Artichokes from ``seat``'s hand and return them.

    Raises:
        ValueError: fewer Artichokes in hand (callers check requirements first).
    """
    hand = state.players[seat].hand
    for _ in range(count):
        remove_one(hand, ARTICHOKE)
    return [ARTICHOKE] * count


def compost(
    state: ArtichokesState, seat: int, cards: list[str], ev: Events, *, by: str | None = None
) -> None:
    """Move ``cards`` (already taken from their zone) to the Community Compost Pile.

    ``by``: the card whose power composts them when they are not ``seat``'s own choice
    (Beet's two Artichokes, Potato's revealed Artichoke); the event then carries it.
    """
    state.compost.extend(cards)
    if ev is not None:
        data: dict[str, object] = {"cards": list(cards)}
        if by is not None:
            data["by"] = by
        ev.append(Event("composted", seat, data))


def reshuffle_discard_into_deck(state: ArtichokesState, seat: int, ev: Events) -> None:
    """Shuffle ``seat``'s Discard Pile into a new Personal Deck (the Deck must be empty).

    Rule: § A turn, phase 5 (Draw), and the Potato and Leek powers.
    """
    zones = state.players[seat]
    zones.deck.extend(zones.discard)
    zones.discard.clear()
    shuffle(state, zones.deck)
    if ev is not None:
        ev.append(Event("deck_reshuffled", seat, {"count": len(zones.deck)}))


def reveal_top_of_deck(state: ArtichokesState, seat: int, ev: Events) -> str:
    """Take the top card of ``seat``'s Deck, first reshuffling the Discard Pile if the Deck is
    empty. The caller makes the card public and places it.

    Raises:
        IndexError: Deck and Discard Pile are both empty (callers check requirements first).
    """
    zones = state.players[seat]
    if not zones.deck:
        reshuffle_discard_into_deck(state, seat, ev)
    return zones.deck.pop()


def draw_hand(state: ArtichokesState, seat: int, count: int, ev: Events) -> None:
    """Draw up to ``count`` cards into ``seat``'s hand; when the Deck runs out, shuffle the
    Discard Pile into a new Deck and continue; with both empty the hand stays short.

    Rule: § A turn, phase 5 (Draw). Emits a public ``drew`` event (count) and a private one
    (the cards, for ``seat`` only).
    """
    zones = state.players[seat]
    deck = zones.deck
    drawn: list[str] = []
    while len(drawn) < count:
        if not deck:
            if not zones.discard:
                break
            reshuffle_discard_into_deck(state, seat, ev)
        take = min(count - len(drawn), len(deck))
        drawn.extend(reversed(deck[-take:]))  # the top (last) card is drawn first
        del deck[-take:]
    zones.hand.extend(drawn)
    if ev is not None:
        ev.append(Event("drew", seat, {"count": len(drawn)}))
        ev.append(Event("drew_cards", seat, {"cards": drawn}, (seat,)))


def fill_row(state: ArtichokesState, ev: Events) -> bool:
    """Reveal cards from the Garden Stack until the Garden Row has 5 (or the Stack is empty);
    ``True`` if any card was revealed."""
    revealed: list[str] = []
    while len(state.row) < ROW_SIZE and state.stack:
        card = state.stack.pop()
        state.row.append(card)
        revealed.append(card)
    if revealed and ev is not None:
        ev.append(Event("row_filled", None, {"cards": revealed}))
    return bool(revealed)


def has_four_of_a_kind(row: list[str]) -> bool:
    """Whether the Garden Row shows 4 or more cards of one kind."""
    if len(row) < 4:
        return False
    kinds = set(row)
    # four of one kind leave at most len(row) - 3 distinct kinds: most rows fail this at once
    return len(kinds) <= len(row) - 3 and any(row.count(kind) >= 4 for kind in kinds)


def replenish_row(state: ArtichokesState, ev: Events) -> None:
    """Fill the Garden Row to 5, then apply the four-of-a-kind check.

    Rule: § A turn, phase 1 (Replenish) [ruling]: if the Row shows 4+ of one kind, the whole Row
    goes back into the Stack, the Stack is shuffled and 5 new cards are revealed; at most 5 times,
    then the Row is kept. The check is skipped when the Stack is empty after filling, and when
    filling revealed nothing (the Row has not changed since it was last checked or kept).
    """
    if not fill_row(state, ev):
        return
    reshuffles = 0
    while reshuffles < MAX_ROW_RESHUFFLES and state.stack and has_four_of_a_kind(state.row):
        reshuffles += 1
        if ev is not None:
            ev.append(Event("row_reshuffled", None, {"cards": list(state.row)}))
        state.stack.extend(state.row)
        state.row.clear()
        shuffle(state, state.stack)
        fill_row(state, ev)
