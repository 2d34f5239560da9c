"""Ninjan in Discord: ``presentation`` (table, private screen, decision wording)."""

from __future__ import annotations

from bot.games.ninjan.presentation import NinjanPresentation

PRESENTATION = NinjanPresentation()

__all__ = ["PRESENTATION"]
