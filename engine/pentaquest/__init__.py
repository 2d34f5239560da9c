"""Pentaquest (solo and 2-4 players, dice) — rules: ``shared/rules/pentaquest.md``.

Modules: ``cards`` (the house deck, loaded from the shipped ``deck.json`` and validated),
``matcher`` (the requirement rule and lookup tables), ``state`` (state and options), ``setup``,
``powers`` (the five powers' edge cases), ``turn`` (the phases, capture, the end checks),
``rules`` (pending decisions and dispatch of action keys), ``fix`` (the cheapest army fix),
``view``, ``hidden`` (what a viewer cannot see), ``describe``, ``game`` (the rules contract);
``greedy`` (the greedy automatic player), ``lookahead`` (the search's own move), ``players``
(the automatic players' contract) and ``measured.json`` (how the search did against greedy).
"""

from __future__ import annotations

from engine.pentaquest.game import GAME
from engine.pentaquest.players import PLAYERS

__all__ = ["GAME", "PLAYERS"]
