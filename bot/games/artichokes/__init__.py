"""Abandon All Artichokes in Discord: ``events`` (event lines) and ``presentation`` (table,
private screen, decision wording)."""

from __future__ import annotations

from bot.games.artichokes.presentation import ArtichokesPresentation

PRESENTATION = ArtichokesPresentation()

__all__ = ["PRESENTATION"]
