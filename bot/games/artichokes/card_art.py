"""How an Abandon All Artichokes card is drawn: the colours, each card's symbol and colour (the
name and the symbol tell the cards apart without the colour), a card's face, rows of cards and
face-down piles (``shared/rules/artichokes.md``). Used by :mod:`bot.games.artichokes.picture`.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from bot.i18n import Translator
from bot.pictures import ending, fonts
from bot.pictures.canvas import MIN_TEXT, SCALE, Canvas, Sketch, px, sprite
from bot.pictures.parts import pile, rounded_box
from bot.pictures.png import RGB, Palette, hex_colour
from bot.pictures.theme import ACTIVE, BACKGROUND, CARD_FACE, DARK, FAINT, MUTED, PANEL, TEXT, WHITE
from engine.artichokes.cards import ALL_KINDS

BACK = hex_colour(0x3F6B2A)
PATTERN = hex_colour(0x7FA65A)
COMPOST = hex_colour(0x6B4F2E)
ACCENT = hex_colour(0x7FB24A)
LEAF = hex_colour(0x4E9A2E)
SCALE_EDGE = hex_colour(0x2E5418)
"""The dark edge of an artichoke's scales."""

COLOURS: dict[str, RGB] = {
    "Artichoke": hex_colour(0x5E8C31),
    "Beet": hex_colour(0x8E1B4F),
    "Broccoli": hex_colour(0x2E7D32),
    "Carrot": hex_colour(0xE0701A),
    "Corn": hex_colour(0xE8B400),
    "Eggplant": hex_colour(0x6A3D8F),
    "Leek": hex_colour(0x7C9A3A),
    "Onion": hex_colour(0xB9772E),
    "Peas": hex_colour(0x4CAF50),
    "Pepper": hex_colour(0xC62828),
    "Potato": hex_colour(0x8D6E4A),
    "Rhubarb": hex_colour(0xC2185B),
}
"""Each card's colour (its name band and its symbol)."""
assert set(COLOURS) == set(ALL_KINDS)

PALETTE = Palette(
    colours=[
        BACKGROUND,
        PANEL,
        ACTIVE,
        CARD_FACE,
        BACK,
        PATTERN,
        COMPOST,
        ACCENT,
        LEAF,
        SCALE_EDGE,
        WHITE,
        DARK,
    ],
    inks=[TEXT, MUTED, DARK, WHITE],
    papers=[BACKGROUND, PANEL, ACTIVE, CARD_FACE],
    pairs=[
        *(pair for c in COLOURS.values() for pair in ((c, CARD_FACE), (WHITE, c), (LEAF, c))),
        *ending.PAIRS,
    ],
    steps=4,
)


def _symbol(s: Sketch, kind: str, cx: float, cy: float, r: float) -> None:
    """The symbol of ``kind``, about ``r`` points in radius, centred on ``(cx, cy)``; shapes
    are given in units of ``r`` from the centre."""
    c = COLOURS[kind]

    def at(dx: float, dy: float) -> tuple[float, float]:
        return cx + dx * r, cy + dy * r

    def oval(dx: float, dy: float, rx: float, ry: float, fill: RGB) -> None:
        s.ellipse(*at(dx, dy), rx * r, ry * r, fill)

    def poly(points: Sequence[tuple[float, float]], fill: RGB) -> None:
        s.polygon([at(x, y) for x, y in points], fill)

    def bar(x0: float, y0: float, x1: float, y1: float, fill: RGB) -> None:
        s.bar(*at(x0, y0), *at(x1, y1), fill)

    def leaves(top: float, size: float) -> None:
        for side in (-1, 1):
            poly(
                [
                    (0, top + size),
                    (side * size, top - size * 0.2),
                    (side * size * 0.2, top + size * 0.4),
                ],
                LEAF,
            )
        poly(
            [(0, top + size), (-size * 0.25, top - size * 0.5), (size * 0.25, top - size * 0.5)],
            LEAF,
        )

    def bract(x: float, y: float) -> None:
        """A pointed scale of an artichoke (outlined dark), its round base at ``(x, y)``."""
        for fill, grow in ((SCALE_EDGE, 0.07), (c, 0.0)):
            w, tip = 0.3 + grow, 0.5 + grow * 1.6
            poly([(x, y - tip), (x + w, y - 0.05), (x - w, y - 0.05)], fill)
            oval(x, y, w, 0.22 + grow, fill)

    if kind == "Artichoke":  # a bud of pointed scales on a short stem (not a fir's tiers)
        bar(-0.1, 0.72, 0.1, 1, SCALE_EDGE)
        rows = (
            (-0.62, (0.0,)),
            (-0.32, (-0.3, 0.3)),
            (0.0, (-0.58, 0.0, 0.58)),
            (0.34, (-0.45, 0.0, 0.45)),
            (0.6, (-0.22, 0.22)),
        )
        for y, xs in rows:  # each row over the one above, as the outer scales cover the inner
            for x in xs:
                bract(x, y)
    elif kind == "Beet":
        leaves(-0.95, 0.45)
        oval(0, 0, 0.62, 0.62, c)
        poly([(-0.3, 0.4), (0.3, 0.4), (0, 1)], c)
    elif kind == "Broccoli":
        bar(-0.18, 0, 0.18, 1, PATTERN)
        for dx, dy in ((-0.45, -0.05), (0.45, -0.05), (0, -0.45), (0, 0.05)):
            oval(dx, dy, 0.42, 0.42, c)
    elif kind == "Carrot":
        leaves(-0.95, 0.4)
        poly([(-0.42, -0.55), (0.42, -0.55), (0, 1)], c)
    elif kind == "Corn":
        oval(0, 0, 0.4, 0.85, c)
        for row in range(-3, 4):
            for col in (-1, 0, 1):
                oval(col * 0.2, row * 0.22, 0.07, 0.07, WHITE)
        for side in (-1, 1):
            poly([(side * 0.7, 1), (side * 0.2, 0.2), (0, 1)], LEAF)
    elif kind == "Eggplant":
        oval(0.1, 0.15, 0.45, 0.8, c)
        poly([(-0.4, -0.5), (0.55, -0.5), (0, -1)], LEAF)
    elif kind == "Leek":
        bar(-0.2, -0.1, 0.2, 1, WHITE)
        for side in (-1, 1):
            poly([(-0.2, -0.1), (0.2, -0.1), (side * 0.5, -1)], c)
    elif kind == "Onion":
        oval(0, 0.15, 0.7, 0.7, c)
        poly([(-0.3, -0.4), (0.3, -0.4), (0, -1)], c)
        oval(0, 0.15, 0.25, 0.6, CARD_FACE)
    elif kind == "Peas":
        oval(0, 0, 1, 0.42, LEAF)
        for dx in (-0.55, 0, 0.55):
            oval(dx, 0, 0.26, 0.26, c)
    elif kind == "Pepper":
        oval(0, 0.2, 0.65, 0.75, c)
        bar(-0.1, -1, 0.1, -0.45, LEAF)
    elif kind == "Potato":
        oval(0, 0, 0.85, 0.6, c)
        for dx, dy in ((-0.35, -0.15), (0.2, 0.2), (0.45, -0.2)):
            oval(dx, dy, 0.07, 0.07, DARK)
    else:  # Rhubarb
        for dx in (-0.35, 0, 0.35):
            bar(dx - 0.1, -0.3, dx + 0.1, 1, c)
        oval(0, -0.55, 0.8, 0.4, LEAF)


