"""Verso behind the game contract (``engine.contract.Game``)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.contract import (
    Common,
    Decision,
    Game,
    GameInfo,
    Outcome,
    Reference,
    SearchStyle,
    View,
    scored_outcome,
)
from engine.playout import solo_greedy_move
from engine.types import Action, Event
from engine.verso.describe import describe_action
from engine.verso.hidden import redistribute
from engine.verso.ladder import ladder_step
from engine.verso.players import greedy_action, potential
from engine.verso.rules import apply_legal, decisions
from engine.verso.setup import new_game, pile_size
from engine.verso.state import SCHEMA_VERSION, VersoOptions, VersoState
from engine.verso.text import reference
from engine.verso.view import VersoView, view

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
HORIZON = 2
"""At a table, the search's playouts stop at the seat's third decision after the candidate
(``Game.playout_horizon``)."""

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
    solo_score_scale=60,
)


def solo_reason(score: int) -> str:
    """The outcome reason of a solo game: ``"solo_ladder_<step>"`` for the ladder step reached
    (35 ... 60), ``"solo_below_ladder"`` under 35 VP."""
    step = ladder_step(score)
    return "solo_below_ladder" if step is None else f"solo_ladder_{step}"


class Verso(Game[VersoState, VersoOptions]):
    """Verso (1-8 players, 1 = solo against the simulated opponent) — ``shared/rules/verso.md``."""

    info = INFO

    def setup(self, seats: int, options: VersoOptions, seed: int) -> VersoState:
        """§ Setup (see ``engine.verso.setup.new_game``)."""
        return new_game(seats, options, seed)

    def decisions(self, state: VersoState) -> list[Decision]:
        """See ``engine.verso.rules.decisions``."""
        return decisions(state)

    def apply(self, state: VersoState, action: Action) -> list[Event]:
        """See ``engine.verso.rules.apply_legal``."""
        return apply_legal(state, action)

    def outcome(self, state: VersoState) -> Outcome | None:
        """Scores and ranks once over (highest VP wins, ties share the rank: [house]); a solo
        game's reason names its ladder step; ``None`` while playing."""
        if state.phase != "over":
            return None
        reason = solo_reason(state.scores[0]) if state.seats == 1 else "scores"
        return scored_outcome(state.scores, reason)

    def view(self, state: VersoState, viewer: int | None, common: Common) -> VersoView:
        """§ Information (see ``engine.verso.view``)."""
        return view(state, viewer, common)

    def redistribute(self, state: VersoState, viewer: int | None, rng: random.Random) -> None:
        """See ``engine.verso.hidden.redistribute``."""
        redistribute(state, viewer, rng)

    def reference(self, options: VersoOptions) -> Reference:
        """How the game goes, the cards, scoring and the solo ladder."""
        return reference()

    def describe(self, state: VersoState, action: Action) -> str:
        """See ``engine.verso.describe``."""
        return describe_action(state, action)

    def greedy_action(self, view: View, rng: random.Random) -> Action:
        """See ``engine.verso.players.greedy_action``."""
        assert isinstance(view, VersoView)
        return greedy_action(view, rng)

    def search_style(self, seats: int) -> SearchStyle:
        """Paired at every size: at a table its playouts look :data:`HORIZON` of the seat's
        own decisions ahead (:meth:`playout_horizon`). Every level is offered at every size
        (``automatic_levels``' default): one search seat against greedy seats
        (``benchmarks/table_sizes.py``, 250 ms) won more than its fair share at every size
        measured and scored above every greedy seat in all runs but one: 2 seats 46.3
        against 44.3 (60 games, seed 1); 3 seats 43.2 against 42.6 (seed 1) and 45.4 against
        43.0 (seed 101, 100 games each, 41 and 40 wins); 4 seats 46.6 against 44.4 (40
        games, seed 1); 5 seats 43.3 against 43.1 (60 games); 6 seats 44.7 against 45.1 (40
        games, seed 1) and 46.8 against 46.0 (100 games, seed 201, 24 wins, 16.7 fair); 7
        seats 35.0 against 34.6 (40 games, seed 1); 8 seats, 100 games each, measured again
        on ``3e5e2fd`` (115-120 rounds a decision, twice as many as before): 27.6 against
        26.6 (seed 1, 17 wins, 12.5 fair), 28.1 against 26.6 (seed 101, 18 wins) and 28.3
        against 27.1 (seed 201, 22 wins); before, at 60-66 rounds, seed 101 had been 27.2
        against 27.3. A horizon of 1 at 8 seats (seed 1) scored 28.1 against 27.2, no
        better. The tree with random playouts had scored 32.6 against 41.1 at 3 seats and
        23.6 against 26.5 at 8."""
        return "paired"

    def search_record(self, seats: int) -> tuple[int, int] | None:
        """One search seat against greedy seats (``benchmarks/table_sizes.py --seed S``,
        250 ms a move), the runs of :meth:`search_style`: the longest at each size, seed 1
        unless said: 2 seats 34 wins of 60, 3 seats 41 of 100, 4 seats 16 of 40, 5 seats 14
        of 60, 6 seats 24 of 100 (seed 201), 7 seats 8 of 40, 8 seats 57 of 300 (seeds 1,
        101 and 201)."""
        return {
            2: (34, 60),
            3: (41, 100),
            4: (16, 40),
            5: (14, 60),
            6: (24, 100),
            7: (8, 40),
            8: (57, 300),
        }.get(seats)

    def playout_horizon(self, seats: int) -> int | None:
        """:data:`HORIZON` at a table (whole greedy playouts cost 40-70 ms, random ones score
        a tableau nobody would build); a solo game plays out to its end."""
        return HORIZON if seats >= 2 else None

    def playout_value(self, state: VersoState, seat: int) -> float:
        """``seat``'s VP, plus while the game goes on the worth its greedy player gives the
        tableau (``engine.verso.players.potential``: on the seat's last turn or in the final
        series, the best final series only)."""
        score = float(state.scores[seat])
        if state.phase == "over":
            return score
        last = state.phase == "final" or len(state.pile) <= state.seats
        return score + potential(state.tableaux[seat], state.squares[seat], last)

    def rollout_action(
        self, state: VersoState, pending: Sequence[Decision], seat: int, rng: random.Random
    ) -> Action:
        """``engine.playout.solo_greedy_move``: greedy alone, random with more seats."""
        return solo_greedy_move(self, state, pending, seat, rng)


GAME = Verso()
