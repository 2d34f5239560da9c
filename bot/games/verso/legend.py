"""The legend of Verso's picture, in its top panel: what a card's gold frame and the chip
inside a card mean (a newcomer could tell neither from the picture alone)."""

from __future__ import annotations

from bot.pictures import fonts
from bot.pictures.base import PictureContext
from bot.pictures.canvas import SCALE, Canvas, Sketch, px, sprite
from bot.pictures.parts import Shape, rounded_box, shape
from bot.pictures.png import RGB
from bot.pictures.theme import GOLD, MUTED, PANEL, TEXT

LEGEND_SIZE = 12.0
"""The legend's text, in points."""


def legend(
    canvas: Canvas,
    right: float,
    y: float,
    ctx: PictureContext,
    faces: tuple[RGB, RGB],
    chip_shape: Shape,
) -> float:
    """What a card's marks mean, in the top panel (its top at ``y``) ending at ``right``: a
    gold frame is a 3-VP side (a newcomer could not tell), a chip inside a card is its other
    side, seen by all. ``faces``: the colour of the framed card and of the chip, whose
    colour's shape is ``chip_shape``. Returns where the legend starts, in points from the
    left."""
    _ = ctx._
    words = (_("{score} VP", score=3), _("other side"))
    widths = (
        fonts.width(words[0], px(LEGEND_SIZE), bold=True),
        fonts.width(words[1], px(LEGEND_SIZE)),
    )
    text_w = max(widths) / SCALE
    left = right - text_w
    frame_w, chip_w = 12.0, 24.0
    row = 19.0
    top = y + 7

    def paint(s: Sketch) -> None:
        rounded_box(s, chip_w - frame_w, 0, frame_w, 16, faces[0], outline=GOLD, line=1.4)
        rounded_box(s, 0, row, chip_w, 16, faces[1], radius=2)
        shape(s, chip_shape, 2 + 3.5, row + 8, 3.5, TEXT)

    def text(c: Canvas) -> None:
        c.text(chip_w - 2.5, row - 0.7, "5", LEGEND_SIZE, TEXT, bold=True, align="right")

    marks = sprite(
        ("verso legend", faces, chip_shape), chip_w, row + 16, paint, label=text, background=PANEL
    )
    canvas.paste(marks, left - 4 - chip_w, top)
    canvas.text(left, top + 1, words[0], LEGEND_SIZE, GOLD, bold=True)
    canvas.text(left, top + row + 1, words[1], LEGEND_SIZE, MUTED)
    return left - 4 - chip_w
