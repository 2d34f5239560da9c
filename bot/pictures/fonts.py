"""The fonts every picture is drawn with: DejaVu Sans and DejaVu Sans Bold, shipped in
``bot/pictures/fonts/`` with their licence (``LICENSE.txt``) and never fetched. They cover
Latin and Cyrillic, so every language of the bot draws with the same pixels on every machine.

Text is laid out with FreeType's basic layout (no shaping library): Latin and Cyrillic need
none, and the result does not depend on what is installed beside Pillow.
"""

from __future__ import annotations

import functools
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

FONTS_DIR = Path(__file__).resolve().parent / "fonts"
REGULAR = FONTS_DIR / "DejaVuSans.ttf"
BOLD = FONTS_DIR / "DejaVuSans-Bold.ttf"
ELLIPSIS = "…"


@functools.cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The font of ``size`` pixels (the em height), regular or bold; loaded once."""
    path = BOLD if bold else REGULAR
    return ImageFont.truetype(str(path), size, layout_engine=ImageFont.Layout.BASIC)


@functools.cache
def _missing_mask(bold: bool) -> bytes:
    """How a character the font lacks is drawn (its "missing glyph" box)."""
    return _glyph_mask("\ue000", bold)


@functools.cache
def _glyph_mask(char: str, bold: bool) -> bytes:
    image = Image.new("L", (40, 40))
    ImageDraw.Draw(image).text((8, 8), char, font=font(20, bold), fill=255)
    return image.tobytes()


@functools.cache
def has_glyph(char: str, bold: bool = False) -> bool:
    """Whether the font draws ``char`` (rather than its missing-glyph box); spaces do."""
    return char.isspace() or _glyph_mask(char, bold) != _missing_mask(bold)


def drawable(text: str, bold: bool = False) -> str:
    """``text`` without the characters the font cannot draw (emoji, scripts it lacks), its
    runs of spaces collapsed: a player's display name as a picture can show it."""
    kept = "".join(ch for ch in text if has_glyph(ch, bold))
    return " ".join(kept.split())


@functools.lru_cache(maxsize=8192)
def width(text: str, size: int, bold: bool = False) -> int:
    """How many pixels ``text`` takes across at ``size`` (kept: labels repeat)."""
    return int(font(size, bold).getlength(text) + 0.5)


@functools.lru_cache(maxsize=4096)
def mask(text: str, size: int, bold: bool, anchor: str) -> tuple[Image.Image, int, int, float]:
    """``text`` drawn once as a coverage mask (``L``; 255 is ink): ``(mask, left, top,
    length)``, the mask's offset from the anchor point and the text's advance, in pixels.
    Kept, since the same labels, names and numbers are drawn picture after picture; pasting
    a colour through the mask draws exactly what drawing the text would."""
    face = font(size, bold)
    left, top, right, bottom = (int(v) for v in face.getbbox(text, anchor=anchor))
    drawn = Image.new("L", (max(0, right - left), max(0, bottom - top)))
    ImageDraw.Draw(drawn).text((-left, -top), text, font=face, fill=255, anchor=anchor)
    return drawn, left, top, face.getlength(text)


def fit(
    text: str, size: int, room: int, *, bold: bool = False, smallest: int = 0
) -> tuple[str, int]:
    """``text`` and the size to draw it at so that it takes at most ``room`` pixels across:
    ``size`` if it fits, else the largest size down to ``smallest`` (default ``size``) that
    does, else ``text`` cut with an ellipsis at ``smallest``."""
    low = smallest or size
    for candidate in range(size, low - 1, -1):
        if width(text, candidate, bold) <= room:
            return text, candidate
    return clipped(text, low, room, bold=bold), low


def clipped(text: str, size: int, room: int, *, bold: bool = False) -> str:
    """``text`` cut (with an ellipsis) to take at most ``room`` pixels at ``size``."""
    if width(text, size, bold) <= room:
        return text
    cut = len(text)
    while cut > 0 and width(text[:cut].rstrip() + ELLIPSIS, size, bold) > room:
        cut -= 1
    return text[:cut].rstrip() + ELLIPSIS if cut else ""


def _at_hyphen(word: str, size: int, room: int, bold: bool) -> tuple[str, str] | None:
    """``word`` broken after its last hyphen that leaves a first part of at most ``room``
    pixels at ``size`` ("Will-o'-the-" and "Wisp"), or ``None`` where none does."""
    found = None
    for i in range(len(word) - 1):
        if word[i] == "-" and width(word[: i + 1], size, bold) <= room:
            found = (word[: i + 1], word[i + 1 :])
    return found


def wrap(text: str, size: int, room: int, lines: int, *, bold: bool = False) -> list[str]:
    """``text`` broken between words into at most ``lines`` lines of at most ``room`` pixels
    at ``size``, a word too long for a line after one of its hyphens; a word still too long,
    or what does not fit in the last line, is cut with an ellipsis (:func:`is_whole` tells)."""
    words = text.split()
    result: list[str] = []
    while words and len(result) < lines:
        line = words.pop(0)
        parts = _at_hyphen(line, size, room, bold) if width(line, size, bold) > room else None
        if parts is not None and len(result) < lines - 1:
            line, rest = parts
            words.insert(0, rest)
            result.append(line)
            continue
        while words and width(f"{line} {words[0]}", size, bold) <= room:
            line += " " + words.pop(0)
        if len(result) == lines - 1 and words:
            line = " ".join([line, *words])
            words = []
        result.append(clipped(line, size, room, bold=bold))
    return result


def is_whole(wrapped: list[str], text: str) -> bool:
    """Whether the lines ``wrapped`` (from :func:`wrap`) hold all of ``text``, uncut."""
    return "".join("".join(wrapped).split()) == "".join(text.split())


def fit_lines(
    text: str, size: int, room: int, lines: int, *, bold: bool = False, smallest: int = 0
) -> tuple[list[str], int]:
    """``text`` in at most ``lines`` lines of ``room`` pixels: at ``size`` if it fits, else
    the largest size down to ``smallest`` at which it fits uncut, else cut at ``smallest``."""
    low = smallest or size
    for candidate in range(size, low - 1, -1):
        wrapped = wrap(text, candidate, room, lines, bold=bold)
        if is_whole(wrapped, text):
            return wrapped, candidate
    return wrap(text, low, room, lines, bold=bold), low
