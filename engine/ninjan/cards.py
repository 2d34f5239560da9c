"""The cards of Ninjan, the Rock-Paper-Scissors cycle and the order in which revealed cards
resolve.

Rules: ``shared/rules/ninjan.md`` § Components and setup, § The cycle, § A round (step 3).

A card is a compact key: its suit letter then its value, e.g. ``"R7"`` (7 Rock), ``"P-3"``
(-3 Paper), ``"S10"`` (10 Scissors). The keys are ASCII and are the pick action keys.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

ROCK = "R"
PAPER = "P"
SCISSORS = "S"

SUITS: tuple[str, ...] = (ROCK, PAPER, SCISSORS)
"""The three suits, in reference order."""

SUIT_NAMES: dict[str, str] = {ROCK: "Rock", PAPER: "Paper", SCISSORS: "Scissors"}

VALUES: tuple[int, ...] = (*range(-6, 0), *range(1, 11))
"""The 16 values of every suit: -6..-1 and 1..10 (there is no 0) ([ruling])."""

BEATS: dict[str, str] = {ROCK: SCISSORS, SCISSORS: PAPER, PAPER: ROCK}
"""§ The cycle: suit -> the suit it beats (Rock beats Scissors, Scissors beats Paper, Paper
beats Rock)."""

ALL_CARDS: tuple[str, ...] = tuple(f"{suit}{value}" for suit in SUITS for value in VALUES)
"""The 48 unique cards, in display order (Rock, Paper, Scissors; by value within a suit)."""

VALUE: dict[str, int] = {f"{suit}{value}": value for suit in SUITS for value in VALUES}
"""card -> its value."""

_value_of = VALUE.__getitem__

SUIT: dict[str, str] = {card: card[0] for card in ALL_CARDS}
"""card -> its suit letter."""

DISPLAY_INDEX: dict[str, int] = {card: i for i, card in enumerate(ALL_CARDS)}
"""card -> its place in ``ALL_CARDS`` (for showing a hand in a sensible order)."""

HAND_SIZE = 9
PILE_COUNT = 3
ROUNDS = 9

_THREE_WAY = {ROCK: 0, SCISSORS: 1, PAPER: 2}
"""[ruling] all three suits at one value resolve Rock, then Scissors, then Paper."""


def card_name(card: str) -> str:
    """English name of ``card``: ``"R7"`` -> ``"7 Rock"``, ``"P-3"`` -> ``"-3 Paper"``.

    Raises:
        KeyError: not a card key.
    """
    return f"{VALUE[card]} {SUIT_NAMES[SUIT[card]]}"


def points(cards: Iterable[str]) -> int:
    """The sum of the values of ``cards`` (negative values count against: § End and score)."""
    return sum(map(_value_of, cards))


def display_sorted(cards: Iterable[str]) -> tuple[str, ...]:
    """``cards`` in display order (see ``ALL_CARDS``)."""
    return tuple(sorted(cards, key=DISPLAY_INDEX.__getitem__))


def beats(card: str, top: str) -> bool:
    """Whether ``card``'s suit beats the suit of ``top`` (values do not matter: § A round,
    step 4)."""
    return BEATS[SUIT[card]] == SUIT[top]


def resolution_order(played: Sequence[tuple[int, str]]) -> list[int]:
    """The seats of ``played`` ``(seat, card)`` pairs in the order their cards resolve.

    § A round, step 3: highest value first. Equal values ([ruling]): of two cards, the one
    whose suit beats the other's first; all three suits at one value: Rock, Scissors, Paper.
    (Two cards of one value never share a suit: every card is unique.)
    """
    by_value: dict[int, list[tuple[int, str]]] = {}
    for seat, card in played:
        by_value.setdefault(VALUE[card], []).append((seat, card))
    order: list[int] = []
    for value in sorted(by_value, reverse=True):
        group = sorted(by_value[value], key=lambda pair: _THREE_WAY[SUIT[pair[1]]])
        if len(group) == 2 and beats(group[1][1], group[0][1]):
            group.reverse()  # Paper before Rock: Paper beats Rock
        order.extend(seat for seat, _ in group)
    return order


OVERVIEW: tuple[str, ...] = (
    "Ninjan is a game of Rock, Paper, Scissors for 2 to 5 players over 9 rounds. Recruit the "
    "piles of ninjan cards worth the most points.",
    "There are 48 cards: Rock, Paper and Scissors, each with the values -6 to -1 and 1 to 10. "
    "Everyone gets 9 cards and 3 cards start 3 face-up piles; the other cards are out of the "
    "game, unseen.",
    "Each round everyone secretly chooses a card from their hand and may change their mind until "
    "all have chosen. Then the chosen cards are revealed and resolve one at a time, from the "
    "highest value to the lowest.",
    "Rock beats Scissors, Scissors beats Paper and Paper beats Rock. A resolving card must take a "
    "pile whose top card is of the suit it beats: all the cards of that pile go to its player's "
    "score area and the played card starts a new pile. If several piles qualify, its player "
    "chooses one; if one does, it is taken at once. If none does, its player puts the card on "
    "top of a pile of their choice.",
    "After the 9th round each player scores the sum of the values of the cards they took, "
    "negative values included. The highest score wins; equal scores share the rank.",
)

REFERENCE_ENTRIES: tuple[tuple[str, str], ...] = (
    ("Rock", "Rock beats Scissors: a Rock card takes a pile with a Scissors card on top."),
    ("Scissors", "Scissors beats Paper: a Scissors card takes a pile with a Paper card on top."),
    ("Paper", "Paper beats Rock: a Paper card takes a pile with a Rock card on top."),
    (
        "Equal values",
        "Of two cards of one value, the one whose suit beats the other's resolves first. When "
        "all three suits are played at one value, Rock resolves first, then Scissors, then Paper.",
    ),
)
