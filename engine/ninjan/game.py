"""Ninjan behind the game contract (``engine.contract.Game``)."""

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
    ReferenceSection,
    SearchStyle,
    View,
    scored_outcome,
)
from engine.ninjan.cards import OVERVIEW, REFERENCE_ENTRIES, ROUNDS
from engine.ninjan.describe import describe_action
from engine.ninjan.greedy import greedy_action, rollout_action
from engine.ninjan.hidden import redistribute
from engine.ninjan.rules import apply_legal, decisions, scores
from engine.ninjan.setup import new_game
from engine.ninjan.state import SCHEMA_VERSION, NinjanOptions, NinjanState
from engine.ninjan.view import NinjanView, view
from engine.types import Action, Event

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


class Ninjan(Game[NinjanState, NinjanOptions]):
    """Ninjan (2-5 players) — ``shared/rules/ninjan.md``."""

    info = INFO

    def setup(self, seats: int, options: NinjanOptions, seed: int) -> NinjanState:
        """§ Components and setup (see ``engine.ninjan.setup.new_game``)."""
        return new_game(seats, options, seed)

    def decisions(self, state: NinjanState) -> list[Decision]:
        """See ``engine.ninjan.rules.decisions``."""
        return decisions(state)

    def apply(self, state: NinjanState, action: Action) -> list[Event]:
        """See ``engine.ninjan.rules.apply_legal``."""
        return apply_legal(state, action)

    def outcome(self, state: NinjanState) -> Outcome | None:
        """§ End and score: after round 9 the highest score wins; equal scores share the rank
        and the win ([ruling]: no tie-break). ``None`` while playing."""
        if state.phase != "over":
            return None
        return scored_outcome(scores(state), "scores")

    def view(self, state: NinjanState, viewer: int | None, common: Common) -> NinjanView:
        """§ Information (see ``engine.ninjan.view``)."""
        return view(state, viewer, common)

    def redistribute(self, state: NinjanState, viewer: int | None, rng: random.Random) -> None:
        """See ``engine.ninjan.hidden.redistribute``."""
        redistribute(state, viewer, rng)

    def reference(self, options: NinjanOptions) -> Reference:
        """How the game goes, then the cycle and the tie order."""
        return Reference(OVERVIEW, (ReferenceSection("The cycle", REFERENCE_ENTRIES),))

    def describe(self, state: NinjanState, action: Action) -> str:
        """See ``engine.ninjan.describe``."""
        return describe_action(state, action)

    def greedy_action(self, view: View, rng: random.Random) -> Action:
        """See ``engine.ninjan.greedy``."""
        return greedy_action(view, rng)

    def search_style(self, seats: int) -> SearchStyle:
        """Paired playouts at every table size: the tree takes the simultaneous picks one
        seat after another, so in it every opponent seems to know the search's card. At 3 to
        5 seats (``benchmarks/table_sizes.py``, seed 1, 60 games) one search seat won 70 % at
        3 seats and 60 % at 5 against greedy seats, where the tree won 43 %; at 2 seats
        (``engine arena``, 100 games, beside another search process) 72 % and 77 % at 250 ms
        and 73 % and 73 % at 125 ms (seeds 1 and 101), where the tree won 55 % and 56 %
        (seed 1)."""
        return "paired"

    def search_record(self, seats: int) -> tuple[int, int] | None:
        """One search seat against greedy seats, 100 games each, seed 1, 250 ms a move: 72
        wins at 2 seats (``python -m engine arena ninjan --players 2 --seats search,greedy
        --games 100 --seed 1``, beside another search process), 63 at 3, 51 at 4 and 61 at 5
        (``benchmarks/table_sizes.py --games 100 --seed 1``)."""
        return {2: (72, 100), 3: (63, 100), 4: (51, 100), 5: (61, 100)}.get(seats)

    def rollout_action(
        self, state: NinjanState, pending: Sequence[Decision], seat: int, rng: random.Random
    ) -> Action:
        """For the paired search (:meth:`search_style`), the greedy choices on a sampled state
        (``engine.ninjan.greedy.rollout_action``)."""
        return rollout_action(state, pending, seat, rng)


GAME = Ninjan()
