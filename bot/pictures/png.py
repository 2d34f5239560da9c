"""Palette-mode PNG encoding: a picture is drawn in RGB (anti-aliased text and shapes), then
mapped onto a fixed palette of at most 256 colours and written as an 8-bit PNG.

A palette image is a third the size of an RGB one and faster to encode; mapping onto a fixed
palette (no dithering) takes a few milliseconds where an adaptive quantizer takes tens. The
palette is each game's own colours plus, for every pair of an ink (text, outlines) and a paper
(what it is drawn on), the steps between them that anti-aliased edges need.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence

from PIL import Image

RGB = tuple[int, int, int]

RAMP_STEPS = 6
"""Colours between an ink and a paper (anti-aliased edges)."""

COMPRESS_LEVEL = 1
"""zlib's level for the PNG data: flat colours compress well already at the lowest level
(deflate's fast matcher). Measured on the largest table, 8 players: level 1 takes 2.9 ms and 41 KB
at most, level 3 4.5 ms and 36 KB, level 6 8.7 ms and 30 KB; the encoding is half of what a
picture costs, and every interaction showing a new one waits for it."""


def hex_colour(value: int) -> RGB:
    """``0xRRGGBB`` as an ``(r, g, b)`` tuple."""
    return (value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF


def mix(ink: RGB, paper: RGB, amount: float) -> RGB:
    """The colour ``amount`` (0..1) of the way from ``paper`` to ``ink``."""
    return (
        round(paper[0] + (ink[0] - paper[0]) * amount),
        round(paper[1] + (ink[1] - paper[1]) * amount),
        round(paper[2] + (ink[2] - paper[2]) * amount),
    )


class Palette:
    """A fixed palette of at most 256 colours for one game's pictures.

    Args:
        colours: every flat colour the pictures use.
        inks: the colours drawn over others (text, outlines, symbols).
        papers: the colours they are drawn on (every ink on every paper).
        pairs: more ``(ink, paper)`` pairs, for inks drawn on only one or two papers.
        steps: the colours between an ink and a paper.

    Raises:
        ValueError: more than 256 colours in all (fewer inks or papers are needed).
    """

    def __init__(
        self,
        colours: Iterable[RGB],
        inks: Iterable[RGB],
        papers: Iterable[RGB],
        *,
        pairs: Iterable[tuple[RGB, RGB]] = (),
        steps: int = RAMP_STEPS,
    ) -> None:
        found: dict[RGB, None] = dict.fromkeys(colours)
        inks, papers = list(inks), list(papers)
        every = [(ink, paper) for ink in inks for paper in papers] + list(pairs)
        for ink, paper in every:
            found[ink] = found[paper] = None
        for ink, paper in every:
            for step in range(1, steps + 1):
                found[mix(ink, paper, step / (steps + 1))] = None
        if len(found) > 256:
            raise ValueError(f"a palette holds 256 colours, not {len(found)}")
        self.colours: Sequence[RGB] = tuple(found)
        flat = [channel for colour in self.colours for channel in colour]
        flat += flat[-3:] * (256 - len(self.colours))  # unused entries repeat the last colour
        self._image = Image.new("P", (1, 1))
        self._image.putpalette(flat)

    def __len__(self) -> int:
        return len(self.colours)

    def apply(self, image: Image.Image) -> Image.Image:
        """``image`` (RGB) mapped onto the palette: each pixel to its nearest colour."""
        return image.quantize(palette=self._image, dither=Image.Dither.NONE)


def encode(image: Image.Image, palette: Palette) -> bytes:
    """``image`` (RGB) as the bytes of an 8-bit palette PNG."""
    out = io.BytesIO()
    palette.apply(image).save(out, "PNG", compress_level=COMPRESS_LEVEL)
    return out.getvalue()
