"""Verso drawn: the Draw Pile's top (the shown side of its top card) and its count, the
Discard Pile's count (once over, the end banner in their place), and every tableau as three
colour rows of seven places (1 to 6 and the joker), each card showing its number and its
VP, with its back when that was seen, at every table size.

Colours are never the only cue: each colour also has a shape (Blue a circle, Green a
triangle, Orange a square), drawn at the start of its row (a card in a row is of its
colour), on the Draw Pile's top card and on the chip of each seen back. Drawn from the view
only (``engine.verso.view``): a side nobody has seen is never in it.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import NamedTuple

from PIL import Image

from bot.games.verso.legend import legend
from bot.games.verso.table import solo_banner
from bot.games.verso.texts import card_colour, number_text, side_text
from bot.i18n import Translator
from bot.pictures import fonts
from bot.pictures.base import Drawn, GamePicture, PictureContext
from bot.pictures.canvas import SCALE, WIDTH, Canvas, Sketch, px, sprite
from bot.pictures.ending import PAIRS as BANNER_PAIRS
from bot.pictures.ending import banner, banner_height, described, ending
from bot.pictures.parts import WINNER, Shape, panel, rounded_box, shape, tile
from bot.pictures.png import RGB, Palette, hex_colour
from bot.pictures.theme import ACTIVE, BACKGROUND, DARK, FAINT, GOLD, MUTED, PANEL, TEXT
from engine import View
from engine.verso.cards import COLOURS
from engine.verso.view import CardView, SeatView, Side, VersoView

EMPTY = hex_colour(0x2E3035)
ACCENT = hex_colour(0x9B59B6)

FACES = {
    "Blue": hex_colour(0x2F6FD6),
    "Green": hex_colour(0x1D8A4A),
    "Orange": hex_colour(0xD2650A),
}
"""The face colour of a card of each colour (white text on each reads well)."""
SHAPES: dict[str, Shape] = {"Blue": "circle", "Green": "triangle", "Orange": "square"}
"""The shape that tells each colour apart without its colour."""
PLACES: tuple[int | None, ...] = (1, 2, 3, 4, 5, 6, None)
"""The places of a row: the numbers, then the joker."""

PALETTE = Palette(
    colours=[
        BACKGROUND,
        PANEL,
        ACTIVE,
        EMPTY,
        TEXT,
        MUTED,
        FAINT,
        DARK,
        GOLD,
        ACCENT,
        *FACES.values(),
    ],
    inks=[TEXT, MUTED, FAINT, GOLD, DARK],
    papers=[BACKGROUND, PANEL, ACTIVE, EMPTY, *FACES.values()],
    pairs=BANNER_PAIRS,
)

MARGIN = 6.0
GAP = 6.0
ASCENT, DIGIT = 0.928, 0.729
"""Where a digit's ink is in a line of bold text ``size`` points high, drawn from its top:
from ``(ASCENT - DIGIT) * size`` down to ``ASCENT * size`` (DejaVu Sans Bold)."""


class Sizes(NamedTuple):
    """The text sizes of a card, in points: its ``number``, its VP (``vp``) and the number
    on the chip of its seen other side (``chip``)."""

    number: float
    vp: float
    chip: float


class Layout:
    """Sizes of one table: tableaux in ``columns`` columns, places ``place`` points wide.

    Every card shows its number, its VP (gold for 3) and its other side once seen, as a chip
    of that side's colour, shape and number: in two columns too (3 to 8 seats), where a card
    is 22 points wide and 44 high, so that 8 tableaux and the end banner stay within a
    phone's screen (twice as high as wide)."""

    def __init__(self, seats: int) -> None:
        self.columns = 1 if seats <= 2 else 2
        narrow = self.columns == 2
        self.width = (WIDTH - 2 * MARGIN - (self.columns - 1) * GAP) / self.columns
        self.label = 14.0 if narrow else 22.0
        self.place = (self.width - 8 - self.label) / len(PLACES)
        self.card_h = 44.0 if narrow else self.place * 1.2
        self.gap = 2.0 if narrow else 3.0
        """Between two rows of a tableau."""
        self.sizes = Sizes(15, 14, 14) if narrow else Sizes(22, 16, 14)
        self.empty = 13.0 if narrow else 14.0
        """The size of an empty place's number."""
        self.header = 20.0 if narrow else 24.0
        self.tableau_h = self.header + 3 * self.card_h + 2 * self.gap + 5


