"""Pentaquest drawn: the five dice (pips and digits), the quest area's creatures with their
requirements and powers (those the dice beat marked, where the table highlights them), the
deck and the free rerolls, and every army grouped by power with its discard pile and score;
a player's own screen shows their own army. Drawn from the view only
(``engine.pentaquest.view``): a hidden army is drawn as its size.
"""

from __future__ import annotations

from collections.abc import Hashable

from bot.games.pentaquest.card_art import (
    ACCENT,
    PALETTE,
    POWER_MARKS,
    SYMBOL_WORDS,
    creature,
    die_sprite,
    powers_line,
    symbol_sprite,
)
from bot.i18n import N_, Translator
from bot.pictures import fonts
from bot.pictures.base import Drawn, GamePicture, PictureContext
from bot.pictures.canvas import SCALE, WIDTH, Canvas, px
from bot.pictures.ending import banner, banner_height, described, ending
from bot.pictures.parts import WINNER, panel, tile
from bot.pictures.theme import ACTIVE, BACKGROUND, FAINT, GOLD, MUTED, PANEL, TEXT
from engine import View
from engine.pentaquest.view import PentaquestView, PlayerView

MARGIN = 6.0
DIE_SIZE = 46.0
QUEST_W, QUEST_H = 74.0, 124.0
CAPTION = 13.0
"""The size of the line under the dice saying what the framed die is (an addsub card waits
on it for its direction)."""
ARMY, ARMY_TEXT, ARMY_LINE = 40.0, 12.0, 14.0
"""A seat's panel with one line of army (points), its size, and each more line's height."""
SIGN, SIGN_TEXT, LEGEND_ROW = 16.0, 13.0, 20.0
"""The legend's symbols and words (points), and the height of each of its lines."""
SIGN_WORDS = {
    (2, 0): N_("any pair"),
    (3, 0): N_("any three of a kind"),
    (4, 0): N_("any four of a kind"),
    (2, 2): N_("two pairs"),
    (2, 3): N_("a pair and three of a kind"),
}
"""What the suns and moons of a requirement ask for, by ``(suns, moons)`` (msgids): every
grouping of the house deck, worded as the text's note words them (rules § Requirements:
all suns one value, all moons one value, the same or another)."""


def legend(view: PentaquestView, _: Translator) -> list[tuple[tuple[str, ...], str]]:
    """The legend of the suns and moons in the quest area: ``(symbols, words)`` for each
    grouping shown there, in the order of :data:`SIGN_WORDS` (none without suns)."""
    shown = {(c.requirement.count("sun"), c.requirement.count("moon")) for c in view.quest}
    return [
        (("sun",) * suns + ("moon",) * moons, _(words))
        for (suns, moons), words in SIGN_WORDS.items()
        if (suns, moons) in shown
    ]


def legend_lines(
    items: list[tuple[tuple[str, ...], str]], room: float
) -> list[list[tuple[float, tuple[str, ...], str]]]:
    """``items`` laid out in lines of ``room`` points: each item's offset from the left."""
    lines: list[list[tuple[float, tuple[str, ...], str]]] = []
    x = room
    for symbols, words in items:
        w = len(symbols) * (SIGN + 1) + 3 + fonts.width(words, px(SIGN_TEXT)) / SCALE
        if x + w > room and x > 0:
            lines.append([])
            x = 0.0
        lines[-1].append((x, symbols, words))
        x += w + 14
    return lines


def army_lines(view: PentaquestView, player: PlayerView, ctx: PictureContext) -> list[str]:
    """A seat's army by power (or its size, hidden) and its discard pile, in one line or, a
    whole army being too long for one (the end line was cut: "discard pile…"), two, broken
    between two of its items."""
    _ = ctx._
    if player.army is None:
        army = _.plural(
            "army: {count} card (hidden)", "army: {count} cards (hidden)", player.army_count
        )
    else:
        army = _(
            "army {count}: {powers}", count=player.army_count, powers=powers_line(player.army, _)
        )
    line = _("{army} · discard pile {discards}", army=army, discards=player.discard_count)
    room = px(WIDTH - 2 * MARGIN - 12)
    if fonts.width(line, px(ARMY_TEXT)) <= room:
        return [line]
    items = line.split(" · ")
    first = 1
    while (
        first < len(items) - 1
        and fonts.width(" · ".join(items[: first + 1]) + " ·", px(ARMY_TEXT)) <= room
    ):
        first += 1
    return [" · ".join(items[:first]) + " ·", " · ".join(items[first:])]


