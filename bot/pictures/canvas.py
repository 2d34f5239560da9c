"""A picture being drawn: an RGB image laid out in *points*, the pixels of a 400-pixel-wide
display of it (a phone), drawn at :data:`SCALE` pixels per point.

Laying out in points makes the phone rule plain: no text is drawn below :data:`MIN_TEXT`
points, so a 400-pixel-wide display of any picture keeps every text at least that high. The
canvas records the smallest text it drew (:attr:`Canvas.smallest_text`) and the texts it had
to cut (:attr:`Canvas.cut`) for the tests.

Shapes (boxes, cards, symbols) are drawn by the games through these primitives; what is
drawn again and again (a card face) is drawn once as a sprite (:func:`sprite`) and pasted.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from typing import Literal

from PIL import Image, ImageDraw

from bot.pictures import fonts
from bot.pictures.png import RGB

WIDTH = 400
"""Every picture is this many points wide."""
SCALE = 1.5
"""Pixels per point: pictures are ``WIDTH * SCALE`` pixels wide."""
MIN_TEXT = 12
"""The smallest text, in points (pixels on a 400-pixel-wide display)."""
SUPERSAMPLE = 3
"""Sprites' shapes are drawn this many times larger, then scaled down (smooth edges)."""

Align = Literal["left", "centre", "right"]


def px(points: float) -> int:
    """``points`` in pixels."""
    return round(points * SCALE)


class Canvas:
    """An RGB picture ``WIDTH`` points wide and ``height`` points high on ``background``."""

    def __init__(self, height: float, background: RGB, *, width: float = WIDTH) -> None:
        self.image = Image.new("RGB", (px(width), px(height)), background)
        self.draw = ImageDraw.Draw(self.image)
        self.smallest_text: float | None = None
        self.cut: list[str] = []
        """Texts :meth:`fitted` or :meth:`lines` had to cut, whole, in the order drawn."""

    @classmethod
    def over(cls, image: Image.Image) -> Canvas:
        """A canvas drawing on ``image`` (a sprite's, at the canvas's scale)."""
        canvas = cls.__new__(cls)
        canvas.image = image
        canvas.draw = ImageDraw.Draw(image)
        canvas.smallest_text = None
        canvas.cut = []
        return canvas

    @property
    def height(self) -> float:
        """The height in points."""
        return self.image.height / SCALE

    def box(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        fill: RGB | None,
        *,
        outline: RGB | None = None,
        line: float = 1,
        radius: float = 0,
    ) -> None:
        """A rectangle (rounded by ``radius`` points), filled and/or outlined."""
        rect = (px(x), px(y), px(x + w) - 1, px(y + h) - 1)
        width = max(1, px(line)) if outline is not None else 0
        if radius:
            self.draw.rounded_rectangle(rect, px(radius), fill=fill, outline=outline, width=width)
        else:
            self.draw.rectangle(rect, fill=fill, outline=outline, width=width)

    def text(
        self,
        x: float,
        y: float,
        text: str,
        size: float,
        colour: RGB,
        *,
        bold: bool = False,
        align: Align = "left",
    ) -> float:
        """``text`` with its top at ``y``, starting (``align="left"``), centred or ending at
        ``x``; returns its width in points.

        Raises:
            ValueError: ``size`` below :data:`MIN_TEXT` (unreadable on a phone).
        """
        if size < MIN_TEXT:
            raise ValueError(f"text of {size} points is too small for a phone: {text!r}")
        self.smallest_text = min(self.smallest_text or size, size)
        if not text:
            return 0.0
        anchor = {"left": "la", "centre": "ma", "right": "ra"}[align]
        mask, left, top, length = fonts.mask(text, px(size), bold, anchor)
        if mask.width and mask.height:
            self.image.paste(colour, (px(x) + left, px(y) + top), mask)
        return length / SCALE

    def fitted(
        self,
        x: float,
        y: float,
        room: float,
        text: str,
        size: float,
        colour: RGB,
        *,
        bold: bool = False,
        align: Align = "left",
        smallest: float = MIN_TEXT,
    ) -> float:
        """``text`` in at most ``room`` points across: smaller (down to ``smallest``) or cut
        with an ellipsis when it does not fit; returns the size drawn at."""
        shown, size_px = fonts.fit(text, px(size), px(room), bold=bold, smallest=px(smallest))
        if shown != text:
            self.cut.append(text)
        size = size_px / SCALE
        self.text(x, y, shown, size, colour, bold=bold, align=align)
        return size

    def lines(
        self,
        x: float,
        y: float,
        room: float,
        text: str,
        size: float,
        colour: RGB,
        *,
        count: int = 2,
        bold: bool = False,
        align: Align = "left",
        smallest: float = MIN_TEXT,
        leading: float = 1.15,
    ) -> float:
        """``text`` wrapped into at most ``count`` lines of ``room`` points (smaller down to
        ``smallest``, then cut); returns the height drawn in points."""
        wrapped, size_px = fonts.fit_lines(
            text, px(size), px(room), count, bold=bold, smallest=px(smallest)
        )
        if not fonts.is_whole(wrapped, text):
            self.cut.append(text)
        size = size_px / SCALE
        for i, line in enumerate(wrapped):
            self.text(x, y + i * size * leading, line, size, colour, bold=bold, align=align)
        return len(wrapped) * size * leading

    def paste(self, picture: Image.Image, x: float, y: float) -> None:
        """A sprite (RGBA: its transparent parts let the canvas show) at ``(x, y)``."""
        where = (px(x), px(y))
        if picture.mode == "RGBA":
            self.image.paste(picture, where, picture)
        else:
            self.image.paste(picture, where)

    def polygon(self, points: list[tuple[float, float]], fill: RGB) -> None:
        """A filled polygon (hard edges: for small marks; smooth shapes belong in sprites)."""
        self.draw.polygon([(px(a), px(b)) for a, b in points], fill=fill)