TOP_CARD = Sizes(20, 14, 12)
"""The Draw Pile's top card (its back is never seen there)."""


def side_sprite(
    side: Side,
    w: float,
    h: float,
    sizes: Sizes,
    paper: RGB,
    back: Side | None = None,
    *,
    alone: bool = False,
) -> Image.Image:
    """A face-up side ``w`` by ``h`` points: its colour, its number on top and its VP at the
    bottom (a 3-VP side framed in gold, its VP gold); ``back``: its other side, seen by all,
    as a chip between them (that side's colour, shape and number), as large as the room
    between the two digits' ink allows (at 8 seats its number is as high as the VP's, its
    shape 8 points across). A card in a tableau's row needs no shape of its own (the row's
    says its colour); one ``alone`` (the Draw Pile's top) has its shape at the bottom left,
    its VP at the right."""
    fill = FACES[side.colour]
    mark = sizes.vp * 0.6
    vp_text = str(side.vp)
    vp_top = h - sizes.vp - 2
    room = vp_top + (ASCENT - DIGIT) * sizes.vp - ASCENT * sizes.number  # between the inks
    chip_h = min(sizes.chip * 1.2, room - 1.2)
    chip_top = ASCENT * sizes.number + (room - chip_h) / 2
    chip_mark = sizes.chip * 0.58
    chip_w = 0.0
    if back is not None:
        number_w = fonts.width(number_text(back.number), px(sizes.chip), bold=True) / SCALE
        chip_w = chip_mark + 1.0 + number_w
    chip_left = (w - chip_w) / 2

    def paint(s: Sketch) -> None:
        rounded_box(s, 0, 0, w, h, fill, outline=GOLD if side.vp == 3 else None, line=1.4)
        if alone:
            cy = vp_top + sizes.vp * 0.58
            shape(s, SHAPES[side.colour], 3 + mark / 2, cy, mark / 2, TEXT)
        if back is not None:
            rounded_box(s, 1.5, chip_top, w - 3, chip_h, FACES[back.colour], radius=2)
            cy = chip_top + chip_h / 2
            shape(s, SHAPES[back.colour], chip_left + chip_mark / 2, cy, chip_mark / 2, TEXT)

    def text(c: Canvas) -> None:
        c.text(w / 2, 0, number_text(side.number), sizes.number, TEXT, bold=True, align="centre")
        ink = GOLD if side.vp == 3 else TEXT
        if alone:
            c.text(w - 3, vp_top, vp_text, sizes.vp, ink, bold=True, align="right")
        else:
            c.text(w / 2, vp_top, vp_text, sizes.vp, ink, bold=True, align="centre")
        if back is not None:
            top = chip_top + (chip_h - DIGIT * sizes.chip) / 2 - (ASCENT - DIGIT) * sizes.chip
            left = chip_left + chip_mark + 1.0
            c.text(left, top, number_text(back.number), sizes.chip, TEXT, bold=True)

    key = ("verso side", side, back, sizes, alone)
    return sprite(key, w, h, paint, label=text, background=paper)


def card(
    canvas: Canvas, x: float, y: float, w: float, h: float, found: CardView, lay: Layout, paper: RGB
) -> None:
    """One card of a tableau: its up side and, once seen, its other side."""
    canvas.paste(side_sprite(found.up, w, h, lay.sizes, paper, found.down), x, y)


