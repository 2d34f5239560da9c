"""The house deck of Verso — rules: ``shared/rules/verso.md`` § Components, [house] The deck.

90 double-sided cards, 180 sides. A *side* is ``(colour, number, vp)`` with colour 0..2
(Blue, Green, Orange), number 1..6 or ``JOKER`` (0), vp 1 or 3.

Encoding (kept small for the state): a card is an int ``0..89``; a *face* is an int
``0..179``, ``2 * card + s`` where ``s`` (0 or 1) tells which of the card's two sides is up.
``face ^ 1`` is the other side of the same card, ``face >> 1`` the card. Cards ``0..71`` are
the number cards, ``72..89`` the joker cards (their side 1 is the joker).

Lookup tables by face (tuples, fast): ``COLOUR``, ``NUMBER``, ``VP``, ``KIND`` (the
"identical" class: colour and number, jokers of one colour alike, VP ignored — [ruling]
§ Words) and ``SIDE_TYPE`` (colour, number and VP: what a viewer sees of a side).
"""

from __future__ import annotations

COLOURS: tuple[str, ...] = ("Blue", "Green", "Orange")
"""Colour names by colour index, in the rules' order."""

LETTERS: tuple[str, ...] = ("B", "G", "O")
"""One-letter colour codes used in action keys (``bank:B345``)."""

JOKER = 0
"""The ``number`` of a joker side."""

NUMBERS: tuple[int, ...] = (1, 2, 3, 4, 5, 6)

CARD_COUNT = 90
NUMBER_CARDS = 72
JOKER_CARDS = 18
FACE_COUNT = 2 * CARD_COUNT


def next_colour(colour: int) -> int:
    """The colour after ``colour`` in the order Blue, Green, Orange, cyclically."""
    return (colour + 1) % 3


def neighbours_on_cycle(number: int) -> tuple[int, int]:
    """The two numbers adjacent to ``number`` (1..6) on the cycle 1-2-3-4-5-6-1."""
    return (number - 2) % 6 + 1, number % 6 + 1


def _build_deck() -> tuple[tuple[tuple[int, int, int], tuple[int, int, int]], ...]:
    """The 90 cards as pairs of sides, in card-id order (§ Components, [house] The deck).

    - 72 number cards: for every unordered pair {(c, n), (c', m)}, c < c' in colour order,
      m adjacent to n on the cycle (36 pairs), two cards: one whose earlier-colour side is
      worth 1 VP, one where it is worth 3 VP (the other side the other value).
    - 18 joker cards: for every colour c and number n, (c, n) backed by (next(c), joker); the
      number side is worth 1 VP when n is odd, 3 VP when n is even.
    """
    cards: list[tuple[tuple[int, int, int], tuple[int, int, int]]] = []
    for c in range(3):
        for c2 in range(c + 1, 3):
            for n in NUMBERS:
                for m in sorted(neighbours_on_cycle(n)):
                    cards.append(((c, n, 1), (c2, m, 3)))
                    cards.append(((c, n, 3), (c2, m, 1)))
    for c in range(3):
        for n in NUMBERS:
            vp = 1 if n % 2 else 3
            cards.append(((c, n, vp), (next_colour(c), JOKER, 4 - vp)))
    return tuple(cards)


DECK = _build_deck()
"""Card id -> its two sides ``((colour, number, vp), (colour, number, vp))``."""

SIDES: tuple[tuple[int, int, int], ...] = tuple(side for card in DECK for side in card)
"""Face -> side ``(colour, number, vp)``."""

COLOUR: tuple[int, ...] = tuple(s[0] for s in SIDES)
NUMBER: tuple[int, ...] = tuple(s[1] for s in SIDES)
VP: tuple[int, ...] = tuple(s[2] for s in SIDES)

KIND: tuple[int, ...] = tuple(8 * s[0] + (s[1] or 7) for s in SIDES)
"""Face -> identity class ``8 * colour + number`` (joker = 7): equal kinds are *identical*
cards. Sorting a tableau by kind sorts it by row, then number, joker last."""

SIDE_TYPE: tuple[int, ...] = tuple(2 * k + (v == 3) for k, v in zip(KIND, VP, strict=True))
"""Face -> what a viewer sees of the side (kind and VP) as one int."""

FACES_OF_TYPE: dict[int, tuple[int, ...]] = {}
"""Side type -> every face of the deck showing it (3 to 5 faces), sorted."""
for _face, _type in enumerate(SIDE_TYPE):
    FACES_OF_TYPE.setdefault(_type, ())
    FACES_OF_TYPE[_type] += (_face,)


def is_joker(face: int) -> bool:
    """Whether ``face`` is a joker side."""
    return NUMBER[face] == JOKER


def side_code(face: int) -> str:
    """A short code of the side: colour letter and number or ``J`` (``"B3"``, ``"GJ"``)."""
    n = NUMBER[face]
    return LETTERS[COLOUR[face]] + (str(n) if n else "J")


def side_name(face: int) -> str:
    """English name of the side, e.g. ``"Blue 3 (1 VP)"`` or ``"Green joker (3 VP)"``."""
    n = NUMBER[face]
    return f"{COLOURS[COLOUR[face]]} {n if n else 'joker'} ({VP[face]} VP)"


def side_data(face: int) -> dict[str, object]:
    """JSON-ready description of a side for events: colour name, number (``None`` for a
    joker), vp."""
    n = NUMBER[face]
    return {"colour": COLOURS[COLOUR[face]], "number": n if n else None, "vp": VP[face]}


def card_data(face: int) -> dict[str, object]:
    """JSON-ready description of a card whose both sides are public: its up and down side."""
    return {"up": side_data(face), "down": side_data(face ^ 1)}
