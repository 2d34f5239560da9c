"""The bot's texts are Discord Markdown; a terminal shows them as styled ``rich`` text.

Discord keeps every line break (CommonMark would join lines into paragraphs, which breaks a
table laid out line by line), so each line is read on its own: ``-# `` small print is dim,
``# `` headings and ``**bold**`` are bold, ``*italic*`` italic, ``__underline__``,
``~~strike~~`` and ``` `code` ``` as named, ``> `` a quote, and ``\\*`` a literal star.
Styles only: where the output is no terminal, ``rich`` writes the bare text.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

MARKERS: tuple[tuple[str, Style], ...] = (
    ("**", Style(bold=True)),
    ("__", Style(underline=True)),
    ("~~", Style(strike=True)),
    ("`", Style(reverse=True)),
    ("*", Style(italic=True)),
)
"""Inline markers, longest first (``**`` before ``*``)."""
ESCAPABLE = "*_~`|>#-\\"


def text_of(markdown: str) -> Text:
    """``markdown`` (several lines) as one styled text."""
    out = Text()
    for index, line in enumerate(markdown.split("\n")):
        if index:
            out.append("\n")
        out.append_text(line_of(line))
    return out


def line_of(line: str) -> Text:
    """One line of Discord Markdown as styled text."""
    if line.startswith("-# "):
        return _inline(line[3:], Style(dim=True))
    if line.startswith("> "):
        quoted = Text("▎ ", style=Style(dim=True))
        quoted.append_text(_inline(line[2:], Style(italic=True)))
        return quoted
    heading = len(line) - len(line.lstrip("#"))
    if 1 <= heading <= 3 and line[heading : heading + 1] == " ":
        return _inline(line[heading + 1 :], Style(bold=True))
    return _inline(line, Style())


def _inline(text: str, style: Style) -> Text:
    """``text`` with its inline markers turned into styles over ``style``."""
    out = Text()
    plain = []
    i = 0
    while i < len(text):
        char = text[i]
        if char == "\\" and i + 1 < len(text) and text[i + 1] in ESCAPABLE:
            plain.append(text[i + 1])
            i += 2
            continue
        marked = _marked(text, i)
        if marked is None:
            plain.append(char)
            i += 1
            continue
        marker, inner_style, end = marked
        if plain:
            out.append("".join(plain), style=style)
            plain = []
        inner = text[i + len(marker) : end]
        if marker == "`":
            out.append(inner, style=style + inner_style)
        else:
            out.append_text(_inline(inner, style + inner_style))
        i = end + len(marker)
    if plain:
        out.append("".join(plain), style=style)
    return out


def _marked(text: str, i: int) -> tuple[str, Style, int] | None:
    """The marker opening at ``i``, its style and where it closes (``None``: no marker, or
    one never closed, which is then plain text)."""
    for marker, style in MARKERS:
        if not text.startswith(marker, i):
            continue
        start = i + len(marker)
        end = text.find(marker, start + 1)
        if marker == "*":  # a single star never closes on the first of a "**"
            while end != -1 and text.startswith("**", end):
                end = text.find("*", end + 2)
        inner = text[start:end]
        if end == -1 or not inner.strip():
            return None
        if marker != "`" and (inner[0].isspace() or inner[-1].isspace()):
            return None  # "2 * 3 * 4" is no emphasis
        return marker, style, end
    return None
