"""Verso (1-8 players, solo against a simulated opponent) — rules: ``shared/rules/verso.md``.

Modules: ``cards`` (the house deck, face encoding), ``state`` (state and options), ``setup``,
``series`` (series, codes, discards), ``tableau`` (changes to a tableau: identical cards,
rows, seen cards, the square, flips), ``rules`` (decisions, turn, neighbours' flips, solo
opponent, final series), ``ladder`` (the solo ladder), ``view``, ``hidden`` (redistribute:
a random matching of unseen cards), ``describe``, ``text`` (reference), ``game`` (the rules
contract); ``greedy`` (the greedy automatic player), ``players`` (the automatic players'
contract) and ``measured.json`` (how the search did against greedy).
"""

from __future__ import annotations

from engine.verso.game import GAME
from engine.verso.players import PLAYERS

__all__ = ["GAME", "PLAYERS"]
