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
)
from bot.pictures.base import Drawn, GamePicture, PictureContext
from bot.pictures.canvas import WIDTH, Canvas
from bot.pictures.ending import banner, banner_height, described, ending
from bot.pictures.parts import WINNER, panel, tile
from bot.pictures.theme import ACTIVE, BACKGROUND, FAINT, GOLD, MUTED, PANEL, TEXT
from engine import View
from engine.pentaquest.view import PentaquestView, PlayerView

MARGIN = 6.0
DIE_SIZE = 46.0
QUEST_W, QUEST_H = 74.0, 124.0


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
        """Once over, the end banner (who won, or the solo game lost); the dice, the quest
        area, then every army."""
        assert isinstance(view, PentaquestView)
        _ = ctx._
        rows = len(view.players)
        end = ending(view.outcome, len(view.players), ctx)
        top = banner_height(end, WIDTH - 2 * MARGIN) + 6 if end is not None else 0
        height = MARGIN + top + 22 + DIE_SIZE + 22 + 6 + 20 + QUEST_H + 6 + rows * 46 + MARGIN
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
        for player in view.players:
            self._army(canvas, y, view, player, ctx)
            y += 46
        return Drawn(canvas, described(end, self._description(view, ctx)))

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
