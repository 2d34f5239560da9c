"""Pentaquest drawn: the five dice (pips and digits), the quest area's creatures with their
requirements and powers (those the dice beat marked, where the table highlights them), the
deck and the free rerolls, and every army grouped by power with its discard pile and score;
a player's own screen shows their own army. Drawn from the view only
(``engine.pentaquest.view``): a hidden army is drawn as its size.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Hashable, Sequence

from PIL import Image

from bot.games.pentaquest.texts import POWER_WORDS
from bot.i18n import N_, Translator
from bot.pictures.base import Drawn, GamePicture, PictureContext
from bot.pictures.canvas import WIDTH, Canvas, Sketch, sprite
from bot.pictures.parts import WINNER, panel, rounded_box, tile
from bot.pictures.png import RGB, Palette, hex_colour
from bot.pictures.theme import ACTIVE, BACKGROUND, DARK, FAINT, GOLD, MUTED, PANEL, TEXT
from engine import View
from engine.pentaquest.cards import POWERS, Card
from engine.pentaquest.view import PentaquestView, PlayerView

DIE = hex_colour(0xFAFAF7)
CARD = hex_colour(0x4A3B5C)
SUN = hex_colour(0xF5B800)
MOON = hex_colour(0xB8C4D6)
BEATEN = hex_colour(0x3BA55C)
ACCENT = hex_colour(0xE67E22)

PALETTE = Palette(
    colours=[BACKGROUND, PANEL, ACTIVE, DIE, CARD, GOLD, SUN, MOON, BEATEN, ACCENT, DARK],
    inks=[TEXT, MUTED, DARK, GOLD],
    papers=[BACKGROUND, PANEL, ACTIVE, DIE, CARD],
    pairs=[(SUN, CARD), (MOON, CARD), (BEATEN, CARD), (BEATEN, BACKGROUND), (GOLD, BACKGROUND)],
    steps=5,
)

MARGIN = 6.0
DIE_SIZE = 46.0
QUEST_W, QUEST_H = 74.0, 124.0
PIPS = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}
SYMBOL_WORDS = {"sun": N_("sun"), "moon": N_("moon")}
"""How the description names a sun and a moon of a requirement (msgids)."""
POWER_MARKS = {"add": "+1", "sub": "−1", "addsub": "±1", "mirror": "⇄", "reroll": "↻"}
"""Each power's mark on a card (its word is written under it where the mark is no number)."""


def die_sprite(value: int, size: float, paper: RGB, chosen: bool = False) -> Image.Image:
    """A die showing ``value`` as pips (the digit goes beside it, on the canvas)."""

    def paint(s: Sketch) -> None:
        rounded_box(
            s,
            0,
            0,
            size,
            size,
            DIE,
            outline=GOLD if chosen else FAINT,
            line=2.5 if chosen else 1,
            radius=size * 0.16,
        )
        r = size * 0.085
        for fx, fy in PIPS[value]:
            cx, cy = fx * size, fy * size
            s.draw.ellipse((s.p(cx - r), s.p(cy - r), s.p(cx + r), s.p(cy + r)), fill=DARK)

    return sprite(("pentaquest die", value, chosen), size, size, paint, background=paper)


def symbol_sprite(symbol: str, size: float) -> Image.Image:
    """One requirement symbol on a card: a number as a small die with its digit, a sun (a
    disc with rays) or a moon (a crescent)."""

    def paint(s: Sketch) -> None:
        p = s.p
        c = size / 2
        if symbol == "sun":
            for i in range(8):
                angle = i * math.pi / 4
                x1, y1 = c + math.cos(angle) * size * 0.3, c + math.sin(angle) * size * 0.3
                x2, y2 = c + math.cos(angle) * size * 0.5, c + math.sin(angle) * size * 0.5
                s.draw.line((p(x1), p(y1), p(x2), p(y2)), fill=SUN, width=max(1, p(size * 0.08)))
            s.draw.ellipse(
                (p(c - size * 0.27), p(c - size * 0.27), p(c + size * 0.27), p(c + size * 0.27)),
                fill=SUN,
            )
        elif symbol == "moon":
            s.draw.ellipse(
                (p(size * 0.08), p(size * 0.08), p(size * 0.92), p(size * 0.92)), fill=MOON
            )
            s.draw.ellipse(
                (p(size * 0.32), p(size * 0.0), p(size * 1.05), p(size * 0.78)), fill=CARD
            )
        else:
            rounded_box(s, 0.5, 0.5, size - 1, size - 1, DIE, radius=size * 0.18)

    def text(c: Canvas) -> None:
        if symbol.isdigit():
            c.text(size / 2, (size - 13 * 1.16) / 2, symbol, 13, DARK, bold=True, align="centre")

    return sprite(
        ("pentaquest symbol", symbol, size), size, size, paint, label=text, background=CARD
    )


