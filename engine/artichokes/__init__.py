"""Abandon All Artichokes (2-4 players) — rules: ``shared/rules/artichokes.md``.

Modules: ``cards`` (kinds, counts, reference text), ``state`` (state and options), ``setup``,
``zones`` (card movements), ``turn`` (the five phases, winning), ``powers/`` (one module per
card), ``rules`` (pending decisions and dispatch), ``view``, ``hidden`` (what a viewer cannot
see), ``describe``, ``game`` (the rules contract); ``greedy`` (the greedy automatic player),
``players`` (the automatic players' contract) and ``measured.json`` (how the search did
against greedy).
"""

from __future__ import annotations

from engine.artichokes.game import GAME
from engine.artichokes.players import PLAYERS

__all__ = ["GAME", "PLAYERS"]
