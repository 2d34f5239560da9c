"""Abandon All Artichokes drawn: the Garden Row's cards, the Garden Stack's and the Community
Compost Pile's counts, the card being played and the cards a power revealed, and each
player's Personal Deck, hand (their counts) and Discard Pile (its top card); a player's own
screen shows their hand. Every card is drawn by code: its name, a symbol and a colour (the
name and the symbol tell the cards apart without the colour). Drawn from the view only.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from bot.i18n import Translator
from bot.pictures import fonts
from bot.pictures.base import Drawn, GamePicture, PictureContext
from bot.pictures.canvas import MIN_TEXT, SCALE, WIDTH, Canvas, Sketch, px, sprite
from bot.pictures.parts import badge, panel, pile, rounded_box, tile
from bot.pictures.png import RGB, Palette, hex_colour
from engine import View
from engine.artichokes.cards import ALL_KINDS
from engine.artichokes.view import ArtichokesView, SeatView

BACKGROUND = hex_colour(0x2B2D31)
PANEL = hex_colour(0x383A40)
ACTIVE = hex_colour(0x44474F)
TEXT = hex_colour(0xF2F3F5)
MUTED = hex_colour(0xA4A9B1)
FAINT = hex_colour(0x6D7079)
DARK = hex_colour(0x1E1F22)
FACE = hex_colour(0xF4EFE2)
BACK = hex_colour(0x3F6B2A)
PATTERN = hex_colour(0x7FA65A)
COMPOST = hex_colour(0x6B4F2E)
ACCENT = hex_colour(0x7FB24A)
LEAF = hex_colour(0x4E9A2E)
WHITE = hex_colour(0xFFFFFF)

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
    colours=[BACKGROUND, PANEL, ACTIVE, FACE, BACK, PATTERN, COMPOST, ACCENT, LEAF, WHITE, DARK],
    inks=[TEXT, MUTED, DARK, WHITE],
    papers=[BACKGROUND, PANEL, ACTIVE, FACE],
    pairs=[pair for c in COLOURS.values() for pair in ((c, FACE), (WHITE, c), (LEAF, c))],
    steps=4,
)

MARGIN = 6.0
ZONES_H = 96.0


def _circle(s: Sketch, cx: float, cy: float, r: float, fill: RGB) -> None:
    s.draw.ellipse((s.p(cx - r), s.p(cy - r), s.p(cx + r), s.p(cy + r)), fill=fill)


def _oval(s: Sketch, cx: float, cy: float, rx: float, ry: float, fill: RGB) -> None:
    s.draw.ellipse((s.p(cx - rx), s.p(cy - ry), s.p(cx + rx), s.p(cy + ry)), fill=fill)


def _poly(s: Sketch, points: Sequence[tuple[float, float]], fill: RGB) -> None:
    s.draw.polygon([(s.p(x), s.p(y)) for x, y in points], fill=fill)


def _leaves(s: Sketch, cx: float, top: float, r: float) -> None:
    _poly(s, [(cx, top + r), (cx - r, top - r * 0.2), (cx - r * 0.2, top + r * 0.4)], LEAF)
    _poly(s, [(cx, top + r), (cx + r, top - r * 0.2), (cx + r * 0.2, top + r * 0.4)], LEAF)
    _poly(s, [(cx, top + r), (cx - r * 0.25, top - r * 0.5), (cx + r * 0.25, top - r * 0.5)], LEAF)


def _symbol(s: Sketch, kind: str, cx: float, cy: float, r: float) -> None:
    """The symbol of ``kind``, about ``r`` points in radius, centred on ``(cx, cy)``."""
    c = COLOURS[kind]
    if kind == "Artichoke":
        s.draw.rectangle(
            (s.p(cx - r * 0.1), s.p(cy + r * 0.5), s.p(cx + r * 0.1), s.p(cy + r)), fill=LEAF
        )
        for i, (half, y) in enumerate(((0.62, 0.3), (0.55, -0.05), (0.42, -0.4), (0.25, -0.7))):
            fill = c if i % 2 == 0 else LEAF
            for dx in (-half * 0.5, half * 0.5) if i < 3 else (0.0,):
                _oval(s, cx + dx * r, cy + y * r, r * half * 0.62, r * 0.34, fill)
    elif kind == "Beet":
        _leaves(s, cx, cy - r * 0.95, r * 0.45)
        _circle(s, cx, cy, r * 0.62, c)
        _poly(s, [(cx - r * 0.3, cy + r * 0.4), (cx + r * 0.3, cy + r * 0.4), (cx, cy + r)], c)
    elif kind == "Broccoli":
        s.draw.rectangle(
            (s.p(cx - r * 0.18), s.p(cy), s.p(cx + r * 0.18), s.p(cy + r)), fill=PATTERN
        )
        for dx, dy in ((-0.45, -0.05), (0.45, -0.05), (0, -0.45), (0, 0.05)):
            _circle(s, cx + dx * r, cy + dy * r, r * 0.42, c)
    elif kind == "Carrot":
        _leaves(s, cx, cy - r * 0.95, r * 0.4)
        _poly(s, [(cx - r * 0.42, cy - r * 0.55), (cx + r * 0.42, cy - r * 0.55), (cx, cy + r)], c)
    elif kind == "Corn":
        _oval(s, cx, cy, r * 0.4, r * 0.85, c)
        for row in range(-3, 4):
            for col in (-1, 0, 1):
                _circle(s, cx + col * r * 0.2, cy + row * r * 0.22, r * 0.07, WHITE)
        _poly(s, [(cx - r * 0.7, cy + r), (cx - r * 0.2, cy + r * 0.2), (cx, cy + r)], LEAF)
        _poly(s, [(cx + r * 0.7, cy + r), (cx + r * 0.2, cy + r * 0.2), (cx, cy + r)], LEAF)
    elif kind == "Eggplant":
        _oval(s, cx + r * 0.1, cy + r * 0.15, r * 0.45, r * 0.8, c)
        _poly(s, [(cx - r * 0.4, cy - r * 0.5), (cx + r * 0.55, cy - r * 0.5), (cx, cy - r)], LEAF)
    elif kind == "Leek":
        s.draw.rectangle(
            (s.p(cx - r * 0.2), s.p(cy - r * 0.1), s.p(cx + r * 0.2), s.p(cy + r)), fill=WHITE
        )
        _poly(
            s,
            [(cx - r * 0.2, cy - r * 0.1), (cx + r * 0.2, cy - r * 0.1), (cx - r * 0.5, cy - r)],
            c,
        )
        _poly(
            s,
            [(cx - r * 0.2, cy - r * 0.1), (cx + r * 0.2, cy - r * 0.1), (cx + r * 0.5, cy - r)],
            c,
        )
    elif kind == "Onion":
        _circle(s, cx, cy + r * 0.15, r * 0.7, c)
        _poly(s, [(cx - r * 0.3, cy - r * 0.4), (cx + r * 0.3, cy - r * 0.4), (cx, cy - r)], c)
        _oval(s, cx, cy + r * 0.15, r * 0.25, r * 0.6, FACE)
    elif kind == "Peas":
        _oval(s, cx, cy, r, r * 0.42, LEAF)
        for dx in (-0.55, 0, 0.55):
            _circle(s, cx + dx * r, cy, r * 0.26, c)
    elif kind == "Pepper":
        _oval(s, cx, cy + r * 0.2, r * 0.65, r * 0.75, c)
        s.draw.rectangle(
            (s.p(cx - r * 0.1), s.p(cy - r), s.p(cx + r * 0.1), s.p(cy - r * 0.45)), fill=LEAF
        )
    elif kind == "Potato":
        _oval(s, cx, cy, r * 0.85, r * 0.6, c)
        for dx, dy in ((-0.35, -0.15), (0.2, 0.2), (0.45, -0.2)):
            _circle(s, cx + dx * r, cy + dy * r, r * 0.07, DARK)
    else:  # Rhubarb
        for dx in (-0.35, 0, 0.35):
            s.draw.rectangle(
                (
                    s.p(cx + dx * r - r * 0.1),
                    s.p(cy - r * 0.3),
                    s.p(cx + dx * r + r * 0.1),
                    s.p(cy + r),
                ),
                fill=c,
            )
        _oval(s, cx, cy - r * 0.55, r * 0.8, r * 0.4, LEAF)


def face(kind: str, name: str, w: float, h: float, paper: RGB) -> Image.Image:
    """A card face ``w`` by ``h`` points: ``name`` on a band of its colour (two lines on a
    large card when it needs them), its symbol under it."""
    count = 2
    wrapped, size_px = fonts.fit_lines(name, px(13), px(w - 4), count, smallest=px(MIN_TEXT))
    size = size_px / SCALE
    band = len(wrapped) * size * 1.15 + 5

    def paint(s: Sketch) -> None:
        rounded_box(s, 0, 0, w, h, FACE, outline=COLOURS[kind], line=1.5, radius=5)
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
    step = min(w + 4, (room - w) / max(1, len(kinds) - 1)) if len(kinds) > 1 else w
    for i, kind in enumerate(kinds):
        card(canvas, x + i * step, y, w, h, kind, _, paper)
    return step * (len(kinds) - 1) + w


PILE_W, PILE_H = 40.0, 56.0
"""A face-down pile in a player's area or among the shared zones."""
MINI_W = 66.0
"""A face-up card in a player's area (wide enough for its name in one line)."""


