"""Pentaquest in Discord: ``texts`` (dice faces, requirements, powers), ``events`` (event
lines), ``table`` (the table's sections) and ``presentation`` (the ``Presentation``)."""

from __future__ import annotations

from bot.games.pentaquest.presentation import PentaquestPresentation

PRESENTATION = PentaquestPresentation()

__all__ = ["PRESENTATION"]