class Sketch:
    """A drawing surface for a sprite, in points, drawn :data:`SUPERSAMPLE` times larger:
    ``draw`` is an ``ImageDraw`` in pixels, and :meth:`p` turns points into them."""

    def __init__(self, w: float, h: float) -> None:
        self.factor = SCALE * SUPERSAMPLE
        self.size = (px(w), px(h))
        self.image = Image.new("RGBA", (self.size[0] * SUPERSAMPLE, self.size[1] * SUPERSAMPLE))
        self.draw = ImageDraw.Draw(self.image)

    def p(self, points: float) -> int:
        """``points`` in this sketch's pixels."""
        return round(points * self.factor)

    def rect(self, x: float, y: float, w: float, h: float) -> tuple[int, int, int, int]:
        """A box in points as pixel bounds."""
        return self.p(x), self.p(y), self.p(x + w) - 1, self.p(y + h) - 1

    def ellipse(self, cx: float, cy: float, rx: float, ry: float, fill: RGB) -> None:
        """A filled ellipse centred on ``(cx, cy)`` with radii ``rx``, ``ry`` (points)."""
        p = self.p
        self.draw.ellipse((p(cx - rx), p(cy - ry), p(cx + rx), p(cy + ry)), fill=fill)

    def polygon(self, points: Sequence[tuple[float, float]], fill: RGB) -> None:
        """A filled polygon through ``points`` (points)."""
        self.draw.polygon([(self.p(x), self.p(y)) for x, y in points], fill=fill)

    def bar(self, x0: float, y0: float, x1: float, y1: float, fill: RGB) -> None:
        """A filled rectangle from ``(x0, y0)`` to ``(x1, y1)`` (points)."""
        self.draw.rectangle((self.p(x0), self.p(y0), self.p(x1), self.p(y1)), fill=fill)

    def finish(self, background: RGB | None) -> Image.Image:
        """The sprite at the canvas's scale: RGBA, or RGB on ``background``."""
        small = self.image.resize(self.size, Image.Resampling.LANCZOS)
        if background is None:
            return small
        flat = Image.new("RGB", small.size, background)
        flat.paste(small, (0, 0), small)
        return flat


SPRITES = 512
"""Sprites kept (each a few KB: card faces at the sizes and languages in use)."""

_sprites: OrderedDict[tuple[Hashable, float, float, RGB | None], Image.Image] = OrderedDict()
_sprites_lock = threading.Lock()


def sprite(
    key: Hashable,
    w: float,
    h: float,
    paint: Callable[[Sketch], None],
    *,
    label: Callable[[Canvas], None] | None = None,
    background: RGB | None = None,
) -> Image.Image:
    """The sprite ``w`` by ``h`` points that ``paint`` draws on a :class:`Sketch` (shapes,
    smoothed) and then ``label`` on a :class:`Canvas` over it (text, at the canvas's scale):
    drawn once per ``key``, size and ``background`` (opaque on that colour, which pastes
    fastest; ``None``: transparent around the shapes) and kept (the least recently used are
    let go past :data:`SPRITES`). ``key`` must name everything the painters draw."""
    index = (key, w, h, background)
    with _sprites_lock:
        found = _sprites.get(index)
        if found is not None:
            _sprites.move_to_end(index)
            return found
    sketch = Sketch(w, h)
    paint(sketch)
    made = sketch.finish(background)
    if label is not None:
        label(Canvas.over(made))
    with _sprites_lock:
        _sprites[index] = made
        if len(_sprites) > SPRITES:
            _sprites.popitem(last=False)
    return made
