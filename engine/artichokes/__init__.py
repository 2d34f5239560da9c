"""Abandon All Artichokes (2-4 players) — rules: ``shared/rules/artichokes.md``.

Modules: ``cards`` (kinds, counts, reference text), ``state`` (state and options), ``setup``,
``zones`` (card movements), ``turn`` (the five phases, winning), ``powers/`` (one module per
card), ``rules`` (legal actions and dispatch), ``view``, ``describe``.
"""

from __future__ import annotations

from engine.artichokes.cards import ALL_KINDS, CARD_TEXT, OVERVIEW, RHUBARB
from engine.artichokes.describe import describe_action
from engine.artichokes.rules import apply_legal, deciding_seats, legal_actions
from engine.artichokes.setup import new_game
from engine.artichokes.state import SCHEMA_VERSION, ArtichokesOptions, ArtichokesState
from engine.artichokes.view import view
from engine.registry import GameDefinition, register
from engine.types import Action, Outcome


def outcome(state: ArtichokesState) -> Outcome | None:
    """The winner (§ Winning), the turn-limit draw ([house]), or ``None`` while playing."""
    if state.winner is not None:
        return Outcome((state.winner,), False, "artichoke_free_hand")
    if state.draw:
        return Outcome((), True, "turn_limit")
    return None


def automatic_action(state: ArtichokesState, seat: int) -> Action:
    """An automatic player's move for ``seat``: end the turn whenever it may, otherwise the first
    legal action (BGA "zombie" level 0: it never helps or hurts anyone on purpose)."""
    legal = legal_actions(state, seat)
    for action in legal:
        if action.key == "end":
            return action
    return legal[0]


def reference(options: ArtichokesOptions) -> list[tuple[str, str]]:
    """``(card, text)`` for every kind in this game, in reference order."""
    return [(k, CARD_TEXT[k]) for k in ALL_KINDS if k != RHUBARB or options.rhubarb]


GAME = register(
    GameDefinition(
        name="artichokes",
        title="Abandon All Artichokes",
        min_players=2,
        max_players=4,
        options_model=ArtichokesOptions,
        state_model=ArtichokesState,
        new_game=new_game,
        legal_actions=legal_actions,
        apply_legal=apply_legal,
        deciding_seats=deciding_seats,
        outcome=outcome,
        view=view,
        describe_action=describe_action,
        automatic_action=automatic_action,
        reference=reference,
        schema_version=SCHEMA_VERSION,
        overview=OVERVIEW,
    )
)