def back_pile(canvas: Canvas, x: float, y: float, count: int, fill: RGB, paper: RGB) -> None:
    """A face-down pile of ``count`` cards."""
    pile(
        canvas, x, y, PILE_W, PILE_H, count, fill, PATTERN, WHITE, paper=paper, empty=FAINT, size=13
    )


def player(
    canvas: Canvas,
    x: float,
    y: float,
    w: float,
    h: float,
    view: ArtichokesView,
    seat: SeatView,
    ctx: PictureContext,
) -> None:
    """One player's area: name, Personal Deck and hand (their sizes), Discard Pile (its top
    card and size), and their hand once the game is over."""
    _ = ctx._
    playing = view.phase != "over" and not ctx.closed
    active = playing and seat.seat == view.active
    paper = ACTIVE if active else PANEL
    panel(canvas, x, y, w, h, paper, outline=ACCENT if active else None)
    name = ctx.name(seat.seat)
    if active:
        name = "▶ " + name
    elif view.phase == "eggplant" and seat.pass_chosen:
        name = "✓ " + name
    elif view.winner == seat.seat:
        name = "★ " + name
    canvas.fitted(x + 6, y + 4, w - 12, name, 14, TEXT, bold=True)
    top = y + 24
    zone = PILE_W + 10
    for i, (label, count) in enumerate(
        ((_("Deck"), seat.deck_count), (_("Hand"), seat.hand_count))
    ):
        zx = x + 6 + i * zone
        canvas.fitted(zx + zone / 2, top, zone, label, 12, MUTED, align="centre")
        back_pile(canvas, zx + (zone - PILE_W) / 2, top + 16, count, BACK, paper)
    zx = x + 6 + 2 * zone
    room = x + w - 6 - zx
    canvas.fitted(zx + room / 2, top, room, _("Discard"), 12, MUTED, align="centre")
    cx = zx + (room - MINI_W) / 2
    if seat.discard:
        card(canvas, cx, top + 16, MINI_W, PILE_H, seat.discard[-1], _, paper)
        badge(
            canvas,
            cx + MINI_W - 4,
            top + 16 + PILE_H - 4,
            str(len(seat.discard)),
            12,
            WHITE,
            DARK,
            FACE,
        )
    else:
        tile(
            canvas, cx, top + 16, MINI_W, PILE_H, paper, "0", 13, FAINT, paper=paper, outline=FAINT
        )
    if view.final_hands is not None:
        hand = ", ".join(_.card(k) for k in view.final_hands[seat.seat]) or _("empty")
        canvas.lines(
            x + 6, top + 16 + PILE_H + 6, w - 12, _("Hand: {cards}", cards=hand), 12, TEXT, count=2
        )


