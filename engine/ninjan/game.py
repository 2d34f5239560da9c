"""Ninjan behind the game contract (``engine.contract.Game``)."""

from __future__ import annotations

from engine.contract import Game, GameInfo, Outcome, Reference, ReferenceSection, scored_outcome
from engine.ninjan.cards import OVERVIEW, REFERENCE_ENTRIES, ROUNDS
from engine.ninjan.describe import describe_action
from engine.ninjan.hidden import redistribute
from engine.ninjan.rules import apply_legal, decisions, scores
from engine.ninjan.setup import new_game
from engine.ninjan.state import SCHEMA_VERSION, NinjanOptions, NinjanState
from engine.ninjan.undo import final_step
from engine.ninjan.view import view

MAX_PLAYERS = 5

INFO = GameInfo(
    name="ninjan",
    title="Ninjan",
    min_players=2,
    max_players=MAX_PLAYERS,
    chance=False,  # the only random event is the shuffle of the setup
    scoring="scores",
    options_model=NinjanOptions,
    state_model=NinjanState,
    schema_version=SCHEMA_VERSION,
    state_budget=4096,
    # per round and seat: a choice and one take or place (changes of mind not counted)
    max_actions=ROUNDS * MAX_PLAYERS * 2,
)


def outcome(state: NinjanState) -> Outcome | None:
    """§ End and score: after round 9 the highest score wins; equal scores share the rank
    and the win ([ruling]: no tie-break). ``None`` while playing."""
    if state.phase != "over":
        return None
    return scored_outcome(scores(state), "scores")


def reference(options: NinjanOptions) -> Reference:
    """How the game goes, then the cycle and the tie order."""
    return Reference(OVERVIEW, (ReferenceSection("The cycle", REFERENCE_ENTRIES),))


GAME: Game[NinjanState, NinjanOptions] = Game(
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
"""Ninjan (2-5 players) — ``shared/rules/ninjan.md``."""