def face(kind: str, name: str, w: float, h: float, paper: RGB) -> Image.Image:
    """A card face ``w`` by ``h`` points: ``name`` on a band of its colour (two lines on a
    large card when it needs them), its symbol under it."""
    count = 2
    wrapped, size_px = fonts.fit_lines(name, px(13), px(w - 4), count, smallest=px(MIN_TEXT))
    size = size_px / SCALE
    band = len(wrapped) * size * 1.15 + 5

    def paint(s: Sketch) -> None:
        rounded_box(s, 0, 0, w, h, CARD_FACE, outline=COLOURS[kind], line=1.5, radius=5)
        s.draw.rounded_rectangle(s.rect(0, 0, w, band), s.p(5), fill=COLOURS[kind])
        s.draw.rectangle(s.rect(0, band - 5, w, 5), fill=COLOURS[kind])
        r = min(w * 0.36, (h - band) * 0.4)
        _symbol(s, kind, w / 2, band + (h - band) / 2, r)

    def text(c: Canvas) -> None:
        ink = DARK if kind == "Corn" else WHITE
        for i, line in enumerate(wrapped):
            c.text(w / 2, 2 + i * size * 1.15, line, size, ink, align="centre")

    return sprite(("artichokes face", kind, name), w, h, paint, label=text, background=paper)


def card(
    canvas: Canvas, x: float, y: float, w: float, h: float, kind: str, _: Translator, paper: RGB
) -> None:
    """One face-up card."""
    canvas.paste(face(kind, _.card(kind), w, h, paper), x, y)


def cards_row(
    canvas: Canvas,
    x: float,
    y: float,
    room: float,
    kinds: Sequence[str],
    w: float,
    h: float,
    _: Translator,
    paper: RGB,
) -> float:
    """``kinds`` side by side from ``x`` (overlapping when they would not fit in ``room``);
    returns the width used."""
    if not kinds:
        return 0.0
    pitch = min(w + 4, (room - w) / max(1, len(kinds) - 1)) if len(kinds) > 1 else w
    for i, kind in enumerate(kinds):
        card(canvas, x + i * pitch, y, w, h, kind, _, paper)
    return pitch * (len(kinds) - 1) + w


PILE_W, PILE_H = 40.0, 56.0
"""A face-down pile in a player's area or among the shared zones."""
MINI_W = 66.0
"""A face-up card in a player's area (wide enough for its name in one line)."""


def back_pile(canvas: Canvas, x: float, y: float, count: int, fill: RGB, paper: RGB) -> None:
    """A face-down pile of ``count`` cards."""
    pile(
        canvas, x, y, PILE_W, PILE_H, count, fill, PATTERN, WHITE, paper=paper, empty=FAINT, size=13
    )
