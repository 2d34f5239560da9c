"""What a viewer cannot see, dealt afresh — rules: ``shared/rules/verso.md`` § Information.

Every viewer sees the same cards (nothing in Verso is private but a final-series choice), so
what is hidden is the same for all: a card is *known* when both its sides are public (on the
Discard Pile, or a tableau card that was flipped); every other card is *unknown*. Unknown
cards lie in

- *constrained slots*, whose up side is public: tableau cards never flipped and the Draw
  Pile's top card. A slot may hold any unknown card having that side (colour, number and VP),
  with that side up;
- *free slots*: the Draw Pile below its top (any card, either side up, any order) and the
  cards out of the game.

Re-dealing is a random matching of constrained slots to unknown cards (a bipartite matching:
each slot's candidates are the 3-5 cards of the deck showing its side): slots in random
order each take a random free candidate, and a slot left without one is matched by an
augmenting path (Kuhn's algorithm, candidates in random order) — this always succeeds, since
the real deal is one matching. The unmatched unknown cards fill the free slots at random.
Slots are listed in a canonical order (seat, then tableau order, which is sorted by the
public side), candidates and pools in sorted order before any random choice, so the result
depends only on the view and ``rng``.
"""

from __future__ import annotations

import random

from engine.verso.cards import CARD_COUNT, FACES_OF_TYPE, SIDE_TYPE
from engine.verso.rules import final_options
from engine.verso.state import MEMO, VersoState

ALL_CARDS = frozenset(range(CARD_COUNT))

_CANDIDATES: dict[int, tuple[tuple[int, int], ...]] = {
    t: tuple((f, f >> 1) for f in faces) for t, faces in FACES_OF_TYPE.items()
}
"""Side type -> ``(face, card)`` of every card showing it, sorted."""


def unknown_cards(state: VersoState) -> set[int]:
    """Cards whose identity no viewer knows: all but the discarded and the flipped ones."""
    return set(ALL_CARDS.difference([f >> 1 for f in state.discard], state.seen))


def redistribute(state: VersoState, viewer: int | None, rng: random.Random) -> None:
    """Re-deal in place every card whose identity ``viewer`` cannot see, keeping every public
    side, every zone size and every known card; other seats' committed final-series choices
    are chosen afresh among their options.

    Raises:
        RuntimeError: no consistent deal exists (a corrupt state: the real deal is one).
    """
    state.__dict__.pop(MEMO, None)  # the public view memo of the state re-dealt
    unknown = unknown_cards(state)
    seen = set(state.seen)
    pile = state.pile
    # constrained slots in canonical order: tableaux (seat order, tableau order), the top
    slots: list[tuple[list[int], int]] = [
        (tableau, i)
        for tableau in state.tableaux
        for i, face in enumerate(tableau)
        if face >> 1 not in seen
    ]
    if pile:
        slots.append((pile, len(pile) - 1))
    faces = match([SIDE_TYPE[zone[i]] for zone, i in slots], unknown, rng)
    for (zone, i), face in zip(slots, faces, strict=True):
        zone[i] = face
    unknown.difference_update([f >> 1 for f in faces])
    # free slots: a random arrangement of the rest, the first ones under the top
    rest = sorted(unknown)
    below = len(pile) - 1 if pile else 0
    keys = memoryview(rng.randbytes(4 * len(rest))).cast("I").tolist()
    # each unknown card becomes a random key: random bits 8-29, the card's face (the card and
    # a random side bit) in bits 0-7; sorting these one-digit ints is a fast shuffle (equal
    # random parts, rare, leave the cards in sorted order)
    keyed = sorted([key & 0x3FFFFF01 | card << 1 for key, card in zip(keys, rest, strict=True)])
    pile[:] = [key & 255 for key in keyed[:below]] + pile[-1:]
    state.out[:] = sorted([(key & 255) >> 1 for key in keyed[below:]])
    if state.phase == "final":
        for seat in sorted(state.finals):
            if seat != viewer:
                state.finals[seat] = rng.choice(final_options(state.tableaux[seat]))


def match(types: list[int], unknown: set[int], rng: random.Random) -> list[int]:
    """A random face for each side type of ``types`` (a face showing it), from distinct cards
    of ``unknown`` (see the module docstring).

    Raises:
        RuntimeError: no such assignment exists.
    """
    count = len(types)
    rand = rng.random
    order = sorted(range(count), key=[rand() for _ in range(count)].__getitem__)
    free = set(unknown)
    chosen = [-1] * count
    stuck = []
    for slot in order:
        options = [fc for fc in _CANDIDATES[types[slot]] if fc[1] in free]
        if options:
            face, card = options[int(rand() * len(options))] if len(options) > 1 else options[0]
            free.discard(card)
            chosen[slot] = face
        else:
            stuck.append(slot)
    if stuck:
        _repair(types, unknown, chosen, stuck, rng)
    return chosen


def _repair(
    types: list[int], unknown: set[int], chosen: list[int], stuck: list[int], rng: random.Random
) -> None:
    """Match the ``stuck`` slots by augmenting paths from the partial matching ``chosen``."""
    owner = {face >> 1: slot for slot, face in enumerate(chosen) if face >= 0}
    rand = rng.random
    candidates: dict[int, list[tuple[int, int]]] = {}

    def augment(slot: int, visited: set[int]) -> bool:
        options = candidates.get(slot)
        if options is None:
            options = [fc for fc in _CANDIDATES[types[slot]] if fc[1] in unknown]
            options.sort(key=lambda _fc: rand())
            candidates[slot] = options
        for face, card in options:
            if card in visited:
                continue
            visited.add(card)
            other = owner.get(card)
            if other is None or augment(other, visited):
                owner[card] = slot
                chosen[slot] = face
                return True
        return False

    for slot in stuck:
        if not augment(slot, set()):
            raise RuntimeError("no deal is consistent with what is visible")
