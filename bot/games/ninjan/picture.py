"""Ninjan drawn: the round, the cycle (which suit beats which), the three piles with their
top card large, their other cards and their value, the cards revealed in the last round with
what each did, and every player's score; a player's own screen shows their hand. Each suit
has its colour (as the rules give them), its symbol and its name: the colour is never the
only cue. Drawn from the view only (``engine.ninjan.view``).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence

from PIL import Image

from bot.i18n import Translator
from bot.pictures.base import Drawn, GamePicture, PictureContext
from bot.pictures.canvas import WIDTH, Canvas, Sketch, sprite
from bot.pictures.parts import WINNER, panel, rounded_box, tile
from bot.pictures.png import RGB, Palette, hex_colour
from engine import View
from engine.ninjan.cards import BEATS, SUIT, SUIT_NAMES, VALUE, points
from engine.ninjan.view import NinjanView, SeatView, StepView

BACKGROUND = hex_colour(0x2B2D31)
PANEL = hex_colour(0x383A40)
ACTIVE = hex_colour(0x44474F)
TEXT = hex_colour(0xF2F3F5)
MUTED = hex_colour(0xA4A9B1)
FAINT = hex_colour(0x6D7079)
DARK = hex_colour(0x1E1F22)
FACE = hex_colour(0xF4EFE2)
WHITE = hex_colour(0xFFFFFF)
GOLD = hex_colour(0xF0B232)
ACCENT = hex_colour(0x5865F2)

SUIT_COLOURS: dict[str, RGB] = {
    "R": hex_colour(0xC62828),
    "P": hex_colour(0x2E7D32),
    "S": hex_colour(0x1565C0),
}
"""Rock red, Paper green, Scissors blue (``shared/rules/ninjan.md`` § Components)."""

PALETTE = Palette(
    colours=[BACKGROUND, PANEL, ACTIVE, FACE, WHITE, GOLD, ACCENT, DARK],
    inks=[TEXT, MUTED, DARK, GOLD],
    papers=[BACKGROUND, PANEL, ACTIVE, FACE],
    pairs=[
        pair
        for c in SUIT_COLOURS.values()
        for pair in ((c, FACE), (WHITE, c), (c, PANEL), (c, BACKGROUND))
    ],
    steps=5,
)

MARGIN = 6.0
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
            fill=FACE,
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
        rounded_box(s, 0, 0, w, h, FACE, outline=colour, line=2, radius=5)
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
    for i, c in enumerate(shown):
        card(
            canvas,
            x + (i % per_row) * (CHIP_W + 3),
            y + (i // per_row) * (CHIP_H + 3),
            CHIP_W,
            CHIP_H,
            c,
            _,
            paper,
        )
    if len(shown) < len(cards):
        i = len(shown)
        more = f"+{len(cards) - len(shown)}"
        tile(
            canvas,
            x + (i % per_row) * (CHIP_W + 3),
            y + (i // per_row) * (CHIP_H + 3),
            CHIP_W,
            CHIP_H,
            PANEL,
            more,
            12,
            TEXT,
            paper=paper,
        )
    used = -(-min(len(cards), places) // per_row)
    return used * (CHIP_H + 3)


def step_words(step: StepView, ctx: PictureContext) -> str:
    """What a revealed card did, shortly: ``"pile 2: +7"`` (took pile 2, worth 7) or
    ``"on pile 1"`` (put on it)."""
    if step.taken:
        return ctx._("pile {pile}: {points}", pile=step.pile, points=signed(step.points))
    return ctx._("on pile {pile}", pile=step.pile)


def _mark(suit: str, w: float) -> Callable[[Sketch], None]:
    """A painter of ``suit``'s symbol alone, centred in ``w`` by 16 points."""
    return lambda s: suit_symbol(s, suit, w / 2, 8, 7, SUIT_COLOURS[suit])


