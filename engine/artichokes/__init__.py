"""Abandon All Artichokes (2-4 players) — rules: ``shared/rules/artichokes.md``.

Modules: ``cards`` (kinds, counts, reference text), ``state`` (state and options), ``setup``,
``zones`` (card movements), ``turn`` (the five phases, winning), ``powers/`` (one module per
card), ``rules`` (pending decisions and dispatch), ``view``, ``hidden`` (what a viewer cannot
see), ``describe``, ``game`` (the contract).
"""

from __future__ import annotations

from engine.artichokes.game import GAME

__all__ = ["GAME"]