def tableau(
    canvas: Canvas,
    x: float,
    y: float,
    view: VersoView,
    seat: SeatView,
    ctx: PictureContext,
    lay: Layout,
    *,
    own: bool = False,
) -> None:
    """One seat's tableau: its header (name, VP, square) and its three rows."""
    _ = ctx._
    playing = not view.over and not ctx.closed and view.phase == "turn"
    active = playing and seat.seat == view.active and not view.solo
    paper = ACTIVE if active else PANEL
    panel(canvas, x, y, lay.width, lay.tableau_h, paper, outline=ACCENT if active else None)
    score = view.scores[seat.seat] if view.scores else 0
    right = _("{score} VP", score=score)
    if seat.square:  # not a ■: that is orange's shape; in words where the name has room
        right = _("square · {score} VP", score=score) if lay.columns == 1 else "▦ " + right
    size = 14.0 if lay.columns == 2 else 16.0
    taken = canvas.text(x + lay.width - 6, y + 4, right, size, GOLD, bold=True, align="right")
    name = _("Your tableau") if own else ctx.name(seat.seat)
    if active:
        name = "▶ " + name
    elif view.outcome is not None and seat.seat in view.outcome.winners and not view.solo:
        name = WINNER + name
    canvas.fitted(x + 6, y + 4, lay.width - taken - 16, name, size, TEXT, bold=True)
    canvas.paste(grid(lay, paper), x + 4, y + lay.header)
    for r, row in enumerate(seat.rows):
        top = y + lay.header + r * (lay.card_h + lay.gap)
        for card_ in row:
            i = PLACES.index(card_.up.number)
            card(
                canvas,
                x + 5 + lay.label + i * lay.place,
                top,
                lay.place - 2,
                lay.card_h,
                card_,
                lay,
                paper,
            )


def grid(lay: Layout, paper: RGB) -> Image.Image:
    """A tableau's three rows with every place empty: each row's colour shape, then its
    places 1 to 6 and the joker's (the cards are pasted over it)."""
    w, h = lay.width - 8, 3 * lay.card_h + 2 * lay.gap

    def paint(s: Sketch) -> None:
        s.bar(0, 0, w, h, paper)
        for r, colour in enumerate(COLOURS):
            top = r * (lay.card_h + lay.gap)
            shape(s, SHAPES[colour], lay.label / 2, top + lay.card_h / 2, 5, FACES[colour])
            for i in range(len(PLACES)):
                x = lay.label + i * lay.place + 1
                rounded_box(s, x, top, lay.place - 2, lay.card_h, EMPTY, radius=4)

    def text(c: Canvas) -> None:
        for r in range(3):
            top = r * (lay.card_h + lay.gap) + (lay.card_h - lay.empty * 1.16) / 2
            for i, number in enumerate(PLACES):
                x = lay.label + i * lay.place + lay.place / 2
                c.text(x, top, number_text(number), lay.empty, FAINT, align="centre")

    return sprite(("verso grid", lay.columns), w, h, paint, label=text, background=paper)


def side_words(side: Side, _: Translator) -> str:
    """``"Blue 3 (1 VP)"`` for the description."""
    return _(
        "{colour} {number} ({vp} VP)",
        colour=card_colour(side.colour, _),
        number=number_text(side.number),
        vp=side.vp,
    )


def row_words(seat: SeatView, _: Translator) -> str:
    """A tableau in words, its empty rows left out (a screen reader reads "—" as a dash):
    ``"Blue 1 3★ J, Orange 2"``, or ``"empty"``."""
    parts = []
    for colour, row in zip(COLOURS, seat.rows, strict=True):
        if row:
            numbers = " ".join(side_text(c.up, colour=False) for c in row)
            parts.append(f"{card_colour(colour, _)} {numbers}")
    return ", ".join(parts) or _("empty")