def creature(
    card: Card, beaten: bool, w: float, h: float, _: Translator, paper: RGB
) -> Image.Image:
    """A quest card: its name, its power (mark, and word), its requirement; framed green
    with a check mark when the dice beat it."""
    name = _(card.name)
    power = POWER_WORDS[card.power]
    word = _(power) if power[0].isalpha() else ""

    def paint(s: Sketch) -> None:
        rounded_box(
            s,
            0,
            0,
            w,
            h,
            CARD,
            outline=BEATEN if beaten else FAINT,
            line=2.5 if beaten else 1,
            radius=5,
        )

    def text(c: Canvas) -> None:
        c.lines(w / 2, 4, w - 6, name, 13, TEXT, count=2, bold=True, align="centre")
        tile(c, w / 2 - 18, 38, 36, 22, GOLD, POWER_MARKS[card.power], 14, DARK, paper=CARD)
        if word:
            c.fitted(w / 2, 61, w - 4, word, 12, GOLD, align="centre")
        size = 20.0
        per_row = 3
        symbols = card.requirement
        rows = -(-len(symbols) // per_row)
        top = max(75.0 if word else 62.0, h - 4 - rows * (size + 3))
        for i, symbol in enumerate(symbols):
            row, col = divmod(i, per_row)
            in_row = min(per_row, len(symbols) - row * per_row)
            x = (w - in_row * (size + 2) + 2) / 2 + col * (size + 2)
            c.paste(symbol_sprite(symbol, size), x, top + row * (size + 3))
        if beaten:
            c.text(5, 38, "✓", 16, BEATEN, bold=True)

    return sprite(
        ("pentaquest card", card.id, name, word, beaten), w, h, paint, label=text, background=paper
    )


def powers_line(cards: Sequence[Card], _: Translator) -> str:
    """An army by power: ``"+1 ×3 · ⇄ ×1"`` (empty: "empty")."""
    counts = Counter(c.power for c in cards)
    parts = [f"{POWER_MARKS[p]} ×{counts[p]}" for p in POWERS if counts[p]]
    return " · ".join(parts) if parts else _("empty")


class PentaquestPicture(GamePicture):
    """How Pentaquest is drawn (``shared/rules/pentaquest.md``)."""

    game = "pentaquest"
    palette = PALETTE

    def _dice(self, canvas: Canvas, y: float, view: PentaquestView, ctx: PictureContext) -> float:
        """The turn, the dice with their digits, the deck and the free rerolls."""
        _ = ctx._
        h = 22 + DIE_SIZE + 22
        panel(canvas, MARGIN, y, WIDTH - 2 * MARGIN, h, PANEL)
        if view.over:
            header = _("Last dice")
        elif view.solo:
            header = _("Turn {turn}", turn=view.turn)
        else:
            header = _("Turn {turn} · {player}", turn=view.turn, player=ctx.name(view.active))
        canvas.fitted(MARGIN + 6, y + 4, 250, header, 14, TEXT, bold=True)
        canvas.text(
            WIDTH - MARGIN - 6,
            y + 4,
            _("Deck {count}", count=view.deck_count),
            13,
            MUTED,
            align="right",
        )
        gap = 10.0
        x0 = MARGIN + 8
        for i, value in enumerate(view.dice):
            x = x0 + i * (DIE_SIZE + gap)
            canvas.paste(die_sprite(value, DIE_SIZE, PANEL, chosen=view.chosen_die == i), x, y + 22)
            canvas.text(
                x + DIE_SIZE / 2,
                y + 22 + DIE_SIZE + 2,
                str(value),
                15,
                TEXT,
                bold=True,
                align="centre",
            )
        right = x0 + 5 * (DIE_SIZE + gap)
        # beside the dice: the army card in use, else the free rerolls left (a card used
        # ends them, rules "Modify"; one put back before it acts keeps them, shown again then)
        if view.using is not None:
            note, ink = _("Using {card}", card=_(view.using.name)), TEXT
        elif not view.over:
            note = _.plural("{count} free reroll", "{count} free rerolls", view.free_rerolls)
            ink = GOLD
        else:
            return h
        canvas.lines(
            right + (WIDTH - MARGIN - right) / 2,
            y + 20,
            WIDTH - MARGIN - right - 6,
            note,
            12,
            ink,
            count=4,
            align="centre",
        )
        return h

    def table(self, view: View, ctx: PictureContext) -> Drawn:
        """The dice, the quest area, then every army."""
        assert isinstance(view, PentaquestView)
        _ = ctx._
        rows = len(view.players)
        height = MARGIN + 22 + DIE_SIZE + 22 + 6 + 20 + QUEST_H + 6 + rows * 46 + MARGIN
        canvas = Canvas(height, BACKGROUND)
        y = MARGIN
        y += self._dice(canvas, y, view, ctx) + 6
        canvas.text(MARGIN + 4, y, _("Quest area"), 14, MUTED, bold=True)
        y += 20
        beaten = set(view.beaten) if view.highlight else set()
        gap = (WIDTH - 2 * MARGIN - 5 * QUEST_W) / 4
        for i in range(5):
            x = MARGIN + i * (QUEST_W + gap)
            if i < len(view.quest):
                card = view.quest[i]
                canvas.paste(
                    creature(card, card.id in beaten, QUEST_W, QUEST_H, _, BACKGROUND), x, y
                )
            else:
                tile(
                    canvas,
                    x,
                    y,
                    QUEST_W,
                    QUEST_H,
                    BACKGROUND,
                    "",
                    12,
                    FAINT,
                    paper=BACKGROUND,
                    outline=FAINT,
                )
        y += QUEST_H + 6
        for player in view.players:
            self._army(canvas, y, view, player, ctx)
            y += 46
        return Drawn(canvas, self._description(view, ctx))

    def _army(
        self,
        canvas: Canvas,
        y: float,
        view: PentaquestView,
        player: PlayerView,
        ctx: PictureContext,
    ) -> None:
        """One seat: name, army by power (or its size when hidden), discard pile, score."""
        _ = ctx._
        active = not view.over and not ctx.closed and player.seat == view.active and not view.solo
        paper = ACTIVE if active else PANEL
        panel(canvas, MARGIN, y, WIDTH - 2 * MARGIN, 40, paper, outline=ACCENT if active else None)
        right = WIDTH - MARGIN - 6
        if not view.solo:
            right -= (
                canvas.text(
                    right,
                    y + 4,
                    _.plural("{count} point", "{count} points", player.score),
                    14,
                    GOLD,
                    bold=True,
                    align="right",
                )
                + 10
            )
        won = view.outcome is not None and player.seat in view.outcome.winners and not view.solo
        name = ("▶ " if active else WINNER if won else "") + ctx.name(player.seat)
        canvas.fitted(MARGIN + 6, y + 4, right - MARGIN - 12, name, 14, TEXT, bold=True)
        if player.army is None:
            army = _.plural(
                "army: {count} card (hidden)", "army: {count} cards (hidden)", player.army_count
            )
        else:
            army = _(
                "army {count}: {powers}",
                count=player.army_count,
                powers=powers_line(player.army, _),
            )
        line = _("{army} · discard pile {discards}", army=army, discards=player.discard_count)
        canvas.fitted(MARGIN + 6, y + 22, WIDTH - 2 * MARGIN - 12, line, 12, MUTED)

    def seat_subject(self, view: View) -> Hashable | None:
        """The viewer's army (its cards): all that the screen's picture shows (none for an
        empty army)."""
        assert isinstance(view, PentaquestView)
        if view.viewer is None:
            return None
        return view.players[view.viewer].army or None

    def seat(self, subject: Hashable, ctx: PictureContext) -> Drawn | None:
        """The viewer's army (``subject``), card by card (name and power)."""
        assert isinstance(subject, tuple)
        army = subject
        _ = ctx._
        per_row = 5
        rows = -(-len(army) // per_row)
        gap = (WIDTH - 2 * MARGIN - per_row * QUEST_W) / (per_row - 1)
        canvas = Canvas(MARGIN + 20 + rows * (QUEST_H + 6) + MARGIN, BACKGROUND)
        canvas.text(
            MARGIN + 4, MARGIN, _("Your army ({count})", count=len(army)), 14, MUTED, bold=True
        )
        for i, card in enumerate(army):
            x = MARGIN + (i % per_row) * (QUEST_W + gap)
            canvas.paste(
                creature(card, False, QUEST_W, QUEST_H, _, BACKGROUND),
                x,
                MARGIN + 20 + (i // per_row) * (QUEST_H + 6),
            )
        return Drawn(canvas, _("Your army: {cards}", cards=", ".join(_(c.name) for c in army)))

    def _description(self, view: PentaquestView, ctx: PictureContext) -> str:
        _ = ctx._
        parts = [_("Dice: {dice}", dice=" ".join(map(str, view.dice)))]
        beaten = set(view.beaten) if view.highlight else set()
        for card in view.quest:
            needs = " ".join(_(SYMBOL_WORDS.get(s, s)) for s in card.requirement)
            mark = " ✓" if card.id in beaten else ""
            parts.append(f"{_(card.name)}{mark}: {needs} ({POWER_MARKS[card.power]})")
        for player in view.players:
            count = player.army_count
            parts.append(_("{player}: army {count}", player=ctx.name(player.seat), count=count))
        return ". ".join(parts) + "."


PICTURE = PentaquestPicture()
