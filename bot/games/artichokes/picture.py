"""Abandon All Artichokes drawn: the Garden Row's cards, the Garden Stack's and the Community
Compost Pile's counts, the card being played and the cards a power revealed, and each
player's Personal Deck, hand (their counts) and Discard Pile (its top card), with every hand
once the game is over; a player's own screen shows their hand. Every card is drawn by code
(``card_art``): its name, a symbol and a colour. Drawn from the view only.
"""

from __future__ import annotations

from collections.abc import Hashable

from bot.games.artichokes.card_art import (
    ACCENT,
    BACK,
    COMPOST,
    MINI_W,
    PALETTE,
    PILE_H,
    PILE_W,
    back_pile,
    card,
    cards_row,
)
from bot.games.artichokes.events import cards_text
from bot.i18n import Translator
from bot.pictures import fonts
from bot.pictures.base import Drawn, GamePicture, PictureContext
from bot.pictures.canvas import WIDTH, Canvas, px
from bot.pictures.ending import banner, banner_height, described, ending
from bot.pictures.parts import WINNER, badge, badge_size, panel, tile
from bot.pictures.theme import ACTIVE, BACKGROUND, CARD_FACE, DARK, FAINT, MUTED, PANEL, TEXT, WHITE
from engine import View
from engine.artichokes.view import ArtichokesView, SeatView

MARGIN = 6.0
ZONES_H = 96.0

HAND_SIZE, HAND_LEADING, HAND_LINES = 12.0, 14.0, 6
"""A final hand's text size, the height of each of its lines, and the most lines it takes."""


def player(
    canvas: Canvas,
    x: float,
    y: float,
    w: float,
    h: float,
    view: ArtichokesView,
    seat: SeatView,
    ctx: PictureContext,
    hand_rows: int = 0,
) -> None:
    """One player's area: name, Personal Deck and hand (their sizes), Discard Pile (its top
    card and size), and their hand once the game is over (in ``hand_rows`` lines)."""
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
        name = WINNER + name
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
        discards = str(len(seat.discard))
        bw, bh = badge_size(discards, 12)  # in the card's corner, on its face
        bx, by = cx + MINI_W - bw / 2 - 3, top + 16 + PILE_H - bh / 2 - 3
        badge(canvas, bx, by, discards, 12, WHITE, DARK, CARD_FACE)
    else:
        tile(
            canvas, cx, top + 16, MINI_W, PILE_H, paper, "0", 13, FAINT, paper=paper, outline=FAINT
        )
    if view.final_hands is not None:
        canvas.lines(
            x + 6,
            top + 16 + PILE_H + 6,
            w - 12,
            final_hand(view, seat.seat, _),
            HAND_SIZE,
            TEXT,
            count=hand_rows,
            leading=HAND_LEADING / HAND_SIZE,
        )


def final_hand(view: ArtichokesView, seat: int, _: Translator) -> str:
    """``"Hand: Artichoke ×3, Carrot"``: a seat's hand once the game is over, written as the
    text table writes it (``cards_text``)."""
    assert view.final_hands is not None
    return _("Hand: {cards}", cards=cards_text(view.final_hands[seat], _))


def hand_lines(view: ArtichokesView, w: float, _: Translator) -> int:
    """The lines the longest final hand takes in a player's area ``w`` points wide (at least
    1, at most :data:`HAND_LINES`): every area is that tall, so no hand is cut."""
    room, size = px(w - 12), px(HAND_SIZE)
    needed = 1
    for seat in view.seats:
        text = final_hand(view, seat.seat, _)
        while needed < HAND_LINES and not fonts.is_whole(
            fonts.wrap(text, size, room, needed), text
        ):
            needed += 1
    return needed


class ArtichokesPicture(GamePicture):
    """How Abandon All Artichokes is drawn (``shared/rules/artichokes.md``)."""

    game = "artichokes"
    palette = PALETTE

    def table(self, view: View, ctx: PictureContext) -> Drawn:
        """Once over, the end banner (who won); the Garden Row, Garden Stack and Community
        Compost Pile, the cards in play, then each player's area (two per row)."""
        assert isinstance(view, ArtichokesView)
        _ = ctx._
        bw = (WIDTH - 2 * MARGIN - 6) / 2
        hand_rows = hand_lines(view, bw, _) if view.final_hands is not None else 0
        box_h = 24 + 16 + PILE_H + 8 + (6 + hand_rows * HAND_LEADING if hand_rows else 0)
        rows = -(-len(view.seats) // 2)
        end = ending(view.outcome, len(view.seats), ctx)
        top = banner_height(end, WIDTH - 2 * MARGIN) + 6 if end is not None else 0
        height = MARGIN + top + 18 + 100 + 8 + ZONES_H + 6 + rows * (box_h + 6) - 6 + MARGIN
        canvas = Canvas(height, BACKGROUND)
        y = MARGIN
        if end is not None:
            y += banner(canvas, MARGIN, y, WIDTH - 2 * MARGIN, end) + 6
        canvas.text(MARGIN + 4, y, _("Garden Row"), 14, MUTED, bold=True)
        y += 18
        w, h, gap = 72.0, 100.0, 5.0
        x0 = (WIDTH - 5 * w - 4 * gap) / 2
        for i in range(5):
            x = x0 + i * (w + gap)
            if i < len(view.row):
                card(canvas, x, y, w, h, view.row[i], _, BACKGROUND)
            else:  # an empty place of the Garden Row
                canvas.box(x, y, w, h, None, outline=FAINT, radius=5)
        y += h + 8
        self._zones(canvas, y, view, ctx)
        y += ZONES_H + 6
        for i, seat in enumerate(view.seats):
            bx, by = MARGIN + (i % 2) * (bw + 6), y + (i // 2) * (box_h + 6)
            player(canvas, bx, by, bw, box_h, view, seat, ctx, hand_rows)
        return Drawn(canvas, described(end, self._description(view, ctx)))

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

    def seat_subject(self, view: View) -> Hashable | None:
        """The viewer's hand (a tuple of card kinds): all that the screen's picture shows."""
        assert isinstance(view, ArtichokesView)
        return None if view.viewer is None or view.hand is None else view.hand

    def seat(self, subject: Hashable, ctx: PictureContext) -> Drawn | None:
        """The viewer's hand (``subject``), as cards, five to a row."""
        assert isinstance(subject, tuple)
        hand: tuple[str, ...] = subject
        _ = ctx._
        w, h = 72.0, 100.0
        per_row = 5
        rows = max(1, -(-len(hand) // per_row))
        canvas = Canvas(MARGIN + 18 + rows * (h + 6) + MARGIN, BACKGROUND)
        canvas.text(
            MARGIN + 4, MARGIN, _("Your hand ({count})", count=len(hand)), 14, MUTED, bold=True
        )
        x0 = (WIDTH - per_row * w - (per_row - 1) * 5) / 2
        for i, kind in enumerate(hand):
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
        words = ", ".join(_.card(k) for k in hand) or _("empty")
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