class NinjanPicture(GamePicture):
    """How Ninjan is drawn (``shared/rules/ninjan.md``)."""

    game = "ninjan"
    palette = PALETTE

    def table(self, view: View, ctx: PictureContext) -> Drawn:
        """The round and the cycle, the piles, the revealed cards, the scores."""
        assert isinstance(view, NinjanView)
        _ = ctx._
        col = (WIDTH - 2 * MARGIN - 12) / 3
        per_row = max(1, int((col - 10 + 3) // (CHIP_W + 3)))
        rows = min(3, max(-(-(len(p) - 1) // per_row) for p in view.piles) if view.piles else 0)
        pile_h = 22 + CARD_H + 6 + rows * (CHIP_H + 3) + 2
        reveal_h = 22 + CHIP_H + 8 + 16 + 6 if view.revealed else 0
        seat_rows = -(-len(view.seats) // 2)
        height = MARGIN + 22 + pile_h + 6 + reveal_h + seat_rows * (46 + 6) + MARGIN
        canvas = Canvas(height, BACKGROUND)
        y = MARGIN
        if view.over:
            header = _("Game over")
        else:
            header = _("Round {round} of {rounds}", round=view.round, rounds=view.rounds)
        canvas.text(MARGIN + 4, y, header, 14, TEXT, bold=True)
        self._cycle(canvas, WIDTH - MARGIN - 4, y, _)
        y += 22
        for i, pile in enumerate(view.piles):
            x = MARGIN + i * (col + 6)
            panel(canvas, x, y, col, pile_h, PANEL)
            canvas.text(x + 6, y + 4, _("Pile {pile}", pile=i + 1), 13, MUTED, bold=True)
            canvas.text(
                x + col - 6, y + 4, signed(points(pile)), 13, GOLD, bold=True, align="right"
            )
            if pile:
                card(canvas, x + (col - CARD_W) / 2, y + 22, CARD_W, CARD_H, pile[0], _, PANEL)
                chips(canvas, x + 5, y + 22 + CARD_H + 6, col - 10, pile[1:], _, PANEL, rows=rows)
        y += pile_h + 6
        if view.revealed:
            y += self._revealed(canvas, y, view, ctx) + 6
        bw = (WIDTH - 2 * MARGIN - 6) / 2
        for i, seat in enumerate(view.seats):
            self._seat(canvas, MARGIN + (i % 2) * (bw + 6), y + (i // 2) * 52, bw, view, seat, ctx)
        return Drawn(canvas, self._description(view, ctx))

    def _cycle(self, canvas: Canvas, right: float, y: float, _: Translator) -> None:
        """Rock ▸ Scissors ▸ Paper ▸ Rock: what beats what, as chips, ending at ``right``."""
        order = ["R", BEATS["R"], BEATS[BEATS["R"]], "R"]
        w = 26.0
        x = right - len(order) * w - (len(order) - 1) * 12
        for i, suit in enumerate(order):
            mark = sprite(("ninjan suit", suit), w - 8, 16, _mark(suit, w - 8), background=FACE)
            tile(canvas, x, y, w, 18, FACE, "", 12, DARK, paper=BACKGROUND)
            canvas.paste(mark, x + 4, y + 1)
            if i < len(order) - 1:
                canvas.text(x + w + 6, y, "›", 14, MUTED, bold=True, align="centre")
            x += w + 12

    def _revealed(self, canvas: Canvas, y: float, view: NinjanView, ctx: PictureContext) -> float:
        """The revealed cards of the round, in resolution order, with who played each and
        what it did; returns the height used."""
        _ = ctx._
        h = 22 + CHIP_H + 16 + 18  # title, cards, names, then what each did (12 px, padded)
        panel(canvas, MARGIN, y, WIDTH - 2 * MARGIN, h, PANEL)
        canvas.text(
            MARGIN + 6,
            y + 4,
            _("Round {round}: revealed", round=view.revealed_round),
            13,
            MUTED,
            bold=True,
        )
        slot = (WIDTH - 2 * MARGIN - 8) / max(5, len(view.revealed))
        steps = {i: step for i, step in enumerate(view.steps)}
        for i, (seat, played) in enumerate(view.revealed):
            x = MARGIN + 4 + i * slot
            card(canvas, x + (slot - CHIP_W) / 2, y + 22, CHIP_W, CHIP_H, played, _, PANEL)
            canvas.fitted(
                x + slot / 2,
                y + 22 + CHIP_H + 2,
                slot - 4,
                ctx.name(seat),
                12,
                TEXT,
                align="centre",
            )
            if i in steps:
                canvas.fitted(
                    x + slot / 2,
                    y + 22 + CHIP_H + 16,
                    slot - 4,
                    step_words(steps[i], ctx),
                    12,
                    GOLD,
                    align="centre",
                )
        return h + 6

    def _seat(
        self,
        canvas: Canvas,
        x: float,
        y: float,
        w: float,
        view: NinjanView,
        seat: SeatView,
        ctx: PictureContext,
    ) -> None:
        """A player: name, score, cards taken and in hand; marked when choosing is done or
        when their card resolves now."""
        _ = ctx._
        now = not view.over and not ctx.closed and view.resolving == seat.seat
        paper = ACTIVE if now else PANEL
        panel(canvas, x, y, w, 46, paper, outline=ACCENT if now else None)
        score = canvas.text(
            x + w - 6, y + 4, signed(seat.score), 18, GOLD, bold=True, align="right"
        )
        name = ctx.name(seat.seat)
        if now:
            name = "▶ " + name
        elif seat.chosen:
            name = "✓ " + name
        elif view.outcome is not None and seat.seat in view.outcome.winners:
            name = WINNER + name
        canvas.fitted(x + 6, y + 4, w - score - 18, name, 14, TEXT, bold=True)
        line = _("taken {taken} · hand {hand}", taken=len(seat.taken), hand=seat.hand_count)
        canvas.fitted(x + 6, y + 25, w - 12, line, 12, MUTED)

    def seat_subject(self, view: View) -> Hashable | None:
        """``(hand, chosen card or None)``: all that the screen's picture shows (none for an
        empty hand)."""
        assert isinstance(view, NinjanView)
        if view.viewer is None or not view.hand:
            return None
        return view.hand, view.my_pick

    def seat(self, subject: Hashable, ctx: PictureContext) -> Drawn | None:
        """The viewer's hand, its chosen card marked (``subject``: ``(hand, chosen)``)."""
        assert isinstance(subject, tuple)
        hand, chosen = subject
        _ = ctx._
        per_row = 5
        rows = -(-len(hand) // per_row)
        canvas = Canvas(MARGIN + 20 + rows * (CARD_H + 6) + MARGIN, BACKGROUND)
        canvas.text(
            MARGIN + 4, MARGIN, _("Your hand ({count})", count=len(hand)), 14, MUTED, bold=True
        )
        x0 = (WIDTH - per_row * CARD_W - (per_row - 1) * 5) / 2
        for i, c in enumerate(hand):
            x = x0 + (i % per_row) * (CARD_W + 5)
            y = MARGIN + 20 + (i // per_row) * (CARD_H + 6)
            if c == chosen:
                canvas.box(x - 3, y - 3, CARD_W + 6, CARD_H + 6, GOLD, radius=7)
            card(canvas, x, y, CARD_W, CARD_H, c, _, GOLD if c == chosen else BACKGROUND)
        words = ", ".join(f"{value_text(c)} {_(SUIT_NAMES[SUIT[c]])}" for c in hand)
        return Drawn(canvas, _("Your hand: {cards}", cards=words))

    def _description(self, view: NinjanView, ctx: PictureContext) -> str:
        _ = ctx._
        parts = []
        for i, pile in enumerate(view.piles):
            top = f"{value_text(pile[0])} {_(SUIT_NAMES[SUIT[pile[0]]])}" if pile else _("empty")
            parts.append(
                _(
                    "Pile {pile}: top {card}, {points}",
                    pile=i + 1,
                    card=top,
                    points=signed(points(pile)),
                )
            )
        for seat in view.seats:
            parts.append(f"{ctx.name(seat.seat)} {signed(seat.score)}")
        return ". ".join(parts) + "."


PICTURE = NinjanPicture()
