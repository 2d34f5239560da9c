"""Ninjan drawn: the round, the cycle (which suit beats which), the three piles with their
top card large, their other cards and their value, the cards revealed in the last round with
what each did, and every player's score; a player's own screen shows their hand. Each suit
has its colour (as the rules give them), its symbol and its name: the colour is never the
only cue. Drawn from the view only (``engine.ninjan.view``).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from bot.games.ninjan.card_art import (
    ACCENT,
    CARD_H,
    CARD_W,
    CHIP_H,
    CHIP_W,
    PALETTE,
    SUIT_COLOURS,
    card,
    chips,
    signed,
    suit_symbol,
    value_text,
)
from bot.i18n import Translator
from bot.pictures import fonts
from bot.pictures.base import Drawn, GamePicture, PictureContext
from bot.pictures.canvas import WIDTH, Canvas, Sketch, px, sprite
from bot.pictures.ending import banner, banner_height, described, ending
from bot.pictures.parts import WINNER, panel, tile
from bot.pictures.theme import ACTIVE, BACKGROUND, CARD_FACE, DARK, GOLD, MUTED, PANEL, TEXT
from engine import View
from engine.ninjan.cards import BEATS, SUIT, SUIT_NAMES, points
from engine.ninjan.view import NinjanView, ResolvedView, SeatView

MARGIN = 6.0
REVEAL_ROOM = WIDTH - 2 * MARGIN - 8
"""The width the columns of the revealed cards share, in points."""
COUNTS_SIZE = 14.0
"""The size of a player's "taken 4 · hand 5" (12 points was too small on a phone)."""
TAG_H = 16.0
"""The height of the word under the chosen card of a hand ("✓ chosen")."""
RESOLVED_SIZE, RESOLVED_LEADING = 12.0, 14.0
"""The size of the line saying what a revealed card did, and the height each of its lines
takes."""


def resolved_words(resolved: ResolvedView, ctx: PictureContext) -> str:
    """What a revealed card did, shortly: ``"pile 2: +7"`` (took pile 2, worth 7) or
    ``"on pile 1"`` (put on it)."""
    if resolved.taken:
        return ctx._("pile {pile}: {points}", pile=resolved.pile, points=signed(resolved.points))
    return ctx._("on pile {pile}", pile=resolved.pile)


def _mark(suit: str, w: float) -> Callable[[Sketch], None]:
    """A painter of ``suit``'s symbol alone, centred in ``w`` by 16 points."""
    return lambda s: suit_symbol(s, suit, w / 2, 8, 7, SUIT_COLOURS[suit])