class ArtichokesPicture(GamePicture):
    """How Abandon All Artichokes is drawn (``shared/rules/artichokes.md``)."""

    game = "artichokes"
    palette = PALETTE

    def table(self, view: View, ctx: PictureContext) -> Drawn:
        """Garden Row, Garden Stack and Community Compost Pile, the cards in play, then each
        player's area (two per row)."""
        assert isinstance(view, ArtichokesView)
        _ = ctx._
        extra = view.final_hands is not None
        box_h = 24 + 16 + PILE_H + 8 + (34 if extra else 0)
        rows = -(-len(view.seats) // 2)
        height = MARGIN + 18 + 100 + 8 + ZONES_H + 6 + rows * (box_h + 6) - 6 + MARGIN
        canvas = Canvas(height, BACKGROUND)
        y = MARGIN
        canvas.text(MARGIN + 4, y, _("Garden Row"), 14, MUTED, bold=True)
        y += 18
        w, h, gap = 72.0, 100.0, 5.0
        x0 = (WIDTH - 5 * w - 4 * gap) / 2
        for i in range(5):
            if i < len(view.row):
                card(canvas, x0 + i * (w + gap), y, w, h, view.row[i], _, BACKGROUND)
            else:
                tile(
                    canvas,
                    x0 + i * (w + gap),
                    y,
                    w,
                    h,
                    BACKGROUND,
                    "",
                    12,
                    FAINT,
                    paper=BACKGROUND,
                    outline=FAINT,
                )
        y += h + 8
        self._zones(canvas, y, view, ctx)
        y += ZONES_H + 6
        bw = (WIDTH - 2 * MARGIN - 6) / 2
        for i, seat in enumerate(view.seats):
            player(
                canvas,
                MARGIN + (i % 2) * (bw + 6),
                y + (i // 2) * (box_h + 6),
                bw,
                box_h,
                view,
                seat,
                ctx,
            )
        return Drawn(canvas, self._description(view, ctx))

    def _zones(self, canvas: Canvas, y: float, view: ArtichokesView, ctx: PictureContext) -> None:
        """Garden Stack and Community Compost Pile (their sizes: the Stack's order is hidden,
        the Pile's says nothing), and the card being played and the cards a power revealed."""
        _ = ctx._
        panel(canvas, MARGIN, y, WIDTH - 2 * MARGIN, ZONES_H, PANEL)
        zone = 100.0
        piles = (
            (_("Garden Stack"), view.stack_count, BACK),
            (_("Community Compost Pile"), len(view.compost), COMPOST),
        )
        for i, (label, count, fill) in enumerate(piles):
            zx = MARGIN + 4 + i * zone
            canvas.lines(zx + zone / 2, y + 3, zone - 4, label, 12, MUTED, count=2, align="centre")
            back_pile(canvas, zx + (zone - PILE_W) / 2, y + 34, count, fill, PANEL)
        x = MARGIN + 8 + 2 * zone
        for label, kinds in ((_("In play"), view.in_play), (_("Revealed"), view.revealed)):
            room = WIDTH - MARGIN - 6 - x
            if not kinds or room < MINI_W:
                continue
            canvas.fitted(x, y + 18, room, label, 12, MUTED)
            x += cards_row(canvas, x, y + 34, room, kinds, MINI_W, PILE_H, _, PANEL) + 10

    def seat(self, view: View, ctx: PictureContext) -> Drawn | None:
        """The viewer's hand, as cards (overlapping when many)."""
        assert isinstance(view, ArtichokesView)
        if view.viewer is None or view.hand is None:
            return None
        _ = ctx._
        w, h = 72.0, 100.0
        per_row = 5
        rows = max(1, -(-len(view.hand) // per_row))
        canvas = Canvas(MARGIN + 18 + rows * (h + 6) + MARGIN, BACKGROUND)
        canvas.text(
            MARGIN + 4, MARGIN, _("Your hand ({count})", count=len(view.hand)), 14, MUTED, bold=True
        )
        x0 = (WIDTH - per_row * w - (per_row - 1) * 5) / 2
        for i, kind in enumerate(view.hand):
            card(
                canvas,
                x0 + (i % per_row) * (w + 5),
                MARGIN + 18 + (i // per_row) * (h + 6),
                w,
                h,
                kind,
                _,
                BACKGROUND,
            )
        words = ", ".join(_.card(k) for k in view.hand) or _("empty")
        return Drawn(canvas, _("Your hand: {cards}", cards=words))

    def _description(self, view: ArtichokesView, ctx: PictureContext) -> str:
        _ = ctx._
        row = ", ".join(_.card(k) for k in view.row) or _("empty")
        parts = [
            _("Garden Row: {cards}", cards=row),
            _(
                "Garden Stack {stack}, Community Compost Pile {compost}",
                stack=view.stack_count,
                compost=len(view.compost),
            ),
        ]
        for seat in view.seats:
            top = _.card(seat.discard[-1]) if seat.discard else _("empty")
            parts.append(
                _(
                    "{player}: Deck {deck}, Hand {hand}, Discard Pile {discard} (top: {card})",
                    player=ctx.name(seat.seat),
                    deck=seat.deck_count,
                    hand=seat.hand_count,
                    discard=len(seat.discard),
                    card=top,
                )
            )
        return ". ".join(parts) + "."


PICTURE = ArtichokesPicture()