class VersoPicture(GamePicture):
    """How Verso is drawn (``shared/rules/verso.md``)."""

    game = "verso"
    palette = PALETTE

    def _top(self, canvas: Canvas, y: float, view: VersoView, ctx: PictureContext) -> float:
        """The Draw Pile and the Discard Pile, then the legend of the cards' marks
        (:func:`legend`); returns the height used."""
        _ = ctx._
        h = 52.0
        panel(canvas, MARGIN, y, WIDTH - 2 * MARGIN, h, PANEL)
        w, ch = 34.0, 44.0  # the top card: its number and its VP, its back unseen
        if view.top is not None:
            canvas.paste(
                side_sprite(view.top, w, ch, TOP_CARD, PANEL, alone=True), MARGIN + 6, y + 4
            )
        else:
            tile(canvas, MARGIN + 6, y + 4, w, ch, EMPTY, "", 12, FAINT, paper=PANEL)  # empty
        x = MARGIN + 6 + w + 10
        canvas.text(x, y + 6, _("Draw Pile"), 14, MUTED)
        canvas.text(x, y + 24, str(view.pile_count), 18, TEXT, bold=True)
        faces = (FACES["Green"], FACES["Orange"])
        right = legend(canvas, WIDTH - MARGIN - 6, y, ctx, faces, SHAPES["Orange"])
        x2 = min(WIDTH / 2 + 10, right - 14 - fonts.width(_("Discard Pile"), px(14)) / SCALE)
        canvas.text(x2, y + 6, _("Discard Pile"), 14, MUTED)
        canvas.text(x2, y + 24, str(len(view.discard)), 18, TEXT, bold=True)
        return h

    def table(self, view: View, ctx: PictureContext) -> Drawn:
        """The Draw Pile (once over, the end banner in its place: the game ends when it is
        empty), then every tableau (one or two columns)."""
        assert isinstance(view, VersoView)
        lay = Layout(len(view.seats))
        rows = -(-len(view.seats) // lay.columns)
        end = ending(view.outcome, len(view.seats), ctx, solo=solo_banner(view, ctx._))
        top = 52.0 if end is None else banner_height(end, WIDTH - 2 * MARGIN)
        height = MARGIN + top + GAP + rows * (lay.tableau_h + GAP) + MARGIN - GAP
        canvas = Canvas(height, BACKGROUND)
        if end is None:
            self._top(canvas, MARGIN, view, ctx)
        else:  # in place of the Draw Pile, empty once the game is over
            banner(canvas, MARGIN, MARGIN, WIDTH - 2 * MARGIN, end)
        y = MARGIN + top + GAP
        for i, seat in enumerate(view.seats):
            column, row = i % lay.columns, i // lay.columns
            x = MARGIN + column * (lay.width + GAP)
            tableau(canvas, x, y + row * (lay.tableau_h + GAP), view, seat, ctx, lay)
        return Drawn(canvas, described(end, self._description(view, ctx)))

    def seat_subject(self, view: View) -> Hashable | None:
        """The whole view while the viewer decides (the picture holds the Draw Pile's top and
        the scores as well as the own tableau); none while they wait."""
        assert isinstance(view, VersoView)
        return None if view.viewer is None or not view.decisions else view

    def seat(self, subject: Hashable, ctx: PictureContext) -> Drawn | None:
        """While the viewer decides: their own tableau, large, under the Draw Pile's top card
        (public, so shown only then, like the screen's text: a waiting player's screen holds
        nothing that goes stale). ``subject``: the viewer's view."""
        view = subject
        assert isinstance(view, VersoView) and view.viewer is not None
        lay = Layout(1)
        canvas = Canvas(MARGIN + 52 + GAP + lay.tableau_h + MARGIN, BACKGROUND)
        y = MARGIN + self._top(canvas, MARGIN, view, ctx) + GAP
        tableau(canvas, MARGIN, y, view, view.seats[view.viewer], ctx, lay, own=True)
        return Drawn(canvas, self._description(view, ctx, only=view.viewer))

    def _description(self, view: VersoView, ctx: PictureContext, only: int | None = None) -> str:
        _ = ctx._
        if view.top is not None:
            pile = _(
                "Draw Pile: {count}, top {card}",
                count=view.pile_count,
                card=side_words(view.top, _),
            )
        else:
            pile = _("Draw Pile: empty")
        parts = [pile]
        for seat in view.seats:
            if only is not None and seat.seat != only:
                continue
            score = view.scores[seat.seat] if view.scores else 0
            fields = {"player": ctx.name(seat.seat), "score": score, "cards": row_words(seat, _)}
            if seat.square:  # one phrase, so that a translation can place the word
                parts.append(_("{player} {score} VP (square): {cards}", **fields))
            else:
                parts.append(_("{player} {score} VP: {cards}", **fields))
        return ". ".join(parts) + "."


PICTURE = VersoPicture()
