"""Ninjan (2-5 players) — rules: ``shared/rules/ninjan.md``.

Modules: ``cards`` (card keys, the cycle, the resolution order, reference text), ``state``
(state and options), ``setup``, ``rules`` (decisions, the round cycle, action keys and events),
``view``, ``hidden`` (what a viewer cannot see), ``greedy`` (the greedy automatic player),
``describe``, ``game`` (the contract).
"""

from __future__ import annotations

from engine.ninjan.game import GAME

__all__ = ["GAME"]
