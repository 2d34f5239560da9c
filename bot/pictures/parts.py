"""Pieces several games draw: panels, tiles, card backs, piles with their count, badges and
the shapes that tell colours apart without colour. Sizes are in points
(``bot.pictures.canvas``). What repeats is a sprite, drawn once and pasted: each takes the
colour it lies on (``paper``), so that it pastes as an opaque block.
"""

from __future__ import annotations

import math
from typing import Literal

from PIL import Image

from bot.pictures import fonts
from bot.pictures.canvas import Canvas, Sketch, px, sprite
from bot.pictures.png import RGB

Shape = Literal["circle", "triangle", "square", "diamond"]

WINNER = "♛ "
"""Before a winner's name in every game's picture (a star already means points on a card in
one game, and DejaVu Sans, the shipped font, has no trophy)."""


def shape(sketch: Sketch, kind: Shape, cx: float, cy: float, r: float, fill: RGB) -> None:
    """A filled ``kind`` of radius ``r`` points centred on ``(cx, cy)`` of a sketch."""
    p = sketch.p
    if kind == "circle":
        sketch.draw.ellipse((p(cx - r), p(cy - r), p(cx + r), p(cy + r)), fill=fill)
    elif kind == "square":
        side = r * 0.85
        sketch.draw.rectangle((p(cx - side), p(cy - side), p(cx + side), p(cy + side)), fill=fill)
    elif kind == "diamond":
        sketch.draw.polygon(
            [(p(cx), p(cy - r)), (p(cx + r), p(cy)), (p(cx), p(cy + r)), (p(cx - r), p(cy))],
            fill=fill,
        )
    else:
        h = r * math.sqrt(3) / 2
        sketch.draw.polygon(
            [(p(cx), p(cy - r)), (p(cx + r), p(cy + h * 0.9)), (p(cx - r), p(cy + h * 0.9))],
            fill=fill,
        )


def shape_mark(
    canvas: Canvas, kind: Shape, x: float, y: float, size: float, fill: RGB, paper: RGB
) -> None:
    """A ``kind`` mark ``size`` points across, its top left at ``(x, y)``, on ``paper``."""
    mark = sprite(
        ("shape", kind, fill, size),
        size,
        size,
        lambda s: shape(s, kind, size / 2, size / 2, size / 2, fill),
        background=paper,
    )
    canvas.paste(mark, x, y)


def rounded_box(
    s: Sketch,
    x: float,
    y: float,
    w: float,
    h: float,
    fill: RGB | None,
    *,
    outline: RGB | None = None,
    line: float = 1,
    radius: float = 4,
) -> None:
    """A smooth rounded box on a sketch."""
    width = s.p(line) if outline is not None else 0
    s.draw.rounded_rectangle(
        s.rect(x, y, w, h), s.p(radius), fill=fill, outline=outline, width=width
    )


def panel(
    canvas: Canvas,
    x: float,
    y: float,
    w: float,
    h: float,
    fill: RGB,
    *,
    outline: RGB | None = None,
    line: float = 1.5,
    radius: float = 6,
) -> None:
    """A large rounded box drawn straight on the canvas (a player's area, a zone)."""
    canvas.box(x, y, w, h, fill, outline=outline, line=line, radius=radius)


def tile(
    canvas: Canvas,
    x: float,
    y: float,
    w: float,
    h: float,
    fill: RGB,
    label: str,
    size: float,
    ink: RGB,
    *,
    paper: RGB,
    outline: RGB | None = None,
    bold: bool = True,
    radius: float = 4,
) -> None:
    """A rounded tile of ``fill`` lying on ``paper``, with ``label`` centred on it."""

    def text(c: Canvas) -> None:
        if label:
            c.fitted(
                w / 2, (h - size * 1.16) / 2, w - 2, label, size, ink, bold=bold, align="centre"
            )

    image = sprite(
        ("tile", fill, label, size, ink, outline, bold, radius),
        w,
        h,
        lambda s: rounded_box(s, 0, 0, w, h, fill, outline=outline, line=1.2, radius=radius),
        label=text,
        background=paper,
    )
    canvas.paste(image, x, y)


def card_back(w: float, h: float, fill: RGB, pattern: RGB, paper: RGB) -> Image.Image:
    """The back of a card: ``fill`` with a diamond of ``pattern`` (no face shown)."""

    def paint(s: Sketch) -> None:
        rounded_box(s, 0, 0, w, h, fill, outline=pattern, line=1)
        shape(s, "diamond", w / 2, h / 2, min(w, h) * 0.28, pattern)

    return sprite(("back", fill, pattern), w, h, paint, background=paper)


def pile(
    canvas: Canvas,
    x: float,
    y: float,
    w: float,
    h: float,
    count: int,
    fill: RGB,
    pattern: RGB,
    ink: RGB,
    *,
    paper: RGB,
    empty: RGB,
    size: float = 16,
) -> None:
    """A face-down pile of ``count`` cards (a few backs offset, the count on top), or the
    outline of an empty place with a 0."""
    if count <= 0:
        tile(canvas, x, y, w, h, paper, "0", size, empty, paper=paper, outline=empty)
        return
    layers = 1 if count == 1 else 2 if count < 6 else 3
    back = card_back(w - 2 * (layers - 1), h - 2 * (layers - 1), fill, pattern, paper)
    for layer in range(layers):
        canvas.paste(back, x + 2 * (layers - 1 - layer), y + 2 * layer)
    badge(
        canvas,
        x + w / 2 - (layers - 1),
        y + h / 2 + (layers - 1),
        str(count),
        size,
        ink,
        pattern,
        fill,
    )


def badge_size(text: str, size: float) -> tuple[float, float]:
    """The width and height, in points, of the :func:`badge` of ``text`` at ``size``."""
    return max(size * 1.4, fonts.width(text, px(size), bold=True) / 2 + size * 0.8), size * 1.5


def badge(
    canvas: Canvas,
    cx: float,
    cy: float,
    text: str,
    size: float,
    ink: RGB,
    fill: RGB,
    paper: RGB,
) -> None:
    """``text`` on a pill of ``fill`` centred on ``(cx, cy)``, lying on ``paper`` (all of
    it: the pill's corners show ``paper``)."""
    w, h = badge_size(text, size)
    tile(canvas, cx - w / 2, cy - h / 2, w, h, fill, text, size, ink, paper=paper, radius=h / 2)
