"""The cards of Abandon All Artichokes and their reference text.

Rules: ``shared/rules/artichokes.md`` § Components and § Card powers.
"""

from __future__ import annotations

ARTICHOKE = "Artichoke"
BEET = "Beet"
BROCCOLI = "Broccoli"
CARROT = "Carrot"
CORN = "Corn"
EGGPLANT = "Eggplant"
LEEK = "Leek"
ONION = "Onion"
PEAS = "Peas"
PEPPER = "Pepper"
POTATO = "Potato"
RHUBARB = "Rhubarb"

VEGETABLES: tuple[str, ...] = (
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
)
"""The ten base-game vegetables of the Garden Stack, 6 copies each."""

ALL_KINDS: tuple[str, ...] = (ARTICHOKE, *VEGETABLES, RHUBARB)
"""Every card kind, in reference order."""

MIN_PLAYERS = 2
MAX_PLAYERS = 4
ARTICHOKES_PER_PLAYER = 10
COPIES_PER_VEGETABLE = 6
HAND_SIZE = 5
ROW_SIZE = 5
TOTAL_ARTICHOKES = 40


def deck_composition(seats: int, rhubarb: bool) -> dict[str, int]:
    """How many cards of each kind are in play for ``seats`` players.

    Artichokes: 10 per player (the rest stay in the box). Vegetables: 6 of each; Rhubarb 6 more
    when the promo is on. Returns ``{kind: count}``.
    """
    counts = {ARTICHOKE: ARTICHOKES_PER_PLAYER * seats}
    counts.update({kind: COPIES_PER_VEGETABLE for kind in VEGETABLES})
    if rhubarb:
        counts[RHUBARB] = COPIES_PER_VEGETABLE
    return counts


def box_total(rhubarb: bool) -> int:
    """Cards in the box: 100, or 106 with the Rhubarb promo."""
    return TOTAL_ARTICHOKES + COPIES_PER_VEGETABLE * (len(VEGETABLES) + (1 if rhubarb else 0))


OVERVIEW: tuple[str, ...] = (
    "Goal: at the end of your turn, draw a hand with no Artichoke in it. You win at once.",
    "Your turn: the Garden Row is refilled to 5 cards; you harvest one of them into your hand; you "
    "play any cards you like, one at a time (each card says what it needs); the rest of your hand "
    "goes to your Discard Pile; you draw 5 from your Personal Deck (your Discard Pile is shuffled "
    "into a new Deck when it runs out).",
    "Artichokes cannot be played on their own: get rid of them with the powers of other cards. "
    "Composted cards leave the game for good.",
)
"""How the game goes, in three short paragraphs (shown before the card reference)."""

CARD_TEXT: dict[str, str] = {
    ARTICHOKE: "Cannot be played unless another card instructs it.",
    BEET: (
        "Needs another card in your hand and an opponent with a card in hand. Choose that "
        "opponent; each of you takes a random card from the other's hand, both revealed. Two "
        "Artichokes: compost both. Otherwise swap them."
    ),
    BROCCOLI: "Needs 3 or more Artichokes in your hand. Compost one Artichoke.",
    CARROT: (
        "Only as your only play this turn, with 2 or more Artichokes in hand. Compost exactly two "
        "Artichokes and this Carrot; your play phase ends."
    ),
    CORN: (
        "Needs an Artichoke in hand and a card in the Garden Row. Play it with an Artichoke (both "
        "go to your Discard Pile), then put a Garden Row card on top of your Personal Deck."
    ),
    EGGPLANT: (
        "Needs an Artichoke in hand. Compost one Artichoke and this Eggplant. Then every player "
        "secretly chooses 2 cards of their hand (all of them if fewer) and passes them to the "
        "next player."
    ),
    LEEK: (
        "Needs an opponent with a Personal Deck or Discard Pile. Reveal the top card of their "
        "Deck (shuffling their Discard Pile into a Deck if it is empty); put it on their Discard "
        "Pile or into your hand."
    ),
    ONION: (
        "Needs an Artichoke in hand. Compost one Artichoke; put this Onion on top of an "
        "opponent's Discard Pile."
    ),
    PEAS: (
        "Needs 2 or more cards in the Garden Stack. Reveal the top two; put one on your Discard "
        "Pile and the other on an opponent's Discard Pile."
    ),
    PEPPER: (
        "Needs a card in your Discard Pile. Put any card of your Discard Pile on top of your "
        "Personal Deck."
    ),
    POTATO: (
        "Needs a card in your Personal Deck or Discard Pile. Reveal the top card of your Deck "
        "(shuffling your Discard Pile into a Deck if it is empty): compost it if it is an "
        "Artichoke, otherwise put it on your Discard Pile."
    ),
    RHUBARB: (
        "Needs a card in the Garden Row or Garden Stack. Compost this Rhubarb, put the Garden "
        "Row under the Garden Stack, refill the Row to 5 and harvest one card (promo card)."
    ),
}
"""One-paragraph English reference per card kind (the bot translates it as a msgid)."""
