"""The reference text of Verso (English msgids) — ``shared/rules/verso.md``."""

from __future__ import annotations

from engine.contract import Reference, ReferenceSection
from engine.verso.ladder import LADDER

OVERVIEW: tuple[str, ...] = (
    "Goal: score the most victory points (VP) by banking series of cards and by forming "
    "squares. Every card has two sides; each side shows a colour (Blue, Green or Orange), a "
    "number from 1 to 6 or a joker, and 1 or 3 VP.",
    "Your turn: either draw the top card of the Draw Pile and keep it as it lies or flip it "
    "first (you must flip it when its shown side is identical to a card in your tableau), or "
    "bank a series from your tableau.",
    "The game ends when the Draw Pile is empty: then everyone banks one final series at the "
    "same time, without making anyone flip. The highest total wins; ties share the rank.",
)
"""How the game goes (shown before the sections)."""

SECTIONS: tuple[ReferenceSection, ...] = (
    ReferenceSection(
        "The cards",
        (
            (
                "Two sides",
                "The two sides of a card always have different colours, one is worth 1 VP "
                "and the other 3 VP, and their numbers are next to each other on the cycle "
                "1-2-3-4-5-6-1, or one side is a joker. A side nobody has seen stays hidden, "
                "even from the card's owner.",
            ),
            (
                "Identical cards",
                "Two cards are identical when their up sides have the same colour and number, "
                "or are jokers of the same colour; VP do not matter. A card whose new side is "
                "identical to another card of its tableau is discarded.",
            ),
            (
                "Rows",
                "Each card joins the row of its up side's colour. A flipped card moves to the "
                "row of its new colour.",
            ),
        ),
    ),
    ReferenceSection(
        "Scoring",
        (
            (
                "Series",
                "2 to 6 cards of one row with consecutive numbers (no wrap from 6 to 1); one "
                "joker may stand for a missing number or extend either end. Banking scores the "
                "VP of all its cards; its two highest cards are discarded and the others stay. "
                "Then each neighbour flips their highest card of that colour (a joker only if "
                "it is their only card of that colour). With 2 players the opponent flips once.",
            ),
            (
                "Square",
                "Three or more cards in each of the three rows: 7 VP at once, on anyone's turn. "
                "It scores again only after it has been broken and formed anew.",
            ),
            (
                "Final series",
                "When the Draw Pile is empty every player picks one last series, or none, "
                "secretly and at the same time; it scores without any flips.",
            ),
        ),
    ),
    ReferenceSection(
        "Solo",
        (
            (
                "Simulated opponent",
                "The Draw Pile has 35 cards. After each of your turns the opponent turns the "
                "top card over. If either side is a joker nothing happens; if the revealed "
                "number is higher than the one that was up, you flip your highest card of the "
                "revealed side's colour. Then the card is discarded.",
            ),
            *(
                (f"{threshold} VP or more" if i == 0 else f"{threshold} VP", line)
                for i, (threshold, line) in reversed(list(enumerate(LADDER)))
            ),
        ),
    ),
)
"""The reference sections: cards, scoring, solo (with the ladder lines)."""


def reference() -> Reference:
    """The whole reference text (Verso has no options)."""
    return Reference(OVERVIEW, SECTIONS)
