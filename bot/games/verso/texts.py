"""How Verso's cards and series are written: a colour square, the number (``J`` for a joker)
and a star for a side worth 3 VP — ``🟦3`` is a Blue 3 worth 1 VP, ``🟩J★`` a Green joker
worth 3 VP (every side is worth 1 or 3: a full-size mark reads on a phone, where
superscripts did not). A card whose other side has been seen shows it in brackets:
``4 (🟩5★)``.

Only sides an engine view or a public event holds are ever written; a down side nobody has
seen is never one of them (a view holds ``down=None`` for it). What the rules say about such
a back (another colour, the other VP, an adjacent number or a joker) is written with
:func:`backs_text`, from ``engine.verso.view.back_options``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from bot.i18n import N_, NC_, Translator
from engine.verso.cards import COLOURS, LETTERS
from engine.verso.view import CardView, SeatView, Side, back_options

SQUARES = {"Blue": "🟦", "Green": "🟩", "Orange": "🟧"}
"""The colour square shown before a card or a row, by colour name."""
COLOUR_NAMES = (N_("Blue"), N_("Green"), N_("Orange"))
"""The colour names as msgids (``engine.verso.cards.COLOURS``)."""
assert COLOUR_NAMES == COLOURS
CARD_COLOUR = "card colour"
"""The gettext context of a colour that names a card or a row of cards on its own (a
picture's description: ``"Blue 3"``), where a language agrees the word with the card: the
plain msgids are the colours of the series menus (Ukrainian "синю серію", "синя 3")."""
CARD_COLOUR_NAMES = (
    NC_("card colour", "Blue"),
    NC_("card colour", "Green"),
    NC_("card colour", "Orange"),
)
assert CARD_COLOUR_NAMES == COLOURS
STAR = "★"
"""After the number of a side worth 3 VP (a side worth 1 VP has no mark)."""
JOKER = "J"


def number_text(number: int | None) -> str:
    """``3`` -> ``"3"``, a joker (``None``) -> ``"J"``."""
    return JOKER if number is None else str(number)


def vp_mark(vp: int) -> str:
    """The VP of a side: ``3`` -> ``"★"``, ``1`` -> ``""``."""
    return STAR if vp == 3 else ""


def side_text(side: Side, *, colour: bool = True) -> str:
    """``"🟦3★"`` (``colour=False``: ``"3★"``, inside a row of that colour); ``"🟦3"`` for a
    side worth 1 VP."""
    mark = SQUARES[side.colour] if colour else ""
    return f"{mark}{number_text(side.number)}{vp_mark(side.vp)}"


def data_side(data: Mapping[str, Any]) -> Side:
    """A side of an event's data (``engine.verso.cards.side_data``) as a ``Side``."""
    return Side(str(data["colour"]), data["number"], int(data["vp"]))


def card_text(card: CardView, *, colour: bool = True) -> str:
    """A tableau card: its up side, and its other side in brackets when that was seen."""
    text = side_text(card.up, colour=colour)
    if card.down is not None:
        text += f" ({side_text(card.down)})"
    return text


def row_text(colour: str, cards: Sequence[CardView]) -> str:
    """One row of a tableau: ``"🟦 1 3★ 4 (🟩5★) J★"``, or ``"🟦 ·"`` when empty."""
    if not cards:
        return f"{SQUARES[colour]} ·"
    return f"{SQUARES[colour]} " + " ".join(card_text(c, colour=False) for c in cards)


def colour_name(colour: str, _: Translator) -> str:
    """``"Blue"`` translated, after its square: ``"🟦 Blue"``."""
    return f"{SQUARES[colour]} {_(colour)}"


def card_colour(colour: str, _: Translator) -> str:
    """``"Blue"`` translated as the colour of a card (:data:`CARD_COLOUR`), no square."""
    return _.context(CARD_COLOUR, colour)


def backs_text(side: Side, _: Translator) -> str:
    """What the rules say about the never-seen back of a card showing ``side``: every side
    the deck allows, with its VP mark, e.g. ``"🟦3, 🟦5, 🟩3, 🟩5 or 🟦J"`` (all worth the
    other VP)."""
    sides = [side_text(back) for back in back_options(side)]
    if len(sides) == 1:
        return sides[0]
    return _("{sides} or {last}", sides=", ".join(sides[:-1]), last=sides[-1])


def series_numbers(code: str) -> tuple[str, list[tuple[int, bool]]]:
    """A series code (``"B3J5"``) as its colour name and ``(number, is_joker)`` per card in
    series order (the joker with the number it stands for)."""
    colour = COLOURS[LETTERS.index(code[0])]
    body = code[1:]
    first = next(i for i, ch in enumerate(body) if ch != "J")
    low = int(body[first]) - first
    return colour, [(low + i, ch == "J") for i, ch in enumerate(body)]


def numbers_text(numbers: Iterable[tuple[int, bool]]) -> str:
    """``[(3, False), (4, True), (5, False)]`` -> ``"3-J(4)-5"``."""
    return "-".join(f"J({n})" if joker else str(n) for n, joker in numbers)


def series_text(code: str) -> str:
    """``"B3J5"`` -> ``"🟦 3-J(4)-5"``."""
    colour, numbers = series_numbers(code)
    return f"{SQUARES[colour]} {numbers_text(numbers)}"


def series_cards(code: str, seat: SeatView) -> list[CardView]:
    """The cards of ``seat``'s tableau that the series ``code`` is made of, in series order."""
    colour, numbers = series_numbers(code)
    row = seat.rows[COLOURS.index(colour)]
    found = []
    for number, joker in numbers:
        wanted = None if joker else number
        found.append(next(c for c in row if c.up.number == wanted))
    return found


def flip_target(seat: SeatView, colour: str) -> CardView | None:
    """The card of ``seat`` a flip of ``colour`` turns over: the highest number of that row,
    the joker only when it is the row's only card; ``None`` for an empty row."""
    row = seat.rows[COLOURS.index(colour)]
    numbered = [c for c in row if c.up.number is not None]
    if numbered:
        return max(numbered, key=lambda c: c.up.number or 0)
    return row[0] if row else None
