"""The creature cards: the house deck, loaded from ``deck.json`` and validated with pydantic.

Rules: ``shared/rules/pentaquest.md`` § Components and setup, § House deck v1. The deck file
is the project's house deck v1 (a copy of ``shared/rules/pentaquest-deck.json``), shipped as
package data. A malformed deck raises :class:`DeckError`, naming the card and the field.

The table option "Deck" (any 42-card JSON of that format) is not offered yet: every table
plays house deck v1. :func:`parse_deck` already validates any such text, so the option is a
later addition that needs no new rules code.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictInt,
    StrictStr,
    ValidationError,
    model_validator,
)

Symbol = Literal["1", "2", "3", "4", "5", "6", "sun", "moon"]
"""A requirement symbol: a number (a die showing it), a sun or a moon."""

Power = Literal["add", "sub", "addsub", "reroll", "mirror"]
"""A card's power (the symbol in its upper-right corner)."""

POWERS: tuple[Power, ...] = ("add", "sub", "addsub", "mirror", "reroll")
"""Every power, in reference order."""

DECK_SIZE = 42
"""Cards in a deck (the published maximum score is 42)."""

TIER_NAMES = {1: "small folk", 2: "raiders", 3: "monsters", 4: "legends"}
"""The house deck's tiers [house]."""


class DeckError(ValueError):
    """A deck file that is not a valid Pentaquest deck; the message names the card (its
    position, id and name when known) and the field."""


class CardSpec(BaseModel):
    """One card of a deck file (``{"id", "name", "tier", "requirement", "power"}``).

    Deck convention [house]: 1 to 5 symbols; moons appear only together with suns.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: StrictInt = Field(ge=1, le=999)
    name: StrictStr = Field(min_length=1, max_length=40)
    tier: StrictInt = Field(ge=1, le=4)
    requirement: tuple[Symbol, ...] = Field(min_length=1, max_length=5)
    power: Power

    @model_validator(mode="after")
    def _moons_need_suns(self) -> CardSpec:
        if "moon" in self.requirement and "sun" not in self.requirement:
            raise ValueError("requirement: moons appear only together with suns")
        return self


@dataclass(frozen=True, slots=True)
class Card:
    """A validated card, as the engine and the views use it.

    Attributes:
        id: the card's number (its action keys say ``capture:<id>``, ``use:<id>``).
        name: display name (a catalog msgid).
        tier: 1 small folk .. 4 legends.
        requirement: its symbols, as printed (``("6", "sun", "sun")``).
        power: ``add``, ``sub``, ``addsub``, ``reroll`` or ``mirror``.
    """

    id: int
    name: str
    tier: int
    requirement: tuple[str, ...]
    power: str


def parse_deck(text: str | bytes) -> tuple[Card, ...]:
    """Validate a deck file's JSON text and return its cards in file order.

    The file is an object with a ``"cards"`` list of exactly 42 cards (other top-level keys
    are descriptions and are ignored); ids and names are unique.

    Raises:
        DeckError: not JSON, no ``cards`` list, a card failing validation (the message names
            the card's position, id and name and the field, e.g. ``card 3 (id 3, 'Giant Rat'):
            power: ...``), a wrong card count, or a repeated id or name.
    """
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DeckError(f"deck is not JSON: {exc}") from exc
    if not isinstance(raw, dict) or not isinstance(raw.get("cards"), list):
        raise DeckError("deck: the file must be an object with a 'cards' list")
    cards: list[Card] = []
    for position, entry in enumerate(raw["cards"], start=1):
        spec = _validate_card(position, entry)
        cards.append(Card(spec.id, spec.name, spec.tier, spec.requirement, spec.power))
    if len(cards) != DECK_SIZE:
        raise DeckError(f"deck: cards: {len(cards)} cards, a deck has {DECK_SIZE}")
    for attribute in ("id", "name"):
        seen: dict[object, int] = {}
        for position, card in enumerate(cards, start=1):
            value = getattr(card, attribute)
            if value in seen:
                raise DeckError(
                    f"card {position} ({_label(card.id, card.name)}): {attribute}: "
                    f"{value!r} is already card {seen[value]}'s"
                )
            seen[value] = position
    return tuple(cards)


def _validate_card(position: int, entry: Any) -> CardSpec:
    label = _label(entry.get("id"), entry.get("name")) if isinstance(entry, dict) else "?"
    try:
        return CardSpec.model_validate(entry)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(part) for part in error['loc']) or 'card'}: {error['msg']}"
            for error in exc.errors()
        )
        raise DeckError(f"card {position} ({label}): {problems}") from None


def _label(card_id: object, name: object) -> str:
    parts = []
    if card_id is not None:
        parts.append(f"id {card_id}")
    if name is not None:
        parts.append(repr(name))
    return ", ".join(parts) or "no id or name"


def load_house_deck() -> tuple[Card, ...]:
    """The house deck v1 shipped in this package (``engine/pentaquest/deck.json``).

    Raises:
        DeckError: the shipped file is malformed (a packaging bug).
    """
    text = resources.files("engine.pentaquest").joinpath("deck.json").read_text("utf-8")
    return parse_deck(text)


DECK: tuple[Card, ...] = load_house_deck()
"""The cards every table plays (house deck v1), in file order."""

CARDS: dict[int, Card] = {card.id: card for card in DECK}
"""Card id -> card."""

POWER_TEXT: dict[str, str] = {
    "add": "+1 to one die; never on a 6.",
    "sub": "−1 to one die; never on a 1.",
    "addsub": "+1 or −1 to one die, your choice (a 6 only goes down, a 1 only up).",
    "mirror": "One die to its opposite face: 1↔6, 2↔5, 3↔4.",
    "reroll": "Reroll any of the dice (at least one). It is not the free reroll and may come "
    "after it.",
}
"""One sentence per power (catalog msgids)."""
