"""Verso behind the game contract (``engine.contract.Game``)."""

from __future__ import annotations

from engine.contract import Game, GameInfo, Outcome, Reference, scored_outcome
from engine.verso.describe import describe_action
from engine.verso.hidden import redistribute
from engine.verso.ladder import ladder_rung
from engine.verso.rules import apply_legal, decisions
from engine.verso.setup import new_game, pile_size
from engine.verso.state import SCHEMA_VERSION, VersoOptions, VersoState
from engine.verso.text import reference as whole_reference
from engine.verso.undo import final_step
from engine.verso.view import view

MIN_PLAYERS = 1
MAX_PLAYERS = 8


def _max_actions() -> int:
    """The most actions one game can take, changes of a committed final answer not counted
    (``GameInfo.max_actions``): a draw takes one card from the Draw Pile (at most all 90
    cards, with 7 or 8 players); a bank discards two tableau cards, which only draws bring
    in, so there are at most half as many banks as draws; then one final answer per seat.
    The largest table gives the bound: 90 + 45 + 8 = 143."""
    return max(
        pile_size(seats) + pile_size(seats) // 2 + seats
        for seats in range(MIN_PLAYERS, MAX_PLAYERS + 1)
    )


MAX_ACTIONS = _max_actions()
"""143: see ``_max_actions``."""

INFO = GameInfo(
    name="verso",
    title="Verso",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    chance=True,
    scoring="scores",
    options_model=VersoOptions,
    state_model=VersoState,
    schema_version=SCHEMA_VERSION,
    state_budget=4096,
    max_actions=MAX_ACTIONS,
)


def solo_reason(score: int) -> str:
    """The outcome reason of a solo game: ``"solo_ladder_<rung>"`` for the ladder rung reached
    (35 ... 60), ``"solo_below_ladder"`` under 35 VP."""
    rung = ladder_rung(score)
    return "solo_below_ladder" if rung is None else f"solo_ladder_{rung}"


def outcome(state: VersoState) -> Outcome | None:
    """Scores and ranks once over (highest VP wins, ties share the rank: [house]); a solo
    game's reason names its ladder rung; ``None`` while playing."""
    if state.phase != "over":
        return None
    reason = solo_reason(state.scores[0]) if state.seats == 1 else "scores"
    return scored_outcome(state.scores, reason)


def reference(options: VersoOptions) -> Reference:
    """How the game goes, the cards, scoring and the solo ladder (the same at every table)."""
    return whole_reference()


GAME: Game[VersoState, VersoOptions] = Game(
    info=INFO,
    setup=new_game,
    decisions=decisions,
    apply=apply_legal,
    outcome=outcome,
    view=view,
    redistribute=redistribute,
    reference=reference,
    describe=describe_action,
    final_step=final_step,
)
"""Verso (1-8 players, 1 = solo against the simulated opponent) — ``shared/rules/verso.md``."""