class PentaquestPicture(GamePicture):
    """How Pentaquest is drawn (``shared/rules/pentaquest.md``)."""

    game = "pentaquest"
    palette = PALETTE

    @staticmethod
    def _caption(view: PentaquestView, _: Translator) -> tuple[str, int]:
        """What the framed die is (an army card waits on it for its direction) and the lines
        it takes under the dice (``("", 0)``: no die is framed)."""
        if view.chosen_die is None or view.using is None:
            return "", 0
        caption = _("{card} acts on the framed die: up or down?", card=_(view.using.name))
        room = px(WIDTH - 2 * MARGIN - 12)
        lines = 1 if fonts.fit(caption, px(CAPTION), room, bold=True)[0] == caption else 2
        return caption, lines

    def _dice_height(self, view: PentaquestView, _: Translator) -> float:
        """The height of the dice's panel: the caption's lines more while a die is framed."""
        return 22 + DIE_SIZE + 22 + self._caption(view, _)[1] * CAPTION * 1.2

    def _dice(self, canvas: Canvas, y: float, view: PentaquestView, ctx: PictureContext) -> float:
        """The turn, the dice with their digits, the deck and the free rerolls; the die an
        army card waits on framed in gold, and a caption saying so."""
        _ = ctx._
        h = self._dice_height(view, _)
        panel(canvas, MARGIN, y, WIDTH - 2 * MARGIN, h, PANEL)
        caption, lines = self._caption(view, _)
        if caption:  # says what the gold frame is
            top, room = y + 22 + DIE_SIZE + 20, WIDTH - 2 * MARGIN - 12
            canvas.lines(MARGIN + 6, top, room, caption, CAPTION, GOLD, count=lines, bold=True)
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
        """Once over, the end banner (who won, or the solo game lost); the dice, the quest
        area and what its suns and moons ask for, then every army."""
        assert isinstance(view, PentaquestView)
        _ = ctx._
        end = ending(view.outcome, len(view.players), ctx)
        top = banner_height(end, WIDTH - 2 * MARGIN) + 6 if end is not None else 0
        signs = legend_lines(legend(view, _), WIDTH - 2 * MARGIN - 8)
        below = len(signs) * LEGEND_ROW + 4 if signs else 0
        dice = self._dice_height(view, _)
        armies = [army_lines(view, player, ctx) for player in view.players]
        seats = sum(ARMY + (len(lines) - 1) * ARMY_LINE + 6 for lines in armies)
        height = MARGIN + top + dice + 6 + 20 + QUEST_H + 6 + below + seats + MARGIN
        canvas = Canvas(height, BACKGROUND)
        y = MARGIN
        if end is not None:
            y += banner(canvas, MARGIN, y, WIDTH - 2 * MARGIN, end) + 6
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
        for row in signs:  # what the suns and moons ask for
            for x, symbols, words in row:
                x += MARGIN + 4
                for symbol in symbols:
                    canvas.paste(symbol_sprite(symbol, SIGN), x, y)
                    x += SIGN + 1
                canvas.text(x + 2, y + (SIGN - SIGN_TEXT * 1.16) / 2, words, SIGN_TEXT, MUTED)
            y += LEGEND_ROW
        y += 4 if signs else 0
        for player, lines in zip(view.players, armies, strict=True):
            self._army(canvas, y, view, player, lines, ctx)
            y += ARMY + (len(lines) - 1) * ARMY_LINE + 6
        return Drawn(canvas, described(end, self._description(view, ctx)))

    def _army(
        self,
        canvas: Canvas,
        y: float,
        view: PentaquestView,
        player: PlayerView,
        lines: list[str],
        ctx: PictureContext,
    ) -> None:
        """One seat: name, score, and its ``lines`` (:func:`army_lines`)."""
        _ = ctx._
        active = not view.over and not ctx.closed and player.seat == view.active and not view.solo
        paper = ACTIVE if active else PANEL
        h = ARMY + (len(lines) - 1) * ARMY_LINE
        panel(canvas, MARGIN, y, WIDTH - 2 * MARGIN, h, paper, outline=ACCENT if active else None)
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
        for i, line in enumerate(lines):
            top = y + 22 + i * ARMY_LINE
            canvas.fitted(MARGIN + 6, top, WIDTH - 2 * MARGIN - 12, line, ARMY_TEXT, MUTED)

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
