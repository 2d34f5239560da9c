"""How Pentaquest's pieces are drawn: the colours, a die (pips), a requirement's symbols (a
number as a small die, a sun, a moon), a creature card (name, power, requirement) and an army
by power (``shared/rules/pentaquest.md`` § Components, § Requirements, § Powers). Used by
:mod:`bot.games.pentaquest.picture`.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

from PIL import Image

from bot.games.pentaquest.texts import POWER_WORDS
from bot.i18n import N_, Translator
from bot.pictures.canvas import Canvas, Sketch, sprite
from bot.pictures.ending import PAIRS as BANNER_PAIRS
from bot.pictures.parts import rounded_box, tile
from bot.pictures.png import RGB, Palette, hex_colour
from bot.pictures.theme import ACTIVE, BACKGROUND, DARK, FAINT, GOLD, MUTED, PANEL, TEXT
from engine.pentaquest.cards import POWERS, Card

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
    pairs=[
        (SUN, CARD),
        (MOON, CARD),
        (BEATEN, CARD),
        (BEATEN, BACKGROUND),
        (GOLD, BACKGROUND),
        *BANNER_PAIRS,
    ],
    steps=5,
)

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
    """An army by power: ``"+1 ×3 · ⇄ mirror ×1"``, a mark that is no number followed by its
    word, as on a card (nothing else said what ⇄ and ↻ were); empty: "empty"."""
    counts = Counter(c.power for c in cards)
    parts = []
    for power in POWERS:
        if counts[power]:
            word = POWER_WORDS[power]
            mark = f"{POWER_MARKS[power]} {_(word)}" if word[0].isalpha() else POWER_MARKS[power]
            parts.append(f"{mark} ×{counts[power]}")
    return " · ".join(parts) if parts else _("empty")