class NinjanPicture(GamePicture):
    """How Ninjan is drawn (``shared/rules/ninjan.md``)."""

    game = "ninjan"
    palette = PALETTE

    def table(self, view: View, ctx: PictureContext) -> Drawn:
        """The round and the cycle (once over, the end banner instead), the piles, the
        revealed cards, the scores."""
        assert isinstance(view, NinjanView)
        _ = ctx._
        col = (WIDTH - 2 * MARGIN - 12) / 3
        per_row = max(1, int((col - 10 + 3) // (CHIP_W + 3)))
        rows = min(3, max(-(-(len(p) - 1) // per_row) for p in view.piles) if view.piles else 0)
        pile_h = 22 + CARD_H + 6 + rows * (CHIP_H + 3) + 2
        lines = self._resolved_lines(view, ctx)
        reveal_h = self._revealed_height(lines) + 6 if view.revealed else 0
        seat_rows = -(-len(view.seats) // 2)
        end = ending(view.outcome, len(view.seats), ctx, signed)
        top = banner_height(end, WIDTH - 2 * MARGIN) + 6 if end is not None else 22
        height = MARGIN + top + pile_h + 6 + reveal_h + seat_rows * (46 + 6) + MARGIN
        canvas = Canvas(height, BACKGROUND)
        y = MARGIN
        if end is not None:
            banner(canvas, MARGIN, y, WIDTH - 2 * MARGIN, end)
        else:
            header = _("Round {round} of {rounds}", round=view.round, rounds=view.rounds)
            canvas.text(MARGIN + 4, y, header, 14, TEXT, bold=True)
            self._cycle(canvas, WIDTH - MARGIN - 4, y, _)
        y += top
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
            y += self._revealed(canvas, y, view, ctx, lines) + 6
        bw = (WIDTH - 2 * MARGIN - 6) / 2
        for i, seat in enumerate(view.seats):
            self._seat(canvas, MARGIN + (i % 2) * (bw + 6), y + (i // 2) * 52, bw, view, seat, ctx)
        return Drawn(canvas, described(end, self._description(view, ctx)))

    def _cycle(self, canvas: Canvas, right: float, y: float, _: Translator) -> None:
        """Rock ▸ Scissors ▸ Paper ▸ Rock: what beats what, as chips, ending at ``right``."""
        order = ["R", BEATS["R"], BEATS[BEATS["R"]], "R"]
        w = 26.0
        x = right - len(order) * w - (len(order) - 1) * 12
        for i, suit in enumerate(order):
            mark = sprite(
                ("ninjan suit", suit), w - 8, 16, _mark(suit, w - 8), background=CARD_FACE
            )
            tile(canvas, x, y, w, 18, CARD_FACE, "", 12, DARK, paper=BACKGROUND)
            canvas.paste(mark, x + 4, y + 1)
            if i < len(order) - 1:
                canvas.text(x + w + 6, y, "›", 14, MUTED, bold=True, align="centre")
            x += w + 12

    @staticmethod
    def _slot(view: NinjanView) -> float:
        """The width of each revealed card's column: a third of the panel at least, so that
        two players' lines are not cut."""
        return REVEAL_ROOM / max(3, len(view.revealed))

    def _resolved_lines(self, view: NinjanView, ctx: PictureContext) -> int:
        """1, or 2 when a line saying what a card did does not fit its column on one line
        (Spanish at 5 players: "montón 2: +12")."""
        room = px(self._slot(view) - 4)
        for resolved in view.resolved:
            words = resolved_words(resolved, ctx)
            if fonts.fit(words, px(RESOLVED_SIZE), room)[0] != words:
                return 2
        return 1

    @staticmethod
    def _revealed_height(lines: int) -> float:
        """The height of the revealed panel: title, cards, names, then what each did in
        ``lines`` lines (:meth:`_resolved_lines`)."""
        return 22 + CHIP_H + 16 + 4 + lines * RESOLVED_LEADING

    def _revealed(
        self, canvas: Canvas, y: float, view: NinjanView, ctx: PictureContext, lines: int
    ) -> float:
        """The revealed cards of the round, in resolution order, with who played each and
        what it did (in ``lines`` lines); returns the height used."""
        _ = ctx._
        h = self._revealed_height(lines)
        panel(canvas, MARGIN, y, WIDTH - 2 * MARGIN, h, PANEL)
        canvas.text(
            MARGIN + 6,
            y + 4,
            _("Round {round}: revealed", round=view.revealed_round),
            13,
            MUTED,
            bold=True,
        )
        slot = self._slot(view)
        left = MARGIN + 4 + (REVEAL_ROOM - slot * len(view.revealed)) / 2  # centred
        resolved = dict(enumerate(view.resolved))
        for i, (seat, played) in enumerate(view.revealed):
            x = left + i * slot
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
            if i in resolved:
                canvas.lines(
                    x + slot / 2,
                    y + 22 + CHIP_H + 16,
                    slot - 4,
                    resolved_words(resolved[i], ctx),
                    RESOLVED_SIZE,
                    GOLD,
                    count=lines,
                    align="centre",
                    leading=RESOLVED_LEADING / RESOLVED_SIZE,
                )
        return h

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
        """A player: name, score, cards taken and in hand; marked as the text marks them: ▶
        while the game waits for them (their card resolves now, or they are still choosing
        one), ✓ once they have chosen."""
        _ = ctx._
        playing = not view.over and not ctx.closed
        now = playing and view.resolving == seat.seat
        paper = ACTIVE if now else PANEL
        panel(canvas, x, y, w, 46, paper, outline=ACCENT if now else None)
        score = canvas.text(
            x + w - 6, y + 4, signed(seat.score), 18, GOLD, bold=True, align="right"
        )
        name = ctx.name(seat.seat)
        if now or (playing and view.phase == "pick" and seat.seat in view.deciding):
            name = "▶ " + name
        elif seat.chosen:
            name = "✓ " + name
        elif view.outcome is not None and seat.seat in view.outcome.winners:
            name = WINNER + name
        canvas.fitted(x + 6, y + 4, w - score - 18, name, 14, TEXT, bold=True)
        line = _("taken {taken} · hand {hand}", taken=len(seat.taken), hand=seat.hand_count)
        canvas.fitted(x + 6, y + 24, w - 12, line, COUNTS_SIZE, MUTED)

    def seat_subject(self, view: View) -> Hashable | None:
        """``(hand, chosen card or None)``: all that the screen's picture shows (none for an
        empty hand)."""
        assert isinstance(view, NinjanView)
        if view.viewer is None or not view.hand:
            return None
        return view.hand, view.my_pick

    def seat(self, subject: Hashable, ctx: PictureContext) -> Drawn | None:
        """The viewer's hand, its chosen card framed in gold with "✓ chosen" under it, as the
        table marks a player who has chosen (``subject``: ``(hand, chosen)``)."""
        assert isinstance(subject, tuple)
        hand, chosen = subject
        _ = ctx._
        per_row = 5
        rows = -(-len(hand) // per_row)
        pitch = CARD_H + 6 + (TAG_H if chosen is not None else 0)
        canvas = Canvas(MARGIN + 20 + rows * pitch + MARGIN, BACKGROUND)
        canvas.text(
            MARGIN + 4, MARGIN, _("Your hand ({count})", count=len(hand)), 14, MUTED, bold=True
        )
        x0 = (WIDTH - per_row * CARD_W - (per_row - 1) * 5) / 2
        for i, c in enumerate(hand):
            x = x0 + (i % per_row) * (CARD_W + 5)
            y = MARGIN + 20 + (i // per_row) * pitch
            if c == chosen:  # framed in gold, the word under it
                canvas.box(x - 3, y - 3, CARD_W + 6, CARD_H + 3 + TAG_H, GOLD, radius=7)
                canvas.fitted(
                    x + CARD_W / 2,
                    y + CARD_H + 1,
                    CARD_W + 2,
                    _("✓ chosen"),
                    13,
                    DARK,
                    bold=True,
                    align="centre",
                )
            card(canvas, x, y, CARD_W, CARD_H, c, _, GOLD if c == chosen else BACKGROUND)
        words = ", ".join(f"{value_text(c)} {_(SUIT_NAMES[SUIT[c]])}" for c in hand)
        described = _("Your hand: {cards}", cards=words)
        if chosen is not None:
            shown = f"{value_text(chosen)} {_(SUIT_NAMES[SUIT[chosen]])}"
            described += " " + _("(chosen: {card})", card=shown)
        return Drawn(canvas, described)

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
