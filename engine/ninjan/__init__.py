"""Ninjan (2-5 players) — rules: ``shared/rules/ninjan.md``.

Modules: ``cards`` (card keys, the cycle, the resolution order, reference text), ``state``
(state and options), ``setup``, ``rules`` (decisions, the round cycle, action keys and events),
``view``, ``hidden`` (what a viewer cannot see), ``describe``, ``game`` (the rules contract);
``greedy`` (the greedy automatic player), ``players`` (the automatic players' contract) and
``measured.json`` (how the search did against greedy).
"""

from __future__ import annotations

from engine.ninjan.game import GAME
from engine.ninjan.players import PLAYERS

__all__ = ["GAME", "PLAYERS"]
