"""Verso in Discord: ``texts`` (cards, rows, series, backs), ``events`` (event lines and flip
mentions), ``table`` (the table's sections) and ``presentation`` (the ``Presentation``)."""

from __future__ import annotations

from bot.games.verso.presentation import VersoPresentation

PRESENTATION = VersoPresentation()

__all__ = ["PRESENTATION"]
