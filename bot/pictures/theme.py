"""The colours every game's picture shares: Discord's dark theme, so that a table looks at home
in the channel (each game adds its own card and accent colours in its ``picture.py``)."""

from __future__ import annotations

from bot.pictures.png import hex_colour

BACKGROUND = hex_colour(0x2B2D31)
"""The picture's ground: a Discord channel's."""
PANEL = hex_colour(0x383A40)
"""A panel on the ground (a pile, a seat, a revealed round)."""
ACTIVE = hex_colour(0x44474F)
"""The panel of the seat whose turn it is."""
TEXT = hex_colour(0xF2F3F5)
MUTED = hex_colour(0xA4A9B1)
FAINT = hex_colour(0x6D7079)
DARK = hex_colour(0x1E1F22)
WHITE = hex_colour(0xFFFFFF)
GOLD = hex_colour(0xF0B232)
"""Scores and points."""
CARD_FACE = hex_colour(0xF4EFE2)
"""The cream face of a printed card, for the games whose cards are drawn on one."""
