"""How a Ninjan card is drawn: the colours, each suit's symbol (its colour is never the only
cue), a card's face at full size and as a chip, and rows of chips (``shared/rules/ninjan.md``
§ Components). Used by :mod:`bot.games.ninjan.picture`.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from bot.i18n import Translator
from bot.pictures import ending
from bot.pictures.canvas import Canvas, Sketch, sprite
from bot.pictures.parts import rounded_box, tile
from bot.pictures.png import RGB, Palette, hex_colour
from bot.pictures.theme import ACTIVE, BACKGROUND, CARD_FACE, DARK, GOLD, MUTED, PANEL, TEXT, WHITE
from engine.ninjan.cards import SUIT, SUIT_NAMES, VALUE

ACCENT = hex_colour(0x5865F2)

SUIT_COLOURS: dict[str, RGB] = {
    "R": hex_colour(0xC62828),
    "P": hex_colour(0x2E7D32),
    "S": hex_colour(0x1565C0),
}
"""Rock red, Paper green, Scissors blue (``shared/rules/ninjan.md`` § Components)."""

PALETTE = Palette(
    colours=[BACKGROUND, PANEL, ACTIVE, CARD_FACE, WHITE, GOLD, ACCENT, DARK],
    inks=[TEXT, MUTED, DARK, GOLD],
    papers=[BACKGROUND, PANEL, ACTIVE, CARD_FACE],
    pairs=[
        *(
            pair
            for c in SUIT_COLOURS.values()
            for pair in ((c, CARD_FACE), (WHITE, c), (c, PANEL), (c, BACKGROUND))
        ),
        *ending.PAIRS,
    ],
    steps=5,
)

CARD_W, CARD_H = 72.0, 100.0
CHIP_W, CHIP_H = 44.0, 22.0


def signed(value: int) -> str:
    """``7`` -> ``"+7"``, ``-3`` -> ``"−3"`` (a true minus sign), ``0`` -> ``"0"``."""
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"


def value_text(card: str) -> str:
    """A card's value as printed: ``"7"``, ``"−3"``."""
    value = VALUE[card]
    return str(value) if value > 0 else f"−{-value}"


def suit_symbol(s: Sketch, suit: str, cx: float, cy: float, r: float, fill: RGB) -> None:
    """Rock (a rounded stone), Paper (a sheet with a folded corner) or Scissors (two rings
    and two blades), about ``r`` points in radius."""
    p = s.p
    if suit == "R":
        points_ = [
            (-0.9, 0.2),
            (-0.6, -0.55),
            (0.05, -0.8),
            (0.7, -0.45),
            (0.95, 0.25),
            (0.45, 0.75),
            (-0.45, 0.7),
        ]
        s.draw.polygon([(p(cx + x * r), p(cy + y * r)) for x, y in points_], fill=fill)
    elif suit == "P":
        w, h, fold = r * 0.75, r * 0.95, r * 0.38
        s.draw.polygon(
            [
                (p(cx - w), p(cy - h)),
                (p(cx + w - fold), p(cy - h)),
                (p(cx + w), p(cy - h + fold)),
                (p(cx + w), p(cy + h)),
                (p(cx - w), p(cy + h)),
            ],
            fill=fill,
        )
        s.draw.polygon(
            [
                (p(cx + w - fold), p(cy - h)),
                (p(cx + w - fold), p(cy - h + fold)),
                (p(cx + w), p(cy - h + fold)),
            ],
            fill=CARD_FACE,
        )
    else:
        width = max(1, p(r * 0.22))
        s.draw.line(
            (p(cx - r * 0.7), p(cy - r), p(cx + r * 0.35), p(cy + r * 0.2)), fill=fill, width=width
        )
        s.draw.line(
            (p(cx + r * 0.7), p(cy - r), p(cx - r * 0.35), p(cy + r * 0.2)), fill=fill, width=width
        )
        for dx in (-0.45, 0.45):
            ring = (
                p(cx + dx * r - r * 0.32),
                p(cy + r * 0.3),
                p(cx + dx * r + r * 0.32),
                p(cy + r * 0.95),
            )
            s.draw.ellipse(ring, outline=fill, width=width)


def face(card: str, suit_name: str, w: float, h: float, paper: RGB) -> Image.Image:
    """A card: its value large, its suit's symbol and name, in its suit's colour."""
    suit = SUIT[card]
    colour = SUIT_COLOURS[suit]
    big = h >= 80

    def paint(s: Sketch) -> None:
        rounded_box(s, 0, 0, w, h, CARD_FACE, outline=colour, line=2, radius=5)
        if big:
            suit_symbol(s, suit, w / 2, h * 0.58, w * 0.24, colour)
        else:
            suit_symbol(s, suit, w - h * 0.42, h / 2, h * 0.27, colour)

    def text(c: Canvas) -> None:
        if big:
            c.text(w / 2, 3, value_text(card), 24, colour, bold=True, align="centre")
            c.fitted(w / 2, h - 17, w - 4, suit_name, 12, DARK, align="centre")
        else:
            c.text(
                w * 0.36,
                (h - 13 * 1.16) / 2,
                value_text(card),
                13,
                colour,
                bold=True,
                align="centre",
            )

    return sprite(("ninjan card", card, suit_name, big), w, h, paint, label=text, background=paper)


def card(
    canvas: Canvas, x: float, y: float, w: float, h: float, card_: str, _: Translator, paper: RGB
) -> None:
    """One face-up card."""
    canvas.paste(face(card_, _(SUIT_NAMES[SUIT[card_]]), w, h, paper), x, y)


def chips(
    canvas: Canvas,
    x: float,
    y: float,
    room: float,
    cards: Sequence[str],
    _: Translator,
    paper: RGB,
    rows: int,
) -> float:
    """Small cards in rows of what fits in ``room``, at most ``rows`` rows (the last place
    says how many more); returns the height used."""
    per_row = max(1, int((room + 3) // (CHIP_W + 3)))
    places = per_row * rows
    shown = list(cards) if len(cards) <= places else list(cards[: places - 1])

    def place(i: int) -> tuple[float, float]:  # the top left corner of place ``i``
        return x + (i % per_row) * (CHIP_W + 3), y + (i // per_row) * (CHIP_H + 3)

    for i, c in enumerate(shown):
        card(canvas, *place(i), CHIP_W, CHIP_H, c, _, paper)
    if len(shown) < len(cards):
        more = f"+{len(cards) - len(shown)}"
        tile(canvas, *place(len(shown)), CHIP_W, CHIP_H, PANEL, more, 12, TEXT, paper=paper)
    used = -(-min(len(cards), places) // per_row)
    return used * (CHIP_H + 3)
