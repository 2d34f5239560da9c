"""The card powers of Abandon All Artichokes, one module per card.

Each module has ``CARD``, ``can_play(state, seat) -> bool`` (every requirement can be met) and
``play(state, seat, ev)`` (the card has left the hand and is in ``state.in_play``). A card that
needs an opponent has ``targets(state, seat) -> list[int]`` (the legal opponents, in seat
order) and ``on_target(state, seat, target, ev)``; a card with another choice has
``choices(state, seat) -> list[str]`` (action keys, any order) and
``on_choice(state, seat, key, ev)``. ``ev`` (``engine.types.Events``) collects the events, or
is ``None`` when nobody reads them: then no event may be built, and nothing else may differ.
"""

from __future__ import annotations

from types import ModuleType

from engine.artichokes.cards import (
    BEET,
    BROCCOLI,
    CARROT,
    CORN,
    EGGPLANT,
    LEEK,
    ONION,
    PEAS,
    PEPPER,
    POTATO,
    RHUBARB,
)
from engine.artichokes.powers import (
    beet,
    broccoli,
    carrot,
    corn,
    eggplant,
    leek,
    onion,
    peas,
    pepper,
    potato,
    rhubarb,
)

POWERS: dict[str, ModuleType] = {
    BEET: beet,
    BROCCOLI: broccoli,
    CARROT: carrot,
    CORN: corn,
    EGGPLANT: eggplant,
    LEEK: leek,
    ONION: onion,
    PEAS: peas,
    PEPPER: pepper,
    POTATO: potato,
    RHUBARB: rhubarb,
}
"""Card kind -> its power module (Artichokes have none: they are never played on their own)."""
