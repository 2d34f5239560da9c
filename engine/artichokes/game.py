"""Abandon All Artichokes behind the game contract (``engine.contract.Game``)."""

from __future__ import annotations

from engine.artichokes.cards import (
    ALL_KINDS,
    CARD_TEXT,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OVERVIEW,
    RHUBARB,
)
from engine.artichokes.describe import describe_action
from engine.artichokes.hidden import redistribute
from engine.artichokes.rules import apply_legal, carry_out, decisions
from engine.artichokes.setup import new_game
from engine.artichokes.state import SCHEMA_VERSION, ArtichokesOptions, ArtichokesState
from engine.artichokes.undo import final_step
from engine.artichokes.view import view
from engine.contract import Game, GameInfo, Outcome, Reference, ReferenceSection

INFO = GameInfo(
    name="artichokes",
    title="Abandon All Artichokes",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    chance=True,
    scoring="winners",
    options_model=ArtichokesOptions,
    state_model=ArtichokesState,
    schema_version=SCHEMA_VERSION,
    state_budget=4096,
    max_actions=20_000,
)


def outcome(state: ArtichokesState) -> Outcome | None:
    """The winner (§ Winning), the turn-limit draw ([house]), or ``None`` while playing."""
    if state.winner is not None:
        return Outcome((state.winner,), False, "artichoke_free_hand")
    if state.draw:
        return Outcome((), True, "turn_limit")
    return None


def reference(options: ArtichokesOptions) -> Reference:
    """How the game goes, then every card kind of this table (Rhubarb with the promo)."""
    cards = tuple((k, CARD_TEXT[k]) for k in ALL_KINDS if k != RHUBARB or options.rhubarb)
    return Reference(OVERVIEW, (ReferenceSection("The cards", cards),))


GAME: Game[ArtichokesState, ArtichokesOptions] = Game(
    info=INFO,
    setup=new_game,
    decisions=decisions,
    apply=apply_legal,
    advance=carry_out,
    outcome=outcome,
    view=view,
    redistribute=redistribute,
    reference=reference,
    describe=describe_action,
    final_step=final_step,
)
"""Abandon All Artichokes (2-4 players) — ``shared/rules/artichokes.md``."""
